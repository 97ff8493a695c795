"""Portable test vectors: every example of ``scenarios/`` as a language-neutral JSON case.

One vector per file (like the JSON-Schema-Test-Suite cases), in the format agreed with the
conformance harness::

    {"format": "wcref-vector", "version": 2,
     "id": "TIME.STOP/stops-before-an-unpaid-checkpoint",
     "title": "...", "rules": ["TIME.STOP", ...], "questions": [10],
     "areas": ["base", "load_position"],
     "setup": <Setup JSON>, "start": null | <Position JSON>,
     "composed": ["SETUP.DICE_PER_COLOUR", ...],
     "steps": [{"action": <Action JSON>,
                "expect": {"/clans/0/time": 5, ...},   # JSON Pointers into the Observation JSON
                "refused": null | "RULE.ID"}]}

To run one: start a game from ``setup`` (or load the public position ``start``, which needs the
``load_position`` area; ``composed`` names the conservation rules that position breaks as a study,
see :mod:`reference.position`), then for each step apply the action; every pointer of ``expect``
must hold its value in the observation (:class:`reference.wire.Observation`); if ``refused`` names a
rule the implementation must refuse the action, leaving the observation unchanged, and should cite
that rule (``wcref verify`` warns about another rule, and compares a refusal citing no rule as a
refusal only); otherwise it must accept it.

IDs are ``RULE.ID/slug-of-the-example-name`` (plus ``/slug-of-the-first-cell`` for a row of a
Scenario Outline). ``registry.json`` records every ID ever exported; an ID whose example is gone is
kept there as retired and can never be given to another example.

The schema of the file format is ``vector.schema.json`` (generated from :class:`Vector`).

This module is the one home of the format: the type (:class:`Vector`, what the exporter writes and
``wcref verify`` reads), exporting every example (``wcref vectors``), reading a file
(:func:`read_vector`), loading a directory (:func:`load_vectors`), selecting by ID globs
(:func:`selected`), the ID registry and the schema. Running a vector against an implementation is
conformance's (:func:`reference.conformance.vectors.run_vector`, the one runner); ``wcref verify``
runs it on the implementation under test shadowed by the reference
(:class:`reference.conformance.harness.Lockstep`), so that a divergence is also caught where the
vector does not look.
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Final, Literal

import click
import msgspec

from reference import inputs
from reference.book.scenarios import SCENARIOS_DIR, Example, all_examples
from reference.book.steps import Draft, StepError, run_example
from reference.errors import ContentError
from reference.model import Action, RivalKind, Setup
from reference.paths import directory_problem
from reference.position import Position

FORMAT: Final = "wcref-vector"
VERSION: Final = 2
"""Version 2: ``start`` is a public position (reference.position.Position; version 1 carried the
reference's internal State) and ``composed`` names the conservation rules a study position breaks."""
VECTORS_DIR: Final = Path(__file__).resolve().parents[1] / "vectors"
"""The checked-in vectors (``reference/vectors/``): package data, so an installed wcref (a wheel, not
only an editable checkout) has them next to its code."""
SCHEMA_FILE: Final = "vector.schema.json"
REGISTRY_FILE: Final = "registry.json"
README_FILE: Final = "README.md"

Area = Literal["base", "solo.tokugawa", "solo.gingkogawa", "load_position"]
VectorId = Annotated[
    str,
    msgspec.Meta(
        pattern=r"^[A-Z][A-Z0-9_]*(\.[A-Z][A-Z0-9_]*)+/[a-z0-9-]+(/[a-z0-9-]+)?$",
        description="RULE.ID/example-name[/first-cell-of-an-outline-row]; never reused",
    ),
]
Pointer = Annotated[
    str, msgspec.Meta(pattern=r"^(/([^~]|~[01])*)*$", description="a JSON Pointer (RFC 6901)")
]


class VectorStep(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One step: apply ``action``; each pointer of ``expect`` must hold its value in the observation;
    ``refused`` None: it must be accepted, else it must be refused with the observation unchanged,
    citing that rule ID (another rule ID is a warning; a refusal citing none is only compared as a
    refusal)."""

    action: Action
    expect: dict[Pointer, Any]
    refused: str | None


class Vector(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A test vector (see the module docstring)."""

    format: Literal["wcref-vector"]
    version: Literal[2]
    id: VectorId
    title: str
    rules: tuple[str, ...]
    questions: tuple[int, ...]
    areas: tuple[Area, ...]
    setup: Setup
    start: Position | None
    steps: tuple[VectorStep, ...]
    composed: tuple[str, ...] = ()


def areas_of(setup: Setup, start: Position | None) -> tuple[Area, ...]:
    """The areas an implementation needs to run a vector: the game it plays and, when it starts
    from a position, ``load_position``."""
    area: Area = "base"
    if setup.solo is not None:
        area = "solo.gingkogawa" if setup.solo.rival is RivalKind.GINGKOGAWA else "solo.tokugawa"
    return (area, "load_position") if start is not None else (area,)


def make_vector(
    draft: Draft, *, id: str, title: str, rules: tuple[str, ...], questions: tuple[int, ...] = ()
) -> Vector:
    """A vector from a recorded draft."""
    return Vector(
        format=FORMAT,
        version=VERSION,
        id=id,
        title=title,
        rules=rules,
        questions=questions,
        areas=areas_of(draft.setup, draft.start),
        setup=draft.setup,
        start=draft.start,
        composed=draft.composed,
        steps=tuple(
            VectorStep(action=s.action, expect=dict(s.expect), refused=s.refused) for s in draft.steps
        ),
    )


@dataclass(frozen=True)
class Compiled:
    """An example, its vector and what went wrong when the reference ran it (empty: it passed)."""

    example: Example
    vector: Vector
    failures: tuple[str, ...]


def compile_example(example: Example) -> Compiled:
    """Run an example on the reference (recording, not raising, failed expectations) and make its
    vector. Raises ContentError naming the file and line for a malformed example."""
    try:
        draft, failures = run_example(example.steps, strict=False)
    except StepError as exc:
        raise ContentError(f"{example.file}:{example.line} ({example.key}): {exc}") from exc
    vector = make_vector(
        draft,
        id=example.key,
        title=f"{example.rule}: {example.name}",
        rules=example.rules,
        questions=example.questions,
    )
    return Compiled(example, vector, tuple(failures))


def compile_all(scenarios: Path | None = None) -> tuple[Compiled, ...]:
    """Every example of the scenarios directory, compiled."""
    return tuple(compile_example(e) for e in all_examples(scenarios))


# ---- files ----------------------------------------------------------------------------------------


def file_name(vector_id: str) -> str:
    """The file of a vector: its ID with ``/`` written ``--``."""
    return vector_id.replace("/", "--") + ".json"


def dumps(value: object) -> str:
    """Stable pretty JSON text (one space indent, keys in definition order, final newline)."""
    return json.dumps(json.loads(msgspec.json.encode(value)), indent=1, ensure_ascii=False) + "\n"


class VectorProblem(msgspec.Struct, frozen=True):
    """A vector file that cannot be used: its path and what is wrong."""

    path: str
    reason: str


def read_vector(path: Path) -> Vector:
    """Read one vector file; raises ContentError saying what is wrong (the file, the JSON path)."""
    try:
        raw = inputs.read_file(path)
        vector = inputs.decode_json(raw, Vector, unique_keys=True)
    except OSError as exc:
        raise ContentError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    except msgspec.ValidationError as exc:
        raise ContentError(f"{path}: {inputs.explain(exc, raw)}") from exc
    except inputs.InputLimit as exc:
        raise ContentError(f"{path}: not a vector: {exc}") from exc
    except msgspec.DecodeError as exc:
        raise ContentError(f"{path}: not valid JSON: {inputs.explain(exc, raw)}") from exc
    if vector.start is not None and "load_position" not in vector.areas:
        raise ContentError(f"{path}: a vector with a start position needs the load_position area")
    return vector


def is_vector_file(path: Path) -> bool:
    """Whether a JSON file declares the vector format (others, such as ``registry.json`` and
    ``vector.schema.json``, are not vectors); unreadable files count as vectors, so that their
    problem is reported."""
    try:
        head = inputs.load_json(inputs.read_file(path))
    except (OSError, msgspec.DecodeError):  # InputLimit too: reported by read_vector
        return True
    return not isinstance(head, dict) or head.get("format") == FORMAT or "steps" in head


def load_vectors(directory: Path | None = None) -> tuple[tuple[Vector, ...], tuple[VectorProblem, ...]]:
    """Every vector file under ``directory`` (default: the shipped ``reference/vectors/``; recursively),
    sorted by ID, and the files that cannot be used (not a valid vector, or an ID already taken).
    JSON files that are not vectors (see :func:`is_vector_file`) are ignored; a missing directory
    holds no vectors."""
    root = VECTORS_DIR if directory is None else directory
    if not root.is_dir():
        return (), ()
    vectors: dict[str, Vector] = {}
    problems: list[VectorProblem] = []
    seen: dict[str, Path] = {}
    for path in sorted(root.rglob("*.json")):
        if not is_vector_file(path):
            continue
        try:
            vector = read_vector(path)
        except ContentError as exc:
            problems.append(VectorProblem(str(path), str(exc)))
            continue
        if vector.id in seen:
            problems.append(
                VectorProblem(str(path), f"{path}: id {vector.id!r} already used by {seen[vector.id]}")
            )
            continue
        seen[vector.id] = path
        vectors[vector.id] = vector
    return tuple(vectors[i] for i in sorted(vectors)), tuple(problems)


def selected(vector_id: str, run: Sequence[str], skip: Sequence[str]) -> bool:
    """Whether an ID matches a ``--run`` glob (any when none is given) and no ``--skip`` glob."""
    if run and not any(fnmatch.fnmatchcase(vector_id, g) for g in run):
        return False
    return not any(fnmatch.fnmatchcase(vector_id, g) for g in skip)


def schema() -> dict[str, Any]:
    """The JSON Schema (2020-12) of a vector file."""
    generated = msgspec.json.schema(Vector)
    assert isinstance(generated, dict)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://wcref.invalid/vector.schema.json",
        "title": "wcref test vector",
        "description": (
            "One example of the White Castle rules documentation as a language-neutral test case: "
            "a setup or a start state, then actions with the expected observation (JSON Pointers "
            "into the wire Observation) or the expected refusal (a rule ID)."
        ),
        **generated,
    }


class RegistryEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An ID ever exported: the title it was given and whether its example still exists."""

    title: str
    status: Literal["active", "retired"]


class Registry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Every vector ID ever exported (``registry.json``)."""

    format: Literal["wcref-vector-registry"] = "wcref-vector-registry"
    ids: dict[str, RegistryEntry] = {}


def read_registry(path: Path) -> Registry:
    """A registry file (an empty registry when the file does not exist)."""
    if not path.exists():
        return Registry()
    try:
        return inputs.decode_json(inputs.read_file(path), Registry, unique_keys=True)
    except OSError as exc:
        raise ContentError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    except msgspec.DecodeError as exc:  # ValidationError and InputLimit too
        raise ContentError(f"{path}: {exc}") from exc


def updated_registry(registry: Registry, vectors: tuple[Vector, ...]) -> Registry:
    """The registry after an export of ``vectors``: new IDs added, IDs no longer exported retired.
    Raises ContentError when an exported ID was retired (an ID is never given to another example)."""
    ids = dict(registry.ids)
    produced = {v.id: v for v in vectors}
    reused = sorted(i for i in produced if i in ids and ids[i].status == "retired")
    if reused:
        raise ContentError(
            f"vector ID(s) {reused} belonged to examples that were removed or renamed; an ID is never "
            "reused: give the example a different name"
        )
    for vid, vector in produced.items():
        ids[vid] = RegistryEntry(vector.title, "active")
    for vid, entry in list(ids.items()):
        if vid not in produced and entry.status == "active":
            ids[vid] = RegistryEntry(entry.title, "retired")
    return Registry(ids=dict(sorted(ids.items())))


README: Final = """# wcref test vectors

Generated by `wcref generate` (or `wcref vectors reference/vectors/`) from the examples in
`scenarios/` (do not edit by hand; a test checks this directory equals a fresh export). The folder is
package data: an installed wcref ships it and `wcref verify` reads it by default.

- One file per example: `RULE.ID--example-name[--row].json`, an object of the format described by
  `vector.schema.json` (JSON Schema 2020-12).
- `registry.json` lists every vector ID ever exported; IDs of removed or renamed examples stay there
  as `retired` and are never given to another example.

Running a vector against an implementation: check that it supports every name in `areas`
(`base`, `solo.tokugawa`, `solo.gingkogawa`, `load_position`); start a game from `setup` (wire JSON of
`Setup`), or when `start` is not null load that public position (wire JSON of `Position`, see
docs/protocol.md), accepting the conservation rules listed in `composed` as broken (a study position
leaves out the game that led to it; every other rule holds); then for each step apply `action`
(wire JSON of `Action`). After the action, each key of `expect` is a JSON Pointer into the canonical
observation (wire JSON of `Observation`, see `wcref schema`) whose value must equal the given one.
When `refused` is null the action must be accepted; when it names a rule ID the implementation must
refuse the action and its observation must be unchanged; the refusal should cite that rule (`wcref
verify` reports another rule ID as a warning, not a failure, and a refusal citing no rule, `"rule":
null`, is compared as a refusal only). Report every check of a step that fails.

In Python: `reference.book.vectors.load_vectors(dir)` and `reference.conformance.vectors.run_vector(impl, vector)`
with any `reference.conformance.adapter.Implementation` (the reference is `ReferenceAdapter`).
"""


@dataclass(frozen=True)
class ExportReport:
    """What an export wrote."""

    vectors: int
    new: tuple[str, ...]
    retired: tuple[str, ...]
    failing: tuple[str, ...]


def export_vectors(
    out_dir: Path, scenarios: Path | None = None, registry: Path | None = None
) -> ExportReport:
    """Write every example of ``scenarios`` as a vector file into ``out_dir``, with the schema, the
    README and the registry; vector files of examples that no longer exist are removed.

    The registry read is ``registry`` if given, else ``out_dir/registry.json`` if it exists, else the
    shipped ``reference/vectors/registry.json``; the updated registry is written to ``out_dir``."""
    compiled = compile_all(scenarios)
    vectors = tuple(sorted((c.vector for c in compiled), key=lambda v: v.id))
    source = registry
    if source is None:
        source = out_dir / REGISTRY_FILE
        if not source.exists():
            source = VECTORS_DIR / REGISTRY_FILE
    before = read_registry(source)
    after = updated_registry(before, vectors)
    out_dir.mkdir(parents=True, exist_ok=True)
    wanted = {file_name(v.id) for v in vectors}
    for path in out_dir.glob("*.json"):
        if path.name not in wanted and path.name not in (SCHEMA_FILE, REGISTRY_FILE):
            path.unlink()
    for vector in vectors:
        _write(out_dir / file_name(vector.id), dumps(vector))
    _write(out_dir / SCHEMA_FILE, json.dumps(schema(), indent=1) + "\n")
    _write(out_dir / REGISTRY_FILE, dumps(after))
    _write(out_dir / README_FILE, README)
    new = tuple(i for i in after.ids if i not in before.ids)
    retired = tuple(
        i for i, e in after.ids.items() if e.status == "retired" and before.ids.get(i, e).status == "active"
    )
    failing = tuple(c.vector.id for c in compiled if c.failures)
    return ExportReport(len(vectors), new, retired, failing)


def _write(path: Path, text: str) -> None:
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


__all__ = [
    "FORMAT",
    "SCENARIOS_DIR",
    "VECTORS_DIR",
    "VERSION",
    "Compiled",
    "ExportReport",
    "Registry",
    "Vector",
    "VectorProblem",
    "VectorStep",
    "compile_all",
    "compile_example",
    "export_vectors",
    "is_vector_file",
    "load_vectors",
    "make_vector",
    "read_registry",
    "read_vector",
    "schema",
    "selected",
    "updated_registry",
    "vectors_command",
]


# ---- command line ----------------------------------------------------------------------------------


@click.command("vectors")
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--scenarios",
    "scenarios_dir",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=None,
    help="The feature files to export (default: the repository's scenarios/).",
)
def vectors_command(out_dir: Path, scenarios_dir: Path | None) -> None:
    """Export every example of scenarios/ as a JSON test vector into OUT_DIR (with the schema,
    a README and the ID registry). Exit status 1 when an example fails on the reference."""
    problem = directory_problem(out_dir)
    if problem is not None:
        raise click.ClickException(f"cannot write the vectors: {problem}")
    try:
        report = export_vectors(out_dir, scenarios_dir)
    except ContentError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(
        f"{report.vectors} vectors written to {out_dir} "
        f"({len(report.new)} new, {len(report.retired)} retired ID(s))"
    )
    if report.failing:
        click.echo(
            f"error: {len(report.failing)} example(s) fail on the reference: {', '.join(report.failing)}",
            err=True,
        )
        raise SystemExit(1)
