"""Narration: the readable game log, made from typed events (the only place the engine's English is).

- :func:`describe` / :func:`describe_icon` name an icon or a rival icon in the game's terms;
- :func:`event_lines` tells one event (a line, or several for the board at the deal);
- :func:`board_lines` draws the board as text (bridges with their slots, rooms with cards and die
  tiles, the Daimyo card, the Well tiles, gardens and yards);
- :func:`log_lines` tells a whole game from its steps: a heading for the setup, each turn, each end
  of round and each re-roll, then the lines of each step (the first at two spaces, what it caused at
  four).

Numbering follows the wire: castle rooms 0..4 and card blocks 0.. from the top; castle rooms are also
named by their space (``Stewards' room 1`` is room 0, space ``steward_1``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final, Protocol, assert_never

from reference.content import catalogue
from reference.model import (
    COLOURS,
    ROOM_SPACES,
    SPACE_FACTS,
    BlockRef,
    Board,
    Bridge,
    ClimbUp,
    CourtierToGate,
    DecisionKind,
    DecreeIcon,
    Die,
    DieTileIcon,
    Difficulty,
    DomainIcon,
    Effect,
    Event,
    Floor,
    Gain,
    GardenerTo,
    Influence,
    LanternIcon,
    LightIcon,
    MemberIcon,
    PayCoins,
    Readings,
    ResourceChoice,
    RivalIcon,
    RivalKind,
    Setup,
    Slot,
    Space,
    WarriorTo,
    WellIcon,
)
from reference.model import events as ev
from reference.model.setup import DEFAULT_READINGS
from reference.rules.common import amount, clan_name
from reference.rules.effects import source_words as source_name
from reference.rules.solo.rival import deck_of


def article(word: str) -> str:
    """``word`` with its indefinite article ("a turn", "an order")."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless ``n`` is 1 ("1 action", "3 actions")."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def space_name(space: Space) -> str:
    """The game's name of a die space (``Stewards' room 1``, ``the Well``...)."""
    return SPACE_FACTS[space].name


FLOOR_NAMES: Final = {
    Floor.GATE: "the Gate",
    Floor.STEWARDS: "the Stewards' floor",
    Floor.DIPLOMATS: "the Diplomats' floor",
    Floor.DAIMYO: "the Daimyo's room",
}

_ROWS: Final = ("top", "middle", "bottom")

_UNDOABLE: Final[dict[str, str]] = {
    "no_gardener": "no gardener left",
    "no_garden": "no garden of that type without its gardener",
    "no_warrior": "no warrior left",
    "no_courtier": "no courtier left",
    "no_courtier_to_climb": "no courtier below the Daimyo's room",
    "past_daimyo": "the climb would pass the Daimyo's room",
}

_NOTHING: Final[dict[str, str]] = {
    "courtier": "can do nothing with the Courtier action",
    "warrior": "cannot do the Warrior action",
    "gardener": "cannot do the Gardener action",
    "outside": "cannot do the Outside the Walls action",
    "castle_row": "has no castle block to use",
    "light_row": "has no light block to use",
    "domain_line": "cannot do the Personal Domain action",
    "member_choice": "cannot do a member action",
    "favour": "finds no free favour",
    "room": "finds no room to enter",
}

_PAIR: Final[dict[str, str]] = {
    "taken": "taken",
    "no_pair": "no two die tiles of one colour",
    "fits": "free with a pair",
}

_WHY: Final[dict[str, str]] = {
    "pair": "a Stewards' room with a pair of die tiles",
    "shown": "the shown position is free",
    "wrap": "the shown position is taken: the search wraps",
    "full": "the zone is full",
    "well_card": "the card shows the Well",
}

_DECLINED: Final[dict[str, str]] = {
    "courtier": "ends the Courtier action",
    "warrior": "declines the Warrior action",
    "gardener": "declines the Gardener action",
    "outside": "declines the Outside the Walls action",
    "castle_row": "declines the castle action",
    "light_row": "declines the light-background action",
    "domain_line": "declines the Personal Domain action",
    "member_choice": "declines the member action",
    "favour": "declines the favour",
    "room": "declines the room",
}


# ---- names --------------------------------------------------------------------------------------


class Names:
    """How the log names the clans of a game: ``clan 1 (rival)`` for the Tokugawa rival, ``clan 1
    (Gingkogawa)`` for the bot, ``clan N`` otherwise; ``setup`` gives the content the log describes
    (cards' icons), when known."""

    def __init__(self, setup: Setup | None = None, rivals: Iterable[int] = ()) -> None:
        self.setup = setup
        solo = setup.solo if setup is not None else None
        self.kind = "" if solo is None else "Gingkogawa" if solo.rival is RivalKind.GINGKOGAWA else "rival"
        self.rivals = frozenset(rivals) if solo is not None else frozenset()

    def __call__(self, clan: int) -> str:
        return f"{clan_name(clan)} ({self.kind})" if clan in self.rivals else clan_name(clan)


def names_for(setup: Setup) -> Names:
    """The clan names of a game with this setup (in a solo game clan 1 is the rival)."""
    return Names(setup, (1,) if setup.solo is not None else ())


def rows_name(rows: Sequence[int]) -> str:
    """``top row``, ``middle and bottom rows``, ``all three rows``."""
    if len(rows) == len(_ROWS):
        return "all three rows"
    words = [_ROWS[r] if 0 <= r < len(_ROWS) else f"row {r}" for r in rows]
    return f"{' and '.join(words)} row{'s' if len(words) > 1 else ''}"


def block_name(card: str, block: int, rows: Sequence[int]) -> str:
    """``S5 block 0 (top row)``."""
    return f"{card} block {block} ({rows_name(rows)})"


def room_name(room: int) -> str:
    """``Stewards' room 1 (room index 0)``: the room's space as the game names it, and the index
    actions give it on the wire (``choose_room``, ``choose_block``: 0-4 across both floors)."""
    if 0 <= room < len(ROOM_SPACES):
        return f"{space_name(ROOM_SPACES[room])} (room index {room})"
    return f"room {room}"


def describe(effect: Effect, readings: Readings = DEFAULT_READINGS) -> str:
    """A short name of an icon: ``+2 coins``, ``1 Passage of Time step``, ``Lantern``... (the
    Personal Domain icon as the ``readings`` read it, READING.DOMAIN_ICON)."""
    match effect:
        case Gain(what=what, n=n):
            return f"+{amount(n, what.value)}"
        case Influence(n=n):
            return f"{n} Passage of Time step{'s' if n != 1 else ''}"
        case ResourceChoice(n=n):
            return f"{n} resource{'s' if n != 1 else ''} of choice"
        case LanternIcon():
            return "Lantern"
        case WellIcon():
            return "Well action"
        case MemberIcon(member=member):
            return f"{member.value} action"
        case DieTileIcon(colour=colour):
            return f"{colour.value if colour else 'any'} die-tile action"
        case LightIcon():
            return "light-background action"
        case DomainIcon():
            if readings.domain_icon == "members":
                return "Courtier, Warrior or Gardener action (the Personal Domain icon)"
            return "Personal Domain action"
        case DecreeIcon(card=card):
            return f"Decree {card}"
        case PayCoins(n=n, then=then):
            return f"pay {amount(n, 'coin')}: " + ", ".join(describe(e, readings) for e in then)
        case BlockRef(card=card, block=block):
            return f"{card} block {block}"
        case _:
            assert_never(effect)


def describe_icon(icon: RivalIcon) -> str:
    """A short name of a rival icon: ``warrior to the 3-iron yard``, ``climb 2``..."""
    match icon:
        case Gain() | Influence():
            return describe(icon)
        case GardenerTo(kind=kind):
            return f"gardener to a {kind.value} garden" if kind else "gardener to any garden"
        case WarriorTo(cost=cost):
            return f"warrior to the {cost}-iron yard"
        case CourtierToGate():
            return "courtier to the Gate"
        case ClimbUp(floors=floors):
            return f"climb {floors}"
        case _:
            assert_never(icon)


def _readings(name: Names | None) -> Readings:
    return name.setup.readings if name is not None and name.setup is not None else DEFAULT_READINGS


def _icons(icons: Sequence[Effect], name: Names | None = None) -> str:
    """The icons' short names, the Personal Domain icon as the game of ``name`` reads it."""
    readings = _readings(name)
    return ", ".join(describe(icon, readings) for icon in icons) if icons else "nothing"


def _rival_icons(icons: Sequence[RivalIcon]) -> str:
    return ", ".join(map(describe_icon, icons)) if icons else "nothing"


def _order(order: Sequence[int], name: Names) -> str:
    return " > ".join(name(i) for i in order)


def _slot(slot: Slot) -> str:
    return "the centre slot" if slot is Slot.CENTRE else f"the {slot.value} end"


def _paying(n: int, what: str) -> str:
    return f"pays {amount(n, what)}" if n else "pays nothing"


def _coins(coins: int) -> str:
    if coins > 0:
        return f"gains {amount(coins, 'coin')}"
    if coins < 0:
        return f"pays {amount(-coins, 'coin')}"
    return "pays nothing"


# ---- the board ----------------------------------------------------------------------------------


def bridge_text(bridge: Bridge) -> str:
    """``coral: 1 [3] 5``: the left end, the centre dice, the right end (``-`` for an empty slot)."""
    left = "-" if bridge.left is None else str(bridge.left)
    right = "-" if bridge.right is None else str(bridge.right)
    centre = " ".join(map(str, bridge.centre))
    return f"{bridge.colour.value}: {left} [{centre}] {right}"


def compact_board_lines(
    board: Board, name: Names | None = None, courtiers: Callable[[int], str] | None = None
) -> list[str]:
    """The board at a glance, one line per area, as ``wcref show`` draws it (OpenSpiel's state
    string idea): the bridges, the Daimyo's room, each floor's rooms (card, die tiles, dice), the
    Gate and the decks, Outside the Walls, the Well, the gardens by bridge and the yards.
    ``courtiers(floor)`` (0 the Gate .. 3 the Daimyo's room) names the courtiers there when known.
    Dice are ``colour value cN`` (N the clan that placed it), ``-`` an empty slot."""
    who = name if name is not None else clan_name

    def on(floor: int) -> str:
        return f"; courtiers {courtiers(floor)}" if courtiers is not None else ""

    def dice(held: Sequence[Die]) -> str:
        return " ".join(f"{d.colour.value} {d.value} c{d.clan}" for d in held) or "-"

    lines = ["bridges (left [centre] right): " + " | ".join(bridge_text(b) for b in board.bridges)]
    favours = ", ".join(
        f"{k} {'free' if holder is None else who(holder)}" for k, holder in enumerate(board.favours)
    )
    lines.append(f"Daimyo's room: {board.daimyo}; favours {favours}{on(3)}")
    for floor, label in ((2, "Diplomats' floor"), (1, "Stewards' floor")):
        rooms = [
            f"{k + 1} {room.card or '(no card)'} ({' '.join(t.value for t in room.tiles)}) dice {dice(room.dice)}"
            for k, room in enumerate(r for r in board.rooms if r.floor == floor)
        ]
        lines.append(f"{label}: {' | '.join(rooms)}{on(floor)}")
    gate = f"Gate: courtiers {courtiers(0)}; decks" if courtiers is not None else "decks"
    lines.append(f"{gate}: Stewards {len(board.steward_deck)}, Diplomats {len(board.diplomat_deck)}")
    sides = ("left", "right")
    outside = " | ".join(f"{sides[s] if s < 2 else s} {dice(held)}" for s, held in enumerate(board.outside))
    lines.append(f"Outside the Walls: {outside}")
    lines.append(f"Well: tiles {', '.join(board.well_tiles) or '-'}; dice {dice(board.well)}")
    gardens: list[str] = []
    for colour in COLOURS:
        here = [
            g.card + (f" ({' '.join(f'c{k}' for k in g.gardeners)})" if g.gardeners else "")
            for g in board.gardens
            if g.bridge is colour
        ]
        gardens.append(f"{colour.value} {', '.join(here) or '-'}")
    lines.append("gardens: " + " | ".join(gardens))
    yards = [
        f"{y.cost} iron {', '.join(f'{t} {face}' for t, face in y.tiles) or '-'}"
        + (f" ({' '.join(f'c{k}' for k in y.warriors)})" if y.warriors else "")
        for y in board.yards
    ]
    lines.append("yards: " + " | ".join(yards))
    return lines


def board_lines(board: Board, name: Names | None = None) -> list[str]:
    """The board as text: first at a glance (:func:`compact_board_lines`, the board ``wcref show``
    draws), then, when the game's content is known through ``name``, the cards on it: each castle
    room's card with each block's rows, background, die tile and icons; the Daimyo card's favours;
    the gardens beside each bridge with their slot, price, Clan Points and action; the Training
    Yards' tiles with their icons."""
    c = catalogue(name.setup.content) if name is not None and name.setup is not None else None
    who = name if name is not None else clan_name
    lines = compact_board_lines(board, name)
    if c is None:
        return lines
    lines.append("the cards on the board:")
    for r, room in enumerate(board.rooms):
        if room.card is None:
            continue
        lines.append(f"  {room_name(r)}: {room.card}")
        for b, block in enumerate(c.castle[room.card].blocks):
            shade = "dark" if block.dark else "light"
            tile = room.tiles[b].value if b < len(room.tiles) else "no"
            lines.append(
                f"      block {b}, {rows_name(block.rows)}, {shade}, {tile} die tile: {_icons(block.effects, name)}"
            )
    lines.append(f"  Daimyo card {board.daimyo}")
    for i, reward in enumerate(c.daimyo[board.daimyo].favours):
        lines.append(f"      favour {i}: {_icons(reward, name)}")
    for slot, g in enumerate(board.gardens):
        held = f" ({', '.join(who(k) for k in g.gardeners)})" if g.gardeners else ""
        card = c.gardens[g.card]
        action = c.garden_action(g.card, _readings(name))
        lines.append(
            f"  garden slot {slot} beside the {g.bridge.value} bridge: {g.card} ({card.kind.value}, "
            f"{card.food} food, {amount(card.cp, 'cp')}): {_icons(action, name)}{held}"
        )
    for y in board.yards:
        tiles = ", ".join(
            f"{tile} {face} ({_icons(c.yard_face(tile, face), name)})" for tile, face in y.tiles
        )
        lines.append(f"  Training Yard {y.cost} iron ({y.value} per warrior): {tiles}")
    return lines


def deck_lines(order: Sequence[str], name: Names) -> list[str]:
    """A Solitaire deck, top first, each card's Bridge side (the die it names and its space) when the
    game's deck is known."""
    setup = name.setup
    if setup is None or setup.solo is None:
        return [f"Solitaire deck (top first): {', '.join(order)}"]
    cards = {card.id: card for card in deck_of(setup).cards}
    shown = [
        f"{card} ({cards[card].bridge.value} {cards[card].slot.value} die, {space_name(cards[card].space)})"
        if card in cards
        else card
        for card in order
    ]
    return ["Solitaire deck (top first; each card's Bridge side): " + ", ".join(shown)]


# ---- events ---------------------------------------------------------------------------------------


def heading(event: Event, name: Names) -> str | None:
    """The heading an event starts in the log (None: it is told under the current heading)."""
    match event:
        case ev.Dealt():
            return "Setup · deal"
        case ev.PairTaken(clan=clan):
            return f"Setup · draft · {name(clan)}"
        case ev.TurnStarted(round=r, turn=turn, clan=clan):
            return f"Round {r} · turn {turn} · {name(clan)}"
        case ev.RoundEnded(round=r):
            return f"Round {r} · end of round"
        case ev.GardensStep(round=r):
            return f"Round {r} · gardens"
        case ev.Rerolled(round=r):
            return f"Round {r} · re-roll"
        case ev.GameOver():
            return "Game over"
        case _:
            return None


def event_lines(event: Event, name: Names) -> list[str]:
    """The log lines of one event (a heading is given by :func:`heading`, not here)."""
    match event:
        case ev.Dealt(
            players=players, turn_order=order, board=board, solo_deck=deck, pairs=pairs, readings=readings
        ):
            who = "a solo game (the player and the rival)" if deck else f"{players} clans"
            lines = [f"setup dealt for {who}; first-round turn order {_order(order, name)}"]
            lines += board_lines(board, name)
            if deck:
                lines += deck_lines(deck, name)
            offer = ", ".join(f"{i}: {sr} + {card}" for i, (sr, card) in enumerate(pairs))
            lines.append(f"starting pairs on offer: {offer}")
            if readings:
                lines.append("readings in force: " + ", ".join(f"{rid} = {value}" for rid, value in readings))
            return lines
        case ev.Rerolled(round=r, board=board, solo_deck=deck):
            lines = [f"every die re-rolled for round {r}; the board of the new round:"]
            lines += board_lines(board, name)
            if deck:
                lines += [
                    line.replace("Solitaire deck", "Solitaire deck reshuffled", 1)
                    for line in deck_lines(deck, name)
                ]
            return lines
        case ev.GameOver(scores=scores, winners=winners):
            best = max((s.total for s in scores), default=0)
            totals = ", ".join(f"{name(s.clan)} {s.total}" for s in scores)
            label = "winner" if len(winners) == 1 else "shared win"
            return [
                f"final scores (Clan Points): {totals}; {label}: {', '.join(map(name, winners))} ({best})"
            ]
        case _:
            return [_line(event, name)]


def _line(event: Event, name: Names) -> str:
    match event:
        case ev.Dealt() | ev.Rerolled() | ev.GameOver():
            return event_lines(event, name)[0]
        case ev.RivalStarts(clan=clan, rival=rival, difficulty=difficulty, cp=cp, time=time, place=place):
            level = (
                "normal"
                if rival is RivalKind.GINGKOGAWA and difficulty is Difficulty.MEDIUM
                else difficulty.value
            )
            return (
                f"{name(clan)} starts ({level}) with {amount(cp, 'cp')} on Passage of Time "
                f"space {time}, {'first' if place == 0 else 'second'} in turn order"
            )
        case ev.PairTaken(clan=clan, starting=sr, action_card=card):
            return f"{name(clan)} takes the starting pair {sr} + {card}"
        case ev.RoundStarted(round=r, turn_order=order):
            return f"round {r} begins: turn order {_order(order, name)}"
        case ev.TurnStarted(round=r, turn=turn, clan=clan):
            return f"round {r}, turn {turn}: {name(clan)}"
        case ev.RoundEnded(round=r, turn_order=order):
            return f"end of round {r}: the Passage of Time sets the turn order {_order(order, name)}"
        case ev.HandIn(clan=clan, place=place, rate=rate, coins=coins, points=points, kept=kept, round=r):
            return (
                f"{name(clan)}, {'first' if place == 0 else 'second'} in the new order, hands in "
                f"{coins - kept} of {amount(coins, 'coin')}, {r} CP per full {rate} (round {r}): "
                f"+{amount(points, 'cp')}, keeps {amount(kept, 'coin')}"
            )
        case ev.GardensStep(bridges=bridges):
            held = ", ".join(c.value for c in bridges) or "none"
            return (
                f"gardeners beside a bridge that still holds a die may act again (bridges with dice: {held})"
            )
        case ev.RivalGardens(clan=clan, gardeners=n, points=points):
            return f"{name(clan)}: {n} gardener(s) activate: +{amount(points, 'cp')}"
        case ev.BoardCleared(round=r):
            return f"every placed die of round {r} leaves the board"
        case ev.DiePlaced(
            clan=clan, colour=colour, slot=slot, value=value, space=space, covered=covered, coins=c
        ):
            return (
                f"{name(clan)} takes the {value} from {_slot(slot)} of the {colour.value} bridge and places "
                f"it on {space_name(space)} (against {covered}): {_coins(c)}"
            )
        case ev.LanternActivated(clan=clan, cards=cards, icons=icons):
            return f"{name(clan)} activates its Lantern ({', '.join(cards)}): {_icons(icons, name)}"
        case ev.RowsMatched(clan=clan, room=room, card=card, colour=colour, blocks=blocks):
            matched = ", ".join(f"block {b}" for b in blocks)
            return f"{name(clan)}'s {colour.value} die in {room_name(room)}: the {colour.value} die tiles of {card} match {matched}"
        case ev.BlockResolved(clan=clan, card=card, block=block, rows=rows, dark=dark, icons=icons):
            shade = "dark" if dark else "light"
            return f"{name(clan)} resolves {block_name(card, block, rows)}, {shade}: {_icons(icons, name)}"
        case ev.BlockChosen(clan=clan, room=room, card=card, block=block):
            return f"{name(clan)} chooses {card} block {block} in {room_name(room)}"
        case ev.WellResolved(clan=clan, tiles=tiles, icons=icons):
            return f"the Well gives {name(clan)} (tiles {', '.join(tiles)}): {_icons(icons, name)}"
        case ev.DomainLineResolved(clan=clan, colour=colour, rewards=rewards, card=card, block=block):
            then = f"; then {card} block {block}" if card is not None else ""
            return f"{name(clan)}'s {colour.value} Domain line gives {_icons(rewards, name)}{then}"
        case ev.Gained(clan=clan, what=what, n=n, kept=kept):
            lost = f" ({n - kept} of {n} lost to the cap)" if kept < n else ""
            return f"{name(clan)} gains {amount(kept, what.value)}{lost}"
        case ev.ResourceTaken(clan=clan, resource=resource, kept=kept):
            lost = " (lost: it holds 7)" if not kept else ""
            return f"{name(clan)} takes {amount(1, resource.value)}{lost}"
        case ev.DecreePlaced(clan=clan, card=card):
            return f"{name(clan)} places Decree {card} in its Lantern Area"
        case ev.IconChosen(clan=clan, icon=icon):
            return f"{name(clan)} resolves {describe(icon, _readings(name))} next"
        case ev.SealsTraded(clan=clan, seals=seals, into=into, kept=kept):
            got = amount(1, "coin" if into is None else into.value)
            lost = " (lost: it holds 7)" if into is not None and not kept else ""
            return f"{name(clan)} trades {amount(seals, 'seal')} for {got}{lost}"
        case ev.Declined(clan=clan, what=what):
            return f"{name(clan)} {_DECLINED[what]}"
        case ev.NothingToDo(clan=clan, what=what):
            return f"{name(clan)} {_NOTHING[what]}"
        case ev.OptionalPaid(clan=clan, source=source, seals=seals, coins=coins, icons=icons):
            paid = [amount(n, unit) for n, unit in ((seals, "seal"), (coins, "coin")) if n]
            price = f", paying {' and '.join(paid)}" if paid else ""
            return f"{name(clan)} uses {source_name(source)}{price}: {_icons(icons, name)}"
        case ev.OptionalDeclined(clan=clan, source=source, seals=seals, coins=coins, icons=icons):
            price = " and ".join(amount(n, unit) for n, unit in ((seals, "seal"), (coins, "coin")) if n)
            return f"{name(clan)} declines {source_name(source)} ({price or 'free'}: {_icons(icons, name)})"
        case ev.OptionalUnaffordable(clan=clan, source=source):
            return f"{name(clan)} cannot pay for {source_name(source)}: skipped"
        case ev.TimeMoved(clan=clan, start=start, end=end, rules=rules):
            free = (
                " (the rival passes the checkpoint without paying)"
                if "RULING.RIVAL_FREE_CHECKPOINTS" in rules
                else ""
            )
            return f"{name(clan)} moves on the Passage of Time from space {start} to {end}{free}"
        case ev.CheckpointPaid(clan=clan, space=space, seals=seals):
            return f"{name(clan)} pays {amount(seals, 'seal')} to enter checkpoint space {space}"
        case ev.CheckpointRefused(clan=clan, space=space, seals=seals, lost=lost):
            return (
                f"{name(clan)} refuses to pay {amount(seals, 'seal')} for space {space}: stops on "
                f"space {space - 1} ({amount(lost, 'step')} lost)"
            )
        case ev.CheckpointUnaffordable(clan=clan, space=space, seals=seals, held=held, lost=lost):
            return (
                f"{name(clan)} cannot pay {amount(seals, 'seal')} for space {space} (holds {held}): stops "
                f"on space {space - 1} ({amount(lost, 'step')} lost)"
            )
        case ev.MoveEnded(clan=clan, space=space, lost=lost):
            past = f" ({amount(lost, 'step')} past the end of the track lost)" if lost else ""
            return f"{name(clan)} ends its move on Passage of Time space {space}, on top of any marker there{past}"
        case ev.OutsideChosen(clan=clan, member=member):
            return f"{name(clan)} chooses the {member.value} action"
        case ev.MemberChosen(clan=clan, member=member):
            return f"{name(clan)} chooses the {member.value} action for the Personal Domain icon"
        case ev.CourtierAtGate(clan=clan, coins=coins):
            return f"{name(clan)} {_paying(coins, 'coin')}: a courtier enters the Gate"
        case ev.CourtierClimbed(clan=clan, start=start, end=end, pearl=pearl):
            return (
                f"{name(clan)} {_paying(pearl, 'pearl')}: a courtier climbs from {FLOOR_NAMES[start]} "
                f"to {FLOOR_NAMES[end]}"
            )
        case ev.CardTaken(clan=clan, room=room, card=card, tucked=tucked):
            return (
                f"{name(clan)} enters {room_name(room)}: tucks {tucked or 'no card'} into its Lantern Area "
                f"and takes {card} onto its Domain board"
            )
        case ev.RoomDeckEmpty(clan=clan, room=room, card=card):
            return f"{name(clan)} enters {room_name(room)}: its deck is empty, {card} stays"
        case ev.NoRoomToEnter(clan=clan, floor=floor):
            return f"{name(clan)}'s courtier finds every room of floor {floor} waiting for a refill"
        case ev.RoomRefilled(room=room, card=card):
            return f"{card} refills {room_name(room)}"
        case ev.FavourTaken(clan=clan, slot=slot, icons=icons):
            return f"{name(clan)} takes favour {slot}: {_icons(icons, name)}"
        case ev.NoFreeFavour(clan=clan):
            return f"{name(clan)}'s courtier finds no free favour and stays in the Daimyo's room"
        case ev.WarriorPlaced(clan=clan, cost=cost, iron=iron, icons=icons):
            effects = f": {_icons(icons, name)}" if icons else ""
            return f"{name(clan)} {_paying(iron, 'iron')}: a warrior goes to the {cost}-iron Training Yard{effects}"
        case ev.GardenerPlaced(clan=clan, card=card, bridge=bridge, food=food, slot=slot):
            return (
                f"{name(clan)} {_paying(food, 'food')}: a gardener goes to {card} (garden slot {slot}, "
                f"{bridge.value} bridge)"
            )
        case ev.CardFlipped(clan=clan, card=card, top=top, bridge=bridge, slot=slot, found=found, wrapped=w):
            wrap = "the row goes back under the deck; " if w else ""
            verdict = "which is there: the search stops" if found else "which is not there: flips again"
            return (
                f"{name(clan)} flips {card}: {wrap}{top} now on top names the {slot.value} die of the "
                f"{bridge.value} bridge, {verdict}"
            )
        case ev.SentToWell(clan=clan, space=space):
            return f"{space_name(space)} already holds a die: {name(clan)}'s die goes to the Well"
        case ev.RivalActs(clan=clan, cards=cards, icons=icons):
            origin = f" (from {', '.join(cards)})" if cards else ""
            return f"{name(clan)} acts{origin}: {_rival_icons(icons)}"
        case ev.CardsToBottom(clan=clan, cards=cards):
            return f"{name(clan)}'s flipped cards {', '.join(cards)} go under the deck (its actions follow)"
        case ev.IconUndoable(clan=clan, icon=icon, why=why, points=points):
            return (
                f"{name(clan)} cannot do '{describe_icon(icon)}' ({_UNDOABLE[why]}): +{amount(points, 'cp')}"
            )
        case ev.GardenerTie(clan=clan, slots=slots):
            return f"gardens tie for {name(clan)}'s gardener (slots {', '.join(map(str, slots))}): the player chooses"
        case ev.RivalRoomCard(clan=clan, room=room, removed=removed, replacement=replacement):
            if removed is None:
                return f"{name(clan)} enters {room_name(room)}: its deck is empty, the card stays"
            return (
                f"{name(clan)} enters {room_name(room)}: {removed} leaves the game, {replacement} replaces it"
            )
        case ev.BotZone(clan=clan, shown=shown, order=order, taken=taken):
            rooms = ", ".join(f"{space_name(s)}{' (taken)' if s in taken else ''}" for s in order)
            return f"{name(clan)}'s card shows {space_name(shown)}; positions in search order: {rooms}"
        case ev.PairSearch(clan=clan, colour=colour, pair_colour=reading, checked=checked):
            kind = "one colour" if reading == "any" else f"the die's colour ({colour.value})"
            words = {**_PAIR, "no_pair": f"no two die tiles of {kind}"}
            search = "; ".join(f"{space_name(s)} {words[v]}" for s, v in checked)
            return f"{name(clan)}'s Stewards' pair search for its {colour.value} die: {search}"
        case ev.BotTarget(clan=clan, card=card, space=space, why=why, bonus=bonus, half=half):
            extra = f"; bonus {_rival_icons(bonus)}" if bonus else ""
            parity = "odd" if half == "top" else "even"
            read = f"; the {half} half of {card} (the die is {parity})" if half else ""
            return f"{name(clan)}'s die goes to {space_name(space)}: {_WHY[why]}{extra}{read}"
        case ev.HardBonusCard(clan=clan, card=card):
            return f"Hard bonus: {name(clan)} reveals {card} and does its actions too"
        case ev.CardsDiscarded(clan=clan, cards=cards):
            return f"{name(clan)}'s used cards go to its discard pile: {', '.join(cards)}"
        case ev.DeckRanOut(clan=clan, cards=cards, from_discard=from_discard):
            pool = "the discard pile" if from_discard else "this turn's flipped cards but the last"
            return (
                f"{name(clan)}'s deck ran out: {pool} ({amount(len(cards), 'card')}) go under it, reshuffled"
            )
        case ev.Reshuffled(clan=clan, order=order):
            return f"reshuffled under {name(clan)}'s deck: {', '.join(order)}"
        case ev.CourtierInstead(clan=clan, icon=icon, instead=instead):
            return (
                f"{name(clan)} cannot do '{describe_icon(icon)}' as printed: {_rival_icons(instead)} instead"
            )
        case _:
            assert_never(event)


# ---- a whole game ---------------------------------------------------------------------------------


class StepLike(Protocol):
    """What :func:`log_lines` needs of a step: who decided, the kind of decision, the action and the
    events it produced."""

    @property
    def clan(self) -> int | None: ...

    @property
    def kind(self) -> DecisionKind: ...

    @property
    def action(self) -> object: ...

    @property
    def events(self) -> tuple[Event, ...]: ...


def log_lines(steps: Sequence[StepLike], name: Names) -> list[str]:
    """The readable log of a game: a heading for the deal, each draft pick, each turn, each end of
    round, the gardens step, each re-roll and the end, then the lines of each step (the first line
    of a step at two spaces, what it caused at four). A step without events is named."""
    lines: list[str] = []
    for step in steps:
        if not step.events:
            who = "chance" if step.clan is None else name(step.clan)
            lines.append(f"  ({who}: {step.action!r})")
            continue
        indent = "  "
        for event in step.events:
            title = heading(event, name)
            if title is not None:
                if lines:
                    lines.append("")
                lines.append(title)
                indent = "  "
            if isinstance(event, ev.TurnStarted):
                continue  # the heading says it all
            for text in event_lines(event, name):
                lines.append(f"{indent}{text}")
            indent = "    "
    return lines


def events_lines(events: Iterable[Event], name: Names) -> list[str]:
    """The lines of events with no step structure (headings as plain lines)."""
    out: list[str] = []
    for event in events:
        title = heading(event, name)
        if title is not None:
            out.append(title)
        if not isinstance(event, ev.TurnStarted):
            out.extend(event_lines(event, name))
    return out


__all__ = [
    "Names",
    "block_name",
    "board_lines",
    "bridge_text",
    "compact_board_lines",
    "describe",
    "describe_icon",
    "event_lines",
    "events_lines",
    "heading",
    "log_lines",
    "names_for",
    "room_name",
    "rows_name",
    "source_name",
    "space_name",
]
