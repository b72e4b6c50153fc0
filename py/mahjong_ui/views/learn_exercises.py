"""Learn mode: the exercises of one rule set (issue 7), drawn from
``mahjong_ui.learn.exercises`` (pure Python: the data, the engine's answers, ``check``).

Routes: ``#learn/<rules>/exercises`` (the list) and ``#learn/<rules>/exercises/<id>`` (one
exercise, a deep link). The learn view calls ``render`` again on every hash or language
change, so the answers given this visit live in ``_answers`` (module level) and are
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
    Answered,
    _answers,
    _body,
    _chosen_text,
    _controls,
    _exercise,
    _fill_feedback,
    _list,
    _picked,
    _position,
    _prompt,
    _state,
    _visit_score,
    _words,
)


# ------------------------------------------------------------------ entry point
def render(cats: Translator, rules: str, sub: str | None, body: Node, shell: Any) -> None:
    """Draw the exercises of ``rules`` into ``body``; ``sub`` is the exercise id from the
    URL or None (the list)."""
    _state.cats, _state.rules, _state.sub, _state.body = cats, rules, sub, body
    _listen(body)
    body.replaceChildren()
    body.setAttribute("data-testid", "exercises")
    body.appendChild(el("h2", _words().t("heading", name=cats.t(f"{rules}.name")), cls="learn-title",
                        tabindex="-1", id="learn-top"))
    body.appendChild(_visit_score(rules))
    ex = find(rules, sub) if sub else None
    if sub and ex is None:
        body.appendChild(el("p", _words().t("route.unknown"), cls="learn-error", role="alert",
                            data_testid="exercise-error"))
    if ex is None:
        _state.shown = (rules, None)
        body.appendChild(el("p", _words().t("intro")))
        body.appendChild(_list(rules))
        return
    body.appendChild(_exercise(rules, ex))
    lost = not js.document.activeElement or js.document.activeElement.tagName == "BODY"
    if _state.shown != (rules, sub) or lost:  # a new exercise, or focus lost on redraw
        heading = body.querySelector("[data-testid=exercise] h3")
        if heading:
            heading.focus()
    _state.shown = (rules, sub)


def _listen(body: Node) -> None:
    proxies = _state.proxies
    if not proxies:
        proxies["click"] = create_proxy(_on_click)
        proxies["submit"] = create_proxy(_on_submit)
    body.addEventListener("click", proxies["click"])
    body.addEventListener("submit", proxies["submit"])


# ------------------------------------------------------------------ for the embed frame
def speak(cats: Translator) -> None:
    """Draw with ``cats`` from now on: the embed frame (``mahjong_ui.embed_exercise``) sets its
    own translator before it draws, as ``render`` does."""
    _state.cats = cats


def parts(rules: str, ex: Exercise) -> list[Node]:
    """The question, the position and the answer controls of one exercise."""
    return [_prompt(rules, ex), _position(rules, ex), _controls(rules, ex)]


def show_feedback(status: Node, rules: str, given: str, feedback: Feedback, ex: Exercise) -> None:
    """The verdict, explanation, citation and readings of an answer, into ``status``."""
    _fill_feedback(status, rules, given, feedback, ex)


def chosen_text(picked: list[str]) -> str:
    return _chosen_text(picked)


def _answer(rules: str, ex: Exercise, given: str) -> None:
    feedback = check(rules, ex.id, given)
    body = _body()
    if feedback.correct is not None:
        _answers[(rules, ex.id)] = Answered(given, feedback)
        old = body.querySelector("[data-testid=exercise-score]")
        if old:
            old.replaceWith(_visit_score(rules))
    status = body.querySelector("[data-testid=feedback]")
    _fill_feedback(status, rules, given, feedback, ex)
    for button in body.querySelectorAll(".ex-controls button.ex-answer[aria-pressed]"):
        button.setAttribute("aria-pressed",
                            "true" if button.getAttribute("data-answer") == given else "false")


# ------------------------------------------------------------------ events
def _broken(error: Exception) -> None:
    """An answer that could not be checked: logged, and said where the feedback goes."""
    js.console.error(repr(error))
    status = _body().querySelector("[data-testid=feedback]") if _state.body else None
    if status:
        status.replaceChildren(el("p", _words().t("broken"), cls="learn-error"))


def _current() -> Exercise | None:
    return find(_state.rules, _state.sub) if _state.sub else None


def _on_click(event: Any) -> None:
    try:
        target = event.target.closest("[data-answer]")
        ex = _current()
        if not target or ex is None or target.tagName == "INPUT":
            return
        value = str(target.getAttribute("data-answer"))
        rules = _state.rules
        if ex.kind == "waits":
            _click_waits(rules, ex, target, value)
        elif value != "submit":
            _answer(rules, ex, value)
    except Exception as error:  # logged, and told in the learner's language
        _broken(error)


def _click_waits(rules: str, ex: Exercise, target: Node, value: str) -> None:
    picked = _picked.setdefault((rules, ex.id), [])
    if value == "submit":
        _answer(rules, ex, "".join(picked))
        return
    if value == "clear":
        picked.clear()
        for button in _body().querySelectorAll(".ex-tile[aria-pressed=true]"):
            button.setAttribute("aria-pressed", "false")
    else:
        if value in picked:
            picked.remove(value)
        else:
            picked.append(value)
        target.setAttribute("aria-pressed", "true" if value in picked else "false")
    node = _body().querySelector("[data-testid=chosen]")
    if node:
        node.textContent = _chosen_text(picked)


def _on_submit(event: Any) -> None:
    event.preventDefault()
    try:
        ex = _current()
        if ex is None:
            return
        field = _body().querySelector("input[data-answer=total]")
        _answer(_state.rules, ex, str(field.value if field else ""))
    except Exception as error:  # logged, and told in the learner's language
        _broken(error)
