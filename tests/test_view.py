"""The view (issue 17): the board drawn from the observation, ``wcref show``, ``wcref view``, the
rules book's boards and the divergence page of ``wcref verify --report``.

The fast tests parse the SVG and the pages; the tests marked ``browser`` open them in Debian's
headless chromium (``tox -e browser``) and look at the DOM the page's script builds, and write the
screenshots named in the issue to ``out/view/`` for a person to look at."""

from __future__ import annotations

import json
import random
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner, Result
from msgspec.structs import replace

from reference import wire
from reference.book.render import render_book
from reference.book.scenarios import Example, load_features
from reference.cli import cli
from reference.conformance.harness import CaseResult, Divergence, FieldDifference
from reference.conformance.verify import Options, Report
from reference.engine import apply, new_game
from reference.model import COLOURS, MEMBERS, Difficulty, Phase, RivalKind, Setup, Solo, State
from reference.play import GameRecord, play_game, same_policy
from reference.policies import POLICIES
from reference.position import at_sync_point, position
from reference.view import board_svg
from reference.view.book import PageBoards
from reference.view.divergence import write_beside
from reference.view.game import load
from reference.view.layout import layout_for
from reference.view.page import page_data
from reference.view.scene import Look, scene, slots_at
from reference.wire import Observation

ROOT = Path(__file__).resolve().parents[1]
SVG = "{http://www.w3.org/2000/svg}"

SETUPS = {
    "2-clans": (Setup(players=2), 7),
    "4-clans": (Setup(players=4), 3),
    "solo-tokugawa": (Setup(players=2, solo=Solo(rival=RivalKind.TOKUGAWA, difficulty=Difficulty.HARD)), 3),
    "solo-gingkogawa": (Setup(players=2, solo=Solo(rival=RivalKind.GINGKOGAWA)), 3),
}


@dataclass(frozen=True)
class Fixture:
    name: str
    record: GameRecord
    trace: Path
    observations: tuple[Observation, ...]


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Fixture]:
    """A complete seeded game of each kind, its trace file and the observation after every action."""
    out = tmp_path_factory.mktemp("view-games")
    found: dict[str, Fixture] = {}
    for name, (setup, seed) in SETUPS.items():
        record = play_game(setup, same_policy(POLICIES["random"]), random.Random(seed))
        path = out / f"{name}.json"
        wire.write_trace(path, setup, list(record.actions), record.final)
        game = load(path)
        found[name] = Fixture(name, record, path, tuple(s.observation for s in game.steps))
    return found


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


# ---- what a drawing must show: every die, member and card of the observation, by the id table ------


def expected(o: Observation) -> Iterator[tuple[str, str]]:
    """(element id, text it shows or "" for a token) for every die, member and card of ``o``, written
    from the id table of reference/view/__init__.py, independently of the view's code."""
    board = o.board
    if board is not None:
        for bridge in board.bridges:
            hue = bridge.colour.value
            if bridge.left is not None:
                yield f"die-{hue}-left", str(bridge.left)
            for k, value in enumerate(bridge.centre):
                yield f"die-{hue}-centre-{k}", str(value)
            if bridge.right is not None:
                yield f"die-{hue}-right", str(bridge.right)
        for r, room in enumerate(board.rooms):
            if room.card is not None:
                yield f"room-{r}-card", room.card
            for t in range(len(room.tiles)):
                yield f"room-{r}-tile-{t}", ""
            for d, die in enumerate(room.dice):
                yield f"room-{r}-die-{d}", str(die.value)
        yield "daimyo-card", board.daimyo
        for s, dice in enumerate(board.outside):
            for d, die in enumerate(dice):
                yield f"outside-{s}-die-{d}", str(die.value)
        for d, die in enumerate(board.well):
            yield f"well-die-{d}", str(die.value)
        for t, tile in enumerate(board.well_tiles):
            yield f"well-tile-{t}", tile
        for g, garden in enumerate(board.gardens):
            yield f"garden-{g}", garden.card
            for k in range(len(garden.gardeners)):
                yield f"garden-{g}-gardener-{k}", ""
        for y, yard in enumerate(board.yards):
            for t, (tile, face) in enumerate(yard.tiles):
                yield f"yard-{y}-tile-{t}", f"{tile} {face}"
            for w in range(len(yard.warriors)):
                yield f"yard-{y}-warrior-{w}", ""
    for c, clan in enumerate(o.clans):
        for floor, count in enumerate(clan.courtiers):
            if count:
                yield f"courtiers-{floor}-clan-{c}", str(count)
        for m, member in enumerate(MEMBERS):
            for k in range(clan.sent[m], 5):
                yield f"clan-{c}-line-{member.value}-{k}", ""
        for i, on_line in enumerate(clan.domain_dice):
            if on_line is not None:
                yield f"clan-{c}-domain-{COLOURS[i].value}", str(on_line)
        if clan.domain_card is not None:
            yield f"clan-{c}-domain-card", clan.domain_card
        for j, card in enumerate(clan.lantern):
            yield f"clan-{c}-lantern-{j}", card
        yield f"time-clan-{c}", str(c)
        yield f"clan-{c}-coins", str(clan.coins)
    for i, (card, action) in enumerate(o.draft):
        yield f"draft-{i}", f"{card} + {action}"
    for field, prefix in (
        ("solo_deck", "solo-deck"),
        ("solo_discard", "solo-discard"),
        ("rival_row", "rival-row"),
    ):
        for j, card in enumerate(getattr(o, field)):
            yield f"{prefix}-{j}", card


def elements(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {el.attrib["id"]: el for el in root.iter(f"{SVG}g") if "id" in el.attrib}


def text_of(el: ET.Element) -> str:
    found = el.find(f"{SVG}text")
    return "" if found is None or found.text is None else found.text


def sampled(observations: tuple[Observation, ...]) -> list[Observation]:
    return [o for i, o in enumerate(observations) if i % 6 == 1 or i == len(observations) - 1]


@pytest.mark.parametrize("kind", list(SETUPS))
def test_every_die_member_and_card_of_the_observation_has_its_element(
    games: dict[str, Fixture], kind: str
) -> None:
    for o in sampled(games[kind].observations):
        drawn = elements(board_svg(o))
        for slot, text in expected(o):
            assert slot in drawn, (kind, slot)
            el = drawn[slot]
            assert "empty" not in el.attrib["class"].split(), (kind, slot, el.attrib["class"])
            if text:
                assert text_of(el) == text, (kind, slot)


def test_the_fixture_games_reach_what_the_board_must_show(games: dict[str, Fixture]) -> None:
    """The fixtures are worth drawing: dice in rooms, at the Well and on Domain lines, gardeners,
    warriors, courtiers, Lantern cards and the rival's cards all occur in them."""
    seen: set[str] = set()
    for fixture in games.values():
        for o in fixture.observations:
            for slot, _ in expected(o):
                seen.add(
                    re.sub(
                        r"\d+", "N", slot.replace("coral", "X").replace("black", "X").replace("white", "X")
                    )
                )
    for wanted in (
        "room-N-die-N", "well-die-N", "outside-N-die-N", "clan-N-domain-X", "garden-N-gardener-N",
        "yard-N-warrior-N", "courtiers-N-clan-N", "clan-N-lantern-N", "solo-deck-N", "solo-discard-N",
        "rival-row-N", "die-X-centre-N", "draft-N",
    ):  # fmt: skip
        assert wanted in seen, wanted


def test_a_colour_die_slot_shows_the_die_colour_and_the_clan_that_placed_it(
    games: dict[str, Fixture],
) -> None:
    o = next(o for o in games["4-clans"].observations if o.board is not None and o.board.rooms[0].dice)
    assert o.board is not None
    die = o.board.rooms[0].dice[0]
    el = elements(board_svg(o))["room-0-die-0"]
    assert el.attrib["class"].split() == ["die", die.colour.value, "by", f"c{die.clan}"]


def test_a_change_in_the_observation_changes_the_drawn_element(games: dict[str, Fixture]) -> None:
    o = next(
        o
        for o in games["2-clans"].observations
        if o.board is not None and o.board.bridges[0].left is not None
    )
    assert o.board is not None
    bridge = o.board.bridges[0]
    assert bridge.left is not None
    changed_die = replace(
        o,
        board=replace(o.board, bridges=(replace(bridge, left=7 - bridge.left), *o.board.bridges[1:])),
    )
    changed_coins = replace(o, clans=(replace(o.clans[0], coins=o.clans[0].coins + 3), *o.clans[1:]))
    changed_time = replace(o, clans=(replace(o.clans[0], time=o.clans[0].time + 2), *o.clans[1:]))
    before = elements(board_svg(o))
    for after_o, slot, pointer in (
        (changed_die, "die-coral-left", "/board/bridges/0/left"),
        (changed_coins, "clan-0-coins", "/clans/0/coins"),
        (changed_time, "time-clan-0", "/clans/0/time"),
    ):
        after = elements(board_svg(after_o))
        differing = [k for k in before if ET.tostring(before[k]) != ET.tostring(after[k])]
        assert slot in differing, slot
        layout = layout_for([o])
        assert slot in slots_at(layout, [pointer])
        assert set(differing) <= set(slots_at(layout, [pointer])) | {"time-track", "status"}, differing


def test_markers_stack_as_time_order_says(games: dict[str, Fixture]) -> None:
    """TIME.STACK: on a shared space the marker listed first in time_order is drawn on top (higher)."""
    o = games["4-clans"].observations[1]  # after the deal: every marker on space 0
    assert {c.time for c in o.clans} == {0}
    layout = layout_for([o])
    looks = scene(o, layout)
    heights = [looks[f"time-clan-{c}"].y for c in o.time_order]
    assert heights == sorted(heights), (o.time_order, heights)  # the top marker has the smallest y


def test_the_board_escapes_what_it_shows(games: dict[str, Fixture]) -> None:
    o = games["solo-tokugawa"].observations[5]
    hostile = replace(o, solo_deck=("<script>x</script>", *o.solo_deck[1:]))
    svg = board_svg(hostile)
    assert "<script>" not in svg
    assert "&lt;script&gt;" in svg
    ET.fromstring(svg)  # still well-formed


def test_slots_at_maps_pointers_under_and_above_a_slot(games: dict[str, Fixture]) -> None:
    layout = layout_for(games["4-clans"].observations)
    assert slots_at(layout, ["/board/rooms/0/dice/0/value"]) == ("room-0-die-0",)
    room = set(slots_at(layout, ["/board/rooms/3"]))
    assert {"room-3-card", "room-3-tile-0", "room-3-die-0"} <= room
    assert not any(s.startswith("room-0") for s in room)
    assert slots_at(layout, ["/legal_actions"]) == ()
    assert "time-clan-2" in slots_at(layout, ["/time_order"])


# ---- wcref show ------------------------------------------------------------------------------------


def test_show_prints_the_text_board_of_a_step(games: dict[str, Fixture]) -> None:
    trace = games["2-clans"].trace
    result = run("show", str(trace), "--step", "5")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{trace}: step 5 of {len(games['2-clans'].observations) - 1}, after ")
    o = games["2-clans"].observations[5]
    assert o.board is not None
    assert any(line.startswith("bridges (left [centre] right): coral") for line in lines)
    assert f"coins {o.clans[0].coins} seals {o.clans[0].seals}" in result.stdout
    assert str(o.board.rooms[0].card) in result.stdout
    final = run("show", str(trace))
    assert "Game over" in final.stdout
    assert "final scores:" in final.stdout


def test_show_before_the_deal_marks_empty_fields_and_ends_no_line_in_a_space(
    games: dict[str, Fixture],
) -> None:
    result = run("show", str(games["2-clans"].trace), "--step", "0")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "Passage of Time (furthest first, top of a stack first): -" in lines  # no clan on it yet
    assert [line for line in lines if line != line.rstrip()] == []


def test_show_a_solo_trace_shows_the_rival_cards(games: dict[str, Fixture]) -> None:
    o = games["solo-gingkogawa"].observations[-1]
    result = run("show", str(games["solo-gingkogawa"].trace))
    assert result.exit_code == 0, result.output
    assert f"rival: deck (top first) {' '.join(o.solo_deck) or '-'}" in result.stdout
    assert "clan 1 (Gingkogawa)" in result.stdout


def test_show_a_position_and_its_svg(games: dict[str, Fixture], tmp_path: Path) -> None:
    state = games["4-clans"].record.final
    assert at_sync_point(state)
    path = tmp_path / "position.json"
    path.write_bytes(msgspec.json.encode(position(state)))
    svg = tmp_path / "board.svg"
    result = run("show", str(path), "--svg", str(svg))
    assert result.exit_code == 0, result.output
    assert f"{path}: step 0 of 0" in result.stdout
    assert result.stderr == ""
    drawn = elements(svg.read_text(encoding="utf-8"))
    assert all(slot in drawn for slot, _ in expected(position(state)))
    impossible = json.loads(path.read_text())
    impossible["clans"][0]["seals"] = 9
    path.write_text(json.dumps(impossible))
    shown = run("show", str(path))
    assert shown.exit_code == 0, shown.output
    assert "warning:" in shown.stderr
    assert "SEALS.CAP" in shown.stderr


@pytest.mark.parametrize(
    ("content", "args", "said"),
    [
        (None, (), "cannot read"),
        ("{not json", (), "not valid JSON"),
        ('{"format": "wcref-vector"}', (), "$.format"),
        ("[1, 2]", (), "is a JSON object"),
        ('{"format": "wcref-trace", "version": 2, "setup": {"players": 9}, "actions": []}', (), "$.setup"),
        ('{"format": "wcref-position", "version": 1}', (), "missing required field"),
    ],
)
def test_show_refuses_bad_input_with_one_line(
    tmp_path: Path, content: str | None, args: tuple[str, ...], said: str
) -> None:
    path = tmp_path / "input.json"
    if content is not None:
        path.write_text(content)
    result = run("show", str(path), *args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"error: {path}: "), lines[0]
    assert said in lines[0], lines[0]


def test_show_refuses_a_step_out_of_range(games: dict[str, Fixture], tmp_path: Path) -> None:
    trace = games["2-clans"].trace
    last = len(games["2-clans"].observations) - 1
    result = run("show", str(trace), "--step", str(last + 1))
    assert result.exit_code == 2
    assert f"steps 0 (its start) to {last}" in result.stderr
    state = games["2-clans"].record.final
    path = tmp_path / "position.json"
    path.write_bytes(msgspec.json.encode(position(state)))
    result = run("show", str(path), "--step", "1")
    assert result.exit_code == 2
    assert "a position has one step" in result.stderr


# ---- wcref view ------------------------------------------------------------------------------------


def test_view_writes_one_small_self_contained_page(games: dict[str, Fixture], tmp_path: Path) -> None:
    for name, fixture in games.items():
        out = tmp_path / f"{name}.html"
        result = run("view", str(fixture.trace), "-o", str(out))
        assert result.exit_code == 0, result.output
        page = out.read_text(encoding="utf-8")
        assert len(page.encode()) < 300_000, (name, len(page))
        assert "http://" not in page
        assert "https://" not in page
        assert not re.search(r"<(link|img|iframe)\b|\bsrc=|@import|url\(", page), name
        found = re.search(r'<script type="application/json" id="game-data">(.*?)</script>', page, re.S)
        assert found is not None
        data = json.loads(found.group(1))
        assert len(data["steps"]) == len(fixture.record.actions) + 1
        assert all(isinstance(step["d"], dict) for step in data["steps"])


def test_the_page_steps_rebuild_every_step_board(games: dict[str, Fixture]) -> None:
    """What the page's script does, in Python: step 0's looks, then each step's changes, give the
    scene of that step's observation (so the board shown at step N is the board of step N)."""
    game = load(games["solo-tokugawa"].trace)
    data, svg = page_data(game)
    layout = layout_for(s.observation for s in game.steps)
    shown: dict[str, object] = {}
    steps = data["steps"]
    assert isinstance(steps, list)
    for step, entry in zip(game.steps, steps, strict=True):
        assert isinstance(entry, dict)
        assert isinstance(entry["d"], dict)
        shown.update(entry["d"])
        want = {k: v.wire() for k, v in scene(step.observation, layout).items()}
        assert shown == want, step.index
    assert len(elements_of_html(svg)) >= len(layout.slots)


def elements_of_html(svg: str) -> dict[str, str]:
    return dict(re.findall(r'<g id="([^"]+)" class="([^"]*)"', svg))


def test_the_page_names_the_decision_the_alternatives_and_the_rules(games: dict[str, Fixture]) -> None:
    game = load(games["2-clans"].trace)
    data, _ = page_data(game)
    steps = data["steps"]
    labels = data["labels"]
    assert isinstance(steps, list)
    assert isinstance(labels, list)
    turn = next(
        (i, s) for i, s in enumerate(game.steps) if s.decision is not None and s.decision.kind.value == "turn"
    )
    entry = steps[turn[0]]
    assert isinstance(entry, dict)
    assert "die" in str(labels[int(str(entry["a"]))])
    options = entry["o"]
    assert isinstance(options, list)
    assert len(options) == len(turn[1].options) > 1
    assert entry["a"] in options
    assert "TURN.SEQUENCE" in str(entry["r"])
    assert entry["l"]


def test_view_refuses_bad_input(tmp_path: Path) -> None:
    result = run("view", str(tmp_path / "missing.json"), "-o", str(tmp_path / "page.html"))
    assert result.exit_code == 2
    assert "cannot read" in result.stderr
    result = run("view", str(tmp_path / "missing.json"), "-o", str(tmp_path / "no" / "page.html"))
    assert result.exit_code == 2
    assert "no directory" in result.stderr


def test_show_a_trace_the_engine_stops_shows_what_replays(games: dict[str, Fixture], tmp_path: Path) -> None:
    trace = json.loads(games["2-clans"].trace.read_text())
    trace["actions"] = [*trace["actions"][:10], {"type": "take_pair", "index": 0}, *trace["actions"][10:]]
    trace["final"] = trace["final_observation"] = None
    path = tmp_path / "stopped.json"
    path.write_text(json.dumps(trace))
    result = run("show", str(path))
    assert result.exit_code == 0, result.output
    assert "the replay stops after 10 actions" in result.stderr
    assert f"{path}: step 10 of 10" in result.stdout


def position_trace(fixture: Fixture, start: int, count: int) -> dict[str, object]:
    """A position trace (reference/conformance/positions.py) from the fixture's step ``start``."""
    record = fixture.record
    state = replay_to(record, start)
    return {
        "format": "wcref-position-trace",
        "version": 1,
        "start": wire.to_json(position(state)),
        "composed": [],
        "actions": [wire.to_json(a) for a in record.actions[start : start + count]],
    }


def replay_to(record: GameRecord, n: int) -> State:
    state = new_game(record.setup)
    for action in record.actions[:n]:
        state = apply(state, action)
    assert at_sync_point(state)
    return state


def test_view_and_show_read_a_position_trace(games: dict[str, Fixture], tmp_path: Path) -> None:
    fixture = games["2-clans"]
    start = next(
        i
        for i, o in enumerate(fixture.observations)
        if i > 5 and o.pending is None and o.phase is Phase.TURNS
    )
    path = tmp_path / "case.json"
    path.write_text(json.dumps(position_trace(fixture, start, 4)))
    shown = run("show", str(path), "--step", "4")
    assert shown.exit_code == 0, shown.output
    assert f"coins {fixture.observations[start + 4].clans[0].coins} " in shown.stdout
    page = tmp_path / "case.html"
    assert run("view", str(path), "-o", str(page)).exit_code == 0
    assert page.read_text(encoding="utf-8").count('"h":') == 5


def test_the_divergence_page_draws_both_sides_with_every_differing_field(
    games: dict[str, Fixture], tmp_path: Path
) -> None:
    """A vector's divergence (a case from a loaded position: its replay is a position trace) with
    two differing fields: both are highlighted on both boards, the implementation's values drawn."""
    fixture = games["2-clans"]
    start = next(
        i
        for i, o in enumerate(fixture.observations)
        if i > 5 and o.pending is None and o.phase is Phase.TURNS
    )
    replay = position_trace(fixture, start, 1)
    after = fixture.observations[start + 1]
    assert after.board is not None
    room = next(r for r, room in enumerate(after.board.rooms) if room.card is not None)
    divergence = Divergence(
        case="vector X", step=0, action=wire.to_json(fixture.record.actions[start]), field="/clans/1/coins",
        reference=after.clans[1].coins, implementation=after.clans[1].coins + 5, rule="PLACE.COIN_DIFFERENCE",
        rule_source="vector", rule_note="", decision_rule="TURN.SEQUENCE", message="observations differ", trace=None,
    )  # fmt: skip
    case = CaseResult(
        kind="vector", id="PLACE.COIN_DIFFERENCE/x", status="failed", divergence=divergence, replay=replay,
        differences=(
            FieldDifference(field="/clans/1/coins", expected=after.clans[1].coins, got=after.clans[1].coins + 5,
                            against="reference", message=""),
            FieldDifference(field=f"/board/rooms/{room}/card", expected=after.board.rooms[room].card, got="S1",
                            against="reference", message=""),
            FieldDifference(field="/legal_actions", expected=[], got=[{"type": "decline"}], against="reference",
                            message=""),
        ),
    )  # fmt: skip
    report = Report(options=Options(), implementation="planted", cases=[case])
    path = tmp_path / "report.json"
    written = write_beside(path, report)
    assert written == tmp_path / "report.divergence.html"
    page = written.read_text(encoding="utf-8")
    classes = dom_classes(page)
    for side in ("ref", "impl"):
        assert "diff" in classes[f"d1-{side}-clan-1-coins"].split()
        assert "diff" in classes[f"d1-{side}-room-{room}-card"].split()
        assert "diff" not in classes[f"d1-{side}-clan-0-coins"].split()
    texts = dom_texts(page)
    assert texts["d1-ref-clan-1-coins"] == str(after.clans[1].coins)
    assert texts["d1-impl-clan-1-coins"] == str(after.clans[1].coins + 5)
    assert texts[f"d1-impl-room-{room}-card"] == "S1"
    assert "/legal_actions" in page
    assert "http://" not in page
    assert write_beside(path, Report(options=Options(), cases=[])) is None


# ---- the rules book ----------------------------------------------------------------------------------


def feature_examples(name: str) -> list[Example]:
    feature = next(f for f in load_features() if f.file.endswith(name))
    return [e for r in feature.rules for e in r.examples]


def test_every_book_example_has_its_boards_start_and_after() -> None:
    examples = feature_examples("09_time.feature")
    page = PageBoards.of(examples)
    assert set(page.boards) == {e.key for e in examples}
    layout = layout_for(o for b in page.boards.values() for o in (b.start, b.after))
    skeleton = {el.attrib["id"]: el.attrib["class"] for el in ET.fromstring(
        page.svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)
    ).iter(f"{SVG}g") if "id" in el.attrib}  # fmt: skip
    base = {slot.id: [skeleton[slot.id]] for slot in layout.slots}
    for key, boards in page.boards.items():
        first, then = page.looks[key]["s"], page.looks[key]["a"]
        assert isinstance(first, dict)
        assert isinstance(then, dict)
        start = {k: v[0] for k, v in {**base, **first}.items()}
        after = {k: v[0] for k, v in {**base, **first, **then}.items()}
        assert start == {k: v.cls for k, v in scene(boards.start, layout).items()}, key
        assert after == {k: v.cls for k, v in scene(boards.after, layout).items()}, key
        html = page.details(key)
        assert f'data-example="{key}"' in html
        assert f"after {boards.actions} action" in html


def test_a_book_example_board_shows_what_its_actions_did() -> None:
    """TIME.STOP: a clan that cannot pay the checkpoint stops before it: the marker moves from 4 to
    5 (its first step) and stops there."""
    key = "TIME.STOP/a-clan-that-cannot-pay-stops-before-the-checkpoint"
    boards = PageBoards.of(feature_examples("09_time.feature")).boards[key]
    assert boards.start.clans[0].time == 4
    assert boards.after.clans[0].time == 5
    assert boards.actions == 1


def test_book_pages_stay_small(tmp_path: Path) -> None:
    """Each page carries one skeleton and per example only the looks that differ: a page of 56
    examples stays well under 300 kB."""
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    for name in ("02_bridges_and_placement.feature", "15_gingkogawa.feature"):
        shutil.copy(ROOT / "scenarios" / name, scenarios / name)
    report = render_book(tmp_path / "book", scenarios)
    for page in report.pages:
        if page.name.startswith(("02_", "15_")):
            text = page.read_text(encoding="utf-8")
            assert len(text.encode()) < 300_000, (page.name, len(text))
            assert text.count('<details class="boards"') >= text.count('<article class="example')
            assert "http://" not in text.split("<template")[0]


# ---- the headless browser (tox -e browser) ---------------------------------------------------------

SHOTS = ROOT / "out" / "view"


def _chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    assert found, "the view's browser tests need Debian's chromium: apt-get install -y chromium"
    return found


def browser(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [
        _chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
        f"--user-data-dir={tmp_path / 'profile'}", *args,
    ]  # fmt: skip
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def dom(tmp_path: Path, url: str) -> str:
    found = browser(tmp_path, "--dump-dom", url)
    assert found.returncode == 0, found.stderr[-2000:]
    return found.stdout


def screenshot(tmp_path: Path, url: str, name: str, size: str = "1600,1150") -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    png = SHOTS / f"{name}.png"
    png.unlink(missing_ok=True)
    shot = browser(tmp_path, f"--screenshot={png}", f"--window-size={size}", url)
    assert png.exists(), shot.stderr[-2000:]
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert f"{width},{height}" == size
    assert len(data) > 60_000, f"{name}: the screenshot is nearly blank"
    return png


def dom_classes(page: str) -> dict[str, str]:
    return dict(re.findall(r'<g id="([^"]+)" class="([^"]*)"', page))


def dom_texts(page: str) -> dict[str, str]:
    return dict(re.findall(r'<g id="([^"]+)" class="[^"]*"[^>]*>.*?<text[^>]*>([^<]*)</text>', page))


@pytest.mark.browser
@pytest.mark.parametrize("kind", list(SETUPS))
def test_a_page_per_fixture_position_renders_every_element(
    games: dict[str, Fixture], tmp_path: Path, kind: str
) -> None:
    fixture = games[kind]
    o = fixture.observations[len(fixture.observations) // 2]
    page = tmp_path / "board.html"
    page.write_text(
        f"<!DOCTYPE html><html><body>{board_svg(o, standalone=True)}</body></html>", encoding="utf-8"
    )
    shown = dom(tmp_path, page.as_uri())
    classes, texts = dom_classes(shown), dom_texts(shown)
    for slot, text in expected(o):
        assert slot in classes, (kind, slot)
        assert "empty" not in classes[slot].split(), (kind, slot)
        if text:
            assert texts.get(slot) == text, (kind, slot)


@pytest.mark.browser
@pytest.mark.parametrize("kind", list(SETUPS))
def test_stepping_through_a_game_in_the_browser_changes_the_board(
    games: dict[str, Fixture], tmp_path: Path, kind: str
) -> None:
    fixture = games[kind]
    out = tmp_path / "game.html"
    assert run("view", str(fixture.trace), "-o", str(out)).exit_code == 0
    last = len(fixture.observations) - 1
    middle = last // 2
    pages = {n: dom(tmp_path, f"{out.as_uri()}#step={n}") for n in (0, middle, middle + 1, last)}
    for n, shown in pages.items():
        assert f'data-step="{n}"' in shown, n
        assert re.search(r'data-load-ms="[0-9.]+"', shown), "the page's script did not finish"
        classes, texts = dom_classes(shown), dom_texts(shown)
        for slot, text in expected(fixture.observations[n]):
            assert "empty" not in classes[slot].split(), (n, slot)
            if text:
                assert texts.get(slot) == text, (n, slot)
    assert dom_classes(pages[middle]) != dom_classes(pages[0])
    forward, back = pages[middle + 1], dom(tmp_path, f"{out.as_uri()}#step={middle}")
    assert (dom_classes(forward), dom_texts(forward)) != (dom_classes(back), dom_texts(back))
    assert (dom_classes(back), dom_texts(back)) == (dom_classes(pages[middle]), dom_texts(pages[middle]))
    screenshot(tmp_path, f"{out.as_uri()}#step={middle}", f"game-{kind}")


@pytest.mark.browser
def test_a_book_example_opened_from_the_address_draws_both_boards(tmp_path: Path) -> None:
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    shutil.copy(ROOT / "scenarios" / "09_time.feature", scenarios)
    render_book(tmp_path / "book", scenarios)
    key = "TIME.STOP/a-clan-that-cannot-pay-stops-before-the-checkpoint"
    shown = dom(tmp_path, f"{(tmp_path / 'book' / '09_time.html').as_uri()}#{key}")
    classes = dom_classes(shown)
    assert f"{key}--start-time-clan-0" in classes
    assert f"{key}--after-time-clan-0" in classes
    assert "diff" in classes[f"{key}--after-time-clan-0"].split()  # the marker moved: highlighted
    assert "diff" not in classes[f"{key}--start-time-clan-0"].split()
    other = "TIME.MOVE/2-influence-2-spaces"
    assert f"{other}--start-time-clan-0" not in classes  # drawn when opened, not before


@pytest.mark.browser
def test_the_divergence_page_of_a_planted_fault(tmp_path: Path) -> None:
    faulty = ROOT / "tests" / "conformance_faults" / "faulty_server.py"
    report = tmp_path / "report.json"
    empty = tmp_path / "no-vectors"
    empty.mkdir()
    impl = f"{sys.executable} {faulty} --fault seal_cap"
    result = run(
        "verify", "--impl", impl, "--area", "base", "--games", "150", "--perft-depth", "0",
        "--vectors", str(empty), "--shrink-time", "4", "--report", str(report),
    )  # fmt: skip
    assert result.exit_code == 1, result.output
    page = tmp_path / "report.divergence.html"
    assert page.exists(), result.output
    shown = dom(tmp_path, page.as_uri())
    assert "SEALS.CAP" in shown
    highlighted = re.findall(r'<g id="(d1-impl-[^"]+)" class="[^"]*\bdiff\b', shown)
    field = json.loads(report.read_text())["games"]["divergence"]["field"]
    found = re.fullmatch(r"/clans/(\d+)/(\w+)", field)
    assert found is not None, field
    clan, holding = found.groups()
    assert f"d1-impl-clan-{clan}-{holding}" in highlighted, (field, highlighted)
    assert f"d1-ref-clan-{clan}-{holding}" in re.findall(
        r'<g id="(d1-ref-[^"]+)" class="[^"]*\bdiff\b', shown
    )
    screenshot(tmp_path, page.as_uri(), "divergence-seal_cap", "1600,1200")


def test_tox_runs_the_view_browser_tests() -> None:
    tox = (ROOT / "tox.ini").read_text(encoding="utf-8")
    assert "tests/test_view.py" in tox.split("[testenv:browser]")[1].split("[testenv:")[0]


def test_a_look_is_sent_without_its_trailing_defaults() -> None:
    assert Look("die empty").wire() == ["die empty"]
    assert Look("die coral", "4").wire() == ["die coral", "4"]
    assert Look("marker c1", "1", "", 10.0, 0.0).wire() == ["marker c1", "1", "", 10.0]


def test_a_position_past_what_the_rules_allow_is_refused_not_drawn(
    games: dict[str, Fixture], tmp_path: Path
) -> None:
    """A few kilobytes claiming a billion clans or a hundred thousand gardeners would need a slot
    each: the board refuses them (one error line, exit 2) instead of drawing gigabytes."""
    state = games["4-clans"].record.final
    base = json.loads(msgspec.json.encode(position(state)))
    for edit, said in (
        (lambda p: p["setup"].__setitem__("players", 1_000_000_000), "clans 1000000000 is more than 4"),
        (lambda p: p["board"]["gardens"][0].__setitem__("gardeners", [0] * 100_000), "gardeners 100000"),
    ):
        hostile = json.loads(json.dumps(base))
        edit(hostile)
        path = tmp_path / "hostile.json"
        path.write_text(json.dumps(hostile))
        for command in (
            ("show", str(path), "--svg", str(tmp_path / "x.svg")),
            ("view", str(path), "-o", str(tmp_path / "x.html")),
        ):
            result = run(*command)
            assert result.exit_code == 2, result.output
            assert said in result.stderr
            assert "Traceback" not in result.output


def test_the_output_never_overwrites_the_input(games: dict[str, Fixture], tmp_path: Path) -> None:
    trace = tmp_path / "same.json"
    shutil.copy(games["2-clans"].trace, trace)
    before = trace.read_bytes()
    for command in (("view", str(trace), "-o", str(trace)), ("show", str(trace), "--svg", str(trace))):
        result = run(*command)
        assert result.exit_code == 2, result.output
        assert "over its own input" in result.stderr
    assert trace.read_bytes() == before
