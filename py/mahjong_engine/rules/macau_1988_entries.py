"""Macau 1988, the scoring of art. 5.º: Portaria n.º 133/88/M (Macau, 22 August 1988).

Scoring gives a grade, not points: «kai vu» (the minimum), 1 «fan», or «fan dobrado»
(the maximum). The items of art. 5.º (2) are worth 1 fan each and are added; the items
of art. 5.º (3) are «fan dobrado» outright (``Unit.LIMIT`` items here). Read as
``shared/RULES-READING.md`` says: 0 fan → kai vu, 1 → one fan, 2 or more or any item of
(3) → fan dobrado (``grade_of``). The rule set is ``macau_1988.Macau1988``.
"""
from __future__ import annotations

from collections.abc import Callable

from ..forms import RegularForm, ThirteenOrphansForm
from ..hand import HandDescription, WinKind
from ..melds import MeldKind
from ..scoring import (Citation, GroupEntry, GroupTest, GroupView, HandEntry, HandTest,
                       ScoringContext, Unit, name_document)
from ..tiles import Tile, Wind

KEY = "macau_1988"
DOCUMENT = name_document(KEY, "Portaria n.º 133/88/M")


def _cite(section: str) -> Citation:
    return Citation(KEY, section)


ONE_FAN_CITATION = _cite("art. 5.º (2)")
DOUBLE_CITATION = _cite("art. 5.º (3)")
FIRST_TURN_CITATION = _cite("art. 4.º (1), (2); art. 5.º (3)")

# Readings (catalogue: reading.<name>).
R_PROVISIONAL = "macau_1988.provisional_regulation"   # revoked by Portaria 52/89/M
R_GRADES = "macau_1988.grades"                        # 0 kai vu, 1 fan, 2+ or (3) fan dobrado
R_KAI_VU_NO_PUNGS = "macau_1988.kai_vu_without_pungs"  # (1) speaks of one to three pungs
R_CONTAINED = "macau_1988.double_excludes_contained"  # a (3) item drops the (2) items it is made of
R_OVERLAP_ADDS = "macau_1988.overlapping_fan_items_add"  # (2) items that overlap are all counted
R_MIXED_SUIT = "macau_1988.mixed_one_suit_honours"    # «sem valerem fan ou fan dobrado»
R_WIND_PAIR = "macau_1988.one_suit_chows_wind_pair"   # «mostrando vento»
R_CONCEALED_PUNGS = "macau_1988.concealed_pungs_self_drawn"  # «sem ... pedra descartada»
RFIRST_TURN_CITATION = "macau_1988.first_turn_wins"           # t'in vu / tei vu from the first_turn flag
R_SUCCESSIVE_KONGS = "macau_1988.successive_kongs_flag"  # the hand says it with a flag
R_ORPHANS_FIGURE = "macau_1988.thirteen_orphans_figure"  # the figure is missing from the text
R_TERMS = "macau_1988.ocr_terms"                      # names cleaned of OCR damage

GRADE_KEYS = ("kai_vu", "one_fan", "fan_dobrado")

# Entry keys.
HEAVENLY = "heavenly_hand"               # «t'in vu»
EARTHLY = "earthly_hand"                 # «tei vu»
THIRTEEN_ORPHANS = "thirteen_orphans"    # «Sap-sám iu»
BIG_WINDS = "big_four_winds"             # «Tai sei hei»
BIG_DRAGONS = "big_three_dragons"        # «Tai sam iun»
ALL_HONOURS = "all_honours"              # «Chün chü»
ALL_TERMINALS = "all_terminals"          # «Ch'ing iu»
CONCEALED_PUNGS = "all_concealed_pungs"  # «Kan-kan vu»
PURE_ONE_SUIT = "pure_one_suit"          # «Ch'ing iat sék»
ONE_SUIT_CHOWS = "one_suit_all_chows"    # «Wan iat sék p'ing vu»
DOUBLE_WIND = "double_wind_pung"         # «Seong fan»
SUCCESSIVE_KONGS = "successive_kongs"    # «Kong seong kong»
DRAGON_PUNG = "dragon_pung"              # «conjunto de trunfo»
ROUND_WIND = "round_wind_pung"           # «conjunto de vento da roda»
SEAT_WIND = "seat_wind_pung"             # «conjunto de vento do lugar»
ROBBING_KONG = "robbing_kong"            # «Ch'eong kong»
KONG_REPLACEMENT = "kong_replacement"    # «Kong seong fá»
ALL_PUNGS = "all_pungs"                  # «Tói-tói vu»
ALL_CHOWS = "all_chows"                  # «P'ing vu»
MIXED_ONE_SUIT = "mixed_one_suit"        # «Wan iat sék»
LITTLE_DRAGONS = "little_three_dragons"  # «Siu sam iun»
LITTLE_WINDS = "little_four_winds"       # «Siu sei hei»
TERMINALS_HONOURS = "terminals_and_honours"  # «Fa iu-kau»
FALSE_WIN = "false_win"                  # «nulo», art. 9.º (7), (8)


# ---------------------------------------------------------------- predicates

def _regular(ctx: ScoringContext) -> bool:
    return ctx.arrangement.form == RegularForm.key


def _pair(ctx: ScoringContext) -> Tile | None:
    pairs = ctx.arrangement.pairs
    return pairs[0].tile if pairs else None


def _valued_wind(tile: Tile, ctx: ScoringContext) -> bool:
    return tile in (ctx.hand.round_wind.tile, ctx.hand.seat_wind.tile)


def _all_pungs(ctx: ScoringContext) -> bool:
    sets = ctx.arrangement.sets
    return _regular(ctx) and all(s.is_pung_or_kong for s in sets)


def _all_chows(ctx: ScoringContext) -> bool:
    return _regular(ctx) and len(ctx.arrangement.chows) == len(ctx.arrangement.sets)


def _ping_vu(ctx: ScoringContext) -> bool:
    """Only chows and a pair that is no dragon, round wind or seat wind (art. 5.º (2))."""
    pair = _pair(ctx)
    return (_all_chows(ctx) and pair is not None
            and not (pair.is_dragon or _valued_wind(pair, ctx)))


def _one_suit_ping_vu(ctx: ScoringContext) -> bool:
    """Chows of one suit and a pair «mostrando vento» that is neither the round's nor
    the seat's wind (art. 5.º (3)); read as a wind pair (R_WIND_PAIR)."""
    pair = _pair(ctx)
    return (_all_chows(ctx) and len(ctx.suits) == 1 and pair is not None and pair.is_wind
            and not _valued_wind(pair, ctx))


def _honour_sets(ctx: ScoringContext, kind: Callable[[Tile], bool]) -> int:
    return sum(1 for s in ctx.arrangement.pungs if kind(s.tile))


def _little(kind: Callable[[Tile], bool], sets: int) -> HandTest:
    def test(ctx: ScoringContext) -> bool:
        pair = _pair(ctx)
        return (_regular(ctx) and _honour_sets(ctx, kind) == sets
                and pair is not None and kind(pair))
    return test


def _big(kind: Callable[[Tile], bool], sets: int) -> HandTest:
    return lambda ctx: _regular(ctx) and _honour_sets(ctx, kind) == sets


def _only(predicate: Callable[[Tile], bool]) -> HandTest:
    """Regular hands all of whose tiles satisfy ``predicate``."""
    return lambda ctx: _regular(ctx) and all(predicate(t) for t in ctx.tiles)


def _terminals_and_honours(ctx: ScoringContext) -> bool:
    tiles = ctx.tiles
    return (_regular(ctx) and all(t.is_terminal_or_honour for t in tiles)
            and any(t.is_terminal for t in tiles) and any(t.is_honour for t in tiles))


def _one_suit(with_honours: bool) -> HandTest:
    return lambda ctx: _regular(ctx) and len(ctx.suits) == 1 and ctx.has_honours == with_honours


def _concealed_pungs(ctx: ScoringContext) -> bool:
    """No discard taken, the winning tile included (R_CONCEALED_PUNGS), and no kong."""
    return _all_pungs(ctx) and not ctx.hand.melds and ctx.hand.win is WinKind.SELF_DRAWN


def _heavenly(ctx: ScoringContext) -> bool:
    hand = ctx.hand
    return (hand.first_turn and hand.is_banker and hand.win is WinKind.SELF_DRAWN
            and not hand.melds)


def _earthly(ctx: ScoringContext) -> bool:
    hand = ctx.hand
    return (hand.first_turn and not hand.is_banker and hand.win is WinKind.DISCARD
            and not hand.melds)


def _successive_kongs(ctx: ScoringContext) -> bool:
    """art. 5.º (3): the replacement of a kong was «a 4.ª doutro conjunto de 3 pedras iguais
    que tenha na mão»: the second kong was made from a pung held in the hand, so it is a
    concealed kong; a tile added to a pung on the table does not count (R_SUCCESSIVE_KONGS)."""
    hand = ctx.hand
    return (hand.successive_kongs and hand.win is WinKind.KONG_REPLACEMENT
            and len(ctx.arrangement.kongs) >= 2
            and any(m.kind is MeldKind.KONG and m.concealed for m in hand.melds))


def _win(kind: WinKind) -> HandTest:
    return lambda ctx: ctx.hand.win is kind


def _wind_set(which: Callable[[HandDescription], Wind]) -> GroupTest:
    """A pung or kong of the round's or the seat's wind."""
    def test(g: GroupView, ctx: ScoringContext) -> bool:
        return g.is_pung_or_kong and g.tile is which(ctx.hand).tile
    return test


def _double_wind(g: GroupView, ctx: ScoringContext) -> bool:
    hand = ctx.hand
    return g.is_pung_or_kong and hand.seat_wind is hand.round_wind and g.tile is hand.seat_wind.tile


def _dragon_set(g: GroupView, ctx: ScoringContext) -> bool:
    return g.is_pung_or_kong and g.tile.is_dragon


# ---------------------------------------------------------------- entries
# Declared strongest first: an item of art. 5.º (3) drops the items of (2) it is made of
# (R_CONTAINED); the document does not say so, and the grade is the same either way.

def _double(key: str, test: HandTest, excludes: tuple[str, ...] = (),
            readings: tuple[str, ...] = (), citation: Citation = DOUBLE_CITATION) -> HandEntry:
    return HandEntry(key, 1, Unit.LIMIT, citation, excludes, _contained(readings, excludes),
                     test=test)


def _group_double(key: str, test: GroupTest, excludes: tuple[str, ...] = ()) -> GroupEntry:
    return GroupEntry(key, 1, Unit.LIMIT, DOUBLE_CITATION, excludes, _contained((), excludes), test=test)


def _contained(readings: tuple[str, ...], excludes: tuple[str, ...]) -> tuple[str, ...]:
    return (*readings, R_CONTAINED) if excludes else readings


def _fan(key: str, test: HandTest, readings: tuple[str, ...] = ()) -> HandEntry:
    return HandEntry(key, 1, Unit.FAN, ONE_FAN_CITATION, (), readings, test=test)


def _group_fan(key: str, test: GroupTest) -> GroupEntry:
    return GroupEntry(key, 1, Unit.FAN, ONE_FAN_CITATION, (), (), test=test)


ENTRIES = (
    # art. 5.º (3): «fan dobrado» («Leong fan»), the highest grade
    _double(HEAVENLY, _heavenly, readings=(RFIRST_TURN_CITATION,), citation=FIRST_TURN_CITATION),
    _double(EARTHLY, _earthly, readings=(RFIRST_TURN_CITATION,), citation=FIRST_TURN_CITATION),
    _double(THIRTEEN_ORPHANS, lambda ctx: ctx.arrangement.form == ThirteenOrphansForm.key,
            readings=(R_ORPHANS_FIGURE,)),
    _double(BIG_WINDS, _big(lambda t: t.is_wind, 4),
            excludes=(ROUND_WIND, SEAT_WIND, DOUBLE_WIND, LITTLE_WINDS, ALL_PUNGS)),
    _double(BIG_DRAGONS, _big(lambda t: t.is_dragon, 3), excludes=(DRAGON_PUNG, LITTLE_DRAGONS)),
    _double(ALL_HONOURS, _only(lambda t: t.is_honour), excludes=(ALL_PUNGS,), readings=(R_TERMS,)),
    _double(ALL_TERMINALS, _only(lambda t: t.is_terminal), excludes=(ALL_PUNGS,),
            readings=(R_TERMS,)),
    _double(CONCEALED_PUNGS, _concealed_pungs, excludes=(ALL_PUNGS,),
            readings=(R_CONCEALED_PUNGS,)),
    _double(PURE_ONE_SUIT, _one_suit(with_honours=False)),
    _double(ONE_SUIT_CHOWS, _one_suit_ping_vu, excludes=(ALL_CHOWS, MIXED_ONE_SUIT),
            readings=(R_WIND_PAIR,)),
    _group_double(DOUBLE_WIND, _double_wind, excludes=(ROUND_WIND, SEAT_WIND)),
    _double(SUCCESSIVE_KONGS, _successive_kongs, excludes=(KONG_REPLACEMENT,),
            readings=(R_SUCCESSIVE_KONGS,)),
    # art. 5.º (2): 1 «fan» each, added
    _group_fan(DRAGON_PUNG, _dragon_set),
    _group_fan(ROUND_WIND, _wind_set(lambda hand: hand.round_wind)),
    _group_fan(SEAT_WIND, _wind_set(lambda hand: hand.seat_wind)),
    _fan(ROBBING_KONG, _win(WinKind.ROBBING_KONG)),
    _fan(KONG_REPLACEMENT, _win(WinKind.KONG_REPLACEMENT)),
    _fan(ALL_PUNGS, _all_pungs),
    _fan(ALL_CHOWS, _ping_vu),
    _fan(MIXED_ONE_SUIT, _one_suit(with_honours=True), readings=(R_MIXED_SUIT,)),
    _fan(LITTLE_DRAGONS, _little(lambda t: t.is_dragon, 2), readings=(R_OVERLAP_ADDS,)),
    _fan(LITTLE_WINDS, _little(lambda t: t.is_wind, 3), readings=(R_OVERLAP_ADDS,)),
    _fan(TERMINALS_HONOURS, _terminals_and_honours, readings=(R_OVERLAP_ADDS,)),
)


def grade_of(fan_sum: int, double: bool) -> int:
    """The grade of art. 5.º read as R_GRADES: 0 kai vu, 1 one fan, 2 fan dobrado."""
    return 2 if double or fan_sum >= 2 else fan_sum
