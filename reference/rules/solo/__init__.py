"""The solo game: the rival clan beside the base rules.

- :mod:`.rival`: what both rivals share (setup, icons, undoable icons, hand-in, gardens step, deck);
- :mod:`.tokugawa`: the Tokugawa visit, the official rival (the flip loop, the card's space);
- :mod:`.gingkogawa`: the Gingkogawa Clan bot (zones, bonuses, card halves, a discard pile).

Each rival is a :class:`~reference.rules.variant.Variant`: :func:`variant_of` gives the variant of a
game (the base game's when it has no rival), whose hooks the base rules and the engine call.
"""

from __future__ import annotations

from reference.errors import IllegalAction
from reference.model import (
    Action,
    BotTurnFrame,
    DecisionKind,
    RivalGardenFrame,
    RivalIconsFrame,
    RivalKind,
    RivalRoomFrame,
    Setup,
    Shuffle,
    ShuffleFrame,
    State,
)
from reference.rules.handler import Handler
from reference.rules.solo import gingkogawa, rival
from reference.rules.solo.gingkogawa import GINGKOGAWA
from reference.rules.solo.rival import PLAYER, Rival
from reference.rules.solo.tokugawa import TOKUGAWA
from reference.rules.variant import BASE_GAME, Variant

RIVALS: dict[RivalKind, Rival] = {RivalKind.TOKUGAWA: TOKUGAWA, RivalKind.GINGKOGAWA: GINGKOGAWA}
"""The rules of each rival."""


def variant_of(setup: Setup) -> Variant:
    """The variant a game plays: its rival's rules, or the base game's."""
    solo = setup.solo
    return BASE_GAME if solo is None else RIVALS[solo.rival]


def rival_of(state: State) -> Rival:
    """The rival of a solo game (AssertionError in a game without one)."""
    solo = state.setup.solo
    assert solo is not None, "a game without a rival"
    return RIVALS[solo.rival]


# ---- how the engine treats the rivals' frames ---------------------------------------------------------


class RivalIconsHandler(Handler[RivalIconsFrame]):
    """The rival does its icons one by one (engine logic, no decision). Rules: SOLO.TURN.ACT, SOLO.ICON.*."""

    rule = "SOLO.TURN.ACT"

    def run(self, state: State, frame: RivalIconsFrame) -> State:
        return rival_of(state).icons_run(state, frame)


class RivalGardenHandler(Handler[RivalGardenFrame]):
    """The player breaks a tie between gardens for the rival's gardener. Rule: SOLO.ICON.GARDENER."""

    kind = DecisionKind.RIVAL_GARDEN
    rule = "SOLO.ICON.GARDENER"

    def decider(self, frame: RivalGardenFrame) -> int | None:
        return PLAYER

    def options(self, state: State, frame: RivalGardenFrame) -> tuple[Action, ...]:
        return rival.garden_options(state, frame)

    def act(self, state: State, frame: RivalGardenFrame, action: Action) -> State:
        return rival.garden_act(state, frame, action)


class RivalRoomHandler(Handler[RivalRoomFrame]):
    """The player chooses the room the rival's courtier enters. Rules: SOLO.ICON.CLIMB,
    RULING.RIVAL_CARD_REMOVED."""

    kind = DecisionKind.RIVAL_ROOM
    rule = "SOLO.ICON.CLIMB"

    def decider(self, frame: RivalRoomFrame) -> int | None:
        return PLAYER

    def options(self, state: State, frame: RivalRoomFrame) -> tuple[Action, ...]:
        return rival.room_options(state, frame)

    def run(self, state: State, frame: RivalRoomFrame) -> State:
        return rival.room_run(state, frame)

    def act(self, state: State, frame: RivalRoomFrame, action: Action) -> State:
        return rival.room_act(state, frame, action)


class BotTurnHandler(Handler[BotTurnFrame]):
    """The Gingkogawa bot's turn in progress (engine logic; it pauses only for a reshuffle).
    Rule: GINKGO.TURN.FIND_DIE."""

    rule = "GINKGO.TURN.FIND_DIE"

    def run(self, state: State, frame: BotTurnFrame) -> State:
        return gingkogawa.turn_run(state, frame)


class ShuffleHandler(Handler[ShuffleFrame]):
    """The chance outcome of the bot's reshuffle. Rule: GINKGO.DISCARD."""

    kind = DecisionKind.SHUFFLE
    rule = "GINKGO.DISCARD"
    chance = True

    def act(self, state: State, frame: ShuffleFrame, action: Action) -> State:
        if not isinstance(action, Shuffle):
            raise IllegalAction(
                "GINKGO.DISCARD", f"waiting for the bot's reshuffle, got {type(action).__name__}"
            )
        return gingkogawa.shuffle_act(state, frame, action)


RIVAL_ICONS = RivalIconsHandler()
RIVAL_GARDEN = RivalGardenHandler()
RIVAL_ROOM = RivalRoomHandler()
BOT_TURN = BotTurnHandler()
SHUFFLE = ShuffleHandler()


__all__ = ["RIVALS", "Rival", "rival_of", "variant_of"]
