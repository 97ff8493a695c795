"""Invariants over states and steps, each named after the rule IDs it guards.

``check_state(state)`` checks what must hold in every state (``check_state(after, before)``, in a
game's loop, only the parts a step changed: what the state before it shares was checked there);
``check_step(before, action, after)`` checks what must hold across one applied action. Both return
the list of broken invariants (empty when all hold), each as ``Breach(rule, message)``, so a caller
can assert, report or count them.
Used by the whole-game tests and by the Hypothesis state machines (:mod:`properties.machines`),
which also use the finer checks below:

- ``check_legal(state, actions)``: the legal actions of a decision obey the rules (placement worked
  out independently of the engine, trades, courtier parts and prices, yards, gardens, checkpoints).
- ``check_hand_in(before, after)``: the rival's end-of-round hand-in, exactly, as the step's events
  report it (after the new turn order, at the rate of its place, the remainder kept; coins and Clan
  Points accounted for by the events of the step).
- ``check_final(state)``: the final scores, recomputed category by category from the state.
- ``check_events(before, after)``: the events of a step account for every change it made to each clan.

The numbers are the rules' own (the register's), not the engine's constants, so that a fault planted
in an engine constant is caught here.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from reference.choices import describe
from reference.content import catalogue
from reference.model import (
    COLOURS,
    DOMAIN_SPACES,
    PHASE_FRAMES,
    RESOURCES,
    Action,
    Audience,
    Board,
    BotTurnFrame,
    Bridge,
    ChooseFavour,
    ChooseGarden,
    ChooseRoom,
    ChooseYard,
    Clan,
    Climb,
    Colour,
    CourtierFrame,
    DecisionKind,
    Die,
    End,
    Event,
    Floor,
    InfluenceFrame,
    MemberFrame,
    PayCheckpoint,
    Phase,
    PlaceDie,
    Roll,
    RoomFrame,
    ShuffleFrame,
    Space,
    State,
    Trade,
)
from reference.model import events as ev
from reference.model.choices import Cost
from reference.rules.solo.rival import deck as solo_deck_of

# ---- the rules' numbers (from the register, independent of the engine's constants) ------------

SEAL_CAP: Final = 5
"""SEALS.CAP"""
RESOURCE_CAP: Final = 7
"""RESOURCES.CAP"""
MEMBERS_PER_KIND: Final = 5
"""SETUP.WORKERS"""
CHECKPOINTS: Final = {6: 1, 11: 2, 15: 3}
"""TIME.CHECKPOINT_SPACES: space -> seals owed to enter it."""
TRACK_LAST: Final = 20
"""TIME.TRACK"""
HAND_IN_RATES: Final = (3, 5)
"""SOLO.ROUND.HAND_IN: coins per hand-in when first, when second."""
AUDIENCE_COINS: Final = 2
"""COURTIER.AUDIENCE"""
CLIMB_PEARL: Final = {1: 2, 2: 5}
"""COURTIER.CLIMB"""
SPACE_VALUES: Final = {
    Space.STEWARD_1: 3,
    Space.STEWARD_2: 3,
    Space.STEWARD_3: 3,
    Space.DIPLOMAT_1: 4,
    Space.DIPLOMAT_2: 4,
    Space.OUTSIDE_LEFT: 5,
    Space.OUTSIDE_RIGHT: 5,
    Space.WELL: 1,
    Space.DOMAIN_CORAL: 6,
    Space.DOMAIN_BLACK: 6,
    Space.DOMAIN_WHITE: 6,
}
"""CASTLE.STEWARD_VALUE, CASTLE.DIPLOMAT_VALUE, OUTSIDE.VALUE, WELL.VALUE, DOMAIN.VALUE"""
ROOMS: Final = {
    Space.STEWARD_1: 0,
    Space.STEWARD_2: 1,
    Space.STEWARD_3: 2,
    Space.DIPLOMAT_1: 3,
    Space.DIPLOMAT_2: 4,
}
OUTSIDE: Final = {Space.OUTSIDE_LEFT: 0, Space.OUTSIDE_RIGHT: 1}
COURTIER_POINTS: Final = (1, 3, 6, 10)
"""SCORE.COURTIERS: Gate, Stewards' floor, Diplomats' floor, Daimyo's room."""
ROUNDS: Final = 3
"""ROUND.COUNT"""


@dataclass(frozen=True, slots=True)
class Breach:
    """A broken invariant: the rule ID it guards and what was seen."""

    rule: str
    message: str


def _bridge_values(bridge: Bridge) -> list[int]:
    return [v for v in (bridge.left, *bridge.centre, bridge.right) if v is not None]


def _bridge_sorted(bridge: Bridge) -> bool:
    values = _bridge_values(bridge)
    return values == sorted(values)


# ---- single states ------------------------------------------------------------------------------


_NO_CLAN_DECIDES: Final = frozenset(
    {DecisionKind.DEAL, DecisionKind.ROLL, DecisionKind.SHUFFLE, DecisionKind.NONE}
)
"""The decisions no clan takes: chance outcomes and the end of the game."""


def check_state(state: State, checked: State | None = None) -> list[Breach]:
    """Invariants of a single state (after the deal).

    - SEALS.CAP / RESOURCES.CAP: 0 <= seals <= 5, 0 <= each resource <= 7, coins >= 0, CP >= 0.
    - SOLO.GOLDEN.NO_RESOURCES: the rival never holds a resource or a seal.
    - SOLO.SETUP.NO_DOMAIN: the rival has no Domain card and no Domain die.
    - SETUP.BRIDGES_SORTED: every bridge reads in ascending order.
    - SETUP.WORKERS / WARRIOR.NEVER_MOVE: members on the board match the members sent, per kind.
    - DAIMYO.FAVOURS: at most 3 favours, each held by a clan with a courtier in the Daimyo's room.
    - GARDENER.PLACE: one gardener per clan per garden card.
    - PLACE.NO_STACK_2P / PLACE.STACK_3_4P: dice per space within the limit.
    - TIME.TRACK: markers within 0..20.
    - SETUP.DICE_PER_COLOUR: every die (values 1..6) is on its bridge or on one space, clans + 1 per
      colour (after the clearing only the dice left on the bridges remain).
    - SETUP.CASTLE_CARDS / COURTIER.FLOOR12.TAKE_CARD: every castle card, Starting Resource card and
      Action card is in at most one place (a room, a deck, a Domain board, a Lantern Area, the
      draft); in a game without a rival no castle card in use is missing (the rival removes cards:
      RULING.RIVAL_CARD_REMOVED).
    - SOLO.TURN.TO_BOTTOM / GINKGO.DISCARD: every Solitaire card is in exactly one place (the deck,
      the discard pile, the bot's turn in progress, a pending reshuffle).
    - TURN.DECISION: a chance decision or the end has no deciding clan, every other decision has one;
      the turn order is a permutation of the clans.
    """
    out: list[Breach] = []
    board = state.board
    if board is None:
        return out
    prior = checked if checked is not None and checked.setup is state.setup and checked.board else None
    last = prior.board if prior is not None else None
    n = len(state.clans)
    if sorted(state.turn_order) != list(range(n)):
        out.append(
            Breach("TURN.DECISION", f"turn order {state.turn_order} is not a permutation of the clans")
        )
    chance = state.decision.kind in _NO_CLAN_DECIDES
    if chance != (state.decision.clan is None):
        out.append(Breach("TURN.DECISION", f"decision {state.decision} names the wrong decider"))
    members_placed = last is not None and (
        board.yards is last.yards and board.gardens is last.gardens and board.favours is last.favours
    )
    before = prior.clans if prior is not None else ()
    warriors: list[int] | None = None
    gardeners: list[int] | None = None
    for i, clan in enumerate(state.clans):
        if members_placed and i < len(before) and clan is before[i]:
            continue  # this very clan passed with these very yards, gardens and favours
        if warriors is None or gardeners is None:
            warriors = [w for y in board.yards for w in y.warriors]
            gardeners = [g for slot in board.gardens for g in slot.gardeners]
        out.extend(_clan_breaches(board, i, clan, warriors, gardeners))
    favours = board.favours
    if (last is None or favours is not last.favours) and (
        len(favours) != 3 or any(f is not None and not 0 <= f < n for f in favours)
    ):
        out.append(Breach("DAIMYO.FAVOURS", f"favours {favours}"))
    if last is None or board.gardens is not last.gardens:
        for g in board.gardens:
            if len(set(g.gardeners)) != len(g.gardeners):
                out.append(Breach("GARDENER.PLACE", f"garden {g.card} holds two gardeners of one clan"))
    if last is None or board.bridges is not last.bridges:
        for bridge in board.bridges:
            if not _bridge_sorted(bridge):
                out.append(
                    Breach("SETUP.BRIDGES_SORTED", f"{bridge.colour.value} bridge is not sorted: {bridge}")
                )
    if last is None or board.rooms is not last.rooms or board.outside is not last.outside:
        limit = 1 if state.setup.players <= 2 else 2
        rule = "PLACE.NO_STACK_2P" if limit == 1 else "PLACE.STACK_3_4P"
        for room in board.rooms:
            if len(room.dice) > limit:
                out.append(Breach(rule, f"room {room.card} holds {len(room.dice)} dice"))
        for space in board.outside:
            if len(space) > limit:
                out.append(Breach(rule, f"an Outside the Walls space holds {len(space)} dice"))
    if _changed(_dice_inputs, state, prior):
        out.extend(_dice_conservation(state))
    if _changed(_card_inputs, state, prior):
        out.extend(_card_conservation(state))
    if _changed(_deck_inputs, state, prior):
        out.extend(_deck_conservation(state))
    return out


def _clan_breaches(
    board: Board, i: int, clan: Clan, warriors: list[int], gardeners: list[int]
) -> list[Breach]:
    """The single-state invariants of clan ``i`` (``warriors`` and ``gardeners``: the clans of every
    member placed in a yard and in a garden)."""
    out: list[Breach] = []
    if not 0 <= clan.seals <= SEAL_CAP:
        out.append(Breach("SEALS.CAP", f"clan {i} holds {clan.seals} seals"))
    if min(clan.food, clan.iron, clan.pearl) < 0 or max(clan.food, clan.iron, clan.pearl) > RESOURCE_CAP:
        out.append(
            Breach("RESOURCES.CAP", f"clan {i} holds {clan.food} food, {clan.iron} iron, {clan.pearl} pearl")
        )
    if clan.coins < 0:
        out.append(Breach("PLACE.MUST_PAY", f"clan {i} holds {clan.coins} coins"))
    if clan.cp < 0:
        out.append(Breach("SCORE.CP", f"clan {i} holds {clan.cp} Clan Points"))
    if clan.rival:
        if clan.food or clan.iron or clan.pearl or clan.seals:
            out.append(Breach("SOLO.GOLDEN.NO_RESOURCES", f"the rival holds resources or seals: {clan}"))
        if clan.domain_card is not None or clan.domain_dice != (None, None, None):
            out.append(Breach("SOLO.SETUP.NO_DOMAIN", f"the rival uses a Domain board: {clan}"))
    if not 0 <= clan.time <= TRACK_LAST:
        out.append(Breach("TIME.TRACK", f"clan {i} on space {clan.time}"))
    sent = clan.sent
    if min(sent) < 0 or max(sent) > MEMBERS_PER_KIND:
        out.append(Breach("SETUP.WORKERS", f"clan {i} sent {sent}"))
    if min(clan.courtiers) < 0:
        out.append(Breach("COURTIER.CLIMB", f"clan {i} courtiers {clan.courtiers}"))
    in_yards = warriors.count(i)
    if in_yards != sent[2]:
        out.append(Breach("WARRIOR.NEVER_MOVE", f"clan {i}: {in_yards} warriors in yards, {sent} sent"))
    in_gardens = gardeners.count(i)
    if in_gardens != sent[1]:
        out.append(Breach("GARDENER.PLACE", f"clan {i}: {in_gardens} gardeners placed, {sent} sent"))
    if sum(clan.courtiers) != sent[0]:
        out.append(Breach("COURTIER.AUDIENCE", f"clan {i}: courtiers {clan.courtiers}, sent {sent}"))
    if board.favours.count(i) > clan.courtiers[Floor.DAIMYO]:
        out.append(Breach("DAIMYO.FAVOURS", f"clan {i} holds more favours than Daimyo courtiers"))
    return out


def _changed(inputs: Callable[[State], tuple[object, ...]], state: State, prior: State | None) -> bool:
    """Whether a part must be checked: no state passed before (``prior`` None), or not every one of
    its ``inputs`` is the very same object in ``state`` as in ``prior``."""
    if prior is None:
        return True
    mine, theirs = inputs(state), inputs(prior)
    if len(mine) != len(theirs):
        return True
    for a, b in zip(mine, theirs, strict=True):  # noqa: SIM110  # no generator on every step
        if a is not b:
            return True
    return False


def _dice_inputs(state: State) -> tuple[object, ...]:
    """What :func:`_dice_conservation` reads."""
    board = state.board
    assert board is not None
    return (
        state.phase,
        board.rooms,
        board.outside,
        board.well,
        board.bridges,
        *[clan.domain_dice for clan in state.clans],
    )


def _card_inputs(state: State) -> tuple[object, ...]:
    """What :func:`_card_conservation` reads."""
    board = state.board
    assert board is not None
    inputs: list[object] = [board.rooms, board.steward_deck, board.diplomat_deck, state.draft]
    for clan in state.clans:
        inputs += (clan.domain_card, clan.lantern)
    return tuple(inputs)


def _deck_inputs(state: State) -> tuple[object, ...]:
    """What :func:`_deck_conservation` reads."""
    return (state.phase, state.solo_deck, state.solo_discard, state.stack)


def placed_dice(state: State) -> list[Die]:
    """Every die placed this round (castle rooms, Outside the Walls, the Well, Domain lines)."""
    board = state.board
    assert board is not None
    dice: list[Die] = [d for r in board.rooms for d in r.dice]
    dice += [d for s in board.outside for d in s]
    dice += list(board.well)
    for i, clan in enumerate(state.clans):
        for colour, value in zip(COLOURS, clan.domain_dice, strict=True):
            if value is not None:
                dice.append(Die(colour, value, i))
    return dice


def dice_on_board(state: State) -> int:
    """Dice placed this round (rooms, Outside, Well, Domain lines): as many as :func:`placed_dice`
    lists, counted without listing them (every step counts them)."""
    board = state.board
    assert board is not None
    count = len(board.well)
    for room in board.rooms:
        count += len(room.dice)
    for space in board.outside:
        count += len(space)
    for clan in state.clans:
        for value in clan.domain_dice:
            if value is not None:
                count += 1
    return count


def _dice_conservation(state: State) -> list[Breach]:
    board = state.board
    assert board is not None
    per = state.setup.players + 1
    placed = placed_dice(state)
    out: list[Breach] = []
    colours: dict[Colour, int] = {}
    off_die = False
    for d in placed:
        colours[d.colour] = colours.get(d.colour, 0) + 1
        off_die = off_die or not 1 <= d.value <= 6
    if off_die:
        out.append(Breach("SETUP.DICE_PER_COLOUR", f"a placed die is not 1..6: {placed}"))
    for bridge in board.bridges:
        values = _bridge_values(bridge)
        if values and (values[0] < 1 or values[-1] > 6):
            out.append(Breach("SETUP.DICE_PER_COLOUR", f"{bridge.colour.value} bridge shows {values}"))
        if state.phase is Phase.ROLL:
            continue  # the placed dice were cleared; the bridges keep what was left (ROUND.CLEAR_REROLL)
        here = colours.get(bridge.colour, 0)
        if len(values) + here != per:
            out.append(
                Breach(
                    "SETUP.DICE_PER_COLOUR",
                    f"{bridge.colour.value}: {len(values)} on the bridge + {here} placed != {per}",
                )
            )
    return out


class _Facts:
    """What the conservation checks need to know about a game's content (computed once)."""

    __slots__ = ("decrees", "diplomats", "in_use", "stewards")

    def __init__(self, state: State) -> None:
        c = catalogue(state.setup.content)
        n = state.setup.players
        self.decrees = frozenset(c.decrees)
        self.stewards = frozenset(card.id for card in c.content.stewards)
        self.diplomats = frozenset(card.id for card in c.content.diplomats)
        self.in_use = frozenset(
            card.id for card in c.content.stewards + c.content.diplomats if n > 2 or card.two_player
        )


_FACTS: dict[tuple[int, int], tuple[object, _Facts]] = {}


def _facts(state: State) -> _Facts:
    content = state.setup.content
    key = (id(content), state.setup.players)
    hit = _FACTS.get(key)
    if hit is not None and hit[0] is content:
        return hit[1]
    if len(_FACTS) > 64:
        _FACTS.clear()
    facts = _Facts(state)
    _FACTS[key] = (content, facts)
    return facts


def _card_conservation(state: State) -> list[Breach]:
    board = state.board
    assert board is not None
    facts = _facts(state)
    decrees = facts.decrees
    places: list[str] = [r.card for r in board.rooms if r.card is not None]
    places += board.steward_deck
    places += board.diplomat_deck
    for clan in state.clans:
        if clan.domain_card is not None:
            places.append(clan.domain_card)
        places += [card for card in clan.lantern if card not in decrees]
    for sr, act in state.draft:
        places += (sr, act)
    out: list[Breach] = []
    seen = set(places)
    if len(seen) != len(places):
        twice = sorted(card for card, k in Counter(places).items() if k > 1)
        out.append(Breach("SETUP.CASTLE_CARDS", f"cards in two places at once: {twice}"))
    for r, room in enumerate(board.rooms):
        want, ids = (1, facts.stewards) if r < 3 else (2, facts.diplomats)
        if room.floor != want or (room.card is not None and room.card not in ids):
            out.append(Breach("SETUP.CASTLE_CARDS", f"room {r} (floor {room.floor}) holds {room.card}"))
    if not facts.stewards.issuperset(board.steward_deck) or not facts.diplomats.issuperset(
        board.diplomat_deck
    ):
        out.append(Breach("SETUP.CASTLE_CARDS", "a castle deck holds a card of the other floor"))
    if state.setup.solo is None and not facts.in_use <= seen:
        missing = sorted(facts.in_use - seen)
        out.append(Breach("COURTIER.FLOOR12.TAKE_CARD", f"castle cards lost: {missing}"))
    return out


def _deck_conservation(state: State) -> list[Breach]:
    if state.setup.solo is None or state.board is None:
        return []
    if state.phase is Phase.DEAL:
        return []
    ids = sorted(card.id for card in solo_deck_of(state).cards)
    held = [*state.solo_deck, *state.solo_discard]
    for frame in state.stack:
        if isinstance(frame, BotTurnFrame):
            held += frame.flipped
        elif isinstance(frame, ShuffleFrame):
            held += frame.pool
    if sorted(held) != ids:
        return [
            Breach(
                "SOLO.TURN.TO_BOTTOM",
                f"Solitaire cards not each in one place: deck {state.solo_deck}, discard "
                f"{state.solo_discard}, expected {ids}",
            )
        ]
    return []


# ---- steps ----------------------------------------------------------------------------------------


def check_step(before: State, action: Action, after: State) -> list[Breach]:
    """Invariants across one action.

    - SCORE.CP: Clan Points never decrease.
    - SOLO.GOLDEN.NEVER_PAYS / SOLO.ROUND.HAND_IN: the rival's coins fall only at its hand-in (an
      end of round), and then to coins % 3 (first) or % 5 (second).
    - SETUP.WORKERS: members never return to the Domain board (sent counts never fall).
    - WARRIOR.NEVER_MOVE / GARDENER.PLACE: a placed warrior or gardener stays where it is.
    - COURTIER.CLIMB: courtiers only climb (never come down).
    - DAIMYO.FAVOURS: a taken favour stays taken.
    - SETUP.DIE_TILES / SETUP.WELL_TILES / SETUP.GARDENS / SETUP.YARD_TILES: tiles and gardens never
      move after the deal.
    - TIME.MOVE: markers never go back. TIME.CHECKPOINTS: a player's marker never enters 6, 11 or 15
      without paying 1, 2, 3 seals.
    - TIME.STACK: a marker that ended a move in this action is on top of every marker on its space
      that did not move.
    - TIME.TURN_ORDER: when a round's turns end, the turn order is the Passage of Time order
      (furthest first, on a shared space the marker on top first).
    - BRIDGE.ENDS_ONLY: the die a clan places is the die at the end it named; dice never go back to a
      bridge within a round.
    - ROUND.COUNT: dice on the bridges + dice placed = 3 x (clans + 1) within a round; 3 dice remain
      on the bridges when a round's turns are over.
    """
    out: list[Breach] = []
    if before.board is None or after.board is None:
        return out
    for i, (b, a) in enumerate(zip(before.clans, after.clans, strict=True)):
        if a is b:
            continue
        if a.cp < b.cp:
            out.append(Breach("SCORE.CP", f"clan {i} CP fell from {b.cp} to {a.cp}"))
        if any(x < y for x, y in zip(a.sent, b.sent, strict=True)):
            out.append(Breach("SETUP.WORKERS", f"clan {i} members came back: {b.sent} -> {a.sent}"))
        if a.courtiers != b.courtiers and any(sum(a.courtiers[f:]) < sum(b.courtiers[f:]) for f in range(4)):
            out.append(
                Breach("COURTIER.CLIMB", f"clan {i} courtiers came down: {b.courtiers} -> {a.courtiers}")
            )
        if a.time < b.time:
            out.append(Breach("TIME.MOVE", f"clan {i} went back from {b.time} to {a.time}"))
        if a.rival and a.coins < b.coins:
            out.extend(_hand_in_breaches(before, after, i))
        if not a.rival:
            out.extend(_checkpoint_breaches(before, after, i))
    out.extend(_fixtures(before, after))
    out.extend(_stacking(before, after))
    if before.phase is Phase.TURNS and after.phase is not Phase.TURNS:
        out.extend(_turn_order(after))
    if isinstance(action, PlaceDie) and before.decision.kind is DecisionKind.TURN:
        out.extend(_placed_from_end(before, action, after))
    per_bridge = before.setup.players + 1
    total = 3 * per_bridge
    if after.phase is Phase.TURNS and before.round == after.round:
        on_bridges = sum(br.count() for br in after.board.bridges)
        if on_bridges + dice_on_board(after) != total:
            out.append(
                Breach("ROUND.COUNT", f"{on_bridges} on bridges + {dice_on_board(after)} placed != {total}")
            )
        if before.phase is Phase.TURNS:
            for x, y in zip(before.board.bridges, after.board.bridges, strict=True):
                if y.count() > x.count():
                    out.append(Breach("BRIDGE.ENDS_ONLY", f"a die came back to the {x.colour.value} bridge"))
    if isinstance(action, Roll):
        remaining = sum(br.count() for br in before.board.bridges)
        if remaining != 3:
            out.append(Breach("ROUND.COUNT", f"{remaining} dice remained at the end of the round, not 3"))
    return out


def _fixtures(before: State, after: State) -> list[Breach]:
    b, a = before.board, after.board
    assert b is not None
    assert a is not None
    out: list[Breach] = []
    if a is b:
        return out
    if [r.tiles for r in b.rooms] != [r.tiles for r in a.rooms]:
        out.append(Breach("SETUP.DIE_TILES", "the castle's die tiles moved"))
    if b.well_tiles != a.well_tiles:
        out.append(Breach("SETUP.WELL_TILES", "the Well tiles changed"))
    if [(g.bridge, g.card) for g in b.gardens] != [(g.bridge, g.card) for g in a.gardens]:
        out.append(Breach("SETUP.GARDENS", "a garden card moved"))
    if [y.tiles for y in b.yards] != [y.tiles for y in a.yards]:
        out.append(Breach("SETUP.YARD_TILES", "a Training Yard tile moved"))
    if b.daimyo != a.daimyo:
        out.append(Breach("DAIMYO.FAVOURS", "the Daimyo's Favor card changed"))
    for fx, fy in zip(b.favours, a.favours, strict=True):
        if fx is not None and fx != fy:
            out.append(Breach("DAIMYO.FAVOURS", f"a taken favour changed hands: {b.favours} -> {a.favours}"))
    for x, y in zip(b.yards, a.yards, strict=True):
        if y.warriors[: len(x.warriors)] != x.warriors:
            out.append(Breach("WARRIOR.NEVER_MOVE", f"warriors moved: {x.warriors} -> {y.warriors}"))
    for gx, gy in zip(b.gardens, a.gardens, strict=True):
        if gy.gardeners[: len(gx.gardeners)] != gx.gardeners:
            out.append(
                Breach("GARDENER.PLACE", f"gardeners moved on {gx.card}: {gx.gardeners} -> {gy.gardeners}")
            )
    return out


def _moving(state: State) -> set[int]:
    """Clans whose Passage of Time move is waiting for a checkpoint decision (not landed yet)."""
    return {f.clan for f in state.stack if isinstance(f, InfluenceFrame)}


def _stacking(before: State, after: State) -> list[Breach]:
    out: list[Breach] = []
    pending = _moving(after)
    moved = [
        i
        for i, (b, a) in enumerate(zip(before.clans, after.clans, strict=True))
        if a.arrival != b.arrival and i not in pending
    ]
    for i in moved:
        a = after.clans[i]
        for j, other in enumerate(after.clans):
            if j == i or j in moved or other.time != a.time:
                continue
            if other.arrival > a.arrival:
                out.append(
                    Breach("TIME.STACK", f"clan {i} ended its move on space {a.time} under clan {j}'s marker")
                )
    return out


def time_order(state: State) -> tuple[int, ...]:
    """The Passage of Time order: furthest first; on a shared space the marker on top first.
    Rules: TIME.TURN_ORDER, TIME.STACK."""
    clans = state.clans
    return tuple(sorted(range(len(clans)), key=lambda i: (-clans[i].time, -clans[i].arrival)))


def _turn_order(after: State) -> list[Breach]:
    want = time_order(after)
    if after.turn_order != want:
        return [Breach("TIME.TURN_ORDER", f"turn order {after.turn_order}, Passage of Time order {want}")]
    return []


def _end_value(bridge: Bridge, end: End) -> int | None:
    return bridge.left if end is End.LEFT else bridge.right


def _placed_from_end(before: State, action: PlaceDie, after: State) -> list[Breach]:
    board = before.board
    assert board is not None
    clan = before.decision.clan
    assert clan is not None
    bridge = board.bridges[COLOURS.index(action.bridge)]
    value = _end_value(bridge, action.end)
    if value is None:
        return [Breach("BRIDGE.ENDS_ONLY", f"{action} took a die from an empty end")]
    if after.phase is not Phase.TURNS or after.round != before.round:
        return []  # the round ended in this action: the placed dice may be cleared already
    space = action.space
    if space in DOMAIN_SPACES:
        line = COLOURS.index(DOMAIN_SPACES[space])
        seen = after.clans[clan].domain_dice[line]
        ok = seen == value
    else:
        a = after.board
        assert a is not None
        if space in ROOMS:
            dice = a.rooms[ROOMS[space]].dice
        elif space in OUTSIDE:
            dice = a.outside[OUTSIDE[space]]
        else:
            dice = a.well
        ok = Die(action.bridge, value, clan) in dice
    if not ok:
        return [Breach("BRIDGE.ENDS_ONLY", f"{action}: the {value} at that end is not on {space.value}")]
    return []


def _hand_in_breaches(before: State, after: State, i: int) -> list[Breach]:
    b, a = before.clans[i], after.clans[i]
    ended = after.round != before.round or after.phase is not before.phase or after.phase is Phase.OVER
    if not ended:
        return [
            Breach("SOLO.GOLDEN.NEVER_PAYS", f"the rival's coins fell from {b.coins} to {a.coins} mid-round")
        ]
    # the hand-in happened at the end of before.round; the rival's place is in after.turn_order
    rate = HAND_IN_RATES[0] if after.turn_order.index(i) == 0 else HAND_IN_RATES[1]
    # coins gained this action before the hand-in are unknown here; the remainder rule must still hold
    # (the state machines observe the hand-in exactly: check_hand_in)
    if a.coins >= rate:
        return [Breach("SOLO.ROUND.HAND_IN", f"the rival kept {a.coins} coins at rate {rate}")]
    return []


def _checkpoint_breaches(before: State, after: State, i: int) -> list[Breach]:
    """Every checkpoint a player's marker crossed in this action was paid, at its price: the engine
    reports each payment as a CheckpointPaid event, so a crossing without its event is a breach (seals
    may be gained in the same action, so the seal count alone cannot tell)."""
    b, a = before.clans[i], after.clans[i]
    paid = {e.space: e.seals for e in after.events if isinstance(e, ev.CheckpointPaid) and e.clan == i}
    out: list[Breach] = []
    for space, cost in CHECKPOINTS.items():
        if b.time < space <= a.time and paid.get(space) != cost:
            seen = "without paying" if space not in paid else f"paying {paid[space]} instead of"
            out.append(Breach("TIME.CHECKPOINTS", f"clan {i} entered space {space} {seen} {cost}"))
    return out


# ---- the events of a step account for it -------------------------------------------------------------

_HOLDINGS: Final = ("coins", "seals", "food", "iron", "pearl", "cp", "time")
_GAIN_FIELD: Final = {
    "coin": "coins",
    "seal": "seals",
    "cp": "cp",
    "food": "food",
    "iron": "iron",
    "pearl": "pearl",
}


_SENT: Final = ("sent courtier", "sent gardener", "sent warrior")
_ON_FLOOR: Final = tuple(f"courtiers on floor {floor}" for floor in range(4))
"""The keys of members sent (Domain board order) and of courtiers on each floor (Gate first) in
:func:`check_events`."""


def _told(events: tuple[ev.Event, ...], clans: int) -> list[defaultdict[str, int]]:
    """What the events say each clan's holdings, members sent, courtiers by floor and Lantern Area
    gained (or lost) in the step (a missing key: nothing)."""
    told = [defaultdict[str, int](int) for _ in range(clans)]
    for e in events:
        if type(e) not in _ACCOUNTED:
            continue  # most events of a step change no holding (a die's rows matched, a card flipped)
        match e:
            case ev.DiePlaced(clan=c, coins=n):
                told[c]["coins"] += n
            case ev.Gained(clan=c, what=what, kept=n):
                told[c][_GAIN_FIELD[what.value]] += n
            case ev.ResourceTaken(clan=c, resource=r, kept=n):
                told[c][r.value] += n
            case ev.SealsTraded(clan=c, seals=s, into=into, kept=n):
                told[c]["seals"] -= s
                told[c]["coins" if into is None else into.value] += n
            case ev.OptionalPaid(clan=c, seals=s, coins=n):
                told[c]["seals"] -= s
                told[c]["coins"] -= n
            case ev.CheckpointPaid(clan=c, seals=s):
                told[c]["seals"] -= s
                told[c]["time"] += 1
            case ev.TimeMoved(clan=c, start=start, end=end):
                told[c]["time"] += end - start
            case ev.HandIn(clan=c, coins=coins, kept=kept, points=points):
                told[c]["coins"] += kept - coins
                told[c]["cp"] += points
            case ev.IconUndoable(clan=c, points=n) | ev.RivalGardens(clan=c, points=n):
                told[c]["cp"] += n
            case ev.RivalStarts(clan=c, cp=cp, time=time):
                told[c]["cp"] += cp
                told[c]["time"] += time
            case ev.CourtierAtGate(clan=c, coins=n):
                told[c]["coins"] -= n
                told[c]["sent courtier"] += 1
                told[c]["courtiers on floor 0"] += 1
            case ev.CourtierClimbed(clan=c, start=start, end=end, pearl=n):
                told[c]["pearl"] -= n
                told[c][_ON_FLOOR[start]] -= 1
                told[c][_ON_FLOOR[end]] += 1
            case ev.GardenerPlaced(clan=c, food=n):
                told[c]["food"] -= n
                told[c]["sent gardener"] += 1
            case ev.WarriorPlaced(clan=c, iron=n):
                told[c]["iron"] -= n
                told[c]["sent warrior"] += 1
            case ev.CardTaken(clan=c, tucked=tucked):
                told[c]["lantern"] += 1 if tucked is not None else 0
            case ev.DecreePlaced(clan=c) | ev.PairTaken(clan=c):
                told[c]["lantern"] += 1
            case _:
                pass
    return told


_ACCOUNTED: Final = frozenset(
    {
        ev.DiePlaced,
        ev.Gained,
        ev.ResourceTaken,
        ev.SealsTraded,
        ev.OptionalPaid,
        ev.CheckpointPaid,
        ev.TimeMoved,
        ev.HandIn,
        ev.IconUndoable,
        ev.RivalGardens,
        ev.RivalStarts,
        ev.CourtierAtGate,
        ev.CourtierClimbed,
        ev.GardenerPlaced,
        ev.WarriorPlaced,
        ev.CardTaken,
        ev.DecreePlaced,
        ev.PairTaken,
    }
)
"""The kinds of event :func:`_told` accounts for (event types have no subclasses)."""


def check_events(before: State, after: State) -> list[Breach]:
    """The events of a step account for every change it made to each clan: coins, seals, resources,
    Clan Points, the Passage of Time, members sent, courtiers by floor and the Lantern Area; and
    every event names registered rules. (The log is complete: nothing changes without its event.)
    Guards API.EVENTS."""
    out: list[Breach] = []
    known = _rule_ids()
    for e in after.events:
        if not e.rules or not known.issuperset(e.rules):
            out.append(Breach("API.EVENTS", f"{type(e).__name__} names no registered rule: {e.rules}"))
    if len(before.clans) != len(after.clans):
        return out  # the deal creates the clans: RivalStarts and the gains say the rest
    told = _told(after.events, len(after.clans))
    for i, (b, a) in enumerate(zip(before.clans, after.clans, strict=True)):
        if a is b and not told[i]:
            continue  # the very same clan (states share what a step leaves alone), and no event about it
        seen: dict[str, int] = {f: getattr(a, f) - getattr(b, f) for f in _HOLDINGS}
        for k, key in enumerate(_SENT):
            seen[key] = a.sent[k] - b.sent[k]
        for floor, key in enumerate(_ON_FLOOR):
            seen[key] = a.courtiers[floor] - b.courtiers[floor]
        seen["lantern"] = len(a.lantern) - len(b.lantern)
        said = told[i]
        for what, change in seen.items():
            if change != said.get(what, 0):
                kinds = sorted({type(e).__name__ for e in after.events if getattr(e, "clan", None) == i})
                out.append(
                    Breach(
                        "API.EVENTS",
                        f"clan {i}: {what} changed by {change}, the events say {said.get(what, 0)} ({kinds})",
                    )
                )
    return out


def paid(events: tuple[Event, ...], clan: int) -> Cost:
    """What ``clan`` paid in these events: the payments they report (seals traded or paid for a
    checkpoint or a dark row, coins for an audience or a priced effect, Mother-of-Pearl for a climb,
    iron for a yard, food for a garden), summed."""
    seals = coins = food = iron = pearl = 0
    for e in events:
        if getattr(e, "clan", None) != clan:
            continue
        match e:
            case ev.SealsTraded() | ev.CheckpointPaid():
                seals += e.seals
            case ev.OptionalPaid():
                seals, coins = seals + e.seals, coins + e.coins
            case ev.CourtierAtGate():
                coins += e.coins
            case ev.CourtierClimbed():
                pearl += e.pearl
            case ev.WarriorPlaced():
                iron += e.iron
            case ev.GardenerPlaced():
                food += e.food
            case _:
                pass
    return Cost(seals=seals, coins=coins, food=food, iron=iron, pearl=pearl)


def check_pending(state: State, legal: tuple[Action, ...], after: dict[Action, State]) -> list[Breach]:
    """The observation's description of a decision inside a turn (:func:`reference.choices.describe`)
    agrees with the engine: its options are the legal actions in order, each is affordable, taking
    one pays exactly its listed cost (``after``: the state each legal action leads to), and every icon
    of an order decision says where it comes from. Nothing is described at a synchronisation point.
    Guards API.PENDING."""
    pending = describe(state)
    top = state.stack[-1] if state.stack else None
    clan = state.decision.clan
    if clan is None or top is None or isinstance(top, PHASE_FRAMES):
        return (
            []
            if pending is None
            else [Breach("API.PENDING", "a synchronisation point has a pending description")]
        )
    if pending is None:
        return [Breach("API.PENDING", f"the {state.decision.kind.value} decision is not described")]
    out: list[Breach] = []
    if tuple(o.action for o in pending.options) != legal:
        out.append(Breach("API.PENDING", "the described options are not the legal actions"))
    holder = state.clans[clan]
    for option in pending.options:
        cost = option.cost
        held = (holder.seals, holder.coins, holder.food, holder.iron, holder.pearl)
        price = (cost.seals, cost.coins, cost.food, cost.iron, cost.pearl)
        if any(h < p for h, p in zip(held, price, strict=True)):
            out.append(Breach("API.PENDING", f"{option.action} costs {cost}, more than the clan holds"))
        reached = after.get(option.action)
        if reached is not None and paid(reached.events, clan) != cost:
            took = paid(reached.events, clan)
            out.append(Breach("API.PENDING", f"{option.action} is listed at {cost} but paid {took}"))
    if state.decision.kind is DecisionKind.ORDER and any(i.origin is None for i in pending.items):
        out.append(Breach("API.PENDING", "an icon of an order decision does not say where it comes from"))
    return out


_KNOWN: list[frozenset[str]] = []


def _rule_ids() -> frozenset[str]:
    if not _KNOWN:
        from reference.rulebook import rule_ids

        _KNOWN.append(frozenset(rule_ids()))
    return _KNOWN[0]


# ---- the hand-in, observed exactly ----------------------------------------------------------------


def _rival_flow(clan: int, events: tuple[ev.Event, ...]) -> tuple[int, int]:
    """(coins gained, Clan Points gained) by the rival in ``events``, as the events report them."""
    coins = cp = 0
    for e in events:
        match e:
            case ev.DiePlaced(clan=c, coins=n) if c == clan:
                coins += n
            case ev.Gained(clan=c, what=what, kept=n) if c == clan:
                if what.value == "coin":
                    coins += n
                elif what.value == "cp":
                    cp += n
            case ev.IconUndoable(clan=c, points=n) if c == clan:
                cp += n
            case ev.RivalGardens(clan=c, points=n) if c == clan:
                cp += n
            case _:
                pass
    return coins, cp


def check_hand_in(before: State, after: State) -> list[Breach]:
    """The rival's end-of-round hand-in in one step, from the step's events: exactly one hand-in when
    the step ends a round's turns and none otherwise; after the new turn order (ROUND.END_ORDER); at 3
    coins per round number of Clan Points when first, 5 when second, the remainder kept; the coins it
    hands in are those it held before the step plus what the events say it gained before the hand-in;
    afterwards its coins are the remainder and its Clan Points grew exactly by what the events report
    (the hand-in, its icons, the gardens step: round number per gardener beside a bridge that still
    holds a die). Rules: SOLO.ROUND.HAND_IN, SOLO.ROUND.GARDENS, ROUND.END_ORDER,
    SOLO.GOLDEN.NEVER_PAYS."""
    out: list[Breach] = []
    rival = next((i for i, c in enumerate(before.clans) if c.rival), None)
    hand_ins = [(k, e) for k, e in enumerate(after.events) if isinstance(e, ev.HandIn)]
    ended = before.phase is Phase.TURNS and after.phase is not Phase.TURNS
    if rival is None or before.board is None:
        if hand_ins:
            out.append(Breach("SOLO.ROUND.HAND_IN", "a hand-in in a game without a rival"))
        return out
    if len(hand_ins) != (1 if ended else 0):
        state = "ends" if ended else "does not end"
        return [Breach("SOLO.ROUND.HAND_IN", f"{len(hand_ins)} hand-in(s) in a step that {state} the round")]
    b, a = before.clans[rival], after.clans[rival]
    if not hand_ins:
        gained, _ = _rival_flow(rival, after.events)
        if a.coins < b.coins + gained:  # a coin left that no gain of the step explains: it was paid
            out.append(
                Breach(
                    "SOLO.GOLDEN.NEVER_PAYS",
                    f"the rival held {b.coins} coins and gained {gained} this step, yet holds {a.coins}: "
                    f"it paid {b.coins + gained - a.coins}",
                )
            )
        return out
    k, hand_in = hand_ins[0]
    orders = [e for e in after.events[:k] if isinstance(e, ev.RoundEnded)]
    if not orders or after.turn_order != orders[-1].turn_order:
        out.append(Breach("ROUND.END_ORDER", "the hand-in came before the new turn order"))
    place = after.turn_order.index(rival)
    rate = HAND_IN_RATES[0] if place == 0 else HAND_IN_RATES[1]
    gained_before, _ = _rival_flow(rival, after.events[:k])
    held = b.coins + gained_before
    want = (hand_in.clan, hand_in.round, hand_in.place, hand_in.rate, hand_in.coins)
    if want != (rival, before.round, place, rate, held):
        out.append(
            Breach(
                "SOLO.ROUND.HAND_IN",
                f"round {before.round}, rival {'first' if place == 0 else 'second'} holding {held} coins: "
                f"the hand-in reports clan {hand_in.clan}, round {hand_in.round}, place {hand_in.place}, "
                f"rate {hand_in.rate}, {hand_in.coins} coins",
            )
        )
    if (hand_in.points, hand_in.kept) != (before.round * (held // rate), held % rate):
        out.append(
            Breach(
                "SOLO.ROUND.HAND_IN",
                f"round {before.round}, {held} coins at rate {rate}: {hand_in.points} CP and {hand_in.kept} "
                f"kept reported, {before.round * (held // rate)} CP and {held % rate} kept by the rules",
            )
        )
    coins_after, cp_gained = _rival_flow(rival, after.events[k + 1 :])
    _, cp_before = _rival_flow(rival, after.events[:k])
    if a.coins != hand_in.kept + coins_after or a.cp != b.cp + cp_before + hand_in.points + cp_gained:
        out.append(
            Breach(
                "SOLO.ROUND.HAND_IN",
                f"after the hand-in the rival holds {a.coins} coins and {a.cp} CP; the events account for "
                f"{hand_in.kept + coins_after} and {b.cp + cp_before + hand_in.points + cp_gained}",
            )
        )
    out.extend(_rival_gardens(after, rival, before.round))
    return out


def _rival_gardens(after: State, rival: int, round_number: int) -> list[Breach]:
    """In the gardens step of rounds 1-2 the rival scores the round number per gardener beside a
    bridge that still holds a die (and nothing in round 3). Rule: SOLO.ROUND.GARDENS."""
    board = after.board
    assert board is not None
    live = {b.colour for b in board.bridges if b.count() > 0}
    active = sum(1 for g in board.gardens if rival in g.gardeners and g.bridge in live)
    want = round_number * active if round_number < ROUNDS else 0
    got = sum(e.points for e in after.events if isinstance(e, ev.RivalGardens) and e.clan == rival)
    if got != want:
        return [
            Breach(
                "SOLO.ROUND.GARDENS",
                f"round {round_number}: {active} rival gardener(s) beside a bridge with a die score {want} CP; "
                f"the gardens step gave {got}",
            )
        ]
    return []


# ---- legal actions -----------------------------------------------------------------------------------


def place_oracle(state: State, clan: int) -> set[PlaceDie]:
    """Every legal die placement, worked out from the rules alone: a die at an end of a bridge, onto a
    space with room this round (1 die at 1-2 clans, 2 at 3-4; 1 per Domain line; the Well unlimited),
    of a matching colour (a castle room's die tiles, a Domain line's own colour), whose difference
    the clan can pay. Rules: BRIDGE.ENDS_ONLY, PLACE.NO_STACK_2P, PLACE.STACK_3_4P, DOMAIN.ONE_DIE,
    CASTLE.COLOUR_MATCH, DOMAIN.COLOUR_LOCK, PLACE.COIN_DIFFERENCE, PLACE.MUST_PAY, PLACE.WELL_ONE,
    PLACE.WELL_ALWAYS_LEGAL."""
    board = state.board
    assert board is not None
    holder = state.clans[clan]
    limit = 1 if state.setup.players <= 2 else 2
    # each space with room, once: the value a die covers there and the colours it takes (None: any)
    spaces: list[tuple[Space, int, tuple[Colour, ...] | None]] = []
    for space, printed in SPACE_VALUES.items():
        if space in ROOMS:
            room = board.rooms[ROOMS[space]]
            if len(room.dice) >= limit:
                continue
            spaces.append((space, room.dice[-1].value if room.dice else printed, room.tiles))
        elif space in OUTSIDE:
            dice = board.outside[OUTSIDE[space]]
            if len(dice) >= limit:
                continue
            spaces.append((space, dice[-1].value if dice else printed, None))
        elif space is Space.WELL:
            spaces.append((space, printed, None))
        else:
            colour = DOMAIN_SPACES[space]
            if holder.domain_dice[COLOURS.index(colour)] is None:
                spaces.append((space, printed, (colour,)))
    out: set[PlaceDie] = set()
    for bridge in board.bridges:
        for end, die in ((End.LEFT, bridge.left), (End.RIGHT, bridge.right)):
            if die is None:
                continue
            for space, covered, colours in spaces:
                if colours is not None and bridge.colour not in colours:
                    continue
                if covered - die > holder.coins:
                    continue
                out.add(PlaceDie(bridge.colour, end, space))
    return out


def check_legal(state: State, actions: tuple[Action, ...]) -> list[Breach]:
    """The legal actions of the pending decision obey the rules.

    - TURN.DECISION: no legal action at a chance decision or at the end; some at every other
      decision; no action twice.
    - TURN.SEQUENCE (and the placement rules of :func:`place_oracle`): the placements offered are
      exactly the legal ones.
    - SEALS.TRADE_COIN / SEALS.TRADE_RESOURCE: the trades offered are exactly those the seals pay for.
    - COURTIER.ACTION / COURTIER.AUDIENCE / COURTIER.CLIMB: one audience and one climb per Courtier
      action; an audience costs 2 coins and needs a courtier on the Domain board; a climb costs 2
      (1 floor) or 5 (2 floors) Mother-of-Pearl and needs a courtier on its start floor.
    - WARRIOR.PLACE / GARDENER.PLACE / MEMBERS.LEFTMOST: a yard or garden the clan can pay for,
      never a garden holding its gardener, never with no member left.
    - TIME.CHECKPOINTS: paying a checkpoint is offered only with the seals it costs.
    - COURTIER.DAIMYO.FAVOUR / COURTIER.FLOOR12.END_ROOM_ONLY: a free favour; a room of the floor the
      climb ended on.
    """
    out: list[Breach] = []
    clan = state.decision.clan
    if clan is None:
        if actions:
            out.append(
                Breach("TURN.DECISION", f"{len(actions)} legal actions at a {state.decision.kind.value}")
            )
        return out
    if not actions:
        out.append(Breach("TURN.DECISION", f"no legal action at a {state.decision.kind.value} decision"))
        return out
    if len(set(actions)) != len(actions):
        out.append(Breach("TURN.DECISION", "an action is offered twice"))
    holder = state.clans[clan]
    trades = {a for a in actions if isinstance(a, Trade)}
    want: set[Trade] = set()
    if holder.seals >= 1:
        want.add(Trade(None))
    if holder.seals >= 2:
        want |= {Trade(r) for r in RESOURCES}
    if trades != want:
        out.append(
            Breach(
                "SEALS.TRADE_RESOURCE" if holder.seals >= 2 else "SEALS.TRADE_COIN",
                f"clan {clan} with {holder.seals} seals is offered {sorted(str(t.into) for t in trades)}",
            )
        )
    kind = state.decision.kind
    if kind is DecisionKind.TURN:
        offered = {a for a in actions if isinstance(a, PlaceDie)}
        oracle = place_oracle(state, clan)
        if offered != oracle:
            extra = sorted(map(str, offered - oracle))[:3]
            missing = sorted(map(str, oracle - offered))[:3]
            out.append(
                Breach(
                    "TURN.SEQUENCE", f"placements offered but illegal {extra}; legal but missing {missing}"
                )
            )
        return out
    top = state.stack[-1] if state.stack else None
    for action in actions:
        out.extend(_legal_option(state, clan, top, action))
    return out


_CHECKED_OPTIONS: Final = frozenset(
    {Audience, Climb, ChooseYard, ChooseGarden, PayCheckpoint, ChooseFavour, ChooseRoom}
)
"""The kinds of legal action :func:`_legal_option` checks (action types have no subclasses)."""


def _legal_option(state: State, clan: int, top: object, action: Action) -> list[Breach]:
    if type(action) not in _CHECKED_OPTIONS:
        return []
    holder = state.clans[clan]
    board = state.board
    assert board is not None
    if isinstance(action, Audience):
        if not isinstance(top, CourtierFrame) or top.audience:
            return [Breach("COURTIER.ACTION", "a second audience in one Courtier action")]
        if holder.coins < AUDIENCE_COINS or holder.sent[0] >= MEMBERS_PER_KIND:
            return [
                Breach(
                    "COURTIER.AUDIENCE", f"an audience offered with {holder.coins} coins, {holder.sent} sent"
                )
            ]
    if isinstance(action, Climb):
        if not isinstance(top, CourtierFrame) or top.climb:
            return [Breach("COURTIER.ACTION", "a second climb in one Courtier action")]
        cost = CLIMB_PEARL.get(action.floors)
        if (
            cost is None
            or action.start + action.floors > Floor.DAIMYO
            or holder.courtiers[action.start] == 0
            or holder.pearl < cost
        ):
            return [
                Breach(
                    "COURTIER.CLIMB",
                    f"{action} offered with {holder.pearl} pearl, courtiers {holder.courtiers}",
                )
            ]
    yard_unpaid = isinstance(action, ChooseYard) and (
        holder.iron < action.cost or holder.sent[2] >= MEMBERS_PER_KIND
    )
    if yard_unpaid and isinstance(top, MemberFrame) and isinstance(action, ChooseYard):
        return [Breach("WARRIOR.PLACE", f"the {action.cost}-iron yard offered with {holder.iron} iron")]
    if isinstance(action, ChooseGarden) and isinstance(top, MemberFrame):
        slot = board.gardens[action.slot]
        food = catalogue(state.setup.content).gardens[slot.card].food
        if clan in slot.gardeners or holder.food < food or holder.sent[1] >= MEMBERS_PER_KIND:
            return [
                Breach("GARDENER.PLACE", f"garden {slot.card} offered to clan {clan} with {holder.food} food")
            ]
    if isinstance(action, PayCheckpoint):
        cost = CHECKPOINTS.get(holder.time + 1, 0)
        if cost == 0 or holder.seals < cost or holder.rival:
            return [
                Breach(
                    "TIME.CHECKPOINTS",
                    f"paying for space {holder.time + 1} offered with {holder.seals} seals",
                )
            ]
    if isinstance(action, ChooseFavour) and board.favours[action.slot] is not None:
        return [Breach("COURTIER.DAIMYO.FAVOUR", f"favour {action.slot} is taken")]
    if (
        isinstance(action, ChooseRoom)
        and isinstance(top, RoomFrame)
        and board.rooms[action.room].floor != top.floor
    ):
        return [Breach("COURTIER.FLOOR12.END_ROOM_ONLY", f"room {action.room} is not on floor {top.floor}")]
    return []


# ---- the final scores -----------------------------------------------------------------------------


def _leftover(amount: int) -> int:
    return 2 if amount >= 7 else 1 if amount >= 3 else 0


def check_final(state: State) -> list[Breach]:
    """The final scores, recomputed from the state: Clan Points, 1 per 5 coins and seals, leftover
    resources (3-6: 1, 7: 2), the Passage of Time, courtiers by floor (1/3/6/10), warriors (yard values x
    courtiers inside), gardeners (garden Clan Points); the rival scores no coins, seals or resources;
    the total is the sum of the breakdown; the winners are every clan with the best total.
    Rules: SCORE.*, SOLO.SCORE, SCORE.WINNER, RULING.TIE_SHARED, ROUND.GAME_END."""
    out: list[Breach] = []
    board = state.board
    assert board is not None
    c = catalogue(state.setup.content)
    if state.round != ROUNDS:
        out.append(Breach("ROUND.GAME_END", f"the game ended in round {state.round}"))
    if len(state.scores) != len(state.clans):
        return [*out, Breach("SCORE.WINNER", f"{len(state.scores)} score lines for {len(state.clans)} clans")]
    for i, (line, clan) in enumerate(zip(state.scores, state.clans, strict=True)):
        parts = (
            line.during_play,
            line.coins_and_seals,
            line.resources,
            line.time,
            line.courtiers,
            line.warriors,
            line.gardeners,
        )
        if line.total != sum(parts):
            out.append(
                Breach("SCORE.WINNER", f"clan {i}: total {line.total} != sum of breakdown {sum(parts)}")
            )
        inside = clan.courtiers[1] + clan.courtiers[2] + clan.courtiers[3]
        strength = sum(y.value * y.warriors.count(i) for y in board.yards)
        want = (
            clan.cp,
            0 if clan.rival else (clan.coins + clan.seals) // 5,
            0 if clan.rival else _leftover(clan.food) + _leftover(clan.iron) + _leftover(clan.pearl),
            c.content.time.score[min(clan.time, c.content.time.last)],
            sum(p * k for p, k in zip(COURTIER_POINTS, clan.courtiers, strict=True)),
            strength * inside,
            sum(c.gardens[g.card].cp for g in board.gardens if i in g.gardeners),
        )
        names = (
            "SCORE.CP",
            "SCORE.COINS_SEALS",
            "SCORE.RESOURCES",
            "SCORE.TIME",
            "SCORE.COURTIERS",
            "SCORE.WARRIORS",
            "SCORE.GARDENERS",
        )
        for rule, got, expected in zip(names, parts, want, strict=True):
            if got != expected:
                out.append(Breach(rule, f"clan {i}: {got} scored, {expected} by the rules"))
    best = max(line.total for line in state.scores)
    winners = tuple(line.clan for line in state.scores if line.total == best)
    if state.winners != winners:
        out.append(Breach("RULING.TIE_SHARED", f"winners {state.winners}, best totals {winners}"))
    return out
