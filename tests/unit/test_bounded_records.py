"""Issue 30, item 1: every record the page reads (a replay link or file, a saved or parked
table game) goes through the command line's bounded reader (``mahjong_engine.bounded``)
and a typed check of its fields before Python walks it: deep JSON never reaches the parser
(under Pyodide it overflowed the browser's stack), a field of the wrong type is a typed
refusal naming its cause, never "Internal engine error." nor a game that loads and then
sticks."""
from __future__ import annotations

import base64
import json
import zlib

import pytest

from mahjong_engine import bounded
from mahjong_engine.cli_io import load_json
from mahjong_engine.errors import EngineError
from mahjong_engine.game import GameConfig, GameState, RecordError, save_hand
from mahjong_engine.game.replay import LINK_PREFIX, decode_replay, encode_replay
from mahjong_ui.table import saves
from mahjong_ui.table.controller import TableController
from mahjong_ui.table.replay import ReplayTable

DEEP = "[" * 100_000 + "]" * 100_000


def packed(raw: str) -> str:
    """Any text as a link's body, as ``encode_replay`` packs a record."""
    body = base64.urlsafe_b64encode(zlib.compress(raw.encode("utf-8"), 9)).decode("ascii")
    return LINK_PREFIX + body.rstrip("=")


def hand_record() -> dict:
    state = GameState(GameConfig("macau_1988", seed=3))
    return json.loads(json.dumps(save_hand(state)))


def refusal(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        ReplayTable.of_link(text)
    assert caught.value.key == "replay.bad_link"
    return caught.value


# ---------------------------------------------------------------- the shared reader

def test_the_command_line_and_the_page_share_one_reader():
    import io

    with pytest.raises(bounded.InputError) as from_cli:
        load_json(io.BytesIO(b"[" * 40))
    with pytest.raises(bounded.InputError) as from_page:
        bounded.read_json("[" * 40)
    assert from_cli.value.key == from_page.value.key == "input.too_deep"
    assert bounded.read_json(json.dumps({"a": "[" * 42})) == {"a": "[" * 42}


@pytest.mark.parametrize("text, key", [(None, "input.bad_json"), ("x" * 11, "input.too_large"),
                                       ("{", "input.bad_json"), (DEEP, "input.too_deep")])
def test_reader_refusals_are_typed(text, key):
    with pytest.raises(bounded.InputError) as caught:
        bounded.read_json(text, max_chars=10 if key == "input.too_large" else bounded.MAX_CHARS)
    assert isinstance(caught.value, EngineError) and caught.value.key == key


# ---------------------------------------------------------------- replay links and files

def test_a_short_link_to_deep_json_is_refused_before_parsing():
    """The probe's 294-character link: compressed deeply nested JSON."""
    link = packed("[" * 200_000)
    assert len(link) < 300
    assert refusal(link).params["reason"] == "replay.too_deep"
    nested = packed('{"kind": "hand", "format": 1, "config": ' + "[" * 5000 + "]" * 5000 + "}")
    assert refusal(nested).params["reason"] == "replay.too_deep"


@pytest.mark.parametrize("change", [
    {"config.seed": [1]}, {"config.seed": 1.5}, {"config.seed": True},
    {"config.round_wind": "X"}, {"config.round_wind": ["E"]}, {"config.rules": ["macau_1988"]},
    {"config.rules": "nope"}, {"config.stake": [1]}, {"config.stake": "a/b"},
    {"config.capital": "x"}, {"config.capital": 0}, {"config.exchanges": "yes"},
    {"config.hand_number": -1}, {"config.stacked": 5}, {"config": None}, {"actions": {}},
    {"seating": ["a", 1, 2, 3]}, {"seating": [0.0, 1, 2, 3]}, {"seating": [0, 1, 2]},
    {"seating": 7}, {"kind": "match"},
])
def test_a_link_with_wrong_types_is_a_bad_link(change):
    record = hand_record()
    for path, value in change.items():
        target = record
        *parents, last = path.split(".")
        for name in parents:
            target = target[name]
        target[last] = value
    assert refusal(encode_replay(record)).params["reason"] == "replay.bad_fields"


def test_other_version_and_bad_moves_name_their_cause():
    record = dict(hand_record(), format=2)
    assert refusal(encode_replay(record)).params["reason"] == "replay.other_version"
    record = dict(hand_record(), actions=[{"type": "discard", "seat": 2, "tile": "1m"}])
    assert refusal(encode_replay(record)).params["reason"] == "replay.bad_moves"


def test_a_bad_link_is_never_told_as_a_damaged_save():
    for text in (packed("[" * 5000), packed("{}"), packed("[1]"), "r1.!!!", "nope"):
        error = refusal(text)
        assert error.params["reason"].startswith("replay.")


def test_a_good_link_still_opens():
    record = hand_record()
    table = ReplayTable.of_link(encode_replay(dict(record, seating=[2, 0, 1, 3])))
    assert table.hand_players == [2, 0, 1, 3]
    assert decode_replay(encode_replay(record))["config"]["seed"] == 3


# ---------------------------------------------------------------- saved and parked games

def saved() -> dict:
    table = TableController("cayro", seed=11)
    table.step()
    return table.to_json()


def read_save(raw: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        TableController.from_json(saves.parse(raw))
    return caught.value


def test_a_deeply_nested_save_is_refused_before_parsing():
    data = saved()
    raw = saves.dump(data).replace('"decisions":[]', '"decisions":' + DEEP)
    error = read_save(raw)
    assert (error.key, error.params["reason"]) == ("record.corrupted", "input.too_deep")
    assert saves.same_match(raw, raw) is False


@pytest.mark.parametrize("path, value", [
    ("match.seed", "x"), ("match.seed", [1]), ("match.seed", 2.5), ("seed", "12"),
    ("seed", 1.0), ("match.rules", 5), ("match.stake", {}), ("match.capital", -1),
    ("match.exchanges", 1), ("match.hands", {}), ("rules", ["cayro"]),
])
def test_a_save_with_a_field_of_the_wrong_type_is_refused_at_load(path, value):
    """Before: a match seed of "x" loaded (random.Random takes any text) and then stuck,
    the error repeated every second."""
    data = dict(saved(), current=[])     # at the deal: nothing to replay, nothing to catch it
    target = data
    *parents, last = path.split(".")
    for name in parents:
        target = target[name]
    target[last] = value
    error = read_save(saves.dump(data))
    assert error.key == "record.corrupted"


def test_a_booked_save_with_float_seats_is_refused():
    table = TableController("cayro", seed=11, watch=True)
    while not table.state.ended:
        table.step()
    data = table.to_json()
    assert data["booked"] is True
    TableController.from_json(saves.parse(saves.dump(data)))
    data["seating"] = [float(p) for p in data["seating"]]
    assert read_save(saves.dump(data)).key == "record.corrupted"
