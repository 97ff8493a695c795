"""Traceability of the rulebook register: every ID has implementing code and an example; examples
and properties name only registered IDs; every rules question and gap has an example; the feature
files follow their conventions; ``wcref rules`` shows it all."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from reference.book.scenarios import all_examples, load_features, parse_feature
from reference.book.steps import PATTERNS, matching
from reference.book.traceability import (
    code_index,
    example_index,
    file_citations,
    traces,
    traces_by_id,
    traces_of,
    unknown_in_properties,
    unknown_in_scenarios,
)
from reference.cli import cli
from reference.errors import ContentError
from reference.rulebook import load_register, rule_ids

QUESTIONS = range(1, 36)
GAPS = tuple(f"G{n}" for n in range(1, 18))
"""Gaps G1-G17 of rules-questions part B are met by the engine (G18, the Matcha expansion, is out of
scope, like every expansion)."""


def test_every_register_id_has_implementing_code() -> None:
    code = code_index()
    assert sorted(i for i in rule_ids() if not code.get(i)) == []


def test_every_register_id_has_an_example() -> None:
    examples = example_index()
    assert sorted(i for i in rule_ids() if not examples.get(i)) == []


def test_examples_and_properties_name_only_registered_ids() -> None:
    assert unknown_in_scenarios() == []
    assert unknown_in_properties() == []


def test_each_id_is_one_rule_named_by_its_paraphrase() -> None:
    paraphrase = {e.id: e.paraphrase for e in load_register()}
    seen: dict[str, str] = {}
    for feature in load_features():
        for rule in feature.rules:
            assert rule.id not in seen, f"{rule.id} is a Rule in {seen.get(rule.id)} and {feature.file}"
            seen[rule.id] = feature.file
            assert rule.name == paraphrase[rule.id], f"{feature.file}:{rule.line}: {rule.id}'s name drifted"
            assert rule.examples, f"{feature.file}:{rule.line}: {rule.id} has no example"
    assert sorted(set(paraphrase) - set(seen)) == []


def test_every_question_and_gap_has_an_example() -> None:
    examples = all_examples()
    questions = {q for e in examples for q in e.questions}
    gaps = {g for e in examples for g in e.gaps}
    assert [q for q in QUESTIONS if q not in questions] == []
    assert [g for g in GAPS if g not in gaps] == []


def test_every_step_matches_exactly_one_pattern_of_its_own_kind() -> None:
    for example in all_examples():
        for step in example.steps:
            found = matching(step.text)
            assert len(found) == 1, f"{example.file}:{step.line}: {len(found)} patterns match {step.text!r}"
            assert found[0].kind == step.kind, (
                f"{example.file}:{step.line}: {step.text!r} is a {found[0].kind} step"
            )


def test_step_patterns_are_distinct_across_keywords() -> None:
    texts = [p.regex.pattern for p in PATTERNS]
    assert len(texts) == len(set(texts))
    # a Given and a Then that differ by "now" never match each other's wording
    assert {p.kind for p in matching("clan 0 holds 3 coins")} == {"given"}
    assert {p.kind for p in matching("clan 0 now holds 3 coins")} == {"then"}
    assert {p.kind for p in matching("the Steward deck is S4, S7")} == {"given"}
    assert {p.kind for p in matching("the Steward deck is now S4, S7")} == {"then"}


def test_every_example_has_an_action_and_ends_with_an_expectation() -> None:
    for example in all_examples():
        kinds = [s.kind for s in example.steps]
        assert "when" in kinds, example.key
        assert kinds[-1] == "then", example.key


def test_a_feature_must_follow_the_conventions() -> None:
    rule = "  @TIME.MOVE\n  Rule: steps\n\n"
    example = "    Example: e\n      Given a 2-player game\n      When clan 0 declines\n      Then clan 0 now holds 1 coin\n"
    parse_feature("Feature: f\n" + rule + example, "ok.feature")
    for bad in (
        "Feature: f\n  Example: e\n    Given a 2-player game\n",  # not in a Rule
        "Feature: f\n  Rule: untagged\n" + example,  # the Rule has no ID tag
        "Feature: f\n" + rule + "    @wip\n" + example,  # an unknown tag
        "Feature: f\n" + rule + example + example,  # a repeated example name
        "Feature: f\n  Background:\n    Given a 2-player game\n" + rule + example,  # a Background
    ):
        with pytest.raises(ContentError):
            parse_feature(bad, "bad.feature")


def test_unknown_ids_in_examples_are_reported(tmp_path: Path) -> None:
    (tmp_path / "x.feature").write_text(
        "Feature: f\n  @TIME.MOVE\n  Rule: r\n    @TIME.NOPE\n    Example: e\n"
        "      Given a 2-player game\n      When clan 0 declines\n      Then clan 0 now holds 1 coin\n",
        encoding="utf-8",
    )
    assert unknown_in_scenarios(tmp_path) == [("TIME.NOPE", "TIME.MOVE/e")]


def test_citations_are_attributed_to_the_enclosing_function(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text(
        '"""Module. Rules: SCORE.*."""\n\n\ndef f() -> None:\n    """Does TIME.STOP."""\n'
        "    x = 1  # see TIME.MOVE\n\n\nclass C:\n    def g(self) -> str:\n        return 'BRIDGE.SLIDE'\n",
        encoding="utf-8",
    )
    found = {(c.name, c.wildcard, c.where) for c in file_citations(path, "m")}
    assert found == {
        ("SCORE", True, "m"),
        ("TIME.STOP", False, "m:f"),
        ("TIME.MOVE", False, "m:f"),
        ("BRIDGE.SLIDE", False, "m:C.g"),
    }


def test_wildcards_count_for_every_id_of_their_family() -> None:
    code = code_index()
    assert any(place.startswith("reference.rules.scoring") for place in code["SCORE.WINNER"])
    assert all(t.code for t in traces() if t.entry.id.startswith("SCORE."))


def _places_cited_by_wildcard_only() -> dict[str, list[str]]:
    """ID -> the places of its code trace whose module file does not hold the ID itself."""
    out: dict[str, list[str]] = {}
    for rid, places in code_index().items():
        for place in places:
            module = place.partition(":")[0]
            path = Path(__import__(module, fromlist=["_"]).__file__ or "")
            if rid not in path.read_text(encoding="utf-8"):
                out.setdefault(rid, []).append(place)
    return out


def test_the_traces_of_named_ids_are_those_of_the_whole_index() -> None:
    """``wcref rules ID`` reads only the files that mention the ID or a family wildcard above it,
    and finds what the whole index finds: for a spread of IDs at once, and for an ID one place
    cites only by a wildcard (``SCORE.*``), alone."""
    whole = traces_by_id()
    ids = sorted(whole)[::9]
    assert traces_of(ids) == {i: whole[i] for i in ids}
    by_wildcard = _places_cited_by_wildcard_only()
    assert by_wildcard  # some place cites a family only
    rid = sorted(by_wildcard)[0]
    alone = traces_of([rid])
    assert alone == {rid: whole[rid]}
    assert set(by_wildcard[rid]) <= set(alone[rid].code)
    assert traces_of(["NO.SUCH_ID"]) == {}


def test_wcref_rules_prints_code_examples_and_properties() -> None:
    result = CliRunner().invoke(cli, ["rules", "--section", "time"])
    assert result.exit_code == 0, result.output
    text = re.sub(r"[│\s]+", " ", result.stdout)
    assert "code: reference.rules" in text
    assert re.search(r"examples \(\d+\): ", text)
    assert "properties:" in text
    assert "examples (0)" not in text
