"""Help while playing (issue 12): the hint marks the tile and says why from the engine's
reasons, the waits setting, the "New match" confirmation and the Serralheiro exchanges
(partner named, tiles received, a refused press explained). No browser."""

from __future__ import annotations

import json
import re

import pytest

# isort: off
from test_table_controller import ROOT, RULES, catalogues
from mahjong_engine.ai.hints import hints
from mahjong_ui.table import help as helps
from mahjong_ui.table.catalogue import table_domains
from mahjong_ui.table.controller import TableController
from mahjong_ui.table.render import ViewState, render
# isort: on

LANGS = ("pt", "en", "es")


def to_human_discard(c: TableController) -> None:
    for _ in range(3000):
        if c.awaiting() == "computer":
            c.step()
            continue
        m = c.model()
        if m["discardable"]:
            return
        kinds = [x["kind"] for x in m["actions"]]
        if "exchange" in kinds:
            tiles = m["hand"]
            c.act({"type": "exchange", "tiles": tiles[0] + tiles[1]})
        elif "pass" in kinds:
            c.act(m["actions"][kinds.index("pass")]["json"])
        else:
            c.act(m["actions"][0]["json"])
    raise AssertionError("never the human's discard")


@pytest.mark.parametrize("rules", RULES)
def test_hint_marks_the_suggested_discard_with_the_engines_reasons(rules):
    for seed in range(5, 30):   # a turn whose suggestion is a discard (not a kong)
        c = TableController(rules, seed=seed)
        to_human_discard(c)
        seat = c.human_seat
        info = hints(c.state.view(seat), c.human_legal(), c.state.rules)
        view = helps.hint_view(info)
        if view["kind"] == "discard":
            break
    assert view["kind"] == "discard"
    chosen = next(x for x in info["candidates"] if x["suggested"])
    assert view["tile"] == chosen["tile"] == info["action"]["tile"]
    assert view["reasons"] == ["reason." + r for r in chosen["reasons"]] and view["reasons"]
    assert view["shanten"] == chosen["shanten_after"]
    m = c.model()
    for lang in LANGS:
        cat = catalogues(lang)
        cat.domains = table_domains(rules)
        vs = ViewState(hint_view=view, hint_action={"type": "discard", "tile": view["tile"]})
        html = render(cat, m, vs)
        marked = re.findall(r'<button[^>]*data-hinted="true"[^>]*>', html)
        assert len(marked) == 1 and f'data-tile="{view["tile"]}"' in marked[0]
        index = int(re.search(r'data-index="(\d+)"', marked[0]).group(1))
        assert index == helps.hint_index(m["hand"], m["drawn"], view["tile"])
        head, reasons = helps.hint_lines(cat, view)
        assert cat.t("tile." + view["tile"]) in head
        for key in view["reasons"]:
            assert cat.known(key) and cat.t(key) in reasons
        # the strong level's reckoning (issue 29): chance to win, what it pays, the danger
        assert cat.t("reason.win_chance", percent=round(100 * chosen["win_chance"])) in reasons
        danger = 100 * chosen["danger"]
        shown = (f"{danger:.1f}".replace(".", "." if lang == "en" else ",") if danger < 10
                 else str(round(danger)))
        assert cat.t("reason.deal_in_chance", percent=shown) in reasons   # 0.4 / 0,4
        if chosen["win_chance"]:
            times = f"{chosen['win_pays']:.1f}".replace(".", "." if lang == "en" else ",")
            assert cat.t("reason.win_pays", times=times) in reasons      # 1.5 / 1,5
        for text in [head, *reasons]:
            assert "{" not in text and "help." not in text and "reason." not in text
        assert html.count('data-testid="hint-reason"') == len(reasons)


def test_hint_index_prefers_the_drawn_tile_and_marks_claims():
    assert helps.hint_index(["1m", "2m", "5p"], "5p", "5p") == 3
    assert helps.hint_index(["1m", "5p", "5p"], "9s", "5p") == 1
    assert helps.hint_index(["1m"], None, None) is None
    html = '<button data-action="pass">x</button><button data-action="pung" data-index="1">'
    marked = helps.mark_hint(html, {"kind": "pung", "tile": None}, None)
    assert 'data-action="pung" data-hinted="true"' in marked and marked.count("data-hinted") == 1
    cat = catalogues("en")
    head, reasons = helps.hint_lines(cat, {"kind": "pung", "tile": None, "reasons": [],
                                           "shanten": None, "waits": []})
    assert cat.t("term.pung") in head and reasons == [cat.t("help.claim_set")]


@pytest.mark.parametrize("lang", LANGS)
def test_plural_and_seat_phrases_are_worded(lang):
    cat = catalogues(lang)
    one = cat.t("help.shanten_after", count=1)
    two = cat.t("help.shanten_after", count=2)
    assert "1" in one and "2" in two and one.replace("1", "") != two.replace("2", "")
    for n in (0, 1):
        key, params = helps.exchange_refusal(n)
        assert str(n) in cat.t(key, **params)
    key, params = helps.exchange_refusal(2, third=True)
    assert cat.known(key)
    table = json.loads((ROOT / f"static/i18n/{lang}/table.json").read_text(encoding="utf-8"))
    for pos in ("right", "top", "left", "bottom", "you"):
        assert f"help.exchange_with.{pos}" in table
    if lang == "pt":
        assert not any("pedra" in v for k, v in table.items() if k.startswith("help."))


def test_waits_setting_renders_waits_in_a_scored_game():
    c = TableController("macau_1988", seed=3)
    cat = catalogues("en")
    html = render(cat, c.model(), ViewState(waits=["1m", "4m"]))
    assert 'data-testid="waits"' in html and 'data-waits="1m 4m"' in html
    assert cat.t("tile.1m") in html
    assert 'data-testid="show-waits"' in render(cat, c.model(), ViewState())


def test_new_match_asks_first():
    c = TableController("cayro", seed=3)
    cat = catalogues("es")
    cat.domains = table_domains("cayro")
    html = render(cat, c.model(), ViewState(confirm_new=True))
    assert 'data-action="new-game-confirm"' in html and 'data-action="new-game-cancel"' in html
    assert cat.t("help.new_game_title") in html
    assert "new-game-confirm" not in render(cat, c.model(), ViewState())


def test_exchange_partner_prompt_and_tiles_received():
    c = TableController("serralheiro_2003", seed=8)
    for _ in range(200):
        if c.awaiting() == "human":
            break
        c.step()
    st = c.state
    assert st.phase == "exchange"
    seat = c.human_seat
    partner = helps.exchange_partner(sorted(st.pending), seat)
    assert partner is not None and partner != seat and partner in st.pending
    m = c.model()
    for lang in LANGS:
        cat = catalogues(lang)
        cat.domains = table_domains("serralheiro_2003")
        prompt = helps.exchange_prompt(cat, m, partner)
        where = next(s for s in m["seats"] if s["seat"] == partner)["position"]
        assert prompt == cat.t(f"help.exchange_with.{where}")
        html = render(cat, m, ViewState(exchange_partner=partner))
        assert prompt in html
    hand = list(m["hand"])
    given = hand[:2]
    kept = helps.kept_after_giving(hand, given)
    step = st.exchange_step
    c.act({"type": "exchange", "tiles": "".join(given)})
    while st.phase == "exchange" and st.exchange_step == step:
        assert c.awaiting() == "computer"
        c.step()
    after = c.model()
    tiles = after["hand"] + ([after["drawn"]] if after["drawn"] else [])
    got = helps.received_tiles(kept, tiles)
    assert len(got) == 2
    from collections import Counter
    assert Counter(kept) + Counter(got) == Counter(tiles)
    indices = helps.received_indices(after["hand"], got)
    html = render(catalogues("pt"), after, ViewState(received=got))
    assert html.count('data-received="true"') == len([i for i in indices if i < len(after["hand"])])
    assert 'data-testid="received"' in html


def test_received_tiles_wait_for_the_exchange():
    assert helps.received_tiles(["1m", "2m"], ["1m", "2m", "3m"]) == []
    assert helps.received_tiles(["1m", "2m"], ["1m", "2m", "9p", "3m"]) == ["3m", "9p"]
    assert helps.kept_after_giving(["1m", "1m", "2m"], ["1m"]) == ["1m", "2m"]


def test_an_exchange_hint_names_and_marks_the_two_tiles_to_give():
    """Serralheiro §7: the hint in the exchanges is the computer's own choice (never a 1,
    a 9 or an honour while another tile can go, note 6), named, marked in the hand, with
    its reason, in every language."""
    c = TableController("serralheiro_2003", seed=8)
    while c.awaiting() != "human":
        c.step()
    assert c.state.phase == "exchange"
    info = hints(c.state.view(c.human_seat), c.human_legal(), c.state.rules)
    view = helps.hint_view(info)
    assert view["kind"] == "exchange" and len(view["tiles"]) == 2
    m = c.model()
    honours_or_ends = [t for t in m["hand"] if t[-1] == "z" or t[0] in "19"]
    if len(m["hand"]) - len(honours_or_ends) >= 2:
        assert not set(view["tiles"]) & set(honours_or_ends)
    marks = helps.hint_indexes(m["hand"], m["drawn"], view)
    assert len(set(marks)) == 2 and sorted(m["hand"][i] for i in marks) == sorted(view["tiles"])
    for lang in LANGS:
        cat = catalogues(lang)
        cat.domains = table_domains("serralheiro_2003")
        html = render(cat, m, ViewState(hint_view=view, hint_action=info["action"]))
        marked = re.findall(r'<button[^>]*data-hinted="true"[^>]*>', html)
        tiles = sorted(re.search(r'data-tile="(\w+)"', b).group(1) for b in marked if "data-index" in b)
        assert tiles == sorted(view["tiles"])
        assert any('data-action="exchange"' in b for b in marked)
        head, reasons = helps.hint_lines(cat, view)
        assert cat.t("tile." + view["tiles"][0]) in head and cat.t("tile." + view["tiles"][1]) in head
        assert reasons == [cat.t("help.hint_exchange_why")] and "§7" in reasons[0]


def test_two_copies_of_one_face_mark_two_tiles():
    assert helps.hint_indexes(["2m", "5p", "5p", "7s"], None, {"kind": "exchange",
                                                              "tiles": ["5p", "5p"]}) == [1, 2]
    assert helps.hint_indexes(["2m", "5p"], "5p", {"kind": "discard", "tile": "5p"}) == [2]
    assert helps.hint_indexes(["2m"], None, None) == []
    for lang in LANGS:
        cat = catalogues(lang)
        head, _ = helps.hint_lines(cat, {"kind": "exchange", "tiles": ["5p", "5p"]})
        assert head == cat.t("help.hint_exchange_pair", tile=cat.t("tile.5p"))
        assert head.count(cat.t("tile.5p")) == 1
