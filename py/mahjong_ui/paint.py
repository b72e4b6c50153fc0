"""The one place the table touches its DOM nodes (pure Python: no ``js`` import; the nodes
are handed in, the browser's under Pyodide, ``tests/unit/fake_dom.py``'s under CPython).

``paint`` writes a screen's markup and ``data-*`` attributes into a root and puts the
keyboard focus back where it was (markup written again loses it), or on a dialog that has
just opened.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

HAND_TILE = '.hand-tile[tabindex="0"]'


def attr(element: Any, name: str) -> str | None:
    """An attribute as a str, or None (JS null is not None in Python)."""
    value = element.getAttribute(name)
    return value if isinstance(value, str) else None


def had_focus(root: Any, active: Any) -> str | None:
    """Where the focus was inside ``root``: ``"hand"`` (a tile of the hand), a selector of
    the button or control, or None (elsewhere)."""
    if active is None or not root.contains(active):
        return None
    if active.dataset and active.classList.contains("hand-tile"):
        return "hand"
    for name in ("data-action", "data-control"):
        value = attr(active, name)
        if value:
            return f'[{name}="{value}"]'
    return None


def paint(root: Any, html: str, data: Mapping[str, str], refocus: str | None = None,
          take: str | None = None) -> None:
    """``html`` into ``root``, its ``data-*`` attributes set from ``data``; the focus back
    on ``refocus`` (``had_focus``), or on ``take`` (a selector) when given."""
    root.innerHTML = html
    dataset = root.dataset
    for name, value in data.items():
        setattr(dataset, name, value)
    if take is not None:
        target = root.querySelector(take)
    elif refocus == "hand":
        target = root.querySelector(HAND_TILE)
    elif refocus:
        target = root.querySelector(refocus) or root.querySelector(HAND_TILE)
    else:
        target = None
    if target is not None:
        target.focus()


def focus(root: Any, selector: str) -> Any:
    """Focus the element ``selector`` finds in ``root`` (if any); the element or None."""
    target = root.querySelector(selector)
    if target is not None:
        target.focus()
    return target


__all__ = ["HAND_TILE", "attr", "focus", "had_focus", "paint"]
