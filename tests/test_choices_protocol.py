"""Every decision kind answered through ``wcref serve`` by what ``observe`` lists: the client below
speaks only JSON (no reference internals), as another program would. The prefixes that reach each
kind come from random games (played by the reference, as the test's fixture) and from two vectors."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from reference.chance import sample
from reference.conformance.protocol import PROTOCOL_VERSION
from reference.engine import apply, is_chance, is_over, legal_actions, new_game
from reference.model import DecisionKind, Difficulty, Readings, RivalKind, Setup, Solo, Trade
from reference.wire import to_json

VECTORS = Path(__file__).resolve().parents[1] / "reference" / "vectors"
LANTERN = (
    VECTORS / "LANTERN.GAIN_ALL--the-order-matters-the-seal-first-pays-the-checkpoint-the-step-reaches.json"
)
RESHUFFLE = (
    VECTORS / "RULING.GINKGO_EMPTY_DISCARD--with-the-discard-pile-empty-too-the-cards-flipped-this-turn-but-"
    "the-last-are-reshuffled.json"
)

ZERO = {"seals": 0, "coins": 0, "food": 0, "iron": 0, "pearl": 0}


class Session:
    """One ``wcref serve`` process spoken to in JSON Lines."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "reference.cli", "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.next_id = 0
        assert self.ok("hello", protocol=PROTOCOL_VERSION)["protocol"] == PROTOCOL_VERSION

    def ask(self, op: str, **fields: Any) -> dict[str, Any]:
        self.next_id += 1
        assert self.proc.stdin is not None
        assert self.proc.stdout is not None
        self.proc.stdin.write(json.dumps({"id": self.next_id, "op": op, **fields}) + "\n")
        self.proc.stdin.flush()
        reply: dict[str, Any] = json.loads(self.proc.stdout.readline())
        assert reply["id"] == self.next_id
        return reply

    def ok(self, op: str, **fields: Any) -> Any:
        reply = self.ask(op, **fields)
        assert reply["ok"] is True, reply
        return reply["result"]

    def close(self) -> None:
        self.ok("bye")
        self.proc.wait(timeout=10)


@pytest.fixture(scope="module")
def session() -> Iterator[Session]:
    s = Session()
    yield s
    s.close()


SETUPS = (
    Setup(players=2),
    Setup(players=3),
    Setup(players=2, readings=Readings(domain_icon="members", stone_garden="lantern")),
    Setup(players=2, solo=Solo(difficulty=Difficulty.HARD)),
    Setup(players=2, solo=Solo(rival=RivalKind.GINGKOGAWA, difficulty=Difficulty.HARD)),
)


def _first_of_each_kind() -> dict[DecisionKind, tuple[Setup, list[Any]]]:
    """For each decision kind random games reach, the setup and the actions (chance outcomes
    included, as wire JSON) that first reach it."""
    found: dict[DecisionKind, tuple[Setup, list[Any]]] = {}
    for setup in SETUPS:
        for seed in range(12):
            rng = random.Random(seed)
            state, actions = new_game(setup), []
            while True:
                found.setdefault(state.decision.kind, (setup, list(actions)))
                if is_over(state):
                    break
                if is_chance(state):
                    action = sample(state, rng)
                else:
                    legal = legal_actions(state)
                    action = rng.choice([a for a in legal if not isinstance(a, Trade)] or list(legal))
                actions.append(to_json(action))
                state = apply(state, action)
    return found


PREFIXES = _first_of_each_kind()
INSIDE_A_TURN = sorted(
    (
        k
        for k in PREFIXES
        if k
        not in {
            DecisionKind.DEAL,
            DecisionKind.ROLL,
            DecisionKind.DRAFT,
            DecisionKind.TURN,
            DecisionKind.NONE,
        }
    ),
    key=lambda k: k.value,
)

WHERE_FROM = {
    "order": "items",
    "room": "castle_room",
    "rival_room": "castle_room",
    "light_row": "castle_card",
    "castle_row": "castle_card",
    "favour": "favour",
    "yard": "yard",
    "garden": "garden",
    "rival_garden": "garden",
    "domain_line": "domain_line",
    "checkpoint": "checkpoint",
}
"""Where the options of each kind say they come from (order: each item names its own origin)."""


def reach(session: Session, kind: DecisionKind) -> dict[str, Any]:
    setup, actions = PREFIXES[kind]
    session.ok("new_game", setup=to_json(setup))
    for action in actions:
        session.ok("apply", action=action)
    seen: dict[str, Any] = session.ok("observe")
    assert seen["decision"]["kind"] == kind.value
    return seen


def test_random_games_reach_every_kind_but_the_reshuffle() -> None:
    assert set(DecisionKind) - set(PREFIXES) == {DecisionKind.SHUFFLE}


@pytest.mark.parametrize("kind", INSIDE_A_TURN, ids=lambda k: k.value)
def test_a_decision_inside_a_turn_is_answered_by_its_listed_options(
    session: Session, kind: DecisionKind
) -> None:
    seen = reach(session, kind)
    pending = seen["pending"]
    options = pending["options"]
    # the options are the legal actions, in order, each with its rule and cost
    assert [o["action"] for o in options] == session.ok("legal_actions")
    clan = seen["clans"][seen["decision"]["clan"]]
    for option in options:
        assert option["rule"]
        assert all(clan[k] >= n for k, n in option["cost"].items()), (option, clan)
    own = [o for o in options if o["action"]["type"] != "trade"]
    trades = [o for o in options if o["action"]["type"] == "trade"]
    assert all(t["cost"]["seals"] in (1, 2) for t in trades)
    where = WHERE_FROM.get(kind.value)
    if where == "items":
        assert all(item["origin"] is not None for item in pending["items"])
        for option in own:
            item = pending["items"][option["action"]["index"]]
            assert option["gives"] == [item["icon"]]
    elif where is not None:
        assert any(o["origin"] and o["origin"]["kind"] == where for o in own), own
    if kind.value in ("yard", "checkpoint", "courtier"):
        assert any(o["cost"] != ZERO for o in own), own
    if kind.value == "optional":
        accept = [o for o in own if o["action"]["type"] == "accept"]
        assert all(o["origin"]["card"] for o in accept)
    if kind.value in ("resource", "checkpoint", "yard", "garden", "courtier", "castle_row", "domain_line"):
        assert pending["icon"] is not None
    # choosing by the listed action works, and something changes
    session.ok("apply", action=own[-1]["action"])
    assert session.ok("observe") != seen


@pytest.mark.parametrize(
    "kind",
    [DecisionKind.DEAL, DecisionKind.ROLL, DecisionKind.DRAFT, DecisionKind.TURN, DecisionKind.NONE],
    ids=lambda k: k.value,
)
def test_a_synchronisation_point_shows_its_options_in_the_position(
    session: Session, kind: DecisionKind
) -> None:
    seen = reach(session, kind)
    assert seen["pending"] is None
    legal = session.ok("legal_actions")
    if kind in (DecisionKind.DEAL, DecisionKind.ROLL, DecisionKind.NONE):
        assert legal == []
    elif kind is DecisionKind.DRAFT:
        assert legal == [{"type": "take_pair", "index": i} for i in range(len(seen["draft"]))]
        session.ok("apply", action=legal[-1])
    else:
        bridges = {b["colour"]: b for b in seen["board"]["bridges"]}
        places = [a for a in legal if a["type"] == "place_die"]
        assert places
        for place in places:
            assert bridges[place["bridge"]][place["end"]] is not None, place
        session.ok("apply", action=places[0])


def test_the_reshuffle_lists_the_cards_to_order(session: Session) -> None:
    vector = json.loads(RESHUFFLE.read_text(encoding="utf-8"))
    session.ok("load", position=vector["start"], composed=vector["composed"])
    session.ok("apply", action=vector["steps"][0]["action"])
    seen = session.ok("observe")
    assert seen["decision"] == {"kind": "shuffle", "clan": None}
    assert seen["pending"] is None
    assert session.ok("legal_actions") == []
    pool = seen["shuffle_pool"]
    session.ok("apply", action={"type": "shuffle", "order": list(reversed(pool))})
    assert session.ok("observe")["decision"]["kind"] != "shuffle"


def test_the_lantern_seal_first_through_the_protocol_alone(session: Session) -> None:
    """The worked example of docs/protocol.md: the Lantern gives food, a seal and a step; the seal
    first lets the step pay the checkpoint it reaches."""
    vector = json.loads(LANTERN.read_text(encoding="utf-8"))
    session.ok("load", position=vector["start"], composed=vector["composed"])
    session.ok("apply", action={"type": "place_die", "bridge": "coral", "end": "left", "space": "well"})
    seen = session.ok("observe")
    assert seen["decision"] == {"kind": "order", "clan": 0}
    items = seen["pending"]["items"]
    assert {(i["icon"]["type"], i["origin"]["kind"], i["origin"]["card"]) for i in items} == {
        ("gain", "lantern", "SR9"),
        ("gain", "lantern", "DC2"),
        ("influence", "lantern", "A1"),
    }
    seal = next(i for i in items if i["icon"] == {"type": "gain", "what": "seal", "n": 1})
    session.ok("apply", action={"type": "next", "index": seal["index"]})
    after = session.ok("observe")
    assert after["clans"][0]["seals"] == 1
    step = next(i for i in after["pending"]["items"] if i["icon"]["type"] == "influence")
    session.ok("apply", action={"type": "next", "index": step["index"]})
    checkpoint = session.ok("observe")
    assert checkpoint["decision"] == {"kind": "checkpoint", "clan": 0}
    pay = next(o for o in checkpoint["pending"]["options"] if o["action"] == {"type": "pay_checkpoint"})
    assert pay["cost"]["seals"] == 1
    assert pay["origin"] == {
        **pay["origin"],
        "kind": "checkpoint",
        "space": checkpoint["clans"][0]["time"] + 1,
    }
    session.ok("apply", action=pay["action"])
    assert session.ok("observe")["clans"][0]["time"] == 6


def test_a_rooms_die_tile_icon_chosen_through_the_protocol_alone(session: Session) -> None:
    """A die in a Steward's room matching two blocks: the clan picks which block first, by the
    card and block the items name (RULING.EFFECTS_OPTIONAL_ORDER)."""
    vector = json.loads(
        (VECTORS / "RULING.EFFECTS_OPTIONAL_ORDER--the-clan-orders-two-matching-rows.json").read_text()
    )
    session.ok("load", position=vector["start"], composed=vector["composed"])
    session.ok("apply", action=vector["steps"][0]["action"])
    seen = session.ok("observe")
    assert seen["decision"] == {"kind": "order", "clan": 0}
    items = seen["pending"]["items"]
    assert {i["origin"]["kind"] for i in items} == {"castle_card"}
    rooms = {i["origin"]["room"] for i in items}
    assert len(rooms) == 1
    assert len({i["origin"]["block"] for i in items}) == len(items) >= 2
    last = max(items, key=lambda i: i["origin"]["block"])
    option = next(
        o for o in seen["pending"]["options"] if o["action"] == {"type": "next", "index": last["index"]}
    )
    assert option["origin"] == last["origin"]
    session.ok("apply", action=option["action"])
    after = session.ok("observe")
    assert after != seen


def test_protocol_docs_define_every_decision_kind() -> None:
    docs = (Path(__file__).resolve().parents[1] / "docs" / "protocol.md").read_text(encoding="utf-8")
    section = docs[docs.index("### Decisions") : docs.index("### Errors")]
    for kind in DecisionKind:
        assert f"| `{kind.value}` |" in section, kind


# ---- verify and implementations that say the same in another shape ---------------------------------

PROXY = """
import json, sys
from reference.conformance.server import Server

mode = sys.argv[1]
server = Server()
for line in sys.stdin.buffer:
    reply, done = server.handle(line.rstrip(b"\\n"))
    answer = json.loads(reply)
    result = answer.get("result")
    if mode == "protocol2" and isinstance(result, dict) and "protocol" in result:
        result["protocol"] = 2
    if isinstance(result, dict) and "pending" in result:
        pending = result["pending"]
        if mode == "terse" and pending is None:
            del result["pending"]  # a null pending may be left out
        if mode == "terse" and pending is not None:
            pending["options"].reverse()  # options in another order
            for option in pending["options"]:
                if option["cost"] == {"seals": 0, "coins": 0, "food": 0, "iron": 0, "pearl": 0}:
                    del option["cost"]  # a field at its default may be left out
        if mode == "twice" and pending is not None:
            own = [o for o in pending["options"] if o["action"]["type"] != "trade"]
            pending["options"].append(own[0])  # one option listed twice
        if mode == "wrong_lantern" and pending is not None:
            for item in pending["items"]:
                if item["origin"] and item["origin"]["kind"] == "lantern":
                    item["origin"]["card"] = "SR1"
    if mode == "terse" and isinstance(result, list) and result and isinstance(result[0], dict):
        result.reverse()  # legal actions in another order
    sys.stdout.write(json.dumps(answer) + "\\n")
    sys.stdout.flush()
    if done:
        break
"""


@pytest.fixture(scope="module")
def proxy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("proxy") / "proxy.py"
    path.write_text(PROXY, encoding="utf-8")
    return path


def _verify(proxy: Path, mode: str, run: tuple[str, ...], games: int = 0) -> Any:
    from reference.conformance.process import SubprocessImplementation
    from reference.conformance.verify import Options, verify

    impl = SubprocessImplementation(f"{sys.executable} {proxy} {mode}", timeout=30)
    try:
        return verify(impl, Options(run=run, games=games, perft_depth=0, seed=3, shrink_seconds=5))
    finally:
        impl.close()


def test_verify_accepts_defaults_left_out_and_options_in_any_order(proxy: Path) -> None:
    report = _verify(proxy, "terse", ("LANTERN.*", "RULING.EFFECTS_OPTIONAL_ORDER*", "COURTIER.*"), games=3)
    assert report.ok, [c.divergence for c in report.cases if c.divergence is not None][:2]
    assert report.games.played == 3


def test_verify_names_a_wrong_lantern_card_by_the_lantern_area(proxy: Path) -> None:
    report = _verify(proxy, "wrong_lantern", ("LANTERN.GAIN_ALL/the-order-matters*",))
    assert not report.ok
    divergence = next(c.divergence for c in report.cases if c.divergence is not None)
    assert divergence.field.startswith("/pending/items/")
    assert divergence.field.endswith("/origin/card")
    assert divergence.rule == "LANTERN.AREA"


def test_verify_stops_at_an_implementation_of_another_protocol(proxy: Path) -> None:
    report = _verify(proxy, "protocol2", ("LANTERN.*",))
    assert not report.ok
    assert report.failure is not None
    assert "speaks protocol 2" in report.failure.detail


def test_verify_names_an_option_listed_twice_as_such(proxy: Path) -> None:
    report = _verify(proxy, "twice", ("LANTERN.GAIN_ALL/the-order-matters*",))
    assert not report.ok
    divergence = next(c.divergence for c in report.cases if c.divergence is not None)
    assert divergence.field.startswith("/pending/options")
    assert "more often than the reference" in divergence.rule_note, divergence.rule_note
    assert divergence.rule == "RULING.EFFECTS_OPTIONAL_ORDER"  # the order decision itself
