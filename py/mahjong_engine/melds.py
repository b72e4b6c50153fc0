"""Sets and pairs: chow, pung, kong and pair, declared or formed in the hand."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .errors import HandError, clip
from .notation import format_tiles, parse_tiles
from .tiles import Tile


class MeldKind(StrEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"


_SIZES = {MeldKind.CHOW: 3, MeldKind.PUNG: 3, MeldKind.KONG: 4, MeldKind.PAIR: 2}


@dataclass(frozen=True)
class Meld:
    """A group of tiles. ``tile`` is its lowest tile.

    ``concealed``: formed or kept in the hand (a concealed kong, or a set found in the
    concealed tiles); ``declared``: laid on the table during play (exposed sets and
    declared concealed kongs).
    """

    kind: MeldKind
    tile: Tile
    concealed: bool = False
    declared: bool = False

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind is MeldKind.CHOW:
            return (self.tile, Tile(self.tile + 1), Tile(self.tile + 2))
        return (self.tile,) * _SIZES[self.kind]

    @property
    def is_set(self) -> bool:
        return self.kind is not MeldKind.PAIR

    @property
    def is_pung_or_kong(self) -> bool:
        return self.kind in (MeldKind.PUNG, MeldKind.KONG)

    @property
    def notation(self) -> str:
        return format_tiles(self.tiles)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "tiles": self.notation, "concealed": self.concealed}

    @classmethod
    def from_tiles(cls, kind: MeldKind | str, tiles: str | list[Tile], concealed: bool = False,
                   declared: bool = True) -> Meld:
        """Check that ``tiles`` really form a ``kind`` and build the meld."""
        try:
            kind = MeldKind(kind)
        except ValueError:
            raise HandError("meld.unknown_kind", kind=clip(kind)) from None
        tile_list = sorted(parse_tiles(tiles) if isinstance(tiles, str) else tiles)
        text = format_tiles(tile_list)
        if len(tile_list) != _SIZES[kind] or any(t.is_bonus for t in tile_list):
            raise HandError("meld.not_a_meld", kind=kind.value, tiles=text)
        first = tile_list[0]
        if kind is MeldKind.CHOW:
            ok = (first.is_suited and first.rank <= 7
                  and tile_list == [first, Tile(first + 1), Tile(first + 2)])
        else:
            ok = all(t == first for t in tile_list)
        if not ok:
            raise HandError("meld.not_a_meld", kind=kind.value, tiles=text)
        if concealed and kind is not MeldKind.KONG:
            raise HandError("meld.only_kong_concealed", kind=kind.value, tiles=text)
        return cls(kind, first, concealed=concealed, declared=declared)
