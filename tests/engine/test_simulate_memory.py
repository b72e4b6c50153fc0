"""Issue 15, item 12: ``simulate`` folds its digest hand by hand (constant memory) and
gives the same digest as before for the same seeds (values pinned before the change). A
change to what a hand's record holds (a score's items or readings) changes them: re-pin
then, saying why."""
from __future__ import annotations

import pytest

from mahjong_engine.game import simulate as sim
from mahjong_engine.game.record import digest

PINNED = {
    "macau_1988": "ecbfe3885f7531096637ecb073c90cb3e14407f82e3a5ab039517dabe06b1530",
    "filipino": "3f392c9b93cacaf9b2f576d4f6cb4b1174d8ee2849280244f5adf7e704e74dba",
    "serralheiro_2003": "8215198428b115f380e3ece1663ddef2853c77a083dd8976148b496369b24bb2",
    # Re-pinned when hidden kongs began listing the reading cayro.kong_exposure (issue 15,
    # item 17): with the rule module before that change the folded digest is still
    # 7b5371ca658613d2bd22e573778531a709a2265aac1673aee346c1d8e2201b01.
    "cayro": "1db630be8f7135b08235d4ac8fa0e912682cc86f61d3fd3fd851ad2ac2189447",
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
