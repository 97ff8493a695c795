"""Passage of Time: moving, checkpoints 6/11/15 (1/2/3 seals), stopping, stacking, turn order."""

from __future__ import annotations

import pytest

from reference.content import base_content
from reference.engine import apply, legal_actions
from reference.model import (
    Colour,
    DecisionKind,
    End,
    Influence,
    Next,
    PayCheckpoint,
    Space,
    StopMove,
    Trade,
)
from tests.helpers import (
    S2_ROOM,
    clan,
    edit_clan,
    holding,
    inject,
    last_turn,
    only_bridges,
    options,
    place,
    room,
    settle,
    started,
    waiting,
)


@pytest.mark.rule("TIME.MOVE")
def test_time_move_each_step_advances_one_space() -> None:
    state = holding(started(), 0)
    after = inject(state, 0, Influence(3))
    assert clan(after, 0).time == 3
    assert waiting(after, DecisionKind.TURN, 0)


@pytest.mark.rule("TIME.STOP", "TIME.CHECKPOINT_SPACES", "RULING.LOST_STEPS")
def test_time_space4_no_seals_plus3_stops_on_5() -> None:
    state = holding(started(), 0, time=4, seals=0)
    after = inject(state, 0, Influence(3))
    assert clan(after, 0).time == 5
    assert clan(after, 0).seals == 0
    # no checkpoint question is asked: the clan cannot pay
    assert waiting(after, DecisionKind.TURN, 0)


@pytest.mark.rule("TIME.CHECKPOINTS", "TIME.CHECKPOINT_SPACES", "SEALS.USES")
def test_time_space4_one_seal_plus3_asks_then_paying_reaches_7() -> None:
    state = holding(started(), 0, time=4, seals=1)
    asked = inject(state, 0, Influence(3))
    assert waiting(asked, DecisionKind.CHECKPOINT, 0)
    assert clan(asked, 0).time == 5  # the free step is walked before the question
    assert set(options(asked)) == {PayCheckpoint(), StopMove()}
    paid = apply(asked, PayCheckpoint())
    assert clan(paid, 0).time == 7
    assert clan(paid, 0).seals == 0
    assert waiting(paid, DecisionKind.TURN, 0)


@pytest.mark.rule("TIME.STOP", "RULING.LOST_STEPS")
def test_time_space4_one_seal_refusing_stops_on_5_and_keeps_seal() -> None:
    asked = inject(holding(started(), 0, time=4, seals=1), 0, Influence(3))
    stopped = apply(asked, StopMove())
    assert clan(stopped, 0).time == 5
    assert clan(stopped, 0).seals == 1
    assert waiting(stopped, DecisionKind.TURN, 0)


@pytest.mark.rule("TIME.CHECKPOINTS", "TIME.CHECKPOINT_SPACES")
@pytest.mark.parametrize(("start", "cost", "entered"), [(5, 1, 6), (10, 2, 11), (14, 3, 15)])
def test_time_checkpoints_6_11_15_cost_1_2_3_seals(start: int, cost: int, entered: int) -> None:
    state = holding(started(), 0, time=start, seals=cost + 1)
    asked = inject(state, 0, Influence(1))
    assert waiting(asked, DecisionKind.CHECKPOINT, 0)
    paid = apply(asked, PayCheckpoint())
    assert clan(paid, 0).time == entered
    assert clan(paid, 0).seals == 1


@pytest.mark.rule("TIME.STOP", "TIME.CHECKPOINT_SPACES")
@pytest.mark.parametrize(("start", "seals"), [(5, 0), (10, 1), (14, 2)])
def test_time_checkpoint_too_expensive_stops_before_it(start: int, seals: int) -> None:
    state = holding(started(), 0, time=start, seals=seals)
    after = inject(state, 0, Influence(2))
    assert clan(after, 0).time == start
    assert clan(after, 0).seals == seals
    assert waiting(after, DecisionKind.TURN, 0)


@pytest.mark.rule("TIME.CHECKPOINTS")
def test_time_free_spaces_between_checkpoints_cost_nothing() -> None:
    state = holding(started(), 0, time=6, seals=3)
    after = inject(state, 0, Influence(4))
    assert clan(after, 0).time == 10
    assert clan(after, 0).seals == 3


@pytest.mark.rule("TIME.CHECKPOINTS", "TIME.CHECKPOINT_SPACES")
def test_time_two_checkpoints_in_one_move_are_each_paid() -> None:
    state = holding(started(), 0, time=10, seals=5)
    first = inject(state, 0, Influence(5))
    assert waiting(first, DecisionKind.CHECKPOINT, 0)
    second = apply(first, PayCheckpoint())
    assert clan(second, 0).time == 14
    assert clan(second, 0).seals == 3
    assert waiting(second, DecisionKind.CHECKPOINT, 0)
    done = apply(second, PayCheckpoint())
    assert clan(done, 0).time == 15
    assert clan(done, 0).seals == 0


@pytest.mark.rule("TIME.STOP", "RULING.TRADES_AT_OWN_DECISIONS")
def test_time_checkpoint_question_offers_the_seal_trades() -> None:
    asked = inject(holding(started(), 0, time=5, seals=2), 0, Influence(1))
    assert waiting(asked, DecisionKind.CHECKPOINT, 0)
    assert Trade(None) in legal_actions(asked)


@pytest.mark.rule("RULING.TIME_END", "TIME.TRACK")
def test_time_track_ends_at_20_extra_steps_lost() -> None:
    state = holding(started(), 0, time=19, seals=0)
    after = inject(state, 0, Influence(3))
    assert clan(after, 0).time == 20


@pytest.mark.rule("TIME.TRACK", "TIME.CHECKPOINT_SPACES")
def test_time_track_content_spaces_0_to_20_checkpoints() -> None:
    track = base_content().time
    assert track.last == 20
    assert dict(track.checkpoints) == {6: 1, 11: 2, 15: 3}


@pytest.mark.rule("TIME.STACK")
def test_time_landing_on_occupied_space_goes_on_top() -> None:
    state = holding(started(), 1, time=7)
    state = holding(state, 0, time=4, seals=1)
    # clan 1 was the later arrival; clan 0 now lands on 7
    after = apply(inject(state, 0, Influence(3)), PayCheckpoint())
    assert clan(after, 0).time == clan(after, 1).time == 7
    assert clan(after, 0).arrival > clan(after, 1).arrival


@pytest.mark.rule("RULING.LOST_STEPS", "TIME.STACK")
def test_time_zero_step_move_does_not_restack() -> None:
    state = holding(started(), 0, time=5, seals=0)
    state = holding(state, 1, time=5)
    # put clan 1 on top of clan 0
    state = edit_clan(state, 0, arrival=1)
    state = edit_clan(state, 1, arrival=2)
    after = inject(state, 0, Influence(2))
    assert clan(after, 0).time == 5
    assert clan(after, 1).arrival > clan(after, 0).arrival


@pytest.mark.rule("TIME.STACK", "TIME.TURN_ORDER", "ROUND.END_ORDER")
def test_time_marker_landing_on_top_plays_first_next_round() -> None:
    # round 1, last turn (clan 1): clan 0 stands alone on 3, clan 1 on 2
    state = last_turn(started())
    state = holding(state, 0, time=3)
    state = holding(state, 1, time=2, coins=5)
    state = only_bridges(state, coral=(None, (), 3), white=(None, (), 6))
    assert waiting(state, DecisionKind.TURN, 1)
    # a coral 3 in room 0 (S2) resolves its two coral rows: PoT+1 and iron+2
    after = place(state, Colour.CORAL, End.RIGHT, Space.STEWARD_1)
    assert waiting(after, DecisionKind.ORDER, 1)
    after = settle(after)
    assert clan(after, 1).time == 3
    assert clan(after, 1).iron == 2
    assert after.turn_order == (1, 0)
    assert waiting(after, DecisionKind.ROLL, None)


@pytest.mark.rule("TIME.TURN_ORDER")
def test_time_furthest_marker_plays_first() -> None:
    state = last_turn(started())
    state = holding(state, 0, time=2)
    state = holding(state, 1, time=9)
    state = only_bridges(state, white=(None, (1,), 6))
    after = place(state, Colour.WHITE, End.RIGHT, Space.WELL)
    assert after.turn_order == (1, 0)
    assert waiting(after, DecisionKind.ROLL, None)


@pytest.mark.rule("TIME.MOVE", "EFFECT.PLAIN_GAINS")
def test_time_steward_light_row_step_through_a_placement() -> None:
    state = holding(started(), 0, time=0)
    state = only_bridges(state, coral=(None, (), 3))
    after = place(state, Colour.CORAL, End.RIGHT, Space.STEWARD_1)
    assert waiting(after, DecisionKind.ORDER, 0)
    assert set(options(after)) == {Next(0), Next(1)}
    after = settle(after)
    assert clan(after, 0).time == 1
    assert room(after, S2_ROOM).card == "S2"


@pytest.mark.rule("RULING.LOST_STEPS", "TIME.STOP", "TIME.STACK")
def test_time_refusing_at_once_does_not_restack() -> None:
    state = holding(started(), 0, time=5, seals=1)
    state = holding(state, 1, time=5)
    state = edit_clan(state, 0, arrival=1)
    state = edit_clan(state, 1, arrival=2)
    asked = inject(state, 0, Influence(1))
    assert waiting(asked, DecisionKind.CHECKPOINT, 0)
    stopped = apply(asked, StopMove())
    assert clan(stopped, 0).time == 5
    assert clan(stopped, 1).arrival > clan(stopped, 0).arrival
