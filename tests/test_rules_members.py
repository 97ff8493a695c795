"""The three main actions: Warriors to the Training Yards, Gardeners to the Gardens, Courtiers into the
castle (audience, climbing, taking a room's card, the Daimyo's room)."""

from __future__ import annotations

import re

import pytest
from msgspec.structs import replace

from reference.content import base_content
from reference.engine import apply, legal_actions, new_game
from reference.model import (
    Accept,
    Audience,
    ChooseBlock,
    ChooseFavour,
    ChooseGarden,
    ChooseMember,
    ChooseRoom,
    ChooseYard,
    Climb,
    Colour,
    Content,
    DecisionKind,
    Decline,
    End,
    Floor,
    Gain,
    GainKind,
    Member,
    MemberIcon,
    Next,
    OptionalFrame,
    Origin,
    PayCoins,
    Resource,
    Setup,
    Source,
    Space,
    State,
    TakePair,
    Trade,
    WellIcon,
)
from reference.model import events as ev
from reference.narrate import describe, event_lines, names_for, source_name
from tests.helpers import (
    D2_ROOM,
    D6_ROOM,
    G1_SLOT,
    G3_SLOT,
    G5_SLOT,
    G7_SLOT,
    G9_SLOT,
    G10_SLOT,
    S2_ROOM,
    S5_ROOM,
    S9_ROOM,
    assert_illegal,
    assert_refused,
    board,
    clan,
    edit_board,
    edit_clan,
    holding,
    inject,
    make_deal,
    options,
    place,
    play,
    room,
    settle,
    started,
    waiting,
    with_gardeners,
    with_warriors,
)


def outside(state: State, member: Member) -> State:
    """Clan 0 puts the coral 5 on the matching Outside space (no coins change hands) and chooses
    ``member``'s action."""
    space = Space.OUTSIDE_LEFT if member is Member.GARDENER else Space.OUTSIDE_RIGHT
    after = place(state, Colour.CORAL, End.RIGHT, space)
    return apply(after, ChooseMember(member))


# ---- Warriors -----------------------------------------------------------------------------------


@pytest.mark.rule("WARRIOR.PLACE", "MEMBERS.MAIN_ACTIONS")
def test_warrior_yards_offered_by_iron_cost_5_3_1() -> None:
    for iron, yards in ((7, {5, 3, 1}), (5, {5, 3, 1}), (4, {3, 1}), (3, {3, 1}), (2, {1}), (1, {1})):
        state = outside(holding(started(), 0, iron=iron), Member.WARRIOR)
        assert waiting(state, DecisionKind.YARD, 0)
        offered = {a.cost for a in options(state) if isinstance(a, ChooseYard)}
        assert offered == yards, iron
        assert Decline() in options(state)


@pytest.mark.rule("WARRIOR.PLACE")
def test_warrior_unaffordable_yard_refused() -> None:
    state = outside(holding(started(), 0, iron=4), Member.WARRIOR)
    assert_refused(state, ChooseYard(5))


@pytest.mark.rule("WARRIOR.PLACE", "WARRIOR.TILE_ACTIONS", "MEMBERS.LEFTMOST")
def test_warrior_1_iron_yard_pays_1_and_gives_its_tile() -> None:
    # 1-iron yard: Y1 reward side, pearl+3
    state = outside(holding(started(), 0, iron=3), Member.WARRIOR)
    after = apply(state, ChooseYard(1))
    c = clan(after, 0)
    assert (c.iron, c.pearl, c.sent) == (2, 3, (0, 0, 1))
    assert next(y for y in board(after).yards if y.cost == 1).warriors == (0,)
    assert waiting(after, DecisionKind.TURN, 1)


@pytest.mark.rule("WARRIOR.PLACE", "WARRIOR.TILE_ACTIONS", "EFFECT.DIE_TILE_ACTION")
def test_warrior_3_iron_yard_black_die_tile_action() -> None:
    # 3-iron yard: Y6 action side, any black-die-tile action
    state = outside(holding(started(), 0, iron=3), Member.WARRIOR)
    after = apply(state, ChooseYard(3))
    assert clan(after, 0).iron == 0
    assert waiting(after, DecisionKind.CASTLE_ROW, 0)
    blocks = {(a.room, a.block) for a in options(after) if isinstance(a, ChooseBlock)}
    # black tiles: S5 top, S9 middle, D2 block 1, D6 block 2
    assert blocks == {(S5_ROOM, 0), (S9_ROOM, 1), (D2_ROOM, 0), (D6_ROOM, 1)}
    # D6's light block: PoT+2, no die placed, no coins compared
    done = apply(after, ChooseBlock(block=1, room=D6_ROOM))
    assert clan(done, 0).time == 2
    assert room(done, D6_ROOM).dice == ()


@pytest.mark.rule("WARRIOR.PLACE", "WARRIOR.TILE_ACTIONS")
def test_warrior_5_iron_yard_two_tiles_in_any_order() -> None:
    # 5-iron yard: Y4 action (coral die-tile action) and Y5 reward (seal+2)
    state = outside(holding(started(), 0, iron=7), Member.WARRIOR)
    asked = apply(state, ChooseYard(5))
    assert clan(asked, 0).iron == 2
    assert waiting(asked, DecisionKind.ORDER, 0)
    assert set(options(asked)) == {Next(0), Next(1)}
    # seals first, then the coral die-tile action (here S2's middle row, PoT+1)
    seals_first = apply(asked, Next(1))
    assert clan(seals_first, 0).seals == 2
    assert waiting(seals_first, DecisionKind.CASTLE_ROW, 0)
    dark = apply(seals_first, ChooseBlock(block=1, room=S2_ROOM))
    assert clan(dark, 0).time == 1
    # the other order: the die-tile action first
    tile_first = apply(asked, Next(0))
    assert waiting(tile_first, DecisionKind.CASTLE_ROW, 0)
    assert clan(tile_first, 0).seals == 0


@pytest.mark.rule("WARRIOR.YARD_UNLIMITED", "WARRIOR.NEVER_MOVE")
def test_warrior_yard_holds_any_number_from_any_clan() -> None:
    state = with_warriors(started(), 1, 0, 1, 1, 0)
    state = outside(holding(state, 0, iron=1, sent=(0, 0, 2)), Member.WARRIOR)
    after = apply(state, ChooseYard(1))
    assert next(y for y in board(after).yards if y.cost == 1).warriors == (0, 1, 1, 0, 0)
    assert clan(after, 0).sent == (0, 0, 3)


@pytest.mark.rule("MEMBERS.LEFTMOST", "RULING.MEMBER_FIZZLE")
def test_warrior_action_with_no_warrior_left_does_nothing() -> None:
    state = holding(started(), 0, iron=7, sent=(0, 0, 5))
    after = inject(state, 0, MemberIcon(Member.WARRIOR))
    assert waiting(after, DecisionKind.TURN, 0)
    assert clan(after, 0).iron == 7


@pytest.mark.rule("EFFECT.MEMBER_ACTION", "RULING.MEMBER_FIZZLE")
def test_warrior_action_without_iron_does_nothing() -> None:
    state = holding(started(), 0, iron=0, seals=1)
    after = inject(state, 0, MemberIcon(Member.WARRIOR))
    assert waiting(after, DecisionKind.TURN, 0)


@pytest.mark.rule("EFFECT.MEMBER_ACTION", "RULING.TRADES_AT_OWN_DECISIONS")
def test_warrior_action_payable_after_trading_offers_only_decline_until_traded() -> None:
    state = holding(started(), 0, iron=0, seals=2)
    asked = inject(state, 0, MemberIcon(Member.WARRIOR))
    assert waiting(asked, DecisionKind.YARD, 0)
    assert options(asked) == (Decline(),)
    traded = apply(asked, Trade(Resource.IRON))
    assert ChooseYard(1) in options(traded)


# ---- Gardeners ----------------------------------------------------------------------------------


@pytest.mark.rule("GARDENER.PLACE", "MEMBERS.MAIN_ACTIONS")
def test_gardener_gardens_offered_by_food_cost() -> None:
    state = outside(holding(started(), 0, food=2), Member.GARDENER)
    assert waiting(state, DecisionKind.GARDEN, 0)
    # G1 costs 1 food, G3 2; G5 3, G7 and G9 4, G10 5
    assert {a.slot for a in options(state) if isinstance(a, ChooseGarden)} == {G1_SLOT, G3_SLOT}
    assert_refused(state, ChooseGarden(G5_SLOT))


@pytest.mark.rule("GARDENER.PLACE", "GARDENER.ACTION_OPTIONAL", "MEMBERS.LEFTMOST")
def test_gardener_pays_food_then_may_take_the_action() -> None:
    state = outside(holding(started(), 0, food=3), Member.GARDENER)
    asked = apply(state, ChooseGarden(G1_SLOT))
    assert clan(asked, 0).food == 2
    assert clan(asked, 0).sent == (0, 1, 0)
    assert board(asked).gardens[G1_SLOT].gardeners == (0,)
    assert waiting(asked, DecisionKind.OPTIONAL, 0)
    assert clan(apply(asked, Accept()), 0).coins == 3
    declined = apply(asked, Decline())
    assert clan(declined, 0).coins == 0
    assert board(declined).gardens[G1_SLOT].gardeners == (0,)


@pytest.mark.rule("GARDENER.PLACE")
def test_gardener_one_per_clan_per_garden_other_clans_share() -> None:
    state = with_gardeners(started(), G1_SLOT, 0)
    state = with_gardeners(state, G3_SLOT, 1)
    state = outside(holding(state, 0, food=7, sent=(0, 1, 0)), Member.GARDENER)
    slots = {a.slot for a in options(state) if isinstance(a, ChooseGarden)}
    assert G1_SLOT not in slots
    assert G3_SLOT in slots
    assert_refused(state, ChooseGarden(G1_SLOT))
    after = apply(state, ChooseGarden(G3_SLOT))
    assert board(after).gardens[G3_SLOT].gardeners == (1, 0)


@pytest.mark.rule("GARDENER.ACTION_OPTIONAL", "EFFECT.PAID_ICON")
def test_gardener_plant_action_costs_coins() -> None:
    # G9: food 4, pay 3 coins for a Warrior action
    state = outside(holding(started(), 0, food=4, coins=3, iron=1), Member.GARDENER)
    asked = apply(state, ChooseGarden(G9_SLOT))
    assert clan(asked, 0).food == 0
    top = asked.stack[-1]
    assert isinstance(top, OptionalFrame)
    assert top.coins == 3
    assert set(options(asked)) == {Accept(), Decline()}
    accepted = apply(asked, Accept())
    assert clan(accepted, 0).coins == 0
    assert waiting(accepted, DecisionKind.YARD, 0)


@pytest.mark.rule("GARDENER.ACTION_OPTIONAL", "EFFECT.PAID_ICON", "RULING.MEMBER_FIZZLE")
def test_gardener_plant_action_unaffordable_is_skipped() -> None:
    state = outside(holding(started(), 0, food=4, coins=2), Member.GARDENER)
    after = apply(state, ChooseGarden(G7_SLOT))
    assert clan(after, 0).coins == 2
    assert board(after).gardens[G7_SLOT].gardeners == (0,)
    assert waiting(after, DecisionKind.TURN, 1)


@pytest.mark.rule("GARDENER.ACTION_OPTIONAL", "EFFECT.MEMBER_ACTION")
def test_gardener_plant_courtier_action_then_pays_courtier_costs_too() -> None:
    # G7: 3 coins for a Courtier action, whose audience costs 2 more
    state = outside(holding(started(), 0, food=4, coins=5), Member.GARDENER)
    state = apply(apply(state, ChooseGarden(G7_SLOT)), Accept())
    assert waiting(state, DecisionKind.COURTIER, 0)
    after = apply(state, Audience())
    assert clan(after, 0).coins == 0
    assert clan(after, 0).courtiers == (1, 0, 0, 0)


@pytest.mark.rule("GARDENER.ACTION_OPTIONAL", "EFFECT.ANY_DIE_TILE")
def test_gardener_g10_any_die_tile_action() -> None:
    state = outside(holding(started(), 0, food=5, coins=4), Member.GARDENER)
    state = apply(apply(state, ChooseGarden(G10_SLOT)), Accept())
    assert waiting(state, DecisionKind.CASTLE_ROW, 0)
    assert len([a for a in options(state) if isinstance(a, ChooseBlock)]) == 13


@pytest.mark.rule("EFFECT.MEMBER_ACTION", "RULING.MEMBER_FIZZLE")
def test_gardener_action_without_food_does_nothing() -> None:
    state = holding(started(), 0, food=0)
    after = inject(state, 0, MemberIcon(Member.GARDENER))
    assert waiting(after, DecisionKind.TURN, 0)


@pytest.mark.rule("GARDEN.PRICE_LADDER")
def test_garden_price_ladder() -> None:
    gardens = base_content().gardens
    assert len(gardens) == 10
    assert {g.food: g.cp for g in gardens} == {1: 1, 2: 3, 3: 5, 4: 7, 5: 9}
    assert all(g.cp == 2 * g.food - 1 for g in gardens)


# ---- Courtiers ----------------------------------------------------------------------------------


@pytest.mark.rule("COURTIER.ACTION", "COURTIER.AUDIENCE", "COURTIER.CLIMB", "COURTIER.FLOORS")
def test_courtier_audience_then_two_floor_climb_costs_2_coins_5_pearl() -> None:
    state = outside(holding(started(), 0, coins=10, pearl=6), Member.COURTIER)
    assert waiting(state, DecisionKind.COURTIER, 0)
    assert set(options(state)) == {Audience(), Decline()}
    state = apply(state, Audience())
    assert clan(state, 0).coins == 8
    assert clan(state, 0).courtiers == (1, 0, 0, 0)
    assert set(options(state)) == {Climb(Floor.GATE, 1), Climb(Floor.GATE, 2), Decline()}
    state = apply(state, Climb(Floor.GATE, 2))
    c = clan(state, 0)
    assert (c.coins, c.pearl) == (8, 1)
    assert c.courtiers == (0, 0, 1, 0)
    assert waiting(state, DecisionKind.ROOM, 0)
    assert set(options(state)) == {ChooseRoom(D2_ROOM), ChooseRoom(D6_ROOM)}


@pytest.mark.rule("COURTIER.FLOOR12.END_ROOM_ONLY", "COURTIER.FLOOR12.TUCK", "COURTIER.FLOOR12.TAKE_CARD")
def test_courtier_gate_to_diplomats_takes_nothing_from_floor_1() -> None:
    state = outside(holding(started(), 0, coins=2, pearl=5), Member.COURTIER)
    state = play(state, Audience(), Climb(Floor.GATE, 2), ChooseRoom(D2_ROOM))
    # D2 has one light block (PoT+2): done without a question
    c = clan(state, 0)
    assert c.domain_card == "D2"
    assert c.lantern == ("A1", "SR9")  # kept sorted
    assert c.time == 2
    assert [room(state, i).card for i in (S2_ROOM, S5_ROOM, S9_ROOM)] == ["S2", "S5", "S9"]
    assert board(state).steward_deck == ("S4", "S7", "S10", "S12", "S13", "S15")
    assert waiting(state, DecisionKind.TURN, 1)


@pytest.mark.rule(
    "COURTIER.FLOOR12.TUCK",
    "COURTIER.FLOOR12.TAKE_CARD",
    "COURTIER.FLOOR12.REFILL",
    "LANTERN.GROWS",
    "RULING.REFILL_AFTER_LIGHT",
)
def test_courtier_floor_1_tuck_take_light_block_refill() -> None:
    state = outside(holding(started(), 0, coins=0, pearl=2, courtiers=(1, 0, 0, 0)), Member.COURTIER)
    assert set(options(state)) == {Climb(Floor.GATE, 1), Decline()}
    state = apply(state, Climb(Floor.GATE, 1))
    assert set(options(state)) == {ChooseRoom(S2_ROOM), ChooseRoom(S5_ROOM), ChooseRoom(S9_ROOM)}
    state = apply(state, ChooseRoom(S2_ROOM))
    # S2 was taken: Action card A1 tucked, S2 on the Domain board, one light block to choose
    c = clan(state, 0)
    assert c.lantern == ("A1", "SR9")  # kept sorted
    assert c.domain_card == "S2"
    assert waiting(state, DecisionKind.LIGHT_ROW, 0)
    assert set(options(state)) == {ChooseBlock(block=1), ChooseBlock(block=2)}
    assert room(state, S2_ROOM).card is None  # not refilled before the light block
    state = apply(state, ChooseBlock(block=2))
    assert clan(state, 0).iron == 2
    assert clan(state, 0).time == 0  # only one light block
    assert room(state, S2_ROOM).card == "S4"
    assert board(state).steward_deck == ("S7", "S10", "S12", "S13", "S15")
    assert room(state, S2_ROOM).tiles == (Colour.WHITE, Colour.CORAL, Colour.CORAL)
    assert clan(state, 0).courtiers == (0, 1, 0, 0)
    assert waiting(state, DecisionKind.TURN, 1)


@pytest.mark.rule("COURTIER.FLOOR12.EMPTY_DECK")
def test_courtier_floor_1_empty_deck_light_action_only() -> None:
    state = edit_board(started(), steward_deck=())
    state = outside(holding(state, 0, pearl=2, courtiers=(1, 0, 0, 0)), Member.COURTIER)
    state = play(state, Climb(Floor.GATE, 1), ChooseRoom(S2_ROOM))
    assert waiting(state, DecisionKind.LIGHT_ROW, 0)
    state = apply(state, ChooseBlock(block=2))
    c = clan(state, 0)
    assert c.iron == 2
    assert c.domain_card == "A1"
    assert c.lantern == ("SR9",)
    assert room(state, S2_ROOM).card == "S2"
    assert c.courtiers == (0, 1, 0, 0)


@pytest.mark.rule("COURTIER.FLOOR12.EMPTY_DECK", "COURTIER.FLOORS")
def test_courtier_floor_2_empty_deck_light_action_only() -> None:
    state = edit_board(started(), diplomat_deck=())
    state = outside(holding(state, 0, pearl=2, courtiers=(0, 1, 0, 0)), Member.COURTIER)
    state = play(state, Climb(Floor.STEWARDS, 1), ChooseRoom(D6_ROOM))
    c = clan(state, 0)
    assert c.time == 2
    assert (c.domain_card, c.lantern) == ("A1", ("SR9",))
    assert room(state, D6_ROOM).card == "D6"


@pytest.mark.rule("COURTIER.ACTION", "COURTIER.AUDIENCE")
def test_courtier_climb_first_then_audience_with_another_courtier() -> None:
    state = outside(holding(started(), 0, coins=2, pearl=2, courtiers=(1, 0, 0, 0)), Member.COURTIER)
    state = play(state, Climb(Floor.GATE, 1), ChooseRoom(S5_ROOM), ChooseBlock(block=1))
    assert waiting(state, DecisionKind.COURTIER, 0)
    assert set(options(state)) == {Audience(), Decline()}
    state = apply(state, Audience())
    assert clan(state, 0).courtiers == (1, 1, 0, 0)
    assert clan(state, 0).sent == (1, 0, 0)
    assert waiting(state, DecisionKind.TURN, 1)


@pytest.mark.rule("COURTIER.ACTION", "COURTIER.CLIMB_NO_SPLIT")
def test_courtier_only_one_climb_per_action() -> None:
    state = outside(holding(started(), 0, coins=2, pearl=7, courtiers=(2, 0, 0, 0)), Member.COURTIER)
    state = play(state, Climb(Floor.GATE, 1), ChooseRoom(S9_ROOM), ChooseBlock(block=2))
    assert waiting(state, DecisionKind.COURTIER, 0)
    # the second courtier at the Gate cannot use the rest of a '2 floors' climb
    assert_illegal(state, Climb(Floor.GATE, 1), "COURTIER.ACTION")
    assert_illegal(state, Climb(Floor.STEWARDS, 1), "COURTIER.ACTION")
    assert clan(state, 0).pearl == 5


@pytest.mark.rule("COURTIER.ACTION")
def test_courtier_only_one_audience_per_action() -> None:
    state = outside(holding(started(), 0, coins=6, pearl=2), Member.COURTIER)
    state = apply(state, Audience())
    assert waiting(state, DecisionKind.COURTIER, 0)
    assert_illegal(state, Audience(), "COURTIER.ACTION")


@pytest.mark.rule("COURTIER.AUDIENCE")
def test_courtier_audience_needs_2_coins() -> None:
    state = outside(holding(started(), 0, coins=1, pearl=2, courtiers=(1, 0, 0, 0)), Member.COURTIER)
    assert Audience() not in options(state)
    assert_illegal(state, Audience(), "COURTIER.AUDIENCE")


@pytest.mark.rule("COURTIER.CLIMB")
def test_courtier_climb_costs_by_floors_not_by_start() -> None:
    # Stewards' floor to the Daimyo's room: 2 floors for 5 Mother-of-Pearl
    state = outside(holding(started(), 0, pearl=5, courtiers=(0, 1, 0, 0)), Member.COURTIER)
    assert Climb(Floor.STEWARDS, 2) in options(state)
    state = settle(apply(state, Climb(Floor.STEWARDS, 2)))
    assert clan(state, 0).pearl == 0
    assert clan(state, 0).courtiers[Floor.DAIMYO] == 1


@pytest.mark.rule("COURTIER.CLIMB")
def test_courtier_climb_refusals() -> None:
    state = outside(holding(started(), 0, pearl=4, courtiers=(0, 1, 1, 0)), Member.COURTIER)
    assert_illegal(state, Climb(Floor.STEWARDS, 2), "COURTIER.CLIMB")  # 5 pearl needed
    assert_illegal(state, Climb(Floor.DIPLOMATS, 2), "COURTIER.CLIMB")  # above the Daimyo
    assert_illegal(state, Climb(Floor.GATE, 1), "COURTIER.CLIMB")  # nobody at the Gate


@pytest.mark.rule("COURTIER.ROOMS_UNLIMITED", "RULING.COURTIER_ROOMS")
def test_courtier_rooms_have_no_limit() -> None:
    state = holding(started(), 1, courtiers=(0, 3, 2, 0))
    state = outside(holding(state, 0, pearl=2, courtiers=(0, 2, 0, 0)), Member.COURTIER)
    state = apply(state, Climb(Floor.STEWARDS, 1))
    assert set(options(state)) == {ChooseRoom(D2_ROOM), ChooseRoom(D6_ROOM)}
    state = apply(state, ChooseRoom(D2_ROOM))
    assert clan(state, 0).courtiers == (0, 1, 1, 0)


@pytest.mark.rule("COURTIER.DAIMYO.LANTERN", "COURTIER.DAIMYO.FAVOUR", "RULING.DAIMYO_FAVOUR_CHOICE")
def test_courtier_daimyo_room_lantern_first_then_a_favour() -> None:
    # Lantern Area SR9 (food); DF1 favours: Well / CP+2 / seal+2
    state = outside(holding(started(), 0, pearl=2, courtiers=(0, 0, 1, 0)), Member.COURTIER)
    state = apply(state, Climb(Floor.DIPLOMATS, 1))
    assert clan(state, 0).food == 1  # the Lantern came first
    assert waiting(state, DecisionKind.FAVOUR, 0)
    assert set(options(state)) == {ChooseFavour(0), ChooseFavour(1), ChooseFavour(2)}
    state = apply(state, ChooseFavour(1))
    assert clan(state, 0).cp == 2
    assert board(state).favours == (None, 0, None)
    assert clan(state, 0).courtiers == (0, 0, 0, 1)


@pytest.mark.rule("COURTIER.DAIMYO.FAVOUR", "DAIMYO.FAVOURS", "EFFECT.WELL_ACTION")
def test_courtier_daimyo_taken_favours_not_offered_well_favour() -> None:
    state = edit_board(started(), favours=(None, 1, None))
    state = outside(holding(state, 0, pearl=2, courtiers=(0, 0, 1, 0)), Member.COURTIER)
    state = apply(state, Climb(Floor.DIPLOMATS, 1))
    assert set(options(state)) == {ChooseFavour(0), ChooseFavour(2)}
    assert_illegal(state, ChooseFavour(1), "COURTIER.DAIMYO.FAVOUR")
    state = apply(state, ChooseFavour(0))
    # the Well favour: 1 seal + coin + coin (Well tiles), with no die
    assert (clan(state, 0).seals, clan(state, 0).coins) == (1, 2)
    assert board(state).well == ()
    assert board(state).favours == (0, 1, None)


@pytest.mark.rule("COURTIER.DAIMYO.FAVOUR")
def test_courtier_daimyo_single_free_favour_taken_without_question() -> None:
    state = edit_board(started(), favours=(1, 1, None))
    state = outside(holding(state, 0, pearl=2, courtiers=(0, 0, 1, 0)), Member.COURTIER)
    state = apply(state, Climb(Floor.DIPLOMATS, 1))
    assert clan(state, 0).seals == 2
    assert board(state).favours == (1, 1, 0)


@pytest.mark.rule("COURTIER.DAIMYO.FULL", "RULING.FULL_DAIMYO_LANTERN", "COURTIER.DAIMYO.LANTERN")
def test_courtier_full_daimyo_card_lantern_and_the_courtier_stays() -> None:
    state = edit_board(started(), favours=(1, 1, 1))
    state = outside(holding(state, 0, pearl=2, courtiers=(0, 0, 1, 0)), Member.COURTIER)
    state = apply(state, Climb(Floor.DIPLOMATS, 1))
    c = clan(state, 0)
    assert c.food == 1
    assert (c.cp, c.seals, c.coins) == (0, 0, 0)
    assert c.courtiers == (0, 0, 0, 1)
    assert board(state).favours == (1, 1, 1)
    assert waiting(state, DecisionKind.TURN, 1)


@pytest.mark.rule("MEMBERS.LEFTMOST", "RULING.MEMBER_FIZZLE")
def test_courtier_audience_with_no_courtier_left() -> None:
    state = outside(
        holding(started(), 0, coins=9, pearl=2, sent=(5, 0, 0), courtiers=(1, 1, 1, 2)), Member.COURTIER
    )
    assert Audience() not in options(state)
    assert_illegal(state, Audience(), "MEMBERS.LEFTMOST")


@pytest.mark.rule("EFFECT.MEMBER_ACTION", "COURTIER.ACTION")
def test_courtier_action_decline_ends_it() -> None:
    state = outside(holding(started(), 0, coins=2), Member.COURTIER)
    after = apply(state, Decline())
    assert waiting(after, DecisionKind.TURN, 1)
    assert clan(after, 0).coins == 2
    assert Decline() in legal_actions(state)


# ---- what can and cannot be done, and what the log says --------------------------------------------


@pytest.mark.rule("COURTIER.CLIMB", "COURTIER.FLOORS")
def test_courtier_no_climb_above_the_daimyo_room_even_with_pearl_for_two_floors() -> None:
    state = outside(holding(started(), 0, pearl=7, courtiers=(0, 1, 1, 0)), Member.COURTIER)
    assert set(options(state)) == {
        Climb(Floor.STEWARDS, 1),
        Climb(Floor.STEWARDS, 2),
        Climb(Floor.DIPLOMATS, 1),
        Decline(),
    }
    assert_illegal(state, Climb(Floor.DIPLOMATS, 2), "COURTIER.CLIMB")


@pytest.mark.rule("COURTIER.AUDIENCE", "MEMBERS.LEFTMOST")
def test_courtier_audience_with_the_last_courtier_on_the_domain_board() -> None:
    state = outside(holding(started(), 0, coins=2, sent=(4, 0, 0), courtiers=(4, 0, 0, 0)), Member.COURTIER)
    assert set(options(state)) == {Audience(), Decline()}
    after = apply(state, Audience())
    assert clan(after, 0).sent == (5, 0, 0)
    assert clan(after, 0).courtiers == (5, 0, 0, 0)
    assert clan(after, 0).coins == 0


@pytest.mark.rule("RULING.MEMBER_FIZZLE", "COURTIER.ACTION")
def test_courtier_action_that_can_do_nothing_passes_and_says_so() -> None:
    # no coins, no seals to trade, nobody in the castle to climb: nothing to decide
    state = holding(started(), 0, coins=0, seals=0, pearl=7)
    after = outside(state, Member.COURTIER)
    assert waiting(after, DecisionKind.TURN, 1)
    said = [e for e in after.events if isinstance(e, ev.NothingToDo)]
    assert said == [ev.NothingToDo(clan=0, what="courtier")]
    assert "RULING.MEMBER_FIZZLE" in said[0].rules
    assert not any(isinstance(e, ev.Declined) for e in after.events)
    line = " ".join(event_lines(said[0], names_for(after.setup)))
    assert re.search(r"\bclan 0\b", line)
    assert re.search(r"\bcourtier\b", line, re.IGNORECASE)
    assert re.search(r"\bnothing\b", line)
    assert clan(after, 0).pearl == 7


@pytest.mark.rule("RULING.MEMBER_FIZZLE", "COURTIER.ACTION")
def test_courtier_action_after_an_audience_ends_without_saying_nothing_was_done() -> None:
    state = outside(holding(started(), 0, coins=2, pearl=1), Member.COURTIER)
    after = apply(state, Audience())  # no climb affordable afterwards: the action ends by itself
    assert waiting(after, DecisionKind.TURN, 1)
    assert clan(after, 0).courtiers == (1, 0, 0, 0)
    assert ev.CourtierAtGate(clan=0, coins=2) in after.events
    assert not any(isinstance(e, ev.NothingToDo | ev.Declined) for e in after.events), after.events


@pytest.mark.rule("COURTIER.FLOOR12.REFILL", "COURTIER.FLOOR12.TAKE_CARD", "RULING.REFILL_AFTER_LIGHT")
def test_courtier_floor_2_room_refilled_from_the_top_of_the_diplomat_deck() -> None:
    state = outside(holding(started(), 0, pearl=2, courtiers=(0, 1, 0, 0)), Member.COURTIER)
    state = play(state, Climb(Floor.STEWARDS, 1), ChooseRoom(D2_ROOM))
    c = clan(state, 0)
    assert (c.domain_card, c.lantern, c.time) == ("D2", ("A1", "SR9"), 2)
    assert room(state, D2_ROOM).card == "D3"
    assert room(state, D6_ROOM).card == "D6"
    assert board(state).diplomat_deck == ("D4", "D5", "D7", "D8", "D10", "D11")
    assert board(state).steward_deck == ("S4", "S7", "S10", "S12", "S13", "S15")
    events = list(state.events)
    taken = ev.CardTaken(clan=0, room=D2_ROOM, card="D2", tucked="A1")
    refilled = ev.RoomRefilled(room=D2_ROOM, card="D3")
    assert taken in events
    assert refilled in events
    assert "COURTIER.FLOOR12.REFILL" in refilled.rules
    # the refill comes after the light block of the card taken (RULING.REFILL_AFTER_LIGHT)
    light = next(i for i, e in enumerate(events) if isinstance(e, ev.BlockResolved) and e.card == "D2")
    assert events.index(taken) < light < events.index(refilled)
    line = " ".join(event_lines(refilled, names_for(state.setup)))
    assert re.search(r"\bD3\b", line)
    assert "refills" in line


@pytest.mark.rule("GARDENER.PLACE", "RULING.MEMBER_FIZZLE")
def test_gardener_food_exactly_the_cheapest_garden() -> None:
    state = outside(holding(started(), 0, food=1), Member.GARDENER)
    assert waiting(state, DecisionKind.GARDEN, 0)
    assert set(options(state)) == {ChooseGarden(G1_SLOT), Decline()}
    after = apply(state, ChooseGarden(G1_SLOT))
    assert clan(after, 0).food == 0


@pytest.mark.rule("GARDENER.ACTION_OPTIONAL", "EFFECT.PAID_ICON")
def test_gardener_plant_question_names_the_card_and_its_price() -> None:
    # G9: food 4, pay 3 coins for a Warrior action
    state = outside(holding(started(), 0, food=4, coins=3, iron=1), Member.GARDENER)
    asked = apply(state, ChooseGarden(G9_SLOT))
    top = asked.stack[-1]
    assert isinstance(top, OptionalFrame)
    origin = Origin(kind="garden", card="G9", slot=G9_SLOT)
    assert top == OptionalFrame(
        0, Source("garden", "G9"), (MemberIcon(Member.WARRIOR),), seals=0, coins=3, origin=origin
    )
    question = f"{source_name(top.source)}: {describe(PayCoins(top.coins, top.effects))}"
    assert re.search(r"\bG9\b", question)
    assert re.search(r"\bpay 3 coins\b", question)
    assert re.search(r"\bwarrior action\b", question)


def custom_game(content: Content) -> State:
    """The fixed deal on transcribed content, at clan 0's first turn."""
    state = apply(new_game(Setup(players=2, content=content)), make_deal())
    while state.decision.kind is DecisionKind.DRAFT:
        state = settle(apply(state, TakePair(0)))
    return state


@pytest.mark.rule("GARDENER.ACTION_OPTIONAL", "RULING.EFFECTS_OPTIONAL_ORDER")
def test_gardener_garden_action_from_the_games_own_content() -> None:
    # content is data: G1 transcribed with two icons (3 coins and 2 seals) instead of the shipped one
    base = base_content()
    two_icons = (Gain(GainKind.COIN, 3), Gain(GainKind.SEAL, 2))
    content = replace(
        base, gardens=tuple(replace(g, action=two_icons) if g.id == "G1" else g for g in base.gardens)
    )
    state = custom_game(content)
    asked = apply(outside(holding(state, 0, food=1), Member.GARDENER), ChooseGarden(G1_SLOT))
    top = asked.stack[-1]
    assert isinstance(top, OptionalFrame)
    origin = Origin(kind="garden", card="G1", slot=G1_SLOT)
    assert top == OptionalFrame(0, Source("garden", "G1"), two_icons, seals=0, coins=0, origin=origin)
    question = f"{source_name(top.source)}: {', '.join(map(describe, top.effects))}"
    assert re.search(r"\bG1\b", question)
    assert re.search(r"\+3 coins\b", question)
    assert re.search(r"\+2 seals\b", question)
    accepted = apply(asked, Accept())
    paid = ev.OptionalPaid(
        clan=0,
        source=Source("garden", "G1"),
        seals=0,
        coins=0,
        icons=two_icons,
        rules=("GARDENER.ACTION_OPTIONAL", "EFFECT.PAID_ICON"),
    )
    assert paid in accepted.events
    after = settle(accepted)
    assert (clan(after, 0).coins, clan(after, 0).seals) == (3, 2)


@pytest.mark.rule("COURTIER.FLOOR12.REFILL", "RULING.REFILL_AFTER_LIGHT")
def test_courtier_a_refill_that_finds_its_deck_run_out_is_a_rules_gap() -> None:
    """Room 1's card was taken while the deck still held a card, but a refill during its light action
    used the last one: no rule says what the empty room does, so the engine names the gap."""
    from reference.engine import advance
    from reference.errors import RulesGap
    from reference.model import RefillFrame
    from tests.helpers import edit_board

    state = started(2)
    rooms = list(board(state).rooms)
    rooms[1] = replace(rooms[1], card=None)
    waiting = replace(edit_board(state, rooms=tuple(rooms), steward_deck=()), stack=(RefillFrame(1),))
    with pytest.raises(RulesGap) as gap:
        advance(waiting)
    assert gap.value.rule == "COURTIER.FLOOR12.REFILL"
    assert re.search(r"\broom 1\b", gap.value.reason)
    # with a card left the same refill takes it
    refilled = advance(replace(waiting, board=replace(board(waiting), steward_deck=("S4",))))
    assert board(refilled).rooms[1].card == "S4"
    assert [e for e in refilled.events if isinstance(e, ev.RoomRefilled)] == [
        ev.RoomRefilled(room=1, card="S4")
    ]


# ---- what each member action reports (the events a log or a client reads) ---------------------------


@pytest.mark.rule("COURTIER.ACTION", "COURTIER.CLIMB", "COURTIER.FLOOR12.TAKE_CARD", "CASTLE.ROWS")
def test_courtier_events_of_a_climb_a_card_taken_and_a_decline() -> None:
    state = outside(holding(started(), 0, coins=2, pearl=2, courtiers=(1, 0, 0, 0)), Member.COURTIER)
    climbed = apply(state, Climb(Floor.GATE, 1))
    assert climbed.events == (ev.CourtierClimbed(clan=0, start=Floor.GATE, end=Floor.STEWARDS, pearl=2),)
    taken = apply(climbed, ChooseRoom(S2_ROOM))
    assert taken.events == (ev.CardTaken(clan=0, room=S2_ROOM, card="S2", tucked="A1"),)
    # the light block of the card taken resolves under the rule of taking it, then the room refills
    done = apply(taken, ChooseBlock(block=2))
    assert done.events[:2] == (
        ev.BlockResolved(
            clan=0,
            card="S2",
            block=2,
            rows=(2,),
            dark=False,
            icons=(Gain(GainKind.IRON, 2),),
            rules=("COURTIER.FLOOR12.TAKE_CARD", "CASTLE.ROWS"),
        ),
        ev.Gained(clan=0, what=GainKind.IRON, n=2, kept=2),
    )
    # the audience is left: ending the action is a Courtier-action decline
    assert waiting(done, DecisionKind.COURTIER, 0)
    ended = apply(done, Decline())
    declined = [e for e in ended.events if isinstance(e, ev.Declined)]
    assert declined == [ev.Declined(clan=0, what="courtier", rules=("COURTIER.ACTION",))]


@pytest.mark.rule("COURTIER.FLOOR12.EMPTY_DECK")
def test_courtier_room_with_an_empty_deck_reports_the_card_that_stays() -> None:
    state = edit_board(started(), diplomat_deck=())
    state = outside(holding(state, 0, pearl=2, courtiers=(0, 1, 0, 0)), Member.COURTIER)
    after = play(state, Climb(Floor.STEWARDS, 1), ChooseRoom(D6_ROOM))
    assert after.events[0] == ev.RoomDeckEmpty(
        clan=0, room=D6_ROOM, card="D6", rules=("COURTIER.FLOOR12.EMPTY_DECK",)
    )
    assert not any(isinstance(e, ev.CardTaken | ev.RoomRefilled) for e in after.events)


@pytest.mark.rule("COURTIER.FLOOR12.TUCK", "LANTERN.GROWS")
def test_courtier_taking_a_card_without_a_domain_card_tucks_nothing() -> None:
    # a position built without a Domain card (none is ever lost in play): the card taken goes onto the
    # Domain board and the Lantern Area stays as it was
    state = edit_clan(holding(started(), 0, pearl=2, courtiers=(0, 1, 0, 0)), 0, domain_card=None)
    after = play(outside(state, Member.COURTIER), Climb(Floor.STEWARDS, 1), ChooseRoom(D2_ROOM))
    assert ev.CardTaken(clan=0, room=D2_ROOM, card="D2", tucked=None) in after.events
    assert (clan(after, 0).domain_card, clan(after, 0).lantern) == ("D2", ("SR9",))


@pytest.mark.rule(
    "COURTIER.DAIMYO.LANTERN", "COURTIER.DAIMYO.FAVOUR", "COURTIER.DAIMYO.FULL", "DAIMYO.FAVOURS"
)
@pytest.mark.parametrize(
    ("favours", "chosen", "said"),
    [
        # two free spaces: the clan chooses the Well favour
        ((None, 1, None), ChooseFavour(0), ev.FavourTaken(clan=0, slot=0, icons=(WellIcon(),))),
        # one free space: taken without a question
        ((1, 1, None), None, ev.FavourTaken(clan=0, slot=2, icons=(Gain(GainKind.SEAL, 2),))),
        # none free: the courtier stays in the Daimyo's room
        ((1, 1, 1), None, ev.NoFreeFavour(clan=0)),
    ],
    ids=["chosen", "the only one free", "full"],
)
def test_courtier_daimyo_room_events_lantern_then_the_favour(
    favours: tuple[int | None, ...], chosen: ChooseFavour | None, said: ev.Event
) -> None:
    state = edit_board(started(), favours=favours)
    state = outside(holding(state, 0, pearl=2, courtiers=(0, 0, 1, 0)), Member.COURTIER)
    after = apply(state, Climb(Floor.DIPLOMATS, 1))
    lantern = ev.LanternActivated(
        clan=0,
        cards=("SR9",),
        icons=(Gain(GainKind.FOOD, 1),),  # SR9's back
        rules=("COURTIER.DAIMYO.LANTERN", "LANTERN.GAIN_ALL", "LANTERN.AREA"),
    )
    assert after.events[:2] == (
        ev.CourtierClimbed(clan=0, start=Floor.DIPLOMATS, end=Floor.DAIMYO, pearl=2),
        lantern,
    )
    if chosen is not None:
        assert waiting(after, DecisionKind.FAVOUR, 0)
        after = apply(after, chosen)
    assert said in after.events
    assert not any(isinstance(e, ev.FavourTaken | ev.NoFreeFavour) and e != said for e in after.events)


@pytest.mark.rule("RULING.MEMBER_FIZZLE", "EFFECT.MEMBER_ACTION", "MEMBERS.LEFTMOST")
@pytest.mark.parametrize(
    ("member", "holds", "what"),
    [
        (Member.WARRIOR, {"iron": 7, "sent": (0, 0, 5)}, "warrior"),  # no warrior left
        (Member.WARRIOR, {"iron": 0, "seals": 1}, "warrior"),  # no yard payable even after trading
        (Member.GARDENER, {"food": 7, "sent": (0, 5, 0)}, "gardener"),  # no gardener left
        (Member.GARDENER, {"food": 0}, "gardener"),  # no garden payable
    ],
)
def test_member_action_that_cannot_be_done_says_which_member(
    member: Member, holds: dict[str, object], what: ev.OptionalWhat
) -> None:
    after = inject(holding(started(), 0, **holds), 0, MemberIcon(member))
    assert waiting(after, DecisionKind.TURN, 0)
    assert after.events == (ev.NothingToDo(clan=0, what=what, rules=("RULING.MEMBER_FIZZLE",)),)


@pytest.mark.rule("EFFECT.MEMBER_ACTION", "OUTSIDE.CHOICES", "RULING.EFFECTS_OPTIONAL_ORDER")
def test_member_action_declines_say_which_action_was_declined() -> None:
    cases: tuple[tuple[Member, dict[str, int], ev.OptionalWhat], ...] = (
        (Member.WARRIOR, {"iron": 3}, "warrior"),
        (Member.GARDENER, {"food": 3}, "gardener"),
    )
    for member, holds, what in cases:
        asked = outside(holding(started(), 0, **holds), member)
        declined = apply(asked, Decline())
        assert declined.events[0] == ev.Declined(clan=0, what=what)
        assert clan(declined, 0) == clan(asked, 0)
    at_outside = place(started(), Colour.CORAL, End.RIGHT, Space.OUTSIDE_RIGHT)
    assert waiting(at_outside, DecisionKind.OUTSIDE, 0)
    assert apply(at_outside, Decline()).events[0] == ev.Declined(clan=0, what="outside")


@pytest.mark.rule("OUTSIDE.CHOICES", "WARRIOR.PLACE", "WARRIOR.TILE_ACTIONS", "GARDENER.PLACE")
def test_member_placements_report_the_member_the_place_and_the_price() -> None:
    at_outside = place(holding(started(), 0, iron=3, food=3), Colour.CORAL, End.RIGHT, Space.OUTSIDE_RIGHT)
    chosen = apply(at_outside, ChooseMember(Member.WARRIOR))
    assert chosen.events == (ev.OutsideChosen(clan=0, member=Member.WARRIOR),)
    warrior = apply(chosen, ChooseYard(1))
    # the 1-iron yard holds Y1's reward side: Mother-of-Pearl +3
    assert warrior.events[:2] == (
        ev.WarriorPlaced(clan=0, cost=1, iron=1, icons=(Gain(GainKind.PEARL, 3),)),
        ev.Gained(clan=0, what=GainKind.PEARL, n=3, kept=3),
    )
    gardener = apply(outside(holding(started(), 0, food=3), Member.GARDENER), ChooseGarden(G1_SLOT))
    assert gardener.events == (
        ev.GardenerPlaced(clan=0, slot=G1_SLOT, card="G1", bridge=Colour.CORAL, food=1),
    )
    assert waiting(gardener, DecisionKind.OPTIONAL, 0)  # then G1's action, optional


@pytest.mark.rule("RULING.REFILL_AFTER_LIGHT", "COURTIER.FLOOR12.END_ROOM_ONLY")
def test_courtier_climb_to_a_floor_with_no_card_stays_and_says_why() -> None:
    # every Stewards' room waits for its refill (a hand-made position): the courtier arrives, no room
    state = outside(holding(started(), 0, coins=0, pearl=2, courtiers=(1, 0, 0, 0)), Member.COURTIER)
    rooms = tuple(replace(r, card=None) if r.floor == 1 else r for r in board(state).rooms)
    state = edit_board(state, rooms=rooms)
    after = apply(state, Climb(Floor.GATE, 1))
    assert ev.NoRoomToEnter(clan=0, floor=1, rules=("RULING.REFILL_AFTER_LIGHT",)) in after.events
    assert not any(isinstance(e, (ev.CardTaken, ev.RoomDeckEmpty)) for e in after.events)
    c = clan(after, 0)
    assert c.courtiers == (0, 1, 0, 0)
    assert (c.lantern, c.domain_card) == (clan(state, 0).lantern, clan(state, 0).domain_card)
    assert after.decision.kind is not DecisionKind.ROOM
