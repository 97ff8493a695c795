"""The conformance protocol: its schema file, the reference server (``wcref serve``) and the
subprocess client."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import msgspec
import pytest

from reference.conformance.adapter import AREAS, ImplementationError, Refused, to_json
from reference.conformance.process import SubprocessImplementation
from reference.conformance.protocol import SCHEMA_PATH, ObserveRequest, Request, protocol_schema, schema_text
from reference.conformance.server import Server
from reference.model import Setup, Solo, TakePair
from reference.position import position
from reference.wire import JSON
from tests.helpers import make_deal, started


def at_turn(players: int) -> JSON:
    """The public position of a game of ``players`` clans at its first turn (wire JSON)."""
    return to_json(position(started(players)))


SERVE = [sys.executable, "-m", "reference.cli", "serve"]
SERVE_CMD = shlex.join(SERVE)


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def ref(validator: jsonschema.Draft202012Validator, name: str) -> jsonschema.Draft202012Validator:
    """A validator of one definition of the protocol schema."""
    schema = dict(validator.schema)
    schema.pop("anyOf")
    schema["$ref"] = f"#/$defs/{name}"
    return jsonschema.Draft202012Validator(schema)


def test_schema_file_is_up_to_date() -> None:
    """protocol.schema.json is what the msgspec types generate (regenerate with
    ``python -m reference.conformance.protocol reference/conformance/protocol.schema.json``)."""
    regenerate = (
        "regenerate: python -m reference.conformance.protocol reference/conformance/protocol.schema.json"
    )
    assert json.loads(SCHEMA_PATH.read_text(encoding="utf-8")) == json.loads(json.dumps(protocol_schema())), (
        regenerate
    )
    assert SCHEMA_PATH.read_text(encoding="utf-8") == schema_text(), regenerate


def exchange(server: Server, request: dict[str, Any] | bytes) -> dict[str, Any]:
    line = request if isinstance(request, bytes) else json.dumps(request).encode()
    reply, _ = server.handle(line)
    assert reply.endswith(b"\n")
    assert reply.count(b"\n") == 1
    decoded: dict[str, Any] = json.loads(reply)
    return decoded


def test_every_reply_fits_the_schema(validator: jsonschema.Draft202012Validator) -> None:
    server = Server()
    setup = to_json(Setup(players=2))
    requests: list[tuple[dict[str, Any], str]] = [
        ({"id": 1, "op": "hello", "protocol": 4}, "HelloReply"),
        ({"id": 2, "op": "observe"}, "ErrorReply"),
        ({"id": 3, "op": "new_game", "setup": setup}, "AckReply"),
        ({"id": "four", "op": "observe"}, "ObserveReply"),
        ({"id": 5, "op": "legal_actions"}, "LegalActionsReply"),
        ({"id": 6, "op": "apply", "action": to_json(make_deal(2))}, "ApplyReply"),
        ({"id": 7, "op": "legal_actions"}, "LegalActionsReply"),
        ({"id": 8, "op": "observe"}, "ObserveReply"),
        (
            {
                "id": 9,
                "op": "apply",
                "action": {"type": "place_die", "bridge": "coral", "end": "left", "space": "well"},
            },
            "ErrorReply",
        ),
        ({"id": 10, "op": "load", "position": at_turn(2)}, "AckReply"),
        ({"id": 11, "op": "observe"}, "ObserveReply"),
        ({"id": 12, "op": "bye"}, "AckReply"),
    ]
    for request, shape in requests:
        assert validator.is_valid(request), request
        ref(validator, "Request").validate(request)
        reply = exchange(server, request)
        assert reply["id"] == request["id"]
        ref(validator, shape).validate(reply)
        validator.validate(reply)


def test_hello_names_every_area() -> None:
    reply = exchange(Server(), {"id": 1, "op": "hello"})
    assert reply == {
        "id": 1,
        "ok": True,
        "result": {"name": "wcref (reference)", "areas": list(AREAS), "protocol": 4},
    }


def test_refusal_names_the_rule_and_keeps_the_game() -> None:
    server = Server()
    exchange(server, {"id": 1, "op": "new_game", "setup": to_json(Setup(players=2))})
    exchange(server, {"id": 2, "op": "apply", "action": to_json(make_deal(2))})
    before = exchange(server, {"id": 3, "op": "observe"})["result"]
    reply = exchange(
        server,
        {
            "id": 4,
            "op": "apply",
            "action": {"type": "place_die", "bridge": "coral", "end": "left", "space": "well"},
        },
    )
    assert reply["ok"] is False
    assert reply["error"]["kind"] == "illegal"
    assert reply["error"]["rule"] == "SETUP.STARTING_PAIRS"
    assert exchange(server, {"id": 5, "op": "observe"})["result"] == before
    accepted = exchange(server, {"id": 6, "op": "apply", "action": to_json(TakePair(0))})
    assert (accepted["id"], accepted["ok"]) == (6, True)
    # the reference offers the events area: an accepted action's reply carries its typed events
    events = accepted["result"]["events"]
    assert events[0] == {
        "event": "pair_taken",
        "rules": ["SETUP.STARTING_PAIRS", "SETUP.STARTING_GAINS"],
        "clan": 1,
        "starting": "SR8",
        "action_card": "A3",
    }
    assert all(e["rules"] for e in events)


def test_without_the_events_area_an_accepted_apply_answers_null() -> None:
    server = Server(areas=("base",))
    exchange(server, {"id": 1, "op": "new_game", "setup": to_json(Setup(players=2))})
    reply = exchange(server, {"id": 2, "op": "apply", "action": to_json(make_deal(2))})
    assert reply == {"id": 2, "ok": True, "result": None}


@pytest.mark.parametrize(
    ("line", "rid"),
    [
        (b"not json at all", None),
        (b"{", None),
        (b"[1, 2, 3]", None),
        (b'"hello"', None),
        (b"{}", None),
        (b'{"id": true, "op": "hello"}', None),
        (b'{"id": 3}', 3),
        (b'{"id": 4, "op": "dance"}', 4),
        (b'{"id": "x", "op": "apply"}', "x"),
        (b'{"id": 5, "op": "apply", "action": {"type": "place_die", "bridge": "purple"}}', 5),
        (b'{"id": 6, "op": "new_game", "setup": {"players": "two"}}', 6),
        (b'{"id": 7, "op": "load", "position": {"phase": 3}}', 7),
        (b'{"id": 8, "op": "hello", "protocol": 4, "extra": {"__import__": "os"}}', 8),
        (b"\xff\xfe garbage bytes", None),
        (b'{"id": 9, "op": "new_game", "setup": {"players": 2}} trailing', None),
    ],
)
def test_malformed_lines_get_a_structured_error(line: bytes, rid: object) -> None:
    server = Server()
    reply = exchange(server, line)
    if rid == 8:  # unknown fields are ignored
        assert reply["ok"] is True
        return
    assert reply["ok"] is False
    assert reply["id"] == rid
    assert reply["error"]["kind"] == "bad_request"
    assert reply["error"]["rule"] is None
    assert reply["error"]["reason"]
    assert exchange(server, {"id": 99, "op": "hello"})["ok"] is True  # the session goes on


def test_error_kinds() -> None:
    partial = Server(areas=("base",))
    assert exchange(partial, {"id": 1, "op": "observe"})["error"]["kind"] == "no_game"
    assert exchange(partial, {"id": 2, "op": "legal_actions"})["error"]["kind"] == "no_game"
    solo = to_json(Setup(players=2, solo=Solo()))
    assert exchange(partial, {"id": 3, "op": "new_game", "setup": solo})["error"]["kind"] == "unsupported"
    assert (
        exchange(partial, {"id": 4, "op": "load", "position": at_turn(2)})["error"]["kind"] == "unsupported"
    )
    bad = exchange(partial, {"id": 5, "op": "new_game", "setup": {"players": 5}})
    assert bad["error"]["kind"] == "bad_setup"
    assert "players" in bad["error"]["reason"]


def test_an_impossible_position_is_refused_with_its_problems_and_changes_nothing() -> None:
    server = Server()
    exchange(server, {"id": 1, "op": "new_game", "setup": to_json(Setup(players=2))})
    impossible = at_turn(2)
    assert isinstance(impossible, dict)
    impossible["turn_order"] = [5, 6]
    reply = exchange(server, {"id": 2, "op": "load", "position": impossible})
    error = reply["error"]
    assert (error["kind"], error["rule"]) == ("impossible", "TURN.DECISION")
    assert error["problems"][0]["pointer"] == "/turn_order"
    # the failed load changed nothing: the game in play answers as before
    assert exchange(server, {"id": 3, "op": "observe"})["result"]["phase"] == "deal"
    assert exchange(server, {"id": 4, "op": "legal_actions"})["ok"] is True


def test_a_study_position_loads_only_when_it_names_the_rules_it_leaves_out() -> None:
    study = at_turn(2)
    assert isinstance(study, dict)
    study["board"]["bridges"][0] = {"colour": "coral", "left": 2, "centre": [], "right": None}
    server = Server()
    refused = exchange(server, {"id": 1, "op": "load", "position": study})["error"]
    assert (refused["kind"], refused["rule"]) == ("impossible", "SETUP.DICE_PER_COLOUR")
    loaded = exchange(
        server, {"id": 2, "op": "load", "position": study, "composed": ["SETUP.DICE_PER_COLOUR"]}
    )
    assert loaded["ok"] is True
    assert exchange(server, {"id": 3, "op": "observe"})["result"]["board"]["bridges"][0]["left"] == 2


class _Faulty(Server):
    """A server whose dispatch fails (an implementation bug): the guard around it answers."""

    def _dispatch(self, request: Request) -> tuple[bytes, bool]:
        if isinstance(request, ObserveRequest):
            raise IndexError("tuple index out of range")
        return super()._dispatch(request)


def test_a_failure_inside_the_server_is_an_internal_error_and_changes_nothing() -> None:
    server = _Faulty()
    exchange(server, {"id": 1, "op": "new_game", "setup": to_json(Setup(players=2))})
    reply = exchange(server, {"id": 2, "op": "observe"})
    assert reply["error"] == {
        "kind": "internal",
        "reason": "IndexError: tuple index out of range",
        "rule": None,
        "problems": [],
    }
    assert exchange(server, {"id": 3, "op": "legal_actions"})["ok"] is True


def test_serve_process_answers_line_by_line_and_exits_on_bye() -> None:
    lines = [
        b'{"id":1,"op":"hello"}',
        b"garbage",
        b"",
        b'{"id":2,"op":"new_game","setup":{"players":3}}',
        b'{"id":3,"op":"legal_actions"}',
        b'{"id":4,"op":"bye"}',
        b'{"id":5,"op":"hello"}',
    ]
    done = subprocess.run(
        SERVE, input=b"\n".join(lines) + b"\n", capture_output=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["id"] for r in replies] == [1, None, 2, 3, 4]
    assert [r["ok"] for r in replies] == [True, False, True, True, True]
    assert replies[3]["result"] == []
    assert done.stderr == b""


def test_serve_exits_cleanly_at_end_of_input() -> None:
    done = subprocess.run(SERVE, input=b'{"id":1,"op":"hello"}', capture_output=True, timeout=60, check=False)
    assert done.returncode == 0
    assert json.loads(done.stdout)["ok"] is True


def test_subprocess_implementation_round_trip() -> None:
    with SubprocessImplementation(SERVE_CMD, timeout=30) as impl:
        name, areas = impl.hello()
        assert name == "wcref (reference)"
        assert areas == AREAS
        impl.new_game(to_json(Setup(players=2)))
        assert impl.legal_actions() == []
        assert impl.apply(to_json(TakePair(0))) == Refused(
            "RULING.CHANCE_DEAL", "waiting for the setup deal, got TakePair", "illegal"
        )
        assert impl.apply(to_json(make_deal(2))) is None
        observed = impl.observe()
        assert isinstance(observed, dict)
        assert observed["decision"] == {"kind": "draft", "clan": 1}
        with pytest.raises(ImplementationError) as info:
            impl.new_game({"players": 9})
        assert info.value.kind == "error"
        assert "bad_setup" in info.value.detail
        assert impl.starts == 1


@pytest.mark.parametrize(
    ("script", "kind", "detail"),
    [
        ("import sys; sys.stdin.readline(); print('hello there', flush=True)", "malformed", "not JSON"),
        ("import sys; sys.stdin.readline(); sys.exit(4)", "crash", "status 4"),
        ("import os, sys; sys.stdin.readline(); os.kill(os.getpid(), 9)", "crash", "SIGKILL"),
        ("import sys; sys.stdin.readline()", "exited", "status 0"),
        ("import sys, time; sys.stdin.readline(); time.sleep(60)", "timeout", "no reply within"),
        ("import sys; sys.stdin.readline(); print('[1, 2]', flush=True)", "schema", "not a JSON object"),
        (
            'import sys; sys.stdin.readline(); print(\'{"id": 1, "ok": true, "result": 3}\', flush=True)',
            "schema",
            "breaks the schema",
        ),
        (
            'import sys; sys.stdin.readline(); print(\'{"id": 2, "ok": true}\', flush=True)',
            "protocol",
            "does not echo",
        ),
        (
            "import sys; sys.stdin.readline(); sys.stdout.write('{\"id\": 1'); sys.stdout.flush()",
            "malformed",
            "ended inside a line",
        ),
    ],
)
def test_subprocess_failures_are_reported(script: str, kind: str, detail: str) -> None:
    impl = SubprocessImplementation([sys.executable, "-c", script], timeout=1.0)
    with pytest.raises(ImplementationError) as info:
        impl.hello()
    assert info.value.kind == kind
    assert detail in info.value.detail
    assert info.value.last_request == '{"id":1,"op":"hello","protocol":4}'
    impl.close()


def test_hang_kills_the_whole_process_group(tmp_path: Path) -> None:
    marker = tmp_path / "child.pid"
    script = (
        "import subprocess, sys, time\n"
        f"child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        f"open({str(marker)!r}, 'w').write(str(child.pid))\n"
        "sys.stdin.readline(); time.sleep(60)\n"
    )
    impl = SubprocessImplementation([sys.executable, "-c", script], timeout=1.0)
    with pytest.raises(ImplementationError) as info:
        impl.hello()
    assert info.value.kind == "timeout"
    child = int(marker.read_text())
    import os
    import time

    for _ in range(50):
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        pytest.fail("the hanging implementation's child survived")


def test_cannot_start() -> None:
    impl = SubprocessImplementation(["/nonexistent/wcref-impl"], timeout=1.0)
    with pytest.raises(ImplementationError) as info:
        impl.hello()
    assert info.value.kind == "start"


def test_observation_reply_decodes_to_the_wire_type() -> None:
    from reference.wire import Observation

    server = Server()
    exchange(server, {"id": 1, "op": "load", "position": at_turn(3)})
    reply = exchange(server, {"id": 2, "op": "observe"})
    obs = msgspec.convert(reply["result"], Observation)
    assert len(obs.clans) == 3
    assert obs.board is not None


@pytest.mark.parametrize(
    "body",
    [
        '"action":' + "[" * 1000 + "]" * 1000,
        '"action":{"type":"take_pair","index":0},"x":' + '{"a":' * 1000 + "1" + "}" * 1000,
    ],
    ids=["nested action", "nested ignored field"],
)
def test_deeply_nested_request_is_a_bad_request_and_the_session_goes_on(body: str) -> None:
    server = Server()
    reply, done = server.handle(('{"id":3,"op":"apply",' + body + "}").encode())
    error = json.loads(reply)["error"]
    assert error["kind"] == "bad_request"
    assert not done
    assert exchange(server, {"id": 4, "op": "hello", "protocol": 4})["ok"] is True
