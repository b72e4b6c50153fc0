"""Who sits where as a match goes on: the players in turn order round the table, the
banker's place, how many times in a row he has kept the bank and how often it has passed.

Shared by the table's ``Match`` and the scorekeeper's ``Ledger``, which both move the bank
with the rule set's ``next_banker`` (Portaria art. 2.º: rounds East, South, West, North,
each ending when the bank has gone round the four players).
"""
from __future__ import annotations

from ..rules.base import Options, RuleSet
from ..tiles import WINDS


class Seating:
    rules: RuleSet[Options]

    def __init__(self) -> None:
        self.positions = [0, 1, 2, 3]   # positions[p]: the player at table position p
        self.banker = 0                 # the banker's table position
        self.keeps = 0                  # hands in a row the banker has kept the bank
        self.passes = 0                 # times the bank has passed on

    def player_at(self, seat: int) -> int:
        """The player sitting at seat ``seat`` (0 = East) in the current hand."""
        return self.positions[(self.banker + seat) % 4]

    def seat_of(self, player: int) -> int:
        """The seat (0 = East) of ``player`` in the current hand."""
        return (self.positions.index(player) - self.banker) % 4

    def wind_of(self, player: int) -> str:
        return WINDS[self.seat_of(player)].value

    @property
    def round_wind(self) -> str:
        if not self.rules.match_rounds:
            return "E"
        return WINDS[min(self.passes // 4, 3)].value

    def move_bank(self, new: int) -> None:
        """The bank goes to table position ``new`` (kept when it is the banker's own)."""
        if new == self.banker:
            self.keeps += 1
        else:
            self.keeps = 0
            self.passes += 1
            self.banker = new

    @property
    def rounds_over(self) -> bool:
        """Every wind round the rule set plays has been played."""
        rounds = self.rules.match_rounds
        if not rounds:
            return False
        return self.passes >= 4 * rounds


__all__ = ["Seating"]
