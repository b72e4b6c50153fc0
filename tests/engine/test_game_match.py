"""Matches: the bank per document, Macau rounds, Serralheiro's three keeps, Cayro's
reseating, the Filipino Jai Alai, balances that sum to zero, saved matches, the CLI."""
from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_engine.game.match import Match
from mahjong_engine.ai.simple import SimplePlayer
from mahjong_engine.game.record import RecordError
from mahjong_engine.rules import get_rule_set
from mahjong_engine.game.simulate import play_hand

ROOT = Path(__file__).resolve().parents[2]


def play(match: Match, hands: int | None = None) -> None:
    players = [SimplePlayer(match.rules, seed) for seed in range(4)]
    played = 0
    while not match.over and (hands is None or played < hands):
        state = match.new_hand()
        errors: list = []
        play_hand(state, [players[match.player_at(s)] for s in range(4)], errors, played)
        assert errors == []
        match.finish_hand(state)
        played += 1
        assert sum(match.balances) + match.commission == 0


def test_macau_bank_kept_by_winning_banker_and_on_draw():
    rules = get_rule_set("macau_1988")
    assert rules.next_banker(2, 2, 5, None) == 2        # the banker won: keeps it
    assert rules.next_banker(2, None, 0, None) == 2     # a draw: keeps it (reading)
    assert rules.next_banker(2, 0, 0, None) == 3        # another won: to the right


def test_serralheiro_keeps_at_most_three_times():
    rules = get_rule_set("serralheiro_2003")
    assert rules.next_banker(1, 1, 2, None) == 1
    assert rules.next_banker(1, None, 2, None) == 1
    assert rules.next_banker(1, 1, 3, None) == 2        # §2 b i: only three times in a row


def test_filipino_winner_rolls_for_the_next_mano():
    rules = get_rule_set("filipino")
    assert rules.next_banker(0, 2, 0, lambda: [3, 4]) == 0   # 7 from seat 2: 2,3,0,1,2,3,0
    assert rules.next_banker(0, 1, 0, lambda: [1, 1]) == 2
    assert rules.next_banker(3, None, 0, lambda: [6, 6]) == 3  # a draw: the same Mano


def test_macau_match_runs_four_rounds():
    match = Match("macau_1988", seed=3)
    play(match)
    assert match.over and match.passes == 16 and match.hands_played >= 16
    winds = [h["config"]["round_wind"] for h in match.hands]
    assert winds[0] == "E" and winds[-1] == "N" and winds == sorted(winds, key="ESWN".index)
    assert match.commission > 0 and sum(match.balances) == -match.commission
    with pytest.raises(RecordError):
        match.new_hand()


def test_serralheiro_banker_never_more_than_four_hands_in_a_row():
    match = Match("serralheiro_2003", seed=5)
    play(match, 40)
    run = longest = 1
    for a, b in itertools.pairwise(match.bankers):
        run = run + 1 if a == b else 1
        longest = max(longest, run)
    assert longest <= 4 and sum(match.balances) == 0


def test_cayro_seats_drawn_again_every_sixteen_hands():
    match = Match("cayro", seed=2)
    play(match, 33)
    rolls = [e for e in match.events if e["type"] == "seat_rolls"]
    assert {e["hand"] for e in rolls} == {0, 16, 32}
    assert sum(match.balances) == 0


def test_filipino_jai_alai_ends_at_five_markers():
    match = Match("filipino", seed=4)
    play(match)
    assert match.over and match.champion is not None
    assert match.markers[match.champion] >= 5
    assert max(m for p, m in enumerate(match.markers) if p != match.champion) < 5 + 3
    assert any(e["type"] == "mano_roll" for e in match.events)


@pytest.mark.parametrize("rules", ["macau_1988", "cayro"])
def test_saved_match_loads_back(rules):
    match = Match(rules, seed=9)
    play(match, 6)
    data = json.loads(json.dumps(match.to_json()))
    again = Match.from_json(data)
    assert again.balances == match.balances and again.hands == match.hands
    data["format"] = 99
    with pytest.raises(RecordError) as error:
        Match.from_json(data)
    assert error.value.key == "record.bad_version"


def _cli(*args: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    out = subprocess.run([sys.executable, "-m", "mahjong_engine", "simulate", *args],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_simulate_cli_contract():
    first = _cli("--rules", "cayro", "--games", "4", "--seed", "1")
    for key in ("games", "wins", "draws", "errors", "digest", "hands_per_second", "players"):
        assert key in first
    assert first["games"] == 4 and first["wins"] + first["draws"] == 4 and first["errors"] == []
    assert first["digest"] == _cli("--rules", "cayro", "--games", "4", "--seed", "1")["digest"]
    assert first["digest"] != _cli("--rules", "cayro", "--games", "4", "--seed", "2")["digest"]
    levels = _cli("--rules", "macau_1988", "--games", "2", "--seed", "1",
                  "--players", "strong,baseline,baseline,baseline")
    assert [p["level"] for p in levels["players"]] == ["strong", "baseline", "baseline", "baseline"]
    assert sum(p["wins"] for p in levels["players"]) == levels["wins"]
