"""The three main actions: Warriors to the Training Yards, Gardeners to the Gardens, Courtiers into
the castle (audience, climbing, taking a room's card, the Daimyo's room), and Outside the Walls.

Rules: MEMBERS.MAIN_ACTIONS, MEMBERS.LEFTMOST, MEMBERS.UNCOVER, WARRIOR.PLACE, WARRIOR.YARD_UNLIMITED,
WARRIOR.NEVER_MOVE,
WARRIOR.TILE_ACTIONS, GARDENER.PLACE, GARDENER.ACTION_OPTIONAL, COURTIER.ACTION, COURTIER.AUDIENCE,
COURTIER.CLIMB, COURTIER.CLIMB_NO_SPLIT, COURTIER.FLOORS, COURTIER.FLOOR12.TUCK,
COURTIER.FLOOR12.TAKE_CARD, COURTIER.FLOOR12.REFILL, COURTIER.FLOOR12.EMPTY_DECK,
COURTIER.FLOOR12.END_ROOM_ONLY, COURTIER.DAIMYO.LANTERN, COURTIER.DAIMYO.FAVOUR, COURTIER.DAIMYO.FULL,
LANTERN.GROWS, EFFECT.MEMBER_ACTION, OUTSIDE.CHOICES, RULING.MEMBER_FIZZLE, RULING.COURTIER_ROOMS,
RULING.REFILL_AFTER_LIGHT, RULING.DAIMYO_FAVOUR_CHOICE, RULING.FULL_DAIMYO_LANTERN.
"""

from __future__ import annotations

from typing import Final

from msgspec.structs import replace

from reference.errors import RulesGap
from reference.model import (
    MEMBERS,
    Action,
    Audience,
    ChooseBlock,
    ChooseFavour,
    ChooseGarden,
    ChooseMember,
    ChooseRoom,
    ChooseYard,
    Clan,
    Climb,
    CourtierFrame,
    DecisionKind,
    Decline,
    Effect,
    EffectsFrame,
    FavourFrame,
    Floor,
    GainKind,
    LightRowFrame,
    Member,
    MemberFrame,
    OptionalFrame,
    Origin,
    OutsideFrame,
    PayCoins,
    RefillFrame,
    Resource,
    RoomFrame,
    Source,
    State,
)
from reference.model import events as ev
from reference.rules import holdings
from reference.rules.common import board, cat, clan_name, emit, pop, push, set_top, with_board, with_clan
from reference.rules.effects import from_one, lantern, lantern_with
from reference.rules.handler import ClanHandler, Handler, Refusal

MEMBERS_PER_LINE = 5
"""Members of each kind on a Domain board. Rule: SETUP.WORKERS."""
AUDIENCE_COINS = 2
"""Coins paid to put a courtier at the Gate. Rule: COURTIER.AUDIENCE."""
CLIMB_PEARL = {1: 2, 2: 5}
"""Mother-of-Pearl paid to climb 1 or 2 floors. Rule: COURTIER.CLIMB."""
CLIMB_FROM: Final = (Floor.GATE, Floor.STEWARDS, Floor.DIPLOMATS)
"""The floors a courtier climbs from, lowest first (the Daimyo's room is the top). Rule: COURTIER.CLIMB."""

# Enum members named once, for the reason given at reference.engine._OVER.
_WARRIOR: Final = Member.WARRIOR
_GARDENER: Final = Member.GARDENER
_COURTIER: Final = Member.COURTIER
_GATE: Final = Floor.GATE
_DAIMYO: Final = Floor.DAIMYO


def members_left(clan: Clan, member: Member) -> int:
    """Members of that kind still on the Domain board. Rule: MEMBERS.LEFTMOST."""
    return MEMBERS_PER_LINE - clan.sent[MEMBERS.index(member)]


def send(clan: Clan, member: Member) -> Clan:
    """Send the leftmost member of that kind from the Domain board (uncovering a reward).
    Rules: MEMBERS.LEFTMOST, MEMBERS.UNCOVER."""
    sent = list(clan.sent)
    sent[MEMBERS.index(member)] += 1
    return replace(clan, sent=(sent[0], sent[1], sent[2]))


def move_courtiers(clan: Clan, start: Floor | None, end: Floor) -> Clan:
    """One courtier leaves ``start`` (None: the Domain board) and stands on ``end``."""
    floors = list(clan.courtiers)
    if start is not None:
        floors[start] -= 1
    floors[end] += 1
    return replace(clan, courtiers=(floors[0], floors[1], floors[2], floors[3]))


def courtier_to_gate(clan: Clan) -> Clan:
    """The leftmost courtier leaves the Domain board for the Gate (what it costs is the caller's).
    Rules: COURTIER.AUDIENCE, MEMBERS.LEFTMOST, MEMBERS.UNCOVER."""
    return move_courtiers(send(clan, _COURTIER), None, _GATE)


def station_warrior(state: State, clan: int, yard_index: int, events: tuple[ev.Event, ...] = ()) -> State:
    """The leftmost warrior goes to the Training Yard, for good (what it costs is the caller's);
    ``events`` are reported with it. Rules: WARRIOR.PLACE, WARRIOR.YARD_UNLIMITED, WARRIOR.NEVER_MOVE,
    MEMBERS.LEFTMOST."""
    b = board(state)
    yards = list(b.yards)
    yards[yard_index] = replace(yards[yard_index], warriors=(*yards[yard_index].warriors, clan))
    sent = send(state.clans[clan], _WARRIOR)
    return with_clan(state, clan, sent, events=events, new_board=replace(b, yards=tuple(yards)))


def plant_gardener(state: State, clan: int, slot: int, events: tuple[ev.Event, ...] = ()) -> State:
    """The leftmost gardener goes onto the garden in ``slot`` (what it costs is the caller's);
    ``events`` are reported with it. Rules: GARDENER.PLACE, MEMBERS.LEFTMOST."""
    b = board(state)
    gardens = list(b.gardens)
    gardens[slot] = replace(gardens[slot], gardeners=(*gardens[slot].gardeners, clan))
    sent = send(state.clans[clan], _GARDENER)
    return with_clan(state, clan, sent, events=events, new_board=replace(b, gardens=tuple(gardens)))


def refill_room(state: State, room: int) -> tuple[State, str | None]:
    """The room gets the top card of its floor's deck (None and no change when the deck is empty).
    Rules: COURTIER.FLOOR12.REFILL, RULING.RIVAL_CARD_REMOVED."""
    b = board(state)
    steward = b.rooms[room].floor == 1
    deck = b.steward_deck if steward else b.diplomat_deck
    if not deck:
        return state, None
    rooms = list(b.rooms)
    rooms[room] = replace(rooms[room], card=deck[0])
    b = replace(b, rooms=tuple(rooms))
    b = replace(b, steward_deck=deck[1:]) if steward else replace(b, diplomat_deck=deck[1:])
    return with_board(state, b), deck[0]


def occupy_favour(state: State, clan: int, slot: int) -> tuple[State, tuple[Effect, ...]]:
    """The courtier takes favour space ``slot`` of the Daimyo card; returns its reward.
    Rules: COURTIER.DAIMYO.FAVOUR, DAIMYO.FAVOURS."""
    b = board(state)
    favours = list(b.favours)
    favours[slot] = clan
    state = with_board(state, replace(b, favours=tuple(favours)))
    return state, cat(state).daimyo[b.daimyo].favours[slot]


# ---- Courtier action -----------------------------------------------------------------------------


def _climbs(clan: Clan, pearl: int) -> list[Climb]:
    out: list[Climb] = []
    for start in CLIMB_FROM:
        if clan.courtiers[start] == 0:
            continue
        for floors in (1, 2):
            if start + floors <= _DAIMYO and pearl >= CLIMB_PEARL[floors]:
                out.append(Climb(start, floors))
    return out


def courtier_options(state: State, frame: CourtierFrame) -> tuple[Action, ...]:
    """Audience (2 coins) and a climb (2 or 5 Mother-of-Pearl), each at most once, in any order,
    and Decline to end the action; nothing (the action ends) when neither part could be paid even
    after trading seals. Rules: COURTIER.ACTION, COURTIER.AUDIENCE, COURTIER.CLIMB,
    COURTIER.CLIMB_NO_SPLIT, RULING.MEMBER_FIZZLE."""
    holder = state.clans[frame.clan]
    can_audience = not frame.audience and members_left(holder, _COURTIER) > 0
    possible = (can_audience and holdings.coins_reachable(holder) >= AUDIENCE_COINS) or (
        not frame.climb and bool(_climbs(holder, holdings.resource_reachable(holder, Resource.PEARL)))
    )
    if not possible:
        return ()
    out: list[Action] = []
    if can_audience and holder.coins >= AUDIENCE_COINS:
        out.append(Audience())
    if not frame.climb:
        out.extend(_climbs(holder, holder.pearl))
    out.append(Decline())
    return tuple(out)


def courtier_run(state: State, frame: CourtierFrame) -> State:
    """Nothing more can be done: the Courtier action ends."""
    if not (frame.audience or frame.climb):
        state = emit(state, ev.NothingToDo(clan=frame.clan, what="courtier"))
    return pop(state)


def courtier_act(state: State, frame: CourtierFrame, action: Action) -> State:
    """Do one part of the Courtier action (or end it)."""
    clan = frame.clan
    holder = state.clans[clan]
    if isinstance(action, Decline):
        return pop(state, events=(ev.Declined(clan=clan, what="courtier", rules=("COURTIER.ACTION",)),))
    if isinstance(action, Audience):
        holder = courtier_to_gate(holdings.pay(holder, GainKind.COIN, AUDIENCE_COINS))
        state = with_clan(state, clan, holder)
        state = emit(state, ev.CourtierAtGate(clan=clan, coins=AUDIENCE_COINS))
        return set_top(state, replace(frame, audience=True))
    assert isinstance(action, Climb)
    cost = CLIMB_PEARL[action.floors]
    end = Floor(action.start + action.floors)
    holder = move_courtiers(holdings.pay(holder, GainKind.PEARL, cost), action.start, end)
    state = with_clan(state, clan, holder)
    state = set_top(state, replace(frame, climb=True))
    state = emit(state, ev.CourtierClimbed(clan=clan, start=action.start, end=end, pearl=cost))
    if end is Floor.DAIMYO:
        # Lantern first, then a favour. Rules: COURTIER.DAIMYO.LANTERN, RULING.FULL_DAIMYO_LANTERN.
        state = push(state, FavourFrame(clan))
        return lantern(state, clan, "COURTIER.DAIMYO.LANTERN")
    return push(state, RoomFrame(clan, int(end)))


def room_options(state: State, frame: RoomFrame) -> tuple[Action, ...]:
    """Any room of the floor the climb ended on that holds a card (a room whose card was just taken
    waits for its refill and cannot be entered). Rules: COURTIER.FLOOR12.TAKE_CARD,
    COURTIER.FLOOR12.END_ROOM_ONLY, COURTIER.ROOMS_UNLIMITED, RULING.REFILL_AFTER_LIGHT."""
    return tuple(
        ChooseRoom(i)
        for i, room in enumerate(board(state).rooms)
        if room.floor == frame.floor and room.card is not None
    )


def room_run(state: State, frame: RoomFrame) -> State:
    """No room of the floor can be entered (each waits for its refill): the courtier stays on the
    floor and nothing more happens. Rule: RULING.REFILL_AFTER_LIGHT."""
    return pop(state, events=(ev.NoRoomToEnter(clan=frame.clan, floor=frame.floor),))


def room_act(state: State, frame: RoomFrame, action: Action) -> State:
    """Enter the room: tuck the Domain card into the Lantern Area, take the room's card and do one
    of its light blocks, then refill the room; with the deck empty, only a light block of the card
    in the room. Rules: COURTIER.FLOOR12.TUCK, COURTIER.FLOOR12.TAKE_CARD, COURTIER.FLOOR12.REFILL,
    COURTIER.FLOOR12.EMPTY_DECK, LANTERN.GROWS, RULING.REFILL_AFTER_LIGHT."""
    assert isinstance(action, ChooseRoom)
    clan = frame.clan
    state = pop(state)
    b = board(state)
    room = b.rooms[action.room]
    assert room.card is not None
    deck = b.steward_deck if room.floor == 1 else b.diplomat_deck
    if not deck:
        state = emit(state, ev.RoomDeckEmpty(clan=clan, room=action.room, card=room.card))
        return push(state, LightRowFrame(clan, room.card))
    holder = state.clans[clan]
    tucked = holder.domain_card
    lantern_area = holder.lantern if tucked is None else lantern_with(holder.lantern, tucked)
    state = with_clan(state, clan, replace(holder, lantern=lantern_area, domain_card=room.card))
    rooms = list(b.rooms)
    rooms[action.room] = replace(room, card=None)
    state = with_board(state, replace(b, rooms=tuple(rooms)))
    state = emit(state, ev.CardTaken(clan=clan, room=action.room, card=room.card, tucked=tucked))
    return push(state, LightRowFrame(clan, room.card), RefillFrame(action.room))


def light_row_options(state: State, frame: LightRowFrame) -> tuple[Action, ...]:
    """The card's light blocks (a decision only when there are two or more)."""
    card = cat(state).castle[frame.card]
    light = [ChooseBlock(block=i) for i, b in enumerate(card.blocks) if not b.dark]
    return tuple(light) if len(light) > 1 else ()


def light_row_run(state: State, frame: LightRowFrame) -> State:
    """The card has one light block: do it."""
    card = cat(state).castle[frame.card]
    block = next(i for i, b in enumerate(card.blocks) if not b.dark)
    return light_row_act(state, frame, ChooseBlock(block=block))


def light_row_act(state: State, frame: LightRowFrame, action: Action) -> State:
    """Do the chosen light block of the card (of the card taken, or of the card that stays in its
    room when its deck was empty). Rules: COURTIER.FLOOR12.TAKE_CARD, COURTIER.FLOOR12.EMPTY_DECK."""
    assert isinstance(action, ChooseBlock)
    card = cat(state).castle[frame.card]
    block = card.blocks[action.block]
    # the card still in its room: its deck was empty, the courtier took nothing
    stays = any(room.card == card.id for room in board(state).rooms)
    resolved = ev.BlockResolved(
        clan=frame.clan,
        card=card.id,
        block=action.block,
        rows=block.rows,
        dark=block.dark,
        icons=block.effects,
        rules=("COURTIER.FLOOR12.EMPTY_DECK" if stays else "COURTIER.FLOOR12.TAKE_CARD", "CASTLE.ROWS"),
    )
    room = next((r for r, room in enumerate(board(state).rooms) if room.card == card.id), None)
    origin = Origin(kind="castle_card", card=card.id, block=action.block, room=room)
    return push(pop(state), from_one(frame.clan, block.effects, origin), events=(resolved,))


def refill_run(state: State, frame: RefillFrame) -> State:
    """Refill the room from its floor's deck. The deck held a card when this room's card was taken
    (COURTIER.FLOOR12.EMPTY_DECK), but a refill that came first may have used it up (a climb during
    the light action, RULING.REFILL_AFTER_LIGHT): no rule says what the empty room does then, so that
    is a RulesGap. Only generated content reaches it (a campaign did: the shrunk game is
    tests/fixtures/campaign-gap-refill.json). Rules: COURTIER.FLOOR12.REFILL,
    RULING.REFILL_AFTER_LIGHT."""
    state, card = refill_room(pop(state), frame.room)
    if card is None:
        raise RulesGap(
            "COURTIER.FLOOR12.REFILL",
            f"castle room {frame.room} waits for its refill but its floor's deck ran out meanwhile (a refill "
            "during the light action used the last card): no rule says whether the room stays without a card",
        )
    return emit(state, ev.RoomRefilled(room=frame.room, card=card))


def favour_options(state: State, frame: FavourFrame) -> tuple[Action, ...]:
    """Any free favour space (a decision when two or more are free). Rules: COURTIER.DAIMYO.FAVOUR,
    RULING.DAIMYO_FAVOUR_CHOICE."""
    free = [ChooseFavour(i) for i, who in enumerate(board(state).favours) if who is None]
    return tuple(free) if len(free) > 1 else ()


def favour_run(state: State, frame: FavourFrame) -> State:
    """One free space: take it; none: the courtier just stays. Rules: COURTIER.DAIMYO.FAVOUR,
    COURTIER.DAIMYO.FULL."""
    free = [i for i, who in enumerate(board(state).favours) if who is None]
    if not free:
        return pop(state, events=(ev.NoFreeFavour(clan=frame.clan),))
    return favour_act(state, frame, ChooseFavour(free[0]))


def favour_act(state: State, frame: FavourFrame, action: Action) -> State:
    """Put the courtier on the favour space and gain its reward. Rules: COURTIER.DAIMYO.FAVOUR,
    DAIMYO.FAVOURS."""
    assert isinstance(action, ChooseFavour)
    state, reward = occupy_favour(pop(state), frame.clan, action.slot)
    state = emit(state, ev.FavourTaken(clan=frame.clan, slot=action.slot, icons=reward))
    origin = Origin(kind="favour", card=board(state).daimyo, slot=action.slot)
    return push(state, from_one(frame.clan, reward, origin))


# ---- Warrior and Gardener actions ------------------------------------------------------------------


def member_options(state: State, frame: MemberFrame) -> tuple[Action, ...]:
    """Warrior: any yard whose iron the clan can pay. Gardener: any garden without its gardener whose
    food it can pay. With Decline; nothing (the action fizzles) when no member is left or no price
    could be paid even after trading seals. Rules: WARRIOR.PLACE, GARDENER.PLACE, RULING.MEMBER_FIZZLE."""
    holder = state.clans[frame.clan]
    if members_left(holder, frame.member) == 0:
        return ()
    b = board(state)
    if frame.member is _WARRIOR:
        reach = holdings.resource_reachable(holder, Resource.IRON)
        if not any(reach >= y.cost for y in b.yards):
            return ()
        return (*(ChooseYard(y.cost) for y in b.yards if holder.iron >= y.cost), Decline())
    c = cat(state)
    reach = holdings.resource_reachable(holder, Resource.FOOD)
    open_slots = [
        (i, c.gardens[g.card].food) for i, g in enumerate(b.gardens) if frame.clan not in g.gardeners
    ]
    if not any(reach >= food for _, food in open_slots):
        return ()
    return (*(ChooseGarden(i) for i, food in open_slots if holder.food >= food), Decline())


def member_run(state: State, frame: MemberFrame) -> State:
    """The action cannot be done: it does nothing. Rules: RULING.MEMBER_FIZZLE, EFFECT.MEMBER_ACTION."""
    what: ev.OptionalWhat = "warrior" if frame.member is _WARRIOR else "gardener"
    return pop(state, events=(ev.NothingToDo(clan=frame.clan, what=what),))


def member_act(state: State, frame: MemberFrame, action: Action) -> State:
    """Place the member and start its effects."""
    clan = frame.clan
    state = pop(state)
    if isinstance(action, Decline):
        what: ev.OptionalWhat = "warrior" if frame.member is _WARRIOR else "gardener"
        return emit(state, ev.Declined(clan=clan, what=what))
    b = board(state)
    holder = state.clans[clan]
    if isinstance(action, ChooseYard):
        return place_warrior(state, clan, next(i for i, y in enumerate(b.yards) if y.cost == action.cost))
    assert isinstance(action, ChooseGarden)
    slot = b.gardens[action.slot]
    card = cat(state).gardens[slot.card]
    state = with_clan(state, clan, holdings.pay(holder, GainKind.FOOD, card.food))
    placed = ev.GardenerPlaced(clan=clan, slot=action.slot, card=card.id, bridge=slot.bridge, food=card.food)
    state = plant_gardener(state, clan, action.slot, (placed,))
    return garden_action(state, clan, card.id, action.slot)


def place_warrior(state: State, clan: int, yard_index: int) -> State:
    """Pay the yard's iron, put the leftmost warrior there for good, then do the yard's tile effects in
    any order. Rules: WARRIOR.PLACE, WARRIOR.YARD_UNLIMITED, WARRIOR.NEVER_MOVE, WARRIOR.TILE_ACTIONS."""
    yard = board(state).yards[yard_index]
    state = with_clan(state, clan, holdings.pay(state.clans[clan], GainKind.IRON, yard.cost))
    state = station_warrior(state, clan, yard_index)
    c = cat(state)
    placed = tuple(
        (e, Origin(kind="yard_tile", card=tile, slot=yard_index))
        for tile, face in yard.tiles
        for e in c.yard_face(tile, face)
    )
    effects = tuple(e for e, _ in placed)
    stationed = ev.WarriorPlaced(clan=clan, cost=yard.cost, iron=yard.cost, icons=effects)
    return push(state, EffectsFrame(clan, effects, tuple(o for _, o in placed)), events=(stationed,))


def garden_action(state: State, clan: int, card_id: str, slot: int | None = None) -> State:
    """Offer the garden's action (under the readings in force): optional, paying a Plant card's coins.
    Rules: GARDENER.ACTION_OPTIONAL, GARDENER.REACTIVATE, EFFECT.PAID_ICON, READING.STONE_GARDEN_ICON."""
    action = cat(state).garden_action(card_id, state.setup.readings)
    source = Source("garden", card_id)
    origin = Origin(kind="garden", card=card_id, slot=slot)
    if len(action) == 1 and isinstance(action[0], PayCoins):
        paid = action[0]
        return push(state, OptionalFrame(clan, source, paid.then, coins=paid.n, origin=origin))
    return push(state, OptionalFrame(clan, source, action, origin=origin))


# ---- Outside the Walls -----------------------------------------------------------------------------


def outside_options(state: State, frame: OutsideFrame) -> tuple[Action, ...]:
    """One of the space's two member actions, or Decline. Rules: OUTSIDE.CHOICES,
    RULING.EFFECTS_OPTIONAL_ORDER."""
    return (*(ChooseMember(m) for m in frame.choices), Decline())


def outside_act(state: State, frame: OutsideFrame, action: Action) -> State:
    """Start the chosen member action."""
    state = pop(state)
    if isinstance(action, Decline):
        return emit(state, ev.Declined(clan=frame.clan, what="outside"))
    assert isinstance(action, ChooseMember)
    state = emit(state, ev.OutsideChosen(clan=frame.clan, member=action.member))
    if action.member is _COURTIER:
        return push(state, CourtierFrame(frame.clan))
    return push(state, MemberFrame(frame.clan, action.member))


# ---- how the engine treats these frames ---------------------------------------------------------------


class CourtierHandler(ClanHandler[CourtierFrame]):
    """A Courtier action: an audience and a climb, each at most once, then done. Rules: COURTIER.ACTION,
    COURTIER.AUDIENCE, COURTIER.CLIMB."""

    kind = DecisionKind.COURTIER
    rule = "COURTIER.ACTION"

    def options(self, state: State, frame: CourtierFrame) -> tuple[Action, ...]:
        return courtier_options(state, frame)

    def refusal(self, state: State, frame: CourtierFrame, action: Action) -> Refusal | None:
        """A second audience or climb, no courtier to send or to climb, a climb past the Daimyo's room,
        a price the clan cannot pay: each with its rule."""
        holder = state.clans[frame.clan]
        who = clan_name(frame.clan)
        if isinstance(action, Audience):
            if frame.audience:
                return "COURTIER.ACTION", "this Courtier action has already had its audience"
            if members_left(holder, _COURTIER) == 0:
                return "MEMBERS.LEFTMOST", "no courtier is left on the Domain board"
            return "COURTIER.AUDIENCE", f"an audience costs 2 coins; {who} holds {holder.coins}"
        if isinstance(action, Climb):
            if frame.climb:
                return "COURTIER.ACTION", "this Courtier action has already had its climb"
            if action.floors not in (1, 2) or action.start + action.floors > 3:
                start = action.start.name.lower()
                return "COURTIER.CLIMB", f"a courtier cannot climb {action.floors} floor(s) from {start}"
            if holder.courtiers[action.start] == 0:
                return "COURTIER.CLIMB", f"no courtier of {who} stands on {action.start.name.lower()}"
            cost = CLIMB_PEARL[action.floors]
            return (
                "COURTIER.CLIMB",
                f"climbing {action.floors} floor(s) costs {cost} Mother-of-Pearl; {who} holds {holder.pearl}",
            )
        return None

    def run(self, state: State, frame: CourtierFrame) -> State:
        return courtier_run(state, frame)

    def act(self, state: State, frame: CourtierFrame, action: Action) -> State:
        return courtier_act(state, frame, action)


class RoomHandler(ClanHandler[RoomFrame]):
    """A climb ended on floor 1 or 2: the room to enter. Rules: COURTIER.FLOOR12.TAKE_CARD,
    COURTIER.FLOORS."""

    kind = DecisionKind.ROOM
    rule = "COURTIER.FLOOR12.TAKE_CARD"

    def options(self, state: State, frame: RoomFrame) -> tuple[Action, ...]:
        return room_options(state, frame)

    def refusal(self, state: State, frame: RoomFrame, action: Action) -> Refusal | None:
        if isinstance(action, ChooseRoom):
            return (
                "COURTIER.FLOORS",
                f"the courtier's climb ended on floor {frame.floor}: choose a room of that floor",
            )
        return None

    def run(self, state: State, frame: RoomFrame) -> State:
        return room_run(state, frame)

    def act(self, state: State, frame: RoomFrame, action: Action) -> State:
        return room_act(state, frame, action)


class LightRowHandler(ClanHandler[LightRowFrame]):
    """One light block of the card just taken. Rule: COURTIER.FLOOR12.TAKE_CARD."""

    kind = DecisionKind.LIGHT_ROW
    rule = "COURTIER.FLOOR12.TAKE_CARD"

    def options(self, state: State, frame: LightRowFrame) -> tuple[Action, ...]:
        return light_row_options(state, frame)

    def run(self, state: State, frame: LightRowFrame) -> State:
        return light_row_run(state, frame)

    def act(self, state: State, frame: LightRowFrame, action: Action) -> State:
        return light_row_act(state, frame, action)


class RefillHandler(Handler[RefillFrame]):
    """The room refills from its deck (no decision). Rule: COURTIER.FLOOR12.REFILL."""

    rule = "COURTIER.FLOOR12.REFILL"

    def run(self, state: State, frame: RefillFrame) -> State:
        return refill_run(state, frame)


class FavourHandler(ClanHandler[FavourFrame]):
    """A free favour of the Daimyo card. Rules: COURTIER.DAIMYO.FAVOUR, RULING.DAIMYO_FAVOUR_CHOICE."""

    kind = DecisionKind.FAVOUR
    rule = "COURTIER.DAIMYO.FAVOUR"

    def options(self, state: State, frame: FavourFrame) -> tuple[Action, ...]:
        return favour_options(state, frame)

    def run(self, state: State, frame: FavourFrame) -> State:
        return favour_run(state, frame)

    def act(self, state: State, frame: FavourFrame, action: Action) -> State:
        return favour_act(state, frame, action)


class MemberHandler(ClanHandler[MemberFrame]):
    """A Warrior action (a yard) or a Gardener action (a garden). Rules: WARRIOR.PLACE, GARDENER.PLACE,
    EFFECT.MEMBER_ACTION."""

    kind = DecisionKind.YARD
    rule = "EFFECT.MEMBER_ACTION"

    def kind_of(self, frame: MemberFrame) -> DecisionKind:
        return DecisionKind.YARD if frame.member is _WARRIOR else DecisionKind.GARDEN

    def rule_of(self, frame: MemberFrame) -> str:
        return "WARRIOR.PLACE" if frame.member is _WARRIOR else "GARDENER.PLACE"

    def options(self, state: State, frame: MemberFrame) -> tuple[Action, ...]:
        return member_options(state, frame)

    def refusal(self, state: State, frame: MemberFrame, action: Action) -> Refusal | None:
        """For the member the decision is for: no such yard or garden, a garden already holding the
        clan's gardener, a price the clan cannot pay, each with its rule (a choice for the other
        member gets the engine's generic refusal)."""
        holder = state.clans[frame.clan]
        who = clan_name(frame.clan)
        b = board(state)
        if isinstance(action, ChooseYard) and frame.member is _WARRIOR:
            if not any(y.cost == action.cost for y in b.yards):
                return "WARRIOR.PLACE", f"no Training Yard costs {action.cost} iron"
            return (
                "WARRIOR.PLACE",
                f"the {action.cost}-iron yard costs {action.cost} iron; {who} holds {holder.iron}",
            )
        if isinstance(action, ChooseGarden) and frame.member is _GARDENER:
            if not 0 <= action.slot < len(b.gardens):
                return "GARDENER.PLACE", f"there is no garden slot {action.slot}"
            slot = b.gardens[action.slot]
            if frame.clan in slot.gardeners:
                return "GARDENER.PLACE", f"{slot.card} already holds a gardener of {who}"
            food = cat(state).gardens[slot.card].food
            return "GARDENER.PLACE", f"{slot.card} costs {food} food; {who} holds {holder.food}"
        return None

    def run(self, state: State, frame: MemberFrame) -> State:
        return member_run(state, frame)

    def act(self, state: State, frame: MemberFrame, action: Action) -> State:
        return member_act(state, frame, action)


class OutsideHandler(ClanHandler[OutsideFrame]):
    """Outside the Walls: one of the space's two member actions, or decline. Rule: OUTSIDE.CHOICES."""

    kind = DecisionKind.OUTSIDE
    rule = "OUTSIDE.CHOICES"

    def options(self, state: State, frame: OutsideFrame) -> tuple[Action, ...]:
        return outside_options(state, frame)

    def act(self, state: State, frame: OutsideFrame, action: Action) -> State:
        return outside_act(state, frame, action)


COURTIER = CourtierHandler()
ROOM = RoomHandler()
LIGHT_ROW = LightRowHandler()
REFILL = RefillHandler()
FAVOUR = FavourHandler()
MEMBER = MemberHandler()
OUTSIDE = OutsideHandler()
