"""Defence: the chance a discard lets an opponent win, read from the table, and the
liability of Portaria 133/88/M art. 9.º.

``tile_danger`` is a probability, what the hints show a player ("about 2.5 % chance
this tile lets an opponent win"): for each opponent, the chance it is ready (the sets
its concealed tiles must still make, how far the hand has gone, how many tiles it let
go) times the chance the tile is one of its waits should it be (the copies in sight,
the kind of tile, the opponent's discards of it and beside it, its melds' suits); two
logistic models fitted on self-play of normal players (``tests/bench/danger.py``).
On held-out hands (300 a rule set, seeds 60000+) it tells the tiles that were an
opponent's wait from those that were not with an AUC of 0.85-0.88 (the reading it
replaced: 0.81-0.84); in Macau its riskiest percent of tiles said 31 % where 29 % were
waits, its lower half 0.37 % where 0.16 % were (the old reading: 81 % where 16 %, 9.9 %
where 0.33 %).

No rule set here punishes the discarder of a winning tile with a bigger payment (all
losers pay in Macau, art. 6.º; Serralheiro §10 v-vi and Cayro settle every hand), so
danger is a tie-breaker that keeps opponents from finishing, except in Macau where
art. 9.º makes a discarder pay the other losers' shares: such a discard is never made
unless the seat must (every legal discard is one).
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..melds import Meld
from ..tiles import Tile
from ..rules.base import RuleSet

HONOUR_START = int(Tile.EAST)
DRAGON_START = int(Tile.WHITE)

# The two models of ``wait_chance``, fitted by ``tests/bench/danger.py --fit`` (300 hands
# of four normal players a rule set, seeds 50000+): is the opponent ready; given it is,
# is the tile one of its waits; then their product recalibrated on every opponent and tile
# (logistic on its log-odds: the two models alone said 1 % where 0.2 % were waits).
READY_WEIGHTS: dict[str, float] = {"bias": -3.1, "own_discards": 0.862, "to_make_0": 0.057,
    "to_make_1": 1.246, "to_make_2": 1.293, "to_make_3": 0.422, "to_make_4": -0.561,
    "turns": 1.325, "turns_sq": 0.726}
WAIT_WEIGHTS: dict[str, float] = {"bias": -1.522, "discarded": -0.709,
    "discarded_late": -0.592, "dragon": -0.288, "honour": -0.815, "honour_discards": -0.57,
    "meld_suit": -0.085, "near_discards": -0.219, "one_meld_suit": -0.152, "rank_1": -0.632,
    "rank_2": -0.254, "rank_3": 0.15, "rank_4": 0.049, "rank_5": -0.019, "seen_1": -0.179,
    "seen_2": -0.541, "seen_3": -0.802, "suit_discards": -0.337, "suji": -0.347}
CALIBRATION: dict[str, float] = {"intercept": 1.987, "slope": 1.56}


@dataclass(frozen=True)
class Threat:
    """One opponent as the table shows it: how close to winning it looks (0-1), from its
    declared melds and how far the hand has gone (what art. 9.º liability reads), and the
    chance it is ready (``READY_WEIGHTS``, before ``CALIBRATION``)."""

    seat: int
    level: float
    ready: float


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
        out.append(Threat(seat, round(min(1.0, level + 0.03 * turns), 3),
                          _logistic(READY_WEIGHTS, ready_features(view, seat))))
    return out


def tile_danger(tile: int, view: Mapping[str, Any], seen: Sequence[int],
                threat_list: Sequence[Threat], mine: Sequence[int]) -> float:
    """The chance (0-1) that discarding ``tile`` now lets one of the opponents in
    ``threat_list`` win on it: one less the chance that it is none of their waits
    (``mine``: this seat's concealed counts)."""
    clear = 1.0
    for threat in threat_list:
        clear *= 1.0 - wait_chance(tile, view, threat, seen, mine)
    return round(1.0 - clear, 4)


def wait_chance(tile: int, view: Mapping[str, Any], threat: Threat, seen: Sequence[int],
                mine: Sequence[int]) -> float:
    """The chance that the opponent of ``threat`` is ready and waits on ``tile``: its
    chance to be ready times the chance ``tile`` is one of its waits should it be
    (``WAIT_WEIGHTS``), recalibrated (``CALIBRATION``)."""
    return _logistic(CALIBRATION, calibration_features(raw_wait_chance(tile, view, threat, seen, mine)))


def raw_wait_chance(tile: int, view: Mapping[str, Any], threat: Threat, seen: Sequence[int],
                    mine: Sequence[int]) -> float:
    """``wait_chance`` before ``CALIBRATION`` (what the recalibration is fitted on)."""
    return threat.ready * _logistic(WAIT_WEIGHTS, wait_features(tile, view, threat.seat, seen, mine))


def calibration_features(raw: float) -> dict[str, float]:
    """The product of the two models, on the logistic scale, for ``CALIBRATION``."""
    raw = min(max(raw, 1e-9), 1.0 - 1e-9)
    return {"intercept": 1.0, "slope": math.log(raw / (1.0 - raw))}


def ready_features(view: Mapping[str, Any], seat: int) -> dict[str, float]:
    """What the table shows of how near ``seat`` is to ready: the sets its concealed
    tiles must still make, how far the hand has gone, how many tiles it let go."""
    to_make = min(5, max(0, (view["hidden_counts"][seat] - 1) // 3))
    turns = sum(len(p) for p in view["discards"]) / 40
    out = {"bias": 1.0, "turns": turns, "turns_sq": turns * turns,
           "own_discards": len(view["discards"][seat]) / 10}
    if to_make < 5:
        out[f"to_make_{to_make}"] = 1.0
    return out


def wait_features(tile: int, view: Mapping[str, Any], seat: int, seen: Sequence[int],
                  mine: Sequence[int]) -> dict[str, float]:
    """What the table shows of ``tile`` against ``seat``'s hand, should it be ready: the
    copies this seat sees, the kind of tile, and ``seat``'s discards and melds near it."""
    discards = view["discards"][seat]
    melds: Sequence[Meld] = view["melds"][seat]
    out = {"bias": 1.0}
    copies = min(3, seen[tile] + mine[tile])
    if copies:
        out[f"seen_{copies}"] = 1.0
    let_go = max(1, len(discards))
    out["honour_discards"] = sum(1 for t in discards if t >= HONOUR_START) / let_go
    if tile in discards:
        out["discarded"] = 1.0
        if tile in discards[-6:]:
            out["discarded_late"] = 1.0
    if tile >= HONOUR_START:
        out["honour"] = 1.0
        if tile >= DRAGON_START:
            out["dragon"] = 1.0
        return out
    rank, suit = tile % 9, tile // 9
    out[f"rank_{min(rank, 8 - rank) + 1}"] = 1.0
    out["suji"] = float(sum(1 for d in (-3, 3) if 0 <= rank + d <= 8 and tile + d in discards))
    out["near_discards"] = float(min(4, sum(1 for t in discards if t < HONOUR_START
                                          and t // 9 == suit and abs(t - tile) <= 2)))
    out["suit_discards"] = sum(1 for t in discards if t < HONOUR_START and t // 9 == suit) / let_go
    meld_suits = {m.tile // 9 for m in melds if m.tile < HONOUR_START}
    if suit in meld_suits:
        out["meld_suit"] = 1.0
        if len(meld_suits) == 1:
            out["one_meld_suit"] = 1.0
    return out


def _logistic(weights: Mapping[str, float], features: Mapping[str, float]) -> float:
    z = sum(weights.get(name, 0.0) * x for name, x in features.items())
    return 1.0 / (1.0 + math.exp(-z))


# ---------------------------------------------------------------- liability

def liability_reason(rules: RuleSet[Any], tile: int, view: Mapping[str, Any], hand: Sequence[int],
                     threat_list: Sequence[Threat], general_from: float = 0.45) -> str | None:
    """The liability reason (Macau art. 9.º) the rule set foresees should ``tile`` win
    for an opponent (``RuleSet.discard_liability``), or None. The cases that hang on
    this seat's own hand count once an opponent's threat reaches ``general_from``."""
    opponents = [(t.seat, t.level >= general_from) for t in threat_list]
    return rules.discard_liability(tile, view, hand, opponents)


__all__ = ["CALIBRATION", "READY_WEIGHTS", "WAIT_WEIGHTS", "Threat", "calibration_features",
           "liability_reason", "raw_wait_chance", "ready_features", "threats", "tile_danger", "wait_chance",
           "wait_features"]
