"""Benchmark (not a test): regular-form shanten on seeded random 14-tile hands, the
engine against the `mahjong` PyPI library 2.1.0 in the same run, same values.

    PYTHONPATH=py .venv/bin/python tests/bench/shanten.py [--hands 20000] [--seed 2026]
    node tests/bench/pyodide.mjs                       (the same under Pyodide in Node)

Engine caches are emptied first, so the engine's figure includes filling them.
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time


def hands(count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [kind for kind in range(34) for _ in range(4)]
    out = []
    for _ in range(count):
        counts = [0] * 34
        for tile in rng.sample(wall, 14):
            counts[tile] += 1
        out.append(counts)
    return out


def run(count: int = 20000, seed: int = 2026) -> dict:
    from mahjong_engine import analysis

    sample = hands(count, seed)
    for cache in (analysis._suit_cache, analysis._suffix_memo, analysis._honour_cache):
        cache.clear()
    start = time.perf_counter()
    ours = [analysis.shanten_regular(h, 4) for h in sample]
    engine_s = time.perf_counter() - start
    start = time.perf_counter()
    warm = [analysis.shanten_regular(h, 4) for h in sample]
    engine_warm_s = time.perf_counter() - start
    assert warm == ours
    report = {
        "python": platform.python_implementation() + " " + platform.python_version(),
        "platform": sys.platform,
        "hands": count,
        "seed": seed,
        "engine_seconds": round(engine_s, 4),
        "engine_hands_per_second": round(count / engine_s),
        "engine_warm_hands_per_second": round(count / engine_warm_s),
    }
    try:
        from mahjong.shanten import Shanten
    except ImportError:
        report["library"] = "not installed"
        return report
    start = time.perf_counter()
    theirs = [Shanten.calculate_shanten_for_regular_hand(h) for h in sample]
    library_s = time.perf_counter() - start
    report.update({
        "library_seconds": round(library_s, 4),
        "library_hands_per_second": round(count / library_s),
        "same_values": ours == theirs,
        "mismatches": sum(a != b for a, b in zip(ours, theirs, strict=True)),
        "ratio_engine_over_library": round(library_s / engine_s, 2),
    })
    return report


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the median ratio is kept")
    args = parser.parse_args(argv)
    runs = [run(args.hands, args.seed) for _ in range(args.repeat)]
    runs.sort(key=lambda r: r.get("ratio_engine_over_library", r["engine_hands_per_second"]))
    print(json.dumps(runs[len(runs) // 2], indent=1))


if __name__ == "__main__":
    main()
