"""Translation of message keys from the catalogues the table loads (pure Python).

Keys are looked up in the table's own domain, the rule set's domain, then ``game``,
``common`` and ``ai``. A reading key ``<domain>.<name>`` (as score results give them)
is ``reading.<name>`` in that domain's catalogue.
"""
from __future__ import annotations

import re

DOMAINS = ("table", "game", "common", "ai", "macau_1988", "filipino", "serralheiro_2003",
           "cayro", "result")
FALLBACK = "en"
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


class Catalogues:
    def __init__(self) -> None:
        self.data: dict[str, dict[str, dict[str, str]]] = {}   # lang -> domain -> table
        self.lang = FALLBACK
        self.rules = "macau_1988"

    def add(self, lang: str, domain: str, table: dict[str, str]) -> None:
        self.data.setdefault(lang, {})[domain] = dict(table)

    def has(self, lang: str) -> bool:
        return all(d in self.data.get(lang, {}) for d in DOMAINS)

    def _lookup(self, lang: str, key: str) -> str | None:
        domains = self.data.get(lang, {})
        order = ("table", self.rules, "game", "common", "ai")
        for name in order:
            value = domains.get(name, {}).get(key)
            if value is not None:
                return value
        head, _, rest = key.partition(".")
        if head in domains and rest:
            value = domains[head].get(rest) or domains[head].get("reading." + rest)
            if value is not None:
                return value
        return None

    def t(self, key: str, **params) -> str:
        text = self._lookup(self.lang, key)
        if text is None:
            text = self._lookup(FALLBACK, key)
        if text is None:
            return key
        return _PLACEHOLDER.sub(lambda m: str(params[m.group(1)]) if m.group(1) in params
                                else m.group(0), text)

    def known(self, key: str) -> bool:
        return self._lookup(self.lang, key) is not None


__all__ = ["DOMAINS", "Catalogues"]
