"""Every refusal of a kept match reads in words (issue 27): each ``match.*`` message, and
each message a record's refusal may carry as its reason, rendered in pt, en and es with
its parameters through the page's own ``KeepTexts.record_error``: no ``{placeholder}``
left, no raw key, the field named in words."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mahjong_engine.game.ledger import RecordFieldError
from mahjong_ui.i18n import LANGS
from mahjong_ui.calculator.text import calculator_translator
from mahjong_ui.i18n import Translator
from mahjong_ui.keep.text import COUNT_PARTS, HAND_FIELDS, field_name, record_error

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"\{(\w+)\}")
PLAYERS = ["Ana", "Bento", "Carla", "Duarte"]
SAMPLE = {"hand": 3, "limit": 2000, "player": "2", "players": "0, 1", "value": "-5",
          "allowed": "points, doubles, value", "rules": "cayro", "expected": 13, "found": 9,
          "stake": "100/300", "citation": "Portaria n.º 133/88/M, art. 6.º", "tile": "5p",
          "win": "self_drawn", "kind": "pung", "text": "5x", "total": 13, "dice": 2, "count": 5}


def catalogue(lang: str, domain: str) -> dict[str, str]:
    return json.loads((ROOT / "static" / "i18n" / lang / f"{domain}.json").read_text("utf-8"))


def texts(lang: str) -> Translator:
    out = calculator_translator(lang=lang)
    for code in {lang, "en"}:
        for domain in ("keep", "game", "errors", "calculator"):
            out.add(code, domain, catalogue(code, domain))
    return out


def reasons() -> list[str]:
    keys = [k for k in catalogue("en", "game") if k.startswith("match.")]
    errors = catalogue("en", "errors")
    keys += [k for k in errors if k.startswith("hand.") and "{field}" in errors[k]]
    return sorted(set(keys) - {"match.bad_record"})


FIELDS = ["losers.2.count.points", "count.fan", "options.false_win_price", "options.stake",
          "options.capital", "discarder", "count", "losers.1.concealed", "capital"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("reason", reasons())
def test_every_refusal_reads_in_words(lang: str, reason: str) -> None:
    words = texts(lang)
    for name in FIELDS:
        for hand in (None, 4):
            error = RecordFieldError("match.bad_record", hand=hand, field=name, reason=reason,
                                     **{k: v for k, v in SAMPLE.items() if k != "hand"})
            text = record_error(words, error, PLAYERS)
            assert not PLACEHOLDER.search(text), f"{lang} {reason} {name}: {text}"
            assert not re.search(r"\b(match|field|option|hand)\.\w", text), text
            assert field_name(words, name, PLAYERS) in text
            if "." in name:
                assert name not in text, f"{lang}: the field {name} is not in words: {text}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_field_and_count_part_has_words(lang: str) -> None:
    keep = catalogue(lang, "keep")
    for name in (*HAND_FIELDS, *COUNT_PARTS, "count_part", "of_player"):
        assert f"field.{name}" in keep, f"{lang}: field.{name}"
