"""The hand's data (``HandState``): the wall built and dealt from the seed, every seat's
hand, melds, flowers and discards, whose move it is, the log, and the small facts read
from them; the flowers shown and replaced (``take``).

Every attribute of a hand is set here, and nothing here decides a move: the modules
that do (``moves``, ``play``, ``resolve``, ``ending``, ``settle``, ``view``, ``why``)
are functions of a ``HandState``, and ``state.GameState`` is this data with their
public entry points as methods.
"""
from __future__ import annotations

import random
from typing import Any

from ..melds import Meld
from ..rules import get_rule_set
from ..rules.base import RuleSet
from ..tiles import WINDS, Tile, Wind
from .actions import Action
from .claims import DiscardRecord
from .config import GameConfig
from .phase import Phase
from .result import HandResult
from .wall import Wall, build_wall, deal

# How the current seat came to hold its extra tile (what a self-drawn win is called).
BY_DEAL, BY_DRAW, BY_REPLACEMENT, BY_CLAIM = "deal", "draw", "replacement", "claim"


class HandState:
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
        self.rob_kong_successive = False   # the added kong being robbed was «kong seong kong»
        self.records: list[DiscardRecord] = []
        self.tracks_liability = type(r).liable_seat is not RuleSet.liable_seat
        self.result: HandResult | None = None
        _deal_flowers(self)
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

    def opener_wind(self) -> Wind | None:
        """The «abridor»'s wind (Serralheiro §4, §9 d ii), where the rule set has one."""
        if self.wall.opening is not None and self.rules.opener_scores:
            return WINDS[self.wall.opening.opener]
        return None

    def event(self, kind: str, **data: Any) -> None:
        """Log an event of the hand (a flower shown, an exchange, the end) at this step."""
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


# ---------------------------------------------------------------- flowers

def _deal_flowers(hand: HandState) -> None:
    """Flowers and seasons shown and replaced from the replacement end, banker first,
    each seat until it holds none (Serralheiro §6 b-c; Cayro "el Este exhibirá todas
    las flores ... Acto seguido, y en el orden establecido, los demás"; Filipino
    "Mano ... substitui suas flores primeiro")."""
    if not hand.rules.uses_bonus_tiles:
        return
    for seat in range(4):
        while True:
            shown = [t for t in hand.hands[seat] if t.is_bonus]
            if not shown:
                break
            for tile in shown:
                hand.hands[seat].remove(tile)
                hand.flowers[seat].append(tile)
                new = hand.wall.draw_replacement()
                hand.hands[seat].append(new)
                hand.event("flower", seat=seat, tile=tile.notation, during="deal")
    hand.last_drawn = hand.hands[0][-1]


def take(hand: HandState, seat: int, tile: Tile) -> Tile | None:
    """Put a drawn tile in the hand, showing and replacing flowers at once
    (Filipino "Quando compradas, são imediatamente reveladas e substituídas";
    Serralheiro §8 d; Cayro "la cambiará inmediatamente"). None: the wall ran out."""
    while tile.is_bonus:
        hand.flowers[seat].append(tile)
        hand.event("flower", seat=seat, tile=tile.notation, during="play")
        if hand.wall.remaining <= 0:
            return None
        tile = hand.wall.draw_replacement()
    hand.hands[seat].append(tile)
    hand.last_drawn = tile
    return tile


__all__ = ["BY_CLAIM", "BY_DEAL", "BY_DRAW", "BY_REPLACEMENT", "HandState", "take"]
