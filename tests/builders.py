"""Builders shared by the tests: a JSON hand description in a few words."""
from __future__ import annotations

from typing import Any

from mahjong_engine.game.match import Match
from mahjong_engine.game.players import make_player
from mahjong_engine.game.simulate import play_hand

MELD_KINDS = {"c": "chow", "p": "pung", "k": "kong", "K": "kong"}


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
    computer = [make_player("simple", match.rules, seed * 4 + p) for p in range(4)]
    for number in range(hands):
        if match.over:
            break
        state = match.new_hand()
        play_hand(state, [computer[match.player_at(s)] for s in range(4)], [], number, False)
        match.finish_hand(state)
    return match
