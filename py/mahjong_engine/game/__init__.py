"""Game flow (issue 4): the wall, the deal, turns and claims, kongs and flowers, the end
of a hand and its settlement, matches, records and the ``simulate`` command (the players
live in ``mahjong_engine.ai``).

Everything here is pure standard-library Python, deterministic from a seed, and speaks
in message keys (never prose), like the rest of the engine. The per-document rules are
read from each rule set's "game flow" section (see ``rules.base.RuleSet``).

Typical use::

    state = GameState(GameConfig(key, seed=1))   # key: any registered rule set
    seat = state.waiting_for()[0]
    state.apply(player.choose(state.view(seat), state.legal_actions(seat)))
"""
from __future__ import annotations

from .actions import (Action, Chow, Discard, Draw, Exchange, Kong, KongSource, Pass, Pung, Win,
                      action_from_json)
from .match import Match
from .phase import Phase
from .record import FORMAT_VERSION, RecordError, load_hand, save_hand
from .result import HandResult
from .scenario import stack_wall, stacked_state
from .state import GameConfig, GameState
from .why import WhyNot, explain_illegal

__all__ = ["FORMAT_VERSION", "Action", "Chow", "Discard", "Draw", "Exchange", "GameConfig", "GameState",
           "HandResult", "Kong", "KongSource", "Match", "Pass", "Phase", "Pung", "RecordError", "WhyNot",
           "Win", "action_from_json", "explain_illegal", "load_hand", "save_hand", "stack_wall",
           "stacked_state"]
