"""The CrossHair contracts of properties/contracts.py (and those in the rule functions' docstrings),
checked at run time on values drawn by Hypothesis; ``tox -e contracts`` checks them symbolically
(ISSUE 5)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

from properties.contracts import CONTRACTS, DOMAINS, conditions, qualified, report, violations


@pytest.mark.parametrize("fn", CONTRACTS, ids=qualified)
@given(data=st.data())
def test_contract_holds(fn: Callable[..., Any], data: st.DataObject) -> None:
    args = data.draw(DOMAINS[fn], label="arguments")
    broken = violations(fn, *args)
    assert broken is not None, f"{qualified(fn)}{args}: drawn outside the contract's preconditions"
    assert broken == [], f"{qualified(fn)}{args}: postconditions broken: {broken}"


@pytest.mark.parametrize("fn", CONTRACTS, ids=qualified)
def test_every_contract_has_conditions_and_values(fn: Callable[..., Any]) -> None:
    parameters = inspect.signature(fn).parameters.values()
    if any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in parameters):
        pytest.skip("wrapped by a mutation-testing trampoline (mutmut)")
    kinds = {c.kind for c in conditions(fn)}
    assert kinds == {"pre", "post"}, qualified(fn)
    drawn = find(DOMAINS[fn], lambda args: True, settings=settings(database=None))
    assert len(drawn) == len(parameters)


@pytest.mark.rule("PLACE.COIN_DIFFERENCE")
def test_a_wrong_rule_breaks_its_contract() -> None:
    from properties import contracts

    def reversed_difference(die: int, space: int) -> int:  # the covered value minus the die: wrong
        return -contracts.placement_coins(die, space)

    assert violations(contracts.placement_coins, 6, 0, using=reversed_difference) == [
        "__return__ == die - (3, 3, 3, 4, 4, 5, 5, 1, 6, 6, 6)[space]",
        "(__return__ > 0) == (die > (3, 3, 3, 4, 4, 5, 5, 1, 6, 6, 6)[space])",
    ]
    assert violations(contracts.placement_coins, 6, 0) == []  # the engine's rule keeps it
    assert violations(contracts.placement_coins, 0, 0, using=reversed_difference) is None  # no die shows 0


def test_the_crosshair_report_names_every_contract() -> None:
    from properties import contracts

    first = conditions(contracts.seal_gain)
    post = next(c for c in first if c.kind == "post")
    path = contracts.__file__
    rows, ok = report(
        [
            f"{path}:{post.line}: info: Confirmed over all paths.",
            f"{path}:1: error: false when calling seal_gain(5, 1) (which returns 6)",
        ]
    )
    assert not ok
    assert ("properties.contracts.seal_gain", post.expr, "Confirmed over all paths.") in rows
    assert {name for name, _, _ in rows} == {qualified(fn) for fn in CONTRACTS}


@pytest.mark.rule("PLACE.COIN_DIFFERENCE", "PLACE.STACK_3_4P")
def test_the_covering_contract_states_the_rule_not_the_expression() -> None:
    """The covered-die contract says what the rule says (a higher die earns, an equal one is free, a
    die over a 1 never pays) without restating ``die - covered``: a reversed difference and a
    difference against the printed value both break it."""
    from properties import contracts

    assert violations(contracts.covered_coins, 5, 2, using=lambda die, covered: covered - die) == [
        "(__return__ > 0) == (die > covered)"
    ]
    assert violations(contracts.covered_coins, 2, 1, using=lambda die, covered: die - 3) == [
        "(__return__ > 0) == (die > covered)",
        "covered != 1 or __return__ >= 0",
    ]
    assert violations(contracts.covered_coins, 5, 2) == []
