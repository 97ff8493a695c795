"""Invariants over states and steps, each named after the rule IDs it guards.

``check_state(state)`` checks what must hold in every state; ``check_step(before, action, after)``
checks what must hold across one applied action. Both return the list of broken invariants (empty
when all hold), each as ``Breach(rule, message)``, so a caller can assert, report or count them.
Used by the whole-game tests and by the Hypothesis state machines.
"""

from __future__ import annotations

from dataclasses import dataclass

from reference.model import (
    MEMBERS,
    Action,
    Bridge,
    Floor,
    Phase,
    Roll,
    State,
)
from reference.rules.effects import checkpoint_event
from reference.rules.holdings import RESOURCE_CAP, SEAL_CAP
from reference.rules.members import MEMBER_INDEX, MEMBERS_PER_LINE
from reference.rules.rounds import dice_per_colour


@dataclass(frozen=True, slots=True)
class Breach:
    """A broken invariant: the rule ID it guards and what was seen."""

    rule: str
    message: str


def _bridge_sorted(bridge: Bridge) -> bool:
    values = [v for v in (bridge.left, *bridge.centre, bridge.right) if v is not None]
    return values == sorted(values)


def check_state(state: State) -> list[Breach]:
    """Invariants of a single state (after the deal).

    - SEALS.CAP / RESOURCES.CAP: 0 <= seals <= 5, 0 <= each resource <= 7, coins >= 0, CP >= 0.
    - SOLO.GOLDEN.NO_RESOURCES: the rival never holds a resource or a seal.
    - SETUP.BRIDGES_SORTED: every bridge reads in ascending order.
    - SETUP.WORKERS / WARRIOR.NEVER_MOVE: members on the board match the members sent, per kind.
    - DAIMYO.FAVOURS: at most 3 favours, each held by a clan with a courtier in the Daimyo's room.
    - GARDENER.PLACE: one gardener per clan per garden card.
    - PLACE.NO_STACK_2P / PLACE.STACK_3_4P: dice per space within the limit.
    - TIME.TRACK: markers within 0..20.
    """
    out: list[Breach] = []
    board = state.board
    if board is None:
        return out
    for i, clan in enumerate(state.clans):
        if not 0 <= clan.seals <= SEAL_CAP:
            out.append(Breach("SEALS.CAP", f"clan {i} holds {clan.seals} seals"))
        for name, amount in (("food", clan.food), ("iron", clan.iron), ("pearl", clan.pearl)):
            if not 0 <= amount <= RESOURCE_CAP:
                out.append(Breach("RESOURCES.CAP", f"clan {i} holds {amount} {name}"))
        if clan.coins < 0:
            out.append(Breach("PLACE.MUST_PAY", f"clan {i} holds {clan.coins} coins"))
        if clan.cp < 0:
            out.append(Breach("SCORE.CP", f"clan {i} holds {clan.cp} Clan Points"))
        if clan.rival and (clan.food or clan.iron or clan.pearl or clan.seals):
            out.append(Breach("SOLO.GOLDEN.NO_RESOURCES", f"the rival holds resources or seals: {clan}"))
        if not 0 <= clan.time <= 20:
            out.append(Breach("TIME.TRACK", f"clan {i} on space {clan.time}"))
        sent = clan.sent
        if any(not 0 <= s <= MEMBERS_PER_LINE for s in sent):
            out.append(Breach("SETUP.WORKERS", f"clan {i} sent {sent}"))
        warriors = sum(y.warriors.count(i) for y in board.yards)
        if warriors != sent[MEMBER_INDEX[MEMBERS[2]]]:
            out.append(Breach("WARRIOR.NEVER_MOVE", f"clan {i}: {warriors} warriors in yards, {sent} sent"))
        gardeners = sum(g.gardeners.count(i) for g in board.gardens)
        if gardeners != sent[MEMBER_INDEX[MEMBERS[1]]]:
            out.append(Breach("GARDENER.PLACE", f"clan {i}: {gardeners} gardeners placed, {sent} sent"))
        if sum(clan.courtiers) != sent[MEMBER_INDEX[MEMBERS[0]]]:
            out.append(Breach("COURTIER.AUDIENCE", f"clan {i}: courtiers {clan.courtiers}, sent {sent}"))
        if board.favours.count(i) > clan.courtiers[Floor.DAIMYO]:
            out.append(Breach("DAIMYO.FAVOURS", f"clan {i} holds more favours than Daimyo courtiers"))
    for g in board.gardens:
        if len(set(g.gardeners)) != len(g.gardeners):
            out.append(Breach("GARDENER.PLACE", f"garden {g.card} holds two gardeners of one clan"))
    for bridge in board.bridges:
        if not _bridge_sorted(bridge):
            out.append(
                Breach("SETUP.BRIDGES_SORTED", f"{bridge.colour.value} bridge is not sorted: {bridge}")
            )
    limit = 1 if state.setup.players <= 2 else 2
    rule = "PLACE.NO_STACK_2P" if limit == 1 else "PLACE.STACK_3_4P"
    for room in board.rooms:
        if len(room.dice) > limit:
            out.append(Breach(rule, f"room {room.card} holds {len(room.dice)} dice"))
    for space in board.outside:
        if len(space) > limit:
            out.append(Breach(rule, f"an Outside the Walls space holds {len(space)} dice"))
    return out


def dice_on_board(state: State) -> int:
    """Dice placed this round (rooms, Outside, Well, Domain lines)."""
    board = state.board
    assert board is not None
    placed = sum(len(r.dice) for r in board.rooms) + sum(len(s) for s in board.outside) + len(board.well)
    placed += sum(1 for clan in state.clans for d in clan.domain_dice if d is not None)
    return placed


def check_step(before: State, action: Action, after: State) -> list[Breach]:
    """Invariants across one action.

    - SCORE.CP: Clan Points never decrease.
    - SOLO.GOLDEN.NEVER_PAYS / SOLO.ROUND.HAND_IN: the rival's coins fall only at its hand-in (an
      end of round), and then to coins % 3 (first) or % 5 (second) with round x quotient CP added.
    - SETUP.WORKERS: members never return to the Domain board (sent counts never fall).
    - TIME.CHECKPOINTS: a player's marker never enters 6, 11 or 15 without paying 1, 2, 3 seals.
    - conservation of dice: dice on the bridges + dice placed = 3 x (clans + 1) within a round.
    - ROUND.COUNT: 3 dice remain on the bridges when a round's turns are over.
    """
    out: list[Breach] = []
    if before.board is None or after.board is None:
        return out
    for i, (b, a) in enumerate(zip(before.clans, after.clans, strict=True)):
        if a.cp < b.cp:
            out.append(Breach("SCORE.CP", f"clan {i} CP fell from {b.cp} to {a.cp}"))
        if any(x < y for x, y in zip(a.sent, b.sent, strict=True)):
            out.append(Breach("SETUP.WORKERS", f"clan {i} members came back: {b.sent} -> {a.sent}"))
        if a.rival and a.coins < b.coins:
            out.extend(_hand_in_breaches(before, after, i))
        if not a.rival:
            out.extend(_checkpoint_breaches(before, after, i))
    per_bridge = dice_per_colour(before.setup.players)
    total = 3 * per_bridge
    if after.phase is Phase.TURNS and before.round == after.round:
        on_bridges = sum(br.count() for br in after.board.bridges)
        if on_bridges + dice_on_board(after) != total:
            out.append(
                Breach("ROUND.COUNT", f"{on_bridges} on bridges + {dice_on_board(after)} placed != {total}")
            )
    if isinstance(action, Roll):
        remaining = sum(br.count() for br in before.board.bridges)
        if remaining != 3:
            out.append(Breach("ROUND.COUNT", f"{remaining} dice remained at the end of the round, not 3"))
    return out


def _hand_in_breaches(before: State, after: State, i: int) -> list[Breach]:
    b, a = before.clans[i], after.clans[i]
    ended = after.round != before.round or after.phase is not before.phase or after.phase is Phase.OVER
    if not ended:
        return [
            Breach("SOLO.GOLDEN.NEVER_PAYS", f"the rival's coins fell from {b.coins} to {a.coins} mid-round")
        ]
    # the hand-in happened at the end of before.round; the rival's place is in after.turn_order
    rate = 3 if after.turn_order.index(i) == 0 else 5
    # coins gained this action before the hand-in are unknown; the remainder rule must still hold
    if a.coins >= rate:
        return [Breach("SOLO.ROUND.HAND_IN", f"the rival kept {a.coins} coins at rate {rate}")]
    return []


_CHECKPOINTS = {6: 1, 11: 2, 15: 3}


def _checkpoint_breaches(before: State, after: State, i: int) -> list[Breach]:
    """Every checkpoint a player's marker crossed in this action was paid: the engine reports each
    payment as an event, so a crossing without its payment event is a breach (seals may be gained in
    the same action, so the seal count alone cannot tell)."""
    b, a = before.clans[i], after.clans[i]
    out: list[Breach] = []
    for space, cost in _CHECKPOINTS.items():
        if b.time < space <= a.time and checkpoint_event(i, cost, space) not in after.events:
            out.append(Breach("TIME.CHECKPOINTS", f"clan {i} entered space {space} without paying {cost}"))
    return out
