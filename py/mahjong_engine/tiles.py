"""Tiles, suits and winds, named as in ``shared/RULES-READING.md``.

Notation: ``1m``-``9m`` characters, ``1p``-``9p`` circles, ``1s``-``9s`` bamboo,
``1z``-``4z`` winds East, South, West, North, ``5z`` white, ``6z`` green, ``7z`` red
dragon, ``1f``-``4f`` flowers (plum, orchid, chrysanthemum, bamboo), ``5f``-``8f``
seasons (spring, summer, autumn, winter).
"""
from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum, StrEnum


class Suit(StrEnum):
    CHARACTERS = "m"
    CIRCLES = "p"
    BAMBOO = "s"
    HONOURS = "z"
    BONUS = "f"


SUITED = (Suit.CHARACTERS, Suit.CIRCLES, Suit.BAMBOO)
_SUIT_BASE = {Suit.CHARACTERS: 0, Suit.CIRCLES: 9, Suit.BAMBOO: 18, Suit.HONOURS: 27, Suit.BONUS: 34}
_SUIT_SIZE = {Suit.CHARACTERS: 9, Suit.CIRCLES: 9, Suit.BAMBOO: 9, Suit.HONOURS: 7, Suit.BONUS: 8}


class Tile(IntEnum):
    """The 42 tile faces. Values index count arrays; play uses the first 34."""

    M1 = 0
    M2 = 1
    M3 = 2
    M4 = 3
    M5 = 4
    M6 = 5
    M7 = 6
    M8 = 7
    M9 = 8
    P1 = 9
    P2 = 10
    P3 = 11
    P4 = 12
    P5 = 13
    P6 = 14
    P7 = 15
    P8 = 16
    P9 = 17
    S1 = 18
    S2 = 19
    S3 = 20
    S4 = 21
    S5 = 22
    S6 = 23
    S7 = 24
    S8 = 25
    S9 = 26
    EAST = 27
    SOUTH = 28
    WEST = 29
    NORTH = 30
    WHITE = 31
    GREEN = 32
    RED = 33
    PLUM = 34
    ORCHID = 35
    CHRYSANTHEMUM = 36
    BAMBOO_FLOWER = 37
    SPRING = 38
    SUMMER = 39
    AUTUMN = 40
    WINTER = 41

    @classmethod
    def of(cls, suit: Suit, rank: int) -> Tile:
        if not 1 <= rank <= _SUIT_SIZE[suit]:
            raise ValueError(f"rank {rank} out of range for suit {suit.value}")
        return cls(_SUIT_BASE[suit] + rank - 1)

    @property
    def suit(self) -> Suit:
        return _SUIT_OF[self]

    @property
    def rank(self) -> int:
        return self - _SUIT_BASE[_SUIT_OF[self]] + 1

    @property
    def notation(self) -> str:
        return f"{self.rank}{self.suit.value}"

    @property
    def is_suited(self) -> bool:
        return self < Tile.EAST

    @property
    def is_terminal(self) -> bool:
        return self.is_suited and self.rank in (1, 9)

    @property
    def is_simple(self) -> bool:
        return self.is_suited and 2 <= self.rank <= 8

    @property
    def is_honour(self) -> bool:
        return Tile.EAST <= self <= Tile.RED

    @property
    def is_wind(self) -> bool:
        return Tile.EAST <= self <= Tile.NORTH

    @property
    def is_dragon(self) -> bool:
        return Tile.WHITE <= self <= Tile.RED

    @property
    def is_terminal_or_honour(self) -> bool:
        return self.is_terminal or self.is_honour

    @property
    def is_bonus(self) -> bool:
        return self >= Tile.PLUM

    @property
    def is_flower(self) -> bool:
        return Tile.PLUM <= self <= Tile.BAMBOO_FLOWER

    @property
    def is_season(self) -> bool:
        return self >= Tile.SPRING

    def __str__(self) -> str:
        return self.notation


_SUIT_OF = {
    tile: next(s for s in Suit if _SUIT_BASE[s] <= tile < _SUIT_BASE[s] + _SUIT_SIZE[s]) for tile in Tile
}

PLAYABLE_KINDS = 34
"""Number of tile kinds that form sets (suited and honours); bonus tiles never do."""

COPIES = 4
PLAYABLE_TILES = tuple(Tile(i) for i in range(PLAYABLE_KINDS))
BONUS_TILES = tuple(t for t in Tile if t.is_bonus)
TERMINALS_AND_HONOURS = tuple(t for t in PLAYABLE_TILES if t.is_terminal_or_honour)
DRAGONS = (Tile.WHITE, Tile.GREEN, Tile.RED)
WIND_TILES = (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH)


class Wind(StrEnum):
    """Seat and round winds; play goes East -> South -> West -> North."""

    EAST = "E"
    SOUTH = "S"
    WEST = "W"
    NORTH = "N"

    @property
    def tile(self) -> Tile:
        return WIND_TILES[self.order]

    @property
    def order(self) -> int:
        """Its place in turn order, East 0 to North 3 (``index`` is ``str.index``)."""
        return _WIND_ORDER.index(self)

    def next(self, steps: int = 1) -> Wind:
        """The wind ``steps`` places later in turn order (the player to the right)."""
        return _WIND_ORDER[(self.order + steps) % 4]


_WIND_ORDER = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)
WINDS = _WIND_ORDER


def counts_of(tiles: Iterable[int]) -> list[int]:
    """A 34-slot count array of the playable tiles among ``tiles``."""
    counts = [0] * PLAYABLE_KINDS
    for tile in tiles:
        if tile < PLAYABLE_KINDS:
            counts[tile] += 1
    return counts


def tiles_of(counts: Iterable[int]) -> list[Tile]:
    """The sorted tiles of a count array."""
    return [Tile(i) for i, n in enumerate(counts) for _ in range(n)]
