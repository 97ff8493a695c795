"""Naming the rule behind a divergence.

Given the step where an implementation first disagrees with the reference (the reference's state
before, the action, the reference's state after, the implementation's observation after, and the
JSON Pointer of the first differing leaf), :func:`attribute` names a rule ID, trying in order:

1. **invariants** (:mod:`properties.invariants`): the implementation's observation is decoded into a
   reference State (what it cannot show, the engine's pending work and event log, is the reference's,
   so the checkpoint invariant sees what the reference paid) and checked with ``check_state`` and
   ``check_step``; a breach the reference's own step does not show names its rule (6 seals:
   SEALS.CAP; a rival's coins falling mid-round: SOLO.GOLDEN.NEVER_PAYS; a hand-in remainder:
   SOLO.ROUND.HAND_IN; a checkpoint entered without its payment: TIME.CHECKPOINTS);
2. **hints** for situations the observation alone cannot tell apart (the reference waiting at a
   checkpoint the implementation went past, or a position or seal count differing across a
   checkpoint space: TIME.CHECKPOINTS; a room entered whose deck is empty:
   COURTIER.FLOOR12.EMPTY_DECK; the rival's coins or Clan Points at a hand-in: SOLO.ROUND.HAND_IN, or
   lower mid-round: SOLO.GOLDEN.NEVER_PAYS; a cap passed: SEALS.CAP, RESOURCES.CAP);
3. **what explains the difference** (:func:`explained`, :func:`by_field`): a clan's holdings differ by
   what one source of the reference's step gave (the whole of a Lantern: the rule that lit it; part of
   a Lantern: LANTERN.GAIN_ALL; part of the Well: WELL.REWARD; a second matching castle row:
   CASTLE.EVERY_MATCHING_ROW; a Domain line, a favour, a Training Yard, the Gingkogawa bonus), or by
   what the placed die earns or costs when priced otherwise (PLACE.COIN_DIFFERENCE, PLACE.STACK_3_4P),
   or by what the clan's Lantern gives after a die from the right end (BRIDGE.LANTERN_LEFT); a final
   score's category names its SCORE rule; the order of the markers TIME.STACK (a marker landed) or
   TIME.TURN_ORDER;
4. the reference's **events** of the step that changed the differing field, the rule among them
   applied least often in play (:func:`rarest`: a die stacked on another rather than any placement's
   coin difference); when the next decision differs, the rarest rule of the whole step and the
   decision it asks next;
5. the rule of the **decision** (``engine.decision_rule``): of the decision after the step when the
   divergence is in ``/decision``, else of the decision the step answered.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Final

import msgspec
from msgspec.structs import replace

from properties.invariants import Breach, check_state, check_step
from reference.chance import sample
from reference.choices import describe, icon_rule, origin_rule
from reference.conformance.adapter import JSON
from reference.conformance.compare import action_key, tokens
from reference.content import catalogue
from reference.engine import apply, decision_rule, is_chance, is_over, legal_actions, new_game
from reference.model import (
    SPACE_FACTS,
    Action,
    DecisionKind,
    Effect,
    End,
    Gain,
    Influence,
    PlaceDie,
    ResourceChoice,
    RivalKind,
    Setup,
    Solo,
    State,
)
from reference.model import events as ev
from reference.policies import random_policy
from reference.rules import time as passage
from reference.rules.common import clan_name
from reference.rules.holdings import RESOURCE_CAP, SEAL_CAP
from reference.wire import Observation

INVARIANT: Final = "invariant"
HINT: Final = "hint"
EVENT: Final = "event"
DECISION: Final = "decision"


class Attribution(msgspec.Struct, frozen=True):
    """The rule named for a divergence, how it was found (invariant, hint, decision, vector, ...)
    and why."""

    rule: str
    source: str
    note: str


def state_from_observation(
    observation: JSON, template: State | None = None, before: State | None = None
) -> State | None:
    """A reference State holding what an observation shows, or None when it does not decode.

    What an observation leaves out (the engine's pending-work stack, its event log, the stacking
    counter) is taken from ``template`` (the reference's state at the same point) when given. The
    markers' stacking comes from the template when the observation's ``time_order`` agrees with it;
    otherwise the clans that moved (since ``before``) are stacked in the observation's order above
    the others."""
    try:
        obs = msgspec.convert(observation, Observation)
    except msgspec.ValidationError:
        return None
    arrivals = _arrivals(obs, template, before)
    clans = tuple(replace(c, arrival=arrivals[i]) for i, c in enumerate(obs.clans))
    return State(
        setup=obs.setup,
        phase=obs.phase,
        decision=obs.decision,
        round=obs.round,
        turn=obs.turn,
        turn_order=obs.turn_order,
        clans=clans,
        board=obs.board,
        stack=template.stack if template is not None else (),
        draft=obs.draft,
        arrivals=max((template.arrivals if template is not None else 0), *arrivals, 0),
        scores=obs.scores,
        winners=obs.winners,
        solo_deck=obs.solo_deck,
        solo_discard=obs.solo_discard,
        rival_row=obs.rival_row,
        events=template.events if template is not None else (),
    )


def _arrivals(obs: Observation, template: State | None, before: State | None) -> list[int]:
    n = len(obs.clans)
    order = list(obs.time_order)
    if sorted(order) != list(range(n)):
        order = list(range(n))
    if template is None or len(template.clans) != n:
        rank = {clan: n - place for place, clan in enumerate(order)}
        return [rank[i] for i in range(n)]
    if tuple(order) == passage.turn_order(template.clans) or before is None or len(before.clans) != n:
        return [c.arrival for c in template.clans]
    moved = {
        i
        for i in range(n)
        if template.clans[i].arrival != before.clans[i].arrival or obs.clans[i].time != before.clans[i].time
    }
    arrivals = [c.arrival for c in before.clans]
    top = max([before.arrivals, *arrivals])
    for i in reversed(order):
        if i in moved:
            top += 1
            arrivals[i] = top
    return arrivals


def _unseen(observation: JSON) -> frozenset[str]:
    """Rules whose invariant an observation cannot show: while the Gingkogawa bot waits for its
    reshuffle (a ``shuffle_pool``), the card it flipped last is in its hand, in no field, so the
    Solitaire deck's conservation (SOLO.TURN.TO_BOTTOM) cannot be checked on it."""
    if isinstance(observation, dict) and observation.get("shuffle_pool"):
        return frozenset({"SOLO.TURN.TO_BOTTOM"})
    return frozenset()


def _breaches(before: State | None, action: Action | None, after: State) -> list[Breach]:
    try:
        out = check_state(after)
        if before is not None and action is not None:
            out += check_step(before, action, after)
    except Exception:  # an observation too broken for the invariants: no attribution from them
        return []
    return out


def _clan_field(pointer: str) -> tuple[int, str] | None:
    """(clan index, field) for a pointer into ``/clans/<i>/<field>...``."""
    try:
        keys = tokens(pointer)
    except ValueError:
        return None
    if len(keys) >= 3 and keys[0] == "clans" and keys[1].isdigit():
        return int(keys[1]), keys[2]
    return None


def _clan_value(state: State | None, clan: int, field: str) -> int | None:
    if state is None or not 0 <= clan < len(state.clans):
        return None
    value = getattr(state.clans[clan], field, None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _round_ended(before: State, after: State) -> bool:
    return after.round != before.round or after.phase is not before.phase


def _hints(
    before: State, action: Action | None, after: State | None, impl: State | None, pointer: str
) -> Attribution | None:
    where = _clan_field(pointer)
    top = tokens(pointer)[0] if pointer.startswith("/") else ""
    mover = before.decision.clan
    # TIME.CHECKPOINTS: the reference waits for a clan to pay for a checkpoint or stop, and the
    # implementation, its marker on the same space, went on without asking (its checkpoint costs
    # more, or nothing): named before the Lantern, whose step may have led there. (When the marker
    # did not move, an implementation whose Lantern gave no step looks the same: the observation
    # cannot tell them apart.)
    waiting = after is not None and after.decision.kind is DecisionKind.CHECKPOINT
    skipped = waiting and impl is not None and impl.decision.kind is not DecisionKind.CHECKPOINT
    waiter = after.decision.clan if after is not None and waiting else None
    if (
        skipped
        and where is None
        and waiter is not None
        and _clan_value(after, waiter, "time") == _clan_value(impl, waiter, "time")
    ):
        space = (_clan_value(after, waiter, "time") or 0) + 1
        return Attribution(
            "TIME.CHECKPOINTS",
            HINT,
            f"the reference waits for {clan_name(waiter)} to pay for checkpoint space {space} or stop; "
            "the implementation, its marker on the same space, went on",
        )
    # COURTIER.FLOOR12.EMPTY_DECK: the reference's courtier entered a room whose deck is empty (the
    # card stays and a light block of it is done); anything but another clan's holdings differs
    empty = (
        [e for e in after.events if isinstance(e, ev.RoomDeckEmpty) and e.clan == mover]
        if after is not None and mover is not None
        else []
    )
    if empty and (where is None or where[0] == mover):
        return Attribution(
            "COURTIER.FLOOR12.EMPTY_DECK",
            HINT,
            f"{clan_name(empty[0].clan)} entered room {empty[0].room} whose deck is empty: "
            f"{empty[0].card} stays and one of its light blocks is done",
        )
    # TIME.CHECKPOINTS: a marker position or seals differing across a checkpoint space, or the
    # reference waiting at a checkpoint the implementation went past (whatever differs first then:
    # the phase, when the implementation went on to the end of the round)
    if (where is not None and where[1] in ("time", "seals")) or top in ("time_order", "decision") or skipped:
        spaces = [s for s, _ in catalogue(before.setup.content).content.time.checkpoints]
        chosen = (
            [where[0]] if where is not None else [waiter] if waiter is not None else range(len(before.clans))
        )
        for i in chosen:
            start = _clan_value(before, i, "time")
            if start is None or before.clans[i].rival:
                continue
            ends = [v for v in (_clan_value(after, i, "time"), _clan_value(impl, i, "time")) if v is not None]
            furthest = max(ends, default=start)
            crossed = [s for s in spaces if start < s <= furthest or (waiting and s == furthest + 1)]
            if crossed and (len(set(ends)) > 1 or where is not None or waiting):
                return Attribution(
                    "TIME.CHECKPOINTS",
                    HINT,
                    f"{clan_name(i)} moved from space {start} across or up to checkpoint space {crossed[0]}",
                )
    if where is not None and after is not None:
        clan, field = where
        ref_value = _clan_value(after, clan, field)
        impl_value = _clan_value(impl, clan, field)
        rival = 0 <= clan < len(after.clans) and after.clans[clan].rival
        if rival and field in ("coins", "cp") and _round_ended(before, after):
            return Attribution(
                "SOLO.ROUND.HAND_IN", HINT, f"the rival's {field} differ at the end-of-round hand-in"
            )
        if (
            rival
            and field == "coins"
            and ref_value is not None
            and impl_value is not None
            and impl_value < ref_value
        ):
            return Attribution(
                "SOLO.GOLDEN.NEVER_PAYS",
                HINT,
                f"the rival holds {impl_value} coins, the reference {ref_value}: it paid mid-round",
            )
        if field == "seals" and impl_value is not None and impl_value > SEAL_CAP:
            return Attribution("SEALS.CAP", HINT, f"{clan_name(clan)} holds {impl_value} seals")
        if field in ("food", "iron", "pearl") and impl_value is not None and impl_value > RESOURCE_CAP:
            return Attribution("RESOURCES.CAP", HINT, f"{clan_name(clan)} holds {impl_value} {field}")
    return None


_CLAN_FIELDS: Final[dict[str, tuple[type[ev.EventBase], ...]]] = {
    "coins": (
        ev.DiePlaced,
        ev.Gained,
        ev.OptionalPaid,
        ev.CourtierAtGate,
        ev.SealsTraded,
        ev.HandIn,
    ),
    "seals": (ev.Gained, ev.CheckpointPaid, ev.OptionalPaid, ev.SealsTraded),
    "food": (ev.Gained, ev.ResourceTaken, ev.SealsTraded, ev.GardenerPlaced),
    "iron": (ev.Gained, ev.ResourceTaken, ev.SealsTraded, ev.WarriorPlaced),
    "pearl": (ev.Gained, ev.ResourceTaken, ev.SealsTraded, ev.CourtierClimbed),
    "cp": (ev.Gained, ev.HandIn, ev.IconUndoable, ev.RivalGardens),
    "time": (ev.CheckpointPaid, ev.CheckpointRefused, ev.CheckpointUnaffordable, ev.TimeMoved, ev.MoveEnded),
    "sent": (ev.CourtierAtGate, ev.WarriorPlaced, ev.GardenerPlaced, ev.CourtierInstead),
    "courtiers": (ev.CourtierAtGate, ev.CourtierClimbed, ev.CourtierInstead),
    "domain_card": (ev.CardTaken, ev.PairTaken),
    "lantern": (ev.CardTaken, ev.DecreePlaced, ev.PairTaken),
    "domain_dice": (ev.DiePlaced,),
}
"""Which events change each field of a clan's holdings."""

_BOARD_FIELDS: Final[dict[str, tuple[type[ev.EventBase], ...]]] = {
    "bridges": (ev.DiePlaced, ev.Rerolled),
    "daimyo": (ev.Dealt,),
    "rooms": (ev.DiePlaced, ev.CardTaken, ev.RoomRefilled, ev.RivalRoomCard, ev.BoardCleared),
    "steward_deck": (ev.RoomRefilled, ev.RivalRoomCard),
    "diplomat_deck": (ev.RoomRefilled, ev.RivalRoomCard),
    "favours": (ev.FavourTaken,),
    "outside": (ev.DiePlaced, ev.BoardCleared),
    "well": (ev.DiePlaced, ev.BoardCleared),
    "gardens": (ev.GardenerPlaced,),
    "yards": (ev.WarriorPlaced,),
}
"""Which events change each part of the board."""

_TOP_FIELDS: Final[dict[str, tuple[type[ev.EventBase], ...]]] = {
    "turn_order": (ev.RoundEnded,),
    "time_order": (ev.MoveEnded, ev.TimeMoved, ev.CheckpointPaid),
    "round": (ev.Rerolled, ev.RoundStarted),
    "phase": (ev.RoundEnded, ev.GardensStep, ev.BoardCleared, ev.GameOver, ev.RoundStarted),
    "scores": (ev.GameOver,),
    "winners": (ev.GameOver,),
    "solo_deck": (ev.CardFlipped, ev.CardsToBottom, ev.Reshuffled, ev.Rerolled, ev.HardBonusCard),
    "solo_discard": (ev.CardsDiscarded, ev.DeckRanOut, ev.Rerolled),
    "rival_row": (ev.CardsToBottom, ev.CardsDiscarded),
    "draft": (ev.PairTaken,),
}
"""Which events change the other parts of a position."""


def _event_clan(event: ev.Event) -> int | None:
    clan = getattr(event, "clan", None)
    return clan if isinstance(clan, int) else None


_HOLDING: Final = {
    "coin": "coins",
    "seal": "seals",
    "cp": "cp",
    "food": "food",
    "iron": "iron",
    "pearl": "pearl",
}


def _touches(event: ev.Event, field: str) -> bool:
    """Whether an event that can change several holdings changed this one."""
    match event:
        case ev.Gained(what=what):
            return _HOLDING[what.value] == field
        case ev.ResourceTaken(resource=resource):
            return resource.value == field
        case ev.SealsTraded(into=into):
            return field in ("seals", "coins" if into is None else into.value)
        case ev.OptionalPaid(seals=seals, coins=coins):
            return (field == "seals" and seals > 0) or (field == "coins" and coins > 0)
        case _:
            return True


def touching(after: State, pointer: str) -> list[ev.Event]:
    """The events of the reference's step that changed the field at ``pointer`` (for a clan's field,
    events of that clan), in order."""
    try:
        keys = tokens(pointer)
    except ValueError:
        return []
    if not keys:
        return []
    where = _clan_field(pointer)
    if where is not None:
        clan, field = where
        kinds = _CLAN_FIELDS.get(field, ())
        return [
            e for e in after.events if isinstance(e, kinds) and _event_clan(e) == clan and _touches(e, field)
        ]
    if keys[0] == "board" and len(keys) > 1:
        kinds = _BOARD_FIELDS.get(keys[1], ())
        if keys[1] == "rooms" and "dice" in keys[2:]:  # a room's dice: placed or cleared, not its card
            kinds = (ev.DiePlaced, ev.BoardCleared)
        return [e for e in after.events if isinstance(e, kinds)]
    return [e for e in after.events if isinstance(e, _TOP_FIELDS.get(keys[0], ()))]


def from_events(after: State, pointer: str) -> Attribution | None:
    """The first event of the reference's step that changed the field at ``pointer`` (for a clan's
    field, an event of that clan), named by the first rule it applies; None when no event of the step
    touches that field."""
    found = touching(after, pointer)
    if not found:
        return None
    rule = rarest([r for e in found for r in e.rules])
    first = next(e for e in found if rule in e.rules)
    return Attribution(
        rule,
        EVENT,
        f"the reference's {type(first).__name__} event changed {pointer} ({', '.join(first.rules)})",
    )


EVENT_FIELD_RULES: Final[dict[tuple[type[ev.EventBase], str], str]] = {
    (ev.CheckpointRefused, "seals"): "TIME.CHECKPOINTS",
    (ev.CheckpointUnaffordable, "seals"): "TIME.CHECKPOINTS",
    (ev.BotZone, "order"): "GINKGO.WRAP",
    (ev.BotTarget, "bonus"): "GINKGO.BONUS",
}
"""Fields of an event whose value another rule gives than the event's first one: the seals a
checkpoint costs are TIME.CHECKPOINTS's, whether the clan then stops (TIME.STOP) or not; the order in
which the Gingkogawa bot searches a zone is GINKGO.WRAP's; the size of its bonus GINKGO.BONUS's."""


def event_rule(event: ev.Event, pointer: str) -> str:
    """The rule named for a difference at ``pointer`` (``/<index>/<field>...``, into the step's
    events) inside the reference's ``event``: the field's own rule (EVENT_FIELD_RULES), else the
    first rule the event applies."""
    keys = tokens(pointer) if pointer.startswith("/") else []
    field = keys[1] if len(keys) > 1 else ""
    return EVENT_FIELD_RULES.get((type(event), field), event.rules[0])


@cache
def rule_frequency() -> dict[str, float]:
    """How often each rule ID is applied per event in seeded random games of every kind (2-4 clans,
    solo against each rival): the rarer a rule, the more a divergence its events explain points at
    it (a die stacked on another rather than any placement's coin difference)."""
    counts: dict[str, int] = {}
    total = 0
    setups = (
        Setup(players=2),
        Setup(players=3),
        Setup(players=4),
        Setup(players=2, solo=Solo(rival=RivalKind.TOKUGAWA)),
        Setup(players=2, solo=Solo(rival=RivalKind.GINGKOGAWA)),
    )
    for setup in setups:
        for seed in range(3):
            rng = random.Random(seed)
            state = new_game(setup)
            while not is_over(state):
                action = (
                    sample(state, rng)
                    if is_chance(state)
                    else random_policy(state, legal_actions(state), rng)
                )
                state = apply(state, action)
                for event in state.events:
                    total += 1
                    for rule in event.rules:
                        counts[rule] = counts.get(rule, 0) + 1
    return {rule: n / total for rule, n in counts.items()}


def rarest(rules: Sequence[str]) -> str:
    """The rule applied least often in play (:func:`rule_frequency`); on a tie the first given."""
    frequency = rule_frequency()
    return min(enumerate(rules), key=lambda item: (frequency.get(item[1], 0.0), item[0]))[1]


SCORE_RULES: Final = {
    "during_play": "SCORE.CP",
    "coins_and_seals": "SCORE.COINS_SEALS",
    "resources": "SCORE.RESOURCES",
    "time": "SCORE.TIME",
    "courtiers": "SCORE.COURTIERS",
    "warriors": "SCORE.WARRIORS",
    "gardeners": "SCORE.GARDENERS",
}
"""The rule of each category of a final score line (``/scores/<i>/<category>``)."""

_HOLDINGS: Final = ("coins", "seals", "food", "iron", "pearl", "cp", "time")


def _gains(icons: Sequence[Effect]) -> dict[str, int]:
    """The plain gains among ``icons``, by holdings field (Passage of Time steps as ``time``); a
    resource of the clan's choice counts under ``choice``."""
    out: dict[str, int] = {}
    for icon in icons:
        if isinstance(icon, Gain):
            field = _HOLDING[icon.what.value]
            out[field] = out.get(field, 0) + icon.n
        elif isinstance(icon, Influence):
            out["time"] = out.get("time", 0) + icon.n
        elif isinstance(icon, ResourceChoice):
            out["choice"] = out.get("choice", 0) + icon.n
    return out


def _covers(gains: dict[str, int], field: str, lacking: int) -> bool:
    """Whether ``gains`` gave at least ``lacking`` of ``field`` (a chosen resource may be any)."""
    extra = gains.get("choice", 0) if field in ("food", "iron", "pearl") else 0
    return lacking <= gains.get(field, 0) + extra


def _sources(events: Sequence[ev.Event], clan: int) -> list[tuple[str, dict[str, int], ev.Event]]:
    """What gave ``clan`` something in the reference's step, each with the rule that gave it and its
    plain gains: a Lantern (the rule that lit it), the Well, a castle block (a second matching row:
    CASTLE.EVERY_MATCHING_ROW), a Domain line, a favour, a Training Yard."""
    out: list[tuple[str, dict[str, int], ev.Event]] = []
    matched: tuple[int, ...] = ()
    for event in events:
        if isinstance(event, ev.RowsMatched):
            matched = event.blocks
        if _event_clan(event) != clan:
            continue
        match event:
            case ev.BlockResolved(block=block, icons=icons):
                again = len(matched) > 1 and block in matched[1:]
                out.append(
                    ("CASTLE.EVERY_MATCHING_ROW" if again else rarest(event.rules), _gains(icons), event)
                )
            case ev.LanternActivated(icons=icons) | ev.WellResolved(icons=icons):
                out.append((event.rules[0], _gains(icons), event))
            case ev.BotTarget(bonus=bonus) if bonus:
                out.append(
                    ("GINKGO.BONUS", _gains([i for i in bonus if isinstance(i, Gain | Influence)]), event)
                )
            case ev.DomainLineResolved(rewards=rewards):
                out.append((rarest(event.rules), _gains(rewards), event))
            case ev.FavourTaken(icons=icons) | ev.WarriorPlaced(icons=icons):
                out.append((rarest(event.rules), _gains(icons), event))
            case _:
                pass
    return out


def _placement_explains(events: Sequence[ev.Event], clan: int, delta: int) -> tuple[str, ev.DiePlaced] | None:
    """The reference's placement of ``clan`` in this step when a coin difference of ``delta`` is
    what the same die would earn or cost when priced otherwise (against the printed value, against
    the die beneath, paying nothing or earning nothing)."""
    for event in events:
        if isinstance(event, ev.DiePlaced) and event.clan == clan and delta != 0:
            earned, theirs = event.coins, event.coins + delta
            printed = SPACE_FACTS[event.space].value
            if event.covered != printed and theirs == event.value - printed:
                return rarest(event.rules), event  # stacked, but priced against the printed value
            if theirs in (0, max(0, earned), min(0, earned)):
                return "PLACE.COIN_DIFFERENCE", event  # earned nothing, or paid nothing
            if theirs == event.value - event.covered:
                return rarest(event.rules), event
    return None


def explained(
    before: State,
    action: Action | None,
    after: State,
    impl: State | None,
    pointer: str,
    events: Sequence[ev.Event] | None = None,
) -> Attribution | None:
    """A clan's holdings differ: the source in the reference's step whose gains the implementation
    lacks (a Lantern missing entirely names the rule that lit it; missing in part, LANTERN.GAIN_ALL),
    a placement priced otherwise, or a Lantern the implementation lit where the reference lit none
    (a die from the right end: BRIDGE.LANTERN_LEFT). None when nothing explains every differing
    holding. ``events``: what the reference did to reach ``after`` (default: its step's events; outcome
    mode passes a whole turn's)."""
    steps = after.events if events is None else events
    where = _clan_field(pointer)
    if impl is None or where is None or where[1] not in _HOLDINGS or len(impl.clans) != len(after.clans):
        return None
    clan = where[0]
    if not 0 <= clan < len(after.clans):
        return None
    ours, theirs = after.clans[clan], impl.clans[clan]
    delta = {
        f: getattr(theirs, f) - getattr(ours, f) for f in _HOLDINGS if getattr(theirs, f) != getattr(ours, f)
    }
    if set(delta) == {"coins"}:
        found = _placement_explains(steps, clan, delta["coins"])
        if found is not None:
            rule, placed = found
            return Attribution(
                rule,
                HINT,
                f"{clan_name(clan)}'s coins differ by {delta['coins']}: the {placed.value} placed on "
                f"{placed.space.value} priced otherwise",
            )
    best: tuple[int, str, str] | None = None
    for rule, gains, event in _sources(steps, clan):
        if not all(d < 0 and _covers(gains, f, -d) for f, d in delta.items()):
            continue
        chosen = sum(-d for f, d in delta.items() if f in ("food", "iron", "pearl")) - sum(
            gains.get(f, 0) for f in ("food", "iron", "pearl")
        )
        whole = chosen == gains.get("choice", 0) and all(
            delta.get(f, 0) == -n for f, n in gains.items() if n and f != "choice"
        )
        if not whole and isinstance(event, ev.LanternActivated | ev.WellResolved):
            # part of it missing: what the Lantern or the Well gives, not what lit it
            rule = "LANTERN.GAIN_ALL" if isinstance(event, ev.LanternActivated) else "WELL.REWARD"
        score = 2 if whole else 1
        if (
            best is None
            or score > best[0]
            or (score == best[0] and rarest([best[1], rule]) == rule != best[1])
        ):
            what = "all" if whole else "part"
            best = (
                score,
                rule,
                f"the implementation lacks {what} of what the reference's {type(event).__name__} gave",
            )
    if best is not None:
        return Attribution(best[1], HINT, best[2])
    if (
        isinstance(action, PlaceDie)
        and action.end is End.RIGHT
        and not any(isinstance(e, ev.LanternActivated) and e.clan == clan for e in after.events)
        and before.decision.clan == clan
    ):
        c = catalogue(before.setup.content)
        lit = _gains([e for card in before.clans[clan].lantern for e in c.lantern_icons(card)])
        if delta and all(d > 0 and _covers(lit, f, d) for f, d in delta.items()):
            return Attribution(
                "BRIDGE.LANTERN_LEFT",
                HINT,
                f"a die from the right end: the implementation gave {clan_name(clan)} what its Lantern gives",
            )
    return None


def by_field(before: State, after: State, pointer: str) -> Attribution | None:
    """Fields whose rule the field itself says: a final score's category (SCORE.*), the order of the
    markers (TIME.STACK when a marker landed in the step, else TIME.TURN_ORDER), the phase (the last
    event that set it)."""
    try:
        keys = tokens(pointer)
    except ValueError:
        return None
    if len(keys) >= 3 and keys[0] == "scores" and keys[2] in SCORE_RULES:
        return Attribution(SCORE_RULES[keys[2]], HINT, f"the final score's {keys[2]} differ")
    if keys and keys[0] == "time_order":
        landed = any(isinstance(e, ev.MoveEnded) for e in after.events)
        rule = "TIME.STACK" if landed else "TIME.TURN_ORDER"
        return Attribution(rule, HINT, "the order of the markers on the Passage of Time differs")
    if keys == ["phase"]:
        found = touching(after, pointer)
        if found:
            return Attribution(
                found[-1].rules[0], EVENT, f"the reference's {type(found[-1]).__name__} set the phase"
            )
    return None


def _listed_options(observation: JSON | None) -> list[JSON] | None:
    """The actions of the options an implementation's observation lists (None: it lists none)."""
    pending = observation.get("pending") if isinstance(observation, dict) else None
    options = pending.get("options") if isinstance(pending, dict) else None
    if not isinstance(options, list):
        return None
    return [o.get("action") if isinstance(o, dict) else None for o in options]


def _pending_rule(after: State, pointer: str, observation: JSON | None = None) -> Attribution:
    """A difference in the description of a decision (``/pending/...``): options listed or missing
    (as a multiset: one listed twice shifts every later index) first, by the rule of the option; under
    an option or an item, where it comes from is the rule of its origin (LANTERN.AREA for a Lantern
    card...), the rest the option's rule or the item's icon's; otherwise the rule of the decision."""
    pending = describe(after)
    parts = tokens(pointer)
    listed = _listed_options(observation)
    if pending is not None and listed is not None and parts[1:2] == ["options"]:
        ours = Counter(action_key(o.action) for o in pending.options)
        theirs = Counter(action_key(a) for a in listed)
        missing = next(
            (o for o in pending.options if ours[action_key(o.action)] > theirs[action_key(o.action)]), None
        )
        if missing is not None:
            text = msgspec.json.encode(missing.action).decode()
            return Attribution(missing.rule, HINT, f"the implementation does not list the option {text}")
        extra = next((key for key in theirs if theirs[key] > ours[key]), None)
        if extra is not None:
            how = "more often than the reference" if ours[extra] else "although the reference does not"
            words = f"the implementation lists the option {extra.decode()} {how}"
            return Attribution(decision_rule(after), HINT, words)
    if pending is not None and len(parts) >= 3 and parts[2].isdigit():
        index = int(parts[2])
        where = "origin" in parts[3:]
        if parts[1] == "options" and index < len(pending.options):
            # the options are compared in a canonical order (compare.canonical), not legal_actions'
            option = sorted(pending.options, key=lambda o: action_key(o.action))[index]
            text = msgspec.json.encode(option.action).decode()
            if where and option.origin is not None:
                return Attribution(origin_rule(option.origin), HINT, f"where the option {text} comes from")
            return Attribution(option.rule, HINT, f"the description of the option {text}")
        if parts[1] == "items" and index < len(pending.items):
            item = pending.items[index]
            if where and item.origin is not None:
                return Attribution(
                    origin_rule(item.origin), HINT, f"where icon {index} still to resolve comes from"
                )
            return Attribution(
                icon_rule(item.icon, after.setup.readings),
                HINT,
                f"the description of icon {index} still to resolve",
            )
    return Attribution(decision_rule(after), DECISION, "the description of the pending decision")


def attribute(
    before: State | None,
    action: Action | None,
    after: State | None,
    observation: JSON | None,
    pointer: str,
) -> Attribution:
    """The rule ID behind a divergence at ``pointer`` (see the module docstring). ``before`` is
    None for a divergence right after ``new_game``/``load`` (``after`` is then that state);
    ``after`` is None when the step itself was refused or not applied; ``observation`` is the
    implementation's (None when it has none)."""
    template = after if after is not None else before
    impl = state_from_observation(observation, template, before) if observation is not None else None
    if impl is not None:
        known = {(b.rule, b.message) for b in (_breaches(before, action, after) if after is not None else [])}
        hidden = _unseen(observation)
        for breach in _breaches(before, action, impl):
            if (breach.rule, breach.message) not in known and breach.rule not in hidden:
                return Attribution(breach.rule, INVARIANT, breach.message)
    if after is not None and pointer.startswith("/pending"):
        return _pending_rule(after, pointer, observation)
    if before is not None:
        hint = _hints(before, action, after, impl, pointer)
        if hint is not None:
            return hint
    if after is not None and before is not None:
        named = explained(before, action, after, impl, pointer) or by_field(before, after, pointer)
        if named is not None:
            return named
    if after is not None and before is not None and not pointer.startswith("/decision"):
        found = from_events(after, pointer)
        if found is not None:
            return found
    if after is not None and before is not None and pointer.startswith("/decision") and after.events:
        # the next question differs: of what the reference did in the step (and the rule of the
        # question it asks next), the rule applied least often in play
        rule = rarest([*(r for e in after.events for r in e.rules), decision_rule(after)])
        return Attribution(
            rule, EVENT, "the next decision differs; the rarest rule the reference's step applied"
        )
    if after is not None and (before is None or pointer.startswith("/decision")):
        return Attribution(decision_rule(after), DECISION, "the rule of the pending decision")
    assert before is not None
    return Attribution(decision_rule(before), DECISION, "the rule of the decision this step answered")


__all__ = [
    "EVENT_FIELD_RULES",
    "SCORE_RULES",
    "Attribution",
    "attribute",
    "by_field",
    "event_rule",
    "explained",
    "from_events",
    "rarest",
    "rule_frequency",
    "state_from_observation",
]
