"""Issue 30, item 6: fuzzed replay links, saved table games and kept matches run through
the readers the page uses (``ReplayTable.of_link``, ``saves.parse`` +
``TableController.from_json``, ``keep.model.Match.from_text``), under CPython. Each gives
a working object or its record kind's typed error, never anything else; an object that
loads also draws and moves (a save accepted and then stuck was one of the failures).

Mutations start from real records (a hand played by the computer players, a table saved
mid-hand, a kept match of several hands) and put random JSON, deep nesting or wrong types
at random places. ``FUZZ_EXAMPLES`` keeps the run CI-friendly (a few seconds each)."""
from __future__ import annotations

import contextlib
import copy
import json
import os
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_engine.game import RecordError
from mahjong_engine.game.ledger import RecordFieldError
from mahjong_engine.game.replay import LINK_PREFIX, encode_replay
from mahjong_ui.keep.model import Match as KeptMatch
from mahjong_ui.table import saves
from mahjong_ui.table.controller import TableController
from mahjong_ui.table.replay import ReplayTable

from builders import CHOWS, PLAYERS, played_match

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))
REPLAY_REASONS = {"replay.not_a_replay", "replay.too_long", "replay.too_deep", "replay.damaged",
                  "replay.bad_fields", "replay.bad_moves", "replay.other_version"}

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-2 ** 70, 2 ** 70), st.floats(allow_nan=True),
    st.text(max_size=12), st.sampled_from(["E", "S", "W", "N", "X", "cayro", "macau_1988",
                                           "filipino", "serralheiro_2003", "5p", "1z", "",
                                           "50/100", "discard", "hand", "match"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=8)


def paths(value: Any) -> list[tuple]:
    """Every place in a JSON value (iteratively: the value may be large)."""
    out: list[tuple] = [()]
    stack: list[tuple[tuple, Any]] = [((), value)]
    while stack:
        path, node = stack.pop()
        items = (node.items() if isinstance(node, dict)
                 else enumerate(node) if isinstance(node, list) else ())
        for key, child in items:
            out.append((*path, key))
            stack.append(((*path, key), child))
    return out


@st.composite
def mutated(draw: st.DrawFn, original: Any) -> Any:
    """``original`` with one to three places replaced, removed or nested deep."""
    value = copy.deepcopy(original)
    for _ in range(draw(st.integers(1, 3))):
        places = paths(value)
        place = draw(st.sampled_from(places))
        how = draw(st.sampled_from(["replace", "replace", "remove", "deep", "wrap"]))
        if not place:
            value = draw(VALUES) if how == "replace" else [value]
            continue
        parent = value
        for key in place[:-1]:
            parent = parent[key]
        key = place[-1]
        if how == "remove":
            del parent[key]
        elif how == "deep":
            parent[key] = json.loads("[" * 40 + "1" + "]" * 40)
        elif how == "wrap":
            parent[key] = [parent[key]]
        else:
            parent[key] = draw(VALUES)
    return value


# ---------------------------------------------------------------- originals

@cache
def hand_record() -> dict:
    match = played_match("macau_1988", 3, 1)
    return json.loads(json.dumps(dict(match.hands[0], seating=[1, 0, 3, 2])))


@cache
def table_save() -> dict:
    table = TableController("cayro", seed=5, watch=True)
    for _ in range(12):
        table.step()
    return json.loads(json.dumps(table.to_json()))


@cache
def kept_record() -> dict:
    win = {"winner": 1, "win": "discard", "concealed": CHOWS, "win_tile": "5p", "melds": [],
           "discarder": 2}
    return {"rules": "serralheiro_2003", "players": PLAYERS, "options": {"limit": 3000},
            "hands": [win, {"draw": True}, dict(win, winner=0, win="self_drawn",
                                                discarder=None)]}


# ---------------------------------------------------------------- properties

def _open_link(text: str) -> None:
    try:
        table = ReplayTable.of_link(text)
    except RecordError as error:
        assert error.key == "replay.bad_link", error.key
        assert error.params["reason"] in REPLAY_REASONS, error.params
        return
    table.model()
    table.go(table.replay.steps)
    table.model()


@FUZZ
@given(st.data())
def test_fuzzed_replay_links(data):
    record = data.draw(mutated(hand_record()))
    _open_link(encode_replay(record) if isinstance(record, dict) else
               LINK_PREFIX + json.dumps(record))


@FUZZ
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.=",
               max_size=300))
def test_random_link_text(body):
    _open_link(LINK_PREFIX + body)
    _open_link(body)


def test_the_original_link_opens():
    table = ReplayTable.of_link(encode_replay(hand_record()))
    assert table.replay.steps == len(hand_record()["actions"]) > 0


@FUZZ
@given(st.data())
def test_fuzzed_saved_games(data):
    raw = saves.dump(data.draw(mutated(table_save())))
    try:
        table = TableController.from_json(saves.parse(raw))
    except RecordError as error:
        assert error.key.startswith("record."), error.key
        return
    table.model()
    for _ in range(3):      # loaded means playable: no error on the next moves
        if table.state.ended:
            break
        table.step()
    saves.parse(saves.dump(table.to_json()))


def test_the_original_save_loads():
    TableController.from_json(saves.parse(saves.dump(table_save())))


@FUZZ
@given(st.data())
def test_fuzzed_kept_matches(data):
    text = json.dumps(data.draw(mutated(kept_record())))
    try:
        match = KeptMatch.from_text(text)
    except RecordFieldError as error:
        assert error.key == "match.bad_record"
        return
    match.ledger().to_json()
    KeptMatch.from_text(match.to_text())


@FUZZ
@given(st.text(max_size=200))
def test_random_text_as_kept_match_or_save(text):
    with contextlib.suppress(RecordFieldError):
        KeptMatch.from_text(text)
    with contextlib.suppress(RecordError):
        TableController.from_json(saves.parse(text))


def test_the_original_kept_match_settles():
    assert KeptMatch.from_text(json.dumps(kept_record())).ledger().to_json()["hands"]


