"""Lockstep mode past the first divergence (``wcref verify --keep-going``) and accepted deviations
(``--known``): which divergences a phase's search stops at, every divergence grouped by rule, and
the replayable case of each group.

**Searches.** Without keep-going a phase (the games, the positions) is one Hypothesis search that
stops at its first divergence not known and shrinks it, as it always did. With keep-going the phase
is searched again and again, one search per rule (:func:`hunt`): a search plays the same examples as
the one before (the same seed, and Hypothesis draws the same examples as long as they fare the
same), stops at the first divergence whose rule no earlier search stopped at, and shrinks it keeping
that rule (``--shrink-time`` for each rule). The last search stops at nothing: it plays every example
asked for and counts every divergence by rule. So a phase costs at most ``MAX_SHRUNK + 1`` searches;
rules past the first ``MAX_SHRUNK`` keep their smallest case unshrunk.

**Groups.** Every divergence reported (a vector's, a perft position's, one per divergent game or
position) counts under its rule (:class:`DivergenceGroup`): how many, in which phases, the first
cases, how many are known, and the smallest case with its replayable trace.

**Known.** A divergence is known when an entry of the ``--known`` file
(:class:`~reference.conformance.outcome_run.Known`, the format outcome mode reads) names its rule
and, when the entry has a ``pointer``, the divergence's field is that JSON Pointer or below it.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final, Protocol

import msgspec
from msgspec.structs import replace

from reference.conformance.adapter import JSON
from reference.conformance.compare import under
from reference.conformance.harness import Diverged, Divergence, Failure, Trace
from reference.conformance.outcome_run import Known

MAX_SHRUNK: Final = 10
"""Rules whose first case a keep-going phase shrinks (one search each); later rules are counted,
their smallest case unshrunk."""
MAX_CASES: Final = 20
"""Cases a group names (the first met); ``count`` counts them all."""
SHOWN_GROUPS: Final = 10
"""Groups printed in full (the report has them all)."""
PHASE_LABELS: Final = {"vector": "vector", "perft": "perft", "games": "game", "positions": "position"}
"""The label of a phase (a case kind of the report) in a case file's name."""

Key = tuple[int, ...]
"""How small a case is, within one phase (a game: steps, choices; a position: prefix and steps)."""


class DivergenceGroup(msgspec.Struct, kw_only=True):
    """The divergences naming one rule.

    ``count`` divergences (``known`` of them accepted by the ``--known`` file, ``why`` its reason),
    per phase in ``phases`` (``vector``, ``perft``, ``games``, ``positions``: how many in each),
    the first ``cases`` (distinct labels, at most MAX_CASES: games with the same setup and chance
    seed and other decisions share one); ``status`` is ``known`` when every one is known, else
    ``failed``. ``smallest`` is the group's smallest case (a failing one when any fails: the fewest
    steps; in the games and the positions the one shrunk, ``shrunk``), found in ``smallest_phase``;
    ``trace`` replays it on the reference (``wcref replay``: a ``wcref-trace`` or a
    ``wcref-position-trace``), or is None and ``untraced`` says why. ``trace_file`` is where
    ``--trace-out`` wrote it (empty: not written)."""

    rule: str
    status: str
    count: int
    known: int = 0
    why: str = ""
    phases: dict[str, int]
    cases: list[str]
    smallest: Divergence
    smallest_phase: str
    shrunk: bool = False
    trace: Trace | None = None
    untraced: str = ""
    trace_file: str = ""


def known_entry(known: Sequence[Known], divergence: Divergence) -> Known | None:
    """The first entry of ``known`` that accepts ``divergence`` (its rule, or for a vector the rule its
    difference points at, and its field under the entry's pointer when it has one), or None."""
    for entry in known:
        if entry.rule in (divergence.rule, divergence.cause) and (
            entry.pointer is None or under(entry.pointer, divergence.field)
        ):
            return entry
    return None


class Target:
    """Which divergences a search stops at (raises :class:`~reference.conformance.harness.Diverged`
    for, so that Hypothesis shrinks it). Never a known one. With ``one_rule`` (keep-going): the first
    whose rule is not in ``done``, then, while shrinking, only those of the same rule (``rule``);
    without it, any (a run without --keep-going, as before). ``enabled`` False: none (the last search
    of a keep-going phase, which counts)."""

    def __init__(
        self,
        known: Sequence[Known],
        *,
        done: Iterable[str] = (),
        one_rule: bool = False,
        enabled: bool = True,
    ) -> None:
        self.known = known
        self.done = frozenset(done)
        self.one_rule = one_rule
        self.enabled = enabled
        self.rule: str | None = None
        """The rule this search stopped at (None: not yet)."""

    def wants(self, divergence: Divergence) -> bool:
        """Whether the search stops at ``divergence`` (the first time it says yes, it fixes ``rule``)."""
        if not self.enabled or known_entry(self.known, divergence) is not None:
            return False
        if self.rule is None:
            if self.one_rule and divergence.rule in self.done:
                return False
            self.rule = divergence.rule
            return True
        return not self.one_rule or divergence.rule == self.rule


class _Entry:
    """One rule's divergences within a phase (see Tally)."""

    def __init__(self) -> None:
        self.count = 0
        self.known = 0
        self.why = ""
        self.cases: list[str] = []
        self.best: tuple[tuple[bool, Key], Divergence, Trace | None] | None = None
        self.shrunk = False


class Tally:
    """The divergences of one phase (``phase``: a case kind of the report), by rule, in the order
    their rules were first met."""

    def __init__(self, phase: str) -> None:
        self.phase = phase
        self.rules: dict[str, _Entry] = {}

    @property
    def count(self) -> int:
        """Divergences tallied."""
        return sum(e.count for e in self.rules.values())

    @property
    def known(self) -> int:
        """Known divergences tallied."""
        return sum(e.known for e in self.rules.values())

    def by_rule(self) -> dict[str, int]:
        """Divergences per rule."""
        return {rule: entry.count for rule, entry in self.rules.items()}

    def add(self, key: Key, divergence: Divergence, known: Known | None, replay: Trace | None = None) -> None:
        """Count ``divergence`` (``key``: how small its case is; ``known``: the entry accepting it;
        ``replay``: a replayable trace for it when its own ``trace`` is None)."""
        entry = self.rules.setdefault(divergence.rule, _Entry())
        entry.count += 1
        if known is not None:
            entry.known += 1
            entry.why = entry.why or known.why
        if len(entry.cases) < MAX_CASES and divergence.case not in entry.cases:
            entry.cases.append(divergence.case)
        rank = (known is not None, key)
        if entry.best is None or rank < entry.best[0]:
            entry.best = (rank, divergence, replay)

    def shrunk(self, divergence: Divergence) -> None:
        """``divergence`` is the shrunk case of its rule: it becomes the rule's smallest (counted
        once when the rule has no divergence tallied, as a search that stopped at it tallies none)."""
        entry = self.rules.get(divergence.rule)
        if entry is None:
            self.add((divergence.step,), divergence, None)
            entry = self.rules[divergence.rule]
        entry.best = ((False, ()), divergence, None)
        entry.shrunk = True

    def groups(self) -> list[DivergenceGroup]:
        """The phase's groups (see DivergenceGroup), in the order their rules were first met."""
        out: list[DivergenceGroup] = []
        for rule, entry in self.rules.items():
            assert entry.best is not None
            _, smallest, replay = entry.best
            trace = smallest.trace if smallest.trace is not None else replay
            out.append(
                DivergenceGroup(
                    rule=rule,
                    status="known" if entry.known == entry.count else "failed",
                    count=entry.count,
                    known=entry.known,
                    why=entry.why,
                    phases={self.phase: entry.count},
                    cases=list(entry.cases),
                    smallest=smallest,
                    smallest_phase=self.phase,
                    shrunk=entry.shrunk,
                    trace=trace,
                    untraced=""
                    if trace is not None
                    else f"{smallest.case}: no replayable trace (it started from a loaded position "
                    "and its actions were not kept)",
                )
            )
        return out


def merge(groups: Iterable[DivergenceGroup]) -> list[DivergenceGroup]:
    """The groups of every phase merged by rule: counts and phases added up, the first MAX_CASES
    cases, the smallest case the smallest failing one (fewest steps) when any fails. Ordered failing
    groups first, then by count (most first), then by rule."""
    merged: dict[str, DivergenceGroup] = {}
    for group in groups:
        have = merged.get(group.rule)
        if have is None:
            merged[group.rule] = replace(group, phases=dict(group.phases), cases=list(group.cases))
            continue
        have.count += group.count
        have.known += group.known
        have.why = have.why or group.why
        for phase, n in group.phases.items():
            have.phases[phase] = have.phases.get(phase, 0) + n
        have.cases = list(dict.fromkeys(have.cases + group.cases))[:MAX_CASES]
        if _rank(group) < _rank(have):
            have.smallest, have.smallest_phase, have.shrunk = (
                group.smallest,
                group.smallest_phase,
                group.shrunk,
            )
            have.trace, have.untraced = group.trace, group.untraced
        have.status = "known" if have.known == have.count else "failed"
    return sorted(merged.values(), key=lambda g: (g.status == "known", -g.count, g.rule))


def _rank(group: DivergenceGroup) -> tuple[bool, bool, int]:
    """Which group's smallest case to show: a failing one, a traced one, the fewest steps."""
    return (group.status == "known", group.trace is None, group.smallest.step)


# ---- one search of a phase ----------------------------------------------------------------------


class SearchRun:
    """One Hypothesis search of a phase's examples (see the module docstring): the divergences it
    stopped at (``found``, with their keys), those it met in its generate phase without stopping
    (``tally``), the examples played without divergence (``played``, ``steps``, ``by``: a count per
    label, ``edited``), the examples spent shrinking, the implementation's failures and the harness's
    errors. ``divergence``, ``failure`` and ``error`` are filled by harness.run_search."""

    def __init__(
        self,
        target: Target,
        phase: str,
        shrink_seconds: float,
        on_first: Callable[[Divergence], None] | None = None,
    ) -> None:
        self.target = target
        self.shrink_seconds = shrink_seconds
        self.on_first = on_first
        self.tally = Tally(phase)
        self.found: list[tuple[Key, Divergence]] = []
        self.failures: list[Failure] = []
        self.errors: list[str] = []
        self.first_found: float | None = None
        self.shrink_runs = 0
        self.played = 0
        self.steps = 0
        self.edited = 0
        self.by: Counter[str] = Counter()
        self.divergence: Divergence | None = None
        self.failure: Failure | None = None
        self.error = ""

    def idle(self) -> bool:
        """Whether an example returns at once: the search met an implementation failure or a harness
        error, or its shrink budget is spent."""
        if self.failures or self.errors:
            return True
        return self.first_found is not None and time.perf_counter() - self.first_found > self.shrink_seconds

    def judge(self, key: Key, divergence: Divergence | None) -> bool:
        """Take an example's outcome. Raises Diverged when the search stops at ``divergence``;
        returns True for an example of the generate phase the caller counts (played when
        ``divergence`` is None; else tallied here), False for an example spent shrinking."""
        if divergence is not None and self.target.wants(divergence):
            if self.first_found is None:
                self.first_found = time.perf_counter()
                if self.on_first is not None:
                    self.on_first(divergence)
            else:
                self.shrink_runs += 1
            self.found.append((key, divergence))
            raise Diverged
        if self.first_found is not None:
            self.shrink_runs += 1
            return False
        if divergence is not None:
            self.tally.add(key, divergence, known_entry(self.target.known, divergence))
        return True


class PhaseResult(Protocol):
    """What a searched phase's result (verify.GamesResult, positions.PositionsResult) records of its
    searches."""

    played: int
    steps: int
    shrink_runs: int
    searches: int
    divergence: Divergence | None
    failure: Failure | None
    error: str
    diverged: int
    known: int
    by_rule: dict[str, int]
    seconds: float


def record(
    result: PhaseResult, runs: Sequence[SearchRun], shrunk: Sequence[Divergence], seconds: float
) -> None:
    """Record a phase's searches (:func:`hunt`'s runs and shrunk divergences) into its result: the
    last search's counts, every search's shrinking, the first shrunk divergence."""
    final = runs[-1]
    result.played, result.steps = final.played, final.steps
    result.shrink_runs = sum(r.shrink_runs for r in runs)
    result.searches = len(runs)
    result.divergence = shrunk[0] if shrunk else None
    result.failure, result.error = final.failure, final.error
    result.diverged, result.known = final.tally.count, final.tally.known
    result.by_rule = final.tally.by_rule()
    result.seconds = seconds


def hunt(
    search: Callable[[Target], SearchRun], known: Sequence[Known], *, keep_going: bool
) -> tuple[list[SearchRun], list[Divergence]]:
    """Search a phase (``search`` runs one Hypothesis search for a Target): once without
    ``keep_going`` (stopping at the first divergence not known); with it, once per rule and a last
    time to count (see the module docstring). Returns every search run (the last one's ``tally``
    holds the phase's divergences, the shrunk ones marked) and the shrunk divergences, in the order
    found. A search that met an implementation failure or a harness error ends the phase."""
    runs: list[SearchRun] = []
    shrunk: list[Divergence] = []
    while True:
        target = Target(
            known,
            done=(d.rule for d in shrunk),
            one_rule=keep_going,
            enabled=not keep_going or len(shrunk) < MAX_SHRUNK,
        )
        run = search(target)
        runs.append(run)
        if run.divergence is not None:
            shrunk.append(run.divergence)
        if run.divergence is None or not keep_going or run.failure is not None or run.error:
            for divergence in shrunk:
                run.tally.shrunk(divergence)
            return runs, shrunk


# ---- output -------------------------------------------------------------------------------------


def file_rule(rule: str) -> str:
    """A rule ID as part of a file name: characters other than letters, digits, ``.``, ``_`` and
    ``-`` replaced by ``_``, at most 80 characters (``NO_RULE`` when empty)."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", rule)[:80] or "NO_RULE"


def case_file_name(index: int, group: DivergenceGroup) -> str:
    """The name of a group's case file: ``NN-RULE-phase.json`` (``-known`` before ``.json`` for a
    known group; characters other than letters, digits, ``.``, ``_`` and ``-`` in the rule are
    replaced by ``_``)."""
    rule = file_rule(group.rule)
    known = "-known" if group.status == "known" else ""
    return f"{index:02d}-{rule}-{PHASE_LABELS.get(group.smallest_phase, group.smallest_phase)}{known}.json"


def group_lines(groups: Sequence[DivergenceGroup], shown: int = SHOWN_GROUPS) -> list[str]:
    """The groups as readable lines: a heading, the first ``shown`` groups in full (their counts per
    phase, the smallest case's step, field, values and where its trace is), then the rest counted."""
    if not groups:
        return ["divergences by rule: none"]
    total = sum(g.count for g in groups)
    known = sum(g.known for g in groups)
    failing = sum(g.status == "failed" for g in groups)
    lines = [
        f"divergences by rule: {len(groups)} rule{'s' if len(groups) != 1 else ''} ({failing} failing), "
        f"{total} divergence{'s' if total != 1 else ''}" + (f" ({known} known)" if known else "")
    ]
    for index, group in enumerate(groups[:shown], 1):
        phases = ", ".join(f"{phase} {n}" for phase, n in group.phases.items())
        tag = "KNOWN" if group.status == "known" else "FAILED"
        extra = f", {group.known} known" if group.known and group.status != "known" else ""
        lines.append(f"  {index}. [{group.rule}] {tag}: {group.count} ({phases}{extra})")
        if group.why:
            lines.append(f"       known: {group.why}")
        d = group.smallest
        how = "shrunk" if group.shrunk else "smallest"
        lines.append(f"       {how}: {d.case}, step {d.step}: {d.field or '/'}: {d.message}")
        lines.append(f"       reference {_short(d.reference)}, implementation {_short(d.implementation)}")
        if group.trace_file:
            lines.append(f"       case: {group.trace_file}")
        elif group.untraced:
            lines.append(f"       {group.untraced}")
    rest = groups[shown:]
    if rest:
        named = ", ".join(f"{g.rule} ({g.count})" for g in rest[:shown])
        more = f" and {len(rest) - shown} more" if len(rest) > shown else ""
        lines.append(f"  ... {len(rest)} more rule(s), the report has them all: {named}{more}")
    return lines


def _short(value: JSON) -> str:
    text = msgspec.json.encode(value).decode()
    return text if len(text) <= 80 else text[:77] + "..."


def counts(groups: Mapping[str, int]) -> str:
    """``{rule: n}`` as ``RULE n, RULE n`` (most first)."""
    return ", ".join(f"{rule} {n}" for rule, n in sorted(groups.items(), key=lambda kv: (-kv[1], kv[0])))


__all__ = [
    "MAX_CASES",
    "MAX_SHRUNK",
    "SHOWN_GROUPS",
    "DivergenceGroup",
    "SearchRun",
    "Tally",
    "Target",
    "case_file_name",
    "counts",
    "group_lines",
    "hunt",
    "known_entry",
    "merge",
    "under",
]
