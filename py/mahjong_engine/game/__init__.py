"""Game flow (issue 4): the wall, the deal, turns and claims, kongs and flowers, the end
of a hand and its settlement, matches, players, records and the ``simulate`` command.

Everything here is pure standard-library Python, deterministic from a seed, and speaks
in message keys (never prose), like the rest of the engine.
"""
from __future__ import annotations

from .actions import (Action, Chow, Discard, Draw, Exchange, Kong, KongSource, Pass, Pung, Win,
                      action_from_json)
from .state import GameConfig, GameState, HandResult

__all__ = ["Action", "Chow", "Discard", "Draw", "Exchange", "GameConfig", "GameState",
           "HandResult", "Kong", "KongSource", "Pass", "Pung", "Win", "action_from_json"]
