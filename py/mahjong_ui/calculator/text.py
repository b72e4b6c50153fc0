"""The calculator's catalogues and its refusals in words (pure Python: the catalogues are
passed in). Every string through the page's one translator (``mahjong_ui.i18n``)."""
from __future__ import annotations

from ..i18n import FALLBACK, Translator
from ..rulesets import known as known_rules
from .model import RULES, CalcError

DOMAINS = ("calculator", "errors", "common", "ui", "result", *RULES)


def calculator_translator(tables: dict[tuple[str, str], dict[str, str]] | None = None,
                          lang: str = FALLBACK) -> Translator:
    """The calculator's translator: its own keys, ``t("hand.label")``; other domains through
    ``domain(...)``."""
    return Translator(tables, lang, ("calculator",))


def error_text(tr: Translator, error: CalcError, rules: str | None = None) -> str:
    """The message of a refusal; a set kind is named as the rule set names it («p'ong»,
    «trío»…) when ``rules`` is given."""
    params = dict(error.params)
    kind = params.get("kind")
    if known_rules(rules) and isinstance(kind, str):
        own = tr.domain(rules)
        if own.known(f"term.{kind}"):
            params["kind"] = own.t(f"term.{kind}")
    return tr.domain(error.domain).t(error.key, **params)


def amount_text(tr: Translator, unit: str, amount: object) -> str:
    return tr.domain("calculator").t(f"unit.{unit}", amount=amount)


__all__ = ["DOMAINS", "amount_text", "calculator_translator", "error_text"]
