"""Properties: random legal play never breaks an invariant; a hand saved mid-way loads
back to the same state; replaying the log reproduces the state; illegal actions change
nothing."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from mahjong_engine.errors import IllegalActionError
from mahjong_engine.game import Discard, GameConfig, GameState, action_from_json
from mahjong_engine.game.invariants import check
from mahjong_engine.game.record import RecordError, load_hand, save_hand
from mahjong_engine.tiles import Tile

RULES = ("macau_1988", "filipino", "serralheiro_2003", "cayro")


def random_play(state: GameState, rnd, steps: int) -> None:
    for _ in range(steps):
        if state.ended:
            return
        seat = rnd.choice(state.waiting_for())
        legal = state.legal_actions(seat)
        assert legal, (state.phase, seat)
        state.apply(rnd.choice(legal))
        assert check(state) == []


@pytest.mark.parametrize("rules", RULES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), rnd=st.randoms(use_true_random=False),
       cut=st.integers(0, 200))
def test_random_legal_play_keeps_invariants_and_saves(rules, seed, rnd, cut):
    state = GameState(GameConfig(rules, seed=seed))
    random_play(state, rnd, cut)
    data = json.loads(json.dumps(save_hand(state)))
    loaded = load_hand(data)
    assert loaded.snapshot() == state.snapshot()
    replayed = GameState(GameConfig(rules, seed=seed))
    replayed.replay(action_from_json(a) for a in state.log)
    assert replayed.snapshot() == state.snapshot()
    random_play(state, rnd, 2000)
    assert state.ended
    assert check(state) == []
    result = state.result
    assert sum(result.payments) + result.commission == 0


@pytest.mark.parametrize("rules", RULES)
def test_illegal_actions_change_nothing(rules):
    state = GameState(GameConfig(rules, seed=1, exchanges=False))
    before = state.snapshot()
    absent = next(Tile(t) for t in range(34) if Tile(t) not in state.hands[0])
    for action in (Discard(1, state.hands[1][0]), Discard(0, absent), "discard"):
        with pytest.raises(IllegalActionError):
            state.apply(action)  # type: ignore[arg-type]
        assert state.snapshot() == before


def test_records_from_elsewhere_are_refused():
    state = GameState(GameConfig("cayro", seed=1))
    data = save_hand(state)
    with pytest.raises(RecordError) as error:
        load_hand(dict(data, format=0))
    assert error.value.key == "record.bad_version"
    bad = dict(data, actions=[{"type": "discard", "seat": 2, "tile": "1m"}])
    with pytest.raises(RecordError) as error:
        load_hand(bad)
    assert error.value.key == "record.corrupted"
    with pytest.raises(RecordError):
        load_hand("not a record")
