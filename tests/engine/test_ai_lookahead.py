"""The strong player's look one draw ahead (issues 17, 29): the fast complete-hand test
agrees with the shanten count, waits are weighed by how readily the other seats let them
go (ai/lookahead.py), and at one-shanten the strong player keeps the discard whose draws
lead to two-sided waits where the normal player counts draws alone (ai/expect.py)."""
from __future__ import annotations

import random

from mahjong_engine.ai.lookahead import wait_weight
from mahjong_engine.ai.players import make_player
from mahjong_engine.analysis import is_regular_complete, shanten_regular
from mahjong_engine.game.actions import Discard
from mahjong_engine.rules import get_rule_set
from mahjong_engine.notation import parse_tile, parse_tiles
from mahjong_engine.tiles import Wind


def view(rules: str, hand: str) -> dict:
    """Seat 0's view at its turn, shaped like ``GameState.view``, nothing on the table."""
    tiles = sorted(parse_tiles(hand))
    return {"rules": rules, "seat": 0, "round_wind": Wind.EAST, "phase": "turn",
            "current": 0, "hand": tiles, "drawn": tiles[-1], "melds": [(), (), (), ()],
            "flowers": [(), (), (), ()], "discards": [(), (), (), ()],
            "hidden_counts": [13, 13, 13, 13], "wall_left": 60, "live_left": 60,
            "last_discard": None, "kong_tile": None, "exchange_step": None}


def turn_legal(v: dict) -> list:
    return [Discard(0, t) for t in sorted(set(v["hand"]))]


def test_regular_complete_agrees_with_shanten():
    rng = random.Random(3)
    complete = 0
    for _ in range(3000):
        sets = rng.randrange(5)
        tiles: list[int] = []
        for _ in range(sets):
            if rng.random() < 0.5:
                start = 9 * rng.randrange(3) + rng.randrange(7)
                tiles += [start, start + 1, start + 2]
            else:
                tiles += [rng.randrange(34)] * 3
        tiles += [rng.randrange(34)] * 2
        if rng.random() < 0.5:
            tiles[rng.randrange(len(tiles))] = rng.randrange(34)
        counts = [0] * 34
        for t in tiles:
            counts[t] += 1
        if max(counts) > 4:
            continue
        expected = shanten_regular(counts, sets) < 0
        assert is_regular_complete(counts, sets) is expected
        complete += expected
    assert complete > 500


def test_waits_weighed_by_how_readily_they_come():
    seen = [0] * 34
    seen[int(parse_tile("5z"))] = 1
    middle, terminal = int(parse_tile("5m")), int(parse_tile("9m"))
    unseen_honour, seen_honour = int(parse_tile("6z")), int(parse_tile("5z"))
    weights = [wait_weight(t, seen) for t in (middle, unseen_honour, terminal, seen_honour)]
    assert weights == sorted(weights) and len(set(weights)) == 4


def test_strong_keeps_the_draws_that_lead_to_two_sided_waits():
    # 123m 678m 112356p 1s 4s. Discarding 1p keeps 14 useful draws (4p 7p 1s 4s), but
    # the 4p or 7p among them leave a single-tile wait on 1s or 4s; discarding 1s keeps
    # 13, and a 4p or 7p then leaves 11p 23p: the two-sided wait on 1p/4p.
    rules = get_rule_set("cayro")
    v = view("cayro", "123678m112356p14s")
    legal = turn_legal(v)
    normal = make_player("normal", 0, rules, random.Random(1)).choose(v, legal)
    strong = make_player("strong", 0, rules, random.Random(1)).choose(v, legal)
    assert normal == Discard(0, parse_tile("1p"))
    assert strong == Discard(0, parse_tile("1s"))
