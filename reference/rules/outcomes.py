"""The outcome space of each chance decision, defined once: what the setup's shuffles and rolls
(the deal), the end-of-round re-roll and the Gingkogawa bot's reshuffle can give.

:func:`deal_space` and :func:`roll_space` say it for a setup; :func:`check_deal`, :func:`check_roll`
and :func:`check_shuffle` refuse an outcome outside it (the engine's checks); the sampler
(:mod:`reference.chance`) and the property suite's strategies draw from the same spaces.

Rules: RULING.CHANCE_DEAL, RULING.CHANCE_ROLL, RULING.DIE_TILE_LAYOUT, SETUP.DICE_PER_COLOUR,
SETUP.CASTLE_CARDS, SETUP.TWO_PLAYER_REMOVED, SETUP.DIE_TILES, SETUP.DIE_TILES.NO_MONO, SETUP.GARDENS,
SETUP.YARD_TILES, SETUP.STARTING_PAIRS, SETUP.TURN_ORDER, SOLO.SETUP.DECK, SOLO.ROUND.SHUFFLE,
GINKGO.DISCARD.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from msgspec import Struct

from reference.content import Catalogue, catalogue
from reference.errors import IllegalAction
from reference.model import COLOURS, Colour, Deal, GardenKind, Roll, Setup, Shuffle
from reference.rules.variant import Variant

STEWARD_ROOMS: Final = 3
DIPLOMAT_ROOMS: Final = 2
STEWARD_TILES: Final = 3
DIPLOMAT_TILES: Final = 2
WELL_TILES: Final = 2
"""Castle rooms and their die tiles; the last 2 tiles go to the Well. Rules: SETUP.CASTLE_CARDS,
SETUP.DIE_TILES, SETUP.WELL_TILES."""


def dice_per_colour(players: int) -> int:
    """Dice of each colour in play: clans + 1. Rule: SETUP.DICE_PER_COLOUR."""
    return players + 1


def cards_in_use(cat: Catalogue, players: int, floor: int) -> tuple[str, ...]:
    """Steward (1) or Diplomat (2) cards in play: cards marked with a diamond stay in the box at 1-2
    players. Rule: SETUP.TWO_PLAYER_REMOVED."""
    deck = cat.content.stewards if floor == 1 else cat.content.diplomats
    return tuple(c.id for c in deck if players > 2 or c.two_player)


def room_tiles(c: Catalogue, die_tiles: tuple[str, ...]) -> list[tuple[Colour, ...]]:
    """The die-tile colours of each castle room (3 per Stewards' room, 2 per Diplomats' room) for a
    layout of tile ids in slot order. Rules: SETUP.DIE_TILES, RULING.DIE_TILE_LAYOUT."""
    colours = [c.die_tiles[t].colour for t in die_tiles]
    rooms: list[tuple[Colour, ...]] = []
    at = 0
    for size in (STEWARD_TILES,) * STEWARD_ROOMS + (DIPLOMAT_TILES,) * DIPLOMAT_ROOMS:
        rooms.append(tuple(colours[at : at + size]))
        at += size
    return rooms


class DealSpace(Struct, frozen=True, kw_only=True):
    """Every deal a setup can have. Each field says what its part of a :class:`Deal` may be:
    ``turn_order`` fixed by the variant, or any ordering of ``players`` clans when None; ``dice``
    values 1..6 on each bridge; an ordering of ``stewards``, ``diplomats``, ``stone``, ``plant``,
    ``die_tiles`` (no castle room of one colour) and ``solo_deck``; one of ``daimyo``;
    ``yard_faces`` different ``yard_tiles`` in order; ``pairs`` starting pairs, each one of
    ``starting`` and one of ``actions``, none twice. Rules: RULING.CHANCE_DEAL, RULING.DIE_TILE_LAYOUT."""

    players: int
    turn_order: tuple[int, ...] | None
    dice: int
    stewards: tuple[str, ...]
    diplomats: tuple[str, ...]
    daimyo: tuple[str, ...]
    stone: tuple[str, ...]
    plant: tuple[str, ...]
    yard_tiles: tuple[str, ...]
    yard_faces: int
    die_tiles: tuple[str, ...]
    pairs: int
    starting: tuple[str, ...]
    actions: tuple[str, ...]
    solo_deck: tuple[str, ...]


@lru_cache(maxsize=64)
def deal_space(setup: Setup, variant: Variant) -> DealSpace:
    """The deals of a setup (its content, its number of clans, its variant)."""
    c = catalogue(setup.content)
    n = setup.players
    return DealSpace(
        players=n,
        turn_order=variant.first_order(setup),
        dice=dice_per_colour(n),
        stewards=cards_in_use(c, n, 1),
        diplomats=cards_in_use(c, n, 2),
        daimyo=tuple(d.id for d in c.content.daimyo),
        stone=tuple(g.id for g in c.content.gardens if g.kind is GardenKind.STONE),
        plant=tuple(g.id for g in c.content.gardens if g.kind is GardenKind.PLANT),
        yard_tiles=tuple(t.id for t in c.content.yard_tiles),
        yard_faces=sum(len(y.faces) for y in c.content.yards),
        die_tiles=tuple(t.id for t in c.content.die_tiles),
        pairs=variant.pairs(n),
        starting=tuple(s.id for s in c.content.starting_resources),
        actions=tuple(a.id for a in c.content.action_cards),
        solo_deck=variant.deck_ids(setup),
    )


def _bad(reason: str) -> IllegalAction:
    return IllegalAction("RULING.CHANCE_DEAL", f"invalid deal: {reason}")


def _permutation(name: str, given: tuple[str, ...], expected: tuple[str, ...]) -> None:
    if sorted(given) != sorted(expected):  # the same multiset (sorted: cheaper than Counter)
        raise _bad(f"{name} must be an ordering of {sorted(expected)}, got {list(given)}")


def _distinct(name: str, given: list[str], allowed: tuple[str, ...]) -> None:
    if len(set(given)) != len(given) or any(g not in allowed for g in given):
        raise _bad(f"pairs must name different {name}")


def check_deal(space: DealSpace, cat: Catalogue, deal: Deal) -> None:
    """Raise IllegalAction (rule RULING.CHANCE_DEAL, or SETUP.DIE_TILES.NO_MONO) unless the deal lies
    in ``space``."""
    n = space.players
    if sorted(deal.turn_order) != list(range(n)):
        raise _bad(f"turn_order must be a permutation of 0..{n - 1}")
    if space.turn_order is not None and deal.turn_order != space.turn_order:
        raise _bad(
            f"turn_order must be {list(space.turn_order)}: the rival's place is fixed "
            "(SOLO.SETUP.DIFFICULTY, GINKGO.SETUP)"
        )
    if len(deal.dice) != len(COLOURS) or any(len(d) != space.dice for d in deal.dice):
        raise _bad(f"dice must give {space.dice} values for each of the 3 bridges")
    if any(not 1 <= v <= 6 for d in deal.dice for v in d):
        raise _bad("die values must be 1..6")
    _permutation("stewards", deal.stewards, space.stewards)
    _permutation("diplomats", deal.diplomats, space.diplomats)
    if deal.daimyo not in space.daimyo:
        raise _bad(f"unknown Daimyo card {deal.daimyo!r}")
    _permutation("stone", deal.stone, space.stone)
    _permutation("plant", deal.plant, space.plant)
    faces = space.yard_faces
    if (
        len(deal.yard_tiles) != faces
        or len(set(deal.yard_tiles)) != faces
        or any(t not in space.yard_tiles for t in deal.yard_tiles)
    ):
        raise _bad(f"yard_tiles must name {faces} different yard tiles")
    _permutation("die_tiles", deal.die_tiles, space.die_tiles)
    for r, tiles in enumerate(room_tiles(cat, deal.die_tiles)):
        if len(set(tiles)) == 1:
            raise IllegalAction(
                "SETUP.DIE_TILES.NO_MONO",
                f"invalid deal: castle room {r} (rooms 0..4: Stewards' rooms 0-2, Diplomats' rooms 3-4) "
                f"would show only {tiles[0].value} die tiles",
            )
    if len(deal.pairs) != space.pairs:
        raise _bad(
            f"pairs must offer {space.pairs} starting pair(s) (SETUP.STARTING_PAIRS, SOLO.SETUP.TWO_PLAYER)"
        )
    if space.solo_deck:
        _permutation("solo_deck", deal.solo_deck, space.solo_deck)
    elif deal.solo_deck:
        raise _bad("solo_deck is only dealt in a solo game")
    _distinct("Starting Resource cards", [p[0] for p in deal.pairs], space.starting)
    _distinct("Action cards", [p[1] for p in deal.pairs], space.actions)


class RollSpace(Struct, frozen=True, kw_only=True):
    """Every end-of-round re-roll: ``dice`` values 1..6 on each bridge and an ordering of
    ``solo_deck`` (empty: no deck). Rules: RULING.CHANCE_ROLL, SOLO.ROUND.SHUFFLE."""

    dice: int
    solo_deck: tuple[str, ...]


def roll_space(setup: Setup, variant: Variant) -> RollSpace:
    """The re-rolls of a setup."""
    return RollSpace(dice=dice_per_colour(setup.players), solo_deck=variant.deck_ids(setup))


def check_roll(space: RollSpace, roll: Roll) -> None:
    """Raise IllegalAction (RULING.CHANCE_ROLL, SOLO.ROUND.SHUFFLE) unless the roll lies in ``space``."""
    per = space.dice
    if len(roll.dice) != len(COLOURS) or any(len(d) != per for d in roll.dice):
        raise IllegalAction("RULING.CHANCE_ROLL", f"a roll gives {per} dice for each of the 3 bridges")
    if any(not 1 <= v <= 6 for d in roll.dice for v in d):
        raise IllegalAction("RULING.CHANCE_ROLL", "die values must be 1..6")
    if space.solo_deck:
        if sorted(roll.solo_deck) != sorted(space.solo_deck):
            raise IllegalAction(
                "SOLO.ROUND.SHUFFLE", f"the roll must reshuffle the Solitaire deck {sorted(space.solo_deck)}"
            )
    elif roll.solo_deck:
        raise IllegalAction("RULING.CHANCE_ROLL", "solo_deck is only reshuffled in a solo game")


def check_shuffle(pool: tuple[str, ...], outcome: Shuffle) -> None:
    """Raise IllegalAction (GINKGO.DISCARD) unless the reshuffle orders exactly the cards of ``pool``."""
    if sorted(outcome.order) != sorted(pool):
        raise IllegalAction("GINKGO.DISCARD", f"the reshuffle must order exactly {sorted(pool)}")
