"""CrossHair contracts on the small pure rule functions of the engine.

Each function below is a thin wrapper with PEP 316 contracts in its docstring (``pre:`` and ``post:``
lines; ``__return__`` is the result) that calls the engine's own rule functions on the values it is
given. Two things check them:

- ``tox -e contracts`` runs CrossHair (symbolic execution) over every contract here and over the
  contracts written into the rule functions' own docstrings (placement.coin_difference,
  rival.hand_in_points (reference.rules.solo.rival), scoring.leftover_points, scoring.coins_and_seals_points,
  gingkogawa.from_position), and prints each contract with its status (``python -m
  properties.contracts``);
- tests/test_contracts.py checks the same conditions at run time on values drawn by Hypothesis
  (:func:`violations`).

The wrappers build engine values (msgspec Structs) from plain numbers; CrossHair needs the plugin
:mod:`properties.crosshair_plugin` to construct them.
"""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from hypothesis import strategies as st

from reference.content import base_content, catalogue
from reference.model import (
    SPACE_FACTS,
    SPACES,
    Board,
    Bridge,
    Clan,
    Colour,
    Decision,
    DecisionKind,
    Die,
    Difficulty,
    End,
    Gain,
    GainKind,
    Influence,
    InfluenceFrame,
    PayCheckpoint,
    Phase,
    Resource,
    Room,
    ScoreLine,
    Setup,
    Slot,
    Solo,
    SoloCard,
    SoloDeck,
    Space,
    State,
    StopMove,
    Trade,
)
from reference.rules import bridges, effects, holdings, placement, scoring
from reference.rules import time as passage
from reference.rules.solo import gingkogawa, rival
from reference.rules.solo.tokugawa import TOKUGAWA

RESOURCE_ORDER: Final = (Resource.FOOD, Resource.IRON, Resource.PEARL)
ROOMS_AND_OUTSIDE: Final = (
    Space.STEWARD_1,
    Space.STEWARD_2,
    Space.STEWARD_3,
    Space.DIPLOMAT_1,
    Space.DIPLOMAT_2,
    Space.OUTSIDE_LEFT,
    Space.OUTSIDE_RIGHT,
    Space.WELL,
)
"""The spaces a rival's card can name, by index."""
TRACK: Final = base_content().time
"""The shipped Passage of Time track (loaded here, before any analysis: CrossHair forbids file reads)."""
catalogue(None)  # warm the engine's content cache for the same reason

# ---- placement: the coin difference ------------------------------------------------------------


def placement_coins(die: int, space: int) -> int:
    """Coins gained (+) or owed (-) for a die placed on an empty space, by its printed value.
    Rules: PLACE.COIN_DIFFERENCE, CASTLE.STEWARD_VALUE, CASTLE.DIPLOMAT_VALUE, OUTSIDE.VALUE,
    WELL.VALUE, DOMAIN.VALUE.

    pre: 1 <= die <= 6
    pre: 0 <= space < 11
    post: __return__ == die - (3, 3, 3, 4, 4, 5, 5, 1, 6, 6, 6)[space]
    post: (__return__ > 0) == (die > (3, 3, 3, 4, 4, 5, 5, 1, 6, 6, 6)[space])
    post: space != 7 or __return__ >= 0
    """
    where = SPACES[space]
    return placement.coin_difference(die, SPACE_FACTS[where].value)


def covered_coins(die: int, covered: int) -> int:
    """Coins for a die placed over another die (3-4 clans compare with the covered die).
    Rules: PLACE.COIN_DIFFERENCE, PLACE.STACK_3_4P.

    pre: 1 <= die <= 6
    pre: 1 <= covered <= 6
    post: -5 <= __return__ <= 5
    post: (__return__ > 0) == (die > covered)
    post: (__return__ == 0) == (die == covered)
    post: covered != 1 or __return__ >= 0
    post: covered != 6 or __return__ <= 0
    """
    return placement.coin_difference(die, covered)


def space_capacity(players: int, space: int) -> int:
    """Dice a space takes in one round (-1: no limit). Rules: PLACE.NO_STACK_2P, PLACE.STACK_3_4P,
    DOMAIN.ONE_DIE, WELL.VALUE.

    pre: 2 <= players <= 4
    pre: 0 <= space < 11
    post: (__return__ == -1) == (space == 7)
    post: space < 8 or __return__ == 1
    post: space >= 7 or __return__ == (1 if players <= 2 else 2)
    """
    limit = placement.capacity(players, SPACES[space])
    return -1 if limit is None else limit


# ---- the rival: hand-in and placement coins --------------------------------------------------------


def hand_in(coins: int, first: bool, round_number: int) -> tuple[int, int]:
    """(Clan Points, coins kept) of the rival's hand-in: per 3 coins when first, per 5 when second,
    the round number each. Rule: SOLO.ROUND.HAND_IN.

    pre: 0 <= coins <= 200
    pre: 1 <= round_number <= 3
    post: __return__[1] == coins % (3 if first else 5)
    post: 0 <= __return__[1] < (3 if first else 5)
    post: __return__[0] == round_number * (coins // (3 if first else 5))
    post: __return__[0] * (3 if first else 5) == round_number * (coins - __return__[1])
    """
    return rival.hand_in_points(coins, rival.HAND_IN_RATE[0 if first else 1], round_number)


def rival_hand_in(coins: int, cp: int, first: bool, round_number: int) -> tuple[int, int]:
    """The rival's (coins, Clan Points) after ``rival.hand_in`` on a solo game at the end of a round
    (the engine's own function on a state). Rules: SOLO.ROUND.HAND_IN, SOLO.GOLDEN.NEVER_PAYS.

    pre: 0 <= coins <= 15
    pre: 0 <= cp <= 20
    pre: 1 <= round_number <= 3
    post: __return__[0] == coins % (3 if first else 5)
    post: __return__[1] == cp + round_number * (coins // (3 if first else 5))
    post: __return__[0] <= coins
    """
    player, rival_clan = Clan(), Clan(coins=coins, cp=cp, rival=True)
    state = State(
        setup=Setup(players=2, solo=Solo()),
        phase=Phase.TURNS,
        decision=Decision(DecisionKind.NONE, None),
        round=round_number,
        turn_order=(1, 0) if first else (0, 1),
        clans=(player, rival_clan),
    )
    after = rival.hand_in(state).clans[1]
    return after.coins, after.cp


_EMPTY_ROOMS: Final = (
    Room(1, "S2", (Colour.CORAL, Colour.BLACK, Colour.WHITE)),
    Room(1, "S4", (Colour.CORAL, Colour.BLACK, Colour.WHITE)),
    Room(1, "S5", (Colour.CORAL, Colour.BLACK, Colour.WHITE)),
    Room(2, "D2", (Colour.CORAL, Colour.BLACK)),
    Room(2, "D3", (Colour.BLACK, Colour.WHITE)),
)


def rival_placement_coins(die: int, space: int, taken: bool) -> int:
    """Coins the Tokugawa rival gains for its placement (``TOKUGAWA.turn`` on a board whose coral
    bridge holds only ``die``, with a two-card deck naming the coral left die and ``space``; ``taken``:
    a die already lies there, so the rival goes to the Well). Rules: SOLO.TURN.PLACE,
    SOLO.TURN.NO_STACK_WELL, SOLO.GOLDEN.NEVER_PAYS.

    pre: 1 <= die <= 6
    pre: 0 <= space < 8
    post: __return__ >= 0
    post: taken and space != 7 or __return__ == max(0, die - (3, 3, 3, 4, 4, 5, 5, 1)[space])
    post: not taken or space == 7 or __return__ == die - 1
    """
    where = ROOMS_AND_OUTSIDE[space]
    cards = tuple(
        SoloCard(id=f"C{i}", bridge=Colour.CORAL, slot=Slot.LEFT, space=where, top=(), bottom=())
        for i in range(2)
    )
    deck = SoloDeck(name="contract", provisional=True, cards=cards)
    dice = Die(Colour.WHITE, 1, 0)
    rooms = tuple(
        Room(
            r.floor,
            r.card,
            r.tiles,
            (dice,) if taken and SPACE_FACTS[where].kind == "room" and SPACE_FACTS[where].index == i else (),
        )
        for i, r in enumerate(_EMPTY_ROOMS)
    )
    outside = tuple(
        (dice,) if taken and SPACE_FACTS[where].kind == "outside" and SPACE_FACTS[where].index == i else ()
        for i in range(2)
    )
    board = Board(
        bridges=(
            Bridge(Colour.CORAL, die, (), None),
            Bridge(Colour.BLACK, None, (), None),
            Bridge(Colour.WHITE, None, (), None),
        ),
        rooms=rooms,
        steward_deck=(),
        diplomat_deck=(),
        daimyo="DF1",
        favours=(None, None, None),
        outside=(outside[0], outside[1]),
        well=(),
        well_tiles=(),
        gardens=(),
        yards=(),
    )
    state = State(
        setup=Setup(players=2, solo=Solo(deck=deck)),
        phase=Phase.TURNS,
        decision=Decision(DecisionKind.NONE, None),
        turn_order=(1, 0),
        clans=(Clan(), Clan(rival=True)),
        board=board,
        solo_deck=("C0", "C1"),
    )
    return TOKUGAWA.turn(state, 1).clans[1].coins


# ---- seals, resources and trades -----------------------------------------------------------------


def seal_gain(seals: int, n: int) -> int:
    """Seals held after gaining ``n``: anything above 5 is lost. Rules: SEALS.CAP, RULING.GAINS_PER_ICON.

    pre: 0 <= seals <= 5
    pre: 0 <= n <= 10
    post: __return__ == min(5, seals + n)
    post: seals <= __return__ <= 5
    """
    return holdings.gain(Clan(seals=seals), GainKind.SEAL, n).seals


def resource_gain(which: int, amount: int, n: int) -> int:
    """A resource held after gaining ``n``: anything above 7 is lost. Rule: RESOURCES.CAP.

    pre: 0 <= which <= 2
    pre: 0 <= amount <= 7
    pre: 0 <= n <= 10
    post: __return__ == min(7, amount + n)
    """
    kind = (GainKind.FOOD, GainKind.IRON, GainKind.PEARL)[which]
    clan = holdings.gain(Clan(food=amount, iron=amount, pearl=amount), kind, n)
    return holdings.resource(clan, kind)


def coin_gain(coins: int, n: int) -> int:
    """Coins have no cap. Rules: COINS.NO_CAP, RULING.COINS_UNLIMITED.

    pre: 0 <= coins
    pre: 0 <= n
    post: __return__ == coins + n
    """
    return holdings.gain(Clan(coins=coins), GainKind.COIN, n).coins


def pay_coins(coins: int, n: int) -> int:
    """Coins left after paying ``n`` of them (the caller checked the clan holds them).

    pre: 0 <= n <= coins
    post: __return__ == coins - n
    post: __return__ >= 0
    """
    return holdings.pay(Clan(coins=coins), GainKind.COIN, n).coins


def trades_open(seals: int) -> int:
    """How many seal trades are open: 1 seal for a coin, 2 seals for one of the three resources.
    Rules: SEALS.TRADE_COIN, SEALS.TRADE_RESOURCE, RULING.TRADES_AT_OWN_DECISIONS.

    pre: 0 <= seals <= 5
    post: __return__ == (0 if seals == 0 else 1 if seals == 1 else 4)
    """
    return len(holdings.trades(Clan(seals=seals)))


def trade_for_coin(seals: int, coins: int) -> tuple[int, int]:
    """(seals, coins) after trading 1 seal for 1 coin. Rule: SEALS.TRADE_COIN.

    pre: 1 <= seals <= 5
    pre: 0 <= coins
    post: __return__ == (seals - 1, coins + 1)
    """
    clan = holdings.trade(Clan(seals=seals, coins=coins), Trade(None))
    return clan.seals, clan.coins


def trade_for_resource(seals: int, amount: int, which: int) -> tuple[int, int]:
    """(seals, resource) after trading 2 seals for 1 resource (capped at 7). Rules: SEALS.TRADE_RESOURCE,
    RESOURCES.CAP.

    pre: 2 <= seals <= 5
    pre: 0 <= amount <= 7
    pre: 0 <= which <= 2
    post: __return__ == (seals - 2, min(7, amount + 1))
    """
    r = RESOURCE_ORDER[which]
    clan = holdings.trade(Clan(seals=seals, food=amount, iron=amount, pearl=amount), Trade(r))
    return clan.seals, holdings.resource(clan, r)


# ---- the Passage of Time -------------------------------------------------------------------------


def checkpoint_cost(space: int) -> int:
    """Seals owed to enter a space of the shipped track: 1 for 6, 2 for 11, 3 for 15.
    Rules: TIME.CHECKPOINTS, TIME.CHECKPOINT_SPACES.

    pre: 0 <= space <= 21
    post: __return__ == (1 if space == 6 else 2 if space == 11 else 3 if space == 15 else 0)
    """
    return passage.next_checkpoint_cost(TRACK, Clan(time=space - 1))


def influence_move(start: int, seals: int, steps: int, pay: bool) -> tuple[int, int]:
    """(space, seals) after a Passage of Time move of ``steps`` driven through the engine's own
    frame functions (``influence_options``/``influence_run``/``influence_act``), paying every
    checkpoint it can when ``pay``, else refusing. Rules: TIME.MOVE, TIME.CHECKPOINTS, TIME.STOP,
    RULING.LOST_STEPS, RULING.TIME_END.

    pre: 0 <= start <= 20
    pre: 0 <= seals <= 5
    pre: 0 <= steps <= 6
    post: start <= __return__[0] <= min(20, start + steps)
    post: seals - __return__[1] == sum({6: 1, 11: 2, 15: 3}.get(s, 0) for s in range(start + 1, __return__[0] + 1))
    post: pay or all(s not in (6, 11, 15) for s in range(start + 1, __return__[0] + 1))
    post: __return__[0] == min(20, start + steps) or __return__[0] + 1 in (6, 11, 15)
    """
    frame = InfluenceFrame(0, steps)
    state = State(
        setup=Setup(players=2),
        phase=Phase.TURNS,
        decision=Decision(DecisionKind.NONE, None),
        clans=(Clan(time=start, seals=seals), Clan()),
        stack=(frame,),
    )
    for _ in range(2 * steps + 2):
        if not state.stack:
            break
        top = state.stack[-1]
        assert isinstance(top, InfluenceFrame)
        if effects.influence_options(state, top):
            state = effects.influence_act(state, top, PayCheckpoint() if pay else StopMove())
        else:
            state = effects.influence_run(state, top)
    return state.clans[0].time, state.clans[0].seals


def turn_order(
    time_a: int, arrival_a: int, time_b: int, arrival_b: int, time_c: int, arrival_c: int
) -> tuple[int, ...]:
    """The next round's order of three clans: furthest first, on a shared space the marker on top
    (latest arrival) first. Rules: TIME.TURN_ORDER, TIME.STACK.

    pre: 0 <= time_a <= 20 and 0 <= time_b <= 20 and 0 <= time_c <= 20
    pre: arrival_a != arrival_b and arrival_b != arrival_c and arrival_a != arrival_c
    post: sorted(__return__) == [0, 1, 2]
    post: all(((time_a, time_b, time_c)[x], (arrival_a, arrival_b, arrival_c)[x]) > ((time_a, time_b, time_c)[y], (arrival_a, arrival_b, arrival_c)[y]) for x, y in zip(__return__, __return__[1:]))
    """
    clans = (
        Clan(time=time_a, arrival=arrival_a),
        Clan(time=time_b, arrival=arrival_b),
        Clan(time=time_c, arrival=arrival_c),
    )
    return passage.turn_order(clans)


# ---- bridges ----------------------------------------------------------------------------------------


def take_end(left: int, centre: int, right: int, from_left: bool) -> tuple[int, int, int]:
    """Take an end die of a sorted 3-die bridge: (value taken, new left or 0, new right or 0); the
    centre die slides into the emptied slot. Rules: BRIDGE.ENDS_ONLY, BRIDGE.SLIDE,
    SETUP.BRIDGES_SORTED.

    pre: 1 <= left <= centre <= right <= 6
    post: __return__[0] == (left if from_left else right)
    post: __return__[1:] == ((centre, right) if from_left else (left, centre))
    post: __return__[1] <= __return__[2]
    """
    value, after = bridges.take(
        Bridge(Colour.CORAL, left, (centre,), right), End.LEFT if from_left else End.RIGHT
    )
    assert after.centre == ()
    return value, after.left or 0, after.right or 0


def take_last(value: int, from_left: bool) -> tuple[int, int]:
    """Take the only die of a bridge from its end: (value, dice left). Rule: RULING.LONE_DIE_SLOT.

    pre: 1 <= value <= 6
    post: __return__ == (value, 0)
    """
    bridge = Bridge(Colour.CORAL, value, (), None) if from_left else Bridge(Colour.CORAL, None, (), value)
    taken, after = bridges.take(bridge, End.LEFT if from_left else End.RIGHT)
    return taken, after.count()


def sorted_bridge(a: int, b: int, c: int) -> tuple[int, int, int]:
    """A freshly rolled bridge reads lowest to highest, left to right. Rule: SETUP.BRIDGES_SORTED.

    pre: 1 <= a <= 6 and 1 <= b <= 6 and 1 <= c <= 6
    post: __return__ == tuple(sorted((a, b, c)))
    """
    bridge = bridges.sorted_bridge(Colour.BLACK, (a, b, c))
    assert bridge.left is not None
    assert bridge.right is not None
    assert len(bridge.centre) == 1
    return bridge.left, bridge.centre[0], bridge.right


# ---- the Gingkogawa bot ----------------------------------------------------------------------------


def zone_search(zone: int, start: int, taken: int) -> int:
    """The room the bot places in: the first free position of its zone from the shown position
    rightwards, wrapping to the left (-1 when the zone is full). ``taken`` is a bit mask of taken
    positions. Rules: GINKGO.SHOWN_POSITION, GINKGO.WRAP, GINKGO.FULL_ZONE.

    pre: 0 <= zone <= 2
    pre: 0 <= start < (3, 2, 2)[zone]
    pre: 0 <= taken < 2 ** (3, 2, 2)[zone]
    post: __return__ == -1 or not (taken >> __return__) & 1
    post: (__return__ == -1) == (taken == 2 ** (3, 2, 2)[zone] - 1)
    post: __return__ == -1 or all((taken >> ((start + k) % (3, 2, 2)[zone])) & 1 for k in range((__return__ - start) % (3, 2, 2)[zone]))
    """
    spaces = tuple(gingkogawa.ZONES.values())[zone]
    order = gingkogawa.from_position(spaces, start)
    assert len(order) == len(spaces)
    assert set(order) == set(spaces)
    assert order[0] == spaces[start]
    free = [s for s in order if not (taken >> spaces.index(s)) & 1]
    return spaces.index(free[0]) if free else -1


def card_half(die: int, top_icons: int, bottom_icons: int) -> int:
    """Which half of its card the bot does after a full zone: the top for an odd die, the bottom for
    an even die (returns the number of icons of the half). Rules: GINKGO.HALF, RULING.GINKGO_HALVES.

    pre: 1 <= die <= 6
    pre: 0 <= top_icons <= 3 and 0 <= bottom_icons <= 3
    post: __return__ == (top_icons if die % 2 == 1 else bottom_icons)
    """
    card = SoloCard(
        id="H",
        bridge=Colour.CORAL,
        slot=Slot.LEFT,
        space=Space.WELL,
        top=tuple(Gain(GainKind.CP, 1) for _ in range(top_icons)),
        bottom=tuple(Gain(GainKind.COIN, 1) for _ in range(bottom_icons)),
    )
    return len(gingkogawa.half(card, die))


def bot_bonus(difficulty: int, round_number: int) -> tuple[int, int]:
    """(Influence, Clan Points) of a bot bonus: 1 each on Easy, the round number each on Normal and
    Hard. Rules: GINKGO.BONUS, GINKGO.FULL_ZONE.

    pre: 0 <= difficulty <= 2
    pre: 1 <= round_number <= 3
    post: __return__ == ((1, 1) if difficulty == 0 else (round_number, round_number))
    """
    level = (Difficulty.EASY, Difficulty.MEDIUM, Difficulty.HARD)[difficulty]
    step, points = gingkogawa.bonus(level, round_number)
    assert isinstance(step, Influence)
    assert isinstance(points, Gain)
    assert points.what is GainKind.CP
    return step.n, points.n


# ---- scoring -----------------------------------------------------------------------------------------


def leftover_points(amount: int) -> int:
    """Clan Points for one leftover resource: 0-2 none, 3-6 one, 7 two. Rule: SCORE.RESOURCES.

    pre: 0 <= amount <= 7
    post: __return__ == (2 if amount == 7 else 1 if amount >= 3 else 0)
    """
    return scoring.leftover_points(amount)


def coins_and_seals_points(coins: int, seals: int) -> int:
    """1 Clan Point per 5 coins and seals together. Rule: SCORE.COINS_SEALS.

    pre: 0 <= coins <= 100
    pre: 0 <= seals <= 5
    post: __return__ * 5 <= coins + seals < (__return__ + 1) * 5
    """
    return scoring.coins_and_seals_points(coins, seals)


def courtier_points(gate: int, stewards: int, diplomats: int, daimyo: int) -> int:
    """Courtiers score 1 at the Gate, 3 on the Stewards' floor, 6 on the Diplomats' floor, 10 in the
    Daimyo's room. Rule: SCORE.COURTIERS.

    pre: 0 <= gate and 0 <= stewards and 0 <= diplomats and 0 <= daimyo
    pre: gate + stewards + diplomats + daimyo <= 5
    post: __return__ == gate + 3 * stewards + 6 * diplomats + 10 * daimyo
    """
    return scoring.courtier_points(Clan(courtiers=(gate, stewards, diplomats, daimyo)))


def courtiers_inside(gate: int, stewards: int, diplomats: int, daimyo: int) -> int:
    """Courtiers inside the castle (the Gate does not count) multiply the warriors. Rule: SCORE.WARRIORS.

    pre: 0 <= gate and 0 <= stewards and 0 <= diplomats and 0 <= daimyo
    post: __return__ == stewards + diplomats + daimyo
    """
    return scoring.courtiers_inside(Clan(courtiers=(gate, stewards, diplomats, daimyo)))


def time_points(space: int) -> int:
    """Clan Points of a Passage of Time space on the shipped track: 0 up to 5, 3 from 6, 6 from 11,
    10 on 15, then 11..15 (season 4). Rules: SCORE.TIME, TIME.SCORE, RULING.TIME_SEASON4.

    pre: 0 <= space <= 25
    post: __return__ == (0 if space < 6 else 3 if space < 11 else 6 if space < 15 else 10 + min(space, 20) - 15)
    """
    return scoring.time_points(TRACK, space)


def winners(a: int, b: int, c: int) -> tuple[int, ...]:
    """Every clan with the best total wins (a tie is shared). Rules: SCORE.WINNER, RULING.TIE_SHARED.

    pre: 0 <= a and 0 <= b and 0 <= c
    post: len(__return__) >= 1
    post: all((a, b, c)[i] == max(a, b, c) for i in __return__)
    post: all(i in __return__ for i in range(3) if (a, b, c)[i] == max(a, b, c))
    """
    lines = tuple(ScoreLine(i, t, 0, 0, 0, 0, 0, 0, t) for i, t in enumerate((a, b, c)))
    return scoring.winners(lines)


CONTRACTS: Final[tuple[Callable[..., Any], ...]] = (
    placement_coins,
    covered_coins,
    space_capacity,
    hand_in,
    rival_hand_in,
    rival_placement_coins,
    seal_gain,
    resource_gain,
    coin_gain,
    pay_coins,
    trades_open,
    trade_for_coin,
    trade_for_resource,
    checkpoint_cost,
    influence_move,
    turn_order,
    take_end,
    take_last,
    sorted_bridge,
    zone_search,
    card_half,
    bot_bonus,
    leftover_points,
    coins_and_seals_points,
    courtier_points,
    courtiers_inside,
    time_points,
    winners,
    placement.coin_difference,
    rival.hand_in_points,
    scoring.leftover_points,
    scoring.coins_and_seals_points,
    gingkogawa.from_position,
)
"""Every function with contracts: the wrappers above, then the rule functions with their own."""

_DIE: Final = st.integers(1, 6)
_SMALL: Final = st.integers(0, 7)
_ROUND: Final = st.integers(1, 3)


def _within(total: int, parts: int) -> st.SearchStrategy[tuple[int, ...]]:
    """``parts`` counts >= 0 whose sum is at most ``total`` (drawn inside the bound, none rejected)."""
    if parts == 0:
        return st.just(())
    return st.integers(0, total).flatmap(
        lambda first: _within(total - first, parts - 1).map(lambda rest: (first, *rest))
    )


_ZONES: Final = (3, 2, 2)
_PER_ARGUMENT: Final[dict[Callable[..., Any], tuple[st.SearchStrategy[Any], ...]]] = {
    placement_coins: (_DIE, st.integers(0, 10)),
    covered_coins: (_DIE, _DIE),
    space_capacity: (st.integers(2, 4), st.integers(0, 10)),
    hand_in: (st.integers(0, 200), st.booleans(), _ROUND),
    rival_hand_in: (st.integers(0, 15), st.integers(0, 20), st.booleans(), _ROUND),
    rival_placement_coins: (_DIE, st.integers(0, 7), st.booleans()),
    seal_gain: (st.integers(0, 5), st.integers(0, 10)),
    resource_gain: (st.integers(0, 2), _SMALL, st.integers(0, 10)),
    coin_gain: (st.integers(0, 100), st.integers(0, 20)),
    trades_open: (st.integers(0, 5),),
    trade_for_coin: (st.integers(1, 5), st.integers(0, 30)),
    trade_for_resource: (st.integers(2, 5), _SMALL, st.integers(0, 2)),
    checkpoint_cost: (st.integers(0, 21),),
    influence_move: (st.integers(0, 20), st.integers(0, 5), st.integers(0, 6), st.booleans()),
    take_last: (_DIE, st.booleans()),
    sorted_bridge: (_DIE, _DIE, _DIE),
    card_half: (_DIE, st.integers(0, 3), st.integers(0, 3)),
    bot_bonus: (st.integers(0, 2), _ROUND),
    leftover_points: (_SMALL,),
    coins_and_seals_points: (st.integers(0, 100), st.integers(0, 5)),
    courtiers_inside: (st.integers(0, 5), st.integers(0, 5), st.integers(0, 5), st.integers(0, 5)),
    time_points: (st.integers(0, 25),),
    winners: (st.integers(0, 60), st.integers(0, 60), st.integers(0, 60)),
    placement.coin_difference: (_DIE, _DIE),
    rival.hand_in_points: (st.integers(0, 200), st.sampled_from([3, 5]), _ROUND),
    scoring.leftover_points: (_SMALL,),
    scoring.coins_and_seals_points: (st.integers(0, 100), st.integers(0, 5)),
}

DOMAINS: Final[dict[Callable[..., Any], st.SearchStrategy[tuple[Any, ...]]]] = {
    **{fn: st.tuples(*arguments) for fn, arguments in _PER_ARGUMENT.items()},
    # drawn inside their preconditions (a draw outside one would be thrown away)
    pay_coins: st.integers(0, 30).flatmap(lambda coins: st.tuples(st.just(coins), st.integers(0, coins))),
    turn_order: st.tuples(
        st.lists(st.integers(0, 20), min_size=3, max_size=3),
        st.lists(st.integers(0, 9), min_size=3, max_size=3, unique=True),
    ).map(lambda d: (d[0][0], d[1][0], d[0][1], d[1][1], d[0][2], d[1][2])),
    take_end: st.tuples(st.lists(_DIE, min_size=3, max_size=3).map(sorted), st.booleans()).map(
        lambda d: (*d[0], d[1])
    ),
    zone_search: st.integers(0, 2).flatmap(
        lambda zone: st.tuples(
            st.just(zone), st.integers(0, _ZONES[zone] - 1), st.integers(0, 2 ** _ZONES[zone] - 1)
        )
    ),
    courtier_points: _within(5, 4),
    gingkogawa.from_position: st.sampled_from(list(gingkogawa.ZONES.values())).flatmap(
        lambda spaces: st.tuples(st.just(spaces), st.integers(0, len(spaces) - 1))
    ),
}
"""Values to check each contract on at run time: the arguments, every draw inside the contract's
preconditions (tests/test_contracts.py fails on a draw outside them)."""

RULE_MODULES: Final = (
    "reference/rules/placement.py",
    "reference/rules/rival.py",
    "reference/rules/scoring.py",
    "reference/rules/gingkogawa.py",
)
"""The rule modules whose functions carry contracts in their own docstrings."""


# ---- reading and checking the contracts at run time ---------------------------------------------------

_CONDITION = re.compile(r"^\s*(pre|post):\s*(.+?)\s*$")


@dataclass(frozen=True, slots=True)
class Condition:
    """One ``pre:`` or ``post:`` line of a docstring."""

    kind: str
    expr: str
    line: int


def conditions(fn: Callable[..., Any]) -> list[Condition]:
    """The PEP 316 conditions in a function's docstring, with their line numbers in its file."""
    lines, first = inspect.getsourcelines(fn)
    out: list[Condition] = []
    for offset, text in enumerate(lines):
        match = _CONDITION.match(text)
        if match:
            out.append(Condition(match.group(1), match.group(2), first + offset))
    return out


def violations(
    fn: Callable[..., Any], *args: Any, using: Callable[..., Any] | None = None
) -> list[str] | None:
    """Check a function's contracts on ``args``: None when a precondition fails (the call is not
    in the contract's domain), else the postconditions that fail (empty when all hold). ``using``:
    hold another implementation to ``fn``'s contract (a wrong rule, to show the contract catches it)."""
    bound = dict(inspect.signature(fn).bind(*args).arguments)
    scope = dict(fn.__globals__)
    conds = conditions(fn)
    for cond in conds:
        if cond.kind == "pre" and not eval(cond.expr, {**scope, **bound}):
            return None
    result = (fn if using is None else using)(*args)
    return [
        cond.expr
        for cond in conds
        if cond.kind == "post" and not eval(cond.expr, {**scope, **bound, "__return__": result})
    ]


# ---- the CrossHair report --------------------------------------------------------------------------

_RESULT = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+): (?P<level>\w+): (?P<message>.*)$")


def report(lines: Sequence[str]) -> tuple[list[tuple[str, str, str]], bool]:
    """Map CrossHair's ``--report_all`` lines to (function, condition, status) rows; the bool is
    True when every condition has a status and none is refuted."""
    where: dict[tuple[str, int], tuple[str, str]] = {}
    for fn in CONTRACTS:
        path = inspect.getsourcefile(fn) or ""
        for cond in conditions(fn):
            if cond.kind == "post":
                where[(path, cond.line)] = (qualified(fn), cond.expr)
    status: dict[tuple[str, int], str] = {}
    ok = True
    for text in lines:
        match = _RESULT.match(text.strip())
        if not match:
            continue
        key = (str(_resolve(match.group("path"))), int(match.group("line")))
        if match.group("level") == "error":
            ok = False
        status[key] = match.group("message")
    rows: list[tuple[str, str, str]] = []
    for key, (name, expr) in sorted(where.items(), key=lambda kv: kv[1]):
        found = status.get(key)
        if found is None:
            # CrossHair reports a function whose postconditions all hold once, at its first line
            found = next(
                (v for (p, ln), v in status.items() if p == key[0] and _owns(name, ln)), "not reported"
            )
        rows.append((name, expr, found))
    return rows, ok


def _resolve(path: str) -> str:
    from pathlib import Path

    return str(Path(path).resolve())


def qualified(fn: Callable[..., Any]) -> str:
    """The importable name of a contract function."""
    module = "properties.contracts" if fn.__module__ == "__main__" else fn.__module__
    return f"{module}.{fn.__qualname__}"


def _owns(name: str, line: int) -> bool:
    fn = next(f for f in CONTRACTS if qualified(f) == name)
    lines, first = inspect.getsourcelines(fn)
    return first <= line < first + len(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``crosshair check`` over the contracts and print each contract with its status."""
    args = list(argv if argv is not None else sys.argv[1:])
    timeout = args[0] if args else "5"
    targets = ["properties/contracts.py", *RULE_MODULES]
    command = [
        sys.executable,
        "-m",
        "crosshair",
        "check",
        "--analysis_kind=PEP316",
        "--report_all",
        f"--per_condition_timeout={timeout}",
        "--extra_plugin=properties/crosshair_plugin.py",
        *targets,
    ]
    print("$", " ".join(command[2:]), flush=True)
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    out = done.stdout.splitlines()
    rows, ok = report(out)
    width = max(len(name) for name, _, _ in rows)
    for name, expr, status in rows:
        print(f"{name:<{width}}  {status:<28}  post: {expr}")
    confirmed = sum(1 for _, _, s in rows if s.startswith("Confirmed"))
    print(
        f"{len(rows)} postconditions: {confirmed} confirmed over all paths, {len(rows) - confirmed} not confirmed"
    )
    if done.returncode not in (0,) or not ok:
        print("\n".join(line for line in out if ": error:" in line))
        print(done.stderr, file=sys.stderr)
        print("CrossHair found a counterexample or failed", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
