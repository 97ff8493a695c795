"""Where everything is drawn: the board's frames (static boxes and labels) and its *slots*, one per
element that can change (a die, a member, a card, a tile, a count, a marker, a line of text), each
with its stable DOM id (the table is in :mod:`reference.view`), its box in SVG user units (1 unit = 1
CSS pixel at 100 % zoom) and the JSON Pointers of the observation fields it shows.

A :class:`Layout` is made for one game (:func:`layout_for`): how many slots of each variable kind it
needs (dice in the centre of a bridge, dice in a room, warriors in a yard, cards in a Lantern
Area...) is the most any of the game's observations holds, so a whole game is drawn on one skeleton
and each step only changes looks (:mod:`reference.view.scene`). Nothing here reads the engine's
state: only :class:`reference.wire.Observation` values (a public position is one) and the printed
content (:func:`reference.content.catalogue`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final, Literal

from reference.content import catalogue
from reference.errors import WhiteCastleError
from reference.model import COLOURS, MEMBERS, Colour, Member
from reference.wire import Observation

SlotKind = Literal["die", "card", "tile", "member", "count", "marker", "text", "home", "chip", "favour"]
"""How a slot is drawn: ``die`` (a square with its value and a dot of the clan that placed it),
``card`` (a card with its id; hover: its icons), ``tile`` (a die tile's colour square), ``member`` (a
clan member token), ``count`` (a clan token with a number: courtiers on a floor), ``marker`` (an
Influence marker on the Passage of Time, moved by a translation), ``text`` (a line of text),
``home`` (a member space of a Domain line: filled while the member is home), ``chip`` (a small card
in a row: Lantern Area, Solitaire deck, draft pairs), ``favour`` (a favour space of the Daimyo
card)."""

WIDTH: Final = 1200
"""The board's width in SVG user units."""
DIE: Final = 30
"""A die's side."""
TOKEN: Final = 16
"""A member token's side."""
TIME_CELL: Final = 55
"""The width of a Passage of Time space."""
PANEL_W: Final = 540
PANEL_X: Final = WIDTH - PANEL_W - 10
CLAN_PANEL_H: Final = 128
STEWARD_ROOMS: Final = 3
DIPLOMAT_ROOMS: Final = 2


@dataclass(frozen=True)
class Slot:
    """An element that can change: its DOM ``id``, how it is drawn (``kind``), its box (``x``, ``y``
    top left, ``w``, ``h``) and the JSON Pointers of the observation fields it shows (``sources``:
    a divergence at a pointer under or above one of them highlights the slot)."""

    id: str
    kind: SlotKind
    x: float
    y: float
    w: float
    h: float
    sources: tuple[str, ...] = ()


@dataclass(frozen=True)
class Frame:
    """A static box with a label (a room, a bridge, a clan's panel...): ``cls`` is its CSS class."""

    x: float
    y: float
    w: float
    h: float
    label: str = ""
    cls: str = "frame"


@dataclass(frozen=True)
class Label:
    """A static text at (``x``, ``y``) (baseline), CSS class ``cls``."""

    x: float
    y: float
    text: str
    cls: str = "label"


@dataclass(frozen=True)
class Capacity:
    """How many slots of each variable kind the game needs (the most any observation holds)."""

    clans: int = 2
    centre: int = 1
    room_dice: int = 1
    outside_dice: int = 1
    well_dice: int = 1
    gardeners: int = 1
    warriors: int = 1
    lantern: int = 1
    solo_deck: int = 0
    solo_discard: int = 0
    rival_row: int = 0
    draft: int = 0
    yard_tiles: int = 2
    time_last: int = 20
    checkpoints: tuple[tuple[int, int], ...] = ()
    solo: bool = False
    rival: int | None = None
    lines: tuple[tuple[Member, Colour], ...] = tuple(zip(MEMBERS, COLOURS, strict=True))
    """The Domain lines top to bottom: (member, die colour), from the content (DOMAIN.COLOUR_LOCK)."""


@dataclass(frozen=True)
class Layout:
    """The drawing of a game's board: its size, frames, labels and slots (in drawing order)."""

    width: float
    height: float
    capacity: Capacity
    frames: tuple[Frame, ...]
    labels: tuple[Label, ...]
    slots: tuple[Slot, ...]
    by_id: dict[str, Slot] = field(default_factory=dict, compare=False)

    def marker_at(self, space: int, level: int) -> tuple[float, float]:
        """Where an Influence marker is drawn (its translation): on Passage of Time ``space``, at
        stacking ``level`` (0 the bottom marker of the space, each above one :data:`STACK_STEP`
        higher). Rule: TIME.STACK."""
        top = self.by_id["time-track"].y + 18
        bottom = top + track_height(self.capacity.clans)
        x = 10 + space * TIME_CELL + (TIME_CELL - (TOKEN + 2)) / 2
        return x, bottom - 6 - (level + 1) * STACK_STEP


STACK_STEP: Final = 14
"""The height of one marker's place in a stack on the Passage of Time."""


def track_height(clans: int) -> float:
    """The height of the Passage of Time's cells: the space number, then room for a stack of every
    clan's marker."""
    return 34 + max(clans, 1) * STACK_STEP + 8


def capacity_of(observations: Iterable[Observation]) -> Capacity:
    """The slot counts a game needs: the most each variable part holds in any of ``observations``
    (at least one of each kind, so every kind has a place on the board)."""
    seen = list(observations)
    if not seen:
        raise ValueError("a layout needs at least one observation")
    first = seen[0]
    content = catalogue(first.setup.content).content
    boards = [o.board for o in seen if o.board is not None]
    clans = max(len(o.clans) for o in seen) or first.setup.players
    rival = next((i for i, c in enumerate(first.clans) if c.rival), None)
    if rival is None and first.setup.solo is not None:
        rival = 1
    return Capacity(
        clans=max(clans, first.setup.players),
        centre=max([len(b.centre) for board in boards for b in board.bridges] + [1]),
        room_dice=max([len(r.dice) for board in boards for r in board.rooms] + [1]),
        outside_dice=max([len(s) for board in boards for s in board.outside] + [1]),
        well_dice=max([len(board.well) for board in boards] + [1]),
        gardeners=max([len(g.gardeners) for board in boards for g in board.gardens] + [1]),
        warriors=max([len(y.warriors) for board in boards for y in board.yards] + [1]),
        lantern=max([len(c.lantern) for o in seen for c in o.clans] + [1]),
        solo_deck=max(len(o.solo_deck) for o in seen),
        solo_discard=max(len(o.solo_discard) for o in seen),
        rival_row=max(len(o.rival_row) for o in seen),
        draft=max(len(o.draft) for o in seen),
        yard_tiles=max([len(y.tiles) for board in boards for y in board.yards] + [2]),
        time_last=content.time.last,
        checkpoints=content.time.checkpoints,
        solo=first.setup.solo is not None,
        rival=rival,
        lines=domain_lines(first),
    )


DRAWABLE: Final = {
    "clans": 4,
    "centre": 15,
    "room_dice": 15,
    "outside_dice": 15,
    "well_dice": 15,
    "gardeners": 4,
    "warriors": 20,
    "lantern": 64,
    "solo_deck": 64,
    "solo_discard": 64,
    "rival_row": 8,
    "draft": 5,
    "yard_tiles": 8,
    "time_last": 40,
}
"""The most of each variable part the board draws: what the rules allow (4 clans, 15 dice, a
gardener per clan on a garden, 5 warriors per clan...) or, for content-made parts, a generous bound.
A position past one of them cannot occur; drawing it could take gigabytes (a slot per count)."""


class TooLarge(WhiteCastleError):
    """A position with more of some part than the board can draw (see :data:`DRAWABLE`)."""


def drawable(cap: Capacity) -> Capacity:
    """``cap`` when every count is within :data:`DRAWABLE`; raises TooLarge naming the first that is
    not."""
    for part, most in DRAWABLE.items():
        value = getattr(cap, part)
        if isinstance(value, int) and value > most:
            raise TooLarge(f"cannot draw the board: {part.replace('_', ' ')} {value} is more than {most}")
    return cap


def layout_for(observations: Iterable[Observation]) -> Layout:
    """The layout of a game whose observations are ``observations`` (one for a single position)."""
    return build(drawable(capacity_of(observations)))


def domain_lines(observation: Observation) -> tuple[tuple[Member, Colour], ...]:
    """The Domain lines of the game's content, top to bottom: (member, die colour). Rules:
    DOMAIN.COLOUR_LOCK, DOMAIN.CARD_BLOCK."""
    lines = sorted(catalogue(observation.setup.content).content.domain, key=lambda line: line.row)
    return tuple((line.member, line.colour) for line in lines)


class _Builder:
    def __init__(self) -> None:
        self.frames: list[Frame] = []
        self.labels: list[Label] = []
        self.slots: list[Slot] = []

    def frame(self, x: float, y: float, w: float, h: float, label: str = "", cls: str = "frame") -> None:
        self.frames.append(Frame(x, y, w, h, label, cls))

    def label(self, x: float, y: float, text: str, cls: str = "label") -> None:
        self.labels.append(Label(x, y, text, cls))

    def slot(self, id: str, kind: SlotKind, x: float, y: float, w: float, h: float, *sources: str) -> None:
        self.slots.append(Slot(id, kind, x, y, w, h, tuple(sources)))

    def die(self, id: str, x: float, y: float, source: str) -> None:
        self.slot(id, "die", x, y, DIE, DIE, source)

    def row(
        self,
        prefix: str,
        kind: SlotKind,
        count: int,
        x: float,
        y: float,
        w: float,
        h: float,
        source: str,
        per_row: int = 99,
        gap: float = 4,
    ) -> float:
        """``count`` slots ``prefix-0``.. left to right (wrapping after ``per_row``); returns the
        bottom of the last row."""
        bottom = y
        for i in range(count):
            col, line = i % per_row, i // per_row
            top = y + line * (h + gap)
            self.slot(f"{prefix}-{i}", kind, x + col * (w + gap), top, w, h, f"{source}/{i}")
            bottom = top + h
        return bottom


FLOOR_LABELS: Final = ("Gate", "Stewards' floor", "Diplomats' floor", "Daimyo's room")


def build(cap: Capacity) -> Layout:
    """The layout for the slot counts ``cap`` (see the id table in :mod:`reference.view`)."""
    b = _Builder()
    b.slot("status", "text", 10, 6, WIDTH - 20, 22, "/phase", "/round", "/turn", "/decision", "/winners")
    castle_x, castle_w = 150, 480
    # ---- the castle: floors top (Daimyo) to bottom (Gate); courtier counts on each floor's left ----
    rows = {3: (36, 74), 2: (116, 104), 1: (226, 104), 0: (336, 40)}
    for floor, (top, tall) in rows.items():
        b.frame(10, top, castle_x + castle_w - 10, tall, "", "floor")
        b.label(16, top + 16, FLOOR_LABELS[floor], "floor-label")
        for c in range(cap.clans):
            b.slot(
                f"courtiers-{floor}-clan-{c}",
                "count",
                16 + c * (TOKEN + 12),
                top + 24,
                TOKEN + 8,
                TOKEN,
                f"/clans/{c}/courtiers/{floor}",
            )
    # the Daimyo's room: its card and favour spaces (CASTLE.NO_DAIMYO_DIE: no die space)
    top = rows[3][0]
    b.slot("daimyo-card", "card", castle_x + 10, top + 8, 64, 58, "/board/daimyo")
    for k in range(3):
        b.slot(f"favour-{k}", "favour", castle_x + 90 + k * 46, top + 20, 36, 36, f"/board/favours/{k}")
    b.label(castle_x + 236, top + 30, "a Courtier arriving here takes", "note")
    b.label(castle_x + 236, top + 46, "a free favour space", "note")
    # rooms 0..2 Stewards (value 3), 3..4 Diplomats (value 4)
    room_boxes: list[tuple[int, float, float, float, int, str]] = []
    for r in range(STEWARD_ROOMS):
        w = castle_w / STEWARD_ROOMS
        room_boxes.append((r, castle_x + r * w, rows[1][0], w, 3, f"Stewards' room {r + 1} · 3"))
    for r in range(DIPLOMAT_ROOMS):
        w = castle_w / DIPLOMAT_ROOMS
        room_boxes.append(
            (STEWARD_ROOMS + r, castle_x + r * w, rows[2][0], w, 2, f"Diplomats' room {r + 1} · 4")
        )
    for r, x, y, w, tiles, name in room_boxes:
        b.frame(x + 3, y + 3, w - 6, 98, name, "room")
        at = f"/board/rooms/{r}"
        b.slot(f"room-{r}-card", "card", x + 9, y + 22, 52, 74, f"{at}/card")
        for t in range(tiles):
            b.slot(f"room-{r}-tile-{t}", "tile", x + 64, y + 24 + t * 24, 18, 18, f"{at}/tiles/{t}")
        for d in range(cap.room_dice):
            b.die(f"room-{r}-die-{d}", x + 90 + d * (DIE + 6), y + 44, f"{at}/dice/{d}")
    gate = rows[0][0]
    b.slot("deck-stewards", "text", castle_x + 200, gate + 8, 140, 24, "/board/steward_deck")
    b.slot("deck-diplomats", "text", castle_x + 340, gate + 8, 140, 24, "/board/diplomat_deck")
    # ---- the bridges, each with its two gardens ----
    bridge_top = 390
    for i, colour in enumerate(COLOURS):
        y = bridge_top + i * 56
        b.frame(10, y, castle_x + castle_w - 10, 50, "", f"bridge {colour.value}")
        b.label(18, y + 30, f"{colour.value} bridge", "bridge-label")
        at = f"/board/bridges/{i}"
        x = 110
        b.die(f"die-{colour.value}-left", x, y + 10, f"{at}/left")
        for k in range(cap.centre):
            b.die(f"die-{colour.value}-centre-{k}", x + (k + 1) * (DIE + 6), y + 10, f"{at}/centre/{k}")
        b.die(f"die-{colour.value}-right", x + (cap.centre + 1) * (DIE + 6), y + 10, f"{at}/right")
        for g in range(2):
            slot = 2 * i + g
            gx = 300 + g * 170
            b.slot(f"garden-{slot}", "card", gx, y + 6, 56, 38, f"/board/gardens/{slot}/card")
            b.row(
                f"garden-{slot}-gardener",
                "member",
                cap.gardeners,
                gx + 60,
                y + 6,
                TOKEN,
                TOKEN,
                f"/board/gardens/{slot}/gardeners",
                per_row=5,
                gap=3,
            )
    b.label(110, bridge_top - 4, "left end: Lantern · right end", "note")
    # ---- Outside the Walls, the Well, the Training Yards ----
    low = bridge_top + 3 * 56 + 8
    names = ("Outside the Walls (left) · 5: gardener or courtier", "Outside (right) · 5: warrior or courtier")
    for s in range(2):
        x = 10 + s * 160
        b.frame(x, low, 152, 74, names[s].split(" · ")[0], "space")
        b.label(x + 6, low + 68, names[s].split(" · ")[1], "note")
        for d in range(cap.outside_dice):
            b.die(f"outside-{s}-die-{d}", x + 8 + d * (DIE + 6), low + 22, f"/board/outside/{s}/{d}")
    wx = 340
    b.frame(wx, low, castle_x + castle_w - wx, 74, "The Well · 1", "space")
    for t in range(2):
        b.slot(f"well-tile-{t}", "chip", wx + 8 + t * 86, low + 22, 82, 18, f"/board/well_tiles/{t}")
    b.row("well-die", "die", cap.well_dice, wx + 8, low + 42, DIE, DIE, "/board/well", per_row=8, gap=4)
    well_rows = (cap.well_dice + 7) // 8
    yards_top = low + max(82, 50 + well_rows * 34)
    for k in range(3):
        x = 10 + k * 208
        b.frame(x, yards_top, 200, 30 + 22 * ((cap.warriors + 9) // 10) + 26, "", "yard")
        b.slot(f"yard-{k}", "text", x + 6, yards_top + 4, 188, 18, f"/board/yards/{k}/cost")
        for t in range(cap.yard_tiles):
            b.slot(
                f"yard-{k}-tile-{t}",
                "chip",
                x + 6 + t * 94,
                yards_top + 26,
                90,
                18,
                f"/board/yards/{k}/tiles/{t}",
            )
        b.row(
            f"yard-{k}-warrior",
            "member",
            cap.warriors,
            x + 6,
            yards_top + 50,
            TOKEN,
            TOKEN,
            f"/board/yards/{k}/warriors",
            per_row=10,
            gap=3,
        )
    yards_bottom = yards_top + 56 + 22 * ((cap.warriors + 9) // 10)
    # ---- the clans' panels (right) ----
    y = 36
    for c in range(cap.clans):
        y = _clan_panel(b, c, y, cap)
    if cap.draft:
        b.frame(PANEL_X, y, PANEL_W, 46, "Starting pairs on offer", "panel")
        b.row("draft", "chip", cap.draft, PANEL_X + 8, y + 20, 100, 18, "/draft")
        y += 52
    if cap.solo:
        for name, count, source, title in (
            ("solo-deck", cap.solo_deck, "/solo_deck", "rival's deck (top first)"),
            ("solo-discard", cap.solo_discard, "/solo_discard", "rival's discard pile"),
            ("rival-row", cap.rival_row, "/rival_row", "cards the rival flipped on its last turn"),
        ):
            if not count:
                continue  # never used in this game (the Tokugawa rival keeps no discard pile)
            rows_needed = max(1, (count + 9) // 10)
            b.frame(PANEL_X, y, PANEL_W, 24 + rows_needed * 22, title, "panel")
            b.row(name, "chip", count, PANEL_X + 8, y + 20, 48, 18, source, per_row=10)
            y += 30 + rows_needed * 22
    # ---- the Passage of Time (full width) ----
    track_top: float = max(yards_bottom, y) + 10
    track_h = track_height(cap.clans)
    b.slot("time-track", "text", 10, track_top, (cap.time_last + 1) * TIME_CELL, 16, "/time_order")
    b.frame(10, track_top + 18, (cap.time_last + 1) * TIME_CELL, track_h, "", "track")
    for space in range(cap.time_last + 1):
        x = 10 + space * TIME_CELL
        cost = dict(cap.checkpoints).get(space)
        b.frame(x, track_top + 18, TIME_CELL, track_h, "", "cell checkpoint" if cost else "cell")
        b.label(x + 4, track_top + 32, str(space), "cell-label")
        if cost:
            b.label(x + TIME_CELL - 3, track_top + 44, f"{cost} seal{'s' if cost > 1 else ''}", "cost")
    for c in range(cap.clans):
        b.slot(f"time-clan-{c}", "marker", 0, 0, TOKEN + 2, TOKEN - 2, f"/clans/{c}/time", "/time_order")
    height = track_top + 18 + track_h + 10
    layout = Layout(
        width=max(WIDTH, 20 + (cap.time_last + 1) * TIME_CELL),  # a longer track widens the board
        height=height,
        capacity=cap,
        frames=tuple(b.frames),
        labels=tuple(b.labels),
        slots=tuple(b.slots),
    )
    layout.by_id.update((s.id, s) for s in layout.slots)
    return layout


HOLDINGS: Final = (
    ("coins", "coins"),
    ("seals", "seals"),
    ("food", "food"),
    ("iron", "iron"),
    ("pearl", "pearl"),
    ("cp", "CP"),
    ("time", "time"),
)
"""A clan's counted holdings: (observation field, label)."""


def _clan_panel(b: _Builder, c: int, y: float, cap: Capacity) -> float:
    """Clan ``c``'s panel from ``y``: holdings, Domain lines (die, five member spaces), Domain card,
    Lantern Area; returns the next panel's top."""
    at = f"/clans/{c}"
    rival = c == cap.rival
    lantern_rows = max(1, (cap.lantern + 4) // 5)
    h = CLAN_PANEL_H if rival else max(CLAN_PANEL_H, 68 + lantern_rows * 22 + 8)
    b.frame(PANEL_X, y, PANEL_W, h, "", f"panel clan c{c}")
    b.slot(f"clan-{c}-name", "text", PANEL_X + 8, y + 4, 250, 18, f"{at}/rival", "/turn_order")
    b.slot(f"score-{c}", "text", PANEL_X + 280, y + 4, 250, 18, f"/scores/{c}", "/winners")
    for k, (name, label) in enumerate(HOLDINGS):
        x = PANEL_X + 8 + k * 76
        b.label(x, y + 38, label, "holding-label")
        b.slot(f"clan-{c}-{name}", "text", x + 36, y + 24, 36, 18, f"{at}/{name}")
    for i, (member, colour) in enumerate(cap.lines):
        line_y = y + 48 + i * 22
        b.label(PANEL_X + 8, line_y + 14, member.value, "holding-label")
        sent = MEMBERS.index(member)
        for k in range(5):
            b.slot(
                f"clan-{c}-line-{member.value}-{k}",
                "home",
                PANEL_X + 96 + k * 20,
                line_y + 3,
                TOKEN,
                TOKEN,
                f"{at}/sent/{sent}",
            )
        if rival:  # the rival has no Domain board (SOLO.GOLDEN.NO_DOMAIN): its members' supply only
            continue
        b.slot(
            f"clan-{c}-domain-{colour.value}",
            "die",
            PANEL_X + 70,
            line_y + 1,
            20,
            20,
            f"{at}/domain_dice/{COLOURS.index(colour)}",
        )
    if rival:
        b.label(PANEL_X + 206, y + 62, "the rival's members in its supply (no Domain board)", "note")
        return y + h + 6
    b.label(PANEL_X + 206, y + 62, "Domain card", "holding-label")
    b.slot(f"clan-{c}-domain-card", "chip", PANEL_X + 206, y + 68, 60, 18, f"{at}/domain_card")
    b.label(PANEL_X + 280, y + 62, "Lantern Area", "holding-label")
    b.row(f"clan-{c}-lantern", "chip", cap.lantern, PANEL_X + 280, y + 68, 48, 18, f"{at}/lantern", per_row=5)
    return y + h + 6
