"""Tile efficiency: shanten over a rule set's forms and the live useful tiles
(«ukeire»), counting only what the seat can see.

A tile is *useful* to a hand of 3k+1 tiles when drawing it lowers the shanten; it is
*live* for as many copies as the seat has not seen (its own hand, every meld on the
table, every discard). Shanten is the minimum over the rule set's winning forms
(``RuleSet.shanten``); forms far from the best are left out of the inner loops, which
keeps the answer exact for every discard within one step of the best.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import analysis
from ..forms import Form, ThirteenOrphansForm
from ..melds import Meld
from ..rules.base import RuleSet
from ..tiles import COPIES, PLAYABLE_KINDS, TERMINALS_AND_HONOURS, WINDS, Tile, Wind

HONOUR_START = analysis.HONOUR_START
_TERMINALS_AND_HONOURS = frozenset(int(t) for t in TERMINALS_AND_HONOURS)


# ---------------------------------------------------------------- what the seat sees

def hand_counts(tiles: Iterable[int]) -> list[int]:
    counts = [0] * PLAYABLE_KINDS
    for tile in tiles:
        if tile < PLAYABLE_KINDS:
            counts[tile] += 1
    return counts


def view_hand(view: Mapping[str, Any]) -> Sequence[int]:
    """The seat's concealed tiles (``GameState.view``)."""
    hand: Sequence[int] = view["hand"]
    return hand


def view_melds(view: Mapping[str, Any], seat: int | None = None) -> Sequence[Meld]:
    melds: Sequence[Meld] = view["melds"][view["seat"] if seat is None else seat]
    return melds


def view_discards(view: Mapping[str, Any], seat: int) -> Sequence[int]:
    discards: Sequence[int] = view["discards"][seat]
    return discards


def view_winds(view: Mapping[str, Any]) -> tuple[Wind, Wind]:
    """(seat wind, round wind): seat 0 is East (game/actions.py)."""
    return WINDS[view["seat"]], Wind(view["round_wind"])


def visible_counts(view: Mapping[str, Any]) -> list[int]:
    """Copies face up on the table: every discard still lying there and every meld
    (a declared concealed kong is laid down, so it is seen too)."""
    seen = [0] * PLAYABLE_KINDS
    for pile in view["discards"]:
        for tile in pile:
            seen[tile] += 1
    for melds in view["melds"]:
        for meld in melds:
            for tile in meld.tiles:
                seen[tile] += 1
    return seen


def live_counts(view: Mapping[str, Any], hand: Sequence[int] | None = None) -> list[int]:
    """Copies the seat has not seen: four less what is on the table and in its hand."""
    seen = visible_counts(view)
    own = hand if hand is not None else hand_counts(view_hand(view))
    return [max(0, COPIES - seen[i] - own[i]) for i in range(PLAYABLE_KINDS)]


# ---------------------------------------------------------------- shanten

class Shanten:
    """Shanten of one seat's hand under one rule set, with a small memo.

    ``relevant(counts)`` narrows the forms to those within one step of the best for
    the hand about to be analysed (a whole decision)."""

    def __init__(self, rules: RuleSet[Any], declared: int) -> None:
        self.rules = rules
        self.sets = rules.sets
        self.declared = declared
        self.forms: tuple[Form, ...] = tuple(rules.forms)
        self.memo: dict[bytes, int] = {}
        self.orphans = False

    def relevant(self, counts: Sequence[int], margin: int = 1) -> int:
        """Keep the forms within ``margin`` of the best for ``counts``; margin 1 keeps
        every answer exact for discards within one step of the best, margin 0 only for
        the best discards (what a decision needs)."""
        values = [f.shanten(counts, self.declared, self.sets) for f in self.rules.forms]
        best = min(values)
        self.forms = tuple(f for f, v in zip(self.rules.forms, values, strict=True) if v <= best + margin)
        self.orphans = any(isinstance(f, ThirteenOrphansForm) or f.key == "thirteen_orphans"
                           for f in self.forms)
        self.memo.clear()
        return best

    def __call__(self, counts: Sequence[int]) -> int:
        key = bytes(counts)
        value = self.memo.get(key)
        if value is None:
            declared, sets = self.declared, self.sets
            forms = self.forms
            if len(forms) == 1 and forms[0].key == "regular":
                value = analysis.shanten_regular(counts, sets - declared)
            else:
                value = min(f.shanten(counts, declared, sets) for f in forms)
            self.memo[key] = value
        return value

    def below(self, counts: Sequence[int], now: int) -> bool:
        """Is the shanten of ``counts`` lower than ``now``? Stops at the first form
        that says so (the regular form first, the cheapest)."""
        declared, sets = self.declared, self.sets
        return any(form.shanten(counts, declared, sets) < now for form in self.forms)


# ---------------------------------------------------------------- useful tiles

def near_tiles(counts: Sequence[int], orphans: bool) -> list[int]:
    """Tiles whose draw could lower the shanten: the held tiles and their neighbours
    within two ranks (every regular and pairs shape grows only there), and the
    terminals and honours when thirteen orphans is in reach."""
    out = set()
    for tile in range(PLAYABLE_KINDS):
        if not counts[tile]:
            continue
        out.add(tile)
        if tile < HONOUR_START:
            rank = tile % 9
            for d in (-2, -1, 1, 2):
                if 0 <= rank + d <= 8:
                    out.add(tile + d)
    if orphans:
        out |= _TERMINALS_AND_HONOURS
    return sorted(out)


def useful_tiles(sh: Shanten, counts: list[int], live: Sequence[int],
                 now: int | None = None) -> tuple[list[int], int]:
    """The tiles that lower the shanten of ``counts`` (3k+1 tiles) and how many copies
    of them are live. ``counts`` is restored before returning."""
    if now is None:
        now = sh(counts)
    tiles: list[int] = []
    total = 0
    for tile in near_tiles(counts, sh.orphans):
        if counts[tile] >= COPIES:
            continue
        counts[tile] += 1
        better = sh.below(counts, now)
        counts[tile] -= 1
        if better:
            tiles.append(tile)
            total += live[tile]
    return tiles, total


@dataclass(frozen=True)
class DiscardOption:
    """One candidate discard: the shanten it leaves, the tiles that would then improve
    the hand and how many copies of them are still live."""

    tile: int
    shanten: int
    useful: tuple[int, ...]
    live: int


def discard_options(sh: Shanten, counts: list[int], live: Sequence[int],
                    only_best: bool = False) -> list[DiscardOption]:
    """Every distinct discard of a 3k+2-tile hand, best first (lowest shanten, then most
    live useful tiles). ``sh.relevant`` should have been called on ``counts``. With
    ``only_best`` the useful tiles are counted only for the discards of lowest shanten
    (the others get none), which is what a quick decision needs."""
    after: list[tuple[int, int]] = []
    for tile in range(PLAYABLE_KINDS):
        if counts[tile]:
            counts[tile] -= 1
            after.append((tile, sh(counts)))
            counts[tile] += 1
    low = min(v for _, v in after)
    out = []
    for tile, value in after:
        if only_best and value > low:
            out.append(DiscardOption(tile, value, (), 0))
            continue
        counts[tile] -= 1
        useful, total = useful_tiles(sh, counts, live, value)
        counts[tile] += 1
        out.append(DiscardOption(tile, value, tuple(useful), total))
    out.sort(key=lambda o: (o.shanten, -o.live, o.tile))
    return out


def isolation(tile: int, counts: Sequence[int]) -> int:
    """How connected ``tile`` is to the rest of the hand (0: an isolated tile)."""
    n = counts[tile] - 1
    if tile < HONOUR_START:
        rank = tile % 9
        for d in (-2, -1, 1, 2):
            if 0 <= rank + d <= 8:
                n += counts[tile + d]
    return n


def tile_name(tile: int) -> str:
    return Tile(tile).notation


__all__ = ["DiscardOption", "Shanten", "discard_options", "hand_counts", "isolation",
           "live_counts", "near_tiles", "tile_name", "useful_tiles",
           "view_discards", "view_hand", "view_melds", "view_winds", "visible_counts"]
