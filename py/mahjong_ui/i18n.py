"""The one translator of the page (pure Python): table, calculator, learn pages and embed.

Catalogues are flat ``key -> template`` tables, one per (language, domain), from
``static/i18n/<lang>/<domain>.json``. One rule for everything:

- **Fallback**: a key missing in the chosen language is taken from English, then the key
  itself is shown (never an exception, never a blank).
- **Placeholders**: ``{name}`` is replaced by ``str(params[name])``; a placeholder with no
  parameter is left as written (so a slip shows, and braces in prose never raise).
- **Plurals**: a key may exist as ``<key>.one`` and ``<key>.other`` instead of ``<key>``; the
  form is chosen by the number in the first of the parameters ``count``, ``n``, ``amount``
  that is given, by the language's rule (:func:`plural_form`).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from .rulesets import domains as rule_domains

LANGS = ("pt", "en", "es")
FALLBACK = "en"
PLURAL_FORMS = ("one", "other")
PLURAL_PARAMS = ("count", "n", "amount")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def plural_form(lang: str, number: Any) -> str:
    """``one`` or ``other``. Portuguese (as written in Portugal and Macau), English and
    Spanish all use the singular for exactly 1 (an integer) and the plural otherwise,
    0 included ("0 peças", "0 markers", "0 fichas"); the sign does not count."""
    try:
        value = abs(float(number))          # the sign does not count: "−1 point", "+1 point"
    except (TypeError, ValueError):
        return "other"
    return "one" if value == 1 and float(int(value)) == value else "other"


def fill(template: str, params: Mapping[str, Any]) -> str:
    return _PLACEHOLDER.sub(lambda m: str(params[m.group(1)]) if m.group(1) in params
                            else m.group(0), template)


def plural_number(params: Mapping[str, Any]) -> Any:
    for name in PLURAL_PARAMS:
        if name in params:
            return params[name]
    return None


def pick(table: Mapping[str, str], key: str, lang: str, params: Mapping[str, Any]) -> str | None:
    """The template of ``key`` in one table: the key itself, or its plural form."""
    text = table.get(key)
    if text is not None:
        return text
    if key + ".other" not in table:
        return None
    form = plural_form(lang, plural_number(params))
    return table.get(f"{key}.{form}", table.get(key + ".other"))


def has_key(table: Mapping[str, str], key: str) -> bool:
    return key in table or key + ".other" in table


class Translations:
    """``tables[(lang, domain)] -> {key: template}`` and the chosen language. How a key is
    asked for is the subclass's: by domain (``Translator``) or in the table's own order of
    domains (``table.catalogue.Catalogues``)."""

    def __init__(self, tables: dict[tuple[str, str], dict[str, str]] | None = None,
                 lang: str = FALLBACK) -> None:
        self.tables: dict[tuple[str, str], dict[str, str]] = tables if tables is not None else {}
        self.lang = lang

    def add(self, lang: str, domain: str, table: Mapping[str, str]) -> None:
        self.tables[(lang, domain)] = dict(table)

    def table(self, lang: str, domain: str) -> Mapping[str, str]:
        return self.tables.get((lang, domain), {})

    def template(self, domains: Iterable[str], key: str, params: Mapping[str, Any],
                 lang: str | None = None) -> str | None:
        """The template of the first domain that has ``key`` in ``lang`` (default: the
        chosen language), or None."""
        lang = lang or self.lang
        for domain in domains:
            text = pick(self.table(lang, domain), key, lang, params)
            if text is not None:
                return text
        return None

    def translate(self, domains: Iterable[str], key: str, **params: Any) -> str:
        domains = tuple(domains)
        text = self.template(domains, key, params)
        if text is None and self.lang != FALLBACK:
            text = self.template(domains, key, params, FALLBACK)
        return key if text is None else fill(text, params)

    async def fetch(self, shell: Any, domains: Iterable[str], lang: str) -> None:
        """Fetch, once each, the catalogues of ``domains`` in ``lang`` and in the fallback
        language through the page's shell (``shell.loadCatalogue``, a JS object); one that
        cannot be had stays empty, so its keys show instead of the page failing."""
        for domain in domains:
            for code in {lang, FALLBACK}:
                if (code, domain) not in self.tables:
                    try:
                        data = await shell.loadCatalogue(code, domain)
                        self.tables[(code, domain)] = data.to_py()
                    except Exception:  # a missing catalogue falls back to keys
                        self.tables[(code, domain)] = {}


class Translator(Translations):
    """Keys asked for by domain: ``t(domain, key)``."""

    def t(self, domain: str, key: str, **params: Any) -> str:
        """``key`` of ``domain``; a rule set's domain falls back on its parents' (a variant
        registered at run time says only what differs)."""
        return self.translate(rule_domains(domain), key, **params)

    def known(self, domain: str, key: str, lang: str | None = None) -> bool:
        return any(has_key(self.table(lang or self.lang, d), key) for d in rule_domains(domain))


__all__ = ["FALLBACK", "LANGS", "PLURAL_FORMS", "PLURAL_PARAMS", "Translations", "Translator",
           "fill", "has_key", "pick", "plural_form"]
