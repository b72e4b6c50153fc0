"""The computer levels below strong (see ``players.py``): their common ground, the
shanten-greedy baseline, easy, and normal's tile efficiency."""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..game.actions import Action, Chow, Discard, Exchange, Kong, KongSource, Pass, Pung
from ..rules.base import RuleSet
from ..tiles import PLAYABLE_KINDS, Tile
from .analysis import Candidate, read_turn
from .base import DecidingPlayer
from .efficiency import (Shanten, discard_options, hand_counts, isolation, live_counts,
                         useful_tiles, view_hand, view_melds)


def terminal_or_honour(tile: int) -> bool:
    return tile >= 27 or tile % 9 in (0, 8)


class ComputerPlayer(DecidingPlayer):
    """Common ground of the levels: the small helpers (``DecidingPlayer`` asks the questions)."""

    level = "baseline"

    def __init__(self, rules: RuleSet[Any], rng: random.Random, seat: int | None = None) -> None:
        self.rules = rules
        self.rng = rng
        self.seat = seat

    # ------------------------------------------------------------ shared helpers
    def _shanten(self, view: Mapping[str, Any], declared: int | None = None) -> Shanten:
        melds = view_melds(view)
        return Shanten(self.rules, len(melds) if declared is None else declared)

    def _claim_after(self, view: Mapping[str, Any], action: Pung | Chow | Kong) -> tuple[int, int, list[int]]:
        """(shanten, live useful tiles) after the claim and its best discard, and the
        concealed counts it leaves."""
        counts = hand_counts(view_hand(view))
        tile = view["last_discard"][1]
        if isinstance(action, Pung):
            used = [tile, tile]
        elif isinstance(action, Kong):
            used = [tile] * 3
        else:
            used = [action.tile + k for k in range(3) if action.tile + k != tile]
        for t in used:
            counts[t] -= 1
        declared = len(view_melds(view)) + 1
        sh = Shanten(self.rules, declared)
        live = live_counts(view, counts)
        if isinstance(action, Kong):
            s = sh(counts)
            sh.relevant(counts)
            return s, useful_tiles(sh, counts, live, s)[1], counts
        sh.relevant(counts, 0)
        options = discard_options(sh, counts, live, only_best=True)
        return options[0].shanten, options[0].live, counts

    def _now(self, view: Mapping[str, Any]) -> tuple[int, int]:
        counts = hand_counts(view_hand(view))
        sh = self._shanten(view)
        s = sh.relevant(counts)
        return s, useful_tiles(sh, counts, live_counts(view, counts), s)[1]

    def exchange(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """Serralheiro §7: give two tiles, never a 1, a 9 or an honour while another
        tile can go (note 6); the two that hurt the hand least."""
        counts = hand_counts(view_hand(view))
        give: list[int] = []
        for _ in range(2):
            sh = Shanten(self.rules, 0)
            sh.relevant(counts)
            options = discard_options(sh, counts, [4] * PLAYABLE_KINDS)
            plain = [o for o in options if not terminal_or_honour(o.tile)] or options
            pick = plain[0].tile
            give.append(pick)
            counts[pick] -= 1
        wanted = Exchange(view["seat"], tuple(sorted(Tile(t) for t in give)))
        return wanted if wanted in legal else legal[0]

    def kong_on_turn(self, view: Mapping[str, Any], legal: Sequence[Action],
                     now: int) -> Action | None:
        counts = hand_counts(view_hand(view))
        declared = len(view_melds(view))
        for action in legal:
            if not isinstance(action, Kong):
                continue
            if action.source is KongSource.CONCEALED:
                counts[action.tile] -= 4
                after = Shanten(self.rules, declared + 1)(counts)
                counts[action.tile] += 4
            else:
                counts[action.tile] -= 1
                after = Shanten(self.rules, declared)(counts)
                counts[action.tile] += 1
            if after <= now:
                return action
        return None

    def turn(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        raise NotImplementedError

    def claim(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        raise NotImplementedError

    @staticmethod
    def _pass(legal: Sequence[Action]) -> Action:
        return next(a for a in legal if isinstance(a, Pass))


class BaselinePlayer(ComputerPlayer):
    """Plain shanten-greedy: no tile counting, no value, no defence."""

    level = "baseline"
    chows = True
    honours_last = False

    def _lowest(self, view: Mapping[str, Any]) -> tuple[int, list[int], list[int]]:
        counts = hand_counts(view_hand(view))
        sh = self._shanten(view)
        sh.relevant(counts, 0)
        best, choices = 99, []
        for tile in range(PLAYABLE_KINDS):
            if counts[tile]:
                counts[tile] -= 1
                s = sh(counts)
                counts[tile] += 1
                if s < best:
                    best, choices = s, [tile]
                elif s == best:
                    choices.append(tile)
        return best, choices, counts

    def turn(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        best, choices, _ = self._lowest(view)
        kong = self.kong_on_turn(view, [a for a in legal if self._kong_ok(a)], best)
        if kong is not None:
            return kong
        if self.honours_last:
            plain = [t for t in choices if t < 27]
            choices = plain or choices
        return Discard(view["seat"], Tile(self.rng.choice(choices)))

    def _kong_ok(self, action: Action) -> bool:
        return isinstance(action, Kong)

    def claim(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        counts = hand_counts(view_hand(view))
        now = self._shanten(view).relevant(counts)
        best, best_value = None, now
        for action in legal:
            if isinstance(action, Chow) and not self.chows:
                continue
            if isinstance(action, Kong) and not self._kong_ok(action):
                continue
            if isinstance(action, (Pung, Chow, Kong)):
                after, _, _ = self._claim_after(view, action)
                if after < best_value or (isinstance(action, Kong) and after <= best_value):
                    best, best_value = action, after
        return best if best is not None else self._pass(legal)


class EasyPlayer(BaselinePlayer):
    """Shanten only; never chows, pungs only, concealed kongs only, honours kept."""

    level = "easy"
    chows = False
    honours_last = True

    def _kong_ok(self, action: Action) -> bool:
        return isinstance(action, Kong) and action.source is KongSource.CONCEALED


class NormalPlayer(ComputerPlayer):
    """Tile efficiency: lowest shanten, then most live useful tiles."""

    level = "normal"
    use_value = False
    use_defence = False

    def turn(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        reading = read_turn(view, self.rules, use_value=self.use_value,
                            use_defence=self.use_defence)
        low = reading.candidates[0].shanten
        kong = self.kong_on_turn(view, legal, low)
        if kong is not None:
            return kong
        pool = [c for c in reading.candidates if c.shanten == low]
        pick = self.pick(view, pool, reading.candidates, reading.live)
        return Discard(view["seat"], Tile(pick.tile))

    def pick(self, view: Mapping[str, Any], pool: list[Candidate], everything: list[Candidate],
             live: list[int]) -> Candidate:
        counts = hand_counts(view_hand(view))
        return max(pool, key=lambda c: (c.live, -isolation(c.tile, counts),
                                        terminal_or_honour(c.tile), self.rng.random()))

    def claim(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        now, now_live = self._now(view)
        widen = self.widening_claim()
        best: Action | None = None
        best_key = (now, -now_live)
        for action in legal:
            if not isinstance(action, (Pung, Chow, Kong)):
                continue
            after, after_live, rest = self._claim_after(view, action)
            if not self.claim_ok(view, action, now, after, rest):
                continue
            key = (after, -after_live)
            if isinstance(action, Kong):
                if after <= now:
                    best, best_key = action, key
                continue
            nearer = after < now
            # one tile or less from ready, a claim that widens the hand enough (Cayro)
            wider = bool(widen) and after == now <= 1 and after_live >= now_live + widen
            if (nearer or wider) and key < best_key:
                best, best_key = action, key
        return best if best is not None else self._pass(legal)

    def claim_ok(self, view: Mapping[str, Any], action: Action, now: int, after: int,
                 rest: list[int]) -> bool:
        return True

    def widening_claim(self) -> int:
        """Live useful tiles a claim that brings the hand no nearer to ready must add to be
        taken one tile or less from ready (0: never)."""
        return 0


__all__ = ["BaselinePlayer", "ComputerPlayer", "EasyPlayer", "NormalPlayer", "terminal_or_honour"]
