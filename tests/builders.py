"""Builders shared by the tests: a JSON hand description in a few words."""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from mahjong_engine.game import Discard, Draw, Pass, Pung
from mahjong_engine.game.match import Match
from mahjong_engine.game.scenario import pass_claims
from mahjong_engine.game.state import GameState
from mahjong_engine.notation import parse_tile
from mahjong_engine.ai.players import make_player
from mahjong_engine.game.simulate import play_hand

ROOT = Path(__file__).resolve().parents[1]
MELD_KINDS = {"c": "chow", "p": "pung", "k": "kong", "K": "kong"}
# Hands of the match tests, each worked by hand in tests/engine/test_ledger.py.
PLAYERS = ["Ana", "Bento", "Carla", "Duarte"]
CHOWS = "123m456p789s234s55p"          # win tile 5p
SEVENTEEN = "123m456m234p567p345s99s"  # Filipino, win tile 9s


def meld(spec: str | tuple[str, str, bool]) -> dict[str, Any]:
    """A declared meld from "p:999m" (exposed pung), "c:234m" (chow), "k:5555m" (exposed
    kong), "K:5555m" (concealed kong), or from a (kind, tiles, concealed) triple."""
    if isinstance(spec, str):
        return {"kind": MELD_KINDS[spec[0]], "tiles": spec[2:], "concealed": spec[0] == "K"}
    kind, tiles, concealed = spec
    return {"kind": kind, "tiles": tiles, "concealed": concealed}


def hand(rules: str, concealed: str, win_tile: str, melds=(), win: str = "discard",
         seat: str = "S", round_: str = "E", **extra: Any) -> dict[str, Any]:
    """The hand description of the ``score`` contract; ``extra`` adds or overrides fields."""
    data: dict[str, Any] = {"rules": rules, "concealed": concealed, "win_tile": win_tile,
                            "win": win, "seat_wind": seat, "round_wind": round_,
                            "melds": [meld(m) for m in melds]}
    data.update(extra)
    return data


def played_match(rules: str, seed: int, hands: int) -> Match:
    """A match of ``hands`` hands (fewer if it ends) played by the simple computer players."""
    match = Match(rules, seed)
    computer = [make_player("simple", None, match.rules, seed * 4 + p) for p in range(4)]
    for number in range(hands):
        if match.over:
            break
        state = match.new_hand()
        play_hand(state, [computer[match.player_at(s)] for s in range(4)], [], number, False)
        match.finish_hand(state)
    return match


def build_module(name: str = "mahjong_build") -> ModuleType:
    """A fresh copy of build.py as a module (each call its own, to patch freely)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def match_cli(record: dict[str, Any]) -> dict[str, Any]:
    """``python -m mahjong_engine match -`` on ``record``, its JSON answer."""
    out = subprocess.run([sys.executable, "-m", "mahjong_engine", "match", "-"],
                         input=json.dumps(record), capture_output=True, text=True,
                         cwd=ROOT / "py", check=True).stdout
    return json.loads(out)


def pung_then_draw_the_fourth(state: GameState) -> None:
    """The robbing-a-kong walls (East has discarded 5p): North lets it go, South pungs it and
    throws 1s, West, North and East draw and throw, South draws the fourth 5p."""
    state.apply(Pass(3))
    state.apply(Pung(1, parse_tile("5p")))
    state.apply(Discard(1, parse_tile("1s")))
    for _ in range(3):
        pass_claims(state)
        seat = state.current
        state.apply(Draw(seat))
        state.apply(Discard(seat, state.last_drawn))
    pass_claims(state)
    state.apply(Draw(1))
