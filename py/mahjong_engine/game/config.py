"""What fixes a hand before any action (``GameConfig``): rule set, seed, winds, options."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import EngineError, clip
from ..hand import Stake
from ..tiles import WINDS

MAX_SEED = 1 << 63
MAX_TEXT = 64            # a rule set's key, a stake ("50/100")
MAX_WALL = 1024          # a stacked wall: 144 tiles in notation
MAX_HAND_NUMBER = 100_000


class ConfigError(EngineError):
    """A record's field of the wrong type or out of range (``record.bad_field``: ``field``
    names it); raised before the field is used, so a record is refused, never stuck."""


def whole(value: Any, name: str, low: int, high: int) -> int:
    """``value`` when it is an ``int`` (not a bool) in ``low..high``; else ``ConfigError``."""
    if type(value) is not int or not low <= value <= high:
        raise ConfigError("record.bad_field", field=name, value=clip(value))
    return value


def text(value: Any, name: str, limit: int = MAX_TEXT, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value or len(value) > limit:
        raise ConfigError("record.bad_field", field=name, value=clip(value))
    return value


def flag(value: Any, name: str) -> bool | None:
    if value is not None and not isinstance(value, bool):
        raise ConfigError("record.bad_field", field=name, value=clip(value))
    return value


def check_match_fields(data: dict[str, Any]) -> None:
    """The fields a match and a hand's configuration share: rule set, seed, stake,
    exchanges, capital (Macau art. 8.º (4): a positive sum)."""
    text(data.get("rules"), "rules")
    whole(data.get("seed", 0), "seed", -MAX_SEED, MAX_SEED - 1)
    stake = text(data.get("stake"), "stake", optional=True)
    if stake is not None:
        try:
            Stake.parse(stake)
        except EngineError:
            raise ConfigError("record.bad_field", field="stake", value=clip(stake)) from None
    flag(data.get("exchanges"), "exchanges")
    if data.get("capital") is not None:
        whole(data["capital"], "capital", 1, 10 ** 12)


@dataclass
class GameConfig:
    """Everything that fixes a hand before any action: rule set, seed, winds, options."""

    rules: str
    seed: int = 0
    round_wind: str = "E"
    exchanges: bool | None = None        # Serralheiro §7; None: the rule set's default
    stake: str | None = "50/100"         # Macau art. 7.º stake "player/banker"
    stacked: str | None = None           # a wall in drawing order (tests, tutorials)
    hand_number: int = 0
    capital: int | None = None           # Macau art. 8.º (4): a winner's capital in play

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rules": self.rules, "seed": self.seed, "round_wind": self.round_wind,
            "exchanges": self.exchanges, "stake": self.stake, "stacked": self.stacked,
            "hand_number": self.hand_number}
        if self.capital is not None:
            data["capital"] = self.capital
        return data

    @classmethod
    def from_json(cls, data: Any) -> GameConfig:
        """A configuration from a record, every field's type and range checked first
        (``ConfigError``)."""
        if not isinstance(data, dict):
            raise ConfigError("record.bad_field", field="config", value="")
        check_match_fields(data)
        if data.get("round_wind", "E") not in WINDS:
            raise ConfigError("record.bad_field", field="round_wind",
                              value=clip(data.get("round_wind")))
        text(data.get("stacked"), "stacked", MAX_WALL, optional=True)
        whole(data.get("hand_number", 0), "hand_number", 0, MAX_HAND_NUMBER)
        fields = ("rules", "seed", "round_wind", "exchanges", "stake", "stacked", "hand_number",
                  "capital")
        return cls(**{k: data[k] for k in fields if k in data})


__all__ = ["MAX_SEED", "ConfigError", "GameConfig", "check_match_fields", "flag", "text", "whole"]
