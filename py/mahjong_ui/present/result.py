"""Wording of a score result (``ScoreResult``) and of a hand result (``HandResult``).

The one thing the presenter needs is the page's translator (``mahjong_ui.i18n``), ``words``:
every key names its domain (``result.plus``, ``<rules>.item.<key>``), so the table passes
its own bound translator and the calculator and the exercises an unbound view
(``tr.domain()``). The engine's results may be given typed or as their JSON.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..i18n import Translator
from ..rulesets import domains as rule_domains

SEATS = ("E", "S", "W", "N")
HOUSE = "house"


def _json(result: Any) -> dict[str, Any]:
    data: dict[str, Any] = result.to_json() if hasattr(result, "to_json") else dict(result or {})
    return data


def number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


@dataclass(frozen=True)
class FormulaLine:
    key: str          # the step's key
    value: float      # the figure the line ends on
    text: str
    citation: str = ""


@dataclass(frozen=True)
class ItemLine:
    key: str
    name: str
    amount: float
    amount_text: str
    citation: str
    tiles: str | None = None


@dataclass(frozen=True)
class PaymentRow:
    seat: int          # 0-3 in turn order from East
    wind: str
    amount: int        # what the seat gains (+) or pays (-) in this hand
    lines: tuple[str, ...] = ()   # the transfers it makes (and for the winner, receives)
    citations: tuple[str, ...] = ()


@dataclass(frozen=True)
class LoserView:
    seat: int
    wind: str
    value: int
    items: tuple[ItemLine, ...]
    formula: tuple[FormulaLine, ...]


@dataclass
class HandView:
    """Everything the result of a hand says, worded."""

    winning: bool
    total: float | None
    total_text: str = ""
    items: list[ItemLine] = field(default_factory=list)
    formula: list[FormulaLine] = field(default_factory=list)
    payments: list[PaymentRow] = field(default_factory=list)
    losers: list[LoserView] = field(default_factory=list)
    commission: int = 0
    readings: list[str] = field(default_factory=list)


# ------------------------------------------------------------------ the arithmetic

def _terms(words: Translator, terms: Sequence[object]) -> str:
    return f' {words.t("result.plus")} '.join(number(t) for t in terms)


def _counted(words: Translator, key: str, amount: Any, **params: Any) -> str:
    """``key`` worded for ``amount``: ``key.one`` for exactly one (pt, en, es)."""
    one = f"{key}.one" if amount == 1 else key
    return words.t(f"result.{one}", amount=number(amount), **params)


def units_text(words: Translator, value: Any) -> str:
    """"1 unit", "2 units" (pt, en, es): the plural chosen by the number itself."""
    return _counted(words, "units", value, n=number(value))


def _step_text(words: Translator, rules: str, step: Mapping[str, Any]) -> str:
    key = step["key"]
    p = {k: v for k, v in step.items() if k not in ("key", "citation")}
    p["value"] = number(step["value"])
    if key in ("points", "fan", "sum"):
        terms = list(step.get("terms") or [])
        if not terms:
            return words.t(f"result.step.{key}.none", value=p["value"])
        if len(terms) == 1:
            return words.t(f"result.step.{key}.one", value=p["value"])
        return words.t(f"result.step.{key}", terms=_terms(words, terms), value=p["value"])
    if key == "grade":
        grade = words.t(f"{rules}.grade.{step['grade']}")
        if step.get("doubles"):
            names = ", ".join(words.t(f"{rules}.item.{k}") for k in step["doubles"])
            return words.t("result.step.grade.double", items=names, grade=grade)
        return words.t("result.step.grade", fan=number(step.get("fan", 0)), grade=grade)
    if key == "units":
        return words.t("result.step.units", grade=words.t(f"{rules}.grade.{step['grade']}"),
                     value=units_text(words, step["value"]))
    if key == "doubles" and not step.get("doubles"):
        # no doubling: the points stand as they are, with no "× 2^0" shown
        return words.t("result.step.doubles.none", points=number(step.get("points", 0)),
                     value=p["value"])
    if key == "markers":
        return words.t("result.step.markers", rule=words.t(f"result.marker_rule.{step['rule']}"),
                     value=p["value"])
    if key == "banker_double" and step.get("capped"):
        return words.t("result.step.banker_double.capped", before=number(step["before"]),
                     cap=number(step["cap"]), value=p["value"])
    return words.t(f"result.step.{key}", **{k: number(v) for k, v in p.items()
                                             if not isinstance(v, (list, dict))})


def formula_lines(words: Translator, rules: str, steps: Sequence[Mapping[str, Any]]
                  ) -> list[FormulaLine]:
    """One worded line per step of the engine's arithmetic, in order."""
    return [FormulaLine(s["key"], s["value"], _step_text(words, rules, s), s.get("citation", ""))
            for s in steps]


def item_lines(words: Translator, rules: str, items: Sequence[Mapping[str, Any]]) -> list[ItemLine]:
    """Each scoring item worded: its name (the rule set's catalogue), amount and citation."""
    out = []
    for item in items:
        amount = item.get("amount", 0)
        if item.get("unit") == "limit":
            # a limit item is named as its rule set names it (Macau: «fan dobrado», art. 5.º (3))
            # (a variant registered at run time: its parent's name)
            for domain in rule_domains(rules):
                key = f"unit.limit.{domain}"
                unit = (words.t(f"result.{key}.half") if amount == 0.5
                        else _counted(words, key, amount))
                if not unit.startswith(key):
                    break
        else:
            unit = _counted(words, f"unit.{item.get('unit')}", amount)
        out.append(ItemLine(item["key"], words.t(f"{rules}.item.{item['key']}"), amount, unit,
                            item.get("citation", ""), item.get("tiles")))
    return out


# ------------------------------------------------------------------ the payments

def transfer_text(words: Translator, transfer: Mapping[str, Any], name: Callable[[str], str],
                  to: Callable[[str], str] | None = None,
                  of: Callable[[str], str] | None = None) -> str:
    """One payment worded as it stands under its payer's name: whom he pays, how much and
    why (``name(seat)`` names a seat "E".."N"; the house is ``result.house``)."""
    reason = transfer["reason"]
    payer = name(transfer["payer"])
    # the payee as the object of "pays": "you" / «ao jogador à direita» / «al jugador…»
    # (``to`` words a seat so; by default the catalogue's ``result.to`` around its name)
    to = to or (lambda seat: words.t("result.to", name=name(seat)))
    payee = words.t("result.house.to") if transfer["payee"] == HOUSE else to(transfer["payee"])
    p = {k: number(v) for k, v in transfer.items()
         if isinstance(v, (int, float)) and not isinstance(v, bool)}
    if isinstance(transfer.get("units"), (int, float)) and not isinstance(transfer.get("units"), bool):
        p["units"] = units_text(words, transfer["units"])
    p.update(payer=payer, payee=payee)
    key = f"pay.{reason}"
    if reason == "banker_double":
        key = f"pay.banker_double.{transfer.get('kind', 'win')}"
    if reason == "liable":
        seats = transfer.get("for")
        seats = seats if isinstance(seats, list) else [seats]
        # "in place of the player on your right" / «em vez do jogador…» / «en lugar del…»
        of = of or (lambda seat: words.t("result.of", name=name(seat)))
        p["for"] = ", ".join(of(s) for s in seats)
        p["case"] = words.t(f"result.liability.{transfer.get('case')}")
        p.setdefault("units", "")
        p.setdefault("price", "")
        if transfer.get("capped"):
            key = "pay.liable.capped"
    if reason == "commission":
        p["stake"] = str(transfer.get("stake", ""))
    text = words.t(f"result.{key}", **p)
    if transfer.get("capped") and reason != "liable":
        text = words.t("result.pay.capped", text=text)
    return text


def payment_rows(words: Translator, transfers: Sequence[Mapping[str, Any]],
                 payments: Sequence[int] | Mapping[str, int], name: Callable[[str], str],
                 to: Callable[[str], str] | None = None,
                 of: Callable[[str], str] | None = None) -> list[PaymentRow]:
    """One row per seat: its net amount (the engine's payments) and the transfers it
    makes; the payee's row lists what it receives."""
    if isinstance(payments, Mapping):
        payments = [int(payments.get(w, 0)) for w in SEATS]
    rows = []
    for index, wind in enumerate(SEATS):
        lines, cites = [], []
        got = sum(int(t["amount"]) for t in transfers if t["payee"] == wind)
        if got:
            lines.append(words.t("result.pay.receives", amount=number(got)))
            cites.append("")
        for t in transfers:
            if t["payer"] == wind:
                lines.append(transfer_text(words, t, name, to, of))
                cites.append(t.get("citation", ""))
        rows.append(PaymentRow(index, wind, int(payments[index]), tuple(lines), tuple(cites)))
    return rows


# ------------------------------------------------------------------ whole results

def present_score(words: Translator, result: Any,
                  name: Callable[[str], str] | None = None) -> HandView:
    """A score result (``ScoreResult`` or its JSON, as ``python -m mahjong_engine score``
    prints it): items, the arithmetic, and the payments when the result has them."""
    data = _json(result)
    rules = data.get("rules", "")
    view = HandView(bool(data.get("winning")), data.get("total"))
    view.items = item_lines(words, rules, data.get("items") or [])
    view.formula = formula_lines(words, rules, data.get("steps") or [])
    if view.total is not None:
        view.total_text = _counted(words, f"unit.{data.get('unit')}", view.total)
    transfers = data.get("transfers") or []
    if transfers and data.get("payments") is not None:
        seat_name = name or (lambda wind: words.t(f"result.seat.{wind}"))
        view.payments = payment_rows(words, transfers, data["payments"], seat_name)
        view.commission = int(data.get("commission") or 0)
    view.readings = list(data.get("readings") or [])
    return view


def present_hand(words: Translator, hand_result: Any, name: Callable[[str], str],
                 to: Callable[[str], str] | None = None,
                 of: Callable[[str], str] | None = None) -> HandView:
    """A hand result of a played game (``HandResult`` or its JSON): the winner's score,
    the payments with their reasons (or the markers), and the losers' valued hands where
    losers settle differences."""
    data = _json(hand_result)
    score = data.get("score") or {}
    view = present_score(words, score) if score else HandView(False, None)
    rules = score.get("rules", "")
    markers = data.get("markers") or [0, 0, 0, 0]
    transfers = data.get("transfers") or []
    if transfers:
        view.payments = payment_rows(words, transfers, data.get("payments") or [0] * 4, name, to, of)
    elif any(markers):
        cite = view.formula[0].citation if view.formula else ""
        view.payments = [PaymentRow(i, w, int(markers[i]),
                                    (_counted(words, "pay.markers", markers[i], payee=name(w)),)
                                    if markers[i] else (), (cite,) if markers[i] else ())
                         for i, w in enumerate(SEATS)]
    else:
        view.payments = payment_rows(words, [], data.get("payments") or [0] * 4, name)
    view.commission = int(data.get("commission") or 0)
    for index, loser in enumerate(data.get("losers") or []):
        if loser is None:
            continue
        view.losers.append(LoserView(index, SEATS[index], int(loser.get("value", 0)),
                                     tuple(item_lines(words, rules, loser.get("items") or [])),
                                     tuple(formula_lines(words, rules, loser.get("steps") or []))))
    view.readings = sorted(set(view.readings) | set(data.get("readings") or []))
    return view
