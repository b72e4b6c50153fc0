"""Keeping score of whole matches (issue 16): worked matches from the documents, the
command line's ``match`` contract, refusals naming the hand and field, and zero sums.

Hands used below, each valued by hand from its document:
- ``CHOWS``: 123m 456p 789s 234s + 55p, won on a discard. Macau: all chows, 1 fan
  (art. 5.º), so 2 units (reading ``macau_1988.payment_units``: stake × 2^grade).
  Serralheiro: only the 20 points of Mah-Jong (§10 b); the banker's hand counts double
  (note 10). Cayro: Mah Jong 20 + «No puntuar nada más que Mah Jong» 10 = 30.
- Filipino ``SEVENTEEN``: 123m 456m 234p 567p 345s + 99s; one marker on a discard,
  two «bunot» (self-drawn) ("Marcar a vitória").
"""
from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import builders
from mahjong_engine.__main__ import main
from mahjong_engine.game.ledger import Ledger, RecordFieldError

CHOWS = {"concealed": builders.CHOWS, "win_tile": "5p"}
SEVENTEEN = {"concealed": builders.SEVENTEEN, "win_tile": "9s"}
PLAYERS = builders.PLAYERS


def win(player: int, discarder: int | None = None, hand: dict | None = None, **extra) -> dict:
    data = {"winner": player, **(hand or CHOWS), **extra}
    if discarder is not None:
        data.update(win="discard", discarder=discarder)
    return data


def run(record: dict) -> tuple[int, dict]:
    out = io.BytesIO()
    code = main(["match", "-"], stdin=io.BytesIO(json.dumps(record).encode()), stdout=out)
    return code, json.loads(out.getvalue().decode("utf-8"))


# ---------------------------------------------------------------- Macau 1988

def test_macau_bank_stays_with_a_winning_banker_and_passes_to_the_right() -> None:
    """Portaria art. 2.º: the banker keeps the bank while he wins («retém a banca até o
    jogo ser ganho por outro parceiro»), it passes to the player on his right (South)
    otherwise; the rounds are named East, South, West, North, four passes each.
    Art. 6.º-7.º at 100/200: a 1-fan win is 2 units; the banker pays and, winning,
    receives double; the house takes 40 from each winner (40 % of the lower figure)."""
    record = {"rules": "macau_1988", "players": PLAYERS, "options": {"stake": "100/200"},
              "hands": [win(0, 1), {"draw": True}, win(2, 3), win(0, 2), win(3, 1), win(2, 0),
                        {"draw": True}]}
    code, data = run(record)
    assert code == 0
    hands = data["hands"]
    assert [h["banker"] for h in hands] == [0, 0, 0, 1, 2, 3, 0]
    assert [h["round_wind"] for h in hands] == ["E"] * 6 + ["S"]
    # H1: the banker wins: 3 × 2 units × 200 = 1,200, less 40 commission.
    assert hands[0]["payments"] == [1160, -400, -400, -400]
    assert hands[0]["commission"] == 40
    # H2: a draw keeps the bank and moves no money.
    assert hands[1]["payments"] == [0, 0, 0, 0] and hands[1]["commission"] == 0
    # H3: Carla (West) wins: the banker pays 2 × 200, the others 2 × 100.
    assert hands[2]["payments"] == [-400, -200, 760, -200]
    # H4: Bento is banker (East), Ana sits North.
    assert hands[3]["winds"] == ["N", "E", "S", "W"]
    assert hands[3]["payments"] == [760, -400, -200, -200]
    assert hands[4]["payments"] == [-200, -200, -400, 760]
    assert hands[5]["payments"] == [-200, -200, 760, -400]
    # After four passes the South round begins with Ana banker again.
    assert hands[6]["winds"] == ["E", "S", "W", "N"]
    assert data["balances"] == [1120, -1400, 520, -440]
    assert data["commission"] == 200
    assert sum(data["balances"]) == -data["commission"]
    assert data["finished"] is False and data["winner"] is None


def test_macau_match_ends_after_the_north_round() -> None:
    """Art. 2.º: four rounds of four; sixteen passes of the bank end the match."""
    hands = [win((i % 4 + 1) % 4, i % 4) for i in range(16)]
    code, data = run({"rules": "macau_1988", "players": PLAYERS, "hands": hands})
    assert code == 0
    assert [h["round_wind"] for h in data["hands"]][::4] == ["E", "S", "W", "N"]
    assert data["finished"] is True
    code, data = run({"rules": "macau_1988", "players": PLAYERS,
                      "hands": [*hands, {"draw": True}]})
    assert code == 2
    assert data["error"]["params"] == {"hand": 17, "field": "hand", "reason": "match.over"}


def test_macau_false_win_indemnifies_and_keeps_the_bank() -> None:
    """Art. 9.º (8): a player (not banker) who declares a «nulo» win pays the banker
    «fan dobrado» (4 units) and the other two 1 fan (2 units), at the player's price of
    100 (reading ``false_win_player_price``, the default): 400 / 200 / 200; no commission;
    the hand has no winner, so the bank stays (reading ``false_win_keeps_bank``)."""
    code, data = run({"rules": "macau_1988", "players": PLAYERS,
                      "options": {"stake": "100/200"},
                      "hands": [{"false_win": 2}, {"draw": True}]})
    assert code == 0
    first = data["hands"][0]
    assert first["payments"] == [400, 200, -800, 200]
    assert first["commission"] == 0 and first["false_win"] == 2
    assert "game.reading.false_win_keeps_bank" in first["readings"]
    assert "macau_1988.false_win_player_price" in first["readings"]
    assert data["hands"][1]["banker"] == 0


def test_macau_capital_in_play_caps_the_winner() -> None:
    """Art. 8.º (4): a winner receives no more than his capital in play."""
    code, data = run({"rules": "macau_1988", "players": PLAYERS,
                      "options": {"stake": "100/200", "capital": 500},
                      "hands": [win(0, 1)]})
    assert code == 0
    assert data["hands"][0]["payments"][0] <= 500
    assert sum(data["hands"][0]["payments"]) == -data["hands"][0]["commission"]


# ---------------------------------------------------------------- Serralheiro 2003

def test_serralheiro_banker_keeps_at_most_three_times() -> None:
    """§2 b i: after a draw or his own win the banker keeps the bank «só o podendo fazer
    3 vezes consecutivas»; §2 b ii: then it passes to the player on his right. The
    banker's Mah-Jong of 20 points counts 40 (note 10); each loser pays 40 (§10 v); the
    losers, not entered, count 0 and owe one another nothing (§10 vi)."""
    record = {"rules": "serralheiro_2003", "players": PLAYERS,
              "hands": [win(0, 1), win(0, 2), win(0, 3), win(0, 1), {"draw": True}]}
    code, data = run(record)
    assert code == 0
    assert [h["banker"] for h in data["hands"]] == [0, 0, 0, 0, 1]
    assert data["hands"][0]["payments"] == [120, -40, -40, -40]
    assert data["balances"] == [480, -160, -160, -160]
    assert "game.reading.loser_not_entered" in data["hands"][0]["readings"]


def test_serralheiro_losers_settle_differences_banker_double() -> None:
    """§10 vi: the losers pay one another the differences of their hands' values, the
    banker paying and receiving double. Bento (South) wins 20; Ana (banker) holds a
    concealed pung of 5s, 4 points (§10 b table), Carla and Duarte nothing.
    Ana pays Bento 40 and receives 2 × 4 = 8 from each of the other two."""
    losers = {"0": {"concealed": "555s147m258p369s7z"}}
    code, data = run({"rules": "serralheiro_2003", "players": PLAYERS,
                      "hands": [win(1, 2, losers=losers)]})
    assert code == 0
    assert data["hands"][0]["payments"] == [-40 + 8 + 8, 40 + 20 + 20, -20 - 8, -20 - 8]
    assert sum(data["hands"][0]["payments"]) == 0


# ---------------------------------------------------------------- Filipino

def test_filipino_jai_alai_to_five_markers() -> None:
    """"Marcar a vitória": 1 marker a win, 2 for «bunot» (self-drawn); "O primeiro
    jogador a alcançar 5 marcadores vence o Jai Alai". "O vencedor ... rola dois dados
    para determinar quem será o Mano", counting from himself (reading
    ``next_mano_count``); after a draw the same Mano deals (``draw_same_mano``)."""
    hands = [
        win(1, hand=SEVENTEEN, win="self_drawn", dice=[3, 3]),  # 6: Bento S + 5 seats → W
        win(1, 3, hand=SEVENTEEN, dice=[1, 1]),                  # 2: from Bento (N) → E
        {"draw": True},
        win(1, hand=SEVENTEEN, win="self_drawn"),                 # 2 + 1 + 2 = 5
    ]
    code, data = run({"rules": "filipino", "players": PLAYERS, "hands": hands})
    assert code == 0, data
    assert [h["banker"] for h in data["hands"]] == [0, 2, 2, 2]
    assert [h["markers"] for h in data["hands"]][:2] == [[0, 2, 0, 0], [0, 1, 0, 0]]
    assert data["markers"] == [0, 5, 0, 0]
    assert data["finished"] is True and data["winner"] == 1
    assert data["balances"] == [0, 0, 0, 0]
    code, data = run({"rules": "filipino", "players": PLAYERS,
                      "hands": [*hands, {"draw": True}]})
    assert code == 2 and data["error"]["params"]["hand"] == 5


def test_filipino_win_without_the_dice_is_refused() -> None:
    code, data = run({"rules": "filipino", "players": PLAYERS,
                      "hands": [win(2, 0, hand=SEVENTEEN)]})
    assert code == 2
    assert data["error"]["key"] == "match.bad_record"
    assert data["error"]["params"] == {"hand": 1, "field": "dice", "reason": "match.dice_missing"}


# ---------------------------------------------------------------- Cayro

def test_cayro_losers_differences_and_reseating_after_sixteen_hands() -> None:
    """"los otros jugadores ... contarán los puntos que vale, liquidando sus diferencias
    después de pagar al que hace Mah-Jong". Bento wins 30; Ana holds a hidden pung of
    5s (4 points), Carla nothing (0), Duarte not entered (0). Each loser pays 30; Carla
    and Duarte pay Ana 4 each. «Cada dieciséis jugadas se sortean de nuevo los puestos»:
    the highest roll is East, the others follow by their rolls."""
    losers = {"0": {"concealed": "555s147m369p1237z"}, "2": {"concealed": "258m147s369s4567z"}}
    hands = [win(1, 2, losers=losers)] + [{"draw": True}] * 14
    hands.append({"draw": True, "dice": [[6, 6], [1, 2], [3, 4], [5, 5]]})
    hands.append(win(3, 0))
    code, data = run({"rules": "cayro", "players": PLAYERS, "hands": hands})
    assert code == 0, data
    assert data["hands"][0]["payments"] == [-30 + 8, 90, -30 - 4, -30 - 4]
    assert all(h["banker"] == 0 for h in data["hands"][:16])
    # 12, 10, 7, 3: Ana East, Duarte South, Carla West, Bento North.
    assert data["hands"][16]["winds"] == ["E", "N", "W", "S"]
    assert data["hands"][16]["payments"] == [-30, -30, -30, 90]
    assert sum(data["balances"]) == 0


def test_a_losers_hand_of_the_wrong_size_is_refused_naming_that_player() -> None:
    """A loser's hand is 13 tiles (Cayro: every hand is counted); one of 9 is refused as that
    player's hand, in words about a losing hand (it was told as the winner's before)."""
    losers = {"0": {"concealed": "1s47m369p", "melds": [{"kind": "pung", "tiles": "777z"}]}}
    code, data = run({"rules": "cayro", "players": PLAYERS, "hands": [win(1, 2, losers=losers)]})
    assert code == 2
    params = data["error"]["params"]
    assert (params["field"], params["reason"]) == ("losers.0.hand", "hand.losing_wrong_size")
    assert (params["expected"], params["found"]) == (13, 9)
    assert "losing hand" in data["error"]["message"]


def test_cayro_reseat_needs_the_dice_and_a_broken_tie() -> None:
    base = [{"draw": True}] * 15
    code, data = run({"rules": "cayro", "players": PLAYERS, "hands": [*base, {"draw": True}]})
    assert code == 2 and data["error"]["params"]["field"] == "dice"
    tie = {"draw": True, "dice": [[6, 6], [6, 6], [1, 1], [2, 2]]}
    code, data = run({"rules": "cayro", "players": PLAYERS, "hands": [*base, tie]})
    assert code == 2 and data["error"]["params"]["reason"] == "match.dice_tie"
    broken = {"draw": True, "dice": [[6, 6, 1, 1], [6, 6, 3, 4], [1, 1], [2, 2]]}
    code, data = run({"rules": "cayro", "players": PLAYERS, "hands": [*base, broken,
                                                                      {"draw": True}]})
    assert code == 0
    assert data["next"]["banker"] == 1


# ---------------------------------------------------------------- refusals

@pytest.mark.parametrize(("record", "hand", "field"), [
    ({"rules": "macau_1988", "players": PLAYERS[:3], "hands": []}, None, "players"),
    ({"rules": "nope", "players": PLAYERS, "hands": []}, None, "rules"),
    ({"rules": "macau_1988", "players": PLAYERS, "hands": [{"winner": 7, **CHOWS}]}, 1, "winner"),
    ({"rules": "macau_1988", "players": PLAYERS,
      "hands": [{"draw": True}, {"winner": 1, "concealed": "123m", "win_tile": "1m"}]},
     2, "hand"),
    ({"rules": "macau_1988", "players": PLAYERS,
      "hands": [{"winner": 1, "concealed": "12x", "win_tile": "1m"}]}, 1, "concealed"),
    ({"rules": "macau_1988", "players": PLAYERS, "hands": [win(1, 1)]}, 1, "discarder"),
    ({"rules": "macau_1988", "players": PLAYERS, "hands": [win(1, 0, losers={"2": CHOWS})]},
     1, "losers"),
    ({"rules": "serralheiro_2003", "players": PLAYERS, "options": {"limit": "x"}, "hands": []},
     None, "options.limit"),
    ({"rules": "cayro", "players": PLAYERS,
      "hands": [win(1, 0, losers={"2": {"concealed": "555s555s147m2p"}})]}, 1, "losers.2"),
    ({"rules": "macau_1988", "players": PLAYERS, "hands": [{"false_win": 2}]} | {
        "rules": "cayro"}, 1, "hand"),
])
def test_a_malformed_record_names_the_hand_and_field(record, hand, field) -> None:
    code, data = run(record)
    assert code == 2
    assert data["error"]["key"] == "match.bad_record"
    assert data["error"]["params"]["hand"] == hand
    assert data["error"]["params"]["field"] == field


def test_not_json_and_not_an_object_exit_2() -> None:
    out = io.BytesIO()
    assert main(["match", "-"], stdin=io.BytesIO(b"[1, 2"), stdout=out) == 2
    assert "error" in json.loads(out.getvalue())
    code, data = run([1, 2, 3])  # type: ignore[arg-type]
    assert code == 2 and data["error"]["params"]["field"] == "record"


# ---------------------------------------------------------------- zero sums

def _hand_strategy(rules: str):
    hand = SEVENTEEN if rules == "filipino" else CHOWS
    wins = st.builds(
        lambda w, d, kind, dice: {**win(w, None if kind == "self_drawn" else (w + d) % 4,
                                         hand=hand),
                                  **({"win": "self_drawn"} if kind == "self_drawn" else {}),
                                  "dice": dice},
        st.integers(0, 3), st.integers(1, 3), st.sampled_from(["discard", "self_drawn"]),
        st.lists(st.integers(1, 6), min_size=2, max_size=2))
    return st.one_of(st.just({"draw": True}), wins)


@settings(max_examples=60)
@given(st.sampled_from(["macau_1988", "serralheiro_2003", "cayro", "filipino"]), st.data())
def test_balances_sum_to_zero_less_the_house(rules: str, data) -> None:
    """Every document's payments move money between the players only; Macau's house
    commission (art. 7.º) is set apart: the balances sum to minus the commission."""
    hands = data.draw(st.lists(_hand_strategy(rules), max_size=20))
    ledger = Ledger(rules, PLAYERS)
    for record in hands:
        if ledger.finished:
            break
        if rules == "cayro" and len(ledger.outcomes) % 16 == 15:
            record = {**record, "dice": [[6, 6], [5, 5], [4, 4], [3, 3]]}
        outcome = ledger.add(record)
        assert sum(outcome.payments) == -outcome.commission
    assert sum(ledger.balances) == -ledger.commission
    if rules == "filipino":
        assert ledger.balances == [0, 0, 0, 0]
        assert max(ledger.markers) <= 5 + 2


def test_ledger_refuses_with_typed_error() -> None:
    with pytest.raises(RecordFieldError) as caught:
        Ledger.from_json({"rules": "cayro", "players": PLAYERS, "hands": "x"})
    assert caught.value.params["field"] == "hands"


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.sampled_from(
        ["draw", "1m", "123m456p789s234s55p", "5p", "discard", "self_drawn", "E", "x"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["winner", "draw", "concealed", "win_tile", "win", "discarder",
                         "losers", "dice", "false_win", "melds", "0", "1"]), inner, max_size=5),
    max_leaves=12)


@settings(max_examples=300)
@given(st.sampled_from(["macau_1988", "serralheiro_2003", "cayro", "filipino"]),
       st.lists(_json, max_size=5))
def test_any_record_exits_0_or_2_with_json(rules: str, hands: list) -> None:
    code, data = run({"rules": rules, "players": PLAYERS, "hands": hands})
    assert code in (0, 2)
    if code == 2:
        assert data["error"]["key"] != "engine.internal_error", data
