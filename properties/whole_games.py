"""The whole-game machine: many games, each drawn in one go and checked by the invariants alone.

One example is one whole game. Hypothesis draws the setup, a drawing style, a seed for the chance
outcomes (dice, shuffles and draws, sampled by :func:`reference.chance.sample`) and every decision
(one integer draw among the legal actions, under the style's weights, shrinking towards the first
legal action: :func:`properties.strategies.choose`). The game is played by the campaigns' checked loop
(:func:`reference.campaign.games.play`): ``check_state``, ``check_step``, ``check_events`` and
``check_hand_in`` after every action, ``check_legal`` at every decision, ``check_final`` at the end.

It is the fast half of the property suite. The API whole games (``api=True``: :class:`ApiChecks`)
also run the step machines' API checks (:mod:`properties.machines`): they follow each Courtier
action's parts and check each climb on every step, and on the steps they draw (one in
:data:`~properties.machines.HEAVY_ONE_IN`) apply every legal action, probe illegal ones, round-trip
the state through JSON and replay the step on the decoded state; at the end :func:`check_replay`
round-trips and replays the trace. They are the step machines' checks without Hypothesis driving
each step: the same games' budget took 28.5-30.8 s against 34-37 s for the step machines in two
``ci`` runs (local constants pinned), with 8 invalid examples against 38 (the step machines'
multi-clan mutants overran their games: 27 of 117 cases). A failure here is shrunk by Hypothesis
like theirs: fewer decisions off the first legal action, a smaller seed, a simpler setup. It is reported under its rule with a replayable
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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import msgspec
from hypothesis import event
from hypothesis import strategies as st

from properties import strategies as strat
from properties.invariants import Breach
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
)
from reference import wire
from reference.campaign.games import GameResult, Spoiler, StepCheck, play
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


class ApiChecks:
    """The step machines' API checks (:mod:`properties.machines`) as a :data:`StepCheck` of the
    checked loop: on every step, each Courtier action's parts and each climb; on the steps ``heavy``
    picks (drawn, one in :data:`~properties.machines.HEAVY_ONE_IN`, so a failure they find keeps its
    step heavy when shrunk), every legal action applied, a sample of illegal actions refused, and the
    state's JSON round trip with the step replayed on the decoded state (by the engine, spoiled by
    ``spoiler`` when a fault is planted)."""

    def __init__(self, heavy: Callable[[], bool], spoiler: Spoiler | None = None) -> None:
        self.heavy = heavy
        self.spoiler = spoiler
        self.parts = CourtierParts()
        self.steps = 0

    def engine_apply(self, state: State, action: Action) -> State:
        after = apply(state, action)
        return after if self.spoiler is None else self.spoiler(state, action, after)

    def __call__(
        self, state: State, options: tuple[Action, ...] | None, action: Action, after: State
    ) -> list[Breach]:
        self.steps += 1
        found = self.parts.before(state, action) + self.parts.after(state, action, after)
        found += climb_breaches(state, action, after)
        if not self.heavy():
            return found
        legal = options if options is not None else legal_actions(state)
        if options is not None:
            try:
                found += every_legal_applies(state, options)
            except LegalOptionFailed as exc:
                found.append(Breach(exc.rule, exc.message))
        found += illegal_refused(state, legal, self.steps)
        return found + round_trip(state, action, after, self.engine_apply)


def play_drawn(
    draw: st.DrawFn,
    setup: Setup,
    seed: int,
    style: strat.Style,
    spoiler: Spoiler | None = None,
    *,
    api: bool = False,
) -> GameResult:
    """Play one whole game of ``setup`` with chance from ``seed`` and every decision drawn by ``draw``
    (a composite strategy's) under ``style`` (:func:`properties.strategies.choose_by`), the n-th
    under the label ``decision n`` (:class:`reference.searches.LabelledDraw`); every action checked
    by the invariants (see the module docstring); ``spoiler``, a planted fault (:mod:`properties.faults`),
    spoils what the engine returns. With ``api`` each step is also checked by :class:`ApiChecks`, its
    heavy steps drawn between the decisions (each draw still under a label of its own). Never raises
    for what happens in the game: a failure is in the result."""
    busy = 0
    labelled = LabelledDraw(draw)  # without api one draw per decision: the n-th draw is the n-th decision
    check: StepCheck | None = None
    if api:
        heavy = st.integers(0, HEAVY_ONE_IN - 1)
        check = ApiChecks(lambda: labelled(heavy) == HEAVY_ONE_IN - 1, spoiler)

    def decide(state: State, options: tuple[Action, ...]) -> int:
        nonlocal busy
        action = strat.choose_by(labelled, state, options, style, busy)
        busy = 0 if isinstance(action, (PlaceDie, TakePair)) else busy + 1
        return options.index(action)

    return play(setup, seed, "random", decide=decide, legal_every=1, spoiler=spoiler, check=check)


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
    return WholeGame(setup, seed, style, play_drawn(draw, setup, seed, style, spoiler, api=api))


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
    # a broken invariant's trace records the state it broke in, checked on replay
    final = result.final if failed.kind == "broken" else None
    trace = game_trace(game.setup, result.actions, final)
    told = f"failed at action {failed.step} ({failed.kind}); "
    raise failure("WholeGame", failed.rule, failed.message, trace, told=told)


def check_replay(game: WholeGame) -> None:
    """The end of an API whole game, as the step machines check it: the setup and the trace survive a
    JSON round trip, and the trace replays to the same final state (API.JSON, API.REPLAY). Raises
    :class:`~properties.machines.PropertyFailure` (a game that failed is :func:`check`'s to report)."""
    result = game.result
    if result.failure is not None or not is_over(result.final):
        return
    trace = game_trace(game.setup, result.actions, result.final)
    if msgspec.json.decode(wire.encode(game.setup), type=Setup) != game.setup:
        raise failure("ApiWholeGame", "API.JSON", "the setup does not survive a JSON round trip", trace)
    decoded = msgspec.json.decode(wire.encode(trace), type=wire.Trace)
    if decoded != trace:
        raise failure("ApiWholeGame", "API.JSON", "the trace does not survive a JSON round trip", trace)
    try:
        replayed = wire.replay(decoded)
    except Exception as exc:
        raise failure("ApiWholeGame", "API.REPLAY", f"the trace does not replay: {exc}", trace) from exc
    if wire.digest(replayed) != wire.digest(result.final):
        raise failure("ApiWholeGame", "API.REPLAY", "replaying the trace reaches another state", trace)
