"""A shared replay (issue 26) at 360x640, 390x844, 844x390 and 1280x800, for a Cayro and a
Filipino hand: it names its rule set; "Back to the table" returns to the visitor's own
table (his saved game) or, for a visitor who came by the link with nothing of his own, to a
table of the replay's rule set; the link's Copy button copies (Clipboard API) or, without
one, selects the link, and says which; every control of the hands list is in view."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_helpers import catalogue, fresh_storage, wait_engine
from test_table_square import SETTLED, open_table, play_turns

from mahjong_ui.table.controller import TableController
from mahjong_ui.table.replay import ReplayTable

SHOTS = Path("/work/shots/square26")
SIZES = ((360, 640), (390, 844), (844, 390), (1280, 800))
# the replayed hand's rule set, the visitor's own, his language
CASES = (("cayro", "filipino", "es"), ("filipino", "macau_1988", "pt"))
NO_CLIPBOARD = "Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });"
# each control brought into view (scrolling up or down is allowed, sideways is not) lies
# wholly inside the screen
INSIDE = """(sel) => [...document.querySelectorAll(sel)].filter((el) => el.getClientRects().length)
  .map((el) => { el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
                 const r = el.getBoundingClientRect();
                 return r.left >= -.5 && r.right <= innerWidth + .5 && r.top >= -.5
                   && r.bottom <= innerHeight + .5; })"""


def replay_link(rules: str) -> str:
    c = TableController(rules, seed=3, watch=True)
    while c.awaiting() == "computer":
        c.step()
    return ReplayTable.of_match(c.match.to_json(), 0).link()


LINKS = {rules: replay_link(rules) for rules, _, _ in CASES}


def table(browser, size, clipboard=True):
    width, height = size
    ctx = browser.new_context(locale="en-US", viewport={"width": width, "height": height},
                              has_touch=width < 900, is_mobile=width < 900)
    if clipboard:
        ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    else:
        ctx.add_init_script(NO_CLIPBOARD)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return ctx, page


def choose_language(page, lang):
    """The header's language chosen (a link's ``lang=`` is not remembered)."""
    page.evaluate("""(lang) => { const select = document.getElementById('lang');
        select.value = lang === 'en' ? 'pt' : 'en'; select.dispatchEvent(new Event('change'));
        select.value = lang; select.dispatchEvent(new Event('change')); }""", lang)
    page.wait_for_function(SETTLED, timeout=30_000)


def open_replay(page, rules):
    page.goto("about:blank")
    page.goto(f"{page.base}#play/replay/{LINKS[rules]}")
    wait_engine(page)
    page.wait_for_selector("[data-testid=replay-close]", timeout=30_000)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_shared_replay(browser, server, size):
    width, height = size
    ctx, page = table(browser, size)
    page.base = server.url
    try:
        for rules, own, lang in CASES:
            words = catalogue(lang, "table")
            name = catalogue(lang, rules)["name"]
            fresh_storage(page, server)
            open_table(page, f"rules={own}&lang={lang}&speed=instant&seed=13")
            choose_language(page, lang)
            play_turns(page, 2)
            hand = page.get_attribute("#play-root", "data-hand")
            tiles = page.eval_on_selector_all("[data-testid=hand] .hand-tile",
                                              "ts => ts.map(t => t.dataset.tile)")
            open_replay(page, rules)
            said = page.text_content("[data-testid=replay-rules]")
            assert said == words["replay.rules"].replace("{name}", name)
            page.click("[data-testid=replay-share]")
            page.wait_for_selector("[data-testid=replay-copy]")
            assert all(page.evaluate(INSIDE, "[data-testid=replay-copy], [data-testid=replay-link]"))
            page.click("[data-testid=replay-copy]")
            page.wait_for_selector("[data-testid=replay-copied][data-result=copied]")
            assert page.text_content("[data-testid=replay-copied]") == words["replay.copied"]
            link = page.input_value("[data-testid=replay-link]")
            assert page.evaluate("navigator.clipboard.readText()") == link
            assert link.endswith("#play/replay/" + LINKS[rules])
            page.screenshot(path=str(SHOTS / f"replay-{rules}-{lang}-{width}x{height}.png"))
            # back: the visitor's own table, his match as he left it
            page.click("[data-testid=replay-close]")
            page.wait_for_function(SETTLED, timeout=30_000)
            assert page.evaluate("document.documentElement.dataset.rules") == own
            assert page.get_attribute("#play-root", "data-hand") == hand
            assert page.eval_on_selector_all("[data-testid=hand] .hand-tile",
                                             "ts => ts.map(t => t.dataset.tile)") == tiles
            # a visitor who came by the link alone: back to a table of the replay's rule set
            fresh_storage(page, server)
            open_replay(page, rules)
            assert page.get_attribute("[data-testid=replay-rules]", "data-rules") == rules
            page.click("[data-testid=replay-close]")
            page.wait_for_function(f"document.documentElement.dataset.rules === '{rules}'", timeout=30_000)
            page.wait_for_selector("#play-root[data-history=none] [data-testid=hand] .hand-tile",
                                   timeout=30_000)
        assert not page.errors, page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("size", ((360, 640), (1280, 800)), ids=lambda s: f"{s[0]}x{s[1]}")
def test_copy_without_the_clipboard_api_selects_the_link(browser, server, size):
    ctx, page = table(browser, size, clipboard=False)
    page.base = server.url
    try:
        fresh_storage(page, server)
        open_replay(page, "cayro")
        page.click("[data-testid=replay-share]")
        page.click("[data-testid=replay-copy]")
        page.wait_for_selector("[data-testid=replay-copied][data-result=selected]")
        told = page.text_content("[data-testid=replay-copied]")
        assert told == catalogue("en", "table")["replay.copy_selected"]
        selected = page.evaluate("""() => { const f = document.activeElement;
            return f && f.dataset.testid === 'replay-link'
              && f.selectionStart === 0 && f.selectionEnd === f.value.length; }""")
        assert selected
        assert not page.errors, page.errors
    finally:
        ctx.close()


@pytest.mark.parametrize("rules", ("cayro", "filipino"))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_hands_list_controls_in_view(browser, server, size, rules):
    width, height = size
    ctx, page = table(browser, size)
    page.base = server.url
    try:
        fresh_storage(page, server)
        page.goto(f"{server.url}#play?rules={rules}&lang=es&speed=instant&watch=1&seed=5")
        wait_engine(page)
        page.wait_for_selector("[data-testid=result]", timeout=60_000)     # two hands booked
        number = page.get_attribute("#play-root", "data-hand")
        page.click("[data-testid=result] [data-action=next]")
        page.wait_for_function(f"document.getElementById('play-root').dataset.hand !== '{number}'")
        page.wait_for_selector("[data-testid=result]", timeout=60_000)
        page.click("[data-testid=result] [data-action=result-fold]")        # the table seen again
        if page.locator("[data-testid=table-menu]").is_visible():
            page.click("[data-testid=table-menu]")
        page.click("[data-testid=history-open]")
        page.wait_for_selector("[data-testid=history-hand]")
        controls = "[data-testid=history] button, [data-testid=history] label.btn"
        assert page.locator("[data-testid=history-hand]").count() >= 2
        shown = page.evaluate(INSIDE, controls)
        assert shown and all(shown), shown
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width
        assert page.evaluate("[...document.querySelectorAll('[data-testid=history] *')]"
                             ".every((el) => el.scrollLeft === 0)")
        page.screenshot(path=str(SHOTS / f"hands-list-{rules}-{width}x{height}.png"))
        assert not page.errors, page.errors
    finally:
        ctx.close()
