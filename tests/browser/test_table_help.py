"""Help while playing, in every game (issue 12): the hint marks the tile and says why,
the show-waits setting is kept, "New match" asks first, and Serralheiro's exchanges name
the partner, mark the tiles received and explain a refused press. Screenshots of the hint
and the exchanges at 390x844 and 1280x800 in pt, en and es."""

from __future__ import annotations


import pytest

from site_helpers import ARTIFACTS, catalogue, fresh_storage, wait_engine

ROOT = "#play-root"
HAND_TILES = "[data-testid=hand] .hand-tile"
SETTLED = "['human', 'ended'].includes(document.getElementById('play-root').dataset.awaiting)"
ACTIONS = "Number(document.getElementById('play-root').dataset.actions)"
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
SHOTS = ARTIFACTS / "help"


@pytest.fixture(scope="module")
def ctx(browser):
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    yield context
    context.close()


@pytest.fixture()
def page(ctx, server):
    """A new page of the module's context; the context's storage (shared by its pages) is
    emptied first."""
    p = ctx.new_page()
    p.errors = []
    p.on("pageerror", lambda e: p.errors.append(str(e)))
    p.base = server.url
    fresh_storage(p, server)
    yield p
    p.close()


def open_table(page, query: str) -> None:
    page.goto("about:blank")
    page.goto(f"{page.base}#play?{query}")
    wait_engine(page)
    page.wait_for_selector(f"{ROOT}[data-ready=true]", timeout=30_000)
    page.wait_for_function(SETTLED, timeout=30_000)


def actions(page) -> int:
    return page.evaluate(ACTIONS)


def to_discard(page) -> None:
    """Pass, exchange or discard as the page offers until the human is to discard."""
    for _ in range(60):
        page.wait_for_function(SETTLED, timeout=30_000)
        if page.locator("[data-action=discard]").count():
            return
        before = actions(page)
        if page.locator("[data-action=exchange]").count():
            page.locator(HAND_TILES).nth(0).click()
            page.locator(HAND_TILES).nth(1).click()
            page.click("[data-action=exchange]")
        elif page.locator("[data-action=pass]").count():
            page.click("[data-action=pass]")
        else:
            pytest.skip("the hand ended before the human's turn")
        page.wait_for_function(f"{ACTIONS} > {before}", timeout=30_000)
    raise AssertionError("never the human's discard")


@pytest.mark.parametrize("rules,lang", [("macau_1988", "en"), ("serralheiro_2003", "pt"),
                                        ("cayro", "es"), ("filipino", "en")])
def test_hint_marks_the_tile_and_says_why_in_a_scored_game(page, rules, lang):
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        seed = 4 + (size == "desktop")   # a fresh match, not the one left at the other size
        open_table(page, f"rules={rules}&lang={lang}&speed=instant&learn=0&watch=0&seed={seed}")
        to_discard(page)
        page.click("[data-action=hint]")
        hint = page.wait_for_selector("[data-testid=hint][data-hint-type]")
        kind, tile = hint.get_attribute("data-hint-type"), hint.get_attribute("data-hint-tile")
        marked = page.locator("[data-hinted=true]")
        assert marked.count() == 1
        if kind == "discard":
            assert marked.get_attribute("data-tile") == tile
            assert "hand-tile" in marked.get_attribute("class")
            assert page.locator("[data-testid=hint-reason]").count() >= 1
        else:
            assert marked.get_attribute("data-action") == kind
        box = marked.bounding_box()   # the marked tile and the hint in view, no scrolling
        assert box and box["y"] >= 0 and box["x"] >= 0
        assert box["x"] + box["width"] <= w and box["y"] + box["height"] <= h
        panel = page.locator("[data-testid=hint]").bounding_box()
        assert panel and panel["x"] >= 0 and panel["x"] + panel["width"] <= w + 1
        assert panel["y"] >= 0 and panel["y"] + panel["height"] <= h + 1
        assert page.evaluate("document.documentElement.scrollWidth") <= w
        reasons = page.locator("[data-testid=hint-reason]").all_text_contents()
        ai = catalogue(lang, "ai")
        assert any(r in ai.values() for r in reasons) or kind != "discard"
        assert not any("reason." in r or "help." in r for r in reasons)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"hint-{rules}-{lang}-{size}.png"))
        # the hinted discard is the one made when the marked tile is pressed twice
        if kind == "discard":
            before = actions(page)
            marked.click()
            page.locator(f"{HAND_TILES}[data-index='{marked.get_attribute('data-index')}']").click()
            page.wait_for_function(f"{ACTIONS} > {before}", timeout=30_000)
            assert page.locator("[data-hinted=true]").count() == 0
    assert not page.errors, page.errors


def test_new_match_asks_first_and_cancel_keeps_the_match(page):
    open_table(page, "rules=macau_1988&lang=en&speed=instant&learn=0&watch=0&seed=6")
    to_discard(page)
    before = actions(page)
    page.click("[data-action=new-game]")
    dialog = page.wait_for_selector("[data-testid=new-game-confirm]")
    assert catalogue("en", "table")["help.new_game_title"] in dialog.text_content()
    page.click("[data-action=new-game-cancel]")
    assert page.locator("[data-testid=new-game-confirm]").count() == 0
    assert actions(page) == before
    page.click("[data-action=new-game]")
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-testid=new-game-confirm]", state="detached")
    assert actions(page) == before
    page.click("[data-action=new-game]")
    page.click("[data-action=new-game-confirm]")
    page.wait_for_function(f"{ACTIONS} < {before}", timeout=30_000)
    assert page.locator("[data-testid=new-game-confirm]").count() == 0
    assert not page.errors, page.errors


def test_show_waits_setting_is_kept(page):
    open_table(page, "rules=cayro&lang=es&speed=instant&learn=0&watch=0&seed=2")
    box = page.locator("[data-testid=show-waits]")
    assert not box.is_checked()
    box.check()
    stored = page.evaluate("JSON.parse(localStorage.getItem('mahjong.table.settings')).show_waits")
    assert stored is True
    open_table(page, "rules=cayro&lang=es&speed=instant&learn=0&watch=0")
    assert page.locator("[data-testid=show-waits]").is_checked()
    page.locator("[data-testid=show-waits]").uncheck()
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["pt", "en", "es"])
def test_trocas_name_the_partner_explain_refusals_and_mark_received(page, lang):
    table = catalogue(lang, "table")
    prompts = {table[f"help.exchange_with.{p}"] for p in ("right", "top", "left")}
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        seed = {"pt": 3, "en": 13, "es": 23}[lang] + (size == "desktop")   # a fresh match each time
        open_table(page, f"rules=serralheiro_2003&lang={lang}&speed=instant&learn=0&watch=0&seed={seed}")
        page.wait_for_selector("[data-action=exchange]")
        status = page.text_content("[data-testid=table-status]")
        assert status in prompts, status
        # the hint names the two tiles the computer would give, and marks them
        page.click("[data-action=hint]")
        page.wait_for_selector("[data-testid=hint]")
        hinted = page.locator(f"{HAND_TILES}[data-hinted=true]")
        assert hinted.count() == 2
        head = page.text_content("[data-testid=hint]")
        for tile in hinted.evaluate_all("els => els.map(e => e.dataset.tile)"):
            assert table["tile." + tile] in head
        assert table["help.hint_exchange_why"] in head
        message = "[data-testid=table-message]"
        page.click("[data-action=exchange]")
        text = page.text_content(message)
        assert "0" in text and table["help.exchange_need_two.other"].split("{count}")[1][:8] in text
        page.locator(HAND_TILES).nth(0).click()
        page.click("[data-action=exchange]")
        assert "1" in page.text_content(message)
        page.locator(HAND_TILES).nth(1).click()
        page.locator(HAND_TILES).nth(2).click()
        assert page.text_content(message) == table["help.exchange_third"]
        assert page.locator(f"{HAND_TILES}[aria-pressed=true]").count() == 2
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"trocas-prompt-{lang}-{size}.png"))
        before = actions(page)
        page.click("[data-action=exchange]")
        page.wait_for_function(f"{ACTIONS} > {before}", timeout=30_000)
        page.wait_for_selector("[data-testid=received]", timeout=30_000)
        received = page.get_attribute("[data-testid=received]", "data-tiles").split()
        assert len(received) == 2
        marked = page.locator(f"{HAND_TILES}[data-received=true]")
        assert 1 <= marked.count() <= 2
        assert all(t in received for t in marked.evaluate_all("els => els.map(e => e.dataset.tile)"))
        page.screenshot(path=str(SHOTS / f"trocas-received-{lang}-{size}.png"))
    assert not page.errors, page.errors
