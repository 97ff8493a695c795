"""One checked game of a campaign, and the shrinking of a failed one.

A campaign game is a function of its setup, its policy, its seed and (for a planted fault) the
spoiled step: chance outcomes come from ``random.Random(seed)``, decisions from the policy with its
own generator (``random.Random(seed + POLICY_SALT)``), so changing a decision never changes the
chance outcomes drawn after it. Every step is checked against the invariants of
:mod:`properties.invariants` (``check_state``, ``check_step``, ``check_events``, ``check_hand_in``);
one decision in ``legal_every`` also has its legal actions checked (``check_legal``); the final
scores are recomputed (``check_final``). The first broken invariant, engine exception or
``RulesGap`` ends the game and is its failure.

A game records, besides its result, the index of each decision taken among the legal actions, so a
failed game can be replayed with other decisions: :func:`shrink` looks for the shortest game that
breaks the same rule, with as many decisions as possible set to the first legal action (a plain
greedy delta reduction: Hypothesis cannot start shrinking from a game it did not generate).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from properties.invariants import (
    Breach,
    check_events,
    check_final,
    check_hand_in,
    check_legal,
    check_state,
    check_step,
)
from properties.machines import reached_in_step
from reference.chance import sample
from reference.engine import apply, decision_rule, is_chance, is_over, legal_actions, new_game
from reference.errors import IllegalAction, RulesGap
from reference.model import Action, Setup, State
from reference.policies import POLICIES

POLICY_SALT: Final = 1 << 40
"""Added to a game's seed for its policy's generator (chance uses the seed itself)."""

MAX_STEPS: Final = 1_000
"""A game not over after this many actions stops there, ``unfinished``: not a failure, since generated
content can build a loop of free optional actions that a random policy may take for ever (a Domain
action whose card block offers it again); a campaign counts these games apart."""

Spoiler = Callable[[State, Action, State], State]
"""A planted fault: the state the engine returned, spoiled (see :mod:`properties.faults`)."""

StepCheck = Callable[[State, tuple[Action, ...] | None, Action, State], list[Breach]]
"""More checks of each step, after the invariants: given the state before, its legal actions (None at
a chance decision), the action and the state after, the breaches found (the property suite's API
whole-game properties run the step machines' API checks this way: :mod:`properties.whole_games`)."""

Decide = Callable[[State, tuple[Action, ...]], int]
"""Who takes the decisions instead of the policy: the index of the chosen legal action (the first one
when out of range), given the state and its legal actions (the property suite's whole-game machine
draws it with Hypothesis)."""


@dataclass
class Failure:
    """How a game failed: ``kind`` is ``broken`` (an invariant), ``gap`` (a RulesGap) or ``crash`` (any
    other exception); ``rule`` the register ID (the invariant's, the gap's or the refused action's;
    for any other exception the rule governing the decision it happened at); ``step`` the index of the
    action that failed (its state is the one before it)."""

    kind: str
    rule: str
    message: str
    step: int


@dataclass
class GameResult:
    """One played game: every action (the failing one last), the index of each decision among the
    legal actions, the final state (the last reached), the failure if any, the register IDs its events
    applied (counted per event), the situations it reached (:data:`properties.machines.REACHED`)."""

    actions: list[Action]
    choices: list[int]
    final: State
    failure: Failure | None
    rules: Counter[str] = field(default_factory=Counter)
    reached: set[str] = field(default_factory=set)
    unfinished: bool = False
    """Not over after :data:`MAX_STEPS` actions (no failure)."""

    @property
    def outcome(self) -> str:
        """``ok``, ``unfinished`` (see :data:`MAX_STEPS`) or the failure's kind."""
        if self.failure is not None:
            return self.failure.kind
        return "unfinished" if self.unfinished else "ok"

    @property
    def decisions(self) -> int:
        """Decisions taken by the policy (chance outcomes not counted)."""
        return len(self.choices)


def _governing(state: State) -> str:
    """The rule governing the pending decision of ``state``, to name an engine exception by (as the
    property machines do); TURN.DECISION when even that fails."""
    try:
        return decision_rule(state)
    except Exception:
        return "TURN.DECISION"


def _first(breaches: Sequence[Breach]) -> Breach:
    """The breach to report: a broken rule rather than the events' accounting (API.EVENTS), which sees
    every change a broken rule makes (as :mod:`properties.machines` reports them)."""
    named = [b for b in breaches if b.rule != "API.EVENTS"]
    return (named or list(breaches))[0]


def play(
    setup: Setup,
    seed: int,
    policy: str,
    *,
    spoiler: Spoiler | None = None,
    legal_every: int = 8,
    choices: Sequence[int] | None = None,
    decide: Decide | None = None,
    tally: bool = True,
    check: StepCheck | None = None,
) -> GameResult:
    """Play and check one game (see the module docstring). ``choices`` replays given decisions (the
    i-th decision takes legal action ``choices[i]``, the first one when out of range or past the end)
    instead of asking the policy, and so does ``decide`` (see :data:`Decide`); ``tally`` False skips
    the rule and situation counts (shrinking); ``check`` checks each step further (:data:`StepCheck`),
    its breaches a failure like the invariants'.
    Never raises for what happens in the game: a failure is returned. Raises KeyError for an
    unknown policy, SetupError for a bad setup and what ``decide`` or ``check`` raises."""
    choose = POLICIES[policy]
    chance_rng = random.Random(seed)
    policy_rng = random.Random(seed + POLICY_SALT)
    state = new_game(setup)
    result = GameResult(actions=[], choices=[], final=state, failure=None)
    rules = result.rules
    reached = result.reached
    if decide is None and choices is not None:
        replayed = choices

        def decide(state: State, options: tuple[Action, ...]) -> int:
            taken = len(result.choices)
            return replayed[taken] if taken < len(replayed) else 0

    decisions = 0
    deciding = False  # a failure of ``decide`` is the decider's, not the engine's: it is raised
    try:
        while not is_over(state):
            step = len(result.actions)
            if step >= MAX_STEPS:
                result.unfinished = True
                return result
            action: Action
            options: tuple[Action, ...] | None = None
            if is_chance(state):
                action = sample(state, chance_rng)
            else:
                options = legal_actions(state)
                if legal_every and decisions % legal_every == 0:
                    breaches = check_legal(state, options)
                    if breaches:
                        first = _first(breaches)
                        result.failure = Failure("broken", first.rule, first.message, step)
                        return result
                if not options:
                    result.failure = Failure(
                        "broken", "TURN.DECISION", f"no legal action at a {state.decision.kind.value}", step
                    )
                    return result
                if decide is None:
                    action = choose(state, options, policy_rng)
                    index = options.index(action)
                else:
                    deciding = True
                    wanted = decide(state, options)
                    deciding = False
                    index = wanted if 0 <= wanted < len(options) else 0
                    action = options[index]
                result.choices.append(index)
                decisions += 1
            result.actions.append(action)
            after = apply(state, action)
            if spoiler is not None:
                after = spoiler(state, action, after)
            breaches = (
                check_state(after, state)
                + check_step(state, action, after)
                + check_events(state, after)
                + check_hand_in(state, after)
            )
            if check is not None and not breaches:
                deciding = True  # like ``decide``, what the check raises is the checker's
                breaches = check(state, options, action, after)
                deciding = False
            if breaches:
                first = _first(breaches)
                result.final = after
                result.failure = Failure("broken", first.rule, first.message, step)
                return result
            if tally:
                for event in after.events:
                    rules.update(event.rules)
                reached |= reached_in_step(state, action, after)
            state = after
            result.final = state
        breaches = check_final(state)
        if breaches:
            first = _first(breaches)
            result.failure = Failure("broken", first.rule, first.message, len(result.actions))
    except RulesGap as exc:
        if deciding:
            raise
        result.failure = Failure("gap", exc.rule, str(exc), len(result.actions) - 1)
    except Exception as exc:  # an engine bug: reported with its game, never stops the campaign
        if deciding:
            raise
        rule = exc.rule if isinstance(exc, IllegalAction) else _governing(state)
        result.failure = Failure("crash", rule, f"{type(exc).__name__}: {exc}", len(result.actions) - 1)
    return result


@dataclass(frozen=True)
class Shrunk:
    """A failure shrunk: the decisions of the smallest game found that breaks the same rule, that
    game, and the size of the original (actions, decisions not taking the first legal action) and of
    the shrunk game, with the number of games replayed to find it."""

    choices: tuple[int, ...]
    game: GameResult
    before: tuple[int, int]
    after: tuple[int, int]
    replays: int


def _size(game: GameResult) -> tuple[int, int]:
    return (len(game.actions), sum(1 for c in game.choices if c != 0))


def shrink(
    setup: Setup,
    seed: int,
    policy: str,
    rule: str,
    *,
    spoiler: Spoiler | None = None,
    legal_every: int = 8,
    budget: int = 400,
) -> Shrunk:
    """Shrink the failed game ``(setup, seed, policy)`` whose failure names ``rule``: replay it with
    its decisions cut short (the rest take the first legal action) and with blocks of decisions set to
    the first legal action, keeping each change after which the game still fails on ``rule`` and is
    no larger (actions, then decisions off the first option). At most ``budget`` replays. Raises
    ValueError when the game does not fail on ``rule``."""

    def run(choices: Sequence[int]) -> GameResult:
        return play(
            setup, seed, policy, spoiler=spoiler, legal_every=legal_every, choices=choices, tally=False
        )

    original = play(setup, seed, policy, spoiler=spoiler, legal_every=legal_every, tally=False)
    if original.failure is None or original.failure.rule != rule:
        found = "no failure" if original.failure is None else original.failure.rule
        raise ValueError(f"the game does not fail on {rule} (it gives {found})")
    best = original
    best_choices = list(original.choices)
    replays = 0

    def better(candidate: list[int]) -> bool:
        nonlocal best, best_choices, replays
        if replays >= budget or candidate == best_choices:
            return False
        replays += 1
        game = run(candidate)
        if game.failure is None or game.failure.rule != rule or _size(game) > _size(best):
            return False
        best, best_choices = game, list(game.choices)
        return True

    # the decisions after the failure do not matter: keep those taken up to it
    size = len(best_choices)
    while size > 1 and replays < budget:
        if not better(best_choices[: size // 2]):
            break
        size = len(best_choices)
    block = max(1, len(best_choices) // 2)
    while block >= 1 and replays < budget:
        start = 0
        while start < len(best_choices) and replays < budget:
            chunk = best_choices[start : start + block]
            if any(chunk):
                candidate = best_choices[:start] + [0] * len(chunk) + best_choices[start + block :]
                if not better(candidate):
                    start += block
            else:
                start += block
        block //= 2
    return Shrunk(
        choices=tuple(best_choices),
        game=best,
        before=_size(original),
        after=_size(best),
        replays=replays,
    )
