"""The ``wcref`` command line, driven through click's CliRunner."""

from __future__ import annotations

import json
import random
import re
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner, Result

from reference import wire
from reference.benchmark import BenchResult
from reference.book import traceability
from reference.cli import cli
from reference.model import Action, Colour, DecisionKind, End, PlaceDie, Setup, Space, State
from reference.play import play_game, same_policy
from reference.policies import POLICIES
from reference.rulebook import load_register, rule_ids


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def assert_one_line_finding(result: Result) -> None:
    assert result.exit_code == 1, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in result.output


def assert_one_line_error(result: Result) -> None:
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in result.output


@pytest.fixture(scope="module")
def trace_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("trace") / "game.json"
    result = run("play", "--seed", "11", "--quiet", "--trace", str(path))
    assert result.exit_code == 0, result.output
    return path


# ---- play ------------------------------------------------------------------------------------------


def test_play_prints_log_score_table_and_winner() -> None:
    result = run("play", "--seed", "7")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Setup · deal" in out
    assert re.search(r"^Round 1 · turn 1 · clan [01]$", out, re.MULTILINE)
    assert re.search(r"^Round 3 · turn 6 · clan [01]$", out, re.MULTILINE)
    assert re.search(r"^Game over$", out, re.MULTILINE)
    assert re.search(r"^  final scores \(Clan Points\): clan 0 \d+, clan 1 \d+; ", out, re.MULTILINE)
    assert "Final score (Clan Points)" in out
    for header in ("during", "coins+", "resources", "Passage", "courtiers", "warriors", "gardeners", "total"):
        assert header in out
    assert re.search(r"^clan 0 ", out, re.MULTILINE)
    assert re.search(r"^clan 1 ", out, re.MULTILINE)
    assert re.search(r"^(winner|shared win): clan \d(, clan \d)* \(\d+ CP\)$", out, re.MULTILINE)


def test_play_same_seed_same_output() -> None:
    first, second = run("play", "--seed", "42"), run("play", "--seed", "42")
    assert first.exit_code == second.exit_code == 0
    assert first.stdout_bytes == second.stdout_bytes
    assert run("play", "--seed", "43").stdout_bytes != first.stdout_bytes


def test_play_four_clans_greedy() -> None:
    result = run("play", "--players", "4", "--policy", "greedy", "--seed", "3")
    assert result.exit_code == 0, result.output
    for clan in range(4):
        assert re.search(rf"^clan {clan} ", result.stdout, re.MULTILINE)
    assert re.search(r"^(winner|shared win): ", result.stdout, re.MULTILINE)


def test_play_quiet_prints_only_the_result() -> None:
    result = run("play", "--seed", "7", "--quiet")
    assert result.exit_code == 0, result.output
    assert "Round 1" not in result.stdout
    assert "Final score" in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("play", "--players", "5"),
        ("play", "--players", "1"),
        ("play", "--policy", "clever"),
        ("play", "--seed", "abc"),
        ("play", "--no-such-option"),
        ("no-such-command",),
        ("bench", "--games", "0"),
        ("play", "--trace", "/no/such/directory/game.json"),
    ],
)
def test_bad_options_give_one_line_error(args: tuple[str, ...]) -> None:
    assert_one_line_error(run(*args))


def test_play_stopped_by_the_engine_prints_the_game_so_far_and_keeps_a_trace_that_reproduces_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a policy that answers its first decision after the 8th, other than a turn, with a die placement
    honest = POLICIES["random"]
    asked: list[int] = []

    def faulty(state: State, options: Sequence[Action], rng: random.Random) -> Action:
        asked.append(1)
        if len(asked) > 8 and state.decision.kind is not DecisionKind.TURN:
            return PlaceDie(Colour.CORAL, End.LEFT, Space.WELL)
        return honest(state, options, rng)

    monkeypatch.setitem(POLICIES, "random", faulty)
    trace = tmp_path / "stopped.json"
    result = run("play", "--seed", "3", "--trace", str(trace))
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "Setup · deal" in result.stdout  # the log so far
    (line,) = result.stderr.splitlines()
    assert line.startswith("error: game with seed 3 stopped: IllegalAction: ")
    recorded = wire.read_trace(trace)
    assert recorded.final is None
    assert f"the game so far ({len(recorded.actions)} actions) is in {trace}" in line
    # replaying the trace meets the same refusal at its last action
    replayed = run("replay", "--log", str(trace))
    assert replayed.exit_code == 1
    assert f"$.actions[{len(recorded.actions) - 1}]" in replayed.stderr
    assert "Setup · deal" in replayed.stdout


def test_play_game_is_deterministic_and_replays() -> None:
    policy = same_policy(POLICIES["random"])
    a = play_game(Setup(players=3), policy, random.Random(5))
    b = play_game(Setup(players=3), policy, random.Random(5))
    assert a.actions == b.actions
    assert wire.digest(a.final) == wire.digest(b.final)
    assert len(a.steps) == len(a.actions)
    assert a.final.scores
    assert a.final.winners
    trace = wire.Trace(setup=a.setup, actions=a.actions, final=wire.digest(a.final))
    assert wire.digest(wire.replay(trace)) == wire.digest(a.final)


# ---- trace and replay --------------------------------------------------------------------------------


def test_trace_then_replay_reaches_the_same_final_state(trace_file: Path) -> None:
    record = play_game(Setup(players=2), same_policy(POLICIES["random"]), random.Random(11))
    expected = wire.digest(record.final)
    assert wire.read_trace(trace_file).final == expected

    result = run("replay", str(trace_file))
    assert result.exit_code == 0, result.output
    assert f"replayed {len(record.actions)} actions: final state matches (digest {expected})" in result.stdout
    assert "Final score (Clan Points)" in result.stdout
    # The replay shows the same score table and winner(s) as the game itself.
    played = run("play", "--seed", "11", "--quiet").stdout
    assert result.stdout.startswith(played)


def _write(tmp_path: Path, trace: dict[str, object] | str) -> Path:
    path = tmp_path / "broken.json"
    path.write_text(trace if isinstance(trace, str) else json.dumps(trace), encoding="utf-8")
    return path


def _load(trace_file: Path) -> dict[str, object]:
    data = json.loads(trace_file.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_replay_bad_json(tmp_path: Path) -> None:
    result = run("replay", str(_write(tmp_path, '{"format": "wcref-trace", "actions": [')))
    assert_one_line_error(result)
    assert "not valid JSON" in result.stderr


def test_replay_wrong_field_type(trace_file: Path, tmp_path: Path) -> None:
    data = _load(trace_file)
    data["setup"] = {"players": "two"}
    result = run("replay", str(_write(tmp_path, data)))
    assert_one_line_error(result)
    assert "$.setup.players" in result.stderr


def test_replay_unknown_action_type(trace_file: Path, tmp_path: Path) -> None:
    data = _load(trace_file)
    actions = data["actions"]
    assert isinstance(actions, list)
    actions[3] = {"type": "teleport"}
    assert_one_line_error(run("replay", str(_write(tmp_path, data))))


def test_replay_illegal_action(trace_file: Path, tmp_path: Path) -> None:
    data = _load(trace_file)
    actions = data["actions"]
    assert isinstance(actions, list)
    # The second action answers the draft; a die placement there is refused by the engine.
    actions[1] = json.loads(wire.encode(PlaceDie(Colour.CORAL, End.LEFT, Space.WELL)))
    result = run("replay", str(_write(tmp_path, data)))
    assert_one_line_finding(result)  # the trace and the engine disagree: a finding, not bad input
    assert "$.actions[1]" in result.stderr


def test_replay_action_after_the_end(trace_file: Path, tmp_path: Path) -> None:
    data = _load(trace_file)
    actions = data["actions"]
    assert isinstance(actions, list)
    actions.append(actions[-1])
    data["final"] = None
    data["final_observation"] = None
    result = run("replay", str(_write(tmp_path, data)))
    assert_one_line_finding(result)
    assert "game is over" in result.stderr


def test_replay_final_digest_mismatch(trace_file: Path, tmp_path: Path) -> None:
    # a trace recording only a digest: exit 1 (a finding, not a usage error), nothing to compare
    data = _load(trace_file)
    data["final"] = "0" * 64
    data.pop("final_observation")
    result = run("replay", str(_write(tmp_path, data)))
    assert result.exit_code == 1, result.output
    first, *rest = result.stderr.splitlines()
    assert first.startswith("error: ")
    assert "$.final: replay reached a different state" in first
    assert rest == ["  (the trace records only the final digest: no fields to compare)"]


def test_replay_that_reaches_another_state_lists_the_differing_fields(
    trace_file: Path, tmp_path: Path
) -> None:
    # the trace as another engine would have recorded it: clan 0 ends with 3 more coins and 1 more CP
    data = _load(trace_file)
    observed = data["final_observation"]
    assert isinstance(observed, dict)
    clans = observed["clans"]
    clans[0]["coins"] += 3
    clans[0]["cp"] += 1
    data["final"] = "0" * 64
    result = run("replay", str(_write(tmp_path, data)))
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert lines[0].startswith("error: ")
    assert "$.final: replay reached a different state" in lines[0]
    assert lines[1] == "  2 field(s) of the observation differ (recorded, then replayed):"
    coins = wire.read_trace(trace_file).final_observation
    assert coins is not None
    assert set(lines[2:]) == {
        f"  /clans/0/coins: {coins.clans[0].coins + 3}, replayed {coins.clans[0].coins}",
        f"  /clans/0/cp: {coins.clans[0].cp + 1}, replayed {coins.clans[0].cp}",
    }


def test_replay_says_which_of_digest_and_observation_differ(trace_file: Path, tmp_path: Path) -> None:
    data = _load(trace_file)
    # the digest of another state, the observation of this one: the reference's internals differ
    data["final"] = "f" * 64
    result = run("replay", str(_write(tmp_path, data)))
    assert result.exit_code == 1, result.output
    assert "although the final observation matches" in result.stderr
    # the right digest with another observation: the trace contradicts itself
    data = _load(trace_file)
    observed = data["final_observation"]
    assert isinstance(observed, dict)
    observed["round"] = 2
    result = run("replay", str(_write(tmp_path, data)))
    assert result.exit_code == 1, result.output
    assert "the trace contradicts itself" in result.stderr
    assert "  /round: 2, replayed 3" in result.stderr.splitlines()
    # a digest that is not one is malformed input
    data["final"] = "0000"
    assert "64 lowercase hexadecimal digits" in _error_of(run("replay", str(_write(tmp_path, data))))


def _error_of(result: Result) -> str:
    assert_one_line_error(result)
    return result.stderr


def test_replay_reads_version_1_traces_and_refuses_unknown_versions(trace_file: Path, tmp_path: Path) -> None:
    data = _load(trace_file)
    assert data["version"] == 2
    data.pop("final_observation")
    data["version"] = 1
    result = run("replay", str(_write(tmp_path, data)))
    assert result.exit_code == 0, result.output
    data["version"] = 3
    result = run("replay", str(_write(tmp_path, data)))
    assert_one_line_error(result)
    assert "reads trace versions 1, 2, not 3" in result.stderr


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[1,2", "not valid JSON: cut short: the text ends after 5 bytes (1 line(s))"),
        ("[1,2]", "Expected `object`, got `array` - at `$` (the whole document)"),
        ('{"format": "wcref-trace",\n "setup": {]}', "(byte 37: line 2, column 12)"),
    ],
    ids=["cut-short", "an-array", "bad-character"],
)
def test_replay_of_malformed_json_says_where(tmp_path: Path, text: str, said: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(text + "\n", encoding="utf-8")
    result = run("replay", str(bad))
    assert_one_line_error(result)
    assert said in result.stderr


def test_replay_of_a_partial_trace_checks_its_digest_and_logs_the_game(
    trace_file: Path, tmp_path: Path
) -> None:
    # a trace may stop mid-game (a shrunk failing game does): its digest is that of the state reached
    trace = wire.read_trace(trace_file)
    prefix = trace.actions[:12]
    reached = wire.replay(wire.Trace(setup=trace.setup, actions=prefix))
    partial = tmp_path / "partial.json"
    wire.write_trace(partial, trace.setup, list(prefix), reached)
    result = run("replay", "--log", str(partial))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Setup · deal\n")
    assert "Round 1 · turn 1 · clan" in result.stdout
    assert "the game is not over: round 1" in result.stdout
    assert "replayed 12 actions: final state matches" in result.stdout
    # recorded on an engine that went elsewhere: the log still shows the game, then the divergence
    partial.write_bytes(wire.encode(wire.Trace(setup=trace.setup, actions=prefix, final="0" * 64)))
    result = run("replay", "--log", str(partial))
    assert result.exit_code == 1, result.output
    assert "Round 1 · turn 1 · clan" in result.stdout
    assert "reached a different state after 12 actions, waiting for a" in result.stderr


def test_replay_missing_file(tmp_path: Path) -> None:
    assert_one_line_error(run("replay", str(tmp_path / "absent.json")))


# ---- rules -------------------------------------------------------------------------------------------


def test_rules_lists_every_id() -> None:
    result = run("rules")
    assert result.exit_code == 0, result.output
    assert set(re.findall(r"^│ (\S+)", result.stdout, re.MULTILINE)) == rule_ids()
    total = len(load_register())
    assert re.search(rf"^{total} of {total} entries in \d+ section\(s\): ", result.stdout, re.MULTILINE)


def test_rules_filters_by_section_and_status() -> None:
    register = load_register()
    rulings = [e for e in register if e.status == "ruling"]
    result = run("rules", "--status", "ruling")
    assert result.exit_code == 0, result.output
    assert f"{len(rulings)} of {len(register)} entries" in result.stdout
    assert "reason:" in result.stdout
    listed = set(re.findall(r"^│ (\S+)", result.stdout, re.MULTILINE))
    assert listed == {e.id for e in rulings}

    courtiers = [e for e in register if e.section == "courtiers"]
    result = run("rules", "--section", "courtiers")
    assert result.exit_code == 0, result.output
    assert f"{len(courtiers)} of {len(register)} entries in 1 section(s)" in result.stdout


def test_rules_unknown_section() -> None:
    assert_one_line_error(run("rules", "--section", "dragons"))


def test_rules_sections_and_ids_are_read_in_any_case() -> None:
    register = load_register()
    courtiers = [e for e in register if e.section == "courtiers"]
    result = run("rules", "--section", "Courtiers")
    assert result.exit_code == 0, result.output
    assert f"{len(courtiers)} of {len(register)} entries in 1 section(s)" in result.stdout
    result = run("rules", "seals.cap", "TIME.MOVE")
    assert result.exit_code == 0, result.output
    assert set(re.findall(r"^│ (\S+)", result.stdout, re.MULTILINE)) == {"SEALS.CAP", "TIME.MOVE"}
    assert f"2 of {len(register)} entries in 2 section(s)" in result.stdout


def test_rules_shows_an_entrys_source_and_its_implementing_function_first() -> None:
    entry = next(e for e in load_register() if e.id == "SEALS.CAP")
    result = CliRunner(env={"COLUMNS": "400"}).invoke(cli, ["rules", "SEALS.CAP"])
    assert result.exit_code == 0, result.output
    assert f"source: {entry.source}" in result.stdout
    code = re.search(r"code: (\S+?),", result.stdout)
    assert code is not None, result.stdout
    # the rules apply the cap; the harness that judges it and the data type that documents it come later
    assert code.group(1).startswith("reference.rules."), code.group(1)


def test_rules_unknown_id_names_the_closest() -> None:
    result = run("rules", "SEALS.CAPS")
    assert_one_line_error(result)
    assert "unknown rule ID 'SEALS.CAPS'; did you mean SEALS.CAP" in result.stderr


def test_code_places_are_ranked_implementation_first() -> None:
    ranked = traceability.code_index()
    for rule_id, places in ranked.items():
        ranks = [traceability.code_rank(p) for p in places]
        assert ranks == sorted(ranks), rule_id
    assert traceability.code_rank("reference.rules.holdings:gain") == 0
    assert traceability.code_rank("reference.model.components:Gain") == 1
    assert traceability.code_rank("reference.rules.holdings") == 2
    assert traceability.code_rank("reference.model.components") == 3
    assert traceability.code_rank("reference.conformance.attribution:field_rules") == 4


# ---- bench -------------------------------------------------------------------------------------------


def test_bench_reports_cpu_and_wall_rates_memory_and_the_games_digest() -> None:
    result = run("bench", "--games", "20", "--quiet")
    assert result.exit_code == 0, result.output
    assert re.search(r"^[0-9.]+ games/s \(CPU time [0-9.]+ s\)$", result.stdout, re.MULTILINE), result.stdout
    assert re.search(r"^[0-9.]+ games/s \(wall time [0-9.]+ s\)$", result.stdout, re.MULTILINE)
    assert re.search(r"^[0-9.]+ decisions/s", result.stdout, re.MULTILINE)
    assert re.search(r"pure build \(Python 3\.", result.stdout)
    assert re.search(r"^final states digest [0-9a-f]{16}$", result.stdout, re.MULTILINE)
    assert "tracemalloc" in result.stdout
    assert "max RSS" in result.stdout
    assert "memory flatness" in result.stdout


def _bench_json(*args: str) -> BenchResult:
    result = run("bench", "--quiet", "--json", *args)
    assert result.exit_code == 0, result.output
    return msgspec.json.decode(result.stdout, type=BenchResult)


def test_bench_json_digest_names_the_games_played() -> None:
    first = _bench_json("--games", "6", "--seed", "3")
    assert (first.games, first.seed, first.build) == (6, 3, "pure")
    assert first.decisions > 0
    assert first.cpu_seconds > 0
    assert _bench_json("--games", "6", "--seed", "3").digest == first.digest  # the same games
    assert _bench_json("--games", "6", "--seed", "4").digest != first.digest
    assert _bench_json("--games", "6", "--seed", "3", "--players", "3").digest != first.digest


def _fake_wcref(tmp_path: Path, reply: str, status: int = 0) -> str:
    script = tmp_path / "other.py"
    script.write_text(f"import sys\nprint({reply!r})\nsys.exit({status})\n", encoding="utf-8")
    return shlex.join([sys.executable, str(script)])


def test_bench_compares_two_builds_on_the_same_games() -> None:
    other = shlex.join([sys.executable, "-m", "reference.cli"])
    result = run("bench", "--games", "8", "--quiet", "--compare", other)
    assert result.exit_code == 0, result.output
    assert "the same games, two builds" in result.stdout
    assert "the same final states" in result.stdout


def test_bench_compare_fails_when_the_other_build_ends_a_game_elsewhere(tmp_path: Path) -> None:
    mine = _bench_json("--games", "4")
    theirs = msgspec.structs.replace(mine, digest="0" * 64, build="compiled")
    other = _fake_wcref(tmp_path, msgspec.json.encode(theirs).decode())
    result = run("bench", "--games", "4", "--quiet", "--compare", other)
    assert_one_line_finding(result)
    assert "different states" in result.stderr
    assert "DIFFERENT final states" in result.stdout


@pytest.mark.parametrize(
    ("reply", "status", "said"),
    [("not json", 0, "did not answer a bench result"), ("", 3, "exited with status 3")],
)
def test_bench_compare_names_another_build_that_cannot_be_benched(
    tmp_path: Path, reply: str, status: int, said: str
) -> None:
    result = run("bench", "--games", "2", "--quiet", "--compare", _fake_wcref(tmp_path, reply, status))
    assert_one_line_error(result)
    assert said in result.stderr


# ---- schema ------------------------------------------------------------------------------------------


def test_schema_writes_valid_json(tmp_path: Path, trace_file: Path) -> None:
    out = tmp_path / "schemas"
    result = run("schema", str(out))
    assert result.exit_code == 0, result.output
    names = {p.name for p in out.iterdir()}
    assert names == {f"{name}.schema.json" for name in wire.schemas()}
    loaded = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in out.iterdir()}
    assert all(isinstance(body, dict) for body in loaded.values())

    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(_load(trace_file), loaded["trace.schema.json"])


def test_schema_prints_when_no_directory() -> None:
    result = run("schema")
    assert result.exit_code == 0, result.output
    assert set(json.loads(result.stdout)) == set(wire.schemas())


def test_a_solo_games_heading_keeps_the_decks_notes_in_brackets_before_the_policy() -> None:
    """The deck's notes (stand-in, the faces seen on printed cards, which name several cards with
    commas) sit in brackets, so ", policy random, seed 3" after them is not read as one of them."""
    result = CliRunner().invoke(cli, ["play", "--seed", "3", "--bot", "tokugawa"])
    assert result.exit_code == 0, result.output
    heading = result.stdout.splitlines()[0]
    assert re.search(
        r"deck provisional-9 \(stand-in, see README; seen on printed cards: [^()]+\), policy random, seed 3$",
        heading,
    ), heading
