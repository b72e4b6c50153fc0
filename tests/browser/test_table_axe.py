"""axe-core (npm, pinned in pyproject.toml and fetched by build.py; injected into the page
under test, never served by the site) on the table, mid-hand and on a hand's result, at
390 and 1280 wide (issue 26): no serious or critical violation."""

from __future__ import annotations

import tarfile
from functools import cache

import pytest

from site_helpers import ROOT as REPO, fresh_storage, wait_engine

AXE = REPO / ".cache" / "npm" / "axe-core-4.10.3.tgz"
SETTLED = "['human', 'ended'].includes(document.getElementById('play-root').dataset.awaiting)"


@cache
def axe_source() -> str:
    with tarfile.open(AXE) as tar:
        member = tar.extractfile("package/axe.min.js")
        assert member is not None
        return member.read().decode("utf-8")


def serious(page) -> list[dict]:
    page.add_script_tag(content=axe_source())
    found = page.evaluate("""async () => {
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
    }""")
    return [v for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.skipif(not AXE.exists(), reason="axe-core not fetched (python3 build.py fetches it)")
@pytest.mark.parametrize("size", ((390, 844), (1280, 800)), ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rules,lang", (("macau_1988", "pt"), ("cayro", "es")))
def test_no_serious_violation_on_the_table(browser, server, size, rules, lang):
    width, height = size
    touch = width < 900
    ctx = browser.new_context(locale="en-US", viewport={"width": width, "height": height},
                              has_touch=touch, is_mobile=touch, bypass_csp=True)
    page = ctx.new_page()
    try:
        fresh_storage(page, server)
        page.goto(f"{server.url}#play?rules={rules}&lang={lang}&speed=instant&seed=1")
        wait_engine(page)
        page.wait_for_selector("#play-root[data-ready=true]", timeout=30_000)
        page.wait_for_function(SETTLED, timeout=30_000)
        found = serious(page)
        assert not found, ("mid-hand", found)
        # a hand's result: a watched hand played out
        page.goto("about:blank")
        page.goto(f"{server.url}#play?rules={rules}&lang={lang}&speed=instant&watch=1&seed=1")
        wait_engine(page)
        page.wait_for_selector("[data-testid=result]", timeout=60_000)
        found = serious(page)
        assert not found, ("result", found)
    finally:
        ctx.close()
