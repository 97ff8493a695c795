"""The whole game position: the phase, the pending decision, the table, the frames of pending work
and the events of the last applied action."""

from __future__ import annotations

from enum import Enum

from msgspec import Struct

from reference.model.board import Board, Clan, ScoreLine
from reference.model.events import Event
from reference.model.frames import Frame
from reference.model.setup import Setup


class Phase(str, Enum):
    """Where the game stands."""

    DEAL = "deal"
    DRAFT = "draft"
    TURNS = "turns"
    GARDENS = "gardens"
    ROLL = "roll"
    OVER = "over"


class DecisionKind(str, Enum):
    """What kind of decision the state waits for (the OpenSpiel-style 'current player' and node type).

    ``DEAL`` and ``ROLL`` are chance decisions: the caller supplies the outcome.
    """

    DEAL = "deal"
    ROLL = "roll"
    DRAFT = "draft"
    TURN = "turn"
    ORDER = "order"
    RESOURCE = "resource"
    CHECKPOINT = "checkpoint"
    COURTIER = "courtier"
    ROOM = "room"
    LIGHT_ROW = "light_row"
    FAVOUR = "favour"
    YARD = "yard"
    GARDEN = "garden"
    OPTIONAL = "optional"
    CASTLE_ROW = "castle_row"
    DOMAIN_LINE = "domain_line"
    OUTSIDE = "outside"
    MEMBER_CHOICE = "member_choice"
    RIVAL_GARDEN = "rival_garden"
    RIVAL_ROOM = "rival_room"
    SHUFFLE = "shuffle"
    NONE = "none"


class Decision(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """Who must decide next and what kind of decision it is. ``clan`` is None for chance decisions
    and at the end of the game."""

    kind: DecisionKind
    clan: int | None


class State(Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True):
    """A whole game position. ``turn`` counts turns taken in this round (0 .. 3 x clans).
    ``draft`` holds the starting pairs still on offer. ``arrivals`` is the stacking counter of the
    Passage of Time. ``scores`` and ``winners`` are set when the game is over. ``events`` are the typed
    events of the last applied action (see :mod:`reference.model.events`; not part of the position).
    ``solo_deck`` is the Solitaire deck, top first; ``rival_row`` the cards the rival flipped on its
    last turn (they went to the bottom of the deck)."""

    setup: Setup
    phase: Phase
    decision: Decision
    round: int = 1
    turn: int = 0
    turn_order: tuple[int, ...] = ()
    clans: tuple[Clan, ...] = ()
    board: Board | None = None
    stack: tuple[Frame, ...] = ()
    draft: tuple[tuple[str, str], ...] = ()
    arrivals: int = 0
    scores: tuple[ScoreLine, ...] = ()
    winners: tuple[int, ...] = ()
    solo_deck: tuple[str, ...] = ()
    solo_discard: tuple[str, ...] = ()
    rival_row: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()
