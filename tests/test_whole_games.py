"""Whole seeded games, with every state and step checked against the invariants of
properties/invariants.py and every final score recomputed from the final position by the rules,
category by category (``check_final``: not the engine's own breakdown). In CI: 180 random games at
each of 2, 3 and 4 clans and 100 seeds per solo difficulty against each rival; ``tox -e long`` (or
``WCREF_WHOLE_GAME_SEEDS=300``) plays 300 seeds per solo difficulty. The property machines play
generated games beside these."""

from __future__ import annotations

import os
import random

import pytest

from properties.invariants import check_final, check_state, check_step
from reference.chance import sample
from reference.engine import apply, is_chance, is_over, legal_actions, new_game
from reference.model import Difficulty, RivalKind, Setup, Solo, State
from reference.policies import greedy_policy, random_policy
from reference.wire import digest

SOLO_SEEDS = int(os.environ.get("WCREF_WHOLE_GAME_SEEDS", "100"))
"""Seeds per solo difficulty and rival (300 in ``tox -e long``)."""


def play_checked(setup: Setup, seed: int, *, greedy: bool = False) -> State:
    """Play one game; fail on the first broken invariant with the seed and the step."""
    rng = random.Random(seed)
    state = new_game(setup)
    steps = 0
    while not is_over(state):
        if is_chance(state):
            action = sample(state, rng)
        else:
            options = legal_actions(state)
            assert options, f"seed {seed}: no legal action at {state.decision}"
            policy = greedy_policy if greedy and state.decision.clan == 0 else random_policy
            action = policy(state, options, rng)
        after = apply(state, action)
        breaches = check_state(after) + check_step(state, action, after)
        assert not breaches, f"seed {seed}, step {steps} ({action!r}): {breaches}"
        state = after
        steps += 1
    assert state.scores
    assert state.winners
    breaches = check_final(state)
    assert not breaches, f"seed {seed}: the final scores break the rules: {breaches}"
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("chunk", range(4))
def test_random_games_finish_with_invariants(players: int, chunk: int) -> None:
    # 3 player counts x 4 chunks x 45 seeds = 540 complete games
    for seed in range(chunk * 45, (chunk + 1) * 45):
        final = play_checked(Setup(players=players), seed)
        assert final.round == 3
        assert len(final.scores) == players


@pytest.mark.parametrize("difficulty", list(Difficulty))
@pytest.mark.parametrize("half", range(2))
def test_tokugawa_rival_seeds_each(difficulty: Difficulty, half: int) -> None:
    setup = Setup(players=2, solo=Solo(difficulty=difficulty))
    for seed in range(half * SOLO_SEEDS // 2, (half + 1) * SOLO_SEEDS // 2):
        final = play_checked(setup, seed)
        rival = final.clans[1]
        assert rival.rival
        assert (rival.food, rival.iron, rival.pearl, rival.seals) == (0, 0, 0, 0)
        assert final.scores[1].resources == 0
        assert final.scores[1].coins_and_seals == 0


@pytest.mark.parametrize("difficulty", list(Difficulty))
@pytest.mark.parametrize("half", range(2))
def test_gingkogawa_bot_seeds_each(difficulty: Difficulty, half: int) -> None:
    setup = Setup(players=2, solo=Solo(rival=RivalKind.GINGKOGAWA, difficulty=difficulty))
    for seed in range(half * SOLO_SEEDS // 2, (half + 1) * SOLO_SEEDS // 2):
        final = play_checked(setup, seed)
        assert final.clans[1].rival


@pytest.mark.parametrize(
    "setup",
    [
        Setup(players=2),
        Setup(players=4),
        Setup(players=2, solo=Solo(difficulty=Difficulty.HARD)),
        Setup(players=2, solo=Solo(rival=RivalKind.GINGKOGAWA, difficulty=Difficulty.MEDIUM)),
    ],
    ids=["2p", "4p", "tokugawa-hard", "gingkogawa-normal"],
)
def test_same_seed_same_game(setup: Setup) -> None:
    assert digest(play_checked(setup, 11)) == digest(play_checked(setup, 11))
    assert digest(play_checked(setup, 11)) != digest(play_checked(setup, 12))


def test_greedy_games_finish() -> None:
    for seed in range(10):
        play_checked(Setup(players=2), seed, greedy=True)
