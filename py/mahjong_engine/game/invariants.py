"""Checks that must hold after every step of a hand; each failure is a message key.

Every tile accounted for (136 or 144: Portaria art. 1.º; Serralheiro "144 pedras";
Cayro "Total de fichas = 144"; Filipino 18 × 2 × 4), hand sizes (13/14, 16/17), no
flower held in a hand, at most one discard per turn, payments summing to zero (less the
house commission in Macau, art. 7.º).
"""
from __future__ import annotations

from ..tiles import Tile
from .hand_state import HandState
from .phase import Phase
from .wall import full_set

_FULL: dict[int, list[Tile]] = {}


def check(state: HandState) -> list[str]:
    """The keys of the invariants ``state`` breaks (empty when all hold)."""
    errors: list[str] = []
    count = state.rules.tile_count
    full = _FULL.get(count)
    if full is None:
        full = _FULL[count] = sorted(full_set(count))
    if sorted(state.tiles_in_play()) != full:
        errors.append("invariant.tiles_not_accounted")
    size = state.hand_size
    for seat in range(4):
        held = state.held(seat)
        extra = held == size + 1 and (
            (state.phase in (Phase.TURN, Phase.ROB) and seat == state.current)
            or (state.phase == Phase.ENDED and state.result is not None
                and state.result.winner == seat)
            or (state.phase == Phase.EXCHANGE and seat == 0))
        if held != size and not extra:
            errors.append("invariant.hand_size")
        if any(t.is_bonus for t in state.hands[seat]):
            errors.append("invariant.flower_in_hand")
    if state.turn_discards > 1:
        errors.append("invariant.two_discards")
    if state.result is not None and sum(state.result.payments) + state.result.commission != 0:
        errors.append("invariant.payments_not_zero")
    return errors


__all__ = ["check"]
