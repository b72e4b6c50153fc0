"""The replay widget in its frame: ``embed_replay`` draws it as HTML (escaped, from the
catalogues), this module puts it in the frame and moves through the hand on the controls
(buttons, the slider, the arrow keys)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjong_engine.errors import EngineError
from mahjong_engine.rules import RULE_SET_KEYS

from .embed_params import EmbedProblem, EmbedRequest
from .embed_replay import EmbedReplay, act, replay_html
from .rulesets import DEFAULT_RULES
from .table.catalogue import DOMAINS, table_translator

if TYPE_CHECKING:
    from .dom import Node     # the frame's element (a JS object): dom imports js

_KEYS = {"ArrowLeft": "replay-back", "ArrowRight": "replay-forward", "Home": "replay-first",
         "End": "replay-last"}


async def draw(frame: Node, request: EmbedRequest) -> None:
    from .embed_frame import catalogues, show_problems

    try:
        table = EmbedReplay.open(request.params["replay"], request.hands, request.start)
    except EngineError as error:
        reason = str(error.params.get("reason", error.key))
        await show_problems(frame, request, [EmbedProblem("embed.error.bad_replay", {"reason": reason})])
        frame.done("error")
        return
    cat = table_translator(table.rules_key if table.rules_key in RULE_SET_KEYS else DEFAULT_RULES,
                           request.lang)
    cat.tables.update(await catalogues(request.lang, (*DOMAINS, "embed")))
    frame.doc.title = cat.t("embed.title.replay")
    open_href = "./#play/replay/" + table.link()

    def show() -> None:
        frame.root.innerHTML = replay_html(cat, table, request.controls, open_href)
        frame.doc.documentElement.dataset.step = str(table.replay.step)

    def on_click(event: Any) -> None:
        button = event.target.closest("[data-action]")
        if button and act(table, str(button.getAttribute("data-action"))):
            show()
            again = frame.root.querySelector(f'[data-action="{button.getAttribute("data-action")}"]')
            if again:
                again.focus()

    def on_input(event: Any) -> None:
        target = event.target
        slid = target.getAttribute("data-control") == "replay-step"
        if slid and act(table, "replay-step", str(target.value)):
            show()
            slider = frame.root.querySelector("[data-control=replay-step]")
            if slider:
                slider.focus()

    def on_key(event: Any) -> None:
        action = _KEYS.get(str(event.key))
        if action and request.controls and str(event.target.tagName) != "INPUT" and act(table, action):
            event.preventDefault()
            show()

    show()
    if request.controls:
        frame.listen("click", on_click)
        frame.listen("input", on_input)
        frame.listen("keydown", on_key)
    frame.done("ready")
