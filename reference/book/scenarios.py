"""The executable rules documentation: Gherkin ``.feature`` files in ``scenarios/``, read into typed
examples.

One feature file per rules section. Each register ID is a ``Rule:`` whose name is the register's
paraphrase, tagged with the ID itself (``@TIME.STOP``); it holds concrete ``Example:``\\ s (or
``Scenario Outline:``\\ s, one example per row of their ``Examples:`` tables).

Tags (the same under pytest-bdd and any Cucumber):

- ``@RULE.ID``: a register ID the example checks. The Rule's own tag names the rule the example
  documents; an example may add tags for further IDs it also pins.
- ``@q12``: the example pins the project's answer to rules-questions item 12.
- ``@G5``: the example pins the ruling of rules-questions gap G5.

No other tag is allowed. Under pytest the tags become markers (``rule(ID)``, ``question(n)``,
``gap(Gn)``; see :func:`tag_marker`), so ``--strict-markers`` holds and ``-m`` can select them.

The parser is the official Cucumber one (``gherkin-official``); its AST is converted into the
msgspec types below so the rest of the code is typed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Final, Literal

import msgspec

from reference.errors import ContentError

StepKind = Literal["given", "when", "then"]

RULE_TAG: Final = re.compile(r"^[A-Z][A-Z0-9_]*(?:\.[A-Z][A-Z0-9_]*)+$")
"""A register ID used as a tag (without the ``@``)."""
QUESTION_TAG: Final = re.compile(r"^q([1-9][0-9]*)$")
"""A rules-questions item: ``q1`` .. ``q35``."""
GAP_TAG: Final = re.compile(r"^G([1-9][0-9]*)$")
"""A rules-questions gap: ``G1`` .. ``G18``."""

SCENARIOS_DIR: Final = Path(__file__).resolve().parents[2] / "scenarios"
"""Where the feature files live in a source checkout (the repository's ``scenarios/``)."""


# ---- the gherkin-official AST (only what we read) ------------------------------------------------


class _Location(msgspec.Struct, frozen=True):
    line: int


class _Tag(msgspec.Struct, frozen=True):
    name: str
    location: _Location


class _Cell(msgspec.Struct, frozen=True):
    value: str


class _Row(msgspec.Struct, frozen=True):
    cells: tuple[_Cell, ...]
    location: _Location


class _DataTable(msgspec.Struct, frozen=True):
    rows: tuple[_Row, ...]


class _DocString(msgspec.Struct, frozen=True):
    content: str


class _Step(msgspec.Struct, frozen=True, rename="camel"):
    keyword: str
    keyword_type: str
    text: str
    location: _Location
    data_table: _DataTable | None = None
    doc_string: _DocString | None = None


class _Examples(msgspec.Struct, frozen=True, rename="camel"):
    name: str
    tags: tuple[_Tag, ...]
    location: _Location
    table_header: _Row | None = None
    table_body: tuple[_Row, ...] = ()


class _Scenario(msgspec.Struct, frozen=True):
    keyword: str
    name: str
    tags: tuple[_Tag, ...]
    steps: tuple[_Step, ...]
    location: _Location
    description: str = ""
    examples: tuple[_Examples, ...] = ()


class _Background(msgspec.Struct, frozen=True):
    location: _Location


class _RuleChild(msgspec.Struct, frozen=True):
    scenario: _Scenario | None = None
    background: _Background | None = None


class _Rule(msgspec.Struct, frozen=True):
    name: str
    tags: tuple[_Tag, ...]
    children: tuple[_RuleChild, ...]
    location: _Location
    description: str = ""


class _FeatureChild(msgspec.Struct, frozen=True):
    rule: _Rule | None = None
    scenario: _Scenario | None = None
    background: _Background | None = None


class _Feature(msgspec.Struct, frozen=True):
    name: str
    tags: tuple[_Tag, ...]
    children: tuple[_FeatureChild, ...]
    location: _Location
    description: str = ""


class _Comment(msgspec.Struct, frozen=True):
    location: _Location
    text: str


class _Document(msgspec.Struct, frozen=True):
    feature: _Feature | None = None
    comments: tuple[_Comment, ...] = ()


# ---- the typed result ------------------------------------------------------------------------------


class StepText(msgspec.Struct, frozen=True):
    """One step: its kind (``And``/``But`` resolved to the step before), its text (outline
    placeholders substituted), its data table (rows of cells) and its line in the file."""

    kind: StepKind
    keyword: str
    text: str
    line: int
    table: tuple[tuple[str, ...], ...] = ()
    doc: str | None = None
    note: str = ""
    """The comment lines written right above the step (``#`` removed, joined by a space): in the
    scenarios, the derivation of the numbers the step states (see :mod:`reference.book.derivations`)."""


class Example(msgspec.Struct, frozen=True, kw_only=True):
    """One runnable example: a plain ``Example:`` or one row of a ``Scenario Outline``.

    ``key`` is the example's stable vector ID: ``RULE.ID/slug-of-the-example-name`` and, for an
    outline row, ``/slug-of-the-row's-first-cell``."""

    file: str
    feature: str
    rule: str
    name: str
    key: str
    line: int
    tags: tuple[str, ...]
    rules: tuple[str, ...]
    questions: tuple[int, ...]
    gaps: tuple[str, ...]
    steps: tuple[StepText, ...]
    outline: str | None = None
    row: tuple[tuple[str, str], ...] = ()
    template: tuple[StepText, ...] = ()
    """For an outline row: the outline's steps with their ``<placeholders>``."""


class RuleBlock(msgspec.Struct, frozen=True, kw_only=True):
    """A ``Rule:``: its register ID, its name (the paraphrase), its description and its examples."""

    id: str
    name: str
    description: str
    line: int
    examples: tuple[Example, ...]


class FeatureFile(msgspec.Struct, frozen=True, kw_only=True):
    """A feature file: one rules section."""

    file: str
    name: str
    description: str
    rules: tuple[RuleBlock, ...]


def slug(text: str) -> str:
    """Lower-case words joined by ``-`` (the stable part of a vector ID)."""
    words = re.findall(r"[a-z0-9]+", text.lower().replace("'", ""))
    return "-".join(words) or "x"


def split_tags(
    tags: tuple[str, ...],
) -> tuple[tuple[str, ...], tuple[int, ...], tuple[str, ...], tuple[str, ...]]:
    """(rule IDs, question numbers, gaps, unknown tags) of a list of tags written without ``@``."""
    rules: list[str] = []
    questions: list[int] = []
    gaps: list[str] = []
    unknown: list[str] = []
    for tag in tags:
        if RULE_TAG.match(tag):
            rules.append(tag)
        elif m := QUESTION_TAG.match(tag):
            questions.append(int(m.group(1)))
        elif GAP_TAG.match(tag):
            gaps.append(tag)
        else:
            unknown.append(tag)
    return (
        tuple(dict.fromkeys(rules)),
        tuple(sorted(set(questions))),
        tuple(dict.fromkeys(gaps)),
        tuple(unknown),
    )


def tag_marker(tag: str) -> tuple[str, str | int] | None:
    """The pytest marker a scenario tag becomes: ``("rule", ID)``, ``("question", n)`` or
    ``("gap", "Gn")``; None for a tag of no known form."""
    if RULE_TAG.match(tag):
        return "rule", tag
    if m := QUESTION_TAG.match(tag):
        return "question", int(m.group(1))
    if GAP_TAG.match(tag):
        return "gap", tag
    return None


def _names(tags: tuple[_Tag, ...]) -> tuple[str, ...]:
    return tuple(t.name.removeprefix("@") for t in tags)


def _note(notes: dict[int, str], line: int) -> str:
    """The comment lines right above ``line``, in order, joined by a space."""
    above: list[str] = []
    while line - 1 - len(above) in notes:
        above.append(notes[line - 1 - len(above)])
    return " ".join(reversed(above))


def _steps(
    scenario: _Scenario, where: str, values: dict[str, str], notes: dict[int, str]
) -> tuple[StepText, ...]:
    def sub(text: str) -> str:
        for name, value in values.items():
            text = text.replace(f"<{name}>", value)
        return text

    out: list[StepText] = []
    kind: StepKind | None = None
    for step in scenario.steps:
        match step.keyword_type:
            case "Context":
                kind = "given"
            case "Action":
                kind = "when"
            case "Outcome":
                kind = "then"
            case _:
                if kind is None:
                    raise ContentError(
                        f"{where}:{step.location.line}: a scenario cannot start with {step.keyword!r}"
                    )
        table: tuple[tuple[str, ...], ...] = ()
        if step.data_table is not None:
            table = tuple(tuple(sub(c.value) for c in row.cells) for row in step.data_table.rows)
        doc = sub(step.doc_string.content) if step.doc_string is not None else None
        line = step.location.line
        out.append(
            StepText(kind, step.keyword.strip(), sub(step.text), line, table, doc, sub(_note(notes, line)))
        )
    return tuple(out)


def _examples(
    feature: str,
    file: str,
    rule_id: str,
    rule_tags: tuple[str, ...],
    scenario: _Scenario,
    notes: dict[int, str],
) -> Iterator[Example]:
    where = file
    own = _names(scenario.tags)
    if not scenario.examples:
        if "<" in scenario.name and ">" in scenario.name:
            raise ContentError(f"{where}:{scenario.location.line}: placeholders outside a Scenario Outline")
        yield _example(
            feature,
            file,
            rule_id,
            rule_tags + own,
            scenario.name,
            scenario,
            {},
            None,
            scenario.location.line,
            notes,
        )
        return
    for block in scenario.examples:
        if block.table_header is None:
            raise ContentError(f"{where}:{block.location.line}: an Examples block needs a table")
        header = tuple(c.value for c in block.table_header.cells)
        seen: set[str] = set()
        for row in block.table_body:
            values = dict(zip(header, (c.value for c in row.cells), strict=True))
            first = row.cells[0].value
            if slug(first) in seen:
                raise ContentError(
                    f"{where}:{row.location.line}: the first column of an Examples table names its rows; "
                    f"{first!r} is used twice"
                )
            seen.add(slug(first))
            name = scenario.name
            for k, v in values.items():
                name = name.replace(f"<{k}>", v)
            yield _example(
                feature,
                file,
                rule_id,
                rule_tags + own + _names(block.tags),
                name,
                scenario,
                values,
                slug(first),
                row.location.line,
                notes,
            )


def _example(
    feature: str,
    file: str,
    rule_id: str,
    tags: tuple[str, ...],
    name: str,
    scenario: _Scenario,
    values: dict[str, str],
    row_key: str | None,
    line: int,
    notes: dict[int, str],
) -> Example:
    tags = tuple(dict.fromkeys(tags))
    rules, questions, gaps, unknown = split_tags(tags)
    if unknown:
        raise ContentError(f"{file}:{line}: unknown tag(s) {', '.join('@' + t for t in unknown)}")
    rules = (rule_id, *(r for r in rules if r != rule_id))
    key = f"{rule_id}/{slug(re.sub(r'<[^>]*>', ' ', scenario.name))}"
    if row_key is not None:
        key += f"/{row_key}"
    return Example(
        file=file,
        feature=feature,
        rule=rule_id,
        name=name,
        key=key,
        line=line,
        tags=tags,
        rules=rules,
        questions=questions,
        gaps=gaps,
        steps=_steps(scenario, f"{file}", values, notes),
        outline=scenario.name if row_key is not None else None,
        row=tuple(values.items()),
        template=_steps(scenario, file, {}, notes) if row_key is not None else (),
    )


def parse_feature(text: str, file: str) -> FeatureFile:
    """Parse one feature file; raises ContentError naming the file and line when it is malformed or
    breaks the conventions (every example inside a Rule tagged with exactly one register-ID form tag,
    no Background, no unknown tag, unique example names in a Rule)."""
    from gherkin.errors import CompositeParserException
    from gherkin.parser import Parser

    try:
        raw = Parser().parse(text)
    except CompositeParserException as exc:
        raise ContentError(f"{file}: not valid Gherkin: {exc}") from exc
    document = msgspec.convert(raw, _Document)
    feature = document.feature
    if feature is None:
        raise ContentError(f"{file}: no Feature")
    if feature.tags:
        raise ContentError(f"{file}: tag the Rules and Examples, not the Feature")
    notes = {c.location.line: c.text.strip().removeprefix("#").strip() for c in document.comments}
    rules: list[RuleBlock] = []
    for child in feature.children:
        if child.background is not None:
            raise ContentError(
                f"{file}:{child.background.location.line}: no Background: examples state their setup"
            )
        if child.scenario is not None:
            raise ContentError(f"{file}:{child.scenario.location.line}: every example belongs to a Rule")
        rule = child.rule
        assert rule is not None
        tags = _names(rule.tags)
        ids = [t for t in tags if RULE_TAG.match(t)]
        if len(ids) != 1 or len(tags) != 1:
            raise ContentError(f"{file}:{rule.location.line}: a Rule is tagged with exactly its register ID")
        examples: list[Example] = []
        for rc in rule.children:
            if rc.background is not None:
                raise ContentError(
                    f"{file}:{rc.background.location.line}: no Background: examples state their setup"
                )
            assert rc.scenario is not None
            examples.extend(_examples(feature.name, file, ids[0], (), rc.scenario, notes))
        keys = [e.key for e in examples]
        dupes = sorted({k for k in keys if keys.count(k) > 1})
        if dupes:
            raise ContentError(f"{file}:{rule.location.line}: example names repeat in the Rule: {dupes}")
        rules.append(
            RuleBlock(
                id=ids[0],
                name=rule.name,
                description=_dedent(rule.description),
                line=rule.location.line,
                examples=tuple(examples),
            )
        )
    return FeatureFile(
        file=file, name=feature.name, description=_dedent(feature.description), rules=tuple(rules)
    )


def _dedent(text: str) -> str:
    return "\n".join(line.strip() for line in text.strip().splitlines())


def feature_files(directory: Path | None = None) -> tuple[Path, ...]:
    """The ``.feature`` files of a scenarios directory, sorted by name."""
    root = SCENARIOS_DIR if directory is None else directory
    return tuple(sorted(root.glob("*.feature")))


def load_features(directory: Path | None = None) -> tuple[FeatureFile, ...]:
    """Every feature file of the directory (default: the repository's ``scenarios/``), parsed."""
    root = SCENARIOS_DIR if directory is None else directory
    return _load(root.resolve())


@cache
def _load(root: Path) -> tuple[FeatureFile, ...]:
    out: list[FeatureFile] = []
    for path in feature_files(root):
        out.append(parse_feature(path.read_text(encoding="utf-8"), path.name))
    return tuple(out)


def all_examples(directory: Path | None = None) -> tuple[Example, ...]:
    """Every example of every feature file, in file order; raises ContentError if two share a key."""
    examples = tuple(e for f in load_features(directory) for r in f.rules for e in r.examples)
    keys = [e.key for e in examples]
    dupes = sorted({k for k in keys if keys.count(k) > 1})
    if dupes:
        raise ContentError(f"scenarios: example keys repeat across files: {dupes}")
    return examples


__all__ = [
    "SCENARIOS_DIR",
    "Example",
    "FeatureFile",
    "RuleBlock",
    "StepKind",
    "StepText",
    "all_examples",
    "feature_files",
    "load_features",
    "parse_feature",
    "slug",
    "split_tags",
    "tag_marker",
]
