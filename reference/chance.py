"""Chance outcomes: the deal and the re-rolls are decisions whose outcome the caller supplies.

A seeded ``random.Random`` samples them here for the command line and the tests; any other
implementation can feed the same outcomes (they are plain values in a trace) and replay the game.
Rules: RULING.CHANCE_DEAL, RULING.CHANCE_ROLL, RULING.DIE_TILE_LAYOUT.
"""

from __future__ import annotations

import random

from reference.content import Catalogue, catalogue, provisional_deck
from reference.model import COLOURS, Deal, DecisionKind, GardenKind, Roll, Shuffle, ShuffleFrame, Solo, State
from reference.rules.rival import start_order
from reference.rules.rounds import cards_in_use, dice_per_colour, room_tiles


def _shuffled(rng: random.Random, items: tuple[str, ...]) -> tuple[str, ...]:
    out = list(items)
    rng.shuffle(out)
    return tuple(out)


def roll_dice(rng: random.Random, players: int) -> tuple[tuple[int, ...], ...]:
    """clans + 1 dice per bridge, each 1..6. Rule: SETUP.DICE_PER_COLOUR."""
    per = dice_per_colour(players)
    return tuple(tuple(rng.randint(1, 6) for _ in range(per)) for _ in COLOURS)


def die_tile_layout(rng: random.Random, cat: Catalogue) -> tuple[str, ...]:
    """A uniformly random layout of the 15 die tiles in which no castle room shows a single colour
    (rejection sampling). Rules: RULING.DIE_TILE_LAYOUT, SETUP.DIE_TILES.NO_MONO."""
    tiles = tuple(t.id for t in cat.content.die_tiles)
    while True:
        layout = _shuffled(rng, tiles)
        if all(len(set(room)) > 1 for room in room_tiles(cat, layout)):
            return layout


def sample_deal(
    rng: random.Random, players: int, cat: Catalogue | None = None, solo: Solo | None = None
) -> Deal:
    """A random setup outcome for ``players`` clans (a solo game: the rival's turn order by difficulty,
    one random starting pair, a shuffled Solitaire deck). Rules: RULING.CHANCE_DEAL, SOLO.SETUP.*."""
    c = cat if cat is not None else catalogue(None)
    order = list(range(players))
    rng.shuffle(order)
    if solo is not None:
        order = list(start_order(solo))
    yard_faces = sum(len(y.faces) for y in c.content.yards)
    pairs = 1 if solo is not None else players + 1
    srs = _shuffled(rng, tuple(s.id for s in c.content.starting_resources))[:pairs]
    acts = _shuffled(rng, tuple(a.id for a in c.content.action_cards))[:pairs]
    return Deal(
        turn_order=tuple(order),
        dice=roll_dice(rng, players),
        stewards=_shuffled(rng, cards_in_use(c, players, 1)),
        diplomats=_shuffled(rng, cards_in_use(c, players, 2)),
        daimyo=rng.choice([d.id for d in c.content.daimyo]),
        stone=_shuffled(rng, tuple(g.id for g in c.content.gardens if g.kind is GardenKind.STONE)),
        plant=_shuffled(rng, tuple(g.id for g in c.content.gardens if g.kind is GardenKind.PLANT)),
        yard_tiles=_shuffled(rng, tuple(t.id for t in c.content.yard_tiles))[:yard_faces],
        die_tiles=die_tile_layout(rng, c),
        pairs=tuple(zip(srs, acts, strict=True)),
        solo_deck=_shuffled(rng, _deck_ids(solo)) if solo is not None else (),
    )


def _deck_ids(solo: Solo) -> tuple[str, ...]:
    deck = solo.deck if solo.deck is not None else provisional_deck()
    return tuple(card.id for card in deck.cards)


def sample(state: State, rng: random.Random) -> Deal | Roll | Shuffle:
    """A random outcome for the pending chance decision. Raises ValueError when the state does not
    wait for chance."""
    if state.decision.kind is DecisionKind.DEAL:
        return sample_deal(rng, state.setup.players, catalogue(state.setup.content), state.setup.solo)
    if state.decision.kind is DecisionKind.ROLL:
        solo = state.setup.solo
        deck = _shuffled(rng, _deck_ids(solo)) if solo is not None else ()
        return Roll(roll_dice(rng, state.setup.players), deck)
    if state.decision.kind is DecisionKind.SHUFFLE:
        top = state.stack[-1]
        assert isinstance(top, ShuffleFrame)
        return Shuffle(_shuffled(rng, top.pool))
    raise ValueError(f"the state waits for a {state.decision.kind.value} decision, not chance")
