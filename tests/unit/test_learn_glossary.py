"""The glossary across the four documents (issue 7): every term as its document writes it,
with a gloss, a definition and a citation in pt, en and es, and precise links (rules-page
sections, scoring entries, cross-references) whose targets exist."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from _learn_helpers import LANGS, build_glossary, build_page, catalogues

from mahjong_engine.rules import RULE_SET_KEYS, get_rule_set
from mahjong_engine.rules.filipino import GLOSSARY_TERMS
from mahjong_ui.learn.glossary import section_links
from mahjong_ui.learn.glossary_terms import TERMS
from mahjong_ui.learn.model import DOMAINS, SECTIONS

ROOT = Path(__file__).resolve().parents[2]
KEYLIKE = re.compile(r"^(?:def|gloss|cite|glossary|glossary_title|ui|reading)\.[\w.-]+$")


@pytest.fixture(scope="module", params=LANGS)
def glossary(request):
    cats = catalogues(request.param)
    pages = {key: build_page(key, cats) for key in RULE_SET_KEYS}
    return cats, pages, {t.id: t for t in build_glossary(cats, pages)}


def _table(lang: str) -> dict[str, str]:
    return json.loads((ROOT / "static" / "i18n" / lang / "glossary.json").read_text("utf-8"))


def test_glossary_is_a_domain_the_page_loads():
    assert "glossary" in DOMAINS


def test_every_term_defined_glossed_and_cited(glossary):
    cats, _pages, terms = glossary
    assert len(terms) == len(TERMS)
    for term in terms.values():
        assert term.title and term.definition and term.cite, term.id
        for text in (term.title, term.definition, term.gloss, term.cite, term.alt, term.printed):
            assert not KEYLIKE.match(text), (term.id, text)
        assert cats.t(f"glossary.cite.{term.id}") in term.cite
        if term.rules != "filipino":
            assert term.gloss, term.id
        assert term.lang and cats.known(f"glossary.ui.lang.{term.lang}"), term.id
        for key, text in term.readings:
            assert text and not text.startswith("reading."), (term.id, key)


def test_definitions_are_translations_not_copies():
    tables = {lang: _table(lang) for lang in LANGS}
    defs = [k for k in tables["en"] if k.startswith("def.")]
    assert len(defs) > 100
    for key in defs:
        assert len({tables[lang][key] for lang in LANGS}) == 3, key


def test_title_is_the_documents_word_in_every_language():
    titles = {lang: {t.id: t.title for t in build_glossary(
        catalogues(lang), {k: build_page(k, catalogues(lang)) for k in RULE_SET_KEYS})}
        for lang in LANGS}
    changed = {i for i in titles["en"] if len({titles[lang][i] for lang in LANGS}) > 1}
    # only the Filipino "10,000" / "10.000" headword is written per number format
    assert changed == {"10000"}


def test_ids_stable_unique_readable():
    ids = [d.id for d in TERMS]
    assert len(ids) == len(set(ids))
    for d in TERMS:
        assert re.fullmatch(r"[a-z0-9_]+", d.id if d.rules == "filipino" else d.id.split("-", 1)[1]), d.id
        if d.rules != "filipino":
            assert d.id.startswith(f"{d.rules}-"), d.id
    assert {"mano", "bunot", "puro", "harang", "jai_alai", "macau_1988-kai_vu", "cayro-escalera",
            "serralheiro_2003-familia"} <= set(ids)


def test_links_land_on_existing_elements(glossary):
    cats, pages, terms = glossary
    for term in terms.values():
        assert term.links, term.id
        for link in term.links + term.same:
            if link.kind == "section":
                rules, sid = link.route.split("/")[1:]
                assert rules == term.rules and sid in SECTIONS, link
                assert link.target == f"learn-{rules}-{sid}"
                assert pages[rules].section(sid).title in link.label
            elif link.kind == "entry":
                rules, _, key = link.route.split("/")[1:]
                assert key in {e.key for e in get_rule_set(rules).entries}, link
                assert link.target == f"entry-{key}"
                assert cats.t(f"{rules}.item.{key}") in link.label
            else:
                assert link.kind in ("see", "same")
                target = link.route.split("/")[-1]
                assert target in terms and link.target == f"gloss-{target}", link
        for link in term.same:
            assert terms[link.route.split("/")[-1]].rules != term.rules


def test_concepts_link_the_same_idea_across_documents():
    concepts: dict[str, set[str]] = {}
    for d in TERMS:
        if d.concept:
            concepts.setdefault(d.concept, set()).add(d.rules)
    assert all(len(docs) >= 2 for docs in concepts.values()), concepts
    assert concepts["kong"] == set(RULE_SET_KEYS) and concepts["pung"] == set(RULE_SET_KEYS)


def test_every_scoring_entry_is_linked_from_a_term():
    for key in RULE_SET_KEYS:
        linked = {e for d in TERMS if d.rules == key for e in d.entries.split()}
        assert linked == {e.key for e in get_rule_set(key).entries}, key


def test_readings_of_uncertain_terms():
    by_id = {d.id: d for d in TERMS}
    assert "macau_1988.ocr_terms" in by_id["macau_1988-ch_ing_iu"].readings
    assert "macau_1988.ocr_terms" in by_id["macau_1988-chun_chu"].readings
    assert by_id["macau_1988-trunfos"].printed.startswith("«runfos»")
    assert "cayro.first_tiles_terminals" in by_id["cayro-fichas_de_primera"].readings
    assert "cayro.loose_tile" in by_id["cayro-ficha_suelta"].readings
    assert "serralheiro_2003.family_is_suit" in by_id["serralheiro_2003-familia"].readings
    assert "filipino.glossary_only_terms" in by_id["pow"].readings
    # every reading a term shows exists in the three languages
    for lang in LANGS:
        cats = catalogues(lang)
        for d in TERMS:
            for key in d.readings.split():
                domain, _, name = key.partition(".")
                assert cats.known(f"{domain}.reading.{name}"), (lang, key)


def test_the_issues_named_filipino_terms(glossary):
    cats, _pages, terms = glossary
    for tid in ("mano", "bunot", "puro", "harang", "jai_alai"):
        term = terms[tid]
        assert term.title == cats.t(f"filipino.glossary_title.{tid}")
        assert term.definition == cats.t(f"filipino.glossary.{tid}")
        assert "Glossário / Glossary" in term.cite and term.gloss
        assert any(link.kind == "section" for link in term.links), tid
    assert {t.id for t in terms.values() if t.rules == "filipino"} >= set(GLOSSARY_TERMS)
    assert any(link.route == "learn/filipino/scoring/bunot" for link in terms["bunot"].links)


def _titles(terms, rules: str) -> str:
    return " ".join(t.title for t in terms.values() if t.rules == rules).casefold()


def test_the_documents_terms_are_there(glossary):
    _cats, _pages, terms = glossary
    macau = _titles(terms, "macau_1988")
    for word in ("«p'ong»", "«kong»", "«ch'i»", "«trunfos»", "«roda»", "«chong»", "«fan»",
                 "«a chamar»", "«chit vu»", "«nulo»", "«kai vu»", "«fan» dobrado"):
        assert word.casefold() in macau, word
    serralheiro = _titles(terms, "serralheiro_2003")
    for word in ("família", "pares na régua", "dragão", "limite", "1/2 limite", "trocas",
                 "abridor", "flores", "estações"):
        assert word in serralheiro, word
    cayro = _titles(terms, "cayro")
    for word in ("escalera", "trío", "póquer", "combinaciones expuestas", "combinaciones ocultas",
                 "primas", "dobles", "ficha suelta", "«este»", "pareja"):
        assert word in cayro, word
    assert terms["cayro-escalera"].alt.endswith("run (or show)")


def test_every_cantonese_item_name_of_the_portaria_has_an_entry(glossary):
    cats, _pages, terms = glossary
    names = {n.casefold() for t in terms.values() if t.rules == "macau_1988"
             for n in re.findall(r"«([^»]+)»", t.title)}
    for key in cats.keys("macau_1988", "item."):
        for name in re.findall(r"«([^»]+)»", cats.domain("macau_1988").t(key)):
            n = name.casefold()
            assert n in names or n.rstrip("s") in names, (key, name)


def test_rules_pages_link_back_to_the_glossary(glossary):
    cats, _pages, terms = glossary
    links = section_links(cats, "macau_1988", "scoring")
    assert "gloss-macau_1988-kai_vu" in {link.target for link in links}
    for key in RULE_SET_KEYS:
        for sid in SECTIONS:
            for link in section_links(cats, key, sid):
                tid = link.route.split("/")[-1]
                assert terms[tid].rules == key
                assert f"learn/{key}/{sid}" in {x.route for x in terms[tid].links}
    assert section_links(cats, "cayro", "nowhere") == []


def test_entry_routes_from_the_glossary():
    from mahjong_ui.learn.routes import parse_route
    assert parse_route("#learn/cayro/scoring/loose_tile", "cayro") == ("cayro", "scoring/loose_tile", True)
    assert parse_route("#learn/glossary/macau_1988-kai_vu", "cayro") == \
        ("glossary", "macau_1988-kai_vu", True)
    assert parse_route("#learn/glossary/doc-filipino", "cayro") == ("glossary", "doc-filipino", True)
    assert parse_route("#learn/cayro/setup/x", "cayro")[2] is False
    assert parse_route("#learn/cayro/scoring/a/b", "cayro")[2] is False


def test_learn_routes_take_a_language_and_keep_their_rule_set():
    from mahjong_ui.learn.routes import parse_route
    # a query (read by the page shell: ?lang=es) is not part of the route
    assert parse_route("#learn/cayro?lang=es", "macau_1988") == ("cayro", None, True)
    assert parse_route("#learn/cayro/lesson?lang=pt", "macau_1988") == ("cayro", "lesson", True)
    assert parse_route("#learn/glossary?lang=en", "cayro") == ("glossary", None, True)
    # an unknown part after a rule set: that rule set's page, flagged as a bad route
    assert parse_route("#learn/cayro/nonsense", "macau_1988") == ("cayro", None, False)
    assert parse_route("#learn/filipino/setup/x/y", "macau_1988") == ("filipino", None, False)
    assert parse_route("#learn/nowhere", "serralheiro_2003") == ("serralheiro_2003", None, False)
