"""Issue 30, item 2: tiles are counted against the four copies of each (Portaria
133/88/M art. 1.º (2): «cada uma com 4 peças iguais») across every field of a hand that
names tiles: the winner's hand and Macau's liability facts (art. 9.º). Before, each field
was checked alone: five 5p were accepted and moved 800 onto the discarder."""
from __future__ import annotations

import pytest

from mahjong_engine import score
from mahjong_engine.errors import HandError

# art. 9.º (5) (see test_macau_facts): not waiting, West discarded 3m from the run 345m in
# his hand and it completed South's «P'ing vu»: W bears all 800.
HAND = {"rules": "macau_1988", "concealed": "123m456p789s11p345m", "win_tile": "3m",
        "win": "discard", "seat_wind": "S", "stake": "100/200", "discarder": "W"}


def refused(hand: dict) -> HandError:
    with pytest.raises(HandError) as caught:
        score(hand)
    return caught.value


def test_the_liable_discarder_still_pays_with_four_copies():
    """South holds one 5p, West's hand three: four in all."""
    result = score(dict(HAND, liability={"discarder_hand": "345m555p19s1234z", "visible": ""}))
    assert result.details["liability"] == "broke_set"
    assert result.payments == {"E": 0, "S": 760, "W": -800, "N": 0}


def test_five_5p_across_the_hand_and_the_discarders_are_refused():
    """South's 5p and West's four 5p: five; it moved 800 onto West."""
    error = refused(dict(HAND, liability={"discarder_hand": "345m5555p19s123z", "visible": ""}))
    assert error.key == "hand.too_many_copies"
    assert (error.params["tile"], error.params["count"]) == ("5p", 5)
    assert error.params["citation"] == "Portaria n.º 133/88/M, art. 1.º (2)"


def test_the_winning_discard_is_counted_once():
    """The 3m West let go is in his hand (discarded included) and in South's: one tile.
    West held 333m: with South's 3m that is the four."""
    assert score(dict(HAND, liability={"discarder_hand": "333m4m19p19s123456z",
                                       "visible": ""})).winning
    error = refused(dict(HAND, concealed="123m456p789s11p333m",
                         liability={"discarder_hand": "333m4m19p19s123456z", "visible": ""}))
    assert error.key == "hand.too_many_copies" and error.params["tile"] == "3m"


def test_tiles_face_up_count_with_the_hidden_ones():
    """Face up on the table: two 1p; South holds 11p and West one: five."""
    error = refused(dict(HAND, liability={"discarder_hand": "345m1p19s12345z",
                                          "visible": "11p"}))
    assert (error.params["tile"], error.params["count"]) == ("1p", 5)
    # South's exposed sets may be among those face up: not counted twice.
    exposed = dict(HAND, concealed="123m789s11p345m", melds=[{"kind": "pung", "tiles": "555p"}],
                   liability={"discarder_hand": "345m19p19s1234567z", "visible": "555p"})
    score(exposed)
