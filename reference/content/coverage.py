"""What a Solitaire deck covers, beyond being valid (:func:`reference.content.validate_deck`).

A valid deck can still leave the rival short: a deck that never names a bridge slot lets the rival
never take a die from there, and when the only dice left sit in such slots the rival finds no die
(the engine stops with a RulesGap, SOLO.TURN.FIND_DIE). The printed deck has 9 cards (SOLO.CARDS);
the shipped stand-in deck names every colour x slot once and every space but the Well (the rival's
die goes there only when its space is taken, SOLO.TURN.PLACE).

``wcref play --deck`` and ``wcref bench --deck`` print each finding as a warning; ``--strict`` makes
them errors.
"""

from __future__ import annotations

from typing import Final

from reference.model import COLOURS, Slot, SoloDeck, Space

PRINTED_CARDS: Final = 9
"""Cards in the printed Solitaire deck (SOLO.CARDS)."""

CARD_SPACES: Final = (
    Space.STEWARD_1,
    Space.STEWARD_2,
    Space.STEWARD_3,
    Space.DIPLOMAT_1,
    Space.DIPLOMAT_2,
    Space.OUTSIDE_LEFT,
    Space.OUTSIDE_RIGHT,
)
"""The spaces a Solitaire card can name and a deck is expected to name (the Well is where the
rival's die goes when its space is taken; a card may name it too)."""


def deck_coverage(deck: SoloDeck) -> tuple[str, ...]:
    """What ``deck`` does not cover, one sentence each (empty: it covers what the printed deck
    does): a card count other than 9 (SOLO.CARDS), each bridge colour x slot no card names
    (SOLO.TURN.FIND_DIE), the castle and Outside the Walls spaces no card names (SOLO.TURN.PLACE)."""
    found: list[str] = []
    if len(deck.cards) != PRINTED_CARDS:
        found.append(f"it has {len(deck.cards)} cards; the printed deck has {PRINTED_CARDS} [SOLO.CARDS]")
    named = {(card.bridge, card.slot) for card in deck.cards}
    missing = [
        f"{colour.value} {slot.value}" for colour in COLOURS for slot in Slot if (colour, slot) not in named
    ]
    if missing:
        found.append(
            f"no card names the bridge slot(s) {', '.join(missing)}: the rival never takes a die there, and "
            "stops the game (a rules gap) when only such slots hold dice [SOLO.TURN.FIND_DIE]"
        )
    spaces = {card.space for card in deck.cards}
    unnamed = [space.value for space in CARD_SPACES if space not in spaces]
    if unnamed:
        found.append(
            f"no card names the space(s) {', '.join(unnamed)}: the rival never places there [SOLO.TURN.PLACE]"
        )
    return tuple(found)


def unfindable_ends(deck: SoloDeck) -> tuple[str, ...]:
    """The bridge ends (colour and left or right slot) no card of ``deck`` names. Every bridge that
    holds a die has one at an end (a lone die sits in its end slot: RULING.LONE_DIE_SLOT) and the
    rival always plays with dice on the bridges, so a deck naming both ends of every bridge always
    finds a die (SOLO.TURN.FIND_DIE); each end it leaves out is a witness that it may not (when the
    only dice left stand there)."""
    named = {(card.bridge, card.slot) for card in deck.cards}
    ends = (Slot.LEFT, Slot.RIGHT)
    return tuple(
        f"{colour.value} {slot.value}" for colour in COLOURS for slot in ends if (colour, slot) not in named
    )


def deck_differences(deck: SoloDeck, other: SoloDeck) -> tuple[str, ...]:
    """How ``deck`` differs from ``other``, card by card (by id) and field by field: cards only one of
    them holds, and each field of a shared card that differs."""
    ours = {card.id: card for card in deck.cards}
    theirs = {card.id: card for card in other.cards}
    found = [f"{card_id}: only in this deck" for card_id in ours if card_id not in theirs]
    found += [f"{card_id}: only in {other.name}" for card_id in theirs if card_id not in ours]
    for card_id, card in ours.items():
        shipped = theirs.get(card_id)
        if shipped is None:
            continue
        for field in ("bridge", "slot", "space"):
            mine, theirs_value = getattr(card, field), getattr(shipped, field)
            if mine != theirs_value:
                found.append(f"{card_id}: {field} {mine.value}, {other.name} {theirs_value.value}")
        for half in ("top", "bottom"):
            if getattr(card, half) != getattr(shipped, half):
                found.append(f"{card_id}: the {half} half of the action side differs")
    return tuple(found)


__all__ = ["CARD_SPACES", "PRINTED_CARDS", "deck_coverage", "deck_differences", "unfindable_ends"]
