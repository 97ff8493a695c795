"""The pending decision of a state described in the rules' terms (the observation's ``pending``).

At a decision inside a turn (an order of icons, a resource pick, a checkpoint, a Courtier action, a
room, a block, a favour, a yard, a garden, a priced effect, a Domain line, an Outside the Walls
choice, a tie the player breaks for the rival) :func:`describe` lists every legal action as an
:class:`~reference.model.choices.Option`: what it gives, where that comes from, what it costs and
the rule that governs it. Nothing here needs the engine's internals to be read: a client answers a
decision by sending an option's ``action`` as it is, and ``Next(index)`` counts the ``items`` the
description lists.

At a synchronisation point (a turn, a starting pair, a chance outcome, the end) there is no pending
description (None): the options are the position itself (the dice at the bridges' ends and the
spaces for a turn, ``draft`` for a starting pair, ``shuffle_pool`` for a reshuffle).

Rules: TURN.DECISION, RULING.EFFECTS_OPTIONAL_ORDER, RULING.TRADES_AT_OWN_DECISIONS.
"""

from __future__ import annotations

from reference.engine import decision_rule, legal_actions, pending
from reference.model import (
    PHASE_FRAMES,
    Accept,
    Action,
    Audience,
    BlockRef,
    CastleRowFrame,
    ChooseBlock,
    ChooseFavour,
    ChooseGarden,
    ChooseLine,
    ChooseMember,
    ChooseRoom,
    ChooseYard,
    Climb,
    CourtierFrame,
    DecreeIcon,
    DieTileIcon,
    DomainIcon,
    DomainLineFrame,
    Effect,
    EffectsFrame,
    Frame,
    Gain,
    GainKind,
    Influence,
    InfluenceFrame,
    LanternIcon,
    LightIcon,
    LightRowFrame,
    Member,
    MemberChoiceFrame,
    MemberFrame,
    MemberIcon,
    Next,
    OptionalFrame,
    Origin,
    PayCheckpoint,
    PayCoins,
    Readings,
    ResourceChoice,
    ResourceFrame,
    RivalGardenFrame,
    RivalRoomFrame,
    State,
    StopMove,
    TakeResource,
    Trade,
    WellIcon,
)
from reference.model.choices import FREE, Cost, Item, Option, PendingDecision
from reference.model.setup import DEFAULT_READINGS
from reference.rules import holdings
from reference.rules import time as passage
from reference.rules.common import cat
from reference.rules.effects import castle_row_rule, line_rewards, optional_origin, optional_rule
from reference.rules.members import AUDIENCE_COINS, CLIMB_PEARL


def describe(state: State) -> PendingDecision | None:
    """The pending decision of ``state`` described (see the module docstring); None at a
    synchronisation point, at a chance outcome and at the end of the game. Its ``options`` are
    ``legal_actions(state)``, in that order. Rules: TURN.DECISION, RULING.EFFECTS_OPTIONAL_ORDER."""
    if not state.stack:
        return None
    frame = state.stack[-1]
    if isinstance(frame, PHASE_FRAMES) or pending(frame).decider is None:
        return None
    actions = legal_actions(state)
    icon, origin = _what(frame)
    items = _items(frame)
    return PendingDecision(
        rule=decision_rule(state),
        icon=icon,
        origin=origin,
        items=items,
        options=tuple(_option(state, frame, items, action) for action in actions),
    )


def icon_rule(icon: Effect, readings: Readings = DEFAULT_READINGS) -> str:
    """The rule that says what resolving ``icon`` does (under the ``readings`` of the game: the
    Personal Domain icon read as member actions cites READING.DOMAIN_ICON)."""
    match icon:
        case Gain():
            return "EFFECT.PLAIN_GAINS"
        case Influence():
            return "TIME.MOVE"
        case ResourceChoice():
            return "EFFECT.RESOURCE_CHOICE"
        case LanternIcon():
            return "LANTERN.TRIGGER"
        case WellIcon():
            return "EFFECT.WELL_ACTION"
        case MemberIcon():
            return "EFFECT.MEMBER_ACTION"
        case DieTileIcon(colour=colour):
            return "EFFECT.ANY_DIE_TILE" if colour is None else "EFFECT.DIE_TILE_ACTION"
        case LightIcon():
            return "EFFECT.LIGHT_ACTION"
        case DomainIcon():
            return "READING.DOMAIN_ICON" if readings.domain_icon == "members" else "EFFECT.DOMAIN_ACTION"
        case DecreeIcon():
            return "SETUP.STARTING_GAINS"
        case PayCoins():
            return "EFFECT.PAID_ICON"
        case BlockRef():
            return "CASTLE.EVERY_MATCHING_ROW"


_ORIGIN_RULES: dict[str, str] = {
    "castle_card": "CASTLE.ROWS",
    "castle_room": "COURTIER.FLOOR12.TAKE_CARD",
    "lantern": "LANTERN.AREA",
    "well": "WELL.REWARD",
    "well_tile": "WELL.REWARD",
    "domain_line": "DOMAIN.REWARDS",
    "domain_card": "DOMAIN.CARD_BLOCK",
    "starting_card": "SETUP.STARTING_GAINS",
    "favour": "DAIMYO.FAVOURS",
    "yard": "WARRIOR.PLACE",
    "yard_tile": "WARRIOR.TILE_ACTIONS",
    "garden": "GARDENER.ACTION_OPTIONAL",
    "checkpoint": "TIME.CHECKPOINTS",
}


def origin_rule(origin: Origin) -> str:
    """The rule that says what comes from ``origin`` (a Lantern card's icons: LANTERN.AREA...)."""
    return _ORIGIN_RULES[origin.kind]


def _what(frame: Frame) -> tuple[Effect | None, Origin | None]:
    """The icon a decision belongs to (with the picks or steps left) and where it comes from."""
    match frame:
        case ResourceFrame(n=n, origin=origin):
            return ResourceChoice(n), origin
        case InfluenceFrame(steps=steps, origin=origin):
            return Influence(steps), origin
        case CourtierFrame(origin=origin):
            return MemberIcon(Member.COURTIER), origin
        case MemberFrame(member=member, origin=origin):
            return MemberIcon(member), origin
        case CastleRowFrame(light=True, origin=origin):
            return LightIcon(), origin
        case CastleRowFrame(colour=colour, origin=origin):
            return DieTileIcon(colour), origin
        case DomainLineFrame(origin=origin) | MemberChoiceFrame(origin=origin):
            return DomainIcon(), origin
        case OptionalFrame():
            return None, optional_origin(frame)
        case _:
            return None, None


def _items(frame: Frame) -> tuple[Item, ...]:
    if not isinstance(frame, EffectsFrame):
        return ()
    origins = frame.origins if len(frame.origins) == len(frame.effects) else (None,) * len(frame.effects)
    return tuple(
        Item(index=i, icon=e, origin=o) for i, (e, o) in enumerate(zip(frame.effects, origins, strict=True))
    )


def _option(state: State, frame: Frame, items: tuple[Item, ...], action: Action) -> Option:
    """One legal action described."""
    board = state.board
    c = cat(state)
    gives: tuple[Effect, ...]
    match action:
        case Trade(into=None):
            return Option(
                action=action, rule="SEALS.TRADE_COIN", gives=(Gain(GainKind.COIN, 1),), cost=Cost(seals=1)
            )
        case Trade(into=resource) if resource is not None:
            gives = (Gain(holdings.gain_kind(resource), 1),)
            return Option(action=action, rule="SEALS.TRADE_RESOURCE", gives=gives, cost=Cost(seals=2))
        case Next(index=i) if isinstance(frame, EffectsFrame):
            item = items[i]
            rule = icon_rule(item.icon, state.setup.readings)
            return Option(action=action, rule=rule, gives=(item.icon,), origin=item.origin)
        case TakeResource(resource=resource):
            gives = (Gain(holdings.gain_kind(resource), 1),)
            origin = frame.origin if isinstance(frame, ResourceFrame) else None
            return Option(action=action, rule="EFFECT.RESOURCE_CHOICE", gives=gives, origin=origin)
        case PayCheckpoint() | StopMove():
            holder = state.clans[_clan(frame)]
            track = c.content.time
            checkpoint = Origin(kind="checkpoint", space=holder.time + 1)
            if isinstance(action, StopMove):
                return Option(action=action, rule="TIME.STOP", origin=checkpoint)
            seals = passage.next_checkpoint_cost(track, holder)
            return Option(action=action, rule="TIME.CHECKPOINTS", origin=checkpoint, cost=Cost(seals=seals))
        case Audience():
            return Option(action=action, rule="COURTIER.AUDIENCE", cost=Cost(coins=AUDIENCE_COINS))
        case Climb(floors=floors):
            return Option(action=action, rule="COURTIER.CLIMB", cost=Cost(pearl=CLIMB_PEARL[floors]))
        case ChooseRoom(room=room) if board is not None:
            rule = "SOLO.ICON.CLIMB" if isinstance(frame, RivalRoomFrame) else "COURTIER.FLOOR12.TAKE_CARD"
            origin = Origin(kind="castle_room", card=board.rooms[room].card, room=room)
            return Option(action=action, rule=rule, origin=origin)
        case ChooseBlock(block=block, room=None) if isinstance(frame, LightRowFrame):
            gives = c.castle[frame.card].blocks[block].effects
            # a card that stays in its room (its deck was empty) lies there: COURTIER.FLOOR12.EMPTY_DECK
            room = (
                next((r for r, held in enumerate(board.rooms) if held.card == frame.card), None)
                if board
                else None
            )
            origin = Origin(kind="castle_card", card=frame.card, block=block, room=room)
            return Option(action=action, rule="COURTIER.FLOOR12.TAKE_CARD", gives=gives, origin=origin)
        case ChooseBlock(block=block, room=room) if isinstance(frame, CastleRowFrame) and board is not None:
            assert room is not None
            card = board.rooms[room].card
            assert card is not None
            gives = c.castle[card].blocks[block].effects
            origin = Origin(kind="castle_card", card=card, block=block, room=room)
            return Option(action=action, rule=castle_row_rule(frame), gives=gives, origin=origin)
        case ChooseFavour(slot=slot) if board is not None:
            gives = c.daimyo[board.daimyo].favours[slot]
            origin = Origin(kind="favour", card=board.daimyo, slot=slot)
            return Option(action=action, rule="COURTIER.DAIMYO.FAVOUR", gives=gives, origin=origin)
        case ChooseYard(cost=iron) if board is not None:
            index = next(i for i, y in enumerate(board.yards) if y.cost == iron)
            tiles = board.yards[index].tiles
            gives = tuple(e for tile, face in tiles for e in c.yard_face(tile, face))
            origin = Origin(kind="yard", slot=index)
            return Option(
                action=action, rule="WARRIOR.PLACE", gives=gives, origin=origin, cost=Cost(iron=iron)
            )
        case ChooseGarden(slot=slot) if board is not None:
            garden = c.gardens[board.gardens[slot].card]
            origin = Origin(kind="garden", card=garden.id, slot=slot)
            if isinstance(frame, RivalGardenFrame):
                return Option(action=action, rule="SOLO.ICON.GARDENER", origin=origin)
            food = Cost(food=garden.food)
            gives = c.garden_action(garden.id, state.setup.readings)
            return Option(action=action, rule="GARDENER.PLACE", gives=gives, origin=origin, cost=food)
        case ChooseLine(line=colour):
            gives = line_rewards(state, _clan(frame), colour)
            origin = Origin(kind="domain_line", line=colour)
            return Option(action=action, rule="EFFECT.DOMAIN_ACTION", gives=gives, origin=origin)
        case ChooseMember(member=member):
            rule = "READING.DOMAIN_ICON" if isinstance(frame, MemberChoiceFrame) else "OUTSIDE.CHOICES"
            return Option(action=action, rule=rule, gives=(MemberIcon(member),))
        case Accept() if isinstance(frame, OptionalFrame):
            cost = Cost(seals=frame.seals, coins=frame.coins)
            origin = optional_origin(frame)
            return Option(
                action=action, rule=optional_rule(frame), gives=frame.effects, origin=origin, cost=cost
            )
        case _:
            return Option(action=action, rule=decision_rule(state), cost=FREE)


def _clan(frame: Frame) -> int:
    clan = getattr(frame, "clan", None)
    assert isinstance(clan, int), f"{type(frame).__name__} belongs to no clan"
    return clan


__all__ = ["describe", "icon_rule"]
