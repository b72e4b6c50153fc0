"""What the calculator shows of a score, for every hand of tests/unit/test_calculator_model.py's
HANDS (moved from tests/browser/test_calculator.py, which now opens one hand a rule set): the
items, by their catalogue names and the engine's amounts and citations, the payments and
Macau's grade, as ``render_outcome`` words them (``present_score`` and the catalogues), against
the engine's command line."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_ui.calculator.model import evaluate, from_query
from mahjong_ui.calculator.text import DOMAINS, calculator_translator
from mahjong_ui.i18n import Translator
from mahjong_ui.present.result import present_score
from test_calculator_model import HANDS, cli_score

ROOT = Path(__file__).resolve().parents[2]


def english() -> Translator:
    return calculator_translator({("en", d): json.loads((ROOT / "static/i18n/en" / f"{d}.json")
                                                        .read_text("utf-8")) for d in DOMAINS})


@pytest.mark.parametrize("query", HANDS)
def test_items_payments_and_grade_are_the_engines(query):
    texts = english()
    state, errors = from_query(query)
    assert not errors
    expected = cli_score(state.description())
    outcome = evaluate(state)
    assert outcome["status"] == "score"
    view = present_score(texts.domain(), outcome["result"], lambda wind: texts.t(f"wind.{wind}"))
    rules = expected["rules"]
    catalogue = json.loads((ROOT / "static/i18n/en" / f"{rules}.json").read_text("utf-8"))
    assert [(i.key, i.amount) for i in view.items] == [(i["key"], i["amount"]) for i in expected["items"]]
    assert [i.name for i in view.items] == [catalogue[f"item.{i['key']}"] for i in expected["items"]]
    assert [i.citation for i in view.items] == [i["citation"] for i in expected["items"]]
    assert {row.wind: row.amount for row in view.payments} == expected.get("payments", {})
    assert outcome["result"]["total"] == expected["total"]
    grade = expected.get("details", {}).get("grade")
    if grade is not None:        # Macau: the grade, named by the rule set's catalogue
        assert texts.domain(rules).known(f"grade.{grade}")
        assert texts.domain(rules).t(f"grade.{grade}") == catalogue[f"grade.{grade}"]
