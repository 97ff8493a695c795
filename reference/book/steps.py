"""The step library of the executable rules documentation.

Every step of ``scenarios/*.feature`` is matched (whole text, case-sensitive) by exactly one pattern
here, whatever its keyword, so the same files can run under any Cucumber:

- **Given** steps describe the situation: the game (``a 2-player game``: the standard deal; ``a solo
  game against the easy Tokugawa rival with the Solitaire deck:`` plus a card table), changes to the
  deal (``the deal is changed:``) and then edits of the dealt state (holdings, bridges, dice, cards,
  the round...). With no edit the vector starts from the setup and replays the deal and the starting
  draft; with edits it starts from the edited state as a public position (the ``load_position`` area; a
  composed study when the edits leave out the history of the game, see RULING.PUBLIC_POSITION).
- **When** steps are actions (wire ``Action`` values), applied one by one.
- **Then** steps are expectations on the canonical observation (:func:`reference.wire.observe`),
  each a JSON Pointer and a value, or ``the action is refused citing RULE.ID``.

A :class:`World` runs the steps of one example on the reference engine as it reads them and
records the example as a :class:`Draft` (setup, start state, steps), from which
:mod:`reference.book.vectors` makes the language-neutral vector.

The standard deal (:func:`standard_deal`) lays out this board for 2 players (turn order clan 0, then
clan 1): bridges coral 1 | 3 | 5, black 2 | 4 | 6, white 1 | 2 | 6; Steward rooms steward_1 = S2
(tiles white, coral, coral), steward_2 = S5 (black, white, coral), steward_3 = S9 (coral, black,
white); Diplomat rooms diplomat_1 = D2 (black, white), diplomat_2 = D6 (white, black); Steward deck
S4, S7, S10, S12, S13, S15; Diplomat deck D3, D4, D5, D7, D8, D10, D11; Well tiles coral-coin and
black-coin; Daimyo's Favor card DF1 (Well / 2 CP / 2 seals); garden slots 0 G1, 1 G7 (coral bridge),
2 G3, 3 G9 (black), 4 G5, 5 G10 (white); yards 5 iron: Y4 action + Y5 reward, 3 iron: Y6 action,
1 iron: Y1 reward; starting pairs SR8 + A3, SR9 + A1, SR6 + A5 (each clan takes the first pair on
offer, the last in turn order first: clan 1 gets SR8 + A3, clan 0 SR9 + A1).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

import msgspec
from msgspec.structs import replace

from reference.book.scenarios import StepKind, StepText
from reference.engine import apply, new_game, settle
from reference.errors import ContentError, IllegalAction, RulesGap, SetupError
from reference.model import (
    COLOURS,
    PHASE_FRAMES,
    ROOM_SPACES,
    Accept,
    Action,
    Audience,
    Board,
    Bridge,
    ChooseBlock,
    ChooseFavour,
    ChooseGarden,
    ChooseLine,
    ChooseMember,
    ChooseRoom,
    ChooseYard,
    Climb,
    ClimbUp,
    Colour,
    CourtierToGate,
    Deal,
    DecisionKind,
    Decline,
    Die,
    Difficulty,
    End,
    Floor,
    Gain,
    GainKind,
    GardenerTo,
    GardenKind,
    Influence,
    Member,
    Next,
    PayCheckpoint,
    Phase,
    PlaceDie,
    Resource,
    RivalIcon,
    RivalKind,
    Roll,
    Setup,
    Shuffle,
    Slot,
    Solo,
    SoloCard,
    SoloDeck,
    Space,
    State,
    StopMove,
    TakePair,
    TakeResource,
    Trade,
    WarriorTo,
)
from reference.model.setup import BASE_READINGS
from reference.position import Position, from_position, position, status
from reference.wire import JSON, observe, to_json

# ---- the standard deal -------------------------------------------------------------------------

STANDARD_STEWARDS: Final = ("S2", "S5", "S9", "S4", "S7", "S10", "S12", "S13", "S15")
STANDARD_DIPLOMATS: Final = ("D2", "D6", "D3", "D4", "D5", "D7", "D8", "D10", "D11")
EXTRA_STEWARDS: Final = ("S1", "S3", "S6", "S8", "S11", "S14")
EXTRA_DIPLOMATS: Final = ("D1", "D9", "D12")
STANDARD_DIE_TILES: Final = (
    "white-iron",
    "coral-iron",
    "coral-food",
    "black-iron",
    "white-food",
    "coral-pearl",
    "coral-choice",
    "black-food",
    "white-pearl",
    "black-pearl",
    "white-choice",
    "white-coin",
    "black-choice",
    "coral-coin",
    "black-coin",
)
STANDARD_PAIRS: Final = (("SR8", "A3"), ("SR9", "A1"), ("SR6", "A5"), ("SR3", "A2"), ("SR5", "A4"))
SOLO_PAIR: Final = (("SR9", "A1"),)
"""The player's starting pair in a solo game (drawn at random in play; fixed in examples)."""


def standard_deal(players: int, solo: Solo | None = None, deck: tuple[str, ...] = ()) -> Deal:
    """The standard deal of the examples for ``players`` clans (see the module docstring); at 3-4
    players every castle card is in play and each bridge gets the extra dice 4, 2 (3: 4; 4: 4, 2).
    A solo deal orders the clans by the rival's difficulty, offers the player SR9 + A1 and stacks
    the Solitaire deck as ``deck``."""
    dice: tuple[tuple[int, ...], ...] = ((5, 1, 3), (2, 4, 6), (6, 1, 2))
    if players > 2:
        extra = (4, 2)[: players - 2]
        dice = tuple((*d, *extra) for d in dice)
    order = tuple(range(players))
    pairs = STANDARD_PAIRS[: players + 1]
    if solo is not None:
        from reference.rules.solo import variant_of

        setup = Setup(players=players, solo=solo)
        order = variant_of(setup).first_order(setup) or order
        pairs = SOLO_PAIR
    return Deal(
        turn_order=order,
        dice=dice,
        stewards=STANDARD_STEWARDS if players <= 2 else STANDARD_STEWARDS + EXTRA_STEWARDS,
        diplomats=STANDARD_DIPLOMATS if players <= 2 else STANDARD_DIPLOMATS + EXTRA_DIPLOMATS,
        daimyo="DF1",
        stone=("G1", "G3", "G5", "G2", "G4"),
        plant=("G7", "G9", "G10", "G6", "G8"),
        yard_tiles=("Y4", "Y5", "Y6", "Y1"),
        die_tiles=STANDARD_DIE_TILES,
        pairs=pairs,
        solo_deck=deck,
    )


# ---- errors ------------------------------------------------------------------------------------


class StepError(Exception):
    """A step the library cannot use: no or several patterns match, or it is out of place (an edit
    after an action, an expectation before any action...). A mistake in the feature file."""


class Expectation(AssertionError):
    """An expectation of a Then step that the run did not meet."""


# ---- the recorded example ----------------------------------------------------------------------


@dataclass
class DraftStep:
    """One step of the vector being written: the action, the observation expectations (JSON
    Pointer -> value) and the rule ID of the expected refusal (None: the action must be accepted)."""

    action: Action
    expect: dict[str, JSON] = field(default_factory=dict)
    refused: str | None = None


@dataclass
class Draft:
    """An example as data: the setup, the start position (None: start from the setup; see
    :mod:`reference.position`), the conservation rules that position breaks as a composed study
    (``composed``) and the steps."""

    setup: Setup
    start: Position | None
    steps: list[DraftStep]
    composed: tuple[str, ...] = ()


# ---- vocabulary --------------------------------------------------------------------------------

COLOUR: Final = r"(coral|black|white)"
SPACE: Final = r"(steward_[123]|diplomat_[12]|outside_left|outside_right|the Well|domain_coral|domain_black|domain_white)"
ROOM: Final = r"(steward_[123]|diplomat_[12])"
CARDS: Final = r"((?:[A-Z]+[0-9]+)(?:, [A-Z]+[0-9]+)*|empty)"
CLANS: Final = r"(clan [0-9](?:, clan [0-9])*)"
FLOORS: Final = {
    "the Gate": Floor.GATE,
    "the Stewards' floor": Floor.STEWARDS,
    "the Diplomats' floor": Floor.DIPLOMATS,
}
RESOURCE_WORDS: Final = {"food": Resource.FOOD, "iron": Resource.IRON, "Mother-of-Pearl": Resource.PEARL}
AMOUNT_WORDS: Final = {
    "coin": "coins",
    "coins": "coins",
    "seal": "seals",
    "seals": "seals",
    "food": "food",
    "iron": "iron",
    "Mother-of-Pearl": "pearl",
    "Clan Point": "cp",
    "Clan Points": "cp",
}
MEMBER_WORDS: Final = {
    "courtier": 0,
    "courtiers": 0,
    "gardener": 1,
    "gardeners": 1,
    "warrior": 2,
    "warriors": 2,
}
YARD_INDEX: Final = {5: 0, 3: 1, 1: 2}
SCORE_COLUMNS: Final = {
    "during play": "during_play",
    "coins and seals": "coins_and_seals",
    "resources": "resources",
    "time": "time",
    "courtiers": "courtiers",
    "warriors": "warriors",
    "gardeners": "gardeners",
    "total": "total",
}


def space_of(word: str) -> Space:
    """A space from its step word (``the Well`` or a wire name)."""
    return Space.WELL if word == "the Well" else Space(word)


def room_index(word: str) -> int:
    """The castle room index (0..4) of ``steward_1`` .. ``diplomat_2``."""
    return ROOM_SPACES.index(Space(word))


def _split_list(text: str) -> list[str]:
    """``a, b and c`` -> [a, b, c]."""
    parts = re.split(r", | and ", text)
    return [p.strip() for p in parts if p.strip()]


def amounts(text: str) -> dict[str, int]:
    """``3 coins, 2 seals and 1 food`` -> {coins: 3, seals: 2, food: 1}."""
    out: dict[str, int] = {}
    for part in _split_list(text):
        m = re.fullmatch(r"(\d+) (coins?|seals?|food|iron|Mother-of-Pearl|Clan Points?)", part)
        if m is None:
            raise StepError(
                f"not an amount: {part!r} (say e.g. '3 coins', '1 seal', '2 Mother-of-Pearl', '4 Clan Points')"
            )
        out[AMOUNT_WORDS[m.group(2)]] = int(m.group(1))
    return out


def members_sent(text: str) -> dict[int, int]:
    """``2 courtiers, 1 gardener and 0 warriors`` -> {0: 2, 1: 1, 2: 0} (index in ``Clan.sent``)."""
    out: dict[int, int] = {}
    for part in _split_list(text):
        m = re.fullmatch(r"(\d+|all its) (courtiers?|gardeners?|warriors?)", part)
        if m is None:
            raise StepError(f"not a member count: {part!r}")
        out[MEMBER_WORDS[m.group(2)]] = 5 if m.group(1) == "all its" else int(m.group(1))
    return out


def card_list(text: str) -> tuple[str, ...]:
    """``S4, S7`` -> (S4, S7); ``empty`` -> ()."""
    return () if text == "empty" else tuple(p.strip() for p in text.split(","))


def clan_list(text: str) -> tuple[int, ...]:
    """``clan 1, clan 0`` -> (1, 0)."""
    return tuple(int(m) for m in re.findall(r"clan ([0-9])", text))


def bridge_slots(colour: Colour, text: str) -> Bridge:
    """``1 | 3 | 5``, ``- | - | 6``, ``2 | 3 4 | 6`` or ``empty`` -> a Bridge."""
    if text == "empty":
        return Bridge(colour, None, (), None)
    m = re.fullmatch(r"(\d|-) \| ((?:\d(?: \d)*)|-) \| (\d|-)", text)
    if m is None:
        raise StepError(
            f"not a bridge: {text!r} (write 'left | centre | right' with '-' for empty, e.g. '1 | 3 | 5')"
        )
    left = None if m.group(1) == "-" else int(m.group(1))
    centre = () if m.group(2) == "-" else tuple(int(v) for v in m.group(2).split())
    right = None if m.group(3) == "-" else int(m.group(3))
    return Bridge(colour, left, centre, right)


def dice_list(text: str) -> tuple[Die, ...]:
    """``a coral 4 of clan 1 and a white 2 of clan 0`` or ``no dice`` -> dice."""
    if text == "no dice":
        return ()
    out: list[Die] = []
    for part in _split_list(text):
        m = re.fullmatch(r"an? (coral|black|white) (\d) of clan (\d)", part)
        if m is None:
            raise StepError(f"not a die: {part!r} (say e.g. 'a coral 4 of clan 1')")
        out.append(Die(Colour(m.group(1)), int(m.group(2)), int(m.group(3))))
    return tuple(out)


def rival_icons(text: str) -> tuple[RivalIcon, ...]:
    """The icons of a Solitaire card half: ``gardener stone``, ``gardener any``, ``warrior 5``,
    ``courtier``, ``climb 2``, ``cp 2``, ``coins 2``, ``influence 1``, separated by ``,``; ``-``: none."""
    if text.strip() in ("-", ""):
        return ()
    out: list[RivalIcon] = []
    for part in (p.strip() for p in text.split(",")):
        words = part.split()
        match words:
            case ["gardener", "stone" | "plant" as kind]:
                out.append(GardenerTo(GardenKind(kind)))
            case ["gardener", "any"]:
                out.append(GardenerTo(None))
            case ["warrior", cost]:
                out.append(WarriorTo(int(cost)))
            case ["courtier"]:
                out.append(CourtierToGate())
            case ["climb", floors]:
                out.append(ClimbUp(int(floors)))
            case ["cp", n]:
                out.append(Gain(GainKind.CP, int(n)))
            case ["coins", n]:
                out.append(Gain(GainKind.COIN, int(n)))
            case ["influence", n]:
                out.append(Influence(int(n)))
            case _:
                raise StepError(f"not a rival icon: {part!r}")
    return tuple(out)


def _deal_value(name: str, text: str) -> object:
    match name:
        case "turn_order":
            return tuple(int(v) for v in re.findall(r"\d", text))
        case "dice":
            return tuple(tuple(int(v) for v in group.split()) for group in text.split("/"))
        case "daimyo":
            return text.strip()
        case "pairs":
            return tuple(tuple(p.strip().split("+")) for p in text.split(","))
        case "stewards" | "diplomats" | "stone" | "plant" | "yard_tiles" | "die_tiles" | "solo_deck":
            return tuple(p.strip() for p in text.split(",") if p.strip())
    raise StepError(f"the deal has no field {name!r}")


# ---- pointers ----------------------------------------------------------------------------------


def pointer_get(document: JSON, pointer: str) -> JSON:
    """Resolve a JSON Pointer (RFC 6901); raises KeyError when it names nothing."""
    if pointer == "":
        return document
    node = document
    for raw in pointer.lstrip("/").split("/"):
        token = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict):
            if token not in node:
                raise KeyError(pointer)
            node = node[token]
        elif isinstance(node, list):
            if not token.isdigit() or int(token) >= len(node):
                raise KeyError(pointer)
            node = node[int(token)]
        else:
            raise KeyError(pointer)
    return node


def pointer_set(document: JSON, pointer: str, value: JSON) -> None:
    """Replace the value a JSON Pointer names (it must exist)."""
    *parents, last = pointer.lstrip("/").split("/")
    node = pointer_get(document, "/" + "/".join(parents)) if parents else document
    token = last.replace("~1", "/").replace("~0", "~")
    if isinstance(node, dict) and token in node:
        node[token] = value
    elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
        node[int(token)] = value
    else:
        raise StepError(f"the state has no {pointer!r}")


# ---- the world -------------------------------------------------------------------------------------

Handler = Callable[["World", re.Match[str], StepText], None]


@dataclass(frozen=True)
class Pattern:
    """A step pattern: its kind, its regular expression (matched against the whole text) and its
    handler."""

    kind: StepKind
    regex: re.Pattern[str]
    handler: Handler
    needs_table: bool = False


PATTERNS: list[Pattern] = []


def step(kind: StepKind, regex: str, *, table: bool = False) -> Callable[[Handler], Handler]:
    """Register a step pattern."""

    def register(handler: Handler) -> Handler:
        PATTERNS.append(Pattern(kind, re.compile(regex), handler, table))
        return handler

    return register


def matching(text: str) -> list[Pattern]:
    """Every pattern (of any kind) whose expression matches the whole text."""
    return [p for p in PATTERNS if p.regex.fullmatch(text)]


class World:
    """One example being read and run on the reference engine.

    ``strict``: a Then step that fails raises :class:`Expectation` at once (pytest); otherwise the
    failure is recorded in ``failures`` and the run goes on (the rules book, the vector export)."""

    def __init__(self, *, strict: bool = True) -> None:
        self.strict = strict
        self.broken = False
        self.failures: list[str] = []
        self.setup: Setup | None = None
        self.deal: Deal | None = None
        self.state: State | None = None
        self.prefix: list[Action] = []
        self.edited = False
        self.start: Position | None = None
        self.composed: tuple[str, ...] = ()
        self.declared: tuple[str, ...] | None = None
        self.steps: list[DraftStep] = []
        self.acting = False
        self.undealt = False
        self.bridges_set: set[Colour] = set()
        self.pending: IllegalAction | RulesGap | None = None
        self._observed: tuple[State, JSON] | None = None
        self._arrival = 0

    # -- running -------------------------------------------------------------------------------

    def run(self, step_text: StepText) -> None:
        """Match and run one step."""
        found = matching(step_text.text)
        if not found:
            raise StepError(f"line {step_text.line}: no step matches {step_text.text!r}")
        if len(found) > 1:
            raise StepError(f"line {step_text.line}: several steps match {step_text.text!r}")
        pattern = found[0]
        if pattern.kind != step_text.kind:
            raise StepError(
                f"line {step_text.line}: {step_text.text!r} is a {pattern.kind} step, written as {step_text.kind}"
            )
        if pattern.needs_table != bool(step_text.table):
            raise StepError(
                f"line {step_text.line}: {step_text.text!r} "
                + ("needs a table" if pattern.needs_table else "takes no table")
            )
        if self.pending is not None and pattern.handler is not _then_refused:
            self._fail(
                f"line {step_text.line}: the action before was refused ({self.pending.rule}: "
                f"{self.pending.reason}) and no step expects the refusal"
            )
            self.pending = None
        m = pattern.regex.fullmatch(step_text.text)
        assert m is not None
        pattern.handler(self, m, step_text)

    def finish(self) -> Draft:
        """End the example: an unexpected refusal at the end fails it; returns the draft."""
        if self.pending is not None:
            self._fail(f"the last action was refused ({self.pending.rule}: {self.pending.reason})")
            self.pending = None
        if not self.steps:
            raise StepError("an example needs at least one When step")
        assert self.setup is not None
        return Draft(self.setup, self.start, list(self.steps), self.composed)

    def _fail(self, message: str) -> None:
        self.broken = True
        if self.strict:
            raise Expectation(message)
        self.failures.append(message)

    # -- Given: the game ------------------------------------------------------------------------

    def new(self, setup: Setup, deal: Deal) -> None:
        if self.setup is not None:
            raise StepError("the game is already given")
        self.setup, self.deal = setup, deal

    def materialize(self) -> State:
        """The dealt state (deal applied, and outside a solo game the starting draft made by each
        clan taking the first pair on offer); the deal and draft are the vector's first actions."""
        if self.state is not None:
            return self.state
        if self.setup is None or self.deal is None:
            raise StepError("no game is given yet")
        try:
            state = apply(new_game(self.setup), self.deal)
            self.prefix.append(self.deal)
            while state.decision.kind in (DecisionKind.DRAFT, DecisionKind.ORDER):
                action: Action = TakePair(0) if state.decision.kind is DecisionKind.DRAFT else Next(0)
                state = apply(state, action)
                self.prefix.append(action)
        except (SetupError, ContentError, IllegalAction, RulesGap) as exc:
            raise StepError(f"the given game cannot be dealt: {exc}") from exc
        self.state = state
        self._arrival = state.arrivals
        return state

    def edit(self, change: Callable[[State], State]) -> None:
        """Change the dealt state (Given steps only)."""
        if self.acting:
            raise StepError("a Given step cannot follow a When step")
        if self.undealt:
            raise StepError("a game waiting for its deal cannot be edited")
        self.state = change(self.materialize())
        self.edited = True

    def clan_edit(self, clan: int, **changes: Any) -> None:
        def change(state: State) -> State:
            if not 0 <= clan < len(state.clans):
                raise StepError(f"there is no clan {clan}")
            clans = list(state.clans)
            clans[clan] = replace(clans[clan], **changes)
            return replace(state, clans=tuple(clans))

        self.edit(change)

    def board_edit(self, **changes: Any) -> None:
        self.edit(lambda s: replace(s, board=replace(_board(s), **changes)))

    # -- When: actions --------------------------------------------------------------------------

    def _begin(self) -> State:
        """The state the first action applies to: the dealt (and edited) state."""
        if self.acting:
            assert self.state is not None
            return self.state
        self.acting = True
        state = self.materialize()
        if self.edited:
            state = self._from_position(_settled(state))
            self.prefix = []
            self.state = state
        self.steps = [DraftStep(a) for a in self.prefix]
        return state

    def _from_position(self, edited: State) -> State:
        """The edited state as a public position (the vector's start) and the state rebuilt from it:
        edits may leave out the history of the game (a composed study: dice, turns, members, cards not
        conserved) but never break what the table can hold (RULING.PUBLIC_POSITION)."""
        start = position(edited)
        problems = status(start)
        never = [p for p in problems if not p.history]
        if never:
            raise StepError(
                "the edits give a position the rules never allow: " + "; ".join(str(p) for p in never[:3])
            )
        self.composed = tuple(sorted({p.rule for p in problems}))
        if self.declared is not None and self.declared != self.composed:
            self._fail(
                f"the start position is composed leaving out {', '.join(self.composed) or 'nothing'}, "
                f"not {', '.join(self.declared) or 'nothing'}"
            )
        self.start = start
        return from_position(start, self.composed)

    def deal_now(self) -> None:
        """Apply the deal itself as the example's first action."""
        if self.acting or (self.state is not None and not self.undealt):
            raise StepError("'the deal is applied' must be the first action, with no edit before it")
        if self.setup is None or self.deal is None:
            raise StepError("no game is given yet")
        self.acting = True
        try:
            self.state = new_game(self.setup)
        except (SetupError, ContentError) as exc:
            raise StepError(f"the given setup is refused: {exc}") from exc
        self._apply(None, self.deal)

    def act(self, clan: int | None, action: Action) -> None:
        state = self._begin()
        if clan is not None:
            decider = state.decision.clan
            if decider != clan:
                self._fail(
                    f"clan {clan} cannot act: the game waits for {state.decision.kind.value} by {decider}"
                )
            if self.steps and len(self.steps) > len(self.prefix) and "/decision" not in self.steps[-1].expect:
                self.steps[-1].expect.setdefault("/decision/clan", clan)
        self._apply(clan, action)

    def _apply(self, clan: int | None, action: Action) -> None:
        state = self.state
        assert state is not None
        self.steps.append(DraftStep(action))
        try:
            self.state = apply(state, action)
        except (IllegalAction, RulesGap) as exc:
            self.pending = exc

    # -- Then: expectations ---------------------------------------------------------------------

    def observation(self) -> JSON:
        state = self.state
        assert state is not None
        if self._observed is None or self._observed[0] is not state:
            self._observed = (state, to_json(observe(state)))
        return self._observed[1]

    def expect(self, pointer: str, value: JSON) -> None:
        """Record an expectation on the last action and check it now."""
        if not self.acting or not self.steps:
            raise StepError("a Then step needs a When step before it")
        last = self.steps[-1]
        if pointer in last.expect and last.expect[pointer] != value:
            raise StepError(f"two expectations for {pointer}")
        last.expect[pointer] = value
        if pointer == "/decision":
            last.expect.pop("/decision/clan", None)
        try:
            seen = pointer_get(self.observation(), pointer)
        except KeyError:
            self._fail(f"the observation has nothing at {pointer}")
            return
        if seen != value:
            self._fail(f"{pointer}: expected {json.dumps(value)}, observed {json.dumps(seen)}")

    def refused(self, rule: str) -> None:
        if not self.acting or not self.steps:
            raise StepError("a refusal needs a When step before it")
        self.steps[-1].refused = rule
        if self.pending is None:
            self._fail(f"the action was accepted; expected a refusal citing {rule}")
            return
        if self.pending.rule != rule:
            self._fail(
                f"the action was refused citing {self.pending.rule} ({self.pending.reason}), not {rule}"
            )
        self.pending = None


def _board(state: State) -> Board:
    if state.board is None:
        raise StepError("the game has not been dealt")
    return state.board


def _settled(state: State) -> State:
    """An edited state, settled by the engine (:func:`reference.engine.settle`): it waits for the
    decision its round and turn say. At a turn the clan whose turn it is must be a player, not the
    solo rival, whose turn is engine logic."""
    if state.phase is Phase.TURNS and all(isinstance(f, PHASE_FRAMES) for f in state.stack):
        n = len(state.turn_order)
        if state.turn >= 3 * n:
            raise StepError("the round's turns are all taken")
        if state.clans[state.turn_order[state.turn % n]].rival:
            raise StepError(
                "an edited state must wait for the player: set the turn so that clan 0 moves next"
            )
    return settle(state)


# =====================================================================================================
# Given
# =====================================================================================================


@step("given", r"a ([234])-player game")
def _given_game(world: World, m: re.Match[str], s: StepText) -> None:
    players = int(m.group(1))
    world.new(Setup(players=players), standard_deal(players))


@step("given", r"a new ([234])-player game waiting for its deal")
def _given_undealt(world: World, m: re.Match[str], s: StepText) -> None:
    players = int(m.group(1))
    world.new(Setup(players=players), standard_deal(players))
    assert world.setup is not None
    world.state = new_game(world.setup)
    world.undealt = True


@step(
    "given",
    r"a solo game against the (easy|medium|normal|hard) (Tokugawa rival|Gingkogawa bot) with the Solitaire deck:",
    table=True,
)
def _given_solo(world: World, m: re.Match[str], s: StepText) -> None:
    difficulty = Difficulty.MEDIUM if m.group(1) == "normal" else Difficulty(m.group(1))
    rival = RivalKind.TOKUGAWA if m.group(2) == "Tokugawa rival" else RivalKind.GINGKOGAWA
    header, *rows = s.table
    if header != ("card", "die", "slot", "space", "top", "bottom"):
        raise StepError("the Solitaire deck table has the columns card | die | slot | space | top | bottom")
    cards = tuple(
        SoloCard(
            id=row[0],
            bridge=Colour(row[1]),
            slot=Slot(row[2]),
            space=space_of(row[3]),
            top=rival_icons(row[4]),
            bottom=rival_icons(row[5]),
        )
        for row in rows
    )
    deck = SoloDeck(name="scenario deck", provisional=True, cards=cards, note="a deck written in the example")
    solo = Solo(rival=rival, difficulty=difficulty, deck=deck)
    world.new(Setup(players=2, solo=solo), standard_deal(2, solo, tuple(c.id for c in cards)))


@step(
    "given",
    r"the start position is a study leaving out ((?:[A-Z][A-Z0-9_.]*)(?:, [A-Z][A-Z0-9_.]*)*|nothing)",
)
def _given_study(world: World, m: re.Match[str], s: StepText) -> None:
    """The conservation rules the edited start position breaks, said out loud (RULING.PUBLIC_POSITION)."""
    world.declared = () if m.group(1) == "nothing" else tuple(sorted(m.group(1).split(", ")))


@step(
    "given",
    r"the setup reads (solo\.action_order|solo\.pair_colour|readings\.domain_icon|readings\.stone_garden) as (\w+)",
)
def _given_reading(world: World, m: re.Match[str], s: StepText) -> None:
    owner, _, field_name = m.group(1).partition(".")
    if world.setup is None or (world.state is not None and not world.undealt):
        raise StepError("a reading is chosen in the setup, before the game is dealt")
    if owner == "readings":
        rule, values = next((rule, values) for rule, field, values in BASE_READINGS if field == field_name)
        if m.group(2) not in values:
            raise StepError(f"{m.group(1)} is one of {', '.join(values)} ({rule}), not {m.group(2)!r}")
        readings = replace(world.setup.readings, **{field_name: m.group(2)})
        world.setup = replace(world.setup, readings=readings)
        if world.state is not None:
            world.state = new_game(world.setup)
        return
    if world.setup.solo is None:
        raise StepError(f"{m.group(1)} is a reading of a solo rival: give a solo game first")
    solo = replace(world.setup.solo, **{field_name: m.group(2)})
    world.setup = replace(world.setup, solo=solo)


@step("given", r"the deal is changed:", table=True)
def _given_deal(world: World, m: re.Match[str], s: StepText) -> None:
    if world.deal is None or (world.state is not None and not world.undealt):
        raise StepError("the deal is changed after the game is given and before anything is edited")
    changes = {row[0]: _deal_value(row[0], row[1]) for row in s.table}
    world.deal = replace(world.deal, **changes)


@step("given", r"clan ([0-9]) holds (nothing|.+)")
def _given_holds(world: World, m: re.Match[str], s: StepText) -> None:
    if m.group(2) == "nothing":
        world.clan_edit(int(m.group(1)), coins=0, seals=0, food=0, iron=0, pearl=0)
    else:
        world.clan_edit(int(m.group(1)), **amounts(m.group(2)))


@step("given", r"clan ([0-9]) is on Passage of Time space (\d+)")
def _given_time(world: World, m: re.Match[str], s: StepText) -> None:
    world.materialize()
    world._arrival += 1
    arrival = world._arrival
    world.clan_edit(int(m.group(1)), time=int(m.group(2)), arrival=arrival)
    world.edit(lambda st: replace(st, arrivals=arrival))


@step("given", r"clan ([0-9]) has sent (.+)")
def _given_sent(world: World, m: re.Match[str], s: StepText) -> None:
    clan = int(m.group(1))
    sent = list(world.materialize().clans[clan].sent)
    for index, n in members_sent(m.group(2)).items():
        sent[index] = n
    world.clan_edit(clan, sent=(sent[0], sent[1], sent[2]))


@step("given", r"clan ([0-9]) has courtiers at Gate (\d), Stewards (\d), Diplomats (\d), Daimyo (\d)")
def _given_courtiers(world: World, m: re.Match[str], s: StepText) -> None:
    clan = int(m.group(1))
    floors = (int(m.group(2)), int(m.group(3)), int(m.group(4)), int(m.group(5)))
    sent = world.materialize().clans[clan].sent
    world.clan_edit(clan, courtiers=floors, sent=(max(sent[0], sum(floors)), sent[1], sent[2]))


@step("given", r"clan ([0-9]) has (a|\d) warriors? in the ([531])-iron yard")
def _given_warriors(world: World, m: re.Match[str], s: StepText) -> None:
    clan = int(m.group(1))
    n = 1 if m.group(2) == "a" else int(m.group(2))
    index = YARD_INDEX[int(m.group(3))]
    state = world.materialize()
    yards = list(_board(state).yards)
    yards[index] = replace(yards[index], warriors=(*yards[index].warriors, *([clan] * n)))
    sent = state.clans[clan].sent
    world.board_edit(yards=tuple(yards))
    world.clan_edit(clan, sent=(sent[0], sent[1], sent[2] + n))


@step("given", r"clan ([0-9]) has a gardener on garden slot ([0-5])")
def _given_gardener(world: World, m: re.Match[str], s: StepText) -> None:
    clan, slot = int(m.group(1)), int(m.group(2))
    state = world.materialize()
    gardens = list(_board(state).gardens)
    gardens[slot] = replace(gardens[slot], gardeners=(*gardens[slot].gardeners, clan))
    sent = state.clans[clan].sent
    world.board_edit(gardens=tuple(gardens))
    world.clan_edit(clan, sent=(sent[0], sent[1] + 1, sent[2]))


@step("given", r"clan ([0-9])'s Domain card is ([A-Z]+[0-9]+)")
def _given_domain_card(world: World, m: re.Match[str], s: StepText) -> None:
    world.clan_edit(int(m.group(1)), domain_card=m.group(2))


@step("given", r"clan ([0-9])'s Lantern Area is " + CARDS)
def _given_lantern(world: World, m: re.Match[str], s: StepText) -> None:
    # a Lantern Area is a multiset, kept sorted (rules.effects.lantern_with)
    world.clan_edit(int(m.group(1)), lantern=tuple(sorted(card_list(m.group(2)))))


@step("given", r"clan ([0-9]) has a ([1-6]) on its " + COLOUR + " Domain line")
def _given_domain_die(world: World, m: re.Match[str], s: StepText) -> None:
    clan = int(m.group(1))
    dice = list(world.materialize().clans[clan].domain_dice)
    dice[COLOURS.index(Colour(m.group(3)))] = int(m.group(2))
    world.clan_edit(clan, domain_dice=(dice[0], dice[1], dice[2]))


@step("given", r"the " + COLOUR + r" bridge holds (.+)")
def _given_bridge(world: World, m: re.Match[str], s: StepText) -> None:
    colour = Colour(m.group(1))
    new = bridge_slots(colour, m.group(2))
    world.bridges_set.add(colour)
    world.edit(lambda st: replace(st, board=_with_bridge(_board(st), new)))


@step("given", r"the other bridges are empty")
def _given_other_bridges(world: World, m: re.Match[str], s: StepText) -> None:
    def change(st: State) -> State:
        b = _board(st)
        for colour in COLOURS:
            if colour not in world.bridges_set:
                b = _with_bridge(b, Bridge(colour, None, (), None))
        return replace(st, board=b)

    world.edit(change)


def _with_bridge(b: Board, new: Bridge) -> Board:
    return replace(b, bridges=tuple(new if old.colour is new.colour else old for old in b.bridges))


@step("given", r"an? " + COLOUR + r" ([1-6]) of clan ([0-9]) is on " + SPACE)
def _given_die(world: World, m: re.Match[str], s: StepText) -> None:
    die = Die(Colour(m.group(1)), int(m.group(2)), int(m.group(3)))
    space = space_of(m.group(4))

    def change(st: State) -> State:
        b = _board(st)
        if space in ROOM_SPACES:
            i = ROOM_SPACES.index(space)
            rooms = list(b.rooms)
            rooms[i] = replace(rooms[i], dice=(*rooms[i].dice, die))
            return replace(st, board=replace(b, rooms=tuple(rooms)))
        if space in (Space.OUTSIDE_LEFT, Space.OUTSIDE_RIGHT):
            i = 0 if space is Space.OUTSIDE_LEFT else 1
            outside = list(b.outside)
            outside[i] = (*outside[i], die)
            return replace(st, board=replace(b, outside=tuple(outside)))
        if space is Space.WELL:
            return replace(st, board=replace(b, well=(*b.well, die)))
        raise StepError("a die on a Domain line: say 'clan N has a V on its C Domain line'")

    world.edit(change)


@step("given", r"the card in " + ROOM + r" is ([A-Z]+[0-9]+)")
def _given_room_card(world: World, m: re.Match[str], s: StepText) -> None:
    i = room_index(m.group(1))
    card = m.group(2)
    world.edit(lambda st: replace(st, board=_with_room(_board(st), i, card=card)))


@step("given", r"the die tiles of " + ROOM + r" are ((?:coral|black|white)(?:, (?:coral|black|white))*)")
def _given_room_tiles(world: World, m: re.Match[str], s: StepText) -> None:
    i = room_index(m.group(1))
    tiles = tuple(Colour(t.strip()) for t in m.group(2).split(","))
    world.edit(lambda st: replace(st, board=_with_room(_board(st), i, tiles=tiles)))


def _with_room(b: Board, i: int, **changes: Any) -> Board:
    rooms = list(b.rooms)
    rooms[i] = replace(rooms[i], **changes)
    return replace(b, rooms=tuple(rooms))


@step("given", r"the (Steward|Diplomat) deck is " + CARDS)
def _given_castle_deck(world: World, m: re.Match[str], s: StepText) -> None:
    cards = card_list(m.group(2))
    if m.group(1) == "Steward":
        world.board_edit(steward_deck=cards)
    else:
        world.board_edit(diplomat_deck=cards)


@step("given", r"favour ([0-2]) is taken by clan ([0-9])")
def _given_favour(world: World, m: re.Match[str], s: StepText) -> None:
    slot, clan = int(m.group(1)), int(m.group(2))
    favours = list(_board(world.materialize()).favours)
    favours[slot] = clan
    world.board_edit(favours=tuple(favours))


@step("given", r"the Daimyo's Favor card is (DF[0-9])")
def _given_daimyo(world: World, m: re.Match[str], s: StepText) -> None:
    world.board_edit(daimyo=m.group(1))


@step("given", r"the Well tiles are ([a-z]+-[a-z]+) and ([a-z]+-[a-z]+)")
def _given_well_tiles(world: World, m: re.Match[str], s: StepText) -> None:
    world.board_edit(well_tiles=(m.group(1), m.group(2)))


@step("given", r"it is round ([123])")
def _given_round(world: World, m: re.Match[str], s: StepText) -> None:
    world.edit(lambda st: replace(st, round=int(m.group(1))))


@step("given", r"it is the last turn of round ([123])")
def _given_last_turn(world: World, m: re.Match[str], s: StepText) -> None:
    world.edit(lambda st: replace(st, round=int(m.group(1)), turn=3 * len(st.clans) - 1))


@step("given", r"(\d+) turns? of round ([123]) (?:has|have) been taken")
def _given_turns(world: World, m: re.Match[str], s: StepText) -> None:
    world.edit(lambda st: replace(st, round=int(m.group(2)), turn=int(m.group(1))))


@step("given", r"the turn order is " + CLANS)
def _given_turn_order(world: World, m: re.Match[str], s: StepText) -> None:
    world.edit(lambda st: replace(st, turn_order=clan_list(m.group(1))))


@step("given", r"the Solitaire deck is " + CARDS)
def _given_solo_deck(world: World, m: re.Match[str], s: StepText) -> None:
    world.edit(lambda st: replace(st, solo_deck=card_list(m.group(1))))


@step("given", r"the discard pile is " + CARDS)
def _given_discard(world: World, m: re.Match[str], s: StepText) -> None:
    world.edit(lambda st: replace(st, solo_discard=card_list(m.group(1))))


@step("given", r'in the state, "(/[^"]*)" is (.+)')
def _given_pointer(world: World, m: re.Match[str], s: StepText) -> None:
    value: JSON = json.loads(m.group(2))

    def change(st: State) -> State:
        doc = to_json(st)
        pointer_set(doc, m.group(1), value)
        return msgspec.convert(doc, State)

    world.edit(change)


# =====================================================================================================
# When
# =====================================================================================================


@step("when", r"the deal is applied")
def _when_deal(world: World, m: re.Match[str], s: StepText) -> None:
    world.deal_now()


@step("when", r"clan ([0-9]) takes starting pair ([0-4])")
def _when_pair(world: World, m: re.Match[str], s: StepText) -> None:
    world.act(int(m.group(1)), TakePair(int(m.group(2))))


@step("when", r"clan ([0-9]) places the (left|right) " + COLOUR + r" die on " + SPACE)
def _when_place(world: World, m: re.Match[str], s: StepText) -> None:
    world.act(int(m.group(1)), PlaceDie(Colour(m.group(3)), End(m.group(2)), space_of(m.group(4))))


@step("when", r"clan ([0-9]) resolves icon ([0-9]) next")
def _when_next(world: World, m: re.Match[str], s: StepText) -> None:
    world.act(int(m.group(1)), Next(int(m.group(2))))


@step("when", r"clan ([0-9]) picks 1 (food|iron|Mother-of-Pearl)")
def _when_pick(world: World, m: re.Match[str], s: StepText) -> None:
    world.act(int(m.group(1)), TakeResource(RESOURCE_WORDS[m.group(2)]))


@step("when", r"clan ([0-9]) pays the checkpoint")
def _when_pay(world: World, m: re.Match[str], s: StepText) -> None:
    world.act(int(m.group(1)), PayCheckpoint())


@step("when", r"clan ([0-9]) stops before the checkpoint")
def _when_stop(world: World, m: re.Match[str], s: StepText) -> None:
    world.act(int(m.group(1)), StopMove())


@step("when", r"clan ([0-9]) requests an audience")
def _when_audience(world: World, m: re.Match[str], s: StepText) -> None:
    world.act(int(m.group(1)), Audience())


@step(
    "when",
    r"clan ([0-9]) climbs ([0-9]) floors? from (the Gate|the Stewards' floor|the Diplomats' floor|the Daimyo's room)",
)
def _when_climb(world: World, m: re.Match[str], s: StepText) -> None:
    start = FLOORS.get(m.group(3), Floor.DAIMYO)
    world.act(int(m.group(1)), Climb(start, int(m.group(2))))


@step("when", r"clan ([0-9]) chooses room " + ROOM)
def _when_room(world: World, m: re.Match[str], s: StepText) -> None:
    world.act(int(m.group(1)), ChooseRoom(room_index(m.group(2))))


@step("when", r"clan ([0-9]) chooses block ([0-9])(?: of the card in " + ROOM + ")?")
def _when_block(world: World, m: re.Match[str], s: StepText) -> None:
    room = None if m.group(3) is None else room_index(m.group(3))
    world.act(int(m.group(1)), ChooseBlock(int(m.group(2)), room))


@step("when", r"clan ([0-9]) chooses favour ([0-9])")
def _when_favour(world: World, m: re.Match[str], s: StepText) -> None:
    world.act(int(m.group(1)), ChooseFavour(int(m.group(2))))


@step("when", r"clan ([0-9]) chooses the ([0-9])-iron yard")
def _when_yard(world: World, m: re.Match[str], s: StepText) -> None:
    world.act(int(m.group(1)), ChooseYard(int(m.group(2))))


@step("when", r"clan ([0-9]) chooses garden slot ([0-9])")
def _when_garden(world: World, m: re.Match[str], s: StepText) -> None:
    world.act(int(m.group(1)), ChooseGarden(int(m.group(2))))


@step("when", r"clan ([0-9]) chooses its " + COLOUR + " Domain line")
def _when_line(world: World, m: re.Match[str], s: StepText) -> None:
    world.act(int(m.group(1)), ChooseLine(Colour(m.group(2))))


@step("when", r"clan ([0-9]) chooses the (gardener|warrior|courtier) action")
def _when_member(world: World, m: re.Match[str], s: StepText) -> None:
    world.act(int(m.group(1)), ChooseMember(Member(m.group(2))))


@step("when", r"clan ([0-9]) accepts")
def _when_accept(world: World, m: re.Match[str], s: StepText) -> None:
    world.act(int(m.group(1)), Accept())


@step("when", r"clan ([0-9]) declines")
def _when_decline(world: World, m: re.Match[str], s: StepText) -> None:
    world.act(int(m.group(1)), Decline())


@step("when", r"clan ([0-9]) trades 1 seal for 1 coin")
def _when_trade_coin(world: World, m: re.Match[str], s: StepText) -> None:
    world.act(int(m.group(1)), Trade(None))


@step("when", r"clan ([0-9]) trades 2 seals for 1 (food|iron|Mother-of-Pearl)")
def _when_trade_resource(world: World, m: re.Match[str], s: StepText) -> None:
    world.act(int(m.group(1)), Trade(RESOURCE_WORDS[m.group(2)]))


@step(
    "when",
    r"the dice are re-rolled as ([1-6 ]+/[1-6 ]+/[1-6 ]+)(?: and the Solitaire deck is reshuffled as "
    + CARDS
    + ")?",
)
def _when_roll(world: World, m: re.Match[str], s: StepText) -> None:
    dice = tuple(tuple(int(v) for v in group.split()) for group in m.group(1).split("/"))
    deck = card_list(m.group(2)) if m.group(2) else ()
    world.act(None, Roll(dice, deck))


@step("when", r"the discard pile is reshuffled as " + CARDS)
def _when_shuffle(world: World, m: re.Match[str], s: StepText) -> None:
    world.act(None, Shuffle(card_list(m.group(1))))


@step("when", r"the action (\{.*\}) is applied")
def _when_raw(world: World, m: re.Match[str], s: StepText) -> None:
    from reference.wire import decode_action

    try:
        action = decode_action(m.group(1))
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise StepError(f"not an action: {exc}") from exc
    world.act(None, action)


# =====================================================================================================
# Then
# =====================================================================================================


@step("then", r"clan ([0-9]) now holds (.+)")
def _then_holds(world: World, m: re.Match[str], s: StepText) -> None:
    for name, n in amounts(m.group(2)).items():
        world.expect(f"/clans/{m.group(1)}/{name}", n)


@step("then", r"clan ([0-9]) is now on Passage of Time space (\d+)")
def _then_time(world: World, m: re.Match[str], s: StepText) -> None:
    world.expect(f"/clans/{m.group(1)}/time", int(m.group(2)))


@step("then", r"clan ([0-9]) has now sent (.+)")
def _then_sent(world: World, m: re.Match[str], s: StepText) -> None:
    for index, n in members_sent(m.group(2)).items():
        world.expect(f"/clans/{m.group(1)}/sent/{index}", n)


@step("then", r"clan ([0-9])'s courtiers are now at Gate (\d), Stewards (\d), Diplomats (\d), Daimyo (\d)")
def _then_courtiers(world: World, m: re.Match[str], s: StepText) -> None:
    floors: JSON = [int(m.group(i)) for i in range(2, 6)]
    world.expect(f"/clans/{m.group(1)}/courtiers", floors)


@step("then", r"the ([531])-iron yard now holds (no warriors|warriors of " + CLANS + ")")
def _then_yard(world: World, m: re.Match[str], s: StepText) -> None:
    clans: JSON = list(clan_list(m.group(3))) if m.group(3) else []
    world.expect(f"/board/yards/{YARD_INDEX[int(m.group(1))]}/warriors", clans)


@step("then", r"garden slot ([0-5]) now holds (no gardeners|gardeners of " + CLANS + ")")
def _then_garden(world: World, m: re.Match[str], s: StepText) -> None:
    clans: JSON = list(clan_list(m.group(3))) if m.group(3) else []
    world.expect(f"/board/gardens/{m.group(1)}/gardeners", clans)


@step("then", r"garden slot ([0-5]) now shows ([A-Z]+[0-9]+) beside the " + COLOUR + " bridge")
def _then_garden_card(world: World, m: re.Match[str], s: StepText) -> None:
    world.expect(f"/board/gardens/{m.group(1)}/card", m.group(2))
    world.expect(f"/board/gardens/{m.group(1)}/bridge", m.group(3))


@step("then", r"clan ([0-9])'s Domain card is now ([A-Z]+[0-9]+|none)")
def _then_domain_card(world: World, m: re.Match[str], s: StepText) -> None:
    world.expect(f"/clans/{m.group(1)}/domain_card", None if m.group(2) == "none" else m.group(2))


@step("then", r"clan ([0-9])'s Lantern Area is now " + CARDS)
def _then_lantern(world: World, m: re.Match[str], s: StepText) -> None:
    cards: list[JSON] = [card for card in sorted(card_list(m.group(2)))]  # a multiset, kept sorted
    world.expect(f"/clans/{m.group(1)}/lantern", cards)


@step("then", r"clan ([0-9])'s Domain dice are now ([1-6-]), ([1-6-]), ([1-6-])")
def _then_domain_dice(world: World, m: re.Match[str], s: StepText) -> None:
    dice: JSON = [None if m.group(i) == "-" else int(m.group(i)) for i in (2, 3, 4)]
    world.expect(f"/clans/{m.group(1)}/domain_dice", dice)


@step("then", r"the " + COLOUR + r" bridge now holds (.+)")
def _then_bridge(world: World, m: re.Match[str], s: StepText) -> None:
    colour = Colour(m.group(1))
    world.expect(f"/board/bridges/{COLOURS.index(colour)}", to_json(bridge_slots(colour, m.group(2))))


@step("then", SPACE + r" now holds (no dice|an? .+)")
def _then_dice(world: World, m: re.Match[str], s: StepText) -> None:
    space = space_of(m.group(1))
    dice: JSON = [to_json(d) for d in dice_list(m.group(2))]
    if space in ROOM_SPACES:
        world.expect(f"/board/rooms/{ROOM_SPACES.index(space)}/dice", dice)
    elif space is Space.WELL:
        world.expect("/board/well", dice)
    elif space in (Space.OUTSIDE_LEFT, Space.OUTSIDE_RIGHT):
        world.expect(f"/board/outside/{0 if space is Space.OUTSIDE_LEFT else 1}", dice)
    else:
        raise StepError("a Domain line's die: say 'clan N's Domain dice are now ...'")


@step("then", r"the card in " + ROOM + r" is now ([A-Z]+[0-9]+)")
def _then_room_card(world: World, m: re.Match[str], s: StepText) -> None:
    world.expect(f"/board/rooms/{room_index(m.group(1))}/card", m.group(2))


@step("then", r"the die tiles of " + ROOM + r" are now ((?:coral|black|white)(?:, (?:coral|black|white))*)")
def _then_room_tiles(world: World, m: re.Match[str], s: StepText) -> None:
    tiles: JSON = [t.strip() for t in m.group(2).split(",")]
    world.expect(f"/board/rooms/{room_index(m.group(1))}/tiles", tiles)


@step("then", r"the (Steward|Diplomat) deck is now " + CARDS)
def _then_castle_deck(world: World, m: re.Match[str], s: StepText) -> None:
    name = "steward_deck" if m.group(1) == "Steward" else "diplomat_deck"
    world.expect(f"/board/{name}", list(card_list(m.group(2))))


@step("then", r"the favours are now taken by ((?:clan [0-9]|nobody)(?:, (?:clan [0-9]|nobody)){2})")
def _then_favours(world: World, m: re.Match[str], s: StepText) -> None:
    who: JSON = [None if p == "nobody" else int(p.split()[1]) for p in m.group(1).split(", ")]
    world.expect("/board/favours", who)


@step("then", r"the Daimyo's Favor card is now (DF[0-9])")
def _then_daimyo(world: World, m: re.Match[str], s: StepText) -> None:
    world.expect("/board/daimyo", m.group(1))


@step("then", r"the Well tiles are now ([a-z]+-[a-z]+) and ([a-z]+-[a-z]+)")
def _then_well_tiles(world: World, m: re.Match[str], s: StepText) -> None:
    world.expect("/board/well_tiles", [m.group(1), m.group(2)])


@step("then", r"the turn order is now " + CLANS)
def _then_turn_order(world: World, m: re.Match[str], s: StepText) -> None:
    world.expect("/turn_order", list(clan_list(m.group(1))))


@step("then", r"the Passage of Time order is now " + CLANS)
def _then_time_order(world: World, m: re.Match[str], s: StepText) -> None:
    world.expect("/time_order", list(clan_list(m.group(1))))


@step("then", r"it is now round ([123])")
def _then_round(world: World, m: re.Match[str], s: StepText) -> None:
    world.expect("/round", int(m.group(1)))


@step("then", r"the turn counter is now (\d+)")
def _then_turn(world: World, m: re.Match[str], s: StepText) -> None:
    world.expect("/turn", int(m.group(1)))


@step("then", r"the phase is now (deal|draft|turns|gardens|roll|over)")
def _then_phase(world: World, m: re.Match[str], s: StepText) -> None:
    world.expect("/phase", m.group(1))


@step("then", r"the game now waits for an? ([a-z_]+) decision by clan ([0-9])")
def _then_waits(world: World, m: re.Match[str], s: StepText) -> None:
    kind = DecisionKind(m.group(1))
    world.expect("/decision", {"kind": kind.value, "clan": int(m.group(2))})


@step("then", r"the game now waits for an? (deal|roll|shuffle) outcome")
def _then_waits_chance(world: World, m: re.Match[str], s: StepText) -> None:
    world.expect("/decision", {"kind": m.group(1), "clan": None})


@step("then", r"the game is now over")
def _then_over(world: World, m: re.Match[str], s: StepText) -> None:
    world.expect("/phase", "over")
    world.expect("/decision", {"kind": "none", "clan": None})


@step("then", r"the action is refused citing ([A-Z][A-Z0-9_.]+)")
def _then_refused(world: World, m: re.Match[str], s: StepText) -> None:
    world.refused(m.group(1))


@step("then", r"the final scores are:", table=True)
def _then_scores(world: World, m: re.Match[str], s: StepText) -> None:
    header, *rows = s.table
    if header[0] != "clan" or any(h not in SCORE_COLUMNS for h in header[1:]):
        raise StepError(f"score columns: clan | {' | '.join(SCORE_COLUMNS)}")
    for row in rows:
        clan = int(row[0])
        for name, value in zip(header[1:], row[1:], strict=True):
            world.expect(f"/scores/{clan}/{SCORE_COLUMNS[name]}", int(value))


@step("then", r"the winners are now " + CLANS)
def _then_winners(world: World, m: re.Match[str], s: StepText) -> None:
    world.expect("/winners", list(clan_list(m.group(1))))


@step(
    "then",
    r"the starting pairs on offer are now ((?:[A-Z]+[0-9]+\+[A-Z]+[0-9]+)(?:, [A-Z]+[0-9]+\+[A-Z]+[0-9]+)*|none)",
)
def _then_draft(world: World, m: re.Match[str], s: StepText) -> None:
    pairs: list[JSON] = []
    if m.group(1) != "none":
        for pair in m.group(1).split(", "):
            resource_card, action_card = pair.split("+")
            pairs.append([resource_card, action_card])
    world.expect("/draft", pairs)


@step("then", r"the Solitaire deck is now " + CARDS)
def _then_solo_deck(world: World, m: re.Match[str], s: StepText) -> None:
    world.expect("/solo_deck", list(card_list(m.group(1))))


@step("then", r"the discard pile is now " + CARDS)
def _then_discard(world: World, m: re.Match[str], s: StepText) -> None:
    world.expect("/solo_discard", list(card_list(m.group(1))))


@step("then", r"the rival's flipped cards are now " + CARDS)
def _then_row(world: World, m: re.Match[str], s: StepText) -> None:
    world.expect("/rival_row", list(card_list(m.group(1))))


@step("then", r'the observation at "(/[^"]*)" is (.+)')
def _then_pointer(world: World, m: re.Match[str], s: StepText) -> None:
    try:
        value: JSON = json.loads(m.group(2))
    except json.JSONDecodeError as exc:
        raise StepError(f"not JSON: {m.group(2)!r}") from exc
    world.expect(m.group(1), value)


def run_example(steps: tuple[StepText, ...], *, strict: bool) -> tuple[Draft, list[str]]:
    """Run an example's steps on the reference; returns its draft and (when not strict) the failed
    expectations. Raises StepError for a malformed example, and (strict) Expectation."""
    world = World(strict=strict)
    for s in steps:
        world.run(s)
    draft = world.finish()
    return draft, world.failures


__all__ = [
    "PATTERNS",
    "Draft",
    "DraftStep",
    "Expectation",
    "Pattern",
    "StepError",
    "World",
    "matching",
    "pointer_get",
    "run_example",
    "standard_deal",
]
