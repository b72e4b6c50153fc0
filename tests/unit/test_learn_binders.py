"""The learn binders under CPython, on the views' shared fake DOM (tests/unit/fake_dom.py):
each view's state is an object its binder owns (``new_view``), so two views never share
answers, picked tiles or a search, and a redraw (another language) keeps what one holds."""
from __future__ import annotations

import sys

import pytest
from _learn_helpers import catalogues
from fake_dom import fake_browser

BROWSER_MODULES = ("mahjong_ui.dom", "mahjong_ui.views.learn", "mahjong_ui.views.learn_blocks",
                   "mahjong_ui.views.learn_exercise_parts", "mahjong_ui.views.learn_exercises",
                   "mahjong_ui.views.learn_glossary", "mahjong_ui.views.learn_lesson_parts",
                   "mahjong_ui.views.learn_lesson")


@pytest.fixture
def page(monkeypatch):
    """The learn view modules, imported against a fake browser over a FakeDocument for the
    test's duration (fake_dom.fake_browser; an error the view logs fails the test)."""
    browser = fake_browser(monkeypatch, BROWSER_MODULES)
    return browser.document, browser.modules


def _body(document):
    return document.body.appendChild(document.createElement("div"))


def test_exercise_answers_belong_to_the_view_that_took_them(page):
    document, modules = page
    view = modules["mahjong_ui.views.learn_exercises"]
    mine, other = view.new_view(), view.new_view()
    body = _body(document)
    view.render(mine, catalogues("en"), "cayro", "complete-1", body, None)
    body.querySelector('[data-answer="yes"]').click()        # complete-1 is complete
    assert body.querySelector("[data-testid=feedback]").getAttribute("data-correct") == "true"
    assert body.querySelector("[data-testid=exercise-score]").getAttribute("data-right") == "1"
    assert mine.progress.score("cayro") == (1, 1) and other.progress.score("cayro") == (0, 0)
    view.render(mine, catalogues("pt"), "cayro", "complete-1", body, None)   # language switch
    assert body.querySelector('[data-answer="yes"]').getAttribute("aria-pressed") == "true"
    assert body.querySelector("[data-testid=feedback]").getAttribute("data-correct") == "true"
    fresh = _body(document)
    view.render(other, catalogues("en"), "cayro", "complete-1", fresh, None)
    assert fresh.querySelector('[data-answer="yes"]').getAttribute("aria-pressed") == "false"
    assert fresh.querySelector("[data-testid=feedback]").getAttribute("data-correct") is None


def test_waits_tiles_picked_then_checked_through_the_view_state(page):
    document, modules = page
    view = modules["mahjong_ui.views.learn_exercises"]
    state = view.new_view()
    body = _body(document)
    view.render(state, catalogues("en"), "cayro", "waits-1", body, None)
    for code in ("1m", "9p", "4m", "9p"):                      # 9p picked, then put back
        body.querySelector(f'[data-tile="{code}"]').click()
    assert state.progress.tiles("cayro", "waits-1") == ["1m", "4m"]
    assert body.querySelector('[data-tile="9p"]').getAttribute("aria-pressed") == "false"
    assert "chosen_none" not in body.querySelector("[data-testid=chosen]").textContent
    body.querySelector('[data-answer="submit"]').click()
    assert body.querySelector("[data-testid=feedback]").getAttribute("data-correct") == "true"
    assert state.progress.score("cayro") == (1, 1)
    body.querySelector('[data-answer="clear"]').click()
    assert state.progress.tiles("cayro", "waits-1") == []
    assert not body.querySelectorAll(".ex-tile[aria-pressed=true]")


def test_glossary_query_kept_across_a_redraw_and_cleared_by_a_hidden_deep_link(page):
    document, modules = page
    view = modules["mahjong_ui.views.learn_glossary"]
    state = view.new_view()
    body = _body(document)
    view.render(state, catalogues("en"), body)
    terms = body.querySelectorAll("[data-testid=learn-term]")
    field = body.querySelector("[data-testid=glossary-query]")
    field.value = "pung"
    field.dispatch("input")
    shown = [t.getAttribute("data-term") for t in terms if not t.hidden]
    assert state.search.query == "pung" and 0 < len(shown) < len(terms)
    hidden = next(t.getAttribute("data-term") for t in terms if t.hidden)
    again = _body(document)
    view.render(state, catalogues("es"), again)                 # the language switched
    assert again.querySelector("[data-testid=glossary-query]").value == "pung"
    kept = [t for t in again.querySelectorAll("[data-testid=learn-term]") if not t.hidden]
    assert 0 < len(kept) == len(state.index.find("pung").ids) < len(terms)   # filtered in es
    view.reveal(state, hidden)                                  # a deep link the search hides
    assert state.search.query == "" and view.new_view().search.query == ""
    assert not [t for t in again.querySelectorAll("[data-testid=learn-term]") if t.hidden]


def test_each_lesson_view_keeps_its_own_lessons_and_chosen_tiles(page):
    document, modules = page
    view = modules["mahjong_ui.views.learn_lesson"]
    mine, other = view.new_view(), view.new_view()
    body = _body(document)
    view.render(mine, catalogues("en"), "cayro", "2", body, None)     # a deep link to step 2
    lesson = mine.progress.get("cayro")
    assert lesson is not None and lesson.index == 1 and other.progress.get("cayro") is None
    assert body.querySelector("[data-testid=lesson]").getAttribute("data-step") == "2"
    assert sys.modules["js"].location.hash == "#learn/cayro/lesson/2"
    tiles = body.querySelectorAll(".lesson-tile[data-tile]")
    assert tiles
    tiles[0].click()
    assert mine.progress.selected == [tiles[0].getAttribute("data-tile")]
    assert tiles[0].getAttribute("aria-pressed") == "true" and other.progress.selected == []
    view.render(mine, catalogues("es"), "cayro", None, body, None)     # language switch: same step
    assert mine.progress.get("cayro") is lesson and lesson.index == 1
    body.querySelector("[data-nav=restart]").click()
    assert lesson.index == 0 and mine.progress.selected == []
    assert body.querySelector("[data-testid=lesson]").getAttribute("data-step") == "1"
