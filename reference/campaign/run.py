"""Running a campaign on Dask distributed: a local cluster (one worker process per core) or a remote
scheduler.

The driver submits every shard not yet recorded as a task (:func:`reference.campaign.work.run_shard`),
records each result as it arrives (one transaction per shard), then shrinks one failure per rule.
Dask reschedules the tasks of a worker that dies; a shard run twice is recorded once. Ctrl-C stops
the run after cancelling what is pending: what was recorded stays, and running the campaign again
resumes with the shards that are missing.
"""

from __future__ import annotations

import hashlib
import logging
import os
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from reference.campaign.plan import Plan, Shard
from reference.campaign.store import Store
from reference.campaign.work import ShardResult, ShrunkRow, run_shard, shrink_failure

if TYPE_CHECKING:
    from distributed import Client, Future, LocalCluster

Progress = Callable[[int, int, int], None]
"""Called after each shard received with (games recorded, games planned, failed games recorded)."""


WORKER_WAIT = 60.0
"""Seconds a campaign on a scheduler waits for its first worker."""


class WorkersError(Exception):
    """The campaign cannot run on the scheduler asked for: not an address, no worker joined, or a
    worker cannot import this version of wcref (every worker needs the same version installed)."""


class CampaignStopped(Exception):
    """The run was interrupted (Ctrl-C); what was recorded stays and a new run resumes."""


@dataclass
class RunSummary:
    """What a run did: shards run and skipped (already recorded), shards recorded twice (ignored),
    games and failed games recorded in all, shards whose task failed (with the reason), rules
    shrunk, wall seconds."""

    shards_run: int = 0
    shards_skipped: int = 0
    duplicates: int = 0
    games: int = 0
    failures: int = 0
    broken_shards: list[str] = field(default_factory=list)
    shrunk: int = 0
    seconds: float = 0.0


def _encoded(shard: Shard) -> str:
    """The whole shard (seeds, count, plant, legal actions' frequency) as text, for its task key."""
    return msgspec.json.encode(shard).decode()


def task_key(prefix: str, payload: str, impl: str) -> str:
    """A Dask task key unique to the work (two campaigns on one scheduler never share a result)."""
    return f"wcref-{prefix}-" + hashlib.sha256(f"{payload}\n{impl}".encode()).hexdigest()[:32]


def run(
    folder: Path,
    plan: Plan,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> RunSummary:
    """Run (or resume) the campaign of ``folder`` with ``plan`` (see the module docstring): on a new
    local cluster of ``workers`` processes (default: one per core), or on the Dask scheduler at
    ``scheduler`` (``tcp://host:port``). Raises StoreError for a folder holding another plan,
    CampaignStopped on Ctrl-C, OSError / TimeoutError when the scheduler cannot be reached."""
    from distributed import Client, as_completed

    started = time.perf_counter()
    summary = RunSummary()
    # a scheduler is reached and its workers checked before the folder is touched: a campaign that
    # cannot run there leaves nothing behind
    remote: Client | None = None
    try:
        if scheduler is not None:
            remote = _connect(scheduler)
            _check_workers(remote, scheduler)
        store_now = Store(folder)
    except BaseException as exc:
        if remote is not None:
            remote.close()
        if isinstance(exc, KeyboardInterrupt):
            raise CampaignStopped("stopped before the campaign started: nothing was recorded") from exc
        raise
    with store_now as store:
        store.start(plan)
        done = store.done()
        todo = [shard for shard in plan.shards() if shard.id not in done]
        summary.shards_skipped = len(done)
        cluster: LocalCluster | None = None
        client: Client | None = None
        futures: dict[Future[ShardResult], Shard] = {}
        games, failed = store.games_recorded(), store.failures_recorded()
        try:
            if remote is None:
                cluster = _local_cluster(workers or os.cpu_count() or 1)
                client = Client(cluster)
            else:
                client = remote
            futures = {
                client.submit(
                    run_shard, shard, plan.impl, key=task_key("shard", _encoded(shard), plan.impl)
                ): shard
                for shard in todo
            }
            for future in as_completed(list(futures)):
                shard = futures.pop(future)
                try:
                    result: ShardResult = future.result()
                except Exception as exc:  # the task itself failed (not a game: a game's failure is data)
                    summary.broken_shards.append(f"{shard.id}: {type(exc).__name__}: {exc}")
                    continue
                finally:
                    future.release()
                if result.shard != shard:  # never trust a result for another shard (a shared scheduler)
                    summary.broken_shards.append(f"{shard.id}: the result received is for {result.shard}")
                    continue
                if store.record(result, time.time()):
                    summary.shards_run += 1
                    games += len(result.games)
                    failed += len({f.seed for f in result.failures})
                else:
                    summary.duplicates += 1
                if progress is not None:
                    progress(games, plan.total, failed)
            summary.shrunk = _shrink(client, store, plan)
        except KeyboardInterrupt as exc:
            if client is not None and futures:
                client.cancel(list(futures))
            raise CampaignStopped(
                f"stopped: {store.games_recorded()} of {plan.total} games recorded; "
                f"run the campaign again to resume"
            ) from exc
        finally:
            if client is not None:
                client.close()
            if cluster is not None:
                cluster.close()
        summary.games = store.games_recorded()
        summary.failures = store.failures_recorded()
    summary.seconds = time.perf_counter() - started
    return summary


def _version() -> str:
    """This wcref's version (run on each worker to check it has the same)."""
    from importlib.metadata import version

    return version("wcref")


CONNECT_WAIT = 20.0
"""Seconds to wait for a scheduler's answer when connecting."""


def _connect(scheduler: str) -> Client:
    """A client of the scheduler at ``scheduler``. Connecting runs in a daemon thread bounded by
    :data:`CONNECT_WAIT`: a listener that accepts the connection but never answers would otherwise
    hold the campaign for ever. Raises WorkersError (not an address, no answer) or OSError."""
    from distributed import Client

    got: list[Client] = []
    failed: list[BaseException] = []

    def connect() -> None:
        try:
            got.append(Client(scheduler, timeout=10))
        except BaseException as exc:  # handed to the caller's thread
            failed.append(exc)

    thread = threading.Thread(target=connect, name="wcref-connect", daemon=True)
    thread.start()
    thread.join(CONNECT_WAIT)
    if failed:
        if isinstance(failed[0], ValueError):  # "missing port", "unknown address scheme"
            raise WorkersError(f"--scheduler {scheduler}: {failed[0]}") from failed[0]
        raise failed[0]
    if not got:
        raise WorkersError(
            f"--scheduler {scheduler}: no answer in {CONNECT_WAIT:.0f} s (is it a Dask scheduler?)"
        )
    return got[0]


def _check_workers(client: Client, scheduler: str) -> None:
    """Wait for a worker, then check every worker runs this version of wcref. Raises WorkersError."""
    try:
        client.wait_for_workers(1, timeout=WORKER_WAIT)
    except TimeoutError as exc:
        raise WorkersError(
            f"no worker joined the scheduler {scheduler} in {WORKER_WAIT:.0f} s "
            "(start some: dask worker ADDRESS --nthreads 1, on machines with wcref installed)"
        ) from exc
    try:
        versions: dict[str, str] = client.run(_version)
    except Exception as exc:  # a worker without wcref cannot even unpickle the check
        raise WorkersError(
            f"a worker of {scheduler} cannot run wcref: {type(exc).__name__}: {exc} "
            "(install the same wcref on every worker: pip install 'wcref[campaign]')"
        ) from exc
    mine = _version()
    other = {worker: v for worker, v in versions.items() if v != mine}
    if other:
        worker, found = next(iter(other.items()))
        raise WorkersError(
            f"worker {worker} runs wcref {found}, this is {mine}: install the same version everywhere"
        )


def _local_cluster(workers: int) -> LocalCluster:
    """A local cluster of ``workers`` single-threaded worker processes. Its processes are started
    with Ctrl-C ignored (an ignored signal stays ignored in a child): Ctrl-C in a terminal reaches
    the whole process group, and only the driver should stop, cancel and close the cluster. A
    Ctrl-C during the few seconds the cluster takes to start is therefore not seen."""
    from distributed import LocalCluster

    def start() -> LocalCluster:
        return LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # a free port: None does not turn it off (dask/distributed#8136)
            silence_logs=logging.CRITICAL,  # a worker's comm errors while the cluster closes
        )

    if threading.current_thread() is not threading.main_thread():
        return start()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return start()
    finally:
        signal.signal(signal.SIGINT, previous)


def _shrink(client: Client, store: Store, plan: Plan) -> int:
    """Shrink the fewest-actions failure of each rule with no shrunk failure yet, on the cluster."""
    from distributed import as_completed

    wanted = store.unshrunk()
    futures = [
        client.submit(
            shrink_failure,
            setup,
            policy,
            seed,
            rule,
            plan.plant,
            plan.legal_every,
            key=task_key(
                "shrink", f"{rule}/{setup}/{policy}/{seed}/{plan.legal_every}/{plan.plant}", plan.impl
            ),
        )
        for rule, setup, policy, seed in wanted
    ]
    shrunk = 0
    for future in as_completed(futures):
        try:
            row: ShrunkRow = future.result()
        except Exception:  # the failure did not replay (e.g. a flaky implementation): left unshrunk
            continue
        store.record_shrunk(row)
        shrunk += 1
    return shrunk
