"""Engine cases run twice, under CPython and under Pyodide; the results must be identical.

To add a case: write a function returning JSON-able data (lists, dicts, str, int, bool, None)
and decorate it with @case. Keep results deterministic (sort sets, no floats from timing).
A case that needs an engine function which does not exist yet should return skipped(...).
"""

from __future__ import annotations

import importlib

CASES: dict = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def skipped(reason: str) -> dict:
    return {"skipped": reason}


def engine(name: str):
    """mahjong_engine.<name>, looked up in the package, then in its modules; None if absent."""
    try:
        package = importlib.import_module("mahjong_engine")
    except ModuleNotFoundError:
        return None
    if hasattr(package, name):
        return getattr(package, name)
    for module in ("notation", "tiles", "analysis", "hand", "scoring"):
        try:
            mod = importlib.import_module(f"mahjong_engine.{module}")
        except ImportError:
            continue
        if hasattr(mod, name):
            return getattr(mod, name)
    return None


def error_result(exc: Exception) -> dict:
    return {"error": type(exc).__name__, "key": getattr(exc, "key", None),
            "position": getattr(exc, "position", None)}


NOTATION = [
    "123m", "123m456p789s11z", "1m2m3m", "55z", "1234567z", "19m19p19s1234567z1m",
    "1f2f3f4f5f6f7f8f", "999p", "", "0m", "10m", "m", "123", "8z", "123x", "1m 2m", "\uff11m",
]


@case
def notation_round_trip():
    parse_tiles, format_tiles = engine("parse_tiles"), engine("format_tiles")
    if parse_tiles is None or format_tiles is None:
        return skipped("mahjong_engine.parse_tiles/format_tiles not available yet")
    out = []
    for text in NOTATION:
        try:
            tiles = parse_tiles(text)
            printed = format_tiles(tiles)
            out.append({"in": text, "out": printed, "count": len(tiles),
                        "again": format_tiles(parse_tiles(printed))})
        except Exception as exc:
            out.append({"in": text, **error_result(exc)})
    return out


@case
def engine_version():
    try:
        package = importlib.import_module("mahjong_engine")
    except ModuleNotFoundError:
        return skipped("mahjong_engine not importable yet")
    return {"version": getattr(package, "__version__", None)}


# ---------------------------------------------------------------- scoring, analysis, game flow

SCORE_HANDS = [
    {"rules": "cayro", "concealed": "567p888s22z", "win_tile": "6p",
     "melds": [{"kind": "chow", "tiles": "234m"}, {"kind": "kong", "tiles": "5555m", "concealed": True}],
     "flowers": "1f6f", "win": "discard", "seat_wind": "S", "round_wind": "E"},
    {"rules": "cayro", "concealed": "111222333z55z999m", "win_tile": "9m", "win": "self_drawn",
     "seat_wind": "E", "round_wind": "E"},
    {"rules": "serralheiro_2003", "concealed": "123m456p789s11z222z", "win_tile": "2z",
     "win": "self_drawn", "seat_wind": "S", "round_wind": "E", "opener_wind": "W"},
    {"rules": "serralheiro_2003", "concealed": "11223344556677p", "win_tile": "7p",
     "win": "discard", "seat_wind": "E", "round_wind": "E"},
    {"rules": "serralheiro_2003", "concealed": "19m19p19s12345677z", "win_tile": "7z",
     "win": "self_drawn", "seat_wind": "W", "round_wind": "S", "flowers": "2f7f"},
    {"rules": "macau_1988", "concealed": "123m456p789s11z555z", "win_tile": "5z", "win": "discard",
     "seat_wind": "W", "round_wind": "E", "stake": "100/200"},
    {"rules": "macau_1988", "concealed": "111m999p11z", "win_tile": "1z", "win": "self_drawn",
     "melds": [{"kind": "pung", "tiles": "222z"}, {"kind": "kong", "tiles": "3333z"}],
     "seat_wind": "S", "round_wind": "S", "stake": "500/1000"},
    {"rules": "macau_1988", "concealed": "19m19p19s1234567z9m", "win_tile": "9m", "win": "discard",
     "seat_wind": "E", "round_wind": "N", "stake": "50/100"},
    {"rules": "filipino", "concealed": "123m456m789m123p11z555z", "win_tile": "1p",
     "win": "self_drawn", "seat_wind": "N", "round_wind": "E"},
    {"rules": "filipino", "concealed": "11223344556677m999p", "win_tile": "9p",
     "win": "robbing_kong", "seat_wind": "S", "round_wind": "E", "flowers": "3f"},
    {"rules": "filipino", "concealed": "123m456p11z", "win_tile": "1z", "win": "discard",
     "seat_wind": "S", "round_wind": "E"},
]


@case
def scoring_results():
    score = engine("score")
    if score is None:
        return skipped("mahjong_engine.score not available")
    out = []
    for hand in SCORE_HANDS:
        try:
            out.append(score(hand).to_json())
        except Exception as exc:
            out.append(error_result(exc))
    return out


def _random_hands(size: int, count: int, seed: int) -> list[list[int]]:
    import random
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    out = []
    for _ in range(count):
        counts = [0] * 34
        for t in rng.sample(wall, size):
            counts[t] += 1
        out.append(counts)
    return out


@case
def shanten_by_rule_set():
    from mahjong_engine.rules import RULE_SET_KEYS, get_rule_set
    out = {}
    for key in RULE_SET_KEYS:
        rules = get_rule_set(key)
        size = rules.hand_size - 1
        out[key] = [rules.shanten(c) for c in _random_hands(size, 150, 11)]
    return out


@case
def waits_of_ready_hands():
    from mahjong_engine.notation import parse_tiles
    from mahjong_engine.rules import get_rule_set
    from mahjong_engine.tiles import counts_of
    hands = {"cayro": "1112345678999m", "macau_1988": "19m19p19s1234567z",
             "serralheiro_2003": "1122334455667p", "filipino": "1122334455667m999p"}
    return {key: get_rule_set(key).waits(counts_of(parse_tiles(text)))
            for key, text in hands.items()}


@case
def simulated_hands_digest():
    """The same seed plays the same hands under CPython and Pyodide."""
    try:
        from mahjong_engine.game.simulate import simulate
    except ImportError:
        return skipped("game flow not available")
    from mahjong_engine.rules import RULE_SET_KEYS
    out = {}
    for key in RULE_SET_KEYS:
        report = simulate(key, 3, 7)
        out[key] = {k: report[k] for k in ("games", "wins", "draws", "errors", "digest")}
    return out


@case
def kept_matches():
    """A match record settles to the same balances, winds and banks under both."""
    from mahjong_engine.game.ledger import Ledger

    chows = {"concealed": "123m456p789s234s55p", "win_tile": "5p"}
    seventeen = {"concealed": "123m456m234p567p345s99s", "win_tile": "9s"}
    out = {}
    for key, hands in (
            ("macau_1988", [{"winner": 0, "discarder": 1, **chows}, {"draw": True},
                            {"winner": 2, "discarder": 3, **chows}, {"false_win": 1}]),
            ("serralheiro_2003", [{"winner": 1, "discarder": 2, **chows,
                                   "losers": {"0": {"concealed": "555s147m369p1237z"}}}]),
            ("cayro", [{"winner": 3, "win": "self_drawn", **chows}]),
            ("filipino", [{"winner": 2, "win": "self_drawn", "dice": [4, 2], **seventeen}])):
        ledger = Ledger.from_json({"rules": key, "players": ["a", "b", "c", "d"],
                                   "hands": hands})
        out[key] = ledger.to_json()
    return out
