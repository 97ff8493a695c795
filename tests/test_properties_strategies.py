"""The strategies of properties/strategies.py: generated content and Solitaire decks are valid, every
setup starts a game, chance outcomes are accepted, decisions are drawn among the legal actions; and
the property code cites only registered rule IDs (ISSUE 5)."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.strategies._internal.strategies import OneOfStrategy, SampledFromStrategy

from properties import strategies as strat
from reference.content import validate, validate_deck
from reference.engine import apply, is_chance, legal_actions, new_game
from reference.model import (
    COLOURS,
    Climb,
    Colour,
    Content,
    Decision,
    DecisionKind,
    Decline,
    DieTileIcon,
    End,
    Floor,
    Gain,
    GainKind,
    GardenerTo,
    GardenKind,
    Influence,
    LanternIcon,
    PayCoins,
    Phase,
    PlaceDie,
    Setup,
    Slot,
    SoloDeck,
    State,
    StopMove,
    Trade,
)
from reference.rulebook import rule_ids
from tests.helpers import started, with_bridges

FEW = settings(max_examples=25)


@FEW
@given(strat.contents())
def test_generated_content_is_valid(content: Content) -> None:
    validate(content, "generated")
    assert content.provisional


@FEW
@given(strat.solo_decks())
def test_generated_decks_are_valid_and_name_every_bridge_end(deck: SoloDeck) -> None:
    validate_deck(deck, "generated")
    named = {(card.bridge, card.slot) for card in deck.cards}
    assert {(c, s) for c in COLOURS for s in (Slot.LEFT, Slot.RIGHT)} <= named


@FEW
@given(strat.solo_decks("lean"))
def test_lean_decks_name_the_left_end_of_every_bridge(deck: SoloDeck) -> None:
    validate_deck(deck, "generated")
    assert {(c, Slot.LEFT) for c in COLOURS} <= {(card.bridge, card.slot) for card in deck.cards}


@FEW
@given(strat.solo_decks("any"))
def test_any_generated_deck_is_valid(deck: SoloDeck) -> None:
    validate_deck(deck, "generated")


@FEW
@given(setup=strat.setups(), data=st.data())
def test_every_setup_deals_and_every_decision_is_legal(setup: Setup, data: st.DataObject) -> None:
    state = new_game(setup)
    state = apply(state, strat.draw_outcome(data.draw, state))
    assert state.board is not None
    for _ in range(12):
        if is_chance(state):
            action = strat.draw_outcome(data.draw, state)
        else:
            options = legal_actions(state)
            action = strat.choose(data, state, options, data.draw(strat.styles()))
            assert action in options
        state = apply(state, action)


def test_the_setups_cover_clans_rivals_and_readings() -> None:
    seen: set[tuple[object, ...]] = set()

    @settings(max_examples=200, database=None)
    @given(strat.setups(generated=0))
    def collect(setup: Setup) -> None:
        solo = setup.solo
        if solo is None:
            seen.add(("clans", setup.players))
        else:
            seen.add((solo.rival, solo.difficulty, solo.action_order, solo.pair_colour))

    collect()
    assert {("clans", 2), ("clans", 3), ("clans", 4)} <= seen
    assert len(seen) >= 20  # most of 2 rivals x 3 difficulties x 2 x 2 readings


def test_weights_prefer_acting_and_end_deep_chains() -> None:
    shallow = State(setup=Setup(), phase=Phase.TURNS, decision=Decision(DecisionKind.COURTIER, 0))
    options = (Climb(Floor.GATE, 1), Decline(), StopMove(), Trade(None))
    assert strat.weights(shallow, options, "eager") == [16, 2, 8, 1]
    assert strat.weights(shallow, options, "uniform") == [1, 1, 1, 1]


ID = re.compile(r"\b((?:[A-Z][A-Z0-9_]*\.)+[A-Z][A-Z0-9_]*)\b")


def test_the_properties_cite_only_registered_rule_ids() -> None:
    known = rule_ids()
    families = {i.split(".")[0] for i in known}
    root = Path(__file__).resolve().parent.parent / "properties"
    unknown = sorted(
        {
            name
            for path in root.glob("*.py")
            for name in ID.findall(path.read_text(encoding="utf-8"))
            if name.split(".")[0] in families and name not in known and not name.endswith(".py")
        }
    )
    assert unknown == []


def test_the_drain_style_takes_dice_from_the_emptiest_bridge_first() -> None:
    state = with_bridges(started(), coral=(2, (), 5), black=(1, (3,), 6))  # white keeps its 3 dice
    placements = [a for a in legal_actions(state) if isinstance(a, PlaceDie)]
    weights = strat.weights(state, placements, "drain")
    for action, weight in zip(placements, weights, strict=True):
        if action.bridge is Colour.CORAL:
            assert weight == (24 if action.end is End.LEFT else 8), action
        else:
            assert weight == 1, action
    # an empty bridge is not the emptiest: no die can be taken from it
    emptied = with_bridges(state, coral=(None, (), None), black=(1, (), 6))
    placements = [a for a in legal_actions(emptied) if isinstance(a, PlaceDie)]
    drawn = dict(zip(placements, strat.weights(emptied, placements, "drain"), strict=True))
    assert {w for a, w in drawn.items() if a.bridge is Colour.BLACK} == {24, 8}
    assert {w for a, w in drawn.items() if a.bridge is Colour.WHITE} == {1}


def test_icons_keep_the_odds_of_drawing_the_kind_then_the_value() -> None:
    """Content and deck icons (:func:`strat._evenly`): each kind of icon as likely as the others, then
    each value in the kind's list (a die-tile icon or a gardener icon names no colour or garden half
    the time); a priced icon is one of eleven; every draw is below 100 choices (Hypothesis mixes the
    project's constants of 100 and more into wider draws); every value of the vocabulary is in."""

    def odds(strategy: object) -> dict[object, Fraction]:
        """The exact chance of each value (a priced icon counted as the type PayCoins)."""
        if isinstance(strategy, OneOfStrategy):
            branches = strategy.element_strategies
            assert len(branches) < 100
            out: dict[object, Fraction] = {}
            for branch in branches:
                for value, p in odds(branch).items():
                    out[value] = out.get(value, Fraction(0)) + p / len(branches)
            return out
        if isinstance(strategy, SampledFromStrategy):
            assert len(strategy.elements) < 100
            return {
                v: Fraction(strategy.elements.count(v), len(strategy.elements)) for v in strategy.elements
            }
        return {PayCoins: Fraction(1)}  # the priced icon's builds

    assert odds(strat._evenly([[1, 2, 3], ["a", "b"], [None, None, "c"]])) == {
        1: Fraction(1, 9), 2: Fraction(1, 9), 3: Fraction(1, 9), "a": Fraction(1, 6), "b": Fraction(1, 6),
        None: Fraction(2, 9), "c": Fraction(1, 9),
    }  # fmt: skip

    icons = odds(strat._icon(("DC1", "DC2")))
    assert icons[PayCoins] == icons[LanternIcon()] == Fraction(1, 11)
    assert icons[DieTileIcon(None)] == 3 * icons[DieTileIcon(COLOURS[0])] == Fraction(1, 22)
    assert {i.n for i in icons if isinstance(i, Influence)} == {1, 2, 3}
    assert {(i.what, i.n) for i in icons if isinstance(i, Gain)} == {
        (k, n) for k in GainKind for n in (1, 2, 3)
    }
    kinds = {type(i) for i in icons if i is not PayCoins}
    assert len(kinds) == 10  # 9 kinds and the Decree icon
    assert sum(icons.values()) == 1

    rival = odds(strat.RIVAL_ICONS)
    assert {i.kind for i in rival if isinstance(i, GardenerTo)} == {None, *GardenKind}
    assert (
        rival[GardenerTo(None)]
        == len(GardenKind) * rival[GardenerTo(next(iter(GardenKind)))]
        == Fraction(1, 12)
    )
