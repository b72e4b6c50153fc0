"""Start-up (issue 31): only the view of the mode the page opens in starts before "ready";
the others start later, one an idle moment, or at once when their mode is chosen first."""

from __future__ import annotations

import importlib
from types import SimpleNamespace
from typing import Any

import pytest

boot = importlib.import_module("mahjong_ui.boot")   # the module (the package exports its boot())


class FakeShell:
    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.listeners: list[Any] = []
        self.failed: list[str] = []

    def settings(self) -> dict[str, Any]:
        return {"lang": "en", "rules": "macau_1988", "mode": self.mode}

    def on_settings(self, callback) -> None:
        self.listeners.append(callback)

    def fail(self, key: str, detail: str = "") -> None:
        self.failed.append(key)

    def choose(self, mode: str) -> None:
        self.mode = mode
        for listener in self.listeners:
            listener(self.settings())


@pytest.fixture
def views(monkeypatch):
    started: list[str] = []
    modules = {f"mahjong_ui.views.{name}": SimpleNamespace(start=lambda page, name=name: started.append(name))
               for name in boot.VIEWS}
    monkeypatch.setattr(boot, "importlib", SimpleNamespace(import_module=modules.__getitem__))
    monkeypatch.setattr(boot, "_started", set())
    tasks: list[tuple[Any, bool]] = []
    monkeypatch.setattr(boot, "_later", lambda: lambda callback, idle: tasks.append((callback, idle)))
    return started, tasks


def run(tasks) -> None:
    while tasks:
        callback, _ = tasks.pop(0)
        callback()


def test_only_the_opening_modes_view_starts_before_ready(views):
    started, tasks = views
    boot._start_views(FakeShell("score"))
    assert started == ["calculator"]
    assert [idle for _, idle in tasks] == [True]
    run(tasks)
    assert started == ["calculator", "table", "learn", "keep"]


def test_a_mode_chosen_first_starts_its_view_at_once(views):
    started, tasks = views
    page = FakeShell("play")
    boot._start_views(page)
    page.choose("keep")
    assert [idle for _, idle in tasks] == [True, False]
    tasks.pop(1)[0]()                     # the choice's task runs before the idle one
    assert started == ["table", "keep"]
    run(tasks)
    assert started == ["table", "keep", "learn", "calculator"]
    page.choose("learn")                  # already started: nothing more
    assert tasks == [] and started.count("learn") == 1 and page.failed == []


def test_outside_a_browser_every_view_starts_at_once(views, monkeypatch):
    started, _ = views
    monkeypatch.setattr(boot, "_later", lambda: None)
    boot._start_views(FakeShell("learn"))
    assert started == ["learn", "table", "calculator", "keep"]
