"""Reachability of the state machines: how often generated games reach the situations worth testing.

``python -m properties.reach [--games N] [--seed S]`` plays N games with each machine of
:mod:`properties.machines` (derandomized unless a seed is given) and prints, per machine, the share of
games that reached each item of :data:`properties.machines.REACHED`. The same figures appear as
Hypothesis events with ``pytest --hypothesis-show-statistics``.

``python -m properties.reach --positions N [--games G]`` instead generates N public positions
(:func:`properties.positions.drawn_positions`) and plays G whole games (default N) from the same
setups, and prints how often each rare situation of :data:`properties.positions.SITUATIONS` is
present in the positions, in the games and at the games' synchronisation points.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from hypothesis import HealthCheck, settings
from hypothesis import seed as use_seed
from hypothesis.stateful import run_state_machine_as_test

from properties import machines


def reach(machine: type[machines.GameMachine], games: int, seed: int | None) -> tuple[dict[str, int], float]:
    """Play ``games`` games with ``machine``; the reachability tally and the seconds it took."""
    machines.TALLY.clear()
    chosen = settings(
        max_examples=games,
        stateful_step_count=400,
        deadline=None,
        database=None,
        derandomize=seed is None,
        suppress_health_check=list(HealthCheck),
    )
    start = time.perf_counter()
    factory = use_seed(seed)(machine) if seed is not None else machine
    run_state_machine_as_test(factory, settings=chosen)
    return dict(machines.TALLY), time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=None, help="games per machine (default 200)")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument(
        "--positions", type=int, default=None, help="measure generated positions against whole games instead"
    )
    args = parser.parse_args(argv)
    if args.positions is not None:
        from properties.positions import measure, reach_lines

        games = args.games if args.games is not None else args.positions
        for line in reach_lines(measure(args.positions, games, args.seed)):
            print(line)
        return 0
    args.games = args.games if args.games is not None else 200
    for machine in machines.MACHINES:
        tally, seconds = reach(machine, args.games, args.seed)
        played = tally.get("games played", 0)
        print(
            f"{machine.__name__}: {played} games played in {seconds:.0f} s, longest {tally.get('most actions in a game', 0)} actions"
        )
        for flag in machines.REACHED:
            share = tally.get(flag, 0) / played if played else 0.0
            print(f"  {share:6.1%}  {flag}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
