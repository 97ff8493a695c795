"""The ``wcref`` command line.

- ``wcref play``: one complete seeded game with a readable log (made from its typed events), the
  score table and the winner(s); ``--trace FILE`` writes its trace, ``--events FILE|-`` its events as
  JSON Lines.
- ``wcref replay FILE``: replay a trace and check that it reaches the recorded final state.
- ``wcref rules``: the rulebook register, grouped by section.
- ``wcref bench``: games per second, decisions per second and memory use.
- ``wcref schema``: the JSON Schemas of the wire format (actions, states, traces, setups,
  observations, events).
- ``wcref docs``, ``wcref vectors``: the rules book and the test vectors (:mod:`reference.book`).
- ``wcref serve``, ``wcref verify``, ``wcref perft``: the conformance protocol, the harness and perft
  (:mod:`reference.conformance`).
- ``wcref ambiguities``: whether each registered reading matters (:mod:`properties.ambiguities`).

Every error a user can cause (a bad option, an unreadable or invalid file) prints one line
``error: ...`` on stderr and exits with status 2; an engine failure during play exits with status 1.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import random
import shlex
import sys
import tracemalloc
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Final, NoReturn, TextIO

import click
import msgspec
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from reference import benchmark, inputs, wire
from reference.book import traceability
from reference.conformance.compare import ABSENT, differences
from reference.content import load_deck
from reference.content.coverage import deck_coverage, deck_differences, unfindable_ends
from reference.errors import ContentError, WhiteCastleError
from reference.model import Action, Difficulty, Phase, Readings, RivalKind, ScoreLine, Setup, Solo, State
from reference.model.setup import DEFAULT_READINGS
from reference.model.setup import action_order as reading_order
from reference.model.setup import domain_icon as reading_domain_icon
from reference.model.setup import pair_colour as reading_colour
from reference.model.setup import stone_garden as reading_stone_garden
from reference.narrate import counted, describe_icon, log_lines, names_for
from reference.paths import directory_problem
from reference.play import GameRecord, GameStopped, Step, play_game, same_policy, step_of
from reference.policies import POLICIES
from reference.rulebook import STATUSES, RuleEntry, closest_ids, load_register
from reference.rules.common import clan_name

MIB: Final = 1024 * 1024
USER_ERROR: Final = 2
ENGINE_ERROR: Final = 1


# ---- errors ----------------------------------------------------------------------------------------


class UserError(click.ClickException):
    """An error the user caused: shown as one line ``error: ...``, exit status 2."""

    exit_code = USER_ERROR

    def show(self, file: object = None) -> None:
        click.echo(f"error: {self.format_message()}", err=True)


class EngineFailure(click.ClickException):
    """The engine failed during a game (a bug, or a case no rule covers): one line, exit status 1."""

    exit_code = ENGINE_ERROR

    def show(self, file: object = None) -> None:
        click.echo(f"error: {self.format_message()}", err=True)


def _one_line(exc: click.ClickException) -> click.ClickException:
    if isinstance(exc, (UserError, EngineFailure)):
        return exc
    return UserError(exc.format_message().replace("\n", " "))


LAZY_COMMANDS: Final[dict[str, tuple[str, str]]] = {
    "vectors": ("reference.book.vectors", "vectors_command"),
    "docs": ("reference.book.render", "docs_command"),
    "serve": ("reference.conformance.commands", "serve"),
    "verify": ("reference.conformance.commands", "verify"),
    "perft": ("reference.conformance.commands", "perft"),
    "ambiguities": ("properties.ambiguities", "ambiguities"),
    "show": ("reference.view.commands", "show"),  # issue 17, the view: a text board, --svg picture
    "view": ("reference.view.commands", "view"),  # and the game page
    "campaign": ("reference.campaign.commands", "campaign"),
}
"""The commands defined in other modules, by name: (module, attribute). Each module is imported when
its command runs (or ``--help`` lists it), not at start-up: between them they import Hypothesis,
jinja2 and the conformance harness, which made every ``wcref`` command take about 1.5 s to start."""


class _Group(click.Group):
    """A group that reports usage errors (bad options, missing arguments) as one line and imports
    the commands of :data:`LAZY_COMMANDS` when they are asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in LAZY_COMMANDS:
            module, name = LAZY_COMMANDS[cmd_name]
            command = getattr(importlib.import_module(module), name)
            if not isinstance(command, click.Command):
                raise TypeError(f"{module}.{name} is not a click command")
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and self.get_command(ctx, args[0]) is None:
            # a mistyped name: click suggests names among the commands loaded, so load them all
            for name in LAZY_COMMANDS:
                self.get_command(ctx, name)
        return super().resolve_command(ctx, args)

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: object,
    ) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.ClickException as exc:
            raise _one_line(exc) from exc

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except click.ClickException as exc:
            raise _one_line(exc) from exc


PIPED_WIDTH: Final = 140
"""Columns of the tables written to a file or a pipe (a terminal's own width otherwise; $COLUMNS
overrides both)."""


def _stdout() -> Console:
    """The console for results (tables); no automatic highlighting so output is plain text. Written
    to a file or a pipe, tables are PIPED_WIDTH columns wide rather than rich's 80."""
    console = Console(highlight=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        return Console(highlight=False, width=PIPED_WIDTH)
    return console


# ---- shared output ---------------------------------------------------------------------------------


SCORE_COLUMNS: Final = (
    "during\nplay",
    "coins+\nseals",
    "resources",
    "Passage\nof Time",
    "courtiers",
    "warriors",
    "gardeners",
    "total",
)
"""Score table headers (two lines where that keeps the table within 80 columns)."""


def score_table(state: State) -> Table:
    """The final score breakdown, one row per clan (winners marked ``*``); 75 columns wide."""
    table = Table(title="Final score (Clan Points)", box=box.SIMPLE_HEAD, padding=(0, 0), show_edge=False)
    table.add_column("clan", no_wrap=True)
    for name in SCORE_COLUMNS:
        table.add_column(name, justify="right", min_width=max(len(word) for word in name.split()))
    for line in state.scores:
        table.add_row(*_score_cells(line, line.clan in state.winners))
    return table


def _score_cells(line: ScoreLine, winner: bool) -> tuple[str, ...]:
    name = clan_name(line.clan) + (" *" if winner else "")
    parts = (
        line.during_play,
        line.coins_and_seals,
        line.resources,
        line.time,
        line.courtiers,
        line.warriors,
        line.gardeners,
        line.total,
    )
    return (name, *(str(p) for p in parts))


def winners_line(state: State) -> str:
    """``winner: clan 0 (31 CP)`` or, for a tie, ``shared win: clan 0, clan 2 (31 CP)``."""
    names = ", ".join(clan_name(i) for i in state.winners)
    best = max((s.total for s in state.scores), default=0)
    label = "winner" if len(state.winners) == 1 else "shared win"
    return f"{label}: {names} ({best} CP)"


def _print_result(console: Console, state: State) -> None:
    if state.phase is Phase.OVER:
        console.print(score_table(state))
        click.echo(winners_line(state))
    else:
        who = "chance" if state.decision.clan is None else clan_name(state.decision.clan)
        click.echo(
            f"the game is not over: round {state.round}, waiting for a "
            f"{state.decision.kind.value} decision ({who})"
        )


# ---- the commands ------------------------------------------------------------------------------------


@click.group(
    cls=_Group, invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]}
)
@click.version_option(package_name="wcref", prog_name="wcref")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """wcref: the reference engine for The White Castle."""
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


_POLICY_CHOICE = click.Choice(sorted(POLICIES))
_DIFFICULTY = {
    "easy": Difficulty.EASY,
    "medium": Difficulty.MEDIUM,
    "normal": Difficulty.MEDIUM,
    "hard": Difficulty.HARD,
}


def _solo_options(func: Callable[..., None]) -> Callable[..., None]:
    """The options that set up a solo game against a rival (SOLO.*, GINKGO.*)."""
    options = [
        click.option(
            "--bot",
            type=click.Choice([r.value for r in RivalKind]),
            default=None,
            help="Play solo against this rival (tokugawa: the official visit; gingkogawa: the community bot).",
        ),
        click.option(
            "--difficulty",
            type=click.Choice(list(_DIFFICULTY)),
            default=None,
            help="Solo difficulty (normal = medium); implies --bot tokugawa when no --bot is given.",
        ),
        click.option(
            "--deck",
            "deck_path",
            type=click.Path(dir_okay=False, path_type=Path),
            default=None,
            help="A Solitaire deck file (TOML, format of reference/content/solitaire_provisional.toml).",
        ),
        click.option(
            "--strict",
            is_flag=True,
            help="Refuse a --deck that does not cover what the printed deck does (9 cards, every bridge "
            "slot, every castle and Outside space) instead of warning.",
        ),
        click.option(
            "--action-order",
            type=click.Choice(["rows", "cards"]),
            default=None,
            help="Reading READING.SOLO_ACTION_ORDER of the Tokugawa rival's two cards (default: rows).",
        ),
        click.option(
            "--pair-colour",
            type=click.Choice(["any", "die"]),
            default=None,
            help="Reading READING.GINKGO_PAIR_COLOUR of the Gingkogawa bot's Stewards' search (default: any).",
        ),
        click.option(
            "--domain-icon",
            type=click.Choice(["domain", "members"]),
            default="domain",
            show_default=True,
            help="Reading READING.DOMAIN_ICON of the Personal Domain action icon (Plant garden G6, yard tile "
            "Y8): a Domain line without a die, or a Courtier, Warrior or Gardener action.",
        ),
        click.option(
            "--stone-garden",
            type=click.Choice(["light", "lantern"]),
            default="light",
            show_default=True,
            help="Reading READING.STONE_GARDEN_ICON of the 2-food Stone garden's icon (G4): any "
            "light-background action, or the Lantern.",
        ),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _make_setup(
    players: int | None,
    bot: str | None,
    difficulty: str | None,
    deck_path: Path | None,
    action_order: str | None,
    pair_colour: str | None,
    *,
    readings: Readings = DEFAULT_READINGS,
    strict: bool = False,
    solo_by_default: bool = False,
) -> Setup:
    """The Setup the options describe; a solo game when a rival option is given (or by default). A
    reading given for a game it does not apply to is refused (it would have no effect). What a given
    deck does not cover is a warning on stderr, an error when ``strict``."""
    if strict and deck_path is None:
        raise UserError("--strict checks a deck given with --deck: give one")
    solo_wanted = bot is not None or difficulty is not None or deck_path is not None
    if not solo_wanted and (players is not None or not solo_by_default):
        clans = players if players is not None else 2
        for option, value, rule in (
            ("--action-order", action_order, "READING.SOLO_ACTION_ORDER"),
            ("--pair-colour", pair_colour, "READING.GINKGO_PAIR_COLOUR"),
        ):
            if value is not None:
                raise UserError(
                    f"{option} is a reading of a solo rival ({rule}): it has no effect in a game of {clans} clans"
                )
        return Setup(players=clans, readings=readings)
    if players not in (None, 2):
        raise UserError("a solo game is a 2-player game: drop --players or use --players 2")
    rival = RivalKind(bot) if bot is not None else RivalKind.TOKUGAWA
    if rival is RivalKind.TOKUGAWA and pair_colour is not None:
        raise UserError(
            "--pair-colour is a reading of the Gingkogawa bot (READING.GINKGO_PAIR_COLOUR): "
            "it has no effect against the Tokugawa rival"
        )
    if rival is RivalKind.GINGKOGAWA and action_order is not None:
        raise UserError(
            "--action-order is a reading of the Tokugawa rival (READING.SOLO_ACTION_ORDER): the Gingkogawa "
            "bot does one card, whole or by halves, so it has no effect"
        )
    deck = None
    if deck_path is not None:
        try:
            deck = load_deck(deck_path)
        except WhiteCastleError as exc:
            raise UserError(str(exc)) from exc
        gaps = deck_coverage(deck)
        if strict and gaps:
            raise UserError(f"{deck_path}: the deck does not cover the printed deck: {'; '.join(gaps)}")
        for gap in gaps:
            click.echo(f"warning: {deck_path}: {gap}", err=True)
    solo = Solo(
        rival=rival,
        difficulty=_DIFFICULTY[difficulty] if difficulty is not None else Difficulty.MEDIUM,
        deck=deck,
        action_order=reading_order(action_order or "rows"),
        pair_colour=reading_colour(pair_colour or "any"),
    )
    return Setup(players=2, solo=solo, readings=readings)


def _readings(domain_icon: str, stone_garden: str) -> Readings:
    """The base-game readings the options name (READING.DOMAIN_ICON, READING.STONE_GARDEN_ICON)."""
    return Readings(
        domain_icon=reading_domain_icon(domain_icon), stone_garden=reading_stone_garden(stone_garden)
    )


def _describe(setup: Setup) -> str:
    changed = [
        f"{rule} {value}"
        for (rule, value), (_, default) in zip(
            setup.readings.in_force(), DEFAULT_READINGS.in_force(), strict=True
        )
        if value != default
    ]
    readings = f"; readings {', '.join(changed)}" if changed else ""
    return _describe_game(setup) + readings


def _describe_game(setup: Setup) -> str:
    if setup.solo is None:
        return f"{setup.players} clans"
    given = setup.solo.deck
    deck = "provisional-9" if given is None else given.name
    notes = ["stand-in, see README"] if given is None else []
    if given is not None and given.provisional:
        notes.append("marked provisional: not the printed cards")
    if setup.solo.rival is RivalKind.TOKUGAWA:
        cards = given.cards if given is not None else load_deck().cards
        seen = [f"{card.id} {' and '.join(card.printed)}" for card in cards if card.printed]
        notes.append(
            f"seen on printed cards: {', '.join(seen)}" if seen else "no face seen on a printed card"
        )
    # in brackets: callers go on with ", policy ..." after it
    deck += f" ({'; '.join(notes)})" if notes else ""
    return f"solo against the {setup.solo.rival.value} rival ({difficulty_name(setup.solo)}), deck {deck}"


def difficulty_name(solo: Solo) -> str:
    """The difficulty as the rival's own sheet names it: the Gingkogawa sheet says Normal for Medium
    (GINKGO.SETUP)."""
    if solo.rival is RivalKind.GINGKOGAWA and solo.difficulty is Difficulty.MEDIUM:
        return "normal"
    return solo.difficulty.value


@cli.command()
@click.option("--players", type=click.IntRange(2, 4), default=None, help="Number of clans (default 2).")
@click.option(
    "--seed",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Seed of the game's random generator (0 or more: Python's generator plays -1 as 1).",
)
@click.option(
    "--policy", type=_POLICY_CHOICE, default="random", show_default=True, help="Policy of every clan."
)
@click.option(
    "--trace",
    "trace_path",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    default=None,
    help="Write the game's trace (JSON) to this file.",
)
@click.option(
    "--events",
    "events_path",
    type=click.Path(dir_okay=False, writable=True, allow_dash=True, path_type=Path),
    default=None,
    help="Write the game's typed events as JSON Lines to this file ('-': standard output, instead of the log).",
)
@click.option("--quiet", is_flag=True, help="Print only the score table and the winner(s).")
@_solo_options
def play(
    players: int | None,
    seed: int,
    policy: str,
    trace_path: Path | None,
    events_path: Path | None,
    quiet: bool,
    bot: str | None,
    difficulty: str | None,
    deck_path: Path | None,
    strict: bool,
    action_order: str | None,
    pair_colour: str | None,
    domain_icon: str,
    stone_garden: str,
) -> None:
    """Play one complete seeded game and print its log and final score (a solo game with --bot or
    --difficulty; the player's side is driven by --policy)."""
    if quiet and events_path is not None and str(events_path) == "-":
        raise UserError("--quiet has no effect with --events -: standard output then holds only the events")
    if trace_path is not None and str(trace_path) == "-":
        raise UserError("--trace writes a file: give a path (only --events can go to standard output, '-')")
    if trace_path is not None and events_path is not None and trace_path.resolve() == events_path.resolve():
        raise UserError(f"--trace and --events name the same file {trace_path}: give two files")
    for option, path in (("--trace", trace_path), ("--events", events_path)):
        if (
            path is not None
            and deck_path is not None
            and str(path) != "-"
            and path.resolve() == deck_path.resolve()
        ):
            raise UserError(f"{option} and --deck name the same file {path}: the deck would be overwritten")
    for what, path in (("trace", trace_path), ("events", events_path)):
        if path is None or str(path) == "-":
            continue
        if str(path) in ("", ".") or path.is_dir():
            raise UserError(f"cannot write {what} {str(path)!r}: it is a directory, not a file")
        if not path.resolve().parent.is_dir():
            raise UserError(f"cannot write {what} {path}: no directory {path.parent}")
    setup = _make_setup(
        players,
        bot,
        difficulty,
        deck_path,
        action_order,
        pair_colour,
        readings=_readings(domain_icon, stone_garden),
        strict=strict,
    )
    try:
        record = play_game(setup, same_policy(POLICIES[policy]), random.Random(seed))
    except GameStopped as stop:
        _report_stop(stop, setup, seed, trace_path, events_path, show_log=not quiet and events_path is None)
    if events_path is not None and str(events_path) == "-":
        _write_events(sys.stdout, record)
        if trace_path is not None:
            _save_trace(trace_path, setup, record, say=False)
        return
    console = _stdout()
    if not quiet:
        click.echo(f"wcref play: {_describe(setup)}, policy {policy}, seed {seed}")
        click.echo("")
        for line in log_lines(record.steps, names_for(setup)):
            click.echo(line)
        click.echo("")
    _print_result(console, record.final)
    if events_path is not None:
        try:
            with events_path.open("w", encoding="utf-8") as out:
                count = _write_events(out, record)
        except OSError as exc:
            raise UserError(f"cannot write events {events_path}: {exc.strerror or exc}") from exc
        click.echo(f"events written to {events_path} ({count} events)")
    if trace_path is not None:
        _save_trace(trace_path, setup, record, say=True)


def _save_trace(path: Path, setup: Setup, record: GameRecord, *, say: bool) -> None:
    """Write the game's trace; ``say``: print a line saying so (not when stdout holds events)."""
    try:
        wire.write_trace(path, setup, list(record.actions), record.final)
    except OSError as exc:
        raise UserError(f"cannot write trace {path}: {exc.strerror or exc}") from exc
    if say:
        click.echo(f"trace written to {path} ({counted(len(record.actions), 'action')})")


def _write_events(out: TextIO, record: GameRecord) -> int:
    """Write every event of the game as one JSON object per line: ``step`` (the index of the action
    that produced it in the trace), then the event's own fields (``event`` names its type, ``rules``
    the register IDs it applies). Returns the number of events."""
    count = 0
    for index, step in enumerate(record.steps):
        for event in step.events:
            out.write(wire.event_line(index, event).decode() + "\n")
            count += 1
    return count


def _report_stop(
    stop: GameStopped,
    setup: Setup,
    seed: int,
    trace_path: Path | None,
    events_path: Path | None,
    *,
    show_log: bool,
) -> NoReturn:
    """The engine stopped a game: print its log so far (``show_log``), write its events and its trace
    so far (the trace's last action is the one that stopped the game, so ``wcref replay`` reproduces
    the stop), then fail with one line naming the cause."""
    if show_log:
        for line in log_lines(stop.record.steps, names_for(setup)):
            click.echo(line)
    kept = ""
    if events_path is not None and str(events_path) == "-":
        _write_events(sys.stdout, stop.record)
    elif events_path is not None:
        try:
            with events_path.open("w", encoding="utf-8") as out:
                count = _write_events(out, stop.record)
            kept = f"; its {count} events so far are in {events_path}"
        except OSError as exc:
            kept = f"; cannot write events {events_path}: {exc.strerror or exc}"
    if trace_path is not None:
        try:
            wire.write_trace(trace_path, setup, list(stop.record.actions), None)
            kept += f"; the game so far ({counted(len(stop.record.actions), 'action')}) is in {trace_path}"
        except OSError as exc:
            kept += f"; cannot write trace {trace_path}: {exc.strerror or exc}"
    raise EngineFailure(f"game with seed {seed} stopped: {stop}{kept}") from stop.cause


def _play(setup: Setup, policy: str, seed: int, *, keep_steps: bool = True) -> GameRecord:
    try:
        return play_game(setup, same_policy(POLICIES[policy]), random.Random(seed), keep_steps=keep_steps)
    except GameStopped as stop:
        raise EngineFailure(f"game with seed {seed} stopped: {stop}") from stop.cause


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--log", "show_log", is_flag=True, help="Print the game's log as it replays (up to a refused action too)."
)
def replay(file: Path, show_log: bool) -> None:
    """Replay a trace FILE and check that it reaches the recorded final state. A trace may stop
    before the game's end (a shrunk failing game from the property suite, for one), and may start
    from a public position (a divergence of wcref verify --positions)."""
    if _is_position_trace(file):
        _replay_from_position(file, show_log)
        return
    steps: list[Step] = []

    def keep(state: State, action: Action, after: State) -> None:
        steps.append(step_of(state, action, after))

    trace_setup: list[Setup] = []
    try:
        trace = wire.read_trace(file)
        trace_setup.append(trace.setup)
        final = wire.replay(trace, where=str(file), on_step=keep if show_log else None)
    except wire.ReplayMismatch as mismatch:
        for line in log_lines(steps, names_for(trace_setup[0])):
            click.echo(line)
        _report_mismatch(mismatch)
    except wire.ReplayRefused as refused:  # the trace and the engine disagree: a finding, exit 1
        for line in log_lines(steps, names_for(trace_setup[0])):
            click.echo(line)
        raise EngineFailure(str(refused).replace("\n", " ")) from refused
    except WhiteCastleError as exc:
        for line in log_lines(steps, names_for(trace_setup[0]) if trace_setup else names_for(Setup())):
            click.echo(line)
        raise UserError(str(exc).replace("\n", " ")) from exc
    for line in log_lines(steps, names_for(trace.setup)):
        click.echo(line)
    if steps:
        click.echo("")
    _print_result(_stdout(), final)
    digest = wire.digest(final)
    n = len(trace.actions)
    if trace.final is None:
        click.echo(f"replayed {n} actions: final state digest {digest} (the trace records none to check)")
    else:
        click.echo(f"replayed {n} actions: final state matches (digest {digest})")


def _is_position_trace(file: Path) -> bool:
    from reference.conformance.positions import is_position_trace

    try:
        return is_position_trace(inputs.read_file(file))
    except (OSError, inputs.InputLimit):  # read_trace says what is wrong with the file
        return False


def _replay_from_position(file: Path, show_log: bool) -> None:
    """``wcref replay`` of a position trace (reference/conformance/positions.py): the same checks,
    errors and exit statuses as a trace from a setup."""
    from reference.conformance.positions import read_position_trace, replay_position_trace

    steps: list[Step] = []

    def keep(state: State, action: Action, after: State) -> None:
        steps.append(step_of(state, action, after))

    try:
        trace = read_position_trace(file)
        names = names_for(trace.start.setup)
        final = replay_position_trace(trace, str(file), on_step=keep if show_log else None)
    except wire.ReplayMismatch as mismatch:
        for line in log_lines(steps, names):
            click.echo(line)
        _report_mismatch(mismatch)
    except wire.ReplayRefused as refused:
        for line in log_lines(steps, names):
            click.echo(line)
        raise EngineFailure(str(refused).replace("\n", " ")) from refused
    except WhiteCastleError as exc:
        raise UserError(str(exc).replace("\n", " ")) from exc
    for line in log_lines(steps, names):
        click.echo(line)
    if steps:
        click.echo("")
    _print_result(_stdout(), final)
    digest = wire.digest(final)
    n = len(trace.actions)
    check = "the trace records none to check" if trace.final is None else "final state matches"
    click.echo(f"replayed {n} actions from the start position: {check} (digest {digest})")


MISMATCH_FIELDS: Final = 20
"""Differing fields ``wcref replay`` lists (then how many more)."""


def _report_mismatch(mismatch: wire.ReplayMismatch) -> NoReturn:
    """A replay that reached another state: one error line, then each differing field of the
    observation (JSON Pointer, recorded value, replayed value) when the trace records the final
    observation; exit status 1 (the trace and the engine disagree: a finding, not a usage error)."""
    click.echo(f"error: {mismatch}", err=True)
    if mismatch.recorded is None:
        click.echo("  (the trace records only the final digest: no fields to compare)", err=True)
        raise SystemExit(ENGINE_ERROR)
    recorded = json.loads(wire.encode(mismatch.recorded))
    replayed = json.loads(wire.encode(wire.observe(mismatch.reached)))
    found = list(differences(recorded, replayed))
    click.echo(f"  {len(found)} field(s) of the observation differ (recorded, then replayed):", err=True)
    for pointer, was, now in found[:MISMATCH_FIELDS]:
        click.echo(f"  {pointer or '/'}: {_short(was)}, replayed {_short(now)}", err=True)
    if len(found) > MISMATCH_FIELDS:
        click.echo(f"  ... and {len(found) - MISMATCH_FIELDS} more", err=True)
    raise SystemExit(ENGINE_ERROR)


def _short(value: object, limit: int = 80) -> str:
    text = value if isinstance(value, str) and value == ABSENT else json.dumps(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@cli.command()
@click.argument("ids", nargs=-1, metavar="[ID]...")
@click.option("--section", default=None, help="Only this section (e.g. courtiers; any case).")
@click.option(
    "--status",
    type=click.Choice(STATUSES, case_sensitive=False),
    default=None,
    help="Only rules, only rulings or only readings.",
)
def rules(ids: tuple[str, ...], section: str | None, status: str | None) -> None:
    """List the rulebook register: id, status, source and paraphrase (rulings with their reason), then
    the code that implements each entry (the implementing function first), its examples and its
    properties. Give IDs (any case, e.g. seals.cap) to show only those."""
    try:
        entries = load_register()
    except WhiteCastleError as exc:
        raise UserError(str(exc)) from exc
    sections = list(dict.fromkeys(e.section for e in entries))
    if section is not None:
        matching = [name for name in sections if name.casefold() == section.casefold()]
        if not matching:
            raise UserError(f"unknown section {section!r}; sections: {', '.join(sections)}")
        section = matching[0]
    wanted = _wanted_ids(ids, [e.id for e in entries])
    chosen = [
        e
        for e in entries
        if (section is None or e.section == section)
        and (status is None or e.status == status)
        and (wanted is None or e.id in wanted)
    ]
    if wanted is not None:
        hidden = sorted(wanted - {e.id for e in chosen})
        if hidden:
            click.echo(f"note: not shown, outside --section/--status: {', '.join(hidden)}", err=True)
    console = _stdout()
    # IDs named: only the files that mention them are read (the whole index tokenizes every file)
    traces = traceability.traces_of(wanted) if wanted is not None else traceability.traces_by_id()
    for name in sections:
        group = [e for e in chosen if e.section == name]
        if group:
            console.print(_rules_table(name, group, traces, full=wanted is not None))
    tally = {s: sum(e.status == s for e in chosen) for s in STATUSES}
    counts = ", ".join(counted(n, s) for s, n in tally.items())
    shown = len({e.section for e in chosen})
    click.echo(f"{len(chosen)} of {len(entries)} entries in {shown} section(s): {counts}")


def _wanted_ids(ids: tuple[str, ...], known: list[str]) -> set[str] | None:
    """The register IDs asked for (any case), None when none is; an unknown ID is a UserError that
    names the closest known IDs."""
    if not ids:
        return None
    by_fold = {i.casefold(): i for i in known}
    wanted: set[str] = set()
    for asked in ids:
        found = by_fold.get(asked.casefold())
        if found is None:
            close = closest_ids(asked, known)
            hint = f"; did you mean {', '.join(close)}?" if close else "; 'wcref rules' lists them all"
            shown = asked if len(asked) <= 60 else asked[:59] + "…"
            raise UserError(f"unknown rule ID {shown!r}{hint}")
        wanted.add(found)
    return wanted


def _rules_table(
    section: str,
    entries: Sequence[RuleEntry],
    traces: Mapping[str, traceability.Trace],
    *,
    full: bool = False,
) -> Table:
    table = Table(title=f"{section} ({len(entries)})", title_justify="left", show_lines=True)
    table.add_column("id", no_wrap=True)
    table.add_column("status", no_wrap=True)
    table.add_column("paraphrase", ratio=1)
    for entry in entries:
        text = Text(entry.paraphrase)
        text.append(f"\nsource: {entry.source}", style="dim")
        if entry.reason is not None:
            text.append(f"\nreason: {entry.reason}", style="italic")
        if entry.readings:
            text.append(
                f"\nreadings: {' | '.join(entry.readings)} (default {entry.default}; Setup field {entry.setting})"
            )
        trace = traces.get(entry.id)
        for line in traceability.describe(trace, full=full) if trace is not None else []:
            text.append(f"\n{line}", style="dim")
        table.add_row(Text(entry.id), Text(entry.status), text)
    return table


@cli.command()
@click.option("--games", type=click.IntRange(min=1), default=2000, show_default=True, help="Games to play.")
@click.option(
    "--players",
    type=click.IntRange(2, 4),
    default=None,
    help="Bench multi-clan games of this many clans instead of solo games.",
)
@click.option(
    "--policy", type=_POLICY_CHOICE, default="random", show_default=True, help="Policy of every clan."
)
@click.option(
    "--seed",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Game i uses seed SEED + i (0 or more).",
)
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option(
    "--json", "as_json", is_flag=True, help="Print the measurement as one JSON object (no memory figures)."
)
@click.option(
    "--instructions",
    is_flag=True,
    help="Also count the instructions per game with valgrind (when installed; adds about a minute).",
)
@click.option(
    "--compare",
    "other",
    default=None,
    metavar="WCREF",
    help="Bench another build too, with the same games (e.g. .venv-compiled/bin/wcref), show both side "
    "by side and check that every game ends in the same state (exit 1 if not).",
)
@_solo_options
def bench(
    games: int,
    players: int | None,
    policy: str,
    seed: int,
    quiet: bool,
    as_json: bool,
    instructions: bool,
    other: str | None,
    bot: str | None,
    difficulty: str | None,
    deck_path: Path | None,
    strict: bool,
    action_order: str | None,
    pair_colour: str | None,
    domain_icon: str,
    stone_garden: str,
) -> None:
    """Play GAMES complete games on one core: games per CPU second and per wall second, decisions/s,
    memory use, and a digest of the games' final states; --compare benches another build (pure
    Python and compiled, see README) on the same games. By default solo games against the Tokugawa
    rival (medium); --players N benches N-clan games."""
    setup = _make_setup(
        players,
        bot,
        difficulty,
        deck_path,
        action_order,
        pair_colour,
        readings=_readings(domain_icon, stone_garden),
        strict=strict,
        solo_by_default=True,
    )
    # the same measurement for another build or for valgrind: every option given, as given
    argv = ["bench", "--policy", policy, "--seed", str(seed), "--quiet", "--json"]
    for flag, value in (
        ("--players", players),
        ("--bot", bot),
        ("--difficulty", difficulty),
        ("--deck", deck_path),
        ("--action-order", action_order),
        ("--pair-colour", pair_colour),
        ("--domain-icon", domain_icon),
        ("--stone-garden", stone_garden),
    ):
        if value is not None:
            argv += [flag, str(value)]
    if strict:
        argv.append("--strict")
    result, early_rss, end_rss = _bench_here(setup, policy, seed, games, quiet=quiet or as_json)
    if instructions:
        command = [sys.executable, "-m", "reference.cli", *argv]
        result = msgspec.structs.replace(result, instructions=benchmark.instructions_per_game(command))
    if as_json:
        click.echo(msgspec.json.encode(result).decode())
        return
    _print_bench(result)
    _print_memory(setup, policy, seed, games, early_rss, end_rss)
    if other is None:
        return
    try:
        theirs = benchmark.run_other([*shlex.split(other), *argv, "--games", str(games)])
    except benchmark.CompareError as exc:
        raise UserError(f"--compare: {exc}") from exc
    if instructions:
        command = [*shlex.split(other), *argv]
        theirs = msgspec.structs.replace(theirs, instructions=benchmark.instructions_per_game(command))
    _print_comparison(result, theirs, other)
    if theirs.digest != result.digest:
        raise EngineFailure(
            f"the two builds end the games in different states (digest {result.digest[:12]} here, "
            f"{theirs.digest[:12]} from {other})"
        )


def _bench_here(
    setup: Setup, policy: str, seed: int, games: int, *, quiet: bool
) -> tuple[benchmark.BenchResult, float | None, float | None]:
    """The timed games, and the RSS (MiB) after the first tenth of them and at the end (read between
    games: one cheap reading each)."""
    err = Console(stderr=True)
    early_at = max(1, math.ceil(games / 10))
    early_rss: list[float | None] = [None]

    def after(i: int) -> None:
        progress.advance(task)
        if i + 1 == early_at:
            early_rss[0] = _current_rss_mib()

    progress = Progress(
        TextColumn("bench"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=quiet or not err.is_terminal,
    )
    with progress:
        task = progress.add_task("games", total=games)
        try:
            result = benchmark.run(setup, _describe(setup), policy, seed, games, on_game=after)
            return result, early_rss[0], _current_rss_mib()
        except GameStopped as stop:
            raise EngineFailure(f"a bench game stopped: {stop}") from stop.cause


def _print_bench(result: benchmark.BenchResult) -> None:
    last = result.seed + result.games - 1
    click.echo(
        f"bench: {result.games} games, {result.setup}, policy {result.policy}, seeds {result.seed}..{last}, "
        f"{result.build} build (Python {result.python})"
    )
    click.echo(f"{result.cpu_rate:.1f} games/s (CPU time {result.cpu_seconds:.2f} s)")
    click.echo(f"{result.wall_rate:.1f} games/s (wall time {result.wall_seconds:.2f} s)")
    click.echo(
        f"{result.decisions / max(result.cpu_seconds, 1e-9):.0f} decisions/s "
        f"({result.decisions / result.games:.1f} decisions per game)"
    )
    if result.instructions is not None:
        click.echo(f"{result.instructions / 1e6:.2f} M instructions per game (valgrind)")
    click.echo(f"final states digest {result.digest[:16]}")


def _print_memory(
    setup: Setup, policy: str, seed: int, games: int, early_rss: float | None, end_rss: float | None
) -> None:
    """Memory use: the peak traced while playing a few games again, the process's peak RSS, and
    whether the RSS of the timed games grew from their first tenth to the end (a leak would)."""
    early_at = max(1, math.ceil(games / 10))
    traced = min(games, 20)
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        for i in range(traced):
            _play(setup, policy, seed + i, keep_steps=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    click.echo(
        f"peak memory: tracemalloc {peak / MIB:.2f} MiB (first {traced} games, traced separately); "
        f"max RSS {_max_rss_mib():.1f} MiB"
    )
    click.echo(_flatness(early_rss, end_rss, early_at, games))


def _print_comparison(mine: benchmark.BenchResult, theirs: benchmark.BenchResult, other: str) -> None:
    table = Table(box=box.SIMPLE_HEAD, title="the same games, two builds")
    table.add_column("build")
    table.add_column("wcref", overflow="fold")
    for column in ("games/s (CPU)", "games/s (wall)", "decisions/game", "M instr./game"):
        table.add_column(column, justify="right")
    table.add_column("digest")
    for result, where in ((mine, "this one"), (theirs, other)):
        table.add_row(
            result.build,
            where,
            f"{result.cpu_rate:.1f}",
            f"{result.wall_rate:.1f}",
            f"{result.decisions / result.games:.1f}",
            "-" if result.instructions is None else f"{result.instructions / 1e6:.2f}",
            result.digest[:12],
        )
    Console(width=110 if not sys.stdout.isatty() else None).print(table)
    ratio = theirs.cpu_rate / max(mine.cpu_rate, 1e-9)
    same = "the same final states" if theirs.digest == mine.digest else "DIFFERENT final states"
    click.echo(
        f"{theirs.build} build ({other}): {ratio:.2f}x the CPU speed of this {mine.build} build; {same}"
    )


def _current_rss_mib() -> float | None:
    """The resident set size now (Linux /proc), or None where it cannot be read."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE") / MIB


def _max_rss_mib() -> float:
    """The peak resident set size of this process (resource.getrusage)."""
    try:
        import resource
    except ImportError:  # not on this platform
        return float("nan")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / MIB if sys.platform == "darwin" else peak / 1024  # bytes on macOS, KiB elsewhere


def _flatness(early: float | None, end: float | None, early_at: int, games: int) -> str:
    if early is None or end is None:
        return "memory flatness: current RSS not available on this platform"
    growth = end - early
    verdict = "flat" if growth <= max(2.0, 0.05 * early) else "GROWING"
    return (
        f"memory flatness: RSS {early:.1f} MiB after {early_at} games, {end:.1f} MiB after {games} "
        f"games ({growth:+.1f} MiB): {verdict}"
    )


@cli.group()
def deck() -> None:
    """Solitaire decks (the Tokugawa rival's cards)."""


@deck.command("check")
@click.argument("file", type=click.Path(path_type=Path))
def deck_check(file: Path) -> None:
    """Check a Solitaire deck FILE (the format of reference/content/solitaire_provisional.toml, for a
    transcription of the printed cards): print it as a table (card, bridge colour and slot, space, the
    action side's top and bottom icons), what it covers and what it does not (colour x slot, spaces,
    SOLO.CARDS), whether the rival can always find a die (SOLO.TURN.FIND_DIE) and how it differs from
    the shipped deck. Exit 0 when it is valid (findings are printed), 2 when it cannot be read."""
    try:
        checked = load_deck(file)
    except WhiteCastleError as exc:
        raise UserError(str(exc)) from exc
    shipped = load_deck()
    console = _stdout()
    marked = " (marked provisional: not the printed cards)" if checked.provisional else ""
    title = f"{file}: deck {checked.name}{marked}, {counted(len(checked.cards), 'card')}"
    table = Table(title=Text(title), box=box.SIMPLE)  # Text: names and ids are the file's, never markup
    for column in ("card", "bridge", "slot", "space", "top", "bottom", "seen on a printed card"):
        table.add_column(column)
    for card in checked.cards:
        top = ", ".join(describe_icon(i) for i in card.top) or "-"
        bottom = ", ".join(describe_icon(i) for i in card.bottom) or "-"
        seen = ", ".join(card.printed) or "-"
        table.add_row(Text(card.id), card.bridge.value, card.slot.value, card.space.value, top, bottom, seen)
    console.print(table)
    gaps = deck_coverage(checked)
    console.print("covers what the printed deck covers" if not gaps else "does not cover:", soft_wrap=True)
    for gap in gaps:
        console.print(f"  - {gap}", markup=False, soft_wrap=True)
    ends = unfindable_ends(checked)
    if ends:
        console.print(
            f"the rival may find no die: no card names the bridge end(s) {', '.join(ends)} "
            "(a rules gap when only those hold dice) [SOLO.TURN.FIND_DIE]",
            markup=False,
            soft_wrap=True,
        )
    else:
        console.print(
            "the rival always finds a die: every bridge end is named [SOLO.TURN.FIND_DIE]", markup=False
        )
    changes = deck_differences(checked, shipped)
    if not changes:
        console.print(f"the same cards as the shipped deck {shipped.name}", markup=False, soft_wrap=True)
    else:
        console.print(f"differences from the shipped deck {shipped.name}:", markup=False, soft_wrap=True)
        for change in changes:
            console.print(f"  - {change}", markup=False, soft_wrap=True)


@cli.command()
@click.argument("out_dir", required=False, type=click.Path(file_okay=False, path_type=Path))
def schema(out_dir: Path | None) -> None:
    """Write the JSON Schemas of the wire format to OUT_DIR (NAME.schema.json), or print them."""
    if out_dir is None:
        click.echo(json.dumps(wire.schemas(), indent=2, sort_keys=True))
        return
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        for name, text in wire.schema_files().items():
            path = out_dir / name
            path.write_text(text, encoding="utf-8")
            click.echo(f"wrote {path}")
    except OSError as exc:
        raise UserError(f"cannot write schemas to {out_dir}: {exc.strerror or exc}") from exc


@cli.command()
@click.option(
    "--check", is_flag=True, help="Write nothing: name each kept file a fresh build changes (exit 1)."
)
@click.option(
    "--root",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=None,
    help="The checkout whose scenarios are built and written into (default: the one this wcref runs from).",
)
def generate(check: bool, root: Path | None) -> None:
    """Rebuild every generated file the repository keeps, in one go: the test vectors
    (reference/vectors/), the conformance protocol's schema, the perft counts and the wire-format
    schemas (docs/schemas/). Run it after changing a rule, a scenario, an event or a wire type."""
    from reference import artefacts  # the book's vectors and the harness: not needed at start-up

    where = artefacts.ROOT if root is None else root
    if not artefacts.is_checkout(where):
        raise UserError(
            f"{where} is not a wcref source checkout (no pyproject.toml and scenarios/): give --root"
        )
    if check:
        try:
            differing = artefacts.stale(where)
        except ContentError as exc:
            raise UserError(str(exc)) from exc
        except OSError as exc:
            raise UserError(f"cannot check the artefacts: {_os_problem(exc)}") from exc
        if differing:
            click.echo(f"error: out of date (run 'wcref generate'): {', '.join(differing)}", err=True)
            raise SystemExit(1)
        click.echo(f"all {len(artefacts.ARTEFACTS)} generated artefacts are current")
        return
    for artefact in artefacts.ARTEFACTS:
        problem = directory_problem((where / artefact.path).parent)
        if problem is not None:
            raise UserError(f"cannot write {artefact.path}: {problem}")
    try:
        for artefact, summary in artefacts.generate(where):
            click.echo(f"{artefact.path}: {summary}")
    except ContentError as exc:
        raise UserError(str(exc)) from exc
    except OSError as exc:
        raise UserError(f"cannot write the artefacts: {_os_problem(exc)}") from exc


def _os_problem(exc: OSError) -> str:
    """An OSError as ``path: what`` (the path it names, when it names one)."""
    what = exc.strerror or str(exc)
    return f"{exc.filename}: {what}" if exc.filename else what


def main() -> None:
    """Console entry point (``wcref``)."""
    cli()


if __name__ == "__main__":
    main()
