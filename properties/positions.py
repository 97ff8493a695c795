"""Public positions as a Hypothesis strategy, biased towards situations whole games rarely reach.

:func:`positions` draws a setup (2-4 clans, or solo against either rival at each difficulty and
reading; a share on content whose Passage of Time moves are long, see :func:`long_move_contents`),
plays a drawn prefix of a game to a synchronisation point (:func:`reference.position.at_sync_point`),
takes its public position (:func:`reference.position.position`) and applies drawn *edits*, each
aimed at one rare situation (:data:`SITUATIONS`):

- ``empty_deck``: the Steward or the Diplomat deck empty (or one card left): its cards went to the
  clans that took them (the Domain card tucked into the Lantern Area, as COURTIER.FLOOR12.TUCK does)
  or, in a solo game, were removed by the rival (RULING.RIVAL_CARD_REMOVED); entering a room of that
  floor then does only a light block of the card (COURTIER.FLOOR12.EMPTY_DECK).
- ``checkpoint``: a clan 1 or 2 spaces before a checkpoint of ``content.time.checkpoints`` holding
  exactly its cost in seals, or one seal short (TIME.CHECKPOINTS, TIME.STOP, RULING.LOST_STEPS).
- ``long_move``: a clan placed so that the longest single move the content offers (one Influence
  icon: TIME.MOVE) crosses two checkpoints, holding the seals for both or for the first only. With
  the printed cards this is impossible: their longest move is 2 steps (Daimyo favours, a yard tile),
  and consecutive checkpoints (6, 11, 15) are 4 and 5 spaces apart. Only long-move content
  (:func:`long_move_contents`, or any content :func:`lengthened`) makes it possible; on other
  content the edit never applies.
- ``full_daimyo``: every favour space of the Daimyo card taken (or all but one), each by a courtier
  that reached the Daimyo's room (moved up, or sent from the Domain line) (COURTIER.DAIMYO.FULL,
  DAIMYO.FAVOURS).
- ``solo_deck``: in a solo game against the Gingkogawa bot, the top cards of its deck moved to the
  discard pile as if flipped, leaving 0, 1 or 2 (GINKGO.DISCARD: its next turn reshuffles); against
  the Tokugawa rival, whose discard pile the rules never use (its flipped cards go under the deck,
  SOLO.TURN.TO_BOTTOM), the deck turned to the rotation whose search flips the most cards
  (RULING.SOLO_DECK_EXHAUSTED when the search wraps).

Every edit keeps what :func:`reference.position.status` checks (caps, dice per colour, members where
they were sent, each card once, the whole Solitaire deck in the deck and the discard pile, the
stacking order against the track): an edit that would not is never applied, and the edits drawn are
drawn among those that apply to the position, so every value satisfies ``status(p) == ()`` and
:func:`reference.position.from_position` accepts it. Edits apply only during a round (the turns or
the re-roll): in the draft no clan has had a turn to take a card or climb.

Shrinking: the prefix length (synchronisation points after the first one after the deal, up to
the game's last before its end) shrinks to 0 (the first starting pair or turn of the game), each edit that applies is drawn or not (shrinking to not), and every
decision of the prefix is one integer draw that shrinks to the first legal option.

:func:`measure` (``python -m properties.reach --positions N``) counts how often each situation is
present in generated positions and in whole generated games.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from itertools import pairwise
from typing import Final, Literal, TypeVar

import msgspec
from hypothesis import strategies as st
from msgspec.structs import replace

from properties import strategies as strat
from reference.content import base_content, catalogue
from reference.engine import apply, is_chance, is_over, legal_actions, new_game
from reference.errors import RulesGap
from reference.model import (
    COLOURS,
    Action,
    Board,
    CastleCard,
    Clan,
    Content,
    DecreeIcon,
    Effect,
    Floor,
    Gain,
    GainKind,
    Influence,
    PayCoins,
    Phase,
    RivalKind,
    Setup,
    SoloCard,
    State,
)
from reference.position import Position, at_sync_point, from_position, position, status
from reference.rules.bridges import slot_die
from reference.rules.holdings import SEAL_CAP
from reference.rules.members import MEMBERS_PER_LINE
from reference.rules.rounds import ROUNDS, TURNS_PER_ROUND
from reference.rules.solo.rival import deck_of

T = TypeVar("T")

EditKind = Literal["empty_deck", "checkpoint", "long_move", "full_daimyo", "solo_deck"]
"""The edits :func:`positions` can apply (see the module docstring)."""

EDIT_KINDS: Final[tuple[EditKind, ...]] = (
    "empty_deck",
    "checkpoint",
    "long_move",
    "full_daimyo",
    "solo_deck",
)

EDIT_ODDS: Final = st.sampled_from((False, True, True, True))
"""Whether an edit that applies is made: 3 times in 4 as drawn (Hypothesis draws the shrink target,
no edit, more often than that)."""
EDITABLE_PHASES: Final = (Phase.TURNS, Phase.ROLL)
"""The phases whose positions are edited (see the module docstring)."""

MAX_SYNC: Final = 48
"""Synchronisation points after the first one a prefix plays at most (a 4-clan game has 41 before
its end: 4 starting pairs, 36 turns, 2 re-rolls; see :func:`last_sync_point`)."""
MAX_PREFIX_ACTIONS: Final = 1_500
"""Actions a prefix plays at most (generated content can loop; the last synchronisation point
reached is kept)."""
NEAR: Final = 2
"""Spaces before a checkpoint that count as 'just before' it: the longest printed move is 2 steps."""
LONG_EXTRA: Final = 4
"""Steps :func:`long_move_contents` adds to every Influence icon (generated ones show 1-3: 5-7)."""

SITUATIONS: Final[tuple[str, ...]] = (
    "castle deck empty (COURTIER.FLOOR12.EMPTY_DECK)",
    "castle deck with one card left",
    "seals exactly enough just before a checkpoint (TIME.CHECKPOINTS)",
    "seals one short just before a checkpoint (TIME.STOP)",
    "one move can cross two checkpoints, seals for both",
    "one move can cross two checkpoints, seals for the first only",
    "Daimyo card full (COURTIER.DAIMYO.FULL)",
    "Daimyo card with one favour left",
    "Gingkogawa deck empty (GINKGO.DISCARD)",
    "Gingkogawa deck with 1-2 cards left",
    "Tokugawa search flips the whole deck (RULING.SOLO_DECK_EXHAUSTED)",
    "Tokugawa search flips all but one card",
)
"""The rare situations :func:`situations` recognises in a position, in report order."""


class Drawn(msgspec.Struct, frozen=True, kw_only=True):
    """A generated position and how it was made: ``prefix`` actions played from ``new_game`` (chance
    outcomes included), ``sync_points`` synchronisation points passed after the deal, the ``edits``
    applied in order, and the edits drawn that did not apply (``refused``: a conservation check of
    ``status`` or ``from_position`` refused the result; none is expected)."""

    position: Position
    prefix: int
    sync_points: int
    edits: tuple[EditKind, ...]
    refused: tuple[EditKind, ...] = ()


# ---- content with long moves ---------------------------------------------------------------------


def _longer(effects: tuple[Effect, ...], extra: int) -> tuple[Effect, ...]:
    out: list[Effect] = []
    for effect in effects:
        if isinstance(effect, Influence):
            out.append(Influence(effect.n + extra))
        elif isinstance(effect, PayCoins):
            out.append(PayCoins(effect.n, _longer(effect.then, extra)))
        else:
            out.append(effect)
    return tuple(out)


def _longer_card(card: CastleCard, extra: int) -> CastleCard:
    blocks = tuple(replace(b, effects=_longer(b.effects, extra)) for b in card.blocks)
    return replace(card, blocks=blocks, back=_longer(card.back, extra))


def lengthen(content: Content, extra: int = LONG_EXTRA) -> Content:
    """``content`` with ``extra`` steps added to every Influence icon (castle and Action cards and
    their backs, Starting Resource cards, Decrees, Daimyo favours, gardens, yard tiles, Domain
    lines), inside ``pay_coins`` too. The result passes ``validate`` (amounts stay positive)."""

    return replace(
        content,
        stewards=tuple(_longer_card(c, extra) for c in content.stewards),
        diplomats=tuple(_longer_card(c, extra) for c in content.diplomats),
        action_cards=tuple(_longer_card(c, extra) for c in content.action_cards),
        starting_resources=tuple(
            replace(s, gains=_longer(s.gains, extra), lantern=_longer(s.lantern, extra))
            for s in content.starting_resources
        ),
        decrees=tuple(replace(d, lantern=_longer(d.lantern, extra)) for d in content.decrees),
        daimyo=tuple(replace(d, favours=tuple(_longer(f, extra) for f in d.favours)) for d in content.daimyo),
        gardens=tuple(replace(g, action=_longer(g.action, extra)) for g in content.gardens),
        yard_tiles=tuple(
            replace(t, action=_longer(t.action, extra), reward=_longer(t.reward, extra))
            for t in content.yard_tiles
        ),
        domain=tuple(
            replace(
                line,
                base=_longer(line.base, extra),
                uncovered=tuple(_longer(cell, extra) for cell in line.uncovered),
            )
            for line in content.domain
        ),
        provisional=(*content.provisional, f"every Influence icon lengthened by {extra} steps"),
    )


def _icons(content: Content) -> Iterator[Effect]:
    """Every icon a clan can resolve from ``content`` (``pay_coins`` opened)."""
    rows: list[tuple[Effect, ...]] = []
    for card in content.stewards + content.diplomats + content.action_cards:
        rows += [b.effects for b in card.blocks] + [card.back]
    rows += [s.gains for s in content.starting_resources] + [s.lantern for s in content.starting_resources]
    rows += [d.lantern for d in content.decrees] + [f for d in content.daimyo for f in d.favours]
    rows += [g.action for g in content.gardens] + [t.action for t in content.yard_tiles]
    rows += [t.reward for t in content.yard_tiles] + [t.reward for t in content.die_tiles]
    rows += [line.base for line in content.domain] + [c for line in content.domain for c in line.uncovered]
    todo = [e for row in rows for e in row]
    while todo:
        effect = todo.pop()
        if isinstance(effect, PayCoins):
            todo.extend(effect.then)
        yield effect


def longest_move(content: Content) -> int:
    """The most Passage of Time steps one Influence icon of ``content`` gives a clan (0: none). The
    printed content: 2. The rival's icons are left out: it passes checkpoints without paying
    (RULING.RIVAL_FREE_CHECKPOINTS). Rule: TIME.MOVE."""
    return max((e.n for e in _icons(content) if isinstance(e, Influence)), default=0)


def decrees_once(content: Content) -> Content:
    """``content`` where each Decree card can reach a Lantern Area at most once: only its first icon
    on a Starting Resource card's gains (each card is drafted once and resolved once) is kept, every
    other Decree icon becomes a gain of 1 coin. Generated content puts Decree icons anywhere, and the
    engine places a Decree again each time its icon resolves, giving positions that ``status``
    refuses (the same card twice: SETUP.CASTLE_CARDS)."""
    seen: set[str] = set()

    def first(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
        out: list[Effect] = []
        for e in effects:
            if isinstance(e, DecreeIcon) and e.card not in seen:
                seen.add(e.card)
                out.append(e)
            else:
                out.extend(none((e,)))
        return tuple(out)

    def none(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
        out: list[Effect] = []
        for e in effects:
            if isinstance(e, DecreeIcon):
                out.append(Gain(GainKind.COIN, 1))
            elif isinstance(e, PayCoins):
                out.append(PayCoins(e.n, none(e.then)))
            else:
                out.append(e)
        return tuple(out)

    def card(c: CastleCard) -> CastleCard:
        return replace(c, blocks=tuple(replace(b, effects=none(b.effects)) for b in c.blocks))

    return replace(
        content,
        starting_resources=tuple(replace(s, gains=first(s.gains)) for s in content.starting_resources),
        stewards=tuple(card(c) for c in content.stewards),
        diplomats=tuple(card(c) for c in content.diplomats),
        action_cards=tuple(card(c) for c in content.action_cards),
        daimyo=tuple(replace(d, favours=tuple(none(f) for f in d.favours)) for d in content.daimyo),
        gardens=tuple(replace(g, action=none(g.action)) for g in content.gardens),
        yard_tiles=tuple(
            replace(t, action=none(t.action), reward=none(t.reward)) for t in content.yard_tiles
        ),
        domain=tuple(
            replace(line, base=none(line.base), uncovered=tuple(none(c) for c in line.uncovered))
            for line in content.domain
        ),
    )


def _long_moves(content: Content) -> Content:
    """Decrees once, every step lengthened, and one more long step on each Starting Resource card's
    Lantern side (every clan's Lantern Area holds one: the long move is always within reach)."""
    longer = lengthen(decrees_once(content))
    step = Influence(1 + LONG_EXTRA)
    return replace(
        longer,
        starting_resources=tuple(replace(s, lantern=(*s.lantern, step)) for s in longer.starting_resources),
    )


LONG_MOVE_CONTENTS: Final[st.SearchStrategy[Content]] = strat.contents().map(_long_moves)


def long_move_contents() -> st.SearchStrategy[Content]:
    """Generated content (:func:`properties.strategies.contents`) with every Influence icon
    lengthened by LONG_EXTRA steps (:func:`lengthen`), and a step of 1 + LONG_EXTRA added to the
    Lantern side of every Starting Resource card (so every Lantern activation moves that far, even
    when the drawn icons hold no step): one move of 5 or more steps can cross two checkpoints (6 and
    11, or 11 and 15), which no printed card allows. Each Decree reaches a Lantern Area at most once
    (:func:`decrees_once`), so that its games' positions are possible."""
    return LONG_MOVE_CONTENTS


@cache
def shipped_long_moves() -> Content:
    """The shipped content made long-move content as :func:`long_move_contents` makes generated
    content (every Influence icon LONG_EXTRA steps longer, decrees once, a long step on each Starting
    Resource card's Lantern side): the printed cards' turns, so a turn's search stays as small as on
    the shipped content (a few thousand states where generated long-move content reaches the budget)."""
    return _long_moves(base_content())


def lengthened(setup: Setup) -> Setup:
    """``setup`` on its own content made long-move content (the shipped content:
    :func:`shipped_long_moves`)."""
    content = shipped_long_moves() if setup.content is None else _long_moves(setup.content)
    return replace(setup, content=content)


@st.composite
def _position_setup(
    draw: st.DrawFn, long_moves: int, base: st.SearchStrategy[Setup], own: bool = False
) -> Setup:
    setup = draw(base)
    if long_moves and draw(st.integers(0, 7)) >= 8 - long_moves:  # 0, the shipped content, is the target
        setup = lengthened(setup) if own else replace(setup, content=draw(LONG_MOVE_CONTENTS))
    return setup


def with_long_moves(base: st.SearchStrategy[Setup], long_moves: int = 2) -> st.SearchStrategy[Setup]:
    """The setups of ``base``, ``long_moves`` eighths of them on their own content made long-move
    content (:func:`lengthened`): the only content on which one move can cross two checkpoints."""
    return _position_setup(long_moves, base, own=True)


def position_setups(*, long_moves: int = 2, decks: float = 0.25) -> st.SearchStrategy[Setup]:
    """The setups :func:`positions` draws by default: 2-4 clans or solo against either rival at each
    difficulty and reading (half of each), on the shipped content except ``long_moves`` eighths on
    long-move content (:func:`long_move_contents`); solo games on the shipped deck or, ``decks`` of
    the time, a generated complete or lean deck (a lean one can exhaust the Tokugawa search)."""
    base = strat.setups(generated=0, decks=strat.deck_or_shipped(decks))
    return _position_setup(long_moves, base)


# ---- the prefix ----------------------------------------------------------------------------------


def last_sync_point(setup: Setup) -> int:
    """The index of a game's last synchronisation point before its end, counting from the first one
    after the deal (0): one per starting pair chosen (none in a solo game: the pair is dealt), one
    per turn of a player (the rival's turns are the engine's), one per re-roll between rounds
    (SETUP.STARTING_PAIRS, ROUND.COUNT, TURN.DECISION). Drawing the prefix's length below it spreads
    positions over the whole game: a bound above it left most positions of short games at their
    last turn."""
    solo = setup.solo is not None
    players = setup.players - 1 if solo else setup.players
    pairs = 0 if solo else setup.players
    return pairs + ROUNDS * TURNS_PER_ROUND * players + (ROUNDS - 1) - 1


def play(
    draw: st.DrawFn,
    setup: Setup,
    target: int,
    style: strat.Style,
    on_sync: Callable[[State], None] | None = None,
) -> tuple[State, int, int]:
    """Play a game from ``setup`` with drawn chance outcomes and decisions (``style``, see
    :data:`properties.strategies.Style`) up to the ``target``-th synchronisation point after the
    first one after the deal (0: that first one, a starting pair or a turn), or the last one before
    the game ends, a RulesGap stops it, or MAX_PREFIX_ACTIONS actions have been played. ``on_sync``
    sees every synchronisation point reached after the deal (the end included). Returns (the state
    at the last synchronisation point kept, the actions played to it, the synchronisation points
    passed after the first); the state before the deal when none was reached."""
    start = new_game(setup)
    data = draw(st.data())
    state = apply(start, strat.draw_outcome(draw, start))
    played, kept_at, syncs, busy = 1, 0, 0, 0
    kept: State | None = None
    if at_sync_point(state):
        kept, kept_at = state, played
        if on_sync is not None:
            on_sync(state)
    while (kept is None or syncs < target) and played < MAX_PREFIX_ACTIONS:
        action: Action
        if is_chance(state):
            action = strat.draw_outcome(draw, state)
        else:
            options = legal_actions(state)
            if not options:
                break
            action = strat.choose(data, state, options, style, busy)
        try:
            state = apply(state, action)
        except RulesGap:  # a generated deck can leave the rival without a die (SOLO.TURN.FIND_DIE)
            break
        played += 1
        busy += 1
        if at_sync_point(state):
            busy = 0
            if on_sync is not None:
                on_sync(state)
            if is_over(state):
                break
            if kept is not None:
                syncs += 1
            kept, kept_at = state, played
    if kept is None:
        return start, 0, 0
    return kept, kept_at, syncs


# ---- edits ---------------------------------------------------------------------------------------


def _board(pos: Position) -> Board:
    assert pos.board is not None
    return pos.board


def _players(pos: Position) -> list[int]:
    """The clans an edit may change (never the rival), the one about to decide first."""
    players = [i for i, c in enumerate(pos.clans) if not c.rival]
    deciding = pos.decision.clan
    return sorted(players, key=lambda i: i != deciding)


def _edited_clan(draw: st.DrawFn, players: Sequence[int]) -> int:
    """The clan an edit changes: 3 times in 4 the first of ``players`` (the one about to decide: the
    turn a short game from the position checks first, and the shrink target), else any."""
    return players[0] if draw(st.integers(0, 3)) < 3 else _pick(draw, players)


def _pick(draw: st.DrawFn, items: Sequence[int]) -> int:
    return items[draw(st.integers(0, len(items) - 1))]


def _take(clan: Clan, card: str) -> Clan:
    """The clan takes a castle card: its Domain card goes into its Lantern Area (COURTIER.FLOOR12.TUCK)."""
    lantern = clan.lantern if clan.domain_card is None else tuple(sorted((*clan.lantern, clan.domain_card)))
    return replace(clan, domain_card=card, lantern=lantern)


def _empty_deck(draw: st.DrawFn, pos: Position) -> Position | None:
    board = _board(pos)
    floors = [f for f, deck in ((1, board.steward_deck), (2, board.diplomat_deck)) if deck]
    if not floors:
        return None
    floor = _pick(draw, floors)
    deck = board.steward_deck if floor == 1 else board.diplomat_deck
    left = draw(st.sampled_from((0, 1)))  # shrinks to an empty deck
    if len(deck) <= left:
        return None
    gone, rest = deck[: len(deck) - left], deck[len(deck) - left :]
    takers: list[int | None] = list(_players(pos))
    if pos.setup.solo is not None:
        takers.append(None)  # the rival's courtier removed it from the game (RULING.RIVAL_CARD_REMOVED)
    clans = list(pos.clans)
    for card in gone:
        who = takers[draw(st.integers(0, len(takers) - 1))]
        if who is not None:
            clans[who] = _take(clans[who], card)
    board = replace(board, steward_deck=rest) if floor == 1 else replace(board, diplomat_deck=rest)
    return replace(pos, board=board, clans=tuple(clans))


def _restack(pos: Position, clans: list[Clan], moved: int, top: bool) -> tuple[int, ...]:
    """The stacking order with clan ``moved`` at its new space: on top of the markers there (``top``)
    or under them; the others keep their order (TIME.STACK)."""
    space = clans[moved].time
    order = [c for c in pos.time_order if c != moved]
    at = next(
        (k for k, c in enumerate(order) if (clans[c].time <= space if top else clans[c].time < space)),
        len(order),
    )
    order.insert(at, moved)
    return tuple(order)


def _place(draw: st.DrawFn, pos: Position, clan: int, space: int, seals: int) -> Position:
    clans = list(pos.clans)
    clans[clan] = replace(clans[clan], time=space, seals=seals)
    top = draw(st.booleans())
    return replace(pos, clans=tuple(clans), time_order=_restack(pos, clans, clan, top))


def _checkpoint(draw: st.DrawFn, pos: Position) -> Position | None:
    checkpoints = catalogue(pos.setup.content).content.time.checkpoints
    players = _players(pos)
    if not checkpoints or not players:
        return None
    clan = _edited_clan(draw, players)
    space, cost = checkpoints[draw(st.integers(0, len(checkpoints) - 1))]
    before = space - draw(st.integers(1, NEAR))
    seals = cost - draw(st.sampled_from((0, 1)))  # exactly enough, then one short
    if before < 0 or not 0 <= seals <= SEAL_CAP:
        return None
    return _place(draw, pos, clan, before, seals)


def _crossings(content: Content) -> list[tuple[int, int, int, int]]:
    """(first space, second space, lowest start, highest start) of each pair of consecutive
    checkpoints that one move of ``content`` can cross from a start before the first."""
    track = content.time
    longest = longest_move(content)
    spots = sorted(track.checkpoints)
    out: list[tuple[int, int, int, int]] = []
    for (first, _), (second, _) in pairwise(spots):
        low = max(0, second - longest)
        if low <= first - 1:
            out.append((first, second, low, first - 1))
    return out


def _long_move(draw: st.DrawFn, pos: Position) -> Position | None:
    content = catalogue(pos.setup.content).content
    options = _crossings(content)
    players = _players(pos)
    if not options or not players:
        return None
    clan = _edited_clan(draw, players)
    first, second, low, high = options[draw(st.integers(0, len(options) - 1))]
    start = high - draw(st.integers(0, high - low))  # shrinks to just before the first checkpoint
    track = content.time
    both = track.checkpoint_cost(first) + track.checkpoint_cost(second)
    seals = both - draw(st.sampled_from((0, 1)))  # seals for both, then one short for the second
    if not 0 <= seals <= SEAL_CAP:
        return None
    return _place(draw, pos, clan, start, seals)


def _to_daimyo(clan: Clan, held: int) -> Clan | None:
    """The clan with one more courtier in the Daimyo's room for a favour (None: it has none to
    spare): one already there beyond the favours it holds, else its highest courtier moved up, else
    one sent from its Domain line (COURTIER.FLOORS, SETUP.WORKERS)."""
    courtiers = list(clan.courtiers)
    if courtiers[Floor.DAIMYO] > held:
        return clan
    for floor in (Floor.DIPLOMATS, Floor.STEWARDS, Floor.GATE):
        if courtiers[floor] > 0:
            courtiers[floor] -= 1
            courtiers[Floor.DAIMYO] += 1
            return replace(clan, courtiers=(courtiers[0], courtiers[1], courtiers[2], courtiers[3]))
    if clan.sent[0] < MEMBERS_PER_LINE:
        courtiers[Floor.DAIMYO] += 1
        sent = (clan.sent[0] + 1, clan.sent[1], clan.sent[2])
        return replace(clan, sent=sent, courtiers=(courtiers[0], courtiers[1], courtiers[2], courtiers[3]))
    return None


def _full_daimyo(draw: st.DrawFn, pos: Position) -> Position | None:
    board = _board(pos)
    favours = list(board.favours)
    free = [i for i, who in enumerate(favours) if who is None]
    left = draw(st.sampled_from((0, 1)))  # shrinks to a full card
    if len(free) <= left:
        return None
    clans = list(pos.clans)
    for slot in free[: len(free) - left]:
        able = [i for i, c in enumerate(clans) if _to_daimyo(c, sum(f == i for f in favours)) is not None]
        if not able:
            return None
        who = _pick(draw, able)
        moved = _to_daimyo(clans[who], sum(f == who for f in favours))
        assert moved is not None
        clans[who] = moved
        favours[slot] = who
    return replace(pos, clans=tuple(clans), board=replace(board, favours=tuple(favours)))


def search_flips(pos: Position, order: Sequence[str] | None = None) -> int | None:
    """The cards the Tokugawa rival's search would flip on this board from ``order`` (default: its
    deck), as :func:`reference.rules.solo.tokugawa.find_die` counts them (the deck's length: the
    search wrapped, RULING.SOLO_DECK_EXHAUSTED); None when no card names a slot holding a die, or
    the game is not solo against the Tokugawa rival."""
    solo = pos.setup.solo
    if solo is None or solo.rival is not RivalKind.TOKUGAWA or pos.board is None:
        return None
    deck = tuple(order if order is not None else pos.solo_deck)
    by_id: dict[str, SoloCard] = {c.id: c for c in deck_of(pos.setup).cards}
    n = len(deck)
    for flips in range(1, n + 1):
        top = by_id[deck[flips % n]]
        if slot_die(pos.board.bridges[COLOURS.index(top.bridge)], top.slot) is not None:
            return flips
    return None


def _solo_deck(draw: st.DrawFn, pos: Position) -> Position | None:
    solo = pos.setup.solo
    if solo is None or not pos.solo_deck:
        return None
    deck = pos.solo_deck
    if solo.rival is RivalKind.TOKUGAWA:
        turns = [deck[k:] + deck[:k] for k in range(len(deck))]
        flips = [search_flips(pos, t) or 0 for t in turns]
        best = turns[flips.index(max(flips))]
        if best == deck:
            return None
        row = best[len(best) - len(pos.rival_row) :] if pos.rival_row else ()  # the row went under
        return replace(pos, solo_deck=best, rival_row=row)
    left = draw(st.sampled_from((0, 1, 2)))  # shrinks to an exhausted deck
    if len(deck) <= left:
        return None
    flipped, rest = deck[: len(deck) - left], deck[len(deck) - left :]
    discard, row = pos.solo_discard, pos.rival_row
    if row and discard[len(discard) - len(row) :] == row:  # the last turn's cards stay on top
        discard = discard[: len(discard) - len(row)] + flipped + row
    else:
        discard = discard + flipped
    return replace(pos, solo_deck=rest, solo_discard=discard)


EDITS: Final[dict[EditKind, Callable[[st.DrawFn, Position], Position | None]]] = {
    "empty_deck": _empty_deck,
    "checkpoint": _checkpoint,
    "long_move": _long_move,
    "full_daimyo": _full_daimyo,
    "solo_deck": _solo_deck,
}


def applies(kind: EditKind, pos: Position) -> bool:
    """Whether edit ``kind`` can change ``pos`` (a cheap test; the edit may still find nothing to do)."""
    if pos.phase not in EDITABLE_PHASES or pos.board is None:
        return False
    board = pos.board
    if kind == "empty_deck":
        return bool(board.steward_deck or board.diplomat_deck)
    if kind == "checkpoint":
        return bool(_players(pos))
    if kind == "long_move":
        return bool(_crossings(catalogue(pos.setup.content).content))
    if kind == "full_daimyo":
        return any(f is None for f in board.favours)
    return pos.setup.solo is not None and pos.phase is Phase.TURNS and bool(pos.solo_deck)


def _possible(pos: Position) -> bool:
    if status(pos):
        return False
    try:
        from_position(pos)
    except ValueError:  # ImpossiblePosition: the settled state disagrees
        return False
    return True


# ---- the strategies ------------------------------------------------------------------------------


@st.composite
def _drawn(
    draw: st.DrawFn,
    setups: st.SearchStrategy[Setup],
    kinds: tuple[EditKind, ...],
    max_edits: int,
    max_sync: int,
    styles: st.SearchStrategy[strat.Style],
) -> Drawn:
    setup = draw(setups, label="setup")
    target = draw(st.integers(0, min(max_sync, last_sync_point(setup))), label="synchronisation points")
    style = draw(styles, label="style")
    state, prefix, syncs = play(draw, setup, target, style)
    pos = position(state)
    applied: list[EditKind] = []
    refused: list[EditKind] = []
    for kind in kinds:  # each edit that applies, drawn on its own: every False is the shrink target
        if len(applied) >= max_edits or not applies(kind, pos) or not draw(EDIT_ODDS, label=kind):
            continue
        edited = EDITS[kind](draw, pos)
        if edited is None or edited == pos:
            continue
        if _possible(edited):
            pos = edited
            applied.append(kind)
        else:
            refused.append(kind)
    return Drawn(position=pos, prefix=prefix, sync_points=syncs, edits=tuple(applied), refused=tuple(refused))


def drawn_positions(
    *,
    setups: st.SearchStrategy[Setup] | None = None,
    edits: Sequence[EditKind] = EDIT_KINDS,
    max_edits: int = 3,
    max_sync: int = MAX_SYNC,
    styles: st.SearchStrategy[strat.Style] | None = None,
) -> st.SearchStrategy[Drawn]:
    """Generated positions with how each was made (see :class:`Drawn` and the module docstring).
    ``setups`` (default :func:`position_setups`), the edit kinds to draw from, at most ``max_edits``
    edits, at most ``max_sync`` synchronisation points after the deal, the decision ``styles``
    (default eager or uniform, :func:`properties.strategies.styles` without greedy)."""
    return _drawn(
        setups if setups is not None else position_setups(),
        tuple(edits),
        max_edits,
        max_sync,
        styles if styles is not None else strat.styles(greedy=False),
    )


def positions(
    *,
    setups: st.SearchStrategy[Setup] | None = None,
    edits: Sequence[EditKind] = EDIT_KINDS,
    max_edits: int = 3,
    max_sync: int = MAX_SYNC,
    styles: st.SearchStrategy[strat.Style] | None = None,
) -> st.SearchStrategy[Position]:
    """Valid public positions (``status(p) == ()``, accepted by ``from_position``): a drawn game
    prefix from a drawn setup to a synchronisation point, then drawn edits towards rare situations
    (see the module docstring; the parameters as :func:`drawn_positions`)."""
    return drawn_positions(
        setups=setups, edits=edits, max_edits=max_edits, max_sync=max_sync, styles=styles
    ).map(lambda d: d.position)


# ---- the situations ------------------------------------------------------------------------------


def situations(pos: Position) -> frozenset[str]:
    """The rare situations of :data:`SITUATIONS` present in ``pos`` (a clan is one of the players,
    never the rival, whose markers pass checkpoints for free)."""
    found: set[str] = set()
    board = pos.board
    if board is None:
        return frozenset()
    decks = (board.steward_deck, board.diplomat_deck)
    if any(not d for d in decks):
        found.add(SITUATIONS[0])
    if any(len(d) == 1 for d in decks):
        found.add(SITUATIONS[1])
    content = catalogue(pos.setup.content).content
    track = content.time
    players = [pos.clans[i] for i in _players(pos)]
    for clan in players:
        for space, cost in track.checkpoints:
            if space - NEAR <= clan.time < space:
                if clan.seals == cost:
                    found.add(SITUATIONS[2])
                elif clan.seals == cost - 1:
                    found.add(SITUATIONS[3])
        for first, second, low, high in _crossings(content):
            if low <= clan.time <= high:
                both = track.checkpoint_cost(first) + track.checkpoint_cost(second)
                if clan.seals >= both:
                    found.add(SITUATIONS[4])
                elif clan.seals >= track.checkpoint_cost(first):
                    found.add(SITUATIONS[5])
    free = sum(f is None for f in board.favours)
    if free == 0:
        found.add(SITUATIONS[6])
    elif free == 1:
        found.add(SITUATIONS[7])
    solo = pos.setup.solo
    if solo is not None and solo.rival is RivalKind.GINGKOGAWA and pos.phase is Phase.TURNS:
        if not pos.solo_deck:
            found.add(SITUATIONS[8])
        elif len(pos.solo_deck) <= 2:
            found.add(SITUATIONS[9])
    flips = search_flips(pos)
    if flips is not None and pos.phase is Phase.TURNS:
        if flips >= len(pos.solo_deck):
            found.add(SITUATIONS[10])
        elif flips == len(pos.solo_deck) - 1:
            found.add(SITUATIONS[11])
    return frozenset(found)


# ---- measuring -----------------------------------------------------------------------------------


class Reach(msgspec.Struct, kw_only=True):
    """How often each situation of :data:`SITUATIONS` is present: in ``positions`` generated
    positions (``in_positions``: positions showing it), and in ``games`` whole generated games from
    the same setups (``in_games``: games where some synchronisation point after the deal, the end
    left out, shows it; ``at_sync_points``: of their ``sync_points`` synchronisation points). The
    seconds each took (generation included), and the edits applied and refused (see :class:`Drawn`)."""

    positions: int = 0
    games: int = 0
    sync_points: int = 0
    in_positions: dict[str, int] = {}
    in_games: dict[str, int] = {}
    at_sync_points: dict[str, int] = {}
    position_seconds: float = 0.0
    game_seconds: float = 0.0
    edits: dict[str, int] = {}
    refused: dict[str, int] = {}


@st.composite
def _whole_game(
    draw: st.DrawFn, setups: st.SearchStrategy[Setup], styles: st.SearchStrategy[strat.Style]
) -> list[frozenset[str]]:
    setup = draw(setups)
    style = draw(styles)
    seen: list[frozenset[str]] = []

    def look(state: State) -> None:
        if not is_over(state):
            seen.append(situations(position(state)))

    play(draw, setup, MAX_PREFIX_ACTIONS, style, on_sync=look)
    return seen


def measure(
    positions: int, games: int, seed: int | None = None, setups: st.SearchStrategy[Setup] | None = None
) -> Reach:
    """Generate ``positions`` positions (:func:`drawn_positions`) and play ``games`` whole games from
    the same ``setups`` (default :func:`position_setups`) and decision styles, counting the
    situations each shows (see :class:`Reach`).
    Derandomized unless a ``seed`` is given. Hypothesis may run fewer examples than asked when it
    runs out of new ones; the counts say how many ran."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import Phase as HypothesisPhase
    from hypothesis import seed as use_seed

    reach = Reach()
    in_positions: Counter[str] = Counter()
    in_games: Counter[str] = Counter()
    at_sync: Counter[str] = Counter()
    edits: Counter[str] = Counter()
    refused: Counter[str] = Counter()

    def run(count: int, strategy: st.SearchStrategy[T], record: Callable[[T], None]) -> float:
        chosen = settings(
            max_examples=count,
            database=None,
            deadline=None,
            derandomize=seed is None,
            phases=(HypothesisPhase.generate,),
            suppress_health_check=list(HealthCheck),
        )
        test = chosen(given(strategy)(record))
        if seed is not None:
            test = use_seed(seed)(test)
        started = time.perf_counter()
        if count:
            test()
        return time.perf_counter() - started

    def one_position(drawn: Drawn) -> None:
        reach.positions += 1
        in_positions.update(situations(drawn.position))
        edits.update(drawn.edits)
        refused.update(drawn.refused)

    def one_game(seen: list[frozenset[str]]) -> None:
        reach.games += 1
        reach.sync_points += len(seen)
        for flags in seen:
            at_sync.update(flags)
        in_games.update(frozenset().union(*seen) if seen else frozenset())

    chosen_setups = setups if setups is not None else position_setups()
    reach.position_seconds = run(positions, drawn_positions(setups=chosen_setups), one_position)
    reach.game_seconds = run(games, _whole_game(chosen_setups, strat.styles(greedy=False)), one_game)
    reach.in_positions, reach.in_games = dict(in_positions), dict(in_games)
    reach.at_sync_points, reach.edits, reach.refused = dict(at_sync), dict(edits), dict(refused)
    return reach


def reach_lines(reach: Reach) -> list[str]:
    """The measurement as a table (Markdown), then the times and the edits."""

    def share(count: int, total: int) -> str:
        return f"{count / total:.1%}" if total else "-"

    lines = [
        f"| situation | generated positions ({reach.positions}) | whole games reaching it ({reach.games}) "
        f"| their synchronisation points ({reach.sync_points}) |",
        "|---|---|---|---|",
    ]
    for name in SITUATIONS:
        lines.append(
            f"| {name} | {share(reach.in_positions.get(name, 0), reach.positions)} "
            f"| {share(reach.in_games.get(name, 0), reach.games)} "
            f"| {share(reach.at_sync_points.get(name, 0), reach.sync_points)} |"
        )
    if reach.positions:
        lines.append(
            f"{reach.positions} positions in {reach.position_seconds:.1f} s "
            f"({1000 * reach.position_seconds / reach.positions:.1f} ms each, generation included)"
        )
    if reach.games:
        lines.append(
            f"{reach.games} whole games in {reach.game_seconds:.1f} s "
            f"({1000 * reach.game_seconds / reach.games:.1f} ms each)"
        )
    lines.append(
        f"edits applied: {dict(sorted(reach.edits.items()))}; refused: {dict(sorted(reach.refused.items()))}"
    )
    return lines
