"""Saving and loading: a hand (or a match) as JSON with a format version.

A hand is saved as its configuration (rule set, seed, winds, options, a stacked wall
if any) and its action log; loading replays the log, so a loaded hand is the same
state, and a record from another format version is refused with a typed error.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

from ..errors import EngineError
from .actions import action_from_json
from .state import GameConfig, GameState

FORMAT_VERSION = 1


class RecordError(EngineError):
    """A saved game that cannot be loaded (other version, corrupted)."""


def save_hand(state: GameState) -> dict[str, Any]:
    return {"format": FORMAT_VERSION, "kind": "hand", "config": state.config.to_json(),
            "actions": list(state.log),
            "result": state.result.to_json() if state.result else None}


def load_hand(data: Any) -> GameState:
    if not isinstance(data, dict) or data.get("kind") != "hand":
        raise RecordError("record.not_a_hand")
    if type(data.get("format")) is not int or data["format"] != FORMAT_VERSION:
        raise RecordError("record.bad_version", found=str(data.get("format"))[:20],
                          expected=FORMAT_VERSION)
    try:
        config = GameConfig.from_json(data["config"])
        state = GameState(config)
        for item in data.get("actions", []):
            state.apply(action_from_json(item))
    except EngineError as error:
        raise RecordError("record.corrupted", reason=error.key) from None
    except (KeyError, TypeError, ValueError):
        raise RecordError("record.corrupted", reason="record.malformed") from None
    return state


def dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(records: list[dict[str, Any]]) -> str:
    """sha256 of the canonical JSON of a list of records."""
    return hashlib.sha256(dumps(records).encode("utf-8")).hexdigest()


__all__ = ["FORMAT_VERSION", "RecordError", "digest", "dumps", "load_hand", "save_hand"]
