"""The property suite's machines over whole generated games (ISSUE 5, ISSUE 15): the four step
machines of properties/machines.py (Hypothesis draws every step; the API checks run on drawn steps)
share 0.6 of the profile's game budget, and the whole-game machine of properties/whole_games.py (the
invariants alone, about five times as many games per second) plays the whole budget again: half of
it multi-clan games, half solo games."""

from __future__ import annotations

from typing import cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from properties import strategies as strat
from properties.machines import GeneratedContentGame, GingkogawaGame, MultiClanGame, TokugawaGame
from properties.settings import PROFILE, game_settings, machine_settings
from properties.whole_games import WholeGame, check, play_drawn, whole_games
from reference.model import Setup
from reference.searches import DECISION_LABELS, decision_label

pytestmark = pytest.mark.skipif(PROFILE == "crosshair", reason="the machines do not run under CrossHair")

TestMultiClanGames = MultiClanGame.TestCase
TestMultiClanGames.settings = machine_settings(0.25, steps=120)

# a solo game takes about 33 steps; Hypothesis draws idle steps after the game's end up to the cap,
# so the solo machines' cap is near the game's length (the finisher rarely ends one: 1 of 40 Tokugawa
# cases in one ci run)
TestTokugawaGames = TokugawaGame.TestCase
TestTokugawaGames.settings = machine_settings(0.1, steps=64)

TestGingkogawaGames = GingkogawaGame.TestCase
TestGingkogawaGames.settings = machine_settings(0.1, steps=64)

TestGeneratedContentGames = GeneratedContentGame.TestCase
TestGeneratedContentGames.settings = machine_settings(0.15, steps=150)


@game_settings(0.5)
@given(game=whole_games(strat.setups(solo=False, generated=0)))
def test_whole_multi_clan_games_keep_every_invariant(game: WholeGame) -> None:
    """The whole-game machine (properties/whole_games.py) over 2, 3 and 4 clans on the shipped
    content, each game drawn in one go and checked by every invariant after every action."""
    check(game)


@game_settings(0.5)
@given(game=whole_games(strat.setups(solo=True, generated=0, decks=strat.deck_or_shipped(0.25))))
def test_whole_solo_games_keep_every_invariant(game: WholeGame) -> None:
    """The whole-game machine over solo games against either rival on the shipped content, a
    quarter of them on a generated deck (the step machines cover generated content). Apart from the
    multi-clan games, so that each kind has its half of the budget: drawn together, their shares
    followed how many mutants Hypothesis made of each (see properties/whole_games.py)."""
    check(game)


def test_each_decision_of_a_whole_game_is_drawn_under_a_label_of_its_own() -> None:
    """Hypothesis's mutator copies spans of one label over each other; a decision drawn under the
    integer strategy's own label was such a span in every game (see properties/whole_games.py)."""
    labels: list[object] = []

    def draw(strategy: object, label: object = None) -> int:
        labels.append(label)
        return 0  # the first option of each decision

    result = play_drawn(cast(st.DrawFn, draw), Setup(players=4), 3, "eager")
    assert result.failure is None
    assert len(labels) == len(result.choices) > 0
    assert labels == [f"decision {n}" for n in range(len(labels))]
    # a game longer than the labels (a loop of free actions) draws its last decisions under the last
    assert decision_label(DECISION_LABELS - 1) == decision_label(DECISION_LABELS + 50)
    assert decision_label(DECISION_LABELS - 2) != decision_label(DECISION_LABELS - 1)
