"""What Keep score shows, without a browser (issue 27): the number pad, each hand as one
line (who, how, from whom, the value, the items or "counted at the table"), the ranking,
the chart of the running balances (one SVG for Keep score's and the table's match end)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mahjong_ui.charts import balance_chart, running_balances
from mahjong_ui.i18n import LANGS
from mahjong_ui.keep.model import Match
from mahjong_ui.keep.numpad import press
from mahjong_ui.keep.present import chart, hand_line, ranking
from mahjong_ui.calculator.text import calculator_translator
from mahjong_ui.i18n import Translator
from mahjong_ui.keep.text import DOMAINS
from mahjong_ui.names import item_name

from builders import CHOWS, PLAYERS

ROOT = Path(__file__).resolve().parents[2]


def texts(lang: str) -> Translator:
    out = calculator_translator(lang=lang)
    for code in {lang, "en"}:
        for domain in DOMAINS:
            path = ROOT / "static" / "i18n" / code / f"{domain}.json"
            if path.exists():
                out.add(code, domain, json.loads(path.read_text("utf-8")))
    return out


def test_number_pad() -> None:
    text = ""
    for key in "30":
        text = press(text, key)
    assert text == "30"
    assert press("30", "back") == "3" and press("30", "clear") == ""
    assert press("0", "5") == "5" and press("999999", "9") == "999999"
    assert press("12", "x") == "12"


MATCH = Match("macau_1988", list(PLAYERS), {"stake": "100/200"}, [
    {"winner": 2, "win": "discard", "discarder": 3, "count": {"fan": 1}},
    {"winner": 0, "win": "self_drawn", "concealed": CHOWS, "win_tile": "5p", "melds": []},
    {"draw": True},
    {"false_win": 1},
])


@pytest.mark.parametrize("lang", LANGS)
def test_each_hand_says_who_how_from_whom_the_value_and_the_items(lang: str) -> None:
    words, ledger = texts(lang), MATCH.ledger()
    counted = hand_line(words, MATCH, ledger, 0)
    assert "Carla" in counted.what and "Duarte" in counted.what and "1" in counted.what
    assert counted.counted and counted.items == words.domain("keep").t("hands.counted")
    tiles = hand_line(words, MATCH, ledger, 1)
    assert "Ana" in tiles.what and words.t("win.self_drawn") in tiles.what
    assert item_name(words, "macau_1988", "all_chows") in tiles.items and not tiles.counted
    assert hand_line(words, MATCH, ledger, 2).what == words.domain("keep").t("hands.draw")
    assert "Bento" in hand_line(words, MATCH, ledger, 3).what
    for i in range(4):
        line = hand_line(words, MATCH, ledger, i)
        assert not re.search(r"\{\w+\}|\b(hands|win|item)\.\w", line.what + line.items)


def test_ranking_and_chart() -> None:
    ledger = MATCH.ledger()
    places = ranking(MATCH, ledger)
    assert [p[2] for p in places] == sorted(ledger.balances, reverse=True)
    assert places[0][0] == 1
    svg = chart(texts("pt"), MATCH, ledger)
    assert svg.startswith("<svg") and svg.count("<polyline") == 4
    assert "Saldos" in svg and all(name in svg for name in PLAYERS)


def test_chart_is_pure_and_escapes_names() -> None:
    running = running_balances([[10, -10, 0, 0], [0, 5, -5, 0]])
    assert running == [[10, -10, 0, 0], [10, -5, -5, 0]]
    svg = balance_chart(["<a>", "B", "C", "D"], running, "Title & co", "Hands")
    assert "<a>" not in svg and "&lt;a&gt;" in svg and "Title &amp; co" in svg
    assert balance_chart(["A", "B", "C", "D"], [], "t", "h").count("<polyline") == 4
