"""Keeping score of a match played with real tiles: the match record, read and settled.

A record names the rule set, the four players in seat order from the first banker, the
options, and the hands as they were played::

    {"rules": R, "players": [4 names], "options": {"stake", "limit", "capital", ...},
     "hands": [{"draw": true}
               | {"false_win": i}                                   (Macau art. 9.º (8))
               | {"winner": i, "win", "concealed", "win_tile", "melds", "flowers",
                  "discarder": j, "losers": {"k": {"concealed", "melds", "flowers"}},
                  "dice": [a, b]} ...]}

Players are indices 0-3; the winds, the banker and the round are worked out here, hand by
hand, with the same hooks the table's ``Match`` uses: the rule set's ``next_banker``
(Portaria art. 2.º; Serralheiro §2 b; Filipino "O vencedor ... rola dois dados";
Cayro's winds drawn again every sixteen hands), ``match_rounds`` and ``match_winner``
(the Jai Alai).
Each hand is scored and settled by the rule set exactly as the ``score`` command does
(``kept_hand.KeptHand``; the record's pieces are read in ``kept_record``).
Where a document decides by dice, the record carries the dice the players rolled:
``dice: [a, b]`` on a Filipino win (the next Mano), and on the hand that closes a
block of ``reseat_every`` hands (Cayro) one list of rolls per player, a tie broken by
the further rolls listed (``[[6, 5], [3, 3, 2, 1], ...]``: pairs of dice in order).
"""
from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from ..errors import EngineError, HandError, clip
from ..hand import Stake
from ..rules import rule_set_class
from ..rules.base import Settlement
from .kept_hand import HandOutcome, KeptHand
from .kept_record import (DEFAULT_STAKE, MAX_HANDS, RecordFieldError, bad, dice_pair,
                          rule_set_of)
from .seating import Seating


class Ledger(Seating):
    """A match kept hand by hand. ``add`` settles one hand record; ``to_json`` prints the
    match contract (hands, balances, markers, finished, winner)."""

    def __init__(self, rules: str, players: list[str], options: Mapping[str, Any] | None = None
                 ) -> None:
        options = dict(options or {})
        self.rules_key = rules
        self.players = list(players)
        stake = options.pop("stake", DEFAULT_STAKE)
        if not isinstance(stake, str) or len(stake) > 40:
            raise bad("options.stake", "hand.bad_stake", stake=clip(stake))
        self.stake = stake
        self.readings: list[str] = []
        self.rules = rule_set_of(rules, options, self.readings)
        if self.rules.money_stake:   # Macau art. 6.º-7.º: checked once, at set-up
            try:
                self.rules.check_stake(Stake.parse(stake))
            except EngineError as error:
                raise bad("options.stake", error.key, **{
                    k: v for k, v in error.params.items() if k not in ("hand", "field")}) from None
        super().__init__()
        self.balances = [0, 0, 0, 0]
        self.markers = [0, 0, 0, 0]
        self.commission = 0
        self.finished = False
        self.champion: int | None = None
        self.outcomes: list[HandOutcome] = []
        self.marks: list[tuple[Any, ...]] = []    # ``state()`` before each hand settled

    # ------------------------------------------------------------ hands
    def add(self, record: Any) -> HandOutcome:
        number = len(self.outcomes) + 1
        if not isinstance(record, dict):
            raise bad("hand", "match.hand_not_an_object", number)
        if self.finished:
            raise bad("hand", "match.over", number)
        before = self.state()
        outcome, winner = KeptHand(self.rules, self.rules_key, self.stake, self,
                                   number).settle(record)
        for p in range(4):
            self.balances[p] += outcome.payments[p]
            self.markers[p] += outcome.markers[p]
        self.commission += outcome.commission
        self.outcomes.append(outcome)
        self.marks.append(before)
        self._next_banker(record, winner, number)
        return outcome

    def state(self) -> tuple[Any, ...]:
        """All a next hand's settlement reads of the hands before it (the seats, the bank,
        the markers, the end): two ledgers in one state settle one hand alike."""
        passes = self.passes if self.rules.match_rounds else None   # they end no round
        return (tuple(self.positions), self.banker, self.keeps, passes,
                tuple(self.markers), self.finished, self.champion)

    def restore(self, state: tuple[Any, ...]) -> None:
        positions, self.banker, self.keeps, passes, markers, self.finished, \
            self.champion = state
        if passes is not None:
            self.passes = passes
        self.positions, self.markers = list(positions), list(markers)

    # ------------------------------------------------------------ the bank and the end
    def _next_banker(self, record: Mapping[str, Any], winner: int | None, number: int) -> None:
        self._check_champion()
        if self.finished:
            return
        winner_pos = None if winner is None else self.positions.index(winner)

        def roll() -> list[int]:
            if "dice" not in record:
                raise bad("dice", "match.dice_missing", number)
            return dice_pair(record["dice"], number)

        self.move_bank(self.rules.next_banker(self.banker, winner_pos, self.keeps, roll))
        if self.rounds_over:
            self.finished = True
            return
        every = self.rules.reseat_every
        if every and len(self.outcomes) % every == 0:
            self._reseat(record.get("dice"), number)

    def _reseat(self, data: Any, number: int) -> None:
        """Cayro: «Cada dieciséis jugadas se sortean de nuevo los puestos»: the highest
        roll is East, the others follow by their rolls (ties roll again)."""
        if not isinstance(data, list) or len(data) != 4:
            raise bad("dice", "match.reseat_dice_missing", number)
        sequences = []
        for player, rolls in enumerate(data):
            if not isinstance(rolls, list) or not rolls:
                raise bad(f"dice.{player}", "match.bad_dice", number)
            pairs = [dice_pair(rolls[i:i + 2], number, f"dice.{player}")
                     for i in range(0, len(rolls), 2)]
            sequences.append([sum(pair) for pair in pairs])
        order = sorted(range(4), key=lambda p: sequences[p], reverse=True)
        for a, b in itertools.pairwise(order):
            shorter = min(len(sequences[a]), len(sequences[b]))
            if sequences[a][:shorter] == sequences[b][:shorter]:
                # Tied players roll again: each of them must have the next roll listed.
                raise bad("dice", "match.dice_tie", number, players=f"{a}, {b}")
        self.positions = order
        self.banker = 0
        self.keeps = 0

    def _check_champion(self) -> None:
        """The rule set may end the match on markers (``match_winner``; Filipino: «O
        primeiro jogador a alcançar 5 marcadores vence o Jai Alai»)."""
        champion = self.rules.match_winner({str(p): self.markers[p] for p in range(4)})
        if champion is not None:
            self.finished = True
            self.champion = int(champion)

    # ------------------------------------------------------------ reading and printing
    @classmethod
    def from_json(cls, data: Any) -> Ledger:
        if not isinstance(data, dict):
            raise bad("record", "match.not_an_object")
        rules = data.get("rules")
        if not isinstance(rules, str):
            raise bad("rules", "hand.missing_field")
        try:
            rule_set_class(rules)
        except HandError as error:
            raise bad("rules", error.key, rules=clip(rules)) from None
        players = data.get("players")
        if (not isinstance(players, list) or len(players) != 4
                or not all(isinstance(p, str) and 0 < len(p) <= 40 for p in players)):
            raise bad("players", "match.bad_players")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise bad("options", "match.bad_options")
        hands = data.get("hands", [])
        if not isinstance(hands, list):
            raise bad("hands", "match.bad_hands")
        if len(hands) > MAX_HANDS:
            raise bad("hands", "match.too_many_hands", limit=MAX_HANDS)
        ledger = cls(rules, players, options)
        for record in hands:
            ledger.add(record)
        return ledger

    def to_json(self) -> dict[str, Any]:
        with_markers = self.rules.settlement is Settlement.MARKERS
        data: dict[str, Any] = {
            "rules": self.rules_key, "players": list(self.players),
            "hands": [o.to_json(with_markers) for o in self.outcomes],
            "balances": list(self.balances), "markers": list(self.markers),
            "commission": self.commission, "finished": self.finished,
            "winner": self.champion,
            "next": {"banker": self.player_at(0), "round_wind": self.round_wind,
                     "winds": [self.wind_of(p) for p in range(4)]},
        }
        if self.readings:
            data["readings"] = list(self.readings)
        return data


# ---------------------------------------------------------------- helpers


__all__ = ["MAX_HANDS", "HandOutcome", "Ledger", "RecordFieldError"]
