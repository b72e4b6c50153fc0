"""The glossary by section and its search (issue 26), under CPython: every term in one
section, in the rules pages' order; a search that ignores case and accents, matches the
reader's language and the documents' own words, keeps the terms holding every word typed,
and says how many it found (or that it found none) in pt, en and es."""
from __future__ import annotations

import pytest

from _learn_helpers import LANGS, build_glossary, build_page, catalogues

from mahjong_engine.rules import RULE_SET_KEYS
from mahjong_ui.learn.glossary_search import (GROUPS, OTHER, GlossaryIndex, by_section, fold,
                                              section_of, section_title, told, words)
from mahjong_ui.learn.glossary_terms import TERMS


@pytest.fixture(scope="module", params=LANGS)
def glossary(request):
    cats = catalogues(request.param)
    pages = {key: build_page(key, cats) for key in RULE_SET_KEYS}
    terms = build_glossary(cats, pages)
    return cats, terms, GlossaryIndex(terms, {key: cats.domain(key).t("name") for key in RULE_SET_KEYS})


def test_fold_drops_case_accents_and_quotes():
    assert fold("«Números»") == "numeros"
    assert fold("  Cuádruple  PÓQUER ") == "cuadruple poquer"
    assert fold("«círculos» («t’ong chi»)") == fold("circulos (t'ong chi)") == "circulos t ong chi"
    assert fold("fila-dupla") == "fila dupla"
    assert fold("Dragões") == "dragoes"
    assert words("  Ficha  SUELTA ") == ("ficha", "suelta")
    assert words("") == words(" «» ") == ()


def test_every_term_in_one_section_in_the_rules_pages_order(glossary):
    cats, terms, _index = glossary
    groups = by_section(terms)
    keys = [key for key, _ in groups]
    assert keys == [key for key in GROUPS if key in keys]           # the rules pages' order
    assert sorted(t.id for _, group in groups for t in group) == sorted(d.id for d in TERMS)
    for key, group in groups:
        assert group, key
        assert section_title(cats, key)
        for term in group:
            assert section_of(term) == key
            data = next(d for d in TERMS if d.id == term.id)
            assert key == (data.sections.split()[0] if data.sections else OTHER)
    # the largest sections: the tiles and the scoring tables
    sizes = dict((key, len(group)) for key, group in groups)
    assert sizes["tiles"] >= 20 and sizes["scoring"] >= 20


def test_an_empty_query_keeps_every_term(glossary):
    cats, terms, index = glossary
    found = index.find("   ")
    assert found.ids == tuple(t.id for t in terms)
    assert sum(found.by_section.values()) == len(terms)
    n = len(terms)
    assert told(cats, found, n) == cats.domain("glossary").t("ui.search.all", n=n)
    assert str(n) in told(cats, found, n)


def test_accents_and_case_do_not_count(glossary):
    _cats, _terms, index = glossary
    for query in ("numeros", "NÚMEROS", "Números", "«números»"):
        assert "macau_1988-numeros" in index.find(query).ids, query
    for query in ("poquer", "PÓQUER", "póquer"):
        assert "cayro-poquer" in index.find(query).ids, query
    assert "cayro-ficha_suelta" in index.find("ficha suelta").ids
    assert index.find("fila-dupla").ids == index.find("fila dupla").ids


# A word of the reader's language finds the terms whose gloss or definition uses it.
READER = {"pt": ("dragões", "dragons"), "en": ("dragons", "dragões"), "es": ("dragones", "dragons")}


def test_the_readers_language_is_searched(glossary):
    cats, _terms, index = glossary
    own, other = READER[cats.lang]
    found = index.find(own).ids
    assert "macau_1988-trunfos" in found and len(found) >= 5
    assert "macau_1988-trunfos" not in index.find(other).ids


def test_every_word_must_match_and_the_counts_follow(glossary):
    cats, terms, index = glossary
    both = index.find("fila dupla")
    assert "macau_1988-fila_dupla" in both.ids
    assert set(both.ids) <= set(index.find("fila").ids) & set(index.find("dupla").ids)
    cayro = index.find(cats.domain("cayro").t("name").split()[0])       # the document's name
    assert {t.id for t in terms if t.rules == "cayro"} <= set(cayro.ids)
    for query in ("fila dupla", "kong", "poquer"):
        found = index.find(query)
        assert sum(found.by_section.values()) == len(found.ids)
        assert found.ids == tuple(t.id for t in terms if t.id in set(found.ids))   # page order


def test_told_counts_in_each_language(glossary):
    cats, terms, index = glossary
    one = next(q for q in ("poquer", "fila dupla", "kai vu") if len(index.find(q).ids) == 1)
    assert told(cats, index.find(one), len(terms)) == cats.domain("glossary").t("ui.search.count.one", n=1)
    many = index.find("kong")
    text = told(cats, many, len(terms))
    assert text == cats.domain("glossary").t("ui.search.count.other", n=len(many.ids))
    assert str(len(many.ids)) in text and "{" not in text
    none = index.find("  xyzzy ")
    assert none.ids == () and not any(none.by_section.values())
    text = told(cats, none, len(terms))
    assert "xyzzy" in text and text == cats.domain("glossary").t("ui.search.none", query="xyzzy")
