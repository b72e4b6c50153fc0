"""Computer players on the game's Player interface (``choose(view, legal)``).

Levels, each a different way of playing (not only more or less noise):

- ``baseline``: plain shanten-greedy: the discard that leaves the lowest shanten (ties
  at random), a claim only when it lowers the shanten, kongs that do not set it back;
  no tile counting, no value, no defence.
- ``easy``: shanten only, like baseline, but it never chows, claims pungs only, declares
  only concealed kongs and keeps honours longest.
- ``normal``: tile efficiency: among the lowest-shanten discards, the most live useful
  tiles (counting what it sees); claims and kongs on the same reckoning.
- ``strong``: normal's efficiency looking one draw ahead (``lookahead.py``): one tile
  from ready, the discard whose useful draws lead to the widest waits; ready, the wait
  by live tiles weighed by how readily the others let them go and by what the win
  would score (``value.py``); farther off, where the rule set says its doubles and limit
  hands pay for it (``ValueHints.shape_far_hands``: Serralheiro), the most valuable of
  the nearly as efficient discards; in Macau never the discard that makes it liable under
  Portaria 133/88/M art. 9.º unless every legal discard would. Danger (``defence.py``)
  is read for the hints but does not steer its discards: weighed in, it measured fewer
  wins in self-play, not more (issue 17).

Every level wins whenever it may. In Serralheiro's «trocas» (§7, note 6: "os 1 e 9 de
qualquer família bem como as honras não deverão ser trocadas") no level hands over a 1,
a 9 or an honour while it has another tile to give. Randomness only from the seeded
``random.Random`` given to ``make_player``.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..game.actions import Action, Chow, Discard, Exchange, Kong, KongSource, Pass, Pung
from ..rules.base import RuleSet
from ..tiles import PLAYABLE_KINDS, Tile
from .analysis import Candidate, read_turn, ready_worth
from .base import DecidingPlayer, Player
from .efficiency import (Shanten, discard_options, hand_counts, isolation, live_counts,
                         useful_tiles, view_hand, view_melds, visible_counts)
from .lookahead import two_step
from .simple import SimplePlayer

# The computer levels of issue 5 (catalogued as ``level.<key>``, offered by the page).
LEVELS = ("baseline", "easy", "normal", "strong")
# Every level ``make_player`` builds: also ``simple``, simulate's default player.
ALL_LEVELS = ("simple", *LEVELS)
# Far from ready, the share of the best live useful tiles a discard must keep for the
# strong player to choose it for value (``ValueHints.shape_far_hands``).
FAR_LIVE_SHARE = 0.85


def _terminal_or_honour(tile: int) -> bool:
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
            plain = [o for o in options if not _terminal_or_honour(o.tile)] or options
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
                                        _terminal_or_honour(c.tile), self.rng.random()))

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


class StrongPlayer(NormalPlayer):
    """Normal's efficiency looking one draw ahead, waits weighed by how readily they come
    and by what the win would score; art. 9.º liability avoided in Macau."""

    level = "strong"
    use_value = True
    use_defence = True

    def pick(self, view: Mapping[str, Any], pool: list[Candidate], everything: list[Candidate],
             live: list[int]) -> Candidate:
        # Portaria 133/88/M art. 9.º: never the discard that makes the seat liable,
        # unless every legal discard would (then the least dangerous of them).
        safe = [c for c in pool if c.liability is None]
        if not safe:
            every = read_turn(view, self.rules, full=True).candidates
            others = [c for c in every if c.liability is None]
            if others:
                # a discard free of liability exists at a higher shanten: take it
                return min(others, key=lambda c: (c.shanten, -c.live, c.danger, c.tile))
            # every discard would be liable: the least dangerous one
            return min(every, key=lambda c: (c.danger, c.shanten, -c.live, c.tile))
        counts = hand_counts(view_hand(view))
        if len(safe) == 1:
            return safe[0]
        seen = visible_counts(view)
        if safe[0].shanten == 0:
            hints = self.rules.value_hints
            return max(safe, key=lambda c: (round(ready_worth(hints, c, live, seen), 6), c.live,
                                            -isolation(c.tile, counts),
                                            _terminal_or_honour(c.tile), self.rng.random()))
        if safe[0].shanten == 1:
            sh = Shanten(self.rules, len(view_melds(view)))
            sh.relevant(counts, 0)
            memo: dict[bytes, float] = {}
            # the discards whose useful draws come to at least half the best (time)
            near = [c for c in safe if 2 * c.live >= safe[0].live][:5]
            return max(near, key=lambda c: (
                round(two_step(sh, counts, c.tile, c.useful, live, seen, memo), 6), c.live,
                -isolation(c.tile, counts), _terminal_or_honour(c.tile), self.rng.random()))
        if self.rules.value_hints.shape_far_hands:
            # farther off, where the rule set's doubles and limit hands pay for it: the most
            # valuable of the discards keeping at least 85 % of the best live useful tiles
            best = max(c.live for c in safe)
            near = [c for c in safe if c.live >= FAR_LIVE_SHARE * best]
            return max(near, key=lambda c: (round(c.value, 3), c.live, -isolation(c.tile, counts),
                                            _terminal_or_honour(c.tile), self.rng.random()))
        # farther off elsewhere: normal's choice (weighing the value there cost wins in
        # Macau and changed nothing in Cayro, issue 17)
        return super().pick(view, safe, everything, live)

    def widening_claim(self) -> int:
        return self.rules.value_hints.widening_claim


_CLASSES = {"baseline": BaselinePlayer, "easy": EasyPlayer, "normal": NormalPlayer,
            "strong": StrongPlayer}


def make_player(level: str, seat: int | None, rules: RuleSet[Any], rng: random.Random | int | None = None
                ) -> Player:
    """A computer player of ``level`` (one of ``ALL_LEVELS``) for ``rules`` (a RuleSet);
    ``rng`` a seeded ``random.Random`` (or a seed)."""
    if level not in ALL_LEVELS:
        raise ValueError(level)
    if not isinstance(rng, random.Random):
        rng = random.Random(rng or 0)
    if level == "simple":
        return SimplePlayer(rules, rng)
    return _CLASSES[level](rules, rng, seat)


__all__ = [
    "ALL_LEVELS",
    "LEVELS",
    "BaselinePlayer",
    "ComputerPlayer",
    "EasyPlayer",
    "NormalPlayer",
    "SimplePlayer",
    "StrongPlayer",
    "make_player",
]
