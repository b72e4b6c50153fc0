"""Issue 30, item 7: the fatal cases of the report, each on its surface in real Chromium:
a short replay link to deeply nested JSON and one with fields of the wrong type at boot,
a deeply nested saved game, a kept match stored with ``limit: null`` or deep nesting.
Each now gives a message in the visitor's language and a working page, the stored item
left or set aside, never a Pyodide fatal error."""
from __future__ import annotations

import base64
import json
import zlib

import pytest

from mahjong_engine.game import GameConfig, GameState, save_hand
from mahjong_engine.game.replay import LINK_PREFIX, encode_replay
from site_helpers import (ARTIFACTS, FULL_FROM_THE_START, catalogue, human_move, slots, store,
                          stored, wait_engine)

BOOT = 180_000
ROOT = "#play-root"
READY = f"{ROOT}[data-ready=true]"
GAME = "mahjong.table.game"
KEEP = "mahjong.keep"
LOCALES = {"pt": "pt-PT", "en": "en-US", "es": "es-ES"}
DEEP = "[" * 100_000 + "]" * 100_000


def packed(raw: str) -> str:
    body = base64.urlsafe_b64encode(zlib.compress(raw.encode("utf-8"), 9)).decode("ascii")
    return LINK_PREFIX + body.rstrip("=")


@pytest.fixture
def visit(browser, server):
    """A fresh context: ``storage`` written in the site's origin, then ``address`` opened;
    ``ready`` is the selector that says the page works."""
    opened = []

    def go(address, lang="en", storage=None, ready=READY):
        ctx = browser.new_context(locale=LOCALES[lang], viewport={"width": 390, "height": 844})
        opened.append(ctx)
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        page.on("console", lambda m: m.type == "error" and "Maximum call stack" in m.text
                and page.errors.append(m.text))
        store(page, server, storage)
        page.goto(server.url + address)
        wait_engine(page, timeout=BOOT)
        page.wait_for_selector(ready, timeout=60_000)
        return page

    yield go
    for ctx in opened:
        ctx.close()


def game_text(lang: str, key: str) -> str:
    return catalogue(lang, "game")[key]


def assert_table_plays(page) -> None:
    page.wait_for_selector(f"{ROOT}[data-history=none]")
    page.wait_for_function(
        "['human', 'computer', 'ended'].includes(document.getElementById('play-root')"
        ".dataset.awaiting)", timeout=30_000)
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang, kind", [("pt", "deep"), ("en", "types")])
def test_a_bad_replay_link_at_boot_is_told_and_the_table_plays(visit, lang, kind):
    if kind == "deep":
        link, reason = packed("[" * 200_000), "replay.too_deep"
    else:
        record = save_hand(GameState(GameConfig("macau_1988", seed=3)))
        record["config"]["seed"] = [1]
        link, reason = encode_replay(json.loads(json.dumps(record))), "replay.bad_fields"
    assert len(link) < 300 or kind == "types"
    page = visit(f"#play/replay/{link}", lang)
    assert_table_plays(page)
    message = page.inner_text("[data-testid=table-message]")
    assert game_text(lang, reason) in message
    assert game_text(lang, "replay.bad_link").split("{")[0].strip() in message
    assert game_text(lang, "record.corrupted") not in message
    assert not slots(page, "mahjong.table.aside.")
    page.screenshot(path=str(ARTIFACTS / f"bad-replay-{kind}-{lang}.png"))


def test_a_deeply_nested_save_is_set_aside_and_a_new_game_plays(visit):
    raw = '{"format": 2, "kind": "mahjong.table", "match": ' + DEEP + "}"
    page = visit("#play", "es", {GAME: raw})
    assert_table_plays(page)
    assert [text for _, text in slots(page, "mahjong.table.aside.")] == [raw]
    assert "apartado" in page.inner_text("[data-testid=table-message]")
    assert json.loads(stored(page, GAME))["format"] == 2


@pytest.mark.parametrize("raw", [
    json.dumps({"rules": "serralheiro_2003", "players": ["A", "B", "C", "D"],
                "options": {"limit": None},
                "hands": [{"winner": 0, "win": "self_drawn", "concealed": "123m456p789s234s55p",
                           "win_tile": "5p", "melds": []}]}),
    json.dumps({"rules": "filipino", "players": ["A", "B", "C", "D"],
                "options": {"jai_alai_target": 0}, "hands": [{"draw": True}]}),
    DEEP,
])
def test_a_bad_kept_match_leaves_keep_score_working(visit, raw):
    page = visit("#keep", "en", {KEEP: raw}, ready="[data-testid=keep-setup]")
    notice = page.inner_text("[data-testid=keep-notice]")
    assert notice == catalogue("en", "keep")["storage.unreadable"]
    assert stored(page, KEEP) == raw    # kept, not dropped
    assert not page.errors, page.errors


def test_set_aside_is_said_only_once_the_copy_is_written(visit, browser, server):
    """A full storage: the unreadable save cannot be copied aside, so the message says it
    stays where it was; once the storage takes the copy, it says it was set aside."""
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    try:
        ctx.add_init_script(FULL_FROM_THE_START)
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        store(page, server, {GAME: "[1,2]"})
        page.goto(server.url + "#play?rules=cayro")
        wait_engine(page, timeout=BOOT)
        page.wait_for_selector(READY, timeout=60_000)
        table = catalogue("en", "table")
        reason = game_text("en", "record.corrupted")
        message = page.inner_text("[data-testid=table-message]")
        assert message == table["table.aside_failed"].replace("{reason}", reason)
        assert stored(page, GAME) == "[1,2]"
        page.evaluate("window.__full = false")
        human_move(page)
        page.wait_for_selector("[data-testid=save-failed]", state="detached")
        assert [text for _, text in slots(page, "mahjong.table.aside.")] == ["[1,2]"]
        assert "refused" not in page.inner_text("[data-testid=table-message]")
        assert not page.errors, page.errors
    finally:
        ctx.close()
