"""Daimyo Seals: sources, the cap of 5, the resource cap of 7, uses, and the two seal trades."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from reference.engine import apply, legal_actions
from reference.model import (
    Accept,
    ChooseMember,
    ChooseRoom,
    Clan,
    Climb,
    Colour,
    CourtierFrame,
    DecisionKind,
    End,
    Floor,
    Gain,
    GainKind,
    Influence,
    Member,
    PlaceDie,
    Resource,
    Roll,
    Space,
    Trade,
)
from reference.rules import holdings
from tests.helpers import (
    D2_ROOM,
    assert_illegal,
    clan,
    holding,
    inject,
    last_turn,
    only_bridges,
    place,
    started,
    trades,
    waiting,
)

ALL_TRADES = {Trade(None), Trade(Resource.FOOD), Trade(Resource.IRON), Trade(Resource.PEARL)}


@pytest.mark.rule("SEALS.CAP", "RULING.GAINS_PER_ICON")
def test_seals_cap_5_overflow_lost() -> None:
    state = holding(started(), 0, seals=4)
    after = inject(state, 0, Gain(GainKind.SEAL, 2))
    assert clan(after, 0).seals == 5


@pytest.mark.rule("SEALS.CAP", "SEALS.SOURCES", "WELL.REWARD")
def test_seals_cap_5_at_the_well() -> None:
    state = holding(started(), 0, seals=5)
    state = only_bridges(state, white=(None, (), 1))
    after = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    assert clan(after, 0).seals == 5
    assert clan(after, 0).coins == 2  # both Well tiles still pay


@pytest.mark.rule("SEALS.SOURCES")
def test_seals_sources_well_and_cards() -> None:
    state = holding(started(), 0)
    state = only_bridges(state, white=(None, (), 1))
    after = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    assert clan(after, 0).seals == 1
    # a seal icon on a card (Daimyo favour DF1 space 3: seal+2)
    after = inject(holding(started(), 0), 0, Gain(GainKind.SEAL, 2))
    assert clan(after, 0).seals == 2


@pytest.mark.rule("RESOURCES.CAP", "RULING.GAINS_PER_ICON")
@pytest.mark.parametrize("what", [GainKind.FOOD, GainKind.IRON, GainKind.PEARL])
def test_resources_cap_7_overflow_lost(what: GainKind) -> None:
    state = holding(started(), 0, **{what.value: 6})
    after = inject(state, 0, Gain(what, 3))
    assert getattr(clan(after, 0), what.value) == 7


@pytest.mark.rule("COINS.NO_CAP", "RULING.COINS_UNLIMITED")
def test_coins_have_no_cap() -> None:
    state = holding(started(), 0, coins=100)
    after = inject(state, 0, Gain(GainKind.COIN, 5))
    assert clan(after, 0).coins == 105


@pytest.mark.rule("SEALS.TRADE_COIN", "RULING.TRADES_AT_OWN_DECISIONS")
def test_seals_trade_one_seal_for_one_coin_at_own_turn() -> None:
    state = holding(started(), 0, seals=1, coins=0)
    assert waiting(state, DecisionKind.TURN, 0)
    assert set(trades(state)) == {Trade(None)}
    after = apply(state, Trade(None))
    assert (clan(after, 0).seals, clan(after, 0).coins) == (0, 1)
    assert waiting(after, DecisionKind.TURN, 0)  # the turn is not used up


@pytest.mark.rule("SEALS.TRADE_RESOURCE", "RULING.TRADES_AT_OWN_DECISIONS")
@pytest.mark.parametrize("resource", [Resource.FOOD, Resource.IRON, Resource.PEARL])
def test_seals_trade_two_seals_for_one_resource(resource: Resource) -> None:
    state = holding(started(), 0, seals=2)
    assert set(trades(state)) == ALL_TRADES
    after = apply(state, Trade(resource))
    assert clan(after, 0).seals == 0
    assert getattr(clan(after, 0), resource.value) == 1
    assert waiting(after, DecisionKind.TURN, 0)


@pytest.mark.rule("SEALS.TRADE_COIN", "SEALS.TRADE_RESOURCE")
def test_seals_trades_as_often_as_you_like() -> None:
    state = holding(started(), 0, seals=5)
    after = apply(apply(apply(state, Trade(Resource.PEARL)), Trade(Resource.PEARL)), Trade(None))
    assert (clan(after, 0).seals, clan(after, 0).pearl, clan(after, 0).coins) == (0, 2, 1)


@pytest.mark.rule("SEALS.TRADE_COIN", "SEALS.TRADE_RESOURCE")
def test_seals_trades_illegal_without_seals() -> None:
    state = holding(started(), 0, seals=0, coins=9, food=7)
    assert trades(state) == ()
    assert_illegal(state, Trade(None), "SEALS.TRADE_COIN")
    assert_illegal(state, Trade(Resource.FOOD), "SEALS.TRADE_RESOURCE")


@pytest.mark.rule("SEALS.TRADE_RESOURCE")
def test_seals_trade_resource_illegal_with_one_seal() -> None:
    state = holding(started(), 0, seals=1)
    assert set(trades(state)) == {Trade(None)}
    assert_illegal(state, Trade(Resource.IRON), "SEALS.TRADE_RESOURCE")


@pytest.mark.rule("SEALS.TRADE_COIN", "SEALS.TRADE_RESOURCE", "RULING.TRADES_AT_OWN_DECISIONS")
def test_seals_trades_offered_at_every_own_decision() -> None:
    # a room choice in the middle of a Courtier action
    state = holding(started(), 0, seals=2, pearl=5, courtiers=(1, 0, 0, 0))
    state = place(state, Colour.CORAL, End.RIGHT, Space.OUTSIDE_LEFT)
    state = apply(state, ChooseMember(Member.COURTIER))
    assert waiting(state, DecisionKind.COURTIER, 0)
    assert set(trades(state)) == ALL_TRADES
    state = apply(state, Climb(Floor.GATE, 2))
    assert waiting(state, DecisionKind.ROOM, 0)
    assert set(trades(state)) == ALL_TRADES
    traded = apply(state, Trade(Resource.FOOD))
    assert waiting(traded, DecisionKind.ROOM, 0)
    assert clan(traded, 0).food == 1
    done = apply(traded, ChooseRoom(D2_ROOM))
    assert clan(done, 0).courtiers == (0, 0, 1, 0)


@pytest.mark.rule("RULING.TRADES_AT_OWN_DECISIONS", "TURN.DECISION")
def test_seals_no_trades_at_chance_decisions_or_for_the_other_clan() -> None:
    state = last_turn(started())
    state = holding(state, 0, seals=3)
    state = holding(state, 1, seals=0)
    # clan 1 decides: clan 0's seals give nothing to trade
    assert waiting(state, DecisionKind.TURN, 1)
    assert trades(state) == ()
    assert_illegal(state, Trade(None), "SEALS.TRADE_COIN")
    state = only_bridges(state, white=(None, (), 1))
    rolled = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    assert waiting(rolled, DecisionKind.ROLL, None)
    assert legal_actions(rolled) == ()
    assert_illegal(rolled, Trade(None), "RULING.CHANCE_ROLL")
    assert apply(rolled, Roll(((1, 2, 3), (1, 2, 3), (1, 2, 3)))).round == 2


@pytest.mark.rule("SEALS.USES", "CASTLE.DARK_SEAL")
def test_seals_pay_steward_dark_row() -> None:
    # a white die in room 0 (S2) uses its dark top row: 1 seal for a Courtier action
    state = holding(started(), 0, seals=1, coins=2)
    state = only_bridges(state, white=(None, (), 3))
    asked = place(state, Colour.WHITE, End.RIGHT, Space.STEWARD_1)
    assert waiting(asked, DecisionKind.OPTIONAL, 0)
    after = apply(asked, Accept())
    assert clan(after, 0).seals == 0
    assert waiting(after, DecisionKind.COURTIER, 0)
    assert isinstance(after.stack[-1], CourtierFrame)


@pytest.mark.rule("SEALS.USES")
def test_seals_cannot_be_spent_to_advance_on_the_track() -> None:
    state = holding(started(), 0, seals=5)
    for action in legal_actions(state):
        assert isinstance(action, (PlaceDie, Trade))
    after = inject(state, 0, Influence(1))
    assert clan(after, 0).seals == 5
    assert clan(after, 0).time == 1


@pytest.mark.rule("SEALS.TRADE_RESOURCE", "WARRIOR.PLACE", "GARDENER.PLACE")
@pytest.mark.parametrize(
    ("what", "field", "held"),
    [
        (GainKind.SEAL, "seals", 1),
        (GainKind.IRON, "iron", 4),
        (GainKind.FOOD, "food", 0),
        (GainKind.COIN, "coins", 2),
    ],
)
def test_paying_more_than_held_is_an_error_naming_what_is_held(what: GainKind, field: str, held: int) -> None:
    # the rules never let a clan pay what it lacks: the engine stops rather than go negative
    holder = replace(Clan(), **{field: held})
    with pytest.raises(ValueError, match=rf"\bcannot pay {held + 1} {what.value}: holds {held}\b"):
        holdings.pay(holder, what, held + 1)
    assert holdings.pay(holder, what, held) == Clan()


@pytest.mark.rule("SCORE.CP")
def test_clan_points_are_never_paid() -> None:
    # Clan Points, once earned, are kept: no price in the game is paid in Clan Points
    with pytest.raises(
        ValueError, match=r"^Clan Points are never paid: they are kept once earned \(SCORE\.CP\)$"
    ):
        holdings.pay(Clan(cp=9), GainKind.CP, 1)
    with pytest.raises(
        ValueError, match=r"^Clan Points are never paid"
    ):  # named by value, as a Python caller may
        holdings.pay(Clan(cp=9), "cp", 1)  # type: ignore[arg-type]  # the engine's callers pass a GainKind


@pytest.mark.rule("RESOURCES.CAP", "SEALS.CAP", "COINS.NO_CAP")
@pytest.mark.parametrize(
    ("what", "field", "cap"),
    [
        (GainKind.COIN, "coins", None),
        (GainKind.FOOD, "food", 7),
        (GainKind.IRON, "iron", 7),
        (GainKind.PEARL, "pearl", 7),
        (GainKind.SEAL, "seals", 5),
        (GainKind.CP, "cp", None),
    ],
)
def test_each_kind_of_gain_is_held_in_its_own_field_up_to_its_cap(
    what: GainKind, field: str, cap: int | None
) -> None:
    holder = replace(Clan(), **{field: 3})
    assert holdings.held(holder, what) == 3
    gained = holdings.gain(holder, what, 9)
    assert gained == replace(Clan(), **{field: 12 if cap is None else cap})  # nothing else changes
    assert holdings.cap_rule(what) == {5: "SEALS.CAP", 7: "RESOURCES.CAP", None: None}[cap]
    if cap == holdings.RESOURCE_CAP:  # a resource, named by its Resource or by its GainKind
        assert holdings.resource(holder, what) == 3
        assert holdings.resource(holder, Resource(what.value)) == 3
        assert holdings.gain_kind(Resource(what.value)) is what
    else:
        with pytest.raises(ValueError, match=rf"{what} is not a resource"):
            holdings.resource(holder, what)


@pytest.mark.rule("SEALS.TRADE_RESOURCE", "SEALS.TRADE_COIN", "RULING.TRADES_AT_OWN_DECISIONS")
@pytest.mark.parametrize("seals", [0, 1, 2, 3, 5])
def test_what_seals_could_still_buy_counts_whole_trades_only(seals: int) -> None:
    # 2 seals a resource, 1 a coin: an odd seal buys no part of a resource, and a resource stops at 7
    holder = Clan(food=5, coins=1, seals=seals)
    assert holdings.resource_reachable(holder, Resource.FOOD) == min(7, 5 + seals // 2)
    assert holdings.resource_reachable(holder, Resource.IRON) == seals // 2
    assert holdings.coins_reachable(holder) == 1 + seals
    assert isinstance(holdings.resource_reachable(holder, Resource.IRON), int)
    assert isinstance(holdings.coins_reachable(holder), int)
