"""Chance outcomes as properties: every deal and re-roll the strategies draw is accepted, and each
way of corrupting one is refused with the rule it breaks and the field it names, leaving the state
unchanged (RULING.CHANCE_DEAL, RULING.CHANCE_ROLL, SETUP.DIE_TILES.NO_MONO, SOLO.ROUND.SHUFFLE).
Fast: part of the mutation-testing selection (ISSUE 5)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from properties import strategies as strat
from reference import wire
from reference.chance import below, choice, shuffle
from reference.engine import apply, new_game
from reference.errors import IllegalAction
from reference.model import Deal, DecisionKind, Roll, Setup, State

FEW = settings(max_examples=15)


def _refused(state: State, action: Deal | Roll, rule: str, words: str) -> None:
    before = wire.encode(state)
    with pytest.raises(IllegalAction) as caught:
        apply(state, action)
    assert caught.value.rule == rule, caught.value
    assert words in caught.value.reason, caught.value.reason
    assert wire.encode(state) == before


def _first_twice(items: tuple[Any, ...]) -> tuple[Any, ...]:
    return (items[0], *items[:-1])


DEAL_FAULTS: dict[str, tuple[Callable[[Deal], Deal], str, str]] = {
    "turn order": (
        lambda d: replace(d, turn_order=_first_twice(d.turn_order)),
        "RULING.CHANCE_DEAL",
        "turn_order",
    ),
    "a bridge short": (
        lambda d: replace(d, dice=(d.dice[0], d.dice[1], d.dice[2][1:])),
        "RULING.CHANCE_DEAL",
        "dice",
    ),
    "a bridge missing": (lambda d: replace(d, dice=d.dice[:2]), "RULING.CHANCE_DEAL", "dice"),
    "a 7": (
        lambda d: replace(d, dice=((7, *d.dice[0][1:]), d.dice[1], d.dice[2])),
        "RULING.CHANCE_DEAL",
        "1..6",
    ),
    "a 0": (
        lambda d: replace(d, dice=(d.dice[0], (0, *d.dice[1][1:]), d.dice[2])),
        "RULING.CHANCE_DEAL",
        "1..6",
    ),
    "stewards": (lambda d: replace(d, stewards=_first_twice(d.stewards)), "RULING.CHANCE_DEAL", "stewards"),
    "diplomats": (lambda d: replace(d, diplomats=d.diplomats[1:]), "RULING.CHANCE_DEAL", "diplomats"),
    "daimyo": (lambda d: replace(d, daimyo="DF99"), "RULING.CHANCE_DEAL", "Daimyo"),
    "stone": (lambda d: replace(d, stone=_first_twice(d.stone)), "RULING.CHANCE_DEAL", "stone"),
    "plant": (lambda d: replace(d, plant=d.plant[:-1]), "RULING.CHANCE_DEAL", "plant"),
    "yard tiles short": (
        lambda d: replace(d, yard_tiles=d.yard_tiles[:-1]),
        "RULING.CHANCE_DEAL",
        "yard_tiles",
    ),
    "yard tile twice": (
        lambda d: replace(d, yard_tiles=_first_twice(d.yard_tiles)),
        "RULING.CHANCE_DEAL",
        "yard_tiles",
    ),
    "yard tile unknown": (
        lambda d: replace(d, yard_tiles=(*d.yard_tiles[:-1], "Y99")),
        "RULING.CHANCE_DEAL",
        "yard_tiles",
    ),
    "die tiles": (
        lambda d: replace(d, die_tiles=_first_twice(d.die_tiles)),
        "RULING.CHANCE_DEAL",
        "die_tiles",
    ),
    "a mono room": (
        lambda d: replace(d, die_tiles=tuple(sorted(d.die_tiles))),
        "SETUP.DIE_TILES.NO_MONO",
        "castle room",
    ),
    "pairs": (lambda d: replace(d, pairs=(*d.pairs, d.pairs[0])), "RULING.CHANCE_DEAL", "pair"),
}

MULTI_FAULTS: dict[str, tuple[Callable[[Deal], Deal], str, str]] = {
    "a Solitaire deck": (lambda d: replace(d, solo_deck=("P1",)), "RULING.CHANCE_DEAL", "solo_deck"),
    "a Starting Resource card twice": (
        lambda d: replace(
            d, pairs=((d.pairs[0][0], d.pairs[0][1]), (d.pairs[0][0], d.pairs[1][1]), *d.pairs[2:])
        ),
        "RULING.CHANCE_DEAL",
        "Starting Resource",
    ),
    "an unknown Starting Resource card": (
        lambda d: replace(d, pairs=(("SR99", d.pairs[0][1]), *d.pairs[1:])),
        "RULING.CHANCE_DEAL",
        "Starting Resource",
    ),
    "an Action card twice": (
        lambda d: replace(d, pairs=((d.pairs[0][0], d.pairs[1][1]), *d.pairs[1:])),
        "RULING.CHANCE_DEAL",
        "Action",
    ),
    "an unknown Action card": (
        lambda d: replace(d, pairs=((d.pairs[0][0], "A99"), *d.pairs[1:])),
        "RULING.CHANCE_DEAL",
        "Action",
    ),
}

SOLO_FAULTS: dict[str, tuple[Callable[[Deal], Deal], str, str]] = {
    "the rival's turn order": (
        lambda d: replace(d, turn_order=d.turn_order[::-1]),
        "RULING.CHANCE_DEAL",
        "rival",
    ),
    "the Solitaire deck": (
        lambda d: replace(d, solo_deck=d.solo_deck[1:]),
        "RULING.CHANCE_DEAL",
        "solo_deck",
    ),
}


def _dealt(data: st.DataObject, setup: Setup) -> tuple[State, Deal]:
    state = new_game(setup)
    deal = strat.draw_deal(data.draw, state)
    assert apply(state, deal).board is not None
    return state, deal


@pytest.mark.rule("RULING.CHANCE_DEAL")
@pytest.mark.parametrize("fault", sorted(DEAL_FAULTS))
@FEW
@given(setup=strat.setups(generated=0), data=st.data())
def test_a_corrupted_deal_is_refused(fault: str, setup: Setup, data: st.DataObject) -> None:
    state, deal = _dealt(data, setup)
    corrupt, rule, words = DEAL_FAULTS[fault]
    _refused(state, corrupt(deal), rule, words)


@pytest.mark.rule("RULING.CHANCE_DEAL")
@pytest.mark.parametrize("fault", sorted(MULTI_FAULTS))
@FEW
@given(setup=strat.setups(solo=False, generated=0), data=st.data())
def test_a_corrupted_multi_clan_deal_is_refused(fault: str, setup: Setup, data: st.DataObject) -> None:
    state, deal = _dealt(data, setup)
    corrupt, rule, words = MULTI_FAULTS[fault]
    _refused(state, corrupt(deal), rule, words)


@pytest.mark.rule("SOLO.SETUP.DIFFICULTY")
@pytest.mark.parametrize("fault", sorted(SOLO_FAULTS))
@FEW
@given(setup=strat.setups(solo=True, generated=0), data=st.data())
def test_a_corrupted_solo_deal_is_refused(fault: str, setup: Setup, data: st.DataObject) -> None:
    state, deal = _dealt(data, setup)
    corrupt, rule, words = SOLO_FAULTS[fault]
    _refused(state, corrupt(deal), rule, words)


def _at_roll(data: st.DataObject, setup: Setup) -> State:
    """Play (eager decisions) to the first re-roll."""
    state, deal = _dealt(data, setup)
    state = apply(state, deal)
    from reference.engine import is_chance, legal_actions

    while state.decision.kind is not DecisionKind.ROLL:
        if is_chance(state):
            state = apply(state, strat.draw_outcome(data.draw, state))
        else:
            state = apply(state, strat.choose(data, state, legal_actions(state), "eager"))
    return state


@pytest.mark.rule("RULING.CHANCE_ROLL")
@FEW
@given(setup=strat.setups(generated=0), data=st.data())
def test_a_corrupted_roll_is_refused(setup: Setup, data: st.DataObject) -> None:
    state = _at_roll(data, setup)
    roll = strat.draw_roll(data.draw, state)
    assert apply(state, roll).round == 2
    dice = roll.dice
    _refused(state, replace(roll, dice=dice[:2]), "RULING.CHANCE_ROLL", "dice for each")
    _refused(
        state, replace(roll, dice=(dice[0][1:], dice[1], dice[2])), "RULING.CHANCE_ROLL", "dice for each"
    )
    _refused(state, replace(roll, dice=(dice[0], dice[1], (7, *dice[2][1:]))), "RULING.CHANCE_ROLL", "1..6")
    _refused(state, replace(roll, dice=((0, *dice[0][1:]), dice[1], dice[2])), "RULING.CHANCE_ROLL", "1..6")
    if setup.solo is None:
        _refused(state, replace(roll, solo_deck=("P1",)), "RULING.CHANCE_ROLL", "solo_deck")
    else:
        _refused(state, replace(roll, solo_deck=roll.solo_deck[1:]), "SOLO.ROUND.SHUFFLE", "reshuffle")


@settings(max_examples=200)
@given(seed=st.integers(0, 2**64), size=st.integers(0, 70), n=st.integers(1, 2**40))
def test_the_sampler_draws_what_random_random_draws(seed: int, size: int, n: int) -> None:
    """The sampler's shuffle, choice and dice draw what ``random.Random`` draws from the same seed,
    and use up the same draws: a seeded game is the same game as before it drew them itself."""
    ours, theirs = random.Random(seed), random.Random(seed)
    items, expected = list(range(size)), list(range(size))
    shuffle(ours, items)
    theirs.shuffle(expected)
    assert items == expected
    assert below(ours, n) == theirs.randrange(n)
    assert [1 + below(ours, 6) for _ in range(5)] == [theirs.randint(1, 6) for _ in range(5)]
    if items:
        assert choice(ours, items) == theirs.choice(items)
    assert ours.getstate() == theirs.getstate()


def test_the_sampler_refuses_to_draw_from_nothing() -> None:
    rng = random.Random(0)
    before = rng.getstate()
    with pytest.raises(ValueError, match="nothing to draw from: 0"):
        below(rng, 0)
    with pytest.raises(ValueError, match="nothing to draw from"):
        choice(rng, ())
    assert rng.getstate() == before
