"""Issue 15, item 16: the facts of Portaria 133/88/M art. 8.º (4) (capital in play) and
art. 9.º (liability, false win) given to ``score``. Worked by hand from the document;
stake 100/200 throughout (art. 7.º: commission 40)."""
from __future__ import annotations

import pytest

from mahjong_engine import HandError, score

# South wins «Tai sam iun» (big three dragons, art. 5.º (3): fan dobrado, grade 2) on a
# discard of 7z. Shares (art. 6.º, reading payment_units): the banker E pays 200 × 4 = 800,
# W and N pay 100 × 4 = 400 each: 1,600 in all.
DRAGONS = {"rules": "macau_1988", "concealed": "777z123m99p", "win_tile": "7z",
           "melds": [{"kind": "pung", "tiles": "555z"}, {"kind": "pung", "tiles": "666z"}],
           "win": "discard", "seat_wind": "S", "round_wind": "E", "stake": "100/200"}


def test_without_facts_all_three_pay():
    result = score(DRAGONS)
    assert result.total == 2
    assert result.payments == {"E": -800, "S": 1600 - 40, "W": -400, "N": -400}


def test_capital_in_play_caps_the_winner():
    """art. 8.º (4): «não pode receber montante superior ao do seu capital em jogo».
    Capital 1,000 of 1,600 owed, shared in proportion (reading capital_cap): E 500,
    W 250, N 250; the winner nets 1,000 − 40 = 960."""
    result = score(dict(DRAGONS, capital=1000)).to_json()
    assert result["payments"] == {"E": -500, "S": 960, "W": -250, "N": -250}
    assert "macau_1988.capital_cap" in result["readings"]
    # A capital above what is owed changes nothing.
    assert score(dict(DRAGONS, capital=5000)).payments == score(DRAGONS).payments


def test_liable_discarder_pays_the_others_shares():
    """art. 9.º (3): the dragon West discarded completed a «Tai sam iun»: West «suporta a
    perda dos outros dois parceiros»: he pays 800 + 400 + 400 = 1,600 (reading
    liable_pays_shares); E and N pay nothing."""
    result = score(dict(DRAGONS, discarder="W")).to_json()
    assert result["payments"] == {"E": 0, "S": 1560, "W": -1600, "N": 0}
    assert result["details"]["liable"] == "W"
    assert result["details"]["liability"] == "big_dragons_winds"
    assert result["details"]["liability_citation"] == "Portaria n.º 133/88/M, art. 9.º (3)"
    # With a capital of 1,000 (art. 8.º (4)), the liable player pays 1,000.
    capped = score(dict(DRAGONS, discarder="W", capital=1000)).payments
    assert capped == {"E": 0, "S": 960, "W": -1000, "N": 0}


def test_broke_a_set_in_hand():
    """art. 9.º (5): not waiting, West discarded 3m from the run 345m in his hand, and it
    completed South's hand (only chows and a plain pair: «P'ing vu», 1 fan, art. 5.º (2):
    E pays 200 × 2 = 400, W and N 100 × 2 = 200; W bears all 800). Without his hand
    given, no liability can be found."""
    hand = {"rules": "macau_1988", "concealed": "123m456p789s11p345m", "win_tile": "3m",
            "win": "discard", "seat_wind": "S", "stake": "100/200"}
    assert score(dict(hand, discarder="W")).payments == {"E": -400, "S": 760, "W": -200,
                                                         "N": -200}
    result = score(dict(hand, discarder="W",
                        liability={"discarder_hand": "345m19p19s1234567z", "visible": ""}))
    assert result.details["liability"] == "broke_set"
    assert result.payments == {"E": 0, "S": 760, "W": -800, "N": 0}


def test_exemption_of_all_honours():
    """art. 9.º (9): no liability when the winner's hand is «Chün chü» (all honours), even
    on a dragon completing three dragon pungs."""
    hand = {"rules": "macau_1988", "concealed": "777z111z22z", "win_tile": "7z",
            "melds": [{"kind": "pung", "tiles": "555z"}, {"kind": "pung", "tiles": "666z"}],
            "win": "discard", "seat_wind": "S", "stake": "100/200", "discarder": "W"}
    result = score(hand)
    assert "liable" not in result.details
    assert result.payments["E"] == -800


def test_fourth_set_liability():
    """art. 9.º (2): West's 9p gave South his fourth set of circles (three shown), and
    South won «Ch'ing iat sék» on his next draw: West bears the loss."""
    hand = {"rules": "macau_1988", "concealed": "55p", "win_tile": "5p", "win": "self_drawn",
            "seat_wind": "S", "stake": "100/200", "discarder": "W",
            "liability": {"fourth_set_tile": "9p"},
            "melds": [{"kind": "pung", "tiles": "111p"}, {"kind": "chow", "tiles": "234p"},
                      {"kind": "chow", "tiles": "678p"}, {"kind": "pung", "tiles": "999p"}]}
    result = score(hand)
    assert result.details["liability"] == "pure_suit_fourth_set"
    assert result.payments == {"E": 0, "S": 1560, "W": -1600, "N": 0}


@pytest.mark.parametrize("seat, expected", [
    # art. 9.º (8) at the player's price (the default reading, RULES-READING): a banker
    # pays each of the three «fan dobrado»: 100 × 4 = 400 each.
    ("E", {"E": -1200, "S": 400, "W": 400, "N": 400}),
    # a player pays the banker «fan dobrado» (400) and the two others 1 «fan» (100 × 2).
    ("S", {"E": 400, "S": -800, "W": 200, "N": 200}),
])
def test_false_win(seat, expected):
    hand = {"rules": "macau_1988", "concealed": "123m456p789s11z557z", "win_tile": "7z",
            "win": "discard", "seat_wind": seat, "stake": "100/200", "false_win": True}
    result = score(hand).to_json()
    assert result["winning"] is False
    assert result["payments"] == expected
    assert result["items"][0]["key"] == "false_win"
    assert result["items"][0]["citation"] == "Portaria n.º 133/88/M, art. 9.º (7), (8)"
    assert "macau_1988.false_win_player_price" in result["readings"]


@pytest.mark.parametrize("change, key", [
    ({"discarder": "S"}, "hand.impossible.discarder_is_winner"),
    ({"discarder": "W", "win": "self_drawn"}, "hand.impossible.discarder_without_discard"),
    ({"discarder": "X"}, "hand.bad_wind"),
    ({"capital": 0}, "hand.bad_fact"),
    ({"capital": True}, "hand.bad_fact"),
    ({"false_win": "yes"}, "hand.bad_flag"),
    ({"liability": {"visible": "1m"}}, "hand.missing_field"),
    ({"discarder": "W", "liability": {"discarder_melds": 9}}, "hand.bad_fact"),
])
def test_bad_facts_refused(change, key):
    with pytest.raises(HandError) as caught:
        score(dict(DRAGONS, **change))
    assert caught.value.key == key


def test_other_rule_sets_ignore_the_macau_fields():
    hand = {"rules": "cayro", "concealed": "123m456p789s11z555z", "win_tile": "5z",
            "capital": "nonsense", "discarder": 7, "false_win": "x"}
    assert score(hand).winning


# ------------------------------------------------------------------ the game, the same way
def _broken_set_game(**config):
    from mahjong_engine.game import Discard, Draw, Win
    from mahjong_engine.game.scenario import pass_claims, stacked_state
    from mahjong_engine.notation import parse_tile as T

    hands = ["19m19p19s1234567z8m", "222m456p678p13s79s", "2m345m678m345s567s",
             "111p999p444z888s6z"]
    state = stacked_state("macau_1988", hands, draws="5z", stake="100/200", **config)
    state.apply(Discard(0, T("8m")))
    pass_claims(state)
    state.apply(Draw(1))
    state.apply(Discard(1, T("2m")))        # from a pung in hand, not waiting: art. 9.º (5)
    state.apply(Win(2))
    pass_claims(state)
    return state.result


@pytest.mark.parametrize("capital", [None, 300])
def test_game_and_score_settle_alike(capital):
    """The game decides art. 9.º from its record, ``score`` from the facts it is given;
    both settle with the same functions, art. 8.º (4) included (capital 300 < owed)."""
    config = {} if capital is None else {"capital": capital}
    result = _broken_set_game(**config)
    assert result.liable == 1 and result.liability == "broke_set"
    facts = dict(result.hand, stake="100/200", discarder="S",
                 liability={"discarder_hand": "222m456p678p13s79s5z", "visible": "8m"},
                 **config)
    scored = score(facts)
    assert scored.details["liability"] == "broke_set"
    assert result.payments == [scored.payments[w] for w in "ESWN"]
    if capital is not None:
        assert -result.payments[1] == capital


@pytest.mark.parametrize("change", [{}, {"capital": 1000}, {"discarder": "W"},
                                    {"discarder": "W", "capital": 1000},
                                    {"false_win": True}, {"false_win": True, "seat_wind": "E"}])
def test_transfers_add_up_to_the_payments(change):
    """The payments one by one (steps and transfers) net to the payments, facts included."""
    from mahjong_engine.scoring import net_of

    result = score(dict(DRAGONS, **change))
    assert net_of(result.transfers) == result.payments
