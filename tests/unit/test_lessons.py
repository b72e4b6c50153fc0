"""Guided lessons (issue 7): every lesson plays out under the engine exactly as scripted,
meets its ideas in order, answers wrong and illegal moves without changing anything, and
deep links and saved lessons land on the same position as playing there."""
from __future__ import annotations

import json

import pytest

from _learn_helpers import LANGS, catalogues
from mahjong_engine import parse_tiles
from mahjong_engine.errors import IllegalActionError
from mahjong_engine.game import action_from_json
from mahjong_engine.rules import RULE_SET_KEYS
from mahjong_ui.names import reading_text
from mahjong_ui.learn.lesson_text import button_label, cite_text, text
from mahjong_ui.learn.lessons import IDEAS, LESSONS, Lesson

# What each document has (the seeds): Portaria 133/88/M art. 1.º counts 136 tiles, no
# flowers; flowers are in the Filipino rules ("Substituir"), Serralheiro §6 and Cayro
# ("Desarrollo del juego"); exchanges («trocas») are Serralheiro's §7 only.
IDEAS_OF = {
    "macau_1988": ("discard", "claim", "draw", "kong", "win", "score"),
    "filipino": ("discard", "claim", "draw", "kong", "flowers", "win", "score"),
    "serralheiro_2003": ("exchange", "discard", "claim", "draw", "kong", "flowers", "win",
                         "score"),
    "cayro": ("discard", "claim", "draw", "kong", "flowers", "win", "score"),
}


def play(lesson: Lesson, upto: int | None = None) -> list:
    """Follow the prompts (``expected()``) to step ``upto`` or to the end."""
    seen = []
    while not lesson.done and (upto is None or lesson.index < upto):
        seen.append(lesson.step.idea)
        feedback = lesson.try_action(lesson.expected())
        assert feedback.kind in ("right", "done"), (lesson.index, feedback.to_json())
    return seen


def position(lesson: Lesson) -> str:
    return json.dumps([lesson.index, lesson.done, lesson.state.snapshot()], sort_keys=True,
                      default=str)


def test_every_rule_set_has_a_lesson():
    assert set(LESSONS) == set(RULE_SET_KEYS)


@pytest.mark.parametrize("rules", RULE_SET_KEYS)
def test_lesson_plays_to_the_end_as_scripted(rules):
    lesson = Lesson(rules)
    while not lesson.done:
        step = lesson.step
        assert lesson.state.waiting_for() == [0] or lesson.state.ended, lesson.index
        if step.expect["type"] != "finish":
            # the move asked for is one the engine offers the learner now
            assert action_from_json(lesson.expected()) in lesson.state.legal_actions(0)
        else:
            assert lesson.state.ended
        assert lesson.try_action(lesson.expected()).kind in ("right", "done")
    result = lesson.state.result
    assert result is not None and result.winner == 0 and result.win == "self_drawn"
    sheet = lesson.model()["score"]
    assert sheet["items"] and all(i["source"]["document"] == rules for i in sheet["items"])


@pytest.mark.parametrize("rules", RULE_SET_KEYS)
def test_ideas_in_order(rules):
    lesson = Lesson(rules)
    seen = play(lesson)
    first = tuple(dict.fromkeys(seen))
    assert first == IDEAS_OF[rules] == LESSONS[rules].ideas
    assert set(first) <= set(IDEAS)
    assert seen[-1] == "score" and seen[-2] == "win"


def test_lesson_scores_are_the_documents():
    """The score sheets at the end, worked out from the documents."""
    totals = {}
    for rules in RULE_SET_KEYS:
        lesson = Lesson(rules)
        play(lesson)
        totals[rules] = lesson.model()["score"]
    macau = totals["macau_1988"]
    # 555z claimed (art. 5.º (2) «conjunto de trunfo», 1 fan); 9999p, 234m, 678s, 44p score
    # nothing more: 1 fan. The banker wins: each pays double, 2 x 100 (art. 6.º, $50/$100).
    assert [(i["key"], i["amount"]) for i in macau["items"]] == [("dragon_pung", 1)]
    assert macau["total"] == 1 and macau["settlement"][1:] == [-200, -200, -200]
    # Filipino: won on a tile drawn from the wall (the flower's replacement): Bunot, 2.
    assert totals["filipino"]["total"] == 2 and totals["filipino"]["settlement"][0] == 2
    # Cayro, Puntuaciones: Mah Jong 20; tile not discarded 2; hidden kong of 9m
    # («fichas de primera») 32; pair of dragons 2 -> 56; no double applies.
    cayro = {i["key"]: i["amount"] for i in totals["cayro"]["items"]}
    assert sum(v for v in cayro.values()) == 56 == totals["cayro"]["total"]
    # Serralheiro §10 b: Mah-Jong 20 + kong of 8s in the rack 16 + exposed dragon pung 4
    # + one flower 4 = 44 points; §10 c: a dragon pung, 1 double -> 88; the banker's hand
    # is worth double (§9 c ii, note 10): 176.
    serra = {i["key"]: i["amount"] for i in totals["serralheiro_2003"]["items"]}
    assert serra == {"mah_jong": 20, "kong_simple_concealed": 16, "pung_dragon_exposed": 4,
                     "flower_plum": 4, "dragon_set": 1}
    assert totals["serralheiro_2003"]["total"] == 176


@pytest.mark.parametrize("rules", RULE_SET_KEYS)
def test_wrong_and_illegal_moves_change_nothing(rules):
    lesson = Lesson(rules)
    tried_wrong = tried_illegal = 0
    while not lesson.done:
        expected = lesson.expected()
        if expected["type"] != "finish":
            before = position(lesson)
            legal = [a.to_json() for a in lesson.state.legal_actions(0)]
            wrong = next((a for a in legal if action_from_json(a) != action_from_json(expected)),
                         None)
            if wrong is not None:
                feedback = lesson.try_action(wrong)
                assert feedback.kind == "try" and feedback.key == f"try.{expected['type']}"
                assert position(lesson) == before
                tried_wrong += 1
            # the learner's hand cannot hold a tile of which four are on the table: a
            # win is asked only when complete, so "win" elsewhere is illegal
            illegal = ({"type": "win", "seat": 0} if expected["type"] != "win"
                       else {"type": "discard", "seat": 0, "tile": "1f"})
            feedback = lesson.try_action(illegal)
            assert feedback.kind == "illegal" and feedback.domain == "game"
            assert feedback.key.startswith(("why.", "action."))
            assert position(lesson) == before
            tried_illegal += 1
        else:
            feedback = lesson.try_action({"type": "discard", "seat": 0, "tile": "1m"})
            assert feedback.kind == "illegal"
        lesson.try_action(lesson.expected())
    assert tried_wrong >= 3 and tried_illegal == lesson.steps - 1


def test_malformed_moves_are_answered():
    lesson = Lesson("macau_1988")
    before = position(lesson)
    for bad in (None, "discard", {"type": "fly"}, {"type": "discard", "tile": "xx"},
                {"type": "discard", "seat": 9, "tile": "1s"}, [1, 2]):
        feedback = lesson.try_action(bad)
        assert feedback.kind == "illegal" and feedback.key == "action.malformed"
    assert lesson.try_action({"type": "finish"}).kind == "try"   # not the end yet
    assert position(lesson) == before


@pytest.mark.parametrize("rules", RULE_SET_KEYS)
def test_goto_equals_playing_there(rules):
    steps = Lesson(rules).steps
    for n in range(steps + 1):
        played = Lesson(rules)
        play(played, n)
        jumped = Lesson(rules)
        jumped.goto(n)
        assert position(jumped) == position(played), n
    clamped = Lesson(rules)
    clamped.goto(99)
    assert clamped.done and clamped.index == steps
    clamped.goto(-3)
    assert clamped.index == 0 and not clamped.done


@pytest.mark.parametrize("rules", RULE_SET_KEYS)
def test_json_round_trip(rules):
    lesson = Lesson(rules)
    for _ in range(3):
        lesson.try_action(lesson.expected())
    data = json.loads(json.dumps(lesson.to_json()))
    again = Lesson.from_json(data)
    assert position(again) == position(lesson)
    play(lesson)
    assert Lesson.from_json(lesson.to_json()).done


def test_bad_saves_raise_a_key():
    for bad in (None, {}, {"rules": "nope", "step": 1}, {"rules": "cayro", "step": "x"}):
        with pytest.raises(IllegalActionError) as err:
            Lesson.from_json(bad)
        assert err.value.key == "lesson.bad_save"


@pytest.mark.parametrize("rules", RULE_SET_KEYS)
def test_buttons_build_the_expected_moves(rules):
    """What the page sends: a button and the selected tiles give the expected move."""
    lesson = Lesson(rules)
    while not lesson.done:
        expected = lesson.expected()
        kind = expected["type"]
        selected = ([expected["tile"]] if kind == "discard" else
                    [t.notation for t in parse_tiles(expected["tiles"])]
                    if kind == "exchange" else [])
        built = lesson.action_for(kind, selected)
        if kind == "finish":
            assert built == {"type": "finish"}
        else:
            assert action_from_json(built) == action_from_json(expected)
        assert kind in lesson.model()["buttons"]
        lesson.try_action(built)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rules", RULE_SET_KEYS)
def test_every_text_is_translated(rules, lang):
    cats = catalogues(lang)
    lesson = Lesson(rules)
    shown = [text(cats, rules, "intro")]
    while True:
        model = lesson.model()
        key, params = model["prompt"]["key"], model["prompt"]["params"]
        shown.append(text(cats, rules, key, params))
        if model["citation"]:
            shown.append(cite_text(cats, model["citation"]))
        shown.extend(reading_text(cats, r) for r in model["readings"])
        shown.extend(button_label(cats, b) for b in model["buttons"])
        if lesson.done:
            break
        expected = lesson.expected()
        if expected["type"] not in ("finish", "win"):
            feedback = lesson.try_action({"type": "pass"} if expected["type"] != "pass"
                                         else {"type": "draw"})
            shown.append(text(cats, rules, feedback.key, feedback.params, feedback.domain))
        feedback = lesson.try_action(expected)
        shown.append(text(cats, rules, feedback.key, feedback.params, feedback.domain))
    for item in lesson.model()["score"]["items"]:
        shown.append(cats.t(f"{rules}.item.{item['key']}"))
    for reading in lesson.model()["score"]["readings"]:
        shown.append(reading_text(cats, reading))
    for line in shown:
        assert line and "{" not in line and not line.startswith(
            ("prompt.", "right.", "try.", "item.", "game.", "why.", "action.", "reading.",
             "term.", "tile.")), line
