"""The command line of the view: ``wcref show`` (the text board of a position or of a trace's step,
and its SVG picture) and ``wcref view`` (the page stepping through a game).

A file that cannot be read, is not a position or a trace, or a step out of range is a usage error
(exit 2, one ``error:`` line naming the file and what is wrong); a trace the engine stops part way
or whose recorded end differs is shown as far as it replays, with a ``warning:`` line on stderr.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import click

from reference.errors import WhiteCastleError
from reference.narrate import counted
from reference.view.game import Game, GameStep, load, position_problems
from reference.view.labels import action_label
from reference.view.page import game_page
from reference.view.svg import board_svg
from reference.view.text import text_board


def _load(file: Path) -> Game:
    try:
        return load(file)
    except WhiteCastleError as exc:
        raise click.ClickException(str(exc).replace("\n", " ")) from exc


def _warn(game: Game) -> None:
    if game.warning:
        click.echo(f"warning: {game.warning}".replace("\n", " "), err=True)
    if game.position is not None:
        problems = position_problems(game.position)
        for problem in problems[:10]:
            click.echo(f"warning: {game.source}: the position cannot occur: {problem}", err=True)


def _writable(path: Path, what: str, source: Path) -> None:
    if path.resolve() == source.resolve():
        raise click.ClickException(f"cannot write {what} over its own input {source}: give another file")
    if str(path) in ("", ".", "-") or path.is_dir():
        raise click.ClickException(f"cannot write {what} {str(path)!r}: give a file name")
    if not path.resolve().parent.is_dir():
        raise click.ClickException(f"cannot write {what} {path}: no directory {path.parent}")


def _drawn(draw: Callable[[], str], file: Path) -> str:
    """What ``draw`` makes, or one error line when the game cannot be drawn (a position with more
    of something than the rules allow, content that does not validate)."""
    try:
        return draw()
    except WhiteCastleError as exc:
        raise click.ClickException(f"{file}: {exc}".replace("\n", " ")) from exc


def _step(game: Game, step: int | None, file: Path) -> GameStep:
    last = len(game.steps) - 1
    if step is None:
        return game.steps[last]
    if game.kind == "wcref-position" and step != 0:
        raise click.ClickException(f"{file}: a position has one step (0); --step {step} is for a trace")
    if not 0 <= step <= last:
        raise click.ClickException(
            f"{file}: --step {step}: the trace has steps 0 (its start) to {last} (after its last action)"
        )
    return game.steps[step]


@click.command("show")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--step",
    type=int,
    default=None,
    help="The step of a trace to show: 0 its start, N after its N-th action (default: its last).",
)
@click.option(
    "--svg",
    "svg_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Also write the board of that step as an SVG picture to this file.",
)
def show(file: Path, step: int | None, svg_path: Path | None) -> None:
    """Print the compact text board of a public position FILE or of a step of a trace FILE (a trace
    wcref play --trace writes, or a position trace of wcref verify): bridges, castle, Outside the
    Walls, the Well, gardens, yards, the Passage of Time and each clan's holdings."""
    if svg_path is not None:
        _writable(svg_path, "the SVG", file)
    game = _load(file)
    _warn(game)
    chosen = _step(game, step, file)
    last = len(game.steps) - 1
    where = f"{file}: step {chosen.index} of {last}"
    if chosen.action is not None:
        before = game.steps[chosen.index - 1].observation
        where += f", after {action_label(chosen.action, before)}"
    click.echo(where)
    for line in text_board(chosen.observation):
        click.echo(line)
    if svg_path is not None:
        picture = _drawn(lambda: board_svg(chosen.observation), file)
        try:
            svg_path.write_text(picture, encoding="utf-8")
        except OSError as exc:
            raise click.ClickException(f"cannot write the SVG {svg_path}: {exc.strerror or exc}") from exc
        click.echo(f"board written to {svg_path}")


@click.command("view")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "-o",
    "--output",
    "out",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="The HTML page to write (self-contained: open it in any browser, offline).",
)
def view(file: Path, out: Path) -> None:
    """Write one self-contained HTML page that steps through the game of a trace FILE (or a position
    trace, or a single position): the board at each step, the log lines of the step, the decision
    taken with the legal alternatives and the rule IDs involved. Buttons, the slider or the keyboard
    (left/right arrows, Home, End) move between steps; page.html#step=N opens step N."""
    _writable(out, "the page", file)
    started = time.perf_counter()
    game = _load(file)
    _warn(game)
    page = _drawn(lambda: game_page(game), file)
    try:
        out.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise click.ClickException(f"cannot write the page {out}: {exc.strerror or exc}") from exc
    size = len(page.encode("utf-8"))
    click.echo(
        f"game page written to {out}: {counted(len(game.steps) - 1, 'action')}, {size / 1024:.0f} kB "
        f"({time.perf_counter() - started:.2f} s)"
    )


__all__ = ["show", "view"]
