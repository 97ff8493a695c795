"""The single-state invariants of properties/invariants.py refuse spoiled states, each under the rule
it guards (ISSUE 5). Their counts of dice, members and Solitaire cards were rewritten for speed
(ISSUE 15): these pin the verdicts on states spoiled by hand, where the machines only meet them when
the engine is wrong."""

from __future__ import annotations

import ast
import inspect
import random
import textwrap

import pytest
from msgspec.structs import replace

from properties import invariants
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
    Phase,
    PlaceDie,
    RoomFrame,
    Setup,
    ShuffleFrame,
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


# ---- a state checked against the state it follows (ISSUE 15: the parts a step left alone are skipped) --


def _spoilt(state: State) -> dict[str, State]:
    """``state`` spoilt in each part of ``check_state``'s inputs, one at a time: some only in the
    board, leaving every clan the very same object (the per-clan counts must still be checked)."""
    b = board(state)
    die = b.well[0]
    cards = state.solo_deck
    first = b.bridges[0]
    player = next(i for i, clan in enumerate(state.clans) if not clan.rival)
    garden = b.gardens[0]
    return {
        "a clan's seals": edit_clan(state, 0, seals=6),
        "a die lost from the Well": edit_board(state, well=()),
        "a die off the faces": edit_board(state, well=(replace(die, value=9),)),
        "a warrior in a yard, no clan changed": with_warriors(state, b.yards[0].cost, 1),
        "a gardener in a garden, no clan changed": edit_board(
            state, gardens=(replace(garden, gardeners=(1,)), *b.gardens[1:])
        ),
        "two gardeners of one clan in a garden": edit_board(
            state, gardens=(replace(garden, gardeners=(1, 1)), *b.gardens[1:])
        ),
        "a favour taken, no clan changed": edit_board(state, favours=(0, None, None)),
        "a favour held by no clan": edit_board(state, favours=(7, None, None)),
        "a bridge out of order": edit_board(state, bridges=(replace(first, left=6, right=1), *b.bridges[1:])),
        "a castle card twice": edit_board(state, steward_deck=(*b.steward_deck, b.steward_deck[0])),
        "two dice in a room at 2 clans": edit_board(
            state, rooms=(replace(b.rooms[0], dice=(die, die)), *b.rooms[1:])
        ),
        "a Solitaire card lost": replace(state, solo_deck=cards[1:]),
        "a turn order of another game": replace(state, turn_order=(0, 0)),
        "a die on a Domain line too": edit_clan(state, player, domain_dice=(die.value, None, None)),
        "a Domain card that is in a deck too": edit_clan(state, player, domain_card=b.steward_deck[0]),
        "a starting pair of castle cards": replace(state, draft=((b.steward_deck[0], b.steward_deck[1]),)),
        "a castle card twice in the Diplomats' deck": edit_board(
            state, diplomat_deck=(*b.diplomat_deck, b.diplomat_deck[0])
        ),
        "two dice Outside the Walls at 2 clans": edit_board(state, outside=((die, die), *b.outside[1:])),
        "a Solitaire card in a pending reshuffle too": replace(
            state, stack=(*state.stack, ShuffleFrame(pool=(cards[0],)))
        ),
        "a Solitaire card in the discard pile too": replace(state, solo_discard=(cards[0],)),
        "a castle card in a Lantern Area too": edit_clan(
            state, player, lantern=(*state.clans[player].lantern, b.steward_deck[0])
        ),
        "a die lost from a bridge": edit_board(state, bridges=(replace(first, right=None), *b.bridges[1:])),
        "a castle card in a room and a deck": edit_board(
            state, rooms=(replace(b.rooms[0], card=b.steward_deck[0]), *b.rooms[1:])
        ),
    }


def _at_roll() -> State:
    """A solo game at its first re-roll (the round's placed dice cleared)."""
    rng = random.Random(4)
    state = _solo_turn()
    while state.decision.kind is not DecisionKind.ROLL:
        state = apply(state, sample(state, rng) if is_chance(state) else rng.choice(legal_actions(state)))
    return state


def _phase_spoilt() -> dict[str, tuple[State, State]]:
    """(a state that passes, the same in another phase that does not): the phase decides whether a
    part finds anything (the re-roll's cleared dice, the deal's Solitaire cards)."""
    roll = _at_roll()
    turn = place(_solo_turn(), Colour.CORAL, End.LEFT, Space.WELL)
    dealing = replace(turn, phase=Phase.DEAL, solo_deck=turn.solo_deck[1:])  # the deck is not checked yet
    return {
        "the dice of a re-roll counted as a turn's": (roll, replace(roll, phase=Phase.TURNS)),
        "a Solitaire card lost, checked after the deal": (dealing, replace(dealing, phase=Phase.TURNS)),
    }


def test_a_state_checked_against_the_state_it_follows_finds_what_a_full_check_finds() -> None:
    """``check_state(after, checked)`` skips the parts whose inputs are the very objects of a state
    that passed: a part spoilt in the step is still checked, even when it leaves every clan alone."""
    passed = place(_solo_turn(), Colour.CORAL, End.LEFT, Space.WELL)
    assert check_state(passed) == []
    pairs = {name: (passed, state) for name, state in _spoilt(passed).items()} | _phase_spoilt()
    for spoilt, (before, state) in pairs.items():
        assert check_state(before) == [], spoilt
        full = check_state(state)
        assert full, spoilt
        assert check_state(state, before) == full, spoilt


def test_a_game_checked_step_by_step_skips_what_each_step_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a whole game, each state checked against the one before finds nothing, as checked in
    full; the castle cards are counted again only where a step moved one (most steps move none)."""
    counted: list[State] = []
    cards = invariants._card_conservation

    def counting(state: State) -> list[invariants.Breach]:
        counted.append(state)
        return cards(state)

    monkeypatch.setattr(invariants, "_card_conservation", counting)
    rng = random.Random(2)
    state = new_game(Setup(players=3))
    steps = 0
    while not is_over(state):
        action = sample(state, rng) if is_chance(state) else rng.choice(legal_actions(state))
        after = apply(state, action)
        counted.clear()
        assert check_state(after, state) == []
        skipped = not counted
        assert check_state(after) == []
        steps += 1
        state = after
        if skipped:
            break
    assert 0 < steps < 20  # a step that leaves the cards alone comes early


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


@pytest.mark.rule("TURN.SEQUENCE", "CASTLE.COLOUR_MATCH", "PLACE.STACK_3_4P", "DOMAIN.ONE_DIE")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_placement_oracle_agrees_with_the_engine_and_catches_a_wrong_offer(players: int) -> None:
    """At every turn of a game the placements the engine offers are the oracle's, worked out from the
    rules alone (rooms with dice and Domain lines in use included); an offer missing one, or holding
    one the rules refuse, is caught under TURN.SEQUENCE."""
    rng = random.Random(players)
    state = new_game(Setup(players=players))
    turns = 0
    late: State | None = None
    while not is_over(state):
        if is_chance(state):
            state = apply(state, sample(state, rng))
            continue
        legal = legal_actions(state)
        if state.decision.kind is DecisionKind.TURN:
            clan = state.decision.clan
            assert clan is not None
            offered = {a for a in legal if isinstance(a, PlaceDie)}
            assert invariants.place_oracle(state, clan) == offered
            assert check_legal(state, legal) == []
            turns += 1
            if late is None and any(room.dice for room in board(state).rooms) and state.turn > players:
                late = state
        state = apply(state, random_policy(state, legal, rng))
    assert turns > 6 * players
    assert late is not None
    legal = legal_actions(late)
    placements = [a for a in legal if isinstance(a, PlaceDie)]
    short = tuple(a for a in legal if a is not placements[0])
    assert {b.rule for b in check_legal(late, short)} == {"TURN.SEQUENCE"}
    every = {
        PlaceDie(bridge.colour, end, space)
        for bridge in board(late).bridges
        for end in (End.LEFT, End.RIGHT)
        for space in Space
    }
    refused = sorted(every - set(placements), key=str)
    assert refused
    for wrong in refused[:: max(1, len(refused) // 8)]:
        breaches = check_legal(late, (*legal, wrong))
        assert [b.rule for b in breaches] == ["TURN.SEQUENCE"], wrong


def test_the_events_the_account_skips_are_those_it_has_no_case_for() -> None:
    """``check_events``'s account looks only at the kinds of event it has a case for
    (``_ACCOUNTED``, a lookup by type): the lookup names exactly the kinds of its cases."""
    source = textwrap.dedent(inspect.getsource(invariants._told))
    cased: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.MatchClass) and isinstance(node.cls, ast.Attribute):
            cased.add(node.cls.attr)
    assert len(cased) > 10
    assert {kind.__name__ for kind in invariants._ACCOUNTED} == cased


def test_an_event_naming_no_registered_rule_is_caught() -> None:
    """Every event of a step names rules of the register (API.EVENTS): none, or one the register
    lacks beside one it has, is caught."""
    before = started()
    after = place(before, Colour.CORAL, End.LEFT, Space.WELL)
    assert invariants.check_events(before, after) == []
    event = after.events[0]
    assert event.rules
    for rules in ((), ("NO.SUCH_RULE",), (*event.rules, "NO.SUCH_RULE")):
        spoilt = replace(after, events=(replace(event, rules=rules), *after.events[1:]))
        assert [b.rule for b in invariants.check_events(before, spoilt)] == ["API.EVENTS"], rules
