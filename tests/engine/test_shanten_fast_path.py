"""Issue 31: the command line's ``shanten`` reads a canonically written hand (``123m55z``)
straight into rank counts and is started without argparse, the rule sets or the scoring
(``python -m mahjong_engine shanten``). Same answers and the same refusals as the general
path (``parse_counts`` + ``shanten_regular``), whatever the notation's order."""
from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_engine.__main__ import main
from mahjong_engine.analysis import shanten_of_suits, shanten_regular
from mahjong_engine.notation import canonical_counts, format_tiles, parse_counts
from mahjong_engine.tiles import Tile

ROOT = Path(__file__).resolve().parents[2]
KINDS = 34


def shanten_cli(text: str, *args: str) -> tuple[int, bytes]:
    out = io.BytesIO()
    code = main(["shanten", *args], stdin=io.BytesIO(text.encode()), stdout=out)
    return code, out.getvalue()


def scrambled(tiles: list[int], rng: random.Random) -> str:
    """The same tiles in another order, one group a tile (``5m1p3m...``): not canonical."""
    order = list(tiles)
    rng.shuffle(order)
    return "".join(Tile(t).notation for t in order)


hands = st.lists(st.integers(0, KINDS - 1), min_size=1, max_size=17).filter(
    lambda ts: all(ts.count(t) <= 4 for t in set(ts)))


@settings(max_examples=400, deadline=None)
@given(hands, st.randoms(use_true_random=False))
def test_canonical_and_scrambled_notation_answer_alike(tiles, rng) -> None:
    canonical = format_tiles([Tile(t) for t in tiles])
    other = scrambled(tiles, rng)
    assert canonical_counts(other) in (None, canonical_counts(canonical))
    found = canonical_counts(canonical)
    assert found is not None
    counts = parse_counts(canonical)[:KINDS]
    assert list(found[0] + found[1] + found[2] + found[3]) == counts
    assert found[4] == len(tiles)
    # the whole command: a canonical and a scrambled line, the same output (answer or refusal)
    assert shanten_cli(canonical + "\n") == shanten_cli(other + "\n")
    if len(tiles) % 3:
        sets = len(tiles) // 3
        assert shanten_of_suits(*found[:4], sets, len(tiles)) == shanten_regular(counts, sets)


def test_the_refusals_are_the_general_paths() -> None:
    """Five copies, a rank out of range, a bonus tile, a wrong size: the same JSON error,
    naming the same line, as the same tiles written another way."""
    for canonical, other in (("55555m123p", "5m5555m123p"), ("123m8z", "8z123m"),
                             ("123m1f", "1f123m"), ("123m456p", "456p123m"),
                             ("11112222333344445555m", "5m1111222233334444555m")):
        code, out = shanten_cli(f"123m456p789s11z\n{canonical}\n")
        assert code == 2
        error = json.loads(out.decode().splitlines()[-1])["error"]
        assert error["params"]["line"] == 2
        _, again = shanten_cli(f"123m456p789s11z\n{other}\n")
        other_error = json.loads(again.decode().splitlines()[-1])["error"]
        assert error["key"] == other_error["key"], (canonical, error, other_error)


def test_rules_given_either_way_read_alike() -> None:
    """``--rules R`` (read without argparse) and ``--rules=R`` (argparse) give one answer;
    what argparse refuses is still refused by it."""
    lines = "19m19p19s1234567z\n123m456p789s1122z\n"
    assert shanten_cli(lines, "--rules", "macau_1988") == shanten_cli(lines, "--rules=macau_1988")
    # thirteen orphans, art. 5.º (3) (test_cli); Cayro knows only sets and a pair
    assert shanten_cli(lines, "--rules", "macau_1988")[1].split()[0] == b"0"
    assert shanten_cli(lines, "--rules", "cayro")[1].split()[0] == b"8"
    code, out = shanten_cli(lines, "--rules", "-x")
    assert code == 2 and json.loads(out)["error"]["key"] == "input.bad_arguments"


def test_shanten_starts_without_argparse_rule_sets_or_scoring() -> None:
    code = ("import io, sys; from mahjong_engine.__main__ import main; "
            "main(['shanten'], io.BytesIO(b'123m456p789s1122z\\n'), io.BytesIO()); "
            "print(sorted(m for m in ('argparse', 'mahjong_engine.rules', "
            "'mahjong_engine.scoring', 'mahjong_engine.hand', 'mahjong_engine.game') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT / "py")}, check=True)
    assert out.stdout.strip() == "[]", out.stdout
