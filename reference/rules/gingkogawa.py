"""The Gingkogawa Clan bot (a community sheet credited to MCLof): the rival reads its Solitaire cards
as three zones and chooses castle rooms by a fixed search.

What it shares with the Tokugawa rival (finding a die by the card now on top, taking a slot, doing
icons, undoable actions scoring the round, the end-of-round hand-in and gardens, scoring) comes from
:mod:`reference.rules.rival`. Only the placement search, the bonuses, the card halves, the two extra
courtier rules and the discard pile are here.

Rules: GINKGO.SETUP, GINKGO.ZONES, GINKGO.TURN.FIND_DIE, GINKGO.STEWARDS.PAIR, GINKGO.SHOWN_POSITION,
GINKGO.WRAP, GINKGO.FULL_ZONE, GINKGO.BONUS, GINKGO.HALF, GINKGO.EXTRA.COURTIER_MOVE,
GINKGO.EXTRA.GATE_NO_COURTIER, GINKGO.DISCARD, RULING.GINKGO_FREE_ROOM, RULING.GINKGO_HALVES,
RULING.GINKGO_HARD_NO_CARD, RULING.GINKGO_EMPTY_DISCARD, RULING.GINKGO_WELL_CARD,
RULING.GINKGO_SETUP_CP, RULING.GINKGO_ROUND_SHUFFLE, RULING.GINKGO_NO_COURTIER (the extra courtier
rules live in reference.rules.rival.do_icon),
READING.GINKGO_PAIR_COLOUR.
"""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from reference.errors import IllegalAction, RulesGap
from reference.model import (
    COLOURS,
    BotTurnFrame,
    Colour,
    Die,
    Difficulty,
    Gain,
    GainKind,
    Influence,
    RivalIcon,
    RivalIconsFrame,
    Shuffle,
    ShuffleFrame,
    SoloCard,
    Space,
    State,
)
from reference.rules import holdings
from reference.rules.common import amount, board, clan_name, log, pop, push, set_top, with_board, with_clan
from reference.rules.placement import SPACE_NAMES, SPACE_VALUE, dice_on, put_die
from reference.rules.rival import cards, slot_die, take_slot

ZONES: dict[str, tuple[Space, ...]] = {
    "Stewards' floor": (Space.STEWARD_1, Space.STEWARD_2, Space.STEWARD_3),
    "Diplomats' floor": (Space.DIPLOMAT_1, Space.DIPLOMAT_2),
    "Outside the Walls": (Space.OUTSIDE_LEFT, Space.OUTSIDE_RIGHT),
}
"""The three zones and their positions, left to right. Rule: GINKGO.ZONES."""


def zone_of(space: Space) -> tuple[str, int] | None:
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


def start_turn(state: State, clan: int) -> State:
    """Begin the bot's turn. Rule: GINKGO.TURN.FIND_DIE."""
    state = log(state, f"— Round {state.round} · turn {state.turn + 1} · {clan_name(clan)} (Gingkogawa) —")
    state = replace(state, turn=state.turn + 1)
    return push(state, BotTurnFrame(clan))


def _reshuffle(state: State, frame: BotTurnFrame) -> State:
    """The deck ran out: the discard pile (or, when it is empty too, the cards flipped this turn but
    the last) is reshuffled under it, a chance decision. Rules: GINKGO.DISCARD,
    RULING.GINKGO_EMPTY_DISCARD."""
    pool = state.solo_discard if state.solo_discard else frame.flipped[:-1]
    if not pool:
        raise RulesGap("GINKGO.DISCARD", "the deck and the discard pile are both empty: nothing to draw")
    state = log(state, f"the bot's deck ran out: {len(pool)} card(s) are reshuffled")
    if state.solo_discard:
        state = replace(state, solo_discard=())
    else:
        flipped = frame.flipped[-1:]
        state = set_top(state, replace(frame, flipped=flipped))
    return push(state, ShuffleFrame(pool))


def shuffle_act(state: State, frame: ShuffleFrame, outcome: Shuffle) -> State:
    """Put the reshuffled cards under the deck. Raises IllegalAction (GINKGO.DISCARD) unless the
    outcome is an ordering of the pool."""
    if Counter(outcome.order) != Counter(frame.pool):
        raise IllegalAction("GINKGO.DISCARD", f"the reshuffle must order exactly {sorted(frame.pool)}")
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
            if slot_die(bridge, top.slot) is None:
                state = log(
                    state,
                    f"{clan_name(frame.clan)} (Gingkogawa) flips {frame.flipped[-1]}: {top.id} now on top names the {top.slot.value} die "
                    f"of the {top.bridge.value} bridge, which is not there: flips again",
                )
                frame = replace(frame, stage="flip")
                state = set_top(state, frame)
                continue
            return _place(state, frame, top)
        # stage "extra": the Hard bonus reveals the card now on top, the one that named the die,
        # which is always there at this point (RULING.GINKGO_HARD_NO_CARD)
        extra = by_id[state.solo_deck[0]]
        state = replace(state, solo_deck=state.solo_deck[1:])
        state = log(state, f"Hard bonus: the bot reveals {extra.id} and does its actions too")
        frame = replace(frame, flipped=(*frame.flipped, extra.id), icons=frame.icons + card_icons(extra))
        return _finish(state, frame)


def _place(state: State, frame: BotTurnFrame, top: SoloCard) -> State:
    """Take the named die and place it by the zone search; queue the actions.
    Rules: GINKGO.STEWARDS.PAIR, GINKGO.SHOWN_POSITION, GINKGO.WRAP, GINKGO.FULL_ZONE, GINKGO.BONUS,
    GINKGO.HALF."""
    solo = state.setup.solo
    assert solo is not None
    clan = frame.clan
    by_id = cards(state)
    last = by_id[frame.flipped[-1]]
    state = log(
        state,
        f"{clan_name(clan)} (Gingkogawa) flips {frame.flipped[-1]}: {top.id} now on top names the "
        f"{top.slot.value} die of the {top.bridge.value} bridge, which is there: the search stops "
        f"(cards flipped: {', '.join(frame.flipped)})",
    )
    b = board(state)
    bi = COLOURS.index(top.bridge)
    value, bridge = take_slot(b.bridges[bi], top.slot)
    state = with_board(state, replace(b, bridges=(*b.bridges[:bi], bridge, *b.bridges[bi + 1 :])))
    zone = zone_of(top.space)
    icons: tuple[RivalIcon, ...]
    stage = "done"
    target: Space | None = None
    if zone is None:
        state = log(state, f"{top.id} shows the Well: the die goes to the Well as for a full zone")
    else:
        name, position = zone
        spaces = ZONES[name]
        order = from_position(spaces, position)
        state = log(
            state,
            f"zone {name}, shown position {position + 1}; rooms in search order: "
            + ", ".join(f"{SPACE_NAMES[s]}{'' if is_free(state, clan, s) else ' (taken)'}" for s in order),
        )
        if name == "Stewards' floor":
            with_pair = set(pair_rooms(state, spaces, position, top.bridge))
            what = "of the die's colour" if solo.pair_colour == "die" else "of one colour"
            notes: list[str] = []
            for space in order:
                if not is_free(state, clan, space):
                    notes.append(f"{SPACE_NAMES[space]} is taken")
                elif space not in with_pair:
                    notes.append(f"{SPACE_NAMES[space]} has no two die tiles {what}")
                else:
                    target = space
                    break
            state = log(
                state, "Stewards' pair search: " + ("; ".join(notes) if notes else "the first room fits")
            )
            if target is not None:
                extra: tuple[RivalIcon, ...] = ()
                if solo.difficulty is Difficulty.HARD:
                    stage = "extra"
                    state = log(
                        state,
                        f"{SPACE_NAMES[target]} is free with two die tiles of one colour: Hard bonus follows",
                    )
                else:
                    extra = bonus(solo.difficulty, state.round)
                    state = log(
                        state,
                        f"{SPACE_NAMES[target]} is free with two die tiles of one colour: bonus "
                        f"{extra[0].n if isinstance(extra[0], Influence) else 0} Influence and CP",
                    )
                icons = card_icons(last) + extra
        if target is None and zone is not None:
            name, position = zone
            spaces = ZONES[name]
            free = [s for s in from_position(spaces, position) if is_free(state, clan, s)]
            if free:
                target = free[0]
                if target is spaces[position]:
                    state = log(state, f"the shown position, {SPACE_NAMES[target]}, is free")
                else:
                    state = log(
                        state, f"the shown position is taken: the search wraps to {SPACE_NAMES[target]}"
                    )
                icons = card_icons(last)
    if target is None:
        target = Space.WELL
        parity = "odd" if value % 2 else "even"
        if solo.difficulty is Difficulty.EASY:
            icons = bonus(Difficulty.EASY, state.round)
            state = log(state, "the zone is full: the die goes to the Well; Easy: 1 Influence and 1 CP")
        else:
            level = Difficulty.EASY if solo.difficulty is Difficulty.MEDIUM else Difficulty.HARD
            icons = bonus(level, state.round) + half(last, value)
            state = log(
                state,
                f"the zone is full: the die goes to the Well; the bonus, then the "
                f"{'top' if value % 2 else 'bottom'} half of {last.id} (the die is {parity})",
            )
    state = with_board(state, put_die(board(state), target, Die(top.bridge, value, clan)))
    gained = max(0, value - SPACE_VALUE[target])
    state = with_clan(state, clan, holdings.gain(state.clans[clan], GainKind.COIN, gained))
    state = log(
        state,
        f"{clan_name(clan)} (Gingkogawa) places the {top.bridge.value} {value} on "
        f"{SPACE_NAMES[target]}: gains {amount(gained, 'coin')}",
    )
    frame = replace(frame, icons=icons, stage=stage)
    if stage == "extra":
        return turn_run(set_top(state, frame), frame)
    return _finish(state, frame)


def _finish(state: State, frame: BotTurnFrame) -> State:
    """Used cards go to the discard pile; then the queued icons. Rule: GINKGO.DISCARD."""
    state = replace(pop(state), solo_discard=state.solo_discard + frame.flipped, rival_row=frame.flipped)
    return push(state, RivalIconsFrame(frame.clan, frame.icons))
