"""The Tokugawa visit, the official solo rival: it finds its die by flipping Solitaire cards until the
card on top names a slot that holds a die, puts it on the space that card shows (the Well when that
space is taken), then does the actions of the last two cards flipped.

Rules: SOLO.SETUP.DIFFICULTY, SOLO.TURN.FIND_DIE, SOLO.TURN.PLACE, SOLO.TURN.NO_STACK_WELL,
SOLO.TURN.ACT, SOLO.TURN.TO_BOTTOM, RULING.SOLO_DECK_EXHAUSTED, READING.SOLO_ACTION_ORDER.
"""

from __future__ import annotations

from typing import ClassVar

from msgspec.structs import replace

from reference.errors import RulesGap
from reference.model import COLOURS, RivalIcon, RivalIconsFrame, RivalKind, Setup, SoloCard, Space, State
from reference.model import events as ev
from reference.rules.bridges import slot_die
from reference.rules.common import board, emit, push
from reference.rules.solo.rival import DIFFICULTY, PLAYER, RIVAL, Rival, cards


class Tokugawa(Rival):
    """The Tokugawa rival's turn and its place in the first turn order."""

    kind: ClassVar[RivalKind] = RivalKind.TOKUGAWA

    def first_order(self, setup: Setup) -> tuple[int, ...]:
        """By the rival's Heron: first on Medium and Hard, second on Easy. Rule: SOLO.SETUP.DIFFICULTY."""
        solo = setup.solo
        assert solo is not None
        return (RIVAL, PLAYER) if DIFFICULTY[solo.difficulty][1] == 1 else (PLAYER, RIVAL)

    def readings(self, setup: Setup) -> tuple[tuple[str, str], ...]:
        """The order of the two cards' actions. Rule: READING.SOLO_ACTION_ORDER."""
        assert setup.solo is not None
        return (*super().readings(setup), ("READING.SOLO_ACTION_ORDER", setup.solo.action_order))

    def turn(self, state: State, clan: int) -> State:
        """Find a die, place it (coins when higher, never a payment; a taken space sends it to the Well,
        coins as usual, no tile rewards and no seal), then queue the actions of the last flipped
        cards; the flipped cards go to the bottom of the deck. Rules: SOLO.TURN.FIND_DIE,
        SOLO.TURN.PLACE, SOLO.TURN.NO_STACK_WELL, SOLO.TURN.ACT, SOLO.TURN.TO_BOTTOM,
        SOLO.GOLDEN.ONLY_ICONS."""
        started = ev.TurnStarted(round=state.round, turn=state.turn + 1, clan=clan)
        flipped, top, flips = find_die(state, clan)
        k = len(flipped)
        n = len(state.solo_deck)
        new_deck = state.solo_deck[k % n :] + state.solo_deck[: k % n]
        events = (*state.events, started, *flips)  # one copy of the state for the turn's start
        state = replace(state, solo_deck=new_deck, rival_row=flipped, turn=state.turn + 1, events=events)
        space = top.space
        if self.space_taken(state, clan, space):
            state = emit(state, ev.SentToWell(clan=clan, space=space))
            space = Space.WELL
        state = self.place(state, clan, top, space, "SOLO.TURN.PLACE")
        icons = icons_of(state, flipped)
        rules = ("SOLO.TURN.ACT", "READING.SOLO_ACTION_ORDER")
        acts = ev.RivalActs(clan=clan, cards=flipped[-2:], icons=icons, rules=rules)
        to_bottom = ev.CardsToBottom(clan=clan, cards=flipped)
        return push(state, RivalIconsFrame(clan, icons), events=(acts, to_bottom))


def find_die(state: State, clan: int) -> tuple[tuple[str, ...], SoloCard, tuple[ev.CardFlipped, ...]]:
    """The flip loop: flip the top card into a row; the card now on top names a die colour and a
    slot; repeat until that slot holds a die. Returns the flipped cards (in order), the card that
    found the die and the event of every flip. When the last card is flipped, the row goes under (it
    is then the whole deck) and the search goes on; a deck none of whose cards names an available die
    raises RulesGap. Rules: SOLO.TURN.FIND_DIE, RULING.SOLO_DECK_EXHAUSTED."""
    by_id = cards(state)
    order = state.solo_deck
    n = len(order)
    b = board(state)
    flipped: list[ev.CardFlipped] = []
    for flips in range(1, n + 1):
        top = by_id[order[flips % n]]
        found = slot_die(b.bridges[COLOURS.index(top.bridge)], top.slot) is not None
        wrapped = flips == n
        rules = ("SOLO.TURN.FIND_DIE", "RULING.SOLO_DECK_EXHAUSTED") if wrapped else ("SOLO.TURN.FIND_DIE",)
        flipped.append(
            ev.CardFlipped(
                clan=clan,
                card=order[flips - 1],
                top=top.id,
                bridge=top.bridge,
                slot=top.slot,
                found=found,
                wrapped=wrapped,
                rules=rules,
            )
        )
        if found:
            return order[:flips], top, tuple(flipped)
    raise RulesGap(
        "SOLO.TURN.FIND_DIE",
        "no card of the Solitaire deck names a bridge slot that holds a die; the rules do not say "
        "what the rival does then",
    )


def icons_of(state: State, flipped: tuple[str, ...]) -> tuple[RivalIcon, ...]:
    """The icons of the last two flipped cards (or the only one), top to bottom and left to right.
    Rules: SOLO.TURN.ACT, READING.SOLO_ACTION_ORDER."""
    by_id = cards(state)
    last = [by_id[c] for c in flipped[-2:]]
    solo = state.setup.solo
    assert solo is not None
    if solo.action_order == "cards":
        return tuple(icon for card in last for icon in card.top + card.bottom)
    return tuple(icon for card in last for icon in card.top) + tuple(
        icon for card in last for icon in card.bottom
    )


TOKUGAWA = Tokugawa()
"""The Tokugawa rival's rules."""
