"""Every pending decision explains itself (reference.choices, the observation's ``pending``), and an
edited state is settled by a public function or refused."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from msgspec.structs import replace

from properties.invariants import paid
from reference.chance import sample
from reference.choices import describe
from reference.engine import apply, is_chance, is_over, legal_actions, new_game, settle, unsettled
from reference.errors import IllegalAction
from reference.model import (
    PHASE_FRAMES,
    Accept,
    Clan,
    Colour,
    Decision,
    DecisionKind,
    Difficulty,
    End,
    Next,
    OptionalFrame,
    Phase,
    PlaceDie,
    Readings,
    RivalKind,
    Setup,
    Solo,
    Space,
    State,
    Trade,
)
from reference.model.choices import Cost, PendingDecision
from reference.position import position, status
from reference.wire import observe
from tests.helpers import started

SETUPS = (
    Setup(players=2),
    Setup(players=3),
    Setup(players=4),
    Setup(players=2, readings=Readings(domain_icon="members", stone_garden="lantern")),
    Setup(players=2, solo=Solo(difficulty=Difficulty.HARD)),
    Setup(players=2, solo=Solo(rival=RivalKind.GINGKOGAWA, difficulty=Difficulty.HARD)),
)


def decisions(setup: Setup, seed: int) -> Iterator[State]:
    """Every state of a random game that waits for a clan's decision (chance drawn from ``seed``)."""
    rng = random.Random(seed)
    state = new_game(setup)
    while not is_over(state):
        if is_chance(state):
            state = apply(state, sample(state, rng))
            continue
        yield state
        actions = legal_actions(state)
        own = [a for a in actions if not isinstance(a, Trade)] or list(actions)
        state = apply(state, rng.choice(own))


def affords(clan: Clan, cost: Cost) -> bool:
    held = (clan.seals, clan.coins, clan.food, clan.iron, clan.pearl)
    return all(
        h >= c for h, c in zip(held, (cost.seals, cost.coins, cost.food, cost.iron, cost.pearl), strict=True)
    )


@pytest.fixture(scope="module")
def described() -> list[tuple[State, PendingDecision]]:
    """Every decision inside a turn of 8 random games per setup, with its description."""
    out: list[tuple[State, PendingDecision]] = []
    for setup in SETUPS:
        for seed in range(8):
            for state in decisions(setup, seed):
                pending = describe(state)
                if pending is not None:
                    out.append((state, pending))
    return out


def test_sync_points_have_no_pending_description() -> None:
    for setup in SETUPS[::2]:
        for state in decisions(setup, 1):
            at_sync = isinstance(state.stack[-1], PHASE_FRAMES)
            assert (describe(state) is None) == at_sync, state.decision
            assert (observe(state).pending is None) == at_sync


def test_options_are_the_legal_actions_in_order(described: list[tuple[State, PendingDecision]]) -> None:
    kinds = {state.decision.kind for state, _ in described}
    # every kind of decision inside a turn
    assert kinds >= {
        DecisionKind.LIGHT_ROW,
        DecisionKind.FAVOUR,
        DecisionKind.RIVAL_GARDEN,
        DecisionKind.RIVAL_ROOM,
        DecisionKind.ORDER,
        DecisionKind.RESOURCE,
        DecisionKind.CHECKPOINT,
        DecisionKind.COURTIER,
        DecisionKind.ROOM,
        DecisionKind.YARD,
        DecisionKind.GARDEN,
        DecisionKind.OPTIONAL,
        DecisionKind.CASTLE_ROW,
        DecisionKind.DOMAIN_LINE,
        DecisionKind.OUTSIDE,
    }, kinds  # MEMBER_CHOICE: tests/test_readings.py and tests/test_choices_protocol.py reach it
    for state, pending in described:
        assert tuple(o.action for o in pending.options) == legal_actions(state)


def test_every_option_costs_what_taking_it_pays(described: list[tuple[State, PendingDecision]]) -> None:
    checked = priced = 0
    for state, pending in described:
        clan = state.decision.clan
        assert clan is not None
        for option in pending.options:
            assert affords(state.clans[clan], option.cost), (option, state.clans[clan])
            after = apply(state, option.action)
            assert paid(after.events, clan) == option.cost, (option, after.events)
            checked += 1
            priced += option.cost != Cost()
    assert checked > 1000, checked
    assert priced > 200, priced


def test_order_decisions_say_where_every_icon_comes_from(
    described: list[tuple[State, PendingDecision]],
) -> None:
    kinds: set[str] = set()
    for state, pending in described:
        if state.decision.kind is not DecisionKind.ORDER:
            continue
        assert pending.items
        assert all(item.origin is not None for item in pending.items)
        assert [item.index for item in pending.items] == list(range(len(pending.items)))
        kinds |= {item.origin.kind for item in pending.items if item.origin is not None}
        for option in pending.options:
            if isinstance(option.action, Next):
                item = pending.items[option.action.index]
                assert option.gives == (item.icon,)
                assert option.origin == item.origin
    assert kinds >= {"lantern", "castle_card", "yard_tile", "domain_line"}, kinds


def test_priced_effects_name_their_price_and_card(described: list[tuple[State, PendingDecision]]) -> None:
    seen = 0
    for _state, pending in described:
        for option in pending.options:
            if isinstance(option.action, Accept):
                assert option.origin is not None
                assert option.origin.kind in ("castle_card", "domain_card", "garden")
                assert option.origin.card is not None
                assert option.gives, option
                seen += 1
    assert seen > 20


def test_an_edited_turn_is_refused_until_settled() -> None:
    state = started(2)
    first = state.decision.clan
    assert first is not None
    edited = replace(state, turn=1)  # the turn is now the other clan's; the state still waits for the first
    other = edited.turn_order[1]
    reason = unsettled(edited)
    assert reason is not None
    assert "settle" in reason
    action = next(a for a in legal_actions(edited) if isinstance(a, PlaceDie))
    with pytest.raises(IllegalAction) as refused:
        apply(edited, action)
    assert refused.value.rule == "TURN.DECISION"
    assert edited == replace(state, turn=1)  # nothing changed
    assert any(p.rule == "TURN.DECISION" for p in status(position(edited)))
    fixed = settle(edited)
    assert unsettled(fixed) is None
    assert fixed.decision.clan == other
    assert apply(fixed, next(a for a in legal_actions(fixed) if isinstance(a, PlaceDie))).turn == 2


def test_a_turn_past_the_round_is_refused_and_settle_ends_the_round() -> None:
    state = started(2)
    edited = replace(state, turn=6)
    with pytest.raises(IllegalAction, match="no turn"):
        apply(edited, legal_actions(edited)[0])
    fixed = settle(edited)
    assert fixed.decision.kind is DecisionKind.ROLL
    assert unsettled(fixed) is None


def test_a_stale_decision_field_is_refused() -> None:
    state = started(2)
    other = state.turn_order[1]
    edited = replace(state, decision=replace(state.decision, clan=other))
    with pytest.raises(IllegalAction, match="decision says turn for clan"):
        apply(edited, legal_actions(state)[0])


def test_a_divergence_in_the_description_is_named_by_the_option_it_is_in() -> None:
    """An implementation listing the checkpoint at 2 seals, not 1: the option's rule (TIME.CHECKPOINTS),
    not the rule of the order decision the step answered."""
    from reference.conformance.attribution import attribute
    from reference.conformance.compare import canonical
    from reference.model import Influence, LanternIcon, PayCheckpoint
    from reference.wire import to_json
    from tests.helpers import holding, inject

    asked = inject(holding(started(), 0, time=5, seals=1, lantern=("SR9", "A1")), 0, LanternIcon())
    pending = observe(asked).pending
    assert pending is not None
    step = next(i for i in pending.items if isinstance(i.icon, Influence))
    action = Next(step.index)
    after = apply(asked, action)
    seen = canonical(to_json(observe(after)))  # options compared in canonical order
    assert isinstance(seen, dict)
    options = seen["pending"]["options"]
    at = next(i for i, o in enumerate(options) if o["action"] == to_json(PayCheckpoint()))
    options[at]["cost"]["seals"] = 2
    named = attribute(asked, action, after, seen, f"/pending/options/{at}/cost/seals")
    assert named.rule == "TIME.CHECKPOINTS"
    items = to_json(observe(asked))
    assert isinstance(items, dict)
    # where an icon comes from is the rule of its origin: a Lantern card's icons, LANTERN.AREA
    assert attribute(None, None, asked, items, "/pending/items/0/origin/card").rule == "LANTERN.AREA"
    assert attribute(None, None, asked, items, "/pending/items/0/icon/n").rule in (
        "TIME.MOVE",
        "EFFECT.PLAIN_GAINS",
    )


def _first(setup: Setup, kind: DecisionKind) -> State:
    return next(s for seed in range(20) for s in decisions(setup, seed) if s.decision.kind is kind)


def test_a_decision_edited_inside_a_turn_is_refused() -> None:
    asked = _first(Setup(players=2), DecisionKind.ORDER)
    clan = asked.decision.clan
    assert clan is not None
    other = 1 - clan
    for decision in (
        Decision(DecisionKind.ORDER, other),  # the other clan would play this clan's pending work
        Decision(DecisionKind.DEAL, None),  # a chance node in the middle of a turn
        Decision(DecisionKind.TURN, clan),
    ):
        edited = replace(asked, decision=decision)
        with pytest.raises(IllegalAction, match="pending work waits for order by clan") as refused:
            apply(edited, legal_actions(asked)[0])
        assert refused.value.rule == "TURN.DECISION"
        # the legal actions and the description follow the pending work, not the edited field
        assert legal_actions(edited) == legal_actions(asked)
        assert describe(edited) == describe(asked)
        assert settle(edited).decision == asked.decision


def test_an_edited_decision_before_the_deal_lists_nothing_and_is_refused() -> None:
    edited = replace(new_game(Setup(players=2)), decision=Decision(DecisionKind.TURN, 0))
    assert legal_actions(edited) == ()
    assert describe(edited) is None
    with pytest.raises(IllegalAction, match="decision says turn for clan 0"):
        apply(edited, PlaceDie(Colour.CORAL, End.LEFT, Space.WELL))


@pytest.mark.parametrize("order", [(), (5, 1), (0, 0)])
def test_a_turn_order_that_is_not_an_order_of_the_clans_is_refused(order: tuple[int, ...]) -> None:
    edited = replace(started(2), turn_order=order)
    with pytest.raises(IllegalAction, match="is not an order of the 2 clans"):
        apply(edited, legal_actions(started(2))[0])
    with pytest.raises(IllegalAction, match="is not an order of the 2 clans"):
        settle(edited)


def test_origins_keep_the_room_and_the_garden_slot() -> None:
    """The garden a Gardener went to names its slot in every decision that follows from it, and a
    Steward's dark row the room the block lies in."""
    slots: set[int | None] = set()
    rooms: set[int | None] = set()
    for setup in SETUPS:
        for seed in range(8):
            for state in decisions(setup, seed):
                pending = describe(state)
                origins = [pending.origin] if pending is not None else []
                origins += [o.origin for o in pending.options] if pending is not None else []
                for origin in origins:
                    if origin is not None and origin.kind == "garden":
                        slots.add(origin.slot)
                    top = state.stack[-1]
                    if (
                        origin is not None
                        and isinstance(top, OptionalFrame)
                        and top.source.kind == "dark_row"
                    ):
                        rooms.add(origin.room)
    assert slots
    assert None not in slots
    assert rooms
    assert rooms - {None}


def test_a_position_with_a_pending_description_is_refused_by_status() -> None:
    asked = _first(Setup(players=2), DecisionKind.ORDER)
    pending = describe(asked)
    assert pending is not None
    start = replace(position(started(2)), pending=pending)
    problems = [p for p in status(start) if p.pointer == "/pending"]
    assert [p.rule for p in problems] == ["RULING.PUBLIC_POSITION"]


def _mid_turn() -> State:
    return _first(Setup(players=2), DecisionKind.ORDER)


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        ({"phase": Phase.OVER}, "holds no pending work"),
        ({"phase": Phase.DEAL}, "a state waiting for the deal has no clans"),
        ({"phase": Phase.ROLL}, "holds no pending work"),
        ({"round": 0}, "round 0 is not one of the game's 3 rounds"),
        ({"round": 5}, "round 5 is not one of the game's 3 rounds"),
        ({"turn": 99}, "99 turns taken"),
        ({"stack": ()}, "nothing is pending"),
    ],
)
def test_an_edited_phase_round_turn_or_stack_in_the_middle_of_a_turn_is_refused(
    edit: dict[str, object], says: str
) -> None:
    edited = replace(_mid_turn(), **edit)
    with pytest.raises(IllegalAction, match=says) as refused:
        apply(edited, legal_actions(_mid_turn())[0])
    assert refused.value.rule == "TURN.DECISION"


def test_the_next_turn_edited_in_the_middle_of_a_turn_is_refused() -> None:
    asked = _mid_turn()
    edited = replace(asked, turn=asked.turn + 1)
    with pytest.raises(IllegalAction, match="but the pending work belongs to clan"):
        apply(edited, legal_actions(asked)[0])


def test_a_duplicated_turn_and_a_clan_too_few_are_refused() -> None:
    state = started(2)
    with pytest.raises(IllegalAction, match="lies once, under any pending work"):
        apply(replace(state, stack=state.stack + state.stack[-1:]), legal_actions(state)[0])
    three = started(3)
    fewer = replace(three, clans=three.clans[:2], turn_order=tuple(c for c in three.turn_order if c < 2))
    with pytest.raises(IllegalAction, match="the setup seats 3 clans, the state holds 2"):
        apply(fewer, legal_actions(three)[0])
    with pytest.raises(IllegalAction, match="the setup seats 3 clans"):
        settle(fewer)


def test_settle_refuses_an_undealt_game_whose_phase_was_edited() -> None:
    with pytest.raises(IllegalAction, match="the setup seats 2 clans, the state holds 0"):
        settle(replace(new_game(Setup(players=2)), phase=Phase.TURNS))
