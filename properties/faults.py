"""Planted faults: break one rule in the engine, run a state machine, and show that it is caught and shrunk.

``python -m properties.faults [NAME ...] [--examples N]`` plants each named fault in this process (the
engine's modules are patched in memory and restored afterwards: the checkout is never edited), runs the
machine that should catch it with Hypothesis's shrinking switched on, and prints the rule ID of the
failure, the shrunk game step by step and where its replayable trace was written
(``out/properties/<Machine>-<RULE>.trace.json``; ``wcref replay`` reads it).

Faults (ISSUE 5):

- ``seal-cap-6``: Daimyo Seals capped at 6 instead of 5 (caught as ``SEALS.CAP``);
- ``hand-in-per-4``: the first clan's hand-in at 4 coins per lot instead of 3 (``SOLO.ROUND.HAND_IN``);
- ``rival-pays``: the rival pays 1 coin for a die lower than its space's (``SOLO.GOLDEN.NEVER_PAYS``).

``tests/test_properties_faults.py`` plants the same faults (shrinking off, to stay fast).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass

import click
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test
from msgspec.structs import replace

from properties import machines
from properties.machines import GameMachine, MultiClanGame, PropertyFailure, TokugawaGame
from reference.model import SoloCard, Space, State
from reference.model import events as ev
from reference.rules import holdings
from reference.rules.common import with_clan
from reference.rules.solo import rival as rival_rules
from reference.rules.solo.rival import Rival


@contextmanager
def _patched(module: object, name: str, value: object) -> Iterator[None]:
    original = getattr(module, name)
    setattr(module, name, value)
    try:
        yield
    finally:
        setattr(module, name, original)


def seal_cap_6() -> AbstractContextManager[None]:
    """Daimyo Seals capped at 6 (breaks SEALS.CAP)."""
    return _patched(holdings, "SEAL_CAP", 6)


def hand_in_per_4() -> AbstractContextManager[None]:
    """The first clan's hand-in at 4 coins per lot (breaks SOLO.ROUND.HAND_IN)."""
    return _patched(rival_rules, "HAND_IN_RATE", {0: 4, 1: 5})


_HONEST_PLACE = Rival.place


def _paying_place(self: Rival, state: State, clan: int, card: SoloCard, space: Space, rule: str) -> State:
    state = _HONEST_PLACE(self, state, clan, card, space, rule)
    placed = [e for e in state.events if isinstance(e, ev.DiePlaced)][-1]
    holder = state.clans[clan]
    if placed.value < placed.covered and holder.coins > 0:  # the rival pays for a low die
        state = with_clan(state, clan, replace(holder, coins=holder.coins - 1))
    return state


def rival_pays() -> AbstractContextManager[None]:
    """The rival pays 1 coin when its die is lower than the space's (breaks SOLO.GOLDEN.NEVER_PAYS)."""
    return _patched(Rival, "place", _paying_place)


@dataclass(frozen=True)
class Fault:
    """One planted fault: how to plant it, the machine that should catch it, the rule it breaks."""

    plant: Callable[[], AbstractContextManager[None]]
    machine: type[GameMachine]
    rule: str


FAULTS: dict[str, Fault] = {
    "seal-cap-6": Fault(seal_cap_6, MultiClanGame, "SEALS.CAP"),
    "hand-in-per-4": Fault(hand_in_per_4, TokugawaGame, "SOLO.ROUND.HAND_IN"),
    "rival-pays": Fault(rival_pays, TokugawaGame, "SOLO.GOLDEN.NEVER_PAYS"),
}
"""The planted faults by name."""


def hunt_settings(examples: int, *, shrink: bool) -> settings:
    """The Hypothesis settings of a fault hunt: ``examples`` whole games, derandomized, no example
    database, shrinking only when asked."""
    return settings(
        max_examples=examples,
        stateful_step_count=320,
        deadline=None,
        database=None,
        derandomize=True,
        phases=[Phase.explicit, Phase.generate, *([Phase.shrink] if shrink else [])],
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )


def hunt(fault: Fault, *, examples: int, shrink: bool) -> PropertyFailure | None:
    """Run ``fault.machine`` with the fault planted (:func:`hunt_settings`): the failure it raises,
    or None when no generated game broke the rule."""
    with fault.plant():
        try:
            run_state_machine_as_test(fault.machine, settings=hunt_settings(examples, shrink=shrink))
        except PropertyFailure as failure:
            return failure
    return None


@click.command(help="Plant faults in the engine and show that the state machines catch and shrink them.")
@click.argument("names", nargs=-1, type=click.Choice(list(FAULTS)))
@click.option(
    "--examples", type=click.IntRange(min=1), default=60, show_default=True, help="Games per fault."
)
def main(names: tuple[str, ...], examples: int) -> None:
    """Plant each named fault (all by default), hunt it with shrinking on, print what was caught.
    Exit 0 when every fault was caught with its rule ID, 1 otherwise."""
    missed = 0
    for name in names or tuple(FAULTS):
        fault = FAULTS[name]
        click.echo(f"== {name}: {fault.machine.__name__}, expecting [{fault.rule}]")
        failure = hunt(fault, examples=examples, shrink=True)
        if failure is None:
            click.echo(f"NOT CAUGHT in {examples} games")
            missed += 1
            continue
        caught = str(failure).startswith(f"[{fault.rule}]")
        click.echo(f"{'caught' if caught else 'caught under ANOTHER rule'}: {failure}")
        click.echo("the shrunk game, step by step (with the fault planted):")
        for text in getattr(failure, "__notes__", ()):
            if isinstance(text, str) and text.startswith(("#", "a ")):  # the machine's own notes
                click.echo("  " + text.replace("\n", "\n  "))
        path = machines.FAILURES_DIR / f"{fault.machine.__name__}-{fault.rule}.trace.json"
        click.echo(f"shrunk trace: {path} (`wcref replay --log {path}` replays it on the whole engine)")
        missed += 0 if caught else 1
    raise SystemExit(1 if missed else 0)


if __name__ == "__main__":
    main()
