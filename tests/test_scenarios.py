"""The executable rules documentation (``scenarios/*.feature``) run under pytest-bdd.

Every step goes to the step library of :mod:`reference.book.steps` (one catch-all step per keyword
here; the library matches the text), which runs the example on the reference engine as it reads it
and fails at the first unmet expectation. After the last step the example's vector is built and
replayed through the reference's conformance adapter, so what runs here is exactly what
``reference/vectors/`` holds. Scenario tags become the ``rule``, ``question`` and ``gap`` markers
(``tests/conftest.py``), e.g. ``pytest -m "question"`` or ``pytest -k TIME``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytest_bdd import given, parsers, scenarios, then, when

from reference.book.scenarios import SCENARIOS_DIR, StepKind, StepText
from reference.book.steps import World
from reference.book.vectors import make_vector
from reference.conformance.adapter import ReferenceAdapter
from reference.conformance.vectors import run_vector

scenarios(str(SCENARIOS_DIR))


@pytest.fixture
def world() -> Iterator[World]:
    """The example being run; after its last step its vector must replay on the reference."""
    w = World(strict=True)
    yield w
    if w.broken:
        return  # the failing step has already been reported
    draft = w.finish()
    vector = make_vector(draft, id="EXAMPLE.RUN/this", title="the example just run", rules=())
    result = run_vector(ReferenceAdapter(), vector)
    assert result.passed, result.messages


def _run(
    world: World, kind: StepKind, text: str, datatable: list[list[str]] | None, docstring: str | None
) -> None:
    table = tuple(tuple(row) for row in datatable) if datatable else ()
    world.run(StepText(kind, kind.capitalize(), text, 0, table, docstring))


@given(parsers.re(r"(?P<text>.+)"))
def _given(
    world: World, text: str, datatable: list[list[str]] | None = None, docstring: str | None = None
) -> None:
    _run(world, "given", text, datatable, docstring)


@when(parsers.re(r"(?P<text>.+)"))
def _when(
    world: World, text: str, datatable: list[list[str]] | None = None, docstring: str | None = None
) -> None:
    _run(world, "when", text, datatable, docstring)


@then(parsers.re(r"(?P<text>.+)"))
def _then(
    world: World, text: str, datatable: list[list[str]] | None = None, docstring: str | None = None
) -> None:
    _run(world, "then", text, datatable, docstring)
