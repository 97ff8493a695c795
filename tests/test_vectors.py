"""The portable vectors in ``reference/vectors/``: each validates against the checked-in JSON Schema, replays
on the reference through its conformance adapter, and the directory equals a fresh export of
``scenarios/`` (so a change to an example, the engine's wire format or the exporter shows up here).
The runner and the ID registry are checked to catch what they must catch."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import msgspec
import pytest
from click.testing import CliRunner
from msgspec.structs import replace

from reference.book.scenarios import all_examples
from reference.book.vectors import (
    README_FILE,
    REGISTRY_FILE,
    SCHEMA_FILE,
    VECTORS_DIR,
    Registry,
    RegistryEntry,
    Vector,
    export_vectors,
    load_vectors,
    read_registry,
    schema,
    updated_registry,
)
from reference.cli import cli
from reference.conformance.adapter import AREAS, ReferenceAdapter
from reference.conformance.vectors import run_vector
from reference.errors import ContentError


@pytest.fixture(scope="module")
def vectors() -> tuple[Vector, ...]:
    found, problems = load_vectors(VECTORS_DIR)
    assert problems == ()
    return found


def test_every_example_is_a_checked_in_vector(vectors: tuple[Vector, ...]) -> None:
    assert sorted(v.id for v in vectors) == sorted(e.key for e in all_examples())


def test_every_vector_validates_against_the_schema() -> None:
    document = json.loads((VECTORS_DIR / SCHEMA_FILE).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(document)
    validator = jsonschema.Draft202012Validator(document)
    files = sorted(p for p in VECTORS_DIR.glob("*.json") if p.name not in (SCHEMA_FILE, REGISTRY_FILE))
    assert files
    for path in files:
        errors = [e.message for e in validator.iter_errors(json.loads(path.read_text(encoding="utf-8")))]
        assert errors == [], f"{path.name}: {errors[:3]}"


def test_the_schema_rejects_a_malformed_vector() -> None:
    validator = jsonschema.Draft202012Validator(schema())
    path = next(p for p in VECTORS_DIR.glob("*--*.json"))
    good = json.loads(path.read_text(encoding="utf-8"))
    assert validator.is_valid(good)
    for bad in (
        {**good, "format": "other"},
        {**good, "id": "not an id"},
        {**good, "areas": ["matcha"]},
        {**good, "steps": [{**good["steps"][0], "expect": {"no-slash": 1}}]},
        {**good, "extra": True},
    ):
        assert not validator.is_valid(bad)


def test_every_vector_replays_on_the_reference(vectors: tuple[Vector, ...]) -> None:
    failed = {}
    for vector in vectors:
        result = run_vector(ReferenceAdapter(), vector)
        if not result.passed:
            failed[vector.id] = result.messages
    assert failed == {}


def test_checked_in_vectors_equal_a_fresh_export(tmp_path: Path) -> None:
    out = tmp_path / "vectors"
    out.mkdir()
    shutil.copyfile(VECTORS_DIR / REGISTRY_FILE, out / REGISTRY_FILE)
    report = export_vectors(out)
    assert report.failing == ()
    assert report.new == (), "examples without a checked-in vector: run `wcref generate`"
    fresh = {p.name: p.read_text(encoding="utf-8") for p in out.iterdir()}
    kept = {p.name: p.read_text(encoding="utf-8") for p in VECTORS_DIR.iterdir()}
    assert sorted(fresh) == sorted(kept), "run `wcref generate`"
    stale = sorted(name for name in fresh if fresh[name] != kept[name])
    assert stale == [], f"out of date (run `wcref generate`): {stale[:5]}"
    assert README_FILE in fresh


def test_the_registry_lists_every_exported_id(vectors: tuple[Vector, ...]) -> None:
    registry = read_registry(VECTORS_DIR / REGISTRY_FILE)
    active = {i for i, e in registry.ids.items() if e.status == "active"}
    assert active == {v.id for v in vectors}


def test_an_id_is_never_reused(vectors: tuple[Vector, ...]) -> None:
    first = vectors[0]
    renamed = replace(first, id=first.id + "-renamed")
    after_rename = updated_registry(
        Registry(ids={first.id: RegistryEntry(first.title, "active")}), (renamed,)
    )
    assert after_rename.ids[first.id].status == "retired"
    assert after_rename.ids[renamed.id].status == "active"
    with pytest.raises(ContentError, match="never reused"):
        updated_registry(after_rename, (first,))


def test_run_vector_catches_a_wrong_expectation(vectors: tuple[Vector, ...]) -> None:
    vector = next(v for v in vectors if v.steps[-1].expect)
    pointer, value = next(iter(vector.steps[-1].expect.items()))
    wrong = {pointer: [value, "not this"]}
    steps = (*vector.steps[:-1], replace(vector.steps[-1], expect=wrong))
    result = run_vector(ReferenceAdapter(), replace(vector, steps=steps))
    assert result.status == "failed"
    assert pointer in result.messages[0]


def test_run_vector_catches_an_unexpected_acceptance_and_refusal(vectors: tuple[Vector, ...]) -> None:
    refused = next(v for v in vectors if v.steps[-1].refused is not None)
    accepted = replace(refused, steps=(*refused.steps[:-1], replace(refused.steps[-1], refused=None)))
    result = run_vector(ReferenceAdapter(), accepted)
    assert result.status == "failed"
    assert "refused citing" in result.messages[0]
    plain = next(v for v in vectors if v.steps[-1].refused is None)
    wrongly = replace(plain, steps=(*plain.steps[:-1], replace(plain.steps[-1], refused="TIME.STOP")))
    result = run_vector(ReferenceAdapter(), wrongly)
    assert result.status == "failed"
    assert "accepted" in result.messages[0]


def test_run_vector_reports_a_missing_area(vectors: tuple[Vector, ...]) -> None:
    class BaseOnly(ReferenceAdapter):
        def hello(self) -> tuple[str, tuple[str, ...]]:
            return "base only", ("base",)

    needs_state = next(v for v in vectors if "load_state" in v.areas)
    assert run_vector(BaseOnly(), needs_state).status == "unsupported"
    assert set(needs_state.areas) <= set(AREAS)


def test_vectors_round_trip_through_json(vectors: tuple[Vector, ...]) -> None:
    for vector in vectors[:20]:
        assert msgspec.json.decode(msgspec.json.encode(vector), type=Vector) == vector


def test_wcref_vectors_writes_a_directory(tmp_path: Path) -> None:
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    (scenarios / "one.feature").write_text(
        "Feature: one\n\n  @TIME.MOVE\n  Rule: steps\n\n    Example: two steps\n"
        "      Given a 2-player game\n      When clan 0 places the right white die on diplomat_1\n"
        "      Then clan 0 is now on Passage of Time space 2\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["vectors", str(out), "--scenarios", str(scenarios)])
    assert result.exit_code == 0, result.output
    assert "1 vectors written" in result.output
    assert (out / "TIME.MOVE--two-steps.json").exists()
    assert read_registry(out / REGISTRY_FILE).ids["TIME.MOVE/two-steps"].status == "active"


def test_wcref_vectors_fails_when_an_example_fails(tmp_path: Path) -> None:
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    (scenarios / "one.feature").write_text(
        "Feature: one\n\n  @TIME.MOVE\n  Rule: steps\n\n    Example: wrong\n"
        "      Given a 2-player game\n      When clan 0 places the right white die on diplomat_1\n"
        "      Then clan 0 is now on Passage of Time space 3\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(cli, ["vectors", str(tmp_path / "out"), "--scenarios", str(scenarios)])
    assert result.exit_code == 1
    assert "TIME.MOVE/wrong" in result.stderr
