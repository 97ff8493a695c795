"""Hypothesis settings profiles for the property suite.

- ``ci``: deterministic (derandomized, no example database), sized so that the whole CI run stays
  well under 10 minutes on 2 cores.
- ``dev``: random, the local example database, fewer games (quick feedback).
- ``long``: thousands of games, for campaigns (``HYPOTHESIS_PROFILE=long pytest -n auto``).
- ``crosshair``: the hypothesis-crosshair backend (symbolic execution with CrossHair) for the plain
  ``@given`` tests; the state machines are skipped under it (see tests/test_properties_machines.py).

``load_from_env()`` (called by tests/conftest.py) loads ``$HYPOTHESIS_PROFILE`` (``dev`` when unset).
The machines take their number of games from :func:`games` (a share of the profile's game budget).
"""

from __future__ import annotations

import importlib.util
import os
from typing import Final

from hypothesis import HealthCheck, Phase, Verbosity, settings

GAME_BUDGET: Final[dict[str, int]] = {"ci": 360, "dev": 120, "long": 6000, "crosshair": 0, "default": 100}
"""Whole games per run of the state machines, shared among them by weight."""

STEPS: Final = 400
"""Steps per game at most (a 4-clan game takes about 100 actions, a solo game about 30)."""

_SLOW: Final = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]

settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=100,
    print_blob=True,
    suppress_health_check=_SLOW,
)
settings.register_profile("dev", deadline=None, max_examples=100, suppress_health_check=_SLOW)
settings.register_profile(
    "long",
    deadline=None,
    max_examples=2000,
    suppress_health_check=_SLOW,
    verbosity=Verbosity.normal,
)
if importlib.util.find_spec("hypothesis_crosshair_provider") is not None:
    # only where hypothesis-crosshair is installed (the `contracts` extra): Hypothesis refuses to
    # register a profile whose backend it cannot find
    settings.register_profile(
        "crosshair",
        backend="crosshair",
        deadline=None,
        max_examples=50,
        database=None,
        suppress_health_check=[*_SLOW, HealthCheck.differing_executors],
    )

PROFILE: str = "default"
"""The name of the loaded profile."""


def load(name: str) -> None:
    """Load a registered profile by name."""
    global PROFILE
    settings.load_profile(name)
    PROFILE = name
    if name == "crosshair":
        from properties.crosshair_plugin import install

        install()


def load_from_env() -> None:
    """Load ``$HYPOTHESIS_PROFILE`` (``dev`` when unset)."""
    load(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def games(weight: float) -> int:
    """This machine's share of the profile's game budget (at least 1 unless the budget is 0)."""
    budget = GAME_BUDGET.get(PROFILE, GAME_BUDGET["default"])
    if budget == 0:
        return 0
    return max(1, round(budget * weight))


def game_settings(weight: float) -> settings:
    """Settings for a property drawing ``weight`` of the game budget as whole games (the whole-game
    machine, :mod:`properties.whole_games`; the loaded profile's other settings apply)."""
    return settings(
        settings(),
        max_examples=max(1, games(weight)),
        deadline=None,
        suppress_health_check=[*_SLOW, HealthCheck.large_base_example],
    )


def machine_settings(weight: float, *, steps: int = STEPS, shrink: bool = True) -> settings:
    """Settings for a state machine playing ``weight`` of the game budget, with at most ``steps``
    steps drawn by Hypothesis a game (the machine's finisher plays the rest of the game, checked by
    the invariants; the loaded profile's other settings apply)."""
    current = settings()  # the loaded profile
    phases = tuple(current.phases) if shrink else tuple(p for p in current.phases if p is not Phase.shrink)
    return settings(
        current,
        max_examples=max(1, games(weight)),
        stateful_step_count=steps,
        deadline=None,
        phases=phases,
        suppress_health_check=[*_SLOW, HealthCheck.large_base_example],
    )
