"""The error taxonomy: callers catch exactly what they mean.

- :class:`IllegalAction`: the action is not allowed in this state; names the rule it breaks.
- :class:`RulesGap`: the game reached a situation no rule and no registered ruling covers.
- :class:`ContentError`: a content data file is malformed or breaks a structural rule.
- :class:`TraceError`: a trace file cannot be read or does not replay.
"""

from __future__ import annotations


class WhiteCastleError(Exception):
    """Base class of every error the reference raises on purpose."""


class IllegalAction(WhiteCastleError):
    """An action that the rules do not allow here. The input state is unchanged.

    ``rule`` is the rulebook ID of the rule the action breaks; ``reason`` says what is wrong.
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"[{rule}] {reason}")
        self.rule = rule
        self.reason = reason


class RulesGap(WhiteCastleError):
    """The rules are silent here and no ruling is registered. ``rule`` names the nearest rule."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"rules gap near [{rule}]: {reason}")
        self.rule = rule
        self.reason = reason


class ContentError(WhiteCastleError):
    """Malformed or inconsistent content data (file, item and what is wrong in the message)."""


class TraceError(WhiteCastleError):
    """A trace that cannot be decoded or replayed (file, position and what is wrong)."""


class SetupError(WhiteCastleError):
    """A setup the engine cannot start (unsupported number of clans, invalid options)."""
