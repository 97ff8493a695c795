"""Running a vector on an implementation: the one vector runner.

The vector format (one type, :class:`~reference.book.vectors.Vector`) is the rules book's
(:mod:`reference.book.vectors`: exported from the scenarios, read, selected); running one against an
implementation is conformance: :func:`run_vector` starts the implementation from the vector's setup or
start position, applies each step, and checks its expectations and its acceptance or refusal,
reporting every check of a step that fails. A refusal is compared as a refusal: the rule ID it cites
(when it cites one) should be the vector's, and another one is a warning, not a failure.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Final, Literal

from reference.book.vectors import Vector, VectorStep
from reference.conformance.adapter import Implementation, Refused
from reference.conformance.compare import ABSENT, differences, first_difference, resolve
from reference.wire import JSON, to_json

MAX_CHANGED: Final = 50
"""Fields of the observation a refused step may be reported to have changed: past this many, the
rest are counted (``StepOutcome.omitted``), so an implementation that rewrites its whole observation
cannot make a result huge. (A step's ``expect`` pointers are the vector's, and all are reported.)"""


@dataclass(frozen=True, kw_only=True)
class VectorFailure:
    """What went wrong at a step of a vector. ``step`` indexes the vector's steps; ``field`` is what
    was checked: a pointer of the step's ``expect``, ``/refused`` (accepted against a refusal in the
    vector, or refused against an acceptance) or, after a refusal, a field of the observation that
    changed. ``expected`` is the vector's value (for ``/refused``: the rule, None for accepted; for a
    changed field: its value before the step) and ``got`` the implementation's (ABSENT: it has
    nothing there)."""

    step: int
    field: str
    expected: JSON
    got: JSON
    message: str


@dataclass(frozen=True, kw_only=True)
class VectorWarning:
    """What is worth saying about a step without failing it: the implementation refused the action
    as the vector expects but cited another rule ID (``expected``: the vector's, ``got``: the
    implementation's). ``field`` is ``/refused``."""

    step: int
    field: str
    expected: str
    got: str
    message: str


@dataclass(frozen=True)
class StepOutcome:
    """One step of a vector on an implementation: every check that failed (the step's ``expect``
    pointers first, then its acceptance or refusal, then the fields a refused action changed), the
    warnings, and how many changed fields were left out past MAX_CHANGED."""

    step: int
    failures: tuple[VectorFailure, ...] = ()
    warnings: tuple[VectorWarning, ...] = ()
    omitted: int = 0


@dataclass(frozen=True)
class VectorResult:
    """The outcome of a vector on an implementation: ``passed``, ``failed`` (every check that failed
    at the first failing step, see StepOutcome) or ``unsupported`` (the implementation lacks the
    ``missing`` areas); the warnings of the steps run, and the changed fields left out."""

    id: str
    status: Literal["passed", "failed", "unsupported"]
    failures: tuple[VectorFailure, ...] = ()
    missing: tuple[str, ...] = ()
    warnings: tuple[VectorWarning, ...] = ()
    omitted: int = 0

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
    from a game the vector does not describe), reporting every check of that step that failed.
    Exceptions the implementation raises propagate."""
    _, supported = implementation.hello()
    missing = missing_areas(vector, supported)
    if missing:
        return VectorResult(vector.id, "unsupported", missing=missing)
    warnings: list[VectorWarning] = []
    for outcome in vector_steps(implementation, vector):
        warnings += outcome.warnings
        if outcome.failures:
            return VectorResult(vector.id, "failed", outcome.failures, (), tuple(warnings), outcome.omitted)
    return VectorResult(vector.id, "passed", warnings=tuple(warnings))


def vector_steps(implementation: Implementation, vector: Vector) -> Iterator[StepOutcome]:
    """Start the implementation from the vector (``new_game`` or ``load``: the caller checks first
    that it supports the vector's areas) and run its steps one by one, yielding each step's outcome;
    the caller decides when to stop (:func:`run_vector`: at the first failing step). Exceptions the
    implementation raises propagate."""
    if vector.start is None:
        implementation.new_game(to_json(vector.setup))
    else:
        implementation.load(to_json(vector.start), vector.composed)
    for index, step in enumerate(vector.steps):
        yield _run_step(implementation, index, step)


def _run_step(implementation: Implementation, index: int, step: VectorStep) -> StepOutcome:
    """Apply one step and check it: first every pointer of its ``expect``, then its acceptance or
    refusal (a refusal with another rule ID is a warning; one naming no rule is compared as a
    refusal only) and that a refused action changed nothing."""
    where = f"step {index} ({json.dumps(to_json(step.action))})"
    before = implementation.observe() if step.refused is not None else None
    outcome = implementation.apply(to_json(step.action))
    observed = implementation.observe()
    failures: list[VectorFailure] = []
    warnings: list[VectorWarning] = []
    omitted = 0

    def fail(field: str, expected: JSON, got: JSON, message: str) -> None:
        failures.append(VectorFailure(step=index, field=field, expected=expected, got=got, message=message))

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
    if not isinstance(outcome, Refused):
        if step.refused is not None:
            fail(
                "/refused", step.refused, None, f"{where}: accepted; expected a refusal citing {step.refused}"
            )
    elif step.refused is None:
        cited = f"citing {outcome.rule}" if outcome.rule is not None else "citing no rule"
        fail(
            "/refused",
            None,
            outcome.rule,
            f"{where}: refused {cited} ({outcome.reason}); expected it accepted",
        )
    else:
        if outcome.rule is not None and outcome.rule != step.refused:
            warnings.append(
                VectorWarning(
                    step=index,
                    field="/refused",
                    expected=step.refused,
                    got=outcome.rule,
                    message=f"step {index} ({type(step.action).__name__}): refused citing {outcome.rule}; "
                    f"the vector expects {step.refused}",
                )
            )
        changed = list(islice(differences(before, observed), MAX_CHANGED + 1))
        for pointer, was, now in changed[:MAX_CHANGED]:
            fail(
                pointer, was, now, f"{where}: the refused action changed the observation at {pointer or '/'}"
            )
        if len(changed) > MAX_CHANGED:
            omitted = sum(1 for _ in differences(before, observed)) - MAX_CHANGED
    return StepOutcome(index, tuple(failures), tuple(warnings), omitted)


__all__ = [
    "MAX_CHANGED",
    "StepOutcome",
    "VectorFailure",
    "VectorResult",
    "VectorWarning",
    "missing_areas",
    "run_vector",
    "vector_steps",
]
