"""wcref: the reference engine for the rules of The White Castle (Devir, 2023).

The API (see :mod:`reference.engine`): ``new_game(setup)``, ``legal_actions(state)``,
``apply(state, action)``; chance outcomes come from the caller (:mod:`reference.chance`).
"""

from reference.engine import apply, is_chance, is_over, legal_actions, new_game
from reference.errors import ContentError, IllegalAction, RulesGap, SetupError, TraceError
from reference.model import Action, Setup, State

__all__ = [
    "Action",
    "ContentError",
    "IllegalAction",
    "RulesGap",
    "Setup",
    "SetupError",
    "State",
    "TraceError",
    "apply",
    "is_chance",
    "is_over",
    "legal_actions",
    "new_game",
]
