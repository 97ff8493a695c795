"""Rounds: 3 rounds of 3 turns per clan, the end of a round (turn order, Gardens step, clearing and
re-rolling) and the end of the game."""

from __future__ import annotations

import re

import pytest
from msgspec.structs import replace

from reference.engine import apply, is_over, legal_actions
from reference.model import (
    Accept,
    Colour,
    DecisionKind,
    Decline,
    Die,
    Difficulty,
    End,
    Gain,
    GainKind,
    OptionalFrame,
    Origin,
    Phase,
    PlaceDie,
    Roll,
    Source,
    Space,
    State,
    Trade,
    WellIcon,
)
from reference.model import events as ev
from reference.narrate import source_name
from reference.rules.bridges import sorted_bridge
from tests.helpers import (
    G1_SLOT,
    G3_SLOT,
    G5_SLOT,
    G7_SLOT,
    S2_ROOM,
    assert_illegal,
    board,
    clan,
    edit_board,
    edit_clan,
    get_bridge,
    holding,
    last_turn,
    only_bridges,
    options,
    place,
    room,
    settle,
    started,
    waiting,
    with_gardeners,
    with_room_dice,
    with_warriors,
)
from tests.solo_helpers import PLAYER, RIVAL, at_player_turn, filler, solo_setup

ROLL = Roll(((3, 1, 2), (6, 5, 4), (1, 1, 6)))


def first_option(state: State) -> State:
    """Apply the first non-trade legal action."""
    return apply(state, options(state)[0])


@pytest.mark.rule("ROUND.COUNT", "ROUND.GAME_END", "RULING.CHANCE_ROLL")
def test_round_three_rounds_of_three_turns_each() -> None:
    state = started()
    placements: dict[int, list[int]] = {1: [], 2: [], 3: []}
    dice_left: dict[int, int] = {}
    steps = 0
    while not is_over(state):
        steps += 1
        assert steps < 2000
        if state.decision.kind is DecisionKind.ROLL:
            dice_left[state.round] = sum(b.count() for b in board(state).bridges)
            state = apply(state, ROLL)
            assert sum(b.count() for b in board(state).bridges) == 9
            continue
        if state.decision.kind is DecisionKind.TURN:
            assert state.decision.clan is not None
            placements[state.round].append(state.decision.clan)
        state = first_option(state)
    assert state.round == 3
    assert {r: len(p) for r, p in placements.items()} == {1: 6, 2: 6, 3: 6}
    for clans in placements.values():
        assert sorted(clans) == [0, 0, 0, 1, 1, 1]
        # clans alternate in turn order
        assert clans[0::2] == [clans[0]] * 3
        assert clans[1::2] == [clans[1]] * 3
    assert dice_left == {1: 3, 2: 3}
    assert sum(b.count() for b in board(state).bridges) == 3
    assert state.phase is Phase.OVER
    assert waiting(state, DecisionKind.NONE, None)
    assert len(state.scores) == 2


@pytest.mark.rule("ROUND.COUNT")
def test_round_turns_follow_turn_order() -> None:
    state = holding(started(), 0, coins=20)
    state = holding(state, 1, coins=20)
    assert waiting(state, DecisionKind.TURN, 0)
    state = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    assert waiting(state, DecisionKind.TURN, 1)
    state = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    assert waiting(state, DecisionKind.TURN, 0)
    assert state.turn == 2


@pytest.mark.rule("ROUND.END_ORDER", "ROUND.CLEAR_REROLL", "WARRIOR.NEVER_MOVE", "DAIMYO.FAVOURS")
def test_round_end_clears_dice_keeps_members_and_cards() -> None:
    state = last_turn(started())
    state = with_room_dice(state, S2_ROOM, Die(Colour.CORAL, 4, 0))
    state = edit_board(state, outside=((Die(Colour.BLACK, 5, 0),), ()), favours=(0, None, None))
    state = with_warriors(state, 3, 0, 1)
    state = with_gardeners(state, G3_SLOT, 1)
    state = holding(state, 0, domain_dice=(3, None, 5), courtiers=(1, 1, 0, 1), sent=(3, 1, 1))
    state = only_bridges(state, white=(None, (2,), 6))
    after = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    assert waiting(after, DecisionKind.ROLL, None)
    assert after.phase is Phase.ROLL
    b = board(after)
    assert all(r.dice == () for r in b.rooms)
    assert b.outside == ((), ())
    assert b.well == ()
    assert clan(after, 0).domain_dice == (None, None, None)
    # members, cards and tiles stay
    assert clan(after, 0).courtiers == (1, 1, 0, 1)
    assert clan(after, 0).sent == (3, 1, 1)
    assert next(y for y in b.yards if y.cost == 3).warriors == (0, 1)
    assert b.gardens[G3_SLOT].gardeners == (1,)
    assert b.favours == (0, None, None)
    assert [r.card for r in b.rooms] == [r.card for r in board(state).rooms]
    assert [r.tiles for r in b.rooms] == [r.tiles for r in board(state).rooms]
    assert b.well_tiles == board(state).well_tiles


@pytest.mark.rule("ROUND.CLEAR_REROLL", "SETUP.BRIDGES_SORTED", "RULING.CHANCE_ROLL")
def test_round_reroll_sorts_bridges_and_starts_next_round() -> None:
    state = last_turn(started())
    state = holding(state, 0, time=1)
    state = holding(state, 1, time=4)
    state = only_bridges(state, white=(None, (2,), 6))
    rolled = apply(place(state, Colour.WHITE, End.RIGHT, Space.WELL), ROLL)
    assert rolled.round == 2
    assert rolled.turn == 0
    assert rolled.phase is Phase.TURNS
    assert get_bridge(rolled, Colour.CORAL) == sorted_bridge(Colour.CORAL, (1, 2, 3))
    assert get_bridge(rolled, Colour.CORAL).left == 1
    assert get_bridge(rolled, Colour.CORAL).centre == (2,)
    assert get_bridge(rolled, Colour.CORAL).right == 3
    assert get_bridge(rolled, Colour.BLACK).left == 4
    assert get_bridge(rolled, Colour.WHITE).right == 6
    # the new turn order: clan 1 is further along the Passage of Time
    assert rolled.turn_order == (1, 0)
    assert waiting(rolled, DecisionKind.TURN, 1)


@pytest.mark.rule("RULING.CHANCE_ROLL")
def test_round_bad_roll_refused() -> None:
    state = last_turn(started())
    state = only_bridges(state, white=(None, (2,), 6))
    at_roll = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    assert_illegal(at_roll, Roll(((1, 2), (1, 2, 3), (1, 2, 3))), "RULING.CHANCE_ROLL")
    assert_illegal(at_roll, Roll(((1, 2, 7), (1, 2, 3), (1, 2, 3))), "RULING.CHANCE_ROLL")
    assert_illegal(at_roll, PlaceDie(Colour.WHITE, End.LEFT, Space.WELL), "RULING.CHANCE_ROLL")


# ---- the Gardens step -------------------------------------------------------------------------------


def end_of_round_with_gardens(round_no: int, coral: tuple[int | None, tuple[int, ...], int | None]) -> State:
    """Clan 1 plays the last turn of ``round_no``: it takes the white 6 to the Well. Clan 0 has
    gardeners on G1 (coral bridge, coin+3) and G3 (black bridge, seal+2); the black bridge is empty."""
    state = last_turn(started(), round_no)
    state = with_gardeners(state, G1_SLOT, 0)
    state = with_gardeners(state, G3_SLOT, 0)
    state = holding(state, 0, food=2, coins=0, seals=0, sent=(0, 2, 0))
    state = only_bridges(state, coral=coral, white=(None, (2,), 6))
    return place(state, Colour.WHITE, End.RIGHT, Space.WELL)


@pytest.mark.rule("GARDENER.REACTIVATE", "ROUND.GARDENS")
@pytest.mark.parametrize("round_no", [1, 2])
def test_round_gardens_step_only_under_a_bridge_with_a_die(round_no: int) -> None:
    asked = end_of_round_with_gardens(round_no, coral=(None, (), 5))
    assert waiting(asked, DecisionKind.OPTIONAL, 0)
    step = [e for e in asked.events if isinstance(e, ev.GardensStep)]
    assert step == [ev.GardensStep(round=round_no, bridges=(Colour.CORAL, Colour.WHITE))]
    assert {"ROUND.GARDENS", "GARDENER.REACTIVATE"} <= set(step[0].rules)
    top = asked.stack[-1]
    assert isinstance(top, OptionalFrame)
    g1 = Origin(kind="garden", card="G1", slot=G1_SLOT)
    assert top == OptionalFrame(0, Source("garden", "G1"), (Gain(GainKind.COIN, 3),), origin=g1)
    assert "G1" in source_name(top.source)
    # only G1 is offered: G3's bridge (black) is empty
    assert [f for f in asked.stack if isinstance(f, OptionalFrame)] == [top]
    after = apply(asked, Accept())
    # G1 paid 3 coins again; G3 (black bridge empty) did nothing; no food paid again
    c = clan(after, 0)
    assert (c.coins, c.seals, c.food) == (3, 0, 2)
    assert waiting(after, DecisionKind.ROLL, None)


@pytest.mark.rule("GARDENER.REACTIVATE", "ROUND.GARDENS")
def test_round_gardens_step_nothing_when_bridges_empty() -> None:
    after = end_of_round_with_gardens(1, coral=(None, (), None))
    assert waiting(after, DecisionKind.ROLL, None)
    assert (clan(after, 0).coins, clan(after, 0).seals) == (0, 0)


@pytest.mark.rule("ROUND.GAME_END", "GARDENER.REACTIVATE")
def test_round_no_gardens_step_after_round_3() -> None:
    after = end_of_round_with_gardens(3, coral=(None, (), 5))
    assert is_over(after)
    assert clan(after, 0).coins == 0
    assert waiting(after, DecisionKind.NONE, None)


@pytest.mark.rule("RULING.GARDENS_STEP", "GARDENER.REACTIVATE")
def test_round_gardens_step_may_be_declined() -> None:
    asked = end_of_round_with_gardens(1, coral=(None, (), 5))
    after = apply(asked, Decline())
    assert clan(after, 0).coins == 0
    assert waiting(after, DecisionKind.ROLL, None)


@pytest.mark.rule("RULING.GARDENS_STEP", "ROUND.GARDENS", "EFFECT.PAID_ICON")
def test_round_gardens_step_plant_coins_paid_again() -> None:
    # G7 (coral Plant): 3 coins for a Courtier action
    state = last_turn(started())
    state = with_gardeners(state, G7_SLOT, 0)
    state = holding(state, 0, coins=5, food=0, sent=(0, 1, 0))
    state = only_bridges(state, coral=(None, (), 5), white=(None, (2,), 6))
    asked = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    assert waiting(asked, DecisionKind.OPTIONAL, 0)
    top = asked.stack[-1]
    assert isinstance(top, OptionalFrame)
    assert top.coins == 3
    accepted = apply(asked, Accept())
    assert clan(accepted, 0).coins == 2
    assert waiting(accepted, DecisionKind.COURTIER, 0)


@pytest.mark.rule("RULING.GARDENS_STEP", "ROUND.END_ORDER", "ROUND.GARDENS")
def test_round_gardens_step_clan_by_clan_in_new_turn_order() -> None:
    state = last_turn(started())
    state = with_gardeners(state, G1_SLOT, 0, 1)
    state = holding(state, 0, time=1, sent=(0, 1, 0))
    state = holding(state, 1, time=3, sent=(0, 1, 0))
    state = only_bridges(state, coral=(None, (), 5), white=(None, (2,), 6))
    first = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    assert first.turn_order == (1, 0)  # set before the Gardens step
    assert waiting(first, DecisionKind.OPTIONAL, 1)
    second = apply(first, Accept())
    assert waiting(second, DecisionKind.OPTIONAL, 0)
    done = apply(second, Accept())
    assert clan(done, 1).coins == clan(first, 1).coins + 3
    assert clan(done, 0).coins == clan(first, 0).coins + 3
    assert waiting(done, DecisionKind.ROLL, None)


@pytest.mark.rule("RULING.GARDEN_ORDER", "RULING.TRADES_AT_OWN_DECISIONS")
def test_round_gardens_step_one_clan_in_slot_order() -> None:
    # clan 0: G1 (coral Stone, coin+3) and G5 (white Stone, Well); both bridges still hold a die
    state = last_turn(started())
    state = with_gardeners(state, G1_SLOT, 0)
    state = with_gardeners(state, G5_SLOT, 0)
    state = holding(state, 0, coins=0, seals=0, sent=(0, 2, 0))
    state = only_bridges(state, coral=(None, (), 5), white=(None, (2,), 6))
    first = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    top = first.stack[-1]
    assert isinstance(top, OptionalFrame)
    assert top.source == Source("garden", "G1")
    assert "G1" in source_name(top.source)
    second = apply(first, Accept())
    top = second.stack[-1]
    assert isinstance(top, OptionalFrame)
    g5 = Origin(kind="garden", card="G5", slot=G5_SLOT)
    assert top == OptionalFrame(0, Source("garden", "G5"), (WellIcon(),), origin=g5)
    assert "G5" in source_name(top.source)
    assert Trade(None) not in legal_actions(second)  # no seal yet
    done = apply(second, Accept())
    c = clan(done, 0)
    assert (c.coins, c.seals) == (3 + 2, 1)


@pytest.mark.rule("ROUND.GAME_END", "TURN.DECISION")
def test_round_game_over_refuses_every_action() -> None:
    state = last_turn(started(), 3)
    state = only_bridges(state, white=(None, (2,), 6))
    over = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    assert is_over(over)
    assert legal_actions(over) == ()
    assert_illegal(over, PlaceDie(Colour.WHITE, End.LEFT, Space.WELL), "ROUND.GAME_END")
    assert_illegal(over, ROLL, "ROUND.GAME_END")


@pytest.mark.rule("ROUND.CLEAR_REROLL")
def test_round_room_takes_a_die_again_next_round() -> None:
    state = last_turn(started())
    state = with_room_dice(state, S2_ROOM, Die(Colour.CORAL, 4, 0))
    state = only_bridges(state, white=(None, (2,), 6))
    rolled = apply(place(state, Colour.WHITE, End.RIGHT, Space.WELL), ROLL)
    rolled = holding(rolled, rolled.turn_order[0], coins=10)
    assert room(rolled, S2_ROOM).dice == ()
    mover = rolled.turn_order[0]
    assert waiting(rolled, DecisionKind.TURN, mover)
    after = settle(place(rolled, Colour.CORAL, End.RIGHT, Space.STEWARD_1))
    assert room(after, S2_ROOM).dice == (Die(Colour.CORAL, 3, mover),)


@pytest.mark.rule("RULING.CHANCE_ROLL", "SETUP.DICE_PER_COLOUR")
@pytest.mark.parametrize("bad", [0, 7])
def test_round_roll_with_a_value_off_the_die_names_the_range(bad: int) -> None:
    state = last_turn(started())
    state = only_bridges(state, white=(None, (2,), 6))
    at_roll = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    error = assert_illegal(at_roll, Roll(((1, 2, 3), (bad, 2, 3), (1, 2, 3))), "RULING.CHANCE_ROLL")
    assert re.search(r"\bdie values\b", error.reason)
    assert re.search(r"\b1\.\.6\b", error.reason)


@pytest.mark.rule("RULING.CHANCE_ROLL", "SOLO.ROUND.SHUFFLE")
def test_round_roll_with_a_solitaire_deck_outside_a_solo_game_refused() -> None:
    state = last_turn(started())
    state = only_bridges(state, white=(None, (2,), 6))
    at_roll = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    error = assert_illegal(at_roll, Roll(ROLL.dice, ("N1",)), "RULING.CHANCE_ROLL")
    assert re.search(r"\bsolo_deck\b", error.reason)
    assert re.search(r"\bsolo game\b", error.reason)


@pytest.mark.rule("RULING.GARDENS_STEP", "GARDENER.REACTIVATE", "SOLO.ROUND.GARDENS")
def test_round_solo_gardens_step_player_first_the_rival_scores_its_own() -> None:
    # a Medium solo game (rival first in round 1), the player's last turn; the player has moved further
    # on the Passage of Time, so it is first in the new order; both have a gardener on G1 (coral bridge,
    # which keeps a die): the player is asked, the rival scores the round number
    setup = solo_setup(filler("N1"), filler("N2"), difficulty=Difficulty.MEDIUM)
    state = at_player_turn(setup)
    state = replace(state, turn=5)
    state = only_bridges(state, coral=(2, (), None), white=(None, (), 6))
    state = edit_clan(state, PLAYER, time=5, coins=0, sent=(0, 1, 0))
    state = edit_clan(state, RIVAL, cp=0, sent=(0, 1, 0))
    state = with_gardeners(state, G1_SLOT, PLAYER, RIVAL)
    asked = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    assert asked.turn_order == (PLAYER, RIVAL)
    assert waiting(asked, DecisionKind.OPTIONAL, PLAYER)
    top = asked.stack[-1]
    assert isinstance(top, OptionalFrame)
    g1 = Origin(kind="garden", card="G1", slot=G1_SLOT)
    assert top == OptionalFrame(PLAYER, Source("garden", "G1"), (Gain(GainKind.COIN, 3),), origin=g1)
    assert "G1" in source_name(top.source)
    # the rival is not asked: it scores the round number for its gardener
    assert not any(isinstance(f, OptionalFrame) and f.clan == RIVAL for f in asked.stack)
    scored = [e for e in asked.events if isinstance(e, ev.RivalGardens)]
    assert scored == [ev.RivalGardens(clan=RIVAL, gardeners=1, points=1)]
    assert "SOLO.ROUND.GARDENS" in scored[0].rules
    assert clan(asked, RIVAL).cp == 1
    done = apply(asked, Accept())
    assert clan(done, PLAYER).coins == clan(asked, PLAYER).coins + 3
    assert waiting(done, DecisionKind.ROLL, None)


@pytest.mark.rule("ROUND.END_ORDER", "ROUND.CLEAR_REROLL", "ROUND.COUNT", "RULING.CHANCE_ROLL")
def test_round_end_reports_the_cleared_board_the_reroll_and_the_new_round() -> None:
    state = holding(holding(last_turn(started()), 0, time=1), 1, time=4)
    state = only_bridges(state, white=(None, (2,), 6))
    at_roll = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    ended = [e for e in at_roll.events if isinstance(e, ev.RoundEnded | ev.BoardCleared)]
    assert ended == [ev.RoundEnded(round=1, turn_order=(1, 0)), ev.BoardCleared(round=1)]
    rolled = apply(at_roll, ROLL)
    assert rolled.events == (
        ev.Rerolled(
            round=2,
            board=board(rolled),
            rules=("RULING.CHANCE_ROLL", "ROUND.CLEAR_REROLL", "SETUP.BRIDGES_SORTED"),
        ),
        ev.RoundStarted(round=2, turn_order=(1, 0)),
        ev.TurnStarted(round=2, turn=1, clan=1),
    )


@pytest.mark.rule("SOLO.ROUND.SHUFFLE", "RULING.CHANCE_ROLL", "ROUND.CLEAR_REROLL")
def test_round_solo_reroll_reports_the_reshuffled_deck_under_the_shuffle_rule() -> None:
    setup = solo_setup(filler("N1"), filler("N2"), difficulty=Difficulty.MEDIUM)
    state = only_bridges(replace(at_player_turn(setup), turn=5), white=(None, (), 6))
    at_roll = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    assert waiting(at_roll, DecisionKind.ROLL, None)
    rolled = apply(at_roll, Roll(ROLL.dice, ("N2", "N1")))
    reroll = [e for e in rolled.events if isinstance(e, ev.Rerolled)]
    assert len(reroll) == 1
    # (the board of the event is the re-rolled one; the rival, first in round 2, has played since)
    assert (reroll[0].round, reroll[0].solo_deck, reroll[0].rules) == (
        2,
        ("N2", "N1"),
        ("RULING.CHANCE_ROLL", "ROUND.CLEAR_REROLL", "SETUP.BRIDGES_SORTED", "SOLO.ROUND.SHUFFLE"),
    )
    assert reroll[0].board.bridges[0] == sorted_bridge(Colour.CORAL, ROLL.dice[0])
