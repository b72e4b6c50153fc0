"""Two tabs on one kept match (issue 30): each write checks the stamp of the copy the tab
read; a stale write is refused and changes nothing, a reload takes the other tab's copy."""
from __future__ import annotations

import itertools
import json

import pytest

from mahjong_ui.keep.model import STORE_KEY, Match, start
from mahjong_ui.keep.store import KeptStore, StaleCopy, stamp_of
from mahjong_ui.storage import DictStorage, StorageError

PLAYERS = ["Ana", "Bia", "Caio", "Duda"]


def tabs(storage: DictStorage) -> tuple[KeptStore, KeptStore]:
    counter = itertools.count(1)
    token = lambda: format(next(counter), "x")   # noqa: E731 - a test's stamps, in order
    return KeptStore(storage, token=token), KeptStore(storage, token=token)


def match(hands: int) -> Match:
    m = start("macau_1988", PLAYERS, {})
    for _ in range(hands):
        m = m.with_hand({"draw": True})
    return m


def test_a_stale_write_is_refused_and_changes_nothing() -> None:
    storage = DictStorage()
    a, b = tabs(storage)
    a.load(), b.load()
    a.save(match(1).record())
    kept = storage.items[STORE_KEY]
    with pytest.raises(StaleCopy):
        b.save(match(2).record())
    assert storage.items[STORE_KEY] == kept
    with pytest.raises(StaleCopy):
        b.remove()
    assert storage.items[STORE_KEY] == kept
    text = b.load()                      # the reload: b now holds a's copy
    assert text is not None and len(Match.from_text(text).hands) == 1
    b.save(match(3).record())
    with pytest.raises(StaleCopy):
        a.save(match(4).record())
    assert len(Match.from_text(storage.items[STORE_KEY]).hands) == 3


def test_the_stored_copy_reads_as_a_match_and_exports_without_its_stamp() -> None:
    storage = DictStorage()
    a, _ = tabs(storage)
    a.load()
    text = a.save(match(2).record())
    assert stamp_of(text) == "1"
    m = Match.from_text(text)
    assert len(m.hands) == 2 and "stamp" not in json.loads(m.to_text())


def test_a_copy_from_before_stamps_is_read_and_written_over() -> None:
    storage = DictStorage({STORE_KEY: match(1).to_text()})
    a, b = tabs(storage)
    assert stamp_of(a.load()) == ""
    b.load()
    a.save(match(2).record())
    with pytest.raises(StaleCopy):
        b.save(match(2).record())


def test_a_match_deleted_and_begun_again_never_takes_an_old_stamp() -> None:
    storage = DictStorage()
    a, b = tabs(storage)
    a.load()
    a.save(match(1).record())
    b.load()                             # b holds stamp 1
    a.remove()
    a.save(match(0).record())            # a new match: stamp 2, not 1 again
    with pytest.raises(StaleCopy):
        b.save(match(5).record())


def test_a_refused_write_keeps_the_stamp_this_tab_holds() -> None:
    storage = DictStorage()
    a, _ = tabs(storage)
    a.load()
    a.save(match(1).record())
    storage.full = True
    with pytest.raises(StorageError):
        a.save(match(2).record())
    storage.full = False
    a.save(match(2).record())            # not stale: the stored copy was untouched
    assert len(Match.from_text(storage.items[STORE_KEY]).hands) == 2
