"""The glossary across the four documents: each term as its document writes it (in the
document's language, whatever the reader's), a gloss and a definition in the reader's language,
the citation, the readings that apply, and precise links to where it is used (rules-page
sections and scoring entries declared as data in ``glossary_terms``, never text guesses)."""
from __future__ import annotations

from dataclasses import dataclass, field

from mahjong_engine.rules import RULE_SET_KEYS
from mahjong_engine.scoring import DOCUMENTS

from .glossary_terms import TERMS, TermData
from ..i18n import Translator
from ..names import item_name, reading_text
from .model import SECTIONS, Page

DOMAIN = "glossary"


@dataclass
class Link:
    route: str      # hash route without '#': learn/<rules>/<section>, learn/<rules>/scoring/<entry>
    label: str
    kind: str       # "section", "entry", "see", "same" or "term" (a rules page to the glossary)
    target: str     # the element the route lands on: learn-<rules>-<section>, entry-<key>, gloss-<id>


@dataclass
class Term:
    id: str                  # hash route: #learn/glossary/<id>
    rules: str               # document it comes from
    title: str               # as the document writes it
    lang: str                # language of the title (BCP 47)
    gloss: str               # its meaning in the reader's language ("" when the title says it)
    definition: str
    cite: str                # "Source: <document>, <article/section>"
    alt: str = ""            # the term in the document's other language, introduced
    printed: str = ""        # "The copy prints …" for the damaged Portaria
    readings: list[tuple[str, str]] = field(default_factory=list)    # (key, text)
    links: list[Link] = field(default_factory=list)                  # where it is used; "see"
    same: list[Link] = field(default_factory=list)                   # other documents' terms
    sections: tuple[str, ...] = ()     # the rules-page sections that use it (the first groups it)


def _split(text: str) -> tuple[str, ...]:
    return tuple(text.split())


def _title(cats: Translator, data: TermData) -> str:
    if data.orig:
        return data.orig
    return cats.t(f"{data.rules}.glossary_title.{data.id}")


def _definition(cats: Translator, data: TermData) -> str:
    # a document with its own glossary (Filipino) keeps its definitions in its catalogue
    if not cats.known(f"{DOMAIN}.def.{data.id}") and cats.known(f"{data.rules}.glossary.{data.id}"):
        return cats.t(f"{data.rules}.glossary.{data.id}")
    return cats.t(f"{DOMAIN}.def.{data.id}")


def _uses(cats: Translator, data: TermData, page: Page) -> list[Link]:
    links = []
    for sid in _split(data.sections):
        links.append(Link(f"learn/{data.rules}/{sid}", f"{page.title} · {page.section(sid).title}",
                          "section", f"learn-{data.rules}-{sid}"))
    for key in _split(data.entries):
        links.append(Link(f"learn/{data.rules}/scoring/{key}",
                          f"{page.title} · {item_name(cats, data.rules, key)}", "entry", f"entry-{key}"))
    return links


def build_glossary(cats: Translator, pages: dict[str, Page]) -> list[Term]:
    """Every term, grouped by document (in ``RULE_SET_KEYS`` order) and sorted by title."""
    by_id = {d.id: d for d in TERMS}
    terms: list[Term] = []
    for data in TERMS:
        page = pages[data.rules]
        alt = cats.t(f"{DOMAIN}.ui.alt.{data.rules}", text=data.alt) if data.alt else ""
        printed = cats.t(f"{DOMAIN}.ui.printed", text=data.printed) if data.printed else ""
        term = Term(data.id, data.rules, _title(cats, data), data.lang,
                    cats.t(f"{DOMAIN}.gloss.{data.id}") if cats.known(f"{DOMAIN}.gloss.{data.id}") else "",
                    _definition(cats, data),
                    cats.t("learn.cite", document=DOCUMENTS[data.rules],
                           section=cats.t(f"{DOMAIN}.cite.{data.id}")),
                    alt, printed,
                    [(key, reading_text(cats, key)) for key in _split(data.readings)],
                    _uses(cats, data, page), sections=_split(data.sections))
        if data.see:
            target = by_id[data.see]
            term.links.append(Link(f"learn/glossary/{target.id}", _title(cats, target), "see",
                                   f"gloss-{target.id}"))
        if data.concept:
            for other in TERMS:
                if other.concept == data.concept and other.rules != data.rules:
                    term.same.append(Link(f"learn/glossary/{other.id}",
                                          f"{_title(cats, other)} · {cats.domain(other.rules).t('name')}",
                                          "same", f"gloss-{other.id}"))
        terms.append(term)
    order = {key: i for i, key in enumerate(RULE_SET_KEYS)}
    terms.sort(key=lambda t: (order[t.rules], t.title.strip("«»").casefold(), t.id))
    return terms


def section_links(cats: Translator, rules: str, section: str) -> list[Link]:
    """Links back from one rules-page section to the glossary entries of its terms."""
    if section not in SECTIONS:
        return []
    return [Link(f"learn/glossary/{d.id}", _title(cats, d), "term", f"gloss-{d.id}")
            for d in TERMS if d.rules == rules and section in _split(d.sections) and not d.see]
