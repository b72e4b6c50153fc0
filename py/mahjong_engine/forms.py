"""Winning forms: the shapes a rule set accepts, each able to list the ways a hand
takes that shape (arrangements) and to say how far a hand is from it (shanten)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import analysis
from .hand import HandDescription
from .melds import Meld, MeldKind
from .tiles import PLAYABLE_KINDS, TERMINALS_AND_HONOURS, Tile

_KINDS = {analysis.CHOW: MeldKind.CHOW, analysis.PUNG: MeldKind.PUNG, analysis.PAIR: MeldKind.PAIR}


@dataclass(frozen=True)
class Arrangement:
    """One reading of a complete hand: its groups and which one the winning tile completed.

    ``groups`` lists the declared melds first, then the groups found in the concealed
    tiles (``concealed=True, declared=False``). ``win_index`` is the group the winning
    tile completed, or None for forms whose tiles are not grouped (thirteen orphans).
    """

    form: str
    groups: tuple[Meld, ...]
    win_index: int | None

    @property
    def sets(self) -> tuple[Meld, ...]:
        return tuple(g for g in self.groups if g.is_set)

    @property
    def pairs(self) -> tuple[Meld, ...]:
        return tuple(g for g in self.groups if g.kind is MeldKind.PAIR)

    @property
    def chows(self) -> tuple[Meld, ...]:
        return tuple(g for g in self.groups if g.kind is MeldKind.CHOW)

    @property
    def pungs(self) -> tuple[Meld, ...]:
        """Pungs and kongs."""
        return tuple(g for g in self.groups if g.is_pung_or_kong)

    @property
    def kongs(self) -> tuple[Meld, ...]:
        return tuple(g for g in self.groups if g.kind is MeldKind.KONG)

    @property
    def win_group(self) -> Meld | None:
        return None if self.win_index is None else self.groups[self.win_index]

    def to_json(self) -> dict[str, Any]:
        return {"form": self.form, "groups": [g.to_json() for g in self.groups],
                "win_index": self.win_index}


class Form:
    """Base class of winning forms. ``sets`` is the rule set's number of sets (4 or 5)."""

    key: str = ""

    def arrangements(self, hand: HandDescription, sets: int) -> list[Arrangement]:
        raise NotImplementedError

    def shanten(self, counts: Sequence[int], declared: int, sets: int) -> int:
        raise NotImplementedError


def _with_win_tile(form: str, declared: tuple[Meld, ...], found: list[Meld],
                   win_tile: Tile) -> list[Arrangement]:
    """One arrangement per distinct group that may hold the winning tile."""
    groups = declared + tuple(sorted(found, key=lambda g: (g.tile, g.kind.value)))
    seen: set[tuple[MeldKind, Tile]] = set()
    out = []
    for index in range(len(declared), len(groups)):
        group = groups[index]
        if win_tile in group.tiles and (group.kind, group.tile) not in seen:
            seen.add((group.kind, group.tile))
            out.append(Arrangement(form, groups, index))
    return out


def _in_hand(kind: str, tile: int) -> Meld:
    return Meld(_KINDS[kind], Tile(tile), concealed=True, declared=False)


class RegularForm(Form):
    """The sets and a pair (4 + 1, or 5 + 1 for 17-tile hands)."""

    key = "regular"

    def arrangements(self, hand: HandDescription, sets: int) -> list[Arrangement]:
        need = sets - len(hand.melds)
        out: list[Arrangement] = []
        for groups, pair in analysis.regular_decompositions(hand.concealed_counts, need):
            found = [_in_hand(kind, tile) for kind, tile in groups] + [_in_hand(analysis.PAIR, pair)]
            out.extend(_with_win_tile(self.key, hand.melds, found, hand.win_tile))
        return out

    def shanten(self, counts: Sequence[int], declared: int, sets: int) -> int:
        return analysis.shanten_regular(counts, sets - declared)


class ThirteenOrphansForm(Form):
    """One of each terminal and honour plus a pair of any of them; no declared melds."""

    key = "thirteen_orphans"

    def arrangements(self, hand: HandDescription, sets: int) -> list[Arrangement]:
        counts = hand.concealed_counts
        if hand.melds or sets != 4 or not analysis.is_thirteen_orphans(counts):
            return []
        pair = next(t for t in TERMINALS_AND_HONOURS if counts[t] == 2)
        return [Arrangement(self.key, (_in_hand(analysis.PAIR, pair),), None)]

    def shanten(self, counts: Sequence[int], declared: int, sets: int) -> int:
        if declared or sets != 4:
            return 99
        return analysis.shanten_thirteen_orphans(counts)


class PairsForm(Form):
    """``pairs`` pairs plus ``sets`` sets, e.g. seven pairs, or Filipino siyete pares
    (seven pairs and one set). ``allowed`` limits the tiles (a rule set's variant);
    ``declared_ok`` lets the set be a declared meld. Four equal tiles may stand for two
    pairs."""

    def __init__(self, key: str, pairs: int = 7, sets: int = 0, declared_ok: bool = False,
                 allowed: Callable[[Sequence[Tile]], bool] | None = None) -> None:
        self.key = key
        self.pairs = pairs
        self.extra_sets = sets
        self.declared_ok = declared_ok
        self.allowed = allowed

    def arrangements(self, hand: HandDescription, sets: int) -> list[Arrangement]:
        if 2 * self.pairs + 3 * self.extra_sets != 3 * sets + 2:
            return []
        if (hand.melds and not self.declared_ok) or len(hand.melds) > self.extra_sets:
            return []
        counts = hand.concealed_counts
        if self.allowed is not None and not self.allowed(hand.all_tiles):
            return []
        need = self.extra_sets - len(hand.melds)
        options: list[tuple[tuple[analysis.Group, ...], list[int]]] = []
        if need == 0:
            options.append(((), counts))
        else:
            for tile in range(PLAYABLE_KINDS):
                spans = [(analysis.PUNG, (tile,) * 3)]
                if tile < analysis.HONOUR_START and tile % 9 <= 6:
                    spans.append((analysis.CHOW, (tile, tile + 1, tile + 2)))
                for kind, span in spans:
                    rest = list(counts)
                    for i in span:
                        rest[i] -= 1
                    if min(rest) >= 0:
                        options.append((((kind, tile),), rest))
        out: list[Arrangement] = []
        for chosen, rest in options:
            if any(n % 2 for n in rest):
                continue
            found = [_in_hand(kind, tile) for kind, tile in chosen]
            found += [_in_hand(analysis.PAIR, t) for t in analysis.pair_tiles(rest)]
            out.extend(_with_win_tile(self.key, hand.melds, found, hand.win_tile))
        return out

    def shanten(self, counts: Sequence[int], declared: int, sets: int) -> int:
        if 2 * self.pairs + 3 * self.extra_sets != 3 * sets + 2:
            return 99
        if (declared and not self.declared_ok) or declared > self.extra_sets:
            return 99
        return analysis.shanten_seven_pairs(counts, self.pairs, self.extra_sets - declared)
