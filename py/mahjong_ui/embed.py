"""The hand widget of the embed frame (static/embed.html?rules=…&hand=…): the hand as tiles
and, with ``score=1``, its score breakdown. Every URL parameter is checked by the engine; a
bad one becomes a message, drawn as text. The frame (``mahjong_ui.embed_frame``) mounts it."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import js

from .calculator.dom import el, render_outcome, split, tile_row
from .calculator.model import CalcError, evaluate, from_query
from .calculator.text import DOMAINS, calculator_translator, error_text
from .i18n import Translator
from .names import rules_name
from .embed_params import EmbedRequest

if TYPE_CHECKING:
    from .embed_frame import Frame

LANGS = ("pt", "en", "es")
SPRITE = "static/tiles/tiles.svg"


def render(frame: Frame, texts: Translator, params: Mapping[str, str]) -> None:
    root = frame.root
    root.replaceChildren()          # the hand drawn before Python (static/js/embed-frame.mjs) too
    query = str(frame.win.location.search).lstrip("?")
    state, errors = from_query(query)
    t = texts.t
    frame.doc.title = t("embed.title")
    root.appendChild(el("p", t("result.rules", rules=rules_name(texts, state.rules)), cls="calc-label",
                        data_testid="embed-rules"))
    for error in errors:
        root.appendChild(el("p", error_text(texts, error), cls="calc-error", role="alert",
                            data_testid="embed-error"))
    hand = el("div", cls="embed-hand", data_testid="embed-hand", aria_label=t("hand.label"), role="group")
    win = state.effective_win_tile()
    if state.concealed:
        hand.appendChild(tile_row(texts, sorted(state.concealed, key=_order), SPRITE, win=win))
    for meld in state.melds:
        hand.appendChild(tile_row(texts, split(meld.tiles), SPRITE, "calc-tiles is-meld"))
    if state.flowers:
        hand.appendChild(tile_row(texts, state.flowers, SPRITE, "calc-tiles is-small"))
    root.appendChild(hand)
    if params.get("score") == "1" and state.concealed:
        try:
            outcome = evaluate(state)
        except CalcError as error:
            outcome = {"status": "error", "error": error, "rules": state.rules}
        root.appendChild(render_outcome(texts, outcome, SPRITE))   # readings too: every one is shown
        for h4 in root.querySelectorAll("h4"):    # the calculator's level; here under the page's h1
            h4.replaceWith(el("h2", h4.textContent, cls="embed-h2"))
    link = el("a", t("embed.open"), cls="embed-link", href=f"./#score?{state.to_query()}", target="_blank",
              rel="noopener", data_testid="embed-open")
    root.appendChild(el("p", None, children=[link]))


def _order(notation: str) -> int:
    from mahjong_engine import parse_tile
    return int(parse_tile(notation))


async def draw(frame: Frame, request: EmbedRequest) -> None:
    from .embed_frame import catalogues

    texts = calculator_translator(dict(await catalogues(request.lang, DOMAINS)), request.lang)
    try:
        render(frame, texts, request.params)
        frame.done("ready")
    except Exception as error:  # never a blank frame
        js.console.error(repr(error))
        frame.root.replaceChildren(el("p", texts.domain("ui").t("error.engine"), cls="calc-error",
                                      role="alert", data_testid="embed-error"))
        frame.done("error")
