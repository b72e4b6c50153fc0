"""Answers resolved: once every asked seat has answered a discard or an added kong
(``maybe_resolve``), who takes the tile, the meld it makes, a kong's replacement
(``replace``), or the next draw; functions of the hand's data (``HandState``).
"""
from __future__ import annotations

from ..hand import WinKind
from ..melds import Meld, MeldKind
from ..tiles import Tile
from .actions import Chow, Pass, Pung, Win
from .claims import resolve_claims
from .ending import end_draw, finish_win
from .hand_state import BY_CLAIM, BY_REPLACEMENT, HandState, take
from .moves import claim_kind
from .phase import Phase


def maybe_resolve(state: HandState) -> None:
    """Close the claim or rob window once every asked seat has answered."""
    if any(a is None for a in state.pending.values()):
        return
    if state.phase == Phase.ROB:
        _close_rob(state)
    else:
        _close_claims(state)


def _close_rob(state: HandState) -> None:
    seat = state.current
    tile = state.kong_tile
    assert tile is not None
    winners = [s for s, a in state.pending.items() if isinstance(a, Win)]
    if not winners:
        complete_added_kong(state, seat, tile, state.rob_kong_successive)
        return
    winner = min(winners, key=lambda s: (s - seat) % 4)
    state.hands[seat].remove(tile)
    state.hands[winner].append(tile)
    state.last_drawn = tile
    state.pending = {}
    state.kong_tile = None
    finish_win(state, winner, WinKind.ROBBING_KONG, seat, tile)


def _close_claims(state: HandState) -> None:
    assert state.last_discard is not None
    discarder, tile = state.last_discard
    claims = [a for a in state.pending.values() if a is not None and not isinstance(a, Pass)]
    state.pending = {}
    chosen = resolve_claims(state.rules, discarder, claims,
                            lambda claim: claim_kind(state, claim))
    if chosen is None:
        after_discard(state)
        return
    seat = chosen.seat
    state.discards[discarder].pop()
    state.claim_count += 1
    if state.records:
        state.records[-1].claimed_by = seat
        state.records[-1].claim = chosen.kind
        state.records[-1].claimant_melds = tuple(state.melds[seat])
    if isinstance(chosen, Win):
        state.hands[seat].append(tile)
        state.last_drawn = tile
        finish_win(state, seat, WinKind.DISCARD, discarder, tile)
        return
    state.current = seat
    state.turn_discards = 0
    state.last_discard = None
    if isinstance(chosen, Chow):
        run = [Tile(chosen.tile + k) for k in range(3)]
        run.remove(tile)
        for t in run:
            state.hands[seat].remove(t)
        state.melds[seat].append(Meld(MeldKind.CHOW, chosen.tile, declared=True))
    elif isinstance(chosen, Pung):
        for _ in range(2):
            state.hands[seat].remove(tile)
        state.melds[seat].append(Meld(MeldKind.PUNG, tile, declared=True))
    else:  # kong from the discard
        for _ in range(3):
            state.hands[seat].remove(tile)
        state.melds[seat].append(Meld(MeldKind.KONG, tile, declared=True))
        state.kong_chain = 0
        replace(state, seat, False)
        return
    state.got_by = BY_CLAIM
    state.kong_chain = 0
    state.phase = Phase.TURN


def after_discard(state: HandState) -> None:
    """Nobody claimed: the next seat draws, or the hand is drawn when the live wall
    is empty ("A partida termina ... quando se acabarem as pedras da muralha",
    Serralheiro §8 g; a draw pays nothing)."""
    assert state.last_discard is not None
    discarder = state.last_discard[0]
    if state.wall.live <= 0:
        end_draw(state, "wall_exhausted")
        return
    state.current = (discarder + 1) % 4
    state.phase = Phase.DRAW


def complete_added_kong(state: HandState, seat: int, tile: Tile, successive: bool) -> None:
    state.hands[seat].remove(tile)
    index = next(i for i, m in enumerate(state.melds[seat])
                 if m.kind is MeldKind.PUNG and m.tile == tile)
    state.melds[seat][index] = Meld(MeldKind.KONG, tile, concealed=False, declared=True)
    state.kong_tile = None
    state.pending = {}
    state.phase = Phase.TURN
    replace(state, seat, successive)


def replace(state: HandState, seat: int, successive: bool) -> None:
    """A kong takes a replacement from the replacement end (Portaria art. 4.º (5);
    Serralheiro §9 a; Cayro "tomará ficha de la muralla muerta")."""
    state.kong_chain = state.kong_chain + 1 if successive else 1
    state.got_by = BY_REPLACEMENT
    state.turn_discards = 0
    tile = state.wall.draw_replacement()
    if take(state, seat, tile) is None:
        end_draw(state, "wall_empty_in_replacement")
        return
    state.phase = Phase.TURN
    state.current = seat


__all__ = ["after_discard", "complete_added_kong", "maybe_resolve", "replace"]
