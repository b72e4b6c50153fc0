"""Learn mode in Chromium: one page load, then hash navigation through every rules page in
every language, deep links into sections and the glossary, a bad route, screenshots."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from site_helpers import ARTIFACTS, LANGS, catalogue, wait_engine  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))
from mahjong_engine.rules import RULE_SET_KEYS, get_rule_set  # noqa: E402

SECTIONS = ("status", "tiles", "setup", "turns", "shapes", "scoring", "special", "settlement",
            "readings")


@pytest.fixture(scope="module")
def learn(browser, server):
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "#learn/macau_1988")
    wait_engine(page)
    page.wait_for_selector("#learn-root[data-ready=true][data-rules=macau_1988]", timeout=30_000)
    yield page, errors
    context.close()


def go(page, route, rules, lang):
    page.evaluate(f"location.hash = {route!r}")
    page.wait_for_selector(f"#learn-root[data-rules={rules}][data-lang={lang}]", timeout=15_000)


def choose_language(page, lang):
    page.select_option("[data-testid=lang]", lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")


def test_every_rules_page_in_every_language(learn):
    page, errors = learn
    assert page.evaluate("document.documentElement.dataset.mode") == "learn"
    for lang in LANGS:
        choose_language(page, lang)
        for key in RULE_SET_KEYS:
            go(page, f"#learn/{key}", key, lang)
            sections = page.eval_on_selector_all("[data-testid=learn-section]",
                                                 "els => els.map(e => e.dataset.section)")
            assert sections == list(SECTIONS), (lang, key)
            entries = page.eval_on_selector_all("[data-testid=learn-entry]",
                                                "els => els.map(e => e.dataset.entry)")
            assert sorted(entries) == sorted(e.key for e in get_rule_set(key).entries), (lang, key)
            # spot check: the first entry's name in this language is on the page
            first = get_rule_set(key).entries[0].key
            name = catalogue(lang, key)[f"item.{first}"]
            assert name in page.inner_text(f"#entry-{first}")
            assert page.locator("#learn-root .learn-tile").count() > 40
            # the example wall: the opened side shows exactly the stacks the dice counted
            wall = page.locator("[data-testid=learn-wall] .learn-wall")
            side, count = int(wall.get_attribute("data-side")), int(wall.get_attribute("data-count"))
            opened = page.locator("[data-testid=learn-wall] .learn-wall-side.is-opened")
            assert opened.locator(".is-counted").count() == count, (lang, key)
            assert opened.locator(".is-breach").count() == 1
            assert page.locator("[data-testid=learn-wall] .learn-wall-side").nth(side) \
                .get_attribute("class").endswith("is-opened")
            assert page.locator("[data-testid=learn-wall] .is-dragon").count() == \
                (1 if key == "serralheiro_2003" else 0)
    assert not errors, errors


def test_deep_links_and_language_switch_in_place(learn):
    page, errors = learn
    choose_language(page, "en")
    go(page, "#learn/cayro/scoring", "cayro", "en")
    page.wait_for_selector("#learn-root[data-target=scoring]")
    assert page.evaluate("document.activeElement.closest('section')?.dataset.section") == "scoring"
    top = page.evaluate("document.getElementById('learn-cayro-scoring').getBoundingClientRect().top")
    assert -5 < top < 100
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "learn-desktop.png"))
    choose_language(page, "es")
    page.wait_for_selector("#learn-root[data-lang=es][data-rules=cayro]")
    assert catalogue("es", "learn")["section.scoring"] in page.inner_text("#learn-cayro-scoring h3")
    go(page, "#learn/glossary/mano", "glossary", "es")
    assert page.evaluate("document.activeElement.id") == "gloss-mano"
    assert page.locator("[data-testid=learn-term]").count() > 100
    href = page.get_attribute("#gloss-mano + dd .learn-used a", "href")
    assert href.startswith("#learn/filipino/")
    page.click("#gloss-mano + dd .learn-used a")
    page.wait_for_selector("#learn-root[data-rules=filipino]")
    page.set_viewport_size({"width": 360, "height": 740})
    go(page, "#learn/macau_1988/status", "macau_1988", "es")
    assert catalogue("es", "macau_1988")["reading.provisional_regulation"] in page.inner_text(
        "#learn-macau_1988-status")
    page.screenshot(path=str(ARTIFACTS / "learn-phone.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    assert not errors, errors


def test_bad_route_gets_a_message(learn):
    page, errors = learn
    choose_language(page, "pt")
    page.evaluate("location.hash = '#learn/<img src=x onerror=alert(1)>/x'")
    page.wait_for_selector("[data-testid=learn-error]")
    assert catalogue("pt", "learn")["route.bad"] in page.inner_text("[data-testid=learn-error]")
    assert page.locator("#learn-root img").count() == 0
    assert not errors, errors
