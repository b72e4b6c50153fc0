"""A saved hand replayed move by move, forward, back and by jumps; a replay in a link
(issue 16)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_engine.game.record import RecordError, save_hand
from mahjong_engine.game.replay import HandReplay, decode_replay, encode_replay
from mahjong_engine.rules import RULE_SET_KEYS

from builders import played_match


def snapshot(state) -> tuple:
    return (tuple(tuple(h) for h in state.hands), tuple(tuple(d) for d in state.discards),
            tuple(tuple(m) for m in state.melds), state.phase, state.current,
            state.wall.remaining)


@pytest.fixture(scope="module", params=RULE_SET_KEYS)
def saved(request) -> dict:
    return played_match(request.param, 3, 1).hands[0]


def test_the_last_step_is_the_saved_end(saved) -> None:
    replay = HandReplay(saved)
    assert replay.steps == len(saved["actions"]) > 0
    end = replay.state_at(replay.steps)
    assert end.ended
    assert end.result.to_json()["payments"] == saved["result"]["payments"]
    assert replay.move(replay.steps)["type"] == saved["actions"][-1]["type"]
    assert replay.move(0) is None


@settings(max_examples=25)
@given(st.lists(st.floats(0, 1), min_size=1, max_size=6))
def test_any_order_of_jumps_gives_the_same_positions(saved, fractions) -> None:
    replay = HandReplay(saved)
    for fraction in fractions:
        step = round(fraction * replay.steps)
        fresh = HandReplay(saved).state_at(step)
        assert snapshot(replay.state_at(step)) == snapshot(fresh)
        assert replay.step == step


def test_a_replay_link_round_trips_and_stays_short(saved) -> None:
    text = encode_replay(saved)
    assert text.startswith("r1.") and len(text) < 6000
    assert all(c.isalnum() or c in "._-" for c in text)
    assert decode_replay(text) == saved
    assert save_hand(HandReplay(decode_replay(text)).state_at(10**6))["actions"] == saved["actions"]


@pytest.mark.parametrize("text", ["", "x", "r1.", "r1.!!!!", "r1." + "A" * 20000, 42,
                                  encode_replay({"kind": "hand", "format": 1}),
                                  encode_replay({"kind": "hand", "format": 1,
                                                 "config": {"rules": "cayro", "seed": 1},
                                                 "actions": [{"type": "win", "seat": 2}]})])
def test_a_bad_link_is_a_keyed_error(text) -> None:
    with pytest.raises(RecordError) as caught:
        decode_replay(text)
    assert caught.value.key in ("replay.bad_link", "record.corrupted", "record.not_a_hand")


def test_a_zip_bomb_is_refused() -> None:
    import base64
    import zlib
    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * (8 * 1024 * 1024), 9)).decode()
    with pytest.raises(RecordError) as caught:
        decode_replay("r1." + bomb.rstrip("="))
    assert caught.value.params["reason"] == "replay.too_long"
