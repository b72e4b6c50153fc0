"""A hand to score: the JSON hand description of the CLI contract, read and checked.

``concealed`` holds the tiles outside declared melds, the winning tile included.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from collections.abc import Mapping
from typing import Any, overload

from .errors import EngineError, HandError, clip
from .melds import Meld, MeldKind
from .notation import format_tiles, parse_tile, parse_tiles
from .tiles import COPIES, PLAYABLE_KINDS, Tile, Wind, counts_of


# Checked before any meld is read: five sets and a pair is the largest hand (Filipino).
MAX_MELDS = 8


class WinKind(StrEnum):
    DISCARD = "discard"
    SELF_DRAWN = "self_drawn"
    KONG_REPLACEMENT = "kong_replacement"
    ROBBING_KONG = "robbing_kong"

    @property
    def from_wall(self) -> bool:
        return self in (WinKind.SELF_DRAWN, WinKind.KONG_REPLACEMENT)


@dataclass(frozen=True)
class Stake:
    """Macau stake "player/banker" in dollars, e.g. ``100/200`` (Portaria art. 7.º)."""

    player: int
    banker: int

    @classmethod
    def parse(cls, text: str) -> Stake:
        parts = str(text).replace(" ", "").split("/")
        try:
            player, banker = (int(p) for p in parts)
        except ValueError:
            raise HandError("hand.bad_stake", stake=str(text)[:40]) from None
        if player <= 0 or banker <= 0:
            raise HandError("hand.bad_stake", stake=str(text)[:40])
        return cls(player, banker)

    def __str__(self) -> str:
        return f"{self.player}/{self.banker}"


@dataclass(frozen=True)
class HandDescription:
    rules: str
    concealed: tuple[Tile, ...]
    win_tile: Tile
    melds: tuple[Meld, ...] = ()
    flowers: tuple[Tile, ...] = ()
    win: WinKind = WinKind.DISCARD
    seat_wind: Wind = Wind.EAST
    round_wind: Wind = Wind.EAST
    opener_wind: Wind | None = None
    first_turn: bool = False
    last_tile: bool = False
    stake: Stake | None = None
    successive_kongs: bool = False   # Macau «Kong seong kong» (art. 5.º (3)): won after a kong on a kong
    # Settlement facts of the fields a rule set declares (``RuleSet.settlement_fields``),
    # checked and filled by ``RuleSet.read_facts``: e.g. Macau capital, false win, liability.
    facts: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def with_facts(self, facts: Mapping[str, Any]) -> HandDescription:
        return replace(self, facts=dict(facts))

    # ------------------------------------------------------------ derived facts
    @property
    def is_banker(self) -> bool:
        return self.seat_wind is Wind.EAST

    @property
    def self_drawn(self) -> bool:
        return self.win.from_wall

    @property
    def concealed_counts(self) -> list[int]:
        return counts_of(self.concealed)

    @property
    def all_tiles(self) -> list[Tile]:
        """Every set-forming tile of the hand, declared melds included (kongs whole)."""
        tiles = list(self.concealed)
        for meld in self.melds:
            tiles.extend(meld.tiles)
        return sorted(tiles)

    @property
    def has_exposed_melds(self) -> bool:
        return any(not m.concealed for m in self.melds)

    # ------------------------------------------------------------ reading
    @classmethod
    def from_json(cls, data: Any) -> HandDescription:
        if not isinstance(data, dict):
            raise HandError("hand.not_an_object")
        # Fields outside the contract are ignored, so newer pages can talk to older engines.
        rules = data.get("rules")
        if not isinstance(rules, str) or not rules:
            raise HandError("hand.missing_field", field="rules")
        concealed_text = data.get("concealed")
        if not isinstance(concealed_text, str):
            raise HandError("hand.missing_field", field="concealed")
        concealed = tuple(parse_tiles(concealed_text))
        if any(t.is_bonus for t in concealed):
            raise HandError("hand.bonus_in_concealed")
        win_text = data.get("win_tile")
        if not isinstance(win_text, str):
            raise HandError("hand.missing_field", field="win_tile")
        win_tile = parse_tile(win_text)
        if win_tile not in concealed:
            raise HandError("hand.win_tile_not_in_hand", tile=win_tile.notation)
        melds_data = data.get("melds", [])
        if not isinstance(melds_data, list):
            raise HandError("hand.bad_melds")
        if len(melds_data) > MAX_MELDS:
            raise HandError("hand.too_many_melds", limit=MAX_MELDS, found=len(melds_data))
        melds = []
        for item in melds_data:
            if not isinstance(item, dict) or not isinstance(item.get("tiles"), str):
                raise HandError("hand.bad_melds")
            concealed_flag = item.get("concealed", False)
            if not isinstance(concealed_flag, bool):
                raise HandError("hand.bad_flag", field="melds.concealed")
            melds.append(Meld.from_tiles(item.get("kind", ""), item["tiles"],
                                         concealed=concealed_flag, declared=True))
        flowers_text = data.get("flowers", "")
        if not isinstance(flowers_text, str):
            raise HandError("hand.bad_flowers")
        flowers = tuple(parse_tiles(flowers_text))
        if any(not t.is_bonus for t in flowers) or len(set(flowers)) != len(flowers):
            raise HandError("hand.bad_flowers")
        try:
            win = WinKind(data.get("win", "discard"))
        except ValueError:
            raise HandError("hand.bad_win", win=clip(data.get("win"))) from None
        seat = _wind(data, "seat_wind", Wind.EAST)
        round_ = _wind(data, "round_wind", Wind.EAST)
        opener = _wind(data, "opener_wind", None)
        first_turn, last_tile, successive_kongs = (
            _flag(data, name) for name in ("first_turn", "last_tile", "successive_kongs"))
        stake = data.get("stake")
        hand = cls(rules=rules, concealed=tuple(concealed), win_tile=win_tile, melds=tuple(melds),
                   flowers=flowers, win=win, seat_wind=seat, round_wind=round_, opener_wind=opener,
                   stake=Stake.parse(stake) if stake is not None else None,
                   first_turn=first_turn, last_tile=last_tile, successive_kongs=successive_kongs)
        hand.check_counts()
        return hand

    def check_counts(self) -> None:
        counts = counts_of(self.all_tiles)
        for tile in range(PLAYABLE_KINDS):
            if counts[tile] > COPIES:
                raise HandError("hand.too_many_copies", tile=Tile(tile).notation, count=counts[tile])

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rules": self.rules,
            "concealed": format_tiles(self.concealed),
            "win_tile": self.win_tile.notation,
            "melds": [m.to_json() for m in self.melds],
            "flowers": format_tiles(self.flowers),
            "win": self.win.value,
            "seat_wind": self.seat_wind.value,
            "round_wind": self.round_wind.value,
            "first_turn": self.first_turn,
            "last_tile": self.last_tile,
        }
        if self.opener_wind is not None:
            data["opener_wind"] = self.opener_wind.value
        if self.stake is not None:
            data["stake"] = str(self.stake)
        if self.successive_kongs:
            data["successive_kongs"] = True
        return data


def _flag(data: Mapping[str, Any], name: str) -> bool:
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise HandError("hand.bad_flag", field=name)
    return value


@overload
def _wind(data: Mapping[str, Any], name: str, default: Wind) -> Wind: ...
@overload
def _wind(data: Mapping[str, Any], name: str, default: None) -> Wind | None: ...


def _wind(data: Mapping[str, Any], name: str, default: Wind | None) -> Wind | None:
    value = data.get(name)
    if value is None:
        return default
    try:
        return Wind(value)
    except ValueError:
        raise HandError("hand.bad_wind", field=name, value=str(value)[:40]) from None


__all__ = ["EngineError", "HandDescription", "MeldKind", "Stake", "WinKind"]
