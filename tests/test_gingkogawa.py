"""The Gingkogawa Clan bot (seed 000, community sheet credited to MCLof): setup, the zone search
(Stewards' pair, shown position, wrap, full zone), the bonuses by difficulty, card halves, the two
extra courtier rules, the discard pile and its reshuffles, and the Tokugawa rival left unchanged.

Scenarios use small custom decks and the fixed board (tests/solo_helpers.py). The bot is always
first; the tests start at the player's turn and the bot's turn runs inside the player's ``apply``.
Room 0 (S2) shows white, coral, coral: the only Stewards' room with a pair on the fixed board.
"""

from __future__ import annotations

import random
from typing import Literal

import pytest
from msgspec.structs import replace

from reference.chance import deal_for, sample
from reference.engine import apply, is_chance, legal_actions, new_game
from reference.errors import IllegalAction, RulesGap
from reference.model import (
    Action,
    Bridge,
    ChooseRoom,
    ClimbUp,
    Colour,
    CourtierToGate,
    Decision,
    DecisionKind,
    Die,
    Difficulty,
    End,
    Floor,
    Gain,
    GainKind,
    Influence,
    PlaceDie,
    RivalIcon,
    RivalKind,
    Roll,
    Shuffle,
    ShuffleFrame,
    Slot,
    SoloCard,
    Space,
    State,
    WarriorTo,
)
from reference.model import events as ev
from reference.rules.solo.gingkogawa import zone_of
from reference.wire import decode_state, encode
from tests.helpers import (
    assert_illegal,
    board,
    edit_board,
    edit_clan,
    get_bridge,
    only_bridges,
    options,
    waiting,
    with_bridges,
)
from tests.solo_helpers import (
    PLAYER,
    RIVAL,
    at_player_turn,
    card,
    dice_at,
    events_of,
    filler,
    narrated,
    occupy,
    player_then_rival,
    rival_dice,
    set_room_tiles,
    solo_deal,
    solo_setup,
)

C, B, W = Colour.CORAL, Colour.BLACK, Colour.WHITE
L, M, R = Slot.LEFT, Slot.CENTRE, Slot.RIGHT
EASY, NORMAL, HARD = Difficulty.EASY, Difficulty.MEDIUM, Difficulty.HARD

NEUTRAL: tuple[SoloCard, ...] = (filler("N1"), filler("N2"), card("N3", B, L, Space.DIPLOMAT_2))
"""A deck whose first bot turn changes nothing for it: N1 (no actions) flipped, N2 finds the coral 1
and sends it to the free Diplomat room 1 (value 4: no coins, no bonus)."""


def cp(n: int) -> Gain:
    return Gain(GainKind.CP, n)


def yards(state: State) -> dict[int, tuple[int, ...]]:
    return {y.cost: y.warriors for y in board(state).yards}


def bot_ready(
    *cards: SoloCard,
    order: tuple[str, ...] | None = None,
    rival: RivalKind = RivalKind.GINGKOGAWA,
    difficulty: Difficulty = EASY,
    pair_colour: str = "any",
    coral: tuple[int | None, tuple[int, ...], int | None] = (1, (3,), 5),
    black: tuple[int | None, tuple[int, ...], int | None] = (2, (4,), 6),
    round_no: int = 1,
    **fields: object,
) -> State:
    """The player's turn with the bot next: bridges as given, the white bridge holding only the
    player's die (white 6, right end); the bot's fields replaced by ``fields`` (CP 0 and Passage of
    Time 0 unless given, so that the bonuses show)."""
    setup = solo_setup(*cards, rival=rival, difficulty=difficulty, pair_colour=pair_colour)
    state = at_player_turn(setup, order)
    state = only_bridges(state, coral=coral, black=black, white=(None, (), 6))
    state = replace(state, round=round_no)
    values: dict[str, object] = {"cp": 0, "time": 0}
    values.update(fields)
    return edit_clan(state, RIVAL, **values)


def bot_after(state: State) -> State:
    """The bot's turn after the player's placement; the turn is back with the player."""
    after = player_then_rival(state)
    assert waiting(after, DecisionKind.TURN, PLAYER), after.decision
    return after


def assert_gap(state: State, action: Action, rule: str) -> RulesGap:
    """``apply`` stops with RulesGap naming ``rule`` and the state is unchanged (compared with a
    copy taken before)."""
    before = decode_state(encode(state))
    with pytest.raises(RulesGap) as info:
        apply(state, action)
    assert info.value.rule == rule, info.value
    assert state == before
    return info.value


def last(id: str, top: tuple[RivalIcon, ...] = (), bottom: tuple[RivalIcon, ...] = ()) -> SoloCard:
    """A card flipped before the finder: its Bridge side names the empty white centre."""
    return card(id, W, M, Space.WELL, top, bottom)


# ================================================================================================
# Setup
# ================================================================================================


@pytest.mark.rule("GINKGO.SETUP", "RULING.GINKGO_SETUP_CP")
@pytest.mark.parametrize(("difficulty", "time", "points"), [(EASY, 1, 0), (NORMAL, 2, 3), (HARD, 3, 8)])
def test_setup_bot_first_on_its_space(difficulty: Difficulty, time: int, points: int) -> None:
    setup = solo_setup(*NEUTRAL, rival=RivalKind.GINGKOGAWA, difficulty=difficulty)
    state = apply(new_game(setup), solo_deal(setup))
    assert state.turn_order == (RIVAL, PLAYER)
    bot = state.clans[RIVAL]
    assert (bot.time, bot.cp, bot.coins) == (time, points, 0)
    # its start is reported under the bot's own setup rules, first in the turn order
    assert events_of(state, ev.RivalStarts) == [
        ev.RivalStarts(
            clan=RIVAL,
            rival=RivalKind.GINGKOGAWA,
            difficulty=difficulty,
            cp=points,
            time=time,
            place=0,
            rules=("GINKGO.SETUP", "RULING.GINKGO_SETUP_CP", "SOLO.SETUP.NO_DOMAIN"),
        )
    ]
    assert bot.domain_card is None
    assert bot.lantern == ()
    # the bot played its first turn inside the deal: N1 to the discard pile
    assert (state.turn, state.solo_discard, state.solo_deck) == (1, ("N1",), ("N2", "N3"))
    assert waiting(state, DecisionKind.TURN, PLAYER)
    assert state.draft == ()
    assert (state.clans[PLAYER].lantern, state.clans[PLAYER].domain_card) == (("SR9",), "A1")


@pytest.mark.rule("GINKGO.SETUP")
@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_setup_bot_always_first(difficulty: Difficulty) -> None:
    setup = solo_setup(*NEUTRAL, rival=RivalKind.GINGKOGAWA, difficulty=difficulty)
    with pytest.raises(IllegalAction) as info:
        apply(new_game(setup), solo_deal(setup, turn_order=(PLAYER, RIVAL)))
    assert info.value.rule == "RULING.CHANCE_DEAL"
    for seed in range(5):
        deal = deal_for(setup, random.Random(seed))
        assert deal.turn_order == (RIVAL, PLAYER)
        assert len(deal.pairs) == 1


# ================================================================================================
# Zones and the search
# ================================================================================================


@pytest.mark.rule("GINKGO.ZONES", "RULING.GINKGO_WELL_CARD")
@pytest.mark.parametrize(
    ("space", "zone"),
    [
        (Space.STEWARD_1, ("stewards", 0)),
        (Space.STEWARD_2, ("stewards", 1)),
        (Space.STEWARD_3, ("stewards", 2)),
        (Space.DIPLOMAT_1, ("diplomats", 0)),
        (Space.DIPLOMAT_2, ("diplomats", 1)),
        (Space.OUTSIDE_LEFT, ("outside", 0)),
        (Space.OUTSIDE_RIGHT, ("outside", 1)),
        (Space.WELL, None),
    ],
)
def test_zone_and_position_of_a_space(space: Space, zone: tuple[str, int] | None) -> None:
    assert zone_of(space) == zone


@pytest.mark.rule("GINKGO.TURN.FIND_DIE", "GINKGO.SHOWN_POSITION", "GINKGO.DISCARD")
def test_find_die_flips_until_top_card_names_a_die() -> None:
    cards = (
        card("A", C, L, Space.STEWARD_1, (cp(1),)),
        card("B", W, M, Space.STEWARD_2, (cp(2),)),  # white centre: empty
        card("C", B, M, Space.STEWARD_3, (cp(4),)),  # black centre: empty
        card("D", C, M, Space.OUTSIDE_LEFT, (cp(8),)),  # coral centre: the 3
        card("E", B, L, Space.DIPLOMAT_1, (cp(16),)),
    )
    state = bot_ready(*cards, black=(2, (), 6))
    after = bot_after(state)
    assert rival_dice(after) == {Space.OUTSIDE_LEFT: (Die(C, 3, RIVAL),)}
    assert get_bridge(after, C) == Bridge(C, 1, (), 5)  # the centre die left its bridge
    assert after.clans[RIVAL].cp == 4  # the last card flipped only (C)
    assert after.clans[RIVAL].coins == 0
    assert after.rival_row == ("A", "B", "C")
    assert after.solo_discard == ("A", "B", "C")
    assert after.solo_deck == ("D", "E")
    assert events_of(after, ev.CardsDiscarded) == [
        ev.CardsDiscarded(clan=RIVAL, cards=("A", "B", "C"), rules=("GINKGO.DISCARD",))
    ]


@pytest.mark.rule("GINKGO.SHOWN_POSITION", "RULING.GINKGO_HALVES")
def test_shown_position_free_last_card_both_halves() -> None:
    a = last("A", (cp(1), WarriorTo(5)), (WarriorTo(1), cp(2)))
    finder = card("F", C, R, Space.DIPLOMAT_2)
    after = bot_after(bot_ready(a, finder))
    assert rival_dice(after) == {Space.DIPLOMAT_2: (Die(C, 5, RIVAL),)}
    bot = after.clans[RIVAL]
    assert (bot.cp, bot.time, bot.coins) == (3, 0, 1)  # no bonus outside the Stewards' pair
    # the card shows the Diplomats' floor at position 2: searched from there, nothing taken
    assert events_of(after, ev.BotZone) == [
        ev.BotZone(
            clan=RIVAL,
            shown=Space.DIPLOMAT_2,
            order=(Space.DIPLOMAT_2, Space.DIPLOMAT_1),
            taken=(),
        )
    ]
    assert events_of(after, ev.PairSearch) == []
    # the shown position is free: no wrap, no bonus, the whole last card
    assert events_of(after, ev.BotTarget) == [
        ev.BotTarget(clan=RIVAL, card="A", space=Space.DIPLOMAT_2, why="shown", bonus=(), half=None)
    ]
    assert events_of(after, ev.RivalActs) == [
        ev.RivalActs(
            clan=RIVAL,
            cards=("A",),
            icons=(cp(1), WarriorTo(5), WarriorTo(1), cp(2)),
            rules=("GINKGO.SHOWN_POSITION", "SOLO.TURN.ACT"),
        )
    ]
    assert yards(after)[5] == (RIVAL,)
    assert yards(after)[1] == (RIVAL,)


@pytest.mark.rule("RULING.GINKGO_HALVES")
def test_last_card_top_half_then_bottom_half() -> None:
    # top: a courtier to the Gate; bottom: climb 1, which then moves that courtier
    a = last("A", (CourtierToGate(),), (ClimbUp(1),))
    after = player_then_rival(bot_ready(a, card("F", C, R, Space.DIPLOMAT_2)))
    assert waiting(after, DecisionKind.RIVAL_ROOM, PLAYER)
    after = apply(after, ChooseRoom(2))
    assert after.clans[RIVAL].courtiers == (0, 1, 0, 0)
    assert after.clans[RIVAL].sent == (1, 0, 0)


@pytest.mark.rule("GINKGO.WRAP", "RULING.GINKGO_FREE_ROOM")
def test_wrap_outside_only_free_position_is_left_of_shown() -> None:
    finder = card("F", C, R, Space.OUTSIDE_RIGHT)
    state = occupy(bot_ready(last("A", (cp(1),)), finder), Space.OUTSIDE_RIGHT)
    after = bot_after(state)
    assert rival_dice(after) == {Space.OUTSIDE_LEFT: (Die(C, 5, RIVAL),)}
    assert after.clans[RIVAL].cp == 1  # the last card's actions
    # the shown position (Outside right) is taken: the search wraps to the left
    assert events_of(after, ev.BotZone) == [
        ev.BotZone(
            clan=RIVAL,
            shown=Space.OUTSIDE_RIGHT,
            order=(Space.OUTSIDE_RIGHT, Space.OUTSIDE_LEFT),
            taken=(Space.OUTSIDE_RIGHT,),
        )
    ]
    assert events_of(after, ev.BotTarget) == [
        ev.BotTarget(
            clan=RIVAL, card="A", space=Space.OUTSIDE_LEFT, why="wrap", bonus=(), rules=("GINKGO.WRAP",)
        )
    ]


@pytest.mark.rule("GINKGO.WRAP")
def test_wrap_diplomats() -> None:
    finder = card("F", C, L, Space.DIPLOMAT_2)
    after = bot_after(occupy(bot_ready(last("A"), finder), Space.DIPLOMAT_2))
    assert rival_dice(after) == {Space.DIPLOMAT_1: (Die(C, 1, RIVAL),)}


def no_pairs(state: State) -> State:
    """The Stewards' rooms without any pair of die tiles."""
    return set_room_tiles(state, 0, W, C, B)


@pytest.mark.rule("GINKGO.WRAP")
def test_wrap_stewards_goes_right_first() -> None:
    finder = card("F", C, L, Space.STEWARD_2)
    state = occupy(no_pairs(bot_ready(last("A", (cp(1),)), finder)), Space.STEWARD_2)
    after = bot_after(state)
    assert rival_dice(after) == {Space.STEWARD_3: (Die(C, 1, RIVAL),)}
    assert after.clans[RIVAL].cp == 1


@pytest.mark.rule("GINKGO.WRAP")
def test_wrap_stewards_only_free_position_to_the_left() -> None:
    finder = card("F", C, L, Space.STEWARD_3)
    state = no_pairs(bot_ready(last("A", (cp(1),)), finder))
    state = occupy(state, Space.STEWARD_3, Space.STEWARD_2)
    after = bot_after(state)
    assert rival_dice(after) == {Space.STEWARD_1: (Die(C, 1, RIVAL),)}
    assert (after.clans[RIVAL].cp, after.clans[RIVAL].time) == (1, 0)


@pytest.mark.rule("RULING.GINKGO_FREE_ROOM")
def test_own_die_makes_a_position_taken() -> None:
    finder = card("F", C, R, Space.OUTSIDE_LEFT)
    state = bot_ready(last("A"), finder)
    state = edit_board(state, outside=((Die(B, 2, RIVAL),), ()))
    after = bot_after(state)
    assert board(after).outside == ((Die(B, 2, RIVAL),), (Die(C, 5, RIVAL),))


# ================================================================================================
# The Stewards' pair and the bonuses
# ================================================================================================


@pytest.mark.rule("GINKGO.STEWARDS.PAIR", "GINKGO.BONUS")
def test_pair_room_takes_the_die_easy_bonus() -> None:
    # shown position: Steward room 2 (free, no pair); room 1 has two coral tiles
    finder = card("F", B, L, Space.STEWARD_2)
    after = bot_after(bot_ready(last("A", (WarriorTo(1),)), finder, round_no=3))
    assert rival_dice(after) == {Space.STEWARD_1: (Die(B, 2, RIVAL),)}
    bot = after.clans[RIVAL]
    assert (bot.time, bot.cp) == (1, 1)  # Easy: 1 and 1, whatever the round
    assert yards(after)[1] == (RIVAL,)


@pytest.mark.rule("GINKGO.STEWARDS.PAIR")
def test_pair_first_from_shown_position_rightwards() -> None:
    finder = card("F", C, L, Space.STEWARD_2)
    state = set_room_tiles(bot_ready(last("A"), finder), 2, B, B, W)  # rooms 1 and 3 both pairs
    after = bot_after(state)
    assert rival_dice(after) == {Space.STEWARD_3: (Die(C, 1, RIVAL),)}


@pytest.mark.rule("GINKGO.STEWARDS.PAIR")
def test_pair_search_wraps_past_a_taken_pair_room() -> None:
    finder = card("F", C, L, Space.STEWARD_3)
    state = set_room_tiles(bot_ready(last("A"), finder), 2, B, B, W)
    state = occupy(state, Space.STEWARD_3)  # the shown pair room is taken: room 1 is next
    after = bot_after(state)
    assert rival_dice(after) == {Space.STEWARD_1: (Die(C, 1, RIVAL),)}
    assert (after.clans[RIVAL].time, after.clans[RIVAL].cp) == (1, 1)
    order = (Space.STEWARD_3, Space.STEWARD_1, Space.STEWARD_2)
    assert events_of(after, ev.BotZone) == [
        ev.BotZone(clan=RIVAL, shown=Space.STEWARD_3, order=order, taken=(Space.STEWARD_3,))
    ]
    # the search passes over the taken pair room and stops at the first free one with a pair
    assert [e.checked for e in events_of(after, ev.PairSearch)] == [
        ((Space.STEWARD_3, "taken"), (Space.STEWARD_1, "fits"))
    ]


@pytest.mark.rule("GINKGO.STEWARDS.PAIR", "RULING.GINKGO_FREE_ROOM")
def test_pair_room_taken_falls_back_to_shown_position() -> None:
    finder = card("F", C, L, Space.STEWARD_2)
    after = bot_after(occupy(bot_ready(last("A"), finder), Space.STEWARD_1))
    assert rival_dice(after) == {Space.STEWARD_2: (Die(C, 1, RIVAL),)}
    assert (after.clans[RIVAL].time, after.clans[RIVAL].cp) == (0, 0)  # no bonus


@pytest.mark.rule("READING.GINKGO_PAIR_COLOUR", "GINKGO.STEWARDS.PAIR")
@pytest.mark.parametrize(
    ("reading", "die", "space", "bonus"),
    [
        ("any", B, Space.STEWARD_1, True),  # two coral tiles count for any die
        ("die", B, Space.STEWARD_2, False),  # a black die needs two black tiles
        ("die", C, Space.STEWARD_1, True),
    ],
)
def test_pair_colour_reading(reading: str, die: Colour, space: Space, bonus: bool) -> None:
    finder = card("F", die, L, Space.STEWARD_2)
    after = bot_after(bot_ready(last("A"), finder, pair_colour=reading))
    assert [d.colour for d in rival_dice(after)[space]] == [die]
    assert after.clans[RIVAL].cp == (1 if bonus else 0)
    # the pair search checks each room from the shown one and stops at the first that fits; under
    # the reading in use room 1's two coral tiles fit or not
    room_1: ev.PairVerdict = "fits" if bonus else "no_pair"
    assert events_of(after, ev.PairSearch) == [
        ev.PairSearch(
            clan=RIVAL,
            colour=die,
            pair_colour=reading,
            checked=((Space.STEWARD_2, "no_pair"), (Space.STEWARD_3, "no_pair"), (Space.STEWARD_1, room_1)),
            rules=("GINKGO.STEWARDS.PAIR", "READING.GINKGO_PAIR_COLOUR"),
        )
    ]
    target = (
        ev.BotTarget(
            clan=RIVAL,
            card="A",
            space=Space.STEWARD_1,
            why="pair",
            bonus=(Influence(1), cp(1)),
            rules=("GINKGO.STEWARDS.PAIR", "GINKGO.BONUS"),
        )
        if bonus
        else ev.BotTarget(clan=RIVAL, card="A", space=Space.STEWARD_2, why="shown", bonus=())
    )
    assert events_of(after, ev.BotTarget) == [target]
    # the log names each room the search passed over
    (search,) = events_of(after, ev.PairSearch)
    line = narrated(after, search)
    assert all(f"Stewards' room {n}" in line for n in (2, 3, 1)), line


@pytest.mark.rule("GINKGO.BONUS")
@pytest.mark.parametrize("round_no", [1, 2, 3])
def test_bonus_normal_round_number(round_no: int) -> None:
    finder = card("F", C, L, Space.STEWARD_2)
    after = bot_after(bot_ready(last("A", (cp(10),)), finder, difficulty=NORMAL, round_no=round_no))
    assert rival_dice(after) == {Space.STEWARD_1: (Die(C, 1, RIVAL),)}
    assert (after.clans[RIVAL].time, after.clans[RIVAL].cp) == (round_no, 10 + round_no)


@pytest.mark.rule("GINKGO.BONUS", "RULING.GINKGO_HARD_NO_CARD", "GINKGO.DISCARD")
def test_bonus_hard_reveals_another_card() -> None:
    a = last("A", (cp(1),), (WarriorTo(5),))
    f = card("F", C, L, Space.STEWARD_2, (cp(2),), (WarriorTo(1),))
    g = card("G", B, L, Space.DIPLOMAT_1, (cp(4),))
    after = bot_after(bot_ready(a, f, g, difficulty=HARD, round_no=3))
    assert rival_dice(after) == {Space.STEWARD_1: (Die(C, 1, RIVAL),)}
    bot = after.clans[RIVAL]
    # A's actions, then those of the card revealed from the top of the deck (F); no points bonus
    assert (bot.cp, bot.time) == (1 + 2, 0)
    assert yards(after)[5] == (RIVAL,)
    assert yards(after)[1] == (RIVAL,)
    assert after.solo_discard == ("A", "F")
    assert after.solo_deck == ("G",)
    # the pair room gives no points bonus on Hard: the bot reveals F (now on top) instead
    assert events_of(after, ev.BotTarget) == [
        ev.BotTarget(
            clan=RIVAL,
            card="A",
            space=Space.STEWARD_1,
            why="pair",
            bonus=(),
            rules=("GINKGO.STEWARDS.PAIR", "GINKGO.BONUS"),
        )
    ]
    assert events_of(after, ev.HardBonusCard) == [ev.HardBonusCard(clan=RIVAL, card="F")]
    assert [(a.cards, a.icons) for a in events_of(after, ev.RivalActs)] == [
        (("A", "F"), (cp(1), WarriorTo(5), cp(2), WarriorTo(1)))
    ]


@pytest.mark.rule("GINKGO.BONUS", "RULING.GINKGO_HARD_NO_CARD", "GINKGO.DISCARD", "SOLO.TURN.ACT")
def test_bonus_hard_after_fruitless_flips_acts_on_last_card_and_revealed_card_only() -> None:
    # X flipped: A on top names the empty white centre; A flipped: F on top finds the coral 1 for the
    # pair room; the Hard bonus reveals F. The bot does A's and F's actions, not X's.
    x = last("X", (cp(16),))
    a = last("A", (cp(1),))
    f = card("F", C, L, Space.STEWARD_2, (cp(2),))
    g = card("G", B, L, Space.DIPLOMAT_1, (cp(4),))
    after = bot_after(bot_ready(x, a, f, g, difficulty=HARD))
    assert rival_dice(after) == {Space.STEWARD_1: (Die(C, 1, RIVAL),)}
    assert after.clans[RIVAL].cp == 1 + 2
    assert [(e.card, e.top, e.found) for e in events_of(after, ev.CardFlipped)] == [
        ("X", "A", False),
        ("A", "F", True),
    ]
    assert events_of(after, ev.HardBonusCard) == [ev.HardBonusCard(clan=RIVAL, card="F")]
    assert events_of(after, ev.RivalActs) == [
        ev.RivalActs(
            clan=RIVAL,
            cards=("A", "F"),
            icons=(cp(1), cp(2)),
            rules=("GINKGO.BONUS", "GINKGO.STEWARDS.PAIR", "SOLO.TURN.ACT"),
        )
    ]
    # every card flipped or revealed this turn goes to the discard pile
    assert events_of(after, ev.CardsDiscarded) == [ev.CardsDiscarded(clan=RIVAL, cards=("X", "A", "F"))]
    assert (after.solo_discard, after.solo_deck) == (("X", "A", "F"), ("G",))


# ================================================================================================
# A full zone, the Well and the card halves
# ================================================================================================

HALVES = last("A", (WarriorTo(5),), (WarriorTo(1),))
"""The last card: top half a Warrior to the 5-iron yard, bottom half one to the 1-iron yard."""


def full_outside(difficulty: Difficulty, die: Colour, round_no: int) -> State:
    """Both Outside spaces taken; the finder names the right die of ``die``'s bridge (coral 5, odd;
    black 6, even) and shows Outside left."""
    finder = card("F", die, R, Space.OUTSIDE_LEFT)
    state = bot_ready(HALVES, finder, difficulty=difficulty, round_no=round_no)
    return occupy(state, Space.OUTSIDE_LEFT, Space.OUTSIDE_RIGHT)


@pytest.mark.rule("GINKGO.FULL_ZONE", "RULING.RIVAL_WELL_NO_SEAL")
@pytest.mark.parametrize(("die", "value"), [(C, 5), (B, 6)])
def test_full_zone_easy_well_and_bonus_only(die: Colour, value: int) -> None:
    after = bot_after(full_outside(EASY, die, 2))
    assert rival_dice(after) == {Space.WELL: (Die(die, value, RIVAL),)}
    bot = after.clans[RIVAL]
    assert (bot.coins, bot.seals) == (value - 1, 0)
    assert (bot.time, bot.cp) == (1, 1)
    assert RIVAL not in yards(after)[5]
    assert RIVAL not in yards(after)[1]
    # Easy: the bonus only, no half of any card
    assert events_of(after, ev.BotTarget) == [
        ev.BotTarget(
            clan=RIVAL,
            card="A",
            space=Space.WELL,
            why="full",
            bonus=(Influence(1), cp(1)),
            rules=("GINKGO.FULL_ZONE",),
        )
    ]
    assert [(a.cards, a.icons) for a in events_of(after, ev.RivalActs)] == [((), (Influence(1), cp(1)))]


@pytest.mark.rule("GINKGO.FULL_ZONE", "GINKGO.HALF", "RULING.GINKGO_HALVES")
@pytest.mark.parametrize(("die", "value", "yard"), [(C, 5, 5), (B, 6, 1)])
def test_full_zone_normal_bonus_then_half(die: Colour, value: int, yard: int) -> None:
    after = bot_after(full_outside(NORMAL, die, 3))
    assert rival_dice(after) == {Space.WELL: (Die(die, value, RIVAL),)}
    bot = after.clans[RIVAL]
    assert (bot.coins, bot.seals) == (value - 1, 0)
    assert (bot.time, bot.cp) == (1, 1)  # "the same" as Easy, not the round number
    assert {c for c, w in yards(after).items() if RIVAL in w} == {yard}  # odd: top; even: bottom


@pytest.mark.rule("GINKGO.FULL_ZONE", "GINKGO.HALF")
@pytest.mark.parametrize(("die", "value", "yard"), [(C, 5, 5), (B, 6, 1)])
def test_full_zone_hard_round_bonus_then_half(die: Colour, value: int, yard: int) -> None:
    after = bot_after(full_outside(HARD, die, 3))
    bot = after.clans[RIVAL]
    assert rival_dice(after) == {Space.WELL: (Die(die, value, RIVAL),)}
    assert (bot.time, bot.cp, bot.coins) == (3, 3, value - 1)
    assert {c for c, w in yards(after).items() if RIVAL in w} == {yard}


@pytest.mark.rule("GINKGO.HALF")
@pytest.mark.parametrize(("value", "yard"), [(1, 5), (2, 1), (3, 5), (4, 1)])
def test_half_by_die_parity(value: int, yard: int) -> None:
    finder = card("F", C, L, Space.DIPLOMAT_1)
    state = bot_ready(HALVES, finder, difficulty=NORMAL, coral=(value, (), None))
    after = bot_after(occupy(state, Space.DIPLOMAT_1, Space.DIPLOMAT_2))
    assert {c for c, w in yards(after).items() if RIVAL in w} == {yard}
    # the zone is full: the Well, the bonus, then the half of the last card (A) read by the die's parity
    part: Literal["top", "bottom"] = "top" if value % 2 else "bottom"
    parity = "odd" if value % 2 else "even"
    targets = events_of(after, ev.BotTarget)
    assert targets == [
        ev.BotTarget(
            clan=RIVAL,
            card="A",
            space=Space.WELL,
            why="full",
            bonus=(Influence(1), cp(1)),
            half=part,
            rules=("GINKGO.FULL_ZONE", "GINKGO.HALF", "RULING.GINKGO_HALVES"),
        )
    ]
    acts = events_of(after, ev.RivalActs)
    assert [(a.cards, a.icons) for a in acts] == [(("A",), (Influence(1), cp(1), WarriorTo(yard)))]
    # the log says which half was read and why: the die's parity
    line = narrated(after, targets[0])
    assert f"{part} half" in line
    assert f"die is {parity}" in line


@pytest.mark.rule("RULING.GINKGO_WELL_CARD", "GINKGO.HALF")
def test_well_card_treated_as_full_zone() -> None:
    finder = card("F", C, R, Space.WELL)
    after = bot_after(bot_ready(HALVES, finder, difficulty=NORMAL, round_no=2))
    assert rival_dice(after) == {Space.WELL: (Die(C, 5, RIVAL),)}
    bot = after.clans[RIVAL]
    assert (bot.coins, bot.seals, bot.time, bot.cp) == (4, 0, 1, 1)
    assert {c for c, w in yards(after).items() if RIVAL in w} == {5}
    assert events_of(after, ev.BotZone) == []  # no zone to search
    assert events_of(after, ev.BotTarget) == [
        ev.BotTarget(
            clan=RIVAL,
            card="A",
            space=Space.WELL,
            why="well_card",
            bonus=(Influence(1), cp(1)),
            half="top",
            rules=("RULING.GINKGO_WELL_CARD", "GINKGO.FULL_ZONE", "GINKGO.HALF", "RULING.GINKGO_HALVES"),
        )
    ]


@pytest.mark.rule("SOLO.GOLDEN.NEVER_PAYS", "GINKGO.SHOWN_POSITION")
def test_bot_never_pays() -> None:
    finder = card("F", C, L, Space.OUTSIDE_RIGHT)  # a 1 against 5
    after = bot_after(bot_ready(last("A"), finder, coins=2))
    assert rival_dice(after) == {Space.OUTSIDE_RIGHT: (Die(C, 1, RIVAL),)}
    assert after.clans[RIVAL].coins == 2


# ================================================================================================
# Extra courtier rules
# ================================================================================================


@pytest.mark.rule("GINKGO.EXTRA.COURTIER_MOVE")
def test_climb_one_without_courtier_places_one_at_gate() -> None:
    finder = card("F", C, L, Space.DIPLOMAT_1)
    after = bot_after(bot_ready(last("A", (ClimbUp(1),)), finder, round_no=2))
    bot = after.clans[RIVAL]
    assert (bot.courtiers, bot.sent, bot.cp) == ((1, 0, 0, 0), (1, 0, 0), 0)


@pytest.mark.rule("GINKGO.EXTRA.COURTIER_MOVE")
def test_climb_without_courtier_in_castle_uses_the_last_courtier_left() -> None:
    finder = card("F", C, L, Space.DIPLOMAT_1)
    state = bot_ready(last("A", (ClimbUp(1),)), finder, round_no=2, courtiers=(0, 0, 0, 4), sent=(4, 0, 0))
    after = bot_after(state)
    bot = after.clans[RIVAL]
    assert (bot.courtiers, bot.sent, bot.cp) == ((1, 0, 0, 4), (5, 0, 0), 0)
    # no courtier in the castle: a courtier to the Gate instead of the climb, nothing undoable
    assert events_of(after, ev.CourtierInstead) == [
        ev.CourtierInstead(
            clan=RIVAL,
            icon=ClimbUp(1),
            instead=(CourtierToGate(),),
            rules=("GINKGO.EXTRA.COURTIER_MOVE", "RULING.GINKGO_NO_COURTIER"),
        )
    ]
    assert events_of(after, ev.IconUndoable) == []
    # what it does instead is told by its own event, as any courtier sent to the Gate
    rules = ("GINKGO.EXTRA.COURTIER_MOVE", "SOLO.GOLDEN.NEVER_PAYS")
    assert events_of(after, ev.CourtierAtGate) == [ev.CourtierAtGate(clan=RIVAL, coins=0, rules=rules)]
    assert events_of(after, ev.CourtierClimbed) == []


@pytest.mark.rule("GINKGO.EXTRA.COURTIER_MOVE", "RULING.RIVAL_CARD_REMOVED")
def test_climb_two_without_courtier_gate_then_first_floor() -> None:
    finder = card("F", C, L, Space.DIPLOMAT_1)
    after = player_then_rival(bot_ready(last("A", (ClimbUp(2),)), finder, round_no=2))
    assert waiting(after, DecisionKind.RIVAL_ROOM, PLAYER)
    assert events_of(after, ev.CourtierInstead) == [
        ev.CourtierInstead(clan=RIVAL, icon=ClimbUp(2), instead=(CourtierToGate(), ClimbUp(1)))
    ]
    rules = ("GINKGO.EXTRA.COURTIER_MOVE", "SOLO.GOLDEN.NEVER_PAYS")
    assert events_of(after, ev.CourtierAtGate) == [ev.CourtierAtGate(clan=RIVAL, coins=0, rules=rules)]
    assert events_of(after, ev.CourtierClimbed) == [
        ev.CourtierClimbed(clan=RIVAL, start=Floor.GATE, end=Floor.STEWARDS, pearl=0, rules=rules)
    ]
    assert set(options(after)) == {ChooseRoom(0), ChooseRoom(1), ChooseRoom(2)}
    after = apply(after, ChooseRoom(2))
    bot = after.clans[RIVAL]
    assert (bot.courtiers, bot.sent, bot.cp) == ((0, 1, 0, 0), (1, 0, 0), 0)
    assert board(after).rooms[2].card == "S4"
    # the bot's courtier entered room 2: S9 leaves the game, S4 replaces it
    entered = events_of(after, ev.RivalRoomCard)
    assert entered == [
        ev.RivalRoomCard(
            clan=RIVAL,
            room=2,
            removed="S9",
            replacement="S4",
            rules=("SOLO.ICON.CLIMB", "RULING.RIVAL_CARD_REMOVED"),
        )
    ]
    # the log names the bot as the clan whose courtier entered the room
    line = narrated(after, entered[0])
    assert line.startswith("clan 1 (Gingkogawa)")
    assert "S9" in line
    assert "S4" in line


@pytest.mark.rule("RULING.GINKGO_NO_COURTIER", "GINKGO.EXTRA.COURTIER_MOVE")
def test_courtiers_in_daimyo_room_do_not_count() -> None:
    finder = card("F", C, L, Space.DIPLOMAT_1)
    state = bot_ready(last("A", (ClimbUp(1),)), finder, courtiers=(0, 0, 0, 1), sent=(1, 0, 0))
    after = bot_after(state)
    assert after.clans[RIVAL].courtiers == (1, 0, 0, 1)
    assert after.clans[RIVAL].sent == (2, 0, 0)


@pytest.mark.rule("RULING.GINKGO_NO_COURTIER")
def test_courtier_at_gate_counts_and_climbs() -> None:
    finder = card("F", C, L, Space.DIPLOMAT_1)
    state = bot_ready(last("A", (ClimbUp(1),)), finder, courtiers=(1, 0, 0, 0), sent=(1, 0, 0))
    after = player_then_rival(state)
    assert waiting(after, DecisionKind.RIVAL_ROOM, PLAYER)
    assert after.clans[RIVAL].courtiers == (0, 1, 0, 0)
    assert after.clans[RIVAL].sent == (1, 0, 0)


@pytest.mark.rule("GINKGO.EXTRA.GATE_NO_COURTIER")
def test_gate_without_courtier_left_moves_lowest_up_one() -> None:
    finder = card("F", C, L, Space.DIPLOMAT_1)
    state = bot_ready(
        last("A", (CourtierToGate(),)), finder, round_no=2, courtiers=(1, 2, 1, 1), sent=(5, 0, 0)
    )
    after = player_then_rival(state)
    assert waiting(after, DecisionKind.RIVAL_ROOM, PLAYER)
    # the Gate icon is replaced by a climb of 1, which moves the courtier at the Gate
    assert events_of(after, ev.CourtierInstead) == [
        ev.CourtierInstead(
            clan=RIVAL,
            icon=CourtierToGate(),
            instead=(ClimbUp(1),),
            rules=("GINKGO.EXTRA.GATE_NO_COURTIER",),
        )
    ]
    assert events_of(after, ev.CourtierClimbed) == [
        ev.CourtierClimbed(
            clan=RIVAL,
            start=Floor.GATE,
            end=Floor.STEWARDS,
            pearl=0,
            rules=("SOLO.ICON.CLIMB", "SOLO.GOLDEN.NEVER_PAYS"),
        )
    ]
    assert events_of(after, ev.CourtierAtGate) == []
    after = apply(after, ChooseRoom(0))
    bot = after.clans[RIVAL]
    assert (bot.courtiers, bot.cp) == ((0, 3, 1, 1), 0)


@pytest.mark.rule("GINKGO.EXTRA.GATE_NO_COURTIER", "SOLO.TURN.UNDOABLE")
def test_gate_without_courtier_and_nothing_to_climb_scores_round() -> None:
    finder = card("F", C, L, Space.DIPLOMAT_1)
    state = bot_ready(
        last("A", (CourtierToGate(),)), finder, round_no=3, courtiers=(0, 0, 0, 5), sent=(5, 0, 0)
    )
    after = bot_after(state)
    assert (after.clans[RIVAL].courtiers, after.clans[RIVAL].cp) == ((0, 0, 0, 5), 3)
    # the climb that replaces the Gate icon finds no courtier below the Daimyo's room: the Gate icon
    # scores the round number
    assert [e.instead for e in events_of(after, ev.CourtierInstead)] == [(ClimbUp(1),)]
    assert events_of(after, ev.IconUndoable) == [
        ev.IconUndoable(clan=RIVAL, icon=CourtierToGate(), why="no_courtier_to_climb", points=3)
    ]


@pytest.mark.rule("RULING.RIVAL_CLIMB_EXACT", "SOLO.TURN.UNDOABLE", "GINKGO.EXTRA.COURTIER_MOVE")
@pytest.mark.parametrize(
    ("icon", "courtiers", "why"),
    [
        # a courtier inside the castle: the bot climbs like the Tokugawa rival, never past the Daimyo
        (ClimbUp(2), (0, 0, 1, 4), "past_daimyo"),
        # no courtier inside and none left to send to the Gate: nothing replaces the climb
        (ClimbUp(1), (0, 0, 0, 5), "no_courtier_to_climb"),
    ],
)
def test_bot_climb_undoable_scores_round(
    icon: ClimbUp, courtiers: tuple[int, int, int, int], why: ev.Undoable
) -> None:
    finder = card("F", C, L, Space.DIPLOMAT_1)
    state = bot_ready(last("A", (icon,)), finder, round_no=2, courtiers=courtiers, sent=(5, 0, 0))
    after = bot_after(state)
    bot = after.clans[RIVAL]
    assert (bot.courtiers, bot.cp) == (courtiers, 2)
    assert events_of(after, ev.CourtierInstead) == []
    assert events_of(after, ev.IconUndoable) == [ev.IconUndoable(clan=RIVAL, icon=icon, why=why, points=2)]


# ================================================================================================
# The discard pile and its reshuffles
# ================================================================================================


def running_out() -> State:
    """The bot's deck holds only A, its discard pile F, G, H: after A is flipped the deck is empty."""
    a = last("A", (cp(1),))
    f = card("F", C, L, Space.DIPLOMAT_1, (cp(2),))
    g = card("G", B, L, Space.DIPLOMAT_2, (cp(4),))
    h = card("H", C, R, Space.OUTSIDE_LEFT, (cp(8),))
    state = bot_ready(a, f, g, h)
    return replace(state, solo_deck=("A",), solo_discard=("F", "G", "H"))


@pytest.mark.rule("GINKGO.DISCARD")
def test_deck_runs_out_waits_for_a_chance_shuffle() -> None:
    state = player_then_rival(running_out())
    assert state.decision == Decision(DecisionKind.SHUFFLE, None)
    assert is_chance(state)
    assert legal_actions(state) == ()
    top = state.stack[-1]
    assert isinstance(top, ShuffleFrame)
    assert sorted(top.pool) == ["F", "G", "H"]
    assert events_of(state, ev.DeckRanOut) == [
        ev.DeckRanOut(clan=RIVAL, cards=("F", "G", "H"), from_discard=True, rules=("GINKGO.DISCARD",))
    ]
    assert isinstance(sample(state, random.Random(3)), Shuffle)
    after = apply(state, Shuffle(("G", "F", "H")))
    assert events_of(after, ev.Reshuffled) == [ev.Reshuffled(clan=RIVAL, order=("G", "F", "H"))]
    assert waiting(after, DecisionKind.TURN, PLAYER)
    # G on top names the black 2: to Diplomat room 2; the last card flipped is A
    assert rival_dice(after) == {Space.DIPLOMAT_2: (Die(B, 2, RIVAL),)}
    assert after.clans[RIVAL].cp == 1
    assert after.solo_deck == ("G", "F", "H")
    assert after.solo_discard == ("A",)


@pytest.mark.rule("GINKGO.DISCARD", "GINKGO.BONUS", "RULING.GINKGO_HARD_NO_CARD")
def test_deck_emptied_by_hard_bonus_reshuffled_before_next_flip() -> None:
    a = last("A", (cp(1),))
    f = card("F", C, L, Space.STEWARD_2, (cp(2),))
    state = replace(bot_ready(a, f, difficulty=HARD), solo_deck=("A", "F"), solo_discard=())
    first = bot_after(state)
    # A flipped, F finds the coral 1 for the pair room; the Hard bonus reveals F: the deck is empty
    assert rival_dice(first) == {Space.STEWARD_1: (Die(C, 1, RIVAL),)}
    assert (first.solo_deck, first.solo_discard) == ((), ("A", "F"))
    assert first.clans[RIVAL].cp == 1 + 2
    # its next turn starts with an empty deck: the discard pile is reshuffled before any flip
    waiting_shuffle = player_then_rival(with_bridges(first, white=(None, (), 6)))
    assert waiting_shuffle.decision == Decision(DecisionKind.SHUFFLE, None)
    top = waiting_shuffle.stack[-1]
    assert isinstance(top, ShuffleFrame)
    assert sorted(top.pool) == ["A", "F"]
    assert waiting_shuffle.solo_discard == ()
    after = apply(waiting_shuffle, Shuffle(("A", "F")))
    assert waiting(after, DecisionKind.TURN, PLAYER)
    # A flipped, F names the coral left die (the 3, slid from the centre): Stewards' room 1 is taken
    assert rival_dice(after)[Space.STEWARD_2] == (Die(C, 3, RIVAL),)
    assert after.clans[RIVAL].cp == 1 + 2 + 1
    assert (after.solo_deck, after.solo_discard) == (("F",), ("A",))


@pytest.mark.rule("GINKGO.DISCARD")
@pytest.mark.parametrize("order", [("F", "G"), ("F", "G", "H", "A"), ("F", "G", "G"), ("A", "F", "G"), ()])
def test_shuffle_outcome_must_order_the_discard_pile(order: tuple[str, ...]) -> None:
    state = player_then_rival(running_out())
    refused = assert_illegal(state, Shuffle(order), "GINKGO.DISCARD")
    assert all(id in refused.reason for id in ("F", "G", "H"))  # the reason names the cards to order


@pytest.mark.rule("GINKGO.DISCARD")
def test_shuffle_decision_refuses_other_actions() -> None:
    state = player_then_rival(running_out())
    refused = assert_illegal(state, PlaceDie(C, End.LEFT, Space.WELL), "GINKGO.DISCARD")
    assert "PlaceDie" in refused.reason  # the reason names what was given instead of a reshuffle
    refused = assert_illegal(state, Roll(((1, 2, 3),) * 3, ("A", "F", "G", "H")), "GINKGO.DISCARD")
    assert "Roll" in refused.reason


@pytest.mark.rule("GINKGO.DISCARD", "RULING.GINKGO_ROUND_SHUFFLE")
def test_round_start_reshuffles_deck_and_discard() -> None:
    cards = (last("A"), filler("F"), card("G", B, L, Space.DIPLOMAT_2), card("H", C, R, Space.WELL))
    state = bot_ready(*cards, black=(None, (), None), coral=(2, (), None), time=1)
    state = replace(state, turn=5, solo_deck=("G", "H"), solo_discard=("A", "F"))
    state = edit_clan(state, PLAYER, time=5)  # the player is first next round: the bot does not act
    at_roll = player_then_rival(state)
    assert at_roll.decision.kind is DecisionKind.ROLL
    dice = ((3, 1, 2), (6, 5, 4), (1, 1, 6))
    assert_illegal(at_roll, Roll(dice, ("G", "H")), "SOLO.ROUND.SHUFFLE")  # the discards too
    after = apply(at_roll, Roll(dice, ("F", "H", "A", "G")))
    assert waiting(after, DecisionKind.TURN, PLAYER)
    assert after.solo_deck == ("F", "H", "A", "G")
    assert after.solo_discard == ()


@pytest.mark.rule("RULING.GINKGO_EMPTY_DISCARD")
def test_empty_discard_reshuffles_flipped_cards_but_the_last() -> None:
    a = card("A", C, L, Space.DIPLOMAT_1, (cp(1),))  # the coral 1
    b = card("B", B, M, Space.STEWARD_2, (cp(2),))  # black centre: empty
    c = card("C", W, L, Space.STEWARD_3, (cp(4),))  # white: empty
    state = bot_ready(a, b, c, black=(2, (), 6))
    waiting_shuffle = player_then_rival(state)
    assert waiting_shuffle.decision == Decision(DecisionKind.SHUFFLE, None)
    top = waiting_shuffle.stack[-1]
    assert isinstance(top, ShuffleFrame)
    assert sorted(top.pool) == ["A", "B"]
    assert events_of(waiting_shuffle, ev.DeckRanOut) == [
        ev.DeckRanOut(
            clan=RIVAL,
            cards=("A", "B"),
            from_discard=False,
            rules=("GINKGO.DISCARD", "RULING.GINKGO_EMPTY_DISCARD"),
        )
    ]
    assert_illegal(waiting_shuffle, Shuffle(("A", "B", "C")), "GINKGO.DISCARD")
    after = apply(waiting_shuffle, Shuffle(("B", "A")))
    # B on top (empty slot): B flipped; A on top finds the coral 1; the last card flipped is B
    assert waiting(after, DecisionKind.TURN, PLAYER)
    assert rival_dice(after) == {Space.DIPLOMAT_1: (Die(C, 1, RIVAL),)}
    assert after.clans[RIVAL].cp == 2
    assert after.solo_deck == ("A",)
    assert after.solo_discard == ("C", "B")


@pytest.mark.rule("RULING.GINKGO_EMPTY_DISCARD")
def test_no_card_anywhere_raises_rules_gap() -> None:
    state = bot_ready(last("A"), filler("F"))
    state = replace(state, solo_deck=("A",), solo_discard=())
    gap = assert_gap(state, PlaceDie(W, End.RIGHT, Space.WELL), "GINKGO.DISCARD")
    assert "discard pile" in gap.reason
    assert "empty" in gap.reason


@pytest.mark.rule("RULING.GINKGO_EMPTY_DISCARD", "GINKGO.TURN.FIND_DIE")
def test_hopeless_search_raises_rules_gap_not_endless_shuffles() -> None:
    # neither card ever names a die that is there (white is empty, black has no centre)
    a = card("A", W, L, Space.STEWARD_1)
    b = card("B", B, M, Space.STEWARD_2)
    state = bot_ready(a, b, black=(2, (), 6))
    rng = random.Random(0)
    with pytest.raises(RulesGap) as info:  # noqa: PT012
        state = player_then_rival(state)
        for _ in range(50):  # gives up after 2N + 3 fruitless flips: far fewer than 50
            assert state.decision.kind is DecisionKind.SHUFFLE
            outcome = sample(state, rng)
            state = apply(state, outcome)
    assert info.value.rule == "GINKGO.TURN.FIND_DIE"


@pytest.mark.rule("RULING.GINKGO_EMPTY_DISCARD", "GINKGO.TURN.FIND_DIE")
def test_hopeless_search_gives_up_past_twice_the_deck() -> None:
    # a 2-card deck that never names a die: A and B take turns, one card reshuffled at a time
    a = card("A", W, L, Space.STEWARD_1)
    b = card("B", B, M, Space.STEWARD_2)
    state = player_then_rival(bot_ready(a, b, black=(2, (), 6)))  # flips A, then B: 2 flips
    assert events_of(state, ev.CardFlipped) == [
        ev.CardFlipped(
            clan=RIVAL,
            card="A",
            top="B",
            bridge=B,
            slot=M,
            found=False,
            rules=("GINKGO.TURN.FIND_DIE", "SOLO.TURN.FIND_DIE"),
        )
    ]
    shuffles = 0
    while True:
        assert state.decision == Decision(DecisionKind.SHUFFLE, None)
        top = state.stack[-1]
        assert isinstance(top, ShuffleFrame)
        assert len(top.pool) == 1  # the cards flipped this turn but the last
        outcome = Shuffle(top.pool)
        shuffles += 1
        try:
            state = apply(state, outcome)
        except RulesGap:
            break
        # one more fruitless flip after each reshuffle: the other card, the reshuffled one now on top
        assert events_of(state, ev.Reshuffled) == [ev.Reshuffled(clan=RIVAL, order=outcome.order)]
        flips = events_of(state, ev.CardFlipped)
        assert [(f.card, f.top, f.found) for f in flips] == [
            ("B" if outcome.order == ("A",) else "A", outcome.order[0], False)
        ]
    # the engine gives up on the first flip beyond twice the deck plus two: the 7th
    assert shuffles == 6
    gap = assert_gap(state, outcome, "GINKGO.TURN.FIND_DIE")
    assert gap.reason.startswith("7 cards flipped")
    assert "holds a die" in gap.reason


# ================================================================================================
# The Tokugawa rival is unchanged by the bot's existence
# ================================================================================================


@pytest.mark.rule("SOLO.TURN.NO_STACK_WELL", "SOLO.TURN.TO_BOTTOM", "GINKGO.WRAP")
def test_tokugawa_does_not_wrap_and_puts_cards_under() -> None:
    cards = (last("A", (cp(1),)), card("F", C, R, Space.OUTSIDE_RIGHT), filler("G"))
    for rival, where, deck, discard in (
        (RivalKind.TOKUGAWA, Space.WELL, ("F", "G", "A"), ()),
        (RivalKind.GINGKOGAWA, Space.OUTSIDE_LEFT, ("F", "G"), ("A",)),
    ):
        state = occupy(bot_ready(*cards, rival=rival), Space.OUTSIDE_RIGHT)
        after = bot_after(state)
        assert rival_dice(after) == {where: (Die(C, 5, RIVAL),)}
        assert (after.solo_deck, after.solo_discard) == (deck, discard)
        assert after.clans[RIVAL].cp == 1


@pytest.mark.rule("SOLO.TURN.PLACE", "GINKGO.STEWARDS.PAIR")
def test_tokugawa_ignores_stewards_pairs() -> None:
    finder = card("F", C, L, Space.STEWARD_2)
    state = bot_ready(last("A"), finder, rival=RivalKind.TOKUGAWA)
    after = bot_after(state)
    assert rival_dice(after) == {Space.STEWARD_2: (Die(C, 1, RIVAL),)}
    assert (after.clans[RIVAL].time, after.clans[RIVAL].cp) == (0, 0)


@pytest.mark.rule("SOLO.TURN.ACT", "GINKGO.TURN.FIND_DIE")
def test_tokugawa_does_last_two_cards_bot_only_last() -> None:
    cards = (last("A", (cp(1),)), last("B", (cp(2),)), filler("F"))
    tokugawa = bot_after(bot_ready(*cards, rival=RivalKind.TOKUGAWA))
    bot = bot_after(bot_ready(*cards))
    assert tokugawa.clans[RIVAL].cp == 1 + 2
    assert bot.clans[RIVAL].cp == 2


@pytest.mark.rule("SOLO.TURN.UNDOABLE", "GINKGO.EXTRA.COURTIER_MOVE", "GINKGO.EXTRA.GATE_NO_COURTIER")
def test_tokugawa_keeps_undoable_courtier_actions() -> None:
    finder = card("F", C, L, Space.DIPLOMAT_1)
    climb = bot_ready(last("A", (ClimbUp(1),)), finder, rival=RivalKind.TOKUGAWA, round_no=2)
    after = bot_after(climb)
    assert (after.clans[RIVAL].courtiers, after.clans[RIVAL].cp) == ((0, 0, 0, 0), 2)
    gate = bot_ready(
        last("A", (CourtierToGate(),)),
        finder,
        rival=RivalKind.TOKUGAWA,
        round_no=2,
        courtiers=(1, 2, 1, 1),
        sent=(5, 0, 0),
    )
    after = bot_after(gate)
    assert (after.clans[RIVAL].courtiers, after.clans[RIVAL].cp) == ((1, 2, 1, 1), 2)


@pytest.mark.rule("GINKGO.BONUS", "SOLO.TURN.PLACE")
def test_influence_bonus_is_free_at_checkpoints() -> None:
    finder = card("F", C, L, Space.STEWARD_2)
    after = bot_after(bot_ready(last("A"), finder, difficulty=NORMAL, round_no=3, time=4))
    assert after.clans[RIVAL].time == 7  # across the checkpoint of space 6 without seals
    assert after.clans[RIVAL].seals == 0
    assert dice_at(after, Space.STEWARD_1) == (Die(C, 1, RIVAL),)
