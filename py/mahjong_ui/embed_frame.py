"""One embed frame (static/embed.html) drawn by a Python runtime that may serve several.

``static/js/embed-frame.mjs`` starts Python once for all the widgets of a page (the frames of
one site share a thread, so one runtime draws them all) and calls ``mount(document, window)``
for each frame: the address says which widget (``mahjong_ui.embed_params``), the widget draws
into that frame's ``#embed-root``, and the frame tells its parent its height with
``postMessage({type: "mahjong-embed-height", height})``. A problem in the address, or a widget
that fails, is told inside the frame in its language: never a blank frame.
"""
from __future__ import annotations

import asyncio
import importlib
from typing import Any

import js
from pyodide.ffi import JsException, create_proxy

from .dom import el
from .embed_params import EmbedProblem, EmbedRequest, parse
from .tasks import spawn

WIDGETS = {"hand": "mahjong_ui.embed", "replay": "mahjong_ui.embed_replay_view",
           "exercise": "mahjong_ui.embed_exercise"}
_catalogues: dict[tuple[str, str], asyncio.Future[dict[str, str]]] = {}   # shared by every frame
_keep: list[Any] = []


class Frame:
    """The document and window of one widget (not necessarily the runtime's own)."""

    def __init__(self, doc: Any, win: Any) -> None:
        self.doc, self.win = doc, win
        self.root = doc.getElementById("embed-root")

    def post_height(self, *_args: Any) -> None:
        height = int(js.Math.ceil(self.root.getBoundingClientRect().height))
        # posted by the frame's own script: a message's source is the window whose script
        # sends it, and this runtime may belong to another frame
        self.win.mahjongEmbedHeight(height)

    def watch_height(self) -> None:
        self.post_height()
        proxy = create_proxy(self.post_height)
        _keep.append(proxy)
        self.win.addEventListener("resize", proxy)
        try:
            observer = self.win.ResizeObserver.new(proxy)
            observer.observe(self.doc.body)
            _keep.append(observer)
        except AttributeError:  # no ResizeObserver (older browsers): the resize event is enough
            js.console.info("no ResizeObserver: the frame's height follows the resize event")

    def listen(self, kind: str, handler: Any) -> None:
        proxy = create_proxy(handler)
        _keep.append(proxy)
        self.root.addEventListener(kind, proxy)

    def done(self, state: str) -> None:
        self.win.performance.mark("embed:done")
        self.root.removeAttribute("aria-busy")
        heading = self.doc.getElementById("embed-heading")
        if heading:     # the page's one <h1>: the widget's own (an exercise's) or its title
            if self.root.querySelector("h1"):
                heading.remove()
            else:
                heading.firstElementChild.textContent = self.doc.title
        self.doc.documentElement.dataset.state = state


async def _fetch(code: str, domain: str) -> dict[str, str]:
    try:
        response = await js.fetch(f"static/i18n/{code}/{domain}.json")
        return (await response.json()).to_py() if response.ok else {}
    except JsException as error:  # unreachable or not JSON: logged, its words fall back
        js.console.warn(f"catalogue {code}/{domain} not loaded: {error!r}")
        return {}


async def catalogues(lang: str, domains: tuple[str, ...]) -> dict[tuple[str, str], dict[str, str]]:
    """The tables of ``domains`` in ``lang`` and English, all asked for at once and fetched
    once for every frame (a table another frame is fetching is awaited, not fetched again)."""
    wanted = [(code, domain) for code in dict.fromkeys((lang, "en")) for domain in domains]
    for key in wanted:
        if key not in _catalogues:
            _catalogues[key] = asyncio.ensure_future(_fetch(*key))
    return {key: await _catalogues[key] for key in wanted}


def problem_text(tables: dict[tuple[str, str], dict[str, str]], lang: str,
                 problem: EmbedProblem) -> str:
    """A problem's message from the ``embed`` catalogue (English, then the key)."""
    from .i18n import Translator

    words = Translator(dict(tables), lang)
    params = dict(problem.params)
    if "reason" in params:
        params["reason_text"] = words.domain("game", "errors").t(str(params["reason"]))
    return words.domain("embed").t(problem.key.removeprefix("embed."), **params)


async def show_problems(frame: Frame, request: EmbedRequest, problems: list[EmbedProblem]) -> None:
    tables = await catalogues(request.lang, ("embed", "game", "errors"))
    frame.root.replaceChildren()
    box = el("div", cls="embed-problem", role="alert", data_testid="embed-error")
    box.appendChild(el("p", problem_text(tables, request.lang, EmbedProblem("embed.error.title")),
                       cls="embed-problem-title"))
    for problem in problems:
        box.appendChild(el("p", problem_text(tables, request.lang, problem), cls="calc-error",
                           data_problem=problem.key))
    frame.root.appendChild(box)


async def _mount(frame: Frame) -> None:
    languages = [str(x) for x in (frame.win.navigator.languages or [])]
    request = parse(str(frame.win.location.search), languages)
    frame.doc.documentElement.lang = request.lang
    frame.doc.documentElement.dataset.widget = request.kind
    try:
        if request.problems and request.kind != "hand":
            await show_problems(frame, request, request.problems)
            frame.done("error")
        else:
            module = importlib.import_module(WIDGETS[request.kind])
            await module.draw(frame, request)
    except Exception as error:  # never a blank frame
        js.console.error(repr(error))
        await show_problems(frame, request, [EmbedProblem("embed.error.engine")])
        frame.done("error")
    frame.watch_height()


def mount(doc: Any, win: Any) -> None:
    """Draw the widget of the frame whose document and window these are."""
    spawn(_mount(Frame(doc, win)))


__all__ = ["Frame", "catalogues", "mount", "problem_text", "show_problems"]
