"""Serralheiro (2003): the special hands of "Organização de alguns jogos".

Source: A. J. Serralheiro, "Mah-Jong – Regras Básicas" (Jul 2003), the closing list
"Organização de alguns jogos para a realização de Mah-Jong". Each hand is a scoring
entry with its doubles («dobres») or its limit («limite», amount 1; «1/2 limite», 0.5).
The shapes that are not four sets and a pair are winning forms of their own:
«Pares na Régua» (seven pairs in the rack), «Maravilhas» (thirteen orphans) and the
unnamed twin runs of seven. Ambiguous wordings are read as the reading keys say
(catalogue ``reading.<name>``).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from ..analysis import HONOUR_START, SUIT_STARTS, shanten_seven_pairs
from ..forms import Arrangement, Form, PairsForm
from ..hand import HandDescription, WinKind
from ..melds import Meld
from ..scoring import Citation, HandEntry, HandTest, ScoringContext, Unit, name_document
from ..tiles import Suit, Tile

KEY = "serralheiro_2003"
DOCUMENT = name_document(KEY, "Serralheiro (2003)")
LIST = "Organização de alguns jogos"

# Readings of this module (catalogue: reading.<name>).
R_FAMILY = f"{KEY}.family_is_suit"              # «família» = one of the three suits
R_SPECIAL_DOUBLES = f"{KEY}.special_doubles_add"  # list doubles add to the §10 c doubles
R_PINDERICO_MIXED = f"{KEY}.pinderico_mixed"     # "4 pongues e chaus" = pungs and chows mixed
R_KONG_IS_PUNG = f"{KEY}.kong_is_pung"           # a kong counts where «pongue» is written
R_PAIRS_CONCEALED = f"{KEY}.pairs_concealed"     # no declared set; last tile may be a discard
R_PAIRS_FOUR = f"{KEY}.pairs_four_equal"         # four equal tiles may be two pairs
R_CABECAS_FAMILIES = f"{KEY}.cabecas_any_families"  # «de famílias diferentes»: mixed suits
R_SEQUENCE = f"{KEY}.sequence_as_chows"          # «sequência de 1 a 9» = 123, 456, 789
R_RED_HAND = f"{KEY}.red_hand_tiles"             # Mão Vermelha: red tiles only, dragon optional
R_REGUA = f"{KEY}.discard_completes_exposed"     # a set completed by a discard is exposed
R_TWIN = f"{KEY}.twin_sevens_same_ranks"         # the same seven ranks, concealed
R_FULMINANTE = f"{KEY}.fulminante_first_turn"    # banker's first discard / banker's dealt hand
R_LAST_TILE = f"{KEY}.last_tile_drawn"           # the winner draws the wall's last tile

GREEN_TILES = frozenset({Tile.S2, Tile.S3, Tile.S4, Tile.S6, Tile.S8, Tile.GREEN})
RED_TILES = frozenset({Tile.S1, Tile.S5, Tile.S7, Tile.S9, Tile.RED})


def _cite(name: str) -> Citation:
    return Citation(KEY, f"{LIST}: {name}")


# ---------------------------------------------------------------- forms

def _one_family_or_honours(tiles: Sequence[Tile]) -> bool:
    return len({t.suit for t in tiles if t.is_suited}) <= 1


class ReguaPairsForm(PairsForm):
    """«Pares na Régua»: seven pairs made in the rack (no declared set), of one family,
    of one family with honours, or of winds and dragons only."""

    def __init__(self) -> None:
        super().__init__("pares_na_regua", pairs=7, sets=0, declared_ok=False,
                         allowed=_one_family_or_honours)

    def shanten(self, counts: Sequence[int], declared: int, sets: int) -> int:
        if declared or sets != 4:
            return 99
        best = 99
        for start in SUIT_STARTS:
            # Tiles of the two other families are of no use: they are discards.
            kept = [n if start <= i < start + 9 or i >= HONOUR_START else 0
                    for i, n in enumerate(counts)]
            best = min(best, shanten_seven_pairs(kept, 7))
        return best


_TWIN_TARGETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(first + start + k for k in range(7)) + tuple(second + start + k for k in range(7))
    for first, second in combinations(SUIT_STARTS, 2) for start in range(3))
"""Each pair of families with the same run of seven ranks (1-7, 2-8, 3-9)."""


class TwinSevensForm(Form):
    """The unnamed limit hand: "Sequência de 7 pedras de uma família + igual sequência de
    outra família" - a run of seven in one family and the same ranks in another (14
    tiles, each once). It is no set-and-pair shape, so it is made in the rack."""

    key = "twin_sevens"

    def arrangements(self, hand: HandDescription, sets: int) -> list[Arrangement]:
        if hand.melds or sets != 4:
            return []
        counts = hand.concealed_counts
        if sum(counts) == 14 and any(all(counts[i] == 1 for i in target)
                                     for target in _TWIN_TARGETS):
            return [Arrangement(self.key, (), None)]
        return []

    def shanten(self, counts: Sequence[int], declared: int, sets: int) -> int:
        if declared or sets != 4:
            return 99
        return 13 - max(sum(1 for i in target if counts[i]) for target in _TWIN_TARGETS)


# ---------------------------------------------------------------- predicates

def _regular(ctx: ScoringContext) -> bool:
    return ctx.arrangement.form == "regular"


def _one_family(ctx: ScoringContext) -> bool:
    return _regular(ctx) and len(ctx.suits) == 1 and not ctx.has_honours


def _pair(ctx: ScoringContext) -> Meld:
    return ctx.arrangement.pairs[0]


def _pinderico_pungs(ctx: ScoringContext) -> bool:
    return _one_family(ctx) and all(s.is_pung_or_kong for s in ctx.arrangement.sets)


def _pinderico_chows(ctx: ScoringContext) -> bool:
    return _one_family(ctx) and len(ctx.arrangement.chows) == 4


def _pinderico_mixed(ctx: ScoringContext) -> bool:
    return _one_family(ctx) and bool(ctx.arrangement.chows) and bool(ctx.arrangement.pungs)


def _pairs_hand(ctx: ScoringContext) -> bool:
    return ctx.arrangement.form == "pares_na_regua"


def _terminal_pungs(ctx: ScoringContext) -> bool:
    sets = ctx.arrangement.sets
    return (_regular(ctx) and len(sets) == 4
            and all(s.is_pung_or_kong and s.tile.is_terminal for s in sets))


def _sequence_suit(ctx: ScoringContext) -> Suit | None:
    """The family of the chows 123, 456, 789 when the hand holds exactly those chows."""
    chows = ctx.arrangement.chows
    suits = {c.tile.suit for c in chows}
    if len(chows) != 3 or len(suits) != 1 or sorted(c.tile.rank for c in chows) != [1, 4, 7]:
        return None
    return suits.pop()


def _grande_sequencia(ctx: ScoringContext) -> bool:
    suit = _sequence_suit(ctx)
    if suit is None:
        return False
    pung, pair = ctx.arrangement.pungs[0], _pair(ctx)
    return all(g.tile.suit is suit and g.tile.rank in (1, 9) for g in (pung, pair))


def _pequena_sequencia(pung_test: Callable[[Tile], bool],
                       pair_test: Callable[[Tile], bool]) -> HandTest:
    def test(ctx: ScoringContext) -> bool:
        if _sequence_suit(ctx) is None:
            return False
        return pung_test(ctx.arrangement.pungs[0].tile) and pair_test(_pair(ctx).tile)
    return test


def _verdinho(ctx: ScoringContext) -> bool:
    return (_regular(ctx) and all(t in GREEN_TILES for t in ctx.tiles)
            and any(s.tile is Tile.GREEN for s in ctx.arrangement.pungs))


def _mao_vermelha(ctx: ScoringContext) -> bool:
    # No three red bamboos follow one another, so every set is a pung or a kong.
    return _regular(ctx) and all(t in RED_TILES for t in ctx.tiles)


def _tesouro_escondido(ctx: ScoringContext) -> bool:
    groups = ctx.arrangement.groups
    return (_regular(ctx) and len(ctx.arrangement.pungs) == 4
            and all(ctx.hidden(i) for i, g in enumerate(groups) if g.is_set))


def _count_pungs(ctx: ScoringContext, test: Callable[[Tile], bool]) -> int:
    return sum(1 for s in ctx.arrangement.pungs if test(s.tile))


def _fulminante(ctx: ScoringContext) -> bool:
    hand = ctx.hand
    if not hand.first_turn:
        return False
    if hand.is_banker:
        return hand.win is WinKind.SELF_DRAWN
    return hand.win is WinKind.DISCARD


def _lua_pescada(ctx: ScoringContext) -> bool:
    hand = ctx.hand
    return hand.last_tile and hand.win is WinKind.SELF_DRAWN and hand.win_tile is Tile.P1


# ---------------------------------------------------------------- the list

_P = "Pindérico"
_PR = "Pares na Régua"
_JC = "Jogo em Cabeças"
_PS = "Pequena Sequência"
_UNNAMED = "(sem nome)"

SPECIAL_HANDS: tuple[HandEntry, ...] = (
    HandEntry("pinderico_pungs", 4, Unit.DOUBLES, _cite(_P),
              readings=(R_FAMILY, R_SPECIAL_DOUBLES, R_KONG_IS_PUNG), test=_pinderico_pungs),
    HandEntry("pinderico_chows", 4, Unit.DOUBLES, _cite(_P),
              readings=(R_FAMILY, R_SPECIAL_DOUBLES), test=_pinderico_chows),
    HandEntry("pinderico_mixed", 3, Unit.DOUBLES, _cite(_P),
              readings=(R_FAMILY, R_SPECIAL_DOUBLES, R_PINDERICO_MIXED), test=_pinderico_mixed),
    HandEntry("pares_regua_one_family", 1, Unit.LIMIT, _cite(_PR),
              readings=(R_FAMILY, R_PAIRS_CONCEALED),
              test=lambda ctx: _pairs_hand(ctx) and not ctx.has_honours),
    HandEntry("pares_regua_with_honours", 0.5, Unit.LIMIT, _cite(_PR),
              readings=(R_FAMILY, R_PAIRS_CONCEALED),
              test=lambda ctx: _pairs_hand(ctx) and ctx.has_honours and bool(ctx.suits)),
    HandEntry("pares_regua_honours", 1, Unit.LIMIT, _cite(_PR),
              readings=(R_PAIRS_CONCEALED,),
              test=lambda ctx: _pairs_hand(ctx) and not ctx.suits),
    HandEntry("jogo_cabecas", 1, Unit.LIMIT, _cite(_JC),
              readings=(R_CABECAS_FAMILIES, R_KONG_IS_PUNG),
              test=lambda ctx: _terminal_pungs(ctx) and _pair(ctx).tile.is_terminal),
    HandEntry("jogo_cabecas_honour_pair", 0.5, Unit.LIMIT, _cite(_JC),
              readings=(R_CABECAS_FAMILIES, R_KONG_IS_PUNG),
              test=lambda ctx: _terminal_pungs(ctx) and _pair(ctx).tile.is_honour),
    HandEntry("grande_sequencia", 1, Unit.LIMIT, _cite("Grande Sequência"),
              readings=(R_SEQUENCE,), test=_grande_sequencia),
    HandEntry("pequena_sequencia_dragon_pung", 0.5, Unit.LIMIT, _cite(_PS),
              readings=(R_SEQUENCE, R_KONG_IS_PUNG),
              test=_pequena_sequencia(lambda t: t.is_dragon, lambda t: t.is_wind)),
    HandEntry("pequena_sequencia_wind_pung", 0.5, Unit.LIMIT, _cite(_PS),
              readings=(R_SEQUENCE, R_KONG_IS_PUNG),
              test=_pequena_sequencia(lambda t: t.is_wind, lambda t: t.is_dragon)),
    HandEntry("verdinho", 1, Unit.LIMIT, _cite("Verdinho"), readings=(R_KONG_IS_PUNG,),
              test=_verdinho),
    HandEntry("mao_vermelha", 1, Unit.LIMIT, _cite("Mão Vermelha"),
              readings=(R_RED_HAND, R_KONG_IS_PUNG), test=_mao_vermelha),
    HandEntry("tesouro_escondido", 1, Unit.LIMIT, _cite("Tesouro Escondido"),
              readings=(R_REGUA, R_KONG_IS_PUNG), test=_tesouro_escondido),
    HandEntry("three_dragon_pungs", 1, Unit.LIMIT, _cite(_UNNAMED), readings=(R_KONG_IS_PUNG,),
              test=lambda ctx: _regular(ctx) and _count_pungs(ctx, lambda t: t.is_dragon) == 3),
    HandEntry("four_wind_pungs", 1, Unit.LIMIT, _cite(_UNNAMED), readings=(R_KONG_IS_PUNG,),
              test=lambda ctx: _regular(ctx) and _count_pungs(ctx, lambda t: t.is_wind) == 4),
    HandEntry("twin_sevens", 1, Unit.LIMIT, _cite(_UNNAMED), readings=(R_TWIN,),
              test=lambda ctx: ctx.arrangement.form == TwinSevensForm.key),
    HandEntry("fulminante", 1, Unit.LIMIT, _cite("Fulminante"), readings=(R_FULMINANTE,),
              test=_fulminante),
    HandEntry("lua_pescada", 1, Unit.LIMIT, _cite("Lua Pescada no Fundo do Mar"),
              readings=(R_LAST_TILE,), test=_lua_pescada),
    HandEntry("maravilhas", 1, Unit.LIMIT, _cite("Maravilhas"),
              test=lambda ctx: ctx.arrangement.form == "thirteen_orphans"),
)

HAND_READINGS = (R_FAMILY, R_SPECIAL_DOUBLES, R_PINDERICO_MIXED, R_KONG_IS_PUNG,
                 R_PAIRS_CONCEALED, R_PAIRS_FOUR, R_CABECAS_FAMILIES, R_SEQUENCE, R_RED_HAND,
                 R_REGUA, R_TWIN, R_FULMINANTE, R_LAST_TILE)

__all__ = ["HAND_READINGS", "SPECIAL_HANDS", "ReguaPairsForm", "TwinSevensForm"]
