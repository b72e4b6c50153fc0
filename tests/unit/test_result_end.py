"""The result dialog's losers and the match's end (issue 26): in the rule sets that value
every hand (Serralheiro, Cayro) each loser is folded under a control of his own, naming him
and his value, with his items inside; the match's end offers New match, Keep watching
(the computer plays the next match, the choice kept) and Hands of this match."""
from __future__ import annotations

import json
import re

import pytest

from test_table_controller import catalogues  # puts py/ on the path first
from mahjong_ui.storage import DictStorage
from mahjong_ui.table.controller import TableController
from mahjong_ui.table.render import ViewState, render
from mahjong_ui.table.session import TableSession
from mahjong_ui.table.store import SETTINGS_KEY, TableStore
from test_match_end import finished
from test_table_board import cat_for




def won_hand(rules: str) -> TableController:
    """A watched hand played to a win (not a draw), the first seed that gives one."""
    for seed in range(1, 30):
        c = TableController(rules, seed=seed, watch=True)
        while c.awaiting() == "computer":
            c.step()
        result = c.model()["result"]
        if result is not None and not result["draw"] and (result.get("record") or {}).get("losers"):
            return c
    raise AssertionError("no hand won with valued losers")


@pytest.mark.parametrize("rules", ("serralheiro_2003", "cayro"))
@pytest.mark.parametrize("lang", ("pt", "en", "es"))
def test_each_loser_is_folded_with_his_items(rules, lang):
    c = won_hand(rules)
    model = c.model()
    losers = [x for x in model["result"]["record"]["losers"] if x is not None]
    html = render(cat_for(rules, lang), model, ViewState())
    folds = re.findall(r'<details class="res-loser"[^>]*data-value="(-?\d+)"[^>]*>(.*?)</details>',
                       html, re.S)
    assert [int(v) for v, _ in folds] == [x["value"] for x in losers]
    for (value, body), loser in zip(folds, losers, strict=True):
        summary = re.search(r"<summary[^>]*>(.*?)</summary>", body, re.S)
        assert summary and value in summary.group(1)
        assert "result.dialog" not in body                    # every word from the catalogue
        if loser.get("items"):
            assert body.count("<li data-item=") == len(loser["items"])
        else:
            assert 'class="res-note"' in body
    assert "<details class=\"res-loser\" open" not in html     # folded until asked


@pytest.mark.parametrize("rules,lang", (("macau_1988", "en"), ("filipino", "es"), ("macau_1988", "pt")))
def test_the_match_end_offers_new_match_keep_watching_and_the_hands(rules, lang):
    c = finished(rules)
    html = render(cat_for(rules, lang), c.model(), ViewState())
    foot = html[html.index('<footer class="res-foot">'):]
    for testid in ("match-new", "match-watch", "match-hands"):
        assert f'data-testid="{testid}"' in foot
    assert "match_end.keep_watching" not in html


def test_keep_watching_starts_a_watched_match_and_keeps_the_choice():
    storage = DictStorage()
    s = TableSession(TableStore(storage), catalogues("en"), "macau_1988")
    s.restore(None)
    s.controller = finished("macau_1988")
    s.vs.watch = False
    assert s.act("match-watch")
    assert s.controller is not None and not s.controller.match.over
    assert s.controller.watch and s.vs.watch
    assert json.loads(storage.items[SETTINGS_KEY])["watch"] is True
