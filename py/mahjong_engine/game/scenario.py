"""Stacked walls: hands and draws chosen in advance, for tests, tutorials and replays
of positions from the documents.

``stack_wall`` lays the given hands where the rule set's deal will put them, the given
live draws next, the given replacement tiles at the replacement end (first used first)
and every other tile of the set in between, flowers last, so the deal, the draws and
the replacements come out exactly as written.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import IllegalActionError
from ..notation import format_tiles, parse_tiles
from ..tiles import Tile
from .phase import Phase
from ..rules import get_rule_set
from .state import GameConfig, GameState
from .wall import deal_slots, full_set


def stack_wall(rules_key: str, hands: list[str], draws: str = "", replacements: str = "",
               last: str = "", kongs: int = 0) -> str:
    """A wall in drawing order (notation, unsorted). ``hands`` by seat (E first, with
    the banker's extra tile); ``draws`` the live draws in order; ``replacements`` the
    tiles taken from the replacement end in order; ``last`` the last tiles of the live
    wall, in order: placed where the two ends will meet when every flower of the set
    and ``kongs`` kongs have taken their replacement. Other tiles fill the gaps,
    flowers first (so they come up early in play)."""
    rules = get_rule_set(rules_key)
    count = rules.tile_count
    dealt = deal_slots(rules.deal_pattern, rules.sets)
    wanted_hands = [parse_tiles(h) for h in hands]
    order: list[Tile | None] = [None] * count
    pool = sorted(full_set(count))

    def put(index: int, tile: Tile) -> None:
        if tile not in pool:
            raise IllegalActionError("setup.bad_stacked_wall", tile=tile.notation)
        pool.remove(tile)
        order[index] = tile

    for seat, tiles in enumerate(wanted_hands):
        if len(tiles) != len(dealt[seat]):
            raise IllegalActionError("setup.bad_stacked_wall", seat=seat, count=len(tiles))
        for index, tile in zip(dealt[seat], tiles, strict=True):
            put(index, tile)
    front = sum(len(h) for h in dealt)   # the first live draw's place
    for offset, tile in enumerate(parse_tiles(draws)):
        put(front + offset, tile)
    back = count - 1
    for offset, tile in enumerate(parse_tiles(replacements)):
        put(back - offset, tile)
    tail = parse_tiles(last)
    end = count - (count - 136) - kongs  # every flower and kong takes one from the back
    for offset, tile in enumerate(tail):
        put(end - len(tail) + offset, tile)
    pool.sort(key=lambda t: (not t.is_bonus, t))
    filled = [pool.pop(0) if tile is None else tile for tile in order]
    return format_tiles(filled, sort=False)


def stacked_state(rules_key: str, hands: list[str], draws: str = "", replacements: str = "",
                  last: str = "", kongs: int = 0, **config: Any) -> GameState:
    """A hand on the wall ``stack_wall`` lays; ``config``: other ``GameConfig`` fields."""
    wall = stack_wall(rules_key, hands, draws, replacements, last, kongs)
    return GameState(GameConfig(rules_key, stacked=wall, **config))




def pass_claims(state: GameState) -> None:
    """Every seat asked about a discard or a kong tile passes."""
    from .actions import Pass
    while state.phase in (Phase.CLAIM, Phase.ROB):
        state.apply(Pass(state.waiting_for()[0]))


def play_through(state: GameState, stop: Callable[[GameState], bool] | None = None,
                 max_steps: int = 5000) -> GameState:
    """Play on mechanically: draw, discard the tile just drawn (the dealt banker his
    last tile), pass every claim and exchange nothing special, until ``stop(state)`` is
    true before a move, or the hand ends."""
    from .actions import Discard, Draw
    for _ in range(max_steps):
        if state.ended or (stop is not None and stop(state)):
            return state
        if state.phase in (Phase.CLAIM, Phase.ROB):
            pass_claims(state)
        elif state.phase == Phase.DRAW:
            state.apply(Draw(state.current))
        elif state.phase == Phase.TURN:
            seat = state.current
            tile = state.last_drawn
            if tile is None or tile not in state.hands[seat]:
                tile = state.hands[seat][-1]
            state.apply(Discard(seat, tile))
        else:
            seat = state.waiting_for()[0]
            state.apply(state.legal_actions(seat)[0])
    return state


__all__ = ["pass_claims", "play_through", "stack_wall", "stacked_state"]
