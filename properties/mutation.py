"""The mutation-testing summary of ``tox -e mutation`` (mutmut 3 over reference/rules/ and reference/engine.py).

Runs ``mutmut export-cicd-stats`` and prints the counts and the score:

    score = (killed + timeout) / (killed + timeout + survived)

Mutants no selected test reaches (``no tests``) are reported apart and left out of the score, as are
skipped ones; ``strict`` also counts them as survivors:

    strict = (killed + timeout) / (killed + timeout + survived + no tests)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

STATS = Path("mutants") / "mutmut-cicd-stats.json"


def summary(stats: dict[str, int]) -> list[str]:
    """The report lines for mutmut's CI/CD stats."""
    killed, timeout = stats.get("killed", 0), stats.get("timeout", 0)
    survived, no_tests = stats.get("survived", 0), stats.get("no_tests", 0)
    detected = killed + timeout
    scored = detected + survived
    score = detected / scored if scored else 0.0
    strict = detected / (scored + no_tests) if scored + no_tests else 0.0
    return [
        f"mutants: {stats.get('total', 0)}",
        f"killed: {killed}, timeout: {timeout}, survived: {survived}, no tests: {no_tests}, "
        f"suspicious: {stats.get('suspicious', 0)}, skipped: {stats.get('skipped', 0)}, "
        f"not run yet: {stats.get('total', 0) - detected - survived - no_tests - stats.get('suspicious', 0) - stats.get('skipped', 0) - stats.get('segfault', 0)}",
        f"score = (killed + timeout) / (killed + timeout + survived) = {detected}/{scored} = {score:.1%}",
        f"strict = (killed + timeout) / (killed + timeout + survived + no tests) = {detected}/{scored + no_tests} = {strict:.1%}",
    ]


def main() -> int:
    """Export mutmut's stats and print the summary."""
    subprocess.run([sys.executable, "-m", "mutmut", "export-cicd-stats"], check=False)
    if not STATS.exists():
        print("no mutation results: run `mutmut run` first", file=sys.stderr)
        return 1
    for line in summary(json.loads(STATS.read_text(encoding="utf-8"))):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
