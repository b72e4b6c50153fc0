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


SHOWN = ("winner", "win", "discarder", "concealed", "win_tile", "melds", "flowers", "losers",
         "dice", "draw", "false_win", "count")
"""The fields of a hand the form shows; every other field of a kept hand (``last_tile``,
``opener_wind``, ``liability``, ``capital``…) is carried over unchanged on an edit."""
LOSER_SHOWN = ("concealed", "melds", "flowers", "count")
TILE_FIELDS = ("concealed", "win_tile", "melds", "flowers")
FIGURES = ("points", "doubles", "value", "fan", "markers")   # typed on the number pad


def _source(record: dict[str, Any]) -> dict[str, Any]:
    """The tile fields of a kept hand as the record holds them (given back unchanged when
    the form's text of them is not changed: the record's own notation, not a re-spelling)."""
    return {k: record[k] for k in TILE_FIELDS if k in record}


def _count_text(count: Any) -> dict[str, Any]:
    """A record's count as the form holds it: numbers as typed text, anything else (a
    list of items) as it is."""
    if not isinstance(count, dict):
        return {}
    return {str(k): (str(v) if k in FIGURES and isinstance(v, int) and not isinstance(v, bool)
                     else v) for k, v in count.items()}


def _count_record(number: int, prefix: str, count: dict[str, Any]) -> dict[str, Any]:
    """The count typed in the form as the record holds it: whole numbers; empty figures
    left out."""
    out: dict[str, Any] = {}
    for key, value in count.items():
        if key in FIGURES and isinstance(value, str):
            text = value.strip()
            if not text:
                continue
            if not (text.isascii() and text.isdigit()) or len(text) > 9:
                raise RecordFieldError("match.bad_record", hand=number,
                                       field=f"{prefix}count.{key}", reason="match.bad_count",
                                       value=text[:20])
            out[key] = int(text)
        else:
            out[key] = value
    if not out:
        raise RecordFieldError("match.bad_record", hand=number, field=f"{prefix}count",
                               reason="match.bad_count", value="")
    return out


@dataclass
class LoserEntry:
    concealed: str = ""
    melds: str = ""
    flowers: str = ""
    counted: bool = False
    count: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    source: tuple[tuple[str, str, str], dict[str, Any]] | None = None

    @property
    def texts(self) -> tuple[str, str, str]:
        return (self.concealed, self.melds, self.flowers)

    @property
    def empty(self) -> bool:
        if self.counted:
            return not any(str(v).strip() for v in self.count.values())
        return not (self.concealed.strip() or self.melds.strip() or self.flowers.strip())

    def to_record(self, number: int, player: int) -> dict[str, Any]:
        prefix = f"losers.{player}."
        if self.counted:
            return {**self.extra, "count": _count_record(number, prefix, self.count)}
        tiles = read_hand(number, prefix, self.concealed, self.melds, self.flowers, None)
        if self.source is not None and self.source[0] == self.texts:
            tiles = dict(self.source[1])
        return {**self.extra, **tiles}

    @classmethod
    def from_record(cls, hand: Any) -> LoserEntry:
        hand = hand if isinstance(hand, dict) else {}
        extra = {k: v for k, v in hand.items() if k not in LOSER_SHOWN}
        if "count" in hand:
            return cls(counted=True, count=_count_text(hand["count"]), extra=extra)
        entry = cls(str(hand.get("concealed", "")), melds_text(hand.get("melds") or []),
                    str(hand.get("flowers", "")), extra=extra)
        entry.source = (entry.texts, _source(hand))
        return entry


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
    counted: bool = False                # the winner given as the table counted it
    count: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)   # fields the form does not show
    source: tuple[tuple[str, str, str, str], dict[str, Any]] | None = None

    @property
    def texts(self) -> tuple[str, str, str, str]:
        return (self.concealed, self.win_tile, self.melds, self.flowers)

    def loser(self, player: int) -> LoserEntry:
        return self.losers.setdefault(player, LoserEntry())

    def to_record(self, number: int, dice_mode: str | None = None,
                  with_losers: bool = False) -> dict[str, Any]:
        """The hand of the match record; ``number`` (1-based) names it in refusals. What
        the form does not show (``extra``) is kept as the record had it."""
        out: dict[str, Any]
        if self.kind == "draw":
            out = {**self.extra, "draw": True}
            losers = self._losers(number, with_losers, None)
            if losers:
                out["losers"] = losers
        elif self.kind == "false_win":
            out = {**self.extra, "false_win": self.false_win}
        else:
            out = {**self.extra, "winner": self.winner, "win": self.win}
            if self.counted:
                out["count"] = _count_record(number, "", self.count)
            else:
                tiles = read_hand(number, "", self.concealed, self.melds, self.flowers,
                                  self.win_tile)
                if self.source is not None and self.source[0] == self.texts:
                    tiles = dict(self.source[1])
                out.update(tiles)
            if self.discarder is not None and (self.win == "discard" or "discarder" in self.extra
                                               or "liability" in self.extra):
                out["discarder"] = self.discarder
            out.pop("draw", None)
            losers = self._losers(number, with_losers, self.winner)
            if losers:
                out["losers"] = losers
        if dice_mode == "pair" and self.kind == "win" and self.dice.strip():
            out["dice"] = _dice(number, "dice", self.dice)
        if dice_mode == "reseat" and any(r.strip() for r in self.reseat):
            out["dice"] = [_dice(number, f"dice.{p}", r) for p, r in enumerate(self.reseat)]
        return out

    def _losers(self, number: int, with_losers: bool, winner: int | None) -> dict[str, Any]:
        return {str(player): entry.to_record(number, player)
                for player, entry in sorted(self.losers.items())
                if with_losers and player != winner and not entry.empty}

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> HandForm:
        form = cls()
        form.extra = {k: v for k, v in record.items() if k not in SHOWN}
        dice = record.get("dice")
        if isinstance(dice, list) and dice and all(isinstance(d, list) for d in dice):
            form.reseat = [" ".join(str(x) for x in d) for d in dice][:4] + [""] * (4 - len(dice))
        elif isinstance(dice, list):
            form.dice = " ".join(str(x) for x in dice)
        for key, hand in (record.get("losers") or {}).items():
            form.losers[int(key)] = LoserEntry.from_record(hand)
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
        if "discarder" in record and form.win != "discard":
            form.extra["discarder"] = discarder   # a fact of the hand (Macau art. 9.º (2))
        if "count" in record:
            form.counted, form.count = True, _count_text(record["count"])
        form.concealed = str(record.get("concealed", ""))
        form.win_tile = str(record.get("win_tile", ""))
        form.melds = melds_text(record.get("melds") or [])
        form.flowers = str(record.get("flowers", ""))
        form.source = (form.texts, _source(record))
        return form


__all__ = ["DICE_REASONS", "KINDS", "SHOWN", "HandForm", "LoserEntry", "melds_text", "read_hand"]
