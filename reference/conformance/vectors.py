"""Conformance vectors: one JSON file per vector (the format ``reference/vectors.py`` exports).

A vector is ``{"format": "wcref-vector", "version": 1, "id", "title", "rules", "questions",
"areas", "setup", "start", "steps"}``: a setup (or, with the ``load_state`` area, a start state),
then steps, each an action or chance outcome with the values the observation must show afterwards
(``expect``: JSON Pointer into the observation -> value) or the rule ID the implementation must
refuse it with (``refused``; the observation must stay unchanged).
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Final, Literal

import msgspec

from reference.conformance.adapter import AREAS
from reference.model import Action, Setup, State

VECTOR_FORMAT: Final = "wcref-vector"
VECTOR_VERSION: Final = 1


class VectorStep(msgspec.Struct, frozen=True, kw_only=True):
    """One step: the action, what the observation must show after it, or the rule refusing it."""

    action: Action
    expect: dict[str, Any] = {}
    refused: str | None = None


class Vector(msgspec.Struct, frozen=True, kw_only=True):
    """A conformance vector (see the module docstring)."""

    format: Literal["wcref-vector"]
    version: int
    id: str
    title: str = ""
    rules: tuple[str, ...] = ()
    questions: tuple[int, ...] = ()
    areas: tuple[str, ...] = ("base",)
    setup: Setup
    start: State | None = None
    steps: tuple[VectorStep, ...] = ()


class VectorProblem(msgspec.Struct, frozen=True):
    """A vector file that cannot be used: its path and what is wrong."""

    path: str
    reason: str


_decoder: Final = msgspec.json.Decoder(Vector)


def read_vector(path: Path) -> Vector:
    """Read one vector file; raises ValueError saying what is wrong (file, JSON path)."""
    try:
        vector = _decoder.decode(path.read_bytes())
    except OSError as exc:
        raise ValueError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    except msgspec.ValidationError as exc:
        raise ValueError(f"{path}: {exc}") from exc
    except msgspec.DecodeError as exc:
        raise ValueError(f"{path}: not valid JSON: {exc}") from exc
    if vector.version != VECTOR_VERSION:
        raise ValueError(f"{path}: version {vector.version} is not supported (expected {VECTOR_VERSION})")
    unknown = [a for a in vector.areas if a not in AREAS]
    if unknown:
        raise ValueError(f"{path}: unknown area(s) {', '.join(unknown)} (known: {', '.join(AREAS)})")
    if vector.start is not None and "load_state" not in vector.areas:
        raise ValueError(f"{path}: a vector with a start state needs the load_state area")
    return vector


def is_vector_file(path: Path) -> bool:
    """Whether a JSON file declares the vector format (other files, such as the exporter's
    ``registry.json`` and ``vector.schema.json``, are not vectors); unreadable files count as
    vectors, so that their problem is reported."""
    try:
        head = msgspec.json.decode(path.read_bytes())
    except (OSError, msgspec.DecodeError):
        return True
    return not isinstance(head, dict) or head.get("format") == VECTOR_FORMAT or "steps" in head


def load_vectors(directory: Path) -> tuple[list[Vector], list[VectorProblem]]:
    """Every ``*.json`` vector under ``directory`` (recursively, sorted by path), and the files that
    could not be read. JSON files that are not vectors (no ``"format": "wcref-vector"``, no
    ``steps``) are ignored. A missing directory holds no vectors. Ids must be unique."""
    if not directory.is_dir():
        return [], []
    vectors: list[Vector] = []
    problems: list[VectorProblem] = []
    seen: dict[str, Path] = {}
    for path in sorted(directory.rglob("*.json")):
        if not is_vector_file(path):
            continue
        try:
            vector = read_vector(path)
        except ValueError as exc:
            problems.append(VectorProblem(str(path), str(exc)))
            continue
        if vector.id in seen:
            problems.append(
                VectorProblem(str(path), f"{path}: id {vector.id!r} already used by {seen[vector.id]}")
            )
            continue
        seen[vector.id] = path
        vectors.append(vector)
    return vectors, problems


def selected(vector_id: str, run: Sequence[str], skip: Sequence[str]) -> bool:
    """Whether the id matches a ``--run`` glob (any when none given) and no ``--skip`` glob."""
    if run and not any(fnmatch.fnmatchcase(vector_id, g) for g in run):
        return False
    return not any(fnmatch.fnmatchcase(vector_id, g) for g in skip)


def missing_areas(vector: Vector, areas: Iterable[str]) -> list[str]:
    """The areas the vector needs that are not in ``areas``."""
    have = set(areas)
    return [a for a in vector.areas if a not in have]


def default_directory() -> Path:
    """``vectors/`` at the top of the repository (next to the ``reference`` package)."""
    return Path(__file__).resolve().parents[2] / "vectors"


__all__ = [
    "Vector",
    "VectorProblem",
    "VectorStep",
    "default_directory",
    "is_vector_file",
    "load_vectors",
    "missing_areas",
    "read_vector",
    "selected",
]
