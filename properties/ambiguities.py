"""Do the readings of an ambiguous rule lead to different games? (``wcref ambiguities``)

For every register entry with two or more readings (``READING.*``: its ``readings`` and the Setup
field ``setting`` that selects one), a Hypothesis property plays two games in lockstep: the same solo
setup except the reading, the same chance outcomes, and the same decisions wherever both games allow
them. It fails as soon as the two games' canonical observations (:func:`reference.wire.observe`, the
setup aside) differ; Hypothesis then shrinks the pair to the smallest such game, the *witness*, given
as one trace per reading. A reading whose search finds no difference in N games is reported as such.

The command needs Hypothesis (the ``test`` or ``properties`` extra); it is imported when a search runs.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import click
import msgspec
from msgspec.structs import replace

from reference import wire
from reference.engine import apply, is_chance, is_over, legal_actions, new_game
from reference.errors import IllegalAction
from reference.model import Action, Readings, Setup, Solo, State
from reference.paths import directory_problem
from reference.rulebook import RuleEntry, load_register

if TYPE_CHECKING:
    from hypothesis import strategies as st

MAX_ACTIONS: Final = 400
"""A lockstep game longer than this is abandoned (no witness from it)."""


@dataclass(frozen=True)
class Witness:
    """Two games that differ only in the reading: their traces, the action after which their
    observations first differ, and where (a path into the observation and both values)."""

    rule: str
    setting: str
    readings: tuple[str, str]
    traces: tuple[wire.Trace, wire.Trace]
    step: int
    where: str


@dataclass(frozen=True)
class Finding:
    """The outcome of one reading's search: a witness, or none in ``games`` games."""

    entry: RuleEntry
    games: int
    witness: Witness | None


class _Differ(AssertionError):
    """Raised inside the property when the two games' observations part."""


def readings() -> list[RuleEntry]:
    """The register entries with two or more readings and the Setup field that selects one."""
    return [e for e in load_register() if e.status == "reading" and len(e.readings) >= 2 and e.setting]


def with_reading(setup: Setup, setting: str, value: str) -> Setup:
    """``setup`` with the reading ``setting`` (``solo.action_order``, ``readings.domain_icon``...)
    set to ``value``."""
    owner, _, field = setting.partition(".")
    if owner == "readings" and field in Readings.__struct_fields__:
        return replace(setup, readings=replace(setup.readings, **{field: value}))
    if owner != "solo" or setup.solo is None or field not in Solo.__struct_fields__:
        raise ValueError(f"cannot set {setting!r} on this setup")
    return replace(setup, solo=replace(setup.solo, **{field: value}))


def _observation(state: State) -> Any:
    view = wire.observe(state)
    return msgspec.to_builtins(replace(view, setup=Setup()))


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """The first place (a JSON path and both values) where two observations differ, or None."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            found = first_difference(a.get(key), b.get(key), f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found is not None:
                return found
        return None
    if a != b:
        return f"{path or '$'}: {json.dumps(a)} vs {json.dumps(b)}"
    return None


def _legal_in(state: State, action: Action) -> bool:
    try:
        apply(state, action)
    except IllegalAction:
        return False
    return True


def play_lockstep(
    data: st.DataObject, setups: tuple[Setup, Setup]
) -> tuple[list[Action], list[Action], str | None]:
    """Play the two setups side by side; return both action lists and the first difference of their
    observations (None when the games ended alike)."""
    from properties import strategies as strat

    a, b = new_game(setups[0]), new_game(setups[1])
    acts_a: list[Action] = []
    acts_b: list[Action] = []
    while not (is_over(a) and is_over(b)) and len(acts_a) < MAX_ACTIONS:
        if is_chance(a):
            move_a: Action = strat.draw_outcome(data.draw, a)
            move_b: Action = move_a
            if not (is_chance(b) and _legal_in(b, move_b)):
                move_b = (
                    strat.draw_outcome(data.draw, b)
                    if is_chance(b)
                    else strat.choose(data, b, legal_actions(b), "eager")
                )
        else:
            move_a = strat.choose(data, a, legal_actions(a), "eager")
            options_b = legal_actions(b)
            move_b = (
                move_a
                if move_a in options_b
                else (
                    strat.draw_outcome(data.draw, b)
                    if is_chance(b)
                    else strat.choose(data, b, options_b, "eager")
                )
            )
        a, b = apply(a, move_a), apply(b, move_b)
        acts_a.append(move_a)
        acts_b.append(move_b)
        where = first_difference(_observation(a), _observation(b))
        if where is not None:
            return acts_a, acts_b, where
    return acts_a, acts_b, None


def search(entry: RuleEntry, games: int, *, seed: int | None = None, shrink: bool = True) -> Finding:
    """Search ``games`` lockstep games for a difference between the entry's first two readings;
    shrink the first one found (unless ``shrink`` is False: the first witness found, as it is)."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as use_seed
    from hypothesis import strategies as st

    from properties import strategies as strat

    assert entry.setting is not None
    setting = entry.setting
    pair = (entry.readings[0], entry.readings[1])
    found: list[Witness] = []
    # a solo rival's reading needs a solo game; a base-game reading is searched in any game
    solo = True if setting.startswith("solo.") else None

    @settings(
        max_examples=games,
        deadline=None,
        database=None,
        derandomize=seed is None,
        phases=(Phase.generate, Phase.shrink) if shrink else (Phase.generate,),
        suppress_health_check=list(HealthCheck),
    )
    @given(setup=strat.setups(solo=solo, generated=0.25), data=st.data())
    def differs(setup: Setup, data: st.DataObject) -> None:
        setups = (with_reading(setup, setting, pair[0]), with_reading(setup, setting, pair[1]))
        acts_a, acts_b, where = play_lockstep(data, setups)
        if where is not None:
            traces = (
                wire.Trace(setup=setups[0], actions=tuple(acts_a)),
                wire.Trace(setup=setups[1], actions=tuple(acts_b)),
            )
            found[:] = [Witness(entry.id, setting, pair, traces, len(acts_a), where)]
            raise _Differ(where)

    test = use_seed(seed)(differs) if seed is not None else differs
    try:
        test()
    except _Differ:
        return Finding(entry, games, found[-1])
    return Finding(entry, games, None)


def trace_json(trace: wire.Trace, *, indent: int | None = None) -> str:
    """A trace as JSON text (compact unless ``indent``)."""
    data = json.loads(wire.encode(trace))
    if indent is None:
        return json.dumps(data, separators=(",", ":"))
    return json.dumps(data, indent=indent)


def describe(finding: Finding, out: Path | None) -> list[str]:
    """The report lines of one finding (writing the witness traces to ``out`` when given)."""
    entry = finding.entry
    head = f"{entry.id} ({entry.setting}: {' | '.join(entry.readings)}):"
    w = finding.witness
    if w is None:
        games = "1 game" if finding.games == 1 else f"{finding.games} games"
        return [f"{head} no difference found in {games}"]
    lines = [
        f"{head} matters",
        f"  witness: {w.step} action(s); after action {w.step} the observations differ at {w.where}",
    ]
    for reading, trace in zip(w.readings, w.traces, strict=True):
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            path = out / f"{entry.id}.{reading}.trace.json"
            path.write_text(trace_json(trace, indent=1) + "\n", encoding="utf-8")
            lines.append(f"  {reading}: {path}")
        else:
            lines.append(f"  {reading}: {trace_json(trace)}")
    return lines


@click.command()
@click.option(
    "--games", type=click.IntRange(min=1), default=200, show_default=True, help="Games searched per reading."
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Write the witness traces to this folder (default: print them inline as JSON).",
)
@click.option("--seed", type=int, default=None, help="Random search with this seed (default: derandomized).")
def ambiguities(games: int, out: Path | None, seed: int | None) -> None:
    """For every registered ambiguity (READING.*), search for a game in which its readings lead to
    different observations: "matters" with the shrunk witness game (one trace per reading), or "no
    difference found in N games"."""
    if out is not None:  # checked before the search, which takes minutes
        problem = directory_problem(out)
        if problem is not None:
            raise click.ClickException(f"cannot write the witness traces: {problem}")
    try:
        import hypothesis  # noqa: F401
    except ImportError as exc:  # pragma: no cover - the test extra brings Hypothesis
        raise click.ClickException("wcref ambiguities needs Hypothesis: pip install -e '.[test]'") from exc
    for entry in readings():
        for line in describe(search(entry, games, seed=seed), out):
            click.echo(line)


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m properties.ambiguities`` (the same as ``wcref ambiguities``)."""
    ambiguities.main(args=list(argv) if argv is not None else None)


if __name__ == "__main__":
    main()
