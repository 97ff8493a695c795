"""Typed events: every change the engine makes is an event carrying registered rule IDs; the events
survive JSON; the readable log is made from them; no English lives in a State.
Rules: TURN.SEQUENCE and, through the events, every rule a game applies."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import get_args

import msgspec
import pytest
from click.testing import CliRunner

from properties.invariants import check_events
from reference import wire
from reference.cli import cli
from reference.engine import apply, new_game
from reference.model import Difficulty, Event, RivalKind, Setup, Solo, State
from reference.model import events as ev
from reference.narrate import event_lines, heading, log_lines, names_for
from reference.play import GameRecord, play_game, same_policy
from reference.policies import POLICIES
from reference.rulebook import rule_ids

SETUPS = {
    "2 clans": Setup(players=2),
    "3 clans": Setup(players=3),
    "4 clans": Setup(players=4),
    "tokugawa hard": Setup(players=2, solo=Solo(difficulty=Difficulty.HARD)),
    "tokugawa easy cards": Setup(players=2, solo=Solo(difficulty=Difficulty.EASY, action_order="cards")),
    "gingkogawa hard": Setup(players=2, solo=Solo(rival=RivalKind.GINGKOGAWA, difficulty=Difficulty.HARD)),
    "gingkogawa medium die": Setup(
        players=2, solo=Solo(rival=RivalKind.GINGKOGAWA, difficulty=Difficulty.MEDIUM, pair_colour="die")
    ),
}

EVENT_TYPES: tuple[type[ev.EventBase], ...] = get_args(Event)


def _game(setup: Setup, seed: int) -> GameRecord:
    return play_game(setup, same_policy(POLICIES["random"]), random.Random(seed))


@pytest.fixture(scope="module")
def games() -> dict[str, list[GameRecord]]:
    played = {name: [_game(setup, seed) for seed in range(6)] for name, setup in SETUPS.items()}
    # the greedy policy pays checkpoints, climbs and takes cards: rarer events
    greedy = same_policy(POLICIES["greedy"])
    played["2 clans greedy"] = [play_game(Setup(players=2), greedy, random.Random(seed)) for seed in range(3)]
    return played


def test_every_event_type_declares_registered_rules() -> None:
    known = rule_ids()
    assert len(EVENT_TYPES) == len(set(EVENT_TYPES)) > 50
    for kind in EVENT_TYPES:
        default = msgspec.structs.fields(kind)
        rules = next(f.default for f in default if f.name == "rules")
        assert isinstance(rules, tuple), kind
        assert rules, f"{kind.__name__} declares no rule"
        assert set(rules) <= known, f"{kind.__name__}: {set(rules) - known}"


def test_every_emitted_event_carries_registered_rules(games: dict[str, list[GameRecord]]) -> None:
    known = rule_ids()
    seen: Counter[str] = Counter()
    for records in games.values():
        for record in records:
            for step in record.steps:
                for event in step.events:
                    assert event.rules, event
                    unknown = set(event.rules) - known
                    assert not unknown, f"{event}: {unknown}"
                    seen[type(event).__name__] += 1
    # the common events of every kind of game are there
    for name in ("Dealt", "TurnStarted", "DiePlaced", "RoundEnded", "Rerolled", "GameOver", "HandIn"):
        assert seen[name] > 0, name
    for name in ("CardFlipped", "BotTarget", "RivalStarts"):
        assert seen[name] > 0, name


def test_events_account_for_every_change(games: dict[str, list[GameRecord]]) -> None:
    """Replaying each game, the events of every step account for each clan's coins, seals, resources,
    Clan Points, Passage of Time, members sent, courtiers by floor and Lantern Area: nothing changes
    without its event (properties.invariants.check_events, also run by the machines)."""
    for records in games.values():
        for record in records:
            state = new_game(record.setup)
            for action in record.actions:
                after = apply(state, action)
                assert check_events(state, after) == [], (action, after.events)
                state = after


def test_events_survive_json(games: dict[str, list[GameRecord]]) -> None:
    decoder = msgspec.json.Decoder(tuple[Event, ...])
    for records in games.values():
        events = tuple(e for step in records[0].steps for e in step.events)
        assert decoder.decode(msgspec.json.encode(events)) == events


def test_every_step_of_a_game_says_what_it_did(games: dict[str, list[GameRecord]]) -> None:
    """Every applied action produces at least one event (a decision with no visible effect is still
    reported, e.g. a declined optional effect)."""
    for records in games.values():
        for record in records:
            silent = [step.action for step in record.steps if not step.events]
            assert not silent, silent[:3]


def test_turns_are_numbered_in_order(games: dict[str, list[GameRecord]]) -> None:
    """TurnStarted events number the turns 1..3 x clans in each round, in turn order."""
    for records in games.values():
        for record in records:
            clans = record.setup.players
            started = [e for step in record.steps for e in step.events if isinstance(e, ev.TurnStarted)]
            assert len(started) == 3 * 3 * clans
            for r in (1, 2, 3):
                turns = [e.turn for e in started if e.round == r]
                assert turns == list(range(1, 3 * clans + 1))


def test_no_english_in_a_state(games: dict[str, list[GameRecord]]) -> None:
    """States hold no sentences: every string of a state's JSON is an id or a word (no spaces)."""

    def strings(value: object) -> list[str]:
        if isinstance(value, str):
            return [value]
        if isinstance(value, dict):
            return [s for v in value.values() for s in strings(v)]
        if isinstance(value, list):
            return [s for v in value for s in strings(v)]
        return []

    for records in games.values():
        state = records[0].final
        found = [s for s in strings(json.loads(wire.encode(state))) if " " in s]
        assert not found, found[:3]


def test_checkpoint_payments_are_events() -> None:
    """Every paid checkpoint is a CheckpointPaid event with the printed cost (1, 2, 3 seals for 6, 11, 15)."""
    costs = {6: 1, 11: 2, 15: 3}
    paid = 0
    for seed in range(10):
        # the greedy policy pays checkpoints (random games rarely hold the seals)
        record = play_game(Setup(players=2), same_policy(POLICIES["greedy"]), random.Random(seed))
        for step in record.steps:
            for e in step.events:
                if isinstance(e, ev.CheckpointPaid):
                    assert costs[e.space] == e.seals
                    assert e.rules[0] == "TIME.CHECKPOINTS"
                    paid += 1
    assert paid > 0


def _run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(
    "args",
    [("--players", "2", "--seed", "7"), ("--difficulty", "hard", "--seed", "3")],
    ids=["seed 7, 2 clans", "seed 3, hard solo"],
)
def test_play_events_json_lines(args: tuple[str, ...], tmp_path: object) -> None:
    """``wcref play --events -`` writes one JSON object per event: its step, its type and its rules,
    every rule registered; the steps follow the trace's actions."""
    out = _run("play", *args, "--events", "-")
    lines = [json.loads(line) for line in out.splitlines()]
    known = rule_ids()
    assert len(lines) > 100
    for line in lines:
        assert set(line) >= {"step", "event", "rules"}
        assert line["rules"], line
        assert set(line["rules"]) <= known, line
    steps = [line["step"] for line in lines]
    assert steps == sorted(steps)
    assert steps[0] == 0
    kinds = {line["event"] for line in lines}
    assert {"dealt", "turn_started", "die_placed", "round_ended", "rerolled", "game_over"} <= kinds
    decoded = [wire.decode_event_line(line) for line in out.splitlines()]
    assert [d.step for d in decoded] == steps
    assert [type(d.event).__name__ for d in decoded][:1] == ["Dealt"]


@pytest.mark.parametrize(
    ("place", "rate", "coins", "points", "kept", "said"),
    [
        (0, 3, 10, 9, 1, "first in the new order, hands in 9 of 10 coins, 3 CP per full 3 (round 3): +9"),
        (1, 5, 4, 0, 4, "second in the new order, hands in 0 of 4 coins, 3 CP per full 5 (round 3): +0"),
    ],
)
def test_the_rivals_hand_in_says_the_points_per_full_set_of_coins(
    place: int, rate: int, coins: int, points: int, kept: int, said: str
) -> None:
    """SOLO.ROUND.HAND_IN: the round number of Clan Points per full 3 (first) or 5 (second) coins."""
    event = ev.HandIn(clan=1, round=3, place=place, rate=rate, coins=coins, points=points, kept=kept)
    [line] = event_lines(event, lambda clan: f"clan {clan}")
    assert line.startswith(f"clan 1, {said}")
    assert line.endswith(f", keeps {kept} coin" + ("" if kept == 1 else "s"))


def test_event_lines_refuse_what_is_not_an_event() -> None:
    good = wire.event_line(3, ev.BoardCleared(round=1))
    assert wire.decode_event_line(good).event == ev.BoardCleared(round=1)
    for bad in (b"[1,2", b'{"event": "board_cleared", "round": 1}', b'{"step": 1, "event": "nope"}'):
        with pytest.raises(ValueError, match=r"\S"):
            wire.decode_event_line(bad)


def test_play_events_to_stdout_still_writes_the_trace(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    trace = tmp_path / "t.json"
    out = _run("play", "--seed", "7", "--events", "-", "--trace", str(trace))
    assert wire.replay(wire.read_trace(trace)).phase.value == "over"
    assert all(line.startswith('{"step":') for line in out.splitlines())
    refused = CliRunner().invoke(cli, ["play", "--trace", "-"])
    assert refused.exit_code == 2
    assert "--trace writes a file" in refused.output


def test_play_events_file_beside_the_log(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    path = tmp_path / "events.jsonl"
    out = _run("play", "--seed", "7", "--events", str(path))
    count = len(path.read_text(encoding="utf-8").splitlines())
    assert re.search(rf"^events written to .*events\.jsonl \({count} events\)$", out, re.MULTILINE)
    assert "Setup · deal" in out


def test_narrated_log_shows_board_rows_rival_start_and_readings() -> None:
    out = _run("play", "--difficulty", "hard", "--seed", "3")
    lines = out.splitlines()
    deal = lines.index("Setup · deal")
    board = "\n".join(lines[deal : lines.index("Setup · draft · clan 0")])
    # first the board at a glance, as wcref show draws it (issue 17)
    assert "\n  bridges (left [centre] right): coral: " in board
    assert re.search(r"^  Stewards' floor: 1 S\d+ \(\w+ \w+ \w+\) dice - \| 2 S\d+", board, re.MULTILINE)
    assert re.search(r"^  gardens: coral G\d+, G\d+ \| black", board, re.MULTILINE)
    # then each castle room with its card, and each block with its rows, background, die tile and icons
    assert re.search(r"Stewards' room 1 \(room index 0\): S\d+\n", board)
    assert re.search(
        r"^        block 0, top row, (light|dark), (coral|black|white) die tile: \S", board, re.MULTILINE
    )
    assert re.search(r"Daimyo's room: DF\d; favours 0 free", board)
    assert re.search(r"^        favour 2: \S", board, re.MULTILINE)
    assert re.search(
        r"^    garden slot 5 beside the white bridge: G\d+ \((stone|plant), \d food", board, re.MULTILINE
    )
    assert re.search(
        r"^    Training Yard 5 iron \(2 per warrior\): Y\d (action|reward) \(", board, re.MULTILINE
    )
    assert re.search(
        r"Solitaire deck \(top first; each card's Bridge side\): P\d \((coral|black|white) ", board
    )
    assert "starting pairs on offer: 0: SR" in board
    # only the reading of the rival in play
    assert (
        "readings in force: READING.DOMAIN_ICON = domain, READING.STONE_GARDEN_ICON = light, "
        "READING.SOLO_ACTION_ORDER = rows\n"
    ) in board + "\n"
    assert re.search(r"clan 1 \(rival\) starts \(hard\) with 8 Clan Points on Passage of Time space 3", board)
    rerolls = [i for i, line in enumerate(lines) if re.fullmatch(r"Round [23] · re-roll", line)]
    assert len(rerolls) == 2
    for i in rerolls:
        assert lines[i + 1].startswith("  every die re-rolled for round ")
        assert lines[i + 2].startswith("  bridges (left [centre] right): ")
        assert lines[i + 3].startswith("  Daimyo's room: ")
        assert "    Stewards' room 1 (room index 0): " in "\n".join(lines[i : i + 20])
        assert any(line.startswith("  Solitaire deck reshuffled (top first") for line in lines[i : i + 60])
    rows = [line for line in lines if re.search(r"resolves [SD]\d+ block \d \((top|middle|bottom)", line)]
    assert rows, "no castle block named by its rows"


def test_log_lines_headings_come_from_events(games: dict[str, list[GameRecord]]) -> None:
    """Each TurnStarted event opens a heading ``Round r · turn t · clan``; the setup, the ends of
    round, the gardens and re-rolls and the end of the game have their own."""
    record = games["tokugawa hard"][0]
    name = names_for(record.setup)
    lines = log_lines(record.steps, name)
    turns = [e for step in record.steps for e in step.events if isinstance(e, ev.TurnStarted)]
    headings = [line for line in lines if line.startswith("Round ") and " · turn " in line]
    assert headings == [f"Round {e.round} · turn {e.turn} · {name(e.clan)}" for e in turns]
    assert lines[0] == "Setup · deal"
    assert "Game over" in lines


def test_every_event_type_is_narrated(games: dict[str, list[GameRecord]]) -> None:
    """Every event seen in the games gives at least one non-empty line and names its clan."""
    for records in games.values():
        name = names_for(records[0].setup)
        for step in records[0].steps:
            for event in step.events:
                text = event_lines(event, name)
                assert text, event
                assert all(text), event
                clan = getattr(event, "clan", None)
                if isinstance(clan, int) and heading(event, name) is None:
                    assert any(name(clan) in line for line in text), (event, text)


def test_trade_event_counts_the_seals() -> None:
    from reference.engine import apply
    from reference.model import Resource, Trade
    from tests.helpers import edit_clan, started

    state: State = edit_clan(started(2), 0, seals=3)
    coin = apply(state, Trade(None))
    pearl = apply(state, Trade(Resource.PEARL))
    assert [e for e in coin.events if isinstance(e, ev.SealsTraded)] == [
        ev.SealsTraded(clan=0, seals=1, into=None, kept=1, rules=("SEALS.TRADE_COIN",))
    ]
    traded = [e for e in pearl.events if isinstance(e, ev.SealsTraded)]
    assert traded == [
        ev.SealsTraded(clan=0, seals=2, into=Resource.PEARL, kept=1, rules=("SEALS.TRADE_RESOURCE",))
    ]
    assert "trades 2 seals for 1 Mother-of-Pearl" in event_lines(traded[0], names_for(state.setup))[0]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--events", "same.json", "--trace", "same.json"), "name the same file"),
        (("--events", ""), "is a directory"),
        (("--events", "no/such/dir/e.jsonl"), "no directory"),
    ],
)
def test_play_refuses_event_paths_before_playing(args: tuple[str, ...], said: str) -> None:
    result = CliRunner().invoke(cli, ["play", "--seed", "7", *args])
    assert result.exit_code == 2
    assert said in result.output
    assert "Setup · deal" not in result.output  # refused before the game was played
