"""Guided lessons in Chromium (issue 7): a test that follows the prompts on the page
(``data-expect``) through every rule set's lesson to its score sheet; a language switch in
the middle keeps the step; a deep link lands on its step; wrong and illegal moves are
answered in the live region; a phone screenshot."""
from __future__ import annotations

import json

import pytest

from site_helpers import ARTIFACTS, catalogue, fresh_storage, load, module_watched_page

from mahjong_engine.notation import parse_tiles
from mahjong_engine.rules import RULE_SET_KEYS

LESSON = "[data-testid=lesson]"


@pytest.fixture(scope="module")
def shared(browser):
    with module_watched_page(browser) as page:
        yield page, page.errors


@pytest.fixture
def learn(shared, server):
    """The module's page, its storage emptied, at the Macau lesson."""
    page, errors = shared
    fresh_storage(page, server)
    load(page, server.url + "#learn/macau_1988/lesson", f"{LESSON}[data-rules=macau_1988]")
    return page, errors


def go(page, route, rules):
    page.evaluate(f"location.hash = {route!r}")
    page.wait_for_selector(f"{LESSON}[data-rules={rules}]", timeout=15_000)


def choose_language(page, lang):
    page.select_option("[data-testid=lang]", lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    page.wait_for_selector(f"#learn-root[data-lang={lang}] {LESSON}")


def state(page) -> dict:
    node = page.locator(LESSON)
    expect = node.get_attribute("data-expect")
    return {"step": int(node.get_attribute("data-step")),
            "steps": int(node.get_attribute("data-steps")),
            "done": node.get_attribute("data-done") == "true",
            "expect": json.loads(expect) if expect else None}


def follow(page) -> None:
    """Do what the page asks: select the tiles named, press the button named."""
    now = state(page)
    expect = now["expect"]
    kind = expect["type"]
    tiles = ([expect["tile"]] if kind == "discard" else
             [t.notation for t in parse_tiles(expect["tiles"])] if kind == "exchange" else [])
    for code in tiles:
        page.locator(f"{LESSON} .lesson-tile[data-tile='{code}'][aria-pressed=false]").first.click()
    page.click(f"{LESSON} [data-action={kind}]")
    if kind == "finish":
        page.wait_for_selector(f"{LESSON}[data-done=true]")
    else:
        page.wait_for_selector(f"{LESSON}[data-step='{now['step'] + 1}']")


# Followed from the first step here: the two lessons that between them ask for every kind of
# move (chow, pung, kong, draw, discard, exchange, win, finish). The others are followed from
# their winning step (a deep link replays the lesson there) to their score sheet; every
# lesson's ideas, in order, are checked under CPython (tests/unit/test_lessons.py,
# test_ideas_in_order and test_lesson_plays_to_the_end_as_scripted).
FOLLOWED = ("serralheiro_2003", "cayro")


def test_every_lesson_to_the_score_sheet(learn):
    page, errors = learn
    choose_language(page, "en")
    for rules in RULE_SET_KEYS:
        go(page, f"#learn/{rules}/lesson/1", rules)
        start = state(page)
        assert start["step"] == 1 and not start["done"]
        if rules not in FOLLOWED:
            win = start["steps"] - 1
            go(page, f"#learn/{rules}/lesson/{win}", rules)
            page.wait_for_selector(f"{LESSON}[data-step='{win}']")
            assert state(page)["expect"]["type"] == "win"
        ideas = []
        while not state(page)["done"]:
            ideas.append(page.get_attribute(f"{LESSON} .lesson-idea", "data-idea"))
            assert page.inner_text("[data-testid=lesson-prompt]").strip()
            follow(page)
            assert page.evaluate("location.hash") == \
                f"#learn/{rules}/lesson/{state(page)['step']}"
            assert page.get_attribute("[data-testid=lesson-feedback]", "data-kind") in (
                "right", "done")
        assert ideas[-2:] == ["win", "score"]
        if rules in FOLLOWED:
            assert "kong" in ideas and "claim" in ideas and "flowers" in ideas
            assert ("exchange" in ideas) == (rules == "serralheiro_2003")
        sheet = page.locator("[data-testid=lesson-score]")
        assert sheet.count() == 1
        assert page.locator("[data-testid=lesson-score] tr[data-item]").count() >= 1
        assert page.inner_text("[data-testid=lesson-total]").strip()
        first = page.get_attribute("[data-testid=lesson-score] tr[data-item]", "data-item")
        assert catalogue("en", rules)[f"item.{first}"] in page.inner_text(
            "[data-testid=lesson-score]")
    assert not errors, errors


def test_wrong_and_illegal_moves_are_answered(learn):
    page, errors = learn
    choose_language(page, "en")
    go(page, "#learn/cayro/lesson/1", "cayro")
    page.click(f"{LESSON} [data-action=discard]")           # nothing selected
    assert page.inner_text("[data-testid=lesson-feedback]") == \
        catalogue("en", "lessons")["feedback.select_tile"]
    page.click(f"{LESSON} [data-action=win]")               # not complete: the engine's why
    page.wait_for_selector("[data-testid=lesson-feedback][data-kind=illegal]")
    assert state(page)["step"] == 1
    page.click(f"{LESSON} .lesson-tile[data-tile='2m']")
    page.click(f"{LESSON} [data-action=discard]")           # legal, not the one asked
    page.wait_for_selector("[data-testid=lesson-feedback][data-kind=try]")
    assert state(page)["step"] == 1
    assert page.evaluate("document.activeElement.dataset.action") == "discard"
    # by keyboard: the tile asked for, then the button; focus goes to the next prompt
    assert state(page)["expect"] == {"type": "discard", "tile": "2z", "seat": 0}
    page.focus(f"{LESSON} .lesson-tile[data-tile='2z']")
    page.keyboard.press("Space")
    assert page.get_attribute(f"{LESSON} .lesson-tile[data-tile='2z']", "aria-pressed") == "true"
    assert page.get_attribute(f"{LESSON} .lesson-tile[data-tile='2m']", "aria-pressed") == "false"
    page.focus(f"{LESSON} [data-action=discard]")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{LESSON}[data-step='2']")
    assert page.evaluate("document.activeElement.dataset.testid") == "lesson-prompt"
    assert not errors, errors


def test_language_switch_and_deep_link_keep_the_step(learn):
    page, errors = learn
    choose_language(page, "en")
    go(page, "#learn/serralheiro_2003/lesson/1", "serralheiro_2003")
    for _ in range(3):
        follow(page)
    assert state(page)["step"] == 4
    choose_language(page, "pt")
    page.wait_for_selector(f"#learn-root[data-lang=pt] {LESSON}[data-step='4']")
    assert catalogue("pt", "lessons")["idea.claim"] in page.inner_text(f"{LESSON} .lesson-idea")
    assert page.evaluate("location.hash") == "#learn/serralheiro_2003/lesson/4"
    follow(page)
    assert state(page)["step"] == 5
    # a deep link to step 7 of the Filipino lesson: replayed there, in Portuguese
    go(page, "#learn/filipino/lesson/7", "filipino")
    page.wait_for_selector(f"{LESSON}[data-rules=filipino][data-step='7']")
    assert state(page)["expect"]["type"] == "discard"
    assert page.locator(f"{LESSON} [data-seat='2'] .learn-tiles").count() >= 1
    assert page.evaluate("document.activeElement.dataset.testid") == "lesson-prompt"
    # a step that does not exist: a message, and the first step
    go(page, "#learn/filipino/lesson/99", "filipino")
    page.wait_for_selector("[data-testid=lesson-error]")
    assert state(page)["step"] == 1
    assert page.evaluate("location.hash") == "#learn/filipino/lesson/1"
    assert not errors, errors


def test_phone_layout(learn):
    page, errors = learn
    choose_language(page, "es")
    page.set_viewport_size({"width": 360, "height": 740})
    go(page, "#learn/macau_1988/lesson/4", "macau_1988")
    page.wait_for_selector(f"{LESSON}[data-step='4']")
    follow(page)                                           # draw: the tile shows apart
    assert page.locator(f"{LESSON} .lesson-tile.is-drawn").count() == 1
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, width
    for selector in (".lesson-tile", "[data-action]", "[data-nav]", ".lesson-link"):
        for box in page.eval_on_selector_all(
                f"{LESSON} {selector}",
                "els => els.map(e => { const r = e.getBoundingClientRect(); "
                "return [r.width, r.height]; })"):
            assert box[0] >= 44 and box[1] >= 44, (selector, box)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lesson-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    assert not errors, errors
