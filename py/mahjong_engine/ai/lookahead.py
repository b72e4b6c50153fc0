"""How likely each waiting tile is to come, for the strong player's look ahead
(``expect.py``).

Measured in self-play (tests/bench/ai.py, issue 17): most hands end on a discard, and
the seats race to be ready first. A wait is weighed by how readily the other seats let
it go: an honour already seen is seldom kept by them and is the first tile they shed;
terminals next; middle tiles are kept for their runs.
"""
from __future__ import annotations

from collections.abc import Sequence

from .efficiency import HONOUR_START

# How readily the other seats part with a suited tile, by rank 1-9.
_RANK_WEIGHT = (1.25, 1.05, 0.95, 0.9, 0.9, 0.9, 0.95, 1.05, 1.25)


def wait_weight(tile: int, seen: Sequence[int]) -> float:
    """How readily ``tile`` comes to a ready hand, against 0.9 for a middle tile: an
    honour some copy of which is on the table most, then terminals, unseen honours
    (another seat may hold their pair), twos and eights."""
    if tile >= HONOUR_START:
        return 1.5 if seen[tile] else 1.2
    return _RANK_WEIGHT[tile % 9]


__all__ = ["wait_weight"]
