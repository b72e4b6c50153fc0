"""Issue 15, items 6-11: the command line never crashes, never prints invalid UTF-8,
checks its limits before doing the work, and refuses with a JSON error and exit 2."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mahjong_engine.__main__ import main

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
HAND = {"rules": "cayro", "concealed": "567p888s22z", "win_tile": "6p",
        "melds": [{"kind": "chow", "tiles": "234m"}, {"kind": "pung", "tiles": "555m"}]}


def run(args: list[str], data: bytes = b"") -> tuple[int, bytes]:
    """In-process run with byte streams, as a pipe gives them."""
    out = io.BytesIO()
    code = main(args, stdin=io.BytesIO(data), stdout=out)
    return code, out.getvalue()


def error_key(out: bytes) -> str:
    return json.loads(out.decode("utf-8"))["error"]["key"]


def test_deep_nesting_is_a_json_error():
    """Item 6: 1,000-deep JSON was a RecursionError traceback, exit 1."""
    code, out = run(["score", "-"], b"[" * 1000 + b"]" * 1000)
    assert code == 2 and error_key(out) == "input.too_deep"
    code, out = run(["score", "-"], b'{"a":' * 1000 + b"1" + b"}" * 1000)
    assert code == 2 and error_key(out) == "input.too_deep"


def test_brackets_inside_strings_do_not_count_as_depth():
    hand = dict(HAND, note="[" * 5000)
    code, out = run(["score", "-"], json.dumps(hand).encode())
    assert code == 0, out


def test_lone_surrogate_in_an_echoed_field_gives_valid_utf8():
    """Item 7: «\\ud800» echoed back was a UnicodeEncodeError traceback."""
    for field in ("rules", "win", "seat_wind"):
        hand = dict(HAND, **{field: "\ud800x"})
        code, out = run(["score", "-"], json.dumps(hand).encode())
        assert code == 2
        out.decode("utf-8")  # strict
        assert json.loads(out)["error"]["key"]


def test_invalid_bytes_are_refused_not_echoed():
    """Item 7: invalid bytes were echoed back as invalid UTF-8."""
    data = json.dumps(dict(HAND, rules="XX")).encode().replace(b"XX", b"\xff\xfe")
    code, out = run(["score", "-"], data)
    assert code == 2 and error_key(out) == "input.bad_utf8"
    code, out = run(["shanten"], b"123m\xff\n")
    assert code == 2 and error_key(out) == "input.bad_utf8"
    assert json.loads(out)["error"]["params"]["line"] == 1


def test_shanten_bad_byte_with_pythonioencoding_is_no_traceback():
    proc = subprocess.run([sys.executable, "-m", "mahjong_engine", "shanten"],
                          input=b"123456789m1234p\n12\xff3m\n", capture_output=True,
                          env=dict(ENV, PYTHONIOENCODING="utf-8"), cwd=ROOT, timeout=60)
    assert b"Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 2
    lines = proc.stdout.decode("utf-8").splitlines()
    assert lines[0] == "0" and json.loads(lines[1])["error"]["key"] == "input.bad_utf8"


def test_broken_pipe_is_quiet():
    """Item 7: ``| head`` gave a BrokenPipeError traceback."""
    script = ("import subprocess,sys;"
              "p=subprocess.Popen([sys.executable,'-m','mahjong_engine','shanten'],"
              "stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.PIPE);"
              "p.stdout.close();"
              "_,err=p.communicate(b'123456789m1234p\\n'*200000);"
              "sys.stderr.buffer.write(err)")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, env=ENV,
                          cwd=ROOT, timeout=120)
    assert b"Traceback" not in proc.stderr, proc.stderr[-2000:]


def test_unknown_meld_kind_is_not_echoed_whole():
    """Item 8: a 1 MB kind gave a 2 MB error."""
    hand = dict(HAND, melds=[{"kind": "k" * 500_000, "tiles": "555m"}])
    code, out = run(["score", "-"], json.dumps(hand).encode())
    assert code == 2 and error_key(out) == "meld.unknown_kind"
    assert len(out) < 1000


def test_too_many_melds_refused_before_parsing():
    """Item 8: 262,144 melds were parsed before any size check (2.7 s, 160 MB)."""
    hand = dict(HAND, melds=[{"kind": "pung", "tiles": "555m"}] * 262_144)
    data = json.dumps(hand).encode()
    started = time.perf_counter()
    code, out = run(["score", "-"], data)
    assert code == 2 and error_key(out) == "input.too_large"
    assert time.perf_counter() - started < 1.0
    # Under the byte limit, the count is checked before any meld is read.
    hand = dict(HAND, melds=[{"kind": "x", "tiles": "1"}] * 5000)
    code, out = run(["score", "-"], json.dumps(hand).encode())
    assert code == 2 and error_key(out) == "hand.too_many_melds"


def test_shanten_long_line_refused():
    code, out = run(["shanten"], b"1" * 100_000 + b"m\n")
    assert code == 2 and error_key(out) == "input.line_too_long"
    assert len(out) < 1000


@pytest.mark.parametrize("games, key", [("-1", "simulate.bad_games"),
                                        ("abc", "simulate.bad_games"),
                                        ("10000000000", "simulate.bad_games")])
def test_simulate_bad_games(games, key):
    """Item 11: ``--games -1`` said rules.unknown; ``--games abc`` printed usage, no JSON."""
    code, out = run(["simulate", "--rules", "cayro", "--games", games])
    assert code == 2 and error_key(out) == key
    assert json.loads(out)["error"]["params"]["value"] == games


def test_simulate_bad_seed_and_unknown_option():
    code, out = run(["simulate", "--rules", "cayro", "--seed", "x"])
    assert code == 2 and error_key(out) == "simulate.bad_seed"
    code, out = run(["simulate", "--rules", "cayro", "--bogus"])
    assert code == 2 and error_key(out) == "input.bad_arguments"
    code, out = run(["nonsense"])
    assert code == 2 and error_key(out) == "input.bad_arguments"
    code, out = run(["simulate", "--rules", "nope"])
    assert code == 2 and error_key(out) == "rules.unknown"


def test_every_new_error_key_has_a_message():
    for key in ("input.too_deep", "input.bad_utf8", "input.too_large", "input.line_too_long",
                "input.bad_arguments", "hand.too_many_melds", "simulate.bad_games",
                "simulate.bad_seed", "simulate.bad_players", "engine.internal_error"):
        for lang in ("pt", "en", "es"):
            catalogue = json.loads((ROOT / "static/i18n" / lang / "errors.json")
                                   .read_text("utf-8"))
            assert key in catalogue, (lang, key)
