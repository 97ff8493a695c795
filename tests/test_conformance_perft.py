"""Perft: the shipped counts (reference/conformance/perft.json) are recomputed, the positions are
reproducible from their setup and seed, and ``wcref perft`` prints the same numbers."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from reference import wire
from reference.cli import cli
from reference.conformance.adapter import ReferenceAdapter
from reference.conformance.harness import run_perft
from reference.conformance.perft import (
    DATA_PATH,
    SPECS,
    PerftPosition,
    build_position,
    data_text,
    load_data,
    perft,
    replay,
    start_position,
)
from reference.engine import is_chance, legal_actions
from reference.model import Deal, Setup

DATA = load_data()
QUICK_DEPTH = 4
"""Depths recomputed by the test (all shipped positions take about a second at depth 4)."""
QUICK_LEAVES = 60_000
"""Deeper counts are recomputed too when they are at most this many leaves."""


def test_data_file_shape() -> None:
    assert DATA.format == "wcref-perft"
    assert any("chance node" in line for line in DATA.comment)
    ids = [p.id for p in DATA.positions]
    assert ids == [s.id for s in SPECS]
    setups = {(p.setup.players, p.setup.solo.rival.value if p.setup.solo else None) for p in DATA.positions}
    assert {(2, None), (2, "tokugawa"), (2, "gingkogawa")} <= setups
    for position in DATA.positions:
        assert isinstance(position.actions[0], Deal), position.id
        assert [int(d) for d in position.counts] == list(range(1, len(position.counts) + 1))
        assert len(position.counts) >= QUICK_DEPTH or position.note


@pytest.mark.parametrize("position", DATA.positions, ids=lambda p: p.id)
def test_counts_recomputed(position: PerftPosition) -> None:
    state = replay(position.setup, position.actions)
    assert not is_chance(state)
    for depth in range(1, len(position.counts) + 1):
        expected = position.counts[str(depth)]
        if depth > QUICK_DEPTH and expected > QUICK_LEAVES:
            break
        assert perft(state, depth) == expected, (position.id, depth)


@pytest.mark.parametrize("spec", [s for s in SPECS if s.decisions == 0], ids=lambda s: s.id)
def test_start_positions_come_from_the_seed(spec: object) -> None:
    """A start position's recorded Deal is what random.Random(seed) samples (so the data file can
    be rebuilt), and the prefix of a mid-game position is reproducible."""
    position = next(p for p in DATA.positions if p.id == spec.id)  # type: ignore[attr-defined]
    state, deal = start_position(position.setup, position.seed)
    assert position.actions == (deal,)
    assert wire.digest(state) == wire.digest(replay(position.setup, position.actions))


def test_mid_game_prefixes_are_reproducible() -> None:
    spec = next(s for s in SPECS if s.id == "solo-gingkogawa-round2")
    rebuilt = build_position(spec, max_depth=2)
    position = next(p for p in DATA.positions if p.id == spec.id)
    assert rebuilt.actions == position.actions
    assert rebuilt.counts == {k: v for k, v in position.counts.items() if int(k) <= 2}


def test_data_text_round_trips() -> None:
    text = data_text(DATA.positions)
    assert text == DATA_PATH.read_text(encoding="utf-8")


def test_chance_nodes_are_leaves() -> None:
    state = replay(Setup(players=2), ())
    assert legal_actions(state) == ()
    assert perft(state, 3) == 1


def test_perft_command() -> None:
    position = DATA.positions[0]
    result = CliRunner().invoke(
        cli, ["perft", "--seed", str(position.seed), "--depth", "3", "--players", "2"]
    )
    assert result.exit_code == 0, result.output
    for depth in (1, 2, 3):
        assert f"perft({depth}) = {position.counts[str(depth)]}" in result.stdout
    assert '"type":"deal"' in result.stdout
    divided = CliRunner().invoke(cli, ["perft", "--position", position.id, "--depth", "2", "--divide"])
    assert divided.exit_code == 0, divided.output
    sums = [int(line.rsplit(": ", 1)[1]) for line in divided.stdout.splitlines() if line.startswith("  {")]
    assert sum(sums) == position.counts["2"]
    solo = CliRunner().invoke(
        cli, ["perft", "--bot", "gingkogawa", "--difficulty", "normal", "--seed", "5", "--depth", "2"]
    )
    assert solo.exit_code == 0, solo.output
    gk = next(p for p in DATA.positions if p.id == "solo-gingkogawa-start")
    assert f"perft(2) = {gk.counts['2']}" in solo.stdout
    bad = CliRunner().invoke(cli, ["perft", "--position", "nowhere"])
    assert bad.exit_code == 2


@pytest.mark.parametrize("use_load", [True, False])
def test_implementation_perft_through_legal_actions(use_load: bool) -> None:
    position = next(p for p in DATA.positions if p.id == "2p-round1")
    count, divergence = run_perft(ReferenceAdapter(), position, 2, use_load)
    assert divergence is None
    assert count == position.counts["2"]


def test_the_independently_derived_counts_match_the_data_file() -> None:
    """tests/perft_independent.py works out depth 1 of every position and depth 2 where it knows the
    next decision, from the public position and the printed content, without legal_actions; the data
    file marks those counts 'independent' and the rest 'engine'."""
    from reference.conformance.perft import INDEPENDENT, load_data, replay
    from reference.wire import observe, to_json
    from tests.perft_independent import depth1, depth2

    data = load_data()
    derived = 0
    for position in data.positions:
        obs = to_json(observe(replay(position.setup, position.actions)))
        assert isinstance(obs, dict)
        marked = {int(d) for d, source in position.sources.items() if source == "independent"}
        assert marked == set(INDEPENDENT[position.id]), position.id
        assert set(position.sources) == set(position.counts)
        assert depth1(obs) == position.counts["1"], position.id
        derived += 1
        if 2 in marked:
            assert depth2(obs) == position.counts["2"], position.id
            derived += 1
    assert derived == 13
