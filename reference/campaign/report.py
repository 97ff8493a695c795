"""The campaign report: ``report.json`` (the figures) and ``report.html`` (the same with plots).

Read only from the campaign database (:mod:`reference.campaign.store`):

- **games**: planned, recorded, by outcome (``ok``, ``unfinished``, ``broken``, ``gap``, ``crash``,
  ``diverged``), CPU seconds and games per CPU second;
- **rule coverage**: how often the games' events applied each register ID (the ``rules`` of every
  typed event), the IDs no game applied listed first, by section (every register entry is listed:
  rules, rulings and readings). An event names the rules its step applied; rules that hold of every
  state (counts of components, caps, printed values) or of the final scoring's categories are
  checked by the invariants and the scenarios rather than named by a step, and show here as never
  applied;
- **reachability**: the share of games reaching each rare situation
  (:data:`properties.machines.REACHED`);
- **per setup and policy**: games, failures, win rate of clan 0 (in a solo game: the player against
  the rival; in a multi-clan game: the first seat, a share of games won, ties counted as wins), the
  totals of clan 0 and of the other clans (quartiles), decisions per game;
- **failures** grouped by rule: how many, of which kinds, the first game's setup, policy and seed, its
  shrunk game (sizes before and after) and both traces, written beside the report as
  ``<stem>-failures/<RULE>.trace.json`` and ``<RULE>.shrunk.trace.json`` (``wcref replay`` reads them).

Plots are drawn with matplotlib (SVG, inlined: the page needs no network).
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import sqlite3
from collections import Counter, defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Final

import msgspec

from reference.campaign.plan import Plan
from reference.campaign.store import FILE, open_existing
from reference.rulebook import load_register

if TYPE_CHECKING:
    from matplotlib.figure import Figure

REPORT_VERSION: Final = 1

NEVER_NOTE: Final = (
    "An event names the rules its step applied. Rules that hold of every state (component counts, "
    "caps, printed values) and the final scoring's categories are checked by the invariants at every "
    "step and by the scenarios rather than named by a step's events, so they are listed as never "
    "named too; out_of_plan lists those of rules sections no setup of the plan plays."
)


MESSAGE_CUT: Final = 2_000
"""Characters of a failure's message kept in the report."""


def _file_name(rule: str) -> str:
    """A rule ID as a file name: itself when it is letters, digits, dots, underscores and hyphens (as
    register IDs are); otherwise those characters and a hash of the whole ID, so two IDs never share
    a file."""
    kept = "".join(c if c.isascii() and (c.isalnum() or c in "._-") else "_" for c in rule)[:80].strip(".")
    if kept == rule and kept:
        return kept
    return f"{kept or 'rule'}-{hashlib.sha256(rule.encode()).hexdigest()[:12]}"


def _cut(text: str) -> str:
    return text if len(text) <= MESSAGE_CUT else text[:MESSAGE_CUT] + f"... ({len(text):,} characters)"


class ReportError(Exception):
    """The report cannot be written (the message says where and why)."""


class SetupFigures(msgspec.Struct, kw_only=True):
    """The figures of one setup and policy (see the module docstring)."""

    setup: str
    policy: str
    games: int
    ended: int
    failed: int
    unfinished: int
    win_rate: float | None
    first_totals: tuple[float, float, float] | None
    other_totals: tuple[float, float, float] | None
    decisions_mean: float
    decisions_max: int


class Shrinking(msgspec.Struct, kw_only=True):
    """A rule's failure shrunk: the game's size before and after (actions; decisions not taking the
    first legal action), the shrunk game's message and its trace file (relative to the report)."""

    actions_before: int
    decisions_before: int
    actions_after: int
    decisions_after: int
    message: str
    trace_file: str


class FailureGroup(msgspec.Struct, kw_only=True):
    """The failures on one rule: how many games, their kinds, the shortest failing game (setup,
    policy, seed, the index of its failing action, the message, its trace file relative to the
    report) and its shrunk form (None when not shrunk: a divergence, or shrinking failed)."""

    rule: str
    games: int
    kinds: dict[str, int]
    setup: str
    policy: str
    seed: int
    step: int
    message: str
    trace_file: str
    shrunk: Shrinking | None


class Report(msgspec.Struct, kw_only=True):
    """The report's JSON (``report.json``)."""

    format: str = "wcref-campaign-report"
    version: int = REPORT_VERSION
    plan: Plan
    planned: int
    recorded: int
    outcomes: dict[str, int]
    complete: bool
    cpu_seconds: float
    games_per_cpu_second: float
    worker_processes: int
    """Distinct worker processes that recorded shards, over every session of the campaign."""
    rules: dict[str, int]
    never_exercised: list[str]
    """Register IDs no game's events named (see ``never_note``)."""
    never_by_section: dict[str, list[str]]
    out_of_plan: list[str]
    """The never-named IDs of sections no setup of the plan plays (the solo rules without a solo
    setup, the Gingkogawa bot's without a Gingkogawa setup)."""
    never_note: str
    reached: dict[str, float]
    setups: list[SetupFigures]
    failures: list[FailureGroup]


def _quartiles(values: list[int]) -> tuple[float, float, float] | None:
    if not values:
        return None
    ordered = sorted(values)

    def at(q: float) -> float:
        return float(ordered[min(len(ordered) - 1, math.floor(q * (len(ordered) - 1) + 0.5))])

    return (at(0.25), at(0.5), at(0.75))


def build(
    folder: Path,
) -> tuple[Report, dict[tuple[str, str], dict[str, list[int]]], dict[str, tuple[str, str | None]]]:
    """The report of the campaign in ``folder``; per (setup, policy), the raw series the plots use
    (``first``/``others``: totals; ``decisions``); per failing rule, the JSON of its shortest failing
    game's trace and of its shrunk trace. Raises StoreError when there is no campaign."""
    with open_existing(folder) as store:
        plan = store.plan()
        assert plan is not None
        db = store.db
        series: dict[tuple[str, str], dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
        counts: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
        outcomes: Counter[str] = Counter()
        for setup, policy, outcome, winners, totals, decisions in db.execute(
            "SELECT setup, policy, outcome, winners, totals, decisions FROM games"
        ):
            key = (str(setup), str(policy))
            outcomes[str(outcome)] += 1
            c = counts[key]
            c["games"] += 1
            s = series[key]
            s["decisions"].append(int(decisions))
            if outcome == "unfinished":
                c["unfinished"] += 1
            elif outcome != "ok":
                c["failed"] += 1
            if totals:
                c["ended"] += 1
                points = [int(t) for t in str(totals).split(",")]
                s["first"].append(points[0])
                s["others"].extend(points[1:])
                if "0" in str(winners).split(","):
                    c["won"] += 1
        rules = Counter(
            {str(r): int(n) for r, n in db.execute("SELECT rule, SUM(count) FROM rules GROUP BY rule")}
        )
        recorded = sum(outcomes.values())
        reached = {
            str(s): int(n) / recorded if recorded else 0.0
            for s, n in db.execute("SELECT situation, SUM(games) FROM reached GROUP BY situation")
        }
        cpu, workers = db.execute(
            "SELECT COALESCE(SUM(seconds), 0), COUNT(DISTINCT worker) FROM shards"
        ).fetchone()
        shrunk = {
            str(row[0]): row
            for row in db.execute(
                "SELECT rule, before_actions, before_decisions, after_actions, after_decisions, message, trace FROM shrunk"
            )
        }
        groups: list[FailureGroup] = []
        traces: dict[str, tuple[str, str | None]] = {}
        for rule, first_setup, first_policy, first_seed, step, message, trace in db.execute(
            """SELECT rule, setup, policy, seed, step, message, trace FROM failures f
               WHERE rowid = (SELECT rowid FROM failures g WHERE g.rule = f.rule ORDER BY step, seed LIMIT 1)"""
        ):
            kinds = {
                str(k): int(n)
                for k, n in db.execute(
                    "SELECT kind, COUNT(*) FROM failures WHERE rule = ? GROUP BY kind", (rule,)
                )
            }
            name = _file_name(str(rule))
            small = shrunk.get(str(rule))
            traces[str(rule)] = (str(trace), None if small is None else str(small[6]))
            groups.append(
                FailureGroup(
                    rule=str(rule),
                    games=sum(kinds.values()),
                    kinds=kinds,
                    setup=str(first_setup),
                    policy=str(first_policy),
                    seed=int(first_seed),
                    step=int(step),
                    message=_cut(str(message)),
                    trace_file=f"{name}.trace.json",
                    shrunk=None
                    if small is None
                    else Shrinking(
                        actions_before=int(small[1]),
                        decisions_before=int(small[2]),
                        actions_after=int(small[3]),
                        decisions_after=int(small[4]),
                        message=_cut(str(small[5])),
                        trace_file=f"{name}.shrunk.trace.json",
                    ),
                )
            )
    groups.sort(key=lambda g: (-g.games, g.rule))
    entries = load_register()
    register = [entry.id for entry in entries]
    never = [rule for rule in register if rule not in rules]
    by_section: dict[str, list[str]] = {}
    for entry in entries:
        if entry.id not in rules:
            by_section.setdefault(entry.section, []).append(entry.id)
    solo = any(name.startswith(("tokugawa", "gingkogawa")) for name in plan.setups)
    bot = any(name.startswith("gingkogawa") for name in plan.setups)
    unplayed = ({"solo", "gingkogawa"} if not solo else set()) | ({"gingkogawa"} if not bot else set())
    out_of_plan = [entry.id for entry in entries if entry.id not in rules and entry.section in unplayed]
    figures = []
    for setup in plan.setups:
        for policy in plan.policies:
            c = counts.get((setup, policy), Counter())
            s = series.get((setup, policy), {})
            decisions = s.get("decisions", [])
            figures.append(
                SetupFigures(
                    setup=setup,
                    policy=policy,
                    games=c["games"],
                    ended=c["ended"],
                    failed=c["failed"],
                    unfinished=c["unfinished"],
                    win_rate=c["won"] / c["ended"] if c["ended"] else None,
                    first_totals=_quartiles(s.get("first", [])),
                    other_totals=_quartiles(s.get("others", [])),
                    decisions_mean=sum(decisions) / len(decisions) if decisions else 0.0,
                    decisions_max=max(decisions, default=0),
                )
            )
    report = Report(
        plan=plan,
        planned=plan.total,
        recorded=recorded,
        outcomes=dict(sorted(outcomes.items())),
        complete=recorded == plan.total,
        cpu_seconds=float(cpu),
        games_per_cpu_second=recorded / float(cpu) if cpu else 0.0,
        worker_processes=int(workers),
        rules={rule: rules[rule] for rule in register if rule in rules}
        | {rule: n for rule, n in sorted(rules.items()) if rule not in register},
        never_exercised=never,
        never_by_section=by_section,
        out_of_plan=out_of_plan,
        never_note=NEVER_NOTE,
        reached=reached,
        setups=figures,
        failures=groups,
    )
    return report, {k: dict(v) for k, v in series.items()}, traces


# ---- plots ------------------------------------------------------------------------------------------------


def _text(label: str) -> str:
    """A label from the data (a rule ID, a setup name) as plain text: an unescaped ``$`` would start
    matplotlib's TeX-like math mode (and a bad formula stops the plot)."""
    return label.replace("$", r"\$")


def _svg(figure: Figure) -> str:
    buffer = io.StringIO()
    figure.savefig(
        buffer,
        format="svg",
        bbox_inches="tight",
        metadata={"Date": None, "Creator": None, "Format": None, "Type": None},
    )
    text = buffer.getvalue()
    return text[text.index("<svg") :]  # the XML prologue and doctype do not belong inside HTML


def plots(report: Report, series: dict[tuple[str, str], dict[str, list[int]]]) -> dict[str, str]:
    """The report's plots as inline SVG, by name: ``coverage``, ``reached``, ``scores``, ``wins``,
    ``decisions``."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    matplotlib.rcParams["svg.hashsalt"] = "wcref"  # the same report twice gives the same page
    matplotlib.rcParams["svg.fonttype"] = "none"  # text as text: smaller, searchable, the browser's font
    out: dict[str, str] = {}

    rules = sorted(report.rules.items(), key=lambda kv: kv[1])
    names = [r for r, _ in rules] + report.never_exercised[::-1]
    values = [n for _, n in rules] + [0] * len(report.never_exercised)
    fig = Figure(figsize=(8, max(3.0, 0.13 * len(names))))
    ax = fig.subplots()
    ax.barh(
        range(len(names)),
        [max(v, 0.8) for v in values],
        color=["#c0392b" if v == 0 else "#2e6da4" for v in values],
    )
    ax.set_yticks(range(len(names)), [_text(n) for n in names], fontsize=5)
    ax.set_xscale("log")
    ax.set_xlabel("times applied by the games' events (log scale; red: never)")
    ax.set_title(
        f"Rule coverage: {len(report.rules)} register IDs applied, {len(report.never_exercised)} never"
    )
    ax.margins(y=0.005)
    out["coverage"] = _svg(fig)

    fig = Figure(figsize=(8, 4))
    ax = fig.subplots()
    situations = sorted(report.reached.items(), key=lambda kv: kv[1])
    ax.barh([_text(s) for s, _ in situations], [100 * v for _, v in situations], color="#2e6da4")
    ax.set_xlabel("% of games reaching it")
    ax.set_title("Reachability of rare situations")
    ax.tick_params(axis="y", labelsize=7)
    out["reached"] = _svg(fig)

    cells = [(f.setup, f.policy) for f in report.setups if series.get((f.setup, f.policy), {}).get("first")]
    labels = [_text(f"{s} ({p})" if len(report.plan.policies) > 1 else s) for s, p in cells]
    fig = Figure(figsize=(8, max(3.0, 0.32 * len(cells) + 1)))
    ax = fig.subplots()
    if cells:
        first = [series[c]["first"] for c in cells]
        others = [series[c].get("others", []) or [0] for c in cells]
        ys = list(range(len(cells)))
        ax.boxplot(
            others,
            positions=[y + 0.2 for y in ys],
            orientation="horizontal",
            widths=0.35,
            showfliers=False,
            patch_artist=True,
            boxprops={"facecolor": "#dddddd"},
        )
        ax.boxplot(
            first,
            positions=[y - 0.2 for y in ys],
            orientation="horizontal",
            widths=0.35,
            showfliers=False,
            patch_artist=True,
            boxprops={"facecolor": "#8fb8de"},
        )
        ax.set_yticks(ys, labels, fontsize=7)
    ax.set_xlabel("final total (Clan Points): blue clan 0 (the player in solo), grey the others")
    ax.set_title("Score distributions")
    out["scores"] = _svg(fig)

    rated = [f for f in report.setups if f.win_rate is not None]
    fig = Figure(figsize=(8, max(3.0, 0.3 * len(rated) + 1)))
    ax = fig.subplots()
    ax.barh(
        [_text(f"{f.setup} ({f.policy})" if len(report.plan.policies) > 1 else f.setup) for f in rated],
        [100 * (f.win_rate or 0.0) for f in rated],
        color="#2e6da4",
    )
    ax.set_xlim(0, 100)
    ax.set_xlabel("% of ended games won by clan 0 (solo: the player; ties count as wins)")
    ax.set_title("Win rates")
    ax.tick_params(axis="y", labelsize=7)
    out["wins"] = _svg(fig)

    fig = Figure(figsize=(8, 3.5))
    ax = fig.subplots()
    groups: dict[str, list[int]] = defaultdict(list)
    for (setup, _), s in series.items():
        kind = "solo" if setup.startswith(("tokugawa", "gingkogawa")) else setup.split("+")[0]
        groups[kind].extend(s.get("decisions", []))
    for kind, values in sorted(groups.items()):
        ax.hist(
            values, bins=60, histtype="step", label=_text(kind), range=(0, max(max(values, default=1), 1))
        )
    if groups:
        ax.legend(fontsize=7)
    ax.set_xlabel("decisions per game (the policy's; chance outcomes not counted)")
    ax.set_ylabel("games")
    ax.set_yscale("log")
    ax.set_title("Decisions per game")
    out["decisions"] = _svg(fig)
    return out


def write_report(folder: Path, html: Path) -> tuple[Path, Path]:
    """Write the HTML report to ``html``, its JSON beside it (``.json``) and the failures' traces in
    ``<stem>-failures/``; returns (html, json). Raises StoreError when ``folder`` holds no campaign
    and ReportError when a file cannot be written."""
    from reference.view.svg import environment

    data = html.with_suffix(".json")
    if html.suffix.lower() == ".json":
        raise ReportError(f"{html}: the HTML report needs another name than its JSON (e.g. report.html)")
    if html.resolve() == (folder / FILE).resolve() or data.resolve() == (folder / FILE).resolve():
        raise ReportError(f"{html}: the report would overwrite the campaign database")
    try:
        report, series, traces = build(folder)
    except sqlite3.Error as exc:  # a database damaged inside: the header read, a page did not
        raise ReportError(f"{folder / FILE}: cannot read the campaign database: {exc}") from exc
    folder_of_traces = html.parent / f"{html.stem}-failures"
    try:
        if report.failures:
            folder_of_traces.mkdir(parents=True, exist_ok=True)
        for group in report.failures:
            trace, small = traces[group.rule]
            (folder_of_traces / group.trace_file).write_text(_pretty(trace), encoding="utf-8")
            group.trace_file = f"{folder_of_traces.name}/{group.trace_file}"
            if group.shrunk is not None and small is not None:
                (folder_of_traces / group.shrunk.trace_file).write_text(_pretty(small), encoding="utf-8")
                group.shrunk.trace_file = f"{folder_of_traces.name}/{group.shrunk.trace_file}"
        page = (
            environment().get_template("campaign.html.j2").render(report=report, plots=plots(report, series))
        )
        data.write_bytes(msgspec.json.format(msgspec.json.encode(report), indent=1) + b"\n")
        html.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise ReportError(f"cannot write the report: {exc}") from exc
    return html, data


def _pretty(raw: str) -> str:
    """A stored trace, indented (as stored when it is not JSON: the file still shows what was kept)."""
    if not raw:
        return "{}\n"
    try:
        return json.dumps(json.loads(raw), indent=1) + "\n"
    except ValueError:
        return raw
