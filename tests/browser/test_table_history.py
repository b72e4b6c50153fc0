"""The hands of a table match and their replay (issue 16): the list, a hand replayed move by
move (forward, back, jump, each seat shown or hidden), shared as a link and opened in
another browser (a fresh context: another machine's storage), a damaged link told."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from site_helpers import ARTIFACTS, catalogue, wait_engine

BOOT = 180_000
ROOT = "#play-root"
LOCALES = {"pt": "pt-PT", "en": "en-US", "es": "es-ES"}


@pytest.fixture
def visit(browser, server):
    opened = []

    def go(address, lang="en", viewport=(1280, 800)):
        ctx = browser.new_context(locale=LOCALES[lang],
                                  viewport=dict(zip(("width", "height"), viewport, strict=True)))
        opened.append(ctx)
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        page.goto(server.origin + "/")
        page.evaluate("s => localStorage.setItem('mahjong.table.settings', s)",
                      json.dumps({"speed": "instant"}))
        page.goto(server.url + address)
        wait_engine(page, timeout=BOOT)
        page.wait_for_selector(f"{ROOT}[data-ready=true]", timeout=30_000)
        return page

    yield go
    for ctx in opened:
        ctx.close()


def status(page) -> tuple[int, int]:
    text = page.inner_text("[data-testid=replay-status]")
    step, steps = (int(n) for n in re.findall(r"\d+", text)[1:3])
    return step, steps


def assert_in_view(page, selectors: list[str]) -> None:
    """Each selector's element lies wholly inside the viewport (not clipped or scrolled off)."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    for selector in selectors:
        box = page.locator(selector).bounding_box()
        assert box is not None, selector
        inside = (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width
                  and box["y"] + box["height"] <= height)
        assert inside, (selector, box)


def open_history(page) -> None:
    if page.locator("[data-testid=result][data-folded=false]").count():
        page.click("[data-testid=result] [data-action=result-fold]")
    if not page.locator("[data-testid=history-open]").is_visible():
        page.click("[data-testid=table-menu]")
    page.click("[data-testid=history-open]")
    page.wait_for_selector("[data-testid=history]")


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_history_replay_and_a_shared_link(visit, lang) -> None:
    page = visit(f"#play?rules=cayro&seed=4242&watch=1&lang={lang}", lang)
    page.wait_for_selector("[data-testid=result]", timeout=60_000)   # a watched hand ends
    open_history(page)
    rows = page.locator("[data-testid=history-hand]")
    assert rows.count() == 1
    amounts = [int(x) for x in rows.first.locator("td.num").evaluate_all(
        "cells => cells.map(c => c.dataset.amount)")]
    assert sum(amounts) == 0                     # Cayro: the players pay one another
    page.screenshot(path=str(ARTIFACTS / f"table-history-{lang}.png"))
    # the match as the scorekeeper's record: the ledger settles it to the same payments
    with page.expect_download() as download:
        page.click("[data-testid=history-export]")
    record = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    from mahjong_engine.game.ledger import Ledger
    ledger = Ledger.from_json(record)
    assert len(ledger.outcomes) == 1 and sorted(ledger.balances) == sorted(amounts)
    rows.first.locator("[data-action=replay-open]").click()
    page.wait_for_selector(f"{ROOT}[data-history=replay]")
    step, steps = status(page)
    assert step == 0 and steps > 20
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.click("[data-action=replay-forward]")
    assert status(page)[0] == 3
    page.click("[data-action=replay-back]")
    assert status(page)[0] == 2
    # the others' tiles hidden until shown
    hidden_seat = page.get_attribute("[data-testid^=seat-][data-position=top]", "data-seat")
    concealed = f"[data-testid=concealed-{hidden_seat}]"
    assert page.locator(f"{concealed} [data-tile=back]").count() > 0
    page.check(f"[data-testid=replay-reveal-{hidden_seat}]")
    assert page.locator(f"{concealed} [data-tile=back]").count() == 0
    assert page.locator(f"{concealed} [data-tile]").count() > 0
    page.click("[data-action=replay-last]")
    assert status(page) == (steps, steps)
    page.wait_for_selector("[data-testid=replay-result]")
    page.screenshot(path=str(ARTIFACTS / f"table-replay-{lang}.png"))
    # at the end of the hand on a 1280 x 800 screen every part of the replay is in view: the
    # status, the result, each step button, each seat's "show" box and the share button
    # (the dock once sat in the board's flexible row, squeezed to nothing, its parts spilling
    # off the right edge and pushing the status off the top)
    assert_in_view(page, ["[data-testid=replay-status]", "[data-testid=replay-result]",
                          "[data-action=replay-first]", "[data-action=replay-last]",
                          "[data-testid=replay-share]", "[data-testid=replay-download]",
                          *(f"[data-testid=replay-reveal-{seat}]" for seat in range(4))])
    page.click("[data-testid=replay-share]")
    link = page.input_value("[data-testid=replay-link]")
    assert "#play/replay/r1." in link
    # another machine: a fresh browser context opens the link
    other = visit(link.split("/mahjong/", 1)[1], lang, viewport=(390, 844))
    other.wait_for_selector(f"{ROOT}[data-history=replay]", timeout=30_000)
    assert status(other) == (0, steps)
    other.click("[data-action=replay-last]")
    other.wait_for_selector("[data-testid=replay-result]")
    assert other.inner_text("[data-testid=replay-result]") == page.inner_text(
        "[data-testid=replay-result]")
    other.screenshot(path=str(ARTIFACTS / f"table-replay-phone-{lang}.png"))
    other.click("[data-testid=replay-close]")
    other.wait_for_selector(f"{ROOT}[data-history=none]")
    assert not page.errors and not other.errors


def test_a_damaged_replay_link_is_told_and_the_table_plays(visit) -> None:
    page = visit("#play/replay/r1.AAAAbroken", "es")
    page.wait_for_selector(f"{ROOT}[data-history=none]")
    message = page.inner_text("[data-testid=table-message]")
    expected = catalogue("es", "game")["replay.bad_link"].split("{")[0].strip()
    assert expected in message
    assert page.get_attribute(ROOT, "data-awaiting") in ("human", "computer", "ended")
    assert not page.errors
