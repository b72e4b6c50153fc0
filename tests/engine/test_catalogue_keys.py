"""Every key the engine can emit has a message in pt, en and es."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mahjong_engine.rules import RULE_SET_KEYS, rule_set_class

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("pt", "en", "es")


def catalogue(lang: str, domain: str) -> dict[str, str]:
    path = ROOT / "static" / "i18n" / lang / f"{domain}.json"
    return json.loads(path.read_text("utf-8")) if path.exists() else {}


def engine_error_keys() -> set[str]:
    keys = set()
    pattern = re.compile(r'(?:Error|_fail)\(\s*"([a-z_]+\.[a-z_.]+)"')
    for path in (ROOT / "py" / "mahjong_engine").rglob("*.py"):
        keys.update(pattern.findall(path.read_text("utf-8")))
    return keys


@pytest.mark.parametrize("lang", LANGS)
def test_every_error_key_has_a_message(lang):
    messages = {**catalogue(lang, "errors"), **catalogue(lang, "game")}
    missing = sorted(k for k in engine_error_keys() if k not in messages)
    assert not missing, f"{lang}: no message for {missing}"


@pytest.mark.parametrize("rules", RULE_SET_KEYS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_scoring_entry_and_reading_has_a_message(rules, lang):
    cls = rule_set_class(rules)
    messages = catalogue(lang, rules)
    missing = [f"item.{entry.key}" for entry in cls.entries if f"item.{entry.key}" not in messages]
    readings = set(cls.readings) | {r for entry in cls.entries for r in entry.readings}
    for key in readings:
        domain, _, name = key.partition(".")
        if f"reading.{name}" not in catalogue(lang, domain):
            missing.append(f"{domain}: reading.{name}")
    for form in cls.forms:
        if f"form.{form.key}" not in messages:
            missing.append(f"form.{form.key}")
    assert "name" in messages and "document" in messages
    assert not missing, f"{rules}/{lang}: {missing}"


@pytest.mark.parametrize("rules", RULE_SET_KEYS)
def test_scoring_entries_are_data(rules):
    cls = rule_set_class(rules)
    keys = [entry.key for entry in cls.entries]
    assert len(keys) == len(set(keys)), "entry keys are unique"
    for entry in cls.entries:
        assert re.fullmatch(r"[a-z0-9_]+", entry.key)
        assert entry.citation.document == rules and entry.citation.section
        assert all(k in keys for k in entry.excludes), f"{entry.key} excludes an unknown key"
