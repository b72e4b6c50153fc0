"""Learn mode in Chromium: one page load, then hash navigation through every rules page in
every language, deep links into sections and the glossary, a bad route, screenshots."""
from __future__ import annotations


import pytest

from site_helpers import ARTIFACTS, LANGS, catalogue, fresh_storage, load, module_watched_page

from mahjong_engine.rules import RULE_SET_KEYS, get_rule_set

SECTIONS = ("status", "tiles", "setup", "turns", "shapes", "scoring", "special", "settlement",
            "readings")


@pytest.fixture(scope="module")
def shared(browser):
    with module_watched_page(browser) as page:
        yield page, page.errors


@pytest.fixture
def learn(shared, server):
    """The module's page, its storage emptied, at the Macau rules page."""
    page, errors = shared
    fresh_storage(page, server)
    load(page, server.url + "#learn/macau_1988", "#learn-root[data-ready=true][data-rules=macau_1988]")
    return page, errors


def go(page, route, rules, lang):
    page.evaluate(f"location.hash = {route!r}")
    page.wait_for_selector(f"#learn-root[data-rules={rules}][data-lang={lang}]", timeout=15_000)


def choose_language(page, lang):
    page.select_option("[data-testid=lang]", lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")


# Every rules page in English, and one in each other language. The pages' content (every
# section, every scoring entry named and cited, the example wall) is checked for every
# language and rule set under CPython (tests/unit/test_learn_model.py): here, that the page
# draws what the model holds, in the language chosen.
PAGES_IN = {"pt": ("serralheiro_2003",), "en": RULE_SET_KEYS, "es": ("cayro",)}


def test_every_rules_page_in_every_language(learn):
    page, errors = learn
    assert page.evaluate("document.documentElement.dataset.mode") == "learn"
    for lang in LANGS:
        choose_language(page, lang)
        for key in PAGES_IN[lang]:
            go(page, f"#learn/{key}", key, lang)
            sections = page.eval_on_selector_all("[data-testid=learn-section]",
                                                 "els => els.map(e => e.dataset.section)")
            assert sections == list(SECTIONS), (lang, key)
            assert page.input_value("[data-testid=rules]") == key   # the header follows the link
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
    # a glossary term and a scoring entry that do not exist: the message, and the page
    for route, rules in (("#learn/glossary/no-such-term", "glossary"),
                         ("#learn/cayro/scoring/no_such_entry", "cayro")):
        go(page, route, rules, "pt")
        page.wait_for_selector("[data-testid=learn-error]")
        assert catalogue("pt", "learn")["route.bad"] in page.inner_text("[data-testid=learn-error]")
    go(page, "#learn/cayro/scoring/loose_tile", "cayro", "pt")
    assert page.locator("[data-testid=learn-error]").count() == 0
    assert not errors, errors


def _in_view(page, element_id):
    return page.evaluate(f"""() => {{
        const r = document.getElementById({element_id!r}).getBoundingClientRect();
        return r.top >= -5 && r.top < window.innerHeight; }}""")


def test_glossary_deep_links_and_used_in_links(learn):
    """A glossary deep link focuses its entry; "used in" links land on existing sections and
    scoring rows; the rules pages link back to the glossary."""
    page, errors = learn
    choose_language(page, "pt")
    go(page, "#learn/glossary/macau_1988-kai_vu", "glossary", "pt")
    page.wait_for_selector("#learn-root[data-target=macau_1988-kai_vu]")
    assert page.evaluate("document.activeElement.id") == "gloss-macau_1988-kai_vu"
    assert _in_view(page, "gloss-macau_1988-kai_vu")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "learn-glossary.png"))
    assert page.inner_text("#gloss-macau_1988-kai_vu a") == "«Kai vu»"   # the document's word
    assert page.get_attribute("#gloss-macau_1988-kai_vu a", "lang") == "yue-Latn"
    assert "art. 5.º (1)" in page.inner_text("#gloss-macau_1988-kai_vu + dd .learn-cite")
    assert page.locator("#gloss-macau_1988-kai_vu + dd [data-reading='macau_1988.grades']").count() == 1
    # see-also and same-idea links point at entries of this page
    missing = page.evaluate("""() => [...document.querySelectorAll(
        '#learn-root a[data-kind=see], #learn-root a[data-kind=same]')]
        .map(a => a.dataset.target).filter(id => !document.getElementById(id))""")
    assert not missing, missing
    targets = page.evaluate("""() => { const out = {};
        for (const a of document.querySelectorAll(
                '#learn-root a[data-kind=section], #learn-root a[data-kind=entry]')) {
            const rules = a.getAttribute('href').split('/')[1];
            (out[rules] = out[rules] || []).push(a.dataset.target); }
        return out; }""")
    assert set(targets) == set(RULE_SET_KEYS)
    # a "used in" scoring entry lands on its row
    page.click("#gloss-cayro-ficha_suelta + dd a[data-kind=entry]")
    page.wait_for_selector("#learn-root[data-rules=cayro][data-target='scoring/loose_tile']")
    assert page.evaluate("document.activeElement.id") == "entry-loose_tile"
    assert _in_view(page, "entry-loose_tile")
    # every section and entry a glossary term links to exists on its rules page
    for rules, ids in targets.items():
        go(page, f"#learn/{rules}", rules, "pt")
        page.wait_for_selector(f"#learn-root[data-rules={rules}][data-target='']")
        missing = page.evaluate("ids => ids.filter(id => !document.getElementById(id))", ids)
        assert not missing, (rules, missing)
    # the rules pages link back to the glossary entry
    go(page, "#learn/macau_1988/scoring", "macau_1988", "pt")
    page.wait_for_selector("#learn-root[data-target=scoring]")
    page.click("#learn-macau_1988-scoring a[data-target=gloss-macau_1988-kai_vu]")
    page.wait_for_selector("#learn-root[data-rules=glossary][data-target=macau_1988-kai_vu]")
    assert page.evaluate("document.activeElement.id") == "gloss-macau_1988-kai_vu"
    assert not errors, errors


def test_glossary_by_section_with_its_search(learn):
    """The glossary's sections, its contents list, and the search box wired to the page: it
    filters as the visitor types (accents ignored), says the count, shows an empty state with
    a button that clears it, keeps the query across a language switch, and a deep link to a
    term it hides clears it. (The filtering itself: tests/unit/test_glossary_search.py.)"""
    page, errors = learn
    choose_language(page, "es")
    go(page, "#learn/glossary", "glossary", "es")
    sections = page.eval_on_selector_all("[data-testid=glossary-section]",
                                         "els => els.map(e => e.dataset.section)")
    assert sections[:3] == ["status", "tiles", "setup"] and sections[-1] == "other"
    assert page.locator("[data-testid=learn-glossary-toc] li").count() == len(sections)
    total = page.locator("[data-testid=learn-term]").count()
    es = catalogue("es", "glossary")
    assert page.inner_text("[data-testid=glossary-count]") == es["ui.search.all"].format(n=total)
    shown = "els => els.filter(e => e.offsetParent !== null).map(e => e.dataset.term)"
    page.type("[data-testid=glossary-query]", "POQUER", delay=20)
    page.wait_for_function("document.querySelector('[data-testid=glossary-count]').innerText"
                           f" !== {es['ui.search.all'].format(n=total)!r}")
    visible = page.eval_on_selector_all("[data-testid=learn-term]", shown)
    assert "cayro-poquer" in visible and 0 < len(visible) < 10
    assert page.inner_text("[data-testid=glossary-count]") == \
        es["ui.search.count.other"].format(n=len(visible))
    assert page.locator("[data-testid=glossary-section]:visible").count() < len(sections)
    assert page.locator("[data-testid=glossary-empty]").is_hidden()
    page.fill("[data-testid=glossary-query]", "xyzzy")
    page.wait_for_selector("[data-testid=glossary-empty]", state="visible")
    assert "xyzzy" in page.inner_text("[data-testid=glossary-count]")
    assert page.eval_on_selector_all("[data-testid=learn-term]", shown) == []
    assert page.locator("[data-testid=learn-glossary-toc]").is_hidden()
    page.click("[data-testid=glossary-clear]")
    assert page.evaluate("document.activeElement.dataset.testid") == "glossary-query"
    assert len(page.eval_on_selector_all("[data-testid=learn-term]", shown)) == total
    assert page.locator("[data-testid=learn-glossary-toc]").is_visible()
    # the query kept across a language switch; a deep link to a hidden term clears it
    page.fill("[data-testid=glossary-query]", "numeros")
    choose_language(page, "en")
    page.wait_for_selector("#learn-root[data-lang=en][data-rules=glossary]")
    assert page.input_value("[data-testid=glossary-query]") == "numeros"
    assert "macau_1988-numeros" in page.eval_on_selector_all("[data-testid=learn-term]", shown)
    assert "term" in page.inner_text("[data-testid=glossary-count]")
    go(page, "#learn/glossary/cayro-ficha_suelta", "glossary", "en")
    page.wait_for_selector("#learn-root[data-target=cayro-ficha_suelta]")
    assert page.input_value("[data-testid=glossary-query]") == ""
    assert page.evaluate("document.activeElement.id") == "gloss-cayro-ficha_suelta"
    assert _in_view(page, "gloss-cayro-ficha_suelta")
    # a section of the contents list: its heading takes the focus
    page.click("[data-testid=learn-glossary-toc] a[href$='sec-scoring']")
    page.wait_for_selector("#learn-root[data-target=sec-scoring]")
    assert page.evaluate("document.activeElement.id") == "gloss-sec-scoring-title"
    assert not errors, errors
