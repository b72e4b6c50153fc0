"""Learn mode: the glossary of the four documents (``#learn/glossary[/<term>|/sec-<section>]``),
by section, with a contents list and a search box that filters the terms as the visitor
types (``mahjong_ui.learn.glossary_search``: the grouping, the folding and the counts, pure
Python). The query is kept in the view's state (``GlossaryView``, made once by the learn
binder; its pure part is ``learn.viewv.GlossaryQuery``), so a language switch redraws
the page filtered alike; a deep link to a term the search hides clears the search
(``reveal``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pyodide.ffi import create_proxy

from mahjong_engine.rules import RULE_SET_KEYS

from ..dom import Node, el
from ..i18n import Translator
from ..learn import build_glossary, build_page
from ..learn.glossary import Term
from ..learn.glossary_search import GlossaryIndex, by_section, section_title, told
from ..learn.view_state import GlossaryQuery
from .learn import _glossary_links
from .learn_blocks import _readings


@dataclass
class GlossaryView:
    """One glossary view's state, owned by its binder: the query (pure), the catalogues and
    index of the page drawn, its nodes by term and section, and the proxies, made once."""
    search: GlossaryQuery = field(default_factory=GlossaryQuery)
    cats: Translator | None = None
    index: GlossaryIndex | None = None
    terms: dict[str, tuple[Node, Node]] = field(default_factory=dict)      # id -> (dt, dd)
    sections: dict[str, tuple[Node, Node, Node]] = field(default_factory=dict)  # box, toc li, count
    input: Node | None = None
    status: Node | None = None
    empty: Node | None = None
    toc: Node | None = None
    proxies: list[Any] = field(default_factory=list)


def new_view() -> GlossaryView:
    """The state of one glossary view, made by its binder once and passed back to ``render``."""
    return GlossaryView()


def _words(v: GlossaryView) -> Translator:
    """The glossary's words, bound to its domain."""
    assert v.cats is not None
    return v.cats.domain("glossary")


def render(v: GlossaryView, cats: Translator, root: Node) -> None:
    """Draw the glossary into ``root``, filtered by the query kept from before."""
    pages = {key: build_page(key, cats) for key in RULE_SET_KEYS}
    terms = build_glossary(cats, pages)
    v.cats = cats
    v.index = GlossaryIndex(terms, {key: cats.domain(key).t("name") for key in RULE_SET_KEYS})
    v.terms.clear()
    v.sections.clear()
    root.appendChild(el("h2", cats.domain("learn").t("glossary.title"), cls="learn-title", tabindex="-1",
                        id="learn-top"))
    root.appendChild(el("p", cats.domain("learn").t("glossary.intro")))
    groups = by_section(terms)
    root.appendChild(_search_box(v))
    toc = el("nav", cls="learn-toc", aria_labelledby="gloss-toc", data_testid="learn-glossary-toc")
    toc.appendChild(el("h3", _words(v).t("ui.sections"), id="gloss-toc", tabindex="-1"))
    ol = el("ol")
    toc.appendChild(ol)
    root.appendChild(toc)
    v.toc = toc
    for key, group in groups:
        li = el("li", data_section=key)
        li.appendChild(el("a", section_title(cats, key), href=f"#learn/glossary/sec-{key}"))
        count = el("span", f"({len(group)})", cls="learn-doc")
        li.appendChild(count)
        ol.appendChild(li)
        box = el("section", cls="learn-section", id=f"gloss-sec-{key}", data_section=key,
                 data_testid="glossary-section", aria_labelledby=f"gloss-sec-{key}-title")
        box.appendChild(el("h3", section_title(cats, key), tabindex="-1", id=f"gloss-sec-{key}-title"))
        dl = el("dl", cls="learn-glossary")
        for term in group:
            dt, dd = _term(cats, term)
            dl.appendChild(dt)
            dl.appendChild(dd)
            v.terms[term.id] = (dt, dd)
        box.appendChild(dl)
        box.appendChild(el("p", children=[el("a", _words(v).t("ui.top"), href="#learn/glossary/toc")],
                           cls="learn-back"))
        root.appendChild(box)
        v.sections[key] = (box, li, count)
    _apply(v, v.search.query)


def _search_box(v: GlossaryView) -> Node:
    box = el("div", role="search", cls="gloss-search", data_testid="glossary-search")
    box.appendChild(el("label", _words(v).t("ui.search.label"), for_="gloss-q"))
    field_ = el("input", type="search", id="gloss-q", autocomplete="off", spellcheck="false",
                aria_describedby="gloss-q-hint", aria_controls="learn-root",
                data_testid="glossary-query")
    field_.value = v.search.query
    box.appendChild(field_)
    box.appendChild(el("p", _words(v).t("ui.search.hint"), id="gloss-q-hint", cls="learn-doc"))
    status = el("p", role="status", cls="gloss-count", data_testid="glossary-count")
    box.appendChild(status)
    empty = el("div", cls="gloss-empty", data_testid="glossary-empty", hidden=True)
    clear = el("button", _words(v).t("ui.search.clear"), type="button", cls="lesson-button",
               data_testid="glossary-clear")
    empty.appendChild(clear)
    box.appendChild(empty)
    if not v.proxies:
        v.proxies.extend((create_proxy(lambda event: _on_input(v, event)),
                              create_proxy(lambda event: _on_clear(v, event))))
    field_.addEventListener("input", v.proxies[0])
    clear.addEventListener("click", v.proxies[1])
    v.input, v.status, v.empty = field_, status, empty
    return box


def _term(cats: Translator, term: Term) -> tuple[Node, Node]:
    glossary = cats.domain("glossary")

    dt = el("dt", id=f"gloss-{term.id}", data_testid="learn-term", data_term=term.id,
            data_rules=term.rules, tabindex="-1")
    dt.appendChild(el("a", term.title, href=f"#learn/glossary/{term.id}", lang=term.lang,
                      title=cats.domain("learn").t("glossary.link")))
    if term.gloss:
        dt.appendChild(el("span", " — " + term.gloss, cls="learn-gloss"))
    doc = cats.domain(term.rules).t("name")
    dt.appendChild(el("span", f" ({glossary.t('ui.lang.' + term.lang)}) · {doc}", cls="learn-doc"))
    dd = el("dd")
    if term.alt:
        dd.appendChild(el("p", term.alt, cls="learn-doc"))
    dd.appendChild(el("p", term.definition, data_testid="learn-term-def"))
    dd.appendChild(el("p", term.cite, cls="learn-cite"))
    if term.printed:
        dd.appendChild(el("p", term.printed, cls="learn-cite"))
    if term.readings:
        dd.appendChild(_readings(cats, [{"key": k, "text": text} for k, text in term.readings]))
    uses = [link for link in term.links if link.kind != "see"]
    see = [link for link in term.links if link.kind == "see"]
    if uses:
        dd.appendChild(_glossary_links(cats, cats.domain("learn").t("glossary.used_in"), uses))
    if see:
        dd.appendChild(_glossary_links(cats, glossary.t("ui.see"), see))
    if term.same:
        dd.appendChild(_glossary_links(cats, glossary.t("ui.same"), term.same))
    return dt, dd


def _apply(v: GlossaryView, query: str) -> None:
    """Show the terms the query keeps (every term for an empty one) and say how many."""
    if v.index is None or v.cats is None:
        return
    v.search.query = query
    found = v.index.find(query)
    kept = set(found.ids)
    for tid, (dt, dd) in v.terms.items():
        dt.hidden = dd.hidden = tid not in kept
    for key, (box, li, count) in v.sections.items():
        n = found.by_section.get(key, 0)
        box.hidden = li.hidden = n == 0
        count.textContent = f"({n})"
    if v.status is not None:
        v.status.textContent = told(v.cats, found, len(v.terms))
    if v.empty is not None and v.toc is not None:
        v.empty.hidden = bool(found.ids)
        v.toc.hidden = not found.ids          # nothing to list: the empty state says so


def _on_input(v: GlossaryView, event: Any) -> None:
    _apply(v, str(event.target.value))


def _on_clear(v: GlossaryView, event: Any) -> None:
    if v.input is not None:
        v.input.value = ""
        _apply(v, "")
        v.input.focus()


def reveal(v: GlossaryView, target: str | None) -> None:
    """Before a deep link is followed: a term or section the search hides shows again."""
    if not target or not v.search.query or v.index is None:
        return
    if v.search.hides(target, v.terms, v.index.find(v.search.query)):
        if v.input is not None:
            v.input.value = ""
        _apply(v, "")
