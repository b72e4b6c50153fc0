"""Editing a kept hand and recording it unchanged keeps every field of the hand (issue 30:
``last_tile``, ``opener_wind``, the liability facts… were dropped, moving a Cayro match's
balances from -42/+126 to -32/+96). Every kind of hand of the four rule sets, by tiles and
by counts, goes through the form and back."""
from __future__ import annotations

from typing import Any

import pytest

from mahjong_ui.keep.export import dice_needed
from mahjong_ui.keep.form import HandForm
from mahjong_ui.keep.model import Match, values_losers

from builders import CHOWS, PLAYERS, SEVENTEEN

MACAU = [
    {"winner": 2, "win": "discard", "discarder": 3, "concealed": "123m456p789s555z88m",
     "win_tile": "8m", "melds": [], "capital": 900,
     "liability": {"discarder_hand": "1239m", "discarder_melds": 3, "visible": "5z"}},
    {"winner": 1, "win": "self_drawn", "count": {"fan": 2}},
    {"winner": 0, "win": "discard", "discarder": 1, "count": {"fan": 1, "liable": "broke_set"}},
    {"winner": 3, "win": "kong_replacement", "concealed": "123m456p789s55p", "win_tile": "5p",
     "melds": [{"kind": "kong", "tiles": "1111z", "concealed": True}], "successive_kongs": True},
    {"draw": True},
    {"false_win": 1},
    {"winner": 1, "win": "discard", "concealed": CHOWS, "win_tile": "5p", "melds": [],
     "first_turn": True},
    {"winner": 2, "win": "self_drawn", "count": {"items": ["pure_one_suit", "dragon_pung"]}},
]
SERRALHEIRO = [
    {"winner": 1, "win": "discard", "discarder": 2, "concealed": CHOWS, "win_tile": "5p",
     "melds": [], "flowers": "1f", "opener_wind": "W", "last_tile": True,
     "losers": {"0": {"concealed": "555s147m258p369s7z"}, "3": {"count": {"value": 8}}}},
    {"winner": 0, "win": "self_drawn", "count": {"points": 40, "doubles": 2},
     "losers": {"1": {"count": {"points": 4, "doubles": 1}}}},
    {"draw": True, "losers": {"0": {"count": {"value": 4}}, "2": {"concealed": "555s147m258p369s7z"}}},
]
CAYRO = [
    {"winner": 1, "win": "discard", "discarder": 2, "concealed": CHOWS, "win_tile": "5p",
     "melds": [], "last_tile": True, "flowers": "2f",
     "losers": {"0": {"concealed": "555s147m369p1237z"}, "2": {"count": {"points": 6, "doubles": 1}}}},
    {"winner": 3, "win": "robbing_kong", "discarder": 0, "count": {"value": 40}},
    {"draw": True},
]
FILIPINO = [
    {"winner": 1, "win": "self_drawn", "concealed": SEVENTEEN, "win_tile": "9s", "melds": [],
     "dice": [3, 3]},
    {"winner": 2, "win": "discard", "discarder": 0, "count": {"criteria": ["eskalera"]},
     "dice": [1, 2]},
    {"winner": 0, "win": "discard", "discarder": 3, "count": {"markers": 1}, "dice": [2, 2]},
    {"draw": True},
]
CASES = {"macau_1988": (MACAU, {"stake": "100/200"}),
         "serralheiro_2003": (SERRALHEIRO, {"draw_settles": True}),
         "cayro": (CAYRO, {"last_discard": "last_discard"}),
         "filipino": (FILIPINO, {})}


@pytest.mark.parametrize("rules", sorted(CASES))
def test_edit_and_record_unchanged_keeps_every_field(rules: str) -> None:
    hands, options = CASES[rules]
    match = Match(rules, list(PLAYERS), dict(options), [dict(h) for h in hands])
    before = match.ledger().to_json()
    for index, hand in enumerate(match.hands):
        form = HandForm.from_record(hand)
        again: dict[str, Any] = form.to_record(index + 1, dice_needed(match, form, index),
                                               values_losers(rules))
        assert again == hand, f"hand {index + 1}"
        edited = match.with_hand(again, index)
        assert edited.ledger().to_json() == before


def test_a_cayro_reseat_hand_keeps_its_dice() -> None:
    """«Cada dieciséis jugadas se sortean de nuevo los puestos»: the sixteenth hand's rolls."""
    hands: list[dict[str, Any]] = [{"draw": True}] * 15
    hands = [*hands, {"draw": True, "dice": [[6, 6], [1, 2], [3, 4], [5, 5]]}]
    match = Match("cayro", list(PLAYERS), {}, hands)
    form = HandForm.from_record(hands[15])
    assert form.to_record(16, dice_needed(match, form, 15), True) == hands[15]
