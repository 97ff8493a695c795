"""Planted faults: break one rule, run a state machine, and show that it is caught and shrunk.

A fault is a state machine whose engine is spoiled: it overrides ``engine_apply`` to alter the state
the engine returns, as a buggy implementation would (the engine is never patched, the checkout never
edited). ``python -m properties.faults [NAME ...] [--examples N]`` runs each named fault's machine
with Hypothesis's shrinking switched on, and prints the rule ID of the failure, the shrunk game step
by step and where its replayable trace was written (``out/properties/<Machine>-<RULE>.trace.json``;
``wcref replay`` reads it and replays the actions on the whole engine).

Faults (ISSUE 5):

- ``seal-cap-6``: Daimyo Seals capped at 6 instead of 5 (caught as ``SEALS.CAP``);
- ``hand-in-per-4``: the first clan's hand-in at 4 coins per lot instead of 3 (``SOLO.ROUND.HAND_IN``);
- ``rival-pays``: the rival pays 1 coin for a die lower than its space's (``SOLO.GOLDEN.NEVER_PAYS``).

``tests/test_properties_faults.py`` runs the same machines (shrinking off, to stay fast).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import click
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test
from msgspec.structs import replace

from properties import machines
from properties.machines import GameMachine, MultiClanGame, PropertyFailure, TokugawaGame
from reference.model import Action, GainKind, State
from reference.model import events as ev
from reference.rules.common import with_clan


def seal_cap_6(before: State, action: Action, after: State) -> State:
    """Seals the cap took are given back up to 6: each clan keeps what a cap of 6 would have let it
    keep (breaks SEALS.CAP)."""
    for event in after.events:
        if isinstance(event, ev.Gained) and event.what is GainKind.SEAL and event.kept < event.n:
            holder = after.clans[event.clan]
            after = with_clan(
                after, event.clan, replace(holder, seals=min(6, holder.seals + event.n - event.kept))
            )
    return after


def hand_in_per_4(before: State, action: Action, after: State) -> State:
    """The first clan's hand-in at 4 coins per lot: its Clan Points and the coins it keeps are those
    of rate 4 (breaks SOLO.ROUND.HAND_IN)."""
    for event in after.events:
        if isinstance(event, ev.HandIn) and event.place == 0:
            holder = after.clans[event.clan]
            points, kept = event.round * (event.coins // 4), event.coins % 4
            spoiled = replace(
                holder, cp=holder.cp - event.points + points, coins=holder.coins - event.kept + kept
            )
            after = with_clan(after, event.clan, spoiled)
    return after


def rival_pays(before: State, action: Action, after: State) -> State:
    """The rival pays 1 coin when its die is lower than the space's (breaks SOLO.GOLDEN.NEVER_PAYS)."""
    for event in after.events:
        if isinstance(event, ev.DiePlaced) and after.clans[event.clan].rival and event.value < event.covered:
            holder = after.clans[event.clan]
            if holder.coins > 0:
                after = with_clan(after, event.clan, replace(holder, coins=holder.coins - 1))
    return after


class SealCap6Game(MultiClanGame):
    """Multi-clan games on an engine that lets a clan hold 6 Daimyo Seals."""

    def engine_apply(self, state: State, action: Action) -> State:
        return seal_cap_6(state, action, super().engine_apply(state, action))


class HandInPer4Game(TokugawaGame):
    """Tokugawa games on an engine whose first-place hand-in takes 4 coins per lot."""

    def engine_apply(self, state: State, action: Action) -> State:
        return hand_in_per_4(state, action, super().engine_apply(state, action))


class RivalPaysGame(TokugawaGame):
    """Tokugawa games on an engine whose rival pays for a low die."""

    def engine_apply(self, state: State, action: Action) -> State:
        return rival_pays(state, action, super().engine_apply(state, action))


@dataclass(frozen=True)
class Fault:
    """One planted fault: the spoiled machine that should catch it, the rule it breaks and the
    spoiling step itself (the state the engine returned, spoiled; ``wcref campaign --plant`` plays
    its games on it)."""

    machine: type[GameMachine]
    rule: str
    spoil: Callable[[State, Action, State], State]


FAULTS: dict[str, Fault] = {
    "seal-cap-6": Fault(SealCap6Game, "SEALS.CAP", seal_cap_6),
    "hand-in-per-4": Fault(HandInPer4Game, "SOLO.ROUND.HAND_IN", hand_in_per_4),
    "rival-pays": Fault(RivalPaysGame, "SOLO.GOLDEN.NEVER_PAYS", rival_pays),
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
    """Run ``fault.machine`` (:func:`hunt_settings`): the failure it raises, or None when no
    generated game broke the rule."""
    try:
        run_state_machine_as_test(fault.machine, settings=hunt_settings(examples, shrink=shrink))
    except PropertyFailure as failure:
        return failure
    return None


@click.command(
    help="Run the state machines on spoiled engines and show that they catch and shrink each fault."
)
@click.argument("names", nargs=-1, type=click.Choice(list(FAULTS)))
@click.option(
    "--examples", type=click.IntRange(min=1), default=60, show_default=True, help="Games per fault."
)
def main(names: tuple[str, ...], examples: int) -> None:
    """Hunt each named fault (all by default) with shrinking on, print what was caught.
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
        click.echo("the shrunk game, step by step (on the spoiled engine):")
        for text in getattr(failure, "__notes__", ()):
            if isinstance(text, str) and text.startswith(("#", "a ")):  # the machine's own notes
                click.echo("  " + text.replace("\n", "\n  "))
        path = machines.FAILURES_DIR / f"{fault.machine.__name__}-{fault.rule}.trace.json"
        click.echo(
            f"shrunk trace: {path} (`wcref replay --log {path}` replays its actions on the honest engine "
            "and lists the fields the fault spoiled)"
        )
        missed += 0 if caught else 1
    raise SystemExit(1 if missed else 0)


if __name__ == "__main__":
    main()
