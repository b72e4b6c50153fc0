"""The table's saved game (py/mahjong_ui/table/saves.py): versions, migration of every
earlier version, unreadable saves, the time-stamped slots (issue 15, items 1-2)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from mahjong_engine.game import Match, RecordError
from mahjong_ui.table import saves
from mahjong_ui.table.controller import TableController

V1 = Path(__file__).parent / "data" / "table_save_v1.json"   # written by the version-1 code


def v1() -> dict:
    return json.loads(V1.read_text(encoding="utf-8"))


def test_every_earlier_version_has_a_migration():
    assert set(saves.MIGRATIONS) == set(range(1, saves.SAVE_FORMAT))


def test_a_version_1_save_resumes_at_the_same_position():
    old = v1()
    assert old["format"] == 1 and "kind" not in old
    table = TableController.from_json(old)
    again = TableController("cayro", seed=4242)
    while len(again.state.log) < len(old["current"]):
        again.step()
    assert list(table.state.log) == list(again.state.log) == old["current"]
    assert table.awaiting() == "human"
    saved = table.to_json()
    assert (saved["format"], saved["kind"]) == (saves.SAVE_FORMAT, saves.KIND)


def test_migration_does_not_change_the_saved_dict():
    old = v1()
    copy = json.loads(json.dumps(old))
    saves.migrate(old)
    assert old == copy


def test_current_save_round_trips():
    table = TableController("macau_1988", seed=7)
    table.step()
    data = saves.parse(saves.dump(table.to_json()))
    assert data == table.to_json()
    assert TableController.from_json(data).to_json() == table.to_json()


@pytest.mark.parametrize("found", [True, False, "1", 1.0, 2.0, None, 0, -1, 3, [1], {"v": 1}])
def test_a_version_that_is_not_a_known_integer_is_unreadable(found):
    data = v1()
    data["format"] = found
    with pytest.raises(RecordError) as error:
        saves.migrate(data)
    assert error.value.key == "record.bad_version"
    with pytest.raises(RecordError):
        TableController.from_json(data)


@pytest.mark.parametrize("raw", ["[1,2,3]", "42", '"x"', "true", "null", "{not json", "", "[" * 5000])
def test_a_save_that_is_not_an_object_is_corrupted(raw):
    with pytest.raises(RecordError) as error:
        saves.parse(raw)
    assert error.value.key == "record.corrupted"


def test_engine_format_true_is_not_version_1():
    data = v1()
    data["engine_format"] = True
    with pytest.raises(RecordError):
        saves.migrate(data)
    match = Match("cayro", 1).to_json()
    match["format"] = True
    with pytest.raises(RecordError):
        Match.from_json(match)


def test_slot_names_carry_the_time_and_never_collide():
    now = datetime(2026, 11, 25, 19, 30, 1, 234567, tzinfo=UTC)
    first = saves.slot_key(saves.ASIDE_PREFIX, [], now)
    assert first == "mahjong.table.aside.2026-11-25T19:30:01.234Z"
    second = saves.slot_key(saves.ASIDE_PREFIX, [first], now)
    third = saves.slot_key(saves.ASIDE_PREFIX, [first, second], now)
    assert len({first, second, third}) == 3


def test_the_last_five_slots_are_kept():
    keys = [saves.slot_key(saves.ASIDE_PREFIX, [], datetime(2026, 1, d, tzinfo=UTC))
            for d in range(1, 9)] + ["mahjong.table.game", saves.KEPT_PREFIX + "2020-01-01T00:00:00.000Z"]
    drop = saves.slots_to_drop(saves.ASIDE_PREFIX, reversed(keys))
    assert drop == keys[:3]
    assert saves.slots_to_drop(saves.ASIDE_PREFIX, keys[:5]) == []


def test_same_match_is_the_rule_set_and_seed():
    one = TableController("cayro", seed=5)
    later = TableController("cayro", seed=5)
    later.step()
    other = TableController("cayro", seed=6)
    dump = saves.dump
    assert saves.same_match(dump(one.to_json()), dump(later.to_json()))
    assert not saves.same_match(dump(one.to_json()), dump(other.to_json()))
    assert not saves.same_match("[1]", "[1]") and not saves.same_match("{", "{")
