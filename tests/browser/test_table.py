"""The table (issue 6) in headless Chromium: a whole hand per rule set driven from the page,
watch mode, language switch and reload mid-hand, a corrupted saved game, keyboard play, a
360 px phone. One page for the module; computer players at the "instant" speed."""

from __future__ import annotations

import json

import pytest

from site_helpers import ARTIFACTS, catalogue, fresh_storage, module_watched_page, pass_welcome, wait_engine

from mahjong_ui.table.controller import TableController

RULES = ("macau_1988", "filipino", "serralheiro_2003", "cayro")
ROOT = "#play-root"
HAND_TILES = "[data-testid=hand] .hand-tile"
STATE_JS = """() => { const r = document.getElementById('play-root');
  return { awaiting: r.dataset.awaiting, phase: r.dataset.phase, actions: Number(r.dataset.actions),
           hand: r.dataset.hand, rules: r.dataset.rules,
           buttons: [...r.querySelectorAll('[data-action]')].map(b => b.dataset.action),
           tiles: [...r.querySelectorAll('[data-testid=hand] [data-tile]')].map(t => t.dataset.tile) }; }"""
SETTLED = "['human', 'ended'].includes(document.getElementById('play-root').dataset.awaiting)"


def table_catalogue(lang):
    return catalogue(lang, "table")


@pytest.fixture(scope="module")
def shared(browser):
    def instant(page):
        # on the site's pages only (about:blank, between tests, has no storage)
        page.context.add_init_script(
            "if (location.pathname.startsWith('/mahjong/')) localStorage.setItem("
            "'mahjong.table.settings', JSON.stringify({speed: 'instant'}))")

    with module_watched_page(browser, instant, console_errors=False) as page:
        yield page


@pytest.fixture
def table(shared, server):
    """The module's page, its storage emptied, past the welcome to the table; the computer
    players at the "instant" speed."""
    fresh_storage(shared, server)
    shared.goto(server.url)
    wait_engine(shared)
    pass_welcome(shared)
    shared.wait_for_selector(f"{ROOT}[data-ready=true]", timeout=30_000)
    return shared


def state(page):
    page.wait_for_function(SETTLED, timeout=30_000)
    return page.evaluate(STATE_JS)


def fold_result(page):
    """Fold the end-of-hand dialog ("look at the table") so the table's controls are free."""
    if page.locator("[data-testid=result][data-folded=false]").count():
        page.click("[data-testid=result] [data-action=result-fold]")
        page.wait_for_selector("[data-testid=result][data-folded=true]")


def new_game(page, rules=None):
    fold_result(page)
    if rules and page.get_attribute(ROOT, "data-rules") != rules:
        page.select_option("[data-testid=rules]", rules)
        page.wait_for_selector(f"{ROOT}[data-rules={rules}]")
    page.click("[data-action=new-game]")
    page.click("[data-action=new-game-confirm]")
    return state(page)


def move(page, s):
    """One move for the human seat, from what the page offers."""
    buttons = s["buttons"]
    if "win" in buttons:
        page.click("[data-action=win]")
    elif "exchange" in buttons:
        page.locator(HAND_TILES).nth(0).click()
        page.locator(HAND_TILES).nth(1).click()
        page.click("[data-action=exchange]")
    elif "discard" in buttons:
        page.locator(HAND_TILES).last.click()       # select the drawn tile (or the last)
        page.locator(HAND_TILES).last.click()       # click again: discard
    elif "pass" in buttons:
        page.click("[data-action=pass]")
    else:
        raise AssertionError(f"no move offered: {s}")


def play_hand(page, limit=300):
    for _ in range(limit):
        s = state(page)
        if s["awaiting"] == "ended":
            return
        before = s["actions"]
        move(page, s)
        page.wait_for_function(f"Number(document.getElementById('play-root').dataset.actions) > {before}"
                               f" || document.getElementById('play-root').dataset.awaiting === 'ended'")
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("rules", RULES)
def test_whole_hand_from_the_page(table, rules):
    new_game(table, rules)
    play_hand(table)
    sheet = table.locator("[data-testid=score-sheet]")
    sheet.wait_for()
    total = sheet.get_attribute("data-total")
    # the sheet's total is the engine's for this hand: the saved game replayed under CPython
    saved = TableController.from_json(json.loads(table.evaluate(
        "localStorage.getItem('mahjong.table.game')")))
    assert saved.state.ended
    assert total is not None and float(total) == float(saved.model()["result"]["total"])
    assert table.locator("[data-action=next]").count() + table.locator(".tbl-over").count() >= 1
    assert not table.errors, table.errors
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    table.screenshot(path=str(ARTIFACTS / f"table-{rules}-score-desktop.png"), full_page=True)
    if table.locator("[data-action=next]").count():
        table.click("[data-action=next]")
        table.wait_for_selector(f"{ROOT}[data-hand='2']")
        assert state(table)["hand"] == "2", "Next deals the match's second hand"


def test_watch_mode_whole_hand(table):
    new_game(table, "macau_1988")
    table.check("[data-testid=watch]")
    table.wait_for_selector(f"{ROOT}[data-watch=true]")
    table.wait_for_selector("[data-testid=score-sheet]", timeout=30_000)
    assert table.locator("[data-testid=hand]").count() == 0
    table.screenshot(path=str(ARTIFACTS / "table-watch-desktop.png"), full_page=True)
    fold_result(table)
    table.uncheck("[data-testid=watch]")
    table.wait_for_selector(f"{ROOT}[data-watch=false]")


def test_language_switch_mid_hand(table):
    s = new_game(table, "serralheiro_2003")
    move(table, s)
    s = state(table)
    if "hint" in s["buttons"]:
        table.click("[data-action=hint]")
        table.wait_for_selector("[data-testid=hint]")
    table.select_option("[data-testid=lang]", "pt")
    table.wait_for_function("document.documentElement.lang === 'pt'")
    status_pt = set(table_catalogue("pt").values())
    table.wait_for_function("(t) => t.includes("
                            "document.querySelector('[data-testid=table-status]').textContent)",
                            arg=list(status_pt))
    after = state(table)
    assert (after["tiles"], after["actions"], after["hand"]) == (s["tiles"], s["actions"], s["hand"])
    assert table.text_content("[data-action=new-game]") == table_catalogue("pt")["table.new_game"]
    label = table.get_attribute(f"{HAND_TILES} >> nth=0", "aria-label")
    assert label in status_pt
    table.select_option("[data-testid=lang]", "en")
    table.wait_for_function("document.documentElement.lang === 'en'")


def test_reload_mid_hand_resumes(table):
    s = new_game(table, "cayro")
    for _ in range(3):
        move(table, s)
        s = state(table)
        if s["awaiting"] == "ended":
            break
    table.reload()
    wait_engine(table)
    table.wait_for_selector(f"{ROOT}[data-ready=true]")
    after = state(table)
    assert (after["tiles"], after["actions"], after["rules"]) == (s["tiles"], s["actions"], "cayro")
    assert table.text_content("[data-testid=table-message]") == table_catalogue("en")["table.resumed"]


def test_changing_rule_set_parks_the_match(table):
    """Choosing another rule set mid-hand loses nothing: the match is put aside and
    resumes, at the same position, when its rule set is chosen again."""
    s = new_game(table, "serralheiro_2003")
    for _ in range(2):
        move(table, s)
        s = state(table)
    table.select_option("[data-testid=rules]", "filipino")
    table.wait_for_selector(f"{ROOT}[data-rules=filipino]")
    other = state(table)
    move(table, other)
    table.select_option("[data-testid=rules]", "serralheiro_2003")
    table.wait_for_selector(f"{ROOT}[data-rules=serralheiro_2003]")
    back = state(table)
    assert (back["tiles"], back["actions"]) == (s["tiles"], s["actions"])
    assert table.text_content("[data-testid=table-message]") == table_catalogue("en")["table.resumed"]
    # and the Filipino match is still there after a reload, a step further on
    table.select_option("[data-testid=rules]", "filipino")
    table.wait_for_selector(f"{ROOT}[data-rules=filipino]")
    assert state(table)["actions"] > other["actions"]


@pytest.mark.parametrize("saved, reason", [
    ("{not json", "record.corrupted"),
    (json.dumps({"format": 0, "rules": "cayro"}), "record.bad_version")])
def test_bad_saved_game_is_set_aside(table, saved, reason):
    table.evaluate("(v) => localStorage.setItem('mahjong.table.game', v)", saved)
    table.reload()
    wait_engine(table)
    table.wait_for_selector(f"{ROOT}[data-ready=true]")
    message = table.text_content("[data-testid=table-message]")
    expected = table_catalogue("en")["table.set_aside"].replace("{reason}", catalogue("en", "game")[reason])
    assert message == expected
    aside = table.evaluate("Object.keys(localStorage).filter(k => k.startsWith('mahjong.table.aside.'))"
                           ".sort().map(k => localStorage.getItem(k))")
    assert aside[-1] == saved
    assert table.locator(HAND_TILES).count() >= 13
    assert not table.errors, table.errors


def test_keyboard_only_turns(table):
    s = new_game(table, "macau_1988")
    turns = 0
    for _ in range(40):
        s = state(table)
        if s["awaiting"] == "ended" or turns >= 3:
            break
        before = s["actions"]
        if "win" in s["buttons"]:
            table.keyboard.press("m")
        elif "discard" in s["buttons"]:
            table.focus(f"{HAND_TILES}[tabindex='0']")
            table.keyboard.press("ArrowLeft")
            table.keyboard.press("ArrowRight")
            focused = table.evaluate("document.activeElement.classList.contains('hand-tile')")
            assert focused, "arrows keep the focus on a tile"
            table.keyboard.press("Enter")
            turns += 1
        else:
            table.keyboard.press("Escape")
        table.wait_for_function(f"Number(document.getElementById('play-root').dataset.actions) > {before}")
    assert turns >= 1


def test_phone_shows_whole_hand(table):
    table.set_viewport_size({"width": 360, "height": 740})
    try:
        table.click("[data-testid=menu]")           # the header's choices and the table's
        table.click("[data-testid=table-menu]")     # settings fold away on a phone
        s = new_game(table, "filipino")
        boxes = table.eval_on_selector_all(HAND_TILES, "ts => ts.map(t => t.getBoundingClientRect().right)")
        assert len(boxes) >= 16 and max(boxes) <= 360, boxes
        assert table.evaluate("document.documentElement.scrollWidth") <= 360
        # Filipino deals 16 tiles (17 to the Mano); the visitor has not moved yet.
        assert s["rules"] == "filipino" and len(s["tiles"]) in (16, 17), s
        assert len(boxes) == len(s["tiles"])
        # the open settings say what the chosen level does, and follow the choice
        ai = catalogue("en", "ai")
        about = "[data-testid=level-about]"
        assert table.is_visible(about) and table.inner_text(about) == ai["level.about.normal"]
        table.select_option("[data-testid=level]", "strong")
        table.wait_for_function("document.querySelector('[data-testid=level-about]').textContent"
                                f" === {json.dumps(ai['level.about.strong'])}")
        assert table.evaluate("document.documentElement.scrollWidth") <= 360
        table.screenshot(path=str(ARTIFACTS / "table-phone.png"), full_page=True)
    finally:
        table.set_viewport_size({"width": 1280, "height": 800})
    # a wide screen keeps the settings on one line: the same words are the select's tooltip
    assert not table.is_visible("[data-testid=level-about]")
    assert table.get_attribute("[data-testid=level]", "title") == catalogue("en", "ai")["level.about.strong"]
    table.select_option("[data-testid=level]", "normal")
    table.screenshot(path=str(ARTIFACTS / "table-desktop.png"), full_page=True)
