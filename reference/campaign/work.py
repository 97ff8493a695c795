"""A shard's work, as a Dask worker runs it: play and check its games, tally what they exercised.

:func:`run_shard` is a pure function of its :class:`~reference.campaign.plan.Shard` (the same shard
gives the same result on any worker, any number of times), so a shard lost with a worker is simply
run again, and the store keeps the first result it receives. :func:`shrink_failure` shrinks one
failure (a separate task, run once per rule at the end of a campaign).
"""

from __future__ import annotations

import os
import socket
import time
from collections import Counter
from typing import TYPE_CHECKING

import msgspec

from reference import wire
from reference.campaign import games
from reference.campaign.plan import Shard, setup_for
from reference.model import Action, Setup

if TYPE_CHECKING:
    from reference.conformance.outcome import Player

IMPL_TIMEOUT = 20.0
"""Seconds an implementation under test may take for one reply (``--impl``)."""


class GameRow(msgspec.Struct, frozen=True, array_like=True):
    """One game's line in the store: its seed, ``outcome`` (``ok``; ``unfinished``, see
    :data:`reference.campaign.games.MAX_STEPS`; or the failure's kind), the rule
    of its failure (empty when none), the winners' clan indices, each clan's total (Clan Points; empty
    when the game did not end), decisions taken by the policy and actions in all."""

    seed: int
    outcome: str
    rule: str
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    decisions: int
    actions: int


class FailureRow(msgspec.Struct, frozen=True, kw_only=True):
    """A failed game: its seed, the failure (kind, rule, message, index of the failing action) and
    its replayable trace (JSON: the setup and every action up to the failing one; ``wcref replay``
    reads it). ``kind`` ``diverged``: the implementation under test parted from the reference."""

    seed: int
    kind: str
    rule: str
    message: str
    step: int
    trace: str


class ShardResult(msgspec.Struct, frozen=True, kw_only=True):
    """What a shard found: a row per game (seeds ascending), how often each register ID was applied
    by the games' events, how many games reached each situation, the failures, the CPU seconds it
    took and the worker that ran it (host:pid)."""

    shard: Shard
    games: tuple[GameRow, ...]
    rules: dict[str, int]
    reached: dict[str, int]
    failures: tuple[FailureRow, ...]
    seconds: float
    worker: str


def trace_json(setup: Setup, actions: list[Action]) -> str:
    """The trace of a failed game, as JSON text (no final state: the last action is the failing one)."""
    return wire.encode(wire.Trace(setup=setup, actions=tuple(actions))).decode()


def spoiler(plant: str) -> games.Spoiler | None:
    """The planted fault named ``plant`` (:data:`properties.faults.FAULTS`), None for an empty name.
    Raises KeyError for an unknown name."""
    if not plant:
        return None
    from properties.faults import FAULTS

    return FAULTS[plant].spoil


def run_shard(shard: Shard, impl: str = "") -> ShardResult:
    """Play the shard's games (see :func:`reference.campaign.games.play`); with ``impl`` (a command
    line) each game is also played in outcome mode against that implementation, and each divergence
    is a failure of kind ``diverged``."""
    started = time.process_time()
    spoil = spoiler(shard.plant)
    rows: list[GameRow] = []
    rules: Counter[str] = Counter()
    reached: Counter[str] = Counter()
    failures: list[FailureRow] = []
    player = start_implementation(impl) if impl else None
    try:
        for seed in range(shard.first, shard.first + shard.count):
            setup = setup_for(shard.setup, seed)
            game = games.play(setup, seed, shard.policy, spoiler=spoil, legal_every=shard.legal_every)
            rules.update(game.rules)
            reached.update(game.reached)
            failure = game.failure
            final = game.final
            ended = failure is None and not game.unfinished
            rows.append(
                GameRow(
                    seed=seed,
                    outcome=game.outcome,
                    rule="" if failure is None else failure.rule,
                    winners=final.winners if ended else (),
                    totals=tuple(line.total for line in final.scores) if ended else (),
                    decisions=game.decisions,
                    actions=len(game.actions),
                )
            )
            if failure is not None:
                failures.append(
                    FailureRow(
                        seed=seed,
                        kind=failure.kind,
                        rule=failure.rule,
                        message=failure.message,
                        step=failure.step,
                        trace=trace_json(setup, game.actions),
                    )
                )
            if player is not None:
                parted = _differential(player, setup, seed)
                failures.extend(parted)
                if parted and rows[-1].outcome in ("ok", "unfinished"):
                    rows[-1] = msgspec.structs.replace(rows[-1], outcome=parted[0].kind, rule=parted[0].rule)
    finally:
        if player is not None:
            player.close()
    return ShardResult(
        shard=shard,
        games=tuple(rows),
        rules=dict(rules),
        reached=dict(reached),
        failures=tuple(failures),
        seconds=time.process_time() - started,
        worker=f"{socket.gethostname()}:{os.getpid()}",
    )


def start_implementation(command: str) -> Player:
    """The implementation ``command`` (a shell-like command line, never run through a shell), started
    and greeted (``hello``). Raises ValueError for a command that does not split or is empty,
    ImplementationError or OSError when it cannot start or answer (it is closed then)."""
    from reference.conformance.process import SubprocessImplementation

    player = SubprocessImplementation(command, timeout=IMPL_TIMEOUT)
    try:
        player.hello()
    except BaseException:
        player.close()
        raise
    return player


def _differential(player: Player, setup: Setup, seed: int) -> list[FailureRow]:
    """The game ``seed`` of ``setup`` played in outcome mode against ``player``: a failure per
    divergence (its path from the start is the trace), or one ``impl-failed`` failure when the
    implementation crashed, hung or refused to play."""
    from reference.conformance.adapter import ImplementationError
    from reference.conformance.outcome import play_game

    try:
        _, divergences = play_game(player, setup, seed, keep_going=True)
    except ImplementationError as exc:
        return [
            FailureRow(
                seed=seed,
                kind="impl-failed",
                rule="CONFORMANCE.IMPLEMENTATION",
                message=str(exc),
                step=0,
                trace="",
            )
        ]
    return [
        FailureRow(
            seed=seed,
            kind="diverged",
            rule=d.rule,
            message=d.message,
            step=d.stop,
            trace=msgspec.json.encode(
                {"setup": setup, "path": d.path, "differences": d.differences}
            ).decode(),
        )
        for d in divergences
    ]


class ShrunkRow(msgspec.Struct, frozen=True, kw_only=True):
    """A rule's shrunk failure: the game it came from (setup, policy, seed), its size before and after
    (actions; decisions off the first legal action), the replays it took, the shrunk game's message
    and its trace (JSON)."""

    rule: str
    setup: str
    policy: str
    seed: int
    before: tuple[int, int]
    after: tuple[int, int]
    replays: int
    message: str
    trace: str


def shrink_failure(
    setup_name: str, policy: str, seed: int, rule: str, plant: str, legal_every: int
) -> ShrunkRow:
    """Shrink the failure on ``rule`` of game ``seed`` of the cell (see :func:`games.shrink`)."""
    setup = setup_for(setup_name, seed)
    shrunk = games.shrink(setup, seed, policy, rule, spoiler=spoiler(plant), legal_every=legal_every)
    failure = shrunk.game.failure
    return ShrunkRow(
        rule=rule,
        setup=setup_name,
        policy=policy,
        seed=seed,
        before=shrunk.before,
        after=shrunk.after,
        replays=shrunk.replays,
        message="" if failure is None else failure.message,
        trace=trace_json(setup, shrunk.game.actions),
    )
