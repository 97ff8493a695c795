"""The positions phase of ``wcref verify``: short differential games from generated public positions.

Whole games from a setup rarely reach some situations (a castle deck run out, a full Daimyo card, a
clan just before a checkpoint with exactly its seals or one short, the bot's deck nearly out).
Hypothesis draws a position (:func:`properties.positions.drawn_positions`: a game prefix from a setup
the implementation's areas and the filters allow, then edits towards those situations, always a
position :func:`reference.position.status` accepts), ``load``s it into the implementation and into
the reference (:class:`~reference.conformance.harness.Session` started from the position), and plays
both in lockstep for ``MAX_STEPS`` steps (or to the end of the game),
comparing observations, legal actions, refusals of probed illegal actions and (if offered) events
after every step. Chance outcomes and decisions are Hypothesis draws, so the first divergence is
shrunk: to a shorter prefix, fewer edits and fewer steps, i.e. a short case from a simple position.

A divergence is reported with a :class:`PositionTrace` (its ``trace``): the start position, the
conservation rules it leaves out (none for generated positions) and the actions up to and including
the divergent step, with the reference's digest there; ``wcref replay FILE`` replays it. Format:
docs/protocol.md, "Traces from a position".

The implementation needs the ``load_position`` area; without it the phase is skipped with a reason.
On the shipped content one Passage of Time move is at most 2 steps, so a quarter of the positions
are drawn on long-move content (every Influence icon lengthened: ``with_long_moves`` of
properties/positions.py), where a clan can be placed to cross two checkpoints in one move.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final, Literal

import msgspec
from hypothesis import strategies as st
from msgspec.structs import replace

from reference import inputs
from reference.conformance.adapter import Implementation, ImplementationError
from reference.conformance.harness import (
    PROBE_ODDS,
    CaseResult,
    Divergence,
    DrawnChooser,
    Failure,
    GameSetup,
    Mismatch,
    Session,
    _probe_pool,  # the games' pool of illegal actions to probe (harness keeps it private)
    elapsed,
    failure_of,
    run_search,
)
from reference.conformance.keep_going import DivergenceGroup, SearchRun, Target, counts, hunt, record
from reference.engine import apply, is_chance, is_over
from reference.errors import IllegalAction, RulesGap, TraceError
from reference.model import Action, State
from reference.narrate import article, counted
from reference.position import ImpossiblePosition, Position, at_sync_point, from_position
from reference.searches import LabelledDraw, seeded_search
from reference.wire import DIGEST, Observation, ReplayMismatch, ReplayRefused, digest, observe, to_json

if TYPE_CHECKING:
    from properties.positions import Drawn
    from properties.strategies import Draw
    from reference.conformance.verify import Options, Progress

POSITION_TRACE_FORMAT: Final = "wcref-position-trace"
POSITION_TRACE_VERSION: Final = 1
MAX_STEPS: Final = 60
"""Steps a game from a position plays (fewer when the game ends first): the rest of a round, into
the next one from a late turn (a 2-clan round takes about 30 steps, a 4-clan round about 60-100;
a round's end alone would leave a position late in its round a handful of steps)."""
LOAD_AREA: Final = "load_position"
NO_LOAD: Final = "the implementation does not support load_position (the positions phase loads positions)"


class PositionTrace(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A case played from a public position: ``start`` (a :class:`~reference.position.Position`),
    ``composed`` (the conservation rules the position leaves out as a study; empty for a generated
    one), then every action and chance outcome in order. ``final`` is the digest of the state the
    actions reach (:func:`reference.wire.digest`, 64 hex digits) and ``final_observation`` that
    state's observation, both checked on replay when present."""

    format: Literal["wcref-position-trace"] = POSITION_TRACE_FORMAT
    version: int = POSITION_TRACE_VERSION
    start: Position
    composed: tuple[str, ...] = ()
    actions: tuple[Action, ...]
    final: str | None = None
    final_observation: Observation | None = None


def is_position_trace(raw: bytes) -> bool:
    """Whether a file's bytes declare the position-trace format (a cheap look at its ``format``; the
    file is then read with :func:`read_position_trace`)."""
    try:
        head = msgspec.json.decode(raw, type=dict[str, msgspec.Raw])
        value = head.get("format")
        return value is not None and msgspec.json.decode(value) == POSITION_TRACE_FORMAT
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):  # the reader says what is wrong
        return False


def read_position_trace(path: Path) -> PositionTrace:
    """Read a position trace; raises TraceError with the file, the JSON path and what is wrong."""
    try:
        raw = inputs.read_file(path)
    except OSError as exc:
        raise TraceError(f"{path}: cannot read: {exc.strerror}") from exc
    except inputs.InputLimit as exc:
        raise TraceError(f"{path}: not a position trace: {exc}") from exc
    return position_trace_from_json(raw, path)


def position_trace_from_json(raw: bytes, path: Path | str) -> PositionTrace:
    """A position trace from the JSON bytes read from ``path`` (named in the errors); raises
    TraceError with the file, the JSON path and what is wrong."""
    try:
        trace = inputs.decode_json(raw, PositionTrace, unique_keys=True)
    except inputs.InputLimit as exc:
        raise TraceError(f"{path}: not a position trace: {exc}") from exc
    except msgspec.ValidationError as exc:
        raise TraceError(f"{path}: {inputs.explain(exc, raw)}") from exc
    except msgspec.DecodeError as exc:
        raise TraceError(f"{path}: not valid JSON: {inputs.explain(exc, raw)}") from exc
    if trace.version != POSITION_TRACE_VERSION:
        raise TraceError(
            f"{path}: $.version: this reference reads position-trace version {POSITION_TRACE_VERSION}"
        )
    if trace.final is not None and DIGEST.fullmatch(trace.final) is None:
        raise TraceError(f"{path}: $.final: a digest is 64 lowercase hexadecimal digits")
    return trace


def replay_position_trace(
    trace: PositionTrace,
    where: str = "trace",
    on_step: Callable[[State, Action, State], None] | None = None,
) -> State:
    """The reference's state after the trace's actions from its start position (as
    :func:`reference.wire.replay` from a setup). Raises TraceError for a start the rules refuse (the
    problems ImpossiblePosition lists), ReplayRefused (naming the action's index and the rule) when
    the engine refuses an action or stops on it, and ReplayMismatch when the final digest or the
    final observation differs. ``on_step(state, action, after)`` is called after each action."""
    try:
        state = from_position(trace.start, trace.composed)
    except ImpossiblePosition as exc:
        raise TraceError(f"{where}: $.start: {exc}") from exc
    for i, action in enumerate(trace.actions):
        try:
            after = apply(state, action)
        except (IllegalAction, RulesGap) as exc:
            raise ReplayRefused(f"{where}: $.actions[{i}] ({type(action).__name__}): {exc}") from exc
        if on_step is not None:
            on_step(state, action, after)
        state = after
    reached = digest(state)
    digest_differs = trace.final is not None and reached != trace.final
    observation_differs = trace.final_observation is not None and observe(state) != trace.final_observation
    if digest_differs or observation_differs:
        what = " and ".join(
            w for w, differs in (("digest", digest_differs), ("observation", observation_differs)) if differs
        )
        raise ReplayMismatch(
            f"{where}: after {counted(len(trace.actions), 'action')} from the start position the replayed {what} "
            f"differs from the recorded one (digest {reached})",
            state,
            trace.final_observation,
        )
    return state


class PositionsResult(msgspec.Struct, kw_only=True):
    """The positions phase: games from generated positions asked (``requested``) and played to
    their end without a divergence (``played``, before the first divergence not known; with
    keep-going, of all), their steps, the seed, the setups the positions could start from, how many
    positions were edited and how many showed each rare situation
    (:data:`properties.positions.SITUATIONS`), the seconds, the runs spent shrinking, and the first
    divergence (shrunk; its ``trace`` a :class:`PositionTrace`) or implementation failure;
    ``skipped`` says why the phase did not run. ``diverged`` games diverged (``known`` of them
    accepted), ``by_rule`` per rule, in ``searches`` Hypothesis searches (one without keep-going)."""

    requested: int
    played: int = 0
    steps: int = 0
    seed: int = 0
    setups: tuple[str, ...] = ()
    edited: int = 0
    by_situation: dict[str, int] = {}
    seconds: float = 0.0
    shrink_runs: int = 0
    divergence: Divergence | None = None
    failure: Failure | None = None
    error: str = ""
    skipped: str = ""
    diverged: int = 0
    known: int = 0
    by_rule: dict[str, int] = {}
    searches: int = 0


def play_from(
    impl: Implementation,
    drawn: Drawn,
    draw: Draw,
    *,
    case: str,
    probes: bool = True,
    max_steps: int = MAX_STEPS,
    engine_notes: list[str] | None = None,
) -> tuple[int, Divergence | None]:
    """Play one game from ``drawn.position`` on the implementation and the reference in lockstep for
    ``max_steps`` steps or to the end of the game; chance outcomes and decisions
    (eager style: climbs and audiences preferred) drawn by ``draw`` (in a search, a
    :class:`reference.searches.LabelledDraw`: each under its own span label). Returns (steps played, the
    first divergence with its PositionTrace as ``trace``, or None). Raises ImplementationError."""
    from properties import strategies as strat

    start = drawn.position
    session = Session(impl, case, start.setup, start=start)
    chooser = DrawnChooser(draw)
    busy = 0
    try:
        session.begin()
        while not is_over(session.state) and len(session.actions) < max_steps:
            legal = session.check_legal()
            state = session.state
            action: Action
            if is_chance(state):
                action = strat.draw_outcome(draw, state)
            else:
                if not legal:
                    session.engine_notes.append(
                        f"no legal action at {article(state.decision.kind.value)} decision (the game is stuck)"
                    )
                    break
                if probes and chooser.integer(0, PROBE_ODDS - 1) == PROBE_ODDS - 1:
                    pool = _probe_pool(state)
                    if pool:
                        session.probe(pool[chooser.integer(0, len(pool) - 1)])
                action = strat.choose_by(draw, state, legal, "eager", busy)
            session.step(action)
            busy = 0 if at_sync_point(session.state) else busy + 1
        if is_over(session.state):
            session.check_legal()
    except Mismatch as mismatch:
        trace = PositionTrace(
            start=start,
            actions=tuple(session.actions),
            final=digest(session.state),
            final_observation=observe(session.state),
        )
        return len(session.actions), replace(mismatch.divergence, trace=to_json(trace))
    finally:
        if engine_notes is not None:
            engine_notes.extend(session.engine_notes)
    return len(session.actions), None


@dataclass(frozen=True)
class _PlayedPosition:
    """One game from a generated position, played while Hypothesis drew it: the drawn position,
    the steps played and the first divergence (or None)."""

    drawn: Drawn
    steps: int
    divergence: Divergence | None


def run_positions(
    impl: Implementation,
    setups: Sequence[GameSetup],
    options: Options,
    progress: Progress,
    notes: list[str],
) -> tuple[PositionsResult, list[DivergenceGroup]]:
    """``options.positions`` games from generated positions (see the module docstring), their
    positions drawn from ``setups``, searched as :func:`~reference.conformance.keep_going.hunt`
    says (the first divergence shrunk for ``options.shrink_seconds``; with ``options.keep_going``
    the first of each rule): the result and the divergences grouped by rule."""
    result = PositionsResult(
        requested=options.positions, seed=options.seed, setups=tuple(s.label for s in setups)
    )
    if options.positions == 0 or not setups:
        return result, []
    if LOAD_AREA not in impl.hello()[1]:
        result.skipped = NO_LOAD
        return result, []
    started = time.perf_counter()

    def search(target: Target) -> SearchRun:
        return _search_positions(impl, setups, options, progress, notes, target)

    runs, shrunk = hunt(search, options.known, keep_going=options.keep_going)
    record(result, runs, shrunk, elapsed(started))
    result.edited, result.by_situation = runs[-1].edited, dict(sorted(runs[-1].by.items()))
    return result, runs[-1].tally.groups()


def _search_positions(
    impl: Implementation,
    setups: Sequence[GameSetup],
    options: Options,
    progress: Progress,
    notes: list[str],
    target: Target,
) -> SearchRun:
    """One Hypothesis search of the positions phase, stopping at what ``target`` wants."""
    from hypothesis import given

    from properties.positions import drawn_positions, situations, with_long_moves
    from reference.conformance.verify import seed_offset

    # the setups as asked, a quarter of them on long-move content (a move crossing two checkpoints)
    strategies = {s.label: drawn_positions(setups=with_long_moves(st.just(s.setup))) for s in setups}
    offset = seed_offset(options.seed)
    progress.start("positions", options.positions)

    def first(divergence: Divergence) -> None:
        what = f" ({divergence.rule})" if target.one_rule else ""
        progress.note("positions", f"shrinking the first divergent case{what}")

    run = SearchRun(target, "positions", options.shrink_seconds, on_first=first)

    @st.composite
    def cases(draw: st.DrawFn) -> _PlayedPosition | None:
        # the game is played as it is drawn: each value under a label of its own (LabelledDraw)
        if run.idle():
            return None
        chosen = setups[(draw(st.integers(0, len(setups) - 1), label="setup") + offset) % len(setups)]
        drawn = draw(strategies[chosen.label], label="position")
        pos = drawn.position
        what = ", ".join(drawn.edits) if drawn.edits else "no edit"
        name = (
            f"position ({chosen.label}, round {pos.round} turn {pos.turn} {pos.phase.value}, "
            f"{drawn.prefix} actions from the deal, {what})"
        )
        try:
            steps, divergence = play_from(
                impl, drawn, LabelledDraw(draw), case=name, probes=options.probes, engine_notes=notes
            )
        except ImplementationError as exc:
            run.failures.append(failure_of(exc))
            return None
        except Exception:  # a bug of the harness or the reference: report it, never a traceback
            run.errors.append(traceback.format_exc(limit=8))
            return None
        return _PlayedPosition(drawn, steps, divergence)

    @seeded_search(options.seed, options.positions)
    @given(cases())
    def case(played: _PlayedPosition | None) -> None:
        if played is None:
            return
        drawn, steps, divergence = played.drawn, played.steps, played.divergence
        if run.judge((drawn.prefix + steps, len(drawn.edits), steps), divergence):
            if divergence is None:
                run.played += 1
                run.steps += steps
                run.edited += bool(drawn.edits)
                run.by.update(situations(drawn.position))
            progress.advance("positions")

    run_search(case, run, run.found, run.failures, run.errors)
    return run


def positions_phase(
    impl: Implementation,
    areas: Sequence[str],
    options: Options,
    progress: Progress,
    notes: list[str],
) -> tuple[PositionsResult, CaseResult, list[DivergenceGroup]]:
    """Run the positions phase for ``verify`` (setups: what the implementation's ``areas``,
    ``--area``, ``--players`` and ``--bot`` leave, as for the games): its result, its case for the
    report and its divergences grouped by rule."""
    from reference.conformance.verify import game_setups

    setups = game_setups(areas, options.areas, options.players, options.bots)
    result, groups = run_positions(impl, setups, options, progress, notes)
    status = "passed"
    if result.divergence is not None or result.failure is not None:
        status = "failed"
    elif result.error:
        status = "error"
    elif result.skipped or not setups:
        status = "skipped"
    elif result.known:
        status = "known"
    case = CaseResult(
        kind="positions",
        id=f"{options.positions} games from generated positions (seed {options.seed})",
        status=status,
        reason=reason(result, bool(setups), options.keep_going),
        seconds=result.seconds,
        divergence=result.divergence,
        failure=result.failure,
    )
    return result, case, groups


def positions_unchecked(result: PositionsResult | None) -> str:
    """Why the positions phase checked nothing, for verify's one line (the phase was asked for)."""
    if result is None:
        return "not run (the run stopped before it)"
    if result.skipped:
        return f"skipped: {result.skipped}"
    if not result.setups:
        return "no setup fits the implementation's areas and the filters"
    return "none played"


def summary(result: PositionsResult) -> list[str]:
    """The positions phase as readable lines."""
    if result.skipped:
        return [f"positions: skipped: {result.skipped}"]
    lines = [
        f"positions: {result.played} of {result.requested} games from generated positions without "
        f"divergence ({result.edited} edited towards a rare situation, {result.steps} steps, seed {result.seed}, "
        f"{result.seconds:.1f} s)"
        + (f"; {result.shrink_runs} runs shrinking" if result.shrink_runs else "")
        + (
            f"; {result.diverged} diverged ({result.known} known) in {result.searches} searches"
            if result.searches > 1 or result.known
            else ""
        )
    ]
    if result.by_situation:
        lines.append("  rare situations: " + ", ".join(f"{k}: {n}" for k, n in result.by_situation.items()))
    if result.error:
        lines.append(f"positions: harness error: {result.error.strip().splitlines()[-1]}")
    return lines


def reason(result: PositionsResult, any_setup: bool, keep_going: bool = False) -> str:
    """The one-line reason of the positions case (see verify's report)."""
    if result.skipped:
        return result.skipped
    if not any_setup:
        return "no setup fits the implementation's areas"
    if result.requested == 0:
        return "--positions 0"
    if result.divergence is not None:
        d = result.divergence
        first = f"{d.case}: {d.field}: {d.message} [{d.rule}]"
        if not keep_going:
            return first
        failed = (
            f"; then an implementation failure ({result.failure.kind})" if result.failure is not None else ""
        )
        return (
            f"{result.diverged} games from positions diverged ({counts(result.by_rule)}){failed}; "
            f"the first, shrunk: {first}"
        )
    if result.failure is not None:
        return f"implementation failure ({result.failure.kind}) after {result.played} games from positions"
    if result.error:
        return f"harness error: {result.error.strip().splitlines()[-1]}"
    if result.known:
        return (
            f"{result.played} games from positions, {result.steps} steps, no divergence but "
            f"{result.known} known ({counts(result.by_rule)})"
        )
    return f"{result.played} games from positions, {result.steps} steps, no divergence"


__all__ = [
    "MAX_STEPS",
    "POSITION_TRACE_FORMAT",
    "PositionTrace",
    "PositionsResult",
    "is_position_trace",
    "play_from",
    "positions_phase",
    "positions_unchecked",
    "read_position_trace",
    "reason",
    "replay_position_trace",
    "run_positions",
    "summary",
]
