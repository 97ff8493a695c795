"""Bridges: the sorted rows of dice, their takeable ends, the slide and the Lantern's left end.

Rules: SETUP.BRIDGES_SORTED, BRIDGE.ENDS_ONLY, BRIDGE.SLIDE, BRIDGE.LANTERN_LEFT, RULING.LONE_DIE_SLOT.
"""

from __future__ import annotations

from reference.model import Bridge, Colour, End


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
    return bridge.left if end is End.LEFT else bridge.right


def take(bridge: Bridge, end: End) -> tuple[int, Bridge]:
    """Take the die at ``end``; the centre die nearest the emptied slot slides into it, keeping its
    value; with no centre die the slot stays empty. Returns (value, new bridge).
    Raises ValueError when the end is empty. Rules: BRIDGE.ENDS_ONLY, BRIDGE.SLIDE, RULING.LONE_DIE_SLOT."""
    if end is End.LEFT:
        if bridge.left is None:
            raise ValueError(f"no die at the left end of the {bridge.colour.value} bridge")
        value = bridge.left
        if bridge.centre:
            return value, Bridge(bridge.colour, bridge.centre[0], bridge.centre[1:], bridge.right)
        return value, Bridge(bridge.colour, None, (), bridge.right)
    if bridge.right is None:
        raise ValueError(f"no die at the right end of the {bridge.colour.value} bridge")
    value = bridge.right
    if bridge.centre:
        return value, Bridge(bridge.colour, bridge.left, bridge.centre[:-1], bridge.centre[-1])
    return value, Bridge(bridge.colour, bridge.left, (), None)


def fires_lantern(end: End) -> bool:
    """Taking the die from the left end activates the Lantern. Rules: BRIDGE.LANTERN_LEFT,
    LANTERN.TRIGGER, RULING.LONE_DIE_SLOT."""
    return end is End.LEFT
