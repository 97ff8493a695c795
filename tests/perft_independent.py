"""Perft counts at depths 1 and 2 worked out from the rules, not from the engine's ``legal_actions``.

The counter reads a position as the public observation (JSON) and the printed content as data
(``reference/content/*.toml``, read with tomllib) and counts the options the rules give the deciding
clan, by the rules' own arithmetic:

- seal trades (SEALS.TRADE_COIN, SEALS.TRADE_RESOURCE, RULING.TRADES_AT_OWN_DECISIONS): none with 0
  seals, 1 (a coin) with 1 seal, 4 (a coin or one of 3 resources) with 2 or more;
- a starting pair (SETUP.STARTING_PAIRS): one per pair on offer;
- a resource of a choice (EFFECT.RESOURCE_CHOICE): food, iron or Mother-of-Pearl;
- a placement (TURN.SEQUENCE, BRIDGE.ENDS_ONLY, RULING.LONE_DIE_SLOT, PLACE.*, CASTLE.COLOUR_MATCH,
  DOMAIN.ONE_DIE, DOMAIN.COLOUR_LOCK, PLACE.WELL_ONE): each die at an end of a bridge (a lone die
  once) on each space that takes it and whose difference the clan can pay;
- the start of a Courtier action (COURTIER.ACTION, COURTIER.AUDIENCE, COURTIER.CLIMB): the audience
  (2 coins, a courtier left), each climb the Mother-of-Pearl pays (2 for 1 floor, 5 for 2), and
  ending the action;
- a priced effect (GARDENER.ACTION_OPTIONAL, CASTLE.DARK_SEAL, EFFECT.PAID_ICON): accept when the
  price can be paid now, decline;
- an order of icons (RULING.EFFECTS_OPTIONAL_ORDER): one per distinct icon still to resolve;
- a tie for the rival's gardener (SOLO.ICON.GARDENER, RULING.RIVAL_GARDEN_VALUE): the gardens of the
  type its card shows that tie for the lowest value without its gardener.

Depth 2 is counted for the positions at a starting pair: after a pick the picking clan gains its
Starting Resource card (SETUP.STARTING_GAINS, plain gains first: RULING.GAINS_PER_ICON); a resource
choice on the card asks next, else the next clan in reverse turn order picks among the pairs left.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

CONTENT_DIR = Path(__file__).resolve().parents[1] / "reference" / "content"
BASE: dict[str, Any] = tomllib.loads((CONTENT_DIR / "base.toml").read_text(encoding="utf-8"))
SOLITAIRE: dict[str, Any] = tomllib.loads(
    (CONTENT_DIR / "solitaire_provisional.toml").read_text(encoding="utf-8")
)

SPACES = {  # space: (kind, index, printed value, Domain line colour)
    "steward_1": ("room", 0, 3, None),
    "steward_2": ("room", 1, 3, None),
    "steward_3": ("room", 2, 3, None),
    "diplomat_1": ("room", 3, 4, None),
    "diplomat_2": ("room", 4, 4, None),
    "outside_left": ("outside", 0, 5, None),
    "outside_right": ("outside", 1, 5, None),
    "well": ("well", 0, 1, None),
    "domain_coral": ("domain", 0, 6, "coral"),
    "domain_black": ("domain", 1, 6, "black"),
    "domain_white": ("domain", 2, 6, "white"),
}
MEMBERS_PER_LINE = 5


def trades(seals: int) -> int:
    return 0 if seals == 0 else 1 if seals == 1 else 4


def placements(obs: dict[str, Any], clan: int) -> int:
    board = obs["board"]
    holder = obs["clans"][clan]
    stack = 1 if obs["setup"]["players"] <= 2 else 2
    count = 0
    for bridge in board["bridges"]:
        ends = [bridge[end] for end in ("left", "right") if bridge[end] is not None]
        for value in ends:
            for kind, index, printed, line in SPACES.values():
                covered = printed
                if kind in ("room", "outside"):
                    held = board["rooms"][index]["dice"] if kind == "room" else board["outside"][index]
                    if len(held) >= stack:
                        continue
                    if held:
                        covered = held[-1]["value"]
                    if kind == "room" and bridge["colour"] not in board["rooms"][index]["tiles"]:
                        continue
                if kind == "domain" and (
                    holder["domain_dice"][index] is not None or line != bridge["colour"]
                ):
                    continue
                if max(0, covered - value) <= holder["coins"]:
                    count += 1
    return count


def courtier_start(holder: dict[str, Any]) -> int:
    """The first decision of a Courtier action: the audience, the climbs, and ending it."""
    audience = holder["sent"][0] < MEMBERS_PER_LINE and holder["coins"] >= 2
    climbs = sum(
        1
        for start in range(3)
        if holder["courtiers"][start] > 0
        for floors, pearl in ((1, 2), (2, 5))
        if start + floors <= 3 and holder["pearl"] >= pearl
    )
    return int(audience) + climbs + 1


def optional(obs: dict[str, Any], holder: dict[str, Any]) -> int:
    """Accept (when the price can be paid now) and decline; the price read from the card."""
    origin = obs["pending"]["origin"]
    seals = coins = 0
    if origin["kind"] == "garden":
        garden = next(g for g in BASE["gardens"] if g["id"] == origin["card"])
        paid = [e for e in garden["action"] if e["type"] == "pay_coins"]
        coins = paid[0]["n"] if paid else 0
    else:  # a Steward's dark row
        seals = 1
    return int(holder["seals"] >= seals and holder["coins"] >= coins) + 1


def rival_garden(obs: dict[str, Any]) -> int:
    """The gardens of the type the rival's card shows, tied for the lowest value without its
    gardener (a garden's value is its Clan Points)."""
    rival = next(i for i, c in enumerate(obs["clans"]) if c["rival"])
    card = next(c for c in SOLITAIRE["cards"] if c["id"] == obs["rival_row"][-1])
    kinds = {i["kind"] for i in card["top"] + card["bottom"] if i["type"] == "gardener_to"}
    gardens = {g["id"]: g for g in BASE["gardens"]}
    open_ = [
        gardens[slot["card"]]
        for slot in obs["board"]["gardens"]
        if gardens[slot["card"]]["kind"] in kinds and rival not in slot["gardeners"]
    ]
    lowest = min(g["cp"] for g in open_)
    return sum(1 for g in open_ if g["cp"] == lowest)


def depth1(obs: dict[str, Any]) -> int:
    kind = obs["decision"]["kind"]
    clan = obs["decision"]["clan"]
    if clan is None:
        return 1  # a chance node or the end: a leaf
    holder = obs["clans"][clan]
    own = {
        "draft": lambda: len(obs["draft"]),
        "resource": lambda: 3,
        "turn": lambda: placements(obs, clan),
        "courtier": lambda: courtier_start(holder),
        "optional": lambda: optional(obs, holder),
        "order": lambda: len({repr(i["icon"]) for i in obs["pending"]["items"]}),
        "rival_garden": lambda: rival_garden(obs),
    }[kind]()
    return own + trades(holder["seals"])


def depth2_at_resource(obs: dict[str, Any]) -> int:
    """A resource choice with 2 or more picks left: each pick asks for the next one; each trade
    asks this one again with fewer seals."""
    assert obs["decision"]["kind"] == "resource"
    assert obs["pending"]["icon"]["n"] >= 2
    seals = obs["clans"][obs["decision"]["clan"]]["seals"]
    picks = 3 * (3 + trades(seals))
    after_trades = (3 + trades(seals - 1)) + (3 * (3 + trades(seals - 2)) if seals >= 2 else 0)
    return picks + (after_trades if seals else 0)


def depth2(obs: dict[str, Any]) -> int:
    """Depth 2 where the counter knows the next decision: at a starting pair, at a resource choice
    with picks left."""
    if obs["decision"]["kind"] == "draft":
        return depth2_at_draft(obs)
    return depth2_at_resource(obs)


def depth2_at_draft(obs: dict[str, Any]) -> int:
    """Sum over the pairs on offer of the options that follow taking it."""
    assert obs["decision"]["kind"] == "draft"
    cards = {c["id"]: c for c in BASE["starting_resources"]}
    order = obs["turn_order"]
    picker = obs["decision"]["clan"]
    total = 0
    for sr, _action in obs["draft"]:
        gains = cards[sr]["gains"]
        seals = sum(g["n"] for g in gains if g["type"] == "gain" and g["what"] == "seal")
        if any(g["type"] == "resource_choice" for g in gains):
            total += 3 + trades(min(seals, 5))
            continue
        waiting = [c for c in reversed(order) if c != picker and obs["clans"][c]["domain_card"] is None]
        assert waiting, "the last pick is not counted here"
        total += len(obs["draft"]) - 1 + trades(obs["clans"][waiting[0]]["seals"])
    return total
