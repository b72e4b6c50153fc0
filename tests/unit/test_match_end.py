"""The end of a match (issue 26): the ledger replayed from a finished match adds up to
the match's balances and markers, the ranking follows them, and the chart (pure SVG)
carries one line per player labelled in the visitor's language."""
from __future__ import annotations

import re

import pytest

from test_table_controller import catalogues  # noqa: F401  (puts py/ on the path first)
from mahjong_ui.charts import Series, line_chart
from mahjong_ui.table.controller import TableController
from mahjong_ui.table.match_end import standings
from mahjong_ui.table.render import ViewState, render
from test_table_board import cat_for


def finished(rules: str, seed: int = 5) -> TableController:
    c = TableController(rules, seed=seed, watch=True)
    for _ in range(40):
        while c.awaiting() == "computer":
            c.step()
        c.awaiting()
        if c.match.over:
            return c
        c.next_hand()
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("rules", ("macau_1988", "filipino"))
def test_match_end_ranks_the_players(rules):
    c = finished(rules)
    model = c.model()
    hands = model["match"]["ledger"]
    assert len(hands) == c.match.hands_played
    markers = model["match"]["settlement"] == "markers"
    rows = standings(hands, markers)
    totals = c.match.markers if markers else c.match.balances
    for row in rows:
        assert row["total"] == totals[row["player"]]
        assert row["won"] == c.match.wins[row["player"]]
        assert row["running"][-1] == row["total"]
    assert [r["total"] for r in rows] == sorted((r["total"] for r in rows), reverse=True)
    for lang in ("pt", "en", "es"):
        html = render(cat_for(rules, lang), model, ViewState())
        assert html.count('data-testid="match-end"') == 1
        assert html.count('class="res-rank-row"') == 4
        assert 'data-testid="match-new"' in html and 'data-action="next"' not in html
        assert html.count("<polyline") == 4
        assert "match_end." not in html          # every word found in the catalogue
        assert html.index('data-testid="match-end"') < html.index('data-testid="payments"')


def test_chart_draws_each_series_from_zero():
    svg = line_chart([Series("Você", [10, -20, 5]), Series("B", [-10, 20, -5])],
                     "Saldos", "Mão", "Saldo")
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert "<title id=\"chart-title\">Saldos</title>" in svg and ">Mão<" in svg and ">Saldo<" in svg
    lines = re.findall(r'<polyline points="([^"]+)"', svg)
    assert len(lines) == 2 and all(len(p.split()) == 4 for p in lines)
    # both start at step 0 on the zero line
    assert lines[0].split()[0] == lines[1].split()[0]
    assert "Você: 10, -20, 5" in svg
