"""What a rule set reads of a played hand to decide liability (``RuleSet.liable_seat``).

The game keeps these facts (``game.claims.DiscardRecord``, ``game.settle.LiabilityRecord``);
the rule sets name only the fields they read, so ``rules`` never imports ``game``.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..melds import Meld
from ..scoring import ScoreResult
from ..tiles import Tile


class DiscardFacts(Protocol):
    """One discard and what became of it."""

    @property
    def seat(self) -> int:
        """The discarder's seat (0-3, E S W N)."""

    @property
    def tile(self) -> Tile: ...

    @property
    def hand_before(self) -> tuple[Tile, ...]:
        """The discarder's concealed tiles, the discarded one included."""

    @property
    def declared(self) -> int:
        """How many sets the discarder had declared."""

    @property
    def ready(self) -> bool:
        """Whether the discarder's hand was ready before the discard."""

    @property
    def visible(self) -> tuple[Tile, ...]:
        """The tiles face up on the table before the discard."""

    @property
    def claimed_by(self) -> int | None: ...

    @property
    def claim(self) -> str | None:
        """What the discard was claimed for ("win", "chow", "pung", "kong"), if it was."""


class LiabilityFacts(Protocol):
    """A won hand: the winner, his score, the discards in order, his declared melds at the
    end and how he won."""

    @property
    def winner(self) -> int: ...

    @property
    def score(self) -> ScoreResult: ...

    @property
    def records(self) -> Sequence[DiscardFacts]: ...

    @property
    def winner_melds(self) -> tuple[Meld, ...]: ...

    @property
    def win(self) -> str: ...


__all__ = ["DiscardFacts", "LiabilityFacts"]
