"""An implementation built differently from the reference, for outcome mode: it takes a whole turn
as one composite move and never answers the reference's questions one at a time.

It keeps its game as the reference's state (the rules it follows are the reference's), but its
interface is a turn: ``play`` takes a complete turn (every follow-up choice at once) and
``outcomes`` lists what its complete turns can reach; ``legal_actions`` is not offered, and an
``apply`` of anything but a chance outcome is refused. Lockstep mode cannot check it; outcome mode
can.

Faults can be planted (``FAULTS``): each leaves out options (a filter on the decisions a turn may
take), prefers one option to another (a prune of what the filters let through: several faults
planted together still leave a choice), or gets a result wrong (a spoiler applied after a
decision), and names the rule a report must name. Run as a program it speaks the JSON Lines protocol:
``python tests/outcome_impl.py [FAULT ...]``.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

import msgspec
from msgspec.structs import replace

from reference import wire
from reference.conformance.adapter import JSON, Refused, to_json
from reference.conformance.outcome import MAX_DECISIONS, is_stop, key_of, observed, state_key
from reference.content import catalogue
from reference.engine import advance, apply, is_chance, legal_actions, new_game
from reference.errors import RulesGap
from reference.model import (
    SPACE_FACTS,
    Action,
    Deal,
    InfluenceFrame,
    Next,
    PayCheckpoint,
    Roll,
    Setup,
    Shuffle,
    State,
    StopMove,
    Trade,
)
from reference.model import events as ev
from reference.position import Position, from_position
from reference.rules.common import emit, pop

Path = tuple[Action, ...]
Allow = Callable[[State, Action, Path], bool]
"""May the turn take ``action`` at ``state`` after the decisions ``path`` of this turn?"""
Spoil = Callable[[State, Action, State], State]
"""The state the faulty implementation reaches instead of ``after``."""
Prune = Callable[[list[Action]], list[Action]]
"""The options the faulty implementation offers out of those its filters let through (a fault
that prefers one option to another, seen after the other faults have filtered)."""


def _always(state: State, action: Action, path: Path) -> bool:
    return True


def _same(before: State, action: Action, after: State) -> State:
    return after


def _all(options: list[Action]) -> list[Action]:
    return options


@dataclass(frozen=True)
class Fault:
    """A planted fault: what it leaves out (``allow``) or gets wrong (``spoil``), and the rule a
    report must name."""

    name: str
    rule: str
    allow: Allow = _always
    spoil: Spoil = _same
    prune: Prune = _all


def _checkpoint_always_paid(options: list[Action]) -> list[Action]:
    """No stop before a checkpoint this implementation lets the clan pay."""
    return [a for a in options if not isinstance(a, StopMove)] if PayCheckpoint() in options else options


def _fixed_icon_order(state: State, action: Action, path: Path) -> bool:
    return not (isinstance(action, Next) and action.index != 0)


def _no_late_trades(state: State, action: Action, path: Path) -> bool:
    return not (isinstance(action, Trade) and any(not isinstance(a, Trade) for a in path))


def _no_light_from_empty_deck(before: State, action: Action, after: State) -> State:
    """The courtier enters a room whose deck is empty and nothing more happens (no light block)."""
    empty = [e for e in after.events if isinstance(e, ev.RoomDeckEmpty)]
    if not empty:
        return after
    return advance(emit(replace(pop(before), events=()), empty[0]))


def _checkpoints_all_or_nothing(state: State, action: Action, path: Path) -> bool:
    """Every checkpoint a move crosses is paid, or none: the first is paid only with the seals for
    all of them, and once one is paid the move does not stop before the next."""
    if isinstance(action, StopMove):
        decisions = [a for a in path if not isinstance(a, Trade)]
        return not (decisions and isinstance(decisions[-1], PayCheckpoint))
    if isinstance(action, PayCheckpoint):
        frame = state.stack[-1]
        assert isinstance(frame, InfluenceFrame)
        holder = state.clans[frame.clan]
        track = catalogue(state.setup.content).content.time
        crossed = range(holder.time + 1, min(track.last, holder.time + frame.steps) + 1)
        return holder.seals >= sum(track.checkpoint_cost(space) for space in crossed)
    return True


def _dice_stay(before: State, action: Action, after: State) -> State:
    if not any(isinstance(e, ev.BoardCleared) for e in after.events) or before.board is None:
        return after
    board = after.board
    assert board is not None
    rooms = tuple(replace(r, dice=b.dice) for r, b in zip(board.rooms, before.board.rooms, strict=True))
    return replace(
        after, board=replace(board, rooms=rooms, outside=before.board.outside, well=before.board.well)
    )


def _stack_priced_as_printed(before: State, action: Action, after: State) -> State:
    for event in after.events:
        if isinstance(event, ev.DiePlaced) and not after.clans[event.clan].rival:
            printed = SPACE_FACTS[event.space].value
            if event.covered != printed:  # a die beneath: priced against the printed value instead
                clans = list(after.clans)
                holder = clans[event.clan]
                clans[event.clan] = replace(holder, coins=max(0, holder.coins + event.covered - printed))
                return replace(after, clans=tuple(clans))
    return after


FAULTS: Final = {
    fault.name: fault
    for fault in (
        Fault("dice-stay", "ROUND.CLEAR_REROLL", spoil=_dice_stay),
        Fault("stack-priced-as-printed", "PLACE.STACK_3_4P", spoil=_stack_priced_as_printed),
        Fault("checkpoint-always-paid", "TIME.STOP", prune=_checkpoint_always_paid),
        Fault("fixed-icon-order", "RULING.EFFECTS_OPTIONAL_ORDER", allow=_fixed_icon_order),
        Fault("no-late-trades", "SEALS.TRADE_COIN", allow=_no_late_trades),
        Fault("no-light-from-empty-deck", "COURTIER.FLOOR12.EMPTY_DECK", spoil=_no_light_from_empty_deck),
        Fault("checkpoints-all-or-nothing", "TIME.CHECKPOINTS", allow=_checkpoints_all_or_nothing),
    )
}
"""The planted faults, by name."""


TURN_LIMIT: Final = 300_000
"""States a turn's enumeration visits at most (``outcomes`` answers an error past it)."""


def _context(path: Path) -> bytes:
    """What the faults' filters read of a turn's path (whether a decision other than a trade was
    taken, and the last one): states equal in this are searched once."""
    decisions = [type(a).__name__ for a in path if not isinstance(a, Trade)]
    return msgspec.json.encode(decisions[-1:])


class CompositeGame:
    """The composite-move implementation (see the module docstring), with ``faults`` planted."""

    def __init__(self, faults: Sequence[str] = ()) -> None:
        self.faults = [FAULTS[name] for name in faults]
        self.state: State | None = None

    # ---- the faults -----------------------------------------------------------------------------

    def allowed(self, state: State, path: Path) -> list[Action]:
        options = [a for a in legal_actions(state) if all(f.allow(state, a, path) for f in self.faults)]
        for fault in self.faults:
            options = fault.prune(options)
        return options

    def step(self, state: State, action: Action) -> State:
        after = apply(state, action)
        for fault in self.faults:
            after = fault.spoil(state, action, after)
        return after

    def turns(self, state: State) -> dict[bytes, State]:
        """Every stop a complete turn can reach (by its observation), depth first."""
        seen: set[bytes] = set()
        out: dict[bytes, State] = {}
        todo: list[tuple[State, Path]] = [(state, ())]
        while todo:
            here, path = todo.pop()
            for action in self.allowed(here, path):
                try:
                    after = self.step(here, action)
                except RulesGap:  # no rule says what happens: not a turn this game offers
                    continue
                identity = state_key(after) + _context((*path, action))
                if identity in seen:
                    continue
                seen.add(identity)
                if len(seen) > TURN_LIMIT or len(path) >= MAX_DECISIONS:
                    raise RuntimeError(
                        f"a turn with more than {TURN_LIMIT} states or {MAX_DECISIONS} decisions: too many to list"
                    )
                if is_stop(after):
                    out.setdefault(key_of(observed(after)), after)
                else:
                    todo.append((after, (*path, action)))
        return out

    # ---- the Implementation interface -----------------------------------------------------------

    def hello(self) -> tuple[str, tuple[str, ...]]:
        name = "composite" + (f" ({', '.join(f.name for f in self.faults)})" if self.faults else "")
        areas = ("base", "solo.tokugawa", "solo.gingkogawa", "load_position", "play", "outcomes")
        return name, areas

    def new_game(self, setup: JSON) -> None:
        self.state = new_game(msgspec.convert(setup, Setup))

    def load(self, position: JSON, composed: Sequence[str] = ()) -> None:
        self.state = from_position(msgspec.convert(position, Position), composed)

    def _game(self) -> State:
        if self.state is None:
            raise RuntimeError("no game")
        return self.state

    def apply(self, action: JSON) -> Refused | None:
        decoded = wire.decode_action(msgspec.json.encode(action))
        state = self._game()
        if not isinstance(decoded, (Deal, Roll, Shuffle)) or not is_chance(state):
            return Refused("TURN.DECISION", "this implementation takes whole turns: use play")
        self.state = self.step(state, decoded)
        return None

    def observe(self) -> JSON:
        return to_json(wire.observe(self._game()))

    def events(self) -> list[JSON] | None:
        return None

    def legal_actions(self) -> list[JSON]:
        raise NotImplementedError("this implementation takes whole turns (composite moves)")

    def play(self, seed: int) -> None:
        """A complete turn: one of the composite moves, drawn at random (a random walk through the
        turn's choices, seal trades 1 in 10)."""
        rng = random.Random(seed)
        state = self._game()
        path: Path = ()
        while True:
            options = self.allowed(state, path)
            own = [a for a in options if not isinstance(a, Trade)]
            trades = [a for a in options if isinstance(a, Trade)]
            action = rng.choice(trades) if trades and (not own or rng.random() < 0.1) else rng.choice(own)
            state = self.step(state, action)
            path = (*path, action)
            if is_stop(state):
                break
        self.state = state

    def outcomes(self) -> list[JSON]:
        return [observed(s) for s in self.turns(self._game()).values()]

    def close(self) -> None:
        self.state = None


def main(argv: list[str]) -> int:
    """Speak the JSON Lines protocol on stdin/stdout (the requests the composite game offers)."""
    parser = argparse.ArgumentParser(
        description="A composite-move implementation (whole turns) speaking the JSON Lines protocol on "
        "stdin/stdout, for wcref verify --mode outcome.",
    )
    # no choices=: argparse before Python 3.12 refuses an empty list against them
    parser.add_argument("faults", nargs="*", metavar="FAULT", help="faults to plant: " + ", ".join(FAULTS))
    faults = parser.parse_args(argv[1:]).faults
    unknown = [f for f in faults if f not in FAULTS]
    if unknown:
        parser.error(f"unknown fault {', '.join(unknown)} (choose from {', '.join(FAULTS)})")
    game = CompositeGame(faults)
    for line in sys.stdin.buffer:
        request = msgspec.json.decode(line)
        rid, op = request.get("id"), request.get("op")
        result: JSON = None
        try:
            if op == "hello":
                name, areas = game.hello()
                result = {"name": name, "areas": list(areas), "protocol": 4}
            elif op == "new_game":
                game.new_game(request["setup"])
            elif op == "load":
                game.load(request["position"], request.get("composed", []))
            elif op == "apply":
                refused = game.apply(request["action"])
                if refused is not None:
                    error = {"kind": "illegal", "rule": refused.rule, "reason": refused.reason}
                    sys.stdout.buffer.write(
                        msgspec.json.encode({"id": rid, "ok": False, "error": error}) + b"\n"
                    )
                    sys.stdout.flush()
                    continue
            elif op == "observe":
                result = game.observe()
            elif op == "play":
                game.play(int(request["seed"]))
            elif op == "outcomes":
                result = game.outcomes()
            elif op == "bye":
                sys.stdout.buffer.write(msgspec.json.encode({"id": rid, "ok": True, "result": None}) + b"\n")
                sys.stdout.flush()
                return 0
            else:
                raise NotImplementedError(f"{op} is not offered")
        except Exception as exc:  # a request this implementation does not take
            error = {"kind": "unsupported", "rule": None, "reason": f"{type(exc).__name__}: {exc}"}
            sys.stdout.buffer.write(msgspec.json.encode({"id": rid, "ok": False, "error": error}) + b"\n")
            sys.stdout.flush()
            continue
        sys.stdout.buffer.write(msgspec.json.encode({"id": rid, "ok": True, "result": result}) + b"\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
