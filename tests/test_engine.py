"""The engine's API (:mod:`reference.engine`) where the rules of a section do not show it: ``settle``
recomputing the decision a phase gives (the deal included) and reporting only what it did, the step
that ends the starting draft and starts round 1, and the seal trades ``apply`` runs itself.

The fixed deal of tests/helpers.py: clan 1 picks its starting pair first, then clan 0, who is first
in turn order.
"""

from __future__ import annotations

import enum
import gc
import random
import sys
import types
import typing

import msgspec
import pytest
from msgspec.structs import replace

from reference import engine
from reference.chance import sample
from reference.engine import apply, decision_rule, is_chance, is_over, legal_actions, new_game, settle
from reference.errors import IllegalAction
from reference.model import (
    Action,
    Deal,
    DealFrame,
    Decision,
    DecisionKind,
    EffectsFrame,
    Frame,
    PlaceDie,
    Resource,
    ResourceChoice,
    ResourceFrame,
    RivalKind,
    Setup,
    Solo,
    State,
    TakePair,
    Trade,
    TurnFrame,
)
from reference.model import events as ev
from reference.rules import effects
from tests.helpers import dealt, holding, inject, make_deal, started, waiting


@pytest.mark.rule("RULING.CHANCE_DEAL", "TURN.DECISION")
@pytest.mark.parametrize("frames", ["kept", "dropped"])
def test_settle_before_the_deal_waits_for_the_deal(frames: str) -> None:
    # a game before its deal, as new_game gives it or loaded without its frames: the phase gives the
    # deal, a chance decision nobody takes
    fresh = new_game(Setup(players=2))
    state = fresh if frames == "kept" else replace(fresh, stack=())
    settled = settle(state)
    assert settled.stack == (DealFrame(),)
    assert settled.decision == Decision(DecisionKind.DEAL, None)
    assert settled.events == ()
    assert is_chance(settled)
    assert legal_actions(settled) == ()
    assert decision_rule(settled) == "RULING.CHANCE_DEAL"
    assert isinstance(sample(settled, random.Random(0)), Deal)
    # the settled game takes the deal as the fresh one does
    assert apply(settled, make_deal()) == apply(fresh, make_deal())


@pytest.mark.rule("TURN.DECISION", "TURN.SEQUENCE", "ROUND.COUNT")
def test_settle_reports_only_what_it_did() -> None:
    state = started()
    assert state.events != ()  # the events of the last draft pick
    # the turn is recomputed from the position: clan 0's first turn of round 1, reported again
    settled = settle(state)
    assert settled.stack == (TurnFrame(0),)
    assert settled.events == (ev.TurnStarted(round=1, turn=1, clan=0),)
    # pending work is kept (the phase's frame under it is not: it is given again once the work is
    # done) and, as the work still waits for its choice, nothing happens and nothing is reported
    choosing = inject(state, 0, ResourceChoice(1))
    assert waiting(choosing, DecisionKind.RESOURCE, 0)
    again = settle(choosing)
    assert again.stack == (ResourceFrame(0, 1),)
    assert again.decision == choosing.decision
    assert again.events == ()
    # a stale turn frame is dropped: the turn is whoever's it now is by the turns taken
    clan_1 = settle(replace(state, turn=1, stack=(TurnFrame(0),)))
    assert clan_1.stack == (TurnFrame(1),)
    assert waiting(clan_1, DecisionKind.TURN, 1)
    assert clan_1.events == (ev.TurnStarted(round=1, turn=2, clan=1),)


@pytest.mark.rule("ROUND.COUNT", "SETUP.STARTING_PAIRS")
def test_last_draft_pick_starts_round_one() -> None:
    state = dealt()
    assert waiting(state, DecisionKind.DRAFT, 1)
    first = apply(state, TakePair(0))  # clan 1 takes SR8 + A3
    assert waiting(first, DecisionKind.DRAFT, 0)
    assert [e for e in first.events if isinstance(e, (ev.RoundStarted, ev.TurnStarted))] == []
    last = apply(first, TakePair(0))  # clan 0 takes SR9 + A1: the draft is done
    assert waiting(last, DecisionKind.TURN, 0)
    assert last.draft == ()
    # round 1 starts in the deal's turn order, then clan 0's first turn
    starts = [e for e in last.events if isinstance(e, (ev.RoundStarted, ev.TurnStarted))]
    assert starts == [
        ev.RoundStarted(round=1, turn_order=(0, 1), rules=("ROUND.COUNT",)),
        ev.TurnStarted(round=1, turn=1, clan=0, rules=("ROUND.COUNT", "TURN.SEQUENCE")),
    ]


@pytest.mark.rule("SEALS.TRADE_RESOURCE", "RESOURCES.CAP", "RULING.TRADES_AT_OWN_DECISIONS")
@pytest.mark.parametrize(("food", "kept"), [(0, 1), (3, 1), (6, 1), (7, 0)])
def test_seal_trade_reports_what_is_kept(food: int, kept: int) -> None:
    # 2 seals for 1 food; a clan holds at most 7 food, the rest is lost
    state = holding(started(), 0, seals=3, food=food, coins=1)
    assert Trade(Resource.FOOD) in legal_actions(state)
    after = apply(state, Trade(Resource.FOOD))
    player = after.clans[0]
    assert (player.food, player.seals, player.coins) == (food + kept, 1, 1)
    (traded,) = [e for e in after.events if isinstance(e, ev.SealsTraded)]
    assert (traded.clan, traded.seals, traded.into, traded.kept) == (0, 2, Resource.FOOD, kept)
    # the cap that took the food is named, as it is for any gain it cuts
    assert traded.rules == (("SEALS.TRADE_RESOURCE",) if kept else ("SEALS.TRADE_RESOURCE", "RESOURCES.CAP"))
    assert waiting(after, DecisionKind.TURN, 0)  # a trade is no turn: the decision stays


def _copy(value: object) -> object:
    """An equal value that is not the same object (what a caller holding an old copy passes)."""
    import msgspec

    return msgspec.json.decode(msgspec.json.encode(value), type=type(value))


def test_the_trusted_path_gives_what_the_full_checks_give() -> None:
    """``apply`` of one of the legal actions to the very state they came from skips the re-checks;
    an equal copy of the state and of the action goes through every check and reaches the same state."""
    rng = random.Random(7)
    state = new_game(Setup(players=3))
    while not is_over(state):
        if is_chance(state):
            action = sample(state, rng)
            after = apply(state, action)
        else:
            action = rng.choice(legal_actions(state))
            after = apply(state, action)
        checked = apply(_copy(state), _copy(action))  # type: ignore[arg-type]  # copies of State and Action
        assert checked == after
        state = after


@pytest.mark.parametrize("setup", [Setup(players=3), Setup(players=2, solo=Solo(rival=RivalKind.GINGKOGAWA))])
def test_the_legal_actions_the_engine_kept_where_it_stopped_are_those_asked_afresh(setup: Setup) -> None:
    """Where ``advance`` stops at a frame that waits because it has options, it keeps them as the
    state's legal actions: they are what an equal copy of the state (which the engine never saw)
    is given, at every decision of a whole game."""
    rng = random.Random(11)
    state = new_game(setup)
    while not is_over(state):
        if is_chance(state):
            state = apply(state, sample(state, rng))
            continue
        legal = legal_actions(state)
        assert legal == legal_actions(_copy(state))  # type: ignore[arg-type]  # a copy of the State
        state = apply(state, rng.choice(legal))


def test_the_options_of_a_frame_the_engine_stops_at_are_asked_for_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``advance`` asks a frame for its options to know whether it waits; ``legal_actions`` then gives
    those, without asking again (a bundle of icons: the Effects frame)."""
    asked: list[State] = []
    options = effects.EffectsHandler.options

    def counting(self: effects.EffectsHandler, state: State, frame: EffectsFrame) -> tuple[Action, ...]:
        asked.append(state)
        return options(self, state, frame)

    monkeypatch.setattr(effects.EffectsHandler, "options", counting)
    rng = random.Random(5)
    state = new_game(Setup(players=2))
    stops = 0
    while not is_over(state) and stops < 5:
        action = sample(state, rng) if is_chance(state) else rng.choice(legal_actions(state))
        asked.clear()
        state = apply(state, action)
        if state.stack and isinstance(state.stack[-1], EffectsFrame):
            stops += 1
            assert asked  # advance asked, to know that the frame waits
            asked.clear()
            assert legal_actions(state)
            assert asked == []
    assert stops == 5


def test_a_frame_of_a_clan_the_game_does_not_seat_has_no_legal_actions_after_settle() -> None:
    """A position edited so that the work it waits at belongs to no clan of the game (past the last,
    or negative) settles to a decision of that clan with no legal action, as its copy does: the
    options ``advance`` asked for are kept only for a clan of the game."""
    rng = random.Random(5)
    state = new_game(Setup(players=2))
    while not (state.stack and isinstance(state.stack[-1], EffectsFrame)):
        state = apply(state, sample(state, rng) if is_chance(state) else rng.choice(legal_actions(state)))
    for clan in (len(state.clans), 7, -1):
        edited = replace(state, stack=(*state.stack[:-1], replace(state.stack[-1], clan=clan)), events=())
        settled = settle(edited)
        assert settled.decision.clan == clan
        assert legal_actions(settled) == legal_actions(_copy(settled)) == ()  # type: ignore[arg-type]


def test_an_edited_state_is_refused_even_with_an_action_offered_for_it() -> None:
    state = started()
    offered = legal_actions(state)
    edited = replace(state, decision=replace(state.decision, clan=1))
    assert legal_actions(edited)  # asked about the edited state itself...
    with pytest.raises(IllegalAction, match="settled first"):
        apply(edited, legal_actions(edited)[0])  # ...its actions are still checked in full
    with pytest.raises(IllegalAction, match="settled first"):
        apply(edited, offered[0])


def test_each_frame_type_is_bound_to_its_handler_once_then_read_from_the_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``handler_of`` gives a frame the handler the typed dispatch (``_bind``) pairs it with, binds
    each frame type once and reads it from its table after that; a game played from an empty table
    is the game played from a full one."""
    bind = engine._bind
    bound: list[type] = []

    def counting(frame: Frame) -> engine.Pending:
        bound.append(type(frame))
        return bind(frame)

    monkeypatch.setattr(engine, "_HANDLERS", {})
    monkeypatch.setattr(engine, "_bind", counting)
    rng = random.Random(11)
    state = new_game(Setup(players=3))
    frames: list[Frame] = []
    actions = []
    while not is_over(state):
        frames.extend(state.stack)
        action = sample(state, rng) if is_chance(state) else rng.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action)
    assert len(set(bound)) == len(bound) >= 5  # each type bound once
    for frame in frames:
        expected = bind(frame)
        assert isinstance(expected, engine._Bound)
        assert engine.handler_of(frame) is expected.handler
    assert len(bound) == len({type(f) for f in frames} | set(bound))  # read from the table since
    monkeypatch.undo()
    replayed = new_game(Setup(players=3))
    for action in actions:
        replayed = apply(replayed, action)
    assert replayed == state


@pytest.mark.parametrize("clan", [2, 5, -1])
def test_a_decision_of_a_clan_that_does_not_play_has_no_legal_action(clan: int) -> None:
    """A state edited so that its pending turn belongs to a clan the game does not seat (clan 2, just
    past the last of 2 clans, included) offers nothing, instead of failing on the missing clan."""
    state = started()
    edited = replace(state, stack=(*state.stack[:-1], TurnFrame(clan)))
    assert legal_actions(edited) == ()


def test_an_action_offered_at_one_state_is_checked_at_another() -> None:
    state = started()
    offered = legal_actions(state)
    after = apply(state, next(a for a in offered if isinstance(a, PlaceDie)))
    gone = [a for a in offered if a not in legal_actions(after)]
    assert gone
    for action in gone:  # the very objects offered at the earlier state
        with pytest.raises(IllegalAction):
            apply(after, action)


def _count_full_checks(monkeypatch: pytest.MonkeyPatch) -> list[State]:
    """The states ``apply`` checks in full (``engine.unsettled``) from now on, in order."""
    checked: list[State] = []
    full_check = engine.unsettled

    def counting(seen: State) -> str | None:
        checked.append(seen)
        return full_check(seen)

    monkeypatch.setattr(engine, "unsettled", counting)
    return checked


def test_a_search_applying_each_legal_action_in_turn_stays_on_the_trusted_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A search applies every legal action of one state in turn, looking at each result in between:
    the state stays trusted, so none of those applies checks it again."""
    state = started()
    legal = legal_actions(state)
    assert len(legal) > engine.TRUSTED  # more than the engine remembers at once
    checked = _count_full_checks(monkeypatch)
    for action in legal:
        after = apply(state, action)
        legal_actions(after)
    assert checked == []
    apply(_copy(state), legal[0])  # type: ignore[arg-type]  # a copy of the State is checked in full
    assert len(checked) == 1


def test_a_state_checked_in_full_is_trusted_for_its_next_legal_actions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A depth-first search comes back to a state made long before, which the engine no longer
    remembers: the first apply checks it in full, the applies of its other legal actions do not
    check it again (its copy is still checked in full every time)."""
    state = started()
    rng = random.Random(3)
    elsewhere = state
    for _ in range(engine.TRUSTED + 2):  # the engine forgets ``state``
        options = legal_actions(elsewhere)
        elsewhere = apply(elsewhere, sample(elsewhere, rng) if not options else rng.choice(options))
    checked = _count_full_checks(monkeypatch)
    legal = legal_actions(state)
    for action in legal[:4]:
        apply(state, action)
    assert checked == [state]
    copy = _copy(state)
    apply(copy, legal[0])  # type: ignore[arg-type]  # a copy of the State is checked in full
    apply(copy, legal[1])  # type: ignore[arg-type]  # and then trusted too: it passed
    assert len(checked) == 2
    assert checked[1] is copy


def test_a_settled_state_that_still_holds_another_clans_work_is_refused_like_its_copy() -> None:
    """``settle`` keeps pending work; when that work is not the turn's clan's (an edited turn), the
    settled state is not a decision point and ``apply`` refuses it, as it refuses an equal copy."""
    rng = random.Random(1)
    state = new_game(Setup(players=3))
    refused = 0
    while not is_over(state) and not refused:
        state = apply(state, sample(state, rng) if is_chance(state) else rng.choice(legal_actions(state)))
        if len(state.stack) < 2 or is_chance(state):
            continue
        settled = settle(replace(state, turn=state.turn + 1, events=()))
        if engine.unsettled(settled) is None or not legal_actions(settled):
            continue
        action = legal_actions(settled)[0]
        for given, taken in ((settled, action), (_copy(settled), _copy(action))):
            with pytest.raises(IllegalAction, match="settled first"):
                apply(given, taken)  # type: ignore[arg-type]  # copies of State and Action
        refused += 1
    assert refused


def _mutable_parts(hint: object, seen: set[object]) -> list[str]:
    """The parts of a type annotation that could hold a mutable value (a list, a dict, a set...)."""
    if hint in seen:
        return []
    seen.add(hint)
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return []
    if origin in (tuple, frozenset, typing.Union, types.UnionType):
        return [
            part for arg in typing.get_args(hint) if arg is not Ellipsis for part in _mutable_parts(arg, seen)
        ]
    if origin is not None:  # list[...], dict[...], set[...], a Callable...
        return [repr(hint)]
    if hint in (int, str, bool, float, type(None)):
        return []
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return []
    if isinstance(hint, type) and issubclass(hint, msgspec.Struct):
        return [
            f"{hint.__name__}.{name}: {part}"
            for name, sub in typing.get_type_hints(hint).items()
            for part in _mutable_parts(sub, seen)
        ]
    return [repr(hint)]


def test_every_model_struct_is_frozen_holds_only_immutable_values_and_is_left_out_of_the_cycle_collector() -> (
    None
):
    # gc=False is safe only for values that can never be part of a reference cycle: frozen structs whose
    # fields hold only immutable values (reference/model/__init__.py)
    modules = [m for name, m in sorted(sys.modules.items()) if name.startswith("reference.model.")]
    structs = [
        c
        for m in modules
        for c in vars(m).values()
        if isinstance(c, type) and issubclass(c, msgspec.Struct) and c.__module__ == m.__name__
    ]
    assert len(structs) > 100  # actions, events, frames, the board, components, the state...
    for struct in structs:
        config = struct.__struct_config__
        assert config.frozen, struct
        assert not config.gc, struct
        assert _mutable_parts(struct, set()) == [], struct
    state = apply(new_game(Setup(players=2)), sample(new_game(Setup(players=2)), random.Random(0)))
    assert not gc.is_tracked(state)
    assert not gc.is_tracked(state.clans[0])
