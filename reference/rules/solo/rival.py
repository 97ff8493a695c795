"""What the two solo rivals share: the rival clan's setup, its placement, its icons, the undoable
icons that score the round number, the end-of-round hand-in, the gardens step and the deck.

:class:`Rival` is a :class:`~reference.rules.variant.Variant`: the base rules call its hooks. The
Tokugawa visit (:mod:`.tokugawa`) and the Gingkogawa bot (:mod:`.gingkogawa`) add how the rival finds
its die and places it, and the bot overrides two icons. The rival's members, dice and cards reach the
board through the base rules' own functions (:func:`~reference.rules.placement.take_and_place`,
:func:`~reference.rules.members.station_warrior`, ``plant_gardener``, ``courtier_to_gate``,
``refill_room``, ``occupy_favour``), never paying.

The rival's behaviour is engine logic, not a decision; only "you break ties" and "you choose the room"
are decisions, taken by the player (clan 0) for the rival.

Rules: SOLO.SETUP.*, SOLO.GOLDEN.*, SOLO.TURN.UNDOABLE, SOLO.ICON.*, SOLO.ROUND.*, SOLO.SCORE,
RULING.RIVAL_FREE_CHECKPOINTS, RULING.RIVAL_FAVOURS, RULING.RIVAL_WELL_NO_SEAL,
RULING.RIVAL_NO_LANTERN, RULING.RIVAL_CLIMB_EXACT, RULING.RIVAL_CARD_REMOVED,
RULING.RIVAL_CENTRE_DIE, RULING.RIVAL_GARDEN_VALUE.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final, assert_never

from msgspec.structs import replace

from reference.content import provisional_deck
from reference.model import (
    Action,
    ChooseGarden,
    ChooseRoom,
    ClimbUp,
    Colour,
    CourtierToGate,
    Difficulty,
    Floor,
    Gain,
    GainKind,
    GardenerTo,
    GardenKind,
    Influence,
    InfluenceFrame,
    Member,
    RivalGardenFrame,
    RivalIcon,
    RivalIconsFrame,
    RivalKind,
    RivalRoomFrame,
    Roll,
    Setup,
    Slot,
    SoloCard,
    SoloDeck,
    Space,
    State,
    WarriorTo,
)
from reference.model import events as ev
from reference.rules import holdings
from reference.rules.common import board, cat, emit, pop, push, set_top, with_clan
from reference.rules.effects import gain
from reference.rules.members import (
    CLIMB_FROM,
    courtier_to_gate,
    members_left,
    move_courtiers,
    occupy_favour,
    plant_gardener,
    refill_room,
    station_warrior,
)
from reference.rules.placement import dice_on, take_and_place
from reference.rules.variant import Variant

PLAYER: Final = 0
"""In a solo game clan 0 is the player."""
RIVAL: Final = 1
"""In a solo game clan 1 is the rival."""

DIFFICULTY: Final = {
    Difficulty.EASY: (0, 2, 0),
    Difficulty.MEDIUM: (3, 1, 1),
    Difficulty.HARD: (8, 1, 3),
}
"""The Tokugawa rival's Clan Points, Heron position (1st or 2nd in turn order) and Passage of Time
space. Rule: SOLO.SETUP.DIFFICULTY."""

HAND_IN_RATE: Final = {0: 3, 1: 5}
"""Coins per hand-in by the rival's place in the new turn order (first: 3, second: 5).
Rule: SOLO.ROUND.HAND_IN."""

# Enum members named once, for the reason given at reference.engine._OVER.
_CP: Final = GainKind.CP
_WARRIOR: Final = Member.WARRIOR
_COURTIER: Final = Member.COURTIER
_GARDENER: Final = Member.GARDENER
_CENTRE: Final = Slot.CENTRE
_LEFT: Final = Slot.LEFT
_WELL: Final = Space.WELL
_DAIMYO: Final = Floor.DAIMYO


def deck_of(setup: Setup) -> SoloDeck:
    """The Solitaire deck of a solo game (the shipped provisional deck unless the setup names one)."""
    solo = setup.solo
    assert solo is not None
    return solo.deck if solo.deck is not None else provisional_deck()


def deck(state: State) -> SoloDeck:
    """The Solitaire deck of this game."""
    return deck_of(state.setup)


def cards(state: State) -> Mapping[str, SoloCard]:
    """The deck's cards by id (a table made once per deck: a turn looks cards up several times)."""
    solo_deck = deck(state)
    hit = _CARDS.get(id(solo_deck))
    if hit is not None and hit[0] is solo_deck:
        return hit[1]
    by_id = {c.id: c for c in solo_deck.cards}
    if len(_CARDS) > 64:
        _CARDS.clear()
    _CARDS[id(solo_deck)] = (solo_deck, by_id)  # kept with its deck, so the id is not reused meanwhile
    return by_id


_CARDS: Final[dict[int, tuple[SoloDeck, Mapping[str, SoloCard]]]] = {}


class Rival(Variant):
    """The hooks and icons both rivals share; a subclass says how it finds and places its die."""

    kind: ClassVar[RivalKind]
    start_rules: ClassVar[tuple[str, ...]] = ("SOLO.SETUP.DIFFICULTY", "SOLO.SETUP.NO_DOMAIN")
    """The rules that set the rival up (reported with its start)."""

    # ---- setup ------------------------------------------------------------------------------------

    def first_order(self, setup: Setup) -> tuple[int, ...]:
        """The first round's turn order, fixed by the rival. Rules: SOLO.SETUP.DIFFICULTY, GINKGO.SETUP."""
        raise NotImplementedError

    def start_time(self, difficulty: Difficulty) -> int:
        """The rival's Passage of Time space at the start. Rule: SOLO.SETUP.DIFFICULTY."""
        return DIFFICULTY[difficulty][2]

    def pairs(self, players: int) -> int:
        """One starting pair, dealt at random to the player. Rule: SOLO.SETUP.TWO_PLAYER."""
        return 1

    def deck_ids(self, setup: Setup) -> tuple[str, ...]:
        """The Solitaire deck's card ids. Rules: SOLO.SETUP.DECK, SOLO.ROUND.SHUFFLE."""
        return tuple(card.id for card in deck_of(setup).cards)

    def chooses_pair(self) -> bool:
        """The player's pair is dealt, not chosen. Rule: SOLO.SETUP.TWO_PLAYER."""
        return False

    def set_up(self, state: State) -> State:
        """The rival's starting Clan Points (by the Tokugawa table) and Passage of Time space; it has no
        Domain board. Rules: SOLO.SETUP.DIFFICULTY, SOLO.SETUP.NO_DOMAIN, RULING.GINKGO_SETUP_CP."""
        solo = state.setup.solo
        assert solo is not None
        cp = DIFFICULTY[solo.difficulty][0]
        holder = replace(state.clans[RIVAL], cp=cp, time=self.start_time(solo.difficulty), rival=True)
        state = with_clan(state, RIVAL, holder)
        starts = ev.RivalStarts(
            clan=RIVAL,
            rival=solo.rival,
            difficulty=solo.difficulty,
            cp=holder.cp,
            time=holder.time,
            place=state.turn_order.index(RIVAL),
            rules=self.start_rules,
        )
        return emit(state, starts)

    # ---- the end of a round --------------------------------------------------------------------------

    def end_of_round(self, state: State) -> State:
        """The hand-in, right after the new turn order. Rule: SOLO.ROUND.HAND_IN."""
        return hand_in(state)

    def gardens(self, state: State, live: frozenset[Colour]) -> State:
        """The rival scores its gardeners; it does no garden action. Rule: SOLO.ROUND.GARDENS."""
        return gardens_points(state, live)

    def new_round(self, state: State, roll: Roll) -> State:
        """The whole deck, discards included, is reshuffled with the re-roll. Rules: SOLO.ROUND.SHUFFLE,
        RULING.GINKGO_ROUND_SHUFFLE."""
        return replace(state, solo_deck=roll.solo_deck, solo_discard=())

    # ---- the die --------------------------------------------------------------------------------------

    def place(self, state: State, clan: int, card: SoloCard, space: Space, rule: str) -> State:
        """Take the die of the card's slot and put it on ``space`` (coins when higher, never a payment).
        Rules: SOLO.TURN.PLACE, SOLO.GOLDEN.NEVER_PAYS, SOLO.GOLDEN.ANY_COLOUR, RULING.RIVAL_CENTRE_DIE,
        RULING.RIVAL_WELL_NO_SEAL, RULING.RIVAL_NO_LANTERN."""
        rules: tuple[str, ...] = (rule, "SOLO.GOLDEN.NEVER_PAYS")
        if card.slot is _CENTRE:
            rules = (*rules, "RULING.RIVAL_CENTRE_DIE")
        if card.slot is _LEFT:
            rules = (*rules, "RULING.RIVAL_NO_LANTERN")
        if space is _WELL:
            rules = (*rules, "RULING.RIVAL_WELL_NO_SEAL")
        return take_and_place(state, clan, card.bridge, card.slot, space, pays=False, rules=rules)

    # ---- icons ----------------------------------------------------------------------------------------

    def do_icon(self, state: State, clan: int, icon: RivalIcon) -> State:
        """Do one rival icon, or score it as undoable. Rules: SOLO.ICON.CLAN_POINTS, SOLO.ICON.COINS,
        SOLO.ICON.INFLUENCE, SOLO.ICON.GARDENER, SOLO.ICON.WARRIOR, SOLO.ICON.COURTIER, SOLO.ICON.CLIMB,
        SOLO.TURN.UNDOABLE, SOLO.GOLDEN.NEVER_PAYS, SOLO.GOLDEN.NO_RESOURCES."""
        holder = state.clans[clan]
        match icon:
            case Gain(what=what, n=n):
                rule = "SOLO.ICON.CLAN_POINTS" if what is _CP else "SOLO.ICON.COINS"
                return gain(state, clan, what, n, (rule,))
            case Influence(n=n):
                return push(state, InfluenceFrame(clan, n))
            case GardenerTo(kind=kind):
                return self.gardener(state, clan, icon, kind)
            case WarriorTo(cost=cost):
                if members_left(holder, _WARRIOR) == 0:
                    return undoable(state, clan, icon, "no_warrior")
                yard = next(i for i, y in enumerate(board(state).yards) if y.cost == cost)
                placed = ev.WarriorPlaced(
                    clan=clan,
                    cost=cost,
                    iron=0,
                    icons=(),
                    rules=("SOLO.ICON.WARRIOR", "SOLO.GOLDEN.NEVER_PAYS", "SOLO.GOLDEN.ONLY_ICONS"),
                )
                return station_warrior(state, clan, yard, (placed,))
            case CourtierToGate():
                if members_left(holder, _COURTIER) == 0:
                    return self.no_courtier_left(state, clan, icon)
                state = with_clan(state, clan, courtier_to_gate(holder))
                gate = ev.CourtierAtGate(
                    clan=clan, coins=0, rules=("SOLO.ICON.COURTIER", "SOLO.GOLDEN.NEVER_PAYS")
                )
                return emit(state, gate)
            case ClimbUp(floors=floors):
                return self.climb_icon(state, clan, icon, floors)
            case _:
                assert_never(icon)

    def no_courtier_left(self, state: State, clan: int, icon: RivalIcon) -> State:
        """A Courtier-to-the-Gate icon with no courtier left cannot be done. Rule: SOLO.TURN.UNDOABLE."""
        return undoable(state, clan, icon, "no_courtier")

    def climb_icon(self, state: State, clan: int, icon: RivalIcon, floors: int) -> State:
        """A climb icon: the lowest courtier climbs. Rule: SOLO.ICON.CLIMB."""
        return climb(state, clan, icon, floors)

    def gardener(self, state: State, clan: int, icon: RivalIcon, kind: GardenKind | None) -> State:
        """A gardener to the lowest-value garden of the kind without its gardener; the player breaks a
        tie. Rules: SOLO.ICON.GARDENER, RULING.RIVAL_GARDEN_VALUE."""
        if members_left(state.clans[clan], _GARDENER) == 0:
            return undoable(state, clan, icon, "no_gardener")
        slots = lowest_gardens(state, clan, kind)
        if not slots:
            return undoable(state, clan, icon, "no_garden")
        if len(slots) > 1:
            return push(
                state, RivalGardenFrame(clan, slots), events=(ev.GardenerTie(clan=clan, slots=slots),)
            )
        return place_gardener(state, clan, slots[0])

    def icons_run(self, state: State, frame: RivalIconsFrame) -> State:
        """Do the next icon (the frame never waits: ties and rooms are separate decisions)."""
        if not frame.icons:
            return pop(state)
        icon, rest = frame.icons[0], frame.icons[1:]
        state = set_top(state, RivalIconsFrame(frame.clan, rest)) if rest else pop(state)
        return self.do_icon(state, frame.clan, icon)

    def space_taken(self, state: State, clan: int, space: Space) -> bool:
        """Whether a die already stands on ``space`` this round (the Well takes any number)."""
        return space is not _WELL and bool(dice_on(state, clan, space))


def undoable(state: State, clan: int, icon: RivalIcon, why: ev.Undoable) -> State:
    """An action the rival cannot do scores the round number in Clan Points. Rule: SOLO.TURN.UNDOABLE."""
    points = state.round
    state = with_clan(state, clan, holdings.gain(state.clans[clan], GainKind.CP, points))
    return emit(state, ev.IconUndoable(clan=clan, icon=icon, why=why, points=points))


def lowest_gardens(state: State, clan: int, kind: GardenKind | None) -> tuple[int, ...]:
    """Slots of the lowest-value gardens of the kind (any when None) without the rival's gardener.
    Value is the garden's food cost (the same order as its Clan Points). Rules: SOLO.ICON.GARDENER,
    RULING.RIVAL_GARDEN_VALUE."""
    c = cat(state)
    candidates = [
        (c.gardens[g.card].food, i)
        for i, g in enumerate(board(state).gardens)
        if clan not in g.gardeners and (kind is None or c.gardens[g.card].kind is kind)
    ]
    if not candidates:
        return ()
    low = min(v for v, _ in candidates)
    return tuple(i for v, i in candidates if v == low)


def place_gardener(state: State, clan: int, slot: int) -> State:
    """The rival's gardener goes to the garden in ``slot``, free and without its action.
    Rules: SOLO.ICON.GARDENER, SOLO.GOLDEN.NEVER_PAYS, SOLO.GOLDEN.ONLY_ICONS."""
    garden = board(state).gardens[slot]
    placed = ev.GardenerPlaced(
        clan=clan,
        slot=slot,
        card=garden.card,
        bridge=garden.bridge,
        food=0,
        rules=("SOLO.ICON.GARDENER", "SOLO.GOLDEN.NEVER_PAYS", "SOLO.GOLDEN.ONLY_ICONS"),
    )
    return plant_gardener(state, clan, slot, (placed,))


def garden_options(state: State, frame: RivalGardenFrame) -> tuple[Action, ...]:
    """The tied gardens: the player breaks the tie. Rule: SOLO.ICON.GARDENER."""
    return tuple(ChooseGarden(i) for i in frame.slots)


def garden_act(state: State, frame: RivalGardenFrame, action: Action) -> State:
    """Place the rival's gardener on the chosen garden."""
    assert isinstance(action, ChooseGarden)
    return place_gardener(pop(state), frame.clan, action.slot)


def climb(state: State, clan: int, icon: RivalIcon, floors: int) -> State:
    """The rival's lowest courtier (Gate first) climbs ``floors``; a climb past the Daimyo's room
    cannot be done. On floors 1-2 the player chooses the room, whose card is removed and replaced;
    in the Daimyo's room it takes the leftmost free favour. Rules: SOLO.ICON.CLIMB,
    RULING.RIVAL_CLIMB_EXACT."""
    holder = state.clans[clan]
    lowest = next((f for f in CLIMB_FROM if holder.courtiers[f]), None)
    if lowest is None:
        return undoable(state, clan, icon, "no_courtier_to_climb")
    if lowest + floors > _DAIMYO:
        return undoable(state, clan, icon, "past_daimyo")
    end = Floor(lowest + floors)
    rules = ("SOLO.ICON.CLIMB", "SOLO.GOLDEN.NEVER_PAYS")
    climbed = ev.CourtierClimbed(clan=clan, start=lowest, end=end, pearl=0, rules=rules)
    state = with_clan(state, clan, move_courtiers(holder, lowest, end), events=(climbed,))
    if end is _DAIMYO:
        return daimyo_favour(state, clan)
    return push(state, RivalRoomFrame(clan, int(end)))


def daimyo_favour(state: State, clan: int) -> State:
    """The rival takes the leftmost free favour and gains only its Clan Points, coins and steps; with
    none free its courtier stays. Rules: SOLO.ICON.CLIMB, RULING.RIVAL_FAVOURS, RULING.RIVAL_NO_LANTERN."""
    free = [i for i, who in enumerate(board(state).favours) if who is None]
    if not free:
        return emit(state, ev.NoFreeFavour(clan=clan, rules=("COURTIER.DAIMYO.FULL", "SOLO.ICON.CLIMB")))
    state, reward = occupy_favour(state, clan, free[0])
    kept: list[Gain | Influence] = [
        e
        for e in reward
        if (isinstance(e, Gain) and e.what in (GainKind.CP, GainKind.COIN)) or isinstance(e, Influence)
    ]
    rules = ("SOLO.ICON.CLIMB", "RULING.RIVAL_FAVOURS")
    state = emit(state, ev.FavourTaken(clan=clan, slot=free[0], icons=tuple(kept), rules=rules))
    return push(state, RivalIconsFrame(clan, tuple(kept))) if kept else state


def room_options(state: State, frame: RivalRoomFrame) -> tuple[Action, ...]:
    """The rooms of the floor: the player chooses for the rival. Rule: SOLO.ICON.CLIMB."""
    return tuple(
        ChooseRoom(i)
        for i, room in enumerate(board(state).rooms)
        if room.floor == frame.floor and room.card is not None
    )


def room_run(state: State, frame: RivalRoomFrame) -> State:
    """No room of the floor holds a card (refills pending): the courtier just stays on the floor.
    Rule: RULING.REFILL_AFTER_LIGHT."""
    rules = ("RULING.REFILL_AFTER_LIGHT", "SOLO.ICON.CLIMB")
    return pop(state, events=(ev.NoRoomToEnter(clan=frame.clan, floor=frame.floor, rules=rules),))


def room_act(state: State, frame: RivalRoomFrame, action: Action) -> State:
    """The chosen room's card leaves the game and is replaced from its deck (an empty deck leaves the
    card in place). Rules: SOLO.ICON.CLIMB, RULING.RIVAL_CARD_REMOVED."""
    assert isinstance(action, ChooseRoom)
    state = pop(state)
    card = board(state).rooms[action.room].card
    state, replacement = refill_room(state, action.room)
    removed = card if replacement is not None else None
    entered = ev.RivalRoomCard(clan=frame.clan, room=action.room, removed=removed, replacement=replacement)
    return emit(state, entered)


# ---- the end of a round -----------------------------------------------------------------------------


def hand_in(state: State) -> State:
    """Right after the new turn order, the rival trades coins for Clan Points: the round number per 3
    coins when first, per 5 when second; it keeps the remainder. Rule: SOLO.ROUND.HAND_IN."""
    for clan in (i for i, c in enumerate(state.clans) if c.rival):
        place = state.turn_order.index(clan)
        rate = HAND_IN_RATE[place]
        holder = state.clans[clan]
        points, kept = hand_in_points(holder.coins, rate, state.round)
        handed = ev.HandIn(
            clan=clan, round=state.round, place=place, rate=rate, coins=holder.coins, points=points, kept=kept
        )
        state = with_clan(state, clan, replace(holder, cp=holder.cp + points, coins=kept), events=(handed,))
    return state


def hand_in_points(coins: int, rate: int, round_number: int) -> tuple[int, int]:
    """(Clan Points, coins kept) for handing in ``coins`` at ``rate`` coins per round-number points.
    Rule: SOLO.ROUND.HAND_IN.

    pre: coins >= 0
    pre: rate in (3, 5)
    pre: 1 <= round_number <= 3
    post: 0 <= __return__[1] < rate
    post: __return__[0] * rate == round_number * (coins - __return__[1])
    """
    return round_number * (coins // rate), coins % rate


def gardens_points(state: State, live: frozenset[Colour]) -> State:
    """In the gardens step the rival scores the round number for each gardener that activates.
    Rule: SOLO.ROUND.GARDENS."""
    for clan in (i for i, c in enumerate(state.clans) if c.rival):
        active = sum(1 for g in board(state).gardens if clan in g.gardeners and g.bridge in live)
        if active:
            points = active * state.round
            state = with_clan(state, clan, holdings.gain(state.clans[clan], GainKind.CP, points))
            state = emit(state, ev.RivalGardens(clan=clan, gardeners=active, points=points))
    return state
