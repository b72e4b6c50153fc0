"""Cayro, the scoring tables: the rule sheet of Juguetes Cayro, «Puntuaciones»
(«Combinaciones expuestas», «Combinaciones ocultas», «Primas», «Dobles puntuaciones de
honor»), read as ``shared/RULES-READING.md`` says (its known slips included).

A hand's value is the points of its sets and pairs plus the bonuses («Primas», the
winner only), doubled once per double («Dobles», every hand): ``apply_doubles``. The
readings of the rule set are listed here; the rule set is ``cayro.Cayro``.
"""
from __future__ import annotations

from collections.abc import Callable

from ..hand import WinKind
from ..melds import MeldKind
from ..scoring import (Citation, Entry, GroupEntry, GroupView, HandEntry, ScoreResult,
                       ScoringContext, Step, Unit, name_document)
from .base import point_terms

DOCUMENT = name_document("cayro", "Cayro")

_EXPOSED = Citation("cayro", "Puntuaciones, Combinaciones expuestas")
_HIDDEN = Citation("cayro", "Puntuaciones, Combinaciones ocultas")
BONUS_CITATION = Citation("cayro", "Puntuaciones, Primas")
_DOUBLE = Citation("cayro", "Puntuaciones, Dobles puntuaciones de honor")
BONUS_ROB_CITATION = Citation("cayro", "Puntuaciones, Primas: «Robar la última ficha "
                                       "descartada a un contrincante»")
STEP_CITATIONS = {"points": str(Citation("cayro", "Puntuaciones")), "doubles": str(_DOUBLE)}

# Readings of shared/RULES-READING.md and of this module (catalogue: reading.<name>).
R_FOUR_SETS = "cayro.four_sets_and_pair"        # "puede haber otra pareja" cannot make 14 tiles
R_FIRST_TILES = "cayro.first_tiles_terminals"   # «fichas de primera» = 1 and 9
R_HIDDEN_WIND = "cayro.hidden_wind_pung"        # missing row, read as 8
R_HIDDEN_PAIR = "cayro.hidden_pair_slip"        # "= 32 puntos" is a slip for 2
R_KONG_EXPOSURE = "cayro.kong_exposure"         # «El primer Kong será descubierto ...»
R_LOOSE_TILE = "cayro.loose_tile"               # «ficha suelta» = kong replacement tile
R_ONLY_MAH_JONG = "cayro.only_mah_jong"         # no points from sets and pairs
R_ROBBING_KONG = "cayro.robbing_kong"           # «robar la última ficha descartada»
R_LAST_TILE = "cayro.last_tile_drawn"           # the winner draws the last live-wall tile
R_NO_FLOWER_POINTS = "cayro.no_flower_points"   # the sheet gives flowers no points
R_LOSING_HAND = "cayro.losing_hand"             # how a losing hand's tiles are counted
R_BANKER_DOUBLING = "cayro.banker_doubling"     # no banker doubling unless the option is on
R_LAST_DISCARD = "cayro.last_discard"           # «robar la última ficha descartada»: the last discard
LAST_DISCARD_READINGS = ("robbing_kong", "last_discard")


# ---------------------------------------------------------------- predicates

def _pung(g: GroupView) -> bool:
    return g.kind is MeldKind.PUNG


def _kong(g: GroupView) -> bool:
    return g.kind is MeldKind.KONG


def _simple(g: GroupView) -> bool:
    return g.tile.is_simple


def _terminal(g: GroupView) -> bool:
    return g.tile.is_terminal


def _wind(g: GroupView) -> bool:
    return g.tile.is_wind


def _dragon(g: GroupView) -> bool:
    return g.tile.is_dragon


def _valued_pair(g: GroupView, ctx: ScoringContext) -> bool:
    """A pair of dragons or of the player's own (seat) wind."""
    return g.kind is MeldKind.PAIR and (g.tile.is_dragon or g.tile is ctx.hand.seat_wind.tile)


_GroupTest = Callable[[GroupView], bool]


def _exposed(shape: _GroupTest, tile: _GroupTest) -> Callable[[GroupView, ScoringContext], bool]:
    return lambda g, ctx: not g.hidden and shape(g) and tile(g)


def _hidden(shape: _GroupTest, tile: _GroupTest) -> Callable[[GroupView, ScoringContext], bool]:
    return lambda g, ctx: g.hidden and shape(g) and tile(g)


def _own_wind_set(g: GroupView, ctx: ScoringContext) -> bool:
    return g.is_pung_or_kong and g.tile is ctx.hand.seat_wind.tile


def _dragon_set(g: GroupView, ctx: ScoringContext) -> bool:
    return g.is_pung_or_kong and g.tile.is_dragon


def _all_honours(ctx: ScoringContext) -> bool:
    return not ctx.suits


def _pure_one_suit(ctx: ScoringContext) -> bool:
    return len(ctx.suits) == 1 and not ctx.has_honours


def _one_suit_with_honours(ctx: ScoringContext) -> bool:
    return len(ctx.suits) == 1 and ctx.has_honours


# ---------------------------------------------------------------- the tables

COMBINATIONS: tuple[GroupEntry, ...] = (
    GroupEntry("exposed_pung_simple", 2, Unit.POINTS, _EXPOSED, test=_exposed(_pung, _simple)),
    GroupEntry("exposed_pung_terminal", 4, Unit.POINTS, _EXPOSED, test=_exposed(_pung, _terminal)),
    GroupEntry("exposed_pung_wind", 4, Unit.POINTS, _EXPOSED, test=_exposed(_pung, _wind)),
    GroupEntry("exposed_pung_dragon", 4, Unit.POINTS, _EXPOSED, test=_exposed(_pung, _dragon)),
    GroupEntry("exposed_kong_simple", 8, Unit.POINTS, _EXPOSED, readings=(R_KONG_EXPOSURE,),
               test=_exposed(_kong, _simple)),
    GroupEntry("exposed_kong_terminal", 16, Unit.POINTS, _EXPOSED,
               readings=(R_FIRST_TILES, R_KONG_EXPOSURE), test=_exposed(_kong, _terminal)),
    GroupEntry("exposed_kong_wind", 16, Unit.POINTS, _EXPOSED, readings=(R_KONG_EXPOSURE,),
               test=_exposed(_kong, _wind)),
    GroupEntry("exposed_kong_dragon", 16, Unit.POINTS, _EXPOSED, readings=(R_KONG_EXPOSURE,),
               test=_exposed(_kong, _dragon)),
    GroupEntry("exposed_pair", 2, Unit.POINTS, _EXPOSED,
               test=lambda g, ctx: not g.hidden and _valued_pair(g, ctx)),
    GroupEntry("hidden_pung_simple", 4, Unit.POINTS, _HIDDEN, test=_hidden(_pung, _simple)),
    GroupEntry("hidden_pung_terminal", 8, Unit.POINTS, _HIDDEN, readings=(R_FIRST_TILES,),
               test=_hidden(_pung, _terminal)),
    GroupEntry("hidden_pung_wind", 8, Unit.POINTS, _HIDDEN, readings=(R_HIDDEN_WIND,),
               test=_hidden(_pung, _wind)),
    GroupEntry("hidden_pung_dragon", 8, Unit.POINTS, _HIDDEN, test=_hidden(_pung, _dragon)),
    # «el segundo se guardará en mano»: a kong of a pung held in the hand and the fourth
    # tile drawn is shown yet counts as hidden (R_KONG_EXPOSURE).
    GroupEntry("hidden_kong_simple", 16, Unit.POINTS, _HIDDEN, readings=(R_KONG_EXPOSURE,),
               test=_hidden(_kong, _simple)),
    GroupEntry("hidden_kong_terminal", 32, Unit.POINTS, _HIDDEN,
               readings=(R_FIRST_TILES, R_KONG_EXPOSURE), test=_hidden(_kong, _terminal)),
    GroupEntry("hidden_kong_wind", 32, Unit.POINTS, _HIDDEN, readings=(R_KONG_EXPOSURE,),
               test=_hidden(_kong, _wind)),
    GroupEntry("hidden_kong_dragon", 32, Unit.POINTS, _HIDDEN, readings=(R_KONG_EXPOSURE,),
               test=_hidden(_kong, _dragon)),
    GroupEntry("hidden_pair", 2, Unit.POINTS, _HIDDEN, readings=(R_HIDDEN_PAIR,),
               test=lambda g, ctx: g.hidden and _valued_pair(g, ctx)),
)


def _scores_nothing_but_mah_jong(ctx: ScoringContext) -> bool:
    """No set or pair of the hand is worth points (bonuses and doubles aside)."""
    views = ctx.views()
    return not any(entry.test(g, ctx) for entry in COMBINATIONS for g in views)


BONUSES: tuple[HandEntry, ...] = (
    HandEntry("mah_jong", 20, Unit.POINTS, BONUS_CITATION, test=lambda ctx: True),
    # «no acumulable con el anterior»: the loose tile replaces the self-drawn bonus.
    HandEntry("loose_tile", 10, Unit.POINTS, BONUS_CITATION, excludes=("self_drawn",),
              readings=(R_LOOSE_TILE,),
              test=lambda ctx: ctx.hand.win is WinKind.KONG_REPLACEMENT),
    HandEntry("self_drawn", 2, Unit.POINTS, BONUS_CITATION, test=lambda ctx: ctx.hand.self_drawn),
    HandEntry("only_mah_jong", 10, Unit.POINTS, BONUS_CITATION, readings=(R_ONLY_MAH_JONG,),
              test=_scores_nothing_but_mah_jong),
    HandEntry("no_chow", 10, Unit.POINTS, BONUS_CITATION, test=lambda ctx: not ctx.arrangement.chows),
    HandEntry("robbing_kong", 10, Unit.POINTS, BONUS_CITATION, readings=(R_ROBBING_KONG,),
              test=lambda ctx: ctx.hand.win is WinKind.ROBBING_KONG),
    HandEntry("last_tile", 10, Unit.POINTS, BONUS_CITATION, readings=(R_LAST_TILE,),
              test=lambda ctx: ctx.hand.last_tile and ctx.hand.win is WinKind.SELF_DRAWN),
)
# The option ``last_discard="last_discard"``: the same line of «Primas» read as winning on
# the last discard of the hand, the pair of the line after it (R_LAST_DISCARD).
LAST_DISCARD_BONUS = HandEntry(
    "last_discard", 10, Unit.POINTS, BONUS_CITATION, readings=(R_LAST_DISCARD,),
    test=lambda ctx: ctx.hand.last_tile and ctx.hand.win is WinKind.DISCARD)

DOUBLES: tuple[Entry, ...] = (
    GroupEntry("own_wind", 1, Unit.DOUBLES, _DOUBLE, test=_own_wind_set),
    GroupEntry("dragon", 1, Unit.DOUBLES, _DOUBLE, test=_dragon_set),
    # The three hand doubles exclude one another: a hand has honours or it has not.
    HandEntry("all_honours", 3, Unit.DOUBLES, _DOUBLE, excludes=("one_suit_honours",),
              test=_all_honours),
    HandEntry("pure_one_suit", 3, Unit.DOUBLES, _DOUBLE, excludes=("one_suit_honours",),
              test=_pure_one_suit),
    HandEntry("one_suit_honours", 1, Unit.DOUBLES, _DOUBLE, test=_one_suit_with_honours),
)

ALL_READINGS = (R_FOUR_SETS, R_FIRST_TILES, R_HIDDEN_WIND, R_HIDDEN_PAIR, R_KONG_EXPOSURE,
                R_LOOSE_TILE, R_ONLY_MAH_JONG, R_ROBBING_KONG, R_LAST_TILE, R_NO_FLOWER_POINTS,
                R_LOSING_HAND, R_BANKER_DOUBLING, R_LAST_DISCARD)
"""Every reading key this rule set may put in a result or a settlement."""



def apply_doubles(result: ScoreResult) -> None:
    """A hand's value from its items (Puntuaciones): its points doubled once per double,
    ``points × 2 ** doubles``, with the steps that show it."""
    points = sum(item.amount for item in result.items if item.unit is Unit.POINTS)
    doubles = sum(item.amount for item in result.items if item.unit is Unit.DOUBLES)
    result.total = int(points) * 2 ** int(doubles)
    result.details = {"points": int(points), "doubles": int(doubles)}
    result.steps = [Step("points", int(points), {"terms": point_terms(result, Unit.POINTS),
                                                 "citation": STEP_CITATIONS["points"]}),
                    Step("doubles", result.total, {"points": int(points),
                                                   "doubles": int(doubles),
                                                   "terms": point_terms(result, Unit.DOUBLES),
                                                   "citation": STEP_CITATIONS["doubles"]})]


__all__ = ["ALL_READINGS", "BONUSES", "COMBINATIONS", "DOCUMENT", "DOUBLES",
           "LAST_DISCARD_BONUS", "LAST_DISCARD_READINGS", "STEP_CITATIONS", "apply_doubles"]
