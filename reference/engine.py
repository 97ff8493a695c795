"""The engine API: ``new_game``, ``legal_actions``, ``apply`` (OpenSpiel-style, pure and immutable).

- ``new_game(setup)`` returns the state before the deal: a chance decision (``DecisionKind.DEAL``).
- ``legal_actions(state)`` lists the actions of the clan that must decide (empty at chance nodes and
  when the game is over; see :mod:`reference.chance` for outcomes).
- ``apply(state, action)`` returns the next state, or raises :class:`IllegalAction` naming the rule;
  the input state is never changed (states are frozen).

A decision with exactly one option and no way to decline is taken by the engine itself (a card with a
single light block, a single free favour space): only real choices reach the caller.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import msgspec
from msgspec.structs import replace

from reference.content import catalogue, validate_deck
from reference.errors import IllegalAction, SetupError
from reference.model import (
    Accept,
    Action,
    Audience,
    BotTurnFrame,
    CastleRowFrame,
    ChooseGarden,
    ChooseRoom,
    ChooseYard,
    Climb,
    CourtierFrame,
    Deal,
    Decision,
    DecisionKind,
    DomainLineFrame,
    EffectsFrame,
    FavourFrame,
    Frame,
    InfluenceFrame,
    LightRowFrame,
    Member,
    MemberFrame,
    OptionalFrame,
    OutsideFrame,
    Phase,
    PlaceDie,
    RefillFrame,
    ResourceFrame,
    RivalGardenFrame,
    RivalIconsFrame,
    RivalKind,
    RivalRoomFrame,
    Roll,
    RoomFrame,
    Setup,
    Shuffle,
    ShuffleFrame,
    State,
    TakePair,
    Trade,
)
from reference.model import events as ev
from reference.narrate import source_name
from reference.rules import effects, gingkogawa, holdings, members, placement, rival, rounds
from reference.rules.common import clan_name, emit, with_clan

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4

Options = Callable[[State, Frame], tuple[Action, ...]]
Run = Callable[[State, Frame], State]
Act = Callable[[State, Frame, Action], State]


class _Handler:
    __slots__ = ("act", "kind", "options", "rule", "run")

    def __init__(self, kind: DecisionKind, rule: str, options: object, run: object, act: object) -> None:
        self.kind = kind
        self.rule = rule
        self.options: Options = options  # type: ignore[assignment]  # each handler takes its own frame type
        self.run: Run = run  # type: ignore[assignment]
        self.act: Act = act  # type: ignore[assignment]


def _no_options(state: State, frame: Frame) -> tuple[Action, ...]:
    return ()


def _no_act(state: State, frame: Frame, action: Action) -> State:
    raise AssertionError("this frame never waits for a decision")


def _no_run(state: State, frame: Frame) -> State:
    raise AssertionError("this frame always waits for a decision")


_HANDLERS: Final[dict[type, _Handler]] = {
    EffectsFrame: _Handler(
        DecisionKind.ORDER,
        "RULING.EFFECTS_OPTIONAL_ORDER",
        effects.effects_options,
        effects.effects_run,
        effects.effects_act,
    ),
    InfluenceFrame: _Handler(
        DecisionKind.CHECKPOINT,
        "TIME.CHECKPOINTS",
        effects.influence_options,
        effects.influence_run,
        effects.influence_act,
    ),
    ResourceFrame: _Handler(
        DecisionKind.RESOURCE,
        "EFFECT.RESOURCE_CHOICE",
        effects.resource_options,
        _no_run,
        effects.resource_act,
    ),
    OptionalFrame: _Handler(
        DecisionKind.OPTIONAL,
        "RULING.EFFECTS_OPTIONAL_ORDER",
        effects.optional_options,
        effects.optional_run,
        effects.optional_act,
    ),
    CastleRowFrame: _Handler(
        DecisionKind.CASTLE_ROW,
        "EFFECT.DIE_TILE_ACTION",
        effects.castle_row_options,
        effects.castle_row_run,
        effects.castle_row_act,
    ),
    DomainLineFrame: _Handler(
        DecisionKind.DOMAIN_LINE,
        "EFFECT.DOMAIN_ACTION",
        effects.domain_line_options,
        _no_run,
        effects.domain_line_act,
    ),
    CourtierFrame: _Handler(
        DecisionKind.COURTIER,
        "COURTIER.ACTION",
        members.courtier_options,
        members.courtier_run,
        members.courtier_act,
    ),
    RoomFrame: _Handler(
        DecisionKind.ROOM,
        "COURTIER.FLOOR12.TAKE_CARD",
        members.room_options,
        members.room_run,
        members.room_act,
    ),
    LightRowFrame: _Handler(
        DecisionKind.LIGHT_ROW,
        "COURTIER.FLOOR12.TAKE_CARD",
        members.light_row_options,
        members.light_row_run,
        members.light_row_act,
    ),
    RefillFrame: _Handler(
        DecisionKind.NONE,
        "COURTIER.FLOOR12.REFILL",
        _no_options,
        members.refill_run,
        _no_act,
    ),
    FavourFrame: _Handler(
        DecisionKind.FAVOUR,
        "COURTIER.DAIMYO.FAVOUR",
        members.favour_options,
        members.favour_run,
        members.favour_act,
    ),
    MemberFrame: _Handler(
        DecisionKind.YARD,
        "EFFECT.MEMBER_ACTION",
        members.member_options,
        members.member_run,
        members.member_act,
    ),
    BotTurnFrame: _Handler(
        DecisionKind.NONE,
        "GINKGO.TURN.FIND_DIE",
        _no_options,
        gingkogawa.turn_run,
        _no_act,
    ),
    RivalIconsFrame: _Handler(
        DecisionKind.NONE,
        "SOLO.TURN.ACT",
        _no_options,
        rival.icons_run,
        _no_act,
    ),
    RivalGardenFrame: _Handler(
        DecisionKind.RIVAL_GARDEN,
        "SOLO.ICON.GARDENER",
        rival.garden_options,
        _no_run,
        rival.garden_act,
    ),
    RivalRoomFrame: _Handler(
        DecisionKind.RIVAL_ROOM,
        "SOLO.ICON.CLIMB",
        rival.room_options,
        rival.room_run,
        rival.room_act,
    ),
    OutsideFrame: _Handler(
        DecisionKind.OUTSIDE,
        "OUTSIDE.CHOICES",
        members.outside_options,
        _no_run,
        members.outside_act,
    ),
}


def _decision_kind(frame: Frame) -> DecisionKind:
    if isinstance(frame, MemberFrame):
        return DecisionKind.YARD if frame.member.value == "warrior" else DecisionKind.GARDEN
    return _HANDLERS[type(frame)].kind


def _frame_clan(frame: Frame) -> int | None:
    """Who decides for the frame: its clan, or for the rival's choices the player (clan 0).
    Rules: SOLO.ICON.GARDENER, SOLO.ICON.CLIMB."""
    if isinstance(frame, (RefillFrame, ShuffleFrame)):
        return None
    if isinstance(frame, (RivalGardenFrame, RivalRoomFrame)):
        return rival.PLAYER
    return frame.clan


# ---- the API ------------------------------------------------------------------------------------


def new_game(setup: Setup) -> State:
    """The state before the deal (a chance decision of kind DEAL). Raises SetupError for an
    unsupported number of clans or invalid content. Rules: SETUP.DICE_PER_COLOUR, RULING.CHANCE_DEAL."""
    if not MIN_PLAYERS <= setup.players <= MAX_PLAYERS:
        raise SetupError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, got {setup.players}")
    if setup.solo is not None:
        if setup.players != 2:
            raise SetupError(
                "a solo game is set up as a 2-player game: players must be 2 (SOLO.SETUP.TWO_PLAYER)"
            )
        if setup.solo.action_order not in ("rows", "cards"):
            raise SetupError("solo.action_order must be 'rows' or 'cards' (READING.SOLO_ACTION_ORDER)")
        if setup.solo.pair_colour not in ("any", "die"):
            raise SetupError("solo.pair_colour must be 'any' or 'die' (READING.GINKGO_PAIR_COLOUR)")
        if setup.solo.deck is not None:
            validate_deck(setup.solo.deck, "setup.solo.deck")
    _check_content_size(setup)
    return State(setup=setup, phase=Phase.DEAL, decision=Decision(DecisionKind.DEAL, None))


def _check_content_size(setup: Setup) -> None:
    """Content must hold enough cards for this number of clans: 3 Stewards and 2 Diplomats in use,
    a starting pair per clan plus one (one in solo), 3 gardens of each kind, a Daimyo card, a yard
    tile per yard face. Raises SetupError (or ContentError for invalid content)."""
    cat = catalogue(setup.content)  # validates custom content once
    content = cat.content
    players = setup.players
    need = {
        "Stewards in use": (len(rounds.cards_in_use(cat, players, 1)), rounds.STEWARD_ROOMS),
        "Diplomats in use": (len(rounds.cards_in_use(cat, players, 2)), rounds.DIPLOMAT_ROOMS),
        "Starting Resource cards": (len(content.starting_resources), 1 if setup.solo else players + 1),
        "Action cards": (len(content.action_cards), 1 if setup.solo else players + 1),
        "Stone gardens": (sum(g.kind.value == "stone" for g in content.gardens), 3),
        "Plant gardens": (sum(g.kind.value == "plant" for g in content.gardens), 3),
        "Daimyo cards": (len(content.daimyo), 1),
        "yard tiles": (len(content.yard_tiles), sum(len(y.faces) for y in content.yards)),
    }
    for name, (have, wanted) in need.items():
        if have < wanted:
            raise SetupError(f"the content has {have} {name}; a game of {players} clans needs {wanted}")


def is_chance(state: State) -> bool:
    """True when the pending decision is a chance outcome (the deal or a re-roll)."""
    return state.decision.kind in (DecisionKind.DEAL, DecisionKind.ROLL, DecisionKind.SHUFFLE)


def decision_rule(state: State) -> str:
    """The rule ID that governs the pending decision (for reports: the rule a step applies).
    Rules: TURN.DECISION."""
    kind = state.decision.kind
    if kind is DecisionKind.TURN:
        return "TURN.SEQUENCE"
    if kind is DecisionKind.DRAFT:
        return "SETUP.STARTING_PAIRS"
    if kind is DecisionKind.DEAL:
        return "RULING.CHANCE_DEAL"
    if kind is DecisionKind.ROLL:
        return "RULING.CHANCE_ROLL"
    if kind is DecisionKind.SHUFFLE:
        return "GINKGO.DISCARD"
    if kind is DecisionKind.NONE or not state.stack:
        return "ROUND.GAME_END"
    top = state.stack[-1]
    if isinstance(top, CastleRowFrame) and top.light:
        return "EFFECT.LIGHT_ACTION"
    if isinstance(top, CastleRowFrame) and top.colour is None:
        return "EFFECT.ANY_DIE_TILE"  # as _diagnose names a refusal there
    if isinstance(top, MemberFrame):
        return "WARRIOR.PLACE" if top.member is Member.WARRIOR else "GARDENER.PLACE"
    return _HANDLERS[type(top)].rule


def is_over(state: State) -> bool:
    """True when the game has ended and been scored."""
    return state.phase is Phase.OVER


def _own_options(state: State) -> tuple[Action, ...]:
    """The decision's own options (without the seal trades)."""
    kind = state.decision.kind
    clan = state.decision.clan
    if kind is DecisionKind.TURN:
        assert clan is not None
        return placement.place_options(state, clan)
    if kind is DecisionKind.DRAFT:
        return tuple(TakePair(i) for i in range(len(state.draft)))
    if not state.stack:
        return ()
    top = state.stack[-1]
    return _HANDLERS[type(top)].options(state, top)


def legal_actions(state: State) -> tuple[Action, ...]:
    """The legal actions of the deciding clan: the decision's options, then the seal trades open to
    it. Empty at chance nodes and at the end. Rules: TURN.SEQUENCE, RULING.TRADES_AT_OWN_DECISIONS."""
    clan = state.decision.clan
    if clan is None:
        return ()
    return _own_options(state) + holdings.trades(state.clans[clan])


def apply(state: State, action: Action) -> State:
    """Apply an action or chance outcome and return the new state (``events`` tells what happened).

    Raises IllegalAction with the rule ID and the reason when the action is not allowed; the given
    state is unchanged. Rules: TURN.SEQUENCE and the rules of each decision.
    """
    action = _well_formed(action)
    decision = state.decision
    state = replace(state, events=())
    match decision.kind:
        case DecisionKind.NONE:
            raise IllegalAction("ROUND.GAME_END", "the game is over: no action can be applied")
        case DecisionKind.DEAL:
            if not isinstance(action, Deal):
                raise IllegalAction("RULING.CHANCE_DEAL", f"waiting for the setup deal, got {_name(action)}")
            return _advance(rounds.deal(state, action))
        case DecisionKind.ROLL:
            if not isinstance(action, Roll):
                raise IllegalAction("RULING.CHANCE_ROLL", f"waiting for the re-roll, got {_name(action)}")
            return _advance(rounds.new_round(state, action))
        case DecisionKind.SHUFFLE:
            top = state.stack[-1]
            if not isinstance(action, Shuffle) or not isinstance(top, ShuffleFrame):
                raise IllegalAction("GINKGO.DISCARD", f"waiting for the bot's reshuffle, got {_name(action)}")
            return _advance(gingkogawa.shuffle_act(state, top, action))
        case _:
            pass
    clan = decision.clan
    assert clan is not None
    if isinstance(action, (Deal, Roll, Shuffle)):
        raise IllegalAction(
            "TURN.DECISION",
            f"{_name(action)} is a chance outcome; {clan_name(clan)} must decide ({decision.kind.value})",
        )
    if isinstance(action, Trade):
        if action not in holdings.trades(state.clans[clan]):
            rule = "SEALS.TRADE_COIN" if action.into is None else "SEALS.TRADE_RESOURCE"
            raise IllegalAction(
                rule,
                f"{clan_name(clan)} holds {state.clans[clan].seals} seal(s): not enough for {_name(action)}",
            )
        # a trade at a turn decision leaves the same turn pending: it is not started again
        return _advance(_trade(state, clan, action), started=decision.kind is DecisionKind.TURN)
    if decision.kind is DecisionKind.TURN:
        if not isinstance(action, PlaceDie):
            raise IllegalAction("TURN.DECISION", f"{clan_name(clan)} must place a die, got {_name(action)}")
        why = placement.why_not(state, clan, action)
        if why is not None:
            raise IllegalAction(*why)
        state = replace(state, turn=state.turn + 1)
        return _advance(placement.place(state, clan, action))
    if decision.kind is DecisionKind.DRAFT:
        if not isinstance(action, TakePair) or not 0 <= action.index < len(state.draft):
            raise IllegalAction(
                "SETUP.STARTING_PAIRS",
                f"choose one of the {len(state.draft)} starting pairs, got {_name(action)}",
            )
        return _advance(rounds.take_pair(state, clan, action.index))
    top = state.stack[-1]
    handler = _HANDLERS[type(top)]
    options = handler.options(state, top)
    if action not in options:
        raise IllegalAction(*_diagnose(state, top, action, handler.rule))
    return _advance(handler.act(state, top, action))


def _trade(state: State, clan: int, action: Trade) -> State:
    """Apply a seal trade and report it. Rules: SEALS.TRADE_COIN, SEALS.TRADE_RESOURCE."""
    before = state.clans[clan]
    after = holdings.trade(before, action)
    if action.into is None:
        seals, rule, kept = holdings.TRADE_COIN_SEALS, "SEALS.TRADE_COIN", 1
    else:
        kind = holdings.gain_kind(action.into)
        seals, rule = holdings.TRADE_RESOURCE_SEALS, "SEALS.TRADE_RESOURCE"
        kept = holdings.held(after, kind) - holdings.held(before, kind)
    traded = ev.SealsTraded(clan=clan, seals=seals, into=action.into, kept=kept, rules=(rule,))
    return emit(with_clan(state, clan, after), traded)


_CHANCE_RULE: Final = {Deal: "RULING.CHANCE_DEAL", Roll: "RULING.CHANCE_ROLL", Shuffle: "GINKGO.DISCARD"}


def _well_formed(action: Action) -> Action:
    """The action re-checked against its declared types (a bool is not a number, a pair has two
    cards, a tuple is not None): Python callers can build ill-typed values that the wire format would
    refuse. Returns the normalised action; raises IllegalAction naming the decision rule."""
    try:
        checked: Action = msgspec.convert(msgspec.to_builtins(action), type(action), strict=True)
    except (msgspec.ValidationError, TypeError) as exc:
        rule = _CHANCE_RULE.get(type(action), "TURN.DECISION")
        raise IllegalAction(rule, f"malformed {_name(action)}: {exc}") from exc
    return checked


def _name(action: Action) -> str:
    return type(action).__name__


def _diagnose(state: State, frame: Frame, action: Action, rule: str) -> tuple[str, str]:
    """Name the rule a refused action breaks, as precisely as we can."""
    if isinstance(frame, CourtierFrame):
        holder = state.clans[frame.clan]
        if isinstance(action, Audience):
            if frame.audience:
                return "COURTIER.ACTION", "this Courtier action has already had its audience"
            if members.members_left(holder, Member.COURTIER) == 0:
                return "MEMBERS.LEFTMOST", "no courtier is left on the Domain board"
            return (
                "COURTIER.AUDIENCE",
                f"an audience costs 2 coins; {clan_name(frame.clan)} holds {holder.coins}",
            )
        if isinstance(action, Climb):
            if frame.climb:
                return "COURTIER.ACTION", "this Courtier action has already had its climb"
            if action.floors not in (1, 2) or action.start + action.floors > 3:
                return (
                    "COURTIER.CLIMB",
                    f"a courtier cannot climb {action.floors} floor(s) from {action.start.name.lower()}",
                )
            if holder.courtiers[action.start] == 0:
                return (
                    "COURTIER.CLIMB",
                    f"no courtier of {clan_name(frame.clan)} stands on {action.start.name.lower()}",
                )
            cost = members.CLIMB_PEARL[action.floors]
            return (
                "COURTIER.CLIMB",
                f"climbing {action.floors} floor(s) costs {cost} Mother-of-Pearl; "
                f"{clan_name(frame.clan)} holds {holder.pearl}",
            )
    if isinstance(frame, MemberFrame):
        holder = state.clans[frame.clan]
        if members.members_left(holder, frame.member) == 0:
            return "MEMBERS.LEFTMOST", f"no {frame.member.value} is left on the Domain board"
        board = state.board
        assert board is not None
        if isinstance(action, ChooseYard):
            yard = next((y for y in board.yards if y.cost == action.cost), None)
            if yard is None:
                return "WARRIOR.PLACE", f"no Training Yard costs {action.cost} iron"
            return (
                "WARRIOR.PLACE",
                f"the {action.cost}-iron yard costs {action.cost} iron; {clan_name(frame.clan)} holds {holder.iron}",
            )
        if isinstance(action, ChooseGarden):
            if not 0 <= action.slot < len(board.gardens):
                return "GARDENER.PLACE", f"there is no garden slot {action.slot}"
            slot = board.gardens[action.slot]
            if frame.clan in slot.gardeners:
                return "GARDENER.PLACE", f"{slot.card} already holds a gardener of {clan_name(frame.clan)}"
            food = catalogue(state.setup.content).gardens[slot.card].food
            return (
                "GARDENER.PLACE",
                f"{slot.card} costs {food} food; {clan_name(frame.clan)} holds {holder.food}",
            )
    if isinstance(frame, OptionalFrame) and isinstance(action, Accept):
        holder = state.clans[frame.clan]
        if frame.seals > holder.seals:
            return (
                "CASTLE.DARK_SEAL",
                f"{source_name(frame.source)} costs {frame.seals} seal(s); {clan_name(frame.clan)} holds {holder.seals}",
            )
        return (
            "EFFECT.PAID_ICON",
            f"{source_name(frame.source)} costs {frame.coins} coin(s); {clan_name(frame.clan)} holds {holder.coins} (trade seals first)",
        )
    if isinstance(frame, RoomFrame) and isinstance(action, ChooseRoom):
        return (
            "COURTIER.FLOORS",
            f"the courtier's climb ended on floor {frame.floor}: choose a room of that floor",
        )
    if isinstance(frame, CastleRowFrame):
        if frame.light:
            return "EFFECT.LIGHT_ACTION", f"{_name(action)} is not a light-background block of a castle card"
        rule = "EFFECT.ANY_DIE_TILE" if frame.colour is None else "EFFECT.DIE_TILE_ACTION"
        return rule, f"{_name(action)} is not a block whose die tile fits this action"
    kind = _decision_kind(frame)
    return rule, f"{_name(action)} is not an option of the pending {kind.value} decision"


def _advance(state: State, *, started: bool = False) -> State:
    """Run the engine's own steps until a decision is needed. A player's turn is reported as started
    (TurnStarted) when its decision becomes pending, unless ``started`` says it already was."""
    while True:
        if state.stack:
            top = state.stack[-1]
            if isinstance(top, ShuffleFrame):
                return replace(state, decision=Decision(DecisionKind.SHUFFLE, None))
            handler = _HANDLERS[type(top)]
            if handler.options(state, top):
                return replace(state, decision=Decision(_decision_kind(top), _frame_clan(top)))
            state = handler.run(state, top)
            continue
        match state.phase:
            case Phase.DRAFT:
                if rounds.draft_done(state):
                    state = replace(state, phase=Phase.TURNS, draft=())
                    state = emit(state, ev.RoundStarted(round=state.round, turn_order=state.turn_order))
                    continue
                if state.setup.solo is not None:
                    # the player's starting cards are drawn at random: no choice (SOLO.SETUP.TWO_PLAYER)
                    state = rounds.take_pair(state, rounds.drafter(state), 0)
                    continue
                return replace(state, decision=Decision(DecisionKind.DRAFT, rounds.drafter(state)))
            case Phase.TURNS:
                if rounds.round_over(state):
                    state = rounds.end_round(state)
                    continue
                current = rounds.current_clan(state)
                if state.clans[current].rival:  # engine logic, not a decision
                    if state.setup.solo is not None and state.setup.solo.rival is RivalKind.GINGKOGAWA:
                        state = gingkogawa.start_turn(state, current)
                    else:
                        state = rival.rival_turn(state, current)
                    continue
                if not started:
                    state = emit(state, ev.TurnStarted(round=state.round, turn=state.turn + 1, clan=current))
                return replace(state, decision=Decision(DecisionKind.TURN, current))
            case Phase.GARDENS:
                state = rounds.clear_board(state)
                continue
            case Phase.ROLL:
                return replace(state, decision=Decision(DecisionKind.ROLL, None))
            case Phase.OVER:
                return replace(state, decision=Decision(DecisionKind.NONE, None))
            case Phase.DEAL:
                return replace(state, decision=Decision(DecisionKind.DEAL, None))
