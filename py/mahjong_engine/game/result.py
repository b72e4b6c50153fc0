"""How a hand ended (``HandResult``): written by settlement (``settle.py``) for a win and by
the state machine for a draw, so it lives beside both and depends on neither."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class HandResult:
    """How the hand ended. ``payments`` are per seat (E, S, W, N) and sum to
    ``-commission``; Filipino hands pay markers (``markers``), not money."""

    winner: int | None = None
    win: str | None = None
    discarder: int | None = None
    hand: dict[str, Any] | None = None      # the winner's HandDescription JSON
    score: dict[str, Any] | None = None     # his ScoreResult JSON
    total: float | None = None
    payments: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    commission: int = 0
    markers: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    values: list[int] | None = None
    liable: int | None = None
    liability: str | None = None
    notes: list[str] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)
    transfers: list[dict[str, Any]] = field(default_factory=list)   # Transfer JSON, seats "E".."N"
    losers: list[dict[str, Any] | None] | None = None   # per seat: a loser's valued hand (differences)

    @property
    def draw(self) -> bool:
        return self.winner is None

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "win": self.win, "discarder": self.discarder,
                "hand": self.hand, "score": self.score, "total": self.total,
                "payments": list(self.payments), "commission": self.commission,
                "markers": list(self.markers), "values": self.values, "liable": self.liable,
                "liability": self.liability, "notes": list(self.notes),
                "readings": list(self.readings), "transfers": list(self.transfers),
                "losers": self.losers}
