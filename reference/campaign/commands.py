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
from reference.campaign.run import CampaignStopped, WorkersError, run
from reference.campaign.store import FILE, Store, StoreError
from reference.narrate import counted


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
@click.option(
    "--games", type=click.IntRange(min=1), default=None, help="Seeds played in every setup and policy [1000]."
)
@click.option(
    "--setups",
    default=None,
    help="Comma-separated setup names or patterns (e.g. '*-clans,tokugawa-hard'; 'all') [all]: a base "
    "(2-clans, 3-clans, 4-clans, tokugawa-easy|medium|hard, gingkogawa-easy|medium|hard), then "
    "optionally +readings and +generated (docs/campaigns.md).",
)
@click.option("--policies", default=None, help="Comma-separated policies ('all': random,greedy) [random].")
@click.option("--seed", type=click.IntRange(min=0), default=None, help="First seed [0].")
@click.option(
    "--shard-size", type=click.IntRange(min=1, max=100_000), default=None, help="Games per shard [200]."
)
@click.option(
    "--plant",
    default=None,
    help="Play on an engine with a planted fault, to see one found: seal-cap-6 (SEALS.CAP), hand-in-per-4 "
    "(SOLO.ROUND.HAND_IN), rival-pays (SOLO.GOLDEN.NEVER_PAYS).",
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
    """Run a campaign into FOLDER, or resume the one there (options, when given, must match it).

    --games seeds are played in every setup and policy: the campaign plays setups x policies x games
    games. Exit status: 0 no failure, 1 failures found (see the report), 2 bad usage, 130 Ctrl-C."""
    _needs_extra()
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    if workers is not None and scheduler is not None:
        raise click.ClickException(
            "--workers is for a local cluster: with --scheduler the workers are the scheduler's"
        )
    if scheduler is not None:
        _check_address(scheduler)
    recorded = _recorded_plan(folder)
    plan = _plan(recorded, games, setups, policies, seed, shard_size, plant, impl, legal_every)
    if recorded is not None and plan != recorded:
        raise click.ClickException(_other_plan(folder, recorded, plan))
    if plan.impl and recorded is None:
        _check_impl(plan.impl)
    click.echo(
        f"{'resuming' if recorded is not None else 'planning'} {plan.total:,} games: "
        f"{counted(len(plan.setups), 'setup')} x {len(plan.policies)} {'policy' if len(plan.policies) == 1 else 'policies'} "
        f"x {counted(plan.games, 'seed')} (from {plan.seed}), {counted(len(plan.shards()), 'shard')}"
        + (f", planted fault {plan.plant}" if plan.plant else "")
        + (f", against {plan.impl}" if plan.impl else ""),
        err=True,
    )
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
        first: list[int] = []

        def advance(recorded_games: int, total: int, failed: int) -> None:
            if not first:  # games recorded before this run do not count in its rate
                first.append(recorded_games)
            seconds = max(time.perf_counter() - started, 1e-9)
            rate = (recorded_games - first[0]) / seconds
            bar.update(task, completed=recorded_games, rate=f"{rate:.0f}", failures=failed)

        try:
            summary = run(folder, plan, workers=workers, scheduler=scheduler, progress=advance)
        except StoreError as exc:
            raise click.ClickException(str(exc)) from exc
        except CampaignStopped as exc:
            click.echo(str(exc), err=True)
            sys.exit(130)
        except WorkersError as exc:
            raise click.ClickException(str(exc)) from exc
        except (OSError, TimeoutError) as exc:
            raise click.ClickException(f"--scheduler {scheduler}: cannot reach it: {exc}") from exc
    click.echo(
        f"{summary.games:,} of {plan.total:,} games recorded in {folder} "
        f"({counted(summary.shards_run, 'shard')} run now, {summary.shards_skipped} already there, "
        f"{summary.duplicates} received twice and counted once) in {summary.seconds:.0f} s; "
        f"{counted(summary.failures, 'failed game')}, {counted(summary.shrunk, 'rule')} shrunk"
    )
    for broken in summary.broken_shards[:10]:
        click.echo(f"shard failed: {broken}", err=True)
    if summary.broken_shards:
        sys.exit(1)
    if summary.failures:
        click.echo(f"failures: wcref campaign report {folder}", err=True)
        sys.exit(1)


def _recorded_plan(folder: Path) -> Plan | None:
    """The plan of the campaign in ``folder`` (None when there is none yet); creates nothing."""
    if folder.exists() and not folder.is_dir():
        raise click.ClickException(f"{folder}: not a folder")
    if not (folder / FILE).exists():
        return None
    try:
        with Store(folder) as store:
            return store.plan()
    except StoreError as exc:
        raise click.ClickException(str(exc)) from exc


def _shown(value: object) -> str:
    if isinstance(value, tuple) and len(value) > 4:
        return f"{len(value)} names ({', '.join(map(str, value[:3]))}, ...)"
    if isinstance(value, tuple):
        return ", ".join(map(str, value))
    return repr(value)


def _other_plan(folder: Path, recorded: Plan, asked: Plan) -> str:
    fields = [
        f"--{name.replace('_', '-')} {_shown(getattr(asked, name))} (the campaign has {_shown(getattr(recorded, name))})"
        for name in asked.__struct_fields__
        if getattr(recorded, name) != getattr(asked, name)
    ]
    return (
        f"{folder} holds another campaign: {'; '.join(fields)}; resume it without these options, "
        "or use another folder"
    )


def _plan(
    recorded: Plan | None,
    games: int | None,
    setups: str | None,
    policies: str | None,
    seed: int | None,
    shard_size: int | None,
    plant: str | None,
    impl: str | None,
    legal_every: int | None,
) -> Plan:
    """The plan asked for: the options given over the recorded plan (resuming), else over the defaults."""
    base = recorded or Plan(setups=SETUP_NAMES, policies=("random",), games=1000)
    try:
        plan = Plan(
            setups=select_setups(_names(setups)) if setups is not None else base.setups,
            policies=select_policies(_names(policies)) if policies is not None else base.policies,
            games=games if games is not None else base.games,
            seed=seed if seed is not None else base.seed,
            shard_size=shard_size if shard_size is not None else base.shard_size,
            plant=plant if plant is not None else base.plant,
            impl=impl if impl is not None else base.impl,
            legal_every=legal_every if legal_every is not None else base.legal_every,
        )
    except PlanError as exc:
        raise click.ClickException(str(exc)) from exc
    problems = plan.problems()
    if problems:
        raise click.ClickException("; ".join(problems))
    return plan


def _check_address(scheduler: str) -> None:
    """A scheduler address the way Dask reads it (scheme://host:port), or a usage error."""
    from distributed.comm.addressing import get_address_host_port, parse_address

    try:
        parse_address(scheduler, strict=True)
        get_address_host_port(scheduler)
    except ValueError as exc:
        raise click.ClickException(f"--scheduler {scheduler}: {exc} (e.g. tcp://host:8786)") from exc


def _check_impl(command: str) -> None:
    """Start the implementation once and ask its ``hello``: a command that cannot start or answer is
    a usage error before anything is recorded."""
    from reference.campaign.work import start_implementation
    from reference.conformance.adapter import ImplementationError

    try:
        start_implementation(command).close()
    except ValueError as exc:  # shlex: "No closing quotation"; an empty command
        raise click.ClickException(f"--impl: {exc}") from exc
    except (ImplementationError, OSError) as exc:
        raise click.ClickException(f"--impl {command}: {exc}".replace("\n", " ")) from exc


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
    """Write the report of the campaign in FOLDER: HTML with plots, JSON beside it (.json), and the
    failures' traces in <stem>-failures/."""
    from reference.campaign.report import ReportError, write_report

    html = output if output is not None else folder / "report.html"
    try:
        written = write_report(folder, html)
    except (StoreError, ReportError) as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(f"wrote {written[0]} and {written[1]}")
