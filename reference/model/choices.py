"""The pending decision described in the rules' terms (the observation's ``pending``): for each option
the action that takes it, what it gives (icons with their amounts), where that comes from (a card's
block, a Lantern card, a tile, a favour space, a garden, a yard, a checkpoint), what it costs (seals,
coins, resources) and the rule that governs it. Built by :func:`reference.choices.describe`.
Rules: TURN.DECISION, RULING.EFFECTS_OPTIONAL_ORDER."""

from __future__ import annotations

from msgspec import Struct

from reference.model.actions import Action
from reference.model.components import Effect
from reference.model.frames import Origin


class Cost(Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True):
    """What an option costs the deciding clan when it is taken: seals, coins and resources (food,
    iron, Mother-of-Pearl), each a count >= 0."""

    seals: int = 0
    coins: int = 0
    food: int = 0
    iron: int = 0
    pearl: int = 0


FREE = Cost()
"""An option that costs nothing."""


class Option(Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True):
    """One legal action of the pending decision: ``action`` (send it as it is), the ``rule`` that
    governs it, the icons it ``gives`` (empty when it gives nothing directly: a stop, a room, an
    audience), their ``origin`` (None when they come from no one place) and its ``cost``."""

    action: Action
    rule: str
    gives: tuple[Effect, ...] = ()
    origin: Origin | None = None
    cost: Cost = FREE


class Item(Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True):
    """An icon still to resolve in an order decision: ``index`` is what ``Next(index)`` names (its
    place in ``items``), ``icon`` the icon with its amount, ``origin`` where it comes from (None for a
    state built by hand)."""

    index: int
    icon: Effect
    origin: Origin | None = None


class PendingDecision(Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True):
    """A decision inside a turn, described: its ``rule``; the ``icon`` being resolved when the decision
    belongs to one (a resource choice with the picks left, a move with the steps left, a member
    action, a die-tile action...) and its ``origin``; for an order decision the ``items`` still to
    resolve; and ``options``: every legal action (the decision's own, then the seal trades), in the
    order ``legal_actions`` lists them."""

    rule: str
    icon: Effect | None = None
    origin: Origin | None = None
    items: tuple[Item, ...] = ()
    options: tuple[Option, ...] = ()


__all__ = ["FREE", "Cost", "Item", "Option", "PendingDecision"]
