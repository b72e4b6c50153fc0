"""The kept match's stored copy, written only over the copy this tab last read.

Two tabs may show one kept match. Each stored copy carries a stamp (a random token, first
in the text); a tab remembers the stamp it read or wrote, and a write finding another stamp
is refused (``StaleCopy``): the other tab's hands are never replaced, and this tab keeps its
pending hand until the player reloads. A random token, not a counter, so a match deleted and
begun again never takes an old stamp back. Pure Python over ``storage.Storage``."""
from __future__ import annotations

import json
import re
import secrets
from collections.abc import Callable
from typing import Any

from ..storage import Storage, StorageError
from .model import STORE_KEY

_STAMP = re.compile(r'\A\{\s*"stamp":\s*"([0-9a-f]{1,32})"')


class StaleCopy(Exception):
    """Another tab wrote (or removed) the kept match since this tab read it."""


def stamp_of(text: str | None) -> str | None:
    """The stamp of a stored copy; None for no copy; "" for a copy written before stamps."""
    if text is None:
        return None
    found = _STAMP.match(text[:80])
    return found.group(1) if found else ""


class KeptStore:
    def __init__(self, storage: Storage, key: str = STORE_KEY,
                 token: Callable[[], str] = lambda: secrets.token_hex(8)) -> None:
        self.storage = storage
        self.key = key
        self.token = token
        self.seen: str | None = None     # the stamp of the copy this tab holds

    def load(self) -> str | None:
        """The stored copy's text (None: none); this tab now holds it."""
        text = self.storage.get(self.key)
        self.seen = stamp_of(text)
        return text

    def stale(self) -> bool:
        return stamp_of(self.storage.get(self.key)) != self.seen

    def save(self, record: dict[str, Any]) -> str:
        """Write ``record`` over the copy this tab holds; ``StaleCopy`` when another tab
        changed it, ``StorageError`` when the browser refuses (the stored copy untouched)."""
        if self.stale():
            raise StaleCopy()
        stamp = self.token()
        text = json.dumps({"stamp": stamp, **record}, ensure_ascii=False, indent=1)
        self.storage.set(self.key, text)
        if self.storage.get(self.key) != text:
            raise StorageError("refused")
        self.seen = stamp
        return text

    def remove(self) -> None:
        """Delete the copy this tab holds (``StaleCopy``: another tab changed it)."""
        if self.stale():
            raise StaleCopy()
        self.storage.remove(self.key)
        self.seen = None


__all__ = ["KeptStore", "StaleCopy", "stamp_of"]
