"""The command line refuses what would be ignored or misread, and checks output paths before working:
one ``error:`` line and exit status 2, never a traceback, never a silent default."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from reference.cli import cli


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def refused(result: Result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("error: ")
    assert "Traceback" not in result.output
    return lines[0]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("play", "--action-order", "cards"), "no effect in a game of 2 clans"),
        (("play", "--players", "3", "--pair-colour", "die"), "no effect in a game of 3 clans"),
        (("play", "--difficulty", "hard", "--pair-colour", "die"), "no effect against the Tokugawa rival"),
        (("play", "--bot", "gingkogawa", "--action-order", "rows"), "READING.SOLO_ACTION_ORDER"),
        (("bench", "--games", "1", "--players", "2", "--action-order", "cards"), "no effect"),
        (("play", "--quiet", "--events", "-"), "--quiet has no effect with --events -"),
    ],
)
def test_a_reading_that_does_not_apply_is_refused(args: tuple[str, ...], said: str) -> None:
    assert said in refused(run(*args))


def test_the_readings_that_apply_are_taken() -> None:
    cards = run("play", "--difficulty", "easy", "--action-order", "cards", "--quiet")
    assert cards.exit_code == 0, cards.output
    die = run("play", "--bot", "gingkogawa", "--pair-colour", "die", "--seed", "2")
    assert die.exit_code == 0, die.output
    assert "READING.GINKGO_PAIR_COLOUR = die" in die.output
    assert "readings in force: READING.DOMAIN_ICON = domain, READING.STONE_GARDEN_ICON = light," in die.output


@pytest.mark.parametrize("command", ["play", "bench"])
def test_a_negative_seed_is_refused(command: str) -> None:
    # Python's generator seeds -1 like 1: two seeds would play the same games
    assert "--seed" in refused(run(command, "--seed", "-1"))


def test_the_gingkogawa_bot_is_named_with_its_own_difficulty_names() -> None:
    result = run("play", "--bot", "gingkogawa", "--difficulty", "medium", "--seed", "1")
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert "gingkogawa rival (normal)" in first
    assert "clan 1 (Gingkogawa) starts (normal)" in result.output


@pytest.mark.parametrize(
    "command",
    [("docs",), ("vectors",), ("ambiguities", "--games", "1", "--out")],
    ids=["docs", "vectors", "ambiguities"],
)
def test_an_output_folder_under_a_file_is_refused_before_any_work(
    command: tuple[str, ...], tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    line = refused(run(*command, str(blocker / "out")))
    assert "a-file" in line
    assert "which is a file" in line
    also = refused(run(*command, str(blocker)))
    assert "a-file" in also
    assert "is a file" in also


SHIPPED_DECK = Path(__file__).resolve().parents[1] / "reference" / "content" / "solitaire_provisional.toml"


def _first_cards(tmp_path: Path, cards: int) -> Path:
    """The shipped deck cut after its first ``cards`` cards (still a valid deck)."""
    short = tmp_path / "short.toml"
    text = SHIPPED_DECK.read_text(encoding="utf-8")
    parts = text.split("\n[[cards]]")
    short.write_text("\n[[cards]]".join(parts[: cards + 1]) + "\n", encoding="utf-8")
    return short


def test_a_deck_that_covers_the_printed_deck_passes_strict() -> None:
    result = run("play", "--deck", str(SHIPPED_DECK), "--strict", "--quiet")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.stderr


def test_a_short_deck_is_played_with_a_warning_per_gap(tmp_path: Path) -> None:
    # cards P1 and P2 (coral left and centre, steward_1 and diplomat_1)
    short = _first_cards(tmp_path, 2)
    result = run("bench", "--games", "1", "--quiet", "--deck", str(short))
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning: ")]
    assert len(warnings) == 3, result.stderr
    assert "it has 2 cards; the printed deck has 9 [SOLO.CARDS]" in warnings[0]
    assert "coral right, black left, black centre, black right, white left" in warnings[1]
    assert "[SOLO.TURN.FIND_DIE]" in warnings[1]
    assert "steward_2, steward_3, diplomat_2, outside_left, outside_right" in warnings[2]


def test_strict_refuses_a_short_deck_before_playing(tmp_path: Path) -> None:
    short = _first_cards(tmp_path, 2)
    trace = tmp_path / "t.json"
    line = refused(run("play", "--deck", str(short), "--strict", "--trace", str(trace)))
    assert "does not cover the printed deck: it has 2 cards" in line
    assert not trace.exists()


def test_strict_needs_a_deck() -> None:
    assert "--deck" in refused(run("play", "--difficulty", "easy", "--strict"))


def test_a_deck_the_rival_cannot_use_stops_with_the_game_so_far(tmp_path: Path) -> None:
    # seed 0 with the 2-card deck: the rival finds no named slot holding a die on its first turn
    short = _first_cards(tmp_path, 2)
    trace = tmp_path / "t.json"
    result = run("play", "--deck", str(short), "--seed", "0", "--trace", str(trace))
    assert result.exit_code == 1, result.output
    assert "Round 1 · turn 1" in result.stdout
    stop = result.stderr.splitlines()[-1]
    assert stop.startswith("error: game with seed 0 stopped: RulesGap: ")
    assert "[SOLO.TURN.FIND_DIE]" in stop
    assert f"is in {trace}" in stop
    assert trace.exists()


def test_a_command_starts_without_importing_what_only_other_commands_use() -> None:
    """The conformance harness, the campaigns, the book, the view and Hypothesis are imported by
    the commands that use them (reference/cli.py, LAZY_COMMANDS), not by every ``wcref`` start-up:
    a fresh interpreter runs ``wcref --version`` with none of them imported."""
    probe = (
        "import sys\n"
        "from reference.cli import cli\n"
        "try:\n"
        "    cli(['--version'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = ('hypothesis', 'jinja2', 'reference.conformance.outcome', 'reference.campaign.games',"
        " 'reference.view.svg', 'reference.book.render', 'properties.machines')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout


def test_every_command_the_group_lists_loads_and_runs_its_help() -> None:
    """Each lazily imported command (reference/cli.py, LAZY_COMMANDS) is found under its name and
    answers --help; a name no module defines is an unknown command."""
    from reference.cli import LAZY_COMMANDS

    context = click.Context(cli)
    names = cli.list_commands(context)
    assert set(LAZY_COMMANDS) <= set(names)
    for name in names:
        command = cli.get_command(context, name)
        assert command is not None, name
        assert command.name == name, name
        result = CliRunner().invoke(cli, [name, "--help"])
        assert result.exit_code == 0, (name, result.output)
    assert cli.get_command(context, "no-such-command") is None
    unknown = CliRunner().invoke(cli, ["no-such-command"])
    assert unknown.exit_code == 2
    assert "No such command" in unknown.output
    # a mistyped name is matched against every command, loaded or not yet
    for typo, meant in (("campain", "campaign"), ("verif", "verify"), ("serv", "serve"), ("pley", "play")):
        result = CliRunner().invoke(cli, [typo])
        assert result.exit_code == 2, typo
        assert f"'{meant}'" in result.output, (typo, result.output)
