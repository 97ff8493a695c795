"""The conformance protocol: JSON Lines over an implementation's stdin and stdout.

One request per line on the implementation's stdin, one reply per line on its stdout, in order.
Every request carries an ``id`` (an integer or a string) that the reply echoes. The message types
below are the definition; ``docs/protocol.md`` explains them and
``reference/conformance/protocol.schema.json`` is their JSON Schema, generated from these types by
:func:`protocol_schema` (a test checks that the file is up to date; regenerate it with
``python -m reference.conformance.protocol reference/conformance/protocol.schema.json``).

Requests (``op``): ``hello``, ``new_game`` (a Setup), ``load`` (a public position; only with the
``load_position`` area), ``apply`` (an action or a chance outcome), ``observe`` (the canonical
observation), ``legal_actions``, ``bye``. A reply is ``{"id", "ok": true, "result"}`` or
``{"id", "ok": false, "error": {"kind", "rule", "reason"}}``.
"""

from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import Final, Literal

import msgspec

from reference.model import Action, Event, Setup
from reference.position import Position, Problem
from reference.wire import Observation

PROTOCOL_VERSION: Final = 4
"""The protocol version a ``hello`` names. Version 2: ``load`` takes a public position
(reference.position.Position) instead of the reference's internal State, and an impossible one is
refused with the error kind ``impossible`` and its problems. Version 3: the observation's
``pending``. Version 4: the setup's ``readings`` (READING.DOMAIN_ICON, READING.STONE_GARDEN_ICON)
and the decision kind ``member_choice``."""

MAX_LINE: Final = 1024 * 1024
"""The longest request or reply line, in bytes, without its newline (1 MiB: the longest line of a
game, a ``load`` of a state with custom content, is about 25 kB). The reference's server answers a
longer request ``bad_request`` and ``wcref verify`` reports a longer reply as malformed; neither
holds more than this of a line."""

MAX_OUTCOMES_LINE: Final = 64 * 1024 * 1024
"""The longest ``outcomes`` reply line, in bytes (64 MiB: a turn with many seal trades reaches about
13,000 stops of about 2 kB each)."""

SCHEMA_PATH: Final = Path(__file__).with_name("protocol.schema.json")
"""The checked-in JSON Schema of the protocol."""

RequestId = int | str
"""A request's id: echoed unchanged in its reply."""


class HelloRequest(msgspec.Struct, frozen=True, kw_only=True, tag_field="op", tag="hello"):
    """Ask the implementation's name and the rule areas it supports."""

    id: RequestId
    protocol: int = PROTOCOL_VERSION


class NewGameRequest(msgspec.Struct, frozen=True, kw_only=True, tag_field="op", tag="new_game"):
    """Start a game from a setup (the state before the deal: a chance decision)."""

    id: RequestId
    setup: Setup


class LoadRequest(msgspec.Struct, frozen=True, kw_only=True, tag_field="op", tag="load"):
    """Start from a public position (reference.position.Position). Only with the ``load_position``
    area. ``composed`` names the conservation rules a study position may break (see
    RULING.PUBLIC_POSITION); a position breaking any other rule is refused (``impossible``)."""

    id: RequestId
    position: Position
    composed: tuple[str, ...] = ()


class ApplyRequest(msgspec.Struct, frozen=True, kw_only=True, tag_field="op", tag="apply"):
    """Apply an action or a chance outcome (Deal, Roll, Shuffle) to the current game."""

    id: RequestId
    action: Action


class ObserveRequest(msgspec.Struct, frozen=True, kw_only=True, tag_field="op", tag="observe"):
    """Ask the canonical observation of the current game."""

    id: RequestId


class LegalActionsRequest(msgspec.Struct, frozen=True, kw_only=True, tag_field="op", tag="legal_actions"):
    """Ask the legal actions of the pending decision (any order; empty at chance nodes and at the end)."""

    id: RequestId


class PlayRequest(msgspec.Struct, frozen=True, kw_only=True, tag_field="op", tag="play"):
    """Outcome mode (the ``play`` area): take the pending decisions by the implementation's own
    policy, seeded with ``seed``, up to the next stop (a clan's turn or starting pair, a chance
    outcome due, or the end of the game)."""

    id: RequestId
    seed: int


class OutcomesRequest(msgspec.Struct, frozen=True, kw_only=True, tag_field="op", tag="outcomes"):
    """Outcome mode (the ``outcomes`` area): every observation the next stop can show, by any legal
    decisions from where the game stands; the game is not changed."""

    id: RequestId


class ByeRequest(msgspec.Struct, frozen=True, kw_only=True, tag_field="op", tag="bye"):
    """End the session: the implementation replies, then exits with status 0."""

    id: RequestId


Request = (
    HelloRequest
    | NewGameRequest
    | LoadRequest
    | ApplyRequest
    | ObserveRequest
    | LegalActionsRequest
    | PlayRequest
    | OutcomesRequest
    | ByeRequest
)
"""Any request (tagged by ``op``)."""

OPS: Final = ("hello", "new_game", "load", "apply", "observe", "legal_actions", "play", "outcomes", "bye")


class ErrorKind(str, Enum):
    """Why a request failed.

    - ``illegal``: the rules refuse the action (``rule`` names the rule, or is null); the game is
      unchanged.
    - ``gap``: the rules do not cover the situation (``rule`` names the nearest rule, or is null);
      unchanged.
    - ``bad_request``: the line is not JSON, not a request, or a field does not fit its schema.
    - ``bad_setup``: a well-formed setup the implementation cannot start from (e.g. 5 clans).
    - ``impossible``: ``load`` of a position that cannot occur under the rules (``rule`` names the
      first rule it breaks, ``problems`` lists every one found); nothing is loaded.
    - ``unsupported``: the request needs a rule area the implementation did not claim in ``hello``.
    - ``no_game``: ``apply``, ``observe`` or ``legal_actions`` before any ``new_game`` or ``load``.
    - ``internal``: the implementation failed on a valid request (a bug); the game is unchanged.
    """

    ILLEGAL = "illegal"
    GAP = "gap"
    BAD_REQUEST = "bad_request"
    BAD_SETUP = "bad_setup"
    IMPOSSIBLE = "impossible"
    UNSUPPORTED = "unsupported"
    NO_GAME = "no_game"
    INTERNAL = "internal"


class Error(msgspec.Struct, frozen=True, kw_only=True):
    """A structured error: its kind, the rule ID (for ``illegal``, ``gap`` and ``impossible``; else
    null; for ``illegal`` and ``gap`` it may also be null: then ``wcref verify`` compares only that the
    action was refused), the reason in words and, for ``impossible``, every problem of the position
    (rule, JSON Pointer, message)."""

    kind: ErrorKind
    reason: str
    rule: str | None = None
    problems: tuple[Problem, ...] = ()


class HelloResult(msgspec.Struct, frozen=True, kw_only=True):
    """The implementation's name, the rule areas it supports (see AREAS) and its protocol version."""

    name: str
    areas: tuple[str, ...]
    protocol: int


class HelloReply(msgspec.Struct, frozen=True, kw_only=True):
    """The reply to ``hello``."""

    id: RequestId
    ok: Literal[True]
    result: HelloResult


class AckReply(msgspec.Struct, frozen=True, kw_only=True):
    """The reply to ``new_game``, ``load`` and ``bye``: a null result."""

    id: RequestId
    ok: Literal[True]
    result: None


class ApplyResult(msgspec.Struct, frozen=True, kw_only=True):
    """What an accepted action did, from an implementation that claims the ``events`` area: its typed
    events in order (the reference's event types, :mod:`reference.model.events`; ``rules`` may be
    left empty)."""

    events: tuple[Event, ...]


class ApplyReply(msgspec.Struct, frozen=True, kw_only=True):
    """The reply to an accepted ``apply``: a null result, or (with the ``events`` area) its events."""

    id: RequestId
    ok: Literal[True]
    result: ApplyResult | None


class ObserveReply(msgspec.Struct, frozen=True, kw_only=True):
    """The reply to ``observe``: the canonical observation (reference.wire.Observation)."""

    id: RequestId
    ok: Literal[True]
    result: Observation


class LegalActionsReply(msgspec.Struct, frozen=True, kw_only=True):
    """The reply to ``legal_actions``: the actions, in any order."""

    id: RequestId
    ok: Literal[True]
    result: tuple[Action, ...]


class OutcomesReply(msgspec.Struct, frozen=True, kw_only=True):
    """The reply to ``outcomes``: the observations, in any order."""

    id: RequestId
    ok: Literal[True]
    result: tuple[Observation, ...]


class ErrorReply(msgspec.Struct, frozen=True, kw_only=True):
    """A failed request. ``id`` is null only when the request line could not be read at all."""

    id: RequestId | None
    ok: Literal[False]
    error: Error


Reply = HelloReply | AckReply | ApplyReply | ObserveReply | LegalActionsReply | OutcomesReply | ErrorReply
"""Any reply (which success shape is expected follows from the request's ``op``)."""

SUCCESS_REPLY: Final[
    dict[str, type[HelloReply | AckReply | ApplyReply | ObserveReply | LegalActionsReply | OutcomesReply]]
] = {
    "hello": HelloReply,
    "new_game": AckReply,
    "load": AckReply,
    "apply": ApplyReply,
    "observe": ObserveReply,
    "legal_actions": LegalActionsReply,
    "play": AckReply,
    "outcomes": OutcomesReply,
    "bye": AckReply,
}
"""The success reply type of each request op."""


def protocol_schema() -> dict[str, object]:
    """The JSON Schema (2020-12) of every request and reply, with the wire types as ``$defs``.
    ``#/$defs/Request`` is any request, ``#/$defs/Reply`` any reply."""
    reply_types: tuple[type, ...] = (
        HelloReply,
        AckReply,
        ApplyReply,
        ObserveReply,
        LegalActionsReply,
        OutcomesReply,
        ErrorReply,
    )
    (request_schema, *reply_schemas), components = msgspec.json.schema_components(
        (Request, *reply_types), ref_template="#/$defs/{name}"
    )
    defs: dict[str, object] = dict(sorted(components.items()))
    defs["Request"] = request_schema
    defs["Reply"] = {"anyOf": reply_schemas}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://wcref.invalid/conformance/protocol.schema.json",
        "title": "wcref conformance protocol",
        "description": (
            f"JSON Lines protocol version {PROTOCOL_VERSION}: one request per line on the "
            "implementation's stdin, one reply per line on its stdout (see docs/protocol.md). "
            "Generated from reference/conformance/protocol.py; do not edit."
        ),
        "anyOf": [{"$ref": "#/$defs/Request"}, {"$ref": "#/$defs/Reply"}],
        "$defs": defs,
    }


def schema_text() -> str:
    """The schema file's text (sorted keys, 1-space indent, trailing newline)."""
    return json.dumps(protocol_schema(), indent=1, sort_keys=True) + "\n"


def main(argv: list[str]) -> int:
    """Write the schema to the path given (or print it)."""
    if len(argv) > 1:
        Path(argv[1]).write_text(schema_text(), encoding="utf-8")
    else:
        sys.stdout.write(schema_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
