"""Actions: the decisions a clan takes and the chance outcomes the caller supplies (the deal, a
re-roll, a reshuffle). An action is applied to a state by :func:`reference.engine.apply`."""

from __future__ import annotations

from msgspec import Struct

from reference.model.components import Colour, End, Floor, Member, Resource, Space


class Deal(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="deal", kw_only=True):
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


class Roll(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="roll"):
    """Chance outcome of the end-of-round re-roll: values 1..6 per bridge, and in a solo game the
    reshuffled Solitaire deck (top first). Rules: RULING.CHANCE_ROLL, SOLO.ROUND.SHUFFLE."""

    dice: tuple[tuple[int, ...], ...]
    solo_deck: tuple[str, ...] = ()


class Shuffle(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="shuffle"):
    """Chance outcome of a mid-game reshuffle of the bot's discard pile: the cards in their new order
    (top first). Rule: GINKGO.DISCARD."""

    order: tuple[str, ...]


class TakePair(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="take_pair"):
    """Take the starting pair at ``index`` of the offer. Rule: SETUP.STARTING_PAIRS."""

    index: int


class PlaceDie(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="place_die"):
    """Take the die at ``end`` of the ``bridge`` and place it on ``space``. Rule: TURN.SEQUENCE."""

    bridge: Colour
    end: End
    space: Space


class Trade(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="trade"):
    """Trade seals: 1 seal for 1 coin (``into`` None), or 2 seals for 1 resource.
    Rules: SEALS.TRADE_COIN, SEALS.TRADE_RESOURCE."""

    into: Resource | None = None


class Next(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="next"):
    """Resolve the pending effect at ``index`` next. Rule: RULING.EFFECTS_OPTIONAL_ORDER."""

    index: int


class TakeResource(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="take_resource"):
    """Pick one resource of a choice. Rule: EFFECT.RESOURCE_CHOICE."""

    resource: Resource


class PayCheckpoint(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="pay_checkpoint"):
    """Pay the seals of the next checkpoint and go on. Rule: TIME.CHECKPOINTS."""


class StopMove(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="stop"):
    """Refuse to pay a checkpoint: stop before it. Rules: TIME.STOP, RULING.LOST_STEPS."""


class Audience(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="audience"):
    """Pay 2 coins: leftmost courtier to the Gate. Rule: COURTIER.AUDIENCE."""


class Climb(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="climb"):
    """Pay 2 (1 floor) or 5 (2 floors) Mother-of-Pearl to move a courtier up from ``start``.
    Rule: COURTIER.CLIMB."""

    start: Floor
    floors: int


class ChooseRoom(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="choose_room"):
    """The room (index 0..4 in Space order of the castle rooms) a climbing courtier enters."""

    room: int


class ChooseBlock(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="choose_block"):
    """A card block: ``room`` None for the card just taken, else a castle room index."""

    block: int
    room: int | None = None


class ChooseFavour(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="choose_favour"):
    """A free favour space (0..2) of the Daimyo card. Rule: COURTIER.DAIMYO.FAVOUR."""

    slot: int


class ChooseYard(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="choose_yard"):
    """The Training Yard (by iron cost 5, 3 or 1). Rule: WARRIOR.PLACE."""

    cost: int


class ChooseGarden(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="choose_garden"):
    """The garden slot (0..5). Rule: GARDENER.PLACE."""

    slot: int


class ChooseLine(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="choose_line"):
    """The Domain line by colour. Rule: EFFECT.DOMAIN_ACTION."""

    line: Colour


class ChooseMember(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="choose_member"):
    """The member action of an Outside the Walls space. Rule: OUTSIDE.CHOICES."""

    member: Member


class Accept(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="accept"):
    """Pay and resolve the optional effect."""


class Decline(Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag="decline"):
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
