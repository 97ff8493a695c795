"""The Hypothesis state machines of properties/machines.py: whole generated games, step by step, with
every invariant checked after every step (ISSUE 5). The number of games comes from the Hypothesis
profile (properties/settings.py: ci, dev, long). The step limits below bound the steps Hypothesis
draws, each checked by every invariant and the API checks (every legal action, illegal probes, the
JSON round trip); the machine's finisher plays the rest of the game with the invariants, so every
case plays a whole game (a solo game rarely needs more than 120 drawn steps, a multi-clan game
often does)."""

from __future__ import annotations

import pytest

from properties.machines import GeneratedContentGame, GingkogawaGame, MultiClanGame, TokugawaGame
from properties.settings import PROFILE, machine_settings

pytestmark = pytest.mark.skipif(PROFILE == "crosshair", reason="the machines do not run under CrossHair")

TestMultiClanGames = MultiClanGame.TestCase
TestMultiClanGames.settings = machine_settings(0.4, steps=120)

TestTokugawaGames = TokugawaGame.TestCase
TestTokugawaGames.settings = machine_settings(0.2, steps=120)

TestGingkogawaGames = GingkogawaGame.TestCase
TestGingkogawaGames.settings = machine_settings(0.2, steps=120)

TestGeneratedContentGames = GeneratedContentGame.TestCase
TestGeneratedContentGames.settings = machine_settings(0.2, steps=150)
