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

from msgspec.structs import replace

from reference.model import (
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
    Decline,
    EffectsFrame,
    FavourFrame,
    Floor,
    GainKind,
    LightRowFrame,
    Member,
    MemberFrame,
    OptionalFrame,
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
from reference.rules.common import board, cat, emit, pop, push, set_top, with_board, with_clan
from reference.rules.effects import lantern

MEMBERS_PER_LINE = 5
"""Members of each kind on a Domain board. Rule: SETUP.WORKERS."""
AUDIENCE_COINS = 2
"""Coins paid to put a courtier at the Gate. Rule: COURTIER.AUDIENCE."""
CLIMB_PEARL = {1: 2, 2: 5}
"""Mother-of-Pearl paid to climb 1 or 2 floors. Rule: COURTIER.CLIMB."""
MEMBER_INDEX = {Member.COURTIER: 0, Member.GARDENER: 1, Member.WARRIOR: 2}
"""Position of each member kind in ``Clan.sent``."""


def members_left(clan: Clan, member: Member) -> int:
    """Members of that kind still on the Domain board. Rule: MEMBERS.LEFTMOST."""
    return MEMBERS_PER_LINE - clan.sent[MEMBER_INDEX[member]]


def send(clan: Clan, member: Member) -> Clan:
    """Send the leftmost member of that kind from the Domain board (uncovering a reward).
    Rules: MEMBERS.LEFTMOST, MEMBERS.UNCOVER."""
    sent = list(clan.sent)
    sent[MEMBER_INDEX[member]] += 1
    return replace(clan, sent=(sent[0], sent[1], sent[2]))


def move_courtiers(clan: Clan, start: Floor | None, end: Floor) -> Clan:
    """One courtier leaves ``start`` (None: the Domain board) and stands on ``end``."""
    floors = list(clan.courtiers)
    if start is not None:
        floors[start] -= 1
    floors[end] += 1
    return replace(clan, courtiers=(floors[0], floors[1], floors[2], floors[3]))


# ---- Courtier action -----------------------------------------------------------------------------


def _climbs(clan: Clan, pearl: int) -> list[Climb]:
    out: list[Climb] = []
    for start in (Floor.GATE, Floor.STEWARDS, Floor.DIPLOMATS):
        if clan.courtiers[start] == 0:
            continue
        for floors in (1, 2):
            if start + floors <= Floor.DAIMYO and pearl >= CLIMB_PEARL[floors]:
                out.append(Climb(start, floors))
    return out


def courtier_options(state: State, frame: CourtierFrame) -> tuple[Action, ...]:
    """Audience (2 coins) and a climb (2 or 5 Mother-of-Pearl), each at most once, in any order,
    and Decline to end the action; nothing (the action ends) when neither part could be paid even
    after trading seals. Rules: COURTIER.ACTION, COURTIER.AUDIENCE, COURTIER.CLIMB,
    COURTIER.CLIMB_NO_SPLIT, RULING.MEMBER_FIZZLE."""
    holder = state.clans[frame.clan]
    can_audience = not frame.audience and members_left(holder, Member.COURTIER) > 0
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
        return pop(emit(state, ev.Declined(clan=clan, what="courtier", rules=("COURTIER.ACTION",))))
    if isinstance(action, Audience):
        holder = holdings.pay(holder, GainKind.COIN, AUDIENCE_COINS)
        holder = move_courtiers(send(holder, Member.COURTIER), None, Floor.GATE)
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
    return pop(emit(state, ev.NoRoomToEnter(clan=frame.clan, floor=frame.floor)))


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
    lantern_area = holder.lantern if tucked is None else (*holder.lantern, tucked)
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
    """Do the chosen light block of the card."""
    assert isinstance(action, ChooseBlock)
    card = cat(state).castle[frame.card]
    block = card.blocks[action.block]
    resolved = ev.BlockResolved(
        clan=frame.clan,
        card=card.id,
        block=action.block,
        rows=block.rows,
        dark=block.dark,
        icons=block.effects,
        rules=("COURTIER.FLOOR12.TAKE_CARD", "CASTLE.ROWS"),
    )
    return push(emit(pop(state), resolved), EffectsFrame(frame.clan, block.effects))


def refill_run(state: State, frame: RefillFrame) -> State:
    """Refill the room from its floor's deck. Rule: COURTIER.FLOOR12.REFILL."""
    b = board(state)
    room = b.rooms[frame.room]
    if room.floor == 1:
        card, b = b.steward_deck[0], replace(b, steward_deck=b.steward_deck[1:])
    else:
        card, b = b.diplomat_deck[0], replace(b, diplomat_deck=b.diplomat_deck[1:])
    rooms = list(b.rooms)
    rooms[frame.room] = replace(room, card=card)
    state = with_board(pop(state), replace(b, rooms=tuple(rooms)))
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
        return pop(emit(state, ev.NoFreeFavour(clan=frame.clan)))
    return favour_act(state, frame, ChooseFavour(free[0]))


def favour_act(state: State, frame: FavourFrame, action: Action) -> State:
    """Put the courtier on the favour space and gain its reward. Rules: COURTIER.DAIMYO.FAVOUR,
    DAIMYO.FAVOURS."""
    assert isinstance(action, ChooseFavour)
    b = board(state)
    favours = list(b.favours)
    favours[action.slot] = frame.clan
    state = with_board(pop(state), replace(b, favours=tuple(favours)))
    reward = cat(state).daimyo[b.daimyo].favours[action.slot]
    state = emit(state, ev.FavourTaken(clan=frame.clan, slot=action.slot, icons=reward))
    return push(state, EffectsFrame(frame.clan, reward))


# ---- Warrior and Gardener actions ------------------------------------------------------------------


def member_options(state: State, frame: MemberFrame) -> tuple[Action, ...]:
    """Warrior: any yard whose iron the clan can pay. Gardener: any garden without its gardener whose
    food it can pay. With Decline; nothing (the action fizzles) when no member is left or no price
    could be paid even after trading seals. Rules: WARRIOR.PLACE, GARDENER.PLACE, RULING.MEMBER_FIZZLE."""
    holder = state.clans[frame.clan]
    if members_left(holder, frame.member) == 0:
        return ()
    b = board(state)
    if frame.member is Member.WARRIOR:
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
    what: ev.OptionalWhat = "warrior" if frame.member is Member.WARRIOR else "gardener"
    return pop(emit(state, ev.NothingToDo(clan=frame.clan, what=what)))


def member_act(state: State, frame: MemberFrame, action: Action) -> State:
    """Place the member and start its effects."""
    clan = frame.clan
    state = pop(state)
    if isinstance(action, Decline):
        what: ev.OptionalWhat = "warrior" if frame.member is Member.WARRIOR else "gardener"
        return emit(state, ev.Declined(clan=clan, what=what))
    b = board(state)
    holder = state.clans[clan]
    if isinstance(action, ChooseYard):
        return place_warrior(state, clan, next(i for i, y in enumerate(b.yards) if y.cost == action.cost))
    assert isinstance(action, ChooseGarden)
    slot = b.gardens[action.slot]
    card = cat(state).gardens[slot.card]
    holder = send(holdings.pay(holder, GainKind.FOOD, card.food), Member.GARDENER)
    gardens = list(b.gardens)
    gardens[action.slot] = replace(slot, gardeners=(*slot.gardeners, clan))
    state = with_board(with_clan(state, clan, holder), replace(b, gardens=tuple(gardens)))
    placed = ev.GardenerPlaced(clan=clan, slot=action.slot, card=card.id, bridge=slot.bridge, food=card.food)
    return garden_action(emit(state, placed), clan, card.id)


def place_warrior(state: State, clan: int, yard_index: int) -> State:
    """Pay the yard's iron, put the leftmost warrior there for good, then do the yard's tile effects in
    any order. Rules: WARRIOR.PLACE, WARRIOR.YARD_UNLIMITED, WARRIOR.NEVER_MOVE, WARRIOR.TILE_ACTIONS."""
    b = board(state)
    yard = b.yards[yard_index]
    holder = send(holdings.pay(state.clans[clan], GainKind.IRON, yard.cost), Member.WARRIOR)
    yards = list(b.yards)
    yards[yard_index] = replace(yard, warriors=(*yard.warriors, clan))
    state = with_board(with_clan(state, clan, holder), replace(b, yards=tuple(yards)))
    c = cat(state)
    effects = tuple(
        e
        for tile, face in yard.tiles
        for e in (c.yard_tiles[tile].action if face == "action" else c.yard_tiles[tile].reward)
    )
    state = emit(state, ev.WarriorPlaced(clan=clan, cost=yard.cost, iron=yard.cost, icons=effects))
    return push(state, EffectsFrame(clan, effects))


def garden_action(state: State, clan: int, card_id: str) -> State:
    """Offer the garden's action: optional, paying a Plant card's coins. Rules: GARDENER.ACTION_OPTIONAL,
    GARDENER.REACTIVATE, EFFECT.PAID_ICON."""
    card = cat(state).gardens[card_id]
    source = Source("garden", card.id)
    if len(card.action) == 1 and isinstance(card.action[0], PayCoins):
        paid = card.action[0]
        return push(state, OptionalFrame(clan, source, paid.then, coins=paid.n))
    return push(state, OptionalFrame(clan, source, card.action))


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
    if action.member is Member.COURTIER:
        return push(state, CourtierFrame(frame.clan))
    return push(state, MemberFrame(frame.clan, action.member))
