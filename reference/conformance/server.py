"""The reference behind the conformance protocol (``wcref serve``): an oracle other programs can
drive over JSON Lines (see :mod:`reference.conformance.protocol` and docs/protocol.md).

Every line read gets exactly one reply line; nothing a client sends can crash the server: a line
that is not a request gets a ``bad_request`` error (with the id when one can be read), and any
unexpected failure of the engine is an ``internal`` error that leaves the game unchanged.

Hostile lines are bounded (see docs/protocol.md, "Limits"): a line is read at most
``protocol.MAX_LINE`` bytes at a time (a longer one is skipped, never held whole, and answered
``bad_request``), JSON nested more than ``inputs.MAX_DEPTH`` levels deep and an object that names a
key twice are bad requests, and a ``hello`` naming another protocol version is ``unsupported``. When
such a line cannot be decoded whole, its id is found by a shallow scan of its top-level keys.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Iterable, Iterator
from typing import BinaryIO, Final

import msgspec

from reference import inputs, wire
from reference.conformance.adapter import AREAS
from reference.conformance.outcome import stop_observations
from reference.conformance.protocol import (
    MAX_LINE,
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
    OutcomesReply,
    OutcomesRequest,
    PlayRequest,
    Request,
    RequestId,
)
from reference.engine import apply, decision_rule, is_chance, is_over, legal_actions, new_game
from reference.errors import ContentError, IllegalAction, RulesGap, SetupError
from reference.model import RivalKind, Setup, State
from reference.policies import play_to_stop
from reference.position import ImpossiblePosition, Problem, from_position

NAME: Final = "wcref (reference)"

_encoder: Final = msgspec.json.Encoder(order="deterministic")
MAX_REASON: Final = 500
MAX_PROBLEMS: Final = 50
"""The most problems an ``impossible`` reply lists (an edited position can break hundreds)."""
ID_SCAN: Final = 64 * 1024
"""Bytes of a line the shallow scan for its id reads (the id of a line too deep or too long)."""
SKIP_CHUNK: Final = 1024 * 1024
"""Bytes read at a time while skipping the rest of a line longer than MAX_LINE."""

_TOKEN: Final = re.compile(rb'\s*(?:"(?:[^"\\]|\\.)*"|[\[\]{}:,]|[^\s\[\]{}:,"]+)')
"""One JSON token: a string, a punctuation mark, or a bare scalar (number, true, false, null)."""


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
    def _error(
        rid: RequestId | None,
        kind: ErrorKind,
        reason: str,
        rule: str | None = None,
        problems: tuple[Problem, ...] = (),
    ) -> bytes:
        error = Error(kind=kind, reason=_short(reason), rule=rule, problems=problems[:MAX_PROBLEMS])
        return _encoder.encode(ErrorReply(id=rid, ok=False, error=error)) + b"\n"

    # ---- requests ----------------------------------------------------------------------------

    def handle(self, line: bytes) -> tuple[bytes, bool]:
        """The reply line to a request line, and whether the session ends (``bye``)."""
        try:
            request: Request = inputs.decode_json(line, Request, unique_keys=True)
        except inputs.InputLimit as exc:  # nested too deeply, a key twice: the id by a shallow scan
            return self._error(request_id(line), ErrorKind.BAD_REQUEST, f"not a valid request: {exc}"), False
        except msgspec.ValidationError as exc:  # a field that does not fit (or a number out of range)
            return self._error(request_id(line), ErrorKind.BAD_REQUEST, f"not a valid request: {exc}"), False
        except msgspec.DecodeError as exc:
            return self._error(None, ErrorKind.BAD_REQUEST, f"not JSON: {exc}"), False
        try:
            return self._dispatch(request)
        except Exception as exc:  # the server never crashes on a request
            return self._error(request.id, ErrorKind.INTERNAL, f"{type(exc).__name__}: {exc}"), False

    def _dispatch(self, request: Request) -> tuple[bytes, bool]:
        rid = request.id
        match request:
            case HelloRequest(protocol=version) if version != PROTOCOL_VERSION:
                reason = f"protocol version {version} is not supported: this server speaks protocol {PROTOCOL_VERSION}"
                return self._error(rid, ErrorKind.UNSUPPORTED, reason), False
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
            case LoadRequest(position=loaded, composed=composed):
                missing = [a for a in ("load_position", *setup_areas(loaded.setup)) if a not in self.areas]
                if missing:
                    return self._error(
                        rid, ErrorKind.UNSUPPORTED, f"needs area(s) {', '.join(missing)}"
                    ), False
                try:
                    self.state = from_position(loaded, composed)
                except ImpossiblePosition as exc:
                    first = exc.problems[0]
                    return self._error(rid, ErrorKind.IMPOSSIBLE, str(exc), first.rule, exc.problems), False
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
            case PlayRequest() if "play" not in self.areas:
                return self._error(rid, ErrorKind.UNSUPPORTED, "needs area play"), False
            case OutcomesRequest() if "outcomes" not in self.areas:
                return self._error(rid, ErrorKind.UNSUPPORTED, "needs area outcomes"), False
            case PlayRequest() | OutcomesRequest() if is_chance(state) or is_over(state):
                waits = "is over" if is_over(state) else "waits for a chance outcome"
                return self._error(
                    rid, ErrorKind.ILLEGAL, f"no decision to take: the game {waits}", decision_rule(state)
                ), False
            case PlayRequest(seed=seed):
                self.state = play_to_stop(state, random.Random(seed))
                return self._ok(rid), False
            case OutcomesRequest():
                try:
                    seen = stop_observations(state)
                except ValueError as exc:
                    return self._error(rid, ErrorKind.UNSUPPORTED, str(exc)), False
                reply = OutcomesReply(
                    id=rid, ok=True, result=tuple(msgspec.convert(o, wire.Observation) for o in seen)
                )
                return _encoder.encode(reply) + b"\n", False
        raise AssertionError(f"unhandled request {request!r}")  # pragma: no cover


def _tokens(head: bytes) -> Iterator[bytes]:
    """The JSON tokens of ``head`` (stopping at the first byte that starts none: the scan is
    shallow and forgiving, for a line cut short or malformed further on)."""
    pos = 0
    while (match := _TOKEN.match(head, pos)) is not None and match.end() > pos:
        pos = match.end()
        yield match.group().lstrip()


def _top_level_pairs(tokens: Iterator[bytes]) -> Iterator[tuple[bytes, bytes | None]]:
    """The (key, scalar value) pairs of the top-level object of ``tokens``, in order; a nested
    value is skipped by counting brackets (no recursion) and given as None."""
    if next(tokens, None) != b"{":
        return
    while (key := next(tokens, None)) is not None and key.startswith(b'"'):
        if next(tokens, None) != b":" or (value := next(tokens, None)) is None:
            return
        if value in (b"[", b"{"):
            depth = 1
            for token in tokens:
                depth += (token in (b"[", b"{")) - (token in (b"]", b"}"))
                if depth == 0:
                    break
            if depth:
                return
            yield key, None
        else:
            yield key, value
        if next(tokens, None) != b",":
            return


def request_id(line: bytes) -> RequestId | None:
    """The id of a request line that cannot be decoded whole (nested too deeply, too long, a key
    named twice): a shallow scan of the top-level keys in the first ID_SCAN bytes. None when the
    line does not start an object, names no top-level ``id`` (or names it twice) or its value is not
    an integer or a string."""
    found: list[RequestId | None] = []
    for key, value in _top_level_pairs(_tokens(line[:ID_SCAN])):
        try:
            if msgspec.json.decode(key) != "id":
                continue
            rid = msgspec.json.decode(value) if value is not None else None
        except msgspec.DecodeError:
            return None
        found.append(rid if isinstance(rid, (int, str)) and not isinstance(rid, bool) else None)
    return found[0] if len(found) == 1 else None


def read_line(inp: BinaryIO, limit: int = MAX_LINE) -> tuple[bytes, int]:
    """The next line of ``inp`` (with its newline; b"" at the end of input) and its length in bytes
    without the newline. A line longer than ``limit`` bytes is returned cut to its first ``limit``
    bytes: the rest is read in chunks and dropped, so that a huge line is never held whole."""
    line = inp.readline(limit + 1)
    if len(line) <= limit or line.endswith(b"\n"):
        return line, len(line.rstrip(b"\n"))
    length = len(line)
    while chunk := inp.readline(SKIP_CHUNK):
        length += len(chunk.rstrip(b"\n"))
        if chunk.endswith(b"\n"):
            break
    return line[:limit], length


def too_long(head: bytes, length: int, limit: int = MAX_LINE) -> bytes:
    """The reply to a line of ``length`` bytes, longer than ``limit`` (``head`` is its start)."""
    reason = (
        f"line too long: {length} bytes, more than the protocol's limit of {limit} bytes "
        "(docs/protocol.md, Limits); the line was skipped"
    )
    return Server._error(request_id(head), ErrorKind.BAD_REQUEST, reason)


def serve(inp: BinaryIO, out: BinaryIO, server: Server | None = None) -> int:
    """Answer request lines from ``inp`` on ``out`` until ``bye`` or the end of input (status 0).
    Blank lines are ignored; a line longer than MAX_LINE is answered ``bad_request`` without being
    held whole (see :func:`read_line`)."""
    session = server if server is not None else Server()
    while True:
        line, length = read_line(inp)
        if not line:
            return 0
        if length > MAX_LINE:
            out.write(too_long(line, length))
            out.flush()
            continue
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
