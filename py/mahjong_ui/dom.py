"""The one element helper and the one DOM tile drawer of mahjong_ui (browser only).

Every string goes in with ``textContent`` or an attribute: nothing is parsed as HTML. The
views (calculator, learn, lesson, exercises) and the embed widget build their nodes here;
the table writes the same tile markup as HTML text (``table.parts.tile_html``).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeAlias

import js
from pyodide.ffi import JsException

from .i18n import FALLBACK, Translator

if TYPE_CHECKING:
    # Under Pyodide every DOM node reaches Python as a ``JsProxy``; outside the browser
    # the module is missing and mypy reads the name as ``Any`` (pyproject: ``pyodide.*``).
    from pyodide.ffi import JsProxy

Node: TypeAlias = "JsProxy"
"""A DOM node (element or SVG) as Pyodide hands it to Python."""



async def load_catalogues(tr: Translator, domains: Iterable[str], lang: str) -> None:
    """Fetch, once each, the catalogues of ``domains`` in ``lang`` and in English through the
    page's shell (``mahjongShell.loadCatalogue``); one that cannot be had is logged and stays
    empty, so its words fall back to English, then to their keys."""
    shell = js.window.mahjongShell
    for domain in domains:
        for code in {lang, FALLBACK}:
            if (code, domain) not in tr.tables:
                try:
                    data = await shell.loadCatalogue(code, domain)
                    tr.add(code, domain, data.to_py())
                except (JsException, AttributeError) as error:   # refused, or no object
                    js.console.warn(f"catalogue {code}/{domain} not loaded: {error!r}")
                    tr.add(code, domain, {})


SVG = "http://www.w3.org/2000/svg"
SPRITE = "static/tiles/tiles.svg"


def el(tag: str, text: object = None, cls: str | None = None,
       children: Iterable[Node | None] = (), **attrs: object) -> Node:
    """``<tag class=cls>text</tag>`` with ``attrs`` (``data_x`` → ``data-x``, ``for_`` →
    ``for``; None and False leave the attribute out, True writes it empty) and children."""
    node = js.document.createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = str(text)
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        node.setAttribute(name.rstrip("_").replace("_", "-"), "" if value is True else str(value))
    for child in children:
        if child is not None:
            node.appendChild(child)
    return node


def tile_svg(code: str, label: str | None = None, cls: str = "learn-tile",
             sprite: str = SPRITE) -> Node:
    """One tile face from the sprite: labelled when ``label`` is given, else hidden from
    screen readers (its holder is labelled)."""
    svg = js.document.createElementNS(SVG, "svg")
    svg.setAttribute("viewBox", "0 0 60 80")
    svg.setAttribute("class", cls)
    if label:
        svg.setAttribute("role", "img")
        svg.setAttribute("aria-label", label)
    else:
        svg.setAttribute("aria-hidden", "true")
    use = js.document.createElementNS(SVG, "use")
    use.setAttribute("href", f"{sprite}#t-{code}")
    svg.appendChild(use)
    return svg


__all__ = ["SPRITE", "SVG", "Node", "el", "tile_svg"]
