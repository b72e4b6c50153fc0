"""One exercise drawn as nodes (browser only), and the exercises' state this visit: the list,
the question, the position, the answer controls, the pager and the feedback (verdict,
explanation, items, citation, readings), every word from the catalogues. The binder
(``views.learn_exercises``) wires the clicks and the answers."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import js

from mahjong_engine import parse_tiles
from mahjong_engine.rules import get_rule_set
from mahjong_engine.tiles import PLAYABLE_KINDS, Tile

from ..i18n import Translator
from ..names import reading_text, tile_name
from ..present import formula_lines
from ..learn.exercise_text import cite_text, item_text, line_text, tile_names
from ..learn.exercises import CLAIMS, SEATS, Exercise, Feedback, claim_ref, exercises, neighbours
from ..dom import Node, el, tile_svg
from ..embed_params import element_code, iframe_code
from .learn_blocks import tiles_row


@dataclass
class Answered:
    """An answer given this visit, redrawn from its feedback in the language of the moment."""
    answer: str
    feedback: Feedback


@dataclass
class _ExercisesState:
    cats: Translator | None = None
    rules: str = ""
    sub: str | None = None
    body: Node | None = None
    shown: tuple[str, str | None] | None = None     # what was drawn last (the focus moves on change)
    proxies: dict[str, Any] = field(default_factory=dict)


_answers: dict[tuple[str, str], Answered] = {}   # (rules, id) -> the answer and its feedback
_picked: dict[tuple[str, str], list[str]] = {}  # waits: tiles chosen, not yet checked
_state = _ExercisesState()


def _cats() -> Translator:
    if _state.cats is None:
        raise RuntimeError("exercises drawn before render() or speak()")
    return _state.cats


def _body() -> Node:
    if _state.body is None:
        raise RuntimeError("exercises drawn before render()")
    return _state.body


def _words() -> Translator:
    """The exercises' own words: ``_words().t("prompt.claim")``."""
    return _cats().domain("exercises")

def _visit_score(rules: str) -> object:
    given = [v for (r, _), v in _answers.items() if r == rules]
    right = sum(1 for v in given if v.feedback.correct)
    return el("p", _words().t("visit", right=right, answered=len(given), total=len(exercises(rules))),
              cls="ex-visit", data_testid="exercise-score", data_right=right,
              data_answered=len(given), aria_live="polite")


# ------------------------------------------------------------------ the list
def _list(rules: str) -> object:
    nav = el("nav", cls="ex-list", aria_label=_words().t("nav.list"), data_testid="exercise-list")
    kind = None
    ol = None
    for ex in exercises(rules):
        if ex.kind != kind or ol is None:
            kind = ex.kind
            nav.appendChild(el("h3", _words().t(f"kind.{kind}")))
            ol = el("ol")
            nav.appendChild(ol)
        li = el("li")
        number = ex.id.rsplit("-", 1)[1]
        link = el("a", _words().t("item", kind=_words().t(f"kind.{kind}"), n=number),
                  href=f"#learn/{rules}/exercises/{ex.id}", data_exercise=ex.id)
        li.appendChild(link)
        done = _answers.get((rules, ex.id))
        if done is not None:
            ok = bool(done.feedback.correct)
            li.appendChild(el("span", (" ✓ " if ok else " ✗ ") + _words().t(
                "status.right" if ok else "status.wrong"), cls="ex-mark"))
        ol.appendChild(li)
    return nav


# ------------------------------------------------------------------ one exercise
def _exercise(rules: str, ex: Exercise) -> object:
    ids = [e.id for e in exercises(rules)]
    box = el("section", cls="ex-box", data_testid="exercise", data_id=ex.id, data_kind=ex.kind,
             data_rules=rules)
    words = _words()
    box.appendChild(el("h3", words.t("item", kind=words.t(f"kind.{ex.kind}"), n=ex.id.rsplit("-", 1)[1]),
                       tabindex="-1"))
    box.appendChild(el("p", _words().t("position", n=ids.index(ex.id) + 1, total=len(ids)),
                       cls="learn-doc"))
    box.appendChild(_prompt(rules, ex))
    box.appendChild(_position(rules, ex))
    box.appendChild(_controls(rules, ex))
    status = el("div", cls="ex-feedback", role="status", aria_live="polite",
                data_testid="feedback")
    box.appendChild(status)
    done = _answers.get((rules, ex.id))
    if done is not None:
        _fill_feedback(status, rules, done.answer, done.feedback, ex)
    box.appendChild(_pager(rules, ex))
    box.appendChild(_embed_code(rules, ex))
    return box


def _embed_code(rules: str, ex: Exercise) -> object:
    """«Embed this exercise»: the code that puts it on another page (static/embed.html)."""
    options = {"rules": rules, "exercise": ex.id}
    base = str(js.URL.new("static/embed.html", js.location.href).href)
    script = str(js.URL.new("static/js/embed.js", js.location.href).href)
    title = _words().t("embed.title")
    code = iframe_code(base, "exercise", options, title) + "\n\n" + element_code(script, "exercise", options)
    box = el("details", cls="ex-embed", data_testid="exercise-embed")
    box.appendChild(el("summary", _words().t("embed")))
    label = el("label", _words().t("embed.code"), for_=f"ex-embed-{ex.id}")
    box.appendChild(label)
    area = el("textarea", cls="ex-embed-code", id=f"ex-embed-{ex.id}", readonly=True, rows="6",
              data_testid="exercise-embed-code")
    area.value = code
    box.appendChild(area)
    return box

def _prompt(rules: str, ex: Exercise) -> object:
    if ex.kind == "complete":
        size = len(parse_tiles(ex.tiles)) + 3 * len(ex.meld_list)
        return el("p", _words().t("prompt.complete", size=size), cls="ex-prompt")
    if ex.kind == "claim":
        return el("p", _words().t("prompt.claim", tile=tile_names(_cats(), ex.tiles)),
                  cls="ex-prompt")
    if ex.kind == "score":
        if get_rule_set(rules).presentation.score_grades:   # answered by grade (Macau)
            return el("p", _words().t("prompt.score_macau"), cls="ex-prompt")
        unit = get_rule_set(rules).unit.value
        return el("p", _words().t("prompt.score", unit=_words().t(f"unit.{unit}")), cls="ex-prompt")
    return el("p", _words().t("prompt.waits"), cls="ex-prompt")


def _row(label: str, notation: str) -> object:
    fig = el("figure", cls="ex-row")
    fig.appendChild(el("figcaption", label))
    codes = [t.notation for t in parse_tiles(notation)]
    fig.appendChild(tiles_row(codes, f"{label}: {tile_names(_cats(), notation)}"))
    return fig


def _position(rules: str, ex: Exercise) -> object:
    cats = _cats()
    box = el("div", cls="ex-position", data_testid="exercise-hand")
    if ex.kind == "claim":
        box.appendChild(_row(_words().t("hand.discard"), ex.tiles))
        for wind, hand in zip(SEATS[1:], ex.hands, strict=True):
            box.appendChild(_row(_words().t("hand.seat", seat_name=_words().t(f"seat.{wind}")),
                                 "".join(t.notation for t in sorted(parse_tiles(hand)))))
        return box
    tiles = sorted(parse_tiles(ex.tiles))
    box.appendChild(_row(_words().t("hand.concealed"), "".join(t.notation for t in tiles)))
    for meld in ex.meld_list:
        key = "hand.meld.kong_concealed" if meld.concealed else f"hand.meld.{meld.kind.value}"
        box.appendChild(_row(_words().t(key), meld.notation))
    if ex.flowers:
        box.appendChild(_row(_words().t("hand.flowers"), ex.flowers))
    if ex.kind == "score":
        win = ex.win_tile or ex.tiles[-2:]
        ctx = el("ul", cls="ex-context")
        ctx.appendChild(el("li", _words().t("hand.win_tile", tile=tile_names(cats, win))))
        ctx.appendChild(el("li", _words().t(f"ctx.win.{ex.win}")))
        ctx.appendChild(el("li", _words().t("ctx.seat", seat_name=_words().t(f"seat.{ex.seat}"))))
        ctx.appendChild(el("li", _words().t("ctx.round", wind=_words().t(f"seat.{ex.round}"))))
        if ex.opener:
            ctx.appendChild(el("li", _words().t("ctx.opener", wind=_words().t(f"seat.{ex.opener}"))))
        box.appendChild(ctx)
    return box


def _button(text: str, answer: str, **attrs: str) -> object:
    return el("button", text, cls="ex-answer", type="button", data_answer=answer, **attrs)


def _controls(rules: str, ex: Exercise) -> object:
    cats = _cats()
    box = el("div", cls="ex-controls", data_testid="exercise-controls")
    given = done.answer if (done := _answers.get((rules, ex.id))) else None
    if ex.kind == "complete":
        for value in ("yes", "no"):
            box.appendChild(_button(_words().t(f"answer.{value}"), value,
                                    aria_pressed="true" if given == value else "false"))
    elif ex.kind == "claim":
        grid = el("div", cls="ex-claims", role="group", aria_label=_words().t("kind.claim"))
        for wind in SEATS[1:]:
            row = el("div", cls="ex-claim-row")
            for kind in CLAIMS:
                value = f"{wind}:{kind}"
                row.appendChild(_button(
                    _words().t("answer.claim", seat_name=_words().t(f"seat.{wind}"),
                       claim=_cats().domain(claim_ref(rules, kind)[0]).t(claim_ref(rules, kind)[1])),
                    value, aria_pressed="true" if given == value else "false"))
            grid.appendChild(row)
        grid.appendChild(_button(_words().t("answer.none"), "none",
                                 aria_pressed="true" if given == "none" else "false"))
        box.appendChild(grid)
    elif ex.kind == "score" and get_rule_set(rules).presentation.score_grades:
        for grade, key in enumerate(get_rule_set(rules).presentation.score_grades):
            box.appendChild(_button(cats.t(f"{rules}.grade.{key}"), str(grade),
                                    aria_pressed="true" if given == str(grade) else "false"))
    elif ex.kind == "score":
        form = el("form", cls="ex-form", data_testid="score-form")
        field_id = f"ex-total-{ex.id}"
        unit = _words().t(f"unit.{get_rule_set(rules).unit.value}")
        label = el("label", _words().t("answer.total", unit=unit))
        label.setAttribute("for", field_id)
        form.appendChild(label)
        field = el("input", cls="ex-input", id=field_id, type="text", inputmode="numeric",
                   autocomplete="off", data_answer="total", name="total")
        if given is not None:
            field.value = given
        form.appendChild(field)
        form.appendChild(el("button", _words().t("answer.check"), cls="ex-answer ex-check",
                            type="submit", data_answer="submit"))
        box.appendChild(form)
    else:
        box.appendChild(_palette(rules, ex))
    return box


def _palette(rules: str, ex: Exercise) -> object:
    picked = _picked.setdefault((rules, ex.id), [])
    box = el("div", cls="ex-palette-box")
    palette = el("div", cls="ex-palette", role="group", aria_label=_words().t("answer.palette"),
                 data_testid="palette")
    for kind in range(PLAYABLE_KINDS):
        code = Tile(kind).notation
        button = el("button", cls="ex-tile", type="button", data_answer=code, data_tile=code,
                    aria_pressed="true" if code in picked else "false",
                    aria_label=tile_name(_cats().domain("table"), code))
        button.appendChild(tile_svg(code))
        palette.appendChild(button)
    box.appendChild(palette)
    box.appendChild(el("p", _chosen_text(picked), cls="ex-chosen", data_testid="chosen"))
    actions = el("div", cls="ex-actions")
    actions.appendChild(_button(_words().t("answer.check"), "submit", data_check="waits"))
    actions.appendChild(_button(_words().t("answer.clear"), "clear"))
    box.appendChild(actions)
    return box


def _chosen_text(picked: list[str]) -> str:
    if not picked:
        return _words().t("answer.chosen_none")
    ordered = "".join(t.notation for t in sorted(parse_tiles("".join(picked))))
    return _words().t("answer.chosen", tiles=tile_names(_cats(), ordered))


def _pager(rules: str, ex: Exercise) -> object:
    prev_id, next_id = neighbours(rules, ex.id)
    nav = el("nav", cls="ex-pager", aria_label=_words().t("nav.label"))
    if prev_id:
        nav.appendChild(el("a", _words().t("nav.prev"), href=f"#learn/{rules}/exercises/{prev_id}",
                           data_testid="exercise-prev", rel="prev"))
    nav.appendChild(el("a", _words().t("nav.list"), href=f"#learn/{rules}/exercises",
                       data_testid="exercise-list-link"))
    if next_id:
        nav.appendChild(el("a", _words().t("nav.next"), href=f"#learn/{rules}/exercises/{next_id}",
                           data_testid="exercise-next", rel="next"))
    return nav


# ------------------------------------------------------------------ feedback
def _fill_feedback(status: Node, rules: str, given: str, feedback: Feedback, ex: Exercise) -> None:
    cats = _cats()
    status.replaceChildren()
    correct = feedback.correct
    status.setAttribute("data-correct", "none" if correct is None else str(correct).lower())
    state = "is-refused" if correct is None else "is-right" if correct else "is-wrong"
    cls = f"ex-verdict {state}"
    mark = "" if correct is None else ("✓ " if correct else "✗ ")
    status.appendChild(el("p", mark + line_text(cats, feedback.message), cls=cls,
                          data_testid="verdict"))
    if correct is None:
        return
    if feedback.lines or feedback.steps:
        status.appendChild(el("h4", _words().t("explanation")))
    for line in feedback.lines:
        row = el("div", cls="ex-line", data_key=line.key)
        if line.key != "complete.group":
            row.appendChild(el("p", line_text(cats, line)))
        if line.tiles:
            codes = [t.notation for t in parse_tiles(line.tiles)]
            row.appendChild(tiles_row(codes, line_text(cats, line)))
        status.appendChild(row)
    if ex.kind == "score":
        status.appendChild(_items_table(rules, feedback))
        if feedback.steps:
            steps = el("ol", cls="learn-formula", data_testid="exercise-formula")
            for step in formula_lines(cats, rules, feedback.steps):
                steps.appendChild(el("li", step.text, data_step=step.key, data_value=step.value))
            status.appendChild(el("p", cats.t("result.dialog.formula"), cls="learn-formula-head"))
            status.appendChild(steps)
    cite = cite_text(cats, feedback.cite)
    if cite:
        status.appendChild(el("p", cite, cls="learn-cite"))
    if feedback.readings:
        status.appendChild(el("h4", _words().t("readings")))
        ul = el("ul", cls="learn-readings")
        for key in feedback.readings:
            li = el("li", data_reading=key)
            li.appendChild(el("span", cats.t("learn.reading.badge"), cls="learn-badge"))
            li.appendChild(el("span", " " + reading_text(cats, key)))
            ul.appendChild(li)
        status.appendChild(ul)


def _items_table(rules: str, feedback: Feedback) -> object:
    cats = _cats()
    wrap = el("div", cls="learn-table-wrap", role="region", tabindex="0",
              aria_label=_words().t("score.items"))
    if not feedback.items:
        wrap.appendChild(el("p", _words().t("score.no_items")))
        return wrap
    table = el("table", cls="learn-table", data_testid="score-items")
    table.appendChild(el("caption", _words().t("score.items")))
    head = el("tr")
    for key in ("item", "tiles", "amount", "cite"):
        head.appendChild(el("th", _words().t(f"score.col.{key}"), scope="col"))
    thead = el("thead")
    thead.appendChild(head)
    table.appendChild(thead)
    tbody = el("tbody")
    for item in feedback.items:
        name, amount, cite = item_text(cats, rules, item)
        tr = el("tr", data_item=item["key"])
        tr.appendChild(el("th", name, scope="row"))
        cell = el("td")
        if item.get("tiles"):
            codes = [t.notation for t in parse_tiles(item["tiles"])]
            cell.appendChild(tiles_row(codes, tile_names(cats, item["tiles"])))
        tr.appendChild(cell)
        tr.appendChild(el("td", amount))
        tr.appendChild(el("td", cite))
        tbody.appendChild(tr)
    table.appendChild(tbody)
    wrap.appendChild(table)
    return wrap


__all__ = ["Answered"]
