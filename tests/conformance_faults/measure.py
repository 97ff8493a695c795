"""Measure the planted-fault catalogue (``catalogue.py``): run ``wcref verify`` in lockstep mode
against every fault, served by ``faulty_server.py``, and report for each whether it was caught, by
which phase, under which rule (right or wrong), after how many games and seconds, and how short the
shrunk divergence is.

    python tests/conformance_faults/measure.py [--games 150] [--positions 40] [--jobs 2]
        [--out faults.json] [FAULT ...]

Three phases per fault, each a separate ``wcref verify`` run:

- ``games``: differential games from setups only (no vector, no ``load``): what any implementation
  can be checked on;
- ``positions``: short games from generated public positions (needs ``load``);
- ``vectors``: the shipped vectors (179 of 328 start from a position, so they need ``load``). A
  failing vector names its own rule, so a fault fails the vectors of its rule and, as a consequence,
  vectors of other rules: the phase counts as *right* when a vector of the fault's rule fails.

A fault is *caught without load* when the games phase catches it. The rule of a phase is the rule its
first divergence names (for vectors: the first failing vector's). The table is printed as Markdown;
``--out`` keeps everything as JSON. This is a measurement, not a test: tests/test_conformance_faults.py
asserts a sample of the catalogue.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from catalogue import FAULTS, Planted

HERE = Path(__file__).resolve().parent
SERVER = HERE / "faulty_server.py"
PHASES = ("games", "positions", "vectors")


def _verify(fault: Planted, phase: str, args: argparse.Namespace, scratch: Path) -> dict[str, Any]:
    """One ``wcref verify`` run of ``phase`` against ``fault``: what it found."""
    impl = shlex.join([sys.executable, str(SERVER), "--fault", fault.name])
    report = scratch / f"{fault.name}-{phase}.json"
    empty = scratch / "no-vectors"
    empty.mkdir(exist_ok=True)
    command = [
        sys.executable, "-c", "from reference.cli import main; main()", "verify", "--impl", impl,
        "--area", fault.area, "--perft-depth", "0", "--seed", str(args.seed), "--quiet",
        "--shrink-time", str(args.shrink_time), "--report", str(report),
    ]  # fmt: skip
    if phase == "games":
        command += ["--vectors", str(empty), "--games", str(args.games)]
    elif phase == "positions":
        command += ["--vectors", str(empty), "--games", "0", "--positions", str(args.positions)]
    else:
        command += ["--games", "0"]
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, timeout=args.timeout, check=False)
    seconds = time.monotonic() - started
    if not report.exists():
        return {"phase": phase, "error": done.stderr[-400:] or done.stdout[-400:], "seconds": seconds}
    data = json.loads(report.read_text())
    found: dict[str, Any] = {"phase": phase, "seconds": round(seconds, 1), "caught": False}
    if phase == "vectors":
        failed = [c for c in data["cases"] if c["status"] == "failed" and c.get("divergence")]
        found["failed_vectors"] = len(failed)
        found["vectors"] = len(data["cases"])
        if failed:
            first = failed[0]["divergence"]
            named = [c["divergence"]["rule"] for c in failed]
            own = [c for c in failed if fault.named_right(c["divergence"]["rule"])]
            found.update(
                caught=True,
                rule=own[0]["divergence"]["rule"] if own else first["rule"],
                right=bool(own),
                right_share=round(sum(fault.named_right(r) for r in named) / len(named), 2),
                case=failed[0]["id"],
            )
        return found
    part = data.get(phase) or {}
    divergence = part.get("divergence")
    if divergence is None:
        found["played"] = part.get("played", 0)
        found["failure"] = (part.get("failure") or {}).get("kind") if part.get("failure") else None
        return found
    actions = divergence.get("trace", {}).get("actions", [])
    found.update(
        caught=True,
        rule=divergence["rule"],
        rule_source=divergence.get("rule_source"),
        right=fault.named_right(divergence["rule"]),
        games_to_catch=part.get("played", 0) + 1,
        shrunk_steps=divergence["step"] + 1,
        trace_actions=len(actions),
        field=divergence["field"],
        case=divergence["case"],
    )
    return found


def measure(fault: Planted, args: argparse.Namespace, scratch: Path) -> dict[str, Any]:
    phases = {phase: _verify(fault, phase, args, scratch) for phase in args.phases}
    first = next((phases[p] for p in args.phases if phases[p].get("caught")), None)
    return {
        "fault": fault.name,
        "rule": fault.rule,
        "section": fault.section,
        "area": fault.area,
        "what": fault.what,
        "caught": first is not None,
        "caught_without_load": bool(phases.get("games", {}).get("caught")),
        "first_phase": first["phase"] if first else None,
        "named": first.get("rule") if first else None,
        "right": bool(first and first.get("right")),
        "phases": phases,
    }


def table(results: list[dict[str, Any]]) -> str:
    lines = [
        "| fault | rule | games (no load) | positions | vectors | named first | right |",
        "|---|---|---|---|---|---|---|",
    ]

    def cell(p: dict[str, Any] | None) -> str:
        if p is None:
            return "-"
        if p.get("error"):
            return "error"
        if not p.get("caught"):
            return "missed"
        if p["phase"] == "vectors":
            own = "its rule's among them" if p.get("right") else "none of its rule"
            return f"{p['failed_vectors']} fail, {own}"
        mark = "" if p.get("right") else f" ({p['rule']})"
        return f"game {p['games_to_catch']}, {p['shrunk_steps']} steps, {p['seconds']} s{mark}"

    for r in results:
        ph = r["phases"]
        lines.append(
            f"| {r['fault']} | {r['rule']} | {cell(ph.get('games'))} | {cell(ph.get('positions'))} | "
            f"{cell(ph.get('vectors'))} | {r['named'] or '-'} | {'yes' if r['right'] else 'no'} |"
        )
    caught = [r for r in results if r["caught"]]
    no_load = [r for r in results if r["caught_without_load"]]
    right = [r for r in caught if r["right"]]
    by_phase = {
        p: [r for r in results if r["phases"].get(p, {}).get("caught")]
        for p in PHASES
        if any(p in r["phases"] for r in results)
    }
    lines.append("")
    lines.append(
        f"caught {len(caught)}/{len(results)}; without load {len(no_load)}/{len(results)}; "
        f"right rule named first {len(right)}/{len(caught)} ({len(right) / max(1, len(caught)):.0%})"
    )
    for p, hits in by_phase.items():
        good = [r for r in hits if r["phases"][p].get("right")]
        lines.append(f"  {p}: caught {len(hits)}, right rule {len(good)}/{len(hits)}")
    games = [r["phases"]["games"] for r in no_load]
    if games:
        steps = sorted(g["shrunk_steps"] for g in games)
        secs = sorted(g["seconds"] for g in games)
        lines.append(
            f"  games phase: shrunk length median {steps[len(steps) // 2]} steps (max {steps[-1]}); "
            f"run time median {secs[len(secs) // 2]} s (max {secs[-1]})"
        )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("faults", nargs="*", help="faults to measure (default: the whole catalogue)")
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--phases", default=",".join(PHASES), help="comma-separated, of " + ", ".join(PHASES))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--shrink-time", type=float, default=10.0)
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per verify run")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    args.phases = [p for p in args.phases.split(",") if p]
    unknown = [f for f in args.faults if f not in FAULTS] + [p for p in args.phases if p not in PHASES]
    if unknown:
        parser.error(f"unknown fault or phase: {', '.join(unknown)} (faults: {', '.join(FAULTS)})")
    chosen = [FAULTS[f] for f in (args.faults or FAULTS)]
    with tempfile.TemporaryDirectory() as scratch, ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda f: measure(f, args, Path(scratch)), chosen))
    print(table(results))
    if args.out is not None:
        args.out.write_text(
            json.dumps({"options": vars(args) | {"out": str(args.out)}, "results": results}, indent=1)
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
