"""The calculator's event delegation: a handful of JS proxies for the view's whole life,
however often it re-renders (the views' shared fake DOM, tests/unit/fake_dom.py; no browser)."""
import asyncio
import sys
import types

from fake_dom import FakeDocument, FakeElement

from mahjong_ui.calculator.events import EVENTS, Handlers


class Catalogue:
    def __init__(self, data):
        self.data = data

    def to_py(self):
        return self.data


BROWSER_MODULES = ("mahjong_ui.views.calculator", "mahjong_ui.views.calculator_form",
                   "mahjong_ui.calculator.dom", "mahjong_ui.dom")


def fake_js(monkeypatch, document):
    """A stand-in browser for this test only: ``js`` and ``pyodide.ffi`` over the shared fake
    DOM, registered for the test's duration (the view is a browser module; the pure modules of
    mahjong_ui need no stand-in)."""
    js = types.ModuleType("js")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy, ffi.to_js = (lambda fn: fn), (lambda v, **k: v)
    ffi.JsException = type("JsException", (Exception,), {})
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    for name in BROWSER_MODULES:   # imported afresh against the stand-in, dropped afterwards
        monkeypatch.delitem(sys.modules, name, raising=False)
    location = types.SimpleNamespace(hash="", href="http://x/mahjong/")

    async def load(code, domain):
        return Catalogue({})

    window = FakeElement("window", document=document)
    window.mahjongShell = types.SimpleNamespace(loadCatalogue=load)
    for name, value in (("document", document), ("location", location), ("window", window),
                        ("history", types.SimpleNamespace(replaceState=lambda *a: None)),
                        ("console", types.SimpleNamespace(error=lambda *a: None, warn=lambda *a: None))):
        monkeypatch.setattr(js, name, value, raising=False)


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
    fake_js(monkeypatch, document)
    import importlib
    view = importlib.import_module("mahjong_ui.views.calculator")
    for name in BROWSER_MODULES:   # undone after the test: later imports get the real modules
        monkeypatch.setitem(sys.modules, name, sys.modules[name])
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
