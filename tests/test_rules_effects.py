"""Granted effects: plain gains, resource choices, the Well action, die-tile and light-background
actions, the Personal Domain action, paid icons, member actions, and the optional/ordered rulings."""

from __future__ import annotations

import pytest

from reference.engine import apply
from reference.model import (
    Accept,
    ChooseBlock,
    ChooseGarden,
    ChooseLine,
    Colour,
    DecisionKind,
    Decline,
    Die,
    DieTileIcon,
    DomainIcon,
    Gain,
    GainKind,
    Influence,
    LightIcon,
    Member,
    MemberIcon,
    PayCoins,
    Resource,
    ResourceChoice,
    TakeResource,
    WellIcon,
)
from tests.helpers import (
    D2_ROOM,
    D6_ROOM,
    S2_ROOM,
    S5_ROOM,
    S9_ROOM,
    board,
    clan,
    holding,
    inject,
    options,
    started,
    waiting,
    with_room_dice,
)


@pytest.mark.rule("EFFECT.PLAIN_GAINS")
def test_effect_plain_gains_apply_at_once() -> None:
    state = holding(started(), 0)
    after = inject(
        state,
        0,
        Gain(GainKind.COIN, 3),
        Gain(GainKind.FOOD, 1),
        Gain(GainKind.IRON, 2),
        Gain(GainKind.PEARL, 1),
        Gain(GainKind.SEAL, 2),
        Gain(GainKind.CP, 2),
    )
    c = clan(after, 0)
    assert (c.coins, c.food, c.iron, c.pearl, c.seals, c.cp) == (3, 1, 2, 1, 2, 2)
    assert waiting(after, DecisionKind.TURN, 0)


@pytest.mark.rule("EFFECT.RESOURCE_CHOICE")
def test_effect_resource_choice_one_pick_per_unit() -> None:
    state = holding(started(), 0)
    asked = inject(state, 0, ResourceChoice(3))
    picks = (Resource.FOOD, Resource.FOOD, Resource.PEARL)
    for pick in picks:
        assert waiting(asked, DecisionKind.RESOURCE, 0)
        assert set(options(asked)) == {TakeResource(r) for r in Resource}
        asked = apply(asked, TakeResource(pick))
    c = clan(asked, 0)
    assert (c.food, c.iron, c.pearl) == (2, 0, 1)
    assert waiting(asked, DecisionKind.TURN, 0)


@pytest.mark.rule("EFFECT.WELL_ACTION", "WELL.REWARD")
def test_effect_well_action_without_a_die() -> None:
    state = holding(started(), 0)
    after = inject(state, 0, WellIcon())
    assert (clan(after, 0).seals, clan(after, 0).coins) == (1, 2)
    assert board(after).well == ()


@pytest.mark.rule("EFFECT.DIE_TILE_ACTION", "RULING.DIE_TILE_ACTION_LIMITS")
def test_effect_coloured_die_tile_action_offers_rows_of_that_colour() -> None:
    state = holding(started(), 0)
    state = with_room_dice(state, S2_ROOM, Die(Colour.WHITE, 3, 1))  # a full room is still offered
    asked = inject(state, 0, DieTileIcon(Colour.WHITE))
    assert waiting(asked, DecisionKind.CASTLE_ROW, 0)
    blocks = {(a.room, a.block) for a in options(asked) if isinstance(a, ChooseBlock)}
    assert blocks == {(S2_ROOM, 0), (S5_ROOM, 1), (S9_ROOM, 2), (D2_ROOM, 1), (D6_ROOM, 0)}
    assert Decline() in options(asked)


@pytest.mark.rule("EFFECT.DIE_TILE_ACTION", "RULING.DIE_TILE_ACTION_LIMITS", "CASTLE.DARK_SEAL")
def test_effect_die_tile_action_on_steward_dark_row_still_costs_a_seal() -> None:
    state = holding(started(), 0, seals=1, coins=2)
    asked = inject(state, 0, DieTileIcon(Colour.WHITE))
    dark = apply(asked, ChooseBlock(block=0, room=S2_ROOM))
    assert waiting(dark, DecisionKind.OPTIONAL, 0)
    paid = apply(dark, Accept())
    assert clan(paid, 0).seals == 0
    assert waiting(paid, DecisionKind.COURTIER, 0)
    assert board(paid).rooms[S2_ROOM].dice == ()
    assert clan(paid, 0).coins == 2  # no coins compared


@pytest.mark.rule("EFFECT.ANY_DIE_TILE")
def test_effect_any_die_tile_action_offers_all_13_blocks() -> None:
    asked = inject(holding(started(), 0), 0, DieTileIcon(None))
    blocks = [a for a in options(asked) if isinstance(a, ChooseBlock)]
    assert len(blocks) == 13
    assert len(set(blocks)) == 13


@pytest.mark.rule("EFFECT.LIGHT_ACTION", "RULING.DIE_TILE_ACTION_LIMITS")
def test_effect_light_action_offers_the_8_light_blocks() -> None:
    state = with_room_dice(holding(started(), 0), D2_ROOM, Die(Colour.BLACK, 4, 1))
    asked = inject(state, 0, LightIcon())
    blocks = {(a.room, a.block) for a in options(asked) if isinstance(a, ChooseBlock)}
    assert blocks == {
        (S2_ROOM, 1),
        (S2_ROOM, 2),
        (S5_ROOM, 1),
        (S5_ROOM, 2),
        (S9_ROOM, 0),
        (S9_ROOM, 2),
        (D2_ROOM, 1),
        (D6_ROOM, 1),
    }
    after = apply(asked, ChooseBlock(block=1, room=D2_ROOM))
    assert clan(after, 0).time == 2


@pytest.mark.rule("EFFECT.DOMAIN_ACTION", "RULING.DOMAIN_ACTION_ICON")
def test_effect_domain_action_resolves_a_line_without_a_die() -> None:
    # the coral line already holds a die this round: it may still be picked
    state = holding(started(), 0, sent=(3, 0, 0), domain_dice=(5, None, None), domain_card="S12")
    asked = inject(state, 0, DomainIcon())
    assert waiting(asked, DecisionKind.DOMAIN_LINE, 0)
    assert set(options(asked)) == {ChooseLine(c) for c in Colour} | {Decline()}
    after = apply(asked, ChooseLine(Colour.CORAL))
    c = clan(after, 0)
    assert (c.food, c.coins, c.pearl) == (3, 2, 2)
    assert c.domain_dice == (5, None, None)
    declined = apply(asked, Decline())
    assert clan(declined, 0).food == 0


@pytest.mark.rule("EFFECT.PAID_ICON", "RULING.EFFECTS_OPTIONAL_ORDER")
def test_effect_paid_icon_pay_only_when_taken() -> None:
    state = holding(started(), 0, coins=4)
    asked = inject(state, 0, PayCoins(4, (Gain(GainKind.CP, 5),)))
    assert waiting(asked, DecisionKind.OPTIONAL, 0)
    assert set(options(asked)) == {Accept(), Decline()}
    assert (clan(apply(asked, Accept()), 0).coins, clan(apply(asked, Accept()), 0).cp) == (0, 5)
    assert (clan(apply(asked, Decline()), 0).coins, clan(apply(asked, Decline()), 0).cp) == (4, 0)
    poor = inject(holding(started(), 0, coins=3), 0, PayCoins(4, (Gain(GainKind.CP, 5),)))
    assert waiting(poor, DecisionKind.TURN, 0)
    assert clan(poor, 0).coins == 3


@pytest.mark.rule("EFFECT.MEMBER_ACTION", "MEMBERS.MAIN_ACTIONS")
def test_effect_member_action_pays_normal_costs() -> None:
    state = holding(started(), 0, food=2)
    asked = inject(state, 0, MemberIcon(Member.GARDENER))
    assert waiting(asked, DecisionKind.GARDEN, 0)
    after = apply(asked, ChooseGarden(2))  # G3 costs 2 food
    assert clan(after, 0).food == 0


@pytest.mark.rule("RULING.EFFECTS_OPTIONAL_ORDER", "RULING.GAINS_PER_ICON")
def test_effect_plain_gains_are_always_taken_without_question() -> None:
    state = holding(started(), 0, seals=5)
    after = inject(state, 0, Gain(GainKind.SEAL, 1), Gain(GainKind.COIN, 1))
    assert waiting(after, DecisionKind.TURN, 0)
    assert (clan(after, 0).seals, clan(after, 0).coins) == (5, 1)


@pytest.mark.rule("RULING.EFFECTS_OPTIONAL_ORDER")
def test_effect_bundle_order_asked_only_when_it_matters() -> None:
    state = holding(started(), 0)
    asked = inject(state, 0, Gain(GainKind.COIN, 1), Influence(1))
    assert waiting(asked, DecisionKind.ORDER, 0)
    same = inject(state, 0, Influence(1), Influence(1))
    assert waiting(same, DecisionKind.TURN, 0)
    assert clan(same, 0).time == 2
