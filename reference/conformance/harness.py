"""The verification harness behind ``wcref verify``: vectors, perft and differential games.

An implementation under test (anything with the :class:`~reference.conformance.adapter.Implementation`
interface: the reference in-process, a Python adapter, or a program speaking the JSON Lines
protocol through :class:`~reference.conformance.process.SubprocessImplementation`) is driven step by
step alongside the reference engine. After every step the implementation's observation is compared
with the reference's (the first differing leaf is reported as a JSON Pointer) and, at every
decision, the sets of legal actions are compared. The first divergence of a case stops it and is
reported with a replayable trace, the step, the field, both values and a rule ID (see
:mod:`reference.conformance.attribution`).

Vectors are run by the one vector runner, :func:`reference.conformance.vectors.run_vector`, on the
implementation wrapped in a :class:`Lockstep` (the same comparisons, step by step, as the other
cases).

Failures of the implementation itself (no reply in time, a crash, a line that is not JSON, a reply
that breaks the schema, an early exit) are reported with the last request sent; the next case
starts a fresh process.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol

import msgspec

from reference import wire
from reference.book.vectors import Vector
from reference.chance import sample
from reference.conformance.adapter import JSON, Implementation, ImplementationError, Refused, to_json
from reference.conformance.attribution import Attribution, attribute, event_rule
from reference.conformance.compare import ABSENT, canonical, first_difference, resolve
from reference.conformance.perft import PerftPosition, replay
from reference.conformance.process import SubprocessImplementation, shorten
from reference.conformance.server import setup_areas
from reference.conformance.vectors import VectorFailure
from reference.engine import apply, decision_rule, is_chance, is_over, legal_actions, new_game
from reference.errors import IllegalAction, RulesGap
from reference.model import (
    COLOURS,
    MEMBERS,
    RESOURCES,
    SPACES,
    Accept,
    Action,
    ActionOrder,
    Audience,
    ChooseBlock,
    ChooseFavour,
    ChooseGarden,
    ChooseLine,
    ChooseMember,
    ChooseRoom,
    ChooseYard,
    Climb,
    Decline,
    Difficulty,
    End,
    Event,
    Floor,
    Next,
    PairColour,
    PayCheckpoint,
    PlaceDie,
    Readings,
    RivalKind,
    Setup,
    Solo,
    State,
    StopMove,
    TakePair,
    TakeResource,
    Trade,
)
from reference.narrate import article
from reference.position import Position, at_sync_point, from_position
from reference.position import position as public_position
from reference.searches import without_local_constants
from reference.wire import Observation

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

    from properties.strategies import Draw

MAX_STEPS: Final = 5_000
"""A differential game longer than this is cut short (an engine that never ends is a bug)."""
TRADE_ODDS: Final = 10
"""At a decision with seal trades, one draw in this many takes a trade (as the random policy)."""
PROBE_ODDS: Final = 12
"""At a player decision, one draw in this many first tries an illegal action (both must refuse it
with the same rule and leave the game unchanged)."""
MAX_VALUE: Final = 4096
"""Bytes a result keeps of any one value that may come from the implementation (a divergence's two
values, its field and message, a failure's detail): a longer one is kept as its start and a note
"cut: N bytes", so that an implementation answering huge values makes neither the run's memory nor
its report huge."""
MAX_DIFFERENCES: Final = 50
"""Differing fields a failed vector's result lists (the rest are counted)."""


def bounded(value: JSON, limit: int = MAX_VALUE) -> JSON:
    """``value`` when its JSON text is at most ``limit`` bytes; else the start of that text (of the
    string itself, for a string), as a string ending with a note of how many bytes were cut."""
    if isinstance(value, str):
        return bounded_text(value, limit)
    text = msgspec.json.encode(value)
    if len(text) <= limit:
        return value
    return f"{text[:limit].decode('utf-8', 'ignore')}… (cut: {len(text) - limit} bytes)"


def bounded_tail(text: str, limit: int = 2 * MAX_VALUE) -> str:
    """``text`` when it is at most ``limit`` bytes of UTF-8; else its end (the part that matters in
    a log), after a note of how many bytes were cut."""
    data = text.encode("utf-8", "replace")
    if len(data) <= limit:
        return text
    return f"[cut: {len(data) - limit} bytes]\n{data[-limit:].decode('utf-8', 'ignore')}"


def bounded_text(text: str, limit: int = MAX_VALUE) -> str:
    """``text`` when it is at most ``limit`` bytes of UTF-8; else its start and a note of how many
    bytes were cut."""
    data = text.encode("utf-8", "replace")
    if len(data) <= limit:
        return text
    return f"{data[:limit].decode('utf-8', 'ignore')}… (cut: {len(data) - limit} bytes)"


# ---- results -----------------------------------------------------------------------------------


Trace = dict[str, object]
"""A trace as JSON (a ``wcref-trace`` or a ``wcref-position-trace`` object): a type msgspec can
decode a report's traces into (the recursive JSON alias it cannot)."""


class Failure(msgspec.Struct, frozen=True, kw_only=True):
    """The implementation failed (see adapter.FAILURE_KINDS), with the last request sent."""

    kind: str
    detail: str
    last_request: str | None = None
    stderr: str = ""


class Divergence(msgspec.Struct, frozen=True, kw_only=True):
    """The first disagreement of a case with the reference.

    ``step`` indexes the trace's actions (-1: right after ``new_game``/``load``); ``action`` is the
    step's action (None for a divergence in the legal actions before choosing one); ``field`` is the
    JSON Pointer of the first differing leaf of the observation (or ``/legal_actions``,
    ``/refused``); ``reference`` and ``implementation`` are both values ("<absent>" when missing; for
    ``/legal_actions`` the actions only that side lists). ``rule`` is the rule ID named for it, found
    by ``rule_source`` (invariant, hint, decision, reference, vector); ``decision_rule`` is the rule of
    the decision the step answered. ``trace`` is a wire.Trace replaying the case up to and including
    the step; for a case started from a loaded position it is None (a vector: see ``start``, the
    public position, and ``composed``, the conservation rules it breaks as a study) or, in the
    positions phase, a position trace (reference.conformance.positions.PositionTrace: the start
    position and the actions, which ``wcref replay`` reads)."""

    case: str
    step: int
    action: Any
    field: str
    reference: Any
    implementation: Any
    rule: str
    rule_source: str
    rule_note: str
    decision_rule: str
    message: str
    trace: Any
    start: Any = None
    composed: tuple[str, ...] = ()
    cause: str | None = None
    """For a vector's divergence (named for the vector's rule): the rule the difference itself points
    at (attribution.attribute), which --known also matches: one deviation fails the vectors of other
    rules too."""


class FieldDifference(msgspec.Struct, frozen=True, kw_only=True):
    """One field that differs at the step where a vector failed: its JSON Pointer (or ``/refused``),
    the value wanted and the implementation's (``<absent>``: it has none; values bounded, see
    MAX_VALUE), and against what: ``vector`` (the step's ``expect``, its acceptance or refusal, or a
    field a refused action changed: then ``expected`` is the value before) or ``reference`` (the
    reference's observation after the same step, or its acceptance or refusal)."""

    field: str
    expected: Any
    got: Any
    against: str
    message: str


class Diverged(Exception):
    """Raised inside a Hypothesis example: this case diverged (Hypothesis then shrinks it)."""


class SearchResult(Protocol):
    """What a Hypothesis search of cases reports (the games, the positions phase)."""

    divergence: Divergence | None
    failure: Failure | None
    error: str


def run_search(
    search: Callable[[], None],
    result: SearchResult,
    found: Sequence[tuple[tuple[object, ...], Divergence]],
    failures: Sequence[Failure],
    errors: list[str],
) -> None:
    """Run a Hypothesis search whose cases raise :class:`Diverged`, then report into ``result`` the
    smallest divergence found (by its key: the shrunk case), the first implementation failure and the
    first of Hypothesis' own complaints (kept only when nothing else was found). The search runs
    without Hypothesis's local constants (:func:`reference.searches.without_local_constants`): a
    seed draws the same cases whatever modules are loaded."""
    try:
        with without_local_constants():
            search()
    except Diverged:
        pass
    except Exception as exc:  # Hypothesis' own complaints (e.g. a flaky replay after the budget)
        if not found and not failures and not errors:
            errors.append(f"{type(exc).__name__}: {exc}")
    if found:
        result.divergence = min(found, key=lambda item: item[0])[1]
    if failures:
        result.failure = failures[0]
    if errors:
        result.error = errors[0]


class CaseResult(msgspec.Struct, kw_only=True):
    """One case: a vector, a perft position or the differential games."""

    kind: str
    id: str
    status: str
    """passed, failed (a divergence or a failure), known (its divergence is an accepted deviation:
    ``verify --known``), skipped or error (the case itself is bad)."""
    reason: str = ""
    seconds: float = 0.0
    rules: tuple[str, ...] = ()
    questions: tuple[int, ...] = ()
    divergence: Divergence | None = None
    """The divergence named for the case (for a vector: see verify's vector case)."""
    replay: Trace | None = None
    """When the divergence has no ``trace`` (a case started from a loaded position: a vector, a perft
    node reached by ``load``): a position trace (reference.conformance.positions.PositionTrace) of its
    start and the actions the reference accepted up to the divergent step, which ``wcref replay``
    reads; else None."""
    differences: tuple[FieldDifference, ...] = ()
    """For a failed vector: every field that differs at its failing step (the step's ``expect``
    pointers first), at most MAX_DIFFERENCES."""
    differences_cut: int = 0
    """The differing fields left out past MAX_DIFFERENCES."""
    warnings: tuple[str, ...] = ()
    """What is worth a look without failing the case (a refusal citing another rule ID than the
    vector's), each bounded (MAX_VALUE)."""
    failure: Failure | None = None


class Mismatch(Exception):
    """A case diverged (raised inside a Session, caught by the case runner)."""

    def __init__(self, divergence: Divergence) -> None:
        super().__init__(divergence.message)
        self.divergence = divergence


class _Broken(Exception):
    """The case itself cannot run as written (e.g. the reference refuses an action it listed)."""


class Chooser(Protocol):
    """Where a differential game's choices come from (Hypothesis, or a recorded list)."""

    def integer(self, low: int, high: int) -> int:
        """An integer in low..high (inclusive)."""
        ...


class DrawnChooser:
    """The Chooser of a search: each integer drawn by ``draw`` (in verify's searches a
    :class:`reference.searches.LabelledDraw`, so that each is drawn under a span label of its own
    and Hypothesis's mutants are new games), and kept in ``choices``."""

    _strategies: ClassVar[dict[tuple[int, int], SearchStrategy[int]]] = {}

    def __init__(self, draw: Draw) -> None:
        self._draw = draw
        self.choices: list[int] = []

    def integer(self, low: int, high: int) -> int:
        if high <= low:
            return low
        strategy = self._strategies.get((low, high))
        if strategy is None:
            from hypothesis import strategies as st

            strategy = self._strategies[(low, high)] = st.integers(low, high)
        value = self._draw(strategy)
        self.choices.append(value)
        return value


def failure_of(exc: BaseException) -> Failure:
    """An implementation failure from what an implementation raised."""
    if isinstance(exc, ImplementationError):
        return Failure(
            kind=exc.kind,
            detail=bounded_text(exc.detail),
            last_request=bounded_text(exc.last_request) if exc.last_request is not None else None,
            stderr=bounded_tail(exc.stderr),  # a subprocess's is bounded already (process.STDERR_TAIL)
        )
    return Failure(kind="crash", detail=f"raised {type(exc).__name__}: {shorten(str(exc))}")


# ---- one session: the implementation and the reference side by side ------------------------------


def _without_rules(event: JSON) -> JSON:
    """An event without its ``rules`` (the reference's annotation)."""
    if isinstance(event, dict):
        return {k: v for k, v in event.items() if k != "rules"}
    return event


class Session:
    """One case in progress: the implementation and the reference from the same setup or public
    position (``start``, with the conservation rules ``composed`` it breaks as a study)."""

    def __init__(
        self,
        impl: Implementation,
        case: str,
        setup: Setup,
        start: Position | None = None,
        composed: tuple[str, ...] = (),
    ) -> None:
        self.impl = impl
        self.case = case
        self.setup = start.setup if start is not None else setup
        self.start = start
        self.composed = composed
        self.actions: list[Action] = []
        self.state = from_position(start, composed) if start is not None else new_game(setup)
        self.validate = not isinstance(impl, SubprocessImplementation)
        self.engine_notes: list[str] = []
        self.with_events = "events" in impl.hello()[1]
        """The implementation reports its events: the event streams are compared at every step."""
        self.last_refused: Refused | None = None
        """The implementation's refusal of the last action stepped (None: it accepted it)."""
        self.last_reference_rule: str | None = None
        """The rule the reference cited refusing the last action stepped (None: it accepted it)."""
        self.last_observation: JSON = None
        """The implementation's observation read after the last action stepped (None: not read)."""

    # ---- calls into the implementation (anything unexpected is a Failure) ----

    def _call(self, what: Callable[[], Any]) -> Any:
        try:
            return what()
        except ImplementationError:
            raise
        except Exception as exc:
            raise ImplementationError("crash", f"raised {type(exc).__name__}: {shorten(str(exc))}") from exc

    def begin(self) -> JSON:
        """Start the implementation and compare the first observation; returns it."""
        if self.start is not None:
            position_json = to_json(self.start)
            self._call(lambda: self.impl.load(position_json, self.composed))
        else:
            setup_json = to_json(self.setup)
            self._call(lambda: self.impl.new_game(setup_json))
        return self.check_observation(None, None)

    def observed(self) -> JSON:
        """The implementation's observation (validated and normalised for in-process ones)."""
        obs: JSON = self._call(self.impl.observe)
        if self.validate:
            try:
                obs = to_json(msgspec.convert(obs, Observation))
            except msgspec.ValidationError as exc:
                raise ImplementationError("schema", f"observation breaks the schema: {exc}") from None
        return canonical(obs)

    def impl_legal(self) -> list[Action]:
        listed: list[JSON] = self._call(self.impl.legal_actions)
        try:
            return msgspec.convert(listed, list[Action])
        except msgspec.ValidationError as exc:
            raise ImplementationError("schema", f"legal_actions breaks the schema: {exc}") from None

    # ---- reports ----

    def trace(self) -> JSON:
        """The case so far as a wire.Trace (the reference's digest of where it stands), or None
        when it started from a loaded state."""
        if self.start is not None:
            return None
        trace = wire.Trace(setup=self.setup, actions=tuple(self.actions), final=wire.digest(self.state))
        return to_json(trace)

    def diverge(
        self,
        *,
        step: int,
        field: str,
        reference: JSON,
        implementation: JSON,
        before: State | None,
        action: Action | None,
        after: State | None,
        observation: JSON | None,
        message: str,
        attribution: Attribution | None = None,
    ) -> Mismatch:
        """The divergence of this case (its values bounded: see MAX_VALUE)."""
        if attribution is None:
            attribution = attribute(before, action, after, observation, field)
        step_state = before if before is not None else after
        assert step_state is not None
        return Mismatch(
            Divergence(
                case=self.case,
                step=step,
                action=to_json(action) if action is not None else None,
                field=bounded_text(field),
                reference=bounded(reference),
                implementation=bounded(implementation),
                rule=attribution.rule,
                rule_source=attribution.source,
                rule_note=bounded_text(attribution.note),
                decision_rule=decision_rule(step_state),
                message=bounded_text(message),
                trace=self.trace(),
                start=to_json(self.start) if self.start is not None else None,
                composed=self.composed,
            )
        )

    # ---- checks ----

    def check_observation(self, before: State | None, action: Action | None, unchanged: bool = False) -> JSON:
        """Compare the implementation's observation with the reference's current one."""
        obs = self.observed()
        self.last_observation = obs
        expected = canonical(to_json(wire.observe(self.state)))
        if obs == expected:
            return obs
        found = first_difference(expected, obs)
        if found is None:
            return obs
        pointer, ref_value, impl_value = found
        what = "after refusing the action the observation changed" if unchanged else "observations differ"
        raise self.diverge(
            step=len(self.actions) if unchanged else len(self.actions) - 1,
            field=pointer,
            reference=ref_value,
            implementation=impl_value,
            before=before if not unchanged else self.state,
            action=action,
            after=self.state if not unchanged else None,
            observation=obs,
            message=f"{what} at {pointer}",
        )

    def check_legal(self) -> tuple[Action, ...]:
        """Compare the sets of legal actions; the reference's list."""
        ours = legal_actions(self.state)
        theirs = self.impl_legal()
        ours_set, theirs_set = set(ours), set(theirs)
        if ours_set == theirs_set and len(theirs) == len(theirs_set):
            return ours
        only_ours = [a for a in ours if a not in theirs_set]
        only_theirs = list(dict.fromkeys(a for a in theirs if a not in ours_set))
        if not only_ours and not only_theirs:
            repeated = [a for a in theirs_set if theirs.count(a) > 1]
            raise self.diverge(
                step=len(self.actions),
                field="/legal_actions",
                reference=[],
                implementation=[to_json(a) for a in repeated],
                before=self.state,
                action=None,
                after=None,
                observation=None,
                message=f"the implementation lists {len(repeated)} legal action(s) more than once",
                attribution=Attribution(decision_rule(self.state), "decision", "the pending decision"),
            )
        attribution = Attribution(
            decision_rule(self.state), "decision", "the rule of the pending decision (an action is missing)"
        )
        if only_theirs:
            try:
                apply(self.state, only_theirs[0])
            except (IllegalAction, RulesGap) as exc:
                attribution = Attribution(
                    exc.rule,
                    "reference",
                    f"the reference refuses {type(only_theirs[0]).__name__}: {exc.reason}",
                )
            except Exception as exc:
                self.engine_notes.append(f"apply raised {type(exc).__name__} on an action it does not list")
        raise self.diverge(
            step=len(self.actions),
            field="/legal_actions",
            reference=[to_json(a) for a in only_ours],
            implementation=[to_json(a) for a in only_theirs],
            before=self.state,
            action=None,
            after=None,
            observation=None,
            message=(
                f"legal actions differ: {len(only_ours)} only in the reference, "
                f"{len(only_theirs)} only in the implementation"
            ),
            attribution=attribution,
        )

    def step(
        self, action: Action, *, probe: bool = False, same_rule: bool = True
    ) -> tuple[Refused | None, JSON]:
        """Apply ``action`` to both; compare refusals and observations. With ``probe`` (an action
        the reference may refuse: a probe, a vector's step) a refusal is compared: both must refuse,
        naming the same rule (unless the implementation names none, or ``same_rule`` is False: the
        caller judges the rule, as a vector does), and the observation must stay unchanged; without
        it the reference refusing the action means the case is broken. Returns the implementation's
        refusal (None: it accepted) and its observation after the step (also kept, with the
        reference's rule, in ``last_refused``, ``last_reference_rule`` and ``last_observation``, which
        stay readable when the step raises Mismatch).

        A step the reference accepts is added to the trace; a refused one is not (the divergence's
        ``action`` holds it and ``step`` is the index it would have)."""
        before = self.state
        ref_refusal: tuple[str, str] | None = None
        after: State | None = None
        self.last_refused, self.last_reference_rule, self.last_observation = None, None, None
        try:
            after = apply(before, action)
        except (IllegalAction, RulesGap) as exc:
            ref_refusal = (exc.rule, exc.reason)
            self.last_reference_rule = exc.rule
        index = len(self.actions)
        if not probe and ref_refusal is not None:
            raise _Broken(f"step {index}: the reference refuses {type(action).__name__} [{ref_refusal[0]}]")
        action_json = to_json(action)
        refused = self._call(lambda: self.impl.apply(action_json))
        self.last_refused = refused
        if ref_refusal is not None:
            reference_says = Attribution(
                ref_refusal[0], "reference", f"the reference refuses it: {ref_refusal[1]}"
            )
            if refused is None:
                raise self.diverge(
                    step=index,
                    field="/refused",
                    reference={"rule": ref_refusal[0], "reason": ref_refusal[1]},
                    implementation=None,
                    before=before,
                    action=action,
                    after=None,
                    observation=None,
                    message=f"the implementation accepts {type(action).__name__}; the reference refuses it",
                    attribution=reference_says,
                )
            if same_rule and refused.rule is not None and refused.rule != ref_refusal[0]:
                raise self.diverge(
                    step=index,
                    field="/refused/rule",
                    reference=ref_refusal[0],
                    implementation=refused.rule,
                    before=before,
                    action=action,
                    after=None,
                    observation=None,
                    message=f"both refuse {type(action).__name__} but name different rules",
                    attribution=reference_says,
                )
            return refused, self.check_observation(before, action, unchanged=True)
        assert after is not None
        self.actions.append(action)
        self.state = after
        if refused is not None:
            raise self.diverge(
                step=index,
                field="/refused",
                reference=None,
                implementation={"rule": refused.rule, "reason": refused.reason},
                before=before,
                action=action,
                after=after,
                observation=None,
                message=f"the implementation refuses {type(action).__name__} naming "
                f"{refused.rule or 'no rule'}; the reference accepts it",
            )
        observation = self.check_observation(before, action)
        if self.with_events:
            self.check_events(before, action, after, observation)
        return None, observation

    def check_events(self, before: State, action: Action, after: State, observation: JSON) -> None:
        """Compare the implementation's events of the step with the reference's, in order, field by
        field; ``rules`` are the reference's annotation and are not compared. A difference is named by
        the first rule of the reference's event at that place (or, when the implementation reports
        more events, of the step's decision)."""
        listed: JSON = self._call(self.impl.events)
        try:  # decoded into the event types, so a field left out at its default reads as the default
            decoded = msgspec.convert(listed, list[Event])
        except msgspec.ValidationError as exc:
            raise ImplementationError("schema", f"the events of the step break the schema: {exc}") from None
        theirs: JSON = [_without_rules(to_json(e)) for e in decoded]
        ours_events = after.events
        ours: JSON = [_without_rules(to_json(e)) for e in ours_events]
        found = first_difference(ours, theirs)
        if found is None:
            return
        pointer, ref_value, impl_value = found
        keys = pointer.split("/")
        index = int(keys[1]) if len(keys) > 1 and keys[1].isdigit() else None
        if index is not None and index < len(ours_events):
            event = ours_events[index]
            attribution = Attribution(
                event_rule(event, pointer),
                "event",
                f"the reference's {type(event).__name__} event ({', '.join(event.rules)})",
            )
        else:
            attribution = Attribution(
                decision_rule(before), "decision", "the rule of the decision this step answered"
            )
        raise self.diverge(
            step=len(self.actions) - 1,
            field=f"/events{pointer}",
            reference=ref_value,
            implementation=impl_value,
            before=before,
            action=action,
            after=after,
            observation=observation,
            message=f"the events of the step differ at /events{pointer}",
            attribution=attribution,
        )

    def probe(self, action: Action) -> None:
        """Try an action the reference does not list: both must refuse it with the same rule."""
        try:
            apply(self.state, action)
        except (IllegalAction, RulesGap):
            pass
        except Exception as exc:
            self.engine_notes.append(
                f"apply({type(action).__name__}) raised {type(exc).__name__} instead of IllegalAction "
                f"at {article(self.state.decision.kind.value)} decision"
            )
            return
        else:
            self.engine_notes.append(
                f"apply accepts {action!r}, which legal_actions does not list "
                f"(at {article(self.state.decision.kind.value)} decision)"
            )
            return
        self.step(action, probe=True)


# ---- differential games ----------------------------------------------------------------------------


def _probe_pool(state: State) -> list[Action]:
    """Candidate illegal actions: everything of the action vocabulary that is not legal here."""
    pool: list[Action] = [PlaceDie(c, e, s) for c in COLOURS for e in End for s in SPACES]
    pool += [Trade(None), *(Trade(r) for r in RESOURCES), *(TakeResource(r) for r in RESOURCES)]
    pool += [Next(i) for i in range(3)] + [TakePair(i) for i in range(3)]
    pool += [Accept(), Decline(), PayCheckpoint(), StopMove(), Audience()]
    pool += [Climb(f, n) for f in (Floor.GATE, Floor.STEWARDS) for n in (1, 2)]
    pool += [ChooseRoom(i) for i in range(5)] + [ChooseBlock(i) for i in range(3)]
    pool += [ChooseFavour(i) for i in range(3)] + [ChooseYard(c) for c in (1, 3, 5)]
    pool += [ChooseGarden(i) for i in range(6)] + [ChooseLine(c) for c in COLOURS]
    pool += [ChooseMember(m) for m in MEMBERS]
    legal = set(legal_actions(state))
    return [a for a in pool if a not in legal]


def choose_action(legal: Sequence[Action], chooser: Chooser) -> Action:
    """A legal action: among the decision's own options, a seal trade one time in TRADE_ODDS (the
    high end of the draw, so shrinking leads away from trades)."""
    own = [a for a in legal if not isinstance(a, Trade)]
    trades = [a for a in legal if isinstance(a, Trade)]
    if trades and (not own or chooser.integer(0, TRADE_ODDS - 1) == TRADE_ODDS - 1):
        return trades[chooser.integer(0, len(trades) - 1)]
    return own[chooser.integer(0, len(own) - 1)]


def play_differential(
    impl: Implementation,
    setup: Setup,
    chooser: Chooser,
    chance_seed: int,
    *,
    case: str = "game",
    probes: bool = True,
    engine_notes: list[str] | None = None,
) -> tuple[int, Divergence | None]:
    """Play one game on both (chance outcomes sampled with random.Random(chance_seed), decisions
    from ``chooser``); (steps played, the first divergence or None). Raises ImplementationError."""
    session = Session(impl, case, setup)
    rng = random.Random(chance_seed)
    try:
        session.begin()
        while not is_over(session.state) and len(session.actions) < MAX_STEPS:
            legal = session.check_legal()
            if is_chance(session.state):
                action: Action = sample(session.state, rng)
            else:
                if not legal:
                    session.engine_notes.append(
                        f"no legal action at {article(session.state.decision.kind.value)} decision (the game is stuck)"
                    )
                    break
                if probes and chooser.integer(0, PROBE_ODDS - 1) == PROBE_ODDS - 1:
                    pool = _probe_pool(session.state)
                    if pool:
                        session.probe(pool[chooser.integer(0, len(pool) - 1)])
                action = choose_action(legal, chooser)
            session.step(action)
        if is_over(session.state):
            session.check_legal()
    except Mismatch as mismatch:
        return len(session.actions), mismatch.divergence
    finally:
        if engine_notes is not None:
            engine_notes.extend(session.engine_notes)
    return len(session.actions), None


class GameSetup(msgspec.Struct, frozen=True):
    """A setup the differential games draw from, with a label and the areas it needs."""

    label: str
    setup: Setup

    @property
    def areas(self) -> tuple[str, ...]:
        return setup_areas(self.setup)


def _solo(
    rival: RivalKind,
    difficulty: Difficulty,
    action_order: ActionOrder = "rows",
    pair_colour: PairColour = "any",
) -> Setup:
    solo = Solo(rival=rival, difficulty=difficulty, action_order=action_order, pair_colour=pair_colour)
    return Setup(players=2, solo=solo)


GAME_SETUPS: Final = (
    GameSetup("2 clans", Setup(players=2)),
    GameSetup("3 clans", Setup(players=3)),
    GameSetup("4 clans", Setup(players=4)),
    GameSetup(
        "2 clans, other readings",
        Setup(players=2, readings=Readings(domain_icon="members", stone_garden="lantern")),
    ),
    GameSetup("solo tokugawa easy", _solo(RivalKind.TOKUGAWA, Difficulty.EASY)),
    GameSetup("solo tokugawa medium", _solo(RivalKind.TOKUGAWA, Difficulty.MEDIUM)),
    GameSetup("solo tokugawa hard", _solo(RivalKind.TOKUGAWA, Difficulty.HARD)),
    GameSetup(
        "solo tokugawa medium, cards order",
        _solo(RivalKind.TOKUGAWA, Difficulty.MEDIUM, action_order="cards"),
    ),
    GameSetup("solo gingkogawa easy", _solo(RivalKind.GINGKOGAWA, Difficulty.EASY)),
    GameSetup("solo gingkogawa normal", _solo(RivalKind.GINGKOGAWA, Difficulty.MEDIUM)),
    GameSetup("solo gingkogawa hard", _solo(RivalKind.GINGKOGAWA, Difficulty.HARD)),
    GameSetup(
        "solo gingkogawa normal, die pairs", _solo(RivalKind.GINGKOGAWA, Difficulty.MEDIUM, pair_colour="die")
    ),
)
"""Every setup the differential games can start from."""


def topic(areas: Iterable[str]) -> str:
    """The area a case is about: its solo area if any, else base."""
    solo = [a for a in areas if a.startswith("solo.")]
    return solo[0] if solo else "base"


def eligible(needed: Iterable[str], supported: Iterable[str], chosen: Iterable[str] | None) -> str | None:
    """Why a case needing ``needed`` areas is skipped (None: it runs)."""
    needed = tuple(needed)
    have = set(supported)
    missing = [a for a in needed if a not in have]
    if missing:
        return f"the implementation does not support {', '.join(missing)}"
    picked = set(chosen) if chosen else None
    if picked is not None and topic(needed) not in picked:
        return f"area {topic(needed)} not selected"
    return None


# ---- vectors -------------------------------------------------------------------------------------


class Lockstep:
    """An implementation under test shadowed by the reference, behind the Implementation interface:
    :func:`reference.conformance.vectors.run_vector` runs a vector on it as on any implementation, while
    every call is checked against the reference engine (the first observation, the refusal or
    acceptance of every action and the rule it names, the whole observation after it), raising
    Mismatch at the first divergence. The implementation is the caller's to close.

    With ``defer`` (a vector run by ``wcref verify``, which judges a refusal's rule against the
    vector and wants every differing field of the failing step) a step that diverges does not raise:
    ``apply`` keeps the Mismatch in ``pending`` and returns the implementation's own answer, so that
    the step's expectations are checked on what it said; the next ``apply`` raises the pending
    Mismatch. A refusal naming another rule than the reference's is then not a divergence (the
    caller compares it with the vector's)."""

    def __init__(self, impl: Implementation, case: str, *, defer: bool = False) -> None:
        self.impl = impl
        self.case = case
        self.defer = defer
        self._session: Session | None = None
        self._observation: JSON = None
        self.before: State | None = None
        """The reference's state before the last action applied."""
        self.action: Action | None = None
        """The last action applied."""
        self.accepted = False
        """Whether the reference accepted the last action."""
        self.pending: Mismatch | None = None
        """With ``defer``: the divergence of the last step, not raised yet."""
        self.reference_rules: list[str | None] = []
        """The rule the reference cited refusing each action applied, in order (None: accepted)."""

    @property
    def session(self) -> Session:
        if self._session is None:
            raise RuntimeError("no game: call new_game or load first")
        return self._session

    @property
    def current(self) -> Session | None:
        """The game in progress (its start, actions and reference state), None before the first
        ``new_game``/``load`` or after ``close``."""
        return self._session

    @property
    def engine_notes(self) -> list[str]:
        return self._session.engine_notes if self._session is not None else []

    def _begin(self, session: Session) -> None:
        self._session = session
        self._observation = session.begin()

    def hello(self) -> tuple[str, tuple[str, ...]]:
        return self.impl.hello()

    def new_game(self, setup: JSON) -> None:
        self._begin(Session(self.impl, self.case, msgspec.convert(setup, Setup)))

    def load(self, position: JSON, composed: Sequence[str] = ()) -> None:
        start = msgspec.convert(position, Position)
        self._begin(Session(self.impl, self.case, start.setup, start, tuple(composed)))

    def apply(self, action: JSON) -> Refused | None:
        if self.pending is not None:
            raise self.pending
        session = self.session
        decoded = wire.decode_action(msgspec.json.encode(action))
        self.before, self.action = session.state, decoded
        try:
            refused, self._observation = session.step(decoded, probe=True, same_rule=not self.defer)
        except Mismatch as mismatch:
            if not self.defer:
                raise
            self.pending = mismatch
            refused = session.last_refused
            read = session.last_observation
            self._observation = read if read is not None else session.observed()
        finally:
            self.reference_rules.append(session.last_reference_rule)
            self.accepted = session.last_reference_rule is None
        return refused

    def observe(self) -> JSON:
        """The implementation's observation after the last call (already compared)."""
        if self._session is None:
            raise RuntimeError("no game: call new_game or load first")
        return self._observation

    def legal_actions(self) -> list[JSON]:
        return [to_json(a) for a in self.session.check_legal()]

    def events(self) -> list[JSON] | None:
        """The implementation's events of the last action (already compared when it offers them)."""
        return self.impl.events()

    def close(self) -> None:
        self._session = None

    def reference_observation(self) -> JSON:
        """The reference's observation where the last step left it."""
        return canonical(to_json(wire.observe(self.session.state)))


def vector_divergence(lockstep: Lockstep, vector: Vector, failure: VectorFailure) -> Divergence:
    """The divergence of an expectation of ``vector`` that failed on ``lockstep`` (at the last step
    it ran), attributed to the vector's first rule (else the rule of the step's decision)."""
    session = lockstep.session
    before = lockstep.before if lockstep.before is not None else session.state
    try:
        ref_got: JSON = resolve(canonical(to_json(wire.observe(session.state))), failure.field)
    except (LookupError, ValueError):
        ref_got = ABSENT
    agrees = first_difference(failure.expected, ref_got) is None
    rule = vector.rules[0] if vector.rules else decision_rule(before)
    observation = lockstep.observe()
    cause = attribute(before, lockstep.action, session.state, observation, failure.field).rule
    divergence = session.diverge(
        step=len(session.actions) - (1 if lockstep.accepted else 0),
        field=failure.field,
        reference=failure.expected,
        implementation=failure.got,
        before=before,
        action=lockstep.action,
        after=session.state,
        observation=observation,
        message=f"step {failure.step}: the vector expects {failure.field} = {shorten(repr(failure.expected), 80)}"
        + ("" if agrees else " (the reference disagrees with the vector too)"),
        attribution=Attribution(rule, "vector", f"vector {vector.id} checks {', '.join(vector.rules)}"),
    ).divergence
    return msgspec.structs.replace(divergence, cause=cause)


# ---- perft through legal_actions ---------------------------------------------------------------------


def run_perft(
    impl: Implementation, position: PerftPosition, depth: int, use_load: bool
) -> tuple[int, Divergence | None]:
    """The implementation's perft count of ``position`` at ``depth`` (each node at a synchronisation
    point reached by ``load`` of its public position when ``use_load``, every other node by replaying
    new_game + the actions), comparing its legal actions with
    the reference's at every node; (count, first divergence or None)."""
    root = replay(position.setup, position.actions)

    def node(state: State, path: tuple[Action, ...], remaining: int) -> int:
        if remaining == 0:
            return 1
        if use_load and at_sync_point(state):
            session = Session(impl, f"perft {position.id}", state.setup, public_position(state))
            session.begin()
        else:
            session = Session(impl, f"perft {position.id}", position.setup)
            session.begin()
            for action in (*position.actions, *path):
                session.step(action)
        listed = session.check_legal()
        if not listed:
            return 1
        if remaining == 1:
            return len(listed)
        return sum(node(apply(state, a), (*path, a), remaining - 1) for a in listed)

    try:
        return node(root, (), depth), None
    except Mismatch as mismatch:
        return 0, mismatch.divergence


def describe(divergence: Divergence) -> list[str]:
    """The divergence as readable lines."""
    lines = [f"{divergence.case}: {divergence.message}"]
    if divergence.action is not None:
        lines.append(f"  step {divergence.step}: {msgspec.json.encode(divergence.action).decode()}")
    else:
        lines.append(f"  at step {divergence.step} (before choosing an action)")
    lines.append(f"  field: {divergence.field or '/'}")
    lines.append(f"  reference:      {shorten(msgspec.json.encode(divergence.reference).decode(), 300)}")
    lines.append(f"  implementation: {shorten(msgspec.json.encode(divergence.implementation).decode(), 300)}")
    lines.append(f"  rule: {divergence.rule} ({divergence.rule_source}: {divergence.rule_note})")
    if divergence.decision_rule != divergence.rule:
        lines.append(f"  decision rule of the step: {divergence.decision_rule}")
    return lines


def describe_failure(failure: Failure) -> list[str]:
    """An implementation failure as readable lines."""
    lines = [f"implementation failure ({failure.kind}): {failure.detail}"]
    if failure.last_request is not None:
        lines.append(f"  last request: {failure.last_request}")
    if failure.stderr.strip():
        tail = failure.stderr.strip().splitlines()[-5:]
        lines.extend(f"  stderr: {line}" for line in tail)
    return lines


def elapsed(since: float) -> float:
    """Seconds since ``since`` (perf_counter), rounded to milliseconds."""
    return round(time.perf_counter() - since, 3)


__all__ = [
    "GAME_SETUPS",
    "MAX_DIFFERENCES",
    "MAX_VALUE",
    "CaseResult",
    "Chooser",
    "Diverged",
    "Divergence",
    "DrawnChooser",
    "Failure",
    "FieldDifference",
    "GameSetup",
    "Lockstep",
    "Mismatch",
    "SearchResult",
    "Session",
    "Trace",
    "bounded",
    "bounded_tail",
    "bounded_text",
    "choose_action",
    "describe",
    "describe_failure",
    "eligible",
    "failure_of",
    "play_differential",
    "run_perft",
    "run_search",
    "topic",
    "vector_divergence",
]
