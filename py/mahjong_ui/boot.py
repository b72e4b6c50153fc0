"""Start-up of the Python side of the page."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any, TypedDict

from .shell import Shell



class _State(TypedDict):
    engine: ModuleType | None
    shell: Shell | None


_state: _State = {"engine": None, "shell": None}


def _import_engine() -> ModuleType | None:
    """Import the engine, or None while it does not exist yet (it is being written)."""
    try:
        return importlib.import_module("mahjong_engine")
    except ModuleNotFoundError as exc:
        if exc.name != "mahjong_engine":
            raise  # the engine exists but something it imports does not: a real failure
        return None


def engine_info() -> dict[str, Any]:
    """What the page knows of the engine: its version (None until the engine defines one)."""
    engine = _state["engine"]
    return {"version": getattr(engine, "__version__", None) if engine else None}


def shell() -> Shell:
    """The page shell (settings, translations, status). Available after boot()."""
    found = _state["shell"]
    if found is None:
        found = _state["shell"] = Shell()
    return found


def _mark(name: str) -> None:
    """A performance mark (for `build.py bench` and the browser's profiler)."""
    try:
        import js
    except ImportError:  # outside a browser there is nothing to mark
        return
    js.performance.mark(name)


def boot() -> None:
    """Import the engine and tell the page it is ready; on failure show the error message."""
    _mark("mahjong:python-start")
    page = shell()
    page.starting()
    try:
        _state["engine"] = _import_engine()
        if _state["engine"] is not None and hasattr(_state["engine"], "parse_tiles"):
            _state["engine"].parse_tiles("123m")  # smoke test: the engine runs, not just imports
    except Exception as exc:  # any failure becomes the page's error message
        page.fail("error.engine", repr(exc))
        return
    _mark("mahjong:engine-imported")
    _start_views(page)
    # "ready" once the first view is drawn, not before (the loading box covers the table till then)
    page.ready(engine_info())


VIEWS = ("table", "learn", "calculator", "keep")
# The view of each mode (static/js/shell.js MODES). Only the view of the mode the page opens in
# starts before "ready" (importing a view costs up to a second under Pyodide); the others start
# after it, one an idle moment, or at once when their mode is chosen first.
VIEW_OF_MODE = {"play": "table", "learn": "learn", "score": "calculator", "keep": "keep"}
_started: set[str] = set()


def _start_view(page: Shell, name: str) -> bool:
    """Start view ``name`` once (a module of ``mahjong_ui.views`` that exists); False when it
    failed, which shows the shell's error message instead of a blank section."""
    if name in _started:
        return True
    _started.add(name)
    try:
        module = importlib.import_module(f"mahjong_ui.views.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"mahjong_ui.views.{name}":
            return True
        page.fail("error.engine", repr(exc))
        return False
    try:
        module.start(page)
    except Exception as exc:  # never a blank page
        page.fail("error.engine", repr(exc))
        return False
    return True


def _later() -> Callable[[Callable[[], object], bool], None] | None:
    """Run a callback in a later task of the page (``idle``: once the page is idle), or None
    outside a browser."""
    try:
        import js
        from pyodide.ffi import create_once_callable
    except ImportError:
        return None

    def later(callback: Callable[[], object], idle: bool) -> None:
        once = create_once_callable(lambda *_: callback())
        if idle and hasattr(js, "requestIdleCallback"):
            js.requestIdleCallback(once, js.Object.fromEntries([["timeout", 2000]]))
        else:
            js.setTimeout(once, 200 if idle else 0)

    return later


def _start_views(page: Shell) -> None:
    """The view of the page's mode now; the others later (see VIEW_OF_MODE)."""
    first = VIEW_OF_MODE.get(str(page.settings().get("mode")), VIEWS[0])
    if not _start_view(page, first):
        return
    rest = [name for name in VIEWS if name != first]
    later = _later()
    if later is None:
        for name in rest:
            if not _start_view(page, name):
                return
        return
    schedule = later

    def chosen(settings: dict[str, Any]) -> None:
        name = VIEW_OF_MODE.get(str(settings.get("mode")))
        if name and name not in _started:
            schedule(lambda: _start_view(page, name), False)   # after the shell's other listeners

    def next_view() -> None:
        waiting = [name for name in rest if name not in _started]
        if waiting and _start_view(page, waiting[0]) and len(waiting) > 1:
            schedule(next_view, True)

    page.on_settings(chosen)
    schedule(next_view, True)
