"""``wcref ambiguities``: every registered reading is searched for a game in which the readings lead
to different observations; the witness is shrunk and replays (ISSUE 5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from properties.ambiguities import first_difference, readings, search, with_reading
from properties.settings import PROFILE
from reference import wire
from reference.cli import cli
from reference.model import Setup, Solo
from reference.rulebook import load_register

pytestmark = pytest.mark.skipif(PROFILE == "crosshair", reason="lockstep games do not run under CrossHair")


def test_every_reading_of_the_register_is_searched() -> None:
    ids = {e.id for e in readings()}
    assert ids == {e.id for e in load_register() if e.status == "reading"}
    assert {"READING.SOLO_ACTION_ORDER", "READING.GINKGO_PAIR_COLOUR"} <= ids


@pytest.mark.parametrize("entry", readings(), ids=lambda e: e.id)
def test_each_reading_matters_and_its_witness_replays(entry: object) -> None:
    from reference.rulebook import RuleEntry

    assert isinstance(entry, RuleEntry)
    finding = search(entry, games=60, shrink=False)  # shrinking: the test below
    witness = finding.witness
    assert witness is not None, f"{entry.id}: no difference found in 60 games"
    first, second = witness.traces
    assert first.setup == with_reading(second.setup, witness.setting, witness.readings[0])
    assert first.actions[0] == second.actions[0]  # the same deal
    a, b = wire.replay(first), wire.replay(second)
    view = {"setup": None}
    left = json.loads(wire.encode(wire.observe(a))) | view
    right = json.loads(wire.encode(wire.observe(b))) | view
    assert first_difference(left, right) is not None
    # one step earlier the two games still looked the same
    before_a = wire.replay(wire.Trace(setup=first.setup, actions=first.actions[:-1]))
    before_b = wire.replay(wire.Trace(setup=second.setup, actions=second.actions[:-1]))
    earlier = (
        json.loads(wire.encode(wire.observe(before_a))) | view,
        json.loads(wire.encode(wire.observe(before_b))) | view,
    )
    assert first_difference(*earlier) is None


def test_the_witness_is_shrunk() -> None:
    entry = next(e for e in readings() if e.id == "READING.GINKGO_PAIR_COLOUR")
    found, shrunk = search(entry, games=60, shrink=False).witness, search(entry, games=60).witness
    assert found is not None
    assert shrunk is not None
    assert shrunk.step <= found.step
    assert sum(map(len, (wire.encode(t) for t in shrunk.traces))) <= sum(
        map(len, (wire.encode(t) for t in found.traces))
    )
    for trace in shrunk.traces:
        wire.replay(trace)


def test_a_reading_is_set_only_where_the_setup_has_it() -> None:
    solo = Setup(players=2, solo=Solo())
    assert with_reading(solo, "solo.action_order", "cards").solo == Solo(action_order="cards")
    with pytest.raises(ValueError, match="cannot set"):
        with_reading(Setup(players=2), "solo.action_order", "cards")
    with pytest.raises(ValueError, match="cannot set"):
        with_reading(solo, "solo.no_such_field", "x")


def test_the_command_reports_each_reading(tmp_path: Path) -> None:
    # the searches themselves are tested above: two games each show the report's form
    result = CliRunner().invoke(cli, ["ambiguities", "--games", "2", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    heads = [line for line in lines if line.startswith("READING.")]
    assert len(heads) == len(readings())
    for head in heads:
        assert head.endswith(": matters") or head.endswith("no difference found in 2 games")
    for path in sorted(tmp_path.glob("*.trace.json")):
        wire.replay(wire.read_trace(path))
