"""The presenter (py/mahjong_ui/present): the arithmetic and the payments of a result worded
from the catalogues, worked out by hand from each document (article cited beside each case).
For every case the formula shown adds up to the total and the payment rows are the
engine's payments, each row the sum of the transfers worded under it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mahjong_engine import score as engine_score
from mahjong_engine.game.state import HandResult
from mahjong_engine.hand import Stake
from mahjong_engine.rules import get_rule_set
from mahjong_engine.rules.macau_1988 import Macau1988
from mahjong_engine.rules.serralheiro_2003 import SerralheiroOptions, hand_value
from mahjong_engine.scoring import Citation, ScoreItem, ScoreResult, Unit, net_of
from mahjong_ui.i18n import Translator
from mahjong_ui.present import present_hand, present_score

ROOT = Path(__file__).resolve().parents[2]

I18N = ROOT / "static" / "i18n"
LANGS = ("pt", "en", "es")
SEATS = "ESWN"


def words_for(lang: str) -> Translator:
    """The page's translator over every catalogue of ``lang`` alone (no English fallback), unbound:
    the presenter names each key's domain. ``t`` fails on a key the catalogue lacks."""
    tables = {(lang, path.stem): json.loads(path.read_text(encoding="utf-8"))
              for path in (I18N / lang).glob("*.json")}
    return _Strict(tables, lang)


class _Strict(Translator):
    def t(self, key: str, **params: object) -> str:
        assert self.known(key), f"{self.lang} catalogues lack {key}"
        return super().t(key, **params)


EN = words_for("en")


def seat_name(wind: str) -> str:
    return {"E": "East", "S": "South", "W": "West", "N": "North"}[wind]


def formula(view) -> list[str]:
    return [line.text for line in view.formula]


def assert_adds_up(view, total) -> None:
    """Every line of the formula holds, and the last figure of the value is the total."""
    for text in formula(view):
        found = re.search(r"((?:\d+ \+ )+\d+) = (\d+)", text)
        if found:
            assert sum(int(x) for x in found.group(1).split(" + ")) == int(found.group(2)), text
        found = re.search(r"(\d+) × 2\^(\d+) = (\d+)", text)
        if found:
            p, d, v = map(int, found.groups())
            assert p * 2 ** d == v, text
        found = re.search(r"(\d+) × 2 = (\d+)", text)
        if found:
            assert 2 * int(found.group(1)) == int(found.group(2)), text
    assert total in [line.value for line in view.formula]


def assert_rows(view, transfers, payments) -> None:
    """One row per seat; its amount is the engine's payment and the sum of its transfers."""
    assert [row.amount for row in view.payments] == list(payments)
    for row in view.payments:
        paid = sum(t["amount"] for t in transfers if t["payer"] == row.wind)
        got = sum(t["amount"] for t in transfers if t["payee"] == row.wind)
        assert got - paid == row.amount
        assert len([t for t in transfers if t["payer"] == row.wind]) + (1 if got else 0) == len(row.lines)


def score(hand: dict):
    return engine_score(hand)


# ------------------------------------------------------------------ Serralheiro (2003)

def test_serralheiro_banker_win_has_its_double_as_a_line():
    # East (the banker) wins on a discard: Mah-Jong 20 (§10 b), white dragons in hand 8,
    # eights of bamboo in hand 4, a pair of winds 2 (reading wind_pair_any): 34 points;
    # one double for the dragon set (§10 c): 34 × 2^1 = 68; the banker's hand is worth
    # double (note 10): 68 × 2 = 136; the banker receives double (§9 c ii): 136 from each.
    result = score({"rules": "serralheiro_2003", "concealed": "234m567p888s555z11z",
                    "win_tile": "1z", "win": "discard", "seat_wind": "E", "round_wind": "E"})
    view = present_score(EN, result, seat_name)
    assert formula(view) == ["Points: 20 + 8 + 4 + 2 = 34", "34 × 2^1 = 68",
                             "Banker's hand × 2: 68 × 2 = 136"]
    assert view.total == 136
    assert_adds_up(view, 136)
    data = result.to_json()
    assert_rows(view, data["transfers"], [408, -136, -136, -136])
    assert "the winner's hand 68 × 2" in view.payments[1].lines[0]
    assert "§9 c ii" in view.payments[1].citations[0]


def test_serralheiro_limit_hand_for_the_banker():
    # «Tesouro escondido» is a limit hand («Organização de alguns jogos»): the limit, 2,000
    # (§10 iv); the banker's hand double, up to his limit of 4,000; each loser pays 4,000.
    result = score({"rules": "serralheiro_2003", "concealed": "111m999p555z666z77z",
                    "win_tile": "7z", "win": "self_drawn", "seat_wind": "E", "round_wind": "E"})
    view = present_score(EN, result, seat_name)
    lines = formula(view)
    assert lines[0] == "Points: 20 + 8 + 8 + 8 + 8 + 2 = 54"
    assert lines[1] == "54 × 2^4 = 864"
    assert lines[2] == "Limit hand: the limit, 2000"
    assert view.items[-1].amount_text == "the limit"
    assert lines[3] == "Banker's hand × 2: 2000 × 2 = 4000"
    assert_adds_up(view, 4000)
    assert_rows(view, result.to_json()["transfers"], [12000, -4000, -4000, -4000])


def test_serralheiro_limit_caps_a_big_count():
    # 126 points × 2^5 = 4,032 (§10 b-c) is over the limit agreed, 2,000 (§10 iv): 2,000.
    cite = Citation("serralheiro_2003", "§10 b")
    items = [ScoreItem("mah_jong", 20, Unit.POINTS, cite)] + [
        ScoreItem("kong_wind_concealed", 32, Unit.POINTS, cite) for _ in range(3)] + [
        ScoreItem("pung_terminal_concealed", 8, Unit.POINTS, cite),
        ScoreItem("pair_dragon", 2, Unit.POINTS, cite)] + [
        ScoreItem("wind_own", 1, Unit.DOUBLES, cite) for _ in range(3)] + [
        ScoreItem("three_pungs_concealed", 2, Unit.DOUBLES, cite)]
    result = ScoreResult("serralheiro_2003", True, Unit.POINTS, items)
    hand_value(result, SerralheiroOptions(), banker=False)
    view = present_score(EN, result, seat_name)
    assert formula(view)[1:] == ["126 × 2^5 = 4032", "Limit 2000: 4032 → 2000"]
    assert result.total == 2000


def test_serralheiro_losers_settle_differences():
    # §10 v-vi: South wins with 26; East (the banker) holds 10, West 8, North 12. Every
    # loser pays the winner 26, East double (§9 c ii): 52; then the losers settle:
    # East pays North (12 − 10) × 2 = 4, West pays East (10 − 8) × 2 = 4, West pays
    # North 12 − 8 = 4. Net: E −52, S +104, W −34, N −18.
    rules = get_rule_set("serralheiro_2003")
    values = {"E": 10, "S": 26, "W": 8, "N": 12}
    transfers = rules.settle_transfers(values, "S")
    assert net_of(transfers) == {"E": -52, "S": 104, "W": -34, "N": -18}
    hand = HandResult(winner=1, win="discard", score={"rules": "serralheiro_2003", "winning": True,
                                                      "unit": "points", "total": 26, "items": [],
                                                      "steps": []},
                      payments=[-52, 104, -34, -18], transfers=[t.to_json() for t in transfers],
                      losers=[{"value": 10, "items": [], "steps": []}, None,
                              {"value": 8, "items": [], "steps": []},
                              {"value": 12, "items": [], "steps": []}])
    view = present_hand(EN, hand, seat_name)
    assert_rows(view, hand.transfers, [-52, 104, -34, -18])
    assert [(loser.wind, loser.value) for loser in view.losers] == [("E", 10), ("W", 8), ("N", 12)]
    east = view.payments[0].lines
    assert "pays South 52: the winner's hand 26 × 2" in east[1]
    assert "pays North 4: the difference of their hands, 12 − 10 = 2, × 2" in east[2]
    assert view.payments[3].lines[1] == "pays South 26: the winner's hand, 26"


# ------------------------------------------------------------------ Cayro

def test_cayro_formula_is_points_times_two_to_the_doubles():
    # «Puntuaciones»: points of the sets and bonuses, doubled once per double.
    result = score({"rules": "cayro", "concealed": "567p888s22z", "win_tile": "6p",
                    "melds": [{"kind": "chow", "tiles": "234m"},
                              {"kind": "kong", "tiles": "5555m", "concealed": True}],
                    "flowers": "1f6f", "win": "discard", "seat_wind": "S", "round_wind": "E"})
    view = present_score(EN, result, seat_name)
    points = sum(i.amount for i in result.items if i.unit is Unit.POINTS)
    doubles = sum(i.amount for i in result.items if i.unit is Unit.DOUBLES)
    if doubles:
        assert formula(view)[-1] == f"{int(points)} × 2^{int(doubles)} = {result.total}"
    else:        # no doubling: no "× 2^0" shown (issue 26)
        assert formula(view)[-1] == f"No doubles: {result.total}"
    assert_adds_up(view, result.total)


@pytest.mark.parametrize("banker_doubles, net", [
    # «pagar al que hace Mah-Jong, liquidando sus diferencias»: North wins with 32; East
    # and South hold 0, West 6: all pay 32; East and South each pay West 6.
    (False, {"E": -38, "S": -38, "W": -20, "N": 96}),
    # with the banker's doubling (reading cayro.banker_doubling) East's payments are double
    (True, {"E": -76, "S": -38, "W": -14, "N": 128}),
])
def test_cayro_losers_differences(banker_doubles, net):
    from mahjong_engine.rules.cayro import transfers as cayro_transfers
    moved = cayro_transfers({"E": 0, "S": 0, "W": 6, "N": 32}, "N", banker_doubles)
    assert net_of(moved) == net
    data = [t.to_json() for t in moved]
    view = present_hand(EN, {"score": {"rules": "cayro"}, "transfers": data,
                             "payments": [net[w] for w in SEATS]}, seat_name)
    assert_rows(view, data, [net[w] for w in SEATS])
    assert all(t["amount"] > 0 for t in data)      # equal hands pay nothing to each other


# ------------------------------------------------------------------ Macau (Portaria 133/88/M)

def test_macau_fan_grade_units_times_stake():
    # South wins on a discard with «Ch'ing iat sék» (art. 5.º (3): fan dobrado outright) and
    # «Tói-tói vu» (1 fan, art. 5.º (2)): fan dobrado = 4 units (art. 6.º, reading
    # payment_units); stake 100/200: East (the banker) pays 4 × 200 = 800, West and North
    # 4 × 100 = 400 each; the house takes 40 from the winner (art. 7.º): South +1,560.
    result = score({"rules": "macau_1988", "concealed": "111222333m44455m", "win_tile": "5m",
                    "win": "discard", "seat_wind": "S", "round_wind": "E", "stake": "100/200"})
    view = present_score(EN, result, seat_name)
    lines = formula(view)
    assert lines[0] == "«Fan»: 1"
    assert lines[1].endswith("→ Double «fan» («Leong fan»), the highest grade")
    assert lines[2] == "Double «fan» («Leong fan»), the highest grade = 4 units of the stake"
    assert not any("limit" in line for line in lines)
    assert [i.amount_text for i in view.items] == ["double «fan»", "1 fan"]   # art. 5.º (3), (2)
    assert view.total == 2
    assert_rows(view, result.to_json()["transfers"], [-800, 1560, -400, -400])
    assert view.payments[0].lines == ("pays South 800: 4 units × 200, the banker's price",)
    assert view.payments[1].lines[-1] == "pays the house 40: commission on a 100/200 stake"


def test_macau_liable_discarder_pays_the_others_shares():
    # art. 9.º (3): West's dragon completed the big three dragons; he «suporta a perda dos
    # outros dois parceiros»: his own 4 × 100 and East's 4 × 200 and North's 4 × 100, 1,600
    # (reading liable_pays_shares); East and North pay nothing; commission 40 (art. 7.º).
    rules = Macau1988()
    result = ScoreResult("macau_1988", True, Unit.FAN, total=2)
    moved = rules.liable_transfers(result, 1, 2, Stake(100, 200), "big_dragons_winds")
    net = net_of(moved)
    assert net == {"E": 0, "S": 1560, "W": -1600, "N": 0}
    data = [t.to_json() for t in moved]
    view = present_hand(EN, {"score": {"rules": "macau_1988"}, "transfers": data,
                             "payments": [net[w] for w in SEATS], "commission": 40}, seat_name)
    assert_rows(view, data, [0, 1560, -1600, 0])
    west = view.payments[2]
    assert len(west.lines) == 3
    assert ("pays South 800 in place of East: 4 units × 200; "
            "liable: his discard completed the big dragons or big winds") in west.lines
    assert any("art. 9.º (3)" in c for c in west.citations)


# ------------------------------------------------------------------ Filipino

def test_filipino_markers_and_the_cap():
    # «Marcar a vitória»: «Eskalera» (1-9 of characters) and «Bunot» (self-drawn) are two of
    # the 2-marker criteria: two or more make 3; no win is worth more than 3 markers.
    result = score({"rules": "filipino", "concealed": "123456789m111p333s22p", "win_tile": "9m",
                    "win": "self_drawn", "seat_wind": "S", "round_wind": "E"})
    view = present_score(EN, result, seat_name)
    assert formula(view) == ["Two or more criteria: 3", "Never more than 3 markers: 3"]
    assert view.total_text == "3 markers"
    hand = {"score": result.to_json(), "markers": [0, 3, 0, 0]}
    rows = present_hand(EN, hand, seat_name).payments
    assert [r.amount for r in rows] == [0, 3, 0, 0]
    assert rows[1].lines == ("takes 3 markers",)     # under South's own row
    assert len(rows[1].citations) == len(rows[1].lines)


def test_one_marker_is_singular():
    result = score({"rules": "filipino", "concealed": "123456789m111p333s22p", "win_tile": "9m",
                    "win": "discard", "seat_wind": "S", "round_wind": "E"})
    view = present_score(EN, result, seat_name)
    assert view.total == 2 and view.total_text == "2 markers"
    rows = present_hand(EN, {"score": result.to_json(), "markers": [0, 1, 0, 0]}, seat_name).payments
    assert rows[1].lines == ("takes 1 marker",)


# ------------------------------------------------------------------ every language

@pytest.mark.parametrize("lang", LANGS)
def test_every_step_and_reason_is_worded_in_every_language(lang):
    words = words_for(lang)
    hands = [
        {"rules": "serralheiro_2003", "concealed": "111m999p555z666z77z", "win_tile": "7z",
         "win": "self_drawn", "seat_wind": "E", "round_wind": "E"},
        {"rules": "macau_1988", "concealed": "111222333m44455m", "win_tile": "5m",
         "win": "discard", "seat_wind": "S", "round_wind": "E", "stake": "100/200"},
        {"rules": "filipino", "concealed": "123456789m111p333s22p", "win_tile": "9m",
         "win": "self_drawn", "seat_wind": "S", "round_wind": "E"},
    ]
    for hand in hands:
        view = present_score(words, score(hand), lambda w: w)
        for text in formula(view) + [line for row in view.payments for line in row.lines]:
            assert "{" not in text and "result." not in text, text


# ------------------------------------------------------------------ the table's dialog

@pytest.mark.parametrize("rules", ("macau_1988", "filipino", "serralheiro_2003", "cayro"))
def test_table_dialog_rows_are_the_engines_payments(rules):
    from mahjong_ui.table.catalogue import DOMAINS, table_domains, table_translator
    from mahjong_ui.table.controller import TableController
    from mahjong_ui.table.render import ViewState, render

    cat = table_translator()
    for domain in DOMAINS:
        cat.add("en", domain, json.loads((I18N / "en" / f"{domain}.json").read_text(encoding="utf-8")))
    cat.domains = table_domains(rules)
    checked = 0
    for seed in range(1, 12):
        c = TableController(rules, seed=seed, watch=True)
        while c.awaiting() == "computer":
            c.step()
        r = c.model()["result"]
        if r["winner"] is None:
            continue
        html = render(cat, c.model(), ViewState())
        rows = re.findall(r'<li class="res-row[^"]*" data-seat="(\d)" data-wind="(\w)"'
                          r' data-amount="(-?\d+)"', html)
        record = r["record"]
        want = record["markers"] if rules == "filipino" else record["payments"]
        assert [(int(s), int(a)) for s, _, a in rows] == list(enumerate(want))
        assert sum(int(a) for *_, a in rows) == (r["total"] if rules == "filipino" else -record["commission"])
        steps = re.findall(r'<li data-step="(\w+)" data-value="([\d.]+)"', html)
        assert [k for k, _ in steps] == [s["key"] for s in record["score"]["steps"]]
        assert str(r["total"]) in [v for _, v in steps]
        assert 'data-testid="result"' in html and 'data-action="next"' in html
        assert html.count('<ul class="res-why">') >= 1      # the winner's row says why
        folded = render(cat, c.model(), ViewState(result_folded=True))
        assert 'data-folded="true"' in folded and 'data-testid="formula"' not in folded
        checked += 1
    assert checked >= 3
