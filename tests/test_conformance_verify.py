"""``wcref verify``: the reference agrees with itself (in-process and over the protocol), vectors,
areas, reports, JSON Pointers and the rule attribution."""

from __future__ import annotations

import json
import shlex
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import CliRunner, Result
from msgspec.structs import replace

from reference import wire
from reference.book.vectors import VECTORS_DIR, Vector, load_vectors, read_vector, selected
from reference.cli import cli
from reference.conformance import verify as verify_module
from reference.conformance.adapter import JSON, ReferenceAdapter, Refused, to_json
from reference.conformance.attribution import attribute, state_from_observation
from reference.conformance.compare import ABSENT, first_difference, resolve
from reference.conformance.harness import (
    MAX_DIFFERENCES,
    PROBE_ODDS,
    Lockstep,
    Mismatch,
    Session,
    play_differential,
)
from reference.conformance.vectors import run_vector
from reference.conformance.verify import SHOWN_DIFFERENCES, Options, report_json, summary_lines, verify
from reference.engine import apply, legal_actions
from reference.model import Colour, End, PlaceDie, Setup, Space
from reference.model import events as ev
from reference.position import position
from tests.helpers import edit_clan, started

ROOT = Path(__file__).resolve().parent
VECTORS = ROOT / "conformance_vectors"
FAULTY = ROOT / "conformance_faults" / "faulty_server.py"
SERVE = shlex.join([sys.executable, "-m", "reference.cli", "serve"])


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def faulty(fault: str, *extra: str) -> str:
    return shlex.join([sys.executable, str(FAULTY), "--fault", fault, *extra])


# ---- the reference against itself -------------------------------------------------------------------


def test_verify_serve_finds_no_divergence(tmp_path: Path) -> None:
    """`wcref verify --impl "wcref serve"`: every vector (the shipped reference/vectors/ and the tests'
    own), perft and 20 games, zero divergences."""
    report, junit = tmp_path / "report.json", tmp_path / "junit.xml"
    repository, _ = load_vectors(VECTORS_DIR)
    result = run(
        "verify", "--impl", SERVE, "--vectors", str(VECTORS_DIR), "--vectors", str(VECTORS),
        "--games", "20", "--seed", "3", "--report", str(report), "--junit", str(junit),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "result: PASS" in result.stdout
    data = json.loads(report.read_text())
    assert data["format"] == "wcref-verify-report"
    assert data["ok"] is True
    assert data["implementation"] == "wcref (reference)"
    vectors = [c for c in data["cases"] if c["kind"] == "vector"]
    assert len(vectors) == 3 + len(repository)
    assert {c["status"] for c in vectors} == {"passed"}, [c for c in vectors if c["status"] != "passed"][:3]
    assert data["games"]["played"] == 20
    assert data["games"]["divergence"] is None
    assert data["games"]["steps"] > 500
    perft = [c for c in data["cases"] if c["kind"] == "perft"]
    assert perft
    assert {c["status"] for c in perft} == {"passed"}
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None
    assert suite.get("failures") == "0"
    assert suite.get("errors") == "0"
    assert len(suite.findall("testcase")) == len(data["cases"])


def test_verify_in_process_reference() -> None:
    report = verify(ReferenceAdapter(), Options(vectors=(str(VECTORS),), games=15, seed=1, perft_depth=1))
    assert report.ok, report
    assert report.games is not None
    assert report.games.played == 15
    assert report.engine_notes == []


def test_verify_cli_without_impl_uses_the_reference() -> None:
    result = run("verify", "--vectors", str(VECTORS), "--games", "5", "--perft-depth", "1")
    assert result.exit_code == 0, result.output
    assert "implementation: wcref (reference)" in result.stdout
    assert "vectors: 3 found" in result.stdout


def _error_line(result: Result) -> str:
    """The one ``error:`` line of a run that exits 2."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert lines
    assert lines[-1].startswith("error: "), result.stderr
    return lines[-1]


def test_a_vector_directory_that_is_missing_or_a_file_is_refused_up_front(tmp_path: Path) -> None:
    """Named before anything runs: the implementation (here one that cannot start) is never tried."""
    missing, a_file = tmp_path / "none", tmp_path / "file.json"
    a_file.write_text("{}")
    for path, problem in ((missing, "no such directory"), (a_file, "not a directory")):
        result = run("verify", "--impl", "/nonexistent/implementation", "--vectors", str(VECTORS),
                     "--vectors", str(path), "--games", "2")  # fmt: skip
        assert _error_line(result) == f"error: --vectors {path}: {problem}"
    with pytest.raises(ValueError, match="no such directory"):
        verify(ReferenceAdapter(), Options(vectors=(str(missing),), games=1))


def test_missing_shipped_vectors_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An install without its reference/vectors/ folder: an error naming it, not a run without vectors."""
    gone = tmp_path / "site-packages" / "reference" / "vectors"
    monkeypatch.setattr(verify_module, "VECTORS_DIR", gone)
    line = _error_line(run("verify", "--games", "2", "--perft-depth", "0"))
    assert line.startswith(f"error: the shipped vectors are missing: no directory {gone}")


@pytest.mark.parametrize(
    ("impl", "args", "why"),
    [
        (
            None,
            ("--run", "FOO*"),
            "vectors: --run 'FOO*' matches none of the 3 vectors; perft: --perft-depth 0; games: --games 0",
        ),
        (
            None,
            ("--run", "SEALS.*", "--run", "SOLO.*", "--skip", "S*"),
            "vectors: --skip 'S*' skips all the 2 vectors --run 'SEALS.*' --run 'SOLO.*' matches; "
            "perft: --perft-depth 0; games: --games 0",
        ),
        (
            ("--areas", ""),
            (),
            "the implementation claims no rule area in hello (areas: none)",
        ),
        (
            ("--areas", "load_position,events"),
            ("--perft-depth", "1", "--games", "3"),
            "the implementation claims no rule area in hello (areas: load_position, events)",
        ),
        (
            ("--areas", "base,events"),
            ("--area", "solo.gingkogawa", "--perft-depth", "1", "--games", "3"),
            "the implementation supports no setup that fits --area solo.gingkogawa (it claims base)",
        ),
        (
            ("--areas", "base"),
            ("--run", "SEALS.*"),
            "vectors: all 1 selected vectors skipped (the implementation does not support load_position: 1); "
            "perft: --perft-depth 0; games: --games 0",
        ),
        (
            None,
            ("--area", "base", "--bot", "tokugawa", "--perft-depth", "1", "--games", "3"),
            "no setup fits --area base --bot tokugawa",
        ),
        (
            None,
            ("--players", "3", "--players", "4", "--bot", "gingkogawa", "--perft-depth", "1", "--games", "3"),
            "no setup fits --players 3 --players 4 --bot gingkogawa",
        ),
        (
            ("--areas", "base,load_position"),
            ("--bot", "tokugawa", "--perft-depth", "1", "--games", "3"),
            "the implementation supports no setup that fits --bot tokugawa (it claims base)",
        ),
        (
            None,
            ("--players", "3"),
            "vectors: all 3 selected vectors skipped (not selected by --players 3 (a 2-clan game): 3); "
            "perft: --perft-depth 0; games: --games 0",
        ),
    ],
    ids=[
        "run-matches-none",
        "skip-takes-all",
        "no-areas",
        "only-capabilities",
        "area-unsupported",
        "all-skipped",
        "area-and-bot",
        "players-and-bot",
        "bot-unsupported",
        "players-skip-all",
    ],
)
def test_a_run_that_checked_nothing_fails_saying_why(
    tmp_path: Path, impl: tuple[str, ...] | None, args: tuple[str, ...], why: str
) -> None:
    """No vector run, no perft position run, no game played: exit 2 and one line saying why; the
    report says the same and is not ok, the JUnit XML has it as an error."""
    report, junit = tmp_path / "r.json", tmp_path / "junit.xml"
    impl_args = ("--impl", faulty("none", *impl)) if impl is not None else ()
    result = run(
        "verify", *impl_args, "--vectors", str(VECTORS), "--games", "0", "--perft-depth", "0", *args,
        "--report", str(report), "--junit", str(junit),
    )  # fmt: skip
    line = _error_line(result)
    assert line.startswith("error: nothing was checked: ")
    assert line.removeprefix("error: nothing was checked: ").startswith(why), line
    assert "result: NOTHING CHECKED" in result.stdout
    data = json.loads(report.read_text())
    assert data["ok"] is False
    assert data["nothing_checked"] == line.removeprefix("error: ")
    assert all(c["status"] == "skipped" for c in data["cases"])
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None
    assert suite.get("errors") == "1"
    [error] = [c.find("error") for c in suite.findall("testcase") if c.get("name") == "nothing checked"]
    assert error is not None
    assert error.get("message") == data["nothing_checked"]


def test_a_run_that_skipped_some_but_checked_others_passes(tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    result = run("verify", "--vectors", str(VECTORS), "--run", "FOO*", "--games", "2", "--perft-depth", "0",
                 "--report", str(report))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "result: PASS" in result.stdout
    data = json.loads(report.read_text())
    assert (data["ok"], data["nothing_checked"], data["vectors_selected"]) == (True, "", 0)
    assert data["games"]["played"] == 2


# ---- options ----------------------------------------------------------------------------------------


def test_run_and_skip_globs(tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    result = run(
        "verify", "--vectors", str(VECTORS), "--run", "SEALS.*", "--run", "SOLO.*", "--skip", "SOLO.*",
        "--games", "0", "--perft-depth", "0", "--report", str(report),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    ids = [c["id"] for c in json.loads(report.read_text())["cases"] if c["kind"] == "vector"]
    assert ids == ["SEALS.CAP/the-well-at-five-seals"]
    assert selected("A.B/x", (), ())
    assert not selected("A.B/x", ("C.*",), ())
    assert not selected("A.B/x", (), ("A.*",))


def test_areas_from_hello_limit_what_is_checked(tmp_path: Path) -> None:
    """An implementation claiming only `base`: solo vectors, solo perft positions, solo games and
    vectors needing load_position are skipped."""
    report = tmp_path / "r.json"
    result = run(
        "verify", "--impl", faulty("none", "--areas", "base"), "--vectors", str(VECTORS),
        "--games", "6", "--perft-depth", "1", "--report", str(report),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(report.read_text())
    status = {c["id"]: (c["status"], c["reason"]) for c in data["cases"] if c["kind"] == "vector"}
    assert status["SETUP.STARTING_PAIRS/draft-after-a-fixed-deal"][0] == "passed"
    assert status["SEALS.CAP/the-well-at-five-seals"] == (
        "skipped",
        "the implementation does not support load_position",
    )
    assert status["SOLO.SETUP.DIFFICULTY/medium-rival-start"][0] == "skipped"
    skipped_perft = {c["id"] for c in data["cases"] if c["kind"] == "perft" and c["status"] == "skipped"}
    assert skipped_perft
    assert all(p.startswith("solo-") for p in skipped_perft)
    assert data["games"]["setups"] == ["2 clans", "3 clans", "4 clans", "2 clans, other readings"]
    assert (data["ok"], data["nothing_checked"]) == (True, "")


def test_area_option_selects_games(tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    result = run(
        "verify", "--area", "solo.gingkogawa", "--vectors", str(VECTORS), "--games", "3",
        "--perft-depth", "1", "--report", str(report),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(report.read_text())
    assert all(label.startswith("solo gingkogawa") for label in data["games"]["setups"])
    ran = [c["id"] for c in data["cases"] if c["kind"] == "perft" and c["status"] == "passed"]
    assert ran
    assert all(p.startswith("solo-gingkogawa") for p in ran)


def _cases(data: dict[str, Any], kind: str, status: str) -> dict[str, str]:
    return {c["id"]: c["reason"] for c in data["cases"] if c["kind"] == kind and c["status"] == status}


def test_players_option_selects_setups_vectors_and_perft_positions(tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    result = run(
        "verify", "--players", "3", "--vectors", str(VECTORS), "--games", "4", "--perft-depth", "1",
        "--report", str(report),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(report.read_text())
    assert data["options"]["players"] == [3]
    assert data["games"]["setups"] == ["3 clans"]
    assert data["games"]["by_setup"] == {"3 clans": 4}
    assert "by setup: 3 clans: 4" in result.stdout
    assert list(_cases(data, "perft", "passed")) == ["3p-start"]
    skipped = _cases(data, "vector", "skipped")
    assert len(skipped) == 3  # the test vectors are all 2-clan setups (solo ones too)
    assert set(skipped.values()) == {"not selected by --players 3 (a 2-clan game)"}


def test_players_and_bot_compose_with_area(tmp_path: Path) -> None:
    """Each option keeps the setups with any of its values; the options together keep what all keep."""
    report = tmp_path / "r.json"
    result = run(
        "verify", "--players", "2", "--players", "4", "--area", "base", "--vectors", str(VECTORS),
        "--games", "4", "--perft-depth", "1", "--report", str(report),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(report.read_text())
    assert data["games"]["setups"] == ["2 clans", "4 clans", "2 clans, other readings"]
    assert set(data["games"]["by_setup"]) <= {"2 clans", "4 clans", "2 clans, other readings"}
    assert sorted(_cases(data, "perft", "passed")) == ["2p-round1", "2p-start", "4p-round1", "4p-start"]
    assert list(_cases(data, "vector", "passed")) == [
        "SEALS.CAP/the-well-at-five-seals",
        "SETUP.STARTING_PAIRS/draft-after-a-fixed-deal",
    ]

    result = run(
        "verify", "--bot", "tokugawa", "--vectors", str(VECTORS), "--games", "3", "--perft-depth", "1",
        "--report", str(report),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(report.read_text())
    assert data["options"]["bots"] == ["tokugawa"]
    assert data["games"]["setups"]
    assert all(label.startswith("solo tokugawa") for label in data["games"]["setups"])
    assert sorted(_cases(data, "perft", "passed")) == ["solo-tokugawa-round2", "solo-tokugawa-start"]
    assert list(_cases(data, "vector", "passed")) == ["SOLO.SETUP.DIFFICULTY/medium-rival-start"]
    assert set(_cases(data, "vector", "skipped").values()) == {"not selected by --bot tokugawa (a base game)"}


def _games(seed: int) -> tuple[str, int, dict[str, int]]:
    report = verify(
        ReferenceAdapter(), Options(vectors=(str(VECTORS),), run=("-",), games=4, seed=seed, perft_depth=0)
    )
    assert report.ok, report
    assert report.games is not None
    assert report.games.played == 4
    return report.games.first, report.games.steps, report.games.by_setup


def test_seed_changes_the_first_game_and_the_same_seed_gives_the_same_games() -> None:
    """Hypothesis' first example is its simplest whatever the seed: the seed must still reach it."""
    runs = {seed: _games(seed) for seed in (0, 1, 2, 3)}
    firsts = [first for first, _, _ in runs.values()]
    assert all(first.startswith("game (") for first in firsts)
    assert len(set(firsts)) == len(firsts), firsts
    assert _games(2) == runs[2]


def test_seed_option_reaches_the_games(tmp_path: Path) -> None:
    games: dict[int, list[dict[str, Any]]] = {}
    for seed in (5, 6, 5):
        report = tmp_path / f"r{seed}.json"
        result = run("verify", "--vectors", str(VECTORS), "--run", "-", "--games", "3", "--perft-depth", "0",
                     "--seed", str(seed), "--report", str(report))  # fmt: skip
        assert result.exit_code == 0, result.output
        games.setdefault(seed, []).append(json.loads(report.read_text())["games"])
        assert f"  first: {games[seed][-1]['first']}\n" in result.stdout  # the terminal names it too
        by_setup = games[seed][-1]["by_setup"]
        # "; " between setups: a label has commas of its own ("solo tokugawa medium, cards order")
        assert "  by setup: " + "; ".join(f"{k}: {n}" for k, n in by_setup.items()) + "\n" in result.stdout
    [five, again], [six] = games[5], games[6]
    assert five["first"] != six["first"]
    assert {k: v for k, v in five.items() if k != "seconds"} == {
        k: v for k, v in again.items() if k != "seconds"
    }


@pytest.mark.parametrize(
    "args",
    [
        ("--games", "-3"),
        ("--timeout", "0"),
        ("--area", "chess"),
        ("--players", "5"),
        ("--players", "1"),
        ("--bot", "chess"),
        ("--perft-depth", "9"),
        ("--impl", "'unbalanced"),
        ("--impl", "/nonexistent/implementation --serve"),
        ("--no-such-option",),
    ],
)
def test_usage_errors_exit_2(args: tuple[str, ...]) -> None:
    result = run("verify", "--games", "1", *args)
    assert result.exit_code == 2, result.output
    assert result.stderr.strip().splitlines()[-1].startswith("error: ")
    assert "Traceback" not in result.output


# ---- vectors ---------------------------------------------------------------------------------------


def test_vectors_load_and_ignore_other_json(tmp_path: Path) -> None:
    for path in VECTORS.glob("*.json"):
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "registry.json").write_text('{"format": "wcref-vector-registry", "ids": {}}')
    (tmp_path / "vector.schema.json").write_text('{"$schema": "x", "title": "t"}')
    (tmp_path / "broken.json").write_text('{"format": "wcref-vector", "version": 1}')
    vectors, problems = load_vectors(tmp_path)
    assert sorted(v.id for v in vectors) == sorted(read_vector(p).id for p in VECTORS.glob("*.json"))
    assert [Path(p.path).name for p in problems] == ["broken.json"]


def test_test_vectors_fit_the_exporters_format() -> None:
    for path in VECTORS.glob("*.json"):
        msgspec.json.decode(path.read_bytes(), type=Vector)


def test_verify_runs_the_one_vector_runner_in_lockstep_with_the_reference() -> None:
    """run_vector checks what a vector says; verify runs the same runner on the implementation
    shadowed by the reference (Lockstep), so a field the vector does not check fails it too."""
    vector = read_vector(VECTORS / "SEALS.CAP--the-well-at-five-seals.json")
    assert all("/turn" not in step.expect for step in vector.steps)

    class OffByOne(ReferenceAdapter):
        def observe(self) -> JSON:
            observation = super().observe()
            assert isinstance(observation, dict)
            turn = observation["turn"]
            assert isinstance(turn, int)
            return {**observation, "turn": turn + 1}

    assert run_vector(OffByOne(), vector).passed
    with pytest.raises(Mismatch) as caught:
        run_vector(Lockstep(OffByOne(), "case"), vector)
    assert caught.value.divergence.field == "/turn"
    report = verify(OffByOne(), Options(vectors=(str(VECTORS),), run=(vector.id,), games=0, perft_depth=0))
    [case] = [c for c in report.cases if c.kind == "vector"]
    assert case.status == "failed"
    assert case.divergence is not None
    assert case.divergence.field == "/turn"


def _edited_vector(tmp_path: Path, name: str, edit: Any) -> Path:
    data = json.loads((VECTORS / name).read_text())
    edit(data)
    out = tmp_path / "vectors"
    out.mkdir()
    (out / name).write_text(json.dumps(data))
    return out


def test_wrong_expectation_is_reported(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["steps"][0]["expect"]["/clans/0/seals"] = 4

    directory = _edited_vector(tmp_path, "SEALS.CAP--the-well-at-five-seals.json", edit)
    report = tmp_path / "r.json"
    result = run(
        "verify", "--vectors", str(directory), "--games", "0", "--perft-depth", "0", "--report", str(report)
    )
    assert result.exit_code == 1, result.output
    case = json.loads(report.read_text())["cases"][0]
    assert case["status"] == "failed"
    divergence = case["divergence"]
    assert divergence["field"] == "/clans/0/seals"
    assert divergence["reference"] == 4
    assert divergence["implementation"] == 5
    assert divergence["rule"] == "SEALS.CAP"
    assert divergence["rule_source"] == "vector"
    assert divergence["start"] is not None


def test_vector_the_reference_contradicts_is_an_error(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["steps"][1]["refused"] = "PLACE.MUST_PAY"

    directory = _edited_vector(tmp_path, "SETUP.STARTING_PAIRS--draft-after-a-fixed-deal.json", edit)
    report = tmp_path / "r.json"
    result = run(
        "verify", "--vectors", str(directory), "--games", "0", "--perft-depth", "0", "--report", str(report)
    )
    assert result.exit_code == 1, result.output
    case = json.loads(report.read_text())["cases"][0]
    assert case["status"] == "error"
    assert "expects PLACE.MUST_PAY; the reference refuses it with SETUP.STARTING_PAIRS" in case["reason"]


# ---- JSON Pointers ---------------------------------------------------------------------------------


def test_first_difference() -> None:
    a: JSON = {"a": [1, 2, {"b": True}], "c/d": None, "e": 1}
    assert first_difference(a, json.loads(json.dumps(a))) is None
    assert first_difference(a, {"a": [1, 2, {"b": 1}], "c/d": None, "e": 1}) == ("/a/2/b", True, 1)
    assert first_difference(a, {"a": [1, 2, {"b": True}], "c/d": None, "e": 1.0}) == ("/e", 1, 1.0)
    assert first_difference(a, {"a": [1], "c/d": None, "e": 1}) == ("/a/1", 2, ABSENT)
    assert first_difference(a, {"a": [1, 2, {"b": True}], "c/d": 0, "e": 1}) == ("/c~1d", None, 0)
    assert first_difference(a, {**a, "x": 1}) == ("/x", ABSENT, 1)  # type: ignore[dict-item]
    assert resolve(a, "/a/2/b") is True
    assert resolve(a, "/c~1d") is None
    assert resolve(a, "") == a
    with pytest.raises(LookupError):
        resolve(a, "/a/3")
    with pytest.raises(LookupError):
        resolve(a, "/a/01")


# ---- rule attribution --------------------------------------------------------------------------------


def _observation_with(state: Any, **clan0: Any) -> JSON:
    return to_json(wire.observe(edit_clan(state, 0, **clan0)))


def test_state_from_observation_round_trips() -> None:
    state = started(3)
    rebuilt = state_from_observation(to_json(wire.observe(state)), state)
    assert rebuilt is not None
    assert wire.observe(rebuilt) == wire.observe(state)
    assert state_from_observation({"clans": "many"}) is None


def test_attribution_by_invariant_and_by_hint() -> None:
    before = started(2)
    action = PlaceDie(Colour.BLACK, End.RIGHT, Space.WELL)
    after = apply(before, action)
    six = _observation_with(after, seals=6)
    assert attribute(before, action, after, six, "/clans/0/seals").rule == "SEALS.CAP"
    assert attribute(before, action, after, six, "/clans/0/seals").source == "invariant"
    plain = _observation_with(after, coins=after.clans[0].coins + 1)
    by_event = attribute(before, action, after, plain, "/clans/0/coins")
    # the reference's placement event changed the coins: its first rule is named
    assert (by_event.rule, by_event.source) == ("PLACE.COIN_DIFFERENCE", "event")
    assert "DiePlaced" in by_event.note
    untouched = attribute(before, action, after, plain, "/clans/1/coins")
    assert (untouched.rule, untouched.source) == ("TURN.SEQUENCE", "decision")
    left = PlaceDie(Colour.CORAL, End.LEFT, Space.WELL)
    lit = apply(before, left)
    assert [e.clan for e in lit.events if isinstance(e, ev.LanternActivated)] == [0]
    no_food = _observation_with(lit, food=lit.clans[0].food - 1)
    hint = attribute(before, left, lit, no_food, "/clans/0/food")
    assert (hint.rule, hint.source) == ("BRIDGE.LANTERN_LEFT", "hint")


# ---- a Python implementation in-process ------------------------------------------------------------


class _Forgetful(ReferenceAdapter):
    """A Python implementation that forgets to offer the seal trades."""

    def legal_actions(self) -> list[JSON]:
        return [a for a in super().legal_actions() if isinstance(a, dict) and a.get("type") != "trade"]


class _Fixed:
    def __init__(self, values: list[int]) -> None:
        self.values = values

    def integer(self, low: int, high: int) -> int:
        return self.values.pop(0) if self.values else low


def test_in_process_python_implementation_is_checked() -> None:
    steps, divergence = play_differential(_Forgetful(), Setup(players=2), _Fixed([]), 5, probes=False)
    assert divergence is not None
    assert divergence.field == "/legal_actions"
    assert divergence.implementation == []
    assert all(a["type"] == "trade" for a in divergence.reference)
    assert divergence.rule.startswith("SEALS.TRADE") or divergence.rule_source == "decision"
    trace = msgspec.convert(divergence.trace, wire.Trace)
    assert len(trace.actions) == divergence.step == steps
    wire.replay(trace)  # the trace replays on the reference


class _Stubborn(ReferenceAdapter):
    """Refuses every Well placement, naming a rule."""

    def apply(self, action: JSON) -> Refused | None:
        if isinstance(action, dict) and action.get("space") == "well":
            return Refused("WELL.VALUE", "no")
        return super().apply(action)


def test_refusal_of_a_legal_action_is_a_divergence() -> None:
    state = started(2)
    session = Session(_Stubborn(), "case", state.setup, position(state))
    session.begin()
    well = next(a for a in legal_actions(state) if isinstance(a, PlaceDie) and a.space is Space.WELL)
    with pytest.raises(Mismatch) as info:
        session.step(well)
    divergence = info.value.divergence
    assert divergence.field == "/refused"
    assert divergence.implementation["rule"] == "WELL.VALUE"
    assert divergence.step == 0


def test_probe_refusal_must_name_the_same_rule() -> None:
    class Lax(ReferenceAdapter):
        def apply(self, action: JSON) -> Refused | None:
            refused = super().apply(action)
            return replace(refused, rule="SOMETHING.ELSE") if refused is not None else None

    state = started(2)
    session = Session(Lax(), "case", state.setup, position(state))
    session.begin()
    with pytest.raises(Mismatch) as info:
        session.probe(PlaceDie(Colour.CORAL, End.RIGHT, Space.DOMAIN_BLACK))
    divergence = info.value.divergence
    assert divergence.field == "/refused/rule"
    assert divergence.implementation == "SOMETHING.ELSE"
    assert divergence.rule == divergence.reference


def test_probe_refusal_naming_no_rule_is_compared_as_a_refusal() -> None:
    class Silent(ReferenceAdapter):
        def apply(self, action: JSON) -> Refused | None:
            refused = super().apply(action)
            return replace(refused, rule=None) if refused is not None else None

    state = started(2)
    session = Session(Silent(), "case", state.setup, position(state))
    session.begin()
    session.probe(PlaceDie(Colour.CORAL, End.RIGHT, Space.DOMAIN_BLACK))  # no Mismatch
    assert session.last_refused is not None
    assert session.last_refused.rule is None
    assert session.last_reference_rule is not None
    steps, divergence = play_differential(Silent(), Setup(players=2), _Probing(), 9)
    assert divergence is None, divergence
    assert steps > 0


class _Probing:
    """Probes an illegal action at every decision (the first of the pool), then takes the first option."""

    def integer(self, low: int, high: int) -> int:
        return high if (low, high) == (0, PROBE_ODDS - 1) else low


# ---- every differing field of a failed vector step; refusals' rules ---------------------------------


def _setup_vector() -> str:
    return "SETUP.STARTING_PAIRS/draft-after-a-fixed-deal"


class _SealsAndTurn(ReferenceAdapter):
    """One seal and one turn too many in every observation after its first action."""

    applied = False

    def apply(self, action: JSON) -> Refused | None:
        self.applied = True
        return super().apply(action)

    def observe(self) -> JSON:
        observation = super().observe()
        assert isinstance(observation, dict)
        if not self.applied:
            return observation
        clans = observation["clans"]
        turn = observation["turn"]
        assert isinstance(clans, list)
        assert isinstance(turn, int)
        first = clans[0]
        assert isinstance(first, dict)
        seals = first["seals"]
        assert isinstance(seals, int)
        return {**observation, "turn": turn + 1, "clans": [{**first, "seals": seals + 1}, *clans[1:]]}


def test_a_failed_vector_step_lists_every_differing_field() -> None:
    """The step's expect pointers first (against the vector), then every other field where the
    observation differs from the reference's; the divergence named is the failed expectation."""
    vector = read_vector(VECTORS / "SEALS.CAP--the-well-at-five-seals.json")
    [step] = vector.steps
    assert step.expect["/clans/0/seals"] == 5
    assert vector.start is not None
    reference = ReferenceAdapter()
    reference.load(to_json(vector.start))
    assert reference.apply(to_json(step.action)) is None
    observed = reference.observe()
    assert isinstance(observed, dict)
    turn = observed["turn"]
    assert isinstance(turn, int)
    options = Options(vectors=(str(VECTORS),), run=(vector.id,), games=0, perft_depth=0)
    report = verify(_SealsAndTurn(), options)
    [case] = [c for c in report.cases if c.kind == "vector"]
    assert case.status == "failed"
    assert [(d.field, d.against, d.expected, d.got) for d in case.differences] == [
        ("/clans/0/seals", "vector", 5, 6),
        ("/turn", "reference", turn, turn + 1),
    ]
    assert case.differences_cut == 0
    assert case.divergence is not None
    assert (case.divergence.field, case.divergence.rule, case.divergence.rule_source) == (
        "/clans/0/seals",
        "SEALS.CAP",
        "vector",
    )
    lines = summary_lines(report)
    start = lines.index(
        "  differing fields at that step (2; wanted by the vector or the reference, then the implementation's):"
    )
    assert lines[start + 1 : start + 3] == [
        "    /clans/0/seals: vector 5, implementation 6",
        f"    /turn: reference {turn}, implementation {turn + 1}",
    ]
    data = json.loads(report_json(report))
    [reported] = [c for c in data["cases"] if c["kind"] == "vector"]
    assert [d["field"] for d in reported["differences"]] == ["/clans/0/seals", "/turn"]


def _inflated(value: JSON) -> JSON:
    if isinstance(value, bool) or not isinstance(value, (int, list, dict)):
        return value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, list):
        return [_inflated(v) for v in value]
    return {k: _inflated(v) for k, v in value.items()}


class _Inflated(ReferenceAdapter):
    """Every count of the game one too high once it is dealt (the setup's stay)."""

    def observe(self) -> JSON:
        observation = super().observe()
        assert isinstance(observation, dict)
        if observation["board"] is None:
            return observation
        return {k: v if k == "setup" else _inflated(v) for k, v in observation.items()}


def test_the_differing_fields_of_a_step_are_bounded() -> None:
    options = Options(vectors=(str(VECTORS),), run=(_setup_vector(),), games=0, perft_depth=0)
    report = verify(_Inflated(), options)
    [case] = [c for c in report.cases if c.kind == "vector"]
    assert case.status == "failed"
    assert len(case.differences) == MAX_DIFFERENCES
    assert case.differences_cut > 0
    # the vector's expectations on counts first, in the vector's order; no field is listed twice
    step = read_vector(VECTORS / "SETUP.STARTING_PAIRS--draft-after-a-fixed-deal.json").steps[0]
    counts = [p for p, v in step.expect.items() if _inflated(v) != v]
    assert len(counts) >= 2
    assert [(d.field, d.against) for d in case.differences[: len(counts)]] == [(p, "vector") for p in counts]
    assert {d.against for d in case.differences[len(counts) :]} == {"reference"}
    assert len({d.field for d in case.differences}) == MAX_DIFFERENCES
    lines = summary_lines(report)
    total = MAX_DIFFERENCES + case.differences_cut
    assert (
        f"  differing fields at that step ({total}; wanted by the vector or the reference, then the implementation's):"
        in lines
    )
    shown = SHOWN_DIFFERENCES
    assert f"    ... and {total - shown} more (the report lists {MAX_DIFFERENCES})" in lines


def test_a_vector_step_accepted_against_its_refusal_names_the_reference_rule() -> None:
    vector = read_vector(VECTORS / "SETUP.STARTING_PAIRS--draft-after-a-fixed-deal.json")
    refused_step = vector.steps[1]
    assert refused_step.refused is not None

    class Accepting(ReferenceAdapter):
        def apply(self, action: JSON) -> Refused | None:
            refused = super().apply(action)
            return None if action == to_json(refused_step.action) else refused

    report = verify(Accepting(), Options(vectors=(str(VECTORS),), run=(vector.id,), games=0, perft_depth=0))
    [case] = [c for c in report.cases if c.kind == "vector"]
    assert case.status == "failed"
    assert case.divergence is not None
    assert (case.divergence.field, case.divergence.rule, case.divergence.rule_source) == (
        "/refused",
        refused_step.refused,
        "reference",
    )
    assert [(d.field, d.against, d.expected) for d in case.differences] == [
        ("/refused", "vector", refused_step.refused)
    ]


def test_a_refusal_citing_another_rule_passes_with_a_warning(tmp_path: Path) -> None:
    """Over the wire: the vector's refused step is refused citing OTHER.RULE: a warning in the
    output, the report and the JUnit XML, and the run passes."""
    report, junit = tmp_path / "r.json", tmp_path / "junit.xml"
    result = run(
        "verify", "--impl", faulty("other_rule"), "--vectors", str(VECTORS), "--games", "0",
        "--perft-depth", "0", "--report", str(report), "--junit", str(junit),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    expected = "refused citing OTHER.RULE; the vector expects SETUP.STARTING_PAIRS"
    data = json.loads(report.read_text())
    assert data["ok"] is True
    cases = {c["id"]: c for c in data["cases"]}
    case = cases[_setup_vector()]
    assert case["status"] == "passed"
    [warning] = case["warnings"]
    assert warning.startswith("step 1 (")
    assert warning.endswith(expected)
    assert all(c["warnings"] == [] for i, c in cases.items() if i != _setup_vector())
    assert "; 1 warning\n" in result.stdout
    assert f"vector {_setup_vector()}: warning: {warning}" in result.stdout
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None
    [out] = [c.find("system-out") for c in suite.findall("testcase") if c.get("name") == _setup_vector()]
    assert out is not None
    assert out.text == f"warning: {warning}"


def test_a_refusal_citing_no_rule_passes_over_the_wire(tmp_path: Path) -> None:
    """``"rule": null``: vectors compare only that the step was refused; games' probes too."""
    report = tmp_path / "r.json"
    result = run(
        "verify", "--impl", faulty("null_rule"), "--vectors", str(VECTORS), "--games", "4",
        "--perft-depth", "0", "--report", str(report),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(report.read_text())
    assert [c["status"] for c in data["cases"] if c["kind"] == "vector"] == ["passed"] * 3
    assert all(c["warnings"] == [] for c in data["cases"])
    assert "warning" not in result.stdout


def test_bench_command_measures_round_trips() -> None:
    result = run("verify", "--bench", "--bench-requests", "50", "--impl", SERVE)
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stdout.splitlines() if "round trips/s" in line]
    assert [line.split()[0] for line in lines] == ["hello", "legal_actions", "observe", "game"]


# ---- event streams -----------------------------------------------------------------------------------


class _MisreportsCoins(ReferenceAdapter):
    """Plays like the reference, but reports the coins of every placement one too high in its events."""

    def events(self) -> list[JSON] | None:
        listed = super().events() or []
        return [
            {**e, "coins": e["coins"] + 1} if isinstance(e, dict) and e.get("event") == "die_placed" else e
            for e in listed
        ]


class _NoEvents(_MisreportsCoins):
    """The same, but it does not claim the events area: its events are not compared."""

    def hello(self) -> tuple[str, tuple[str, ...]]:
        name, areas = super().hello()
        return name, tuple(a for a in areas if a != "events")


def test_event_streams_are_compared_when_offered() -> None:
    _, divergence = play_differential(_MisreportsCoins(), Setup(players=2), _Fixed([]), 40, probes=False)
    assert divergence is not None
    assert divergence.field.startswith("/events/")
    assert divergence.field.endswith("/coins")
    assert divergence.implementation == divergence.reference + 1
    # named by the rule of the reference's event at that place
    assert (divergence.rule, divergence.rule_source) == ("PLACE.COIN_DIFFERENCE", "event")
    _, quiet = play_differential(_NoEvents(), Setup(players=2), _Fixed([]), 40, probes=False)
    assert quiet is None
