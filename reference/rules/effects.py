"""Resolving icons: plain gains, resource choices, Passage of Time moves, the Lantern, the Well,
castle blocks, Domain lines, paid and optional effects, and the order of a bundle of icons.

Each pending piece of work is a frame on the state's stack (see reference.model). A frame either
needs a decision (its ``*_options`` function returns the legal actions) or runs on its own.

Rules: EFFECT.PLAIN_GAINS, EFFECT.RESOURCE_CHOICE, EFFECT.WELL_ACTION, EFFECT.DOMAIN_ACTION,
EFFECT.DIE_TILE_ACTION, EFFECT.ANY_DIE_TILE, EFFECT.LIGHT_ACTION, EFFECT.PAID_ICON, LANTERN.GAIN_ALL,
LANTERN.AREA, WELL.REWARD, DOMAIN.REWARDS, DOMAIN.CARD_BLOCK, CASTLE.DARK_SEAL,
CASTLE.DIPLOMAT_DARK_FREE, RULING.EFFECTS_OPTIONAL_ORDER, RULING.GAINS_PER_ICON,
RULING.DIE_TILE_ACTION_LIMITS, RULING.DOMAIN_ACTION_ICON.
"""

from __future__ import annotations

from typing import Final, assert_never

from msgspec.structs import replace

from reference.content import Catalogue
from reference.model import (
    COLOURS,
    MEMBERS,
    RESOURCES,
    Accept,
    Action,
    BlockRef,
    CastleCard,
    CastleRowFrame,
    ChooseBlock,
    ChooseLine,
    ChooseMember,
    Colour,
    CourtierFrame,
    DecisionKind,
    Decline,
    DecreeIcon,
    DieTileIcon,
    DomainIcon,
    DomainLineFrame,
    Effect,
    EffectsFrame,
    Gain,
    GainKind,
    Influence,
    InfluenceFrame,
    LanternIcon,
    LightIcon,
    Member,
    MemberChoiceFrame,
    MemberFrame,
    MemberIcon,
    Next,
    OptionalFrame,
    Origin,
    PayCheckpoint,
    PayCoins,
    ResourceChoice,
    ResourceFrame,
    Source,
    State,
    StopMove,
    TakeResource,
    TimeTrack,
    WellIcon,
)
from reference.model import events as ev
from reference.rules import holdings
from reference.rules import time as passage
from reference.rules.common import board, cat, clan_name, emit, pop, push, set_top, with_clan
from reference.rules.handler import ClanHandler, Refusal

DARK_STEWARD_SEALS = 1
"""Seals paid to use a Steward's dark row. Rules: CASTLE.DARK_SEAL, SEALS.USES."""

# Enum members named once, for the reason given at reference.engine._OVER.
_COURTIER: Final = Member.COURTIER
_ONE_SEAL: Final = Gain(GainKind.SEAL, 1)
"""The Well's seal (WELL.REWARD), one immutable icon made once."""


# ---- single icons -------------------------------------------------------------------------------


def gain(state: State, clan: int, what: GainKind, n: int, rules: tuple[str, ...] = ()) -> State:
    """Gain ``n`` of ``what`` (caps applied) and report it with the rules given (default
    EFFECT.PLAIN_GAINS), plus the cap's rule when some is lost. Rules: EFFECT.PLAIN_GAINS, SEALS.CAP,
    RESOURCES.CAP, RULING.GAINS_PER_ICON."""
    before = state.clans[clan]
    after = holdings.gain(before, what, n)
    cited = rules or ("EFFECT.PLAIN_GAINS",)
    kept = n
    cap = holdings.cap_rule(what)
    if cap is not None:
        kept = holdings.held(after, what) - holdings.held(before, what)
        if kept < n:
            cited = (*cited, cap, "RULING.GAINS_PER_ICON")
    gained = ev.Gained(clan=clan, what=what, n=n, kept=kept, rules=cited)
    return with_clan(state, clan, after, events=(gained,))


def resolve(state: State, clan: int, effect: Effect, origin: Origin | None = None) -> State:
    """Start resolving one icon for ``clan``: plain gains apply now, the others push a frame (which
    keeps the icon's ``origin``, so its decision can say where it comes from). Rules:
    EFFECT.PLAIN_GAINS, RULING.GAINS_PER_ICON (caps applied per icon)."""
    match effect:  # the most frequent first: each case that fails is an isinstance check
        case Gain(what=what, n=n):
            return gain(state, clan, what, n)
        case BlockRef(card=card, block=block):
            return castle_block(state, clan, card, block, origin)
        case MemberIcon(member=member):
            if member is _COURTIER:
                return push(state, CourtierFrame(clan, origin=origin))
            return push(state, MemberFrame(clan, member, origin=origin))
        case ResourceChoice(n=n):
            return push(state, ResourceFrame(clan, n, origin=origin))
        case Influence(n=n):
            return push(state, InfluenceFrame(clan, n, origin=origin))
        case LanternIcon():
            return lantern(state, clan, "LANTERN.TRIGGER")
        case WellIcon():
            return well(state, clan, "EFFECT.WELL_ACTION")
        case DecreeIcon(card=card):
            c = state.clans[clan]
            state = with_clan(state, clan, replace(c, lantern=lantern_with(c.lantern, card)))
            return emit(state, ev.DecreePlaced(clan=clan, card=card))
        case LightIcon():
            return push(state, CastleRowFrame(clan, light=True, origin=origin))
        case DieTileIcon(colour=colour):
            return push(state, CastleRowFrame(clan, light=False, colour=colour, origin=origin))
        case DomainIcon():
            if state.setup.readings.domain_icon == "members":
                return push(state, MemberChoiceFrame(clan, origin=origin))
            return push(state, DomainLineFrame(clan, origin=origin))
        case PayCoins(n=n, then=then):
            return push(state, OptionalFrame(clan, Source("paid_icon"), then, coins=n, origin=origin))
        case _:
            assert_never(effect)


def castle_block(state: State, clan: int, card_id: str, block: int, origin: Origin | None = None) -> State:
    """Resolve one block of a castle card: a Steward's dark row asks for 1 seal (optional), a
    Diplomat's dark block is free. ``origin``: where the block lies (a room, the Domain card; None:
    the card and block alone). Rules: CASTLE.DARK_SEAL, CASTLE.DIPLOMAT_DARK_FREE,
    RULING.DIE_TILE_ACTION_LIMITS."""
    card = cat(state).castle[card_id]
    b = card.blocks[block]
    if origin is None:
        origin = Origin(kind="castle_card", card=card.id, block=block)
    if b.dark and card.floor == 1:
        source = Source("dark_row", card.id, block)
        return push(state, OptionalFrame(clan, source, b.effects, seals=DARK_STEWARD_SEALS, origin=origin))
    rules = ("CASTLE.ROWS", "CASTLE.DIPLOMAT_DARK_FREE") if b.dark else ("CASTLE.ROWS",)
    resolved = ev.BlockResolved(
        clan=clan, card=card.id, block=block, rows=b.rows, dark=b.dark, icons=b.effects, rules=rules
    )
    return push(state, from_one(clan, b.effects, origin), events=(resolved,))


def lantern_with(area: tuple[str, ...], card: str) -> tuple[str, ...]:
    """A Lantern Area with one more card. The area is kept sorted by card id: its order has no rules
    meaning, so two positions with the same cards are the same position (reference.position) and the
    Lantern's icons come in one order however the cards arrived. Rules: LANTERN.GROWS, LANTERN.AREA."""
    return tuple(sorted((*area, card)))


def lantern(state: State, clan: int, cause: str) -> State:
    """Activate the Lantern: gain every icon visible in the Lantern Area, in an order the clan
    chooses when it matters. ``cause`` is the rule that activated it (BRIDGE.LANTERN_LEFT,
    LANTERN.TRIGGER, COURTIER.DAIMYO.LANTERN). Rules: LANTERN.GAIN_ALL, LANTERN.AREA, LANTERN.BACKS."""
    c = cat(state)
    cards = state.clans[clan].lantern
    icons = tuple(e for card in cards for e in c.lantern_icons(card))
    origins = tuple(Origin(kind="lantern", card=card) for card in cards for _ in c.lantern_icons(card))
    rules = (cause, "LANTERN.GAIN_ALL", "LANTERN.AREA")
    activated = ev.LanternActivated(clan=clan, cards=cards, icons=icons, rules=rules)
    return push(state, EffectsFrame(clan, icons, origins), events=(activated,))


def well_effects(state: State) -> tuple[Effect, ...]:
    """What the Well gives: 1 seal and the rewards of both Well tiles (with the shipped die tiles a
    resource, a resource of choice or a coin each: an open question, RULING.WELL_TILE_REWARDS). Rules:
    WELL.REWARD, EFFECT.WELL_ACTION, RULING.WELL_TILE_REWARDS."""
    c = cat(state)
    tiles = tuple(e for t in board(state).well_tiles for e in c.die_tiles[t].reward)
    return (_ONE_SEAL, *tiles)


def well(state: State, clan: int, cause: str) -> State:
    """The Well: by a die (``cause`` WELL.REWARD) or a Well action icon (EFFECT.WELL_ACTION).
    Rules: WELL.REWARD, EFFECT.WELL_ACTION."""
    icons = well_effects(state)
    tiles = board(state).well_tiles
    c = cat(state)
    origins = (
        Origin(kind="well"),
        *(Origin(kind="well_tile", card=t) for t in tiles for _ in c.die_tiles[t].reward),
    )
    rules = ("WELL.REWARD",) if cause == "WELL.REWARD" else (cause, "WELL.REWARD")
    state = emit(state, ev.WellResolved(clan=clan, tiles=tiles, icons=icons, rules=rules))
    return push(state, EffectsFrame(clan, icons, origins))


def domain_line(state: State, clan: int, colour: Colour, cause: str, ruling: tuple[str, ...] = ()) -> State:
    """Resolve a Domain line: its base icon and every reward uncovered by members already sent, then
    the block of the Domain card lined up with the line. ``cause``: DOMAIN.VALUE (a die) or
    EFFECT.DOMAIN_ACTION (an icon); ``ruling``: the rulings the cause applied, named after it in the
    event. Rules: DOMAIN.REWARDS, DOMAIN.CARD_BLOCK, MEMBERS.UNCOVER."""
    c = cat(state)
    line = next(line for line in c.content.domain if line.colour is colour)
    holder = state.clans[clan]
    rewards = line_rewards(state, clan, colour)
    frames: list[EffectsFrame] = [from_one(clan, rewards, Origin(kind="domain_line", line=colour))]
    block: int | None = None
    if holder.domain_card is not None:
        card = c.castle[holder.domain_card]
        block = aligned_block(card, line.row)
        origin = Origin(kind="domain_card", card=card.id, block=block)
        frames.append(from_one(clan, (BlockRef(card.id, block),), origin))
    resolved = ev.DomainLineResolved(
        clan=clan,
        colour=colour,
        rewards=rewards,
        card=holder.domain_card,
        block=block,
        rules=(cause, *ruling, "DOMAIN.REWARDS", "DOMAIN.CARD_BLOCK", "MEMBERS.UNCOVER"),
    )
    return push(state, *frames, events=(resolved,))


def from_one(clan: int, effects: tuple[Effect, ...], origin: Origin | None) -> EffectsFrame:
    """Icons that all come from one place (a card's block, a Domain line, a tile...; None: unknown)."""
    return EffectsFrame(clan, effects, () if origin is None else (origin,) * len(effects))


def line_rewards(state: State, clan: int, colour: Colour) -> tuple[Effect, ...]:
    """The icons a Domain line gives ``clan`` now: its base icon and the rewards uncovered by the
    members it has sent (the Domain card's block aside). Rules: DOMAIN.REWARDS, MEMBERS.UNCOVER."""
    line = next(line for line in cat(state).content.domain if line.colour is colour)
    sent = state.clans[clan].sent[MEMBERS.index(line.member)]
    return line.base + tuple(e for cell in line.uncovered[:sent] for e in cell)


def aligned_block(card: CastleCard, row: int) -> int:
    """The block of a card that covers ``row``. Rule: DOMAIN.CARD_BLOCK."""
    return next(i for i, b in enumerate(card.blocks) if row in b.rows)


# ---- EffectsFrame: a bundle of icons -------------------------------------------------------------


_PLAIN = (Gain, ResourceChoice, DecreeIcon)
"""Icons whose order cannot change anything: plain gains, resource picks (made after the plain gains,
so the pick sees them) and Decrees. Rule: RULING.GAINS_PER_ICON."""


def order_matters(effects: tuple[Effect, ...]) -> bool:
    """The clan chooses the order when at least two different icons remain and one of them is not
    plain (a step, a Lantern, a Well, an action...). Rule: RULING.EFFECTS_OPTIONAL_ORDER."""
    if len(effects) < 2:
        return False
    for e in effects:  # plain loops: this runs for every bundle of icons
        if not isinstance(e, _PLAIN):
            break
    else:
        return False
    first = effects[0]
    return any(e != first for e in effects[1:])


def effects_options(state: State, frame: EffectsFrame) -> tuple[Action, ...]:
    """``Next(i)`` for the first copy of each distinct remaining icon, when order matters."""
    if not order_matters(frame.effects):
        return ()
    seen: list[Effect] = []
    out: list[Action] = []
    for i, e in enumerate(frame.effects):
        if e not in seen:
            seen.append(e)
            out.append(Next(i))
    return tuple(out)


def effects_run(state: State, frame: EffectsFrame) -> State:
    """Resolve the first icon (order does not matter or only one is left)."""
    if not frame.effects:
        return pop(state)
    # plain gains before resource picks, so a pick is made knowing the rest (RULING.GAINS_PER_ICON)
    first = 0
    for i, e in enumerate(frame.effects):
        if type(e) is not ResourceChoice:  # exact: cheaper than isinstance, compiled
            first = i
            break
    return _take(state, frame, first)


def effects_act(state: State, frame: EffectsFrame, action: Action) -> State:
    """Resolve the chosen icon next."""
    assert isinstance(action, Next)
    chosen = ev.IconChosen(clan=frame.clan, icon=frame.effects[action.index])
    return _take(state, frame, action.index, (chosen,))


def _take(state: State, frame: EffectsFrame, index: int, events: tuple[ev.Event, ...] = ()) -> State:
    """Take icon ``index`` off the frame (the frame goes when it was the last) and resolve it;
    ``events`` are reported first."""
    effects = frame.effects
    effect = effects[index]
    origins = frame.origins
    origin = origins[index] if len(origins) == len(effects) else None
    rest = effects[:index] + effects[index + 1 :]
    if rest:
        kept = origins[:index] + origins[index + 1 :] if origin is not None else ()
        state = set_top(state, EffectsFrame(frame.clan, rest, kept), events=events)
    else:
        state = pop(state, events=events)
    return resolve(state, frame.clan, effect, origin)


# ---- ResourceFrame -------------------------------------------------------------------------------


def resource_options(state: State, frame: ResourceFrame) -> tuple[Action, ...]:
    """One pick per unit among food, iron and Mother-of-Pearl. Rule: EFFECT.RESOURCE_CHOICE."""
    return tuple(TakeResource(r) for r in RESOURCES)


def resource_act(state: State, frame: ResourceFrame, action: Action) -> State:
    """Gain the chosen resource (capped at 7). Rules: EFFECT.RESOURCE_CHOICE, RESOURCES.CAP."""
    assert isinstance(action, TakeResource)
    clan = frame.clan
    before = state.clans[clan]
    kind = holdings.gain_kind(action.resource)
    after = holdings.gain(before, kind, 1)
    kept = holdings.held(after, kind) - holdings.held(before, kind)
    rules = ("EFFECT.RESOURCE_CHOICE",) if kept else ("EFFECT.RESOURCE_CHOICE", "RESOURCES.CAP")
    state = with_clan(
        state,
        clan,
        after,
        events=(ev.ResourceTaken(clan=clan, resource=action.resource, kept=kept, rules=rules),),
    )
    return pop(state) if frame.n == 1 else set_top(state, replace(frame, n=frame.n - 1))


# ---- InfluenceFrame: Passage of Time --------------------------------------------------------------


def influence_options(state: State, frame: InfluenceFrame) -> tuple[Action, ...]:
    """At a checkpoint the clan can pay for: pay or stop. Rules: TIME.CHECKPOINTS, TIME.STOP."""
    if frame.steps == 0:
        return ()
    track = cat(state).content.time
    holder = state.clans[frame.clan]
    if passage.at_end(track, holder):
        return ()
    cost = passage.next_checkpoint_cost(track, holder)
    if cost == 0 or holder.seals < cost or holder.rival:
        return ()
    return (PayCheckpoint(), StopMove())


def influence_run(state: State, frame: InfluenceFrame) -> State:
    """Walk the free steps; stop before a checkpoint the clan cannot pay; end the move (stacking the
    marker on top if it moved). Rules: TIME.MOVE, TIME.STOP, TIME.STACK, RULING.LOST_STEPS,
    RULING.TIME_END."""
    track = cat(state).content.time
    clan = frame.clan
    holder = state.clans[clan]
    steps, moved = frame.steps, frame.moved
    start = holder.time
    while steps > 0 and not passage.at_end(track, holder):
        cost = (
            0 if holder.rival else passage.next_checkpoint_cost(track, holder)
        )  # RULING.RIVAL_FREE_CHECKPOINTS
        if cost > 0:
            state = _walked(with_clan(state, clan, holder), clan, start, holder.time, track)
            if holder.seals >= cost:
                # a decision: keep what was walked and wait for it
                return set_top(state, replace(frame, steps=steps, moved=moved))
            stop = ev.CheckpointUnaffordable(
                clan=clan, space=holder.time + 1, seals=cost, held=holder.seals, lost=steps
            )
            state = emit(state, stop)
            steps = 0  # the rest of the move is lost (RULING.LOST_STEPS)
            break
        holder = passage.step(holder)
        steps -= 1
        moved = True
    else:
        state = _walked(with_clan(state, clan, holder), clan, start, holder.time, track)
    state = pop(state)
    if moved:
        state = passage.land(state, clan)
        rules = ("TIME.STACK", "RULING.TIME_END") if steps else ("TIME.STACK",)
        state = emit(state, ev.MoveEnded(clan=clan, space=holder.time, lost=steps, rules=rules))
    return state


def _walked(state: State, clan: int, start: int, end: int, track: TimeTrack) -> State:
    """Report the free steps walked from ``start`` to ``end`` (nothing when none). The rival passes
    checkpoints without paying. Rules: TIME.MOVE, RULING.RIVAL_FREE_CHECKPOINTS."""
    if end == start:
        return state
    free = any(start < space <= end for space, _ in track.checkpoints)
    rules = ("TIME.MOVE", "RULING.RIVAL_FREE_CHECKPOINTS") if free else ("TIME.MOVE",)
    return emit(state, ev.TimeMoved(clan=clan, start=start, end=end, rules=rules))


def influence_act(state: State, frame: InfluenceFrame, action: Action) -> State:
    """Pay the checkpoint and step onto it, or stop here losing the rest of the move.
    Rules: TIME.CHECKPOINTS, TIME.STOP, SEALS.USES, RULING.LOST_STEPS."""
    clan = frame.clan
    holder = state.clans[clan]
    track = cat(state).content.time
    cost = passage.next_checkpoint_cost(track, holder)
    if isinstance(action, PayCheckpoint):
        holder = passage.step(holdings.pay(holder, GainKind.SEAL, cost))
        paid = ev.CheckpointPaid(clan=clan, space=holder.time, seals=cost)
        state = with_clan(state, clan, holder, events=(paid,))
        return set_top(state, replace(frame, steps=frame.steps - 1, moved=True))
    assert isinstance(action, StopMove)
    refused = ev.CheckpointRefused(clan=clan, space=holder.time + 1, seals=cost, lost=frame.steps)
    return set_top(state, replace(frame, steps=0), events=(refused,))


# ---- OptionalFrame: pay (seals, coins) and resolve, or decline -----------------------------------


def optional_options(state: State, frame: OptionalFrame) -> tuple[Action, ...]:
    """Accept when the price can be paid now, Decline always; nothing at all (the effect fizzles)
    when even trading every seal could not pay it. Rules: RULING.EFFECTS_OPTIONAL_ORDER,
    CASTLE.DARK_SEAL, EFFECT.PAID_ICON."""
    holder = state.clans[frame.clan]
    if frame.seals > holder.seals:
        return ()
    if frame.coins > holdings.coins_reachable(replace(holder, seals=holder.seals - frame.seals)):
        return ()
    if holder.coins >= frame.coins:
        return (Accept(), Decline())
    return (Decline(),)


def optional_run(state: State, frame: OptionalFrame) -> State:
    """The price cannot be paid: the effect fizzles. Rule: RULING.MEMBER_FIZZLE."""
    skipped = ev.OptionalUnaffordable(
        clan=frame.clan, source=frame.source, seals=frame.seals, coins=frame.coins
    )
    return pop(state, events=(skipped,))


def optional_act(state: State, frame: OptionalFrame, action: Action) -> State:
    """Pay the seals and coins and resolve the effects, or decline."""
    state = pop(state)
    rules = _optional_rules(state, frame)
    if isinstance(action, Decline):
        declined = ev.OptionalDeclined(
            clan=frame.clan,
            source=frame.source,
            seals=frame.seals,
            coins=frame.coins,
            icons=frame.effects,
            rules=rules,
        )
        return emit(state, declined)
    holder = state.clans[frame.clan]
    holder = holdings.pay(holdings.pay(holder, GainKind.SEAL, frame.seals), GainKind.COIN, frame.coins)
    state = with_clan(state, frame.clan, holder)
    paid = ev.OptionalPaid(
        clan=frame.clan,
        source=frame.source,
        seals=frame.seals,
        coins=frame.coins,
        icons=frame.effects,
        rules=rules,
    )
    return push(state, from_one(frame.clan, frame.effects, optional_origin(frame)), events=(paid,))


def optional_origin(frame: OptionalFrame) -> Origin | None:
    """Where a priced effect's icons come from: the Steward's dark row, the garden, or (a priced icon)
    wherever that icon came from. The frame's own ``origin`` (with the room or the garden's slot)
    comes first."""
    if frame.origin is not None:
        return frame.origin
    source = frame.source
    if source.kind == "dark_row":
        return Origin(kind="castle_card", card=source.card, block=source.block)
    if source.kind == "garden":
        return Origin(kind="garden", card=source.card)
    return frame.origin


def optional_rule(frame: OptionalFrame) -> str:
    """The rule that prices an optional effect: CASTLE.DARK_SEAL, GARDENER.ACTION_OPTIONAL or
    EFFECT.PAID_ICON."""
    return _OPTIONAL_RULES[frame.source.kind][0]


_OPTIONAL_RULES = {
    "dark_row": ("CASTLE.DARK_SEAL", "SEALS.USES", "RULING.EFFECTS_OPTIONAL_ORDER"),
    "garden": ("GARDENER.ACTION_OPTIONAL", "EFFECT.PAID_ICON"),
    "paid_icon": ("EFFECT.PAID_ICON", "RULING.EFFECTS_OPTIONAL_ORDER"),
}
"""The rules an optional effect applies, by its source."""


def _optional_rules(state: State, frame: OptionalFrame) -> tuple[str, ...]:
    """The rules of an optional effect's events: those of its source and, for a garden whose icon
    depends on a reading (a card with ``readings``), that reading, whichever value is in force.
    Rules: GARDENER.ACTION_OPTIONAL, READING.STONE_GARDEN_ICON."""
    rules = _OPTIONAL_RULES[frame.source.kind]
    if frame.source.kind == "garden" and frame.source.card is not None:
        card = cat(state).gardens.get(frame.source.card)
        if card is not None:
            rules = (*rules, *dict.fromkeys(alternative.rule for alternative in card.readings))
    return rules


# ---- CastleRowFrame: die-tile and light-background actions -------------------------------------


def castle_row_choices(state: State, frame: CastleRowFrame) -> tuple[ChooseBlock, ...]:
    """Every castle block that fits: a light block (``light``), or a block whose die tile has the
    colour (any colour when None). Dice limits do not apply. Rules: EFFECT.DIE_TILE_ACTION,
    EFFECT.ANY_DIE_TILE, EFFECT.LIGHT_ACTION, RULING.DIE_TILE_ACTION_LIMITS."""
    c: Catalogue = cat(state)
    out: list[ChooseBlock] = []
    for r, room in enumerate(board(state).rooms):
        if room.card is None:
            continue
        card = c.castle[room.card]
        for b, block in enumerate(card.blocks):
            if frame.light:
                if not block.dark:
                    out.append(ChooseBlock(block=b, room=r))
            elif frame.colour is None or room.tiles[b] is frame.colour:
                out.append(ChooseBlock(block=b, room=r))
    return tuple(out)


def castle_row_options(state: State, frame: CastleRowFrame) -> tuple[Action, ...]:
    """The fitting blocks and Decline. Rule: RULING.EFFECTS_OPTIONAL_ORDER."""
    choices = castle_row_choices(state, frame)
    return (*choices, Decline()) if choices else ()


def castle_row_act(state: State, frame: CastleRowFrame, action: Action) -> State:
    """Resolve the chosen block (no die placed, no coins compared)."""
    state = pop(state)
    if isinstance(action, Decline):
        return emit(state, ev.Declined(clan=frame.clan, what="castle_row"))
    assert isinstance(action, ChooseBlock)
    assert action.room is not None
    card = board(state).rooms[action.room].card
    assert card is not None
    chosen = ev.BlockChosen(
        clan=frame.clan,
        room=action.room,
        card=card,
        block=action.block,
        rules=(castle_row_rule(frame), "RULING.DIE_TILE_ACTION_LIMITS"),
    )
    origin = Origin(kind="castle_card", card=card, block=action.block, room=action.room)
    return castle_block(emit(state, chosen), frame.clan, card, action.block, origin)


def castle_row_run(state: State, frame: CastleRowFrame) -> State:
    """No block fits: the action does nothing."""
    return pop(
        emit(state, ev.NothingToDo(clan=frame.clan, what="castle_row", rules=(castle_row_rule(frame),)))
    )


def castle_row_rule(frame: CastleRowFrame) -> str:
    """The rule of a castle-row action: a light-background action (EFFECT.LIGHT_ACTION), a die-tile
    action of any colour (EFFECT.ANY_DIE_TILE) or of one colour (EFFECT.DIE_TILE_ACTION)."""
    if frame.light:
        return "EFFECT.LIGHT_ACTION"
    return "EFFECT.ANY_DIE_TILE" if frame.colour is None else "EFFECT.DIE_TILE_ACTION"


# ---- DomainLineFrame: the Personal Domain action icon ---------------------------------------------


def domain_line_options(state: State, frame: DomainLineFrame) -> tuple[Action, ...]:
    """Any of the three lines, or Decline. Rules: EFFECT.DOMAIN_ACTION, RULING.DOMAIN_ACTION_ICON."""
    return (*(ChooseLine(colour) for colour in COLOURS), Decline())


def domain_line_act(state: State, frame: DomainLineFrame, action: Action) -> State:
    """Resolve the chosen line without a die (the event names the ruling of the icon's default
    reading). Rules: EFFECT.DOMAIN_ACTION, RULING.DOMAIN_ACTION_ICON."""
    state = pop(state)
    if isinstance(action, Decline):
        return emit(state, ev.Declined(clan=frame.clan, what="domain_line"))
    assert isinstance(action, ChooseLine)
    return domain_line(state, frame.clan, action.line, "EFFECT.DOMAIN_ACTION", ("RULING.DOMAIN_ACTION_ICON",))


# ---- MemberChoiceFrame: the Personal Domain action icon read as a member action -------------------


def member_choice_options(state: State, frame: MemberChoiceFrame) -> tuple[Action, ...]:
    """A Courtier, Warrior or Gardener action, or Decline. Rule: READING.DOMAIN_ICON ("members")."""
    return (*(ChooseMember(member) for member in MEMBERS), Decline())


def member_choice_act(state: State, frame: MemberChoiceFrame, action: Action) -> State:
    """Start the chosen member action, at its normal cost (as a member icon would). Rules:
    READING.DOMAIN_ICON, EFFECT.MEMBER_ACTION."""
    state = pop(state)
    if isinstance(action, Decline):
        return emit(state, ev.Declined(clan=frame.clan, what="member_choice"))
    assert isinstance(action, ChooseMember)
    state = emit(state, ev.MemberChosen(clan=frame.clan, member=action.member))
    return resolve(state, frame.clan, MemberIcon(action.member), frame.origin)


# ---- how the engine treats these frames ---------------------------------------------------------------


class EffectsHandler(ClanHandler[EffectsFrame]):
    """A bundle of icons: the clan picks the next one when the order matters. Rules:
    RULING.EFFECTS_OPTIONAL_ORDER, RULING.GAINS_PER_ICON."""

    kind = DecisionKind.ORDER
    rule = "RULING.EFFECTS_OPTIONAL_ORDER"

    def options(self, state: State, frame: EffectsFrame) -> tuple[Action, ...]:
        return effects_options(state, frame)

    def run(self, state: State, frame: EffectsFrame) -> State:
        return effects_run(state, frame)

    def act(self, state: State, frame: EffectsFrame, action: Action) -> State:
        return effects_act(state, frame, action)


class InfluenceHandler(ClanHandler[InfluenceFrame]):
    """A Passage of Time move: at a checkpoint the clan can pay for, pay or stop. Rules:
    TIME.CHECKPOINTS, TIME.STOP."""

    kind = DecisionKind.CHECKPOINT
    rule = "TIME.CHECKPOINTS"

    def options(self, state: State, frame: InfluenceFrame) -> tuple[Action, ...]:
        return influence_options(state, frame)

    def run(self, state: State, frame: InfluenceFrame) -> State:
        return influence_run(state, frame)

    def act(self, state: State, frame: InfluenceFrame, action: Action) -> State:
        return influence_act(state, frame, action)


class ResourceHandler(ClanHandler[ResourceFrame]):
    """Resources of the clan's choice, one at a time. Rule: EFFECT.RESOURCE_CHOICE."""

    kind = DecisionKind.RESOURCE
    rule = "EFFECT.RESOURCE_CHOICE"

    def options(self, state: State, frame: ResourceFrame) -> tuple[Action, ...]:
        return resource_options(state, frame)

    def act(self, state: State, frame: ResourceFrame, action: Action) -> State:
        return resource_act(state, frame, action)


class OptionalHandler(ClanHandler[OptionalFrame]):
    """An optional effect with a price: accept (pay) or decline. Rules: RULING.EFFECTS_OPTIONAL_ORDER,
    CASTLE.DARK_SEAL, EFFECT.PAID_ICON."""

    kind = DecisionKind.OPTIONAL
    rule = "RULING.EFFECTS_OPTIONAL_ORDER"

    def options(self, state: State, frame: OptionalFrame) -> tuple[Action, ...]:
        return optional_options(state, frame)

    def refusal(self, state: State, frame: OptionalFrame, action: Action) -> Refusal | None:
        """An Accept the clan cannot pay names the seal or coin price it lacks."""
        if not isinstance(action, Accept):
            return None
        holder = state.clans[frame.clan]
        what = source_words(frame.source)
        if frame.seals > holder.seals:
            return (
                "CASTLE.DARK_SEAL",
                f"{what} costs {frame.seals} seal(s); {clan_name(frame.clan)} holds {holder.seals}",
            )
        return (
            "EFFECT.PAID_ICON",
            f"{what} costs {frame.coins} coin(s); {clan_name(frame.clan)} holds {holder.coins} "
            "(trade seals first)",
        )

    def run(self, state: State, frame: OptionalFrame) -> State:
        return optional_run(state, frame)

    def act(self, state: State, frame: OptionalFrame, action: Action) -> State:
        return optional_act(state, frame, action)


def source_words(source: Source) -> str:
    """What a priced effect is, in a refusal: ``the dark row of Steward S5 (block 2)``,
    ``the action of garden G6``, ``a priced icon``."""
    if source.kind == "dark_row":
        return f"the dark row of Steward {source.card} (block {source.block})"
    if source.kind == "garden":
        return f"the action of garden {source.card}"
    return "a priced icon"


class CastleRowHandler(ClanHandler[CastleRowFrame]):
    """A die-tile or light-background action: one fitting castle block, or decline. Rules:
    EFFECT.DIE_TILE_ACTION, EFFECT.ANY_DIE_TILE, EFFECT.LIGHT_ACTION."""

    kind = DecisionKind.CASTLE_ROW
    rule = "EFFECT.DIE_TILE_ACTION"

    def rule_of(self, frame: CastleRowFrame) -> str:
        return castle_row_rule(frame)

    def options(self, state: State, frame: CastleRowFrame) -> tuple[Action, ...]:
        return castle_row_options(state, frame)

    def refusal(self, state: State, frame: CastleRowFrame, action: Action) -> Refusal | None:
        what = (
            "a light-background block of a castle card"
            if frame.light
            else "a block whose die tile fits this action"
        )
        return self.rule_of(frame), f"{type(action).__name__} is not {what}"

    def run(self, state: State, frame: CastleRowFrame) -> State:
        return castle_row_run(state, frame)

    def act(self, state: State, frame: CastleRowFrame, action: Action) -> State:
        return castle_row_act(state, frame, action)


class DomainLineHandler(ClanHandler[DomainLineFrame]):
    """The Personal Domain action: one of the clan's lines, or decline. Rule: EFFECT.DOMAIN_ACTION."""

    kind = DecisionKind.DOMAIN_LINE
    rule = "EFFECT.DOMAIN_ACTION"

    def options(self, state: State, frame: DomainLineFrame) -> tuple[Action, ...]:
        return domain_line_options(state, frame)

    def act(self, state: State, frame: DomainLineFrame, action: Action) -> State:
        return domain_line_act(state, frame, action)


class MemberChoiceHandler(ClanHandler[MemberChoiceFrame]):
    """The Personal Domain action icon read as a member action: Courtier, Warrior or Gardener, or
    decline. Rule: READING.DOMAIN_ICON."""

    kind = DecisionKind.MEMBER_CHOICE
    rule = "READING.DOMAIN_ICON"

    def options(self, state: State, frame: MemberChoiceFrame) -> tuple[Action, ...]:
        return member_choice_options(state, frame)

    def act(self, state: State, frame: MemberChoiceFrame, action: Action) -> State:
        return member_choice_act(state, frame, action)


EFFECTS = EffectsHandler()
INFLUENCE = InfluenceHandler()
RESOURCE = ResourceHandler()
OPTIONAL = OptionalHandler()
CASTLE_ROW = CastleRowHandler()
DOMAIN_LINE = DomainLineHandler()
MEMBER_CHOICE = MemberChoiceHandler()
