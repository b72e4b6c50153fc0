"""The calculator's event delegation: a handful of JS proxies for the view's whole life,
however often it re-renders (a minimal stand-in DOM; no browser)."""
import asyncio
import sys
import types

from mahjong_ui.calculator.events import EVENTS, Handlers


class Node:
    def __init__(self, tag="div"):
        self.tag, self.attrs, self.children, self.parent = tag, {}, [], None
        self.listeners, self.value, self.checked, self.textContent, self.className = {}, "", False, "", ""

    def setAttribute(self, name, value):
        self.attrs[name] = value

    def getAttribute(self, name):
        return self.attrs.get(name)

    def appendChild(self, child):
        child.parent = self
        self.children.append(child)
        return child

    def replaceChildren(self):
        self.children = []

    def addEventListener(self, kind, fn):
        self.listeners.setdefault(kind, []).append(fn)

    def closest(self, selector):
        name = selector.strip("[]")
        node = self
        while node is not None and name not in node.attrs:
            node = node.parent
        return node

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()

    def focus(self):
        pass


class Catalogue:
    def __init__(self, data):
        self.data = data

    def to_py(self):
        return self.data


BROWSER_MODULES = ("mahjong_ui.views.calculator", "mahjong_ui.views.calculator_form",
                   "mahjong_ui.calculator.dom", "mahjong_ui.dom")


def fake_js(monkeypatch, root):
    """A stand-in browser for this test only: ``js`` and ``pyodide.ffi`` with a minimal DOM,
    registered for the test's duration (the view is a browser module; the pure modules of
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
    document = types.SimpleNamespace(
        createElement=Node, createElementNS=lambda ns, tag: Node(tag), activeElement=None,
        getElementById=lambda i: root if i == "score-root" else None, querySelector=lambda s: None)

    async def load(code, domain):
        return Catalogue({})

    window = Node("window")
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
    root = Node()
    fake_js(monkeypatch, root)
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
        node = next(n for n in root.walk() if n.attrs.get("data-testid") == testid)
        for fn in root.listeners["click"]:
            fn(types.SimpleNamespace(target=node))

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
