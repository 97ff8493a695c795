"""``wcref generate``: every generated file the repository keeps is rebuilt by one command, and
``--check`` names each kept file a fresh build would change."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from reference import artefacts, wire
from reference.cli import cli


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def test_every_kept_artefact_is_current() -> None:
    # the check CI relies on: a rule, scenario, event or wire type changed without regenerating fails here
    assert artefacts.stale() == [], "run `wcref generate`"


@pytest.fixture
def cheap(monkeypatch: pytest.MonkeyPatch) -> tuple[artefacts.Artefact, ...]:
    """Only the artefacts that build in milliseconds (the schemas): the checks below are about the
    command, not about the vectors and perft counts (checked above)."""
    kept = tuple(a for a in artefacts.ARTEFACTS if "schema" in a.path)
    assert len(kept) == 2
    monkeypatch.setattr(artefacts, "ARTEFACTS", kept)
    return kept


def _checkout(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "scenarios").mkdir(parents=True)
    (root / "pyproject.toml").write_text("", encoding="utf-8")
    return root


def test_generate_writes_every_artefact_then_check_passes(tmp_path: Path, cheap: object) -> None:
    root = _checkout(tmp_path)
    result = run("generate", "--root", str(root))
    assert result.exit_code == 0, result.output
    assert f"docs/schemas: {len(wire.schema_files())} wire-format JSON Schemas" in result.stdout
    for name, text in wire.schema_files().items():
        assert (root / "docs" / "schemas" / name).read_text(encoding="utf-8") == text
    assert (root / "reference" / "conformance" / "protocol.schema.json").is_file()
    result = run("generate", "--check", "--root", str(root))
    assert result.exit_code == 0, result.output
    assert "all 2 generated artefacts are current" in result.stdout


def test_check_names_each_changed_missing_or_left_over_file_and_writes_nothing(
    tmp_path: Path, cheap: object
) -> None:
    root = _checkout(tmp_path)
    assert run("generate", "--root", str(root)).exit_code == 0
    schemas = root / "docs" / "schemas"
    (schemas / "action.schema.json").write_text("{}\n", encoding="utf-8")
    (schemas / "event.schema.json").unlink()
    (schemas / "old.schema.json").write_text("{}\n", encoding="utf-8")
    (root / "reference" / "conformance" / "protocol.schema.json").unlink()
    result = run("generate", "--check", "--root", str(root))
    assert result.exit_code == 1, result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith("error: out of date (run 'wcref generate'): ")
    for named in (
        "reference/conformance/protocol.schema.json (missing)",
        "docs/schemas/event.schema.json (missing)",
        "docs/schemas/old.schema.json (no longer generated)",
        "docs/schemas/action.schema.json",
    ):
        assert named in line
    assert (schemas / "action.schema.json").read_text(encoding="utf-8") == "{}\n"  # nothing written


def test_generate_refuses_a_folder_that_is_not_a_checkout(tmp_path: Path) -> None:
    result = run("generate", "--root", str(tmp_path))
    assert result.exit_code == 2, result.output
    assert "is not a wcref source checkout" in result.stderr


def test_generate_refuses_an_artefact_folder_under_a_file(tmp_path: Path, cheap: object) -> None:
    root = _checkout(tmp_path)
    (root / "docs").write_text("a file where the folder goes", encoding="utf-8")
    result = run("generate", "--root", str(root))
    assert result.exit_code == 2, result.output
    assert "cannot write docs/schemas" in result.stderr
