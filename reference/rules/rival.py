"""The solo rival (the Tokugawa visit): its setup, its turn driven by the Solitaire deck, its icons,
its end of round and its scoring.

The rival's behaviour is engine logic, not a decision; only "you break ties" and "you choose the room"
are decisions, taken by the player (clan 0) for the rival.

Rules: SOLO.SETUP.*, SOLO.GOLDEN.*, SOLO.TURN.*, SOLO.ICON.*, SOLO.ROUND.*, SOLO.SCORE,
RULING.SOLO_DECK_EXHAUSTED, RULING.RIVAL_FREE_CHECKPOINTS, RULING.RIVAL_FAVOURS,
RULING.RIVAL_WELL_NO_SEAL, RULING.RIVAL_NO_LANTERN, RULING.RIVAL_CLIMB_EXACT,
RULING.RIVAL_CARD_REMOVED, RULING.RIVAL_CENTRE_DIE, RULING.RIVAL_GARDEN_VALUE,
READING.SOLO_ACTION_ORDER.
"""

from __future__ import annotations

from typing import assert_never

from msgspec.structs import replace

from reference.content import provisional_deck
from reference.errors import RulesGap
from reference.model import (
    COLOURS,
    Action,
    Bridge,
    ChooseGarden,
    ChooseRoom,
    Clan,
    ClimbUp,
    CourtierToGate,
    Die,
    Difficulty,
    Floor,
    Gain,
    GainKind,
    GardenerTo,
    Influence,
    InfluenceFrame,
    Member,
    RivalGardenFrame,
    RivalIcon,
    RivalIconsFrame,
    RivalKind,
    RivalRoomFrame,
    Slot,
    Solo,
    SoloCard,
    SoloDeck,
    Space,
    State,
    WarriorTo,
)
from reference.model import events as ev
from reference.rules import holdings
from reference.rules.common import board, cat, emit, pop, push, set_top, with_board, with_clan
from reference.rules.effects import gain
from reference.rules.members import members_left, move_courtiers, send
from reference.rules.placement import SPACE_VALUE, dice_on, put_die

PLAYER = 0
"""In a solo game clan 0 is the player."""
RIVAL = 1
"""In a solo game clan 1 is the rival."""

DIFFICULTY = {
    Difficulty.EASY: (0, 2, 0),
    Difficulty.MEDIUM: (3, 1, 1),
    Difficulty.HARD: (8, 1, 3),
}
"""Rival's Clan Points, Heron position (1st or 2nd in turn order) and Passage of Time space.
Rule: SOLO.SETUP.DIFFICULTY."""

HAND_IN_RATE = {0: 3, 1: 5}
"""Coins per hand-in by the rival's place in the new turn order (first: 3, second: 5).
Rule: SOLO.ROUND.HAND_IN."""


def deck(state: State) -> SoloDeck:
    """The Solitaire deck of this game (the shipped provisional deck unless the setup names one)."""
    solo = state.setup.solo
    assert solo is not None
    return solo.deck if solo.deck is not None else provisional_deck()


def cards(state: State) -> dict[str, SoloCard]:
    """The deck's cards by id."""
    return {c.id: c for c in deck(state).cards}


GINKGO_TIME = {Difficulty.EASY: 1, Difficulty.MEDIUM: 2, Difficulty.HARD: 3}
"""The Gingkogawa bot's Passage of Time space by difficulty. Rule: GINKGO.SETUP."""


def start_order(solo: Solo) -> tuple[int, ...]:
    """First-round turn order: by the Tokugawa rival's Heron, or the Gingkogawa bot always first.
    Rules: SOLO.SETUP.DIFFICULTY, GINKGO.SETUP."""
    if solo.rival is RivalKind.GINGKOGAWA:
        return (RIVAL, PLAYER)
    return (RIVAL, PLAYER) if DIFFICULTY[solo.difficulty][1] == 1 else (PLAYER, RIVAL)


def setup_clans(state: State, clans: list[Clan]) -> list[Clan]:
    """The rival's starting Clan Points and Passage of Time space by difficulty; it has no Domain board.
    Rules: SOLO.SETUP.DIFFICULTY, SOLO.SETUP.NO_DOMAIN."""
    solo = state.setup.solo
    assert solo is not None
    cp, _, time = DIFFICULTY[solo.difficulty]
    if solo.rival is RivalKind.GINGKOGAWA:
        time = GINKGO_TIME[solo.difficulty]  # GINKGO.SETUP; Clan Points as above (RULING.GINKGO_SETUP_CP)
    clans[RIVAL] = replace(clans[RIVAL], cp=cp, time=time, rival=True)
    return clans


def announce(state: State) -> State:
    """Report the rival's start: its Clan Points, Passage of Time space and place in the first turn
    order. Rules: SOLO.SETUP.DIFFICULTY, GINKGO.SETUP, RULING.GINKGO_SETUP_CP."""
    solo = state.setup.solo
    assert solo is not None
    holder = state.clans[RIVAL]
    rules = (
        ("GINKGO.SETUP", "RULING.GINKGO_SETUP_CP", "SOLO.SETUP.NO_DOMAIN")
        if solo.rival is RivalKind.GINGKOGAWA
        else ("SOLO.SETUP.DIFFICULTY", "SOLO.SETUP.NO_DOMAIN")
    )
    starts = ev.RivalStarts(
        clan=RIVAL,
        rival=solo.rival,
        difficulty=solo.difficulty,
        cp=holder.cp,
        time=holder.time,
        place=state.turn_order.index(RIVAL),
        rules=rules,
    )
    return emit(state, starts)


# ---- finding a die ---------------------------------------------------------------------------------


def slot_die(bridge: Bridge, slot: Slot) -> int | None:
    """The die in a bridge's physical slot (None when empty). Rules: SOLO.TURN.FIND_DIE,
    RULING.LONE_DIE_SLOT."""
    if slot is Slot.LEFT:
        return bridge.left
    if slot is Slot.RIGHT:
        return bridge.right
    return bridge.centre[0] if len(bridge.centre) == 1 else None


def take_slot(bridge: Bridge, slot: Slot) -> tuple[int, Bridge]:
    """Take the die in a slot: an end as a player would (the centre die slides), or the centre die
    itself. Rules: SOLO.TURN.FIND_DIE, RULING.RIVAL_CENTRE_DIE, BRIDGE.SLIDE."""
    if slot is Slot.CENTRE:
        assert len(bridge.centre) == 1
        return bridge.centre[0], replace(bridge, centre=())
    if slot is Slot.LEFT:
        assert bridge.left is not None
        value = bridge.left
        if bridge.centre:
            return value, replace(bridge, left=bridge.centre[0], centre=bridge.centre[1:])
        return value, replace(bridge, left=None)
    assert bridge.right is not None
    value = bridge.right
    if bridge.centre:
        return value, replace(bridge, right=bridge.centre[-1], centre=bridge.centre[:-1])
    return value, replace(bridge, right=None)


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


# ---- the rival's turn --------------------------------------------------------------------------


def rival_turn(state: State, clan: int) -> State:
    """Find a die, place it (coins when higher, never a payment; a taken space sends it to the Well,
    coins as usual, no tile rewards and no seal), then queue the actions of the last flipped cards;
    the flipped cards go to the bottom of the deck. Rules: SOLO.TURN.FIND_DIE, SOLO.TURN.PLACE,
    SOLO.TURN.NO_STACK_WELL, SOLO.TURN.ACT, SOLO.TURN.TO_BOTTOM, SOLO.GOLDEN.NEVER_PAYS,
    SOLO.GOLDEN.ANY_COLOUR, SOLO.GOLDEN.ONLY_ICONS, RULING.RIVAL_WELL_NO_SEAL, RULING.RIVAL_NO_LANTERN."""
    state = emit(state, ev.TurnStarted(round=state.round, turn=state.turn + 1, clan=clan))
    flipped, top, flips = find_die(state, clan)
    state = emit(state, *flips)
    k = len(flipped)
    n = len(state.solo_deck)
    new_deck = state.solo_deck[k % n :] + state.solo_deck[: k % n]
    state = replace(state, solo_deck=new_deck, rival_row=flipped, turn=state.turn + 1)
    b = board(state)
    bi = COLOURS.index(top.bridge)
    value, bridge = take_slot(b.bridges[bi], top.slot)
    b = replace(b, bridges=(*b.bridges[:bi], bridge, *b.bridges[bi + 1 :]))
    space = top.space
    taken = space is not Space.WELL and len(dice_on(state, clan, space)) > 0
    if taken:
        state = emit(state, ev.SentToWell(clan=clan, space=space))
        space = Space.WELL
    state = with_board(state, put_die(b, space, Die(top.bridge, value, clan)))
    gained = max(0, value - SPACE_VALUE[space])
    state = with_clan(state, clan, holdings.gain(state.clans[clan], GainKind.COIN, gained))
    state = emit(state, placed_event(clan, top, value, space, gained, "SOLO.TURN.PLACE"))
    icons = icons_of(state, flipped)
    state = emit(
        state,
        ev.RivalActs(
            clan=clan, cards=flipped[-2:], icons=icons, rules=("SOLO.TURN.ACT", "READING.SOLO_ACTION_ORDER")
        ),
        ev.CardsToBottom(clan=clan, cards=flipped),
    )
    return push(state, RivalIconsFrame(clan, icons))


def placed_event(clan: int, card: SoloCard, value: int, space: Space, gained: int, rule: str) -> ev.DiePlaced:
    """The event of a rival's placement: the die of the card's slot, its space, the printed value it
    is compared with and the coins gained (never paid). Rules: SOLO.TURN.PLACE, GINKGO.SHOWN_POSITION,
    SOLO.GOLDEN.NEVER_PAYS, SOLO.GOLDEN.ANY_COLOUR, RULING.RIVAL_CENTRE_DIE, RULING.RIVAL_WELL_NO_SEAL,
    RULING.RIVAL_NO_LANTERN."""
    rules: tuple[str, ...] = (rule, "SOLO.GOLDEN.NEVER_PAYS")
    if card.slot is Slot.CENTRE:
        rules = (*rules, "RULING.RIVAL_CENTRE_DIE")
    if card.slot is Slot.LEFT:
        rules = (*rules, "RULING.RIVAL_NO_LANTERN")
    if space is Space.WELL:
        rules = (*rules, "RULING.RIVAL_WELL_NO_SEAL")
    return ev.DiePlaced(
        clan=clan,
        colour=card.bridge,
        slot=card.slot,
        value=value,
        space=space,
        covered=SPACE_VALUE[space],
        coins=gained,
        rules=rules,
    )


def _undoable(state: State, clan: int, icon: RivalIcon, why: ev.Undoable) -> State:
    """An action the rival cannot do scores the round number in Clan Points. Rule: SOLO.TURN.UNDOABLE."""
    points = state.round
    state = with_clan(state, clan, holdings.gain(state.clans[clan], GainKind.CP, points))
    return emit(state, ev.IconUndoable(clan=clan, icon=icon, why=why, points=points))


def icons_run(state: State, frame: RivalIconsFrame) -> State:
    """Do the next icon (the frame never waits: ties and rooms are separate decisions)."""
    if not frame.icons:
        return pop(state)
    icon, rest = frame.icons[0], frame.icons[1:]
    state = set_top(state, RivalIconsFrame(frame.clan, rest)) if rest else pop(state)
    return do_icon(state, frame.clan, icon)


def do_icon(state: State, clan: int, icon: RivalIcon) -> State:
    """Do one rival icon, or score it as undoable. Rules: SOLO.ICON.CLAN_POINTS, SOLO.ICON.COINS,
    SOLO.ICON.INFLUENCE, SOLO.ICON.GARDENER, SOLO.ICON.WARRIOR, SOLO.ICON.COURTIER, SOLO.ICON.CLIMB,
    SOLO.TURN.UNDOABLE, SOLO.GOLDEN.NEVER_PAYS, SOLO.GOLDEN.NO_RESOURCES."""
    holder = state.clans[clan]
    match icon:
        case Gain(what=what, n=n):
            rule = "SOLO.ICON.CLAN_POINTS" if what is GainKind.CP else "SOLO.ICON.COINS"
            return gain(state, clan, what, n, (rule,))
        case Influence(n=n):
            return push(state, InfluenceFrame(clan, n))
        case GardenerTo(kind=kind):
            if members_left(holder, Member.GARDENER) == 0:
                return _undoable(state, clan, icon, "no_gardener")
            slots = lowest_gardens(state, clan, kind)
            if not slots:
                return _undoable(state, clan, icon, "no_garden")
            if len(slots) > 1:
                return push(
                    emit(state, ev.GardenerTie(clan=clan, slots=slots)), RivalGardenFrame(clan, slots)
                )
            return place_gardener(state, clan, slots[0])
        case WarriorTo(cost=cost):
            if members_left(holder, Member.WARRIOR) == 0:
                return _undoable(state, clan, icon, "no_warrior")
            b = board(state)
            i = next(i for i, y in enumerate(b.yards) if y.cost == cost)
            yards = list(b.yards)
            yards[i] = replace(yards[i], warriors=(*yards[i].warriors, clan))
            state = with_board(state, replace(b, yards=tuple(yards)))
            state = with_clan(state, clan, send(holder, Member.WARRIOR))
            rules = ("SOLO.ICON.WARRIOR", "SOLO.GOLDEN.NEVER_PAYS", "SOLO.GOLDEN.ONLY_ICONS")
            return emit(state, ev.WarriorPlaced(clan=clan, cost=cost, iron=0, icons=(), rules=rules))
        case CourtierToGate():
            if members_left(holder, Member.COURTIER) == 0:
                if _gingkogawa(state):
                    # GINKGO.EXTRA.GATE_NO_COURTIER: the lowest courtier moves up 1 instead
                    up = ev.CourtierInstead(
                        clan=clan, icon=icon, instead=(ClimbUp(1),), rules=("GINKGO.EXTRA.GATE_NO_COURTIER",)
                    )
                    return climb(emit(state, up), clan, icon, 1)
                return _undoable(state, clan, icon, "no_courtier")
            state = with_clan(state, clan, move_courtiers(send(holder, Member.COURTIER), None, Floor.GATE))
            gate = ev.CourtierAtGate(
                clan=clan, coins=0, rules=("SOLO.ICON.COURTIER", "SOLO.GOLDEN.NEVER_PAYS")
            )
            return emit(state, gate)
        case ClimbUp(floors=floors):
            if _gingkogawa(state):
                instead = courtier_move_instead(state, clan, floors)
                if instead is not None:
                    return instead
            return climb(state, clan, icon, floors)
        case _:
            assert_never(icon)


def _gingkogawa(state: State) -> bool:
    solo = state.setup.solo
    return solo is not None and solo.rival is RivalKind.GINGKOGAWA


def courtier_move_instead(state: State, clan: int, floors: int) -> State | None:
    """Gingkogawa: a Courtier move with no courtier in the castle (none at the Gate or on floors 1-2)
    places one at the Gate instead; a 2-floor move then moves it to the 1st floor (the player chooses
    the room). None when the rule does not apply. Rules: GINKGO.EXTRA.COURTIER_MOVE,
    RULING.GINKGO_NO_COURTIER."""
    holder = state.clans[clan]
    if any(holder.courtiers[f] for f in (Floor.GATE, Floor.STEWARDS, Floor.DIPLOMATS)):
        return None
    if members_left(holder, Member.COURTIER) == 0:
        return None
    holder = move_courtiers(send(holder, Member.COURTIER), None, Floor.GATE)
    instead: tuple[RivalIcon, ...] = (CourtierToGate(),)
    if floors == 2:
        holder = move_courtiers(holder, Floor.GATE, Floor.STEWARDS)
        instead = (CourtierToGate(), ClimbUp(1))
    state = with_clan(state, clan, holder)
    state = emit(state, ev.CourtierInstead(clan=clan, icon=ClimbUp(floors), instead=instead))
    return push(state, RivalRoomFrame(clan, int(Floor.STEWARDS))) if floors == 2 else state


def lowest_gardens(state: State, clan: int, kind: object) -> tuple[int, ...]:
    """Slots of the lowest-value gardens of the kind (any when None) without the rival's gardener.
    Value is the garden's food cost (the same order as its Clan Points). Rules: SOLO.ICON.GARDENER,
    RULING.RIVAL_GARDEN_VALUE."""
    c = cat(state)
    b = board(state)
    candidates = [
        (c.gardens[g.card].food, i)
        for i, g in enumerate(b.gardens)
        if clan not in g.gardeners and (kind is None or c.gardens[g.card].kind is kind)
    ]
    if not candidates:
        return ()
    low = min(v for v, _ in candidates)
    return tuple(i for v, i in candidates if v == low)


def place_gardener(state: State, clan: int, slot: int) -> State:
    """The rival's gardener goes to the garden in ``slot``, free and without its action.
    Rules: SOLO.ICON.GARDENER, SOLO.GOLDEN.NEVER_PAYS, SOLO.GOLDEN.ONLY_ICONS."""
    b = board(state)
    gardens = list(b.gardens)
    gardens[slot] = replace(gardens[slot], gardeners=(*gardens[slot].gardeners, clan))
    state = with_board(state, replace(b, gardens=tuple(gardens)))
    state = with_clan(state, clan, send(state.clans[clan], Member.GARDENER))
    placed = ev.GardenerPlaced(
        clan=clan,
        slot=slot,
        card=gardens[slot].card,
        bridge=gardens[slot].bridge,
        food=0,
        rules=("SOLO.ICON.GARDENER", "SOLO.GOLDEN.NEVER_PAYS", "SOLO.GOLDEN.ONLY_ICONS"),
    )
    return emit(state, placed)


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
    lowest = next((f for f in (Floor.GATE, Floor.STEWARDS, Floor.DIPLOMATS) if holder.courtiers[f]), None)
    if lowest is None:
        return _undoable(state, clan, icon, "no_courtier_to_climb")
    if lowest + floors > Floor.DAIMYO:
        return _undoable(state, clan, icon, "past_daimyo")
    end = Floor(lowest + floors)
    state = with_clan(state, clan, move_courtiers(holder, lowest, end))
    climbed = ev.CourtierClimbed(
        clan=clan, start=lowest, end=end, pearl=0, rules=("SOLO.ICON.CLIMB", "SOLO.GOLDEN.NEVER_PAYS")
    )
    state = emit(state, climbed)
    if end is Floor.DAIMYO:
        return daimyo_favour(state, clan)
    return push(state, RivalRoomFrame(clan, int(end)))


def daimyo_favour(state: State, clan: int) -> State:
    """The rival takes the leftmost free favour and gains only its Clan Points, coins and steps; with
    none free its courtier stays. Rules: SOLO.ICON.CLIMB, RULING.RIVAL_FAVOURS, RULING.RIVAL_NO_LANTERN."""
    b = board(state)
    free = [i for i, who in enumerate(b.favours) if who is None]
    if not free:
        return emit(state, ev.NoFreeFavour(clan=clan, rules=("COURTIER.DAIMYO.FULL", "SOLO.ICON.CLIMB")))
    slot = free[0]
    favours = list(b.favours)
    favours[slot] = clan
    state = with_board(state, replace(b, favours=tuple(favours)))
    reward = cat(state).daimyo[b.daimyo].favours[slot]
    kept: list[Gain | Influence] = [
        e
        for e in reward
        if (isinstance(e, Gain) and e.what in (GainKind.CP, GainKind.COIN)) or isinstance(e, Influence)
    ]
    taken = ev.FavourTaken(
        clan=clan, slot=slot, icons=tuple(kept), rules=("SOLO.ICON.CLIMB", "RULING.RIVAL_FAVOURS")
    )
    state = emit(state, taken)
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
    return pop(emit(state, ev.NoRoomToEnter(clan=frame.clan, floor=frame.floor, rules=rules)))


def room_act(state: State, frame: RivalRoomFrame, action: Action) -> State:
    """The chosen room's card leaves the game and is replaced from its deck (an empty deck leaves the
    card in place). Rules: SOLO.ICON.CLIMB, RULING.RIVAL_CARD_REMOVED."""
    assert isinstance(action, ChooseRoom)
    state = pop(state)
    b = board(state)
    room = b.rooms[action.room]
    deck_cards = b.steward_deck if room.floor == 1 else b.diplomat_deck
    if not deck_cards:
        return emit(
            state, ev.RivalRoomCard(clan=frame.clan, room=action.room, removed=None, replacement=None)
        )
    rooms = list(b.rooms)
    rooms[action.room] = replace(room, card=deck_cards[0])
    if room.floor == 1:
        b = replace(b, steward_deck=b.steward_deck[1:], rooms=tuple(rooms))
    else:
        b = replace(b, diplomat_deck=b.diplomat_deck[1:], rooms=tuple(rooms))
    state = with_board(state, b)
    entered = ev.RivalRoomCard(
        clan=frame.clan, room=action.room, removed=room.card, replacement=deck_cards[0]
    )
    return emit(state, entered)


# ---- end of round and scoring ------------------------------------------------------------------


def hand_in(state: State) -> State:
    """Right after the new turn order, the rival trades coins for Clan Points: the round number per 3
    coins when first, per 5 when second; it keeps the remainder. Rule: SOLO.ROUND.HAND_IN."""
    for clan in (i for i, c in enumerate(state.clans) if c.rival):
        place = state.turn_order.index(clan)
        rate = HAND_IN_RATE[place]
        holder = state.clans[clan]
        points, kept = hand_in_points(holder.coins, rate, state.round)
        state = with_clan(state, clan, replace(holder, cp=holder.cp + points, coins=kept))
        handed = ev.HandIn(
            clan=clan, round=state.round, place=place, rate=rate, coins=holder.coins, points=points, kept=kept
        )
        state = emit(state, handed)
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


def gardens_points(state: State, live: set[object]) -> State:
    """In the gardens step the rival scores the round number for each gardener that activates.
    Rule: SOLO.ROUND.GARDENS."""
    for clan in (i for i, c in enumerate(state.clans) if c.rival):
        active = sum(1 for g in board(state).gardens if clan in g.gardeners and g.bridge in live)
        if active:
            points = active * state.round
            state = with_clan(state, clan, holdings.gain(state.clans[clan], GainKind.CP, points))
            state = emit(state, ev.RivalGardens(clan=clan, gardeners=active, points=points))
    return state
