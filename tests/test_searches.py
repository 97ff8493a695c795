"""The Hypothesis searches that draw games decision by decision (reference/searches.py): each
decision under a span label of its own, and the same examples for a seed whatever modules are
loaded."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import strategies as st

from reference.conformance.adapter import ReferenceAdapter
from reference.conformance.harness import DrawnChooser, play_differential
from reference.model import Setup
from reference.searches import DECISION_LABELS, LabelledDraw, decision_label

_PROBE = """
import importlib, json, sys
from hypothesis import HealthCheck, Phase, given, settings, seed, strategies as st
from reference.searches import without_local_constants

def drawn():
    seen = []

    @seed(11)
    @settings(max_examples=300, database=None, deadline=None, phases=(Phase.generate,),
              derandomize=False, suppress_health_check=list(HealthCheck))
    @given(st.integers(0, 10**9))
    def search(value):
        seen.append(value)

    search()
    return seen

with without_local_constants():
    before = drawn()
plain_before = drawn()
sys.path.insert(0, sys.argv[1])
importlib.import_module("many_constants_for_hypothesis")
with without_local_constants():
    after = drawn()
plain_after = drawn()
print(json.dumps([before, after, plain_before, plain_after]))
"""


def test_a_seed_draws_the_same_examples_after_a_module_with_new_constants_is_loaded(tmp_path: Path) -> None:
    """Hypothesis draws now and then a literal of a loaded local module; a search run without
    local constants draws the same values before and after a module full of new ones is imported,
    where the same search with them draws others. (In a process of its own: Hypothesis keeps the
    constants of every module it has seen for the rest of the process.)"""
    values = [123_456_789 + 7_919 * i for i in range(400)]
    (tmp_path / "many_constants_for_hypothesis.py").write_text(
        f"VALUES = ({', '.join(map(str, values))})\n", encoding="utf-8"
    )
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, str(tmp_path)], capture_output=True, text=True, check=True
    )
    before, after, plain_before, plain_after = json.loads(done.stdout)
    assert after == before
    assert plain_after != plain_before  # the constants do change what a seed draws without it
    assert set(values) & set(plain_after)
    assert not set(values) & set(after)


def test_each_value_of_a_game_is_drawn_under_a_label_of_its_own() -> None:
    """A verify game's choices (and a position's decisions) are drawn through LabelledDraw: the
    n-th under ``decision n``, so Hypothesis's mutants copy no decision over another."""
    labels: list[object] = []

    def draw(strategy: object, label: object = None) -> int:
        labels.append(label)
        return 0

    chooser = DrawnChooser(LabelledDraw(draw))  # type: ignore[arg-type]  # a recording stand-in for a DrawFn
    steps, divergence = play_differential(ReferenceAdapter(), Setup(players=2), chooser, 5)
    assert divergence is None
    assert steps > 20
    assert len(labels) == len(chooser.choices) > 20
    assert labels == [f"decision {n}" for n in range(len(labels))]
    counted = LabelledDraw(draw)  # type: ignore[arg-type]  # the same stand-in
    assert counted(st.integers(0, 3)) == 0
    assert counted.count == 1
    assert decision_label(DECISION_LABELS + 5) == decision_label(DECISION_LABELS - 1)
    assert decision_label(-1) == "decision 0"


def test_local_constants_come_back_after_nested_threaded_and_failing_searches() -> None:
    """Hypothesis's own function is back once the last search is out, whatever the order: nested,
    in two threads leaving in the other order than they came in, or ended by an exception."""
    import threading

    from hypothesis.internal.conjecture import providers

    from reference.searches import without_local_constants

    original = providers._get_local_constants
    with without_local_constants():
        assert providers._get_local_constants is not original
        with without_local_constants():
            pass
        assert providers._get_local_constants is not original  # the outer search is still inside
    assert providers._get_local_constants is original

    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    pinned_while_second_inside: list[bool] = []

    def first() -> None:
        with without_local_constants():
            first_in.set()
            second_in.wait(10)
        first_out.set()  # leaves first, while the second search is still inside

    def second() -> None:
        first_in.wait(10)
        with without_local_constants():
            second_in.set()
            first_out.wait(10)
            pinned_while_second_inside.append(providers._get_local_constants is not original)

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert pinned_while_second_inside == [True]
    assert providers._get_local_constants is original

    try:
        with without_local_constants():
            raise KeyError("a search that fails")
    except KeyError:
        pass
    assert providers._get_local_constants is original
