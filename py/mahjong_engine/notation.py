"""Tile notation: parse and print back (``123m55z``), with typed errors.

A group is one or more digits followed by a suit letter (m, p, s, z, f); groups may
be separated by spaces. Printing is canonical: tiles sorted, one suffix per run, so
``format_tiles(parse_tiles(text)) == text`` for canonical text and
``parse_tiles(format_tiles(tiles)) == sorted(tiles)`` always.
"""
from __future__ import annotations

from collections.abc import Iterable

from .errors import NotationError
from .tiles import Suit, Tile

_SUITS = {s.value: s for s in Suit}
_MAX_RANK = {Suit.CHARACTERS: 9, Suit.CIRCLES: 9, Suit.BAMBOO: 9, Suit.HONOURS: 7, Suit.BONUS: 8}
MAX_NOTATION_LENGTH = 400


def parse_tiles(text: str) -> list[Tile]:
    """Read notation into tiles, in the order written."""
    if not isinstance(text, str):
        raise NotationError("notation.not_text", 0)
    if len(text) > MAX_NOTATION_LENGTH:
        raise NotationError("notation.too_long", MAX_NOTATION_LENGTH, text[:20])
    tiles: list[Tile] = []
    pending: list[tuple[int, int]] = []  # (rank, position)
    for position, char in enumerate(text):
        if char.isdigit() and char.isascii():
            pending.append((int(char), position))
        elif char in _SUITS:
            if not pending:
                raise NotationError("notation.suit_without_digits", position, text)
            suit = _SUITS[char]
            for rank, rank_position in pending:
                if not 1 <= rank <= _MAX_RANK[suit]:
                    raise NotationError("notation.rank_out_of_range", rank_position, text,
                                        rank=rank, suit=char)
                tiles.append(Tile.of(suit, rank))
            pending = []
        elif char.isspace():
            if pending:
                raise NotationError("notation.digits_without_suit", position, text)
        else:
            raise NotationError("notation.unexpected_character", position, text, char=char)
    if pending:
        raise NotationError("notation.digits_without_suit", len(text), text)
    return tiles


ALL_KINDS = 42
# For each suit letter, its digits' indexes in a count array (``Tile`` values).
_COUNT_INDEX = {
    suit.value: {str(rank): Tile.of(suit, rank).value for rank in range(1, _MAX_RANK[suit] + 1)}
    for suit in Suit
}


def parse_counts(text: str) -> list[int]:
    """Read notation straight into a count array of the 42 faces (``Tile`` values index it),
    without building tiles: the fast path of the command line. Read right to left, each digit
    takes the suit letter after it; anything unusual (spaces, errors) goes through
    ``parse_tiles``, so the errors are the same."""
    if not isinstance(text, str) or len(text) > MAX_NOTATION_LENGTH:
        return _counts_slow(text)
    counts = [0] * ALL_KINDS
    index: dict[str, int] = {}  # digits before any suit letter: KeyError, the slow path
    suit_without_digits = False
    try:
        for char in reversed(text):
            if char in _COUNT_INDEX:
                if suit_without_digits:
                    return _counts_slow(text)
                index, suit_without_digits = _COUNT_INDEX[char], True
            else:
                counts[index[char]] += 1
                suit_without_digits = False
    except KeyError:
        return _counts_slow(text)
    if suit_without_digits:
        return _counts_slow(text)
    return counts


def _counts_slow(text: str) -> list[int]:
    counts = [0] * ALL_KINDS
    for tile in parse_tiles(text):
        counts[tile] += 1
    return counts


def format_tiles(tiles: Iterable[Tile], sort: bool = True) -> str:
    """Print tiles as notation; runs of one suit share a suffix."""
    ordered = sorted(tiles) if sort else list(tiles)
    out: list[str] = []
    current: Suit | None = None
    for tile in ordered:
        tile = Tile(tile)
        if current is not None and tile.suit is not current:
            out.append(current.value)
        out.append(str(tile.rank))
        current = tile.suit
    if current is not None:
        out.append(current.value)
    return "".join(out)


def parse_tile(text: str) -> Tile:
    """Read exactly one tile (``5z``)."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise NotationError("notation.not_one_tile", 0, text)
    return tiles[0]
