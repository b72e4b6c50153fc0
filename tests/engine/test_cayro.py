"""Cayro rule sheet: hands worked out by hand from «Puntuaciones», read as
shared/RULES-READING.md says; settlement of every player's hand; properties.

Working notation in the comments: points first, then "×2^d" for d doubles.
Seat winds: 1z East, 2z South, 3z West, 4z North; 5z white, 6z green, 7z red.
"""
from __future__ import annotations

import json
import subprocess
import sys
from itertools import permutations
from pathlib import Path

import pytest
from hypothesis import assume, given, settings, strategies as st

import builders
from mahjong_engine import HandDescription, HandError, score
from mahjong_engine.scoring import net_of
from mahjong_engine.rules.cayro import (ALL_READINGS, BONUSES, Cayro,
                                        CayroOptions, score_losing_hand, settle)

ROOT = Path(__file__).resolve().parents[2]

LANGS = ("pt", "en", "es")
BONUS_KEYS = {entry.key for entry in BONUSES}
EXPOSED = "Puntuaciones, Combinaciones expuestas"
HIDDEN = "Puntuaciones, Combinaciones ocultas"
PRIMAS = "Puntuaciones, Primas"
DOBLES = "Puntuaciones, Dobles puntuaciones de honor"


def hand(concealed: str, win_tile: str, melds: tuple[str, ...] = (), win: str = "discard",
         seat: str = "S", **extra) -> dict:
    return builders.hand("cayro", concealed, win_tile, melds, win, seat, **extra)


# (id, section, hand, expected item keys in order, points, doubles, total)
WINNING = [
    ("chows_only_discard", PRIMAS,
     hand("123m456m789p234s55s", "5s"),
     # four chows, pair 55s scores nothing: MJ 20 + nothing but MJ 10 = 30; no doubles
     ["mah_jong", "only_mah_jong"], 30, 0, 30),
    ("chows_only_self_drawn", PRIMAS,
     hand("123m456m789p234s55s", "5s", win="self_drawn"),
     # MJ 20 + self-drawn 2 + nothing but MJ 10 = 32 (the reading: bonuses do not cancel it)
     ["mah_jong", "self_drawn", "only_mah_jong"], 32, 0, 32),
    ("loose_tile_not_self_drawn", PRIMAS,
     hand("123m456m789s55s", "5s", ("k:2222p",), win="kong_replacement"),
     # exposed kong 2222p 8 + MJ 20 + loose tile 10 (not also self-drawn 2) = 38
     ["exposed_kong_simple", "mah_jong", "loose_tile"], 38, 0, 38),
    ("all_pungs_discard", EXPOSED,
     hand("222m333p777s888s99p", "8s"),
     # hidden 222m 4 + 333p 4 + 777s 4; 888s completed by the discard: exposed 2;
     # pair 99p 0; MJ 20 + no chow 10 = 44
     ["exposed_pung_simple", "hidden_pung_simple", "hidden_pung_simple", "hidden_pung_simple",
      "mah_jong", "no_chow"], 44, 0, 44),
    ("all_pungs_self_drawn", HIDDEN,
     hand("222m333p777s888s99p", "8s", win="self_drawn"),
     # four hidden pungs of simples 4×4 = 16 + MJ 20 + self-drawn 2 + no chow 10 = 48
     ["hidden_pung_simple"] * 4 + ["mah_jong", "self_drawn", "no_chow"], 48, 0, 48),
    ("brief_example_self_drawn", HIDDEN,
     hand("555p123s678s22z", "3s", ("p:999m",), win="self_drawn"),
     # exposed pung 999m 4 + hidden pung 555p 4 + hidden pair own wind 2z 2 (not 32)
     # + MJ 20 + self-drawn 2 = 32; no own-wind pung, no doubles
     ["exposed_pung_terminal", "hidden_pair", "hidden_pung_simple", "mah_jong", "self_drawn"],
     32, 0, 32),
    ("pair_completed_by_discard", EXPOSED,
     hand("555p123s678s22z", "2z", ("p:999m",)),
     # 999m 4 + 555p 4 + pair 22z completed by the discard: exposed 2 + MJ 20 = 30
     ["exposed_pung_terminal", "exposed_pair", "hidden_pung_simple", "mah_jong"], 30, 0, 30),
    ("own_wind_pung_doubles", DOBLES,
     hand("234m567m789p11s", "1s", ("p:333z",), seat="W"),
     # exposed pung of West (own wind) 4 + MJ 20 = 24; ×2 own wind = 48
     ["exposed_pung_wind", "mah_jong", "own_wind"], 24, 1, 48),
    ("other_wind_pung_no_double", EXPOSED,
     hand("234m567m789p11s", "1s", ("p:333z",), seat="S"),
     # the same hand for South: West is not his wind: 24, no doubles
     ["exposed_pung_wind", "mah_jong"], 24, 0, 24),
    ("hidden_dragon_pung", DOBLES,
     hand("555z234m345p678s99m", "9m", win="self_drawn", seat="N"),
     # hidden pung white 8 + MJ 20 + self-drawn 2 = 30; ×2 dragon = 60
     ["hidden_pung_dragon", "mah_jong", "self_drawn", "dragon"], 30, 1, 60),
    ("two_dragons_one_suit", DOBLES,
     hand("123m456m77z", "7z", ("p:555z", "p:666z"), seat="E"),
     # exposed 555z 4 + 666z 4 + pair 77z by discard 2 + MJ 20 = 30;
     # ×2 ×2 two dragon pungs, ×2 one suit with honours: 30 × 8 = 240
     ["exposed_pung_dragon", "exposed_pung_dragon", "exposed_pair", "mah_jong", "dragon", "dragon",
      "one_suit_honours"], 30, 3, 240),
    ("pure_one_suit_pung", DOBLES,
     hand("22255m", "5m", ("c:123m", "c:456m", "c:789m")),
     # hidden pung 222m 4 + MJ 20 = 24; one suit only ×2 three times: 24 × 8 = 192
     ["hidden_pung_simple", "mah_jong", "pure_one_suit"], 24, 3, 192),
    ("pure_one_suit_chows", DOBLES,
     hand("234p66p", "6p", ("c:123p", "c:456p", "c:789p")),
     # no scoring set: MJ 20 + nothing but MJ 10 = 30; one suit ×8 = 240
     ["mah_jong", "only_mah_jong", "pure_one_suit"], 30, 3, 240),
    ("one_suit_with_wind", DOBLES,
     hand("123s456s789s55s", "5s", ("p:444z",)),
     # exposed North pung 4 (South's hand) + MJ 20 = 24; one suit with honours ×2 = 48
     ["exposed_pung_wind", "mah_jong", "one_suit_honours"], 24, 1, 48),
    ("all_honours", DOBLES,
     hand("444z555z66z", "6z", ("p:111z", "p:333z"), win="self_drawn"),
     # exposed 111z 4 + 333z 4 + hidden North pung 8 (reading) + hidden white 8
     # + hidden pair green 2 + MJ 20 + self-drawn 2 + no chow 10 = 58;
     # ×2 dragon, ×8 all honours: 58 × 16 = 928
     ["exposed_pung_wind", "exposed_pung_wind", "hidden_pung_wind", "hidden_pung_dragon",
      "hidden_pair", "mah_jong", "self_drawn", "no_chow", "dragon", "all_honours"], 58, 4, 928),
    ("kongs_terminals", HIDDEN,
     hand("234m678m44z", "4z", ("K:9999p", "k:1111s"), seat="N"),
     # hidden kong 9999p 32 + exposed kong 1111s 16 + own-wind pair by discard 2 + MJ 20 = 70
     ["exposed_kong_terminal", "exposed_pair", "hidden_kong_terminal", "mah_jong"], 70, 0, 70),
    ("kongs_honours", HIDDEN,
     hand("345p345p88p", "8p", ("K:7777z", "k:1111z"), win="self_drawn", seat="E"),
     # exposed East kong 16 + hidden red kong 32 + MJ 20 + self-drawn 2 = 70;
     # ×2 own wind, ×2 dragon, ×2 one suit with honours: 70 × 8 = 560
     ["exposed_kong_wind", "hidden_kong_dragon", "mah_jong", "self_drawn", "own_wind", "dragon",
      "one_suit_honours"], 70, 3, 560),
    ("exposed_dragon_kong", EXPOSED,
     hand("123m123m789m99m", "9m", ("k:6666z",)),
     # exposed green kong 16 + MJ 20 = 36; ×2 dragon, ×2 one suit with honours = 144
     ["exposed_kong_dragon", "mah_jong", "dragon", "one_suit_honours"], 36, 2, 144),
    ("robbing_kong", PRIMAS,
     hand("123m456m789m234p55s", "4p", win="robbing_kong"),
     # chows only: MJ 20 + nothing but MJ 10 + robbing a kong 10 = 40
     ["mah_jong", "only_mah_jong", "robbing_kong"], 40, 0, 40),
    ("last_tile_self_drawn", PRIMAS,
     hand("222m333p777s888s99p", "8s", win="self_drawn", last_tile=True),
     # 16 + MJ 20 + self-drawn 2 + no chow 10 + last live-wall tile 10 = 58
     ["hidden_pung_simple"] * 4 + ["mah_jong", "self_drawn", "no_chow", "last_tile"], 58, 0, 58),
    ("last_tile_discard_no_bonus", PRIMAS,
     hand("222m333p777s888s99p", "8s", last_tile=True),
     # the last tile discarded by another: no bonus (reading): 44 as above
     ["exposed_pung_simple"] + ["hidden_pung_simple"] * 3 + ["mah_jong", "no_chow"], 44, 0, 44),
    ("last_tile_loose_tile_no_bonus", PRIMAS,
     hand("123m456m789s55s", "5s", ("k:2222p",), win="kong_replacement", last_tile=True),
     # a loose tile comes from the dead wall, not the live wall: 38 as above
     ["exposed_kong_simple", "mah_jong", "loose_tile"], 38, 0, 38),
    ("flowers_score_nothing", PRIMAS,
     hand("123m456m789p234s55s", "5s", flowers="1f5f"),
     # flowers: no points on the sheet (reading): 30 as the first hand
     ["mah_jong", "only_mah_jong"], 30, 0, 30),
    ("pungs_beat_chows", HIDDEN,
     hand("111m222m333m456p77s", "4p"),
     # as pungs: hidden 111m 8 + 222m 4 + 333m 4 + MJ 20 = 36;
     # as chows: MJ 20 + nothing but MJ 10 = 30; the player announces 36
     ["hidden_pung_terminal", "hidden_pung_simple", "hidden_pung_simple", "mah_jong"], 36, 0, 36),
    ("win_tile_in_chow_keeps_pung_hidden", HIDDEN,
     hand("123m456m555567p88s", "5p"),
     # 5p in the chow 567p: pung 555p hidden 4 (in the pung it would be exposed 2) + MJ 20 = 24
     ["hidden_pung_simple", "mah_jong"], 24, 0, 24),
    ("discard_completes_terminal_pung", EXPOSED,
     hand("999s123m456m789p33z", "9s"),
     # 999s completed by the discard: exposed 4; West pair in South's hand 0; MJ 20 = 24
     ["exposed_pung_terminal", "mah_jong"], 24, 0, 24),
    ("self_drawn_terminal_pung", HIDDEN,
     hand("999s123m456m789p33z", "9s", win="self_drawn"),
     # 999s self-drawn: hidden 8 (1 or 9 reading) + MJ 20 + self-drawn 2 = 30
     ["hidden_pung_terminal", "mah_jong", "self_drawn"], 30, 0, 30),
    ("own_wind_hidden_one_suit", DOBLES,
     hand("333z111p234p567p99p", "2p", seat="W"),
     # hidden West pung 8 (reading) + hidden 111p 8 + MJ 20 = 36;
     # ×2 own wind, ×2 one suit with honours = 144
     ["hidden_pung_terminal", "hidden_pung_wind", "mah_jong", "own_wind", "one_suit_honours"],
     36, 2, 144),
    ("pure_one_suit_no_chow", DOBLES,
     hand("666s888s99s", "9s", ("p:222s", "p:444s")),
     # exposed 222s 2 + 444s 2 + hidden 666s 4 + 888s 4 + MJ 20 + no chow 10 = 42; ×8 = 336
     ["exposed_pung_simple", "exposed_pung_simple", "hidden_pung_simple", "hidden_pung_simple",
      "mah_jong", "no_chow", "pure_one_suit"], 42, 3, 336),
    ("pair_of_other_wind", PRIMAS,
     hand("123m456m789p234s11z", "1z", seat="W"),
     # East pair for West scores nothing: MJ 20 + nothing but MJ 10 = 30
     ["mah_jong", "only_mah_jong"], 30, 0, 30),
    ("dragon_pair_is_not_nothing", HIDDEN,
     hand("123m456m789p234s66z", "3s"),
     # the green pair scores 2, so no "nothing but MJ": hidden pair 2 + MJ 20 = 22
     ["hidden_pair", "mah_jong"], 22, 0, 22),
    ("exposed_kong_wind_no_double", EXPOSED,
     hand("123m456m789p55s", "5s", ("k:3333z",)),
     # exposed West kong 16 in South's hand + MJ 20 = 36
     ["exposed_kong_wind", "mah_jong"], 36, 0, 36),
    ("hidden_simple_kong_robbed_win", HIDDEN,
     hand("234m567m11p999p", "3m", ("K:4444s",), win="robbing_kong"),
     # the robbed 3m completes a chow: hidden kong 4444s 16 + hidden 999p 8; 11p nothing;
     # MJ 20 + robbing a kong 10 = 54
     ["hidden_pung_terminal", "hidden_kong_simple", "mah_jong", "robbing_kong"], 54, 0, 54),
]


@pytest.mark.parametrize("case_id, section, description, keys, points, doubles, total", WINNING,
                         ids=[c[0] for c in WINNING])
def test_winning_hands(case_id, section, description, keys, points, doubles, total):
    result = score(description)
    assert result.winning
    assert sorted(i.key for i in result.items) == sorted(keys)
    assert section in {i.citation.section for i in result.items}
    assert result.details == {"points": points, "doubles": doubles}
    assert result.total == total
    assert result.payments is None  # the loser's own hands are needed: see settle()
    assert "cayro.four_sets_and_pair" in result.readings


READINGS = [
    ("brief_example_self_drawn", {"cayro.hidden_pair_slip"}),
    ("all_honours", {"cayro.hidden_wind_pung", "cayro.hidden_pair_slip"}),
    ("kongs_terminals", {"cayro.first_tiles_terminals", "cayro.kong_exposure",
                         "common.kong_counts_as_set"}),
    ("loose_tile_not_self_drawn", {"cayro.loose_tile", "cayro.kong_exposure"}),
    ("chows_only_discard", {"cayro.only_mah_jong"}),
    ("robbing_kong", {"cayro.robbing_kong"}),
    ("last_tile_discard_no_bonus", {"cayro.last_tile_drawn"}),
    ("flowers_score_nothing", {"cayro.no_flower_points"}),
    ("pair_completed_by_discard", set()),
]


@pytest.mark.parametrize("case_id, expected", READINGS, ids=[r[0] for r in READINGS])
def test_readings_listed(case_id, expected):
    description = next(c[2] for c in WINNING if c[0] == case_id)
    readings = set(score(description).readings)
    assert expected <= readings
    if not expected:
        assert readings == {"cayro.four_sets_and_pair"}


NOT_WINNING = [
    # Cayro, Desarrollo del juego: four groups of three and one of two, nothing else
    ("one_short", hand("123m456m789p234s56s", "6s")),
    ("seven_pairs", hand("11m22m33p44p55s66s77z", "7z")),
    ("thirteen_orphans", hand("19m19p19s1234567z1m", "1m")),
    ("three_sets_two_pairs_odd_tile", hand("123m456m789p55s66s7z", "7z")),
]


@pytest.mark.parametrize("case_id, description", NOT_WINNING, ids=[c[0] for c in NOT_WINNING])
def test_not_winning(case_id, description):
    result = score(description)
    assert not result.winning
    assert result.items == [] and result.total is None
    assert result.readings == ["cayro.four_sets_and_pair"]


def test_clashes():
    """Cayro, Primas: loose tile «no acumulable» with self-drawn; nothing-but-MJ and
    no-chow cannot meet; one-suit doubles exclude one another."""
    by_id = {c[0]: score(c[2]) for c in WINNING}
    for result in by_id.values():
        keys = [i.key for i in result.items]
        assert not {"loose_tile", "self_drawn"} <= set(keys)
        assert not {"only_mah_jong", "no_chow"} <= set(keys)
        assert len({"pure_one_suit", "one_suit_honours", "all_honours"} & set(keys)) <= 1
        assert keys.count("mah_jong") == 1


def test_wrong_size_rejected():
    with pytest.raises(HandError):
        score(hand("123m456m789p234s5s", "5s"))


# ---------------------------------------------------------------- every player scores

LOSING = [
    # Cayro, Desarrollo del juego (others count their hands) + Puntuaciones; reading losing_hand
    ("dragon_pung_own_pair", hand("555p22z123m99s", "1m", ("p:777z",)),
     # exposed red pung 4 + 555p in hand 4 + own-wind pair 22z 2; 99s 0 = 10; ×2 dragon = 20
     ["exposed_pung_dragon", "hidden_pung_simple", "hidden_pair", "dragon"], 10, 1, 20),
    ("four_in_hand_is_a_pung", hand("5555m123p456p789s", "7s"),
     # four 5m not declared: one hidden pung 4; no bonus for anything = 4
     ["hidden_pung_simple"], 4, 0, 4),
    ("every_valued_pair", hand("55z66z11z9m234p", "9m", ("k:1111p",), seat="E"),
     # exposed kong 1111p 16 + pairs white 2, green 2, own wind East 2 = 22; no doubles
     ["exposed_kong_terminal", "hidden_pair", "hidden_pair", "hidden_pair"], 22, 0, 22),
    ("one_suit_with_honours_loser", hand("111s23s45s67s89s44z", "4z", seat="N"),
     # hidden 111s 8 + own-wind pair 2 = 10; ×2 one suit with honours = 20
     ["hidden_pung_terminal", "hidden_pair", "one_suit_honours"], 10, 1, 20),
    ("nothing", hand("13m46m79p13s57s123z", "1m"),
     # no pung, no valued pair: 0
     [], 0, 0, 0),
]


@pytest.mark.parametrize("case_id, description, keys, points, doubles, total", LOSING,
                         ids=[c[0] for c in LOSING])
def test_losing_hands(case_id, description, keys, points, doubles, total):
    result = score_losing_hand(HandDescription.from_json(description))
    assert not result.winning
    assert sorted(i.key for i in result.items) == sorted(keys)
    assert not BONUS_KEYS & {i.key for i in result.items}
    assert result.details == {"points": points, "doubles": doubles}
    assert result.total == total
    assert "cayro.losing_hand" in result.readings


def test_losing_hand_size():
    with pytest.raises(HandError):
        score_losing_hand(HandDescription.from_json(hand("123m456m789p234s55s", "5s")))


SETTLEMENTS = [
    # Cayro, Desarrollo del juego: all pay the winner his value; the others settle differences
    ({"E": 20, "S": 100, "W": 8, "N": 0}, "S", False,
     # S +100×3; W pays E 12, N pays E 20, N pays W 8
     {"E": -68, "S": 300, "W": -104, "N": -128}),
    ({"E": 20, "S": 100, "W": 8, "N": 0}, "S", True,
     # East pays 200; E receives 24 and 40 (doubled); W–N 8
     {"E": -136, "S": 400, "W": -116, "N": -148}),
    ({"E": 50, "S": 10, "W": 0, "N": 4}, "E", True,
     # each pays East 100; W pays S 10, N pays S 6, W pays N 4
     {"E": 300, "S": -84, "W": -114, "N": -102}),
    ({"E": 50, "S": 10, "W": 0, "N": 4}, "E", False,
     # each pays East 50; differences as above
     {"E": 150, "S": -34, "W": -64, "N": -52}),
]


@pytest.mark.parametrize("values, winner, banker, expected", SETTLEMENTS)
def test_settle(values, winner, banker, expected):
    assert settle(values, winner, banker_doubles=banker) == expected
    rules = Cayro(CayroOptions(banker_doubles=banker))
    assert net_of(rules.settle_transfers(values, winner)) == expected


def test_options_default():
    assert Cayro().options == CayroOptions(banker_doubles=False)


def test_class_data():
    rules = Cayro()
    assert (rules.key, rules.tile_count, rules.sets, rules.wall_stacks, rules.dice) == \
        ("cayro", 144, 4, 18, 2)
    assert rules.uses_bonus_tiles and rules.hand_size == 14
    assert [form.key for form in rules.forms] == ["regular"]


# ---------------------------------------------------------------- catalogues

def _catalogue(lang: str) -> dict[str, str]:
    return json.loads((ROOT / "static" / "i18n" / lang / "cayro.json").read_text("utf-8"))


def test_catalogues_cover_every_key():
    needed = {"name", "document"}
    needed |= {f"item.{entry.key}" for entry in Cayro.entries}
    needed |= {f"form.{form.key}" for form in Cayro.forms}
    own = set(ALL_READINGS) | set(Cayro.readings)
    own |= {r for entry in Cayro.entries for r in entry.readings}
    assert all(r.startswith("cayro.") for r in own)
    needed |= {f"reading.{r.split('.', 1)[1]}" for r in own}
    tables = {lang: _catalogue(lang) for lang in LANGS}
    for lang, table in tables.items():
        assert needed <= set(table), f"{lang} lacks {sorted(needed - set(table))}"
    assert set(tables["pt"]) == set(tables["en"]) == set(tables["es"])
    for key in tables["en"]:
        if key.startswith("reading."):
            assert tables["en"][key].startswith("The document does not say")
            assert tables["pt"][key].startswith("O documento não diz")
            assert tables["es"][key].startswith("El documento no dice")
        assert len({tables[lang][key] for lang in LANGS}) > 1 or key.startswith("term."), key


def test_common_readings_known():
    common = json.loads((ROOT / "static" / "i18n" / "en" / "common.json").read_text("utf-8"))
    seen = {r for case in WINNING for r in score(case[2]).readings if r.startswith("common.")}
    assert {f"reading.{r.split('.', 1)[1]}" for r in seen} <= set(common)


def test_cli_contract():
    description = next(c[2] for c in WINNING if c[0] == "two_dragons_one_suit")
    run = subprocess.run([sys.executable, "-m", "mahjong_engine", "score", "-"],
                         input=json.dumps(description), capture_output=True, text=True,
                         cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")})
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["winning"] and out["rules"] == "cayro" and out["unit"] == "points"
    assert out["total"] == 240
    assert {i["key"] for i in out["items"]} >= {"dragon", "one_suit_honours"}
    assert all(i["citation"].startswith("Cayro, Puntuaciones") for i in out["items"])


# ---------------------------------------------------------------- properties

SUITS = "mps"


def _permute(description: dict, order: str) -> dict:
    table = str.maketrans(SUITS, order)
    out = dict(description)
    out["concealed"] = description["concealed"].translate(table)
    out["win_tile"] = description["win_tile"].translate(table)
    out["melds"] = [dict(m, tiles=m["tiles"].translate(table)) for m in description["melds"]]
    return out


@pytest.mark.parametrize("case_id, description", [(c[0], c[2]) for c in WINNING],
                         ids=[c[0] for c in WINNING])
def test_suit_permutations_table(case_id, description):
    totals = {score(_permute(description, "".join(p))).total for p in permutations(SUITS)}
    assert totals == {score(description).total}


def _notation(tile: int) -> str:
    if tile < 27:
        return f"{tile % 9 + 1}{SUITS[tile // 9]}"
    return f"{tile - 26}z"


@st.composite
def complete_hands(draw) -> dict:
    """Four random sets (some declared) and a pair, a winning tile and how it came."""
    counts = [0] * 34
    melds, concealed = [], []
    pair = draw(st.integers(0, 33))
    counts[pair] += 2
    concealed += [pair, pair]
    for _ in range(4):
        tile = draw(st.integers(0, 33))
        kind = draw(st.sampled_from(["chow", "pung", "kong"]))
        if kind == "chow" and (tile >= 27 or tile % 9 > 6):
            kind = "pung"
        size = {"chow": 3, "pung": 3, "kong": 4}[kind]
        span = [tile + i for i in range(3)] if kind == "chow" else [tile] * size
        for t in span:
            counts[t] += 1
        text = "".join(_notation(t) for t in span)
        if kind == "kong":
            melds.append({"kind": "kong", "tiles": text, "concealed": draw(st.booleans())})
        elif draw(st.booleans()):
            melds.append({"kind": kind, "tiles": text, "concealed": False})
        else:
            concealed += span
    assume(max(counts) <= 4)
    win_tile = draw(st.sampled_from(concealed))
    win = draw(st.sampled_from(["discard", "self_drawn", "kong_replacement", "robbing_kong"]))
    # Only situations that can happen (issues 15, 30: a robbed tile is never held again).
    if win == "kong_replacement" and not any(m["kind"] == "kong" for m in melds):
        win = "self_drawn"
    if win == "robbing_kong" and counts[win_tile] >= 2:
        win = "discard"
    return {"rules": "cayro", "concealed": "".join(_notation(t) for t in concealed),
            "win_tile": _notation(win_tile), "melds": melds, "win": win,
            "seat_wind": draw(st.sampled_from("ESWN")), "last_tile": draw(st.booleans())}


@settings(max_examples=200, deadline=None)
@given(complete_hands(), st.permutations(SUITS))
def test_property_suits_do_not_matter(description, order):
    result = score(description)
    assert result.winning
    assert score(_permute(description, "".join(order))).total == result.total


@settings(max_examples=200, deadline=None)
@given(complete_hands())
def test_property_value_is_points_times_doubles(description):
    result = score(description)
    points = sum(i.amount for i in result.items if i.unit.value == "points")
    doubles = sum(i.amount for i in result.items if i.unit.value == "doubles")
    assert result.total == points * 2 ** doubles
    keys = [i.key for i in result.items]
    assert keys.count("mah_jong") == 1 and points >= 20
    assert not {"loose_tile", "self_drawn"} <= set(keys)
    assert not {"only_mah_jong", "no_chow"} <= set(keys)


@settings(max_examples=200, deadline=None)
@given(st.fixed_dictionaries({w: st.integers(0, 5000) for w in "ESWN"}),
       st.sampled_from("ESWN"), st.booleans())
def test_property_settlement(values, winner, banker):
    net = settle(values, winner, banker_doubles=banker)
    assert sum(net.values()) == 0
    assert net[winner] > 0 or values[winner] == 0
    if not banker:
        assert net[winner] == 3 * values[winner]
        losers = [w for w in "ESWN" if w != winner]
        # among losers, the higher hand never ends worse off than the lower one
        for a in losers:
            for b in losers:
                if values[a] >= values[b]:
                    assert net[a] >= net[b]
