"""The page asks the rule set (issue 14): no rule-set key is written in ``py/mahjong_ui``;
a rule set registered at run time (a variant of one of the four, with its own key, declared
here alone) gets a table and a calculator from its class data, and falls back on its
parent's catalogue and presentation where it declares none of its own."""
from __future__ import annotations

import ast
import json
from dataclasses import replace
from pathlib import Path

import pytest

from mahjong_engine import rules as registry
from mahjong_engine.rules import RULE_SET_KEYS, registered_keys
from mahjong_engine.rules.cayro import Cayro
from mahjong_engine.rules.filipino import Filipino
from mahjong_ui.calculator.model import CalcState, evaluate, from_query
from mahjong_ui.calculator.text import DOMAINS as CALC_DOMAINS, calculator_translator
from mahjong_ui.names import rules_name
from mahjong_ui.present import present_score
from mahjong_ui.table.catalogue import DOMAINS as TABLE_DOMAINS, table_domains, table_translator
from mahjong_ui.table.controller import TableController
from mahjong_ui.table.layout import face_down
from mahjong_ui.table.params import parse
from mahjong_ui.table.render import ViewState, render

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "py" / "mahjong_ui"


def key_literals(path: Path) -> list[tuple[int, str]]:
    """(line, value) of every string constant that is a rule-set key."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and node.value in RULE_SET_KEYS]


def test_the_scan_finds_a_key():
    assert key_literals(ROOT / "py" / "mahjong_engine" / "rules" / "filipino.py")


def test_no_rule_set_key_written_in_the_page():
    found = [f"{path.relative_to(ROOT)}:{line}: {value!r}"
             for path in sorted(UI.rglob("*.py")) for line, value in key_literals(path)]
    assert not found, "ask the rule set or its catalogue:\n" + "\n".join(found)


# ---------------------------------------------------------------- a fifth rule set
class Vientos(Cayro):
    """Cayro as a club plays it: the banker is «Mano», the layout and the rest Cayro's."""
    key = "cayro_vientos"
    presentation = replace(Cayro.presentation, banker_term="term.mano")


class Bisaya(Filipino):
    """The Filipino rules under another name: nothing of its own to show."""
    key = "filipino_bisaya"


@pytest.fixture
def variants():
    registry.register(Vientos)
    registry.register(Bisaya)
    yield Vientos, Bisaya
    registry.unregister(Vientos.key)
    registry.unregister(Bisaya.key)


def _tables(domains, lang="en") -> dict[str, dict[str, str]]:
    out = {}
    for domain in domains:
        path = ROOT / "static" / "i18n" / lang / f"{domain}.json"
        out[domain] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    return out


def test_registered_variants_are_known(variants):
    assert registered_keys()[-2:] == ("cayro_vientos", "filipino_bisaya")
    assert parse("rules=cayro_vientos").rules == "cayro_vientos"
    assert Vientos.lineage() == ("cayro_vientos", "cayro")
    impostor = type("Impostor", (Cayro,), {"key": "cayro"})
    with pytest.raises(ValueError):
        registry.register(impostor)


def test_table_model_of_a_variant(variants):
    cat = table_translator()
    for domain, table in _tables(TABLE_DOMAINS).items():
        cat.add("en", domain, table)
    # the variant's own catalogue says only its name
    cat.add("en", "cayro_vientos", {"name": "Cayro (club)"})
    cat.domains = table_domains("cayro_vientos")
    c = TableController("cayro_vientos", seed=11, watch=True)
    assert c.state.rules.key == "cayro_vientos"
    model = c.model()
    assert model["rules"] == "cayro_vientos"
    # the same deal and table as its parent's for the same seed
    parent = TableController("cayro", seed=11, watch=True).model()
    assert {k: v for k, v in model.items() if k != "rules"} == \
        {k: v for k, v in parent.items() if k != "rules"}
    html = render(cat, model, ViewState())
    assert cat.t("term.mano") in html                      # its own banker term
    assert cat.t("term.east") not in html
    assert cat.t("name") == "Cayro (club)"                  # its own entry
    assert cat.t("term.pung") == _tables(["cayro"])["cayro"]["term.pung"]   # the parent's
    # the parent's kong layout: a concealed kong lies face up, as in Cayro
    assert not any(face_down("cayro_vientos", "kong", True, i, 4, False) for i in range(4))
    # a few moves (a whole hand, to its settlement, is the engine's fifth-rule-set test)
    for _ in range(12):
        assert c.step()
        assert render(cat, c.model(), ViewState())
    # the Filipino variant: the parent's words for the banker and the win
    c = TableController("filipino_bisaya", seed=3)
    cat.domains = table_domains("filipino_bisaya")
    model = c.model()
    assert Bisaya.presentation is Filipino.presentation
    assert cat.t(Bisaya.presentation.banker_term) in render(cat, model, ViewState())


def test_calculator_model_of_a_variant(variants):
    query = "rules=cayro_vientos&c=567p888s22z&w=6p&m=c234m,K5555m&f=16f&win=discard&seat=S&round=E"
    state, errors = from_query(query)
    assert not errors and state.rules == "cayro_vientos"
    assert state.to_query() == query
    outcome = evaluate(state)
    assert outcome["status"] == "score"
    parent = evaluate(state, "cayro")
    assert outcome["result"]["total"] == parent["result"]["total"]
    assert [i["key"] for i in outcome["result"]["items"]] == \
        [i["key"] for i in parent["result"]["items"]]
    texts = calculator_translator()
    for domain, table in _tables(CALC_DOMAINS).items():
        texts.add("en", domain, table)
    view = present_score(texts.domain(), outcome["result"])
    parent_view = present_score(texts.domain(), parent["result"])
    assert [line.name for line in view.items] == [line.name for line in parent_view.items]
    assert all(not line.name.startswith("item.") for line in view.items)
    assert rules_name(texts, "cayro_vientos") == texts.domain("cayro").t("name")
    texts.add("en", "cayro_vientos", {"name": "Cayro (club)"})
    assert rules_name(texts, "cayro_vientos") == "Cayro (club)"
    assert evaluate(CalcState(rules="filipino_bisaya"))["status"] == "incomplete"
