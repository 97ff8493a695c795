"""Chance outcomes: the deal, the re-rolls and the bot's reshuffles are decisions whose outcome the
caller supplies.

A seeded ``random.Random`` samples them here for the command line and the tests, from the outcome
spaces of :mod:`reference.rules.outcomes` (the same spaces the engine checks outcomes against and the
property suite draws from); any other implementation can feed the same outcomes (they are plain
values in a trace) and replay the game. Rules: RULING.CHANCE_DEAL, RULING.CHANCE_ROLL,
RULING.DIE_TILE_LAYOUT, GINKGO.DISCARD.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from reference.content import Catalogue, catalogue
from reference.model import COLOURS, Deal, DecisionKind, Roll, Setup, Shuffle, ShuffleFrame, State
from reference.rules.outcomes import DealSpace, RollSpace, deal_space, roll_space, room_tiles
from reference.rules.solo import variant_of

T = TypeVar("T")


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in 0 .. ``n`` - 1 (``n`` >= 1, else ValueError), drawn as ``random.Random``
    draws one for ``choice``, ``randint`` and ``shuffle``: ``getrandbits`` of ``n``'s bit length,
    drawn again while it is ``n`` or more. The same draws in one call instead of three to four (a
    seeded game is the same game, faster): tests/test_properties_chance.py compares them. (Python's
    own methods draw otherwise for a subclass that overrides ``random`` alone; this one always draws
    with ``getrandbits``.)"""
    if n < 1:
        raise ValueError(f"nothing to draw from: {n} value(s)")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """One of ``items`` (not empty, else ValueError), as ``rng.choice(items)`` would pick it."""
    return items[below(rng, len(items))]


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place, as ``rng.shuffle(items)`` would (the same swaps, the same draws)."""
    getrandbits = rng.getrandbits  # below's draw written out: a call per item cost 1 % of a game
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _shuffled(rng: random.Random, items: tuple[str, ...]) -> tuple[str, ...]:
    out = list(items)
    shuffle(rng, out)
    return tuple(out)


def roll_dice(rng: random.Random, per_bridge: int) -> tuple[tuple[int, ...], ...]:
    """``per_bridge`` dice on each bridge, each 1..6 (as ``rng.randint(1, 6)`` rolls them). Rule:
    SETUP.DICE_PER_COLOUR."""
    return tuple(tuple(1 + below(rng, 6) for _ in range(per_bridge)) for _ in COLOURS)


def die_tile_layout(rng: random.Random, cat: Catalogue, tiles: tuple[str, ...]) -> tuple[str, ...]:
    """A uniformly random layout of the die tiles in which no castle room shows a single colour
    (rejection sampling). Rules: RULING.DIE_TILE_LAYOUT, SETUP.DIE_TILES.NO_MONO."""
    while True:
        layout = _shuffled(rng, tiles)
        if all(len(set(room)) > 1 for room in room_tiles(cat, layout)):
            return layout


def sample_deal(rng: random.Random, space: DealSpace, cat: Catalogue) -> Deal:
    """A random deal from the space of a setup's deals. Rules: RULING.CHANCE_DEAL, SOLO.SETUP.*."""
    order = list(range(space.players))
    shuffle(rng, order)
    turn_order = space.turn_order if space.turn_order is not None else tuple(order)
    pairs = space.pairs
    srs = _shuffled(rng, space.starting)[:pairs]
    acts = _shuffled(rng, space.actions)[:pairs]
    return Deal(
        turn_order=turn_order,
        dice=roll_dice(rng, space.dice),
        stewards=_shuffled(rng, space.stewards),
        diplomats=_shuffled(rng, space.diplomats),
        daimyo=choice(rng, space.daimyo),
        stone=_shuffled(rng, space.stone),
        plant=_shuffled(rng, space.plant),
        yard_tiles=_shuffled(rng, space.yard_tiles)[: space.yard_faces],
        die_tiles=die_tile_layout(rng, cat, space.die_tiles),
        pairs=tuple(zip(srs, acts, strict=True)),
        solo_deck=_shuffled(rng, space.solo_deck),
    )


def sample_roll(rng: random.Random, space: RollSpace) -> Roll:
    """A random re-roll (and reshuffled Solitaire deck) from the space of a setup's re-rolls.
    Rules: RULING.CHANCE_ROLL, SOLO.ROUND.SHUFFLE."""
    deck = _shuffled(rng, space.solo_deck)  # the deck first: seeded games stay the same
    return Roll(roll_dice(rng, space.dice), deck)


def deal_for(setup: Setup, rng: random.Random) -> Deal:
    """A random deal for a setup."""
    return sample_deal(rng, deal_space(setup, variant_of(setup)), catalogue(setup.content))


def sample(state: State, rng: random.Random) -> Deal | Roll | Shuffle:
    """A random outcome for the pending chance decision. Raises ValueError when the state does not
    wait for chance."""
    setup = state.setup
    if state.decision.kind is DecisionKind.DEAL:
        return deal_for(setup, rng)
    if state.decision.kind is DecisionKind.ROLL:
        return sample_roll(rng, roll_space(setup, variant_of(setup)))
    if state.decision.kind is DecisionKind.SHUFFLE:
        top = state.stack[-1]
        assert isinstance(top, ShuffleFrame)
        return Shuffle(_shuffled(rng, top.pool))
    raise ValueError(f"the state waits for a {state.decision.kind.value} decision, not chance")
