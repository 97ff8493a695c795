"""What a game is started from: the number of clans, the content and, for a solo game, the rival,
its difficulty, its Solitaire deck and the readings in force."""

from __future__ import annotations

from enum import Enum
from typing import Final, Literal, TypeVar

from msgspec import Struct

from reference.model.components import Content, SoloDeck

ActionOrder = Literal["rows", "cards"]
"""READING.SOLO_ACTION_ORDER: both cards' top halves then both bottom halves ("rows"), or one card
after the other ("cards")."""

PairColour = Literal["any", "die"]
"""READING.GINKGO_PAIR_COLOUR: two die tiles of any one colour ("any") or of the die's colour ("die")."""

DomainIconReading = Literal["domain", "members"]
"""READING.DOMAIN_ICON: what the Personal Domain action icon (Plant garden G6, yard tile Y8) does:
resolve one of the clan's Domain lines without a die ("domain"), or a Courtier, Warrior or Gardener
action of the clan's choice ("members")."""

StoneGardenReading = Literal["light", "lantern"]
"""READING.STONE_GARDEN_ICON: the icon on the 2-food Stone garden (G4): any light-background action
("light") or the Lantern ("lantern")."""

CARD_READINGS: Final = ("READING.STONE_GARDEN_ICON",)
"""The readings of what a printed card shows, which a card's content may carry as alternative icons
(``GardenCard.readings``). READING.DOMAIN_ICON is not one: it reads an icon wherever it is printed."""

DOMAIN_ICONS: Final[tuple[DomainIconReading, ...]] = ("domain", "members")
"""The values of READING.DOMAIN_ICON, the default first."""

STONE_GARDENS: Final[tuple[StoneGardenReading, ...]] = ("light", "lantern")
"""The values of READING.STONE_GARDEN_ICON, the default first."""

ACTION_ORDERS: Final[tuple[ActionOrder, ...]] = ("rows", "cards")
"""The values of READING.SOLO_ACTION_ORDER, the default first."""

PAIR_COLOURS: Final[tuple[PairColour, ...]] = ("any", "die")
"""The values of READING.GINKGO_PAIR_COLOUR, the default first."""


_T = TypeVar("_T", bound=str)


def _one_of(rule: str, known: tuple[_T, ...], value: str) -> _T:
    """The value of ``known`` named ``value`` (the reading ``rule``); ValueError for another word."""
    for reading in known:
        if reading == value:
            return reading
    raise ValueError(f"{rule} is one of {', '.join(known)}, not {value!r}")


def action_order(value: str) -> ActionOrder:
    """The reading READING.SOLO_ACTION_ORDER named ``value``; ValueError for another word."""
    return _one_of("READING.SOLO_ACTION_ORDER", ACTION_ORDERS, value)


def pair_colour(value: str) -> PairColour:
    """The reading READING.GINKGO_PAIR_COLOUR named ``value``; ValueError for another word."""
    return _one_of("READING.GINKGO_PAIR_COLOUR", PAIR_COLOURS, value)


def domain_icon(value: str) -> DomainIconReading:
    """The reading READING.DOMAIN_ICON named ``value``; ValueError for another word."""
    return _one_of("READING.DOMAIN_ICON", DOMAIN_ICONS, value)


def stone_garden(value: str) -> StoneGardenReading:
    """The reading READING.STONE_GARDEN_ICON named ``value``; ValueError for another word."""
    return _one_of("READING.STONE_GARDEN_ICON", STONE_GARDENS, value)


BASE_READINGS: Final[tuple[tuple[str, str, tuple[str, ...]], ...]] = (
    ("READING.DOMAIN_ICON", "domain_icon", DOMAIN_ICONS),
    ("READING.STONE_GARDEN_ICON", "stone_garden", STONE_GARDENS),
)
"""The base-game readings, once: (register ID, field of :class:`Readings`, values with the default
first). Every other table of them (the values of an ID, the readings a game names) reads this one."""


def reading_values(rule: str) -> tuple[str, ...]:
    """The values of the base-game reading ``rule`` (a register ID), the default first; () for
    another ID."""
    return next((values for known, _, values in BASE_READINGS if known == rule), ())


class Readings(Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True):
    """The readings in force for rules of the base game whose printed evidence disagrees (any number
    of clans, solo too). ``domain_icon``: READING.DOMAIN_ICON; ``stone_garden``:
    READING.STONE_GARDEN_ICON (a card's alternative icons live in the content, ``GardenCard.readings``)."""

    domain_icon: DomainIconReading = "domain"
    stone_garden: StoneGardenReading = "light"

    def in_force(self) -> tuple[tuple[str, str], ...]:
        """Each base-game reading as (register ID, the value in force), in :data:`BASE_READINGS` order."""
        return tuple((rule, str(getattr(self, field))) for rule, field, _ in BASE_READINGS)

    def value_of(self, rule: str) -> str | None:
        """The reading in force for the register ID ``rule`` (None: not a reading of this struct)."""
        return dict(self.in_force()).get(rule)


DEFAULT_READINGS: Final = Readings()
"""The base-game readings in force when a setup names none (each reading's default)."""


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


class Solo(Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True):
    """The solo game: clan 0 is the player, clan 1 the rival. ``deck`` None: the shipped deck.
    ``action_order``: the reading of "top to bottom and left to right" over the two flipped cards
    ("rows": both top halves, then both bottom halves; "cards": one card after the other).
    ``pair_colour``: for the Gingkogawa bot, which rooms count as having "two die tiles of the same
    colour" ("any": two tiles of one colour, whatever the die; "die": two tiles of the die's colour).
    Rules: SOLO.SETUP.*, READING.SOLO_ACTION_ORDER, READING.GINKGO_PAIR_COLOUR."""

    rival: RivalKind = RivalKind.TOKUGAWA
    difficulty: Difficulty = Difficulty.EASY
    deck: SoloDeck | None = None
    action_order: ActionOrder = "rows"
    pair_colour: PairColour = "any"


class Setup(Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True):
    """What a game is started from: the number of clans (2..4; Rule: SETUP.DICE_PER_COLOUR), the
    content (None: the shipped base game; a Content value: generated or transcribed content),
    ``solo`` for a game against a rival (then ``players`` is 2: the player and the rival) and the
    ``readings`` of the base rules in force (READING.DOMAIN_ICON, READING.STONE_GARDEN_ICON)."""

    players: int = 2
    content: Content | None = None
    solo: Solo | None = None
    readings: Readings = DEFAULT_READINGS
