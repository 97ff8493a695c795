"""Planted faults are caught by the state machines, with the rule ID they break (ISSUE 5).

Each test plants a fault in the engine with ``monkeypatch`` (a seal cap of 6, a hand-in per 4 coins,
a rival that pays), runs a machine and checks that it fails naming the rule the fault breaks. The
shrink phase is skipped here to keep the suite fast; ``wcref``'s README shows a shrunk game."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis.stateful import run_state_machine_as_test

from properties import faults, machines
from properties import strategies as strat
from properties.machines import GameMachine, MultiClanGame, PropertyFailure, TokugawaGame
from properties.settings import PROFILE
from reference import wire
from reference.errors import TraceError
from reference.model import RivalKind
from reference.rules import holdings
from reference.rules.solo.rival import Rival

pytestmark = pytest.mark.skipif(PROFILE == "crosshair", reason="the machines do not run under CrossHair")

FIND = faults.hunt_settings(60, shrink=False)


@pytest.fixture(autouse=True)
def _traces_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(machines, "FAILURES_DIR", tmp_path)
    return tmp_path


def _fails_with(machine: type[GameMachine], rule: str, traces: Path) -> str:
    with pytest.raises(PropertyFailure) as caught:
        run_state_machine_as_test(machine, settings=FIND)
    message = str(caught.value)
    assert message.startswith(f"[{rule}]"), message
    trace = traces / f"{machine.__name__}-{rule}.trace.json"
    assert trace.exists()
    replayed = wire.replay(wire.read_trace(trace))  # the failing game replays under the fault
    assert replayed.board is not None
    return message


@pytest.mark.rule("SEALS.CAP")
def test_a_seal_cap_of_6_is_caught(tmp_path: Path) -> None:
    with faults.seal_cap_6():
        assert "6 seals" in _fails_with(MultiClanGame, "SEALS.CAP", tmp_path)


@pytest.mark.rule("SOLO.ROUND.HAND_IN")
def test_a_hand_in_per_4_coins_is_caught(tmp_path: Path) -> None:
    with faults.hand_in_per_4():
        _fails_with(TokugawaGame, "SOLO.ROUND.HAND_IN", tmp_path)


@pytest.mark.rule("SOLO.GOLDEN.NEVER_PAYS")
def test_a_rival_that_pays_is_caught(tmp_path: Path) -> None:
    with faults.rival_pays():
        _fails_with(TokugawaGame, "SOLO.GOLDEN.NEVER_PAYS", tmp_path)


def test_each_planted_fault_is_removed_afterwards() -> None:
    # the faults patch the engine in memory only: after the block the engine is whole again
    with faults.seal_cap_6():
        assert holdings.SEAL_CAP == 6
    assert holdings.SEAL_CAP == 5
    honest = Rival.place
    with faults.rival_pays():
        assert Rival.place is not honest
    assert Rival.place is honest


class AnyDeckTokugawaGame(TokugawaGame):
    """The Tokugawa rival with generated decks that may name too few bridge slots."""

    setups = strat.setups(solo=True, rival=RivalKind.TOKUGAWA, generated=0, decks=strat.solo_decks("any"))


@pytest.mark.rule("SOLO.TURN.FIND_DIE")
def test_a_rules_gap_fails_the_property_with_a_replayable_trace(tmp_path: Path) -> None:
    # validate_deck accepts a deck whose cards name too few bridge slots; once none of them holds a
    # die, the rival cannot find one: the engine stops with RulesGap, and the property reports it
    with pytest.raises(PropertyFailure) as caught:
        run_state_machine_as_test(AnyDeckTokugawaGame, settings=FIND)
    assert str(caught.value).startswith("[SOLO.TURN.FIND_DIE] RulesGap"), caught.value
    trace = tmp_path / "AnyDeckTokugawaGame-SOLO.TURN.FIND_DIE.trace.json"
    with pytest.raises(TraceError, match=r"SOLO\.TURN\.FIND_DIE"):
        wire.replay(wire.read_trace(trace))  # the trace's last action reaches the gap again
