"""The generated files the repository keeps, and the one command that rebuilds them: ``wcref generate``.

Each is built from the code and the scenarios alone (no randomness beyond recorded seeds), so a
fresh build equals the kept file byte for byte when nothing changed:

- ``reference/vectors/``: every example of ``scenarios/`` as a portable test vector, with their
  schema, README and ID registry (the registry keeps retired IDs; see :mod:`reference.book.vectors`);
  package data, so that an installed wcref ships them;
- ``reference/conformance/protocol.schema.json``: the JSON Schema of the conformance protocol;
- ``reference/conformance/perft.json``: the perft counts of the shipped positions;
- ``docs/schemas/``: the JSON Schemas of the wire format (actions, states, setups, traces,
  observations, events), the files ``wcref schema`` writes.

``wcref generate --check`` builds them all into a temporary folder and names each kept file that
differs (exit 1), writing nothing: the check CI runs after a rules change. ``--root`` names another
checkout: its scenarios and vector registry are read, the code (schemas, perft) is this wcref's.
"""

from __future__ import annotations

import filecmp
import shutil
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from reference import wire
from reference.book.vectors import REGISTRY_FILE, VECTORS_DIR, export_vectors, read_registry
from reference.conformance import perft, protocol

ROOT: Final = Path(__file__).resolve().parents[1]
"""The source checkout this package sits in (the artefacts' home when it is one)."""
VECTORS_PATH: Final = "reference/vectors"
"""Where the vectors are kept below the root: inside the package, so that a wheel ships them."""


@dataclass(frozen=True)
class Artefact:
    """One generated file or folder: ``path`` below the repository root, and ``build(root, target)``
    that writes it at ``target`` from the checkout at ``root`` (its scenarios; the code is this
    wcref's) and returns a one-line summary of what it wrote."""

    path: str
    build: Callable[[Path, Path], str]


def _vectors(root: Path, target: Path) -> str:
    report = export_vectors(target, root / "scenarios")
    failing = f"; {len(report.failing)} fail on the reference" if report.failing else ""
    return f"{report.vectors} vectors ({len(report.new)} new, {len(report.retired)} retired ID(s){failing})"


def _protocol_schema(root: Path, target: Path) -> str:
    target.write_text(protocol.schema_text(), encoding="utf-8")
    return "the conformance protocol's JSON Schema"


def _perft(root: Path, target: Path) -> str:
    positions = tuple(position for position, _ in perft.build_data())
    target.write_text(perft.data_text(positions), encoding="utf-8")
    return f"perft counts of {len(positions)} positions"


def _wire_schemas(root: Path, target: Path) -> str:
    target.mkdir(parents=True, exist_ok=True)
    files = wire.schema_files()
    for name, text in files.items():
        (target / name).write_text(text, encoding="utf-8")
    return f"{len(files)} wire-format JSON Schemas"


ARTEFACTS: Final = (
    Artefact(VECTORS_PATH, _vectors),
    Artefact("reference/conformance/protocol.schema.json", _protocol_schema),
    Artefact("reference/conformance/perft.json", _perft),
    Artefact("docs/schemas", _wire_schemas),
)


def generate(root: Path = ROOT, into: Path | None = None) -> Iterator[tuple[Artefact, str]]:
    """Rebuild every artefact of the checkout at ``root`` (from its scenarios), in place or under
    ``into``; yields each with its summary as it is done. Raises ContentError for a malformed
    scenario or vector registry, OSError when a file cannot be written."""
    for artefact in ARTEFACTS:
        target = (root if into is None else into) / artefact.path
        target.parent.mkdir(parents=True, exist_ok=True)
        yield artefact, artefact.build(root, target)


def stale(root: Path = ROOT) -> list[str]:
    """The kept files (paths below ``root``) that differ from a fresh build, are missing, or are left
    over (a file the build no longer writes); empty when all are current. Writes nothing under
    ``root``."""
    out: list[str] = []
    with tempfile.TemporaryDirectory(prefix="wcref-generate-") as scratch:
        fresh_root = Path(scratch)
        kept_registry = root / VECTORS_PATH / REGISTRY_FILE
        (fresh_root / VECTORS_PATH).mkdir(parents=True)
        registry = kept_registry if kept_registry.exists() else VECTORS_DIR / REGISTRY_FILE
        if registry.exists():
            read_registry(registry)  # a malformed registry is reported under its own name
            shutil.copyfile(registry, fresh_root / VECTORS_PATH / REGISTRY_FILE)
        for artefact, _ in generate(root, into=fresh_root):
            out.extend(_differences(fresh_root / artefact.path, root / artefact.path, artefact.path))
    return out


def _differences(fresh: Path, kept: Path, name: str) -> list[str]:
    if fresh.is_file():
        if not kept.is_file():
            return [f"{name} (missing)"]
        return [] if filecmp.cmp(fresh, kept, shallow=False) else [name]
    if not kept.is_dir():
        return [f"{name}/ (missing)"]
    built = {p.name for p in fresh.iterdir()}
    there = {p.name for p in kept.iterdir()}
    found = [f"{name}/{n} (missing)" for n in sorted(built - there)]
    found += [f"{name}/{n} (no longer generated)" for n in sorted(there - built)]
    found += [
        f"{name}/{n}" for n in sorted(built & there) if not filecmp.cmp(fresh / n, kept / n, shallow=False)
    ]
    return found


def is_checkout(root: Path) -> bool:
    """Whether ``root`` looks like the repository (its ``pyproject.toml`` and ``scenarios/``)."""
    return (root / "pyproject.toml").is_file() and (root / "scenarios").is_dir()


__all__ = ["ARTEFACTS", "ROOT", "VECTORS_PATH", "Artefact", "generate", "is_checkout", "stale"]
