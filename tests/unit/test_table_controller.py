"""The table's controller, render model, saved form and HTML, without a browser."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_engine.errors import IllegalActionError
from mahjong_engine.game import RecordError
from mahjong_ui.table.catalogue import DOMAINS, table_domains, table_translator
from mahjong_ui.table.controller import TableController
from mahjong_ui.table.render import ViewState, render

ROOT = Path(__file__).resolve().parents[2]

RULES = ("macau_1988", "filipino", "serralheiro_2003", "cayro")


def catalogues(lang="en"):
    cat = table_translator()
    for domain in DOMAINS:
        path = ROOT / "static" / "i18n" / lang / f"{domain}.json"
        cat.add(lang, domain, json.loads(path.read_text(encoding="utf-8")) if path.exists() else {})
        if lang != "en":
            cat.add("en", domain, json.loads((ROOT / "static" / "i18n" / "en" / f"{domain}.json")
                                             .read_text(encoding="utf-8")))
    cat.lang = lang
    return cat


def human_move(c: TableController) -> None:
    m = c.model()
    kinds = [a["kind"] for a in m["actions"]]
    if "win" in kinds:
        c.act(m["actions"][kinds.index("win")]["json"])
    elif "exchange" in kinds:
        tiles = m["hand"] + ([m["drawn"]] if m["drawn"] else [])
        c.act({"type": "exchange", "tiles": tiles[0] + tiles[1]})
    elif m["discardable"]:
        c.act({"type": "discard", "tile": m["drawn"] or m["hand"][-1]})
    else:
        c.act(m["actions"][kinds.index("pass")]["json"])


def play(c: TableController, limit=2000) -> None:
    for _ in range(limit):
        state = c.awaiting()
        if state == "ended":
            return
        if state == "computer":
            assert c.step()
        else:
            human_move(c)
    raise AssertionError("hand did not end")


@pytest.mark.parametrize("rules", RULES)
def test_whole_hand_model_and_resume(rules):
    c = TableController(rules, seed=11)
    m = c.model()
    assert sorted(s["position"] for s in m["seats"]) == ["bottom", "left", "right", "top"]
    assert sum(s["banker"] for s in m["seats"]) == 1
    bottom = next(s for s in m["seats"] if s["position"] == "bottom")
    assert bottom["human"] and bottom["player"] == 0
    assert m["hand"] == sorted(m["hand"], key=lambda t: ("mpszf".index(t[-1]), t))
    play(c)
    m = c.model()
    assert m["result"] is not None and m["awaiting"] == "ended"
    for seat in m["seats"]:   # first hand: what each player got is his match balance
        got = m["result"]["markers" if m["match"]["settlement"] == "markers" else "payments"]
        assert got[seat["player"]] == (seat["markers"] if m["match"]["settlement"] == "markers"
                                       else seat["balance"])
    assert [s["human"] for s in m["seats"]].count(True) == 1
    saved = json.loads(json.dumps(c.to_json()))
    assert TableController.from_json(saved).model() == m
    html = render(catalogues(), m, ViewState())
    assert 'data-testid="score-sheet"' in html and "data-total=" in html
    c.next_hand()
    assert c.model()["result"] is None


def test_resume_mid_hand_is_the_same_position():
    c = TableController("cayro", seed=3)
    for _ in range(25):
        if c.awaiting() == "computer":
            c.step()
        elif c.awaiting() == "human":
            human_move(c)
    again = TableController.from_json(json.loads(json.dumps(c.to_json())))
    assert again.model() == c.model()
    assert again.state.log == c.state.log


@pytest.mark.parametrize("data, key", [("nonsense", "record.corrupted"),
                                       ({"format": 99}, "record.bad_version"),
                                       ({"format": 1, "engine_format": 1, "rules": "cayro"},
                                        "record.corrupted")])
def test_bad_saved_games_are_refused(data, key):
    with pytest.raises(RecordError) as info:
        TableController.from_json(data)
    assert info.value.key == key


def test_tampered_log_is_refused():
    c = TableController("macau_1988", seed=2)
    while c.awaiting() == "computer":
        c.step()
    data = c.to_json()
    data["current"] = data["current"] + [{"type": "discard", "seat": 0, "tile": "9z"}]
    with pytest.raises(RecordError):
        TableController.from_json(data)


def test_illegal_human_action_changes_nothing():
    c = TableController("filipino", seed=4)
    before = list(c.state.log)
    with pytest.raises(IllegalActionError):
        c.act({"type": "pung", "tile": "1m"})
    assert c.state.log == before


def test_a_new_level_makes_the_computer_players_again():
    c = TableController("macau_1988", seed=6, watch=True, level="easy")
    c.step()
    assert c._players
    c.set_level("strong")
    assert c.level == "strong" and not c._players
    assert c.to_json()["level"] == "strong"
    c.set_level("no such level")
    assert c.level == "normal"


def test_watch_mode_has_no_human():
    c = TableController("serralheiro_2003", seed=5, watch=True)
    assert c.human_seat is None
    play(c)
    assert c.model()["hand"] == []


def test_claim_names_follow_the_rule_set():
    cat = catalogues("pt")
    cat.domains = table_domains("macau_1988")
    pt_macau = json.loads((ROOT / "static/i18n/pt/macau_1988.json").read_text())
    assert cat.t("term.pung") == pt_macau["term.pung"]
    assert cat.t("common.dealer_is_east") != "common.dealer_is_east"
    assert cat.t("tile.5p") and cat.t("missing.key") == "missing.key"


@pytest.mark.parametrize("lang", ("pt", "en", "es"))
def test_render_uses_catalogues(lang):
    c = TableController("macau_1988", seed=7)
    while c.awaiting() == "computer":
        c.step()
    html = render(catalogues(lang), c.model(), ViewState())
    assert 'data-testid="hand"' in html and "data-action=\"new-game\"" in html
    assert "tile." not in html.replace("tiles.svg", "")


@pytest.mark.parametrize("lang", ["pt", "en", "es"])
def test_the_settings_say_what_the_chosen_level_does(lang):
    """Easy, Normal and Strong are names; a player choosing one is told, in his language,
    how that level plays (below the select on a phone, its tooltip on a wide screen)."""
    m = TableController("macau_1988", seed=1).model()
    seen = set()
    for level in ("easy", "normal", "strong"):
        html = render(catalogues(lang), m, ViewState(level=level))
        about = catalogues(lang).t("level.about." + level)
        assert about != "level.about." + level and catalogues(lang).t("level." + level) in about
        assert f'data-testid="level-about">{about}</p>' in html
        seen.add(about)
    assert len(seen) == 3
