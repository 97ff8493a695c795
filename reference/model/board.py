"""The table: dice, bridges, castle rooms, gardens, Training Yards, the main board, each clan's
holdings and the final score lines."""

from __future__ import annotations

from msgspec import Struct

from reference.model.components import Colour, Face


class Die(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A placed die: its colour, its value (1..6) and the clan that placed it."""

    colour: Colour
    value: int
    clan: int


class Bridge(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A bridge as three physical slots; ``centre`` holds the dice between the ends, lowest first.
    Rules: SETUP.BRIDGES_SORTED, BRIDGE.ENDS_ONLY, BRIDGE.SLIDE, RULING.LONE_DIE_SLOT."""

    colour: Colour
    left: int | None
    centre: tuple[int, ...]
    right: int | None

    def count(self) -> int:
        """Number of dice on the bridge."""
        return (self.left is not None) + len(self.centre) + (self.right is not None)


class Room(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A castle room on floor 1 (Stewards) or 2 (Diplomats): its card (None once its deck could not
    refill it), its die tiles (one per row/block) and the dice placed this round."""

    floor: int
    card: str | None
    tiles: tuple[Colour, ...]
    dice: tuple[Die, ...] = ()


class GardenSlot(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A garden card beside a bridge, with the clans whose gardener stands on it. Rule: SETUP.GARDENS."""

    bridge: Colour
    card: str
    gardeners: tuple[int, ...] = ()


class YardState(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A Training Yard with its tiles (id, face) and the clans of the warriors in it."""

    cost: int
    value: int
    tiles: tuple[tuple[str, Face], ...]
    warriors: tuple[int, ...] = ()


class Board(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """The main board."""

    bridges: tuple[Bridge, ...]
    rooms: tuple[Room, ...]
    steward_deck: tuple[str, ...]
    diplomat_deck: tuple[str, ...]
    daimyo: str
    favours: tuple[int | None, ...]
    outside: tuple[tuple[Die, ...], ...]
    well: tuple[Die, ...]
    well_tiles: tuple[str, ...]
    gardens: tuple[GardenSlot, ...]
    yards: tuple[YardState, ...]


class Clan(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """One clan's holdings.

    ``sent`` counts members that left the Domain board, per member in MEMBERS order (courtier,
    gardener, warrior), 0..5. ``courtiers`` counts courtiers per Floor (Gate, Stewards, Diplomats,
    Daimyo). ``domain_dice`` holds the die value on each Domain line this round (coral, black, white).
    ``time`` is the Passage of Time space, ``arrival`` the stacking order (higher is on top).
    ``rival`` marks the solo rival (no Domain board, never pays; Rules: SOLO.GOLDEN.*).
    """

    coins: int = 0
    seals: int = 0
    food: int = 0
    iron: int = 0
    pearl: int = 0
    cp: int = 0
    time: int = 0
    arrival: int = 0
    sent: tuple[int, int, int] = (0, 0, 0)
    courtiers: tuple[int, int, int, int] = (0, 0, 0, 0)
    domain_card: str | None = None
    lantern: tuple[str, ...] = ()
    domain_dice: tuple[int | None, int | None, int | None] = (None, None, None)
    rival: bool = False


class ScoreLine(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A clan's final score by category (Clan Points). Rules: SCORE.*."""

    clan: int
    during_play: int
    coins_and_seals: int
    resources: int
    time: int
    courtiers: int
    warriors: int
    gardeners: int
    total: int
