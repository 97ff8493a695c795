"""The compact text board of ``wcref show`` (the idea of OpenSpiel's state string): one observation
or public position in about twenty lines of plain text, read from the observation alone.

Shape::

    Round 2 · turns · 3 of 6 turns taken · clan 1 decides (turn)
    turn order: clan 1, clan 0
    bridges (left [centre] right): coral 1 [3] 5 | black - [] 1 | white - [] -
    Daimyo's room: DF9; favours 0 free, 1 clan 0, 2 free; courtiers clan 0 x1
    Diplomats' floor: 1 D7 (black white) dice - | 2 D6 (coral white) dice white 5 c0; courtiers -
    Stewards' floor: 1 S4 (black black coral) dice coral 5 c1 | ...; courtiers -
    Gate: courtiers clan 0 x1; decks: Stewards 6, Diplomats 7
    Outside the Walls: left black 5 c0 | right -
    Well: tiles white-food, coral-iron; dice -
    gardens: coral G5 (c0), G7 | black G4, G9 | white G3, G10
    yards: 5 iron Y8 action, Y3 reward (c0) | 3 iron Y6 action | 1 iron Y7 reward (c0 c1 c1)
    Passage of Time (furthest first, top of a stack first): clan 0 4, clan 1 0
    clan 0: coins 8 seals 2 food 5 iron 3 pearl 5 CP 0 time 4 | home C5 G4 W3 | Domain A6, dice - - - | Lantern DC2 SR4

Die values are numbers (1-6), ``cN`` is the clan that placed a die or stands on a space, ``-`` an
empty slot; home counts are the members still on each Domain line (5 minus those sent). Rules:
TIME.STACK (the order of the Passage of Time line), COURTIER.FLOORS.
"""

from __future__ import annotations

from collections.abc import Sequence

from reference.model import MEMBERS, Die, Phase
from reference.narrate import Names, compact_board_lines, names_for
from reference.view.scene import status_line
from reference.wire import Observation

FLOORS = ("Gate", "Stewards' floor", "Diplomats' floor", "Daimyo's room")


def _die(die: Die) -> str:
    return f"{die.colour.value} {die.value} c{die.clan}"


def _dice(dice: Sequence[Die]) -> str:
    return ", ".join(_die(d) for d in dice) or "-"


def _courtiers(o: Observation, floor: int, name: Names) -> str:
    found = [f"{name(c)} x{clan.courtiers[floor]}" for c, clan in enumerate(o.clans) if clan.courtiers[floor]]
    return ", ".join(found) or "-"


def text_board(observation: Observation) -> list[str]:
    """The text board of ``observation`` (see the module docstring), one string per line."""
    o = observation
    name = names_for(o.setup)
    lines = [status_line(o, name)]
    if o.turn_order:
        lines.append("turn order: " + ", ".join(name(c) for c in o.turn_order))
    if o.board is not None:
        lines += compact_board_lines(o.board, name, lambda floor: _courtiers(o, floor, name))
    order = [c for c in o.time_order if 0 <= c < len(o.clans)]
    lines.append(
        "Passage of Time (furthest first, top of a stack first): "
        + (", ".join(f"{name(c)} {o.clans[c].time}" for c in order) or "-")
    )
    for c, clan in enumerate(o.clans):
        held = (
            f"coins {clan.coins} seals {clan.seals} food {clan.food} iron {clan.iron} pearl {clan.pearl} "
            f"CP {clan.cp} time {clan.time}"
        )
        home = " ".join(f"{m.value[0].upper()}{5 - clan.sent[i]}" for i, m in enumerate(MEMBERS))
        dice = " ".join("-" if v is None else str(v) for v in clan.domain_dice)
        if clan.rival:
            lines.append(f"{name(c)}: {held} | home {home}")
            continue
        lines.append(
            f"{name(c)}: {held} | home {home} | Domain {clan.domain_card or '-'}, dice {dice} | "
            f"Lantern {' '.join(clan.lantern) or '-'}"
        )
    if o.draft:
        lines.append(
            "starting pairs on offer: " + ", ".join(f"{i}: {a} + {b}" for i, (a, b) in enumerate(o.draft))
        )
    if o.setup.solo is not None:
        lines.append(
            f"rival: deck (top first) {' '.join(o.solo_deck) or '-'} | discard {' '.join(o.solo_discard) or '-'}"
            f" | last flipped {' '.join(o.rival_row) or '-'}"
        )
    if o.phase is Phase.OVER and o.scores:
        lines.append("final scores: " + ", ".join(f"{name(s.clan)} {s.total} CP" for s in o.scores))
    return lines


__all__ = ["text_board"]
