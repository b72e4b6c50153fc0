"""The page's key-value storage, as the pure modules see it (pure Python, no ``js``).

``Storage`` is what a store needs of the browser's ``localStorage``: read, write, remove and
list keys. A write the browser refuses (storage full, or blocked as in a private window)
raises ``StorageError``; a read it refuses reads as nothing. ``DictStorage`` keeps the items
in a dict: the unit tests' storage, able to play a full or a blocked browser. The browser's
own adapter is ``mahjong_ui.local_storage`` (the one module that touches ``localStorage``).
"""
from __future__ import annotations

from typing import Protocol


class StorageError(Exception):
    """The browser refused to write (``reason``: ``"full"`` or ``"refused"``)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(reason, detail)
        self.reason = reason
        self.detail = detail


class Storage(Protocol):
    def get(self, key: str) -> str | None:
        """The text stored at ``key``; None when there is none or the storage is refused."""
        ...

    def set(self, key: str, value: str) -> None:
        """Store ``value`` at ``key``; ``StorageError`` when the browser refuses."""
        ...

    def remove(self, key: str) -> None:
        """Remove ``key`` (nothing happens when it is absent or the storage is refused)."""
        ...

    def keys(self) -> list[str]:
        """Every key stored (none when the storage is refused)."""
        ...


class DictStorage:
    """A storage in a dict. ``full``: every write is refused as a full storage refuses it;
    ``blocked``: nothing can be read or written (a browser that blocks storage)."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})
        self.full = False
        self.blocked = False
        self.writes: list[str] = []      # the keys written, in order (tests read it)

    def get(self, key: str) -> str | None:
        return None if self.blocked else self.items.get(key)

    def set(self, key: str, value: str) -> None:
        if self.blocked:
            raise StorageError("refused")
        if self.full:
            raise StorageError("full")
        self.items[key] = value
        self.writes.append(key)

    def remove(self, key: str) -> None:
        if not self.blocked:
            self.items.pop(key, None)

    def keys(self) -> list[str]:
        return [] if self.blocked else list(self.items)

    def with_prefix(self, prefix: str) -> dict[str, str]:
        """The items whose key starts with ``prefix``, by key."""
        return {k: v for k, v in sorted(self.items.items()) if k.startswith(prefix)}


__all__ = ["DictStorage", "Storage", "StorageError"]
