"""Games to look at: a file a user names (a public position, a trace from a setup, or a position
trace) read into the observations of every step, with what each step decided.

- :func:`read_position` reads a public position file (``wcref-position``, docs/protocol.md);
- :func:`load` reads any of the three and replays a trace on the reference, keeping for each step
  its observation, the action that led there, the decision it answered with the legal
  alternatives and the rule of that decision, the typed events and their log lines.

Step 0 is the start (the setup before the deal, or the position); step N is the state after the
trace's N-th action. Errors a user can cause raise :class:`~reference.errors.TraceError` naming the
file and what is wrong; a trace the engine refuses part way, or whose recorded final state differs,
is still loaded up to where it replays, with a ``warning``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final

import msgspec

from reference import inputs, wire
from reference.engine import decision_rule, is_chance, legal_actions, new_game
from reference.errors import ContentError, SetupError, TraceError
from reference.model import Action, Decision, Event, Setup, State
from reference.narrate import Names, log_lines, names_for
from reference.play import step_of
from reference.position import POSITION_FORMAT, Position, status
from reference.wire import Observation, observe

TRACE: Final = "wcref-trace"
POSITION_TRACE: Final = "wcref-position-trace"


@dataclass(frozen=True)
class GameStep:
    """One step of a game: its ``observation``; the ``action`` that led here (None at step 0), the
    ``decision`` it answered, that decision's ``rule`` and legal ``options`` (empty for a chance
    outcome), the typed ``events`` the action produced and their ``log`` lines (reference.narrate)."""

    index: int
    observation: Observation
    action: Action | None = None
    decision: Decision | None = None
    rule: str = ""
    options: tuple[Action, ...] = ()
    events: tuple[Event, ...] = ()
    log: tuple[str, ...] = ()

    def rules(self) -> tuple[str, ...]:
        """The rule IDs of the step: its decision's, then every event's, each once."""
        found = [self.rule] if self.rule else []
        for event in self.events:
            found.extend(event.rules)
        return tuple(dict.fromkeys(found))


@dataclass(frozen=True)
class Game:
    """A game read from ``source``: its setup and steps (step 0 the start); ``warning`` says where a
    replay stopped or that the recorded end differs (empty when it replays as recorded)."""

    source: str
    setup: Setup
    steps: tuple[GameStep, ...]
    warning: str = ""
    kind: str = TRACE
    position: Position | None = None
    """The position itself when the file is one (its step 0)."""


def _format(raw: bytes, path: Path) -> str:
    try:
        head = inputs.load_json(raw)
    except inputs.InputLimit as exc:
        raise TraceError(f"{path}: {exc}") from exc
    except msgspec.DecodeError as exc:
        raise TraceError(f"{path}: not valid JSON: {inputs.explain(exc, raw)}") from exc
    if not isinstance(head, dict):
        raise TraceError(f"{path}: $: a position or a trace is a JSON object, not {type(head).__name__}")
    kind = head.get("format")
    if kind not in (POSITION_FORMAT, TRACE, POSITION_TRACE):
        shown = repr(kind)[:60]
        raise TraceError(
            f"{path}: $.format: {shown} is not a position ({POSITION_FORMAT!r}), a trace ({TRACE!r}) "
            f"or a position trace ({POSITION_TRACE!r})"
        )
    return str(kind)


def _read(path: Path) -> bytes:
    try:
        return inputs.read_file(path)
    except OSError as exc:
        raise TraceError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    except inputs.InputLimit as exc:
        raise TraceError(f"{path}: {exc}") from exc


def read_position(path: Path) -> Position:
    """A public position file; raises TraceError with the file, the JSON path and what is wrong."""
    return _position_from_json(_read(path), path)


def _position_from_json(raw: bytes, path: Path) -> Position:
    try:
        return inputs.decode_json(raw, Position, unique_keys=True)
    except msgspec.ValidationError as exc:
        raise TraceError(f"{path}: {inputs.explain(exc, raw)}") from exc
    except inputs.InputLimit as exc:
        raise TraceError(f"{path}: not a position: {exc}") from exc
    except msgspec.DecodeError as exc:
        raise TraceError(f"{path}: not valid JSON: {inputs.explain(exc, raw)}") from exc


def position_problems(position: Position) -> tuple[str, ...]:
    """Why the position cannot occur (reference.position.status), one line each (empty: none)."""
    return tuple(str(p) for p in status(position))


def load(path: Path) -> Game:
    """The game in the file at ``path`` (a position: one step; a trace or a position trace: every
    step, replayed on the reference). Raises TraceError for a file that cannot be read, is not one
    of the three formats, or whose setup or start the engine cannot begin from."""
    raw = _read(path)
    kind = _format(raw, path)
    if kind == POSITION_FORMAT:
        position = _position_from_json(raw, path)
        return Game(str(path), position.setup, (GameStep(0, position),), kind=kind, position=position)
    names: Names = names_for(Setup())  # replaced by the game's own before any step is kept
    steps: list[GameStep] = []

    def keep(state: State, action: Action, after: State) -> None:
        options = () if is_chance(state) else legal_actions(state)
        step = step_of(state, action, after)
        steps.append(
            GameStep(
                index=len(steps),
                observation=observe(after),
                action=action,
                decision=state.decision,
                rule=decision_rule(state),
                options=options,
                events=after.events,
                log=tuple(line.strip() for line in log_lines([step], names)),
            )
        )

    warning = ""
    if kind == TRACE:
        trace = wire.trace_from_json(raw, path)
        try:
            start = new_game(trace.setup)
        except (SetupError, ContentError) as exc:
            raise TraceError(f"{path}: $.setup: {exc}") from exc
        names = names_for(trace.setup)
        steps.append(GameStep(0, observe(start)))
        try:
            wire.replay(trace, where=str(path), on_step=keep)
        except wire.ReplayMismatch as exc:
            warning = str(exc)
        except wire.ReplayRefused as exc:
            warning = f"the replay stops after {len(steps) - 1} actions: {exc}"
        return Game(str(path), trace.setup, tuple(steps), warning, kind)
    from reference.conformance.positions import position_trace_from_json, replay_position_trace
    from reference.position import ImpossiblePosition, from_position

    ptrace = position_trace_from_json(raw, path)
    try:
        first = from_position(ptrace.start, ptrace.composed)
    except ImpossiblePosition as exc:
        raise TraceError(f"{path}: $.start: {exc}") from exc
    names = names_for(ptrace.start.setup)
    steps.append(GameStep(0, observe(first)))
    try:
        replay_position_trace(ptrace, str(path), on_step=keep)
    except wire.ReplayMismatch as exc:
        warning = str(exc)
    except wire.ReplayRefused as exc:
        warning = f"the replay stops after {len(steps) - 1} actions: {exc}"
    return Game(str(path), ptrace.start.setup, tuple(steps), warning, kind)


__all__ = ["Game", "GameStep", "load", "position_problems", "read_position"]
