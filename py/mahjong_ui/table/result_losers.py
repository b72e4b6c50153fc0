"""The losers' valued hands in the result dialog (Serralheiro, Cayro: every hand is valued),
pure Python: one ``<details>`` a loser, folded, its summary naming the player and the
value, inside it the hand as laid open, each item with its amount, and the arithmetic."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..i18n import Translator
from ..present import HandView
from .parts import a, tile_html
from .view_model import TableModel

SEATS = ("E", "S", "W", "N")


def _tiles_html(cat: Translator, seat: Mapping[str, Any]) -> str:
    out = ['<div class="res-loser-tiles">']
    for meld in seat.get("melds") or []:
        out.append('<span class="tbl-set is-exposed"><span class="tbl-set-tiles">'
                   + "".join(tile_html(cat, t, "xs") for t in meld["tiles"]) + '</span></span>')
    out.append("".join(tile_html(cat, t, "xs") for t in seat.get("tiles") or []))
    if seat.get("flowers"):
        out.append('<span class="tbl-set is-flowers"><span class="tbl-set-tiles">'
                   + "".join(tile_html(cat, t, "xs") for t in seat["flowers"]) + '</span></span>')
    out.append('</div>')
    return "".join(out)


def losers_html(cat: Translator, model: TableModel, view: HandView,
                name: Callable[[str], str]) -> str:
    """Each loser folded under his own control (``view.losers``: the presenter's
    ``LoserView``); ``name(wind)`` words the seat as the rest of the dialog does."""
    if not view.losers:
        return ""
    seats = {SEATS[s["seat"]]: s for s in model["seats"]}
    out = [f'<div class="res-losers" data-testid="losers">'
           f'<h3 class="res-h">{a(cat.t("result.dialog.losers"))}</h3>']
    for loser in view.losers:
        head = cat.t("result.dialog.loser_value", player=name(loser.wind), value=loser.value)
        out.append(f'<details class="res-loser" data-testid="loser" data-seat="{loser.seat}" '
                   f'data-value="{loser.value}"><summary class="res-loser-head">{a(head)}</summary>')
        out.append(_tiles_html(cat, seats.get(loser.wind, {})))
        if loser.items:
            out.append('<ul class="res-loser-items">' + "".join(
                f'<li data-item="{a(i.key)}">{a(i.name)}: {a(i.amount_text)}</li>' for i in loser.items)
                + '</ul>')
        else:
            out.append(f'<p class="res-note">{a(cat.t("result.dialog.loser_nothing"))}</p>')
        if loser.formula:
            out.append('<p class="res-loser-formula">'
                       + " · ".join(a(f.text) for f in loser.formula) + '</p>')
        out.append('</details>')
    out.append('</div>')
    return "".join(out)


__all__ = ["losers_html"]
