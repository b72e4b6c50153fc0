"""The table's catalogues and its order of domains (pure Python).

The table loads its own domain, every rule set's, ``game``, ``common``, ``ai`` and ``result``
(``DOMAINS``), and asks the page's one translator (``mahjong_ui.i18n``) bound to
``table_domains(rules)``: the table's domain, the rule set's (a variant's own, then its
parent's), then game, common and ai. A reading key ``<domain>.<name>`` (as score results
give them) is ``reading.<name>`` in that domain's catalogue (the translator's rule).
"""
from __future__ import annotations

from mahjong_engine.rules import RULE_SET_KEYS

from ..i18n import FALLBACK, Translator
from ..rulesets import DEFAULT_RULES

DOMAINS = ("table", "game", "common", "ai", *RULE_SET_KEYS, "result")


def table_domains(rules: str) -> tuple[str, ...]:
    """Where the table looks a key up, in order, when ``rules`` is played."""
    return ("table", rules, "game", "common", "ai")


def table_translator(rules: str = DEFAULT_RULES, lang: str = FALLBACK) -> Translator:
    """An empty translator bound to the table's domains (its catalogues are added or
    fetched afterwards)."""
    return Translator(lang=lang, domains=table_domains(rules))


__all__ = ["DOMAINS", "table_domains", "table_translator"]
