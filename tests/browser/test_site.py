"""The built site in headless Chromium: boot, languages, origin, offline, failure."""

from __future__ import annotations

import re

import pytest

from site_helpers import ARGS, ARTIFACTS, CHROMIUM, LANGS, catalogue, pass_welcome, wait_engine

# Visible strings allowed to read the same in every language: the brand and the language names
# (each written in its own language, as language switches do).
SAME_IN_ALL_LANGUAGES = {"Mah-Jong", "Português", "English", "Español"}
TILE_NOTATION = re.compile(r"^(?:[0-9]+[mpszf])+$")

VISIBLE_TEXT_JS = """
() => {
  // The views (table, learn, calculator) fill these with text from their own catalogue domains.
  const VIEW_ROOTS = "#play-root, #learn-root, #score-root";
  const visible = (el) => el && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (!text) continue;
    const el = node.parentElement;
    if (el.closest("script, style, noscript, template")) continue;
    if (el.closest(VIEW_ROOTS)) continue;  // each view's own tests check its languages
    const option = el.closest("option");
    const shown = option ? visible(option.closest("select")) : visible(el);
    if (shown) out.push({ text, key: el.closest("[data-i18n]")?.dataset.i18n || null, tag: el.tagName });
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], img[alt]")) {
    if (!visible(el) || el.closest(VIEW_ROOTS)) continue;
    for (const attr of ["aria-label", "title", "placeholder", "alt"]) {
      const value = (el.getAttribute(attr) || "").trim();
      if (value) out.push({ text: value, key: null, tag: el.tagName + "@" + attr });
    }
  }
  return out;
}
"""


def visible_texts(page):
    return page.evaluate(VISIBLE_TEXT_JS)


def choose_language(page, lang):
    page.select_option("[data-testid=lang]", lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")


def test_boots_from_subpath_without_leaving_origin(server, context, page):
    page.goto(server.url)
    wait_engine(page)
    pass_welcome(page)
    rec = context.recorder
    foreign = [u for u in rec.requests if not u.startswith(server.origin + "/") and not u.startswith("data:")]
    assert not foreign, f"requests left the origin: {foreign}"
    assert all(u.startswith(server.url) for u in rec.requests if u.startswith("http")), \
        "a request escaped /mahjong/"
    assert not rec.page_errors, rec.page_errors
    assert page.is_visible("[data-testid=rules]") and page.is_visible("[data-testid=mode]")
    assert page.locator("#boot-error").is_hidden()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "shell-ready.png"))


def test_shell_paints_before_python(server, context):
    """The shell is visible while the runtime is still loading (wasm held back)."""
    held = []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page = context.new_page()
    page.goto(server.url)
    page.wait_for_selector("[data-testid=welcome]", state="visible")   # a first visit: the welcome
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"
    assert page.is_visible("#boot progress")
    page.wait_for_function("document.getElementById('boot-text').textContent.length > 0")
    for route in held:
        route.abort()


def test_every_visible_string_switches_language(server, site_page):
    page = site_page                    # the module's page, its storage emptied
    page.goto(server.url)
    wait_engine(page)
    pass_welcome(page)
    # the table drawn: until then the loading box names its stage (a template with the rule set)
    page.wait_for_selector("html[data-table=drawn]", state="attached")
    seen = {}
    for lang in LANGS:
        choose_language(page, lang)
        values = set(catalogue(lang).values())
        texts = visible_texts(page)
        assert texts, "nothing visible"
        untranslated = [t for t in texts if t["text"] not in values
                        and t["text"] not in SAME_IN_ALL_LANGUAGES and not TILE_NOTATION.match(t["text"])]
        assert not untranslated, f"{lang}: strings not from the {lang} catalogue: {untranslated}"
        assert page.title() == catalogue(lang)["app.title"]
        seen[lang] = [t["text"] for t in texts]
    # the same elements in every language, and no string left the same in all three
    assert len({len(v) for v in seen.values()}) == 1, {k: len(v) for k, v in seen.items()}
    for pt, en, es in zip(seen["pt"], seen["en"], seen["es"], strict=True):
        if pt == en == es:
            assert pt in SAME_IN_ALL_LANGUAGES or TILE_NOTATION.match(pt), f"not translated: {pt!r}"
    # remembered across a reload
    page.reload()
    wait_engine(page)
    assert page.evaluate("document.documentElement.lang") == "es"
    assert page.input_value("[data-testid=lang]") == "es"


@pytest.mark.parametrize("locale, expected", [("pt-BR", "pt"), ("es-AR", "es"), ("de-DE", "en")])
def test_default_language_follows_browser(server, browser, locale, expected):
    ctx = browser.new_context(locale=locale)
    try:
        page = ctx.new_page()
        page.goto(server.url)
        page.wait_for_function(f"document.documentElement.lang === '{expected}'")
        assert page.text_content("[data-i18n='rules.label']") == catalogue(expected)["rules.label"]
    finally:
        ctx.close()


def test_rules_and_mode_choices(server, site_page):
    page = site_page                    # the module's page, its storage emptied
    page.goto(server.url)
    wait_engine(page)
    pass_welcome(page)
    rules = page.eval_on_selector_all("[data-testid=rules] option", "os => os.map(o => o.value)")
    modes = page.eval_on_selector_all("[data-testid=mode] option", "os => os.map(o => o.value)")
    assert rules == ["macau_1988", "filipino", "serralheiro_2003", "cayro"]
    assert modes == ["play", "learn", "score", "keep"]
    page.select_option("[data-testid=rules]", "cayro")
    page.select_option("[data-testid=mode]", "score")
    page.reload()
    wait_engine(page)
    assert page.input_value("[data-testid=rules]") == "cayro"
    assert page.input_value("[data-testid=mode]") == "score"


def test_corrupt_settings_do_not_break_the_page(server, context):
    context.add_init_script("try { localStorage.setItem('mahjong.settings', '{not json') } catch (e) {}")
    page = context.recorder.watch(context.new_page())
    page.goto(server.url)
    wait_engine(page)
    assert not context.recorder.page_errors


def test_failed_runtime_download_shows_translated_error_and_retry(server, browser):
    ctx = browser.new_context(locale="pt-PT")
    try:
        ctx.route("**/pyodide.asm.wasm", lambda route: route.abort())
        page = ctx.new_page()
        page.goto(server.url)
        wait_engine(page, "error")
        pass_welcome(page)
        pt = catalogue("pt")
        message = page.inner_text("#boot-error-text")
        assert message in {v for k, v in pt.items() if k.startswith("error.")}, message
        retry = page.locator("[data-testid=retry]")
        assert retry.is_visible() and retry.inner_text() == pt["error.retry"]
        assert page.is_visible("[data-testid=lang]")  # the shell stays usable
        # the message follows a language change too
        choose_language(page, "es")
        assert page.inner_text("[data-testid=retry]") == catalogue("es")["error.retry"]
        assert page.inner_text("#boot-error-text") in set(catalogue("es").values())
        # retry reloads; with the network back the game starts
        ctx.unroute("**/pyodide.asm.wasm")
        retry.click()
        wait_engine(page)
    finally:
        ctx.close()


def test_offline_reload_boots_from_service_worker(own_server, playwright_instance, tmp_path):
    """After one visit, with the server stopped, a reload boots again (persistent profile)."""
    ctx = playwright_instance.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=ARGS, locale="en-US")
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto(own_server.url)
        wait_engine(page)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        caches = page.evaluate("caches.keys()")
        assert len([c for c in caches if c.startswith("mahjong-")]) == 1, caches
        own_server.stop()
        page.reload()
        wait_engine(page)
        page.goto(own_server.url + "index.html")
        wait_engine(page)
        assert page.evaluate("document.documentElement.lang") == "en"
    finally:
        ctx.close()
