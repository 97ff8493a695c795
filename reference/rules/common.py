"""Small helpers to read and rebuild immutable states, and to report events (no rules here)."""

from __future__ import annotations

from msgspec.structs import replace

from reference.content import Catalogue, catalogue
from reference.model import Board, Clan, Event, Frame, State


def cat(state: State) -> Catalogue:
    """The content lookup tables of this game."""
    return catalogue(state.setup.content)


def board(state: State) -> Board:
    """The main board (present from the deal on)."""
    if state.board is None:
        raise ValueError("the game has not been dealt yet")
    return state.board


def with_clan(state: State, index: int, clan: Clan) -> State:
    """``state`` with clan ``index`` replaced."""
    clans = state.clans
    return replace(state, clans=(*clans[:index], clan, *clans[index + 1 :]))


def with_board(state: State, new: Board) -> State:
    """``state`` with its board replaced."""
    return replace(state, board=new)


def push(state: State, *frames: Frame) -> State:
    """Push frames so that the first given resolves first."""
    return replace(state, stack=state.stack + frames[::-1])


def pop(state: State) -> State:
    """Drop the top frame."""
    return replace(state, stack=state.stack[:-1])


def set_top(state: State, frame: Frame) -> State:
    """Replace the top frame."""
    return replace(state, stack=(*state.stack[:-1], frame))


def emit(state: State, *events: Event) -> State:
    """Add events to those of the action being applied (see :mod:`reference.model.events`)."""
    return replace(state, events=state.events + events)


def clan_name(index: int) -> str:
    """Display name of a clan (in refusal reasons and in the narrated log)."""
    return f"clan {index}"


_NOUNS = {
    "coin": ("coin", "coins"),
    "seal": ("seal", "seals"),
    "cp": ("Clan Point", "Clan Points"),
    "food": ("food", "food"),
    "iron": ("iron", "iron"),
    "pearl": ("Mother-of-Pearl", "Mother-of-Pearl"),
    "step": ("step", "steps"),
    "card": ("card", "cards"),
}


def amount(n: int, what: str) -> str:
    """``n`` of a unit in words, e.g. ``amount(2, "coin") == "2 coins"``."""
    one, many = _NOUNS.get(what, (what, what))
    return f"{n} {one if n == 1 else many}"
