"""``wcref deck check FILE``: a Solitaire deck shown as a table, what it covers, whether the rival
always finds a die, and how it differs from the shipped deck (issue 14's deck checker)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from reference.cli import cli

SHIPPED = Path(__file__).resolve().parents[1] / "reference" / "content" / "solitaire_provisional.toml"

TWO_CARDS = """\
name = "two"
provisional = true

[[cards]]
id = "A"
bridge = "coral"
slot = "left"
space = "well"
top = []
bottom = []

[[cards]]
id = "P1"
bridge = "black"
slot = "right"
space = "steward_1"
top = [{type="influence", n=1}]
bottom = []
"""


def check(path: Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["deck", "check", str(path)], env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def test_the_shipped_deck_covers_everything_and_always_finds_a_die() -> None:
    code, out, _ = check(SHIPPED)
    assert code == 0
    for card in ("P1", "P5", "P9"):
        assert card in out
    assert "gardener to a plant garden" in out  # P5's top half
    assert "covers what the printed deck covers" in out
    assert "the rival always finds a die" in out
    assert "the same cards as the shipped deck provisional-9" in out


def test_a_two_card_deck_is_shown_with_what_it_misses(tmp_path: Path) -> None:
    path = tmp_path / "two.toml"
    path.write_text(TWO_CARDS, encoding="utf-8")
    code, out, _ = check(path)
    assert code == 0
    assert "it has 2 cards; the printed deck has 9 [SOLO.CARDS]" in out
    assert (
        "the rival may find no die: no card names the bridge end(s) coral right, black left, white left,"
        in out
    )
    assert "A: only in this deck" in out
    assert "P2: only in provisional-9" in out
    assert "P1: bridge black, provisional-9 coral" in out
    assert "P1: slot right, provisional-9 left" in out
    assert "P1: space" not in out  # steward_1 in both
    assert "P1: the top half of the action side differs" in out


def test_a_malformed_deck_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('name = "bad"\n[[cards]]\nid = 1\n', encoding="utf-8")
    code, out, err = check(path)
    assert code == 2
    assert out == ""
    assert f"{path}" in err
    assert "Expected `str`, got `int` - at `$.cards[0].id`" in err
    code, _, err = check(tmp_path / "missing.toml")
    assert code == 2
    assert "cannot read" in err


def test_names_ids_and_paths_are_shown_as_they_are_never_as_markup(tmp_path: Path) -> None:
    text = TWO_CARDS.replace('name = "two"', 'name = "[/] [bold]two[/bold]"').replace(
        'id = "A"', 'id = "[/]"'
    )
    path = tmp_path / "[red]deck.toml"
    path.write_text(text, encoding="utf-8")
    code, out, err = check(path)
    assert code == 0, err
    # the title wraps where the temporary path's length puts it: its parts, each shown as written
    assert "[red]deck.toml:" in out
    assert "[bold]two[/bold]" in out
    assert "[/]: only in this deck" in out


def test_a_deck_name_with_control_characters_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "ctrl.toml"
    path.write_text(TWO_CARDS.replace('name = "two"', 'name = "x\\u001b[2J"'), encoding="utf-8")
    code, out, err = check(path)
    assert code == 2
    assert out == ""
    assert "a deck's name is 1 to 120 printable characters" in err
    assert "\x1b" not in err
