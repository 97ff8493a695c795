"""Play whole games: the engine loop with a policy per clan and a chance sampler.

:func:`play_game` drives a game from ``new_game(setup)`` to the end: chance decisions are sampled
(by default with :func:`reference.chance.sample`), every other decision is taken by the deciding
clan's policy. Everything random comes from the one generator passed in, so a seed fixes the game.
The result, a :class:`GameRecord`, holds the final state, every action in order (a trace's actions)
and, per action, where it happened and the typed events it produced.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

import msgspec

from reference.chance import sample
from reference.engine import apply, is_chance, is_over, legal_actions, new_game
from reference.errors import WhiteCastleError
from reference.model import Action, DecisionKind, Event, Phase, Setup, State
from reference.policies import Policy

Sampler = Callable[[State, random.Random], Action]
"""Gives the outcome of a pending chance decision (the deal, a re-roll, ...) as an action."""

PolicyForClan = Callable[[int], Policy]
"""The policy that decides for a clan (by clan index)."""

MAX_ACTIONS: Final = 100_000
"""A game that has not ended after this many actions is reported as stalled (an engine bug)."""


class GameStalled(WhiteCastleError):
    """The game cannot go on: no legal action at a player decision, or no end in sight."""


class GameStopped(WhiteCastleError):
    """The engine stopped the game (a ``RulesGap``, a refused action, a stall): ``cause`` is the
    engine's error and ``record`` the game so far: its actions end with the one that stopped it (when an
    action did), its ``final`` state is the last state reached; the best bug report there is."""

    def __init__(self, cause: WhiteCastleError, record: GameRecord) -> None:
        super().__init__(f"{type(cause).__name__}: {cause}")
        self.cause = cause
        self.record = record


class Step(msgspec.Struct, frozen=True):
    """One applied action and where it happened (read from the state it was applied to).

    ``turn`` is the turn of the round being played (1-based) during the turns phase, else 0.
    ``clan`` is the deciding clan (None for chance outcomes). ``events`` are the typed events the
    action produced (see :mod:`reference.model.events`; told in English by :mod:`reference.narrate`).
    """

    round: int
    phase: Phase
    turn: int
    clan: int | None
    kind: DecisionKind
    action: Action
    events: tuple[Event, ...]


class GameRecord(msgspec.Struct, frozen=True):
    """A finished game: its setup, final state, every action in order and (unless the caller
    asked not to keep them) one :class:`Step` per action. ``decisions`` counts the actions taken by
    policies (not chance outcomes)."""

    setup: Setup
    final: State
    actions: tuple[Action, ...]
    steps: tuple[Step, ...]
    decisions: int


def same_policy(policy: Policy) -> PolicyForClan:
    """Every clan plays ``policy``."""

    def choose(clan: int) -> Policy:
        return policy

    return choose


def turn_of(state: State) -> int:
    """The 1-based turn of the round a decision in ``state`` belongs to (0 outside the turns phase).
    A die placement starts the next turn; the decisions it causes belong to that turn."""
    if state.phase is not Phase.TURNS:
        return 0
    return state.turn + 1 if state.decision.kind is DecisionKind.TURN else state.turn


def step_of(state: State, action: Action, after: State) -> Step:
    """The :class:`Step` of ``action`` applied to ``state`` (giving ``after``)."""
    return Step(
        round=state.round,
        phase=state.phase,
        turn=turn_of(state),
        clan=state.decision.clan,
        kind=state.decision.kind,
        action=action,
        events=after.events,
    )


def play_game(
    setup: Setup,
    policy_for_clan: PolicyForClan,
    rng: random.Random,
    *,
    sampler: Sampler = sample,
    keep_steps: bool = True,
    max_actions: int = MAX_ACTIONS,
) -> GameRecord:
    """Play one complete game from ``setup``.

    Chance outcomes come from ``sampler(state, rng)``, decisions from the deciding clan's policy
    called with the same ``rng``. Raises SetupError for a bad setup; once the game has started, an
    engine error (IllegalAction when a policy or sampler gives an action the engine refuses,
    RulesGap when the engine meets an uncovered case, GameStalled when the game cannot end) is raised
    as GameStopped carrying it and the game so far.
    """
    state = new_game(setup)
    actions: list[Action] = []
    steps: list[Step] = []
    decisions = 0
    try:
        while not is_over(state):
            state, decisions = _one_action(
                state, policy_for_clan, rng, sampler, actions, steps, decisions, keep_steps, max_actions
            )
    except WhiteCastleError as exc:
        so_far = GameRecord(
            setup=setup, final=state, actions=tuple(actions), steps=tuple(steps), decisions=decisions
        )
        raise GameStopped(exc, so_far) from exc
    return GameRecord(
        setup=setup, final=state, actions=tuple(actions), steps=tuple(steps), decisions=decisions
    )


def _one_action(
    state: State,
    policy_for_clan: PolicyForClan,
    rng: random.Random,
    sampler: Sampler,
    actions: list[Action],
    steps: list[Step],
    decisions: int,
    keep_steps: bool,
    max_actions: int,
) -> tuple[State, int]:
    """Choose and apply one action (a chance outcome or a policy's decision); record it."""
    if len(actions) >= max_actions:
        raise GameStalled(f"the game has not ended after {max_actions} actions")
    action: Action
    if is_chance(state):
        action = sampler(state, rng)
    else:
        clan = state.decision.clan
        options = legal_actions(state)
        if clan is None or not options:
            raise GameStalled(
                f"no legal action for the pending {state.decision.kind.value} decision "
                f"(round {state.round}, action {len(actions)})"
            )
        action = policy_for_clan(clan)(state, options, rng)
        decisions += 1
    actions.append(action)  # kept even when refused: the game so far ends with the action that stopped it
    after = apply(state, action)
    if keep_steps:
        steps.append(step_of(state, action, after))
    return after, decisions


__all__ = [
    "MAX_ACTIONS",
    "GameRecord",
    "GameStalled",
    "GameStopped",
    "PolicyForClan",
    "Sampler",
    "Step",
    "play_game",
    "same_policy",
    "step_of",
    "turn_of",
]
