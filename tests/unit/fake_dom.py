"""A small DOM for unit tests of the page's binding code under CPython (no ``js``): elements
built from markup (``innerHTML``), attributes and ``dataset``, ``classList.contains``,
``querySelector``/``querySelectorAll``/``closest`` for compound selectors (``tag``, ``#id``,
``.class``, ``[attr]``, ``[attr=value]``, ``[attr="value"]``), descendant chains (``a b``) and
lists joined by commas, and a document that remembers the focused element. Nodes built one
by one as the views' element helper does (``createElement``, ``createElementNS``,
``className``, ``value``, ``checked``, ``replaceChildren``, ``insertBefore``,
``replaceWith``), and listeners (``addEventListener``) that events reach as in a browser,
from the target up through its ancestors (``dispatch``, ``click``). Shared by the views'
tests, with ``fake_browser``: the ``js`` and ``pyodide.ffi`` stand-ins over such a document
that a view module (a browser module) is imported against for one test."""

from __future__ import annotations

import importlib
import re
import sys
import types
from collections.abc import Callable, Iterable
from html.parser import HTMLParser
from typing import Any

VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr", "use"}
STEP = re.compile(r"(?:\[[^\]]*\]|[^\s\[])+")      # one compound selector of a descendant chain
PART = re.compile(r"""([a-zA-Z][\w-]*)|#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:=("[^"]*"|'[^']*'|[^\]]*))?\]""")


class FakeDocument:
    def __init__(self) -> None:
        self.activeElement: FakeElement | None = None
        self.body = FakeElement("body", document=self)

    def createElement(self, tag: str) -> FakeElement:
        return FakeElement(tag, document=self)

    def createElementNS(self, namespace: str, tag: str) -> FakeElement:
        return FakeElement(tag, document=self)

    def createTextNode(self, text: str) -> FakeElement:
        node = FakeElement("#text", document=self)
        node.text = str(text)
        return node

    def getElementById(self, ident: str) -> FakeElement | None:
        return self.body.querySelector(f"#{ident}")

    def querySelector(self, selector: str) -> FakeElement | None:
        return self.body.querySelector(selector)

    def querySelectorAll(self, selector: str) -> list[FakeElement]:
        return self.body.querySelectorAll(selector)


class FakeEvent:
    """What a listener receives: the event's type and target, the node whose listener runs
    (``currentTarget``), any other fields given (``key``...), and ``preventDefault``."""

    def __init__(self, kind: str, target: FakeElement, **fields: Any) -> None:
        self.type = kind
        self.target = target
        self.currentTarget: FakeElement | None = None
        self.defaultPrevented = False
        self.__dict__.update(fields)

    def preventDefault(self) -> None:
        self.defaultPrevented = True


class ClassList:
    def __init__(self, element: FakeElement) -> None:
        self.element = element

    def contains(self, name: str) -> bool:
        return name in (self.element.getAttribute("class") or "").split()


class Dataset:
    """``data-*`` attributes by name (``dataset.ready`` is ``data-ready``)."""

    def __init__(self, element: FakeElement) -> None:
        object.__setattr__(self, "_element", element)

    def __getattr__(self, name: str) -> str | None:
        return self._element.getAttribute("data-" + name)

    def __setattr__(self, name: str, value: Any) -> None:
        self._element.setAttribute("data-" + name, str(value))

    def __bool__(self) -> bool:
        return True


class FakeElement:
    def __init__(self, tag: str, attrs: dict[str, str] | None = None,
                 document: FakeDocument | None = None) -> None:
        self.tagName = tag.upper()
        self.attributes: dict[str, str] = dict(attrs or {})
        self.children: list[FakeElement] = []
        self.parent: FakeElement | None = None
        self.text = ""
        self.document = document or FakeDocument()
        self.classList = ClassList(self)
        self.dataset = Dataset(self)
        self.scrolled = False
        self.value = ""
        self.checked = False
        self.listeners: dict[str, list[Any]] = {}

    # ---------------------------------------------------------------- attributes
    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name)

    def setAttribute(self, name: str, value: str) -> None:
        self.attributes[name] = str(value)

    def removeAttribute(self, name: str) -> None:
        self.attributes.pop(name, None)

    def hasAttribute(self, name: str) -> bool:
        return name in self.attributes

    @property
    def className(self) -> str:
        return self.attributes.get("class", "")

    @className.setter
    def className(self, value: str) -> None:
        self.attributes["class"] = str(value)

    # ---------------------------------------------------------------- content
    @property
    def innerHTML(self) -> str:
        raise NotImplementedError("the fake DOM keeps nodes, not markup")

    @innerHTML.setter
    def innerHTML(self, html: str) -> None:
        for child in self.children:      # replaced nodes leave the tree
            child.parent = None
        self.children = []
        self.text = ""
        _Builder(self).feed(html)

    @property
    def textContent(self) -> str:
        return self.text + "".join(child.textContent for child in self.children)

    @textContent.setter
    def textContent(self, text: str) -> None:
        self.innerHTML = ""
        self.text = str(text)

    def appendChild(self, child: FakeElement) -> FakeElement:
        if child.parent is not None and child in child.parent.children:   # moved, as in a browser
            child.parent.children.remove(child)
        child.parent = self
        child.document = self.document
        self.children.append(child)
        return child

    def replaceChildren(self, *nodes: FakeElement) -> None:
        for child in self.children:
            child.parent = None
        self.children = []
        self.text = ""
        for node in nodes:
            self.appendChild(node)

    def insertBefore(self, child: FakeElement, before: FakeElement | None) -> FakeElement:
        self.appendChild(child)
        if before is not None and before.parent is self:
            self.children.remove(child)
            self.children.insert(self.children.index(before), child)
        return child

    def replaceWith(self, node: FakeElement) -> None:
        holder = self.parent
        if holder is not None:
            holder.insertBefore(node, self)
            self.remove()

    def remove(self) -> None:
        if self.parent is not None:
            self.parent.children.remove(self)
            self.parent = None

    # ---------------------------------------------------------------- tree
    def descendants(self) -> list[FakeElement]:
        out: list[FakeElement] = []
        for child in self.children:
            out.append(child)
            out.extend(child.descendants())
        return out

    def contains(self, other: FakeElement | None) -> bool:
        while other is not None:
            if other is self:
                return True
            other = other.parent
        return False

    def matches(self, selector: str) -> bool:
        return any(_match_chain(self, STEP.findall(part)) for part in selector.split(","))

    def querySelectorAll(self, selector: str) -> list[FakeElement]:
        return [node for node in self.descendants() if node.matches(selector)]

    def querySelector(self, selector: str) -> FakeElement | None:
        found = self.querySelectorAll(selector)
        return found[0] if found else None

    def closest(self, selector: str) -> FakeElement | None:
        node: FakeElement | None = self
        while node is not None:
            if node.matches(selector):
                return node
            node = node.parent
        return None

    # ---------------------------------------------------------------- events
    def addEventListener(self, kind: str, listener: Any) -> None:
        self.listeners.setdefault(kind, []).append(listener)

    def removeEventListener(self, kind: str, listener: Any) -> None:
        if listener in self.listeners.get(kind, []):
            self.listeners[kind].remove(listener)

    def dispatch(self, kind: str, **fields: Any) -> FakeEvent:
        """An event of ``kind`` at this node, bubbling up to the root; the event, afterwards."""
        event = FakeEvent(kind, self, **fields)
        node: FakeElement | None = self
        while node is not None:
            event.currentTarget = node
            for listener in list(node.listeners.get(kind, [])):
                listener(event)
            node = node.parent
        return event

    def click(self) -> FakeEvent:
        return self.dispatch("click")

    # ---------------------------------------------------------------- behaviour
    def focus(self) -> None:
        self.document.activeElement = self

    def scrollIntoView(self) -> None:
        self.scrolled = True

    def __repr__(self) -> str:
        return f"<{self.tagName.lower()} {self.attributes}>"


def _match_chain(node: FakeElement, steps: list[str]) -> bool:
    """``a b c``: ``node`` matches ``c`` and has ancestors matching ``b`` then ``a``."""
    if not steps or not _match(node, steps[-1]):
        return False
    ancestor = node.parent
    for step in reversed(steps[:-1]):
        while ancestor is not None and not _match(ancestor, step):
            ancestor = ancestor.parent
        if ancestor is None:
            return False
        ancestor = ancestor.parent
    return True


def _match(node: FakeElement, selector: str) -> bool:
    pos = 0
    while pos < len(selector):
        part = PART.match(selector, pos)
        if part is None:
            raise ValueError(f"selector not understood by the fake DOM: {selector!r}")
        tag, ident, cls, name, value = part.groups()
        if tag and node.tagName.lower() != tag.lower():
            return False
        if ident and node.getAttribute("id") != ident:
            return False
        if cls and not node.classList.contains(cls):
            return False
        if name:
            have = node.getAttribute(name)
            if have is None:
                return False
            if value is not None and have != value.strip("\"'"):
                return False
        pos = part.end()
    return True


class _Builder(HTMLParser):
    def __init__(self, root: FakeElement) -> None:
        super().__init__(convert_charrefs=True)
        self.stack = [root]
        self.document = root.document

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = FakeElement(tag, {k: v if v is not None else "" for k, v in attrs}, self.document)
        self.stack[-1].appendChild(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].appendChild(FakeElement(tag, {k: v or "" for k, v in attrs}, self.document))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tagName.lower() == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        holder = self.stack[-1]
        if holder.children:
            text = FakeElement("#text", document=self.document)
            text.text = data
            holder.appendChild(text)
        else:
            holder.text += data


def root(html: str = "") -> FakeElement:
    """A ``<div id="root">`` in a fresh document, holding ``html``."""
    node = FakeElement("div", {"id": "root"})
    node.innerHTML = html
    return node


def _logged(*args: Any) -> None:
    raise AssertionError(f"the view logged an error: {args}")


def fake_browser(monkeypatch: Any, modules: Iterable[str], document: FakeDocument | None = None,
                 console: Callable[..., None] = _logged) -> types.SimpleNamespace:
    """A stand-in browser for one test (``monkeypatch``: undone after it): ``js`` (``document``,
    ``location``, ``history`` whose ``replaceState`` moves ``location.hash``, ``URL``, ``window``,
    ``console`` whose ``error``/``warn`` call ``console``, by default failing the test) and
    ``pyodide.ffi`` (``create_proxy`` and ``to_js`` hand back what they get). ``modules``, the
    browser modules of mahjong_ui under test, are imported afresh against it, and dropped
    afterwards so that later imports get the real ones. Returns the ``document``, ``js``,
    ``location``, ``window`` and the ``modules`` imported (by name)."""
    document = document or FakeDocument()
    modules = tuple(modules)
    js = types.ModuleType("js")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy, ffi.to_js = (lambda fn: fn), (lambda v, **k: v)
    ffi.JsException = type("JsException", (Exception,), {})
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    for name in modules:
        monkeypatch.delitem(sys.modules, name, raising=False)
    location = types.SimpleNamespace(hash="", href="http://x/mahjong/")

    def replace(state: Any, title: str, address: str) -> None:
        location.hash = address

    window = FakeElement("window", document=document)
    for name, value in (("document", document), ("location", location), ("window", window),
                        ("history", types.SimpleNamespace(state=None, replaceState=replace)),
                        ("URL", types.SimpleNamespace(
                            new=lambda path, base: types.SimpleNamespace(href=base + path))),
                        ("console", types.SimpleNamespace(error=console, warn=console))):
        monkeypatch.setattr(js, name, value, raising=False)
    imported = {name: importlib.import_module(name) for name in modules}
    for name in modules:    # undone after the test: later imports get the real modules
        monkeypatch.setitem(sys.modules, name, imported[name])
    return types.SimpleNamespace(document=document, js=js, location=location, window=window,
                                 modules=imported)


__all__ = ["FakeDocument", "FakeElement", "FakeEvent", "fake_browser", "root"]
