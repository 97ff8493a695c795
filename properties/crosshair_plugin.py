"""A CrossHair plugin: let CrossHair construct msgspec Structs (the engine's frozen value types) and
read the shipped content from memory.

CrossHair intercepts every class construction in the code it traces (``manual_constructor``), calling
``typ.__new__`` and ``__init__`` separately; a msgspec ``Struct`` cannot be built that way ("object.__new__
is not safe"). This plugin builds Structs with their own constructor; their fields then hold CrossHair's
symbolic values, so the contracts of :mod:`properties.contracts` run on the engine's real code paths.

CrossHair also disables ``functools.cache`` while it analyses (a cache could leak symbolic values), so
the engine's cached content loaders (the shipped content, its lookup tables, the provisional Solitaire
deck) would read and validate their files again on every call, which CrossHair forbids (file access)
or times out on. The plugin loads them once and serves the same values from memory; nothing the rules
compute changes.

Used by ``tox -e contracts`` (``crosshair check --extra_plugin=properties/crosshair_plugin.py``; CrossHair
runs the file with ``exec``, so everything lives inside :func:`install`) and by the ``crosshair``
Hypothesis profile.
"""

from __future__ import annotations

from typing import Any


def install() -> None:
    """Patch CrossHair's constructor interception for msgspec Structs and serve the shipped content
    from memory (idempotent)."""
    import importlib

    import msgspec

    import reference.content as content
    import reference.rules.solo.rival as rival

    enforce = importlib.import_module("crosshair.enforce")  # only in the contracts environment
    if getattr(enforce.manual_constructor, "_wcref", False):
        return
    original = enforce.manual_constructor

    def construct(typ: type, _struct: type = msgspec.Struct, _original: Any = original) -> Any:
        if isinstance(typ, type) and issubclass(typ, _struct):
            return typ
        return _original(typ)

    construct._wcref = True  # type: ignore[attr-defined]
    setattr(enforce, "manual_constructor", construct)  # noqa: B010

    loaded = (content.catalogue(None), content.base_content(), content.provisional_deck())
    setattr(content, "_base_catalogue", lambda: loaded[0])  # noqa: B010
    setattr(content, "base_content", lambda: loaded[1])  # noqa: B010
    setattr(content, "provisional_deck", lambda: loaded[2])  # noqa: B010
    setattr(rival, "provisional_deck", lambda: loaded[2])  # noqa: B010


install()
