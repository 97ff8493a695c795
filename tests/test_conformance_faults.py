"""``wcref verify`` against deliberately faulty implementations (tests/conformance_faults/): each
rule fault is caught with the right rule ID; hangs, crashes, garbage, early exits and broken replies
are reported with the last request, and the harness ends cleanly."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import CliRunner, Result

from reference import wire
from reference.cli import cli

ROOT = Path(__file__).resolve().parent
FAULTY = ROOT / "conformance_faults" / "faulty_server.py"
VECTORS = ROOT / "conformance_vectors"


def faulty(fault: str, *extra: str) -> str:
    return shlex.join([sys.executable, str(FAULTY), "--fault", fault, *extra])


def no_vectors(tmp_path: Path) -> str:
    """An empty vector directory (a missing one is a usage error): the run checks games only."""
    directory = tmp_path / "no-vectors"
    directory.mkdir(exist_ok=True)
    return str(directory)


def verify(tmp_path: Path, impl: str, *args: str) -> tuple[Result, dict[str, Any]]:
    report = tmp_path / "report.json"
    result = CliRunner().invoke(cli, ["verify", "--impl", impl, "--report", str(report), *args])
    assert "Traceback" not in result.output, result.output
    return result, json.loads(report.read_text())


@pytest.mark.parametrize(
    ("fault", "area", "rule"),
    [
        ("seal_cap", "base", "SEALS.CAP"),
        ("rival_pays", "solo.tokugawa", "SOLO.GOLDEN.NEVER_PAYS"),
        ("hand_in_4", "solo.tokugawa", "SOLO.ROUND.HAND_IN"),
        ("no_left_lantern", "base", "BRIDGE.LANTERN_LEFT"),
        ("free_checkpoint", "base", "TIME.CHECKPOINTS"),
        # a sample of the rest of the planted-fault catalogue (conformance_faults/catalogue.py),
        # one per rules section; conformance_faults/measure.py measures the whole catalogue
        ("warriors_wiped", "base", "WARRIOR.NEVER_MOVE"),
        ("lantern_first_card_only", "base", "LANTERN.GAIN_ALL"),
        ("higher_die_no_coins", "base", "PLACE.COIN_DIFFERENCE"),
        ("well_no_seal", "base", "WELL.REWARD"),
        ("stack_underneath", "base", "TIME.STACK"),
        ("time_points_one_less", "base", "SCORE.TIME"),
        ("rival_cards_reversed", "solo.tokugawa", "SOLO.TURN.TO_BOTTOM"),
        ("wrap_leftwards", "solo.gingkogawa", "GINKGO.WRAP"),
    ],
)
def test_rule_fault_is_caught_with_its_rule(tmp_path: Path, fault: str, area: str, rule: str) -> None:
    trace_file = tmp_path / "trace.json"
    result, report = verify(
        tmp_path, faulty(fault), "--area", area, "--games", "150", "--perft-depth", "0",
        "--vectors", no_vectors(tmp_path), "--shrink-time", "4", "--trace-out", str(trace_file),
    )  # fmt: skip
    assert result.exit_code == 1, result.output
    divergence = report["games"]["divergence"]
    assert divergence is not None, result.output
    assert divergence["rule"] == rule, result.output
    assert f"rule: {rule}" in result.stdout
    assert divergence["field"].startswith("/")
    assert divergence["reference"] != divergence["implementation"]
    assert divergence["action"] is not None
    # the shrunk game replays on the reference up to and including the divergent step
    trace = msgspec.convert(divergence["trace"], wire.Trace)
    assert len(trace.actions) == divergence["step"] + 1
    wire.replay(trace)
    assert json.loads(trace_file.read_text()) == divergence["trace"]
    assert "result: FAIL" in result.stdout


@pytest.mark.parametrize(
    ("fault", "kind", "detail"),
    [
        ("hang", "timeout", "no reply within"),
        ("crash", "crash", "exited with status 3"),
        ("garbage", "malformed", "not JSON"),
        ("exit", "exited", "exited with status 0 before bye"),
        ("schema", "schema", "breaks the schema"),
        ("bad_id", "protocol", "does not echo"),
    ],
)
def test_wire_fault_in_a_game_is_reported(tmp_path: Path, fault: str, kind: str, detail: str) -> None:
    result, report = verify(
        tmp_path, faulty(fault, "--after", "25"), "--games", "5", "--perft-depth", "0",
        "--vectors", no_vectors(tmp_path), "--timeout", "1",
    )  # fmt: skip
    assert result.exit_code == 1, result.output
    failure = report["games"]["failure"]
    assert failure["kind"] == kind
    assert detail in failure["detail"]
    last = json.loads(failure["last_request"])
    assert last["id"] == 25 or (fault == "schema" and last["id"] > 25 and last["op"] == "observe")
    assert f"implementation failure ({kind})" in result.stdout
    assert "last request: " in result.stdout
    if fault == "crash":
        assert "crashing on purpose" in failure["stderr"]


def test_failing_vectors_restart_the_process_and_stop_cleanly(tmp_path: Path) -> None:
    """Each vector gets a fresh process after a failure; the run stops after --max-failures."""
    junit = tmp_path / "junit.xml"
    result, report = verify(
        tmp_path, faulty("crash", "--after", "3"), "--vectors", str(VECTORS), "--games", "5",
        "--max-failures", "2", "--junit", str(junit),
    )  # fmt: skip
    assert result.exit_code == 1, result.output
    vectors = [c for c in report["cases"] if c["kind"] == "vector"]
    assert [c["status"] for c in vectors] == ["failed", "failed"]
    assert all(c["failure"]["kind"] == "crash" for c in vectors)
    assert vectors[0]["failure"]["last_request"] != vectors[1]["failure"]["last_request"]
    assert report["stopped"] == "stopped after 2 implementation failures"
    assert report["games"] is None
    assert "stopped after 2 implementation failures" in result.stdout
    assert 'type="implementation-failure"' in junit.read_text()


def test_hang_at_hello_stops_cleanly(tmp_path: Path) -> None:
    result, report = verify(tmp_path, faulty("hang", "--after", "1"), "--timeout", "0.5", "--games", "3")
    assert result.exit_code == 1
    assert report["failure"]["kind"] == "timeout"
    assert report["failure"]["last_request"] == '{"id":1,"op":"hello","protocol":4}'
    assert report["stopped"] == "hello failed"
    assert "result: FAIL" in result.stdout
