"""The wall: building, dice, where it opens, the deal and the replacement end.

The wall is kept as one sequence in drawing order, starting at the breach: live draws
come from the front, replacement tiles (kongs, flowers) from the back, which is the
far side of the breach: "do fim da última fila dupla" (Portaria 133/88/M art. 4.º (5)),
the «dragão» made of the tiles lifted beside the breach (Serralheiro §5 b, §6 b, §9 a),
"la muralla muerta (la parte opuesta a la que sirvió de apertura)" (Cayro). The
Filipino text says only "from the wall": the same end is used (reading
``game.reading.filipino_replacement``).
"""
from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from ..errors import IllegalActionError
from ..notation import format_tiles, parse_tiles
from ..rules import WallOpening
from ..tiles import BONUS_TILES, COPIES, PLAYABLE_TILES, Tile

T = TypeVar("T")


def full_set(tile_count: int) -> list[Tile]:
    """Every tile of the set: 136 (no flowers, Portaria art. 1.º) or 144."""
    tiles = [t for t in PLAYABLE_TILES for _ in range(COPIES)]
    if tile_count == 144:
        tiles.extend(BONUS_TILES)
    elif tile_count != 136:
        raise ValueError(tile_count)
    return tiles


def roll(rng: random.Random, dice: int) -> list[int]:
    return [rng.randint(1, 6) for _ in range(dice)]


@dataclass
class Opening:
    """Where the wall was opened: the rolls, the seat whose side was opened (the
    «abridor» in Serralheiro §4, the opener in Cayro) and the stacks counted."""

    rolls: list[list[int]]
    side: int
    stacks: int
    opener: int

    def to_json(self) -> dict[str, Any]:
        return {"rolls": self.rolls, "side": self.side, "stacks": self.stacks,
                "opener": self.opener}


def open_wall(method: WallOpening | str, dice: int, stacks_per_side: int,
              rng: random.Random) -> Opening:
    """Roll the dice and find the breach, as the rule set's ``wall_opening`` (or the
    key of one) says.

    The banker rolls. Without ``side_by_dice`` he counts the sum along his own wall from
    the right (Portaria art. 2.º, three dice; the Filipino text only says the dice are
    rolled: reading ``game.reading.filipino_wall``). With it the sum counts the sides
    from himself to his right (1-5-9 the banker, 2-6-10 his right...) to find the
    opener: the «abridor», who counts as many pairs from the right end of his side
    (Serralheiro §4 a, §5 a), or, with ``second_roll``, the player who rolls again and
    counts that many (Cayro, Desarrollo del juego: from the left).
    """
    method = WallOpening(method)   # a key: ValueError when no opening has it
    first = roll(rng, dice)
    total = sum(first)
    side = (total - 1) % 4 if method.side_by_dice else 0
    if method.second_roll:
        second = roll(rng, dice)
        return Opening([first, second], side, sum(second), side)
    return Opening([first], side, total, side)


@dataclass
class Wall:
    """The tiles not yet drawn, in drawing order; ``front`` and ``back`` bound them."""

    tiles: list[Tile]
    front: int = 0
    back: int = -1
    dead: int = 0
    opening: Opening | None = None
    stacks_per_side: int = 18

    def __post_init__(self) -> None:
        if self.back < 0:
            self.back = len(self.tiles)

    @property
    def remaining(self) -> int:
        return self.back - self.front

    @property
    def live(self) -> int:
        """Tiles that may still be drawn in turn (the dead wall kept back)."""
        return max(0, self.remaining - self.dead)

    def draw(self) -> Tile:
        if self.live <= 0:
            raise IllegalActionError("action.wall_empty")
        tile = self.tiles[self.front]
        self.front += 1
        return tile

    def draw_replacement(self) -> Tile:
        if self.remaining <= 0:
            raise IllegalActionError("action.wall_empty")
        self.back -= 1
        return self.tiles[self.back]

    def left(self) -> list[Tile]:
        return self.tiles[self.front:self.back]

    def to_json(self) -> dict[str, Any]:
        return {"tiles": format_tiles(self.tiles, sort=False), "front": self.front,
                "back": self.back, "dead": self.dead,
                "opening": self.opening.to_json() if self.opening else None}


def build_wall(tile_count: int, method: WallOpening | str, dice: int, stacks_per_side: int, dead: int,
               rng: random.Random, stacked: list[Tile] | str | None = None) -> Wall:
    """Shuffle (or take ``stacked``, already in drawing order), roll and open the wall.

    A shuffled wall is laid out as the ring of stacks around the table and turned so the
    breach comes first; a stacked wall (tests, tutorials) is used as given.
    """
    opening = open_wall(method, dice, stacks_per_side, rng)
    if stacked is not None:
        tiles = parse_tiles(stacked) if isinstance(stacked, str) else list(stacked)
        if sorted(tiles) != sorted(full_set(tile_count)):
            raise IllegalActionError("setup.bad_stacked_wall", count=len(tiles))
        return Wall(tiles, dead=dead, opening=opening, stacks_per_side=stacks_per_side)
    ring = full_set(tile_count)
    rng.shuffle(ring)
    # Ring position of the breach: the opened side, then the stacks counted along it.
    start = (2 * (opening.side * stacks_per_side + opening.stacks)) % len(ring)
    tiles = ring[start:] + ring[:start]
    return Wall(tiles, dead=dead, opening=opening, stacks_per_side=stacks_per_side)


def deal(wall: Wall, pattern: str, sets: int) -> list[list[Tile]]:
    """Deal the hands from ``wall`` (the patterns: ``_deal``)."""
    return _deal(wall.draw, pattern, sets)


def deal_slots(pattern: str, sets: int) -> list[list[int]]:
    """Where the deal takes each seat's tiles from: their places in drawing order."""
    return _deal(itertools.count().__next__, pattern, sets)


def _deal(draw: Callable[[], T], pattern: str, sets: int) -> list[list[T]]:
    """Deal the hands, ``draw()`` giving the next tile, seat 0 (the banker) getting one
    tile more.

    ``jump``: four tiles at a time, banker first, three times; then the banker takes the
    first and third tiles of the top row and each other player one more (Portaria
    art. 2.º; Serralheiro §5 c-d). ``one_each_then_east``: fours to twelve, one to each,
    one more to East (Cayro). ``mano_last``: fours until each has 16, then one more to
    the Mano ("O Mano dá 16 peças para cada jogador e pega 17 para si"; the order is the
    reading ``game.reading.filipino_deal``).
    """
    hands: list[list[T]] = [[], [], [], []]
    rounds = (3 * sets + 1) // 4  # 3 for 13-tile hands, 4 for 16-tile hands
    for _ in range(rounds):
        for seat in range(4):
            for _ in range(4):
                hands[seat].append(draw())
    extra = 3 * sets + 1 - 4 * rounds  # tiles each still needs after the fours
    if pattern == "jump" and extra == 1:
        block = [draw() for _ in range(5)]
        # block[0] top of 1st stack, block[4] top of 3rd: the banker's; the rest in turn.
        hands[0].extend((block[0], block[4]))
        for seat, tile in zip((1, 2, 3), block[1:4], strict=True):
            hands[seat].append(tile)
    elif pattern in ("one_each_then_east", "mano_last", "jump"):
        for _ in range(extra):
            for seat in range(4):
                hands[seat].append(draw())
        hands[0].append(draw())
    else:
        raise ValueError(pattern)
    return hands


__all__ = ["Opening", "Wall", "build_wall", "deal", "deal_slots", "full_set", "open_wall", "roll"]
