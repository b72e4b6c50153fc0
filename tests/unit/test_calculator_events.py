"""The calculator's event delegation: a handful of JS proxies for the view's whole life,
however often it re-renders (the views' shared fake DOM, tests/unit/fake_dom.py; no browser)."""
import asyncio
import types

from fake_dom import FakeDocument, fake_browser

from mahjong_ui.calculator.events import EVENTS, Handlers


class Catalogue:
    def __init__(self, data):
        self.data = data

    def to_py(self):
        return self.data


BROWSER_MODULES = ("mahjong_ui.views.calculator", "mahjong_ui.views.calculator_form",
                   "mahjong_ui.calculator.dom", "mahjong_ui.dom")


def test_handlers_keep_only_the_current_render():
    h = Handlers()
    for _ in range(50):
        h.clear("full")
        keys = [h.add("full", lambda e: None) for _ in range(10)]
    assert len(h) == 10 and h.get(keys[0]) is not None and h.get("full1") is None and h.get(None) is None


def test_rerenders_do_not_make_new_proxies(monkeypatch):
    document = FakeDocument()
    root = document.body.appendChild(document.createElement("section"))
    root.setAttribute("id", "score-root")
    browser = fake_browser(monkeypatch, BROWSER_MODULES, document, console=lambda *a: None)

    async def load(code, domain):
        return Catalogue({})

    browser.window.mahjongShell = types.SimpleNamespace(loadCatalogue=load)
    view = browser.modules["mahjong_ui.views.calculator"]
    made = []
    monkeypatch.setattr(view, "create_proxy", lambda fn: made.append(fn) or fn)
    shell = types.SimpleNamespace(settings=lambda: {"lang": "en", "rules": "cayro", "mode": "score"},
                                  on_settings=lambda cb: None)
    calc = view.Calculator(shell)
    asyncio.run(calc.start())
    assert len(made) == len(EVENTS) + 1
    assert sorted(root.listeners) == sorted(EVENTS)

    def click(testid):
        root.querySelector(f"[data-testid={testid}]").click()   # bubbles up to the root's listener

    sizes = []
    for _ in range(5):
        click("palette-5p")
        click("calc-build-toggle")
        click("palette-2m")
        click("calc-build-toggle")
        calc.render()
        sizes.append(len(calc.handlers))
    assert calc.state.concealed == ["5p"] * 4 and calc.state.pending == ["2m"] * 4
    assert len(made) == len(EVENTS) + 1          # no proxy per control or per re-render
    assert sizes == sorted(sizes) and sizes[-1] - sizes[0] <= 3   # one callback per tile added
    for _ in range(20):                          # the Python callbacks do not pile up either
        calc.render()
        calc.render_live()
    assert len(calc.handlers) == sizes[-1]
