"""Learn mode: the guided lesson of one rule set (issue 7), drawn from
``mahjong_ui.learn.lessons`` (pure Python: the stacked hand, the steps, the feedback).

Routes: ``#learn/<rules>/lesson`` (where the learner left it) and
``#learn/<rules>/lesson/<n>`` (step n, 1-based; ``steps + 1`` is the finished lesson), a
deep link replayed by the engine. The learn view calls ``render`` again on every hash or
language change, so each rule set's lesson lives in the view's state (``LessonView``, made
once by the learn binder; its pure part is ``learn.view_state.LessonProgress``) and a
language switch keeps the position. As the learner advances, the address follows through
``history.replaceState`` (no hashchange, no needless redraw). One click listener per body,
through a proxy made once. Text from the URL is never inserted as HTML."""
from __future__ import annotations

import js
from pyodide.ffi import create_proxy

from mahjong_engine.game.phase import Phase

from ..i18n import Translator
from ..learn.lesson_scripts import FINISH
from ..learn.lesson_text import text
from ..learn.lessons import NO_LESSON, Feedback, Lesson, has_lesson
from ..dom import Node, el
from ..shell import Shell
from .learn_lesson_parts import LessonView, _draw


# ------------------------------------------------------------------ entry point
def new_view() -> LessonView:
    """The state of one lesson view, made by its binder once and passed back to ``render``."""
    return LessonView()


def render(v: LessonView, cats: Translator, rules: str, sub: str | None, body: Node,
           shell: Shell) -> None:
    """Draw the lesson of ``rules`` into ``body``; ``sub`` is the step from the URL
    (1-based) or None (where the learner left it)."""
    v.cats, v.rules, v.body = cats, rules, body
    _listen(v, body)
    body.replaceChildren()
    if not has_lesson(rules):   # a designed state: a rule set registered without one
        body.appendChild(el("p", text(v.cats_(), v.rules_(), NO_LESSON), cls="lesson-intro",
                            data_testid="lesson-none"))
        return
    try:
        lesson = v.progress.get(rules)
        if lesson is None:
            lesson = v.progress.keep(rules, Lesson(rules))
        bad = moved = False
        if sub is not None:
            step = _step_of(sub, lesson.steps)
            if step is None:
                bad = True
                step = 0
            if step != lesson.index:
                lesson.goto(step)
                v.progress.unselect()
                moved = True
    except Exception as error:  # a message, never a traceback
        js.console.error(repr(error))
        v.progress.drop(rules)
        body.appendChild(el("p", text(v.cats_(), v.rules_(), "lesson.broken"), cls="learn-error",
                            role="alert", data_testid="lesson-error"))
        return
    section = el("section", cls="lesson", data_testid="lesson", data_rules=rules,
                 aria_labelledby="lesson-title")
    section.appendChild(el("h2", f"{text(cats, rules, 'title')}: {cats.domain(rules).t('name')}",
                           cls="learn-title", tabindex="-1", id="lesson-title"))
    section.appendChild(el("p", text(v.cats_(), v.rules_(), "intro"), cls="lesson-intro"))
    if bad:
        section.appendChild(el("p", text(cats, rules, "error.bad_step", {"step": sub}),
                               cls="learn-error", role="alert", data_testid="lesson-error"))
    section.appendChild(el("div", cls="lesson-top"))
    section.appendChild(el("div", cls="lesson-feedback", role="status", aria_live="polite",
                           data_testid="lesson-feedback"))
    section.appendChild(el("div", cls="lesson-rest"))
    body.appendChild(section)
    _draw(v, lesson)
    _set_route(lesson)
    if moved:
        section.querySelector("[data-testid=lesson-prompt]").focus()


def _step_of(sub: str, steps: int) -> int | None:
    """The 0-based step of a route part ``<n>`` (1 to steps + 1), or None."""
    if not sub.isdigit() or len(sub) > 3:
        return None
    n = int(sub)
    return n - 1 if 1 <= n <= steps + 1 else None


def _listen(v: LessonView, body: Node) -> None:
    proxies = v.proxies
    if not proxies:
        proxies["click"] = create_proxy(lambda event: _on_click(v, event))
    body.addEventListener("click", proxies["click"])


def _set_route(lesson: Lesson) -> None:
    route = f"#learn/{lesson.rules}/lesson/{lesson.index + 1}"
    if str(js.location.hash) != route:
        js.history.replaceState(js.history.state, "", route)


# ------------------------------------------------------------------ events
def _on_click(v: LessonView, event: Node) -> None:
    try:
        target = event.target.closest("[data-tile], [data-action], [data-nav=restart]")
        lesson = v.progress.get(v.rules or "")
        if not target or lesson is None or target.tagName != "BUTTON":
            return
        if target.hasAttribute("data-tile"):
            _select(v, lesson, target)
        elif target.hasAttribute("data-nav"):
            lesson.restart()
            v.progress.unselect()
            _after(v, lesson, advanced=True)
        else:
            _act(v, lesson, str(target.getAttribute("data-action")))
    except Exception as error:  # a message, never a traceback
        js.console.error(repr(error))
        node = v.body.querySelector("[data-testid=lesson-feedback]")
        if node:
            node.replaceChildren(el("p", text(v.cats_(), v.rules_(), "lesson.broken"), cls="learn-error"))


def _select(v: LessonView, lesson: Lesson, target: Node) -> None:
    """Tiles are chosen by clicking: one for a discard, two for an exchange."""
    code = str(target.getAttribute("data-tile"))
    pressed = target.getAttribute("aria-pressed") == "true"
    if pressed:
        v.progress.selected.remove(code)
    else:
        limit = 2 if lesson.state.phase == Phase.EXCHANGE else 1
        if len(v.progress.selected) >= limit:
            for other in v.body.querySelectorAll(".lesson-tile[aria-pressed=true]"):
                other.setAttribute("aria-pressed", "false")
        v.progress.select(code, limit)
    target.setAttribute("aria-pressed", "false" if pressed else "true")


def _act(v: LessonView, lesson: Lesson, button: str) -> None:
    selected = list(v.progress.selected)
    if button == "discard" and not selected:
        return _hint(v, lesson, "feedback.select_tile")
    if button == "exchange" and len(selected) != 2:
        return _hint(v, lesson, "feedback.select_two")
    before = lesson.index
    lesson.try_action(lesson.action_for(button, selected) if button != FINISH
                      else {"type": FINISH})
    advanced = lesson.index != before
    if advanced:
        v.progress.unselect()
    _after(v, lesson, advanced, focus=f"[data-action={button}]")


def _hint(v: LessonView, lesson: Lesson, key: str) -> None:
    lesson.feedback = Feedback("try", key)
    _after(v, lesson, advanced=False)


def _after(v: LessonView, lesson: Lesson, advanced: bool, focus: str | None = None) -> None:
    _draw(v, lesson)
    _set_route(lesson)
    body = v.body
    node = None
    if advanced:
        node = body.querySelector("[data-testid=lesson-prompt]")
    elif focus:
        node = body.querySelector(focus)
    if node:
        node.focus()
