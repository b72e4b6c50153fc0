"""Hand analysis invariants: decompositions, waits and shanten (Hypothesis properties),
checked against an independent brute force and the `mahjong` library."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from mahjong_engine import analysis
from mahjong_engine.tiles import PLAYABLE_KINDS

from .strategies import near_complete_hand, random_hand


def naive_complete(counts: list[int], sets: int) -> bool:
    """Independent check: try every pair, then peel sets from the lowest tile."""
    if sum(counts) != 3 * sets + 2:
        return False

    def peel(c: list[int]) -> bool:
        i = next((k for k in range(PLAYABLE_KINDS) if c[k]), None)
        if i is None:
            return True
        if c[i] >= 3:
            c[i] -= 3
            ok = peel(c)
            c[i] += 3
            if ok:
                return True
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            ok = peel(c)
            for k in (i, i + 1, i + 2):
                c[k] += 1
            return ok
        return False

    c = list(counts)
    for p in range(PLAYABLE_KINDS):
        if c[p] >= 2:
            c[p] -= 2
            if peel(c):
                return True
            c[p] += 2
    return False


def reassemble(groups, pair) -> list[int]:
    out = [0] * PLAYABLE_KINDS
    out[pair] += 2
    for kind, tile in groups:
        for k in ((tile, tile + 1, tile + 2) if kind == analysis.CHOW else (tile,) * 3):
            out[k] += 1
    return out


hands14 = st.one_of(random_hand(14), near_complete_hand(4, remove=0, swaps=1),
                    near_complete_hand(4, remove=0))
hands13 = st.one_of(random_hand(13), near_complete_hand(4, remove=1),
                    near_complete_hand(4, remove=1, swaps=1))
hands17 = st.one_of(random_hand(17), near_complete_hand(5, remove=0), near_complete_hand(5, 0, 1))
hands16 = st.one_of(random_hand(16), near_complete_hand(5, remove=1))


@given(near_complete_hand(4, remove=1), near_complete_hand(5, remove=0, swaps=2))
def test_near_complete_hands_have_their_size(thirteen, seventeen):
    assert sum(thirteen) == 13 and sum(seventeen) == 17


@given(st.one_of(hands14, hands17))
def test_every_decomposition_reassembles_into_the_hand(counts):
    sets = sum(counts) // 3
    decompositions = analysis.regular_decompositions(counts, sets)
    for groups, pair in decompositions:
        assert len(groups) == sets
        assert reassemble(groups, pair) == counts
    assert len(set(decompositions)) == len(decompositions)
    assert bool(decompositions) == naive_complete(counts, sets)


@given(st.one_of(hands14, hands17))
def test_shanten_minus_one_iff_complete(counts):
    sets = sum(counts) // 3
    assert (analysis.shanten_regular(counts, sets) == -1) == naive_complete(counts, sets)


@settings(max_examples=150)
@given(st.one_of(hands13, hands16))
def test_shanten_zero_iff_waits(counts):
    sets = sum(counts) // 3
    waits = analysis.waits(counts, lambda c: naive_complete(c, sets))
    assert (analysis.shanten_regular(counts, sets) == 0) == bool(waits)


@settings(max_examples=150)
@given(st.one_of(hands13, hands16))
def test_waits_equal_brute_force(counts):
    sets = sum(counts) // 3
    found = analysis.waits(counts, lambda c: analysis.is_regular_complete(c, sets))
    brute = []
    for tile in range(PLAYABLE_KINDS):
        if counts[tile] < 4:
            probe = list(counts)
            probe[tile] += 1
            if naive_complete(probe, sets):
                brute.append(tile)
    assert found == brute


@given(hands13)
def test_shanten_drops_by_at_most_one_per_tile(counts):
    base = analysis.shanten_regular(counts, 4)
    for tile in range(PLAYABLE_KINDS):
        if counts[tile] < 4:
            probe = list(counts)
            probe[tile] += 1
            assert analysis.shanten_regular(probe, 4) >= base - 1


@settings(max_examples=300)
@given(st.one_of(hands13, hands14))
def test_regular_shanten_agrees_with_the_mahjong_library(counts):
    shanten = pytest.importorskip("mahjong.shanten")
    assert analysis.shanten_regular(counts, 4) == \
        shanten.Shanten.calculate_shanten_for_regular_hand(counts)


def test_known_shanten_values():
    from mahjong_engine.notation import parse_tiles
    from mahjong_engine.tiles import counts_of

    def s(text: str) -> int:
        tiles = parse_tiles(text)
        return analysis.shanten_regular(counts_of(tiles), len(tiles) // 3)

    assert s("123m456p789s11z222z") == -1
    assert s("123m456p789s11z22z") == 0
    assert s("1111m234p567p789s") == 1      # waiting on a fifth 1m is not ready
    assert s("19m19p19s1234567z") == 8
    assert s("123456789m123555p11z") == -1   # 17 tiles: five sets and a pair


def test_seven_pairs_and_orphans_shanten():
    from mahjong_engine.notation import parse_tiles
    from mahjong_engine.tiles import counts_of
    c = counts_of(parse_tiles("1122334455667m"))
    assert analysis.shanten_seven_pairs(c) == 0
    assert analysis.shanten_seven_pairs(counts_of(parse_tiles("11223344556677m"))) == -1
    assert analysis.shanten_seven_pairs(counts_of(parse_tiles("11112233445566m"))) == -1
    seventeen = counts_of(parse_tiles("11223344556677m123p"))
    assert analysis.shanten_seven_pairs(seventeen, 7, 1) == -1
    # 678p would need a fifth 7p: one away, not ready (siyete pares)
    assert analysis.shanten_seven_pairs(counts_of(parse_tiles("11677778p7788s3344z")), 7, 1) == 1
    assert analysis.shanten_thirteen_orphans(counts_of(parse_tiles("19m19p19s1234567z"))) == 0
    assert analysis.shanten_thirteen_orphans(counts_of(parse_tiles("19m19p19s12345677z"))) == -1
