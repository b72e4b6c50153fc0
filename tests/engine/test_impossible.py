"""Issue 15, items 9-10: situations that cannot happen in play are refused with the rule
cited, not scored."""
from __future__ import annotations

import pytest

from mahjong_engine import HandError, score


def refused(hand: dict) -> HandError:
    with pytest.raises(HandError) as caught:
        score(hand)
    assert caught.value.params["citation"]
    return caught.value


@pytest.mark.parametrize("rules, citation", [
    ("cayro", "Cayro, Puntuaciones, Primas"),
    ("macau_1988", "Portaria n.º 133/88/M, art. 4.º (5)"),
])
def test_kong_replacement_without_a_kong(rules, citation):
    """Was scored: Cayro +10 (Puntuaciones, Primas), Macau +1 fan (art. 5.º (2) «Kong seong
    fá»). The replacement tile comes only after a kong is declared."""
    hand = {"rules": rules, "concealed": "123m456p789s11z555z", "win_tile": "5z",
            "win": "kong_replacement"}
    error = refused(hand)
    assert error.key == "hand.impossible.replacement_without_kong"
    assert error.params["citation"] == citation
    # With a kong it stands.
    ok = dict(hand, concealed="456p789s11z555z", melds=[{"kind": "kong", "tiles": "1111m"}])
    assert score(ok).winning


@pytest.mark.parametrize("rules", ["cayro", "macau_1988", "filipino", "serralheiro_2003"])
def test_robbing_a_kong_of_a_tile_held_again(rules):
    """Four copies exist (Macau art. 1.º (2) «cada uma com 4 peças iguais»): the pung
    being made a kong holds three, the added tile is the fourth, so the robber holds no
    other (Macau art. 5.º (2) «Ch'eong kong»; Cayro Primas; Filipino Rob the Kong).
    Issue 30: one more copy held (five in all) was scored."""
    size = {"filipino": "123m456m789m123p11z555z"}.get(rules, "123m456p789s11z555z")
    hand = {"rules": rules, "concealed": size, "win_tile": "5z", "win": "robbing_kong"}
    assert refused(hand).key == "hand.impossible.robbed_tile_held"
    pair = dict(hand, concealed=size.replace("11z555z", "111z55z"))
    assert refused(pair).key == "hand.impossible.robbed_tile_held"
    # The robbed tile as the only copy in the hand: scored.
    once = dict(hand, concealed=size.replace("555z", "567s"), win_tile="6s")
    assert score(once).winning


def test_fulminante_with_four_exposed_sets():
    """Serralheiro «Fulminante» (limit, 2,000): the game ends «com o descarte do banqueiro
    ou por este apresentado a seguir às trocas»: nothing could have been claimed."""
    hand = {"rules": "serralheiro_2003", "concealed": "22z", "win_tile": "2z",
            "win": "discard", "seat_wind": "S", "first_turn": True,
            "melds": [{"kind": "pung", "tiles": "111m"}, {"kind": "pung", "tiles": "999p"},
                      {"kind": "chow", "tiles": "123s"}, {"kind": "pung", "tiles": "777z"}]}
    error = refused(hand)
    assert error.key == "hand.impossible.first_turn_exposed"
    assert "Fulminante" in error.params["citation"]


def test_macau_first_turn_with_exposed_set():
    hand = {"rules": "macau_1988", "concealed": "456p789s11z555z", "win_tile": "5z",
            "win": "discard", "seat_wind": "S", "first_turn": True,
            "melds": [{"kind": "chow", "tiles": "123m"}]}
    assert refused(hand).key == "hand.impossible.first_turn_exposed"


def test_bisaklat_with_a_declared_kong():
    """Filipino glossary, Bisaklat: «the mano is immediately dealt a winning hand»; a
    declared kong would have drawn a replacement tile."""
    hand = {"rules": "filipino", "concealed": "456m789m123p11z555z", "win_tile": "1p",
            "win": "self_drawn", "seat_wind": "E", "first_turn": True,
            "melds": [{"kind": "kong", "tiles": "1111m", "concealed": True}]}
    error = refused(hand)
    assert error.key == "hand.impossible.first_turn_kong"
    assert "Bisaklat" in error.params["citation"]
    exposed = dict(hand, melds=[{"kind": "pung", "tiles": "111m"}])
    assert refused(exposed).key == "hand.impossible.first_turn_exposed"
    dealt = dict(hand, concealed="111m456m789m123p11z555z", melds=[])
    assert "bisaklat" in {i.key for i in score(dealt).items}


@pytest.mark.parametrize("stake", ["100/1", "100/100", "100/300"])
def test_macau_stake_banker_figure_not_double(stake):
    """Was scored with East paying 34 as winner. Art. 6.º: the banker «paga sempre a
    dobrar ... recebendo sempre a dobrar»; every row of art. 7.º is x/2x."""
    hand = {"rules": "macau_1988", "concealed": "123m456p789s11z555z", "win_tile": "5z",
            "win": "discard", "seat_wind": "E", "stake": stake}
    error = refused(hand)
    assert error.key == "hand.impossible.stake_not_double"
    assert error.params["citation"] == "Portaria n.º 133/88/M, art. 6.º; art. 7.º"
    assert score(dict(hand, stake="150/300")).payments["E"] > 0
