"""Hypothesis strategies for whole games: setups, content, Solitaire decks, chance outcomes and the
drawing of decisions.

- :func:`setups`: 2-4 clans, or a solo game against either rival at each difficulty under either
  reading (``Solo.action_order``, ``Solo.pair_colour``), on the shipped content or generated content.
- :func:`contents`: card content generated from the icon vocabulary (castle cards, Action cards,
  Starting Resource cards, Decrees, Daimyo cards, gardens, yard tiles, die tiles, Domain lines); every
  value passes :func:`reference.content.validate`.
- :func:`solo_decks`: Solitaire decks generated from the rival's icon vocabulary; every value passes
  :func:`reference.content.validate_deck`.
- :func:`outcomes`: the chance outcome of a pending chance decision (the deal, a re-roll, a reshuffle),
  drawn field by field (die values, permutations) so that Hypothesis can shrink them.
- :func:`styles` and :func:`choose`: how the decisions of a game are drawn among the legal actions.

All draws shrink towards the simplest game: the shipped content, 2 clans, the first legal option.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from functools import cache
from typing import Final, Literal, Protocol, TypeVar, cast

from hypothesis import strategies as st
from msgspec.structs import replace

from reference.content import base_content, catalogue, provisional_deck, validate, validate_deck
from reference.model import (
    COLOURS,
    MEMBERS,
    ROOM_SPACES,
    Action,
    Audience,
    Block,
    CastleCard,
    ChooseMember,
    Climb,
    ClimbUp,
    Colour,
    Content,
    CourtierToGate,
    DaimyoCard,
    Deal,
    DecisionKind,
    Decline,
    DecreeCard,
    DecreeIcon,
    DieTileIcon,
    Difficulty,
    DomainIcon,
    DomainLine,
    Effect,
    End,
    Gain,
    GainKind,
    GardenCard,
    GardenerTo,
    GardenKind,
    Influence,
    LanternIcon,
    LightIcon,
    Member,
    MemberIcon,
    PayCheckpoint,
    PayCoins,
    PlaceDie,
    Readings,
    ResourceChoice,
    RivalIcon,
    RivalKind,
    Roll,
    Setup,
    Shuffle,
    ShuffleFrame,
    Slot,
    Solo,
    SoloCard,
    SoloDeck,
    Space,
    StartingResourceCard,
    State,
    StopMove,
    Trade,
    WarriorTo,
    WellIcon,
    YardTile,
)
from reference.model.setup import ACTION_ORDERS, DOMAIN_ICONS, PAIR_COLOURS, STONE_GARDENS
from reference.policies import POLICIES, Policy, greedy_policy
from reference.rules.outcomes import deal_space, roll_space, room_tiles
from reference.rules.solo import variant_of

# ---- content from the icon vocabulary ------------------------------------------------------------

T = TypeVar("T")
Ex = TypeVar("Ex")
A = TypeVar("A", bound=Hashable)


class Draw(Protocol):
    """Anything that draws a value from a strategy: a composite's ``draw`` or ``DataObject.draw``."""

    def __call__(self, strategy: st.SearchStrategy[Ex], /) -> Ex: ...


AMOUNTS: Final = st.integers(1, 3)
GAINS: Final[st.SearchStrategy[Gain]] = st.builds(Gain, st.sampled_from(list(GainKind)), AMOUNTS)
"""A plain gain of coins, a resource, seals or Clan Points. Rule: EFFECT.PLAIN_GAINS."""

_GAIN_ICONS: Final = [Gain(kind, n) for kind in GainKind for n in (1, 2, 3)]
_STEP_ICONS: Final = [Influence(n) for n in (1, 2, 3)]
_CHOICE_ICONS: Final = [ResourceChoice(n) for n in (1, 2)]

Index = Callable[[int], int]
"""Draws a whole number below its argument (1-99), each meant to be as likely."""


@cache
def _below(n: int) -> st.SearchStrategy[int]:
    return st.integers(0, n - 1)


def indexer(draw: Draw) -> Index:
    """The :data:`Index` of a composite's ``draw``: each number is one plain integer draw (one of
    Hypothesis's choices, shrinking towards 0); a number below 1 is drawn too (always 0), so that a
    value keeps its place among the draws (:func:`value`). Raises ValueError for fewer than 1 or more
    than 99 values: Hypothesis mixes constants of 100 and more found in the project's modules into
    wider integer draws. Each card of a generated content or deck is drawn in a span of its own
    (:func:`spanned`), which the shrinker deletes, copies and reorders as a whole."""

    def index(n: int) -> int:
        if not 1 <= n <= 99:
            raise ValueError(f"index: {n} values to choose from, 1-99 expected")
        return draw(_below(n))

    return index


def icon(index: Index, kinds: Sequence[Sequence[T]]) -> T:
    """An icon: each kind of ``kinds`` (a list of its values) as likely, then each value of the kind's
    list (a value listed twice is twice as likely). Always two numbers, the kind drawn even among
    one kind and the value even for a kind of one value, so that an icon keeps its place among the
    draws when its kind changes: Hypothesis's shrinker can then lower the kind without shifting
    every later draw of the card. Shrinks towards the first kind's first value."""
    return value(index, value(index, kinds))


def value(index: Index, values: Sequence[T]) -> T:
    """One of ``values``, each as likely: always one number, even for one value (see :func:`icon`)."""
    return values[index(len(values))]


def several(index: Index, most: int, each: Callable[[], T], *, least: int = 1) -> tuple[T, ...]:
    """``least`` to ``most`` values of ``each``, each count as likely: the count is drawn first (one
    number, shrinking to ``least``; none when ``least == most``), where ``lists`` drew a boolean
    before each element. Raises ValueError unless 0 <= least <= most <= least + 98."""
    if not 0 <= least <= most <= least + 98:
        raise ValueError(f"several: {least} to {most} values, 0 <= least <= most <= least + 98 expected")
    n = least if least == most else least + index(most - least + 1)
    return tuple(each() for _ in range(n))


def icons(index: Index, kinds: Sequence[Sequence[T]], most: int, *, least: int = 1) -> tuple[T, ...]:
    """``least`` to ``most`` icons of ``kinds`` (:func:`several` of :func:`icon`)."""
    return several(index, most, lambda: icon(index, kinds), least=least)


@cache
def _kinds(decrees: tuple[str, ...]) -> tuple[Sequence[Effect], ...]:
    """The kinds of icon of the vocabulary, each with its values (Decree icons naming ``decrees``)."""
    kinds: list[Sequence[Effect]] = [
        _GAIN_ICONS,
        _STEP_ICONS,
        _CHOICE_ICONS,
        [LanternIcon()],
        [WellIcon()],
        [MemberIcon(m) for m in MEMBERS],
        [DieTileIcon(None)] * len(COLOURS) + [DieTileIcon(c) for c in COLOURS],  # any colour half the time
        [LightIcon()],
        [DomainIcon()],
    ]
    if decrees:
        kinds.append([DecreeIcon(d) for d in decrees])
    return tuple(kinds)


_LANTERN_KINDS: Final[list[Sequence[Effect]]] = [_GAIN_ICONS, _STEP_ICONS]
"""What a Lantern Area may show: plain gains and steps (LANTERN.BACKS)."""
_TILE_KINDS: Final[list[Sequence[Effect]]] = [_GAIN_ICONS, _CHOICE_ICONS]
"""A die tile's reward: gains or a resource choice."""


def _priced(index: Index, then: Callable[[], tuple[Effect, ...]]) -> PayCoins:
    """A priced icon: a price of 1-4 coins (drawn first), then what it buys."""
    return PayCoins(1 + index(4), then())


def _effect(index: Index, kinds: Sequence[Sequence[Effect]]) -> Effect:
    """An icon of ``kinds`` (:func:`icon`) or, as likely as each kind, a priced icon buying one or two
    icons of ``kinds`` (:func:`_priced`)."""
    k = index(len(kinds) + 1)
    if k < len(kinds):
        return value(index, kinds[k])
    return _priced(index, lambda: icons(index, kinds, 2))


def bundle(index: Index, kinds: Sequence[Sequence[Effect]], most: int) -> tuple[Effect, ...]:
    """1 to ``most`` icons of ``kinds`` or priced (:func:`several` of :func:`_effect`)."""
    return several(index, most, lambda: _effect(index, kinds))


def _draw_effects(draw: st.DrawFn, decrees: tuple[str, ...], most: int) -> tuple[Effect, ...]:
    return bundle(indexer(draw), _kinds(decrees), most)


def effects(decrees: Sequence[str], *, max_size: int = 3) -> st.SearchStrategy[tuple[Effect, ...]]:
    """A bundle of 1 to ``max_size`` icons of the whole vocabulary, priced icons among them (each of the
    eleven kinds, ten without ``decrees``, as likely: :func:`bundle`). Raises ValueError unless
    1 <= max_size <= 99 (a whole number), TypeError when ``decrees`` is one string, not a list of ids."""
    if isinstance(decrees, str):
        raise TypeError(f"effects: decrees {decrees!r} is one string; give a list of Decree ids")
    if not isinstance(max_size, int) or not 1 <= max_size <= 99:
        raise ValueError(f"effects: max_size {max_size}, 1-99 expected")
    return st.composite(_draw_effects)(tuple(decrees), max_size)


def _draw_lantern(draw: st.DrawFn) -> tuple[Effect, ...]:
    return icons(indexer(draw), _LANTERN_KINDS, 2)


LANTERN_ICONS: Final[st.SearchStrategy[tuple[Effect, ...]]] = st.composite(_draw_lantern)()
"""What a Lantern Area may show: one or two plain gains and steps (LANTERN.BACKS)."""


def lantern_icons() -> st.SearchStrategy[tuple[Effect, ...]]:
    """What a Lantern Area may show: one or two plain gains and steps (LANTERN.BACKS)."""
    return LANTERN_ICONS


def gains() -> st.SearchStrategy[Gain]:
    """A plain gain of coins, a resource, seals or Clan Points. Rule: EFFECT.PLAIN_GAINS."""
    return GAINS


_DIPLOMAT_ROWS: Final = [((0,), (1, 2)), ((0, 1), (2,))]

_PARTS: Final[dict[tuple[object, type, object], st.SearchStrategy[object]]] = {}


def spanned(part: Callable[[st.DrawFn, A], T], arg: A) -> st.SearchStrategy[T]:
    """``part(draw, arg)`` as a strategy of its own, built once for each ``(part, arg)``: drawn
    through it, everything ``part`` draws forms one span (one card of generated content, one
    Solitaire card), which Hypothesis's shrinker deletes, copies and reorders as a whole. ``arg``
    must be hashable (TypeError otherwise) and ``part`` a module-level function (the cache keeps
    every pair); an argument's type is part of the key, so that ``1`` and ``True`` or a ``str`` enum
    member and its string never share a strategy."""
    key = (part, type(arg), arg)
    strategy = _PARTS.get(key)
    if strategy is None:
        strategy = _PARTS[key] = st.composite(part)(arg)
    return cast(st.SearchStrategy[T], strategy)


@cache
def _base_kinds() -> tuple[Sequence[Effect], ...]:
    return _kinds(tuple(d.id for d in base_content().decrees))


def _lantern(index: Index) -> tuple[Effect, ...]:
    return icons(index, _LANTERN_KINDS, 2)


def _steward(draw: st.DrawFn, i: int) -> CastleCard:
    index = indexer(draw)
    dark = index(3)
    blocks = tuple(Block((r,), r == dark, bundle(index, _base_kinds(), 3)) for r in range(3))
    return replace(base_content().stewards[i], blocks=blocks, back=_lantern(index))


def _diplomat(draw: st.DrawFn, i: int) -> CastleCard:
    index = indexer(draw)
    rows = value(index, _DIPLOMAT_ROWS)
    dark = index(2)
    blocks = tuple(Block(r, n == dark, bundle(index, _base_kinds(), 3)) for n, r in enumerate(rows))
    return replace(base_content().diplomats[i], blocks=blocks, back=_lantern(index))


def _action_card(draw: st.DrawFn, i: int) -> CastleCard:
    index = indexer(draw)
    card = base_content().action_cards[i]
    blocks = tuple(replace(b, effects=bundle(index, _base_kinds(), 3)) for b in card.blocks)
    return replace(card, blocks=blocks, back=_lantern(index))


def _starting(draw: st.DrawFn, i: int) -> StartingResourceCard:
    index = indexer(draw)
    card_id = base_content().starting_resources[i].id
    return StartingResourceCard(card_id, bundle(index, _base_kinds(), 4), _lantern(index))


def _decree(draw: st.DrawFn, i: int) -> DecreeCard:
    return DecreeCard(base_content().decrees[i].id, _lantern(indexer(draw)))


def _daimyo(draw: st.DrawFn, i: int) -> DaimyoCard:
    index = indexer(draw)
    favours = tuple(bundle(index, _base_kinds(), 2) for _ in range(3))
    return DaimyoCard(base_content().daimyo[i].id, favours)


def _garden(draw: st.DrawFn, i: int) -> GardenCard:
    index = indexer(draw)
    g = base_content().gardens[i]
    kinds = _base_kinds()
    action = bundle(index, kinds, 2) if index(2) == 0 else (_priced(index, lambda: bundle(index, kinds, 2)),)
    return GardenCard(g.id, g.kind, g.food, g.cp, action)


def _yard_tile(draw: st.DrawFn, i: int) -> YardTile:
    index = indexer(draw)
    kinds = _base_kinds()
    return YardTile(base_content().yard_tiles[i].id, bundle(index, kinds, 2), bundle(index, kinds, 2))


def _tile_reward(draw: st.DrawFn, i: int) -> tuple[Effect, ...]:
    return icons(indexer(draw), _TILE_KINDS, 2)


def _domain_line(draw: st.DrawFn, i: int) -> DomainLine:
    index = indexer(draw)
    line = base_content().domain[i]
    kinds = _base_kinds()
    rewards = tuple(bundle(index, kinds, 1) for _ in range(5))
    return DomainLine(line.member, line.colour, line.row, bundle(index, kinds, 1), rewards)


def _cards(draw: st.DrawFn, part: Callable[[st.DrawFn, int], T], count: int) -> tuple[T, ...]:
    return tuple(draw(spanned(part, i)) for i in range(count))


def _draw_content(draw: st.DrawFn) -> Content:
    base = base_content()
    colours = draw(st.permutations([t.colour for t in base.die_tiles]))
    die_tiles = tuple(
        replace(t, colour=colour, reward=draw(spanned(_tile_reward, i)))
        for i, (t, colour) in enumerate(zip(base.die_tiles, colours, strict=True))
    )
    content = replace(
        base,
        stewards=_cards(draw, _steward, len(base.stewards)),
        diplomats=_cards(draw, _diplomat, len(base.diplomats)),
        action_cards=_cards(draw, _action_card, len(base.action_cards)),
        starting_resources=_cards(draw, _starting, len(base.starting_resources)),
        decrees=_cards(draw, _decree, len(base.decrees)),
        daimyo=_cards(draw, _daimyo, len(base.daimyo)),
        gardens=_cards(draw, _garden, len(base.gardens)),
        yard_tiles=_cards(draw, _yard_tile, len(base.yard_tiles)),
        die_tiles=die_tiles,
        domain=_cards(draw, _domain_line, len(base.domain)),
        provisional=("generated by properties.strategies.contents",),
    )
    validate(content, "generated content")
    return content


CONTENTS: Final[st.SearchStrategy[Content]] = st.composite(_draw_content)()


def contents() -> st.SearchStrategy[Content]:
    """Content generated from the icon vocabulary on the shipped layout (the same ids, card counts,
    garden price ladder, yards and time track); every value passes ``validate``."""
    return CONTENTS


def _shipped_or(generated: float, strategy: st.SearchStrategy[T]) -> st.SearchStrategy[T | None]:
    if generated <= 0:
        return st.none()
    if generated >= 1:
        return strategy
    shipped = 8 - max(1, round(generated * 8))
    none: st.SearchStrategy[T | None] = st.none()
    return st.integers(0, 7).flatmap(lambda i: none if i < shipped else strategy)


def content_or_shipped(generated: float = 0.25) -> st.SearchStrategy[Content | None]:
    """The shipped content (None, the shrink target) or, about ``generated`` of the time, generated
    content."""
    return _shipped_or(generated, CONTENTS)


# ---- Solitaire decks -------------------------------------------------------------------------------

_RIVAL_KINDS: Final[list[Sequence[RivalIcon]]] = [
    [Gain(kind, n) for kind in (GainKind.CP, GainKind.COIN) for n in (1, 2, 3)],
    _STEP_ICONS,
    [GardenerTo(None)] * len(GardenKind)
    + [GardenerTo(kind) for kind in GardenKind],  # any garden half the time
    [WarriorTo(5), WarriorTo(3), WarriorTo(1)],
    [CourtierToGate()],
    [ClimbUp(1), ClimbUp(2)],
]
"""The kinds of icon of the rival's vocabulary, each with its values. Rule: SOLO.ICONS."""


def _draw_rival_icon(draw: st.DrawFn) -> RivalIcon:
    return icon(indexer(draw), _RIVAL_KINDS)


RIVAL_ICONS: Final[st.SearchStrategy[RivalIcon]] = st.composite(_draw_rival_icon)()
"""One icon of the rival's vocabulary (:func:`icon`). Rule: SOLO.ICONS."""


def rival_icons() -> st.SearchStrategy[RivalIcon]:
    """One icon of the rival's vocabulary (:func:`icon`). Rule: SOLO.ICONS."""
    return RIVAL_ICONS


RIVAL_SPACES: Final = (*ROOM_SPACES, Space.OUTSIDE_LEFT, Space.OUTSIDE_RIGHT, Space.WELL)
"""Where a Solitaire card can send a die (no Domain line: SOLO.GOLDEN.NO_DOMAIN)."""
_COLOURS: Final = st.sampled_from(list(COLOURS))
_SLOTS: Final = st.sampled_from([Slot.CENTRE, Slot.CENTRE, Slot.LEFT, Slot.RIGHT])
"""Extra cards name the centre slot more often: it is often empty, so the rival flips on, and small
decks run out (RULING.SOLO_DECK_EXHAUSTED, GINKGO.DISCARD)."""
_RIVAL_SPACE: Final = st.sampled_from(RIVAL_SPACES)


def _solo_card(draw: st.DrawFn, spec: tuple[str, Colour | None, Slot | None]) -> SoloCard:
    """A Solitaire card ``(id, bridge, slot)``: the bridge and slot given, or drawn when None."""
    card_id, bridge, slot = spec
    index = indexer(draw)
    return SoloCard(
        id=card_id,
        bridge=bridge if bridge is not None else draw(_COLOURS),
        slot=slot if slot is not None else draw(_SLOTS),
        space=draw(_RIVAL_SPACE),
        top=icons(index, _RIVAL_KINDS, 3, least=0),
        bottom=icons(index, _RIVAL_KINDS, 3, least=0),
    )


DeckKind = Literal["complete", "lean", "any"]
"""How much of the bridges a generated deck names:

- ``complete``: both ends of every bridge (as the shipped deck does) and up to 6 more cards;
- ``lean``: only the left end of every bridge and up to 3 more cards. Still safe in a solo game: the
  rival plays with at least 4 dice left on the bridges, so some bridge holds 2 dice and its left end
  is named; small, so the rival's deck runs out (RULING.SOLO_DECK_EXHAUSTED, GINKGO.DISCARD);
- ``any``: 2 to 6 cards naming anything; the rival may then find no die at all, a RulesGap
  (SOLO.TURN.FIND_DIE) that ``validate_deck`` does not prevent.
"""


def _draw_deck(draw: st.DrawFn, kind: DeckKind) -> SoloDeck:
    cards: list[SoloCard] = []
    ends = {"complete": (Slot.LEFT, Slot.RIGHT), "lean": (Slot.LEFT,), "any": ()}[kind]
    for colour in COLOURS:
        for slot in ends:
            cards.append(draw(spanned(_solo_card, (f"X{len(cards) + 1}", colour, slot))))
    low, high = {"complete": (0, 6), "lean": (0, 3), "any": (2, 6)}[kind]
    for _ in range(draw(st.integers(low, high))):
        cards.append(draw(spanned(_solo_card, (f"X{len(cards) + 1}", None, None))))
    deck = SoloDeck(
        name=f"generated-{kind}", provisional=True, cards=tuple(cards), note="properties.strategies"
    )
    validate_deck(deck, "generated deck")
    return deck


DECKS: Final[dict[str, st.SearchStrategy[SoloDeck]]] = {
    kind: st.composite(lambda draw, kind=kind: _draw_deck(draw, kind))()
    for kind in ("complete", "lean", "any")
}


def solo_decks(kind: DeckKind = "complete") -> st.SearchStrategy[SoloDeck]:
    """A generated Solitaire deck of the given kind (see :data:`DeckKind`). Raises ValueError for
    another kind."""
    if kind not in DECKS:
        raise ValueError(f"solo_decks: kind {kind!r}, one of {', '.join(DECKS)} expected")
    return DECKS[kind]


def deck_or_shipped(generated: float = 0.25) -> st.SearchStrategy[SoloDeck | None]:
    """The shipped deck (None) or, about ``generated`` of the time, a generated complete or lean deck."""
    return _shipped_or(generated, st.one_of(DECKS["complete"], DECKS["lean"]))


# ---- setups -------------------------------------------------------------------------------------


def readings() -> st.SearchStrategy[Readings]:
    """The base-game readings: each value of READING.DOMAIN_ICON and READING.STONE_GARDEN_ICON."""
    return st.builds(
        Readings, domain_icon=st.sampled_from(DOMAIN_ICONS), stone_garden=st.sampled_from(STONE_GARDENS)
    )


def solos(
    *,
    rival: RivalKind | None = None,
    generated: float = 0.25,
    decks: st.SearchStrategy[SoloDeck | None] | None = None,
) -> st.SearchStrategy[Solo]:
    """A solo game: either rival (or the given one), each difficulty, either reading, the shipped or a
    generated deck (``decks`` replaces that choice)."""
    if decks is None:
        decks = deck_or_shipped(generated) if generated > 0 else st.none()
    return st.builds(
        Solo,
        rival=st.just(rival) if rival is not None else st.sampled_from(list(RivalKind)),
        difficulty=st.sampled_from(list(Difficulty)),
        deck=decks,
        action_order=st.sampled_from(ACTION_ORDERS),
        pair_colour=st.sampled_from(PAIR_COLOURS),
    )


def setups(
    *,
    players: Sequence[int] = (2, 3, 4),
    solo: bool | None = None,
    rival: RivalKind | None = None,
    generated: float = 0.25,
    decks: st.SearchStrategy[SoloDeck | None] | None = None,
) -> st.SearchStrategy[Setup]:
    """Game setups. ``solo`` True: only solo games (against ``rival`` when given); False: only
    multi-clan games with ``players``; None: both. ``generated`` is the share of games on generated
    content (and, in solo games, on a generated deck; ``decks`` replaces the deck choice)."""
    content = content_or_shipped(generated) if generated > 0 else st.none()
    multi = st.builds(Setup, players=st.sampled_from(list(players)), content=content, readings=readings())
    single = st.builds(
        Setup,
        players=st.just(2),
        content=content,
        solo=solos(rival=rival, generated=generated, decks=decks),
        readings=readings(),
    )
    if solo is True:
        return single
    if solo is False:
        return multi
    return st.one_of(multi, single)


# ---- chance outcomes -------------------------------------------------------------------------------


@cache
def _die_values(per: int) -> st.SearchStrategy[tuple[tuple[int, ...], ...]]:
    bridge = st.lists(st.integers(1, 6), min_size=per, max_size=per).map(tuple)
    return st.tuples(bridge, bridge, bridge)


@cache
def _orders(items: tuple[str, ...]) -> st.SearchStrategy[tuple[str, ...]]:
    return st.permutations(items).map(tuple)


@cache
def _turn_orders(n: int) -> st.SearchStrategy[tuple[int, ...]]:
    return st.permutations(range(n)).map(tuple)


@cache
def _one_of(items: tuple[str, ...]) -> st.SearchStrategy[str]:
    return st.sampled_from(items)


def _mono_rooms(state: State, layout: Sequence[str]) -> int:
    return sum(len(set(room)) == 1 for room in room_tiles(catalogue(state.setup.content), tuple(layout)))


def _repair_layout(state: State, drawn: Sequence[str]) -> tuple[str, ...]:
    """The drawn die-tile order if no castle room shows a single colour; else the same order with
    tiles swapped, one at a time, until none does (SETUP.DIE_TILES.NO_MONO). Deterministic, so the
    drawn permutation still shrinks."""
    tiles = list(drawn)
    mono = _mono_rooms(state, tiles)
    while mono:
        for i in range(len(tiles)):
            for j in range(i + 1, len(tiles)):
                trial = tiles[:]
                trial[i], trial[j] = trial[j], trial[i]
                fewer = _mono_rooms(state, trial)
                if fewer < mono:
                    tiles, mono = trial, fewer
                    break
            else:
                continue
            break
        else:  # pragma: no cover - a swap always helps with 5 tiles of each colour
            raise AssertionError(f"cannot lay out die tiles {drawn}")
    return tuple(tiles)


def draw_deal(draw: Draw, state: State) -> Deal:
    """The setup deal for ``state`` (a DEAL decision), drawn piece by piece from the setup's deal space
    (:func:`reference.rules.outcomes.deal_space`, the space the engine checks deals against): turn
    order, dice, the castle decks, the Daimyo card, the garden piles, the yard tiles, the die-tile
    layout (no castle room of a single colour: the drawn order is repaired by swaps,
    SETUP.DIE_TILES.NO_MONO), the starting pairs and the Solitaire deck. Rules: RULING.CHANCE_DEAL,
    RULING.DIE_TILE_LAYOUT."""
    space = deal_space(state.setup, variant_of(state.setup))
    order = space.turn_order if space.turn_order is not None else draw(_turn_orders(space.players))
    layout = _repair_layout(state, draw(_orders(space.die_tiles)))
    srs = draw(_orders(space.starting))[: space.pairs]
    acts = draw(_orders(space.actions))[: space.pairs]
    return Deal(
        turn_order=order,
        dice=draw(_die_values(space.dice)),
        stewards=draw(_orders(space.stewards)),
        diplomats=draw(_orders(space.diplomats)),
        daimyo=draw(_one_of(space.daimyo)),
        stone=draw(_orders(space.stone)),
        plant=draw(_orders(space.plant)),
        yard_tiles=draw(_orders(space.yard_tiles))[: space.yard_faces],
        die_tiles=layout,
        pairs=tuple(zip(srs, acts, strict=True)),
        solo_deck=draw(_orders(space.solo_deck)) if space.solo_deck else (),
    )


def draw_roll(draw: Draw, state: State) -> Roll:
    """The end-of-round re-roll (and, in a solo game, the reshuffled Solitaire deck), from the setup's
    roll space. Rules: RULING.CHANCE_ROLL, SOLO.ROUND.SHUFFLE."""
    space = roll_space(state.setup, variant_of(state.setup))
    deck = draw(_orders(space.solo_deck)) if space.solo_deck else ()
    return Roll(draw(_die_values(space.dice)), deck)


def draw_shuffle(draw: Draw, state: State) -> Shuffle:
    """The Gingkogawa bot's reshuffle of its discard pile. Rule: GINKGO.DISCARD."""
    top = state.stack[-1]
    assert isinstance(top, ShuffleFrame)
    return Shuffle(draw(_orders(top.pool)))


def draw_outcome(draw: Draw, state: State) -> Deal | Roll | Shuffle:
    """The chance outcome of the pending chance decision (the deal, a re-roll, a reshuffle)."""
    kind = state.decision.kind
    if kind is DecisionKind.DEAL:
        return draw_deal(draw, state)
    if kind is DecisionKind.ROLL:
        return draw_roll(draw, state)
    if kind is DecisionKind.SHUFFLE:
        return draw_shuffle(draw, state)
    raise ValueError(f"the state waits for a {kind.value} decision, not chance")


def outcomes(state: State) -> st.SearchStrategy[Deal | Roll | Shuffle]:
    """The chance outcome of the pending chance decision, as a strategy."""
    return st.composite(lambda draw: draw_outcome(draw, state))()


# ---- decisions ------------------------------------------------------------------------------------

Style = Literal["eager", "uniform", "greedy", "drain"]
"""How decisions are drawn:

- ``eager``: the decision's own options 4 times as likely as declining, climbs twice as likely as
  the other options (so the Daimyo's room fills), paying or refusing a checkpoint alike, seal trades
  rarely; past a stack depth of 8, or after 24 decisions in one turn, declining is preferred (so
  chains and loops of optional actions end).
- ``uniform``: every legal action, trades included, equally likely.
- ``greedy``: the reference greedy policy's choice first and 3 times as likely as the rest together.
- ``drain``: as ``eager``, but dice are taken from the emptiest bridge first, so that bridges run
  dry and the rival's search flips through its deck (RULING.SOLO_DECK_EXHAUSTED, GINKGO.DISCARD).
"""

STYLES: Final[tuple[Style, ...]] = ("eager", "uniform", "greedy", "drain")


def styles(*, greedy: bool = True, drain: bool = False) -> st.SearchStrategy[Style]:
    """A drawing style; ``eager`` (the shrink target) most often, ``greedy`` rarely (it is slow),
    ``drain`` (with ``drain``) a quarter of the time."""
    chosen: list[Style] = ["eager", "eager", "eager", "uniform", "uniform", "eager", "eager"]
    chosen.append("greedy" if greedy else "eager")
    if drain:
        chosen = [*chosen[:6], "drain", "drain"]
    return st.sampled_from(chosen)


def policies() -> st.SearchStrategy[Policy]:
    """One of the reference policies (``random``, ``greedy``), for games driven by a seeded policy."""
    return st.sampled_from([POLICIES[name] for name in sorted(POLICIES)])


_QUIET = (Decline, StopMove)


LONG_TURN: Final = 24
"""Decisions within one turn after which ``eager`` prefers declining (ends free loops of optional
actions that generated content can build, e.g. a Domain action whose card block offers it again)."""


def weights(state: State, options: Sequence[Action], style: Style, busy: int = 0) -> list[int]:
    """The weight of each option under ``style`` (see :data:`Style`); ``busy`` is the number of
    decisions already taken in this turn."""
    deep = len(state.stack) > 8 or busy > LONG_TURN
    if style == "uniform" and busy <= LONG_TURN:
        return [1] * len(options)
    emptiest = _emptiest(state) if style == "drain" and not deep else frozenset[Colour]()
    out: list[int] = []
    for action in options:
        if isinstance(action, Trade):
            out.append(1)
        elif isinstance(action, (StopMove, PayCheckpoint)):
            out.append(8)  # refusing a checkpoint is as interesting as paying it
        elif isinstance(action, Decline):
            out.append(16 if deep else 2)
        elif deep:
            out.append(1)
        elif style == "drain" and isinstance(action, PlaceDie):
            out.append((24 if action.end is End.LEFT else 8) if action.bridge in emptiest else 1)
        elif isinstance(action, (Climb, Audience)) or action == _COURTIER:
            out.append(16)  # courtiers into and up the castle: rooms empty their decks, favours fill
        else:
            out.append(8)
    return out


_COURTIER: Final = ChooseMember(Member.COURTIER)


def _emptiest(state: State) -> frozenset[Colour]:
    """The colours of the bridges holding the fewest dice among those holding any (all colours when
    every bridge is empty: no die can then be placed anyway)."""
    board = state.board
    if board is None:
        return frozenset()
    counts = [(b.colour, b.count()) for b in board.bridges]
    fewest = min((n for _, n in counts if n > 0), default=0)
    return frozenset(colour for colour, n in counts if n == fewest)


def choose(
    data: st.DataObject, state: State, options: Sequence[Action], style: Style, busy: int = 0
) -> Action:
    """Draw one of ``options`` with one integer draw: under the style's weights, shrinking towards the
    first option (or, under ``greedy``, towards the greedy policy's choice)."""
    return choose_by(lambda tickets: data.draw(tickets, label="decision"), state, options, style, busy)


def choose_by(
    draw: Callable[[st.SearchStrategy[int]], int],
    state: State,
    options: Sequence[Action],
    style: Style,
    busy: int = 0,
) -> Action:
    """:func:`choose` with any draw function (a composite strategy's ``draw``)."""
    ordered = list(options)
    w = weights(state, ordered, style, busy)
    if style == "greedy":
        pick = greedy_policy(state, ordered, random.Random(len(state.events) + state.turn))
        i = ordered.index(pick)
        ordered.insert(0, ordered.pop(i))
        w = [3 * max(1, len(ordered) - 1)] + [1] * (len(ordered) - 1)
    total = sum(w)
    ticket = draw(_tickets(total))
    for action, weight in zip(ordered, w, strict=True):
        if ticket < weight:
            return action
        ticket -= weight
    raise AssertionError("unreachable: the ticket is below the total weight")


@cache
def _tickets(total: int) -> st.SearchStrategy[int]:
    return st.integers(0, total - 1)


__all__ = [
    "ACTION_ORDERS",
    "PAIR_COLOURS",
    "STYLES",
    "Style",
    "choose",
    "choose_by",
    "content_or_shipped",
    "contents",
    "deck_or_shipped",
    "draw_deal",
    "draw_outcome",
    "draw_roll",
    "draw_shuffle",
    "effects",
    "outcomes",
    "policies",
    "provisional_deck",
    "rival_icons",
    "setups",
    "solo_decks",
    "solos",
    "styles",
    "weights",
]
