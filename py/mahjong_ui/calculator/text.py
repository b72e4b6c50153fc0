"""Strings of the calculator from the catalogues (pure Python: the catalogues are passed in)."""
from __future__ import annotations

from typing import Any

from ..i18n import FALLBACK, Translator
from ..rulesets import known as known_rules
from .model import RULES, CalcError

DOMAINS = ("calculator", "errors", "common", "ui", "result", *RULES)


class Texts(Translator):
    """``tables[(lang, domain)] -> {key: template}``, translated by the page's one rule
    (``mahjong_ui.i18n``: English fallback, then the key; ``{name}``; plurals)."""

    def has(self, lang: str) -> bool:
        return all((lang, d) in self.tables for d in DOMAINS)

    def known(self, domain: str, key: str, lang: str | None = None) -> bool:
        return super().known(domain, key, lang) or super().known(domain, key, FALLBACK)

    def words(self, domain: str, key: str, **params: Any) -> str:
        """The presenter's ``words`` (``mahjong_ui.present``)."""
        return self.t(domain, key, **params)

    def c(self, key: str, **params: Any) -> str:
        return self.t("calculator", key, **params)

    def error(self, error: CalcError, rules: str | None = None) -> str:
        """The message of a refusal; a set kind is named as the rule set names it («p'ong»,
        «trío»…) when ``rules`` is given."""
        params = dict(error.params)
        kind = params.get("kind")
        if known_rules(rules) and isinstance(kind, str) and self.known(rules, f"term.{kind}"):
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
        """The rule set's name: the page's own (``ui``), else its catalogue's ``name`` (a
        rule set registered at run time names itself, or bears its parent's name)."""
        if self.known("ui", f"rules.{key}") or not known_rules(key):
            return self.t("ui", f"rules.{key}")
        return self.t(key, "name")

    def item(self, rules: str, key: str) -> str:
        return self.t(rules, f"item.{key}")

    def reading(self, key: str) -> str:
        domain, _, name = key.partition(".")
        return self.t(domain, f"reading.{name}")

    def amount(self, unit: str, amount: object) -> str:
        return self.c(f"unit.{unit}", amount=amount)
