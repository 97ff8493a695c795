"""Regression tests from a hostile review: each test pins a confirmed problem (it fails until the
problem is fixed) or locks in behaviour worth keeping."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest
from msgspec.structs import replace

from reference import wire
from reference.chance import sample
from reference.content import base_content, validate
from reference.engine import apply, is_chance, is_over, legal_actions, new_game
from reference.errors import ContentError, IllegalAction, SetupError, TraceError
from reference.model import (
    BlockRef,
    Content,
    Deal,
    DecisionKind,
    Gain,
    GainKind,
    ResourceChoice,
    Roll,
    Setup,
    State,
)


def _dealt(players: int = 2, seed: int = 1) -> tuple[State, Deal]:
    state = new_game(Setup(players=players))
    deal = sample(state, random.Random(seed))
    assert isinstance(deal, Deal)
    return state, deal


def _at_roll(seed: int = 3) -> State:
    rng = random.Random(seed)
    state = new_game(Setup(players=2))
    while state.decision.kind is not DecisionKind.ROLL:
        state = apply(state, sample(state, rng) if is_chance(state) else rng.choice(legal_actions(state)))
    return state


# ---- malformed chance outcomes: refused with IllegalAction, never a crash or a state that cannot be encoded


def test_deal_with_bool_turn_order_is_refused() -> None:
    """bool passes mypy as int; the engine accepted it and built a state whose JSON does not decode."""
    state, deal = _dealt()
    with pytest.raises(IllegalAction):
        apply(state, replace(deal, turn_order=(True, False)))


def test_deal_with_bool_die_is_refused() -> None:
    state, deal = _dealt()
    with pytest.raises(IllegalAction):
        apply(state, replace(deal, dice=((True, 2, 3), (1, 2, 3), (1, 2, 3))))


def test_roll_with_bool_die_is_refused() -> None:
    state = _at_roll()
    with pytest.raises(IllegalAction):
        apply(state, Roll(((True, 2, 3), (1, 2, 3), (1, 2, 3))))


def test_deal_with_a_one_card_pair_is_refused_not_a_crash() -> None:
    state, deal = _dealt()
    bad = replace(deal, pairs=((deal.pairs[0][0],), *deal.pairs[1:]))
    with pytest.raises(IllegalAction):
        apply(state, bad)


def test_deal_with_a_three_card_pair_is_refused() -> None:
    """Accepted today; the draft then crashes with ValueError on TakePair(0), a legal action."""
    state, deal = _dealt()
    bad = replace(deal, pairs=((*deal.pairs[0], "x"), *deal.pairs[1:]))
    with pytest.raises(IllegalAction):
        apply(state, bad)


def test_refused_deal_leaves_state_equal() -> None:
    state, deal = _dealt()
    before = msgspec.json.encode(state)
    with pytest.raises(IllegalAction):
        apply(state, replace(deal, dice=((0, 2, 3), (1, 2, 3), (1, 2, 3))))
    assert msgspec.json.encode(state) == before


# ---- content validation: data the engine cannot play must be refused on load


def _load(content: Content) -> None:
    validate(content)
    for players in (2, 3, 4):
        new_game(Setup(players=players, content=content))


def _rejected(content: Content) -> None:
    with pytest.raises((ContentError, SetupError)):
        _load(content)


def test_negative_garden_food_is_rejected() -> None:
    """food -3 / cp -7 passes the price ladder; placing a gardener then *gains* food past the cap of 7."""
    base = base_content()
    _rejected(replace(base, gardens=tuple(replace(g, food=-3, cp=-7) for g in base.gardens)))


def test_too_few_stewards_for_the_castle_is_rejected() -> None:
    """2 Stewards in use: the deal builds 4 rooms and legal_actions raises IndexError."""
    base = base_content()
    _rejected(replace(base, stewards=tuple(s for s in base.stewards if s.two_player)[:2]))


def test_too_few_action_cards_for_four_clans_is_rejected() -> None:
    """3 Action cards cannot make the 5 starting pairs of a 4-clan game: no deal is possible."""
    base = base_content()
    _rejected(replace(base, action_cards=base.action_cards[:3]))


def test_negative_die_tile_reward_is_rejected() -> None:
    """The Well then leaves coins and seals negative and the clan with no legal action at all."""
    base = base_content()
    tiles = tuple(replace(t, reward=(Gain(GainKind.COIN, -5),)) for t in base.die_tiles)
    _rejected(replace(base, die_tiles=tiles))


def test_negative_yard_tile_and_decree_amounts_are_rejected() -> None:
    base = base_content()
    _rejected(
        replace(
            base, yard_tiles=tuple(replace(t, reward=(Gain(GainKind.PEARL, -4),)) for t in base.yard_tiles)
        )
    )
    _rejected(
        replace(base, decrees=tuple(replace(d, lantern=(Gain(GainKind.SEAL, -2),)) for d in base.decrees))
    )


def test_negative_resource_choice_on_a_yard_tile_is_rejected() -> None:
    """ResourceChoice(-1) never counts down to 1: an endless run of resource picks (a hang)."""
    base = base_content()
    _rejected(
        replace(base, yard_tiles=tuple(replace(t, action=(ResourceChoice(-1),)) for t in base.yard_tiles))
    )


def test_engine_internal_block_ref_in_content_is_rejected() -> None:
    base = base_content()
    _rejected(replace(base, gardens=tuple(replace(g, action=(BlockRef("NOPE", 0),)) for g in base.gardens)))


def test_domain_line_row_out_of_range_is_rejected() -> None:
    base = base_content()
    _rejected(replace(base, domain=tuple(replace(line, row=7) for line in base.domain)))


# ---- trace files


def test_deeply_nested_trace_gives_trace_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(b'{"a":' + b"[" * 100_000 + b"1")
    with pytest.raises(TraceError):
        wire.read_trace(path)


def test_trace_of_another_version_is_refused(tmp_path: Path) -> None:
    rng = random.Random(7)
    setup = Setup(players=2)
    state = new_game(setup)
    actions = []
    while not is_over(state):
        action = sample(state, rng) if is_chance(state) else rng.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action)
    trace = wire.Trace(setup=setup, actions=tuple(actions), final=wire.digest(state), version=99)
    path = tmp_path / "v99.json"
    path.write_bytes(wire.encode(trace))
    with pytest.raises(TraceError):
        wire.replay(wire.read_trace(path))


def test_round_trip_and_replay_hold_for_seeded_games(tmp_path: Path) -> None:
    """Lock-in: every state of a seeded game decodes back equal, and its trace replays to it."""
    rng = random.Random(11)
    setup = Setup(players=3)
    state = new_game(setup)
    actions = []
    while not is_over(state):
        assert wire.decode_state(wire.encode(state)) == state
        action = sample(state, rng) if is_chance(state) else rng.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action)
    path = tmp_path / "t.json"
    wire.write_trace(path, setup, actions, state)
    assert wire.digest(wire.replay(wire.read_trace(path))) == wire.digest(state)
