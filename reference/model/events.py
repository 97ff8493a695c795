"""Events: what an applied action did, as data.

Every change the engine makes is reported as one typed event, tagged with the rule IDs it applies
(``rules``: register IDs, the most specific first). ``apply`` leaves the events of the step in
``State.events``; they are not part of the position (the observation and the digest leave them
out). Nothing in the engine or the verification suite reads English: the readable log is made from
events by :mod:`reference.narrate`, only when someone reads it.

Conventions: ``clan`` is a clan index (in a solo game 0 is the player, 1 the rival); numbers are in
the game's units (coins, seals, Clan Points, resources, Passage of Time spaces); card, tile and
garden ids are those of the content; castle rooms are numbered 0..4 (Stewards' rooms 0-2, Diplomats'
rooms 3-4) and blocks of a card 0.. from the top, as on the wire; ``turn`` is the turn's number in
its round, 1-based (the position's ``turn`` counts the turns taken, so it equals this number once
the turn has begun).
"""

from __future__ import annotations

from typing import Literal

from msgspec import Struct

from reference.model.board import Board, ScoreLine
from reference.model.components import (
    Colour,
    Effect,
    Floor,
    GainKind,
    Member,
    Resource,
    RivalIcon,
    Slot,
    Space,
)
from reference.model.frames import Source
from reference.model.setup import Difficulty, PairColour, RivalKind


class EventBase(Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True, tag_field="event"):
    """Base of every event; the JSON form is tagged by ``event``. Each event has ``rules``: the register
    IDs it applies."""

    rules: tuple[str, ...]


Rules = tuple[str, ...]

# ---- setup, rounds, turns ---------------------------------------------------------------------------


class Dealt(EventBase, frozen=True, kw_only=True, tag="dealt"):
    """The setup chance outcome laid out the board: ``board`` as dealt, the first-round ``turn_order``,
    the Solitaire deck (top first; solo only), the starting pairs on offer (Starting Resource card,
    Action card) and the readings in force (register ID, value)."""

    players: int
    turn_order: tuple[int, ...]
    board: Board
    solo_deck: tuple[str, ...] = ()
    pairs: tuple[tuple[str, str], ...] = ()
    readings: tuple[tuple[str, str], ...] = ()
    rules: Rules = (
        "RULING.CHANCE_DEAL",
        "SETUP.BRIDGES_SORTED",
        "SETUP.CASTLE_CARDS",
        "SETUP.DIE_TILES",
        "SETUP.WELL_TILES",
        "SETUP.GARDENS",
        "SETUP.YARD_TILES",
        "SETUP.TURN_ORDER",
        "RULING.START_ORDER",
    )


class RivalStarts(EventBase, frozen=True, kw_only=True, tag="rival_starts"):
    """The solo rival's start: which rival, the difficulty, its Clan Points, its Passage of Time space
    and its place in the first round's turn order (0: first)."""

    clan: int
    rival: RivalKind
    difficulty: Difficulty
    cp: int
    time: int
    place: int
    rules: Rules = ("SOLO.SETUP.DIFFICULTY", "SOLO.SETUP.NO_DOMAIN")


class PairTaken(EventBase, frozen=True, kw_only=True, tag="pair_taken"):
    """A clan took a starting pair: the Starting Resource card starts its Lantern Area, the Action card
    goes on its Domain board; the card's gains follow as their own events."""

    clan: int
    starting: str
    action_card: str
    rules: Rules = ("SETUP.STARTING_PAIRS", "SETUP.STARTING_GAINS")


class RoundStarted(EventBase, frozen=True, kw_only=True, tag="round_started"):
    """A round begins, in this turn order."""

    round: int
    turn_order: tuple[int, ...]
    rules: Rules = ("ROUND.COUNT",)


class TurnStarted(EventBase, frozen=True, kw_only=True, tag="turn_started"):
    """A clan's turn begins (``turn``: its number in the round, 1-based)."""

    round: int
    turn: int
    clan: int
    rules: Rules = ("ROUND.COUNT", "TURN.SEQUENCE")


class RoundEnded(EventBase, frozen=True, kw_only=True, tag="round_ended"):
    """Every clan has taken its turns: the Passage of Time sets the next turn order."""

    round: int
    turn_order: tuple[int, ...]
    rules: Rules = ("ROUND.END_ORDER", "TIME.TURN_ORDER")


class HandIn(EventBase, frozen=True, kw_only=True, tag="hand_in"):
    """The rival's end-of-round hand-in: at its ``place`` in the new turn order (0 first) it hands in
    coins at ``rate`` coins per round number of Clan Points: it held ``coins``, gains ``points`` and
    keeps ``kept``."""

    clan: int
    round: int
    place: int
    rate: int
    coins: int
    points: int
    kept: int
    rules: Rules = ("SOLO.ROUND.HAND_IN",)


class GardensStep(EventBase, frozen=True, kw_only=True, tag="gardens_step"):
    """The Gardens step of rounds 1-2: the bridges that still hold a die."""

    round: int
    bridges: tuple[Colour, ...]
    rules: Rules = ("ROUND.GARDENS", "GARDENER.REACTIVATE", "RULING.GARDENS_STEP")


class RivalGardens(EventBase, frozen=True, kw_only=True, tag="rival_gardens"):
    """In the Gardens step the rival scores the round number per gardener that activates."""

    clan: int
    gardeners: int
    points: int
    rules: Rules = ("SOLO.ROUND.GARDENS",)


class BoardCleared(EventBase, frozen=True, kw_only=True, tag="board_cleared"):
    """Every placed die left the board; members, cards and tiles stay."""

    round: int
    rules: Rules = ("ROUND.CLEAR_REROLL",)


class Rerolled(EventBase, frozen=True, kw_only=True, tag="rerolled"):
    """The re-roll chance outcome: the board of the new round (its bridges sorted again; the castle
    cards as the last round left them) and, in a solo game, the reshuffled Solitaire deck (top
    first)."""

    round: int
    board: Board
    solo_deck: tuple[str, ...] = ()
    rules: Rules = ("RULING.CHANCE_ROLL", "ROUND.CLEAR_REROLL", "SETUP.BRIDGES_SORTED")


class GameOver(EventBase, frozen=True, kw_only=True, tag="game_over"):
    """Final scoring: every clan's breakdown and the winners (a tie is shared)."""

    scores: tuple[ScoreLine, ...]
    winners: tuple[int, ...]
    rules: Rules = ("ROUND.GAME_END", "SCORE.WINNER", "RULING.TIE_SHARED")


# ---- a turn: the die, the Lantern, the space ---------------------------------------------------


class DiePlaced(EventBase, frozen=True, kw_only=True, tag="die_placed"):
    """A die of ``colour`` and ``value`` taken from a bridge ``slot`` (a player takes only the left or
    right end) and placed on ``space`` against ``covered`` (a printed value or the die beneath);
    ``coins``: coins gained (positive) or paid (negative)."""

    clan: int
    colour: Colour
    slot: Slot
    value: int
    space: Space
    covered: int
    coins: int
    rules: Rules = ("PLACE.COIN_DIFFERENCE", "TURN.SEQUENCE")


class LanternActivated(EventBase, frozen=True, kw_only=True, tag="lantern_activated"):
    """The clan's Lantern: every icon of the cards of its Lantern Area (in the area's order)."""

    clan: int
    cards: tuple[str, ...]
    icons: tuple[Effect, ...]
    rules: Rules = ("LANTERN.TRIGGER", "LANTERN.GAIN_ALL")


class RowsMatched(EventBase, frozen=True, kw_only=True, tag="rows_matched"):
    """A die entered castle room ``room`` holding ``card``: the blocks whose die tile shows the die's
    colour (each resolves in turn)."""

    clan: int
    room: int
    card: str
    colour: Colour
    blocks: tuple[int, ...]
    rules: Rules = ("CASTLE.EVERY_MATCHING_ROW",)


class BlockResolved(EventBase, frozen=True, kw_only=True, tag="block_resolved"):
    """One block of a castle card resolves: the rows it covers (0 top, 1 middle, 2 bottom), whether it
    is dark, and its icons."""

    clan: int
    card: str
    block: int
    rows: tuple[int, ...]
    dark: bool
    icons: tuple[Effect, ...]
    rules: Rules = ("CASTLE.ROWS",)


class BlockChosen(EventBase, frozen=True, kw_only=True, tag="block_chosen"):
    """A die-tile or light-background action icon: the clan chose block ``block`` of ``card`` in castle
    room ``room`` (it then resolves, or asks its price first)."""

    clan: int
    room: int
    card: str
    block: int
    rules: Rules = ("EFFECT.DIE_TILE_ACTION",)


class WellResolved(EventBase, frozen=True, kw_only=True, tag="well_resolved"):
    """The Well: 1 seal and both Well tiles' rewards (by a die or by a Well action icon)."""

    clan: int
    tiles: tuple[str, ...]
    icons: tuple[Effect, ...]
    rules: Rules = ("WELL.REWARD",)


class DomainLineResolved(EventBase, frozen=True, kw_only=True, tag="domain_line_resolved"):
    """A Domain line: its base icon and the rewards uncovered by members sent (``rewards``), then the
    block ``block`` of the Domain card ``card`` lined up with it (None: no card)."""

    clan: int
    colour: Colour
    rewards: tuple[Effect, ...]
    card: str | None
    block: int | None
    rules: Rules = ("DOMAIN.REWARDS", "DOMAIN.CARD_BLOCK")


# ---- icons -------------------------------------------------------------------------------------


class Gained(EventBase, frozen=True, kw_only=True, tag="gained"):
    """A gain icon: ``n`` of ``what`` shown, ``kept`` of it held (less when a cap is reached)."""

    clan: int
    what: GainKind
    n: int
    kept: int
    rules: Rules = ("EFFECT.PLAIN_GAINS",)


class ResourceTaken(EventBase, frozen=True, kw_only=True, tag="resource_taken"):
    """One unit of a resource of the clan's choice (``kept`` 0 when the clan already holds 7)."""

    clan: int
    resource: Resource
    kept: int
    rules: Rules = ("EFFECT.RESOURCE_CHOICE",)


class DecreePlaced(EventBase, frozen=True, kw_only=True, tag="decree_placed"):
    """A Decree card goes into the clan's Lantern Area."""

    clan: int
    card: str
    rules: Rules = ("SETUP.STARTING_GAINS", "LANTERN.AREA")


class IconChosen(EventBase, frozen=True, kw_only=True, tag="icon_chosen"):
    """The clan chose which pending icon resolves next."""

    clan: int
    icon: Effect
    rules: Rules = ("RULING.EFFECTS_OPTIONAL_ORDER",)


class SealsTraded(EventBase, frozen=True, kw_only=True, tag="seals_traded"):
    """A seal trade: ``seals`` handed in for 1 coin (``into`` None) or 1 resource (``kept`` 0 when the
    clan already holds 7)."""

    clan: int
    seals: int
    into: Resource | None
    kept: int
    rules: Rules = ("SEALS.TRADE_COIN",)


OptionalWhat = Literal[
    "courtier",
    "warrior",
    "gardener",
    "outside",
    "castle_row",
    "light_row",
    "domain_line",
    "member_choice",
    "favour",
    "room",
]
"""The optional effects a clan can decline or that can find nothing to do."""


class Declined(EventBase, frozen=True, kw_only=True, tag="declined"):
    """The clan declined an optional effect (or ended a Courtier action)."""

    clan: int
    what: OptionalWhat
    rules: Rules = ("RULING.EFFECTS_OPTIONAL_ORDER",)


class NothingToDo(EventBase, frozen=True, kw_only=True, tag="nothing_to_do"):
    """An effect that cannot be used: no member left, no price that could be paid, no fitting block,
    no room with a card, no free favour."""

    clan: int
    what: OptionalWhat
    rules: Rules = ("RULING.MEMBER_FIZZLE",)


class OptionalPaid(EventBase, frozen=True, kw_only=True, tag="optional_paid"):
    """The clan paid an optional effect's price (seals, coins) and resolves its icons."""

    clan: int
    source: Source
    seals: int
    coins: int
    icons: tuple[Effect, ...]
    rules: Rules = ("RULING.EFFECTS_OPTIONAL_ORDER",)


class OptionalDeclined(EventBase, frozen=True, kw_only=True, tag="optional_declined"):
    """The clan declined an optional, priced effect: its price (seals, coins) and its icons."""

    clan: int
    source: Source
    seals: int
    coins: int
    icons: tuple[Effect, ...]
    rules: Rules = ("RULING.EFFECTS_OPTIONAL_ORDER",)


class OptionalUnaffordable(EventBase, frozen=True, kw_only=True, tag="optional_unaffordable"):
    """Even trading every seal could not pay the price: the effect is skipped."""

    clan: int
    source: Source
    seals: int
    coins: int
    rules: Rules = ("RULING.MEMBER_FIZZLE",)


# ---- the Passage of Time ----------------------------------------------------------------------


class TimeMoved(EventBase, frozen=True, kw_only=True, tag="time_moved"):
    """The clan's marker walked from ``start`` to ``end`` (free steps; the rival passes checkpoints
    without paying)."""

    clan: int
    start: int
    end: int
    rules: Rules = ("TIME.MOVE",)


class CheckpointPaid(EventBase, frozen=True, kw_only=True, tag="checkpoint_paid"):
    """The clan paid ``seals`` to enter checkpoint ``space``."""

    clan: int
    space: int
    seals: int
    rules: Rules = ("TIME.CHECKPOINTS", "SEALS.USES")


class CheckpointRefused(EventBase, frozen=True, kw_only=True, tag="checkpoint_refused"):
    """The clan chose not to pay for checkpoint ``space``: it stops before it; the ``lost`` steps left
    of the move are lost."""

    clan: int
    space: int
    seals: int
    lost: int
    rules: Rules = ("TIME.STOP", "RULING.LOST_STEPS")


class CheckpointUnaffordable(EventBase, frozen=True, kw_only=True, tag="checkpoint_unaffordable"):
    """The clan holds ``held`` seals, fewer than the ``seals`` checkpoint ``space`` costs: it stops
    before it; the ``lost`` steps left of the move are lost."""

    clan: int
    space: int
    seals: int
    held: int
    lost: int
    rules: Rules = ("TIME.STOP", "RULING.LOST_STEPS")


class MoveEnded(EventBase, frozen=True, kw_only=True, tag="move_ended"):
    """The marker ended its move on ``space``, on top of any marker there; ``lost`` steps went past the
    end of the track (RULING.TIME_END)."""

    clan: int
    space: int
    lost: int
    rules: Rules = ("TIME.STACK",)


# ---- members ------------------------------------------------------------------------------------


class OutsideChosen(EventBase, frozen=True, kw_only=True, tag="outside_chosen"):
    """The member action chosen at an Outside the Walls space."""

    clan: int
    member: Member
    rules: Rules = ("OUTSIDE.CHOICES",)


class MemberChosen(EventBase, frozen=True, kw_only=True, tag="member_chosen"):
    """The member action chosen for the Personal Domain action icon read as a member action."""

    clan: int
    member: Member
    rules: Rules = ("READING.DOMAIN_ICON",)


class CourtierAtGate(EventBase, frozen=True, kw_only=True, tag="courtier_at_gate"):
    """A courtier left the Domain board (or the rival's supply) for the Gate, for ``coins``."""

    clan: int
    coins: int
    rules: Rules = ("COURTIER.AUDIENCE", "MEMBERS.LEFTMOST")


class CourtierClimbed(EventBase, frozen=True, kw_only=True, tag="courtier_climbed"):
    """A courtier climbed from ``start`` to ``end`` for ``pearl`` Mother-of-Pearl."""

    clan: int
    start: Floor
    end: Floor
    pearl: int
    rules: Rules = ("COURTIER.CLIMB",)


class CardTaken(EventBase, frozen=True, kw_only=True, tag="card_taken"):
    """A courtier entered room ``room``: the Domain card ``tucked`` went into the Lantern Area and the
    room's ``card`` onto the Domain board."""

    clan: int
    room: int
    card: str
    tucked: str | None
    rules: Rules = ("COURTIER.FLOOR12.TUCK", "COURTIER.FLOOR12.TAKE_CARD", "LANTERN.GROWS")


class RoomDeckEmpty(EventBase, frozen=True, kw_only=True, tag="room_deck_empty"):
    """A courtier entered room ``room`` whose floor's deck is empty: the card stays; a light block of
    it resolves."""

    clan: int
    room: int
    card: str
    rules: Rules = ("COURTIER.FLOOR12.EMPTY_DECK",)


class NoRoomToEnter(EventBase, frozen=True, kw_only=True, tag="no_room_to_enter"):
    """Every room of the floor the climb ended on waits for its refill: the courtier stays."""

    clan: int
    floor: int
    rules: Rules = ("RULING.REFILL_AFTER_LIGHT",)


class RoomRefilled(EventBase, frozen=True, kw_only=True, tag="room_refilled"):
    """Room ``room`` gets ``card``, the top card of its floor's deck."""

    room: int
    card: str
    rules: Rules = ("COURTIER.FLOOR12.REFILL",)


class FavourTaken(EventBase, frozen=True, kw_only=True, tag="favour_taken"):
    """A courtier in the Daimyo's room took favour space ``slot`` (0-2) and its ``icons`` (the rival
    keeps only some of them)."""

    clan: int
    slot: int
    icons: tuple[Effect, ...]
    rules: Rules = ("COURTIER.DAIMYO.FAVOUR", "DAIMYO.FAVOURS")


class NoFreeFavour(EventBase, frozen=True, kw_only=True, tag="no_free_favour"):
    """Every favour space is taken: the courtier stays in the Daimyo's room."""

    clan: int
    rules: Rules = ("COURTIER.DAIMYO.FULL",)


class WarriorPlaced(EventBase, frozen=True, kw_only=True, tag="warrior_placed"):
    """A warrior went to the Training Yard of iron ``cost`` for ``iron``; its tiles' ``icons`` follow."""

    clan: int
    cost: int
    iron: int
    icons: tuple[Effect, ...]
    rules: Rules = ("WARRIOR.PLACE", "WARRIOR.TILE_ACTIONS")


class GardenerPlaced(EventBase, frozen=True, kw_only=True, tag="gardener_placed"):
    """A gardener went to garden ``card`` in slot ``slot`` (beside the ``bridge``) for ``food``."""

    clan: int
    slot: int
    card: str
    bridge: Colour
    food: int
    rules: Rules = ("GARDENER.PLACE",)


# ---- the solo rivals -----------------------------------------------------------------------------


class CardFlipped(EventBase, frozen=True, kw_only=True, tag="card_flipped"):
    """The rival flipped ``card``; ``top``, now on top of the deck, names the ``slot`` die of the
    ``bridge``; ``found`` says whether that die is there (the search stops) or not (it flips again).
    ``wrapped``: the row went back under the deck first (RULING.SOLO_DECK_EXHAUSTED)."""

    clan: int
    card: str
    top: str
    bridge: Colour
    slot: Slot
    found: bool
    wrapped: bool = False
    rules: Rules = ("SOLO.TURN.FIND_DIE",)


class SentToWell(EventBase, frozen=True, kw_only=True, tag="sent_to_well"):
    """The card's space already holds a die: the rival's die goes to the Well."""

    clan: int
    space: Space
    rules: Rules = ("SOLO.TURN.NO_STACK_WELL",)


class RivalActs(EventBase, frozen=True, kw_only=True, tag="rival_acts"):
    """The rival's icons for this turn, in the order it does them, from ``cards``."""

    clan: int
    cards: tuple[str, ...]
    icons: tuple[RivalIcon, ...]
    rules: Rules = ("SOLO.TURN.ACT",)


class CardsToBottom(EventBase, frozen=True, kw_only=True, tag="cards_to_bottom"):
    """The cards flipped this turn went under the deck, in the order flipped."""

    clan: int
    cards: tuple[str, ...]
    rules: Rules = ("SOLO.TURN.TO_BOTTOM",)


Undoable = Literal[
    "no_gardener",
    "no_garden",
    "no_warrior",
    "no_courtier",
    "no_courtier_to_climb",
    "past_daimyo",
]
"""Why a rival icon cannot be done: no member of that kind left, no garden of the kind without its
gardener, no courtier below the Daimyo's room, a climb past the Daimyo's room."""


class IconUndoable(EventBase, frozen=True, kw_only=True, tag="icon_undoable"):
    """A rival icon that cannot be done scores the round number (``points``)."""

    clan: int
    icon: RivalIcon
    why: Undoable
    points: int
    rules: Rules = ("SOLO.TURN.UNDOABLE",)


class GardenerTie(EventBase, frozen=True, kw_only=True, tag="gardener_tie"):
    """Gardens of equal lowest value for the rival's gardener: the player breaks the tie."""

    clan: int
    slots: tuple[int, ...]
    rules: Rules = ("SOLO.ICON.GARDENER", "RULING.RIVAL_GARDEN_VALUE")


class RivalRoomCard(EventBase, frozen=True, kw_only=True, tag="rival_room_card"):
    """The rival's courtier entered room ``room``: its card ``removed`` leaves the game and
    ``replacement`` takes its place (None: the deck is empty, the card stays)."""

    clan: int
    room: int
    removed: str | None
    replacement: str | None
    rules: Rules = ("SOLO.ICON.CLIMB", "RULING.RIVAL_CARD_REMOVED")


class BotZone(EventBase, frozen=True, kw_only=True, tag="bot_zone"):
    """The Gingkogawa bot reads the card's space as a zone and a position: the zone's spaces in search
    order from the shown one, and those already taken."""

    clan: int
    shown: Space
    order: tuple[Space, ...]
    taken: tuple[Space, ...]
    rules: Rules = ("GINKGO.ZONES", "GINKGO.SHOWN_POSITION")


PairVerdict = Literal["taken", "no_pair", "fits"]


class PairSearch(EventBase, frozen=True, kw_only=True, tag="pair_search"):
    """The bot's Stewards' pair search for a die of ``colour``: each room checked in order and what it
    found, under the reading ``pair_colour`` (READING.GINKGO_PAIR_COLOUR: "any" counts two die tiles
    of one colour, "die" two of the die's colour)."""

    clan: int
    colour: Colour
    pair_colour: PairColour
    checked: tuple[tuple[Space, PairVerdict], ...]
    rules: Rules = ("GINKGO.STEWARDS.PAIR",)


BotWhy = Literal["pair", "shown", "wrap", "full", "well_card"]
"""Why the bot's die goes where it goes: a Stewards' pair, the shown position, the search wrapped,
the zone is full, the card shows the Well."""


class BotTarget(EventBase, frozen=True, kw_only=True, tag="bot_target"):
    """Where the bot's die goes and why, the bonus icons it earns and which half of the last card
    flipped (``card``) it does (None: the whole card or none)."""

    clan: int
    card: str
    space: Space
    why: BotWhy
    bonus: tuple[RivalIcon, ...]
    half: Literal["top", "bottom"] | None = None
    rules: Rules = ("GINKGO.SHOWN_POSITION",)


class HardBonusCard(EventBase, frozen=True, kw_only=True, tag="hard_bonus_card"):
    """Hard bonus: the bot reveals ``card`` (the one now on top) and does its actions too."""

    clan: int
    card: str
    rules: Rules = ("GINKGO.BONUS", "RULING.GINKGO_HARD_NO_CARD")


class CardsDiscarded(EventBase, frozen=True, kw_only=True, tag="cards_discarded"):
    """The bot's flipped cards went to its discard pile."""

    clan: int
    cards: tuple[str, ...]
    rules: Rules = ("GINKGO.DISCARD",)


class DeckRanOut(EventBase, frozen=True, kw_only=True, tag="deck_ran_out"):
    """The bot's deck ran out: ``cards`` (its discard pile, or this turn's row but the last card when
    the pile is empty) wait to be reshuffled under it."""

    clan: int
    cards: tuple[str, ...]
    from_discard: bool
    rules: Rules = ("GINKGO.DISCARD",)


class Reshuffled(EventBase, frozen=True, kw_only=True, tag="reshuffled"):
    """The reshuffle chance outcome: the cards in their new order went under the bot's deck."""

    clan: int
    order: tuple[str, ...]
    rules: Rules = ("GINKGO.DISCARD",)


class CourtierInstead(EventBase, frozen=True, kw_only=True, tag="courtier_instead"):
    """Gingkogawa: the bot does ``instead`` in place of ``icon``: a climb with no courtier in the castle
    puts one at the Gate instead (and a climb 2 then moves it to the Stewards' floor); a
    Courtier-to-the-Gate with none left moves its lowest courtier up 1. The events of what it does
    follow (CourtierAtGate, CourtierClimbed)."""

    clan: int
    icon: RivalIcon
    instead: tuple[RivalIcon, ...]
    rules: Rules = ("GINKGO.EXTRA.COURTIER_MOVE", "RULING.GINKGO_NO_COURTIER")


Event = (
    Dealt
    | RivalStarts
    | PairTaken
    | RoundStarted
    | TurnStarted
    | RoundEnded
    | HandIn
    | GardensStep
    | RivalGardens
    | BoardCleared
    | Rerolled
    | GameOver
    | DiePlaced
    | LanternActivated
    | RowsMatched
    | BlockResolved
    | BlockChosen
    | WellResolved
    | DomainLineResolved
    | Gained
    | ResourceTaken
    | DecreePlaced
    | IconChosen
    | SealsTraded
    | Declined
    | NothingToDo
    | OptionalPaid
    | OptionalDeclined
    | OptionalUnaffordable
    | TimeMoved
    | CheckpointPaid
    | CheckpointRefused
    | CheckpointUnaffordable
    | MoveEnded
    | OutsideChosen
    | MemberChosen
    | CourtierAtGate
    | CourtierClimbed
    | CardTaken
    | RoomDeckEmpty
    | NoRoomToEnter
    | RoomRefilled
    | FavourTaken
    | NoFreeFavour
    | WarriorPlaced
    | GardenerPlaced
    | CardFlipped
    | SentToWell
    | RivalActs
    | CardsToBottom
    | IconUndoable
    | GardenerTie
    | RivalRoomCard
    | BotZone
    | PairSearch
    | BotTarget
    | HardBonusCard
    | CardsDiscarded
    | DeckRanOut
    | Reshuffled
    | CourtierInstead
)
