"""Counted hands in a kept match (issue 27): a hand given as the figures the table
counted settles exactly as the same hand given in tiles; the options of the documents'
silent places (Macau's capital and false-win price, Cayro's «última ficha descartada»,
Serralheiro's draw) worked by hand, each with its article; options refused as the
documents allow; the readings the bank rests on attached to every hand they decide.

Hands (valued by hand in ``test_ledger``): ``CHOWS`` 123m 456p 789s 234s + 55p: Macau
all chows, 1 fan (art. 5.º (2)); Cayro Mah Jong 20 + «nada más que Mah Jong» 10 = 30;
Serralheiro 20 (§10 b).
"""
from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import builders
from mahjong_engine.game.ledger import Ledger, RecordFieldError

PLAYERS = builders.PLAYERS
CHOWS = {"concealed": builders.CHOWS, "win_tile": "5p"}
SEVENTEEN = {"concealed": builders.SEVENTEEN, "win_tile": "9s"}
TILE_FIELDS = ("concealed", "win_tile", "melds", "flowers", "liability", "first_turn",
               "last_tile", "successive_kongs")


def win(player: int, discarder: int | None = None, hand: dict | None = None, **extra) -> dict:
    data = {"winner": player, **(hand or CHOWS), **extra}
    if discarder is not None:
        data.update(win="discard", discarder=discarder)
    return data


# ---------------------------------------------------------------- tiles → counts

def _count_of(rules: str, score: dict[str, Any]) -> dict[str, Any]:
    """The winner's count as ``score`` prints it for his hand."""
    details = score.get("details") or {}
    if rules == "macau_1988":
        count: dict[str, Any] = {"fan": score["total"]}
        if "liability" in details:
            count["liable"] = details["liability"]
        return count
    if rules == "filipino":
        return {"markers": score["total"]}
    if rules == "serralheiro_2003":
        return {"value": details["value"]}
    return {"points": details["points"], "doubles": details["doubles"]}


def as_counts(record: dict[str, Any]) -> tuple[Ledger, list[dict[str, Any]]]:
    """The record settled by tiles, and each of its hands re-entered as the counts the
    settlement printed for it (the losers' values as counted values)."""
    ledger = Ledger.from_json(record)
    hands = []
    for hand, outcome in zip(record["hands"], ledger.outcomes, strict=True):
        if outcome.winner is None or "false_win" in hand:
            hands.append(dict(hand))
            continue
        counted = {k: v for k, v in hand.items() if k not in TILE_FIELDS and k != "losers"}
        counted["count"] = _count_of(record["rules"], outcome.score or {})
        if hand.get("losers"):
            counted["losers"] = {k: {"count": {"value": v["value"]}}
                                 for k, v in outcome.losers.items()}
        hands.append(counted)
    return ledger, hands


def assert_same(record: dict[str, Any]) -> Ledger:
    tiles, hands = as_counts(record)
    counts = Ledger.from_json({**record, "hands": hands})
    for number, (a, b) in enumerate(zip(tiles.outcomes, counts.outcomes, strict=True), 1):
        assert (a.payments, a.commission, a.markers, a.banker) == \
            (b.payments, b.commission, b.markers, b.banker), f"hand {number}"
        if a.winner is not None:
            assert b.counted and "game.reading.counted_at_table" in b.readings
    assert counts.balances == tiles.balances
    return counts


# The worked matches of test_ledger, re-entered as counts hand by hand.
WORKED = {
    # Portaria art. 2.º, 6.º-7.º at 100/200 (test_macau_bank_stays_...)
    "macau_bank": {"rules": "macau_1988", "players": PLAYERS, "options": {"stake": "100/200"},
                   "hands": [win(0, 1), {"draw": True}, win(2, 3), win(0, 2), win(3, 1),
                             win(2, 0), {"draw": True}]},
    # art. 8.º (4) with a capital of 500
    "macau_capital": {"rules": "macau_1988", "players": PLAYERS,
                      "options": {"stake": "100/200", "capital": 500}, "hands": [win(0, 1)]},
    # art. 9.º (8)
    "macau_false_win": {"rules": "macau_1988", "players": PLAYERS,
                        "options": {"stake": "100/200"},
                        "hands": [{"false_win": 2}, {"draw": True}, win(1, 3)]},
    # §10 vi (test_serralheiro_losers_settle_differences_banker_double)
    "serralheiro": {"rules": "serralheiro_2003", "players": PLAYERS,
                    "hands": [win(1, 2, losers={"0": {"concealed": "555s147m258p369s7z"}}),
                              win(0), win(0), win(0), win(0)]},
    # "Marcar a vitória" (test_filipino_jai_alai_to_five_markers)
    "filipino": {"rules": "filipino", "players": PLAYERS, "hands": [
        win(1, hand=SEVENTEEN, win="self_drawn", dice=[3, 3]),
        win(1, 3, hand=SEVENTEEN, dice=[1, 1]), {"draw": True},
        win(1, hand=SEVENTEEN, win="self_drawn")]},
    # «liquidando sus diferencias» (test_cayro_losers_differences_and_reseating_...)
    "cayro": {"rules": "cayro", "players": PLAYERS, "hands": [
        win(1, 2, losers={"0": {"concealed": "555s147m369p1237z"},
                          "2": {"concealed": "258m147s369s4567z"}}),
        *[{"draw": True}] * 14, {"draw": True, "dice": [[6, 6], [1, 2], [3, 4], [5, 5]]},
        win(3, 0)]},
}


@pytest.mark.parametrize("name", sorted(WORKED))
def test_every_worked_match_settles_the_same_by_counts(name: str) -> None:
    assert_same(WORKED[name])


# Winning hands and losing hands valued differently by each document, for the property.
WINNERS = {
    "macau_1988": ["123m456p789s234s55p", "111m234p567s789s22p", "123m123m456m789m99m",
                   "111m555p999s777z22s"],
    "serralheiro_2003": ["123m456p789s234s55p", "111m555p999s777z22s", "123m123m456m789m99m"],
    "cayro": ["123m456p789s234s55p", "111m555p999s777z22s", "123m123m456m789m99m",
              "111z234p567s789s55z"],
}
LOSERS = ["555s147m258p369s7z", "258m147s369s4567z", "666z147m258p369s", "1115z258m147s369p"]


def _random_hand(rules: str):
    if rules == "filipino":
        hand = st.just(SEVENTEEN)
    else:
        hand = st.sampled_from(WINNERS[rules]).map(lambda c: {"concealed": c, "win_tile": c[:1] + c[-1]})
    valued = rules in ("serralheiro_2003", "cayro")
    losers = (st.dictionaries(st.sampled_from("0123"), st.sampled_from(LOSERS), max_size=3)
              if valued else st.just({}))
    wins = st.builds(
        lambda w, d, kind, dice, h, ls: {
            **win(w, None if kind == "self_drawn" else (w + d) % 4, hand=h),
            **({"win": "self_drawn"} if kind == "self_drawn" else {}), "dice": dice,
            **({"losers": {k: {"concealed": c} for k, c in ls.items() if int(k) != w}}
               if ls else {})},
        st.integers(0, 3), st.integers(1, 3), st.sampled_from(["discard", "self_drawn"]),
        st.lists(st.integers(1, 6), min_size=2, max_size=2), hand, losers)
    extra = [st.just({"false_win": 1})] if rules == "macau_1988" else []
    return st.one_of(st.just({"draw": True}), wins, *extra)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["macau_1988", "serralheiro_2003", "cayro", "filipino"]), st.data())
def test_tiles_and_counts_settle_identically(rules: str, data) -> None:
    """Property: any record the ledger settles by tiles settles to the same payments,
    commission, markers and banker hand by hand when re-entered as counts."""
    options = data.draw(st.sampled_from([{}, {"stake": "100/200", "capital": 700},
                                         {"capital": [None, 300, 5000, 20]}]
                                        if rules == "macau_1988" else [{}]))
    kept: list[dict] = []
    ledger = Ledger(rules, PLAYERS, options)
    for record in data.draw(st.lists(_random_hand(rules), max_size=18)):
        if ledger.finished:
            break
        if rules == "cayro" and len(ledger.outcomes) % 16 == 15:
            record = {**record, "dice": [[6, 6], [5, 5], [4, 4], [3, 3]]}
        try:
            ledger.add(record)
        except RecordFieldError:
            continue          # tiles used five times across the hands: not a deal
        kept.append(record)
    assert_same({"rules": rules, "players": PLAYERS, "options": options, "hands": kept})


# ---------------------------------------------------------------- the count contract

def settle(rules: str, hands: list[dict], **options: Any) -> Ledger:
    return Ledger.from_json({"rules": rules, "players": PLAYERS, "options": options,
                             "hands": hands})


def test_macau_count_by_fan_or_by_items() -> None:
    """Art. 5.º: 1 fan → 2 units; at 100/200 Carla (West) is paid 2 × 200 by the banker and
    2 × 100 by the others, less 40 (art. 7.º). «Ch'ing iat sék» (pure one suit) is a
    «fan dobrado» item (art. 5.º (3)): 4 units."""
    by_fan = settle("macau_1988", [{"winner": 2, "count": {"fan": 1}}], stake="100/200")
    assert by_fan.outcomes[0].payments == [-400, -200, 760, -200]
    assert by_fan.to_json()["hands"][0]["counted"] == [2]
    by_items = settle("macau_1988", [{"winner": 2, "count": {"items": ["pure_one_suit"]}}],
                      stake="100/200")
    assert by_items.outcomes[0].payments == [-800, -400, 1560, -400]
    three = settle("macau_1988", [{"winner": 2, "count": {"fan": 3}}], stake="100/200")
    assert three.outcomes[0].payments == by_items.outcomes[0].payments   # 2+ fan: dobrado


def test_macau_counted_liable_discarder_pays_the_others_shares() -> None:
    """Art. 9.º (5): the discarder who broke a set «suporta a perda dos outros dois
    parceiros»: Duarte pays Carla's whole 2-unit win: 400 + 200 + 200 = 800."""
    ledger = settle("macau_1988", [{"winner": 2, "win": "discard", "discarder": 3,
                                    "count": {"fan": 1, "liable": "broke_set"}}],
                    stake="100/200")
    assert ledger.outcomes[0].payments == [0, 0, 760, -800]
    with pytest.raises(RecordFieldError) as error:
        settle("macau_1988", [{"winner": 2, "count": {"fan": 1, "liable": "broke_set"}}])
    assert error.value.params["field"] == "discarder"


def test_serralheiro_and_cayro_counts_with_losers_mixed_with_tiles() -> None:
    """Serralheiro §10 iv: 100 points × 2^5 = 3,200 is worth the limit, 2,000; the
    banker (Ana) pays double, 4,000 (the banker's limit). Losers counted: Carla 8, Duarte
    0, Ana not entered (0); the differences (§10 vi): Duarte pays Carla 8, Ana 16 (the
    banker pays double, §9 c ii). Cayro: a winner in tiles (30) and
    losers counted (Ana 4 points × 2^1 = 8, Carla 0): Carla pays Ana 8."""
    ledger = settle("serralheiro_2003", [{"winner": 1, "count": {"points": 100, "doubles": 5},
                                          "losers": {"2": {"count": {"value": 8}},
                                                     "3": {"count": {"points": 0}}}}])
    assert ledger.outcomes[0].payments == [-4000 - 16, 4000 + 2000 + 2000, -2000 + 16 + 8,
                                           -2000 - 8]
    cayro = settle("cayro", [win(1, 2, losers={"0": {"count": {"points": 4, "doubles": 1}},
                                                 "2": {"count": {"value": 0}}})])
    assert cayro.outcomes[0].payments == [-30 + 8 + 8, 90, -30 - 8, -30 - 8]
    assert cayro.to_json()["hands"][0]["counted"] == [0, 2]


def test_filipino_count_by_markers_or_criteria() -> None:
    """"Marcar a vitória": one criterion (bunot) 2 markers; two (bunot, eskalera) 3; a
    plain win 1. Bento reaches 5 and wins the Jai Alai."""
    ledger = settle("filipino", [{"winner": 2, "count": {"markers": 1}, "dice": [1, 1]},
                                 {"winner": 1, "count": {"criteria": ["bunot"]}, "dice": [1, 1]},
                                 {"winner": 1, "count": {"criteria": ["bunot", "eskalera"]},
                                  "dice": [1, 1]}])
    assert ledger.markers == [0, 5, 1, 0] and ledger.finished and ledger.champion == 1


@pytest.mark.parametrize("rules, hand, field", [
    ("macau_1988", {"winner": 1, "count": {"fan": -1}}, "count.fan"),
    ("macau_1988", {"winner": 1, "count": {"fan": 1}, "concealed": builders.CHOWS}, "count"),
    ("macau_1988", {"winner": 1, "count": {"points": 3}}, "count.points"),
    ("macau_1988", {"winner": 1, "count": {"items": ["no_such_item"]}}, "count.items"),
    ("cayro", {"winner": 1, "count": {"value": 10, "points": 2}}, "count.value"),
    ("cayro", {"winner": 1, "count": {"doubles": 2}}, "count.points"),
    ("cayro", {"winner": 1, "count": {"points": True}}, "count.points"),
    ("cayro", {"winner": 1, "count": {"points": 10**400}}, "count.points"),
    ("cayro", {"winner": 1, "count": {"points": 20},
               "losers": {"2": {"count": "lots"}}}, "losers.2.count"),
    ("filipino", {"winner": 1, "count": {"markers": 4}, "dice": [1, 1]}, "count.markers"),
    ("filipino", {"winner": 1, "count": {"criteria": ["pow"]}, "dice": [1, 1]},
     "count.criteria"),
])
def test_a_bad_count_names_its_field(rules: str, hand: dict, field: str) -> None:
    with pytest.raises(RecordFieldError) as error:
        settle(rules, [hand])
    assert error.value.params["field"] == field
    assert error.value.params["hand"] == 1


# ---------------------------------------------------------------- Macau options

def test_each_winner_his_own_capital() -> None:
    """Art. 8.º (4) «não pode receber montante superior ao do seu capital em jogo»: the
    capital is each winner's own. Ana (banker, capital 500) wins 1 fan at 100/200: the
    three owe 400 each (1,200) but pay 500 in all, in proportion (166.67 each: 166, and the
    two dollars left to South and West in seat order), less 40 (art. 7.º). Bento (no
    capital) then wins in full: 2 units × 200 from the banker (now Bento is East? no: the
    bank stays with a winning banker, so Bento is South) and 2 × 100 from the others."""
    ledger = settle("macau_1988", [win(0, 1), win(1, 2)], stake="100/200",
                    capital=[500, None, None, None])
    assert ledger.outcomes[0].payments == [460, -167, -167, -166]
    assert ledger.outcomes[1].payments == [-400, 760, -200, -200]
    assert "macau_1988.capital_cap" in ledger.outcomes[0].readings
    assert "macau_1988.capital_cap" not in ledger.outcomes[1].readings


def test_a_capital_given_on_the_hand_is_applied() -> None:
    """Art. 8.º (4): ``capital`` on a hand (as ``score`` reads it) caps that hand: 300 in
    all (100 from each of the three, owed 400 each), less 40."""
    ledger = settle("macau_1988", [win(0, 1, capital=300)], stake="100/200")
    assert ledger.outcomes[0].payments == [260, -100, -100, -100]


def test_a_capital_below_the_commission_never_makes_the_winner_pay() -> None:
    """Art. 7.º's commission (40 at 100/200) against art. 8.º (4)'s capital of 30: the
    winner receives 30 and the house takes those 30, no more (reading
    ``commission_within_receipts``): winning costs him nothing."""
    ledger = settle("macau_1988", [win(0, 1)], stake="100/200", capital=30)
    outcome = ledger.outcomes[0]
    assert outcome.payments == [0, -10, -10, -10]
    assert outcome.commission == 30
    assert "macau_1988.commission_within_receipts" in outcome.readings


@pytest.mark.parametrize("price, offender, payments, reading", [
    # art. 9.º (8) at the player's price (default): «fan dobrado» 100 × 4 to the banker,
    # «1 fan» 100 × 2 to the others; a banker offender 400 to each.
    ("player", 2, [400, 200, -800, 200], "macau_1988.false_win_player_price"),
    ("player", 0, [-1200, 400, 400, 400], "macau_1988.false_win_player_price"),
    # the option: the banker's share at the banker's rate as well, 200 × 4.
    ("banker", 2, [800, 200, -1200, 200], "macau_1988.false_win_banker_price"),
    ("banker", 0, [-2400, 800, 800, 800], "macau_1988.false_win_banker_price"),
])
def test_false_win_price(price: str, offender: int, payments: list[int], reading: str) -> None:
    ledger = settle("macau_1988", [{"false_win": offender}], stake="100/200",
                    false_win_price=price)
    assert ledger.outcomes[0].payments == payments
    assert reading in ledger.outcomes[0].readings


# ---------------------------------------------------------------- Cayro, Serralheiro options

def test_cayro_last_discard_option() -> None:
    """«Robar la última ficha descartada a un contrincante = 10 puntos»: by default robbing
    a kong (CHOWS robbed on 7s: 20 + 10 + 10 = 40; on the wall's last discard 30); with
    ``last_discard`` the last discard of the hand (40) and a robbed kong no bonus (30)."""
    robbed = win(1, hand={"concealed": builders.CHOWS, "win_tile": "7s"}, win="robbing_kong",
                 discarder=2)
    robbed["win"] = "robbing_kong"
    last = win(1, 2, last_tile=True)
    default = settle("cayro", [robbed, last])
    assert [o.score["total"] for o in default.outcomes] == [40, 30]
    assert "cayro.robbing_kong" in default.outcomes[0].readings
    option = settle("cayro", [robbed, last], last_discard="last_discard")
    assert [o.score["total"] for o in option.outcomes] == [30, 40]
    assert "cayro.last_discard" in option.outcomes[1].readings


def test_serralheiro_draw_pays_nothing_or_values_every_hand() -> None:
    """§8 g-h: by default (reading ``draw_pays_nothing``) a draw pays nothing; with
    ``draw_settles`` every hand is valued: Ana (banker) holds a concealed pung of 5s (4
    points, §10 b), the others 0: each pays her the difference, doubled (§9 c ii): 8."""
    plain = settle("serralheiro_2003", [{"draw": True}])
    assert plain.outcomes[0].payments == [0, 0, 0, 0]
    assert "serralheiro_2003.draw_pays_nothing" in plain.outcomes[0].readings
    with pytest.raises(RecordFieldError) as error:
        settle("serralheiro_2003", [{"draw": True, "losers": {"0": {"count": {"value": 4}}}}])
    assert error.value.params["reason"] == "match.draw_not_valued"
    valued = settle("serralheiro_2003",
                    [{"draw": True, "losers": {"0": {"concealed": "555s147m258p369s7z"},
                                               "1": {"count": {"value": 0}},
                                               "2": {"count": {"value": 0}},
                                               "3": {"count": {"value": 0}}}}],
                    draw_settles=True)
    assert valued.outcomes[0].payments == [24, -8, -8, -8]
    assert "serralheiro_2003.draw_values_hands" in valued.outcomes[0].readings


# ---------------------------------------------------------------- readings on every hand

def test_the_bank_readings_on_the_hands_they_decide() -> None:
    macau = settle("macau_1988", [{"draw": True}, win(1, 0)])
    assert "macau_1988.draw_keeps_bank" in macau.outcomes[0].readings
    assert "macau_1988.draw_keeps_bank" not in macau.outcomes[1].readings
    filipino = settle("filipino", [{"draw": True}, win(1, 0, hand=SEVENTEEN, dice=[1, 1])])
    assert "filipino.draw_same_mano" in filipino.outcomes[0].readings
    assert "filipino.next_mano_count" in filipino.outcomes[1].readings
    cayro = settle("cayro", [{"draw": True}, win(1, 0)])
    assert all("game.reading.cayro_bank" in o.readings for o in cayro.outcomes)
    data = cayro.to_json()
    assert "game.reading.cayro_bank" in data["hands"][0]["readings"]


# ---------------------------------------------------------------- options refused

@pytest.mark.parametrize("rules, options, field", [
    ("serralheiro_2003", {"limit": -100}, "options.limit"),
    ("serralheiro_2003", {"limit": 0}, "options.limit"),
    ("serralheiro_2003", {"limit": None}, "options.limit"),
    ("serralheiro_2003", {"limit": 10**400}, "options.limit"),
    ("serralheiro_2003", {"draw_settles": "yes"}, "options.draw_settles"),
    ("filipino", {"jai_alai_target": 0}, "options.jai_alai_target"),
    ("macau_1988", {"capital": [100, 200, 300]}, "options.capital"),
    ("macau_1988", {"capital": 0}, "options.capital"),
    ("macau_1988", {"capital": None}, "options.capital"),
    ("macau_1988", {"false_win_price": "house"}, "options.false_win_price"),
    ("macau_1988", {"stake": "100/300"}, "options.stake"),
    ("macau_1988", {"stake": 100}, "options.stake"),
    ("cayro", {"last_discard": "pung"}, "options.last_discard"),
])
def test_options_refused_naming_the_field(rules: str, options: dict, field: str) -> None:
    """Limits positive (Serralheiro §10 iv: a limit the winner can be paid up to), the
    stake as art. 6.º-7.º require (the banker's figure double the player's), checked at
    set-up, before any hand: a false win cannot bypass it."""
    with pytest.raises(RecordFieldError) as error:
        settle(rules, [{"false_win": 1}] if rules == "macau_1988" else [], **options)
    assert error.value.params["field"] == field
    assert error.value.params["hand"] is None
