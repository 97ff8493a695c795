"""Setup: the deal (cards in use, dice per colour, die tiles, gardens, yards), the starting draft and the
starting position."""

from __future__ import annotations

import random
import re

import pytest
from msgspec.structs import replace

from reference.chance import deal_for
from reference.content import base_content, catalogue
from reference.engine import apply, new_game
from reference.errors import ContentError, SetupError
from reference.model import (
    COLOURS,
    Clan,
    Colour,
    Content,
    Deal,
    DecisionKind,
    Effect,
    Gain,
    GainKind,
    Influence,
    LanternIcon,
    Phase,
    Resource,
    ResourceChoice,
    Setup,
    TakePair,
    TakeResource,
)
from reference.model import events as ev
from reference.narrate import event_lines, names_for
from reference.rules import common
from reference.rules.outcomes import cards_in_use
from tests.helpers import (
    DIE_TILES,
    assert_illegal,
    board,
    clan,
    dealt,
    make_deal,
    room,
    settle,
    started,
    waiting,
)
from tests.solo_helpers import filler, solo_deal, solo_setup

DIAMOND = {"S1", "S3", "S6", "S8", "S11", "S14", "D1", "D9", "D12"}


@pytest.mark.rule("SETUP.TWO_PLAYER_REMOVED")
def test_setup_two_players_removes_diamond_cards() -> None:
    cat = catalogue(None)
    stewards = set(cards_in_use(cat, 2, 1))
    diplomats = set(cards_in_use(cat, 2, 2))
    assert stewards == {"S2", "S4", "S5", "S7", "S9", "S10", "S12", "S13", "S15"}
    assert diplomats == {"D2", "D3", "D4", "D5", "D6", "D7", "D8", "D10", "D11"}
    assert not (stewards | diplomats) & DIAMOND
    assert len(cards_in_use(cat, 3, 1)) == 15
    assert len(cards_in_use(cat, 4, 2)) == 12


@pytest.mark.rule("SETUP.TWO_PLAYER_REMOVED", "RULING.CHANCE_DEAL")
def test_setup_two_players_deal_with_a_diamond_card_refused() -> None:
    state = new_game(Setup(players=2))
    with_s1 = make_deal(2, stewards=("S1", *make_deal(2).stewards[1:]))
    assert_illegal(state, with_s1, "RULING.CHANCE_DEAL")
    with_d9 = make_deal(2, diplomats=(*make_deal(2).diplomats, "D9"))
    assert_illegal(state, with_d9, "RULING.CHANCE_DEAL")


@pytest.mark.rule("SETUP.TWO_PLAYER_REMOVED", "RULING.CHANCE_DEAL")
@pytest.mark.parametrize("seed", range(20))
def test_setup_sampled_two_player_deals_hold_no_diamond(seed: int) -> None:
    deal = deal_for(Setup(players=2), random.Random(seed))
    assert not (set(deal.stewards) | set(deal.diplomats)) & DIAMOND
    assert len(deal.stewards) == 9
    assert len(deal.diplomats) == 9


@pytest.mark.rule("SETUP.DICE_PER_COLOUR")
@pytest.mark.parametrize(("players", "per_colour"), [(2, 3), (3, 4), (4, 5)])
def test_setup_dice_per_colour_players_plus_one(players: int, per_colour: int) -> None:
    state = dealt(players)
    assert [b.count() for b in board(state).bridges] == [per_colour] * 3
    assert [b.colour for b in board(state).bridges] == list(COLOURS)
    deal = deal_for(Setup(players=players), random.Random(players))
    assert [len(d) for d in deal.dice] == [per_colour] * 3


@pytest.mark.rule("SETUP.DICE_PER_COLOUR", "RULING.CHANCE_DEAL")
def test_setup_wrong_number_of_dice_refused() -> None:
    state = new_game(Setup(players=2))
    assert_illegal(state, make_deal(2, dice=((1, 2, 3, 4), (1, 2, 3), (1, 2, 3))), "RULING.CHANCE_DEAL")
    assert_illegal(state, make_deal(2, dice=((1, 2, 0), (1, 2, 3), (1, 2, 3))), "RULING.CHANCE_DEAL")


@pytest.mark.rule("SETUP.DIE_TILES.NO_MONO", "RULING.DIE_TILE_LAYOUT")
def test_setup_deal_with_one_colour_room_refused() -> None:
    state = new_game(Setup(players=2))
    # Steward room 0 would show coral, coral, coral
    mono_steward = (
        "coral-iron",
        "coral-food",
        "coral-pearl",
        "black-iron",
        "white-food",
        "white-iron",
        "coral-choice",
        "black-food",
        "white-pearl",
        "black-pearl",
        "white-choice",
        "white-coin",
        "black-choice",
        "coral-coin",
        "black-coin",
    )
    assert sorted(mono_steward) == sorted(DIE_TILES)
    error = assert_illegal(state, make_deal(2, die_tiles=mono_steward), "SETUP.DIE_TILES.NO_MONO")
    # named by the room index ChooseRoom and the board use
    assert re.search(r"\bcastle room 0 \(rooms 0\.\.4", error.reason)
    assert re.search(r"\bcoral\b", error.reason)
    # Diplomat room 3 (the first Diplomats' room) would show black, black
    mono_diplomat = (
        *DIE_TILES[:9],
        "black-pearl",
        "black-choice",
        "white-coin",
        "white-choice",
        *DIE_TILES[13:],
    )
    assert sorted(mono_diplomat) == sorted(DIE_TILES)
    error = assert_illegal(state, make_deal(2, die_tiles=mono_diplomat), "SETUP.DIE_TILES.NO_MONO")
    assert re.search(r"\bcastle room 3 \(", error.reason)
    assert re.search(r"\bblack\b", error.reason)


@pytest.mark.rule("SETUP.DIE_TILES.NO_MONO", "RULING.DIE_TILE_LAYOUT")
@pytest.mark.parametrize("seed", range(30))
def test_setup_sampled_layouts_never_one_colour_room(seed: int) -> None:
    deal = deal_for(Setup(players=2), random.Random(seed))
    state = apply(new_game(Setup(players=2)), deal)
    for r in board(state).rooms:
        assert len(set(r.tiles)) > 1


@pytest.mark.rule("SETUP.DIE_TILES", "SETUP.WELL_TILES", "RULING.DIE_TILE_SET")
def test_setup_die_tiles_three_per_steward_two_per_diplomat_two_at_well() -> None:
    state = dealt()
    b = board(state)
    assert [len(r.tiles) for r in b.rooms] == [3, 3, 3, 2, 2]
    assert room(state, 0).tiles == (Colour.WHITE, Colour.CORAL, Colour.CORAL)
    assert room(state, 3).tiles == (Colour.BLACK, Colour.WHITE)
    assert b.well_tiles == ("coral-coin", "black-coin")
    tiles = base_content().die_tiles
    assert len(tiles) == 15
    by_colour: dict[Colour, set[tuple[Effect, ...]]] = {c: set() for c in COLOURS}
    for t in tiles:
        by_colour[t.colour].add(t.reward)
    expected: set[tuple[Effect, ...]] = {
        (Gain(GainKind.IRON, 1),),
        (Gain(GainKind.FOOD, 1),),
        (Gain(GainKind.PEARL, 1),),
        (ResourceChoice(1),),
        (Gain(GainKind.COIN, 1),),
    }
    assert all(rewards == expected for rewards in by_colour.values())


@pytest.mark.rule("SETUP.CASTLE_CARDS", "SETUP.BRIDGES_SORTED", "SETUP.GARDENS", "SETUP.YARD_TILES")
def test_setup_board_from_the_deal() -> None:
    state = dealt()
    b = board(state)
    assert [r.card for r in b.rooms] == ["S2", "S5", "S9", "D2", "D6"]
    assert [r.floor for r in b.rooms] == [1, 1, 1, 2, 2]
    assert b.steward_deck == ("S4", "S7", "S10", "S12", "S13", "S15")
    assert b.diplomat_deck == ("D3", "D4", "D5", "D7", "D8", "D10", "D11")
    assert b.daimyo == "DF1"
    assert b.favours == (None, None, None)
    # dice (5, 1, 3) sort to 1 | 3 | 5
    assert [(x.left, x.centre, x.right) for x in b.bridges] == [(1, (3,), 5), (2, (4,), 6), (1, (2,), 6)]
    assert [(g.bridge, g.card) for g in b.gardens] == [
        (Colour.CORAL, "G1"),
        (Colour.CORAL, "G7"),
        (Colour.BLACK, "G3"),
        (Colour.BLACK, "G9"),
        (Colour.WHITE, "G5"),
        (Colour.WHITE, "G10"),
    ]
    assert [(y.cost, y.value, y.tiles) for y in b.yards] == [
        (5, 2, (("Y4", "action"), ("Y5", "reward"))),
        (3, 1, (("Y6", "action"),)),
        (1, 1, (("Y1", "reward"),)),
    ]
    assert b.outside == ((), ())
    assert b.well == ()


@pytest.mark.rule("SETUP.YARDS")
def test_setup_yards_content() -> None:
    assert [(y.cost, y.value, y.faces) for y in base_content().yards] == [
        (5, 2, ("action", "reward")),
        (3, 1, ("action",)),
        (1, 1, ("reward",)),
    ]


@pytest.mark.rule(
    "SETUP.TIME_START",
    "SETUP.SCORE_START",
    "SETUP.NO_OTHER_INCOME",
    "SETUP.WORKERS",
    "SETUP.TURN_ORDER",
    "RULING.START_ORDER",
)
def test_setup_starting_position_before_the_draft() -> None:
    state = dealt(3, turn_order=(2, 0, 1))
    assert state.turn_order == (2, 0, 1)
    for c in state.clans:
        assert c.time == 0
        assert (c.cp, c.coins, c.seals, c.food, c.iron, c.pearl) == (0, 0, 0, 0, 0, 0)
        assert c.sent == (0, 0, 0)
        assert c.courtiers == (0, 0, 0, 0)
        assert c.domain_card is None
    # markers stacked on 0 with the first player on top
    arrivals = [state.clans[i].arrival for i in state.turn_order]
    assert arrivals == sorted(arrivals, reverse=True)
    assert state.clans == tuple(Clan(arrival=state.clans[i].arrival) for i in range(3))


@pytest.mark.rule("SETUP.STARTING_PAIRS")
def test_setup_pairs_taken_in_reverse_turn_order() -> None:
    state = dealt(3, turn_order=(2, 0, 1))
    assert len(state.draft) == 4
    assert waiting(state, DecisionKind.DRAFT, 1)
    state = settle(apply(state, TakePair(3)))  # clan 1 takes SR3 + A2
    assert waiting(state, DecisionKind.DRAFT, 0)
    state = settle(apply(state, TakePair(0)))  # clan 0 takes SR8 + A3
    assert waiting(state, DecisionKind.DRAFT, 2)
    assert_illegal(state, TakePair(2), "SETUP.STARTING_PAIRS")
    state = settle(apply(state, TakePair(1)))  # clan 2 takes SR6 + A5; SR9 + A1 is left over
    assert state.phase is Phase.TURNS
    assert state.draft == ()
    assert [(c.lantern[0], c.domain_card) for c in state.clans] == [
        ("SR8", "A3"),
        ("SR3", "A2"),
        ("SR6", "A5"),
    ]
    assert waiting(state, DecisionKind.TURN, 2)


@pytest.mark.rule("SETUP.STARTING_GAINS", "LANTERN.AREA")
def test_setup_starting_gains() -> None:
    state = started()
    # SR9: food 4, iron 2, coins 3, seals 2; SR8: food 2, iron 2, pearl 1, coins 4, seal 1
    zero, one = clan(state, 0), clan(state, 1)
    assert (zero.food, zero.iron, zero.pearl, zero.coins, zero.seals) == (4, 2, 0, 3, 2)
    assert (zero.lantern, zero.domain_card) == (("SR9",), "A1")
    assert (one.food, one.iron, one.pearl, one.coins, one.seals) == (2, 2, 1, 4, 1)
    assert (one.lantern, one.domain_card) == (("SR8",), "A3")


@pytest.mark.rule("SETUP.STARTING_GAINS", "EFFECT.RESOURCE_CHOICE")
def test_setup_starting_resource_choice() -> None:
    # SR5: 3 resources of choice, coins 4, seal 1
    state = dealt(2, pairs=(("SR5", "A4"), ("SR9", "A1"), ("SR8", "A3")))
    state = settle(apply(state, TakePair(0)))
    assert waiting(state, DecisionKind.RESOURCE, 1)
    for pick in (Resource.IRON, Resource.IRON, Resource.PEARL):
        state = apply(state, TakeResource(pick))
    c = clan(state, 1)
    assert (c.food, c.iron, c.pearl, c.coins, c.seals) == (0, 2, 1, 4, 1)
    assert waiting(state, DecisionKind.DRAFT, 0)


@pytest.mark.rule("RULING.CHANCE_DEAL")
def test_setup_waits_for_the_deal_as_chance() -> None:
    state = new_game(Setup(players=2))
    assert waiting(state, DecisionKind.DEAL, None)
    assert_illegal(state, TakePair(0), "RULING.CHANCE_DEAL")
    assert isinstance(make_deal(), Deal)


@pytest.mark.rule("RULING.CHANCE_DEAL", "SETUP.STARTING_PAIRS")
def test_setup_deal_pairs_count_checked() -> None:
    state = new_game(Setup(players=2))
    assert_illegal(state, make_deal(2, pairs=(("SR8", "A3"), ("SR9", "A1"))), "RULING.CHANCE_DEAL")


@pytest.mark.rule("SETUP.DICE_PER_COLOUR")
def test_setup_player_count_limits() -> None:
    for players in (0, 5):
        with pytest.raises(SetupError):
            new_game(Setup(players=players))


@pytest.mark.rule("RULING.DOMAIN_REWARDS_DATA", "DOMAIN.REWARDS", "DOMAIN.COLOUR_LOCK", "DOMAIN.CARD_BLOCK")
def test_setup_domain_lines_data() -> None:
    lines = {line.colour: line for line in base_content().domain}
    food, iron, pearl = Gain(GainKind.FOOD, 1), Gain(GainKind.IRON, 1), Gain(GainKind.PEARL, 1)
    coins2, seal = Gain(GainKind.COIN, 2), Gain(GainKind.SEAL, 1)
    coral, black, white = lines[Colour.CORAL], lines[Colour.BLACK], lines[Colour.WHITE]
    assert (coral.member.value, coral.row, coral.base) == ("courtier", 0, (food,))
    assert coral.uncovered == ((food,), (food,), (coins2,), (food,), (seal,))
    assert (black.member.value, black.row, black.base) == ("gardener", 1, (iron,))
    assert black.uncovered == ((iron,), (iron,), (LanternIcon(),), (iron,), (coins2,))
    assert (white.member.value, white.row, white.base) == ("warrior", 2, (pearl,))
    assert white.uncovered == ((pearl,), (pearl,), (seal,), (pearl,), (LanternIcon(),))


@pytest.mark.rule("CASTLE.ROWS")
def test_setup_castle_rows_content() -> None:
    content = base_content()
    assert len(content.stewards) == 15
    assert len(content.diplomats) == 12
    for card in content.stewards:
        assert [b.dark for b in card.blocks].count(True) == 1
        assert [b.rows for b in card.blocks] == [(0,), (1,), (2,)]
    for card in content.diplomats:
        assert sorted(b.dark for b in card.blocks) == [False, True]
        assert sorted(r for b in card.blocks for r in b.rows) == [0, 1, 2]
    # the five dealt cards show 13 blocks, 8 of them light
    cat = catalogue(None)
    cards = [cat.castle[c] for c in ("S2", "S5", "S9", "D2", "D6")]
    assert sum(len(c.blocks) for c in cards) == 13
    assert sum(not b.dark for c in cards for b in c.blocks) == 8


@pytest.mark.rule("SETUP.STARTING_GAINS")
def test_setup_starting_card_catalogue() -> None:
    content = base_content()
    gains = {sr.id: sr.gains for sr in content.starting_resources}
    assert gains["SR9"] == (
        Gain(GainKind.FOOD, 4),
        Gain(GainKind.IRON, 2),
        Gain(GainKind.COIN, 3),
        Gain(GainKind.SEAL, 2),
    )
    assert len(content.action_cards) == 6
    assert all(card.back == (Influence(1),) for card in content.action_cards)


# ---- a malformed deal is refused with a reason naming what is wrong -------------------------------


def refused_deal(deal: Deal, setup: Setup | None = None) -> str:
    """The reason ``apply`` gives for refusing ``deal`` as the setup outcome (rule RULING.CHANCE_DEAL)."""
    state = new_game(setup if setup is not None else Setup(players=2))
    return assert_illegal(state, deal, "RULING.CHANCE_DEAL").reason


@pytest.mark.rule("RULING.CHANCE_DEAL", "SETUP.TURN_ORDER")
@pytest.mark.parametrize(("players", "order", "clans"), [(2, (0, 0), "0..1"), (3, (0, 1, 3), "0..2")])
def test_setup_deal_turn_order_not_a_permutation_refused(
    players: int, order: tuple[int, ...], clans: str
) -> None:
    reason = refused_deal(make_deal(players, turn_order=order), Setup(players=players))
    assert re.search(r"\bturn_order\b", reason)
    assert re.search(rf"\b{re.escape(clans)}\b", reason)  # the clans the order must list


@pytest.mark.rule("RULING.CHANCE_DEAL", "SETUP.DICE_PER_COLOUR")
@pytest.mark.parametrize("bad", [0, 7])
def test_setup_deal_die_value_off_the_die_refused(bad: int) -> None:
    reason = refused_deal(make_deal(2, dice=((1, 2, bad), (1, 2, 3), (1, 2, 3))))
    assert re.search(r"\bdie values\b", reason)
    assert re.search(r"\b1\.\.6\b", reason)


@pytest.mark.rule("RULING.CHANCE_DEAL", "SETUP.TWO_PLAYER_REMOVED", "SETUP.CASTLE_CARDS")
def test_setup_deal_castle_decks_named_when_wrong() -> None:
    stewards = refused_deal(make_deal(2, stewards=("S1", *make_deal(2).stewards[1:])))
    assert re.search(r"\bstewards\b", stewards)
    assert re.search(r"\bS1\b", stewards)  # the card that is not in use
    diplomats = refused_deal(make_deal(2, diplomats=make_deal(2).diplomats[1:]))
    assert re.search(r"\bdiplomats\b", diplomats)
    assert re.search(r"\bD2\b", diplomats)  # the card missing is among the expected ones


@pytest.mark.rule("RULING.CHANCE_DEAL", "SETUP.DIE_TILES")
def test_setup_deal_die_tiles_named_when_one_is_repeated() -> None:
    repeated = (*DIE_TILES[:-1], DIE_TILES[0])
    reason = refused_deal(make_deal(2, die_tiles=repeated))
    assert re.search(r"\bdie_tiles\b", reason)


@pytest.mark.rule("RULING.CHANCE_DEAL", "SETUP.STARTING_PAIRS")
@pytest.mark.parametrize(
    ("pairs", "named"),
    [
        ((("SR8", "A3"), ("SR8", "A1"), ("SR6", "A5")), "Starting Resource cards"),
        ((("SR8", "A3"), ("SR99", "A1"), ("SR6", "A5")), "Starting Resource cards"),
        ((("SR8", "A3"), ("SR9", "A3"), ("SR6", "A5")), "Action cards"),
        ((("SR8", "A3"), ("SR9", "A99"), ("SR6", "A5")), "Action cards"),
    ],
)
def test_setup_deal_pairs_of_unknown_or_repeated_cards_refused(
    pairs: tuple[tuple[str, str], ...], named: str
) -> None:
    reason = refused_deal(make_deal(2, pairs=pairs))
    assert re.search(rf"\bdifferent {named}\b", reason)


@pytest.mark.rule("RULING.CHANCE_DEAL", "SOLO.CARDS")
def test_setup_deal_solo_deck_only_in_a_solo_game() -> None:
    reason = refused_deal(make_deal(2, solo_deck=("N1",)))
    assert re.search(r"\bsolo_deck\b", reason)
    assert re.search(r"\bsolo game\b", reason)


@pytest.mark.rule("RULING.CHANCE_DEAL", "SOLO.CARDS")
def test_setup_solo_deal_must_shuffle_the_whole_solitaire_deck() -> None:
    setup = solo_setup(filler("N1"), filler("N2"))
    reason = refused_deal(solo_deal(setup, order=("N1",)), setup)
    assert re.search(r"\bsolo_deck\b", reason)
    assert re.search(r"\bN2\b", reason)
    assert apply(new_game(setup), solo_deal(setup, order=("N2", "N1"))).solo_deck == ("N2", "N1")


@pytest.mark.rule("SETUP.TURN_ORDER", "RULING.START_ORDER")
def test_setup_log_names_the_first_round_turn_order() -> None:
    state = dealt(3, turn_order=(2, 0, 1))
    assert state.turn_order == (2, 0, 1)
    deals = [e for e in state.events if isinstance(e, ev.Dealt)]
    assert state.board is not None
    offer = make_deal(3, turn_order=(2, 0, 1)).pairs  # the pairs on offer are reported with the deal
    base = (("READING.DOMAIN_ICON", "domain"), ("READING.STONE_GARDEN_ICON", "light"))
    assert deals == [ev.Dealt(players=3, turn_order=(2, 0, 1), board=state.board, pairs=offer, readings=base)]
    assert "RULING.START_ORDER" in deals[0].rules
    lines = event_lines(deals[0], names_for(state.setup))
    assert any(re.search(r"\bclan 2 > clan 0 > clan 1\b", line) for line in lines)


@pytest.mark.rule("RULING.CHANCE_DEAL")
def test_setup_no_board_before_the_deal() -> None:
    state = new_game(Setup(players=2))
    assert state.board is None
    with pytest.raises(ValueError, match=r"\bnot been dealt yet\b"):
        common.board(state)


# ---- setup errors name what is wrong -----------------------------------------------------------------


@pytest.mark.rule("SETUP.DICE_PER_COLOUR")
def test_setup_player_count_error_names_the_range_and_the_count() -> None:
    with pytest.raises(SetupError, match=r"\b2\.\.4\b.*\bgot 5\b"):
        new_game(Setup(players=5))


@pytest.mark.rule("SETUP.DICE_PER_COLOUR")
@pytest.mark.parametrize("players", [3.0, True, "3"])
def test_setup_player_count_must_be_a_whole_number(players: object) -> None:
    # a Python caller can build such a setup (the wire format refuses it): the engine says what is wrong
    # before anything else, rather than failing at the deal
    setup = replace(Setup(), players=players)
    with pytest.raises(SetupError, match=rf"^players must be a whole number of clans, got {players!r}$"):
        new_game(setup)
    assert new_game(Setup(players=3)).phase is Phase.DEAL


@pytest.mark.rule("SOLO.SETUP.TWO_PLAYER")
def test_setup_solo_game_must_be_two_players() -> None:
    setup = replace(solo_setup(filler("N1"), filler("N2")), players=3)
    with pytest.raises(SetupError) as info:
        new_game(setup)
    message = str(info.value)
    assert re.search(r"\ba solo game\b", message)
    assert re.search(r"\bplayers must be 2\b", message)
    assert "(SOLO.SETUP.TWO_PLAYER)" in message


@pytest.mark.rule("READING.SOLO_ACTION_ORDER", "READING.GINKGO_PAIR_COLOUR")
@pytest.mark.parametrize(
    ("changes", "field", "reading"),
    [
        ({"action_order": "columns"}, "solo.action_order", "READING.SOLO_ACTION_ORDER"),
        ({"pair_colour": "some"}, "solo.pair_colour", "READING.GINKGO_PAIR_COLOUR"),
    ],
)
def test_setup_solo_reading_values_checked(changes: dict[str, str], field: str, reading: str) -> None:
    setup = solo_setup(filler("N1"), filler("N2"), **changes)
    with pytest.raises(SetupError) as info:
        new_game(setup)
    message = str(info.value)
    assert re.search(rf"\b{re.escape(field)}\b", message)
    assert f"({reading})" in message


@pytest.mark.rule("SOLO.CARDS", "SOLO.ICONS")
def test_setup_solo_deck_errors_name_the_setup_field() -> None:
    with pytest.raises(ContentError) as info:
        new_game(solo_setup(filler("N1")))
    message = str(info.value)
    assert re.search(r"\bsetup\.solo\.deck\b", message)
    assert re.search(r"\bat least 2 cards\b", message)


def sized(**changes: object) -> Content:
    """The base content with some of its card lists replaced (generated content of another size)."""
    return replace(base_content(), **changes)


def size_error(setup: Setup) -> str:
    with pytest.raises(SetupError) as info:
        new_game(setup)
    return str(info.value)


@pytest.mark.rule("SETUP.STARTING_PAIRS")
@pytest.mark.parametrize("players", [2, 3])
def test_setup_content_needs_an_action_card_per_clan_plus_one(players: int) -> None:
    # (content always holds 5 Starting Resource cards, enough for 4 clans: see ``catalogue``)
    base = base_content()
    enough = sized(action_cards=base.action_cards[: players + 1])
    assert new_game(Setup(players=players, content=enough)).phase is Phase.DEAL
    short = sized(action_cards=base.action_cards[:players])
    message = size_error(Setup(players=players, content=short))
    assert re.search(rf"\bhas {players} Action cards\b", message)
    assert re.search(rf"\b{players} clans needs {players + 1}\b", message)
    # the verdict is worked out once per content and number of clans: asked again, the same answers
    assert size_error(Setup(players=players, content=short)) == message
    assert new_game(Setup(players=players, content=enough)).phase is Phase.DEAL
    if players > 2:  # the short content is enough for one clan fewer
        assert new_game(Setup(players=players - 1, content=short)).phase is Phase.DEAL


@pytest.mark.rule("SOLO.SETUP.TWO_PLAYER", "SETUP.STARTING_PAIRS")
def test_setup_solo_content_needs_one_action_card() -> None:
    one = sized(action_cards=base_content().action_cards[:1])
    setup = replace(solo_setup(filler("N1"), filler("N2")), content=one)
    assert new_game(setup).phase is Phase.DEAL


@pytest.mark.rule("SETUP.GARDENS")
@pytest.mark.parametrize("kind", ["stone", "plant"])
def test_setup_content_needs_three_gardens_of_each_kind(kind: str) -> None:
    base = base_content()
    other = [g for g in base.gardens if g.kind.value != kind]
    mine = [g for g in base.gardens if g.kind.value == kind]
    assert new_game(Setup(content=sized(gardens=(*other, *mine[:3])))).phase is Phase.DEAL
    message = size_error(Setup(content=sized(gardens=(*other, *mine[:2]))))
    assert re.search(rf"\bhas 2 {kind.capitalize()} gardens\b", message)
    assert re.search(r"\bneeds 3\b", message)


@pytest.mark.rule("SETUP.CASTLE_CARDS")
def test_setup_content_with_one_daimyo_card_is_enough() -> None:
    assert new_game(Setup(content=sized(daimyo=base_content().daimyo[:1]))).phase is Phase.DEAL


@pytest.mark.rule("SETUP.TWO_PLAYER_REMOVED", "SETUP.CASTLE_CARDS")
def test_setup_content_needs_castle_cards_in_use() -> None:
    base = base_content()
    in_use = set(cards_in_use(catalogue(None), 2, 1))
    stewards = tuple(s for s in base.stewards if s.id not in in_use or s.id in ("S2", "S4"))
    message = size_error(Setup(content=sized(stewards=stewards)))
    assert re.search(r"\bhas 2 Stewards in use\b", message)
    assert re.search(r"\b2 clans needs 3\b", message)
    in_use = set(cards_in_use(catalogue(None), 2, 2))
    diplomats = tuple(d for d in base.diplomats if d.id not in in_use or d.id == "D2")
    message = size_error(Setup(content=sized(diplomats=diplomats)))
    assert re.search(r"\bhas 1 Diplomats in use\b", message)
    assert re.search(r"\bneeds 2\b", message)


@pytest.mark.rule("SETUP.STARTING_PAIRS", "SETUP.STARTING_GAINS", "LANTERN.AREA")
def test_setup_starting_pair_reports_the_cards_taken_then_the_decree_and_each_gain() -> None:
    # clan 1 drafts first (reverse turn order) and takes SR1 (Decree DC1 and plain gains) with A2
    state = dealt(2, pairs=(("SR1", "A2"), ("SR9", "A1"), ("SR8", "A3")))
    after = settle(apply(state, TakePair(0)))
    assert after.events[:3] == (
        ev.PairTaken(
            clan=1, starting="SR1", action_card="A2", rules=("SETUP.STARTING_PAIRS", "SETUP.STARTING_GAINS")
        ),
        ev.DecreePlaced(clan=1, card="DC1", rules=("SETUP.STARTING_GAINS", "LANTERN.AREA")),
        ev.Gained(clan=1, what=GainKind.FOOD, n=2, kept=2),
    )
    assert clan(after, 1).lantern == ("DC1", "SR1")  # kept sorted
