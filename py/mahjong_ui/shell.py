"""Python face of ``window.mahjongShell`` (static/js/shell.js).

``js`` and ``pyodide.ffi`` are imported where they are used, so ``import mahjong_ui`` (and its
pure modules: table, learn, calculator models, i18n) works under CPython too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .rulesets import DEFAULT_RULES


class Shell:
    """Settings, translations and boot status of the page, as the JS shell keeps them."""

    def __init__(self) -> None:
        import js

        self._js: Any | None = getattr(js.window, "mahjongShell", None)   # None: no shell on the page
        self._proxies: list[Any] = []

    @property
    def available(self) -> bool:
        return self._js is not None

    def settings(self) -> dict[str, Any]:
        """{"lang": "pt"|"en"|"es", "rules": "...", "mode": "play"|"learn"|"score"|"keep"}."""
        if self._js is None:
            return {"lang": "en", "rules": DEFAULT_RULES, "mode": "play"}
        settings: dict[str, Any] = self._js.settings().to_py()
        return settings

    def t(self, key: str, **params: Any) -> str:
        """The string for ``key`` in the chosen language, ``{name}`` placeholders filled."""
        if self._js is None:
            return key
        import js
        from pyodide.ffi import to_js

        return str(self._js.t(key, to_js(params, dict_converter=js.Object.fromEntries)))

    def welcome_open(self) -> bool:
        """True while a first visitor has not yet chosen what to do (nothing may start)."""
        if self._js is None or not hasattr(self._js, "welcomeOpen"):
            return False
        return bool(self._js.welcomeOpen())

    def on_settings(self, callback: Callable[[dict[str, Any]], None]) -> None:
        """Call ``callback(settings)`` whenever the language, rule set or mode changes."""
        if self._js is None:
            return
        from pyodide.ffi import create_proxy

        proxy = create_proxy(lambda value: callback(value.to_py()))
        self._proxies.append(proxy)
        self._js.onSettings(proxy)

    def starting(self) -> None:
        if self._js is not None:
            self._js.starting()

    def ready(self, info: dict[str, Any]) -> None:
        import js
        from pyodide.ffi import to_js

        if self._js is not None:
            self._js.ready(to_js(info, dict_converter=js.Object.fromEntries))
        else:  # a page without the shell (e.g. a test page): still mark readiness
            js.document.documentElement.dataset.engine = "ready"

    def fail(self, key: str, detail: str = "") -> None:
        import js

        if detail:
            js.console.error(detail)
        if self._js is not None:
            self._js.fail(key)
        else:
            js.document.documentElement.dataset.engine = "error"
