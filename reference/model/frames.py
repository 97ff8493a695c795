"""Frames: the engine's pending work, a stack whose last frame is on top. Every decision is a frame
(the deal, a draft pick, a turn, a re-roll, and each choice a rule offers); a frame either waits for
a decision or runs on its own (see :mod:`reference.engine`). Frames hold no text: where a frame
must say what it is about (an optional effect's price), it names its :class:`Source`."""

from __future__ import annotations

from typing import Literal

from msgspec import Struct

from reference.model.components import Colour, Effect, Member, RivalIcon

SourceKind = Literal["dark_row", "garden", "paid_icon"]
"""What an optional, priced effect is: a Steward card's dark row (CASTLE.DARK_SEAL), a garden card's
action (GARDENER.ACTION_OPTIONAL, GARDENER.REACTIVATE) or an icon with a coin price (EFFECT.PAID_ICON)."""

BotStage = Literal["flip", "check", "extra", "done"]
"""Where the Gingkogawa bot's turn stands: flipping a card, checking the card now on top, revealing
the Hard bonus card, done. Rules: GINKGO.TURN.FIND_DIE, GINKGO.BONUS."""


class Source(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """Where a priced effect comes from: its kind, the card (a castle card or a garden; None for an icon
    with a price whose card is not known) and, for a castle card, the block (0-based, top first)."""

    kind: SourceKind
    card: str | None = None
    block: int | None = None


OriginKind = Literal[
    "castle_card",
    "lantern",
    "well",
    "well_tile",
    "domain_line",
    "domain_card",
    "starting_card",
    "favour",
    "yard_tile",
    "yard",
    "garden",
    "checkpoint",
    "castle_room",
]
"""Where an icon (or an option) comes from on the table: a castle card's block (``card``, ``block``;
``room`` when it lies in a castle room), a card of the Lantern Area (``card``), the Well's own seal or one
of its tiles (``card``), a Domain line (``line``) or the block of the Domain card lined up with it
(``card``, ``block``), a Starting Resource card, a favour space of the Daimyo card (``card``, ``slot``
0..2), a Training Yard tile (``card``, ``slot``: its yard, 0..2 in board order) or the yard itself
(``slot``), a garden (``card``,
``slot`` 0..5), a Passage of Time checkpoint (``space``) or a castle room (``card``, ``room``)."""


class Origin(Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True):
    """Where an icon or an option comes from (see :data:`OriginKind`); fields that do not apply are
    None. Rule: RULING.EFFECTS_OPTIONAL_ORDER (the clan may need to know which icon is which)."""

    kind: OriginKind
    card: str | None = None
    block: int | None = None
    room: int | None = None
    slot: int | None = None
    line: Colour | None = None
    space: int | None = None


class EffectsFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="effects"):
    """Icons still to resolve for ``clan``; ``origins`` says where each comes from (same length as
    ``effects``, or empty in a state built by hand: unknown). Rule: RULING.EFFECTS_OPTIONAL_ORDER."""

    clan: int
    effects: tuple[Effect, ...]
    origins: tuple[Origin, ...] = ()


class InfluenceFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="influence"):
    """A Passage of Time move in progress. Rules: TIME.MOVE, TIME.CHECKPOINTS, TIME.STOP."""

    clan: int
    steps: int
    moved: bool = False
    origin: Origin | None = None


class ResourceFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="resource"):
    """``n`` resources of the clan's choice still to pick. Rule: EFFECT.RESOURCE_CHOICE."""

    clan: int
    n: int
    origin: Origin | None = None


class CourtierFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="courtier"):
    """A Courtier action: which of its two parts are done. Rule: COURTIER.ACTION."""

    clan: int
    audience: bool = False
    climb: bool = False
    origin: Origin | None = None


class RoomFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="room"):
    """A courtier ended a climb on ``floor`` (1 or 2): choose the room. Rule: COURTIER.FLOOR12.TAKE_CARD."""

    clan: int
    floor: int


class LightRowFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="light_row"):
    """Do one light block of ``card``. Rules: COURTIER.FLOOR12.TAKE_CARD, COURTIER.FLOOR12.EMPTY_DECK."""

    clan: int
    card: str


class RefillFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="refill"):
    """Refill castle room ``room`` from its deck. Rule: COURTIER.FLOOR12.REFILL."""

    room: int


class FavourFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="favour"):
    """A courtier reached the Daimyo's room after its Lantern: take a free favour. Rule:
    COURTIER.DAIMYO.FAVOUR."""

    clan: int


class MemberFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="member_action"):
    """A Warrior or Gardener action waiting for its yard or garden. Rules: WARRIOR.PLACE, GARDENER.PLACE."""

    clan: int
    member: Member
    origin: Origin | None = None


class OptionalFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="optional"):
    """An optional effect with a price (``seals`` and ``coins``): accept (pay and resolve) or decline.
    ``source`` says what it is (a Steward's dark row, a garden's action, a priced icon). Rules:
    CASTLE.DARK_SEAL, GARDENER.ACTION_OPTIONAL, GARDENER.REACTIVATE, EFFECT.PAID_ICON."""

    clan: int
    source: Source
    effects: tuple[Effect, ...]
    seals: int = 0
    coins: int = 0
    origin: Origin | None = None


class CastleRowFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="castle_row"):
    """Choose one castle block: of a die-tile colour (``light`` False) or a light block (``light``
    True). Rules: EFFECT.DIE_TILE_ACTION, EFFECT.ANY_DIE_TILE, EFFECT.LIGHT_ACTION."""

    clan: int
    light: bool
    colour: Colour | None = None
    origin: Origin | None = None


class DomainLineFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="domain_line"):
    """Choose a Domain line to resolve without a die. Rule: EFFECT.DOMAIN_ACTION."""

    clan: int
    origin: Origin | None = None


class MemberChoiceFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="member_choice"):
    """The Personal Domain action icon read as a member action of the clan's choice: a Courtier,
    Warrior or Gardener action, or decline. Rule: READING.DOMAIN_ICON ("members")."""

    clan: int
    origin: Origin | None = None


class OutsideFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="outside"):
    """Choose between the two member actions of an Outside the Walls space. Rule: OUTSIDE.CHOICES."""

    clan: int
    choices: tuple[Member, ...]


class RivalIconsFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="rival_icons"):
    """The rival's icons still to do this turn, in order. Rules: SOLO.TURN.ACT, SOLO.TURN.UNDOABLE."""

    clan: int
    icons: tuple[RivalIcon, ...]


class RivalGardenFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="rival_garden"):
    """The player breaks a tie between gardens of equal value for the rival's gardener.
    Rule: SOLO.ICON.GARDENER."""

    clan: int
    slots: tuple[int, ...]


class RivalRoomFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="rival_room"):
    """The player chooses the room the rival's courtier enters on ``floor`` (1 or 2).
    Rule: SOLO.ICON.CLIMB."""

    clan: int
    floor: int


class BotTurnFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="bot_turn"):
    """The Gingkogawa bot's turn in progress: the cards in its row, the stage ("flip", "check",
    "extra"), the icons queued and ``flips``, every flip this turn (reshuffles included: the search
    gives up with RulesGap when no card can find a die). It pauses only for a reshuffle (a chance
    decision).
    Rules: GINKGO.TURN.*."""

    clan: int
    flipped: tuple[str, ...] = ()
    stage: BotStage = "flip"
    icons: tuple[RivalIcon, ...] = ()
    flips: int = 0


class ShuffleFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="shuffle"):
    """Waiting for a chance outcome: the order of ``pool`` shuffled and put under the deck.
    Rule: GINKGO.DISCARD."""

    pool: tuple[str, ...]


class DealFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="deal"):
    """Waiting for the setup's chance outcome (a Deal). Rule: RULING.CHANCE_DEAL."""


class DraftFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="draft"):
    """``clan`` chooses a starting pair. Rule: SETUP.STARTING_PAIRS."""

    clan: int


class TurnFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="turn"):
    """``clan``'s turn: it takes a die and places it. Rule: TURN.SEQUENCE."""

    clan: int


class RollFrame(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="roll"):
    """Waiting for the end-of-round re-roll (a Roll). Rule: RULING.CHANCE_ROLL."""


PHASE_FRAMES = (DealFrame, DraftFrame, TurnFrame, RollFrame)
"""The frames the engine pushes from the phase of the game (the deal, a draft pick, a turn, the
re-roll), as opposed to pending work; :func:`reference.engine.settle` recomputes them."""

Frame = (
    DealFrame
    | DraftFrame
    | TurnFrame
    | RollFrame
    | BotTurnFrame
    | ShuffleFrame
    | RivalIconsFrame
    | RivalGardenFrame
    | RivalRoomFrame
    | EffectsFrame
    | InfluenceFrame
    | ResourceFrame
    | CourtierFrame
    | RoomFrame
    | LightRowFrame
    | RefillFrame
    | FavourFrame
    | MemberFrame
    | OptionalFrame
    | CastleRowFrame
    | DomainLineFrame
    | MemberChoiceFrame
    | OutsideFrame
)
