"""``wcref verify``: every vector, perft through ``legal_actions``, then differential games generated
by Hypothesis, with a machine-readable report (JSON) and JUnit XML.

The games: Hypothesis draws a setup (among those the implementation's areas allow), a seed for the
chance outcomes and every choice of a random walk through the legal actions (with an occasional
illegal probe). The first game that diverges is shrunk by Hypothesis (within a time budget) and the
smallest divergence found is reported with its trace. With ``keep_going`` every game asked for is
played and every divergence counted by rule, the first of each rule shrunk
(:mod:`reference.conformance.keep_going`); divergences the ``known`` deviations accept, in any
phase, are reported as known, not failures.
"""

from __future__ import annotations

import hashlib
import shlex
import time
import traceback
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final, Protocol

import msgspec

from reference.book.vectors import VECTORS_DIR, Vector, VectorProblem, load_vectors, selected
from reference.conformance.adapter import AREAS, CAPABILITIES, Implementation, ImplementationError
from reference.conformance.compare import differences
from reference.conformance.harness import (
    GAME_SETUPS,
    MAX_DIFFERENCES,
    CaseResult,
    Divergence,
    DrawnChooser,
    Failure,
    FieldDifference,
    GameSetup,
    Lockstep,
    Mismatch,
    Trace,
    bounded,
    bounded_text,
    describe,
    describe_failure,
    elapsed,
    eligible,
    failure_of,
    play_differential,
    run_perft,
    run_search,
    topic,
    vector_divergence,
)
from reference.conformance.keep_going import (
    DivergenceGroup,
    SearchRun,
    Tally,
    Target,
    counts,
    group_lines,
    hunt,
    known_entry,
    merge,
    record,
)
from reference.conformance.outcome_run import Known
from reference.conformance.perft import PerftData, load_data
from reference.conformance.positions import (
    PositionsResult,
    PositionTrace,
    positions_phase,
    positions_unchecked,
)
from reference.conformance.positions import summary as positions_summary
from reference.conformance.process import shorten
from reference.conformance.vectors import VectorFailure, VectorWarning, missing_areas, vector_steps
from reference.model import Action, Setup, State
from reference.position import Position, from_position
from reference.searches import LabelledDraw, seeded_search
from reference.wire import digest, observe

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn

REPORT_FORMAT: Final = "wcref-verify-report"
HELLO_FAILED: Final = "hello failed"
"""``Report.stopped`` when the implementation failed its ``hello``: nothing else was run."""
SHOWN_DIFFERENCES: Final = 10
"""Differing fields of a failed vector's step printed (the report has up to harness.MAX_DIFFERENCES)."""
SHOWN_WARNINGS: Final = 10
"""Warnings printed (the report has them all)."""
SHOWN_CASES: Final = 10
"""With keep-going: failed and error cases printed (one line each); known cases printed in any run."""
MOST_REASONS: Final = 3
"""Skip reasons named when saying why nothing of a kind was checked (the commonest first)."""


class Options(msgspec.Struct, kw_only=True):
    """What ``verify`` runs (see the command's options)."""

    vectors: tuple[str, ...] = ()
    """The vector directories (none given: the shipped reference/vectors/)."""
    run: tuple[str, ...] = ()
    skip: tuple[str, ...] = ()
    areas: tuple[str, ...] = ()
    """Only these areas (empty: every area the implementation supports)."""
    players: tuple[int, ...] = ()
    """Only setups with one of these numbers of clans (empty: any); a solo game has 2."""
    bots: tuple[str, ...] = ()
    """Only solo setups against one of these rivals (``RivalKind`` values; empty: any setup)."""
    games: int = 200
    seed: int = 0
    perft_depth: int = 2
    shrink_seconds: float = 60.0
    probes: bool = True
    max_failures: int = 5
    """Stop after this many implementation failures (crashes, hangs, ...)."""
    positions: int = 0
    """Games from generated public positions (the positions phase, reference/conformance/positions.py)."""
    keep_going: bool = False
    """Play every game and position asked for past a divergence, grouping every divergence by rule
    (the first of each rule shrunk, ``shrink_seconds`` each): reference/conformance/keep_going.py."""
    known: tuple[Known, ...] = ()
    """Accepted deviations: a divergence they accept is reported as known, not a failure."""


class GamesResult(msgspec.Struct, kw_only=True):
    """The differential games: how many were asked and played to the end without a divergence
    (before the first divergence not known; with keep-going, of all), their steps, the seed, the
    setups used, the seconds, the runs spent shrinking, and the first divergence (shrunk) or
    implementation failure; ``diverged`` games diverged (``known`` of them accepted), ``by_rule``
    per rule, in ``searches`` Hypothesis searches (one without keep-going)."""

    requested: int
    played: int = 0
    steps: int = 0
    seed: int = 0
    setups: tuple[str, ...] = ()
    """The labels of the setups the games could draw (what the areas and filters leave)."""
    first: str = ""
    """The first game run (its case: setup and chance seed); differs from one ``--seed`` to another."""
    by_setup: dict[str, int] = {}
    """Games played without divergence, per setup label."""
    seconds: float = 0.0
    shrink_runs: int = 0
    divergence: Divergence | None = None
    failure: Failure | None = None
    error: str = ""
    diverged: int = 0
    known: int = 0
    by_rule: dict[str, int] = {}
    searches: int = 0


class Report(msgspec.Struct, kw_only=True):
    """The machine-readable result of a run (``--report FILE``)."""

    format: str = REPORT_FORMAT
    version: int = 1
    implementation: str = ""
    command: str | None = None
    areas: tuple[str, ...] = ()
    checked_areas: tuple[str, ...] = ()
    vectors_dirs: tuple[str, ...] = ()
    vectors_found: int = 0
    vectors_selected: int = 0
    """The vectors ``--run``/``--skip`` selected (of ``vectors_found``)."""
    options: Options
    cases: list[CaseResult] = []
    games: GamesResult | None = None
    positions: PositionsResult | None = None
    """The positions phase (None: not asked for, or the run stopped before it)."""
    engine_notes: list[str] = []
    failure: Failure | None = None
    stopped: str = ""
    nothing_checked: str = ""
    """Why the run checked no case at all (no vector run, no perft position run, no game played),
    in one line; empty when it checked something. A run that checked nothing is not ``ok``."""
    seconds: float = 0.0
    ok: bool = False
    groups: list[DivergenceGroup] = []
    """Every divergence reported (vectors, perft positions, one per divergent game or position), by
    rule: failing groups first, then the most frequent (reference/conformance/keep_going.py)."""

    def counts(self, kind: str) -> dict[str, int]:
        """Cases of ``kind`` per status."""
        out = {"passed": 0, "failed": 0, "skipped": 0, "error": 0}
        for case in self.cases:
            if case.kind == kind:
                out[case.status] = out.get(case.status, 0) + 1
        return out


class Progress(Protocol):
    """Where progress goes (a rich progress bar in the command)."""

    def start(self, task: str, total: int) -> None:
        """A task with ``total`` units begins."""
        ...

    def advance(self, task: str, units: int = 1) -> None:
        """``units`` more are done."""
        ...

    def note(self, task: str, text: str) -> None:
        """A task's description changes."""
        ...


class _Quiet:
    def start(self, task: str, total: int) -> None:
        pass

    def advance(self, task: str, units: int = 1) -> None:
        pass

    def note(self, task: str, text: str) -> None:
        pass


@dataclass(frozen=True)
class _Played:
    """One differential game played while Hypothesis drew it: the setup's label, the steps played,
    the first divergence (or None) and the choices drawn."""

    label: str
    steps: int
    divergence: Divergence | None
    choices: tuple[int, ...]


def vectors_problem(directories: Sequence[str]) -> str | None:
    """Why the vector directories cannot be read (a ``--vectors`` path that does not exist or is not
    a directory; with none given, the shipped ``reference/vectors/`` missing), or None."""
    if not directories:
        if not VECTORS_DIR.is_dir():
            return f"the shipped vectors are missing: no directory {VECTORS_DIR} (reinstall wcref or give --vectors DIR)"
        return None
    for directory in directories:
        path = Path(directory)
        if not path.exists():
            return f"--vectors {directory}: no such directory"
        if not path.is_dir():
            return f"--vectors {directory}: not a directory"
    return None


def filtered_out(setup: Setup, options: Options) -> str | None:
    """Why ``--players``/``--bot`` leave out a case played from ``setup`` (None: they keep it)."""
    if options.players and setup.players not in options.players:
        wanted = " ".join(f"--players {n}" for n in options.players)
        return f"not selected by {wanted} (a {setup.players}-clan game)"
    if options.bots:
        rival = setup.solo.rival.value if setup.solo is not None else None
        if rival not in options.bots:
            wanted = " ".join(f"--bot {b}" for b in options.bots)
            what = "a base game" if rival is None else f"a solo game against {rival}"
            return f"not selected by {wanted} ({what})"
    return None


def skip_reason(
    needed: Sequence[str], setup: Setup, supported: Sequence[str], options: Options
) -> str | None:
    """Why a case needing the areas ``needed`` and played from ``setup`` is skipped: the
    implementation lacks an area, ``--area`` leaves it out, or ``--players``/``--bot`` do (None: it
    runs)."""
    why = eligible(needed, supported, options.areas or None)
    return why if why is not None else filtered_out(setup, options)


def game_setups(
    supported: Sequence[str],
    chosen: Sequence[str],
    players: Sequence[int] = (),
    bots: Sequence[str] = (),
) -> list[GameSetup]:
    """The setups the games may use: those the implementation supports, in the ``chosen`` areas
    (empty: any) with one of ``players`` clans and against one of ``bots`` (empty: any)."""
    options = Options(areas=tuple(chosen), players=tuple(players), bots=tuple(bots))
    return [g for g in GAME_SETUPS if skip_reason(g.areas, g.setup, supported, options) is None]


def seed_offset(seed: int) -> int:
    """A number made from ``--seed`` and added to the setup and chance seed Hypothesis draws for a
    game. Hypothesis' first example is its simplest (every draw 0) whatever its seed, so without it
    the first game of every run was the same 2-clan game with chance seed 0."""
    return int.from_bytes(hashlib.blake2b(str(seed).encode(), digest_size=8).digest(), "big")


def run_games(
    impl: Implementation,
    setups: Sequence[GameSetup],
    options: Options,
    progress: Progress,
    notes: list[str],
) -> tuple[GamesResult, list[DivergenceGroup]]:
    """Differential games generated by Hypothesis (see the module docstring), searched as
    :func:`~reference.conformance.keep_going.hunt` says (once; with ``options.keep_going`` once per
    rule, then once to count): the result and the games' divergences grouped by rule."""
    result = GamesResult(requested=options.games, seed=options.seed, setups=tuple(s.label for s in setups))
    if options.games == 0 or not setups:
        return result, []
    started = time.perf_counter()

    def search(target: Target) -> SearchRun:
        return _search_games(impl, setups, options, progress, notes, target, result)

    runs, shrunk = hunt(search, options.known, keep_going=options.keep_going)
    record(result, runs, shrunk, elapsed(started))
    result.by_setup = dict(sorted(runs[-1].by.items()))
    return result, runs[-1].tally.groups()


def _search_games(
    impl: Implementation,
    setups: Sequence[GameSetup],
    options: Options,
    progress: Progress,
    notes: list[str],
    target: Target,
    result: GamesResult,
) -> SearchRun:
    """One Hypothesis search of the games, stopping at what ``target`` wants (``result.first`` is
    set by the first search)."""
    from hypothesis import given
    from hypothesis import strategies as st

    offset = seed_offset(options.seed)
    progress.start("games", options.games)

    def first(divergence: Divergence) -> None:
        what = f" ({divergence.rule})" if target.one_rule else ""
        progress.note("games", f"shrinking the first divergent game{what}")

    run = SearchRun(target, "games", options.shrink_seconds, on_first=first)

    @st.composite
    def games(draw: DrawFn) -> _Played | None:
        # the game is played as it is drawn: each decision under a label of its own (LabelledDraw)
        if run.idle():
            return None
        pick = (draw(st.integers(0, len(setups) - 1), label="setup") + offset) % len(setups)
        chance_seed = (draw(st.integers(0, 2**32 - 1), label="chance seed") + offset) % 2**32
        chooser = DrawnChooser(LabelledDraw(draw))
        chosen = setups[pick]
        case = f"game ({chosen.label}, chance seed {chance_seed})"
        if not result.first:
            result.first = case
        try:
            steps, divergence = play_differential(
                impl, chosen.setup, chooser, chance_seed, case=case, probes=options.probes, engine_notes=notes
            )
        except ImplementationError as exc:
            run.failures.append(failure_of(exc))
            return None
        except Exception:  # a bug of the harness or the reference: report it, never a traceback
            run.errors.append(traceback.format_exc(limit=8))
            return None
        return _Played(chosen.label, steps, divergence, tuple(chooser.choices))

    @seeded_search(options.seed, options.games)
    @given(games())
    def game(played: _Played | None) -> None:
        if played is None:
            return
        divergence = played.divergence
        step = divergence.step if divergence is not None else played.steps
        if run.judge((step, len(played.choices), *played.choices), divergence):
            if divergence is None:
                run.played += 1
                run.steps += played.steps
                run.by[played.label] += 1
            progress.advance("games")

    run_search(game, run, run.found, run.failures, run.errors)
    return run


def _vector_case(impl: Implementation, vector: Vector, notes: list[str]) -> CaseResult:
    """Run a vector on the implementation shadowed by the reference (a deferring harness.Lockstep),
    step by step with the one vector runner's checks (:func:`~reference.conformance.vectors.vector_steps`),
    up to the first step that fails the vector or diverges from the reference.

    A failed step lists every differing field (:func:`_step_differences`). The divergence named for
    it is the divergence from the reference when the step's acceptance or refusal is wrong, else its
    first failed expectation, else the divergence from the reference. A vector the reference itself
    contradicts (it accepts or refuses a step otherwise, or refuses it citing another rule) is an
    error. A refusal citing another rule than the vector's is a warning; one citing no rule is
    compared as a refusal only."""
    started = time.perf_counter()
    case = CaseResult(
        kind="vector",
        id=vector.id,
        status="passed",
        rules=tuple(vector.rules),
        questions=tuple(vector.questions),
    )
    lockstep = Lockstep(impl, f"vector {vector.id}", defer=True)
    warnings: list[VectorWarning] = []
    failures: tuple[VectorFailure, ...] = ()
    omitted = 0
    try:
        missing = missing_areas(vector, lockstep.hello()[1])
        if missing:
            case.status, case.reason = "skipped", f"needs area(s) {', '.join(missing)}"
            return case
        for outcome in vector_steps(lockstep, vector):
            warnings += outcome.warnings
            if outcome.failures or lockstep.pending is not None:
                failures, omitted = outcome.failures, outcome.omitted
                break
    except Mismatch as mismatch:  # at the start: the first observation differs
        case.status, case.divergence = "failed", mismatch.divergence
    except ImplementationError as exc:
        case.status, case.failure = "failed", failure_of(exc)
        case.reason = f"implementation failure ({exc.kind})"
    except Exception as exc:  # a vector the reference cannot run (a bug or a bad vector)
        case.status, case.reason = "error", bounded_text(f"{type(exc).__name__}: {exc}")
    else:
        _judge_vector(case, lockstep, vector, failures, omitted)
        case.warnings = tuple(bounded_text(w.message) for w in warnings)
    finally:
        notes.extend(lockstep.engine_notes)
        case.seconds = elapsed(started)
    if case.divergence is not None:
        d = case.divergence
        case.reason = f"{d.field}: {d.message} [{d.rule}]"
        session = lockstep.current
        if d.trace is None and session is not None and session.start is not None:
            case.replay = position_replay(session.start, session.composed, session.actions, session.state)
    return case


def position_replay(
    start: Position, composed: tuple[str, ...], actions: Sequence[Action], state: State
) -> Trace:
    """A position trace (:class:`~reference.conformance.positions.PositionTrace`, as JSON) of a case
    that started from ``start`` and played ``actions`` to ``state``."""
    trace = PositionTrace(
        start=start,
        composed=composed,
        actions=tuple(actions),
        final=digest(state),
        final_observation=observe(state),
    )
    return msgspec.json.decode(msgspec.json.encode(trace), type=Trace)


def _judge_vector(
    case: CaseResult,
    lockstep: Lockstep,
    vector: Vector,
    failures: tuple[VectorFailure, ...],
    omitted: int,
) -> None:
    """Fill in ``case`` from the last step run (see :func:`_vector_case`)."""
    for index, reference_rule in enumerate(lockstep.reference_rules):
        wanted_rule = vector.steps[index].refused
        if wanted_rule != reference_rule:
            wanted = "it accepted" if wanted_rule is None else wanted_rule
            got = "accepts it" if reference_rule is None else f"refuses it with {reference_rule}"
            case.status = "error"
            case.reason = (
                f"vector {vector.id}: step {index}: the vector expects {wanted}; the reference {got}"
            )
            return
    pending = lockstep.pending
    if not failures and pending is None:
        return
    case.status = "failed"
    case.differences, case.differences_cut = _step_differences(lockstep, failures, omitted)
    refusal = next((f for f in failures if f.field == "/refused"), None)
    expectation = next((f for f in failures if f.field in vector.steps[f.step].expect), None)
    if pending is not None and (refusal is not None or expectation is None):
        case.divergence = pending.divergence
    else:
        case.divergence = vector_divergence(lockstep, vector, expectation or failures[0])


_NOT_OBSERVED: Final = ("/refused", "/events", "/legal_actions")
"""Fields of a divergence that are not in the observation."""


def _step_differences(
    lockstep: Lockstep, failures: Sequence[VectorFailure], omitted: int
) -> tuple[tuple[FieldDifference, ...], int]:
    """Every field that differs at the last step run, at most MAX_DIFFERENCES, and how many more:
    the vector's failed checks (its ``expect`` pointers first), then, when the implementation
    diverged from the reference, that divergence if it is not a field of the observation and every
    other leaf where the implementation's observation differs from the reference's."""
    listed = [
        FieldDifference(
            field=bounded_text(f.field),
            expected=bounded(f.expected),
            got=bounded(f.got),
            against="vector",
            message=bounded_text(f.message),
        )
        for f in failures
    ]
    more = omitted
    pending = lockstep.pending
    if pending is not None:
        covered = {f.field for f in failures}
        d = pending.divergence
        if d.field.startswith(_NOT_OBSERVED) and d.field not in covered:
            listed.append(
                FieldDifference(
                    field=d.field,
                    expected=d.reference,
                    got=d.implementation,
                    against="reference",
                    message=d.message,
                )
            )
        for pointer, ours, theirs in differences(lockstep.reference_observation(), lockstep.observe()):
            if any(pointer == c or pointer.startswith(c + "/") for c in covered):
                continue
            if len(listed) >= MAX_DIFFERENCES:
                more += 1
                continue
            listed.append(
                FieldDifference(
                    field=bounded_text(pointer),
                    expected=bounded(ours),
                    got=bounded(theirs),
                    against="reference",
                    message=f"the observation differs from the reference's at {bounded_text(pointer, 200)}",
                )
            )
    more += max(0, len(listed) - MAX_DIFFERENCES)
    return tuple(listed[:MAX_DIFFERENCES]), more


def verify(
    impl: Implementation,
    options: Options,
    progress: Progress | None = None,
    *,
    command: str | None = None,
    perft_data: PerftData | None = None,
) -> Report:
    """Run everything ``options`` asks against ``impl`` and return the report (never raises for
    anything the implementation does). Raises ValueError, before saying ``hello``, when a vector
    directory cannot be read (:func:`vectors_problem`)."""
    unreadable = vectors_problem(options.vectors)
    if unreadable is not None:
        raise ValueError(unreadable)
    progress = progress if progress is not None else _Quiet()
    started = time.perf_counter()
    directories = [Path(d) for d in options.vectors] or [VECTORS_DIR]
    report = Report(options=options, command=command, vectors_dirs=tuple(str(d) for d in directories))
    try:
        name, areas = impl.hello()
    except Exception as exc:
        report.failure = failure_of(exc)
        report.stopped = HELLO_FAILED
        report.seconds = elapsed(started)
        return report
    report.implementation, report.areas = name, tuple(areas)
    chosen = tuple(options.areas)
    # the capabilities (load_position, events) are used whenever offered, whatever --area chooses
    report.checked_areas = tuple(
        a for a in AREAS if a in areas and (not chosen or a in chosen or a in CAPABILITIES)
    )
    failures = 0

    def failed(case: CaseResult) -> bool:
        nonlocal failures
        report.cases.append(case)
        if case.failure is not None:
            failures += 1
            if case.failure.kind == "start":
                report.stopped = "the implementation cannot be started"
                return True
            if failures >= options.max_failures:
                report.stopped = f"stopped after {failures} implementation failures"
                return True
        return False

    # ---- vectors ----
    vectors: list[Vector] = []
    problems: list[VectorProblem] = []
    for directory in directories:
        found, bad = load_vectors(directory)
        vectors += found
        problems += bad
    seen: set[str] = set()
    for vector in vectors:
        if vector.id in seen:
            problems.append(VectorProblem(vector.id, f"vector id {vector.id!r} appears in two directories"))
        seen.add(vector.id)
    report.vectors_found = len(vectors)
    for problem in problems:
        report.cases.append(CaseResult(kind="vector", id=problem.path, status="error", reason=problem.reason))
    picked = [v for v in vectors if selected(v.id, options.run, options.skip)]
    report.vectors_selected = len(picked)
    progress.start("vectors", len(picked))
    tallies = {"vector": Tally("vector"), "perft": Tally("perft")}
    for vector in picked:
        why = skip_reason(vector.areas, vector.setup, areas, options)
        if why is not None:
            report.cases.append(
                CaseResult(
                    kind="vector", id=vector.id, status="skipped", reason=why, rules=tuple(vector.rules)
                )
            )
        elif failed(_judged(_vector_case(impl, vector, report.engine_notes), options.known, tallies)):
            break
        progress.advance("vectors")

    # ---- perft ----
    if not report.stopped and options.perft_depth > 0:
        data = perft_data if perft_data is not None else load_data()
        use_load = "load_position" in areas
        progress.start("perft", len(data.positions))
        for position in data.positions:
            case = CaseResult(kind="perft", id=position.id, status="passed")
            why = skip_reason(_areas_of(position.setup), position.setup, areas, options)
            depth = min(options.perft_depth, max((int(d) for d in position.counts), default=0))
            if why is not None:
                case.status, case.reason = "skipped", why
                report.cases.append(case)
                progress.advance("perft")
                continue
            started_case = time.perf_counter()
            try:
                count, divergence = run_perft(impl, position, depth, use_load)
            except ImplementationError as exc:
                case.status, case.failure = "failed", failure_of(exc)
                case.reason = f"implementation failure ({exc.kind})"
            else:
                expected = position.counts.get(str(depth))
                if divergence is not None:
                    case.status, case.divergence = "failed", divergence
                    case.reason = f"perft({depth}): {divergence.message} [{divergence.rule}]"
                    case.replay = _perft_replay(divergence)
                elif count != expected:
                    case.status = "error"
                    case.reason = (
                        f"perft({depth}) = {count}, the data file says {expected} (perft.json out of date?)"
                    )
                else:
                    case.reason = f"perft({depth}) = {count}"
            case.seconds = elapsed(started_case)
            progress.advance("perft")
            if failed(_judged(case, options.known, tallies)):
                break

    # ---- games ----
    groups = [g for tally in tallies.values() for g in tally.groups()]
    if not report.stopped:
        setups = game_setups(areas, chosen, options.players, options.bots)
        games, phase_groups = run_games(impl, setups, options, progress, report.engine_notes)
        groups += phase_groups
        report.games = games
        status = "passed"
        if games.divergence is not None or games.failure is not None:
            status = "failed"
        elif games.error:
            status = "error"
        elif games.known:
            status = "known"
        case = CaseResult(
            kind="games",
            id=f"{options.games} differential games (seed {options.seed})",
            status=status if setups and options.games else "skipped",
            reason=_games_reason(games, bool(setups), options.keep_going),
            seconds=games.seconds,
            divergence=games.divergence,
            failure=games.failure,
        )
        report.cases.append(case)

    # ---- games from generated positions ----
    if not report.stopped and options.positions:
        report.positions, case, phase_groups = positions_phase(
            impl, areas, options, progress, report.engine_notes
        )
        groups += phase_groups
        report.cases.append(case)
    report.groups = merge(groups)
    report.engine_notes = sorted(set(report.engine_notes))
    report.nothing_checked = nothing_checked(report, vectors)
    report.ok = (
        report.failure is None
        and not report.nothing_checked
        and all(c.status in PASSING for c in report.cases)
    )
    report.seconds = elapsed(started)
    return report


PASSING: Final = ("passed", "skipped", "known")
"""The statuses of cases a run passes with."""


def _judged(case: CaseResult, known: Sequence[Known], tallies: dict[str, Tally]) -> CaseResult:
    """``case`` (a vector or a perft position) with its divergence counted by rule into its kind's
    tally, and marked ``known`` when ``known`` accepts it."""
    d = case.divergence
    if d is None:
        return case
    entry = known_entry(known, d)
    tallies[case.kind].add((d.step,), d, entry, case.replay)
    if entry is not None:
        case.status = "known"
        case.reason = f"known deviation{f' ({entry.why})' if entry.why else ''}: {case.reason}"
    return case


def _perft_replay(divergence: Divergence) -> Trace | None:
    """A position trace of a perft divergence at a node reached by ``load`` (no action played from
    it: the node's legal actions differ), or None (the divergence has its own trace, or is not
    such a node)."""
    if divergence.trace is not None or divergence.start is None or divergence.action is not None:
        return None
    if divergence.step > 0:
        return None
    start = msgspec.convert(divergence.start, Position)
    return position_replay(start, divergence.composed, (), from_position(start, divergence.composed))


def nothing_checked(report: Report, vectors: Sequence[Vector] = ()) -> str:
    """Why ``report`` checked no case, in one line (``vectors``: those found, to say what
    ``--run``/``--skip`` matched); empty when a case was run (whatever its outcome) or the run
    stopped at ``hello``."""
    if report.failure is not None or any(c.status != "skipped" for c in report.cases):
        return ""
    options = report.options
    rule_areas = [a for a in report.areas if a not in CAPABILITIES]
    if not rule_areas:
        claimed = ", ".join(report.areas) or "none"
        return f"nothing was checked: the implementation claims no rule area in hello (areas: {claimed})"
    filters = " ".join(
        [f"--area {a}" for a in options.areas]
        + [f"--players {n}" for n in options.players]
        + [f"--bot {b}" for b in options.bots]
    )
    if filters:
        fitting = [g for g in GAME_SETUPS if skip_reason(g.areas, g.setup, AREAS, options) is None]
        if not fitting:
            return f"nothing was checked: no setup fits {filters}"
        if all(skip_reason(g.areas, g.setup, report.areas, options) is not None for g in fitting):
            return (
                f"nothing was checked: the implementation supports no setup that fits {filters} "
                f"(it claims {', '.join(rule_areas)})"
            )
    parts = [
        f"vectors: {_no_vectors(report, vectors)}",
        f"perft: {_none_of('perft positions', report)}" if options.perft_depth else "perft: --perft-depth 0",
        f"games: {_no_games(report)}",
    ]
    if options.positions:
        parts.append(f"positions: {positions_unchecked(report.positions)}")
    return "nothing was checked: " + "; ".join(parts)


def _quoted(option: str, globs: Sequence[str]) -> str:
    return " ".join(f"{option} {shlex.quote(g)}" for g in globs)


def _no_vectors(report: Report, vectors: Sequence[Vector]) -> str:
    options = report.options
    if report.vectors_found == 0:
        return f"no vector in {', '.join(report.vectors_dirs)}"
    if report.vectors_selected == 0:
        run = [v for v in vectors if selected(v.id, options.run, ())]
        if not run:
            return f"{_quoted('--run', options.run)} matches none of the {report.vectors_found} vectors"
        what = (
            f"the {len(run)} vectors {_quoted('--run', options.run)} matches"
            if options.run
            else (f"the {len(run)} vectors")
        )
        return f"{_quoted('--skip', options.skip)} skips all {what}"
    return _none_of("selected vectors", report, "vector")


def _none_of(what: str, report: Report, kind: str = "perft") -> str:
    """All cases of ``kind`` were skipped: how many, and the commonest reasons."""
    reasons = Counter(c.reason for c in report.cases if c.kind == kind)
    if not reasons:
        return f"no {what}"
    return f"all {sum(reasons.values())} {what} skipped ({_commonest(reasons)})"


def _commonest(reasons: Counter[str]) -> str:
    named = [f"{reason}: {count}" for reason, count in reasons.most_common(MOST_REASONS)]
    if len(reasons) > MOST_REASONS:
        named.append(f"{len(reasons) - MOST_REASONS} more reasons")
    return "; ".join(named)


def _no_games(report: Report) -> str:
    games = report.games
    if report.options.games == 0:
        return "--games 0"
    if games is None or games.setups:
        return "none played"
    reasons = Counter(
        why
        for g in GAME_SETUPS
        if (why := skip_reason(g.areas, g.setup, report.areas, report.options)) is not None
    )
    return f"no setup left of {len(GAME_SETUPS)} ({_commonest(reasons)})"


def _areas_of(setup: Setup) -> tuple[str, ...]:
    from reference.conformance.server import setup_areas

    return setup_areas(setup)


def _games_reason(games: GamesResult, any_setup: bool, keep_going: bool = False) -> str:
    if not any_setup:
        return "no setup fits the implementation's areas"
    if games.requested == 0:
        return "--games 0"
    if games.divergence is not None:
        d = games.divergence
        first = f"{d.case}: {d.field}: {d.message} [{d.rule}]"
        if not keep_going:
            return first
        failed = (
            f"; then an implementation failure ({games.failure.kind})" if games.failure is not None else ""
        )
        return (
            f"{games.diverged} games diverged ({counts(games.by_rule)}){failed}; the first, shrunk: {first}"
        )
    if games.failure is not None:
        return f"implementation failure ({games.failure.kind}) after {games.played} games"
    if games.error:
        return f"harness error: {games.error.strip().splitlines()[-1]}"
    if games.known:
        return (
            f"{games.played} games, {games.steps} steps, no divergence but {games.known} known "
            f"({counts(games.by_rule)})"
        )
    return f"{games.played} games, {games.steps} steps, no divergence"


# ---- output --------------------------------------------------------------------------------------


def summary_lines(report: Report) -> list[str]:
    """The human-readable result."""
    lines: list[str] = []
    if report.implementation:
        lines.append(f"implementation: {report.implementation} (areas: {', '.join(report.areas) or 'none'})")
    if report.failure is not None:
        lines.extend(describe_failure(report.failure))
    if report.stopped == HELLO_FAILED:
        lines.append(
            "stopped at hello: the implementation failed it, so no vector, perft position or game was run"
        )
        lines.append(f"result: FAIL ({report.seconds:.1f} s)")
        return lines
    v = report.counts("vector")
    warnings = [(case.id, w) for case in report.cases for w in case.warnings]
    lines.append(
        f"vectors: {report.vectors_found} found in {', '.join(report.vectors_dirs)}; {v['passed']} passed, "
        f"{v['failed']} failed, {v['error']} errors, {v['skipped']} skipped"
        + (f", {v['known']} known" if v.get("known") else "")
        + (f"; {len(warnings)} warning{'s' if len(warnings) > 1 else ''}" if warnings else "")
    )
    lines.extend(f"vector {case}: warning: {warning}" for case, warning in warnings[:SHOWN_WARNINGS])
    if len(warnings) > SHOWN_WARNINGS:
        lines.append(f"... and {len(warnings) - SHOWN_WARNINGS} more warnings (the report has them all)")
    lines.extend(_case_lines(report))
    p = report.counts("perft")
    if any(p.values()):
        lines.append(
            f"perft: {p['passed']} passed, {p['failed']} failed, {p['error']} errors, {p['skipped']} skipped"
            + (f", {p['known']} known" if p.get("known") else "")
        )
    games = report.games
    if games is not None:
        lines.append(
            f"games: {games.played} of {games.requested} differential games without divergence "
            f"({games.steps} steps, seed {games.seed}, {games.seconds:.1f} s)"
            + (f"; {games.shrink_runs} runs shrinking" if games.shrink_runs else "")
            + (
                f"; {games.diverged} diverged ({games.known} known) in {games.searches} searches"
                if games.searches and (report.options.keep_going or games.known)
                else ""
            )
        )
        if games.by_setup:
            # "; " between setups: a setup's label has commas of its own (solo tokugawa medium, cards order)
            lines.append("  by setup: " + "; ".join(f"{label}: {n}" for label, n in games.by_setup.items()))
        if games.first:  # another --seed starts with another game: this says which one this seed drew
            lines.append(f"  first: {games.first}")
        if games.error:
            lines.append(f"games: harness error: {games.error.strip().splitlines()[-1]}")
    if report.positions is not None:
        lines.extend(positions_summary(report.positions))
    if report.options.keep_going or report.options.known:
        lines.extend(group_lines(report.groups))
    if report.engine_notes:
        lines.append("engine notes (the reference looked inconsistent):")
        lines.extend(f"  {note}" for note in report.engine_notes)
    if report.stopped:
        lines.append(f"stopped: {report.stopped}")
    verdict = "NOTHING CHECKED" if report.nothing_checked else "PASS" if report.ok else "FAIL"
    lines.append(f"result: {verdict} ({report.seconds:.1f} s)")
    return lines


def _case_lines(report: Report) -> list[str]:
    """The failed and error cases: in full (each divergence, differing field and failure), or with
    keep-going one line each (the groups show the divergences), the games, the positions and the
    first SHOWN_CASES vectors and perft positions; then the known cases, one line each, the first
    SHOWN_CASES."""
    lines: list[str] = []
    bad = [case for case in report.cases if case.status in ("failed", "error")]
    many = [case for case in bad if case.kind in ("vector", "perft")] if report.options.keep_going else []
    if many:  # the phases' cases, and the first vectors and perft positions
        bad = [case for case in bad if case.kind not in ("vector", "perft") or case in many[:SHOWN_CASES]]
    for case in bad:
        lines.append(f"{case.kind} {case.id}: {case.status.upper()}: {case.reason}")
        if report.options.keep_going:  # the groups show the divergences
            lines.extend(describe_failure(case.failure) if case.failure is not None else [])
            continue
        if case.divergence is not None:
            lines.extend(describe(case.divergence))
        lines.extend(_difference_lines(case))
        if case.failure is not None:
            lines.extend(describe_failure(case.failure))
    if len(many) > SHOWN_CASES:
        lines.append(
            f"... and {len(many) - SHOWN_CASES} more failed vectors and perft positions (the report has them all)"
        )
    known = [case for case in report.cases if case.status == "known"]
    lines.extend(f"{case.kind} {case.id}: KNOWN: {case.reason}" for case in known[:SHOWN_CASES])
    if len(known) > SHOWN_CASES:
        lines.append(f"... and {len(known) - SHOWN_CASES} more known cases (the report has them all)")
    return lines


def _difference_lines(case: CaseResult) -> list[str]:
    """The differing fields of a failed vector's step (the first SHOWN_DIFFERENCES)."""
    if not case.differences:
        return []
    total = len(case.differences) + case.differences_cut
    lines = [
        f"  differing fields at that step ({total}; wanted by the vector or the reference, then the implementation's):"
    ]
    for d in case.differences[:SHOWN_DIFFERENCES]:
        wanted = shorten(msgspec.json.encode(d.expected).decode(), 100)
        got = shorten(msgspec.json.encode(d.got).decode(), 100)
        lines.append(f"    {d.field or '/'}: {d.against} {wanted}, implementation {got}")
    if total > SHOWN_DIFFERENCES:
        kept = len(case.differences)
        lines.append(f"    ... and {total - SHOWN_DIFFERENCES} more (the report lists {kept})")
    return lines


def report_json(report: Report) -> bytes:
    """The report as JSON (pretty enough for a diff: one line per case is not promised)."""
    import json

    return (json.dumps(msgspec.to_builtins(report), indent=1) + "\n").encode()


def junit_xml(report: Report) -> bytes:
    """The report as JUnit XML (one testcase per vector, perft position and the games)."""
    suite = ET.Element(
        "testsuite",
        name="wcref verify",
        tests=str(len(report.cases) + (report.failure is not None) + bool(report.nothing_checked)),
        failures=str(sum(c.status == "failed" for c in report.cases)),
        errors=str(
            sum(c.status == "error" for c in report.cases)
            + (report.failure is not None)
            + bool(report.nothing_checked)
        ),
        skipped=str(sum(c.status in ("skipped", "known") for c in report.cases)),
        time=f"{report.seconds:.3f}",
    )
    props = ET.SubElement(suite, "properties")
    ET.SubElement(props, "property", name="implementation", value=report.implementation)
    ET.SubElement(props, "property", name="areas", value=",".join(report.areas))
    if report.failure is not None:
        case = ET.SubElement(suite, "testcase", classname="implementation", name="hello", time="0")
        error = ET.SubElement(case, "error", message=report.failure.detail, type=report.failure.kind)
        error.text = "\n".join(describe_failure(report.failure))
    if report.nothing_checked:
        case = ET.SubElement(suite, "testcase", classname="verify", name="nothing checked", time="0")
        error = ET.SubElement(case, "error", message=report.nothing_checked, type="nothing-checked")
        error.text = report.nothing_checked
    for result in report.cases:
        case = ET.SubElement(
            suite, "testcase", classname=result.kind, name=result.id, time=f"{result.seconds:.3f}"
        )
        if result.status in ("skipped", "known"):  # a known deviation: neither a pass nor a failure
            ET.SubElement(case, "skipped", message=result.reason)
        elif result.status == "error":
            error = ET.SubElement(case, "error", message=result.reason, type="error")
            error.text = result.reason
        elif result.status == "failed":
            kind = "divergence" if result.divergence is not None else "implementation-failure"
            failure = ET.SubElement(case, "failure", message=result.reason, type=kind)
            text: list[str] = []
            if result.divergence is not None:
                text.extend(describe(result.divergence))
                text.append("trace: " + msgspec.json.encode(result.divergence.trace).decode())
            text.extend(_difference_lines(result))
            if result.failure is not None:
                text.extend(describe_failure(result.failure))
            failure.text = "\n".join(text)
        if result.warnings:  # after the outcome, as the JUnit schema orders a test case's elements
            ET.SubElement(case, "system-out").text = "\n".join(f"warning: {w}" for w in result.warnings)
    suites = ET.Element("testsuites")
    suites.append(suite)
    ET.indent(suites)
    body: bytes = ET.tostring(suites, encoding="utf-8", xml_declaration=True)
    return body + b"\n"


def first_divergence(report: Report) -> Divergence | None:
    """The first divergence of the run (a vector's, a perft position's, or the games')."""
    for case in report.cases:
        if case.divergence is not None:
            return case.divergence
    return None


def first_traced(report: Report) -> tuple[CaseResult, Trace] | None:
    """The first failed case (not known) whose divergence has a replayable trace, and that trace:
    the divergence's own ``trace`` or, for a case from a loaded position, its ``replay``; None when
    none has one."""
    for case in report.cases:
        if case.status != "failed" or case.divergence is None:
            continue
        trace = case.divergence.trace if case.divergence.trace is not None else case.replay
        if trace is not None:
            return case, trace
    return None


__all__ = [
    "GamesResult",
    "Options",
    "Progress",
    "Report",
    "filtered_out",
    "first_divergence",
    "first_traced",
    "game_setups",
    "junit_xml",
    "nothing_checked",
    "report_json",
    "run_games",
    "seed_offset",
    "skip_reason",
    "summary_lines",
    "topic",
    "vectors_problem",
    "verify",
]
