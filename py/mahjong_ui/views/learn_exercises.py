"""Learn mode: the exercises of one rule set (placeholder until written)."""
from __future__ import annotations

import js


def render(cats, rules: str, sub: str | None, body, shell) -> None:
    """Draw the exercises of ``rules`` into ``body``; ``sub`` is the part of the route after
    ``exercises/`` (a step or an exercise id) or None."""
    node = js.document.createElement("p")
    node.textContent = cats.t("exercises", "title")
    body.appendChild(node)
