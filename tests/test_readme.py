"""The README guides a new user: short, every command of the CLI in its table, its links alive, and
its two commands (set up and play; set up and test) as CI runs them."""

from __future__ import annotations

import re
from pathlib import Path

import click

from reference.cli import cli

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_stays_short() -> None:
    assert len(README.splitlines()) <= 200


def test_every_command_is_in_the_table() -> None:
    table = [line for line in README.splitlines() if line.startswith("| `wcref")]
    listed = {m.group(1) for line in table if (m := re.match(r"\| `wcref (\w+)", line))}
    assert isinstance(cli, click.Group)
    names = set(cli.list_commands(click.Context(cli)))
    assert names <= listed, sorted(names - listed)
    assert "| `wcref --version`" in README


def test_every_option_named_in_the_table_exists() -> None:
    assert isinstance(cli, click.Group)
    context = click.Context(cli)
    for line in README.splitlines():
        m = re.match(r"\| `wcref (\w+)([^|]*)`", line)
        if m is None:
            continue
        command = cli.get_command(context, m.group(1))
        assert command is not None, f"no command wcref {m.group(1)}"
        known = {opt for p in command.params for opt in getattr(p, "opts", [])}
        for option in re.findall(r"--[a-z][a-z-]*", line.split("|")[1]):
            assert option in known, f"wcref {m.group(1)} has no option {option}"


def test_local_links_point_at_files() -> None:
    for target in re.findall(r"\]\(([^)#]+)\)", README):
        if not target.startswith("http"):
            assert (ROOT / target).exists(), target


def test_ci_runs_the_readme_test_command_as_written() -> None:
    blocks = re.findall(r"```sh\n(.*?)\n```", README, re.DOTALL)
    assert len(blocks) >= 2, "a setup-and-run command and a test command, first"
    assert "wcref play" in blocks[0]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert blocks[1].strip() in ci


def test_the_implementers_guide_lists_every_space_with_its_printed_value() -> None:
    from reference.model import SPACE_FACTS

    guide = (ROOT / "docs" / "implementers.md").read_text(encoding="utf-8")
    rows = [line for line in guide.splitlines() if line.startswith("| `")]
    for space, facts in SPACE_FACTS.items():
        row = next(r for r in rows if f"`{space.value}`" in r)
        assert row.rstrip(" |").endswith(str(facts.value)), row


def test_the_vector_counts_in_the_docs_are_the_shipped_ones() -> None:
    import json

    files = (
        json.loads(p.read_text(encoding="utf-8")) for p in (ROOT / "reference" / "vectors").glob("*.json")
    )
    vectors = [v for v in files if v.get("format") == "wcref-vector"]
    total = len(vectors)
    from_position = sum(1 for v in vectors if v.get("start") is not None)
    readme = re.search(r"(\d+) of the (\d+) vectors start from a position", README)
    assert readme is not None
    assert (int(readme.group(1)), int(readme.group(2))) == (from_position, total)
    other = re.search(r"the other (\d+) start from a setup", README)
    assert other is not None
    assert int(other.group(1)) == total - from_position
    guide = (ROOT / "docs" / "implementers.md").read_text(encoding="utf-8")
    assert f"{from_position} of the {total} vectors start from one" in guide
