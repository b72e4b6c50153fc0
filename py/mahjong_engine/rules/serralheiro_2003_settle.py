"""Serralheiro (2003), a hand's value and its payments.

Source: A. J. Serralheiro, "Mah-Jong – Regras Básicas" (Jul 2003): §10 iii-iv (a hand's
value is ``points × 2 ** doubles`` capped by the limit agreed before play; a limit hand
is worth the limit, or half), note 10 (the banker's hand is worth double), §9 c ii (the
banker pays and receives double, up to the banker's limit), §10 v-vi (losers pay the
winner, then settle their differences: ``differences.by_differences``), §8 g-h (a drawn
hand, read by the option ``draw_settles``).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..scoring import Citation, ScoreResult, Step, Transfer, Unit, net_of
from ..tiles import Wind
from .base import Options, point_terms
from .differences import Pay, by_differences
from .serralheiro_2003_table import KEY

# the steps of a hand's value and the reasons of its payments (§9 c ii, §10 iii-vi, note 10)
STEP_CITATIONS = {"points": "§10 b", "doubles": "§10 c; §10 iii", "limit": "§10 iv",
                  "limit_hand": "§10 iv; Organização de alguns jogos",
                  "half_limit": "§10 iv; Organização de alguns jogos",
                  "banker_double": "§9 c ii; nota 10"}
PAYMENT_CITATIONS = {"win": "§10 v", "difference": "§10 vi", "banker_double": "§9 c ii"}


def _cited(key: str, table: dict[str, str]) -> dict[str, str]:
    return {"citation": str(Citation(KEY, table[key]))}


SEATS = tuple(w.value for w in Wind)
BANKER = Wind.EAST.value


@dataclass(frozen=True)
class SerralheiroOptions(Options):
    """§10 iv: "convém estabelecer um limite antes do início do jogo. Por exemplo, 4.000
    pontos ... pelo banqueiro e 2.000 ... por cada um dos outros"; ½ limit is half of it.
    ``exchanges``: the «trocas» of §7 (a Western custom, footnote 5), used by game flow."""

    limit: int = 2000
    banker_limit: int = 4000
    half_limit: int = 1000
    exchanges: bool = True
    draw_settles: bool = False
    """§8 g-h value every hand, the wall's end included: on, a draw is settled by the
    differences of the four hands (R_DRAW_VALUES); off (the default reading), a draw pays
    nothing (R_DRAW_PAYS_NOTHING)."""


# ---------------------------------------------------------------- value

def hand_value(result: ScoreResult, options: SerralheiroOptions, banker: bool) -> None:
    """Set ``result.total``, ``details`` and ``steps`` from the items: points × 2^doubles,
    capped by the limit; a limit hand is worth the limit (a ½-limit hand its count if
    higher); the banker's hand is worth double (note 10), up to the banker's limit (§10 iv).
    Each of these is its own step, so the arithmetic shown adds up to the total."""
    points = int(sum(i.amount for i in result.items if i.unit is Unit.POINTS))
    doubles = int(sum(i.amount for i in result.items if i.unit is Unit.DOUBLES))
    limit_share = max((i.amount for i in result.items if i.unit is Unit.LIMIT), default=0)
    base = points * 2 ** doubles
    value = min(base, options.limit)
    steps = [Step("points", points, {"terms": point_terms(result, Unit.POINTS),
                                     **_cited("points", STEP_CITATIONS)}),
             Step("doubles", base, {"points": points, "doubles": doubles,
                                    "terms": point_terms(result, Unit.DOUBLES),
                                    **_cited("doubles", STEP_CITATIONS)})]
    if limit_share >= 1:
        value = options.limit
        steps.append(Step("limit_hand", value, {"limit": options.limit, "before": base,
                                                **_cited("limit_hand", STEP_CITATIONS)}))
    elif limit_share:
        count = value
        value = max(value, options.half_limit)
        steps.append(Step("half_limit", value, {"half_limit": options.half_limit,
                                                "count": count, **_cited("half_limit", STEP_CITATIONS)}))
    elif base > options.limit:
        steps.append(Step("limit", value, {"limit": options.limit, "before": base,
                                           **_cited("limit", STEP_CITATIONS)}))
    total = min(2 * value, options.banker_limit) if banker else value
    if banker:
        steps.append(Step("banker_double", total, {"before": value, "factor": 2,
                                                   "cap": options.banker_limit,
                                                   "capped": 2 * value > options.banker_limit,
                                                   **_cited("banker_double", STEP_CITATIONS)}))
    result.total = total
    result.steps = steps
    result.details = {"points": points, "doubles": doubles, "base": base, "value": value,
                      "limit": limit_share or None, "limit_applied": bool(limit_share)
                      or base > options.limit, "banker": banker}


def _pay(amount: int, payer: str, payee: str, options: SerralheiroOptions) -> int:
    """One payment: double when the banker pays or receives (§9 c ii), capped by the
    limit of the banker or of the other players (§10 iv)."""
    if BANKER in (payer, payee):
        return min(2 * amount, options.banker_limit)
    return min(amount, options.limit)


def priced_transfer(payer: str, payee: str, amount: int, reason: str,
                 options: SerralheiroOptions, params: dict[str, Any]) -> Transfer:
    """One payment (§10 v, vi): ``amount`` priced by ``_pay``, with the figures behind it."""
    due = _pay(amount, payer, payee, options)
    doubled = BANKER in (payer, payee)
    uncapped = 2 * amount if doubled else amount
    cited = {"citation": str(Citation(KEY, "; ".join(
        [PAYMENT_CITATIONS[reason]] + (["§9 c ii"] if doubled else [])
        + (["§10 iv"] if due < uncapped else []))))}
    return Transfer(payer, payee, due, "banker_double" if doubled else reason,
                    {"base": amount, "kind": reason, "factor": 2 if doubled else 1,
                     "capped": due < uncapped, **params, **cited})


def _pricing(options: SerralheiroOptions) -> Pay:
    return lambda payer, payee, amount, reason, params: priced_transfer(
        payer, payee, amount, reason, options, params)


def transfers_differences(values: Mapping[str, int], winner: str,
                          options: SerralheiroOptions | None = None) -> list[Transfer]:
    """Every payment of one hand (§10 v-vi): every loser pays the winner his value, then
    each two losers settle the difference of their values; the banker (E) pays and
    receives double (§9 c ii), each payment up to the limit (§10 iv). ``values`` are the
    hands' values before the banker's doubling. A difference of 0 is no payment."""
    return by_differences(values, winner, _pricing(options or SerralheiroOptions()))


def settle_differences(values: Mapping[str, int], winner: str,
                       options: SerralheiroOptions | None = None) -> dict[str, int]:
    """Net payments of one hand (§10 v-vi): the sum of ``transfers_differences``
    (``values`` from ``details["value"]`` of ``score`` and ``score_losing_hand``).
    Sums to zero."""
    seats = tuple(Wind(seat).value for seat in values)
    return net_of(transfers_differences(values, winner, options), seats)


def draw_differences(values: Mapping[str, int], options: SerralheiroOptions) -> list[Transfer]:
    """§8 g-h with ``draw_settles``: each two players settle the difference of their
    hands' values (§10 vi), the banker paying and receiving double (§9 c ii), each
    payment up to the limit (§10 iv)."""
    return by_differences(values, None, _pricing(options))


__all__ = ["BANKER", "SEATS", "SerralheiroOptions", "draw_differences", "hand_value",
           "priced_transfer", "settle_differences", "transfers_differences"]
