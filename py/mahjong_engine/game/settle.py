"""The end of a won hand: score the winner under the rule set, decide liability, and
settle the payments (or markers) per seat.

``settlement`` (a rule-set attribute, ``rules.base.Settlement``) says how: ``WINNER`` - the
winner's result holds the payments (Portaria 133/88/M art. 6.º-7.º; all losers pay, less the commission);
``DIFFERENCES`` - every hand is valued, the losers pay the winner and settle their
differences among themselves (Serralheiro §10 v-vi; Cayro "liquidando sus
diferencias después de pagar al que hace Mah-Jong"); ``MARKERS`` - the winner takes
markers toward the Jai Alai (Filipino "Marcar a vitória").
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import EngineError
from ..hand import HandDescription, WinKind
from ..melds import Meld
from ..rules.base import RuleSet, Settlement
from ..scoring import ScoreResult, Transfer, net_of
from ..tiles import WINDS
from .claims import DiscardRecord
from .hand_state import HandState
from .result import HandResult


def _seat_list(payments: Mapping[str, int] | None) -> list[int]:
    out = [0, 0, 0, 0]
    for key, value in (payments or {}).items():
        out[[w.value for w in WINDS].index(getattr(key, "value", key))] = int(value)
    return out


def losing_description(state: HandState, seat: int) -> HandDescription:
    hand = tuple(state.hands[seat])
    return HandDescription(rules=state.rules.key, concealed=hand, win_tile=hand[0],
                           melds=tuple(state.melds[seat]), flowers=tuple(state.flowers[seat]),
                           win=WinKind.DISCARD, seat_wind=WINDS[seat],
                           round_wind=state.round_wind,
                           opener_wind=state.opener_wind())


def settle_win(state: HandState, seat: int, kind: WinKind, discarder: int | None,
               description: HandDescription) -> HandResult:
    rules = state.rules
    result = HandResult(winner=seat, win=kind.value, discarder=discarder,
                        hand=description.to_json())
    score = rules.score(description)
    result.score = score.to_json()
    result.total = score.total
    if not score.winning:
        result.notes.append("invariant.win_not_scored")
        return result
    _SETTLE[rules.settlement](state, seat, kind, score, description, result)
    return result


def _settle_markers(state: HandState, seat: int, kind: WinKind, score: ScoreResult,
                    description: HandDescription, result: HandResult) -> None:
    result.markers[seat] = int(score.total or 0)


def _settle_differences(state: HandState, seat: int, kind: WinKind, score: ScoreResult,
                        description: HandDescription, result: HandResult) -> None:
    """Every loser's hand valued as it lies (``losing_description``), then
    ``settle_differences``; the losers' results (items and steps, JSON, with their
    value) by seat, None for the winner."""
    rules = state.rules
    losers = {WINDS[s].value: rules.score_losing_hand(losing_description(state, s))
              for s in range(4) if s != seat}
    settled = settle_differences(rules, WINDS[seat].value, score, losers)
    result.values = [settled.values[w.value] for w in WINDS]
    result.losers = [None if s == seat else {**losers[w.value].to_json(), "value": settled.values[w.value]}
                     for s, w in enumerate(WINDS)]
    result.transfers = [t.to_json() for t in settled.transfers]
    result.payments = _seat_list(settled.net)


def _settle_winner(state: HandState, seat: int, kind: WinKind, score: ScoreResult,
                   description: HandDescription, result: HandResult) -> None:
    payments = _seat_list(score.payments)
    result.transfers = [t.to_json() for t in score.transfers]
    result.commission = int(score.commission or 0)
    if kind is not WinKind.ROBBING_KONG:
        found = _liability(state, seat, score, kind)
        if found is not None:
            liable, reason = found
            result.liable, result.liability = liable, reason
            moved = _liable_transfers(state, seat, liable, score, description, reason)
            if moved is not None:
                result.transfers = [t.to_json() for t in moved]
                payments = _seat_list(net_of(moved))
    result.payments = payments


_Settler = Callable[[HandState, int, WinKind, ScoreResult, HandDescription, HandResult], None]
_SETTLE: dict[Settlement, _Settler] = {
    Settlement.WINNER: _settle_winner,
    Settlement.DIFFERENCES: _settle_differences,
    Settlement.MARKERS: _settle_markers,
}


@dataclass(frozen=True)
class Differences:
    """A hand settled by differences, by wind ("E".."N")."""

    values: dict[str, int]       # every hand's value (0 for a loser not valued)
    transfers: list[Transfer]
    net: dict[str, int]          # what each wind gains (+) or pays (-) in all


def settle_differences(rules: RuleSet[Any], winner: str, score: ScoreResult,
                       losers: Mapping[str, ScoreResult]) -> Differences:
    """``Settlement.DIFFERENCES`` (Serralheiro §10 v-vi; Cayro "liquidando sus diferencias
    después de pagar al que hace Mah-Jong"): every hand is valued (``settlement_value``:
    before the banker's doubling where the rule set settles that separately; a loser
    not in ``losers`` is worth 0), the losers pay the winner and settle their differences
    among themselves (the rule set's ``settle_transfers``). The one place a hand is
    settled so: a hand played (``settle_win``) and a hand kept (``ledger.Ledger``)."""
    values = {w.value: 0 for w in WINDS}
    values[winner] = rules.settlement_value(score)
    for wind, loser in losers.items():
        values[wind] = rules.settlement_value(loser)
    transfers = rules.settle_transfers(values, winner)
    return Differences(values, list(transfers), net_of(transfers))


def _liability(state: HandState, winner: int, score: ScoreResult,
               kind: WinKind) -> tuple[int, str] | None:
    """Portaria art. 9.º from the hand's record: the rule set decides (``liable_seat``)."""
    try:
        record = LiabilityRecord(winner, score, state.records, tuple(state.melds[winner]),
                                 kind.value)
        return state.rules.liable_seat(record)
    except EngineError:
        return None


def _liable_transfers(state: HandState, winner: int, liable: int, score: ScoreResult,
                      description: HandDescription, reason: str) -> list[Transfer] | None:
    if description.stake is None:
        return None
    return state.rules.liable_transfers(score, winner, liable, description.stake, reason,
                                        hand=description)


@dataclass(frozen=True)
class LiabilityRecord:
    """What a rule set needs to decide liability: the winner, his score, the discards
    (the hand's ``DiscardRecord``s), his declared melds and how he won; nothing else of
    the game's state."""

    winner: int
    score: ScoreResult
    records: Sequence[DiscardRecord]
    winner_melds: tuple[Meld, ...]
    win: str


__all__ = ["Differences", "LiabilityRecord", "losing_description", "settle_differences", "settle_win"]
