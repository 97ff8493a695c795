"""Measuring the engine's speed (``wcref bench``): complete seeded games on one core, timed in CPU
time (what the engine costs, whatever else the machine runs) and wall time, with a digest of every
game's final state so that two builds (pure Python and compiled, see ``setup.py``) can be shown to
play the very same games, and optionally the instructions per game counted by valgrind.

Measurements are printed, never asserted: a test checks that they are produced and that two builds
are compared on equal terms, not how fast anything is.
"""

from __future__ import annotations

import hashlib
import random
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Final

import msgspec

from reference import engine, wire
from reference.model import Setup
from reference.play import play_game, same_policy
from reference.policies import POLICIES


class BenchResult(msgspec.Struct, frozen=True, kw_only=True):
    """One bench run: ``games`` complete games (seeds ``seed``..``seed + games - 1``), the policies'
    ``decisions``, the CPU and wall seconds they took (the warm-up game aside), ``digest`` (SHA-256
    over the final states' digests in seed order: two builds that play the same games agree on it),
    the ``build`` that ran (``pure`` or ``compiled``), the Python version and, when counted,
    ``instructions`` per game (valgrind)."""

    setup: str
    policy: str
    seed: int
    games: int
    decisions: int
    cpu_seconds: float
    wall_seconds: float
    digest: str
    build: str
    python: str
    instructions: int | None = None

    @property
    def cpu_rate(self) -> float:
        """Games per CPU second."""
        return self.games / max(self.cpu_seconds, 1e-9)

    @property
    def wall_rate(self) -> float:
        """Games per wall-clock second."""
        return self.games / max(self.wall_seconds, 1e-9)


def build() -> str:
    """Which build of the engine runs: ``compiled`` (a mypyc extension module) or ``pure``."""
    origin = engine.__file__ or ""
    return "compiled" if origin.endswith((".so", ".pyd")) else "pure"


def run(
    setup: Setup,
    describe: str,
    policy: str,
    seed: int,
    games: int,
    on_game: Callable[[int], None] | None = None,
) -> BenchResult:
    """Play ``games`` seeded games of ``setup`` after one warm-up game (content tables, imports);
    ``on_game(i)`` after each. Raises what the engine raises when it stops a game."""
    chooser = same_policy(POLICIES[policy])
    play_game(setup, chooser, random.Random(seed), keep_steps=False)  # warm-up
    finals = hashlib.sha256()
    decisions = 0
    cpu_start, wall_start = time.process_time(), time.perf_counter()
    for i in range(games):
        record = play_game(setup, chooser, random.Random(seed + i), keep_steps=False)
        decisions += record.decisions
        finals.update(wire.digest(record.final).encode())
        if on_game is not None:
            on_game(i)
    cpu, wall = time.process_time() - cpu_start, time.perf_counter() - wall_start
    return BenchResult(
        setup=describe,
        policy=policy,
        seed=seed,
        games=games,
        decisions=decisions,
        cpu_seconds=cpu,
        wall_seconds=wall,
        digest=finals.hexdigest(),
        build=build(),
        python=sys.version.split()[0],
    )


# ---- instructions (valgrind) ------------------------------------------------------------------------

INSTRUCTION_GAMES: Final = (5, 15)
"""Games played under valgrind, twice: the difference between the two counts divided by the
difference in games is the cost of a game without the interpreter's start-up and imports."""

_COLLECTED: Final = re.compile(r"Collected\s*:\s*(\d+)")


def valgrind() -> str | None:
    """The valgrind executable, or None when it is not installed."""
    return shutil.which("valgrind")


def callgrind(
    command: Sequence[str], timeout: float | None = None
) -> tuple[int | None, subprocess.CompletedProcess[str]]:
    """Run ``command`` under valgrind's callgrind (valgrind must be installed: :func:`valgrind`): the
    instructions it executed (None when callgrind reported no count) and the finished process (its
    stdout, and stderr with callgrind's report). Raises FileNotFoundError without valgrind and
    subprocess.TimeoutExpired after ``timeout`` seconds."""
    tool = valgrind()
    if tool is None:
        raise FileNotFoundError("valgrind is not installed")
    done = subprocess.run(
        [tool, "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    found = _COLLECTED.findall(done.stderr)
    return (int(found[-1]) if found else None), done


def instructions_per_game(command: Sequence[str], timeout: float = 900.0) -> int | None:
    """Instructions per game of ``command`` (a ``wcref bench`` command line without ``--games``),
    counted by valgrind's callgrind; None without valgrind or when a run fails."""
    if valgrind() is None:
        return None
    counts: list[int] = []
    for games in INSTRUCTION_GAMES:
        count, done = callgrind([*command, "--games", str(games)], timeout)
        if done.returncode != 0 or count is None:
            return None
        counts.append(count)
    low, high = INSTRUCTION_GAMES
    return max(0, (counts[1] - counts[0]) // (high - low))


# ---- another build ----------------------------------------------------------------------------------


class CompareError(Exception):
    """The other build could not be benched: what it said, shortened."""


def run_other(command: Sequence[str], timeout: float = 3600.0) -> BenchResult:
    """Run another build's ``wcref bench ... --json`` (``command``, arguments included) and read its
    result. Raises CompareError when it cannot be started, fails or answers something else."""
    try:
        done = subprocess.run(list(command), capture_output=True, text=True, timeout=timeout, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise CompareError(f"cannot run {' '.join(command)}: {exc}") from exc
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip()[-500:]
        raise CompareError(f"{' '.join(command[:1])} exited with status {done.returncode}: {tail}")
    try:
        return msgspec.json.decode(done.stdout.strip().splitlines()[-1], type=BenchResult)
    except (msgspec.DecodeError, msgspec.ValidationError, IndexError) as exc:
        raise CompareError(f"{' '.join(command[:1])} did not answer a bench result: {exc}") from exc
