"""What one seat is shown (``SeatView``, ``GameState.view``) and the whole state as JSON
(``GameState.snapshot``).

A seat view is a plain dict at run time (players, hints and the page index it by key);
``SeatView`` types its keys. Tiles are ``Tile`` (an int), winds ``Wind`` (a str) and melds
``Meld`` objects, as the players have always been given them.
"""
from __future__ import annotations

from typing import Any, TypedDict

from ..melds import Meld
from ..notation import format_tiles
from ..tiles import Tile, Wind
from .deal import DealtHand
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


class SeatViews(DealtHand):
    """The state as a seat sees it, and as a whole."""

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see, as tiles and melds (what a player is given)."""
        return {
            "rules": self.rules.key,
            "seat": seat,
            "round_wind": self.round_wind,
            "phase": self.phase.value,
            "current": self.current,
            "hand": sorted(self.hands[seat]),
            "drawn": (self.last_drawn if seat == self.current and self.phase == Phase.TURN
                      else None),
            "melds": [tuple(self.melds[s]) for s in range(4)],
            "flowers": [tuple(self.flowers[s]) for s in range(4)],
            "discards": [tuple(self.discards[s]) for s in range(4)],
            "hidden_counts": [len(self.hands[s]) for s in range(4)],
            "wall_left": self.wall.remaining,
            "live_left": self.wall.live,
            "last_discard": self.last_discard,
            "kong_tile": self.kong_tile,
            "exchange_step": self.exchange_step if self.phase == Phase.EXCHANGE else None,
        }

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON data (for comparisons and debugging)."""
        return {
            "config": self.config.to_json(),
            "phase": self.phase.value,
            "current": self.current,
            "wall": self.wall.to_json(),
            "hands": [format_tiles(h, sort=False) for h in self.hands],
            "melds": [[m.to_json() for m in ms] for ms in self.melds],
            "flowers": [format_tiles(f, sort=False) for f in self.flowers],
            "discards": [format_tiles(d, sort=False) for d in self.discards],
            "pending": {str(k): (v.to_json() if v else None) for k, v in self.pending.items()},
            "last_discard": ([self.last_discard[0], self.last_discard[1].notation]
                             if self.last_discard else None),
            "got_by": self.got_by,
            "exchange_step": self.exchange_step,
            "log": list(self.log),
            "events": list(self.events),
            "result": self.result.to_json() if self.result else None,
        }


__all__ = ["SeatView", "SeatViews"]
