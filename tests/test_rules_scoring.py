"""Final scoring by category (rules-facts §7) and the winners."""

from __future__ import annotations

import pytest

from reference.content import base_content, catalogue
from reference.engine import apply, is_over
from reference.model import Clan, Colour, DecisionKind, Decline, End, ScoreLine, Space, State
from reference.rules import scoring
from tests.helpers import (
    G1_SLOT,
    G3_SLOT,
    G7_SLOT,
    board,
    holding,
    last_turn,
    only_bridges,
    place,
    started,
    waiting,
    with_gardeners,
    with_warriors,
)


def finish(state: State) -> State:
    """Clan 1 plays the last turn of round 3: the lone coral 5 from its right slot (no Lantern) to the
    left Outside space (nothing paid), declining the action. The game ends and is scored."""
    state = last_turn(state, 3)
    state = only_bridges(state, coral=(None, (), 5))
    assert waiting(state, DecisionKind.TURN, 1)
    state = apply(place(state, Colour.CORAL, End.RIGHT, Space.OUTSIDE_LEFT), Decline())
    assert is_over(state)
    return state


def line(state: State, index: int) -> ScoreLine:
    return next(s for s in state.scores if s.clan == index)


@pytest.mark.rule(
    "SCORE.CP",
    "SCORE.COINS_SEALS",
    "SCORE.RESOURCES",
    "SCORE.TIME",
    "SCORE.COURTIERS",
    "SCORE.WARRIORS",
    "SCORE.GARDENERS",
    "SCORE.WINNER",
    "WARRIOR.SCORE",
    "GARDENER.SCORE",
)
def test_score_final_breakdown_by_category() -> None:
    state = started()
    state = holding(
        state,
        0,
        cp=4,
        coins=7,
        seals=3,
        food=2,
        iron=3,
        pearl=7,
        time=16,
        courtiers=(1, 1, 1, 1),
        sent=(4, 2, 3),
    )
    state = holding(state, 1, cp=0, coins=4, seals=0, time=0, courtiers=(2, 0, 0, 0), sent=(2, 0, 2))
    state = with_warriors(state, 5, 0)
    state = with_warriors(state, 3, 1, 1)
    state = with_warriors(state, 1, 0, 0)
    state = with_gardeners(state, G1_SLOT, 0)
    state = with_gardeners(state, G7_SLOT, 0)
    over = finish(state)
    zero = line(over, 0)
    assert zero.during_play == 4
    assert zero.coins_and_seals == 2  # (7 + 3) // 5
    assert zero.resources == 0 + 1 + 2  # food 2, iron 3, pearl 7
    assert zero.time == 11  # space 16
    assert zero.courtiers == 1 + 3 + 6 + 10
    assert zero.warriors == (2 + 1 + 1) * 3  # three courtiers inside; the Gate does not count
    assert zero.gardeners == 1 + 7
    assert zero.total == 4 + 2 + 3 + 11 + 20 + 12 + 8
    one = line(over, 1)
    assert one.courtiers == 2
    assert one.warriors == 0  # warriors but no courtier inside the castle
    assert one.coins_and_seals == 0
    assert one.total == 2
    assert over.winners == (0,)


@pytest.mark.rule("SCORE.COINS_SEALS")
@pytest.mark.parametrize(
    ("coins", "seals", "points"),
    [(4, 0, 0), (5, 0, 1), (3, 2, 1), (4, 5, 1), (9, 1, 2), (0, 5, 1), (23, 2, 5)],
)
def test_score_coins_and_seals_added_together_per_5(coins: int, seals: int, points: int) -> None:
    assert scoring.coins_and_seals_points(coins, seals) == points


@pytest.mark.rule("SCORE.RESOURCES")
@pytest.mark.parametrize(
    ("amount", "points"), [(0, 0), (1, 0), (2, 0), (3, 1), (4, 1), (5, 1), (6, 1), (7, 2)]
)
def test_score_leftover_resource(amount: int, points: int) -> None:
    assert scoring.leftover_points(amount) == points


@pytest.mark.rule("SCORE.TIME", "TIME.SCORE", "RULING.TIME_SEASON4")
@pytest.mark.parametrize(
    ("space", "points"),
    [
        (0, 0),
        (5, 0),
        (6, 3),
        (10, 3),
        (11, 6),
        (14, 6),
        (15, 10),
        (16, 11),
        (17, 12),
        (18, 13),
        (19, 14),
        (20, 15),
    ],
)
def test_score_passage_of_time(space: int, points: int) -> None:
    assert scoring.time_points(base_content().time, space) == points


@pytest.mark.rule("SCORE.COURTIERS")
def test_score_courtiers_by_level() -> None:
    assert scoring.courtier_points(Clan(courtiers=(1, 0, 0, 0))) == 1
    assert scoring.courtier_points(Clan(courtiers=(0, 1, 0, 0))) == 3
    assert scoring.courtier_points(Clan(courtiers=(0, 0, 1, 0))) == 6
    assert scoring.courtier_points(Clan(courtiers=(0, 0, 0, 1))) == 10
    assert scoring.courtier_points(Clan(courtiers=(2, 1, 1, 1))) == 2 + 3 + 6 + 10
    assert scoring.courtier_points(Clan()) == 0


@pytest.mark.rule("SCORE.WARRIORS", "WARRIOR.SCORE", "SETUP.YARDS")
def test_score_warriors_times_courtiers_inside() -> None:
    state = with_warriors(started(), 5, 0, 0, 1)
    state = with_warriors(state, 3, 0)
    b = board(state)
    # yard values 2, 1, 1: clan 0 has 2 + 2 + 1 = 5
    assert scoring.warrior_points(b, 0, Clan(courtiers=(3, 0, 0, 0))) == 0
    assert scoring.warrior_points(b, 0, Clan(courtiers=(3, 1, 0, 0))) == 5
    assert scoring.warrior_points(b, 0, Clan(courtiers=(0, 1, 1, 1))) == 15
    assert scoring.warrior_points(b, 1, Clan(courtiers=(0, 2, 0, 0))) == 4


@pytest.mark.rule("SCORE.GARDENERS", "GARDENER.SCORE", "GARDEN.PRICE_LADDER")
def test_score_gardeners_printed_cp() -> None:
    state = with_gardeners(started(), G1_SLOT, 0, 1)
    state = with_gardeners(state, G3_SLOT, 0)
    state = with_gardeners(state, G7_SLOT, 1)
    cat = catalogue(None)
    assert scoring.gardener_points(board(state), 0, cat) == 1 + 3
    assert scoring.gardener_points(board(state), 1, cat) == 1 + 7


@pytest.mark.rule("RULING.TIE_SHARED", "SCORE.WINNER")
def test_score_tie_is_a_shared_win() -> None:
    state = holding(started(), 0, coins=10, time=6)
    state = holding(state, 1, coins=10, time=6)
    over = finish(state)
    assert line(over, 0).total == line(over, 1).total == 2 + 3
    assert over.winners == (0, 1)


@pytest.mark.rule("SCORE.WINNER")
def test_score_winners_function() -> None:
    def score(clan: int, total: int) -> ScoreLine:
        return ScoreLine(clan, total, 0, 0, 0, 0, 0, 0, total)

    assert scoring.winners((score(0, 10), score(1, 12), score(2, 12))) == (1, 2)
    assert scoring.winners((score(0, 10), score(1, 9))) == (0,)


@pytest.mark.rule("SCORE.COINS_SEALS", "SCORE.RESOURCES", "SOLO.SCORE")
def test_score_clan_counts_leftovers_unless_it_is_the_solo_rival() -> None:
    b = board(started())
    holder = Clan(cp=2, coins=8, seals=2, food=7, iron=3, pearl=1)
    cat = catalogue(None)
    clan_line = scoring.score_clan(b, 0, holder, cat)
    assert (clan_line.coins_and_seals, clan_line.resources) == (2, 2 + 1 + 0)
    assert clan_line.total == 2 + 2 + 3
    rival_line = scoring.score_clan(b, 0, holder, cat, leftovers=False)
    assert (rival_line.coins_and_seals, rival_line.resources) == (0, 0)
    assert rival_line.total == 2
