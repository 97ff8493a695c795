"""The conformance commands of ``wcref``: ``serve``, ``verify`` and ``perft`` (registered in
reference/cli.py).

- ``wcref serve``: the reference behind the JSON Lines protocol on stdin/stdout (docs/protocol.md).
- ``wcref verify [--impl CMD]``: vectors, perft and differential games against an implementation
  (the reference in-process when no ``--impl``); exit 0 without divergence, 1 with one (or an
  implementation failure), 2 for usage errors (including a command that cannot be started, a
  missing ``--vectors`` directory and a run that checked nothing).
- ``wcref perft --seed S --depth D``: perft counts from a seeded start position.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final, cast

import click
import msgspec
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from reference import inputs, wire
from reference.book.vectors import VECTORS_DIR, Vector, load_vectors, selected
from reference.conformance import bench as bench_module
from reference.conformance import perft as perft_module
from reference.conformance import server
from reference.conformance.adapter import AREAS, Implementation, ImplementationError, ReferenceAdapter
from reference.conformance.keep_going import MAX_SHRUNK, case_file_name, file_rule
from reference.conformance.outcome import DEFAULT_BUDGET, Player
from reference.conformance.outcome_run import Finding, Known, read_known, run_outcome, stderr_note
from reference.conformance.outcome_run import summary as outcome_summary
from reference.conformance.positions import POSITION_TRACE_FORMAT, POSITION_TRACE_VERSION
from reference.conformance.process import SubprocessImplementation, shorten
from reference.conformance.verify import (
    Options,
    Report,
    first_divergence,
    first_traced,
    game_setups,
    junit_xml,
    report_json,
    skip_reason,
    summary_lines,
    vectors_problem,
)
from reference.conformance.verify import verify as run_verify
from reference.errors import WhiteCastleError
from reference.model import Difficulty, RivalKind, Setup, Solo
from reference.rulebook import closest_ids, rule_ids

USAGE: Final = 2
FAILED: Final = 1

_DIFFICULTY: Final = {
    "easy": Difficulty.EASY,
    "medium": Difficulty.MEDIUM,
    "normal": Difficulty.MEDIUM,
    "hard": Difficulty.HARD,
}


class _Usage(click.ClickException):
    """A usage error: one line ``error: ...``, exit status 2."""

    exit_code = USAGE

    def show(self, file: object = None) -> None:
        click.echo(f"error: {self.format_message()}", err=True)


# ---- serve ----------------------------------------------------------------------------------------


@click.command()
def serve() -> None:
    """Serve the reference over the conformance protocol (JSON Lines on stdin/stdout, see
    docs/protocol.md) until `bye` or the end of input."""
    sys.exit(server.main())


# ---- verify ---------------------------------------------------------------------------------------


class _RichProgress:
    """The verify Progress as a rich progress bar on stderr (only on a terminal)."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.tasks: dict[str, TaskID] = {}

    def start(self, task: str, total: int) -> None:
        if task in self.tasks:  # a search begins again (keep-going searches once per rule)
            self.progress.reset(self.tasks[task], total=total, description=task)
        else:
            self.tasks[task] = self.progress.add_task(task, total=total)

    def advance(self, task: str, units: int = 1) -> None:
        if task in self.tasks:
            self.progress.advance(self.tasks[task], units)

    def note(self, task: str, text: str) -> None:
        if task in self.tasks:
            self.progress.update(self.tasks[task], description=f"{task}: {text}")


def _write(path: Path, data: bytes, what: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    except OSError as exc:
        # name the path the system refused: a parent that is a file gives "File exists" for it
        where = f" ({exc.filename})" if exc.filename is not None and str(exc.filename) != str(path) else ""
        raise _Usage(f"cannot write the {what} to {path}: {exc.strerror or exc}{where}") from exc


def _implementation(impl_command: str | None, timeout: float) -> tuple[Implementation, str | None]:
    if impl_command is None:
        return ReferenceAdapter(), None
    try:
        argv = shlex.split(impl_command)
    except ValueError as exc:
        raise _Usage(f"--impl: {exc}") from exc
    if not argv:
        raise _Usage("--impl: empty command")
    return SubprocessImplementation(argv, timeout=timeout), impl_command


@click.command()
@click.option(
    "--impl",
    "impl_command",
    default=None,
    metavar="CMD",
    help="The implementation's command line (speaks docs/protocol.md); default: the reference in-process.",
)
@click.option(
    "--vectors",
    "vectors_dirs",
    type=click.Path(path_type=Path),  # checked by vectors_problem: one message for every case
    multiple=True,
    help="A vector directory (repeatable; default: the shipped reference/vectors/).",
)
@click.option(
    "--run", "run_globs", multiple=True, metavar="GLOB", help="Only vectors whose id matches (repeatable)."
)
@click.option(
    "--skip", "skip_globs", multiple=True, metavar="GLOB", help="Skip vectors whose id matches (repeatable)."
)
@click.option(
    "--area",
    "areas",
    multiple=True,
    type=click.Choice(AREAS),
    help="Only check these areas (repeatable; default: all the implementation supports).",
)
@click.option(
    "--players",
    multiple=True,
    type=click.IntRange(2, 4),
    metavar="N",
    help="Only setups (games, vectors, perft positions) with N clans (repeatable; a solo game has 2).",
)
@click.option(
    "--bot",
    "bots",
    multiple=True,
    type=click.Choice([r.value for r in RivalKind]),
    help="Only solo setups (games, vectors, perft positions) against this bot (repeatable).",
)
@click.option(
    "--games",
    type=click.IntRange(min=0),
    default=200,
    show_default=True,
    help="Differential games generated by Hypothesis.",
)
@click.option(
    "--positions",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Short games from generated public positions (needs load_position; rare situations: an empty "
    "castle deck, a full Daimyo card, seals just before a checkpoint, the bot's deck nearly out).",
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help="Seed of the games (Hypothesis' seed and the setups and chance seeds it draws): another seed, other games.",
)
@click.option(
    "--perft-depth",
    type=click.IntRange(0, 5),
    default=2,
    show_default=True,
    help="Perft depth checked through legal_actions (0: none).",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0.01),
    default=10.0,
    show_default=True,
    help="Seconds to wait for each reply.",
)
@click.option(
    "--shrink-time",
    type=click.FloatRange(min=0),
    default=60.0,
    show_default=True,
    help="Seconds spent shrinking a divergent game (with --keep-going: for each rule, at most "
    f"{MAX_SHRUNK} rules in each of the games and the positions).",
)
@click.option("--no-probes", is_flag=True, help="Do not try illegal actions during the games.")
@click.option(
    "--max-failures",
    type=click.IntRange(min=1),
    default=5,
    show_default=True,
    help="Stop after this many implementation failures.",
)
@click.option(
    "--report",
    "report_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write the machine-readable report (JSON).",
)
@click.option(
    "--junit",
    "junit_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write JUnit XML.",
)
@click.option(
    "--trace-out",
    type=click.Path(path_type=str),
    default=None,
    metavar="PATH",
    help="Write the trace of the first divergence that has one (for wcref replay). A directory (an "
    "existing one, a PATH ending in /, or any PATH with --keep-going): one replayable case per rule, "
    "NN-RULE-phase.json (NN-RULE-outcome.json in outcome mode).",
)
@click.option(
    "--bench",
    "bench_only",
    is_flag=True,
    help="Only measure round trips per second against --impl (default: wcref serve).",
)
@click.option(
    "--bench-requests",
    type=click.IntRange(min=1),
    default=bench_module.DEFAULT_REQUESTS,
    show_default=True,
    help="Requests per --bench loop.",
)
@click.option(
    "--mode",
    type=click.Choice(["lockstep", "outcome"]),
    default="lockstep",
    show_default=True,
    help="lockstep: the implementation answers the reference's questions one by one; outcome: it plays "
    "its own decisions and what they reach is compared at every stop (needs the play area).",
)
@click.option(
    "--keep-going",
    is_flag=True,
    help="Go on past divergences and group them by rule: lockstep mode plays every game and position "
    "asked for (the first case of each rule shrunk); outcome mode keeps every finding.",
)
@click.option(
    "--known",
    "known_path",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    default=None,
    help='Accepted deviations, {"known": [{"rule": ..., "pointer": ..., "why": ...}]}: a divergence '
    "(or outcome finding) naming the rule, with its field under the JSON Pointer when one is given, "
    "is reported as known, not a failure.",
)
@click.option(
    "--converse",
    type=click.IntRange(min=0),
    default=5,
    show_default=True,
    help="Outcome mode: check one turn in N both ways (every stop the reference reaches must be listed "
    "by the implementation's outcomes; 0: never).",
)
@click.option(
    "--budget",
    type=click.IntRange(min=1),
    default=DEFAULT_BUDGET,
    show_default=True,
    help="Outcome mode: reference states searched per stop at most.",
)
@click.option("--quiet", is_flag=True, help="No progress bar.")
def verify(
    impl_command: str | None,
    vectors_dirs: tuple[Path, ...],
    run_globs: tuple[str, ...],
    skip_globs: tuple[str, ...],
    areas: tuple[str, ...],
    players: tuple[int, ...],
    bots: tuple[str, ...],
    games: int,
    positions: int,
    seed: int,
    perft_depth: int,
    timeout: float,
    shrink_time: float,
    no_probes: bool,
    max_failures: int,
    report_path: Path | None,
    junit_path: Path | None,
    trace_out: str | None,
    bench_only: bool,
    bench_requests: int,
    mode: str,
    keep_going: bool,
    known_path: Path | None,
    converse: int,
    budget: int,
    quiet: bool,
) -> None:
    """Check an implementation against the reference: every vector, perft counts through
    legal_actions, then differential games generated by Hypothesis; report the first divergence
    (trace, step, field, both values, rule), or with --keep-going every divergence grouped by rule.
    Exit 0: no divergence (or only known ones); 1: a divergence or an implementation failure; 2: a
    usage error, or a run that checked nothing (no vector, perft position or game was run: the one
    line says why)."""
    if bench_only:
        _bench(impl_command, bench_requests, timeout)
        return
    problem = vectors_problem(tuple(str(d) for d in vectors_dirs))
    if problem is not None:
        raise _Usage(problem)
    known = _known(known_path)
    impl, command = _implementation(impl_command, timeout)
    options = Options(
        vectors=tuple(str(d) for d in vectors_dirs),
        run=run_globs,
        skip=skip_globs,
        areas=areas,
        players=players,
        bots=bots,
        games=games,
        seed=seed,
        perft_depth=perft_depth,
        shrink_seconds=shrink_time,
        probes=not no_probes,
        max_failures=max_failures,
        positions=positions,
        keep_going=keep_going,
        known=known,
    )
    if mode == "outcome":
        if junit_path is not None:
            impl.close()
            raise _Usage("--junit is written in lockstep mode only (outcome mode: --report FILE)")
        _verify_outcome(impl, options, keep_going, known, converse, budget, report_path, trace_out)
        return
    console = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    try:
        with Progress(
            *columns, console=console, transient=True, disable=quiet or not console.is_terminal
        ) as bar:
            report = run_verify(impl, options, _RichProgress(bar), command=command)
    except KeyboardInterrupt:
        impl.close()
        click.echo("error: interrupted", err=True)
        sys.exit(130)
    impl.close()
    _finish(report, report_path, junit_path, trace_out)


def _known(known_path: Path | None) -> tuple[Known, ...]:
    """The deviations of the ``--known`` file (none without one); a file that cannot be read is a
    usage error."""
    if known_path is None:
        return ()
    try:
        known = read_known(inputs.read_file(known_path))
    except (msgspec.ValidationError, msgspec.DecodeError, inputs.InputLimit) as exc:
        raise _Usage(f"--known {known_path}: {exc}") from exc
    except OSError as exc:
        raise _Usage(f"--known {known_path}: cannot read: {exc.strerror or exc}") from exc
    ids = rule_ids()
    for index, entry in enumerate(known):
        where = f"--known {known_path}: $.known[{index}]"
        if entry.rule not in ids:
            close = closest_ids(entry.rule, ids)
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise _Usage(f"{where}.rule: {shorten(repr(entry.rule), 80)} is no rule ID of the register{hint}")
        if entry.pointer is not None and entry.pointer != "" and not entry.pointer.startswith("/"):
            raise _Usage(
                f"{where}.pointer: {shorten(repr(entry.pointer), 80)} is no JSON Pointer (it starts with /)"
            )
    return known


def _verify_outcome(
    impl: Implementation,
    options: Options,
    keep_going: bool,
    known: tuple[Known, ...],
    converse: int,
    budget: int,
    report_path: Path | None,
    trace_out: str | None,
) -> None:
    """``verify --mode outcome`` (reference.conformance.outcome_run). ``--trace-out`` as in lockstep
    mode: a directory (with --keep-going, a path ending in ``/`` or an existing directory) gets one
    replayable case per rule group, ``NN-RULE-outcome.json``; a file, the first group's case."""
    try:
        _, areas = impl.hello()
    except Exception as exc:
        impl.close()
        note = stderr_note(exc) if isinstance(exc, ImplementationError) else ""
        raise _Usage(f"the implementation cannot be started: {exc}{note}") from exc
    if "play" not in areas:
        impl.close()
        raise _Usage("outcome mode needs the play area: the implementation's hello does not claim it")
    found: list[Vector] = []
    unusable: list[str] = []
    for directory in [Path(d) for d in options.vectors] or [VECTORS_DIR]:
        loaded, problems = load_vectors(directory)
        found += loaded
        unusable += [f"vector file {p.path}: {p.reason}" for p in problems]
    vectors = [
        v
        for v in found
        if selected(v.id, options.run, options.skip)
        and skip_reason(_rule_areas(v.areas), v.setup, areas, options) is None
    ]
    setups = [g.setup for g in game_setups(areas, options.areas, options.players, options.bots)]
    player = cast(Player, impl)
    try:
        report = run_outcome(
            player,
            setups,
            vectors,
            games=options.games,
            seed=options.seed,
            converse=converse,
            budget=budget,
            known=known,
            keep_going=keep_going,
            positions=options.positions,
            max_failures=options.max_failures,
        )
    except KeyboardInterrupt:
        impl.close()
        click.echo("error: interrupted", err=True)
        sys.exit(130)
    impl.close()
    report.vectors_unselected = len(found) - len(vectors)
    if unusable:  # a vector file that cannot be read fails the run, as in lockstep mode
        report.failures = [*unusable, *report.failures]
        report.ok = False
    for line in outcome_summary(report):
        click.echo(line)
    unwritten: list[str] = []
    if report_path is not None:
        try:
            _write(report_path, msgspec.json.encode(report) + b"\n", "report")
        except _Usage as exc:  # the cases are still written
            unwritten.append(str(exc))
    if trace_out is not None and report.groups:
        if _is_directory(trace_out, keep_going):
            directory = Path(trace_out)
            _write_case_files(
                directory,
                [
                    (
                        f"{index:02d}-{file_rule(g.rule)}-outcome{'-known' if g.smallest.known else ''}.json",
                        _outcome_case(g.smallest),
                    )
                    for index, g in enumerate(report.groups, 1)
                ],
            )
            click.echo(f"--trace-out {directory}: wrote {len(report.groups)} case(s), one per rule")
        else:
            _write(Path(trace_out), _outcome_case(report.groups[0].smallest), "trace")
            click.echo(f"--trace-out {trace_out}: wrote the case of [{report.groups[0].rule}]")
    if unwritten:
        raise _Usage("; ".join(unwritten))
    if report.nothing_checked:
        raise _Usage(report.nothing_checked)
    if not report.ok:
        sys.exit(FAILED)


def _outcome_case(finding: Finding) -> bytes:
    """A finding as a file ``wcref replay`` reads: a trace from its setup, or a position trace from
    its start position (the reference's path to the nearest stop it could reach)."""
    body: dict[str, object]
    if finding.start is None:
        body = {"format": "wcref-trace", "version": 2, "setup": finding.setup, "actions": finding.path}
    else:
        body = {
            "format": POSITION_TRACE_FORMAT,
            "version": POSITION_TRACE_VERSION,
            "start": finding.start,
            "composed": list(finding.composed),
            "actions": finding.path,
        }
    return (json.dumps(body, indent=1) + "\n").encode()


def _rule_areas(areas: Sequence[str]) -> tuple[str, ...]:
    """The rule areas a vector needs (load_position is asked for separately in outcome mode)."""
    return tuple(a for a in areas if a != "load_position")


def _finish(report: Report, report_path: Path | None, junit_path: Path | None, trace_out: str | None) -> None:
    """Print the summary and write the report, the JUnit XML and the cases; a file that cannot be
    written does not stop the others (each failure is said, then the run ends as a usage error)."""
    as_directory = trace_out is not None and _is_directory(trace_out, report.options.keep_going)
    unwritten: list[str] = []
    written: list[str] = []
    older: list[str] = []
    if trace_out is not None and as_directory:
        try:
            written, older = _write_cases(Path(trace_out), report)  # before the summary: it names the files
        except _Usage as exc:
            unwritten.append(str(exc))
    # issue 17: the divergences drawn side by side, beside the report (said first: the summary ends the output)
    if report_path is not None:
        from reference.view.divergence import page_path, write_beside

        try:
            drawn = write_beside(report_path, report)
        except OSError as exc:
            unwritten.append(
                f"cannot write the divergence page {page_path(report_path)}: {exc.strerror or exc}"
            )
        except WhiteCastleError as exc:  # a position the board cannot draw (TooLarge, bad content)
            drawn = None
            click.echo(f"no divergence page: {exc}", err=True)
        else:
            if drawn is not None:
                click.echo(f"divergence page (both positions side by side): {drawn}")
            elif page_path(report_path).is_file():  # an earlier run's page must not outlive its report
                page_path(report_path).unlink(missing_ok=True)
    for line in summary_lines(report):
        click.echo(line)
    divergence = first_divergence(report)
    if divergence is not None and divergence.trace is not None:
        click.echo(
            "trace (wcref replay FILE replays it on the reference): "
            + json.dumps(divergence.trace, separators=(",", ":"))
        )
    try:
        if trace_out is not None and not as_directory:
            _write_first_trace(Path(trace_out), report)
        elif trace_out is not None and not unwritten:
            click.echo(
                f"--trace-out {trace_out}: {len(written)} case(s) written, one per rule"
                + (f" ({', '.join(written[:3])}{', ...' if len(written) > 3 else ''})" if written else "")
            )
            if older:
                click.echo(
                    f"--trace-out {trace_out}: {len(older)} case file(s) there are not from this run, left as "
                    f"they were: {', '.join(older[:5])}{', ...' if len(older) > 5 else ''}"
                )
    except _Usage as exc:
        unwritten.append(str(exc))
    for path, what in ((report_path, "report"), (junit_path, "JUnit XML")):
        if path is not None:
            try:
                _write(path, report_json(report) if path is report_path else junit_xml(report), what)
            except _Usage as exc:
                unwritten.append(str(exc))
    if unwritten:
        raise _Usage("; ".join(unwritten))
    if report.failure is not None and report.failure.kind == "start":
        raise _Usage(report.failure.detail)
    if any(c.failure is not None and c.failure.kind == "start" for c in report.cases):
        raise _Usage(next(c.failure.detail for c in report.cases if c.failure is not None))
    if report.nothing_checked:
        raise _Usage(report.nothing_checked)
    if not report.ok:
        sys.exit(FAILED)


def _is_directory(trace_out: str, keep_going: bool) -> bool:
    """Whether ``--trace-out`` names a directory of cases (one per rule): with --keep-going, or a
    path ending in ``/``, or an existing directory; else it names one file."""
    return keep_going or trace_out.endswith(("/", os.sep)) or Path(trace_out).is_dir()


def _write_first_trace(path: Path, report: Report) -> None:
    """Write the trace of the first failed case that has one, and say which (and when the first
    divergence of the run had none, which that was); or that no divergence has one."""
    found = first_traced(report)
    if found is None:
        if any(c.status == "failed" and c.divergence is not None for c in report.cases):
            click.echo(f"--trace-out {path}: no divergence has a replayable trace; nothing written")
        return
    case, trace = found
    _write(path, (json.dumps(trace, indent=1) + "\n").encode(), "trace")
    assert case.divergence is not None
    first = next(c for c in report.cases if c.status == "failed" and c.divergence is not None)
    skipped = "" if first is case else f" (the first divergence, of {first.kind} {first.id}, has none)"
    click.echo(
        f"--trace-out {path}: wrote the trace of {case.divergence.case} [{case.divergence.rule}]{skipped}"
    )


def _write_cases(directory: Path, report: Report) -> tuple[list[str], list[str]]:
    """Write each group's smallest case (its replayable trace) as ``directory/NN-RULE-phase.json``,
    numbered in the report's order, and note the file in the group (``trace_file``); a group whose
    case has no trace keeps ``untraced`` and is skipped. Returns the names written and those of
    the case files already there from another run (left as they were)."""
    files: list[tuple[str, bytes]] = []
    for index, group in enumerate(report.groups, 1):
        if group.trace is None:
            continue
        name = case_file_name(index, group)
        files.append((name, (json.dumps(group.trace, indent=1) + "\n").encode()))
        group.trace_file = str(directory / name)
    older = _write_case_files(directory, files)
    return [name for name, _ in files], older


def _write_case_files(directory: Path, files: Sequence[tuple[str, bytes]]) -> list[str]:
    """Write each (name, bytes) case file into ``directory`` (made when missing); returns the names of
    the case files already there from another run (left as they were). Raises _Usage."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _Usage(f"cannot write the cases to {directory}: {exc.strerror or exc}") from exc
    for name, body in files:
        _write(directory / name, body, "case")
    written = {name for name, _ in files}
    return sorted(p.name for p in directory.glob("[0-9][0-9]-*.json") if p.name not in written)


def _bench(impl_command: str | None, requests: int, timeout: float) -> None:
    command: list[str] = bench_module.default_command()
    if impl_command is not None:
        try:
            command = shlex.split(impl_command)
        except ValueError as exc:
            raise _Usage(f"--impl: {exc}") from exc
    from reference.conformance.adapter import ImplementationError

    try:
        lines = bench_module.bench(command, requests, timeout)
    except ImplementationError as exc:
        raise _Usage(f"the implementation failed during the bench ({exc.kind}): {exc.detail}") from exc
    for text in bench_module.format_lines(lines, impl_command or "wcref serve"):
        click.echo(text)


# ---- perft ----------------------------------------------------------------------------------------


@click.command()
@click.option("--seed", type=int, default=0, show_default=True, help="random.Random(SEED) samples the Deal.")
@click.option(
    "--depth",
    type=click.IntRange(0, 8),
    default=3,
    show_default=True,
    help="Count to this depth (each depth from 1 is printed).",
)
@click.option("--players", type=click.IntRange(2, 4), default=None, help="Clans (default 2).")
@click.option(
    "--bot",
    type=click.Choice([r.value for r in RivalKind]),
    default=None,
    help="A solo game against this rival.",
)
@click.option(
    "--difficulty",
    type=click.Choice(list(_DIFFICULTY)),
    default=None,
    help="Solo difficulty (implies --bot tokugawa).",
)
@click.option(
    "--position",
    "position_id",
    default=None,
    help="A position of reference/conformance/perft.json instead of a seeded start.",
)
@click.option(
    "--divide", is_flag=True, help="Also print the count below each legal action at the last depth."
)
@click.option(
    "--write-data",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Rebuild the perft data file at this path (depths 1-5 of every shipped position).",
)
def perft(
    seed: int,
    depth: int,
    players: int | None,
    bot: str | None,
    difficulty: str | None,
    position_id: str | None,
    divide: bool,
    write_data: Path | None,
) -> None:
    """Count the distinct legal decision sequences of DEPTH decisions from new_game(setup) and the
    Deal sampled with random.Random(SEED). Chance nodes (a re-roll, a reshuffle) and the end of the
    game met inside the tree are leaves counting 1."""
    import time

    if write_data is not None:
        positions = []
        for position, seconds in perft_module.build_data():
            click.echo(f"{position.id}: {position.counts} ({seconds:.2f} s)")
            positions.append(position)
        _write(write_data, perft_module.data_text(tuple(positions)).encode(), "perft data")
        click.echo(f"wrote {write_data}")
        return
    if position_id is not None:
        if players is not None or bot is not None or difficulty is not None:
            raise _Usage("--position gives the setup: drop --players, --bot and --difficulty")
        data = perft_module.load_data()
        found = [p for p in data.positions if p.id == position_id]
        if not found:
            raise _Usage(f"no position {position_id!r} (known: {', '.join(p.id for p in data.positions)})")
        setup, actions = found[0].setup, found[0].actions
        state = perft_module.replay(setup, actions)
        click.echo(f"position {position_id}: {found[0].title}")
    else:
        setup = _setup(players, bot, difficulty)
        try:
            state, deal = perft_module.start_position(setup, seed)
        except WhiteCastleError as exc:
            raise _Usage(str(exc)) from exc
        click.echo(f"setup: {wire.encode(setup).decode()}")
        click.echo(f"deal (random.Random({seed})): {wire.encode(deal).decode()}")
    for d in range(1, depth + 1):
        started = time.perf_counter()
        count = perft_module.perft(state, d)
        click.echo(f"perft({d}) = {count}  ({time.perf_counter() - started:.2f} s)")
    if divide and depth > 0:
        for action, count in perft_module.divide(state, depth):
            click.echo(f"  {wire.encode(action).decode()}: {count}")


def _setup(players: int | None, bot: str | None, difficulty: str | None) -> Setup:
    if bot is None and difficulty is None:
        return Setup(players=players if players is not None else 2)
    if players not in (None, 2):
        raise _Usage("a solo game is a 2-player game: drop --players or use --players 2")
    solo = Solo(
        rival=RivalKind(bot) if bot is not None else RivalKind.TOKUGAWA,
        difficulty=_DIFFICULTY[difficulty] if difficulty is not None else Difficulty.MEDIUM,
    )
    return Setup(players=2, solo=solo)


__all__ = ["perft", "serve", "verify"]
