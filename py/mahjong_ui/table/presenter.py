"""The table's presenter (pure Python, no ``js``): from the match and the view state to
what the page shows, a ``TableScreen`` (the markup of ``render`` and the root's ``data-*``
attributes, which tests and styles read), or the history's screen while it is open."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..names import tile_name
from ..i18n import Translator
from .controller import TableController
from .render import ViewState, render
from .view_model import TableModel

RESULT = "[data-testid=result]"


@dataclass(frozen=True)
class TableScreen:
    html: str
    data: dict[str, str] = field(default_factory=dict)   # the root's data-* attributes
    result: tuple[int, int] | None = None   # (seed, hand) whose result dialog is shown


def present(cat: Translator, c: TableController, model: TableModel, vs: ViewState) -> TableScreen:
    """The table of the match ``c`` from its render model (``c.model()``) and the view state
    (its help already brought up to date)."""
    data = {"ready": "true", "history": "none", "awaiting": model["awaiting"],
            "phase": model["phase"], "rules": model["rules"], "speed": vs.speed,
            "watch": "true" if model["watch"] else "false", "hand": str(model["hand_number"]),
            "actions": str(len(c.state.log)), "learning": "true" if c.learning else "false",
            "seed": str(c.seed)}
    result = (c.seed, model["hand_number"]) if model["result"] else None
    return TableScreen(render(cat, model, vs), data, result)


def hint_messages(cat: Translator, info: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The hint (``mahjong_engine.ai.hints``) as messages: the move, then the waits, the
    tiles and moves named in the player's language."""
    out: list[tuple[str, dict[str, Any]]] = []
    action = info.get("action") or {}
    if action.get("type") == "discard":
        out.append(("table.hint_discard", {"tile": tile_name(cat, action["tile"])}))
    elif action.get("type"):
        kind = action["type"]
        key = f"term.{kind}" if kind in ("chow", "pung", "kong") else f"action.{kind}"
        out.append(("table.hint_action", {"action": cat.t(key)}))
    if info.get("waits"):
        names = ", ".join(tile_name(cat, w["tile"]) for w in info["waits"])
        out.append(("table.hint_waits", {"tiles": names}))
    return out


def history_screen(html: str, replay: bool) -> TableScreen:
    """The history of hands (or a hand's replay), drawn instead of the table."""
    return TableScreen(html, {"ready": "true", "history": "replay" if replay else "list"})


__all__ = ["RESULT", "TableScreen", "hint_messages", "history_screen", "present"]
