"""The embeddable hand widget (static/embed.html): the hand as tiles and, with ``score=1``, its
score breakdown, in a compact frame. Tells its parent its height with
``postMessage({type: "mahjong-embed-height", height})``. Every URL parameter is checked by the
engine; a bad one becomes a message, drawn as text."""
from __future__ import annotations


import js
from pyodide.ffi import create_proxy, to_js

from .calculator.dom import el, render_outcome, split, tile_row
from .calculator.model import CalcError, evaluate, from_query
from .calculator.text import DOMAINS, Texts
from .tasks import spawn

LANGS = ("pt", "en", "es")
SPRITE = "tiles/tiles.svg"
_keep: list = []


def _params() -> dict[str, str]:
    from urllib.parse import parse_qsl
    return dict(parse_qsl(str(js.location.search).lstrip("?")[:4000], keep_blank_values=True))


async def _load(texts: Texts, lang: str) -> None:
    for code in dict.fromkeys((lang, "en")):
        for domain in DOMAINS:
            try:
                response = await js.fetch(f"i18n/{code}/{domain}.json")
                texts.tables[(code, domain)] = (await response.json()).to_py() if response.ok else {}
            except Exception:  # a missing catalogue falls back to keys
                texts.tables[(code, domain)] = {}


def post_height(*_args) -> None:
    root = js.document.getElementById("embed-root")
    height = int(js.Math.ceil(root.getBoundingClientRect().height))
    message = to_js({"type": "mahjong-embed-height", "height": height}, dict_converter=js.Object.fromEntries)
    if js.window.parent is not js.window:
        js.window.parent.postMessage(message, "*")
    js.document.documentElement.dataset.height = str(height)


def render(texts: Texts, params: dict) -> None:
    root = js.document.getElementById("embed-root")
    root.replaceChildren()          # the hand drawn before Python (static/js/embed-hand.js) too
    root.removeAttribute("aria-busy")
    query = str(js.location.search).lstrip("?")
    state, errors = from_query(query)
    t = texts.c
    js.document.title = t("embed.title")
    root.appendChild(el("p", t("result.rules", rules=texts.rules_name(state.rules)), cls="calc-label",
                        data_testid="embed-rules"))
    for error in errors:
        root.appendChild(el("p", texts.error(error), cls="calc-error", role="alert",
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
        root.appendChild(render_outcome(texts, outcome, SPRITE, readings_shown=False))
    link = el("a", t("embed.open"), cls="embed-link", href=f"../#score?{state.to_query()}", target="_blank",
              rel="noopener", data_testid="embed-open")
    root.appendChild(el("p", None, children=[link]))


def _order(notation: str):
    from mahjong_engine import parse_tile
    return int(parse_tile(notation))


async def _main() -> None:
    params = _params()
    asked = params.get("lang", "")
    lang = asked if asked in LANGS else "en"
    js.document.documentElement.lang = lang
    texts = Texts(lang=lang)
    await _load(texts, lang)
    try:
        render(texts, params)
        js.document.documentElement.dataset.state = "ready"
    except Exception as error:  # never a blank frame
        js.console.error(repr(error))
        root = js.document.getElementById("embed-root")
        root.replaceChildren(el("p", texts.t("ui", "error.engine"), cls="calc-error", role="alert",
                                data_testid="embed-error"))
        js.document.documentElement.dataset.state = "error"
    post_height()
    proxy = create_proxy(post_height)
    _keep.append(proxy)
    js.window.addEventListener("resize", proxy)
    try:
        observer = js.ResizeObserver.new(proxy)
        observer.observe(js.document.body)
        _keep.append(observer)
    except Exception:  # older browsers: the resize event is enough
        pass


def main() -> None:
    spawn(_main())
