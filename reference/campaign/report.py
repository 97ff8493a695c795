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

import io
import json
import math
from collections import Counter, defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Final

import msgspec

from reference.campaign.plan import Plan
from reference.campaign.store import open_existing
from reference.rulebook import load_register

if TYPE_CHECKING:
    from matplotlib.figure import Figure

REPORT_VERSION: Final = 1


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


class FailureGroup(msgspec.Struct, kw_only=True):
    """The failures on one rule: how many games, their kinds, the first one and the shrunk one."""

    rule: str
    games: int
    kinds: dict[str, int]
    setup: str
    policy: str
    seed: int
    message: str
    trace: str
    shrunk_trace: str | None
    shrunk_before: tuple[int, int] | None
    shrunk_after: tuple[int, int] | None
    shrunk_message: str | None


class Report(msgspec.Struct, kw_only=True):
    """The report's JSON (``report.json``)."""

    format: str = "wcref-campaign-report"
    version: int = REPORT_VERSION
    plan: Plan
    planned: int
    recorded: int
    outcomes: dict[str, int]
    cpu_seconds: float
    games_per_cpu_second: float
    workers: int
    rules: dict[str, int]
    never_exercised: list[str]
    never_by_section: dict[str, list[str]]
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


def build(folder: Path) -> tuple[Report, dict[tuple[str, str], dict[str, list[int]]]]:
    """The report of the campaign in ``folder`` and, per (setup, policy), the raw series the plots
    use (``first``/``others``: totals; ``decisions``). Raises StoreError when there is no campaign."""
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
        for rule, _count, first_setup, first_policy, first_seed, message, trace in db.execute(
            """SELECT rule, COUNT(*), setup, policy, seed, message, trace FROM failures f
               WHERE rowid = (SELECT rowid FROM failures g WHERE g.rule = f.rule ORDER BY step, seed LIMIT 1)
               GROUP BY rule ORDER BY COUNT(*) DESC"""
        ):
            kinds = {
                str(k): int(n)
                for k, n in db.execute(
                    "SELECT kind, COUNT(*) FROM failures WHERE rule = ? GROUP BY kind", (rule,)
                )
            }
            games_failed = int(
                db.execute("SELECT COUNT(*) FROM failures WHERE rule = ?", (rule,)).fetchone()[0]
            )
            small = shrunk.get(str(rule))
            groups.append(
                FailureGroup(
                    rule=str(rule),
                    games=games_failed,
                    kinds=kinds,
                    setup=str(first_setup),
                    policy=str(first_policy),
                    seed=int(first_seed),
                    message=str(message),
                    trace=str(trace),
                    shrunk_trace=None if small is None else str(small[6]),
                    shrunk_before=None if small is None else (int(small[1]), int(small[2])),
                    shrunk_after=None if small is None else (int(small[3]), int(small[4])),
                    shrunk_message=None if small is None else str(small[5]),
                )
            )
    entries = load_register()
    register = [entry.id for entry in entries]
    never = [rule for rule in register if rule not in rules]
    by_section: dict[str, list[str]] = {}
    for entry in entries:
        if entry.id not in rules:
            by_section.setdefault(entry.section, []).append(entry.id)
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
        cpu_seconds=float(cpu),
        games_per_cpu_second=recorded / float(cpu) if cpu else 0.0,
        workers=int(workers),
        rules={rule: rules[rule] for rule in register if rule in rules}
        | {rule: n for rule, n in sorted(rules.items()) if rule not in register},
        never_exercised=never,
        never_by_section=by_section,
        reached=reached,
        setups=figures,
        failures=groups,
    )
    return report, {k: dict(v) for k, v in series.items()}


# ---- plots ------------------------------------------------------------------------------------------------


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
    ax.set_yticks(range(len(names)), names, fontsize=5)
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
    ax.barh([s for s, _ in situations], [100 * v for _, v in situations], color="#2e6da4")
    ax.set_xlabel("% of games reaching it")
    ax.set_title("Reachability of rare situations")
    ax.tick_params(axis="y", labelsize=7)
    out["reached"] = _svg(fig)

    cells = [(f.setup, f.policy) for f in report.setups if series.get((f.setup, f.policy), {}).get("first")]
    labels = [f"{s} ({p})" if len(report.plan.policies) > 1 else s for s, p in cells]
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
        [f"{f.setup} ({f.policy})" if len(report.plan.policies) > 1 else f.setup for f in rated],
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
        ax.hist(values, bins=60, histtype="step", label=kind, range=(0, max(max(values, default=1), 1)))
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

    report, series = build(folder)
    data = html.with_suffix(".json")
    traces = html.parent / f"{html.stem}-failures"
    links: dict[str, tuple[str, str | None]] = {}
    try:
        if report.failures:
            traces.mkdir(parents=True, exist_ok=True)
        for group in report.failures:
            name = group.rule.replace("/", "_")
            first = traces / f"{name}.trace.json"
            first.write_text(_pretty(group.trace), encoding="utf-8")
            small = None
            if group.shrunk_trace is not None:
                small_path = traces / f"{name}.shrunk.trace.json"
                small_path.write_text(_pretty(group.shrunk_trace), encoding="utf-8")
                small = f"{traces.name}/{small_path.name}"
            links[group.rule] = (f"{traces.name}/{first.name}", small)
        data.write_bytes(msgspec.json.format(msgspec.json.encode(report), indent=1) + b"\n")
        page = (
            environment()
            .get_template("campaign.html.j2")
            .render(report=report, plots=plots(report, series), links=links)
        )
        html.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise ReportError(f"cannot write the report: {exc}") from exc
    return html, data


def _pretty(raw: str) -> str:
    if not raw:
        return "{}\n"
    return json.dumps(json.loads(raw), indent=1) + "\n"
