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

from typing import assert_never

from msgspec.structs import replace

from reference.content import Catalogue
from reference.model import (
    COLOURS,
    RESOURCES,
    Accept,
    Action,
    BlockRef,
    CastleCard,
    CastleRowFrame,
    ChooseBlock,
    ChooseLine,
    Colour,
    CourtierFrame,
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
    MemberFrame,
    MemberIcon,
    Next,
    OptionalFrame,
    PayCheckpoint,
    PayCoins,
    ResourceChoice,
    ResourceFrame,
    State,
    StopMove,
    TakeResource,
    WellIcon,
)
from reference.rules import holdings
from reference.rules import time as passage
from reference.rules.common import amount, board, cat, clan_name, log, pop, push, set_top, with_clan

DARK_STEWARD_SEALS = 1
"""Seals paid to use a Steward's dark row. Rules: CASTLE.DARK_SEAL, SEALS.USES."""


# ---- single icons -------------------------------------------------------------------------------


def describe(effect: Effect) -> str:
    """A short readable name of an icon, for logs."""
    match effect:
        case Gain(what=what, n=n):
            return f"+{amount(n, what.value)}"
        case Influence(n=n):
            return f"{n} Passage of Time step{'s' if n > 1 else ''}"
        case ResourceChoice(n=n):
            return f"{n} resource{'s' if n > 1 else ''} of choice"
        case LanternIcon():
            return "Lantern"
        case WellIcon():
            return "Well action"
        case MemberIcon(member=member):
            return f"{member.value} action"
        case DieTileIcon(colour=colour):
            return f"{colour.value if colour else 'any'} die-tile action"
        case LightIcon():
            return "light-background action"
        case DomainIcon():
            return "Personal Domain action"
        case DecreeIcon(card=card):
            return f"Decree {card}"
        case PayCoins(n=n, then=then):
            return f"pay {amount(n, 'coin')}: " + ", ".join(describe(e) for e in then)
        case BlockRef(card=card, block=block):
            return f"{card} block {block + 1}"
        case _:
            assert_never(effect)


def resolve(state: State, clan: int, effect: Effect) -> State:
    """Start resolving one icon for ``clan``: plain gains apply now, the others push a frame.
    Rules: EFFECT.PLAIN_GAINS, RULING.GAINS_PER_ICON (caps applied per icon)."""
    match effect:
        case Gain(what=what, n=n):
            state = with_clan(state, clan, holdings.gain(state.clans[clan], what, n))
            return log(state, f"{clan_name(clan)} gains {amount(n, what.value)}")
        case Influence(n=n):
            return push(state, InfluenceFrame(clan, n))
        case ResourceChoice(n=n):
            return push(state, ResourceFrame(clan, n))
        case LanternIcon():
            return lantern(state, clan)
        case WellIcon():
            return well(state, clan)
        case MemberIcon(member=member):
            if member is Member.COURTIER:
                return push(state, CourtierFrame(clan))
            return push(state, MemberFrame(clan, member))
        case DieTileIcon(colour=colour):
            return push(state, CastleRowFrame(clan, light=False, colour=colour))
        case LightIcon():
            return push(state, CastleRowFrame(clan, light=True))
        case DomainIcon():
            return push(state, DomainLineFrame(clan))
        case DecreeIcon(card=card):
            c = state.clans[clan]
            state = with_clan(state, clan, replace(c, lantern=(*c.lantern, card)))
            return log(state, f"{clan_name(clan)} places Decree {card} in its Lantern Area")
        case PayCoins(n=n, then=then):
            return push(state, OptionalFrame(clan, describe(effect), then, coins=n))
        case BlockRef(card=card, block=block):
            return castle_block(state, clan, card, block)
        case _:
            assert_never(effect)


def castle_block(state: State, clan: int, card_id: str, block: int) -> State:
    """Resolve one block of a castle card: a Steward's dark row asks for 1 seal (optional), a
    Diplomat's dark block is free. Rules: CASTLE.DARK_SEAL, CASTLE.DIPLOMAT_DARK_FREE,
    RULING.DIE_TILE_ACTION_LIMITS."""
    card = cat(state).castle[card_id]
    b = card.blocks[block]
    if b.dark and card.floor == 1:
        reason = f"Steward {card.id} dark row ({', '.join(describe(e) for e in b.effects)})"
        return push(state, OptionalFrame(clan, reason, b.effects, seals=DARK_STEWARD_SEALS))
    return push(state, EffectsFrame(clan, b.effects))


def lantern(state: State, clan: int) -> State:
    """Activate the Lantern: gain every icon visible in the Lantern Area, in an order the clan
    chooses when it matters. Rules: LANTERN.GAIN_ALL, LANTERN.AREA, LANTERN.BACKS."""
    c = cat(state)
    icons = tuple(e for card in state.clans[clan].lantern for e in c.lantern_icons(card))
    state = log(state, f"{clan_name(clan)} activates its Lantern: {', '.join(map(describe, icons))}")
    return push(state, EffectsFrame(clan, icons))


def well_effects(state: State) -> tuple[Effect, ...]:
    """What the Well gives: 1 seal and the rewards of both Well tiles. Rules: WELL.REWARD,
    EFFECT.WELL_ACTION."""
    c = cat(state)
    tiles = tuple(e for t in board(state).well_tiles for e in c.die_tiles[t].reward)
    return (Gain(GainKind.SEAL, 1), *tiles)


def well(state: State, clan: int) -> State:
    """The Well action. Rules: WELL.REWARD, EFFECT.WELL_ACTION."""
    return push(state, EffectsFrame(clan, well_effects(state)))


def domain_line(state: State, clan: int, colour: Colour) -> State:
    """Resolve a Domain line: its base icon and every reward uncovered by members already sent, then
    the block of the Domain card lined up with the line. Rules: DOMAIN.REWARDS, DOMAIN.CARD_BLOCK,
    MEMBERS.UNCOVER."""
    c = cat(state)
    line = next(line for line in c.content.domain if line.colour is colour)
    holder = state.clans[clan]
    sent = holder.sent[_member_index(line.member)]
    rewards = line.base + tuple(e for cell in line.uncovered[:sent] for e in cell)
    frames: list[EffectsFrame] = [EffectsFrame(clan, rewards)]
    if holder.domain_card is not None:
        card = c.castle[holder.domain_card]
        block = aligned_block(card, line.row)
        frames.append(EffectsFrame(clan, (BlockRef(card.id, block),)))
    state = log(state, f"{clan_name(clan)} resolves its {colour.value} Domain line")
    return push(state, *frames)


def aligned_block(card: CastleCard, row: int) -> int:
    """The block of a card that covers ``row``. Rule: DOMAIN.CARD_BLOCK."""
    return next(i for i, b in enumerate(card.blocks) if row in b.rows)


def _member_index(member: Member) -> int:
    return (Member.COURTIER, Member.GARDENER, Member.WARRIOR).index(member)


# ---- EffectsFrame: a bundle of icons -------------------------------------------------------------


_PLAIN = (Gain, ResourceChoice, DecreeIcon)
"""Icons whose order cannot change anything: plain gains, resource picks (made after the plain gains,
so the pick sees them) and Decrees. Rule: RULING.GAINS_PER_ICON."""


def order_matters(effects: tuple[Effect, ...]) -> bool:
    """The clan chooses the order when at least two different icons remain and one of them is not
    plain (a step, a Lantern, a Well, an action...). Rule: RULING.EFFECTS_OPTIONAL_ORDER."""
    if len(effects) < 2:
        return False
    if all(isinstance(e, _PLAIN) for e in effects):
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
    first = next((i for i, e in enumerate(frame.effects) if not isinstance(e, ResourceChoice)), 0)
    return _take(state, frame, first)


def effects_act(state: State, frame: EffectsFrame, action: Action) -> State:
    """Resolve the chosen icon next."""
    assert isinstance(action, Next)
    state = log(state, f"{clan_name(frame.clan)} resolves {describe(frame.effects[action.index])} next")
    return _take(state, frame, action.index)


def _take(state: State, frame: EffectsFrame, index: int) -> State:
    effect = frame.effects[index]
    rest = frame.effects[:index] + frame.effects[index + 1 :]
    state = set_top(state, EffectsFrame(frame.clan, rest)) if rest else pop(state)
    return resolve(state, frame.clan, effect)


# ---- ResourceFrame -------------------------------------------------------------------------------


def resource_options(state: State, frame: ResourceFrame) -> tuple[Action, ...]:
    """One pick per unit among food, iron and Mother-of-Pearl. Rule: EFFECT.RESOURCE_CHOICE."""
    return tuple(TakeResource(r) for r in RESOURCES)


def resource_act(state: State, frame: ResourceFrame, action: Action) -> State:
    """Gain the chosen resource (capped at 7). Rules: EFFECT.RESOURCE_CHOICE, RESOURCES.CAP."""
    assert isinstance(action, TakeResource)
    clan = frame.clan
    state = with_clan(state, clan, holdings.gain(state.clans[clan], holdings.gain_kind(action.resource), 1))
    state = log(state, f"{clan_name(clan)} takes {amount(1, action.resource.value)}")
    return pop(state) if frame.n == 1 else set_top(state, ResourceFrame(clan, frame.n - 1))


# ---- InfluenceFrame: Passage of Time --------------------------------------------------------------


def checkpoint_event(clan: int, cost: int, space: int) -> str:
    """The event line of a paid checkpoint (the invariants look for it). Rule: TIME.CHECKPOINTS."""
    return f"{clan_name(clan)} pays {amount(cost, 'seal')} to enter space {space}"


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
            if holder.seals >= cost:
                # a decision: keep what was walked and wait for it
                state = with_clan(state, clan, holder)
                if holder.time != start:
                    state = log(state, f"{clan_name(clan)} moves to space {holder.time}")
                return set_top(state, InfluenceFrame(clan, steps, moved))
            state = log(
                state,
                f"{clan_name(clan)} cannot pay {amount(cost, 'seal')} for space {holder.time + 1}: stops",
            )
            break  # the rest of the move is lost (RULING.LOST_STEPS)
        holder = passage.step(holder)
        steps -= 1
        moved = True
    state = with_clan(state, clan, holder)
    state = pop(state)
    if moved:
        state = passage.land(state, clan)
        state = log(state, f"{clan_name(clan)} ends its move on Passage of Time space {holder.time}")
    return state


def influence_act(state: State, frame: InfluenceFrame, action: Action) -> State:
    """Pay the checkpoint and step onto it, or stop here losing the rest of the move.
    Rules: TIME.CHECKPOINTS, TIME.STOP, SEALS.USES, RULING.LOST_STEPS."""
    clan = frame.clan
    holder = state.clans[clan]
    track = cat(state).content.time
    if isinstance(action, PayCheckpoint):
        cost = passage.next_checkpoint_cost(track, holder)
        holder = passage.step(holdings.pay(holder, GainKind.SEAL, cost))
        state = with_clan(state, clan, holder)
        state = log(state, checkpoint_event(clan, cost, holder.time))
        return set_top(state, InfluenceFrame(clan, frame.steps - 1, True))
    assert isinstance(action, StopMove)
    state = log(state, f"{clan_name(clan)} refuses to pay: stops on space {holder.time}")
    return set_top(state, InfluenceFrame(clan, 0, frame.moved))


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
    state = log(state, f"{clan_name(frame.clan)} cannot pay for {frame.reason}: skipped")
    return pop(state)


def optional_act(state: State, frame: OptionalFrame, action: Action) -> State:
    """Pay the seals and coins and resolve the effects, or decline."""
    state = pop(state)
    if isinstance(action, Decline):
        return log(state, f"{clan_name(frame.clan)} declines {frame.reason}")
    holder = state.clans[frame.clan]
    holder = holdings.pay(holdings.pay(holder, GainKind.SEAL, frame.seals), GainKind.COIN, frame.coins)
    state = with_clan(state, frame.clan, holder)
    paid = []
    if frame.seals:
        paid.append(amount(frame.seals, "seal"))
    if frame.coins:
        paid.append(amount(frame.coins, "coin"))
    state = log(
        state,
        f"{clan_name(frame.clan)} does {frame.reason}" + (f", paying {' and '.join(paid)}" if paid else ""),
    )
    return push(state, EffectsFrame(frame.clan, frame.effects))


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
        return log(state, f"{clan_name(frame.clan)} declines the castle action")
    assert isinstance(action, ChooseBlock)
    assert action.room is not None
    card = board(state).rooms[action.room].card
    assert card is not None
    effects = cat(state).castle[card].blocks[action.block].effects
    state = log(
        state,
        f"{clan_name(frame.clan)} performs {card} block {action.block + 1} ({', '.join(map(describe, effects))})",
    )
    return castle_block(state, frame.clan, card, action.block)


def castle_row_run(state: State, frame: CastleRowFrame) -> State:
    """No block fits: the action does nothing."""
    return pop(log(state, f"{clan_name(frame.clan)} has no castle row to use"))


# ---- DomainLineFrame: the Personal Domain action icon ---------------------------------------------


def domain_line_options(state: State, frame: DomainLineFrame) -> tuple[Action, ...]:
    """Any of the three lines, or Decline. Rules: EFFECT.DOMAIN_ACTION, RULING.DOMAIN_ACTION_ICON."""
    return (*(ChooseLine(colour) for colour in COLOURS), Decline())


def domain_line_act(state: State, frame: DomainLineFrame, action: Action) -> State:
    """Resolve the chosen line without a die."""
    state = pop(state)
    if isinstance(action, Decline):
        return log(state, f"{clan_name(frame.clan)} declines the Personal Domain action")
    assert isinstance(action, ChooseLine)
    return domain_line(state, frame.clan, action.line)
