"""The player interface: one for human and computer seats.

A player is asked ``choose(view, legal)``: ``view`` is what its seat may see
(``GameState.view``), ``legal`` the actions it may take; it returns one of them. A
human seat is driven by the page (``HumanPlayer`` only holds the next action it was
given); the computer players (``players.py``, ``simple.py``) implement the same method.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from ..game.actions import Action, Discard, Draw, Exchange, Win


class Player(Protocol):
    level: str

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        ...


class HumanPlayer:
    """A seat played from outside: the page sets ``next_action`` and the loop asks."""

    level = "human"

    def __init__(self) -> None:
        self.next_action: Action | None = None

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        action, self.next_action = self.next_action, None
        if action is None:
            raise LookupError("player.waiting_for_human")
        return action


class DecidingPlayer:
    """A computer seat: the order of its questions. A win is always taken; a draw is
    just taken; otherwise it is asked ``exchange``, ``turn`` (when it may discard) or
    ``claim`` (a discard or a kong tile is on offer), which subclasses answer."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        for action in legal:
            if isinstance(action, Win):
                return action            # every computer player takes every win
        first = legal[0]
        if isinstance(first, Draw):
            return first
        if isinstance(first, Exchange):
            return self.exchange(view, legal)
        if any(isinstance(a, Discard) for a in legal):
            return self.turn(view, legal)
        return self.claim(view, legal)

    def exchange(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        raise NotImplementedError

    def turn(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        raise NotImplementedError

    def claim(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        raise NotImplementedError


__all__ = ["DecidingPlayer", "HumanPlayer", "Player"]
