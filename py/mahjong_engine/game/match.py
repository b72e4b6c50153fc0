"""A match: hands one after another, the bank moving as each document says, running
balances (money, points or markers) per player.

Players 0-3 sit at table positions in turn order; ``positions[p]`` is the player at
position ``p``. The banker's position is East for the hand and seat ``s`` of a hand is
the position ``banker + s``.

- First banker: every player rolls, the highest is banker (Serralheiro §2 a; Cayro
  "El que logre la mayor puntuación será el viento Este"; Portaria 133/88/M and the
  Filipino text do not say how the first banker is found: reading
  ``game.reading.first_banker``). Cayro seats the others by their rolls too.
- Bank: the rule set's ``next_banker`` hook (Portaria art. 2.º: kept by a winning
  banker and on a draw; Serralheiro §2 b: at most three times in a row; Filipino: the
  winner rolls for the next Mano; Cayro: winds drawn again every sixteen hands).
- Rounds: Portaria art. 2.º, rounds East, South, West, North, each ending when the bank
  has gone round the four players.
- End: Macau after the North round; Filipino when a player has five markers (the Jai
  Alai); Serralheiro and Cayro name no end (the players stop when they like).
"""
from __future__ import annotations

import random
from typing import Any

from .record import FORMAT_VERSION, RecordError, save_hand
from .result import HandResult
from ..rules import get_rule_set
from .seating import Seating
from .config import check_match_fields
from .state import GameConfig, GameState
from .wall import roll


class Match(Seating):
    def __init__(self, rules: str, seed: int = 0, stake: str | None = "50/100",
                 exchanges: bool | None = None, capital: int | None = None) -> None:
        self.rules_key = rules
        self.rules = get_rule_set(rules)
        self.seed = seed
        self.stake = stake
        self.capital = capital   # Macau art. 8.º (4), per hand
        self.exchanges = exchanges
        self.rng = random.Random(seed)
        super().__init__()
        self.balances = [0, 0, 0, 0]
        self.markers = [0, 0, 0, 0]
        self.wins = [0, 0, 0, 0]
        self.commission = 0
        self.hands_played = 0
        self.draws = 0
        self.over = False
        self.champion: int | None = None
        self.events: list[dict[str, Any]] = []
        self.hands: list[dict[str, Any]] = []
        self.bankers: list[int] = []       # the banker's player, hand by hand
        self._seat_players(first=True)

    # ------------------------------------------------------------ seats
    def _rolls(self, players: list[int]) -> dict[int, int]:
        """Each player rolls the rule set's dice; ties roll again among themselves."""
        scores: dict[int, int] = {}
        faces: dict[str, list[int]] = {}
        for p in players:
            faces[str(p)] = roll(self.rng, self.rules.dice)
            scores[p] = sum(faces[str(p)])
        self.events.append({"type": "seat_rolls", "rolls": {str(k): v for k, v in scores.items()},
                            "faces": faces, "hand": self.hands_played})
        return scores

    def _ranking(self, players: list[int]) -> list[int]:
        scores = self._rolls(players)
        order: list[int] = []
        for value in sorted(set(scores.values()), reverse=True):
            tied = [p for p in players if scores[p] == value]
            order.extend(tied if len(tied) == 1 else self._ranking(tied))
        return order

    def _seat_players(self, first: bool) -> None:
        ranking = self._ranking([0, 1, 2, 3])
        if self.rules.reseat_every:
            # Cayro: East by the highest roll, the others "con arreglo a las puntuaciones".
            self.positions = ranking
            self.banker = 0
        else:
            self.banker = self.positions.index(ranking[0])
        self.keeps = 0

    # ------------------------------------------------------------ hands
    def new_hand(self, stacked: str | None = None) -> GameState:
        if self.over:
            raise RecordError("match.over")
        self.bankers.append(self.player_at(0))
        config = GameConfig(self.rules_key, seed=self.rng.getrandbits(32),
                            round_wind=self.round_wind, exchanges=self.exchanges,
                            stake=self.stake, stacked=stacked, hand_number=self.hands_played,
                            capital=self.capital)
        return GameState(config, self.rules)

    def finish_hand(self, state: GameState) -> HandResult:
        """Book an ended hand: balances, markers, the next banker, rounds, the end.
        Returns the hand's result."""
        result = state.result
        if result is None:
            raise RecordError("match.hand_not_over")
        for seat in range(4):
            player = self.player_at(seat)
            self.balances[player] += result.payments[seat]
            self.markers[player] += result.markers[seat]
        self.commission += result.commission
        winner_pos = None
        if result.winner is not None:
            self.wins[self.player_at(result.winner)] += 1
            winner_pos = (self.banker + result.winner) % 4
        else:
            self.draws += 1
        self.hands.append(save_hand(state))
        self.hands_played += 1
        rolled: list[list[int]] = []

        def dice() -> list[int]:
            value = roll(self.rng, 2)
            rolled.append(value)
            return value

        new = self.rules.next_banker(self.banker, winner_pos, self.keeps, dice)
        if rolled:
            self.events.append({"type": "mano_roll", "dice": rolled[-1], "hand": self.hands_played})
        self.move_bank(new)
        self._check_end()
        every = self.rules.reseat_every
        if not self.over and every and self.hands_played % every == 0:
            self._seat_players(first=False)
        return result

    def _check_end(self) -> None:
        if self.rounds_over:
            self.over = True
        # The rule set may end the match on markers (Filipino: the Jai Alai).
        champion = self.rules.match_winner({str(p): self.markers[p] for p in range(4)})
        if champion is not None:
            self.over = True
            self.champion = int(champion)

    # ------------------------------------------------------------ saving
    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT_VERSION, "kind": "match", "rules": self.rules_key,
                "seed": self.seed, "stake": self.stake, "exchanges": self.exchanges,
                "hands": list(self.hands), "balances": list(self.balances),
                "markers": list(self.markers), "commission": self.commission,
                "bankers": list(self.bankers),
                "over": self.over, "champion": self.champion,
                **({"capital": self.capital} if self.capital is not None else {})}

    @classmethod
    def from_json(cls, data: Any) -> Match:
        """Replay a saved match hand by hand (each hand's log on a fresh deal)."""
        from .actions import action_from_json
        if not isinstance(data, dict) or data.get("kind") != "match":
            raise RecordError("record.not_a_match")
        if type(data.get("format")) is not int or data["format"] != FORMAT_VERSION:
            raise RecordError("record.bad_version", found=str(data.get("format"))[:20],
                              expected=FORMAT_VERSION)
        check_match_fields(data)
        hands = data.get("hands", [])
        if not isinstance(hands, list) or not all(
                isinstance(h, dict) and isinstance(h.get("config"), dict) for h in hands):
            raise RecordError("record.corrupted", reason="record.malformed")
        match = cls(data["rules"], data.get("seed", 0), data.get("stake"), data.get("exchanges"),
                    data.get("capital"))
        for hand in hands:
            stacked = hand["config"].get("stacked")
            if stacked is not None and not isinstance(stacked, str):
                raise RecordError("record.corrupted", reason="record.bad_field")
            state = match.new_hand(stacked)
            for item in hand.get("actions", []):
                state.apply(action_from_json(item))
            if not state.ended:
                raise RecordError("record.corrupted", reason="record.hand_not_over")
            match.finish_hand(state)
        return match


__all__ = ["Match"]
