"""Benchmark (not a test) of the computer players of issue 5, seeded and repeatable.

For each rule set: one ``strong`` seat against three ``normal`` seats over N hands
(2,000 by default), the strong seat rotating E, S, W, N from hand to hand; the strong
seat's win share and average settlement per hand (money, or markers for Filipino) with
95 % confidence intervals, next to a normal seat's (issue 17); the same for ``normal``
against three ``easy``; and the decision time per action of the lone seat (median and 95th
percentile; only decisions with a choice, i.e. more than one legal action), in wall-clock
time and in the deciding thread's CPU time (``decision_cpu_ms``, unaffected by other
processes on a loaded machine).

    PYTHONPATH=py python tests/bench/ai.py [--hands N] [--rules R ...] [--pairs strong:normal]
                                           [--paired]
    node tests/bench/ai_pyodide.mjs [--hands N]      (the same under Pyodide in Node)

With ``--paired`` each hand is also played a second time with the lone seat's player
replaced by one of the others' level (same wall, same seat, same random streams), and the
differences per hand (win, settlement) get their own 95 % intervals: what the level itself
changes, without the luck of the deal (most hands play out the same both times, so the
interval is far narrower than the unpaired one for the same number of hands).

What a player feels (issue 29), in ``feel``: for the lone seat (and, paired, for the others'
level in that seat on the same walls) the deal-in rate (it discarded the winning tile), the
mean settlement of the hands it won and the ready rate (ready at some point of the hand),
each with its 95 % interval; paired, the per-hand differences of deal-ins and of ready
hands. Decision times carry the 95 % interval of their median and 95th percentile
(``p50_ci``, ``p95_ci``: order statistics).

``--pairs ceiling:normal`` puts in the lone seat a player that cheats (``ceiling.py``: the
strong player, seeing every hand, never discards a tile an opponent wins on): the most any
defence read from the table could give the strong player. In Filipino (1,500 hands, seeds
30000+, paired against normal): +0.038 [+0.012, +0.064] markers a hand, wins +2.4 pp
[+0.8, +4.0], deal-in 0.07 % against 19.5 %; on the held-out 4,000 (seeds 10000+): +0.0307
[+0.0139, +0.0476] markers, wins +1.65 pp, deal-in 0.22 % against 19.2 %. In Cayro there:
+5.88 [+3.73, +8.03] a hand, wins +1.40 pp [+0.07, +2.73], winning settlement 115 against
106 (1.08x), deal-in 0.35 % against 18.4 %.

Prints one JSON object. Hands are single hands (seed = base seed + hand number), each
played to its end with ``GameState`` and settled by the rule set.

Measured (issue 29, held-out seeds 10000+, ``--paired --pairs strong:normal``, CPython
3.11; strong minus normal in the same seat, a hand, 95 % intervals): Macau 4,000 hands
+12.04 [+6.46, +17.62], wins +0.18 pp [-0.84, +1.19], winning settlement 372 against 333
(1.12x); Cayro 4,000 +3.74 [+1.67, +5.81], wins -0.35 pp [-1.65, +0.95], 114 against 106
(1.08x) (+2.17 [+0.64, +3.70], wins -0.37 pp, before its far hands were shaped for
value); Serralheiro 6,000 +19.85 [+14.26, +25.43], wins +0.18 pp [-0.83, +1.20], 261
against 205 (1.27x); Filipino 4,000 +0.0065 [-0.0096, +0.0226] markers, wins -0.03 pp
[-1.00, +0.95]. Cayro over 16,000 hands (seeds 10000-25999, the 4,000 and two runs of
6,000): +3.68 [+2.61, +4.75] a hand, wins -0.53 pp [-1.17, +0.12], winning settlement 113
against 103 (1.10x), ready -0.77 pp [-1.47, -0.08]: strong wins about one hand in 200
fewer for a tenth more a win. Deal-in rates within 0.8 points of normal's; ready rates 0.5-1.5 points
below. Decision CPU p95 4.0-6.3 ms.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))

from mahjong_engine.ai.base import Player  # noqa: E402
from mahjong_engine.ai.players import make_player  # noqa: E402
from mahjong_engine.game.actions import Discard  # noqa: E402
from mahjong_engine.game.state import GameConfig, GameState, HandResult  # noqa: E402
from mahjong_engine.rules import RULE_SET_KEYS, Settlement, rule_set_class  # noqa: E402
from mahjong_engine.tiles import PLAYABLE_KINDS  # noqa: E402


# ``--pairs ceiling:normal``: the strong player that never deals in (it sees every hand)
CEILING = "ceiling"

# CPU time of this thread; Pyodide's time module has no thread_time (one thread there)
cpu_time = getattr(time, "thread_time", time.process_time)


def _mean_ci(values: list[float]) -> dict[str, float]:
    n = len(values)
    mean = sum(values) / n if n else 0.0
    sd = statistics.stdev(values) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n else 0.0
    return {"mean": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)]}


def _share_ci(wins: int, n: int) -> dict[str, float]:
    """Wilson 95 % interval of a proportion."""
    if not n:
        return {"share": 0.0, "ci95": [0.0, 0.0]}
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return {"share": round(p, 4), "ci95": [round(centre - half, 4), round(centre + half, 4)]}


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def _percentile_ci(values: list[float], q: float) -> dict[str, Any]:
    """The ``q`` quantile in ms with its 95 % distribution-free interval (order statistics
    at the ranks n q -/+ 1.96 sqrt(n q (1 - q)))."""
    ordered = sorted(values)
    n = len(ordered)
    if not n:
        return {"ms": 0.0, "ci95": [0.0, 0.0]}
    half = 1.96 * math.sqrt(n * q * (1 - q))
    low = ordered[max(0, int(n * q - half))]
    high = ordered[min(n - 1, math.ceil(n * q + half))]
    return {"ms": round(_percentile(values, q) * 1e3, 3),
            "ci95": [round(low * 1e3, 3), round(high * 1e3, 3)]}


def _feel(won: list[float], dealt_in: list[float], ready: list[bool]) -> dict[str, Any]:
    """What a player feels of one seat's play: its deal-in rate, its mean winning
    settlement and its ready rate, each with a 95 % interval."""
    return {"deal_in": _share_ci(int(sum(dealt_in)), len(dealt_in)),
            "winning_settlement": _mean_ci(won), "wins": len(won),
            "ready": _share_ci(sum(ready), len(ready))}


def _one_hand(rules: str, hand_seed: int, lone_seat: int, lone: str, others: str,
              times: list[float] | None = None, cpu: list[float] | None = None,
              all_times: list[float] | None = None,
              ready: list[bool] | None = None) -> HandResult | None:
    """Play one hand to its end; its result. ``ready`` gets whether the lone seat was ever
    ready (one tile from a win) during the hand."""
    state = GameState(GameConfig(rules=rules, seed=hand_seed))
    players = [_ceiling(state, s, random.Random(hand_seed * 8 + s))
               if lone == CEILING and s == lone_seat else
               make_player(lone if s == lone_seat else others, s, state.rules,
                           random.Random(hand_seed * 8 + s)) for s in range(4)]
    steps = 0
    was_ready = False
    while not state.ended and steps < 5000:
        steps += 1
        seat = state.waiting_for()[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        started, started_cpu = time.perf_counter(), cpu_time()
        action = players[seat].choose(view, legal)
        spent = time.perf_counter() - started
        if times is not None and cpu is not None and seat == lone_seat and len(legal) > 1:
            times.append(spent)
            cpu.append(cpu_time() - started_cpu)
        if all_times is not None:
            all_times.append(spent)
        state.apply(action)
        if ready is not None and not was_ready and seat == lone_seat and isinstance(action, Discard):
            hand = state.hands[lone_seat]
            counts = [0] * PLAYABLE_KINDS
            for tile in hand:
                counts[tile] += 1
            was_ready = state.rules.shanten(counts, len(state.melds[lone_seat])) <= 0
    if ready is not None:
        ready.append(was_ready)
    return state.result


def _ceiling(state: GameState, seat: int, rng: random.Random) -> Player:
    """The bench-only player that sees every hand (``ceiling.py``), imported here only,
    so the Pyodide run of this file needs no other file."""
    here = str(Path(__file__).resolve().parent)
    if here not in sys.path:
        sys.path.insert(0, here)
    from ceiling import PerfectDefence
    return PerfectDefence(state.rules, rng, seat, state)


def _money(markers: bool, result: HandResult | None) -> list[int]:
    """Each seat's settlement of the hand: markers where the rule set pays in them."""
    if result is None:
        return [0, 0, 0, 0]
    return list(result.markers if markers else result.payments)


def play(rules: str, hands: int, lone: str, others: str, seed: int = 0,
         paired: bool = False) -> dict:
    lone_wins = other_wins = draws = 0
    win_diff: list[float] = []
    pay_diff: list[float] = []
    lone_pay: list[float] = []
    other_pay: list[float] = []
    times: list[float] = []
    cpu: list[float] = []
    all_times: list[float] = []
    # what a player feels: the lone seat's, and (paired) the others' level in that seat
    won: list[float] = []
    dealt: list[float] = []
    ready: list[bool] = []
    won_again: list[float] = []
    dealt_again: list[float] = []
    ready_again: list[bool] = []
    markers = rule_set_class(rules).settlement is Settlement.MARKERS
    for h in range(hands):
        lone_seat = h % 4
        result = _one_hand(rules, seed + h, lone_seat, lone, others, times, cpu, all_times,
                           ready)
        winner = result.winner if result else None
        if winner is None:
            draws += 1
        elif winner == lone_seat:
            lone_wins += 1
        else:
            other_wins += 1
        money = _money(markers, result)
        lone_pay.append(money[lone_seat])
        other_pay.extend(money[s] for s in range(4) if s != lone_seat)
        _tally(result, money, lone_seat, won, dealt)
        if paired:
            again = _one_hand(rules, seed + h, lone_seat, others, others, ready=ready_again)
            _tally(again, _money(markers, again), lone_seat, won_again, dealt_again)
            again_won = again is not None and again.winner == lone_seat
            win_diff.append(float(winner == lone_seat) - float(again_won))
            pay_diff.append(money[lone_seat] - _money(markers, again)[lone_seat])
    lone_share = _share_ci(lone_wins, hands)
    other_share = _share_ci(other_wins, 3 * hands)
    ratio = lone_share["share"] / other_share["share"] if other_share["share"] else None
    out = {
        "rules": rules, "hands": hands, "lone": lone, "others": others, "draws": draws,
        "lone_win_share": lone_share, "other_win_share": other_share,
        "win_share_ratio": round(ratio, 3) if ratio is not None else None,
        "lone_settlement": _mean_ci(lone_pay), "other_settlement": _mean_ci(other_pay),
        "unit": "markers" if markers else "money",
        "decision_ms": {"median": round(_percentile(times, 0.5) * 1e3, 3),
                        "p95": round(_percentile(times, 0.95) * 1e3, 3),
                        "max": round(max(times, default=0.0) * 1e3, 3),
                        "decisions": len(times)},
        # the same in CPU time of the deciding thread: what a loaded machine does not inflate
        "decision_cpu_ms": {"median": round(_percentile(cpu, 0.5) * 1e3, 3),
                            "p95": round(_percentile(cpu, 0.95) * 1e3, 3),
                            "p50_ci": _percentile_ci(cpu, 0.5), "p95_ci": _percentile_ci(cpu, 0.95)},
        "feel": {"lone": _feel(won, dealt, ready)},
    }
    if paired:
        # the lone level minus the others' level in the same seat on the same wall
        out["paired"] = {"win_diff": _mean_ci(win_diff), "settlement_diff": _mean_ci(pay_diff),
                         "hands_changed": sum(1 for d in pay_diff if d),
                         "deal_in_diff": _mean_ci([a - b for a, b in zip(dealt, dealt_again, strict=True)]),
                         "ready_diff": _mean_ci([float(a) - float(b)
                                                 for a, b in zip(ready, ready_again, strict=True)])}
        out["feel"]["same_seat"] = _feel(won_again, dealt_again, ready_again)
    return out


def _tally(result: HandResult | None, money: list[int], seat: int, won: list[float],
           dealt: list[float]) -> None:
    """``seat``'s settlement when it won, and whether it dealt the winning tile."""
    if result is None:
        dealt.append(0.0)
        return
    if result.winner == seat:
        won.append(money[seat])
    dealt.append(float(result.winner is not None and result.winner != seat
                       and result.discarder == seat))


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", nargs="*", default=list(RULE_SET_KEYS))
    parser.add_argument("--pairs", nargs="*", default=["strong:normal", "normal:easy"])
    parser.add_argument("--paired", action="store_true",
                        help="also replay each hand with the others' level in the lone seat")
    args = parser.parse_args(argv)
    out = {"python": sys.version.split()[0], "platform": sys.platform, "runs": []}
    for rules in args.rules:
        for pair in args.pairs:
            lone, others = pair.split(":")
            out["runs"].append(play(rules, args.hands, lone, others, args.seed, args.paired))
            print(json.dumps(out["runs"][-1]), file=sys.stderr, flush=True)
    print(json.dumps(out, indent=1))
    return out


if __name__ == "__main__":
    main()
