"""Builders for rules tests: a hand-written deal (so the board is known), states set up field by field,
and small drivers around ``apply``.

The fixed 2-player deal ``DEAL_2P`` lays out this board (turn order: clan 0, then clan 1):

- Bridges: coral 1 | 3 | 5, black 2 | 4 | 6, white 1 | 2 | 6 (left | centre | right).
- Stewards' rooms (floor 1, value 3), die tiles top/middle/bottom row:
  room 0 = S2 (dark seal->Courtier / light PoT+1 / light iron+2), tiles white, coral, coral;
  room 1 = S5 (dark seal->Warrior / light food+1 pearl+1 / light iron+1 Lantern), tiles black, white, coral;
  room 2 = S9 (light coin+1 Well / dark seal->Courtier / light food+2), tiles coral, black, white.
- Diplomats' rooms (floor 2, value 4), die tiles of block 1 / block 2:
  room 3 = D2 (dark Courtier / light PoT+2), tiles black, white;
  room 4 = D6 (dark Warrior / light PoT+2), tiles white, black.
- Steward deck S4, S7, S10, S12, S13, S15; Diplomat deck D3, D4, D5, D7, D8, D10, D11.
- Well tiles: coral-coin and black-coin, so the Well gives 1 seal + 1 coin + 1 coin.
- Daimyo's Favor card DF1: Well / CP+2 / seal+2.
- Garden slots: 0 coral Stone G1 (food 1, coin+3), 1 coral Plant G7 (food 4, pay 3: Courtier),
  2 black Stone G3 (food 2, seal+2), 3 black Plant G9 (food 4, pay 3: Warrior),
  4 white Stone G5 (food 3, Well), 5 white Plant G10 (food 5, pay 4: any die-tile action).
- Yards: 5 iron (worth 2): Y4 action (coral die-tile action) + Y5 reward (seal+2);
  3 iron (worth 1): Y6 action (black die-tile action); 1 iron (worth 1): Y1 reward (pearl+3).
- Draft: clan 1 takes SR8 + A3 (Warrior card), clan 0 takes SR9 + A1 (Courtier card); SR6 + A5 is left.
  Clan 0 then holds food 4, iron 2, 3 coins, 2 seals; Lantern Area (SR9,) = 1 food.
"""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from reference.book.steps import STANDARD_DIE_TILES, STANDARD_DIPLOMATS, STANDARD_STEWARDS
from reference.engine import advance, apply, legal_actions, new_game
from reference.engine import settle as settle_position
from reference.errors import IllegalAction
from reference.model import (
    COLOURS,
    Action,
    Board,
    Bridge,
    Clan,
    Colour,
    Deal,
    DecisionKind,
    Die,
    Effect,
    EffectsFrame,
    End,
    Next,
    PlaceDie,
    Room,
    Setup,
    Space,
    State,
    TakePair,
    Trade,
)
from reference.wire import decode_state, encode

# The standard deal is shared with the scenario steps (reference/book/steps.py), so unit tests and
# scenario examples start from the same board. Die tiles in slot order: Steward rooms 0-2 (S2, S5,
# S9: top, middle, bottom), Diplomat rooms 3-4 (D2, D6: block 1, block 2), then the two Well tiles.
STEWARDS_2P: tuple[str, ...] = STANDARD_STEWARDS
DIPLOMATS_2P: tuple[str, ...] = STANDARD_DIPLOMATS
STEWARDS_ALL: tuple[str, ...] = (*STEWARDS_2P, "S1", "S3", "S6", "S8", "S11", "S14")
DIPLOMATS_ALL: tuple[str, ...] = (*DIPLOMATS_2P, "D1", "D9", "D12")
DIE_TILES: tuple[str, ...] = STANDARD_DIE_TILES
STONE: tuple[str, ...] = ("G1", "G3", "G5", "G2", "G4")
PLANT: tuple[str, ...] = ("G7", "G9", "G10", "G6", "G8")
YARD_TILES: tuple[str, ...] = ("Y4", "Y5", "Y6", "Y1")
PAIRS: tuple[tuple[str, str], ...] = (
    ("SR8", "A3"),
    ("SR9", "A1"),
    ("SR6", "A5"),
    ("SR3", "A2"),
    ("SR5", "A4"),
)
"""Starting pairs with plain gains only (SR5, a resource choice, is only ever the leftover)."""

# Room indexes (ChooseRoom / ChooseBlock use them) and garden slots of the fixed deal.
S2_ROOM, S5_ROOM, S9_ROOM, D2_ROOM, D6_ROOM = 0, 1, 2, 3, 4
G1_SLOT, G7_SLOT, G3_SLOT, G9_SLOT, G5_SLOT, G10_SLOT = 0, 1, 2, 3, 4, 5


def make_deal(players: int = 2, **changes: Any) -> Deal:
    """The fixed deal for ``players`` clans (turn order 0, 1, ...), with fields replaced by ``changes``."""
    dice: tuple[tuple[int, ...], ...] = ((5, 1, 3), (2, 4, 6), (6, 1, 2))
    if players > 2:
        extra = (4, 2, 3, 5)[: players - 2]
        dice = tuple((*d, *extra) for d in dice)
    deal = Deal(
        turn_order=tuple(range(players)),
        dice=dice,
        stewards=STEWARDS_2P if players <= 2 else STEWARDS_ALL,
        diplomats=DIPLOMATS_2P if players <= 2 else DIPLOMATS_ALL,
        daimyo="DF1",
        stone=STONE,
        plant=PLANT,
        yard_tiles=YARD_TILES,
        die_tiles=DIE_TILES,
        pairs=PAIRS[: players + 1],
    )
    return replace(deal, **changes) if changes else deal


def dealt(players: int = 2, **changes: Any) -> State:
    """The state right after the fixed deal (the starting draft is pending)."""
    return apply(new_game(Setup(players=players)), make_deal(players, **changes))


def started(players: int = 2, **changes: Any) -> State:
    """The state at the first turn of round 1: dealt, and every clan took the first pair on offer
    (so with the default pairs at 2 players clan 1 holds SR8 + A3 and clan 0 SR9 + A1)."""
    state = dealt(players, **changes)
    while state.decision.kind is DecisionKind.DRAFT:
        state = apply(state, TakePair(0))
        state = settle(state)
    assert state.decision.kind is DecisionKind.TURN
    return state


# ---- editing a state -----------------------------------------------------------------------------


def clan(state: State, index: int) -> Clan:
    """Clan ``index`` of the state."""
    return state.clans[index]


def board(state: State) -> Board:
    """The board of a dealt state."""
    assert state.board is not None
    return state.board


def edit_clan(state: State, index: int, **changes: Any) -> State:
    """``state`` with clan ``index``'s fields replaced."""
    clans = list(state.clans)
    clans[index] = replace(clans[index], **changes)
    return replace(state, clans=tuple(clans))


def holding(state: State, index: int, **changes: Any) -> State:
    """``state`` with clan ``index`` holding exactly what ``changes`` say: coins, seals, resources, CP,
    members sent, courtiers and Domain dice are reset to zero/empty first; the Passage of Time
    position, the Domain card and the Lantern Area are kept unless given."""
    old = state.clans[index]
    fresh = Clan(time=old.time, arrival=old.arrival, domain_card=old.domain_card, lantern=old.lantern)
    clans = list(state.clans)
    clans[index] = replace(fresh, **changes) if changes else fresh
    return replace(state, clans=tuple(clans))


def edit_board(state: State, **changes: Any) -> State:
    """``state`` with board fields replaced."""
    return replace(state, board=replace(board(state), **changes))


def bridge(colour: Colour, left: int | None, centre: tuple[int, ...], right: int | None) -> Bridge:
    """A bridge with its three slots as given."""
    return Bridge(colour, left, centre, right)


def with_bridges(
    state: State,
    coral: tuple[int | None, tuple[int, ...], int | None] | None = None,
    black: tuple[int | None, tuple[int, ...], int | None] | None = None,
    white: tuple[int | None, tuple[int, ...], int | None] | None = None,
) -> State:
    """``state`` with some bridges replaced by (left, centre, right); the others are kept."""
    wanted = {Colour.CORAL: coral, Colour.BLACK: black, Colour.WHITE: white}
    bridges = []
    for old in board(state).bridges:
        slots = wanted[old.colour]
        bridges.append(old if slots is None else Bridge(old.colour, *slots))
    return edit_board(state, bridges=tuple(bridges))


def only_bridges(
    state: State,
    coral: tuple[int | None, tuple[int, ...], int | None] = (None, (), None),
    black: tuple[int | None, tuple[int, ...], int | None] = (None, (), None),
    white: tuple[int | None, tuple[int, ...], int | None] = (None, (), None),
) -> State:
    """``state`` with all three bridges set (empty unless given)."""
    return with_bridges(state, coral, black, white)


def get_bridge(state: State, colour: Colour) -> Bridge:
    """The bridge of that colour."""
    return board(state).bridges[COLOURS.index(colour)]


def with_room_dice(state: State, room: int, *dice: Die) -> State:
    """``state`` with castle room ``room`` holding these dice this round."""
    rooms = list(board(state).rooms)
    rooms[room] = replace(rooms[room], dice=dice)
    return edit_board(state, rooms=tuple(rooms))


def room(state: State, index: int) -> Room:
    """Castle room ``index``."""
    return board(state).rooms[index]


def with_gardeners(state: State, slot: int, *clans: int) -> State:
    """``state`` with garden slot ``slot`` holding gardeners of these clans."""
    gardens = list(board(state).gardens)
    gardens[slot] = replace(gardens[slot], gardeners=clans)
    return edit_board(state, gardens=tuple(gardens))


def with_warriors(state: State, cost: int, *clans: int) -> State:
    """``state`` with the Training Yard of that iron cost holding warriors of these clans."""
    yards = tuple(replace(y, warriors=clans) if y.cost == cost else y for y in board(state).yards)
    return edit_board(state, yards=yards)


def last_turn(state: State, round_no: int = 1) -> State:
    """``state`` at the last turn of round ``round_no`` (every other turn of the round taken), waiting
    for the placement of the last clan in turn order."""
    turn = 3 * len(state.clans) - 1
    return settle_position(replace(state, round=round_no, turn=turn))


# ---- driving the engine ---------------------------------------------------------------------------


def inject(state: State, clan_index: int, *effects: Effect) -> State:
    """``state`` after granting ``effects`` to a clan at the current decision point and running the
    engine until the next decision (test scaffolding: no card is needed to grant them)."""
    state = replace(state, stack=(*state.stack, EffectsFrame(clan_index, effects)), events=())
    return advance(state)


def place(state: State, colour: Colour, end: End, space: Space) -> State:
    """Apply a ``PlaceDie``."""
    return apply(state, PlaceDie(colour, end, space))


def play(state: State, *actions: Action) -> State:
    """Apply the actions in order."""
    for action in actions:
        state = apply(state, action)
    return state


def settle(state: State) -> State:
    """Answer every pending order-of-icons decision by taking the first icon listed."""
    while state.decision.kind is DecisionKind.ORDER:
        state = apply(state, Next(0))
    return state


def options(state: State) -> tuple[Action, ...]:
    """The legal actions of the pending decision without the seal trades."""
    return tuple(a for a in legal_actions(state) if not isinstance(a, Trade))


def trades(state: State) -> tuple[Action, ...]:
    """The seal trades among the legal actions."""
    return tuple(a for a in legal_actions(state) if isinstance(a, Trade))


def waiting(state: State, kind: DecisionKind, clan_index: int | None) -> bool:
    """The state waits for a decision of that kind by that clan."""
    return state.decision.kind is kind and state.decision.clan == clan_index


def assert_illegal(state: State, action: Action, rule: str) -> IllegalAction:
    """``apply`` refuses the action naming ``rule``, the action is not listed as legal, and the state
    is unchanged (compared field by field with a copy taken before)."""
    before = decode_state(encode(state))
    assert before == state
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    assert info.value.rule == rule, info.value
    assert state == before
    assert action not in legal_actions(state)
    return info.value


def assert_refused(state: State, action: Action) -> IllegalAction:
    """Like :func:`assert_illegal` without checking which rule is named (see test_illegal.py for that)."""
    before = decode_state(encode(state))
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    assert state == before
    assert action not in legal_actions(state)
    return info.value
