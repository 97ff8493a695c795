"""The solo game against the Tokugawa rival (seed 000, "The Tokugawa clan's visit"): setup by
difficulty, the golden rules, the rival's turn driven by the Solitaire deck, its icons, its end of
round and its final scoring.

Every scenario uses a small custom Solitaire deck and a hand-made deal (tests/solo_helpers.py), so
the card on top, the dice on the bridges and the board are exact. The player (clan 0) places a die
in the Well with ``apply`` and the rival's (clan 1) turn runs inside that same ``apply``.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from msgspec.structs import replace

from reference.chance import deal_for
from reference.content import load_deck as load_solo_deck
from reference.content import provisional_deck, validate_deck
from reference.engine import apply, new_game
from reference.errors import ContentError, IllegalAction, RulesGap, SetupError
from reference.model import (
    Bridge,
    ChooseGarden,
    ChooseRoom,
    ClimbUp,
    Colour,
    CourtierToGate,
    DecisionKind,
    Die,
    Difficulty,
    Floor,
    Gain,
    GainKind,
    GardenerTo,
    GardenKind,
    Influence,
    RivalIcon,
    RivalKind,
    RivalRoomFrame,
    Roll,
    Setup,
    Slot,
    Solo,
    SoloCard,
    Space,
    State,
    TurnFrame,
    WarriorTo,
)
from reference.model import events as ev
from reference.rules.solo.rival import hand_in_points
from reference.wire import decode_state, encode
from tests.helpers import (
    DIPLOMATS_2P,
    STEWARDS_2P,
    assert_illegal,
    board,
    edit_board,
    edit_clan,
    get_bridge,
    inject,
    make_deal,
    only_bridges,
    options,
    waiting,
    with_bridges,
    with_gardeners,
    with_warriors,
)
from tests.solo_helpers import (
    PLAYER,
    RIVAL,
    at_player_turn,
    card,
    deck_of,
    dice_at,
    events_of,
    filler,
    narrated,
    occupy,
    player_then_rival,
    rival_dice,
    solo_deal,
    solo_setup,
)

C, B, W = Colour.CORAL, Colour.BLACK, Colour.WHITE
L, M, R = Slot.LEFT, Slot.CENTRE, Slot.RIGHT

NEUTRAL: tuple[SoloCard, ...] = (
    filler("N1"),
    filler("N2"),
    card("N3", B, L, Space.DIPLOMAT_2),
)
"""A deck whose first turn changes nothing for the rival: it flips N1 (no actions) and N2 finds the
coral 1 of the fixed deal, placed on a Diplomat room (value 4: no coins)."""


def cp(n: int) -> Gain:
    return Gain(GainKind.CP, n)


def coins(n: int) -> Gain:
    return Gain(GainKind.COIN, n)


def ready(
    *cards: SoloCard,
    order: tuple[str, ...] | None = None,
    difficulty: Difficulty = Difficulty.EASY,
    action_order: str = "rows",
    coral: tuple[int | None, tuple[int, ...], int | None] = (1, (3,), 5),
    black: tuple[int | None, tuple[int, ...], int | None] = (2, (4,), 6),
    round_no: int = 1,
    **rival: object,
) -> State:
    """The player's turn, the rival next: bridges as given, the white bridge holding only the
    player's die (white 6, right end); the rival's clan fields replaced by ``rival``."""
    state = at_player_turn(solo_setup(*cards, difficulty=difficulty, action_order=action_order), order)
    state = only_bridges(state, coral=coral, black=black, white=(None, (), 6))
    state = replace(state, round=round_no)
    return edit_clan(state, RIVAL, **rival) if rival else state


def acting(*top: RivalIcon, bottom: tuple[RivalIcon, ...] = (), round_no: int = 1, **rival: object) -> State:
    """The rival's next turn flips card A (with these icons) and card B finds the coral 1 (the only
    die on the coral bridge), which goes to Diplomat room 1 (value 4: no coins)."""
    a = card("A", B, M, Space.WELL, top, bottom)
    b = filler("B")
    return ready(a, b, coral=(1, (), None), black=(None, (), None), round_no=round_no, **rival)


def assert_gap(state: State, rule: str) -> RulesGap:
    """The rival's turn after the player's placement stops with RulesGap naming ``rule``, and the
    state it was applied to is unchanged (compared with a copy taken before)."""
    before = decode_state(encode(state))
    with pytest.raises(RulesGap) as info:
        player_then_rival(state)
    assert info.value.rule == rule, info.value
    assert state == before
    return info.value


def undoable(state: State) -> list[ev.IconUndoable]:
    """The actions the rival scored as undoable in the last action, in order (each with its icon,
    the reason code and the Clan Points scored)."""
    return events_of(state, ev.IconUndoable)


def scored(icon: RivalIcon, why: ev.Undoable, points: int) -> ev.IconUndoable:
    """The event of an icon the rival cannot do, scoring ``points`` (rule SOLO.TURN.UNDOABLE)."""
    return ev.IconUndoable(clan=RIVAL, icon=icon, why=why, points=points)


def rival_after(state: State) -> State:
    """The rival's turn after the player's placement; the turn is back with the player."""
    after = player_then_rival(state)
    assert waiting(after, DecisionKind.TURN, PLAYER), after.decision
    return after


# ================================================================================================
# Setup
# ================================================================================================


@pytest.mark.rule("SOLO.SETUP.DIFFICULTY")
@pytest.mark.parametrize(
    ("difficulty", "order", "points", "time"),
    [
        (Difficulty.EASY, (0, 1), 0, 0),
        (Difficulty.MEDIUM, (1, 0), 3, 1),
        (Difficulty.HARD, (1, 0), 8, 3),
    ],
)
def test_setup_rival_points_heron_and_time_by_difficulty(
    difficulty: Difficulty, order: tuple[int, int], points: int, time: int
) -> None:
    setup = solo_setup(*NEUTRAL, difficulty=difficulty)
    state = apply(new_game(setup), solo_deal(setup))
    assert state.turn_order == order
    rival = state.clans[RIVAL]
    assert (rival.cp, rival.time, rival.coins) == (points, time, 0)
    # the rival's start is reported with its place in the turn order
    assert events_of(state, ev.RivalStarts) == [
        ev.RivalStarts(
            clan=RIVAL,
            rival=RivalKind.TOKUGAWA,
            difficulty=difficulty,
            cp=points,
            time=time,
            place=order.index(RIVAL),
            rules=("SOLO.SETUP.DIFFICULTY", "SOLO.SETUP.NO_DOMAIN"),
        )
    ]
    # the first clan in turn order is on top of the Passage of Time stack
    first, second = order
    assert state.clans[first].arrival > state.clans[second].arrival
    assert waiting(state, DecisionKind.TURN, PLAYER)
    if order[0] == RIVAL:  # the rival (1st) has already played its first turn inside apply
        assert (state.turn, state.rival_row) == (1, ("N1",))
    else:
        assert (state.turn, state.rival_row) == (0, ())


@pytest.mark.rule("SOLO.SETUP.DIFFICULTY")
@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_setup_turn_order_of_deal_must_follow_difficulty(difficulty: Difficulty) -> None:
    setup = solo_setup(*NEUTRAL, difficulty=difficulty)
    right = solo_deal(setup).turn_order
    wrong = solo_deal(setup, turn_order=tuple(reversed(right)))
    with pytest.raises(IllegalAction) as info:
        apply(new_game(setup), wrong)
    assert info.value.rule == "RULING.CHANCE_DEAL"
    for seed in range(5):
        assert deal_for(setup, random.Random(seed)).turn_order == right


@pytest.mark.rule("SOLO.SETUP.TWO_PLAYER")
@pytest.mark.parametrize("players", [1, 3, 4])
def test_setup_solo_is_a_two_player_game(players: int) -> None:
    with pytest.raises(SetupError):
        new_game(Setup(players=players, solo=Solo()))


@pytest.mark.rule("SOLO.SETUP.TWO_PLAYER")
@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_setup_player_gets_one_random_pair_and_no_draft(difficulty: Difficulty) -> None:
    setup = solo_setup(*NEUTRAL, difficulty=difficulty)
    state = apply(new_game(setup), solo_deal(setup))
    assert state.decision.kind is DecisionKind.TURN  # never a DRAFT decision
    assert state.draft == ()
    player = state.clans[PLAYER]
    assert (player.lantern, player.domain_card) == (("SR9",), "A1")
    # a solo deal offers exactly one pair
    three = solo_deal(setup, pairs=(("SR9", "A1"), ("SR8", "A3"), ("SR6", "A5")))
    with pytest.raises(IllegalAction) as info:
        apply(new_game(setup), three)
    assert info.value.rule == "RULING.CHANCE_DEAL"
    for seed in range(5):
        assert len(deal_for(setup, random.Random(seed)).pairs) == 1


@pytest.mark.rule("SOLO.SETUP.NO_DOMAIN")
@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_setup_rival_has_no_domain_card(difficulty: Difficulty) -> None:
    setup = solo_setup(*NEUTRAL, difficulty=difficulty)
    state = apply(new_game(setup), solo_deal(setup))
    rival = state.clans[RIVAL]
    assert rival.rival
    assert rival.domain_card is None
    assert rival.lantern == ()
    assert rival.domain_dice == (None, None, None)
    assert (rival.food, rival.iron, rival.pearl, rival.seals) == (0, 0, 0, 0)
    assert rival.sent == (0, 0, 0)  # its 15 clan members sit beside the player


@pytest.mark.rule("SOLO.GOLDEN.NO_DOMAIN")
@pytest.mark.parametrize("space", [Space.DOMAIN_CORAL, Space.DOMAIN_BLACK, Space.DOMAIN_WHITE])
def test_deck_with_a_domain_space_is_rejected(space: Space) -> None:
    bad = card("X", C, L, space)
    with pytest.raises(ContentError):
        new_game(solo_setup(bad, filler("N2")))


@pytest.mark.rule("SOLO.SETUP.DECK")
def test_setup_deck_order_comes_from_the_deal() -> None:
    setup = solo_setup(*NEUTRAL)
    state = apply(new_game(setup), solo_deal(setup, ("N3", "N1", "N2")))
    assert state.solo_deck == ("N3", "N1", "N2")
    assert state.rival_row == ()


@pytest.mark.rule("SOLO.SETUP.DECK")
@pytest.mark.parametrize(
    "order", [("N1", "N2"), ("N1", "N2", "N2"), ("N1", "N2", "N3", "N4"), ("N1", "N2", "P1"), ()]
)
def test_setup_deal_deck_must_be_a_permutation(order: tuple[str, ...]) -> None:
    setup = solo_setup(*NEUTRAL)
    with pytest.raises(IllegalAction) as info:
        apply(new_game(setup), solo_deal(setup, order))
    assert info.value.rule == "RULING.CHANCE_DEAL"


@pytest.mark.rule("SOLO.SETUP.DECK")
def test_setup_sampled_deck_is_shuffled_permutation() -> None:
    setup = solo_setup(*NEUTRAL)
    assert setup.solo is not None
    orders = {deal_for(setup, random.Random(seed)).solo_deck for seed in range(40)}
    assert all(sorted(o) == ["N1", "N2", "N3"] for o in orders)
    assert len(orders) > 1
    with pytest.raises(IllegalAction):
        apply(new_game(Setup(players=2)), make_deal(solo_deck=("N1", "N2", "N3")))


@pytest.mark.rule("SOLO.CARDS")
def test_shipped_deck_is_provisional_nine_cards_and_custom_deck_used() -> None:
    shipped = provisional_deck()
    assert shipped.provisional
    assert len(shipped.cards) == 9
    ids = sorted(c.id for c in shipped.cards)
    assert sorted(deal_for(Setup(players=2, solo=Solo()), random.Random(1)).solo_deck) == ids
    # with a custom deck, the shipped cards are not in play
    setup = solo_setup(*NEUTRAL)
    with pytest.raises(IllegalAction):
        apply(new_game(setup), solo_deal(setup, tuple(ids)))


@pytest.mark.rule("SOLO.EXPANSIONS")
def test_no_expansion_cards_or_geisha_icons(tmp_path: Path) -> None:
    assert len(provisional_deck().cards) == 9  # not the 12 of Matcha
    text = (
        'name = "x"\nprovisional = true\n'
        '[[cards]]\nid = "A"\nbridge = "coral"\nslot = "left"\nspace = "steward_1"\n'
        'top = [{type="geisha"}]\nbottom = []\n'
        '[[cards]]\nid = "B"\nbridge = "coral"\nslot = "right"\nspace = "steward_2"\n'
        "top = []\nbottom = []\n"
    )
    path = tmp_path / "matcha.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError):
        load_solo_deck(path)


@pytest.mark.rule("SOLO.ICONS")
def test_icons_the_seven_icons_are_accepted() -> None:
    icons: tuple[RivalIcon, ...] = (
        GardenerTo(GardenKind.STONE),
        GardenerTo(None),
        WarriorTo(5),
        WarriorTo(3),
        WarriorTo(1),
        CourtierToGate(),
        ClimbUp(1),
        ClimbUp(2),
        cp(2),
        Influence(1),
        coins(3),
    )
    validate_deck(deck_of(card("A", C, L, Space.STEWARD_1, icons[:6], icons[6:]), filler("B")))


@pytest.mark.rule("SOLO.ICONS", "SOLO.GOLDEN.NO_RESOURCES")
@pytest.mark.parametrize(
    "icon",
    [
        Gain(GainKind.FOOD, 1),
        Gain(GainKind.IRON, 1),
        Gain(GainKind.PEARL, 1),
        Gain(GainKind.SEAL, 1),
        WarriorTo(2),
        ClimbUp(3),
        Influence(0),
        Gain(GainKind.CP, 0),
    ],
)
def test_icons_outside_the_vocabulary_are_rejected(icon: RivalIcon) -> None:
    with pytest.raises(ContentError):
        new_game(solo_setup(card("A", C, L, Space.STEWARD_1, (icon,)), filler("B")))


# ================================================================================================
# Golden rules
# ================================================================================================


@pytest.mark.rule("SOLO.GOLDEN.NEVER_PAYS", "SOLO.TURN.PLACE")
@pytest.mark.parametrize("held", [0, 2])
def test_never_pays_for_a_die_below_the_space(held: int) -> None:
    # the coral 1 goes to a Diplomat room (value 4): a player would owe 3 coins
    state = ready(card("A", B, M, Space.WELL), filler("B"), coral=(1, (), None), coins=held)
    after = rival_after(state)
    assert dice_at(after, Space.DIPLOMAT_1) == (Die(C, 1, RIVAL),)
    assert after.clans[RIVAL].coins == held


@pytest.mark.rule("SOLO.GOLDEN.NEVER_PAYS", "SOLO.GOLDEN.NO_RESOURCES")
def test_never_pays_for_members() -> None:
    state = acting(
        GardenerTo(GardenKind.PLANT),  # G7 / G9 cost 4 food: a tie the player breaks
        WarriorTo(5),
        bottom=(CourtierToGate(), ClimbUp(1)),
    )
    after = player_then_rival(state)
    assert waiting(after, DecisionKind.RIVAL_GARDEN, PLAYER)
    after = apply(after, ChooseGarden(1))
    assert waiting(after, DecisionKind.RIVAL_ROOM, PLAYER)
    after = apply(after, ChooseRoom(0))
    rival = after.clans[RIVAL]
    assert (rival.food, rival.iron, rival.pearl, rival.coins, rival.seals) == (0, 0, 0, 0, 0)
    assert rival.sent == (1, 1, 1)
    assert rival.courtiers == (0, 1, 0, 0)
    assert RIVAL in board(after).gardens[1].gardeners
    assert next(y for y in board(after).yards if y.cost == 5).warriors == (RIVAL,)


@pytest.mark.rule("SOLO.GOLDEN.ONLY_ICONS")
def test_only_icons_the_room_is_not_resolved() -> None:
    # the black 2 enters D2 (room 3): its black tile is on the dark Courtier block, a player would act
    finder = card("B", B, L, Space.DIPLOMAT_1)
    state = ready(card("A", C, M, Space.WELL), finder, coral=(None, (), None), black=(2, (), None))
    rival_before = state.clans[RIVAL]
    after = rival_after(state)
    assert dice_at(after, Space.DIPLOMAT_1) == (Die(B, 2, RIVAL),)
    assert after.clans[RIVAL] == rival_before
    assert after.stack == (TurnFrame(PLAYER),)  # nothing pending but the player's turn


@pytest.mark.rule("SOLO.GOLDEN.ONLY_ICONS")
def test_only_icons_outside_the_walls_gives_no_choice() -> None:
    finder = card("B", C, R, Space.OUTSIDE_RIGHT)
    state = ready(card("A", B, M, Space.WELL), finder, coral=(1, (), 5))
    rival_before = state.clans[RIVAL]
    after = rival_after(state)
    assert dice_at(after, Space.OUTSIDE_RIGHT) == (Die(C, 5, RIVAL),)
    assert after.clans[RIVAL] == rival_before  # 5 against 5: no coins, no member action


@pytest.mark.rule("SOLO.GOLDEN.ANY_COLOUR")
def test_any_colour_die_into_a_room_without_its_tile() -> None:
    state = ready(card("A", B, M, Space.WELL), filler("B"), coral=(1, (), None))
    assert C not in board(state).rooms[3].tiles  # D2 shows black and white only
    after = rival_after(state)
    assert dice_at(after, Space.DIPLOMAT_1) == (Die(C, 1, RIVAL),)


@pytest.mark.rule("SOLO.GOLDEN.NO_RESOURCES", "RULING.RIVAL_FAVOURS", "SOLO.ICON.CLIMB")
@pytest.mark.parametrize(
    ("daimyo", "favours", "slot", "gains", "kept"),
    [
        ("DF2", (None, None, None), 0, {}, ()),  # the Well: dropped
        ("DF2", (0, None, None), 1, {}, ()),  # 2 Mother-of-Pearl: dropped
        ("DF2", (0, 0, None), 2, {"coins": 3}, (coins(3),)),  # 3 coins: kept
        ("DF1", (0, None, None), 1, {"cp": 2}, (cp(2),)),  # 2 CP: kept
        ("DF1", (0, 0, None), 2, {}, ()),  # 2 seals: dropped
        ("DF3", (0, None, None), 1, {}, ()),  # 2 food: dropped
        ("DF3", (0, 0, None), 2, {"time": 2}, (Influence(2),)),  # 2 Passage of Time steps: kept
        ("DF9", (0, None, None), 1, {}, ()),  # 2 iron: dropped
    ],
)
def test_daimyo_favour_keeps_only_cp_coins_and_steps(
    daimyo: str,
    favours: tuple[int | None, ...],
    slot: int,
    gains: dict[str, int],
    kept: tuple[Gain | Influence, ...],
) -> None:
    state = acting(ClimbUp(1), courtiers=(0, 0, 1, 0), sent=(1, 0, 0))
    state = edit_board(state, daimyo=daimyo, favours=favours)
    before = state.clans[RIVAL]
    after = rival_after(state)
    rival = after.clans[RIVAL]
    assert rival.courtiers == (0, 0, 0, 1)
    assert board(after).favours[slot] == RIVAL
    assert board(after).favours[:slot] == favours[:slot]
    expected = {"coins": 0, "cp": 0, "time": 0}
    expected.update(gains)
    assert rival.coins - before.coins == expected["coins"]
    assert rival.cp - before.cp == expected["cp"]
    assert rival.time - before.time == expected["time"]
    assert (rival.food, rival.iron, rival.pearl, rival.seals) == (0, 0, 0, 0)
    assert rival.lantern == ()
    # no Well action: only the player's and the rival's turn dice, none extra
    assert len(board(after).well) == 1
    # the favour taken is reported with only the icons the rival keeps
    assert events_of(after, ev.FavourTaken) == [
        ev.FavourTaken(clan=RIVAL, slot=slot, icons=kept, rules=("SOLO.ICON.CLIMB", "RULING.RIVAL_FAVOURS"))
    ]


@pytest.mark.rule("RULING.RIVAL_FAVOURS")
def test_daimyo_full_courtier_stays() -> None:
    state = acting(ClimbUp(1), round_no=2, courtiers=(0, 0, 1, 0), sent=(1, 0, 0))
    state = edit_board(state, daimyo="DF1", favours=(0, 0, 0))
    after = rival_after(state)
    rival = after.clans[RIVAL]
    assert rival.courtiers == (0, 0, 0, 1)
    assert board(after).favours == (0, 0, 0)
    assert (rival.cp, rival.coins, rival.seals) == (0, 0, 0)
    assert events_of(after, ev.NoFreeFavour) == [
        ev.NoFreeFavour(clan=RIVAL, rules=("COURTIER.DAIMYO.FULL", "SOLO.ICON.CLIMB"))
    ]
    assert events_of(after, ev.FavourTaken) == []
    assert undoable(after) == []  # the climb itself was done


@pytest.mark.rule("RULING.RIVAL_FREE_CHECKPOINTS", "SOLO.ICON.INFLUENCE")
@pytest.mark.parametrize(("start", "steps"), [(5, 2), (10, 3), (4, 8)])
def test_rival_crosses_checkpoints_free(start: int, steps: int) -> None:
    state = acting(Influence(steps), time=start)
    after = rival_after(state)
    rival = after.clans[RIVAL]
    assert rival.time == start + steps
    assert rival.seals == 0
    # the same move stops a player without seals before the first checkpoint (space 6 or 11)
    player = inject(edit_clan(state, PLAYER, time=start, seals=0), PLAYER, Influence(steps))
    assert player.clans[PLAYER].time == (5 if start < 6 else 10)


@pytest.mark.rule("RULING.RIVAL_WELL_NO_SEAL", "SOLO.TURN.NO_STACK_WELL")
def test_taken_space_sends_die_to_well_coins_only() -> None:
    # the fixed Well tiles are coral-coin and black-coin: a player would get 1 seal + 2 coins more
    finder = card("B", B, R, Space.STEWARD_2)
    state = occupy(ready(card("A", C, M, Space.WELL), finder), Space.STEWARD_2)
    after = rival_after(state)
    assert rival_dice(after) == {Space.WELL: (Die(B, 6, RIVAL),)}
    assert events_of(after, ev.SentToWell) == [ev.SentToWell(clan=RIVAL, space=Space.STEWARD_2)]
    rival = after.clans[RIVAL]
    assert (rival.coins, rival.seals) == (5, 0)
    assert dice_at(after, Space.STEWARD_2) == (Die(W, 3, PLAYER),)


@pytest.mark.rule("SOLO.TURN.NO_STACK_WELL")
def test_space_taken_by_rival_own_die_sends_to_well() -> None:
    finder = card("B", C, R, Space.OUTSIDE_LEFT)
    state = ready(card("A", B, M, Space.WELL), finder, coral=(1, (), 4))
    outside = board(state).outside
    state = edit_board(state, outside=((Die(B, 6, RIVAL),), outside[1]))
    after = rival_after(state)
    assert board(after).outside[0] == (Die(B, 6, RIVAL),)
    assert rival_dice(after)[Space.WELL] == (Die(C, 4, RIVAL),)
    assert after.clans[RIVAL].coins == 3


@pytest.mark.rule("RULING.RIVAL_WELL_NO_SEAL", "SOLO.TURN.PLACE")
def test_card_showing_the_well() -> None:
    finder = card("B", C, R, Space.WELL)
    after = rival_after(ready(card("A", B, M, Space.WELL), finder, coral=(1, (), 5)))
    assert rival_dice(after) == {Space.WELL: (Die(C, 5, RIVAL),)}
    assert (after.clans[RIVAL].coins, after.clans[RIVAL].seals) == (4, 0)


@pytest.mark.rule("RULING.RIVAL_NO_LANTERN")
def test_left_end_die_fires_no_lantern() -> None:
    state = ready(card("A", B, M, Space.WELL), filler("B"), coral=(1, (3,), 5))
    before = state.clans[RIVAL]
    after = rival_after(state)
    assert get_bridge(after, C) == Bridge(C, 3, (), 5)  # the centre die slid into the left slot
    assert after.clans[RIVAL] == before  # no Lantern, no gain, no decision
    assert after.stack == (TurnFrame(PLAYER),)  # nothing pending but the player's turn


@pytest.mark.rule("RULING.RIVAL_NO_LANTERN", "RULING.RIVAL_FAVOURS")
def test_daimyo_room_fires_no_lantern() -> None:
    state = acting(ClimbUp(2), courtiers=(0, 1, 0, 0), sent=(1, 0, 0))
    state = edit_board(state, daimyo="DF4")  # favour 1 is a Lantern icon
    before = state.clans[RIVAL]
    after = rival_after(state)
    rival = after.clans[RIVAL]
    assert rival.courtiers == (0, 0, 0, 1)
    assert board(after).favours == (RIVAL, None, None)
    assert replace(rival, courtiers=before.courtiers) == before


# ================================================================================================
# The rival's turn
# ================================================================================================


@pytest.mark.rule("SOLO.TURN.FIND_DIE", "SOLO.TURN.PLACE")
def test_card_now_on_top_names_the_die() -> None:
    # A (flipped) names the coral left die, which is there; B (now on top) names the black right die
    a = card("A", C, L, Space.STEWARD_1, (cp(1),))
    b = card("B", B, R, Space.STEWARD_2, (cp(2),))
    c = card("C", C, R, Space.STEWARD_3, (cp(4),))
    state = ready(a, b, c)
    after = rival_after(state)
    assert rival_dice(after) == {Space.STEWARD_2: (Die(B, 6, RIVAL),)}
    assert get_bridge(after, C) == get_bridge(state, C)
    assert get_bridge(after, B).right == 4  # the centre die slid into the right slot
    rival = after.clans[RIVAL]
    assert rival.coins == 3  # 6 against 3
    assert rival.cp == 1  # only A was flipped: A's actions
    assert after.rival_row == ("A",)


@pytest.mark.rule(
    "SOLO.TURN.FIND_DIE",
    "SOLO.TURN.PLACE",
    "SOLO.TURN.ACT",
    "SOLO.TURN.TO_BOTTOM",
    "RULING.RIVAL_CENTRE_DIE",
)
def test_several_flips_until_a_slot_holds_a_die() -> None:
    cards = (
        card("A", C, L, Space.STEWARD_1, (cp(1),)),
        card("B", W, M, Space.STEWARD_2, (cp(2),)),  # white centre: empty
        card("C", B, M, Space.STEWARD_3, (cp(4),)),  # black centre: empty
        card("D", C, M, Space.DIPLOMAT_2, (cp(8),)),  # coral centre: the 3
        card("E", B, L, Space.DIPLOMAT_1, (cp(16),)),
    )
    state = ready(*cards, black=(2, (), 6))
    after = rival_after(state)
    # flipped A (B on top: no die), B (C on top: no die), C (D on top: the coral centre 3)
    assert after.rival_row == ("A", "B", "C")
    assert rival_dice(after) == {Space.DIPLOMAT_2: (Die(C, 3, RIVAL),)}
    assert get_bridge(after, C).left == 1
    assert get_bridge(after, C).right == 5
    assert get_bridge(after, C).centre == ()
    assert after.clans[RIVAL].cp == 2 + 4  # the last two flipped: B and C
    assert after.clans[RIVAL].coins == 0
    assert after.solo_deck == ("D", "E", "A", "B", "C")
    # Easy: the player took turn 1, the rival takes turn 2, then the player turn 3
    assert events_of(after, ev.TurnStarted) == [
        ev.TurnStarted(round=1, turn=2, clan=RIVAL),
        ev.TurnStarted(round=1, turn=3, clan=PLAYER),
    ]
    assert events_of(after, ev.RivalActs) == [
        ev.RivalActs(
            clan=RIVAL,
            cards=("B", "C"),
            icons=(cp(2), cp(4)),
            rules=("SOLO.TURN.ACT", "READING.SOLO_ACTION_ORDER"),
        )
    ]


@pytest.mark.rule("SOLO.TURN.FIND_DIE")
def test_flip_loop_log_explains_each_flip() -> None:
    cards = (
        card("A", C, L, Space.STEWARD_1),
        card("B", W, M, Space.STEWARD_2),  # white centre: empty
        card("C", B, M, Space.STEWARD_3),  # black centre: empty
        card("D", C, M, Space.DIPLOMAT_2),  # coral centre: the 3
        card("E", B, L, Space.DIPLOMAT_1),
    )
    after = rival_after(ready(*cards, black=(2, (), 6)))
    # each flip names the card flipped, the card now on top, its slot and bridge, and whether the
    # die is there; the search stops at the first that is
    flips = events_of(after, ev.CardFlipped)
    assert flips == [
        ev.CardFlipped(clan=RIVAL, card="A", top="B", bridge=W, slot=M, found=False),
        ev.CardFlipped(clan=RIVAL, card="B", top="C", bridge=B, slot=M, found=False),
        ev.CardFlipped(clan=RIVAL, card="C", top="D", bridge=C, slot=M, found=True),
    ]
    assert all(flip.rules == ("SOLO.TURN.FIND_DIE",) for flip in flips)
    # the whole row goes under the deck, in flip order
    assert events_of(after, ev.CardsToBottom) == [ev.CardsToBottom(clan=RIVAL, cards=("A", "B", "C"))]
    # the log tells each flip with the rival named, the cards, the slot and the bridge
    for flip, verdict in zip(flips, ("flips again", "flips again", "search stops"), strict=True):
        line = narrated(after, flip)
        assert line.startswith("clan 1 (rival)")
        for fact in (
            f"flips {flip.card}",
            f"{flip.top} now on top",
            "centre die",
            f"{flip.bridge.value} bridge",
        ):
            assert fact in line, line
        assert verdict in line, line
    assert "A, B, C" in narrated(after, ev.CardsToBottom(clan=RIVAL, cards=("A", "B", "C")))


@pytest.mark.rule("SOLO.TURN.ACT", "SOLO.TURN.TO_BOTTOM")
def test_only_card_when_first_flip_works() -> None:
    cards = (
        card("A", W, M, Space.STEWARD_1, (cp(1),), (coins(2),)),
        card("B", C, L, Space.DIPLOMAT_1, (cp(4),), (coins(8),)),
        card("C", B, R, Space.DIPLOMAT_2, (cp(16),)),
    )
    after = rival_after(ready(*cards))
    assert after.rival_row == ("A",)
    assert (after.clans[RIVAL].cp, after.clans[RIVAL].coins) == (1, 2)
    assert after.solo_deck == ("B", "C", "A")


@pytest.mark.rule("SOLO.TURN.TO_BOTTOM")
def test_flipped_cards_go_under_in_flip_order_over_two_turns() -> None:
    cards = (
        card("A", C, L, Space.STEWARD_1),
        card("B", W, L, Space.STEWARD_2),  # white: empty after the player's move
        card("C", B, L, Space.STEWARD_3),
        card("D", C, L, Space.DIPLOMAT_1),
    )
    state = ready(*cards, coral=(1, (), 5), black=(2, (), 6))
    after = rival_after(state)
    assert after.rival_row == ("A", "B")
    assert after.solo_deck == ("C", "D", "A", "B")
    # next turn (the player gets a white die again): C flipped, D on top finds the coral 1
    again = player_then_rival(with_bridges(after, white=(None, (), 6)))
    assert again.rival_row == ("C",)
    assert again.solo_deck == ("D", "A", "B", "C")


@pytest.mark.rule("SOLO.TURN.ACT", "READING.SOLO_ACTION_ORDER")
def test_rows_reading_both_top_halves_then_both_bottoms() -> None:
    x = card("X", C, L, Space.STEWARD_1, (coins(1),), (ClimbUp(1),))
    y = card("Y", W, M, Space.STEWARD_2, (CourtierToGate(),), (cp(1),))  # white centre: empty
    z = card("Z", B, L, Space.DIPLOMAT_1)  # the black 2
    state = ready(x, y, z, action_order="rows", round_no=2)
    after = player_then_rival(state)
    # X top (1 coin), Y top (courtier to the Gate), X bottom (climb 1: the Gate courtier), Y bottom
    assert waiting(after, DecisionKind.RIVAL_ROOM, PLAYER)
    after = apply(after, ChooseRoom(0))
    assert waiting(after, DecisionKind.TURN, PLAYER)
    rival = after.clans[RIVAL]
    assert rival.courtiers == (0, 1, 0, 0)
    assert (rival.coins, rival.cp) == (1, 1)


@pytest.mark.rule("SOLO.TURN.ACT", "READING.SOLO_ACTION_ORDER", "SOLO.TURN.UNDOABLE")
def test_cards_reading_one_card_after_the_other() -> None:
    x = card("X", C, L, Space.STEWARD_1, (coins(1),), (ClimbUp(1),))
    y = card("Y", W, M, Space.STEWARD_2, (CourtierToGate(),), (cp(1),))
    z = card("Z", B, L, Space.DIPLOMAT_1)
    state = ready(x, y, z, action_order="cards", round_no=2)
    after = rival_after(state)
    # X top (1 coin), X bottom (climb: no courtier yet, undoable: 2 CP in round 2), Y top, Y bottom
    rival = after.clans[RIVAL]
    assert rival.courtiers == (1, 0, 0, 0)
    assert (rival.coins, rival.cp) == (1, 2 + 1)


@pytest.mark.rule("READING.SOLO_ACTION_ORDER")
def test_unknown_action_order_reading_refused() -> None:
    with pytest.raises(SetupError):
        new_game(solo_setup(*NEUTRAL, action_order="columns"))


@pytest.mark.rule("RULING.SOLO_DECK_EXHAUSTED", "SOLO.TURN.FIND_DIE")
def test_deck_exhausted_row_goes_under_and_search_goes_on() -> None:
    cards = (
        card("A", C, L, Space.STEWARD_1, (cp(1),)),  # the coral 1: found only after the row goes under
        card("B", B, M, Space.STEWARD_2, (cp(2),)),  # black centre: empty
        card("C", W, L, Space.STEWARD_3, (cp(4),)),  # white: empty
    )
    state = ready(*cards, coral=(1, (), 5), black=(2, (), 6))
    after = rival_after(state)
    assert after.rival_row == ("A", "B", "C")
    assert rival_dice(after) == {Space.STEWARD_1: (Die(C, 1, RIVAL),)}
    assert after.clans[RIVAL].cp == 2 + 4  # the last two flipped
    assert after.solo_deck == ("A", "B", "C")
    # flipping C empties the deck: the row goes back under it and A, now on top, finds the die
    assert events_of(after, ev.CardFlipped) == [
        ev.CardFlipped(clan=RIVAL, card="A", top="B", bridge=B, slot=M, found=False),
        ev.CardFlipped(clan=RIVAL, card="B", top="C", bridge=W, slot=L, found=False),
        ev.CardFlipped(
            clan=RIVAL,
            card="C",
            top="A",
            bridge=C,
            slot=L,
            found=True,
            wrapped=True,
            rules=("SOLO.TURN.FIND_DIE", "RULING.SOLO_DECK_EXHAUSTED"),
        ),
    ]


@pytest.mark.rule("RULING.SOLO_DECK_EXHAUSTED", "SOLO.TURN.FIND_DIE")
def test_deck_that_never_finds_a_die_raises_rules_gap() -> None:
    cards = (
        card("A", W, L, Space.STEWARD_1),
        card("B", W, M, Space.STEWARD_2),
        card("C", B, M, Space.STEWARD_3),
    )
    state = ready(*cards, coral=(1, (), 5), black=(2, (), 6))
    gap = assert_gap(state, "SOLO.TURN.FIND_DIE")
    assert "Solitaire deck" in gap.reason
    assert "holds a die" in gap.reason
    assert "what the rival does" in gap.reason


@pytest.mark.rule("RULING.RIVAL_CENTRE_DIE")
def test_centre_slot_empty_on_a_two_die_bridge() -> None:
    cards = (
        card("A", C, L, Space.STEWARD_1, (cp(1),)),
        card("B", C, M, Space.STEWARD_2, (cp(2),)),  # coral centre: none
        card("C", C, R, Space.STEWARD_3, (cp(4),)),  # coral right: the 5
    )
    after = rival_after(ready(*cards, coral=(1, (), 5)))
    assert rival_dice(after) == {Space.STEWARD_3: (Die(C, 5, RIVAL),)}
    assert get_bridge(after, C) == Bridge(C, 1, (), None)
    assert after.rival_row == ("A", "B")
    assert after.clans[RIVAL].cp == 1 + 2


@pytest.mark.rule("RULING.RIVAL_CENTRE_DIE", "BRIDGE.SLIDE")
def test_left_end_taken_from_a_bridge_without_centre_die() -> None:
    # B names the coral left die, the coral bridge's only die: the bridge is left empty
    after = rival_after(acting())
    assert dice_at(after, Space.DIPLOMAT_1) == (Die(C, 1, RIVAL),)
    assert get_bridge(after, C) == Bridge(C, None, (), None)


@pytest.mark.rule("RULING.RIVAL_CENTRE_DIE")
def test_right_end_taken_slides_centre() -> None:
    cards = (card("A", B, M, Space.WELL), card("B", C, R, Space.STEWARD_1))
    after = rival_after(ready(*cards, coral=(1, (3,), 5)))
    bridge = get_bridge(after, C)
    assert (bridge.left, bridge.centre, bridge.right) == (1, (), 3)


BASE_PLACE = ("SOLO.TURN.PLACE", "SOLO.GOLDEN.NEVER_PAYS")
"""The rules every placement of the Tokugawa rival applies."""
CENTRE, NO_LANTERN, NO_SEAL = (
    "RULING.RIVAL_CENTRE_DIE",
    "RULING.RIVAL_NO_LANTERN",
    "RULING.RIVAL_WELL_NO_SEAL",
)


@pytest.mark.rule(
    "SOLO.TURN.PLACE",
    "SOLO.GOLDEN.NEVER_PAYS",
    "RULING.RIVAL_CENTRE_DIE",
    "RULING.RIVAL_NO_LANTERN",
    "RULING.RIVAL_WELL_NO_SEAL",
    "SOLO.TURN.NO_STACK_WELL",
)
@pytest.mark.parametrize(
    ("slot", "value", "shown", "taken", "space", "covered", "coins", "rulings"),
    [
        # a left die fires no Lantern; a 1 on a Diplomat room (4) would cost a player 3 coins
        (L, 1, Space.DIPLOMAT_1, False, Space.DIPLOMAT_1, 4, 0, (NO_LANTERN,)),
        # the centre die is the rival's own reading of the card's slot
        (M, 3, Space.DIPLOMAT_2, False, Space.DIPLOMAT_2, 4, 0, (CENTRE,)),
        # a right die: no ruling of its own; 5 on a Stewards' room (3) gains 2 coins
        (R, 5, Space.STEWARD_1, False, Space.STEWARD_1, 3, 2, ()),
        # the Well gives the coins (5 against its printed 1) but no seal
        (R, 5, Space.WELL, False, Space.WELL, 1, 4, (NO_SEAL,)),
        (L, 1, Space.WELL, False, Space.WELL, 1, 0, (NO_LANTERN, NO_SEAL)),
        # the shown space is taken: the centre 3 goes to the Well (2 coins, no seal)
        (M, 3, Space.STEWARD_2, True, Space.WELL, 1, 2, (CENTRE, NO_SEAL)),
    ],
)
def test_rival_placement_reports_the_rulings_it_applies(
    slot: Slot,
    value: int,
    shown: Space,
    taken: bool,
    space: Space,
    covered: int,
    coins: int,
    rulings: tuple[str, ...],
) -> None:
    # A is flipped; B, now on top, names the coral die of ``slot`` (coral 1 | 3 | 5) and shows ``shown``
    state = ready(card("A", B, M, Space.WELL), card("B", C, slot, shown), coral=(1, (3,), 5))
    if taken:
        state = occupy(state, shown)
    after = rival_after(state)
    assert rival_dice(after) == {space: (Die(C, value, RIVAL),)}
    assert after.clans[RIVAL].coins == coins
    assert after.clans[RIVAL].seals == 0
    placed = [e for e in events_of(after, ev.DiePlaced) if e.clan == RIVAL]
    assert placed == [
        ev.DiePlaced(
            clan=RIVAL,
            colour=C,
            slot=slot,
            value=value,
            space=space,
            covered=covered,
            coins=coins,
            rules=(*BASE_PLACE, *rulings),
        )
    ]
    assert events_of(after, ev.SentToWell) == ([ev.SentToWell(clan=RIVAL, space=shown)] if taken else [])


# ================================================================================================
# The icons
# ================================================================================================


@pytest.mark.rule("SOLO.ICON.GARDENER", "RULING.RIVAL_GARDEN_VALUE")
def test_gardener_stone_lowest_value() -> None:
    after = rival_after(acting(GardenerTo(GardenKind.STONE)))
    assert RIVAL in board(after).gardens[0].gardeners  # G1, 1 food
    assert after.clans[RIVAL].sent == (0, 1, 0)
    # G1 sits by the coral bridge (slot 0); the rival pays no food and takes no garden action
    assert events_of(after, ev.GardenerPlaced) == [
        ev.GardenerPlaced(
            clan=RIVAL,
            slot=0,
            card="G1",
            bridge=C,
            food=0,
            rules=("SOLO.ICON.GARDENER", "SOLO.GOLDEN.NEVER_PAYS", "SOLO.GOLDEN.ONLY_ICONS"),
        )
    ]


@pytest.mark.rule("SOLO.ICON.GARDENER")
def test_gardener_player_gardener_does_not_block() -> None:
    state = with_gardeners(acting(GardenerTo(GardenKind.STONE)), 0, PLAYER)
    after = rival_after(state)
    assert board(after).gardens[0].gardeners == (PLAYER, RIVAL)


@pytest.mark.rule("SOLO.ICON.GARDENER")
def test_gardener_skips_garden_with_its_own_gardener() -> None:
    state = with_gardeners(acting(GardenerTo(GardenKind.STONE), sent=(0, 1, 0)), 0, RIVAL)
    after = rival_after(state)
    assert RIVAL in board(after).gardens[2].gardeners  # G3, 2 food
    assert after.clans[RIVAL].sent == (0, 2, 0)


@pytest.mark.rule("SOLO.ICON.GARDENER", "RULING.RIVAL_GARDEN_VALUE")
def test_gardener_tie_player_breaks_it() -> None:
    state = acting(GardenerTo(GardenKind.PLANT))  # G7 (slot 1) and G9 (slot 3) both cost 4
    after = player_then_rival(state)
    assert waiting(after, DecisionKind.RIVAL_GARDEN, PLAYER)
    assert set(options(after)) == {ChooseGarden(1), ChooseGarden(3)}
    assert events_of(after, ev.GardenerTie) == [ev.GardenerTie(clan=RIVAL, slots=(1, 3))]
    assert events_of(after, ev.GardenerPlaced) == []
    assert_illegal(after, ChooseGarden(5), "SOLO.ICON.GARDENER")
    done = apply(after, ChooseGarden(3))
    assert waiting(done, DecisionKind.TURN, PLAYER)
    assert RIVAL in board(done).gardens[3].gardeners
    assert RIVAL not in board(done).gardens[1].gardeners
    assert [(e.clan, e.slot, e.card, e.bridge, e.food) for e in events_of(done, ev.GardenerPlaced)] == [
        (RIVAL, 3, "G9", B, 0)
    ]


@pytest.mark.rule("SOLO.ICON.GARDENER", "RULING.RIVAL_GARDEN_VALUE")
def test_gardener_both_kinds_lowest_of_all() -> None:
    after = rival_after(acting(GardenerTo(None)))
    assert RIVAL in board(after).gardens[0].gardeners
    state = acting(GardenerTo(None), sent=(0, 2, 0))
    state = with_gardeners(with_gardeners(state, 0, RIVAL), 2, RIVAL)
    after = rival_after(state)
    assert RIVAL in board(after).gardens[4].gardeners  # G5, 3 food, below the Plants' 4 and 5


@pytest.mark.rule("SOLO.ICON.GARDENER", "RULING.RIVAL_GARDEN_VALUE")
def test_gardener_both_kinds_tie_across_kinds() -> None:
    a = card("A", B, M, Space.WELL, (GardenerTo(None),))
    setup = solo_setup(a, filler("B"))
    # the Plant pile puts G6 (3 food) beside the coral bridge: it ties with G5 (3 food, slot 4)
    state = at_player_turn(setup, plant=("G6", "G9", "G10", "G7", "G8"))
    state = only_bridges(state, coral=(1, (), None), white=(None, (), 6))
    state = edit_clan(state, RIVAL, sent=(0, 2, 0))
    state = with_gardeners(with_gardeners(state, 0, RIVAL), 2, RIVAL)
    after = player_then_rival(state)
    assert waiting(after, DecisionKind.RIVAL_GARDEN, PLAYER)
    assert set(options(after)) == {ChooseGarden(1), ChooseGarden(4)}


@pytest.mark.rule("SOLO.ICON.GARDENER", "SOLO.TURN.UNDOABLE")
def test_gardener_none_left_scores_round() -> None:
    after = rival_after(acting(GardenerTo(GardenKind.STONE), round_no=2, sent=(0, 5, 0)))
    assert after.clans[RIVAL].cp == 2
    assert all(RIVAL not in g.gardeners for g in board(after).gardens)
    assert undoable(after) == [scored(GardenerTo(GardenKind.STONE), "no_gardener", 2)]


@pytest.mark.rule("SOLO.ICON.GARDENER", "SOLO.TURN.UNDOABLE")
def test_gardener_no_garden_of_kind_scores_round() -> None:
    state = acting(GardenerTo(GardenKind.STONE), round_no=3, sent=(0, 3, 0))
    for slot in (0, 2, 4):
        state = with_gardeners(state, slot, RIVAL)
    after = rival_after(state)
    assert after.clans[RIVAL].cp == 3
    assert after.clans[RIVAL].sent == (0, 3, 0)
    assert undoable(after) == [scored(GardenerTo(GardenKind.STONE), "no_garden", 3)]


@pytest.mark.rule("SOLO.ICON.WARRIOR")
@pytest.mark.parametrize("cost", [5, 3, 1])
def test_warrior_to_yard_of_cost(cost: int) -> None:
    state = with_warriors(acting(WarriorTo(cost)), cost, PLAYER)
    after = rival_after(state)
    yards = {y.cost: y.warriors for y in board(after).yards}
    assert yards[cost] == (PLAYER, RIVAL)
    assert all(RIVAL not in w for c, w in yards.items() if c != cost)
    assert after.clans[RIVAL].sent == (0, 0, 1)
    assert after.clans[RIVAL].iron == 0
    # no iron paid and no tile action taken
    assert events_of(after, ev.WarriorPlaced) == [
        ev.WarriorPlaced(
            clan=RIVAL,
            cost=cost,
            iron=0,
            icons=(),
            rules=("SOLO.ICON.WARRIOR", "SOLO.GOLDEN.NEVER_PAYS", "SOLO.GOLDEN.ONLY_ICONS"),
        )
    ]


@pytest.mark.rule("SOLO.ICON.WARRIOR", "SOLO.TURN.UNDOABLE")
def test_warrior_none_left_scores_round() -> None:
    after = rival_after(acting(WarriorTo(3), round_no=2, sent=(0, 0, 5)))
    assert after.clans[RIVAL].cp == 2
    assert all(RIVAL not in y.warriors for y in board(after).yards)
    assert undoable(after) == [scored(WarriorTo(3), "no_warrior", 2)]


@pytest.mark.rule("SOLO.ICON.COURTIER")
def test_courtier_to_gate() -> None:
    after = rival_after(acting(CourtierToGate()))
    assert after.clans[RIVAL].courtiers == (1, 0, 0, 0)
    assert after.clans[RIVAL].sent == (1, 0, 0)
    assert after.clans[RIVAL].coins == 0  # no audience paid
    assert events_of(after, ev.CourtierAtGate) == [
        ev.CourtierAtGate(clan=RIVAL, coins=0, rules=("SOLO.ICON.COURTIER", "SOLO.GOLDEN.NEVER_PAYS"))
    ]


@pytest.mark.rule("SOLO.ICON.COURTIER", "SOLO.TURN.UNDOABLE")
def test_courtier_none_left_scores_round() -> None:
    state = acting(CourtierToGate(), round_no=3, sent=(5, 0, 0), courtiers=(0, 2, 2, 1))
    after = rival_after(state)
    assert after.clans[RIVAL].cp == 3
    assert after.clans[RIVAL].courtiers == (0, 2, 2, 1)
    assert undoable(after) == [scored(CourtierToGate(), "no_courtier", 3)]


@pytest.mark.rule("SOLO.ICON.CLIMB", "RULING.RIVAL_CARD_REMOVED")
def test_climb_one_to_stewards_player_chooses_room_card_replaced() -> None:
    state = acting(ClimbUp(1), courtiers=(1, 0, 0, 0), sent=(1, 0, 0))
    after = player_then_rival(state)
    assert waiting(after, DecisionKind.RIVAL_ROOM, PLAYER)
    assert set(options(after)) == {ChooseRoom(0), ChooseRoom(1), ChooseRoom(2)}
    # the climb was the rival's last icon: only the choice of room is pending
    assert after.stack == (RivalRoomFrame(RIVAL, 1),)
    assert events_of(after, ev.CourtierClimbed) == [
        ev.CourtierClimbed(
            clan=RIVAL,
            start=Floor.GATE,
            end=Floor.STEWARDS,
            pearl=0,
            rules=("SOLO.ICON.CLIMB", "SOLO.GOLDEN.NEVER_PAYS"),
        )
    ]
    assert_illegal(after, ChooseRoom(3), "SOLO.ICON.CLIMB")
    done = apply(after, ChooseRoom(1))
    assert events_of(done, ev.RivalRoomCard) == [
        ev.RivalRoomCard(
            clan=RIVAL,
            room=1,
            removed="S5",
            replacement="S4",
            rules=("SOLO.ICON.CLIMB", "RULING.RIVAL_CARD_REMOVED"),
        )
    ]
    assert waiting(done, DecisionKind.TURN, PLAYER)
    rival = done.clans[RIVAL]
    assert rival.courtiers == (0, 1, 0, 0)
    assert (rival.pearl, rival.lantern, rival.domain_card) == (0, (), None)
    b = board(done)
    assert [r.card for r in b.rooms[:3]] == ["S2", "S4", "S9"]
    assert b.steward_deck == STEWARDS_2P[4:]
    assert "S5" not in b.steward_deck


@pytest.mark.rule("SOLO.ICON.CLIMB", "RULING.RIVAL_CARD_REMOVED")
def test_climb_two_to_diplomats() -> None:
    state = acting(ClimbUp(2), courtiers=(1, 0, 0, 0), sent=(1, 0, 0))
    after = player_then_rival(state)
    assert waiting(after, DecisionKind.RIVAL_ROOM, PLAYER)
    assert set(options(after)) == {ChooseRoom(3), ChooseRoom(4)}
    done = apply(after, ChooseRoom(4))
    assert done.clans[RIVAL].courtiers == (0, 0, 1, 0)
    b = board(done)
    assert (b.rooms[3].card, b.rooms[4].card) == ("D2", "D3")
    assert b.diplomat_deck == DIPLOMATS_2P[3:]


@pytest.mark.rule("SOLO.ICON.CLIMB")
def test_climb_moves_lowest_courtier() -> None:
    state = acting(ClimbUp(1), courtiers=(0, 1, 1, 0), sent=(2, 0, 0))
    after = player_then_rival(state)
    assert waiting(after, DecisionKind.RIVAL_ROOM, PLAYER)
    assert set(options(after)) == {ChooseRoom(3), ChooseRoom(4)}
    assert after.clans[RIVAL].courtiers == (0, 0, 2, 0)


@pytest.mark.rule("SOLO.ICON.CLIMB", "RULING.RIVAL_FAVOURS")
def test_climb_to_daimyo_takes_leftmost_free_favour() -> None:
    state = edit_board(acting(ClimbUp(2), courtiers=(0, 1, 0, 0), sent=(1, 0, 0)), favours=(0, None, None))
    after = rival_after(state)
    assert after.clans[RIVAL].courtiers == (0, 0, 0, 1)
    assert board(after).favours == (0, RIVAL, None)
    assert after.clans[RIVAL].cp == 2  # DF1 favour 2: 2 CP


@pytest.mark.rule("RULING.RIVAL_CARD_REMOVED")
def test_climb_empty_deck_card_stays() -> None:
    state = edit_board(acting(ClimbUp(1), courtiers=(1, 0, 0, 0), sent=(1, 0, 0)), steward_deck=())
    after = apply(player_then_rival(state), ChooseRoom(1))
    assert waiting(after, DecisionKind.TURN, PLAYER)
    assert board(after).rooms[1].card == "S5"
    # nothing replaces it, so nothing is removed
    assert events_of(after, ev.RivalRoomCard) == [
        ev.RivalRoomCard(clan=RIVAL, room=1, removed=None, replacement=None)
    ]
    assert after.clans[RIVAL].courtiers == (0, 1, 0, 0)
    assert after.clans[RIVAL].lantern == ()


@pytest.mark.rule("RULING.RIVAL_CLIMB_EXACT", "SOLO.TURN.UNDOABLE", "SOLO.ICON.CLIMB")
@pytest.mark.parametrize(
    ("icon", "courtiers", "why"),
    [
        # past the Daimyo's room (its lowest courtier is on the Diplomats' floor): not shortened
        (ClimbUp(2), (0, 0, 1, 0), "past_daimyo"),
        (ClimbUp(1), (0, 0, 0, 0), "no_courtier_to_climb"),  # no courtier at all
        # only courtiers in the Daimyo's room
        (ClimbUp(2), (0, 0, 0, 2), "no_courtier_to_climb"),
    ],
)
def test_climb_undoable_scores_round(
    icon: ClimbUp, courtiers: tuple[int, int, int, int], why: ev.Undoable
) -> None:
    sent = sum(courtiers)
    state = acting(icon, round_no=2, courtiers=courtiers, sent=(sent, 0, 0))
    after = rival_after(state)
    assert after.clans[RIVAL].cp == 2
    assert after.clans[RIVAL].courtiers == courtiers
    assert board(after).favours == (None, None, None)
    assert undoable(after) == [scored(icon, why, 2)]


@pytest.mark.rule("SOLO.TURN.UNDOABLE")
def test_each_undoable_action_scores_round_number() -> None:
    state = acting(
        ClimbUp(1), GardenerTo(GardenKind.STONE), bottom=(WarriorTo(5), CourtierToGate()), round_no=3
    )
    state = edit_clan(state, RIVAL, sent=(5, 5, 5))
    after = rival_after(state)
    assert after.clans[RIVAL].cp == 4 * 3
    # in the order done (rows: the top half, then the bottom half), each with its reason
    assert undoable(after) == [
        scored(ClimbUp(1), "no_courtier_to_climb", 3),
        scored(GardenerTo(GardenKind.STONE), "no_gardener", 3),
        scored(WarriorTo(5), "no_warrior", 3),
        scored(CourtierToGate(), "no_courtier", 3),
    ]


def rival_gains(state: State) -> list[ev.Gained]:
    """The rival's gains reported by the last action, in order."""
    return [e for e in events_of(state, ev.Gained) if e.clan == RIVAL]


@pytest.mark.rule("SOLO.ICON.CLAN_POINTS")
def test_clan_points_icon() -> None:
    after = rival_after(acting(cp(3), cp=4))
    assert after.clans[RIVAL].cp == 7
    assert rival_gains(after) == [
        ev.Gained(clan=RIVAL, what=GainKind.CP, n=3, kept=3, rules=("SOLO.ICON.CLAN_POINTS",))
    ]


@pytest.mark.rule("SOLO.ICON.INFLUENCE")
def test_influence_icon() -> None:
    after = rival_after(acting(Influence(2), time=1))
    assert after.clans[RIVAL].time == 3
    assert after.clans[RIVAL].arrival == after.arrivals  # stacked on top


@pytest.mark.rule("SOLO.ICON.COINS")
def test_coins_icon() -> None:
    after = rival_after(acting(coins(2), bottom=(coins(1),), coins=1))
    assert after.clans[RIVAL].coins == 4
    assert rival_gains(after) == [
        ev.Gained(clan=RIVAL, what=GainKind.COIN, n=2, kept=2, rules=("SOLO.ICON.COINS",)),
        ev.Gained(clan=RIVAL, what=GainKind.COIN, n=1, kept=1, rules=("SOLO.ICON.COINS",)),
    ]


# ================================================================================================
# End of each round
# ================================================================================================


def last_player_turn(round_no: int, player_time: int = 0, **rival: object) -> State:
    """A Medium game (rival first) at the player's last turn of round ``round_no``: after it the
    round ends without the rival acting again. The player takes the white 6 (the white bridge's only
    die); the coral bridge keeps a 2, the black bridge is empty."""
    state = ready(*NEUTRAL, difficulty=Difficulty.MEDIUM, coral=(2, (), None), black=(None, (), None))
    state = replace(state, round=round_no, turn=5)
    state = edit_clan(state, PLAYER, time=player_time)
    return edit_clan(state, RIVAL, **rival)


@pytest.mark.rule("SOLO.ROUND.HAND_IN")
@pytest.mark.parametrize(
    ("coins_held", "rate", "round_no", "expected"),
    [
        (10, 3, 3, (9, 1)),  # first, after round 3
        (14, 5, 2, (4, 4)),  # second, after round 2
        (2, 3, 1, (0, 2)),
        (15, 5, 1, (3, 0)),
        (0, 3, 2, (0, 0)),
    ],
)
def test_hand_in_points(coins_held: int, rate: int, round_no: int, expected: tuple[int, int]) -> None:
    assert hand_in_points(coins_held, rate, round_no) == expected


@pytest.mark.rule("SOLO.ROUND.HAND_IN")
def test_hand_in_first_after_round_3() -> None:
    state = last_player_turn(3, coins=10, cp=5, time=1)
    after = player_then_rival(state)
    assert after.turn_order == (RIVAL, PLAYER)
    assert (after.clans[RIVAL].cp, after.clans[RIVAL].coins) == (5 + 9, 1)
    assert after.decision.kind is DecisionKind.NONE  # the game is over


@pytest.mark.rule("SOLO.ROUND.HAND_IN")
def test_hand_in_second_after_round_2() -> None:
    # the rival was first this round; the player's Passage of Time puts it second in the new order
    state = last_player_turn(2, player_time=5, coins=14, cp=5, time=1)
    assert state.turn_order == (RIVAL, PLAYER)
    after = player_then_rival(state)
    assert after.turn_order == (PLAYER, RIVAL)
    assert (after.clans[RIVAL].cp, after.clans[RIVAL].coins) == (5 + 4, 4)
    assert after.decision.kind is DecisionKind.ROLL


@pytest.mark.rule("SOLO.ROUND.GARDENS")
@pytest.mark.parametrize("round_no", [1, 2])
def test_gardens_step_scores_round_per_active_gardener(round_no: int) -> None:
    state = last_player_turn(round_no, player_time=5, sent=(0, 3, 0), time=1, cp=0)
    for slot in (0, 1, 4):  # coral Stone, coral Plant, white Stone
        state = with_gardeners(state, slot, RIVAL)
    after = player_then_rival(state)
    assert after.decision.kind is DecisionKind.ROLL
    # the coral bridge still holds its 2: 2 gardeners activate; the white bridge is empty
    assert after.clans[RIVAL].cp == 2 * round_no
    assert after.clans[RIVAL].food == 0


@pytest.mark.rule("SOLO.ROUND.GARDENS")
def test_no_gardens_step_after_round_3() -> None:
    state = last_player_turn(3, sent=(0, 2, 0), time=1, cp=0)
    state = with_gardeners(with_gardeners(state, 0, RIVAL), 1, RIVAL)
    after = player_then_rival(state)
    assert after.decision.kind is DecisionKind.NONE
    assert after.clans[RIVAL].cp == 0


@pytest.mark.rule("SOLO.ROUND.SHUFFLE")
def test_roll_reshuffles_the_deck() -> None:
    at_roll = player_then_rival(last_player_turn(1, player_time=5, time=1))
    assert at_roll.decision.kind is DecisionKind.ROLL
    dice = ((3, 1, 2), (6, 5, 4), (1, 1, 6))
    after = apply(at_roll, Roll(dice, ("N3", "N1", "N2")))
    assert after.round == 2
    assert after.solo_deck == ("N3", "N1", "N2")
    assert waiting(after, DecisionKind.TURN, PLAYER)  # the player is first in round 2


@pytest.mark.rule("SOLO.ROUND.SHUFFLE")
@pytest.mark.parametrize(
    "deck", [(), ("N1", "N2"), ("N1", "N1", "N2"), ("N1", "N2", "N3", "N3"), ("N1", "N2", "P1")]
)
def test_roll_with_a_deck_that_is_not_a_permutation_is_refused(deck: tuple[str, ...]) -> None:
    at_roll = player_then_rival(last_player_turn(1, player_time=5, time=1))
    assert_illegal(at_roll, Roll(((3, 1, 2), (6, 5, 4), (1, 1, 6)), deck), "SOLO.ROUND.SHUFFLE")


# ================================================================================================
# Final scoring
# ================================================================================================


@pytest.mark.rule("SOLO.SCORE")
def test_final_score_rival_leftovers_score_nothing() -> None:
    leftovers = {"coins": 0, "seals": 9, "food": 7, "iron": 7, "pearl": 7}
    state = last_player_turn(3, cp=10, time=6, courtiers=(1, 1, 0, 0), sent=(2, 1, 1), **leftovers)
    state = edit_clan(state, PLAYER, seals=9, food=7, iron=7, pearl=7)
    state = with_gardeners(with_warriors(state, 5, RIVAL), 0, RIVAL)
    after = player_then_rival(state)
    assert after.decision.kind is DecisionKind.NONE
    line = after.scores[RIVAL]
    assert (line.coins_and_seals, line.resources) == (0, 0)
    assert line.during_play == 10  # 0 coins handed in
    assert line.time == 3  # space 6
    assert line.courtiers == 1 + 3
    assert line.warriors == 2 * 1  # the 5-iron yard (worth 2) x 1 courtier inside
    assert line.gardeners == 1  # G1
    assert line.total == 10 + 3 + 4 + 2 + 1
    player = after.scores[PLAYER]
    assert player.coins_and_seals > 0
    assert player.resources == 6


@pytest.mark.rule("RULING.REFILL_AFTER_LIGHT", "SOLO.ICON.CLIMB")
def test_climb_to_a_floor_with_no_card_stays_and_asks_nothing() -> None:
    # the Stewards' rooms all wait for their refill (a hand-made position): no room to choose for the rival
    state = acting(ClimbUp(1), courtiers=(1, 0, 0, 0), sent=(1, 0, 0))
    rooms = tuple(replace(r, card=None) if r.floor == 1 else r for r in board(state).rooms)
    state = edit_board(state, rooms=rooms)
    after = player_then_rival(state)
    assert events_of(after, ev.NoRoomToEnter) == [
        ev.NoRoomToEnter(clan=RIVAL, floor=1, rules=("RULING.REFILL_AFTER_LIGHT", "SOLO.ICON.CLIMB"))
    ]
    assert events_of(after, ev.RivalRoomCard) == []
    assert waiting(after, DecisionKind.TURN, PLAYER)
    assert after.clans[RIVAL].courtiers == (0, 1, 0, 0)
    assert [r.card for r in board(after).rooms] == [r.card for r in rooms]  # no card removed or refilled
