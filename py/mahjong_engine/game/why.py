"""Why not?": the reason an action is not legal now, with the article of the rule set's
document that says so.

``explain_illegal(state, action)`` returns a ``WhyNot`` (a message key of the ``game``
catalogue, its parameters, and the citation) or None when the action is legal. The text
is never built here: the page translates ``key`` with ``params``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..scoring import Citation

if TYPE_CHECKING:
    from .actions import Action
    from .state import GameState


@dataclass(frozen=True)
class WhyNot:
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    citation: Citation | None = None

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params),
                "citation": self.citation.to_json() if self.citation else None}


def explain_illegal(state: "GameState", action: "Action") -> WhyNot | None:
    """Why ``action`` is not legal in ``state`` (None when it is)."""
    key = state.why_not(action)
    if key is None:
        return None
    return WhyNot(key)


__all__ = ["WhyNot", "explain_illegal"]
