"""Illegal actions: ``apply`` raises IllegalAction whose ``rule`` names the rule broken (a registered
rulebook ID), the action is not among the legal actions, and the input state is unchanged."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from msgspec.structs import replace

from reference.content import base_content
from reference.engine import apply, decision_rule, legal_actions, new_game
from reference.errors import IllegalAction
from reference.model import (
    Accept,
    Action,
    Audience,
    ChooseBlock,
    ChooseFavour,
    ChooseGarden,
    ChooseMember,
    ChooseRoom,
    ChooseYard,
    Climb,
    ClimbUp,
    Colour,
    CourtierToGate,
    DecisionKind,
    Decline,
    Die,
    DieTileIcon,
    DomainIcon,
    End,
    Floor,
    Gain,
    GainKind,
    GardenerTo,
    GardenKind,
    Influence,
    LightIcon,
    Member,
    Next,
    PayCheckpoint,
    PayCoins,
    PlaceDie,
    Resource,
    ResourceChoice,
    RivalIcon,
    RivalKind,
    Roll,
    Setup,
    Slot,
    Space,
    State,
    TakePair,
    Trade,
)
from reference.model import events as ev
from reference.narrate import event_lines, names_for
from reference.rulebook import rule_ids
from tests.helpers import (
    D2_ROOM,
    G1_SLOT,
    G5_SLOT,
    G7_SLOT,
    S2_ROOM,
    assert_illegal,
    dealt,
    edit_board,
    holding,
    inject,
    last_turn,
    make_deal,
    only_bridges,
    place,
    play,
    settle,
    started,
    with_gardeners,
    with_room_dice,
)
from tests.solo_helpers import at_player_turn, card, filler, player_then_rival, solo_setup

REGISTER = Path(__file__).resolve().parents[1] / "reference" / "rulebook" / "register.toml"


def register_ids() -> set[str]:
    with REGISTER.open("rb") as f:
        return {entry["id"] for entry in tomllib.load(f)["rule"]}


def turn0(**holdings: object) -> State:
    return holding(started(), 0, **holdings)


def outside(state: State, member: Member) -> State:
    space = Space.OUTSIDE_LEFT if member is Member.GARDENER else Space.OUTSIDE_RIGHT
    return apply(place(state, Colour.CORAL, End.RIGHT, space), ChooseMember(member))


def at_roll() -> State:
    state = only_bridges(last_turn(started()), white=(None, (2,), 6))
    return place(state, Colour.WHITE, End.RIGHT, Space.WELL)


def at_game_end() -> State:
    state = only_bridges(last_turn(started(), 3), white=(None, (2,), 6))
    return place(state, Colour.WHITE, End.RIGHT, Space.WELL)


CASES: list[tuple[str, Callable[[], State], Action]] = [
    (
        "PLACE.MUST_PAY",
        lambda: only_bridges(turn0(coins=1), coral=(None, (), 1)),
        PlaceDie(Colour.CORAL, End.RIGHT, Space.STEWARD_1),
    ),
    (
        "PLACE.NO_STACK_2P",
        lambda: with_room_dice(turn0(coins=9), S2_ROOM, Die(Colour.CORAL, 3, 1)),
        PlaceDie(Colour.CORAL, End.RIGHT, Space.STEWARD_1),
    ),
    (
        "PLACE.STACK_3_4P",
        lambda: with_room_dice(
            holding(started(3), 0, coins=9), S2_ROOM, Die(Colour.CORAL, 3, 1), Die(Colour.CORAL, 2, 2)
        ),
        PlaceDie(Colour.CORAL, End.RIGHT, Space.STEWARD_1),
    ),
    ("CASTLE.COLOUR_MATCH", lambda: turn0(coins=9), PlaceDie(Colour.BLACK, End.RIGHT, Space.STEWARD_1)),
    ("DOMAIN.COLOUR_LOCK", lambda: turn0(coins=9), PlaceDie(Colour.WHITE, End.RIGHT, Space.DOMAIN_BLACK)),
    (
        "DOMAIN.ONE_DIE",
        lambda: turn0(coins=9, domain_dice=(None, 2, None)),
        PlaceDie(Colour.BLACK, End.RIGHT, Space.DOMAIN_BLACK),
    ),
    (
        "BRIDGE.ENDS_ONLY",
        lambda: only_bridges(turn0(coins=9), coral=(None, (), 5)),
        PlaceDie(Colour.CORAL, End.LEFT, Space.WELL),
    ),
    ("SEALS.TRADE_COIN", lambda: turn0(seals=0), Trade(None)),
    ("SEALS.TRADE_RESOURCE", lambda: turn0(seals=1), Trade(Resource.PEARL)),
    ("TURN.DECISION", lambda: turn0(), Accept()),
    ("TURN.DECISION", lambda: turn0(seals=3), PayCheckpoint()),
    ("TURN.DECISION", lambda: turn0(), make_deal()),
    (
        "COURTIER.AUDIENCE",
        lambda: outside(turn0(coins=1, pearl=2, courtiers=(1, 0, 0, 0)), Member.COURTIER),
        Audience(),
    ),
    (
        "COURTIER.CLIMB",
        lambda: outside(turn0(coins=2, pearl=4, courtiers=(1, 0, 0, 0)), Member.COURTIER),
        Climb(Floor.GATE, 2),
    ),
    (
        "COURTIER.ACTION",
        lambda: apply(outside(turn0(coins=4, pearl=2), Member.COURTIER), Audience()),
        Audience(),
    ),
    (
        "MEMBERS.LEFTMOST",
        lambda: outside(turn0(coins=4, pearl=2, sent=(5, 0, 0), courtiers=(5, 0, 0, 0)), Member.COURTIER),
        Audience(),
    ),
    (
        "OUTSIDE.CHOICES",
        lambda: place(turn0(), Colour.CORAL, End.RIGHT, Space.OUTSIDE_LEFT),
        ChooseMember(Member.WARRIOR),
    ),
    (
        "COURTIER.DAIMYO.FAVOUR",
        lambda: apply(
            outside(
                edit_board(turn0(pearl=2, courtiers=(0, 0, 1, 0)), favours=(None, 1, None)), Member.COURTIER
            ),
            Climb(Floor.DIPLOMATS, 1),
        ),
        ChooseFavour(1),
    ),
    (
        "COURTIER.FLOOR12.TAKE_CARD",
        lambda: play(
            outside(turn0(pearl=2, courtiers=(1, 0, 0, 0)), Member.COURTIER),
            Climb(Floor.GATE, 1),
            ChooseRoom(S2_ROOM),
        ),
        ChooseBlock(block=0),
    ),
    (
        "EFFECT.DIE_TILE_ACTION",
        lambda: inject(turn0(), 0, DieTileIcon(Colour.WHITE)),
        ChooseBlock(block=1, room=S2_ROOM),
    ),
    (
        "RULING.EFFECTS_OPTIONAL_ORDER",
        lambda: inject(turn0(), 0, LightIcon(), DieTileIcon(Colour.WHITE)),
        Next(5),
    ),
    ("SETUP.STARTING_PAIRS", lambda: apply(new_game(Setup(players=2)), make_deal()), TakePair(3)),
    ("RULING.CHANCE_DEAL", lambda: new_game(Setup(players=2)), Roll(((1, 2, 3),) * 3)),
    ("RULING.CHANCE_ROLL", at_roll, PlaceDie(Colour.WHITE, End.LEFT, Space.WELL)),
    ("RULING.CHANCE_ROLL", at_roll, Roll(((1, 2, 3), (1, 2, 3)))),
    ("ROUND.GAME_END", at_game_end, Decline()),
    # the precise rule of a refused member placement or block choice
    ("WARRIOR.PLACE", lambda: outside(turn0(iron=4), Member.WARRIOR), ChooseYard(5)),
    ("GARDENER.PLACE", lambda: outside(turn0(food=2), Member.GARDENER), ChooseGarden(G5_SLOT)),
    (
        "GARDENER.PLACE",
        lambda: outside(with_gardeners(turn0(food=7, sent=(0, 1, 0)), G1_SLOT, 0), Member.GARDENER),
        ChooseGarden(G1_SLOT),
    ),
    (
        "COURTIER.FLOORS",
        lambda: apply(
            outside(turn0(coins=2, pearl=5, courtiers=(1, 0, 0, 0)), Member.COURTIER), Climb(Floor.GATE, 2)
        ),
        ChooseRoom(S2_ROOM),
    ),
    ("EFFECT.LIGHT_ACTION", lambda: inject(turn0(), 0, LightIcon()), ChooseBlock(block=0, room=D2_ROOM)),
]


@pytest.mark.rule("TURN.DECISION")
@pytest.mark.parametrize(
    ("rule", "build", "action"), CASES, ids=[f"{c[0]}-{type(c[2]).__name__}" for c in CASES]
)
def test_illegal_action_names_the_rule_and_leaves_state_unchanged(
    rule: str, build: Callable[[], State], action: Action
) -> None:
    state = build()
    assert state.decision.clan is not None or state.decision.kind.value in ("deal", "roll", "none")
    assert rule in register_ids()
    error = assert_illegal(state, action, rule)
    assert error.reason


@pytest.mark.rule("TURN.DECISION")
@pytest.mark.parametrize(
    ("rule", "build", "action"), CASES, ids=[f"{c[0]}-{type(c[2]).__name__}" for c in CASES]
)
def test_illegal_rule_is_registered(rule: str, build: Callable[[], State], action: Action) -> None:
    state = build()
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    assert info.value.rule in register_ids()
    assert action not in legal_actions(state)


# ---- the reason of a refusal carries its facts ------------------------------------------------------
# Each refusal names the rule and says why in terms of the game: the price, what the clan holds, the
# floor, the yard, the garden card. The facts are matched as whole words (the reason is read by people
# and by the conformance report, so "clan 0 holds 1" must not read "clan None holds 1").


def courtier(coins: int = 2, **holdings: object) -> State:
    """Clan 0 in a Courtier action (from the right Outside space) holding ``holdings`` and 2 coins
    unless given, so that the audience keeps the action waiting for a decision."""
    return outside(turn0(coins=coins, **holdings), Member.COURTIER)


def climbed() -> State:
    """Clan 0's Courtier action after its climb (Gate to the Stewards' floor, S2 taken, its iron+2
    block done): only the audience is left."""
    state = play(courtier(pearl=2, courtiers=(1, 0, 0, 0)), Climb(Floor.GATE, 1), ChooseRoom(S2_ROOM))
    return settle(apply(state, ChooseBlock(block=2)))


def custom_started(content_g5_food: int) -> State:
    """The fixed deal on content where the garden card G5 is transcribed with another Food cost."""
    base = base_content()
    content = replace(
        base,
        gardens=tuple(
            replace(g, food=content_g5_food, cp=2 * content_g5_food - 1) if g.id == "G5" else g
            for g in base.gardens
        ),
    )
    state = apply(new_game(Setup(players=2, content=content)), make_deal())
    while state.decision.kind is DecisionKind.DRAFT:
        state = settle(apply(state, TakePair(0)))
    return holding(state, 0)


REASONS: list[tuple[str, Callable[[], State], Action, tuple[str, ...]]] = [
    (
        "COURTIER.ACTION",
        lambda: apply(courtier(coins=4, pearl=2), Audience()),
        Audience(),
        (r"\bCourtier action\b", r"\balready had its audience\b"),
    ),
    (
        "COURTIER.ACTION",
        climbed,
        Climb(Floor.STEWARDS, 1),
        (r"\bCourtier action\b", r"\balready had its climb\b"),
    ),
    (
        "MEMBERS.LEFTMOST",
        lambda: courtier(pearl=2, sent=(5, 0, 0), courtiers=(5, 0, 0, 0)),
        Audience(),
        (r"\bno courtier is left\b", r"\bDomain board\b"),
    ),
    (
        "COURTIER.AUDIENCE",
        lambda: outside(turn0(coins=1, pearl=2, courtiers=(1, 0, 0, 0)), Member.COURTIER),
        Audience(),
        (r"\bcosts 2 coins\b", r"\bclan 0 holds 1\b"),
    ),
    # a climb is 1 or 2 floors and ends at the Daimyo's room at the highest
    (
        "COURTIER.CLIMB",
        lambda: courtier(pearl=5, courtiers=(1, 0, 0, 0)),
        Climb(Floor.GATE, 3),
        (r"\bcannot climb 3 floor\(s\) from gate\b",),
    ),
    (
        "COURTIER.CLIMB",
        lambda: courtier(pearl=5, courtiers=(0, 0, 1, 0)),
        Climb(Floor.DIPLOMATS, 2),
        (r"\bcannot climb 2 floor\(s\) from diplomats\b",),
    ),
    (
        "COURTIER.CLIMB",
        lambda: courtier(pearl=5, courtiers=(0, 0, 0, 1)),
        Climb(Floor.DAIMYO, 1),
        (r"\bcannot climb 1 floor\(s\) from daimyo\b",),
    ),
    # the climbing courtier must stand on the starting floor
    (
        "COURTIER.CLIMB",
        lambda: courtier(pearl=4, courtiers=(0, 1, 0, 0)),
        Climb(Floor.GATE, 1),
        (r"\bno courtier of clan 0 stands on gate\b",),
    ),
    # 2 Mother-of-Pearl for 1 floor, 5 for 2 floors, whatever the start (Stewards' floor to the Daimyo)
    (
        "COURTIER.CLIMB",
        lambda: courtier(pearl=4, courtiers=(0, 1, 0, 0)),
        Climb(Floor.STEWARDS, 2),
        (r"\bclimbing 2 floor\(s\) costs 5 Mother-of-Pearl\b", r"\bclan 0 holds 4\b"),
    ),
    (
        "COURTIER.CLIMB",
        lambda: courtier(pearl=1, courtiers=(1, 0, 0, 0)),
        Climb(Floor.GATE, 1),
        (r"\bclimbing 1 floor\(s\) costs 2 Mother-of-Pearl\b", r"\bclan 0 holds 1\b"),
    ),
    (
        "WARRIOR.PLACE",
        lambda: outside(turn0(iron=4), Member.WARRIOR),
        ChooseYard(5),
        (r"\b5-iron yard costs 5 iron\b", r"\bclan 0 holds 4\b"),
    ),
    # the last warrior on the Domain board can still be sent: the refusal is the yard's price
    (
        "WARRIOR.PLACE",
        lambda: outside(turn0(iron=4, sent=(0, 0, 4)), Member.WARRIOR),
        ChooseYard(5),
        (r"\b5-iron yard costs 5 iron\b", r"\bclan 0 holds 4\b"),
    ),
    (
        "WARRIOR.PLACE",
        lambda: outside(turn0(iron=4), Member.WARRIOR),
        ChooseYard(2),
        (r"\bno Training Yard costs 2 iron\b",),
    ),
    (
        "GARDENER.PLACE",
        lambda: outside(turn0(food=2), Member.GARDENER),
        ChooseGarden(G5_SLOT),
        (r"\bG5 costs 3 food\b", r"\bclan 0 holds 2\b"),
    ),
    (
        "GARDENER.PLACE",
        lambda: outside(with_gardeners(turn0(food=7, sent=(0, 1, 0)), G1_SLOT, 0), Member.GARDENER),
        ChooseGarden(G1_SLOT),
        (r"\bG1 already holds a gardener of clan 0\b",),
    ),
    (
        "GARDENER.PLACE",
        lambda: outside(turn0(food=2), Member.GARDENER),
        ChooseGarden(6),
        (r"\bno garden slot 6\b",),
    ),
    # the price is the game's own content: G5 transcribed with a Food cost of 6
    (
        "GARDENER.PLACE",
        lambda: outside(holding(custom_started(6), 0, food=4), Member.GARDENER),
        ChooseGarden(G5_SLOT),
        (r"\bG5 costs 6 food\b", r"\bclan 0 holds 4\b"),
    ),
    # a paid icon the clan could pay only after trading seals: Decline is offered, Accept refused
    (
        "EFFECT.PAID_ICON",
        lambda: inject(turn0(coins=1, seals=2), 0, PayCoins(3, (Gain(GainKind.CP, 2),))),
        Accept(),
        (r"\ba priced icon\b", r"\bcosts 3 coin\(s\)", r"\bclan 0 holds 1\b", r"\btrade seals first\b"),
    ),
    # the same for a Plant garden's coins (G7: 3 coins for a Courtier action): the reason names the card
    (
        "EFFECT.PAID_ICON",
        lambda: apply(outside(turn0(food=4, coins=1, seals=2), Member.GARDENER), ChooseGarden(G7_SLOT)),
        Accept(),
        (r"\bG7\b", r"\bcosts 3 coin\(s\)", r"\bclan 0 holds 1\b"),
    ),
    # an action that answers another decision: the engine names the pending decision's own rule and kind
    (
        "GARDENER.PLACE",
        lambda: outside(turn0(food=4), Member.GARDENER),
        Audience(),
        (r"\bAudience is not an option\b", r"\bpending garden decision\b"),
    ),
    (
        "WARRIOR.PLACE",
        lambda: outside(turn0(iron=4), Member.WARRIOR),
        Audience(),
        (r"\bAudience is not an option\b", r"\bpending yard decision\b"),
    ),
    # a choice that belongs to the other member: the generic refusal, not the other member's price
    (
        "WARRIOR.PLACE",
        lambda: outside(turn0(iron=4, food=5), Member.WARRIOR),
        ChooseGarden(G1_SLOT),
        (r"\bChooseGarden is not an option\b", r"\bpending yard decision\b"),
    ),
    (
        "GARDENER.PLACE",
        lambda: outside(turn0(iron=7, food=4), Member.GARDENER),
        ChooseYard(1),
        (r"\bChooseYard is not an option\b", r"\bpending garden decision\b"),
    ),
    (
        "COURTIER.ACTION",
        lambda: courtier(pearl=2, courtiers=(1, 0, 0, 0)),
        ChooseYard(1),
        (r"\bChooseYard is not an option\b", r"\bpending courtier decision\b"),
    ),
    (
        "COURTIER.FLOOR12.TAKE_CARD",
        lambda: apply(courtier(pearl=2, courtiers=(1, 0, 0, 0)), Climb(Floor.GATE, 1)),
        Audience(),
        (r"\bAudience is not an option\b", r"\bpending room decision\b"),
    ),
    (
        "RULING.EFFECTS_OPTIONAL_ORDER",
        lambda: inject(turn0(coins=3), 0, PayCoins(3, (Gain(GainKind.CP, 2),))),
        ChooseRoom(S2_ROOM),
        (r"\bChooseRoom is not an option\b", r"\bpending optional decision\b"),
    ),
    (
        "RULING.EFFECTS_OPTIONAL_ORDER",
        lambda: inject(turn0(), 0, LightIcon(), DieTileIcon(Colour.WHITE)),
        Accept(),
        (r"\bAccept is not an option\b", r"\bpending order decision\b"),
    ),
    (
        "EFFECT.LIGHT_ACTION",
        lambda: inject(turn0(), 0, LightIcon()),
        ChooseBlock(block=0, room=D2_ROOM),
        (r"\bChooseBlock is not a light-background block\b",),
    ),
    (
        "EFFECT.DIE_TILE_ACTION",
        lambda: inject(turn0(), 0, DieTileIcon(Colour.WHITE)),
        ChooseBlock(block=1, room=S2_ROOM),
        (r"\bChooseBlock is not a block whose die tile fits\b",),
    ),
    # an any-colour die-tile action offers the 13 castle rows and blocks: S2 has no 6th row
    (
        "EFFECT.ANY_DIE_TILE",
        lambda: inject(turn0(), 0, DieTileIcon()),
        ChooseBlock(block=5, room=S2_ROOM),
        (r"\bChooseBlock is not a block whose die tile fits\b",),
    ),
    ("RULING.CHANCE_DEAL", lambda: new_game(Setup(players=2)), Roll(((1, 2, 3),) * 3), (r"\bgot Roll\b",)),
    # the engine's own refusals name the action, the clan and what is awaited
    ("ROUND.GAME_END", at_game_end, Decline(), (r"\bthe game is over\b",)),
    ("RULING.CHANCE_ROLL", at_roll, PlaceDie(Colour.WHITE, End.LEFT, Space.WELL), (r"\bgot PlaceDie\b",)),
    (
        "TURN.DECISION",
        lambda: turn0(),
        make_deal(),
        (r"\bDeal is a chance outcome\b", r"\bclan 0 must decide\b"),
    ),
    ("TURN.DECISION", lambda: turn0(), Accept(), (r"\bclan 0 must place a die, got Accept\b",)),
    (
        "SEALS.TRADE_COIN",
        lambda: turn0(seals=0),
        Trade(None),
        (r"\bclan 0 holds 0 seal\(s\)", r"\bnot enough for Trade\b"),
    ),
    (
        "SETUP.STARTING_PAIRS",
        lambda: apply(new_game(Setup(players=2)), make_deal()),
        TakePair(3),
        (r"\b3 starting pairs are on offer \(index 0\.\.2\)", r"\bgot index 3\b"),
    ),
]


@pytest.mark.rule("TURN.DECISION")
@pytest.mark.parametrize(
    ("rule", "build", "action", "facts"),
    [pytest.param(*case, marks=pytest.mark.rule(case[0])) for case in REASONS],
    ids=[f"{c[0]}-{type(c[2]).__name__}" for c in REASONS],
)
def test_illegal_reason_carries_the_price_and_the_holdings(
    rule: str, build: Callable[[], State], action: Action, facts: tuple[str, ...]
) -> None:
    assert rule in rule_ids()
    error = assert_illegal(build(), action, rule)
    for fact in facts:
        assert re.search(fact, error.reason), (fact, error.reason)


# ---- the rule of each pending decision (engine.decision_rule) ---------------------------------------
# The conformance harness attributes a divergence to the rule of the decision pending before or after
# the step: each kind of decision (and each frame waiting for one) names its own registered rule.


def member(kind: Member, **holdings: object) -> State:
    return outside(turn0(**holdings), kind)


def climb_to(floor: Floor) -> State:
    """Clan 0's courtier on the floor below ``floor`` climbs 1 floor: the room (or the favour) waits."""
    courtiers = [0, 0, 0, 0]
    courtiers[floor - 1] = 1
    state = edit_board(turn0(pearl=2, courtiers=tuple(courtiers)), favours=(None, 1, None))
    return apply(outside(state, Member.COURTIER), Climb(Floor(floor - 1), 1))


def rival_turn(*icons: RivalIcon) -> State:
    """A Tokugawa rival turn flipping card A (with ``icons``) and finding the coral 1 with card B:
    the player decides for the rival where the icons leave a choice (SOLO.ICON.GARDENER, SOLO.ICON.CLIMB)."""
    a = card("A", Colour.BLACK, Slot.CENTRE, Space.WELL, icons)
    state = at_player_turn(solo_setup(a, filler("B")))
    return player_then_rival(only_bridges(state, coral=(1, (), None), white=(None, (), 6)))


def bot_reshuffle() -> State:
    """The Gingkogawa bot flips its last card (A, naming the empty white centre): its deck is empty and
    its discard pile (F) waits for a chance reshuffle."""
    a = card("A", Colour.WHITE, Slot.CENTRE, Space.WELL, (Gain(GainKind.CP, 1),))
    f = card("F", Colour.CORAL, Slot.LEFT, Space.DIPLOMAT_1)
    state = at_player_turn(solo_setup(a, f, rival=RivalKind.GINGKOGAWA))
    state = only_bridges(state, coral=(1, (3,), 5), black=(2, (4,), 6), white=(None, (), 6))
    return player_then_rival(replace(state, solo_deck=("A",), solo_discard=("F",)))


DECISIONS: list[tuple[str, DecisionKind, Callable[[], State]]] = [
    ("RULING.CHANCE_DEAL", DecisionKind.DEAL, lambda: new_game(Setup(players=2))),
    ("SETUP.STARTING_PAIRS", DecisionKind.DRAFT, dealt),
    ("TURN.SEQUENCE", DecisionKind.TURN, started),
    ("RULING.CHANCE_ROLL", DecisionKind.ROLL, at_roll),
    ("ROUND.GAME_END", DecisionKind.NONE, at_game_end),
    ("GINKGO.DISCARD", DecisionKind.SHUFFLE, bot_reshuffle),
    (
        "RULING.EFFECTS_OPTIONAL_ORDER",
        DecisionKind.ORDER,
        lambda: inject(turn0(), 0, LightIcon(), DieTileIcon(Colour.WHITE)),
    ),
    (
        "TIME.CHECKPOINTS",
        DecisionKind.CHECKPOINT,
        lambda: inject(turn0(time=4, seals=1), 0, Influence(3)),
    ),
    ("EFFECT.RESOURCE_CHOICE", DecisionKind.RESOURCE, lambda: inject(turn0(), 0, ResourceChoice(1))),
    (
        "RULING.EFFECTS_OPTIONAL_ORDER",
        DecisionKind.OPTIONAL,
        lambda: inject(turn0(coins=3), 0, PayCoins(3, (Gain(GainKind.CP, 2),))),
    ),
    ("EFFECT.LIGHT_ACTION", DecisionKind.CASTLE_ROW, lambda: inject(turn0(), 0, LightIcon())),
    (
        "EFFECT.DIE_TILE_ACTION",
        DecisionKind.CASTLE_ROW,
        lambda: inject(turn0(), 0, DieTileIcon(Colour.WHITE)),
    ),
    ("EFFECT.ANY_DIE_TILE", DecisionKind.CASTLE_ROW, lambda: inject(turn0(), 0, DieTileIcon(None))),
    ("EFFECT.DOMAIN_ACTION", DecisionKind.DOMAIN_LINE, lambda: inject(turn0(), 0, DomainIcon())),
    (
        "OUTSIDE.CHOICES",
        DecisionKind.OUTSIDE,
        lambda: place(turn0(), Colour.CORAL, End.RIGHT, Space.OUTSIDE_LEFT),
    ),
    ("COURTIER.ACTION", DecisionKind.COURTIER, lambda: courtier(pearl=2, courtiers=(1, 0, 0, 0))),
    ("COURTIER.FLOOR12.TAKE_CARD", DecisionKind.ROOM, lambda: climb_to(Floor.STEWARDS)),
    (
        "COURTIER.FLOOR12.TAKE_CARD",
        DecisionKind.LIGHT_ROW,
        lambda: apply(climb_to(Floor.STEWARDS), ChooseRoom(S2_ROOM)),
    ),
    ("COURTIER.DAIMYO.FAVOUR", DecisionKind.FAVOUR, lambda: climb_to(Floor.DAIMYO)),
    ("WARRIOR.PLACE", DecisionKind.YARD, lambda: member(Member.WARRIOR, iron=4)),
    ("GARDENER.PLACE", DecisionKind.GARDEN, lambda: member(Member.GARDENER, food=4)),
    # G7 and G9 (Plant, 4 food) tie for the rival's gardener; a courtier to the Gate then climbs 1 floor
    ("SOLO.ICON.GARDENER", DecisionKind.RIVAL_GARDEN, lambda: rival_turn(GardenerTo(GardenKind.PLANT))),
    ("SOLO.ICON.CLIMB", DecisionKind.RIVAL_ROOM, lambda: rival_turn(CourtierToGate(), ClimbUp(1))),
]


@pytest.mark.rule("TURN.DECISION")
@pytest.mark.parametrize(
    ("rule", "kind", "build"),
    [pytest.param(*case, marks=pytest.mark.rule(case[0])) for case in DECISIONS],
    ids=[f"{c[1].value}-{c[0]}" for c in DECISIONS],
)
def test_decision_rule_names_the_registered_rule_of_the_pending_decision(
    rule: str, kind: DecisionKind, build: Callable[[], State]
) -> None:
    state = build()
    assert state.decision.kind is kind
    assert rule in rule_ids()
    assert decision_rule(state) == rule


@pytest.mark.rule("SEALS.TRADE_COIN", "SEALS.TRADE_RESOURCE")
@pytest.mark.parametrize(
    ("into", "seals", "rule", "got"),
    [
        (None, 1, "SEALS.TRADE_COIN", "1 coin"),
        (Resource.PEARL, 2, "SEALS.TRADE_RESOURCE", "1 Mother-of-Pearl"),
    ],
)
def test_illegal_trade_log_names_what_the_seals_bought(
    into: Resource | None, seals: int, rule: str, got: str
) -> None:
    after = apply(turn0(seals=2), Trade(into))
    traded = ev.SealsTraded(clan=0, seals=seals, into=into, kept=1, rules=(rule,))
    assert after.events == (traded,)
    line = " ".join(event_lines(traded, names_for(after.setup)))
    assert re.search(rf"\bclan 0 trades\b.*\bfor {got}\b", line), line
    assert re.search(rf"\b{seals} seals?\b", line), line


# ---- an ill-typed action is refused before the rules look at it (_well_formed) -----------------------


@pytest.mark.rule("TURN.DECISION", "SETUP.STARTING_PAIRS")
def test_illegal_malformed_decision_names_the_action_and_the_field() -> None:
    state = apply(new_game(Setup(players=2)), make_deal())
    error = assert_illegal(state, TakePair("0"), "TURN.DECISION")  # type: ignore[arg-type]
    assert re.search(r"\bmalformed TakePair\b", error.reason)
    assert re.search(r"\bindex\b", error.reason)


@pytest.mark.rule("RULING.CHANCE_DEAL")
def test_illegal_malformed_chance_outcome_names_the_chance_rule() -> None:
    deal = make_deal(2, dice=((1, 2, True), (1, 2, 3), (1, 2, 3)))
    error = assert_illegal(new_game(Setup(players=2)), deal, "RULING.CHANCE_DEAL")
    assert re.search(r"\bmalformed Deal\b", error.reason)
    assert re.search(r"\bdice\b", error.reason)
