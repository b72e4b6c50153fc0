"""Looking one draw ahead: how good the ready hands a one-shanten discard leads to are,
and how likely each waiting tile is to come.

Measured in self-play (tests/bench/ai.py, issue 17): most hands end on a discard, and
the seats race to be ready first. Among the discards of equal shanten the strong player
keeps the one whose useful draws lead to the widest waits («two-step» tile efficiency),
and weighs a wait by how readily the other seats let it go: an honour already seen
is seldom kept by them and is the first tile they shed; terminals next; middle tiles
are kept for their runs.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..analysis import is_regular_complete
from ..tiles import COPIES, PLAYABLE_KINDS
from .efficiency import HONOUR_START, Shanten, near_tiles

# How readily the other seats part with a suited tile, by rank 1-9.
_RANK_WEIGHT = (1.25, 1.05, 0.95, 0.9, 0.9, 0.9, 0.95, 1.05, 1.25)


def wait_weight(tile: int, seen: Sequence[int]) -> float:
    """How readily ``tile`` comes to a ready hand, against 0.9 for a middle tile: an
    honour some copy of which is on the table most, then terminals, unseen honours
    (another seat may hold their pair), twos and eights."""
    if tile >= HONOUR_START:
        return 1.5 if seen[tile] else 1.2
    return _RANK_WEIGHT[tile % 9]


def ready_waits(sh: Shanten, counts: list[int], live: Sequence[int], seen: Sequence[int],
                memo: dict[bytes, float]) -> float:
    """The weighted live waits of ``counts`` (3k+1 tiles), or -1 when it is not ready.
    ``counts`` is restored; ``memo`` is shared by a whole decision."""
    key = bytes(counts)
    got = memo.get(key)
    if got is None:
        if sh(counts) != 0:
            got = -1.0
        else:
            got = 0.0
            only_regular = len(sh.forms) == 1 and sh.forms[0].key == "regular"
            for tile in near_tiles(counts, sh.orphans):
                if counts[tile] < COPIES and live[tile]:
                    counts[tile] += 1
                    if (is_regular_complete(counts, sh.sets - sh.declared) if only_regular
                            else sh(counts) < 0):
                        got += live[tile] * wait_weight(tile, seen)
                    counts[tile] -= 1
        memo[key] = got
    return got


def best_ready(sh: Shanten, counts: list[int], live: Sequence[int], seen: Sequence[int],
               memo: dict[bytes, float]) -> float:
    """The widest weighted waits among the ready hands a discard from ``counts`` (3k+2
    tiles) leaves; 0 when no discard leaves it ready. ``counts`` is restored."""
    key = bytes(counts)
    got = memo.get(key)
    if got is not None:
        return got
    best = 0.0
    for tile in range(PLAYABLE_KINDS):
        if counts[tile]:
            counts[tile] -= 1
            waits = ready_waits(sh, counts, live, seen, memo)
            counts[tile] += 1
            if waits > best:
                best = waits
    memo[key] = best
    return best


def two_step(sh: Shanten, counts: list[int], discard: int, useful: Sequence[int],
             live: Sequence[int], seen: Sequence[int], memo: dict[bytes, float]) -> float:
    """For a discard that leaves the hand one tile from ready: the sum over its useful
    draws of live copies times the best weighted waits that draw allows. ``counts`` (3k+2
    tiles, before the discard) is restored."""
    counts[discard] -= 1
    total = 0.0
    for tile in useful:
        if live[tile]:
            counts[tile] += 1
            total += live[tile] * best_ready(sh, counts, live, seen, memo)
            counts[tile] -= 1
    counts[discard] += 1
    return total


__all__ = ["best_ready", "ready_waits", "two_step", "wait_weight"]
