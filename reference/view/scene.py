"""What each slot of a layout shows for one observation: its :class:`Look` (CSS class, text, hover
text, translation). A *scene* maps every slot id of the layout to its look; the SVG draws a scene
(:mod:`reference.view.svg`) and the game page steps through a game by sending, per step, only the
looks that changed (:mod:`reference.view.page`).

Read from the observation only (:class:`reference.wire.Observation`, so a public position too) and
the printed content: the dice on the bridges (left end, centre lowest first, right end: BRIDGE.SLIDE,
SETUP.BRIDGES_SORTED), in the castle rooms, Outside the Walls, at the Well and on the Domain lines;
each clan's members (courtiers counted per floor, COURTIER.FLOORS; gardeners on their garden,
warriors in their yard, the members still on the Domain lines, DOMAIN.REWARDS); the cards; the
Influence markers stacked as ``time_order`` gives (furthest first, on a shared space the marker on
top first: TIME.STACK).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from reference.content import Catalogue, catalogue
from reference.model import COLOURS, MEMBERS, Die, Phase, RivalKind
from reference.narrate import Names, describe, describe_icon, names_for, rows_name, space_name
from reference.rules.solo.rival import deck_of
from reference.view.layout import HOLDINGS, Layout, Slot
from reference.wire import Observation


@dataclass(frozen=True)
class Look:
    """How a slot looks: ``cls`` (CSS classes: its kind, then a colour ``coral``/``black``/``white``
    or a clan ``c0``..``c3``, or ``empty``), ``text`` (a die's value, a card's id, a count...),
    ``tip`` (the hover text: a card's icons) and a translation (``x``, ``y``, user units; only the
    Influence markers move)."""

    cls: str
    text: str = ""
    tip: str = ""
    x: float = 0.0
    y: float = 0.0

    def wire(self) -> list[str | float]:
        """The compact JSON form the game page's script applies: ``[cls, text, tip, x, y]`` without
        trailing defaults."""
        full: list[str | float] = [self.cls, self.text, self.tip, self.x, self.y]
        while len(full) > 1 and full[-1] in ("", 0.0):
            full.pop()
        return full


Scene = dict[str, Look]
"""Slot id -> look, for every slot of a layout."""

EMPTY: Final = "empty"


def scene(observation: Observation, layout: Layout) -> Scene:
    """The look of every slot of ``layout`` for ``observation`` (slots the observation does not fill
    are ``empty``). Rules: TIME.STACK (the markers' order), COURTIER.FLOORS, DOMAIN.REWARDS."""
    out: Scene = {slot.id: Look(f"{slot.kind} {EMPTY}") for slot in layout.slots}
    cat = catalogue(observation.setup.content)
    name = names_for(observation.setup)
    tips = _Tips(cat, observation)
    out["status"] = Look("text status", status_line(observation, name))
    for i in range(len(observation.clans)):
        _clan(out, observation, i, name, tips)
    _time(out, observation, layout, name)
    board = observation.board
    if board is not None:
        for bridge in board.bridges:
            colour = bridge.colour.value
            _die_value(out, f"die-{colour}-left", colour, bridge.left)
            for k, value in enumerate(bridge.centre):
                _die_value(out, f"die-{colour}-centre-{k}", colour, value)
            _die_value(out, f"die-{colour}-right", colour, bridge.right)
        for r, room in enumerate(board.rooms):
            if room.card is not None:
                _set(out, f"room-{r}-card", Look("card", room.card, tips.castle(room.card)))
            for t, colour_tile in enumerate(room.tiles):
                shade = colour_tile.value
                _set(out, f"room-{r}-tile-{t}", Look(f"tile {shade}", "", f"{shade} die tile"))
            for d, die in enumerate(room.dice):
                _die(out, f"room-{r}-die-{d}", die, name)
        _set(out, "deck-stewards", Look("text", f"Stewards' deck: {len(board.steward_deck)}"))
        _set(out, "deck-diplomats", Look("text", f"Diplomats' deck: {len(board.diplomat_deck)}"))
        _set(out, "daimyo-card", Look("card", board.daimyo, tips.daimyo(board.daimyo)))
        for k, holder in enumerate(board.favours):
            reward = tips.favour(board.daimyo, k)
            if holder is None:
                _set(out, f"favour-{k}", Look("favour free", str(k), f"favour {k} (free): {reward}"))
            else:
                _set(
                    out,
                    f"favour-{k}",
                    Look(f"favour c{holder}", str(k), f"favour {k}: {name(holder)}; {reward}"),
                )
        for s, dice in enumerate(board.outside):
            for d, die in enumerate(dice):
                _die(out, f"outside-{s}-die-{d}", die, name)
        for d, die in enumerate(board.well):
            _die(out, f"well-die-{d}", die, name)
        for t, tile in enumerate(board.well_tiles):
            _set(out, f"well-tile-{t}", Look("chip tile", tile, tips.die_tile(tile)))
        for g, garden in enumerate(board.gardens):
            _set(out, f"garden-{g}", Look("card garden", garden.card, tips.garden(garden.card)))
            for k, who in enumerate(garden.gardeners):
                _set(
                    out,
                    f"garden-{g}-gardener-{k}",
                    Look(f"member c{who} gardener", "", f"{name(who)}'s gardener"),
                )
        for k, yard in enumerate(board.yards):
            _set(
                out,
                f"yard-{k}",
                Look("text", f"Yard · {yard.cost} iron · {yard.value} CP per warrior"),
            )
            for t, (tile, face) in enumerate(yard.tiles):
                _set(out, f"yard-{k}-tile-{t}", Look(f"chip {face}", f"{tile} {face}", tips.yard(tile, face)))
            for w, who in enumerate(yard.warriors):
                _set(
                    out, f"yard-{k}-warrior-{w}", Look(f"member c{who} warrior", "", f"{name(who)}'s warrior")
                )
    for i, (card, action) in enumerate(observation.draft):
        _set(out, f"draft-{i}", Look("chip", f"{card} + {action}", f"pair {i}: {tips.starting(card)}"))
    for field, prefix in (
        ("solo_deck", "solo-deck"),
        ("solo_discard", "solo-discard"),
        ("rival_row", "rival-row"),
    ):
        for j, card in enumerate(getattr(observation, field)):
            _set(out, f"{prefix}-{j}", Look("chip solo", str(card), tips.solo(card)))
    return out


def status_line(observation: Observation, name: Names) -> str:
    """``Round 2 · turns · 3 of 6 turns taken · clan 1 decides (turn)``, or the end with the
    winners. Rules: TURN.DECISION, ROUND.COUNT."""
    o = observation
    if o.phase is Phase.OVER:
        winners = ", ".join(name(w) for w in o.winners) or "none"
        return (
            f"Game over after round {o.round} · {'winner' if len(o.winners) == 1 else 'winners'}: {winners}"
        )
    if o.board is None:
        return f"Before the deal · {o.setup.players} clans" + (" (solo)" if o.setup.solo is not None else "")
    who = "chance" if o.decision.clan is None else name(o.decision.clan)
    turns = 3 * len(o.clans)
    taken = f" · {o.turn} of {turns} turns taken" if o.phase is Phase.TURNS else ""
    return f"Round {o.round} · {o.phase.value}{taken} · {who} decides ({o.decision.kind.value})"


def _set(out: Scene, slot: str, look: Look) -> None:
    """Set a slot's look (a slot the layout lacks is left out: the layout was made for the game)."""
    if slot in out:
        out[slot] = look


def _die_value(out: Scene, slot: str, colour: str, value: int | None) -> None:
    if value is not None:
        _set(out, slot, Look(f"die {colour}", str(value), f"{colour} die {value}"))


def _die(out: Scene, slot: str, die: Die, name: Names) -> None:
    _set(
        out,
        slot,
        Look(
            f"die {die.colour.value} by c{die.clan}",
            str(die.value),
            f"{die.colour.value} {die.value} placed by {name(die.clan)}",
        ),
    )


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _clan(out: Scene, o: Observation, c: int, name: Names, tips: _Tips) -> None:
    clan = o.clans[c]
    place = f" · {_ordinal(o.turn_order.index(c) + 1)} in turn order" if c in o.turn_order else ""
    _set(out, f"clan-{c}-name", Look(f"text name c{c}", f"{name(c)}{place}"))
    for score in o.scores:
        if score.clan == c:
            star = " ★" if c in o.winners else ""
            tip = (
                f"during play {score.during_play}, coins and seals {score.coins_and_seals}, resources "
                f"{score.resources}, Passage of Time {score.time}, courtiers {score.courtiers}, warriors "
                f"{score.warriors}, gardeners {score.gardeners}"
            )
            _set(out, f"score-{c}", Look("text score", f"final score {score.total} CP{star}", tip))
    for field, _ in HOLDINGS:
        _set(out, f"clan-{c}-{field}", Look("text value", str(getattr(clan, field))))
    for floor, count in enumerate(clan.courtiers):
        if count:
            _set(
                out,
                f"courtiers-{floor}-clan-{c}",
                Look(f"count c{c}", str(count), f"{name(c)}: {count} courtier(s)"),
            )
    lines = catalogue(o.setup.content).content.domain
    for line in lines:
        m = MEMBERS.index(line.member)
        sent = clan.sent[m] if m < len(clan.sent) else 0
        for k in range(5):
            reward = ", ".join(map(describe, line.uncovered[k])) if k < len(line.uncovered) else ""
            if k < sent:
                look = Look("home gone", "", f"{line.member.value} space {k + 1}: uncovered ({reward})")
            else:
                look = Look(
                    f"home c{c} {line.member.value}", "", f"{name(c)}'s {line.member.value} (covers {reward})"
                )
            _set(out, f"clan-{c}-line-{line.member.value}-{k}", look)
        index = COLOURS.index(line.colour)
        value = clan.domain_dice[index] if index < len(clan.domain_dice) else None
        if value is not None:
            _set(
                out,
                f"clan-{c}-domain-{line.colour.value}",
                Look(
                    f"die {line.colour.value} by c{c}",
                    str(value),
                    f"{line.colour.value} {value} on the {line.member.value} line",
                ),
            )
    if clan.domain_card is not None:
        _set(out, f"clan-{c}-domain-card", Look("chip", clan.domain_card, tips.castle(clan.domain_card)))
    for j, card in enumerate(clan.lantern):
        _set(out, f"clan-{c}-lantern-{j}", Look("chip lantern", card, tips.lantern(card)))


def _time(out: Scene, o: Observation, layout: Layout, name: Names) -> None:
    """The Influence markers: each on its space, stacked bottom to top in the reverse of
    ``time_order`` among the clans sharing the space. Rule: TIME.STACK."""
    cap = layout.capacity
    levels: dict[int, int] = {}
    order = [c for c in o.time_order if 0 <= c < len(o.clans)]
    order += [c for c in range(len(o.clans)) if c not in order]
    for c in reversed(order):
        space = max(0, min(o.clans[c].time, cap.time_last))
        level = levels.get(space, 0)
        levels[space] = level + 1
        x, y = layout.marker_at(space, level)
        _set(
            out, f"time-clan-{c}", Look(f"marker c{c}", str(c), f"{name(c)} on space {o.clans[c].time}", x, y)
        )
    ranking = ", ".join(f"{name(c)} ({o.clans[c].time})" for c in order)
    _set(
        out,
        "time-track",
        Look("text", f"Passage of Time · furthest first, on a shared space the top marker first: {ranking}"),
    )


class _Tips:
    """Hover texts of the printed content (icons of cards and tiles)."""

    def __init__(self, cat: Catalogue, observation: Observation) -> None:
        self.cat = cat
        self.observation = observation

    def castle(self, card: str) -> str:
        found = self.cat.castle.get(card)
        if found is None:
            return card
        blocks = "; ".join(
            f"block {b} ({rows_name(block.rows)}, {'dark' if block.dark else 'light'}): "
            + (", ".join(map(describe, block.effects)) or "nothing")
            for b, block in enumerate(found.blocks)
        )
        return f"{card}: {blocks}; Lantern back: {', '.join(map(describe, found.back)) or 'nothing'}"

    def daimyo(self, card: str) -> str:
        found = self.cat.daimyo.get(card)
        if found is None:
            return card
        return f"{card}: " + "; ".join(
            f"favour {k}: {self.favour(card, k)}" for k in range(len(found.favours))
        )

    def favour(self, card: str, k: int) -> str:
        found = self.cat.daimyo.get(card)
        if found is None or not 0 <= k < len(found.favours):
            return ""
        return ", ".join(map(describe, found.favours[k])) or "nothing"

    def die_tile(self, tile: str) -> str:
        found = self.cat.die_tiles.get(tile)
        if found is None:
            return tile
        return f"{tile}: a Well visit gives {', '.join(map(describe, found.reward)) or 'nothing'}"

    def garden(self, card: str) -> str:
        found = self.cat.gardens.get(card)
        if found is None:
            return card
        action = self.cat.garden_action(card, self.observation.setup.readings)
        return (
            f"{card}: {found.kind.value} garden, {found.food} food, {found.cp} CP at the end; "
            f"action: {', '.join(map(describe, action)) or 'nothing'}"
        )

    def yard(self, tile: str, face: str) -> str:
        if tile not in self.cat.yard_tiles or face not in ("action", "reward"):
            return tile
        icons = self.cat.yard_face(tile, "action" if face == "action" else "reward")
        return f"{tile} ({face} face): {', '.join(map(describe, icons)) or 'nothing'}"

    def lantern(self, card: str) -> str:
        try:
            icons = self.cat.lantern_icons(card)
        except KeyError:
            return card
        return f"{card} in the Lantern Area: {', '.join(map(describe, icons)) or 'nothing'}"

    def starting(self, card: str) -> str:
        found = self.cat.starting.get(card)
        if found is None:
            return card
        return f"{card}: gains {', '.join(map(describe, found.gains))}"

    def solo(self, card: str) -> str:
        setup = self.observation.setup
        if setup.solo is None:
            return card
        cards = {c.id: c for c in deck_of(setup).cards}
        found = cards.get(card)
        if found is None:
            return card
        top = ", ".join(map(describe_icon, found.top)) or "nothing"
        bottom = ", ".join(map(describe_icon, found.bottom)) or "nothing"
        who = "Gingkogawa" if setup.solo.rival is RivalKind.GINGKOGAWA else "rival"
        return (
            f"{card} ({who}): Bridge side {found.bridge.value} {found.slot.value} die to "
            f"{space_name(found.space)}; action side top {top}, bottom {bottom}"
        )


def slots_at(layout: Layout, pointers: Iterable[str]) -> tuple[str, ...]:
    """The ids of the slots showing the observation fields at ``pointers`` (JSON Pointers): a slot
    whose source is the pointer, lies under it (``/board/rooms/0`` names every slot of room 0) or
    above it (``/board/rooms/0/dice/0/value`` names the die ``room-0-die-0``). A pointer no slot
    shows (``/legal_actions``, ``/pending/...``) names none."""
    wanted = [p for p in pointers if p.startswith("/")]
    found: list[str] = []
    for slot in layout.slots:
        if any(_related(source, p) for source in slot.sources for p in wanted):
            found.append(slot.id)
    return tuple(found)


def _related(source: str, pointer: str) -> bool:
    return source == pointer or source.startswith(pointer + "/") or pointer.startswith(source + "/")


def changed(before: Scene, after: Scene) -> dict[str, Look]:
    """The looks of ``after`` that differ from ``before`` (slots of either)."""
    return {k: v for k, v in after.items() if before.get(k) != v}


__all__ = ["EMPTY", "Look", "Scene", "Slot", "changed", "scene", "slots_at", "status_line"]
