"""Issue 15, item 17: Cayro «El primer Kong será descubierto y el segundo se guardará en
mano» read as RULES-READING.md says: the two cases of the sentence before it. Points from
"Puntuaciones": kong exposed 8 (simple), hidden 16 (simple); Mah-Jong 20 is not in this
sheet's table (the points below are only the kong items)."""
from __future__ import annotations

from mahjong_engine import score

BASE = {"rules": "cayro", "concealed": "123m456p789s11z", "win_tile": "1z", "win": "discard",
        "seat_wind": "S"}


def kong_items(kong: dict) -> tuple[list[tuple[str, int]], list[str]]:
    result = score(dict(BASE, melds=[kong])).to_json()
    items = [(i["key"], i["amount"]) for i in result["items"] if "kong" in i["key"]]
    return items, result["readings"]


def test_kong_claimed_from_a_discard_is_exposed():
    """«otro jugador se descarta de la cuarta ficha, puede aquél reclamarla para formar un
    póquer»: «El primer Kong será descubierto»: exposed, 8 (Combinaciones expuestas)."""
    items, readings = kong_items({"kind": "kong", "tiles": "5555m"})
    assert items == [("exposed_kong_simple", 8)]
    assert "cayro.kong_exposure" in readings


def test_kong_of_a_pung_in_hand_and_the_fourth_drawn_is_hidden():
    """«si teniendo un pung en mano roba la cuarta, exhibirá también el Kong» ... «el
    segundo se guardará en mano»: shown, counted hidden, 16 (Combinaciones ocultas)."""
    items, readings = kong_items({"kind": "kong", "tiles": "5555m", "concealed": True})
    assert items == [("hidden_kong_simple", 16)]
    assert "cayro.kong_exposure" in readings
    items, _ = kong_items({"kind": "kong", "tiles": "7777z", "concealed": True})
    assert items == [("hidden_kong_dragon", 32)]


def test_kong_added_to_a_claimed_trio_is_exposed():
    """«También se descubrirá cuando habiendo formado un trío con un pung robe luego la
    cuarta»: a claimed pung and the fourth drawn: exposed, 16 for a wind."""
    items, _ = kong_items({"kind": "kong", "tiles": "3333z"})
    assert items == [("exposed_kong_wind", 16)]
