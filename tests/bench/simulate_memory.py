"""Benchmark (issue 15, item 12): peak memory of ``simulate`` for 2,000 games against 200.

Each run is its own process and reports its peak resident set size (ru_maxrss);
tracemalloc is not used, since it slows the run several times. Target: the 2,000-game peak
within 1.2x the 200-game peak.

    .venv/bin/python tests/bench/simulate_memory.py [--rules cayro] [--small 200] [--large 2000]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHILD = """
import json, resource, sys, time
from mahjong_engine.game.simulate import simulate
started = time.perf_counter()
out = simulate(sys.argv[1], int(sys.argv[2]), 1, check_every_step=False)
print(json.dumps({"games": out["games"], "errors": len(out["errors"]),
                  "seconds": round(time.perf_counter() - started, 1),
                  "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""


def measure(rules: str, games: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    proc = subprocess.run([sys.executable, "-c", CHILD, rules, str(games)], env=env,
                          capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rules", default="cayro")
    parser.add_argument("--small", type=int, default=200)
    parser.add_argument("--large", type=int, default=2000)
    args = parser.parse_args()
    small = measure(args.rules, args.small)
    large = measure(args.rules, args.large)
    ratio = large["peak_kb"] / small["peak_kb"]
    print(f"simulate --rules {args.rules}")
    for run in (small, large):
        print(f"  {run['games']:>6} games: peak RSS {run['peak_kb'] / 1024:7.1f} MB, "
              f"{run['seconds']} s, {run['errors']} errors")
    print(f"  ratio {args.large}/{args.small}: {ratio:.2f}x (target <= 1.20x)")


if __name__ == "__main__":
    main()
