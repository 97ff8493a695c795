"""The boards of the rules book: each example's board at its start and after its actions.

An example is run through its vector (:func:`reference.book.vectors.compile_example`, the same run
as the book's pass/fail): its start is the vector's start position, or the dealt game after the deal
and the starting draft the example's Given steps make (before the deal for a game "waiting for its
deal"); the board after is the state its actions reach (a refused action changes nothing).

A book page holds one board skeleton (an SVG in a ``<template>``, on a layout big enough for every
example of the page) and, per example, only the looks that differ from the skeleton at its start
and from its start after its actions (:mod:`reference.view.scene`); a small script draws a board
pair when its collapsed ``<details>`` is opened (or the address names the example), so a page stays
small however many examples it has. Rules: RULING.PUBLIC_POSITION (the start positions), TIME.STACK.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from markupsafe import Markup

from reference.book.scenarios import Example
from reference.book.vectors import compile_example
from reference.engine import apply, new_game
from reference.errors import ContentError, IllegalAction, RulesGap, SetupError
from reference.model import Deal, DecisionKind, Next, State, TakePair
from reference.position import ImpossiblePosition, from_position
from reference.view.layout import layout_for
from reference.view.scene import Scene, changed, scene
from reference.view.svg import css, environment, render, script
from reference.wire import Observation, observe

UNDEALT: Final = "waiting for its deal"
"""The Given step of an example whose deal is one of its actions (reference/book/steps.py)."""


@dataclass(frozen=True)
class ExampleBoards:
    """An example's observation at its start and after its actions."""

    key: str
    start: Observation
    after: Observation
    actions: int


def example_boards(example: Example) -> ExampleBoards | None:
    """The boards of one example (None for an example that cannot be compiled or replayed: the
    book marks it failed)."""
    try:
        vector = compile_example(example).vector
    except ContentError:
        return None
    actions = [step.action for step in vector.steps]
    refused = [step.refused is not None for step in vector.steps]
    try:
        if vector.start is not None:
            state = from_position(vector.start, vector.composed)
        else:
            state = new_game(vector.setup)
            undealt = any(UNDEALT in s.text for s in example.steps)
            while actions and not undealt and not refused[0] and _prefix(state, actions[0]):
                state = apply(state, actions.pop(0))
                refused.pop(0)
        start = observe(state)
        done = 0
        for action, is_refused in zip(actions, refused, strict=True):
            if is_refused:
                continue
            state = apply(state, action)
            done += 1
    except (IllegalAction, RulesGap, SetupError, ContentError, ImpossiblePosition):
        return None
    return ExampleBoards(example.key, start, observe(state), done)


def _prefix(state: State, action: object) -> bool:
    """Whether ``action`` belongs to the dealt game's making (the deal, then the starting draft), not
    to the example's own actions."""
    if isinstance(action, Deal):
        return state.decision.kind is DecisionKind.DEAL
    return state.decision.kind in (DecisionKind.DRAFT, DecisionKind.ORDER) and isinstance(
        action, TakePair | Next
    )


@dataclass
class PageBoards:
    """The boards of one book page: :meth:`details` gives an example's collapsed board pair,
    :meth:`assets` the skeleton, the data and the script (once, at the end of the page)."""

    boards: dict[str, ExampleBoards]
    looks: dict[str, dict[str, object]] = field(default_factory=dict)
    svg: str = ""

    @classmethod
    def of(cls, examples: Iterable[Example]) -> PageBoards:
        found = {e.key: b for e in examples if (b := example_boards(e)) is not None}
        page = cls(found)
        if not found:
            return page
        layout = layout_for(o for b in found.values() for o in (b.start, b.after))
        base: Scene | None = None
        for key, boards in found.items():
            start = scene(boards.start, layout)
            after = scene(boards.after, layout)
            if base is None:
                base = start
            page.looks[key] = {
                "s": {k: v.wire() for k, v in changed(base, start).items()},
                "a": {k: v.wire() for k, v in changed(start, after).items()},
            }
        assert base is not None
        page.svg = render(layout, base, title="the board")
        return page

    def details(self, key: str, label: str = "") -> str:
        """The collapsed board pair of the example ``key`` (empty when it has none)."""
        boards = self.boards.get(key)
        if boards is None:
            return ""
        return (
            environment()
            .get_template("book_boards.html.j2")
            .render(key=key, label=label, actions=boards.actions)
        )

    def assets(self) -> str:
        """The page's skeleton, board data, style and script (empty when no example has boards)."""
        if not self.boards:
            return ""
        return (
            environment()
            .get_template("book_assets.html.j2")
            .render(
                svg=Markup(self.svg),
                data=self.looks,
                board_css=Markup(css()),
                script=Markup(script("book.js")),
            )
        )


__all__ = ["ExampleBoards", "PageBoards", "example_boards"]
