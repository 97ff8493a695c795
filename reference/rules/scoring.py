"""Final scoring with a per-category breakdown.

Rules: SCORE.CP, SCORE.COINS_SEALS, SCORE.RESOURCES, SCORE.TIME, SCORE.COURTIERS, SCORE.WARRIORS,
SCORE.GARDENERS, SCORE.WINNER, TIME.SCORE, RULING.TIE_SHARED, RULING.TIME_SEASON4, WARRIOR.SCORE,
GARDENER.SCORE.
"""

from __future__ import annotations

from reference.content import Catalogue
from reference.model import Board, Clan, Floor, ScoreLine, TimeTrack

COURTIER_POINTS = {Floor.GATE: 1, Floor.STEWARDS: 3, Floor.DIPLOMATS: 6, Floor.DAIMYO: 10}
"""Clan Points per courtier by where it stands. Rule: SCORE.COURTIERS."""


def leftover_points(amount: int) -> int:
    """Clan Points for one leftover resource type: 0-2 -> 0, 3-6 -> 1, 7 -> 2. Rule: SCORE.RESOURCES.

    pre: 0 <= amount <= 7
    post: __return__ == (2 if amount == 7 else 1 if amount >= 3 else 0)
    """
    if amount >= 7:
        return 2
    return 1 if amount >= 3 else 0


def coins_and_seals_points(coins: int, seals: int) -> int:
    """1 Clan Point per 5 coins and seals added together, rounded down. Rule: SCORE.COINS_SEALS.

    pre: coins >= 0
    pre: 0 <= seals <= 5
    post: 5 * __return__ <= coins + seals < 5 * (__return__ + 1)
    """
    return (coins + seals) // 5


def time_points(track: TimeTrack, space: int) -> int:
    """Clan Points of a Passage of Time space (season 1: 0, 2: 3, 3: 6, season 4: printed 10..15).
    Rules: SCORE.TIME, RULING.TIME_SEASON4."""
    return track.score[min(space, track.last)]


def courtier_points(clan: Clan) -> int:
    """Gate 1, Stewards' floor 3, Diplomats' floor 6, Daimyo's room 10 each. Rule: SCORE.COURTIERS."""
    return sum(COURTIER_POINTS[floor] * clan.courtiers[floor] for floor in Floor)


def courtiers_inside(clan: Clan) -> int:
    """Courtiers inside the castle (floors 1-3; the Gate does not count). Rule: SCORE.WARRIORS."""
    return clan.courtiers[Floor.STEWARDS] + clan.courtiers[Floor.DIPLOMATS] + clan.courtiers[Floor.DAIMYO]


def warrior_points(board: Board, index: int, clan: Clan) -> int:
    """(Sum of the yard values of the clan's warriors) x (its courtiers inside the castle).
    Rules: SCORE.WARRIORS, WARRIOR.SCORE."""
    strength = sum(yard.value * yard.warriors.count(index) for yard in board.yards)
    return strength * courtiers_inside(clan)


def gardener_points(board: Board, index: int, cat: Catalogue) -> int:
    """Sum of the Clan Points printed on the gardens the clan's gardeners stand on.
    Rules: SCORE.GARDENERS, GARDENER.SCORE."""
    return sum(cat.gardens[slot.card].cp for slot in board.gardens if index in slot.gardeners)


def score_clan(board: Board, index: int, clan: Clan, cat: Catalogue, *, leftovers: bool = True) -> ScoreLine:
    """The final breakdown of one clan; ``leftovers`` False skips coins, seals and resources (the solo
    rival). ``total`` is the sum of the categories. Rules: SCORE.*."""
    coins_seals = coins_and_seals_points(clan.coins, clan.seals) if leftovers else 0
    res = (
        leftover_points(clan.food) + leftover_points(clan.iron) + leftover_points(clan.pearl)
        if leftovers
        else 0
    )
    parts = (
        clan.cp,
        coins_seals,
        res,
        time_points(cat.content.time, clan.time),
        courtier_points(clan),
        warrior_points(board, index, clan),
        gardener_points(board, index, cat),
    )
    return ScoreLine(index, *parts, total=sum(parts))


def winners(scores: tuple[ScoreLine, ...]) -> tuple[int, ...]:
    """Every clan with the highest total: a tie is a shared win. Rules: SCORE.WINNER, RULING.TIE_SHARED."""
    best = max(s.total for s in scores)
    return tuple(s.clan for s in scores if s.total == best)
