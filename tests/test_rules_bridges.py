"""Bridges: only the ends are takeable, the centre slides into the emptied end, the Lantern fires for the
left end only, and a lone die keeps its physical slot (RULING.LONE_DIE_SLOT)."""

from __future__ import annotations

import pytest

from reference.model import Colour, DecisionKind, End, PlaceDie, Slot, Space
from reference.rules import bridges as bridge_rules
from tests.helpers import (
    assert_illegal,
    bridge,
    clan,
    get_bridge,
    holding,
    only_bridges,
    options,
    place,
    started,
    waiting,
)


@pytest.mark.rule("BRIDGE.ENDS_ONLY")
def test_bridge_only_end_dice_are_offered() -> None:
    state = holding(started(), 0, coins=20)
    state = only_bridges(state, coral=(1, (3,), 5))
    offered = {a for a in options(state) if isinstance(a, PlaceDie)}
    assert {(a.bridge, a.end) for a in offered} == {(Colour.CORAL, End.LEFT), (Colour.CORAL, End.RIGHT)}
    # the centre 3 is never taken: every placement takes the 1 or the 5
    after_left = place(state, Colour.CORAL, End.LEFT, Space.WELL)
    assert get_bridge(after_left, Colour.CORAL) == bridge(Colour.CORAL, 3, (), 5)


@pytest.mark.rule("BRIDGE.ENDS_ONLY")
def test_bridge_empty_end_cannot_be_taken() -> None:
    state = holding(started(), 0, coins=20)
    state = only_bridges(state, coral=(None, (), 5))
    assert_illegal(state, PlaceDie(Colour.CORAL, End.LEFT, Space.WELL), "BRIDGE.ENDS_ONLY")
    assert_illegal(state, PlaceDie(Colour.BLACK, End.RIGHT, Space.WELL), "BRIDGE.ENDS_ONLY")


@pytest.mark.rule("BRIDGE.SLIDE")
def test_bridge_centre_slides_into_emptied_left_end() -> None:
    state = holding(started(), 0, coins=20)
    state = only_bridges(state, coral=(1, (3,), 5))
    after = place(state, Colour.CORAL, End.LEFT, Space.WELL)
    assert get_bridge(after, Colour.CORAL) == bridge(Colour.CORAL, 3, (), 5)


@pytest.mark.rule("BRIDGE.SLIDE")
def test_bridge_centre_slides_into_emptied_right_end() -> None:
    state = holding(started(), 0, coins=20)
    state = only_bridges(state, coral=(1, (3,), 5))
    after = place(state, Colour.CORAL, End.RIGHT, Space.WELL)
    assert get_bridge(after, Colour.CORAL) == bridge(Colour.CORAL, 1, (), 3)


@pytest.mark.rule("BRIDGE.SLIDE", "SETUP.DICE_PER_COLOUR")
def test_bridge_slide_with_five_dice_nearest_centre_die_moves() -> None:
    state = holding(started(4), 0, coins=20)
    state = only_bridges(state, coral=(1, (2, 3, 4), 6))
    left = place(state, Colour.CORAL, End.LEFT, Space.WELL)
    assert get_bridge(left, Colour.CORAL) == bridge(Colour.CORAL, 2, (3, 4), 6)
    right = place(state, Colour.CORAL, End.RIGHT, Space.WELL)
    assert get_bridge(right, Colour.CORAL) == bridge(Colour.CORAL, 1, (2, 3), 4)


@pytest.mark.rule("BRIDGE.LANTERN_LEFT", "LANTERN.TRIGGER")
def test_bridge_left_end_fires_the_lantern() -> None:
    # clan 0's Lantern Area is SR9: 1 food
    state = holding(started(), 0, coins=0)
    state = only_bridges(state, coral=(1, (3,), 5))
    after = place(state, Colour.CORAL, End.LEFT, Space.WELL)
    assert clan(after, 0).food == 1


@pytest.mark.rule("BRIDGE.LANTERN_LEFT")
def test_bridge_right_end_does_not_fire_the_lantern() -> None:
    state = holding(started(), 0, coins=0)
    state = only_bridges(state, coral=(1, (3,), 5))
    after = place(state, Colour.CORAL, End.RIGHT, Space.WELL)
    assert clan(after, 0).food == 0


@pytest.mark.rule("RULING.LONE_DIE_SLOT", "BRIDGE.LANTERN_LEFT")
def test_bridge_lone_die_left_in_right_slot_gives_no_lantern() -> None:
    # 1 | 3 | 5: the left die is taken twice (the 3 slides left and is taken): the 5 stays in the right slot
    state = holding(started(), 0, coins=20)
    state = only_bridges(state, coral=(1, (3,), 5))
    state = place(state, Colour.CORAL, End.LEFT, Space.WELL)
    state = holding(state, 1, coins=20)
    state = place(state, Colour.CORAL, End.LEFT, Space.WELL)
    assert get_bridge(state, Colour.CORAL) == bridge(Colour.CORAL, None, (), 5)
    assert waiting(state, DecisionKind.TURN, 0)
    state = holding(state, 0, coins=0)
    after = place(state, Colour.CORAL, End.RIGHT, Space.WELL)
    assert clan(after, 0).food == 0
    assert get_bridge(after, Colour.CORAL).count() == 0
    # and the empty left slot cannot be named
    assert_illegal(state, PlaceDie(Colour.CORAL, End.LEFT, Space.WELL), "BRIDGE.ENDS_ONLY")


@pytest.mark.rule("RULING.LONE_DIE_SLOT", "BRIDGE.LANTERN_LEFT")
def test_bridge_lone_die_left_in_left_slot_fires_the_lantern() -> None:
    # the right die is taken twice: the 1 stays in the left slot, and taking it fires the Lantern
    state = holding(started(), 0, coins=20)
    state = only_bridges(state, coral=(1, (3,), 5))
    state = place(state, Colour.CORAL, End.RIGHT, Space.WELL)
    state = place(state, Colour.CORAL, End.RIGHT, Space.WELL)
    assert get_bridge(state, Colour.CORAL) == bridge(Colour.CORAL, 1, (), None)
    state = holding(state, 0, coins=0)
    after = place(state, Colour.CORAL, End.LEFT, Space.WELL)
    assert clan(after, 0).food == 1


@pytest.mark.rule("RULING.LONE_DIE_SLOT")
def test_bridge_take_function_keeps_slots() -> None:
    value, b = bridge_rules.take(bridge(Colour.WHITE, 2, (), 6), End.LEFT)
    assert (value, b) == (2, bridge(Colour.WHITE, None, (), 6))
    value, b = bridge_rules.take(bridge(Colour.WHITE, 2, (), 6), End.RIGHT)
    assert (value, b) == (6, bridge(Colour.WHITE, 2, (), None))
    assert bridge_rules.fires_lantern(End.LEFT)
    assert not bridge_rules.fires_lantern(End.RIGHT)


@pytest.mark.rule("SETUP.BRIDGES_SORTED", "RULING.LONE_DIE_SLOT")
@pytest.mark.parametrize("colour", list(Colour))
@pytest.mark.parametrize(
    ("rolled", "slots"),
    [
        ((5, 1, 3), (1, (3,), 5)),
        ((6, 5, 4), (4, (5,), 6)),
        ((4, 4, 2), (2, (4,), 4)),
        ((2, 6, 2), (2, (2,), 6)),
        ((3, 3, 3), (3, (3,), 3)),
        ((3, 1, 6, 2), (1, (2, 3), 6)),
        ((5, 2, 5, 1, 2), (1, (2, 2, 5), 5)),
        ((4, 1), (1, (), 4)),
        ((3, 3), (3, (), 3)),
        ((4,), (4, (), None)),
        ((), (None, (), None)),
    ],
)
def test_bridge_rolled_dice_sorted_lowest_left_highest_right(
    colour: Colour, rolled: tuple[int, ...], slots: tuple[int | None, tuple[int, ...], int | None]
) -> None:
    # lowest die left, highest right, the rest ascending in the centre; equal values keep their count;
    # a lone die stands in the left slot and no dice leave every slot empty
    assert bridge_rules.sorted_bridge(colour, rolled) == bridge(colour, *slots)
    assert bridge_rules.sorted_bridge(colour, rolled).count() == len(rolled)


@pytest.mark.rule("BRIDGE.ENDS_ONLY")
def test_bridge_take_from_an_empty_end_names_the_end_and_the_bridge() -> None:
    with pytest.raises(ValueError, match=r"\bleft end of the coral bridge\b"):
        bridge_rules.take(bridge(Colour.CORAL, None, (), 5), End.LEFT)
    with pytest.raises(ValueError, match=r"\bright end of the black bridge\b"):
        bridge_rules.take(bridge(Colour.BLACK, 2, (), None), End.RIGHT)


@pytest.mark.rule("RULING.LONE_DIE_SLOT")
@pytest.mark.parametrize(
    ("slots", "left", "centre", "right"),
    [
        ((1, (3,), 5), 1, 3, 5),
        ((3, (), 5), 3, None, 5),  # the centre die slid left: the centre slot is empty
        ((1, (), 3), 1, None, 3),
        ((None, (), 5), None, None, 5),  # a lone die keeps its right slot
        ((1, (), None), 1, None, None),  # a lone die keeps its left slot
        ((None, (), None), None, None, None),
    ],
)
def test_bridge_physical_slots_of_a_two_player_bridge(
    slots: tuple[int | None, tuple[int, ...], int | None],
    left: int | None,
    centre: int | None,
    right: int | None,
) -> None:
    # a bridge is three fixed slots: each reads its own die, or None when empty; the rival's search
    # (which names a slot on its Solitaire card) reads the same slots
    b = bridge(Colour.BLACK, *slots)
    expected = {Slot.LEFT: left, Slot.CENTRE: centre, Slot.RIGHT: right}
    for slot, value in expected.items():
        assert bridge_rules.slot_die(b, slot) == value


@pytest.mark.rule("RULING.RIVAL_CENTRE_DIE", "RULING.LONE_DIE_SLOT")
def test_bridge_centre_slot_gives_its_lone_die_and_otherwise_names_the_empty_centre() -> None:
    value, rest = bridge_rules.take_slot(bridge(Colour.CORAL, 1, (3,), 5), Slot.CENTRE)
    assert (value, rest) == (3, bridge(Colour.CORAL, 1, (), 5))
    # no die in the centre slot: none at all, or two dice (a 3-4 player bridge) with no lone die
    for centre in ((), (3, 4)):
        with pytest.raises(ValueError, match=r"\bno die in the centre of the black bridge\b"):
            bridge_rules.take_slot(bridge(Colour.BLACK, 1, centre, 6), Slot.CENTRE)
