"""Hypothesis rule-based state machines that play whole games step by step.

Each machine draws a setup (:mod:`properties.strategies`), then one rule, ``step``, plays the game one
action at a time: Hypothesis draws every chance outcome (die values, permutations) and every decision
among the legal actions. After every step the invariant checks run, inside the step, and the
invariants, each named after the rule IDs it guards (see :data:`GUARDS`), report what they found
(their precondition skips them on a step that found nothing); the OpenSpiel-style API is checked on
the drawn steps Hypothesis picks for it (:data:`HEAVY_ONE_IN`: every legal action applies; a sample of
illegal actions is refused with a registered rule ID and leaves the state unchanged; the state
survives a JSON round trip exactly; the same action on the decoded state gives the same result); at
the end the trace is replayed and the final scores are recomputed.

A failure (a broken invariant, an engine exception, or a :class:`~reference.errors.RulesGap`) is shrunk
by Hypothesis to the smallest game; the report then tells the game as a story (``note``: each step
with its events, narrated) and prints it as a replayable trace (``wcref replay FILE``), also written
to ``out/properties/``.

Reachability: every finished game reports what it reached with ``event()`` (see :data:`REACHED`), and
the module-level :data:`TALLY` counts them for :mod:`properties.reach`.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import ClassVar, Final

import msgspec
from hypothesis import event, note
from hypothesis import strategies as st
from hypothesis.control import should_note
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from msgspec.structs import replace

from properties import strategies as strat
from properties.invariants import (
    CLIMB_PEARL,
    Breach,
    check_events,
    check_final,
    check_hand_in,
    check_legal,
    check_pending,
    check_state,
    check_step,
)
from reference import wire
from reference.chance import sample
from reference.engine import apply, decision_rule, is_chance, is_over, legal_actions, new_game
from reference.errors import IllegalAction, RulesGap
from reference.model import (
    COLOURS,
    RESOURCES,
    Accept,
    Action,
    Audience,
    ChooseBlock,
    ChooseFavour,
    ChooseGarden,
    ChooseLine,
    ChooseMember,
    ChooseRoom,
    ChooseYard,
    Climb,
    CourtierFrame,
    Deal,
    DecisionKind,
    Decline,
    End,
    Floor,
    Member,
    Next,
    PayCheckpoint,
    PlaceDie,
    RivalKind,
    Roll,
    RoomFrame,
    Setup,
    Shuffle,
    Space,
    State,
    StopMove,
    TakePair,
    TakeResource,
    Trade,
)
from reference.model import events as ev
from reference.narrate import event_lines, names_for
from reference.rulebook import rule_ids

FAILURES_DIR: Final = Path("out") / "properties"
"""Where the trace of a shrunk failing game is written (``wcref replay FILE`` replays it)."""

GUARDS: Final[dict[str, tuple[str, ...]]] = {
    "holdings": (
        "SEALS.CAP",
        "RESOURCES.CAP",
        "PLACE.MUST_PAY",
        "SEALS.TRADE_COIN",
        "SEALS.TRADE_RESOURCE",
    ),
    "rival": (
        "SOLO.GOLDEN.NEVER_PAYS",
        "SOLO.GOLDEN.NO_RESOURCES",
        "SOLO.SETUP.NO_DOMAIN",
        "SOLO.ROUND.HAND_IN",
        "SOLO.ROUND.GARDENS",
        "ROUND.END_ORDER",
    ),
    "conservation": (
        "SETUP.DICE_PER_COLOUR",
        "SETUP.WORKERS",
        "SETUP.CASTLE_CARDS",
        "COURTIER.FLOOR12.TAKE_CARD",
        "SOLO.TURN.TO_BOTTOM",
        "SETUP.DIE_TILES",
        "SETUP.WELL_TILES",
        "SETUP.GARDENS",
        "SETUP.YARD_TILES",
        "ROUND.COUNT",
    ),
    "bridges": ("SETUP.BRIDGES_SORTED", "BRIDGE.ENDS_ONLY", "TURN.SEQUENCE"),
    "placement": ("PLACE.NO_STACK_2P", "PLACE.STACK_3_4P", "DOMAIN.ONE_DIE", "CASTLE.COLOUR_MATCH"),
    "time": ("TIME.TRACK", "TIME.MOVE", "TIME.CHECKPOINTS", "TIME.STACK", "TIME.TURN_ORDER"),
    "members": (
        "COURTIER.ACTION",
        "COURTIER.AUDIENCE",
        "COURTIER.CLIMB",
        "COURTIER.FLOOR12.END_ROOM_ONLY",
        "COURTIER.DAIMYO.FAVOUR",
        "DAIMYO.FAVOURS",
        "GARDENER.PLACE",
        "WARRIOR.PLACE",
        "WARRIOR.NEVER_MOVE",
        "MEMBERS.LEFTMOST",
    ),
    "scores": (
        "SCORE.CP",
        "SCORE.COINS_SEALS",
        "SCORE.RESOURCES",
        "SCORE.TIME",
        "SCORE.COURTIERS",
        "SCORE.WARRIORS",
        "SCORE.GARDENERS",
        "SCORE.WINNER",
        "RULING.TIE_SHARED",
        "ROUND.GAME_END",
    ),
    "api": (
        "TURN.DECISION",
        "API.LEGAL_APPLIES",
        "API.ILLEGAL_REFUSED",
        "API.JSON",
        "API.REPLAY",
        "API.EVENTS",
        "API.PENDING",
    ),
}
"""The invariants of the machines, by name, and the rule IDs each guards. ``API.*`` are the
OpenSpiel-style API checks (not rules of the game)."""

REACHED: Final[tuple[str, ...]] = (
    "game end",
    "seal cap (a clan holds 5 seals)",
    "resource cap (a clan holds 7 of a resource)",
    "checkpoint paid",
    "checkpoint refused (StopMove)",
    "checkpoint unaffordable (stopped)",
    "two-floor climb",
    "Daimyo's room: all favours taken",
    "castle deck empty",
    "rival deck exhausted (RULING.SOLO_DECK_EXHAUSTED)",
    "Gingkogawa reshuffle (GINKGO.DISCARD)",
    "Hard bonus card revealed (GINKGO.BONUS)",
    "rival action undoable (SOLO.TURN.UNDOABLE)",
    "rival hand-in with Clan Points",
    "game finished after the drawn steps",
    "game left unfinished (a loop of free actions)",
)
"""What the machines report reaching (``event``), in report order."""

TALLY: Counter[str] = Counter()
"""Reachability counts over the games played in this process (key ``"games played"``: games with at
least one step)."""


_REACHING_EVENTS: Final = frozenset(
    {ev.CheckpointUnaffordable, ev.IconUndoable, ev.HandIn, ev.CardFlipped, ev.HardBonusCard}
)
"""The kinds of event that can reach an item of :data:`REACHED`."""


def reached_in_step(state: State, action: Action, after: State) -> set[str]:
    """The items of :data:`REACHED` that the step ``state`` --``action``--> ``after`` reached (the
    machines' reachability; :mod:`reference.campaign` counts the same situations over its games)."""
    r: set[str] = set()
    for clan in after.clans:
        if clan.seals >= 5:
            r.add("seal cap (a clan holds 5 seals)")
        if max(clan.food, clan.iron, clan.pearl) >= 7:
            r.add("resource cap (a clan holds 7 of a resource)")
    if isinstance(action, PayCheckpoint):
        r.add("checkpoint paid")
    if isinstance(action, StopMove):
        r.add("checkpoint refused (StopMove)")
    if isinstance(action, Climb) and action.floors == 2:
        r.add("two-floor climb")
    if isinstance(action, Shuffle):
        r.add("Gingkogawa reshuffle (GINKGO.DISCARD)")
    board = after.board
    if board is not None:
        if all(f is not None for f in board.favours):
            r.add("Daimyo's room: all favours taken")
        if not board.steward_deck or not board.diplomat_deck:
            r.add("castle deck empty")
    for e in after.events:
        if type(e) not in _REACHING_EVENTS:  # most events: one set lookup (event types have no subclasses)
            continue
        if isinstance(e, ev.CheckpointUnaffordable):
            r.add("checkpoint unaffordable (stopped)")
        elif isinstance(e, ev.IconUndoable):
            r.add("rival action undoable (SOLO.TURN.UNDOABLE)")
        elif isinstance(e, ev.HandIn) and e.points > 0:
            r.add("rival hand-in with Clan Points")
        elif isinstance(e, ev.CardFlipped) and e.wrapped:
            r.add("rival deck exhausted (RULING.SOLO_DECK_EXHAUSTED)")
        elif isinstance(e, ev.HardBonusCard):
            r.add("Hard bonus card revealed (GINKGO.BONUS)")
    return r


class PropertyFailure(AssertionError):
    """A broken invariant, an engine exception or a RulesGap in a generated game; the message starts
    with the rule ID in brackets."""


# ---- candidates for refused actions --------------------------------------------------------------

_BAD_DEAL: Final = Deal(
    turn_order=(),
    dice=(),
    stewards=(),
    diplomats=(),
    daimyo="",
    stone=(),
    plant=(),
    yard_tiles=(),
    die_tiles=(),
    pairs=(),
)
UNIVERSE: Final[tuple[Action, ...]] = (
    *(PlaceDie(c, e, s) for c in COLOURS for e in End for s in Space),
    *(TakePair(i) for i in range(-1, 6)),
    Trade(None),
    *(Trade(r) for r in RESOURCES),
    *(Next(i) for i in range(-1, 8)),
    *(TakeResource(r) for r in RESOURCES),
    PayCheckpoint(),
    StopMove(),
    Audience(),
    Accept(),
    Decline(),
    *(Climb(f, k) for f in Floor for k in (0, 1, 2, 3)),
    *(ChooseRoom(i) for i in range(-1, 6)),
    *(ChooseBlock(b, r) for b in (-1, 0, 1, 2, 3) for r in (None, 0, 3, 5)),
    *(ChooseFavour(i) for i in range(-1, 4)),
    *(ChooseYard(c) for c in (0, 1, 2, 3, 5)),
    *(ChooseGarden(i) for i in range(-1, 7)),
    *(ChooseLine(c) for c in COLOURS),
    *(ChooseMember(m) for m in Member),
    Roll(((1,),), ()),
    Roll(((7, 7, 7), (7, 7, 7), (7, 7, 7)), ()),
    Shuffle(("no-such-card",)),
    _BAD_DEAL,
)
"""Every kind of action, many out of range: the pool the refused-action checks sample from."""


def setup_label(setup: Setup) -> str:
    """The kind of game, as the machines' ``setup:`` events name it: ``solo vs tokugawa`` or ``3 clans``."""
    return f"solo vs {setup.solo.rival.value}" if setup.solo is not None else f"{setup.players} clans"


def game_trace(setup: Setup, actions: Sequence[Action], final: State | None) -> wire.Trace:
    """A game as a trace; with ``final``, the state it reaches, checked on replay."""
    if final is None:
        return wire.Trace(setup=setup, actions=tuple(actions))
    return wire.Trace(
        setup=setup, actions=tuple(actions), final=wire.digest(final), final_observation=wire.observe(final)
    )


def failure(machine: str, rule: str, message: str, trace: wire.Trace, *, told: str = "") -> PropertyFailure:
    """Note a failed game as a replayable trace (written to ``FAILURES_DIR/<machine>-<rule>.trace.json``,
    ``told`` before it) and build the failure to raise, named by ``rule``."""
    text = json.dumps(json.loads(wire.encode(trace)), indent=1)
    if should_note():
        FAILURES_DIR.mkdir(parents=True, exist_ok=True)
        path = FAILURES_DIR / f"{machine}-{rule}.trace.json"
        path.write_text(text + "\n", encoding="utf-8")
        note(f"{told}replayable trace ({len(trace.actions)} actions), written to {path}:\n{text}")
    return PropertyFailure(f"[{rule}] {message}")


def illegal_candidates(state: State, legal: tuple[Action, ...]) -> list[Action]:
    """Actions of :data:`UNIVERSE` that are not legal now (at a chance decision: every decision and
    the malformed outcomes)."""
    allowed = set(legal)
    return [a for a in UNIVERSE if a not in allowed]


# ---- the API checks (the step machines and the API whole-game properties share them) ----------------


class LegalOptionFailed(Exception):
    """A legal action raised when applied: the ``option``, the ``rule`` to name the failure by (the
    gap's rule for a RulesGap, else API.LEGAL_APPLIES) and the ``message``."""

    def __init__(self, option: Action, rule: str, message: str) -> None:
        super().__init__(message)
        self.option = option
        self.rule = rule
        self.message = message


def every_legal_applies(state: State, legal: tuple[Action, ...]) -> list[Breach]:
    """Apply every legal action of ``state`` and check what each leaves pending (``check_pending``).
    Raises :class:`LegalOptionFailed` for the first legal action that raises."""
    after: dict[Action, State] = {}
    for option in legal:
        try:
            after[option] = apply(state, option)
        except RulesGap as exc:
            raise LegalOptionFailed(
                option, exc.rule, f"RulesGap after the legal {_describe(option)}: {exc}"
            ) from exc
        except Exception as exc:
            raise LegalOptionFailed(
                option, "API.LEGAL_APPLIES", f"the legal {_describe(option)} raised {exc!r}"
            ) from exc
    try:  # the decision's description is the engine's (reference.choices), checked here
        return check_pending(state, legal, after)
    except Exception as exc:
        return [Breach("API.PENDING", f"describing the pending decision raised {exc!r}")]


def illegal_refused(state: State, legal: tuple[Action, ...], salt: int, samples: int = 3) -> list[Breach]:
    """API.ILLEGAL_REFUSED: ``samples`` actions that are not legal (:func:`illegal_candidates`, picked
    by a generator seeded with ``salt``) are each refused with IllegalAction naming a registered rule,
    and leave the state unchanged."""
    if samples <= 0:
        return []
    pool = illegal_candidates(state, legal)
    picked = random.Random(salt).sample(pool, min(samples, len(pool)))
    known = rule_ids()
    try:
        before = wire.encode(state)
    except Exception as exc:
        return [Breach("API.JSON", f"the state does not encode: {exc!r}")]
    found: list[Breach] = []
    for action in picked:
        try:
            apply(state, action)
        except IllegalAction as exc:
            if exc.rule not in known:
                found.append(
                    Breach("API.ILLEGAL_REFUSED", f"{_describe(action)} refused with unknown rule {exc.rule}")
                )
            continue
        except Exception as exc:
            found.append(
                Breach("API.ILLEGAL_REFUSED", f"{_describe(action)} raised {exc!r}, not IllegalAction")
            )
            continue
        found.append(Breach("API.ILLEGAL_REFUSED", f"{_describe(action)} is not legal but was applied"))
    if wire.encode(state) != before:
        found.append(Breach("API.ILLEGAL_REFUSED", "a refused action changed the state"))
    return found


def round_trip(
    state: State, action: Action, after: State, engine_apply: Callable[[State, Action], State]
) -> list[Breach]:
    """API.JSON and API.REPLAY: the JSON round trip of ``after`` without its setup (the setup, 16 kB
    with generated content, never changes in a game: it is round-tripped once a game), then
    ``action`` applied by ``engine_apply`` to the decoded ``state``, given the game's own setup (so
    its content's catalogue is not built and validated again), reaches the same state. What the
    decoding or the engine raises on the way is a breach of the same rule, not an exception."""
    if after.setup is not state.setup:
        return [Breach("API.JSON", "a step replaced the game's setup")]
    bare = replace(after, setup=_NO_SETUP)
    try:
        encoded = wire.encode(bare)
        decoded = wire.decode_state(encoded)
    except Exception as exc:
        return [Breach("API.JSON", f"the state does not survive a JSON round trip: {exc!r}")]
    if decoded != bare or wire.encode(decoded) != encoded:
        return [Breach("API.JSON", "the state does not survive a JSON round trip")]
    try:
        before = replace(wire.decode_state(wire.encode(replace(state, setup=_NO_SETUP))), setup=state.setup)
        again = engine_apply(before, action)
        same = wire.digest(again) == wire.digest(after)
    except Exception as exc:
        return [Breach("API.REPLAY", f"{_describe(action)} on the decoded state raised {exc!r}")]
    if not same:
        return [Breach("API.REPLAY", f"{_describe(action)} gives another state on the decoded state")]
    return []


def setup_round_trip(setup: Setup) -> list[Breach]:
    """API.JSON: the setup survives a JSON round trip (checked once a game: it never changes)."""
    if msgspec.json.decode(wire.encode(setup), type=Setup) != setup:
        return [Breach("API.JSON", "the setup does not survive a JSON round trip")]
    return []


def trace_replays(trace: wire.Trace, final: State) -> list[Breach]:
    """API.JSON and API.REPLAY at a game's end: the game's trace survives a JSON round trip and the
    decoded trace replays to ``final``."""
    decoded = msgspec.json.decode(wire.encode(trace), type=wire.Trace)
    if decoded != trace:
        return [Breach("API.JSON", "the trace does not survive a JSON round trip")]
    try:
        replayed = wire.replay(decoded)
    except Exception as exc:
        return [Breach("API.REPLAY", f"the trace does not replay: {exc}")]
    if wire.digest(replayed) != wire.digest(final):
        return [Breach("API.REPLAY", "replaying the trace reaches another state")]
    return []


class CourtierParts:
    """COURTIER.ACTION across steps: each Courtier action (a frame on the stack, by its depth) holds
    at most one audience and one climb, and records each part it took."""

    def __init__(self) -> None:
        self.parts: dict[int, list[int]] = {}

    def before(self, state: State, action: Action) -> list[Breach]:
        """Count the part ``action`` takes at a Courtier decision of ``state``."""
        if state.decision.kind is not DecisionKind.COURTIER or not isinstance(action, (Audience, Climb)):
            return []
        depth = len(state.stack) - 1
        parts = self.parts.setdefault(depth, [0, 0])
        parts[0 if isinstance(action, Audience) else 1] += 1
        if max(parts) > 1:
            return [
                Breach(
                    "COURTIER.ACTION", f"a Courtier action held {parts[0]} audiences and {parts[1]} climbs"
                )
            ]
        return []

    def after(self, state: State, action: Action, after: State) -> list[Breach]:
        """Forget the Courtier actions ``after`` no longer holds; check the part just taken was recorded."""
        acted = state.decision.kind is DecisionKind.COURTIER and isinstance(action, (Audience, Climb))
        depth = len(state.stack) - 1
        found: list[Breach] = []
        for d in list(self.parts):
            frame = after.stack[d] if d < len(after.stack) else None
            if not isinstance(frame, CourtierFrame):
                del self.parts[d]
                continue
            fresh = not frame.audience and not frame.climb
            if fresh and not (acted and d == depth):
                del self.parts[d]  # a new Courtier action at this depth
            elif acted and d == depth and not fresh:
                done = frame.audience if isinstance(action, Audience) else frame.climb
                if not done:
                    found.append(
                        Breach(
                            "COURTIER.ACTION", f"{_describe(action)} was not recorded on its Courtier action"
                        )
                    )
        return found


def climb_breaches(state: State, action: Action, after: State) -> list[Breach]:
    """COURTIER.CLIMB: a climb moves one courtier up its floors, and in a room it costs its
    Mother-of-Pearl (:data:`properties.invariants.CLIMB_PEARL`)."""
    if not isinstance(action, Climb) or state.decision.clan is None:
        return []
    clan = state.decision.clan
    b, a = state.clans[clan], after.clans[clan]
    want = list(b.courtiers)
    want[action.start] -= 1
    want[action.start + action.floors] += 1
    found: list[Breach] = []
    if list(a.courtiers) != want:
        found.append(
            Breach("COURTIER.CLIMB", f"{_describe(action)} moved courtiers {b.courtiers} -> {a.courtiers}")
        )
    top = after.stack[-1] if after.stack else None
    if isinstance(top, RoomFrame) and top.clan == clan and a.pearl != b.pearl - CLIMB_PEARL[action.floors]:
        found.append(
            Breach(
                "COURTIER.CLIMB", f"a {action.floors}-floor climb cost {b.pearl - a.pearl} Mother-of-Pearl"
            )
        )
    return found


# ---- the machine ------------------------------------------------------------------------------------


def _describe(action: Action) -> str:
    return wire.encode(action).decode()


def _breached(machine: GameMachine) -> bool:
    """The precondition of every invariant: the last step found a breach to report. The checks run
    in :meth:`GameMachine._play`, the invariants only report what they found, so a step without a
    breach (most steps, and every step after the game's end) skips them: Hypothesis's own cost of
    calling ten invariants was a sixth of a solo machine's time."""
    return bool(machine.breaches)


class GameMachine(RuleBasedStateMachine):
    """Plays one whole game per test case. Subclasses choose the setups (``setups``), the drawing
    styles (``styles``) and how much of the API is checked on every step."""

    setups: ClassVar[st.SearchStrategy[Setup]] = strat.setups()
    styles: ClassVar[st.SearchStrategy[strat.Style]] = strat.styles()
    every_legal_applies: ClassVar[bool] = True
    illegal_samples: ClassVar[int] = 3
    round_trip: ClassVar[bool] = True

    def __init__(self) -> None:
        super().__init__()
        self.setup: Setup | None = None
        self.state: State | None = None
        self.before: State | None = None
        self.action: Action | None = None
        self.actions: list[Action] = []
        self.style: strat.Style = "eager"
        self.breaches: list[Breach] = []
        self.courtier_parts = CourtierParts()
        self.reached: set[str] = set()
        self.failed = False
        self.busy = 0

    # ---- reporting ----------------------------------------------------------------------------

    def trace(self, *, final: State | None = None) -> wire.Trace:
        """The game so far as a trace (``final``: the state it reaches, checked on replay)."""
        assert self.setup is not None
        return game_trace(self.setup, self.actions, final)

    def fail(self, rule: str, message: str, *, trace: wire.Trace | None = None) -> PropertyFailure:
        """Note the game as a replayable trace and build the failure to raise."""
        self.failed = True
        shown = trace if trace is not None else self.trace(final=self.state)
        return failure(type(self).__name__, rule, message, shown)

    def _check(self, breaches: list[Breach]) -> None:
        self.breaches.extend(breaches)

    # ---- the game ---------------------------------------------------------------------------------

    @initialize(data=st.data())
    def deal_in(self, data: st.DataObject) -> None:
        """Draw the setup and the drawing style; start the game."""
        self.setup = data.draw(self.setups, label="setup")
        self.style = data.draw(self.styles, label="style")
        self.state = new_game(self.setup)
        broken = setup_round_trip(self.setup) if self.round_trip else []
        if broken:
            raise self.fail(broken[0].rule, broken[0].message)
        solo = self.setup.solo
        kind = (
            f"solo vs {solo.rival.value} ({solo.difficulty.value}, {solo.action_order}/{solo.pair_colour})"
            if solo is not None
            else f"{self.setup.players} clans"
        )
        content = "generated content" if self.setup.content is not None else "shipped content"
        deck = " and a generated deck" if solo is not None and solo.deck is not None else ""
        event(f"setup: {setup_label(self.setup)}")
        if should_note():
            note(f"a {kind} game on {content}{deck}; decisions drawn {self.style}")

    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        """Apply one action: a drawn chance outcome or a decision drawn among the legal actions; the
        invariant checks always (the invariants report what they found), the API checks on the steps
        Hypothesis draws them for (one in :data:`HEAVY_ONE_IN`: a failure they find keeps its step
        checked when it is shrunk)."""
        state = self.state
        assert state is not None
        self.before = None
        self.breaches = []
        if is_over(state) or self.failed:
            return
        heavy = data.draw(st.integers(0, HEAVY_ONE_IN - 1), label="API checks (on the last value)") == (
            HEAVY_ONE_IN - 1
        )
        event(f"API checks on a step: {heavy}")
        legal = legal_actions(state)
        self._check(check_legal(state, legal))
        action: Action
        if is_chance(state):
            action = strat.draw_outcome(data.draw, state)
        else:
            action = strat.choose(data, state, legal, self.style, self.busy)
            if self.every_legal_applies and heavy:
                self._every_legal_applies(state, legal)
        if heavy:
            self._illegal_refused(state, legal)
        after = self._play(state, action)
        if self.round_trip and heavy:
            self._round_trip(state, action, after)
        self._reach(state, action, after)
        if should_note():
            where = f"round {state.round}, {state.decision.kind.value}"
            who = "chance" if state.decision.clan is None else f"clan {state.decision.clan}"
            name = names_for(state.setup)
            lines = "".join(f"\n    {line}" for e in after.events for line in event_lines(e, name))
            note(f"#{len(self.actions)} {where}, {who} [{decision_rule(state)}]: {_describe(action)}{lines}")

    def _play(self, state: State, action: Action) -> State:
        """Apply one action (drawn or the finisher's) and check the step by the invariants: the
        state, the step, the Courtier action's parts and climbs, the hand-in and the events."""
        self._courtier_before(state, action)
        after = self._apply(state, action)
        self.busy = 0 if isinstance(action, (PlaceDie, TakePair, Deal, Roll)) else self.busy + 1
        self.before, self.action, self.state = state, action, after
        self._check(check_state(after))
        self._check(check_step(state, action, after))
        self._courtier_after(state, action, after)
        self._climb(state, action, after)
        self._check(check_hand_in(state, after))
        self._check(check_events(state, after))
        return after

    def engine_apply(self, state: State, action: Action) -> State:
        """The engine under test: :func:`reference.engine.apply`. A planted fault
        (:mod:`properties.faults`) is a machine that overrides this to spoil what the engine returns;
        the engine itself is never patched."""
        return apply(state, action)

    def _apply(self, state: State, action: Action) -> State:
        self.actions.append(action)
        try:
            return self.engine_apply(state, action)
        except RulesGap as exc:
            raise self.fail(exc.rule, f"RulesGap: {exc}", trace=self.trace()) from exc
        except IllegalAction as exc:
            raise self.fail(
                "API.LEGAL_APPLIES", f"the drawn {_describe(action)} was refused: {exc}", trace=self.trace()
            ) from exc
        except Exception as exc:
            raise self.fail(
                decision_rule(state), f"the engine raised {exc!r} on {_describe(action)}", trace=self.trace()
            ) from exc

    def _every_legal_applies(self, state: State, legal: tuple[Action, ...]) -> None:
        try:
            self._check(every_legal_applies(state, legal))
        except LegalOptionFailed as exc:
            prefix = wire.Trace(setup=state.setup, actions=(*self.actions, exc.option))
            raise self.fail(exc.rule, exc.message, trace=prefix) from exc

    def _illegal_refused(self, state: State, legal: tuple[Action, ...]) -> None:
        self._check(illegal_refused(state, legal, len(self.actions), self.illegal_samples))

    def _round_trip(self, state: State, action: Action, after: State) -> None:
        """See :func:`round_trip` (the setup is round-tripped once, by :meth:`deal_in`)."""
        self._check(round_trip(state, action, after, self.engine_apply))

    # ---- courtier actions -------------------------------------------------------------------------

    def _courtier_before(self, state: State, action: Action) -> None:
        self._check(self.courtier_parts.before(state, action))

    def _courtier_after(self, state: State, action: Action, after: State) -> None:
        self._check(self.courtier_parts.after(state, action, after))

    def _climb(self, state: State, action: Action, after: State) -> None:
        self._check(climb_breaches(state, action, after))

    # ---- reachability -------------------------------------------------------------------------------

    def _reach(self, state: State, action: Action, after: State) -> None:
        self.reached |= reached_in_step(state, action, after)

    # ---- invariants, named after the rules they guard ---------------------------------------------

    def _guard(self, name: str) -> None:
        rules = GUARDS[name]
        broken = [b for b in self.breaches if b.rule in rules]
        if any(b.rule != "API.EVENTS" for b in self.breaches):
            # the events' accounting (API.EVENTS) sees every change a broken rule makes, but the rule
            # itself says more: it is reported by its own invariant (Hypothesis runs them by name)
            broken = [b for b in broken if b.rule != "API.EVENTS"]
        if broken:
            first = broken[0]
            more = (
                f" (and {len(broken) - 1} more: {sorted({b.rule for b in broken[1:]})})"
                if len(broken) > 1
                else ""
            )
            raise self.fail(first.rule, first.message + more)

    @precondition(_breached)
    @invariant()
    def holdings_SEALS_CAP_RESOURCES_CAP_SEALS_TRADES(self) -> None:
        """SEALS.CAP, RESOURCES.CAP, PLACE.MUST_PAY (coins >= 0), SEALS.TRADE_COIN, SEALS.TRADE_RESOURCE."""
        self._guard("holdings")

    @precondition(_breached)
    @invariant()
    def rival_SOLO_GOLDEN_NEVER_PAYS_NO_RESOURCES_ROUND_HAND_IN(self) -> None:
        """SOLO.GOLDEN.NEVER_PAYS, SOLO.GOLDEN.NO_RESOURCES, SOLO.SETUP.NO_DOMAIN, SOLO.ROUND.HAND_IN,
        SOLO.ROUND.GARDENS, ROUND.END_ORDER."""
        self._guard("rival")

    @precondition(_breached)
    @invariant()
    def conservation_SETUP_DICE_WORKERS_CARDS_TILES(self) -> None:
        """Every die, clan member, card and tile in exactly one place: SETUP.DICE_PER_COLOUR,
        SETUP.WORKERS, SETUP.CASTLE_CARDS, COURTIER.FLOOR12.TAKE_CARD, SOLO.TURN.TO_BOTTOM,
        SETUP.DIE_TILES, SETUP.WELL_TILES, SETUP.GARDENS, SETUP.YARD_TILES, ROUND.COUNT."""
        self._guard("conservation")

    @precondition(_breached)
    @invariant()
    def bridges_SETUP_BRIDGES_SORTED_BRIDGE_ENDS_ONLY(self) -> None:
        """SETUP.BRIDGES_SORTED, BRIDGE.ENDS_ONLY, TURN.SEQUENCE (placements offered = legal ones)."""
        self._guard("bridges")

    @precondition(_breached)
    @invariant()
    def placement_PLACE_STACKING_DOMAIN_ONE_DIE(self) -> None:
        """PLACE.NO_STACK_2P, PLACE.STACK_3_4P, DOMAIN.ONE_DIE, CASTLE.COLOUR_MATCH."""
        self._guard("placement")

    @precondition(_breached)
    @invariant()
    def time_TIME_CHECKPOINTS_STACK_TURN_ORDER(self) -> None:
        """TIME.TRACK, TIME.MOVE, TIME.CHECKPOINTS, TIME.STACK, TIME.TURN_ORDER."""
        self._guard("time")

    @precondition(_breached)
    @invariant()
    def members_COURTIER_ACTION_CLIMB_GARDENER_WARRIOR(self) -> None:
        """COURTIER.ACTION (one audience, one climb), COURTIER.AUDIENCE, COURTIER.CLIMB (2 or 5
        Mother-of-Pearl), COURTIER.FLOOR12.END_ROOM_ONLY, COURTIER.DAIMYO.FAVOUR, DAIMYO.FAVOURS,
        GARDENER.PLACE, WARRIOR.PLACE, WARRIOR.NEVER_MOVE, MEMBERS.LEFTMOST."""
        self._guard("members")

    @precondition(_breached)
    @invariant()
    def scores_SCORE_CP_NEVER_FALLS(self) -> None:
        """SCORE.CP (Clan Points never decrease) and, at the end, every SCORE.* category."""
        self._guard("scores")

    @precondition(_breached)
    @invariant()
    def api_LEGAL_ILLEGAL_JSON_REPLAY(self) -> None:
        """TURN.DECISION and the API checks: every legal action applies, illegal ones are refused with a
        registered rule ID, the JSON round trip is exact, the same action gives the same state, the
        events of every step account for every change it made (API.EVENTS), the observation's
        description of a decision lists the legal actions at the price taking each pays (API.PENDING)."""
        self._guard("api")

    @precondition(_breached)
    @invariant()
    def every_other_rule(self) -> None:
        """Any breach whose rule no named invariant above guards."""
        known = {r for rules in GUARDS.values() for r in rules}
        rest = [b for b in self.breaches if b.rule not in known]
        if rest:
            raise self.fail(rest[0].rule, rest[0].message)

    # ---- the end of the game ----------------------------------------------------------------------

    def _finish(self, state: State) -> State:
        """Play the game on from where the drawn steps left it: chance outcomes sampled and decisions
        chosen under the drawing style's weights, both from a generator seeded by the state (the same
        draws always finish the same way), every step checked by the invariants (the heavy API checks
        run on the drawn steps). At most FINISH_LIMIT steps: generated content can loop on free
        optional actions."""
        rng = random.Random(wire.digest(state))
        for _ in range(FINISH_LIMIT):
            if is_over(state):
                break
            legal = legal_actions(state)
            self.breaches = []
            self._check(check_legal(state, legal))
            action: Action
            if is_chance(state):
                action = sample(state, rng)
            else:
                ordered = list(legal)
                action = rng.choices(ordered, weights=strat.weights(state, ordered, self.style, self.busy))[0]
            after = self._play(state, action)
            self._reach(state, action, after)
            for name in GUARDS:
                self._guard(name)
            self.every_other_rule()
            state = after
        return state

    def teardown(self) -> None:
        state = self.state
        if state is None or self.failed:
            return
        if not self.actions:
            event("no step drawn: the finisher played the whole game")
        TALLY["games played"] += 1
        if not is_over(state):
            state = self._finish(state)
            self.reached.add("game finished after the drawn steps")
        TALLY["most actions in a game"] = max(TALLY["most actions in a game"], len(self.actions))
        if not is_over(state):
            self.reached.add("game left unfinished (a loop of free actions)")
        else:
            self.reached.add("game end")
            self.breaches = check_final(state)
            self._guard("scores")
            self.breaches = []
            broken = trace_replays(self.trace(final=state), state)
            if broken:
                raise self.fail(broken[0].rule, broken[0].message)
        for flag in REACHED:
            if flag in self.reached:
                event(f"reached: {flag}")
                TALLY[flag] += 1


_NO_SETUP: Final = Setup()
"""Stands for a game's setup in the per-step JSON round trip (see :meth:`GameMachine._round_trip`)."""

HEAVY_ONE_IN: Final = 4
"""The API checks (every legal action applied, illegal samples, the JSON round trip and replay on the
decoded state) run on one step in this many: in the step machines a step Hypothesis draws as heavy,
in the API whole games (:class:`properties.whole_games.ApiChecks`) a step a generator seeded once a
game picks. They cost about ten times the invariants, which run on every step."""

FINISH_LIMIT: Final = 3000
"""Steps :meth:`GameMachine._finish` plays at most after the drawn ones."""


# ---- the machines the test suite runs ------------------------------------------------------------


class MultiClanGame(GameMachine):
    """2, 3 and 4 clans on the shipped content."""

    setups = strat.setups(solo=False, generated=0)


class TokugawaGame(GameMachine):
    """Solo against the Tokugawa rival: every difficulty and reading, the shipped content with the shipped
    deck or (a quarter of the games) a generated one. Solo games on generated content are
    :class:`GeneratedContentGame`'s: drawing a content costs more than the game it is played in."""

    setups = strat.setups(solo=True, rival=RivalKind.TOKUGAWA, generated=0, decks=strat.deck_or_shipped(0.25))
    styles = strat.styles(greedy=False, drain=True)


class GingkogawaGame(GameMachine):
    """Solo against the Gingkogawa bot: every difficulty and reading, the shipped content with the shipped
    deck or (a quarter of the games) a generated one. Solo games on generated content are
    :class:`GeneratedContentGame`'s: drawing a content costs more than the game it is played in."""

    setups = strat.setups(
        solo=True, rival=RivalKind.GINGKOGAWA, generated=0, decks=strat.deck_or_shipped(0.25)
    )
    styles = strat.styles(greedy=False, drain=True)


class GeneratedContentGame(GameMachine):
    """Any setup on content generated from the icon vocabulary."""

    setups = strat.setups(generated=1.0)
    styles = strat.styles(greedy=False)


MACHINES: Final[tuple[type[GameMachine], ...]] = (
    MultiClanGame,
    TokugawaGame,
    GingkogawaGame,
    GeneratedContentGame,
)
