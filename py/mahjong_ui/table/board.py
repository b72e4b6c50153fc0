"""The board as players see it on a square table (issue 12): for each seat its hidden
tiles (a count: drawn as backs), its declared sets and flowers, and its pond, every
discard in order with the claimed ones marked as taken; and the wall as the ring of
stacks around the centre, where it was broken and where replacements are drawn from.

Pure Python, no ``js``: the controller adds ``board(state)`` to its render model and
``render.py`` draws the DOM from it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .view_model import ClaimModel, PondTile, TableModel, WallModel, WallStack

if TYPE_CHECKING:
    from mahjong_engine.game import GameState

POND_ROW = 6        # discards per pond row (TABLE-DESIGN.md)


def pond(state: GameState, seat: int) -> list[PondTile]:
    """Every discard ``seat`` made this hand, in order. A claimed discard stays in the
    list as taken (``claimed_by`` the claimant's seat, ``claim`` the kind); the engine's
    ``discards`` (the pond without them) is what is left lying in front of the seat."""
    out: list[PondTile] = []
    for record in state.records:
        if record.seat == seat:
            out.append({"tile": record.tile.notation, "claimed_by": record.claimed_by,
                        "claim": record.claim})
    last = state.last_discard
    if last is not None and last[0] == seat and out and out[-1]["claimed_by"] is None:
        out[-1]["last"] = True
    return out


CLAIM_SETS = ("chow", "pung", "kong")
FROM = {1: "right", 2: "across", 3: "left"}     # the discarder, seen from the claimant


def claimed_sets(state: GameState, seat: int) -> dict[int, ClaimModel]:
    """Which of ``seat``'s declared sets were made from a discard: meld index -> the
    claimed tile, the discarder's seat and where he sits for the claimant (``left``,
    ``across``, ``right``). A claim appends the set after the ones the record saw
    (``claimant_melds``); an added kong keeps its pung's place, so its claimed tile too."""
    out: dict[int, ClaimModel] = {}
    for record in state.records:
        if record.claimed_by == seat and record.claim in CLAIM_SETS:
            out[len(record.claimant_melds)] = {
                "tile": record.tile.notation, "from_seat": record.seat,
                "from": FROM[(record.seat - seat) % 4]}
    return out


# a rack is drawn left to right (top and bottom edges) or top to bottom (side edges) on
# the screen; which end of it lies toward the claimant's left, as he sits
LEFT_FIRST = {"bottom": True, "left": True, "top": False, "right": False}


def claimed_order(tiles: list[str], claim: ClaimModel,
                  position: str = "bottom") -> tuple[list[str], int]:
    """The set's tiles in screen order, the claimed tile turned toward the seat it came
    from (at the claimant's left end from the left, second from across, at his right end
    from the right: Tenhou's and Mahjong Soul's way), for a rack at ``position``; returns
    the tiles and the index of the turned one."""
    rest = list(tiles)
    rest.remove(claim["tile"])
    at = {"left": 0, "across": 1, "right": len(rest)}[claim["from"]]
    if not LEFT_FIRST.get(position, True):
        at = len(rest) - at
    rest.insert(at, claim["tile"])
    return rest, at


def pond_rows(model: TableModel, least: int = 3, most: int = 5) -> int:
    """Rows of ``POND_ROW`` the fullest pond of the render model needs (at least
    ``least``, so the table does not resize every few discards; at most ``most``)."""
    fullest = max((len(s["pond"]) for s in model["seats"]), default=0)
    return min(most, max(least, -(-fullest // POND_ROW)))


def wall(state: GameState) -> WallModel:
    """The wall as the ring of stacks (two tiles each) around the table.

    Each side belongs to a seat (side 0 is the banker's); its stacks are listed in the
    order they are drawn from. Stack states: ``gone`` (drawn from the front),
    ``live`` (still to be drawn in turn), ``dead`` (kept back: the replacement end),
    ``taken`` (replacements already drawn from the back). ``breach`` is the ring index of
    the first stack drawn (where the wall was broken); ``replacement`` the stack the next
    replacement comes from.
    """
    w = state.wall
    size = len(w.tiles)
    per_side = w.stacks_per_side
    stacks = size // 2
    ring_ok = per_side * 8 == size
    opening = w.opening
    start = 0
    if ring_ok and opening is not None:
        start = (2 * (opening.side * per_side + opening.stacks)) % size
    live_end = w.back - w.dead if w.dead else w.back

    def state_of(index: int) -> str:
        if index < w.front:
            return "gone"
        if index >= w.back:
            return "taken"
        if index >= live_end:
            return "dead"
        return "live"

    ring: list[WallStack] = [{"tiles": 0, "state": "gone"} for _ in range(stacks)]
    for index in range(size):
        slot = ((start + index) % size) // 2 if ring_ok else index // 2
        kind = state_of(index)
        entry = ring[slot]
        if kind in ("live", "dead"):
            entry["tiles"] += 1
            entry["state"] = kind if entry["state"] in ("gone", "taken") or kind == "dead" else entry["state"]
        elif entry["tiles"] == 0 and kind == "taken":
            entry["state"] = "taken"
    breach = (start // 2) if ring_ok else 0
    replacement = None
    if w.remaining > 0:
        index = w.back - 1
        replacement = ((start + index) % size) // 2 if ring_ok else index // 2
    sides = [ring[s * per_side:(s + 1) * per_side] for s in range(4)] if ring_ok else [ring]
    return {"sides": sides, "per_side": per_side, "breach": breach,
            "replacement": replacement, "left": w.remaining, "live": w.live,
            "dead": max(0, w.remaining - w.live), "taken": size - w.back,
            "ring": ring_ok}


__all__ = ["CLAIM_SETS", "POND_ROW", "claimed_order", "claimed_sets", "pond", "pond_rows", "wall"]
