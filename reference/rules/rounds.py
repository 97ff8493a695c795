"""Setup (the deal and the starting draft), the round structure and the end of a round.

Rules: SETUP.*, ROUND.COUNT, ROUND.END_ORDER, ROUND.GARDENS, ROUND.CLEAR_REROLL, ROUND.GAME_END,
GARDENER.REACTIVATE, TIME.TURN_ORDER, RULING.CHANCE_DEAL, RULING.CHANCE_ROLL, RULING.START_ORDER,
RULING.DIE_TILE_LAYOUT, RULING.GARDENS_STEP, RULING.GARDEN_ORDER.
"""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from reference.content import Catalogue
from reference.errors import IllegalAction
from reference.model import (
    COLOURS,
    Board,
    Clan,
    Colour,
    Deal,
    EffectsFrame,
    GardenKind,
    GardenSlot,
    Phase,
    Roll,
    Room,
    State,
    YardState,
)
from reference.model import events as ev
from reference.rules import rival, scoring
from reference.rules import time as passage
from reference.rules.bridges import sorted_bridge
from reference.rules.common import board, cat, emit, push
from reference.rules.members import garden_action

ROUNDS = 3
"""Rounds in a game. Rule: ROUND.COUNT."""
TURNS_PER_ROUND = 3
"""Turns each clan takes in a round. Rule: ROUND.COUNT."""
STEWARD_ROOMS = 3
DIPLOMAT_ROOMS = 2
STEWARD_TILES = 3
DIPLOMAT_TILES = 2
WELL_TILES = 2
"""Castle rooms and their die tiles; the last 2 tiles go to the Well. Rules: SETUP.CASTLE_CARDS,
SETUP.DIE_TILES, SETUP.WELL_TILES."""


def dice_per_colour(players: int) -> int:
    """Dice of each colour in play: clans + 1. Rule: SETUP.DICE_PER_COLOUR."""
    return players + 1


def cards_in_use(cat: Catalogue, players: int, floor: int) -> tuple[str, ...]:
    """Steward (1) or Diplomat (2) cards in play: cards marked with a diamond stay in the box at 1-2
    players. Rule: SETUP.TWO_PLAYER_REMOVED."""
    deck = cat.content.stewards if floor == 1 else cat.content.diplomats
    return tuple(c.id for c in deck if players > 2 or c.two_player)


def _bad(reason: str) -> IllegalAction:
    return IllegalAction("RULING.CHANCE_DEAL", f"invalid deal: {reason}")


def _permutation(name: str, given: tuple[str, ...], expected: tuple[str, ...]) -> None:
    if Counter(given) != Counter(expected):
        raise _bad(f"{name} must be an ordering of {sorted(expected)}, got {list(given)}")


def check_deal(state: State, deal: Deal) -> None:
    """Raise IllegalAction (rule RULING.CHANCE_DEAL, or SETUP.DIE_TILES.NO_MONO) unless the deal is a
    possible outcome of the setup shuffles and rolls for this number of clans."""
    c = cat(state)
    n = state.setup.players
    if sorted(deal.turn_order) != list(range(n)):
        raise _bad(f"turn_order must be a permutation of 0..{n - 1}")
    if len(deal.dice) != len(COLOURS) or any(len(d) != dice_per_colour(n) for d in deal.dice):
        raise _bad(f"dice must give {dice_per_colour(n)} values for each of the 3 bridges")
    if any(not 1 <= v <= 6 for d in deal.dice for v in d):
        raise _bad("die values must be 1..6")
    _permutation("stewards", deal.stewards, cards_in_use(c, n, 1))
    _permutation("diplomats", deal.diplomats, cards_in_use(c, n, 2))
    if deal.daimyo not in c.daimyo:
        raise _bad(f"unknown Daimyo card {deal.daimyo!r}")
    for kind, given in ((GardenKind.STONE, deal.stone), (GardenKind.PLANT, deal.plant)):
        _permutation(kind.value, given, tuple(g.id for g in c.content.gardens if g.kind is kind))
    faces = sum(len(y.faces) for y in c.content.yards)
    if (
        len(deal.yard_tiles) != faces
        or len(set(deal.yard_tiles)) != faces
        or any(t not in c.yard_tiles for t in deal.yard_tiles)
    ):
        raise _bad(f"yard_tiles must name {faces} different yard tiles")
    _permutation("die_tiles", deal.die_tiles, tuple(t.id for t in c.content.die_tiles))
    for r, tiles in enumerate(room_tiles(c, deal.die_tiles)):
        if len(set(tiles)) == 1:
            raise IllegalAction(
                "SETUP.DIE_TILES.NO_MONO",
                f"invalid deal: castle room {r + 1} would show only {tiles[0].value} die tiles",
            )
    solo = state.setup.solo
    pairs = 1 if solo is not None else n + 1
    if len(deal.pairs) != pairs:
        raise _bad(f"pairs must offer {pairs} starting pair(s) (SETUP.STARTING_PAIRS, SOLO.SETUP.TWO_PLAYER)")
    if solo is not None:
        if deal.turn_order != rival.start_order(solo):
            raise _bad(
                f"turn_order must be {list(rival.start_order(solo))} for the "
                f"{solo.difficulty.value} {solo.rival.value} rival (SOLO.SETUP.DIFFICULTY, GINKGO.SETUP)"
            )
        _permutation("solo_deck", deal.solo_deck, tuple(c.id for c in rival.deck(state).cards))
    elif deal.solo_deck:
        raise _bad("solo_deck is only dealt in a solo game")
    srs = [p[0] for p in deal.pairs]
    acts = [p[1] for p in deal.pairs]
    action_ids = {a.id for a in c.content.action_cards}
    if len(set(srs)) != len(srs) or any(s not in c.starting for s in srs):
        raise _bad("pairs must name different Starting Resource cards")
    if len(set(acts)) != len(acts) or any(a not in action_ids for a in acts):
        raise _bad("pairs must name different Action cards")


def room_tiles(c: Catalogue, die_tiles: tuple[str, ...]) -> list[tuple[Colour, ...]]:
    """The die-tile colours of each castle room (3 per Stewards' room, 2 per Diplomats' room) for a
    layout of tile ids in slot order. Rules: SETUP.DIE_TILES, RULING.DIE_TILE_LAYOUT."""
    colours = [c.die_tiles[t].colour for t in die_tiles]
    rooms: list[tuple[Colour, ...]] = []
    at = 0
    for size in (STEWARD_TILES,) * STEWARD_ROOMS + (DIPLOMAT_TILES,) * DIPLOMAT_ROOMS:
        rooms.append(tuple(colours[at : at + size]))
        at += size
    return rooms


def deal(state: State, outcome: Deal) -> State:
    """Lay out the board from the deal: sorted bridges, castle rooms with their cards and die tiles,
    the Well tiles, 6 gardens (a Stone and a Plant beside each bridge), the yard tiles, and the clans
    on Passage of Time space 0 stacked with the first player on top; then the starting draft.
    Rules: SETUP.BRIDGES_SORTED, SETUP.CASTLE_CARDS, SETUP.DIE_TILES, SETUP.WELL_TILES, SETUP.GARDENS,
    SETUP.YARDS, SETUP.YARD_TILES, SETUP.TURN_ORDER, SETUP.TIME_START, SETUP.SCORE_START,
    SETUP.NO_OTHER_INCOME, RULING.START_ORDER, RULING.DIE_TILE_LAYOUT."""
    check_deal(state, outcome)
    c = cat(state)
    n = state.setup.players
    layout = room_tiles(c, outcome.die_tiles)
    rooms = tuple(
        Room(1 if r < STEWARD_ROOMS else 2, card, layout[r])
        for r, card in enumerate(outcome.stewards[:STEWARD_ROOMS] + outcome.diplomats[:DIPLOMAT_ROOMS])
    )
    gardens = tuple(
        GardenSlot(colour, pile[i])
        for i, colour in enumerate(COLOURS)
        for pile in (outcome.stone, outcome.plant)
    )
    tiles = iter(outcome.yard_tiles)
    yards = tuple(
        YardState(y.cost, y.value, tuple((next(tiles), face) for face in y.faces)) for y in c.content.yards
    )
    new_board = Board(
        bridges=tuple(sorted_bridge(colour, outcome.dice[i]) for i, colour in enumerate(COLOURS)),
        rooms=rooms,
        steward_deck=outcome.stewards[STEWARD_ROOMS:],
        diplomat_deck=outcome.diplomats[DIPLOMAT_ROOMS:],
        daimyo=outcome.daimyo,
        favours=(None, None, None),
        outside=((), ()),
        well=(),
        well_tiles=outcome.die_tiles[-WELL_TILES:],
        gardens=gardens,
        yards=yards,
    )
    # first player on top of the stack on space 0 (RULING.START_ORDER)
    clans = [Clan() for _ in range(n)]
    for k, who in enumerate(outcome.turn_order):
        clans[who] = replace(clans[who], arrival=n - k)
    if state.setup.solo is not None:
        clans = rival.setup_clans(state, clans)
    state = replace(
        state,
        phase=Phase.DRAFT,
        board=new_board,
        clans=tuple(clans),
        turn_order=outcome.turn_order,
        arrivals=n,
        draft=outcome.pairs,
        solo_deck=outcome.solo_deck,
    )
    solo = state.setup.solo
    readings = (
        ()
        if solo is None
        else (
            ("READING.SOLO_ACTION_ORDER", solo.action_order),
            ("READING.GINKGO_PAIR_COLOUR", solo.pair_colour),
        )
    )
    dealt = ev.Dealt(
        players=n,
        turn_order=outcome.turn_order,
        board=new_board,
        solo_deck=outcome.solo_deck,
        readings=readings,
    )
    state = emit(state, dealt)
    return rival.announce(state) if solo is not None else state


def drafter(state: State) -> int:
    """The clan choosing a starting pair now: reverse turn order (the rival takes none).
    Rules: SETUP.STARTING_PAIRS, SOLO.SETUP.NO_DOMAIN."""
    clans = state.clans
    return next(c for c in reversed(state.turn_order) if clans[c].domain_card is None and not clans[c].rival)


def take_pair(state: State, clan: int, index: int) -> State:
    """Take a starting pair: the Starting Resource card starts the Lantern Area and gives its gains,
    the Action card goes on the Domain board. Rules: SETUP.STARTING_PAIRS, SETUP.STARTING_GAINS,
    LANTERN.AREA."""
    sr, action_card = state.draft[index]
    clans = list(state.clans)
    clans[clan] = replace(clans[clan], lantern=(sr,), domain_card=action_card)
    state = replace(state, clans=tuple(clans), draft=state.draft[:index] + state.draft[index + 1 :])
    state = emit(state, ev.PairTaken(clan=clan, starting=sr, action_card=action_card))
    return push(state, EffectsFrame(clan, cat(state).starting[sr].gains))


def draft_done(state: State) -> bool:
    """Every clan (but the rival) holds its starting pair."""
    return all(clan.domain_card is not None or clan.rival for clan in state.clans)


def current_clan(state: State) -> int:
    """Whose turn it is: clans take turns one at a time in turn order. Rule: ROUND.COUNT."""
    return state.turn_order[state.turn % len(state.turn_order)]


def round_over(state: State) -> bool:
    """Every clan has taken its 3 turns. Rule: ROUND.COUNT."""
    return state.turn >= TURNS_PER_ROUND * len(state.clans)


def end_round(state: State) -> State:
    """The end of a round: new turn order from the Passage of Time, then (rounds 1-2) the gardens
    step, then clearing and re-rolling; after round 3 the game ends with final scoring.
    Rules: ROUND.END_ORDER, TIME.TURN_ORDER, ROUND.GARDENS, ROUND.GAME_END."""
    order = passage.turn_order(state.clans)
    state = replace(state, turn_order=order)
    state = emit(state, ev.RoundEnded(round=state.round, turn_order=order))
    if state.setup.solo is not None:
        state = rival.hand_in(state)
    if state.round >= ROUNDS:
        return final_scoring(state)
    return gardens_step(replace(state, phase=Phase.GARDENS))


def gardens_step(state: State) -> State:
    """Every gardener whose bridge still holds a die may act again without paying food (a Plant card's
    coins are paid again), clan by clan in turn order, gardens in slot order.
    Rules: GARDENER.REACTIVATE, ROUND.GARDENS, RULING.GARDENS_STEP, RULING.GARDEN_ORDER."""
    b = board(state)
    live = {bridge.colour for bridge in b.bridges if bridge.count() > 0}
    bridges = tuple(bridge.colour for bridge in b.bridges if bridge.colour in live)
    state = emit(state, ev.GardensStep(round=state.round, bridges=bridges))
    state = rival.gardens_points(state, set(live))
    for clan in reversed(state.turn_order):
        if state.clans[clan].rival:
            continue
        for slot in reversed(b.gardens):
            if clan in slot.gardeners and slot.bridge in live:
                state = garden_action(state, clan, slot.card)
    return state


def clear_board(state: State) -> State:
    """Remove every placed die; members, cards and tiles stay. Rule: ROUND.CLEAR_REROLL."""
    b = board(state)
    b = replace(
        b,
        rooms=tuple(replace(room, dice=()) for room in b.rooms),
        outside=((), ()),
        well=(),
    )
    clans = tuple(replace(clan, domain_dice=(None, None, None)) for clan in state.clans)
    return emit(replace(state, board=b, clans=clans, phase=Phase.ROLL), ev.BoardCleared(round=state.round))


def check_roll(state: State, roll: Roll) -> None:
    """Raise IllegalAction (RULING.CHANCE_ROLL) unless the roll gives clans + 1 values 1..6 per bridge."""
    per = dice_per_colour(state.setup.players)
    if len(roll.dice) != len(COLOURS) or any(len(d) != per for d in roll.dice):
        raise IllegalAction("RULING.CHANCE_ROLL", f"a roll gives {per} dice for each of the 3 bridges")
    if any(not 1 <= v <= 6 for d in roll.dice for v in d):
        raise IllegalAction("RULING.CHANCE_ROLL", "die values must be 1..6")
    if state.setup.solo is not None:
        ids = tuple(c.id for c in rival.deck(state).cards)
        if Counter(roll.solo_deck) != Counter(ids):
            raise IllegalAction(
                "SOLO.ROUND.SHUFFLE", f"the roll must reshuffle the Solitaire deck {sorted(ids)}"
            )
    elif roll.solo_deck:
        raise IllegalAction("RULING.CHANCE_ROLL", "solo_deck is only reshuffled in a solo game")


def new_round(state: State, roll: Roll) -> State:
    """Re-roll every die, sort the bridges and start the next round. Rules: ROUND.CLEAR_REROLL,
    SETUP.BRIDGES_SORTED."""
    check_roll(state, roll)
    b = board(state)
    b = replace(b, bridges=tuple(sorted_bridge(colour, roll.dice[i]) for i, colour in enumerate(COLOURS)))
    state = replace(state, board=b, round=state.round + 1, turn=0, phase=Phase.TURNS)
    rules: tuple[str, ...] = ("RULING.CHANCE_ROLL", "ROUND.CLEAR_REROLL", "SETUP.BRIDGES_SORTED")
    if state.setup.solo is not None:
        # the whole deck, discards included, is reshuffled (SOLO.ROUND.SHUFFLE, RULING.GINKGO_ROUND_SHUFFLE)
        state = replace(state, solo_deck=roll.solo_deck, solo_discard=())
        rules = (*rules, "SOLO.ROUND.SHUFFLE")
    state = emit(
        state, ev.Rerolled(round=state.round, bridges=b.bridges, solo_deck=roll.solo_deck, rules=rules)
    )
    return emit(state, ev.RoundStarted(round=state.round, turn_order=state.turn_order))


def final_scoring(state: State) -> State:
    """Score every clan by category and name the winners. Rules: SCORE.*, RULING.TIE_SHARED."""
    b = board(state)
    c = cat(state)
    scores = tuple(
        scoring.score_clan(b, i, clan, c, leftovers=not clan.rival)  # SOLO.SCORE
        for i, clan in enumerate(state.clans)
    )
    state = replace(state, phase=Phase.OVER, scores=scores, winners=scoring.winners(scores))
    return emit(state, ev.GameOver(scores=scores, winners=state.winners))
