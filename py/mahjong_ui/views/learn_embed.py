"""The authors' page (``#embed``, in learn mode): every embed widget with a live example, its
parameters, the code to copy, the languages, and how citations and readings appear.

The examples are the widgets themselves (``<mahjong-hand>``, ``<mahjong-replay>``,
``<mahjong-exercise>`` from static/js/embed.js, loaded once), and a broken address shows what a
reader sees then. The code is built by ``mahjong_ui.embed_params``; nothing here is HTML text.
"""
from __future__ import annotations

from typing import Any

import js

from ..dom import el
from ..i18n import Translator
from ..embed_examples import (EXAMPLE_BROKEN, EXAMPLE_CUSTOM, EXAMPLE_EXERCISE, EXAMPLE_HAND,
                              EXAMPLE_REPLAY)
from ..embed_params import ELEMENTS, PARAMS, element_code, iframe_code, widget_src
from ..embed_replay import EmbedReplay

# what each widget's parameters mean (``param.<name>`` of the embed catalogue)
SHOWN_PARAMS = {
    "hand": ("rules", "hand", "w", "m", "f", "score", "lang"),
    "replay": ("replay", "start", "hands", "controls", "tiles", "lang"),
    "exercise": ("rules", "exercise", "ask", "hand", "w", "m", "win", "seat", "lang"),
}


def _address(path: str) -> str:
    return str(js.URL.new(path, js.location.href).href)


def _load_script() -> None:
    if js.document.querySelector("script[data-embed-script]"):
        return
    script = js.document.createElement("script")
    script.type = "module"
    script.src = "static/js/embed.js"
    script.setAttribute("data-embed-script", "")
    js.document.head.appendChild(script)


def examples() -> list[tuple[str, str, dict[str, str]]]:
    """(widget, section key, options) of each live example, in page order."""
    table = EmbedReplay.open(EXAMPLE_REPLAY, "all", 20)
    replay = {"replay": EXAMPLE_REPLAY, "start": "20", "tiles": table.preview()}
    return [("hand", "widget.hand", dict(EXAMPLE_HAND)),
            ("replay", "widget.replay", replay),
            ("exercise", "widget.exercise", dict(EXAMPLE_EXERCISE)),
            ("exercise", "widget.exercise.custom", dict(EXAMPLE_CUSTOM))]


def render(cats: Translator, root: Any) -> None:
    _load_script()
    lang = str(cats.lang)
    base = _address("static/embed.html")
    script = _address("static/js/embed.js")
    root.setAttribute("data-testid", "embed-page")
    root.appendChild(el("h2", cats.t("embed.page.title"), cls="learn-title", tabindex="-1", id="learn-top"))
    root.appendChild(el("p", cats.t("embed.page.intro")))
    root.appendChild(el("p", cats.t("embed.page.ways")))
    for number, (kind, key, options) in enumerate(examples()):
        box = el("section", cls="learn-section embed-doc", data_widget=kind, data_testid="embed-doc",
                 id=f"embed-{number}")
        title = cats.domain("embed").t(key)
        box.appendChild(el("h3", title))
        if not key.endswith(".custom"):
            box.appendChild(el("p", cats.t(f"embed.{key}.about")))
            box.appendChild(_params(cats, kind))
        box.appendChild(el("h4", cats.t("embed.example")))
        example = el(ELEMENTS[kind], cls="embed-example", data_testid="embed-example",
                     **{name: value for name, value in options.items() if name in PARAMS[kind]},
                     lang=lang, title=title)
        box.appendChild(example)
        box.appendChild(_code(cats, "code.iframe", iframe_code(base, kind, options, title), number, "iframe"))
        box.appendChild(_code(cats, "code.element", element_code(script, kind, options), number, "element"))
        root.appendChild(box)
    for key in ("languages", "citations", "height"):
        box = el("section", cls="learn-section embed-doc")
        box.appendChild(el("h3", cats.domain("embed").t(key)))
        box.appendChild(el("p", cats.t(f"embed.{key}.text")))
        root.appendChild(box)
    box = el("section", cls="learn-section embed-doc", data_testid="embed-doc-errors")
    box.appendChild(el("h3", cats.t("embed.errors")))
    box.appendChild(el("p", cats.t("embed.errors.text")))
    broken = dict(EXAMPLE_BROKEN, lang=lang)
    box.appendChild(el("iframe", cls="embed-example", src=widget_src(base, "exercise", broken),
                       title=cats.t("embed.errors"), height="160", width="100%",
                       data_testid="embed-example-broken"))
    box.appendChild(_code(cats, "code.iframe", iframe_code(base, "exercise", EXAMPLE_BROKEN,
                                                          cats.t("embed.errors")), 9, "iframe"))
    root.appendChild(box)


def _params(cats: Translator, kind: str) -> object:
    box = el("dl", cls="embed-params", aria_label=cats.t("embed.params"))
    for name in SHOWN_PARAMS[kind]:
        box.appendChild(el("dt", name))
        box.appendChild(el("dd", cats.t(f"embed.param.{name}")))
    wrap = el("div")
    wrap.appendChild(el("h4", cats.t("embed.params")))
    wrap.appendChild(box)
    return wrap


def _code(cats: Translator, key: str, code: str, number: int, form: str) -> object:
    field_id = f"embed-code-{number}-{form}"
    wrap = el("div", cls="embed-code")
    wrap.appendChild(el("label", cats.domain("embed").t(key), for_=field_id))
    area = el("textarea", id=field_id, readonly=True, rows="4", data_testid=f"embed-code-{form}")
    area.value = code
    wrap.appendChild(area)
    return wrap
