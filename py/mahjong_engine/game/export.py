"""A match played on the table, written as the match record a scorekeeper keeps.

``record_of_match`` replays a saved table match (``Match.to_json()``) hand by hand and
writes each hand as ``game.ledger`` reads it: the winner, how he won, his tiles, the
discarder, the losers' tiles where every hand is valued, the dice where the document
decides by dice, and Macau's liability facts where the game found a liable discarder.
Settling that record with ``Ledger`` gives the table's own payments and balances.
"""
from __future__ import annotations

from typing import Any

from ..notation import format_tiles
from .actions import action_from_json
from .match import Match
from .record import FORMAT_VERSION, RecordError
from .settle import losing_description
from .state import GameState

_WIN_FIELDS = ("win", "concealed", "win_tile", "melds", "flowers", "first_turn", "last_tile",
               "successive_kongs", "opener_wind")


def record_of_match(data: Any, names: list[str] | None = None) -> dict[str, Any]:
    """The match record (``python -m mahjong_engine match``) of a saved table match;
    ``names`` are the players' names in the table's player order (0 = the visitor)."""
    if not isinstance(data, dict) or data.get("kind") != "match":
        raise RecordError("record.not_a_match")
    if data.get("format") != FORMAT_VERSION:
        raise RecordError("record.bad_version", found=str(data.get("format"))[:20],
                          expected=FORMAT_VERSION)
    match = Match(data["rules"], data.get("seed", 0), data.get("stake"), data.get("exchanges"),
                  data.get("capital"))
    first = [match.player_at(seat) for seat in range(4)]
    index = {player: i for i, player in enumerate(first)}
    names = names or [f"{p + 1}" for p in range(4)]
    hands: list[dict[str, Any]] = []
    for saved in data.get("hands", []):
        seats = [match.player_at(seat) for seat in range(4)]
        state = match.new_hand(saved["config"].get("stacked"))
        for item in saved.get("actions", []):
            state.apply(action_from_json(item))
        if not state.ended:
            raise RecordError("record.corrupted", reason="record.hand_not_over")
        before = len(match.events)
        match.finish_hand(state)
        entry = _hand(state, seats, index, match)
        _dice(entry, match.events[before:], index)
        hands.append(entry)
    options: dict[str, Any] = {}
    if match.stake is not None:
        options["stake"] = match.stake
    if match.capital is not None:
        options["capital"] = match.capital
    return {"rules": match.rules_key, "players": [names[p] for p in first],
            "options": options, "hands": hands}


def _hand(state: GameState, seats: list[int], index: dict[int, int],
          match: Match) -> dict[str, Any]:
    result = state.result
    assert result is not None
    if result.winner is None:
        return {"draw": True}
    hand = result.hand or {}
    entry: dict[str, Any] = {"winner": index[seats[result.winner]]}
    entry.update({k: hand[k] for k in _WIN_FIELDS if k in hand and hand[k] not in (False, "")})
    if result.discarder is not None:
        entry["discarder"] = index[seats[result.discarder]]
    if result.values is not None:      # every hand valued: the losers' tiles
        entry["losers"] = {
            str(index[seats[seat]]): {k: v for k, v in losing_description(state, seat)
                                      .to_json().items() if k in ("concealed", "melds", "flowers")}
            for seat in range(4) if seat != result.winner}
    if result.liable is not None:
        entry.update(_liability_facts(state, result.liable, seats, index))
    return entry


def _liability_facts(state: GameState, liable: int, seats: list[int],
                     index: dict[int, int]) -> dict[str, Any]:
    """The facts ``score`` needs to find the liable discarder the game found (Macau
    art. 9.º): his hand and sets when he discarded, the tiles then face up, and the tile of
    the winner's fourth set when the win came on the next draw (art. 9.º (2))."""
    result = state.result
    assert result is not None
    found = next((r for r in reversed(state.records)
                  if r.seat == liable and r.claimed_by == result.winner), None)
    if found is None:
        return {}
    liability: dict[str, Any] = {"discarder_hand": format_tiles(found.hand_before),
                                 "discarder_melds": found.declared,
                                 "visible": format_tiles(found.visible)}
    if found.claim != "win":
        liability["fourth_set_tile"] = found.tile.notation
    return {"discarder": index[seats[liable]], "liability": liability}


def _dice(entry: dict[str, Any], events: list[dict[str, Any]], index: dict[int, int]) -> None:
    """The dice rolled after the hand: the winner's roll for the next Mano, or every
    player's rolls when the seats are drawn again (ties rolled again, in order)."""
    rolls: dict[int, list[int]] = {}
    for event in events:
        if event["type"] == "mano_roll":
            entry["dice"] = list(event["dice"])
        elif event["type"] == "seat_rolls":
            for player, faces in event["faces"].items():
                rolls.setdefault(index[int(player)], []).extend(faces)
    if rolls:
        entry["dice"] = [rolls[i] for i in range(4)]


__all__ = ["record_of_match"]
