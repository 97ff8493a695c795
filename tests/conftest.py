"""Shared pytest configuration: the ``rule`` marker names the rulebook IDs a test checks."""

from __future__ import annotations

import importlib
from collections.abc import Callable

import pytest

from properties.settings import load_from_env
from reference.cli import LAZY_COMMANDS

load_from_env()  # the Hypothesis profile: $HYPOTHESIS_PROFILE (tox sets ci), dev otherwise

# Hypothesis draws some values from the constants of every local module loaded (its "local
# constants"), so what a seed generates depends on the modules imported so far. ``wcref`` imports a
# command's module when the command runs; the tests import them all at once here, so that the
# examples a test draws do not depend on which tests ran before it in the same process.
for _module, _ in sorted(set(LAZY_COMMANDS.values())):
    importlib.import_module(_module)
importlib.import_module("reference.artefacts")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rule(id): rulebook ID a test checks")
    config.addinivalue_line("markers", "question(n): rules-questions item an example pins")
    config.addinivalue_line("markers", "gap(id): rules-questions gap (G1..G18) an example pins")
    config.addinivalue_line(
        "markers",
        "browser: needs a headless browser (Debian's chromium); left out by default, run by `tox -e browser`",
    )
    config.addinivalue_line(
        "markers",
        "long: volume beyond what CI's 5 minutes allow (each planted fault it plays is caught alone in the"
        " default run; several at once on long-move positions only here); left out by default, run by"
        " `tox -e long` (`pytest -m long`: a test named alone is still deselected without `-m long`)",
    )


def pytest_bdd_apply_tag(tag: str, function: Callable[..., object]) -> object:
    """Scenario tags become markers: ``@TIME.STOP`` -> ``rule("TIME.STOP")``, ``@q10`` ->
    ``question(10)``, ``@G5`` -> ``gap("G5")`` (see reference/book/scenarios.py); other tags fall
    through to pytest-bdd, which makes them markers of their own name (unregistered: refused by
    --strict-markers)."""
    from reference.book.scenarios import tag_marker

    found = tag_marker(tag)
    if found is None:
        return None
    name, arg = found
    getattr(pytest.mark, name)(arg)(function)
    return True
