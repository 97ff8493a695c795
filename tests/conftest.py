"""Shared pytest configuration: the ``rule`` marker names the rulebook IDs a test checks."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rule(id): rulebook ID a test checks")
