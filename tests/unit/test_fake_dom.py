"""The fake DOM the views' unit tests share (tests/unit/fake_dom.py) does what they rely on."""

from __future__ import annotations

import pytest
from fake_dom import root

HTML = ('<div class="tbl-head"><button type="button" class="btn" data-action="hint">Hint</button>'
        '<p data-testid="table-message" hidden>Saved &amp; kept</p></div>'
        '<div class="hand"><button class="hand-tile" data-index="0" tabindex="0"><svg><use href="#t"></use>'
        '</svg></button><button class="hand-tile is-sel" data-index="1" tabindex="-1"></button></div>'
        '<input type="checkbox" data-control="watch"><br>')


def test_selectors_find_what_the_browser_finds():
    node = root(HTML)
    assert node.querySelector('[data-action="hint"]').textContent == "Hint"
    assert node.querySelector("[data-testid=table-message]").textContent == "Saved & kept"
    assert node.querySelector('.hand-tile[tabindex="0"]').getAttribute("data-index") == "0"
    assert [t.getAttribute("data-index") for t in node.querySelectorAll(".hand-tile")] == ["0", "1"]
    assert node.querySelector("button.is-sel[data-index='1']") is not None
    assert node.querySelector("input[data-control=watch]") is not None    # a void element
    assert node.querySelector("#root") is None and node.matches("#root")
    with pytest.raises(ValueError):
        node.querySelector("div > p")


def test_closest_contains_focus_and_dataset():
    node = root(HTML)
    use = node.querySelector("use")
    tile = use.closest("[data-action], .hand-tile")
    assert tile.getAttribute("data-index") == "0" and node.contains(use)
    tile.focus()
    assert node.document.activeElement is tile
    node.dataset.ready = "true"
    assert node.getAttribute("data-ready") == "true" and node.dataset.ready == "true"
    node.innerHTML = "<p>new</p>"
    assert not node.contains(tile) and node.textContent == "new"
