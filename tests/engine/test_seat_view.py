"""The seat view (``GameState.view``, typed as ``game.view.SeatView``) is a plain dict with
exactly the typed keys, showing a seat its own tiles and only counts of the others'."""
from __future__ import annotations

import pytest

from mahjong_engine.game import GameConfig, GameState, Phase
from mahjong_engine.game.view import SeatView
from mahjong_engine.melds import Meld
from mahjong_engine.rules import registered_keys
from mahjong_engine.tiles import Tile, Wind


def _check(state: GameState, seat: int) -> None:
    view = state.view(seat)
    assert type(view) is dict
    assert set(view) == SeatView.__required_keys__ == set(SeatView.__annotations__)
    assert view["rules"] == state.rules.key and view["seat"] == seat
    assert isinstance(view["round_wind"], Wind)
    assert view["phase"] == state.phase.value and type(view["phase"]) is str
    assert view["hand"] == sorted(state.hands[seat])
    assert all(isinstance(t, Tile) for t in view["hand"])
    assert view["hidden_counts"] == [len(h) for h in state.hands]
    for seat_melds in view["melds"]:
        assert all(isinstance(m, Meld) for m in seat_melds)
    assert [list(d) for d in view["discards"]] == state.discards
    assert [list(f) for f in view["flowers"]] == state.flowers
    own_turn = seat == state.current and state.phase == Phase.TURN
    assert view["drawn"] == (state.last_drawn if own_turn else None)
    expected_step = state.exchange_step if state.phase == Phase.EXCHANGE else None
    assert view["exchange_step"] == expected_step
    assert (view["wall_left"], view["live_left"]) == (state.wall.remaining, state.wall.live)
    assert view["last_discard"] == state.last_discard and view["kong_tile"] == state.kong_tile


@pytest.mark.parametrize("rules", registered_keys())
def test_every_seat_view_of_a_played_hand(rules: str) -> None:
    state = GameState(GameConfig(rules, seed=7))
    steps = 0
    while not state.ended and steps < 1000:
        for seat in range(4):
            _check(state, seat)
        seat = state.waiting_for()[0]
        state.apply(state.legal_actions(seat)[-1])   # passes, draws, discards the highest
        steps += 1
    assert state.ended and steps > 20
    for seat in range(4):
        _check(state, seat)
