"""The phases of a hand (``GameState.phase``). String-valued: views, records, saved games
and error parameters carry the same strings as before ("turn", "claim", ...)."""
from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    EXCHANGE = "exchange"   # Serralheiro §7: the players hand tiles over
    TURN = "turn"           # the current seat discards, declares a kong or wins
    DRAW = "draw"           # the current seat draws
    CLAIM = "claim"         # the others answer the last discard
    ROB = "rob"             # the others may rob an added kong
    ENDED = "ended"


__all__ = ["Phase"]
