"""The first-visit welcome: language and rule set chosen before anything starts."""

from __future__ import annotations


import pytest

from site_helpers import ARTIFACTS, catalogue, fresh_storage, pass_welcome, wait_engine

WELCOME = "[data-testid=welcome]"
PLAY_ROOT = "#play-root"


class Visit:
    """A test's own page; ``close()`` closes it (not the module's context it belongs to)."""

    def __init__(self, page):
        self.page = page

    def add_init_script(self, script):
        self.page.add_init_script(script)

    def close(self):
        self.page.close()


@pytest.fixture(scope="module")
def contexts(browser):
    """One context a browser language for the module (Python's start-up is shared)."""
    made = {}

    def get(locale):
        if locale not in made:
            made[locale] = browser.new_context(locale=locale)
        return made[locale]

    yield get
    for ctx in made.values():
        ctx.close()


@pytest.fixture
def new_page(contexts, server):
    """``new_page(locale, width, height)``: a new page of the module's context for ``locale``,
    its origin's storage emptied first (a first visit), errors collected in ``page.errors``."""

    def make(locale="en-US", width=1280, height=800):
        page = contexts(locale).new_page()
        page.set_viewport_size({"width": width, "height": height})
        fresh_storage(page, server)
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        return Visit(page), page

    return make


def checked_rules(page):
    return page.eval_on_selector(f"{WELCOME} input[name=welcome-rules]:checked", "i => i.value")


@pytest.mark.parametrize("locale, lang, rules", [
    ("es-AR", "es", "cayro"), ("pt-PT", "pt", "serralheiro_2003"), ("pt-BR", "pt", "serralheiro_2003"),
    ("fil-PH", "en", "filipino"), ("tl", "en", "filipino"), ("ceb-PH", "en", "filipino"),
    ("en-GB", "en", "macau_1988"), ("de-DE", "en", "macau_1988")])
def test_first_visit_defaults_follow_browser_language(server, new_page, locale, lang, rules):
    ctx, page = new_page(locale)
    try:
        page.goto(server.url)
        page.wait_for_selector(WELCOME, state="visible")
        assert page.evaluate("document.documentElement.lang") == lang
        assert checked_rules(page) == rules
        pressed = page.eval_on_selector(f"{WELCOME} [aria-pressed=true]", "b => b.dataset.welcomeLang")
        assert pressed == lang
        assert page.inner_text("#welcome-heading") == catalogue(lang)["welcome.title"]
    finally:
        ctx.close()


def test_nothing_moves_before_the_visitor_chooses(server, new_page):
    ctx, page = new_page()
    try:
        page.goto(server.url)
        wait_engine(page)
        page.wait_for_timeout(2500)       # time enough for computer players to move, were one to start
        assert page.is_visible(WELCOME)
        assert page.get_attribute(PLAY_ROOT, "data-ready") is None
        assert page.locator(f"{PLAY_ROOT} [data-tile]").count() == 0
        assert page.evaluate("localStorage.getItem('mahjong.table.game')") is None
        assert not page.is_visible("#view-play")
        # a reload without answering: still the welcome
        page.reload()
        page.wait_for_selector(WELCOME, state="visible")
        pass_welcome(page, "play")
        page.wait_for_selector(f"{PLAY_ROOT}[data-ready=true]", timeout=30_000)
        assert page.get_attribute(PLAY_ROOT, "data-rules") == "macau_1988"
        # chosen once: the next visit goes straight to the table
        page.reload()
        wait_engine(page)
        page.wait_for_selector(f"{PLAY_ROOT}[data-ready=true]", timeout=30_000)
        assert not page.is_visible(WELCOME)
        assert not page.errors, page.errors
    finally:
        ctx.close()


def test_language_and_rules_chosen_in_the_welcome_are_played(server, new_page):
    ctx, page = new_page("en-US", 360, 640)
    try:
        page.goto(server.url)
        page.wait_for_selector(WELCOME, state="visible")
        page.click(f"{WELCOME} [data-welcome-lang=es]")
        page.wait_for_function("document.documentElement.lang === 'es'")
        # the rule set follows the language until the visitor picks one
        assert checked_rules(page) == "cayro"
        page.click(f"{WELCOME} [data-welcome-lang=pt]")
        page.wait_for_function("document.documentElement.lang === 'pt'")
        assert checked_rules(page) == "serralheiro_2003"
        page.click(f"{WELCOME} label:has(input[value=filipino])")
        page.click(f"{WELCOME} [data-welcome-lang=es]")
        page.wait_for_function("document.documentElement.lang === 'es'")
        assert checked_rules(page) == "filipino"
        # every button of the welcome lies in a phone's first screen
        for button in page.locator(f"{WELCOME} button").all():
            box = button.bounding_box()
            assert box and box["y"] + box["height"] <= 640 and box["x"] + box["width"] <= 360, box
        pass_welcome(page, "play")
        wait_engine(page)
        page.wait_for_selector(f"{PLAY_ROOT}[data-ready=true]", timeout=30_000)
        assert page.get_attribute(PLAY_ROOT, "data-rules") == "filipino"
        assert page.input_value("[data-testid=lang]") == "es"
        assert page.input_value("[data-testid=rules]") == "filipino"
        assert not page.errors, page.errors
    finally:
        ctx.close()


def test_learn_from_the_welcome_opens_the_lesson(server, new_page):
    ctx, page = new_page("es-ES")
    try:
        page.goto(server.url)
        wait_engine(page)
        pass_welcome(page, "learn")
        page.wait_for_function("location.hash.startsWith('#learn/cayro/lesson')")
        page.wait_for_selector("#learn-root[data-ready=true][data-target^=lesson]", timeout=30_000)
        assert page.input_value("[data-testid=mode]") == "learn"
        assert page.get_attribute("#learn-root", "data-lang") == "es"
        assert not page.errors, page.errors
    finally:
        ctx.close()


def test_score_from_the_welcome_opens_the_calculator(server, new_page):
    ctx, page = new_page("pt-PT")
    try:
        page.goto(server.url)
        pass_welcome(page, "score")           # chosen while the runtime still loads
        wait_engine(page)
        assert page.is_visible("#view-score")
        assert page.input_value("[data-testid=rules]") == "serralheiro_2003"
        assert not page.errors, page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("route, visible", [
    ("#play", "#view-play"), ("#play?rules=cayro&lang=es", "#view-play"),
    ("#learn/filipino", "#view-learn"), ("#score?rules=cayro", "#view-score")])
def test_a_link_with_a_route_goes_straight_there(server, new_page, route, visible):
    ctx, page = new_page()
    try:
        page.goto(server.url + route)
        wait_engine(page)
        assert page.is_hidden(WELCOME)
        page.wait_for_selector(visible, state="visible")
        assert not page.errors, page.errors
    finally:
        ctx.close()


def test_welcome_screenshots_in_every_language(server, new_page):
    shots = ARTIFACTS / "welcome"
    shots.mkdir(parents=True, exist_ok=True)
    for lang, locale in (("pt", "pt-PT"), ("en", "en-US"), ("es", "es-ES")):
        ctx, page = new_page(locale)
        try:
            page.goto(server.url)         # one load a language; the welcome's layout is CSS only
            page.wait_for_selector(WELCOME, state="visible")
            for width, height in ((360, 640), (390, 844), (844, 390), (1280, 800)):
                page.set_viewport_size({"width": width, "height": height})
                texts = page.eval_on_selector_all(
                    f"{WELCOME} [data-i18n]", "els => els.map(e => [e.dataset.i18n, e.textContent])")
                ui = catalogue(lang)
                assert texts and all(text == ui[key] for key, text in texts), texts
                overflow = page.evaluate("document.documentElement.scrollWidth > innerWidth")
                assert not overflow, f"{lang} {width}: the welcome is wider than the screen"
                for button in page.locator(f"{WELCOME} button, {WELCOME} input").all():
                    box = button.bounding_box()    # every choice in the first screen, no scrolling
                    assert box and box["y"] + box["height"] <= height and box["x"] + box["width"] <= width, \
                        (lang, width, height, box)
                page.screenshot(path=str(shots / f"welcome-{lang}-{width}x{height}.png"))
        finally:
            ctx.close()


def test_learn_routes_take_a_language_and_keep_their_rule_set(server, new_page):
    ctx, page = new_page("pt-PT")
    try:
        page.goto(server.url + "#learn/cayro?lang=es")
        wait_engine(page)
        page.wait_for_selector("#learn-root[data-rules=cayro][data-lang=es]", timeout=30_000)
        assert page.evaluate("document.documentElement.lang") == "es"
        assert page.is_hidden(WELCOME)
        # an unknown part after a rule set: that rule set's page, with the bad-route notice
        page.evaluate("location.hash = '#learn/filipino/nonsense'")
        page.wait_for_selector("#learn-root[data-rules=filipino]", timeout=30_000)
        page.wait_for_selector("[data-testid=learn-error]")
        # a link followed later in the same page may change the language too
        page.evaluate("location.hash = '#learn/filipino?lang=en'")
        page.wait_for_selector("#learn-root[data-rules=filipino][data-lang=en]", timeout=30_000)
        assert not page.errors, page.errors
    finally:
        ctx.close()


def test_the_address_follows_the_language_chosen(server, new_page):
    ctx, page = new_page()
    try:
        ctx.add_init_script(
            "localStorage.setItem('mahjong.table.settings', JSON.stringify({speed: 'instant'}))")
        page.goto(server.url + "#play?rules=cayro&lang=pt&seed=7")
        wait_engine(page)
        page.wait_for_selector(f"{PLAY_ROOT}[data-ready=true]", timeout=30_000)
        assert page.evaluate("document.documentElement.lang") == "pt"
        page.select_option("[data-testid=lang]", "es")
        page.wait_for_function("document.documentElement.lang === 'es'")
        hash_ = page.evaluate("location.hash")
        assert "lang=es" in hash_ and "lang=pt" not in hash_, hash_
        page.select_option("[data-testid=rules]", "filipino")
        page.wait_for_function("location.hash.includes('rules=filipino')")
        page.reload()
        wait_engine(page)
        page.wait_for_selector(f"{PLAY_ROOT}[data-ready=true][data-rules=filipino]", timeout=30_000)
        assert page.evaluate("document.documentElement.lang") == "es"
        assert not page.errors, page.errors
    finally:
        ctx.close()


def test_cjk_words_use_the_shipped_font(server, new_page):
    """The glossary's CJK words are drawn by the site's own font subset, whatever the visitor
    has installed (this machine has CJK fonts: the check is that ours is the one loaded)."""
    ctx, page = new_page()
    try:
        page.goto(server.url + "#learn/glossary")
        wait_engine(page)
        page.wait_for_selector("#learn-root[data-ready=true][data-rules=glossary]", timeout=30_000)
        page.wait_for_function("document.body.innerText.includes('麻將')")
        loaded = page.evaluate("""async () => { await document.fonts.ready;
            return [...document.fonts].filter(f => f.family.replace(/"/g, '') === 'Mahjong CJK')
                                      .map(f => f.status); }""")
        assert loaded == ["loaded"], loaded
        assert page.evaluate("document.fonts.check('16px \"Mahjong CJK\"', '麻將碰槓')")
        assert not page.errors, page.errors
    finally:
        ctx.close()
