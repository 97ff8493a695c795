"""The rules book: ``wcref docs`` renders every rule with its examples and their state, and the book
is checked in a real headless browser (Debian's chromium: ``tox -e browser``, which ``.ci/run`` runs
after installing it; the default run leaves that one test out)."""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from reference.book.render import BookReport, Outcome, render_book, write_results
from reference.book.scenarios import all_examples, load_features
from reference.cli import cli
from reference.rulebook import load_register

FAILING = (
    "Feature: tiny\n\n  @TIME.MOVE\n  Rule: steps\n\n"
    "    Example: right\n      Given a 2-player game\n      When clan 0 places the right white die on diplomat_1\n"
    "      Then clan 0 is now on Passage of Time space 2\n\n"
    "    Example: wrong\n      Given a 2-player game\n      When clan 0 places the right white die on diplomat_1\n"
    "      Then clan 0 is now on Passage of Time space 3\n"
)


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BookReport]:
    out = tmp_path_factory.mktemp("book")
    return out, render_book(out)


def test_the_book_has_every_rule_and_example(book: tuple[Path, BookReport]) -> None:
    out, report = book
    assert report.failed == ()
    assert report.examples == len(all_examples())
    index = (out / "index.html").read_text(encoding="utf-8")
    for entry in load_register():
        assert f">{entry.id}<" in index, entry.id
    for feature in load_features():
        page = (out / Path(feature.file).with_suffix(".html").name).read_text(encoding="utf-8")
        for rule in feature.rules:
            assert f'id="{rule.id}"' in page
            for example in rule.examples:
                assert f'id="{example.key}"' in page, example.key
    assert 'class="example failed"' not in "".join(p.read_text(encoding="utf-8") for p in report.pages)
    questions = (out / "questions.html").read_text(encoding="utf-8")
    assert 'id="q35"' in questions
    assert 'id="G18"' in questions


def test_the_book_shows_each_derivation_under_its_step(book: tuple[Path, BookReport]) -> None:
    out, _ = book
    for feature in load_features():
        page = (out / Path(feature.file).with_suffix(".html").name).read_text(encoding="utf-8")
        shown = page.count('<tr class="derivation">')
        shown_once = {(r.id, e.outline or e.key): e for r in feature.rules for e in r.examples}
        notes = sum(1 for e in shown_once.values() for s in e.steps if s.note)
        assert shown == notes, feature.file
    setup = (out / "01_setup.html").read_text(encoding="utf-8")
    assert "+ 1 (the Well) = 3" in setup


def test_a_failing_example_is_shown_failed(tmp_path: Path) -> None:
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    (scenarios / "tiny.feature").write_text(FAILING, encoding="utf-8")
    report = render_book(tmp_path / "book", scenarios)
    assert report.failed == ("TIME.MOVE/wrong",)
    page = (tmp_path / "book" / "tiny.html").read_text(encoding="utf-8")
    assert page.count('class="example failed"') == 1
    assert page.count('class="example passed"') == 1
    assert "/clans/0/time: expected 3, observed 2" in page


def test_the_book_can_show_an_earlier_run(tmp_path: Path) -> None:
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    (scenarios / "tiny.feature").write_text(FAILING, encoding="utf-8")
    results = tmp_path / "results.json"
    write_results(
        results,
        {"TIME.MOVE/right": Outcome("failed", ("from the file",)), "TIME.MOVE/wrong": Outcome("passed")},
    )
    report = render_book(tmp_path / "book", scenarios, results)
    assert report.failed == ("TIME.MOVE/right",)
    assert "from the file" in (tmp_path / "book" / "tiny.html").read_text(encoding="utf-8")


def test_wcref_docs_writes_the_book(tmp_path: Path) -> None:
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    (scenarios / "tiny.feature").write_text(FAILING.split("\n    Example: wrong")[0], encoding="utf-8")
    result = CliRunner().invoke(cli, ["docs", str(tmp_path / "book"), "--scenarios", str(scenarios)])
    assert result.exit_code == 0, result.output
    assert "1 examples, 0 failing" in result.output
    assert (tmp_path / "book" / "index.html").exists()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"x": {"status": "maybe"}}), encoding="utf-8")
    result = CliRunner().invoke(cli, ["docs", str(tmp_path / "b2"), "--results", str(bad)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")


def test_wcref_docs_fails_when_examples_fail_or_a_results_file_leaves_some_out(tmp_path: Path) -> None:
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    (scenarios / "tiny.feature").write_text(FAILING, encoding="utf-8")
    # run here: one example fails; the book is written, and the exit status says so
    result = CliRunner().invoke(cli, ["docs", str(tmp_path / "b1"), "--scenarios", str(scenarios)])
    assert result.exit_code == 1, result.output
    assert "2 examples, 1 failing" in result.stdout
    assert result.stderr == "error: 1 example(s) failing or not run: TIME.MOVE/wrong\n"
    assert (tmp_path / "b1" / "tiny.html").exists()
    # from a results file that gives one outcome: the other example is not run, shown failed
    partial = tmp_path / "partial.json"
    write_results(partial, {"TIME.MOVE/right": Outcome("passed")})
    args = ["docs", str(tmp_path / "b2"), "--scenarios", str(scenarios), "--results", str(partial)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1, result.output
    assert "2 examples, 0 failing, 1 not run" in result.stdout
    assert "TIME.MOVE/wrong" in result.stderr
    # a results file of another book (no key matches): refused before anything is written
    other = tmp_path / "other.json"
    write_results(other, {"NOT.A.RULE/x": Outcome("passed")})
    args = ["docs", str(tmp_path / "b3"), "--scenarios", str(scenarios), "--results", str(other)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert "give no outcome for any of the 2 examples" in result.stderr
    assert not (tmp_path / "b3" / "index.html").exists()
    # the exact input of the report: an empty results file for the whole book
    empty = tmp_path / "empty.json"
    empty.write_text("{}", encoding="utf-8")
    result = CliRunner().invoke(cli, ["docs", str(tmp_path / "b4"), "--results", str(empty)])
    assert result.exit_code == 2, result.output
    assert "the results give no outcome for any of the" in result.stderr


def test_wcref_docs_saves_the_outcomes_it_shows_for_a_later_book(tmp_path: Path) -> None:
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    (scenarios / "tiny.feature").write_text(FAILING, encoding="utf-8")
    saved = tmp_path / "saved.json"
    args = ["docs", str(tmp_path / "b1"), "--scenarios", str(scenarios), "--save-results", str(saved)]
    first = CliRunner().invoke(cli, args)
    assert first.exit_code == 1  # one example fails; the outcomes are saved all the same
    assert "outcomes of 2 examples written to" in first.stdout
    again = CliRunner().invoke(
        cli, ["docs", str(tmp_path / "b2"), "--scenarios", str(scenarios), "--results", str(saved)]
    )
    assert again.exit_code == 1
    assert "2 examples, 1 failing" in again.stdout
    assert (tmp_path / "b1" / "tiny.html").read_text(encoding="utf-8") == (
        tmp_path / "b2" / "tiny.html"
    ).read_text(encoding="utf-8")


def _chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    assert found, "the book test needs Debian's chromium: apt-get install -y chromium, then tox -e browser"
    return found


def _browser(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [
        _chromium(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={tmp_path / 'profile'}",
        *args,
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.browser
def test_the_book_in_a_headless_browser(book: tuple[Path, BookReport], tmp_path: Path) -> None:
    out, _ = book
    index = (out / "index.html").as_uri()
    png = tmp_path / "index.png"
    shot = _browser(tmp_path, f"--screenshot={png}", "--window-size=1280,2000", index)
    assert png.exists(), shot.stderr[-2000:]
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (1280, 2000)
    assert len(data) > 50_000, "the screenshot is nearly blank"
    dom = _browser(tmp_path, "--dump-dom", index)
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert "executable rules book" in dom.stdout
    missing = [e.id for e in load_register() if f">{e.id}<" not in dom.stdout]
    assert missing == []
    section = _browser(tmp_path, "--dump-dom", (out / "09_time.html").as_uri())
    assert 'id="TIME.STOP"' in section.stdout
    assert "Example: a clan that cannot pay stops before the checkpoint" in section.stdout
