"""Short English labels of actions for the game page: what was decided and the alternatives.

A label reads the observation of the state the action answers (never the engine's internals): the
die at a bridge's end, the starting pair on offer, the card in a room, and for a decision inside a
turn the observation's ``pending`` description (what each option gives and costs, with its rule:
:mod:`reference.choices`). Rules: TURN.DECISION, RULING.EFFECTS_OPTIONAL_ORDER.
"""

from __future__ import annotations

from typing import assert_never

from reference.model import (
    Accept,
    Action,
    Audience,
    ChooseBlock,
    ChooseFavour,
    ChooseGarden,
    ChooseLine,
    ChooseMember,
    ChooseRoom,
    ChooseYard,
    Climb,
    Deal,
    Decline,
    End,
    Next,
    PayCheckpoint,
    PlaceDie,
    Roll,
    Shuffle,
    StopMove,
    TakePair,
    TakeResource,
    Trade,
)
from reference.model.choices import Cost
from reference.narrate import FLOOR_NAMES, describe, room_name, space_name
from reference.wire import Observation

_RESOURCE_NAMES = {"food": "food", "iron": "iron", "pearl": "Mother-of-Pearl"}


def _die_at(o: Observation, action: PlaceDie) -> str:
    board = o.board
    if board is None:
        return ""
    for bridge in board.bridges:
        if bridge.colour is action.bridge:
            value = bridge.left if action.end is End.LEFT else bridge.right
            return "" if value is None else f" ({value})"
    return ""


def _cost(cost: Cost) -> str:
    parts = [
        f"{n} {what}"
        for what, n in (
            ("seal(s)", cost.seals),
            ("coin(s)", cost.coins),
            ("food", cost.food),
            ("iron", cost.iron),
            ("Mother-of-Pearl", cost.pearl),
        )
        if n
    ]
    return ", ".join(parts)


def action_label(action: Action, before: Observation) -> str:
    """A short label of ``action`` taken at the observation ``before`` (e.g. ``coral left die (1) to
    Stewards' room 1``); a decision inside a turn adds what the option gives and costs."""
    text = _plain(action, before)
    pending = before.pending
    if pending is not None:
        for option in pending.options:
            if option.action == action:
                extra = []
                if option.gives:
                    extra.append("gives " + ", ".join(map(describe, option.gives)))
                cost = _cost(option.cost)
                if cost:
                    extra.append("costs " + cost)
                if extra:
                    text += f" ({'; '.join(extra)})"
                break
    return text


def _plain(action: Action, o: Observation) -> str:
    match action:
        case Deal():
            return "the deal (chance outcome)"
        case Roll(dice=dice):
            rolled = "; ".join(" ".join(map(str, values)) for values in dice)
            return f"the re-roll (chance outcome): {rolled}"
        case Shuffle(order=order):
            return f"the reshuffle (chance outcome): {' '.join(order)}"
        case TakePair(index=index):
            pair = o.draft[index] if 0 <= index < len(o.draft) else None
            return f"take starting pair {index}" + (f" ({pair[0]} + {pair[1]})" if pair else "")
        case PlaceDie(bridge=bridge, end=end, space=space):
            return f"{bridge.value} {end.value} die{_die_at(o, action)} to {space_name(space)}"
        case Trade(into=into):
            if into is None:
                return "trade 1 seal for 1 coin"
            return f"trade 2 seals for 1 {_RESOURCE_NAMES.get(into.value, into.value)}"
        case Next(index=index):
            items = o.pending.items if o.pending is not None else ()
            icon = next((describe(i.icon) for i in items if i.index == index), None)
            return f"resolve next: {icon}" if icon else f"resolve item {index} next"
        case TakeResource(resource=resource):
            return f"take 1 {_RESOURCE_NAMES.get(resource.value, resource.value)}"
        case PayCheckpoint():
            return "pay the checkpoint and go on"
        case StopMove():
            return "stop before the checkpoint"
        case Audience():
            return "audience: pay 2 coins, a courtier to the Gate"
        case Climb(start=start, floors=floors):
            return (
                f"climb {floors} floor{'s' if floors > 1 else ''} from {FLOOR_NAMES.get(start, str(start))}"
            )
        case ChooseRoom(room=room):
            return f"enter {room_name(room)}"
        case ChooseBlock(block=block, room=room):
            where = "the card just taken" if room is None else room_name(room)
            return f"block {block} of {where}"
        case ChooseFavour(slot=slot):
            return f"favour space {slot}"
        case ChooseYard(cost=cost):
            return f"the {cost}-iron Training Yard"
        case ChooseGarden(slot=slot):
            gardens = o.board.gardens if o.board is not None else ()
            card = f" ({gardens[slot].card})" if 0 <= slot < len(gardens) else ""
            return f"garden slot {slot}{card}"
        case ChooseLine(line=line):
            return f"the {line.value} Domain line"
        case ChooseMember(member=member):
            return f"the {member.value} action"
        case Accept():
            return "accept (pay and resolve)"
        case Decline():
            return "decline"
        case _:
            assert_never(action)


__all__ = ["action_label"]
