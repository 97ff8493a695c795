"""The Gingkogawa Clan bot (a community sheet credited to MCLof): the rival reads its Solitaire cards
as three zones and chooses castle rooms by a fixed search.

What it shares with the Tokugawa rival (its setup, the icons, undoable actions scoring the round,
the end-of-round hand-in and gardens, scoring) comes from :class:`~reference.rules.solo.rival.Rival`.
Only its place in the turn order and on the Passage of Time, the flip loop with a discard pile, the
placement search, the bonuses, the card halves and the two extra courtier rules are here.

Rules: GINKGO.SETUP, GINKGO.ZONES, GINKGO.TURN.FIND_DIE, GINKGO.STEWARDS.PAIR, GINKGO.SHOWN_POSITION,
GINKGO.WRAP, GINKGO.FULL_ZONE, GINKGO.BONUS, GINKGO.HALF, GINKGO.EXTRA.COURTIER_MOVE,
GINKGO.EXTRA.GATE_NO_COURTIER, GINKGO.DISCARD, RULING.GINKGO_FREE_ROOM, RULING.GINKGO_HALVES,
RULING.GINKGO_HARD_NO_CARD, RULING.GINKGO_EMPTY_DISCARD, RULING.GINKGO_WELL_CARD,
RULING.GINKGO_SETUP_CP, RULING.GINKGO_ROUND_SHUFFLE, RULING.GINKGO_NO_COURTIER,
READING.GINKGO_PAIR_COLOUR.
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar, Final, Literal

from msgspec.structs import replace

from reference.errors import RulesGap
from reference.model import (
    COLOURS,
    BotStage,
    BotTurnFrame,
    ClimbUp,
    Colour,
    CourtierToGate,
    Difficulty,
    Floor,
    Gain,
    GainKind,
    Influence,
    Member,
    RivalIcon,
    RivalIconsFrame,
    RivalKind,
    RivalRoomFrame,
    Setup,
    Shuffle,
    ShuffleFrame,
    SoloCard,
    Space,
    State,
)
from reference.model import events as ev
from reference.rules.bridges import slot_die
from reference.rules.common import board, emit, pop, push, set_top, with_clan
from reference.rules.members import courtier_to_gate, members_left, move_courtiers
from reference.rules.outcomes import check_shuffle
from reference.rules.placement import dice_on
from reference.rules.solo.rival import PLAYER, RIVAL, Rival, cards, climb

Zone = Literal["stewards", "diplomats", "outside"]
"""The bot's three zones: the Stewards' floor, the Diplomats' floor, Outside the Walls."""

ZONES: Final[dict[Zone, tuple[Space, ...]]] = {
    "stewards": (Space.STEWARD_1, Space.STEWARD_2, Space.STEWARD_3),
    "diplomats": (Space.DIPLOMAT_1, Space.DIPLOMAT_2),
    "outside": (Space.OUTSIDE_LEFT, Space.OUTSIDE_RIGHT),
}
"""The three zones and their positions, left to right. Rule: GINKGO.ZONES."""

GINKGO_TIME: Final = {Difficulty.EASY: 1, Difficulty.MEDIUM: 2, Difficulty.HARD: 3}
"""The bot's Passage of Time space by difficulty. Rule: GINKGO.SETUP."""


class Gingkogawa(Rival):
    """The Gingkogawa bot: first in the first round, its own Passage of Time start, its turn, its two extra
    courtier rules."""

    kind: ClassVar[RivalKind] = RivalKind.GINGKOGAWA
    start_rules: ClassVar[tuple[str, ...]] = (
        "GINKGO.SETUP",
        "RULING.GINKGO_SETUP_CP",
        "SOLO.SETUP.NO_DOMAIN",
    )

    def first_order(self, setup: Setup) -> tuple[int, ...]:
        """The bot is always first in the first round. Rule: GINKGO.SETUP."""
        return (RIVAL, PLAYER)

    def readings(self, setup: Setup) -> tuple[tuple[str, str], ...]:
        """Which Stewards' rooms hold a pair. Rule: READING.GINKGO_PAIR_COLOUR."""
        assert setup.solo is not None
        return (*super().readings(setup), ("READING.GINKGO_PAIR_COLOUR", setup.solo.pair_colour))

    def start_time(self, difficulty: Difficulty) -> int:
        """Space 1, 2 or 3 by difficulty. Rule: GINKGO.SETUP."""
        return GINKGO_TIME[difficulty]

    def turn(self, state: State, clan: int) -> State:
        """Begin the bot's turn (it runs as a frame: it may wait for a reshuffle).
        Rule: GINKGO.TURN.FIND_DIE."""
        state = emit(state, ev.TurnStarted(round=state.round, turn=state.turn + 1, clan=clan))
        state = replace(state, turn=state.turn + 1)
        return push(state, BotTurnFrame(clan))

    def no_courtier_left(self, state: State, clan: int, icon: RivalIcon) -> State:
        """A Courtier-to-the-Gate icon with no courtier left moves the lowest courtier up 1 instead.
        Rule: GINKGO.EXTRA.GATE_NO_COURTIER."""
        up = ev.CourtierInstead(
            clan=clan, icon=icon, instead=(ClimbUp(1),), rules=("GINKGO.EXTRA.GATE_NO_COURTIER",)
        )
        return climb(emit(state, up), clan, icon, 1)

    def climb_icon(self, state: State, clan: int, icon: RivalIcon, floors: int) -> State:
        """A climb with no courtier in the castle (none at the Gate or on floors 1-2) places one at the
        Gate instead; a climb 2 then moves it to the 1st floor (the player chooses the room).
        Rules: GINKGO.EXTRA.COURTIER_MOVE, RULING.GINKGO_NO_COURTIER."""
        holder = state.clans[clan]
        inside = any(holder.courtiers[f] for f in (Floor.GATE, Floor.STEWARDS, Floor.DIPLOMATS))
        if inside or members_left(holder, Member.COURTIER) == 0:
            return climb(state, clan, icon, floors)
        instead: tuple[RivalIcon, ...] = (
            (CourtierToGate(), ClimbUp(1)) if floors == 2 else (CourtierToGate(),)
        )
        state = emit(state, ev.CourtierInstead(clan=clan, icon=ClimbUp(floors), instead=instead))
        rules = ("GINKGO.EXTRA.COURTIER_MOVE", "SOLO.GOLDEN.NEVER_PAYS")
        state = with_clan(state, clan, courtier_to_gate(holder))
        state = emit(state, ev.CourtierAtGate(clan=clan, coins=0, rules=rules))
        if floors == 1:
            return state
        state = with_clan(state, clan, move_courtiers(state.clans[clan], Floor.GATE, Floor.STEWARDS))
        climbed = ev.CourtierClimbed(clan=clan, start=Floor.GATE, end=Floor.STEWARDS, pearl=0, rules=rules)
        return push(state, RivalRoomFrame(clan, int(Floor.STEWARDS)), events=(climbed,))


GINGKOGAWA: Final = Gingkogawa()
"""The Gingkogawa bot's rules."""


def zone_of(space: Space) -> tuple[Zone, int] | None:
    """The zone and position (0-based) a card's shown space stands for; None for the Well.
    Rules: GINKGO.ZONES, RULING.GINKGO_WELL_CARD."""
    for name, spaces in ZONES.items():
        if space in spaces:
            return name, spaces.index(space)
    return None


def is_free(state: State, clan: int, space: Space) -> bool:
    """A space is free when no die is on it this round (at 2 players nothing stacks).
    Rule: RULING.GINKGO_FREE_ROOM."""
    return not dice_on(state, clan, space)


def from_position(spaces: tuple[Space, ...], start: int) -> tuple[Space, ...]:
    """The zone's positions from ``start`` rightwards, wrapping to the left. Rule: GINKGO.WRAP.

    pre: len(spaces) <= 3
    pre: 0 <= start < len(spaces)
    post: len(__return__) == len(spaces)
    post: __return__[0] == spaces[start]
    post: all(__return__[k] == spaces[(start + k) % len(spaces)] for k in range(len(spaces)))
    """
    return spaces[start:] + spaces[:start]


def pair_rooms(state: State, spaces: tuple[Space, ...], start: int, die: Colour) -> list[Space]:
    """Stewards' rooms with two die tiles of the same colour (of the die's colour under the "die"
    reading), in search order from the shown position. Rules: GINKGO.STEWARDS.PAIR,
    READING.GINKGO_PAIR_COLOUR."""
    solo = state.setup.solo
    assert solo is not None
    out: list[Space] = []
    rooms = board(state).rooms
    for space in from_position(spaces, start):
        tiles = Counter(rooms[spaces.index(space)].tiles)
        if solo.pair_colour == "die":
            if tiles[die] >= 2:
                out.append(space)
        elif any(n >= 2 for n in tiles.values()):
            out.append(space)
    return out


def card_icons(card: SoloCard) -> tuple[RivalIcon, ...]:
    """All of a card's actions: top half then bottom half. Rules: GINKGO.SHOWN_POSITION,
    RULING.GINKGO_HALVES."""
    return card.top + card.bottom


def half(card: SoloCard, die: int) -> tuple[RivalIcon, ...]:
    """The top half for an odd die, the bottom half for an even die. Rules: GINKGO.HALF,
    RULING.GINKGO_HALVES."""
    return card.top if die % 2 == 1 else card.bottom


def bonus(difficulty: Difficulty, round_number: int) -> tuple[RivalIcon, ...]:
    """Influence and Clan Points of a bonus: 1 each on Easy, the round number each on Normal (the
    Stewards' pair bonus) or Hard (the full-zone bonus). Rules: GINKGO.BONUS, GINKGO.FULL_ZONE."""
    n = 1 if difficulty is Difficulty.EASY else round_number
    return (Influence(n), Gain(GainKind.CP, n))


# ---- the turn ----------------------------------------------------------------------------------


def _reshuffle(state: State, frame: BotTurnFrame) -> State:
    """The deck ran out: the discard pile (or, when it is empty too, the cards flipped this turn but
    the last) is reshuffled under it, a chance decision. Rules: GINKGO.DISCARD,
    RULING.GINKGO_EMPTY_DISCARD."""
    pool = state.solo_discard if state.solo_discard else frame.flipped[:-1]
    if not pool:
        raise RulesGap("GINKGO.DISCARD", "the deck and the discard pile are both empty: nothing to draw")
    rules = ("GINKGO.DISCARD",) if state.solo_discard else ("GINKGO.DISCARD", "RULING.GINKGO_EMPTY_DISCARD")
    ran_out = ev.DeckRanOut(clan=frame.clan, cards=pool, from_discard=bool(state.solo_discard), rules=rules)
    state = emit(state, ran_out)
    if state.solo_discard:
        state = replace(state, solo_discard=())
    else:
        flipped = frame.flipped[-1:]
        state = set_top(state, replace(frame, flipped=flipped))
    return push(state, ShuffleFrame(pool))


def shuffle_act(state: State, frame: ShuffleFrame, outcome: Shuffle) -> State:
    """Put the reshuffled cards under the deck. Raises IllegalAction (GINKGO.DISCARD) unless the
    outcome is an ordering of the pool."""
    check_shuffle(frame.pool, outcome)
    state = emit(state, ev.Reshuffled(clan=RIVAL, order=outcome.order))
    return replace(pop(state), solo_deck=state.solo_deck + outcome.order)


def turn_run(state: State, frame: BotTurnFrame) -> State:
    """Advance the bot's turn until it ends or waits for a reshuffle."""
    by_id = cards(state)
    guard = 2 * len(by_id) + 2  # RULING.GINKGO_EMPTY_DISCARD: give up after 2N + 3 fruitless flips
    while True:
        if frame.stage == "flip":
            if frame.flips > guard:
                raise RulesGap(
                    "GINKGO.TURN.FIND_DIE",
                    f"{frame.flips} cards flipped and none names a bridge slot that holds a die",
                )
            if not state.solo_deck:
                return _reshuffle(state, frame)
            frame = replace(
                frame, flipped=(*frame.flipped, state.solo_deck[0]), stage="check", flips=frame.flips + 1
            )
            state = set_top(replace(state, solo_deck=state.solo_deck[1:]), frame)
            continue
        if frame.stage == "check":
            if not state.solo_deck:
                return _reshuffle(state, frame)
            top = by_id[state.solo_deck[0]]
            bridge = board(state).bridges[COLOURS.index(top.bridge)]
            found = slot_die(bridge, top.slot) is not None
            flip = ev.CardFlipped(
                clan=frame.clan,
                card=frame.flipped[-1],
                top=top.id,
                bridge=top.bridge,
                slot=top.slot,
                found=found,
                rules=("GINKGO.TURN.FIND_DIE", "SOLO.TURN.FIND_DIE"),
            )
            state = emit(state, flip)
            if not found:
                frame = replace(frame, stage="flip")
                state = set_top(state, frame)
                continue
            return _place(state, frame, top)
        # stage "extra": the Hard bonus reveals the card now on top, the one that named the die,
        # which is always there at this point (RULING.GINKGO_HARD_NO_CARD)
        extra = by_id[state.solo_deck[0]]
        state = replace(state, solo_deck=state.solo_deck[1:])
        state = emit(state, ev.HardBonusCard(clan=frame.clan, card=extra.id))
        frame = replace(frame, flipped=(*frame.flipped, extra.id), icons=frame.icons + card_icons(extra))
        return _finish(state, frame, frame.flipped[-2:], ("GINKGO.BONUS", "GINKGO.STEWARDS.PAIR"))


def _place(state: State, frame: BotTurnFrame, top: SoloCard) -> State:
    """Take the named die and place it by the zone search; queue the actions.
    Rules: GINKGO.STEWARDS.PAIR, GINKGO.SHOWN_POSITION, GINKGO.WRAP, GINKGO.FULL_ZONE, GINKGO.BONUS,
    GINKGO.HALF, RULING.GINKGO_WELL_CARD."""
    solo = state.setup.solo
    assert solo is not None
    clan = frame.clan
    last = cards(state)[frame.flipped[-1]]
    value = slot_die(board(state).bridges[COLOURS.index(top.bridge)], top.slot)
    assert value is not None  # the card now on top names a die that is there (GINKGO.TURN.FIND_DIE)
    target, why, state = _search(state, clan, top)
    icons: tuple[RivalIcon, ...] = ()
    extra: tuple[RivalIcon, ...] = ()
    half_read: Literal["top", "bottom"] | None = None
    stage: BotStage = "done"
    used: tuple[str, ...] = (last.id,)
    if why == "pair":
        if solo.difficulty is Difficulty.HARD:
            stage = "extra"
        else:
            extra = bonus(solo.difficulty, state.round)
        icons = card_icons(last) + extra
    elif why in ("shown", "wrap"):
        icons = card_icons(last)
    elif solo.difficulty is Difficulty.EASY:
        extra = icons = bonus(Difficulty.EASY, state.round)
        used = ()
    else:
        level = Difficulty.EASY if solo.difficulty is Difficulty.MEDIUM else Difficulty.HARD
        extra = bonus(level, state.round)
        half_read = "top" if value % 2 else "bottom"
        icons = extra + half(last, value)
    rules = _TARGET_RULES[why] + (("GINKGO.HALF", "RULING.GINKGO_HALVES") if half_read else ())
    state = emit(
        state,
        ev.BotTarget(
            clan=clan, card=last.id, space=target, why=why, bonus=extra, half=half_read, rules=rules
        ),
    )
    state = GINGKOGAWA.place(state, clan, top, target, "GINKGO.ZONES")
    frame = replace(frame, icons=icons, stage=stage)
    if stage == "extra":
        return turn_run(set_top(state, frame), frame)
    return _finish(state, frame, used, rules)


_TARGET_RULES: dict[ev.BotWhy, tuple[str, ...]] = {
    "pair": ("GINKGO.STEWARDS.PAIR", "GINKGO.BONUS"),
    "shown": ("GINKGO.SHOWN_POSITION",),
    "wrap": ("GINKGO.WRAP",),
    "full": ("GINKGO.FULL_ZONE",),
    "well_card": ("RULING.GINKGO_WELL_CARD", "GINKGO.FULL_ZONE"),
}
"""The rules a placement of the bot applies, by why its die went there."""


def _search(state: State, clan: int, top: SoloCard) -> tuple[Space, ev.BotWhy, State]:
    """Where the die goes: the zone's positions from the shown one (a free Stewards' room with a pair of
    die tiles first), the next free one, or the Well; with the events of the search.
    Rules: GINKGO.ZONES, GINKGO.STEWARDS.PAIR, GINKGO.SHOWN_POSITION, GINKGO.WRAP, GINKGO.FULL_ZONE,
    RULING.GINKGO_FREE_ROOM, RULING.GINKGO_WELL_CARD, READING.GINKGO_PAIR_COLOUR."""
    zone = zone_of(top.space)
    if zone is None:
        return Space.WELL, "well_card", state
    name, position = zone
    spaces = ZONES[name]
    order = from_position(spaces, position)
    taken = tuple(s for s in order if not is_free(state, clan, s))
    state = emit(state, ev.BotZone(clan=clan, shown=top.space, order=order, taken=taken))
    if name == "stewards":
        with_pair = set(pair_rooms(state, spaces, position, top.bridge))
        checked: list[tuple[Space, ev.PairVerdict]] = []
        for space in order:
            verdict: ev.PairVerdict = (
                "taken" if space in taken else "fits" if space in with_pair else "no_pair"
            )
            checked.append((space, verdict))
            if verdict == "fits":
                break
        solo = state.setup.solo
        assert solo is not None
        search = ev.PairSearch(
            clan=clan,
            colour=top.bridge,
            pair_colour=solo.pair_colour,
            checked=tuple(checked),
            rules=("GINKGO.STEWARDS.PAIR", "READING.GINKGO_PAIR_COLOUR"),
        )
        state = emit(state, search)
        if checked[-1][1] == "fits":
            return checked[-1][0], "pair", state
    free = [s for s in order if s not in taken]
    if not free:
        return Space.WELL, "full", state
    return free[0], "shown" if free[0] is spaces[position] else "wrap", state


def _finish(state: State, frame: BotTurnFrame, used: tuple[str, ...], rules: tuple[str, ...]) -> State:
    """Used cards go to the discard pile; then the queued icons (from the cards ``used``, by the
    ``rules`` of where the die went). Rules: GINKGO.DISCARD, SOLO.TURN.ACT."""
    state = replace(pop(state), solo_discard=state.solo_discard + frame.flipped, rival_row=frame.flipped)
    state = emit(
        state,
        ev.RivalActs(clan=frame.clan, cards=used, icons=frame.icons, rules=(*rules, "SOLO.TURN.ACT")),
        ev.CardsDiscarded(clan=frame.clan, cards=frame.flipped),
    )
    return push(state, RivalIconsFrame(frame.clan, frame.icons))
