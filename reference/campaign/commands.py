"""``wcref campaign run DIR`` and ``wcref campaign report DIR``.

A bad option, a folder holding another campaign or an unreadable database is a usage error (one
``error:`` line, exit 2); a run whose games found failures exits 1 after recording them; Ctrl-C exits
130 with what was recorded kept.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from reference.campaign.plan import SETUP_NAMES, Plan, PlanError, select_policies, select_setups
from reference.campaign.store import Store, StoreError


def _needs_extra() -> None:
    try:
        import distributed  # noqa: F401
    except ImportError as exc:
        raise click.ClickException(
            "wcref campaign needs Dask distributed: pip install 'wcref[campaign]'"
        ) from exc


@click.group(name="campaign")
def campaign() -> None:
    """Long verification campaigns: millions of checked games on Dask, kept in a folder (README, "Campaigns")."""


@campaign.command(name="run")
@click.argument("folder", type=click.Path(path_type=Path, file_okay=False))
@click.option("--games", type=click.IntRange(min=1), default=None, help="Seeds per setup and policy [1000].")
@click.option(
    "--setups",
    default=None,
    help="Comma-separated setup names or patterns (e.g. '*-clans,tokugawa-*'; 'all') [all]. "
    f"Names: {', '.join(SETUP_NAMES[:4])}, ... (README).",
)
@click.option("--policies", default=None, help="Comma-separated policies ('all': random,greedy) [random].")
@click.option("--seed", type=click.IntRange(min=0), default=None, help="First seed [0].")
@click.option(
    "--shard-size", type=click.IntRange(min=1, max=100_000), default=None, help="Games per shard [200]."
)
@click.option(
    "--plant",
    default=None,
    help="Play on an engine with a planted fault (seal-cap-6, hand-in-per-4, rival-pays).",
)
@click.option(
    "--impl", default=None, help="Also play every game in outcome mode against this implementation's command."
)
@click.option(
    "--legal-every",
    type=click.IntRange(min=0),
    default=None,
    help="Check the legal actions of one decision in N (0: never) [8].",
)
@click.option(
    "--workers", type=click.IntRange(min=1), default=None, help="Local worker processes [one per core]."
)
@click.option(
    "--scheduler",
    default=None,
    help="A Dask scheduler's address (tcp://host:8786) instead of a local cluster.",
)
@click.option("--quiet", is_flag=True, help="No progress bar.")
def run_command(
    folder: Path,
    games: int | None,
    setups: str | None,
    policies: str | None,
    seed: int | None,
    shard_size: int | None,
    plant: str | None,
    impl: str | None,
    legal_every: int | None,
    workers: int | None,
    scheduler: str | None,
    quiet: bool,
) -> None:
    """Run a campaign into FOLDER, or resume the one there (options, when given, must match it)."""
    _needs_extra()
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from reference.campaign.run import CampaignStopped, run

    try:
        with Store(folder) as store:
            recorded = store.plan()
    except StoreError as exc:
        raise click.ClickException(str(exc)) from exc
    given = any(v is not None for v in (games, setups, policies, seed, shard_size, plant, impl, legal_every))
    if recorded is not None and not given:
        plan = recorded
    else:
        plan = _plan(games, setups, policies, seed, shard_size, plant, impl, legal_every)
    started = time.perf_counter()
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]} games/s, {task.fields[failures]} failed"),
        TimeRemainingColumn(),
        disable=quiet,
    ) as bar:
        task = bar.add_task("games", total=plan.total, rate="-", failures=0)

        def advance(recorded_games: int, total: int, failed: int) -> None:
            seconds = max(time.perf_counter() - started, 1e-9)
            bar.update(
                task, completed=recorded_games, rate=f"{recorded_games / seconds:.0f}", failures=failed
            )

        try:
            summary = run(folder, plan, workers=workers, scheduler=scheduler, progress=advance)
        except StoreError as exc:
            raise click.ClickException(str(exc)) from exc
        except CampaignStopped as exc:
            click.echo(str(exc), err=True)
            sys.exit(130)
        except (OSError, TimeoutError) as exc:
            raise click.ClickException(f"--scheduler {scheduler}: cannot reach it: {exc}") from exc
    click.echo(
        f"{summary.games} of {plan.total} games recorded in {folder} "
        f"({summary.shards_run} shards run now, {summary.shards_skipped} already there, "
        f"{summary.duplicates} received twice and counted once) in {summary.seconds:.0f} s; "
        f"{summary.failures} failed games, {summary.shrunk} rules shrunk"
    )
    for broken in summary.broken_shards[:10]:
        click.echo(f"shard failed: {broken}", err=True)
    if summary.broken_shards:
        sys.exit(1)
    if summary.failures:
        click.echo(f"failures: wcref campaign report {folder}", err=True)
        sys.exit(1)


def _plan(
    games: int | None,
    setups: str | None,
    policies: str | None,
    seed: int | None,
    shard_size: int | None,
    plant: str | None,
    impl: str | None,
    legal_every: int | None,
) -> Plan:
    from properties.faults import FAULTS

    if plant and plant not in FAULTS:
        raise click.ClickException(f"--plant: no fault is called {plant!r}; faults: {', '.join(FAULTS)}")
    try:
        return Plan(
            setups=select_setups(_names(setups or "all")),
            policies=select_policies(_names(policies or "random")),
            games=games if games is not None else 1000,
            seed=seed if seed is not None else 0,
            shard_size=shard_size if shard_size is not None else 200,
            plant=plant or "",
            impl=impl or "",
            legal_every=legal_every if legal_every is not None else 8,
        )
    except PlanError as exc:
        raise click.ClickException(str(exc)) from exc


def _names(text: str) -> list[str]:
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not names:
        raise click.ClickException("an empty list of names")
    return names


@campaign.command(name="report")
@click.argument("folder", type=click.Path(path_type=Path, file_okay=False, exists=True))
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help="The HTML report [FOLDER/report.html]; the JSON goes beside it (.json).",
)
def report_command(folder: Path, output: Path | None) -> None:
    """Write the report of the campaign in FOLDER: HTML with plots, and JSON."""
    from reference.campaign.report import ReportError, write_report

    html = output if output is not None else folder / "report.html"
    try:
        written = write_report(folder, html)
    except (StoreError, ReportError) as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(f"wrote {written[0]} and {written[1]}")
