"""Embed addresses (issue 32) under CPython: which widget, its options, the problems told in
the frame, the code given to authors, the replay widget's model and markup, and the exercise
previews the build writes."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_engine.game import RecordError
from mahjong_ui.embed_examples import EXAMPLE_BROKEN, EXAMPLE_CUSTOM, EXAMPLE_EXERCISE, EXAMPLE_REPLAY
from mahjong_ui.embed_params import (ELEMENTS, PARAMS, choose_lang, custom_exercise, element_code,
                                     exercise_previews, iframe_code, parse, widget_src)
from mahjong_ui.embed_replay import EmbedReplay, act, embed_code, move_line, replay_html
from mahjong_ui.learn import exercise_data, exercises as X
from mahjong_ui.i18n import Translator
from mahjong_ui.table.catalogue import DOMAINS, table_domains, table_translator

ROOT = Path(__file__).resolve().parents[2]


def cat(lang: str = "en") -> Translator:
    out = table_translator()
    for code in {lang, "en"}:
        for domain in (*DOMAINS, "embed"):
            path = ROOT / "static/i18n" / code / f"{domain}.json"
            out.add(code, domain, json.loads(path.read_text("utf-8")))
    out.lang = lang
    out.domains = table_domains("macau_1988")
    return out


def keys(problems) -> list[str]:
    return [p.key for p in problems]


# ------------------------------------------------------------------ which widget, which language
def test_the_address_chooses_the_widget() -> None:
    assert parse("rules=cayro&hand=567p888s22z").kind == "hand"
    assert parse("?replay=r1.abc").kind == "replay"
    assert parse("rules=macau_1988&exercise=score-1").kind == "exercise"
    assert parse("rules=macau_1988&ask=waits&hand=234m567p345s1167s").kind == "exercise"


def test_the_language_is_the_address_s_then_the_visitor_s() -> None:
    assert parse("lang=es", ["pt-BR"]).lang == "es"
    assert parse("lang=xx", ["fr-FR", "pt-BR"]).lang == "pt"
    assert choose_lang(None, ["de", "fr"]) == "en"
    assert choose_lang("<script>", ()) == "en"


def test_replay_options() -> None:
    request = parse("replay=r1.x&start=12&hands=w&controls=0")
    assert (request.start, request.hands, request.controls, request.problems) == (12, "W", False, [])
    assert parse("replay=r1.x&start=end").start is None
    assert parse("replay=r1.x").controls is True
    bad = parse("replay=nope&start=-3&hands=Q")
    assert keys(bad.problems) == ["embed.error.bad_start", "embed.error.bad_hands", "embed.error.bad_replay"]


def test_exercise_options_and_their_problems() -> None:
    assert parse("exercise=macau_1988/score-1").rules == "macau_1988"
    assert keys(parse("rules=macau_1988&exercise=score-99").problems) == ["embed.error.unknown_exercise"]
    assert keys(parse("rules=bridge&exercise=score-1").problems) == ["embed.error.unknown_rules"]
    assert keys(parse("rules=cayro&ask=why").problems) == ["embed.error.bad_question"]
    assert keys(parse("rules=cayro&ask=waits&hand=123m4").problems) == ["embed.error.bad_hand"]
    assert keys(parse("rules=cayro&ask=score&hand=123m").problems) == ["embed.error.bad_hand"]
    assert parse("&".join(f"{k}={v}" for k, v in EXAMPLE_CUSTOM.items())).problems == []
    assert keys(parse("&".join(f"{k}={v}" for k, v in EXAMPLE_BROKEN.items())).problems) == \
        ["embed.error.unknown_exercise"]


def test_every_problem_has_words_in_every_language() -> None:
    problems = ("too_long", "bad_start", "bad_hands", "bad_replay", "unknown_rules", "unknown_exercise",
                "bad_question", "bad_hand", "engine", "title")
    for lang in ("pt", "en", "es"):
        table = json.loads((ROOT / "static/i18n" / lang / "embed.json").read_text("utf-8"))
        assert all(f"error.{name}" in table for name in problems), lang


@given(st.text(max_size=300))
def test_no_address_breaks_the_parser(query: str) -> None:
    request = parse(query)
    assert request.kind in ("hand", "replay", "exercise")
    assert request.lang in ("pt", "en", "es")


def test_a_hand_in_the_address_is_checked_as_the_app_checks_an_exercise() -> None:
    request = parse("rules=macau_1988&ask=waits&hand=234m567p345s1167s")
    ex = custom_exercise(request)
    truth = X.answer_of("macau_1988", ex)
    assert X.check_exercise("macau_1988", ex, "".join(truth["waits"])).correct is True
    assert X.check_exercise("macau_1988", ex, "1z").correct is False


# ------------------------------------------------------------------ the code given to authors
def test_iframe_and_element_code() -> None:
    options = dict(EXAMPLE_EXERCISE, lang="pt")
    src = widget_src("https://example.org/mj/static/embed.html", "exercise", options)
    assert src == "https://example.org/mj/static/embed.html?rules=macau_1988&exercise=score-2&lang=pt"
    code = iframe_code("https://example.org/mj/static/embed.html", "exercise", options, 'a "title"')
    assert code.startswith(f'<iframe src="{html.escape(src)}" title="a &quot;title&quot;"')
    element = element_code("https://example.org/mj/static/js/embed.js", "exercise", options)
    assert element.endswith('<mahjong-exercise rules="macau_1988" exercise="score-2" lang="pt">'
                            '</mahjong-exercise>')
    hostile = element_code("x.js", "hand", {"hand": '"><script>'})
    assert "<script>" not in hostile.split("\n")[1]


def test_embed_js_knows_the_same_elements_and_parameters() -> None:
    text = (ROOT / "static/js/embed.js").read_text("utf-8")
    for kind, tag in ELEMENTS.items():
        names = re.search(rf'"{tag}": \[([^\]]*)\]', text)
        assert names is not None, tag
        assert tuple(re.findall(r'"(\w+)"', names.group(1))) == PARAMS[kind]


# ------------------------------------------------------------------ the replay widget
def test_the_replay_widget_steps_and_names_seats_by_wind() -> None:
    table = EmbedReplay.open(EXAMPLE_REPLAY, "all", 5)
    assert table.replay.step == 5 and all(table.reveal)
    words = cat("es")
    move = move_line(words, table.replay.move(5))
    assert any(w in move for w in ("Este", "Sur", "Oeste", "Norte")), move
    markup = replay_html(words, table)
    assert 'data-step="5"' in markup and 'data-testid="embed-forward"' in markup
    assert act(table, "replay-forward") and table.replay.step == 6
    assert act(table, "replay-step", "2") and table.replay.step == 2
    assert not act(table, "replay-step", "x")
    act(table, "replay-last")
    assert 'data-testid="embed-replay-result"' in replay_html(words, table)
    still = replay_html(words, EmbedReplay.open(EXAMPLE_REPLAY, "all", 0), controls=False)
    assert "embed-forward" not in still and "data-control" not in still


def test_one_seat_s_hand_only_is_drawn_at_the_bottom() -> None:
    table = EmbedReplay.open(EXAMPLE_REPLAY, "N", 0)
    model = table.model()
    bottom = next(s for s in model["seats"] if s["position"] == "bottom")
    assert bottom["wind"] == "N" and bottom["tiles"]
    assert all(s["tiles"] is None for s in model["seats"] if s["position"] != "bottom")


def test_a_broken_replay_is_a_typed_error() -> None:
    with pytest.raises(RecordError):
        EmbedReplay.open("r1.eNrLSM3JyQcABiwCFQ")


def test_the_table_s_embed_code_carries_the_tiles_to_draw_first() -> None:
    code = embed_code(EXAMPLE_REPLAY, 3, "https://example.org/mj/#play", "Hand")
    src = re.search(r'<iframe src="([^"]+)"', code).group(1)
    start = f"https://example.org/mj/static/embed.html?replay={EXAMPLE_REPLAY}&start=3&tiles="
    assert html.unescape(src).startswith(start)
    assert '<script type="module" src="https://example.org/mj/static/js/embed.js"></script>' in code
    tiles = parse(html.unescape(src).split("?", 1)[1]).params["tiles"]
    assert tiles == EmbedReplay.open(EXAMPLE_REPLAY, "all", 3).preview() and len(tiles) >= 26


# ------------------------------------------------------------------ drawn before Python
def test_every_exercise_has_its_tiles_for_the_frame() -> None:
    previews = exercise_previews()
    for rules, items in exercise_data.EXERCISES.items():
        assert set(previews[rules]) == {ex.id for ex in items}
        for ex in items:
            rows = previews[rules][ex.id]
            assert rows and all(re.fullmatch(r"(\d+[mpszf])+", row) for row in rows), (rules, ex.id)
            if ex.kind == "claim":
                assert len(rows) == 4


def test_the_table_s_replay_dock_offers_the_code_escaped() -> None:
    from mahjong_ui.table.replay import ReplayTable
    from mahjong_ui.table.replay_render import replay_html as dock_html

    table = ReplayTable.of_link(EXAMPLE_REPLAY)
    words = cat("pt")
    plain = dock_html(words, table.model())
    assert 'data-action="replay-embed"' in plain and "replay-embed-code" not in plain
    code = embed_code(EXAMPLE_REPLAY, None, "https://example.org/mj/", words.t("replay.embed_title"))
    shown = dock_html(words, table.model(), None, code)
    area = re.search(r'data-testid="replay-embed-code">(.*?)</textarea>', shown, re.S)
    assert area is not None and html.unescape(area.group(1)) == code and "<iframe" not in area.group(1)
