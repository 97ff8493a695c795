"""The rules book: ``wcref docs OUT_DIR`` renders the register and the examples as browsable HTML.

- ``index.html``: what the book is, the standard deal the examples start from, the tags, the
  sections, and every register ID with its status and the state of its examples.
- one page per feature file (a rules section): each rule with its paraphrase, source, reason,
  readings, the rulings and rules it refers to or that refer to it, the code that implements it, the
  properties that check it, and its examples as tables of steps (an outline as its steps plus a table
  of rows), each marked passed or failed.
- ``questions.html``: the rules questions (Q1-Q35) and gaps (G1-G18) with the entries and examples
  that answer them.

The examples are run on the reference when the book is rendered (the same run as the scenario
tests and the vector export), unless ``--results FILE`` gives the outcome of an earlier run (a JSON
object mapping example keys to ``{"status": "passed" | "failed", "messages": [...]}``).
"""

from __future__ import annotations

import html
import json
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Final, Literal

import click
import msgspec

from reference import inputs
from reference.book.scenarios import Example, FeatureFile, StepText, load_features
from reference.book.traceability import code_index, property_index
from reference.book.vectors import compile_example, file_name
from reference.errors import ContentError
from reference.paths import directory_problem
from reference.rulebook import RuleEntry, load_register
from reference.view.book import PageBoards

Status = Literal["passed", "failed"]


class Outcome(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The outcome of one example."""

    status: Status
    messages: tuple[str, ...] = ()


@dataclass(frozen=True)
class BookReport:
    """What was rendered."""

    pages: tuple[Path, ...]
    examples: int
    failed: tuple[str, ...]
    """Examples that failed (or have no outcome: see ``not_run``)."""
    not_run: tuple[str, ...] = ()
    """Examples a results file gives no outcome for (shown failed, "not run")."""
    outcomes: dict[str, Outcome] = field(default_factory=dict)
    """The outcome shown for each example (example key -> outcome)."""


def run_examples(features: Iterable[FeatureFile]) -> dict[str, Outcome]:
    """Run every example on the reference; a malformed example counts as failed."""
    out: dict[str, Outcome] = {}
    for feature in features:
        for rule in feature.rules:
            for example in rule.examples:
                try:
                    compiled = compile_example(example)
                except ContentError as exc:
                    out[example.key] = Outcome("failed", (str(exc),))
                    continue
                out[example.key] = Outcome("failed" if compiled.failures else "passed", compiled.failures)
    return out


def read_results(path: Path) -> dict[str, Outcome]:
    """Example outcomes from a JSON results file (example key -> outcome). Raises ContentError
    naming the file and what is wrong: unreadable, too large or too deep, not JSON, a key named
    twice, an outcome with an unknown field or status."""
    try:
        raw = inputs.read_file(path)
        return inputs.decode_json(raw, dict[str, Outcome], unique_keys=True)
    except OSError as exc:
        raise ContentError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    except msgspec.ValidationError as exc:
        raise ContentError(f"{path}: {inputs.explain(exc, raw)}") from exc
    except inputs.InputLimit as exc:
        raise ContentError(f"{path}: not a results file: {exc}") from exc
    except msgspec.DecodeError as exc:
        raise ContentError(f"{path}: not valid JSON: {inputs.explain(exc, raw)}") from exc


# ---- HTML helpers -------------------------------------------------------------------------------

CSS: Final = """
:root { --ink: #1d232b; --muted: #5b6673; --line: #d9dee5; --paper: #fbfaf7; --accent: #8c1c13;
        --pass: #1e7b34; --fail: #b3261e; --rule: #34495e; --ruling: #8a5a00; --reading: #5b3b8c; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink);
       background: var(--paper); }
header.top { background: #fff; border-bottom: 3px solid var(--accent); padding: 10px 28px;
             display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 14px; }
header.top a { color: var(--accent); text-decoration: none; font-weight: 600; font-size: 13.5px; }
header.top a:hover { text-decoration: underline; }
header.top .title { font-size: 19px; font-weight: 700; margin-right: 14px; color: var(--ink); }
main { max-width: 1120px; margin: 0 auto; padding: 20px 28px 60px; }
h1 { font-size: 28px; margin: 8px 0 4px; }
h2 { font-size: 21px; margin: 0; }
h3 { font-size: 16px; margin: 0; }
p.lead { color: var(--muted); margin-top: 0; }
a { color: #1a4f8b; }
code, .mono { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 13px; }
table { border-collapse: collapse; width: 100%; margin: 8px 0 14px; background: #fff; }
th, td { border: 1px solid var(--line); padding: 5px 8px; text-align: left; vertical-align: top; }
th { background: #eef1f5; font-weight: 600; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600;
         color: #fff; vertical-align: middle; }
.badge.rule { background: var(--rule); } .badge.ruling { background: var(--ruling); }
.badge.reading { background: var(--reading); }
.badge.passed { background: var(--pass); } .badge.failed { background: var(--fail); }
.badge.none { background: #999; }
.tag { display: inline-block; border: 1px solid var(--line); border-radius: 4px; padding: 0 5px;
       margin-right: 4px; font-size: 12px; color: var(--muted); background: #fff; }
section.rule { background: #fff; border: 1px solid var(--line); border-left: 5px solid var(--rule);
               border-radius: 6px; padding: 14px 18px; margin: 18px 0; }
section.rule.ruling { border-left-color: var(--ruling); }
section.rule.reading { border-left-color: var(--reading); }
.rule-head { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
.rule-head .id { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 17px; font-weight: 700; }
blockquote.paraphrase { margin: 10px 0; padding: 8px 14px; background: #f6f4ee; border-left: 3px solid #c9b98f;
                        font-size: 15.5px; }
dl.facts { display: grid; grid-template-columns: 130px 1fr; gap: 3px 12px; margin: 8px 0; font-size: 14px; }
dl.facts dt { color: var(--muted); font-weight: 600; }
dl.facts dd { margin: 0; }
article.example { border: 1px solid var(--line); border-radius: 6px; margin: 12px 0; padding: 10px 14px;
                  background: #fdfdfc; }
article.example.failed { border-color: var(--fail); background: #fff6f5; }
.example-head { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin-bottom: 6px; }
table.steps tr.derivation td { color: var(--muted); font-style: italic; font-size: 13px; padding-top: 0; }
table.steps td.kw { width: 70px; font-weight: 700; color: var(--accent); white-space: nowrap; }
table.steps td.kw.then { color: var(--pass); } table.steps td.kw.given { color: var(--rule); }
table.steps table { margin: 6px 0 2px; width: auto; }
table.steps table td, table.steps table th { padding: 2px 8px; font-size: 13px; }
ul.failures { color: var(--fail); margin: 6px 0 0; }
.vector { color: var(--muted); font-size: 12px; }
.summary { display: flex; gap: 14px; flex-wrap: wrap; margin: 14px 0; }
.summary div { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 10px 16px; }
.summary b { display: block; font-size: 22px; }
td.status-passed { color: var(--pass); font-weight: 600; } td.status-failed { color: var(--fail); font-weight: 700; }
nav.toc { display: flex; flex-wrap: wrap; gap: 2px 12px; margin: 6px 0 4px; font-size: 13px; }
nav.toc a { font-family: ui-monospace, Menlo, Consolas, monospace; }
"""

TAG_HELP: Final = (
    ("@RULE.ID", "a register ID the example checks (the Rule's own tag names the rule it documents)"),
    ("@q12", "the example pins the project's answer to rules-questions item 12"),
    ("@G5", "the example pins the ruling of rules-questions gap G5"),
)


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _page(title: str, body: str, pages: list[tuple[str, str]]) -> str:
    nav = " ".join(f'<a href="{_e(href)}">{_e(name)}</a>' for href, name in pages)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{_e(title)} · The White Castle rules book</title>"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<link rel="stylesheet" href="style.css"></head><body>'
        f'<header class="top"><span class="title">The White Castle · rules book</span>{nav}</header>'
        f"<main>{body}</main></body></html>\n"
    )


def page_name(feature: FeatureFile) -> str:
    """The HTML file of a feature (its file name with ``.html``)."""
    return Path(feature.file).with_suffix(".html").name


def _status_badge(status: str) -> str:
    return f'<span class="badge {_e(status)}">{_e(status)}</span>'


IDS: Final = re.compile(r"\b((?:[A-Z][A-Z0-9_]*\.)+[A-Z][A-Z0-9_]*)\b")


def _linked(text: str, where: dict[str, str]) -> str:
    """Escape ``text`` and link every register ID it mentions."""
    out: list[str] = []
    last = 0
    for m in IDS.finditer(text):
        out.append(_e(text[last : m.start()]))
        rid = m.group(1)
        out.append(f'<a href="{where[rid]}#{_e(rid)}">{_e(rid)}</a>' if rid in where else _e(rid))
        last = m.end()
    out.append(_e(text[last:]))
    return "".join(out)


def _steps_table(steps: tuple[StepText, ...], where: dict[str, str]) -> str:
    rows: list[str] = []
    for s in steps:
        inner = ""
        if s.table:
            head, *body = s.table
            inner = (
                "<table><tr>"
                + "".join(f"<th>{_e(c)}</th>" for c in head)
                + "</tr>"
                + "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>" for row in body)
                + "</table>"
            )
        if s.note:
            rows.append(f'<tr class="derivation"><td></td><td>{_linked(s.note, where)}</td></tr>')
        rows.append(
            f'<tr><td class="kw {s.kind}">{_e(s.keyword)}</td><td>{_linked(s.text, where)}{inner}</td></tr>'
        )
    return '<table class="steps">' + "".join(rows) + "</table>"


def _tags(example: Example, own: str) -> str:
    tags = [t for t in example.tags if t != own]
    return "".join(f'<span class="tag">@{_e(t)}</span>' for t in tags)


def _examples_html(
    examples: tuple[Example, ...],
    results: dict[str, Outcome],
    where: dict[str, str],
    own: str,
    boards: PageBoards | None = None,
) -> str:
    out: list[str] = []
    done: set[str] = set()
    for example in examples:
        if example.outline is None:
            outcome = results.get(example.key, Outcome("failed", ("not run",)))
            failures = "".join(f"<li>{_e(m)}</li>" for m in outcome.messages)
            out.append(
                f'<article class="example {outcome.status}" id="{_e(example.key)}">'
                f'<div class="example-head"><h3>Example: {_e(example.name)}</h3>{_status_badge(outcome.status)}'
                f"{_tags(example, own)}</div>"
                f"{_steps_table(example.steps, where)}"
                + (f'<ul class="failures">{failures}</ul>' if failures else "")
                + (boards.details(example.key) if boards is not None else "")  # issue 17: the boards
                + f'<div class="vector">vector <code>{_e(file_name(example.key))}</code></div></article>'
            )
            continue
        if example.outline in done:
            continue
        done.add(example.outline)
        rows = [e for e in examples if e.outline == example.outline]
        statuses = [results.get(r.key, Outcome("failed", ("not run",))) for r in rows]
        overall: Status = "passed" if all(s.status == "passed" for s in statuses) else "failed"
        header = [name for name, _ in example.row]
        table = (
            "<table><tr>"
            + "".join(f"<th>{_e(h)}</th>" for h in header)
            + "<th>state</th></tr>"
            + "".join(
                f'<tr id="{_e(r.key)}">'
                + "".join(f"<td>{_e(v)}</td>" for _, v in r.row)
                + f'<td class="status-{s.status}">{_e(s.status)}'
                + ("".join(f"<br><small>{_e(m)}</small>" for m in s.messages))
                + "</td></tr>"
                for r, s in zip(rows, statuses, strict=True)
            )
            + "</table>"
        )
        out.append(
            f'<article class="example {overall}">'
            f'<div class="example-head"><h3>Scenario Outline: {_e(example.outline)}</h3>'
            f"{_status_badge(overall)}{_tags(example, own)}</div>"
            f"{_steps_table(example.template, where)}<p><b>Examples</b></p>{table}"
            + (  # issue 17: each row's boards
                "".join(boards.details(r.key, r.row[0][1] if r.row else "") for r in rows)
                if boards is not None
                else ""
            )
            + f'<div class="vector">vectors <code>{_e(file_name(rows[0].key).rsplit("--", 1)[0])}--*.json</code></div>'
            "</article>"
        )
    return "".join(out)


def _related(entry: RuleEntry, register: tuple[RuleEntry, ...]) -> tuple[list[str], list[str]]:
    """(IDs this entry's text mentions, rulings/readings that mention it or answer the same
    questions)."""
    mentions = [
        rid
        for rid in dict.fromkeys(IDS.findall(f"{entry.paraphrase} {entry.reason or ''}"))
        if rid != entry.id
    ]
    rulings = [
        other.id
        for other in register
        if other.id != entry.id
        and other.status != "rule"
        and (
            entry.id in f"{other.paraphrase} {other.reason or ''}"
            or (set(entry.questions) & set(other.questions) and entry.status == "rule")
        )
    ]
    return mentions, rulings


def _id_list(ids: Iterable[str], where: dict[str, str]) -> str:
    items = [
        f'<a href="{where[i]}#{_e(i)}"><code>{_e(i)}</code></a>' if i in where else f"<code>{_e(i)}</code>"
        for i in ids
    ]
    return ", ".join(items) or "—"


def _rule_html(
    entry: RuleEntry,
    examples: tuple[Example, ...],
    results: dict[str, Outcome],
    where: dict[str, str],
    register: tuple[RuleEntry, ...],
    boards: PageBoards | None = None,
) -> str:
    code = code_index().get(entry.id, ())
    props = property_index().get(entry.id, ())
    mentions, rulings = _related(entry, register)
    facts = [("source", _e(entry.source))]
    if entry.reason:
        facts.append(("reason", _linked(entry.reason, where)))
    if entry.readings:
        facts.append(
            (
                "readings",
                ", ".join(
                    f"<code>{_e(r)}</code>" + (" (default)" if r == entry.default else "")
                    for r in entry.readings
                )
                + (f" — chosen by <code>Setup.{_e(entry.setting)}</code>" if entry.setting else ""),
            )
        )
    if entry.questions:
        facts.append(
            ("questions", ", ".join(f'<a href="questions.html#q{q}">Q{q}</a>' for q in entry.questions))
        )
    if entry.gap:
        facts.append(("gap", f'<a href="questions.html#{_e(entry.gap)}">{_e(entry.gap)}</a>'))
    if mentions:
        facts.append(("refers to", _id_list(mentions, where)))
    if rulings:
        facts.append(("rulings", _id_list(rulings, where)))
    facts.append(("implemented by", ", ".join(f"<code>{_e(c)}</code>" for c in code) or "—"))
    facts.append(("checked by", ", ".join(f"<code>{_e(p)}</code>" for p in props) or "—"))
    states = [results.get(e.key, Outcome("failed")).status for e in examples]
    summary = f"{states.count('passed')}/{len(states)} examples pass"
    return (
        f'<section class="rule {entry.status}" id="{_e(entry.id)}">'
        f'<div class="rule-head"><span class="id">{_e(entry.id)}</span>{_status_badge(entry.status)}'
        f'<span class="tag">{_e(summary)}</span></div>'
        f'<blockquote class="paraphrase">{_linked(entry.paraphrase, where)}</blockquote>'
        '<dl class="facts">'
        + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in facts)
        + "</dl>"
        + _examples_html(examples, results, where, entry.id, boards)
        + "</section>"
    )


STANDARD_DEAL_HTML: Final = """
<p>Unless an example changes it, every game starts from the <b>standard deal</b> (2 players; turn order
clan 0 then clan 1; at 3-4 players every castle card is in play and each Bridge gets the extra dice 4 and 2):</p>
<table>
<tr><th>Bridges</th><td>coral 1 | 3 | 5 · black 2 | 4 | 6 · white 1 | 2 | 6 (left | centre | right)</td></tr>
<tr><th>Stewards' rooms (value 3)</th><td><code>steward_1</code> S2 (tiles white, coral, coral) ·
<code>steward_2</code> S5 (black, white, coral) · <code>steward_3</code> S9 (coral, black, white);
deck S4, S7, S10, S12, S13, S15</td></tr>
<tr><th>Diplomats' rooms (value 4)</th><td><code>diplomat_1</code> D2 (black, white) ·
<code>diplomat_2</code> D6 (white, black); deck D3, D4, D5, D7, D8, D10, D11</td></tr>
<tr><th>Well</th><td>tiles coral-coin and black-coin: a visit gives 1 seal and 2 coins</td></tr>
<tr><th>Daimyo's Favor</th><td>DF1: favour 0 a Well action, favour 1 2 Clan Points, favour 2 2 seals</td></tr>
<tr><th>Gardens</th><td>slot 0 G1, slot 1 G7 (coral) · slot 2 G3, slot 3 G9 (black) · slot 4 G5, slot 5 G10 (white)</td></tr>
<tr><th>Training Yards</th><td>5 Iron: Y4 action + Y5 reward · 3 Iron: Y6 action · 1 Iron: Y1 reward</td></tr>
<tr><th>Starting pairs</th><td>SR8 + A3, SR9 + A1, SR6 + A5: each clan takes the first on offer, the last in
turn order first, so clan 1 holds SR8 + A3 (2 food, 2 iron, 1 Mother-of-Pearl, 4 coins, 1 seal) and clan 0
SR9 + A1 (4 food, 2 iron, 3 coins, 2 seals)</td></tr>
<tr><th>Solo</th><td>the same board; the player (clan 0) draws SR9 + A1; the rival is clan 1; the Solitaire deck
is the one the example lists, in that order</td></tr>
</table>
"""


def render_book(out_dir: Path, scenarios: Path | None = None, results: Path | None = None) -> BookReport:
    """Render the book into ``out_dir`` (created if needed)."""
    features = load_features(scenarios)
    register = load_register()
    by_id = {e.id: e for e in register}
    outcomes = read_results(results) if results is not None else run_examples(features)
    where: dict[str, str] = {}
    for feature in features:
        for rule in feature.rules:
            where[rule.id] = page_name(feature)
    nav = [
        ("index.html", "Contents"),
        *((page_name(f), f.name) for f in features),
        ("questions.html", "Questions"),
    ]
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def write(name: str, text: str) -> None:
        path = out_dir / name
        path.write_text(text, encoding="utf-8")
        written.append(path)

    write("style.css", CSS)
    all_keys = [e.key for f in features for r in f.rules for e in r.examples]
    failed = tuple(k for k in all_keys if outcomes.get(k, Outcome("failed")).status != "passed")
    not_run = tuple(k for k in all_keys if k not in outcomes)
    for feature in features:
        body = f'<h1>{_e(feature.name)}</h1><p class="lead">{_linked(feature.description, where)}</p>'
        body += (
            '<nav class="toc">'
            + " ".join(f'<a href="#{_e(r.id)}">{_e(r.id)}</a>' for r in feature.rules)
            + "</nav>"
        )
        boards = PageBoards.of(e for r in feature.rules for e in r.examples)  # issue 17: the boards
        for rule in feature.rules:
            entry = by_id.get(rule.id)
            if entry is None:
                body += f'<section class="rule" id="{_e(rule.id)}"><p>Unknown register ID {_e(rule.id)}</p></section>'
                continue
            body += _rule_html(entry, rule.examples, outcomes, where, register, boards)
        body += boards.assets()
        write(page_name(feature), _page(feature.name, body, nav))
    write("questions.html", _page("Questions", _questions_html(features, register, where), nav))
    write(
        "index.html",
        _page("Contents", _index_html(features, register, outcomes, where, len(all_keys), failed), nav),
    )
    return BookReport(tuple(written), len(all_keys), failed, not_run, outcomes)


def _index_html(
    features: tuple[FeatureFile, ...],
    register: tuple[RuleEntry, ...],
    outcomes: dict[str, Outcome],
    where: dict[str, str],
    total: int,
    failed: tuple[str, ...],
) -> str:
    counts = {s: sum(e.status == s for e in register) for s in ("rule", "ruling", "reading")}
    examples_by_id: dict[str, list[str]] = defaultdict(list)
    for f in features:
        for r in f.rules:
            for e in r.examples:
                for rid in e.rules:
                    examples_by_id[rid].append(e.key)
    body = (
        "<h1>The White Castle — executable rules book</h1>"
        '<p class="lead">Every rules sentence, project ruling and reading of the wcref register, with the '
        "examples that pin it down. Each example is a Gherkin scenario in <code>scenarios/</code>, run on the "
        "reference engine when this book was made and exported as a portable JSON test vector in "
        f"<code>reference/vectors/</code>. Rendered {datetime.now(UTC):%Y-%m-%d %H:%M} UTC.</p>"
        '<div class="summary">'
        f"<div><b>{len(register)}</b>register entries</div>"
        f"<div><b>{counts['rule']}</b>rules</div><div><b>{counts['ruling']}</b>rulings</div>"
        f"<div><b>{counts['reading']}</b>readings</div>"
        f"<div><b>{total}</b>examples</div>"
        f"<div><b>{total - len(failed)}</b>passed</div><div><b>{len(failed)}</b>failed</div></div>"
        "<h2>Reading the examples</h2>"
        "<p><b>Given</b> steps set up a game and change its state; <b>When</b> steps are actions (the wire "
        "<code>Action</code> values); <b>Then</b> steps are expectations on the canonical observation, or the rule "
        "an action is refused with. Numbers of garden slots, favours, blocks, pairs and icons count from 0 as in "
        "the wire format; rooms and spaces use their wire names (<code>steward_1</code> … <code>diplomat_2</code>, "
        "<code>outside_left</code>, <code>domain_coral</code>).</p>"
        + STANDARD_DEAL_HTML
        + "<table><tr><th>tag</th><th>meaning</th></tr>"
        + "".join(f"<tr><td><code>{_e(t)}</code></td><td>{_e(m)}</td></tr>" for t, m in TAG_HELP)
        + "</table><h2>Sections</h2><table><tr><th>section</th><th>entries</th><th>examples</th><th>state</th></tr>"
    )
    for f in features:
        keys = [e.key for r in f.rules for e in r.examples]
        bad = [k for k in keys if k in failed]
        state = "failed" if bad else "passed"
        body += (
            f'<tr><td><a href="{page_name(f)}">{_e(f.name)}</a></td><td>{len(f.rules)}</td><td>{len(keys)}</td>'
            f'<td class="status-{state}">{state if not bad else f"{len(bad)} failed"}</td></tr>'
        )
    body += "</table><h2>Every entry</h2><table><tr><th>ID</th><th>status</th><th>section</th><th>examples</th><th>state</th></tr>"
    for entry in register:
        keys = examples_by_id.get(entry.id, [])
        bad = [k for k in keys if k in failed]
        state = "none" if not keys else ("failed" if bad else "passed")
        link = (
            f'<a href="{where[entry.id]}#{_e(entry.id)}"><code>{_e(entry.id)}</code></a>'
            if entry.id in where
            else f"<code>{_e(entry.id)}</code>"
        )
        body += (
            f"<tr><td>{link}</td><td>{_status_badge(entry.status)}</td><td>{_e(entry.section)}</td>"
            f'<td>{len(keys)}</td><td class="status-{state}">{state}</td></tr>'
        )
    return body + "</table>"


def _questions_html(
    features: tuple[FeatureFile, ...], register: tuple[RuleEntry, ...], where: dict[str, str]
) -> str:
    by_question: dict[int, list[Example]] = defaultdict(list)
    by_gap: dict[str, list[Example]] = defaultdict(list)
    for f in features:
        for r in f.rules:
            for e in r.examples:
                for q in e.questions:
                    by_question[q].append(e)
                for g in e.gaps:
                    by_gap[g].append(e)

    def example_links(examples: list[Example]) -> str:
        return (
            "<br>".join(
                f'<a href="{where.get(e.rule, "")}#{_e(e.key)}">{_e(e.rule)}: {_e(e.name)}</a>'
                for e in examples
            )
            or "—"
        )

    body = (
        '<h1>Rules questions and gaps</h1><p class="lead">The public rules questions (Q1-Q35) and the gaps '
        "needing a ruling (G1-G18) of <code>rules-questions.md</code>, with the register entries that answer them "
        "and the examples pinning the answer.</p><table><tr><th>item</th><th>register entries</th><th>examples</th></tr>"
    )
    for q in range(1, 36):
        entries = [e.id for e in register if q in e.questions]
        body += f'<tr id="q{q}"><td>Q{q}</td><td>{_id_list(entries, where)}</td><td>{example_links(by_question[q])}</td></tr>'
    for n in range(1, 19):
        g = f"G{n}"
        entries = [e.id for e in register if e.gap == g]
        body += f'<tr id="{g}"><td>{g}</td><td>{_id_list(entries, where)}</td><td>{example_links(by_gap[g])}</td></tr>'
    return body + "</table>"


@click.command("docs")
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--scenarios",
    "scenarios_dir",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=None,
    help="The feature files (default: the repository's scenarios/).",
)
@click.option(
    "--results",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="Outcomes of an earlier run (JSON: example key -> {status, messages}, as --save-results writes "
    "them); default: run the examples now.",
)
@click.option(
    "--save-results",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    default=None,
    help="Also write the outcomes shown in the book to this file (for a later --results).",
)
def docs_command(
    out_dir: Path, scenarios_dir: Path | None, results: Path | None, save_results: Path | None
) -> None:
    """Render the rules book (HTML) into OUT_DIR: every rule, ruling and reading with its examples and
    whether they pass."""
    problem = directory_problem(out_dir)
    if problem is not None:
        raise click.ClickException(f"cannot write the rules book: {problem}")
    if save_results is not None and (save_results.is_dir() or not save_results.resolve().parent.is_dir()):
        raise click.ClickException(
            f"cannot write results {save_results}: not a file in an existing directory"
        )
    try:
        if results is not None:
            _check_results(results, scenarios_dir)
        report = render_book(out_dir, scenarios_dir, results)
    except ContentError as exc:
        raise click.ClickException(str(exc)) from exc
    if save_results is not None:
        try:
            write_results(save_results, report.outcomes)
        except OSError as exc:
            raise click.ClickException(f"cannot write results {save_results}: {exc.strerror or exc}") from exc
        click.echo(f"outcomes of {len(report.outcomes)} examples written to {save_results}")
    not_run = f", {len(report.not_run)} not run" if report.not_run else ""
    click.echo(
        f"rules book written to {out_dir / 'index.html'}: {len(report.pages)} files, "
        f"{report.examples} examples, {len(report.failed) - len(report.not_run)} failing{not_run}"
    )
    if report.failed:
        click.echo(
            f"error: {len(report.failed)} example(s) failing or not run: {', '.join(report.failed[:5])}"
            + (" ..." if len(report.failed) > 5 else ""),
            err=True,
        )
        raise SystemExit(1)


def _check_results(path: Path, scenarios: Path | None) -> None:
    """A results file must give outcomes of this book's examples only, and of at least one
    (ContentError)."""
    keys = {e.key for f in load_features(scenarios) for r in f.rules for e in r.examples}
    given = read_results(path)
    if not keys & set(given):
        sample = next(iter(sorted(keys)), "RULE.ID/example")
        raise ContentError(
            f"{path}: the results give no outcome for any of the {len(keys)} examples "
            f"(keys look like {sample!r}): is it the results of this book?"
        )
    unknown = sorted(set(given) - keys)
    if unknown:
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise ContentError(
            f"{path}: outcomes of examples this book does not have: {', '.join(unknown[:5])}{more} "
            "(results of another version of the scenarios?)"
        )


def write_results(path: Path, outcomes: dict[str, Outcome]) -> None:
    """Write outcomes in the ``--results`` format."""
    path.write_text(json.dumps(json.loads(msgspec.json.encode(outcomes)), indent=1) + "\n", encoding="utf-8")


__all__ = [
    "BookReport",
    "Outcome",
    "docs_command",
    "read_results",
    "render_book",
    "run_examples",
    "write_results",
]
