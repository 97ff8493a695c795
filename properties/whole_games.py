"""The whole-game machine: many games, each drawn in one go and checked by the invariants alone.

One example is one whole game. Hypothesis draws the setup, a drawing style, a seed for the chance
outcomes (dice, shuffles and draws, sampled by :func:`reference.chance.sample`) and every decision
(one integer draw among the legal actions, under the style's weights, shrinking towards the first
legal action: :func:`properties.strategies.choose`). The game is played by the campaigns' checked loop
(:func:`reference.campaign.games.play`): ``check_state``, ``check_step``, ``check_events`` and
``check_hand_in`` after every action, ``check_legal`` at every decision, ``check_final`` at the end.

It is the fast half of the property suite. The step machines (:mod:`properties.machines`) also apply
every legal action, probe illegal ones, round-trip the state through JSON, follow each Courtier
action's parts and replay every trace; they cost about five times as much per game (34.5 s for 216
games against 12.0 s for 360 in one ``ci`` run), because Hypothesis drives every step of them. A
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

from dataclasses import dataclass
from typing import Final

from hypothesis import event
from hypothesis import strategies as st

from properties import strategies as strat
from properties.machines import REACHED, failure, game_trace, setup_label
from reference.campaign.games import GameResult, Spoiler, play
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


def play_drawn(
    draw: st.DrawFn,
    setup: Setup,
    seed: int,
    style: strat.Style,
    spoiler: Spoiler | None = None,
) -> GameResult:
    """Play one whole game of ``setup`` with chance from ``seed`` and every decision drawn by ``draw``
    (a composite strategy's) under ``style`` (:func:`properties.strategies.choose_by`), the n-th
    under the label ``decision n`` (:class:`reference.searches.LabelledDraw`); every action checked
    by the invariants (see the module docstring); ``spoiler``, a planted fault (:mod:`properties.faults`),
    spoils what the engine returns. Never raises for what happens in the game: a failure is in the
    result."""
    busy = 0
    labelled = LabelledDraw(draw)  # one draw per decision, so the n-th draw is the n-th decision

    def decide(state: State, options: tuple[Action, ...]) -> int:
        nonlocal busy
        action = strat.choose_by(labelled, state, options, style, busy)
        busy = 0 if isinstance(action, (PlaceDie, TakePair)) else busy + 1
        return options.index(action)

    return play(setup, seed, "random", decide=decide, legal_every=1, spoiler=spoiler)


@st.composite
def whole_games(
    draw: st.DrawFn, setups: st.SearchStrategy[Setup], spoiler: Spoiler | None = None
) -> WholeGame:
    """A game drawn and played: a setup from ``setups``, a drawing style, a chance seed and every
    decision (:func:`play_drawn`; ``spoiler``: a planted fault). Drawing it plays and checks it;
    :func:`check` reports it."""
    setup = draw(setups, label="setup")
    style = draw(strat.styles(greedy=False, drain=True), label="style")
    seed = draw(SEEDS, label="chance seed")
    return WholeGame(setup, seed, style, play_drawn(draw, setup, seed, style, spoiler))


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
