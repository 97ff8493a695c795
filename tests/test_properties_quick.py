"""A quick run of every property machine: a few derandomized whole games each, every invariant and
API check on every step (ISSUE 5). Fast enough for the mutation-testing selection (tox -e mutation);
the full campaigns are in tests/test_properties_machines.py."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from properties.machines import MACHINES, GameMachine
from properties.settings import PROFILE

pytestmark = pytest.mark.skipif(PROFILE == "crosshair", reason="the machines do not run under CrossHair")

QUICK = settings(
    max_examples=4,
    stateful_step_count=300,
    deadline=None,
    database=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)


@pytest.mark.parametrize("machine", MACHINES, ids=lambda m: m.__name__)
def test_a_few_games_keep_every_invariant(machine: type[GameMachine]) -> None:
    run_state_machine_as_test(machine, settings=QUICK)
