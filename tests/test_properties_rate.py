"""The property machines' rate script (``python -m properties.rate``, ISSUE 15): it runs the measured
properties, counts the games Hypothesis checked and prints them with their CPU time; bad requests get a
clear error. The figures themselves are measurements, never asserted."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import click
import pytest

from properties import rate
from properties.settings import GAME_BUDGET


def _run(*arguments: str, **environment: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"} | environment
    return subprocess.run(
        [sys.executable, "-m", "properties.rate", *arguments],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env=env,
    )


def test_the_script_counts_each_propertys_games_and_their_cpu_time() -> None:
    """Under the `default` profile the Tokugawa API property plays a tenth of the budget (10 games);
    the JSON on stdout says so, pytest's own report goes to stderr."""
    done = _run("--profile", "default", "--only", "tokugawa", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    (measured,) = report["properties"]
    assert measured["name"] == "test_api_tokugawa_games"
    assert measured["outcome"] == "passed"
    assert measured["games"] == round(GAME_BUDGET["default"] * 0.1) == report["games"]
    assert measured["cpu_seconds"] > 0
    assert measured["games_per_second"] == pytest.approx(measured["games"] / measured["cpu_seconds"])
    assert report["process_cpu_seconds"] >= measured["cpu_seconds"]
    assert "passed" in done.stderr


def test_the_table_names_every_measured_property_and_the_total() -> None:
    done = _run("--profile", "default", "--only", "gingkogawa")
    assert done.returncode == 0, done.stderr
    assert "test_api_gingkogawa_games" in done.stdout
    assert "all" in done.stdout
    assert "with the process's start-up: 10 games in" in done.stdout


def test_an_unknown_property_is_refused_with_the_names_to_choose_from() -> None:
    done = _run("--only", "no-such-property")
    assert done.returncode != 0
    assert "no property name holds 'no-such-property'" in done.stderr
    assert "test_api_generated_content_games" in done.stderr


def test_an_unknown_profile_or_pytest_options_from_the_environment_are_refused_at_once() -> None:
    """Both would measure something else than asked: refused before any property runs."""
    done = _run("--profile", "nosuch")
    assert done.returncode == 2
    assert "no Hypothesis profile 'nosuch'" in done.stderr
    done = _run("--profile", "default", PYTEST_ADDOPTS="--co")
    assert done.returncode == 1
    assert "PYTEST_ADDOPTS is set" in done.stderr
    assert "Traceback" not in done.stderr


def test_counting_instructions_without_valgrind_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rate, "valgrind", lambda: None)
    with pytest.raises(click.ClickException, match="needs valgrind"):
        rate.count_instructions("default", None, "tokugawa")


def test_a_measurement_without_time_has_no_rate() -> None:
    assert rate.Rate("p", "passed", 3, 0.0).games_per_second == 0.0
    assert rate.Rate("p", "passed", 3, 1.5).games_per_second == 2.0
