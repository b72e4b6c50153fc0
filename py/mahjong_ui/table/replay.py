"""History and replay of the table's matches (issue 16): every hand of a saved match in a
list, and any hand shown move by move from its record, each seat's tiles shown or hidden.

``hand_history`` settles the match's exported record with the scorekeeper's ledger, so
the list shows the same banker, winds and payments the table booked. ``ReplayTable``
draws a hand with the table's own model (nobody plays): the board after ``step`` actions.
A shared replay carries the hand's record and the table player at each seat.
"""
from __future__ import annotations

from typing import Any

from mahjong_engine.game import Match, RecordError
from mahjong_engine.game.export import record_of_match
from mahjong_engine.game.ledger import Ledger
from mahjong_engine.errors import EngineError
from mahjong_engine.game.replay import HandReplay, encode_replay, open_replay

from .controller import HUMAN, TableController
from .view_model import TableModel


def hand_history(match_json: dict[str, Any]) -> list[dict[str, Any]]:
    """One line per hand of a saved match, by table player (0 = the visitor): banker,
    round wind, winner, how, the value and each player's payment (and markers)."""
    record = record_of_match(match_json)
    order = _first_order(match_json)        # record index -> table player
    ledger = Ledger.from_json(record)
    lines = []
    for number, (outcome, hand) in enumerate(zip(ledger.outcomes, record["hands"], strict=True), 1):
        by_player = [0, 0, 0, 0]
        markers = [0, 0, 0, 0]
        for index, player in enumerate(order):
            by_player[player] = outcome.payments[index]
            markers[player] = outcome.markers[index]
        lines.append({
            "hand": number, "banker": order[outcome.banker], "round_wind": outcome.round_wind,
            "winner": None if outcome.winner is None else order[outcome.winner],
            "win": hand.get("win", "discard") if outcome.winner is not None else None,
            "total": (outcome.score or {}).get("total") if outcome.winner is not None else None,
            "payments": by_player, "markers": markers, "commission": outcome.commission,
        })
    return lines


def _first_order(match_json: dict[str, Any]) -> list[int]:
    match = Match(match_json["rules"], match_json.get("seed", 0), match_json.get("stake"),
                  match_json.get("exchanges"), match_json.get("capital"))
    return [match.player_at(seat) for seat in range(4)]


class ReplayTable(TableController):
    """A hand shown move by move with the table's model; ``reveal[seat]`` shows a seat's
    concealed tiles (the visitor's own are shown from the start)."""

    replay: HandReplay
    reveal: list[bool]

    @classmethod
    def of_match(cls, match_json: dict[str, Any], index: int) -> ReplayTable:
        """Hand ``index`` of the match in progress. Nothing is read from storage here, so a
        hand that cannot be replayed is ``replay.hand_not_replayed`` with its cause (never
        the saved game's «damaged, set aside»)."""
        hands = match_json.get("hands") if isinstance(match_json, dict) else None
        if not isinstance(hands, list) or not 0 <= index < len(hands):
            raise RecordError("replay.hand_not_replayed", hand=index + 1,
                              reason="replay.no_such_hand")
        try:
            before = Match.from_json({**match_json, "hands": hands[:index]})
            seating = [before.player_at(seat) for seat in range(4)]
            return cls._make(before, hands[index], seating)
        except EngineError:
            raise RecordError("replay.hand_not_replayed", hand=index + 1,
                              reason="replay.bad_moves") from None

    @classmethod
    def of_link(cls, text: str) -> ReplayTable:
        """The replay a link or a file carries (``open_replay``: bounded, typed, replayed
        whole); anything else is a ``replay.bad_link`` naming its cause."""
        replay = open_replay(text)
        record = replay.record
        seating = record.get("seating", [0, 1, 2, 3])
        config = replay.config
        try:
            match = Match(config.rules, 0, config.stake, config.exchanges, config.capital)
        except EngineError:
            raise RecordError("replay.bad_link", reason="replay.bad_fields") from None
        return cls._make(match, record, seating, replay)

    @classmethod
    def _make(cls, match: Match, record: dict[str, Any], seating: list[int],
              replay: HandReplay | None = None) -> ReplayTable:
        self = cls.__new__(cls)
        self.replay = replay if replay is not None else HandReplay(record)
        self.rules_key = self.replay.config.rules
        self.seed = int(self.replay.config.seed)
        self.watch = True
        self.learning = False
        self.level = "normal"
        self.decisions = []
        self._players = {}
        self.match = match
        self.booked = False
        self.hand_players = [int(p) for p in seating]
        self.state = self.replay.state_at(0)
        self.reveal = [p == HUMAN for p in self.hand_players]
        return self

    # ------------------------------------------------------------ moving
    def go(self, step: int) -> None:
        self.state = self.replay.state_at(step)

    def forward(self) -> None:
        self.go(self.replay.step + 1)

    def back(self) -> None:
        self.go(self.replay.step - 1)

    def toggle(self, seat: int) -> None:
        self.reveal[seat] = not self.reveal[seat]

    def link(self) -> str:
        """The text of a link (or file) that opens this hand's replay elsewhere."""
        return encode_replay({**self.replay.record, "seating": list(self.hand_players)})

    # ------------------------------------------------------------ drawing
    def position_of(self, seat: int) -> str:
        bottom = self.hand_players.index(HUMAN)
        return ("bottom", "right", "top", "left")[(seat - bottom) % 4]

    def model(self) -> TableModel:
        model = super().model()
        for seat in model["seats"]:
            if not self.reveal[seat["seat"]]:
                seat["tiles"] = None
        model["actions"] = []
        model["discardable"] = []
        model["watch"] = False   # seats are named from the visitor's place ("you", "right"…)
        step = self.replay.step
        model["replay"] = {"step": step, "steps": self.replay.steps,
                           "move": self.replay.move(step), "reveal": list(self.reveal)}
        return model


__all__ = ["ReplayTable", "hand_history"]
