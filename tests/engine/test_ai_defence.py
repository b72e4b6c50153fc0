"""The deal-in chance the hints show (``defence.tile_danger``, issue 29): a probability
read from the table, that behaves as the table says it should. Its fit and its held-out
calibration are measured by ``tests/bench/danger.py``; here, what any honest reading
must do: more copies in sight, a tile the opponent let go, a tile beside its discards
make a wait less likely; a hand further on, with fewer sets left to make, more likely."""
from __future__ import annotations

import importlib.util
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_engine.ai import defence
from mahjong_engine.ai.efficiency import hand_counts, visible_counts
from mahjong_engine.melds import Meld
from mahjong_engine.notation import parse_tile, parse_tiles
from mahjong_engine.tiles import PLAYABLE_KINDS, Wind

OPPONENT = 1


def view(hand: str = "123m456m789p3p55z7s9m", discards=("", "", "", ""), melds=None,
         hidden=(14, 13, 13, 13)) -> dict:
    """Seat 0's view at its turn, shaped like ``GameState.view``."""
    tiles = sorted(parse_tiles(hand))
    return {"rules": "cayro", "seat": 0, "round_wind": Wind.EAST, "phase": "turn",
            "current": 0, "hand": tiles, "drawn": tiles[-1],
            "melds": [tuple(m) for m in (melds or [[], [], [], []])],
            "flowers": [(), (), (), ()],
            "discards": [tuple(parse_tiles(d)) for d in discards],
            "hidden_counts": list(hidden), "wall_left": 60, "live_left": 60,
            "last_discard": None, "kong_tile": None, "exchange_step": None}


def opponent(v: dict) -> defence.Threat:
    return next(t for t in defence.threats(v) if t.seat == OPPONENT)


def chance(v: dict, tile: str, seen=None) -> float:
    t = int(parse_tile(tile))
    return defence.wait_chance(t, v, opponent(v), seen or visible_counts(v), hand_counts(v["hand"]))


LATE = ("1z2z9m1p8s3z", "4z1m9s2z5z6z", "7z1s9p2m3z4z", "9s8m1m6z2p3s")


def test_a_chance_between_zero_and_one_and_none_without_opponents():
    v = view(discards=LATE)
    seen = visible_counts(v)
    threats = defence.threats(v)
    mine = hand_counts(v["hand"])
    for tile in range(PLAYABLE_KINDS):
        danger = defence.tile_danger(tile, v, seen, threats, mine)
        assert 0.0 < danger < 1.0
        assert danger >= max(defence.wait_chance(tile, v, t, seen, mine)
                             for t in threats) - 1e-4
        assert defence.tile_danger(tile, v, seen, [], mine) == 0.0


@settings(max_examples=60, deadline=None)
@given(st.integers(0, PLAYABLE_KINDS - 1), st.integers(0, 2))
def test_more_copies_in_sight_make_a_wait_less_likely(tile, copies):
    v = view(discards=LATE)
    seen = [0] * PLAYABLE_KINDS
    fewer = seen[:]
    fewer[tile] = copies
    more = seen[:]
    more[tile] = copies + 1
    mine = [0] * PLAYABLE_KINDS
    assert (defence.wait_chance(tile, v, opponent(v), more, mine)
            < defence.wait_chance(tile, v, opponent(v), fewer, mine))


def test_a_tile_the_opponent_let_go_and_its_neighbours_are_safer():
    # the same number of discards, the 5p among them or not
    with_5p = view(discards=("1z2z", "9m1p5p3z", "4z1m", "7z1s"))
    without = view(discards=("1z2z", "9m1p4z3z", "4z1m", "7z1s"))
    assert chance(with_5p, "5p") < chance(without, "5p")
    # suji: the 2p of a seat that let the 5p go
    assert chance(with_5p, "2p") < chance(without, "2p")


def test_a_hand_further_on_is_likelier_to_be_waiting():
    early = view(discards=("1z", "2z", "3z", "4z"))
    late = view(discards=LATE)
    assert chance(late, "5m") > chance(early, "5m")
    # fewer sets left to make in the hand (two declared): likelier ready
    shown = [[], [Meld.from_tiles("pung", "222s"), Meld.from_tiles("chow", "345m")], [], []]
    melded = view(discards=LATE, melds=shown, hidden=(14, 7, 13, 13))
    assert chance(melded, "5m") > chance(late, "5m")


def test_the_fit_recovers_known_weights():
    """tests/bench/danger.py's logistic fit, on rows drawn from known weights."""
    path = Path(__file__).resolve().parents[1] / "bench" / "danger.py"
    spec = importlib.util.spec_from_file_location("danger_bench", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    rng = random.Random(7)
    true = {"bias": -1.0, "a": 1.5, "b": -0.8}
    rows = []
    for _ in range(4000):
        x = {"bias": 1.0, "a": rng.random(), "b": float(rng.random() < 0.5)}
        z = sum(true[k] * v for k, v in x.items())
        rows.append((x, int(rng.random() < 1 / (1 + 2.718281828 ** -z))))
    got = bench.fit(rows)
    for name, weight in true.items():
        assert abs(got[name] - weight) < 0.3, (name, got)
    assert bench.auc([(0.1, 0), (0.2, 1), (0.3, 0), (0.9, 1)]) == 0.75
