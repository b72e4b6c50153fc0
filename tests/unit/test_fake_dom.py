"""The fake DOM the views' unit tests share (tests/unit/fake_dom.py) does what they rely on."""

from __future__ import annotations

import pytest
from fake_dom import FakeDocument, root

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


def test_nodes_built_one_by_one_as_the_element_helper_does():
    doc = FakeDocument()
    box = doc.body.appendChild(doc.createElement("section"))
    box.setAttribute("id", "score-root")
    box.className = "calc is-open"
    svg = box.appendChild(doc.createElementNS("http://www.w3.org/2000/svg", "svg"))
    box.appendChild(doc.createTextNode(" · "))
    field = box.appendChild(doc.createElement("input"))
    field.value, field.checked = "12", True
    assert doc.getElementById("score-root") is box and doc.getElementById("nothing") is None
    assert doc.querySelector(".is-open") is box and box.classList.contains("calc")
    assert box.querySelector("svg") is svg and box.hasAttribute("class")
    assert box.textContent == " · " and (field.value, field.checked) == ("12", True)
    other = doc.body.appendChild(doc.createElement("div"))
    other.appendChild(svg)                        # moved, not copied
    assert svg.parent is other and box.querySelector("svg") is None
    box.replaceChildren(doc.createElement("p"))
    assert [c.tagName for c in box.children] == ["P"] and field.parent is None
    other.remove()
    assert doc.querySelector("svg") is None


def test_events_bubble_from_the_target_to_each_listener_on_the_way():
    doc = FakeDocument()
    node = doc.body.appendChild(doc.createElement("div"))
    node.innerHTML = '<ul data-on-click="k1"><li><button type="button">x</button></li></ul>'
    seen = []

    def at_root(event):
        seen.append(("root", event.target.tagName, event.currentTarget is node,
                     event.target.closest("[data-on-click]").getAttribute("data-on-click")))
        event.preventDefault()

    node.addEventListener("click", at_root)
    doc.body.addEventListener("click", lambda event: seen.append(("body", event.currentTarget is doc.body)))
    doc.body.addEventListener("keydown", lambda event: seen.append(("key", event.key)))
    event = node.querySelector("button").click()
    assert seen == [("root", "BUTTON", True, "k1"), ("body", True)] and event.defaultPrevented
    node.querySelector("li").dispatch("keydown", key="Enter")
    assert seen[-1] == ("key", "Enter")
    node.removeEventListener("click", at_root)
    node.querySelector("li").click()
    assert seen[-1] == ("body", True) and len(seen) == 4


def test_descendant_chains_insert_before_and_replace_with():
    node = root('<section data-testid="exercise"><h3>A</h3></section><h3>B</h3>'
                '<ul class="x"><li><p>in</p></li></ul>')
    assert [h.textContent for h in node.querySelectorAll("[data-testid=exercise] h3")] == ["A"]
    assert node.querySelector("ul.x p").textContent == "in" and node.querySelector("section p") is None
    assert node.querySelector("#root ul li p") is node.querySelector("p")
    first = node.children[0]
    new = node.insertBefore(FakeDocument().createElement("nav"), first)
    assert node.children[0] is new and new.parent is node
    first.replaceWith(FakeDocument().createElement("aside"))
    assert [c.tagName for c in node.children[:3]] == ["NAV", "ASIDE", "H3"] and first.parent is None
