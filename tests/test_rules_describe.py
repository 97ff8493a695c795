"""How the readable log names icons, effects and the rival: every icon of the vocabulary in
reference/model.py (the printed icons of cards, tiles and the Domain, and the rival's Solitaire icons)
is named in the game's terms with its amount, and the rival is named with its clan and its kind.

The tests assert the facts a log line must carry (the amount, the noun, singular or plural, the colour,
the card, the block), never whole sentences: the wording around them is free.
"""

from __future__ import annotations

import re

import pytest
from msgspec.structs import replace

from reference.engine import new_game
from reference.model import (
    BlockRef,
    ClimbUp,
    Colour,
    CourtierToGate,
    DecreeIcon,
    DieTileIcon,
    DomainIcon,
    Gain,
    GainKind,
    GardenerTo,
    GardenKind,
    Influence,
    LanternIcon,
    LightIcon,
    Member,
    MemberIcon,
    PayCoins,
    ResourceChoice,
    RivalKind,
    Slot,
    Space,
    State,
    WarriorTo,
    WellIcon,
)
from reference.rules.effects import describe
from reference.rules.rival import describe_icon, rival_name
from tests.helpers import only_bridges
from tests.solo_helpers import RIVAL, at_player_turn, card, filler, player_then_rival, solo_setup


def names(text: str, phrase: str) -> bool:
    """``phrase`` stands in ``text`` as words of its own (not glued to other letters, digits or
    hyphens), with its exact capitals."""
    return re.search(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", text) is not None


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
    assert names(one, "1 step")
    assert not names(one, "steps")
    assert names(three, "3 steps")


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
@pytest.mark.parametrize(("block", "printed"), [(0, 1), (1, 2), (2, 3)])
def test_castle_block_named_by_card_and_block_counted_from_one(block: int, printed: int) -> None:
    text = describe(BlockRef("S9", block))
    assert names(text, "S9")
    assert names(text, f"block {printed}")


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
    name = rival_name(solo_game(rival), RIVAL)
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
    undoable = [e for e in after.events if "climb" in e]
    assert len(undoable) == 1
    line = undoable[0]
    assert names(line, f"clan {RIVAL}")
    assert names(line, "rival")
    assert names(line, "climb 1")
    assert names(line, "2 CP")
    assert after.clans[RIVAL].cp == 2


@pytest.mark.rule("GINKGO.TURN.FIND_DIE", "GINKGO.SETUP")
def test_gingkogawa_bot_named_gingkogawa_in_its_turn() -> None:
    state = at_player_turn(solo_setup(*(filler(f"F{i}") for i in range(3)), rival=RivalKind.GINGKOGAWA))
    after = player_then_rival(state)
    bot_lines = [e for e in after.events if names(e, f"clan {RIVAL}")]
    assert bot_lines
    assert all(names(e, "Gingkogawa") and not names(e, "rival") for e in bot_lines)
