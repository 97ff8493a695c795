"""Outcome mode: judging an implementation by what its decisions reach, not by how it asks them.

Lockstep mode (:mod:`reference.conformance.harness`) asks an implementation the same questions as
the reference, one decision at a time; an implementation that splits a turn differently (a whole
turn as one composite move, a checkpoint paid without asking) fails at its first question. Outcome
mode lets the implementation play its own decisions and compares what they lead to, at every
*stop*: the start of a clan's turn or starting pair, each chance outcome due (the deal, the re-roll,
the bot's reshuffle) and the end of the game.

- :func:`reach` is the reference's side: from the states the implementation may stand in, every
  stop reachable by one or more legal decisions (seal trades included), each with the decisions
  that lead there; equal states are searched once, and a node budget bounds the search (the result
  says whether it was exhausted).
- :func:`play_game` drives one game: chance outcomes are drawn by the harness and applied on both
  sides; at each decision the implementation plays (``play``) to its next stop and its observation
  must be one the reference reaches (the **forward** check, any turn); on sampled turns the
  implementation lists every stop its rules reach (``outcomes``) and every stop the reference
  reaches must be among them (the **converse** check: a missing option, e.g. never stopping before a
  checkpoint). A divergence names both observations, the differing fields, the nearest stop the
  reference reaches with the decisions that lead there and the reference's account of them, and the
  rule (from what the reference did where the two differ).

Observations compare as JSON with each Lantern Area as a multiset. Rules: TURN.DECISION,
RULING.EFFECTS_OPTIONAL_ORDER (the order of icons is the clan's, so orders that reach the same
state are one outcome).
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol, TypeVar

import msgspec
from msgspec.structs import replace

from reference import wire
from reference.chance import sample
from reference.conformance.adapter import JSON, Implementation, Refused, to_json
from reference.conformance.attribution import (
    EVENT,
    INVARIANT,
    Attribution,
    attribute,
    explained,
    rule_frequency,
    state_from_observation,
    touching,
)
from reference.conformance.compare import ABSENT, canonical, differences
from reference.engine import apply, decision_rule, is_chance, is_over, legal_actions, new_game
from reference.errors import RulesGap
from reference.model import Action, Next, Setup, State, Trade
from reference.model import events as ev
from reference.narrate import events_lines, names_for
from reference.position import Position, at_sync_point, from_position
from reference.position import position as public_position
from reference.rules.holdings import RESOURCE_CAP, SEAL_CAP

DEFAULT_BUDGET: Final = 200_000
"""Reference states searched per stop at most (a turn with many seal trades reaches ~85,000)."""
CONVERSE_BUDGET: Final = 20_000
"""Reference states searched at most for a converse check (a turn with more, usually because of many
seal trades, is not checked both ways: the summary counts the turns checked)."""
MAX_DECISIONS: Final = 200
"""Decisions one search follows at most from its start: a printed turn takes a few dozen at most; a
longer one loops (generated content whose Lantern lights itself), and each step deeper holds a bigger
state, so following it to the budget ran out of memory."""
PAIR_LIMIT: Final = 400
"""Missing and listed stops paired at most (each way) when looking for where a missing option leaves."""
NEAREST_LIMIT: Final = 20_000
"""Reached stops compared field by field when looking for the nearest one."""


_NO_SETUP: Final = Setup()
"""Stands for the setup in :func:`state_key`: every state of one search has the same setup."""


_state_encoder: Final = msgspec.msgpack.Encoder(order="deterministic")


def state_key(state: State) -> bytes:
    """A 16-byte key of a state without its events and its setup, for a search's set of states
    already seen (every state of one game has the same setup, whose content, 16 kB when generated
    or lengthened, was most of what was hashed; the whole encoding kept in a search of 200,000
    states took gigabytes). Keys of states of different setups are not comparable. The state is
    hashed in MessagePack, not JSON: the same fields in the same order, a third shorter and about
    twice as fast to encode (a search keys every state it reaches)."""
    return hashlib.blake2b(
        _state_encoder.encode(replace(state, events=(), setup=_NO_SETUP)), digest_size=16
    ).digest()


def is_stop(state: State) -> bool:
    """A stop: a clan about to take a turn or a starting pair, a chance outcome due (the deal, the
    re-roll, the bot's reshuffle), or the end of the game."""
    return is_over(state) or is_chance(state) or at_sync_point(state)


def stop_observations(state: State, budget: int = DEFAULT_BUDGET) -> list[JSON]:
    """Every observation the next stop can show, by any legal decisions from ``state`` (the
    ``outcomes`` request of the protocol). Raises ValueError when the budget cuts the search short."""
    found = reach([state], budget)
    if not found.exhausted:
        raise ValueError(f"more than {budget} states to search before the next stop")
    return [observed(reached[0].state) for reached in found.stops.values()]


def normal(observation: JSON) -> JSON:
    """An observation with each clan's Lantern Area sorted (a multiset: its order has no rules
    meaning), and the fields an observation may leave out filled in (:func:`compare.canonical`), for
    comparison."""
    observation = canonical(observation)
    if not isinstance(observation, dict):
        return observation
    clans = observation.get("clans")
    if not isinstance(clans, list):
        return observation
    fixed: list[JSON] = []
    for clan in clans:
        lantern = clan.get("lantern") if isinstance(clan, dict) else None
        if isinstance(clan, dict) and isinstance(lantern, list):
            cards = [c for c in lantern if isinstance(c, str)]
            if len(cards) == len(lantern):
                ordered: list[JSON] = [c for c in sorted(cards)]
                clan = {**clan, "lantern": ordered}
        fixed.append(clan)
    return {**observation, "clans": fixed}


_key_encoder: Final = msgspec.json.Encoder(order="sorted")


def key_of(observation: JSON) -> bytes:
    """The comparison key of an observation: a 16-byte hash of the canonical JSON of :func:`normal`
    (the JSON itself carries the setup, 16 kB with generated content, once per stop), its setup
    hashed on its own (once per setup object: :func:`observed` shares it among a game's stops)."""
    shown = normal(observation)
    if not isinstance(shown, dict) or "setup" not in shown:
        return hashlib.blake2b(_key_encoder.encode(shown), digest_size=16).digest()
    rest = {key: value for key, value in shown.items() if key != "setup"}
    digest = hashlib.blake2b(_key_encoder.encode(rest), digest_size=16)
    setup = shown["setup"]
    digest.update(
        _kept(
            _SETUP_DIGESTS,
            setup,
            lambda: hashlib.blake2b(_key_encoder.encode(setup), digest_size=16).digest(),
        )
    )
    return digest.digest()


T = TypeVar("T")


def _kept(cache: dict[int, tuple[object, T]], key: object, make: Callable[[], T]) -> T:
    """``make()`` kept in ``cache`` per object ``key`` (by identity: the searches meet the same few
    setups again and again; the cache holds the object, so its id is not reused, and is emptied past
    64 entries)."""
    hit = cache.get(id(key))
    if hit is not None and hit[0] is key:
        return hit[1]
    if len(cache) > 64:
        cache.clear()
    value = make()
    cache[id(key)] = (key, value)
    return value


_SETUP_DIGESTS: dict[int, tuple[object, bytes]] = {}
_SETUPS: dict[int, tuple[object, JSON]] = {}


def observed(state: State) -> JSON:
    """The reference's observation of a state as JSON (the same value as
    ``to_json(wire.observe(state))``; the setup, 16 kB with generated or lengthened content and the
    same at every stop of a game, is decoded once per setup)."""
    whole = wire.observe(state)
    rest = to_json(replace(whole, setup=_NO_SETUP))
    assert isinstance(rest, dict)
    setup = _kept(_SETUPS, state.setup, lambda: to_json(state.setup))
    return {key: setup if key == "setup" else value for key, value in rest.items()}


@dataclass(frozen=True)
class Reached:
    """A stop the reference reaches: the state, the index of the start it came from and the
    decisions from that start."""

    state: State
    start: int
    path: tuple[Action, ...]


@dataclass
class Reach:
    """The stops reachable from a set of states: by comparison key, every distinct state reached
    there; ``nodes`` states searched; ``exhausted`` False when the budget cut the search short;
    ``gaps`` decisions left out because the engine stopped on them with RulesGap (no rule says
    what happens: neither side can be judged there)."""

    stops: dict[bytes, list[Reached]]
    nodes: int
    exhausted: bool
    gaps: int = 0
    graph: Graph | None = None


@dataclass
class Graph:
    """The decisions a search met, kept when asked (:func:`reach` with ``graph``): for each state
    searched (by :func:`state_key`), the class of each option (:func:`option_class`) and the state
    it leads to; the comparison key of each stop; the starts. What the search would reach with a
    class of options left out is then a walk of this graph (:func:`without_class`), not a new
    search."""

    starts: list[bytes]
    edges: dict[bytes, list[tuple[str, bytes]]]
    stop_keys: dict[bytes, bytes]


def without_class(graph: Graph, name: str) -> set[bytes]:
    """The comparison keys of the stops reachable in ``graph`` with every option of class ``name``
    left out."""
    seen: set[bytes] = set(graph.starts)
    todo = list(graph.starts)
    out: set[bytes] = set()
    while todo:
        node = todo.pop()
        for kind, child in graph.edges.get(node, ()):
            if kind == name or child in seen:
                continue
            seen.add(child)
            key = graph.stop_keys.get(child)
            if key is not None:
                out.add(key)
            else:
                todo.append(child)
    return out


_Trail = tuple["_Trail", Action] | None
"""A path of actions as (the path before, the last action); None: the empty path."""


def _unwind(trail: _Trail) -> tuple[Action, ...]:
    out: list[Action] = []
    while trail is not None:
        trail, action = trail
        out.append(action)
    return tuple(reversed(out))


def reach(
    starts: Sequence[State],
    budget: int = DEFAULT_BUDGET,
    *,
    trades: bool = True,
    target: bytes | None = None,
    without: str | None = None,
    graph: bool = False,
) -> Reach:
    """Every stop reachable from ``starts`` by one or more legal decisions (depth first; a state
    already searched is not searched again). ``trades`` False leaves seal trades out (a first, cheap
    search: trades multiply a turn's states by up to 80). With a ``target`` key the search ends as
    soon as it reaches a stop with that key (``exhausted`` is then True: the question is answered).
    ``without`` leaves out every option of that class (see :func:`option_class`). A path longer than
    MAX_DECISIONS is not followed further and the search is then not ``exhausted`` (as when the budget
    runs out). With ``graph`` the search keeps its :class:`Graph`."""
    seen: set[bytes] = set()
    stops: dict[bytes, list[Reached]] = {}
    nodes = gaps = 0
    deep = False
    kept = Graph([state_key(s) for s in starts], {}, {}) if graph else None
    for index, start in enumerate(starts):
        # each path is kept as (the path before, the last action): a long turn's paths share their
        # beginnings instead of each state holding its own copy
        todo: list[tuple[State, _Trail, int, bytes]] = [
            (start, None, 0, kept.starts[index] if kept is not None else b"")
        ]
        while todo:
            state, trail, depth, here = todo.pop()
            if depth >= MAX_DECISIONS:  # a turn this long loops (generated content): not searched on
                deep = True
                continue
            edges = kept.edges.setdefault(here, []) if kept is not None else None
            for action in legal_actions(state):
                if not trades and isinstance(action, Trade):
                    continue
                if without is not None and option_class(action) == without:
                    continue
                try:
                    after = apply(state, action)
                except RulesGap:  # the rules do not say what happens: not a stop of either side
                    gaps += 1
                    continue
                identity = state_key(after)
                if edges is not None:
                    edges.append((option_class(action), identity))
                if identity in seen:
                    continue
                seen.add(identity)
                nodes += 1
                if nodes > budget:
                    return Reach(stops, nodes - 1, False, gaps, kept)
                step: _Trail = (trail, action)
                if is_stop(after):
                    key = key_of(observed(after))
                    stops.setdefault(key, []).append(Reached(after, index, _unwind(step)))
                    if kept is not None:
                        kept.stop_keys[identity] = key
                    if key == target:
                        return Reach(stops, nodes, True, gaps, kept)
                else:
                    todo.append((after, step, depth + 1, identity))
    return Reach(stops, nodes, not deep, gaps, kept)


# ---- the implementation's side ------------------------------------------------------------------


class Player(Implementation, Protocol):
    """An implementation that can play its own decisions (the ``play`` area) and, optionally, list
    every stop its rules reach from where it stands (the ``outcomes`` area)."""

    def play(self, seed: int) -> None:
        """Take the pending decisions by the implementation's own policy (seeded) up to its next
        stop."""
        ...

    def outcomes(self) -> list[JSON]:
        """Every observation the implementation's rules reach at the next stop from where it stands
        (any order), without changing the game. Raises NotImplementedError without the area."""
        ...


# ---- one game -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OutcomeDivergence:
    """What outcome mode found wrong: ``kind`` is ``unreachable`` (the implementation stands where the
    reference cannot go), ``missing`` (the reference reaches a stop the implementation does not list)
    or ``refused`` (the implementation refused a chance outcome). ``stop`` counts the stops reached
    before it; ``path`` is the decisions (and chance outcomes) from the start of the game or position
    to the nearest reference stop, replayable on the reference; ``differences`` the differing fields
    (JSON Pointer, reference value, implementation value); ``account`` the reference's log of the
    step where they part."""

    kind: str
    stop: int
    rule: str
    rule_source: str
    rule_note: str
    message: str
    differences: tuple[tuple[str, JSON, JSON], ...]
    path: tuple[JSON, ...]
    account: tuple[str, ...]
    implementation: JSON
    reference: JSON


@dataclass
class GameStats:
    """What one game cost: stops compared, decision stops searched (and how many the budget cut
    short), converse checks made, reference states searched, seconds searching."""

    stops: int = 0
    turns: int = 0
    cut: int = 0
    converse: int = 0
    nodes: int = 0
    search_seconds: float = 0.0
    undecided: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Frontier:
    """A reference state the implementation may stand in, with the actions from the game's start."""

    state: State
    path: tuple[Action, ...]


def play_game(
    impl: Player,
    setup: Setup,
    seed: int,
    *,
    start: Position | None = None,
    composed: tuple[str, ...] = (),
    budget: int = DEFAULT_BUDGET,
    converse_every: int = 0,
    max_stops: int = 1_000,
    keep_going: bool = False,
    can_load: bool = False,
    into: list[OutcomeDivergence] | None = None,
) -> tuple[GameStats, list[OutcomeDivergence]]:
    """Play one game in outcome mode (see the module docstring). ``seed`` draws the chance outcomes
    and the implementation's play seeds and picks the turns checked both ways (each with chance
    1/``converse_every``; 0: never). The game ends at its first divergence unless ``keep_going``:
    then a missing option is noted and play goes on, and after an unreachable stop the implementation
    is moved (``load``, when ``can_load``) to the nearest stop the reference reaches, so a later fault
    is still found; one divergence per rule is kept. Exceptions the implementation raises propagate;
    the divergences found before are then in ``into`` when given (they are appended there as found)."""
    rng = random.Random(seed)
    stats = GameStats()
    found_rules: set[str] = set()
    divergences: list[OutcomeDivergence] = into if into is not None else []

    def note(divergence: OutcomeDivergence) -> None:
        if divergence.rule not in found_rules:
            found_rules.add(divergence.rule)
            divergences.append(divergence)

    if start is None:
        impl.new_game(to_json(setup))
        origin = new_game(setup)
    else:
        impl.load(to_json(start), composed)
        origin = from_position(start, composed)
    candidates: dict[bytes, list[_Frontier]] = {key_of(observed(origin)): [_Frontier(origin, ())]}
    while stats.stops < max_stops:
        theirs = normal(impl.observe())
        frontier = candidates.get(key_of(theirs), [])
        if not frontier:
            every = [f for group in candidates.values() for f in group]
            divergence, nearest = _unreachable(stats.stops, theirs, every, origin)
            note(divergence)
            if not (keep_going and can_load and at_sync_point(nearest.state)):
                return stats, divergences
            impl.load(to_json(public_position(nearest.state)), composed)
            frontier = [nearest]
        stats.stops += 1
        state = frontier[0].state
        if is_over(state):
            return stats, divergences
        if is_chance(state):
            outcome = sample(state, rng)
            refused = impl.apply(to_json(outcome))
            if isinstance(refused, Refused):
                note(_refused(stats.stops, outcome, refused, state, frontier[0].path))
                return stats, divergences
            candidates = {}
            for f in frontier:
                after = apply(f.state, outcome)
                candidates.setdefault(key_of(observed(after)), []).append(
                    _Frontier(after, (*f.path, outcome))
                )
            continue
        starts = [f.state for f in frontier]
        stats.turns += 1
        if converse_every and rng.randrange(converse_every) == 0:
            started = time.perf_counter()
            whole = reach(starts, min(budget, CONVERSE_BUDGET), graph=True)
            stats.search_seconds += time.perf_counter() - started
            stats.nodes += whole.nodes
            if whole.exhausted:
                stats.converse += 1
                missing = _missing(stats.stops, impl, whole, frontier, origin)
                for finding in missing if keep_going else missing[:1]:
                    note(finding)
                if missing and not keep_going:
                    return stats, divergences
        impl.play(rng.randrange(2**31))
        shown = normal(impl.observe())
        wanted = key_of(shown)
        started = time.perf_counter()
        found = reach(starts, budget, trades=False, target=wanted)
        if wanted not in found.stops:  # the implementation traded seals, or stands out of reach
            stats.nodes += found.nodes
            found = reach(starts, budget, target=wanted)
        stats.search_seconds += time.perf_counter() - started
        stats.nodes += found.nodes
        if wanted not in found.stops and not found.exhausted:
            stats.cut += 1
            stats.undecided.append(f"stop {stats.stops}: the search budget ({budget} states) ran out")
            capped = _over_a_cap(stats.stops, shown)  # no search needed to see that
            if capped is not None:
                note(capped)
            return stats, divergences
        candidates = {
            key: [_Frontier(r.state, (*frontier[r.start].path, *r.path)) for r in reached]
            for key, reached in found.stops.items()
        }
    return stats, divergences


CAPS: Final = (
    ("seals", SEAL_CAP, "SEALS.CAP"),
    ("food", RESOURCE_CAP, "RESOURCES.CAP"),
    ("iron", RESOURCE_CAP, "RESOURCES.CAP"),
    ("pearl", RESOURCE_CAP, "RESOURCES.CAP"),
)
"""Holdings no position can exceed, with their rule."""


def _over_a_cap(stop: int, theirs: JSON) -> OutcomeDivergence | None:
    """A holding of the implementation's position over its cap (:data:`CAPS`): a position no search
    is needed to refuse (checked when the search budget leaves the stop undecided)."""
    clans = theirs.get("clans") if isinstance(theirs, dict) else None
    for index, clan in enumerate(clans if isinstance(clans, list) else []):
        for holding, cap, rule in CAPS:
            held = clan.get(holding) if isinstance(clan, dict) else None
            if isinstance(held, int) and not isinstance(held, bool) and held > cap:
                return OutcomeDivergence(
                    kind="unreachable",
                    stop=stop,
                    rule=rule,
                    rule_source="invariant",
                    rule_note=f"no clan holds more than {cap} {holding}",
                    message=(
                        f"the implementation's clan {index} holds {held} {holding}, over the cap of {cap} "
                        "(the search budget ran out before the stop was decided)"
                    ),
                    differences=((f"/clans/{index}/{holding}", cap, held),),
                    path=(),
                    account=(),
                    implementation=theirs,
                    reference=None,
                )
    return None


def _diff(reference: JSON, implementation: JSON) -> list[tuple[str, JSON, JSON]]:
    return list(differences(normal(reference), normal(implementation)))


WHERE: Final = ("/phase", "/decision", "/round", "/turn")
"""Where the game stands: a stop that differs here is far, whatever else agrees."""


def _weight(pointer: str) -> int:
    return 1000 if pointer.startswith(WHERE) else 1


def _distance(found: Sequence[tuple[str, JSON, JSON]]) -> int:
    """How far two observations are: their differing fields, where the game stands counting most."""
    return sum(_weight(pointer) for pointer, _, _ in found)


def _nearest(theirs: JSON, candidates: Sequence[_Frontier]) -> tuple[_Frontier, list[tuple[str, JSON, JSON]]]:
    """The candidate whose observation is nearest ``theirs`` (:func:`_distance`; the first of equals)
    and their differences. A candidate's differences are walked only while it can still be nearer
    than the best so far."""
    theirs = normal(theirs)
    best: tuple[_Frontier, int] | None = None
    for candidate in candidates[:NEAREST_LIMIT]:
        distance = 0
        for pointer, _, _ in differences(normal(observed(candidate.state)), theirs):
            distance += _weight(pointer)
            if best is not None and distance >= best[1]:
                break
        else:
            if best is None or distance < best[1]:
                best = (candidate, distance)
    assert best is not None
    return best[0], _diff(observed(best[0].state), theirs)


def _replay(origin: State, path: Sequence[Action]) -> list[tuple[State, Action, State]]:
    """Each step of ``path`` from ``origin``: (before, action, after)."""
    steps = []
    state = origin
    for action in path:
        after = apply(state, action)
        steps.append((state, action, after))
        state = after
    return steps


def _account(before: State, action: Action, after: State) -> tuple[str, ...]:
    name = names_for(after.setup)
    return tuple(events_lines(after.events, name)) or (f"({type(action).__name__}: no event)",)


def _unreachable(
    stop: int, theirs: JSON, candidates: Sequence[_Frontier], origin: State
) -> tuple[OutcomeDivergence, _Frontier]:
    nearest, diffs = _nearest(theirs, candidates)
    steps = _replay(origin, nearest.path)
    # the turn that led there: the steps since the stop before the last one
    begin = max((i + 1 for i, (_, _, after) in enumerate(steps[:-1]) if is_stop(after)), default=0)
    attribution, at = _culprit(steps[begin:], diffs, theirs)
    account = _account(*steps[begin + at]) if steps else ()
    shown = ", ".join(p for p, _, _ in diffs[:5]) + (f" and {len(diffs) - 5} more" if len(diffs) > 5 else "")
    divergence = OutcomeDivergence(
        kind="unreachable",
        stop=stop,
        rule=attribution.rule,
        rule_source=attribution.source,
        rule_note=attribution.note,
        message=(
            f"the implementation stands where no legal decisions of the reference lead: the nearest "
            f"stop the reference reaches differs at {shown}"
        ),
        differences=tuple(diffs[:50]),
        path=tuple(to_json(a) for a in nearest.path),
        account=account,
        implementation=theirs,
        reference=observed(nearest.state),
    )
    return divergence, nearest


REMOVING: Final = (ev.BoardCleared, ev.CardTaken, ev.RivalRoomCard)
"""Events that take something off the board: what explains an implementation still showing it."""


def _culprit(
    steps: Sequence[tuple[State, Action, State]], diffs: Sequence[tuple[str, JSON, JSON]], theirs: JSON
) -> tuple[Attribution, int]:
    """The rule behind an unreachable stop, and the step of the nearest path it comes from: a source
    of the turn whose gains the implementation's holdings lack (attribution.explained, over the whole
    turn's events); else an invariant the implementation's observation breaks; else, of the
    reference's events along the path
    that changed a differing field, the rule applied least often in play (the most specific: a die
    stacked on another rather than any placement's coin difference; the board cleared at the end of
    the round rather than a die placed; where the reference has nothing and the implementation has
    something, only an event that took it away); else the rule of the last decision."""
    pointers = [p for p, _, _ in diffs]
    removed = {p for p, ours, _ in diffs if ours is ABSENT}
    if not steps:
        return Attribution("TURN.DECISION", "decision", "the implementation's start differs"), 0
    last = len(steps) - 1
    before, action, after = steps[last]
    # a clan's holdings differ by what one source of the turn gave (a light block, a Lantern...):
    # first, as an invariant checked against the last step alone misreads what earlier steps gave
    impl = state_from_observation(theirs, after, steps[0][0])
    turn = [e for _, _, stepped in steps for e in stepped.events]
    for pointer in pointers[:10]:
        source = explained(steps[0][0], None, after, impl, pointer, events=turn)
        if source is not None:
            cites = (i for i, (_, _, s) in enumerate(steps) if any(source.rule in e.rules for e in s.events))
            return source, next(cites, last)
    found = attribute(before, action, after, theirs, pointers[0] if pointers else "")
    if found.source == INVARIANT:
        return found, last
    frequency = rule_frequency()
    best: tuple[float, int, str, str] | None = None
    for index, (_, _, stepped) in enumerate(steps):
        for pointer in pointers[:10]:
            for event in touching(stepped, pointer):
                if pointer in removed and not isinstance(event, REMOVING):
                    continue
                rule = min(event.rules, key=lambda r: frequency.get(r, 0.0))
                score = (frequency.get(rule, 0.0), -index)
                if best is None or score < (best[0], -best[1]):
                    best = (
                        score[0],
                        index,
                        rule,
                        f"the reference's {type(event).__name__} changed {pointer}",
                    )
    if best is None:
        return Attribution(
            decision_rule(before), "decision", "no event of the reference changed the field"
        ), last
    return Attribution(best[2], EVENT, best[3]), best[1]


def _refused(
    stop: int, outcome: Action, refused: Refused, state: State, path: tuple[Action, ...]
) -> OutcomeDivergence:
    rule = decision_rule(state)
    return OutcomeDivergence(
        kind="refused",
        stop=stop,
        rule=rule,
        rule_source="decision",
        rule_note="the chance outcome the reference accepts",
        message=f"the implementation refused the chance outcome {type(outcome).__name__} citing {refused.rule}: {refused.reason}",
        differences=(),
        path=tuple(to_json(a) for a in (*path, outcome)),
        account=(),
        implementation={"rule": refused.rule, "reason": refused.reason},
        reference=None,
    )


MISSING_CLASSES: Final = 4
"""Option classes a converse check names at most: each missing option class found is its own finding,
so that one fault leaving out many stops (seal trades) does not hide another (a stop before a
checkpoint)."""


def _missing(
    stop: int, impl: Player, found: Reach, frontier: Sequence[_Frontier], origin: State
) -> list[OutcomeDivergence]:
    """The converse check. A stop the implementation lists that the reference cannot reach is a
    wrong result (reported as unreachable, alone); a stop the reference reaches that the
    implementation never lists is a missing option: the option classes whose removal from the
    reference explains the missing stops are found one after the other (the one explaining the most
    first, then among the stops left unexplained, at most MISSING_CLASSES), each named at the step of
    its shortest missing path that takes it; when no class explains them, at the decision where the
    reference's path leaves every path to a stop the implementation lists (the longest shared
    prefix)."""
    listed = impl.outcomes()
    theirs = {key_of(normal(o)): normal(o) for o in listed}
    extra = [k for k in theirs if k not in found.stops]
    if extra:
        candidates = [
            _Frontier(r.state, (*frontier[r.start].path, *r.path)) for rs in found.stops.values() for r in rs
        ]
        return [_unreachable(stop, theirs[extra[0]], candidates, origin)[0]]
    absent = [r for k in found.stops if k not in theirs for r in found.stops[k]]
    if not absent:
        return []
    starts = [f.state for f in frontier]
    missing_keys = {k for k in found.stops if k not in theirs}
    classes = {option_class(a) for r in absent[:PAIR_LIMIT] for a in r.path}
    removals: dict[str, set[bytes] | None] = {}
    out: list[OutcomeDivergence] = []
    left = set(missing_keys)
    while left and len(out) < MISSING_CLASSES:
        culprit = _explaining_class(starts, found, set(theirs), left, classes, DEFAULT_BUDGET, removals)
        if culprit is None:
            break
        removed = removals[culprit] or set()
        explained = [
            r
            for k in sorted(left & removed)
            for r in found.stops[k]
            if any(option_class(a) == culprit for a in r.path)
        ]
        out.append(_missing_finding(stop, explained or absent, culprit, found, theirs, frontier, len(absent)))
        left -= removed
        classes.discard(culprit)
    if not out:
        out.append(_missing_finding(stop, absent, None, found, theirs, frontier, len(absent)))
    return out


def _missing_finding(
    stop: int,
    candidates: Sequence[Reached],
    culprit: str | None,
    found: Reach,
    theirs: dict[bytes, JSON],
    frontier: Sequence[_Frontier],
    absent: int,
) -> OutcomeDivergence:
    """The finding for one missing option class (``culprit``; None: unexplained), from its shortest
    missing path among ``candidates``."""
    shared = [r for k in theirs for r in found.stops.get(k, [])]
    missing = min(candidates, key=lambda r: len(r.path))
    steps = _replay(frontier[missing.start].state, missing.path)
    split = next((i for i, (_, a, _) in enumerate(steps) if option_class(a) == culprit), None)
    if split is None:  # the first decision after which no stop the implementation lists can be reached
        good = _leads_to(frontier[missing.start].state, set(theirs))
        split = next((i for i, (_, _, after) in enumerate(steps) if not good(after)), len(steps) - 1)
    before, action, after = steps[split]
    other = max(
        (r for r in shared if r.start == missing.start),
        key=lambda r: _common(missing.path, r.path),
        default=None,
    )
    rule, source, note = _option_rule(before, action, after)
    ours = observed(missing.state)
    near = observed(other.state) if other is not None else None
    diffs = _diff(ours, near) if near is not None else []
    return OutcomeDivergence(
        kind="missing",
        stop=stop,
        rule=rule,
        rule_source=source,
        rule_note=note,
        message=(
            f"the reference reaches stops the implementation never lists ({absent} of "
            f"{len(found.stops)}): at decision {split + 1} of the turn the reference takes "
            f"{type(action).__name__}, which no turn the implementation lists takes there"
        ),
        differences=tuple(diffs[:50]),
        path=tuple(to_json(a) for a in (*frontier[missing.start].path, *missing.path)),
        account=_account(before, action, after),
        implementation=near,
        reference=ours,
    )


def option_class(action: Action) -> str:
    """The class of an option, for finding which options an implementation leaves out: its type,
    with the order of icons split into the first pending icon and any other."""
    if isinstance(action, Next):
        return "Next(first)" if action.index == 0 else "Next(other)"
    return type(action).__name__


def _explaining_class(
    starts: Sequence[State],
    found: Reach,
    listed: set[bytes],
    missing: set[bytes],
    classes: set[str],
    budget: int,
    removals: dict[str, set[bytes] | None],
) -> str | None:
    """The class of options whose removal from the reference best explains the implementation's
    stops: it removes the most ``missing`` stops and the fewest listed ones (None: no class removes a
    larger share of the missing stops than of the listed ones: taking every placement away removes
    every stop, which explains nothing). ``removals`` keeps, per class, the stops its removal takes away (None: the search
    without it was cut by the budget), so a second call searches no class twice."""
    best: tuple[float, str] | None = None
    for name in sorted(classes):
        if name not in removals and found.graph is not None:
            removals[name] = set(found.stops) - without_class(found.graph, name)
        elif name not in removals:
            without = reach(starts, budget, without=name)
            removals[name] = set(found.stops) - without.stops.keys() if without.exhausted else None
        gone = removals[name]
        if gone is None:
            continue
        removed = len(missing & gone) / len(missing)
        lost = len(listed & gone) / max(1, len(listed))
        score = removed - lost
        if score > 0 and (best is None or score > best[0]):
            best = (score, name)
    return best[1] if best is not None else None


def _leads_to(start: State, listed: set[bytes]) -> Callable[[State], bool]:
    """Whether a state of the turn from ``start`` can still reach a stop the implementation lists
    (memoised over the turn's states)."""
    memo: dict[bytes, bool] = {}

    def good(state: State) -> bool:
        identity = state_key(state)
        known = memo.get(identity)
        if known is not None:
            return known
        if is_stop(state):
            result = key_of(observed(state)) in listed
        else:
            result = any(good(apply(state, action)) for action in legal_actions(state))
        memo[identity] = result
        return result

    return good


def _common(a: Sequence[Action], b: Sequence[Action]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _option_rule(before: State, action: Action, after: State) -> tuple[str, str, str]:
    """The rule of an option the implementation never takes: the order of icons is its decision's
    rule; otherwise the first rule of what the option did in the reference (a stop before a
    checkpoint: TIME.STOP; a seal trade: SEALS.TRADE_COIN or SEALS.TRADE_RESOURCE), else the decision's rule."""
    if isinstance(action, Next):
        return decision_rule(before), "decision", "the order of the icons is the clan's choice"
    for event in after.events:
        if event.rules:
            return event.rules[0], "event", f"what the option does in the reference ({type(event).__name__})"
    return decision_rule(before), "decision", "the rule of the decision that offers the option"


__all__ = [
    "DEFAULT_BUDGET",
    "GameStats",
    "OutcomeDivergence",
    "Player",
    "Reach",
    "Reached",
    "is_stop",
    "key_of",
    "normal",
    "play_game",
    "reach",
]
