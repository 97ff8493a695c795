"""Perft: counting the legal decision sequences from a fixed position (as chess engines do).

``perft(state, 0) = 1``; at depth ``d > 0`` a state whose ``legal_actions`` is empty (a chance node:
the deal, a re-roll, a reshuffle; or the end of the game) is a **leaf and counts 1**; otherwise
``perft(state, d)`` is the sum of ``perft(apply(state, a), d - 1)`` over its legal actions (seal
trades included). So the count is the number of distinct sequences of decisions of length ``d``,
plus the shorter ones that stop at a chance node or at the end.

A *start position* is ``new_game(setup)`` then the Deal sampled with ``random.Random(seed)``; the
data file ``perft.json`` records every position as its setup and the actions reaching it (the Deal
included), so another implementation needs no Python random generator to reproduce the counts.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import msgspec

from reference import wire
from reference.chance import sample
from reference.engine import apply, is_chance, is_over, legal_actions, new_game
from reference.model import Action, Difficulty, RivalKind, Setup, Solo, State, Trade
from reference.play import GameStalled

DATA_PATH: Final = Path(__file__).with_name("perft.json")
"""The shipped perft counts."""
PERFT_FORMAT: Final = "wcref-perft"
NODE_BUDGET: Final = 3_000_000
"""A depth is left out of the data file when its count would exceed this many leaves."""


def perft(state: State, depth: int) -> int:
    """The number of decision sequences of length ``depth`` from ``state`` (see the module docstring)."""
    if depth == 0:
        return 1
    actions = legal_actions(state)
    if not actions:
        return 1
    if depth == 1:
        return len(actions)
    return sum(perft(apply(state, a), depth - 1) for a in actions)


def divide(state: State, depth: int) -> list[tuple[Action, int]]:
    """Per legal action, the perft count of the rest (``depth - 1``) after it."""
    return [(a, perft(apply(state, a), depth - 1)) for a in legal_actions(state)]


def start_position(setup: Setup, seed: int) -> tuple[State, Action]:
    """``new_game(setup)`` and the Deal sampled with ``random.Random(seed)``: the state after the deal
    and the deal."""
    state = new_game(setup)
    deal = sample(state, random.Random(seed))
    return apply(state, deal), deal


def replay(setup: Setup, actions: tuple[Action, ...]) -> State:
    """The state the actions reach from ``new_game(setup)``."""
    state = new_game(setup)
    for action in actions:
        state = apply(state, action)
    return state


class PerftPosition(msgspec.Struct, frozen=True, kw_only=True):
    """A position of the data file: setup, the actions reaching it (the Deal first), the perft count
    per depth (keys "1", "2", ...) and a note (e.g. why a depth is missing)."""

    id: str
    title: str
    setup: Setup
    seed: int
    actions: tuple[Action, ...]
    counts: dict[str, int]
    note: str = ""
    sources: dict[str, str] = {}
    """Where each count comes from, by depth: ``independent`` (worked out from the position and the
    rules by tests/perft_independent.py, not by ``legal_actions``; tests/test_conformance_perft.py
    checks it), else ``engine`` (this module's perft of the reference, compared with later runs)."""


INDEPENDENT: dict[str, tuple[int, ...]] = {
    "2p-start": (1, 2),
    "3p-start": (1, 2),
    "4p-start": (1, 2),
    "solo-tokugawa-start": (1,),
    "solo-gingkogawa-start": (1, 2),
    "2p-round1": (1,),
    "4p-round1": (1,),
    "solo-tokugawa-round2": (1,),
    "solo-gingkogawa-round2": (1,),
}
"""The depths of each position whose counts are also derived independently (tests/perft_independent.py)."""


def sources(position_id: str, counts: dict[str, int]) -> dict[str, str]:
    """The source of each count of a position (see :attr:`PerftPosition.sources`)."""
    derived = INDEPENDENT.get(position_id, ())
    return {depth: "independent" if int(depth) in derived else "engine" for depth in counts}


class PerftData(msgspec.Struct, frozen=True, kw_only=True):
    """The perft data file."""

    format: str
    version: int
    comment: tuple[str, ...]
    positions: tuple[PerftPosition, ...]


def load_data(path: Path = DATA_PATH) -> PerftData:
    """Read the perft data file."""
    return msgspec.json.decode(path.read_bytes(), type=PerftData)


class _Spec(msgspec.Struct, frozen=True):
    id: str
    title: str
    setup: Setup
    seed: int
    decisions: int
    """Decisions taken by the seeded random policy after the deal (0: the start position)."""


SPECS: Final = (
    _Spec("2p-start", "2 clans, start position (the starting draft)", Setup(players=2), 1, 0),
    _Spec("3p-start", "3 clans, start position", Setup(players=3), 2, 0),
    _Spec("4p-start", "4 clans, start position", Setup(players=4), 3, 0),
    _Spec(
        "solo-tokugawa-start",
        "solo against the Tokugawa rival (medium), start position",
        Setup(players=2, solo=Solo(rival=RivalKind.TOKUGAWA, difficulty=Difficulty.MEDIUM)),
        4,
        0,
    ),
    _Spec(
        "solo-gingkogawa-start",
        "solo against the Gingkogawa bot (normal), start position",
        Setup(players=2, solo=Solo(rival=RivalKind.GINGKOGAWA, difficulty=Difficulty.MEDIUM)),
        5,
        0,
    ),
    _Spec("2p-round1", "2 clans, round 1 after 6 decisions", Setup(players=2), 6, 6),
    _Spec("4p-round1", "4 clans, round 1 after 12 decisions", Setup(players=4), 9, 12),
    _Spec(
        "solo-tokugawa-round2",
        "solo against the Tokugawa rival (hard), after 20 decisions",
        Setup(players=2, solo=Solo(rival=RivalKind.TOKUGAWA, difficulty=Difficulty.HARD)),
        9,  # 7 until the shipped deck took the printed faces: its walk now ends before 20 decisions
        20,
    ),
    _Spec(
        "solo-gingkogawa-round2",
        "solo against the Gingkogawa bot (easy), after 20 decisions",
        Setup(players=2, solo=Solo(rival=RivalKind.GINGKOGAWA, difficulty=Difficulty.EASY)),
        8,
        20,
    ),
)

COMMENT: Final = (
    "Perft counts of the wcref reference engine (reference/conformance/perft.py).",
    "perft(s, 0) = 1; at depth d > 0 a state with no legal action (a chance node: deal, re-roll, "
    "reshuffle; or the end of the game) is a leaf counting 1; otherwise the sum over its legal actions "
    "(seal trades included) of perft(apply(s, a), d - 1).",
    "Each position is new_game(setup) followed by its actions: first the Deal, sampled with Python's "
    "random.Random(seed) (recorded here, so no random generator is needed), then, for mid-game "
    "positions, decisions and chance outcomes chosen by a random policy seeded with the same seed "
    "(the policy only picks the position; the actions are what counts).",
    "Produced by: python -m reference.conformance.perft reference/conformance/perft.json "
    f"(depths 1..5; a depth whose count would exceed {NODE_BUDGET:,} leaves is left out and its "
    "note says so).",
    "sources: where each count comes from. 'independent': also worked out from the position and the "
    "rules without the engine's legal_actions (tests/perft_independent.py: seal trades, pairs on offer, "
    "placements by the placement rules, ...; checked by tests/test_conformance_perft.py); 'engine': "
    "this reference's perft only.",
)


def _prefix(spec: _Spec) -> tuple[Action, ...]:
    """The Deal, then ``spec.decisions`` decisions of a seeded random walk (chance outcomes sampled
    on the way; trades avoided), stopping at a decision node."""
    rng = random.Random(spec.seed)
    state = new_game(spec.setup)
    actions: list[Action] = [sample(state, rng)]
    state = apply(state, actions[0])
    taken = 0
    while True:
        if is_over(state):
            raise GameStalled(f"{spec.id}: the game ended before {spec.decisions} decisions")
        if is_chance(state):
            action: Action = sample(state, rng)
        elif taken == spec.decisions:
            return tuple(actions)
        else:
            legal = legal_actions(state)
            options: list[Action] = [a for a in legal if not isinstance(a, Trade)] or list(legal)
            action = rng.choice(options)
            taken += 1
        actions.append(action)
        state = apply(state, action)


def _to_json(value: Any) -> Any:
    return json.loads(wire.encode(value))


def build_position(spec: _Spec, max_depth: int = 5, budget: int = NODE_BUDGET) -> PerftPosition:
    """Compute a position's counts to ``max_depth`` (leaving out depths beyond the budget)."""
    actions = _prefix(spec)
    state = replay(spec.setup, actions)
    counts: dict[str, int] = {}
    note = ""
    previous = 1
    for depth in range(1, max_depth + 1):
        # estimate from the growth so far before paying for the next depth
        if depth > 2 and previous * max(1, previous // max(1, counts.get(str(depth - 2), 1))) > budget:
            note = (
                f"depth {depth} and beyond are left out: the count would exceed {budget:,} leaves "
                "(too slow for the pure-Python reference)"
            )
            break
        previous = perft(state, depth)
        counts[str(depth)] = previous
    return PerftPosition(
        id=spec.id,
        title=spec.title,
        setup=spec.setup,
        seed=spec.seed,
        actions=actions,
        counts=counts,
        note=note,
        sources=sources(spec.id, counts),
    )


def build_data(max_depth: int = 5) -> Iterator[tuple[PerftPosition, float]]:
    """Every shipped position with the seconds it took."""
    for spec in SPECS:
        started = time.perf_counter()
        position = build_position(spec, max_depth)
        yield position, time.perf_counter() - started


def data_text(positions: tuple[PerftPosition, ...]) -> str:
    """The data file's text: indented JSON with each setup and each action on one line."""
    data = _to_json(PerftData(format=PERFT_FORMAT, version=1, comment=COMMENT, positions=positions))
    compact: list[str] = []

    def mark(value: Any) -> str:
        compact.append(json.dumps(value, separators=(", ", ": ")))
        return f"@@{len(compact) - 1}@@"

    for position in data["positions"]:
        position["setup"] = mark(position["setup"])
        position["actions"] = [mark(a) for a in position["actions"]]
        position["counts"] = mark(position["counts"])
        position["sources"] = mark(position["sources"])
    text = json.dumps(data, indent=1)
    for i, value in enumerate(compact):
        text = text.replace(f'"@@{i}@@"', value, 1)
    return text + "\n"


def main(argv: list[str]) -> int:
    """Rebuild the data file (path given, or print it), timing each position on stderr."""
    import sys

    positions = []
    for position, seconds in build_data():
        sys.stderr.write(f"{position.id}: {position.counts} in {seconds:.2f} s\n")
        positions.append(position)
    text = data_text(tuple(positions))
    if len(argv) > 1:
        Path(argv[1]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv))
