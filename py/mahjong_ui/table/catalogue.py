"""Translation of message keys from the catalogues the table loads (pure Python).

Keys are looked up in the table's own domain, the rule set's domains (a variant's own,
then its parent's), then ``game``,
``common`` and ``ai``. A reading key ``<domain>.<name>`` (as score results give them)
is ``reading.<name>`` in that domain's catalogue.
"""
from __future__ import annotations

from typing import Any

from mahjong_engine.rules import RULE_SET_KEYS

from ..i18n import FALLBACK, Translations, fill, pick
from ..rulesets import DEFAULT_RULES, domains

DOMAINS = ("table", "game", "common", "ai", *RULE_SET_KEYS, "result")


class Catalogues(Translations):
    """The table's catalogues: ``t(key)`` looks the key up in the table's domain, the rule
    set's, then game, common and ai (the page's one translator, ``mahjong_ui.i18n``)."""

    def __init__(self) -> None:
        super().__init__()
        self.rules = DEFAULT_RULES

    @property
    def data(self) -> dict[str, dict[str, dict[str, str]]]:
        """lang -> domain -> table (read-only view)."""
        out: dict[str, dict[str, dict[str, str]]] = {}
        for (lang, domain), table in self.tables.items():
            out.setdefault(lang, {})[domain] = table
        return out

    def has(self, lang: str) -> bool:
        return all((lang, d) in self.tables for d in DOMAINS)

    def _lookup(self, lang: str, key: str, params: dict[str, Any] | None = None) -> str | None:
        params = params or {}
        text = self.template(("table", *domains(self.rules), "game", "common", "ai"), key, params,
                             lang)
        if text is not None:
            return text
        head, _, rest = key.partition(".")
        if (lang, head) in self.tables and rest:
            table = self.table(lang, head)
            return pick(table, rest, lang, params) or table.get("reading." + rest)
        return None

    def t(self, key: str, **params: Any) -> str:
        text = self._lookup(self.lang, key, params)
        if text is None:
            text = self._lookup(FALLBACK, key, params)
        return key if text is None else fill(text, params)

    def known(self, key: str) -> bool:
        return self._lookup(self.lang, key) is not None


__all__ = ["DOMAINS", "Catalogues"]
