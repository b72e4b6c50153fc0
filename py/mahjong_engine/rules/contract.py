"""The small value types a rule set declares as class data (``RuleSet.settlement``,
``wall_opening``, ``value_hints``); ``game/`` and ``ai/`` read them and never ask which
rule set they play.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

class Settlement(StrEnum):
    """How a won hand is settled (``game/settle.py``). ``WINNER``: the winner's result
    holds the payments (and liability may move them); ``DIFFERENCES``: every hand is
    valued (``score_losing_hand``) and ``settle_transfers`` gives the payments;
    ``MARKERS``: the winner takes his total in markers toward ``match_winner``."""

    WINNER = "winner"
    DIFFERENCES = "differences"
    MARKERS = "markers"

    @property
    def required_hooks(self) -> tuple[str, ...]:
        """The ``RuleSet`` hooks a rule set settled this way must define itself
        (``SETTLEMENT_HOOKS``; ``rules.register`` refuses a class lacking one)."""
        return SETTLEMENT_HOOKS[self]


SETTLEMENT_HOOKS: Mapping[Settlement, tuple[str, ...]] = {
    # The base ``settle`` sets no payments: every win would pay 0.
    Settlement.WINNER: ("settle",),
    # Every hand is valued and the values give the payments; the defaults value a
    # losing hand at 0 and give no transfer.
    Settlement.DIFFERENCES: ("score_losing_hand", "settle_transfers"),
    # Markers count toward a match's winner; the default never names one.
    Settlement.MARKERS: ("match_winner",),
}
"""The hooks each settlement style reads whose ``RuleSet`` defaults settle nothing."""


class WallOpening(StrEnum):
    """How the dice open the wall (``game/wall.py``); the value names it in the
    catalogues (``setup.break.<value>``). The banker rolls.

    ``DEALER_WALL``: he counts the roll along his own side (Portaria 133/88/M art. 2.º;
    the Filipino text only says the dice are rolled). ``OPENER_WALL``: the roll counted
    round the table from the banker (1 the banker, 2 his right...) names the opener, the
    «abridor», whose side is opened at as many pairs (Serralheiro §4 a, §5 a); the two
    tiles lifted beside the breach make the «dragão» (§5 b). ``OPENER_ROLLS_AGAIN``: the
    opener so named rolls again and that roll counts the stacks (Cayro, Desarrollo del
    juego; its catalogue key is the document's name)."""

    DEALER_WALL = "dealer_wall"
    OPENER_WALL = "opener_wall"
    OPENER_ROLLS_AGAIN = "cayro"

    @property
    def side_by_dice(self) -> bool:
        """The first roll names the side opened (otherwise the banker's own side is)."""
        return self is not WallOpening.DEALER_WALL

    @property
    def second_roll(self) -> bool:
        """The opener rolls again and that roll counts the stacks (otherwise the first
        roll does)."""
        return self is WallOpening.OPENER_ROLLS_AGAIN

    @property
    def lifts_dragon(self) -> bool:
        """The two tiles beside the breach are lifted: the «dragão» (Serralheiro §5 b),
        where replacements are taken."""
        return self is WallOpening.OPENER_WALL


class Valuation(StrEnum):
    """The AI's model of what a hand still being built is worth (``ai/value.py``):
    ``FAN`` grades that double the payment (1, 2, 4 units), ``MARKERS`` counted one by
    one, ``DOUBLES`` points multiplied by doubles."""

    FAN = "fan"
    MARKERS = "markers"
    DOUBLES = "doubles"


@dataclass(frozen=True)
class ValueHints:
    """What the AI needs to guess a hand's value under a rule set (``ai/value.py``,
    ``ai/analysis.py``): the valuation model; which winds' pungs are worth something
    besides the dragons and the seat's wind (``round_wind``, ``banker_wind``); whether an
    all-pungs hand is a double; whether pairs of one suit make a limit hand; for
    ``DOUBLES``, the scored total that counts as one smallest win (``points_per_win``);
    and whether the strong player lets the value a far hand keeps open choose among its
    nearly as efficient discards (``shape_far_hands``: measured in self-play to pay where
    doubles and limit hands make a few hands worth many, issue 17); ``widening_claim``: the
    live useful tiles a claim must add for the strong player to take it one tile or less
    from ready when it brings the hand no nearer (0: never; measured to pay in Cayro only)."""

    valuation: Valuation = Valuation.DOUBLES
    round_wind: bool = False
    banker_wind: bool = False
    all_pungs_double: bool = False
    pairs_limit: bool = False
    points_per_win: float = 20.0
    shape_far_hands: bool = False
    widening_claim: int = 0

    def win_units(self, scored: float) -> float:
        """A scored total in units where the smallest win is about 1 (Macau grades pay
        1, 2, 4 units)."""
        if self.valuation is Valuation.FAN:
            return math.pow(2.0, scored)
        if self.valuation is Valuation.MARKERS:
            return max(1.0, scored)
        return max(1.0, scored / self.points_per_win)


__all__ = ["SETTLEMENT_HOOKS", "Settlement", "Valuation", "ValueHints", "WallOpening"]
