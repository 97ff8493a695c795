"""How a game variant takes part in the base rules: the hooks of :class:`Variant`.

The base rules never ask which variant they run: at each point where the solo rules differ (who
deals the first turn order, how many starting pairs are dealt, what the deal sets up, a turn the
engine plays itself, the end of a round, the gardens step, the re-roll) they call the variant's hook.
:class:`Variant` itself is the base game, whose hooks do what the base rules say; the solo rivals
(:mod:`reference.rules.solo`) override some of them. The engine picks the variant of a game with
:func:`reference.rules.solo.variant_of`.

Rules: SETUP.TURN_ORDER, SETUP.STARTING_PAIRS, ROUND.END_ORDER, ROUND.GARDENS, ROUND.CLEAR_REROLL.
"""

from __future__ import annotations

from reference.model import Colour, Roll, Setup, State


class Variant:
    """The base game's behaviour at each hook (2-4 clans, every clan a player)."""

    def first_order(self, setup: Setup) -> tuple[int, ...] | None:
        """The first round's turn order when the variant fixes it; None: a chance outcome of the deal.
        Rules: SETUP.TURN_ORDER, RULING.START_ORDER."""
        return None

    def pairs(self, players: int) -> int:
        """Starting pairs dealt: one more than the clans. Rule: SETUP.STARTING_PAIRS."""
        return players + 1

    def deck_ids(self, setup: Setup) -> tuple[str, ...]:
        """The ids of the Solitaire deck the deal and re-rolls shuffle (none in the base game)."""
        return ()

    def readings(self, setup: Setup) -> tuple[tuple[str, str], ...]:
        """The registered readings this game plays by: (register ID, value); in the base game those of
        the printed icons. Rules: READING.DOMAIN_ICON, READING.STONE_GARDEN_ICON."""
        return setup.readings.in_force()

    def chooses_pair(self) -> bool:
        """Whether clans choose their starting pair (in reverse turn order). Rule: SETUP.STARTING_PAIRS."""
        return True

    def set_up(self, state: State) -> State:
        """After the board is laid out: what the variant adds to the clans (nothing here)."""
        return state

    def turn(self, state: State, clan: int) -> State:
        """The turn of a clan the engine plays itself; the base game has none (every clan decides)."""
        raise AssertionError(f"clan {clan} is a player: its turn is a decision")

    def end_of_round(self, state: State) -> State:
        """Right after the new turn order is set (nothing here). Rule: ROUND.END_ORDER."""
        return state

    def gardens(self, state: State, live: frozenset[Colour]) -> State:
        """In the gardens step, before the players' gardeners act (nothing here). Rule: ROUND.GARDENS."""
        return state

    def new_round(self, state: State, roll: Roll) -> State:
        """With the re-roll: what else the variant reshuffles (nothing here). Rule: ROUND.CLEAR_REROLL."""
        return state


BASE_GAME = Variant()
"""The base game's hooks."""
