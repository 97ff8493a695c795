"""Simple policies that choose among the legal actions, for playing whole games.

- ``random``: uniform among the decision's own options; seal trades only rarely (1 in 10 decisions).
- ``greedy``: one-step look-ahead on a plain value of the clan's holdings (Clan Points now, members
  placed, resources, coins, seals, Passage of Time), ties broken by the seeded random generator.

A policy is a function (state, legal actions, rng) -> action. Policies never see hidden information:
there is none in this game apart from the order of the decks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from reference.engine import apply
from reference.model import Action, Clan, State, Trade
from reference.rules.scoring import courtier_points

Policy = Callable[[State, Sequence[Action], random.Random], Action]


def random_policy(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """Uniform among non-trade options; a seal trade 1 time in 10 when one is open."""
    own = [a for a in actions if not isinstance(a, Trade)]
    trades = [a for a in actions if isinstance(a, Trade)]
    if trades and (not own or rng.random() < 0.1):
        return rng.choice(trades)
    return rng.choice(own)


def value(clan: Clan) -> float:
    """A rough worth of a clan's position in Clan Points (for the greedy policy only)."""
    return (
        clan.cp
        + 1.5 * sum(clan.sent)
        + courtier_points(clan)
        + 0.4 * (clan.food + clan.iron + clan.pearl)
        + 0.3 * clan.coins
        + 0.5 * clan.seals
        + 0.6 * clan.time
    )


def greedy_policy(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """The option whose immediate result has the best ``value`` for the deciding clan (no trades)."""
    clan = state.decision.clan
    assert clan is not None
    own: list[Action] = [a for a in actions if not isinstance(a, Trade)] or [*actions]
    best: list[Action] = []
    best_value = float("-inf")
    for action in own:
        after = apply(state, action)
        v = value(after.clans[clan])
        if v > best_value + 1e-9:
            best, best_value = [action], v
        elif abs(v - best_value) <= 1e-9:
            best.append(action)
    return rng.choice(best)


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}
"""Policies by name (the command line's ``--policy``)."""
