"""Computer players on the game's Player interface (``choose(view, legal)``).

Levels, each a different way of playing (not only more or less noise):

- ``baseline``: plain shanten-greedy: the discard that leaves the lowest shanten (ties
  at random), a claim only when it lowers the shanten, kongs that do not set it back;
  no tile counting, no value, no defence.
- ``easy``: shanten only, like baseline, but it never chows, claims pungs only, declares
  only concealed kongs and keeps honours longest.
- ``normal``: tile efficiency: among the lowest-shanten discards, the most live useful
  tiles (counting what it sees); claims and kongs on the same reckoning.
- ``strong`` (``strong.py``): one tile or less from ready, the discard and the claims
  with the best expected settlement (``expect.py``: the chance to win before the hand
  ends, exact over the useful draws and claimable tiles, times what the rule set's own
  scorer says the win pays; where every hand is valued, plus the losing hand's value);
  farther off, normal's efficiency (Serralheiro, Cayro: the most valuable of the
  nearly as efficient discards, ``ValueHints.shape_far_hands``); in Macau never the discard that
  makes it liable under Portaria 133/88/M art. 9.º unless every legal discard would.
  Danger (``defence.py``) is read for the hints but does not steer its discards.

Every level wins whenever it may. In Serralheiro's «trocas» (§7, note 6: "os 1 e 9 de
qualquer família bem como as honras não deverão ser trocadas") no level hands over a 1,
a 9 or an honour while it has another tile to give. Randomness only from the seeded
``random.Random`` given to ``make_player``.
"""
from __future__ import annotations

import random
from typing import Any

from ..rules.base import RuleSet
from .base import Player
from .computer import BaselinePlayer, ComputerPlayer, EasyPlayer, NormalPlayer
from .simple import SimplePlayer
from .strong import StrongPlayer

# The computer levels of issue 5 (catalogued as ``level.<key>``, offered by the page).
LEVELS = ("baseline", "easy", "normal", "strong")
# Every level ``make_player`` builds: also ``simple``, simulate's default player.
ALL_LEVELS = ("simple", *LEVELS)


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
