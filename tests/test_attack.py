"""Regression tests from a hostile review: each test pins a confirmed problem (it fails until the
problem is fixed) or locks in behaviour worth keeping."""

from __future__ import annotations

import io
import json
import os
import random
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import msgspec
import psutil
import pytest
from click.testing import CliRunner, Result
from msgspec.structs import replace

from reference import inputs, wire
from reference.chance import sample
from reference.cli import cli
from reference.conformance.adapter import ImplementationError, to_json
from reference.conformance.harness import MAX_VALUE, failure_of
from reference.conformance.process import SubprocessImplementation, running
from reference.conformance.protocol import MAX_LINE
from reference.conformance.server import read_line, serve
from reference.content import base_content, validate
from reference.engine import apply, is_chance, is_over, legal_actions, new_game
from reference.errors import ContentError, IllegalAction, SetupError, TraceError
from reference.inputs import MAX_DEPTH
from reference.model import (
    BlockRef,
    Content,
    Deal,
    DecisionKind,
    Effect,
    Gain,
    GainKind,
    PayCoins,
    ResourceChoice,
    Roll,
    Setup,
    State,
)


def _dealt(players: int = 2, seed: int = 1) -> tuple[State, Deal]:
    state = new_game(Setup(players=players))
    deal = sample(state, random.Random(seed))
    assert isinstance(deal, Deal)
    return state, deal


def _at_roll(seed: int = 3) -> State:
    rng = random.Random(seed)
    state = new_game(Setup(players=2))
    while state.decision.kind is not DecisionKind.ROLL:
        state = apply(state, sample(state, rng) if is_chance(state) else rng.choice(legal_actions(state)))
    return state


# ---- malformed chance outcomes: refused with IllegalAction, never a crash or a state that cannot be encoded


def test_deal_with_bool_turn_order_is_refused() -> None:
    """bool passes mypy as int; the engine accepted it and built a state whose JSON does not decode."""
    state, deal = _dealt()
    with pytest.raises(IllegalAction):
        apply(state, replace(deal, turn_order=(True, False)))


def test_deal_with_bool_die_is_refused() -> None:
    state, deal = _dealt()
    with pytest.raises(IllegalAction):
        apply(state, replace(deal, dice=((True, 2, 3), (1, 2, 3), (1, 2, 3))))


def test_roll_with_bool_die_is_refused() -> None:
    state = _at_roll()
    with pytest.raises(IllegalAction):
        apply(state, Roll(((True, 2, 3), (1, 2, 3), (1, 2, 3))))


def test_deal_with_a_one_card_pair_is_refused_not_a_crash() -> None:
    state, deal = _dealt()
    bad = replace(deal, pairs=((deal.pairs[0][0],), *deal.pairs[1:]))
    with pytest.raises(IllegalAction):
        apply(state, bad)


def test_deal_with_a_three_card_pair_is_refused() -> None:
    """Accepted today; the draft then crashes with ValueError on TakePair(0), a legal action."""
    state, deal = _dealt()
    bad = replace(deal, pairs=((*deal.pairs[0], "x"), *deal.pairs[1:]))
    with pytest.raises(IllegalAction):
        apply(state, bad)


def test_refused_deal_leaves_state_equal() -> None:
    state, deal = _dealt()
    before = msgspec.json.encode(state)
    with pytest.raises(IllegalAction):
        apply(state, replace(deal, dice=((0, 2, 3), (1, 2, 3), (1, 2, 3))))
    assert msgspec.json.encode(state) == before


# ---- content validation: data the engine cannot play must be refused on load


def _load(content: Content) -> None:
    validate(content)
    for players in (2, 3, 4):
        new_game(Setup(players=players, content=content))


def _rejected(content: Content) -> None:
    with pytest.raises((ContentError, SetupError)):
        _load(content)


def test_negative_garden_food_is_rejected() -> None:
    """food -3 / cp -7 passes the price ladder; placing a gardener then *gains* food past the cap of 7."""
    base = base_content()
    _rejected(replace(base, gardens=tuple(replace(g, food=-3, cp=-7) for g in base.gardens)))


def test_too_few_stewards_for_the_castle_is_rejected() -> None:
    """2 Stewards in use: the deal builds 4 rooms and legal_actions raises IndexError."""
    base = base_content()
    _rejected(replace(base, stewards=tuple(s for s in base.stewards if s.two_player)[:2]))


def test_too_few_action_cards_for_four_clans_is_rejected() -> None:
    """3 Action cards cannot make the 5 starting pairs of a 4-clan game: no deal is possible."""
    base = base_content()
    _rejected(replace(base, action_cards=base.action_cards[:3]))


def test_negative_die_tile_reward_is_rejected() -> None:
    """The Well then leaves coins and seals negative and the clan with no legal action at all."""
    base = base_content()
    tiles = tuple(replace(t, reward=(Gain(GainKind.COIN, -5),)) for t in base.die_tiles)
    _rejected(replace(base, die_tiles=tiles))


def test_negative_yard_tile_and_decree_amounts_are_rejected() -> None:
    base = base_content()
    _rejected(
        replace(
            base, yard_tiles=tuple(replace(t, reward=(Gain(GainKind.PEARL, -4),)) for t in base.yard_tiles)
        )
    )
    _rejected(
        replace(base, decrees=tuple(replace(d, lantern=(Gain(GainKind.SEAL, -2),)) for d in base.decrees))
    )


def test_negative_resource_choice_on_a_yard_tile_is_rejected() -> None:
    """ResourceChoice(-1) never counts down to 1: an endless run of resource picks (a hang)."""
    base = base_content()
    _rejected(
        replace(base, yard_tiles=tuple(replace(t, action=(ResourceChoice(-1),)) for t in base.yard_tiles))
    )


def test_engine_internal_block_ref_in_content_is_rejected() -> None:
    base = base_content()
    _rejected(replace(base, gardens=tuple(replace(g, action=(BlockRef("NOPE", 0),)) for g in base.gardens)))


def test_domain_line_row_out_of_range_is_rejected() -> None:
    base = base_content()
    _rejected(replace(base, domain=tuple(replace(line, row=7) for line in base.domain)))


# ---- trace files


def test_deeply_nested_trace_gives_trace_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(b'{"a":' + b"[" * 100_000 + b"1")
    with pytest.raises(TraceError):
        wire.read_trace(path)


def test_trace_of_another_version_is_refused(tmp_path: Path) -> None:
    rng = random.Random(7)
    setup = Setup(players=2)
    state = new_game(setup)
    actions = []
    while not is_over(state):
        action = sample(state, rng) if is_chance(state) else rng.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action)
    trace = wire.Trace(setup=setup, actions=tuple(actions), final=wire.digest(state), version=99)
    path = tmp_path / "v99.json"
    path.write_bytes(wire.encode(trace))
    with pytest.raises(TraceError):
        wire.replay(wire.read_trace(path))


def test_round_trip_and_replay_hold_for_seeded_games(tmp_path: Path) -> None:
    """Lock-in: every state of a seeded game decodes back equal, and its trace replays to it."""
    rng = random.Random(11)
    setup = Setup(players=3)
    state = new_game(setup)
    actions = []
    while not is_over(state):
        assert wire.decode_state(wire.encode(state)) == state
        action = sample(state, rng) if is_chance(state) else rng.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action)
    path = tmp_path / "t.json"
    wire.write_trace(path, setup, actions, state)
    assert wire.digest(wire.replay(wire.read_trace(path))) == wire.digest(state)


# ---- the conformance harness under hostile input: it never crashes, hangs, or lets an implementation
# ---- exhaust its memory or disk; every bad input gets an error that says what and where

FAULTY = Path(__file__).resolve().parent / "conformance_faults" / "faulty_server.py"
WCREF = [sys.executable, "-m", "reference.cli"]
NESTED_HELLO = b'{"id":1,"op":"hello","protocol":4,"x":' + b"[" * 1000 + b"]" * 1000 + b"}"


def faulty(fault: str, *extra: str) -> str:
    return shlex.join([sys.executable, str(FAULTY), "--fault", fault, *extra])


def no_vectors(tmp_path: Path) -> str:
    """An empty vector directory (a missing one is a usage error): the run checks games only."""
    directory = tmp_path / "no-vectors"
    directory.mkdir(exist_ok=True)
    return str(directory)


def served(*lines: bytes) -> list[dict[str, Any]]:
    """The replies of the reference's server to ``lines`` (one session)."""
    out = io.BytesIO()
    assert serve(io.BytesIO(b"".join(line + b"\n" for line in lines)), out) == 0
    replies: list[dict[str, Any]] = [json.loads(line) for line in out.getvalue().splitlines()]
    return replies


def verify_cli(tmp_path: Path, impl: str, *args: str) -> tuple[Result, dict[str, Any]]:
    """``wcref verify --impl IMPL --report FILE ARGS`` (no vectors, no perft unless asked): the result
    and the report, which is always written."""
    report = tmp_path / "report.json"
    result = CliRunner().invoke(
        cli,
        ["verify", "--impl", impl, "--report", str(report), "--vectors", no_vectors(tmp_path),
         "--perft-depth", "0", "--quiet", *args],
    )  # fmt: skip
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == 1, result.output
    assert "result: FAIL" in result.stdout
    return result, json.loads(report.read_text())


def peak_rss_mb(argv: list[str], feed: Callable[[IO[bytes]], None]) -> tuple[bytes, float]:
    """Run ``argv``, write its stdin with ``feed``; its stdout and the peak resident memory (MB) of it
    and the children it waited for (os.wait4)."""
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert proc.stdin is not None
    assert proc.stdout is not None
    feed(proc.stdin)
    proc.stdin.close()
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    assert proc.returncode == 0
    return out, usage.ru_maxrss / 1024  # kB on Linux


# 1. nesting: one rule (reference.inputs) for every reader


def test_inputs_refuse_nesting_past_the_limit_and_say_where() -> None:
    assert inputs.load_json(b"[" * MAX_DEPTH + b"]" * MAX_DEPTH) is not None
    with pytest.raises(inputs.InputLimit, match=r"more than 64 levels deep \(at \$\.a\[0\]\[0\]\[0\]…\)"):
        inputs.load_json(b'{"a":' + b"[" * MAX_DEPTH + b"]" * MAX_DEPTH + b"}")
    for text in (b"[" * 100_000 + b"]" * 100_000, NESTED_HELLO):  # too deep for the decoder itself
        with pytest.raises(inputs.InputLimit, match="more than 64 levels deep"):
            inputs.load_json(text)
    with pytest.raises(inputs.InputLimit, match="more than 64 levels deep"):
        inputs.load_toml("a = " + "[" * 1000 + "]" * 1000)


def test_serve_answers_a_line_nested_1000_deep_with_its_id_and_goes_on() -> None:
    nested, hello = served(NESTED_HELLO, b'{"id":2,"op":"hello","protocol":4}')
    assert nested["id"] == 1
    assert nested["error"]["kind"] == "bad_request"
    assert "nested more than 64 levels deep" in nested["error"]["reason"]
    assert (hello["id"], hello["ok"]) == (2, True)


def test_verify_reports_a_reply_nested_1000_deep_as_malformed(tmp_path: Path) -> None:
    result, report = verify_cli(tmp_path, faulty("deep", "--after", "2"), "--games", "2")
    failure = report["games"]["failure"]
    assert failure["kind"] == "malformed"
    assert "nested more than 64 levels deep" in failure["detail"]
    assert json.loads(failure["last_request"])["id"] == 2
    assert "implementation failure (malformed)" in result.stdout


def test_verify_reports_a_hello_nested_1000_deep_and_stops_at_hello(tmp_path: Path) -> None:
    result, report = verify_cli(tmp_path, faulty("deep", "--after", "1"), "--games", "2")
    assert report["failure"]["kind"] == "malformed"
    assert report["stopped"] == "hello failed"
    assert "stopped at hello" in result.stdout
    assert "vectors:" not in result.stdout  # nothing was looked for: no "vectors: 0 found"


def test_verify_reports_a_vector_file_nested_1000_deep(tmp_path: Path) -> None:
    vectors = tmp_path / "vectors"
    vectors.mkdir()
    bad = vectors / "deep.json"
    bad.write_bytes(b"[" * 1000 + b"]" * 1000)  # 2 kB
    result = CliRunner().invoke(
        cli, ["verify", "--vectors", str(vectors), "--games", "0", "--perft-depth", "0", "--quiet"]
    )
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == 1
    assert f"vector {bad}: ERROR: {bad}: not a vector: JSON nested more than 64 levels deep" in result.stdout


def _nested_pay_coins(depth: int) -> Effect:
    effect: Effect = Gain(GainKind.COIN, 1)
    for _ in range(depth):
        effect = PayCoins(1, (effect,))
    return effect


@pytest.mark.parametrize("card_id", ["", "S1\x00", "S\x1b]0;pwned\x07", " S1", "S" * 41, "a\nb"])
def test_a_content_id_that_is_not_1_to_40_printable_characters_is_refused(card_id: str) -> None:
    """Card ids reach the log, the terminal and the board's SVG (whose XML a NUL breaks)."""
    base = base_content()
    hostile = replace(base, gardens=(replace(base.gardens[0], id=card_id), *base.gardens[1:]))
    with pytest.raises(ContentError, match="an id is 1 to 40 printable characters"):
        validate(hostile)


def test_content_nesting_pay_coins_past_the_limit_is_refused_naming_the_card() -> None:
    base = base_content()
    at_limit = replace(base, gardens=tuple(replace(g, action=(_nested_pay_coins(8),)) for g in base.gardens))
    validate(at_limit)
    deeper = replace(base, gardens=tuple(replace(g, action=(_nested_pay_coins(9),)) for g in base.gardens))
    with pytest.raises(
        ContentError, match=r"G1: icons\[0\](\.then\[0\]){8}: pay_coins nested more than 8 deep"
    ):
        validate(deeper)


@pytest.mark.parametrize(
    ("depth", "error"),
    [
        (330, "not a trace: the JSON is nested more than 64 levels deep (at $.setup.content.gardens[0]…)"),
        (20, "$.setup: content: G1: icons[0].then[0].then[0].then[0].then[0].then[0].then[0].then[0].then[0]: "
         "pay_coins nested more than 8 deep"),
    ],
)  # fmt: skip
def test_replay_of_a_trace_nesting_pay_coins_deep_is_an_error_not_a_recursion(
    tmp_path: Path, depth: int, error: str
) -> None:
    """330 deep passed validation and the log recursed; now the JSON (660 levels) is refused by the
    readers' limit, and content within it (20 levels of pay_coins) by content validation."""
    base = base_content()
    content = replace(
        base, gardens=tuple(replace(g, action=(_nested_pay_coins(depth),)) for g in base.gardens)
    )
    setup = Setup(players=2, content=content)
    deal = sample(new_game(Setup(players=2)), random.Random(1))
    path = tmp_path / "deep.json"
    path.write_bytes(wire.encode(wire.Trace(setup=setup, actions=(deal,))))
    result = CliRunner().invoke(cli, ["replay", "--log", str(path)])
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {path}: {error}")


# 2. memory and disk


def test_serve_refuses_a_400_mb_line_without_holding_it() -> None:
    """Peak memory before the bound: 828 MB (the line, then a copy); with it about 45 MB."""
    head = b'{"id":7,"op":"hello","protocol":4,"x":"'
    chunk = b" " * (1 << 20)

    def feed(stdin: IO[bytes]) -> None:
        stdin.write(head)
        left = 400_000_000 - len(head)
        while left > 0:
            left -= stdin.write(chunk[:left])
        stdin.write(b'"}\n{"id":8,"op":"hello","protocol":4}\n')

    out, peak = peak_rss_mb([*WCREF, "serve"], feed)
    long, hello = (json.loads(line) for line in out.splitlines())
    assert long["id"] == 7
    assert long["error"]["kind"] == "bad_request"
    assert long["error"]["reason"].startswith(
        f"line too long: 400000002 bytes, more than the protocol's limit of {MAX_LINE} bytes"
    )
    assert (hello["id"], hello["ok"]) == (8, True)
    assert peak < 150, f"peak memory {peak:.0f} MB"


def test_read_line_keeps_at_most_the_limit_of_a_long_line() -> None:
    stream = io.BytesIO(b"x" * 5000 + b"\nnext\n")
    assert read_line(stream, limit=100) == (b"x" * 100, 5000)
    assert read_line(stream, limit=100) == (b"next\n", 4)
    assert read_line(stream, limit=100) == (b"", 0)


def test_an_8_mb_key_in_every_observation_is_malformed_and_the_run_stays_small(tmp_path: Path) -> None:
    """Before the bounds: the report held the 8 MB value twice (16.8 MB) and verify peaked at about
    100 MB; now the 8 MB reply line is refused at the limit."""
    report = tmp_path / "r.json"
    command = [*WCREF, "verify", "--impl", faulty("fat"), "--games", "20", "--perft-depth", "0", "--quiet",
               "--vectors", no_vectors(tmp_path), "--report", str(report)]  # fmt: skip
    proc = subprocess.run(command, capture_output=True, timeout=120, check=False)
    assert proc.returncode == 1, proc.stderr
    failure = json.loads(report.read_text())["games"]["failure"]
    assert failure["kind"] == "malformed"
    assert (
        failure["detail"]
        == f"a reply line longer than {MAX_LINE} bytes (the protocol's limit, docs/protocol.md)"
    )
    assert report.stat().st_size < 16_000


def test_a_report_keeps_a_few_kb_of_any_value_and_says_what_was_cut(tmp_path: Path) -> None:
    # a 500 kB card id in the rival's discard pile: a divergence whose value is cut, saying how much
    result, report = verify_cli(tmp_path, faulty("fat", "--size", "500000"), "--games", "20")
    divergence = report["games"]["divergence"]
    assert divergence["field"] == "/solo_discard/0"
    kept = divergence["implementation"]
    assert kept.startswith("xxxx")
    assert kept.endswith(f"… (cut: {500_000 - MAX_VALUE} bytes)")
    assert len(kept) < MAX_VALUE + 40
    assert (tmp_path / "report.json").stat().st_size < 32_000
    assert "field: /solo_discard/0" in result.stdout


def test_only_the_end_of_stderr_is_kept_and_the_cut_is_said() -> None:
    impl = SubprocessImplementation(
        [sys.executable, str(FAULTY), "--fault", "stderr_flood", "--size", "1000000", "--after", "30"],
        timeout=10,
    )
    try:
        impl.hello()
        impl.new_game(to_json(Setup(players=2)))
        failure = _first_failure(impl.observe, 40)
    finally:
        impl.close()
    assert failure.kind == "crash"
    # 29 requests before the crash, each 1,000,000 bytes and a newline, then the last line
    cut = re.match(r"\[cut: (\d+) bytes of stderr before the last 4096\]\n", failure.stderr)
    assert cut is not None, failure.stderr[:200]
    assert int(cut.group(1)) == 29 * 1_000_001 + len("faulty_server: crashing after a flood\n") - 4096
    assert failure.stderr.endswith("faulty_server: crashing after a flood\n")
    assert len(failure.stderr) < 4096 + 80
    assert failure_of(failure).stderr == failure.stderr  # the report keeps it whole


def _first_failure(call: Callable[[], object], attempts: int) -> ImplementationError:
    for _ in range(attempts):
        try:
            call()
        except ImplementationError as exc:
            return exc
    raise AssertionError(f"no implementation failure in {attempts} calls")


# 3. processes: what an implementation leaves behind is killed; a stopped reader is named as such


@pytest.mark.parametrize("fault", ["orphan", "daemon"])
def test_a_child_that_calls_setsid_does_not_outlive_verify(tmp_path: Path, fault: str) -> None:
    pidfile = tmp_path / "child.pid"
    impl = faulty(fault, "--after", "3", "--pidfile", str(pidfile))
    result = CliRunner().invoke(
        cli, ["verify", "--impl", impl, "--games", "2", "--perft-depth", "0", "--quiet", "--timeout", "5",
              "--vectors", no_vectors(tmp_path)],
    )  # fmt: skip
    child = psutil.Process(int(pidfile.read_text()))
    try:
        assert "Traceback" not in result.output, result.output
        if fault == "orphan":  # the implementation exits once its child left the session
            assert "implementation failure (exited)" in result.stdout
        else:  # it serves on; its child is cleaned up after bye
            assert result.exit_code == 0, result.output
        assert not running(child)
    finally:
        if running(child):
            child.kill()


def test_an_implementation_that_closes_its_stdin_is_reported_as_such(tmp_path: Path) -> None:
    _, report = verify_cli(tmp_path, faulty("close_stdin", "--after", "3"), "--games", "2", "--timeout", "5")
    failure = report["games"]["failure"]
    assert failure["kind"] == "protocol"
    assert failure["detail"] == "stopped reading its stdin (closed it before bye) but did not exit"


def test_an_implementation_that_stops_reading_its_stdin_is_reported_as_such(tmp_path: Path) -> None:
    _, report = verify_cli(tmp_path, faulty("stop_reading", "--after", "3"), "--games", "2", "--timeout", "1")
    failure = report["games"]["failure"]
    assert failure["kind"] == "timeout"
    assert failure["detail"].startswith("no reply within 1 s; it stopped reading its stdin (")


# 4. the server's protocol checks


def test_serve_refuses_another_protocol_version_naming_its_own() -> None:
    (reply,) = served(b'{"id":1,"op":"hello","protocol":1}')
    assert reply["id"] == 1
    assert reply["error"] == {
        "kind": "unsupported",
        "reason": "protocol version 1 is not supported: this server speaks protocol 4",
        "rule": None,
        "problems": [],
    }


def test_serve_refuses_a_repeated_key_naming_it() -> None:
    top, nested, repeated_id = served(
        b'{"id":5,"op":"hello","op":"bye"}',
        b'{"id":6,"op":"new_game","setup":{"players":2,"players":3}}',
        b'{"id":7,"op":"hello","id":8}',
    )
    assert (top["id"], top["error"]["kind"]) == (5, "bad_request")
    assert top["error"]["reason"] == "not a valid request: the key 'op' appears twice in one object"
    assert (nested["id"], nested["error"]["kind"]) == (6, "bad_request")
    assert "the key 'players' appears twice" in nested["error"]["reason"]
    assert repeated_id["id"] is None  # which one? neither
    assert "the key 'id' appears twice" in repeated_id["error"]["reason"]
