"""What every part of the Keep score view shares: its state and the small builders
(a bound control, a text field, a select, the error line, a row of tiles)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..calculator.dom import el, tile_row
from ..calculator.events import Handler, Handlers
from ..dom import Node
from ..keep.form import HandForm
from ..keep.model import Match
from ..i18n import Translator

SPRITE = "static/tiles/tiles.svg"
WINDS = ("E", "S", "W", "N")


class KeepBase:
    """State of the view (set by ``KeepView.__init__``) and the builders its parts use."""

    texts: Translator
    handlers: Handlers
    match: Match | None
    form: HandForm
    setup: dict[str, Any]
    editing: int | None
    error: str
    picking: str | None
    pick_field: str
    pick_kind: str
    dice_box: Any

    def render(self) -> None:
        raise NotImplementedError

    def dice_mode(self) -> str | None:
        raise NotImplementedError

    def bind(self, node: Node, kind: str, fn: Handler) -> None:
        node.setAttribute(f"data-on-{kind}", self.handlers.add("keep", fn))

    def error_box(self) -> Node:
        return el("p", self.error, cls="keep-error", role="alert", data_testid="keep-error")

    # ``setter`` is called with the control's text; ``Callable[..., object]`` because the
    # callers bind a loop variable as a lambda default (``lambda v, i=i: ...``).
    def text_input(self, label: str, value: str, testid: str, setter: Callable[..., object],
                   placeholder: str = "", on_change: Callable[[], object] | None = None,
                   cls: str = "keep-field") -> Node:
        box = el("label", cls=cls)
        box.appendChild(el("span", label))
        node = el("input", None, type="text", data_testid=testid, autocomplete="off",
                  spellcheck="false", maxlength="200", placeholder=placeholder or None)
        node.value = value
        self.bind(node, "input", lambda e: setter(str(e.target.value)))
        if on_change is not None:
            self.bind(node, "change", lambda e: on_change())
        box.appendChild(node)
        return box

    def select(self, label: str, options: Sequence[tuple[str, str]], value: str, testid: str,
               setter: Callable[..., object], cls: str = "keep-field") -> Node:
        box = el("label", cls=cls)
        box.appendChild(el("span", label))
        node = el("select", None, data_testid=testid)
        for key, text in options:
            node.appendChild(el("option", text, value=key))
        node.value = value
        self.bind(node, "change", lambda e: setter(str(e.target.value)))
        box.appendChild(node)
        return box

    def show_rows(self, node: Node, rows: list[list[str]]) -> None:
        """``node`` shows ``rows`` of tile faces (a preview; empty rows left out)."""
        node.replaceChildren()
        for row in rows:
            if row:
                node.appendChild(tile_row(self.texts, row, SPRITE, "calc-tiles is-small"))


    def kept_rules(self) -> str:
        """The rule set the hand form records for: the kept match's, else the setup's."""
        return self.match.rules if self.match is not None else self.setup["rules"]


__all__ = ["SPRITE", "WINDS", "KeepBase"]
