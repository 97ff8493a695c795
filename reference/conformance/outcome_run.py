"""``wcref verify --mode outcome``: outcome mode over vectors and generated games, every finding kept
and grouped by rule (:mod:`reference.conformance.outcome` does one game).

- **Games**: ``games`` seeded games over the setups the implementation supports (and the filters
  allow); each game is played by the implementation itself (``play``) and compared at every stop;
  one turn in ``converse`` is also checked the other way (``outcomes``).
- **Vectors**: each vector whose start the implementation can reach (its setup, or its position with
  ``load_position``) is checked by outcome: the stops the vector's actions reach on the reference
  must be among the implementation's ``outcomes`` at each stop (the implementation is moved to each
  stop by ``load`` of its position), and where the vector ends in the middle of a turn every stop the
  reference can still reach from there must be listed. Expectations in the middle of a turn cannot be
  checked at this level (they are counted).
- **Keep going**: every finding is kept (one per game or vector at most: a game stops at its first),
  grouped by rule ID with its count and the shortest replayable case; ``known`` deviations (a rule ID
  and optionally a JSON Pointer prefix) are reported as known, not failures.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Sequence
from typing import Final

import msgspec

from reference import wire
from reference.book.vectors import Vector
from reference.conformance.adapter import JSON, ImplementationError, to_json
from reference.conformance.compare import differences, under
from reference.conformance.harness import bounded, bounded_text
from reference.conformance.outcome import (
    DEFAULT_BUDGET,
    OutcomeDivergence,
    Player,
    is_stop,
    key_of,
    normal,
    observed,
    play_game,
    reach,
)
from reference.engine import apply, is_chance, new_game
from reference.errors import IllegalAction, RulesGap
from reference.model import Setup, State
from reference.position import Position, at_sync_point, from_position, position


class Known(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An accepted deviation: findings naming ``rule`` (and, when given, with a differing field under
    ``pointer``) are reported as known, not failures."""

    rule: str
    pointer: str | None = None
    why: str = ""


class KnownFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The ``--known`` file: ``{"known": [{"rule": ..., "pointer": ..., "why": ...}]}``."""

    known: tuple[Known, ...]


class Finding(msgspec.Struct, kw_only=True):
    """One case that diverged: where (``case``), how it started (``setup``; ``start`` and ``composed``
    when from a position), what was found (see OutcomeDivergence) and whether it is ``known``."""

    case: str
    setup: JSON
    start: JSON = None
    composed: tuple[str, ...] = ()
    kind: str
    stop: int
    rule: str
    rule_source: str
    rule_note: str
    message: str
    differences: list[tuple[str, JSON, JSON]]
    path: list[JSON]
    account: list[str]
    known: bool = False


class Group(msgspec.Struct, kw_only=True):
    """The findings naming one rule: how many, which cases, and the shortest (``smallest``)."""

    rule: str
    count: int
    cases: list[str]
    smallest: Finding


class OutcomeReport(msgspec.Struct, kw_only=True):
    """What an outcome-mode run checked and found."""

    format: str = "wcref-outcome-report"
    version: int = 1
    implementation: str = ""
    games_requested: int = 0
    games_played: int = 0
    positions_requested: int = 0
    positions_played: int = 0
    vectors_run: int = 0
    vectors_skipped: int = 0
    vectors_unselected: int = 0
    vector_expectations_unchecked: int = 0
    lists_outcomes: bool = True
    stops: int = 0
    turns: int = 0
    converse: int = 0
    cut: int = 0
    nodes: int = 0
    search_seconds: float = 0.0
    seconds: float = 0.0
    findings: list[Finding] = []
    groups: list[Group] = []
    undecided: list[str] = []
    failures: list[str] = []
    nothing_checked: str = ""
    ok: bool = False


def read_known(data: bytes) -> tuple[Known, ...]:
    """The deviations of a ``--known`` file; raises msgspec.ValidationError / DecodeError."""
    return msgspec.json.decode(data, type=KnownFile).known


def _is_known(finding: Finding, known: Sequence[Known]) -> bool:
    """Whether an entry of ``known`` accepts the finding: its rule, and with a pointer every differing
    field under it (a field outside it is something else wrong, not the accepted deviation)."""
    for entry in known:
        if entry.rule != finding.rule:
            continue
        if entry.pointer is None:
            return True
        fields = [p for p, _, _ in finding.differences]
        if fields and all(under(entry.pointer, p) for p in fields):
            return True
    return False


def _finding(
    case: str, setup: Setup, found: OutcomeDivergence, start: Position | None, composed: tuple[str, ...]
) -> Finding:
    return Finding(
        case=case,
        setup=to_json(setup),
        start=to_json(start) if start is not None else None,
        composed=composed,
        kind=found.kind,
        stop=found.stop,
        rule=found.rule,
        rule_source=found.rule_source,
        rule_note=found.rule_note,
        message=bounded_text(found.message),
        # values that come from the implementation are kept to MAX_VALUE bytes each, as in lockstep
        differences=[
            (bounded_text(p), bounded(ours), bounded(theirs)) for p, ours, theirs in found.differences
        ],
        path=list(found.path),
        account=list(found.account),
    )


def run_outcome(
    impl: Player,
    setups: Sequence[Setup],
    vectors: Sequence[Vector],
    *,
    games: int,
    seed: int,
    converse: int = 5,
    budget: int = DEFAULT_BUDGET,
    known: Sequence[Known] = (),
    keep_going: bool = True,
    on_case: Callable[[str], None] | None = None,
    max_stops: int = 1_000,
    positions: int = 0,
    long_moves: int = 2,
    max_failures: int = 5,
) -> OutcomeReport:
    """Run outcome mode (see the module docstring). ``setups`` are the games' setups (drawn in turn,
    each game's seed from ``seed``); ``vectors`` those the caller selected; ``positions`` games from
    generated positions, ``long_moves`` eighths of them on their setup's content made long-move
    content (every Influence icon longer: a move can cross two checkpoints). Without ``keep_going``
    the run stops at the first finding that is not known; after ``max_failures`` implementation
    failures (crashes, hangs, refused requests) it stops too."""
    started = time.perf_counter()
    report = OutcomeReport(games_requested=games, positions_requested=positions)
    name, areas = impl.hello()
    report.implementation = name
    can_load = "load_position" in areas
    # without the outcomes request no turn is checked both ways and a vector's stops cannot be asked
    report.lists_outcomes = "outcomes" in areas
    if not report.lists_outcomes:
        converse = 0

    def found(finding: Finding) -> bool:
        finding.known = _is_known(finding, known)
        report.findings.append(finding)
        return not finding.known and not keep_going

    stop_now = False
    for vector in vectors:
        if len(report.failures) >= max_failures:
            break
        if vector.start is not None and not can_load:
            report.vectors_skipped += 1
            continue
        report.vectors_run += 1
        try:
            result = _vector(impl, vector, budget, can_load, report.lists_outcomes)
        except ImplementationError as exc:
            report.failures.append(_failure(f"vector {vector.id}", exc))
            continue
        except Exception as exc:  # an in-process implementation failed
            report.failures.append(
                f"vector {vector.id}: the implementation raised {type(exc).__name__}: {exc}"
            )
            continue
        unchecked, divergence = result
        report.vector_expectations_unchecked += unchecked
        if divergence is not None and found(
            _finding(f"vector {vector.id}", vector.setup, divergence, vector.start, vector.composed)
        ):
            stop_now = True
            break
        if on_case is not None:
            on_case("vectors")

    def play(
        label: str, setup: Setup, game_seed: int, start: Position | None, converse_every: int, stops: int
    ) -> tuple[list[OutcomeDivergence] | None, bool]:
        """One game (from ``start`` when given) counted into the report: its divergences (None when
        the implementation failed: those found before the failure are kept in the report) and whether
        the failure was that it could not start."""
        kept: list[OutcomeDivergence] = []
        try:
            stats, divergences = play_game(
                impl,
                setup,
                game_seed,
                start=start,
                budget=budget,
                converse_every=converse_every,
                keep_going=keep_going or bool(known),  # a known deviation does not end its game
                can_load=can_load,
                max_stops=stops,
                into=kept,
            )
        except ImplementationError as exc:
            report.failures.append(_failure(label, exc))
            for divergence in kept:
                found(_finding(label, setup, divergence, start, ()))
            return None, exc.kind == "start"
        except Exception as exc:  # an in-process implementation failed
            report.failures.append(f"{label}: the implementation raised {type(exc).__name__}: {exc}")
            for divergence in kept:
                found(_finding(label, setup, divergence, start, ()))
            return None, False
        report.stops += stats.stops
        report.turns += stats.turns
        report.converse += stats.converse
        report.cut += stats.cut
        report.nodes += stats.nodes
        report.search_seconds += stats.search_seconds
        report.undecided += [f"{label}: {u}" for u in stats.undecided]
        if stats.turns and stats.cut == stats.turns and not divergences:  # not one turn was decided
            return None, False
        return divergences, False

    rng = random.Random(seed)
    for index in range(games if not stop_now and setups else 0):
        if len(report.failures) >= max_failures:
            break
        setup = setups[index % len(setups)]
        game_seed = rng.randrange(2**31)
        label = f"game {index} ({_label(setup)}, seed {game_seed})"
        divergences, cannot_start = play(label, setup, game_seed, None, converse, max_stops)
        if cannot_start:
            break
        if divergences is None:
            continue
        report.games_played += 1
        if on_case is not None:
            on_case("games")
        if any(found(_finding(label, setup, d, None, ())) for d in divergences):  # up to the first unknown
            break
    if positions and can_load and setups and not stop_now:
        for index, start in enumerate(generated_positions(setups, positions, seed, long_moves)):
            if len(report.failures) >= max_failures:
                break
            label = f"position {index} ({_label(start.setup)})"
            divergences, _ = play(label, start.setup, seed + index, start, 1, POSITION_STOPS)
            if divergences is None:
                continue
            report.positions_played += 1
            if any(found(_finding(label, start.setup, d, start, ())) for d in divergences):
                break
    report.groups = _groups(report.findings)
    report.seconds = time.perf_counter() - started
    nothing = report.vectors_run == 0 and report.games_played == 0 and report.positions_played == 0
    if nothing and not report.failures:  # an implementation failing every case is a failure, not nothing
        report.nothing_checked = (
            "nothing was checked in outcome mode: "
            + (f"{report.vectors_skipped} vectors need load_position; " if report.vectors_skipped else "")
            + (
                f"{len(vectors)} vectors selected (--run/--skip/--area/--players/--bot); "
                if not vectors
                else ""
            )
            + (
                "--games 0"
                if games == 0
                else f"every game was cut by the search budget at its first turn ({len(report.undecided)} stops undecided: --budget)"
                if report.undecided
                else "no setup to play"
            )
        )
    report.ok = not report.nothing_checked and not report.failures and all(f.known for f in report.findings)
    return report


POSITION_STOPS: Final = 4
"""Stops played from a generated position (its rare situation shows in the first turns); every turn
from a position is checked both ways."""


def generated_positions(
    setups: Sequence[Setup], count: int, seed: int, long_moves: int = 2
) -> list[Position]:
    """``count`` public positions drawn by the property suite's strategy
    (:func:`properties.positions.positions`: a game prefix, then edits towards rare situations: an
    empty castle deck, seals just before a checkpoint, a move crossing two checkpoints, a full Daimyo
    card, the bot's deck nearly done), from the given setups (``long_moves`` eighths of them on
    their content made long-move content, :func:`properties.positions.with_long_moves`), reproducibly from ``seed``."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hypothesis_seed
    from hypothesis import strategies as st

    from properties.positions import positions as position_strategy
    from properties.positions import with_long_moves
    from reference.searches import without_local_constants

    drawn: list[Position] = []

    @hypothesis_seed(seed)
    @settings(
        max_examples=count,
        phases=[Phase.generate],
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(position_strategy(setups=with_long_moves(st.sampled_from(list(setups)), long_moves)))
    def draw(position: Position) -> None:
        drawn.append(position)

    with without_local_constants():  # the same positions for a seed whatever modules are loaded
        draw()
    return drawn[:count]


def _label(setup: Setup) -> str:
    if setup.solo is not None:
        return f"solo vs {setup.solo.rival.value} {setup.solo.difficulty.value}"
    return f"{setup.players} clans"


def _groups(findings: Sequence[Finding]) -> list[Group]:
    by_rule: dict[str, list[Finding]] = {}
    for finding in findings:
        by_rule.setdefault(finding.rule, []).append(finding)
    return [
        Group(
            rule=rule,
            count=len(items),
            cases=[f.case for f in items[:20]],
            smallest=min(items, key=lambda f: len(f.path)),
        )
        for rule, items in sorted(by_rule.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    ]


# ---- vectors by outcome -------------------------------------------------------------------------


def _vector(
    impl: Player, vector: Vector, budget: int, can_load: bool, can_list: bool = True
) -> tuple[int, OutcomeDivergence | None]:
    """Check a vector by outcome; returns (expectations not checkable at this level, divergence).
    Without ``can_list`` (no ``outcomes`` request) only the results of chance outcomes are checked."""
    if vector.start is None:
        impl.new_game(to_json(vector.setup))
        state = new_game(vector.setup)
    else:
        impl.load(to_json(vector.start), vector.composed)
        state = from_position(vector.start, vector.composed)
    unchecked = 0
    segment_start = state
    stop = 0
    for index, step in enumerate(vector.steps):
        try:
            after = apply(state, step.action)
        except (IllegalAction, RulesGap):
            unchecked += len(step.expect) + 1  # a refusal in the middle of a turn is not asked here
            continue
        if is_chance(state):  # a chance outcome: both sides take it
            refused = impl.apply(to_json(step.action))
            if refused is not None:
                return unchecked, _vector_divergence(
                    vector,
                    stop,
                    "refused",
                    f"the implementation refused the chance outcome citing {refused.rule}",
                    segment_start,
                    after,
                )
            theirs = normal(impl.observe())
            if key_of(theirs) != key_of(observed(after)):  # the chance outcome's result is a stop too
                found = tuple(differences(observed(after), theirs))[:50]
                after_chance = _vector_divergence(
                    vector,
                    stop,
                    "unreachable",
                    f"after the chance outcome the implementation shows another position (at {found[0][0]})"
                    if found
                    else "after the chance outcome the implementation shows another position",
                    segment_start,
                    after,
                )
                return unchecked, dataclasses.replace(after_chance, differences=found, implementation=theirs)
            state, segment_start = after, after
            continue
        state = after
        if not can_list:  # the implementation cannot be asked, nor moved past a decision: done
            return unchecked + sum(len(s.expect) for s in vector.steps[index:]), None
        if is_stop(state):
            stop += 1
            divergence = _check_listed(impl, segment_start, [state], vector, stop)
            if divergence is not None:
                return unchecked, divergence
            if not can_load or not at_sync_point(state):  # it cannot be moved to this stop: done
                return unchecked + sum(len(s.expect) for s in vector.steps[index + 1 :]), None
            impl.load(to_json(position(state)), vector.composed)
            segment_start = state
        else:
            unchecked += len(step.expect)
    if can_list and not is_stop(state):  # the vector ends mid-turn: every continuation must be listed
        onward = reach([state], budget)
        if onward.exhausted:
            stop += 1
            return unchecked, _check_listed(
                impl, segment_start, [r[0].state for r in onward.stops.values()], vector, stop
            )
    return unchecked, None


def _check_listed(
    impl: Player, start: State, wanted: Sequence[State], vector: Vector, stop: int
) -> OutcomeDivergence | None:
    """Every stop of ``wanted`` must be among the implementation's outcomes from where it stands."""
    listed = {key_of(normal(o)) for o in impl.outcomes()}
    for state in wanted:
        if key_of(observed(state)) not in listed:
            rule = vector.rules[0] if vector.rules else "TURN.DECISION"
            return OutcomeDivergence(
                kind="missing",
                stop=stop,
                rule=rule,
                rule_source="vector",
                rule_note=f"vector {vector.id} checks {', '.join(vector.rules)}",
                message=f"the implementation never reaches the stop vector {vector.id} reaches",
                differences=(),
                path=tuple(to_json(s.action) for s in vector.steps),
                account=(),
                implementation=None,
                reference=observed(state),
            )
    return None


def _accepted(vector: Vector) -> tuple[JSON, ...]:
    """The vector's actions the reference accepts, in order (its refused probes left out): a path
    that ``wcref replay`` replays from the vector's start."""
    state = new_game(vector.setup) if vector.start is None else from_position(vector.start, vector.composed)
    out: list[JSON] = []
    for step in vector.steps:
        try:
            state = apply(state, step.action)
        except (IllegalAction, RulesGap):
            continue
        out.append(to_json(step.action))
    return tuple(out)


def _vector_divergence(
    vector: Vector, stop: int, kind: str, message: str, start: State, after: State
) -> OutcomeDivergence:
    rule = vector.rules[0] if vector.rules else "TURN.DECISION"
    return OutcomeDivergence(
        kind=kind,
        stop=stop,
        rule=rule,
        rule_source="vector",
        rule_note=f"vector {vector.id} checks {', '.join(vector.rules)}",
        message=message,
        differences=(),
        path=_accepted(vector),
        account=(),
        implementation=None,
        reference=to_json(wire.observe(after)),
    )


def summary(report: OutcomeReport) -> list[str]:
    """The run as readable lines (bounded: every group, the first findings)."""
    per_turn = report.search_seconds / report.turns * 1000 if report.turns else 0.0
    lines = [
        f"implementation: {report.implementation} (outcome mode)",
        f"vectors: {report.vectors_run} run by outcome, {report.vectors_skipped} skipped (need load_position), "
        + (
            f"{report.vectors_unselected} not selected (--run/--skip/--area/--players/--bot), "
            if report.vectors_unselected
            else ""
        )
        + f"{report.vector_expectations_unchecked} mid-turn expectations not checkable by outcome",
        f"games: {report.games_played} of {report.games_requested}, {report.positions_played} from generated "
        f"positions; {report.stops} stops, {report.turns} turns "
        f"searched ({report.converse} both ways, {report.cut} cut by the budget); {report.nodes} reference "
        f"states, {per_turn:.1f} ms per turn; {report.seconds:.1f} s",
    ]
    for group in report.groups:
        known = sum(1 for f in report.findings if f.rule == group.rule and f.known)
        tag = f" ({known} known)" if known else ""
        lines.append(
            f"  [{group.rule}] {group.count} case(s){tag}: {group.smallest.case}: {group.smallest.message}"
        )
        for pointer, ours, theirs in group.smallest.differences[:3]:
            lines.append(f"      {pointer}: reference {_short(ours)}, implementation {_short(theirs)}")
        for line in group.smallest.account[:4]:
            lines.append(f"      | {line}")
    if not report.lists_outcomes:
        lines.append(
            "  the implementation does not claim outcomes: no turn was checked both ways, and a vector's "
            "stops after decisions were not checked (only chance outcomes)"
        )
    if report.positions_requested and not report.positions_played and not report.failures:
        lines.append(
            f"  {report.positions_requested} generated positions asked for, none played: they need "
            "load_position, which the implementation does not claim"
        )
    for failure in report.failures[:10]:
        lines.append(f"  failure: {failure}")
    if report.undecided:
        lines.append(f"  undecided (search budget): {len(report.undecided)} stop(s)")
    if report.nothing_checked:
        lines.append(f"result: NOTHING CHECKED ({report.nothing_checked})")
    else:
        failing = [g for g in report.groups if any(not f.known for f in report.findings if f.rule == g.rule)]
        tail = f", {len(report.groups) - len(failing)} known" if len(failing) < len(report.groups) else ""
        lines.append("result: " + ("PASS" if report.ok else f"FAIL ({len(failing)} rule(s){tail})"))
    return lines


def _failure(where: str, exc: ImplementationError) -> str:
    """A failure of the implementation as one report line: where, what, the last request sent and
    the end of its stderr (when known)."""
    text = f"{where}: {exc.kind}: {exc.detail}"
    if exc.last_request:
        text += f" (last request: {exc.last_request})"
    return text + stderr_note(exc)


def stderr_note(exc: ImplementationError) -> str:
    """``; its stderr ends: ...`` with the last STDERR_SHOWN characters of the implementation's
    stderr, or nothing when it wrote none."""
    tail = exc.stderr.strip()
    return f"; its stderr ends: {tail[-STDERR_SHOWN:]}" if tail else ""


STDERR_SHOWN: Final = 400
"""Characters of the end of the implementation's stderr shown in a failure line."""


def _short(value: JSON) -> str:
    text = msgspec.json.encode(value).decode()
    return text if len(text) <= 60 else text[:57] + "..."


__all__ = [
    "Finding",
    "Group",
    "Known",
    "OutcomeReport",
    "read_known",
    "run_outcome",
    "stderr_note",
    "summary",
]
