"""One seat's reading of a turn: every candidate discard with its shanten, live useful
tiles, the value it keeps open, its danger and (Macau) the art. 9.º liability it would
carry. The strong player chooses from it; the hints show it."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..rules.base import RuleSet
from . import defence, value
from .efficiency import (Shanten, discard_options, hand_counts, live_counts, view_hand,
                         view_melds, view_winds, visible_counts)


@dataclass
class Candidate:
    tile: int
    shanten: int
    useful: tuple[int, ...]
    live: int
    value: float = 1.0
    patterns: tuple[str, ...] = ()
    danger: float = 0.0
    liability: str | None = None
    waits: dict[int, float] = field(default_factory=dict)   # ready: tile -> scored value


@dataclass
class TurnReading:
    shanten: int                  # of the hand before discarding (3k+2 tiles)
    candidates: list[Candidate]   # best first
    counts: list[int]
    live: list[int]
    declared: int


def read_turn(view: Mapping[str, Any], rules: RuleSet[Any], full: bool = False, use_value: bool = True,
              use_defence: bool = True) -> TurnReading:
    """Read the seat's turn. ``full`` analyses every discard (hints); otherwise only
    the discards of lowest shanten get useful tiles, value and danger (decisions)."""
    counts = hand_counts(view_hand(view))
    melds = view_melds(view)
    declared = len(melds)
    live = live_counts(view, counts)
    sh = Shanten(rules, declared)
    now = sh.relevant(counts, 1 if full else 0)
    options = discard_options(sh, counts, live, only_best=not full)
    low = options[0].shanten
    seat_wind, round_wind = view_winds(view)
    seen = visible_counts(view)
    threat_list = defence.threats(view) if use_defence else []
    out = []
    for option in options:
        cand = Candidate(option.tile, option.shanten, option.useful, option.live)
        if full or option.shanten == low:
            counts[option.tile] -= 1
            if use_value:
                est = value.estimate(rules.value_hints, counts, melds, seat_wind, round_wind, live,
                                     rules.sets)
                cand.value, cand.patterns = est.value, est.patterns
                if option.shanten == 0 and option.useful:
                    cand.waits = value.ready_value(rules, counts, melds, option.useful,
                                                   seat_wind, round_wind)
            counts[option.tile] += 1
            if use_defence:
                cand.danger = defence.tile_danger(option.tile, view, seen, threat_list, counts)
                cand.liability = defence.liability_reason(rules, option.tile, view, counts,
                                                          threat_list)
        out.append(cand)
    return TurnReading(now, out, counts, live, declared)


__all__ = ["Candidate", "TurnReading", "read_turn"]
