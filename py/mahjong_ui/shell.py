"""Python face of ``window.mahjongShell`` (static/js/shell.js)."""

from __future__ import annotations

from typing import Callable

import js
from pyodide.ffi import create_proxy, to_js


class Shell:
    """Settings, translations and boot status of the page, as the JS shell keeps them."""

    def __init__(self) -> None:
        self._js = getattr(js.window, "mahjongShell", None)
        self._proxies = []

    @property
    def available(self) -> bool:
        return self._js is not None

    def settings(self) -> dict:
        """{"lang": "pt"|"en"|"es", "rules": "...", "mode": "play"|"learn"|"score"}."""
        if not self.available:
            return {"lang": "en", "rules": "macau_1988", "mode": "play"}
        return self._js.settings().to_py()

    def t(self, key: str, **params) -> str:
        """The string for ``key`` in the chosen language, ``{name}`` placeholders filled."""
        if not self.available:
            return key
        return str(self._js.t(key, to_js(params, dict_converter=js.Object.fromEntries)))

    def on_settings(self, callback: Callable[[dict], None]) -> None:
        """Call ``callback(settings)`` whenever the language, rule set or mode changes."""
        if not self.available:
            return
        proxy = create_proxy(lambda value: callback(value.to_py()))
        self._proxies.append(proxy)
        self._js.onSettings(proxy)

    def starting(self) -> None:
        if self.available:
            self._js.starting()

    def ready(self, info: dict) -> None:
        if self.available:
            self._js.ready(to_js(info, dict_converter=js.Object.fromEntries))
        else:  # a page without the shell (e.g. a test page): still mark readiness
            js.document.documentElement.dataset.engine = "ready"

    def fail(self, key: str, detail: str = "") -> None:
        if detail:
            js.console.error(detail)
        if self.available:
            self._js.fail(key)
        else:
            js.document.documentElement.dataset.engine = "error"
