"""A match played on the table, exported as the scorekeeper's match record (issue 16),
settles to the table's own balances, markers and end when the ledger reads it back."""
from __future__ import annotations

import pytest

from mahjong_engine.game.actions import action_from_json
from mahjong_engine.game.export import record_of_match
from mahjong_engine.game.ledger import Ledger
from mahjong_engine.game.match import Match
from mahjong_engine.game.record import RecordError
from mahjong_engine.rules import RULE_SET_KEYS

from builders import played_match


@pytest.mark.parametrize("rules", RULE_SET_KEYS)
@pytest.mark.parametrize("seed", [4, 9])
def test_exported_match_settles_as_the_table_did(rules: str, seed: int) -> None:
    match = played_match(rules, seed, 24)
    record = record_of_match(match.to_json(), ["Ana", "Bento", "Carla", "Duarte"])
    ledger = Ledger.from_json(record)
    first = Match(rules, seed)
    order = [first.player_at(seat) for seat in range(4)]   # record index → table player
    assert ledger.balances == [match.balances[p] for p in order]
    assert ledger.markers == [match.markers[p] for p in order]
    assert ledger.commission == match.commission
    assert ledger.finished == match.over
    # hand by hand, the same banker (by record index) and the same payments
    replay = Match(rules, seed)
    for outcome, saved in zip(ledger.outcomes, match.hands, strict=True):
        seats = [replay.player_at(s) for s in range(4)]
        assert order[outcome.banker] == seats[0]
        state = replay.new_hand(saved["config"].get("stacked"))
        for item in saved["actions"]:
            state.apply(action_from_json(item))
        replay.finish_hand(state)
        by_player = {seats[s]: saved["result"]["payments"][s] for s in range(4)}
        assert outcome.payments == [by_player[p] for p in order]


def test_export_refuses_what_is_not_a_saved_match() -> None:
    with pytest.raises(RecordError):
        record_of_match({"kind": "hand"})
    with pytest.raises(RecordError):
        record_of_match({"kind": "match", "format": 99, "rules": "cayro", "hands": []})
