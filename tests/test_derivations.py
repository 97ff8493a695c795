"""The scenarios' numbers carry their working out (ISSUE 18): every derivation comment evaluates to
the number it states and that number is in the step below it; every number a Then step states that
no Given step set has a derivation; and the checker itself catches wrong and malformed ones."""

from __future__ import annotations

import pytest

from reference.book.derivations import evaluate, parts, problems, unexplained
from reference.book.scenarios import FeatureFile, load_features, parse_feature

FEATURES = load_features()


@pytest.mark.parametrize("feature", FEATURES, ids=lambda f: f.file)
def test_every_derivation_works_out_to_the_number_its_step_states(feature: FeatureFile) -> None:
    found = [p for rule in feature.rules for example in rule.examples for p in problems(example)]
    assert found == []


@pytest.mark.parametrize("feature", FEATURES, ids=lambda f: f.file)
def test_every_number_that_needs_working_out_has_a_derivation(feature: FeatureFile) -> None:
    found = [u for rule in feature.rules for example in rule.examples for u in unexplained(example)]
    assert found == []


def test_the_scenarios_carry_derivations() -> None:
    notes = [s.note for f in FEATURES for r in f.rules for e in r.examples for s in e.steps if s.note]
    assert len(notes) >= 150


@pytest.mark.parametrize(
    ("expression", "value"),
    [
        ("3 coins (SR9) + 2 (Lantern) − 1", 4),
        ("2 × 3 + 1", 7),
        ("10 - 2 * 3 - 1", 3),
        ("space 5 + 2 (SR4, G4)", 7),
        ("(a 6 on the Well's 1) 5", 5),
        ("8 (7 coins + 1 seal) ÷ 5", 1),
        ("2 + 9 ÷ 5 × 2", 4),
        ("3 Mother-of-Pearl + 2 (a 5-iron yard) − 1 coral-coin", 4),
        ("2 5-iron + 10-2", 10),
    ],
)
def test_an_expression_is_worked_out_with_words_and_remarks_left_aside(expression: str, value: int) -> None:
    assert evaluate(expression) == (value, "")


@pytest.mark.parametrize(
    ("expression", "error"),
    [
        ("3 coins 2 seals", "two numbers"),
        ("3 +", "ends with an operator"),
        ("+ 3", "operator where a number belongs"),
        ("the Well (SR9)", "no number"),
        ("4 ÷ 0", "division by 0"),
    ],
)
def test_an_expression_that_is_not_arithmetic_is_named(expression: str, error: str) -> None:
    value, why = evaluate(expression)
    assert value is None
    assert error in why


def _example(note: str, then: str) -> str:
    return (
        "Feature: f\n  @SEALS.CAP\n  Rule: r\n    Example: e\n      Given a 2-player game\n"
        "      And clan 0 holds 5 seals\n      When clan 0 places the right black die on the Well\n"
        f"{note}      Then {then}\n"
    )


def test_a_wrong_sum_a_missing_result_and_a_number_not_stated_are_caught() -> None:
    feature = parse_feature(
        _example("      # 5 + 1 = 7; 3 + 3 = 6; 4\n", "clan 0 now holds 5 seals and 7 coins"), "t"
    )
    example = feature.rules[0].examples[0]
    found = problems(example)
    assert any("works out to 6, not 7" in p for p in found)
    assert any("3 + 3 = 6" in p and "gives 6, which the step does not state" in p for p in found)
    assert any("no '= N' result" in p for p in found)


def test_a_number_no_given_set_needs_a_derivation_and_one_a_given_set_does_not() -> None:
    bare = parse_feature(_example("", "clan 0 now holds 5 seals and 10 coins"), "t").rules[0].examples[0]
    assert unexplained(bare) == ["t:8: 10 in 'clan 0 now holds 5 seals and 10 coins'"]
    noted = (
        parse_feature(
            _example("      # 3 (SR9) + 6 + 1 = 10\n", "clan 0 now holds 5 seals and 10 coins"), "t"
        )
        .rules[0]
        .examples[0]
    )
    assert noted.steps[-1].note == "3 (SR9) + 6 + 1 = 10"
    assert unexplained(noted) == []
    assert problems(noted) == []


@pytest.mark.parametrize(
    ("note", "error"),
    [
        ("1 + 1 = 2 - 5", "no '= N' result"),
        ("2 (SR9; + 1 = 3", "unbalanced parentheses"),
        ("1 + 1 = 2 = 2", "more than one '='"),
        ("1" * 12 + " = 1", "more than 9 digits"),
    ],
)
def test_a_malformed_part_is_named(note: str, error: str) -> None:
    [part] = parts(note)
    assert error in part.error


def test_an_equals_sign_or_a_number_inside_a_remark_is_the_readers() -> None:
    assert [(p.stated, p.computed) for p in parts("1 (x = 2) + 1 = 2 (not = 3)")] == [(2, 2)]


def test_a_derivation_in_an_outline_is_filled_in_per_row() -> None:
    text = (
        "Feature: f\n  @SEALS.CAP\n  Rule: r\n    Scenario Outline: o <n>\n      Given a 2-player game\n"
        "      When clan 0 places the right black die on the Well\n      # <a> + 1 = <b>\n"
        "      Then clan 0 now holds <b> seals\n      Examples:\n        | n | a | b |\n"
        "        | x | 2 | 3 |\n        | y | 4 | 5 |\n"
    )
    rows = parse_feature(text, "t").rules[0].examples
    assert [e.steps[-1].note for e in rows] == ["2 + 1 = 3", "4 + 1 = 5"]
    assert [problems(e) for e in rows] == [[], []]


def test_a_semicolon_inside_a_remark_does_not_split_the_derivation() -> None:
    assert [(p.stated, p.computed) for p in parts("2 (SR9; the start) + 1 = 3; 4 = 4")] == [(3, 3), (4, 4)]


def test_a_derivation_spans_the_comment_lines_right_above_its_step() -> None:
    text = _example("      # 3 (SR9) + 6\n      # + 1 = 10\n", "clan 0 now holds 5 seals and 10 coins")
    example = parse_feature(text, "t").rules[0].examples[0]
    assert [p.stated for p in parts(example.steps[-1].note)] == [10]
    assert problems(example) == []
