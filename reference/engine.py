"""The engine API: ``new_game``, ``legal_actions``, ``apply`` (OpenSpiel-style, pure and immutable).

- ``new_game(setup)`` returns the state before the deal: a chance decision (``DecisionKind.DEAL``).
- ``legal_actions(state)`` lists the actions of the clan that must decide (empty at chance nodes and
  when the game is over; see :mod:`reference.chance` for outcomes).
- ``apply(state, action)`` returns the next state, or raises :class:`IllegalAction` naming the rule;
  the input state is never changed (states are frozen). The new state's ``events`` say what the
  action did (:mod:`reference.model.events`).
- ``advance(state)`` runs the engine's own steps until a decision is needed; ``settle(state)`` does
  the same for a position built by editing, after recomputing whose decision it is.

Every decision is a frame on the state's stack (the deal, a draft pick, a turn, a re-roll, and each
choice a rule offers). :func:`pending` binds the top frame to its handler (the rules module that owns
the frame says its decision, its options, why anything else is refused, and what an option does):
one typed dispatch. A decision with exactly one option and no way to decline is taken by the engine
itself (a card with a single light block, a single free favour space): only real choices reach the
caller. Where the solo rules differ, the game's variant (:func:`reference.rules.solo.variant_of`) is
called through its hooks.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, Generic, Protocol, assert_never, cast

import msgspec
from msgspec.structs import replace

from reference.content import Catalogue, catalogue, validate_deck
from reference.errors import IllegalAction, SetupError
from reference.model import (
    PHASE_FRAMES,
    Action,
    BotTurnFrame,
    CastleRowFrame,
    CourtierFrame,
    Deal,
    DealFrame,
    Decision,
    DecisionKind,
    DomainLineFrame,
    DraftFrame,
    EffectsFrame,
    FavourFrame,
    Frame,
    InfluenceFrame,
    LightRowFrame,
    MemberChoiceFrame,
    MemberFrame,
    OptionalFrame,
    OutsideFrame,
    Phase,
    Readings,
    RefillFrame,
    ResourceFrame,
    RivalGardenFrame,
    RivalIconsFrame,
    RivalRoomFrame,
    Roll,
    RollFrame,
    RoomFrame,
    Setup,
    Shuffle,
    ShuffleFrame,
    State,
    Trade,
    TurnFrame,
)
from reference.model import events as ev
from reference.model.setup import BASE_READINGS
from reference.rules import effects, holdings, members, placement, rounds, solo
from reference.rules.common import clan_name, emit, push, with_clan
from reference.rules.handler import F, Handler, Refusal
from reference.rules.outcomes import DIPLOMAT_ROOMS, STEWARD_ROOMS, cards_in_use
from reference.rules.solo import variant_of

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4


# ---- the chance frames of the game's phases ---------------------------------------------------------


class DealHandler(Handler[DealFrame]):
    """The setup's chance outcome. Rule: RULING.CHANCE_DEAL."""

    kind = DecisionKind.DEAL
    rule = "RULING.CHANCE_DEAL"
    chance = True

    def act(self, state: State, frame: DealFrame, action: Action) -> State:
        if not isinstance(action, Deal):
            raise IllegalAction(self.rule, f"waiting for the setup deal, got {type(action).__name__}")
        state = replace(state, stack=state.stack[:-1])
        return rounds.deal(state, action, variant_of(state.setup))


class RollHandler(Handler[RollFrame]):
    """The end-of-round re-roll. Rule: RULING.CHANCE_ROLL."""

    kind = DecisionKind.ROLL
    rule = "RULING.CHANCE_ROLL"
    chance = True

    def act(self, state: State, frame: RollFrame, action: Action) -> State:
        if not isinstance(action, Roll):
            raise IllegalAction(self.rule, f"waiting for the re-roll, got {type(action).__name__}")
        state = replace(state, stack=state.stack[:-1])
        return rounds.new_round(state, action, variant_of(state.setup))


DEAL: Final = DealHandler()
ROLL: Final = RollHandler()


# ---- one typed dispatch -------------------------------------------------------------------------------


class Pending(Protocol):
    """The decision a frame waits for, bound to the frame: what :func:`apply`, :func:`legal_actions`
    and :func:`advance` ask of it."""

    @property
    def chance(self) -> bool: ...

    @property
    def kind(self) -> DecisionKind: ...

    @property
    def decider(self) -> int | None: ...

    @property
    def rule(self) -> str: ...

    def options(self, state: State) -> tuple[Action, ...]: ...

    def allows(self, state: State, action: Action) -> bool: ...

    def refusal(self, state: State, action: Action) -> Refusal:
        """Why an action is refused: the handler's own reason, or that it is not an option."""
        ...

    def run(self, state: State) -> State: ...

    def act(self, state: State, action: Action) -> State: ...


class _Bound(Generic[F]):
    """A frame with its handler (see :class:`Pending`)."""

    __slots__ = ("chance", "frame", "handler")

    def __init__(self, handler: Handler[F], frame: F) -> None:
        self.handler = handler
        self.frame = frame
        self.chance = handler.chance

    @property
    def kind(self) -> DecisionKind:
        return self.handler.kind_of(self.frame)

    @property
    def decider(self) -> int | None:
        return self.handler.decider(self.frame)

    @property
    def rule(self) -> str:
        return self.handler.rule_of(self.frame)

    def options(self, state: State) -> tuple[Action, ...]:
        return self.handler.options(state, self.frame)

    def allows(self, state: State, action: Action) -> bool:
        return self.handler.allows(state, self.frame, action)

    def refusal(self, state: State, action: Action) -> Refusal:
        said = self.handler.refusal(state, self.frame, action)
        if said is not None:
            return said
        kind = self.handler.kind_of(self.frame).value
        return self.rule, f"{type(action).__name__} is not an option of the pending {kind} decision"

    def run(self, state: State) -> State:
        return self.handler.run(state, self.frame)

    def act(self, state: State, action: Action) -> State:
        return self.handler.act(state, self.frame, action)


def pending(frame: Frame) -> Pending:
    """The frame bound to the handler of the rules module that owns it (:func:`handler_of`)."""
    return _Bound(handler_of(frame), frame)


def handler_of(frame: Frame) -> Handler[Frame]:
    """The handler of the rules module that owns this kind of frame: the one :func:`_bind`'s typed
    dispatch gives it, remembered per frame type (the dispatch looks at nothing else), so the engine's
    loop asks it without binding the frame anew at every step."""
    handler = _HANDLERS.get(type(frame))
    if handler is None:
        bound = _bind(frame)
        assert isinstance(bound, _Bound)
        # _bind pairs the frame with the handler of its type: that handler takes every frame of the type
        handler = cast("Handler[Frame]", bound.handler)
        _HANDLERS[type(frame)] = handler
    return handler


_HANDLERS: Final[dict[type[Frame], Handler[Frame]]] = {}
"""The handler of each frame type met so far (see :func:`handler_of`)."""


def _bind(frame: Frame) -> Pending:
    match frame:  # the most frequent frames first
        case EffectsFrame():
            return _Bound(effects.EFFECTS, frame)
        case TurnFrame():
            return _Bound(placement.TURN, frame)
        case RivalIconsFrame():
            return _Bound(solo.RIVAL_ICONS, frame)
        case InfluenceFrame():
            return _Bound(effects.INFLUENCE, frame)
        case OptionalFrame():
            return _Bound(effects.OPTIONAL, frame)
        case ResourceFrame():
            return _Bound(effects.RESOURCE, frame)
        case MemberFrame():
            return _Bound(members.MEMBER, frame)
        case CourtierFrame():
            return _Bound(members.COURTIER, frame)
        case OutsideFrame():
            return _Bound(members.OUTSIDE, frame)
        case CastleRowFrame():
            return _Bound(effects.CASTLE_ROW, frame)
        case RoomFrame():
            return _Bound(members.ROOM, frame)
        case LightRowFrame():
            return _Bound(members.LIGHT_ROW, frame)
        case RefillFrame():
            return _Bound(members.REFILL, frame)
        case FavourFrame():
            return _Bound(members.FAVOUR, frame)
        case DomainLineFrame():
            return _Bound(effects.DOMAIN_LINE, frame)
        case MemberChoiceFrame():
            return _Bound(effects.MEMBER_CHOICE, frame)
        case RivalGardenFrame():
            return _Bound(solo.RIVAL_GARDEN, frame)
        case RivalRoomFrame():
            return _Bound(solo.RIVAL_ROOM, frame)
        case BotTurnFrame():
            return _Bound(solo.BOT_TURN, frame)
        case ShuffleFrame():
            return _Bound(solo.SHUFFLE, frame)
        case DraftFrame():
            return _Bound(rounds.DRAFT, frame)
        case RollFrame():
            return _Bound(ROLL, frame)
        case DealFrame():
            return _Bound(DEAL, frame)
        case _:
            assert_never(frame)


def _waiting(state: State) -> Pending | None:
    """The pending decision of a state (None when the game is over)."""
    return pending(state.stack[-1]) if state.stack else None


# ---- the API ------------------------------------------------------------------------------------


def new_game(setup: Setup) -> State:
    """The state before the deal (a chance decision of kind DEAL). Raises SetupError for an
    unsupported number of clans, invalid content or an unknown reading. Rules: SETUP.DICE_PER_COLOUR,
    RULING.CHANCE_DEAL, READING.DOMAIN_ICON, READING.STONE_GARDEN_ICON."""
    if type(setup.players) is not int:  # a Python caller can pass 3.0 or True; the wire cannot
        raise SetupError(f"players must be a whole number of clans, got {setup.players!r}")
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
    unread = unknown_reading(setup)
    if unread is not None:
        raise SetupError(unread)
    _check_content_size(setup)
    return State(
        setup=setup, phase=Phase.DEAL, decision=Decision(DecisionKind.DEAL, None), stack=(DealFrame(),)
    )


def _check_content_size(setup: Setup) -> None:
    """Content must hold enough cards for this number of clans: 3 Stewards and 2 Diplomats in use,
    a starting pair per pair dealt, 3 gardens of each kind, a Daimyo card, a yard tile per yard face.
    Raises SetupError (or ContentError for invalid content)."""
    cat = catalogue(setup.content)  # validates custom content once
    shortage = _content_shortage(cat, setup.players, variant_of(setup).pairs(setup.players))
    if shortage is not None:
        raise SetupError(shortage)


@lru_cache(maxsize=16, typed=True)
def _content_shortage(cat: Catalogue, players: int, pairs: int) -> str | None:
    """What the content lacks for a game of ``players`` clans dealt ``pairs`` starting pairs (None:
    nothing), worked out once per content (immutable; a catalogue hashes by identity) and game size."""
    content = cat.content
    need = {
        "Stewards in use": (len(cards_in_use(cat, players, 1)), STEWARD_ROOMS),
        "Diplomats in use": (len(cards_in_use(cat, players, 2)), DIPLOMAT_ROOMS),
        "Starting Resource cards": (len(content.starting_resources), pairs),
        "Action cards": (len(content.action_cards), pairs),
        "Stone gardens": (sum(g.kind.value == "stone" for g in content.gardens), 3),
        "Plant gardens": (sum(g.kind.value == "plant" for g in content.gardens), 3),
        "Daimyo cards": (len(content.daimyo), 1),
        "yard tiles": (len(content.yard_tiles), sum(len(y.faces) for y in content.yards)),
    }
    for name, (have, wanted) in need.items():
        if have < wanted:
            return f"the content has {have} {name}; a game of {players} clans needs {wanted}"
    return None


_CHANCE_KINDS: Final = frozenset({DecisionKind.DEAL, DecisionKind.ROLL, DecisionKind.SHUFFLE})


def is_chance(state: State) -> bool:
    """True when the pending decision is a chance outcome (the deal, a re-roll, a reshuffle)."""
    return state.decision.kind in _CHANCE_KINDS


def decision_rule(state: State) -> str:
    """The rule ID that governs the pending decision (for reports: the rule a step applies).
    Rules: TURN.DECISION."""
    waiting = _waiting(state)
    return "ROUND.GAME_END" if waiting is None else waiting.rule


def is_over(state: State) -> bool:
    """True when the game has ended and been scored."""
    return state.phase is _OVER


# Named once: on Python 3.11 each use of an enum member is a slow lookup on its class (the enum
# metaclass's __getattr__, about 700 instructions in the compiled build), and every loop asks is_over
# at every step, as the engine's loop asks for the turns phase. The rules modules name the members of
# their busiest lines once in the same way.
_OVER: Final = Phase.OVER
_TURNS: Final = Phase.TURNS


TRUSTED: Final = 8
"""States the engine remembers having made or checked, and states whose legal actions it remembers
having given (each at most, the most recently used first). Few, because remembering states costs the whole
program memory and time; enough for a search (the outcome mode's, a look-ahead policy's), which
applies every legal action of one state in turn and then goes on from one of the states it made."""


class _Trust:
    """What the engine itself produced or checked lately, so that the common loop (``legal_actions``,
    then ``apply`` of one of them to the same state) is not checked twice: ``made``, the states
    ``apply`` or ``settle`` returned lately, those the engine applied a trusted action to since
    (settled by construction), and those ``apply`` checked in full and found settled (so
    :func:`unsettled` has nothing to find in any of them); ``offered``, the states ``legal_actions``
    answered lately and the very tuple it returned for each. States and actions are immutable, and
    trust goes by identity (``is``), so an edited copy or an equal action built elsewhere is checked
    in full once, as a state the engine never saw is."""

    __slots__ = ("made", "offered")

    def __init__(self) -> None:
        self.made: list[State] = []
        self.offered: list[tuple[State, tuple[Action, ...]]] = []

    def keep(self, state: State) -> State:
        """Remember ``state``, not remembered yet (a state made since anything remembered was, or
        one ``apply`` has just checked in full), as settled, first."""
        made = self.made
        if len(made) >= TRUSTED:
            made.pop()
        made.insert(0, state)
        return state

    def touch(self, state: State) -> None:
        """Put ``state``, remembered as settled, first again (by identity: equal states are not it)."""
        made = self.made
        for i in range(1, len(made)):
            if made[i] is state:
                del made[i]
                made.insert(0, state)
                return

    def settled(self, state: State) -> bool:
        for known in self.made:  # noqa: SIM110  # a plain loop: no generator on every apply
            if known is state:
                return True
        return False

    def actions(self, state: State) -> tuple[Action, ...] | None:
        """The tuple ``legal_actions`` gave for this very state, if remembered (it is then first)."""
        offered = self.offered
        for i in range(len(offered)):
            entry = offered[i]
            if entry[0] is state:
                if i:
                    del offered[i]
                    offered.insert(0, entry)
                return entry[1]
        return None

    def offer(self, state: State, actions: tuple[Action, ...]) -> None:
        offered = self.offered
        if len(offered) >= TRUSTED:
            offered.pop()
        offered.insert(0, (state, actions))

    def offers(self, state: State, action: Action) -> bool:
        actions = self.actions(state)
        if actions is None:
            return False
        for offered in actions:  # noqa: SIM110  # a plain loop: no generator on every apply
            if offered is action:
                return True
        return False


_TRUST: Final = _Trust()


def legal_actions(state: State) -> tuple[Action, ...]:
    """The legal actions of the deciding clan: the decision's options, then the seal trades open to
    it. Empty at chance nodes and at the end. Rules: TURN.SEQUENCE, RULING.TRADES_AT_OWN_DECISIONS."""
    known = _TRUST.actions(state)
    if known is not None:
        return known
    if not state.stack:
        return ()
    frame = state.stack[-1]
    handler = handler_of(frame)
    clan = handler.decider(frame)
    if clan is None or not 0 <= clan < len(state.clans):
        return ()
    return _offered(state, handler.options(state, frame), clan)


def _offered(state: State, options: tuple[Action, ...], clan: int) -> tuple[Action, ...]:
    """The legal actions of ``state``, whose decision ``clan`` (a clan of the game) takes with these
    ``options``: the options, then the seal trades open to the clan; remembered for ``state``."""
    actions = options + holdings.trades(state.clans[clan])
    _TRUST.offer(state, actions)
    return actions


def apply(state: State, action: Action) -> State:
    """Apply an action or chance outcome and return the new state (``events`` tells what happened).

    Raises IllegalAction with the rule ID and the reason when the action is not allowed; the given
    state is unchanged. Rules: TURN.DECISION, RULING.TRADES_AT_OWN_DECISIONS and the rules of each
    decision.
    """
    settled = _TRUST.settled(state)
    if settled and _TRUST.offers(state, action):  # one of the legal actions of this very state
        frame = state.stack[-1]
        handler = handler_of(frame)
        _TRUST.touch(state)  # a search applies the next of its legal actions to it
        state = replace(state, events=())
        if type(action) is Trade:  # exact: a failing isinstance on a struct class is a slow lookup compiled
            decider = handler.decider(frame)
            assert decider is not None
            return _TRUST.keep(advance(_trade(state, decider, action)))
        return _TRUST.keep(advance(handler.act(state, frame, action)))
    action = _well_formed(action)
    if not settled:
        stale = unsettled(state)
        if stale is not None:
            raise IllegalAction("TURN.DECISION", stale)
        # checked now: a search applies each of this state's legal actions in turn, which are then
        # trusted (a depth-first search comes back to states made long before, no longer remembered)
        _TRUST.keep(state)
    waiting = _waiting(state)
    if waiting is None:
        raise IllegalAction("ROUND.GAME_END", "the game is over: no action can be applied")
    state = replace(state, events=())
    if waiting.chance:
        return _TRUST.keep(advance(waiting.act(state, action)))
    clan = waiting.decider
    assert clan is not None
    if isinstance(action, (Deal, Roll, Shuffle)):
        raise IllegalAction(
            "TURN.DECISION",
            f"{_name(action)} is a chance outcome; {clan_name(clan)} must decide ({waiting.kind.value})",
        )
    if isinstance(action, Trade):
        if action not in holdings.trades(state.clans[clan]):
            rule = "SEALS.TRADE_COIN" if action.into is None else "SEALS.TRADE_RESOURCE"
            raise IllegalAction(
                rule,
                f"{clan_name(clan)} holds {state.clans[clan].seals} seal(s): not enough for {_name(action)}",
            )
        return _TRUST.keep(advance(_trade(state, clan, action)))
    if not waiting.allows(state, action):
        raise IllegalAction(*waiting.refusal(state, action))
    return _TRUST.keep(advance(waiting.act(state, action)))


def _trade(state: State, clan: int, action: Trade) -> State:
    """Apply a seal trade and report it; a resource already at 7 keeps nothing, and the event says
    so. Rules: SEALS.TRADE_COIN, SEALS.TRADE_RESOURCE, RESOURCES.CAP."""
    before = state.clans[clan]
    after = holdings.trade(before, action)
    rules: tuple[str, ...]
    if action.into is None:
        seals, rules, kept = holdings.TRADE_COIN_SEALS, ("SEALS.TRADE_COIN",), 1
    else:
        kind = holdings.gain_kind(action.into)
        seals = holdings.TRADE_RESOURCE_SEALS
        kept = holdings.held(after, kind) - holdings.held(before, kind)
        rules = ("SEALS.TRADE_RESOURCE",) if kept else ("SEALS.TRADE_RESOURCE", "RESOURCES.CAP")
    traded = ev.SealsTraded(clan=clan, seals=seals, into=action.into, kept=kept, rules=rules)
    return with_clan(state, clan, after, events=(traded,))


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


def advance(state: State) -> State:
    """Run the engine's own steps until a decision is needed: frames that need no decision run, and
    when none is left the phase of the game pushes the next decision's frame (a draft pick, a turn,
    the re-roll) or ends the game. Rules: TURN.DECISION, ROUND.COUNT, ROUND.END_ORDER."""
    variant = variant_of(state.setup)
    while True:
        stack = state.stack
        if stack:
            frame = stack[-1]
            handler = handler_of(frame)
            if handler.waits:
                return replace(state, decision=Decision(handler.kind_of(frame), handler.decider(frame)))
            # the frame waits when it has options: asked once here, they are the legal actions of the
            # state it waits in (legal_actions would ask for them again)
            options = handler.options(state, frame)
            if options:
                clan = handler.decider(frame)
                waiting = replace(state, decision=Decision(handler.kind_of(frame), clan))
                if clan is not None and 0 <= clan < len(state.clans):
                    _offered(waiting, options, clan)
                return waiting
            state = handler.run(state, frame)
            continue
        phase = state.phase
        if phase is _TURNS:  # the most frequent phase, tested first
            if rounds.round_over(state):
                state = rounds.end_round(state, variant)
                continue
            current = rounds.current_clan(state)
            if state.clans[current].rival:  # engine logic, not a decision
                state = variant.turn(state, current)
                continue
            started = ev.TurnStarted(round=state.round, turn=state.turn + 1, clan=current)
            state = push(state, TurnFrame(current), events=(started,))
            continue
        match phase:
            case Phase.DRAFT:
                if rounds.draft_done(state):
                    state = replace(state, phase=Phase.TURNS, draft=())
                    state = emit(state, ev.RoundStarted(round=state.round, turn_order=state.turn_order))
                elif variant.chooses_pair():
                    state = push(state, DraftFrame(rounds.drafter(state)))
                else:  # the player's starting cards are dealt at random: no choice (SOLO.SETUP.TWO_PLAYER)
                    state = rounds.take_pair(state, rounds.drafter(state), 0)
            case Phase.GARDENS:
                state = rounds.clear_board(state)
            case Phase.ROLL:
                state = push(state, RollFrame())
            case Phase.DEAL:
                state = push(state, DealFrame())
            case Phase.OVER:
                return replace(state, decision=Decision(DecisionKind.NONE, None))
            case _:
                assert_never(phase)


def unsettled(state: State) -> str | None:
    """Why the decision a state waits for is not the one its phase and turn give, or not the one its
    pending work waits for (None when it is): a state edited after it was built (the turn, the round,
    the turn order, a starting pair, the decision) still waits for the old decision until
    :func:`settle` recomputes it. ``apply`` refuses to play such a state, naming TURN.DECISION.
    Checked: the shape of the game (clans, board, round, turns, turn order: :func:`malformed`), the
    phase against the pending work (the deal, the re-roll and the end hold nothing else; a starting
    pair or a turn waits alone), whose turn the pending work of a turn belongs to, and the decision
    field against what the top frame waits for."""
    shape = malformed(state)
    if shape is not None:
        return shape
    stack = state.stack
    phased = [i for i, f in enumerate(stack) if isinstance(f, PHASE_FRAMES)]
    if len(phased) > 1 or phased[:1] not in ([], [0]):
        kinds = ", ".join(type(f).__name__ for f in stack)
        return (
            f"a deal, a starting pair, a turn or a re-roll lies once, under any pending work, but the "
            f"stack holds {kinds}{_SETTLE}"
        )
    if (
        state.phase in (Phase.DEAL, Phase.ROLL, Phase.OVER)
        and stack
        and not isinstance(stack[0], PHASE_FRAMES)
    ):
        return (
            f"phase {state.phase.value} holds no pending work, but {type(stack[-1]).__name__} waits{_SETTLE}"
        )
    if state.phase is Phase.TURNS and stack and not isinstance(stack[0], PHASE_FRAMES) and state.turn > 0:
        owner = state.turn_order[(state.turn - 1) % len(state.turn_order)]
        others = sorted({c for f in stack if (c := getattr(f, "clan", owner)) != owner})
        if others:
            return (
                f"turn {state.turn} of round {state.round} is {clan_name(owner)}'s, but the pending work "
                f"belongs to clan {others[0]}{_SETTLE}"
            )
    top = stack[-1] if stack else None
    anchor = stack[0] if phased else top  # the phase's own frame, under any work granted on top of it
    match anchor:
        case None:
            if state.phase is not Phase.OVER or state.decision != Decision(DecisionKind.NONE, None):
                return f"nothing is pending, but the state is in phase {state.phase.value}{_SETTLE}"
            return None
        case TurnFrame(clan=clan):
            if state.phase is not Phase.TURNS or rounds.round_over(state):
                expected = f"no turn ({state.phase.value}, {state.turn} turns taken in round {state.round})"
                return f"the state waits for {clan_name(clan)}'s turn, but the rules give {expected} here{_SETTLE}"
            current = rounds.current_clan(state)
            if clan != current:
                expected = f"{clan_name(current)}'s turn (turn {state.turn + 1} of round {state.round})"
                return f"the state waits for {clan_name(clan)}'s turn, but the rules give {expected} here{_SETTLE}"
        case DraftFrame(clan=clan):
            wanted: str | None = None
            if state.phase is not Phase.DRAFT or rounds.draft_done(state):
                wanted = f"no starting pair ({state.phase.value})"
            elif clan != rounds.drafter(state):
                wanted = f"{clan_name(rounds.drafter(state))}'s pick"
            if wanted is not None:
                return f"the state waits for {clan_name(clan)}'s starting pair, but the rules give {wanted}{_SETTLE}"
        case DealFrame():
            if state.phase is not Phase.DEAL:
                return f"the state waits for the deal in phase {state.phase.value}{_SETTLE}"
        case RollFrame():
            if state.phase is not Phase.ROLL:
                return f"the state waits for the re-roll in phase {state.phase.value}{_SETTLE}"
        case _:
            pass
    if top is None:
        return None
    waiting = pending(top)
    decider = waiting.decider
    if decider is not None and not 0 <= decider < len(state.clans):
        return f"the pending {waiting.kind.value} decision belongs to clan {decider}, which does not play"
    expected_decision = Decision(waiting.kind, decider)
    if state.decision != expected_decision:
        said = state.decision
        return (
            f"the state's decision says {said.kind.value} for clan {said.clan}, but its pending work waits "
            f"for {expected_decision.kind.value} by clan {decider}{_SETTLE}"
        )
    return None


_SETTLE: Final = ": a state built by editing must be settled first (reference.engine.settle)"


def unknown_reading(setup: Setup) -> str | None:
    """What is wrong with the base-game readings of a setup (None: each is one of its values).
    Rules: READING.DOMAIN_ICON, READING.STONE_GARDEN_ICON."""
    readings: object = setup.readings  # a Python caller can pass anything
    if not isinstance(readings, Readings):
        return f"readings must be a Readings value, not {type(readings).__name__}"
    for (rule, value), (_, field, values) in zip(readings.in_force(), BASE_READINGS, strict=True):
        if value not in values:
            return f"readings.{field} must be {' or '.join(map(repr, values))} ({rule})"
    return None


def malformed(state: State) -> str | None:
    """What in a state's shape no rule can start from (None when nothing): after the deal, as many
    clans as the setup seats and a board; a round 1..3; at most 3 turns per clan taken; a turn order
    that orders the clans. :func:`settle` refuses such a state (IllegalAction, TURN.DECISION) and
    :func:`apply` too."""
    unread = unknown_reading(state.setup)
    if unread is not None:
        return unread
    players = state.setup.players
    if state.phase is Phase.DEAL:
        if state.clans or state.board is not None:
            return "a state waiting for the deal has no clans and no board yet"
        return None
    if len(state.clans) != players:
        return f"the setup seats {players} clans, the state holds {len(state.clans)}"
    if state.board is None:
        return f"phase {state.phase.value} comes after the deal, but the state has no board"
    if not 1 <= state.round <= rounds.ROUNDS:
        return f"round {state.round} is not one of the game's {rounds.ROUNDS} rounds"
    if not 0 <= state.turn <= rounds.TURNS_PER_ROUND * players:
        return f"{state.turn} turns taken: a round has {rounds.TURNS_PER_ROUND * players} at {players} clans"
    order = state.turn_order
    if sorted(order) != list(range(players)):
        return f"the turn order {list(order)} is not an order of the {players} clans"
    return None


def settle(state: State) -> State:
    """A position built by editing (a test, a scenario step, a loaded position), settled: the frames
    the phase of the game gives (the deal, a draft pick, a turn, the re-roll) are dropped and
    recomputed from the position (whose turn it is follows the turn order and the turns taken), then
    the engine runs until a decision is needed. Pending work (effects, choices) is kept.
    Raises IllegalAction (TURN.DECISION) when the state's shape is one no decision follows from
    (:func:`malformed`: a turn order that is not an order of the clans, clans the setup does not seat,
    no board after the deal, a round past the third). Rule: TURN.DECISION."""
    shape = malformed(state)
    if shape is not None:
        raise IllegalAction("TURN.DECISION", shape)
    kept = tuple(f for f in state.stack if not isinstance(f, PHASE_FRAMES))
    settled = advance(replace(state, stack=kept, events=()))
    if unsettled(settled) is None:  # pending work of another clan than the turn's stays refused
        _TRUST.keep(settled)
    return settled


__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Pending",
    "advance",
    "apply",
    "decision_rule",
    "is_chance",
    "is_over",
    "legal_actions",
    "malformed",
    "new_game",
    "pending",
    "settle",
    "unsettled",
]
