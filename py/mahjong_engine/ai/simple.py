"""The simple computer player: legal and shanten-greedy over the rule set's forms, the
player ``simulate`` uses by default (its results are pinned by seed in the tests)."""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..forms import PairsForm
from ..game.actions import Action, Chow, Discard, Exchange, Kong, KongSource, Pass, Pung
from ..tiles import PLAYABLE_KINDS, Tile
from ..rules.base import RuleSet
from .base import DecidingPlayer

# Shanten memo per player, emptied when full: a few MB, so long runs use constant memory.
MEMO_MAX = 10_000


class SimplePlayer(DecidingPlayer):
    """A legal, shanten-greedy computer player (the "baseline" of issue 5).

    Wins whenever it may; claims a set only when it brings the hand closer to ready;
    declares kongs that do not set it back; discards the tile that leaves the lowest
    shanten, keeping the most tiles that improve it, isolated honours and terminals
    first. In Serralheiro's exchanges it never hands over a 1, a 9 or an honour when
    it has other tiles (§7, note 6: "os 1 e 9 de qualquer família bem como as honras não
    deverão ser trocadas", a rule for computer opponents).
    """

    level = "simple"

    def __init__(self, rules: RuleSet[Any], seed: int | random.Random = 0) -> None:
        self.rules = rules
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self._memo: dict[tuple[bytes, int], int] = {}

    # ------------------------------------------------------------ helpers
    def _shanten(self, counts: list[int], declared: int) -> int:
        key = (bytes(counts), declared)
        value = self._memo.get(key)
        if value is None:
            if len(self._memo) > MEMO_MAX:
                self._memo.clear()
            value = self._memo[key] = self._forms_shanten(counts, declared)
        return value

    def _forms_shanten(self, counts: list[int], declared: int) -> int:
        """Shanten over the rule set's forms; a pairs form is skipped while the hand is
        far from it (a simple player's shortcut: the pairs count is too slow to run on
        every candidate discard of a 17-tile hand)."""
        pairs = -1
        best = 99
        for form in self.rules.forms:
            if isinstance(form, PairsForm):
                if pairs < 0:
                    pairs = sum(n // 2 for n in counts)
                if pairs < form.pairs - 2:
                    continue
            best = min(best, form.shanten(counts, declared, self.rules.sets))
        return best

    def _best_discard(self, counts: list[int], declared: int) -> tuple[int, list[int]]:
        best = 99
        choices: list[int] = []
        for tile in range(PLAYABLE_KINDS):
            if not counts[tile]:
                continue
            counts[tile] -= 1
            value = self._shanten(counts, declared)
            counts[tile] += 1
            if value < best:
                best, choices = value, [tile]
            elif value == best:
                choices.append(tile)
        return best, choices

    @staticmethod
    def _isolation(tile: int, counts: list[int]) -> tuple[int, int]:
        """Sort key: discard honours/terminals and tiles with no neighbours first."""
        t = Tile(tile)
        neighbours = 0
        if t.is_suited:
            for d in (-2, -1, 1, 2):
                r = t.rank + d
                if 1 <= r <= 9:
                    neighbours += counts[tile + d]
        return (counts[tile] - 1 + neighbours, 0 if t.is_terminal_or_honour else 1)

    # ------------------------------------------------------------ choosing
    def _counts(self, view: Mapping[str, Any]) -> list[int]:
        counts = [0] * PLAYABLE_KINDS
        for tile in view["hand"]:
            counts[tile] += 1
        return counts

    def turn(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        counts = self._counts(view)
        declared = len(view["melds"][view["seat"]])
        now, choices = self._best_discard(counts, declared)
        for action in legal:
            if isinstance(action, Kong):
                take = 4 if action.source is KongSource.CONCEALED else 1
                counts[action.tile] -= take
                after = self._shanten(counts, declared + (1 if take == 4 else 0))
                counts[action.tile] += take
                if after <= now:
                    return action
        choices.sort(key=lambda t: self._isolation(t, counts))
        low = self._isolation(choices[0], counts)
        pick = self.rng.choice([t for t in choices if self._isolation(t, counts) == low])
        return Discard(view["seat"], Tile(pick))

    def claim(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        seat = view["seat"]
        counts = self._counts(view)
        declared = len(view["melds"][seat])
        now = self._shanten(counts, declared)
        best: Action | None = None
        best_value = now
        for action in legal:
            if isinstance(action, Kong):
                counts[action.tile] -= 3
                value = self._shanten(counts, declared + 1)
                counts[action.tile] += 3
                if value <= best_value:
                    best, best_value = action, value
            elif isinstance(action, (Pung, Chow)):
                if isinstance(action, Pung):
                    used = [action.tile, action.tile]
                else:
                    last = view["last_discard"][1]
                    used = [Tile(action.tile + k) for k in range(3)
                            if action.tile + k != last]
                for t in used:
                    counts[t] -= 1
                value, _ = self._best_discard(counts, declared + 1)
                for t in used:
                    counts[t] += 1
                if value < best_value:
                    best, best_value = action, value
        if best is not None:
            return best
        return next(a for a in legal if isinstance(a, Pass))

    def exchange(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        counts = self._counts(view)
        give: list[int] = []
        for _ in range(2):
            _, choices = self._best_discard(counts, 0)
            plain = [t for t in choices if not Tile(t).is_terminal_or_honour]
            if not plain:
                plain = [t for t in range(PLAYABLE_KINDS)
                         if counts[t] and not Tile(t).is_terminal_or_honour] or choices
            plain.sort(key=lambda t: self._isolation(t, counts))
            tile = plain[0]
            give.append(tile)
            counts[tile] -= 1
        wanted = Exchange(view["seat"], tuple(sorted(Tile(t) for t in give)))
        return wanted if wanted in legal else legal[0]


__all__ = ["SimplePlayer"]
