"""The pieces of a kept match's record (``ledger``), read and checked: the error that names
the place of a bad one (``RecordFieldError``), the rule set with the record's options,
players, dice, and the tiles of one deal shared by the hands entered.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from ..errors import EngineError, clip
from ..hand import HandDescription
from ..rules import rule_set_class
from ..rules.base import Options, RuleSet
from ..tiles import COPIES, Tile

MAX_HANDS = 2000          # a long evening is under a hundred
DEFAULT_STAKE = "50/100"  # as the table's Match; only Macau reads it (art. 7.º)
R_FALSE_WIN_BANK = "game.reading.false_win_keeps_bank"
R_LOSER_NOT_ENTERED = "game.reading.loser_not_entered"
R_LIMIT_SCALED = "game.reading.limit_scaled"
HAND_FIELDS = ("win", "concealed", "win_tile", "melds", "flowers", "first_turn", "last_tile",
               "successive_kongs", "liability", "opener_wind", "capital")
TILE_FIELDS = ("concealed", "win_tile", "melds", "flowers")


class RecordFieldError(EngineError):
    """A match record that cannot be read: ``hand`` (1-based, or None for the header) and
    ``field`` name the place, ``reason`` the underlying message key."""


def bad(field_name: str, reason: str, hand: int | None = None, **params: Any) -> RecordFieldError:
    return RecordFieldError("match.bad_record", hand=hand, field=field_name, reason=reason,
                            **params)


def engine_error(error: EngineError, field_name: str, number: int) -> RecordFieldError:
    """An engine error met reading hand ``number`` as the record's error at ``field_name``."""
    return bad(field_name, error.key, number,
               **{k: v for k, v in error.params.items() if k not in ("hand", "field", "reason")})


def rule_set_of(key: str, options: dict[str, Any], readings: list[str]) -> RuleSet[Options]:
    """The rule set with the record's options: ``limit`` sets a rule set's limits in the
    document's proportions (Serralheiro §10 iv: banker's limit double, ½ limit half)."""
    cls = rule_set_class(key)
    defaults = {f.name: f.default for f in fields(cls.options_class)}
    chosen: dict[str, Any] = {}
    for name, value in options.items():
        if name not in defaults:
            raise bad(f"options.{clip(name)}", "match.unknown_option")
        try:
            chosen[name] = cls.options_class.checked(name, value)
        except ValueError:
            raise bad(f"options.{name}", "match.bad_option", value=clip(value)) from None
    if "limit" in chosen and isinstance(chosen["limit"], int):
        for name, factor in (("banker_limit", 2), ("half_limit", 0.5)):
            if name in defaults and name not in chosen:
                chosen[name] = int(chosen["limit"] * factor)
                if R_LIMIT_SCALED not in readings:
                    readings.append(R_LIMIT_SCALED)
    try:
        return cls(cls.options_class(**chosen))
    except (TypeError, ValueError):
        raise bad("options", "match.bad_option") from None


def player_index(value: Any, name: str, number: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise bad(name, "match.bad_player", number, value=clip(value))
    return value


def dice_pair(value: Any, number: int, name: str = "dice") -> list[int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6
                       for d in value)):
        raise bad(name, "match.bad_dice", number)
    return list(value)


def field_of(error: EngineError, desc: Mapping[str, Any] | None = None) -> str:
    name = error.params.get("field")
    if isinstance(name, str):
        return name
    if error.key.startswith("notation.") and desc is not None:
        text = error.params.get("text")
        for name in ("concealed", "win_tile", "flowers"):
            if desc.get(name) == text:
                return name
        return "melds"
    return "hand"


def check_table_tiles(descriptions: list[tuple[str, dict[str, Any]]], number: int) -> None:
    """The hands entered for one deal share one set of tiles: four of each, one of each
    flower (Portaria art. 1.º (2)). Counted field by field, winner first; the refusal names
    the field where a tile passed its copies (``losers.2.melds``), the tile and how many
    the hands hold in all."""
    fields_: list[tuple[str, list[Tile]]] = []
    for name, desc in descriptions:
        try:
            hand = HandDescription.from_json(desc)
        except EngineError as error:
            field_name = field_of(error, desc)
            raise bad(name if name != "hand" else field_name, error.key, number) from None
        prefix = "" if name == "hand" else f"{name}."
        fields_ += [(prefix + "concealed", list(hand.concealed)),
                    (prefix + "melds", [t for m in hand.melds for t in m.tiles]),
                    (prefix + "flowers", list(hand.flowers))]
    total = Counter(t for _, tiles in fields_ for t in tiles)
    seen: Counter[Tile] = Counter()
    for name, tiles in fields_:
        for tile in tiles:
            seen[tile] += 1
            if seen[tile] > (1 if tile.is_bonus else COPIES):
                raise bad(name, "match.tiles_over_used", number, tile=tile.notation,
                          count=total[tile])


__all__ = ["DEFAULT_STAKE", "HAND_FIELDS", "MAX_HANDS", "R_FALSE_WIN_BANK", "R_LIMIT_SCALED",
           "R_LOSER_NOT_ENTERED", "TILE_FIELDS", "RecordFieldError", "bad", "check_table_tiles",
           "dice_pair", "engine_error", "field_of", "player_index", "rule_set_of"]
