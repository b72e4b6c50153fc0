"""Hands counted at the table: what a scorekeeper enters instead of the tiles.

Players at these tables count their own hands aloud; a match record may give those
figures (``"count": {...}``) in place of a hand's tiles. Each rule set reads its own
figures (``RuleSet.score_count``) into a ``ScoreResult`` that settles exactly as the
result of the same hand given in tiles: the winner's value, the losers' values, the
grade, the markers. These helpers read the figures and refuse, naming the field, what
no table could have counted.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import HandError, clip
from ..hand import Stake
from ..tiles import Wind

MAX_FIGURE = 10**9          # points, values: far above any limit a table agrees
MAX_DOUBLES = 30
R_COUNTED = "game.reading.counted_at_table"


@dataclass(frozen=True)
class Counted:
    """One player's hand as the table counted it: ``data`` (the record's ``count``),
    his seat wind, whether he won, and the facts the settlement reads (Macau: the stake,
    ``capital``, ``discarder`` as a wind)."""

    data: Mapping[str, Any]
    seat_wind: Wind
    winning: bool
    stake: Stake | None = None
    facts: Mapping[str, Any] = field(default_factory=dict)

    @property
    def is_banker(self) -> bool:
        return self.seat_wind is Wind.EAST


def bad_count(name: str, value: object = None) -> HandError:
    return HandError("match.bad_count", field=f"count.{name}", value=clip(value))


def check_keys(data: Any, allowed: tuple[str, ...]) -> Mapping[str, Any]:
    """``data`` as an object holding only ``allowed`` keys."""
    if not isinstance(data, Mapping) or not data:
        raise HandError("match.bad_count", field="count", value=clip(data))
    for key in data:
        if key not in allowed:
            raise HandError("match.count_unknown", field=f"count.{clip(key)}",
                            allowed=", ".join(allowed))
    return data


def whole(data: Mapping[str, Any], name: str, low: int = 0, high: int = MAX_FIGURE) -> int:
    """A whole number from ``low`` to ``high`` under ``name``."""
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise bad_count(name, value)
    return value


def points_doubles(data: Any) -> tuple[int, int, int | None]:
    """Serralheiro and Cayro: ``{"points": P, "doubles": D}`` (doubles optional, 0) or the
    finished ``{"value": V}``. Returns (points, doubles, value or None)."""
    data = check_keys(data, ("points", "doubles", "value"))
    if "value" in data:
        if "points" in data or "doubles" in data:
            raise HandError("match.count_value_or_points", field="count.value")
        return 0, 0, whole(data, "value")
    if "points" not in data:
        raise HandError("hand.missing_field", field="count.points")
    doubles = whole(data, "doubles", 0, MAX_DOUBLES) if "doubles" in data else 0
    return whole(data, "points"), doubles, None


def key_list(data: Mapping[str, Any], name: str, known: tuple[str, ...]) -> list[str]:
    """A list of item keys, each one of ``known``."""
    value = data.get(name)
    if not isinstance(value, list) or len(value) > 20:
        raise bad_count(name, value)
    for key in value:
        if key not in known:
            raise HandError("match.count_unknown_item", field=f"count.{name}", value=clip(key))
    return [str(k) for k in value]


__all__ = ["MAX_FIGURE", "R_COUNTED", "Counted", "bad_count", "check_keys", "key_list",
           "points_doubles", "whole"]
