"""The learning table (issue 7, "While playing"): the waiting tiles of a ready hand and
"why not?" for a claim the learner may not make. Pure Python, no ``js``.

The reasons come from the engine (``mahjong_engine.game.explain_illegal``) as a message
key of the ``game`` catalogue, its parameters and a citation; nothing here is worded.
"""
from __future__ import annotations

from typing import Any

from mahjong_engine.game import (
    Action,
    Chow,
    GameState,
    Kong,
    KongSource,
    Phase,
    Pung,
    Win,
    explain_illegal,
)
from mahjong_engine.errors import EngineError
from mahjong_engine.tiles import Tile, counts_of

from ..tasks import report

CLAIM_KINDS = ("chow", "pung", "kong", "win")
_SUITED = 27   # tiles 0-26 are the three suits; 27-33 honours


def _chow_start(state: GameState, seat: int, tile: Tile) -> Tile:
    """The run through ``tile`` the seat is closest to holding (its lowest tile)."""
    if tile >= _SUITED:
        return tile
    number = tile % 9
    hand = list(state.hands[seat])
    best, best_held = tile, -1
    for start in (tile - 2, tile - 1, tile):
        if start < 0 or start // 9 != tile // 9 or start % 9 > 6 or start % 9 > number:
            continue
        held = sum(1 for k in range(3) if start + k != tile and Tile(start + k) in hand)
        if held > best_held:
            best, best_held = Tile(start), held
    return best


def candidate(state: GameState, seat: int, kind: str) -> Action:
    """The action a learner pressing ``kind`` most likely means now (legal or not)."""
    last = state.last_discard
    if kind == "win":
        return Win(seat)
    if state.phase == Phase.CLAIM and last is not None:
        tile = last[1]
        if kind == "chow":
            return Chow(seat, _chow_start(state, seat, tile))
        if kind == "pung":
            return Pung(seat, tile)
        return Kong(seat, tile, KongSource.DISCARD)
    # on the own turn: the tile just drawn (or the first in hand) is the one meant
    view = state.view(seat)
    tile = view["drawn"] if view["drawn"] is not None else (
        state.hands[seat][0] if state.hands[seat] else Tile(0))
    if kind == "chow":
        return Chow(seat, _chow_start(state, seat, tile))
    if kind == "pung":
        return Pung(seat, tile)
    return Kong(seat, tile, KongSource.CONCEALED)


def why_not(state: GameState, seat: int, kind: str) -> dict[str, Any] | None:
    """``WhyNot.to_json()`` plus ``cite`` (the citation as the user reads it) for the
    claim ``kind`` now, or None when such a claim is legal."""
    legal = state.legal_actions(seat)
    if any(a.kind == kind for a in legal):
        return None
    action = candidate(state, seat, kind)
    reason = explain_illegal(state, action)
    if reason is None:   # the guessed action is legal after all
        return None
    data = reason.to_json()
    data["cite"] = str(reason.citation) if reason.citation is not None else ""
    data["kind"] = kind
    return data


def ready_waits(state: GameState, seat: int) -> list[str]:
    """The tiles that would complete the seat's hand, when it is one tile short
    (between its turns); empty otherwise."""
    rules = state.rules
    hand = list(state.hands[seat])
    melds = list(state.melds[seat])
    if len(hand) + 3 * len(melds) != rules.hand_size - 1:
        return []
    try:
        waits = rules.waits(counts_of(hand), melds)
    except EngineError as error:   # a hand the engine cannot describe: logged, no waits shown
        report(error)
        return []
    return [Tile(t).notation for t in waits]


__all__ = ["CLAIM_KINDS", "candidate", "ready_waits", "why_not"]
