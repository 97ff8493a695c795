"""Reading data that comes from outside: files a user names (traces, vectors, Solitaire decks) and
lines another program writes (protocol requests and replies). Every such reader decodes through
here, so one rule holds for all of them:

- **Nesting.** A value nested more than :data:`MAX_DEPTH` levels deep is malformed input. The depth
  is measured without recursion, and a decoder that recurses too deep before the check
  (``RecursionError``) is reported the same way: hostile nesting is a clear error, never a crash,
  and nothing downstream (comparisons, reports, narration) meets a value too deep to walk.
- **Repeated keys** (JSON, on request): an object that names a key twice is malformed; the error
  names the key.

Errors are :class:`msgspec.DecodeError`, the type a reader already handles for text that is not
JSON or TOML; :class:`InputLimit` (a subclass) tells a refused limit from plain garbage. Typed
values come from :func:`decode_json` / :func:`decode_toml` (the builtins checked, then converted
with msgspec, which says where a field does not fit: ``$.setup.players``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, Final, TypeVar, overload

import msgspec

MAX_DEPTH: Final = 64
"""Levels of nesting (objects and arrays, or TOML tables and arrays) a value may have. The deepest
data the reference reads or writes is a state whose custom content nests ``pay_coins`` as deep as
content allows (reference.content.MAX_EFFECT_DEPTH): 23 levels, 24 inside a request."""

MAX_FILE: Final = 16 * 1024 * 1024
"""Bytes a file a user names (a trace, a vector, a deck, a results file) may hold: 16 MiB. The
largest the reference writes is a trace of a long game on generated content, well under 1 MiB."""

_T = TypeVar("_T")


class InputLimit(msgspec.DecodeError):
    """Input refused by a limit rather than by the syntax: nested more than MAX_DEPTH levels deep, or
    an object that names a key twice. A DecodeError, so that readers treat it as malformed input."""


def read_file(path: Path, limit: int = MAX_FILE) -> bytes:
    """The bytes of the file at ``path``, read at most ``limit`` + 1 bytes far (so that
    ``/dev/zero`` or a huge file is never held whole). Raises OSError when it cannot be read and
    InputLimit when it holds more than ``limit`` bytes."""
    with path.open("rb") as source:
        data = source.read(limit + 1)
    if len(data) > limit:
        raise InputLimit(f"the file holds more than {limit:,} bytes; the readers refuse larger files")
    return data


def _containers(value: object) -> Iterator[tuple[object, int]]:
    """Every list and dict inside ``value`` (itself included) with its depth (1 for ``value``),
    depth first, without recursion."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        yield item, depth
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))


def _depth(value: object) -> int:
    """How many levels of lists and dicts ``value`` nests (0 for a scalar)."""
    return max((depth for _, depth in _containers(value)), default=0)


def _deepest_path(value: object) -> str:
    """The path down the deepest branch of ``value`` (its first steps, then an ellipsis): where an
    error says the nesting is."""
    steps: list[str] = []
    item = value
    while isinstance(item, (dict, list)) and len(steps) <= 4:
        pairs: list[tuple[str, object]] = (
            [(f".{k}", v) for k, v in item.items()]
            if isinstance(item, dict)
            else [(f"[{i}]", v) for i, v in enumerate(item)]
        )
        if not pairs:
            break
        step, item = max(pairs, key=lambda pair: _depth(pair[1]))
        steps.append(step)
    return "$" + "".join(steps[:4]) + ("…" if len(steps) > 4 else "")


def _too_deep(what: str, value: object, limit: int) -> InputLimit:
    return InputLimit(
        f"{what} is nested more than {limit} levels deep (at {_deepest_path(value)}); "
        "the readers refuse deeper input"
    )


def deeper_than(value: object, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value`` (JSON or TOML builtins) nests more than ``limit`` levels of lists and
    dicts: walked level by level, without recursion, stopping at ``limit``."""
    level: list[Any] = [value] if type(value) is dict or type(value) is list else []
    for _ in range(limit):
        below: list[Any] = []
        for item in level:
            children = item.values() if type(item) is dict else item
            below += [c for c in children if type(c) is dict or type(c) is list]
        if not below:
            return False
        level = below
    return bool(level)


def check_depth(value: object, what: str = "the value", limit: int = MAX_DEPTH) -> None:
    """Raise InputLimit when ``value`` nests more than ``limit`` levels (see :func:`deeper_than`)."""
    if deeper_than(value, limit):
        raise _too_deep(what, value, limit)


def _no_repeated_keys(pairs: list[tuple[str, Any]]) -> None:
    """json's object hook: raise InputLimit at the first key an object names twice."""
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise InputLimit(f"the key {key!r} appears twice in one object")
        seen.add(key)


def load_json(data: bytes | str, *, unique_keys: bool = False) -> Any:
    """The JSON value of ``data`` as builtins (dict, list, str, int, float, bool, None). Raises
    msgspec.DecodeError for text that is not JSON, InputLimit for JSON nested more than MAX_DEPTH
    levels deep and, with ``unique_keys``, for an object that names a key twice."""
    try:
        value = msgspec.json.decode(data)
    except RecursionError:
        raise InputLimit(
            f"JSON nested more than {MAX_DEPTH} levels deep (too deep to decode); the readers refuse deeper input"
        ) from None
    check_depth(value, "the JSON")
    if unique_keys:
        json.loads(data, object_pairs_hook=_no_repeated_keys)  # the depth is bounded: no recursion error
    return value


def load_toml(data: bytes | str) -> Any:
    """The TOML document of ``data`` as builtins. Raises msgspec.DecodeError for text that is not
    TOML (TOML itself forbids a repeated key) and InputLimit for a document nested more than
    MAX_DEPTH levels deep."""
    try:
        value = msgspec.toml.decode(data)
    except RecursionError:
        raise InputLimit(
            f"TOML nested more than {MAX_DEPTH} levels deep (too deep to decode); the readers refuse deeper input"
        ) from None
    check_depth(value, "the TOML document")
    return value


_AT_BYTE: Final = re.compile(r"\(byte (\d+)\)")


def explain(exc: msgspec.DecodeError, data: bytes | str) -> str:
    """The decoder's error about ``data``, said so that a person can find the place: text cut short
    says so and how long it is; a byte offset gains its line and column; a value of the wrong type
    at the top level says ``$`` (msgspec names no path there). Rules: none (input checking)."""
    text = str(exc)
    raw = data.encode() if isinstance(data, str) else data
    if isinstance(exc, msgspec.ValidationError):
        return text if " - at `" in text else f"{text} - at `$` (the whole document)"
    if text == "Input data was truncated":
        lines = raw.count(b"\n") + (0 if not raw or raw.endswith(b"\n") else 1)
        return (
            f"cut short: the text ends after {len(raw)} bytes ({lines} line(s)) before the value is complete"
        )
    found = _AT_BYTE.search(text)
    if found is None:
        return text
    offset = int(found.group(1))
    line = raw.count(b"\n", 0, offset) + 1
    column = offset - (raw.rfind(b"\n", 0, offset) + 1) + 1
    return text.replace(found.group(0), f"(byte {offset}: line {line}, column {column})")


@cache
def _decoder(kind: Any) -> msgspec.json.Decoder[Any]:
    """The JSON decoder of a type, built once."""
    return msgspec.json.Decoder(kind)


@overload
def decode_json(data: bytes | str, kind: type[_T], *, unique_keys: bool = False) -> _T: ...
@overload
def decode_json(data: bytes | str, kind: Any, *, unique_keys: bool = False) -> Any: ...
def decode_json(data: bytes | str, kind: Any, *, unique_keys: bool = False) -> Any:
    """The value of type ``kind`` (a msgspec type) that JSON ``data`` holds, after the checks of
    :func:`load_json`; raises msgspec.ValidationError (a DecodeError) saying where a field does not
    fit."""
    load_json(data, unique_keys=unique_keys)
    return _decoder(kind).decode(data)


@overload
def decode_toml(data: bytes | str, kind: type[_T]) -> _T: ...
@overload
def decode_toml(data: bytes | str, kind: Any) -> Any: ...
def decode_toml(data: bytes | str, kind: Any) -> Any:
    """:func:`load_toml`, then the value converted to ``kind``; raises msgspec.ValidationError."""
    return msgspec.convert(load_toml(data), kind)


__all__ = [
    "MAX_DEPTH",
    "MAX_FILE",
    "InputLimit",
    "check_depth",
    "decode_json",
    "decode_toml",
    "deeper_than",
    "explain",
    "load_json",
    "load_toml",
    "read_file",
]
