"""How the engine treats one kind of frame: the decision it waits for and who takes it, its options
and why anything else is refused, what it does on its own, and what a chosen option does.

Each rules module defines the handlers of its frames beside the rules they apply, so a refusal's
reason sits next to the options it explains; the engine (:mod:`reference.engine`) binds each frame
to its handler in one typed dispatch. Rules: TURN.DECISION, RULING.EFFECTS_OPTIONAL_ORDER.
"""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar

from reference.model import (
    Action,
    BotTurnFrame,
    CastleRowFrame,
    CourtierFrame,
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
    ResourceFrame,
    RivalGardenFrame,
    RivalIconsFrame,
    RivalRoomFrame,
    RoomFrame,
    State,
    TurnFrame,
)

F = TypeVar("F", bound=Frame)

ClanFrame = (
    DraftFrame
    | TurnFrame
    | BotTurnFrame
    | RivalIconsFrame
    | RivalGardenFrame
    | RivalRoomFrame
    | EffectsFrame
    | InfluenceFrame
    | ResourceFrame
    | CourtierFrame
    | RoomFrame
    | LightRowFrame
    | FavourFrame
    | MemberFrame
    | OptionalFrame
    | CastleRowFrame
    | DomainLineFrame
    | MemberChoiceFrame
    | OutsideFrame
)
"""The frames that belong to one clan (``frame.clan``)."""

C = TypeVar("C", bound=ClanFrame)

Refusal = tuple[str, str]
"""Why an action is refused: (rule ID, reason)."""


class Handler(Generic[F]):
    """A frame that no clan decides: a chance outcome it waits for (``chance``), or work the engine
    does on its own (:meth:`run`). Subclasses set ``kind`` and ``rule``."""

    kind: ClassVar[DecisionKind] = DecisionKind.NONE
    """The kind of decision the frame waits for (NONE: it never waits)."""
    rule: ClassVar[str] = "TURN.DECISION"
    """The rule that governs the frame's decision (for reports)."""
    chance: ClassVar[bool] = False
    """The frame waits for a chance outcome supplied by the caller."""
    always_waits: ClassVar[bool] = False
    """The frame waits for a decision whatever its options (a turn, a starting pair). A chance frame
    always waits too; any other waits exactly when it has options, and the engine runs it (:meth:`run`)
    when it has none: the engine's loop asks for them once where it stops and keeps them as the
    state's legal actions."""

    def __init__(self) -> None:
        self.waits: bool = self.chance or self.always_waits
        """The frame waits whatever its options (chance or ``always_waits``): the engine's loop asks at
        every step, and an instance attribute is a plain read where a class variable is a lookup in the
        compiled build."""

    def decider(self, frame: F) -> int | None:
        """Who decides (None: chance, or nobody)."""
        return None

    def kind_of(self, frame: F) -> DecisionKind:
        """The kind of decision this frame waits for."""
        return self.kind

    def rule_of(self, frame: F) -> str:
        """The rule ID of this frame's decision."""
        return self.rule

    def options(self, state: State, frame: F) -> tuple[Action, ...]:
        """The legal actions of the decision, seal trades aside (empty: the frame runs on its own,
        or waits for chance)."""
        return ()

    def allows(self, state: State, frame: F, action: Action) -> bool:
        """Whether ``action`` answers the decision (by default: it is one of the options)."""
        return action in self.options(state, frame)

    def refusal(self, state: State, frame: F, action: Action) -> Refusal | None:
        """Why ``action`` does not answer the decision, when the frame can say more than that it is not
        one of the options: the rule and the reason (None: the engine says the action is not an option
        of the pending decision, under the decision's rule)."""
        return None

    def run(self, state: State, frame: F) -> State:
        """Do the frame's work without a decision (it has no options)."""
        raise AssertionError(f"{type(frame).__name__} always waits for a decision")

    def act(self, state: State, frame: F, action: Action) -> State:
        """Apply an allowed action (or, for a chance frame, the outcome; it checks the outcome)."""
        raise AssertionError(f"{type(frame).__name__} never waits for a decision")


class ClanHandler(Handler[C]):
    """A frame one clan decides (``frame.clan``)."""

    def decider(self, frame: C) -> int | None:
        return frame.clan


__all__ = ["ClanFrame", "ClanHandler", "Handler", "Refusal"]
