"""Learn mode: the exercises of one rule set (issue 7), drawn from
``mahjong_ui.learn.exercises`` (pure Python: the data, the engine's answers, ``check``).

Routes: ``#learn/<rules>/exercises`` (the list) and ``#learn/<rules>/exercises/<id>`` (one
exercise, a deep link). The learn view calls ``render`` again on every hash or language
change, so the answers given this visit live in the view's state (``ExercisesView``, one
for the learn binder's life; its pure part is ``learn.viewv.ExerciseAnswers``) and are
redrawn from their feedback data (message keys), in the language of the moment. One click
and one submit listener per body, through proxies made once."""
from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import create_proxy

from ..i18n import Translator
from ..learn.exercises import Exercise, Feedback, check, find
from ..dom import Node, el
from .learn_exercise_parts import (
    ExercisesView,
    _chosen_text,
    _controls,
    _exercise,
    _fill_feedback,
    _list,
    _position,
    _prompt,
    _visit_score,
)


# ------------------------------------------------------------------ entry point
def new_view() -> ExercisesView:
    """The state of one exercises view, made by its binder once and passed back to ``render``."""
    return ExercisesView()


def render(v: ExercisesView, cats: Translator, rules: str, sub: str | None, body: Node,
           shell: Any) -> None:
    """Draw the exercises of ``rules`` into ``body``; ``sub`` is the exercise id from the
    URL or None (the list)."""
    v.cats, v.rules, v.sub, v.body = cats, rules, sub, body
    _listen(v, body)
    body.replaceChildren()
    body.setAttribute("data-testid", "exercises")
    body.appendChild(el("h2", v.words().t("heading", name=cats.t(f"{rules}.name")), cls="learn-title",
                        tabindex="-1", id="learn-top"))
    body.appendChild(_visit_score(v, rules))
    ex = find(rules, sub) if sub else None
    if sub and ex is None:
        body.appendChild(el("p", v.words().t("route.unknown"), cls="learn-error", role="alert",
                            data_testid="exercise-error"))
    if ex is None:
        v.shown = (rules, None)
        body.appendChild(el("p", v.words().t("intro")))
        body.appendChild(_list(v, rules))
        return
    body.appendChild(_exercise(v, rules, ex))
    lost = not js.document.activeElement or js.document.activeElement.tagName == "BODY"
    if v.shown != (rules, sub) or lost:  # a new exercise, or focus lost on redraw
        heading = body.querySelector("[data-testid=exercise] h3")
        if heading:
            heading.focus()
    v.shown = (rules, sub)


def _listen(v: ExercisesView, body: Node) -> None:
    proxies = v.proxies
    if not proxies:
        proxies["click"] = create_proxy(lambda event: _on_click(v, event))
        proxies["submit"] = create_proxy(lambda event: _on_submit(v, event))
    body.addEventListener("click", proxies["click"])
    body.addEventListener("submit", proxies["submit"])


# ------------------------------------------------------------------ for the embed frame
def speak(v: ExercisesView, cats: Translator) -> None:
    """Draw with ``cats`` from now on: the embed frame (``mahjong_ui.embed_exercise``) sets its
    own translator before it draws, as ``render`` does."""
    v.cats = cats


def parts(v: ExercisesView, rules: str, ex: Exercise) -> list[Node]:
    """The question, the position and the answer controls of one exercise."""
    return [_prompt(v, rules, ex), _position(v, rules, ex), _controls(v, rules, ex)]


def show_feedback(v: ExercisesView, status: Node, rules: str, given: str, feedback: Feedback,
                  ex: Exercise) -> None:
    """The verdict, explanation, citation and readings of an answer, into ``status``."""
    _fill_feedback(v, status, rules, given, feedback, ex)


def chosen_text(v: ExercisesView, picked: list[str]) -> str:
    return _chosen_text(v, picked)


def _answer(v: ExercisesView, rules: str, ex: Exercise, given: str) -> None:
    feedback = check(rules, ex.id, given)
    body = v.body_()
    if feedback.correct is not None:
        v.progress.record(rules, ex.id, given, feedback)
        old = body.querySelector("[data-testid=exercise-score]")
        if old:
            old.replaceWith(_visit_score(v, rules))
    status = body.querySelector("[data-testid=feedback]")
    _fill_feedback(v, status, rules, given, feedback, ex)
    for button in body.querySelectorAll(".ex-controls button.ex-answer[aria-pressed]"):
        button.setAttribute("aria-pressed",
                            "true" if button.getAttribute("data-answer") == given else "false")


# ------------------------------------------------------------------ events
def _broken(v: ExercisesView, error: Exception) -> None:
    """An answer that could not be checked: logged, and said where the feedback goes."""
    js.console.error(repr(error))
    status = v.body_().querySelector("[data-testid=feedback]") if v.body else None
    if status:
        status.replaceChildren(el("p", v.words().t("broken"), cls="learn-error"))


def _current(v: ExercisesView) -> Exercise | None:
    return find(v.rules, v.sub) if v.sub else None


def _on_click(v: ExercisesView, event: Any) -> None:
    try:
        target = event.target.closest("[data-answer]")
        ex = _current(v)
        if not target or ex is None or target.tagName == "INPUT":
            return
        value = str(target.getAttribute("data-answer"))
        rules = v.rules
        if ex.kind == "waits":
            _click_waits(v, rules, ex, target, value)
        elif value != "submit":
            _answer(v, rules, ex, value)
    except Exception as error:  # logged, and told in the learner's language
        _broken(v, error)


def _click_waits(v: ExercisesView, rules: str, ex: Exercise, target: Node, value: str) -> None:
    picked = v.progress.tiles(rules, ex.id)
    if value == "submit":
        _answer(v, rules, ex, "".join(picked))
        return
    if value == "clear":
        v.progress.clear(rules, ex.id)
        for button in v.body_().querySelectorAll(".ex-tile[aria-pressed=true]"):
            button.setAttribute("aria-pressed", "false")
    else:
        chosen = v.progress.toggle(rules, ex.id, value)
        target.setAttribute("aria-pressed", "true" if chosen else "false")
    node = v.body_().querySelector("[data-testid=chosen]")
    if node:
        node.textContent = _chosen_text(v, picked)


def _on_submit(v: ExercisesView, event: Any) -> None:
    event.preventDefault()
    try:
        ex = _current(v)
        if ex is None:
            return
        field = v.body_().querySelector("input[data-answer=total]")
        _answer(v, v.rules, ex, str(field.value if field else ""))
    except Exception as error:  # logged, and told in the learner's language
        _broken(v, error)
