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
from reference.conformance.adapter import AREAS, JSON, ReferenceAdapter, Refused
from reference.conformance.compare import ABSENT
from reference.conformance.vectors import MAX_CHANGED, run_vector
from reference.errors import ContentError
from reference.wire import to_json


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


def test_run_vector_reports_every_failed_expectation_of_the_step_first(vectors: tuple[Vector, ...]) -> None:
    """All the step's ``expect`` pointers are checked and reported, in the vector's order, before its
    refusal: a refused step the implementation accepts fails on both."""
    vector = next(v for v in vectors if v.steps[-1].refused is not None and len(v.steps[-1].expect) >= 1)
    last = vector.steps[-1]
    pointer = next(iter(last.expect))
    wrong = {
        pointer: "not this",
        "/no/such/field": 1,
        **{k: v for k, v in last.expect.items() if k != pointer},
    }
    edited = replace(vector, steps=(*vector.steps[:-1], replace(last, expect=wrong)))

    class Accepting(ReferenceAdapter):
        """Accepts the last step without changing anything."""

        def apply(self, action: JSON) -> Refused | None:
            refused = super().apply(action)
            return None if refused is not None and action == to_json(last.action) else refused

    result = run_vector(Accepting(), edited)
    assert result.status == "failed"
    assert [f.field for f in result.failures] == [pointer, "/no/such/field", "/refused"]
    assert {f.step for f in result.failures} == {len(vector.steps) - 1}
    assert result.failures[0].expected == "not this"
    assert result.failures[1].got == ABSENT
    assert (result.failures[2].expected, result.failures[2].got) == (last.refused, None)


def _refusing(rule: str | None) -> ReferenceAdapter:
    class Citing(ReferenceAdapter):
        def apply(self, action: JSON) -> Refused | None:
            refused = super().apply(action)
            return replace(refused, rule=rule) if refused is not None else None

    return Citing()


def test_a_refusal_citing_no_rule_is_compared_as_a_refusal_only(vectors: tuple[Vector, ...]) -> None:
    refusing = [v for v in vectors if any(s.refused is not None for s in v.steps)]
    assert refusing
    for vector in refusing[:10]:
        result = run_vector(_refusing(None), vector)
        assert (result.status, result.warnings) == ("passed", ()), result.messages


def test_a_refusal_citing_another_rule_is_a_warning(vectors: tuple[Vector, ...]) -> None:
    vector = next(v for v in vectors if sum(s.refused is not None for s in v.steps) == 1)
    index = next(i for i, s in enumerate(vector.steps) if s.refused is not None)
    result = run_vector(_refusing("OTHER.RULE"), vector)
    assert result.status == "passed"
    [warning] = result.warnings
    assert (warning.step, warning.field, warning.expected, warning.got) == (
        index,
        "/refused",
        vector.steps[index].refused,
        "OTHER.RULE",
    )
    assert f"refused citing OTHER.RULE; the vector expects {vector.steps[index].refused}" in warning.message


def test_a_refusal_that_changes_the_observation_reports_each_field_up_to_a_bound(
    vectors: tuple[Vector, ...],
) -> None:
    vector = next(v for v in vectors if v.steps[-1].refused is not None and v.start is None)

    class Shifting(ReferenceAdapter):
        """Refuses as the reference does, but then reports every count one higher."""

        shift = 0

        def apply(self, action: JSON) -> Refused | None:
            refused = super().apply(action)
            self.shift += refused is not None
            return refused

        def observe(self) -> JSON:
            return _shifted(super().observe(), self.shift)

    result = run_vector(Shifting(), vector)
    assert result.status == "failed"
    changed = [f for f in result.failures if f.field not in vector.steps[-1].expect]
    assert len(changed) == MAX_CHANGED
    assert result.omitted > 0
    assert all(f.got == f.expected + 1 for f in changed if isinstance(f.expected, int))


def _shifted(value: JSON, by: int) -> JSON:
    """Every integer (not bool) of ``value`` plus ``by``."""
    if isinstance(value, bool) or not isinstance(value, (int, list, dict)):
        return value
    if isinstance(value, int):
        return value + by
    if isinstance(value, list):
        return [_shifted(v, by) for v in value]
    return {k: _shifted(v, by) for k, v in value.items()}


def test_run_vector_reports_a_missing_area(vectors: tuple[Vector, ...]) -> None:
    class BaseOnly(ReferenceAdapter):
        def hello(self) -> tuple[str, tuple[str, ...]]:
            return "base only", ("base",)

    needs_state = next(v for v in vectors if "load_position" in v.areas)
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
