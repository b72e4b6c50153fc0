"""The actions a seat may take, as small frozen dataclasses with a JSON form.

Seats are table positions 0-3 in turn order; seat 0 is always East, the banker
(Portaria 133/88/M art. 2.º; Serralheiro §3; Cayro, Desarrollo del juego; the Mano).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from ..errors import IllegalActionError
from ..notation import format_tiles, parse_tile, parse_tiles
from ..tiles import Tile


class KongSource(StrEnum):
    CONCEALED = "concealed"   # four in hand («kong» fechado, Portaria art. 4.º (5))
    DISCARD = "discard"       # three in hand and the last discard («kong» aberto)
    ADDED = "added"           # the fourth tile added to an exposed pung


@dataclass(frozen=True)
class Action:
    kind: ClassVar[str] = ""
    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat}


@dataclass(frozen=True)
class Draw(Action):
    """Draw the next tile of the live wall."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Discard(Action):
    kind: ClassVar[str] = "discard"
    tile: Tile = field(default=Tile.M1)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat, "tile": self.tile.notation}


@dataclass(frozen=True)
class Chow(Action):
    """Claim the last discard for a run; ``tile`` is the run's lowest tile."""

    kind: ClassVar[str] = "chow"
    tile: Tile = field(default=Tile.M1)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat, "tile": self.tile.notation}


@dataclass(frozen=True)
class Pung(Action):
    """Claim the last discard (``tile``) for three of a kind."""

    kind: ClassVar[str] = "pung"
    tile: Tile = field(default=Tile.M1)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat, "tile": self.tile.notation}


@dataclass(frozen=True)
class Kong(Action):
    kind: ClassVar[str] = "kong"
    tile: Tile = field(default=Tile.M1)
    source: KongSource = KongSource.CONCEALED

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat, "tile": self.tile.notation,
                "source": self.source.value}


@dataclass(frozen=True)
class Win(Action):
    """Declare Mah-Jong: on the own turn (self-drawn), on the last discard, or on the
    tile of another player's added kong (robbing the kong)."""

    kind: ClassVar[str] = "win"


@dataclass(frozen=True)
class Pass(Action):
    """Let the last discard (or the kong tile) go."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Exchange(Action):
    """Serralheiro §7 «trocas»: the two tiles this seat hands over."""

    kind: ClassVar[str] = "exchange"
    tiles: tuple[Tile, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat, "tiles": format_tiles(self.tiles)}


_TYPES: dict[str, type[Action]] = {cls.kind: cls for cls in
                                   (Draw, Discard, Chow, Pung, Kong, Win, Pass, Exchange)}


def action_from_json(data: Any) -> Action:
    """Read an action back from ``to_json``; a malformed one raises ``action.malformed``."""
    try:
        cls = _TYPES[data["type"]]
        seat = data["seat"]
        if not isinstance(seat, int) or not 0 <= seat <= 3:
            raise ValueError
        if cls in (Discard, Chow, Pung):
            return cls(seat, parse_tile(data["tile"]))
        if cls is Kong:
            return Kong(seat, parse_tile(data["tile"]), KongSource(data["source"]))
        if cls is Exchange:
            return Exchange(seat, tuple(sorted(parse_tiles(data["tiles"]))))
        return cls(seat)
    except (KeyError, TypeError, ValueError, AttributeError):
        raise IllegalActionError("action.malformed") from None
    except IllegalActionError:
        raise
    except Exception:  # NotationError and friends
        raise IllegalActionError("action.malformed") from None
