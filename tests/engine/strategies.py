"""Hypothesis strategies for hands: random ones and ones built near a complete shape."""
from __future__ import annotations

from hypothesis import strategies as st

from mahjong_engine.tiles import PLAYABLE_KINDS

WALL = [t for t in range(PLAYABLE_KINDS) for _ in range(4)]


def counts(tiles) -> list[int]:
    out = [0] * PLAYABLE_KINDS
    for t in tiles:
        out[t] += 1
    return out


@st.composite
def random_hand(draw, size: int) -> list[int]:
    rng = draw(st.randoms(use_true_random=False))
    return counts(rng.sample(WALL, size))


@st.composite
def near_complete_hand(draw, sets: int, remove: int = 1, swaps: int = 0) -> list[int]:
    """A complete hand of ``sets`` sets and a pair, less ``remove`` tiles, with
    ``swaps`` tiles replaced at random: the hands where analysis is hardest."""
    hand = [0] * PLAYABLE_KINDS
    pair = draw(st.integers(0, PLAYABLE_KINDS - 1))
    hand[pair] += 2
    for _ in range(sets):
        tile = draw(st.integers(0, PLAYABLE_KINDS - 1))
        chow = tile < 27 and tile % 9 <= 6 and draw(st.booleans())
        # Walk on from the drawn tile to the first set that still fits.
        for step in range(2 * PLAYABLE_KINDS):
            t = (tile + step // 2) % PLAYABLE_KINDS
            run = chow != (step % 2 == 1) and t < 27 and t % 9 <= 6
            span = (t, t + 1, t + 2) if run else (t, t, t)
            if all(hand[i] + span.count(i) <= 4 for i in span):
                for i in span:
                    hand[i] += 1
                break
    tiles = [t for t in range(PLAYABLE_KINDS) for _ in range(hand[t])]
    rng = draw(st.randoms(use_true_random=False))
    rng.shuffle(tiles)
    tiles = tiles[remove:] if remove else tiles
    for k in range(min(swaps, len(tiles))):
        options = [t for t in range(PLAYABLE_KINDS) if tiles.count(t) < 4]
        tiles[k] = rng.choice(options)
    return counts(tiles)
