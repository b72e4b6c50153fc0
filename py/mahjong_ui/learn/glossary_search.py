"""The glossary by section and its search (pure Python; the view is
``mahjong_ui.views.learn_glossary``).

Each term sits in the first rules-page section it is used in (``SECTIONS`` order; a term no
section uses is under ``other``). The search folds case and accents away (``ficha`` finds
«fichas», ``numeros`` finds «números», ``cuadruple`` finds Cuádruple) and keeps the terms
that hold every word typed, in their title (the document's word), its other-language form,
the gloss and definition (the reader's language) or the name of their document."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from .glossary import Term
from ..i18n import Translator
from .model import SECTIONS

OTHER = "other"
GROUPS = (*SECTIONS, OTHER)
# quotation marks (« » “ ” and the single ones), brackets, punctuation, dashes
_MARKS = re.compile("[\u00ab\u00bb\u201c\u201d\"'\u2018\u2019`\u00b4()\\[\\],.;:!?\u00b7\u2014\u2013-]+")


def fold(text: str) -> str:
    """Lower case, without accents or quotation marks, spaces collapsed."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(_MARKS.sub(" ", bare).split())


def words(query: str) -> tuple[str, ...]:
    return tuple(fold(query).split())


def section_of(term: Term) -> str:
    return term.sections[0] if term.sections else OTHER


def by_section(terms: list[Term]) -> list[tuple[str, list[Term]]]:
    """(section id, its terms in the given order) for the sections that have terms."""
    groups: dict[str, list[Term]] = {key: [] for key in GROUPS}
    for term in terms:
        groups[section_of(term)].append(term)
    return [(key, group) for key, group in groups.items() if group]


def section_title(cats: Translator, key: str) -> str:
    if key == OTHER:
        return cats.domain("glossary").t("ui.other_terms")
    return cats.domain("learn").t(f"section.{key}")


@dataclass(frozen=True)
class Found:
    ids: tuple[str, ...]                  # the terms kept, in the glossary's order
    by_section: dict[str, int]            # how many each section keeps
    query: str                            # as typed, trimmed


class GlossaryIndex:
    """Every term's folded text, made once a page; ``find`` filters as the visitor types."""

    def __init__(self, terms: list[Term], names: dict[str, str]) -> None:
        self.terms = terms
        self.text = {t.id: fold(" ".join((t.title, t.alt, t.gloss, t.definition, names[t.rules])))
                     for t in terms}

    def find(self, query: str) -> Found:
        wanted = words(query)
        ids = tuple(t.id for t in self.terms if all(w in self.text[t.id] for w in wanted))
        kept = set(ids)
        counts = {key: sum(t.id in kept for t in group) for key, group in by_section(self.terms)}
        return Found(ids, counts, query.strip())


def told(cats: Translator, found: Found, total: int) -> str:
    """The count said after each change: every term, the terms found, or none found."""
    if not found.query:
        return cats.domain("glossary").t("ui.search.all", n=total)
    if not found.ids:
        return cats.domain("glossary").t("ui.search.none", query=found.query)
    return cats.domain("glossary").t("ui.search.count", n=len(found.ids))


__all__ = ["GROUPS", "OTHER", "Found", "GlossaryIndex", "by_section", "fold", "section_of",
           "section_title", "told", "words"]
