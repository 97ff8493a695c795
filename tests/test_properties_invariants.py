"""The single-state invariants of properties/invariants.py refuse spoiled states, each under the rule
it guards (ISSUE 5). Their counts of dice, members and Solitaire cards were rewritten for speed
(ISSUE 15): these pin the verdicts on states spoiled by hand, where the machines only meet them when
the engine is wrong."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from properties.invariants import check_legal, check_state, dice_on_board, placed_dice
from properties.machines import reached_in_step
from reference.chance import sample
from reference.engine import apply, is_chance, is_over, legal_actions, new_game
from reference.model import (
    Action,
    Audience,
    ChooseFavour,
    ChooseGarden,
    ChooseRoom,
    ChooseYard,
    Climb,
    Colour,
    DecisionKind,
    End,
    Gain,
    GainKind,
    PayCheckpoint,
    RoomFrame,
    Setup,
    Slot,
    Solo,
    Space,
    State,
)
from reference.model import events as ev
from reference.policies import random_policy
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


# ---- the legal actions' own checks and the machines' reachability (ISSUE 15 sped both up) ------------


def _first_offering(kind: type[Action], players: int = 3) -> State:
    """The first decision of a random game (seed after seed) whose legal actions hold a ``kind``."""
    for seed in range(80):
        rng = random.Random(seed)
        state = new_game(Setup(players=players))
        while not is_over(state):
            if is_chance(state):
                state = apply(state, sample(state, rng))
                continue
            actions = legal_actions(state)
            if any(type(a) is kind for a in actions):
                return state
            state = apply(state, random_policy(state, actions, rng))
    raise AssertionError(f"no {kind.__name__} offered in 80 games")


@pytest.mark.parametrize(
    ("kind", "spoil", "rule"),
    [
        (Audience, {"coins": 0}, "COURTIER.AUDIENCE"),
        (Climb, {"pearl": 0}, "COURTIER.CLIMB"),
        (ChooseYard, {"iron": 0}, "WARRIOR.PLACE"),
        (ChooseGarden, {"food": 0}, "GARDENER.PLACE"),
        (PayCheckpoint, {"seals": 0}, "TIME.CHECKPOINTS"),
    ],
)
def test_a_legal_action_the_clan_cannot_pay_for_is_caught(
    kind: type[Action], spoil: dict[str, int], rule: str
) -> None:
    state = _first_offering(kind)
    actions = legal_actions(state)
    assert check_legal(state, actions) == []
    clan = state.decision.clan
    assert clan is not None
    spoiled = edit_clan(state, clan, **spoil)  # the same actions offered to a clan that cannot pay
    assert rule in {b.rule for b in check_legal(spoiled, actions)}


def test_a_taken_favour_offered_is_caught() -> None:
    state = _first_offering(ChooseFavour, players=4)
    actions = legal_actions(state)
    assert check_legal(state, actions) == []
    slot = next(a.slot for a in actions if isinstance(a, ChooseFavour))
    favours = list(board(state).favours)
    favours[slot] = 1 - (state.decision.clan or 0)
    spoiled = edit_board(state, favours=tuple(favours))
    assert "COURTIER.DAIMYO.FAVOUR" in {b.rule for b in check_legal(spoiled, actions)}


def test_a_room_of_another_floor_offered_is_caught() -> None:
    state = _first_offering(ChooseRoom)
    actions = legal_actions(state)
    assert check_legal(state, actions) == []
    top = state.stack[-1]
    assert isinstance(top, RoomFrame)
    other = next(i for i, room in enumerate(board(state).rooms) if room.floor != top.floor)
    spoiled = (*actions, ChooseRoom(other))  # a room the climb did not end on, offered too
    assert "COURTIER.FLOOR12.END_ROOM_ONLY" in {b.rule for b in check_legal(state, spoiled)}


@pytest.mark.parametrize(
    ("event", "item"),
    [
        (
            ev.CheckpointUnaffordable(clan=0, space=6, seals=0, held=0, lost=1),
            "checkpoint unaffordable (stopped)",
        ),
        (
            ev.IconUndoable(clan=1, icon=Gain(GainKind.COIN, 1), why="no_warrior", points=1),
            "rival action undoable (SOLO.TURN.UNDOABLE)",
        ),
        (
            ev.HandIn(clan=1, round=1, place=1, rate=3, coins=3, points=3, kept=0),
            "rival hand-in with Clan Points",
        ),
        (
            ev.CardFlipped(
                clan=1, card="P1", top="P2", bridge=Colour.CORAL, slot=Slot.LEFT, found=True, wrapped=True
            ),
            "rival deck exhausted (RULING.SOLO_DECK_EXHAUSTED)",
        ),
        (ev.HardBonusCard(clan=1, card="P1"), "Hard bonus card revealed (GINKGO.BONUS)"),
    ],
)
def test_each_reaching_event_is_reached(event: ev.Event, item: str) -> None:
    state = started()
    action = legal_actions(state)[0]
    after = apply(state, action)
    assert item not in reached_in_step(state, action, after)
    assert item in reached_in_step(state, action, replace(after, events=(*after.events, event)))
