"""Benchmark and fit (not a test) of the deal-in chance the hints show (issue 29):
``defence.wait_chance``, the chance an opponent is ready and waits on a tile, read
from the table (``defence.ready_features``, ``defence.wait_features``).

Four ``normal`` players play seeded hands of every rule set; at each discard, for every
opponent, whether it is ready (a model of ``READY_WEIGHTS``) and, for every tile kind
the discarding seat holds, whether that tile is one of the opponent's waits (a model of
``WAIT_WEIGHTS``, fitted on ready opponents only). Both are logistic regressions fitted
here by Newton's method with a small ridge; ``--fit`` prints the weights to paste into
``defence.py``. On held-out hands it prints the discrimination (AUC) and the
calibration (the mean predicted chance against the share of tiles that were waits, by
bands of prediction) of the chance ``defence.tile_danger`` gives.

    PYTHONPATH=py python tests/bench/danger.py [--hands N] [--fit]

Measured (issue 29, 300 hands a rule set, fit on seeds 50000+, held out 60000+): see
``defence.py``'s docstring.
"""
from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
for _path in (ROOT / "py", ROOT / "tests" / "bench"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from mahjong_engine.ai import defence  # noqa: E402
from ceiling import ready_waits  # noqa: E402
from mahjong_engine.ai.efficiency import hand_counts, visible_counts  # noqa: E402
from mahjong_engine.ai.players import make_player  # noqa: E402
from mahjong_engine.game.actions import Discard  # noqa: E402
from mahjong_engine.game.state import GameConfig, GameState  # noqa: E402
from mahjong_engine.rules import RULE_SET_KEYS  # noqa: E402
from mahjong_engine.tiles import PLAYABLE_KINDS  # noqa: E402

Row = tuple[dict[str, float], int]


def collect(rules: str, hands: int, seed: int, pairs: list[Row] | None = None
            ) -> tuple[list[Row], list[Row], list[tuple[float, int]]]:
    """Rows of the two models, and (tile_danger, was a wait of some opponent) for every
    tile kind held at a discard; ``pairs`` gets the rows of the recalibration (every
    opponent and tile, ready or not)."""
    ready_rows: list[Row] = []
    wait_rows: list[Row] = []
    danger: list[tuple[float, int]] = []
    for h in range(hands):
        state = GameState(GameConfig(rules=rules, seed=seed + h))
        players = [make_player("normal", s, state.rules, random.Random((seed + h) * 8 + s))
                   for s in range(4)]
        steps = 0
        while not state.ended and steps < 5000:
            steps += 1
            seat = state.waiting_for()[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            action = players[seat].choose(view, legal)
            if isinstance(action, Discard):
                seen = visible_counts(view)
                mine = hand_counts(view["hand"])
                threats = defence.threats(view)
                waits_of = {t.seat: ready_waits(state, t.seat, state.rules) for t in threats}
                for t in threats:
                    ready_rows.append((defence.ready_features(view, t.seat),
                                       int(waits_of[t.seat] is not None)))
                for tile in range(PLAYABLE_KINDS):
                    if not mine[tile]:
                        continue
                    hit = 0
                    for t in threats:
                        waits = waits_of[t.seat]
                        if pairs is not None:
                            raw = defence.raw_wait_chance(tile, view, t, seen, mine)
                            pairs.append((defence.calibration_features(raw),
                                          int(waits is not None and tile in waits)))
                        if waits is not None:
                            wait_rows.append((defence.wait_features(tile, view, t.seat, seen, mine),
                                              int(tile in waits)))
                            hit |= tile in waits
                    danger.append((defence.tile_danger(tile, view, seen, threats, mine), hit))
            state.apply(action)
    return ready_rows, wait_rows, danger


def fit(rows: list[Row], ridge: float = 1e-3, rounds: int = 12) -> dict[str, float]:
    """Logistic regression by Newton's method (a small ridge keeps it defined)."""
    names = sorted({name for x, _ in rows for name in x})
    k = len(names)
    index = {name: i for i, name in enumerate(names)}
    data = [([(index[n], v) for n, v in x.items() if v], y) for x, y in rows]
    w = [0.0] * k
    n = len(data)
    for _ in range(rounds):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in data:
            z = sum(w[i] * v for i, v in x)
            p = 1.0 / (1.0 + math.exp(-z))
            g, h = p - y, p * (1.0 - p)
            for i, v in x:
                grad[i] += g * v
                row = hess[i]
                hv = h * v
                for j, u in x:
                    row[j] += hv * u
        for i in range(k):
            grad[i] = grad[i] / n + 2 * ridge * w[i]
            for j in range(k):
                hess[i][j] /= n
            hess[i][i] += 2 * ridge
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return {name: round(w[i], 3) for name, i in index.items()}


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the Hessian is small)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for j in range(c, n + 1):
                m[r][j] -= f * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def auc(pairs: list[tuple[float, int]]) -> float:
    """Area under the ROC curve (ties shared)."""
    ordered = sorted(pairs, key=lambda p: p[0])
    pos = sum(y for _, y in ordered)
    neg = len(ordered) - pos
    rank_sum, i = 0.0, 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and ordered[j][0] == ordered[i][0]:
            j += 1
        rank_sum += (i + j + 1) / 2 * sum(y for _, y in ordered[i:j])
        i = j
    return (rank_sum - pos * (pos + 1) / 2) / (pos * neg) if pos and neg else 0.5


def calibration(pairs: list[tuple[float, int]]) -> list[dict[str, Any]]:
    """Mean prediction against the observed share, by bands of prediction (the lower
    half, then up to the 80th, 90th, 95th, 99th percentile, then the top), each with
    its lowest prediction (``from``)."""
    ordered = sorted(pairs, key=lambda p: p[0])
    n = len(ordered)
    cuts = [0, n // 2, int(n * .8), int(n * .9), int(n * .95), int(n * .99), n]
    out = []
    for a, b in itertools.pairwise(cuts):
        band = ordered[a:b]
        if band:
            out.append({"share_of_tiles": round(len(band) / n, 2), "from": round(band[0][0], 4),
                        "predicted": round(sum(p for p, _ in band) / len(band), 4),
                        "observed": round(sum(y for _, y in band) / len(band), 4)})
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--fit", action="store_true", help="fit the weights on seeds 50000+")
    args = parser.parse_args(argv)
    out: dict[str, Any] = {}
    if args.fit:
        ready_rows: list[Row] = []
        wait_rows: list[Row] = []
        for rules in RULE_SET_KEYS:
            r, w, _ = collect(rules, args.hands, 50000)
            ready_rows += r
            wait_rows += w
        out["READY_WEIGHTS"] = fit(ready_rows)
        out["WAIT_WEIGHTS"] = fit(wait_rows)
        for name in ("READY_WEIGHTS", "WAIT_WEIGHTS"):
            getattr(defence, name).clear()
            getattr(defence, name).update(out[name])
        # the same hands again, every opponent and tile, for the recalibration
        pairs: list[Row] = []
        for rules in RULE_SET_KEYS:
            collect(rules, args.hands, 50000, pairs)
        out["CALIBRATION"] = fit(pairs, ridge=0.0)
        defence.CALIBRATION.clear()
        defence.CALIBRATION.update(out["CALIBRATION"])
    for rules in RULE_SET_KEYS:
        _, _, danger = collect(rules, args.hands, 60000)
        out[rules] = {"tiles": len(danger), "waits": sum(y for _, y in danger),
                      "auc": round(auc(danger), 4), "calibration": calibration(danger)}
        print(json.dumps({rules: out[rules]}), file=sys.stderr, flush=True)
    print(json.dumps(out, indent=1))
    return out


if __name__ == "__main__":
    main()
