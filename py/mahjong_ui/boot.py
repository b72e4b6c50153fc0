"""Start-up of the Python side of the page."""

from __future__ import annotations

import importlib
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


def _start_views(page: Shell) -> None:
    """Start each view module of ``mahjong_ui.views`` that exists (one per mode); a view that
    fails shows the shell's error message instead of a blank section."""
    for name in VIEWS:
        try:
            module = importlib.import_module(f"mahjong_ui.views.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"mahjong_ui.views.{name}":
                continue
            page.fail("error.engine", repr(exc))
            return
        try:
            module.start(page)
        except Exception as exc:  # never a blank page
            page.fail("error.engine", repr(exc))
            return
