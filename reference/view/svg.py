"""The board as SVG, rendered by Jinja2 from ``templates/board.svg.j2`` (autoescaping on: card ids,
deck names and every other text of an observation are escaped, never markup).

:func:`board_svg` draws one observation (or public position) on its own layout;
:func:`render` draws a scene on a given layout, with an id prefix (two boards on one page, as the
divergence page shows them) and slots to highlight.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import cache
from typing import Final

import jinja2

from reference.view.layout import Layout, layout_for
from reference.view.scene import Scene, scene
from reference.wire import Observation

TEMPLATES: Final = "templates"


def _number(value: object) -> object:
    """Numbers as short as they can be written (``12`` not ``12.0``, one decimal at most)."""
    if isinstance(value, float):
        return int(value) if value.is_integer() else round(value, 1)
    return value


@cache
def environment() -> jinja2.Environment:
    """The Jinja2 environment of the view's templates (package data), autoescaping on, undefined
    variables an error."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("reference.view", TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        finalize=_number,
        keep_trailing_newline=True,
    )
    env.policies["json.dumps_kwargs"] = {"sort_keys": False, "separators": (",", ":")}  # |tojson, compact
    return env


@cache
def asset(name: str) -> str:
    """The text of a file of ``templates/`` as it is (a style sheet, a script)."""
    loader = environment().loader
    assert loader is not None
    source, _, _ = loader.get_source(environment(), name)
    return source


def script(name: str) -> str:
    """A script of ``templates/`` to inline, after the shared ``look.js`` it calls."""
    return asset("look.js") + asset(name)


def css() -> str:
    """The board's style sheet (``templates/board.css``)."""
    return asset("board.css")


def render(
    layout: Layout,
    looks: Scene,
    *,
    prefix: str = "",
    marked: Collection[str] = (),
    standalone: bool = False,
    title: str = "The White Castle: the board",
) -> str:
    """The SVG of ``looks`` drawn on ``layout``: every slot a ``<g>`` with id ``prefix + slot id``;
    slots in ``marked`` get the class ``diff`` (highlighted). ``standalone``: a whole .svg file
    (namespace and style sheet); otherwise an inline ``<svg>`` for an HTML page that carries the
    style sheet (:func:`css`)."""
    template = environment().get_template("board.svg.j2")
    return template.render(
        layout=layout,
        scene=looks,
        prefix=prefix,
        marked=frozenset(marked),
        standalone=standalone,
        css=css(),
        title=title,
    )


def board_svg(observation: Observation, *, standalone: bool = True, prefix: str = "") -> str:
    """The SVG picture of one observation or public position (see :mod:`reference.view` for what is
    drawn and the id of every element)."""
    layout = layout_for([observation])
    return render(layout, scene(observation, layout), standalone=standalone, prefix=prefix)


__all__ = ["board_svg", "css", "environment", "render"]
