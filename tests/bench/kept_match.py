"""Benchmark (issue 30, scale): Keep score's actions on a 2,000-hand kept match.

For Macau and Cayro, a 2,000-hand match is settled once (the view holds its ledger), then
timed: recording one hand at the end, and correcting hand 1,000 (every hand after it is
settled again). Target: each action under 1 s on two cores.

    .venv/bin/python tests/bench/kept_match.py [--hands 2000] [--repeat 3]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))

from mahjong_engine.game.ledger import Ledger  # noqa: E402 - after the path is set
from mahjong_ui.keep.model import Match  # noqa: E402

PLAYERS = ["Ana", "Bia", "Caio", "Duda"]
CHOWS = {"concealed": "123m456p789s234s55p", "win_tile": "5p"}
RESEAT = [[6, 6], [5, 5], [4, 4], [3, 3]]


def hands(rules: str, count: int) -> list[dict[str, Any]]:
    """``count`` hands the match accepts: Macau's banker wins or draws (the bank stays, so
    the four rounds never end); Cayro's wins round the table, seats drawn every 16 hands."""
    ledger = Ledger(rules, PLAYERS)
    out: list[dict[str, Any]] = []
    for n in range(count):
        if ledger.rules.match_rounds:   # the rounds end when the bank passes: banker wins
            banker = ledger.player_at(0)
            hand: dict[str, Any] = ({"draw": True} if n % 3 == 2 else
                                    {"winner": banker, "win": "discard",
                                     "discarder": (banker + 1) % 4, **CHOWS})
        else:
            hand = {"winner": n % 4, "win": "discard", "discarder": (n + 1) % 4, **CHOWS}
            if (n + 1) % 16 == 0:
                hand["dice"] = RESEAT
        ledger.add(hand)
        out.append(hand)
    return out


def ledger_rounds(rules: str) -> bool:
    return bool(Ledger(rules, PLAYERS).rules.match_rounds)


def timed(match: Match, hand: dict[str, Any], index: int | None, repeat: int) -> float:
    """The best time of ``repeat`` tries at Keep score's action: the match with ``hand``
    recorded (``index`` None) or corrected, settled."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        match.with_hand(hand, index)
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for rules in ("macau_1988", "cayro"):
        record = hands(rules, args.hands)
        match = Match(rules, list(PLAYERS), {}, record[:-1])
        started = time.perf_counter()
        match.ledger()
        full = time.perf_counter() - started
        last = record[-1]
        middle = args.hands // 2 - 1
        hand = record[middle]
        discarder = {**hand, "discarder": (hand["discarder"] + 1) % 4}
        if discarder["discarder"] == hand["winner"]:
            discarder["discarder"] = (hand["winner"] + 2) % 4
        add = timed(match, last, None, args.repeat)
        edit = timed(match, discarder, middle, args.repeat)
        line = (f"{rules:11} {args.hands} hands: settle all {full:.3f} s, record the last "
                f"hand {add:.3f} s, correct hand {middle + 1} (discarder) {edit:.3f} s")
        if not ledger_rounds(rules):   # another winner: the bank moves for the hands after
            winner = {**hand, "winner": hand["discarder"], "discarder": hand["winner"]}
            moved = timed(match, winner, middle, args.repeat)
            line += f", (winner) {moved:.3f} s"
        print(line)


if __name__ == "__main__":
    main()
