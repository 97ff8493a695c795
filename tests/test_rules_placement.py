"""Placing a die: printed values and the coin difference, paying, the Well, stacking, the castle rooms
(colour match, every matching row, dark rows), Outside the Walls and the Domain board lines."""

from __future__ import annotations

import re

import pytest
from msgspec.structs import replace

from reference.engine import apply, legal_actions
from reference.model import (
    SPACES,
    Accept,
    ChooseMember,
    Colour,
    CourtierFrame,
    DecisionKind,
    Decline,
    Die,
    Effect,
    End,
    Gain,
    GainKind,
    Influence,
    Member,
    MemberIcon,
    Next,
    OptionalFrame,
    PlaceDie,
    Slot,
    Space,
    State,
    Trade,
)
from reference.model import events as ev
from reference.narrate import event_lines, names_for, space_name
from reference.rules.placement import take_and_place
from tests.helpers import (
    D2_ROOM,
    S2_ROOM,
    S5_ROOM,
    assert_illegal,
    board,
    clan,
    edit_board,
    edit_clan,
    holding,
    only_bridges,
    options,
    place,
    room,
    settle,
    started,
    waiting,
    with_room_dice,
)

# ---- printed values and the coin difference ------------------------------------------------------


@pytest.mark.rule(
    "PLACE.COIN_DIFFERENCE",
    "CASTLE.STEWARD_VALUE",
    "CASTLE.DIPLOMAT_VALUE",
    "OUTSIDE.VALUE",
    "WELL.VALUE",
    "DOMAIN.VALUE",
)
@pytest.mark.parametrize(
    ("space", "gain"),
    [
        (Space.STEWARD_1, 6 - 3),
        (Space.DIPLOMAT_1, 6 - 4),
        (Space.OUTSIDE_LEFT, 6 - 5),
        (Space.OUTSIDE_RIGHT, 6 - 5),
        (Space.DOMAIN_WHITE, 6 - 6),
    ],
)
def test_place_die_higher_than_space_gains_difference(space: Space, gain: int) -> None:
    state = holding(started(), 0, coins=0)
    state = only_bridges(state, white=(None, (), 6))
    after = place(state, Colour.WHITE, End.RIGHT, space)
    assert clan(after, 0).coins == gain


@pytest.mark.rule("PLACE.COIN_DIFFERENCE", "CASTLE.STEWARD_VALUE")
@pytest.mark.parametrize(("die", "coins_after"), [(1, 8), (2, 9), (3, 10), (5, 12)])
def test_place_steward_room_compares_with_3(die: int, coins_after: int) -> None:
    state = holding(started(), 0, coins=10)
    state = only_bridges(state, coral=(None, (), die))
    after = place(state, Colour.CORAL, End.RIGHT, Space.STEWARD_1)
    assert clan(after, 0).coins == coins_after


@pytest.mark.rule("PLACE.COIN_DIFFERENCE", "DOMAIN.VALUE")
def test_place_lower_die_pays_difference() -> None:
    state = holding(started(), 0, coins=5, domain_card="S12")
    state = only_bridges(state, coral=(None, (), 2))
    after = place(state, Colour.CORAL, End.RIGHT, Space.DOMAIN_CORAL)
    # pays 6 - 2 = 4, then the coral line gives 1 food and S12's top row 2 pearl
    assert clan(after, 0).coins == 1


@pytest.mark.rule("PLACE.MUST_PAY")
def test_place_cannot_place_what_you_cannot_pay() -> None:
    state = holding(started(), 0, coins=4)
    state = only_bridges(state, coral=(None, (), 1))
    action = PlaceDie(Colour.CORAL, End.RIGHT, Space.DOMAIN_CORAL)
    assert_illegal(state, action, "PLACE.MUST_PAY")
    richer = holding(state, 0, coins=5)
    assert action in legal_actions(richer)
    assert clan(apply(richer, action), 0).coins == 0


@pytest.mark.rule("PLACE.MUST_PAY", "RULING.TRADES_AT_OWN_DECISIONS")
def test_place_must_pay_counts_coins_not_seals_until_traded() -> None:
    state = holding(started(), 0, coins=4, seals=1)
    state = only_bridges(state, coral=(None, (), 1))
    action = PlaceDie(Colour.CORAL, End.RIGHT, Space.DOMAIN_CORAL)
    assert_illegal(state, action, "PLACE.MUST_PAY")
    traded = apply(state, Trade(None))
    assert action in legal_actions(traded)


@pytest.mark.rule("PLACE.WELL_ONE", "WELL.VALUE", "WELL.REWARD")
@pytest.mark.parametrize(("die", "coins_after"), [(1, 2), (3, 4), (6, 7)])
def test_place_well_never_costs_and_gives_seal_and_both_tiles(die: int, coins_after: int) -> None:
    # Well tiles of the fixed deal: coral-coin and black-coin
    state = holding(started(), 0, coins=0, seals=0)
    state = only_bridges(state, white=(None, (), die))
    after = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    assert clan(after, 0).seals == 1
    assert clan(after, 0).coins == coins_after
    assert waiting(after, DecisionKind.TURN, 1)


@pytest.mark.rule("PLACE.WELL_ONE", "WELL.VALUE", "PLACE.NO_STACK_2P")
def test_place_well_takes_any_number_of_dice_compared_with_1() -> None:
    state = holding(started(), 0, coins=0)
    state = edit_board(state, well=(Die(Colour.BLACK, 6, 1), Die(Colour.CORAL, 5, 1)))
    state = only_bridges(state, white=(None, (), 1))
    after = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    assert clan(after, 0).coins == 2  # the two Well tiles; nothing paid for the 1 under the 5 and 6
    assert len(board(after).well) == 3


@pytest.mark.rule("PLACE.WELL_ALWAYS_LEGAL")
def test_place_well_always_legal_even_without_coins() -> None:
    state = holding(started(), 0, coins=0)
    ends = [(b.colour, e) for b in board(state).bridges for e in (End.LEFT, End.RIGHT)]
    legal = legal_actions(state)
    for colour, end in ends:
        assert PlaceDie(colour, end, Space.WELL) in legal


# ---- stacking ---------------------------------------------------------------------------------


@pytest.mark.rule("PLACE.NO_STACK_2P")
@pytest.mark.parametrize("space", [Space.STEWARD_1, Space.OUTSIDE_LEFT, Space.OUTSIDE_RIGHT])
def test_place_no_stacking_at_2_players(space: Space) -> None:
    state = holding(started(), 0, coins=20)
    state = only_bridges(state, coral=(None, (3,), 5))
    first = place(state, Colour.CORAL, End.RIGHT, space)
    # hand the turn back to clan 0 without changing the board (decline what the space offers)
    if first.decision.kind is DecisionKind.OUTSIDE:
        first = apply(first, Decline())
    first = settle(first)
    assert waiting(first, DecisionKind.TURN, 1)
    first = holding(first, 1, coins=20)
    assert_illegal(first, PlaceDie(Colour.CORAL, End.RIGHT, space), "PLACE.NO_STACK_2P")


@pytest.mark.rule("PLACE.NO_STACK_2P")
def test_place_no_stacking_at_2_players_diplomat_room() -> None:
    state = holding(started(), 1, coins=20)
    state = with_room_dice(state, 3, Die(Colour.BLACK, 2, 0))
    state = holding(state, 0, coins=20)
    assert_illegal(state, PlaceDie(Colour.BLACK, End.RIGHT, Space.DIPLOMAT_1), "PLACE.NO_STACK_2P")


@pytest.mark.rule("PLACE.STACK_3_4P", "PLACE.COIN_DIFFERENCE")
def test_place_stacking_at_3_players_compares_with_die_underneath() -> None:
    state = holding(started(3), 0, coins=10)
    state = with_room_dice(state, S2_ROOM, Die(Colour.CORAL, 5, 1))
    state = only_bridges(state, coral=(None, (), 2), white=(None, (), 6))
    lower = place(state, Colour.CORAL, End.RIGHT, Space.STEWARD_1)
    assert clan(lower, 0).coins == 10 - 3  # 2 against the 5 underneath, not against the printed 3
    assert [d.value for d in room(lower, S2_ROOM).dice] == [5, 2]
    higher = place(state, Colour.WHITE, End.RIGHT, Space.STEWARD_1)
    assert clan(higher, 0).coins == 10 + 1  # 6 against 5
    # the placement over another die cites the stacking rule first; onto an empty space or the Well
    # (which takes any number of dice: PLACE.WELL_ONE) it does not
    assert _placed_rules(lower) == ("PLACE.STACK_3_4P", "PLACE.COIN_DIFFERENCE", "TURN.SEQUENCE")
    empty = place(state, Colour.WHITE, End.RIGHT, Space.STEWARD_2)
    assert _placed_rules(empty) == ("PLACE.COIN_DIFFERENCE", "TURN.SEQUENCE")
    well = edit_board(state, well=(Die(Colour.BLACK, 6, 1),))
    assert _placed_rules(place(well, Colour.WHITE, End.RIGHT, Space.WELL)) == (
        "PLACE.COIN_DIFFERENCE",
        "TURN.SEQUENCE",
    )


def _placed_rules(after: State) -> tuple[str, ...]:
    placed = [e for e in after.events if isinstance(e, ev.DiePlaced)]
    assert len(placed) == 1, after.events
    return placed[0].rules


@pytest.mark.rule("PLACE.STACK_3_4P")
def test_place_third_die_refused_at_3_players() -> None:
    state = holding(started(3), 0, coins=10)
    state = with_room_dice(state, S2_ROOM, Die(Colour.CORAL, 5, 1), Die(Colour.CORAL, 2, 2))
    assert_illegal(state, PlaceDie(Colour.CORAL, End.RIGHT, Space.STEWARD_1), "PLACE.STACK_3_4P")
    outside = edit_board(state, outside=((Die(Colour.CORAL, 5, 1), Die(Colour.BLACK, 6, 2)), ()))
    assert_illegal(outside, PlaceDie(Colour.CORAL, End.RIGHT, Space.OUTSIDE_LEFT), "PLACE.STACK_3_4P")
    # one die there: a second is allowed at 3 players
    one = edit_board(state, outside=((Die(Colour.CORAL, 5, 1),), ()))
    assert PlaceDie(Colour.CORAL, End.RIGHT, Space.OUTSIDE_LEFT) in legal_actions(one)


# ---- castle rooms -----------------------------------------------------------------------------


@pytest.mark.rule("CASTLE.COLOUR_MATCH")
def test_place_castle_die_must_match_a_tile_colour() -> None:
    state = holding(started(), 0, coins=20)
    # room 0 (S2) shows white, coral, coral: no black
    assert_illegal(state, PlaceDie(Colour.BLACK, End.RIGHT, Space.STEWARD_1), "CASTLE.COLOUR_MATCH")
    assert PlaceDie(Colour.CORAL, End.RIGHT, Space.STEWARD_1) in legal_actions(state)
    assert PlaceDie(Colour.WHITE, End.RIGHT, Space.STEWARD_1) in legal_actions(state)


@pytest.mark.rule("CASTLE.COLOUR_MATCH")
def test_place_castle_colour_match_for_every_room() -> None:
    state = holding(started(), 0, coins=20)
    legal = legal_actions(state)
    rooms = [Space.STEWARD_1, Space.STEWARD_2, Space.STEWARD_3, Space.DIPLOMAT_1, Space.DIPLOMAT_2]
    for index, space in enumerate(rooms):
        tiles = set(room(state, index).tiles)
        for colour in Colour:
            assert (PlaceDie(colour, End.RIGHT, space) in legal) == (colour in tiles)


@pytest.mark.rule("CASTLE.EVERY_MATCHING_ROW")
def test_place_castle_every_matching_row_is_resolved() -> None:
    # room 0 (S2): coral tiles on the middle (PoT+1) and bottom (iron+2) rows
    state = holding(started(), 0, coins=0)
    state = only_bridges(state, coral=(None, (), 3))
    asked = place(state, Colour.CORAL, End.RIGHT, Space.STEWARD_1)
    assert waiting(asked, DecisionKind.ORDER, 0)
    assert set(options(asked)) == {Next(0), Next(1)}
    after = settle(asked)
    assert clan(after, 0).time == 1
    assert clan(after, 0).iron == 2
    assert waiting(after, DecisionKind.TURN, 1)


@pytest.mark.rule("CASTLE.EVERY_MATCHING_ROW")
def test_place_castle_only_matching_rows() -> None:
    # room 1 (S5): black top (dark Warrior), white middle (food+1 pearl+1), coral bottom (iron+1, Lantern)
    state = holding(started(), 0, coins=0)
    state = only_bridges(state, white=(None, (), 3))
    after = place(state, Colour.WHITE, End.RIGHT, Space.STEWARD_2)
    c = clan(after, 0)
    assert (c.food, c.pearl, c.iron) == (1, 1, 0)
    assert waiting(after, DecisionKind.TURN, 1)


@pytest.mark.rule("CASTLE.DARK_SEAL", "RULING.EFFECTS_OPTIONAL_ORDER")
def test_place_steward_dark_row_costs_one_seal_optional() -> None:
    # a white die in room 0 (S2) matches only its dark top row: seal -> Courtier action
    state = holding(started(), 0, coins=2, seals=2)
    state = only_bridges(state, white=(None, (), 3))
    asked = place(state, Colour.WHITE, End.RIGHT, Space.STEWARD_1)
    assert waiting(asked, DecisionKind.OPTIONAL, 0)
    assert set(options(asked)) == {Accept(), Decline()}
    top = asked.stack[-1]
    assert isinstance(top, OptionalFrame)
    assert top.seals == 1
    accepted = apply(asked, Accept())
    assert clan(accepted, 0).seals == 1
    assert waiting(accepted, DecisionKind.COURTIER, 0)
    declined = apply(asked, Decline())
    assert clan(declined, 0).seals == 2
    assert waiting(declined, DecisionKind.TURN, 1)


@pytest.mark.rule("CASTLE.DARK_SEAL", "RULING.MEMBER_FIZZLE")
def test_place_steward_dark_row_without_seal_does_nothing() -> None:
    state = holding(started(), 0, coins=2, seals=0)
    state = only_bridges(state, white=(None, (), 3))
    after = place(state, Colour.WHITE, End.RIGHT, Space.STEWARD_1)
    assert waiting(after, DecisionKind.TURN, 1)
    assert clan(after, 0).courtiers == (0, 0, 0, 0)


@pytest.mark.rule("CASTLE.DIPLOMAT_DARK_FREE")
def test_place_diplomat_dark_block_is_free() -> None:
    # room 3 (D2): black tile on its dark block (Courtier action), no seal asked
    state = holding(started(), 0, coins=0, seals=1)
    state = only_bridges(state, black=(None, (), 6))
    after = place(state, Colour.BLACK, End.RIGHT, Space.DIPLOMAT_1)
    assert waiting(after, DecisionKind.COURTIER, 0)
    assert isinstance(after.stack[-1], CourtierFrame)
    assert clan(after, 0).seals == 1
    assert clan(after, 0).coins == 2


@pytest.mark.rule("CASTLE.NO_DAIMYO_DIE")
def test_place_no_die_space_in_the_daimyo_room() -> None:
    assert all("daimyo" not in space.value for space in SPACES)
    assert len([s for s in SPACES if s.value.startswith(("steward", "diplomat"))]) == 5


@pytest.mark.rule("TURN.SEQUENCE", "LANTERN.TRIGGER")
def test_place_lantern_resolves_before_the_space() -> None:
    # Lantern Area SR9 + Decree DC2 (seal): the Lantern's seal pays S2's dark row of the same turn
    state = holding(started(), 0, coins=2, seals=0, lantern=("SR9", "DC2"))
    state = only_bridges(state, white=(1, (), 6))
    asked = place(state, Colour.WHITE, End.LEFT, Space.STEWARD_1)
    assert clan(asked, 0).coins == 0  # the 1 against 3 paid 2
    assert clan(asked, 0).food == 1
    assert waiting(asked, DecisionKind.OPTIONAL, 0)
    assert clan(apply(asked, Accept()), 0).seals == 0


# ---- Outside the Walls ----------------------------------------------------------------------------


@pytest.mark.rule("OUTSIDE.CHOICES", "OUTSIDE.VALUE")
def test_place_outside_left_gardener_or_courtier() -> None:
    state = holding(started(), 0, coins=0)
    after = place(state, Colour.BLACK, End.RIGHT, Space.OUTSIDE_LEFT)
    assert waiting(after, DecisionKind.OUTSIDE, 0)
    assert set(options(after)) == {
        ChooseMember(Member.GARDENER),
        ChooseMember(Member.COURTIER),
        Decline(),
    }


@pytest.mark.rule("OUTSIDE.CHOICES", "OUTSIDE.VALUE")
def test_place_outside_right_warrior_or_courtier() -> None:
    state = holding(started(), 0, coins=0)
    after = place(state, Colour.CORAL, End.RIGHT, Space.OUTSIDE_RIGHT)
    assert waiting(after, DecisionKind.OUTSIDE, 0)
    assert set(options(after)) == {
        ChooseMember(Member.WARRIOR),
        ChooseMember(Member.COURTIER),
        Decline(),
    }
    assert_illegal(after, ChooseMember(Member.GARDENER), "OUTSIDE.CHOICES")


@pytest.mark.rule("OUTSIDE.VALUE")
def test_place_outside_takes_any_colour() -> None:
    state = holding(started(), 0, coins=20)
    legal = legal_actions(state)
    for colour in Colour:
        assert PlaceDie(colour, End.RIGHT, Space.OUTSIDE_LEFT) in legal
        assert PlaceDie(colour, End.RIGHT, Space.OUTSIDE_RIGHT) in legal


# ---- the Domain board -------------------------------------------------------------------------------


@pytest.mark.rule("DOMAIN.COLOUR_LOCK")
def test_place_domain_line_colour_lock() -> None:
    state = holding(started(), 0, coins=20)
    assert_illegal(state, PlaceDie(Colour.BLACK, End.RIGHT, Space.DOMAIN_CORAL), "DOMAIN.COLOUR_LOCK")
    assert_illegal(state, PlaceDie(Colour.CORAL, End.RIGHT, Space.DOMAIN_BLACK), "DOMAIN.COLOUR_LOCK")
    assert_illegal(state, PlaceDie(Colour.CORAL, End.RIGHT, Space.DOMAIN_WHITE), "DOMAIN.COLOUR_LOCK")
    legal = legal_actions(state)
    assert PlaceDie(Colour.CORAL, End.RIGHT, Space.DOMAIN_CORAL) in legal
    assert PlaceDie(Colour.BLACK, End.RIGHT, Space.DOMAIN_BLACK) in legal
    assert PlaceDie(Colour.WHITE, End.RIGHT, Space.DOMAIN_WHITE) in legal


@pytest.mark.rule("DOMAIN.ONE_DIE")
def test_place_domain_line_one_die_per_round() -> None:
    state = holding(started(), 0, coins=20, domain_dice=(6, None, None))
    assert_illegal(state, PlaceDie(Colour.CORAL, End.RIGHT, Space.DOMAIN_CORAL), "DOMAIN.ONE_DIE")
    assert PlaceDie(Colour.BLACK, End.RIGHT, Space.DOMAIN_BLACK) in legal_actions(state)


@pytest.mark.rule("DOMAIN.ONE_DIE")
def test_place_domain_line_one_die_also_at_3_players() -> None:
    state = holding(started(3), 0, coins=20, domain_dice=(None, None, 4))
    assert_illegal(state, PlaceDie(Colour.WHITE, End.RIGHT, Space.DOMAIN_WHITE), "DOMAIN.ONE_DIE")


@pytest.mark.rule("DOMAIN.ONE_DIE")
def test_place_domain_die_is_recorded_on_the_line() -> None:
    state = holding(started(), 0, coins=20, domain_card="S12")
    state = only_bridges(state, coral=(None, (), 6))
    after = place(state, Colour.CORAL, End.RIGHT, Space.DOMAIN_CORAL)
    assert clan(after, 0).domain_dice == (6, None, None)


@pytest.mark.rule("DOMAIN.REWARDS", "MEMBERS.UNCOVER", "DOMAIN.CARD_BLOCK", "RULING.DOMAIN_REWARDS_DATA")
def test_place_domain_coral_line_uncovered_rewards_and_top_block() -> None:
    # 3 courtiers sent: base food + food, food, 2 coins; S12's top row: pearl+2
    state = holding(started(), 0, coins=0, sent=(3, 0, 0), domain_card="S12")
    state = only_bridges(state, coral=(None, (), 6))
    after = place(state, Colour.CORAL, End.RIGHT, Space.DOMAIN_CORAL)
    c = clan(after, 0)
    assert (c.food, c.coins, c.pearl) == (3, 2, 2)
    assert waiting(after, DecisionKind.TURN, 1)


@pytest.mark.rule("DOMAIN.REWARDS", "MEMBERS.UNCOVER", "DOMAIN.CARD_BLOCK")
def test_place_domain_black_line_uncovered_lantern_and_middle_block() -> None:
    # 3 gardeners sent: base iron + iron, iron, Lantern (SR9: food); S12's middle row: seal+1 CP+1
    state = holding(started(), 0, coins=0, sent=(0, 3, 0), domain_card="S12")
    state = only_bridges(state, black=(None, (), 6))
    after = settle(place(state, Colour.BLACK, End.RIGHT, Space.DOMAIN_BLACK))
    c = clan(after, 0)
    assert (c.iron, c.food, c.seals, c.cp) == (3, 1, 1, 1)
    assert waiting(after, DecisionKind.TURN, 1)


@pytest.mark.rule("DOMAIN.REWARDS", "DOMAIN.CARD_BLOCK", "CASTLE.DARK_SEAL")
def test_place_domain_white_line_all_uncovered_then_dark_steward_row_costs_seal() -> None:
    # 5 warriors sent: base pearl + pearl, pearl, seal, pearl, Lantern; S12's bottom row is dark
    state = holding(started(), 0, coins=0, sent=(0, 0, 5), domain_card="S12")
    state = only_bridges(state, white=(None, (), 6))
    asked = settle(place(state, Colour.WHITE, End.RIGHT, Space.DOMAIN_WHITE))
    c = clan(asked, 0)
    assert (c.pearl, c.seals, c.food) == (4, 1, 1)
    assert waiting(asked, DecisionKind.OPTIONAL, 0)
    top = asked.stack[-1]
    assert isinstance(top, OptionalFrame)
    assert top.seals == 1


@pytest.mark.rule("DOMAIN.REWARDS")
def test_place_domain_line_with_no_member_sent_gives_only_base() -> None:
    state = holding(started(), 0, coins=0, domain_card="S12")
    state = only_bridges(state, coral=(None, (), 6))
    after = place(state, Colour.CORAL, End.RIGHT, Space.DOMAIN_CORAL)
    assert (clan(after, 0).food, clan(after, 0).coins) == (1, 0)


@pytest.mark.rule("DOMAIN.CARD_BLOCK")
@pytest.mark.parametrize("colour", [Colour.BLACK, Colour.WHITE])
def test_place_domain_diplomat_block_spanning_two_rows_serves_both(colour: Colour) -> None:
    # D2's light block covers the middle and bottom rows: PoT+2
    state = holding(started(), 0, coins=0, domain_card="D2")
    state = only_bridges(state, black=(None, (), 6), white=(None, (), 6))
    space = Space.DOMAIN_BLACK if colour is Colour.BLACK else Space.DOMAIN_WHITE
    after = settle(place(state, colour, End.RIGHT, space))
    assert clan(after, 0).time == 2


@pytest.mark.rule("DOMAIN.CARD_BLOCK", "CASTLE.DIPLOMAT_DARK_FREE")
def test_place_domain_diplomat_dark_top_block_is_free() -> None:
    state = holding(started(), 0, coins=2, seals=0, domain_card="D2")
    state = only_bridges(state, coral=(None, (), 6))
    after = place(state, Colour.CORAL, End.RIGHT, Space.DOMAIN_CORAL)
    assert waiting(after, DecisionKind.COURTIER, 0)


@pytest.mark.rule("DOMAIN.CARD_BLOCK")
def test_place_domain_action_card_block_on_every_row() -> None:
    # clan 1 holds the Warrior Action card A3: any line gives a Warrior action
    state = holding(started(), 0, coins=20)
    state = only_bridges(state, coral=(None, (), 1), white=(None, (), 6))
    state = place(state, Colour.CORAL, End.RIGHT, Space.WELL)
    state = holding(state, 1, iron=1)
    after = place(state, Colour.WHITE, End.RIGHT, Space.DOMAIN_WHITE)
    assert waiting(after, DecisionKind.YARD, 1)


@pytest.mark.rule("MEMBERS.UNCOVER", "MEMBERS.LEFTMOST")
def test_place_room_dice_do_not_change_the_domain() -> None:
    state = holding(started(), 0, coins=0)
    state = only_bridges(state, white=(None, (), 3))
    after = place(state, Colour.WHITE, End.RIGHT, Space.STEWARD_2)
    assert clan(after, 0).sent == (0, 0, 0)
    assert room(after, S5_ROOM).dice == (Die(Colour.WHITE, 3, 0),)


# ---- why a placement is refused, and what the log says about the coins -----------------------------


def shown_tiles(reason: str) -> set[str]:
    """The tile colours a CASTLE.COLOUR_MATCH refusal lists, read from its '(tiles: a, b)' part."""
    match = re.search(r"\(tiles: ([^)]*)\)", reason)
    assert match is not None, reason
    return set(match.group(1).split(", "))


@pytest.mark.rule("CASTLE.COLOUR_MATCH")
@pytest.mark.parametrize(
    ("colour", "space", "tiles"),
    [
        (Colour.BLACK, Space.STEWARD_1, {"coral", "white"}),  # S2 shows white, coral, coral
        (Colour.CORAL, Space.DIPLOMAT_1, {"black", "white"}),  # D2 shows black, white
        (Colour.CORAL, Space.DIPLOMAT_2, {"black", "white"}),  # D6 shows white, black
    ],
)
def test_place_colour_match_refusal_names_the_die_and_the_tiles_shown(
    colour: Colour, space: Space, tiles: set[str]
) -> None:
    state = holding(started(), 0, coins=20)
    error = assert_illegal(state, PlaceDie(colour, End.RIGHT, space), "CASTLE.COLOUR_MATCH")
    assert re.search(rf"\ba {colour.value} die\b", error.reason)
    assert shown_tiles(error.reason) == tiles


@pytest.mark.rule("PLACE.MUST_PAY", "PLACE.COIN_DIFFERENCE")
@pytest.mark.parametrize(
    ("die", "space", "coins", "cost"),
    [
        (1, Space.DOMAIN_CORAL, 4, "5 coins"),
        (2, Space.STEWARD_1, 0, "1 coin"),
        (1, Space.OUTSIDE_LEFT, 3, "4 coins"),
    ],
)
def test_place_must_pay_refusal_names_the_cost_and_the_coins_held(
    die: int, space: Space, coins: int, cost: str
) -> None:
    state = holding(started(), 0, coins=coins)
    state = only_bridges(state, coral=(None, (), die))
    error = assert_illegal(state, PlaceDie(Colour.CORAL, End.RIGHT, space), "PLACE.MUST_PAY")
    assert re.search(rf"\bcosts {cost}\b", error.reason)
    assert re.search(rf"\bclan 0 holds {coins}\b", error.reason)


def placement(events: tuple[ev.Event, ...]) -> ev.DiePlaced:
    """The one placement event among ``events``."""
    placed = [e for e in events if isinstance(e, ev.DiePlaced)]
    assert len(placed) == 1, events
    return placed[0]


@pytest.mark.rule(
    "PLACE.COIN_DIFFERENCE", "PLACE.WELL_ONE", "CASTLE.STEWARD_VALUE", "OUTSIDE.VALUE", "DOMAIN.VALUE"
)
@pytest.mark.parametrize(
    ("die", "space", "covered", "coins", "coins_after", "money"),
    [
        (1, Space.STEWARD_1, 3, -2, 8, "pays 2 coins"),
        (2, Space.STEWARD_1, 3, -1, 9, "pays 1 coin"),
        (2, Space.DOMAIN_CORAL, 6, -4, 6, "pays 4 coins"),
        (3, Space.STEWARD_1, 3, 0, 10, "pays nothing"),
        (6, Space.DOMAIN_CORAL, 6, 0, 10, "pays nothing"),
        (6, Space.OUTSIDE_RIGHT, 5, 1, 11, "gains 1 coin"),
        (5, Space.STEWARD_1, 3, 2, 12, "gains 2 coins"),
        (6, Space.WELL, 1, 5, 10 + 5 + 2, "gains 5 coins"),  # and the two coin Well tiles
        (1, Space.WELL, 1, 0, 10 + 2, "pays nothing"),
    ],
)
def test_place_log_names_the_die_the_space_and_the_coins(
    die: int, space: Space, covered: int, coins: int, coins_after: int, money: str
) -> None:
    state = holding(started(), 0, coins=10, domain_card="S12")
    state = only_bridges(state, coral=(None, (), die))
    after = place(state, Colour.CORAL, End.RIGHT, space)
    placed = placement(after.events)
    assert placed == ev.DiePlaced(
        clan=0, colour=Colour.CORAL, slot=Slot.RIGHT, value=die, space=space, covered=covered, coins=coins
    )
    assert "PLACE.COIN_DIFFERENCE" in placed.rules
    line = " ".join(event_lines(placed, names_for(after.setup)))
    assert re.search(rf"\btakes the {die} from\b", line)
    assert re.search(r"\bright end of the coral bridge\b", line)
    assert space_name(space) in line
    assert re.search(rf"\b{money}\b", line)
    for other in ("pays", "gains"):
        if not money.startswith(other):
            assert not re.search(rf"\b{other}\b", line)
    assert clan(after, 0).coins == coins_after


@pytest.mark.rule("DOMAIN.ONE_DIE", "DOMAIN.COLOUR_LOCK")
@pytest.mark.parametrize(
    ("colour", "space", "line"),
    [
        (Colour.CORAL, Space.DOMAIN_CORAL, (5, None, None)),
        (Colour.BLACK, Space.DOMAIN_BLACK, (None, 5, None)),
        (Colour.WHITE, Space.DOMAIN_WHITE, (None, None, 5)),
    ],
)
def test_place_domain_die_recorded_on_its_own_line_which_is_then_full(
    colour: Colour, space: Space, line: tuple[int | None, ...]
) -> None:
    state = holding(started(), 0, coins=20, domain_card="S12")
    state = only_bridges(state, coral=(1, (3, 4), 5), black=(1, (3, 4), 5), white=(1, (3, 4), 5))
    after = settle(place(state, colour, End.RIGHT, space))
    assert clan(after, 0).domain_dice == line
    assert waiting(after, DecisionKind.TURN, 1)
    # clan 1 places elsewhere; the line stays taken for clan 0 this round, the other lines stay open
    after = settle(place(holding(after, 1, coins=20), Colour.WHITE, End.RIGHT, Space.WELL))
    assert clan(after, 0).domain_dice == line
    after = edit_clan(after, 0, coins=20)
    assert waiting(after, DecisionKind.TURN, 0)
    assert_illegal(after, PlaceDie(colour, End.RIGHT, space), "DOMAIN.ONE_DIE")
    others = {Space.DOMAIN_CORAL, Space.DOMAIN_BLACK, Space.DOMAIN_WHITE} - {space}
    open_lines = {a.space for a in legal_actions(after) if isinstance(a, PlaceDie)}
    assert others <= open_lines


# ---- a placement that never pays (the solo rival's golden rule, through the same base function) -------


@pytest.mark.rule("PLACE.COIN_DIFFERENCE", "SOLO.GOLDEN.NEVER_PAYS", "BRIDGE.SLIDE")
@pytest.mark.parametrize(
    ("coral", "slot", "value", "coins"),
    [
        ((1, (3,), 5), Slot.LEFT, 1, 0),  # 1 against 3: would owe 2, pays nothing
        ((3, (), 5), Slot.LEFT, 3, 0),  # level: nothing either way
        ((1, (), 4), Slot.RIGHT, 4, 1),  # 4 against 3: still gains the 1 coin above the value
        ((1, (), 6), Slot.RIGHT, 6, 3),
    ],
)
def test_place_without_paying_costs_nothing_below_the_value_and_still_gains_above_it(
    coral: tuple[int | None, tuple[int, ...], int | None], slot: Slot, value: int, coins: int
) -> None:
    state = only_bridges(holding(started(), 0, coins=0), coral=coral)
    state = replace(state, events=())
    rules = ("SOLO.TURN.PLACE", "SOLO.GOLDEN.NEVER_PAYS")
    after = take_and_place(state, 0, Colour.CORAL, slot, Space.STEWARD_1, pays=False, rules=rules)
    assert after.events == (
        ev.DiePlaced(
            clan=0,
            colour=Colour.CORAL,
            slot=slot,
            value=value,
            space=Space.STEWARD_1,
            covered=3,
            coins=coins,
            rules=rules,
        ),
    )
    assert clan(after, 0).coins == coins
    assert room(after, S2_ROOM).dice == (Die(Colour.CORAL, value, 0),)


# ---- what the space reports: the rows a die matched, each block, the Well, a Domain line -------------


@pytest.mark.rule("CASTLE.EVERY_MATCHING_ROW", "CASTLE.ROWS", "CASTLE.DIPLOMAT_DARK_FREE")
@pytest.mark.parametrize(
    ("colour", "block", "rows", "dark", "icons"),
    [
        (Colour.BLACK, 0, (0,), True, (MemberIcon(Member.COURTIER),)),  # D2's dark block: free
        (Colour.WHITE, 1, (1, 2), False, (Influence(2),)),  # D2's light block
    ],
)
def test_place_diplomat_die_reports_the_block_matched_and_whether_it_was_dark(
    colour: Colour, block: int, rows: tuple[int, ...], dark: bool, icons: tuple[Effect, ...]
) -> None:
    state = only_bridges(holding(started(), 0, coins=0), black=(None, (), 6), white=(None, (), 6))
    after = place(state, colour, End.RIGHT, Space.DIPLOMAT_1)
    assert after.events[1:3] == (
        ev.RowsMatched(clan=0, room=D2_ROOM, card="D2", colour=colour, blocks=(block,)),
        ev.BlockResolved(
            clan=0,
            card="D2",
            block=block,
            rows=rows,
            dark=dark,
            icons=icons,
            rules=("CASTLE.ROWS", "CASTLE.DIPLOMAT_DARK_FREE") if dark else ("CASTLE.ROWS",),
        ),
    )


@pytest.mark.rule("WELL.REWARD", "DOMAIN.VALUE", "DOMAIN.REWARDS", "DOMAIN.CARD_BLOCK", "MEMBERS.UNCOVER")
def test_place_well_and_domain_dice_report_their_rewards_under_the_placement_rules() -> None:
    state = only_bridges(
        holding(started(), 0, coins=9, sent=(1, 0, 0)), coral=(None, (), 6), white=(None, (), 6)
    )
    well = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    seal, coin = Gain(GainKind.SEAL, 1), Gain(GainKind.COIN, 1)
    assert well.events[1] == ev.WellResolved(
        clan=0, tiles=board(state).well_tiles, icons=(seal, coin, coin), rules=("WELL.REWARD",)
    )
    # the coral line (row 0) with one courtier sent: food 1 and the food it uncovered; A1 covers every row
    domain = place(state, Colour.CORAL, End.RIGHT, Space.DOMAIN_CORAL)
    food = Gain(GainKind.FOOD, 1)
    assert domain.events[1] == ev.DomainLineResolved(
        clan=0,
        colour=Colour.CORAL,
        rewards=(food, food),
        card="A1",
        block=0,
        rules=("DOMAIN.VALUE", "DOMAIN.REWARDS", "DOMAIN.CARD_BLOCK", "MEMBERS.UNCOVER"),
    )
