"""Hand analysis: decompositions, waits and shanten on 34-slot count arrays.

Counts hold only the free (concealed) tiles; declared melds are outside and reduce
``sets`` (the number of sets the free tiles still have to make). Every function is
pure and works for any hand size (14-tile and 17-tile rule sets alike).
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from .tiles import COPIES, PLAYABLE_KINDS, TERMINALS_AND_HONOURS

SUIT_STARTS = (0, 9, 18)
HONOUR_START = 27

# A group found in the free tiles: (kind, lowest tile index); kinds as in melds.MeldKind.
CHOW, PUNG, PAIR = "chow", "pung", "pair"
Group = tuple[str, int]


# ---------------------------------------------------------------- decompositions

def _sets_only(counts: list[int], start: int, sets: int, acc: list[Group],
               out: list[tuple[Group, ...]]) -> None:
    i = start
    while i < PLAYABLE_KINDS and counts[i] == 0:
        i += 1
    if i == PLAYABLE_KINDS:
        if sets == 0:
            out.append(tuple(acc))
        return
    if sets == 0:
        return
    if counts[i] >= 3:
        counts[i] -= 3
        acc.append((PUNG, i))
        _sets_only(counts, i, sets - 1, acc, out)
        acc.pop()
        counts[i] += 3
    if i < HONOUR_START and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        acc.append((CHOW, i))
        _sets_only(counts, i, sets - 1, acc, out)
        acc.pop()
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1


def regular_decompositions(counts: Sequence[int], sets: int) -> list[tuple[tuple[Group, ...], int]]:
    """Every way to split ``counts`` into ``sets`` sets and one pair: ``[(sets, pair)]``."""
    if sum(counts) != 3 * sets + 2:
        return []
    work = list(counts)
    result: list[tuple[tuple[Group, ...], int]] = []
    for pair in range(PLAYABLE_KINDS):
        if work[pair] >= 2:
            work[pair] -= 2
            found: list[tuple[Group, ...]] = []
            _sets_only(work, 0, sets, [], found)
            result.extend((groups, pair) for groups in found)
            work[pair] += 2
    return result


def _splits_into_sets(counts: Sequence[int]) -> bool:
    """Do ``counts`` split into pungs and chows alone? At the lowest rank left, its tiles
    beyond a multiple of three must start chows (three chows equal three pungs)."""
    for start in (0, 9, 18):
        a, b = counts[start], counts[start + 1]
        for rank in range(9):
            n = a % 3
            c = counts[start + rank + 2] if rank < 7 else 0
            if n:
                if rank >= 7 or b < n or c < n:
                    return False
                b -= n
                c -= n
            a, b = b, c
    return all(n in (0, 3) for n in counts[HONOUR_START:PLAYABLE_KINDS])


def is_regular_complete(counts: Sequence[int], sets: int) -> bool:
    """Is ``counts`` ``sets`` sets and one pair? One pass per pair, no enumeration (the
    strong player asks this for every wait it weighs, ``ai/lookahead.py``)."""
    if sum(counts) != 3 * sets + 2:
        return False
    work = list(counts)
    for tile in range(PLAYABLE_KINDS):
        if work[tile] >= 2:
            work[tile] -= 2
            done = _splits_into_sets(work)
            work[tile] += 2
            if done:
                return True
    return False


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    return (sum(counts) == 14 and all(counts[t] >= 1 for t in TERMINALS_AND_HONOURS)
            and sum(counts[t] for t in TERMINALS_AND_HONOURS) == 14)


def pair_tiles(counts: Sequence[int]) -> list[int]:
    """The pairs a pairs-hand reads: four equal tiles give two pairs."""
    return [i for i, n in enumerate(counts) for _ in range(n // 2)]


# ---------------------------------------------------------------- waits

def waits(counts: Sequence[int], complete: Callable[[list[int]], bool],
          seen: Sequence[int] | None = None) -> list[int]:
    """Tiles that complete the hand: ``complete(counts + tile)`` and a copy is left.

    ``seen`` (optional, 34 slots) counts copies held elsewhere by the same player
    (declared melds), so a tile all four of which the player holds is no wait.
    """
    work = list(counts)
    out = []
    for tile in range(PLAYABLE_KINDS):
        held = work[tile] + (seen[tile] if seen else 0)
        if held >= COPIES:
            continue
        work[tile] += 1
        if complete(work):
            out.append(tile)
        work[tile] -= 1
    return out


# ---------------------------------------------------------------- shanten
# Regular form, after the classic block count: shanten = 2*sets - 2*melds - partials
# - (1 if a pair), with melds + partials limited to ``sets``. Each suit is analysed
# once into the best (melds, partials, pairs, isolated-state) outcomes and cached;
# a hand combines one outcome per suit. Tiles held four times are handled so that
# a hand is never called ready on a fifth copy.

_ISO_NONE, _ISO_QUADS_ONLY, _ISO_OTHER = 0, 1, 2
_suit_cache: dict[tuple[int, ...], tuple[tuple[int, int, int, int], ...]] = {}
# The shape caches are bounded: a long run (``simulate`` of thousands of games, a long
# visit) keeps meeting new suit shapes (about 5,000 in 200 games, 13,500 in 2,000), so a
# full cache drops its older half (``trim``) and keeps the shapes met lately.
SHAPE_CACHE_MAX = 8192


def trim(cache: dict[Any, Any], limit: int | None = None) -> None:
    """Make room in a full cache (``limit``, by default ``SHAPE_CACHE_MAX``): its older
    half goes (a dict keeps insertion order)."""
    if len(cache) >= (SHAPE_CACHE_MAX if limit is None else limit):
        for key in list(itertools.islice(cache, len(cache) // 2)):
            del cache[key]


# Suffix keys encode each rank as count + 5 * flags: flag 1, the rank was held four
# times (its leftover tile can never pair); flag 2, a pair was already taken there (a
# second pair of the same tile would need a fifth copy to grow).
_HELD_FOUR, _PAIR_TAKEN = 1, 2
_suffix_memo: dict[tuple[int, ...], tuple[tuple[int, int, int, int], ...]] = {}


# Outcomes are few (melds, partials, pairs, isolated state): the caches share one tuple
# of each instead of holding a copy per shape.
_OUTCOMES: dict[tuple[int, int, int, int], tuple[int, int, int, int]] = {}


def _prune(found: set[tuple[int, int, int, int]]) -> tuple[tuple[int, int, int, int], ...]:
    """Drop outcomes no better than another in melds, partials and pairs."""
    best = []
    for outcome in found:
        m, t, p, iso = outcome
        if not any(o != outcome and o[0] >= m and o[1] >= t and o[2] >= p
                   and (o[3] != _ISO_QUADS_ONLY or iso == _ISO_QUADS_ONLY) for o in found):
            best.append(_OUTCOMES.setdefault(outcome, outcome))
    return tuple(best)


def _suffix(key: tuple[int, ...]) -> tuple[tuple[int, int, int, int], ...]:
    """Best outcomes of a suit's ranks from the first non-empty one on (memoised)."""
    cached = _suffix_memo.get(key)
    if cached is not None:
        return cached
    counts = [v % 5 for v in key]
    flags = [v // 5 for v in key]
    if not any(counts):
        return ((0, 0, 0, _ISO_NONE),)
    i = next(k for k, n in enumerate(counts) if n)
    size = len(counts)
    found: set[tuple[int, int, int, int]] = set()

    def branch(removed: tuple[int, ...], dm: int, dt: int, dp: int, diso: int,
               mark: int = 0) -> None:
        rest = list(key)
        for r in removed:
            rest[r] -= 1
        if mark and not flags[i] & mark:
            rest[i] += 5 * mark
        j = i
        while j < size and rest[j] % 5 == 0:
            j += 1
        end = size
        while end > j and rest[end - 1] % 5 == 0:
            end -= 1
        for m, t, p, iso in _suffix(tuple(rest[j:end])):
            found.add((m + dm, t + dt, p + dp, max(iso, diso)))

    n = counts[i]
    if n >= 3:
        branch((i, i, i), 1, 0, 0, _ISO_NONE)
    if n >= 2 and not flags[i] & _PAIR_TAKEN:
        branch((i, i), 0, 0, 1, _ISO_NONE, _PAIR_TAKEN)
    if i + 2 < size and counts[i + 1] and counts[i + 2]:
        branch((i, i + 1, i + 2), 1, 0, 0, _ISO_NONE)
    if i + 1 < size and counts[i + 1]:
        branch((i, i + 1), 0, 1, 0, _ISO_NONE)
    if i + 2 < size and counts[i + 2]:
        branch((i, i + 2), 0, 1, 0, _ISO_NONE)
    branch((i,), 0, 0, 0, _ISO_QUADS_ONLY if flags[i] & _HELD_FOUR else _ISO_OTHER)
    result = _prune(found)
    trim(_suffix_memo)
    _suffix_memo[key] = result
    return result


def _suit_outcomes(key: tuple[int, ...]) -> tuple[tuple[int, int, int, int], ...]:
    marked = [n + 5 * _HELD_FOUR if n == 4 else n for n in key]
    while marked[-1] == 0:
        marked.pop()
    j = 0
    while marked[j] == 0:
        j += 1
    return _suffix(tuple(marked[j:]))


def _suit(key: tuple[int, ...]) -> tuple[tuple[int, int, int, int], ...]:
    outcomes = _suit_cache.get(key)
    if outcomes is None:
        # A suit read from 9 down to 1 has the same sets and partials.
        outcomes = _suit_cache.get(key[::-1])
        if outcomes is None:
            outcomes = _suit_outcomes(key) if any(key) else ((0, 0, 0, _ISO_NONE),)
        trim(_suit_cache)
        _suit_cache[key] = outcomes
    return outcomes


_honour_cache: dict[tuple[int, ...], tuple[int, int, int, int]] = {}


def _honour_summary(honours: tuple[int, ...]) -> tuple[int, int, int, int]:
    """Honours make no runs: (melds, pairs, tiles held four times, isolated state).
    A fourth honour can join nothing, so it is isolated for good."""
    melds = sum(1 for n in honours if n >= 3)
    pairs = sum(1 for n in honours if n == 2)
    quads = sum(1 for n in honours if n == 4)
    if any(n == 1 for n in honours):
        return melds, pairs, quads, _ISO_OTHER
    return melds, pairs, quads, _ISO_QUADS_ONLY if quads else _ISO_NONE


def shanten_regular(counts: Sequence[int], sets: int) -> int:
    """Tiles away from ready for ``sets`` sets and a pair; -1 when complete."""
    return shanten_of_suits(tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]),
                            tuple(counts[HONOUR_START:PLAYABLE_KINDS]), sets, sum(counts))


def shanten_of_suits(k0: tuple[int, ...], k1: tuple[int, ...], k2: tuple[int, ...],
                     honours: tuple[int, ...], sets: int, size: int) -> int:
    """``shanten_regular`` of a hand given as its three suits' rank counts (nine each),
    its honours' (seven) and its ``size`` (the command line reads these from notation)."""
    summary = _honour_cache.get(honours)
    if summary is None:
        trim(_honour_cache)
        summary = _honour_cache[honours] = _honour_summary(honours)
    melds, pairs, quads, iso = summary
    if quads and size % 3 == 2:
        quads -= 1
    cache = _suit_cache
    a = cache.get(k0) or _suit(k0)
    b = cache.get(k1) or _suit(k1)
    c = cache.get(k2) or _suit(k2)
    best = 2 * sets + 1
    limit = 2 * sets
    for m1, t1, p1, i1 in a:
        for m2, t2, p2, i2 in b:
            m12, t12, p12 = melds + m1 + m2, t1 + t2, pairs + p1 + p2
            i12 = iso if iso >= i1 and iso >= i2 else (i1 if i1 >= i2 else i2)
            for m3, t3, p3, i3 in c:
                m = m12 + m3
                t = t12 + t3
                p = p12 + p3
                s = limit - 2 * m - t - p
                blocks = m + t + p - 1 if p else m + t
                if blocks > sets:
                    s += blocks - sets
                elif not p and (i12 if i12 >= i3 else i3) == _ISO_QUADS_ONLY:
                    s += 1
                if s < best:
                    best = s
    if best != -1 and best < quads:
        best = quads
    return best


def _pairs_distance(have: int, singles: int, pairs: int) -> int:
    """Tiles to add to reach ``pairs`` pairs from ``have`` pairs and ``singles`` single
    tiles that can still be paired: a single needs one tile, a pair from nothing two."""
    missing = pairs - have
    if missing <= 0:
        return 0
    return missing + (missing - singles if missing > singles else 0)


# Taking a pung out of a tile held n times: (tiles still missing, change in pairs, change
# in pairable singles). From four, the tile left over cannot pair (no fifth copy).
_PUNG_EFFECT = {1: (2, 0, -1), 2: (1, -1, 0), 3: (0, -1, -1), 4: (0, -2, 0)}
_RUNS = tuple((s + r, s + r + 1, s + r + 2) for s in SUIT_STARTS for r in range(7))


def shanten_seven_pairs(counts: Sequence[int], pairs: int = 7, sets: int = 0) -> int:
    """Tiles away from ready for ``pairs`` pairs plus ``sets`` (0 or 1) sets; Filipino
    siyete pares is ``pairs=7, sets=1``. -1 when complete. Four equal tiles may stand
    for two pairs. Works on a summary of the hand: its pairs and singles, and what each
    shape of set taken out of it would change."""
    have = singles = 0
    for n in counts:
        have += n >> 1
        singles += n & 1
    if sets == 0:
        return _pairs_distance(have, singles, pairs) - 1
    options = {(3, 0, 0)}  # a set made entirely of new tiles
    for n in set(counts):
        if n:
            options.add(_PUNG_EFFECT[n])
    for run in _RUNS:
        took = odd = two = 0
        for i in run:
            n = counts[i]
            if n:
                took += 1
                if n & 1:
                    odd += 1        # 1 -> 0 or 3 -> 2: one single fewer
                elif n == 2:
                    two += 1        # 2 -> 1: a pair becomes a single
                # 4 -> 3: a pair becomes a single whose fourth copy is in the run
        if took:
            options.add((3 - took, odd - took, two - odd))
    best = min(cost + _pairs_distance(have + dh, singles + ds, pairs)
               for cost, dh, ds in options)
    return best - 1


def shanten_thirteen_orphans(counts: Sequence[int]) -> int:
    kinds = sum(1 for t in TERMINALS_AND_HONOURS if counts[t])
    pair = any(counts[t] >= 2 for t in TERMINALS_AND_HONOURS)
    return 13 - kinds - (1 if pair else 0)
