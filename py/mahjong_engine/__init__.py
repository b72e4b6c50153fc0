"""Mah-Jong rules engine for four written rule sets (Macau 1988, Filipino,
Serralheiro 2003, Cayro). Pure Python, standard library only: the same code runs
under CPython and in the browser under Pyodide."""
from __future__ import annotations

from typing import Any

from .analysis import shanten_regular
from .errors import EngineError, HandError, IllegalActionError, NotationError
from .hand import HandDescription, Stake, WinKind
from .melds import Meld, MeldKind
from .notation import format_tiles, parse_tile, parse_tiles
from .rules import RULE_SET_KEYS, get_rule_set
from .scoring import ScoreResult, Unit
from .tiles import Suit, Tile, Wind

__version__ = "0.1.0"


def score(description: dict[str, Any]) -> ScoreResult:
    """Score one JSON hand description (the CLI contract) under its rule set."""
    hand = HandDescription.from_json(description)
    rules = get_rule_set(hand.rules)
    return rules.score(rules.read_facts(hand, description))


__all__ = ["RULE_SET_KEYS", "EngineError", "HandDescription", "HandError", "IllegalActionError", "Meld",
           "MeldKind", "NotationError", "ScoreResult", "Stake", "Suit", "Tile", "Unit", "WinKind", "Wind",
           "__version__", "format_tiles", "get_rule_set", "parse_tile", "parse_tiles", "score",
           "shanten_regular"]
