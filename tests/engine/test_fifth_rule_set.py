"""Issue 14: a fifth rule set is one class, defined here alone, registered, and then
scored and played like the four documents, with no other file touched.

``CayroMahJong30`` is Cayro with the Mah-Jong bonus worth 30 points instead of 20
(the other entries, the flow and the settlement inherited). The page's part (the table
model and the calculator model for it) belongs beside these tests, through the
``fifth`` fixture.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

import mahjong_engine
from mahjong_engine import HandDescription
from mahjong_engine.game.ledger import Ledger
from mahjong_engine.game.match import Match
from mahjong_engine.ai.players import ALL_LEVELS as LEVELS
from mahjong_engine.game.simulate import simulate
from mahjong_engine.rules import (RULE_SET_KEYS, get_rule_set, register, registered_keys,
                                  rule_set_class, unregister)
from mahjong_engine.rules.cayro import Cayro
from mahjong_engine.scoring import DOCUMENTS

KEY = "test_cayro_mah_jong_30"


class CayroMahJong30(Cayro):
    """Cayro, the Mah-Jong bonus raised from 20 to 30 points."""

    key = KEY
    entries = tuple(dataclasses.replace(e, amount=30) if e.key == "mah_jong" else e
                    for e in Cayro.entries)


@pytest.fixture
def fifth() -> Iterator[type[CayroMahJong30]]:
    register(CayroMahJong30)
    try:
        yield CayroMahJong30
    finally:
        unregister(KEY)


def hand(rules: str, concealed: str, win_tile: str, melds: tuple[tuple[str, str], ...] = (),
         win: str = "discard", seat: str = "S") -> dict:
    return {"rules": rules, "concealed": concealed, "win_tile": win_tile, "win": win,
            "seat_wind": seat, "round_wind": "E",
            "melds": [{"kind": kind, "tiles": tiles, "concealed": False}
                      for kind, tiles in melds]}


def test_registered_by_its_class(fifth) -> None:
    assert rule_set_class(KEY) is fifth
    assert KEY in registered_keys() and KEY not in RULE_SET_KEYS
    assert isinstance(get_rule_set(KEY), Cayro)
    assert DOCUMENTS[KEY] == DOCUMENTS["cayro"]
    with pytest.raises(ValueError):
        register(type("Other", (Cayro,), {"key": KEY}))


def test_unregistered_after_use() -> None:
    assert KEY not in registered_keys()
    with pytest.raises(mahjong_engine.HandError):
        get_rule_set(KEY)


# (concealed, win tile, melds, win, seat, Cayro points, doubles)
HANDS = [
    ("123m456m789p234s55s", "5s", (), "discard", "S", 30, 0),        # chows: MJ + only MJ
    ("222m333p777s888s99p", "8s", (), "self_drawn", "S", 48, 0),     # four hidden pungs
    ("234m567m789p11s", "1s", (("pung", "333z"),), "discard", "W", 24, 1),   # own wind
    ("123m456m77z", "7z", (("pung", "555z"), ("pung", "666z")), "discard", "E", 30, 3),
]


@pytest.mark.parametrize("concealed,win_tile,melds,win,seat,points,doubles", HANDS)
def test_scores_ten_more_points_per_win(fifth, concealed, win_tile, melds, win, seat,
                                        points, doubles) -> None:
    cayro = mahjong_engine.score(hand("cayro", concealed, win_tile, melds, win, seat))
    mine = mahjong_engine.score(hand(KEY, concealed, win_tile, melds, win, seat))
    assert cayro.winning and mine.winning
    assert cayro.details == {"points": points, "doubles": doubles}
    assert mine.details == {"points": points + 10, "doubles": doubles}
    assert cayro.total == points * 2 ** doubles
    assert mine.total == (points + 10) * 2 ** doubles
    assert mine.rules == KEY
    assert [i.key for i in mine.items] == [i.key for i in cayro.items]
    bonus = next(i for i in mine.items if i.key == "mah_jong")
    assert bonus.amount == 30 and str(bonus.citation).startswith(DOCUMENTS["cayro"])


def test_losing_hand_and_settlement_as_cayro(fifth) -> None:
    """No bonus in a losing hand: its value is Cayro's; the differences are Cayro's."""
    data = hand(KEY, "222m333p777s88s19p", "9p")
    mine = fifth().score_losing_hand(HandDescription.from_json(data))
    cayro = Cayro().score_losing_hand(HandDescription.from_json({**data, "rules": "cayro"}))
    assert mine.total == cayro.total == 12 and mine.rules == KEY and not mine.winning
    values = {"E": 40, "S": 24, "W": 0, "N": 8}
    assert fifth().settle_transfers(values, "E") == Cayro().settle_transfers(values, "E")


def test_not_a_winning_hand(fifth) -> None:
    result = mahjong_engine.score(hand(KEY, "123m456m789p234s59s", "9s"))
    assert not result.winning


# Every player level, four seats at a time.
TABLES = [LEVELS[i:i + 4] for i in range(len(LEVELS) - 3)]


@pytest.mark.parametrize("levels", TABLES, ids=",".join)
def test_simulated_hands_with_every_level(fifth, levels) -> None:
    assert set(LEVELS) == {level for table in TABLES for level in table}
    result = simulate(KEY, 3, seed=5, levels=list(levels))
    assert result["rules"] == KEY and result["games"] == 3
    assert result["errors"] == []
    assert result["wins"] + result["draws"] == 3
    assert sum(p["settlement"] for p in result["players"]) == 0
    assert [p["level"] for p in result["players"]] == list(levels)


def test_match_settles_the_raised_bonus(fifth) -> None:
    """A won hand of a match under the new rule set carries its 30-point bonus, and
    the same seeds under Cayro give another record."""
    ours = simulate(KEY, 4, seed=11, levels=["strong"] * 4)
    theirs = simulate("cayro", 4, seed=11, levels=["strong"] * 4)
    assert ours["errors"] == [] and ours["wins"] >= 1
    assert ours["digest"] != theirs["digest"]
    match = Match(KEY, seed=11)
    assert match.rules.key == KEY and match.to_json()["rules"] == KEY


def test_keeps_score_of_a_real_match(fifth) -> None:
    """A match played with real tiles (``game.ledger``) under the new rule set: Bento
    wins with four chows, 40 points here (30 under Cayro); Ana's hidden pung is worth 4,
    Carla's hand nothing; the losers pay the winner and settle their differences."""
    losers = {"0": {"concealed": "555s147m369p1237z"}, "2": {"concealed": "258m147s369s4567z"}}
    won = {"winner": 1, "concealed": "123m456p789s234s55p", "win_tile": "5p",
           "win": "discard", "discarder": 2, "losers": losers}
    players = ["Ana", "Bento", "Carla", "Duarte"]
    ours = Ledger.from_json({"rules": KEY, "players": players, "hands": [won]}).to_json()
    cayro = Ledger.from_json({"rules": "cayro", "players": players, "hands": [won]}).to_json()
    assert cayro["hands"][0]["payments"] == [-30 + 8, 90, -30 - 4, -30 - 4]
    assert ours["hands"][0]["payments"] == [-40 + 8, 120, -40 - 4, -40 - 4]
    assert ours["rules"] == KEY and sum(ours["balances"]) == 0
