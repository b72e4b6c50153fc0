"""The page's list of rule sets has one source, the engine's registry: build.py writes the
header's options and the welcome's choices from ``mahjong_engine.rules.registered_keys`` and the
shell (static/js/shell.js) takes its list from those options, naming no rule set itself."""

from __future__ import annotations

import json
import re
from pathlib import Path

from builders import build_module
from mahjong_engine.rules import registered_keys

ROOT = Path(__file__).resolve().parents[2]
OPTION = re.compile(r'<option value="([^"]+)" data-i18n="rules\.\1"[^>]*>')
CHOICE = re.compile(r'<input type="radio" name="welcome-rules" value="([^"]+)">')


def english() -> dict[str, str]:
    return json.loads((ROOT / "static" / "i18n" / "en" / "ui.json").read_text(encoding="utf-8"))


def test_the_build_lists_the_registry_in_its_order():
    build = build_module()
    rule_sets = build.rule_set_languages()
    assert list(rule_sets) == list(registered_keys())
    html = build.rule_set_markup((ROOT / "index.html").read_text(encoding="utf-8"), rule_sets,
                                 english())
    assert OPTION.findall(html) == list(registered_keys())
    assert CHOICE.findall(html) == list(registered_keys())
    assert "<!--RULE-SET-" not in html


def test_a_fifth_rule_set_needs_only_its_catalogue_entries():
    build = build_module()
    words = {**english(), "rules.fifth": "Fifth <rules>", "welcome.about.fifth": "A & B"}
    html = build.rule_set_markup((ROOT / "index.html").read_text(encoding="utf-8"),
                                 {**build.rule_set_languages(), "fifth": []}, words)
    assert OPTION.findall(html)[-1] == CHOICE.findall(html)[-1] == "fifth"
    assert 'data-i18n="rules.fifth">Fifth &lt;rules&gt;</option>' in html
    assert '<small data-i18n="welcome.about.fifth">A &amp; B</small>' in html


def test_the_shell_names_no_rule_set():
    shell = (ROOT / "static" / "js" / "shell.js").read_text(encoding="utf-8")
    code = "\n".join(line.split("//")[0] for line in shell.splitlines())
    assert not [key for key in registered_keys() if key in code]
    assert "#rules option" in code and "dataset.languages" in code


def test_each_option_lists_the_languages_whose_visitors_are_offered_it():
    build = build_module()
    languages = build.rule_set_languages()
    assert list(languages) == list(registered_keys())
    # the three documents written in (or for) a language of their own; Macau is offered to anyone else
    assert languages["cayro"] == ["es"] and languages["serralheiro_2003"] == ["pt"]
    assert {"fil", "tl", "ceb"} <= set(languages["filipino"]) and languages["macau_1988"] == []
    html = build.rule_set_markup((ROOT / "index.html").read_text(encoding="utf-8"),
                                 languages, english())
    assert '<option value="cayro" data-i18n="rules.cayro" data-languages="es">' in html
    assert '<option value="macau_1988" data-i18n="rules.macau_1988">' in html
