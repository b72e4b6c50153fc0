"""Strings of the calculator from the catalogues (pure Python: the catalogues are passed in)."""
from __future__ import annotations

from .model import RULES, CalcError

DOMAINS = ("calculator", "errors", "common", "ui", "result") + RULES
FALLBACK = "en"


class Texts:
    """``tables[(lang, domain)] -> {key: template}``; missing keys fall back to English, then
    to the key itself (never an exception)."""

    def __init__(self, tables: dict | None = None, lang: str = FALLBACK) -> None:
        self.tables = tables if tables is not None else {}
        self.lang = lang

    def has(self, lang: str) -> bool:
        return all((lang, d) in self.tables for d in DOMAINS)

    def t(self, domain: str, key: str, **params) -> str:
        for lang in (self.lang, FALLBACK):
            template = self.tables.get((lang, domain), {}).get(key)
            if template is not None:
                break
        else:
            return key
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError):
            return template

    def known(self, domain: str, key: str) -> bool:
        return key in self.tables.get((self.lang, domain), {}) or key in self.tables.get((FALLBACK, domain), {})

    def words(self, domain: str, key: str, **params) -> str:
        """The presenter's ``words`` (``mahjong_ui.present``)."""
        return self.t(domain, key, **params)

    def c(self, key: str, **params) -> str:
        return self.t("calculator", key, **params)

    def error(self, error: CalcError, rules: str | None = None) -> str:
        """The message of a refusal; a set kind is named as the rule set names it («p'ong»,
        «trío»…) when ``rules`` is given."""
        params = dict(error.params)
        kind = params.get("kind")
        if rules in RULES and isinstance(kind, str) and self.known(rules, f"term.{kind}"):
            params["kind"] = self.t(rules, f"term.{kind}")
        return self.t(error.domain, error.key, **params)

    def tile(self, notation: str) -> str:
        rank, suit = notation[:-1], notation[-1]
        if suit in "mps":
            return self.c(f"tile.{suit}", rank=rank)
        if suit == "z":
            return self.c(f"tile.{notation}")
        number = int(rank)
        return self.c("tile.f", rank=number) if number <= 4 else self.c("tile.season", rank=number - 4)

    def rules_name(self, key: str) -> str:
        return self.t("ui", f"rules.{key}")

    def item(self, rules: str, key: str) -> str:
        return self.t(rules, f"item.{key}")

    def reading(self, key: str) -> str:
        domain, _, name = key.partition(".")
        return self.t(domain, f"reading.{name}")

    def amount(self, unit: str, amount) -> str:
        return self.c(f"unit.{unit}", amount=amount)
