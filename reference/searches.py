"""How the Hypothesis searches that draw a game one decision at a time keep each example a new game
and each seed the same games.

- **A span label per decision.** Hypothesis follows each new example it generates with a few
  mutants: it copies the choices of one span (the choices one draw made) over another span of the
  same label and runs the copy. When every decision of a game is drawn under one label (the integer
  strategy's), a mutant replays its parent's game up to the copied decision, so most examples of a
  search were games already played (and, in ``wcref verify``, replayed against the implementation).
  Drawing the n-th decision under its own label, ``decision n`` (:func:`decision_label`), leaves the
  mutator only the setup's spans to copy, and a copied setup span plays another game. The label
  names the span and changes no value drawn.
- **No local constants.** Hypothesis also draws, now and then, a literal found in the source of any
  local module loaded (its "local constants"): what a seed generates then depends on which modules
  the process has imported, so ``wcref verify --seed S`` drew other games after an edit anywhere in
  the code, and a test of a seed's games failed or passed with what other tests had imported.
  :func:`without_local_constants` runs a search without them.

Used by the whole-game machine (:mod:`properties.whole_games`), the differential games and
positions of ``wcref verify`` (:mod:`reference.conformance.verify`,
:mod:`reference.conformance.positions`) and the positions of outcome mode
(:mod:`reference.conformance.outcome_run`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:
    from hypothesis.internal.constants_ast import Constants
    from hypothesis.strategies import DrawFn, SearchStrategy

T = TypeVar("T")

DECISION_LABELS: Final = 2_000
"""Decisions drawn under a label of their own: ``decision 0`` to ``decision 1999`` (later ones share
the last). A game stops at 1,000 actions (:data:`reference.campaign.games.MAX_STEPS`), so every
decision of a game has a label of its own."""

_LABELS: Final = tuple(f"decision {n}" for n in range(DECISION_LABELS))


def decision_label(n: int) -> str:
    """The span label of the ``n``-th decision of a game (from 0; the last label from
    DECISION_LABELS - 1 on)."""
    return _LABELS[min(max(n, 0), DECISION_LABELS - 1)]


class LabelledDraw:
    """A composite strategy's ``draw`` that draws the n-th value of a game (from 0) under the span
    label ``decision n`` (:func:`decision_label`); ``count`` values drawn so far."""

    def __init__(self, draw: DrawFn) -> None:
        self._draw = draw
        self.count = 0

    def __call__(self, strategy: SearchStrategy[T], /) -> T:
        label = decision_label(self.count)
        self.count += 1
        return self._draw(strategy, label=label)


Test = TypeVar("Test", bound=Callable[..., None])


def seeded_search(seed: int, examples: int) -> Callable[[Test], Test]:
    """The settings of ``wcref verify``'s searches, for a ``@given`` test: ``examples`` cases drawn
    from ``seed`` (``--seed`` decides, whatever the loaded profile says), generated then shrunk, with
    no example database, deadline or health check, and Hypothesis quiet (the harness reports)."""
    from hypothesis import HealthCheck, Phase, Verbosity, settings
    from hypothesis import seed as hypothesis_seed

    chosen = settings(
        max_examples=examples,
        database=None,
        deadline=None,
        phases=(Phase.generate, Phase.shrink),
        suppress_health_check=list(HealthCheck),
        verbosity=Verbosity.quiet,
        report_multiple_bugs=False,
        print_blob=False,
        derandomize=False,
        backend="hypothesis",
    )

    def decorate(test: Test) -> Test:
        return hypothesis_seed(seed)(chosen(test))

    return decorate


_PINNED = threading.Lock()
_depth = 0
"""Searches now inside :func:`without_local_constants`, in any thread (guarded by ``_PINNED``)."""
_saved: Callable[[], Constants] | None = None
"""Hypothesis's own function, while it is replaced."""


@contextmanager
def without_local_constants() -> Iterator[None]:
    """Run the Hypothesis searches inside without the local constants (see the module docstring),
    so a seed draws the same examples whatever modules are loaded (with one Hypothesis version).
    This replaces a private Hypothesis function while any search is inside (nested, or in several
    threads: the first in replaces it, the last out puts it back), and empties Hypothesis's cache of
    the constants each kind of draw may take on the way in and out (so nothing computed inside is
    used outside, or the reverse). With a Hypothesis that has no such function (before 6.131, or a
    later change) nothing is replaced."""
    global _depth, _saved
    try:
        from hypothesis.internal.conjecture import providers
        from hypothesis.internal.constants_ast import Constants

        original = providers._get_local_constants
        cache = providers.CONSTANTS_CACHE.cache
    except (ImportError, AttributeError):  # another Hypothesis: leave it as it is
        yield
        return
    empty = Constants()

    def none_local() -> Constants:
        return empty

    with _PINNED:
        if _depth == 0:
            _saved = original
            cache.clear()
            providers._get_local_constants = none_local
        _depth += 1
    try:
        yield
    finally:
        with _PINNED:
            _depth -= 1
            if _depth == 0 and _saved is not None:
                providers._get_local_constants = _saved
                _saved = None
                cache.clear()
