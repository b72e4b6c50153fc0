"""The board model (issue 12, ``mahjong_ui.table.board``): every discard of a seat in its
pond, in order, the claimed ones kept as taken; the wall's ring of stacks holding exactly
the tiles left; the board drawn with one region per seat (seat-N from East)."""

from __future__ import annotations


import pytest

# isort: off
from test_table_controller import RULES, catalogues  # puts py/ on the path first
from mahjong_ui.table.board import pond, wall
from mahjong_ui.table.catalogue import table_domains
from mahjong_ui.table.controller import TableController
from mahjong_ui.table.render import ViewState, render
# isort: on


def cat_for(rules: str, lang: str = "en"):
    cat = catalogues(lang)
    cat.domains = table_domains(rules)
    return cat


@pytest.mark.parametrize("rules", RULES)
def test_ponds_keep_every_discard_in_order(rules):
    c = TableController(rules, seed=5, watch=True)
    for _ in range(400):
        if not c.step():
            break
        st = c.state
        for seat in range(4):
            entries = pond(st, seat)
            records = [r for r in st.records if r.seat == seat]
            assert [e["tile"] for e in entries] == [r.tile.notation for r in records]
            # what is left lying there is the engine's pond
            assert [e["tile"] for e in entries if e["claimed_by"] is None] == \
                [t.notation for t in st.discards[seat]]
        lasts = [s for s in range(4) for e in pond(st, s) if e.get("last")]
        assert len(lasts) <= 1
        if st.last_discard is not None and lasts:
            assert lasts == [st.last_discard[0]]


@pytest.mark.parametrize("rules", RULES)
def test_wall_ring_holds_the_tiles_left(rules):
    c = TableController(rules, seed=7, watch=True)
    for _ in range(400):
        w = wall(c.state)
        assert w["ring"]
        stacks = [s for side in w["sides"] for s in side]
        assert len(w["sides"]) == 4 and len(stacks) * 2 == len(c.state.wall.tiles)
        assert sum(s["tiles"] for s in stacks) == c.state.wall.remaining == w["left"]
        assert all(s["tiles"] == 0 for s in stacks if s["state"] in ("gone", "taken"))
        if w["replacement"] is not None:
            assert stacks[w["replacement"]]["tiles"] > 0
        if not c.step():
            break


@pytest.mark.parametrize("rules", RULES)
def test_board_regions_per_seat(rules):
    c = TableController(rules, seed=2)
    for _ in range(30):
        if c.awaiting() != "computer":
            break
        c.step()
    html = render(cat_for(rules), c.model(), ViewState())
    for n in range(4):
        for hook in (f"seat-{n}", f"concealed-{n}", f"melds-{n}", f"pond-{n}"):
            assert html.count(f'data-testid="{hook}"') == 1, hook
    human = c.human_seat
    for n in range(4):
        if n == human:
            continue
        start = html.index(f'data-testid="concealed-{n}"')
        end = html.index(f'data-testid="melds-{n}"')
        assert html[start:end].count('data-tile="back"') == len(c.state.hands[n])


# ------------------------------------------------------------ claimed tiles turned
@pytest.mark.parametrize("rules", RULES)
def test_claimed_sets_turn_the_claimed_tile(rules):
    """Every exposed set made from a discard draws one tile lying across, marked with the
    side its discarder sits on for the claimant (issue 26) and labelled with his seat."""
    from mahjong_ui.table.board import FROM, claimed_sets
    from mahjong_engine.melds import MeldKind
    seen = 0
    for seed in range(12):
        c = TableController(rules, seed=seed)
        c.watch = True
        for _ in range(400):
            if c.awaiting() == "ended" or not c.step():
                break
        st = c.state
        model = c.model()
        html = render(cat_for(rules), model, ViewState())
        for seat in range(4):
            claimed = claimed_sets(st, seat)
            for index, meld in enumerate(st.melds[seat]):
                if meld.concealed:
                    assert index not in claimed
                    continue
                # an exposed set is made from a discard (an added kong keeps its pung's)
                assert index in claimed, (rules, seed, seat, index)
                claim = claimed[index]
                assert claim["tile"] in [t.notation for t in meld.tiles]
                assert claim["from"] == FROM[(claim["from_seat"] - seat) % 4]
                if meld.kind is MeldKind.CHOW:
                    assert claim["from"] == "left"
                seen += 1
        assert html.count('data-from="') == sum(
            1 for s in model["seats"] for m in s["melds"] if m.get("claimed"))
    assert seen > 0
