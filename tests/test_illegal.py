"""Illegal actions: ``apply`` raises IllegalAction whose ``rule`` names the rule broken (a registered
rulebook ID), the action is not among the legal actions, and the input state is unchanged."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from reference.engine import apply, legal_actions, new_game
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
    Colour,
    Decline,
    Die,
    DieTileIcon,
    End,
    Floor,
    LightIcon,
    Member,
    Next,
    PayCheckpoint,
    PlaceDie,
    Resource,
    Roll,
    Setup,
    Space,
    State,
    TakePair,
    Trade,
)
from tests.helpers import (
    D2_ROOM,
    G1_SLOT,
    G5_SLOT,
    S2_ROOM,
    assert_illegal,
    edit_board,
    holding,
    inject,
    last_turn,
    make_deal,
    only_bridges,
    place,
    play,
    started,
    with_gardeners,
    with_room_dice,
)

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
