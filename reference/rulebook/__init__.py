"""The rulebook register: every rule, ruling and reading the engine cites, loaded from ``register.toml``.

Each ``[[rule]]`` entry becomes a :class:`RuleEntry`. :func:`load_register` decodes and validates the
shipped file once (unique ids; a ruling states its reason) and raises
:class:`~reference.errors.ContentError` naming the file, the entry and what is wrong.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Final, Literal, get_args

import msgspec

from reference.errors import ContentError

Status = Literal["rule", "ruling", "reading"]
"""``rule``: a rules sentence; ``ruling``: a project decision where the rules are silent or unclear;
``reading``: an interpretation of an ambiguous sentence."""

STATUSES: Final[tuple[str, ...]] = get_args(Status)

REGISTER_FILE: Final = "register.toml"
_WHERE: Final = "reference/rulebook/register.toml"


class RuleEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One register entry. ``reason`` explains a ruling or a reading; ``gap`` names the
    rules-questions gap it settles; ``questions`` lists the rules-questions items it answers. A
    reading also names its ``readings``, the ``default`` one and the Setup field (``setting``)
    that selects it."""

    id: str
    section: str
    status: Status
    source: str
    paraphrase: str
    reason: str | None = None
    gap: str | None = None
    questions: tuple[int, ...] = ()
    readings: tuple[str, ...] = ()
    default: str | None = None
    setting: str | None = None


class _Register(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rule: tuple[RuleEntry, ...] = ()


def parse_register(raw: bytes, where: str = "register") -> tuple[RuleEntry, ...]:
    """Decode and validate register TOML; raises ContentError with ``where`` and what is wrong."""
    try:
        register = msgspec.toml.decode(raw, type=_Register)
    except msgspec.ValidationError as exc:
        raise ContentError(f"{where}: {exc}") from exc
    except msgspec.DecodeError as exc:
        raise ContentError(f"{where}: not valid TOML: {exc}") from exc
    entries = register.rule
    for i, entry in enumerate(entries):
        if not entry.id.strip():
            raise ContentError(f"{where}: rule[{i}]: the id is empty")
        if entry.status in ("ruling", "reading") and not (entry.reason and entry.reason.strip()):
            raise ContentError(f"{where}: rule[{i}] {entry.id}: a {entry.status} must give a reason")
        if entry.status == "reading" and (len(entry.readings) < 2 or entry.default not in entry.readings):
            raise ContentError(
                f"{where}: rule[{i}] {entry.id}: a reading needs two or more readings and a default among them"
            )
    duplicates = sorted(rid for rid, n in Counter(e.id for e in entries).items() if n > 1)
    if duplicates:
        raise ContentError(f"{where}: duplicate rule id(s): {', '.join(duplicates)}")
    return entries


@cache
def load_register() -> tuple[RuleEntry, ...]:
    """The shipped register, in file order (decoded and validated once)."""
    raw = resources.files("reference.rulebook").joinpath(REGISTER_FILE).read_bytes()
    return parse_register(raw, _WHERE)


@cache
def rule_ids() -> frozenset[str]:
    """The ids of every register entry."""
    return frozenset(entry.id for entry in load_register())


def closest_ids(asked: str, known: Iterable[str]) -> list[str]:
    """Up to 3 register IDs closest to ``asked`` (a misspelt or mis-cased ID), closest first."""
    return difflib.get_close_matches(asked.upper()[:80], sorted(known), n=3, cutoff=0.6)


__all__ = ["STATUSES", "RuleEntry", "Status", "closest_ids", "load_register", "parse_register", "rule_ids"]
