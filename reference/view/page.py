"""``wcref view TRACE -o game.html``: one self-contained HTML page that steps through a game.

The page carries the board's skeleton once (the SVG of step 0 on the game's layout: every slot of
every step is there, :mod:`reference.view.layout`) and, per step, only the looks that changed since
the step before (:func:`reference.view.scene.changed`), with the step's log lines (made from its
typed events by :mod:`reference.narrate`), the decision it answered (who, what kind, its rule), the
action taken and the legal alternatives (labels, each string once in a shared table) and the rule
IDs involved (the decision's and every event's, with their paraphrases from the register). A small
inline script applies the looks by element id; buttons, the slider and the keyboard (left and right
arrows, Home, End) move between steps, and ``#step=N`` in the address opens step N. Nothing is
fetched: no network, no other file.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from markupsafe import Markup

from reference.model import Setup
from reference.narrate import names_for
from reference.rulebook import load_register
from reference.view.game import Game, GameStep
from reference.view.labels import action_label
from reference.view.layout import layout_for
from reference.view.scene import Look, Scene, changed, scene
from reference.view.svg import asset, css, environment, render, script
from reference.wire import JSON


@dataclass
class _Strings:
    """A table of strings, each once; entries refer to it by index."""

    table: list[str]
    index: dict[str, int]

    def __call__(self, text: str) -> int:
        found = self.index.get(text)
        if found is None:
            found = self.index[text] = len(self.table)
            self.table.append(text)
        return found


@cache
def _paraphrases() -> dict[str, str]:
    return {entry.id: entry.paraphrase for entry in load_register()}


def describe_setup(setup: Setup) -> str:
    """``2 clans`` or ``solo against the tokugawa rival (medium)``."""
    if setup.solo is None:
        return f"{setup.players} clans"
    return f"solo against the {setup.solo.rival.value} rival ({setup.solo.difficulty.value})"


def _looks(looks: dict[str, Look]) -> dict[str, JSON]:
    return {k: list(v.wire()) for k, v in looks.items()}


def _heading(game: Game, step: GameStep) -> str:
    if step.index == 0 or step.decision is None:
        return "the start" if game.kind != "wcref-position" else "the position"
    before = game.steps[step.index - 1].observation
    name = names_for(game.setup)
    who = "chance" if step.decision.clan is None else name(step.decision.clan)
    return f"round {before.round} · {before.phase.value} · {who} ({step.decision.kind.value})"


def page_data(game: Game) -> tuple[dict[str, JSON], str]:
    """The page's data (JSON builtins: ``steps``, ``labels``, ``rules``) and the SVG skeleton (step
    0's board)."""
    layout = layout_for(s.observation for s in game.steps)
    labels = _Strings([], {})
    rules: dict[str, str] = {}
    steps: list[JSON] = []
    previous: Scene = {}
    first: Scene = {}
    for step in game.steps:
        now = scene(step.observation, layout)
        if step.index == 0:
            first = now
        entry: dict[str, JSON] = {"d": _looks(changed(previous, now)), "h": _heading(game, step)}
        if step.action is not None:
            before = game.steps[step.index - 1].observation
            entry["a"] = labels(action_label(step.action, before))
            entry["o"] = [labels(action_label(option, before)) for option in step.options]
        found = step.rules()
        if found:
            entry["r"] = list(found)
            for rid in found:
                rules[rid] = _paraphrases().get(rid, "")
        if step.log:
            entry["l"] = list(step.log)
        steps.append(entry)
        previous = now
    data: dict[str, JSON] = {"steps": steps, "labels": list(labels.table), "rules": dict(rules)}
    svg = render(layout, first, title=f"The White Castle: {describe_setup(game.setup)}")
    return data, svg


VIEWER_JS: Final = "viewer.js"
VIEWER_CSS: Final = "viewer.css"


def game_page(game: Game) -> str:
    """The self-contained HTML page of ``game`` (see the module docstring)."""
    data, svg = page_data(game)
    template = environment().get_template("game.html.j2")
    return template.render(
        title=f"{game.source}: {describe_setup(game.setup)}",
        source=game.source,
        setup=describe_setup(game.setup),
        warning=game.warning,
        count=len(game.steps),
        svg=Markup(svg),
        board_css=Markup(css()),
        viewer_css=Markup(asset(VIEWER_CSS)),
        viewer_js=Markup(script(VIEWER_JS)),
        data=data,
    )


__all__ = ["describe_setup", "game_page", "page_data"]
