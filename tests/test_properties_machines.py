"""The Hypothesis state machines of properties/machines.py: whole generated games, step by step, with
every invariant checked after every step (ISSUE 5). The number of games comes from the Hypothesis
profile (properties/settings.py: ci, dev, long); each machine idles once its game is over, so the step
limits below only bound a game's length (a cut game is reported as an event)."""

from __future__ import annotations

import pytest

from properties.machines import GeneratedContentGame, GingkogawaGame, MultiClanGame, TokugawaGame
from properties.settings import PROFILE, machine_settings

pytestmark = pytest.mark.skipif(PROFILE == "crosshair", reason="the machines do not run under CrossHair")

TestMultiClanGames = MultiClanGame.TestCase
TestMultiClanGames.settings = machine_settings(0.4, steps=320)

TestTokugawaGames = TokugawaGame.TestCase
TestTokugawaGames.settings = machine_settings(0.2, steps=300)

TestGingkogawaGames = GingkogawaGame.TestCase
TestGingkogawaGames.settings = machine_settings(0.2, steps=300)

TestGeneratedContentGames = GeneratedContentGame.TestCase
TestGeneratedContentGames.settings = machine_settings(0.2, steps=400)
