"""Learn mode's rules-page model (pure Python): every section of every rule set in every
language, every scoring entry on its page, examples checked by the engine, glossary."""
from __future__ import annotations

import re

import pytest

from _learn_helpers import LANGS, build_glossary, build_page, catalogues

from mahjong_engine import HandDescription, parse_tiles
from mahjong_engine.rules import RULE_SET_KEYS, get_rule_set
from mahjong_ui.learn import SECTIONS, example_hand

UNRESOLVED = re.compile(r"^(?:learn|cite|tiles|setup|unit|claim|item|form|reading|term)\.[a-z_.0-9]+$", re.M)


@pytest.fixture(scope="module", params=LANGS)
def pages(request):
    cats = catalogues(request.param)
    return cats, {key: build_page(key, cats) for key in RULE_SET_KEYS}


def test_every_section_present_cited_and_translated(pages):
    _cats, built = pages
    for key, page in built.items():
        assert [s.id for s in page.sections] == list(SECTIONS)
        for section in page.sections:
            assert section.cite and section.title, (key, section.id)
            unresolved = UNRESOLVED.findall(section.text())
            assert not unresolved, (key, section.id, unresolved)


def test_every_scoring_entry_on_its_page(pages):
    cats, built = pages
    for key, page in built.items():
        rows = [row for b in page.section("scoring").blocks if b.kind == "table" for row in b.rows]
        entries = get_rule_set(key).entries
        assert sorted(r["key"] for r in rows) == sorted(e.key for e in entries)
        by_key = {r["key"]: r for r in rows}
        for entry in entries:
            row = by_key[entry.key]
            assert row["name"] == cats.t(f"{key}.item.{entry.key}")
            assert entry.citation.section in row["cite"]
            amount = int(entry.amount) if float(entry.amount).is_integer() else entry.amount
            assert str(amount) in row["amount"]


@pytest.mark.parametrize("key", RULE_SET_KEYS)
def test_examples_win_under_their_form(key):
    rules = get_rule_set(key)
    for form in rules.forms:
        text = example_hand(key, form.key)
        assert text, form.key
        tiles = tuple(parse_tiles(text))
        hand = HandDescription(rules=key, concealed=tiles, win_tile=tiles[-1])
        assert any(a.form == form.key for a in rules.arrangements(hand))


def test_historical_status_and_readings(pages):
    cats, built = pages
    status = built["macau_1988"].section("status").text()
    assert cats.t("macau_1988.reading.provisional_regulation") in status
    for key, page in built.items():
        readings = page.section("readings").text()
        for k in cats.keys(key, "reading."):
            assert cats.domain(key).t(k) in readings


def test_glossary_terms_link_to_pages(pages):
    cats, built = pages
    terms = build_glossary(cats, built)
    ids = {t.id for t in terms}
    assert {"mano", "bunot", "puro", "harang", "jai_alai"} <= ids
    assert any(t.rules == "macau_1988" and t.title.startswith("«") for t in terms)
    assert any(t.rules == "serralheiro_2003" for t in terms) and any(t.rules == "cayro" for t in terms)
    for term in terms:
        assert term.links and all(link.route.startswith("learn/") for link in term.links)
        assert term.definition and term.cite
    assert len(ids) == len(terms)


@pytest.mark.parametrize("key", RULE_SET_KEYS)
def test_example_wall_is_rolled_by_the_engine(key):
    """The drawn wall of the setup section is an opening rolled by the engine's open_wall,
    counted from the end each document names (Portaria art. 2.º and the Filipino text: the
    banker's own side from the right; Serralheiro §4 a, §5 a: the «abridor» from the right,
    the «dragão» beside the breach; Cayro: from the left of the opener's side)."""
    from mahjong_ui.learn.model import example_opening
    wall = example_opening(key)
    rules = get_rule_set(key)
    assert 1 <= wall["count"] < wall["stacks"] == rules.wall_stacks
    assert sum(wall["rolls"][0]) >= len(wall["rolls"][0])
    assert wall["from"] == ("left" if key == "cayro" else "right")
    assert wall["dragon"] is (key == "serralheiro_2003")
    if key in ("macau_1988", "filipino"):
        assert wall["side"] == 0 and wall["count"] == sum(wall["rolls"][0])
    else:
        assert wall["side"] == (sum(wall["rolls"][0]) - 1) % 4 != 0
    if key == "cayro":
        assert wall["count"] == sum(wall["rolls"][1])
    text = build_page(key, catalogues("en")).sections[2].blocks
    assert any(b.kind == "p" and f"= {sum(wall['rolls'][0])}" in b.text for b in text)
