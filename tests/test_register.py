"""Traceability between the rulebook register and the engine: every rule, ruling and reading is cited
by the code that implements it, and the code cites no ID the register lacks."""

from __future__ import annotations

import re
from pathlib import Path

from reference.rulebook import load_register, rule_ids

ROOT = Path(__file__).resolve().parent.parent / "reference"
ID = re.compile(r"\b((?:[A-Z][A-Z0-9_]*\.)+[A-Z][A-Z0-9_]*)(\.\*)?")


def _cited() -> tuple[set[str], set[str]]:
    exact: set[str] = set()
    prefixes: set[str] = set()
    families = {i.split(".")[0] for i in rule_ids()}
    for path in ROOT.rglob("*.py"):
        for name, star in ID.findall(path.read_text(encoding="utf-8")):
            if name.split(".")[0] not in families:
                continue
            (prefixes if star else exact).add(name)
    return exact, prefixes


def test_every_register_id_is_cited_by_the_engine() -> None:
    exact, prefixes = _cited()
    uncited = sorted(
        i for i in rule_ids() if i not in exact and not any(i.startswith(p + ".") for p in prefixes)
    )
    assert uncited == [], f"register IDs no engine code cites: {uncited}"


def test_the_engine_cites_only_registered_ids() -> None:
    exact, prefixes = _cited()
    known = rule_ids()
    unknown = sorted(i for i in exact if i not in known)
    assert unknown == [], f"IDs cited in reference/ but missing from the register: {unknown}"
    empty = sorted(p for p in prefixes if not any(i.startswith(p + ".") for i in known))
    assert empty == [], f"wildcard citations matching no register ID: {empty}"


def test_rulings_and_readings_give_reasons() -> None:
    for entry in load_register():
        if entry.status != "rule":
            assert entry.reason, entry.id
        if entry.status == "reading":
            assert entry.default in entry.readings, entry.id
            assert entry.setting, entry.id


def test_register_covers_every_gap_the_engine_meets() -> None:
    gaps = {e.gap for e in load_register() if e.gap}
    # gaps of rules-questions part B that the base game, the rival and the bot meet
    for gap in (
        "G1",
        "G2",
        "G3",
        "G4",
        "G5",
        "G6",
        "G7",
        "G8",
        "G9",
        "G10",
        "G11",
        "G12",
        "G13",
        "G14",
        "G15",
        "G16",
        "G17",
    ):
        assert gap in gaps, f"no ruling names {gap}"
