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
