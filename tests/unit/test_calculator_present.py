"""The calculator's presenter (``calculator.present``) under CPython: the live parts of the
form as a typed model, every word from the catalogues (pt, en, es), the refusals worded."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_ui.calculator.model import CalcError, CalcState, from_query
from mahjong_ui.calculator.present import embed_code, present_live
from mahjong_ui.calculator.text import DOMAINS, calculator_translator
from mahjong_ui.i18n import LANGS, Translator

ROOT = Path(__file__).resolve().parents[2]
FIELDS = ("concealed", "flowers", "stake")


def texts(lang: str) -> Translator:
    return calculator_translator({(code, d): json.loads((ROOT / "static/i18n" / code / f"{d}.json")
                                                        .read_text("utf-8"))
                                  for code in {lang, "en"} for d in DOMAINS}, lang)


def catalogue(lang: str, domain: str = "calculator") -> dict[str, str]:
    return json.loads((ROOT / "static/i18n" / lang / f"{domain}.json").read_text("utf-8"))


@pytest.mark.parametrize("lang", LANGS)
def test_an_empty_hand_says_so_in_every_language(lang):
    model = present_live(texts(lang), CalcState(rules="macau_1988"), {}, [], FIELDS)
    words = catalogue(lang)
    assert model.hand_note == words["hand.empty"] and model.hand == [] and model.flowers == []
    assert model.melds_note == words["meld.none"] and model.pending_note == words["build.empty"]
    assert model.field_errors == {name: "" for name in FIELDS} and model.messages == []
    assert model.compare_label == words["compare.show"] and not model.compare_pressed
    assert model.compared == [] and model.win == "" and model.win_choices == []
    assert catalogue(lang, "ui")["rules.macau_1988"] in model.result_title


def test_the_hand_its_winning_tile_sets_and_flowers():
    state, errors = from_query("c=123m456p789s11z55z5z&w=5z&m=p777m&f=2f&rules=filipino")
    assert not errors
    model = present_live(texts("en"), state, {}, [], FIELDS)
    assert [t.notation for t in model.hand] == state.concealed
    wins = [t for t in model.hand if t.is_win]
    assert len(wins) == 1 and wins[0].index == max(i for i, x in enumerate(state.concealed) if x == "5z")
    assert wins[0].label.endswith("(winning tile)") or "(" in wins[0].label
    assert model.hand_note == "" and model.win == "5z"
    assert [n for n, _ in model.win_choices] == list(dict.fromkeys(state.concealed))
    assert model.win_choices[0][1].startswith("1m · ")
    assert [(m.code, m.tiles) for m in model.melds] == [("p777m", "777m")]
    assert "777m" in model.melds[0].remove_label
    assert [t.notation for t in model.flowers] == ["2f"]
    assert model.concealed_text and model.flowers_text == "2f"


def test_refusals_are_worded_where_they_belong():
    state = CalcState(rules="cayro")
    errors = {"concealed": CalcError("notation.unexpected_character", char="x"),
              "meld": CalcError("meld.not_a_meld")}
    model = present_live(texts("pt"), state, errors, [CalcError("hand.too_many_copies")], FIELDS)
    assert model.field_errors["concealed"] and not model.field_errors["flowers"]
    assert model.meld_error and model.meld_error != "meld.not_a_meld"
    assert len(model.messages) == 1 and model.messages[0] != "hand.too_many_copies"


def test_comparison_names_every_rule_set():
    state = CalcState(rules="cayro", compare=True)
    model = present_live(texts("es"), state, {}, [], FIELDS)
    assert model.compare_pressed and model.compare_title == catalogue("es")["compare.label"]
    assert [key for key, _ in model.compared][:4] == ["macau_1988", "filipino", "serralheiro_2003",
                                                       "cayro"]
    assert all(name for _, name in model.compared)


def test_embed_code_escapes_its_title_and_address():
    code = embed_code("https://x.test/", CalcState(rules="cayro"), "pt", 'Mão "x"')
    assert code.startswith('<iframe src="https://x.test/static/embed.html?')
    assert "&amp;lang=pt&amp;score=1" in code and 'title="Mão &quot;x&quot;"' in code
