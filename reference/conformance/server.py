"""The reference behind the conformance protocol (``wcref serve``): an oracle other programs can
drive over JSON Lines (see :mod:`reference.conformance.protocol` and docs/protocol.md).

Every line read gets exactly one reply line; nothing a client sends can crash the server: a line
that is not a request gets a ``bad_request`` error (with the id when one can be read), and any
unexpected failure of the engine is an ``internal`` error that leaves the game unchanged.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import BinaryIO, Final

import msgspec

from reference import wire
from reference.conformance.adapter import AREAS
from reference.conformance.protocol import (
    PROTOCOL_VERSION,
    ApplyRequest,
    ApplyResult,
    ByeRequest,
    Error,
    ErrorKind,
    ErrorReply,
    HelloReply,
    HelloRequest,
    HelloResult,
    LegalActionsRequest,
    LoadRequest,
    NewGameRequest,
    ObserveRequest,
    Request,
    RequestId,
)
from reference.engine import apply, legal_actions, new_game, settle
from reference.errors import ContentError, IllegalAction, RulesGap, SetupError
from reference.model import RivalKind, Setup, State

NAME: Final = "wcref (reference)"

_request_decoder: Final = msgspec.json.Decoder(Request)
_encoder: Final = msgspec.json.Encoder(order="deterministic")
MAX_REASON: Final = 500


def setup_areas(setup: Setup) -> tuple[str, ...]:
    """The rule areas a game from ``setup`` needs."""
    if setup.solo is None:
        return ("base",)
    if setup.solo.rival is RivalKind.GINGKOGAWA:
        return ("base", "solo.gingkogawa")
    return ("base", "solo.tokugawa")


def _short(text: str) -> str:
    return text if len(text) <= MAX_REASON else text[: MAX_REASON - 1] + "…"


class Server:
    """One protocol session over the reference engine. ``areas`` limits what it accepts (the
    reference supports them all; a narrower set lets tests stand in for a partial implementation)."""

    def __init__(self, name: str = NAME, areas: Iterable[str] = AREAS) -> None:
        self.name = name
        self.areas = tuple(areas)
        self.state: State | None = None

    # ---- replies ---------------------------------------------------------------------------

    @staticmethod
    def _ok(rid: RequestId, result: bytes = b"null") -> bytes:
        return b'{"id":' + _encoder.encode(rid) + b',"ok":true,"result":' + result + b"}\n"

    @staticmethod
    def _error(rid: RequestId | None, kind: ErrorKind, reason: str, rule: str | None = None) -> bytes:
        reply = ErrorReply(id=rid, ok=False, error=Error(kind=kind, reason=_short(reason), rule=rule))
        return _encoder.encode(reply) + b"\n"

    @staticmethod
    def _id_of(line: bytes) -> RequestId | None:
        """The id of a line that is not a valid request, when it is a JSON object with an id."""
        try:
            raw = msgspec.json.decode(line)
        except (msgspec.DecodeError, RecursionError):
            return None
        if isinstance(raw, dict):
            rid = raw.get("id")
            if isinstance(rid, (int, str)) and not isinstance(rid, bool):
                return rid
        return None

    # ---- requests ----------------------------------------------------------------------------

    def handle(self, line: bytes) -> tuple[bytes, bool]:
        """The reply line to a request line, and whether the session ends (``bye``)."""
        try:
            request = _request_decoder.decode(line)
        except msgspec.DecodeError as exc:  # ValidationError is a DecodeError too
            what = "not a valid request" if isinstance(exc, msgspec.ValidationError) else "not JSON"
            return self._error(self._id_of(line), ErrorKind.BAD_REQUEST, f"{what}: {exc}"), False
        except RecursionError:
            reason = "not a valid request: JSON nested too deeply"
            return self._error(self._id_of(line), ErrorKind.BAD_REQUEST, reason), False
        try:
            return self._dispatch(request)
        except Exception as exc:  # the server never crashes on a request
            return self._error(request.id, ErrorKind.INTERNAL, f"{type(exc).__name__}: {exc}"), False

    def _dispatch(self, request: Request) -> tuple[bytes, bool]:
        rid = request.id
        match request:
            case HelloRequest():
                result = HelloResult(name=self.name, areas=self.areas, protocol=PROTOCOL_VERSION)
                return _encoder.encode(HelloReply(id=rid, ok=True, result=result)) + b"\n", False
            case NewGameRequest(setup=setup):
                missing = [a for a in setup_areas(setup) if a not in self.areas]
                if missing:
                    return self._error(
                        rid, ErrorKind.UNSUPPORTED, f"needs area(s) {', '.join(missing)}"
                    ), False
                try:
                    self.state = new_game(setup)
                except (SetupError, ContentError) as exc:
                    return self._error(rid, ErrorKind.BAD_SETUP, str(exc)), False
                return self._ok(rid), False
            case LoadRequest(state=loaded):
                missing = [a for a in ("load_state", *setup_areas(loaded.setup)) if a not in self.areas]
                if missing:
                    return self._error(
                        rid, ErrorKind.UNSUPPORTED, f"needs area(s) {', '.join(missing)}"
                    ), False
                self.state = settle(loaded)
                return self._ok(rid), False
            case ByeRequest():
                return self._ok(rid), True
            case _:
                pass
        state = self.state
        if state is None:
            return self._error(rid, ErrorKind.NO_GAME, "no game: send new_game or load first"), False
        match request:
            case ApplyRequest(action=action):
                try:
                    self.state = apply(state, action)
                except IllegalAction as exc:
                    return self._error(rid, ErrorKind.ILLEGAL, exc.reason, exc.rule), False
                except RulesGap as exc:
                    return self._error(rid, ErrorKind.GAP, exc.reason, exc.rule), False
                if "events" in self.areas:  # the events of the step (ApplyResult)
                    return self._ok(rid, _encoder.encode(ApplyResult(events=self.state.events))), False
                return self._ok(rid), False
            case ObserveRequest():
                return self._ok(rid, wire.encode(wire.observe(state))), False
            case LegalActionsRequest():
                return self._ok(rid, _encoder.encode(legal_actions(state))), False
        raise AssertionError(f"unhandled request {request!r}")  # pragma: no cover


def serve(inp: BinaryIO, out: BinaryIO, server: Server | None = None) -> int:
    """Answer request lines from ``inp`` on ``out`` until ``bye`` or the end of input (status 0).
    Blank lines are ignored."""
    session = server if server is not None else Server()
    while True:
        line = inp.readline()
        if not line:
            return 0
        if not line.strip():
            continue
        reply, stop = session.handle(line)
        out.write(reply)
        out.flush()
        if stop:
            return 0


def main() -> int:
    """Serve on the process's stdin and stdout."""
    try:
        return serve(sys.stdin.buffer, sys.stdout.buffer)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
