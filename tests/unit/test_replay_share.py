"""A replay names its rule set in the visitor's language, and its link comes with a Copy
button whose result is told (issue 26); the hands list labels each figure for a phone."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from builders import played_match
from mahjong_engine.rules import RULE_SET_KEYS
from mahjong_ui.i18n import Translator
from mahjong_ui.table.catalogue import DOMAINS, table_translator
from mahjong_ui.table.replay import ReplayTable, hand_history
from mahjong_ui.table.replay_copy import TOLD, copy_html
from mahjong_ui.table.replay_render import history_html, replay_html

I18N = Path(__file__).resolve().parents[2] / "static" / "i18n"


def catalogues(lang: str, rules: str) -> Translator:
    cat = table_translator(rules, lang)
    for domain in DOMAINS:
        path = I18N / lang / f"{domain}.json"
        cat.add(lang, domain, json.loads(path.read_text("utf-8")) if path.exists() else {})
    return cat


@pytest.mark.parametrize("rules", RULE_SET_KEYS)
@pytest.mark.parametrize("lang", ("pt", "en", "es"))
def test_the_replay_names_its_rule_set(rules, lang):
    cat = catalogues(lang, rules)
    name = json.loads((I18N / lang / f"{rules}.json").read_text("utf-8"))["name"]
    table = ReplayTable.of_match(played_match(rules, 5, 2).to_json(), 0)
    html = replay_html(cat, table.model(), "https://example.org/#play/replay/r1.x")
    said = re.search(r'data-testid="replay-rules" data-rules="([a-z0-9_]+)">([^<]+)<', html)
    assert said and said.group(1) == rules and name in said.group(2)
    assert 'data-action="replay-copy"' in html


@pytest.mark.parametrize("lang", ("pt", "en", "es"))
def test_the_copy_result_is_told(lang):
    cat = catalogues(lang, "cayro")
    assert 'data-result=""' in copy_html(cat, "x")            # nothing pressed yet: nothing said
    for result, key in TOLD.items():
        html = copy_html(cat, "x", result)
        text = re.search(r'data-testid="replay-copied"[^>]*>([^<]*)<', html)
        assert text and text.group(1) and text.group(1) != key


@pytest.mark.parametrize("lang", ("pt", "es"))
def test_the_hands_list_labels_each_figure(lang):
    cat = catalogues(lang, "filipino")
    data = played_match("filipino", 5, 2).to_json()
    html = history_html(cat, ReplayTable.of_match(data, 0).model(), hand_history(data))
    for row in re.findall(r'<tr data-testid="history-hand".*?</tr>', html):
        assert len(re.findall(r'<td class="num"[^>]* data-label="[^"]+"', row)) == 4
        assert 'class="history-do"' in row
