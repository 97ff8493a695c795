"""Content as validated data: loading, validation and lookup of cards and tiles.

The base game ships as ``base.toml`` beside this module: the Domain line rewards of rules-facts 11.1
(RULING.DOMAIN_REWARDS_DATA) and the 15 die tiles of 11.2 (RULING.DIE_TILE_SET). Expansions (Matcha,
Bōeki: EXPANSIONS.BOEKI) are out of scope; their content is not shipped. :func:`load_content` reads
any file of the same format; :func:`validate` checks the structural rules the engine relies on and
raises :class:`~reference.errors.ContentError` naming the file, the item and what is wrong.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Final, TypeVar

import msgspec

from reference import inputs
from reference.errors import ContentError
from reference.model import (
    COLOURS,
    DOMAIN_SPACES,
    MEMBERS,
    BlockRef,
    CastleCard,
    ClimbUp,
    Content,
    DaimyoCard,
    DecreeCard,
    DecreeIcon,
    Effect,
    Face,
    Gain,
    GainKind,
    GardenCard,
    Influence,
    PayCoins,
    ResourceChoice,
    SoloDeck,
    StartingResourceCard,
    WarriorTo,
    YardTile,
)
from reference.model.setup import CARD_READINGS, Readings, reading_values

_T = TypeVar("_T")

MAX_EFFECT_DEPTH: Final = 8
"""How deep ``pay_coins`` may nest in content (a printed card nests it once: pay, then gain). Deeper
content is refused on load, so that nothing that walks icons (the engine, the log) meets a chain it
cannot follow."""


def _read_toml(path: Path | None, shipped: str, kind: type[_T]) -> tuple[_T, str]:
    """Decode a TOML data file (the shipped file ``shipped`` when ``path`` is None) into ``kind``;
    returns the value and where it came from. Raises ContentError with the file and position."""
    if path is None:
        raw = resources.files("reference.content").joinpath(shipped).read_bytes()
        where = f"reference/content/{shipped}"
    else:
        try:
            raw = inputs.read_file(path)
        except OSError as exc:
            raise ContentError(f"{path}: cannot read: {exc.strerror}") from exc
        except inputs.InputLimit as exc:
            raise ContentError(f"{path}: {exc}") from exc
        where = str(path)
    try:
        return inputs.decode_toml(raw, kind), where
    except msgspec.ValidationError as exc:
        raise ContentError(f"{where}: {exc}") from exc
    except inputs.InputLimit as exc:
        raise ContentError(f"{where}: {exc}") from exc
    except msgspec.DecodeError as exc:
        raise ContentError(f"{where}: not valid TOML: {exc}") from exc


def load_content(path: Path | None = None) -> Content:
    """Load and validate content from a TOML file (the shipped base game when ``path`` is None).

    Raises ContentError with the file name and the decoder's position or the failed check.
    """
    content, where = _read_toml(path, "base.toml", Content)
    validate(content, where)
    return content


def _fail(where: str, message: str) -> ContentError:
    return ContentError(f"{where}: {message}")


def _check_effects(
    where: str,
    owner: str,
    effects: tuple[Effect, ...],
    decrees: set[str],
    path: str = "icons",
    depth: int = 0,
) -> None:
    """Check a row of icons (at ``path`` under ``owner``, inside ``depth`` pay_coins): positive
    amounts, printed icons only, known Decree cards, pay_coins nested at most MAX_EFFECT_DEPTH deep."""
    for index, effect in enumerate(effects):
        n = getattr(effect, "n", 1)
        if type(n) is not int or n <= 0:
            raise _fail(where, f"{owner}: an effect amount must be a positive whole number, got {effect!r}")
        if isinstance(effect, BlockRef):
            raise _fail(where, f"{owner}: 'block' is the engine's own reference, not a printed icon")
        if isinstance(effect, DecreeIcon) and effect.card not in decrees:
            raise _fail(where, f"{owner}: unknown Decree card {effect.card!r}")
        if isinstance(effect, PayCoins):
            if depth + 1 > MAX_EFFECT_DEPTH:
                raise _fail(
                    where,
                    f"{owner}: {path}[{index}]: pay_coins nested more than {MAX_EFFECT_DEPTH} deep "
                    "(a printed card pays once, then resolves plain icons)",
                )
            _check_effects(where, owner, effect.then, decrees, f"{path}[{index}].then", depth + 1)


def validate(content: Content, where: str = "content") -> None:
    """Check the invariants the engine relies on; raise ContentError on the first breach.

    Checks: unique ids; Stewards have three one-row blocks with exactly one dark; Diplomats have two
    blocks covering rows 0-2 once, one light and one dark; Action cards cover every row; 15 die tiles,
    5 per colour; Daimyo cards have 3 favours; 3 yards whose faces fit 4 yard tiles; 3 Domain lines
    (one per member and colour) with 5 uncovered rewards; the time track's score table covers every
    space; gardens follow the price ladder (food c scores 2c-1; GARDEN.PRICE_LADDER).
    """
    ids: list[str] = []
    ids += [c.id for c in content.stewards + content.diplomats + content.action_cards]
    ids += [c.id for c in content.starting_resources]
    ids += [c.id for c in content.decrees] + [c.id for c in content.daimyo]
    ids += [c.id for c in content.gardens] + [t.id for t in content.yard_tiles]
    ids += [t.id for t in content.die_tiles]
    dupes = [i for i, n in Counter(ids).items() if n > 1]
    if dupes:
        raise _fail(where, f"duplicate ids: {sorted(dupes)}")
    for card_id in ids:  # ids appear in the log, the terminal and the board's SVG
        if not card_id or not card_id.isprintable() or card_id != card_id.strip() or len(card_id) > 40:
            raise _fail(
                where, f"card id {card_id[:40]!r}: an id is 1 to 40 printable characters, no edge spaces"
            )
    decrees = {d.id for d in content.decrees}
    for card in content.stewards:
        _check_castle_card(where, card, 1)
        if [b.rows for b in card.blocks] != [(0,), (1,), (2,)]:
            raise _fail(where, f"Steward {card.id}: needs one block per row 0, 1, 2 in order")
        if sum(b.dark for b in card.blocks) != 1:
            raise _fail(where, f"Steward {card.id}: needs exactly one dark row (CASTLE.ROWS)")
    for card in content.diplomats:
        _check_castle_card(where, card, 2)
        if len(card.blocks) != 2 or sum(b.dark for b in card.blocks) != 1:
            raise _fail(where, f"Diplomat {card.id}: needs one light and one dark block (CASTLE.ROWS)")
    for card in content.action_cards:
        _check_castle_card(where, card, 0)
    for card in content.stewards + content.diplomats + content.action_cards:
        for block in card.blocks:
            _check_effects(where, card.id, block.effects, decrees)
        _check_effects(where, card.id, card.back, decrees)
    for sr in content.starting_resources:
        _check_effects(where, sr.id, sr.gains + sr.lantern, decrees)
    for decree in content.decrees:
        _check_effects(where, decree.id, decree.lantern, decrees)
    for yard_tile in content.yard_tiles:
        _check_effects(where, yard_tile.id, yard_tile.action + yard_tile.reward, decrees)
    for die_tile in content.die_tiles:
        _check_effects(where, die_tile.id, die_tile.reward, decrees)
    for line in content.domain:
        _check_effects(where, f"domain line {line.member.value}", line.base, decrees)
        for cell in line.uncovered:
            _check_effects(where, f"domain line {line.member.value}", cell, decrees)
    if sorted(line.row for line in content.domain) != [0, 1, 2]:
        raise _fail(where, "domain: the lines must face card rows 0, 1 and 2 (DOMAIN.CARD_BLOCK)")
    lantern_shown = [(c.id, c.back) for c in content.stewards + content.diplomats + content.action_cards]
    lantern_shown += [(c.id, c.lantern) for c in content.starting_resources + content.decrees]
    for owner, icons in lantern_shown:
        if not all(isinstance(e, (Gain, Influence)) for e in icons):
            raise _fail(where, f"{owner}: Lantern Area icons must be plain gains or steps (LANTERN.BACKS)")
    for tile in content.die_tiles:
        if not all(isinstance(e, (Gain, ResourceChoice)) for e in tile.reward):
            raise _fail(where, f"die tile {tile.id}: a reward must be a gain or a resource choice")
    for daimyo in content.daimyo:
        if len(daimyo.favours) != 3:
            raise _fail(where, f"Daimyo card {daimyo.id}: needs 3 favour spaces (DAIMYO.FAVOURS)")
        for favour in daimyo.favours:
            _check_effects(where, daimyo.id, favour, decrees)
    for garden in content.gardens:
        if garden.food < 1:
            raise _fail(where, f"garden {garden.id}: the food cost must be at least 1")
        if garden.cp != 2 * garden.food - 1:
            raise _fail(where, f"garden {garden.id}: food {garden.food} must score {2 * garden.food - 1}")
        _check_effects(where, garden.id, garden.action, decrees)
        seen: set[str] = set()
        for i, alternative in enumerate(garden.readings):
            at = f"garden {garden.id}: readings[{i}]"
            default = Readings().value_of(alternative.rule)
            if default is None or alternative.rule not in CARD_READINGS:
                raise _fail(
                    where,
                    f"{at}: {alternative.rule!r} is not a reading of a card's icons "
                    f"(one of {', '.join(CARD_READINGS)})",
                )
            if alternative.value == default or alternative.value not in reading_values(alternative.rule):
                raise _fail(
                    where,
                    f"{at}: {alternative.rule} {alternative.value!r} is not one of its other "
                    f"readings ({', '.join(v for v in reading_values(alternative.rule) if v != default)})",
                )
            if alternative.rule in seen:
                raise _fail(where, f"{at}: {alternative.rule} is given twice")
            seen.add(alternative.rule)
            if not alternative.action:
                raise _fail(where, f"{at}.action: the action shows no icon")
            _check_effects(where, garden.id, alternative.action, decrees, f"readings[{i}].action")
    colours = Counter(t.colour for t in content.die_tiles)
    if len(content.die_tiles) != 15 or any(colours[c] != 5 for c in COLOURS):
        raise _fail(where, "die tiles: need 15, 5 of each colour (SETUP.DIE_TILES)")
    if [y.cost for y in content.yards] != [5, 3, 1]:
        raise _fail(where, "yards: need costs 5, 3, 1 in that order (SETUP.YARDS)")
    faces = sum(len(y.faces) for y in content.yards)
    if faces > len(content.yard_tiles) or any(
        f not in ("action", "reward") for y in content.yards for f in y.faces
    ):
        raise _fail(where, "yards: faces must be 'action' or 'reward', no more than the tiles")
    if sorted(line.member for line in content.domain) != sorted(MEMBERS) or sorted(
        line.colour for line in content.domain
    ) != sorted(COLOURS):
        raise _fail(where, "domain: need one line per member and per colour (DOMAIN.COLOUR_LOCK)")
    for line in content.domain:
        if len(line.uncovered) != 5:
            raise _fail(where, f"domain line {line.member.value}: needs 5 uncovered rewards")
    if content.time.last < 1 or len(content.time.score) != content.time.last + 1:
        raise _fail(where, "time.score: needs a last space of 1 or more and one value per space 0..last")
    if any(not 1 <= space <= content.time.last or cost < 1 for space, cost in content.time.checkpoints):
        raise _fail(where, "time.checkpoints: each is (a space 1..last, a cost of 1 or more seals)")
    if len(content.gardens) < 6 or len(content.daimyo) < 1 or len(content.starting_resources) < 5:
        raise _fail(where, "need at least 6 gardens, 1 Daimyo card and 5 Starting Resource cards")


def _check_castle_card(where: str, card: CastleCard, floor: int) -> None:
    if card.floor != floor:
        raise _fail(where, f"card {card.id}: floor {card.floor}, expected {floor}")
    covered = sorted(r for b in card.blocks for r in b.rows)
    if covered != [0, 1, 2]:
        raise _fail(where, f"card {card.id}: blocks must cover rows 0, 1, 2 exactly once")


class Catalogue:
    """Lookup tables over one Content value (built once per content)."""

    __slots__ = (
        "castle",
        "content",
        "daimyo",
        "decrees",
        "die_tiles",
        "gardens",
        "starting",
        "yard_tiles",
    )

    def __init__(self, content: Content) -> None:
        self.content = content
        self.castle: dict[str, CastleCard] = {
            c.id: c for c in content.stewards + content.diplomats + content.action_cards
        }
        self.starting: dict[str, StartingResourceCard] = {c.id: c for c in content.starting_resources}
        self.decrees: dict[str, DecreeCard] = {c.id: c for c in content.decrees}
        self.daimyo: dict[str, DaimyoCard] = {c.id: c for c in content.daimyo}
        self.gardens: dict[str, GardenCard] = {c.id: c for c in content.gardens}
        self.yard_tiles: dict[str, YardTile] = {c.id: c for c in content.yard_tiles}
        self.die_tiles = {t.id: t for t in content.die_tiles}

    def garden_action(self, card_id: str, readings: Readings) -> tuple[Effect, ...]:
        """The action of a garden card under the readings in force (its printed action unless an
        alternative of the card matches a reading). Rules: GARDENER.ACTION_OPTIONAL,
        READING.STONE_GARDEN_ICON."""
        card = self.gardens[card_id]
        for alternative in card.readings:
            if readings.value_of(alternative.rule) == alternative.value:
                return alternative.action
        return card.action

    def yard_face(self, tile: str, face: Face) -> tuple[Effect, ...]:
        """The icons of a Training Yard tile's face up side (action or reward). Rule: SETUP.YARDS."""
        yard = self.yard_tiles[tile]
        return yard.action if face == "action" else yard.reward

    def lantern_icons(self, card_id: str) -> tuple[Effect, ...]:
        """The Lantern icons a card shows in a Lantern Area. Rules: LANTERN.AREA, LANTERN.BACKS."""
        if card_id in self.starting:
            return self.starting[card_id].lantern
        if card_id in self.decrees:
            return self.decrees[card_id].lantern
        return self.castle[card_id].back


def load_deck(path: Path | None = None) -> SoloDeck:
    """Load and validate a Solitaire deck (the shipped provisional deck when ``path`` is None: the
    printed cards' faces are not available, SOLO.CARDS; expansion cards are out of scope,
    SOLO.EXPANSIONS). Raises ContentError with the file and what is wrong."""
    deck, where = _read_toml(path, "solitaire_provisional.toml", SoloDeck)
    validate_deck(deck, where)
    return deck


def validate_deck(deck: SoloDeck, where: str = "deck") -> None:
    """Check a Solitaire deck: at least 2 cards, unique printable ids (they appear in the log), spaces the rival can use (castle rooms,
    Outside the Walls, the Well; no Domain line), and icons of the rival's vocabulary (gains only of
    coins or Clan Points, yards 5/3/1, climbs of 1 or 2 floors, positive amounts).
    Rules: SOLO.ICONS, SOLO.GOLDEN.NO_DOMAIN."""
    if len(deck.cards) < 2:
        raise _fail(where, "a Solitaire deck needs at least 2 cards")
    if not deck.name or not deck.name.isprintable() or len(deck.name) > 120:
        raise _fail(where, f"name {deck.name[:40]!r}: a deck's name is 1 to 120 printable characters")
    ids = [c.id for c in deck.cards]
    for card_id in ids:
        if not card_id or not card_id.isprintable() or card_id != card_id.strip() or len(card_id) > 40:
            raise _fail(
                where, f"card id {card_id[:40]!r}: an id is 1 to 40 printable characters, no edge spaces"
            )
    if len(set(ids)) != len(ids):
        raise _fail(where, f"duplicate card ids: {sorted(i for i in set(ids) if ids.count(i) > 1)}")
    for card in deck.cards:
        twice = sorted({f for f in card.printed if card.printed.count(f) > 1})
        if twice:
            raise _fail(where, f"card {card.id}: printed names {', '.join(twice)} twice")
        if card.space in DOMAIN_SPACES:
            raise _fail(where, f"card {card.id}: the rival has no Domain board ({card.space.value})")
        for icon in card.top + card.bottom:
            if isinstance(icon, Gain) and icon.what not in (GainKind.CP, GainKind.COIN):
                raise _fail(where, f"card {card.id}: the rival gains only coins and Clan Points")
            if isinstance(icon, (Gain, Influence)) and icon.n <= 0:
                raise _fail(where, f"card {card.id}: amounts must be positive")
            if isinstance(icon, WarriorTo) and icon.cost not in (5, 3, 1):
                raise _fail(where, f"card {card.id}: no Training Yard costs {icon.cost}")
            if isinstance(icon, ClimbUp) and icon.floors not in (1, 2):
                raise _fail(where, f"card {card.id}: a climb is of 1 or 2 floors")


@cache
def provisional_deck() -> SoloDeck:
    """The shipped stand-in Solitaire deck (clearly marked provisional)."""
    return load_deck()


@cache
def base_content() -> Content:
    """The shipped base game, loaded and validated once."""
    return load_content()


_CUSTOM: dict[int, tuple[Content, Catalogue]] = {}


@cache
def _base_catalogue() -> Catalogue:
    return Catalogue(base_content())


def catalogue(content: Content | None) -> Catalogue:
    """The lookup tables for ``content`` (the base game when None)."""
    if content is None:
        return _base_catalogue()
    hit = _CUSTOM.get(id(content))
    if hit is not None and hit[0] is content:
        return hit[1]
    validate(content)
    cat = Catalogue(content)
    if len(_CUSTOM) > 256:
        _CUSTOM.clear()
    _CUSTOM[id(content)] = (content, cat)
    return cat
