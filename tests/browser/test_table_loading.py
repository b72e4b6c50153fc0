"""Play pressed before the engine is ready (issue 26): the table's shape with words over it
naming what is loading (the runtime's files, the engine, the table) and a bar that moves,
in the visitor's language from the static catalogues (Python is not running yet), until the
table is drawn; the press is kept: the table of the chosen rule set opens by itself.
The runtime's wasm is held back (``WasmHeld``) so the loading state can be looked at."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_helpers import catalogue
from test_startup import WasmHeld

SHOTS = Path("/work/shots/square26")
HAND_TILES = "[data-testid=hand] .hand-tile"
BOX = """() => {
  const box = document.getElementById('boot');
  const r = box.getBoundingClientRect();
  const sk = document.querySelector('#play-root .skeleton');
  const s = sk ? sk.getBoundingClientRect() : null;
  return { shown: r.width > 0 && getComputedStyle(box).display !== 'none',
           inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
           text: document.getElementById('boot-text').textContent,
           detail: document.getElementById('boot-detail').textContent,
           value: document.getElementById('boot-progress').value,
           engine: document.documentElement.dataset.engine,
           skeleton: !!s && s.width > 0 && s.height > 0,
           hand: document.querySelectorAll('[data-testid=hand] .hand-tile').length };
}"""
CASES = (((360, 640), "es", "filipino"), ((390, 844), "pt", "macau_1988"),
         ((844, 390), "es", "cayro"), ((1280, 800), "en", "filipino"))


@pytest.mark.parametrize("size,lang,rules", CASES,
                         ids=lambda c: f"{c[0]}x{c[1]}" if isinstance(c, tuple) else c)
def test_play_pressed_before_ready(browser, server, size, lang, rules):
    width, height = size
    ctx = browser.new_context(locale="en-US", viewport={"width": width, "height": height},
                              has_touch=width < 900, is_mobile=width < 900)
    errors: list[str] = []
    try:
        wasm = WasmHeld(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url, wait_until="domcontentloaded")    # a first visit: the welcome
        page.wait_for_selector("[data-testid=welcome]", state="visible")
        page.click(f"[data-welcome-lang={lang}]")
        page.check(f"input[name=welcome-rules][value={rules}]")
        page.click("[data-testid=welcome-play]")                 # pressed before the engine is ready
        ui = catalogue(lang)
        rule_name = ui[f"rules.{rules}"]
        held = page.evaluate(BOX)
        assert held["engine"] == "loading" and held["skeleton"], held
        assert held["shown"] and held["inside"], held
        assert held["text"] == ui["status.loading"], held
        assert held["detail"], held
        assert held["value"] < 100
        page.screenshot(path=str(SHOTS / f"loading-{lang}-{rules}-{width}x{height}.png"))
        wasm.release()
        texts = {ui["status.loading"], ui["status.starting"],
                 ui["status.table"].replace("{rules}", rule_name)}
        samples = []
        for _ in range(600):
            state = page.evaluate(BOX)
            if state["hand"]:
                break
            samples.append(state)
            # until the table is drawn, the box says what is loading, with its bar
            assert state["shown"], state
            assert state["text"] in texts, state
            page.wait_for_timeout(100)
        else:
            pytest.fail("the table never opened")
        done = page.evaluate(BOX)
        assert not done["shown"], done                            # gone once the table is drawn
        # the press was kept: the chosen rule set's table, in play mode, the welcome gone
        assert page.evaluate("document.documentElement.dataset.mode") == "play"
        assert page.evaluate("document.documentElement.dataset.rules") == rules
        assert page.locator("[data-testid=welcome]").is_hidden()
        assert page.locator(HAND_TILES).count() >= 13
        assert not errors, errors
    finally:
        ctx.close()
