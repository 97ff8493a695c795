"""Granted effects: plain gains, resource choices, the Well action, die-tile and light-background
actions, the Personal Domain action, paid icons, member actions, the optional/ordered rulings, Influence
icons on the Passage of Time (checkpoints, stacking), and what the log says was paid and done."""

from __future__ import annotations

import re
from typing import TypeVar

import pytest
from msgspec.structs import replace

from reference.content import base_content
from reference.engine import apply, new_game
from reference.model import (
    Accept,
    BlockRef,
    ChooseBlock,
    ChooseGarden,
    ChooseLine,
    ChooseMember,
    ClimbUp,
    Colour,
    CourtierToGate,
    DecisionKind,
    Decline,
    DecreeIcon,
    Die,
    DieTileIcon,
    DomainIcon,
    End,
    Gain,
    GainKind,
    GardenerTo,
    GardenKind,
    Influence,
    LanternIcon,
    LightIcon,
    Member,
    MemberIcon,
    Next,
    OptionalFrame,
    Origin,
    PayCheckpoint,
    PayCoins,
    Resource,
    ResourceChoice,
    RivalKind,
    Setup,
    Slot,
    Source,
    Space,
    State,
    StopMove,
    TakePair,
    TakeResource,
    WarriorTo,
    WellIcon,
)
from reference.model import events as ev
from reference.narrate import describe, describe_icon, event_lines, names_for
from tests.helpers import (
    D2_ROOM,
    D6_ROOM,
    G7_SLOT,
    S2_ROOM,
    S5_ROOM,
    S9_ROOM,
    board,
    clan,
    edit_board,
    edit_clan,
    holding,
    inject,
    make_deal,
    only_bridges,
    options,
    place,
    settle,
    started,
    waiting,
    with_room_dice,
)
from tests.solo_helpers import (
    RIVAL,
    at_player_turn,
    card,
    filler,
    player_then_rival,
    set_room_tiles,
    solo_setup,
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


# ---- order of a bundle, resource picks ------------------------------------------------------------


@pytest.mark.rule("RULING.EFFECTS_OPTIONAL_ORDER")
def test_effect_order_question_lists_each_distinct_icon_once() -> None:
    # two identical steps and a coin: the clan chooses between "a step" and "the coin", not between copies
    state = holding(started(), 0)
    asked = inject(state, 0, Influence(1), Gain(GainKind.COIN, 1), Influence(1))
    assert waiting(asked, DecisionKind.ORDER, 0)
    assert set(options(asked)) == {Next(0), Next(1)}


@pytest.mark.rule("RULING.GAINS_PER_ICON", "EFFECT.RESOURCE_CHOICE")
def test_effect_resource_pick_is_made_after_the_plain_gains() -> None:
    # the pick is listed first, yet the plain food is gained before the clan is asked
    state = holding(started(), 0)
    asked = inject(state, 0, ResourceChoice(1), Gain(GainKind.FOOD, 2))
    assert waiting(asked, DecisionKind.RESOURCE, 0)
    assert clan(asked, 0).food == 2
    after = apply(asked, TakeResource(Resource.IRON))
    assert (clan(after, 0).food, clan(after, 0).iron) == (2, 1)


# ---- what a gain, a pick and a chosen icon report --------------------------------------------------


@pytest.mark.rule("EFFECT.PLAIN_GAINS", "SEALS.CAP", "RESOURCES.CAP", "COINS.NO_CAP", "RULING.GAINS_PER_ICON")
@pytest.mark.parametrize(
    ("held", "gain", "kept", "cap"),
    [
        ({"seals": 4}, Gain(GainKind.SEAL, 3), 1, "SEALS.CAP"),
        ({"seals": 3}, Gain(GainKind.SEAL, 2), 2, None),  # reaching the cap exactly loses nothing
        ({"food": 6}, Gain(GainKind.FOOD, 2), 1, "RESOURCES.CAP"),
        ({"iron": 5}, Gain(GainKind.IRON, 2), 2, None),
        ({"pearl": 7}, Gain(GainKind.PEARL, 1), 0, "RESOURCES.CAP"),
        ({"coins": 30}, Gain(GainKind.COIN, 5), 5, None),
        ({"cp": 40}, Gain(GainKind.CP, 3), 3, None),
    ],
)
def test_effect_gain_reports_what_the_cap_let_the_clan_keep(
    held: dict[str, int], gain: Gain, kept: int, cap: str | None
) -> None:
    after = inject(holding(started(), 0, **held), 0, gain)
    rules = ("EFFECT.PLAIN_GAINS",) if cap is None else ("EFFECT.PLAIN_GAINS", cap, "RULING.GAINS_PER_ICON")
    assert after.events == (ev.Gained(clan=0, what=gain.what, n=gain.n, kept=kept, rules=rules),)


@pytest.mark.rule("EFFECT.RESOURCE_CHOICE", "RESOURCES.CAP")
def test_effect_resource_pick_reports_what_was_kept() -> None:
    asked = inject(holding(started(), 0, food=7, iron=3), 0, ResourceChoice(2))
    lost = apply(asked, TakeResource(Resource.FOOD))
    assert lost.events == (
        ev.ResourceTaken(
            clan=0, resource=Resource.FOOD, kept=0, rules=("EFFECT.RESOURCE_CHOICE", "RESOURCES.CAP")
        ),
    )
    kept = apply(lost, TakeResource(Resource.IRON))
    assert kept.events == (
        ev.ResourceTaken(clan=0, resource=Resource.IRON, kept=1, rules=("EFFECT.RESOURCE_CHOICE",)),
    )
    assert (clan(kept, 0).food, clan(kept, 0).iron) == (7, 4)


@pytest.mark.rule("RULING.EFFECTS_OPTIONAL_ORDER")
def test_effect_order_choice_reports_the_icon_chosen() -> None:
    asked = inject(holding(started(), 0), 0, LightIcon(), DieTileIcon(Colour.WHITE))
    chosen = apply(asked, Next(1))
    assert chosen.events == (ev.IconChosen(clan=0, icon=DieTileIcon(Colour.WHITE)),)
    assert waiting(chosen, DecisionKind.CASTLE_ROW, 0)


@pytest.mark.rule("EFFECT.WELL_ACTION", "WELL.REWARD")
def test_effect_well_action_reports_the_well_under_the_action_rule() -> None:
    state = holding(started(), 0)
    after = inject(state, 0, WellIcon())
    icons = (Gain(GainKind.SEAL, 1), Gain(GainKind.COIN, 1), Gain(GainKind.COIN, 1))
    assert after.events[0] == ev.WellResolved(
        clan=0, tiles=board(state).well_tiles, icons=icons, rules=("EFFECT.WELL_ACTION", "WELL.REWARD")
    )
    assert len(board(state).well_tiles) == 2


# ---- die-tile and light-background actions: what the clan chose, or that nothing fits ---------------


@pytest.mark.rule(
    "EFFECT.LIGHT_ACTION",
    "EFFECT.ANY_DIE_TILE",
    "EFFECT.DIE_TILE_ACTION",
    "RULING.DIE_TILE_ACTION_LIMITS",
    "CASTLE.DIPLOMAT_DARK_FREE",
)
@pytest.mark.parametrize(
    ("icon", "choice", "rule", "block"),
    [
        # D2's light block (rows 1-2): PoT+2
        (
            LightIcon(),
            ChooseBlock(block=1, room=D2_ROOM),
            "EFFECT.LIGHT_ACTION",
            ev.BlockResolved(
                clan=0,
                card="D2",
                block=1,
                rows=(1, 2),
                dark=False,
                icons=(Influence(2),),
                rules=("CASTLE.ROWS",),
            ),
        ),
        # S2's bottom row, any tile colour: iron+2
        (
            DieTileIcon(None),
            ChooseBlock(block=2, room=S2_ROOM),
            "EFFECT.ANY_DIE_TILE",
            ev.BlockResolved(
                clan=0,
                card="S2",
                block=2,
                rows=(2,),
                dark=False,
                icons=(Gain(GainKind.IRON, 2),),
                rules=("CASTLE.ROWS",),
            ),
        ),
        # D6's dark block under a white tile (Warrior action): a Diplomat's dark block is free
        (
            DieTileIcon(Colour.WHITE),
            ChooseBlock(block=0, room=D6_ROOM),
            "EFFECT.DIE_TILE_ACTION",
            ev.BlockResolved(
                clan=0,
                card="D6",
                block=0,
                rows=(0,),
                dark=True,
                icons=(MemberIcon(Member.WARRIOR),),
                rules=("CASTLE.ROWS", "CASTLE.DIPLOMAT_DARK_FREE"),
            ),
        ),
    ],
    ids=["light", "any colour", "white"],
)
def test_effect_castle_row_choice_reports_the_block_under_the_icons_rule(
    icon: LightIcon | DieTileIcon, choice: ChooseBlock, rule: str, block: ev.BlockResolved
) -> None:
    asked = inject(holding(started(), 0), 0, icon)
    after = apply(asked, choice)
    assert choice.room is not None
    chosen = ev.BlockChosen(
        clan=0,
        room=choice.room,
        card=block.card,
        block=block.block,
        rules=(rule, "RULING.DIE_TILE_ACTION_LIMITS"),
    )
    assert after.events[:2] == (chosen, block)
    declined = apply(asked, Decline())
    assert declined.events == (ev.Declined(clan=0, what="castle_row"),)
    assert clan(declined, 0) == clan(asked, 0)


@pytest.mark.rule(
    "EFFECT.LIGHT_ACTION", "EFFECT.DIE_TILE_ACTION", "EFFECT.ANY_DIE_TILE", "RULING.MEMBER_FIZZLE"
)
@pytest.mark.parametrize(
    ("icon", "rule"),
    [
        (LightIcon(), "EFFECT.LIGHT_ACTION"),
        (DieTileIcon(Colour.CORAL), "EFFECT.DIE_TILE_ACTION"),
        (DieTileIcon(None), "EFFECT.ANY_DIE_TILE"),
    ],
    ids=["light", "coral", "any-colour"],
)
def test_effect_castle_row_action_with_no_card_in_the_castle_says_nothing_fits(
    icon: LightIcon | DieTileIcon, rule: str
) -> None:
    # every room waits for its refill (a hand-made position): no block fits, nothing is asked
    state = holding(started(), 0)
    state = edit_board(state, rooms=tuple(replace(r, card=None) for r in board(state).rooms))
    after = inject(state, 0, icon)
    assert waiting(after, DecisionKind.TURN, 0)
    assert after.events == (ev.NothingToDo(clan=0, what="castle_row", rules=(rule,)),)


# ---- the Personal Domain action -------------------------------------------------------------------


@pytest.mark.rule(
    "EFFECT.DOMAIN_ACTION",
    "RULING.DOMAIN_ACTION_ICON",
    "DOMAIN.REWARDS",
    "DOMAIN.CARD_BLOCK",
    "MEMBERS.UNCOVER",
)
def test_effect_domain_action_reports_the_line_its_rewards_and_the_card_block() -> None:
    # two gardeners sent uncover two more iron on the black line (row 1), which D2's block 1 covers
    state = holding(started(), 0, sent=(0, 2, 0), domain_card="D2")
    asked = inject(state, 0, DomainIcon())
    after = apply(asked, ChooseLine(Colour.BLACK))
    iron = Gain(GainKind.IRON, 1)
    # the event names the ruling the icon applied (a campaign's rule coverage counts it)
    rules = (
        "EFFECT.DOMAIN_ACTION",
        "RULING.DOMAIN_ACTION_ICON",
        "DOMAIN.REWARDS",
        "DOMAIN.CARD_BLOCK",
        "MEMBERS.UNCOVER",
    )
    assert after.events[0] == ev.DomainLineResolved(
        clan=0, colour=Colour.BLACK, rewards=(iron, iron, iron), card="D2", block=1, rules=rules
    )
    declined = apply(asked, Decline())
    assert declined.events == (ev.Declined(clan=0, what="domain_line"),)
    # without a Domain card (a hand-made position) the line gives its rewards and no block
    bare = apply(inject(edit_clan(state, 0, domain_card=None), 0, DomainIcon()), ChooseLine(Colour.BLACK))
    assert bare.events[0] == ev.DomainLineResolved(
        clan=0, colour=Colour.BLACK, rewards=(iron, iron, iron), card=None, block=None, rules=rules
    )
    assert clan(bare, 0).iron == 3


# ---- priced effects the clan cannot pay ---------------------------------------------------------------


@pytest.mark.rule("RULING.MEMBER_FIZZLE", "EFFECT.PAID_ICON", "CASTLE.DARK_SEAL")
def test_effect_unaffordable_priced_effect_reports_its_source_and_price() -> None:
    # a Plant garden's coins (G7: 3 coins) out of reach even after trading seals
    state = holding(started(), 0, food=4, coins=1, seals=1)
    state = place(state, Colour.CORAL, End.RIGHT, Space.OUTSIDE_LEFT)
    skipped = apply(apply(state, ChooseMember(Member.GARDENER)), ChooseGarden(G7_SLOT))
    assert (
        ev.OptionalUnaffordable(
            clan=0, source=Source("garden", "G7"), seals=0, coins=3, rules=("RULING.MEMBER_FIZZLE",)
        )
        in skipped.events
    )
    # a Steward's dark row (S2, white tile) without its seal
    dark = apply(
        inject(holding(started(), 0), 0, DieTileIcon(Colour.WHITE)), ChooseBlock(block=0, room=S2_ROOM)
    )
    assert waiting(dark, DecisionKind.TURN, 0)
    assert dark.events[1:] == (
        ev.OptionalUnaffordable(clan=0, source=Source("dark_row", "S2", 0), seals=1, coins=0),
    )


# ---- die-tile actions with nothing (or less) to choose --------------------------------------------


@pytest.mark.rule("EFFECT.DIE_TILE_ACTION", "RULING.EFFECTS_OPTIONAL_ORDER")
def test_effect_die_tile_action_without_a_fitting_row_does_nothing() -> None:
    # no coral die tile left in the castle: the coral die-tile action has nothing to do, no question
    state = holding(started(), 0, coins=2)
    for r, rm in enumerate(board(state).rooms):
        state = set_room_tiles(state, r, *(Colour.WHITE if t is Colour.CORAL else t for t in rm.tiles))
    after = inject(state, 0, DieTileIcon(Colour.CORAL))
    assert waiting(after, DecisionKind.TURN, 0)
    assert clan(after, 0) == clan(state, 0)


@pytest.mark.rule("EFFECT.ANY_DIE_TILE", "RULING.REFILL_AFTER_LIGHT")
def test_effect_die_tile_action_skips_a_room_waiting_for_its_refill() -> None:
    # room 0's card has just been taken (the refill comes after the light block): the other four
    # rooms still offer every block (3 + 3 + 2 + 2)
    state = holding(started(), 0)
    rooms = list(board(state).rooms)
    rooms[S2_ROOM] = replace(rooms[S2_ROOM], card=None)
    state = edit_board(state, rooms=tuple(rooms))
    asked = inject(state, 0, DieTileIcon(None))
    blocks = [(a.room, a.block) for a in options(asked) if isinstance(a, ChooseBlock)]
    assert sorted(blocks) == [
        (r, b) for r, n in ((S5_ROOM, 3), (S9_ROOM, 3), (D2_ROOM, 2), (D6_ROOM, 2)) for b in range(n)
    ]


# ---- optional effects: what the log says was paid and done -----------------------------------------


E = TypeVar("E")


def only(state: State, kind: type[E]) -> E:
    """The one event of type ``kind`` among the events of the last action."""
    found = [e for e in state.events if isinstance(e, kind)]
    assert len(found) == 1, state.events
    return found[0]


def line(state: State, event: ev.Event) -> str:
    """The readable log line of ``event``."""
    return " ".join(event_lines(event, names_for(state.setup)))


def names(text: str, phrase: str) -> bool:
    """``phrase`` stands in ``text`` as words of its own, with its exact capitals."""
    return re.search(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", text) is not None


@pytest.mark.rule("EFFECT.PAID_ICON", "RULING.EFFECTS_OPTIONAL_ORDER")
def test_effect_paid_icon_log_names_the_price_and_what_it_buys() -> None:
    bought = (Gain(GainKind.CP, 5),)
    asked = inject(holding(started(), 0, coins=4), 0, PayCoins(4, bought))
    rules = ("EFFECT.PAID_ICON", "RULING.EFFECTS_OPTIONAL_ORDER")
    # the question names the price and what it buys
    assert asked.stack[-1] == OptionalFrame(0, Source("paid_icon"), bought, seals=0, coins=4)
    accepted = apply(asked, Accept())
    done = only(accepted, ev.OptionalPaid)
    assert done == ev.OptionalPaid(
        clan=0, source=Source("paid_icon"), seals=0, coins=4, icons=bought, rules=rules
    )
    assert only(accepted, ev.Gained) == ev.Gained(clan=0, what=GainKind.CP, n=5, kept=5)
    what, _, rest = line(accepted, done).partition("paying")
    paid, _, got = rest.partition(":")
    assert names(what, "clan 0")
    assert names(got, "5 Clan Points")
    assert names(paid, "4 coins")
    assert not names(paid, "seal")
    assert not names(paid, "seals")
    declined_state = apply(asked, Decline())
    declined = only(declined_state, ev.OptionalDeclined)
    assert declined == ev.OptionalDeclined(
        clan=0, source=Source("paid_icon"), seals=0, coins=4, icons=bought, rules=rules
    )
    assert not any(isinstance(e, ev.Gained) for e in declined_state.events)
    text = line(declined_state, declined)
    assert names(text, "clan 0")
    assert names(text, "declines")
    assert names(text, "4 coins")
    assert names(text, "5 Clan Points")


def two_icon_dark_row() -> State:
    """The fixed deal played with content in which Steward S2's dark row (room 0, white tile) shows two
    icons, +1 CP and +2 coins, at the first turn of round 1; clan 0 holds 1 seal and nothing else."""
    base = base_content()
    stewards = []
    for c in base.stewards:
        if c.id == "S2":
            blocks = list(c.blocks)
            blocks[0] = replace(blocks[0], effects=(Gain(GainKind.CP, 1), Gain(GainKind.COIN, 2)))
            c = replace(c, blocks=tuple(blocks))
        stewards.append(c)
    content = replace(base, stewards=tuple(stewards))
    state = apply(new_game(Setup(players=2, content=content)), make_deal())
    while state.decision.kind is DecisionKind.DRAFT:
        state = settle(apply(state, TakePair(0)))
    return holding(state, 0, seals=1)


@pytest.mark.rule("CASTLE.DARK_SEAL", "SEALS.USES")
def test_effect_steward_dark_row_costs_one_seal_for_all_its_icons() -> None:
    asked = inject(two_icon_dark_row(), 0, DieTileIcon(Colour.WHITE))
    dark = apply(asked, ChooseBlock(block=0, room=S2_ROOM))
    assert waiting(dark, DecisionKind.OPTIONAL, 0)
    paid = apply(dark, Accept())
    c = clan(paid, 0)
    assert (c.seals, c.cp, c.coins) == (0, 1, 2)
    # the event names the Steward card, its dark row, both icons and the single seal paid
    source = Source("dark_row", "S2", 0)
    icons = (Gain(GainKind.CP, 1), Gain(GainKind.COIN, 2))
    rules = ("CASTLE.DARK_SEAL", "SEALS.USES", "RULING.EFFECTS_OPTIONAL_ORDER")
    origin = Origin(kind="castle_card", card="S2", block=0, room=S2_ROOM)  # the block the clan chose
    assert dark.stack[-1] == OptionalFrame(0, source, icons, seals=1, coins=0, origin=origin)
    done = only(paid, ev.OptionalPaid)
    assert done == ev.OptionalPaid(clan=0, source=source, seals=1, coins=0, icons=icons, rules=rules)
    what, _, rest = line(paid, done).partition("paying")
    price, _, got = rest.partition(":")
    assert names(what, "Steward")
    assert names(what, "S2")
    assert names(what, "dark")
    assert names(got, "1 Clan Point")
    assert names(got, "2 coins")
    assert names(price, "1 seal")
    assert not names(price, "coins")
    declined = apply(dark, Decline())
    assert clan(declined, 0) == clan(dark, 0)
    refused = only(declined, ev.OptionalDeclined)
    assert refused == ev.OptionalDeclined(clan=0, source=source, seals=1, coins=0, icons=icons, rules=rules)
    text = line(declined, refused)
    assert names(text, "S2")
    assert names(text, "dark")
    assert names(text, "declines")
    assert names(text, "1 seal")
    assert names(text, "1 Clan Point")


# ---- Influence: checkpoints, the log of the walk, stacking ------------------------------------------


@pytest.mark.rule("TIME.CHECKPOINTS", "SEALS.USES")
@pytest.mark.parametrize(
    ("start", "cost", "seals", "entered"),
    [(5, 1, "1 seal", 6), (10, 2, "2 seals", 11), (14, 3, "3 seals", 15)],
)
def test_effect_influence_checkpoint_payment_is_logged(
    start: int, cost: int, seals: str, entered: int
) -> None:
    asked = inject(holding(started(), 0, time=start, seals=3), 0, Influence(1))
    paid = apply(asked, PayCheckpoint())
    checkpoint = only(paid, ev.CheckpointPaid)
    assert checkpoint == ev.CheckpointPaid(clan=0, space=entered, seals=cost)
    assert {"TIME.CHECKPOINTS", "SEALS.USES"} <= set(checkpoint.rules)
    assert only(paid, ev.MoveEnded) == ev.MoveEnded(clan=0, space=entered, lost=0)
    assert clan(paid, 0).seals == 3 - cost
    text = line(paid, checkpoint)
    assert names(text, "clan 0")
    assert names(text, seals)
    assert names(text, f"space {entered}")


@pytest.mark.rule("TIME.MOVE", "TIME.CHECKPOINTS")
def test_effect_influence_log_reports_the_free_steps_walked_before_a_checkpoint() -> None:
    # from 3 with 1 seal: steps to 4 and 5 are free, the question comes before space 6
    walked = inject(holding(started(), 0, time=3, seals=1), 0, Influence(4))
    assert waiting(walked, DecisionKind.CHECKPOINT, 0)
    assert clan(walked, 0).time == 5
    walk = ev.TimeMoved(clan=0, start=3, end=5, rules=("TIME.MOVE",))
    assert walked.events == (walk,)
    text = line(walked, walk)
    assert names(text, "clan 0")
    assert names(text, "space 3")
    assert names(text, "5")
    # on 5 already: the question comes at once and the log reports no move
    at_once = inject(holding(started(), 0, time=5, seals=1), 0, Influence(1))
    assert waiting(at_once, DecisionKind.CHECKPOINT, 0)
    assert at_once.events == ()


def stacked_under(state: State, space: int) -> State:
    """``state`` with clan 1 alone on ``space``, the last marker to have arrived anywhere."""
    state = edit_clan(state, 1, time=space, arrival=state.arrivals + 1)
    return replace(state, arrivals=state.arrivals + 1)


@pytest.mark.rule("TIME.STACK", "TIME.STOP", "RULING.LOST_STEPS")
def test_effect_influence_stopping_after_free_steps_lands_on_top() -> None:
    # clan 0 walks 3 -> 5 for free, refuses the checkpoint: its move ends on 5, on top of clan 1
    state = stacked_under(holding(started(), 0, time=3, seals=1), 5)
    stopped = apply(inject(state, 0, Influence(4)), StopMove())
    assert clan(stopped, 0).time == clan(stopped, 1).time == 5
    assert clan(stopped, 0).seals == 1
    assert clan(stopped, 0).arrival > clan(stopped, 1).arrival


@pytest.mark.rule("TIME.STACK", "TIME.CHECKPOINTS")
def test_effect_influence_paying_the_last_step_lands_on_top() -> None:
    # the only step is the paid one onto 6, where clan 1 stands: clan 0 goes on top
    state = stacked_under(holding(started(), 0, time=5, seals=1), 6)
    paid = apply(inject(state, 0, Influence(1)), PayCheckpoint())
    assert clan(paid, 0).time == clan(paid, 1).time == 6
    assert clan(paid, 0).arrival > clan(paid, 1).arrival


# ==== how the log names icons, effects and the rival ====================================
# How the readable log names icons, effects and the rival: every icon of the vocabulary in
# reference/model.py (the printed icons of cards, tiles and the Domain, and the rival's Solitaire icons)
# is named in the game's terms with its amount, and the rival is named with its clan and its kind.
#
# The tests assert the facts a log line must carry (the amount, the noun, singular or plural, the colour,
# the card, the block), never whole sentences: the wording around them is free.


# ---- plain gains: the amount and the noun, singular and plural ----------------------------------

GAIN_NOUNS = [
    (GainKind.COIN, "coin", "coins"),
    (GainKind.FOOD, "food", "food"),
    (GainKind.IRON, "iron", "iron"),
    (GainKind.PEARL, "Mother-of-Pearl", "Mother-of-Pearl"),
    (GainKind.SEAL, "seal", "seals"),
    (GainKind.CP, "Clan Point", "Clan Points"),
]


@pytest.mark.rule("EFFECT.PLAIN_GAINS")
@pytest.mark.parametrize(("kind", "one", "many"), GAIN_NOUNS)
def test_plain_gain_named_with_its_amount_and_noun(kind: GainKind, one: str, many: str) -> None:
    assert names(describe(Gain(kind, 1)), f"1 {one}")
    assert names(describe(Gain(kind, 3)), f"3 {many}")
    assert describe(Gain(kind, 3)).startswith("+")  # a gain, not a price


@pytest.mark.rule("SOLO.ICON.COINS", "SOLO.ICON.CLAN_POINTS", "SOLO.ICONS")
@pytest.mark.parametrize(("kind", "one", "many"), [GAIN_NOUNS[0], GAIN_NOUNS[-1]])
def test_rival_gain_named_with_its_amount_and_noun(kind: GainKind, one: str, many: str) -> None:
    assert names(describe_icon(Gain(kind, 1)), f"1 {one}")
    assert names(describe_icon(Gain(kind, 2)), f"2 {many}")
    assert describe_icon(Gain(kind, 2)).startswith("+")


# ---- Passage of Time and resource choices --------------------------------------------------------


@pytest.mark.rule("TIME.MOVE")
def test_influence_named_as_passage_of_time_steps() -> None:
    one, two = describe(Influence(1)), describe(Influence(2))
    assert names(one, "Passage of Time")
    assert names(two, "Passage of Time")
    assert names(one, "1")
    assert names(one, "step")
    assert not names(one, "steps")
    assert names(two, "2")
    assert names(two, "steps")


@pytest.mark.rule("SOLO.ICON.INFLUENCE", "SOLO.ICONS")
def test_rival_influence_named_as_passage_of_time_steps() -> None:
    one, three = describe_icon(Influence(1)), describe_icon(Influence(3))
    assert names(one, "Passage of Time")
    assert names(three, "Passage of Time")
    # the amount counts the steps (the rival's icon is named like the player's)
    assert re.search(r"(?<![\w-])1 (?:[\w ]+ )?step(?![\w-])", one)
    assert not names(one, "steps")
    assert re.search(r"(?<![\w-])3 (?:[\w ]+ )?steps(?![\w-])", three)


@pytest.mark.rule("EFFECT.RESOURCE_CHOICE")
def test_resource_choice_named_with_its_count() -> None:
    one, two = describe(ResourceChoice(1)), describe(ResourceChoice(2))
    assert names(one, "1 resource")
    assert not names(one, "resources")
    assert names(two, "2 resources")
    assert names(one, "choice")
    assert names(two, "choice")


# ---- action icons ---------------------------------------------------------------------------------


@pytest.mark.rule("LANTERN.TRIGGER")
def test_lantern_icon_named_lantern() -> None:
    assert names(describe(LanternIcon()), "Lantern")


@pytest.mark.rule("EFFECT.WELL_ACTION")
def test_well_icon_named_well_action() -> None:
    text = describe(WellIcon())
    assert names(text, "Well")
    assert names(text, "action")


@pytest.mark.rule("EFFECT.MEMBER_ACTION")
@pytest.mark.parametrize("member", list(Member))
def test_member_icon_named_after_the_member(member: Member) -> None:
    text = describe(MemberIcon(member))
    assert names(text.lower(), member.value)
    assert names(text, "action")


@pytest.mark.rule("EFFECT.DIE_TILE_ACTION")
@pytest.mark.parametrize("colour", list(Colour))
def test_coloured_die_tile_icon_names_its_colour(colour: Colour) -> None:
    text = describe(DieTileIcon(colour))
    assert names(text, colour.value)
    assert names(text, "die-tile")
    assert not names(text, "any")


@pytest.mark.rule("EFFECT.ANY_DIE_TILE")
def test_any_die_tile_icon_named_any() -> None:
    text = describe(DieTileIcon(None))
    assert names(text, "any")
    assert names(text, "die-tile")
    assert not any(names(text, c.value) for c in Colour)


@pytest.mark.rule("EFFECT.LIGHT_ACTION")
def test_light_icon_named_light_background_action() -> None:
    text = describe(LightIcon())
    assert names(text, "light-background")
    assert names(text, "action")


@pytest.mark.rule("EFFECT.DOMAIN_ACTION")
def test_domain_icon_named_personal_domain_action() -> None:
    text = describe(DomainIcon())
    assert names(text, "Personal Domain")
    assert names(text, "action")


@pytest.mark.rule("SETUP.STARTING_GAINS")
def test_decree_icon_names_the_decree_card() -> None:
    text = describe(DecreeIcon("DC2"))
    assert names(text, "Decree")
    assert names(text, "DC2")


@pytest.mark.rule("EFFECT.PAID_ICON", "GARDENER.ACTION_OPTIONAL")
def test_paid_icon_names_the_price_then_every_icon_it_buys() -> None:
    text = describe(PayCoins(4, (Gain(GainKind.CP, 2), DomainIcon())))
    price, _, bought = text.partition(":")
    assert names(price, "4 coins")
    assert names(price, "pay")
    assert names(bought, "2 Clan Points")
    assert names(bought, "Personal Domain")
    assert bought.index("Clan Points") < bought.index("Personal Domain")  # in the printed order
    assert names(describe(PayCoins(1, (Gain(GainKind.CP, 1),))).partition(":")[0], "pay 1 coin")


@pytest.mark.rule("CASTLE.ROWS")
@pytest.mark.parametrize("block", [0, 1, 2])
def test_castle_block_named_by_card_and_block_counted_from_zero_as_on_the_wire(block: int) -> None:
    # the log numbers blocks as the wire and the events do: 0 is the top block
    text = describe(BlockRef("S9", block))
    assert names(text, "S9")
    assert names(text, f"block {block}")
    assert not names(text, f"block {block + 1}")


# ---- the rival's icons --------------------------------------------------------------------------


@pytest.mark.rule("SOLO.ICON.GARDENER", "SOLO.ICONS")
@pytest.mark.parametrize("kind", list(GardenKind))
def test_rival_gardener_icon_names_the_garden_kind(kind: GardenKind) -> None:
    text = describe_icon(GardenerTo(kind))
    assert names(text, "gardener")
    assert names(text, "garden")
    assert names(text, kind.value)
    assert not names(text, "any")


@pytest.mark.rule("SOLO.ICON.GARDENER", "SOLO.ICONS")
def test_rival_gardener_icon_without_kind_names_any_garden() -> None:
    text = describe_icon(GardenerTo(None))
    assert names(text, "gardener")
    assert names(text, "any")
    assert names(text, "garden")
    assert not any(names(text, k.value) for k in GardenKind)


@pytest.mark.rule("SOLO.ICON.WARRIOR", "SOLO.ICONS")
@pytest.mark.parametrize("cost", [1, 3, 5])
def test_rival_warrior_icon_names_the_yard_by_its_iron_cost(cost: int) -> None:
    text = describe_icon(WarriorTo(cost))
    assert names(text, "warrior")
    assert names(text, "yard")
    assert names(text, f"{cost}-iron")


@pytest.mark.rule("SOLO.ICON.COURTIER", "SOLO.ICONS")
def test_rival_courtier_icon_names_the_gate() -> None:
    text = describe_icon(CourtierToGate())
    assert names(text, "courtier")
    assert names(text, "Gate")


@pytest.mark.rule("SOLO.ICON.CLIMB", "SOLO.ICONS")
@pytest.mark.parametrize("floors", [1, 2])
def test_rival_climb_icon_names_the_floors(floors: int) -> None:
    text = describe_icon(ClimbUp(floors))
    assert names(text, "climb")
    assert names(text, str(floors))


# ---- the rival's name ---------------------------------------------------------------------------


def solo_game(rival: RivalKind) -> State:
    return new_game(solo_setup(filler("F"), filler("G"), rival=rival))


@pytest.mark.rule("SOLO.SETUP.TWO_PLAYER", "GINKGO.SETUP")
@pytest.mark.parametrize(
    ("rival", "kind", "other"),
    [(RivalKind.TOKUGAWA, "rival", "Gingkogawa"), (RivalKind.GINGKOGAWA, "Gingkogawa", "rival")],
)
def test_rival_named_by_its_clan_and_its_kind(rival: RivalKind, kind: str, other: str) -> None:
    name = names_for(solo_game(rival).setup)(RIVAL)
    assert names(name, f"clan {RIVAL}")
    assert names(name, kind)
    assert not names(name, other)


@pytest.mark.rule("SOLO.TURN.UNDOABLE", "SOLO.ICON.CLIMB")
def test_undoable_rival_icon_logged_with_the_rival_the_icon_and_the_points() -> None:
    # the rival has no courtier to climb in round 2: the icon scores 2 CP, and the log says so
    flipped = card("A", Colour.BLACK, Slot.CENTRE, Space.WELL, (ClimbUp(1),))
    state = at_player_turn(solo_setup(flipped, filler("B")))
    state = only_bridges(state, coral=(1, (), None), white=(None, (), 6))
    state = replace(state, round=2)
    after = player_then_rival(state)
    undoable = only(after, ev.IconUndoable)
    assert undoable == ev.IconUndoable(clan=RIVAL, icon=ClimbUp(1), why="no_courtier_to_climb", points=2)
    assert "SOLO.TURN.UNDOABLE" in undoable.rules
    text = line(after, undoable)
    assert names(text, f"clan {RIVAL}")
    assert names(text, "rival")
    assert names(text, "climb 1")
    assert names(text, "2 Clan Points")
    assert after.clans[RIVAL].cp == 2


@pytest.mark.rule("GINKGO.TURN.FIND_DIE", "GINKGO.SETUP")
def test_gingkogawa_bot_named_gingkogawa_in_its_turn() -> None:
    state = at_player_turn(solo_setup(*(filler(f"F{i}") for i in range(3)), rival=RivalKind.GINGKOGAWA))
    after = player_then_rival(state)
    # the bot's own events (its turn, its die, what it did) are the rival clan's
    turns = [e for e in after.events if isinstance(e, ev.TurnStarted)]
    assert turns == [ev.TurnStarted(round=1, turn=3, clan=RIVAL), ev.TurnStarted(round=1, turn=4, clan=0)]
    assert only(after, ev.RivalActs).clan == RIVAL
    assert [e.clan for e in after.events if isinstance(e, ev.DiePlaced)] == [0, RIVAL]
    name = names_for(after.setup)
    lines = [text for e in after.events for text in event_lines(e, name)]
    bot_lines = [text for text in lines if names(text, f"clan {RIVAL}")]
    assert len(bot_lines) >= 3
    assert all(names(text, "Gingkogawa") and not names(text, "rival") for text in bot_lines)


@pytest.mark.rule("EFFECT.MEMBER_ACTION", "EFFECT.LIGHT_ACTION", "EFFECT.DOMAIN_ACTION", "EFFECT.PAID_ICON")
def test_effect_icons_that_wait_keep_where_they_come_from() -> None:
    from reference.model import (
        CastleRowFrame,
        CourtierFrame,
        DomainLineFrame,
        InfluenceFrame,
        Member,
        MemberChoiceFrame,
        MemberFrame,
        MemberIcon,
        OptionalFrame,
        Origin,
        ResourceFrame,
    )
    from reference.rules.effects import resolve

    state = holding(started(), 1, coins=4)  # the second clan: each frame must name it
    origin = Origin(kind="castle_card", card="S2", block=0)
    waits = [
        (MemberIcon(Member.COURTIER), CourtierFrame),
        (MemberIcon(Member.WARRIOR), MemberFrame),
        (LightIcon(), CastleRowFrame),
        (DieTileIcon(Colour.BLACK), CastleRowFrame),
        (DomainIcon(), DomainLineFrame),
        (PayCoins(4, (Gain(GainKind.CP, 5),)), OptionalFrame),
        (Influence(1), InfluenceFrame),
        (ResourceChoice(1), ResourceFrame),
    ]
    for icon, frame in waits:
        top = resolve(state, 1, icon, origin).stack[-1]
        assert type(top) is frame, icon
        assert top.origin == origin, icon
        assert top.clan == 1, icon
    readings = replace(state.setup.readings, domain_icon="members")
    members = replace(state, setup=replace(state.setup, readings=readings))
    top = resolve(members, 1, DomainIcon(), origin).stack[-1]
    assert type(top) is MemberChoiceFrame
    assert top.origin == origin
    assert top.clan == 1
