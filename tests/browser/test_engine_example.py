"""The example page for rule-explanation authors (issue 14): a plain PyScript page installs the
engine wheel the site publishes (dist/app/wheels/) with micropip and scores a hand, with the same
result as the engine under CPython."""

from __future__ import annotations

import mahjong_engine
from site_helpers import wait_engine

HAND = {"rules": "cayro", "concealed": "567p888s22z", "win_tile": "6p",
        "melds": [{"kind": "chow", "tiles": "234m"}, {"kind": "pung", "tiles": "777m"}]}


def test_example_page_installs_the_engine_with_micropip_and_scores(server, context, page):
    page.goto(server.url + "static/examples/micropip.html")
    wait_engine(page)
    out = page.locator("[data-testid=example-result]")
    expected = mahjong_engine.score(HAND).to_json()
    assert out.get_attribute("data-total") == str(expected["total"])
    assert out.get_attribute("data-version") == mahjong_engine.__version__
    text = out.inner_text()
    for item in expected["items"]:
        assert item["citation"] in text
    wheels = [url for url in context.recorder.requests if url.endswith(".whl")]
    assert any("/app/wheels/mahjong_engine-" in url for url in wheels)
    assert not any("mahjong_app" in url for url in wheels)  # the engine alone, not the page's code
    assert all(url.startswith(server.origin) for url in context.recorder.requests)
    assert context.recorder.page_errors == [] and context.recorder.console_errors == []
