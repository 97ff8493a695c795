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
from reference.model import events as ev
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
from tests.solo_helpers import RIVAL, at_player_turn, filler, solo_setup


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


# ---- what a move reports: the free steps, the checkpoint, where it ended and what was lost ----------


@pytest.mark.rule("TIME.MOVE", "TIME.STOP", "TIME.STACK", "RULING.LOST_STEPS")
def test_time_checkpoint_out_of_reach_reports_the_price_the_seals_held_and_the_steps_lost() -> None:
    # from 9 with 1 seal, +4: the step to 10 is free, checkpoint 11 costs 2 seals; 3 steps are lost
    after = inject(holding(started(), 0, time=9, seals=1), 0, Influence(4))
    assert after.events == (
        ev.TimeMoved(clan=0, start=9, end=10, rules=("TIME.MOVE",)),
        ev.CheckpointUnaffordable(
            clan=0, space=11, seals=2, held=1, lost=3, rules=("TIME.STOP", "RULING.LOST_STEPS")
        ),
        ev.MoveEnded(clan=0, space=10, lost=0, rules=("TIME.STACK",)),
    )


@pytest.mark.rule("TIME.STOP", "TIME.STACK", "RULING.LOST_STEPS")
def test_time_refusing_a_checkpoint_reports_the_space_the_price_and_the_steps_lost() -> None:
    # from 4 with 1 seal, +3: one free step to 5, then the clan refuses checkpoint 6 (1 seal): 2 lost
    asked = inject(holding(started(), 0, time=4, seals=1), 0, Influence(3))
    stopped = apply(asked, StopMove())
    assert stopped.events == (
        ev.CheckpointRefused(clan=0, space=6, seals=1, lost=2, rules=("TIME.STOP", "RULING.LOST_STEPS")),
        ev.MoveEnded(clan=0, space=5, lost=0, rules=("TIME.STACK",)),
    )


@pytest.mark.rule("TIME.CHECKPOINTS", "TIME.MOVE", "TIME.STACK")
def test_time_steps_after_a_paid_checkpoint_are_plain_free_steps() -> None:
    # from 5, +3: the clan pays checkpoint 6, then walks 6 -> 8 (the checkpoint it stands on is paid)
    asked = inject(holding(started(), 0, time=5, seals=1), 0, Influence(3))
    paid = apply(asked, PayCheckpoint())
    assert paid.events == (
        ev.CheckpointPaid(clan=0, space=6, seals=1, rules=("TIME.CHECKPOINTS", "SEALS.USES")),
        ev.TimeMoved(clan=0, start=6, end=8, rules=("TIME.MOVE",)),
        ev.MoveEnded(clan=0, space=8, lost=0, rules=("TIME.STACK",)),
    )


@pytest.mark.rule("RULING.TIME_END", "TIME.TRACK", "TIME.STACK")
def test_time_steps_past_the_end_of_the_track_are_reported_lost() -> None:
    after = inject(holding(started(), 0, time=19, seals=0), 0, Influence(3))
    assert after.events == (
        ev.TimeMoved(clan=0, start=19, end=20, rules=("TIME.MOVE",)),
        ev.MoveEnded(clan=0, space=20, lost=2, rules=("TIME.STACK", "RULING.TIME_END")),
    )
    # a move that ends exactly on the last space loses nothing
    exact = inject(holding(started(), 0, time=18, seals=0), 0, Influence(2))
    assert exact.events[-1] == ev.MoveEnded(clan=0, space=20, lost=0, rules=("TIME.STACK",))


@pytest.mark.rule("RULING.RIVAL_FREE_CHECKPOINTS", "TIME.MOVE")
@pytest.mark.parametrize(("start", "steps", "end"), [(4, 2, 6), (4, 4, 8), (9, 3, 12)])
def test_time_rival_walk_over_a_checkpoint_cites_the_free_checkpoints(
    start: int, steps: int, end: int
) -> None:
    # the solo rival passes checkpoints without paying: a walk onto or past one says so
    state = edit_clan(at_player_turn(solo_setup(filler("A"), filler("B"))), RIVAL, time=start, seals=0)
    after = inject(state, RIVAL, Influence(steps))
    assert clan(after, RIVAL).time == end
    assert after.events[0] == ev.TimeMoved(
        clan=RIVAL, start=start, end=end, rules=("TIME.MOVE", "RULING.RIVAL_FREE_CHECKPOINTS")
    )
    # a walk that reaches no checkpoint is a plain move
    short = inject(edit_clan(state, RIVAL, time=1), RIVAL, Influence(2))
    assert short.events[0] == ev.TimeMoved(clan=RIVAL, start=1, end=3, rules=("TIME.MOVE",))
