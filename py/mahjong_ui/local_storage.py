"""The browser's ``localStorage`` as a ``mahjong_ui.storage.Storage`` (browser only): the one
module of the page that touches ``js.localStorage``.

A refusal comes as a ``JsException`` (``QuotaExceededError`` when full, ``SecurityError`` when
storage is blocked): it is logged on the console with its reason, a refused write raises
``StorageError`` (the store tells the player), a refused read reads as nothing.
"""
from __future__ import annotations

import js
from pyodide.ffi import JsException

from .storage import StorageError

FULL = ("QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED")


def _reason(error: BaseException) -> str:
    return "full" if str(getattr(error, "name", "")) in FULL else "refused"


def _log(what: str, key: str, error: BaseException) -> None:
    js.console.warn(f"localStorage {what} {key!r} refused: {error!r}")


class LocalStorage:
    """``window.localStorage`` (looked up at each call: a blocked one throws on access)."""

    def get(self, key: str) -> str | None:
        try:
            value = js.localStorage.getItem(key)
        except JsException as error:
            _log("read of", key, error)
            return None
        return value if isinstance(value, str) else None    # JS null is not a str

    def set(self, key: str, value: str) -> None:
        try:
            js.localStorage.setItem(key, value)
        except JsException as error:
            _log("write of", key, error)
            raise StorageError(_reason(error), repr(error)) from None

    def remove(self, key: str) -> None:
        try:
            js.localStorage.removeItem(key)
        except JsException as error:
            _log("removal of", key, error)

    def keys(self) -> list[str]:
        try:
            store = js.localStorage
            return [str(store.key(i)) for i in range(int(store.length))]
        except JsException as error:
            _log("listing of", "*", error)
            return []


__all__ = ["LocalStorage"]
