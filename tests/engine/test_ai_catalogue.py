"""Every key a hint can carry has a message in static/i18n/{pt,en,es}/ai.json, and the
three catalogues hold the same keys."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_engine.ai.hints import REASON_KEYS
from mahjong_engine.ai.players import LEVELS
from mahjong_engine.ai.value import PATTERNS
from mahjong_engine.rules.macau_1988_settle import LIABILITY_CITATIONS

ROOT = Path(__file__).resolve().parents[2]

LANGS = ("pt", "en", "es")
HINT_FIELDS = ("action", "ready", "waits", "shanten", "shanten_before", "shanten_after",
               "useful", "useful_live", "value", "patterns", "danger", "liability", "suggested",
               "scored")


def load(lang: str) -> dict[str, str]:
    return json.loads((ROOT / "static" / "i18n" / lang / "ai.json").read_text("utf-8"))


def test_same_keys_in_every_language():
    keys = [set(load(lang)) for lang in LANGS]
    assert keys[0] == keys[1] == keys[2]


@pytest.mark.parametrize("lang", LANGS)
def test_every_hint_key_has_a_message(lang):
    messages = load(lang)
    wanted = ([f"reason.{k}" for k in REASON_KEYS] + [f"pattern.{k}" for k in PATTERNS]
              + [f"liability.{k}" for k in LIABILITY_CITATIONS]
              + [f"level.{k}" for k in LEVELS] + [f"hint.{k}" for k in HINT_FIELDS])
    missing = [k for k in wanted if not messages.get(k)]
    assert not missing, missing


def test_translations_differ():
    en, pt, es = load("en"), load("pt"), load("es")
    same = [k for k in en if en[k] == pt[k] == es[k] and not k.startswith("level.normal")]
    assert not same, same
