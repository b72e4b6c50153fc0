"""A lesson drawn as nodes (browser only), and the lesson view's state (``LessonView``, one per
binder, passed to every drawing function): the step
navigation, the prompt, the feedback, the learner's hand, the table, the actions and the
score sheet, from ``Lesson.model()``, every word from the catalogues. The binder
(``views.learn_lesson``) wires the clicks and the route."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import js

from mahjong_engine.notation import parse_tiles

from ..i18n import Translator
from ..names import reading_text, tile_name
from ..learn.lesson_text import button_label, cite_text, text, tile_names
from ..learn.lessons import Lesson, LessonModel
from ..learn.view_state import LessonProgress
from ..dom import Node, el, tile_svg
from .learn_blocks import tiles_row

@dataclass
class LessonView:
    """One lesson view's state, owned by its binder: its catalogues, rule set and body, each
    rule set's lesson and the tiles the learner has chosen (pure: ``learn.view_state``), and
    the one click proxy (made once)."""
    cats: Translator | None = None
    rules: str | None = None
    body: Node = None
    progress: LessonProgress[Lesson] = field(default_factory=LessonProgress)
    proxies: dict[str, Node] = field(default_factory=dict)

    def cats_(self) -> Translator:
        if self.cats is None:
            raise RuntimeError("lesson drawn before render()")
        return self.cats

    def rules_(self) -> str:
        if self.rules is None:
            raise RuntimeError("lesson drawn before render()")
        return self.rules


_OTHERS = (1, 2, 3)


# ------------------------------------------------------------------ drawing
def _draw(v: LessonView, lesson: Lesson) -> None:
    cats, rules = v.cats_(), v.rules_()
    model = lesson.model()
    section = v.body.querySelector("[data-testid=lesson]")
    section.setAttribute("data-step", str(model["step"] + 1))
    section.setAttribute("data-steps", str(model["steps"]))
    section.setAttribute("data-done", "true" if model["done"] else "false")
    section.setAttribute("data-expect", json.dumps(model["expect"]) if model["expect"] else "")
    section.setAttribute("data-phase", model["phase"])
    top = section.querySelector(".lesson-top")
    top.replaceChildren(_steps_nav(v, lesson, model), _prompt(v, model))
    _feedback(v, section.querySelector("[data-testid=lesson-feedback]"), model["feedback"])
    rest = section.querySelector(".lesson-rest")
    rest.replaceChildren()
    if model["score"] is not None:
        rest.appendChild(_score(v, model["score"]))
    if not model["done"]:
        rest.appendChild(_actions(v, model))
    rest.appendChild(_hand(v, model))
    rest.appendChild(_table(v, model))
    if model["done"]:
        links = el("p", cls="lesson-next")
        links.appendChild(el("a", cats.t("learn.nav.exercises"),
                             href=f"#learn/{rules}/exercises"))
        rest.appendChild(links)


def _steps_nav(v: LessonView, lesson: Lesson, model: LessonModel) -> Node:
    rules = v.rules_()
    nav = el("nav", cls="lesson-steps", aria_label=text(v.cats_(), rules, "nav.label"),
             data_testid="lesson-nav")
    shown = min(model["step"] + 1, model["steps"])
    nav.appendChild(el("span", text(v.cats_(), rules, "step", {"n": shown, "total": model["steps"]}),
                       cls="lesson-count", data_testid="lesson-count"))
    if model["step"] > 0:
        nav.appendChild(el("a", text(v.cats_(), rules, "button.prev"),
                           href=f"#learn/{rules}/lesson/{model['step']}",
                           data_nav="prev", cls="lesson-link"))
    if not model["done"]:
        nav.appendChild(el("a", text(v.cats_(), v.rules_(), "button.next"),
                           href=f"#learn/{rules}/lesson/{model['step'] + 2}", data_nav="next",
                           cls="lesson-link"))
    nav.appendChild(el("button", text(v.cats_(), v.rules_(), "button.restart"), type="button",
                       data_nav="restart", cls="lesson-button"))
    return nav


def _prompt(v: LessonView, model: LessonModel) -> Node:
    cats = v.cats_()
    box = el("div", cls="lesson-step")
    if model["idea"]:
        idea = el("p", cls="lesson-idea", data_idea=model["idea"])
        if model["new_idea"]:
            idea.appendChild(el("span", text(v.cats_(), v.rules_(), "new_idea"), cls="learn-badge"))
            idea.appendChild(js.document.createTextNode(" "))
        idea.appendChild(el("span", text(v.cats_(), v.rules_(), f"idea.{model['idea']}")))
        box.appendChild(idea)
    prompt = model["prompt"]
    box.appendChild(el("p", text(cats, v.rules_(), prompt["key"], prompt["params"]),
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


def _feedback(v: LessonView, node: Node, feedback: dict[str, Any] | None) -> None:
    cats = v.cats_()
    node.replaceChildren()
    if not feedback:
        node.removeAttribute("data-kind")
        return
    node.setAttribute("data-kind", feedback["kind"])
    message = text(cats, v.rules_(), feedback["key"], feedback["params"], feedback["domain"])
    if feedback["kind"] == "illegal":
        message = text(v.cats_(), v.rules_(), "feedback.illegal", {"why": message})
    node.appendChild(el("p", message, cls="lesson-verdict"))
    if feedback.get("citation"):
        node.appendChild(el("p", cite_text(cats, feedback["citation"]), cls="learn-cite"))


def _tile_button(v: LessonView, code: str, selected: bool, drawn: bool = False) -> object:
    cats = v.cats_()
    name = tile_name(cats.domain("table"), code)
    button = el("button", type="button", cls="lesson-tile" + (" is-drawn" if drawn else ""),
                data_tile=code, aria_pressed="true" if selected else "false", aria_label=name,
                title=name)
    button.appendChild(tile_svg(code))
    return button


def _hand(v: LessonView, model: LessonModel) -> Node:
    box = el("div", cls="lesson-hand", data_testid="lesson-hand")
    box.appendChild(el("h3", text(v.cats_(), v.rules_(), "label.hand")))
    tiles = el("div", cls="lesson-tiles", role="group", aria_label=text(v.cats_(), v.rules_(), "label.hand"))
    selected = list(v.progress.selected)
    for code in model["hand"]:
        chosen = code in selected
        if chosen:
            selected.remove(code)
        tiles.appendChild(_tile_button(v, code, chosen))
    if model["drawn"]:
        apart = el("span", cls="lesson-drawn")
        apart.appendChild(el("span", text(v.cats_(), v.rules_(), "label.drawn"), cls="lesson-drawn-label"))
        apart.appendChild(_tile_button(v, model["drawn"], model["drawn"] in selected, drawn=True))
        tiles.appendChild(apart)
    box.appendChild(tiles)
    _shown(v, box, model, 0)
    return box


def _shown(v: LessonView, box: Node, model: LessonModel, seat: int) -> None:
    """A seat's exposed sets and flowers, as captioned tile rows."""
    cats = v.cats_()
    melds = model["melds"][seat]
    if melds:
        line = el("div", cls="lesson-shown")
        line.appendChild(el("span", text(v.cats_(), v.rules_(), "label.melds"), cls="lesson-caption"))
        for meld in melds:
            line.appendChild(tiles_row(_codes(meld), f"{text(v.cats_(), v.rules_(), 'label.melds')}: "
                                       f"{tile_names(cats, meld)}"))
        box.appendChild(line)
    if model["flowers"][seat]:
        codes = model["flowers"][seat]
        line = el("div", cls="lesson-shown")
        line.appendChild(el("span", text(v.cats_(), v.rules_(), "label.flowers"), cls="lesson-caption"))
        line.appendChild(tiles_row(codes, f"{text(v.cats_(), v.rules_(), 'label.flowers')}: "
                                   f"{tile_names(cats, ''.join(codes))}"))
        box.appendChild(line)


def _codes(notation: str) -> list[str]:
    return [t.notation for t in parse_tiles(notation)]


def _table(v: LessonView, model: LessonModel) -> Node:
    cats = v.cats_()
    box = el("div", cls="lesson-table", data_testid="lesson-table")
    box.appendChild(el("h3", text(v.cats_(), v.rules_(), "label.table")))
    for seat in (0, *_OTHERS):
        row = el("div", cls="lesson-seat", data_seat=seat)
        head = el("p", cls="lesson-seat-name")
        head.appendChild(el("strong", text(v.cats_(), v.rules_(), f"seat.{seat}")))
        if seat:
            head.appendChild(js.document.createTextNode(
                " · " + text(v.cats_(), v.rules_(), "label.hidden", {"count": model["hidden"][seat]})))
        row.appendChild(head)
        if seat:
            _shown(v, row, model, seat)
        discards = model["discards"][seat]
        if discards:
            line = el("div", cls="lesson-shown lesson-discards")
            line.appendChild(el("span", text(v.cats_(), v.rules_(), "label.discards"), cls="lesson-caption"))
            line.appendChild(tiles_row(discards, f"{text(v.cats_(), v.rules_(), 'label.discards')}: "
                                       f"{tile_names(cats, ''.join(discards))}"))
            row.appendChild(line)
        box.appendChild(row)
    return box


def _actions(v: LessonView, model: LessonModel) -> Node:
    cats = v.cats_()
    box = el("div", cls="lesson-actions", role="group",
             aria_label=text(v.cats_(), v.rules_(), "label.actions"), data_testid="lesson-actions")
    for name in model["buttons"]:
        cls = "lesson-button"
        if model["expect"] and model["expect"]["type"] == name:
            cls += " is-asked"
        box.appendChild(el("button", button_label(cats, name, v.rules_()), type="button",
                           data_action=name, cls=cls))
    return box


def _score(v: LessonView, sheet: dict[str, Any]) -> Node:
    cats, rules = v.cats_(), v.rules_()
    box = el("section", cls="lesson-score", data_testid="lesson-score",
             data_total=sheet["total"], aria_labelledby="lesson-score-title")
    box.appendChild(el("h3", text(v.cats_(), v.rules_(), "score.title"), id="lesson-score-title"))
    table = el("table", cls="learn-table")
    head = el("tr")
    for key in ("score.item", "score.amount", "score.citation"):
        head.appendChild(el("th", text(v.cats_(), v.rules_(), key), scope="col"))
    thead = el("thead")
    thead.appendChild(head)
    table.appendChild(thead)
    tbody = el("tbody")
    if not sheet["items"]:
        row = el("tr")
        row.appendChild(el("td", text(v.cats_(), v.rules_(), "score.none"), colspan="3"))
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
    foot.appendChild(el("th", text(v.cats_(), v.rules_(), "score.total"), scope="row"))
    total = _number(sheet["total"])
    foot.appendChild(el("td", cats.t(f"learn.unit.{sheet['unit']}", n=total) if sheet["unit"] else total,
                        data_testid="lesson-total"))
    foot.appendChild(el("td", ""))
    tfoot = el("tfoot")
    tfoot.appendChild(foot)
    table.appendChild(tfoot)
    box.appendChild(table)
    box.appendChild(el("h4", text(v.cats_(), v.rules_(), "score.settlement")))
    pays = el("ul", cls="lesson-pays")
    for seat, amount in enumerate(sheet["settlement"]):
        signed = ("+" if amount > 0 else "") + _number(amount)
        worded = cats.t(f"learn.unit.{sheet['settlement_unit']}", n=signed)
        pays.appendChild(el("li", f"{text(v.cats_(), v.rules_(), f'seat.{seat}')}: {worded}", data_seat=seat))
    box.appendChild(pays)
    if sheet["readings"]:
        box.appendChild(el("h4", text(v.cats_(), v.rules_(), "score.readings")))
        readings = el("ul", cls="learn-readings")
        for key in sheet["readings"]:
            readings.appendChild(el("li", reading_text(cats, key), data_reading=key))
        box.appendChild(readings)
    return box


def _number(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)

