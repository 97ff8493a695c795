"""The planted-fault catalogue: each fault patches the reference engine at run time so that it
breaks ONE rule, and names the rule a conformance report must name when it catches it.

The faults are slips an implementer of this game makes, and defects found in public
implementations: a checkpoint that costs nothing, warriors wiped at the end of a round, a Lantern
that shows only its first card, a stacked die priced against the printed value, the rival paying
for a lower die, a wrap in the wrong direction... ``faulty_server.py`` serves the patched engine over
the JSON Lines protocol (``--fault NAME``, repeatable); ``measure.py`` runs ``wcref verify`` against
each fault and reports whether it was caught, where, under which rule, how fast and how short.

Each patch replaces a function or constant of the reference's rules modules. A function imported by
name into other modules (``from reference.rules.effects import lantern``) is replaced in every
module that holds it (:func:`swap`), so the fault is one behaviour, seen the same from every caller.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from msgspec.structs import replace

from reference.model import (
    COLOURS,
    SPACE_FACTS,
    Action,
    BlockRef,
    ChooseMember,
    ChooseRoom,
    Clan,
    Colour,
    Decline,
    Difficulty,
    Effect,
    End,
    Floor,
    GainKind,
    OptionalFrame,
    OutsideFrame,
    PlaceDie,
    RivalIcon,
    RoomFrame,
    SoloCard,
    Source,
    Space,
    State,
    TimeTrack,
    Trade,
)
from reference.model import events as ev
from reference.rules import bridges, effects, holdings, members, placement, rounds, scoring
from reference.rules import time as passage
from reference.rules.common import board, cat, emit, pop, push, with_board, with_clan
from reference.rules.solo import gingkogawa, rival, tokugawa
from reference.rules.solo.rival import Rival
from reference.rules.variant import Variant

BASE: Final = "base"
TOKUGAWA: Final = "solo.tokugawa"
GINGKOGAWA: Final = "solo.gingkogawa"


@dataclass(frozen=True)
class Planted:
    """A planted fault: its name, the rule a report must name (``also``: rules that say the same
    thing and count as right), the verify area whose games can show it, and the patch."""

    name: str
    rule: str
    area: str
    what: str
    patch: Callable[[], None]
    also: tuple[str, ...] = ()

    @property
    def section(self) -> str:
        return self.rule.split(".")[0]

    def named_right(self, rule: str | None) -> bool:
        return rule == self.rule or rule in self.also


def swap(original: object, replacement: object) -> None:
    """Replace ``original`` by ``replacement`` in every loaded module of the reference that holds it."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("reference") or module is None:
            continue
        for attr, value in list(vars(module).items()):
            if value is original:
                setattr(module, attr, replacement)


# ---- placement ----------------------------------------------------------------------------------


def _options_from_why_not() -> None:
    """Legal placements recomputed from ``why_not`` (the reference computes them apart, for speed), so
    that a fault planted in ``why_not``, ``capacity`` or ``covered_value`` shows in both."""

    def options(state: State, clan: int) -> tuple[PlaceDie, ...]:
        b = board(state)
        out: list[PlaceDie] = []
        for bridge in b.bridges:
            for end in (End.LEFT, End.RIGHT):
                if bridges.end_value(bridge, end) is None:
                    continue
                for space in SPACE_FACTS:
                    action = PlaceDie(bridge.colour, end, space)
                    if placement.why_not(state, clan, action) is None:
                        out.append(action)
        return tuple(out)

    swap(placement.place_options, options)


def _stack_at_2p() -> None:
    honest = placement.capacity

    def capacity(players: int, space: Space) -> int | None:
        return honest(max(players, 3), space)

    swap(honest, capacity)
    _options_from_why_not()


def _stack_priced_as_printed() -> None:
    def covered(state: State, clan: int, space: Space) -> int:
        return SPACE_FACTS[space].value

    swap(placement.covered_value, covered)
    _options_from_why_not()


def _higher_die_no_coins() -> None:
    def difference(die: int, covered: int) -> int:
        return min(0, die - covered)

    swap(placement.coin_difference, difference)


def _domain_any_colour() -> None:
    honest = placement.why_not

    def why_not(
        state: State, clan: int, action: PlaceDie, *, any_colour: bool = False, free: bool = False
    ) -> tuple[str, str] | None:
        found = honest(state, clan, action, any_colour=any_colour, free=free)
        if found is None or found[0] != "DOMAIN.COLOUR_LOCK":
            return found
        die = bridges.end_value(board(state).bridges[COLOURS.index(action.bridge)], action.end)
        assert die is not None
        owed = placement.covered_value(state, clan, action.space) - die
        if not free and owed > state.clans[clan].coins:
            return "PLACE.MUST_PAY", "cannot pay"
        return None

    swap(honest, why_not)
    _options_from_why_not()


# ---- the castle, Outside the Walls, the Well --------------------------------------------------------


def _first_matching_row_only() -> None:
    honest = placement.matching_blocks

    def matching(state: State, space: Space, colour: Colour) -> tuple[BlockRef, ...]:
        return honest(state, space, colour)[:1]

    swap(honest, matching)


def _dark_diplomat_row_costs_a_seal() -> None:
    honest = effects.castle_block

    def castle_block(state: State, clan: int, card_id: str, block: int) -> State:
        card = cat(state).castle[card_id]
        b = card.blocks[block]
        if b.dark and card.floor == 2:
            source = Source("dark_row", card.id, block)
            return push(state, OptionalFrame(clan, source, b.effects, seals=1))
        return honest(state, clan, card_id, block)

    swap(honest, castle_block)


def _outside_one_choice() -> None:
    def options(state: State, frame: OutsideFrame) -> tuple[Action, ...]:
        return (ChooseMember(frame.choices[0]), Decline())

    swap(members.outside_options, options)


def _well_no_seal() -> None:
    honest = effects.well_effects

    def well_effects(state: State) -> tuple[Effect, ...]:
        return honest(state)[1:]

    swap(honest, well_effects)


# ---- clan members -----------------------------------------------------------------------------------


def _warriors_wiped() -> None:
    honest = rounds.clear_board

    def clear_board(state: State) -> State:
        state = honest(state)
        b = board(state)
        return with_board(state, replace(b, yards=tuple(replace(y, warriors=()) for y in b.yards)))

    swap(honest, clear_board)


def _no_gardens_step() -> None:
    def gardens_step(state: State, variant: Variant) -> State:
        b = board(state)
        live = frozenset(bridge.colour for bridge in b.bridges if bridge.count() > 0)
        kept = tuple(bridge.colour for bridge in b.bridges if bridge.colour in live)
        state = emit(state, ev.GardensStep(round=state.round, bridges=kept))
        return variant.gardens(state, live)

    swap(rounds.gardens_step, gardens_step)


def _no_daimyo_lantern() -> None:
    honest = effects.lantern

    def lantern(state: State, clan: int, cause: str) -> State:
        return state if cause == "COURTIER.DAIMYO.LANTERN" else honest(state, clan, cause)

    swap(honest, lantern)


def _empty_deck_no_light() -> None:
    honest = members.room_act

    def no_light(state: State, frame: RoomFrame, action: Action) -> State:
        assert isinstance(action, ChooseRoom)
        b = board(state)
        room = b.rooms[action.room]
        deck = b.steward_deck if room.floor == 1 else b.diplomat_deck
        if deck or room.card is None:
            return honest(state, frame, action)
        return emit(pop(state), ev.RoomDeckEmpty(clan=frame.clan, room=action.room, card=room.card))

    swap(honest, no_light)


# ---- the Lantern, seals, the Passage of Time ----------------------------------------------------------


def _lantern_first_card_only() -> None:
    honest = effects.lantern

    def lantern(state: State, clan: int, cause: str) -> State:
        holder = state.clans[clan]
        state = with_clan(state, clan, replace(holder, lantern=holder.lantern[:1]))
        state = honest(state, clan, cause)
        return with_clan(state, clan, replace(state.clans[clan], lantern=holder.lantern))

    swap(honest, lantern)


def _trade_coin_2() -> None:
    honest = holdings.trade

    def trade(clan: Clan, t: Trade) -> Clan:
        after = honest(clan, t)
        return holdings.gain(after, GainKind.COIN, 1) if t.into is None else after

    swap(honest, trade)


def _dearer_checkpoint_11() -> None:
    def cost(track: TimeTrack, clan: Clan) -> int:
        space = clan.time + 1
        return track.checkpoint_cost(space) + (1 if space == 11 else 0)

    swap(passage.next_checkpoint_cost, cost)


def _free_checkpoint() -> None:
    def cost(track: TimeTrack, clan: Clan) -> int:
        return 0

    swap(passage.next_checkpoint_cost, cost)


def _stack_underneath() -> None:
    def land(state: State, index: int) -> State:
        arrivals = state.arrivals + 1
        clans = list(state.clans)
        clans[index] = replace(clans[index], arrival=-arrivals)  # below every marker already there
        return replace(state, clans=tuple(clans), arrivals=arrivals)

    swap(passage.land, land)


def _turn_order_reversed() -> None:
    honest = passage.turn_order

    def turn_order(clans: tuple[Clan, ...]) -> tuple[int, ...]:
        return tuple(reversed(honest(clans)))

    swap(honest, turn_order)


# ---- scoring ----------------------------------------------------------------------------------------


def _seals_not_scored() -> None:
    def points(coins: int, seals: int) -> int:
        return coins // 5

    swap(scoring.coins_and_seals_points, points)


def _gate_counts_for_warriors() -> None:
    def inside(clan: Clan) -> int:
        return sum(clan.courtiers)

    swap(scoring.courtiers_inside, inside)


def _time_points_one_less() -> None:
    honest = scoring.time_points

    def points(track: TimeTrack, space: int) -> int:
        return max(0, honest(track, space) - 1)

    swap(honest, points)


# ---- the solo rivals --------------------------------------------------------------------------------


def _rival_pays() -> None:
    honest = Rival.place

    def paying_place(self: Rival, state: State, clan: int, card: SoloCard, space: Space, rule: str) -> State:
        state = honest(self, state, clan, card, space, rule)
        placed = [e for e in state.events if isinstance(e, ev.DiePlaced)][-1]
        owed = min(placed.covered - placed.value, state.clans[clan].coins)
        if owed > 0:
            holder = state.clans[clan]
            state = with_clan(state, clan, replace(holder, coins=holder.coins - owed))
        return state

    Rival.place = paying_place  # type: ignore[method-assign]  # a planted fault


def _rival_cards_reversed() -> None:
    honest = tokugawa.Tokugawa.turn

    def turn(self: tokugawa.Tokugawa, state: State, clan: int) -> State:
        state = honest(self, state, clan)
        k = len(state.rival_row)
        if k < 2:
            return state
        deck = state.solo_deck
        return replace(state, solo_deck=deck[: len(deck) - k] + tuple(reversed(deck[len(deck) - k :])))

    tokugawa.Tokugawa.turn = turn  # type: ignore[method-assign]  # a planted fault


def _wrap_leftwards() -> None:
    def from_position(spaces: tuple[Space, ...], start: int) -> tuple[Space, ...]:
        return tuple(spaces[(start - k) % len(spaces)] for k in range(len(spaces)))

    swap(gingkogawa.from_position, from_position)


def _bonus_always_one() -> None:
    honest = gingkogawa.bonus

    def bonus(difficulty: Difficulty, round_number: int) -> tuple[RivalIcon, ...]:
        return honest(difficulty, 1)

    swap(honest, bonus)


def _set(module: object, name: str, value: object) -> Callable[[], None]:
    def patch() -> None:
        setattr(module, name, value)

    return patch


def _courtier_points() -> dict[Floor, int]:
    return {**scoring.COURTIER_POINTS, Floor.STEWARDS: 2}


FAULTS: Final[dict[str, Planted]] = {
    p.name: p
    for p in (
        # placement and bridges
        Planted("no_left_lantern", "BRIDGE.LANTERN_LEFT", BASE, "a die from the left end lights no Lantern",
                _set(bridges, "fires_lantern", lambda end: False)),
        Planted("lantern_both_ends", "BRIDGE.LANTERN_LEFT", BASE, "a die from either end lights the Lantern",
                _set(bridges, "fires_lantern", lambda end: True)),
        Planted("stack_at_2p", "PLACE.NO_STACK_2P", BASE, "a second die may stack on a room at 2 clans",
                _stack_at_2p),
        Planted("stack_priced_as_printed", "PLACE.STACK_3_4P", BASE,
                "a die stacked on another (3-4 clans) is priced against the printed value", _stack_priced_as_printed),
        Planted("higher_die_no_coins", "PLACE.COIN_DIFFERENCE", BASE, "a die higher than the space earns no coins",
                _higher_die_no_coins),
        Planted("domain_any_colour", "DOMAIN.COLOUR_LOCK", BASE, "a Domain line takes a die of any colour",
                _domain_any_colour),
        # the castle, Outside the Walls, the Well
        Planted("first_matching_row_only", "CASTLE.EVERY_MATCHING_ROW", BASE,
                "a die activates only the first row whose tile matches it", _first_matching_row_only),
        Planted("free_dark_row", "CASTLE.DARK_SEAL", BASE, "a Stewards' dark row costs no seal",
                _set(effects, "DARK_STEWARD_SEALS", 0)),
        Planted("dark_diplomat_row_costs_a_seal", "CASTLE.DIPLOMAT_DARK_FREE", BASE,
                "a Diplomats' dark block costs a seal", _dark_diplomat_row_costs_a_seal),
        Planted("outside_one_choice", "OUTSIDE.CHOICES", BASE, "Outside the Walls offers only its first member",
                _outside_one_choice),
        Planted("well_no_seal", "WELL.REWARD", BASE, "the Well gives its tiles but no seal", _well_no_seal),
        # clan members
        Planted("warriors_wiped", "WARRIOR.NEVER_MOVE", BASE, "warriors leave the Training Yards each round",
                _warriors_wiped),
        Planted("no_gardens_step", "ROUND.GARDENS", BASE, "gardens never act again at the end of a round",
                _no_gardens_step, also=("GARDENER.REACTIVATE",)),
        Planted("audience_3_coins", "COURTIER.AUDIENCE", BASE, "an audience at the Gate costs 3 coins",
                _set(members, "AUDIENCE_COINS", 3)),
        Planted("cheap_double_climb", "COURTIER.CLIMB", BASE, "climbing two floors costs 4 Mother-of-Pearl",
                _set(members, "CLIMB_PEARL", {1: 2, 2: 4})),
        Planted("no_daimyo_lantern", "COURTIER.DAIMYO.LANTERN", BASE,
                "a courtier entering the Daimyo's room lights no Lantern", _no_daimyo_lantern),
        Planted("empty_deck_no_light", "COURTIER.FLOOR12.EMPTY_DECK", BASE,
                "a courtier entering a room whose deck is empty does no light block", _empty_deck_no_light),
        # seals, resources, the Lantern
        Planted("seal_cap", "SEALS.CAP", BASE, "a clan may hold 6 Daimyo Seals", _set(holdings, "SEAL_CAP", 6)),
        Planted("trade_coin_2", "SEALS.TRADE_COIN", BASE, "a seal trades for 2 coins", _trade_coin_2),
        Planted("cheap_resource_trade", "SEALS.TRADE_RESOURCE", BASE, "1 seal trades for a resource",
                _set(holdings, "TRADE_RESOURCE_SEALS", 1)),
        Planted("resource_cap_8", "RESOURCES.CAP", BASE, "a clan may hold 8 of a resource",
                _set(holdings, "RESOURCE_CAP", 8)),
        Planted("lantern_first_card_only", "LANTERN.GAIN_ALL", BASE, "the Lantern gives only its first card's icons",
                _lantern_first_card_only),
        # the Passage of Time
        Planted("free_checkpoint", "TIME.CHECKPOINTS", BASE, "checkpoints cost no seals", _free_checkpoint),
        Planted("dearer_checkpoint_11", "TIME.CHECKPOINTS", BASE, "the checkpoint at space 11 costs 3 seals",
                _dearer_checkpoint_11),
        Planted("stack_underneath", "TIME.STACK", BASE, "a marker ending its move goes under the others there",
                _stack_underneath),
        Planted("turn_order_reversed", "TIME.TURN_ORDER", BASE, "the clan furthest along the track plays last",
                _turn_order_reversed, also=("ROUND.END_ORDER",)),
        # final scoring
        Planted("seals_not_scored", "SCORE.COINS_SEALS", BASE, "leftover seals are not counted with the coins",
                _seals_not_scored),
        Planted("gate_counts_for_warriors", "SCORE.WARRIORS", BASE,
                "courtiers at the Gate multiply the warriors' strength", _gate_counts_for_warriors),
        Planted("courtier_points_stewards_2", "SCORE.COURTIERS", BASE, "a courtier on the Stewards' floor scores 2",
                _set(scoring, "COURTIER_POINTS", _courtier_points())),
        Planted("time_points_one_less", "SCORE.TIME", BASE, "each Passage of Time space scores 1 less",
                _time_points_one_less),
        # the solo rivals
        Planted("rival_pays", "SOLO.GOLDEN.NEVER_PAYS", TOKUGAWA, "the rival pays for a die lower than the space",
                _rival_pays),
        Planted("hand_in_4", "SOLO.ROUND.HAND_IN", TOKUGAWA, "the rival hands in its coins per 4",
                _set(rival, "HAND_IN_RATE", {0: 4, 1: 4})),
        Planted("rival_cards_reversed", "SOLO.TURN.TO_BOTTOM", TOKUGAWA,
                "the rival's flipped cards go to the bottom in reverse order", _rival_cards_reversed),
        Planted("wrap_leftwards", "GINKGO.WRAP", GINGKOGAWA, "the bot's search wraps leftwards", _wrap_leftwards),
        Planted("bonus_always_one", "GINKGO.BONUS", GINGKOGAWA, "the bot's bonus is 1 in every round",
                _bonus_always_one, also=("GINKGO.FULL_ZONE",)),
    )
}  # fmt: skip
"""The catalogue, by name."""


def plant(name: str) -> None:
    """Patch the reference engine so that it breaks the rule of fault ``name`` (a KeyError names an
    unknown fault)."""
    FAULTS[name].patch()
