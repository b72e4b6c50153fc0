"""Issue 15, item 12: ``simulate`` folds its digest hand by hand (constant memory) and
gives the same digest as before for the same seeds (values pinned before the change). A
change to what a hand's record holds (a score's items or readings) changes them: re-pin
then, saying why."""
from __future__ import annotations

import json

import pytest

from mahjong_engine.game import simulate as sim
from mahjong_engine.game.record import digest

# Pinned with the list digest before the change (macau ecbfe388…, filipino 3f392c9b…,
# serralheiro 82151984…, cayro 7b5371ca…, all equal to the folded digest), then re-pinned
# when the records changed: hidden Cayro kongs list cayro.kong_exposure (issue 15, item
# 17) and results carry steps and transfers (main, issue 15 "result"); the folded digest
# was checked equal to ``record.digest`` of the whole list at each re-pin.
PINNED = {
    "macau_1988": "da16473adb1cfbc79d4f8fae504ce425162e5bb2ceda2d3deb6cdb7a1bc223ca",
    "filipino": "e8b1b9fe4447c037bcfe26454eccea6208c085878803446f0df32616f0dde206",
    "serralheiro_2003": "ea89379171d07c63a961a7f3cef11d37f1e9d0b4e23806f2ee3a6d27346bef0a",
    "cayro": "ed59046cc2df80586936decfccecf8c3d80fa4bd8461d2a5614f16284f0f992c",
}


@pytest.mark.parametrize("rules", sorted(PINNED))
def test_same_digest_as_before(rules):
    out = sim.simulate(rules, 20, 7, check_every_step=False)
    assert out["errors"] == []
    assert out["digest"] == PINNED[rules]


def test_folded_digest_is_the_digest_of_the_whole_list():
    records = [{"a": 1}, {"unfinished": ["x", "ü"]}, {"b": [1, 2]}]
    folder = sim.DigestFolder()
    for record in records:
        folder.add(record)
    assert folder.hexdigest() == digest(records)
    assert sim.DigestFolder().hexdigest() == digest([])


def test_simulate_folds_the_same_digest_as_the_list(monkeypatch):
    """The folded digest of a real run equals ``record.digest`` of every record kept."""
    kept = []

    class Keeping(sim.DigestFolder):
        def add(self, record):
            super().add(record)
            kept.append(json.loads(json.dumps(record)))

    monkeypatch.setattr(sim, "DigestFolder", Keeping)
    out = sim.simulate("macau_1988", 6, 3, check_every_step=False)
    assert out["digest"] == digest(kept)


def test_shape_caches_are_bounded(monkeypatch):
    """Issue 30: the suit-shape caches of ``analysis`` and the not-complete cache of
    ``moves`` grew without bound (about 5 KB a hand over 2,000 simulated games); full,
    each drops its older half and keeps answering the same."""
    import random

    from mahjong_engine import analysis
    from mahjong_engine.game import moves

    monkeypatch.setattr(analysis, "SHAPE_CACHE_MAX", 64)
    monkeypatch.setattr(moves, "_COMPLETE_CACHE_MAX", 64)
    monkeypatch.setattr(moves, "_COMPLETE_CACHE", {})
    saved = [dict(c) for c in (analysis._suit_cache, analysis._suffix_memo,
                               analysis._honour_cache)]
    try:
        for c in (analysis._suit_cache, analysis._suffix_memo, analysis._honour_cache):
            c.clear()
        rng = random.Random(30)
        hands = []
        for _ in range(400):
            counts = [0] * 34
            for tile in rng.sample([t for t in range(34) for _ in range(4)], 14):
                counts[tile] += 1
            hands.append(counts)
        first = [analysis.shanten_regular(c, 4) for c in hands]
        for cache in (analysis._suit_cache, analysis._suffix_memo, analysis._honour_cache):
            assert len(cache) <= 64
        assert [analysis.shanten_regular(c, 4) for c in hands] == first
        out = sim.simulate("cayro", 3, 5, check_every_step=False)
        assert out["errors"] == []
        assert all(len(c) <= 64 for c in moves._COMPLETE_CACHE.values())
    finally:
        for cache, contents in zip((analysis._suit_cache, analysis._suffix_memo,
                                    analysis._honour_cache), saved, strict=True):
            cache.clear()
            cache.update(contents)
