"""Expected settlement of a hand (issue 29): the one reckoning the strong player decides by.

For a hand of 3k+1 tiles (after a discard, or after a claim and its discard):

    expected settlement = P(win before the hand ends) x E[settlement | win]

in units where the rule set's smallest win is about 1 (``ValueHints.win_units``).

- The hand's length. Self-play of four normal players ends a hand after 7-8.3 turns a
  seat in every rule set (tests/bench/ai.py; 14 draws in 23,600 hands): most hands end
  with another seat's win, not the wall. The chance the hand goes on for one more of
  this seat's turns is ``SURVIVE``; the wall caps the turns left.
- The chance to win. Ready: each turn a wait comes from the wall (its live copies over
  every unseen tile) or from one of the three others' discards (``LET_GO`` of their
  turns, weighed by how readily a tile is let go, ``lookahead.wait_weight``). One tile
  from ready: exact over every useful tile, drawn or claimed (a pair's tile from any
  seat, a run's only from the seat on the left), each followed by the best ready hand
  it allows, memoised. Farther off: the same race through the steps left, the first at
  the rate of the hand's live useful tiles and the later ones at ``LATER_STEP`` of it.
- What the win pays: the rule set's own scorer for a ready hand's waits; the value
  estimate (``value.py``) for a hand not ready yet.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..analysis import is_regular_complete
from ..melds import Meld
from ..hand import HandDescription, WinKind
from ..rules.base import RuleSet, Settlement
from ..tiles import COPIES, PLAYABLE_KINDS, Tile
from . import value
from .efficiency import HONOUR_START, Shanten, near_tiles, view_winds
from .lookahead import wait_weight

# The chance the hand lasts one more of this seat's turns (hands last 7-8 turns a seat).
SURVIVE = 0.88
# Of a live tile, how much likelier than the wall alone a claim makes it to come: each
# other seat meets about one unseen tile a turn and lets most of them go.
LET_GO = 0.5
# Most of this seat's turns a hand may count on.
HORIZON = 14
# A later step's rate against the first one's, farther than one tile from ready.
LATER_STEP = 0.8
# A losing hand's value against a win's (two losers pay it, three pay a win), where every
# hand is valued (Serralheiro §10 v-vi, Cayro «liquidando sus diferencias»).
LOSING_WEIGHT = 2 / 3
# A typical ready hand's chance to win a turn (its waits are not known yet).
READY_RATE = 0.12


@dataclass(frozen=True)
class Outlook:
    """One 3k+1 hand's prospects: the chance to win before the hand ends and what the
    win would pay (units of the smallest win); ``waits``: a ready hand's waiting tiles
    with their scored value."""

    chance: float
    pays: float
    waits: tuple[tuple[int, float], ...] = ()

    losing: float = 0.0

    @property
    def worth(self) -> float:
        return self.chance * self.pays + LOSING_WEIGHT * (1.0 - self.chance) * self.losing


def race(rate: float, turns: int, survive: float | None = None) -> float:
    """The chance that an event of ``rate`` a turn comes within ``turns`` of this seat's
    turns while the hand goes on (``survive`` a turn)."""
    if turns <= 0 or rate <= 0.0:
        return 0.0
    rate = min(rate, 0.95)
    survive = SURVIVE if survive is None else survive
    q = survive * (1.0 - rate)
    return rate * survive * (1.0 - q ** turns) / (1.0 - q)


class Expectation:
    """Expected settlement of the hands one seat may keep in one decision (memoised)."""

    def __init__(self, rules: RuleSet[Any], view: Mapping[str, Any], melds: Sequence[Meld],
                 live: Sequence[int], seen: Sequence[int], declared: int,
                 scored: dict[Any, float] | None = None) -> None:
        self.rules = rules
        self.hints = rules.value_hints
        self.melds = tuple(melds)
        self.live = live
        self.seen = seen
        self.unseen = max(1, sum(live))
        self.turns = max(1, min(HORIZON, (int(view.get("live_left", 60)) + 3) // 4))
        self.seat_wind, self.round_wind = view_winds(view)
        self.sh = Shanten(rules, declared)
        self.scored = scored if scored is not None else {}
        self._ready: dict[bytes, tuple[float, float, tuple[tuple[int, float], ...]] | None] = {}
        self._best: dict[bytes, tuple[float, float]] = {}
        self._only_regular = False

    def prepare(self, counts: Sequence[int]) -> int:
        """Narrow the forms for the hand about to be read (3k+2 tiles); its shanten."""
        now = self.sh.relevant(counts, 1)
        self._only_regular = len(self.sh.forms) == 1 and self.sh.forms[0].key == "regular"
        return now

    # ------------------------------------------------------------ rates
    def _draw_rate(self, tile: int) -> float:
        return self.live[tile] / self.unseen

    def _claim_factor(self, tile: int, counts: Sequence[int]) -> float:
        """How many of the others' discards may bring ``tile`` to a hand one from ready:
        a pair's tile from any seat (pung), a suited neighbour from the left (chow)."""
        if counts[tile] >= 2:
            return 3.0
        return 1.0 if tile < HONOUR_START else 0.0

    # ------------------------------------------------------------ ready
    def ready(self, counts: list[int]) -> tuple[float, float, tuple[tuple[int, float], ...]] | None:
        """A ready 3k+1 hand's (win rate a turn, mean scored units of a win, waits), or
        None when it is not ready. ``counts`` is restored."""
        key = bytes(counts)
        if key in self._ready:
            return self._ready[key]
        got = None
        if self.sh(counts) == 0:
            waits = []
            for tile in near_tiles(counts, self.sh.orphans):
                if counts[tile] < COPIES and self.live[tile]:
                    counts[tile] += 1
                    if (is_regular_complete(counts, self.sh.sets - self.sh.declared)
                            if self._only_regular else self.sh(counts) < 0):
                        waits.append(tile)
                    counts[tile] -= 1
            if waits:
                got = self._rate_and_pay(counts, waits)
        self._ready[key] = got
        return got

    def _rate_and_pay(self, counts: list[int], waits: list[int]
                      ) -> tuple[float, float, tuple[tuple[int, float], ...]]:
        pays = self.pays(counts, waits)
        rate = 0.0
        total = 0.0
        out = []
        for tile in waits:
            r = self._draw_rate(tile) * (1.0 + 3 * LET_GO * wait_weight(tile, self.seen))
            units = self.hints.win_units(pays[tile])
            rate += r
            total += r * units
            out.append((tile, pays[tile]))
        return rate, (total / rate if rate else 0.0), tuple(out)

    def pays(self, counts: Sequence[int], waits: Sequence[int]) -> dict[int, float]:
        """The rule set's scored total of the hand won on each wait (cached by the player)."""
        out: dict[int, float] = {}
        base = bytes(counts)
        missing = []
        for tile in waits:
            key = (base, self.melds, self.seat_wind, self.round_wind, tile)
            got = self.scored.get(key)
            if got is None:
                missing.append(tile)
            else:
                out[tile] = got
        if missing:
            fresh = value.ready_value(self.rules, counts, self.melds, missing, self.seat_wind,
                                      self.round_wind, limit=len(missing))
            if len(self.scored) > 20_000:
                self.scored.clear()
            for tile, got in fresh.items():
                self.scored[(base, self.melds, self.seat_wind, self.round_wind, tile)] = got
                out[tile] = got
        return out

    def losing(self, counts: Sequence[int]) -> float:
        """Where every hand is valued (``Settlement.DIFFERENCES``): the value of this hand
        should another seat win, in units of the smallest win (0 elsewhere). Each of the two
        other losers pays this seat its value, against the winner's three payments, hence
        ``LOSING_WEIGHT``."""
        if self.rules.settlement is not Settlement.DIFFERENCES:
            return 0.0
        key = ("losing", bytes(counts), self.melds, self.seat_wind)
        got = self.scored.get(key)
        if got is None:
            tiles = tuple(Tile(i) for i in range(PLAYABLE_KINDS) for _ in range(counts[i]))
            hand = HandDescription(rules=self.rules.key, concealed=tiles, win_tile=tiles[0],
                                   melds=self.melds, win=WinKind.DISCARD,
                                   seat_wind=self.seat_wind, round_wind=self.round_wind)
            try:
                result = self.rules.score_losing_hand(hand)
                got = self.rules.settlement_value(result) / self.hints.points_per_win
            except Exception:  # an odd shape the scorer refuses: no value
                got = 0.0
            self.scored[key] = got
        return got

    # ------------------------------------------------------------ one from ready
    def _best_ready(self, counts: list[int]) -> tuple[float, float]:
        """After a draw (3k+2 tiles): (rate, units) of the ready hand the best discard
        leaves, judged by worth a turn; (0, 0) when none does. ``counts`` restored."""
        key = bytes(counts)
        got = self._best.get(key)
        if got is not None:
            return got
        best = (0.0, 0.0)
        for tile in range(PLAYABLE_KINDS):
            if counts[tile]:
                counts[tile] -= 1
                ready = self.ready(counts)
                counts[tile] += 1
                if ready is not None and ready[0] * ready[1] > best[0] * best[1]:
                    best = (ready[0], ready[1])
        self._best[key] = best
        return best

    def outlook(self, counts: list[int], shanten: int, useful: Sequence[int],
                far_value: float = 1.0) -> Outlook:
        """The prospects of ``counts`` (3k+1 tiles) at ``shanten`` with these ``useful``
        tiles; ``far_value``: the value estimate used away from ready."""
        turns = self.turns
        if shanten == 0:
            ready = self.ready(counts)
            if ready is None:
                return Outlook(0.0, 0.0)
            rate, pays, waits = ready
            return Outlook(race(rate, turns), pays, waits)
        steps = []
        for tile in useful:
            if self.live[tile]:
                claims = LET_GO * self._claim_factor(tile, counts)
                steps.append((tile, self._draw_rate(tile) * (1.0 + claims)))
        step_rate = sum(r for _, r in steps)
        if not steps:
            return Outlook(0.0, far_value)
        if shanten == 1:
            # exact over every useful tile, then the best ready hand it allows
            outcomes = []
            for tile, r in steps:
                counts[tile] += 1
                rate, pays = self._best_ready(counts)
                counts[tile] -= 1
                if rate > 0.0:
                    outcomes.append((r, rate, pays))
            chance = worth = 0.0
            stay = 1.0
            for k in range(1, turns):
                stay *= SURVIVE
                for r, rate, pays in outcomes:
                    p = stay * r * race(rate, turns - k)
                    chance += p
                    worth += p * pays
                stay *= 1.0 - min(step_rate, 0.95)
            return Outlook(chance, worth / chance if chance else far_value)
        # farther off: the race through the steps left, then the wait
        rates = [step_rate] + [step_rate * LATER_STEP] * (shanten - 1) + [READY_RATE]
        dist = [1.0] + [0.0] * len(rates)
        for _ in range(turns):
            nxt = [0.0] * len(dist)
            nxt[-1] = dist[-1]
            for i, r in enumerate(rates):
                alive = dist[i] * SURVIVE
                moved = alive * min(r, 0.95)
                nxt[i + 1] += moved
                nxt[i] += alive - moved
            dist = nxt
        return Outlook(dist[-1], far_value)


__all__ = ["HORIZON", "LET_GO", "SURVIVE", "Expectation", "Outlook", "race"]
