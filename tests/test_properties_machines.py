"""The property suite's machines over whole generated games (ISSUE 5, ISSUE 15).

- The API whole-game properties (properties/whole_games.py with ``api=True``): the setups and drawing
  styles of the four step machines, each game drawn in one go, every invariant after every action
  and the step machines' API checks on one step in four; 0.6 of the profile's game budget, shared as
  the step machines shared it.
- The four step machines of properties/machines.py (Hypothesis draws every step; the same API checks
  on drawn steps): marked long, so `tox -e long` and `tox -e properties` play them (0.6 of those
  profiles' budgets) and the default run does not; it still plays them spoiled in
  tests/test_properties_faults.py. Drawn step by step, 27 of 117 multi-clan cases were mutants that
  overran the game (invalid) in one ci run, and 15-49 % of each machine's actions replayed a game the
  run had already played (docs/figures.md); the API whole games draw each decision under a label of
  its own and had no overrun there, for the same checks.
- The whole-game machine (the invariants alone, about five times as many games per second as the
  API checks allow): the whole budget again, half of it multi-clan games, half solo games."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from pathlib import Path
from typing import cast

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from properties import machines
from properties import strategies as strat
from properties import whole_games as whole_games_module
from properties.invariants import Breach
from properties.machines import (
    HEAVY_ONE_IN,
    GeneratedContentGame,
    GingkogawaGame,
    MultiClanGame,
    PropertyFailure,
    TokugawaGame,
)
from properties.settings import PROFILE, game_settings, machine_settings
from properties.whole_games import (
    ApiChecks,
    WholeGame,
    check,
    check_replay,
    play_drawn,
    whole_games,
)
from reference import wire
from reference.campaign.games import GameResult
from reference.chance import sample
from reference.engine import apply, is_chance, is_over, legal_actions, new_game
from reference.model import Action, Audience, Climb, Decline, RoomFrame, Setup, State
from reference.searches import DECISION_LABELS, decision_label
from tests.helpers import dealt

pytestmark = pytest.mark.skipif(PROFILE == "crosshair", reason="the machines do not run under CrossHair")

# The step machines run in tox -e long and tox -e properties (marked long: the default run leaves them
# out), with the share of the budget the API whole games below have in every run; in the default run
# they still play, spoiled, in tests/test_properties_faults.py
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
TestMultiClanGames.pytestmark = [pytest.mark.long]
TestTokugawaGames.pytestmark = [pytest.mark.long]
TestGingkogawaGames.pytestmark = [pytest.mark.long]
TestGeneratedContentGames.pytestmark = [pytest.mark.long]


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


# The API whole-game properties: each step machine's setups and drawing styles, each game drawn in one
# go like the whole-game machine's, every invariant after every action and the step machines' API
# checks (properties/whole_games.py, ApiChecks), with the step machines' share of the budget


@game_settings(0.25)
@given(game=whole_games(MultiClanGame.setups, styles=MultiClanGame.styles, api=True))
def test_api_multi_clan_games(game: WholeGame) -> None:
    check(game)
    check_replay(game)


@game_settings(0.1)
@given(game=whole_games(TokugawaGame.setups, styles=TokugawaGame.styles, api=True))
def test_api_tokugawa_games(game: WholeGame) -> None:
    check(game)
    check_replay(game)


@game_settings(0.1)
@given(game=whole_games(GingkogawaGame.setups, styles=GingkogawaGame.styles, api=True))
def test_api_gingkogawa_games(game: WholeGame) -> None:
    check(game)
    check_replay(game)


@game_settings(0.15)
@given(game=whole_games(GeneratedContentGame.setups, styles=GeneratedContentGame.styles, api=True))
def test_api_generated_content_games(game: WholeGame) -> None:
    check(game)
    check_replay(game)


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


def test_the_api_checks_run_on_heavy_steps_only_and_find_a_step_the_decoded_state_does_not_replay() -> None:
    state = dealt()  # the first decision after the deal: the starting draft
    legal = legal_actions(state)
    action = legal[0]
    right = apply(state, action)
    wrong = replace(right, turn=right.turn + 1)  # what a faulty engine might return
    assert ApiChecks(heavy=lambda: False)(state, legal, action, wrong) == []  # not a heavy step
    assert ApiChecks(heavy=lambda: True)(state, legal, action, right) == []
    found = ApiChecks(heavy=lambda: True)(state, legal, action, wrong)
    assert [b.rule for b in found] == ["API.REPLAY"], found
    # a planted fault spoils the replay on the decoded state as it spoiled the step: not a breach
    spoiler = lambda before, act, after: replace(after, turn=after.turn + 1)  # noqa: E731
    assert ApiChecks(spoiler, heavy=lambda: True)(state, legal, action, wrong) == []

    def crashes_on_a_copy(before: State, act: Action, after: State) -> State:
        if before is not state:  # the decoded copy the round trip replays the step on
            raise KeyError("the engine crashes on a decoded state")
        return after

    # what the engine raises in the checks is a breach under its rule, not an exception
    found = ApiChecks(crashes_on_a_copy, heavy=lambda: True)(state, legal, action, right)
    assert [b.rule for b in found] == ["API.REPLAY"], found
    assert "raised KeyError('the engine crashes on a decoded state')" in found[0].message


def test_the_api_checks_follow_courtier_actions_and_climbs_and_check_a_chance_decisions_legal_actions() -> (
    None
):
    audience = climb = None
    for seed in range(40):  # random 2-clan games until one offered an audience and one a climb
        rng = random.Random(seed)
        state = new_game(Setup(players=2))
        while not is_over(state) and (audience is None or climb is None):
            legal = legal_actions(state)
            action = sample(state, rng) if is_chance(state) else rng.choice(legal)
            for option in legal:
                if audience is None and isinstance(option, Audience):
                    audience = (state, option)
                if climb is None and isinstance(option, Climb):
                    climb = (state, option)
            state = apply(state, action)
    assert audience is not None
    assert climb is not None
    before, option = audience
    after = apply(before, option)
    checks = ApiChecks(heavy=lambda: False)
    assert checks(before, legal_actions(before), option, after) == []
    depth = len(before.stack) - 1  # the Courtier action's frame

    def frame_as(audience: bool, climb: bool) -> State:
        frames = list(after.stack)
        frames[depth] = replace(frames[depth], audience=audience, climb=climb)
        return replace(after, stack=tuple(frames))

    # an engine that records the wrong part of the Courtier action
    found = ApiChecks(heavy=lambda: False)(before, legal_actions(before), option, frame_as(False, True))
    assert [b.rule for b in found] == ["COURTIER.ACTION"], found
    assert "was not recorded" in found[0].message
    # an engine that forgets the audience altogether lets the clan take a second one: that is named
    twice = ApiChecks(heavy=lambda: False)
    assert twice(before, legal_actions(before), option, frame_as(False, False)) == []
    found = twice(before, legal_actions(before), option, after)
    assert [b.message for b in found] == ["a Courtier action held 2 audiences and 0 climbs"], found
    # a climb that moves the wrong courtier and costs the wrong Mother-of-Pearl: both are named
    before, option = climb
    after = apply(before, option)
    assert ApiChecks(heavy=lambda: False)(before, legal_actions(before), option, after) == []
    clan = before.decision.clan
    assert clan is not None
    wrong = replace(
        after.clans[clan], courtiers=before.clans[clan].courtiers, pearl=after.clans[clan].pearl + 1
    )
    spoiled = replace(after, clans=tuple(wrong if i == clan else c for i, c in enumerate(after.clans)))
    found = ApiChecks(heavy=lambda: False)(before, legal_actions(before), option, spoiled)
    assert [b.rule for b in found if b.rule == "COURTIER.CLIMB"] == ["COURTIER.CLIMB"] * (
        2 if isinstance(spoiled.stack[-1] if spoiled.stack else None, RoomFrame) else 1
    ), found
    # at a chance decision the checks look at its legal actions (the loop does at the clans' decisions)
    deal = new_game(Setup(players=2))
    assert is_chance(deal)
    outcome = sample(deal, random.Random(0))
    assert ApiChecks(heavy=lambda: False)(deal, None, outcome, apply(deal, outcome)) == []


def test_the_api_checks_name_a_chance_decision_that_offers_a_clans_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal = new_game(Setup(players=2))
    outcome = sample(deal, random.Random(0))
    after = apply(deal, outcome)
    monkeypatch.setattr(whole_games_module, "legal_actions", lambda state: (Decline(),))
    found = ApiChecks(heavy=lambda: False)(deal, None, outcome, after)
    assert [b.rule for b in found] == ["TURN.DECISION"], found


def test_an_api_whole_game_checks_its_trace_round_trip_and_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    labels: list[object] = []

    def draw(strategy: object, label: object = None) -> int:
        labels.append(label)
        return 0  # the first option of each decision, and the heavy steps of seed 0

    checks = ApiChecks()
    result = play_drawn(cast(st.DrawFn, draw), Setup(players=2), 3, "eager", checks=checks)
    assert result.failure is None
    assert is_over(result.final)
    # the heavy steps' seed, then a draw for each decision, each under a label of its own
    assert labels == ["heavy steps"] + [f"decision {n}" for n in range(len(result.choices))]
    game = WholeGame(Setup(players=2), 3, "eager", result, api=True)
    check_replay(game)
    # a game whose recorded end is another state than its actions reach does not replay
    earlier = play_drawn(cast(st.DrawFn, draw), Setup(players=2), 4, "eager")
    spoiled = WholeGame(game.setup, 3, "eager", replace_result(result, final=earlier.final), api=True)
    monkeypatch.setattr(machines, "FAILURES_DIR", tmp_path)

    @settings(max_examples=1, database=None)
    @given(st.just(spoiled))
    def replayed(game: WholeGame) -> None:
        check_replay(game)

    with pytest.raises(PropertyFailure, match=r"^\[API.REPLAY\]"):
        replayed()
    assert [p.name for p in tmp_path.iterdir()] == ["ApiWholeGame-API.REPLAY.trace.json"]


def test_an_api_games_heavy_steps_are_the_ones_its_drawn_seed_picks(monkeypatch: pytest.MonkeyPatch) -> None:
    """One step in HEAVY_ONE_IN gets the heavy checks, picked by a generator seeded with the one
    integer drawn under the label ``heavy steps``: the same steps whatever the decisions were."""
    heavy_at: list[int] = []
    real = whole_games_module.round_trip
    checks = ApiChecks()

    def spy(
        state: State, action: Action, after: State, engine_apply: Callable[[State, Action], State]
    ) -> list[Breach]:
        heavy_at.append(checks.steps - 1)  # the step being checked (counted from 0)
        return real(state, action, after, engine_apply)

    monkeypatch.setattr(whole_games_module, "round_trip", spy)
    last_ticket = {strat._tickets(n): n - 1 for n in range(1, 400)}  # the decisions' cached draws
    played: list[tuple[Action, ...]] = []
    for pick in (0, 1):  # two decision streams: the first option, or the last of each decision
        heavy_at.clear()
        checks = ApiChecks()

        def draw(strategy: object, label: object = None, pick: int = pick) -> int:
            if label == "heavy steps":
                return 7
            return 0 if pick == 0 else last_ticket[strategy]

        result = play_drawn(cast(st.DrawFn, draw), Setup(players=2), 3, "uniform", checks=checks)
        assert result.failure is None
        picks = random.Random(7)
        expected = [n for n in range(len(result.actions)) if picks.randrange(HEAVY_ONE_IN) == 0]
        assert heavy_at == expected
        assert 0 < len(expected) < len(result.actions)
        played.append(result.actions)
    assert played[0] != played[1]  # other decisions, the same heavy steps by their number
    rate = ApiChecks()
    rate.pick_heavy_steps(7)
    assert 0.23 < sum(rate.heavy() for _ in range(4000)) / 4000 < 0.27  # one step in HEAVY_ONE_IN


def replace_result(result: GameResult, *, final: State) -> GameResult:
    return dataclasses.replace(result, final=final)


def test_a_legal_action_that_raises_ends_the_api_games_trace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = machines.apply

    def engine(state: State, action: Action) -> State:
        if isinstance(action, Decline) and action in legal_actions(state):  # not the illegal probes'
            raise ZeroDivisionError("a legal decline crashes")
        return real(state, action)

    monkeypatch.setattr(machines, "apply", engine)  # only the checks' own applies go through it
    monkeypatch.setattr(machines, "FAILURES_DIR", tmp_path)

    def draw(strategy: object, label: object = None) -> int:
        return 0  # the first option of each decision

    checks = ApiChecks(heavy=lambda: True)  # every step heavy
    result = play_drawn(cast(st.DrawFn, draw), Setup(players=2), 3, "eager", checks=checks)
    assert result.failure is not None
    assert result.failure.rule == "API.LEGAL_APPLIES"
    assert isinstance(checks.failed_option, Decline)
    game = WholeGame(Setup(players=2), 3, "eager", result, api=True, failed_option=checks.failed_option)

    @settings(max_examples=1, database=None)
    @given(st.just(game))
    def reported(game: WholeGame) -> None:
        check(game)

    with pytest.raises(
        PropertyFailure, match=r"^\[API.LEGAL_APPLIES\] the legal .*decline.* raised ZeroDivisionError"
    ):
        reported()
    [written] = tmp_path.iterdir()
    assert written.name == "ApiWholeGame-API.LEGAL_APPLIES.trace.json"
    trace = msgspec.json.decode(written.read_bytes(), type=wire.Trace)
    assert trace.actions == (*result.actions[:-1], checks.failed_option)  # from the state it was legal in
