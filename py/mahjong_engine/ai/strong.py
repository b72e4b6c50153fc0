"""The strong level (issue 29): its choices by expected settlement (``expect.py``): the
chance to win before the hand ends times what the win pays, plus, where every hand is
valued, what the hand is worth if it loses.

Measured paired against normal in the same seat (tests/bench/ai.py --paired): the discard
one tile or less from ready, and the claims there, by expected settlement; farther off,
normal's efficiency (Serralheiro, Cayro: the most valuable of the nearly as efficient
discards); choosing far hands by expected settlement too measured no gain in Macau (800
hands), so ``far_by_worth`` is off. Danger stays out of the choice (``danger_share`` 0): offence
alone was the first experiment, and the only one there was time to measure.

Measured next (tuning seeds 30000-39000: strong against strong changed in one thing, in
the same seat on the same walls, 1,500 hands a block, 95 % intervals). Kept: Cayro's far
hands shaped for value as Serralheiro's (``ValueHints.shape_far_hands``), 9,000 hands
+1.23 [+0.01, +2.44] a hand, wins -0.08 pp, winning settlement about 3 % higher. Not kept:
- a win also spares the loss another seat's win costs (a loser pays 0.55 units of a win
  in Macau, 0.56 Cayro, 0.84 Serralheiro, measured): 39-45 hands of 1,500 change, Macau
  -1.11 [-3.81, +1.58] a hand, Cayro -0.39 [-1.21, +0.44];
- no claim that brings the hand no nearer (strong takes one when it is worth more):
  Cayro 3,000 hands -0.92 [-1.92, +0.08] a hand, wins +0.37 pp; Macau 1,500 -1.84
  [-7.18, +3.50], wins -0.47 pp;
- a wait drawn from the wall scored as self-drawn (Filipino «bunot» takes 2 markers):
  9 hands of 1,500 change in Filipino, -0.0007 [-0.0069, +0.0056] markers; none in Macau;
- the losing hand's weight 1/3 instead of 2/3 (Cayro): 31 hands of 1,500 change, -0.26
  [-0.94, +0.42];
- far hands by expected settlement in Cayro (``far_by_worth``): +2.15 [-1.08, +5.38] a
  hand, wins -0.80 pp, winning settlement 123 against 113.
Where strong and normal first differ (1,200 paired hands, seeds 40000+): in Cayro the
discard one tile from ready gains (+26 wins, +3.3 a hand over all hands) and the claims
that bring the hand no nearer lose 11 wins for about nothing; in Macau the choice of the
wait gains (+4.5 a hand), the discard one from ready and those claims lose 12 and 10
wins, within their noise. In Filipino (a win takes 1-3 markers, a loser pays nothing)
473 of 4,000 hands end differently and the markers are level.
Defence, for Cayro's deal-in bar (tried through Cayro's ``ValueHints``, not kept): danger
weighed near and far from ready (``danger_share`` 1 and 3) moved no deal-in (1.00x, 0.99x
normal's) and cost 2.7-2.9 pp of wins; folding to the least dangerous tile two or more from
ready once an opponent looks threatening cut deal-ins to 0.85-0.93x on the tuning walls but
not on the held-out 4,000 (1.01x), where it lost settlement (+1.34 [-0.82, +3.51]) and wins
(-1.58 pp). With ``defence.tile_danger`` a fitted probability (AUC 0.85-0.88; a model of
the same features fitted per rule set, 1,500 hands, strong against strong): as P(deal-in)
(``danger_share`` 1) Cayro -2.31 [-4.52, -0.10] a hand, wins -1.2 pp, Filipino -0.004
markers; far hands choosing the safest of the nearly as efficient discards cut Cayro's
deal-ins to 0.92x but cost -3.39 [-6.16, -0.63] and 1.9 pp of wins.
Also measured and dropped (1,500 hands, seeds 30000+): far discards by live tiles
weighed by the claims they allow (Filipino +0.014 then -0.007 on the next 1,500, Cayro
+0.02); by the live tiles two draws ahead (Filipino +0.011 [-0.016, +0.038], Cayro -1.58,
wins -1.1 pp, decisions 2.5x slower); far claims by expected settlement (Cayro +0.89 then
-0.27 over 3,000; Filipino -0.026, wins -1.9 pp); Cayro's far value share 0.75 (+0.57
[-2.59, +3.74], winning settlement 125 against 119, wins -0.5 pp) or 0.95 (-1.97); a
discard win let go to wait for a self-drawn one worth more (Filipino «bunot», 2 markers:
62 discard wins offered in 300 hands, expected settlement says wait for 1; letting go
those where waiting is worth 0.7 of the win: -0.038 [-0.051, -0.025] markers, wins
-5.1 pp). In Filipino the cheating ``ceiling`` (it never deals in) earns +0.038 [+0.012,
+0.064] markers a hand against normal, wins +2.4 pp: what the issue asks of strong there.
For Cayro's win and value bars (1,500 hands, seeds 30000+): a claim one tile or less from
ready that brings the hand no nearer taken only when worth 20 % more than the hand kept:
+0.36 [-0.46, +1.18] then +0.14 [-0.76, +1.05] a hand, wins +0.3 then +0.1 pp (66-69 hands
change); over 9,000 hands +0.16 a hand, wins +0.20 pp [-0.06, +0.46]; 40 % more: +0.21, wins
+0.5 pp; with far value share 0.75 as well: +0.43, wins -0.3 pp, winning settlement 124
against 119. Far value picks only when 10 % or 25 % more valuable than normal's: +0.12 and
-1.91, wins -0.2 and -0.4 pp. Danger breaking near ties (worth within 1 % or 3 %; far, the
same live tiles and value): deal-in 0.95x and 0.92x, -0.39 and -1.04 a hand, wins -0.3 and
-0.5 pp. None moves wins by the +0.6 pp the bound needs.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..game.actions import Action, Chow, Kong, Pung
from ..melds import Meld, MeldKind
from ..rules.base import RuleSet
from . import value
from .analysis import Candidate, read_turn
from .computer import NormalPlayer, terminal_or_honour
from .efficiency import (discard_options, hand_counts, isolation, live_counts, useful_tiles,
                         view_hand, view_melds, view_winds, visible_counts)
from .expect import Expectation, Outlook

# Far from ready, the share of the best live useful tiles a discard must keep for the
# strong player to choose it for value (``ValueHints.shape_far_hands``).
FAR_LIVE_SHARE = 0.85
# A claim must raise the expected settlement by this share to be taken (it shows the hand).
CLAIM_MARGIN = 0.0
# The claim's best discards read by expected settlement.
CLAIM_DISCARDS = 4


class StrongPlayer(NormalPlayer):
    """Discards and claims one tile or less from ready by expected settlement; far off,
    normal's efficiency; art. 9.º liability avoided in Macau; kongs and wins as normal."""

    level = "strong"
    use_value = True
    use_defence = True
    # farther than one tile from ready, choose by expected settlement too (else normal's way)
    far_by_worth = False
    # claims (pung, chow) by expected settlement one tile or less from ready
    claims_by_worth = True
    # P(deal-in) as a share of the tile's deal-in chance (``defence.tile_danger``; 0:
    # offence alone) and a deal-in's cost beyond losing the hand anyway (smallest wins)
    danger_share = 0.0
    deal_in_cost = 0.2
    # where every hand is valued, the losing hand's value counts too (``expect.LOSING_WEIGHT``)
    value_losing = True

    def __init__(self, rules: RuleSet[Any], rng: random.Random, seat: int | None = None) -> None:
        super().__init__(rules, rng, seat)
        self._scored: dict[Any, float] = {}

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
        if len(safe) == 1:
            return safe[0]
        counts = hand_counts(view_hand(view))
        if safe[0].shanten > 1 and not self.far_by_worth:
            if self.rules.value_hints.shape_far_hands:
                # where the rule set's doubles and limit hands pay for it: the most
                # valuable of the discards keeping 85 % of the best live useful tiles
                best = max(c.live for c in safe)
                near = [c for c in safe if c.live >= FAR_LIVE_SHARE * best]
                return max(near, key=lambda c: (round(c.value, 3), c.live,
                                                -isolation(c.tile, counts),
                                                terminal_or_honour(c.tile), self.rng.random()))
            return super().pick(view, safe, everything, live)
        worth = self.worths(view, safe, counts, live)
        if self.danger_share:
            for cand in safe:
                # P(deal-in) x its extra cost; the hand's own prospects end with it too
                risk = self.danger_share * cand.danger
                worth[cand.tile] = worth[cand.tile] * (1.0 - risk) - risk * self.deal_in_cost
        return max(safe, key=lambda c: (round(worth[c.tile], 6), c.live, -isolation(c.tile, counts),
                                        terminal_or_honour(c.tile), self.rng.random()))

    def expectation(self, view: Mapping[str, Any], live: Sequence[int],
                    melds: Sequence[Meld] | None = None) -> Expectation:
        melds = view_melds(view) if melds is None else melds
        return Expectation(self.rules, view, melds, live, visible_counts(view), len(melds),
                           self._scored)

    def worths(self, view: Mapping[str, Any], pool: Sequence[Candidate], counts: list[int],
               live: Sequence[int]) -> dict[int, float]:
        """Each candidate discard's expected settlement (``expect.py``)."""
        return {t: o.worth for t, o in self.outlooks(view, pool, counts, live).items()}

    def outlooks(self, view: Mapping[str, Any], pool: Sequence[Candidate], counts: list[int],
                 live: Sequence[int]) -> dict[int, Outlook]:
        """Each candidate discard's chance to win and what the win would pay."""
        exp = self.expectation(view, live)
        exp.prepare(counts)
        out = {}
        for cand in pool:
            counts[cand.tile] -= 1
            outlook = exp.outlook(counts, cand.shanten, cand.useful, cand.value)
            if self.value_losing:
                outlook = replace(outlook, losing=exp.losing(counts))
            out[cand.tile] = outlook
            counts[cand.tile] += 1
        return out

    def claim(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """One tile or less from ready, a pung or chow when the hand it leaves (after its
        best discard) is worth more than the hand kept; farther off and for kongs,
        normal's reckoning."""
        if not self.claims_by_worth:
            return super().claim(view, legal)
        counts = hand_counts(view_hand(view))
        live = live_counts(view, counts)
        exp = self.expectation(view, live)
        now = exp.prepare(counts)
        if now > 1:
            # farther off, a claim that brings the hand nearer, as normal: weighing those
            # by expected settlement too measured -5.5 [-12.9, 1.9] a hand in Macau
            return super().claim(view, legal)
        afters = {a: self._claim_after(view, a) for a in legal if isinstance(a, (Pung, Chow))}
        for action in legal:
            if isinstance(action, Kong) and self._claim_after(view, action)[0] <= now:
                return action
        keep = self._kept_worth(view, exp, counts, live, now)
        best: Action | None = None
        best_worth = keep * (1.0 + CLAIM_MARGIN) + 1e-9
        tile = view["last_discard"][1]
        for action, (after, _, rest) in afters.items():
            if after > now:
                continue
            kind = MeldKind.PUNG if isinstance(action, Pung) else MeldKind.CHOW
            meld = Meld(kind, tile if isinstance(action, Pung) else action.tile, declared=True)
            worth = self._claimed_worth(view, (*view_melds(view), meld), rest, live)
            if worth > best_worth:
                best, best_worth = action, worth
        return best if best is not None else self._pass(legal)

    def _kept_worth(self, view: Mapping[str, Any], exp: Expectation, counts: list[int],
                    live: Sequence[int], now: int) -> float:
        useful = useful_tiles(exp.sh, counts, live, now)[0]
        seat_wind, round_wind = view_winds(view)
        far = value.estimate(self.rules.value_hints, counts, view_melds(view), seat_wind,
                             round_wind, live, self.rules.sets).value
        outlook = exp.outlook(counts, now, useful, far)
        losing = exp.losing(counts) if self.value_losing else 0.0
        return replace(outlook, losing=losing).worth

    def _claimed_worth(self, view: Mapping[str, Any], melds: Sequence[Meld], rest: list[int],
                       live: Sequence[int]) -> float:
        """The best expected settlement of a discard after the claim (``rest``: 3k+2)."""
        exp = self.expectation(view, live, melds)
        exp.prepare(rest)
        seat_wind, round_wind = view_winds(view)
        best = 0.0
        for option in discard_options(exp.sh, rest, live, only_best=True)[:CLAIM_DISCARDS]:
            if option.shanten > 1 and best:
                break
            rest[option.tile] -= 1
            far = value.estimate(self.rules.value_hints, rest, melds, seat_wind, round_wind,
                                 live, self.rules.sets).value
            outlook = exp.outlook(rest, option.shanten, option.useful, far)
            if self.value_losing:
                outlook = replace(outlook, losing=exp.losing(rest))
            best = max(best, outlook.worth)
            rest[option.tile] += 1
        return best


__all__ = ["StrongPlayer"]
