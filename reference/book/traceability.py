"""Traceability: for every register ID, the code that implements it, the examples that show it and
the properties that check it.

- **Code**: the functions and classes of ``reference/`` (``module:qualname``, or the module itself
  for its docstring) whose docstrings, comments or string literals cite the ID, directly or by a
  family wildcard such as ``SCORE.*``. The documentation tooling itself (the whole
  :mod:`reference.book` package, the command line, the narration and the events) is not counted as
  implementing anything (see NOT_IMPLEMENTATION).
- **Examples**: the examples of ``scenarios/*.feature`` tagged with the ID (see
  :mod:`reference.book.scenarios`).
- **Properties**: the functions of ``properties/`` citing the ID the same way as code.

``wcref rules`` prints these next to each entry; the traceability test fails when an ID has no code
or no example, or when an example or a property names an ID the register lacks.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections import defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

from reference.book.scenarios import SCENARIOS_DIR, Example, all_examples, feature_files, parse_feature
from reference.rulebook import RuleEntry, load_register, rule_ids

ROOT: Final = Path(__file__).resolve().parents[1]
"""The ``reference`` package."""
PROPERTIES: Final = ROOT.parent / "properties"
NOT_IMPLEMENTATION: Final = frozenset({"book/", "cli.py", "narrate.py", "model/events.py", "view/"})
"""Modules of ``reference/`` (paths below it; a path ending in ``/`` is a whole folder) that
document, report or drive the rules rather than implement them: the rules book (this package), the
command line, the narration, the events (an event names the rules a step applied, the code that
applies them cites them) and the view (it draws what the rules did: reference/view)."""

CITATION: Final = re.compile(r"\b((?:[A-Z][A-Z0-9_]*\.)+[A-Z][A-Z0-9_]*|[A-Z][A-Z0-9_]*(?=\.\*))(\.\*)?")
"""An ID (``TIME.STOP``) or a family wildcard (``SCORE.*``, ``SOLO.ICON.*``)."""


@dataclass(frozen=True)
class Citation:
    """An ID (or a family ``X.*`` when ``wildcard``) cited at ``where`` (``module:qualname``)."""

    name: str
    wildcard: bool
    where: str


def _scopes(tree: ast.Module) -> list[tuple[int, int, str]]:
    """(first line, last line, qualified name) of every function and class, outermost first."""
    out: list[tuple[int, int, str]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                start = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                out.append((start, child.end_lineno or child.lineno, name))
                visit(child, name + ".")

    visit(tree, "")
    return out


def file_citations(path: Path, module: str, text: str | None = None) -> list[Citation]:
    """The IDs cited by a Python file's docstrings, comments and string literals, each attributed to
    the innermost function or class around it (else the module); ``text``: the file's text, when
    already read."""
    if text is None:
        text = path.read_text(encoding="utf-8")
    scopes = _scopes(ast.parse(text))
    families = {i.split(".")[0] for i in rule_ids()}
    out: list[Citation] = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type not in (tokenize.STRING, tokenize.COMMENT):
            continue
        line = token.start[0]
        inner = [name for first, last, name in scopes if first <= line <= last]
        where = f"{module}:{inner[-1]}" if inner else module
        for name, star in CITATION.findall(token.string):
            if name.split(".")[0] in families:
                out.append(Citation(name, bool(star), where))
    return out


def implements(module_path: str) -> bool:
    """Whether a module of ``reference/`` (its path below it, ``/``-separated) counts as
    implementing the rules it cites (see NOT_IMPLEMENTATION)."""
    return not any(
        module_path.startswith(entry) if entry.endswith("/") else module_path == entry
        for entry in NOT_IMPLEMENTATION
    )


def _module_name(path: Path, package_root: Path) -> str:
    parts = path.relative_to(package_root.parent).with_suffix("").parts
    return ".".join(p for p in parts if p != "__init__") or parts[0]


@cache
def _files(kind: str) -> tuple[tuple[Path, str], ...]:
    """(path, module) of the Python files whose citations count as ``kind`` (``code``: the modules of
    ``reference/`` that implement, see :func:`implements`; ``properties``), in path order."""
    root = ROOT if kind == "code" else PROPERTIES
    if not root.is_dir():
        return ()
    return tuple(
        (path, _module_name(path, root))
        for path in sorted(root.rglob("*.py"))
        if kind != "code" or implements(path.relative_to(ROOT).as_posix())
    )


@cache
def _citations(kind: str) -> tuple[Citation, ...]:
    return tuple(c for path, module in _files(kind) for c in file_citations(path, module))


def _mentions(text: str, rule_id: str) -> bool:
    """Whether ``text`` holds ``rule_id`` or a family wildcard above it (``SOLO.*``, ``SOLO.ICON.*``
    for ``SOLO.ICON.CLIMB``): a file that does not cannot cite the ID."""
    if rule_id in text:
        return True
    parts = rule_id.split(".")
    return any(".".join(parts[:k]) + ".*" in text for k in range(1, len(parts)))


def _citations_of(kind: str, ids: Collection[str]) -> tuple[Citation, ...]:
    """The citations of the ``kind`` files that mention one of ``ids`` (:func:`_mentions`), in the
    order of :func:`_citations` (the other files cite none of them)."""
    out: list[Citation] = []
    for path, module in _files(kind):
        text = path.read_text(encoding="utf-8")
        if any(_mentions(text, i) for i in ids):
            out.extend(file_citations(path, module, text))
    return tuple(out)


def _index(citations: tuple[Citation, ...]) -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = defaultdict(list)
    ids = sorted(rule_ids())
    for c in citations:
        targets = [i for i in ids if i.startswith(c.name + ".")] if c.wildcard else [c.name]
        for target in targets:
            if c.where not in found[target]:
                found[target].append(c.where)
    return {k: tuple(v) for k, v in found.items()}


def code_rank(where: str) -> int:
    """How directly a place of ``reference/`` implements what it cites, 0 first: a function or class
    of the rules (``reference.rules``, ``reference.engine``); one elsewhere (the model, the content,
    chance, the wire format); a rules module's own docstring; another module's docstring; the
    conformance harness last (it judges the rules, it does not apply them)."""
    module, _, qualname = where.partition(":")
    if module.startswith("reference.conformance"):
        return 4
    direct = module.startswith(("reference.rules", "reference.engine"))
    if qualname:
        return 0 if direct else 1
    return 2 if direct else 3


def _ranked(found: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    return {k: tuple(sorted(v, key=code_rank)) for k, v in found.items()}


@cache
def code_index() -> dict[str, tuple[str, ...]]:
    """ID -> the ``module:qualname`` places of ``reference/`` that cite it, the implementing ones
    first (:func:`code_rank`; in file and line order within a rank)."""
    return _ranked(_index(_citations("code")))


@cache
def property_index() -> dict[str, tuple[str, ...]]:
    """ID -> the ``module:qualname`` places of ``properties/`` that cite it."""
    return _index(_citations("properties"))


def example_index(scenarios: Path | None = None) -> dict[str, tuple[str, ...]]:
    """ID -> the keys of the examples tagged with it."""
    return _example_keys(all_examples(scenarios))


def _example_keys(examples: Iterable[Example]) -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = defaultdict(list)
    for example in examples:
        for rid in example.rules:
            found[rid].append(example.key)
    return {k: tuple(v) for k, v in found.items()}


def unknown_in_properties() -> list[tuple[str, str]]:
    """(ID, place) of property citations naming no register ID (a wildcard: no ID of that family)."""
    known = rule_ids()
    out: list[tuple[str, str]] = []
    for c in _citations("properties"):
        if c.wildcard:
            if not any(i.startswith(c.name + ".") for i in known):
                out.append((c.name + ".*", c.where))
        elif c.name not in known:
            out.append((c.name, c.where))
    return out


def unknown_in_scenarios(scenarios: Path | None = None) -> list[tuple[str, str]]:
    """(ID, example key) of example tags naming no register ID."""
    known = rule_ids()
    return [(rid, e.key) for e in all_examples(scenarios) for rid in e.rules if rid not in known]


@dataclass(frozen=True)
class Trace:
    """One register entry with its code, examples and properties."""

    entry: RuleEntry
    code: tuple[str, ...]
    examples: tuple[str, ...]
    properties: tuple[str, ...]


def traces(scenarios: Path | None = None) -> tuple[Trace, ...]:
    """Every register entry, in register order, with its traceability. Examples are read only when
    the scenarios directory exists (a source checkout)."""
    root = SCENARIOS_DIR if scenarios is None else scenarios
    examples = example_index(root) if root.is_dir() else {}
    return _traced(load_register(), code_index(), examples, property_index())


def _traced(
    entries: Iterable[RuleEntry],
    code: dict[str, tuple[str, ...]],
    examples: dict[str, tuple[str, ...]],
    props: dict[str, tuple[str, ...]],
) -> tuple[Trace, ...]:
    return tuple(Trace(e, code.get(e.id, ()), examples.get(e.id, ()), props.get(e.id, ())) for e in entries)


def traces_of(ids: Collection[str], scenarios: Path | None = None) -> dict[str, Trace]:
    """The traces of the register IDs named (any other is left out), as :func:`traces` gives them,
    read from the source and feature files that mention one of them only: ``wcref rules ID`` reads
    a few files instead of tokenizing every one."""
    wanted = [e for e in load_register() if e.id in ids]
    names = [e.id for e in wanted]
    code = _ranked(_index(_citations_of("code", names)))
    props = _index(_citations_of("properties", names))
    root = SCENARIOS_DIR if scenarios is None else scenarios
    tagged: list[Example] = []
    if root.is_dir():
        for path in feature_files(root):
            text = path.read_text(encoding="utf-8")
            if any(i in text for i in names):  # an example names its rules in its tags
                tagged += (e for r in parse_feature(text, path.name).rules for e in r.examples)
    return {t.entry.id: t for t in _traced(wanted, code, _example_keys(tagged), props)}


def describe(trace: Trace, *, full: bool = False) -> list[str]:
    """Readable lines for ``wcref rules``: code, examples and properties (``none`` when empty); the
    first few of each, or all of them when ``full``."""

    def listing(items: tuple[str, ...], limit: int) -> str:
        if not items:
            return "none"
        if full:
            return ", ".join(items)
        shown = ", ".join(items[:limit])
        return shown + (
            f" (+{len(items) - limit} more; name the ID to see all)" if len(items) > limit else ""
        )

    return [
        f"code: {listing(trace.code, 4)}",
        f"examples ({len(trace.examples)}): {listing(tuple(k.split('/', 1)[1] for k in trace.examples), 3)}",
        f"properties: {listing(trace.properties, 3)}",
    ]


__all__ = [
    "NOT_IMPLEMENTATION",
    "Citation",
    "Trace",
    "code_index",
    "code_rank",
    "describe",
    "example_index",
    "file_citations",
    "implements",
    "property_index",
    "trace_lines",
    "traces",
    "traces_by_id",
    "traces_of",
    "unknown_in_properties",
    "unknown_in_scenarios",
]


@cache
def traces_by_id() -> dict[str, Trace]:
    """Every register entry's trace (:func:`traces`) by ID, computed once."""
    return {t.entry.id: t for t in traces()}


def trace_lines(rule_id: str, *, full: bool = False) -> list[str]:
    """The :func:`describe` lines of one register ID (computed once for the whole register)."""
    trace = traces_by_id().get(rule_id)
    return describe(trace, full=full) if trace is not None else []
