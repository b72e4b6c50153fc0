"""Exercises (issue 7): every exercise of every rule set has an engine answer; a few answers
per rule set worked out by hand from the documents (article cited beside each); ``check``
for right, wrong and malformed answers (a message key, never an exception); every key the
feedback uses exists in the three catalogues."""
from __future__ import annotations


import pytest

from _learn_helpers import LANGS, catalogues

from mahjong_engine.rules import RULE_SET_KEYS, get_rule_set
from mahjong_ui.learn import exercise_text, exercises as X

ALL = [(rules, ex.id) for rules in RULE_SET_KEYS for ex in X.exercises(rules)]


# ---------------------------------------------------------------- every exercise
def test_each_rule_set_has_at_least_three_of_each_kind():
    for rules in RULE_SET_KEYS:
        kinds = [ex.kind for ex in X.exercises(rules)]
        for kind in X.KINDS:
            assert kinds.count(kind) >= 3, (rules, kind)


def test_ids_are_unique_and_stable_in_form():
    for rules in RULE_SET_KEYS:
        ids = [ex.id for ex in X.exercises(rules)]
        assert len(ids) == len(set(ids))
        for ex in X.exercises(rules):
            kind, _, number = ex.id.partition("-")
            assert kind == ex.kind and number.isdigit()


@pytest.mark.parametrize("rules,exercise_id", ALL)
def test_every_exercise_has_an_answer(rules, exercise_id):
    ex = X.find(rules, exercise_id)
    truth = X.answer(rules, exercise_id)
    rule_set = get_rule_set(rules)
    if ex.kind == "complete":
        size = len(ex.description(rules).concealed) + 3 * len(ex.meld_list)
        assert size == rule_set.hand_size
        assert isinstance(truth["complete"], bool)
        if truth["complete"]:
            assert truth["form"] in {f.key for f in rule_set.forms}
    elif ex.kind == "waits":
        assert truth["waits"], "a waits exercise must be a ready hand"
    elif ex.kind == "claim":
        assert len(ex.hands) == 3
        state = X.claim_state(rules, ex)
        for seat in (1, 2, 3):
            assert len(state.hands[seat]) == rule_set.hand_size - 1
        assert truth["seat"] in X.SEATS[1:]
        assert truth["kinds"]
    else:
        assert truth["winning"] and truth["total"] is not None
    # the right answer is accepted
    assert X.check(rules, exercise_id, right_answer(rules, exercise_id)).correct is True


def right_answer(rules: str, exercise_id: str) -> str:
    ex, truth = X.find(rules, exercise_id), X.answer(rules, exercise_id)
    if ex.kind == "complete":
        return "yes" if truth["complete"] else "no"
    if ex.kind == "waits":
        return "".join(truth["waits"])
    if ex.kind == "claim":
        return f"{truth['seat']}:{truth['kinds'][0]}"
    return str(truth["total"])


def test_each_kind_teaches_both_sides():
    """Complete and not complete both appear; claims are not all taken by the same seat."""
    for rules in RULE_SET_KEYS:
        complete = [X.answer(rules, e.id)["complete"] for e in X.exercises(rules)
                    if e.kind == "complete"]
        assert True in complete and False in complete, rules
        seats = {X.answer(rules, e.id)["seat"] for e in X.exercises(rules) if e.kind == "claim"}
        assert len(seats) >= 2, rules


def test_rule_sets_special_shapes_are_covered():
    forms = {(rules, X.answer(rules, e.id).get("form")) for rules, e in
             ((r, e) for r in RULE_SET_KEYS for e in X.exercises(r)) if e.kind == "complete"}
    assert ("macau_1988", "thirteen_orphans") in forms
    assert ("filipino", "siyete_pares") in forms
    assert ("serralheiro_2003", "pares_na_regua") in forms
    assert ("serralheiro_2003", "thirteen_orphans") in forms
    assert ("serralheiro_2003", "twin_sevens") in forms


# ---------------------------------------------------------------- answers worked by hand
def test_macau_by_hand():
    # art. 5.º (3) «Treze chamadas»: 1 and 9 of each suit, the 3 dragons, the 4 winds + a pair
    assert X.answer("macau_1988", "complete-2") == {
        "complete": True, "form": "thirteen_orphans", "groups": ["77z"], "melds": 0}
    # art. 3.º / art. 4.º: a hand wins with 4 sets and a pair; seven pairs is no such hand
    assert X.answer("macau_1988", "complete-3")["complete"] is False
    # 123m 456p 789s + 11z 55z: either pair becomes the pung (art. 3.º)
    assert X.answer("macau_1988", "waits-2")["waits"] == ["1z", "5z"]
    # art. 4.º (3): the chow by the player on the right gives way to a pung
    assert X.answer("macau_1988", "claim-1")["seat"] == "W"
    assert X.answer("macau_1988", "claim-1")["kinds"] == ["pung"]
    # art. 4.º (6) «Chit vu»: two winners, the nearest after the discarder (South)
    claim3 = X.answer("macau_1988", "claim-3")
    assert claim3["seat"] == "S" and claim3["options"]["W"][0] == "win"
    # art. 4.º (3): only the player on the right may chow; West's 34m cannot take the 2m
    claim4 = X.answer("macau_1988", "claim-4")
    assert (claim4["seat"], claim4["kinds"], claim4["options"]["W"]) == ("S", ["chow"], [])
    # art. 5.º (1) «Kai vu» (no fan); art. 5.º (2) «Conjunto de trunfo»: 1 fan
    assert X.answer("macau_1988", "score-1")["total"] == 0
    assert X.answer("macau_1988", "score-2")["total"] == 1


def test_filipino_by_hand():
    # "Uma mão vencedora": 7 pares e 1 conjunto completo de 3 ou 4 (Siyete Pares)
    assert X.answer("filipino", "complete-2")["form"] == "siyete_pares"
    # 16 tiles: 4 sets + a pair + 45p, waiting 3p or 6p for the fifth set
    assert X.answer("filipino", "waits-1")["waits"] == ["3p", "6p"]
    # "If multiple players want the tile to declare Mahjong, it goes to the player next in turn"
    assert X.answer("filipino", "claim-1")["seat"] == "S"
    # "Kong has second priority" over chow ("Chow has the lowest priority")
    claim2 = X.answer("filipino", "claim-2")
    assert claim2["seat"] == "N" and "kong" in claim2["kinds"]
    # Marcar a vitória: normal win 1 marker; bunot 2; eskalera + bunot (two criteria) 3
    assert [X.answer("filipino", f"score-{n}")["total"] for n in (1, 2, 3)] == [1, 2, 3]


def test_serralheiro_by_hand():
    # Organização de alguns jogos: 1234567m + 1234567p, the same run of 7 in two suits
    assert X.answer("serralheiro_2003", "complete-2")["form"] == "twin_sevens"
    # §10 b: 20 (Mah-Jong) + 8 (pung of 1s in the rack) + 2 (pair of dragons) = 30
    assert X.answer("serralheiro_2003", "score-1")["total"] == 30
    # §10 b: 20 + 4 + 4 (orchid, summer) + 4 (exposed dragon pung) = 32; §10 c: ×2 = 64
    assert X.answer("serralheiro_2003", "score-2")["total"] == 64
    # §10 b: 20 + 4 (exposed South pung) + 4 (exposed 999p) = 28; §10 c: own wind and
    # opener's wind, 2 doubles: 28 × 4 = 112
    assert X.answer("serralheiro_2003", "score-3")["total"] == 112


def test_cayro_by_hand():
    # Objetivo: four sets and a pair, nothing else (reading cayro.four_sets_and_pair)
    assert X.answer("cayro", "complete-2")["complete"] is False
    assert X.answer("cayro", "complete-3")["complete"] is False
    # "o completara una escalera teniendo las otras ocho fichas en mano": West's chow of the
    # 7m completes 1-9 and beats North's pung, from East's discard (West is not next)
    claim1 = X.answer("cayro", "claim-1")
    assert (claim1["seat"], claim1["kinds"], claim1["rank_kind"]) == ("W", ["chow"],
                                                                       "chow_straight")
    assert claim1["options"]["N"] == ["pung"]
    # the same without the straight: "este último [pung] tendrá preferencia"
    assert X.answer("cayro", "claim-2")["seat"] == "N"
    # "a menos que el primero consiguiera con esa ficha un Mah-Jong": a win from any player
    assert X.answer("cayro", "claim-3")["seat"] == "W"
    # Puntuaciones: pair of dragons exposed 2 + hidden pung of 1s 8 + Mah Jong 20 = 30
    assert X.answer("cayro", "score-1")["total"] == 30
    # hidden 222m 4 + Mah Jong 20 = 24; «Mano de un mismo palo» doubles three times: 192
    assert X.answer("cayro", "score-3")["total"] == 192


# ---------------------------------------------------------------- check()
def test_check_right_and_wrong():
    fb = X.check("macau_1988", "waits-1", "5s8s")
    assert fb.correct is False
    missed = [ln for ln in fb.lines if ln.key == "waits.missed"]
    assert missed and missed[0].params["tiles"] == "2s"
    fb = X.check("macau_1988", "waits-1", "258s1z")
    assert fb.correct is False and any(ln.key == "waits.wrong" for ln in fb.lines)
    assert X.check("macau_1988", "waits-1", "8s 5s 2s 2s").correct is True
    assert X.check("macau_1988", "complete-3", "yes").correct is False
    assert X.check("macau_1988", "complete-3", "NO").correct is True
    assert X.check("cayro", "claim-1", "N:pung").correct is False
    assert X.check("cayro", "claim-1", "w:chow").correct is True
    assert X.check("filipino", "claim-2", "N:pung").correct is True   # kong or pung: same rank
    assert X.check("filipino", "claim-2", "none").correct is False
    fb = X.check("serralheiro_2003", "score-2", "32")
    assert fb.correct is False and fb.message.params == {"total": 64, "given": 32}
    assert [i["key"] for i in fb.items] == ["mah_jong", "flower_orchid", "season_summer",
                                             "pung_dragon_exposed", "dragon_set"]
    assert fb.cite == ("serralheiro_2003", "cite.serralheiro_2003.scoring")
    assert X.check("macau_1988", "score-3", "2").message.key == "verdict.right_grade"


def test_incomplete_hand_explains_what_is_missing():
    fb = X.check("macau_1988", "complete-4", "no")
    assert fb.correct is True
    swaps = [(ln.params["out"], ln.params["in"]) for ln in fb.lines if ln.key == "complete.swap"]
    assert ("4p", "3p") in swaps
    far = X.check("serralheiro_2003", "complete-4", "no")
    assert any(ln.key == "complete.far" and ln.params["count"] == 2 for ln in far.lines)


@pytest.mark.parametrize("rules,exercise_id,given,key", [
    ("macau_1988", "waits-1", "", "answer.empty.waits"),
    ("macau_1988", "waits-1", "   ", "answer.empty.waits"),
    ("macau_1988", "waits-1", "0s", "answer.bad_tiles"),
    ("macau_1988", "waits-1", "5x", "answer.bad_tiles"),
    ("macau_1988", "waits-1", "12", "answer.bad_tiles"),
    ("macau_1988", "waits-1", "1f", "answer.bonus_tiles"),
    ("macau_1988", "complete-1", "maybe", "answer.bad_choice"),
    ("macau_1988", "complete-1", None, "answer.empty.complete"),
    ("cayro", "claim-1", "E:win", "answer.bad_choice"),
    ("cayro", "claim-1", "S:steal", "answer.bad_choice"),
    ("cayro", "claim-1", "", "answer.empty.claim"),
    ("cayro", "score-1", "thirty", "answer.bad_number"),
    ("cayro", "score-1", "3" * 500, "answer.too_long"),
    ("cayro", "nope-1", "yes", "answer.unknown_exercise"),
    ("nope", "complete-1", "yes", "answer.unknown_exercise"),
])
def test_bad_answers_give_a_message_key(rules, exercise_id, given, key):
    fb = X.check(rules, exercise_id, given)
    assert fb.correct is None and fb.message.key == key


# ---------------------------------------------------------------- catalogues
def _keys_used() -> set[tuple[str, str]]:
    used = set()
    for rules, exercise_id in ALL:
        ex = X.find(rules, exercise_id)
        for given in (right_answer(rules, exercise_id), "1m" if ex.kind == "waits" else "no",
                      "S:win", "0"):
            fb = X.check(rules, exercise_id, given)
            for line in [fb.message, *fb.lines]:
                used.add(("exercises", line.key))
                for ref in line.refs.values():
                    used.update(ref if isinstance(ref, list) else [ref])
            for item in fb.items:
                used.add((rules, f"item.{item['key']}"))
            if fb.cite and fb.cite[1].startswith("cite."):
                used.add(("learn", fb.cite[1]))
    return used


@pytest.mark.parametrize("lang", LANGS)
def test_every_feedback_key_is_in_the_catalogues(lang):
    cats = catalogues(lang)
    missing = [(d, k) for d, k in sorted(_keys_used()) if not cats.domain(d).known(k)]
    assert not missing
    for kind in X.KINDS:
        assert cats.known(f"exercises.kind.{kind}") and cats.known(f"exercises.prompt.{kind}")
        assert cats.known(f"exercises.answer.empty.{kind}")
    for rules in RULE_SET_KEYS:
        for ex in X.exercises(rules):
            if ex.note:
                assert cats.domain("exercises").known(ex.note), ex.note


@pytest.mark.parametrize("lang", LANGS)
def test_feedback_text_has_no_unfilled_placeholder(lang):
    cats = catalogues(lang)
    for rules, exercise_id in ALL:
        fb = X.check(rules, exercise_id, right_answer(rules, exercise_id))
        for line in [fb.message, *fb.lines]:
            text = exercise_text.line_text(cats, line)
            assert "{" not in text and text != line.key, (rules, exercise_id, line.key, text)
        for item in fb.items:
            assert all(exercise_text.item_text(cats, rules, item))
        assert exercise_text.cite_text(cats, fb.cite).strip()


# ---------------------------------------------------------------- the page's feedback
def wrong_and_right(rules: str, exercise_id: str) -> tuple[str, str]:
    """The answers tests/browser/test_exercises.py gives (``right_and_wrong`` there)."""
    ex, truth = X.find(rules, exercise_id), X.answer(rules, exercise_id)
    if ex.kind == "complete":
        right = "yes" if truth["complete"] else "no"
        return ("no" if right == "yes" else "yes"), right
    if ex.kind == "waits":
        return " ".join(truth["waits"][:-1]), " ".join(truth["waits"])
    if ex.kind == "claim":
        return "none", f"{truth['seat']}:{truth['kinds'][0]}"
    total = int(truth["total"])
    return str((total + 1) % 3 if rules == "macau_1988" else total + 1), str(total)


@pytest.mark.parametrize("kind", X.KINDS)
@pytest.mark.parametrize("rules", RULE_SET_KEYS)
def test_wrong_then_right_feedback_of_each_kind(rules, kind):
    """The feedback tests/browser/test_exercises.py read on the page for every rule set (the
    browser now answers two rule sets' exercises, every control; the content is checked here
    for all four): the first exercise of each kind answered wrong, then right. The page shows
    an "Explanation" heading when the feedback has lines or steps, each line by ``line_text``,
    one row a score item, and ``cite_text`` under a right answer."""
    cats = catalogues("en")
    exercise_id = next(e.id for e in X.exercises(rules) if e.kind == kind)
    wrong, right = wrong_and_right(rules, exercise_id)
    feedback = X.check(rules, exercise_id, wrong)
    assert feedback.correct is False, (rules, exercise_id)
    assert feedback.lines or feedback.steps                      # the explanation is shown
    if kind == "waits":
        assert any(exercise_text.line_text(cats, line).startswith("Missed") for line in feedback.lines)
    if kind == "score":
        assert len(feedback.items) == len(X.answer(rules, exercise_id)["items"])
    feedback = X.check(rules, exercise_id, right)
    assert feedback.correct is True, (rules, exercise_id)
    assert exercise_text.cite_text(cats, feedback.cite).startswith("Source:")
