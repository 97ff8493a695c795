"""Shared pytest configuration: the ``rule`` marker names the rulebook IDs a test checks."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from properties.settings import load_from_env

load_from_env()  # the Hypothesis profile: $HYPOTHESIS_PROFILE (tox sets ci), dev otherwise


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rule(id): rulebook ID a test checks")
    config.addinivalue_line("markers", "question(n): rules-questions item an example pins")
    config.addinivalue_line("markers", "gap(id): rules-questions gap (G1..G18) an example pins")
    config.addinivalue_line(
        "markers",
        "browser: needs a headless browser (Debian's chromium); left out by default, run by `tox -e browser`",
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
