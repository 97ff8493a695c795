"""Setup (the deal and the starting draft), the round structure and the end of a round.

Rules: SETUP.*, ROUND.COUNT, ROUND.END_ORDER, ROUND.GARDENS, ROUND.CLEAR_REROLL, ROUND.GAME_END,
GARDENER.REACTIVATE, TIME.TURN_ORDER, RULING.CHANCE_DEAL, RULING.CHANCE_ROLL, RULING.START_ORDER,
RULING.DIE_TILE_LAYOUT, RULING.GARDENS_STEP, RULING.GARDEN_ORDER.
"""

from __future__ import annotations

from msgspec.structs import replace

from reference.model import (
    COLOURS,
    Action,
    Board,
    Clan,
    Deal,
    DecisionKind,
    DraftFrame,
    GardenSlot,
    Origin,
    Phase,
    Roll,
    Room,
    State,
    TakePair,
    YardState,
)
from reference.model import events as ev
from reference.rules import scoring
from reference.rules import time as passage
from reference.rules.bridges import sorted_bridge
from reference.rules.common import board, cat, emit, pop, push
from reference.rules.effects import from_one
from reference.rules.handler import ClanHandler, Refusal
from reference.rules.members import garden_action
from reference.rules.outcomes import (
    DIPLOMAT_ROOMS,
    STEWARD_ROOMS,
    WELL_TILES,
    check_deal,
    check_roll,
    deal_space,
    roll_space,
    room_tiles,
)
from reference.rules.variant import Variant

ROUNDS = 3
"""Rounds in a game. Rule: ROUND.COUNT."""
TURNS_PER_ROUND = 3
"""Turns each clan takes in a round. Rule: ROUND.COUNT."""


def deal(state: State, outcome: Deal, variant: Variant) -> State:
    """Lay out the board from the deal: sorted bridges, castle rooms with their cards and die tiles,
    the Well tiles, 6 gardens (a Stone and a Plant beside each bridge), the yard tiles, and the clans
    on Passage of Time space 0 stacked with the first player on top; then the starting draft.
    Rules: SETUP.BRIDGES_SORTED, SETUP.CASTLE_CARDS, SETUP.DIE_TILES, SETUP.WELL_TILES, SETUP.GARDENS,
    SETUP.YARDS, SETUP.YARD_TILES, SETUP.TURN_ORDER, SETUP.TIME_START, SETUP.SCORE_START,
    SETUP.NO_OTHER_INCOME, RULING.START_ORDER, RULING.DIE_TILE_LAYOUT; then the variant's setup (the
    solo rival)."""
    check_deal(deal_space(state.setup, variant), cat(state), outcome)
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
    readings = variant.readings(state.setup)
    dealt = ev.Dealt(
        players=n,
        turn_order=outcome.turn_order,
        board=new_board,
        solo_deck=outcome.solo_deck,
        pairs=outcome.pairs,
        readings=readings,
    )
    return variant.set_up(emit(state, dealt))


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
    return push(state, from_one(clan, cat(state).starting[sr].gains, Origin(kind="starting_card", card=sr)))


def draft_done(state: State) -> bool:
    """Every clan (but the rival) holds its starting pair."""
    return all(clan.domain_card is not None or clan.rival for clan in state.clans)


def current_clan(state: State) -> int:
    """Whose turn it is: clans take turns one at a time in turn order. Rule: ROUND.COUNT."""
    return state.turn_order[state.turn % len(state.turn_order)]


def round_over(state: State) -> bool:
    """Every clan has taken its 3 turns. Rule: ROUND.COUNT."""
    return state.turn >= TURNS_PER_ROUND * len(state.clans)


def end_round(state: State, variant: Variant) -> State:
    """The end of a round: new turn order from the Passage of Time, then (rounds 1-2) the gardens
    step, then clearing and re-rolling; after round 3 the game ends with final scoring.
    The variant acts right after the new turn order (the solo rival's hand-in).
    Rules: ROUND.END_ORDER, TIME.TURN_ORDER, ROUND.GARDENS, ROUND.GAME_END."""
    order = passage.turn_order(state.clans)
    ended = ev.RoundEnded(round=state.round, turn_order=order)
    state = replace(state, turn_order=order, events=(*state.events, ended))
    state = variant.end_of_round(state)
    if state.round >= ROUNDS:
        return final_scoring(state)
    return gardens_step(replace(state, phase=Phase.GARDENS), variant)


def gardens_step(state: State, variant: Variant) -> State:
    """Every gardener whose bridge still holds a die may act again without paying food (a Plant card's
    coins are paid again), clan by clan in turn order, gardens in slot order.
    The variant acts first (the solo rival scores its gardeners and does no action; SOLO.ROUND.GARDENS).
    Rules: GARDENER.REACTIVATE, ROUND.GARDENS, RULING.GARDENS_STEP, RULING.GARDEN_ORDER."""
    b = board(state)
    live = {bridge.colour for bridge in b.bridges if bridge.count() > 0}
    bridges = tuple(bridge.colour for bridge in b.bridges if bridge.colour in live)
    state = emit(state, ev.GardensStep(round=state.round, bridges=bridges))
    state = variant.gardens(state, frozenset(live))
    for clan in reversed(state.turn_order):
        if state.clans[clan].rival:
            continue
        for index in reversed(range(len(b.gardens))):
            slot = b.gardens[index]
            if clan in slot.gardeners and slot.bridge in live:
                state = garden_action(state, clan, slot.card, index)
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


def new_round(state: State, roll: Roll, variant: Variant) -> State:
    """Re-roll every die, sort the bridges and start the next round (the variant reshuffles its deck).
    Rules: ROUND.CLEAR_REROLL, SETUP.BRIDGES_SORTED, SOLO.ROUND.SHUFFLE."""
    check_roll(roll_space(state.setup, variant), roll)
    b = board(state)
    b = replace(b, bridges=tuple(sorted_bridge(colour, roll.dice[i]) for i, colour in enumerate(COLOURS)))
    state = replace(state, board=b, round=state.round + 1, turn=0, phase=Phase.TURNS)
    rules: tuple[str, ...] = ("RULING.CHANCE_ROLL", "ROUND.CLEAR_REROLL", "SETUP.BRIDGES_SORTED")
    state = variant.new_round(state, roll)
    if roll.solo_deck:
        rules = (*rules, "SOLO.ROUND.SHUFFLE")
    state = emit(state, ev.Rerolled(round=state.round, board=b, solo_deck=roll.solo_deck, rules=rules))
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


class DraftHandler(ClanHandler[DraftFrame]):
    """A clan picks one of the starting pairs on offer. Rule: SETUP.STARTING_PAIRS."""

    kind = DecisionKind.DRAFT
    rule = "SETUP.STARTING_PAIRS"

    always_waits = True

    def options(self, state: State, frame: DraftFrame) -> tuple[Action, ...]:
        return tuple(TakePair(i) for i in range(len(state.draft)))

    def refusal(self, state: State, frame: DraftFrame, action: Action) -> Refusal | None:
        offered = len(state.draft)
        if isinstance(action, TakePair):
            return (
                self.rule,
                f"{offered} starting pairs are on offer (index 0..{offered - 1}), got index {action.index}",
            )
        return self.rule, f"choose one of the {offered} starting pairs, got {type(action).__name__}"

    def act(self, state: State, frame: DraftFrame, action: Action) -> State:
        assert isinstance(action, TakePair)
        return take_pair(pop(state), frame.clan, action.index)


DRAFT = DraftHandler()
