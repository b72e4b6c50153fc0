"""The exercise widget in its frame (static/embed.html?rules=…&exercise=<id>, or ``ask=…`` with a
hand): the learn section's own question, position and controls
(``views.learn_exercises``), answered inside the frame with the same feedback, citation and
readings as in the app (``learn.exercises.check_exercise``)."""
from __future__ import annotations

from typing import Any

from mahjong_engine.tiles import PLAYABLE_KINDS, Tile

from .dom import Node, el
from .embed_params import EmbedRequest, custom_exercise
from .i18n import translator
from .learn.exercises import Exercise, check_exercise, find
from .learn.model import DOMAINS
from .views import learn_exercises as view

SKIPPED = ("lessons", "glossary")


async def draw(frame: Node, request: EmbedRequest) -> None:
    from .embed_frame import catalogues

    # the learn section's catalogues but the lessons' and the glossary's (the largest)
    tables = await catalogues(request.lang, (*(d for d in DOMAINS if d not in SKIPPED), "embed"))
    cats = translator(request.lang, {d: t for (lang, d), t in tables.items() if lang == request.lang},
                      {d: t for (lang, d), t in tables.items() if lang == "en"})
    rules = request.rules
    ex: Exercise | None = find(rules, request.exercise) if request.exercise else custom_exercise(request)
    if ex is None:       # parse() found it; it cannot vanish in between
        raise LookupError(request.exercise)
    picked: list[str] = []

    x = cats.domain("exercises").t

    frame.doc.title = cats.t("embed.title.exercise")
    state = view.new_view()          # this frame's one exercise view, for the frame's life
    view.speak(state, cats)
    root = frame.root
    root.replaceChildren()
    box = el("section", cls="ex-box embed-exercise", data_testid="exercise", data_id=ex.id,
             data_kind=ex.kind, data_rules=rules)
    heading = (x("item", kind=x(f"kind.{ex.kind}"), n=ex.id.rsplit("-", 1)[1])
               if request.exercise else x(f"kind.{ex.kind}"))
    box.appendChild(el("h1", heading, cls="embed-title"))
    box.appendChild(el("p", cats.t("embed.rules", rules=cats.t(f"{rules}.name")), cls="learn-doc"))
    for part in view.parts(state, rules, ex):
        box.appendChild(part)
    status = el("div", cls="ex-feedback", role="status", aria_live="polite", data_testid="feedback")
    box.appendChild(status)
    if request.exercise:
        href = f"./#learn/{rules}/exercises/{ex.id}"
        box.appendChild(el("p", None, cls="embed-foot", children=[el(
            "a", cats.t("embed.exercise.open"), cls="embed-link", href=href, target="_blank",
            rel="noopener", data_testid="embed-open")]))
    root.appendChild(box)

    def answer(given: str) -> None:
        view.speak(state, cats)
        feedback = check_exercise(rules, ex, given)
        view.show_feedback(state, status, rules, given, feedback, ex)
        for button in root.querySelectorAll(".ex-controls button.ex-answer[aria-pressed]"):
            button.setAttribute("aria-pressed", "true" if button.getAttribute("data-answer") == given
                                else "false")

    def on_click(event: Any) -> None:
        target = event.target.closest("[data-answer]")
        if not target or str(target.tagName) == "INPUT":
            return
        value = str(target.getAttribute("data-answer"))
        if ex.kind != "waits":
            if value != "submit":
                answer(value)
            return
        if value == "submit":
            answer("".join(picked))
            return
        if value == "clear":
            picked.clear()
        elif value in [Tile(k).notation for k in range(PLAYABLE_KINDS)]:
            if value in picked:
                picked.remove(value)
            else:
                picked.append(value)
        for button in root.querySelectorAll(".ex-tile[data-answer]"):
            button.setAttribute("aria-pressed", "true" if button.getAttribute("data-answer") in picked
                                else "false")
        view.speak(state, cats)
        chosen = root.querySelector("[data-testid=chosen]")
        if chosen:
            chosen.textContent = view.chosen_text(state, picked)

    def on_submit(event: Any) -> None:
        event.preventDefault()
        field = root.querySelector("input[data-answer=total]")
        answer(str(field.value if field else ""))

    frame.listen("click", on_click)
    frame.listen("submit", on_submit)
    frame.done("ready")
