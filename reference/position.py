"""The public position: this game's FEN.

A :class:`Position` is everything the table shows at a *synchronisation point*, a point where a clan
is about to take a whole decision (a turn, a starting pair) or a chance outcome is due (the deal, the
end-of-round re-roll), or the game is over: the setup, the phase, the round, the turns taken, the
turn order, each clan's holdings, Passage of Time with its stacking order, members, Lantern Areas
(as multisets, sorted), the board's dice, cards and tiles, the castle decks in the order the deal
fixed, the rival's deck and discard pile in a solo game, whose decision it is, and the scores at the
end. It holds none of the reference's internals (no stack of pending work, no stacking counter, no
event log), so any implementation can produce and read it.

- :func:`position` gives the position of a state at a synchronisation point (PositionError
  elsewhere: in the middle of a turn the position would have to describe the pending work).
- :func:`status` lists every reason a position cannot occur under the rules, each a
  :class:`Problem` with its rule ID and a JSON Pointer (like python-chess's ``Board.status()``):
  holdings over their caps, dice or members not conserved, unsorted bridges, a decision that is
  not the turn's, cards twice or unknown, the rival's deck incomplete. An empty tuple: possible as
  far as these checks see.
- :func:`from_position` builds the reference's state from a position (raising ImpossiblePosition
  with the problems), settled so that it waits for the position's decision; ``position`` of the
  result gives the position back.

What :func:`status` does not check, and why: the turn order against the Passage of Time (the
round's order is fixed at its end, and the gardens step and the rival's hand-in may move clans
after that), which clan holds which card beyond conservation, and everything the rules leave to
history (who placed which die first in a room). Rules: TURN.DECISION, TIME.STACK,
RULING.PUBLIC_POSITION.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Final, Literal

import msgspec
from msgspec.structs import replace

from reference.chance import sample
from reference.content import catalogue
from reference.engine import apply, new_game, settle
from reference.errors import ContentError, SetupError
from reference.model import (
    COLOURS,
    PHASE_FRAMES,
    Board,
    Clan,
    DecisionKind,
    Die,
    Phase,
    State,
)
from reference.rules import scoring
from reference.rules.holdings import RESOURCE_CAP, SEAL_CAP
from reference.rules.members import MEMBERS_PER_LINE
from reference.rules.outcomes import DIPLOMAT_TILES, STEWARD_TILES, cards_in_use, dice_per_colour
from reference.rules.rounds import ROUNDS, TURNS_PER_ROUND
from reference.rules.solo import variant_of
from reference.wire import JSON, Observation, observe, to_json

POSITION_FORMAT: Final = "wcref-position"
POSITION_VERSION: Final = 1
SYNC_PHASES: Final = (Phase.DEAL, Phase.DRAFT, Phase.TURNS, Phase.ROLL, Phase.OVER)
"""The phases a position can be in (the gardens step is never waited in: its choices are pending
work)."""
RULING: Final = "RULING.PUBLIC_POSITION"
"""The rule cited for what no rules sentence names: the format, unknown ids, negative counts."""


class Position(Observation, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A public position (see the module docstring): the fields of the observation
    (:class:`reference.wire.Observation`) at a synchronisation point, plus ``format`` and
    ``version``. Each clan's ``arrival`` is 0 (``time_order`` gives the stacking: furthest first, on
    a shared space the marker on top first) and its ``lantern`` is sorted (a Lantern Area's order has
    no rules meaning). ``shuffle_pool`` is always empty (a reshuffle waits in the middle of the bot's
    turn, not at a synchronisation point) and ``pending`` null (it describes decisions inside a
    turn)."""

    format: Literal["wcref-position"] = POSITION_FORMAT
    version: Literal[1] = POSITION_VERSION


class Problem(msgspec.Struct, frozen=True, kw_only=True):
    """Why a position cannot occur: the ``rule`` it breaks (a register ID), where (``pointer``, a JSON
    Pointer into the position) and what is wrong (``message``). ``history`` marks a problem of
    conservation (dice per colour, one die per turn, members where their Domain board sent them, each
    card once): a *composed* position, a study that leaves out the game that led to it, may break
    these when it names their rules (see :func:`from_position`); never the others."""

    rule: str
    pointer: str
    message: str
    history: bool = False

    def __str__(self) -> str:
        return f"{self.pointer or '/'}: {self.message} [{self.rule}]"


class PositionError(ValueError):
    """A state that is not at a synchronisation point has no position (it waits for pending work)."""


class ImpossiblePosition(ValueError):
    """A position that cannot occur under the rules: ``problems`` says every reason found."""

    def __init__(self, problems: tuple[Problem, ...]) -> None:
        shown = "; ".join(str(p) for p in problems[:5])
        more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
        super().__init__(f"impossible position: {shown}{more}")
        self.problems = problems


def at_sync_point(state: State) -> bool:
    """Whether the state waits at a synchronisation point: only the frames of the game's phases are
    pending (a turn, a starting pair, the deal, the re-roll) or the game is over."""
    return state.phase in SYNC_PHASES and all(isinstance(f, PHASE_FRAMES) for f in state.stack)


def position(state: State) -> Position:
    """The public position of a state at a synchronisation point. Raises PositionError for a state
    waiting on pending work (a choice inside a turn, a reshuffle). Rules: TIME.STACK, TURN.DECISION."""
    if not at_sync_point(state):
        pending = ", ".join(type(f).__name__ for f in state.stack if not isinstance(f, PHASE_FRAMES))
        raise PositionError(
            f"not a synchronisation point: the state waits for a {state.decision.kind.value} decision "
            f"with pending work ({pending or state.phase.value}); a position is taken at the start of a "
            "turn, a starting pair, a chance outcome of the deal or the re-roll, or the end of the game"
        )
    seen = observe(state)
    fields = msgspec.structs.asdict(seen)
    fields["clans"] = tuple(replace(c, lantern=tuple(sorted(c.lantern))) for c in seen.clans)
    return Position(**fields)


def decode_position(data: bytes | str) -> Position:
    """A position from JSON; raises msgspec.ValidationError / DecodeError."""
    return msgspec.json.decode(data, type=Position)


def from_position(pos: Position, composed: Iterable[str] = ()) -> State:
    """The reference's state at a position, waiting for the position's decision. ``composed`` names
    the conservation rules a composed position (a study) may break: a problem of :func:`status` with
    ``history`` set whose rule is named there is accepted. Raises ImpossiblePosition listing every
    other problem, or (rule RULING.PUBLIC_POSITION) the fields where the settled state disagrees
    with the position (a check :func:`status` missed). Rules: TURN.DECISION, TIME.STACK,
    RULING.PUBLIC_POSITION."""
    allowed = frozenset(composed)
    problems = tuple(p for p in status(pos) if not (p.history and p.rule in allowed))
    if problems:
        raise ImpossiblePosition(problems)
    n = len(pos.clans)
    rank = {clan: n - i for i, clan in enumerate(pos.time_order)}
    clans = tuple(
        replace(c, arrival=rank[i], lantern=tuple(sorted(c.lantern))) for i, c in enumerate(pos.clans)
    )
    state = State(
        setup=pos.setup,
        phase=pos.phase,
        decision=pos.decision,
        round=pos.round,
        turn=pos.turn,
        turn_order=pos.turn_order,
        clans=clans,
        board=pos.board,
        draft=pos.draft,
        arrivals=n,
        scores=pos.scores,
        winners=pos.winners,
        solo_deck=pos.solo_deck,
        solo_discard=pos.solo_discard,
        rival_row=pos.rival_row,
    )
    settled = settle(state)
    if not at_sync_point(settled):
        raise ImpossiblePosition(
            (
                Problem(
                    rule=RULING, pointer="/decision", message="the engine does not wait here for a decision"
                ),
            )
        )
    given, got = to_json(_normal(pos)), to_json(position(settled))
    if given != got:
        from reference.conformance.compare import differences

        found = tuple(
            Problem(
                rule=RULING,
                pointer=pointer,
                message=f"the position says {_short(was)}, the rules give {_short(now)} here",
            )
            for pointer, was, now in differences(given, got)
        )
        raise ImpossiblePosition(found[:20])
    return settled


def _normal(pos: Position) -> Position:
    return replace(pos, clans=tuple(replace(c, lantern=tuple(sorted(c.lantern))) for c in pos.clans))


def _short(value: JSON) -> str:
    text = msgspec.json.encode(value).decode()
    return text if len(text) <= 80 else text[:77] + "..."


# ---- status ----------------------------------------------------------------------------------------


def status(pos: Position) -> tuple[Problem, ...]:
    """Every reason the position cannot occur under the rules (empty: none found). Never raises for
    a position that decodes: the layout of the board and the ids in it are checked against the content
    first (:func:`_layout_problems`), and a check that still fails on what it reads names the check's
    failure as a problem. Rules: see each problem's ``rule``."""
    found: list[Problem] = []
    try:
        for problem in _problems(pos):
            found.append(problem)
    except Exception as exc:  # a position shaped in a way no check foresaw: say so, never raise
        found.append(
            Problem(
                rule=RULING,
                pointer="",
                message=f"the position cannot be checked: {type(exc).__name__}: {exc}",
            )
        )
    return tuple(found)


def _layout_problems(
    pos: Position, board: Board, dealt: Board, ids: dict[str, frozenset[str]]
) -> Iterator[Problem]:
    """The board's layout against a dealt board of the same setup (as many rooms on each floor, two
    Outside spaces, Well tiles, gardens, Training Yards and favour spaces), every card and tile id of
    the kind its place holds, every clan index one of the clans, and a card in every castle room (a
    room is refilled before the next decision). RULING.PUBLIC_POSITION."""
    n = pos.setup.players
    for name, mine, theirs in (
        ("rooms", len(board.rooms), len(dealt.rooms)),
        ("outside", len(board.outside), len(dealt.outside)),
        ("well_tiles", len(board.well_tiles), len(dealt.well_tiles)),
        ("gardens", len(board.gardens), len(dealt.gardens)),
        ("yards", len(board.yards), len(dealt.yards)),
        ("favours", len(board.favours), len(dealt.favours)),
        ("bridges", len(board.bridges), len(dealt.bridges)),
    ):
        if mine != theirs:
            yield Problem(
                rule=RULING, pointer=f"/board/{name}", message=f"{mine} {name}; the board has {theirs}"
            )
    floors = [r.floor for r in board.rooms]
    if floors != [r.floor for r in dealt.rooms]:
        yield Problem(
            rule=RULING,
            pointer="/board/rooms",
            message=f"rooms on floors {floors}; the board's are {[r.floor for r in dealt.rooms]}",
        )

    def unknown(pointer: str, value: str | None, kind: str) -> Iterator[Problem]:
        if value is not None and value not in ids[kind]:
            yield Problem(
                rule=RULING,
                pointer=pointer,
                message=f"{value[:80]!r} is no {kind} card or tile of the content",
            )

    for k, room in enumerate(board.rooms):
        if room.card is None:
            yield Problem(
                rule=RULING, pointer=f"/board/rooms/{k}/card", message="a castle room without a card"
            )
        yield from unknown(f"/board/rooms/{k}/card", room.card, "castle")
        for j, die in enumerate(room.dice):
            if not 0 <= die.clan < n:
                yield Problem(
                    rule=RULING,
                    pointer=f"/board/rooms/{k}/dice/{j}/clan",
                    message=f"clan {die.clan} does not play",
                )
    for name, deck, kind in (
        ("steward_deck", board.steward_deck, "castle"),
        ("diplomat_deck", board.diplomat_deck, "castle"),
    ):
        for j, card in enumerate(deck):
            yield from unknown(f"/board/{name}/{j}", card, kind)
    yield from unknown("/board/daimyo", board.daimyo, "daimyo")
    for j, tile in enumerate(board.well_tiles):
        yield from unknown(f"/board/well_tiles/{j}", tile, "die_tiles")
    for k, slot in enumerate(board.gardens):
        yield from unknown(f"/board/gardens/{k}/card", slot.card, "gardens")
        for who in slot.gardeners:
            if not 0 <= who < n:
                yield Problem(
                    rule=RULING, pointer=f"/board/gardens/{k}/gardeners", message=f"clan {who} does not play"
                )
    for k, yard in enumerate(board.yards):
        for j, (tile, _) in enumerate(yard.tiles):
            yield from unknown(f"/board/yards/{k}/tiles/{j}/0", tile, "yard_tiles")
        for who in yard.warriors:
            if not 0 <= who < n:
                yield Problem(
                    rule=RULING, pointer=f"/board/yards/{k}/warriors", message=f"clan {who} does not play"
                )
        same = [y for y in dealt.yards if y.cost == yard.cost and y.value == yard.value]
        if not same:
            yield Problem(
                rule=RULING,
                pointer=f"/board/yards/{k}",
                message=f"no Training Yard costs {yard.cost} and is worth {yard.value}",
            )
    for k, holder in enumerate(board.favours):
        if holder is not None and not 0 <= holder < n:
            yield Problem(rule=RULING, pointer=f"/board/favours/{k}", message=f"clan {holder} does not play")
    for i, clan in enumerate(pos.clans):
        yield from unknown(f"/clans/{i}/domain_card", clan.domain_card, "castle")
        for j, card in enumerate(clan.lantern):
            yield from unknown(f"/clans/{i}/lantern/{j}", card, "lantern")


def _problems(pos: Position) -> Iterator[Problem]:
    def bad(rule: str, pointer: str, message: str) -> Problem:
        return Problem(rule=rule, pointer=pointer, message=message)

    try:
        start = new_game(pos.setup)
    except (SetupError, ContentError) as exc:
        yield bad(RULING, "/setup", f"the setup cannot start a game: {exc}")
        return
    cat = catalogue(pos.setup.content)
    n = pos.setup.players
    if pos.phase not in SYNC_PHASES:
        yield bad(
            RULING,
            "/phase",
            f"the {pos.phase.value} phase is not a synchronisation point (its choices are pending work)",
        )
        return
    if (pos.phase is Phase.ROLL and pos.round >= ROUNDS) or (pos.phase is Phase.OVER and pos.round != ROUNDS):
        when = (
            "a re-roll after the last round" if pos.phase is Phase.ROLL else f"the end in round {pos.round}"
        )
        yield bad("ROUND.COUNT", "/round", f"{when}: the game ends after round {ROUNDS}")
    if pos.phase is Phase.DRAFT and pos.round != 1:
        yield bad(
            "SETUP.STARTING_PAIRS",
            "/round",
            f"starting pairs are taken before round 1, not in round {pos.round}",
        )
    if pos.shuffle_pool:
        yield bad(
            RULING,
            "/shuffle_pool",
            "a position waits for no reshuffle (that is pending work of the bot's turn)",
        )
    if pos.pending is not None:
        yield bad(
            RULING,
            "/pending",
            "a position waits for no decision inside a turn (pending is null at a synchronisation point)",
        )
    if pos.phase is Phase.DEAL:
        dealt = position(start)
        for pointer, was, now in _diff(pos, dealt):
            yield bad(
                "RULING.CHANCE_DEAL", pointer, f"before the deal this is {_short(now)}, not {_short(was)}"
            )
        return
    if len(pos.clans) != n:
        yield bad(RULING, "/clans", f"the setup has {n} clans, the position {len(pos.clans)}")
        return
    if pos.board is not None:
        shape = apply(start, sample(start, random.Random(0))).board  # a board as dealt, for its layout
        assert shape is not None
        ids = {
            "castle": frozenset(cat.castle),
            "daimyo": frozenset(cat.daimyo),
            "die_tiles": frozenset(cat.die_tiles),
            "gardens": frozenset(cat.gardens),
            "yard_tiles": frozenset(cat.yard_tiles),
            "lantern": frozenset(cat.castle) | frozenset(cat.starting) | frozenset(cat.decrees),
        }
        layout = list(_layout_problems(pos, pos.board, shape, ids))
        if layout:
            yield from layout
            return
    # ---- the clans ----
    solo = pos.setup.solo is not None
    for i, clan in enumerate(pos.clans):
        at = f"/clans/{i}"
        yield from _clan_problems(pos, i, clan, at, solo, cat.content.time.last)
    # ---- round, turn, turn order, decision ----
    if not 1 <= pos.round <= ROUNDS:
        yield bad("ROUND.COUNT", "/round", f"the game has rounds 1..{ROUNDS}, not {pos.round}")
    turns = TURNS_PER_ROUND * n
    if pos.phase is Phase.TURNS and not 0 <= pos.turn < turns:
        yield bad(
            "ROUND.COUNT", "/turn", f"a round has turns 0..{turns - 1} taken before a turn, not {pos.turn}"
        )
    if pos.phase in (Phase.DRAFT, Phase.ROLL, Phase.OVER) and pos.turn not in (0, turns):
        yield bad("ROUND.COUNT", "/turn", f"turn {pos.turn} in the {pos.phase.value} phase")
    if sorted(pos.turn_order) != list(range(n)):
        yield bad("TURN.DECISION", "/turn_order", f"the turn order is an ordering of clans 0..{n - 1}")
        return
    first = variant_of(pos.setup).first_order(pos.setup)
    if (
        first is not None
        and pos.round == 1
        and pos.phase in (Phase.DRAFT, Phase.TURNS)
        and pos.turn_order != first
    ):
        rule = "GINKGO.SETUP" if "gingkogawa" in _rival(pos) else "SOLO.SETUP.DIFFICULTY"
        yield bad(
            rule, "/turn_order", f"the first round's order is {list(first)}, not {list(pos.turn_order)}"
        )
    if sorted(pos.time_order) != list(range(n)):
        yield bad("TIME.STACK", "/time_order", f"the stacking order is an ordering of clans 0..{n - 1}")
    else:
        spaces = [pos.clans[c].time for c in pos.time_order]
        if spaces != sorted(spaces, reverse=True):
            yield bad(
                "TIME.STACK",
                "/time_order",
                f"the stacking order lists the clans furthest along first: spaces {spaces} in that order",
            )
    yield from _decision_problems(pos, n, turns)
    if pos.board is None:
        yield bad(RULING, "/board", "after the deal the board is on the table")
        return
    yield from _board_problems(pos, n)
    yield from _card_problems(pos)
    yield from _end_problems(pos)


def _rival(pos: Position) -> str:
    return "" if pos.setup.solo is None else pos.setup.solo.rival.value


def _diff(pos: Position, other: Position) -> Iterator[tuple[str, JSON, JSON]]:
    from reference.conformance.compare import differences

    return differences(to_json(_normal(pos)), to_json(other))


def _clan_problems(pos: Position, i: int, clan: Clan, at: str, solo: bool, last: int) -> Iterator[Problem]:
    def bad(rule: str, field: str, message: str, history: bool = False) -> Problem:
        return Problem(rule=rule, pointer=f"{at}/{field}", message=f"clan {i}: {message}", history=history)

    rival = solo and i == 1
    if clan.rival != rival:
        yield bad(
            RULING, "rival", "the rival is clan 1 of a solo game" if solo else "no rival in a game of clans"
        )
    if clan.arrival != 0:
        yield bad(RULING, "arrival", "a position gives the stacking as time_order; arrival is 0")
    for name in ("coins", "food", "iron", "pearl", "seals", "cp"):
        value: int = getattr(clan, name)
        if value < 0:
            yield bad(RULING, name, f"{value} {name}: holdings are never negative")
    if clan.seals > SEAL_CAP:
        yield bad("SEALS.CAP", "seals", f"{clan.seals} seals, the most a clan holds is {SEAL_CAP}")
    for name in ("food", "iron", "pearl"):
        value = getattr(clan, name)
        if value > RESOURCE_CAP:
            yield bad("RESOURCES.CAP", name, f"{value} {name}, the most a clan holds is {RESOURCE_CAP}")
    if not 0 <= clan.time <= last:
        yield bad("TIME.TRACK", "time", f"space {clan.time}; the track runs 0..{last}")
    for k, sent in enumerate(clan.sent):
        if not 0 <= sent <= MEMBERS_PER_LINE:
            yield bad("SETUP.WORKERS", f"sent/{k}", f"{sent} sent; a Domain line holds {MEMBERS_PER_LINE}")
    if any(c < 0 for c in clan.courtiers):
        yield bad(RULING, "courtiers", f"a negative count of courtiers: {list(clan.courtiers)}")
    elif sum(clan.courtiers) != clan.sent[0]:
        yield bad(
            "COURTIER.FLOORS",
            "courtiers",
            f"{sum(clan.courtiers)} courtiers in the castle, {clan.sent[0]} sent from the Domain board",
            history=True,
        )
    if rival and (
        clan.domain_card is not None or clan.lantern or any(d is not None for d in clan.domain_dice)
    ):
        yield bad(
            "SOLO.SETUP.NO_DOMAIN",
            "domain_card",
            "the rival has no Domain board, Lantern Area or Domain dice",
        )
    for k, face in enumerate(clan.domain_dice):
        if face is not None and not 1 <= face <= 6:
            yield bad(RULING, f"domain_dice/{k}", f"a die shows 1..6, not {face}")


def _decision_problems(pos: Position, n: int, turns: int) -> Iterator[Problem]:
    decision = pos.decision
    expected: tuple[DecisionKind, int | None] | None
    if pos.phase is Phase.TURNS:
        clan = pos.turn_order[pos.turn % n] if 0 <= pos.turn < turns else None
        if clan is not None and pos.clans[clan].rival:
            yield Problem(
                rule="SOLO.TURN.FIND_DIE",
                pointer="/turn",
                message=f"turn {pos.turn} is the rival's: the rival's turn is the engine's, not a decision",
            )
            return
        expected = (DecisionKind.TURN, clan)
    elif pos.phase is Phase.ROLL:
        expected = (DecisionKind.ROLL, None)
    elif pos.phase is Phase.OVER:
        expected = (DecisionKind.NONE, None)
    else:
        expected = None  # the draft: checked when the position is settled
    if expected is not None and (decision.kind, decision.clan) != expected:
        kind, clan = expected
        yield Problem(
            rule="TURN.DECISION",
            pointer="/decision",
            message=f"the {pos.phase.value} phase waits for a {kind.value} decision by {clan}, "
            f"not a {decision.kind.value} decision by {decision.clan}",
        )


def _placed(pos: Position) -> list[tuple[str, Die]]:
    board = pos.board
    assert board is not None
    out: list[tuple[str, Die]] = []
    for r, room in enumerate(board.rooms):
        out += [(f"/board/rooms/{r}/dice", d) for d in room.dice]
    for s, space in enumerate(board.outside):
        out += [(f"/board/outside/{s}", d) for d in space]
    out += [("/board/well", d) for d in board.well]
    return out


def _board_problems(pos: Position, n: int) -> Iterator[Problem]:
    board = pos.board
    assert board is not None
    per = dice_per_colour(n)
    if tuple(b.colour for b in board.bridges) != COLOURS:
        yield Problem(
            rule="SETUP.BRIDGES_SORTED",
            pointer="/board/bridges",
            message="one bridge per colour: coral, black, white",
        )
        return
    for k, bridge in enumerate(board.bridges):
        at = f"/board/bridges/{k}"
        values = [v for v in (bridge.left, *bridge.centre, bridge.right) if v is not None]
        if any(not 1 <= v <= 6 for v in values):
            yield Problem(rule=RULING, pointer=at, message=f"a die shows 1..6: {values}")
        if values != sorted(values):
            yield Problem(
                rule="SETUP.BRIDGES_SORTED",
                pointer=at,
                message=f"the {bridge.colour.value} bridge reads {values} from left to right; its dice stay in ascending order",
            )
        if bridge.centre and (bridge.left is None or bridge.right is None):
            yield Problem(
                rule="BRIDGE.SLIDE",
                pointer=at,
                message=f"the {bridge.colour.value} bridge has centre dice and an empty end: a centre die slides into an emptied end",
            )
    placed = _placed(pos)
    for pointer, die in placed:
        if not 1 <= die.value <= 6 or not 0 <= die.clan < n:
            yield Problem(
                rule=RULING,
                pointer=pointer,
                message=f"a placed die shows 1..6 and names a clan 0..{n - 1}: {die}",
            )
    domain = [
        (i, COLOURS[k]) for i, c in enumerate(pos.clans) for k, v in enumerate(c.domain_dice) if v is not None
    ]
    if pos.phase is Phase.ROLL and (placed or domain):
        yield Problem(
            rule="ROUND.CLEAR_REROLL",
            pointer=placed[0][0] if placed else "/clans",
            message="before the re-roll every placed die has left the board",
        )
    if pos.phase in (Phase.DRAFT, Phase.TURNS, Phase.OVER):
        for k, bridge in enumerate(board.bridges):
            colour = bridge.colour
            total = (
                bridge.count()
                + sum(d.colour is colour for _, d in placed)
                + sum(c is colour for _, c in domain)
            )
            if total != per:
                yield Problem(
                    rule="SETUP.DICE_PER_COLOUR",
                    pointer=f"/board/bridges/{k}",
                    message=f"{total} {colour.value} dice on the bridge and the spaces; {n} clans play with {per}",
                    history=True,
                )
    if pos.phase in (Phase.DRAFT, Phase.TURNS):
        for c in range(n):
            seat = pos.turn_order.index(c) if c in pos.turn_order else n
            played = pos.turn // n + (1 if seat < pos.turn % n else 0)  # turns taken by clan c
            mine = sum(d.clan == c for _, d in placed) + sum(i == c for i, _ in domain)
            if mine != played:
                yield Problem(
                    rule="TURN.SEQUENCE",
                    pointer="/board",
                    message=f"clan {c} has {mine} dice placed after {played} turns this round: each turn places one die",
                    history=True,
                )
    for k, clan in enumerate(pos.clans):
        gardeners = sum(slot.gardeners.count(k) for slot in board.gardens)
        if gardeners != clan.sent[1]:
            yield Problem(
                rule="GARDENER.PLACE",
                pointer=f"/clans/{k}/sent/1",
                message=f"clan {k} has {gardeners} gardeners on gardens and {clan.sent[1]} sent",
                history=True,
            )
        warriors = sum(yard.warriors.count(k) for yard in board.yards)
        if warriors != clan.sent[2]:
            yield Problem(
                rule="WARRIOR.PLACE",
                pointer=f"/clans/{k}/sent/2",
                message=f"clan {k} has {warriors} warriors in Training Yards and {clan.sent[2]} sent",
                history=True,
            )
    for k, favour in enumerate(board.favours):
        if favour is not None and not 0 <= favour < n:
            yield Problem(
                rule="COURTIER.DAIMYO.FAVOUR", pointer=f"/board/favours/{k}", message=f"no clan {favour}"
            )


def _card_problems(pos: Position) -> Iterator[Problem]:
    board = pos.board
    assert board is not None
    cat = catalogue(pos.setup.content)
    n = pos.setup.players
    stewards, diplomats = set(cards_in_use(cat, n, 1)), set(cards_in_use(cat, n, 2))
    where: list[tuple[str, str]] = []
    for r, room in enumerate(board.rooms):
        at = f"/board/rooms/{r}"
        size = STEWARD_TILES if room.floor == 1 else DIPLOMAT_TILES
        if len(room.tiles) != size:
            yield Problem(
                rule="SETUP.DIE_TILES",
                pointer=f"{at}/tiles",
                message=f"a floor {room.floor} room has {size} die tiles",
            )
        if room.card is not None:
            where.append((f"{at}/card", room.card))
            if room.card not in (stewards if room.floor == 1 else diplomats):
                yield Problem(
                    rule="SETUP.CASTLE_CARDS",
                    pointer=f"{at}/card",
                    message=f"{room.card} is not a {'Steward' if room.floor == 1 else 'Diplomat'} card of this game",
                )
        for d, die in enumerate(room.dice):
            if (
                die.colour not in room.tiles and 0 <= die.clan < n and not pos.clans[die.clan].rival
            ):  # the rival: SOLO.TURN.PLACE
                yield Problem(
                    rule="CASTLE.COLOUR_MATCH",
                    pointer=f"{at}/dice/{d}",
                    message=f"a {die.colour.value} die in a room of {', '.join(t.value for t in room.tiles)} tiles",
                )
    for name, deck, allowed in (
        ("steward_deck", board.steward_deck, stewards),
        ("diplomat_deck", board.diplomat_deck, diplomats),
    ):
        for k, card in enumerate(deck):
            where.append((f"/board/{name}/{k}", card))
            if card not in allowed:
                yield Problem(
                    rule="SETUP.CASTLE_CARDS",
                    pointer=f"/board/{name}/{k}",
                    message=f"{card} does not belong in this deck",
                )
    for i, clan in enumerate(pos.clans):
        if clan.domain_card is not None:
            where.append((f"/clans/{i}/domain_card", clan.domain_card))
        where += [(f"/clans/{i}/lantern/{k}", card) for k, card in enumerate(clan.lantern)]
    for p, pair in enumerate(pos.draft):
        where += [(f"/draft/{p}/{k}", card) for k, card in enumerate(pair)]
    known = set(cat.castle) | set(cat.starting) | set(cat.decrees)
    first: dict[str, str] = {}
    for pointer, card in where:
        if card not in known:
            yield Problem(rule=RULING, pointer=pointer, message=f"no card {card!r} in this game's content")
        elif card in first:
            yield Problem(
                rule="SETUP.CASTLE_CARDS",
                pointer=pointer,
                message=f"{card} is also at {first[card]}: every card is printed once",
                history=True,
            )
        else:
            first[card] = pointer
    if board.daimyo not in cat.daimyo:
        yield Problem(rule=RULING, pointer="/board/daimyo", message=f"no Daimyo card {board.daimyo!r}")
    elif len(board.favours) != len(cat.daimyo[board.daimyo].favours):
        yield Problem(
            rule="COURTIER.DAIMYO.FAVOUR",
            pointer="/board/favours",
            message=f"{board.daimyo} has {len(cat.daimyo[board.daimyo].favours)} favour spaces",
        )
    if pos.draft and pos.phase is not Phase.DRAFT:
        yield Problem(
            rule="SETUP.STARTING_PAIRS",
            pointer="/draft",
            message="starting pairs are on offer only before the first turn",
        )
    deck = variant_of(pos.setup).deck_ids(pos.setup)
    held = Counter(pos.solo_deck) + Counter(pos.solo_discard)
    if held != Counter(deck):
        yield Problem(
            rule="SOLO.SETUP.DECK" if deck else RULING,
            pointer="/solo_deck",
            message=f"the Solitaire deck and its discard pile hold {sorted(held.elements())}, the game's deck is {sorted(deck)}",
        )
    if any(card not in deck for card in pos.rival_row):
        yield Problem(
            rule="SOLO.TURN.TO_BOTTOM",
            pointer="/rival_row",
            message="the rival's row holds cards of its deck only",
        )


def _end_problems(pos: Position) -> Iterator[Problem]:
    if pos.phase is not Phase.OVER:
        if pos.scores or pos.winners:
            yield Problem(
                rule="ROUND.GAME_END", pointer="/scores", message="scores are given when the game is over"
            )
        return
    board = pos.board
    assert board is not None
    cat = catalogue(pos.setup.content)
    scores = tuple(
        scoring.score_clan(board, i, c, cat, leftovers=not c.rival) for i, c in enumerate(pos.clans)
    )
    if pos.scores != scores:
        yield Problem(
            rule="SCORE.WINNER",
            pointer="/scores",
            message="the scores are not the final scoring of these holdings",
        )
    elif pos.winners != scoring.winners(scores):
        yield Problem(
            rule="SCORE.WINNER",
            pointer="/winners",
            message=f"the winners are {list(scoring.winners(scores))}",
        )


__all__ = [
    "POSITION_FORMAT",
    "POSITION_VERSION",
    "ImpossiblePosition",
    "Position",
    "PositionError",
    "Problem",
    "at_sync_point",
    "decode_position",
    "from_position",
    "position",
    "status",
]
