"""The interface an implementation under test offers, and the reference's own in-process adapter.

Everything crosses this interface as JSON-compatible values (the canonical wire format of
:mod:`reference.wire`), so the same checks run against the reference in-process, against a Python
implementation wrapped in an adapter, or against any program speaking the JSON Lines protocol.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

import msgspec

from reference import wire
from reference.engine import apply, legal_actions, new_game
from reference.errors import IllegalAction, RulesGap, SetupError
from reference.model import Setup, State
from reference.policies import play_to_stop
from reference.position import Position, from_position
from reference.wire import JSON, to_json

AREAS: tuple[str, ...] = (
    "base",
    "solo.tokugawa",
    "solo.gingkogawa",
    "load_position",
    "events",
    "play",
    "outcomes",
)
"""Rule areas an implementation may claim in ``hello``: the base game, each rival, and two
capabilities: starting from a public position (``load_position``: vectors that start mid-game,
see :mod:`reference.position`) and
reporting the typed events of each applied action (``events``: the reference's event types, see
:mod:`reference.model.events`; the harness then compares event streams); for outcome mode
(:mod:`reference.conformance.outcome`), playing its own decisions to the next stop (``play``) and
listing every stop its rules reach from where it stands (``outcomes``)."""

CAPABILITIES: tuple[str, ...] = ("load_position", "events", "play", "outcomes")
"""The areas that are capabilities rather than rules: used whenever offered (``--area`` chooses
among the rule areas)."""


class Refused(msgspec.Struct, frozen=True):
    """An implementation refused an action: the rule ID it names (None: it names none; then only the
    refusal itself is compared) and its reason. ``kind`` is ``"illegal"`` (the rules forbid it) or
    ``"gap"`` (no rule covers the situation)."""

    rule: str | None
    reason: str
    kind: str = "illegal"


FAILURE_KINDS: tuple[str, ...] = (
    "start",
    "timeout",
    "crash",
    "exited",
    "malformed",
    "schema",
    "protocol",
    "error",
)
"""How an implementation can fail (as opposed to disagreeing on the rules): it cannot be started,
does not answer in time, dies (crash: a signal or a non-zero status; exited: status 0 before
``bye``), prints a line that is not JSON, sends a reply that breaks the protocol's schema or echoes
the wrong id, or answers a valid request with an error (``bad_request``, ``internal``, ...)."""


class ImplementationError(Exception):
    """An implementation failed (see FAILURE_KINDS): ``kind``, ``detail``, the last request sent
    (a JSON line, shortened when long) and the end of its stderr when known."""

    def __init__(self, kind: str, detail: str, last_request: str | None = None, stderr: str = "") -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail
        self.last_request = last_request
        self.stderr = stderr


class Implementation(Protocol):
    """What the harness drives. ``apply`` returns None on success or a Refused; other failures
    (a crash, a broken reply) raise (an out-of-process implementation raises ImplementationError).
    See :class:`reference.conformance.process.SubprocessImplementation` for a program speaking the
    JSON Lines protocol."""

    def hello(self) -> tuple[str, tuple[str, ...]]:
        """The implementation's name and the rule areas it supports (see AREAS)."""
        ...

    def new_game(self, setup: JSON) -> None:
        """Start a game from a setup (wire JSON of reference.model.Setup)."""
        ...

    def load(self, position: JSON, composed: Sequence[str] = ()) -> None:
        """Start from a public position (wire JSON of reference.position.Position), accepting the
        conservation rules ``composed`` names as broken (a study position); only with the
        load_position area. Raises (ImplementationError from a process) when the position is refused."""
        ...

    def apply(self, action: JSON) -> Refused | None:
        """Apply an action or chance outcome (wire JSON of reference.model.Action)."""
        ...

    def observe(self) -> JSON:
        """The canonical observation (wire JSON of reference.wire.Observation)."""
        ...

    def events(self) -> list[JSON] | None:
        """The events of the last applied action (wire JSON of reference.model.events), when the
        implementation offers them (the ``events`` area); None otherwise."""
        ...

    def legal_actions(self) -> list[JSON]:
        """The legal actions of the pending decision, in any order (empty at chance nodes)."""
        ...

    def close(self) -> None:
        """Release the implementation (end a process)."""
        ...


class ReferenceAdapter:
    """The reference engine behind the Implementation interface (in-process)."""

    def __init__(self) -> None:
        self.state: State | None = None

    def hello(self) -> tuple[str, tuple[str, ...]]:
        return "wcref (reference)", AREAS

    def new_game(self, setup: JSON) -> None:
        self.state = new_game(msgspec.convert(setup, Setup))

    def load(self, position: JSON, composed: Sequence[str] = ()) -> None:
        """Raises ImpossiblePosition for a position the rules never allow."""
        self.state = from_position(msgspec.convert(position, Position), composed)

    def _state(self) -> State:
        if self.state is None:
            raise RuntimeError("no game: call new_game or load first")
        return self.state

    def apply(self, action: JSON) -> Refused | None:
        decoded = wire.decode_action(msgspec.json.encode(action))
        try:
            self.state = apply(self._state(), decoded)
        except IllegalAction as exc:
            return Refused(exc.rule, exc.reason)
        except RulesGap as exc:
            return Refused(exc.rule, exc.reason, "gap")
        return None

    def observe(self) -> JSON:
        return to_json(wire.observe(self._state()))

    def legal_actions(self) -> list[JSON]:
        return [to_json(a) for a in legal_actions(self._state())]

    def events(self) -> list[JSON] | None:
        return [to_json(e) for e in self._state().events]

    def play(self, seed: int) -> None:
        """Take the pending decisions with the random policy (seeded) up to the next stop: a clan's
        turn or starting pair, a chance outcome due, or the end (reference.conformance.outcome)."""
        self.state = play_to_stop(self._state(), random.Random(seed))

    def outcomes(self) -> list[JSON]:
        """Every observation the next stop can show, by any legal decisions from here."""
        from reference.conformance.outcome import stop_observations

        return stop_observations(self._state())

    def close(self) -> None:
        self.state = None


__all__ = [
    "AREAS",
    "CAPABILITIES",
    "FAILURE_KINDS",
    "JSON",
    "Implementation",
    "ImplementationError",
    "ReferenceAdapter",
    "Refused",
    "SetupError",
    "to_json",
]
