"""The Passage of Time: moving, checkpoints, stacking and turn order.

Rules: TIME.MOVE, TIME.STACK, TIME.CHECKPOINTS, TIME.CHECKPOINT_SPACES, TIME.STOP, TIME.TRACK,
TIME.TURN_ORDER, RULING.LOST_STEPS, RULING.TIME_END.
"""

from __future__ import annotations

from msgspec.structs import replace

from reference.model import Clan, State, TimeTrack


def next_checkpoint_cost(track: TimeTrack, clan: Clan) -> int:
    """Seals owed to step onto the next space (0 when it is no checkpoint). Rule: TIME.CHECKPOINTS."""
    return track.checkpoint_cost(clan.time + 1)


def at_end(track: TimeTrack, clan: Clan) -> bool:
    """The marker is on the last space; further steps are lost. Rule: RULING.TIME_END."""
    return clan.time >= track.last


def step(clan: Clan) -> Clan:
    """One step forward (the caller has paid any checkpoint). Rule: TIME.MOVE."""
    return replace(clan, time=clan.time + 1)


def land(state: State, index: int) -> State:
    """The marker of clan ``index`` ends a move: it goes on top of any marker on its space.
    Rule: TIME.STACK."""
    arrivals = state.arrivals + 1
    clans = list(state.clans)
    clans[index] = replace(clans[index], arrival=arrivals)
    return replace(state, clans=tuple(clans), arrivals=arrivals)


def turn_order(clans: tuple[Clan, ...]) -> tuple[int, ...]:
    """Next round's order: furthest along the track first; on a shared space the marker on top first.
    Rules: TIME.TURN_ORDER, TIME.STACK."""
    return tuple(sorted(range(len(clans)), key=lambda i: (-clans[i].time, -clans[i].arrival)))
