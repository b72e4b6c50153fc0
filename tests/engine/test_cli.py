"""The CLI contract of issue 3: exit codes, JSON shapes, every malformed input."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "py"))

WINNING = {
    "cayro": {"rules": "cayro", "concealed": "567p888s22z", "win_tile": "6p",
              "melds": [{"kind": "chow", "tiles": "234m"},
                        {"kind": "kong", "tiles": "5555m", "concealed": True}],
              "flowers": "1f6f", "win": "discard", "seat_wind": "S", "round_wind": "E"},
    "serralheiro_2003": {"rules": "serralheiro_2003", "concealed": "123m456p789s11z222z",
                         "win_tile": "2z", "win": "self_drawn", "seat_wind": "S",
                         "round_wind": "E", "opener_wind": "W"},
    "macau_1988": {"rules": "macau_1988", "concealed": "123m456p789s11z555z", "win_tile": "5z",
                   "win": "discard", "seat_wind": "W", "round_wind": "E", "stake": "100/200"},
    "filipino": {"rules": "filipino", "concealed": "123m456m789m123p11z555z", "win_tile": "1p",
                 "win": "self_drawn", "seat_wind": "N", "round_wind": "E"},
}


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    proc = subprocess.run([sys.executable, "-m", "mahjong_engine", *args], input=stdin,
                          capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=60)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc.returncode, proc.stdout


@pytest.mark.parametrize("rules", sorted(WINNING))
def test_score_prints_the_contract_shape(rules):
    code, out = run("score", "-", stdin=json.dumps(WINNING[rules]))
    assert code == 0, out
    result = json.loads(out)
    assert result["winning"] is True and result["rules"] == rules
    assert isinstance(result["unit"], str) and isinstance(result["readings"], list)
    assert result["items"], "a winning hand has at least one item"
    for item in result["items"]:
        assert set(item) >= {"key", "amount", "unit", "citation"}
        assert isinstance(item["citation"], str) and item["citation"]
    assert isinstance(result["total"], int | float)
    if rules == "serralheiro_2003" or rules == "macau_1988":
        assert set(result["payments"]) == {"E", "S", "W", "N"}
    if rules == "macau_1988":
        assert isinstance(result["commission"], int)
        assert sum(result["payments"].values()) == -result["commission"]
    if rules == "serralheiro_2003":
        assert sum(result["payments"].values()) == 0


def test_score_reads_a_file(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(WINNING["cayro"]), encoding="utf-8")
    code, out = run("score", str(path))
    assert code == 0 and json.loads(out)["winning"] is True


def test_a_hand_that_does_not_win_exits_zero():
    hand = dict(WINNING["cayro"], concealed="567p889s22z", win_tile="6p")
    code, out = run("score", "-", stdin=json.dumps(hand))
    result = json.loads(out)
    assert code == 0 and result["winning"] is False
    assert "total" not in result and "payments" not in result


MALFORMED = [
    ("bad notation", {"concealed": "567p8x8s22z"}, "notation.unexpected_character"),
    ("five copies", {"concealed": "567p888s22z", "melds": [
        {"kind": "chow", "tiles": "234m"}, {"kind": "kong", "tiles": "8888s"}]}, "hand.too_many_copies"),
    ("too few tiles", {"concealed": "567p88s22z"}, "hand.wrong_size"),
    ("unknown rules", {"rules": "riichi"}, "rules.unknown"),
    ("bad seat wind", {"seat_wind": "X"}, "hand.bad_wind"),
    ("bad round wind", {"round_wind": 3}, "hand.bad_wind"),
    ("bad opener wind", {"opener_wind": "East"}, "hand.bad_wind"),
    ("chow that is not one", {"melds": [{"kind": "chow", "tiles": "245m"},
                                        {"kind": "kong", "tiles": "5555m"}]}, "meld.not_a_meld"),
    ("pung of honours run", {"melds": [{"kind": "chow", "tiles": "123z"},
                                       {"kind": "kong", "tiles": "5555m"}]}, "meld.not_a_meld"),
    ("unknown meld kind", {"melds": [{"kind": "triple", "tiles": "234m"},
                                     {"kind": "kong", "tiles": "5555m"}]}, "meld.unknown_kind"),
    ("win tile not in hand", {"win_tile": "9p"}, "hand.win_tile_not_in_hand"),
    ("two win tiles", {"win_tile": "6p7p"}, "notation.not_one_tile"),
    ("bad win kind", {"win": "tsumo"}, "hand.bad_win"),
    ("flower in hand", {"concealed": "567p888s2z1f"}, "hand.bonus_in_concealed"),
    ("not a flower", {"flowers": "1m"}, "hand.bad_flowers"),
    ("bad flag", {"first_turn": "yes"}, "hand.bad_flag"),
    ("bad stake", {"rules": "macau_1988", "stake": "lots"}, "hand.bad_stake"),
    ("missing concealed", {"concealed": None}, "hand.missing_field"),
]


@pytest.mark.parametrize("name, change, key", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_input_exits_two_with_a_keyed_message(name, change, key):
    hand = dict(WINNING["cayro"], **change)
    hand = {k: v for k, v in hand.items() if v is not None}
    code, out = run("score", "-", stdin=json.dumps(hand))
    assert code == 2, out
    error = json.loads(out)["error"]
    assert error["key"] == key
    assert error["message"] and error["message"] != key


@pytest.mark.parametrize("text, key", [("{not json", "input.bad_json"), ("[1, 2]", "hand.not_an_object"),
                                       ("", "input.bad_json")])
def test_input_that_is_not_a_description(text, key):
    code, out = run("score", "-", stdin=text)
    assert code == 2 and json.loads(out)["error"]["key"] == key


def test_missing_file():
    code, out = run("score", "/nonexistent/hand.json")
    assert code == 2 and json.loads(out)["error"]["key"] == "input.unreadable"


def test_shanten_regular_form_one_line_each():
    hands = "123m456p789s11z222z\n123m456p789s11z22z\n1111m234p567p789s\n19m19p19s1234567z\n"
    code, out = run("shanten", stdin=hands)
    assert code == 0
    assert out.split() == ["-1", "0", "1", "8"]


def test_shanten_with_rules_uses_their_forms():
    code, out = run("shanten", "--rules", "macau_1988", stdin="19m19p19s1234567z\n")
    assert code == 0 and out.split() == ["0"]         # thirteen orphans, art. 5.º (3)
    code, out = run("shanten", "--rules", "cayro", stdin="19m19p19s1234567z\n")
    assert code == 0 and out.split() == ["8"]         # Cayro knows only sets and a pair


def test_shanten_bad_line_exits_two():
    code, out = run("shanten", stdin="1234m\n12x\n")
    lines = out.strip().splitlines()
    assert code == 2
    assert json.loads(lines[-1])["error"]["params"]["line"] == 2


def test_shanten_unknown_rules():
    code, out = run("shanten", "--rules", "nope", stdin="123m\n")
    assert code == 2 and json.loads(out)["error"]["key"] == "rules.unknown"
