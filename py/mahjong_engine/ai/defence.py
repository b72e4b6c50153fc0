"""Defence: how dangerous a discard is, read from the table (exposed melds, discards,
copies seen), and the liability of Portaria 133/88/M art. 9.º.

No rule set here punishes the discarder of a winning tile with a bigger payment (all
losers pay in Macau, art. 6.º; Serralheiro §10 v-vi and Cayro settle every hand), so
danger is a tie-breaker that keeps opponents from finishing, except in Macau where
art. 9.º makes a discarder pay the other losers' shares: such a discard is never made
unless the seat must (every legal discard is one).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..melds import Meld, MeldKind
from ..tiles import PLAYABLE_KINDS, WINDS, Tile

HONOUR_START = 27


@dataclass(frozen=True)
class Threat:
    """One opponent as the table shows it: how close to winning it looks (0-1), and
    the suit its melds are all in (0-2, or None) when it looks like a one-suit hand."""

    seat: int
    level: float
    one_suit: int | None
    honours_only: bool


def threats(view: dict[str, Any]) -> list[Threat]:
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


def tile_danger(tile: int, view: dict[str, Any], seen: Sequence[int],
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


def _fit(tile: int, view: dict[str, Any], seen: Sequence[int], threat: Threat) -> float:
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


# ---------------------------------------------------------------- Macau art. 9.º

def _winning_items(tile: int, melds: Sequence[Meld]) -> frozenset[str] | None:
    """The art. 9.º items an opponent showing ``melds`` could win with on ``tile``
    (cases (1)-(3) need them); None when none of them fits."""
    from ..rules import macau_1988_settle as m

    items = set()
    sets = [x for x in melds if x.kind is not MeldKind.PAIR]
    suits = {x.tile // 9 for x in sets if x.tile < HONOUR_START}
    honours = any(x.tile >= HONOUR_START for x in sets)
    if len(suits) == 1 and not honours and len(sets) >= 3 and tile < HONOUR_START \
            and tile // 9 in suits:
        items.add(m.PURE_ONE_SUIT)
    pungs = [x.tile for x in sets if x.kind is not MeldKind.CHOW]
    dragons = sum(1 for t in pungs if Tile.WHITE <= t <= Tile.RED)
    winds = sum(1 for t in pungs if Tile.EAST <= t <= Tile.NORTH)
    if dragons >= 2 and Tile.WHITE <= tile <= Tile.RED:
        items.add(m.BIG_DRAGONS)
    if winds >= 3 and Tile.EAST <= tile <= Tile.NORTH:
        items.add(m.BIG_WINDS)
    return frozenset(items) if items else None


def liability_reason(tile: int, view: dict[str, Any], hand: Sequence[int],
                     threat_list: Sequence[Threat], general_from: float = 0.45) -> str | None:
    """The art. 9.º case (``macau_1988_settle.LIABILITY_CITATIONS`` key) that would make
    this seat liable should ``tile`` win for an opponent, or None. Cases (1)-(3) are
    read against each opponent's melds; the general cases (4)-(6), which hang on this
    seat's own hand, are counted once some opponent's threat reaches
    ``general_from``."""
    if view.get("rules") != "macau_1988":
        return None
    from ..rules import macau_1988_settle as m

    me = view["seat"]
    concealed = tuple(Tile(i) for i in range(PLAYABLE_KINDS) for _ in range(hand[i]))
    visible = []
    for pile in view["discards"]:
        visible.extend(pile)
    for melds in view["melds"]:
        for meld in melds:
            visible.extend(meld.tiles)
    declared = len(view["melds"][me])
    ready = _ready_before(hand, declared)
    for threat in threat_list:
        melds = view["melds"][threat.seat]
        items = _winning_items(tile, melds)
        if items is None:
            if threat.level < general_from:
                continue
            items = frozenset()
        situation = m.LiabilitySituation(
            discarder=WINDS[me], tile=Tile(tile), winning_items=items,
            winner_declared=tuple(melds), won_on_discard=True,
            discarder_concealed=concealed, discarder_declared=declared,
            discarder_ready=ready, visible=tuple(visible))
        reason = m.liability(situation)
        if reason is not None:
            return reason
    return None


def _ready_before(hand: Sequence[int], declared: int) -> bool:
    """Was the seat ready before this turn: does some discard leave it ready?"""
    from .. import analysis

    counts = list(hand)
    for tile in range(PLAYABLE_KINDS):
        if counts[tile]:
            counts[tile] -= 1
            s = analysis.shanten_regular(counts, 4 - declared)
            if declared == 0:
                s = min(s, analysis.shanten_thirteen_orphans(counts))
            counts[tile] += 1
            if s == 0:
                return True
    return False


__all__ = ["Threat", "liability_reason", "threats", "tile_danger"]
