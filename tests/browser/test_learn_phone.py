"""Learn on phones (issue 26): every learn route of the four rule sets (the rules page, the
lesson from its winning step to its score sheet, the exercises' list, each exercise and the
breakdown a score answer shows), the glossary and the authors' page are no wider than a
360×640 screen, and no heading, link, button or field runs past its edge; a table wider than
the screen scrolls in a region of its own that the keyboard can reach and that is named.
One context, one page load, the routes followed by the hash (Portuguese, whose words are the
longest); then the rules pages and the glossary at 390×844 in Spanish.

Before this test (commit 52f9048) the rules pages were 398 (Macau), 404 (Cayro) and 408 px
(Serralheiro) wide at 360×640: the scoring table widened the whole view."""
from __future__ import annotations

import json

from site_helpers import fresh_storage, load, watched_page

from mahjong_engine.rules import RULE_SET_KEYS
from mahjong_ui.learn.exercises import exercises

LESSON = "[data-testid=lesson]"

# The page's width, what runs past the screen's edge outside a scrolling region, and every
# element that scrolls sideways without being a focusable, named region.
MEASURE_JS = """() => {
  const W = innerWidth, cut = [], unreachable = [];
  const root = document.getElementById('learn-root');
  for (const e of root.querySelectorAll('h2, h3, h4, a, button, input, select, textarea, summary')) {
    if (!e.getClientRects().length || e.closest('[role=region][tabindex="0"]')) continue;
    const r = e.getBoundingClientRect();
    if (r.left < -1 || r.right > W + 1)
      cut.push(`${e.tagName} ${e.textContent.trim().slice(0, 30)} ${r.left}..${r.right}`);
  }
  for (const e of root.querySelectorAll('*')) {
    const x = getComputedStyle(e).overflowX;
    if ((x === 'auto' || x === 'scroll') && e.scrollWidth > e.clientWidth + 1
        && !(e.tabIndex >= 0 && e.getAttribute('role') === 'region' && e.getAttribute('aria-label')))
      unreachable.push(e.className || e.tagName);
  }
  return {width: document.documentElement.scrollWidth, screen: W, cut, unreachable};
}"""


def go(page, route: str, rules: str, target: str) -> None:
    page.evaluate(f"location.hash = {route!r}")
    page.wait_for_function(
        """([rules, target]) => { const r = document.getElementById('learn-root');
           return r.dataset.ready === 'true' && r.dataset.rules === rules
                  && r.dataset.target === target; }""", arg=[rules, target], timeout=20_000)


def check(page, where: str, found: list) -> None:
    m = page.evaluate(MEASURE_JS)
    if m["width"] > m["screen"] or m["cut"] or m["unreachable"]:
        found.append((where, m))


def finish_lesson(page) -> None:
    """From the winning step: declare the win, then finish (the score sheet shows)."""
    while page.get_attribute(LESSON, "data-done") != "true":
        step = page.get_attribute(LESSON, "data-step")
        kind = json.loads(page.get_attribute(LESSON, "data-expect"))["type"]
        page.click(f"{LESSON} [data-action={kind}]")
        page.wait_for_selector(f"{LESSON}[data-done=true]" if kind == "finish"
                               else f"{LESSON}:not([data-step='{step}'])")
    page.wait_for_selector("[data-testid=lesson-score]")


def test_every_learn_route_fits_a_phone(browser, server):
    context, page, errors = watched_page(browser, has_touch=True)
    try:
        page.set_viewport_size({"width": 360, "height": 640})
        fresh_storage(page, server)
        load(page, server.url + "#learn/macau_1988?lang=pt",
             "#learn-root[data-ready=true][data-rules=macau_1988]")
        found: list = []
        go(page, "#learn/glossary", "glossary", "")
        check(page, "glossary", found)
        go(page, "#embed", "embed", "")
        check(page, "embed", found)
        for rules in RULE_SET_KEYS:
            go(page, f"#learn/{rules}", rules, "")
            check(page, rules, found)
            go(page, f"#learn/{rules}/lesson", rules, "lesson")
            win = int(page.get_attribute(LESSON, "data-steps")) - 1
            go(page, f"#learn/{rules}/lesson/{win}", rules, f"lesson/{win}")
            check(page, f"{rules} lesson", found)
            finish_lesson(page)
            check(page, f"{rules} lesson's score sheet", found)
            go(page, f"#learn/{rules}/exercises", rules, "exercises")
            check(page, f"{rules} exercises", found)
            for ex in exercises(rules):
                go(page, f"#learn/{rules}/exercises/{ex.id}", rules, f"exercises/{ex.id}")
                check(page, f"{rules} {ex.id}", found)
                if ex.kind == "score" and page.locator("input[data-answer=total]").count():
                    page.fill("input[data-answer=total]", "1")
                    page.press("input[data-answer=total]", "Enter")
                    page.wait_for_selector("[data-testid=feedback] .ex-verdict")
                    check(page, f"{rules} {ex.id} answered", found)
        page.set_viewport_size({"width": 390, "height": 844})
        for rules in (*RULE_SET_KEYS, "glossary"):
            go(page, f"#learn/{rules}?lang=es", rules, "")
            assert page.get_attribute("#learn-root", "data-lang") == "es"
            check(page, f"390 {rules}", found)
        assert not found, found
        assert not errors, errors
    finally:
        context.close()
