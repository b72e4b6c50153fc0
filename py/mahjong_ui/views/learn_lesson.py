"""Learn mode: the guided lesson of one rule set (issue 7), drawn from
``mahjong_ui.learn.lessons`` (pure Python: the stacked hand, the steps, the feedback).

Routes: ``#learn/<rules>/lesson`` (where the learner left it) and
``#learn/<rules>/lesson/<n>`` (step n, 1-based; ``steps + 1`` is the finished lesson), a
deep link replayed by the engine. The learn view calls ``render`` again on every hash or
language change, so each rule set's lesson lives in ``_lessons`` (module level) and a
language switch keeps the position. As the learner advances, the address follows through
``history.replaceState`` (no hashchange, no needless redraw). One click listener per body,
through a proxy made once. Text from the URL is never inserted as HTML."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import js
from mahjong_engine.game.phase import Phase
from mahjong_engine.notation import parse_tiles
from pyodide.ffi import create_proxy

from ..i18n import Translator
from ..names import reading_text, tile_name
from ..learn.lesson_scripts import FINISH
from ..learn.lesson_text import button_label, cite_text, text, tile_names
from ..learn.lessons import NO_LESSON, Feedback, Lesson, has_lesson
from ..dom import Node, el, tile_svg
from ..shell import Shell
from .learn_blocks import tiles_row

_lessons: dict[str, Lesson] = {}


@dataclass
class _LessonState:
    """What the lesson being drawn reads: its catalogues, rule set and body, the tiles the
    learner has chosen, and the one click proxy (made once)."""
    cats: Translator | None = None
    rules: str | None = None
    body: Node = None
    selected: list[str] = field(default_factory=list)
    proxies: dict[str, Node] = field(default_factory=dict)


_state = _LessonState()
_OTHERS = (1, 2, 3)


def _cats() -> Translator:
    if _state.cats is None:
        raise RuntimeError("lesson drawn before render()")
    return _state.cats


def _rules() -> str:
    if _state.rules is None:
        raise RuntimeError("lesson drawn before render()")
    return _state.rules


# ------------------------------------------------------------------ entry point
def render(cats: Translator, rules: str, sub: str | None, body: Node, shell: Shell) -> None:
    """Draw the lesson of ``rules`` into ``body``; ``sub`` is the step from the URL
    (1-based) or None (where the learner left it)."""
    _state.cats, _state.rules, _state.body = cats, rules, body
    _listen(body)
    body.replaceChildren()
    if not has_lesson(rules):   # a designed state: a rule set registered without one
        body.appendChild(el("p", text(_cats(), _rules(), NO_LESSON), cls="lesson-intro",
                            data_testid="lesson-none"))
        return
    try:
        lesson = _lessons.get(rules)
        if lesson is None:
            lesson = _lessons[rules] = Lesson(rules)
        bad = moved = False
        if sub is not None:
            step = _step_of(sub, lesson.steps)
            if step is None:
                bad = True
                step = 0
            if step != lesson.index:
                lesson.goto(step)
                _state.selected = []
                moved = True
    except Exception as error:  # a message, never a traceback
        js.console.error(repr(error))
        _lessons.pop(rules, None)
        body.appendChild(el("p", text(_cats(), _rules(), "lesson.broken"), cls="learn-error", role="alert",
                            data_testid="lesson-error"))
        return
    section = el("section", cls="lesson", data_testid="lesson", data_rules=rules,
                 aria_labelledby="lesson-title")
    section.appendChild(el("h2", f"{text(cats, rules, 'title')}: {cats.domain(rules).t('name')}",
                           cls="learn-title", tabindex="-1", id="lesson-title"))
    section.appendChild(el("p", text(_cats(), _rules(), "intro"), cls="lesson-intro"))
    if bad:
        section.appendChild(el("p", text(cats, rules, "error.bad_step", {"step": sub}),
                               cls="learn-error", role="alert", data_testid="lesson-error"))
    section.appendChild(el("div", cls="lesson-top"))
    section.appendChild(el("div", cls="lesson-feedback", role="status", aria_live="polite",
                           data_testid="lesson-feedback"))
    section.appendChild(el("div", cls="lesson-rest"))
    body.appendChild(section)
    _draw(lesson)
    _set_route(lesson)
    if moved:
        section.querySelector("[data-testid=lesson-prompt]").focus()


def _step_of(sub: str, steps: int) -> int | None:
    """The 0-based step of a route part ``<n>`` (1 to steps + 1), or None."""
    if not sub.isdigit() or len(sub) > 3:
        return None
    n = int(sub)
    return n - 1 if 1 <= n <= steps + 1 else None


def _listen(body: Node) -> None:
    proxies = _state.proxies
    if not proxies:
        proxies["click"] = create_proxy(_on_click)
    body.addEventListener("click", proxies["click"])


def _set_route(lesson: Lesson) -> None:
    route = f"#learn/{lesson.rules}/lesson/{lesson.index + 1}"
    if str(js.location.hash) != route:
        js.history.replaceState(js.history.state, "", route)


# ------------------------------------------------------------------ drawing
def _draw(lesson: Lesson) -> None:
    cats, rules = _cats(), _rules()
    model = lesson.model()
    section = _state.body.querySelector("[data-testid=lesson]")
    section.setAttribute("data-step", str(model["step"] + 1))
    section.setAttribute("data-steps", str(model["steps"]))
    section.setAttribute("data-done", "true" if model["done"] else "false")
    section.setAttribute("data-expect", json.dumps(model["expect"]) if model["expect"] else "")
    section.setAttribute("data-phase", model["phase"])
    top = section.querySelector(".lesson-top")
    top.replaceChildren(_steps_nav(lesson, model), _prompt(model))
    _feedback(section.querySelector("[data-testid=lesson-feedback]"), model["feedback"])
    rest = section.querySelector(".lesson-rest")
    rest.replaceChildren()
    if model["score"] is not None:
        rest.appendChild(_score(model["score"]))
    if not model["done"]:
        rest.appendChild(_actions(model))
    rest.appendChild(_hand(model))
    rest.appendChild(_table(model))
    if model["done"]:
        links = el("p", cls="lesson-next")
        links.appendChild(el("a", cats.t("learn.nav.exercises"),
                             href=f"#learn/{rules}/exercises"))
        rest.appendChild(links)


def _steps_nav(lesson: Lesson, model: dict[str, Any]) -> Node:
    rules = _rules()
    nav = el("nav", cls="lesson-steps", aria_label=text(_cats(), rules, "nav.label"),
             data_testid="lesson-nav")
    shown = min(model["step"] + 1, model["steps"])
    nav.appendChild(el("span", text(_cats(), rules, "step", {"n": shown, "total": model["steps"]}),
                       cls="lesson-count", data_testid="lesson-count"))
    if model["step"] > 0:
        nav.appendChild(el("a", text(_cats(), rules, "button.prev"),
                           href=f"#learn/{rules}/lesson/{model['step']}",
                           data_nav="prev", cls="lesson-link"))
    if not model["done"]:
        nav.appendChild(el("a", text(_cats(), _rules(), "button.next"),
                           href=f"#learn/{rules}/lesson/{model['step'] + 2}", data_nav="next",
                           cls="lesson-link"))
    nav.appendChild(el("button", text(_cats(), _rules(), "button.restart"), type="button", data_nav="restart",
                       cls="lesson-button"))
    return nav


def _prompt(model: dict[str, Any]) -> Node:
    cats = _cats()
    box = el("div", cls="lesson-step")
    if model["idea"]:
        idea = el("p", cls="lesson-idea", data_idea=model["idea"])
        if model["new_idea"]:
            idea.appendChild(el("span", text(_cats(), _rules(), "new_idea"), cls="learn-badge"))
            idea.appendChild(js.document.createTextNode(" "))
        idea.appendChild(el("span", text(_cats(), _rules(), f"idea.{model['idea']}")))
        box.appendChild(idea)
    prompt = model["prompt"]
    box.appendChild(el("p", text(cats, _rules(), prompt["key"], prompt["params"]),
                       cls="lesson-prompt", tabindex="-1", data_testid="lesson-prompt"))
    if model["citation"]:
        box.appendChild(el("p", cite_text(cats, model["citation"]), cls="learn-cite"))
    if model["readings"]:
        readings = el("ul", cls="learn-readings")
        for key in model["readings"]:
            item = el("li", data_reading=key)
            item.appendChild(el("span", cats.t("learn.reading.badge"), cls="learn-badge"))
            item.appendChild(el("span", " " + reading_text(cats, key)))
            readings.appendChild(item)
        box.appendChild(readings)
    return box


def _feedback(node: Node, feedback: dict[str, Any] | None) -> None:
    cats = _cats()
    node.replaceChildren()
    if not feedback:
        node.removeAttribute("data-kind")
        return
    node.setAttribute("data-kind", feedback["kind"])
    message = text(cats, _rules(), feedback["key"], feedback["params"], feedback["domain"])
    if feedback["kind"] == "illegal":
        message = text(_cats(), _rules(), "feedback.illegal", {"why": message})
    node.appendChild(el("p", message, cls="lesson-verdict"))
    if feedback.get("citation"):
        node.appendChild(el("p", cite_text(cats, feedback["citation"]), cls="learn-cite"))


def _tile_button(code: str, selected: bool, drawn: bool = False) -> object:
    cats = _cats()
    name = tile_name(cats.domain("table"), code)
    button = el("button", type="button", cls="lesson-tile" + (" is-drawn" if drawn else ""),
                data_tile=code, aria_pressed="true" if selected else "false", aria_label=name,
                title=name)
    button.appendChild(tile_svg(code))
    return button


def _hand(model: dict[str, Any]) -> Node:
    box = el("div", cls="lesson-hand", data_testid="lesson-hand")
    box.appendChild(el("h3", text(_cats(), _rules(), "label.hand")))
    tiles = el("div", cls="lesson-tiles", role="group", aria_label=text(_cats(), _rules(), "label.hand"))
    selected = list(_state.selected)
    for code in model["hand"]:
        chosen = code in selected
        if chosen:
            selected.remove(code)
        tiles.appendChild(_tile_button(code, chosen))
    if model["drawn"]:
        apart = el("span", cls="lesson-drawn")
        apart.appendChild(el("span", text(_cats(), _rules(), "label.drawn"), cls="lesson-drawn-label"))
        apart.appendChild(_tile_button(model["drawn"], model["drawn"] in selected, drawn=True))
        tiles.appendChild(apart)
    box.appendChild(tiles)
    _shown(box, model, 0)
    return box


def _shown(box: Node, model: dict[str, Any], seat: int) -> None:
    """A seat's exposed sets and flowers, as captioned tile rows."""
    cats = _cats()
    melds = model["melds"][seat]
    if melds:
        line = el("div", cls="lesson-shown")
        line.appendChild(el("span", text(_cats(), _rules(), "label.melds"), cls="lesson-caption"))
        for meld in melds:
            line.appendChild(tiles_row(_codes(meld), f"{text(_cats(), _rules(), 'label.melds')}: "
                                       f"{tile_names(cats, meld)}"))
        box.appendChild(line)
    if model["flowers"][seat]:
        codes = model["flowers"][seat]
        line = el("div", cls="lesson-shown")
        line.appendChild(el("span", text(_cats(), _rules(), "label.flowers"), cls="lesson-caption"))
        line.appendChild(tiles_row(codes, f"{text(_cats(), _rules(), 'label.flowers')}: "
                                   f"{tile_names(cats, ''.join(codes))}"))
        box.appendChild(line)


def _codes(notation: str) -> list[str]:
    return [t.notation for t in parse_tiles(notation)]


def _table(model: dict[str, Any]) -> Node:
    cats = _cats()
    box = el("div", cls="lesson-table", data_testid="lesson-table")
    box.appendChild(el("h3", text(_cats(), _rules(), "label.table")))
    for seat in (0, *_OTHERS):
        row = el("div", cls="lesson-seat", data_seat=seat)
        head = el("p", cls="lesson-seat-name")
        head.appendChild(el("strong", text(_cats(), _rules(), f"seat.{seat}")))
        if seat:
            head.appendChild(js.document.createTextNode(
                " · " + text(_cats(), _rules(), "label.hidden", {"count": model["hidden"][seat]})))
        row.appendChild(head)
        if seat:
            _shown(row, model, seat)
        discards = model["discards"][seat]
        if discards:
            line = el("div", cls="lesson-shown lesson-discards")
            line.appendChild(el("span", text(_cats(), _rules(), "label.discards"), cls="lesson-caption"))
            line.appendChild(tiles_row(discards, f"{text(_cats(), _rules(), 'label.discards')}: "
                                       f"{tile_names(cats, ''.join(discards))}"))
            row.appendChild(line)
        box.appendChild(row)
    return box


def _actions(model: dict[str, Any]) -> Node:
    cats = _cats()
    box = el("div", cls="lesson-actions", role="group", aria_label=text(_cats(), _rules(), "label.actions"),
             data_testid="lesson-actions")
    for name in model["buttons"]:
        cls = "lesson-button"
        if model["expect"] and model["expect"]["type"] == name:
            cls += " is-asked"
        box.appendChild(el("button", button_label(cats, name, _rules()), type="button",
                           data_action=name, cls=cls))
    return box


def _score(sheet: dict[str, Any]) -> Node:
    cats, rules = _cats(), _rules()
    box = el("section", cls="lesson-score", data_testid="lesson-score",
             data_total=sheet["total"], aria_labelledby="lesson-score-title")
    box.appendChild(el("h3", text(_cats(), _rules(), "score.title"), id="lesson-score-title"))
    table = el("table", cls="learn-table")
    head = el("tr")
    for key in ("score.item", "score.amount", "score.citation"):
        head.appendChild(el("th", text(_cats(), _rules(), key), scope="col"))
    thead = el("thead")
    thead.appendChild(head)
    table.appendChild(thead)
    tbody = el("tbody")
    if not sheet["items"]:
        row = el("tr")
        row.appendChild(el("td", text(_cats(), _rules(), "score.none"), colspan="3"))
        tbody.appendChild(row)
    for item in sheet["items"]:
        row = el("tr", data_item=item["key"])
        name = el("th", cats.t(f"{rules}.item.{item['key']}"), scope="row")
        if item.get("tiles"):
            name.appendChild(tiles_row(_codes(item["tiles"]), tile_names(cats, item["tiles"])))
        row.appendChild(name)
        row.appendChild(el("td", cats.t(f"learn.unit.{item['unit']}", n=_number(item["amount"]))))
        row.appendChild(el("td", item["citation"]))   # under the "Source" heading: no second "Source:"
        tbody.appendChild(row)
    table.appendChild(tbody)
    foot = el("tr")
    foot.appendChild(el("th", text(_cats(), _rules(), "score.total"), scope="row"))
    total = _number(sheet["total"])
    foot.appendChild(el("td", cats.t(f"learn.unit.{sheet['unit']}", n=total) if sheet["unit"] else total,
                        data_testid="lesson-total"))
    foot.appendChild(el("td", ""))
    tfoot = el("tfoot")
    tfoot.appendChild(foot)
    table.appendChild(tfoot)
    box.appendChild(table)
    box.appendChild(el("h4", text(_cats(), _rules(), "score.settlement")))
    pays = el("ul", cls="lesson-pays")
    for seat, amount in enumerate(sheet["settlement"]):
        signed = ("+" if amount > 0 else "") + _number(amount)
        worded = cats.t(f"learn.unit.{sheet['settlement_unit']}", n=signed)
        pays.appendChild(el("li", f"{text(_cats(), _rules(), f'seat.{seat}')}: {worded}", data_seat=seat))
    box.appendChild(pays)
    if sheet["readings"]:
        box.appendChild(el("h4", text(_cats(), _rules(), "score.readings")))
        readings = el("ul", cls="learn-readings")
        for key in sheet["readings"]:
            readings.appendChild(el("li", reading_text(cats, key), data_reading=key))
        box.appendChild(readings)
    return box


def _number(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


# ------------------------------------------------------------------ events
def _on_click(event: Node) -> None:
    try:
        target = event.target.closest("[data-tile], [data-action], [data-nav=restart]")
        lesson = _lessons.get(_state.rules or "")
        if not target or lesson is None or target.tagName != "BUTTON":
            return
        if target.hasAttribute("data-tile"):
            _select(lesson, target)
        elif target.hasAttribute("data-nav"):
            lesson.restart()
            _state.selected = []
            _after(lesson, advanced=True)
        else:
            _act(lesson, str(target.getAttribute("data-action")))
    except Exception as error:  # a message, never a traceback
        js.console.error(repr(error))
        node = _state.body.querySelector("[data-testid=lesson-feedback]")
        if node:
            node.replaceChildren(el("p", text(_cats(), _rules(), "lesson.broken"), cls="learn-error"))


def _select(lesson: Lesson, target: Node) -> None:
    """Tiles are chosen by clicking: one for a discard, two for an exchange."""
    code = str(target.getAttribute("data-tile"))
    selected = _state.selected
    pressed = target.getAttribute("aria-pressed") == "true"
    if pressed:
        selected.remove(code)
    else:
        limit = 2 if lesson.state.phase == Phase.EXCHANGE else 1
        if len(selected) >= limit:
            for other in _state.body.querySelectorAll(".lesson-tile[aria-pressed=true]"):
                other.setAttribute("aria-pressed", "false")
            selected.clear()
        selected.append(code)
    target.setAttribute("aria-pressed", "false" if pressed else "true")


def _act(lesson: Lesson, button: str) -> None:
    selected = list(_state.selected)
    if button == "discard" and not selected:
        return _hint(lesson, "feedback.select_tile")
    if button == "exchange" and len(selected) != 2:
        return _hint(lesson, "feedback.select_two")
    before = lesson.index
    lesson.try_action(lesson.action_for(button, selected) if button != FINISH
                      else {"type": FINISH})
    advanced = lesson.index != before
    if advanced:
        _state.selected = []
    _after(lesson, advanced, focus=f"[data-action={button}]")


def _hint(lesson: Lesson, key: str) -> None:
    lesson.feedback = Feedback("try", key)
    _after(lesson, advanced=False)


def _after(lesson: Lesson, advanced: bool, focus: str | None = None) -> None:
    _draw(lesson)
    _set_route(lesson)
    body = _state.body
    node = None
    if advanced:
        node = body.querySelector("[data-testid=lesson-prompt]")
    elif focus:
        node = body.querySelector(focus)
    if node:
        node.focus()
