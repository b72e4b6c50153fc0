"""The one translator of the page (pure Python): table, calculator, keep, learn pages and embed.

Catalogues are flat ``key -> template`` tables, one per (language, domain), from
``static/i18n/<lang>/<domain>.json``. One way to ask for a string, ``tr.t(key, **params)``,
and one rule for everything:

- **Domains**: a translator searches the domains it is bound to, in order
  (``tr.domain("calculator")``, the table's ``tr.domain("table", rules, "game", "common",
  "ai")``); a rule set's domain is followed by its parents' (a variant registered at run
  time says only what differs). A key not found there that names its domain,
  ``<domain>.<key>``, is ``<key>`` of that domain, or its ``reading.<key>`` (the engine's
  reading keys): ``tr.t("result.plus")`` needs no binding.
- **Fallback**: a key missing in the chosen language is taken from English, then the key
  itself is shown (never an exception, never a blank).
- **Placeholders**: ``{name}`` is replaced by ``str(params[name])``; a placeholder with no
  parameter is left as written (so a slip shows, and braces in prose never raise).
- **Plurals**: a key may exist as ``<key>.one`` and ``<key>.other`` instead of ``<key>``; the
  form is chosen by the number in the first of the parameters ``count``, ``n``, ``amount``
  that is given, by the language's rule (:func:`plural_form`).

A bound view shares its translator's catalogues and language: it is the same class with
another search list, not a second set of rules.
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

Tables = dict[tuple[str, str], dict[str, str]]


DECIMAL_MARK = {"pt": ",", "en": ".", "es": ","}


def decimal(lang: str, value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals and the language's decimal mark (1,5 / 1.5)."""
    return f"{value:.{digits}f}".replace(".", DECIMAL_MARK.get(lang, "."))


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


class _Shelf:
    """The loaded catalogues and the chosen language, shared by a translator and its views."""

    def __init__(self, tables: Tables, lang: str) -> None:
        self.tables = tables
        self.lang = lang


class Translator:
    """The page's one translator: ``t(key, **params)`` over the domains it is bound to."""

    def __init__(self, tables: Tables | None = None, lang: str = FALLBACK,
                 domains: Iterable[str] = (), *, shelf: _Shelf | None = None) -> None:
        self._shelf = shelf if shelf is not None else _Shelf(
            tables if tables is not None else {}, lang)
        self.domains: tuple[str, ...] = tuple(domains)

    @property
    def tables(self) -> Tables:
        return self._shelf.tables

    @property
    def lang(self) -> str:
        return self._shelf.lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self._shelf.lang = lang

    def domain(self, *domains: str) -> Translator:
        """A view searching ``domains`` in order (none: only keys that name their domain),
        over the same catalogues and language."""
        return Translator(domains=domains, shelf=self._shelf)

    # ------------------------------------------------------------------ catalogues
    def add(self, lang: str, domain: str, table: Mapping[str, str]) -> None:
        self.tables[(lang, domain)] = dict(table)

    def table(self, lang: str, domain: str) -> Mapping[str, str]:
        return self.tables.get((lang, domain), {})

    def loaded(self, lang: str, domains: Iterable[str]) -> bool:
        return all((lang, d) in self.tables for d in domains)

    # ------------------------------------------------------------------ lookup
    def _chain(self) -> list[str]:
        return [d for name in self.domains for d in rule_domains(name)]

    def template(self, key: str, params: Mapping[str, Any], lang: str) -> str | None:
        """The template of ``key`` in ``lang`` by the search rule, or None."""
        for domain in self._chain():
            text = pick(self.table(lang, domain), key, lang, params)
            if text is not None:
                return text
        head, _, rest = key.partition(".")
        for domain in rule_domains(head) if rest else ():
            if (lang, domain) in self.tables:
                table = self.tables[(lang, domain)]
                text = pick(table, rest, lang, params) or table.get("reading." + rest)
                if text is not None:
                    return text
        return None

    def t(self, key: str, **params: Any) -> str:
        """``key`` in the chosen language, else in English, else the key itself."""
        text = self.template(key, params, self.lang)
        if text is None and self.lang != FALLBACK:
            text = self.template(key, params, FALLBACK)
        return key if text is None else fill(text, params)

    def known(self, key: str) -> bool:
        """Whether ``key`` has a template in the chosen language or in English (whether
        ``t`` shows more than the key)."""
        return any(self.template(key, {}, lang) is not None for lang in (self.lang, FALLBACK))

    def keys(self, domain: str, prefix: str) -> list[str]:
        """The keys of ``domain`` in the chosen language that start with ``prefix``."""
        return [k for k in self.table(self.lang, domain) if k.startswith(prefix)]


def translator(lang: str, tables: Mapping[str, Mapping[str, str]],
               fallback: Mapping[str, Mapping[str, str]] | None = None,
               domains: Iterable[str] = ()) -> Translator:
    """A translator over ``{domain: table}`` of one language (and, if given, the English
    tables as its fallback)."""
    out = Translator({(lang, d): dict(t) for d, t in tables.items()}, lang, domains)
    for domain, table in (fallback or {}).items():
        out.tables.setdefault((FALLBACK, domain), dict(table))
    return out


__all__ = ["DECIMAL_MARK", "FALLBACK", "LANGS", "PLURAL_FORMS", "PLURAL_PARAMS", "Tables",
           "Translator", "decimal", "fill", "has_key", "pick", "plural_form", "translator"]
