"""The divergence page of ``wcref verify --report FILE``: ``FILE``'s stem + ``.divergence.html``,
written beside the JSON report when the run found a divergence (lockstep mode).

For each failed case with a divergence (at most :data:`MAX_SHOWN`), the page shows the reference's
board and the implementation's side by side at the diverging step, with the differing fields
highlighted on both boards (class ``diff``): the divergence names the JSON Pointer of a field of the
observation (a failed vector lists every differing field), and :func:`reference.view.scene.slots_at`
maps each pointer to the elements that show it (``d1-ref-room-0-die-0``, ``d1-impl-clan-2-seals``:
ids prefixed ``dN-ref-`` and ``dN-impl-``). Below the boards, a table gives each field with both
values and the slots highlighted, then the step's action and the case's replayable trace.

The reference's board is the observation after replaying the case's trace on the reference (its
``trace``, or for a case from a loaded position its ``replay``). The report keeps the
implementation's values only at the differing fields, so its board is the reference's observation
with those fields set to the implementation's values: every other field is the reference's (the
comparison found it equal up to the first difference; further differences a game did not reach are
not known). A value the observation's type cannot hold (a malformed reply) is listed but not drawn.
Rules: each divergence's ``rule`` (attribution), TURN.DECISION.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import msgspec
from markupsafe import Markup

from reference import wire
from reference.conformance.compare import ABSENT, tokens
from reference.conformance.harness import CaseResult, Divergence
from reference.conformance.verify import Report
from reference.engine import new_game
from reference.errors import WhiteCastleError
from reference.model import Action, State
from reference.view.labels import action_label
from reference.view.layout import layout_for
from reference.view.page import describe_setup
from reference.view.scene import scene, slots_at
from reference.view.svg import css, environment, render
from reference.wire import JSON, Observation, observe, to_json

MAX_SHOWN: Final = 10
"""Divergences drawn on one page (the report lists them all)."""
SUFFIX: Final = ".divergence.html"
NOT_OBSERVED: Final = ("/legal_actions", "/refused", "/events")
"""Divergence fields that are no field of the observation (what a side lists, refuses or tells)."""


@dataclass
class Field:
    """One differing field: its pointer, both values (JSON text, shortened), the slots highlighted."""

    pointer: str
    reference: str
    implementation: str
    slots: tuple[str, ...] = ()


@dataclass
class Shown:
    """One divergence drawn: where it happened, its fields, both boards (SVG) and notes."""

    number: int
    case: CaseResult
    divergence: Divergence
    fields: list[Field]
    action: str = ""
    setup: str = ""
    reference_svg: Markup = field(default_factory=Markup)
    implementation_svg: Markup = field(default_factory=Markup)
    notes: list[str] = field(default_factory=list)
    trace: str = ""


def _short(value: object, limit: int = 240) -> str:
    text = value if isinstance(value, str) and value == ABSENT else json.dumps(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _states(trace: dict[str, Any]) -> tuple[list[State], str]:
    """The reference's states along a case's trace (a wcref-trace or a position trace): the start,
    then after each action it accepts; and a note when the replay stops early or ends elsewhere."""
    states: list[State] = []
    note = ""
    try:
        if trace.get("format") == "wcref-position-trace":
            from reference.conformance.positions import PositionTrace, replay_position_trace
            from reference.position import from_position

            ptrace = msgspec.convert(trace, PositionTrace)
            states.append(from_position(ptrace.start, ptrace.composed))
            replay_position_trace(ptrace, "the case", on_step=lambda s, a, t: states.append(t))
        else:
            plain = msgspec.convert(trace, wire.Trace)
            states.append(new_game(plain.setup))
            wire.replay(plain, "the case", on_step=lambda s, a, t: states.append(t))
    except wire.ReplayMismatch as exc:
        note = f"the reference's replay ends elsewhere than the trace records: {exc}"
    except (WhiteCastleError, msgspec.ValidationError, ValueError) as exc:
        note = f"the reference replays the case's trace only to step {len(states) - 2}: {exc}"
    return states, note


def _patched(reference: JSON, changes: list[tuple[str, JSON]]) -> tuple[JSON, list[str]]:
    """``reference`` with each (pointer, value) set, a value ABSENT removed; the pointers that
    could not be set are returned."""
    document = json.loads(json.dumps(reference))
    failed: list[str] = []
    for pointer, value in changes:
        try:
            keys = tokens(pointer)
        except ValueError:
            failed.append(pointer)
            continue
        if not keys:
            failed.append(pointer)
            continue
        parent: Any = document
        try:
            for key in keys[:-1]:
                parent = parent[int(key)] if isinstance(parent, list) else parent[key]
            last = keys[-1]
            if isinstance(parent, list):
                index = int(last)
                if value == ABSENT:
                    del parent[index]
                elif index == len(parent):
                    parent.append(value)
                else:
                    parent[index] = value
            elif isinstance(parent, dict):
                if value == ABSENT:
                    parent.pop(last, None)
                else:
                    parent[last] = value
            else:
                failed.append(pointer)
        except (KeyError, IndexError, ValueError, TypeError):
            failed.append(pointer)
    return document, failed


def _differing(case: CaseResult, divergence: Divergence) -> list[tuple[str, JSON, JSON]]:
    """(pointer, reference value, implementation value) of every field the report names."""
    found: list[tuple[str, JSON, JSON]] = [
        (divergence.field, divergence.reference, divergence.implementation)
    ]
    for difference in case.differences:
        if difference.field != divergence.field:
            found.append((difference.field, difference.expected, difference.got))
    return found


def _shown(number: int, case: CaseResult) -> Shown:
    divergence = case.divergence
    assert divergence is not None
    differing = _differing(case, divergence)
    fields = [Field(p, _short(r), _short(i)) for p, r, i in differing]
    shown = Shown(number, case, divergence, fields)
    trace = divergence.trace if divergence.trace is not None else case.replay
    if trace is None:
        shown.notes.append("the case has no replayable trace: its boards cannot be drawn")
        return shown
    shown.trace = json.dumps(trace, separators=(",", ":"))
    states, note = _states(trace)
    if note:
        shown.notes.append(note)
    if not states:
        shown.notes.append("the reference cannot start the case")
        return shown
    after = observe(states[-1])
    shown.setup = describe_setup(after.setup)
    if divergence.action is not None and len(states) >= 2:
        try:
            action = msgspec.convert(divergence.action, Action)
            shown.action = action_label(action, observe(states[-2]))
        except msgspec.ValidationError:
            shown.action = _short(divergence.action)
    board_fields = [(p, i) for p, _, i in differing if not p.startswith(NOT_OBSERVED)]
    patched, failed = _patched(to_json(after), board_fields)
    implementation: Observation = after
    try:
        implementation = msgspec.convert(patched, Observation)
    except msgspec.ValidationError as exc:
        shown.notes.append(
            f"the implementation's values cannot be drawn on a board ({exc}): its board shows the reference's, highlighted"
        )
    for pointer in failed:
        shown.notes.append(f"{pointer}: not a field of the reference's observation here: listed, not drawn")
    layout = layout_for([after, implementation])
    marked = slots_at(layout, [p for p, _, _ in differing])
    for entry in shown.fields:
        entry.slots = slots_at(layout, [entry.pointer])
    if not marked:
        shown.notes.append(
            "no field of the board differs (the divergence is in what the sides say, not where things are)"
        )
    prefix = f"d{number}-"
    shown.reference_svg = Markup(
        render(layout, scene(after, layout), prefix=prefix + "ref-", marked=marked, title="the reference")
    )
    shown.implementation_svg = Markup(
        render(
            layout,
            scene(implementation, layout),
            prefix=prefix + "impl-",
            marked=marked,
            title="the implementation",
        )
    )
    return shown


def divergence_page(report: Report) -> str | None:
    """The page of the report's divergences (None when it has none)."""
    cases = [c for c in report.cases if c.status == "failed" and c.divergence is not None]
    if not cases:
        return None
    shown = [_shown(n, case) for n, case in enumerate(cases[:MAX_SHOWN], 1)]
    template = environment().get_template("divergence.html.j2")
    return template.render(
        implementation=report.implementation or "the implementation",
        total=len(cases),
        shown=shown,
        board_css=Markup(css()),
    )


def page_path(report_path: Path) -> Path:
    """Where the page of ``report_path`` goes: ``report.json`` -> ``report.divergence.html``."""
    return report_path.with_name(report_path.stem + SUFFIX)


def write_beside(report_path: Path, report: Report) -> Path | None:
    """Write the divergence page beside the report (None, and nothing written, without a
    divergence). Raises OSError when it cannot be written."""
    page = divergence_page(report)
    if page is None:
        return None
    path = page_path(report_path)
    path.write_text(page, encoding="utf-8")
    return path


__all__ = ["MAX_SHOWN", "divergence_page", "page_path", "write_beside"]
