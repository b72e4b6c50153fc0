"""An added kong on the table (issue 26), as each document shows it: none of the four
documents lays an added kong apart from any other exposed kong (Portaria art. 4.º (5): the
fourth tile bought to a «p'ông» on the table makes a «kóng» that is also called open;
Cayro: «también se descubrirá»; Serralheiro and the Filipino page say nothing more), so it
is drawn as the exposed kong it is: four tiles face up, the pung's claimed tile still
turned toward the seat it came from."""
from __future__ import annotations

import re

import pytest

from test_table_controller import catalogues  # noqa: F401  (puts py/ on the path first)
from builders import pung_then_draw_the_fourth
from mahjong_engine.game import Discard, Kong, KongSource, Pass
from mahjong_engine.game.scenario import stacked_state
from mahjong_engine.notation import parse_tile
from mahjong_ui.table.controller import TableController
from mahjong_ui.table.render import ViewState, render
from test_table_board import cat_for

RULES = ("macau_1988", "filipino", "serralheiro_2003", "cayro")
HANDS = ["19m19p19s1234567z5p", "55p123m456m789m12s", "222s333s444s666s7s", "46p888m555s999s77z"]
EXTRA = ["666p", "777p", "888p", "111p"]
T = parse_tile


def added_kong_state(rules: str):
    hands = [h + x for h, x in zip(HANDS, EXTRA, strict=True)] if rules == "filipino" else HANDS
    state = stacked_state(rules, hands, draws="1z2z3z5p", replacements="", exchanges=False)
    state.apply(Discard(0, T("5p")))
    pung_then_draw_the_fourth(state)
    state.apply(Kong(1, T("5p"), KongSource.ADDED))
    state.apply(Pass(3))
    return state


@pytest.mark.parametrize("rules", RULES)
def test_an_added_kong_is_an_open_kong_with_its_pungs_turned_tile(rules):
    c = TableController(rules, seed=1)
    c.state = added_kong_state(rules)
    html = render(cat_for(rules), c.model(), ViewState())
    kongs = re.findall(r'<span class="tbl-meld" role="group" data-kind="kong" data-concealed="false"'
                       r'.*?</span></span>', html, re.S)
    assert len(kongs) == 1, html
    kong = kongs[0]
    tiles = re.findall(r'<span class="tile([^"]*)"[^>]*data-tile="([^"]+)"', kong)
    assert [t for _, t in tiles] == ["5p"] * 4
    assert kong.count("data-from=") == 1                     # the pung's claimed tile, turned
    assert 'data-from="left"' in kong                       # seat 0's discard, on seat 1's left
    assert all("back" not in cls and "is-turned" not in cls for cls, _ in tiles)   # all face up
