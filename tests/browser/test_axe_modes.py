"""axe-core 4.10.3 (npm, fetched by build.py, injected into the page under test and never
served by the site: see test_table_axe.py) on every mode but the table (test_table_axe.py):
the welcome, learn (a rules page, a lesson, the exercises and an answered exercise), the
glossary (and a search), the calculator, keep score, the authors' page (``#embed``) and the
embed widgets (static/embed.html: a hand, an exercise, a replayed hand), at 390 and 1280 wide
(issue 26): no serious or critical violation, and each widget has its one heading. One context
a width: the site's page loaded once, every mode reached by its address's hash; then each
widget's page."""
from __future__ import annotations

import pytest

from site_helpers import fresh_storage, pass_welcome, wait_engine

from mahjong_ui.embed_examples import EXAMPLE_REPLAY
from test_table_axe import AXE, axe_source

RUN_JS = """async () => {
  const r = await axe.run(document, { resultTypes: ['violations'] });
  return r.violations.map((v) => ({ id: v.id, impact: v.impact,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}"""

# (name, address hash, selector shown once the page is drawn)
ROUTES = (
    ("learn: rules page", "#learn/cayro", "#learn-root[data-ready=true][data-rules=cayro][data-target='']"),
    ("learn: lesson", "#learn/filipino/lesson/3", "[data-testid=lesson][data-rules=filipino][data-step='3']"),
    ("learn: exercises", "#learn/macau_1988/exercises", "[data-testid=exercise-list]"),
    ("learn: an exercise", "#learn/cayro/exercises/score-1",
     "[data-testid=exercise][data-rules=cayro][data-id=score-1]"),
    ("glossary", "#learn/glossary", "#learn-root[data-rules=glossary] [data-testid=glossary-query]"),
    ("calculator", "#score?rules=cayro", "[data-testid=calc-palette]"),
    ("keep", "#keep", "[data-testid=keep-setup], [data-testid=keep-form]"),
    ("embed: authors' page", "#embed", "#learn-root[data-ready=true][data-rules=embed]"),
)
# the replay widget draws the table's board (a size container), given its height by embed.css
WIDGETS = {
    "embed widget: hand": "rules=cayro&hand=567p888s22z&w=6p&m=c234m,K5555m&score=1&lang=pt",
    "embed widget: exercise": "rules=macau_1988&exercise=score-2&lang=en",
    "embed widget: replay": f"replay={EXAMPLE_REPLAY}&start=20&lang=es",
}


def audit(page, name: str, report: dict) -> None:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=axe_source())
    report[name] = page.evaluate(RUN_JS)


def grave(report: dict) -> dict:
    return {name: [v for v in found if v["impact"] in ("serious", "critical")]
            for name, found in report.items()
            if any(v["impact"] in ("serious", "critical") for v in found)}


@pytest.mark.skipif(not AXE.exists(), reason="axe-core not fetched (python3 build.py fetches it)")
@pytest.mark.parametrize("size", ((390, 844), (1280, 800)), ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_serious_violation_on_any_mode(browser, server, size):
    width, height = size
    touch = width < 900
    ctx = browser.new_context(locale="en-US", viewport={"width": width, "height": height},
                              has_touch=touch, is_mobile=touch, bypass_csp=True)
    page = ctx.new_page()
    report: dict[str, list] = {}
    try:
        fresh_storage(page, server)
        page.goto(server.url)                     # a first visit: the welcome
        wait_engine(page)
        page.wait_for_selector("[data-testid=welcome]", state="visible")
        audit(page, "welcome", report)
        pass_welcome(page, "learn")
        for name, route, ready in ROUTES:
            page.evaluate(f"location.hash = {route!r}")
            page.wait_for_selector(ready, timeout=20_000)
            audit(page, name, report)
            if name == "learn: an exercise":      # the answer's breakdown table
                page.fill("input[data-answer=total]", "1")
                page.press("input[data-answer=total]", "Enter")
                page.wait_for_selector("[data-testid=feedback] [data-testid=score-items]")
                audit(page, "learn: an answered exercise", report)
            if name == "glossary":
                page.fill("[data-testid=glossary-query]", "xyzzy")
                page.wait_for_selector("[data-testid=glossary-empty]", state="visible")
                audit(page, "glossary: nothing found", report)
        for name, query in WIDGETS.items():
            page.goto(server.url + "static/embed.html?" + query)
            page.wait_for_function("document.documentElement.dataset.state === 'ready'",
                                   timeout=60_000)
            audit(page, name, report)
            assert page.locator("h1").count() == 1, name
        print(f"\naxe-core at {width}x{height}:")
        for name, found in report.items():
            print(f"  {name}: " + (", ".join(f"{v['id']} ({v['impact']})" for v in found) or "none"))
        assert not grave(report), grave(report)
        assert not [(name, v["id"]) for name, found in report.items() for v in found
                    if name.startswith("embed") and v["id"] in ("page-has-heading-one", "heading-order")]
    finally:
        ctx.close()
