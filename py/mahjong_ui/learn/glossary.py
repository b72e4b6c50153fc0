"""The glossary across the four documents, from the catalogues: the Filipino glossary
(``glossary_title.*`` / ``glossary.*``), the Cantonese names of the Portaria's items
(the «…» names in ``item.*``) and the terms (``term.*``) of each document. Each entry links
to the rules-page sections whose text uses it."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from mahjong_engine.rules import RULE_SET_KEYS

from .model import Catalogues, Page

_GUILLEMETS = re.compile(r"«([^»]+)»")


@dataclass
class Term:
    id: str                  # hash route: #learn/glossary/<id>
    rules: str               # document it comes from
    title: str
    definition: str
    links: list[tuple[str, str]] = field(default_factory=list)   # (route, label)


def _uses(page: Page, needle: str, cats: Catalogues) -> list[tuple[str, str]]:
    needle = needle.casefold().strip("«» ")
    if len(needle) < 3:
        return []
    out = []
    for section in page.sections:
        if needle in section.text().casefold():
            out.append((f"learn/{page.rules}/{section.id}", f"{page.title} · {section.title}"))
    return out


def build_glossary(cats: Catalogues, pages: dict[str, Page]) -> list[Term]:
    terms: list[Term] = []
    # Filipino glossary: the document's own definitions.
    for key in cats.keys("filipino", "glossary_title."):
        name = key.split(".", 1)[1]
        terms.append(Term(name, "filipino", cats.t("filipino", key),
                          cats.t("filipino", f"glossary.{name}")))
    # The Cantonese names of the Portaria's items.
    for key in cats.keys("macau_1988", "item."):
        text = cats.t("macau_1988", key)
        for i, name in enumerate(_GUILLEMETS.findall(text)):
            terms.append(Term(f"macau_1988-{key.split('.', 1)[1]}" + (f"-{i}" if i else ""),
                              "macau_1988", f"«{name}»", text))
    # The terms of each document (Portuguese, Spanish, Cantonese as the documents use them).
    for rules in RULE_SET_KEYS:
        if rules == "filipino":
            continue
        for key in cats.keys(rules, "term."):
            name = key.split(".", 1)[1]
            terms.append(Term(f"{rules}-{name}", rules, cats.t(rules, key),
                              cats.t("learn", "glossary.term_of",
                                     document=cats.t(rules, "name"))))
    for term in terms:
        page = pages.get(term.rules)
        if page is not None:
            needle = _GUILLEMETS.search(term.title)
            term.links = _uses(page, needle.group(1) if needle else term.title, cats)
            if not term.links:
                term.links = [(f"learn/{term.rules}/status", page.title)]
    terms.sort(key=lambda t: (t.title.strip("«»").casefold(), t.id))
    return terms
