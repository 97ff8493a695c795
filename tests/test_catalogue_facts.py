"""The card catalogue (reference/content/base.toml) against an independent transcription of the facts
sheet's card tables (tests/fixtures/facts_sheet_cards.toml, written by hand from rules-facts §6 in the
sheet's own notation). The notation is read here by a small parser of its own, so a card changed in
either file, or a notation the engine reads differently, fails with the card and the field.

Where the sheet records a reading (the Plant 3/5 garden and yard tile Y8 "Personal Domain action",
RULING.DOMAIN_ACTION_ICON; S3's bottom row CP+2, where one source says PoT+2) the transcription follows
the sheet's main entry, as base.toml does."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from reference.content import base_content
from reference.model import (
    Block,
    CastleCard,
    Colour,
    DecreeIcon,
    DieTileIcon,
    DomainIcon,
    Effect,
    Gain,
    GainKind,
    Influence,
    LanternIcon,
    LightIcon,
    Member,
    MemberIcon,
    PayCoins,
    ResourceChoice,
    WellIcon,
)

SHEET = tomllib.loads(
    (Path(__file__).parent / "fixtures" / "facts_sheet_cards.toml").read_text(encoding="utf-8")
)

GAINS = {
    "coin": GainKind.COIN,
    "food": GainKind.FOOD,
    "iron": GainKind.IRON,
    "pearl": GainKind.PEARL,
    "seal": GainKind.SEAL,
    "CP": GainKind.CP,
}
DECREES = {"coin": "DC1", "seal": "DC2", "CP": "DC3"}
"""The Decree each Starting Resource card names, by its Lantern icon (rules-facts §6.6: SR1, SR4, SR7)."""
ROWS = {"T": 0, "M": 1, "B": 2}


def icon(text: str) -> Effect:
    """One icon in the sheet's notation."""
    text = text.strip()
    if m := re.fullmatch(r"(coin|food|iron|pearl|seal|CP)\+(\d+)", text):
        return Gain(GAINS[m[1]], int(m[2]))
    if m := re.fullmatch(r"PoT\+(\d+)", text):
        return Influence(int(m[1]))
    if m := re.fullmatch(r"Res×(\d+)", text):
        return ResourceChoice(int(m[1]))
    if m := re.fullmatch(r"(Courtier|Warrior|Gardener)( action)?", text):
        return MemberIcon(Member(m[1].lower()))
    if m := re.fullmatch(r"any (coral|black|white)-die-tile action", text):
        return DieTileIcon(Colour(m[1]))
    if m := re.fullmatch(r"Decree \((coin|seal|CP)\)", text):
        return DecreeIcon(DECREES[m[1]])
    fixed: dict[str, Effect] = {
        "Lantern": LanternIcon(),
        "Well": WellIcon(),
        "Well action": WellIcon(),
        "any light-background action": LightIcon(),
        "any die-tile action": DieTileIcon(None),
        "Personal Domain action": DomainIcon(),
    }
    if text in fixed:
        return fixed[text]
    raise ValueError(f"not in the sheet's notation: {text!r}")


def icons(text: str) -> tuple[Effect, ...]:
    """A list of icons (``a, b``), or a price (``pay 3 coins → X``)."""
    if m := re.fullmatch(r"pay (\d+) coins → (.+)", text.strip()):
        return (PayCoins(int(m[1]), icons(m[2])),)
    return tuple(icon(part) for part in text.split(","))


def block(text: str, rows: tuple[int, ...]) -> Block:
    """A block: ``L icons`` or ``D icons``; a dark Steward row's ``seal→X`` is priced by the engine
    (CASTLE.DARK_SEAL), so its effects are X."""
    shade, rest = text.split(" ", 1)
    rest = rest.removeprefix("seal→")
    return Block(rows=rows, dark=shade == "D", effects=icons(rest))


def castle_card(card_id: str, entry: dict[str, Any], floor: int) -> CastleCard:
    if floor == 1:
        blocks = tuple(block(text, (r,)) for r, text in enumerate(entry["rows"]))
    else:
        parsed = []
        for text in entry["blocks"]:
            m = re.fullmatch(r"(.+) \(([TMB+]+)\)", text)
            assert m is not None, text
            parsed.append(block(m[1], tuple(ROWS[r] for r in m[2].split("+"))))
        blocks = tuple(parsed)
    back = icons(SHEET["backs"]["steward" if floor == 1 else "diplomat"])
    return CastleCard(
        id=card_id, floor=floor, blocks=blocks, back=back, two_player=not entry.get("removed", False)
    )


CONTENT = base_content()


@pytest.mark.parametrize(("kind", "floor"), [("stewards", 1), ("diplomats", 2)])
def test_castle_cards_match_the_sheet(kind: str, floor: int) -> None:
    ours = {c.id: c for c in getattr(CONTENT, kind)}
    sheet = {i: castle_card(i, entry, floor) for i, entry in SHEET[kind].items()}
    assert sorted(ours) == sorted(sheet)
    for card_id, card in sheet.items():
        assert ours[card_id] == card, card_id


def test_daimyo_cards_match_the_sheet() -> None:
    ours = {c.id: c.favours for c in CONTENT.daimyo}
    sheet = {i: tuple(icons(space) for space in spaces) for i, spaces in SHEET["daimyo"].items()}
    assert ours == sheet


def test_gardens_match_the_sheet_as_a_multiset() -> None:
    ours = Counter((g.kind.value, g.food, g.cp, g.action) for g in CONTENT.gardens)
    sheet = Counter(
        (kind.lower(), food, cp, icons(action)) for kind, food, cp, action in SHEET["gardens"]["cards"]
    )
    assert ours == sheet


def test_yard_tiles_match_the_sheet() -> None:
    ours = {t.id: (t.action, t.reward) for t in CONTENT.yard_tiles}
    sheet = {i: (icons(action), icons(reward)) for i, (action, reward) in SHEET["yard_tiles"].items()}
    assert ours == sheet


def test_starting_resource_cards_match_the_sheet() -> None:
    ours = {c.id: (Counter(c.gains), c.lantern) for c in CONTENT.starting_resources}
    # the sheet lists each card's gains in its own order: compared as a multiset
    sheet = {i: (Counter(icons(gains)), icons(lantern)) for i, (gains, lantern) in SHEET["starting"].items()}
    assert ours == sheet


def test_action_cards_and_decrees_match_the_sheet() -> None:
    back = icons(SHEET["backs"]["action"])
    actions = Counter((c.blocks, c.back) for c in CONTENT.action_cards)
    sheet = Counter(
        ((Block(rows=(0, 1, 2), dark=False, effects=icons(a)),), back) for a in SHEET["cards"]["actions"]
    )
    assert actions == sheet
    decrees = {c.id: c.lantern for c in CONTENT.decrees}
    assert decrees == {DECREES[k]: icons(v) for k, v in SHEET["cards"]["decrees"].items()}


def test_the_parser_reads_what_it_is_given() -> None:
    """The notation parser is itself checked, so a mistake in it cannot make both sides agree."""
    assert icons("Lantern") == (LanternIcon(),)
    assert icons("pay 4 coins → any die-tile action") == (PayCoins(4, (DieTileIcon(None),)),)
    assert block("D seal→Warrior", (2,)) == Block(rows=(2,), dark=True, effects=(MemberIcon(Member.WARRIOR),))
    assert icons("seal+1, Res×1") == (Gain(GainKind.SEAL, 1), ResourceChoice(1))
    with pytest.raises(ValueError, match="not in the sheet's notation"):
        icon("CP*2")
