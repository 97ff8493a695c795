"""Running a vector on an implementation: the one vector runner.

The vector format (one type, :class:`~reference.book.vectors.Vector`) is the rules book's
(:mod:`reference.book.vectors`: exported from the scenarios, read, selected); running one against an
implementation is conformance: :func:`run_vector` starts the implementation from the vector's setup or
start position, applies each step, and checks its acceptance or refusal and its expectations.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from reference.book.vectors import Vector, VectorStep
from reference.conformance.adapter import Implementation, Refused
from reference.conformance.compare import ABSENT, first_difference, resolve
from reference.wire import JSON, to_json


@dataclass(frozen=True, kw_only=True)
class VectorFailure:
    """What went wrong at a step of a vector. ``step`` indexes the vector's steps; ``field`` is what
    was checked: a pointer of the step's ``expect``, ``/refused`` (accepted or refused against the
    vector, or refused naming another rule) or, after a refusal, the first field of the observation
    that changed. ``expected`` is the vector's value (for ``/refused``: the rule, None for accepted)
    and ``got`` the implementation's (ABSENT: it has nothing there)."""

    step: int
    field: str
    expected: JSON
    got: JSON
    message: str


@dataclass(frozen=True)
class VectorResult:
    """The outcome of a vector on an implementation: ``passed``, ``failed`` (what went wrong at the
    first failing step) or ``unsupported`` (the implementation lacks the ``missing`` areas)."""

    id: str
    status: Literal["passed", "failed", "unsupported"]
    failures: tuple[VectorFailure, ...] = ()
    missing: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        return self.status == "passed"

    @property
    def messages(self) -> tuple[str, ...]:
        """What went wrong, as readable lines."""
        if self.missing:
            return (f"needs area(s) {', '.join(self.missing)}",)
        return tuple(f.message for f in self.failures)


def missing_areas(vector: Vector, areas: Iterable[str]) -> tuple[str, ...]:
    """The areas the vector needs that are not in ``areas``."""
    have = set(areas)
    return tuple(a for a in vector.areas if a not in have)


def run_vector(implementation: Implementation, vector: Vector) -> VectorResult:
    """Run a vector on an implementation (see the module docstring). The implementation is started
    anew (``new_game`` or ``load``); the run ends at the first failing step (later steps would start
    from a game the vector does not describe). Exceptions the implementation raises propagate."""
    _, supported = implementation.hello()
    missing = missing_areas(vector, supported)
    if missing:
        return VectorResult(vector.id, "unsupported", missing=missing)
    if vector.start is None:
        implementation.new_game(to_json(vector.setup))
    else:
        implementation.load(to_json(vector.start), vector.composed)
    for index, step in enumerate(vector.steps):
        failures = _run_step(implementation, index, step)
        if failures:
            return VectorResult(vector.id, "failed", failures)
    return VectorResult(vector.id, "passed")


def _run_step(implementation: Implementation, index: int, step: VectorStep) -> tuple[VectorFailure, ...]:
    """Apply one step and check it: its acceptance or refusal, then its expectations."""
    where = f"step {index} ({json.dumps(to_json(step.action))})"
    before = implementation.observe() if step.refused is not None else None
    outcome = implementation.apply(to_json(step.action))
    failures: list[VectorFailure] = []

    def fail(field: str, expected: JSON, got: JSON, message: str) -> None:
        failures.append(VectorFailure(step=index, field=field, expected=expected, got=got, message=message))

    if not isinstance(outcome, Refused):
        if step.refused is not None:
            fail(
                "/refused", step.refused, None, f"{where}: accepted; expected a refusal citing {step.refused}"
            )
            return tuple(failures)
    elif step.refused is None:
        fail(
            "/refused",
            None,
            outcome.rule,
            f"{where}: refused citing {outcome.rule} ({outcome.reason}); expected it accepted",
        )
        return tuple(failures)
    else:
        if outcome.rule != step.refused:
            fail(
                "/refused",
                step.refused,
                outcome.rule,
                f"{where}: refused citing {outcome.rule}; expected {step.refused}",
            )
        changed = first_difference(before, implementation.observe())
        if changed is not None:
            pointer, was, now = changed
            fail(
                pointer, was, now, f"{where}: the refused action changed the observation at {pointer or '/'}"
            )
    observed = implementation.observe()
    for pointer, value in step.expect.items():
        try:
            seen: JSON = resolve(observed, pointer)
        except LookupError:
            fail(pointer, value, ABSENT, f"{where}: the observation has nothing at {pointer}")
            continue
        except ValueError as exc:
            fail(pointer, value, ABSENT, f"{where}: {exc}")
            continue
        if first_difference(value, seen) is not None:
            fail(
                pointer,
                value,
                seen,
                f"{where}: {pointer} is {json.dumps(seen)}, expected {json.dumps(value)}",
            )
    return tuple(failures)


__all__ = ["VectorFailure", "VectorResult", "missing_areas", "run_vector"]
