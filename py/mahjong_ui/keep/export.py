"""What a kept match gives out: one CSV row per hand, and the dice a hand still needs."""
from __future__ import annotations

import csv
import io
from typing import Any

from mahjong_engine.game.ledger import Ledger, RecordFieldError

from .form import DICE_REASONS, HandForm
from .model import Match


def csv_text(match: Match, ledger: Ledger, words: dict[str, str] | None = None) -> str:
    """Hand, banker, each player's wind, payment and running balance (and markers where the
    rule set counts them); ``words`` gives the column headings (English by default)."""
    w = {"hand": "hand", "banker": "banker", "round": "round", "wind": "wind",
         "payment": "payment", "balance": "balance", "markers": "markers", **(words or {})}
    data = ledger.to_json()
    markers = ledger.rules.settlement == "markers"
    names = match.players
    head = [w["hand"], w["banker"], w["round"]]
    head += [f"{n} {w['wind']}" for n in names] + [f"{n} {w['payment']}" for n in names]
    head += [f"{n} {w['balance']}" for n in names]
    if markers:
        head += [f"{n} {w['markers']}" for n in names]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(head)
    running = [0, 0, 0, 0]
    count = [0, 0, 0, 0]
    for number, hand in enumerate(data["hands"], 1):
        running = [a + b for a, b in zip(running, hand["payments"], strict=True)]
        row: list[Any] = [number, names[hand["banker"]], hand["round_wind"], *hand["winds"],
                          *hand["payments"], *running]
        if markers:
            count = [a + b for a, b in zip(count, hand.get("markers") or [0] * 4, strict=True)]
            row += count
        writer.writerow(row)
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
