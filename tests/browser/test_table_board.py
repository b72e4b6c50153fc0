"""The table as a board (issue 12) in headless Chromium, at 360x640, 390x844, 844x390 and
1280x800, in all four rule sets: the hand (one row) and the actions lie inside the
viewport with no scrolling; each opponent's backs equal the tiles he hides and each pond
holds every discard of its seat, in order, both checked against the game itself (the
saved game replayed by the engine under CPython, not the DOM)."""

from __future__ import annotations

import json

import pytest

from site_helpers import ARTIFACTS, BOARD_GEOMETRY, fresh_storage, pages_by_size, stored, wait_engine

from mahjong_engine.game import Match, action_from_json

RULES = ("macau_1988", "filipino", "serralheiro_2003", "cayro")
SIZES = ((360, 640), (390, 844), (844, 390), (1280, 800))
ROOT = "#play-root"
HAND_TILES = "[data-testid=hand] .hand-tile"
SETTLED = "['human', 'ended'].includes(document.getElementById('play-root').dataset.awaiting)"


@pytest.fixture(scope="module")
def shared_pages(browser, server):
    """One phone-like (touch) or desktop page per size, opened once for the module."""
    with pages_by_size(browser, server) as get:
        yield get


@pytest.fixture
def pages(shared_pages, server):
    """The module's page of a size, its storage emptied the first time a test asks for it."""
    emptied = set()

    def get(size):
        page = shared_pages(size)
        if size not in emptied:
            fresh_storage(page, server)
            emptied.add(size)
        return page

    return get


def open_table(page, query):
    page.goto("about:blank")
    page.goto(f"{page.base}#play?{query}")
    wait_engine(page)
    page.wait_for_selector(f"{ROOT}[data-ready=true]", timeout=30_000)
    page.wait_for_function(SETTLED, timeout=30_000)


def buttons(page):
    page.wait_for_function(SETTLED, timeout=30_000)
    return page.eval_on_selector_all(f"{ROOT} .tbl-actions [data-action]",
                                     "bs => bs.map(b => b.dataset.action)")


def play_turns(page, turns):
    """The human discards his drawn tile (passes every claim) for ``turns`` turns."""
    for _ in range(turns):
        offered = buttons(page)
        if page.get_attribute(ROOT, "data-awaiting") == "ended":
            return
        before = int(page.get_attribute(ROOT, "data-actions"))
        if "exchange" in offered:
            page.locator(HAND_TILES).nth(0).click()
            page.locator(HAND_TILES).nth(1).click()
            page.click("[data-action=exchange]")
        elif "discard" in offered:
            page.locator(HAND_TILES).last.click()
            page.locator(HAND_TILES).last.click()
        elif "pass" in offered:
            page.click("[data-action=pass]")
        else:
            return
        page.wait_for_function(f"Number(document.getElementById('play-root').dataset.actions) > {before}"
                               " || document.getElementById('play-root').dataset.awaiting === 'ended'")


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_board_fits_and_matches_the_game(pages, rules, size):
    page = pages(size)
    width, height = size
    for seed in (11, 12, 13, 14):       # a seed whose hand is still on after some turns
        open_table(page, f"rules={rules}&lang=en&speed=instant&seed={seed}")
        play_turns(page, 5)
        buttons(page)
        got = page.evaluate(BOARD_GEOMETRY)
        if got["awaiting"] != "ended":
            break
    assert got["awaiting"] != "ended"
    # the game itself: the saved game replayed by the engine
    saved = json.loads(stored(page, "mahjong.table.game"))
    assert not saved["booked"]
    match = Match.from_json(saved["match"])
    game = match.new_hand()
    for item in saved["current"]:
        game.apply(action_from_json(item))
    assert len(game.log) == got["actions"]
    human = saved["seating"].index(0)          # the visitor is player 0
    for n in range(4):
        shown = got["perSeat"][n]
        if n != human:
            assert shown["backs"] == len(game.hands[n]), (n, shown)
        else:
            assert shown["backs"] == 0
        assert shown["melds"]
        records = [r for r in game.records if r.seat == n]
        assert shown["pond"] == [r.tile.notation for r in records], (n, shown["pond"])
        assert shown["claimed"] == [r.claimed_by is not None for r in records]
    assert sum(len(s["pond"]) for s in got["perSeat"]) >= 4
    # every region has its own name (no four areas all called "Discards")
    assert len({s["pondLabel"] for s in got["perSeat"]}) == 4
    assert len({s["label"] for s in got["perSeat"]}) == 4
    # one screen: the whole hand and every action inside the viewport, nothing scrolls
    assert got["hand"] == len(game.hands[human]) >= 13
    assert got["tilesInside"] == got["hand"], got
    assert got["buttons"] and got["buttonsInside"] == len(got["buttons"]), got
    # one row while each tile can be 24 px wide (40 beside a landscape square), else two
    assert len(got["tileTops"]) <= 2, got["tileTops"]
    assert not got["scrolls"], got
    # the keyboard legend only where a fine pointer (a keyboard) is likely
    assert got["keysShown"] == (width >= 900)
    print(f"\n{rules} {width}x{height}: {got['hand']} hand tiles, narrowest {got['handTile']:.1f}"
          f"x{got['tileHeight']:.1f} px")
    assert got["handTile"] >= 16 and got["tileHeight"] >= 24
    assert not page.errors, page.errors
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"board-{rules}-{width}x{height}.png"))


@pytest.mark.parametrize("size", ((360, 640), (844, 390)), ids=lambda s: f"{s[0]}x{s[1]}")
def test_menus_fold_on_small_screens(pages, size):
    page = pages(size)
    open_table(page, "rules=cayro&lang=es&speed=instant&seed=3")
    assert not page.is_visible("[data-testid=rules]")
    assert not page.is_visible("[data-testid=speed]")
    page.click("[data-testid=menu]")
    assert page.is_visible("[data-testid=rules]") and page.is_visible("[data-testid=lang]")
    page.click("[data-testid=menu]")
    assert not page.is_visible("[data-testid=rules]")
    page.click("[data-testid=table-menu]")
    page.wait_for_selector("[data-testid=speed]", state="visible")
    assert page.get_attribute("[data-testid=table-menu]", "aria-expanded") == "true"
    page.click("[data-testid=table-menu]")
    page.wait_for_selector("[data-testid=speed]", state="hidden")
