"""A turn: take a die from an end of a bridge, place it on a space, settle the coin difference,
activate the Lantern for a left-end die, then resolve the space.

Rules: TURN.SEQUENCE, PLACE.COIN_DIFFERENCE, PLACE.MUST_PAY, PLACE.NO_STACK_2P, PLACE.STACK_3_4P,
PLACE.WELL_ONE, PLACE.WELL_ALWAYS_LEGAL, CASTLE.STEWARD_VALUE, CASTLE.DIPLOMAT_VALUE,
CASTLE.COLOUR_MATCH, CASTLE.EVERY_MATCHING_ROW, CASTLE.NO_DAIMYO_DIE, OUTSIDE.VALUE, OUTSIDE.CHOICES,
WELL.VALUE, WELL.REWARD, DOMAIN.VALUE, DOMAIN.COLOUR_LOCK, DOMAIN.ONE_DIE, BRIDGE.LANTERN_LEFT.
"""

from __future__ import annotations

from msgspec.structs import replace

from reference.model import (
    COLOURS,
    DOMAIN_SPACES,
    SPACES,
    BlockRef,
    Board,
    Colour,
    Die,
    EffectsFrame,
    End,
    GainKind,
    Member,
    OutsideFrame,
    PlaceDie,
    Slot,
    Space,
    State,
)
from reference.model import events as ev
from reference.rules import bridges, holdings
from reference.rules.common import amount, board, clan_name, emit, push, with_board, with_clan
from reference.rules.effects import domain_line, lantern, well

SPACE_VALUE = {
    Space.STEWARD_1: 3,
    Space.STEWARD_2: 3,
    Space.STEWARD_3: 3,
    Space.DIPLOMAT_1: 4,
    Space.DIPLOMAT_2: 4,
    Space.OUTSIDE_LEFT: 5,
    Space.OUTSIDE_RIGHT: 5,
    Space.WELL: 1,
    Space.DOMAIN_CORAL: 6,
    Space.DOMAIN_BLACK: 6,
    Space.DOMAIN_WHITE: 6,
}
"""Printed value of each space. Rules: CASTLE.STEWARD_VALUE, CASTLE.DIPLOMAT_VALUE, OUTSIDE.VALUE,
WELL.VALUE, DOMAIN.VALUE."""

SPACE_NAMES = {
    Space.STEWARD_1: "Stewards' room 1",
    Space.STEWARD_2: "Stewards' room 2",
    Space.STEWARD_3: "Stewards' room 3",
    Space.DIPLOMAT_1: "Diplomats' room 1",
    Space.DIPLOMAT_2: "Diplomats' room 2",
    Space.OUTSIDE_LEFT: "Outside the Walls (left)",
    Space.OUTSIDE_RIGHT: "Outside the Walls (right)",
    Space.WELL: "the Well",
    Space.DOMAIN_CORAL: "its coral Domain line",
    Space.DOMAIN_BLACK: "its black Domain line",
    Space.DOMAIN_WHITE: "its white Domain line",
}
"""The game's names of the spaces, for logs and messages."""

ROOM_INDEX = {
    Space.STEWARD_1: 0,
    Space.STEWARD_2: 1,
    Space.STEWARD_3: 2,
    Space.DIPLOMAT_1: 3,
    Space.DIPLOMAT_2: 4,
}
OUTSIDE_INDEX = {Space.OUTSIDE_LEFT: 0, Space.OUTSIDE_RIGHT: 1}
OUTSIDE_CHOICES = {
    0: (Member.GARDENER, Member.COURTIER),
    1: (Member.WARRIOR, Member.COURTIER),
}
"""Left space: Gardener or Courtier action; right space: Warrior or Courtier. Rule: OUTSIDE.CHOICES."""


def capacity(players: int, space: Space) -> int | None:
    """Dice a space holds in one round (None: no limit). At 1-2 players nothing stacks; at 3-4 a castle
    room or Outside space takes a second die; a Domain line holds one; the Well is unlimited.
    Rules: PLACE.NO_STACK_2P, PLACE.STACK_3_4P, DOMAIN.ONE_DIE, WELL.VALUE."""
    if space is Space.WELL:
        return None
    if space in DOMAIN_SPACES:
        return 1
    return 1 if players <= 2 else 2


def dice_on(state: State, clan: int, space: Space) -> tuple[Die, ...]:
    """The dice on a space this round (a Domain line: the clan's own)."""
    b = board(state)
    if space in ROOM_INDEX:
        return b.rooms[ROOM_INDEX[space]].dice
    if space in OUTSIDE_INDEX:
        return b.outside[OUTSIDE_INDEX[space]]
    if space is Space.WELL:
        return b.well
    line = COLOURS.index(DOMAIN_SPACES[space])
    value = state.clans[clan].domain_dice[line]
    return () if value is None else (Die(DOMAIN_SPACES[space], value, clan),)


def covered_value(state: State, clan: int, space: Space) -> int:
    """The value a new die is compared against: the printed value, or the die it covers (3-4 players).
    The Well always compares against its printed 1. Rules: PLACE.COIN_DIFFERENCE, PLACE.STACK_3_4P,
    PLACE.WELL_ONE."""
    if space is Space.WELL:
        return SPACE_VALUE[space]
    dice = dice_on(state, clan, space)
    return dice[-1].value if dice else SPACE_VALUE[space]


def coin_difference(die: int, covered: int) -> int:
    """Coins gained (positive) or owed (negative) for placing ``die`` over ``covered``.
    Rule: PLACE.COIN_DIFFERENCE.

    pre: 1 <= die <= 6
    pre: 1 <= covered <= 6
    post: __return__ == die - covered
    """
    return die - covered


def why_not(
    state: State, clan: int, action: PlaceDie, *, any_colour: bool = False, free: bool = False
) -> tuple[str, str] | None:
    """The (rule ID, reason) that forbids this placement, or None when it is legal. ``any_colour`` and
    ``free`` relax the colour match and the payment (the solo rival's golden rules).
    Rules: BRIDGE.ENDS_ONLY, PLACE.NO_STACK_2P, PLACE.STACK_3_4P, DOMAIN.ONE_DIE, CASTLE.COLOUR_MATCH,
    DOMAIN.COLOUR_LOCK, PLACE.MUST_PAY."""
    b = board(state)
    bridge = b.bridges[COLOURS.index(action.bridge)]
    die = bridges.end_value(bridge, action.end)
    if die is None:
        return (
            "BRIDGE.ENDS_ONLY",
            f"the {action.end.value} end of the {action.bridge.value} bridge holds no die",
        )
    space = action.space
    limit = capacity(state.setup.players, space)
    held = len(dice_on(state, clan, space))
    if limit is not None and held >= limit:
        rule = (
            "DOMAIN.ONE_DIE"
            if space in DOMAIN_SPACES
            else ("PLACE.NO_STACK_2P" if state.setup.players <= 2 else "PLACE.STACK_3_4P")
        )
        return rule, f"{SPACE_NAMES[space]} already holds {held} die/dice this round (limit {limit})"
    if space in ROOM_INDEX and not any_colour:
        tiles = b.rooms[ROOM_INDEX[space]].tiles
        if action.bridge not in tiles:
            shown = ", ".join(sorted({t.value for t in tiles}))
            return (
                "CASTLE.COLOUR_MATCH",
                f"a {action.bridge.value} die cannot enter {SPACE_NAMES[space]} (tiles: {shown})",
            )
    if space in DOMAIN_SPACES and DOMAIN_SPACES[space] is not action.bridge:
        return (
            "DOMAIN.COLOUR_LOCK",
            f"the {DOMAIN_SPACES[space].value} Domain line takes only {DOMAIN_SPACES[space].value} dice",
        )
    owed = -coin_difference(die, covered_value(state, clan, space))
    if not free and owed > state.clans[clan].coins:
        return (
            "PLACE.MUST_PAY",
            f"a {die} on {SPACE_NAMES[space]} costs {amount(owed, 'coin')}; "
            f"{clan_name(clan)} holds {state.clans[clan].coins}",
        )
    return None


def place_options(state: State, clan: int) -> tuple[PlaceDie, ...]:
    """Every legal placement for the clan: each takeable end of each bridge, each space that takes
    the die and whose difference the clan can pay (the same verdicts as :func:`why_not`, computed
    space by space once). Rules: TURN.SEQUENCE, PLACE.MUST_PAY."""
    b = board(state)
    players = state.setup.players
    coins = state.clans[clan].coins
    open_spaces: list[tuple[Space, frozenset[Colour] | None, int]] = []
    for space in SPACES:
        limit = capacity(players, space)
        if limit is not None and len(dice_on(state, clan, space)) >= limit:
            continue
        allowed: frozenset[Colour] | None = None
        if space in ROOM_INDEX:
            allowed = frozenset(b.rooms[ROOM_INDEX[space]].tiles)
        elif space in DOMAIN_SPACES:
            allowed = frozenset((DOMAIN_SPACES[space],))
        open_spaces.append((space, allowed, covered_value(state, clan, space)))
    out: list[PlaceDie] = []
    for bridge in b.bridges:
        for end in (End.LEFT, End.RIGHT):
            die = bridges.end_value(bridge, end)
            if die is None:
                continue
            for space, allowed, covered in open_spaces:
                if allowed is not None and bridge.colour not in allowed:
                    continue
                if covered - die > coins:
                    continue
                out.append(PlaceDie(bridge.colour, end, space))
    return tuple(out)


def take_and_place(state: State, clan: int, action: PlaceDie, *, pays: bool = True) -> tuple[State, int]:
    """Take the die from its bridge, put it on the space and settle the coin difference (no payment
    when ``pays`` is False: the solo rival). Returns the new state and the die value.
    Rules: BRIDGE.SLIDE, PLACE.COIN_DIFFERENCE."""
    b = board(state)
    index = COLOURS.index(action.bridge)
    value, bridge = bridges.take(b.bridges[index], action.end)
    covered = covered_value(state, clan, action.space)
    die = Die(action.bridge, value, clan)
    b = replace(b, bridges=(*b.bridges[:index], bridge, *b.bridges[index + 1 :]))
    state = with_board(state, put_die(b, action.space, die))
    holder = state.clans[clan]
    if action.space in DOMAIN_SPACES:
        line = COLOURS.index(DOMAIN_SPACES[action.space])
        dice = list(holder.domain_dice)
        dice[line] = value
        holder = replace(holder, domain_dice=(dice[0], dice[1], dice[2]))
    diff = coin_difference(value, covered)
    if diff > 0:
        holder = holdings.gain(holder, GainKind.COIN, diff)
    elif diff < 0 and pays:
        holder = holdings.pay(holder, GainKind.COIN, -diff)
    state = with_clan(state, clan, holder)
    placed = ev.DiePlaced(
        clan=clan,
        colour=action.bridge,
        slot=Slot(action.end.value),
        value=value,
        space=action.space,
        covered=covered,
        coins=diff if diff > 0 or pays else 0,
    )
    return emit(state, placed), value


def put_die(b: Board, space: Space, die: Die) -> Board:
    """The board with ``die`` on a castle room, an Outside space or the Well (Domain dice live on the
    clan's own board)."""
    if space in ROOM_INDEX:
        i = ROOM_INDEX[space]
        room = b.rooms[i]
        return replace(b, rooms=(*b.rooms[:i], replace(room, dice=(*room.dice, die)), *b.rooms[i + 1 :]))
    if space in OUTSIDE_INDEX:
        i = OUTSIDE_INDEX[space]
        return replace(b, outside=(*b.outside[:i], (*b.outside[i], die), *b.outside[i + 1 :]))
    if space is Space.WELL:
        return replace(b, well=(*b.well, die))
    return b  # Domain dice live on the clan's own board


def place(state: State, clan: int, action: PlaceDie) -> State:
    """A player's placement: take, place, pay or gain, Lantern for a left-end die, then the space's
    effects. Rules: TURN.SEQUENCE, BRIDGE.LANTERN_LEFT, LANTERN.TRIGGER."""
    state, _ = take_and_place(state, clan, action)
    state = resolve_space(state, clan, action.space, action.bridge)
    if bridges.fires_lantern(action.end):
        # pushed last: resolves before the space (TURN.SEQUENCE)
        state = lantern(state, clan, "BRIDGE.LANTERN_LEFT")
    return state


def matching_blocks(state: State, space: Space, colour: Colour) -> tuple[BlockRef, ...]:
    """Every block of the room's card whose die tile has the die's colour. Rule: CASTLE.EVERY_MATCHING_ROW."""
    room = board(state).rooms[ROOM_INDEX[space]]
    assert room.card is not None
    return tuple(BlockRef(room.card, b) for b, tile in enumerate(room.tiles) if tile is colour)


def resolve_space(state: State, clan: int, space: Space, colour: Colour) -> State:
    """Push the effects of the space a die was placed on. Rules: CASTLE.EVERY_MATCHING_ROW,
    OUTSIDE.CHOICES, WELL.REWARD, DOMAIN.REWARDS, DOMAIN.CARD_BLOCK."""
    if space in ROOM_INDEX:
        blocks = matching_blocks(state, space, colour)
        room = ROOM_INDEX[space]
        card = board(state).rooms[room].card
        assert card is not None
        matched = ev.RowsMatched(
            clan=clan, room=room, card=card, colour=colour, blocks=tuple(b.block for b in blocks)
        )
        return push(emit(state, matched), EffectsFrame(clan, blocks))
    if space in OUTSIDE_INDEX:
        return push(state, OutsideFrame(clan, OUTSIDE_CHOICES[OUTSIDE_INDEX[space]]))
    if space is Space.WELL:
        return well(state, clan, "WELL.REWARD")
    return domain_line(state, clan, DOMAIN_SPACES[space], "DOMAIN.VALUE")
