"""Tile notation: parse and print back (``123m55z``), with typed errors.

A group is one or more digits followed by a suit letter (m, p, s, z, f); groups may
be separated by spaces. Printing is canonical: tiles sorted, one suffix per run, so
``format_tiles(parse_tiles(text)) == text`` for canonical text and
``parse_tiles(format_tiles(tiles)) == sorted(tiles)`` always.
"""
from __future__ import annotations

import re
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


# One hand written the canonical way (as ``format_tiles`` prints it, and as most hands are
# typed): m, p, s, z each at most once and in that order. The command line's ``shanten``
# reads such a line without building tiles or a 42-slot array (issue 31).
_CANONICAL = re.compile(r"(?:([1-9]+)m)?(?:([1-9]+)p)?(?:([1-9]+)s)?(?:([1-7]+)z)?")
_EMPTY_SUIT, _EMPTY_HONOURS = (0,) * 9, (0,) * 7
_RANKS_CACHE_MAX = 8192
Ranks = tuple[int, ...]
_suit_ranks: dict[str, Ranks] = {}
_honour_ranks: dict[str, Ranks] = {}


def _ranks(cache: dict[str, Ranks], digits: str, size: int) -> Ranks:
    """The rank counts of ``digits`` (empty when a rank is written more than four times)."""
    if len(cache) >= _RANKS_CACHE_MAX:      # bounded: a long run meets new shapes
        cache.clear()
    counts = [0] * size
    for digit in digits:
        counts[ord(digit) - 49] += 1
    found = cache[digits] = tuple(counts) if max(counts) <= 4 else ()
    return found


def canonical_counts(text: str) -> tuple[Ranks, Ranks, Ranks, Ranks, int] | None:
    """A hand in canonical notation as the rank counts of its characters, circles,
    bamboo (nine each) and honours (seven), and its number of tiles; None for any other
    text, or a rank written more than four times (``parse_counts`` reads those, with its
    errors)."""
    found = _CANONICAL.fullmatch(text)
    if found is None:
        return None
    m, p, s, z = found.groups()
    size = 0
    suits = _suit_ranks
    out: list[Ranks] = []
    for digits in (m, p, s):
        if digits is None:
            out.append(_EMPTY_SUIT)
            continue
        ranks = suits.get(digits)
        if ranks is None:
            ranks = _ranks(suits, digits, 9)
        if not ranks:
            return None
        out.append(ranks)
        size += len(digits)
    honours: Ranks = _EMPTY_HONOURS
    if z is not None:
        honours = _honour_ranks.get(z) or _ranks(_honour_ranks, z, 7)
        if not honours:
            return None
        size += len(z)
    return out[0], out[1], out[2], honours, size


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
