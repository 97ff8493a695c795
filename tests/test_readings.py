"""The base game's readings (ISSUE 14 items 1-2): READING.DOMAIN_ICON (the Personal Domain action
icon on G6 and Y8) and READING.STONE_GARDEN_ICON (the icon on the Stone garden G4): chosen in the
setup, carried by the content, refused when unknown, named by the command line and on the wire."""

from __future__ import annotations

import json

import msgspec
import pytest
from click.testing import CliRunner
from msgspec.structs import replace

from reference import wire
from reference.choices import describe
from reference.cli import cli
from reference.content import base_content, catalogue, validate
from reference.engine import apply, legal_actions, new_game, settle
from reference.errors import ContentError, SetupError
from reference.model import (
    ChooseMember,
    DecisionKind,
    Decline,
    DomainIcon,
    IconReading,
    LanternIcon,
    LightIcon,
    Member,
    MemberChoiceFrame,
    PayCoins,
    Readings,
    Setup,
    Trade,
)
from reference.model import events as ev
from reference.model.setup import reading_values
from reference.rulebook import load_register
from tests.helpers import started


def test_the_register_names_each_reading_its_setting_and_default() -> None:
    entries = {e.id: e for e in load_register()}
    for rule, setting in (
        ("READING.DOMAIN_ICON", "readings.domain_icon"),
        ("READING.STONE_GARDEN_ICON", "readings.stone_garden"),
    ):
        entry = entries[rule]
        assert entry.status == "reading"
        assert entry.setting == setting
        assert entry.readings == reading_values(rule)
        assert entry.default == Readings().value_of(rule) == entry.readings[0]


def test_the_shipped_content_reads_g6_and_y8_with_one_icon_and_g4_with_two() -> None:
    content = base_content()
    gardens = {g.id: g for g in content.gardens}
    tiles = {t.id: t for t in content.yard_tiles}
    assert gardens["G6"].action == (PayCoins(4, (DomainIcon(),)),)
    assert tiles["Y8"].action == (DomainIcon(),)  # the same icon: READING.DOMAIN_ICON covers both
    cards = catalogue(None)
    assert cards.garden_action("G4", Readings()) == (LightIcon(),)
    assert cards.garden_action("G4", Readings(stone_garden="lantern")) == (LanternIcon(),)
    assert cards.garden_action("G6", Readings(stone_garden="lantern")) == gardens["G6"].action
    with_alternative = [g.id for g in content.gardens if g.readings]
    assert with_alternative == ["G4"]


@pytest.mark.parametrize(
    ("alternative", "message"),
    [
        (IconReading("READING.NOTHING", "lantern", (LanternIcon(),)), "not a reading of a card's icons"),
        (IconReading("READING.DOMAIN_ICON", "members", (LanternIcon(),)), "not a reading of a card's icons"),
        (IconReading("READING.STONE_GARDEN_ICON", "lantern", ()), "the action shows no icon"),
        (
            IconReading("READING.STONE_GARDEN_ICON", "light", (LanternIcon(),)),
            "not one of its other readings",
        ),
        (IconReading("READING.STONE_GARDEN_ICON", "lamp", (LanternIcon(),)), "not one of its other readings"),
    ],
)
def test_content_with_a_wrong_alternative_is_refused_naming_the_garden(
    alternative: IconReading, message: str
) -> None:
    content = base_content()
    gardens = tuple(replace(g, readings=(alternative,)) if g.id == "G1" else g for g in content.gardens)
    with pytest.raises(ContentError, match=f"garden G1: readings\\[0\\].*{message}"):
        validate(replace(content, gardens=gardens), "test")


def test_an_alternative_given_twice_is_refused() -> None:
    content = base_content()
    twice = IconReading("READING.STONE_GARDEN_ICON", "lantern", (LanternIcon(),))
    gardens = tuple(replace(g, readings=(twice, twice)) if g.id == "G4" else g for g in content.gardens)
    with pytest.raises(ContentError, match=r"garden G4: .*given twice"):
        validate(replace(content, gardens=gardens), "test")


def test_an_unknown_reading_in_the_setup_is_refused_by_the_engine_and_the_wire() -> None:
    with pytest.raises(SetupError, match=r"READING\.DOMAIN_ICON"):
        new_game(Setup(readings=Readings(domain_icon="lines")))  # type: ignore[arg-type]  # an unchecked value
    with pytest.raises(SetupError, match=r"READING\.STONE_GARDEN_ICON"):
        new_game(Setup(readings=Readings(stone_garden="lamp")))  # type: ignore[arg-type]  # an unchecked value
    with pytest.raises(msgspec.ValidationError, match=r"readings\.domain_icon"):
        msgspec.json.decode(b'{"players": 2, "readings": {"domain_icon": "lines"}}', type=Setup)


def test_the_setup_carries_its_readings_on_the_wire_and_back() -> None:
    setup = Setup(players=3, readings=Readings(domain_icon="members", stone_garden="lantern"))
    encoded = json.loads(wire.encode(setup))
    assert encoded["readings"] == {"domain_icon": "members", "stone_garden": "lantern"}
    assert msgspec.json.decode(wire.encode(setup), type=Setup) == setup
    assert json.loads(wire.encode(Setup()))["readings"] == {"domain_icon": "domain", "stone_garden": "light"}


def test_the_member_choice_offers_the_three_actions_or_decline_and_cites_the_reading() -> None:
    state = started(2)
    state = replace(state, setup=replace(state.setup, readings=Readings(domain_icon="members")))
    frame = MemberChoiceFrame(0)
    waiting = replace(state, stack=(*state.stack, frame))
    waiting = settle(waiting)
    assert waiting.decision.kind is DecisionKind.MEMBER_CHOICE
    options = tuple(a for a in legal_actions(waiting) if not isinstance(a, Trade))
    assert options == (
        *(ChooseMember(m) for m in (Member.COURTIER, Member.GARDENER, Member.WARRIOR)),
        Decline(),
    )
    pending = describe(waiting)
    assert pending is not None
    assert pending.rule == "READING.DOMAIN_ICON"
    assert {o.rule for o in pending.options[:3]} == {"READING.DOMAIN_ICON"}
    chosen = apply(waiting, ChooseMember(Member.WARRIOR))
    assert chosen.events[0] == ev.MemberChosen(clan=0, member=Member.WARRIOR)
    assert chosen.decision.kind is DecisionKind.YARD
    declined = apply(waiting, Decline())
    assert declined.events[0] == ev.Declined(clan=0, what="member_choice")


def test_the_command_line_chooses_the_readings_and_names_them() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["play", "--seed", "2", "--domain-icon", "members"])
    assert result.exit_code == 0, result.output
    assert "readings READING.DOMAIN_ICON members" in result.output
    plain = runner.invoke(cli, ["play", "--seed", "2"])
    assert "readings" not in plain.output.splitlines()[0]
    wrong = runner.invoke(cli, ["play", "--stone-garden", "lamp"])
    assert wrong.exit_code == 2
    assert "lamp" in wrong.output


def test_a_setup_without_readings_or_an_edited_state_with_an_unknown_one_is_refused() -> None:
    from reference.errors import IllegalAction

    with pytest.raises(SetupError, match="readings must be a Readings value"):
        new_game(Setup(readings=None))  # type: ignore[arg-type]  # what a Python caller can pass
    state = started(2)
    edited = replace(state, setup=replace(state.setup, readings=Readings(domain_icon="foo")))  # type: ignore[arg-type]  # an unchecked value
    with pytest.raises(IllegalAction, match=r"READING\.DOMAIN_ICON"):
        apply(edited, legal_actions(edited)[0])
    with pytest.raises(IllegalAction, match=r"READING\.DOMAIN_ICON"):
        settle(edited)


def test_the_order_of_icons_cites_the_reading_of_the_domain_icon() -> None:
    from reference.choices import icon_rule

    assert icon_rule(DomainIcon()) == "EFFECT.DOMAIN_ACTION"
    assert icon_rule(DomainIcon(), Readings(domain_icon="members")) == "READING.DOMAIN_ICON"


@pytest.mark.rule("READING.STONE_GARDEN_ICON", "GARDENER.ACTION_OPTIONAL")
@pytest.mark.parametrize("readings", [Readings(stone_garden="light"), Readings(stone_garden="lantern")])
def test_the_stone_gardens_events_name_its_reading_and_other_gardens_do_not(readings: Readings) -> None:
    from reference.engine import advance
    from reference.rules.members import garden_action

    state = started()
    state = replace(state, setup=replace(state.setup, readings=readings))

    def declined(garden: str) -> ev.Event:
        asked = advance(garden_action(replace(state, events=()), 0, garden))
        assert Decline() in legal_actions(asked)
        return apply(asked, Decline()).events[0]

    stone = declined("G4")
    assert isinstance(stone, ev.OptionalDeclined)
    assert stone.rules == ("GARDENER.ACTION_OPTIONAL", "EFFECT.PAID_ICON", "READING.STONE_GARDEN_ICON")
    other = declined("G1")
    assert isinstance(other, ev.OptionalDeclined)
    assert "READING.STONE_GARDEN_ICON" not in other.rules
