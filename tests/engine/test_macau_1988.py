"""Macau 1988 (Portaria n.º 133/88/M): hands worked out by hand from art. 5.º, read as
shared/RULES-READING.md says; settlement (art. 6.º, 7.º, 8.º (4), 9.º (8)); liability
(art. 9.º); properties.

Working notation in the comments: 1-fan items of art. 5.º (2) are added ("fan 2"),
an item of art. 5.º (3) is «fan dobrado» outright ("FD"); grade 0 kai vu, 1 one fan,
2 fan dobrado. Winds: 1z East, 2z South, 3z West, 4z North; 5z white, 6z green, 7z red.
Payments: unit × 2^grade, the banker's price when the banker pays or wins.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import assume, given, settings, strategies as st

import builders
from mahjong_engine import HandDescription, HandError, Meld, Stake, Tile, Wind, score
from mahjong_engine.notation import parse_tiles
from mahjong_engine.scoring import net_of
from mahjong_engine.rules.macau_1988 import (ALL_READINGS, GRADE_KEYS, Macau1988,
                                             MacauOptions)
from mahjong_engine.rules.macau_1988_settle import (COMMISSION_TABLE,
                                                    LIABILITY_CITATIONS, LiabilitySituation,
                                                    commission, false_win_payments,
                                                    liability, liable_payments, payments)

ROOT = Path(__file__).resolve().parents[2]

LANGS = ("pt", "en", "es")
MELD_KINDS = builders.MELD_KINDS
ONE_FAN = "art. 5.º (2)"
DOUBLE = "art. 5.º (3)"


def hand(concealed: str, win_tile: str, melds: tuple[str, ...] = (), win: str = "discard",
         seat: str = "S", round_: str = "E", **extra) -> dict:
    return builders.hand("macau_1988", concealed, win_tile, melds, win, seat, round_, **extra)


def keys(result) -> list[str]:
    return sorted(item.key for item in result.items)


# (id, hand, items, grade, citation, working)
CASES = [
    ("kai_vu", hand("123m456p234s99m", "9m", ("p:888s",)),
     [], 0, "art. 5.º (1)", "888s unvalued pung, chows: no item → kai vu"),
    ("kai_vu_dragon_pair", hand("123m456p789s234s77z", "7z"),
     [], 0, "art. 5.º (1), (2)", "four chows but a red pair: no p'ing vu → kai vu"),
    ("kai_vu_seat_wind_pair", hand("123m456p789s234s22z", "2z", seat="S"),
     [], 0, ONE_FAN, "pair is the seat wind (South): no p'ing vu"),
    ("kai_vu_round_wind_pair", hand("123m456p789s234s11z", "1z", seat="S", round_="E"),
     [], 0, ONE_FAN, "pair is the round wind (East): no p'ing vu"),
    ("ping_vu", hand("123m456p789s234s99m", "9m"),
     ["all_chows"], 1, ONE_FAN, "4 chows + 99m: fan 1"),
    ("ping_vu_unvalued_wind_pair", hand("123m456p789s234s44z", "4z", seat="S", round_="E"),
     ["all_chows"], 1, ONE_FAN, "North pair, seat S, round E: not valued → fan 1"),
    ("ping_vu_exposed_chow", hand("456p789s234s99m", "9m", ("c:123m",)),
     ["all_chows"], 1, ONE_FAN, "an exposed chow keeps p'ing vu: fan 1"),
    ("dragon_pung", hand("123m456p789s11m", "1m", ("p:666z",)),
     ["dragon_pung"], 1, ONE_FAN, "green pung: fan 1"),
    ("dragon_kong", hand("123m456p789s11m", "1m", ("k:5555z",)),
     ["dragon_pung"], 1, "art. 4.º (5); art. 5.º (2)", "a kong is a set of three: fan 1"),
    ("two_dragon_pungs", hand("123m456p11m", "1m", ("p:555z", "p:777z")),
     ["dragon_pung", "dragon_pung"], 2, ONE_FAN, "fan 1 + 1 = 2 → FD"),
    ("round_wind_pung", hand("123m456p789s11m", "1m", ("p:111z",), seat="S", round_="E"),
     ["round_wind_pung"], 1, ONE_FAN, "East pung in the East round: fan 1"),
    ("seat_wind_pung", hand("123m456p789s11m", "1m", ("p:333z",), seat="W", round_="E"),
     ["seat_wind_pung"], 1, ONE_FAN, "West pung in the West seat: fan 1"),
    ("round_and_seat_pungs", hand("123m456p11m", "1m", ("p:111z", "p:222z"), seat="S"),
     ["round_wind_pung", "seat_wind_pung"], 2, ONE_FAN, "fan 1 + 1 = 2 → FD"),
    ("double_wind", hand("123m456p789s11m", "1m", ("p:222z",), seat="S", round_="S"),
     ["double_wind_pung"], 2, DOUBLE, "South pung, seat S in round S: Seong fan FD, "
                                      "round/seat items dropped"),
    ("robbing_kong", hand("123m456p789s99m", "5p", ("p:888p",), win="robbing_kong"),
     ["robbing_kong"], 1, ONE_FAN, "Ch'eong kong: fan 1"),
    ("robbing_kong_ping_vu", hand("123m456p789s234s99m", "5p", win="robbing_kong"),
     ["all_chows", "robbing_kong"], 2, ONE_FAN, "fan 1 + 1 = 2 → FD"),
    ("kong_replacement", hand("123m456p789s99m", "9m", ("k:8888p",), win="kong_replacement"),
     ["kong_replacement"], 1, ONE_FAN, "Kong seong fá: fan 1"),
    ("successive_kongs", hand("123m456p99m", "9m", ("k:8888p", "K:3333s"),
                              win="kong_replacement", successive_kongs=True),
     ["successive_kongs"], 2, DOUBLE, "Kong seong kong FD; Kong seong fá dropped"),
    ("successive_flag_one_kong", hand("123m456p789s99m", "9m", ("k:8888p",),
                                      win="kong_replacement", successive_kongs=True),
     ["kong_replacement"], 1, ONE_FAN, "one kong only: no Kong seong kong; fan 1"),
    # art. 5.º (3) «a 4.ª doutro conjunto de 3 pedras iguais que tenha na mão»: the second
    # kong must come from a pung held in the hand; two kongs on the table (one added to an
    # exposed pung) are no «Kong seong kong»: Kong seong fá, fan 1 (art. 5.º (2)).
    ("successive_flag_added_kong", hand("123m456p99m", "9m", ("k:8888p", "k:3333s"),
                                        win="kong_replacement", successive_kongs=True),
     ["kong_replacement"], 1, ONE_FAN, "no kong from the hand: no Kong seong kong; fan 1"),
    ("all_pungs", hand("888s333p99m", "9m", ("p:222m", "p:555p")),
     ["all_pungs"], 1, ONE_FAN, "Tói-tói vu: fan 1"),
    ("concealed_pungs", hand("222m333p555p888s99m", "9m", win="self_drawn"),
     ["all_concealed_pungs"], 2, DOUBLE, "Kan-kan vu FD; Tói-tói vu dropped"),
    ("concealed_pungs_on_discard", hand("222m333p555p888s99m", "9m"),
     ["all_pungs"], 1, ONE_FAN, "winning discard taken: no Kan-kan vu; Tói-tói vu fan 1"),
    ("concealed_pungs_with_kong", hand("555p888s333p99m", "9m", ("K:2222m",), win="self_drawn"),
     ["all_pungs"], 1, ONE_FAN, "a kong was made: no Kan-kan vu; fan 1"),
    ("mixed_one_suit", hand("123m456m789m22m", "2m", ("p:444z",)),
     ["mixed_one_suit"], 1, ONE_FAN, "Wan iat sék, North unvalued: fan 1"),
    ("mixed_one_suit_dragon", hand("123m456m789m22m", "2m", ("p:555z",)),
     ["dragon_pung", "mixed_one_suit"], 2, ONE_FAN, "fan 1 + 1 = 2 → FD"),
    ("one_suit_ping_vu", hand("123m456m789m234m44z", "4z", seat="S", round_="E"),
     ["one_suit_all_chows"], 2, DOUBLE, "Wan iat sék p'ing vu FD; p'ing vu, Wan iat sék dropped"),
    ("one_suit_chows_valued_pair", hand("123m456m789m234m11z", "1z", seat="S", round_="E"),
     ["mixed_one_suit"], 1, ONE_FAN, "East pair in the East round: no p'ing vu; Wan iat sék 1"),
    ("pure_one_suit_chows", hand("123m456m789m234m99m", "9m"),
     ["all_chows", "pure_one_suit"], 2, DOUBLE, "Ch'ing iat sék FD (+ p'ing vu fan 1)"),
    ("pure_one_suit_pungs", hand("111p333p555p777p99p", "9p", win="self_drawn"),
     ["all_concealed_pungs", "pure_one_suit"], 2, DOUBLE, "Ch'ing iat sék FD, Kan-kan vu FD"),
    ("little_three_dragons", hand("123m456p77z", "3m", ("p:555z", "p:666z")),
     ["dragon_pung", "dragon_pung", "little_three_dragons"], 2, ONE_FAN,
     "Siu sam iun 1 + two dragon pungs 2 = 3 → FD"),
    ("big_three_dragons", hand("123m99p777z", "7z", ("p:555z", "p:666z")),
     ["big_three_dragons"], 2, DOUBLE, "Tai sam iun FD; dragon pungs dropped"),
    ("little_four_winds", hand("123m44z", "3m", ("p:111z", "p:222z", "p:333z"),
                               seat="N", round_="N"),
     ["little_four_winds", "mixed_one_suit"], 2, ONE_FAN,
     "Siu sei hei 1 + Wan iat sék 1 (123m and winds) = 2 → FD; 44z is a pair, not a pung"),
    ("little_four_winds_valued", hand("123m44z", "3m", ("p:111z", "p:222z", "p:333z")),
     ["little_four_winds", "mixed_one_suit", "round_wind_pung", "seat_wind_pung"], 2, ONE_FAN,
     "seat S round E: 1 + 1 + 1 + 1 = 4 → FD"),
    ("big_four_winds", hand("99m", "9m", ("p:111z", "p:222z", "p:333z", "p:444z")),
     ["big_four_winds", "mixed_one_suit", "terminals_and_honours"], 2, DOUBLE,
     "Tai sei hei FD; wind items and Tói-tói vu dropped; 99m + winds: Wan iat sék 1, "
     "Fa iu-kau 1"),
    ("big_four_winds_simple_pair", hand("55m", "5m", ("p:111z", "p:222z", "p:333z", "p:444z")),
     ["big_four_winds", "mixed_one_suit"], 2, DOUBLE,
     "Tai sei hei FD; 55m + winds: Wan iat sék 1 (no Fa iu-kau: 5 is no terminal)"),
    ("all_honours", hand("333z555z666z44z", "4z", ("p:111z",), seat="N", round_="S"),
     ["all_honours", "dragon_pung", "dragon_pung"], 2, DOUBLE,
     "Chün chü FD; Tói-tói vu dropped; two dragon pungs"),
    ("all_terminals", hand("999p11s", "1s", ("p:111m", "p:999m", "p:111p")),
     ["all_terminals"], 2, DOUBLE, "Ch'ing iu FD; Tói-tói vu dropped"),
    ("terminals_and_honours", hand("111s444z99s", "9s", ("p:111m", "p:999p")),
     ["all_pungs", "terminals_and_honours"], 2, ONE_FAN, "Fa iu-kau 1 + Tói-tói vu 1 = 2 → FD"),
    ("thirteen_orphans", hand("19m19p19s12345677z", "7z"),
     ["thirteen_orphans"], 2, DOUBLE, "Sap-sám iu FD"),
    ("heavenly", hand("123m456p789s234s99m", "9m", seat="E", win="self_drawn",
                      first_turn=True),
     ["all_chows", "heavenly_hand"], 2, "art. 4.º (1); art. 5.º (3)", "t'in vu FD (+ p'ing vu)"),
    ("earthly", hand("123m456p789s234s99m", "9m", seat="W", first_turn=True),
     ["all_chows", "earthly_hand"], 2, "art. 4.º (2); art. 5.º (3)", "tei vu FD (+ p'ing vu)"),
    ("banker_first_turn_discard", hand("123m456p789s234s99m", "9m", seat="E", first_turn=True),
     ["all_chows"], 1, "art. 4.º (1)", "the banker winning on a discard is no t'in vu: fan 1"),
]


@pytest.mark.parametrize("case_id, data, items, grade, citation, working", CASES,
                         ids=[c[0] for c in CASES])
def test_hand(case_id, data, items, grade, citation, working):
    result = score(data)
    assert result.winning
    assert keys(result) == sorted(items), working
    assert result.total == grade, working
    assert result.details["grade"] == GRADE_KEYS[grade]
    assert result.payments is None and result.commission is None


def test_case_count():
    assert len(CASES) >= 30


NOT_WINNING = [
    # art. 3.º: seven pairs is no win here
    ("seven_pairs", hand("1133m5577p99s1122z", "2z")),
    # art. 5.º (3) Sap-sám iu needs every kind: 7z missing, two pairs
    ("orphans_missing_red", hand("199m19p19s1234566z", "6z")),
    ("no_shape", hand("123m456p789s234s19m", "9m")),
    # a chow of honours is no set (art. 3.º: sequences «dum mesmo grupo» of numbered tiles)
    ("honour_run", hand("123z456p789s234s99m", "9m")),
]


@pytest.mark.parametrize("case_id, data", NOT_WINNING, ids=[c[0] for c in NOT_WINNING])
def test_not_winning(case_id, data):
    result = score(data)
    assert not result.winning
    assert result.to_json().get("total") is None
    assert "macau_1988.provisional_regulation" in result.readings


def test_no_bonus_tiles():
    with pytest.raises(HandError) as error:
        score(hand("123m456p789s234s99m", "9m", flowers="1f"))
    assert error.value.key == "hand.no_bonus_tiles_in_rules"


def test_details_and_units():
    result = score(hand("123m456p11m", "1m", ("p:555z", "p:777z")))
    assert result.details == {"fan_sum": 2, "grade": "fan_dobrado"}
    assert {item.unit.value for item in result.items} == {"fan"}
    result = score(hand("19m19p19s12345677z", "7z"))
    assert result.details == {"fan_sum": 0, "grade": "fan_dobrado"}
    assert result.items[0].unit.value == "limit"
    assert str(result.items[0].citation) == "Portaria n.º 133/88/M, art. 5.º (3)"


def test_readings_per_result():
    # four chows with a dragon pair: kai vu with no pung (art. 5.º (1) speaks of pungs)
    r = score(hand("123m456p789s234s77z", "7z"))
    assert "macau_1988.kai_vu_without_pungs" in r.readings
    # Kan-kan vu refused on a discard: the reading says why
    r = score(hand("222m333p555p888s99m", "9m"))
    assert "macau_1988.concealed_pungs_self_drawn" in r.readings
    # a (3) item that drops (2) items lists the reading
    r = score(hand("123m456p789s11m", "1m", ("p:222z",), seat="S", round_="S"))
    assert "macau_1988.double_excludes_contained" in r.readings
    r = score(hand("111s444z99s", "9s", ("p:111m", "p:999p")))
    assert "macau_1988.overlapping_fan_items_add" in r.readings
    assert set(Macau1988.readings) <= set(r.readings)


def test_class_data():
    rules = Macau1988()
    assert (rules.key, rules.document, rules.tile_count, rules.uses_bonus_tiles) == \
        ("macau_1988", "Portaria n.º 133/88/M", 136, False)
    assert (rules.sets, rules.wall_stacks, rules.dice, rules.unit.value) == (4, 17, 3, "fan")
    assert [f.key for f in rules.forms] == ["regular", "thirteen_orphans"]
    assert rules.options == MacauOptions(capital=None)


# ---------------------------------------------------------------- settlement

PAYMENT_CASES = [
    # art. 6.º, 7.º: (hand, stake, capital, payments, commission, working)
    ("kai_vu_player", hand("123m456p234s99m", "9m", ("p:888s",), stake="50/100"), None,
     {"E": -100, "S": 180, "W": -50, "N": -50}, 20,
     "grade 0: E 100 (banker price), W 50, N 50 = 200; less 20"),
    ("one_fan_player", hand("123m456p789s234s99m", "9m", stake="100/200"), None,
     {"E": -400, "S": 760, "W": -200, "N": -200}, 40,
     "grade 1: E 200×2, W 100×2, N 100×2 = 800; less 40"),
    ("double_player", hand("123m456p11m", "1m", ("p:555z", "p:777z"), stake="100/200"), None,
     {"E": -800, "S": 1560, "W": -400, "N": -400}, 40,
     "grade 2: E 200×4, W, N 100×4 = 1600; less 40"),
    ("banker_wins", hand("123m456p789s11m", "1m", ("p:111z",), seat="E", round_="E",
                         stake="100/200"), None,
     {"E": 2360, "S": -800, "W": -800, "N": -800}, 40,
     "Seong fan FD, banker receives double: 3 × 200×4 = 2400; less 40"),
    ("heavenly_banker", hand("123m456p789s234s99m", "9m", seat="E", win="self_drawn",
                             first_turn=True, stake="1000/2000"), None,
     {"E": 23600, "S": -8000, "W": -8000, "N": -8000}, 400,
     "t'in vu FD: 3 × 2000×4 = 24000; less 400"),
    ("off_table_stake", hand("123m456p789s234s99m", "9m", seat="W", stake="150/300"), None,
     {"E": -600, "S": -300, "W": 1140, "N": -300}, 60,
     "grade 1: E 300×2, S, N 150×2 = 1200; commission 40 % of 150 = 60"),
    ("capital_cap", hand("123m456p11m", "1m", ("p:555z", "p:777z"), stake="100/200"), 1000,
     {"E": -500, "S": 960, "W": -250, "N": -250}, 40,
     "1600 owed capped at 1000 in proportion 800:400:400 → 500, 250, 250; less 40"),
    ("capital_cap_remainder", hand("123m456p11m", "1m", ("p:555z", "p:777z"), stake="100/200"),
     1001, {"E": -501, "S": 961, "W": -250, "N": -250}, 40,
     "1001 × 800/1600 = 500.5, × 400/1600 = 250.25: floors 1000, the dollar left to E"),
    ("capital_not_reached", hand("123m456p789s234s99m", "9m", stake="100/200"), 5000,
     {"E": -400, "S": 760, "W": -200, "N": -200}, 40, "800 < 5000: no cap"),
]


@pytest.mark.parametrize("case_id, data, capital, expected, fee, working", PAYMENT_CASES,
                         ids=[c[0] for c in PAYMENT_CASES])
def test_payments(case_id, data, capital, expected, fee, working):
    rules = Macau1988(MacauOptions(capital=capital))
    result = rules.score(HandDescription.from_json(data))
    assert result.payments == expected, working
    assert result.commission == fee, working
    assert sum(result.payments.values()) == -fee
    assert "macau_1988.payment_units" in result.readings
    assert ("macau_1988.commission_off_table" in result.readings) == (case_id == "off_table_stake")
    assert ("macau_1988.capital_cap" in result.readings) == (capital is not None)


def test_no_stake_no_payments():
    data = score(hand("123m456p789s234s99m", "9m")).to_json()
    assert "payments" not in data and "commission" not in data


def test_commission_table():
    # art. 7.º: every row is 40 % of the player figure
    assert COMMISSION_TABLE[Stake(50, 100)] == 20
    assert COMMISSION_TABLE[Stake(3000, 6000)] == 1200
    assert COMMISSION_TABLE[Stake(10000, 20000)] == 4000
    assert all(fee * 5 == stake.player * 2 for stake, fee in COMMISSION_TABLE.items())
    assert commission(Stake(75, 150)) == 30
    assert commission(Stake(99, 198)) == 39   # 39.6 rounded down


def test_options_validate():
    with pytest.raises(ValueError):
        MacauOptions(capital=0)


def test_liable_payments():
    # art. 9.º: W pays E's 800 and N's 400 besides his own 400 (grade 2, 100/200)
    result = score(hand("123m456p11m", "1m", ("p:555z", "p:777z")))
    paid = liable_payments(result, Wind.SOUTH, Wind.WEST, Stake(100, 200))
    assert paid == {"E": 0, "S": 1560, "W": -1600, "N": 0}
    # banker wins 1 fan, N liable: 3 × 200×2 = 1200, less 40
    result = score(hand("123m456p789s234s99m", "9m", seat="E"))
    paid = liable_payments(result, Wind.EAST, Wind.NORTH, Stake(100, 200))
    assert paid == {"E": 1160, "S": 0, "W": 0, "N": -1200}
    # capital 1000 caps the single payer
    paid = liable_payments(result, Wind.EAST, Wind.NORTH, Stake(100, 200), capital=1000)
    assert paid == {"E": 960, "S": 0, "W": 0, "N": -1000}
    with pytest.raises(ValueError):
        liable_payments(result, Wind.EAST, Wind.EAST, Stake(100, 200))


def test_false_win():
    # art. 9.º (8), read at the player's price (RULES-READING, the default): the text's
    # «fan dobrado» (4 units) and «1 fan» (2 units) already carry art. 6.º's doubling.
    # A banker offender pays each of the three a fan dobrado: 100×4.
    assert false_win_payments(Wind.EAST, Stake(100, 200)) == \
        {"E": -1200, "S": 400, "W": 400, "N": 400}
    # another player: the banker a fan dobrado (100×4), the two others 1 fan (100×2)
    assert false_win_payments(Wind.SOUTH, Stake(100, 200)) == \
        {"E": 400, "S": -800, "W": 200, "N": 200}


def test_false_win_at_the_bankers_price():
    # art. 9.º (8), the option "banker": a share the banker pays or takes at his rate as
    # well (200×4), the others at the player's (100×2): 800/200/200.
    assert false_win_payments(Wind.EAST, Stake(100, 200), "banker") == \
        {"E": -2400, "S": 800, "W": 800, "N": 800}
    assert false_win_payments(Wind.SOUTH, Stake(100, 200), "banker") == \
        {"E": 800, "S": -1200, "W": 200, "N": 200}


# ---------------------------------------------------------------- liability (art. 9.º)

def items_of(data: dict) -> frozenset[str]:
    return frozenset(keys(score(data)))


def melds(*specs: str) -> tuple[Meld, ...]:
    return tuple(Meld.from_tiles(MELD_KINDS[s[0]], s[2:], concealed=s[0] == "K") for s in specs)


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tiles(text))


PURE_BAMBOO = hand("999s11s", "1s", ("c:123s", "p:555s", "c:678s"))
PURE_BAMBOO_4 = hand("11s", "1s", ("c:123s", "p:555s", "c:678s", "c:789s"), win="self_drawn")
BIG_DRAGONS = hand("123m99p777z", "7z", ("p:555z", "p:666z"))
ALL_TERMINALS = hand("999p11s", "1s", ("p:111m", "p:999m", "p:111p"))
PLAIN = hand("888s333p55p", "5p", ("p:222m", "p:444m"))   # Tói-tói vu, won on 5p
LONE = tiles("19m258p369s1z")                           # not ready, no set, no honour kept

LIABILITY_CASES = [
    ("1_pure_suit_on_table", LiabilitySituation(
        Wind.WEST, Tile.S1, items_of(PURE_BAMBOO), melds("c:123s", "p:555s", "c:678s"),
        discarder_concealed=(*LONE, Tile.S1)),
     "pure_suit_on_table", "Ch'ing iat sék, 3 bamboo sets shown, won on W's 1s"),
    ("1_two_sets_shown", LiabilitySituation(
        Wind.WEST, Tile.S1, items_of(PURE_BAMBOO), melds("c:123s", "p:555s"),
        discarder_concealed=(*LONE, Tile.S1)),
     None, "only 2 sets shown: no case"),
    ("2_fourth_set", LiabilitySituation(
        Wind.NORTH, Tile.S9, items_of(PURE_BAMBOO_4),
        melds("c:123s", "p:555s", "c:678s", "c:789s"), won_on_discard=False,
        discarder_concealed=(*LONE, Tile.S9)),
     "pure_suit_fourth_set", "9s made the 4th shown set; the winner drew his win next"),
    ("2_fourth_set_not_shown", LiabilitySituation(
        Wind.NORTH, Tile.S9, items_of(PURE_BAMBOO_4), melds("c:123s", "p:555s", "c:678s"),
        won_on_discard=False, discarder_concealed=(*LONE, Tile.S9)),
     None, "only 3 sets on the table at the end: no 4th set was claimed"),
    ("3_big_dragons", LiabilitySituation(
        Wind.EAST, Tile.RED, items_of(BIG_DRAGONS), melds("p:555z", "p:666z"),
        discarder_concealed=(*LONE, Tile.RED)),
     "big_dragons_winds", "the red discard completed Tai sam iun; (10) does not cover (3)"),
    ("3_big_dragons_suited_tile", LiabilitySituation(
        Wind.EAST, Tile.P9, items_of(hand("123m777z99p", "9p", ("p:555z", "p:666z"))),
        melds("p:555z", "p:666z"), discarder_concealed=(*LONE, Tile.P9)),
     None, "Tai sam iun won on a 9p: (3) speaks of a dragon or wind discard"),
    ("4_kept_dead_honour", LiabilitySituation(
        Wind.WEST, Tile.P5, items_of(PLAIN), melds("p:222m", "p:444m"),
        discarder_concealed=(*LONE, Tile.NORTH, Tile.P5), visible=tiles("444z")),
     "kept_dead_honour", "W held the 4th North (3 shown) and let go of 5p instead"),
    ("4_honour_not_dead", LiabilitySituation(
        Wind.WEST, Tile.P5, items_of(PLAIN), melds("p:222m", "p:444m"),
        discarder_concealed=(*LONE, Tile.NORTH, Tile.P5), visible=tiles("44z")),
     None, "only 2 North shown: the kept North was no safe tile"),
    ("5_broke_pung", LiabilitySituation(
        Wind.NORTH, Tile.P5, items_of(PLAIN), melds("p:222m", "p:444m"),
        discarder_concealed=tiles("19m369s1z555p7p")),
     "broke_set", "not ready, threw a 5p from his 555p"),
    ("5_broke_run", LiabilitySituation(
        Wind.NORTH, Tile.P5, items_of(PLAIN), melds("p:222m", "p:444m"),
        discarder_concealed=tiles("19m369s1z456p8p")),
     "broke_set", "not ready, threw the 5p of his 456p"),
    ("6_broke_ready_hand", LiabilitySituation(
        Wind.SOUTH, Tile.P2, items_of(hand("888s333p22p", "2p", ("p:222m", "p:444m"))),
        melds("p:222m", "p:444m"), discarder_concealed=tiles("123m456m789m123p5s7s"),
        discarder_ready=True),
     "broke_ready_hand", "waiting on 5s, drew 7s, threw 2p: no longer ready"),
    ("6_kept_ready", LiabilitySituation(
        Wind.SOUTH, Tile.S7, items_of(hand("888s333p77s", "7s", ("p:222m", "p:444m"))),
        melds("p:222m", "p:444m"), discarder_concealed=tiles("123m456m789m123p5s7s"),
        discarder_ready=True),
     None, "threw the drawn 7s and stays ready: no case"),
    ("9_all_terminals", LiabilitySituation(
        Wind.NORTH, Tile.S1, items_of(ALL_TERMINALS), melds("p:111m", "p:999m", "p:111p"),
        discarder_concealed=tiles("19m369p1z111s7p")),
     None, "(5) would apply, but the hand is Ch'ing iu: exempt by (9)"),
    ("10_unseen_honour", LiabilitySituation(
        Wind.SOUTH, Tile.RED, items_of(hand("888s333p77z", "7z", ("p:222m", "p:444m"))),
        melds("p:222m", "p:444m"), discarder_concealed=tiles("123m456m789m12p77z5s"),
        discarder_ready=True),
     None, "(6) would apply, but no red is on the table: exempt by (10)"),
    ("6_seen_honour_not_exempt_by_10", LiabilitySituation(
        Wind.SOUTH, Tile.RED, items_of(hand("888s333p77z", "7z", ("p:222m", "p:444m"))),
        melds("p:222m", "p:444m"), discarder_concealed=tiles("123m456m789m12p77z5s"),
        discarder_ready=True, visible=tiles("7z")),
     "broke_ready_hand", "one red already discarded: (10) does not exempt; (6)"),
]


@pytest.mark.parametrize("case_id, situation, reason, working", LIABILITY_CASES,
                         ids=[c[0] for c in LIABILITY_CASES])
def test_liability(case_id, situation, reason, working):
    assert liability(situation) == reason, working
    if reason is not None:
        article = case_id.split("_")[0]
        assert LIABILITY_CITATIONS[reason].section == f"art. 9.º ({article})"


def test_liability_hands_are_what_they_say():
    assert "pure_one_suit" in items_of(PURE_BAMBOO)
    assert "pure_one_suit" in items_of(PURE_BAMBOO_4)
    assert "big_three_dragons" in items_of(BIG_DRAGONS)
    assert "all_terminals" in items_of(ALL_TERMINALS)


def record(*discards, winner: int, winning: dict, winner_melds=()):
    """A played hand's record as game flow keeps it (duck-typed LiabilityRecord)."""
    from types import SimpleNamespace
    rows = [SimpleNamespace(seat=seat, tile=parse_tiles(tile)[0], hand_before=tiles(before),
                            declared=0, ready=ready, visible=tiles(visible),
                            claimed_by=by, claim=claim)
            for seat, tile, before, ready, visible, by, claim in discards]
    return SimpleNamespace(records=rows, winner=winner, score=score(winning),
                           winner_melds=melds(*winner_melds))


def test_liable_seat_from_a_game_record():
    rules = Macau1988()
    # art. 9.º (5): N (seat 3) broke his 555p and S (seat 1) won on it
    rec = record((0, "9m", "19m369s1z258p9m", False, "", None, None),
                 (3, "5p", "19m369s1z555p7p", False, "", 1, "win"),
                 winner=1, winning=PLAIN, winner_melds=("p:222m", "p:444m"))
    assert rules.liable_seat(rec) == (3, "broke_set")
    # art. 9.º (2): W (seat 2) gave the 4th bamboo set; S discarded once, then drew his win
    rec = record((2, "9s", "19m258p1z9s", False, "", 1, "chow"),
                 (1, "5z", "5z11s", False, "", None, None),
                 (2, "3m", "19m258p1z3m", False, "", None, None),
                 winner=1, winning=PURE_BAMBOO_4,
                 winner_melds=("c:123s", "p:555s", "c:678s", "c:789s"))
    assert rules.liable_seat(rec) == (2, "pure_suit_fourth_set")
    # ... but not when the winner discarded twice after the claim
    rec.records.append(rec.records[1])
    assert rules.liable_seat(rec) is None
    # a self-drawn win with no claim: nobody
    rec = record((0, "9m", "19m369s1z258p9m", False, "", None, None),
                 winner=1, winning=PLAIN, winner_melds=("p:222m", "p:444m"))
    assert rules.liable_seat(rec) is None
    # game flow passes seats as 0-3
    result = score(hand("123m456p11m", "1m", ("p:555z", "p:777z")))
    moved = rules.liable_transfers(result, 1, 2, Stake(100, 200), "big_dragons_winds")
    assert moved is not None
    assert net_of(moved) == {"E": 0, "S": 1560, "W": -1600, "N": 0}


# ---------------------------------------------------------------- hand description, CLI

def test_successive_kongs_flag_round_trip():
    data = hand("123m456p99m", "9m", ("k:8888p", "K:3333s"), win="kong_replacement",
                successive_kongs=True)
    parsed = HandDescription.from_json(data)
    assert parsed.successive_kongs
    assert parsed.to_json()["successive_kongs"] is True
    assert "successive_kongs" not in HandDescription.from_json(hand("123m456p789s234s99m",
                                                                    "9m")).to_json()
    with pytest.raises(HandError) as error:
        HandDescription.from_json({**data, "successive_kongs": "yes"})
    assert error.value.key == "hand.bad_flag"


def test_cli():
    data = hand("123m456p11m", "1m", ("p:555z", "p:777z"), stake="100/200")
    run = subprocess.run([sys.executable, "-m", "mahjong_engine", "score", "-"],
                         input=json.dumps(data), capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT / "py")}, check=False)
    assert run.returncode == 0
    out = json.loads(run.stdout)
    assert out["total"] == 2 and out["unit"] == "fan" and out["commission"] == 40
    assert out["payments"] == {"E": -800, "S": 1560, "W": -400, "N": -400}
    assert out["details"] == {"fan_sum": 2, "grade": "fan_dobrado"}


# ---------------------------------------------------------------- catalogues

def catalogue(lang: str) -> dict[str, str]:
    return json.loads((ROOT / "static" / "i18n" / lang / "macau_1988.json").read_text("utf-8"))


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_has_every_key(lang):
    messages = catalogue(lang)
    needed = {"name", "document"}
    needed |= {f"item.{entry.key}" for entry in Macau1988.entries}
    needed |= {f"form.{form.key}" for form in Macau1988.forms}
    needed |= {f"grade.{grade}" for grade in GRADE_KEYS}
    needed |= {f"liability.{reason}" for reason in LIABILITY_CITATIONS}
    readings = set(ALL_READINGS) | set(Macau1988.readings)
    readings |= {r for entry in Macau1988.entries for r in entry.readings}
    assert all(r.startswith("macau_1988.") for r in readings)
    needed |= {f"reading.{r.partition('.')[2]}" for r in readings}
    assert not needed - set(messages), sorted(needed - set(messages))


def test_catalogues_are_translations():
    pt, en, es = (catalogue(lang) for lang in LANGS)
    assert set(pt) == set(en) == set(es)
    readings = [k for k in en if k.startswith("reading.")]
    assert all(en[k].startswith("The document does not") for k in readings)
    assert all(pt[k].startswith("O documento não") for k in readings)
    assert all(es[k].startswith("El documento no") for k in readings)
    assert sum(pt[k] != en[k] for k in en) > len(en) // 2


# ---------------------------------------------------------------- properties

SUIT_LETTERS = "mps"


@st.composite
def winning_hands(draw) -> dict:
    """Four sets and a pair in random suits and honours, some declared."""
    counts: dict[str, int] = {}
    groups = []

    def add(tiles_: list[str]) -> bool:
        for t in tiles_:
            if counts.get(t, 0) + tiles_.count(t) > 4:
                return False
        for t in tiles_:
            counts[t] = counts.get(t, 0) + 1
        return True

    for _ in range(4):
        kind = draw(st.sampled_from(["chow", "pung", "kong"]))
        suit = draw(st.sampled_from("mpsz"))
        if kind == "chow" and suit != "z":
            low = draw(st.integers(1, 7))
            group = [f"{low + k}{suit}" for k in range(3)]
        else:
            kind = "pung" if kind == "chow" else kind
            rank = draw(st.integers(1, 7 if suit == "z" else 9))
            group = [f"{rank}{suit}"] * (4 if kind == "kong" else 3)
        assume(add(group))
        declared = kind == "kong" or draw(st.booleans())
        groups.append((kind, group, declared))
    suit = draw(st.sampled_from("mpsz"))
    rank = draw(st.integers(1, 7 if suit == "z" else 9))
    assume(add([f"{rank}{suit}"] * 2))
    concealed = [f"{rank}{suit}"] * 2
    melds_ = []
    for kind, group, declared in groups:
        if declared:
            melds_.append({"kind": kind, "tiles": "".join(group),
                           "concealed": kind == "kong" and draw(st.booleans())})
        else:
            concealed += group
    win_tile = draw(st.sampled_from(concealed))
    has_kong = any(m["kind"] == "kong" for m in melds_)
    # Only situations that can happen (issues 15, 30): a robbed tile never held again,
    # nothing claimed before a first-turn win.
    held = concealed + [t for m in melds_ for t in group_tiles(m["tiles"])]
    wins = ["discard", "self_drawn"] + (["robbing_kong"] if held.count(win_tile) < 2 else [])
    wins += ["kong_replacement"] if has_kong else []
    exposed = any(not m["concealed"] for m in melds_)
    return {"rules": "macau_1988", "concealed": "".join(concealed), "win_tile": win_tile,
            "melds": melds_, "win": draw(st.sampled_from(wins)),
            "seat_wind": draw(st.sampled_from("ESWN")), "round_wind": draw(st.sampled_from("ESWN")),
            "first_turn": draw(st.booleans()) and not exposed,
            "stake": draw(st.sampled_from(["50/100", "100/200", "150/300", "5000/10000"]))}


def group_tiles(text: str) -> list[str]:
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def permute(text: str, mapping: dict[str, str]) -> str:
    return "".join(mapping.get(c, c) for c in text)


@settings(max_examples=150, deadline=None)
@given(winning_hands(), st.permutations(SUIT_LETTERS))
def test_suits_are_interchangeable(data, order):
    mapping = dict(zip(SUIT_LETTERS, order, strict=True))
    other = dict(data, concealed=permute(data["concealed"], mapping),
                 win_tile=permute(data["win_tile"], mapping),
                 melds=[dict(m, tiles=permute(m["tiles"], mapping)) for m in data["melds"]])
    a, b = score(data), score(other)
    assert a.winning and b.winning
    assert keys(a) == keys(b) and a.total == b.total and a.payments == b.payments


@settings(max_examples=150, deadline=None)
@given(winning_hands(), st.one_of(st.none(), st.integers(1, 30000)))
def test_payments_add_up(data, capital):
    result = Macau1988(MacauOptions(capital=capital)).score(HandDescription.from_json(data))
    assert result.total in (0, 1, 2)
    fan_sum = result.details["fan_sum"]
    assert result.total == (2 if fan_sum >= 2 or any(i.unit.value == "limit"
                                                     for i in result.items) else fan_sum)
    assert sum(result.payments.values()) == -result.commission
    winner = data["seat_wind"]
    losers = [v for seat, v in result.payments.items() if seat != winner]
    assert all(v <= 0 for v in losers)
    if capital is not None:
        assert -sum(losers) <= capital
    else:
        stake = Stake.parse(data["stake"])
        assert -sum(losers) == sum(
            (stake.banker if "E" in (seat, winner) else stake.player) * 2 ** int(result.total)
            for seat in "ESWN" if seat != winner)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(list(Wind)), st.integers(0, 2), st.integers(1, 5000),
       st.one_of(st.none(), st.integers(1, 50000)))
def test_settlement_function(winner, grade, player, capital):
    stake = Stake(player, 2 * player)
    paid, fee = payments(grade, winner, stake, capital)
    assert sum(paid.values()) == -fee
    # art. 7.º's commission, taken from what the winner receives and never more
    # (reading ``commission_within_receipts``: a capital below it, art. 8.º (4))
    received = sum(-v for s, v in paid.items() if s != winner.value)
    assert fee == min(player * 2 // 5, received)
    assert paid[winner.value] >= 0
    assert paid[winner.value] + fee == sum(-v for s, v in paid.items() if s != winner.value)
