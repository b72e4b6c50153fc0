"""Event delegation for the calculator (no browser imports).

The view's root holds one JavaScript listener per event type, made once; each control carries
``data-on-<event>="<key>"`` and the Python callback lives here under that key. A re-render
drops its group's callbacks (plain Python objects) instead of leaving JS proxies behind."""
from __future__ import annotations

from collections.abc import Callable

Handler = Callable[..., object]
"""A control's callback: called with the event (or nothing), its result unused."""

EVENTS = ("click", "input", "change", "keydown")


class Handlers:
    def __init__(self) -> None:
        self.groups: dict[str, dict[str, Handler]] = {}
        self.serial = 0

    def add(self, group: str, fn: Handler) -> str:
        self.serial += 1
        key = f"{group}{self.serial}"
        self.groups.setdefault(group, {})[key] = fn
        return key

    def clear(self, group: str) -> None:
        self.groups.pop(group, None)

    def get(self, key: str | None) -> Handler | None:
        if not key:
            return None
        for table in self.groups.values():
            if key in table:
                return table[key]
        return None

    def __len__(self) -> int:
        return sum(len(t) for t in self.groups.values())
