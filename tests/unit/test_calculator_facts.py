"""Issue 15, item 16: the calculator passes the Macau facts (capital in play, false win,
discarder) to the engine and keeps them in its link."""
from __future__ import annotations


import pytest

from mahjong_ui.calculator.model import CalcError, CalcState, evaluate, from_query

QUERY = ("rules=macau_1988&c=777z123m99p&w=7z&m=p555z,p666z&win=discard&seat=S&round=E"
         "&stake=100/200")


def test_capital_and_discarder_reach_the_engine():
    state, errors = from_query(QUERY + "&capital=1000&disc=W")
    assert not errors
    assert state.description()["capital"] == 1000 and state.description()["discarder"] == "W"
    out = evaluate(state)
    assert out["status"] == "score"
    # art. 9.º (3) and art. 8.º (4): West pays, at most the capital (test_macau_facts).
    assert out["result"]["payments"] == {"E": 0, "S": 960, "W": -1000, "N": 0}
    again, _ = from_query(state.to_query())
    assert again.to_query() == state.to_query()


def test_false_win_in_the_link():
    state, errors = from_query(QUERY + "&nulo=1")
    assert not errors and state.false_win
    out = evaluate(state)
    assert "nulo=1" in state.to_query()
    # art. 9.º (8) at the player's price (the default reading): not the banker: the
    # banker «fan dobrado» 100 × 4, the two others «1 fan» 100 × 2.
    assert out["status"] == "not_winning"
    assert out["result"]["payments"] == {"E": 400, "S": -800, "W": 200, "N": 200}


@pytest.mark.parametrize("text", ["0", "-5", "abc", "1e3"])
def test_bad_capital_refused(text):
    with pytest.raises(CalcError):
        CalcState().set_capital(text)
