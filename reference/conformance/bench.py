"""Round trips per second against an implementation speaking the protocol (``wcref serve`` by
default): ``python -m reference.conformance.bench [--requests N] [--impl CMD]`` or
``wcref verify --bench``.

Four loops, each of N requests after a warm-up: ``hello`` (the cheapest request: a fixed reply),
``legal_actions`` at a mid-game turn (a list of about 40 actions), ``observe`` mid-game (the full
canonical observation, about 2 kB of JSON) and the step loop of ``verify`` (legal_actions +
apply + observe per step through whole games, counted per request; this one includes the in-process
reference's own legal_actions and apply, as in ``verify``).
"""

from __future__ import annotations

import argparse
import random
import shlex
import sys
import time
from collections.abc import Callable
from typing import Final

import msgspec

from reference.chance import sample
from reference.conformance.adapter import to_json
from reference.conformance.process import SubprocessImplementation
from reference.engine import apply, is_chance, is_over, legal_actions, new_game
from reference.model import Setup, State, Trade
from reference.position import position

DEFAULT_REQUESTS: Final = 20_000


def default_command() -> list[str]:
    """``wcref serve`` with this Python."""
    return [sys.executable, "-c", "from reference.conformance.server import main; raise SystemExit(main())"]


class BenchLine(msgspec.Struct, frozen=True):
    """One loop: its name, requests, seconds, round trips per second and reply bytes per request."""

    name: str
    requests: int
    seconds: float
    per_second: float
    reply_bytes: int


def _mid_game(seed: int = 3) -> State:
    """A 2-clan position at a turn decision a few turns into round 1."""
    rng = random.Random(seed)
    state = new_game(Setup(players=2))
    turns = 0
    while True:
        if is_chance(state):
            state = apply(state, sample(state, rng))
            continue
        if state.decision.kind.value == "turn":
            turns += 1
            if turns == 3:
                return state
        options = [a for a in legal_actions(state) if not isinstance(a, Trade)]
        state = apply(state, rng.choice(options))


def _loop(name: str, n: int, call: Callable[[], object], size: int) -> BenchLine:
    for _ in range(min(200, n)):
        call()
    started = time.perf_counter()
    for _ in range(n):
        call()
    seconds = time.perf_counter() - started
    return BenchLine(name, n, round(seconds, 3), round(n / seconds, 1), size)


def _games(impl: SubprocessImplementation, n: int) -> BenchLine:
    """The verify step loop over seeded random games until ``n`` requests are sent."""
    rng = random.Random(0)
    sent = 0
    started = time.perf_counter()
    while sent < n:
        setup = Setup(players=2)
        state = new_game(setup)
        impl.new_game(to_json(setup))
        sent += 1
        while not is_over(state) and sent < n:
            impl.legal_actions()
            legal = legal_actions(state)
            action = sample(state, rng) if is_chance(state) else rng.choice(legal)
            impl.apply(to_json(action))
            impl.observe()
            sent += 3
            state = apply(state, action)
    seconds = time.perf_counter() - started
    return BenchLine("game loop (+ reference)", sent, round(seconds, 3), round(sent / seconds, 1), 0)


def bench(
    command: str | list[str] | None = None, requests: int = DEFAULT_REQUESTS, timeout: float = 10.0
) -> list[BenchLine]:
    """Run the four loops against ``command`` (default: the reference server)."""
    impl = SubprocessImplementation(command if command is not None else default_command(), timeout=timeout)
    try:
        impl.hello()
        state = _mid_game()
        impl.load(to_json(position(state)))
        observed = msgspec.json.encode(impl.observe())
        listed = msgspec.json.encode(impl.legal_actions())
        lines = [
            _loop("hello", requests, lambda: impl.exchange("hello"), 0),
            _loop("legal_actions (mid-game)", requests, impl.legal_actions, len(listed)),
            _loop("observe (mid-game)", requests, impl.observe, len(observed)),
            _games(impl, requests),
        ]
    finally:
        impl.close()
    return lines


def format_lines(lines: list[BenchLine], command: str) -> list[str]:
    """Readable bench output."""
    out = [f"round trips against {command} (one request, one reply, each over the pipes):"]
    for line in lines:
        size = f", {line.reply_bytes} B reply" if line.reply_bytes else ""
        out.append(
            f"  {line.name:26} {line.per_second:>10,.0f} round trips/s ({line.requests} in {line.seconds:.2f} s{size})"
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Round trips per second against a protocol implementation.")
    parser.add_argument("--requests", type=int, default=DEFAULT_REQUESTS)
    parser.add_argument(
        "--impl", default=None, help="the implementation's command (default: the reference server)"
    )
    args = parser.parse_args(argv)
    command = shlex.split(args.impl) if args.impl else default_command()
    for text in format_lines(bench(command, args.requests), args.impl or "wcref serve"):
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
