"""Settlement by differences, for the rule sets where every hand is valued: every loser
pays the winner the winner's value, then each two losers settle the difference of their
values (Serralheiro (2003) §10 v-vi; Cayro, Puntuaciones: «liquidando sus diferencias
después de pagar al que hace Mah-Jong»). Each rule set prices one payment its own way
(the banker's double, a limit) through ``pay``.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..scoring import Transfer
from ..tiles import Wind

Pay = Callable[[str, str, int, str, dict[str, Any]], Transfer]
"""One payment: (payer, payee, amount before pricing, kind ``win`` or ``difference``,
the figures behind it) to its ``Transfer``."""


def by_differences(values: Mapping[str, int], winner: str | None, pay: Pay) -> list[Transfer]:
    """Every payment of one hand, given every seat's value (seats "E", "S", "W", "N" or
    ``Wind``s): each loser pays ``winner`` his value, then each two losers settle the
    difference of their values, a difference of 0 being no payment. ``winner`` None: a
    drawn hand, whose four players settle their differences only."""
    seats = {Wind(seat).value: int(value) for seat, value in values.items()}
    out: list[Transfer] = []
    losers = list(seats)
    if winner is not None:
        winner = Wind(winner).value
        if winner not in seats:
            raise ValueError(f"winner {winner} has no value")
        losers.remove(winner)
        for loser in losers:
            out.append(pay(loser, winner, seats[winner], "win", {"value": seats[winner]}))
    for i, first in enumerate(losers):
        for second in losers[i + 1:]:
            high, low = (first, second) if seats[first] >= seats[second] else (second, first)
            if seats[high] != seats[low]:
                out.append(pay(low, high, seats[high] - seats[low], "difference",
                               {"payee_value": seats[high], "payer_value": seats[low]}))
    return out


__all__ = ["Pay", "by_differences"]
