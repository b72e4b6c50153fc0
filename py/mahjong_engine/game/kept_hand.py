"""One hand of a kept match settled (``KeptHand``): a win, a drawn hand or a false
win (Macau art. 9.º (8)) of the record, scored and settled by the rule set exactly as
the ``score`` command does, at the seats and winds the match has reached; its
``HandOutcome``, by player index. ``ledger.Ledger`` books it and moves the bank.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import EngineError, HandError, clip
from ..hand import HandDescription, Stake
from ..notation import parse_tiles
from ..rules.base import Options, RuleSet, Settlement
from ..rules.counts import Counted
from ..scoring import ScoreResult, net_of
from ..tiles import WINDS, Wind
from .kept_record import (HAND_FIELDS, R_FALSE_WIN_BANK, R_LOSER_NOT_ENTERED, TILE_FIELDS,
                          RecordFieldError, bad, check_table_tiles, engine_error, field_of,
                          player_index)
from .seating import Seating
from .settle import settle_differences


@dataclass
class HandOutcome:
    """One hand as the match settled it, by player index."""

    banker: int
    round_wind: str
    winds: list[str]
    payments: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    commission: int = 0
    markers: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    winner: int | None = None
    false_win: int | None = None
    score: dict[str, Any] | None = None
    losers: dict[str, dict[str, Any]] = field(default_factory=dict)
    transfers: list[dict[str, Any]] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)
    counted: list[int] = field(default_factory=list)   # players whose hand was a count

    def to_json(self, with_markers: bool) -> dict[str, Any]:
        data: dict[str, Any] = {"banker": self.banker, "round_wind": self.round_wind,
                                "winds": list(self.winds), "payments": list(self.payments),
                                "commission": self.commission, "winner": self.winner}
        if with_markers:
            data["markers"] = list(self.markers)
        if self.false_win is not None:
            data["false_win"] = self.false_win
        if self.score is not None:
            data["total"] = self.score.get("total")
        if self.transfers:
            data["transfers"] = list(self.transfers)
        if self.readings:
            data["readings"] = list(self.readings)
        if self.counted:
            data["counted"] = sorted(self.counted)
        return data


class KeptHand:
    """Hand ``number`` of a kept match, at the seats of ``seating``: ``settle`` reads its
    record and gives its ``HandOutcome`` and winner (None: a draw or a false win)."""

    def __init__(self, rules: RuleSet[Options], rules_key: str, stake: str, seating: Seating,
                 number: int) -> None:
        self.rules = rules
        self.rules_key = rules_key
        self.stake = stake
        self.seating = seating
        self.number = number

    def settle(self, record: Mapping[str, Any]) -> tuple[HandOutcome, int | None]:
        """The hand's outcome and its winner; a bad record raises ``RecordFieldError``
        naming the field (an engine error met on the way is told as the record's)."""
        number = self.number
        seating = self.seating
        outcome = HandOutcome(seating.player_at(0), seating.round_wind,
                              [seating.wind_of(p) for p in range(4)])
        winner: int | None = None
        try:
            if record.get("draw") is True:
                self._draw(record, outcome, number)
            elif "false_win" in record:
                self._false_win(record, outcome, number)
            else:
                winner = self._win(record, outcome, number)
        except RecordFieldError:
            raise
        except EngineError as error:
            raise engine_error(error, field_of(error, record), number) from None
        if outcome.false_win is None:
            flow = self.rules.hand_flow_readings(winner is None)
            outcome.readings = sorted({*outcome.readings, *flow})
        return outcome, winner

    def _description(self, player: int, data: Mapping[str, Any]) -> dict[str, Any]:
        desc = {**self.rules.player_facts(player), **{k: data[k] for k in HAND_FIELDS if k in data}}
        desc.update(rules=self.rules_key, seat_wind=self.seating.wind_of(player),
                    round_wind=self.seating.round_wind, stake=self.stake)
        return desc

    def _counted(self, player: int, data: Mapping[str, Any], winning: bool,
                 discarder: str | None = None) -> ScoreResult:
        """A hand given as the table counted it (``count``), in place of its tiles."""
        if any(name in data for name in TILE_FIELDS):
            raise HandError("match.count_with_tiles", field="count")
        facts: dict[str, Any] = {}
        desc = self._description(player, data)
        capital = desc.get("capital")
        if capital is not None:
            if isinstance(capital, bool) or not isinstance(capital, int) or not 0 < capital < 10**12:
                raise HandError("hand.bad_fact", field="capital", value=clip(capital))
            facts["capital"] = capital
        if discarder is not None:
            seat = self.seating.seat_of(player_index(discarder, "discarder", self.number))
            facts["discarder"] = WINDS[seat]
        stake = Stake.parse(self.stake) if self.rules.money_stake else None
        wind = Wind(self.seating.wind_of(player))
        return self.rules.score_count(Counted(data["count"], wind, winning, stake, facts))

    def _score(self, desc: dict[str, Any]) -> ScoreResult:
        hand = HandDescription.from_json(desc)
        return self.rules.score(self.rules.read_facts(hand, desc))

    def _win(self, record: Mapping[str, Any], outcome: HandOutcome, number: int) -> int:
        winner = player_index(record.get("winner"), "winner", number)
        desc = self._description(winner, record)
        discarder = record.get("discarder")
        if discarder is not None:
            discarder = player_index(discarder, "discarder", number)
            if discarder == winner:
                raise bad("discarder", "hand.impossible.discarder_is_winner", number)
            fourth = isinstance(desc.get("liability"), dict) and "fourth_set_tile" in desc["liability"]
            if desc.get("win", "discard") == "discard" or fourth:   # art. 9.º liability
                desc["discarder"] = self.seating.wind_of(discarder)
        if "count" in record:
            score = self._counted(winner, record, True, record.get("discarder"))
            outcome.counted.append(winner)
        else:
            score = self._score(desc)
        if not score.winning:
            raise bad("concealed", "match.not_a_winning_hand", number)
        outcome.winner = winner
        outcome.score = score.to_json()
        outcome.readings = list(score.readings)
        losers = self._losers(record, winner, number)
        tiles = [] if "count" in record else [("hand", desc)]
        check_table_tiles([*tiles, *[(f"losers.{p}", d) for p, d in losers
                                      if "count" not in d]], number)
        kind = self.rules.settlement
        if kind is Settlement.MARKERS:
            outcome.markers[winner] = int(score.total or 0)
            return winner
        if kind is Settlement.DIFFERENCES:
            self._differences(score, winner, losers, outcome)
            return winner
        self._by_seat(score, outcome)
        return winner

    def _losers(self, record: Mapping[str, Any], winner: int,
                number: int) -> list[tuple[int, dict[str, Any]]]:
        data = record.get("losers", {})
        if not isinstance(data, dict):
            raise bad("losers", "match.bad_losers", number)
        out = []
        for key, value in data.items():
            if key not in ("0", "1", "2", "3") or int(key) == winner:
                raise bad("losers", "match.bad_loser", number, player=clip(key))
            if not isinstance(value, dict):
                raise bad(f"losers.{key}", "match.bad_loser", number, player=key)
            desc = self._loser_description(int(key), value, record)
            out.append((int(key), desc))
        if self.rules.settlement is not Settlement.DIFFERENCES and out:
            raise bad("losers", "match.losers_not_valued", number)
        return out

    def _loser_description(self, player: int, value: Mapping[str, Any],
                           record: Mapping[str, Any]) -> dict[str, Any]:
        desc = self._description(player, value)
        if "count" in value:
            desc["count"] = value["count"]
        if "opener_wind" in record:   # the opener is the table's, not one player's
            desc.setdefault("opener_wind", record["opener_wind"])
        concealed = desc.get("concealed")
        if isinstance(concealed, str) and "win_tile" not in desc:
            tiles = parse_tiles(concealed)   # a losing hand's winning tile is never read
            if tiles:
                desc["win_tile"] = tiles[0].notation
        return desc

    def _differences(self, score: ScoreResult, winner: int,
                     losers: list[tuple[int, dict[str, Any]]], outcome: HandOutcome) -> None:
        """Every loser entered valued (by tiles or by count), then ``settle_differences``
        (a loser not entered is worth 0: reading ``game.reading.loser_not_entered``)."""
        results: dict[int, ScoreResult] = {}
        for player, desc in losers:
            try:
                if "count" in desc:
                    results[player] = self._counted(player, desc, False)
                    outcome.counted.append(player)
                else:
                    results[player] = self.rules.score_losing_hand(HandDescription.from_json(desc))
            except EngineError as error:
                raise engine_error(error, f"losers.{player}.{field_of(error, desc)}",
                                   self.number) from None
        settled = settle_differences(self.rules, self.seating.wind_of(winner), score,
                                     {self.seating.wind_of(p): r for p, r in results.items()})
        for player, result in results.items():
            outcome.losers[str(player)] = {"value": settled.values[self.seating.wind_of(player)],
                                           **result.to_json()}
        if len(losers) < 3:
            outcome.readings = sorted({*outcome.readings, R_LOSER_NOT_ENTERED})
        outcome.transfers = [self._by_player(t.to_json()) for t in settled.transfers]
        outcome.payments = [settled.net[self.seating.wind_of(p)] for p in range(4)]

    def _draw(self, record: Mapping[str, Any], outcome: HandOutcome, number: int) -> None:
        """A drawn hand: nothing paid, unless the rule set values every hand on a draw
        (``draw_transfers``; Serralheiro §8 g-h with ``draw_settles``), the hands given
        as ``losers`` (every player, by tiles or counts)."""
        outcome.readings = sorted({*outcome.readings, *self.rules.draw_readings()})
        if self.rules.draw_transfers({w.value: 0 for w in WINDS}) is None:
            if "losers" in record:
                raise bad("losers", "match.draw_not_valued", number)
            return
        data = record.get("losers", {})
        if not isinstance(data, dict):
            raise bad("losers", "match.bad_losers", number)
        values = {w.value: 0 for w in WINDS}
        descs = []
        for key, value in data.items():
            if key not in ("0", "1", "2", "3") or not isinstance(value, dict):
                raise bad("losers", "match.bad_loser", number, player=clip(key))
            player = int(key)
            try:
                desc = self._loser_description(player, value, record)
                if "count" in value:
                    result = self._counted(player, desc, False)
                    outcome.counted.append(player)
                else:
                    result = self.rules.score_losing_hand(HandDescription.from_json(desc))
                    descs.append((f"losers.{key}", desc))
            except EngineError as error:
                raise engine_error(error, f"losers.{key}.{field_of(error, value)}",
                                   number) from None
            values[self.seating.wind_of(player)] = self.rules.settlement_value(result)
            outcome.losers[key] = {"value": values[self.seating.wind_of(player)], **result.to_json()}
        check_table_tiles(descs, number)
        if len(data) < 4:
            outcome.readings = sorted({*outcome.readings, R_LOSER_NOT_ENTERED})
        transfers = self.rules.draw_transfers(values) or []
        outcome.transfers = [self._by_player(t.to_json()) for t in transfers]
        net = net_of(transfers)
        outcome.payments = [net.get(self.seating.wind_of(p), 0) for p in range(4)]

    def _by_seat(self, score: ScoreResult, outcome: HandOutcome) -> None:
        payments = score.payments or {}
        outcome.payments = [int(payments.get(self.seating.wind_of(p), 0)) for p in range(4)]
        outcome.commission = int(score.commission or 0)
        outcome.transfers = [self._by_player(t.to_json()) for t in score.transfers]

    def _false_win(self, record: Mapping[str, Any], outcome: HandOutcome, number: int) -> None:
        """Macau art. 9.º (7)-(8): the offender indemnifies the other three; the hand has no
        winner, so the bank stays (reading ``game.reading.false_win_keeps_bank``)."""
        offender = player_index(record.get("false_win"), "false_win", number)
        score = self.rules.false_win_result(WINDS[self.seating.seat_of(offender)], Stake.parse(self.stake))
        outcome.false_win = offender
        outcome.score = score.to_json()
        outcome.readings = sorted({*score.readings, R_FALSE_WIN_BANK})
        self._by_seat(score, outcome)

    def _by_player(self, transfer: dict[str, Any]) -> dict[str, Any]:
        """A transfer with its seats ("E".."N") given as player indices (the house stays)."""
        seats = [w.value for w in WINDS]
        out = dict(transfer)
        for side in ("payer", "payee"):
            if out[side] in seats:
                out[side] = self.seating.player_at(seats.index(out[side]))
        return out


__all__ = ["HandOutcome", "KeptHand"]
