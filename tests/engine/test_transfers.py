"""Steps and transfers (issue 12): the arithmetic a result shows ends on its total, and the
payments listed one by one add up to the net payments, for any hand values."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_engine.rules import get_rule_set
from mahjong_engine.rules.cayro import transfers as cayro_transfers
from mahjong_engine.rules.serralheiro_2003 import SerralheiroOptions, transfers_differences
from mahjong_engine.scoring import net_of

SEATS = ("E", "S", "W", "N")
values = st.fixed_dictionaries({s: st.integers(0, 3000) for s in SEATS})


@settings(deadline=None, max_examples=200)
@given(values, st.sampled_from(SEATS))
def test_serralheiro_transfers(vals, winner):
    # §10 v-vi: every loser pays the winner once; each two losers whose values differ settle
    # once; East's payments are double (§9 c ii), each capped by the limits (§10 iv).
    moved = transfers_differences(vals, winner)
    options = SerralheiroOptions()
    assert sum(net_of(moved).values()) == 0
    assert all(t.amount > 0 for t in moved) or vals[winner] == 0
    wins = [t for t in moved if t.params["kind"] == "win"]
    assert sorted(t.payer for t in wins) == sorted(s for s in SEATS if s != winner)
    for t in moved:
        cap = options.banker_limit if "E" in (t.payer, t.payee) else options.limit
        assert t.amount == min(t.params["base"] * t.params["factor"], cap)
        assert (t.reason == "banker_double") == ("E" in (t.payer, t.payee))
    assert net_of(moved) == net_of(get_rule_set("serralheiro_2003").settle_transfers(vals, winner))


@settings(deadline=None, max_examples=200)
@given(values, st.sampled_from(SEATS), st.booleans())
def test_cayro_transfers(vals, winner, banker_doubles):
    moved = cayro_transfers(vals, winner, banker_doubles)
    assert sum(net_of(moved).values()) == 0
    assert all(t.amount > 0 for t in moved) or vals[winner] == 0
    losers = [s for s in SEATS if s != winner]
    differences = [t for t in moved if t.params["kind"] == "difference"]
    assert len(differences) == sum(1 for i, a in enumerate(losers) for b in losers[i + 1:]
                                   if vals[a] != vals[b])
    for t in differences:    # the lower hand pays the higher the difference
        assert t.params["base"] == vals[t.payee] - vals[t.payer] > 0
