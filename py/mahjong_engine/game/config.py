"""What fixes a hand before any action (``GameConfig``): rule set, seed, winds, options."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


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
    def from_json(cls, data: dict[str, Any]) -> GameConfig:
        fields = ("rules", "seed", "round_wind", "exchanges", "stake", "stacked", "hand_number",
                  "capital")
        return cls(**{k: data[k] for k in fields if k in data})


__all__ = ["GameConfig"]
