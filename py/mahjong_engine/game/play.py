"""Each kind of action played: ``GameState.apply`` checks an action is legal and hands it
to ``play`` here, whose handler for the action's kind changes the hand's data
(``HandState``) and opens the next window."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..hand import WinKind
from ..melds import Meld, MeldKind
from ..tiles import Tile, counts_of
from .actions import Action, Chow, Discard, Draw, Exchange, Kong, KongSource, Pass, Pung, Win
from .claims import DiscardRecord
from .ending import end_draw, finish_win
from .hand_state import BY_DEAL, BY_DRAW, BY_REPLACEMENT, HandState, take
from .moves import claim_options, complete
from .phase import Phase
from .resolve import after_discard, complete_added_kong, maybe_resolve, replace


def _exchange(state: HandState, action: Exchange) -> None:
    """Serralheiro §7: the banker gives two tiles to the player on his right and takes
    two from him; then that player with the next, and so on until all four have
    exchanged (reading: four exchanges, E-S, S-W, W-N, N-E)."""
    state.pending[action.seat] = action
    if any(a is None for a in state.pending.values()):
        return
    a, b = state.exchange_step, (state.exchange_step + 1) % 4
    give_a, give_b = _given(state, a), _given(state, b)
    for tile in give_a:
        state.hands[a].remove(tile)
    for tile in give_b:
        state.hands[b].remove(tile)
    state.hands[a].extend(give_b)
    state.hands[b].extend(give_a)
    state.event("exchange", seats=[a, b])
    state.exchange_step += 1
    if state.exchange_step < 4:
        nxt = state.exchange_step
        state.pending = {nxt: None, (nxt + 1) % 4: None}
    else:
        state.pending = {}
        state.phase = Phase.TURN
        state.current = 0
        state.got_by = BY_DEAL
        state.last_drawn = state.hands[0][-1]


def _given(state: HandState, seat: int) -> tuple[Tile, ...]:
    """The tiles ``seat`` hands over in the exchange being completed."""
    action = state.pending[seat]
    assert isinstance(action, Exchange)
    return action.tiles


def _draw(state: HandState, action: Draw) -> None:
    seat = action.seat
    tile = state.wall.draw()
    state.turn_discards = 0
    state.kong_chain = 0
    state.got_by = BY_DRAW
    if take(state, seat, tile) is None:
        end_draw(state, "wall_empty_in_replacement")
        return
    state.phase = Phase.TURN


def _discard(state: HandState, action: Discard) -> None:
    seat, tile = action.seat, action.tile
    before = tuple(state.hands[seat])
    ready = _is_ready(state, seat, before, tile) if state.tracks_liability else False
    visible = _visible(state)
    state.hands[seat].remove(tile)
    state.discards[seat].append(tile)
    state.last_discard = (seat, tile)
    state.discard_count += 1
    state.turn_discards += 1
    state.records.append(DiscardRecord(seat, tile, before, len(state.melds[seat]), ready,
                                       visible, state.discard_count))
    state.pending = {s: None for s in range(4) if s != seat and claim_options(state, s)}
    state.phase = Phase.CLAIM
    if not state.pending:
        after_discard(state)


def _is_ready(state: HandState, seat: int, before: tuple[Tile, ...], tile: Tile) -> bool:
    """Was the seat waiting («a chamar») before this turn: does some discard leave
    it ready? Used for Portaria art. 9.º (5)-(6)."""
    counts = counts_of(before)
    declared = len(state.melds[seat])
    for t in set(before):
        counts[t] -= 1
        ok = state.rules.shanten(counts, declared) == 0
        counts[t] += 1
        if ok:
            return True
    return False


def _visible(state: HandState) -> tuple[Tile, ...]:
    out: list[Tile] = []
    for seat in range(4):
        out.extend(state.discards[seat])
        for meld in state.melds[seat]:
            out.extend(meld.tiles)
    return tuple(out)


def _pass(state: HandState, action: Pass) -> None:
    state.pending[action.seat] = action
    maybe_resolve(state)


def _chow(state: HandState, action: Chow) -> None:
    state.pending[action.seat] = action
    maybe_resolve(state)


def _pung(state: HandState, action: Pung) -> None:
    state.pending[action.seat] = action
    maybe_resolve(state)


def _win(state: HandState, action: Win) -> None:
    if state.phase == Phase.TURN:
        kind = WinKind.KONG_REPLACEMENT if state.got_by == BY_REPLACEMENT else WinKind.SELF_DRAWN
        finish_win(state, action.seat, kind, None)
        return
    state.pending[action.seat] = action
    maybe_resolve(state)


def _kong(state: HandState, action: Kong) -> None:
    if action.source is KongSource.DISCARD:
        state.pending[action.seat] = action
        maybe_resolve(state)
        return
    seat, tile = action.seat, action.tile
    # «Kong seong kong» (Portaria art. 5.º (3)): the replacement tile is «a 4.ª doutro
    # conjunto de 3 pedras iguais que tenha na mão»: a kong of a pung held in the hand,
    # not a tile added to a pung on the table.
    successive = (state.got_by == BY_REPLACEMENT and tile == state.last_drawn
                  and action.source is KongSource.CONCEALED)
    if action.source is KongSource.CONCEALED:
        for _ in range(4):
            state.hands[seat].remove(tile)
        state.melds[seat].append(Meld(MeldKind.KONG, tile, concealed=True, declared=True))
        replace(state, seat, successive)
        return
    # Added kong: the others may rob it first (Portaria art. 5.º (2) «Ch'eong kong»;
    # Filipino "Rob the Kong"; Cayro "Robar ..." read as robbing the kong).
    state.kong_tile = tile
    state.pending = {}
    for other in range(4):
        if other == seat:
            continue
        counts = counts_of(state.hands[other])
        counts[tile] += 1
        if complete(state, other, counts):
            state.pending[other] = None
    if state.pending:
        state.phase = Phase.ROB
        state.rob_kong_successive = successive
        return
    complete_added_kong(state, seat, tile, successive)


# The handler of each kind of action (``Action.kind``).
_HANDLERS: dict[str, Callable[[HandState, Any], None]] = {
    Exchange.kind: _exchange, Draw.kind: _draw, Discard.kind: _discard, Pass.kind: _pass,
    Chow.kind: _chow, Pung.kind: _pung, Win.kind: _win, Kong.kind: _kong,
}


def play(state: HandState, action: Action) -> None:
    """Play ``action``, already checked legal (``GameState.apply`` checks it)."""
    _HANDLERS[action.kind](state, action)


__all__ = ["play"]
