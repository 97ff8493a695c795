"""A deliberately faulty implementation for the conformance tests: the reference engine, patched at
run time to break one rule (or to misbehave on the wire), served over the JSON Lines protocol.

    python tests/conformance_faults/faulty_server.py --fault NAME [--fault NAME ...] [--after N] [--areas a,b]

``--fault`` can be given more than once: every rule fault given is planted (for keep-going runs).

Rule faults: every fault of the planted-fault catalogue (``catalogue.py``: each breaks one rule and
names it), e.g. ``seal_cap`` (6 Daimyo Seals), ``rival_pays``, ``free_checkpoint``,
``empty_deck_no_light``, ``dearer_checkpoint_11``, ``warriors_wiped``.

Wire faults, from the ``--after``-th request on (counting from 1): ``hang`` (never replies),
``crash`` (dies with status 3), ``garbage`` (prints a line that is not JSON), ``exit`` (exits
with status 0 without replying), ``schema`` (an observation of the wrong shape), ``bad_id`` (echoes
the wrong id), ``none`` (the plain reference; with ``--areas`` a partial implementation).

Refusal faults, from the ``--after``-th request on: ``null_rule`` (every ``illegal`` or ``gap``
refusal names no rule: ``"rule": null``) and ``other_rule`` (every one cites ``OTHER.RULE``).

Hostile faults (tests/test_attack.py), also from the ``--after``-th request on: ``deep`` (every reply
carries a key nested 1,000 deep), ``fat`` (every observation's ``solo_discard`` starts with a card id of
``--size`` bytes), ``stderr_flood`` (writes ``--size`` bytes to stderr before each reply, then crashes at the
``--after``-th request), ``close_stdin`` (replies, then closes its stdin and sleeps), ``stop_reading``
(replies, then sleeps without reading), ``orphan`` (forks a child that calls setsid and sleeps, writes
the child's pid to ``--pidfile``, then exits without replying) and ``daemon`` (the same child, but
the server goes on serving).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable

from reference.conformance.adapter import AREAS
from reference.conformance.server import Server

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from catalogue import FAULTS, plant  # beside this file, run as a program

RULE_FAULTS = tuple(FAULTS)
WIRE_FAULTS = ("hang", "crash", "garbage", "exit", "schema", "bad_id", "none")
REFUSAL_FAULTS = ("null_rule", "other_rule")
HOSTILE_FAULTS = ("deep", "fat", "stderr_flood", "close_stdin", "stop_reading", "orphan", "daemon")


def break_rule(fault: str) -> None:
    """Patch the reference engine so it breaks one rule (the catalogue's fault ``fault``)."""
    plant(fault)


def leave_child(pidfile: str) -> None:
    """Fork a child that leaves the session (setsid), lets go of the pipes (its stdio on /dev/null,
    as a daemon does) and sleeps; write its pid to ``pidfile``."""
    pid = os.fork()
    if pid == 0:
        os.setsid()
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        time.sleep(300)
        os._exit(0)
    with open(pidfile, "w", encoding="utf-8") as out:
        out.write(str(pid))


def hostile(fault: str, line: bytes, reply: bytes, size: int) -> bytes:
    """The reply of a hostile fault (a reply that is too deep or too fat)."""
    if fault == "deep":
        return reply[:-2] + b',"x":' + b"[" * 1000 + b"]" * 1000 + b"}\n"
    if fault == "fat" and b'"op":"observe"' in line.replace(b" ", b"") and b'"solo_discard":[' in reply:
        padding = b'"' + b"x" * size + b'"'
        if b'"solo_discard":[]' in reply:
            return reply.replace(b'"solo_discard":[]', b'"solo_discard":[' + padding + b"]", 1)
        return reply.replace(b'"solo_discard":[', b'"solo_discard":[' + padding + b",", 1)
    return reply


def misbehave(
    fault: str, line: bytes, handle: Callable[[bytes], tuple[bytes, bool]], size: int = 0
) -> tuple[bytes, bool]:
    """The reply of a wire fault to one request line."""
    if fault == "hang":
        while True:
            time.sleep(3600)
    if fault == "crash":
        sys.stderr.write("faulty_server: crashing on purpose\n")
        sys.stderr.flush()
        os._exit(3)
    if fault == "exit":
        os._exit(0)
    if fault == "garbage":
        return b"this is not JSON {\n", False
    if fault == "stderr_flood":
        sys.stderr.write("faulty_server: crashing after a flood\n")
        sys.stderr.flush()
        os._exit(3)
    reply, stop = handle(line)
    if fault in HOSTILE_FAULTS:
        return hostile(fault, line, reply, size), stop
    if fault == "schema" and b'"op":"observe"' in line.replace(b" ", b""):
        head = reply.split(b',"ok"', 1)[0]
        return head + b',"ok":true,"result":{"clans":"many"}}\n', stop
    if fault == "bad_id":
        return b'{"id":"not-the-id"' + reply[reply.index(b',"ok"') :], stop
    if fault in REFUSAL_FAULTS:
        answer = json.loads(reply)
        if answer["ok"] is False and answer["error"]["kind"] in ("illegal", "gap"):
            answer["error"]["rule"] = None if fault == "null_rule" else "OTHER.RULE"
            return json.dumps(answer, separators=(",", ":")).encode() + b"\n", stop
    return reply, stop


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(  # repeatable: every rule fault given is planted (the last other one acts)
        "--fault",
        choices=RULE_FAULTS + WIRE_FAULTS + REFUSAL_FAULTS + HOSTILE_FAULTS,
        required=True,
        action="append",
    )
    parser.add_argument("--after", type=int, default=1, help="wire faults start at this request")
    parser.add_argument("--areas", default=",".join(AREAS), help="areas claimed in hello")
    parser.add_argument("--size", type=int, default=8 * 1024 * 1024, help="bytes of fat or stderr_flood")
    parser.add_argument("--pidfile", default="", help="where orphan and daemon write their child's pid")
    args = parser.parse_args()
    areas = tuple(a for a in args.areas.split(",") if a)
    faults = args.fault
    args.fault = next((f for f in reversed(faults) if f not in RULE_FAULTS), faults[0])
    for fault in faults:
        if fault in RULE_FAULTS:
            break_rule(fault)
    server = Server(name=f"faulty ({', '.join(faults)})", areas=areas)
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    count = 0
    while True:
        line = inp.readline()
        if not line:
            return 0
        if not line.strip():
            continue
        count += 1
        if args.fault == "stderr_flood" and count < args.after:
            sys.stderr.buffer.write(b"e" * args.size + b"\n")
            sys.stderr.flush()
        if args.fault in ("orphan", "daemon") and count == args.after:
            leave_child(args.pidfile)
            if args.fault == "orphan":
                os._exit(0)
        if args.fault not in RULE_FAULTS and args.fault != "none" and count >= args.after:
            reply, stop = misbehave(args.fault, line, server.handle, args.size)
        else:
            reply, stop = server.handle(line)
        if args.fault == "close_stdin" and count >= args.after:
            os.close(inp.fileno())  # before the reply: the next request finds the pipe closed
        out.write(reply)
        out.flush()
        if stop:
            return 0
        if args.fault in ("close_stdin", "stop_reading") and count >= args.after:
            while True:
                time.sleep(3600)


if __name__ == "__main__":
    raise SystemExit(main())
