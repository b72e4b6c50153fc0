"""Serralheiro (2003), "Mah-Jong – Regras Básicas": hands worked out by hand from §10 b
(points), §10 c (the four surviving rows of doubles), the list "Organização de alguns
jogos" (special hands), §10 iv-vi and note 10 (limit, banker, payments); properties.

Working notation in the comments: points first, then "×2^d" for d doubles; "L" is the
limit (2,000; banker 4,000), "½L" the half limit (1,000). Seat winds: 1z East, 2z South,
3z West, 4z North; 5z white, 6z green, 7z red. Unless a case says otherwise the winner
sits South, the opener («abridor») is West and the winning tile is a discard.
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import assume, given, settings, strategies as st

import builders
from mahjong_engine import HandDescription, HandError, score
from mahjong_engine.notation import format_tiles, parse_tiles
from mahjong_engine.rules.serralheiro_2003 import (ALL_READINGS, Serralheiro2003,
                                                   SerralheiroOptions, score_losing_hand,
                                                   settle_differences)
from mahjong_engine.tiles import Tile, counts_of

ROOT = Path(__file__).resolve().parents[2]

LANGS = ("pt", "en", "es")
RULES = Serralheiro2003()


def hand(concealed: str, win_tile: str, melds: tuple[str, ...] = (), win: str = "discard",
         seat: str = "S", opener: str | None = "W", **extra) -> dict:
    if opener is not None:
        extra.setdefault("opener_wind", opener)
    return builders.hand("serralheiro_2003", concealed, win_tile, melds, win, seat, **extra)


def keys(result) -> Counter:
    return Counter(item.key for item in result.items)


def pays(e: int, s: int, w: int, n: int) -> dict[str, int]:
    return {"E": e, "S": s, "W": w, "N": n}


# (id, description, total, item keys (exact multiset), payments or None)
CASES = [
    # §10 iii/v: the surviving example, 66 × 2 × 2 × 2 = 528; Oeste e Norte pay 528 each, the
    # banker 1,056 (the text names the payee "Norte", a slip: North pays; read as South).
    # kong 7777z exposed 16 + pung 111z exposed 4 + pung 999m exposed 4 + pair 66z 2 + 5 bonus
    # tiles 20 + Mah-Jong 20 = 66; dragon kong, East pung (banker's wind), 3 pungs ×2^3 = 528
    ("example_528", hand("234p66z", "6z", ("k:7777z", "p:111z", "p:999m"), flowers="1f2f3f5f6f"),
     528, Counter(mah_jong=1, flower_plum=1, flower_orchid=1, flower_chrysanthemum=1,
                  season_spring=1, season_summer=1, kong_dragon_exposed=1, pung_wind_exposed=1,
                  pung_terminal_exposed=1, pair_dragon=1, dragon_set=1, wind_banker=1,
                  three_pungs=1),
     pays(-1056, 2112, -528, -528)),
    # note 10: the same value in the banker's hand is worth double, 528 × 2 = 1,056 (West pung =
    # opener's wind instead of East's): 66 ×2^3 = 528; banker ×2 = 1056 from each
    ("example_banker_1056",
     hand("234p66z", "6z", ("k:7777z", "p:333z", "p:999m"), seat="E", flowers="1f2f3f5f6f"),
     1056, Counter(mah_jong=1, flower_plum=1, flower_orchid=1, flower_chrysanthemum=1,
                   season_spring=1, season_summer=1, kong_dragon_exposed=1, pung_wind_exposed=1,
                   pung_terminal_exposed=1, pair_dragon=1, dragon_set=1, wind_opener=1,
                   three_pungs=1),
     pays(3168, -1056, -1056, -1056)),
    # §10 b: chows and a suited pair score nothing: Mah-Jong 20; banker pays double (§9 c ii)
    ("chicken", hand("123m456p789s234s55m", "5m"), 20, Counter(mah_jong=1),
     pays(-40, 80, -20, -20)),
    # §10 b: 222m in the rack 4 + 999s completed by the discard, exposed 4 + 20 = 28
    ("pung_by_discard_exposed", hand("222m345p678s11p999s", "9s"), 28,
     Counter(mah_jong=1, pung_simple_concealed=1, pung_terminal_exposed=1), None),
    # §10 b: same, self-drawn: 999s stays in the rack 8 + 4 + 20 = 32
    ("pung_self_drawn_regua", hand("222m345p678s11p999s", "9s", win="self_drawn"), 32,
     Counter(mah_jong=1, pung_simple_concealed=1, pung_terminal_concealed=1), None),
    # §10 c: 3 pungs in the rack 2 doubles, not also the 1: 20 + 4+4+4 + pair 11z 2 = 34 ×2^2
    ("three_pungs_regua", hand("222m555p888s345s11z", "3s", win="self_drawn"), 136,
     Counter(mah_jong=1, pung_simple_concealed=3, pair_wind=1, three_pungs_concealed=1), None),
    # §10 c: the discard completes 222m (exposed 2): only 2 in the rack -> 1 double:
    # 20 + 2 + 4 + 4 + 2 = 32 ×2 = 64
    ("three_pungs_one_exposed", hand("222m555p888s345s11z", "2m"), 64,
     Counter(mah_jong=1, pung_simple_exposed=1, pung_simple_concealed=2, pair_wind=1,
             three_pungs=1), None),
    # §10 c, §9 d: East pung held by the banker who is also the opener: 1 + 1 + 1 doubles:
    # 20 + 8 = 28 ×2^3 = 224; banker ×2 = 448 from each
    ("east_own_opener_banker",
     hand("111z234m567p789s55p", "5p", win="self_drawn", seat="E", opener="E"), 448,
     Counter(mah_jong=1, pung_wind_concealed=1, wind_own=1, wind_opener=1, wind_banker=1),
     pays(1344, -448, -448, -448)),
    # §9 d ii: East counts as a superior honour for everyone: 20 + 4 = 24 ×2 = 48
    ("east_pung_south_player", hand("234m567p789s55p", "5p", ("p:111z",), opener="N"), 48,
     Counter(mah_jong=1, pung_wind_exposed=1, wind_banker=1), pays(-96, 192, -48, -48)),
    # §9 d: a South pung in West's hand is a simple honour: 20 + 4 = 24, no double
    ("other_wind_no_double", hand("234m567p789s55p", "5p", ("p:222z",), seat="W", opener="N"),
     24, Counter(mah_jong=1, pung_wind_exposed=1), pays(-48, -24, 96, -24)),
    # §10 c: own wind that is also the opener's: 2 doubles: 24 ×2^2 = 96
    ("own_and_opener_wind", hand("234m567p789s55p", "5p", ("p:222z",), opener="S"), 96,
     Counter(mah_jong=1, pung_wind_exposed=1, wind_own=1, wind_opener=1), None),
    # reading opener_unknown: West pung, no opener given, South player: 24, no double
    ("opener_not_given", hand("234m567p789s55p", "5p", ("p:333z",), opener=None), 24,
     Counter(mah_jong=1, pung_wind_exposed=1), None),
    # §10 b, reading wind_pair_any: a North pair in South's hand 2 + 20 = 22
    ("any_wind_pair", hand("234m567p789s123m44z", "4z"), 22, Counter(mah_jong=1, pair_wind=1),
     None),
    # §10 b: pair of dragons 2 + plum 4 + winter 4 + 20 = 30
    ("dragon_pair_flowers", hand("234m567p789s123m55z", "5z", flowers="1f8f"), 30,
     Counter(mah_jong=1, pair_dragon=1, flower_plum=1, season_winter=1), None),
    # §10 b, §9 b: declared concealed kong of 5m «na régua» 16 + 20 = 36
    ("concealed_kong", hand("123p456s789s99m", "9m", ("K:5555m",)), 36,
     Counter(mah_jong=1, kong_simple_concealed=1), None),
    # §10 b: exposed kong of 1p 16 + 20 = 36
    ("exposed_kong_terminal", hand("234m456s678s88m", "8m", ("k:1111p",)), 36,
     Counter(mah_jong=1, kong_terminal_exposed=1), None),
    # Pindérico (4 dobres) + 3 pungs: 20 + 111m exp 4 + 555m exp 2 + 777m régua 4 + 999m régua 8
    # = 38 ×2^(4+1) = 1216; banker pays 2432 (under his 4,000)
    ("pinderico_pungs", hand("777m999m33m", "3m", ("p:111m", "p:555m")), 1216,
     Counter(mah_jong=1, pung_terminal_exposed=1, pung_simple_exposed=1,
             pung_simple_concealed=1, pung_terminal_concealed=1, three_pungs=1,
             pinderico_pungs=1),
     pays(-2432, 4864, -1216, -1216)),
    # Pindérico (4 dobres), 4 chaus + 1 par: 20 ×2^4 = 320
    ("pinderico_chows", hand("123m456m789m234m55m", "5m"), 320,
     Counter(mah_jong=1, pinderico_chows=1), None),
    # Pindérico (3 dobres), pungs and chows: 20 + 888m 4 + 999m 8 = 32 ×2^3 = 256
    ("pinderico_mixed", hand("234m456m888m999m55m", "5m"), 256,
     Counter(mah_jong=1, pung_simple_concealed=1, pung_terminal_concealed=1,
             pinderico_mixed=1), None),
    # Pares na Régua (limite), 7 pairs of one family: L = 2000; banker pays 4000
    ("pares_one_family", hand("1133557799m2244m", "9m"), 2000,
     Counter(mah_jong=1, pares_regua_one_family=1), pays(-4000, 8000, -2000, -2000)),
    # Pares na Régua (1/2 limite), one family mixed with honours: 20 + 2 + 2 = 24 -> ½L 1000
    ("pares_with_honours", hand("1133557799m1155z", "5z"), 1000,
     Counter(mah_jong=1, pair_wind=1, pair_dragon=1, pares_regua_with_honours=1),
     pays(-2000, 4000, -1000, -1000)),
    # Pares na Régua (limite), 7 pairs of winds and dragons, won by West: L
    ("pares_honours", hand("11223344556677z", "7z", seat="W"), 2000,
     Counter(mah_jong=1, pair_wind=4, pair_dragon=3, pares_regua_honours=1),
     pays(-4000, -2000, 8000, -2000)),
    # Jogo em Cabeças (limite): pungs of 1 and 9 of mixed families + pair of 9m
    ("jogo_cabecas", hand("111s999s99m", "9m", ("p:111m", "p:999p")), 2000,
     Counter(mah_jong=1, pung_terminal_exposed=2, pung_terminal_concealed=2, three_pungs=1,
             jogo_cabecas=1), None),
    # Jogo em Cabeças (1/2 limite), pair of honours: 20 + 4 + 8×3 + 2 = 50 ×2^2 = 200 -> ½L
    ("jogo_cabecas_honour_pair", hand("999m111p999p77z", "7z", ("p:111m",)), 1000,
     Counter(mah_jong=1, pung_terminal_exposed=1, pung_terminal_concealed=3, pair_dragon=1,
             three_pungs_concealed=1, jogo_cabecas_honour_pair=1), None),
    # clash: all four in the rack is also Tesouro Escondido (limite): the limit wins over ½L
    ("cabecas_half_and_tesouro", hand("111m999m111p999p77z", "7z"), 2000,
     Counter(mah_jong=1, pung_terminal_concealed=4, pair_dragon=1, three_pungs_concealed=1,
             jogo_cabecas_honour_pair=1, tesouro_escondido=1), None),
    # Grande Sequência (limite): 123 456 789 + pung 111m + pair 99m (also a Pindérico 3 dobres)
    ("grande_sequencia", hand("11112345678999m", "5m"), 2000,
     Counter(mah_jong=1, pung_terminal_concealed=1, pinderico_mixed=1, grande_sequencia=1),
     None),
    # Pequena Sequência (1/2 limite): 1-9 of circles + pung of white + pair of East:
    # 20 + 8 + 2 = 30 ×2 = 60 -> ½L
    ("pequena_dragon_pung", hand("123456789p11555z", "1z"), 1000,
     Counter(mah_jong=1, pung_dragon_concealed=1, pair_wind=1, dragon_set=1,
             pequena_sequencia_dragon_pung=1), None),
    # Pequena Sequência (1/2 limite): pung of East + pair of green, won by North:
    # 20 + 8 + 2 = 30 ×2 = 60 -> ½L; banker pays 2000
    ("pequena_wind_pung", hand("123456789s11166z", "6z", seat="N"), 1000,
     Counter(mah_jong=1, pung_wind_concealed=1, pair_dragon=1, wind_banker=1,
             pequena_sequencia_wind_pung=1),
     pays(-2000, -1000, -1000, 4000)),
    # Verdinho (limite): 234s 234s 888s + exposed pung of green + pair 66s
    ("verdinho", hand("22334466888s", "6s", ("p:666z",)), 2000,
     Counter(mah_jong=1, pung_dragon_exposed=1, pung_simple_concealed=1, dragon_set=1,
             verdinho=1), None),
    # Mão Vermelha (limite): pungs of 5s 7s (exposed), 1s 9s, pair of red dragons
    ("mao_vermelha", hand("111s999s77z", "7z", ("p:555s", "p:777s")), 2000,
     Counter(mah_jong=1, pung_simple_exposed=2, pung_terminal_concealed=2, pair_dragon=1,
             three_pungs=1, mao_vermelha=1), None),
    # Tesouro Escondido (limite): 4 pungs in the rack, the discard completes the pair
    ("tesouro_escondido", hand("222m555p888s999s11z", "1z"), 2000,
     Counter(mah_jong=1, pung_simple_concealed=3, pung_terminal_concealed=1, pair_wind=1,
             three_pungs_concealed=1, tesouro_escondido=1), None),
    # no Tesouro when the discard completes a pung (exposed): 20 + 4×3 + 4 + 2 = 38 ×2^2 = 152
    ("not_tesouro_discard_pung", hand("222m555p888s999s11z", "9s"), 152,
     Counter(mah_jong=1, pung_simple_concealed=3, pung_terminal_exposed=1, pair_wind=1,
             three_pungs_concealed=1), None),
    # (sem nome) (limite): 3 pungs of dragons
    ("three_dragon_pungs", hand("666z777z234m99p", "9p", ("p:555z",)), 2000,
     Counter(mah_jong=1, pung_dragon_exposed=1, pung_dragon_concealed=2, dragon_set=3,
             three_pungs=1, three_dragon_pungs=1), None),
    # (sem nome) (limite): 4 pungs of winds (East: banker; South: own; West: opener)
    ("four_wind_pungs", hand("333z444z55m", "5m", ("p:111z", "p:222z")), 2000,
     Counter(mah_jong=1, pung_wind_exposed=2, pung_wind_concealed=2, wind_banker=1,
             wind_own=1, wind_opener=1, three_pungs=1, four_wind_pungs=1), None),
    # (sem nome) (limite): 1-7 of characters + 1-7 of circles
    ("twin_sevens", hand("1234567m1234567p", "7p"), 2000, Counter(mah_jong=1, twin_sevens=1),
     None),
    # Maravilhas (limite): thirteen orphans with a pair of red dragons (pair 2 listed)
    ("maravilhas", hand("19m19p19s12345677z", "7z"), 2000,
     Counter(mah_jong=1, pair_dragon=1, maravilhas=1), None),
    # Fulminante (limite): won on the banker's first discard
    ("fulminante_discard", hand("123m456p789s234s55m", "5m", first_turn=True), 2000,
     Counter(mah_jong=1, fulminante=1), pays(-4000, 8000, -2000, -2000)),
    # Fulminante (limite): the banker shows his hand after the exchanges: 4,000 from each
    ("fulminante_banker",
     hand("123m456p789s234s55m", "5m", win="self_drawn", seat="E", first_turn=True), 4000,
     Counter(mah_jong=1, fulminante=1), pays(12000, -4000, -4000, -4000)),
    # first turn but self-drawn by South: no Fulminante: 20
    ("first_turn_not_fulminante",
     hand("123m456p789s234s55m", "5m", win="self_drawn", first_turn=True), 20,
     Counter(mah_jong=1), None),
    # Lua Pescada no Fundo do Mar (limite): the wall's last tile, 1 of circles, drawn
    ("lua_pescada",
     hand("123m456p789s234s11p", "1p", win="self_drawn", last_tile=True), 2000,
     Counter(mah_jong=1, lua_pescada=1), None),
    # the last tile but not the 1 of circles: 20
    ("last_tile_not_1p",
     hand("123m456p789s234s11p", "4s", win="self_drawn", last_tile=True), 20,
     Counter(mah_jong=1), None),
    # the 1 of circles as the last discard: not drawn from the wall (reading last_tile_drawn)
    ("last_tile_1p_discard", hand("123m456p789s234s11p", "1p", last_tile=True), 20,
     Counter(mah_jong=1), None),
    # §10 iv: limit: 20 + 3 concealed kongs 96 = 116; South+opener 2, white 1, East 1,
    # 3 pungs in the rack 2 = ×2^6 = 7424 -> L 2000; banker capped at 4000
    ("limit_cap", hand("234m99p", "9p", ("K:2222z", "K:5555z", "K:1111z"), opener="S"), 2000,
     Counter(mah_jong=1, kong_wind_concealed=2, kong_dragon_concealed=1, wind_own=1,
             wind_opener=1, wind_banker=1, dragon_set=1, three_pungs_concealed=1),
     pays(-4000, 8000, -2000, -2000)),
]

NOT_WINNING = [
    # seven pairs in two families: no listed Pares na Régua
    ("pairs_two_families", hand("1133557799m2244p", "9m")),
    # the second run of seven on other ranks: not "igual sequência"
    ("twin_runs_other_ranks", hand("1234567m2345678p", "7p")),
    # seven pairs of two families and honours: no listed Pares na Régua
    ("pairs_two_families_honours", hand("113355m5577p1155z", "5z")),
    # an ordinary non-hand
    ("nothing", hand("123m456p789s234s15z", "5z")),
]


@pytest.mark.parametrize("case_id, description, total, items, payments", CASES,
                         ids=[c[0] for c in CASES])
def test_hand(case_id, description, total, items, payments):
    result = score(description)
    assert result.winning
    assert keys(result) == items
    assert result.total == total
    if payments is not None:
        assert result.payments == payments
    assert sum(result.payments.values()) == 0
    assert set(result.readings) <= set(ALL_READINGS)


@pytest.mark.parametrize("case_id, description", NOT_WINNING, ids=[c[0] for c in NOT_WINNING])
def test_not_winning(case_id, description):
    result = score(description)
    assert not result.winning and result.total is None and result.payments is None


def test_example_details():
    """§10 iii: 66 × 2 × 2 × 2 = 528: the details say so."""
    result = score(CASES[0][1])
    assert result.details == {"points": 66, "doubles": 3, "base": 528, "value": 528,
                              "limit": None, "limit_applied": False, "banker": False}


def test_readings_listed():
    assert "serralheiro_2003.wind_pair_any" in score(hand("234m567p789s123m44z", "4z")).readings
    assert "serralheiro_2003.opener_unknown" in score(
        hand("234m567p789s55p", "5p", ("p:333z",), opener=None)).readings
    no_wind = score(hand("123m456p789s234s55m", "5m", opener=None)).readings
    assert "serralheiro_2003.opener_unknown" not in no_wind
    assert "serralheiro_2003.discard_completes_exposed" in score(
        hand("222m345p678s11p999s", "9s")).readings
    assert "serralheiro_2003.no_own_flower" in score(
        hand("234m567p789s123m55z", "5z", flowers="1f")).readings
    assert "serralheiro_2003.half_limit_or_count" in score(
        hand("123456789p11555z", "1z")).readings
    pairs = score(hand("1111335577m1155z", "5z")).readings
    assert "serralheiro_2003.pairs_four_equal" in pairs
    assert "serralheiro_2003.only_listed_forms" in score(NOT_WINNING[0][1]).readings


def test_half_limit_or_count():
    """Reading half_limit_or_count: a ½-limit hand scores its count when that is higher."""
    rules = Serralheiro2003(SerralheiroOptions(half_limit=100))
    low = rules.score(HandDescription.from_json(hand("123456789p11555z", "1z")))
    assert low.total == 100                     # 30 ×2 = 60 -> ½L 100
    high = rules.score(HandDescription.from_json(hand("999m111p999p77z", "7z", ("p:111m",))))
    assert high.total == 200                    # 50 ×2^2 = 200 > ½L 100


def test_options_limit():
    rules = Serralheiro2003(SerralheiroOptions(limit=500, banker_limit=1000))
    result = rules.score(HandDescription.from_json(CASES[0][1]))
    assert result.total == 500                  # 528 capped at 500
    assert result.details["limit_applied"] is True
    assert result.payments == pays(-1000, 2000, -500, -500)
    assert SerralheiroOptions().exchanges is True and Serralheiro2003.exchanges is True


# ---------------------------------------------------------------- losing hands, settlement

def losing(concealed: str, melds: tuple[str, ...] = (), seat: str = "W", **extra):
    data = hand(concealed, format_tiles(parse_tiles(concealed)[:1]), melds, seat=seat, **extra)
    return score_losing_hand(HandDescription.from_json(data))


def test_losing_hands():
    # West: exposed white pung 4 + 111m in the rack 8 = 12 ×2 (dragon) = 24; no Mah-Jong
    west = losing("111m23p456s78s", ("p:555z",))
    assert not west.winning and west.total == 24
    assert keys(west) == Counter(pung_dragon_exposed=1, pung_terminal_concealed=1, dragon_set=1)
    # North: pair of South 2 + chrysanthemum 4 = 6
    north = losing("22z123m456p789s5m9p", seat="N", flowers="3f")
    assert north.total == 6
    # East (banker): 1111z in the rack counts as a pung 8; own + banker wind ×2^2 = 32;
    # no opener given. The value is before the banker's doubling.
    east = losing("234m567p89s11115z", seat="E", opener=None)
    assert east.total == 32 and east.details["value"] == 32 and east.details["banker"]
    assert "serralheiro_2003.losing_hand" in east.readings
    assert "serralheiro_2003.opener_unknown" in east.readings
    with pytest.raises(HandError):
        losing("123m456p789s234s55m")           # 14 tiles is no losing hand


def test_settle_differences_worked():
    """§10 v-vi: values E 32, S 528 (winner), W 24, N 6.
    To the winner: E 2×528 = 1056, W 528, N 528 -> S +2112.
    Between losers: W pays E 2×(32-24) = 16; N pays E 2×(32-6) = 52; N pays W 24-6 = 18.
    E -1056+16+52 = -988; W -528-16+18 = -526; N -528-52-18 = -598."""
    net = settle_differences({"E": 32, "S": 528, "W": 24, "N": 6}, "S")
    assert net == pays(-988, 2112, -526, -598)


def test_settle_differences_limits():
    # the banker wins at the limit: 4000 from each
    assert settle_differences({"E": 2000, "S": 0, "W": 0, "N": 0}, "E") == pays(12000, -4000,
                                                                                -4000, -4000)
    # S wins 20; W's 2000 against E's 0: E pays 2×2000 = 4000 (banker's limit); N pays W 2000
    net = settle_differences({"E": 0, "S": 20, "W": 2000, "N": 0}, "S")
    assert net == pays(-40 - 4000, 80, -20 + 4000 + 2000, -20 - 2000)


def test_settle_matches_settle_differences():
    """The winner's payments are the first step of settling differences."""
    result = score(CASES[0][1])
    zero = settle_differences({"E": 0, "S": result.details["value"], "W": 0, "N": 0}, "S")
    assert zero == result.payments


def test_cli_example():
    out = subprocess.run([sys.executable, "-m", "mahjong_engine", "score", "-"],
                         input=json.dumps(CASES[0][1]), capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT / "py")}, cwd=ROOT)
    assert out.returncode == 0
    data = json.loads(out.stdout)
    assert data["total"] == 528 and data["payments"] == {"E": -1056, "S": 2112, "W": -528,
                                                          "N": -528}
    assert all(item["citation"].startswith("Serralheiro (2003), ") for item in data["items"])


# ---------------------------------------------------------------- forms and shanten

def test_shanten_special_forms():
    assert RULES.shanten(counts_of(parse_tiles("1234567m1234567p"))) == -1
    assert RULES.shanten(counts_of(parse_tiles("1234567m123456p"))) == 0
    assert Tile.P7 in RULES.waits(counts_of(parse_tiles("1234567m123456p")))
    assert RULES.shanten(counts_of(parse_tiles("1133557799m2244m"))) == -1
    # 224p are of no use to a one-family pairs hand: two new pairs = 4 tiles -> shanten 3
    assert RULES.shanten(counts_of(parse_tiles("1133557799m224p"))) == 3
    assert RULES.shanten(counts_of(parse_tiles("1133557799m2245z"))) == 0
    assert RULES.shanten(counts_of(parse_tiles("19m19p19s1234567z"))) == 0   # Maravilhas
    assert RULES.shanten(counts_of(parse_tiles("1133557799p2244s"))) >= 0   # two families


@st.composite
def twin_sevens(draw):
    first, second = draw(st.sampled_from([("m", "p"), ("m", "s"), ("p", "s")]))
    start = draw(st.integers(1, 3))
    ranks = "".join(str(r) for r in range(start, start + 7))
    return parse_tiles(f"{ranks}{first}{ranks}{second}")


@given(twin_sevens(), st.integers(0, 13))
def test_twin_sevens_complete_and_ready(tiles, drop):
    assert RULES.shanten(counts_of(tiles)) == -1
    rest = tiles[:drop] + tiles[drop + 1:]
    assert RULES.shanten(counts_of(rest)) == 0
    assert tiles[drop] in RULES.waits(counts_of(rest))


POOL = [t for t in list(Tile)[:9] + list(Tile)[27:34] for _ in range(4)]


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_shanten_minus_one_iff_winning(rng):
    """Over one family and the honours (where the pairs hands live)."""
    tiles = sorted(rng.sample(POOL, 14))
    if rng.random() < 0.5:                      # make some pairs hands
        tiles = sorted(rng.sample(tiles[::2], 7) * 2)
        if max(counts_of(tiles)) > 4:
            return
    description = HandDescription(rules="serralheiro_2003", concealed=tuple(tiles),
                                  win_tile=tiles[0])
    assert (RULES.shanten(counts_of(tiles)) == -1) == RULES.is_winning(description)


# ---------------------------------------------------------------- properties of scoring

SUITS = ("m", "p", "s")


@st.composite
def winning_hand(draw) -> dict:
    """Four sets and a pair, some declared, with random seat, opener, flowers, win."""
    used = [0] * 34
    groups: list[tuple[str, list[int]]] = []
    for index in range(5):
        for _ in range(50):
            tile = draw(st.integers(0, 33))
            kind = "pair" if index == 4 else draw(st.sampled_from(["pung", "chow", "kong"]))
            if kind == "chow" and (tile >= 27 or tile % 9 > 6):
                kind = "pung"
            span = {"pair": [tile] * 2, "pung": [tile] * 3, "kong": [tile] * 4,
                    "chow": [tile, tile + 1, tile + 2]}[kind]
            if all(used[t] + span.count(t) <= 4 for t in set(span)):
                for t in span:
                    used[t] += 1
                groups.append((kind, span))
                break
    assume(len(groups) == 5)
    concealed: list[int] = []
    melds = []
    for kind, span in groups:
        state = draw(st.sampled_from(["hand", "exposed", "concealed"]))
        if kind == "pair" or (kind != "kong" and state == "hand"):
            concealed += span
        elif kind == "kong" and state == "hand":
            melds.append({"kind": "kong", "tiles": format_tiles(Tile(t) for t in span),
                          "concealed": True})
        else:
            melds.append({"kind": kind, "tiles": format_tiles(Tile(t) for t in span),
                          "concealed": kind == "kong" and state == "concealed"})
    win_tile = Tile(draw(st.sampled_from(concealed)))
    flowers = draw(st.lists(st.sampled_from([f"{i}f" for i in range(1, 9)]), unique=True,
                            max_size=8))
    return {"rules": "serralheiro_2003", "concealed": format_tiles(Tile(t) for t in concealed),
            "win_tile": win_tile.notation, "melds": melds, "flowers": "".join(sorted(flowers)),
            # Only situations that can happen (issue 15).
            "win": draw(st.sampled_from(["discard", "self_drawn"] + (
                ["kong_replacement"] if any(m["kind"] == "kong" for m in melds) else []))),
            "seat_wind": draw(st.sampled_from("ESWN")),
            "opener_wind": draw(st.sampled_from("ESWN")),
            "first_turn": (draw(st.booleans()) and draw(st.booleans())
                           and not any(not m["concealed"] for m in melds))}


def permute_suits(text: str, order: tuple[str, str, str]) -> str:
    table = str.maketrans({a: b for a, b in zip(SUITS, order, strict=True)})
    return format_tiles(parse_tiles(text.translate(table)))


SUIT_SENSITIVE = {"verdinho", "mao_vermelha", "lua_pescada"}


@settings(max_examples=200, deadline=None)
@given(winning_hand(), st.permutations(SUITS))
def test_suits_permuted_same_score(description, order):
    permuted = dict(description, concealed=permute_suits(description["concealed"], order),
                    win_tile=permute_suits(description["win_tile"], order),
                    melds=[dict(m, tiles=permute_suits(m["tiles"], order))
                           for m in description["melds"]])
    a, b = score(description), score(permuted)
    assume(not ({i.key for i in a.items} | {i.key for i in b.items}) & SUIT_SENSITIVE)
    assert a.winning and b.winning
    assert a.total == b.total and a.payments == b.payments
    assert keys(a) == keys(b)


@settings(max_examples=200, deadline=None)
@given(winning_hand())
def test_totals_and_payments_within_limits(description):
    result = score(description)
    options = SerralheiroOptions()
    banker = description["seat_wind"] == "E"
    assert 20 <= result.total <= (options.banker_limit if banker else options.limit)
    assert sum(result.payments.values()) == 0
    winner = description["seat_wind"]
    for seat, amount in result.payments.items():
        if seat == winner:
            assert amount > 0
        else:
            cap = options.banker_limit if "E" in (seat, winner) else options.limit
            assert -cap <= amount < 0
    if not banker:                               # the banker pays double (§9 c ii)
        assert result.payments["E"] == 2 * result.payments["N" if winner != "N" else "S"]


@given(st.dictionaries(st.sampled_from("ESWN"), st.integers(0, 2000), min_size=4, max_size=4),
       st.sampled_from("ESWN"))
def test_settle_differences_sum_to_zero(values, winner):
    net = settle_differences(values, winner)
    assert sum(net.values()) == 0
    assert net[winner] >= 0


# ---------------------------------------------------------------- catalogues

def catalogue(lang: str) -> dict[str, str]:
    path = ROOT / "static" / "i18n" / lang / "serralheiro_2003.json"
    return json.loads(path.read_text("utf-8"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_has_a_message(lang):
    messages = catalogue(lang)
    wanted = {f"item.{e.key}" for e in Serralheiro2003.entries}
    wanted |= {f"reading.{r.partition('.')[2]}" for r in ALL_READINGS}
    wanted |= {f"reading.{r.partition('.')[2]}" for e in Serralheiro2003.entries
               for r in e.readings}
    wanted |= {f"form.{f.key}" for f in Serralheiro2003.forms} | {"name", "document"}
    assert not wanted - set(messages), sorted(wanted - set(messages))


def test_catalogues_same_keys_and_translated():
    pt, en, es = (catalogue(lang) for lang in LANGS)
    assert set(pt) == set(en) == set(es)
    readings = [k for k in pt if k.startswith("reading.")]
    assert all(pt[k] != en[k] != es[k] for k in readings)
    assert all(en[k].startswith("The document does not") for k in readings)
    assert all(pt[k].startswith("O documento não") for k in readings)
    assert all(es[k].startswith("El documento no") for k in readings)
