"""What a kept match gives out: one CSV row per hand, and the dice a hand still needs."""
from __future__ import annotations

import csv
import io
from typing import Any

from mahjong_engine.game.ledger import Ledger, RecordFieldError
from mahjong_engine.rules import Settlement

from .form import DICE_REASONS, HandForm
from .model import Match


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(value: Any) -> Any:
    """A CSV cell: numbers as numbers; text that a spreadsheet would read as a formula
    (starting with =, +, -, @, a tab or a return) written as text, behind a quote."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


COLUMNS = ("hand", "banker", "winner", "how", "discarder", "value", "counted", "payment",
           "house", "balance", "markers", "round", "wind")


def csv_text(match: Match, ledger: Ledger, words: dict[str, str] | None = None,
             how: dict[str, str] | None = None) -> str:
    """One row a hand: hand, banker, winner, how, discarder, value (the winner's total,
    "counted" when the table counted it), each player's payment and the house's
    commission (a row sums to zero), then the running balances (and markers where the rule
    set counts them). ``words`` gives the headings, ``how`` the ways of winning (English
    keys by default)."""
    w = {k: k for k in COLUMNS} | (words or {})
    data = ledger.to_json()
    markers = ledger.rules.settlement is Settlement.MARKERS
    names = match.players
    head = [w["hand"], w["banker"], w["round"], w["winner"], w["how"], w["discarder"],
            w["value"], w["counted"]]
    head += [f"{n} {w['wind']}" for n in names]
    head += [f"{n} {w['payment']}" for n in names] + [w["house"]]
    head += [f"{n} {w['balance']}" for n in names] + [f"{w['house']} {w['balance']}"]
    if markers:
        head += [f"{n} {w['markers']}" for n in names]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([cell(h) for h in head])
    running, house = [0, 0, 0, 0], 0
    count = [0, 0, 0, 0]
    for number, (hand, record) in enumerate(zip(data["hands"], match.hands, strict=True), 1):
        running = [a + b for a, b in zip(running, hand["payments"], strict=True)]
        house += int(hand.get("commission") or 0)
        winner = hand.get("winner")
        kind = str(record.get("win", "discard")) if winner is not None else ""
        discarder = record.get("discarder") if kind == "discard" else None
        row: list[Any] = [number, names[hand["banker"]], hand["round_wind"],
                          names[winner] if winner is not None else "",
                          (how or {}).get(kind, kind), names[discarder]
                          if isinstance(discarder, int) and 0 <= discarder < 4 else "",
                          hand.get("total", ""), w["counted"] if hand.get("counted") else "",
                          *hand["winds"], *hand["payments"], int(hand.get("commission") or 0),
                          *running, house]
        if markers:
            count = [a + b for a, b in zip(count, hand.get("markers") or [0] * 4, strict=True)]
            row += count
        writer.writerow([cell(c) for c in row])
    return out.getvalue()


def dice_needed(match: Match, form: HandForm, index: int | None = None) -> str | None:
    """"pair" when the rule set will decide the next banker by the dice of this hand,
    "reseat" when the seats are drawn again after it, else None (the ledger is asked)."""
    number = (len(match.hands) if index is None else index) + 1
    try:
        record = form.to_record(number, None, with_losers=True)
    except RecordFieldError:
        if form.kind == "win":
            return None
        record = {"draw": True}
    try:
        match.with_hand(record, index)
    except RecordFieldError as error:
        if error.params.get("hand") == number:
            return DICE_REASONS.get(str(error.params.get("reason")))
    return None


__all__ = ["csv_text", "dice_needed"]
