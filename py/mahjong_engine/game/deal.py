"""The hand's tiles and the deal (``DealtHand``, the base of ``GameState``): the wall built
and dealt from the seed, every seat's hand, melds, flowers and discards, the flowers shown
and replaced, and the small facts the rest of the state machine reads.

Every attribute of the state is set here; the classes built on this one (``moves``,
``ending``, ``resolve``, ``play``, ``view``) add behaviour, never new data.
"""
from __future__ import annotations

import random
from typing import Any

from ..melds import Meld
from ..rules.base import RuleSet
from ..tiles import WINDS, Tile, Wind
from .actions import Action
from .claims import DiscardRecord
from .config import GameConfig
from .phase import Phase
from .result import HandResult
from ..rules import get_rule_set
from .wall import Wall, build_wall, deal

# How the current seat came to hold its extra tile (what a self-drawn win is called).
BY_DEAL, BY_DRAW, BY_REPLACEMENT, BY_CLAIM = "deal", "draw", "replacement", "claim"


class DealtHand:
    """One hand's data: wall, hands, melds, flowers, discards, whose move, and the log."""

    def __init__(self, config: GameConfig, rules: RuleSet[Any] | None = None) -> None:
        self.config = config
        self.rules: RuleSet[Any] = rules if rules is not None else get_rule_set(config.rules)
        r = self.rules
        self.rng = random.Random(config.seed)
        self.round_wind = Wind(config.round_wind)
        self.wall: Wall = build_wall(r.tile_count, r.wall_opening, r.dice, r.wall_stacks,
                                     r.dead_wall, self.rng, config.stacked)
        self.hands: list[list[Tile]] = deal(self.wall, r.deal_pattern, r.sets)
        self.melds: list[list[Meld]] = [[], [], [], []]
        self.flowers: list[list[Tile]] = [[], [], [], []]
        self.discards: list[list[Tile]] = [[], [], [], []]
        self.log: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.phase = Phase.TURN
        self.current = 0
        self.last_discard: tuple[int, Tile] | None = None
        self.pending: dict[int, Action | None] = {}
        self.kong_tile: Tile | None = None
        self.got_by = BY_DEAL
        self.last_drawn: Tile | None = self.hands[0][-1]
        self.kong_chain = 0
        self.discard_count = 0
        self.claim_count = 0
        self.turn_discards = 0
        self.exchange_step = 0
        self._rob_kong_successive = False
        self.records: list[DiscardRecord] = []
        self._tracks_liability = type(r).liable_seat is not RuleSet.liable_seat
        self.result: HandResult | None = None
        self._deal_flowers()
        exchanges = config.exchanges
        if exchanges is None:
            exchanges = r.exchanges_on()
        if exchanges:
            self.phase = Phase.EXCHANGE
            self.pending = {0: None, 1: None}

    # ------------------------------------------------------------ small facts
    @property
    def hand_size(self) -> int:
        """Tiles held between turns (13 or 16), kongs counted as three."""
        return 3 * self.rules.sets + 1

    def held(self, seat: int) -> int:
        return len(self.hands[seat]) + 3 * len(self.melds[seat])

    def wind_of(self, seat: int) -> Wind:
        return WINDS[seat]

    @property
    def ended(self) -> bool:
        return self.phase == Phase.ENDED

    def _event(self, kind: str, **data: Any) -> None:
        data["type"] = kind
        data["at"] = len(self.log)
        self.events.append(data)

    def tiles_in_play(self) -> list[Tile]:
        """Every tile of the set, wherever it is now (for the invariants)."""
        out = list(self.wall.left())
        for seat in range(4):
            out.extend(self.hands[seat])
            out.extend(self.flowers[seat])
            out.extend(self.discards[seat])
            for meld in self.melds[seat]:
                out.extend(meld.tiles)
        return out

    # ------------------------------------------------------------ flowers
    def _deal_flowers(self) -> None:
        """Flowers and seasons shown and replaced from the replacement end, banker first,
        each seat until it holds none (Serralheiro §6 b-c; Cayro "el Este exhibirá todas
        las flores ... Acto seguido, y en el orden establecido, los demás"; Filipino
        "Mano ... substitui suas flores primeiro")."""
        if not self.rules.uses_bonus_tiles:
            return
        for seat in range(4):
            while True:
                shown = [t for t in self.hands[seat] if t.is_bonus]
                if not shown:
                    break
                for tile in shown:
                    self.hands[seat].remove(tile)
                    self.flowers[seat].append(tile)
                    new = self.wall.draw_replacement()
                    self.hands[seat].append(new)
                    self._event("flower", seat=seat, tile=tile.notation, during="deal")
        self.last_drawn = self.hands[0][-1]

    def _take(self, seat: int, tile: Tile) -> Tile | None:
        """Put a drawn tile in the hand, showing and replacing flowers at once
        (Filipino "Quando compradas, são imediatamente reveladas e substituídas";
        Serralheiro §8 d; Cayro "la cambiará inmediatamente"). None: the wall ran out."""
        while tile.is_bonus:
            self.flowers[seat].append(tile)
            self._event("flower", seat=seat, tile=tile.notation, during="play")
            if self.wall.remaining <= 0:
                return None
            tile = self.wall.draw_replacement()
        self.hands[seat].append(tile)
        self.last_drawn = tile
        return tile


__all__ = ["BY_CLAIM", "BY_DEAL", "BY_DRAW", "BY_REPLACEMENT", "DealtHand"]
