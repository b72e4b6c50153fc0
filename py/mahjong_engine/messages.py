"""Render message keys from the catalogues in ``static/i18n`` (CLI and tools only).

The engine itself returns keys; this helper finds the catalogues next to the source
tree when they are there and falls back to the bare key when they are not.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parents[2] / "static" / "i18n"
_cache: dict[tuple[str, str], dict[str, str]] = {}


def catalogue(lang: str, domain: str) -> dict[str, str]:
    key = (lang, domain)
    if key not in _cache:
        try:
            _cache[key] = json.loads((_ROOT / lang / f"{domain}.json").read_text("utf-8"))
        except (OSError, ValueError):
            _cache[key] = {}
    return _cache[key]


def render(key: str, params: dict[str, Any] | None = None, lang: str = "en",
           domain: str = "errors") -> str:
    template = catalogue(lang, domain).get(key)
    if template is None:   # the game package's keys (a match record, a saved game)
        template = catalogue(lang, "game").get(key)
    if template is None:
        return key
    try:
        return template.format(**(params or {}))
    except (KeyError, IndexError, ValueError):
        return template
