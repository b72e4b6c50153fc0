"""The hand being recorded: what the page's form holds, turned into a hand of the match
record and back. The winning hand and the losers' hands are read by the calculator's
model (``calculator.model.CalcState``), as the calculator reads what is typed there."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from mahjong_engine.game.ledger import RecordFieldError

from ..calculator.model import CODE_OF, MELD_CODES, CalcError, CalcState

KINDS = ("win", "draw", "false_win")
DICE_REASONS = {"match.dice_missing": "pair", "match.reseat_dice_missing": "reseat",
                "match.dice_tie": "reseat"}


def _bad(number: int, name: str, error: CalcError) -> RecordFieldError:
    params = {k: v for k, v in error.params.items() if k not in ("hand", "field", "reason")}
    return RecordFieldError("match.bad_record", hand=number, field=name, reason=error.key,
                            **params)


def melds_text(melds: list[dict[str, Any]]) -> str:
    """Declared sets as the calculator's codes: ``p555z c234m K1111m``."""
    sets = ((str(m.get("kind")), bool(m.get("concealed")), str(m.get("tiles", ""))) for m in melds or [])
    return " ".join(CODE_OF[(kind, hidden)] + tiles for kind, hidden, tiles in sets
                    if (kind, hidden) in CODE_OF)


def read_hand(number: int, prefix: str, concealed: str, melds: str, flowers: str,
              win_tile: str | None = "") -> dict[str, Any]:
    """One hand's tiles as the record holds them; refusals name ``prefix`` + field (a
    ``win_tile`` of None: a hand that did not win, its winning tile never asked for)."""
    state = CalcState()
    steps: list[tuple[str, Callable[[], object]]] = [
        ("concealed", partial(state.set_concealed_text, concealed))]
    for code in melds.replace(",", " ").split():
        if code[:1] not in MELD_CODES:
            raise _bad(number, prefix + "melds", CalcError("meld.unknown_kind", kind=code[:1]))
        kind, hidden = MELD_CODES[code[0]]
        steps.append(("melds", partial(state.add_meld, kind, code[1:], hidden)))
    steps.append(("flowers", partial(state.set_flowers_text, flowers)))
    for name, step in steps:
        try:
            step()
        except CalcError as error:
            raise _bad(number, prefix + name, error) from None
    win = (win_tile or "").strip()
    if win and win not in state.concealed:
        raise _bad(number, prefix + "win_tile", CalcError("hand.win_tile_not_in_hand", tile=win))
    state.win_tile = win or None
    desc = state.description()
    out = {"concealed": desc["concealed"], "melds": desc["melds"]}
    if desc["flowers"]:
        out["flowers"] = desc["flowers"]
    if win_tile is not None and desc["win_tile"]:
        out["win_tile"] = desc["win_tile"]
    return out


def _dice(number: int, name: str, text: str) -> list[int]:
    words = text.replace(",", " ").split()
    if not words or not all(w.isascii() and w.isdigit() and len(w) == 1 for w in words):
        raise RecordFieldError("match.bad_record", hand=number, field=name,
                               reason="match.bad_dice")
    return [int(w) for w in words]


@dataclass
class LoserEntry:
    concealed: str = ""
    melds: str = ""
    flowers: str = ""

    @property
    def empty(self) -> bool:
        return not (self.concealed.strip() or self.melds.strip() or self.flowers.strip())


@dataclass
class HandForm:
    kind: str = "win"
    winner: int = 0
    win: str = "discard"
    discarder: int | None = None
    concealed: str = ""
    win_tile: str = ""
    melds: str = ""
    flowers: str = ""
    losers: dict[int, LoserEntry] = field(default_factory=dict)
    false_win: int = 0
    dice: str = ""                       # the two dice of a win: "3 5"
    reseat: list[str] = field(default_factory=lambda: ["", "", "", ""])

    def loser(self, player: int) -> LoserEntry:
        return self.losers.setdefault(player, LoserEntry())

    def to_record(self, number: int, dice_mode: str | None = None,
                  with_losers: bool = False) -> dict[str, Any]:
        """The hand of the match record; ``number`` (1-based) names it in refusals."""
        out: dict[str, Any]
        if self.kind == "draw":
            out = {"draw": True}
        elif self.kind == "false_win":
            out = {"false_win": self.false_win}
        else:
            out = {"winner": self.winner, "win": self.win,
                   **read_hand(number, "", self.concealed, self.melds, self.flowers,
                               self.win_tile)}
            if self.win == "discard" and self.discarder is not None:
                out["discarder"] = self.discarder
            losers = {}
            for player, entry in sorted(self.losers.items()):
                if with_losers and player != self.winner and not entry.empty:
                    losers[str(player)] = read_hand(number, f"losers.{player}.", entry.concealed,
                                                    entry.melds, entry.flowers, None)
            if losers:
                out["losers"] = losers
        if dice_mode == "pair" and self.kind == "win" and self.dice.strip():
            out["dice"] = _dice(number, "dice", self.dice)
        if dice_mode == "reseat" and any(r.strip() for r in self.reseat):
            out["dice"] = [_dice(number, f"dice.{p}", r) for p, r in enumerate(self.reseat)]
        return out

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> HandForm:
        form = cls()
        dice = record.get("dice")
        if isinstance(dice, list) and dice and all(isinstance(d, list) for d in dice):
            form.reseat = [" ".join(str(x) for x in d) for d in dice][:4] + [""] * (4 - len(dice))
        elif isinstance(dice, list):
            form.dice = " ".join(str(x) for x in dice)
        if record.get("draw") is True:
            form.kind = "draw"
            return form
        if "false_win" in record:
            form.kind, form.false_win = "false_win", int(record["false_win"])
            return form
        form.winner = int(record.get("winner", 0))
        form.win = str(record.get("win", "discard"))
        discarder = record.get("discarder")
        form.discarder = discarder if isinstance(discarder, int) else None
        form.concealed = str(record.get("concealed", ""))
        form.win_tile = str(record.get("win_tile", ""))
        form.melds = melds_text(record.get("melds") or [])
        form.flowers = str(record.get("flowers", ""))
        for key, hand in (record.get("losers") or {}).items():
            form.losers[int(key)] = LoserEntry(str(hand.get("concealed", "")),
                                               melds_text(hand.get("melds") or []),
                                               str(hand.get("flowers", "")))
        return form


__all__ = ["DICE_REASONS", "KINDS", "HandForm", "LoserEntry", "melds_text", "read_hand"]
