"""A turn: take a die from an end of a bridge, place it on a space, settle the coin difference,
activate the Lantern for a left-end die, then resolve the space.

Rules: TURN.SEQUENCE, PLACE.COIN_DIFFERENCE, PLACE.MUST_PAY, PLACE.NO_STACK_2P, PLACE.STACK_3_4P,
PLACE.WELL_ONE, PLACE.WELL_ALWAYS_LEGAL, CASTLE.STEWARD_VALUE, CASTLE.DIPLOMAT_VALUE,
CASTLE.COLOUR_MATCH, CASTLE.EVERY_MATCHING_ROW, CASTLE.NO_DAIMYO_DIE, OUTSIDE.VALUE, OUTSIDE.CHOICES,
WELL.VALUE, WELL.REWARD, DOMAIN.VALUE, DOMAIN.COLOUR_LOCK, DOMAIN.ONE_DIE, BRIDGE.LANTERN_LEFT.
"""

from __future__ import annotations

from typing import Final, assert_never

from msgspec.structs import replace

from reference.model import (
    COLOURS,
    SPACE_FACTS,
    Action,
    BlockRef,
    Board,
    Colour,
    DecisionKind,
    Die,
    EffectsFrame,
    End,
    GainKind,
    Origin,
    OutsideFrame,
    PlaceDie,
    Slot,
    Space,
    State,
    TurnFrame,
)
from reference.model import events as ev
from reference.rules import bridges, holdings
from reference.rules.common import amount, board, clan_name, push, with_clan
from reference.rules.effects import domain_line, lantern, well
from reference.rules.handler import ClanHandler, Refusal


def capacity(players: int, space: Space) -> int | None:
    """Dice a space holds in one round (None: no limit). At 1-2 players nothing stacks; at 3-4 a castle
    room or Outside space takes a second die; a Domain line holds one; the Well is unlimited.
    Rules: PLACE.NO_STACK_2P, PLACE.STACK_3_4P, DOMAIN.ONE_DIE, WELL.VALUE."""
    kind = SPACE_FACTS[space].kind
    if kind == "well":
        return None
    if kind == "domain":
        return 1
    return 1 if players <= 2 else 2


def dice_on(state: State, clan: int, space: Space) -> tuple[Die, ...]:
    """The dice on a space this round (a Domain line: the clan's own)."""
    b = board(state)
    facts = SPACE_FACTS[space]
    match facts.kind:
        case "room":
            return b.rooms[facts.index].dice
        case "outside":
            return b.outside[facts.index]
        case "well":
            return b.well
        case "domain":
            value = state.clans[clan].domain_dice[facts.index]
            assert facts.colour is not None
            return () if value is None else (Die(facts.colour, value, clan),)
        case _:
            assert_never(facts.kind)


def covered_value(state: State, clan: int, space: Space) -> int:
    """The value a new die is compared against: the printed value, or the die it covers (3-4 players).
    The Well always compares against its printed 1. Rules: PLACE.COIN_DIFFERENCE, PLACE.STACK_3_4P,
    PLACE.WELL_ONE."""
    facts = SPACE_FACTS[space]
    if facts.kind == "well":
        return facts.value
    dice = dice_on(state, clan, space)
    return dice[-1].value if dice else facts.value


def coin_difference(die: int, covered: int) -> int:
    """Coins gained (positive) or owed (negative) for placing ``die`` over ``covered``.
    Rule: PLACE.COIN_DIFFERENCE.

    pre: 1 <= die <= 6
    pre: 1 <= covered <= 6
    post: (__return__ > 0) == (die > covered)
    post: (__return__ < 0) == (die < covered)
    post: abs(__return__) < 6
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
    facts = SPACE_FACTS[space]
    limit = capacity(state.setup.players, space)
    held = len(dice_on(state, clan, space))
    if limit is not None and held >= limit:
        rule = (
            "DOMAIN.ONE_DIE"
            if facts.kind == "domain"
            else ("PLACE.NO_STACK_2P" if state.setup.players <= 2 else "PLACE.STACK_3_4P")
        )
        return rule, f"{facts.name} already holds {held} die/dice this round (limit {limit})"
    if facts.kind == "room" and not any_colour:
        tiles = b.rooms[facts.index].tiles
        if action.bridge not in tiles:
            shown = ", ".join(sorted({t.value for t in tiles}))
            return (
                "CASTLE.COLOUR_MATCH",
                f"a {action.bridge.value} die cannot enter {facts.name} (tiles: {shown})",
            )
    if facts.colour is not None and facts.colour is not action.bridge:
        return (
            "DOMAIN.COLOUR_LOCK",
            f"the {facts.colour.value} Domain line takes only {facts.colour.value} dice",
        )
    owed = -coin_difference(die, covered_value(state, clan, space))
    if not free and owed > state.clans[clan].coins:
        return (
            "PLACE.MUST_PAY",
            f"a {die} on {facts.name} costs {amount(owed, 'coin')}; "
            f"{clan_name(clan)} holds {state.clans[clan].coins}",
        )
    return None


# Enum members named once, for the reason given at reference.engine._OVER.
_COIN: Final = GainKind.COIN

_PLACEMENTS: Final[dict[Colour, tuple[tuple[PlaceDie, ...], tuple[PlaceDie, ...]]]] = {
    colour: (
        tuple(PlaceDie(colour, End.LEFT, space) for space in SPACE_FACTS),
        tuple(PlaceDie(colour, End.RIGHT, space) for space in SPACE_FACTS),
    )
    for colour in COLOURS
}
"""Every placement, by bridge, then end (left, right), then space (in SPACE_FACTS order):
:func:`place_options` offers these very (immutable) actions rather than building them again."""


_SPACE_ROWS: Final[tuple[tuple[int, str, int, int, Colour | None], ...]] = tuple(
    (position, facts.kind, facts.index, facts.value, facts.colour)
    for position, facts in enumerate(SPACE_FACTS.values())
)
"""Each space's position (SPACE_FACTS order), kind, index among its kind, printed value and colour (a
Domain line's), as plain tuples: :func:`place_options` reads them for every space at every turn."""


def place_options(state: State, clan: int) -> tuple[PlaceDie, ...]:
    """Every legal placement for the clan: each takeable end of each bridge, each space that takes
    the die and whose difference the clan can pay (the same verdicts as :func:`why_not`, computed
    space by space once). Rules: TURN.SEQUENCE, BRIDGE.ENDS_ONLY, PLACE.MUST_PAY, PLACE.NO_STACK_2P,
    PLACE.STACK_3_4P, DOMAIN.ONE_DIE, CASTLE.COLOUR_MATCH, DOMAIN.COLOUR_LOCK, PLACE.WELL_ONE."""
    b = board(state)
    holder = state.clans[clan]
    coins = holder.coins
    stack = 1 if state.setup.players <= 2 else 2
    rooms, outside, domain_dice = b.rooms, b.outside, holder.domain_dice
    open_spaces: list[tuple[int, tuple[Colour, ...] | None, int]] = []
    for position, kind, index, covered, colour in _SPACE_ROWS:
        if kind == "room":
            room = rooms[index]
            held = room.dice
            if len(held) >= stack:
                continue
            if held:
                covered = held[-1].value
            open_spaces.append((position, room.tiles, covered))
        elif kind == "outside":
            held = outside[index]
            if len(held) >= stack:
                continue
            if held:
                covered = held[-1].value
            open_spaces.append((position, None, covered))
        elif kind == "domain":
            if domain_dice[index] is not None:
                continue
            assert colour is not None
            open_spaces.append((position, (colour,), covered))
        else:
            open_spaces.append((position, None, covered))
    out: list[PlaceDie] = []
    for bridge in b.bridges:
        colour = bridge.colour
        left, right = _PLACEMENTS[colour]
        for placements, die in ((left, bridge.left), (right, bridge.right)):
            if die is None:
                continue
            for position, allowed, covered in open_spaces:
                if allowed is not None and colour not in allowed:
                    continue
                if covered - die > coins:
                    continue
                out.append(placements[position])
    return tuple(out)


def take_and_place(
    state: State,
    clan: int,
    colour: Colour,
    slot: Slot,
    space: Space,
    *,
    pays: bool = True,
    rules: tuple[str, ...] = (),
) -> State:
    """Take the die of ``slot`` from the ``colour`` bridge, put it on ``space`` and settle the coin
    difference against the value it covers; report it (``rules``: the rules of this placement, by
    default a player's). With ``pays`` False (the solo rival) a die below the space's value costs
    nothing; a die placed over another (3-4 clans) cites PLACE.STACK_3_4P first. Rules: BRIDGE.SLIDE,
    PLACE.COIN_DIFFERENCE, PLACE.STACK_3_4P, SOLO.GOLDEN.NEVER_PAYS."""
    b = board(state)
    index = COLOURS.index(colour)
    value, bridge = bridges.take_slot(b.bridges[index], slot)
    covered = covered_value(state, clan, space)
    facts = SPACE_FACTS[space]
    stacked = facts.kind != "well" and bool(dice_on(state, clan, space))
    b = replace(b, bridges=(*b.bridges[:index], bridge, *b.bridges[index + 1 :]))
    b = put_die(b, space, Die(colour, value, clan))
    holder = state.clans[clan]
    if facts.kind == "domain":
        dice = list(holder.domain_dice)
        dice[facts.index] = value
        holder = replace(holder, domain_dice=(dice[0], dice[1], dice[2]))
    diff = coin_difference(value, covered)
    if diff > 0:
        holder = holdings.gain(holder, _COIN, diff)
    elif diff < 0 and pays:
        holder = holdings.pay(holder, _COIN, -diff)
    placed = ev.DiePlaced(
        clan=clan,
        colour=colour,
        slot=slot,
        value=value,
        space=space,
        covered=covered,
        coins=diff if diff > 0 or pays else 0,
        rules=(("PLACE.STACK_3_4P",) if stacked else ())
        + (rules or ("PLACE.COIN_DIFFERENCE", "TURN.SEQUENCE")),
    )
    return with_clan(state, clan, holder, events=(placed,), new_board=b)


def put_die(b: Board, space: Space, die: Die) -> Board:
    """The board with ``die`` on a castle room, an Outside space or the Well (Domain dice live on the
    clan's own board)."""
    facts = SPACE_FACTS[space]
    i = facts.index
    match facts.kind:
        case "room":
            room = b.rooms[i]
            return replace(b, rooms=(*b.rooms[:i], replace(room, dice=(*room.dice, die)), *b.rooms[i + 1 :]))
        case "outside":
            return replace(b, outside=(*b.outside[:i], (*b.outside[i], die), *b.outside[i + 1 :]))
        case "well":
            return replace(b, well=(*b.well, die))
        case "domain":
            return b  # Domain dice live on the clan's own board
        case _:
            assert_never(facts.kind)


def place(state: State, clan: int, action: PlaceDie) -> State:
    """A player's placement: take, place, pay or gain, Lantern for a left-end die, then the space's
    effects. Rules: TURN.SEQUENCE, BRIDGE.LANTERN_LEFT, LANTERN.TRIGGER."""
    state = take_and_place(state, clan, action.bridge, bridges.SLOT_OF[action.end], action.space)
    state = resolve_space(state, clan, action.space, action.bridge)
    if bridges.fires_lantern(action.end):
        # pushed last: resolves before the space (TURN.SEQUENCE)
        state = lantern(state, clan, "BRIDGE.LANTERN_LEFT")
    return state


def matching_blocks(state: State, space: Space, colour: Colour) -> tuple[BlockRef, ...]:
    """Every block of the room's card whose die tile has the die's colour. Rule: CASTLE.EVERY_MATCHING_ROW."""
    room = board(state).rooms[SPACE_FACTS[space].index]
    assert room.card is not None
    return tuple(BlockRef(room.card, b) for b, tile in enumerate(room.tiles) if tile is colour)


def resolve_space(state: State, clan: int, space: Space, colour: Colour) -> State:
    """Push the effects of the space a die was placed on. Rules: CASTLE.EVERY_MATCHING_ROW,
    OUTSIDE.CHOICES, WELL.REWARD, DOMAIN.REWARDS, DOMAIN.CARD_BLOCK."""
    facts = SPACE_FACTS[space]
    match facts.kind:
        case "room":
            blocks = matching_blocks(state, space, colour)
            card = board(state).rooms[facts.index].card
            assert card is not None
            matched = ev.RowsMatched(
                clan=clan, room=facts.index, card=card, colour=colour, blocks=tuple(b.block for b in blocks)
            )
            origins = tuple(
                Origin(kind="castle_card", card=card, block=b.block, room=facts.index) for b in blocks
            )
            return push(state, EffectsFrame(clan, blocks, origins), events=(matched,))
        case "outside":
            return push(state, OutsideFrame(clan, facts.choices))
        case "well":
            return well(state, clan, "WELL.REWARD")
        case "domain":
            assert facts.colour is not None
            return domain_line(state, clan, facts.colour, "DOMAIN.VALUE")
        case _:
            assert_never(facts.kind)


class TurnHandler(ClanHandler[TurnFrame]):
    """A clan's turn: take a die from an end of a bridge and place it. Rules: TURN.SEQUENCE and the
    placement rules (:func:`why_not`)."""

    kind = DecisionKind.TURN
    rule = "TURN.SEQUENCE"

    always_waits = True

    def options(self, state: State, frame: TurnFrame) -> tuple[Action, ...]:
        return place_options(state, frame.clan)

    def allows(self, state: State, frame: TurnFrame, action: Action) -> bool:
        return isinstance(action, PlaceDie) and why_not(state, frame.clan, action) is None

    def refusal(self, state: State, frame: TurnFrame, action: Action) -> Refusal | None:
        if not isinstance(action, PlaceDie):
            return "TURN.DECISION", f"{clan_name(frame.clan)} must place a die, got {type(action).__name__}"
        why = why_not(state, frame.clan, action)
        assert why is not None
        return why

    def act(self, state: State, frame: TurnFrame, action: Action) -> State:
        assert isinstance(action, PlaceDie)
        counted = replace(state, stack=state.stack[:-1], turn=state.turn + 1)  # the turn's frame done
        return place(counted, frame.clan, action)


TURN = TurnHandler()
