"""The strong level's reckoning (ai/expect.py, issue 29): expected settlement = the chance
to win before the hand ends x what the win pays (the rule set's own scorer at ready), plus,
where every hand is valued, the losing hand's value."""
from __future__ import annotations

import random

from hypothesis import given, strategies as st

from mahjong_engine.ai.efficiency import hand_counts, live_counts, visible_counts
from mahjong_engine.ai.expect import SURVIVE, Expectation, Outlook, race
from mahjong_engine.ai.hints import hints
from mahjong_engine.ai.strong import StrongPlayer
from mahjong_engine.game.actions import Discard
from mahjong_engine.notation import parse_tile, parse_tiles
from mahjong_engine.rules import get_rule_set
from mahjong_engine.tiles import Wind


def view(rules: str, hand: str, seat: int = 0) -> dict:
    """A seat's view on its turn, shaped like ``GameState.view`` (nothing on the table)."""
    tiles = sorted(parse_tiles(hand))
    return {"rules": rules, "seat": seat, "round_wind": Wind.EAST, "phase": "turn",
            "current": seat, "hand": tiles, "drawn": tiles[-1],
            "melds": [(), (), (), ()], "flowers": [(), (), (), ()],
            "discards": [(), (), (), ()], "hidden_counts": [13, 13, 13, 13],
            "wall_left": 60, "live_left": 60, "last_discard": None, "kong_tile": None,
            "exchange_step": None}


def turn_legal(v: dict) -> list:
    return [Discard(v["seat"], t) for t in sorted(set(v["hand"]))]


@given(st.floats(0.0, 1.0), st.integers(0, 20))
def test_race_is_a_chance_growing_with_the_rate_and_the_turns(rate, turns):
    p = race(rate, turns)
    assert 0.0 <= p <= 1.0
    assert race(min(1.0, rate + 0.05), turns) >= p - 1e-12
    assert race(rate, turns + 1) >= p - 1e-12


def test_race_sums_each_turn_the_hand_lasts():
    # two turns: win on the first, or miss it and win on the second, the hand going on
    rate = 0.2
    assert race(rate, 2) == rate * SURVIVE + (1 - rate) * SURVIVE * rate * SURVIVE
    assert race(0.0, 5) == 0.0 and race(0.5, 0) == 0.0


def _expectation(rules_key: str, hand: str):
    rules = get_rule_set(rules_key)
    v = view(rules_key, hand)
    counts = hand_counts(v["hand"])
    exp = Expectation(rules, v, (), live_counts(v, counts), visible_counts(v), 0)
    exp.prepare(counts)
    return exp, counts


def test_a_ready_hand_is_paid_what_the_scorer_says():
    # Macau: 123m 456p 789s 666z 5z after the 3z; waiting on 5z alone, whose pung of the
    # dragons (art. 5.º (2)) scores on top of the pung of green dragons
    exp, counts = _expectation("macau_1988", "123m456p789s666z5z3z")
    counts[int(parse_tile("3z"))] -= 1
    outlook = exp.outlook(counts, 0, [int(parse_tile("5z"))])
    scored = get_rule_set("macau_1988").value_hints.win_units(dict(outlook.waits)[int(parse_tile("5z"))])
    assert outlook.pays == scored
    assert 0.0 < outlook.chance < 1.0
    assert outlook.worth == outlook.chance * outlook.pays


def test_one_from_ready_the_two_sided_waits_are_worth_more():
    # Cayro: 123678m 112356p 1s 4s (the look-ahead test): dropping 1s keeps the draws that
    # lead to the two-sided wait on 1p/4p, dropping 1p leaves single waits
    exp, counts = _expectation("cayro", "123678m112356p14s")
    worth = {}
    for drop, useful in (("1s", "1p4p7p4s"), ("1p", "4p7p1s4s")):
        counts[int(parse_tile(drop))] -= 1
        worth[drop] = exp.outlook(counts, 1, [int(t) for t in parse_tiles(useful)]).worth
        counts[int(parse_tile(drop))] += 1
    assert worth["1s"] > worth["1p"]


def test_a_losing_hand_counts_only_where_every_hand_is_valued():
    # a concealed pung of red dragons is worth something to a loser in Cayro, nothing in Macau
    for rules_key, valued in (("cayro", True), ("macau_1988", False)):
        exp, counts = _expectation(rules_key, "777z123m456p19s589p")
        counts[int(parse_tile("1s"))] -= 1
        assert (exp.losing(counts) > 0) is valued
    assert Outlook(0.5, 2.0, losing=1.5).worth > Outlook(0.5, 2.0).worth


def test_the_hint_is_the_strong_choice_with_its_figures():
    rules = get_rule_set("serralheiro_2003")
    v = view("serralheiro_2003", "123m456p55z666z78s3z")
    legal = turn_legal(v)
    h = hints(v, legal, rules)
    chosen = next(c for c in h["candidates"] if c["suggested"])
    assert h["action"] == StrongPlayer(rules, random.Random(0), 0).choose(v, legal).to_json()
    assert chosen["tile"] == "3z"
    assert chosen["worth"] == max(c["worth"] for c in h["candidates"])
    assert 0 < chosen["win_chance"] < 1 and chosen["win_pays"] >= 1
