"""Defence: how dangerous a discard is, read from the table (exposed melds, discards,
copies seen), and the liability of Portaria 133/88/M art. 9.º.

No rule set here punishes the discarder of a winning tile with a bigger payment (all
losers pay in Macau, art. 6.º; Serralheiro §10 v-vi and Cayro settle every hand), so
danger is a tie-breaker that keeps opponents from finishing, except in Macau where
art. 9.º makes a discarder pay the other losers' shares: such a discard is never made
unless the seat must (every legal discard is one).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..melds import Meld
from ..rules.base import RuleSet

HONOUR_START = 27


@dataclass(frozen=True)
class Threat:
    """One opponent as the table shows it: how close to winning it looks (0-1), and
    the suit its melds are all in (0-2, or None) when it looks like a one-suit hand."""

    seat: int
    level: float
    one_suit: int | None
    honours_only: bool


def threats(view: Mapping[str, Any]) -> list[Threat]:
    """Every opponent's threat, from its declared melds and how far the hand has gone."""
    me = view["seat"]
    out = []
    turns = sum(len(p) for p in view["discards"]) / 4
    for seat in range(4):
        if seat == me:
            continue
        melds: list[Meld] = view["melds"][seat]
        level = (0.08, 0.2, 0.45, 0.75, 0.9, 0.95)[min(len(melds), 5)]
        level = min(1.0, level + 0.03 * turns)
        suits = {m.tile // 9 for m in melds if m.tile < HONOUR_START}
        one_suit = next(iter(suits)) if len(suits) == 1 and len(melds) >= 2 else None
        honours_only = len(melds) >= 2 and all(m.tile >= HONOUR_START for m in melds)
        out.append(Threat(seat, round(level, 3), one_suit, honours_only))
    return out


def tile_danger(tile: int, view: Mapping[str, Any], seen: Sequence[int],
                threat_list: Sequence[Threat]) -> float:
    """Chance-like danger (0-1) that discarding ``tile`` lets an opponent win: the
    largest over the opponents of their threat times how well ``tile`` fits them."""
    worst = 0.0
    for threat in threat_list:
        fit = _fit(tile, view, seen, threat)
        value = threat.level * fit
        if value > worst:
            worst = value
    return round(worst, 3)


def _fit(tile: int, view: Mapping[str, Any], seen: Sequence[int], threat: Threat) -> float:
    copies_seen = seen[tile]
    if tile >= HONOUR_START:
        fit = (0.55, 0.45, 0.25, 0.05, 0.0)[min(copies_seen, 4)]
    else:
        rank = tile % 9
        fit = 0.45 if rank in (0, 8) else (0.6 if rank in (1, 7) else 0.75)
        if copies_seen >= 3:
            fit *= 0.6
    if tile in view["discards"][threat.seat]:
        fit *= 0.5
    if threat.one_suit is not None:
        fit *= 2.0 if tile < HONOUR_START and tile // 9 == threat.one_suit else (
            1.0 if tile >= HONOUR_START else 0.3)
    if threat.honours_only:
        fit *= 2.0 if tile >= HONOUR_START else 0.5
    return min(1.0, fit)


# ---------------------------------------------------------------- liability

def liability_reason(rules: RuleSet[Any], tile: int, view: Mapping[str, Any], hand: Sequence[int],
                     threat_list: Sequence[Threat], general_from: float = 0.45) -> str | None:
    """The liability reason (Macau art. 9.º) the rule set foresees should ``tile`` win
    for an opponent (``RuleSet.discard_liability``), or None. The cases that hang on
    this seat's own hand count once an opponent's threat reaches ``general_from``."""
    opponents = [(t.seat, t.level >= general_from) for t in threat_list]
    return rules.discard_liability(tile, view, hand, opponents)


__all__ = ["Threat", "liability_reason", "threats", "tile_danger"]
