"""What one seat is shown (``SeatView``: ``seat_view``, ``GameState.view``) and the whole
state as JSON (``snapshot``, ``GameState.snapshot``).

A seat view is a plain dict at run time (players, hints and the page index it by key);
``SeatView`` types its keys. Tiles are ``Tile`` (an int), winds ``Wind`` (a str) and melds
``Meld`` objects, as the players have always been given them.
"""
from __future__ import annotations

from typing import Any, TypedDict

from ..melds import Meld
from ..notation import format_tiles
from ..tiles import Tile, Wind
from .hand_state import HandState
from .phase import Phase


class SeatView(TypedDict):
    """What ``seat`` may see: its own tiles; everyone's melds (a concealed kong as a kong
    laid down), flowers and discards, by seat (E, S, W, N); how many tiles the others
    hide; the wall; the last discard."""

    rules: str                                # the rule set's key
    seat: int                                 # 0-3: E, S, W, N
    round_wind: Wind
    phase: str                                # a ``Phase`` value
    current: int                              # the seat whose turn it is
    hand: list[Tile]                          # the seat's concealed tiles, sorted
    drawn: Tile | None                        # its tile just drawn, on its own turn
    melds: list[tuple[Meld, ...]]             # by seat
    flowers: list[tuple[Tile, ...]]           # by seat
    discards: list[tuple[Tile, ...]]          # by seat, oldest first
    hidden_counts: list[int]                  # concealed tiles, by seat
    wall_left: int                            # tiles left in the wall
    live_left: int                            # tiles left to draw
    last_discard: tuple[int, Tile] | None     # (discarder, tile)
    kong_tile: Tile | None                    # an added kong's tile, while it may be robbed
    exchange_step: int | None                 # during the exchanges: 0-3


def seat_view(state: HandState, seat: int) -> SeatView:
    """What ``seat`` may see, as tiles and melds (what a player is given)."""
    return {
        "rules": state.rules.key,
        "seat": seat,
        "round_wind": state.round_wind,
        "phase": state.phase.value,
        "current": state.current,
        "hand": sorted(state.hands[seat]),
        "drawn": (state.last_drawn if seat == state.current and state.phase == Phase.TURN
                  else None),
        "melds": [tuple(state.melds[s]) for s in range(4)],
        "flowers": [tuple(state.flowers[s]) for s in range(4)],
        "discards": [tuple(state.discards[s]) for s in range(4)],
        "hidden_counts": [len(state.hands[s]) for s in range(4)],
        "wall_left": state.wall.remaining,
        "live_left": state.wall.live,
        "last_discard": state.last_discard,
        "kong_tile": state.kong_tile,
        "exchange_step": state.exchange_step if state.phase == Phase.EXCHANGE else None,
    }


def snapshot(state: HandState) -> dict[str, Any]:
    """The whole state as JSON data (for comparisons and debugging)."""
    return {
        "config": state.config.to_json(),
        "phase": state.phase.value,
        "current": state.current,
        "wall": state.wall.to_json(),
        "hands": [format_tiles(h, sort=False) for h in state.hands],
        "melds": [[m.to_json() for m in ms] for ms in state.melds],
        "flowers": [format_tiles(f, sort=False) for f in state.flowers],
        "discards": [format_tiles(d, sort=False) for d in state.discards],
        "pending": {str(k): (v.to_json() if v else None) for k, v in state.pending.items()},
        "last_discard": ([state.last_discard[0], state.last_discard[1].notation]
                         if state.last_discard else None),
        "got_by": state.got_by,
        "exchange_step": state.exchange_step,
        "log": list(state.log),
        "events": list(state.events),
        "result": state.result.to_json() if state.result else None,
    }


__all__ = ["SeatView", "seat_view", "snapshot"]
