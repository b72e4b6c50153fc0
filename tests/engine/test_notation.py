"""Tile notation: parse and print back, typed errors with the position of the fault."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from mahjong_engine import NotationError, Tile, format_tiles, parse_tile, parse_tiles
from mahjong_engine.tiles import Suit, Wind

all_tiles = st.sampled_from(list(Tile))


@given(st.lists(all_tiles, max_size=30))
def test_print_then_parse_gives_the_sorted_tiles(tiles):
    assert parse_tiles(format_tiles(tiles)) == sorted(tiles)


@given(st.lists(all_tiles, max_size=30))
def test_canonical_text_round_trips(tiles):
    text = format_tiles(tiles)
    assert format_tiles(parse_tiles(text)) == text


@pytest.mark.parametrize("text, expected", [
    ("123m55z", [Tile.M1, Tile.M2, Tile.M3, Tile.WHITE, Tile.WHITE]),
    ("1z2z3z4z", [Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH]),
    ("567z", [Tile.WHITE, Tile.GREEN, Tile.RED]),
    ("1f4f5f8f", [Tile.PLUM, Tile.BAMBOO_FLOWER, Tile.SPRING, Tile.WINTER]),
    ("9p 1s", [Tile.P9, Tile.S1]),
    ("", []),
])
def test_parse_known_notation(text, expected):
    assert parse_tiles(text) == expected


def test_names_follow_the_rules_reading():
    assert Tile.EAST.notation == "1z" and Tile.RED.notation == "7z"
    assert Tile.SPRING.is_season and Tile.PLUM.is_flower
    assert Tile.of(Suit.BAMBOO, 5) is Tile.S5
    assert Wind.SOUTH.tile is Tile.SOUTH and Wind.NORTH.next() is Wind.EAST
    assert Tile.M1.is_terminal and not Tile.M5.is_terminal and Tile.GREEN.is_dragon


@pytest.mark.parametrize("text, key, position", [
    ("123x", "notation.unexpected_character", 3),
    ("12", "notation.digits_without_suit", 2),
    ("m", "notation.suit_without_digits", 0),
    ("11m8z", "notation.rank_out_of_range", 3),
    ("0p", "notation.rank_out_of_range", 0),
    ("9f", "notation.rank_out_of_range", 0),
    ("12 3m", "notation.digits_without_suit", 2),
    ("\uff11m", "notation.unexpected_character", 0)   # a full-width one,
])
def test_errors_carry_key_and_position(text, key, position):
    with pytest.raises(NotationError) as caught:
        parse_tiles(text)
    assert caught.value.key == key
    assert caught.value.position == position


def test_parse_tile_wants_exactly_one():
    assert parse_tile("5p") is Tile.P5
    with pytest.raises(NotationError):
        parse_tile("55p")


def test_too_long_input_is_refused():
    with pytest.raises(NotationError) as caught:
        parse_tiles("1m" * 1000)
    assert caught.value.key == "notation.too_long"


def _outcome(read, text):
    try:
        return read(text)
    except NotationError as error:
        return ("error", error.key, error.params)


def _counts_by_tiles(text):
    counts = [0] * 42
    for tile in parse_tiles(text):
        counts[tile] += 1
    return counts


@given(st.text(alphabet="0123456789mpszfx \t", max_size=30))
def test_parse_counts_is_parse_tiles_counted(text):
    """The command line's fast reader gives the counts of parse_tiles, or the same error."""
    from mahjong_engine.notation import parse_counts

    assert _outcome(parse_counts, text) == _outcome(_counts_by_tiles, text)


@pytest.mark.parametrize("text", ["123m456p789s11z", "1f2f 5z", "m", "1", "12m p", "8z", "0m", ""])
def test_parse_counts_examples(text):
    from mahjong_engine.notation import parse_counts

    assert _outcome(parse_counts, text) == _outcome(_counts_by_tiles, text)
