"""The wire format: canonical JSON for states, actions and traces, and their JSON Schemas.

Produced by msgspec from the types in :mod:`reference.model` (never written field by field), so the
schema and the encoder cannot drift apart. A *trace* is a setup plus every action and chance outcome
in order; replaying it on any implementation must reach the same final state.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Final, Literal

import msgspec
from msgspec.structs import replace

from reference import inputs
from reference.choices import describe
from reference.engine import apply, is_over, new_game
from reference.errors import ContentError, IllegalAction, RulesGap, SetupError, TraceError
from reference.model import Action, Board, Clan, Decision, Event, Phase, ScoreLine, Setup, ShuffleFrame, State
from reference.model.choices import PendingDecision
from reference.rules.time import turn_order as time_order

JSON = None | bool | int | float | str | list["JSON"] | dict[str, "JSON"]
"""A JSON value as Python builtins."""


def to_json(value: msgspec.Struct) -> JSON:
    """A wire value as JSON builtins."""
    decoded: JSON = msgspec.json.decode(msgspec.json.encode(value))
    return decoded


TRACE_FORMAT: Final = "wcref-trace"
TRACE_VERSION: Final = 2
"""The version written. Version 2 added ``final_observation``; version 1 traces are still read."""
READ_VERSIONS: Final = (1, 2)
DIGEST: Final = re.compile(r"[0-9a-f]{64}")
"""A final digest: SHA-256 in lowercase hexadecimal (see :func:`digest`)."""


class Trace(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A recorded game: ``setup``, then every action and chance outcome in order. ``final`` is the
    digest of the state the actions reach (see :func:`digest`), checked on replay when present;
    ``final_observation`` is that state's observation (see :class:`Observation`), so that a replay
    reaching another state can say which fields differ (written by ``wcref play --trace``)."""

    format: Literal["wcref-trace"] = TRACE_FORMAT
    version: int = TRACE_VERSION
    setup: Setup
    actions: tuple[Action, ...]
    final: str | None = None
    final_observation: Observation | None = None


class ReplayRefused(TraceError):
    """The engine refused an action of a trace, or stopped on it (a RulesGap, an engine fault): the
    trace and the engine disagree (a finding, not malformed input)."""


class ReplayMismatch(TraceError):
    """A replay reached a state other than the recorded one: ``reached`` is the state replayed,
    ``recorded`` the trace's final observation (None when it records only the digest)."""

    def __init__(self, message: str, reached: State, recorded: Observation | None) -> None:
        super().__init__(message)
        self.reached = reached
        self.recorded = recorded


_encoder = msgspec.json.Encoder(order="deterministic")
_action_decoder: msgspec.json.Decoder[Action] = msgspec.json.Decoder(Action)


@cache
def _state_decoder() -> msgspec.json.Decoder[State]:
    """The State decoder, built on first use (its type holds every frame and event)."""
    return msgspec.json.Decoder(State)


def encode(value: State | Action | Trace | Setup | Observation) -> bytes:
    """Canonical JSON bytes (deterministic key order)."""
    return _encoder.encode(value)


def decode_action(data: bytes | str) -> Action:
    """An action or chance outcome from JSON; raises msgspec.ValidationError / DecodeError."""
    return _action_decoder.decode(data)


def decode_state(data: bytes | str) -> State:
    """A state from JSON; raises msgspec.ValidationError / DecodeError."""
    return _state_decoder().decode(data)


class Observation(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The canonical observation: everything two implementations must agree on, without the
    reference's internals (its stack of pending work, its event log and its stacking counter).

    ``clans`` are the clans' holdings with ``arrival`` set to 0; ``time_order`` gives the stacking
    instead: the clans ordered as the Passage of Time would order them now (furthest first, on a
    shared space the marker on top first). ``decision`` is who decides next and what kind of decision
    it is. The rival's deck is ``solo_deck`` (top first), its discard pile ``solo_discard``; while
    the Gingkogawa bot waits for a reshuffle, ``shuffle_pool`` lists the cards to be ordered.
    ``pending`` describes a decision inside a turn in the rules' terms (every option with what it
    gives, where from, its cost and rule; the icons an order decision counts: see
    :mod:`reference.choices`); it is None at a synchronisation point, a chance outcome and the end.
    """

    setup: Setup
    phase: Phase
    decision: Decision
    round: int
    turn: int
    turn_order: tuple[int, ...]
    time_order: tuple[int, ...]
    clans: tuple[Clan, ...]
    board: Board | None
    draft: tuple[tuple[str, str], ...]
    solo_deck: tuple[str, ...]
    solo_discard: tuple[str, ...]
    rival_row: tuple[str, ...]
    scores: tuple[ScoreLine, ...]
    winners: tuple[int, ...]
    shuffle_pool: tuple[str, ...] = ()
    pending: PendingDecision | None = None


def observe(state: State) -> Observation:
    """The canonical observation of a state (see :class:`Observation`). Rules: TIME.STACK,
    TURN.DECISION."""
    return Observation(
        setup=state.setup,
        phase=state.phase,
        decision=state.decision,
        round=state.round,
        turn=state.turn,
        turn_order=state.turn_order,
        time_order=time_order(state.clans),
        clans=tuple(replace(c, arrival=0) for c in state.clans),
        board=state.board,
        draft=state.draft,
        solo_deck=state.solo_deck,
        solo_discard=state.solo_discard,
        rival_row=state.rival_row,
        scores=state.scores,
        winners=state.winners,
        shuffle_pool=_shuffle_pool(state),
        pending=describe(state),
    )


def _shuffle_pool(state: State) -> tuple[str, ...]:
    """The cards a pending reshuffle must order (the bot's discard pile, or its row but the last
    card), so a client can build the Shuffle outcome from the observation. Rule: GINKGO.DISCARD."""
    top = state.stack[-1] if state.stack else None
    return top.pool if isinstance(top, ShuffleFrame) else ()


def observation(state: State) -> State:
    """The full state without its ``events`` (the log of the last action): the reference's own
    replay check compares these."""
    return replace(state, events=())


def digest(state: State) -> str:
    """SHA-256 of the canonical JSON of the state without its events (hex)."""
    return hashlib.sha256(encode(observation(state))).hexdigest()


def write_trace(path: Path, setup: Setup, actions: list[Action], final: State | None) -> None:
    """Write a trace file (pretty-printed canonical JSON). ``final`` None: the trace records no final
    state (a game the engine stopped: its last action is the one that stopped it)."""
    trace = Trace(
        setup=setup,
        actions=tuple(actions),
        final=None if final is None else digest(final),
        final_observation=None if final is None else observe(final),
    )
    path.write_text(json.dumps(json.loads(encode(trace)), indent=1) + "\n", encoding="utf-8")


def read_trace(path: Path) -> Trace:
    """Read a trace; raises TraceError with the file, the JSON path and what is wrong."""
    try:
        raw = inputs.read_file(path)
    except OSError as exc:
        raise TraceError(f"{path}: cannot read: {exc.strerror}") from exc
    except inputs.InputLimit as exc:
        raise TraceError(f"{path}: not a trace: {exc}") from exc
    return trace_from_json(raw, path)


def trace_from_json(raw: bytes, path: Path | str) -> Trace:
    """A trace from the JSON bytes read from ``path`` (named in the errors); raises TraceError with
    the file, the JSON path and what is wrong."""
    try:
        trace = inputs.decode_json(raw, Trace, unique_keys=True)
    except msgspec.ValidationError as exc:
        raise TraceError(f"{path}: {inputs.explain(exc, raw)}") from exc
    except inputs.InputLimit as exc:
        raise TraceError(f"{path}: not a trace: {exc}") from exc
    except msgspec.DecodeError as exc:
        raise TraceError(f"{path}: not valid JSON: {inputs.explain(exc, raw)}") from exc
    if trace.version not in READ_VERSIONS:
        raise TraceError(
            f"{path}: $.version: this reference reads trace versions "
            f"{', '.join(map(str, READ_VERSIONS))}, not {trace.version}"
        )
    if trace.final is not None and DIGEST.fullmatch(trace.final) is None:
        raise TraceError(
            f"{path}: $.final: a digest is 64 lowercase hexadecimal digits, not {trace.final[:80]!r}"
        )
    if trace.version == 1 and trace.final_observation is not None:
        raise TraceError(f"{path}: $.final_observation: a version 1 trace has none (version 2 added it)")
    return trace


def replay(
    trace: Trace, where: str = "trace", on_step: Callable[[State, Action, State], None] | None = None
) -> State:
    """Apply every action of the trace from its setup. Raises TraceError for a setup the engine
    cannot start, ReplayRefused (naming the action index and the rule) when the engine refuses an
    action or stops on it, and ReplayMismatch when the final digest or the final observation
    differs. ``on_step(state, action, after)`` is called after each applied action (e.g. to print
    the game's log as it replays)."""
    try:
        state = new_game(trace.setup)
    except (SetupError, ContentError) as exc:
        raise TraceError(f"{where}: $.setup: {exc}") from exc
    for i, action in enumerate(trace.actions):
        try:
            after = apply(state, action)
        except (IllegalAction, RulesGap) as exc:
            raise ReplayRefused(f"{where}: $.actions[{i}] ({type(action).__name__}): {exc}") from exc
        except (IndexError, KeyError, ValueError, TypeError, StopIteration) as exc:  # an engine fault
            raise ReplayRefused(
                f"{where}: $.actions[{i}] ({type(action).__name__}): the engine failed: "
                f"{type(exc).__name__}: {exc} (please report this trace)"
            ) from exc
        if on_step is not None:
            on_step(state, action, after)
        state = after
    _check_final(trace, state, where)
    return state


def _check_final(trace: Trace, state: State, where: str) -> None:
    """Raise ReplayMismatch when the state replayed is not the one the trace records (its digest,
    its observation, or both), saying which of them differ."""
    reached = digest(state)
    digest_differs = trace.final is not None and reached != trace.final
    observation_differs = trace.final_observation is not None and observe(state) != trace.final_observation
    if not (digest_differs or observation_differs):
        return
    where_now = (
        "at the end of the game"
        if is_over(state)
        else f"after {len(trace.actions)} actions, waiting for a {state.decision.kind.value} decision"
    )
    if digest_differs and trace.final_observation is not None and not observation_differs:
        message = (
            f"{where}: $.final: replay reached a state {where_now} whose digest is {reached[:12]}…, not the "
            f"recorded {str(trace.final)[:12]}…, although the final observation matches (the digest covers "
            "the reference's whole state, the observation only what implementations share)"
        )
    elif observation_differs and trace.final is not None and not digest_differs:
        message = (
            f"{where}: $.final_observation: the trace contradicts itself: its digest matches the state "
            f"replayed {where_now}, its final observation does not"
        )
    else:
        field = "$.final" if digest_differs else "$.final_observation"
        message = f"{where}: {field}: replay reached a different state {where_now} (digest {reached[:12]}…)"
    raise ReplayMismatch(message, state, trace.final_observation)


class EventLine(msgspec.Struct, frozen=True, kw_only=True):
    """A line of ``wcref play --events``: ``step`` (the index in the trace of the action that produced
    the event) and the event's own fields (``event`` names its type, ``rules`` the register IDs it
    applies; see :mod:`reference.model.events`). A ``die_placed`` event's ``coins`` are gained when
    positive, paid when negative. The rival's turn is engine logic: its events belong to the step that
    gave it the turn (the player's last action, or a chance outcome)."""

    step: int
    event: Event


def event_line(step: int, event: Event) -> bytes:
    """One JSON line of events: ``{"step": ..., **event}``."""
    fields = msgspec.json.decode(encode_event(event))
    assert isinstance(fields, dict)
    return msgspec.json.encode({"step": step, **fields})


def encode_event(event: Event) -> bytes:
    """The canonical JSON of an event."""
    return _encoder.encode(event)


def decode_event_line(line: bytes | str) -> EventLine:
    """A line of ``wcref play --events``: its step and its typed event. Raises ValueError saying what
    is wrong (not JSON, no step, an unknown event or field)."""
    try:
        raw = inputs.load_json(line)
    except inputs.InputLimit as exc:
        raise ValueError(f"not an event line: {exc}") from exc
    except msgspec.DecodeError as exc:
        raise ValueError(f"not JSON: {exc}") from exc
    if not isinstance(raw, dict) or not isinstance(raw.get("step"), int) or isinstance(raw.get("step"), bool):
        raise ValueError("an event line is a JSON object with an integer 'step'")
    step = raw.pop("step")
    try:
        event: Event = msgspec.convert(raw, Event)
    except msgspec.ValidationError as exc:
        raise ValueError(str(exc)) from exc
    return EventLine(step=step, event=event)


def schemas() -> dict[str, object]:
    """JSON Schemas of the wire types: action, state, trace, setup, observation, event and the
    public position (reference.position)."""
    from reference.position import Position  # the position module builds on this one

    out: dict[str, object] = {}
    for name, typ in (
        ("action", Action),
        ("state", State),
        ("trace", Trace),
        ("setup", Setup),
        ("observation", Observation),
        ("event", Event),
        ("position", Position),
    ):
        out[name] = msgspec.json.schema(typ)
    return out


def schema_files() -> dict[str, str]:
    """The files of :func:`schemas`: ``NAME.schema.json`` -> its text (sorted keys, 2-space indent,
    trailing newline), as ``wcref schema DIR`` writes them and ``docs/schemas/`` keeps them."""
    return {
        f"{name}.schema.json": json.dumps(body, indent=2, sort_keys=True) + "\n"
        for name, body in schemas().items()
    }
