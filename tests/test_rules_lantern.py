"""Lantern Rewards: triggers, every icon of the Lantern Area once, the order chosen by the player."""

from __future__ import annotations

import pytest

from reference.content import base_content, catalogue
from reference.engine import apply
from reference.model import (
    ChooseMember,
    ChooseRoom,
    Climb,
    Colour,
    DecisionKind,
    End,
    Floor,
    Gain,
    GainKind,
    Influence,
    LanternIcon,
    Member,
    Next,
    PayCheckpoint,
    Space,
    TakePair,
)
from reference.model import events as ev
from tests.helpers import (
    D2_ROOM,
    clan,
    dealt,
    holding,
    inject,
    only_bridges,
    options,
    place,
    play,
    settle,
    started,
    waiting,
)


@pytest.mark.rule("LANTERN.GAIN_ALL", "LANTERN.BACKS", "LANTERN.AREA", "LANTERN.TRIGGER")
def test_lantern_left_die_gains_each_icon_once() -> None:
    area = ("SR9", "DC1", "DC2", "DC3", "S4", "D3")
    state = holding(started(), 0, coins=10, lantern=area)
    state = only_bridges(state, white=(5, (), 6))
    # the 5 on Outside costs nothing; the Lantern (all plain gains) resolves without a question
    after = place(state, Colour.WHITE, End.LEFT, Space.OUTSIDE_LEFT)
    assert waiting(after, DecisionKind.OUTSIDE, 0)
    c = clan(after, 0)
    assert (c.food, c.coins, c.seals, c.cp) == (1, 12, 1, 2)


@pytest.mark.rule("LANTERN.BACKS", "LANTERN.TRIGGER")
def test_lantern_icon_tucked_action_card_gives_a_step() -> None:
    state = holding(started(), 0, lantern=("A1", "A3"))
    after = inject(state, 0, LanternIcon())
    assert clan(after, 0).time == 2


@pytest.mark.rule("LANTERN.BACKS")
def test_lantern_backs_in_content() -> None:
    content = base_content()
    cat = catalogue(None)
    assert all(cat.lantern_icons(c.id) == (Gain(GainKind.COIN, 1),) for c in content.stewards)
    assert all(cat.lantern_icons(c.id) == (Gain(GainKind.CP, 1),) for c in content.diplomats)
    assert all(cat.lantern_icons(c.id) == (Influence(1),) for c in content.action_cards)
    assert {d.id: cat.lantern_icons(d.id) for d in content.decrees} == {
        "DC1": (Gain(GainKind.COIN, 1),),
        "DC2": (Gain(GainKind.SEAL, 1),),
        "DC3": (Gain(GainKind.CP, 1),),
    }
    strips = {sr.id: cat.lantern_icons(sr.id) for sr in content.starting_resources}
    pearl, iron, food = (Gain(GainKind.PEARL, 1),), (Gain(GainKind.IRON, 1),), (Gain(GainKind.FOOD, 1),)
    assert strips == {
        "SR1": pearl,
        "SR2": pearl,
        "SR3": pearl,
        "SR4": iron,
        "SR5": iron,
        "SR6": iron,
        "SR7": food,
        "SR8": food,
        "SR9": food,
    }


@pytest.mark.rule("LANTERN.GAIN_ALL", "RULING.EFFECTS_OPTIONAL_ORDER")
def test_lantern_order_seal_before_step_pays_the_checkpoint() -> None:
    # SR9 (food), DC2 (seal), A1 (1 step); marker on 5 with no seal
    state = holding(started(), 0, time=5, seals=0, lantern=("SR9", "DC2", "A1"))
    asked = inject(state, 0, LanternIcon())
    assert waiting(asked, DecisionKind.ORDER, 0)
    assert set(options(asked)) == {Next(0), Next(1), Next(2)}
    seal_first = apply(asked, Next(1))
    assert clan(seal_first, 0).seals == 1
    assert waiting(seal_first, DecisionKind.ORDER, 0)
    step = apply(seal_first, Next(1))  # the step: a checkpoint question
    assert waiting(step, DecisionKind.CHECKPOINT, 0)
    done = settle(apply(step, PayCheckpoint()))
    c = clan(done, 0)
    assert (c.time, c.seals, c.food) == (6, 0, 1)
    assert waiting(done, DecisionKind.TURN, 0)


@pytest.mark.rule("LANTERN.GAIN_ALL", "RULING.EFFECTS_OPTIONAL_ORDER")
def test_lantern_order_step_before_seal_stops_at_checkpoint() -> None:
    state = holding(started(), 0, time=5, seals=0, lantern=("SR9", "DC2", "A1"))
    asked = inject(state, 0, LanternIcon())
    done = settle(apply(asked, Next(2)))
    c = clan(done, 0)
    assert (c.time, c.seals, c.food) == (5, 1, 1)


@pytest.mark.rule("LANTERN.GAIN_ALL", "RULING.GAINS_PER_ICON", "SEALS.CAP")
def test_lantern_order_step_first_at_seal_cap() -> None:
    # at 5 seals, taking the step first (paying 1) leaves room for the Lantern's seal
    state = holding(started(), 0, time=5, seals=5, lantern=("DC2", "A1"))
    asked = inject(state, 0, LanternIcon())
    assert waiting(asked, DecisionKind.ORDER, 0)
    step_first = apply(apply(asked, Next(1)), PayCheckpoint())
    assert (clan(step_first, 0).time, clan(step_first, 0).seals) == (6, 5)
    seal_first = apply(apply(asked, Next(0)), PayCheckpoint())
    assert (clan(seal_first, 0).time, clan(seal_first, 0).seals) == (6, 4)


@pytest.mark.rule("LANTERN.GAIN_ALL")
def test_lantern_no_order_question_when_all_plain_gains() -> None:
    state = holding(started(), 0, lantern=("SR9", "DC1", "DC3"))
    after = inject(state, 0, LanternIcon())
    assert waiting(after, DecisionKind.TURN, 0)
    c = clan(after, 0)
    assert (c.food, c.coins, c.cp) == (1, 1, 1)


@pytest.mark.rule("LANTERN.AREA", "SETUP.STARTING_GAINS")
def test_lantern_area_starts_with_starting_card_and_decree() -> None:
    # SR1 gives Decree DC1, food 2, iron 1, coin 2, seal 1
    state = dealt(2, pairs=(("SR1", "A2"), ("SR9", "A1"), ("SR8", "A3")))
    assert waiting(state, DecisionKind.DRAFT, 1)
    state = settle(apply(state, TakePair(0)))
    c = clan(state, 1)
    assert c.lantern == ("DC1", "SR1")  # a multiset, kept sorted by card id
    assert (c.food, c.iron, c.coins, c.seals) == (2, 1, 2, 1)
    assert c.domain_card == "A2"


@pytest.mark.rule("LANTERN.GROWS", "LANTERN.GAIN_ALL")
def test_lantern_grown_area_pays_one_more_icon() -> None:
    state = holding(started(), 0, lantern=("SR9",))
    before = inject(state, 0, LanternIcon())
    grown = inject(holding(started(), 0, lantern=("SR9", "S4")), 0, LanternIcon())
    assert (clan(before, 0).food, clan(before, 0).coins) == (1, 0)
    assert (clan(grown, 0).food, clan(grown, 0).coins) == (1, 1)


@pytest.mark.rule("LANTERN.GROWS", "COURTIER.FLOOR12.TUCK", "LANTERN.BACKS")
def test_lantern_grows_when_a_courtier_takes_a_card() -> None:
    # clan 0 climbs from the Gate to D2's room: its Action card A1 (back: 1 step) joins SR9 (food)
    state = holding(started(), 0, coins=0, pearl=5, courtiers=(1, 0, 0, 0))
    state = place(state, Colour.CORAL, End.RIGHT, Space.OUTSIDE_RIGHT)
    state = play(state, ChooseMember(Member.COURTIER), Climb(Floor.GATE, 2), ChooseRoom(D2_ROOM))
    assert clan(state, 0).lantern == ("A1", "SR9")  # kept sorted
    assert clan(state, 0).time == 2  # D2's light block
    state = holding(state, 1, coins=10)
    state = only_bridges(state, white=(1, (), 6))
    state = place(state, Colour.WHITE, End.RIGHT, Space.WELL)  # clan 1's turn
    assert waiting(state, DecisionKind.TURN, 0)
    state = holding(state, 0, coins=10)
    after = settle(place(state, Colour.WHITE, End.LEFT, Space.OUTSIDE_LEFT))
    assert clan(after, 0).food == 1
    assert clan(after, 0).time == 3


@pytest.mark.rule("LANTERN.GAIN_ALL", "LANTERN.TRIGGER")
def test_lantern_with_an_empty_area_gives_nothing() -> None:
    # nothing visible in the Lantern Area (a hand-made state): activating it gains nothing, asks nothing
    state = holding(started(), 0, coins=1, lantern=())
    after = inject(state, 0, LanternIcon())
    assert waiting(after, DecisionKind.TURN, 0)
    assert clan(after, 0) == clan(state, 0)


@pytest.mark.rule("LANTERN.GAIN_ALL", "LANTERN.AREA", "BRIDGE.LANTERN_LEFT", "LANTERN.TRIGGER")
def test_lantern_event_names_the_cards_their_icons_and_what_activated_it() -> None:
    # Lantern Area SR9 (food) + Decree DC2 (seal)
    state = holding(started(), 0, coins=9, lantern=("SR9", "DC2"))
    icons = (Gain(GainKind.FOOD, 1), Gain(GainKind.SEAL, 1))
    left = place(only_bridges(state, white=(1, (), 6)), Colour.WHITE, End.LEFT, Space.WELL)
    lit = [e for e in left.events if isinstance(e, ev.LanternActivated)]
    assert lit == [
        ev.LanternActivated(
            clan=0,
            cards=("SR9", "DC2"),
            icons=icons,
            rules=("BRIDGE.LANTERN_LEFT", "LANTERN.GAIN_ALL", "LANTERN.AREA"),
        )
    ]
    icon = inject(state, 0, LanternIcon())
    assert icon.events[0] == ev.LanternActivated(
        clan=0,
        cards=("SR9", "DC2"),
        icons=icons,
        rules=("LANTERN.TRIGGER", "LANTERN.GAIN_ALL", "LANTERN.AREA"),
    )
    right = place(only_bridges(state, white=(1, (), 6)), Colour.WHITE, End.RIGHT, Space.WELL)
    assert not any(isinstance(e, ev.LanternActivated) for e in right.events)
