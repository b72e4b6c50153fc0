"""Issue 28: a rule set written from scratch, on ``RuleSet`` alone (no existing rule set
as its parent), with its own key, document and scoring entries as data, is registered
and then scored, simulated, kept as a match and shown by every pure page model; and
``register()`` refuses one that lacks a hook its settlement requires.

The document is this file's own («Regras de teste», invented for the test):
§1 a winning hand is four sets and a pair; §2 Mah-Jong is worth 10 points; §3 every
pung or kong 2 more; §4 a win from the wall 2 more; §5 each of the three losers pays
the winner the points of his hand. Expected figures are worked from these sections.
"""
from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import mahjong_engine
from mahjong_engine.ai.players import ALL_LEVELS as LEVELS
from mahjong_engine.forms import RegularForm
from mahjong_engine.game.ledger import Ledger
from mahjong_engine.game.match import Match
from mahjong_engine.game.simulate import simulate
from mahjong_engine.hand import HandDescription
from mahjong_engine.rules import (Options, RuleSet, Settlement, get_rule_set, register,
                                  registered_keys, rule_set_class, unregister)
from mahjong_engine.scoring import (DOCUMENTS, Citation, GroupEntry, GroupView, HandEntry,
                                    ScoreResult, ScoringContext, Transfer, Unit, net_of)
from mahjong_engine.tiles import WINDS

KEY = "test_scratch_rules"
DOCUMENT = "Regras de teste (issue 28)"
ROOT = Path(__file__).resolve().parents[2]


def _cite(section: str) -> Citation:
    return Citation(KEY, section)


def _always(ctx: ScoringContext) -> bool:
    return True


def _from_wall(ctx: ScoringContext) -> bool:
    return ctx.hand.win.from_wall


def _pung_or_kong(g: GroupView, ctx: ScoringContext) -> bool:
    return g.is_pung_or_kong


class ScratchRules(RuleSet[Options]):
    """Points added; the three losers each pay the winner his total (§5)."""

    key = KEY
    document = DOCUMENT
    forms = (RegularForm(),)
    entries = (
        HandEntry("mah_jong", 10, Unit.POINTS, _cite("§2"), test=_always),
        GroupEntry("pung", 2, Unit.POINTS, _cite("§3"), test=_pung_or_kong),
        HandEntry("self_drawn", 2, Unit.POINTS, _cite("§4"), test=_from_wall),
    )
    settlement = Settlement.WINNER
    options_class = Options

    def settle(self, result: ScoreResult, hand: HandDescription) -> None:
        winner = hand.seat_wind.value
        amount = int(result.total or 0)
        result.transfers = [Transfer(w.value, winner, amount, "win", {"points": amount})
                            for w in WINDS if w.value != winner]
        result.payments = net_of(result.transfers)


class NoSettle(RuleSet[Options]):
    """The same rules with §5 forgotten: the winner-pays style reads ``settle``."""

    key = "test_scratch_no_settle"
    document = DOCUMENT
    forms = ScratchRules.forms
    entries = ScratchRules.entries
    settlement = Settlement.WINNER
    options_class = Options


@pytest.fixture
def scratch() -> Iterator[type[ScratchRules]]:
    register(ScratchRules)
    try:
        yield ScratchRules
    finally:
        unregister(KEY)


def hand(concealed: str, win_tile: str, win: str = "discard", seat: str = "S",
         melds: tuple[tuple[str, str], ...] = ()) -> dict[str, Any]:
    return {"rules": KEY, "concealed": concealed, "win_tile": win_tile, "win": win,
            "seat_wind": seat, "round_wind": "E",
            "melds": [{"kind": kind, "tiles": tiles, "concealed": False}
                      for kind, tiles in melds]}


# ---------------------------------------------------------------- the registry
def test_not_a_subclass_of_a_document(scratch: type[ScratchRules]) -> None:
    assert scratch.__mro__[1] is RuleSet
    assert rule_set_class(KEY) is scratch and KEY in registered_keys()
    assert DOCUMENTS[KEY] == DOCUMENT
    assert scratch.lineage() == (KEY,)


def test_register_refuses_a_missing_settle() -> None:
    with pytest.raises(ValueError, match="'settle'") as caught:
        register(NoSettle)
    assert "NoSettle" in str(caught.value) and "winner" in str(caught.value)
    assert NoSettle.key not in registered_keys()
    assert NoSettle.key not in DOCUMENTS


def test_gone_after_use() -> None:
    assert KEY not in registered_keys() and KEY not in DOCUMENTS
    with pytest.raises(mahjong_engine.HandError):
        get_rule_set(KEY)


# ---------------------------------------------------------------- score (the CLI's JSON)
# (concealed, win tile, win, seat, melds, points: §2 + §3 + §4)
HANDS = [
    ("123m456m789p234s55s", "5s", "discard", "S", (), 10),                 # §2 only
    ("222m333p777s888s99p", "8s", "self_drawn", "W", (), 10 + 8 + 2),      # §2, 4 × §3, §4
    ("123m456p789s55s", "5s", "discard", "N", (("pung", "111z"),), 10 + 2),  # §3 exposed
]


@pytest.mark.parametrize("concealed,win_tile,win,seat,melds,points", HANDS)
def test_score_json(scratch: type[ScratchRules], concealed: str, win_tile: str, win: str,
                    seat: str, melds: tuple[tuple[str, str], ...], points: int) -> None:
    result = mahjong_engine.score(hand(concealed, win_tile, win, seat, melds))
    data = json.loads(json.dumps(result.to_json()))      # the CLI prints this
    assert data["winning"] and data["rules"] == KEY and data["unit"] == "points"
    assert data["total"] == points
    assert data["payments"] == {w.value: (3 * points if w.value == seat else -points)
                                for w in WINDS}           # §5
    assert sum(data["payments"].values()) == 0
    assert [t["payee"] for t in data["transfers"]] == [seat] * 3
    assert all(item["citation"].startswith(DOCUMENT) for item in data["items"])


def test_not_winning_and_bad_size(scratch: type[ScratchRules]) -> None:
    assert not mahjong_engine.score(hand("123m456m789p234s59s", "9s")).winning
    with pytest.raises(mahjong_engine.HandError):
        mahjong_engine.score(hand("123m456m789p234s5s", "5s"))


def _cli(argv: list[str], data: dict[str, Any]) -> tuple[int, Any]:
    """The command line run in this process (a subprocess would not see a rule set
    registered by this test): ``python -m mahjong_engine <argv>`` with ``data`` on stdin."""
    from mahjong_engine.__main__ import main

    out = io.BytesIO()
    code = main(argv, stdin=io.BytesIO(json.dumps(data).encode()), stdout=out)
    return code, json.loads(out.getvalue())


def test_score_from_the_command_line(scratch: type[ScratchRules]) -> None:
    code, out = _cli(["score", "-"], hand("222m333p777s888s99p", "8s", "self_drawn", "W"))
    assert code == 0 and out["rules"] == KEY
    assert out["total"] == 20 and out["payments"] == {"E": -20, "S": -20, "W": 60, "N": -20}


# ---------------------------------------------------------------- simulate and match
def test_simulated_games_end(scratch: type[ScratchRules]) -> None:
    result = simulate(KEY, 3, seed=5, levels=list(LEVELS[:4]))
    assert result["rules"] == KEY and result["games"] == 3 and result["errors"] == []
    assert result["wins"] + result["draws"] == 3 and result["wins"] >= 1
    assert sum(p["settlement"] for p in result["players"]) == 0
    assert any(p["settlement"] != 0 for p in result["players"])    # a win paid something


def test_a_match_is_played(scratch: type[ScratchRules]) -> None:
    match = Match(KEY, seed=11)
    assert match.rules.key == KEY and match.to_json()["rules"] == KEY


def test_kept_match_through_the_ledger(scratch: type[ScratchRules]) -> None:
    """Bento (seat 1, South) wins on Carla's discard with four pungs: 10 + 8 = 18 (§2-§3);
    each of the three others pays him 18 (§5). Then Ana wins from the wall with chows:
    10 + 2 = 12 (§4)."""
    won = {"winner": 1, "concealed": "222m333p777s888s99p", "win_tile": "8s",
           "win": "discard", "discarder": 2}
    drawn = {"winner": 0, "concealed": "123m456m789p234s55s", "win_tile": "5s",
             "win": "self_drawn"}
    record = {"rules": KEY, "players": ["Ana", "Bento", "Carla", "Duarte"],
              "hands": [won, drawn]}
    data = Ledger.from_json(record).to_json()
    assert data["rules"] == KEY
    assert data["hands"][0]["payments"] == [-18, 54, -18, -18]
    assert sorted(data["hands"][1]["payments"]) == [-12, -12, -12, 36]
    assert data["balances"][1] == 54 - 12 and sum(data["balances"]) == 0
    code, out = _cli(["match", "-"], record)        # the ``match`` command: the same
    assert code == 0 and out == data
    with pytest.raises(mahjong_engine.EngineError):         # losers are not valued here
        Ledger.from_json({**record, "hands": [{**won, "losers": {"0": {"concealed": "1m"}}}]})


# ---------------------------------------------------------------- the page models
def _tables(domains: Any, lang: str = "en") -> dict[str, dict[str, str]]:
    out = {}
    for domain in domains:
        path = ROOT / "static" / "i18n" / lang / f"{domain}.json"
        out[domain] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    return out


def test_table_model(scratch: type[ScratchRules]) -> None:
    from mahjong_ui.table.catalogue import DOMAINS, table_domains, table_translator
    from mahjong_ui.table.controller import TableController
    from mahjong_ui.table.render import ViewState, render

    cat = table_translator()
    for domain, table in _tables(DOMAINS).items():
        cat.add("en", domain, table)
    cat.domains = table_domains(KEY)
    c = TableController(KEY, seed=11, watch=True)
    assert c.state.rules.key == KEY
    model = c.model()
    assert model["rules"] == KEY
    assert render(cat, model, ViewState())
    for _ in range(400):                       # to the end of the hand
        if not c.step():
            break
        assert render(cat, c.model(), ViewState())
    assert c.state.result is not None


def test_calculator_model(scratch: type[ScratchRules]) -> None:
    from mahjong_ui.calculator.model import CalcState, evaluate, from_query

    state, errors = from_query(f"rules={KEY}&c=222m333p777s888s99p&w=8s&win=self_drawn&seat=W")
    assert not errors and state.rules == KEY
    outcome = evaluate(state)
    assert outcome["status"] == "score" and outcome["result"]["total"] == 20
    assert evaluate(CalcState(rules=KEY))["status"] == "incomplete"


def test_keep_model(scratch: type[ScratchRules]) -> None:
    from mahjong_ui.keep.model import option_fields, start, uses_markers, values_losers

    assert option_fields(KEY) == []
    assert not values_losers(KEY) and not uses_markers(KEY)
    match = start(KEY, ["Ana", "Bento", "Carla", "Duarte"], {})
    match = match.with_hand({"winner": 1, "concealed": "222m333p777s888s99p",
                             "win_tile": "8s", "win": "discard", "discarder": 2})
    assert match.ledger().to_json()["balances"] == [-18, 54, -18, -18]


def test_learn_models(scratch: type[ScratchRules]) -> None:
    """The rules page is built from the class data; there are no exercises and no lesson
    for this rule set, both designed states (an empty list; ``has_lesson`` False and the
    ``lesson.none`` notice in every language), not a crash."""
    from mahjong_engine.errors import IllegalActionError
    from mahjong_ui.i18n import translator
    from mahjong_ui.learn import build_page
    from mahjong_ui.learn.exercises import exercises, find
    from mahjong_ui.learn.lesson_text import text
    from mahjong_ui.learn.lessons import NO_LESSON, Lesson, has_lesson

    cats = translator("en", _tables(["learn", "lessons", "ui", "glossary", "game", "common"]))
    page = build_page(KEY, cats)
    assert page.sections and all(section.title for section in page.sections)
    assert exercises(KEY) == [] and find(KEY, "1") is None
    assert not has_lesson(KEY) and has_lesson("cayro")
    with pytest.raises(IllegalActionError) as caught:
        Lesson(KEY)
    assert caught.value.key == NO_LESSON
    for lang in ("pt", "en", "es"):
        assert _tables(["lessons"], lang)["lessons"][NO_LESSON]
    assert text(cats, KEY, NO_LESSON) == _tables(["lessons"])["lessons"][NO_LESSON]
