"""What each seat may do now: the actions of every phase, the claims a seat could make
on the last discard, and whether a hand is complete; functions of the hand's data
(``hand_state.HandState``).

``legal_actions(state, seat)`` is the whole truth about legality: ``GameState.apply``
refuses anything else, and ``why.explain_illegal`` says why.
"""
from __future__ import annotations

from itertools import combinations

from ..analysis import trim
from ..hand import HandDescription
from ..melds import MeldKind
from ..tiles import PLAYABLE_KINDS, Tile, counts_of
from .actions import Action, Chow, Discard, Draw, Exchange, Kong, KongSource, Pass, Pung, Win
from .hand_state import BY_CLAIM, HandState
from .phase import Phase

# Not-complete answers by rule set, then concealed counts and declared melds (one bytes
# key): a hand that is not complete does not depend on which melds were declared.
_COMPLETE_CACHE: dict[str, dict[bytes, bool]] = {}
# Its older half dropped when full (``analysis.trim``), so a long simulate runs in
# constant memory: about 4,500 entries are met in 200 games.
_COMPLETE_CACHE_MAX = 8192
_TILES = tuple(Tile(i) for i in range(PLAYABLE_KINDS))


def legal_actions(state: HandState, seat: int) -> list[Action]:
    """Exactly the actions ``seat`` may take now (empty when it is not asked)."""
    if state.phase == Phase.ENDED or seat not in (0, 1, 2, 3):
        return []
    if state.phase == Phase.EXCHANGE:
        return _exchange_actions(state, seat)
    if state.phase == Phase.DRAW:
        return [Draw(seat)] if seat == state.current else []
    if state.phase == Phase.TURN:
        return _turn_actions(state, seat) if seat == state.current else []
    if state.phase == Phase.CLAIM:
        return _claim_actions(state, seat)
    if state.phase == Phase.ROB:
        if seat in state.pending and state.pending[seat] is None:
            return [Win(seat), Pass(seat)]
        return []
    return []


def waiting_for(state: HandState) -> list[int]:
    """The seats whose answer the hand is waiting for."""
    if state.phase in (Phase.EXCHANGE, Phase.CLAIM, Phase.ROB):
        return [s for s, a in sorted(state.pending.items()) if a is None]
    if state.phase in (Phase.TURN, Phase.DRAW):
        return [state.current]
    return []


def _exchange_actions(state: HandState, seat: int) -> list[Action]:
    if seat not in state.pending or state.pending[seat] is not None:
        return []
    kinds = sorted(set(state.hands[seat]))
    counts = counts_of(state.hands[seat])
    pairs = [*combinations(kinds, 2), *((a, a) for a in kinds if counts[a] >= 2)]
    return [Exchange(seat, pair) for pair in sorted(pairs)]


def _turn_actions(state: HandState, seat: int) -> list[Action]:
    counts = counts_of(state.hands[seat])
    out: list[Action] = []
    if state.got_by != BY_CLAIM and complete(state, seat, counts):
        out.append(Win(seat))
    if state.wall.remaining > 0:
        for tile in range(PLAYABLE_KINDS):
            if counts[tile] == 4:
                out.append(Kong(seat, Tile(tile), KongSource.CONCEALED))
        for meld in state.melds[seat]:
            if meld.kind is MeldKind.PUNG and counts[meld.tile]:
                out.append(Kong(seat, meld.tile, KongSource.ADDED))
    out.extend(Discard(seat, Tile(t)) for t in range(PLAYABLE_KINDS) if counts[t])
    return out


def _claim_actions(state: HandState, seat: int) -> list[Action]:
    if seat not in state.pending or state.pending[seat] is not None:
        return []
    return [*claim_options(state, seat), Pass(seat)]


def claim_options(state: HandState, seat: int) -> list[Action]:
    """What ``seat`` could claim the last discard for (Portaria art. 4.º (3)-(6);
    Filipino "Decidir"; Serralheiro §8 b and note 8; Cayro). Only the last discard;
    only the next seat may chow; once the live wall is empty only a win is left."""
    assert state.last_discard is not None
    discarder, tile = state.last_discard
    counts = counts_of(state.hands[seat])
    out: list[Action] = []
    counts[tile] += 1
    if complete(state, seat, counts):
        out.append(Win(seat))
    counts[tile] -= 1
    if state.wall.live <= 0:
        return out
    if counts[tile] >= 3 and state.wall.remaining > 0:
        out.append(Kong(seat, tile, KongSource.DISCARD))
    if counts[tile] >= 2:
        out.append(Pung(seat, tile))
    nine = state.rules.straight_chow_from_any
    if tile.is_suited and (seat == (discarder + 1) % 4
                           or (nine and completes_straight(counts, tile))):
        rank = tile.rank
        for low in range(rank - 2, rank + 1):
            if 1 <= low <= 7:
                first = Tile(tile - rank + low)
                run = [Tile(first + k) for k in range(3)]
                need = list(run)
                need.remove(tile)
                if all(counts[t] >= (need.count(t)) for t in need):
                    out.append(Chow(seat, first))
    return out


def completes_straight(counts: list[int], tile: Tile) -> bool:
    """``tile`` completes 1 to 9 of its suit with the other eight in hand (Cayro:
    "completara una escalera teniendo las otras ocho fichas en mano")."""
    base = tile - tile.rank + 1
    return all(counts[base + k] or base + k == tile for k in range(9))


def claim_kind(state: HandState, claim: Action) -> str:
    """The kind a claim ranks as: a Cayro chow completing 1 to 9 ranks as
    ``chow_straight`` (it beats a pung and may be taken from any discarder)."""
    if (isinstance(claim, Chow) and state.rules.straight_chow_from_any
            and state.last_discard is not None
            and completes_straight(counts_of(state.hands[claim.seat]), state.last_discard[1])):
        return "chow_straight"
    return claim.kind


def complete(state: HandState, seat: int, counts: list[int]) -> bool:
    """The concealed tiles ``counts`` with the seat's melds make a winning state."""
    declared = len(state.melds[seat])
    if sum(counts) + 3 * declared != 3 * state.rules.sets + 2:
        return False
    cache = _COMPLETE_CACHE.get(state.rules.key)
    if cache is None:
        cache = _COMPLETE_CACHE[state.rules.key] = {}
    key = bytes(counts) + bytes((declared,))
    if key in cache:
        return False
    tiles = tuple(_TILES[i] for i in range(PLAYABLE_KINDS) for _ in range(counts[i]))
    probe = HandDescription(rules=state.rules.key, concealed=tiles, win_tile=tiles[0],
                            melds=tuple(state.melds[seat]))
    if state.rules.is_winning(probe):
        return True  # may depend on the melds themselves: not cached
    trim(cache, _COMPLETE_CACHE_MAX)
    cache[key] = False
    return False


__all__ = ["claim_kind", "claim_options", "complete", "completes_straight", "legal_actions",
           "waiting_for"]
