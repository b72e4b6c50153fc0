"""Computer players and hints on positions built by hand, where the right action is
clear (issue 5): take the win; do not break a ready hand; declare the kong; do not
discard into a visible pure-suit hand in Macau (Portaria 133/88/M art. 9.º (1)); keep
the seventh pair in Filipino (siyete pares). Each for the strong level; the hints for
the same positions carry the right reasons."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from mahjong_engine.ai.hints import REASON_KEYS, hints
from mahjong_engine.ai.players import LEVELS, make_player
from mahjong_engine import analysis
from mahjong_engine.game.actions import (Chow, Discard, Kong, KongSource, Pass,
                                         Pung, Win)
from mahjong_engine.rules import get_rule_set
from mahjong_engine.melds import Meld
from mahjong_engine.notation import parse_tile, parse_tiles
from mahjong_engine.tiles import Tile, Wind, counts_of

ROOT = Path(__file__).resolve().parents[2]


def meld(kind: str, tiles: str, concealed: bool = False) -> Meld:
    return Meld.from_tiles(kind, tiles, concealed=concealed)


def view(rules: str, hand: str, seat: int = 0, melds=None, discards=None,
         phase: str = "turn", last=None) -> dict:
    """A seat's view shaped like ``GameState.view``."""
    tiles = sorted(parse_tiles(hand))
    return {"rules": rules, "seat": seat, "round_wind": Wind.EAST, "phase": phase,
            "current": seat, "hand": tiles, "drawn": tiles[-1] if phase == "turn" else None,
            "melds": [tuple(m) for m in (melds or [[], [], [], []])],
            "flowers": [(), (), (), ()],
            "discards": [tuple(parse_tiles(d)) for d in (discards or ["", "", "", ""])],
            "hidden_counts": [13, 13, 13, 13], "wall_left": 60, "live_left": 60,
            "last_discard": last, "kong_tile": None, "exchange_step": None}


def turn_legal(v: dict, extra=()) -> list:
    seat = v["seat"]
    return list(extra) + [Discard(seat, t) for t in sorted(set(v["hand"]))]


def strong(rules: str, seed: int = 1):
    return make_player("strong", 0, get_rule_set(rules), random.Random(seed))


def suggested(h: dict) -> dict:
    return next(c for c in h["candidates"] if c["suggested"])


def candidate(h: dict, tile: str) -> dict:
    return next(c for c in h["candidates"] if c["tile"] == tile)


# ---------------------------------------------------------------- take the win

@pytest.mark.parametrize("rules", ["macau_1988", "serralheiro_2003", "cayro"])
def test_strong_takes_the_win_on_its_turn(rules):
    v = view(rules, "123m456m789p11s555z")
    legal = turn_legal(v, [Win(0)])
    assert strong(rules).choose(v, legal) == Win(0)
    assert hints(v, legal, get_rule_set(rules))["action"] == {"type": "win", "seat": 0}


def test_strong_takes_the_win_on_a_discard():
    v = view("macau_1988", "123m456m789p11s55z", seat=1, phase="claim",
             last=(0, parse_tile("5z")))
    legal = [Win(1), Pung(1, parse_tile("5z")), Pass(1)]
    assert strong("macau_1988").choose(v, legal) == Win(1)


# ---------------------------------------------------------------- a ready hand

def test_strong_does_not_break_a_ready_hand():
    # 123m 456m 78p 11s 555z waits on 6p/9p; the drawn 3s would only make new shapes.
    v = view("cayro", "123m456m78p113s555z")
    legal = turn_legal(v)
    assert strong("cayro").choose(v, legal) == Discard(0, parse_tile("3s"))
    h = hints(v, legal, get_rule_set("cayro"))
    best = suggested(h)
    assert best["tile"] == "3s" and best["shanten_after"] == 0
    assert "keeps_ready" in best["reasons"]
    assert sorted(w["tile"] for w in best["waits"]) == ["6p", "9p"]
    assert h["ready"] and {w["tile"] for w in h["waits"]} == {"6p", "9p"}
    broken = candidate(h, "7p")
    assert broken["shanten_after"] == 1 and "breaks_ready" in broken["reasons"]


def test_ready_hand_prefers_the_wait_with_more_live_tiles():
    # 1234m: discard 1m waits 2m/5m (with 55p pair) - discard 4m waits 1m/4m... built so
    # that three 1m and 4m are on the table: the 2m-5m wait has more live tiles.
    v = view("cayro", "1234m456p789p55p11z", discards=["", "1m1m", "4m", ""])
    v["hand"] = sorted(parse_tiles("1234m456p789p55p1z1z"))
    legal = turn_legal(v)
    choice = strong("cayro").choose(v, legal)
    assert choice.tile in (parse_tile("1m"), parse_tile("4m"))
    h = hints(v, legal, get_rule_set("cayro"))
    assert suggested(h)["shanten_after"] == 0


def test_strong_shapes_a_far_hand_for_value_only_where_the_rule_set_pays_for_it():
    # Three tiles from ready: 6m and 9s both keep 16 live useful tiles. Serralheiro's
    # doubles (§10 c: dragon pungs, one suit with honours) and Cayro's («Dobles») make the
    # souzu-and-dragons hand worth keeping, so strong drops the lone 6m
    # (ValueHints.shape_far_hands); in Macau, where shaping far hands measured no gain
    # (issue 17), it plays normal's choice.
    for rules in ("serralheiro_2003", "cayro"):
        v = view(rules, "6m56p133459s25566z")
        legal = turn_legal(v)
        for seed in range(5):
            assert strong(rules, seed).choose(v, legal).tile == parse_tile("6m")
    v = view("macau_1988", "6m56p133459s25566z")
    picks = {strong("macau_1988", seed).choose(v, turn_legal(v)).tile for seed in range(5)}
    assert parse_tile("6m") not in picks
    assert picks <= {parse_tile("9s"), parse_tile("2z")}


# ---------------------------------------------------------------- kongs

def test_strong_declares_a_concealed_kong():
    v = view("cayro", "1111m234p567s789s5z")
    legal = turn_legal(v, [Kong(0, parse_tile("1m"), KongSource.CONCEALED)])
    assert strong("cayro").choose(v, legal) == Kong(0, parse_tile("1m"), KongSource.CONCEALED)
    assert hints(v, legal, get_rule_set("cayro"))["action"]["type"] == "kong"


def test_strong_adds_to_its_exposed_pung():
    melds = [[meld("pung", "999p")], [], [], []]
    v = view("serralheiro_2003", "9p123m456m78s11z", melds=melds)
    legal = turn_legal(v, [Kong(0, parse_tile("9p"), KongSource.ADDED)])
    assert strong("serralheiro_2003").choose(v, legal) == Kong(0, parse_tile("9p"),
                                                               KongSource.ADDED)


def test_strong_claims_a_kong_from_a_discard():
    v = view("cayro", "555p123m456m78s1z", seat=2, phase="claim", last=(1, parse_tile("5p")))
    legal = [Kong(2, parse_tile("5p"), KongSource.DISCARD), Pung(2, parse_tile("5p")), Pass(2)]
    assert strong("cayro").choose(v, legal) == Kong(2, parse_tile("5p"), KongSource.DISCARD)


@pytest.mark.parametrize("rules", ["cayro", "macau_1988", "serralheiro_2003"])
def test_strong_claims_what_raises_its_expected_settlement(rules):
    """One tile from ready either way (issue 29). The pung of 6z leaves more live useful
    tiles and a pung of dragons the win pays for (Macau art. 5.º (2); Serralheiro §10 c
    and Cayro «Dobles»: dragons double): strong takes it, normal (no nearer) does not.
    The chow 789p only widens the hand and shows it: strong waits."""
    v = view(rules, "57m23467p2348s66z", seat=1, phase="claim", last=(3, parse_tile("6z")))
    pung = Pung(1, parse_tile("6z"))
    assert strong(rules).choose(v, [pung, Pass(1)]) == pung
    normal = make_player("normal", 1, get_rule_set(rules), random.Random(1))
    assert normal.choose(v, [pung, Pass(1)]) == Pass(1)
    v = view(rules, "567m46778p12378s", seat=2, phase="claim", last=(1, parse_tile("9p")))
    chow = Chow(2, parse_tile("7p"))
    assert strong(rules).choose(v, [chow, Pass(2)]) == Pass(2)
    normal = make_player("normal", 2, get_rule_set(rules), random.Random(1))
    assert normal.choose(v, [chow, Pass(2)]) == Pass(2)


# ---------------------------------------------------------------- Macau art. 9.º

PURE_BAMBOO = [[], [meld("pung", "222s"), meld("chow", "345s"), meld("pung", "999s")], [], []]


def test_strong_does_not_discard_into_a_visible_pure_suit_hand_in_macau():
    # South shows three bamboo sets: a bamboo tile that let him win pure one suit would
    # make us pay the other losers' shares (art. 9.º (1)). Strong keeps the 7s.
    v = view("macau_1988", "123m456m789p3p55z7s9m", melds=PURE_BAMBOO)
    legal = turn_legal(v)
    choice = strong("macau_1988").choose(v, legal)
    assert Tile(choice.tile).suit.value != "s"
    h = hints(v, legal, get_rule_set("macau_1988"))
    bamboo = candidate(h, "7s")
    assert bamboo["liability"] == "pure_suit_on_table" and "liable" in bamboo["reasons"]
    assert bamboo["danger"] > candidate(h, "9m")["danger"]
    assert suggested(h)["liability"] is None


def test_strong_leaves_a_ready_hand_rather_than_feed_a_pure_suit_hand():
    # Ready on 2p/5p with an isolated 7s that South's visible bamboo hand may want (art.
    # 9.º (1)); most other discards break the ready hand (art. 9.º (6)) but a dragon
    # not yet seen on the table is exempt (art. 9.º (10)).
    v = view("macau_1988", "123m456m789p34p55z7s", melds=PURE_BAMBOO)
    legal = turn_legal(v)
    choice = strong("macau_1988").choose(v, legal)
    assert choice.tile != parse_tile("7s")
    h = hints(v, legal, get_rule_set("macau_1988"))
    assert candidate(h, "7s")["liability"] == "pure_suit_on_table"
    assert suggested(h)["liability"] is None and suggested(h)["tile"] == "5z"
    assert candidate(h, "3p")["liability"] == "broke_ready_hand"
    assert suggested(h)["danger"] < candidate(h, "7s")["danger"]


def test_liability_is_not_counted_outside_macau():
    melds = [[], [meld("pung", "222s"), meld("chow", "345s"), meld("pung", "999s")], [], []]
    v = view("cayro", "123m456m789p34p55z7s", melds=melds)
    h = hints(v, turn_legal(v), get_rule_set("cayro"))
    assert all(c["liability"] is None for c in h["candidates"])


# ---------------------------------------------------------------- Filipino siyete pares

def test_strong_keeps_the_seventh_pair_in_filipino():
    # Seven pairs and 56s: ready for siyete pares on 4s/7s; the 9m is the discard.
    v = view("filipino", "1133m5577p2299s44z56s9m")
    legal = turn_legal(v)
    assert strong("filipino").choose(v, legal) == Discard(0, parse_tile("9m"))
    h = hints(v, legal, get_rule_set("filipino"))
    best = suggested(h)
    assert best["shanten_after"] == 0 and "keeps_ready" in best["reasons"]
    assert h["ready"] and {w["tile"] for w in h["waits"]} == {"4s", "7s"}
    assert "siyete_pares" in best["patterns"]
    pair_break = candidate(h, "1m")
    assert pair_break["shanten_after"] > best["shanten_after"]


def test_filipino_puro_waits_between_turns():
    v = view("filipino", "1133m5577p2299s44z56s", phase="draw")
    h = hints(v, [], get_rule_set("filipino"))
    assert h["ready"] and h["shanten"] == 0
    assert sorted(w["tile"] for w in h["waits"]) == ["4s", "7s"]


# ---------------------------------------------------------------- general

def test_hint_reasons_are_keys_only():
    v = view("macau_1988", "123m456m789p34p55z7s")
    h = hints(v, turn_legal(v), get_rule_set("macau_1988"))
    for cand in h["candidates"]:
        assert set(cand["reasons"]) <= set(REASON_KEYS)
        assert cand["shanten_before"] == h["shanten"]


def test_levels_differ_in_play():
    # Easy never chows; baseline chows whenever it lowers the shanten.
    v = view("cayro", "13m456p789p11s2z3z4z", seat=1, phase="claim", last=(0, parse_tile("2m")))
    legal = [Chow(1, parse_tile("1m")), Pass(1)]
    rules = get_rule_set("cayro")
    assert make_player("easy", 1, rules, 1).choose(v, legal) == Pass(1)
    assert make_player("baseline", 1, rules, 1).choose(v, legal) == Chow(1, parse_tile("1m"))
    assert set(LEVELS) == {"baseline", "easy", "normal", "strong"}


def test_same_seed_same_choice():
    v = view("cayro", "19m19p19s1234567z")
    legal = turn_legal(v)
    rules = get_rule_set("cayro")
    picks = {make_player("baseline", 0, rules, 7).choose(v, legal) for _ in range(3)}
    assert len(picks) == 1


def test_serralheiro_exchange_keeps_terminals_and_honours():
    from mahjong_engine.game.actions import Exchange
    from itertools import combinations
    v = view("serralheiro_2003", "19m19p19s1234567z", phase="exchange")
    kinds = sorted(set(v["hand"]))
    legal = [Exchange(0, (a, b)) for a, b in combinations(kinds, 2)]
    v["hand"] = sorted([*parse_tiles("19m19p5s1234567z"), parse_tile("4s")])
    kinds = sorted(set(v["hand"]))
    legal = [Exchange(0, (a, b)) for a, b in combinations(kinds, 2)]
    for level in LEVELS:
        choice = make_player(level, 0, get_rule_set("serralheiro_2003"), 1).choose(v, legal)
        assert set(choice.tiles) == {parse_tile("4s"), parse_tile("5s")}, level


def reference_pairs_shanten(counts, pairs: int, sets: int) -> int:
    """Independent reference: try every set (taking what the hand holds of it), count the
    pairs left; a single left from four equal tiles cannot pair (no fifth copy)."""
    def distance(work, blocked=()):
        have = sum(n // 2 for n in work)
        missing = max(0, pairs - have)
        singles = sum(n % 2 for i, n in enumerate(work) if i not in blocked)
        return missing + max(0, missing - singles)

    if sets == 0:
        return distance(counts) - 1
    best = 3 + distance(counts)
    work = list(counts)
    for tile in range(34):
        runs = [(tile,) * 3] + ([(tile, tile + 1, tile + 2)] if tile < 27 and tile % 9 <= 6 else [])
        for run in runs:
            took = []
            for i in run:
                if work[i] > 0:
                    work[i] -= 1
                    took.append(i)
            if took:
                blocked = [i for i in took if counts[i] >= 4]
                best = min(best, 3 - len(took) + distance(work, blocked))
            for i in took:
                work[i] += 1
    return best - 1


def test_pairs_shanten_agrees_with_a_reference():
    rng = random.Random(5)
    wall = [t for t in range(34) for _ in range(4)]
    for _ in range(3000):
        rng.shuffle(wall)
        counts = counts_of(Tile(t) for t in wall[:rng.choice([13, 14, 16, 17])])
        for pairs, sets in ((7, 1), (7, 0)):
            assert analysis.shanten_seven_pairs(counts, pairs, sets) == reference_pairs_shanten(
                counts, pairs, sets) == analysis.shanten_seven_pairs(
                counts, pairs, sets)
