"""Strings of the kept match (pure Python): the calculator's catalogues and ``keep``,
``game``; refusals of the record worded with the hand and the field they name."""
from __future__ import annotations

from typing import Any

from mahjong_engine.game.ledger import RecordFieldError

from ..calculator.text import DOMAINS as CALC_DOMAINS, Texts

DOMAINS = (*CALC_DOMAINS, "keep", "game")
REASON_DOMAINS = ("game", "errors", "calculator", "keep")
HAND_FIELDS = ("concealed", "melds", "flowers", "win_tile", "winner", "discarder", "dice",
               "false_win", "losers", "hand", "players", "rules", "options", "record", "win",
               "count", "capital", "liability", "last_tile", "opener_wind", "stake")
COUNT_PARTS = ("points", "doubles", "value", "fan", "items", "liable", "markers", "criteria")


class KeepTexts(Texts):
    def k(self, key: str, **params: Any) -> str:
        return self.t("keep", key, **params)

    def field_name(self, name: Any, players: list[str] | None = None) -> str:
        """``losers.2.concealed`` → «Carla's concealed tiles»; ``options.limit`` → «Limit»."""
        parts = str(name).split(".")
        if parts[0] == "options" and len(parts) > 1:
            return self.k(f"option.{parts[1]}")
        if parts[0] in ("losers", "dice") and len(parts) > 1 and parts[1].isdigit():
            who = int(parts[1])
            player = players[who] if players and 0 <= who < len(players) else parts[1]
            rest = ".".join(parts[2:]) if len(parts) > 2 else parts[0]
            return self.k("field.of_player", player=player, field=self.field_name(rest))
        if parts[0] == "count" and len(parts) > 1 and parts[1] in COUNT_PARTS:
            return self.k("field.count_part", part=self.k(f"field.{parts[1]}"))
        if parts[0] in HAND_FIELDS:
            return self.k(f"field.{parts[0]}")
        return str(name)

    def error(self, error: Any, rules: str | None = None) -> str:
        if not isinstance(error, RecordFieldError):
            return super().error(error, rules)
        return self.record_error(error)

    def record_error(self, error: RecordFieldError, players: list[str] | None = None) -> str:
        params = dict(error.params)
        reason = str(params.pop("reason", ""))
        hand = params.pop("hand", None)
        name = self.field_name(params.pop("field", ""), players)
        # A reason that names its field («needs the field {field}») gets it in words.
        reason_text = self.translate(REASON_DOMAINS, reason, **{"field": name, **params})
        if hand is None:
            return self.k("error.setup", field=name, reason_text=reason_text)
        return self.k("error.hand", hand=hand, field=name, reason_text=reason_text)


__all__ = ["DOMAINS", "KeepTexts"]
