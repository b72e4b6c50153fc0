"""Serralheiro (2003), the tables of §10 b-c that value every hand, winning or not.

Source: A. J. Serralheiro, "Mah-Jong – Regras Básicas" (Jul 2003): §10 b (points of
sets, pairs and flowers; 20 for Mah-Jong), §10 c (the doubles table, of which only the
first four rows survive) with §9 d (own, opener's and East winds as superior honours).
The readings of this rule set are listed here too; those of the special hands are in
``serralheiro_2003_hands``.
"""
from __future__ import annotations

from collections.abc import Callable

from ..hand import HandDescription
from ..melds import MeldKind
from ..scoring import (Citation, Entry, GroupEntry, GroupTest, GroupView, HandEntry,
                       ScoringContext, Unit)
from ..tiles import BONUS_TILES, Tile, Wind
from .serralheiro_2003_hands import HAND_READINGS, R_KONG_IS_PUNG

KEY = "serralheiro_2003"
_POINTS = Citation(KEY, "§10 b")
_DOUBLES = Citation(KEY, "§10 c")
_WIND_DOUBLES = Citation(KEY, "§10 c; §9 d")

# Readings (catalogue: reading.<name>); those of the special hands are in the hands module.
R_WIND_PAIR = f"{KEY}.wind_pair_any"            # "Ventos" pair 2: every wind pair
R_WIND_DOUBLES = f"{KEY}.wind_doubles_each"     # 1 double each for own, opener's, East
R_NO_ROUND_WIND = f"{KEY}.no_round_wind"        # the round's wind earns nothing
R_OPENER_UNKNOWN = f"{KEY}.opener_unknown"      # no «abridor» given: no opener double
R_THREE_PUNGS = f"{KEY}.three_pungs_at_least"   # "3 pongues": three or more; régua: 3 hidden
R_NO_OWN_FLOWER = f"{KEY}.no_own_flower"        # flowers 4 each, no double for one's own
R_HALF_LIMIT = f"{KEY}.half_limit_or_count"     # a ½-limit hand: ½ limit or its count
R_ONLY_LISTED = f"{KEY}.only_listed_forms"      # sets and pair, or a listed special shape
R_LOSING_HAND = f"{KEY}.losing_hand"            # how a losing hand is valued
R_DRAW_PAYS_NOTHING = f"{KEY}.draw_pays_nothing"  # §8 g-h read as: a draw pays nothing
R_DRAW_VALUES = f"{KEY}.draw_values_hands"      # §8 g-h: every hand valued on a draw too


# ---------------------------------------------------------------- §10 b: points

def _set_test(kind: MeldKind, tiles: Callable[[Tile], bool], hidden: bool) -> GroupTest:
    def test(g: GroupView, ctx: ScoringContext) -> bool:
        return g.kind is kind and g.hidden is hidden and tiles(g.tile)
    return test


def _pair_test(tiles: Callable[[Tile], bool]) -> GroupTest:
    return lambda g, ctx: g.kind is MeldKind.PAIR and tiles(g.tile)


# Rows of the table: (name, tiles, pung & kong «na régua», pung & kong «expostos»).
_TABLE = (
    ("dragon", lambda t: t.is_dragon, (8, 32), (4, 16)),
    ("wind", lambda t: t.is_wind, (8, 32), (4, 16)),
    ("terminal", lambda t: t.is_terminal, (8, 32), (4, 16)),
    ("simple", lambda t: t.is_simple, (4, 16), (2, 8)),
)


def _table_entries() -> tuple[GroupEntry, ...]:
    out = []
    for name, tiles, concealed, exposed in _TABLE:
        for hidden, amounts in ((True, concealed), (False, exposed)):
            for kind, amount in zip((MeldKind.PUNG, MeldKind.KONG), amounts, strict=True):
                state = "concealed" if hidden else "exposed"
                out.append(GroupEntry(f"{kind.value}_{name}_{state}", amount, Unit.POINTS,
                                      _POINTS, test=_set_test(kind, tiles, hidden)))
    return tuple(out)


_BONUS_KEYS = {
    Tile.PLUM: "flower_plum", Tile.ORCHID: "flower_orchid",
    Tile.CHRYSANTHEMUM: "flower_chrysanthemum", Tile.BAMBOO_FLOWER: "flower_bamboo",
    Tile.SPRING: "season_spring", Tile.SUMMER: "season_summer",
    Tile.AUTUMN: "season_autumn", Tile.WINTER: "season_winter",
}


def _bonus_entry(tile: Tile) -> HandEntry:
    return HandEntry(_BONUS_KEYS[tile], 4, Unit.POINTS, _POINTS, readings=(R_NO_OWN_FLOWER,),
                     test=lambda ctx: tile in ctx.hand.flowers)


POINTS: tuple[Entry, ...] = (
    tuple(_bonus_entry(t) for t in BONUS_TILES)
    + _table_entries()
    + (GroupEntry("pair_dragon", 2, Unit.POINTS, _POINTS, test=_pair_test(lambda t: t.is_dragon)),
       GroupEntry("pair_wind", 2, Unit.POINTS, _POINTS, readings=(R_WIND_PAIR,),
                  test=_pair_test(lambda t: t.is_wind)))
)

MAH_JONG = HandEntry("mah_jong", 20, Unit.POINTS, _POINTS, test=lambda ctx: True)


# ---------------------------------------------------------------- §10 c: doubles

def _hidden_pungs(ctx: ScoringContext) -> int:
    return sum(1 for g in ctx.views() if g.is_pung_or_kong and g.hidden)


def _wind_set(wind_of: Callable[[HandDescription], Wind | None]) -> GroupTest:
    def test(g: GroupView, ctx: ScoringContext) -> bool:
        wind = wind_of(ctx.hand)
        return g.is_pung_or_kong and wind is not None and g.tile is wind.tile
    return test


DOUBLES: tuple[Entry, ...] = (
    GroupEntry("dragon_set", 1, Unit.DOUBLES, _DOUBLES,
               test=lambda g, ctx: g.is_pung_or_kong and g.tile.is_dragon),
    GroupEntry("wind_own", 1, Unit.DOUBLES, _WIND_DOUBLES, readings=(R_WIND_DOUBLES,),
               test=_wind_set(lambda hand: hand.seat_wind)),
    GroupEntry("wind_opener", 1, Unit.DOUBLES, _WIND_DOUBLES, readings=(R_WIND_DOUBLES,),
               test=_wind_set(lambda hand: hand.opener_wind)),
    GroupEntry("wind_banker", 1, Unit.DOUBLES, _WIND_DOUBLES, readings=(R_WIND_DOUBLES,),
               test=_wind_set(lambda hand: Wind.EAST)),
    HandEntry("three_pungs_concealed", 2, Unit.DOUBLES, _DOUBLES, excludes=("three_pungs",),
              readings=(R_THREE_PUNGS, R_KONG_IS_PUNG),
              test=lambda ctx: _hidden_pungs(ctx) >= 3),
    HandEntry("three_pungs", 1, Unit.DOUBLES, _DOUBLES, readings=(R_THREE_PUNGS, R_KONG_IS_PUNG),
              test=lambda ctx: len(ctx.arrangement.pungs) >= 3),
)

TABLE_ENTRIES = POINTS + DOUBLES
"""The §10 b-c tables, which value every hand, winning or not."""

ALL_READINGS = (R_WIND_PAIR, R_WIND_DOUBLES, R_NO_ROUND_WIND, R_OPENER_UNKNOWN, R_THREE_PUNGS,
                R_NO_OWN_FLOWER, R_HALF_LIMIT, R_ONLY_LISTED, R_LOSING_HAND, R_DRAW_PAYS_NOTHING,
                R_DRAW_VALUES, *HAND_READINGS)
"""Every reading key this rule set may put in a result."""


__all__ = ["ALL_READINGS", "DOUBLES", "KEY", "MAH_JONG", "POINTS", "TABLE_ENTRIES"]
