"""The value types of the engine: components, content, state, decisions and actions.

Every type here is an immutable ``msgspec.Struct`` (``frozen=True``): the engine never mutates a state,
it builds a new one. The same types are the wire format (see :mod:`reference.wire`): the JSON form of a
state, an action or a trace is produced from these definitions, not written by hand.

Units used in the docstrings: coins, Clan Points (CP), Daimyo Seals (seals), Passage of Time spaces,
resources (food, iron, Mother-of-Pearl, each 0..7).
"""

from __future__ import annotations

from enum import Enum

from msgspec import Struct

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


SPACES: tuple[Space, ...] = tuple(Space)
ROOM_SPACES: tuple[Space, ...] = (
    Space.STEWARD_1,
    Space.STEWARD_2,
    Space.STEWARD_3,
    Space.DIPLOMAT_1,
    Space.DIPLOMAT_2,
)
DOMAIN_SPACES: dict[Space, Colour] = {
    Space.DOMAIN_CORAL: Colour.CORAL,
    Space.DOMAIN_BLACK: Colour.BLACK,
    Space.DOMAIN_WHITE: Colour.WHITE,
}


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
    RIVAL_GARDEN = "rival_garden"
    RIVAL_ROOM = "rival_room"
    SHUFFLE = "shuffle"
    NONE = "none"


# --------------------------------------------------------------------------------------------
# Effects: the icon vocabulary of the printed content
# --------------------------------------------------------------------------------------------


class Gain(Struct, frozen=True, forbid_unknown_fields=True, tag="gain"):
    """Gain ``n`` of ``what`` (coins, a resource, seals, Clan Points). Caps: RESOURCES.CAP, SEALS.CAP."""

    what: GainKind
    n: int


class Influence(Struct, frozen=True, forbid_unknown_fields=True, tag="influence"):
    """Move the Influence marker ``n`` spaces on the Passage of Time. Rule: TIME.MOVE."""

    n: int


class ResourceChoice(Struct, frozen=True, forbid_unknown_fields=True, tag="resource_choice"):
    """Gain ``n`` resources, each of the clan's choice. Rule: EFFECT.RESOURCE_CHOICE."""

    n: int


class LanternIcon(Struct, frozen=True, forbid_unknown_fields=True, tag="lantern"):
    """Activate the Lantern. Rule: LANTERN.TRIGGER."""


class WellIcon(Struct, frozen=True, forbid_unknown_fields=True, tag="well"):
    """The Well action without a die. Rule: EFFECT.WELL_ACTION."""


class MemberIcon(Struct, frozen=True, forbid_unknown_fields=True, tag="member"):
    """Perform a full main action of that member. Rule: EFFECT.MEMBER_ACTION."""

    member: Member


class DieTileIcon(Struct, frozen=True, forbid_unknown_fields=True, tag="die_tile"):
    """Perform one castle row whose die tile has ``colour`` (any colour when None).
    Rules: EFFECT.DIE_TILE_ACTION, EFFECT.ANY_DIE_TILE."""

    colour: Colour | None = None


class LightIcon(Struct, frozen=True, forbid_unknown_fields=True, tag="light"):
    """Perform one light-background row of a castle card. Rule: EFFECT.LIGHT_ACTION."""


class DomainIcon(Struct, frozen=True, forbid_unknown_fields=True, tag="domain"):
    """Resolve one of your Domain lines without a die. Rules: EFFECT.DOMAIN_ACTION,
    RULING.DOMAIN_ACTION_ICON."""


class DecreeIcon(Struct, frozen=True, forbid_unknown_fields=True, tag="decree"):
    """Put the named Decree card into your Lantern Area. Rule: SETUP.STARTING_GAINS."""

    card: str


class PayCoins(Struct, frozen=True, forbid_unknown_fields=True, tag="pay_coins"):
    """Optionally pay ``n`` coins to resolve ``then``. Rule: GARDENER.ACTION_OPTIONAL."""

    n: int
    then: tuple[Effect, ...]


class BlockRef(Struct, frozen=True, forbid_unknown_fields=True, tag="block"):
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
PLAIN_EFFECTS = (Gain,)


# --------------------------------------------------------------------------------------------
# Content: cards and tiles (loaded from data files, see reference.content)
# --------------------------------------------------------------------------------------------


class Block(Struct, frozen=True, forbid_unknown_fields=True):
    """One action block of a castle card or Action card: the rows it covers (0 top, 1 middle,
    2 bottom), whether its background is dark, and its icons. Rule: CASTLE.ROWS."""

    rows: tuple[int, ...]
    dark: bool
    effects: tuple[Effect, ...]


class CastleCard(Struct, frozen=True, forbid_unknown_fields=True):
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


class StartingResourceCard(Struct, frozen=True, forbid_unknown_fields=True):
    """Gains taken at setup and the Lantern strip icon. Rules: SETUP.STARTING_GAINS, LANTERN.AREA."""

    id: str
    gains: tuple[Effect, ...]
    lantern: tuple[Effect, ...]


class DecreeCard(Struct, frozen=True, forbid_unknown_fields=True):
    """A Decree: only a Lantern icon. Rule: LANTERN.AREA."""

    id: str
    lantern: tuple[Effect, ...]


class DaimyoCard(Struct, frozen=True, forbid_unknown_fields=True):
    """A Daimyo's Favor card: three favour spaces, each with its reward. Rule: DAIMYO.FAVOURS."""

    id: str
    favours: tuple[tuple[Effect, ...], ...]


class GardenCard(Struct, frozen=True, forbid_unknown_fields=True):
    """A garden: food cost, Clan Points at the end, and the action. Rules: GARDENER.PLACE,
    GARDEN.PRICE_LADDER."""

    id: str
    kind: GardenKind
    food: int
    cp: int
    action: tuple[Effect, ...]


class YardTile(Struct, frozen=True, forbid_unknown_fields=True):
    """A double-sided Training Yard tile. Rule: SETUP.YARD_TILES."""

    id: str
    action: tuple[Effect, ...]
    reward: tuple[Effect, ...]


class DieTile(Struct, frozen=True, forbid_unknown_fields=True):
    """A die tile: colour side for the castle, reward side for the Well. Rule: SETUP.DIE_TILES."""

    id: str
    colour: Colour
    reward: tuple[Effect, ...]


class TrainingYard(Struct, frozen=True, forbid_unknown_fields=True):
    """A printed Training Yard: iron cost and Clan Points per warrior at the end, and which tile
    faces it holds ("action" or "reward"). Rule: SETUP.YARDS."""

    cost: int
    value: int
    faces: tuple[str, ...]


class DomainLine(Struct, frozen=True, forbid_unknown_fields=True):
    """A line of the Domain board: its member, die colour, card row, base icon and the reward under
    each of its 5 member spaces. Rules: DOMAIN.COLOUR_LOCK, DOMAIN.REWARDS, DOMAIN.CARD_BLOCK."""

    member: Member
    colour: Colour
    row: int
    base: tuple[Effect, ...]
    uncovered: tuple[tuple[Effect, ...], ...]


class TimeTrack(Struct, frozen=True, forbid_unknown_fields=True):
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


class Content(Struct, frozen=True, forbid_unknown_fields=True):
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
# Setup
# --------------------------------------------------------------------------------------------


# --------------------------------------------------------------------------------------------
# The solo game: the rival clan and its Solitaire deck
# --------------------------------------------------------------------------------------------


class Difficulty(str, Enum):
    """Solo difficulty. The Tokugawa visit says Easy/Medium/Hard; the Gingkogawa sheet calls the middle
    level Normal (accepted as a synonym of Medium). Rules: SOLO.SETUP.DIFFICULTY, GINKGO.SETUP."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


class RivalKind(str, Enum):
    """Which rival runs the Solitaire deck: the official Tokugawa visit or the Gingkogawa Clan bot."""

    TOKUGAWA = "tokugawa"
    GINGKOGAWA = "gingkogawa"


class GardenerTo(Struct, frozen=True, forbid_unknown_fields=True, tag="gardener_to"):
    """Rival icon: a Gardener to the lowest-value garden of ``kind`` without its gardener (any kind
    when None: the lowest of all). Rule: SOLO.ICON.GARDENER."""

    kind: GardenKind | None = None


class WarriorTo(Struct, frozen=True, forbid_unknown_fields=True, tag="warrior_to"):
    """Rival icon: a Warrior into the Training Yard of iron ``cost``. Rule: SOLO.ICON.WARRIOR."""

    cost: int


class CourtierToGate(Struct, frozen=True, forbid_unknown_fields=True, tag="courtier_to_gate"):
    """Rival icon: a Courtier to the Gate. Rule: SOLO.ICON.COURTIER."""


class ClimbUp(Struct, frozen=True, forbid_unknown_fields=True, tag="climb_up"):
    """Rival icon: its lowest Courtier climbs ``floors`` (1 or 2). Rule: SOLO.ICON.CLIMB."""

    floors: int


RivalIcon = Gain | Influence | GardenerTo | WarriorTo | CourtierToGate | ClimbUp
"""What a Solitaire card's action side can show (Gain only of coins or Clan Points). Rule: SOLO.ICONS."""


class SoloCard(Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A Solitaire card. Bridge side: a die colour and a bridge slot (left, centre, right) at the top,
    a placement space at the bottom. Action side: a top half and a bottom half, each a row of icons
    read left to right. Rules: SOLO.TURN.FIND_DIE, SOLO.TURN.PLACE, SOLO.TURN.ACT."""

    id: str
    bridge: Colour
    slot: Slot
    space: Space
    top: tuple[RivalIcon, ...]
    bottom: tuple[RivalIcon, ...]


class SoloDeck(Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A Solitaire deck as data; ``provisional`` marks a deck that is not a transcription of the
    printed cards (see README)."""

    name: str
    provisional: bool
    cards: tuple[SoloCard, ...]
    note: str = ""


class Solo(Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The solo game: clan 0 is the player, clan 1 the rival. ``deck`` None: the shipped deck.
    ``action_order``: the reading of "top to bottom and left to right" over the two flipped cards
    ("rows": both top halves, then both bottom halves; "cards": one card after the other).
    ``pair_colour``: for the Gingkogawa bot, which rooms count as having "two die tiles of the same
    colour" ("any": two tiles of one colour, whatever the die; "die": two tiles of the die's colour).
    Rules: SOLO.SETUP.*, READING.SOLO_ACTION_ORDER, READING.GINKGO_PAIR_COLOUR."""

    rival: RivalKind = RivalKind.TOKUGAWA
    difficulty: Difficulty = Difficulty.EASY
    deck: SoloDeck | None = None
    action_order: str = "rows"
    pair_colour: str = "any"


class Setup(Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """What a game is started from: the number of clans (2..4; Rule: SETUP.DICE_PER_COLOUR), the
    content (None: the shipped base game; a Content value: generated or transcribed content), and
    ``solo`` for a game against a rival (then ``players`` is 2: the player and the rival)."""

    players: int = 2
    content: Content | None = None
    solo: Solo | None = None


# --------------------------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------------------------


class Die(Struct, frozen=True, forbid_unknown_fields=True):
    """A placed die: its colour, its value (1..6) and the clan that placed it."""

    colour: Colour
    value: int
    clan: int


class Bridge(Struct, frozen=True, forbid_unknown_fields=True):
    """A bridge as three physical slots; ``centre`` holds the dice between the ends, lowest first.
    Rules: SETUP.BRIDGES_SORTED, BRIDGE.ENDS_ONLY, BRIDGE.SLIDE, RULING.LONE_DIE_SLOT."""

    colour: Colour
    left: int | None
    centre: tuple[int, ...]
    right: int | None

    def count(self) -> int:
        """Number of dice on the bridge."""
        return (self.left is not None) + len(self.centre) + (self.right is not None)


class Room(Struct, frozen=True, forbid_unknown_fields=True):
    """A castle room on floor 1 (Stewards) or 2 (Diplomats): its card (None once its deck could not
    refill it), its die tiles (one per row/block) and the dice placed this round."""

    floor: int
    card: str | None
    tiles: tuple[Colour, ...]
    dice: tuple[Die, ...] = ()


class GardenSlot(Struct, frozen=True, forbid_unknown_fields=True):
    """A garden card beside a bridge, with the clans whose gardener stands on it. Rule: SETUP.GARDENS."""

    bridge: Colour
    card: str
    gardeners: tuple[int, ...] = ()


class YardState(Struct, frozen=True, forbid_unknown_fields=True):
    """A Training Yard with its tiles (id, face) and the clans of the warriors in it."""

    cost: int
    value: int
    tiles: tuple[tuple[str, str], ...]
    warriors: tuple[int, ...] = ()


class Board(Struct, frozen=True, forbid_unknown_fields=True):
    """The main board."""

    bridges: tuple[Bridge, ...]
    rooms: tuple[Room, ...]
    steward_deck: tuple[str, ...]
    diplomat_deck: tuple[str, ...]
    daimyo: str
    favours: tuple[int | None, ...]
    outside: tuple[tuple[Die, ...], ...]
    well: tuple[Die, ...]
    well_tiles: tuple[str, ...]
    gardens: tuple[GardenSlot, ...]
    yards: tuple[YardState, ...]


class Clan(Struct, frozen=True, forbid_unknown_fields=True):
    """One clan's holdings.

    ``sent`` counts members that left the Domain board, per member in MEMBERS order (courtier,
    gardener, warrior), 0..5. ``courtiers`` counts courtiers per Floor (Gate, Stewards, Diplomats,
    Daimyo). ``domain_dice`` holds the die value on each Domain line this round (coral, black, white).
    ``time`` is the Passage of Time space, ``arrival`` the stacking order (higher is on top).
    ``rival`` marks the solo rival (no Domain board, never pays; Rules: SOLO.GOLDEN.*).
    """

    coins: int = 0
    seals: int = 0
    food: int = 0
    iron: int = 0
    pearl: int = 0
    cp: int = 0
    time: int = 0
    arrival: int = 0
    sent: tuple[int, int, int] = (0, 0, 0)
    courtiers: tuple[int, int, int, int] = (0, 0, 0, 0)
    domain_card: str | None = None
    lantern: tuple[str, ...] = ()
    domain_dice: tuple[int | None, int | None, int | None] = (None, None, None)
    rival: bool = False


# ---- Frames: the engine's pending work (a stack; the last frame is on top) -------------------


class EffectsFrame(Struct, frozen=True, forbid_unknown_fields=True, tag="effects"):
    """Icons still to resolve for ``clan``. Rule: RULING.EFFECTS_OPTIONAL_ORDER."""

    clan: int
    effects: tuple[Effect, ...]


class InfluenceFrame(Struct, frozen=True, forbid_unknown_fields=True, tag="influence"):
    """A Passage of Time move in progress. Rules: TIME.MOVE, TIME.CHECKPOINTS, TIME.STOP."""

    clan: int
    steps: int
    moved: bool = False


class ResourceFrame(Struct, frozen=True, forbid_unknown_fields=True, tag="resource"):
    """``n`` resources of the clan's choice still to pick. Rule: EFFECT.RESOURCE_CHOICE."""

    clan: int
    n: int


class CourtierFrame(Struct, frozen=True, forbid_unknown_fields=True, tag="courtier"):
    """A Courtier action: which of its two parts are done. Rule: COURTIER.ACTION."""

    clan: int
    audience: bool = False
    climb: bool = False


class RoomFrame(Struct, frozen=True, forbid_unknown_fields=True, tag="room"):
    """A courtier ended a climb on ``floor`` (1 or 2): choose the room. Rule: COURTIER.FLOOR12.TAKE_CARD."""

    clan: int
    floor: int


class LightRowFrame(Struct, frozen=True, forbid_unknown_fields=True, tag="light_row"):
    """Do one light block of ``card``. Rules: COURTIER.FLOOR12.TAKE_CARD, COURTIER.FLOOR12.EMPTY_DECK."""

    clan: int
    card: str


class RefillFrame(Struct, frozen=True, forbid_unknown_fields=True, tag="refill"):
    """Refill castle room ``room`` from its deck. Rule: COURTIER.FLOOR12.REFILL."""

    room: int


class FavourFrame(Struct, frozen=True, forbid_unknown_fields=True, tag="favour"):
    """A courtier reached the Daimyo's room after its Lantern: take a free favour. Rule:
    COURTIER.DAIMYO.FAVOUR."""

    clan: int


class MemberFrame(Struct, frozen=True, forbid_unknown_fields=True, tag="member_action"):
    """A Warrior or Gardener action waiting for its yard or garden. Rules: WARRIOR.PLACE, GARDENER.PLACE."""

    clan: int
    member: Member


class OptionalFrame(Struct, frozen=True, forbid_unknown_fields=True, tag="optional"):
    """An optional effect with a price (``seals`` and ``coins``): accept (pay and resolve) or decline.
    ``reason`` names what it is (a Steward dark row, a garden action). Rules: CASTLE.DARK_SEAL,
    GARDENER.ACTION_OPTIONAL, GARDENER.REACTIVATE."""

    clan: int
    reason: str
    effects: tuple[Effect, ...]
    seals: int = 0
    coins: int = 0


class CastleRowFrame(Struct, frozen=True, forbid_unknown_fields=True, tag="castle_row"):
    """Choose one castle block: of a die-tile colour (``light`` False) or a light block (``light``
    True). Rules: EFFECT.DIE_TILE_ACTION, EFFECT.ANY_DIE_TILE, EFFECT.LIGHT_ACTION."""

    clan: int
    light: bool
    colour: Colour | None = None


class DomainLineFrame(Struct, frozen=True, forbid_unknown_fields=True, tag="domain_line"):
    """Choose a Domain line to resolve without a die. Rule: EFFECT.DOMAIN_ACTION."""

    clan: int


class OutsideFrame(Struct, frozen=True, forbid_unknown_fields=True, tag="outside"):
    """Choose between the two member actions of an Outside the Walls space. Rule: OUTSIDE.CHOICES."""

    clan: int
    choices: tuple[Member, ...]


class RivalIconsFrame(Struct, frozen=True, forbid_unknown_fields=True, tag="rival_icons"):
    """The rival's icons still to do this turn, in order. Rules: SOLO.TURN.ACT, SOLO.TURN.UNDOABLE."""

    clan: int
    icons: tuple[RivalIcon, ...]


class RivalGardenFrame(Struct, frozen=True, forbid_unknown_fields=True, tag="rival_garden"):
    """The player breaks a tie between gardens of equal value for the rival's gardener.
    Rule: SOLO.ICON.GARDENER."""

    clan: int
    slots: tuple[int, ...]


class RivalRoomFrame(Struct, frozen=True, forbid_unknown_fields=True, tag="rival_room"):
    """The player chooses the room the rival's courtier enters on ``floor`` (1 or 2).
    Rule: SOLO.ICON.CLIMB."""

    clan: int
    floor: int


class BotTurnFrame(Struct, frozen=True, forbid_unknown_fields=True, tag="bot_turn"):
    """The Gingkogawa bot's turn in progress: the cards in its row, the stage ("flip", "check",
    "extra"), the icons queued and ``flips``, every flip this turn (reshuffles included: the search
    gives up with RulesGap when no card can find a die). It pauses only for a reshuffle (a chance
    decision).
    Rules: GINKGO.TURN.*."""

    clan: int
    flipped: tuple[str, ...] = ()
    stage: str = "flip"
    icons: tuple[RivalIcon, ...] = ()
    flips: int = 0


class ShuffleFrame(Struct, frozen=True, forbid_unknown_fields=True, tag="shuffle"):
    """Waiting for a chance outcome: the order of ``pool`` shuffled and put under the deck.
    Rule: GINKGO.DISCARD."""

    pool: tuple[str, ...]


Frame = (
    BotTurnFrame
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
    | OutsideFrame
)


class Decision(Struct, frozen=True, forbid_unknown_fields=True):
    """Who must decide next and what kind of decision it is. ``clan`` is None for chance decisions
    and at the end of the game."""

    kind: DecisionKind
    clan: int | None


class ScoreLine(Struct, frozen=True, forbid_unknown_fields=True):
    """A clan's final score by category (Clan Points). Rules: SCORE.*."""

    clan: int
    during_play: int
    coins_and_seals: int
    resources: int
    time: int
    courtiers: int
    warriors: int
    gardeners: int
    total: int


class State(Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A whole game position. ``turn`` counts turns taken in this round (0 .. 3 x clans).
    ``draft`` holds the starting pairs still on offer. ``arrivals`` is the stacking counter of the
    Passage of Time. ``scores`` and ``winners`` are set when the game is over. ``events`` is the
    readable account of what the last applied action did (for logs; not part of the observation).
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
    events: tuple[str, ...] = ()


# --------------------------------------------------------------------------------------------
# Actions (player decisions) and chance outcomes
# --------------------------------------------------------------------------------------------


class Deal(Struct, frozen=True, forbid_unknown_fields=True, tag="deal", kw_only=True):
    """Chance outcome of the setup (Rule: RULING.CHANCE_DEAL).

    ``turn_order``: a permutation of the clans. ``dice``: values 1..6 per bridge in COLOURS order,
    ``players + 1`` each. ``stewards``/``diplomats``: the shuffled decks in use (first cards fill the
    rooms). ``daimyo``: the Daimyo's Favor card. ``stone``/``plant``: shuffled garden piles (the first 3
    go beside the coral, black and white bridges). ``yard_tiles``: 4 tile ids, for the 5-iron yard
    (action face, reward face), the 3-iron yard (action face) and the 1-iron yard (reward face).
    ``die_tiles``: 15 tile ids in slot order (Steward rooms 1-3 top to bottom, Diplomat rooms 1-2, then
    the 2 Well tiles). ``pairs``: ``players + 1`` (Starting Resource card, Action card) pairs; in a
    solo game 1 pair, the player's random draw. ``solo_deck``: the shuffled Solitaire deck, top first
    (solo only).
    """

    turn_order: tuple[int, ...]
    dice: tuple[tuple[int, ...], ...]
    stewards: tuple[str, ...]
    diplomats: tuple[str, ...]
    daimyo: str
    stone: tuple[str, ...]
    plant: tuple[str, ...]
    yard_tiles: tuple[str, ...]
    die_tiles: tuple[str, ...]
    pairs: tuple[tuple[str, str], ...]
    solo_deck: tuple[str, ...] = ()


class Roll(Struct, frozen=True, forbid_unknown_fields=True, tag="roll"):
    """Chance outcome of the end-of-round re-roll: values 1..6 per bridge, and in a solo game the
    reshuffled Solitaire deck (top first). Rules: RULING.CHANCE_ROLL, SOLO.ROUND.SHUFFLE."""

    dice: tuple[tuple[int, ...], ...]
    solo_deck: tuple[str, ...] = ()


class Shuffle(Struct, frozen=True, forbid_unknown_fields=True, tag="shuffle"):
    """Chance outcome of a mid-game reshuffle of the bot's discard pile: the cards in their new order
    (top first). Rule: GINKGO.DISCARD."""

    order: tuple[str, ...]


class TakePair(Struct, frozen=True, forbid_unknown_fields=True, tag="take_pair"):
    """Take the starting pair at ``index`` of the offer. Rule: SETUP.STARTING_PAIRS."""

    index: int


class PlaceDie(Struct, frozen=True, forbid_unknown_fields=True, tag="place_die"):
    """Take the die at ``end`` of the ``bridge`` and place it on ``space``. Rule: TURN.SEQUENCE."""

    bridge: Colour
    end: End
    space: Space


class Trade(Struct, frozen=True, forbid_unknown_fields=True, tag="trade"):
    """Trade seals: 1 seal for 1 coin (``into`` None), or 2 seals for 1 resource.
    Rules: SEALS.TRADE_COIN, SEALS.TRADE_RESOURCE."""

    into: Resource | None = None


class Next(Struct, frozen=True, forbid_unknown_fields=True, tag="next"):
    """Resolve the pending effect at ``index`` next. Rule: RULING.EFFECTS_OPTIONAL_ORDER."""

    index: int


class TakeResource(Struct, frozen=True, forbid_unknown_fields=True, tag="take_resource"):
    """Pick one resource of a choice. Rule: EFFECT.RESOURCE_CHOICE."""

    resource: Resource


class PayCheckpoint(Struct, frozen=True, forbid_unknown_fields=True, tag="pay_checkpoint"):
    """Pay the seals of the next checkpoint and go on. Rule: TIME.CHECKPOINTS."""


class StopMove(Struct, frozen=True, forbid_unknown_fields=True, tag="stop"):
    """Refuse to pay a checkpoint: stop before it. Rules: TIME.STOP, RULING.LOST_STEPS."""


class Audience(Struct, frozen=True, forbid_unknown_fields=True, tag="audience"):
    """Pay 2 coins: leftmost courtier to the Gate. Rule: COURTIER.AUDIENCE."""


class Climb(Struct, frozen=True, forbid_unknown_fields=True, tag="climb"):
    """Pay 2 (1 floor) or 5 (2 floors) Mother-of-Pearl to move a courtier up from ``start``.
    Rule: COURTIER.CLIMB."""

    start: Floor
    floors: int


class ChooseRoom(Struct, frozen=True, forbid_unknown_fields=True, tag="choose_room"):
    """The room (index 0..4 in Space order of the castle rooms) a climbing courtier enters."""

    room: int


class ChooseBlock(Struct, frozen=True, forbid_unknown_fields=True, tag="choose_block"):
    """A card block: ``room`` None for the card just taken, else a castle room index."""

    block: int
    room: int | None = None


class ChooseFavour(Struct, frozen=True, forbid_unknown_fields=True, tag="choose_favour"):
    """A free favour space (0..2) of the Daimyo card. Rule: COURTIER.DAIMYO.FAVOUR."""

    slot: int


class ChooseYard(Struct, frozen=True, forbid_unknown_fields=True, tag="choose_yard"):
    """The Training Yard (by iron cost 5, 3 or 1). Rule: WARRIOR.PLACE."""

    cost: int


class ChooseGarden(Struct, frozen=True, forbid_unknown_fields=True, tag="choose_garden"):
    """The garden slot (0..5). Rule: GARDENER.PLACE."""

    slot: int


class ChooseLine(Struct, frozen=True, forbid_unknown_fields=True, tag="choose_line"):
    """The Domain line by colour. Rule: EFFECT.DOMAIN_ACTION."""

    line: Colour


class ChooseMember(Struct, frozen=True, forbid_unknown_fields=True, tag="choose_member"):
    """The member action of an Outside the Walls space. Rule: OUTSIDE.CHOICES."""

    member: Member


class Accept(Struct, frozen=True, forbid_unknown_fields=True, tag="accept"):
    """Pay and resolve the optional effect."""


class Decline(Struct, frozen=True, forbid_unknown_fields=True, tag="decline"):
    """Decline the pending optional effect (or end a Courtier action). Rule: RULING.EFFECTS_OPTIONAL_ORDER."""


Action = (
    Deal
    | Roll
    | Shuffle
    | TakePair
    | PlaceDie
    | Trade
    | Next
    | TakeResource
    | PayCheckpoint
    | StopMove
    | Audience
    | Climb
    | ChooseRoom
    | ChooseBlock
    | ChooseFavour
    | ChooseYard
    | ChooseGarden
    | ChooseLine
    | ChooseMember
    | Accept
    | Decline
)

CHANCE_ACTIONS = (Deal, Roll, Shuffle)
