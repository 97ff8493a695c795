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


# Tables keyed by the kind rather than a match over its members: on Python 3.11 each member named
# (GainKind.COIN) is a slow attribute lookup on the enum class, and these run some 400 times a game.
_FIELD: Final[dict[GainKind, str]] = {
    GainKind.COIN: "coins",
    GainKind.FOOD: "food",
    GainKind.IRON: "iron",
    GainKind.PEARL: "pearl",
    GainKind.SEAL: "seals",
    GainKind.CP: "cp",
}
"""The field of a clan that holds each kind of gain."""
_CAP_RULE: Final[dict[GainKind, str | None]] = {
    GainKind.COIN: None,
    GainKind.FOOD: "RESOURCES.CAP",
    GainKind.IRON: "RESOURCES.CAP",
    GainKind.PEARL: "RESOURCES.CAP",
    GainKind.SEAL: "SEALS.CAP",
    GainKind.CP: None,
}
"""The cap rule of each kind (None: no cap), which names the cap: SEAL_CAP or RESOURCE_CAP, read when a
gain is made (so the caps are stated once, and a planted fault that changes one is seen)."""
_GAIN_KIND: Final[dict[Resource, GainKind]] = {r: GainKind(r.value) for r in Resource}
_RESOURCE_KINDS: Final = frozenset(_GAIN_KIND.values())
# Enum members named once, for the reason given at reference.engine._OVER.
_CP: Final = GainKind.CP


def resource(clan: Clan, which: Resource | GainKind) -> int:
    """How much of a resource (food, iron or Mother-of-Pearl) the clan holds, 0..7."""
    kind = _GAIN_KIND[which] if isinstance(which, Resource) else which
    if kind not in _RESOURCE_KINDS:
        raise ValueError(f"{which} is not a resource")
    return held(clan, kind)


def gain(clan: Clan, what: GainKind, n: int) -> Clan:
    """Add ``n`` (>= 0) of ``what``; anything above a cap (5 seals, 7 of a resource) is lost; coins and
    Clan Points have no cap. Rules: SEALS.CAP, RESOURCES.CAP, COINS.NO_CAP, RULING.GAINS_PER_ICON."""
    total = held(clan, what) + n
    rule = _CAP_RULE[what]
    if rule is not None:
        total = min(SEAL_CAP if rule == "SEALS.CAP" else RESOURCE_CAP, total)
    return replace(clan, **{_FIELD[what]: total})


def held(clan: Clan, what: GainKind) -> int:
    """How much of ``what`` the clan holds (coins, seals, Clan Points or a resource)."""
    value: int = getattr(clan, _FIELD[what])
    return value


def cap_rule(what: GainKind) -> str | None:
    """The cap rule of a holding (None: no cap). Rules: SEALS.CAP, RESOURCES.CAP, COINS.NO_CAP."""
    return _CAP_RULE[what]


def pay(clan: Clan, what: GainKind, n: int) -> Clan:
    """Remove ``n`` of ``what``; the caller has checked the clan holds it (ValueError otherwise).
    Clan Points are never paid: they are kept once earned (SCORE.CP; ValueError)."""
    if what == _CP:  # by value, as the tables look kinds up: "cp" is refused too
        raise ValueError("Clan Points are never paid: they are kept once earned (SCORE.CP)")
    have = held(clan, what)
    if n > have:
        raise ValueError(f"cannot pay {n} {what.value}: holds {have}")
    return replace(clan, **{_FIELD[what]: have - n})


def gain_kind(r: Resource) -> GainKind:
    """The gain kind of a resource."""
    return _GAIN_KIND[r]


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
