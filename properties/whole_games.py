"""The whole-game machine: many games, each drawn in one go and checked by the invariants alone.

One example is one whole game. Hypothesis draws the setup, a drawing style, a seed for the chance
outcomes (dice, shuffles and draws, sampled by :func:`reference.chance.sample`) and every decision
(one integer draw among the legal actions, under the style's weights, shrinking towards the first
legal action: :func:`properties.strategies.choose`). The game is played by the campaigns' checked loop
(:func:`reference.campaign.games.play`): ``check_state``, ``check_step``, ``check_events`` and
``check_hand_in`` after every action, ``check_legal`` at every decision, ``check_final`` at the end.

It is the fast half of the property suite. The API whole games (``api=True``: :class:`ApiChecks`)
also run the step machines' API checks (:mod:`properties.machines`): they follow each Courtier
action's parts and check each climb on every step, and on one step in
:data:`~properties.machines.HEAVY_ONE_IN` (picked by a generator seeded with one drawn integer a game:
:class:`ApiChecks`) apply every legal action, probe illegal ones, round-trip
the state through JSON and replay the step on the decoded state; at the end :func:`check_replay`
round-trips and replays the trace. They are the step machines' checks without Hypothesis driving
each step: on the same budget, about as fast (docs/figures.md), and no multi-clan game overruns
(27 of the step machine's 117 multi-clan cases did in one ``ci`` run) or replays another. A
failure here is shrunk by Hypothesis like theirs: fewer decisions off the first legal action, a
smaller seed, a simpler setup. It is reported under its rule with a replayable
trace (``wcref replay FILE``), also written to ``out/properties/``: a broken invariant's trace records
the state it broke in, so replaying the trace of a planted fault on the honest engine lists the
fields the fault spoiled (the engine's own breach replays to the recorded state: the invariants are
not part of a replay). Failures of one rule in one process share one file (the last one kept).

Hypothesis follows each new game it generates with a few mutants of it: it copies the choices of one
span over another span of the same label and runs the copy. A mutant replays its parent's game up to
the copied span, and runs out of choices (an invalid example) when the copy makes the game longer.
So each decision is drawn under a label of its own (:class:`reference.searches.LabelledDraw`): the
mutator then has only the setup's spans to copy, and a changed setup plays another game. Measured on
the same 360 games' budget (180 multi-clan, 180 solo, ``ci`` profile): 56 % of the actions played
replayed a game already checked and 178 mutants ran out of choices, against 11 % and 28 with a label
per decision; 99 distinct setups, seeds and styles against 272. The shrinker no longer reorders
decisions among themselves (a reordered list of decisions plays another game). The test suite draws
multi-clan and solo games in two properties of half the budget each: drawn together, the share of
each kind followed how many mutants Hypothesis made of it, not the setup strategy's odds.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from hypothesis import event
from hypothesis import strategies as st

from properties import strategies as strat
from properties.invariants import Breach, check_legal
from properties.machines import (
    HEAVY_ONE_IN,
    REACHED,
    CourtierParts,
    LegalOptionFailed,
    climb_breaches,
    every_legal_applies,
    failure,
    game_trace,
    illegal_refused,
    round_trip,
    setup_label,
    setup_round_trip,
    trace_replays,
)
from reference.campaign.games import GameResult, Spoiler, play
from reference.engine import apply, is_over, legal_actions
from reference.model import Action, PlaceDie, Setup, State, TakePair
from reference.searches import LabelledDraw

SEEDS: Final = st.integers(0, 2**32 - 1)
"""Seeds of the chance outcomes (shrinking towards 0)."""


@dataclass(frozen=True)
class WholeGame:
    """One drawn and played game: its setup, the seed of its chance outcomes, the drawing style of its
    decisions and the checked result (a failure, if any, is in ``result.failure``)."""

    setup: Setup
    seed: int
    style: strat.Style
    result: GameResult
    api: bool = False
    """Played with the API checks (:class:`ApiChecks`)."""
    failed_option: Action | None = None
    """The legal action that raised when the API checks applied it (its game's last action is the
    one drawn after it: the trace ends with this action instead)."""

    def __repr__(self) -> str:
        # Hypothesis prints the falsifying example: the game in one line (its trace is noted apart)
        return (
            f"WholeGame({describe(self.setup)}, seed={self.seed}, style={self.style}, "
            f"{len(self.result.actions)} actions, {self.result.outcome})"
        )


def describe(setup: Setup) -> str:
    """``solo vs tokugawa (hard)`` or ``3 clans``, and ``generated content`` when it is."""
    kind = setup_label(setup) + (f" ({setup.solo.difficulty.value})" if setup.solo is not None else "")
    return kind + (", generated content" if setup.content is not None else "")


HEAVY_SEEDS: Final = st.integers(0, 2**32 - 1)
"""Seeds of the generator that picks an API game's heavy steps (shrinking towards 0)."""


class ApiChecks:
    """The step machines' API checks (:mod:`properties.machines`) as a :data:`StepCheck` of the
    checked loop: on every step, each Courtier action's parts and each climb, and at a chance
    decision its legal actions (``check_legal``: the loop checks them at the clans' decisions); on
    the heavy steps (one in :data:`~properties.machines.HEAVY_ONE_IN`), every legal action applied, a
    sample of illegal actions refused, and the state's JSON round trip with the step replayed on the
    decoded state (by the engine, spoiled by ``spoiler`` when a fault is planted). What the engine
    raises in them is a breach (:func:`~properties.machines.round_trip`); a legal action that raises
    is kept as ``failed_option``, so the game's trace can end with it (its breach first, so the
    failure is named by it). Only a bug of the checks themselves may raise (``play`` raises it).

    The heavy steps are picked by a generator seeded with one integer a game, which
    :func:`play_drawn` draws (:meth:`pick_heavy_steps`), or by ``heavy`` when given (tests). One draw
    a game, not one a step: a Hypothesis draw costs about half as much as a step's invariants (a
    draw a step was 5-7 % of an API game's time), and a generator keeps the odds exactly one in
    :data:`~properties.machines.HEAVY_ONE_IN` whatever Hypothesis favours among integers. The n-th
    step of a game with a given seed is heavy or not whatever its decisions were, so a failure the
    heavy checks find keeps its step heavy while Hypothesis shrinks the decisions before it. The
    price: the shrinker cannot make an earlier step heavy, so a fault only the heavy checks see
    shrinks to a game that reaches a heavy step of the drawn seed (a review saw a planted replay
    fault shrink to 14 actions of a multi-clan game, 6-8 with a draw a step)."""

    def __init__(self, spoiler: Spoiler | None = None, *, heavy: Callable[[], bool] | None = None) -> None:
        self.spoiler = spoiler
        self.picks = heavy
        self.heavy_steps: random.Random | None = None
        self.parts = CourtierParts()
        self.steps = 0
        self.failed_option: Action | None = None

    def pick_heavy_steps(self, seed: int) -> None:
        """Pick this game's heavy steps with a generator seeded with ``seed`` (unless ``heavy`` picks)."""
        self.heavy_steps = random.Random(seed)

    def heavy(self) -> bool:
        """Whether this step gets the heavy checks (one step in HEAVY_ONE_IN)."""
        if self.picks is not None:
            return self.picks()
        assert self.heavy_steps is not None, "play_drawn picks the heavy steps"
        return self.heavy_steps.randrange(HEAVY_ONE_IN) == 0

    def engine_apply(self, state: State, action: Action) -> State:
        after = apply(state, action)
        return after if self.spoiler is None else self.spoiler(state, action, after)

    def __call__(
        self, state: State, options: tuple[Action, ...] | None, action: Action, after: State
    ) -> list[Breach]:
        before = self.steps  # actions before this one: the step machines' seed of the illegal samples
        self.steps += 1
        found = self.parts.before(state, action) + self.parts.after(state, action, after)
        found += climb_breaches(state, action, after)
        legal = options
        if legal is None:  # a chance decision
            try:
                legal = legal_actions(state)
            except Exception as exc:
                return [*found, Breach("TURN.DECISION", f"legal actions at a chance decision raised {exc!r}")]
            found += check_legal(state, legal)
        if not self.heavy():
            return found
        if options is not None:
            try:
                found += every_legal_applies(state, options)
            except LegalOptionFailed as exc:
                self.failed_option = exc.option
                # first: the failure is named by it, and its trace ends with the option that raised
                return [Breach(exc.rule, exc.message), *found]
        found += illegal_refused(state, legal, before)
        return found + round_trip(state, action, after, self.engine_apply)


def play_drawn(
    draw: st.DrawFn,
    setup: Setup,
    seed: int,
    style: strat.Style,
    spoiler: Spoiler | None = None,
    *,
    checks: ApiChecks | None = None,
) -> GameResult:
    """Play one whole game of ``setup`` with chance from ``seed`` and every decision drawn by ``draw``
    (a composite strategy's) under ``style`` (:func:`properties.strategies.choose_by`), the n-th
    under the label ``decision n`` (:class:`reference.searches.LabelledDraw`); every action checked
    by the invariants (see the module docstring); ``spoiler``, a planted fault (:mod:`properties.faults`),
    spoils what the engine returns. With ``checks`` each step is also checked by those
    :class:`ApiChecks`, their heavy steps picked by a seed drawn before the first decision (under the
    label ``heavy steps``). Never raises for what happens in the game: a failure is in the result."""
    busy = 0
    labelled = LabelledDraw(draw)  # one draw per decision: the n-th is the n-th decision
    if checks is not None and checks.picks is None:
        checks.pick_heavy_steps(draw(HEAVY_SEEDS, label="heavy steps"))

    def decide(state: State, options: tuple[Action, ...]) -> int:
        nonlocal busy
        action = strat.choose_by(labelled, state, options, style, busy)
        busy = 0 if isinstance(action, (PlaceDie, TakePair)) else busy + 1
        return options.index(action)

    return play(setup, seed, "random", decide=decide, legal_every=1, spoiler=spoiler, check=checks)


@st.composite
def whole_games(
    draw: st.DrawFn,
    setups: st.SearchStrategy[Setup],
    spoiler: Spoiler | None = None,
    *,
    styles: st.SearchStrategy[strat.Style] | None = None,
    api: bool = False,
) -> WholeGame:
    """A game drawn and played: a setup from ``setups``, a drawing style (from ``styles``; by default
    any but greedy), a chance seed and every decision (:func:`play_drawn`; ``spoiler``: a planted
    fault; ``api``: the API checks too). Drawing it plays and checks it; :func:`check` reports it."""
    setup = draw(setups, label="setup")
    style = draw(styles if styles is not None else strat.styles(greedy=False, drain=True), label="style")
    seed = draw(SEEDS, label="chance seed")
    checks = ApiChecks(spoiler) if api else None
    result = play_drawn(draw, setup, seed, style, spoiler, checks=checks)
    failed_option = checks.failed_option if checks is not None else None
    return WholeGame(setup, seed, style, result, api=api, failed_option=failed_option)


def check(game: WholeGame) -> None:
    """Report what ``game`` reached with ``event()``. Raises
    :class:`~properties.machines.PropertyFailure` named by the rule of its first broken invariant,
    ``RulesGap`` or engine exception, after noting it as a replayable trace. A failure of the drawing
    itself (a strategy's bug) is raised as it is, never blamed on the engine."""
    result = game.result
    event(f"setup: {setup_label(game.setup)}")
    event(f"outcome: {result.outcome}")
    for flag in REACHED:
        if flag in result.reached:
            event(f"reached: {flag}")
    failed = result.failure
    if failed is None:
        return
    machine = "ApiWholeGame" if game.api else "WholeGame"  # one trace file name per kind of property
    told = f"failed at action {failed.step} ({failed.kind}); "
    if game.failed_option is not None:  # a legal action raised: the trace ends with it, from its state
        trace = game_trace(game.setup, [*result.actions[:-1], game.failed_option], None)
        raise failure(
            machine,
            failed.rule,
            failed.message,
            trace,
            told=told + "the trace ends with the legal action that raised; ",
        )
    # a broken invariant's trace records the state it broke in, checked on replay
    final = result.final if failed.kind == "broken" else None
    trace = game_trace(game.setup, result.actions, final)
    raise failure(machine, failed.rule, failed.message, trace, told=told)


def check_replay(game: WholeGame) -> None:
    """The end of an API whole game, as the step machines check it: the setup and the trace survive a
    JSON round trip, and the trace replays to the same final state (API.JSON, API.REPLAY). Raises
    :class:`~properties.machines.PropertyFailure` (a game that failed is :func:`check`'s to report)."""
    result = game.result
    if result.failure is not None or not is_over(result.final):
        return
    trace = game_trace(game.setup, result.actions, result.final)
    broken = setup_round_trip(game.setup) or trace_replays(trace, result.final)
    if broken:
        raise failure("ApiWholeGame", broken[0].rule, broken[0].message, trace)
