"""The table's saved games (py/mahjong_ui/table/store.py) against a dict storage: "nothing is
lost" under CPython. Every storage case tests/browser/test_table_saves.py drives through
Chromium (a save that is not a table, two bad saves in turn, a version-1 save, a full storage,
a bad save while full, a link that keeps the match), and the cases a browser cannot reach
cheaply (a parked slot holding another match, an unreadable or mislabelled parked match,
a refused storage, a bug while replaying a save, a storage that fills half-way, old slots)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from mahjong_ui.storage import DictStorage, StorageError
from mahjong_ui.table import saves
from mahjong_ui.table.controller import TableController
from mahjong_ui.table.params import parse
from mahjong_ui.table.store import SETTINGS_KEY, TableSettings, TableStore

V1 = Path(__file__).parent / "data" / "table_save_v1.json"
GAME, ASIDE, KEPT, PARKED = saves.GAME_KEY, saves.ASIDE_PREFIX, saves.KEPT_PREFIX, saves.PARKED_KEY


def settle(c: TableController) -> TableController:
    """Computer moves until the human is to move (or the hand ends)."""
    while c.awaiting() == "computer":
        c.step()
    return c


def human_move(c: TableController) -> TableController:
    """One move of the human's, then the computers' up to the next decision."""
    settle(c)
    m = c.model()
    kinds = [a["kind"] for a in m["actions"]]
    tiles = m["hand"] + ([m["drawn"]] if m["drawn"] else [])
    if "win" in kinds:
        c.act(m["actions"][kinds.index("win")]["json"])
    elif "exchange" in kinds:
        c.act({"type": "exchange", "tiles": tiles[0] + tiles[1]})
    elif m["discardable"]:
        c.act({"type": "discard", "tile": m["drawn"] or m["hand"][-1]})
    elif "pass" in kinds:
        c.act(m["actions"][kinds.index("pass")]["json"])
    return settle(c)


def game(rules: str = "cayro", seed: int = 11, moves: int = 1) -> TableController:
    c = settle(TableController(rules, seed=seed))
    for _ in range(moves):
        human_move(c)
    return c


def raw_of(c: TableController) -> str:
    return saves.dump(c.to_json())


def seeds(storage: DictStorage, prefix: str) -> list[int]:
    return [json.loads(v)["seed"] for v in storage.with_prefix(prefix).values()]


def link(query: str):
    return parse(query)


def new_match(store: TableStore, rules: str, seed: int | None = None) -> TableController:
    """What the page does when ``restore``/``switch`` find nothing: a new match, saved."""
    c = settle(TableController(rules, seed=seed))
    store.save(c)
    return c


# ---------------------------------------------------------------- 1. not a table, with a link
@pytest.mark.parametrize("raw", ["[1,2,3]", "42", '"x"', "true", "{not json", "", "[" * 5000])
@pytest.mark.parametrize("query", ["rules=cayro&seed=4242", "watch=1", ""])
def test_a_save_that_is_not_a_table_is_set_aside_and_a_new_match_saved(raw, query):
    storage = DictStorage({GAME: raw})
    store = TableStore(storage)
    assert store.restore("cayro", link(query)) is None
    if raw:    # an empty text is no save at all
        assert store.take_message() == ("table.set_aside", {"reason": "record.corrupted"})
        assert list(storage.with_prefix(ASIDE).values()) == [] and store.pending  # not yet: copy first
    c = new_match(store, "cayro", 4242)
    assert list(storage.with_prefix(ASIDE).values()) == ([raw] if raw else [])
    assert json.loads(storage.items[GAME])["format"] == saves.SAVE_FORMAT
    assert json.loads(storage.items[GAME])["seed"] == c.seed == 4242
    if raw:    # the copy aside was written before the game replaced it
        assert storage.writes.index(next(iter(storage.with_prefix(ASIDE)))) < storage.writes.index(GAME)


# ---------------------------------------------------------------- 2. versions and slots
def test_a_second_bad_save_never_overwrites_the_first():
    first = json.loads(V1.read_text(encoding="utf-8"))
    first["format"] = True                  # not version 1: unreadable, set aside
    first_raw = json.dumps(first)
    storage = DictStorage({GAME: first_raw})
    store = TableStore(storage)
    assert store.restore("cayro") is None
    assert store.take_message() == ("table.set_aside", {"reason": "record.bad_version"})
    new_match(store, "cayro")
    storage.items[GAME] = "[1,2,3]"         # the next visit finds another bad save
    again = TableStore(storage)
    assert again.restore("cayro") is None
    new_match(again, "cayro")
    slots = storage.with_prefix(ASIDE)
    assert list(slots.values()) == [first_raw, "[1,2,3]"]
    times = [key.removeprefix(ASIDE) for key in slots]
    assert all(len(x) >= 24 and x[4] == "-" and x[10] == "T" for x in times), times


def test_a_version_1_save_resumes_and_is_saved_in_the_current_format():
    old = V1.read_text(encoding="utf-8")
    storage = DictStorage({GAME: old})
    store = TableStore(storage)
    c = store.restore("cayro", link("rules=cayro"))
    assert c is not None and c.seed == json.loads(old)["seed"]
    assert store.take_message() == ("table.resumed", {})
    assert storage.items[GAME] == old       # resuming writes nothing
    human_move(c)
    assert store.save(c)
    saved = json.loads(storage.items[GAME])
    assert (saved["format"], saved["kind"], saved["seed"]) == (2, "mahjong.table", 4242)
    assert storage.with_prefix(ASIDE) == {}


# ---------------------------------------------------------------- 3. a full storage
def test_full_storage_is_told_and_overwrites_nothing():
    storage = DictStorage()
    store = TableStore(storage)
    macau = store.restore("macau_1988") or new_match(store, "macau_1988")
    human_move(macau)
    store.save(macau)
    filipino = store.switch(macau, "filipino") or new_match(store, "filipino")   # Macau parked
    human_move(filipino)
    store.save(filipino)
    macau = store.switch(filipino, "macau_1988")
    assert macau is not None and store.take_message() == ("table.resumed", {})
    filipino_parked = storage.items[PARKED + "filipino"]
    before = storage.items[GAME]
    assert PARKED + "macau_1988" not in storage.items

    storage.full = True
    human_move(macau)
    assert not store.save(macau) and store.failed
    assert storage.items[GAME] == before
    # rule sets switched while full: the parked Filipino match resumes and stays parked, the
    # Macau match stays saved as it was (nothing is written over either)
    filipino = store.switch(macau, "filipino")
    assert filipino is not None and json.loads(filipino_parked)["seed"] == filipino.seed
    assert store.failed
    assert storage.items[GAME] == before
    assert storage.items[PARKED + "filipino"] == filipino_parked
    assert PARKED + "macau_1988" not in storage.items
    macau_again = store.switch(filipino, "macau_1988")      # from the pending copy, at its position
    assert macau_again is not None and macau_again.to_json() == macau.to_json()
    # room again: the next save stores both matches as they are now
    storage.full = False
    human_move(macau_again)
    assert store.save(macau_again) and not store.failed
    saved = json.loads(storage.items[GAME])
    assert (saved["seed"], saved["rules"]) == (macau.seed, "macau_1988")
    assert len(saved["current"]) > len(json.loads(before)["current"])
    assert json.loads(storage.items[PARKED + "filipino"])["seed"] == filipino.seed
    assert PARKED + "macau_1988" not in storage.items


def test_a_bad_save_is_kept_while_the_storage_is_full():
    storage = DictStorage({GAME: "42"})
    storage.full = True
    store = TableStore(storage)
    assert store.restore("cayro") is None
    c = settle(TableController("cayro"))
    assert not store.save(c) and store.failed
    human_move(c)
    assert not store.save(c)
    assert storage.items == {GAME: "42"}
    storage.full = False
    human_move(c)
    assert store.save(c) and not store.failed
    assert list(storage.with_prefix(ASIDE).values()) == ["42"]
    assert json.loads(storage.items[GAME])["rules"] == "cayro"


def test_a_storage_that_fills_half_way_keeps_the_copies_in_order():
    """Two copies pending; room for the first only: the game is not written over, the second
    copy waits, and the next save writes it and then the game."""
    storage = DictStorage({GAME: "[1]"})
    store = TableStore(storage)
    store.restore("cayro", link("rules=cayro&seed=5"))   # "[1]" set aside
    c = game(seed=5, moves=0)
    store.keep(raw_of(game(seed=6, moves=0)))            # and a kept copy
    real_set, calls = storage.set, []

    def set_once(key: str, value: str) -> None:
        calls.append(key)
        if len(calls) > 1:
            raise StorageError("full")
        real_set(key, value)

    storage.set = set_once      # type: ignore[method-assign]
    assert not store.save(c)
    assert storage.items[GAME] == "[1]" and len(store.pending) == 1
    storage.set = real_set      # type: ignore[method-assign]
    assert store.save(c)
    assert list(storage.with_prefix(ASIDE).values()) == ["[1]"]
    assert seeds(storage, KEPT) == [6]
    assert json.loads(storage.items[GAME])["seed"] == 5


def test_a_blocked_storage_plays_without_saving():
    storage = DictStorage({GAME: raw_of(game(seed=3))})
    storage.blocked = True
    store = TableStore(storage)
    assert store.restore("cayro") is None and store.take_message() is None
    c = game(seed=4)
    assert not store.save(c) and store.failed
    assert store.load_settings() == TableSettings()
    assert not store.save_settings(TableSettings(speed="fast"))
    storage.blocked = False
    assert json.loads(storage.items[GAME])["seed"] == 3     # untouched


# ---------------------------------------------------------------- 4. a link that starts a match
def test_a_link_keeps_the_match_in_progress_and_both_can_be_resumed():
    storage = DictStorage()
    store = TableStore(storage)
    first = new_match(store, "cayro", 99)
    human_move(first)
    store.save(first)
    # the address changes to another seed (on_hash): the match in progress is kept
    store.keep(raw_of(first))
    second = new_match(store, "cayro", 4242)
    assert store.take_message() == ("table.link_kept", {})
    assert seeds(storage, KEPT) == [99]
    # a new page load of another seed keeps the 4242 match too
    reload = TableStore(storage)
    assert reload.restore("cayro", link("rules=cayro&seed=777")) is None
    assert reload.take_message() == ("table.link_kept", {})
    third = new_match(reload, "cayro", 777)
    assert sorted(seeds(storage, KEPT)) == [99, 4242]
    back = reload.resume_kept(third)
    assert back is not None and back.seed == second.seed
    assert reload.take_message() == ("table.resumed", {})
    again = reload.resume_kept(back)
    assert again is not None and again.seed == 777
    assert 99 in seeds(storage, KEPT)           # the first match is still there, at its position
    kept_first = next(json.loads(v) for v in storage.with_prefix(KEPT).values()
                      if json.loads(v)["seed"] == 99)
    assert kept_first == first.to_json()


def test_a_reload_of_the_same_link_resumes_the_game():
    storage = DictStorage()
    store = TableStore(storage)
    c = new_match(store, "cayro", 4242)
    human_move(c)
    store.save(c)
    again = TableStore(storage).restore("cayro", link("rules=cayro&seed=4242"))
    assert again is not None and again.to_json() == c.to_json()
    assert storage.with_prefix(KEPT) == {}


def test_a_link_with_a_seed_does_not_resume_the_parked_match():
    storage = DictStorage({PARKED + "cayro": raw_of(game(seed=8))})
    store = TableStore(storage)
    assert store.restore("cayro", link("seed=9")) is None
    assert store.restore("cayro") is not None      # without the seed it resumes


def test_resume_kept_of_an_unreadable_or_foreign_slot_changes_nothing():
    storage = DictStorage({KEPT + "2026-01-01T00:00:00.000Z": "{broken",
                           KEPT + "2026-01-02T00:00:00.000Z": raw_of(game("filipino", seed=2))})
    store = TableStore(storage)
    c = new_match(store, "cayro", 1)
    store.kept_key = KEPT + "2026-01-02T00:00:00.000Z"
    assert store.resume_kept(c) is None and store.kept_key is None     # another rule set
    store.kept_key = KEPT + "2026-01-01T00:00:00.000Z"
    assert store.resume_kept(c) is None and store.kept_key is None
    assert store.take_message() == ("table.set_aside", {"reason": "record.corrupted"})
    store.save(c)
    assert list(storage.with_prefix(ASIDE).values()) == ["{broken"]
    assert storage.items[KEPT + "2026-01-01T00:00:00.000Z"] == "{broken"   # the original stays
    assert store.resume_kept(c) is None                                     # nothing kept


def test_going_back_and_forth_while_full_in_one_millisecond_loses_nothing(monkeypatch):
    """A slot resumed while the storage is full is removed once room comes: a copy made in
    the same millisecond must not take its name (found by test_no_match_is_ever_lost)."""
    monkeypatch.setattr(saves, "stamp", lambda now=None: "2026-01-01T00:00:00.000Z")
    storage = DictStorage()
    store = TableStore(storage)
    a = new_match(store, "cayro", 1000)
    storage.full = True
    store.keep(raw_of(a))
    b = settle(TableController("cayro", seed=1001))
    a = store.resume_kept(b)
    assert a is not None and a.seed == 1000
    store.keep(raw_of(a))
    c = settle(TableController("cayro", seed=1002))
    storage.full = False
    assert store.save(c)
    assert sorted(seeds(storage, KEPT)) == [1000, 1001]


# ---------------------------------------------------------------- 5. parked matches
def test_a_parked_slot_holding_another_match_is_kept_before_it_is_written_over():
    other = raw_of(game(seed=21))
    storage = DictStorage({PARKED + "cayro": other})
    store = TableStore(storage)
    c = game(seed=22)
    store.park("cayro", raw_of(c))
    store.save(game("filipino", seed=23))
    assert json.loads(storage.items[PARKED + "cayro"])["seed"] == 22
    assert list(storage.with_prefix(KEPT).values()) == [other]


def test_the_same_match_parked_again_is_replaced_not_copied():
    c = game(seed=31)
    storage = DictStorage({PARKED + "cayro": raw_of(c)})
    store = TableStore(storage)
    human_move(c)
    store.park("cayro", raw_of(c))
    store.save(game("filipino", seed=32))
    assert storage.items[PARKED + "cayro"] == raw_of(c) and storage.with_prefix(KEPT) == {}


@pytest.mark.parametrize("parked", ["{broken", "filipino"])
def test_an_unreadable_or_mislabelled_parked_match_is_set_aside(parked):
    raw = parked if parked == "{broken" else raw_of(game("filipino", seed=41))
    storage = DictStorage({PARKED + "cayro": raw})
    store = TableStore(storage)
    assert store.restore("cayro") is None
    assert store.take_message() == ("table.set_aside", {"reason": "record.corrupted"})
    assert storage.items[PARKED + "cayro"] == raw        # until its copy is written
    new_match(store, "cayro")
    assert list(storage.with_prefix(ASIDE).values()) == [raw]
    assert PARKED + "cayro" not in storage.items


def test_a_saved_game_of_another_rule_set_is_parked_and_the_parked_one_resumes():
    filipino, cayro = game("filipino", seed=51), game("cayro", seed=52)
    storage = DictStorage({GAME: raw_of(filipino), PARKED + "cayro": raw_of(cayro)})
    store = TableStore(storage)
    resumed = store.restore("cayro")
    assert resumed is not None and resumed.to_json() == cayro.to_json()
    assert json.loads(storage.items[GAME])["seed"] == 52                 # saved as the game
    assert json.loads(storage.items[PARKED + "filipino"])["seed"] == 51
    assert PARKED + "cayro" not in storage.items


def test_switching_back_and_forth_loses_no_match():
    storage = DictStorage()
    store = TableStore(storage)
    a = new_match(store, "cayro", 61)
    b = store.switch(a, "macau_1988") or new_match(store, "macau_1988", 62)
    human_move(b)
    store.save(b)
    a2 = store.switch(b, "cayro")
    b2 = store.switch(a2, "macau_1988")
    assert a2 is not None and b2 is not None
    assert (a2.to_json(), b2.to_json()) == (a.to_json(), b.to_json())


# ---------------------------------------------------------------- 6. a bug, old slots, settings
def test_a_bug_while_replaying_a_save_sets_it_aside(monkeypatch, capsys):
    raw = raw_of(game(seed=71))

    def broken(data):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(TableController, "from_json", staticmethod(broken))
    storage = DictStorage({GAME: raw})
    store = TableStore(storage)
    assert store.restore("cayro") is None
    assert store.take_message() == ("table.set_aside", {"reason": "record.corrupted"})
    assert "ZeroDivisionError" in capsys.readouterr().err        # logged
    monkeypatch.undo()
    new_match(store, "cayro")
    assert list(storage.with_prefix(ASIDE).values()) == [raw]


def test_only_the_last_slots_of_each_kind_are_kept():
    untouched = {i: raw_of(game(seed=i, moves=0)) for i in range(1, 8)}   # no move of his
    old = {f"{ASIDE}2026-01-0{i}T00:00:00.000Z": f"[{i}]" for i in range(1, 8)}
    old.update({f"{KEPT}2026-01-0{i}T00:00:00.000Z": untouched[i] for i in range(1, 8)})
    storage = DictStorage(old)
    store = TableStore(storage)
    store.save(game(seed=81, moves=0))
    assert list(storage.with_prefix(ASIDE).values()) == [f"[{i}]" for i in range(3, 8)]
    assert list(storage.with_prefix(KEPT).values()) == [untouched[i] for i in range(3, 8)]


def test_six_links_in_a_row_never_drop_the_game_in_progress():
    """Issue 30: the match the player was playing, kept by the first of six links, stays;
    the link matches nobody played rotate out (the last five kept)."""
    storage = DictStorage()
    store = TableStore(storage)
    playing = new_match(store, "cayro", 99)
    human_move(playing)
    store.save(playing)
    current = playing
    for seed in range(1000, 1007):          # seven links, each followed in the open page
        store.keep(raw_of(current))
        current = new_match(store, "cayro", seed)
    assert sorted(seeds(storage, KEPT)) == [99, 1002, 1003, 1004, 1005]
    kept_first = next(v for v in storage.with_prefix(KEPT).values() if json.loads(v)["seed"] == 99)
    assert json.loads(kept_first) == playing.to_json()


def test_a_kept_match_the_player_played_is_never_dropped():
    storage = DictStorage()
    store = TableStore(storage)
    played = []
    for seed in range(200, 207):            # seven matches played, each left for a link
        c = new_match(store, "cayro", seed)
        human_move(c)
        store.save(c)
        store.keep(raw_of(c))
        played.append(seed)
    store.save(new_match(store, "cayro", 300))
    assert sorted(seeds(storage, KEPT)) == played
    assert saves.played("{broken") and not saves.played(raw_of(game(seed=5, moves=0)))


def test_new_slots_never_take_a_pending_name():
    store = TableStore(DictStorage())
    keys = {store.copy(ASIDE, str(i)) for i in range(20)}
    assert len(keys) == 20


@pytest.mark.parametrize("raw, expected", [
    (None, TableSettings()),
    ("{not json", TableSettings()),
    ("[1]", TableSettings()),
    ('{"speed": "warp", "level": 3, "watch": 1, "learning": "yes"}', TableSettings()),
    ('{"speed": "fast", "level": "strong", "watch": true, "learning": true, "show_waits": true}',
     TableSettings("fast", True, "strong", True, True)),
])
def test_settings_read_what_they_can(raw, expected):
    storage = DictStorage({} if raw is None else {SETTINGS_KEY: raw})
    assert TableStore(storage).load_settings() == expected


def test_settings_round_trip():
    storage = DictStorage()
    chosen = TableSettings("instant", False, "easy", True, True)
    assert TableStore(storage).save_settings(chosen)
    assert TableStore(storage).load_settings() == chosen


# ---------------------------------------------------------------- 7. the invariant
OPS = st.lists(st.sampled_from(["move", "switch", "link", "resume_kept", "full", "room", "reload"]),
               max_size=14)


@settings(max_examples=60)
@given(OPS)
def test_no_match_is_ever_lost(ops):
    """Whatever the player does (moves, rule sets switched, links, going back to a kept match,
    a storage that fills and empties, reloads), every match ever started is, once a save
    succeeds, in storage at its latest saved position."""
    storage = DictStorage()
    store = TableStore(storage)
    rules = ["cayro", "macau_1988"]
    seed = iter(range(1000, 2000))
    current = store.restore(rules[0]) or new_match(store, rules[0], next(seed))
    latest: dict[int, dict] = {}

    def saved(c: TableController) -> None:
        if store.save(c):
            latest[c.seed] = c.to_json()

    for op in ops:
        if op == "move" and current.awaiting() != "ended":
            human_move(current)
        elif op == "switch":
            rules.reverse()
            current = store.switch(current, rules[0]) or settle(
                TableController(rules[0], seed=next(seed)))
        elif op == "link":
            store.keep(raw_of(current))
            current = settle(TableController(rules[0], seed=next(seed)))
        elif op == "resume_kept":
            current = store.resume_kept(current) or current
        elif op == "full":
            storage.full = True
        elif op == "room":
            storage.full = False
        elif op == "reload":
            if storage.full:
                continue          # a reload forgets what is pending: only once a save succeeds
            store = TableStore(storage)
            current = store.restore(rules[0]) or settle(TableController(rules[0], seed=next(seed)))
        saved(current)
    storage.full = False
    saved(current)
    everything = [json.loads(v) for k, v in storage.items.items()
                  if k == GAME or k.startswith((PARKED, KEPT))]
    kept = len(storage.with_prefix(KEPT))
    for number, data in latest.items():
        found = [d for d in everything if d["seed"] == number]
        # a kept copy may have been trimmed (the last KEEP are kept)
        assert found or kept == saves.KEEP, (number, ops)
        if found:     # at its latest saved position, or later (a copy written once room came)
            assert max(len(d["current"]) for d in found) >= len(data["current"]), (number, ops)


@settings(max_examples=60)
@given(st.one_of(st.text(max_size=200),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                              lambda inner: st.lists(inner, max_size=4)
                              | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                              max_leaves=20).map(json.dumps)))
def test_any_saved_text_is_resumed_or_set_aside_never_lost(raw):
    """Whatever the game key holds, the page opens a match and the text is kept."""
    storage = DictStorage({GAME: raw})
    store = TableStore(storage)
    resumed = store.restore("cayro")
    if resumed is not None:           # (a random text is never a table save)
        assert storage.items[GAME] == raw
        return
    assert new_match(store, "cayro", 5).rules_key == "cayro"
    assert list(storage.with_prefix(saves.ASIDE_PREFIX).values()) == ([raw] if raw else [])
