"""Typed errors of the engine.

Every error carries a stable message ``key`` and ``params``; the page and the CLI
render the text from the catalogues in ``static/i18n/<lang>/errors.json``.
"""
from __future__ import annotations

from typing import Any

MAX_ECHO = 40   # characters of the user's text put back in a message


def clip(value: Any, limit: int = MAX_ECHO) -> str:
    """``value`` as text of at most ``limit`` characters, for echoing in a message."""
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "…"


class EngineError(Exception):
    """Base class: a message key, its parameters, never prose."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


class NotationError(EngineError):
    """Tile notation that cannot be read; ``position`` is the index of the fault."""

    def __init__(self, key: str, position: int, text: str = "", **params: Any) -> None:
        super().__init__(key, position=position, column=position + 1, text=text, **params)
        self.position = position


class HandError(EngineError):
    """A hand description that is not a possible hand (counts, melds, winds...)."""


class IllegalActionError(EngineError):
    """An action that is not legal in the current game state."""
