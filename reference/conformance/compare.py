"""Comparing JSON values: JSON Pointers (RFC 6901) and the first differing leaf of two values.

Values are JSON builtins (dict, list, str, int, float, bool, None). Two values are equal when they
have the same JSON type and content (``true`` is not ``1``, ``1`` is not ``1.0``). The first
difference is found depth first, in the key order of the expected value (the reference's canonical
order), then keys only the actual value has.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

import msgspec

from reference.conformance.adapter import JSON

_ENCODE: Final = msgspec.json.Encoder().encode

ABSENT: Final = "<absent>"
"""Shown for a value that one side does not have (a missing key or list element)."""


def escape(token: str) -> str:
    """A JSON Pointer reference token."""
    return token.replace("~", "~0").replace("/", "~1")


def unescape(token: str) -> str:
    """The key of a JSON Pointer reference token."""
    return token.replace("~1", "/").replace("~0", "~")


def tokens(pointer: str) -> list[str]:
    """The keys of a JSON Pointer ("" is the whole document). Raises ValueError when malformed."""
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        raise ValueError(f"a JSON Pointer starts with '/': {pointer!r}")
    return [unescape(t) for t in pointer[1:].split("/")]


def resolve(document: JSON, pointer: str) -> JSON:
    """The value at ``pointer``; raises LookupError when there is none, ValueError when malformed."""
    value = document
    for token in tokens(pointer):
        if isinstance(value, dict):
            if token not in value:
                raise LookupError(f"no key {token!r} at {pointer}")
            value = value[token]
        elif isinstance(value, list):
            if not token.isdigit() or (len(token) > 1 and token.startswith("0")):
                raise LookupError(f"{token!r} is not a list index at {pointer}")
            index = int(token)
            if index >= len(value):
                raise LookupError(f"index {index} is past the end at {pointer}")
            value = value[index]
        else:
            raise LookupError(f"{pointer} goes below a scalar")
    return value


def _kind(value: JSON) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "str"
    if isinstance(value, list):
        return "list"
    return "dict"


def same(expected: JSON, actual: JSON) -> bool:
    """Equal as JSON (types included)."""
    return first_difference(expected, actual) is None


def first_difference(expected: JSON, actual: JSON, pointer: str = "") -> tuple[str, JSON, JSON] | None:
    """(pointer, expected value, actual value) of the first differing leaf, or None when equal. A
    value one side lacks is shown as ABSENT."""
    return next(differences(expected, actual, pointer), None)


def differences(expected: JSON, actual: JSON, pointer: str = "") -> Iterator[tuple[str, JSON, JSON]]:
    """Every differing leaf as (pointer, expected value, actual value), in the order of
    :func:`first_difference` (lazily: take what you need). A value one side lacks is ABSENT."""
    if expected == actual and _kind(expected) == _kind(actual):
        if not isinstance(expected, (dict, list)):
            return
        # equal containers: the same JSON text unless a bool equals an int (or an int a float)
        # somewhere inside, or a dict's keys come in another order (then walk them)
        if _ENCODE(expected) == _ENCODE(actual):
            return
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key, value in expected.items():
            where = f"{pointer}/{escape(key)}"
            if key not in actual:
                yield where, value, ABSENT
            else:
                yield from differences(value, actual[key], where)
        for key, value in actual.items():
            if key not in expected:
                yield f"{pointer}/{escape(key)}", ABSENT, value
        return
    if isinstance(expected, list) and isinstance(actual, list):
        for i, (a, b) in enumerate(zip(expected, actual, strict=False)):
            yield from differences(a, b, f"{pointer}/{i}")
        for i in range(len(actual), len(expected)):
            yield f"{pointer}/{i}", expected[i], ABSENT
        for i in range(len(expected), len(actual)):
            yield f"{pointer}/{i}", ABSENT, actual[i]
        return
    yield pointer, expected, actual


_DEFAULTED: Final = ("shuffle_pool", "pending")
"""The observation's fields that have a default (an implementation may leave them out)."""


def canonical(observation: JSON) -> JSON:
    """An observation as two are compared: the fields it may leave out filled in with their defaults
    (an empty ``shuffle_pool``, a null ``pending``, and inside a pending decision every field left at
    its default), and the options of a pending decision in the order of their actions' canonical JSON
    (the protocol leaves their order free, as that of ``legal_actions``; the ``items`` an order
    decision counts keep theirs). An observation that breaks the schema is returned as it is."""
    if not isinstance(observation, dict):
        return observation
    pending = observation.get("pending")
    if isinstance(pending, dict) or any(key not in observation for key in _DEFAULTED):
        from reference.wire import Observation, to_json

        try:
            observation = to_json(msgspec.convert(observation, Observation))
        except msgspec.ValidationError:
            return observation
        assert isinstance(observation, dict)
        pending = observation.get("pending")
    options = pending.get("options") if isinstance(pending, dict) else None
    if isinstance(pending, dict) and isinstance(options, list):
        options = sorted(options, key=_action_key)
        observation = {**observation, "pending": {**pending, "options": options}}
    return observation


def action_key(action: object) -> bytes:
    """The key of the canonical order of a decision's options: the action's JSON with sorted keys
    (the same bytes for an action as wire JSON and as the reference's Action)."""
    return msgspec.json.encode(action, order="sorted")


def _action_key(option: JSON) -> bytes:
    return action_key(option.get("action") if isinstance(option, dict) else None)


def under(pointer: str, field: str) -> bool:
    """Whether the JSON Pointer ``field`` is ``pointer`` or below it (``""``: the whole document;
    ``/clans/1`` covers ``/clans/1/seals``, not ``/clans/10``; a trailing ``/`` is forgiven, except
    that ``/`` alone is the root's key ``""`` (RFC 6901), not the whole document)."""
    if pointer == "":
        return True
    parent = pointer[:-1] if len(pointer) > 1 and pointer.endswith("/") else pointer
    return field == parent or field.startswith(parent + "/")


__all__ = [
    "ABSENT",
    "action_key",
    "canonical",
    "differences",
    "escape",
    "first_difference",
    "resolve",
    "same",
    "tokens",
    "under",
    "unescape",
]
