"""A bench-only player that cheats, to bound what defence can gain (issue 17): the strong
player, except that it sees every hand on the table and never discards a tile that
completes an opponent's ready hand, unless every discard it holds would. Where its own
choice is such a tile it takes, of the others, the one nearest to ready with the most
live useful tiles (normal's reckoning).

Nothing a real seat can know gets it closer to "never deals in", so its win share and
settlement against three normal players are a ceiling for any defence a fair player could
read from the table. It reads the ``GameState`` given to it, so it lives here, not in the
engine (a computer player there sees only its ``view``)."""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_engine.ai.analysis import read_turn
from mahjong_engine.ai.efficiency import Shanten, hand_counts
from mahjong_engine.ai.strong import StrongPlayer
from mahjong_engine.game.actions import Action, Discard
from mahjong_engine.game.state import GameState
from mahjong_engine.rules.base import RuleSet
from mahjong_engine.tiles import Tile


def ready_waits(state: GameState, seat: int, rules: RuleSet[Any]) -> list[int] | None:
    """The tiles that would complete ``seat``'s hand now (``RuleSet.waits``), or None when
    the shanten count does not find it ready."""
    counts = hand_counts(state.hands[seat])
    if Shanten(rules, len(state.melds[seat]))(counts) != 0:
        return None
    return rules.waits(counts, state.melds[seat])


def winning_tiles(state: GameState, seat: int, rules: RuleSet[Any]) -> set[int]:
    """Every tile that would complete an opponent's ready hand now."""
    out: set[int] = set()
    for other in range(4):
        if other != seat:
            out.update(ready_waits(state, other, rules) or ())
    return out


class PerfectDefence(StrongPlayer):
    level = "ceiling"

    def __init__(self, rules: RuleSet[Any], rng: random.Random, seat: int,
                 state: GameState) -> None:
        super().__init__(rules, rng, seat)
        self.state = state

    def turn(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        action = super().turn(view, legal)
        if not isinstance(action, Discard):
            return action
        deadly = winning_tiles(self.state, view["seat"], self.rules)
        if int(action.tile) not in deadly:
            return action
        safe = [c for c in read_turn(view, self.rules, full=True).candidates
                if c.tile not in deadly]
        if not safe:
            return action
        pick = min(safe, key=lambda c: (c.shanten, -c.live, c.tile))
        return Discard(view["seat"], Tile(pick.tile))
