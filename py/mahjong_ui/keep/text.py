"""Strings of the kept match (pure Python): the calculator's catalogues and ``keep``,
``game``; refusals of the record worded with the hand and the field they name. Plain
functions over the page's one translator (``mahjong_ui.i18n``)."""
from __future__ import annotations

from typing import Any

from mahjong_engine.game.ledger import RecordFieldError

from ..calculator.model import CalcError
from ..calculator.text import DOMAINS as CALC_DOMAINS, error_text as calc_error_text
from ..i18n import Translator

DOMAINS = (*CALC_DOMAINS, "keep", "game")
REASON_DOMAINS = ("game", "errors", "calculator", "keep")
HAND_FIELDS = ("concealed", "melds", "flowers", "win_tile", "winner", "discarder", "dice",
               "false_win", "losers", "hand", "players", "rules", "options", "record", "win",
               "count", "capital", "liability", "last_tile", "opener_wind", "stake")
COUNT_PARTS = ("points", "doubles", "value", "fan", "items", "liable", "markers", "criteria")


def field_name(tr: Translator, name: Any, players: list[str] | None = None) -> str:
    """``losers.2.concealed`` → «Carla's concealed tiles»; ``options.limit`` → «Limit»."""
    k = tr.domain("keep").t
    parts = str(name).split(".")
    if parts[0] == "options" and len(parts) > 1:
        return k(f"option.{parts[1]}")
    if parts[0] in ("losers", "dice") and len(parts) > 1 and parts[1].isdigit():
        who = int(parts[1])
        player = players[who] if players and 0 <= who < len(players) else parts[1]
        rest = ".".join(parts[2:]) if len(parts) > 2 else parts[0]
        return k("field.of_player", player=player, field=field_name(tr, rest))
    if parts[0] == "count" and len(parts) > 1 and parts[1] in COUNT_PARTS:
        return k("field.count_part", part=k(f"field.{parts[1]}"))
    if parts[0] in HAND_FIELDS:
        return k(f"field.{parts[0]}")
    return str(name)


def record_error(tr: Translator, error: RecordFieldError, players: list[str] | None = None) -> str:
    params = dict(error.params)
    reason = str(params.pop("reason", ""))
    hand = params.pop("hand", None)
    name = field_name(tr, params.pop("field", ""), players)
    # A reason that names its field («needs the field {field}») gets it in words.
    reason_text = tr.domain(*REASON_DOMAINS).t(reason, **{"field": name, **params})
    keep = tr.domain("keep")
    if hand is None:
        return keep.t("error.setup", field=name, reason_text=reason_text)
    return keep.t("error.hand", hand=hand, field=name, reason_text=reason_text)


def error_text(tr: Translator, error: CalcError | RecordFieldError, rules: str | None = None) -> str:
    """A refusal of the kept match: a record's field error worded with its field, else the
    calculator's wording."""
    if isinstance(error, RecordFieldError):
        return record_error(tr, error)
    return calc_error_text(tr, error, rules)


__all__ = ["DOMAINS", "error_text", "field_name", "record_error"]
