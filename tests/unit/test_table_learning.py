"""The learning table (issue 7: waits, "why not?", undo), the score sheet's sets and grade,
concealed-kong layouts, the centre's replacement end and the table's URL parameters."""

from __future__ import annotations

import json
import random
import re

import pytest

# isort: off
# the base test module first: it puts py/ on the path and stands in for js/pyodide
from test_table_controller import ROOT, RULES, catalogues, human_move, play
from mahjong_engine.ai.players import make_player
from mahjong_engine.errors import IllegalActionError
from mahjong_engine.game import action_from_json
from mahjong_engine.hand import HandDescription
from mahjong_engine.tiles import Tile
from mahjong_ui.table.catalogue import table_domains
from mahjong_ui.table.controller import TableController
from mahjong_ui.table.layout import LAYOUTS, face_down
from mahjong_ui.table.params import parse, query_of, wants_new_match
from mahjong_ui.table.render import ViewState, render
# isort: on

GAME = {lang: json.loads((ROOT / "static/i18n" / lang / "game.json").read_text(encoding="utf-8"))
        for lang in ("pt", "en", "es")}


def to_human(c: TableController, decisions: int = 0) -> None:
    """Run computer moves (and ``decisions`` human moves) until the human is to decide."""
    made = 0
    for _ in range(3000):
        state = c.awaiting()
        if state == "ended":
            return
        if state == "computer":
            c.step()
        elif made < decisions:
            human_move(c)
            made += 1
        else:
            return


def smart_move(c: TableController) -> None:
    """The human's move as the strong computer player would make it."""
    seat = c.human_seat
    player = make_player("strong", seat, c.state.rules, random.Random(seat))
    action = player.choose(c.state.view(seat), c.human_legal())
    data = action.to_json()
    data.pop("seat")
    c.act(data)


def cat_for(rules: str, lang: str = "en"):
    cat = catalogues(lang)
    cat.domains = table_domains(rules)
    return cat


# ------------------------------------------------------------------ undo
@pytest.mark.parametrize("rules", RULES)
def test_undo_takes_back_the_last_decision_and_the_moves_after_it(rules):
    c = TableController(rules, seed=21, learning=True)
    to_human(c, decisions=2)
    if c.awaiting() == "ended":
        pytest.skip("hand over before three decisions")
    before = json.loads(json.dumps(c.to_json()))
    model_before = c.model()
    human_move(c)
    cut = c.decisions[-1]
    assert cut == len(before["current"])
    to_human(c)                                   # the computer players move on
    c.undo()
    assert c.state.log == before["current"]
    assert c.model() == model_before
    assert c.decisions == before["decisions"]
    # the saved form after undo resumes the same position
    again = TableController.from_json(json.loads(json.dumps(c.to_json())))
    assert again.model() == c.model() and again.learning


def test_undo_after_the_end_of_a_hand_unbooks_it():
    c = TableController("macau_1988", seed=8, learning=True)
    play(c)
    assert c.booked and c.match.hands_played == 1
    c.undo()
    assert not c.booked and c.match.hands_played == 0 and c.state.result is None
    assert c.match.balances == [0, 0, 0, 0] and c.match.markers == [0, 0, 0, 0]
    assert c.awaiting() == "human"
    play(c)                                       # and the hand can be played to the end again
    assert c.booked


def test_undo_is_refused_in_a_scored_match_and_when_nothing_to_undo():
    c = TableController("cayro", seed=4)
    to_human(c, decisions=1)
    with pytest.raises(IllegalActionError) as info:
        c.undo()
    assert info.value.key == "table.undo_not_scored"
    assert c.model()["learning"] is None
    learner = TableController("cayro", seed=4, learning=True)
    assert not learner.can_undo
    with pytest.raises(IllegalActionError) as info:
        learner.undo()
    assert info.value.key == "table.undo_nothing"


def test_watch_mode_is_never_a_learning_game():
    assert not TableController("filipino", seed=1, watch=True, learning=True).learning


# ------------------------------------------------------------------ why not?
@pytest.mark.parametrize("rules", RULES)
def test_why_not_answers_every_illegal_claim_and_changes_nothing(rules):
    c = TableController(rules, seed=33, learning=True)
    seen = 0
    for _ in range(12):
        to_human(c)
        if c.awaiting() != "human":
            break
        model = c.model()
        saved = json.dumps(c.to_json())
        legal = {a["kind"] for a in model["actions"]}
        for kind in model["learning"]["illegal"]:
            assert kind not in legal
            why = c.why_not(kind)
            assert why is not None, kind
            assert set(why) >= {"key", "params", "citation", "cite"}
            for lang in ("pt", "en", "es"):
                assert why["key"] in GAME[lang], why["key"]
            if why["citation"] is not None:
                assert why["cite"] and why["citation"]["section"] in why["cite"]
            seen += 1
        assert json.dumps(c.to_json()) == saved          # nothing changed
        for kind in legal & {"chow", "pung", "kong", "win"}:
            assert c.why_not(kind) is None
        human_move(c)
    assert seen > 0


def test_why_not_is_shown_with_its_citation():
    c = TableController("serralheiro_2003", seed=2, learning=True)
    to_human(c)
    why = {"key": "why.only_next_may_chow", "params": {}, "kind": "chow",
           "citation": {"document": "serralheiro_2003", "section": "§8 b"},
           "cite": "Serralheiro (2003), §8 b"}
    for lang in ("pt", "en", "es"):
        html = render(cat_for("serralheiro_2003", lang), c.model(), ViewState(why=why, learning=True))
        assert 'data-testid="why-not"' in html and 'data-key="why.only_next_may_chow"' in html
        assert GAME[lang]["why.only_next_may_chow"] in html.replace("&#x27;", "'")
        assert "Serralheiro (2003), §8 b" in html


def test_illegal_claims_are_offered_marked_in_a_learning_game():
    c = TableController("macau_1988", seed=5, learning=True)
    to_human(c)
    model = c.model()
    html = render(cat_for("macau_1988"), model, ViewState(learning=True))
    for kind in model["learning"]["illegal"]:
        assert re.search(rf'data-action="{kind}" data-illegal="true" aria-disabled="true"', html)
    scored = TableController("macau_1988", seed=5)
    to_human(scored)
    assert 'data-illegal' not in render(cat_for("macau_1988"), scored.model(), ViewState())


# ------------------------------------------------------------------ waits
def _completes(rules, hand, melds, tile) -> bool:
    tiles = tuple(sorted([*hand, tile]))
    probe = HandDescription(rules=rules.key, concealed=tiles, win_tile=tile, melds=tuple(melds))
    return any(form.arrangements(probe, rules.sets) for form in rules.forms)


@pytest.mark.parametrize("rules", RULES)
def test_waits_are_shown_when_the_hand_is_ready(rules):
    found = 0
    for seed in range(1, 40):
        c = TableController(rules, seed=seed, learning=True)
        for _ in range(400):
            state = c.awaiting()
            if state == "ended":
                break
            waits = c.model()["learning"]["waits"]
            if waits:
                st, seat = c.state, c.human_seat
                hand, melds = list(st.hands[seat]), list(st.melds[seat])
                for t in range(34):   # every wait completes the hand, no other tile does
                    assert _completes(st.rules, hand, melds, Tile(t)) == (Tile(t).notation in waits)
                html = render(cat_for(rules), c.model(), ViewState(learning=True))
                assert 'data-testid="waits"' in html
                found += 1
                break
            if state == "computer":
                c.step()
            else:
                smart_move(c)
        if found:
            break
    assert found, "no ready hand met"


# ------------------------------------------------------------------ score sheet
@pytest.mark.parametrize("rules", RULES)
def test_score_sheet_draws_the_sets_scored(rules):
    for seed in range(1, 30):
        c = TableController(rules, seed=seed, watch=True)
        play(c)
        r = c.model()["result"]
        if r["winner"] is not None and r["arrangement"]:
            break
    groups = r["arrangement"]["groups"]
    html = render(cat_for(rules), c.model(), ViewState())
    sets = re.findall(r'<span class="tbl-set (is-\w+)" role="group" data-kind="(\w+)"'
                      r' data-concealed="(\w+)"', html)
    assert [(k, c_) for _, k, c_ in sets if _ != "is-flowers"] == [
        (g["kind"], "true" if g["concealed"] else "false") for g in groups]
    assert html.count('data-win="true"') == 1
    win_group = groups[r["arrangement"]["win_index"]]
    assert r["win_tile"] in win_group["tiles"] or r["win_tile"] in re.findall(r"\d[mpsz]", win_group["tiles"])


def test_macau_grade_is_named_from_the_rule_set_catalogue():
    macau = {lang: json.loads((ROOT / "static/i18n" / lang / "macau_1988.json").read_text(encoding="utf-8"))
             for lang in ("pt", "en", "es")}
    c = TableController("macau_1988", seed=1, watch=True)
    play(c)
    grade = c.model()["result"]["details"]["grade"]
    assert grade in ("kai_vu", "one_fan", "fan_dobrado")
    for lang in ("pt", "en", "es"):
        html = render(cat_for("macau_1988", lang), c.model(), ViewState()).replace("&#x27;", "'")
        assert f'data-testid="score-grade" data-value="{grade}"' in html
        assert macau[lang][f"grade.{grade}"] in html


# ------------------------------------------------------------------ concealed kongs
def test_concealed_kong_layouts_follow_each_document():
    # Serralheiro §9 b: inner tiles face down when shown for scoring
    assert [face_down("serralheiro_2003", "kong", True, i, 4, True) for i in range(4)] == \
        [False, True, True, False]
    assert [face_down("serralheiro_2003", "pung", True, i, 3, True) for i in range(3)] == [False, True, False]
    assert all(face_down("serralheiro_2003", "kong", True, i, 4, False) for i in range(4))
    # Cayro: «exhibirá también el Kong»: face up
    assert not any(face_down("cayro", "kong", True, i, 4, e) for i in range(4) for e in (True, False))
    # silent documents: the common reading, two ends down, shown as a reading
    for rules in ("macau_1988", "filipino"):
        assert [face_down(rules, "kong", True, i, 4, False) for i in range(4)] == [True, False, False, True]
        assert LAYOUTS[rules].reading == "table.reading.kong_ends_down"
    assert not face_down("macau_1988", "kong", False, 0, 4, False)       # an exposed kong


@pytest.mark.parametrize("rules", RULES)
def test_concealed_kong_on_the_table(rules):
    c = TableController(rules, seed=3)
    to_human(c)
    model = c.model()
    other = next(s for s in model["seats"] if s["position"] == "top")
    other["melds"] = [{"kind": "kong", "tiles": ["5p"] * 4, "concealed": True}]
    mine = next(s for s in model["seats"] if s["human"])
    mine["melds"] = [{"kind": "kong", "tiles": ["7z"] * 4, "concealed": True}]
    html = render(cat_for(rules), model, ViewState())
    down = LAYOUTS[rules].play_down
    top_seat = other["seat"]
    top = html[html.index(f'data-testid="seat-{top_seat}"'):html.index(f'data-testid="pond-{top_seat}"')]
    assert top.count('data-down="true"') == len(down)
    assert top.count('data-tile="5p"') == 4 - len(down)
    bottom = html[html.index(f'data-testid="seat-{mine["seat"]}"')
                  :html.index(f'data-testid="pond-{mine["seat"]}"')]
    assert bottom.count('data-turned="true"') == len(down)   # the owner sees his own, dimmed
    if LAYOUTS[rules].reading:
        assert 'data-testid="kong-legend"' in html


# ------------------------------------------------------------------ the centre
@pytest.mark.parametrize("lang", ("pt", "en", "es"))
def test_centre_names_the_replacement_end_in_each_rule_set_word(lang):
    table = json.loads((ROOT / "static/i18n" / lang / "table.json").read_text(encoding="utf-8"))
    for rules in RULES:
        c = TableController(rules, seed=2)
        html = render(cat_for(rules, lang), c.model(), ViewState())
        assert table[f"table.replacement_end.{rules}"] in html.replace("&#x27;", "'")
    assert "Dragão" in table["table.replacement_end.serralheiro_2003"]
    assert "uralla muerta" in table["table.replacement_end.cayro"]


def test_replacements_taken_are_counted():
    c = TableController("serralheiro_2003", seed=1, watch=True)
    play(c)
    model = c.model()
    flowers = sum(len(s["flowers"]) for s in model["seats"])
    kongs = sum(1 for s in model["seats"] for m in s["melds"] if m["kind"] == "kong")
    assert model["replacements"] == flowers + kongs


# ------------------------------------------------------------------ URL parameters
def test_url_parameters():
    assert query_of("#play?speed=instant", "") == "speed=instant"
    assert query_of("#play", "") == ""
    assert query_of("#score?rules=cayro", "") is None
    assert query_of("", "?mode=play&watch=1") == "mode=play&watch=1"
    assert query_of("", "?watch=1") is None
    p = parse("mode=play&speed=instant&watch=1&level=easy&learn=1&rules=cayro&lang=es&seed=42")
    assert (p.speed, p.watch, p.level, p.learning, p.rules, p.lang, p.seed, p.errors) == (
        "instant", True, "easy", True, "cayro", "es", 42, [])
    bad = parse("speed=warp&watch=maybe&level=easy&seed=-3&rules=riichi&utm_source=x")
    assert bad.level == "easy" and bad.speed is None and bad.watch is None and bad.rules is None
    assert [name for name, _ in bad.errors] == ["speed", "watch", "seed", "rules"]
    assert parse("x" * 2000).errors
    saved = {"watch": False, "learning": True, "seed": 42}
    assert not wants_new_match(parse("learn=1&seed=42"), saved)
    assert wants_new_match(parse("learn=0"), saved) and wants_new_match(parse("seed=7"), saved)
    html = render(cat_for("cayro"), TableController("cayro", seed=1).model(),
                  ViewState(notices=[("table.url_bad", {"param": "speed", "value": "warp"})]))
    assert "«warp»" in html and "«speed»" in html


def test_offered_actions_round_trip():
    # the actions the model offers read back as the same kind (undo replays the log)
    c = TableController("filipino", seed=9)
    to_human(c)
    for action in c.model()["actions"]:
        assert action_from_json({**action["json"], "seat": c.human_seat}).to_json()["type"] == action["kind"]
