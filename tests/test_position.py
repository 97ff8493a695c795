"""The public position (reference/position.py): taken at every synchronisation point of seeded games,
checked by ``status``, rebuilt by ``from_position`` so that play goes on as before; every impossible
position refused naming the rule it breaks."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from reference.chance import sample
from reference.engine import apply, is_chance, is_over, legal_actions, new_game
from reference.model import (
    Colour,
    Decision,
    DecisionKind,
    Die,
    Difficulty,
    Phase,
    RivalKind,
    Setup,
    Solo,
    State,
)
from reference.position import (
    ImpossiblePosition,
    Position,
    PositionError,
    at_sync_point,
    decode_position,
    from_position,
    position,
    status,
)
from reference.rulebook import load_register
from reference.wire import encode, observe
from tests.helpers import inject, started

SETUPS = (
    Setup(players=2),
    Setup(players=3),
    Setup(players=4),
    Setup(players=2, solo=Solo(rival=RivalKind.TOKUGAWA, difficulty=Difficulty.HARD)),
    Setup(players=2, solo=Solo(rival=RivalKind.GINGKOGAWA)),
)


def game(setup: Setup, seed: int) -> Iterator[tuple[State, random.Random]]:
    """Every state of a random game (chance sampled, decisions drawn), with its generator."""
    rng = random.Random(seed)
    state = new_game(setup)
    while True:
        yield state, rng
        if is_over(state):
            return
        state = apply(state, sample(state, rng) if is_chance(state) else rng.choice(legal_actions(state)))


@pytest.mark.parametrize(
    "setup", SETUPS, ids=lambda s: f"{s.players}p-{s.solo.rival.value if s.solo else 'base'}"
)
def test_every_synchronisation_point_round_trips(setup: Setup) -> None:
    """At every synchronisation point of 8 seeded games: status finds nothing, the position survives
    JSON, from_position gives it back and offers the same decisions."""
    points = 0
    phases = set()
    for seed in range(8):
        for state, _ in game(setup, seed):
            if not at_sync_point(state):
                continue
            points += 1
            phases.add(state.phase)
            pos = position(state)
            assert status(pos) == ()
            assert decode_position(encode(pos)) == pos
            rebuilt = from_position(pos)
            assert position(rebuilt) == pos
            assert legal_actions(rebuilt) == legal_actions(state)
            assert rebuilt.decision == state.decision
    assert points > 8 * 9
    assert {Phase.DEAL, Phase.TURNS, Phase.ROLL, Phase.OVER} <= phases


@pytest.mark.parametrize("setup", SETUPS[::2] + SETUPS[3:4], ids=str)
def test_play_goes_on_from_a_rebuilt_position_as_from_the_original(setup: Setup) -> None:
    """From a position taken in the middle of round 2, the same actions reach the same observation at
    the end of the game (the stacking counter and the event log, which a position leaves out, play no
    part)."""
    states = [s for s, _ in game(setup, 11)]
    middle = next(s for s in states if s.round == 2 and s.turn >= 2 and at_sync_point(s))
    rng = random.Random(5)
    original, rebuilt = middle, from_position(position(middle))
    while not is_over(original):
        action = sample(original, rng) if is_chance(original) else rng.choice(legal_actions(original))
        original, rebuilt = apply(original, action), apply(rebuilt, action)
        assert observe(rebuilt) == observe(original)
    assert is_over(rebuilt)


def test_a_pending_choice_is_not_a_synchronisation_point() -> None:
    from reference.model import Gain, GainKind, Influence

    state = inject(started(2), 0, Gain(GainKind.FOOD, 1), Influence(2))
    assert not at_sync_point(state)
    with pytest.raises(PositionError, match="pending work"):
        position(state)


# ---- impossible positions, each refused naming its rule ---------------------------------------------


def turn_start(players: int = 2, seed: int = 3, turn: int = 2) -> Position:
    """A position at a turn start of round 1 of a seeded game (turns already taken)."""
    setup = Setup(players=players)
    return next(
        position(s)
        for s, _ in game(setup, seed)
        if s.phase is Phase.TURNS and s.turn == turn and at_sync_point(s)
    )


def with_clan(pos: Position, index: int, **changes: Any) -> Position:
    clans = list(pos.clans)
    clans[index] = replace(clans[index], **changes)
    return replace(pos, clans=tuple(clans))


def with_board(pos: Position, **changes: Any) -> Position:
    assert pos.board is not None
    return replace(pos, board=replace(pos.board, **changes))


def rules_of(pos: Position) -> set[str]:
    return {p.rule for p in status(pos)}


def test_holdings_over_their_caps_are_refused() -> None:
    pos = turn_start()
    assert "SEALS.CAP" in rules_of(with_clan(pos, 0, seals=6))
    assert "RESOURCES.CAP" in rules_of(with_clan(pos, 1, iron=8))
    assert "TIME.TRACK" in rules_of(with_clan(pos, 0, time=99))
    assert "RULING.PUBLIC_POSITION" in rules_of(with_clan(pos, 0, coins=-1))
    assert "SETUP.WORKERS" in rules_of(with_clan(pos, 0, sent=(6, 0, 0), courtiers=(6, 0, 0, 0)))


def test_members_must_be_where_the_domain_board_sent_them() -> None:
    pos = turn_start()
    clan = pos.clans[0]
    assert "COURTIER.FLOORS" in rules_of(
        with_clan(pos, 0, courtiers=(clan.courtiers[0] + 1, *clan.courtiers[1:]))
    )
    assert "GARDENER.PLACE" in rules_of(
        with_clan(pos, 0, sent=(clan.sent[0], clan.sent[1] + 1, clan.sent[2]))
    )
    assert "WARRIOR.PLACE" in rules_of(with_clan(pos, 0, sent=(clan.sent[0], clan.sent[1], clan.sent[2] + 1)))


def test_dice_are_conserved_and_each_turn_places_one() -> None:
    pos = turn_start(players=3)
    assert pos.board is not None
    bridges = list(pos.board.bridges)
    coral = bridges[0]
    # one die too many on a bridge
    bridges[0] = (
        replace(coral, right=6)
        if coral.right is None
        else replace(coral, centre=(*coral.centre, coral.right), right=coral.right)
    )
    found = status(with_board(pos, bridges=tuple(bridges)))
    assert "SETUP.DICE_PER_COLOUR" in {p.rule for p in found}
    # a die left on the board from the last round: one more placed die than turns taken
    stray = Die(Colour.WHITE, 4, 2)
    assert pos.board is not None
    rules = rules_of(with_board(pos, well=(*pos.board.well, stray)))
    assert {"TURN.SEQUENCE", "SETUP.DICE_PER_COLOUR"} <= rules


def test_bridges_stay_sorted_and_never_hold_a_centre_with_an_empty_end() -> None:
    pos = turn_start(players=4, turn=0)
    assert pos.board is not None
    bridges = list(pos.board.bridges)
    b = bridges[1]
    assert b.left is not None
    assert b.right is not None
    bridges[1] = replace(b, left=b.right, right=b.left) if b.left != b.right else replace(b, left=6, right=1)
    assert "SETUP.BRIDGES_SORTED" in rules_of(with_board(pos, bridges=tuple(bridges)))
    bridges[1] = replace(b, left=None)
    assert "BRIDGE.SLIDE" in rules_of(with_board(pos, bridges=tuple(bridges)))


def test_the_decision_must_be_the_turns() -> None:
    pos = turn_start(turn=2)
    other = 1 - (pos.decision.clan or 0)
    found = status(replace(pos, decision=Decision(DecisionKind.TURN, other)))
    assert [p.rule for p in found] == ["TURN.DECISION"]
    assert found[0].pointer == "/decision"
    assert "TURN.DECISION" in rules_of(replace(pos, decision=Decision(DecisionKind.ROLL, None)))


def test_cards_are_printed_once_and_known() -> None:
    pos = turn_start()
    assert pos.board is not None
    card = pos.board.rooms[0].card
    assert card is not None
    assert "SETUP.CASTLE_CARDS" in rules_of(with_clan(pos, 0, lantern=(*pos.clans[0].lantern, card)))
    assert "RULING.PUBLIC_POSITION" in rules_of(with_clan(pos, 0, lantern=(*pos.clans[0].lantern, "ZZ9")))
    diplomat = pos.board.rooms[3].card
    assert diplomat is not None
    rooms = list(pos.board.rooms)
    rooms[0] = replace(rooms[0], card=diplomat)
    assert "SETUP.CASTLE_CARDS" in rules_of(with_board(pos, rooms=tuple(rooms)))


def test_the_stacking_order_follows_the_track() -> None:
    pos = with_clan(with_clan(turn_start(), 0, time=5), 1, time=2)
    assert status(replace(pos, time_order=(0, 1))) == ()
    found = status(replace(pos, time_order=(1, 0)))
    assert [p.rule for p in found] == ["TIME.STACK"]


def test_solo_positions_keep_the_rivals_deck_and_its_turn_is_not_a_decision() -> None:
    setup = Setup(players=2, solo=Solo(rival=RivalKind.TOKUGAWA))
    pos = next(position(s) for s, _ in game(setup, 2) if s.phase is Phase.TURNS and at_sync_point(s))
    assert "SOLO.SETUP.DECK" in rules_of(replace(pos, solo_deck=pos.solo_deck[1:]))
    assert "SOLO.SETUP.NO_DOMAIN" in rules_of(with_clan(pos, 1, lantern=("DC1",)))
    rival_turn = next(t for t in range(6) if pos.turn_order[t % 2] == 1)
    assert "SOLO.TURN.FIND_DIE" in rules_of(replace(pos, turn=rival_turn))


def test_end_positions_carry_the_final_scoring() -> None:
    state = next(s for s, _ in game(Setup(players=2), 4) if is_over(s))
    pos = position(state)
    assert status(pos) == ()
    wrong = replace(pos.scores[0], total=pos.scores[0].total + 1)
    assert "SCORE.WINNER" in rules_of(replace(pos, scores=(wrong, *pos.scores[1:])))


def test_from_position_refuses_with_every_problem_and_every_rule_is_registered() -> None:
    pos = with_clan(with_clan(turn_start(), 0, seals=9, food=12), 1, time=99)
    with pytest.raises(ImpossiblePosition) as caught:
        from_position(pos)
    rules = [p.rule for p in caught.value.problems]
    assert rules == ["SEALS.CAP", "RESOURCES.CAP", "TIME.TRACK"]
    assert "/clans/0/seals" in str(caught.value)
    registered = {e.id for e in load_register()}
    assert set(rules) | {"RULING.PUBLIC_POSITION"} <= registered


def test_a_position_in_the_gardens_phase_or_with_a_wrong_clan_count_is_refused() -> None:
    pos = turn_start()
    assert rules_of(replace(pos, phase=Phase.GARDENS)) == {"RULING.PUBLIC_POSITION"}
    assert rules_of(replace(pos, clans=pos.clans[:1])) == {"RULING.PUBLIC_POSITION"}


def test_a_malformed_position_is_a_decode_error() -> None:
    data = msgspec.json.decode(encode(turn_start()))
    data["format"] = "wcref-state"
    with pytest.raises(msgspec.ValidationError, match="format"):
        decode_position(msgspec.json.encode(data))
    data["format"] = "wcref-position"
    data["stack"] = []
    with pytest.raises(msgspec.ValidationError, match="stack"):
        decode_position(msgspec.json.encode(data))


def test_the_board_must_have_the_layout_and_ids_of_its_content() -> None:
    pos = turn_start()
    assert pos.board is not None
    rooms = list(pos.board.rooms)
    rooms[0] = replace(rooms[0], card=None)
    gardens = list(pos.board.gardens)
    gardens[0] = replace(gardens[0], card="ZZZ", gardeners=(9,))
    problems = status(with_board(pos, rooms=tuple(rooms), gardens=tuple(gardens), outside=()))
    pointers = {p.pointer for p in problems}
    assert {
        "/board/outside",
        "/board/rooms/0/card",
        "/board/gardens/0/card",
        "/board/gardens/0/gardeners",
    } <= pointers
    assert {p.rule for p in problems} == {"RULING.PUBLIC_POSITION"}


def test_a_huge_turn_number_is_refused_at_once() -> None:
    """The turns each clan took are counted from the turn number, not by walking it (10^12 hung)."""
    problems = status(replace(turn_start(), turn=10**12))
    assert "ROUND.COUNT" in {p.rule for p in problems}


def test_no_re_roll_after_the_last_round_and_no_draft_after_the_first() -> None:
    pos = turn_start()
    assert "ROUND.COUNT" in rules_of(replace(pos, phase=Phase.ROLL, round=3))
    assert "SETUP.STARTING_PAIRS" in rules_of(replace(pos, phase=Phase.DRAFT, round=2))
