"""Inputs found by attacking the command line after the hostile-input work: each once crashed, lost a
file or misled, and now gets one clear error (exit 2 for bad input, 1 for a finding)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from reference import artefacts, wire
from reference.artefacts import VECTORS_PATH
from reference.cli import cli
from reference.conformance.server import Server

ROOT = Path(__file__).resolve().parents[1]
SHIPPED_DECK = ROOT / "reference" / "content" / "solitaire_provisional.toml"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def refused(result: Result) -> str:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    return lines[0]


def _short_deck(tmp_path: Path, name: str = "short.toml") -> Path:
    """The shipped deck's first two cards (a valid deck the rival cannot always use)."""
    deck = tmp_path / name
    parts = SHIPPED_DECK.read_text(encoding="utf-8").split("\n[[cards]]")
    deck.write_text("\n[[cards]]".join(parts[:3]) + "\n", encoding="utf-8")
    return deck


def _trace(tmp_path: Path) -> Path:
    path = tmp_path / "t2.json"
    assert run("play", "--players", "2", "--seed", "7", "--quiet", "--trace", str(path)).exit_code == 0
    return path


# ---- serve ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["1e400", "9" * 5000], ids=["float-out-of-range", "5000-digit-integer"])
def test_serve_answers_a_number_out_of_range_and_goes_on(value: str) -> None:
    server = Server()
    reply, _ = server.handle(f'{{"id":1,"op":"hello","x":{value}}}'.encode())
    error = json.loads(reply)
    assert error["id"] == 1
    assert error["error"]["kind"] == "bad_request"
    assert "out of range" in error["error"]["reason"]
    again, _ = server.handle(b'{"id":2,"op":"hello"}')
    assert json.loads(again)["ok"] is True


# ---- play -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("option", ["--trace", "--events"])
def test_play_refuses_to_write_over_its_own_deck(tmp_path: Path, option: str) -> None:
    deck = _short_deck(tmp_path)
    before = deck.read_bytes()
    line = refused(run("play", "--deck", str(deck), "--seed", "0", option, str(deck)))
    assert f"{option} and --deck name the same file" in line
    assert deck.read_bytes() == before


def test_a_stopped_game_still_writes_its_events_so_far(tmp_path: Path) -> None:
    deck = _short_deck(tmp_path)
    events = tmp_path / "events.jsonl"
    events.write_text("stale content of an earlier run\n", encoding="utf-8")
    result = run("play", "--deck", str(deck), "--seed", "0", "--events", str(events))
    assert result.exit_code == 1, result.output
    lines = events.read_text(encoding="utf-8").splitlines()
    assert lines
    assert all(wire.decode_event_line(line).step >= 0 for line in lines)
    assert f"events so far are in {events}" in result.stderr
    to_stdout = run("play", "--deck", str(deck), "--seed", "0", "--events", "-")
    assert to_stdout.exit_code == 1
    assert len(to_stdout.stdout.splitlines()) == len(lines)


def test_a_deck_card_id_cannot_carry_a_line_break(tmp_path: Path) -> None:
    text = SHIPPED_DECK.read_text(encoding="utf-8").replace('id = "P1"', 'id = "P1\\nRound 99 · fake line"')
    deck = tmp_path / "forged.toml"
    deck.write_text(text, encoding="utf-8")
    assert "an id is 1 to 40 printable characters" in refused(run("play", "--deck", str(deck)))


# ---- replay -----------------------------------------------------------------------------------------


def test_replay_refuses_an_endless_file_without_reading_it_whole() -> None:
    assert "more than 16,777,216 bytes" in refused(run("replay", "/dev/zero"))


def test_replay_of_an_empty_file_says_so(tmp_path: Path) -> None:
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"")
    assert "the text ends after 0 bytes (0 line(s))" in refused(run("replay", str(empty)))


def test_replay_refuses_unknown_observation_fields_and_repeated_keys(tmp_path: Path) -> None:
    data = json.loads(_trace(tmp_path).read_text(encoding="utf-8"))
    data["final_observation"]["extra"] = 1
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps(data), encoding="utf-8")
    assert "extra" in refused(run("replay", str(odd)))
    text = _trace(tmp_path).read_text(encoding="utf-8")
    twice = tmp_path / "twice.json"
    twice.write_text(text.replace('"final":', '"final": "' + "0" * 64 + '", "final":', 1), encoding="utf-8")
    assert "the key 'final' appears twice" in refused(run("replay", str(twice)))


# ---- rules ------------------------------------------------------------------------------------------


def test_rules_says_when_a_filter_hides_an_id_asked_for() -> None:
    result = run("rules", "seals.cap", "--section", "courtiers", "--status", "RULE")
    assert result.exit_code == 0, result.output
    assert "note: not shown, outside --section/--status: SEALS.CAP" in result.stderr


def test_rules_bounds_the_echo_of_a_huge_unknown_id() -> None:
    line = refused(run("rules", "A" * 100_000))
    assert len(line) < 300


# ---- docs -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"K": {"status": "passed", "q": ' + "[" * 5000 + "]" * 5000 + "}}", "nested more than 64 levels"),
        ('{"K": {"status": "passed", "mesages": []}}', "mesages"),
        ('{"TIME.MOVE/x": {"status": "passed"}, "TIME.MOVE/x": {"status": "failed"}}', "appears twice"),
    ],
    ids=["deep", "unknown-field", "repeated-key"],
)
def test_docs_refuses_a_malformed_results_file(tmp_path: Path, text: str, said: str) -> None:
    results = tmp_path / "results.json"
    results.write_text(text, encoding="utf-8")
    assert said in refused(run("docs", str(tmp_path / "book"), "--results", str(results)))


def test_docs_refuses_results_of_examples_the_book_does_not_have(tmp_path: Path) -> None:
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    (scenarios / "tiny.feature").write_text(
        "Feature: tiny\n\n  @TIME.MOVE\n  Rule: steps\n\n    Example: right\n      Given a 2-player game\n"
        "      When clan 0 places the right white die on diplomat_1\n"
        "      Then clan 0 is now on Passage of Time space 2\n",
        encoding="utf-8",
    )
    results = tmp_path / "results.json"
    results.write_text(
        json.dumps({"TIME.MOVE/right": {"status": "passed"}, "TIME.MOVE/gone": {"status": "passed"}}),
        encoding="utf-8",
    )
    args = ["docs", str(tmp_path / "book"), "--scenarios", str(scenarios), "--results", str(results)]
    assert "outcomes of examples this book does not have: TIME.MOVE/gone" in refused(run(*args))


# ---- generate ---------------------------------------------------------------------------------------


def _checkout(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    shutil.copytree(ROOT / "scenarios", root / "scenarios")
    (root / "pyproject.toml").write_text("", encoding="utf-8")
    (root / VECTORS_PATH).mkdir(parents=True)
    shutil.copyfile(ROOT / VECTORS_PATH / "registry.json", root / VECTORS_PATH / "registry.json")
    return root


def test_generate_root_builds_that_checkouts_scenarios(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _checkout(tmp_path)
    monkeypatch.setattr(
        artefacts, "ARTEFACTS", tuple(a for a in artefacts.ARTEFACTS if a.path == VECTORS_PATH)
    )
    feature = root / "scenarios" / "01_setup.feature"
    text = feature.read_text(encoding="utf-8")
    name = next(line.split("Example:", 1)[1].strip() for line in text.splitlines() if "Example:" in line)
    feature.write_text(text.replace(f"Example: {name}", "Example: a renamed example", 1), encoding="utf-8")
    result = run("generate", "--root", str(root))
    assert result.exit_code == 0, result.output
    assert any("a-renamed-example" in p.name for p in (root / VECTORS_PATH).iterdir())
    assert (ROOT / VECTORS_PATH / "registry.json").read_bytes() != (
        root / VECTORS_PATH / "registry.json"
    ).read_bytes()


@pytest.mark.parametrize("check", [True, False], ids=["check", "write"])
def test_generate_names_a_malformed_registry(tmp_path: Path, check: bool) -> None:
    root = _checkout(tmp_path)
    registry = root / VECTORS_PATH / "registry.json"
    registry.write_text("{bad", encoding="utf-8")
    line = refused(run("generate", *(["--check"] if check else []), "--root", str(root)))
    assert str(registry) in line
