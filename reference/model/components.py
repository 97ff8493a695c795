"""The printed components as values: colours, resources, members, spaces, the icon vocabulary, cards,
tiles, the Passage of Time track and the Solitaire cards.

Every type is an immutable ``msgspec.Struct`` or an ``Enum``; content files decode into these types
(see :mod:`reference.content`), and the same types are the wire format.
"""

from __future__ import annotations

from enum import Enum
from typing import Final, Literal

from msgspec import Struct

Face = Literal["action", "reward"]
"""Which face of a Training Yard tile is up. Rule: SETUP.YARD_TILES."""

# --------------------------------------------------------------------------------------------
# Enumerations
# --------------------------------------------------------------------------------------------


class Colour(str, Enum):
    """Die and bridge colour. Rule: SETUP.DICE_PER_COLOUR (coral, black, white)."""

    CORAL = "coral"
    BLACK = "black"
    WHITE = "white"


COLOURS: tuple[Colour, ...] = (Colour.CORAL, Colour.BLACK, Colour.WHITE)


class Resource(str, Enum):
    """The three resources, each capped at 7 per clan. Rule: RESOURCES.CAP."""

    FOOD = "food"
    IRON = "iron"
    PEARL = "pearl"


RESOURCES: tuple[Resource, ...] = (Resource.FOOD, Resource.IRON, Resource.PEARL)


class Member(str, Enum):
    """The three kinds of clan member. Rule: SETUP.WORKERS (5 of each per clan)."""

    COURTIER = "courtier"
    GARDENER = "gardener"
    WARRIOR = "warrior"


MEMBERS: tuple[Member, ...] = (Member.COURTIER, Member.GARDENER, Member.WARRIOR)


class GainKind(str, Enum):
    """What a plain gain icon gives: coins, a resource, seals or Clan Points."""

    COIN = "coin"
    FOOD = "food"
    IRON = "iron"
    PEARL = "pearl"
    SEAL = "seal"
    CP = "cp"


class End(str, Enum):
    """An end of a bridge. Only ends can be taken. Rule: BRIDGE.ENDS_ONLY."""

    LEFT = "left"
    RIGHT = "right"


class Slot(str, Enum):
    """A physical slot of a bridge (used by the solo deck). Rule: RULING.LONE_DIE_SLOT."""

    LEFT = "left"
    CENTRE = "centre"
    RIGHT = "right"


class Space(str, Enum):
    """Every die space a clan can place on.

    Rules: CASTLE.STEWARD_VALUE, CASTLE.DIPLOMAT_VALUE, OUTSIDE.VALUE, WELL.VALUE, DOMAIN.VALUE.
    """

    STEWARD_1 = "steward_1"
    STEWARD_2 = "steward_2"
    STEWARD_3 = "steward_3"
    DIPLOMAT_1 = "diplomat_1"
    DIPLOMAT_2 = "diplomat_2"
    OUTSIDE_LEFT = "outside_left"
    OUTSIDE_RIGHT = "outside_right"
    WELL = "well"
    DOMAIN_CORAL = "domain_coral"
    DOMAIN_BLACK = "domain_black"
    DOMAIN_WHITE = "domain_white"


SpaceKind = Literal["room", "outside", "well", "domain"]
"""A castle room, an Outside the Walls space, the Well, a Domain line."""


class SpaceFacts(Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True):
    """Every printed fact about one die space, in one place: the game's name for it, its printed
    value, its kind and its index among the spaces of its kind (castle rooms 0-4 as on the board,
    Outside the Walls 0 left and 1 right, Domain lines 0-2 in COLOURS order), a castle room's floor,
    a Domain line's colour, and the member actions an Outside space offers."""

    name: str
    value: int
    kind: SpaceKind
    index: int = 0
    floor: int = 0
    colour: Colour | None = None
    choices: tuple[Member, ...] = ()


SPACE_FACTS: Final[dict[Space, SpaceFacts]] = {
    Space.STEWARD_1: SpaceFacts(name="Stewards' room 1", value=3, kind="room", index=0, floor=1),
    Space.STEWARD_2: SpaceFacts(name="Stewards' room 2", value=3, kind="room", index=1, floor=1),
    Space.STEWARD_3: SpaceFacts(name="Stewards' room 3", value=3, kind="room", index=2, floor=1),
    Space.DIPLOMAT_1: SpaceFacts(name="Diplomats' room 1", value=4, kind="room", index=3, floor=2),
    Space.DIPLOMAT_2: SpaceFacts(name="Diplomats' room 2", value=4, kind="room", index=4, floor=2),
    Space.OUTSIDE_LEFT: SpaceFacts(
        name="Outside the Walls (left)",
        value=5,
        kind="outside",
        index=0,
        choices=(Member.GARDENER, Member.COURTIER),
    ),
    Space.OUTSIDE_RIGHT: SpaceFacts(
        name="Outside the Walls (right)",
        value=5,
        kind="outside",
        index=1,
        choices=(Member.WARRIOR, Member.COURTIER),
    ),
    Space.WELL: SpaceFacts(name="the Well", value=1, kind="well"),
    Space.DOMAIN_CORAL: SpaceFacts(
        name="its coral Domain line", value=6, kind="domain", index=0, colour=Colour.CORAL
    ),
    Space.DOMAIN_BLACK: SpaceFacts(
        name="its black Domain line", value=6, kind="domain", index=1, colour=Colour.BLACK
    ),
    Space.DOMAIN_WHITE: SpaceFacts(
        name="its white Domain line", value=6, kind="domain", index=2, colour=Colour.WHITE
    ),
}
"""The facts of every die space. Rules: CASTLE.STEWARD_VALUE, CASTLE.DIPLOMAT_VALUE, OUTSIDE.VALUE,
OUTSIDE.CHOICES, WELL.VALUE, DOMAIN.VALUE, DOMAIN.COLOUR_LOCK, COURTIER.FLOORS."""

SPACES: tuple[Space, ...] = tuple(Space)
ROOM_SPACES: tuple[Space, ...] = tuple(s for s, f in SPACE_FACTS.items() if f.kind == "room")
"""The castle rooms' spaces, by room index (a view of SPACE_FACTS)."""
DOMAIN_SPACES: dict[Space, Colour] = {s: f.colour for s, f in SPACE_FACTS.items() if f.colour is not None}
"""The Domain lines' spaces and colours (a view of SPACE_FACTS)."""


class Floor(int, Enum):
    """Where a courtier stands: the Gate (0), the Stewards' floor (1), the Diplomats' floor (2) or
    the Daimyo's room (3). Rule: COURTIER.CLIMB."""

    GATE = 0
    STEWARDS = 1
    DIPLOMATS = 2
    DAIMYO = 3


class GardenKind(str, Enum):
    """Garden card type. Rule: SETUP.GARDENS."""

    STONE = "stone"
    PLANT = "plant"


# --------------------------------------------------------------------------------------------
# Effects: the icon vocabulary of the printed content
# --------------------------------------------------------------------------------------------


class Gain(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="gain"):
    """Gain ``n`` of ``what`` (coins, a resource, seals, Clan Points). Caps: RESOURCES.CAP, SEALS.CAP."""

    what: GainKind
    n: int


class Influence(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="influence"):
    """Move the Influence marker ``n`` spaces on the Passage of Time. Rule: TIME.MOVE."""

    n: int


class ResourceChoice(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="resource_choice"):
    """Gain ``n`` resources, each of the clan's choice. Rule: EFFECT.RESOURCE_CHOICE."""

    n: int


class LanternIcon(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="lantern"):
    """Activate the Lantern. Rule: LANTERN.TRIGGER."""


class WellIcon(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="well"):
    """The Well action without a die. Rule: EFFECT.WELL_ACTION."""


class MemberIcon(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="member"):
    """Perform a full main action of that member. Rule: EFFECT.MEMBER_ACTION."""

    member: Member


class DieTileIcon(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="die_tile"):
    """Perform one castle row whose die tile has ``colour`` (any colour when None).
    Rules: EFFECT.DIE_TILE_ACTION, EFFECT.ANY_DIE_TILE."""

    colour: Colour | None = None


class LightIcon(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="light"):
    """Perform one light-background row of a castle card. Rule: EFFECT.LIGHT_ACTION."""


class DomainIcon(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="domain"):
    """Resolve one of your Domain lines without a die. Rules: EFFECT.DOMAIN_ACTION,
    RULING.DOMAIN_ACTION_ICON."""


class DecreeIcon(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="decree"):
    """Put the named Decree card into your Lantern Area. Rule: SETUP.STARTING_GAINS."""

    card: str


class PayCoins(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="pay_coins"):
    """Optionally pay ``n`` coins to resolve ``then``. Rule: GARDENER.ACTION_OPTIONAL."""

    n: int
    then: tuple[Effect, ...]


class BlockRef(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="block"):
    """Engine-internal: one block of a castle card, resolved from ``room`` (None when the card is
    on a Domain board or has just been taken). Rules: CASTLE.EVERY_MATCHING_ROW, CASTLE.DARK_SEAL."""

    card: str
    block: int


Effect = (
    Gain
    | Influence
    | ResourceChoice
    | LanternIcon
    | WellIcon
    | MemberIcon
    | DieTileIcon
    | LightIcon
    | DomainIcon
    | DecreeIcon
    | PayCoins
    | BlockRef
)

#: Effects whose outcome never depends on order or on a decision (plain gains). Rule: RULING.GAINS_PER_ICON.

# --------------------------------------------------------------------------------------------
# Content: cards and tiles (loaded from data files, see reference.content)
# --------------------------------------------------------------------------------------------


class Block(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """One action block of a castle card or Action card: the rows it covers (0 top, 1 middle,
    2 bottom), whether its background is dark, and its icons. Rule: CASTLE.ROWS."""

    rows: tuple[int, ...]
    dark: bool
    effects: tuple[Effect, ...]


class CastleCard(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A Steward (floor 1), Diplomat (floor 2) or starting Action card (floor 0).

    ``two_player`` is False for cards marked with a diamond, left in the box at 1–2 players
    (Rule: SETUP.TWO_PLAYER_REMOVED). ``back`` is the Lantern icon shown once the card is tucked
    into a Lantern Area (Rule: LANTERN.BACKS).
    """

    id: str
    floor: int
    blocks: tuple[Block, ...]
    back: tuple[Effect, ...]
    two_player: bool = True


class StartingResourceCard(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """Gains taken at setup and the Lantern strip icon. Rules: SETUP.STARTING_GAINS, LANTERN.AREA."""

    id: str
    gains: tuple[Effect, ...]
    lantern: tuple[Effect, ...]


class DecreeCard(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A Decree: only a Lantern icon. Rule: LANTERN.AREA."""

    id: str
    lantern: tuple[Effect, ...]


class DaimyoCard(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A Daimyo's Favor card: three favour spaces, each with its reward. Rule: DAIMYO.FAVOURS."""

    id: str
    favours: tuple[tuple[Effect, ...], ...]


class IconReading(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A card's icons under one reading of a registered ambiguity: ``rule`` is the reading's register
    ID (READING.*), ``value`` the reading, ``action`` what the card shows under it."""

    rule: str
    value: str
    action: tuple[Effect, ...]


class GardenCard(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A garden: food cost, Clan Points at the end, and the action; ``readings``: the action under
    other readings of the printed card (READING.STONE_GARDEN_ICON). Rules: GARDENER.PLACE,
    GARDEN.PRICE_LADDER."""

    id: str
    kind: GardenKind
    food: int
    cp: int
    action: tuple[Effect, ...]
    readings: tuple[IconReading, ...] = ()


class YardTile(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A double-sided Training Yard tile. Rule: SETUP.YARD_TILES."""

    id: str
    action: tuple[Effect, ...]
    reward: tuple[Effect, ...]


class DieTile(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A die tile: colour side for the castle, reward side for the Well. Rule: SETUP.DIE_TILES."""

    id: str
    colour: Colour
    reward: tuple[Effect, ...]


class TrainingYard(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A printed Training Yard: iron cost and Clan Points per warrior at the end, and which tile
    faces it holds ("action" or "reward"). Rule: SETUP.YARDS."""

    cost: int
    value: int
    faces: tuple[Face, ...]


class DomainLine(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A line of the Domain board: its member, die colour, card row, base icon and the reward under
    each of its 5 member spaces. Rules: DOMAIN.COLOUR_LOCK, DOMAIN.REWARDS, DOMAIN.CARD_BLOCK."""

    member: Member
    colour: Colour
    row: int
    base: tuple[Effect, ...]
    uncovered: tuple[tuple[Effect, ...], ...]


class TimeTrack(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """The Passage of Time track: last space, checkpoint costs by space, end score by space.
    Rules: TIME.TRACK, TIME.CHECKPOINT_SPACES, SCORE.TIME."""

    last: int
    checkpoints: tuple[tuple[int, int], ...]
    score: tuple[int, ...]

    def checkpoint_cost(self, space: int) -> int:
        """Seals owed to enter ``space`` (0 when it is not a checkpoint)."""
        for where, cost in self.checkpoints:
            if where == space:
                return cost
        return 0


class Content(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """Everything printed that the engine reads: the base game by default. Validated on load."""

    stewards: tuple[CastleCard, ...]
    diplomats: tuple[CastleCard, ...]
    action_cards: tuple[CastleCard, ...]
    starting_resources: tuple[StartingResourceCard, ...]
    decrees: tuple[DecreeCard, ...]
    daimyo: tuple[DaimyoCard, ...]
    gardens: tuple[GardenCard, ...]
    yard_tiles: tuple[YardTile, ...]
    die_tiles: tuple[DieTile, ...]
    yards: tuple[TrainingYard, ...]
    domain: tuple[DomainLine, ...]
    time: TimeTrack
    provisional: tuple[str, ...] = ()


# --------------------------------------------------------------------------------------------
# The solo game: the rival clan and its Solitaire deck
# --------------------------------------------------------------------------------------------


class GardenerTo(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="gardener_to"):
    """Rival icon: a Gardener to the lowest-value garden of ``kind`` without its gardener (any kind
    when None: the lowest of all). Rule: SOLO.ICON.GARDENER."""

    kind: GardenKind | None = None


class WarriorTo(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="warrior_to"):
    """Rival icon: a Warrior into the Training Yard of iron ``cost``. Rule: SOLO.ICON.WARRIOR."""

    cost: int


class CourtierToGate(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="courtier_to_gate"):
    """Rival icon: a Courtier to the Gate. Rule: SOLO.ICON.COURTIER."""


class ClimbUp(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="climb_up"):
    """Rival icon: its lowest Courtier climbs ``floors`` (1 or 2). Rule: SOLO.ICON.CLIMB."""

    floors: int


RivalIcon = Gain | Influence | GardenerTo | WarriorTo | CourtierToGate | ClimbUp
"""What a Solitaire card's action side can show (Gain only of coins or Clan Points). Rule: SOLO.ICONS."""


CardField = Literal["bridge", "slot", "space", "top", "bottom"]
"""A field of a Solitaire card (for what a transcription has seen on a printed card)."""


class SoloCard(Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True):
    """A Solitaire card. Bridge side: a die colour and a bridge slot (left, centre, right) at the top,
    a placement space at the bottom. Action side: a top half and a bottom half, each a row of icons
    read left to right. ``printed`` names the fields seen on a printed card (the rest of a
    provisional card is a stand-in), ``note`` what is known beyond them. Rules: SOLO.TURN.FIND_DIE,
    SOLO.TURN.PLACE, SOLO.TURN.ACT, SOLO.CARDS."""

    id: str
    bridge: Colour
    slot: Slot
    space: Space
    top: tuple[RivalIcon, ...]
    bottom: tuple[RivalIcon, ...]
    printed: tuple[CardField, ...] = ()
    note: str = ""


class SoloDeck(Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True):
    """A Solitaire deck as data; ``provisional`` marks a deck that is not a transcription of the
    printed cards (see README)."""

    name: str
    provisional: bool
    cards: tuple[SoloCard, ...]
    note: str = ""
