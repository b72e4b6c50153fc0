"""The result of a hand as a dialog over the table (issue 12), in headless Chromium: for each
rule set, hands played out in watch mode (banker wins, a Macau liability, losers'
differences) at 360×640, 390×844, 844×390 and 1280×800. The winner line and Next lie inside
the viewport; the winning hand, the items (citations linked to the rules page), the formula
and the payments follow in that order in one scroll region (issue 26) that brings every
payment row into view; the formula's arithmetic holds line by line and
ends on the total; the payment rows are the engine's payments for the same seed (computed
here under CPython); folding the dialog shows the table."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from site_helpers import ARTIFACTS, ROOT as REPO, fresh_storage, module_watched_page, wait_engine

ROOT = "#play-root"
SIZES = ((360, 640), (390, 844), (844, 390), (1280, 800))
SHOTS = Path("/work/shots/table26")
# (rules, seed, lang): seeds whose watched hand ends in a win of the kind named
CASES = (
    ("macau_1988", 1, "en"),         # the banker (East) wins: everyone pays the banker's price
    ("macau_1988", 12, "pt"),        # a discarder is liable (art. 9.º) and pays the others' shares
    ("filipino", 3, "es"),           # the Mano wins: markers, capped at 3
    ("serralheiro_2003", 3, "pt"),   # the banker wins: the ×2 is its own line (note 10)
    ("serralheiro_2003", 1, "en"),   # another wins; the banker pays double; losers' differences
    ("cayro", 2, "es"),              # East wins; losers settle their differences
    ("cayro", 1, "en"),
)
GEOMETRY_JS = """() => {
  const box = sel => { const e = document.querySelector(sel); if (!e) return null;
    const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const dialog = document.querySelector('[data-testid=result]');
  // the elements inside the dialog that scroll (one: the body between head and actions)
  const scrolling = [...dialog.querySelectorAll('*')].filter((e) => {
    const s = getComputedStyle(e);
    return ['auto', 'scroll'].includes(s.overflowY) && e.scrollHeight > e.clientHeight + 1; });
  // every payment row brought into view by scrolling the body alone
  const body = dialog.querySelector('.res-body');
  const rows = [...dialog.querySelectorAll('[data-testid=payments] > li')].map((row) => {
    row.scrollIntoView({block: 'nearest'});
    const r = row.getBoundingClientRect(), b = body.getBoundingClientRect();
    return r.top >= b.top - 1 && r.bottom <= b.bottom + 1 && r.bottom <= innerHeight + .5; });
  body.scrollTop = 0;
  const order = ['winning-hand', 'items', 'formula', 'payments']
    .map((id) => dialog.querySelector(`[data-testid=${id}]`))
    .filter(Boolean);
  const inOrder = order.every((e, i) => i === 0
    || (order[i - 1].compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING));
  return { winner: box('[data-testid=result] [data-testid=result-winner]'),
           next: box('[data-testid=result] [data-action=next]'),
           scrolling: scrolling.map((e) => e.className), rows, parts: order.length, inOrder,
           width: innerWidth, height: innerHeight,
           scrollWidth: document.documentElement.scrollWidth };
}"""
LINKS_JS = """() => [...document.querySelectorAll('[data-testid=result] .res-cite')]
  .map((e) => [e.tagName, e.getAttribute('href') || '', e.dataset.entry || ''])"""


@pytest.fixture(scope="module")
def shared(browser, server):
    with module_watched_page(browser, base=server.url, console_errors=False) as page:
        yield page


@pytest.fixture
def table(shared, server):
    """The module's page, its storage emptied (each test opens its own address)."""
    fresh_storage(shared, server)
    return shared


EXPECTED = """
import json, sys
from mahjong_ui.table.controller import TableController
c = TableController(sys.argv[1], seed=int(sys.argv[2]), watch=True)
while c.awaiting() == "computer":
    c.step()
print(json.dumps(c.model()["result"]))
"""


def expected(rules: str, seed: int) -> dict:
    """The engine's result of the same watched hand, under CPython (its own process)."""
    env = {**os.environ, "PYTHONPATH": str(REPO / "py")}
    out = subprocess.run([sys.executable, "-c", EXPECTED, rules, str(seed)], env=env,
                         capture_output=True, text=True, check=True, timeout=120)
    return json.loads(out.stdout)


def open_result(page, rules, seed, lang):
    page.goto("about:blank")
    page.goto(f"{page.base}#play?rules={rules}&lang={lang}&speed=instant&watch=1&seed={seed}")
    wait_engine(page)
    page.wait_for_selector(f"{ROOT}[data-ready=true]", timeout=30_000)
    page.wait_for_selector("[data-testid=result]", timeout=60_000)


def check_formula(lines: list[str]) -> None:
    """Each line's arithmetic, as shown: a + b + … = s; p × 2^d = v; b × 2 = v."""
    for text in lines:
        found = re.search(r"((?:\d+ \+ )+\d+) = (\d+)", text)
        if found:
            assert sum(int(x) for x in found.group(1).split(" + ")) == int(found.group(2)), text
        found = re.search(r"(\d+) × 2\^(\d+) = (\d+)", text)
        if found:
            p, d, v = map(int, found.groups())
            assert p * 2 ** d == v, text
        found = re.search(r"(\d+) × 2 = (\d+)", text)
        if found:
            assert 2 * int(found.group(1)) == int(found.group(2)), text


def inside(box, width, height) -> bool:
    return (box is not None and box["top"] >= -0.5 and box["left"] >= -0.5
            and box["bottom"] <= height + 0.5 and box["right"] <= width + 0.5)


@pytest.mark.parametrize("rules, seed, lang", CASES)
def test_result_dialog_adds_up_and_fits(table, rules, seed, lang):
    want = expected(rules, seed)
    assert want["winner"] is not None
    open_result(table, rules, seed, lang)
    dialog = table.locator("[data-testid=result]")
    total = dialog.get_attribute("data-total")
    assert float(total) == float(want["total"])
    assert table.get_attribute("[data-testid=score-sheet]", "data-total") == total

    # the formula: every line adds up, and one line ends on the total
    steps = table.locator("[data-testid=formula] > li")
    lines = steps.all_text_contents()
    values = [float(v) for v in steps.evaluate_all("els => els.map(e => e.dataset.value)")]
    assert lines and float(total) in values, (lines, total)
    check_formula(lines)
    record = want["record"]
    assert values == [float(s["value"]) for s in record["score"]["steps"]]

    # the payments: one row per seat, the engine's amounts, summing to minus the commission
    rows = table.locator("[data-testid=payments] > li")
    assert rows.count() == 4
    seats = [int(s) for s in rows.evaluate_all("els => els.map(e => e.dataset.seat)")]
    amounts = [int(s) for s in rows.evaluate_all("els => els.map(e => e.dataset.amount)")]
    assert seats == [0, 1, 2, 3]
    if want["unit"] == "markers":
        assert amounts == record["markers"]
        assert sum(amounts) == int(want["total"])
    else:
        assert amounts == record["payments"]
        assert sum(amounts) == -record["commission"]
        # every transfer is worded under its payer, and they add up to the row
        for seat, wind in enumerate("ESWN"):
            paid = sum(t["amount"] for t in record["transfers"] if t["payer"] == wind)
            got = sum(t["amount"] for t in record["transfers"] if t["payee"] == wind)
            assert got - paid == amounts[seat]
    if want["liable"] is not None:
        assert any(t["reason"] == "liable" for t in record["transfers"])
        assert "9.º" in table.text_content("[data-testid=payments]")
    if record.get("losers"):
        losers = table.locator("[data-testid=losers] .res-loser")
        assert losers.count() == 3
        shown = [int(v) for v in losers.evaluate_all("els => els.map(e => e.dataset.value)")]
        assert shown == [x["value"] for x in record["losers"] if x is not None]

    # every citation a link to the rules page: the item's own entry where the page has one
    from mahjong_ui.table.score_sheet import entry_keys
    links = table.evaluate(LINKS_JS)
    assert links, "no citation shown"
    for tag, href, entry in links:
        assert tag == "A" and href.startswith(f"#learn/{rules}/scoring"), (tag, href)
        if entry in entry_keys(rules):
            assert href == f"#learn/{rules}/scoring/{entry}"

    # at every size: the winner line and Next in view; the winning hand, the items, the
    # formula and the payments in that order in ONE scroll region that brings every
    # payment row into view; no sideways scroll
    try:
        for width, height in SIZES:
            table.set_viewport_size({"width": width, "height": height})
            table.wait_for_timeout(50)
            g = table.evaluate(GEOMETRY_JS)
            for part in ("winner", "next"):
                assert inside(g[part], width, height), (width, height, part, g[part])
            assert g["parts"] == 4 and g["inOrder"], g
            assert len(g["scrolling"]) <= 1 and all("res-body" in c for c in g["scrolling"]), g
            assert len(g["rows"]) == 4 and all(g["rows"]), g
            assert g["scrollWidth"] <= width, (width, g["scrollWidth"])
            name = f"result-{rules}-{seed}-{lang}-{width}x{height}.png"
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            table.screenshot(path=str(ARTIFACTS / name))
            if SHOTS.parent.is_dir():
                SHOTS.mkdir(exist_ok=True)
                shutil.copy(ARTIFACTS / name, SHOTS / name)
    finally:
        table.set_viewport_size({"width": 1280, "height": 800})

    # "look at the table": the dialog folds to a bar; the table's controls are reachable
    table.click("[data-testid=result] [data-action=result-fold]")
    table.wait_for_selector("[data-testid=result][data-folded=true]")
    assert table.locator("[data-testid=formula]").count() == 0
    table.click("[data-testid=watch]", trial=True)          # not covered by the dialog
    if rules == "cayro":
        table.set_viewport_size({"width": 390, "height": 844})
        name = f"result-folded-{rules}-{lang}-390x844.png"
        table.screenshot(path=str(ARTIFACTS / name))
        if SHOTS.parent.is_dir():
            shutil.copy(ARTIFACTS / name, SHOTS / name)
        table.set_viewport_size({"width": 1280, "height": 800})
    table.click("[data-testid=result] [data-action=result-fold]")
    table.wait_for_selector("[data-testid=result][data-folded=false]")

    # the match scoreboard from the dialog
    table.click("[data-testid=result] [data-action=result-board]")
    table.wait_for_function("""() => { const r = document.getElementById('res-board').getBoundingClientRect();
        return r.top >= 0 && r.top < innerHeight; }""")

    # Next hand from the dialog
    table.click("[data-testid=result] [data-action=next]")
    table.wait_for_function("document.getElementById('play-root').dataset.hand === '2'")
    assert not table.errors, table.errors


def test_calculator_words_the_same_arithmetic(table):
    # Serralheiro, East wins on a discard: 20 + 8 + 4 + 2 = 34 points (§10 b), × 2^1 for the
    # dragon set (§10 c) = 68, the banker's hand × 2 (note 10) = 136; each loser pays 136.
    table.goto("about:blank")
    table.goto(f"{table.base}#score?rules=serralheiro_2003&c=234m567p888s555z11z&w=1z"
               "&win=discard&seat=E&round=E&lang=en")
    wait_engine(table)
    table.wait_for_selector("#score-root [data-testid=calc-formula]", timeout=30_000)
    box = table.locator("#score-root [data-testid=calc-outcome]").first
    lines = box.locator("[data-testid=calc-formula] > li").all_text_contents()
    assert lines == ["Points: 20 + 8 + 4 + 2 = 34", "34 × 2^1 = 68",
                     "Banker's hand × 2: 68 × 2 = 136"]
    check_formula(lines)
    rows = box.locator("[data-testid=calc-payments] > li")
    assert rows.evaluate_all("els => els.map(e => [e.dataset.wind, Number(e.dataset.amount)])") == [
        ["E", 408], ["S", -136], ["W", -136], ["N", -136]]
    assert "68 × 2" in rows.nth(1).text_content()
    assert not table.errors, table.errors
