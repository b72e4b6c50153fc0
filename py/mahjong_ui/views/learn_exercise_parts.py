"""One exercise drawn as nodes (browser only), and the exercises view's state (``ExercisesView``,
one per binder, passed to every drawing function): the list,
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
from ..learn.view_state import Answered, ExerciseAnswers
from ..learn.exercises import CLAIMS, SEATS, Exercise, Feedback, claim_ref, exercises, neighbours
from ..dom import Node, el, tile_svg
from ..embed_params import element_code, iframe_code
from .learn_blocks import tiles_row


@dataclass
class ExercisesView:
    """One exercises view's state, owned by its binder (the learn view's, or the embed
    frame's): the catalogues, the route's rule set and exercise, the body drawn into, what
    was drawn last, the answers and picked tiles (pure: ``learn.view_state``) and the
    proxies, made once."""
    cats: Translator | None = None
    rules: str = ""
    sub: str | None = None
    body: Node | None = None
    shown: tuple[str, str | None] | None = None     # what was drawn last (the focus moves on change)
    progress: ExerciseAnswers = field(default_factory=ExerciseAnswers)
    proxies: dict[str, Any] = field(default_factory=dict)

    def cats_(self) -> Translator:
        if self.cats is None:
            raise RuntimeError("exercises drawn before render() or speak()")
        return self.cats

    def body_(self) -> Node:
        if self.body is None:
            raise RuntimeError("exercises drawn before render()")
        return self.body

    def words(self) -> Translator:
        """The exercises' own words: ``v.words().t("prompt.claim")``."""
        return self.cats_().domain("exercises")


def _visit_score(v: ExercisesView, rules: str) -> object:
    right, answered = v.progress.score(rules)
    return el("p", v.words().t("visit", right=right, answered=answered, total=len(exercises(rules))),
              cls="ex-visit", data_testid="exercise-score", data_right=right,
              data_answered=answered, aria_live="polite")


# ------------------------------------------------------------------ the list
def _list(v: ExercisesView, rules: str) -> object:
    nav = el("nav", cls="ex-list", aria_label=v.words().t("nav.list"), data_testid="exercise-list")
    kind = None
    ol = None
    for ex in exercises(rules):
        if ex.kind != kind or ol is None:
            kind = ex.kind
            nav.appendChild(el("h3", v.words().t(f"kind.{kind}")))
            ol = el("ol")
            nav.appendChild(ol)
        li = el("li")
        number = ex.id.rsplit("-", 1)[1]
        link = el("a", v.words().t("item", kind=v.words().t(f"kind.{kind}"), n=number),
                  href=f"#learn/{rules}/exercises/{ex.id}", data_exercise=ex.id)
        li.appendChild(link)
        done = v.progress.answer(rules, ex.id)
        if done is not None:
            ok = bool(done.feedback.correct)
            li.appendChild(el("span", (" ✓ " if ok else " ✗ ") + v.words().t(
                "status.right" if ok else "status.wrong"), cls="ex-mark"))
        ol.appendChild(li)
    return nav


# ------------------------------------------------------------------ one exercise
def _exercise(v: ExercisesView, rules: str, ex: Exercise) -> object:
    ids = [e.id for e in exercises(rules)]
    box = el("section", cls="ex-box", data_testid="exercise", data_id=ex.id, data_kind=ex.kind,
             data_rules=rules)
    words = v.words()
    box.appendChild(el("h3", words.t("item", kind=words.t(f"kind.{ex.kind}"), n=ex.id.rsplit("-", 1)[1]),
                       tabindex="-1"))
    box.appendChild(el("p", v.words().t("position", n=ids.index(ex.id) + 1, total=len(ids)),
                       cls="learn-doc"))
    box.appendChild(_prompt(v, rules, ex))
    box.appendChild(_position(v, rules, ex))
    box.appendChild(_controls(v, rules, ex))
    status = el("div", cls="ex-feedback", role="status", aria_live="polite",
                data_testid="feedback")
    box.appendChild(status)
    done = v.progress.answer(rules, ex.id)
    if done is not None:
        _fill_feedback(v, status, rules, done.answer, done.feedback, ex)
    box.appendChild(_pager(v, rules, ex))
    box.appendChild(_embed_code(v, rules, ex))
    return box


def _embed_code(v: ExercisesView, rules: str, ex: Exercise) -> object:
    """«Embed this exercise»: the code that puts it on another page (static/embed.html)."""
    options = {"rules": rules, "exercise": ex.id}
    base = str(js.URL.new("static/embed.html", js.location.href).href)
    script = str(js.URL.new("static/js/embed.js", js.location.href).href)
    title = v.words().t("embed.title")
    code = iframe_code(base, "exercise", options, title) + "\n\n" + element_code(script, "exercise", options)
    box = el("details", cls="ex-embed", data_testid="exercise-embed")
    box.appendChild(el("summary", v.words().t("embed")))
    label = el("label", v.words().t("embed.code"), for_=f"ex-embed-{ex.id}")
    box.appendChild(label)
    area = el("textarea", cls="ex-embed-code", id=f"ex-embed-{ex.id}", readonly=True, rows="6",
              data_testid="exercise-embed-code")
    area.value = code
    box.appendChild(area)
    return box

def _prompt(v: ExercisesView, rules: str, ex: Exercise) -> object:
    if ex.kind == "complete":
        size = len(parse_tiles(ex.tiles)) + 3 * len(ex.meld_list)
        return el("p", v.words().t("prompt.complete", size=size), cls="ex-prompt")
    if ex.kind == "claim":
        return el("p", v.words().t("prompt.claim", tile=tile_names(v.cats_(), ex.tiles)),
                  cls="ex-prompt")
    if ex.kind == "score":
        if get_rule_set(rules).presentation.score_grades:   # answered by grade (Macau)
            return el("p", v.words().t("prompt.score_macau"), cls="ex-prompt")
        unit = get_rule_set(rules).unit.value
        return el("p", v.words().t("prompt.score", unit=v.words().t(f"unit.{unit}")), cls="ex-prompt")
    return el("p", v.words().t("prompt.waits"), cls="ex-prompt")


def _row(v: ExercisesView, label: str, notation: str) -> object:
    fig = el("figure", cls="ex-row")
    fig.appendChild(el("figcaption", label))
    codes = [t.notation for t in parse_tiles(notation)]
    fig.appendChild(tiles_row(codes, f"{label}: {tile_names(v.cats_(), notation)}"))
    return fig


def _position(v: ExercisesView, rules: str, ex: Exercise) -> object:
    cats = v.cats_()
    box = el("div", cls="ex-position", data_testid="exercise-hand")
    if ex.kind == "claim":
        box.appendChild(_row(v, v.words().t("hand.discard"), ex.tiles))
        for wind, hand in zip(SEATS[1:], ex.hands, strict=True):
            box.appendChild(_row(v, v.words().t("hand.seat", seat_name=v.words().t(f"seat.{wind}")),
                                 "".join(t.notation for t in sorted(parse_tiles(hand)))))
        return box
    tiles = sorted(parse_tiles(ex.tiles))
    box.appendChild(_row(v, v.words().t("hand.concealed"), "".join(t.notation for t in tiles)))
    for meld in ex.meld_list:
        key = "hand.meld.kong_concealed" if meld.concealed else f"hand.meld.{meld.kind.value}"
        box.appendChild(_row(v, v.words().t(key), meld.notation))
    if ex.flowers:
        box.appendChild(_row(v, v.words().t("hand.flowers"), ex.flowers))
    if ex.kind == "score":
        win = ex.win_tile or ex.tiles[-2:]
        ctx = el("ul", cls="ex-context")
        ctx.appendChild(el("li", v.words().t("hand.win_tile", tile=tile_names(cats, win))))
        ctx.appendChild(el("li", v.words().t(f"ctx.win.{ex.win}")))
        ctx.appendChild(el("li", v.words().t("ctx.seat", seat_name=v.words().t(f"seat.{ex.seat}"))))
        ctx.appendChild(el("li", v.words().t("ctx.round", wind=v.words().t(f"seat.{ex.round}"))))
        if ex.opener:
            ctx.appendChild(el("li", v.words().t("ctx.opener", wind=v.words().t(f"seat.{ex.opener}"))))
        box.appendChild(ctx)
    return box


def _button(text: str, answer: str, **attrs: str) -> object:
    return el("button", text, cls="ex-answer", type="button", data_answer=answer, **attrs)


def _controls(v: ExercisesView, rules: str, ex: Exercise) -> object:
    cats = v.cats_()
    box = el("div", cls="ex-controls", data_testid="exercise-controls")
    given = done.answer if (done := v.progress.answer(rules, ex.id)) else None
    if ex.kind == "complete":
        for value in ("yes", "no"):
            box.appendChild(_button(v.words().t(f"answer.{value}"), value,
                                    aria_pressed="true" if given == value else "false"))
    elif ex.kind == "claim":
        grid = el("div", cls="ex-claims", role="group", aria_label=v.words().t("kind.claim"))
        for wind in SEATS[1:]:
            row = el("div", cls="ex-claim-row")
            for kind in CLAIMS:
                value = f"{wind}:{kind}"
                row.appendChild(_button(
                    v.words().t("answer.claim", seat_name=v.words().t(f"seat.{wind}"),
                       claim=v.cats_().domain(claim_ref(rules, kind)[0]).t(claim_ref(rules, kind)[1])),
                    value, aria_pressed="true" if given == value else "false"))
            grid.appendChild(row)
        grid.appendChild(_button(v.words().t("answer.none"), "none",
                                 aria_pressed="true" if given == "none" else "false"))
        box.appendChild(grid)
    elif ex.kind == "score" and get_rule_set(rules).presentation.score_grades:
        for grade, key in enumerate(get_rule_set(rules).presentation.score_grades):
            box.appendChild(_button(cats.t(f"{rules}.grade.{key}"), str(grade),
                                    aria_pressed="true" if given == str(grade) else "false"))
    elif ex.kind == "score":
        form = el("form", cls="ex-form", data_testid="score-form")
        field_id = f"ex-total-{ex.id}"
        unit = v.words().t(f"unit.{get_rule_set(rules).unit.value}")
        label = el("label", v.words().t("answer.total", unit=unit))
        label.setAttribute("for", field_id)
        form.appendChild(label)
        field = el("input", cls="ex-input", id=field_id, type="text", inputmode="numeric",
                   autocomplete="off", data_answer="total", name="total")
        if given is not None:
            field.value = given
        form.appendChild(field)
        form.appendChild(el("button", v.words().t("answer.check"), cls="ex-answer ex-check",
                            type="submit", data_answer="submit"))
        box.appendChild(form)
    else:
        box.appendChild(_palette(v, rules, ex))
    return box


def _palette(v: ExercisesView, rules: str, ex: Exercise) -> object:
    picked = v.progress.tiles(rules, ex.id)
    box = el("div", cls="ex-palette-box")
    palette = el("div", cls="ex-palette", role="group", aria_label=v.words().t("answer.palette"),
                 data_testid="palette")
    for kind in range(PLAYABLE_KINDS):
        code = Tile(kind).notation
        button = el("button", cls="ex-tile", type="button", data_answer=code, data_tile=code,
                    aria_pressed="true" if code in picked else "false",
                    aria_label=tile_name(v.cats_().domain("table"), code))
        button.appendChild(tile_svg(code))
        palette.appendChild(button)
    box.appendChild(palette)
    box.appendChild(el("p", _chosen_text(v, picked), cls="ex-chosen", data_testid="chosen"))
    actions = el("div", cls="ex-actions")
    actions.appendChild(_button(v.words().t("answer.check"), "submit", data_check="waits"))
    actions.appendChild(_button(v.words().t("answer.clear"), "clear"))
    box.appendChild(actions)
    return box


def _chosen_text(v: ExercisesView, picked: list[str]) -> str:
    if not picked:
        return v.words().t("answer.chosen_none")
    ordered = "".join(t.notation for t in sorted(parse_tiles("".join(picked))))
    return v.words().t("answer.chosen", tiles=tile_names(v.cats_(), ordered))


def _pager(v: ExercisesView, rules: str, ex: Exercise) -> object:
    prev_id, next_id = neighbours(rules, ex.id)
    nav = el("nav", cls="ex-pager", aria_label=v.words().t("nav.label"))
    if prev_id:
        nav.appendChild(el("a", v.words().t("nav.prev"), href=f"#learn/{rules}/exercises/{prev_id}",
                           data_testid="exercise-prev", rel="prev"))
    nav.appendChild(el("a", v.words().t("nav.list"), href=f"#learn/{rules}/exercises",
                       data_testid="exercise-list-link"))
    if next_id:
        nav.appendChild(el("a", v.words().t("nav.next"), href=f"#learn/{rules}/exercises/{next_id}",
                           data_testid="exercise-next", rel="next"))
    return nav


# ------------------------------------------------------------------ feedback
def _fill_feedback(v: ExercisesView, status: Node, rules: str, given: str, feedback: Feedback,
                   ex: Exercise) -> None:
    cats = v.cats_()
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
        status.appendChild(el("h4", v.words().t("explanation")))
    for line in feedback.lines:
        row = el("div", cls="ex-line", data_key=line.key)
        if line.key != "complete.group":
            row.appendChild(el("p", line_text(cats, line)))
        if line.tiles:
            codes = [t.notation for t in parse_tiles(line.tiles)]
            row.appendChild(tiles_row(codes, line_text(cats, line)))
        status.appendChild(row)
    if ex.kind == "score":
        status.appendChild(_items_table(v, rules, feedback))
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
        status.appendChild(el("h4", v.words().t("readings")))
        ul = el("ul", cls="learn-readings")
        for key in feedback.readings:
            li = el("li", data_reading=key)
            li.appendChild(el("span", cats.t("learn.reading.badge"), cls="learn-badge"))
            li.appendChild(el("span", " " + reading_text(cats, key)))
            ul.appendChild(li)
        status.appendChild(ul)


def _items_table(v: ExercisesView, rules: str, feedback: Feedback) -> object:
    cats = v.cats_()
    wrap = el("div", cls="learn-table-wrap", role="region", tabindex="0",
              aria_label=v.words().t("score.items"))
    if not feedback.items:
        wrap.appendChild(el("p", v.words().t("score.no_items")))
        return wrap
    table = el("table", cls="learn-table", data_testid="score-items")
    table.appendChild(el("caption", v.words().t("score.items")))
    head = el("tr")
    for key in ("item", "tiles", "amount", "cite"):
        head.appendChild(el("th", v.words().t(f"score.col.{key}"), scope="col"))
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


__all__ = ["Answered", "ExercisesView"]
