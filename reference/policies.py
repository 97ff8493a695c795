"""Simple policies that choose among the legal actions, for playing whole games.

- ``random``: uniform among the decision's own options; seal trades only rarely (1 in 10 decisions).
- ``greedy``: one-step look-ahead: each option is applied, the clan's follow-up choices are settled
  with a plain default, and the result is valued as the clan's final score if the game ended now
  plus small amounts for resources, coins, seals and members sent; ties broken by the seeded
  random generator.

A policy is a function (state, legal actions, rng) -> action. Policies never see hidden information:
there is none in this game apart from the order of the decks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from reference.chance import choice
from reference.engine import apply, legal_actions
from reference.model import Action, DecisionKind, Decline, State, StopMove, Trade
from reference.rules.common import cat
from reference.rules.scoring import score_clan

Policy = Callable[[State, Sequence[Action], random.Random], Action]


def random_policy(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """Uniform among non-trade options; a seal trade 1 time in 10 when one is open. The seal trades
    come last, as :func:`~reference.engine.legal_actions` lists them."""
    split = len(actions)
    while split and type(actions[split - 1]) is Trade:  # exact: cheaper than isinstance, compiled
        split -= 1
    if split == len(actions):  # no trade open: most decisions
        return choice(rng, actions)
    own, trades = actions[:split], actions[split:]
    if not own or rng.random() < 0.1:
        return choice(rng, trades)
    return choice(rng, own)


def play_to_stop(state: State, rng: random.Random, policy: Policy = random_policy) -> State:
    """Take decisions with ``policy`` from ``state`` (at a decision) until the next stop: a clan's
    turn or starting pair, a chance outcome due, or the end of the game (at least one decision)."""
    from reference.conformance.outcome import is_stop

    while True:
        state = apply(state, policy(state, legal_actions(state), rng))
        if is_stop(state):
            return state


def value(state: State, clan: int) -> float:
    """A rough worth of a clan's position in Clan Points (for the greedy policy only): its final
    score if the game ended now, plus small amounts for what it could still turn into points."""
    holder = state.clans[clan]
    score = 0.0
    if state.board is not None:
        score = float(score_clan(state.board, clan, holder, cat(state), leftovers=not holder.rival).total)
    return (
        score
        + 1.0 * sum(holder.sent)
        + 0.3 * (holder.food + holder.iron + holder.pearl)
        + 0.2 * holder.coins
        + 0.3 * holder.seals
        + 0.4 * holder.time
    )


_SETTLE_LIMIT = 12


def _settle(state: State, clan: int) -> State:
    """Finish the clan's pending sub-decisions with a plain default (take the first option that
    is not a decline, a refusal or a trade), so an option is judged by what it leads to."""
    for _ in range(_SETTLE_LIMIT):
        decision = state.decision
        if decision.clan != clan or decision.kind in (DecisionKind.TURN, DecisionKind.DRAFT):
            return state
        options: list[Action] = [
            a for a in legal_actions(state) if not isinstance(a, (Trade, Decline, StopMove))
        ]
        if not options:
            options = [a for a in legal_actions(state) if not isinstance(a, Trade)]
        if not options:
            return state
        state = apply(state, options[0])
    return state


def greedy_policy(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """The option whose result (after settling the clan's sub-decisions) has the best ``value`` for
    the deciding clan; seal trades are not considered; ties broken by ``rng``."""
    clan = state.decision.clan
    assert clan is not None
    own: list[Action] = [a for a in actions if not isinstance(a, Trade)] or [*actions]
    best: list[Action] = []
    best_value = float("-inf")
    for action in own:
        v = value(_settle(apply(state, action), clan), clan)
        if v > best_value + 1e-9:
            best, best_value = [action], v
        elif abs(v - best_value) <= 1e-9:
            best.append(action)
    return choice(rng, best)


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}
"""Policies by name (the command line's ``--policy``)."""
