"""The kept match: its record (the command line's ``match`` shape), settled into a
``Ledger`` whenever it changes: from the changed hand on (``game.kept.resettle``), so a
hand added to a long match settles that hand alone and a corrected one what follows it.

Nothing here imports the browser; the view (``views/keep.py``) keeps one ``Match``."""
from __future__ import annotations

import json
from dataclasses import MISSING, dataclass, field, fields
from typing import Any

from mahjong_engine import Settlement, get_rule_set
from mahjong_engine.game.kept import read_match, resettle, settle
from mahjong_engine.game.ledger import Ledger, RecordFieldError
from mahjong_engine.rules import rule_set_class

STORE_KEY = "mahjong.keep"
STAKE = "stake"           # read by the ledger, not an options-class field
DEFAULT_STAKE = "50/100"


@dataclass(frozen=True)
class OptionField:
    name: str
    kind: str             # "int", "bool", "text" or "choice"
    default: Any
    choices: tuple[str, ...] = ()


def option_fields(rules: str) -> list[OptionField]:
    """The options a match of ``rules`` may set: its options class's fields, and the stake
    where the rule set settles in money (``RuleSet.money_stake``)."""
    cls = rule_set_class(rules)
    out = []
    if getattr(cls, "money_stake", False):
        out.append(OptionField(STAKE, "text", DEFAULT_STAKE))
    choices = cls.options_class.choices()
    for f in fields(cls.options_class):
        default = None if f.default is MISSING else f.default
        if f.name in choices:
            out.append(OptionField(f.name, "choice", default, choices[f.name]))
            continue
        kind = ("bool" if isinstance(default, bool) else "text" if isinstance(default, str)
                else "int")
        out.append(OptionField(f.name, kind, default))
    return out


def has_false_win(rules: str) -> bool:
    return "false_win" in get_rule_set(rules).settlement_fields


def values_losers(rules: str) -> bool:
    return get_rule_set(rules).settlement is Settlement.DIFFERENCES


def uses_bonus_tiles(rules: str) -> bool:
    return rule_set_class(rules).uses_bonus_tiles


def uses_markers(rules: str) -> bool:
    return get_rule_set(rules).settlement is Settlement.MARKERS


@dataclass
class Match:
    rules: str
    players: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    hands: list[dict[str, Any]] = field(default_factory=list)
    # the last settlement: the header and the hands it was made from, and the ledger
    _settled: tuple[str, list[dict[str, Any]], Ledger] | None = field(
        default=None, init=False, repr=False, compare=False)

    def record(self) -> dict[str, Any]:
        return {"rules": self.rules, "players": list(self.players),
                "options": dict(self.options), "hands": [dict(h) for h in self.hands]}

    def ledger(self) -> Ledger:
        """The match settled from its record (raises ``RecordFieldError``); settled again
        only when the record has changed (the view asks on every render). Read it only."""
        header = json.dumps([self.rules, self.players, self.options], sort_keys=True)
        hands = [dict(h) for h in self.hands]
        if self._settled is None or self._settled[0] != header:
            ledger = Ledger.from_json(self.record())
        else:
            ledger = resettle(self._settled[2], self._settled[1], hands)
        self._settled = (header, hands, ledger)
        return ledger

    def _changed(self, hands: list[dict[str, Any]]) -> Match:
        """A copy with ``hands``, settled from this match's last settlement."""
        out = Match(self.rules, list(self.players), dict(self.options), hands)
        out._settled = self._settled
        return out

    @classmethod
    def from_record(cls, data: Any) -> Match:
        """A match read from a record (an import, the saved copy); refused whole when any
        part of it cannot be settled."""
        settle(data)      # the options checked, then every hand settled
        return cls(data["rules"], list(data["players"]), dict(data.get("options") or {}),
                   [dict(h) for h in data.get("hands") or []])

    @classmethod
    def from_text(cls, text: str) -> Match:
        return cls.from_record(read_match(text))   # bounded: size and depth, typed refusal

    def with_hand(self, hand: dict[str, Any], index: int | None = None) -> Match:
        """A copy with ``hand`` added (``index`` None) or put in place of hand ``index``
        (0-based), every hand after it settled again; raises ``RecordFieldError``."""
        hands = [dict(h) for h in self.hands]
        if index is None:
            hands.append(dict(hand))
        else:
            hands[index] = dict(hand)
        trial = self._changed(hands)
        trial.ledger()
        return trial

    def without_last(self) -> Match:
        return self._changed([dict(h) for h in self.hands[:-1]])

    def to_text(self) -> str:
        return json.dumps(self.record(), ensure_ascii=False, indent=1)


def start(rules: str, players: list[str], options: dict[str, Any]) -> Match:
    """A new match (raises ``RecordFieldError`` naming the field of the set-up)."""
    names = [str(p).strip() for p in players]
    return Match.from_record({"rules": rules, "players": names, "options": dict(options),
                              "hands": []})


def parse_option(option: OptionField, text: str) -> Any:
    """The value typed for ``option``: None (left at its default) when empty."""
    text = str(text).strip()
    if option.kind == "bool":
        return text in ("1", "true", "on")
    if not text:
        return None
    if option.kind == "text":
        return text
    if option.kind == "choice":
        if text not in option.choices:
            raise RecordFieldError("match.bad_record", hand=None, field=f"options.{option.name}",
                                   reason="match.bad_option")
        return None if text == option.default else text
    words = text.replace(",", " ").replace(";", " ").split()
    if len(words) == 4:    # one figure a player (Macau's capital, art. 8.º (4)); "-": none
        return [None if w == "-" else _whole(option, w) for w in words]
    return _whole(option, text)


def option_text(value: Any) -> str:
    """An option's value as the set-up's field shows it (``parse_option`` reads it back):
    four figures as ``500 - - 800``, a switch as 1 or 0."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (list, tuple)):
        return " ".join("-" if v is None else str(v) for v in value)
    return str(value)


def _whole(option: OptionField, text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 12:
        raise RecordFieldError("match.bad_record", hand=None, field=f"options.{option.name}",
                               reason="match.bad_option")
    return int(text)


__all__ = [
    "DEFAULT_STAKE",
    "STORE_KEY",
    "Match",
    "OptionField",
    "has_false_win",
    "option_fields",
    "option_text",
    "parse_option",
    "start",
    "uses_bonus_tiles",
    "uses_markers",
    "values_losers",
]
