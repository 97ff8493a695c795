"""Checked games per CPU second of the property machines: ``python -m properties.rate``.

Runs the six whole-game properties of ``tests/test_properties_machines.py`` that the default test run
plays (the invariants-only machine on multi-clan and solo games, the API checks on multi-clan,
Tokugawa, Gingkogawa and generated-content games: ISSUE 15 asks 50 checked games a CPU second across
them) one after another in this process, under a Hypothesis profile (``ci`` unless told), and prints
for each its games (Hypothesis's passing examples: each one whole game checked), its CPU seconds and
games per CPU second, then the total, apart from and with the process's start-up (imports,
collection). With ``--seed`` the profile is not derandomized and the seed picks the games, so that
several seeds average over game samples. With ``--instructions`` each property runs in a process of
its own under valgrind's callgrind, less a process that only starts up (imports, collection, one
Hypothesis example), and the instructions give games per second at a fixed speed (``--speed``, the
issue's 7.8 G instructions a second): a figure that does not move with the host's load (about half
an hour for the ``ci`` profile). A measurement printed by a script, never a timed assertion.

Needs a checkout (the tests folder beside ``properties/``) and the ``test`` extra (pytest).
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Generator
from contextlib import redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import click
import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from msgspec.structs import replace
from rich.console import Console
from rich.table import Table

import properties.settings  # noqa: F401  (registers the project's Hypothesis profiles)
from reference.benchmark import callgrind, valgrind

MACHINES_FILE: Final = Path(__file__).resolve().parent.parent / "tests" / "test_properties_machines.py"
"""The file whose properties are measured (in the checkout beside this package)."""

PROPERTIES: Final = (
    "test_whole_multi_clan_games_keep_every_invariant",
    "test_whole_solo_games_keep_every_invariant",
    "test_api_multi_clan_games",
    "test_api_tokugawa_games",
    "test_api_gingkogawa_games",
    "test_api_generated_content_games",
)
"""The measured properties, in the order they run."""

_PASSING: Final = re.compile(r"(\d+) passing")


class Rate(msgspec.Struct, frozen=True):
    """One property's measurement: ``games`` checked in ``cpu_seconds`` (CPU time of this process; with
    ``--instructions``, the seconds its instructions take at ``--speed``)."""

    name: str
    outcome: str
    games: int
    cpu_seconds: float
    instructions: int | None = None
    """Instructions of the property's games (its process's count less the start-up's), when counted."""

    @property
    def games_per_second(self) -> float:
        """Games per CPU second (0.0 when no time was measured)."""
        return self.games / self.cpu_seconds if self.cpu_seconds > 0 else 0.0


@dataclass
class _Recorder:
    """A pytest plugin: each measured property's CPU time and games (read from Hypothesis's statistics)."""

    cpu: dict[str, float] = field(default_factory=dict)
    games: dict[str, int] = field(default_factory=dict)
    outcome: dict[str, str] = field(default_factory=dict)
    seed: int | None = None

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        # the loaded profile without an example database (a failure saved by an earlier run would be
        # replayed instead of the sample) and, with a seed, random instead of derandomized
        rate_settings = settings(parent=settings.default, database=None)
        if self.seed is not None:
            rate_settings = settings(parent=rate_settings, derandomize=False)
        settings.register_profile("rate", parent=rate_settings)
        settings.load_profile("rate")

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, object, object]:
        start = time.process_time()
        try:
            return (yield)
        finally:
            self.cpu[item.name] = time.process_time() - start
            statistics = getattr(item, "hypothesis_statistics", None)
            counts = _PASSING.findall(statistics) if isinstance(statistics, str) else []
            if counts:  # none: measure() says so once pytest is done
                self.games[item.name] = sum(int(n) for n in counts)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == "call" or report.outcome != "passed":
            self.outcome[report.nodeid.rsplit("::", 1)[-1]] = report.outcome


def _names(only: str | None) -> list[str]:
    """The measured properties whose name holds ``only`` (all when None). Raises click.ClickException
    outside a checkout or when none matches."""
    if not MACHINES_FILE.is_file():
        raise click.ClickException(f"{MACHINES_FILE} not found: run from a checkout of the project")
    names = [n for n in PROPERTIES if only is None or only in n]
    if not names:
        raise click.ClickException(
            f"no property name holds {only!r}; the properties: {', '.join(PROPERTIES)}"
        )
    return names


def measure(profile: str, seed: int | None, only: str | None) -> tuple[list[Rate], float]:
    """Run the properties (those whose name holds ``only``, when given) under ``profile``; their
    measurements and the whole process's CPU seconds so far. Raises click.ClickException when the
    checkout's tests are missing, no property matches, pytest cannot run them or Hypothesis gives no
    count of a passing property's games (a failing property is reported as such, not raised)."""
    names = _names(only)
    os.environ["HYPOTHESIS_PROFILE"] = profile
    recorder = _Recorder(seed=seed)
    args = [str(MACHINES_FILE), "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "-k", " or ".join(names)]
    if seed is not None:
        args.append(f"--hypothesis-seed={seed}")
    with redirect_stdout(sys.stderr):  # pytest's own report on stderr, the measurement alone on stdout
        code = pytest.main(args, plugins=[recorder])
    if code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
        raise click.ClickException(f"pytest could not run the properties (exit {code!r})")
    uncounted = [n for n in names if recorder.outcome.get(n) == "passed" and n not in recorder.games]
    if uncounted:
        raise click.ClickException(
            f"Hypothesis reported no count of passing examples for {', '.join(uncounted)}"
        )
    rates = [
        Rate(
            name,
            recorder.outcome.get(name, "not run"),
            recorder.games.get(name, 0),
            recorder.cpu.get(name, 0.0),
        )
        for name in names
    ]
    return rates, time.process_time()


def _callgrind(arguments: list[str]) -> tuple[int, str]:
    """Instructions of ``python -m properties.rate ARGUMENTS`` under callgrind, and its stdout. Raises
    click.ClickException without valgrind or when the run fails (exit 1, a failing property, is a run)."""
    if valgrind() is None:
        raise click.ClickException("--instructions needs valgrind, which is not installed")
    count, done = callgrind([sys.executable, "-m", "properties.rate", *arguments])
    if done.returncode not in (0, 1) or count is None:
        raise click.ClickException(f"valgrind {' '.join(arguments)} failed: {done.stderr.strip()[-500:]}")
    return count, done.stdout


def count_instructions(profile: str, seed: int | None, only: str | None) -> list[Rate]:
    """Each property (those whose name holds ``only``) in a process of its own under callgrind, less
    the instructions of a process that only starts up. The start-up runs twice and counts the second:
    the first fills Hypothesis's caches in the working directory, which a cold run pays for (about
    3 G instructions). Raises click.ClickException as :func:`_callgrind`, and when a property's count
    is not above the start-up's."""
    names = _names(only)
    common = ["--profile", profile, *([] if seed is None else ["--seed", str(seed)])]
    for _ in range(2):
        start_up, _out = _callgrind([*common, "--start-up-only"])
    rates: list[Rate] = []
    for name in names:
        count, out = _callgrind([*common, "--only", name, "--json"])
        try:
            (rate,) = msgspec.json.decode(out.strip().splitlines()[-1], type=_Report).properties
        except (msgspec.DecodeError, msgspec.ValidationError, ValueError, IndexError) as exc:
            raise click.ClickException(f"{name} under valgrind answered no measurement: {exc}") from exc
        if count <= start_up:
            raise click.ClickException(
                f"{name}: {count:,} instructions, not above the start-up's {start_up:,}: nothing measured"
            )
        rates.append(replace(rate, instructions=count - start_up))
    return rates


class _Report(msgspec.Struct):
    properties: list[Rate]


def _start_up(profile: str) -> None:
    """What every measuring process does besides its games: the imports, pytest collecting the
    machines file, and one Hypothesis example (its first use collects the modules' constants)."""
    os.environ["HYPOTHESIS_PROFILE"] = profile
    with redirect_stdout(sys.stderr):
        pytest.main([str(MACHINES_FILE), "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "--collect-only"])

    @settings(max_examples=1, database=None)
    @given(st.integers(0, 9))
    def one(n: int) -> None:
        del n

    one()


@click.command()
@click.option(
    "--profile", default="ci", show_default=True, help="Hypothesis profile (properties/settings.py)."
)
@click.option("--seed", type=click.IntRange(min=0), help="Not derandomized: this seed picks the games.")
@click.option("--only", help="Only the properties whose name holds this text.")
@click.option("--json", "as_json", is_flag=True, help="Print the measurements as one JSON object.")
@click.option(
    "--instructions",
    is_flag=True,
    help="Count instructions with valgrind instead, one process a property (about half an hour for ci).",
)
@click.option(
    "--speed",
    type=click.FloatRange(min=0.1),
    default=7.8,
    show_default=True,
    help="With --instructions: G instructions a second to turn counts into games/s.",
)
@click.option("--start-up-only", is_flag=True, hidden=True)
def main(
    profile: str,
    seed: int | None,
    only: str | None,
    as_json: bool,
    instructions: bool,
    speed: float,
    start_up_only: bool,
) -> None:
    """Checked games per CPU second of each property machine of the default test run (ISSUE 15)."""
    try:
        settings.get_profile(profile)
    except InvalidArgument:
        raise click.BadParameter(f"no Hypothesis profile {profile!r}", param_hint="--profile") from None
    if os.environ.get("PYTEST_ADDOPTS"):
        raise click.ClickException("PYTEST_ADDOPTS is set: unset it, it would change the measured runs")
    if start_up_only:
        _start_up(profile)
        return
    if instructions:
        rates = count_instructions(profile, seed, only)
        rates = [replace(r, cpu_seconds=(r.instructions or 0) / (speed * 1e9)) for r in rates]
        process_seconds = 0.0
    else:
        rates, process_seconds = measure(profile, seed, only)
    games = sum(r.games for r in rates)
    cpu = sum(r.cpu_seconds for r in rates)
    if as_json:
        report = {
            "profile": profile,
            "seed": seed,
            "speed_g_instructions": speed if instructions else None,
            "properties": [
                {**msgspec.structs.asdict(r), "games_per_second": r.games_per_second} for r in rates
            ],
            "games": games,
            "cpu_seconds": cpu,
            "process_cpu_seconds": process_seconds,
        }
        click.echo(msgspec.json.encode(report).decode())
    else:
        seconds = f"s at {speed:g} G/s" if instructions else "CPU s"
        title = "checked games per second" + (" (valgrind)" if instructions else " of CPU")
        table = Table(title=f"{title}, profile {profile}, seed {seed}")
        table.add_column("property", no_wrap=True)
        table.add_column("outcome")
        for column in ("games", *(["G instructions"] if instructions else []), seconds, "games/s"):
            table.add_column(column, justify="right")
        for r in rates:
            counted = [f"{(r.instructions or 0) / 1e9:.2f}"] if instructions else []
            table.add_row(
                r.name, r.outcome, str(r.games), *counted, f"{r.cpu_seconds:.2f}", f"{r.games_per_second:.1f}"
            )
        total = [f"{sum(r.instructions or 0 for r in rates) / 1e9:.2f}"] if instructions else []
        table.add_row("all", "", str(games), *total, f"{cpu:.2f}", f"{games / cpu:.1f}" if cpu > 0 else "-")
        Console(width=120).print(table)
        if not instructions:
            rate = f"{games / process_seconds:.1f}" if process_seconds > 0 else "-"
            click.echo(
                f"with the process's start-up: {games} games in {process_seconds:.2f} CPU s = {rate} games/s"
            )
    if any(r.outcome != "passed" for r in rates):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
