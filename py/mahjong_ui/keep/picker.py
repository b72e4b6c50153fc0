"""Tiles picked from a palette into the fields of a recorded hand: a phone at a real table
has no easy way to type notation, so a tap on a tile writes it into the field being filled.

Each function takes the field's text and gives the new text (or a refusal key of the
``keep`` catalogue); the text stays notation, so what is typed and what is tapped mix."""
from __future__ import annotations

from dataclasses import dataclass

from mahjong_engine import NotationError, format_tiles, parse_tiles
from mahjong_engine.tiles import SUITED, Tile

from ..calculator.model import CODE_OF, FACES, MELD_CODES

FIELDS = ("concealed", "win_tile", "melds", "flowers")
SET_KINDS = ("chow", "pung", "kong", "kong_concealed")
_SET_SHAPE = {"chow": ("chow", False), "pung": ("pung", False), "kong": ("kong", False),
              "kong_concealed": ("kong", True)}
COPIES = 4
PLAYABLE = tuple(f for f in FACES if not f.endswith("f"))
BONUS = tuple(f for f in FACES if f.endswith("f"))


@dataclass(frozen=True)
class Picked:
    """A tap's outcome: the field's new ``text``, or the ``refusal`` key that left it as it was."""

    text: str
    refusal: str | None = None


def _tiles(text: str) -> list[Tile] | None:
    try:
        return parse_tiles(text)
    except NotationError:
        return None


def _set_tiles(kind: str, tile: Tile) -> list[Tile] | None:
    if kind == "chow":
        if tile.suit not in SUITED:
            return None
        low = min(tile.rank, 7)            # a tapped 8 or 9 is read as 7-8-9
        return [Tile(tile - tile.rank + low + k) for k in range(3)]
    return [tile] * (3 if kind == "pung" else 4)


def tap(field: str, text: str, face: str, set_kind: str = "pung") -> Picked:
    """``face`` (``5p``) tapped while ``field`` is being filled; ``set_kind`` says which set
    a tap makes in the declared sets."""
    tile = parse_tiles(face)[0]
    if field == "win_tile":
        return Picked(face) if not tile.is_bonus else Picked(text, "picker.not_bonus")
    if field == "flowers":
        have = _tiles(text)
        if not tile.is_bonus:
            return Picked(text, "picker.only_bonus")
        if have is None:
            return Picked(text, "picker.unreadable")
        if tile in have:
            return Picked(text, "picker.flower_twice")
        return Picked(format_tiles([*have, tile], sort=False))
    if tile.is_bonus:
        return Picked(text, "picker.not_bonus")
    if field == "melds":
        tiles = _set_tiles(set_kind, tile)
        if tiles is None:
            return Picked(text, "picker.no_chow")
        code = CODE_OF[_SET_SHAPE[set_kind]] + format_tiles(tiles)
        return Picked(f"{text.strip()} {code}".strip())
    have = _tiles(text)
    if have is None:
        return Picked(text, "picker.unreadable")
    if have.count(tile) >= COPIES:
        return Picked(text, "picker.no_more_copies")
    return Picked(format_tiles([*have, tile], sort=False))


def remove_last(field: str, text: str) -> Picked:
    """The last tile (in the declared sets, the last set) taken off ``field``."""
    if field == "win_tile":
        return Picked("")
    if field == "melds":
        return Picked(" ".join(text.replace(",", " ").split()[:-1]))
    have = _tiles(text)
    if have is None:
        return Picked(text, "picker.unreadable")
    return Picked(format_tiles(have[:-1], sort=False))


def tile_faces(text: str) -> list[str]:
    """The tiles written in ``text`` as faces (none while it is not read)."""
    return [t.notation for t in _tiles(text) or []]


def set_faces(text: str) -> list[list[str]]:
    """The declared sets written in ``text`` as rows of faces (``p555z`` → 5z 5z 5z), for
    the preview; what is not read yet is left out."""
    out = []
    for code in text.replace(",", " ").split():
        tiles = _tiles(code[1:]) if code[:1] in MELD_CODES else None
        if tiles:
            out.append([t.notation for t in tiles])
    return out


def faces(field: str) -> tuple[str, ...]:
    """The palette's tiles for ``field``: flowers and seasons only for the flowers."""
    return BONUS if field == "flowers" else PLAYABLE


__all__ = ["FIELDS", "SET_KINDS", "Picked", "faces", "remove_last", "set_faces", "tap",
           "tile_faces"]
