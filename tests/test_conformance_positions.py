"""``wcref verify --positions``: short lockstep games from generated positions. The reference passes
against itself; a fault that only a rare situation shows (no light block when the room's deck is
empty; the checkpoint at 11 costing a seal more) is caught by the positions and named by its rule,
while the games alone, on the same budget, pass; the shrunk case is written as a position trace that
replays; without load_position the phase is skipped with its reason."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import CliRunner, Result

from reference.book.vectors import VECTORS_DIR, read_vector
from reference.cli import cli
from reference.conformance.attribution import attribute, event_rule
from reference.conformance.positions import NO_LOAD, PositionTrace, replay_position_trace
from reference.engine import apply
from reference.model import ChooseRoom, DecisionKind, Influence, RivalKind
from reference.model import events as ev
from reference.position import from_position, status
from reference.wire import digest, observe, to_json
from tests.helpers import holding, inject, started
from tests.solo_helpers import at_player_turn, filler, solo_setup

ROOT = Path(__file__).resolve().parent
FAULTY = ROOT / "conformance_faults" / "faulty_server.py"
SERVE = shlex.join([sys.executable, "-m", "reference.cli", "serve"])
BUDGET = "20"
POSITIONS = "30"
"""Generated positions searched for a fault only a rare situation shows (which 20 whole games never
meet); the budget leaves a margin, so that a change to the position strategy does not need a new
seed."""
"""Games from positions, and games from setups, each run gets (the same small budget)."""
EMPTY_DECK_VECTOR = (
    "COURTIER.FLOOR12.EMPTY_DECK--with-the-deck-empty-the-card-stays-and-only-its-light-action-is-done"
)


def faulty(fault: str, *extra: str) -> str:
    return shlex.join([sys.executable, str(FAULTY), "--fault", fault, *extra])


def verify(tmp_path: Path, impl: str, *args: str) -> tuple[Result, dict[str, Any]]:
    """Run verify with no vectors and no perft (an empty vector directory), reporting to a file."""
    empty = tmp_path / "no-vectors"
    empty.mkdir(exist_ok=True)
    report = tmp_path / "report.json"
    result = CliRunner().invoke(
        cli,
        [
            "verify",
            "--impl",
            impl,
            "--vectors",
            str(empty),
            "--perft-depth",
            "0",
            "--report",
            str(report),
            *args,
        ],
    )
    assert "Traceback" not in result.output, result.output
    return result, json.loads(report.read_text())


def test_the_reference_passes_its_positions(tmp_path: Path) -> None:
    result, report = verify(tmp_path, SERVE, "--games", "0", "--positions", BUDGET)
    assert result.exit_code == 0, result.output
    positions = report["positions"]
    assert positions["played"] == positions["requested"] == int(BUDGET)
    assert positions["divergence"] is None
    assert positions["failure"] is None
    assert positions["edited"] > 0  # the edits are drawn 3 times in 4 where they apply
    assert positions["by_situation"]  # some start shows a rare situation
    [case] = [c for c in report["cases"] if c["kind"] == "positions"]
    assert case["status"] == "passed"
    assert f"positions: {BUDGET} of {BUDGET} games from generated positions" in result.stdout
    assert f"({positions['edited']} edited towards a rare situation, " in result.stdout
    assert "result: PASS" in result.stdout


@pytest.mark.parametrize(
    ("fault", "rule"),
    [("empty_deck_no_light", "COURTIER.FLOOR12.EMPTY_DECK"), ("dearer_checkpoint_11", "TIME.CHECKPOINTS")],
)
def test_a_fault_only_a_rare_situation_shows_is_caught_by_the_positions(
    tmp_path: Path, fault: str, rule: str
) -> None:
    games, by_games = verify(tmp_path, faulty(fault), "--games", BUDGET, "--shrink-time", "5")
    assert games.exit_code == 0, games.output  # whole games on the same budget never meet it
    assert by_games["games"]["played"] == int(BUDGET)

    trace_file = tmp_path / "trace.json"
    found, report = verify(
        tmp_path, faulty(fault), "--games", "0", "--positions", POSITIONS, "--shrink-time", "5",
        "--trace-out", str(trace_file),
    )  # fmt: skip
    assert found.exit_code == 1, found.output
    divergence = report["positions"]["divergence"]
    assert divergence is not None, found.output
    assert divergence["rule"] == rule
    assert f"rule: {rule}" in found.stdout
    assert divergence["reference"] != divergence["implementation"]
    # the shrunk case replays on the reference from its start position, up to the divergent step
    trace = msgspec.convert(divergence["trace"], PositionTrace)
    assert status(trace.start) == ()
    assert len(trace.actions) == divergence["step"] + 1
    assert digest(replay_position_trace(trace)) == trace.final
    assert json.loads(trace_file.read_text()) == divergence["trace"]
    replayed = CliRunner().invoke(cli, ["replay", str(trace_file)])
    assert replayed.exit_code == 0, replayed.output
    assert f"replayed {len(trace.actions)} actions from the start position: final state matches" in (
        replayed.output
    )


def test_without_load_position_the_phase_is_skipped_with_its_reason(tmp_path: Path) -> None:
    impl = faulty("none", "--areas", "base,solo.tokugawa,solo.gingkogawa")
    result, report = verify(tmp_path, impl, "--games", "2", "--positions", "5")
    assert result.exit_code == 0, result.output
    assert report["positions"]["skipped"] == NO_LOAD
    [case] = [c for c in report["cases"] if c["kind"] == "positions"]
    assert (case["status"], case["reason"]) == ("skipped", NO_LOAD)
    assert f"positions: skipped: {NO_LOAD}" in result.stdout


def test_a_position_trace_whose_final_state_differs_is_a_mismatch(tmp_path: Path) -> None:
    """``wcref replay`` of a position trace checks its recorded final state like any trace: the start
    position of the empty-deck vector, its 4 steps to the light block, a digest of another state."""
    vector = read_vector(VECTORS_DIR / f"{EMPTY_DECK_VECTOR}.json")
    assert vector.start is not None
    actions = tuple(step.action for step in vector.steps)
    trace = PositionTrace(start=vector.start, actions=actions[:4], final="0" * 64)
    path = tmp_path / "t.json"
    path.write_bytes(msgspec.json.encode(trace))
    result = CliRunner().invoke(cli, ["replay", str(path)])
    assert result.exit_code == 1, result.output
    assert "error:" in result.output
    assert "from the start position" in result.output
    good = msgspec.structs.replace(trace, final=None)
    path.write_bytes(msgspec.json.encode(good))
    result = CliRunner().invoke(cli, ["replay", "--log", str(path)])
    assert result.exit_code == 0, result.output
    assert "replayed 4 actions from the start position: the trace records none to check" in result.output


def test_a_room_entered_with_its_deck_empty_names_the_empty_deck_rule() -> None:
    """The reference's step reports RoomDeckEmpty and waits for the light block; an implementation
    that went on to the next turn differs at /decision/kind: COURTIER.FLOOR12.EMPTY_DECK, by hint
    (the decision's rule, COURTIER.FLOOR12.TAKE_CARD, is the rule of taking a card)."""
    vector = read_vector(VECTORS_DIR / f"{EMPTY_DECK_VECTOR}.json")
    assert vector.start is not None
    state = from_position(vector.start, vector.composed)
    for step in vector.steps[:3]:
        state = apply(state, step.action)
    room = vector.steps[3].action
    assert isinstance(room, ChooseRoom)
    after = apply(state, room)
    assert [type(e) for e in after.events if isinstance(e, ev.RoomDeckEmpty)] == [ev.RoomDeckEmpty]
    assert after.decision.kind is DecisionKind.LIGHT_ROW
    theirs = to_json(observe(after))
    assert isinstance(theirs, dict)
    theirs["decision"] = {"kind": "turn", "clan": 1}
    named = attribute(state, room, after, theirs, "/decision/kind")
    assert (named.rule, named.source) == ("COURTIER.FLOOR12.EMPTY_DECK", "hint")


def test_the_seals_a_checkpoint_costs_are_its_own_rule_in_any_event() -> None:
    """An event that stops a clan before a checkpoint cites TIME.STOP first; a difference in the
    seals the checkpoint costs is TIME.CHECKPOINTS's, in any other field the event's first rule's."""
    stopped = ev.CheckpointUnaffordable(clan=0, space=11, seals=2, held=1, lost=1)
    refused = ev.CheckpointRefused(clan=0, space=11, seals=2, lost=1)
    assert event_rule(stopped, "/3/seals") == "TIME.CHECKPOINTS"
    assert event_rule(refused, "/0/seals") == "TIME.CHECKPOINTS"
    assert event_rule(stopped, "/3/lost") == "TIME.STOP"
    assert event_rule(ev.CheckpointPaid(clan=0, space=11, seals=2), "/0/seals") == "TIME.CHECKPOINTS"


def test_a_checkpoint_the_implementation_went_past_names_the_checkpoint_rule() -> None:
    """Clan 0 at space 10 with 2 seals takes 1 step: the checkpoint at 11 costs 2 (TIME.CHECKPOINTS),
    so the reference waits for it to pay or stop. An implementation that thought it could not pay
    went on to the re-roll: the first field that differs is /phase, and the rule is still the
    checkpoint's."""
    before = holding(started(), 0, time=10, seals=2)
    after = inject(before, 0, Influence(1))
    assert (after.decision.kind, after.decision.clan) == (DecisionKind.CHECKPOINT, 0)
    theirs = to_json(observe(after))
    assert isinstance(theirs, dict)
    theirs["phase"] = "roll"
    theirs["decision"] = {"kind": "roll", "clan": None}
    named = attribute(before, None, after, theirs, "/phase")
    assert (named.rule, named.source) == ("TIME.CHECKPOINTS", "hint")


def test_a_bot_waiting_for_its_reshuffle_hides_no_rule() -> None:
    """The same checkpoint against the Gingkogawa bot: the implementation went on into the bot's turn,
    which waits for its reshuffle (the deck and discard pile empty, the cards in ``shuffle_pool``, the
    card flipped last in the bot's hand, in no field). The Solitaire deck's conservation cannot be
    checked on that observation, so it names no rule; the checkpoint's does."""
    setup = solo_setup(*(filler(f"F{i}") for i in range(1, 7)), rival=RivalKind.GINGKOGAWA)
    before = holding(at_player_turn(setup), 0, time=10, seals=2)
    after = inject(before, 0, Influence(1))
    assert (after.decision.kind, after.decision.clan) == (DecisionKind.CHECKPOINT, 0)
    theirs = to_json(observe(after))
    assert isinstance(theirs, dict)
    theirs.update(
        decision={"kind": "shuffle", "clan": None},
        solo_deck=[],
        solo_discard=[],
        shuffle_pool=["F1", "F2", "F3", "F4", "F5"],
    )
    named = attribute(before, None, after, theirs, "/decision/kind")
    assert (named.rule, named.source) == ("TIME.CHECKPOINTS", "hint")


def test_a_run_of_positions_alone_without_load_position_checked_nothing(tmp_path: Path) -> None:
    result, report = verify(tmp_path, faulty("none", "--areas", "base"), "--games", "0", "--positions", "5")
    assert result.exit_code == 2, result.output
    assert report["nothing_checked"].endswith(f"positions: skipped: {NO_LOAD}")
    assert f"positions: skipped: {NO_LOAD}" in result.output
