"""Bridges: the sorted rows of dice, their takeable ends, the slide and the Lantern's left end.

The solo rival takes the die of a physical slot (its card names left, centre or right); a player
takes an end, the slot of that name. Rules: SETUP.BRIDGES_SORTED, BRIDGE.ENDS_ONLY, BRIDGE.SLIDE,
BRIDGE.LANTERN_LEFT, RULING.LONE_DIE_SLOT, RULING.RIVAL_CENTRE_DIE.
"""

from __future__ import annotations

from typing import Final

from reference.model import Bridge, Colour, End, Slot

SLOT_OF: Final[dict[End, Slot]] = {End.LEFT: Slot.LEFT, End.RIGHT: Slot.RIGHT}
"""The slot of each end (the same name): a lookup, not ``Slot(end.value)``, which on Python 3.11 runs
the enum's own Python code."""

# Enum members named once, for the reason given at reference.engine._OVER.
_LEFT: Final = Slot.LEFT
_RIGHT: Final = Slot.RIGHT
_CENTRE: Final = Slot.CENTRE
_LEFT_END: Final = End.LEFT


def sorted_bridge(colour: Colour, values: tuple[int, ...]) -> Bridge:
    """A freshly rolled bridge: lowest die in the left slot, highest in the right, the rest in the
    centre in ascending order. Rule: SETUP.BRIDGES_SORTED."""
    ordered = sorted(values)
    if not ordered:
        return Bridge(colour, None, (), None)
    if len(ordered) == 1:
        return Bridge(colour, ordered[0], (), None)
    return Bridge(colour, ordered[0], tuple(ordered[1:-1]), ordered[-1])


def end_value(bridge: Bridge, end: End) -> int | None:
    """The die at an end of the bridge, or None when that slot is empty. Rule: BRIDGE.ENDS_ONLY."""
    return bridge.left if end is _LEFT_END else bridge.right


def slot_die(bridge: Bridge, slot: Slot) -> int | None:
    """The die in a bridge's physical slot (None when empty; the centre holds a die only when exactly
    one stands there). Rules: SOLO.TURN.FIND_DIE, RULING.LONE_DIE_SLOT."""
    if slot is _LEFT:
        return bridge.left
    if slot is _RIGHT:
        return bridge.right
    return bridge.centre[0] if len(bridge.centre) == 1 else None


def take_slot(bridge: Bridge, slot: Slot) -> tuple[int, Bridge]:
    """Take the die of a slot: an end (the centre die nearest the emptied end slides into it, keeping
    its value; with no centre die the slot stays empty), or the lone centre die (the rival only).
    Returns (value, new bridge). Raises ValueError when the slot holds no die.
    Rules: BRIDGE.ENDS_ONLY, BRIDGE.SLIDE, RULING.LONE_DIE_SLOT, RULING.RIVAL_CENTRE_DIE."""
    centre = bridge.centre
    if slot is _LEFT:
        value = bridge.left
        if value is not None:
            if centre:
                return value, Bridge(bridge.colour, centre[0], centre[1:], bridge.right)
            return value, Bridge(bridge.colour, None, (), bridge.right)
    elif slot is _RIGHT:
        value = bridge.right
        if value is not None:
            if centre:
                return value, Bridge(bridge.colour, bridge.left, centre[:-1], centre[-1])
            return value, Bridge(bridge.colour, bridge.left, (), None)
    elif len(centre) == 1:
        return centre[0], Bridge(bridge.colour, bridge.left, (), bridge.right)
    where = "in the centre" if slot is _CENTRE else f"at the {slot.value} end"
    raise ValueError(f"no die {where} of the {bridge.colour.value} bridge")


def take(bridge: Bridge, end: End) -> tuple[int, Bridge]:
    """Take the die at an end (see :func:`take_slot`). Raises ValueError when the end is empty.
    Rules: BRIDGE.ENDS_ONLY, BRIDGE.SLIDE."""
    return take_slot(bridge, SLOT_OF[end])


def fires_lantern(end: End) -> bool:
    """Taking the die from the left end activates the Lantern. Rules: BRIDGE.LANTERN_LEFT,
    LANTERN.TRIGGER, RULING.LONE_DIE_SLOT."""
    return end is _LEFT_END
