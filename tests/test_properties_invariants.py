"""The single-state invariants of properties/invariants.py refuse spoiled states, each under the rule
it guards (ISSUE 5). Their counts of dice, members and Solitaire cards were rewritten for speed
(ISSUE 15): these pin the verdicts on states spoiled by hand, where the machines only meet them when
the engine is wrong."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from properties.invariants import check_state, dice_on_board, placed_dice
from reference.chance import sample
from reference.engine import apply, is_chance, new_game
from reference.model import Colour, DecisionKind, End, Setup, Solo, Space, State
from tests.helpers import board, edit_board, edit_clan, place, started, with_warriors


def _rules(state: State) -> set[str]:
    return {breach.rule for breach in check_state(state)}


def _in_the_well(players: int = 2) -> State:
    """A started game whose first clan in turn order put the left coral die into the Well."""
    state = started(players)
    assert state.decision.clan is not None
    return place(state, Colour.CORAL, End.LEFT, Space.WELL)


def _solo_turn() -> State:
    """A solo game against the Tokugawa rival at the player's first turn."""
    state = new_game(Setup(players=2, solo=Solo()))
    rng = random.Random(0)
    while state.decision.kind is not DecisionKind.TURN:
        assert is_chance(state)
        state = apply(state, sample(state, rng))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_games_own_states_break_nothing(players: int) -> None:
    assert check_state(started(players)) == []
    assert check_state(_in_the_well(players)) == []
    assert check_state(_solo_turn()) == []


@pytest.mark.rule("SETUP.DICE_PER_COLOUR")
def test_a_lost_die_an_extra_die_and_a_die_off_the_faces_are_caught() -> None:
    state = _in_the_well()
    (die,) = board(state).well
    assert dice_on_board(state) == len(placed_dice(state)) == 1
    assert _rules(edit_board(state, well=())) == {"SETUP.DICE_PER_COLOUR"}
    assert _rules(edit_board(state, well=(die, die))) == {"SETUP.DICE_PER_COLOUR"}
    off = check_state(edit_board(state, well=(replace(die, value=9),)))
    assert [b.rule for b in off] == ["SETUP.DICE_PER_COLOUR"]
    assert "not 1..6" in off[0].message
    # a Domain die counts among the dice of its colour, as the dice in the castle do
    doubled = edit_clan(state, 0, domain_dice=(die.value, None, None))
    assert dice_on_board(doubled) == 2
    assert _rules(doubled) == {"SETUP.DICE_PER_COLOUR"}
    assert _rules(edit_board(doubled, well=())) == set()


@pytest.mark.rule("WARRIOR.NEVER_MOVE", "GARDENER.PLACE", "COURTIER.AUDIENCE")
def test_members_sent_are_where_they_went() -> None:
    state = started()
    assert _rules(edit_clan(state, 0, sent=(0, 0, 1))) == {"WARRIOR.NEVER_MOVE"}
    assert _rules(edit_clan(state, 1, sent=(0, 1, 0))) == {"GARDENER.PLACE"}
    assert _rules(edit_clan(state, 0, sent=(1, 0, 0))) == {"COURTIER.AUDIENCE"}
    cost = board(state).yards[0].cost
    assert _rules(with_warriors(state, cost, 1)) == {"WARRIOR.NEVER_MOVE"}
    assert _rules(edit_clan(with_warriors(state, cost, 1), 1, sent=(0, 0, 1))) == set()


@pytest.mark.rule("SOLO.TURN.TO_BOTTOM")
def test_every_solitaire_card_is_in_one_place() -> None:
    state = _solo_turn()
    cards = state.solo_deck
    assert cards
    assert _rules(replace(state, solo_deck=cards[1:])) == {"SOLO.TURN.TO_BOTTOM"}
    assert _rules(replace(state, solo_deck=(*cards, cards[0]))) == {"SOLO.TURN.TO_BOTTOM"}
    moved = replace(state, solo_deck=cards[1:], solo_discard=(*state.solo_discard, cards[0]))
    assert _rules(moved) == set()
