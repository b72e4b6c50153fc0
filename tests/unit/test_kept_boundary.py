"""Issue 30, item 1: a kept match (Keep score's stored copy, an import, the ``match``
command) read through the bounded reader and its options checked before any hand is
settled. Before: ``limit: null`` was a TypeError at the first win, ``jai_alai_target: 0``
"several winners" on the first hand, deep JSON a fatal error in Pyodide; Keep score
caught none of them (a blank view at every visit)."""
from __future__ import annotations

import json

import pytest

from mahjong_engine.game.kept import MAX_MATCH_CHARS, settle
from mahjong_engine.game.ledger import RecordFieldError
from mahjong_ui.keep.model import Match
from mahjong_ui.calculator.text import calculator_translator
from mahjong_ui.keep.text import record_error

from builders import CHOWS, PLAYERS

WIN = {"winner": 0, "win": "self_drawn", "concealed": CHOWS, "win_tile": "5p", "melds": []}


def record(rules: str, options: dict, hands: list | None = None) -> dict:
    return {"rules": rules, "players": PLAYERS, "options": options,
            "hands": [{"draw": True}] if hands is None else hands}


def refused(text: str) -> RecordFieldError:
    with pytest.raises(RecordFieldError) as caught:
        Match.from_text(text)
    return caught.value


@pytest.mark.parametrize("rules, options", [
    ("serralheiro_2003", {"limit": None}), ("serralheiro_2003", {"limit": 0}),
    ("serralheiro_2003", {"limit": -5}), ("serralheiro_2003", {"limit": True}),
    ("serralheiro_2003", {"limit": 10 ** 400}), ("serralheiro_2003", {"banker_limit": "4000"}),
    ("serralheiro_2003", {"exchanges": 1}), ("filipino", {"jai_alai_target": 0}),
    ("filipino", {"jai_alai_target": None}), ("macau_1988", {"capital": 0}),
    ("macau_1988", {"capital": 2.5}), ("macau_1988", {"stake": None}),
    ("macau_1988", {"stake": ["50/100"]}), ("cayro", {"banker_doubles": "yes"}),
])
def test_an_option_of_the_wrong_type_or_range_is_a_keyed_refusal(rules, options):
    error = refused(json.dumps(record(rules, options)))
    assert error.key == "match.bad_record"
    assert error.params["field"] == f"options.{next(iter(options))}"
    # a stake is refused with the stake's own reason (art. 6.º-7.º), any other as a bad option
    reason = "hand.bad_stake" if "stake" in options else "match.bad_option"
    assert error.params["reason"] == reason and error.params["hand"] is None


def test_limit_null_and_target_0_were_failures_after_loading():
    """The cases of the report, with a win and a draw recorded."""
    for rules, options, hands in (("serralheiro_2003", {"limit": None}, [WIN]),
                                  ("filipino", {"jai_alai_target": 0}, [{"draw": True}])):
        with pytest.raises(RecordFieldError):
            settle(record(rules, options, hands))


def test_the_command_line_refuses_the_same_options():
    import io

    from mahjong_engine.__main__ import main

    out = io.BytesIO()
    data = json.dumps(record("serralheiro_2003", {"limit": None}, [WIN])).encode()
    assert main(["match", "-"], stdin=io.BytesIO(data), stdout=out) == 2
    answer = json.loads(out.getvalue())
    assert answer["error"]["key"] == "match.bad_record"
    assert answer["error"]["params"]["field"] == "options.limit"


def test_good_options_still_settle():
    options = {"capital": [None, 500, None, None], "stake": "100/200"}
    assert settle(record("macau_1988", options)).balances == [0] * 4
    match = Match.from_text(json.dumps(record("serralheiro_2003", {"limit": 3000}, [WIN])))
    assert sum(match.ledger().balances) == 0


@pytest.mark.parametrize("text, reason", [
    ("[" * 100_000, "input.too_deep"),
    (json.dumps(record("cayro", {}))[:-1] + ', "note": ' + "[" * 40 + "]" * 40 + "}",
     "input.too_deep"),
    (" " * (MAX_MATCH_CHARS + 1), "input.too_large"),
    ("{", "match.not_an_object"),
])
def test_deep_or_huge_text_is_refused_before_parsing(text, reason):
    error = refused(text)
    assert (error.params["field"], error.params["reason"]) == ("record", reason)


@pytest.mark.parametrize("lang", ["pt", "en", "es"])
def test_the_refusals_are_worded_in_every_language(lang):
    texts = calculator_translator(lang=lang)
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "static" / "i18n"
    for domain in ("calculator", "errors", "common", "ui", "result", "keep", "game",
                   "macau_1988", "filipino", "serralheiro_2003", "cayro"):
        path = root / lang / f"{domain}.json"
        if path.exists():
            texts.tables[(lang, domain)] = json.loads(path.read_text("utf-8"))
    for text in ("[" * 100_000, json.dumps(record("filipino", {"jai_alai_target": 0}))):
        message = record_error(texts, refused(text))
        assert "input." not in message and "match." not in message and "{" not in message
