"""Coins, resources, Daimyo Seals and Clan Points held by a clan: gains with their caps, payments
and the seal trades.

Rules: SEALS.CAP, SEALS.TRADE_RESOURCE, SEALS.TRADE_COIN, RESOURCES.CAP, COINS.NO_CAP,
RULING.GAINS_PER_ICON, RULING.COINS_UNLIMITED, SEALS.SOURCES (seals come only from gains: the Well and
card icons).
"""

from __future__ import annotations

from typing import Final

from msgspec.structs import replace

from reference.model import Clan, GainKind, Resource, Trade

SEAL_CAP = 5
"""Most Daimyo Seals a clan can hold. Rule: SEALS.CAP."""
RESOURCE_CAP = 7
"""Most of each resource a clan can hold. Rule: RESOURCES.CAP."""
TRADE_RESOURCE_SEALS = 2
"""Seals traded for 1 resource. Rule: SEALS.TRADE_RESOURCE."""
TRADE_COIN_SEALS = 1
"""Seals traded for 1 coin. Rule: SEALS.TRADE_COIN."""


def resource(clan: Clan, which: Resource | GainKind) -> int:
    """How much of a resource (food, iron or Mother-of-Pearl) the clan holds, 0..7."""
    match which.value:
        case "food":
            return clan.food
        case "iron":
            return clan.iron
        case "pearl":
            return clan.pearl
    raise ValueError(f"{which} is not a resource")


def gain(clan: Clan, what: GainKind, n: int) -> Clan:
    """Add ``n`` (>= 0) of ``what``; anything above a cap (5 seals, 7 of a resource) is lost; coins and
    Clan Points have no cap. Rules: SEALS.CAP, RESOURCES.CAP, COINS.NO_CAP, RULING.GAINS_PER_ICON."""
    match what:
        case GainKind.COIN:
            return replace(clan, coins=clan.coins + n)
        case GainKind.CP:
            return replace(clan, cp=clan.cp + n)
        case GainKind.SEAL:
            return replace(clan, seals=min(SEAL_CAP, clan.seals + n))
        case GainKind.FOOD:
            return replace(clan, food=min(RESOURCE_CAP, clan.food + n))
        case GainKind.IRON:
            return replace(clan, iron=min(RESOURCE_CAP, clan.iron + n))
        case GainKind.PEARL:
            return replace(clan, pearl=min(RESOURCE_CAP, clan.pearl + n))


def held(clan: Clan, what: GainKind) -> int:
    """How much of ``what`` the clan holds (coins, seals, Clan Points or a resource)."""
    match what:
        case GainKind.COIN:
            return clan.coins
        case GainKind.SEAL:
            return clan.seals
        case GainKind.CP:
            return clan.cp
        case GainKind.FOOD:
            return clan.food
        case GainKind.IRON:
            return clan.iron
        case GainKind.PEARL:
            return clan.pearl


def cap_rule(what: GainKind) -> str | None:
    """The cap rule of a holding (None: no cap). Rules: SEALS.CAP, RESOURCES.CAP, COINS.NO_CAP."""
    if what is GainKind.SEAL:
        return "SEALS.CAP"
    if what in (GainKind.FOOD, GainKind.IRON, GainKind.PEARL):
        return "RESOURCES.CAP"
    return None


def pay(clan: Clan, what: GainKind, n: int) -> Clan:
    """Remove ``n`` of ``what``; the caller has checked the clan holds it (ValueError otherwise).
    Clan Points are never paid: they are kept once earned (SCORE.CP; ValueError)."""
    if what is GainKind.CP:
        raise ValueError("Clan Points are never paid: they are kept once earned (SCORE.CP)")
    have = held(clan, what)
    if n > have:
        raise ValueError(f"cannot pay {n} {what.value}: holds {have}")
    match what:
        case GainKind.COIN:
            return replace(clan, coins=clan.coins - n)
        case GainKind.SEAL:
            return replace(clan, seals=clan.seals - n)
        case GainKind.FOOD:
            return replace(clan, food=clan.food - n)
        case GainKind.IRON:
            return replace(clan, iron=clan.iron - n)
        case GainKind.PEARL:
            return replace(clan, pearl=clan.pearl - n)


def gain_kind(r: Resource) -> GainKind:
    """The gain kind of a resource."""
    return GainKind(r.value)


def trades(clan: Clan) -> tuple[Trade, ...]:
    """The seal trades open to the clan now: 1 seal for 1 coin, 2 seals for 1 resource of any kind.
    Rules: SEALS.TRADE_COIN, SEALS.TRADE_RESOURCE, RULING.TRADES_AT_OWN_DECISIONS."""
    if clan.seals >= TRADE_RESOURCE_SEALS:  # a resource costs more seals than a coin
        return _ALL_TRADES
    if clan.seals >= TRADE_COIN_SEALS:
        return _COIN_TRADE
    return ()


_ALL_TRADES: Final = (Trade(None), *(Trade(r) for r in Resource))
"""Every seal trade: for a coin, then for each resource (immutable, so shared by every answer)."""
_COIN_TRADE: Final = _ALL_TRADES[:1]
"""The trade for a coin alone."""


def trade(clan: Clan, t: Trade) -> Clan:
    """Apply a seal trade (the caller checked it is open). Rules: SEALS.TRADE_COIN, SEALS.TRADE_RESOURCE."""
    if t.into is None:
        return gain(pay(clan, GainKind.SEAL, TRADE_COIN_SEALS), GainKind.COIN, 1)
    return gain(pay(clan, GainKind.SEAL, TRADE_RESOURCE_SEALS), gain_kind(t.into), 1)


def coins_reachable(clan: Clan) -> int:
    """Coins the clan could hold after trading every seal for coins (RULING.TRADES_AT_OWN_DECISIONS)."""
    return clan.coins + clan.seals // TRADE_COIN_SEALS


def resource_reachable(clan: Clan, which: Resource) -> int:
    """Of one resource, what the clan could hold after trading its seals for it (capped at 7)."""
    return min(RESOURCE_CAP, resource(clan, which) + clan.seals // TRADE_RESOURCE_SEALS)
