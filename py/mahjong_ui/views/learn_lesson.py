"""Learn mode: the lesson of one rule set (placeholder until written)."""
from __future__ import annotations

import js


def render(cats, rules: str, sub: str | None, body, shell) -> None:
    """Draw the lesson of ``rules`` into ``body``; ``sub`` is the part of the route after
    ``lesson/`` (a step or an exercise id) or None."""
    node = js.document.createElement("p")
    node.textContent = cats.t("lessons", "title")
    body.appendChild(node)
