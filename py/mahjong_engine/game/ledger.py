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
Each hand is scored and settled by the rule set exactly as the ``score`` command does.
Where a document decides by dice, the record carries the dice the players rolled:
``dice: [a, b]`` on a Filipino win (the next Mano), and on the hand that closes a
block of ``reseat_every`` hands (Cayro) one list of rolls per player, a tie broken by
the further rolls listed (``[[6, 5], [3, 3, 2, 1], ...]``: pairs of dice in order).
"""
from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from ..errors import EngineError, HandError, clip
from ..hand import HandDescription, Stake
from ..notation import parse_tiles
from ..rules import rule_set_class
from ..rules.base import Options, RuleSet, Settlement
from ..rules.counts import Counted
from ..scoring import ScoreResult, net_of
from ..tiles import COPIES, WINDS, Tile, Wind
from .seating import Seating

MAX_HANDS = 2000          # a long evening is under a hundred
DEFAULT_STAKE = "50/100"  # as the table's Match; only Macau reads it (art. 7.º)
R_FALSE_WIN_BANK = "game.reading.false_win_keeps_bank"
R_LOSER_NOT_ENTERED = "game.reading.loser_not_entered"
R_LIMIT_SCALED = "game.reading.limit_scaled"
_HAND_FIELDS = ("win", "concealed", "win_tile", "melds", "flowers", "first_turn", "last_tile",
                "successive_kongs", "liability", "opener_wind", "capital")
_TILE_FIELDS = ("concealed", "win_tile", "melds", "flowers")


class RecordFieldError(EngineError):
    """A match record that cannot be read: ``hand`` (1-based, or None for the header) and
    ``field`` name the place, ``reason`` the underlying message key."""


def _bad(field_name: str, reason: str, hand: int | None = None, **params: Any) -> RecordFieldError:
    return RecordFieldError("match.bad_record", hand=hand, field=field_name, reason=reason,
                            **params)


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
            raise _bad("options.stake", "hand.bad_stake", stake=clip(stake))
        self.stake = stake
        self.readings: list[str] = []
        self.rules = _rule_set(rules, options, self.readings)
        if self.rules.money_stake:   # Macau art. 6.º-7.º: checked once, at set-up
            try:
                self.rules.check_stake(Stake.parse(stake))
            except EngineError as error:
                raise _bad("options.stake", error.key, **{
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
            raise _bad("hand", "match.hand_not_an_object", number)
        if self.finished:
            raise _bad("hand", "match.over", number)
        before = self.state()
        winds = [self.wind_of(p) for p in range(4)]
        outcome = HandOutcome(self.player_at(0), self.round_wind, winds)
        try:
            if record.get("draw") is True:
                winner = None
                self._draw(record, outcome, number)
            elif "false_win" in record:
                winner = None
                self._false_win(record, outcome, number)
            else:
                winner = self._win(record, outcome, number)
        except RecordFieldError:
            raise
        except EngineError as error:
            raise _bad(_field_of(error, record), error.key, number,
                       **{k: v for k, v in error.params.items()
                          if k not in ("hand", "field", "reason")}) from None
        if outcome.false_win is None:
            flow = self.rules.hand_flow_readings(winner is None)
            outcome.readings = sorted({*outcome.readings, *flow})
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

    def _description(self, player: int, data: Mapping[str, Any]) -> dict[str, Any]:
        desc = {**self.rules.player_facts(player), **{k: data[k] for k in _HAND_FIELDS if k in data}}
        desc.update(rules=self.rules_key, seat_wind=self.wind_of(player),
                    round_wind=self.round_wind, stake=self.stake)
        return desc

    def _counted(self, player: int, data: Mapping[str, Any], winning: bool,
                 discarder: str | None = None) -> ScoreResult:
        """A hand given as the table counted it (``count``), in place of its tiles."""
        if any(name in data for name in _TILE_FIELDS):
            raise HandError("match.count_with_tiles", field="count")
        facts: dict[str, Any] = {}
        desc = self._description(player, data)
        capital = desc.get("capital")
        if capital is not None:
            if isinstance(capital, bool) or not isinstance(capital, int) or not 0 < capital < 10**12:
                raise HandError("hand.bad_fact", field="capital", value=clip(capital))
            facts["capital"] = capital
        if discarder is not None:
            facts["discarder"] = WINDS[self.seat_of(_player(discarder, "discarder",
                                                               len(self.outcomes) + 1))]
        stake = Stake.parse(self.stake) if self.rules.money_stake else None
        return self.rules.score_count(Counted(data["count"], Wind(self.wind_of(player)), winning,
                                              stake, facts))

    def _score(self, desc: dict[str, Any]) -> ScoreResult:
        hand = HandDescription.from_json(desc)
        return self.rules.score(self.rules.read_facts(hand, desc))

    def _win(self, record: Mapping[str, Any], outcome: HandOutcome, number: int) -> int:
        winner = _player(record.get("winner"), "winner", number)
        desc = self._description(winner, record)
        discarder = record.get("discarder")
        if discarder is not None:
            discarder = _player(discarder, "discarder", number)
            if discarder == winner:
                raise _bad("discarder", "hand.impossible.discarder_is_winner", number)
            fourth = isinstance(desc.get("liability"), dict) and "fourth_set_tile" in desc["liability"]
            if desc.get("win", "discard") == "discard" or fourth:   # art. 9.º liability
                desc["discarder"] = self.wind_of(discarder)
        if "count" in record:
            score = self._counted(winner, record, True, record.get("discarder"))
            outcome.counted.append(winner)
        else:
            score = self._score(desc)
        if not score.winning:
            raise _bad("concealed", "match.not_a_winning_hand", number)
        outcome.winner = winner
        outcome.score = score.to_json()
        outcome.readings = list(score.readings)
        losers = self._losers(record, winner, number)
        tiles = [] if "count" in record else [("hand", desc)]
        _check_table_tiles([*tiles, *[(f"losers.{p}", d) for p, d in losers
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
            raise _bad("losers", "match.bad_losers", number)
        out = []
        for key, value in data.items():
            if key not in ("0", "1", "2", "3") or int(key) == winner:
                raise _bad("losers", "match.bad_loser", number, player=clip(key))
            if not isinstance(value, dict):
                raise _bad(f"losers.{key}", "match.bad_loser", number, player=key)
            desc = self._loser_description(int(key), value, record)
            out.append((int(key), desc))
        if self.rules.settlement is not Settlement.DIFFERENCES and out:
            raise _bad("losers", "match.losers_not_valued", number)
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
        """Serralheiro §10 v-vi, Cayro: every hand is valued; the losers pay the winner and
        settle their differences among themselves."""
        rules = self.rules
        values = {WINDS[s].value: 0 for s in range(4)}
        values[self.wind_of(winner)] = rules.settlement_value(score)
        entered = {p for p, _ in losers}
        for player, desc in losers:
            try:
                if "count" in desc:
                    result = self._counted(player, desc, False)
                    outcome.counted.append(player)
                else:
                    result = rules.score_losing_hand(HandDescription.from_json(desc))
            except EngineError as error:
                raise _bad(f"losers.{player}.{_field_of(error, desc)}", error.key,
                           len(self.outcomes) + 1,
                           **{k: v for k, v in error.params.items()
                              if k not in ("hand", "field", "reason")}) from None
            value = rules.settlement_value(result)
            values[self.wind_of(player)] = value
            outcome.losers[str(player)] = {"value": value, **result.to_json()}
        if len(entered) < 3:
            outcome.readings = sorted({*outcome.readings, R_LOSER_NOT_ENTERED})
        transfers = self.rules.settle_transfers(values, self.wind_of(winner))
        outcome.transfers = [self._by_player(t.to_json()) for t in transfers]
        net = net_of(transfers)
        outcome.payments = [net[self.wind_of(p)] for p in range(4)]

    def _draw(self, record: Mapping[str, Any], outcome: HandOutcome, number: int) -> None:
        """A drawn hand: nothing paid, unless the rule set values every hand on a draw
        (``draw_transfers``; Serralheiro §8 g-h with ``draw_settles``), the hands given
        as ``losers`` (every player, by tiles or counts)."""
        outcome.readings = sorted({*outcome.readings, *self.rules.draw_readings()})
        if self.rules.draw_transfers({w.value: 0 for w in WINDS}) is None:
            if "losers" in record:
                raise _bad("losers", "match.draw_not_valued", number)
            return
        data = record.get("losers", {})
        if not isinstance(data, dict):
            raise _bad("losers", "match.bad_losers", number)
        values = {w.value: 0 for w in WINDS}
        descs = []
        for key, value in data.items():
            if key not in ("0", "1", "2", "3") or not isinstance(value, dict):
                raise _bad("losers", "match.bad_loser", number, player=clip(key))
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
                raise _bad(f"losers.{key}.{_field_of(error, value)}", error.key, number,
                           **{k: v for k, v in error.params.items()
                              if k not in ("hand", "field", "reason")}) from None
            values[self.wind_of(player)] = self.rules.settlement_value(result)
            outcome.losers[key] = {"value": values[self.wind_of(player)], **result.to_json()}
        _check_table_tiles(descs, number)
        if len(data) < 4:
            outcome.readings = sorted({*outcome.readings, R_LOSER_NOT_ENTERED})
        transfers = self.rules.draw_transfers(values) or []
        outcome.transfers = [self._by_player(t.to_json()) for t in transfers]
        net = net_of(transfers)
        outcome.payments = [net.get(self.wind_of(p), 0) for p in range(4)]

    def _by_seat(self, score: ScoreResult, outcome: HandOutcome) -> None:
        payments = score.payments or {}
        outcome.payments = [int(payments.get(self.wind_of(p), 0)) for p in range(4)]
        outcome.commission = int(score.commission or 0)
        outcome.transfers = [self._by_player(t.to_json()) for t in score.transfers]

    def _false_win(self, record: Mapping[str, Any], outcome: HandOutcome, number: int) -> None:
        """Macau art. 9.º (7)-(8): the offender indemnifies the other three; the hand has no
        winner, so the bank stays (reading ``game.reading.false_win_keeps_bank``)."""
        offender = _player(record.get("false_win"), "false_win", number)
        score = self.rules.false_win_result(WINDS[self.seat_of(offender)], Stake.parse(self.stake))
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
                out[side] = self.player_at(seats.index(out[side]))
        return out

    # ------------------------------------------------------------ the bank and the end
    def _next_banker(self, record: Mapping[str, Any], winner: int | None, number: int) -> None:
        self._check_champion()
        if self.finished:
            return
        winner_pos = None if winner is None else self.positions.index(winner)

        def roll() -> list[int]:
            if "dice" not in record:
                raise _bad("dice", "match.dice_missing", number)
            return _dice_pair(record["dice"], number)

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
            raise _bad("dice", "match.reseat_dice_missing", number)
        sequences = []
        for player, rolls in enumerate(data):
            if not isinstance(rolls, list) or not rolls:
                raise _bad(f"dice.{player}", "match.bad_dice", number)
            pairs = [_dice_pair(rolls[i:i + 2], number, f"dice.{player}")
                     for i in range(0, len(rolls), 2)]
            sequences.append([sum(pair) for pair in pairs])
        order = sorted(range(4), key=lambda p: sequences[p], reverse=True)
        for a, b in itertools.pairwise(order):
            shorter = min(len(sequences[a]), len(sequences[b]))
            if sequences[a][:shorter] == sequences[b][:shorter]:
                # Tied players roll again: each of them must have the next roll listed.
                raise _bad("dice", "match.dice_tie", number, players=f"{a}, {b}")
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
            raise _bad("record", "match.not_an_object")
        rules = data.get("rules")
        if not isinstance(rules, str):
            raise _bad("rules", "hand.missing_field")
        try:
            rule_set_class(rules)
        except HandError as error:
            raise _bad("rules", error.key, rules=clip(rules)) from None
        players = data.get("players")
        if (not isinstance(players, list) or len(players) != 4
                or not all(isinstance(p, str) and 0 < len(p) <= 40 for p in players)):
            raise _bad("players", "match.bad_players")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise _bad("options", "match.bad_options")
        hands = data.get("hands", [])
        if not isinstance(hands, list):
            raise _bad("hands", "match.bad_hands")
        if len(hands) > MAX_HANDS:
            raise _bad("hands", "match.too_many_hands", limit=MAX_HANDS)
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

def _rule_set(key: str, options: dict[str, Any], readings: list[str]) -> RuleSet[Options]:
    """The rule set with the record's options: ``limit`` sets a rule set's limits in the
    document's proportions (Serralheiro §10 iv: banker's limit double, ½ limit half)."""
    cls = rule_set_class(key)
    defaults = {f.name: f.default for f in fields(cls.options_class)}
    chosen: dict[str, Any] = {}
    for name, value in options.items():
        if name not in defaults:
            raise _bad(f"options.{clip(name)}", "match.unknown_option")
        try:
            chosen[name] = cls.options_class.checked(name, value)
        except ValueError:
            raise _bad(f"options.{name}", "match.bad_option", value=clip(value)) from None
    if "limit" in chosen and isinstance(chosen["limit"], int):
        for name, factor in (("banker_limit", 2), ("half_limit", 0.5)):
            if name in defaults and name not in chosen:
                chosen[name] = int(chosen["limit"] * factor)
                if R_LIMIT_SCALED not in readings:
                    readings.append(R_LIMIT_SCALED)
    try:
        return cls(cls.options_class(**chosen))
    except (TypeError, ValueError):
        raise _bad("options", "match.bad_option") from None


def _player(value: Any, name: str, number: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise _bad(name, "match.bad_player", number, value=clip(value))
    return value


def _dice_pair(value: Any, number: int, name: str = "dice") -> list[int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6
                       for d in value)):
        raise _bad(name, "match.bad_dice", number)
    return list(value)


def _field_of(error: EngineError, desc: Mapping[str, Any] | None = None) -> str:
    name = error.params.get("field")
    if isinstance(name, str):
        return name
    if error.key.startswith("notation.") and desc is not None:
        text = error.params.get("text")
        for name in ("concealed", "win_tile", "flowers"):
            if desc.get(name) == text:
                return name
        return "melds"
    return "hand"


def _check_table_tiles(descriptions: list[tuple[str, dict[str, Any]]], number: int) -> None:
    """The hands entered for one deal share one set of tiles: four of each, one of each
    flower (Portaria art. 1.º (2)). Counted field by field, winner first; the refusal names
    the field where a tile passed its copies (``losers.2.melds``), the tile and how many
    the hands hold in all."""
    fields_: list[tuple[str, list[Tile]]] = []
    for name, desc in descriptions:
        try:
            hand = HandDescription.from_json(desc)
        except EngineError as error:
            field_name = _field_of(error, desc)
            raise _bad(name if name != "hand" else field_name, error.key, number) from None
        prefix = "" if name == "hand" else f"{name}."
        fields_ += [(prefix + "concealed", list(hand.concealed)),
                    (prefix + "melds", [t for m in hand.melds for t in m.tiles]),
                    (prefix + "flowers", list(hand.flowers))]
    total = Counter(t for _, tiles in fields_ for t in tiles)
    seen: Counter[Tile] = Counter()
    for name, tiles in fields_:
        for tile in tiles:
            seen[tile] += 1
            if seen[tile] > (1 if tile.is_bonus else COPIES):
                raise _bad(name, "match.tiles_over_used", number, tile=tile.notation,
                           count=total[tile])


__all__ = ["MAX_HANDS", "HandOutcome", "Ledger", "RecordFieldError"]
