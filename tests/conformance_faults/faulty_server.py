"""A deliberately faulty implementation for the conformance tests: the reference engine, patched at
run time to break one rule (or to misbehave on the wire), served over the JSON Lines protocol.

    python tests/conformance_faults/faulty_server.py --fault NAME [--after N] [--areas a,b]

Rule faults (each breaks one rule and nothing else):

- ``seal_cap``: a clan can hold 6 Daimyo Seals (SEALS.CAP says 5).
- ``rival_pays``: the Tokugawa rival pays coins when it places a die lower than the space
  (SOLO.GOLDEN.NEVER_PAYS says it never pays).
- ``hand_in_4``: the rival hands in its coins per 4, first or second (SOLO.ROUND.HAND_IN: 3 / 5).
- ``no_left_lantern``: a die taken from the left end does not activate the Lantern
  (BRIDGE.LANTERN_LEFT).
- ``free_checkpoint``: markers cross the Passage of Time checkpoints without paying seals
  (TIME.CHECKPOINTS).
- ``empty_deck_no_light``: a courtier entering a room whose deck is empty does no light block of
  the room's card (COURTIER.FLOOR12.EMPTY_DECK says it does one). Whole games from a setup almost
  never empty a castle deck; the positions phase draws such positions.
- ``dearer_checkpoint_11``: the checkpoint at space 11 costs 3 seals, not 2 (TIME.CHECKPOINTS). A
  clan holding exactly 2 seals just before it cannot pass.

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

from msgspec.structs import replace

from reference.conformance.adapter import AREAS
from reference.conformance.server import Server
from reference.model import Action, ChooseRoom, RoomFrame, SoloCard, Space, State, TimeTrack
from reference.model import Clan as ClanHoldings
from reference.model import events as ev
from reference.rules import bridges, holdings, members
from reference.rules import time as passage
from reference.rules.common import board, emit, pop, with_clan
from reference.rules.solo import rival
from reference.rules.solo.rival import Rival

RULE_FAULTS = (
    "seal_cap",
    "rival_pays",
    "hand_in_4",
    "no_left_lantern",
    "free_checkpoint",
    "empty_deck_no_light",
    "dearer_checkpoint_11",
)
WIRE_FAULTS = ("hang", "crash", "garbage", "exit", "schema", "bad_id", "none")
REFUSAL_FAULTS = ("null_rule", "other_rule")
HOSTILE_FAULTS = ("deep", "fat", "stderr_flood", "close_stdin", "stop_reading", "orphan", "daemon")


def _rival_pays() -> None:
    honest = Rival.place

    def paying_place(self: Rival, state: State, clan: int, card: SoloCard, space: Space, rule: str) -> State:
        state = honest(self, state, clan, card, space, rule)
        placed = [e for e in state.events if isinstance(e, ev.DiePlaced)][-1]
        owed = min(placed.covered - placed.value, state.clans[clan].coins)
        if owed > 0:
            holder = state.clans[clan]
            state = with_clan(state, clan, replace(holder, coins=holder.coins - owed))
        return state

    Rival.place = paying_place  # type: ignore[method-assign]  # a planted fault


def _empty_deck_no_light() -> None:
    honest = members.room_act

    def no_light(state: State, frame: RoomFrame, action: Action) -> State:
        assert isinstance(action, ChooseRoom)
        b = board(state)
        room = b.rooms[action.room]
        deck = b.steward_deck if room.floor == 1 else b.diplomat_deck
        if deck or room.card is None:
            return honest(state, frame, action)
        return emit(pop(state), ev.RoomDeckEmpty(clan=frame.clan, room=action.room, card=room.card))

    members.room_act = no_light


def _dearer_checkpoint_11() -> None:
    def cost(track: TimeTrack, clan: ClanHoldings) -> int:
        space = clan.time + 1
        return track.checkpoint_cost(space) + (1 if space == 11 else 0)

    passage.next_checkpoint_cost = cost


def break_rule(fault: str) -> None:
    """Patch the reference engine so it breaks one rule."""
    if fault == "seal_cap":
        holdings.SEAL_CAP = 6
    elif fault == "rival_pays":
        _rival_pays()
    elif fault == "hand_in_4":
        rival.HAND_IN_RATE = {0: 4, 1: 4}
    elif fault == "no_left_lantern":
        bridges.fires_lantern = lambda end: False
    elif fault == "free_checkpoint":
        passage.next_checkpoint_cost = lambda track, clan: 0
    elif fault == "empty_deck_no_light":
        _empty_deck_no_light()
    elif fault == "dearer_checkpoint_11":
        _dearer_checkpoint_11()


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
    parser.add_argument(
        "--fault", choices=RULE_FAULTS + WIRE_FAULTS + REFUSAL_FAULTS + HOSTILE_FAULTS, required=True
    )
    parser.add_argument("--after", type=int, default=1, help="wire faults start at this request")
    parser.add_argument("--areas", default=",".join(AREAS), help="areas claimed in hello")
    parser.add_argument("--size", type=int, default=8 * 1024 * 1024, help="bytes of fat or stderr_flood")
    parser.add_argument("--pidfile", default="", help="where orphan and daemon write their child's pid")
    args = parser.parse_args()
    areas = tuple(a for a in args.areas.split(",") if a)
    if args.fault in RULE_FAULTS:
        break_rule(args.fault)
    server = Server(name=f"faulty ({args.fault})", areas=areas)
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
