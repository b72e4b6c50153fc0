"""Benchmark (not a test): the command line's `shanten` against the `mahjong` PyPI library on
the same seeded 14-tile hands, each as a whole process reading notation lines from stdin and
printing one number per line (issue 14: the CLI at least 3x the library). Same answers checked.

    .venv/bin/python tests/bench/shanten_cli.py [--hands 20000] [--seed 2026] [--runs 3]

On a shared machine the wall-clock ratio moves with the load: each run's ratio (the two
processes timed back to back) is printed as a spread, and the ratio of the processes' CPU
time beside it (less moved by other work).
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SUITS = "mpsz"

# The library's side: read the same lines, convert, compute (its own documented API).
LIBRARY = """
import sys
from mahjong.shanten import Shanten
from mahjong.tile import TilesConverter
out = []
for line in sys.stdin:
    text = line.strip()
    if not text:
        continue
    parts = {s: "" for s in "mpsz"}
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            parts[ch] += digits
            digits = ""
    counts = TilesConverter.string_to_34_array(man=parts["m"], pin=parts["p"], sou=parts["s"],
                                               honors=parts["z"])
    out.append(f"{Shanten.calculate_shanten_for_regular_hand(counts)}\\n")
sys.stdout.write("".join(out))
"""


def notation_lines(count: int, seed: int) -> str:
    rng = random.Random(seed)
    wall = [kind for kind in range(34) for _ in range(4)]
    lines = []
    for _ in range(count):
        tiles = sorted(rng.sample(wall, 14))
        groups: dict[int, str] = {}
        for kind in tiles:
            groups[kind // 9] = groups.get(kind // 9, "") + str(kind % 9 + 1)
        lines.append("".join(groups[s] + SUITS[s] for s in sorted(groups)))
    return "\n".join(lines) + "\n"


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmd: list[str], data: str, env: dict) -> tuple[float, float, str]:
    """Wall-clock seconds, CPU seconds and the output of one whole process."""
    cpu, start = _cpu(), time.perf_counter()
    out = subprocess.run(cmd, input=data, capture_output=True, text=True, env=env, check=True).stdout
    return time.perf_counter() - start, _cpu() - cpu, out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    data = notation_lines(args.hands, args.seed)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py"), "PYTHONDONTWRITEBYTECODE": "1"}
    ours_cmd = [sys.executable, "-m", "mahjong_engine", "shanten"]
    theirs_cmd = [sys.executable, "-c", LIBRARY]
    ours_t, theirs_t, ours_cpu, theirs_cpu = [], [], [], []
    for _ in range(args.runs):
        t, c, ours = timed(ours_cmd, data, env)
        ours_t.append(t)
        ours_cpu.append(c)
        t, c, theirs = timed(theirs_cmd, data, env)
        theirs_t.append(t)
        theirs_cpu.append(c)
    assert ours == theirs, "the CLI and the library disagree"
    cli, lib = statistics.median(ours_t), statistics.median(theirs_t)
    runs = sorted(b / a for a, b in zip(ours_t, theirs_t, strict=True))
    cpu = statistics.median(theirs_cpu) / statistics.median(ours_cpu)
    print(f"hands {args.hands}, seed {args.seed}, median of {args.runs} whole-process runs")
    print(f"CLI shanten : {cli:.3f} s ({args.hands / cli:,.0f} hands/s)")
    print(f"library     : {lib:.3f} s ({args.hands / lib:,.0f} hands/s)")
    print(f"ratio library/CLI: {lib / cli:.2f}x (target >= 3); each run {runs[0]:.2f}-{runs[-1]:.2f}x;"
          f" CPU time {cpu:.2f}x")


if __name__ == "__main__":
    main()
