"""Mah-Jong rules engine for four written rule sets (Macau 1988, Filipino,
Serralheiro 2003, Cayro). Pure Python, standard library only: the same code runs
under CPython and in the browser under Pyodide.

Its public names (``__all__``), for the page and other callers, instead of submodules:

- scoring a hand (the ``score`` command): ``score``, ``HandDescription``, ``ScoreResult``,
  tiles, melds and notation;
- the rule sets: ``get_rule_set``, ``rule_set_class``, ``registered_keys``, ``register``;
- a game: ``GameConfig``, ``GameState``, the actions, ``explain_illegal``, the players
  (``make_player``, ``hints``), ``stacked_state``;
- a match at the table (``Match``), one kept with real tiles (``Ledger``, ``read_match``,
  ``settle_match``: the ``match`` command), ``record_of_match``;
- saved hands and replays: ``save_hand``, ``load_hand``, ``HandReplay``, ``encode_replay``,
  ``open_replay``;
- the errors: ``EngineError`` and its kinds (``HandError``, ``IllegalActionError``,
  ``RecordError``, ``RecordFieldError``, ``ConfigError``, ``InputError``...).

The game's names are imported on first use (``__getattr__``)."""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .analysis import shanten_regular
from .bounded import InputError
from .errors import EngineError, HandError, IllegalActionError, NotationError
from .notation import format_tiles, parse_tile, parse_tiles
from .tiles import Suit, Tile, Wind

if TYPE_CHECKING:   # the lazy names' types; at run time ``__getattr__`` imports them
    from .hand import HandDescription, Stake, WinKind
    from .melds import Meld, MeldKind
    from .rules import (RULE_SET_KEYS, RuleSet, Settlement, get_rule_set, register,
                        registered_keys, rule_set_class, unregister)
    from .scoring import DOCUMENTS, Citation, ScoreResult, Unit
    from .ai.hints import hints
    from .ai.players import make_player
    from .game import (FORMAT_VERSION, Action, Chow, Discard, Draw, Exchange, GameConfig,
                       GameState, HandResult, Kong, KongSource, Match, Pass, Phase, Pung,
                       RecordError, WhyNot, Win, action_from_json, explain_illegal, load_hand,
                       save_hand, stack_wall, stacked_state)
    from .game.config import MAX_SEED, ConfigError
    from .game.export import record_of_match
    from .game.kept import read_match
    from .game.kept import settle as settle_match
    from .game.ledger import HandOutcome, Ledger, RecordFieldError
    from .game.replay import LINK_PREFIX, HandReplay, decode_replay, encode_replay, open_replay

__version__ = "0.1.0"


def score(description: dict[str, Any]) -> ScoreResult:
    """Score one JSON hand description (the CLI contract) under its rule set."""
    from .hand import HandDescription
    from .rules import get_rule_set

    hand = HandDescription.from_json(description)
    rules = get_rule_set(hand.rules)
    return rules.score(rules.read_facts(hand, description))


# Public names imported on first use (PEP 562), by name -> (module, name there): the game
# API (what the page needs: a new game, a match and its ledger, replays, the players, their
# errors), and the hand, the rule sets and the scoring, so that the command line's
# ``shanten`` (tiles, notation and analysis only) starts without them (issue 31: the rule
# sets and scoring tables were most of its start-up).
_GAME_API: dict[str, tuple[str, str]] = {
    **{name: (".hand", name) for name in ("HandDescription", "Stake", "WinKind")},
    **{name: (".melds", name) for name in ("Meld", "MeldKind")},
    **{name: (".rules", name) for name in (
        "RULE_SET_KEYS", "RuleSet", "Settlement", "get_rule_set", "register",
        "registered_keys", "rule_set_class", "unregister")},
    **{name: (".scoring", name) for name in ("DOCUMENTS", "Citation", "ScoreResult", "Unit")},
    **{name: (".game", name) for name in (
        "FORMAT_VERSION", "Action", "Chow", "Discard", "Draw", "Exchange", "GameConfig",
        "GameState", "HandResult", "Kong", "KongSource", "Match", "Pass", "Phase", "Pung",
        "RecordError", "WhyNot", "Win", "action_from_json", "explain_illegal", "load_hand",
        "save_hand", "stack_wall", "stacked_state")},
    "MAX_SEED": (".game.config", "MAX_SEED"),
    "ConfigError": (".game.config", "ConfigError"),
    "record_of_match": (".game.export", "record_of_match"),
    "read_match": (".game.kept", "read_match"),
    "settle_match": (".game.kept", "settle"),
    "HandOutcome": (".game.ledger", "HandOutcome"),
    "Ledger": (".game.ledger", "Ledger"),
    "RecordFieldError": (".game.ledger", "RecordFieldError"),
    **{name: (".game.replay", name) for name in (
        "LINK_PREFIX", "HandReplay", "decode_replay", "encode_replay", "open_replay")},
    "hints": (".ai.hints", "hints"),
    "make_player": (".ai.players", "make_player"),
}


def __getattr__(name: str) -> Any:
    """A name of the game API (``_GAME_API``), imported the first time it is asked for."""
    try:
        module, attr = _GAME_API[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module, __name__), attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_GAME_API})


# Grouped in the module docstring; sorted here.
__all__ = [
    "DOCUMENTS", "FORMAT_VERSION", "LINK_PREFIX", "MAX_SEED", "RULE_SET_KEYS", "Action", "Chow",
    "Citation", "ConfigError", "Discard", "Draw", "EngineError", "Exchange", "GameConfig",
    "GameState", "HandDescription", "HandError", "HandOutcome", "HandReplay", "HandResult",
    "IllegalActionError", "InputError", "Kong", "KongSource", "Ledger", "Match", "Meld",
    "MeldKind", "NotationError", "Pass", "Phase", "Pung", "RecordError", "RecordFieldError",
    "RuleSet", "ScoreResult", "Settlement", "Stake", "Suit", "Tile", "Unit", "WhyNot", "Win",
    "WinKind", "Wind", "__version__", "action_from_json", "decode_replay", "encode_replay",
    "explain_illegal", "format_tiles", "get_rule_set", "hints", "load_hand", "make_player",
    "open_replay", "parse_tile", "parse_tiles", "read_match", "record_of_match", "register",
    "registered_keys", "rule_set_class", "save_hand", "score", "settle_match",
    "shanten_regular", "stack_wall", "stacked_state", "unregister"
]
