"""Builders for the solo tests: small hand-made Solitaire decks, solo deals on the fixed board of
:mod:`tests.helpers`, and a driver that lets the player place a die so that the rival's turn runs
inside ``apply``.

The fixed board (see tests/helpers.py): bridges coral 1 | 3 | 5, black 2 | 4 | 6, white 1 | 2 | 6;
Steward rooms 0 = S2 (tiles white, coral, coral: a coral pair), 1 = S5 (black, white, coral),
2 = S9 (coral, black, white); Diplomat rooms 3 = D2 (black, white), 4 = D6 (white, black); Steward deck
S4, S7, ...; Diplomat deck D3, D4, ...; Daimyo card DF1 (Well / CP+2 / seal+2); gardens 0 G1 (stone,
food 1), 1 G7 (plant, 4), 2 G3 (stone, 2), 3 G9 (plant, 4), 4 G5 (stone, 3), 5 G10 (plant, 5).

In a solo game clan 0 is the player and clan 1 the rival.
"""

from __future__ import annotations

from typing import Any, TypeVar

from msgspec.structs import replace

from reference.engine import apply, new_game, settle
from reference.model import (
    Colour,
    Deal,
    DecisionKind,
    Die,
    Difficulty,
    End,
    Event,
    PlaceDie,
    RivalIcon,
    RivalKind,
    Room,
    Setup,
    Slot,
    Solo,
    SoloCard,
    SoloDeck,
    Space,
    State,
)
from reference.narrate import event_lines, names_for
from reference.rules import rounds
from reference.rules.solo import variant_of
from tests.helpers import board, edit_board, make_deal, waiting

PLAYER = 0
RIVAL = 1
PAIR: tuple[tuple[str, str], ...] = (("SR9", "A1"),)
"""The player's one random starting pair in the solo deals."""

E = TypeVar("E", bound=Event)


def card(
    id: str,
    bridge: Colour,
    slot: Slot,
    space: Space,
    top: tuple[RivalIcon, ...] = (),
    bottom: tuple[RivalIcon, ...] = (),
) -> SoloCard:
    """A Solitaire card (Bridge side: die colour, slot, space; action side: top and bottom halves)."""
    return SoloCard(id=id, bridge=bridge, slot=slot, space=space, top=top, bottom=bottom)


def deck_of(*cards: SoloCard) -> SoloDeck:
    """A small custom test deck."""
    return SoloDeck(name="test", provisional=True, cards=cards)


def filler(id: str) -> SoloCard:
    """A card with no actions naming the coral left die, to go to Diplomat room 1."""
    return card(id, Colour.CORAL, Slot.LEFT, Space.DIPLOMAT_1)


def solo_setup(
    *cards: SoloCard,
    rival: RivalKind = RivalKind.TOKUGAWA,
    difficulty: Difficulty = Difficulty.EASY,
    action_order: str = "rows",
    pair_colour: str = "any",
) -> Setup:
    """A solo setup with a custom deck made of ``cards``."""
    return Setup(
        players=2,
        solo=Solo(
            rival=rival,
            difficulty=difficulty,
            deck=deck_of(*cards),
            action_order=action_order,
            pair_colour=pair_colour,
        ),
    )


def first_order(setup: Setup) -> tuple[int, ...]:
    """The first-round turn order the rules require (written out, not taken from the engine):
    Tokugawa Easy: player first; Tokugawa Medium/Hard and the Gingkogawa bot: rival first."""
    solo = setup.solo
    assert solo is not None
    if solo.rival is RivalKind.TOKUGAWA and solo.difficulty is Difficulty.EASY:
        return (PLAYER, RIVAL)
    return (RIVAL, PLAYER)


def solo_deal(setup: Setup, order: tuple[str, ...] | None = None, **changes: Any) -> Deal:
    """The fixed deal for a solo game: one starting pair, the turn order by difficulty and the
    Solitaire deck in ``order`` (the deck's own order when None)."""
    solo = setup.solo
    assert solo is not None
    assert solo.deck is not None
    ids = order if order is not None else tuple(c.id for c in solo.deck.cards)
    base: dict[str, Any] = {"turn_order": first_order(setup), "pairs": PAIR, "solo_deck": ids}
    base.update(changes)
    return make_deal(**base)


def at_player_turn(setup: Setup, order: tuple[str, ...] | None = None, **changes: Any) -> State:
    """The state after the deal at the player's first turn of round 1, before the rival has acted
    (when the rival is first, the turn counter stands at 1, as after its first turn)."""
    state = rounds.deal(
        replace(new_game(setup), stack=()), solo_deal(setup, order, **changes), variant_of(setup)
    )
    if state.turn_order[0] == RIVAL:
        state = replace(state, turn=1)
    state = settle(state)
    assert waiting(state, DecisionKind.TURN, PLAYER), state.decision
    return state


def player_then_rival(state: State, colour: Colour = Colour.WHITE, end: End = End.RIGHT) -> State:
    """The player takes that die and puts it in the Well (which never fills); the turn passes and the
    rival's turn runs inside ``apply``."""
    return apply(state, PlaceDie(colour, end, Space.WELL))


def set_room_tiles(state: State, room: int, *tiles: Colour) -> State:
    """``state`` with castle room ``room`` showing these die tiles."""
    rooms = list(board(state).rooms)
    rooms[room] = replace(rooms[room], tiles=tiles)
    return edit_board(state, rooms=tuple(rooms))


def occupy(state: State, *spaces: Space) -> State:
    """``state`` with a player's die (white 3) on each of these castle rooms / Outside spaces."""
    die = Die(Colour.WHITE, 3, PLAYER)
    b = board(state)
    rooms: list[Room] = list(b.rooms)
    outside = list(b.outside)
    index = {
        Space.STEWARD_1: 0,
        Space.STEWARD_2: 1,
        Space.STEWARD_3: 2,
        Space.DIPLOMAT_1: 3,
        Space.DIPLOMAT_2: 4,
    }
    for space in spaces:
        if space in index:
            rooms[index[space]] = replace(rooms[index[space]], dice=(*rooms[index[space]].dice, die))
        elif space is Space.OUTSIDE_LEFT:
            outside[0] = (*outside[0], die)
        elif space is Space.OUTSIDE_RIGHT:
            outside[1] = (*outside[1], die)
        else:
            raise ValueError(space)
    return edit_board(state, rooms=tuple(rooms), outside=(outside[0], outside[1]))


def dice_at(state: State, space: Space) -> tuple[Die, ...]:
    """The dice on a castle room, an Outside space or the Well."""
    b = board(state)
    if space is Space.WELL:
        return b.well
    if space is Space.OUTSIDE_LEFT:
        return b.outside[0]
    if space is Space.OUTSIDE_RIGHT:
        return b.outside[1]
    order = (Space.STEWARD_1, Space.STEWARD_2, Space.STEWARD_3, Space.DIPLOMAT_1, Space.DIPLOMAT_2)
    return b.rooms[order.index(space)].dice


def rival_dice(state: State) -> dict[Space, tuple[Die, ...]]:
    """Where the rival's dice are: every space holding at least one die of clan 1."""
    spaces = (
        Space.STEWARD_1,
        Space.STEWARD_2,
        Space.STEWARD_3,
        Space.DIPLOMAT_1,
        Space.DIPLOMAT_2,
        Space.OUTSIDE_LEFT,
        Space.OUTSIDE_RIGHT,
        Space.WELL,
    )
    out: dict[Space, tuple[Die, ...]] = {}
    for space in spaces:
        mine = tuple(d for d in dice_at(state, space) if d.clan == RIVAL)
        if mine:
            out[space] = mine
    return out


def events_of(state: State, kind: type[E]) -> list[E]:
    """The events of type ``kind`` that the last applied action emitted, in order."""
    return [event for event in state.events if isinstance(event, kind)]


def narrated(state: State, event: Event) -> str:
    """The readable log of ``event`` (its lines joined), clans named as in this game."""
    return " / ".join(event_lines(event, names_for(state.setup)))
