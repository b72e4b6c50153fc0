"""The score calculator (mode "score") and the embed widget in headless Chromium.

One page is booted for the calculator checks and reused through the URL hash; expected values
come from the engine's own command line (`python -m mahjong_engine score`) under CPython."""
from __future__ import annotations

import functools
import http.server
import json
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import quote

import pytest

from site_helpers import (ARTIFACTS, ROOT, catalogue, fresh_storage, load, module_watched_page,
                          wait_engine)

from mahjong_ui.calculator.model import from_query
from test_calculator_model import HANDS

HOSTILE = "<script>window.__pwned=1</script><img src=x onerror='window.__pwned=1'>"


@functools.cache
def cli(query: str) -> dict:
    state, errors = from_query(query)
    assert not errors
    out = subprocess.run([sys.executable, "-m", "mahjong_engine", "score"],
                         input=json.dumps(state.description()),
                         capture_output=True, text=True, cwd=ROOT / "py", check=True).stdout
    return json.loads(out)


@pytest.fixture(scope="module")
def shared(browser):
    def dialogs_are_errors(page):
        page.on("dialog", lambda d: (page.errors.append("dialog " + d.message), d.dismiss()))

    with module_watched_page(browser, dialogs_are_errors, console_errors=False) as page:
        yield page
        assert not page.errors, page.errors


@pytest.fixture
def calc(shared, server):
    """The module's page, its storage emptied, at the calculator (Cayro)."""
    fresh_storage(shared, server)
    load(shared, server.url + "#score?rules=cayro", "[data-testid=calc-palette]")
    return shared


def open_hash(page, query):
    page.evaluate("q => { location.hash = '#score?' + q; }", query)
    page.wait_for_function("q => location.hash.startsWith('#score?rules=')", arg=query)


def shown(page):
    """What the page shows of the result: status, total, items, payments."""
    return page.evaluate("""() => {
      const box = document.querySelector('[data-testid=calc-result] [data-testid=calc-outcome]');
      const total = box.querySelector('[data-testid=calc-total]');
      return {status: box.dataset.status, rules: box.dataset.rules,
              total: total ? Number(total.dataset.total) : null,
              items: [...box.querySelectorAll('[data-testid=calc-item]')]
                .map(li => [li.dataset.key, Number(li.dataset.amount)]),
              payments: Object.fromEntries([...box.querySelectorAll('[data-testid=calc-payments] li')]
                .map(li => [li.dataset.wind, Number(li.dataset.amount)]))};
    }""")


# One hand a rule set on the page (the first of each in HANDS); what the result says of every
# hand (items, names, citations, payments, grade) is checked under CPython against the same
# command line (tests/unit/test_calculator_result_text.py).
ONE_A_RULE_SET = list({q.split("&", 1)[0]: q for q in reversed(HANDS)}.values())[::-1]


def test_hands_of_every_rule_set_match_the_cli(calc):
    seen = set()
    for query in ONE_A_RULE_SET:
        expected = cli(query)
        open_hash(calc, query)
        calc.wait_for_function("r => document.querySelector("
                               "'[data-testid=calc-result] [data-testid=calc-outcome]')"
                               "?.dataset.rules === r && document.querySelector('[data-testid=calc-total]')",
                               arg=expected["rules"])
        got = shown(calc)
        assert got["status"] == "score"
        assert got["total"] == expected["total"], query
        assert got["items"] == [[i["key"], i["amount"]] for i in expected["items"]], query
        assert got["payments"] == expected.get("payments", {}), query
        # item names and citations come from the rule set's catalogue and the engine
        names = calc.eval_on_selector_all("[data-testid=calc-result] .calc-item-name",
                                          "ns => ns.map(n => n.textContent)")
        cat = catalogue("en", expected["rules"])
        assert names == [cat[f"item.{i['key']}"] for i in expected["items"]]
        cites = calc.eval_on_selector_all("[data-testid=calc-result] .calc-citation",
                                          "ns => ns.map(n => n.textContent)")
        assert cites == [i["citation"] for i in expected["items"]]
        assert calc.input_value("[data-testid=rules]") == expected["rules"]
        if "grade" in expected.get("details", {}):   # Macau: the grade, named by the catalogue
            grade = calc.locator("[data-testid=calc-result] [data-testid=calc-grade]")
            assert grade.get_attribute("data-value") == expected["details"]["grade"]
            assert grade.inner_text() == cat["grade." + expected["details"]["grade"]]
        seen.add(expected["rules"])
        # the hash round-trips: what the page writes back is the engine's canonical form
        assert calc.evaluate("location.hash") == "#score?" + query
    assert len(seen) == 4


def test_build_by_clicking_and_typing(calc):
    open_hash(calc, "rules=cayro")
    calc.wait_for_function("document.querySelectorAll('[data-testid=hand-tile]').length === 0")
    for face in ["5p", "6p", "7p", "8s", "8s", "8s", "2z", "2z"]:
        calc.click(f"[data-testid=palette-{face}]")
    assert calc.locator("[data-testid=hand-tile]").count() == 8
    calc.select_option("[data-testid=calc-win-tile]", "6p")
    # typed melds; a wrong one is refused on the spot with the catalogue's message
    calc.fill("[data-testid=calc-meld-tiles]", "235m")
    calc.click("[data-testid=calc-meld-add]")
    errors = catalogue("en", "errors")
    cayro_chow = catalogue("en", "cayro")["term.chow"]   # the set named as Cayro's sheet names it
    assert calc.inner_text("[data-testid=calc-meld-error]") == \
        errors["meld.not_a_meld"].format(kind=cayro_chow, tiles="235m")
    # a meld grouped by clicking: palette clicks go to the set being built, then declared
    calc.click("[data-testid=calc-build-toggle]")
    assert calc.get_attribute("[data-testid=calc-build-toggle]", "aria-pressed") == "true"
    for face in ["2m", "3m", "5m"]:
        calc.click(f"[data-testid=palette-{face}]")
    assert calc.locator("[data-testid=pending-tile]").count() == 3
    assert calc.locator("[data-testid=hand-tile]").count() == 8
    calc.click("[data-testid=calc-declare-chow]")
    assert calc.inner_text("[data-testid=calc-meld-error]") == \
        errors["meld.not_a_meld"].format(kind=cayro_chow, tiles="235m")
    calc.click("[data-testid=pending-tile][data-tile='5m']")
    calc.click("[data-testid=palette-4m]")
    calc.focus("[data-testid=calc-declare-chow]")
    calc.keyboard.press("Enter")
    calc.wait_for_selector("[data-testid=calc-meld][data-code=c234m]")
    assert calc.locator("[data-testid=pending-tile]").count() == 0
    assert calc.inner_text("[data-testid=calc-meld-error]") == ""
    calc.click("[data-testid=calc-build-toggle]")
    assert calc.locator("[data-testid=calc-pending]").count() == 0
    calc.select_option("[data-testid=calc-meld-kind]", "kong")
    calc.check("[data-testid=calc-meld-concealed]")
    calc.fill("[data-testid=calc-meld-tiles]", "5555m")
    calc.press("[data-testid=calc-meld-tiles]", "Enter")
    calc.click("[data-testid=palette-1f]")
    calc.click("[data-testid=palette-6f]")
    calc.select_option("[data-testid=calc-seat]", "S")
    query = "rules=cayro&c=567p888s22z&w=6p&m=c234m,K5555m&f=16f&win=discard&seat=S&round=E"
    calc.wait_for_function("q => location.hash === '#score?' + q", arg=query)
    assert shown(calc)["total"] == cli(query)["total"]
    # a fifth copy is refused on the spot
    calc.click("[data-testid=palette-8s]")
    assert calc.locator("[data-testid=hand-tile][data-tile='8s']").count() == 4
    calc.click("[data-testid=palette-8s]")
    assert calc.locator("[data-testid=hand-tile][data-tile='8s']").count() == 4
    assert calc.inner_text("[data-testid=calc-message]") == \
        errors["hand.too_many_copies"].format(tile="8s", count=5)
    # building a set refuses a fifth copy on the spot too
    calc.click("[data-testid=calc-build-toggle]")
    calc.click("[data-testid=palette-8s]")
    assert calc.locator("[data-testid=pending-tile]").count() == 0
    assert calc.inner_text("[data-testid=calc-meld-error]") == \
        errors["hand.too_many_copies"].format(tile="8s", count=5)
    calc.click("[data-testid=calc-build-toggle]")
    # clicking a tile of the hand removes it; the result says what the hand still needs
    calc.click("[data-testid=hand-tile][data-tile='8s'] >> nth=0")
    calc.click("[data-testid=hand-tile][data-tile='2z'] >> nth=0")
    calc.wait_for_selector("[data-testid=calc-result] [data-testid=calc-waits]")
    assert calc.get_attribute("[data-testid=calc-result] [data-testid=calc-waits]", "data-waits") == "2z"
    # typing notation: bad text keeps the hand and shows the message; good text replaces it
    calc.fill("[data-testid=calc-concealed]", "567p88x")
    assert calc.inner_text("[data-testid=calc-concealed-error]") == \
        errors["notation.unexpected_character"].format(char="x", column=7, position=6, text="567p88x")
    assert calc.locator("[data-testid=hand-tile]").count() == 7
    calc.fill("[data-testid=calc-concealed]", "567p888s22z")
    calc.wait_for_function("q => location.hash === '#score?' + q", arg=query)
    assert calc.inner_text("[data-testid=calc-concealed-error]") == ""
    assert shown(calc)["total"] == 42
    # compare under the four rule sets
    calc.click("[data-testid=calc-compare]")
    cols = calc.locator("[data-testid=calc-compare-table] .calc-compare-col")
    assert cols.count() == 4
    assert calc.evaluate("location.hash").endswith("&cmp=1")
    # language switch re-renders in place, nothing lost
    calc.select_option("[data-testid=lang]", "pt")
    title = json.dumps(catalogue("pt", "calculator")["title"])
    calc.wait_for_function(f"document.querySelector('.calc-title')?.textContent === {title}")
    assert calc.locator("[data-testid=hand-tile]").count() == 8
    assert calc.inner_text("[data-testid=calc-result] .calc-item-name >> nth=0") == \
        catalogue("pt", "cayro")["item.hidden_pung_simple"]
    calc.select_option("[data-testid=lang]", "en")
    calc.wait_for_function("document.documentElement.lang === 'en'")
    # after many re-renders the controls still answer (one delegated listener per event type)
    for _ in range(3):
        calc.click("[data-testid=calc-build-toggle]")
        calc.click("[data-testid=calc-build-toggle]")
    calc.click("[data-testid=calc-compare]")
    assert calc.locator("[data-testid=calc-compare-table]").count() == 0
    calc.click("[data-testid=calc-compare]")
    assert calc.evaluate("location.hash").endswith("&cmp=1")
    # the embed code names the widget with this hand
    calc.click("[data-testid=calc-embed-copy]")
    code = calc.input_value("[data-testid=calc-embed-code]")
    assert code.startswith("<iframe src=\"") and "static/embed.html?rules=cayro&amp;c=567p888s22z" in code
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    calc.screenshot(path=str(ARTIFACTS / "calculator-desktop.png"), full_page=True)
    calc.set_viewport_size({"width": 360, "height": 740})
    calc.screenshot(path=str(ARTIFACTS / "calculator-phone.png"), full_page=True)
    width = calc.evaluate("document.documentElement.scrollWidth")
    calc.set_viewport_size({"width": 1280, "height": 800})
    assert width <= 360


def test_url_reopens_exactly(calc, server):
    # (issue 15: a first-turn win has no exposed set, so both sets are concealed kongs)
    query = ("rules=serralheiro_2003&c=567p888s22z&w=6p&m=K2222m,K5555m&f=16f&win=self_drawn"
             "&seat=S&round=W&opener=N&first=1&last=1&stake=100/200")
    calc.goto(server.url + "#score?" + query)
    wait_engine(calc)
    calc.wait_for_selector("[data-testid=calc-result] [data-testid=calc-outcome]")
    assert calc.evaluate("location.hash") == "#score?" + query
    assert calc.input_value("[data-testid=calc-opener]") == "N"
    assert calc.input_value("[data-testid=calc-round]") == "W"
    assert calc.is_checked("[data-testid=calc-first-turn]")
    assert calc.is_checked("[data-testid=calc-last-tile]")
    assert calc.input_value("[data-testid=calc-stake]") == "100/200"
    assert calc.input_value("[data-testid=calc-concealed]") == "567p888s22z"
    expected = cli(query)
    assert shown(calc)["total"] == expected["total"]


def test_hostile_hash_is_text(calc):
    query = ("rules=" + quote(HOSTILE) + "&c=" + quote(HOSTILE) + "&m=" + quote("c<b>1</b>")
             + "&seat=" + "Z" * 300)
    calc.evaluate("q => { location.hash = '#score?' + q; }", query)
    calc.wait_for_selector("[data-testid=calc-message] .calc-error")
    messages = calc.inner_text("[data-testid=calc-message]")
    assert "<script>" in messages  # shown as text
    assert calc.evaluate(
        "document.querySelectorAll('#score-root script, #score-root img, #score-root b').length") == 0
    assert calc.evaluate("window.__pwned") is None
    calc.evaluate("q => { location.hash = '#score?' + q; }", "c=" + "1m" * 5000)
    calc.wait_for_function("document.querySelector('[data-testid=calc-message]').textContent.length > 0")
    assert calc.evaluate("window.__pwned") is None


class _Host:
    """A second server (another origin) serving a page that frames the widget."""

    def __init__(self, folder: Path):
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
        handler.log_message = lambda *a: None
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def test_embed_in_an_iframe_reports_height(server, browser, tmp_path):
    good = server.url + "static/embed.html?rules=cayro&hand=567p888s22z&w=6p&m=c234m,K5555m&lang=es&score=1"
    bad = (server.url + "static/embed.html?rules=" + quote(HOSTILE) + "&hand=" + quote(HOSTILE)
           + "&lang=" + quote(HOSTILE) + "&score=1")
    huge = server.url + "static/embed.html?hand=" + "9" * 20000 + "&score=1"
    (tmp_path / "host.html").write_text(f"""<!doctype html><meta charset="utf-8"><title>host</title>
<script>window.heights = {{}}; addEventListener('message', e => {{
  if (e.data && e.data.type === 'mahjong-embed-height') {{
    const f = [...document.querySelectorAll('iframe')].find(f => f.contentWindow === e.source);
    window.heights[f.id] = e.data.height; f.style.height = e.data.height + 'px'; }} }});</script>
<p>A page about Mah-Jong.</p>
<iframe id="good" src="{good}" style="width:420px;border:1px solid #ccc"></iframe>
<iframe id="bad" src="{bad}" style="width:420px;border:1px solid #ccc"></iframe>
<iframe id="huge" src="{huge}" style="width:420px;border:1px solid #ccc"></iframe>""", encoding="utf-8")
    host = _Host(tmp_path)
    ctx = browser.new_context(locale="en-US", viewport={"width": 900, "height": 1200})
    try:
        page = ctx.new_page()
        dialogs = []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.goto(host.url + "host.html")
        page.wait_for_function("window.heights.good > 100 && window.heights.bad > 0"
                               " && window.heights.huge > 0", timeout=60_000)
        # the first heights may be the tiles drawn before Python: wait for the widgets
        for name in ("good", "bad", "huge"):
            page.frame_locator(f"#{name}").locator("html:not([data-state=loading])").wait_for(
                state="attached", timeout=60_000)
        page.wait_for_function("window.heights.good > 200", timeout=10_000)
        frame = page.frame_locator("#good")
        # 8 concealed, a chow, a kong
        assert frame.locator("[data-testid=embed-hand] .calc-tile").count() == 15
        assert frame.locator("[data-testid=calc-total]").get_attribute("data-total") == str(cli(
            "rules=cayro&c=567p888s22z&w=6p&m=c234m,K5555m&win=discard&seat=E&round=E")["total"])
        es = catalogue("es", "cayro")
        assert frame.locator(".calc-item-name").first.inner_text() == es["item.hidden_pung_simple"]
        bad_frame = page.frame_locator("#bad")
        assert bad_frame.locator("[data-testid=embed-error]").count() >= 2
        assert "<script>" in bad_frame.locator("[data-testid=embed-error]").first.inner_text()
        assert bad_frame.locator("script:not([type=py]):not([type=module]), img").count() == 0
        assert page.frame_locator("#huge").locator("[data-testid=embed-error]").inner_text() == \
            catalogue("en", "calculator")["url.too_long"]
        assert page.evaluate("document.getElementById('good').getBoundingClientRect().height") > 100
        assert not dialogs
        assert page.evaluate("window.__pwned") is None
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "embed-host.png"), full_page=True)
    finally:
        ctx.close()
        host.close()


def test_macau_facts_inputs(calc):
    """Issue 15, item 16: capital in play, false win and discarder, only for Macau; the
    page shows what ``score`` gives (art. 9.º (3) liability within art. 8.º (4))."""
    query = ("rules=macau_1988&c=777z123m99p&w=7z&m=p555z,p666z&win=discard&seat=S&round=E"
             "&stake=100/200&capital=1000&disc=W")
    open_hash(calc, query)
    calc.wait_for_selector("[data-testid=calc-capital]")
    calc.wait_for_function("() => document.querySelector('[data-testid=calc-result] "
                           "[data-testid=calc-payments]')")
    assert shown(calc)["payments"] == {"E": 0, "S": 960, "W": -1000, "N": 0}
    assert calc.input_value("[data-testid=calc-discarder]") == "W"
    assert calc.get_attribute("[data-testid=calc-result] [data-testid=calc-liability]",
                              "data-value") == "big_dragons_winds"
    open_hash(calc, query.replace("&capital=1000&disc=W", "&nulo=1"))
    calc.wait_for_selector("[data-testid=calc-false-win]")
    # art. 9.º (8) at the player's price (the default reading): «fan dobrado» to the banker,
    # 4 x 100 = 400, «1 fan» to each other player, 2 x 100 = 200
    assert shown(calc)["payments"] == {"E": 400, "S": -800, "W": 200, "N": 200}
    open_hash(calc, "rules=cayro")
    calc.wait_for_function("() => !document.querySelector('[data-testid=calc-capital]')")
