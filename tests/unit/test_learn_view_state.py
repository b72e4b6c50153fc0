"""The learn views' pure state (mahjong_ui.learn.view_state): answers and picked tiles of the
exercises, the lesson's progress and chosen tiles, the glossary's query, the route. The
views' binders own one instance each and draw from it; here it is driven without a page."""
from __future__ import annotations

from mahjong_ui.learn.exercises import Feedback, Line
from mahjong_ui.learn.glossary_search import Found
from mahjong_ui.learn.view_state import ExerciseAnswers, GlossaryQuery, LearnRoute, LessonProgress

RULE_SETS = ("macau_1988", "filipino", "serralheiro_2003", "cayro")


def _fb(correct: bool | None) -> Feedback:
    return Feedback(correct, Line("verdict.right" if correct else "verdict.wrong"))


def test_answers_kept_by_rule_set_and_refusals_not_kept() -> None:
    state = ExerciseAnswers()
    assert state.record("cayro", "complete-1", "yes", _fb(True))
    assert state.record("cayro", "claim-1", "none", _fb(False))
    assert not state.record("cayro", "score-1", "abc", _fb(None))   # refused: not an answer
    assert state.record("filipino", "complete-1", "no", _fb(True))
    assert state.score("cayro") == (1, 2)
    assert state.score("filipino") == (1, 1)
    assert state.score("macau_1988") == (0, 0)
    assert state.given("cayro", "claim-1") == "none"
    assert state.given("cayro", "score-1") is None
    assert state.record("cayro", "claim-1", "east:pung", _fb(True))  # answered again: replaced
    assert state.score("cayro") == (2, 2)


def test_picked_tiles_toggle_and_clear_per_exercise() -> None:
    state = ExerciseAnswers()
    picked = state.tiles("cayro", "waits-1")
    assert state.toggle("cayro", "waits-1", "3m") and state.toggle("cayro", "waits-1", "6m")
    assert not state.toggle("cayro", "waits-1", "3m")
    assert picked == ["6m"] and state.tiles("cayro", "waits-1") is picked
    assert state.tiles("cayro", "waits-2") == [] and state.tiles("filipino", "waits-1") == []
    state.clear("cayro", "waits-1")
    assert picked == []


def test_lesson_progress_keeps_each_rule_set_and_the_choice_limit() -> None:
    progress: LessonProgress[str] = LessonProgress()
    assert progress.get("cayro") is None
    assert progress.keep("cayro", "lesson-c") == "lesson-c" and progress.get("cayro") == "lesson-c"
    assert not progress.select("5p", limit=2) and not progress.select("6p", limit=2)
    assert progress.select("7p", limit=2) and progress.selected == ["7p"]
    assert progress.select("1s", limit=1) and progress.selected == ["1s"]
    progress.unselect()
    assert progress.selected == []
    progress.drop("cayro")
    progress.drop("cayro")                      # dropping twice loses nothing else
    assert progress.get("cayro") is None


def test_glossary_query_hides_only_what_the_search_left_out() -> None:
    found = Found(ids=("pung",), by_section={"melds": 1}, query="pung")
    terms = {"pung": None, "kong": None}
    assert not GlossaryQuery("").hides("kong", terms, found)          # no search: nothing hidden
    query = GlossaryQuery("pung")
    assert query.hides("kong", terms, found) and not query.hides("pung", terms, found)
    assert query.hides("sec-scoring", terms, found) and not query.hides("sec-melds", terms, found)
    assert not query.hides(None, terms, found) and not query.hides("unknown", terms, found)


def test_route_follows_another_rule_set_without_a_second_drawing() -> None:
    route = LearnRoute(rules_seen="cayro", mode_seen="learn")
    assert not route.follow("cayro", "cayro")
    assert route.follow("filipino", "cayro") and route.rules_seen == "filipino"
    # the settings change the header's new rule set makes: no redraw, no address move
    assert route.settings_changed("learn", "filipino", "#learn/filipino", RULE_SETS) == (False, None)
    assert route.settings_changed("learn", "filipino", "", RULE_SETS) == (True, None)


def test_route_header_rule_set_moves_the_address_of_a_read_page() -> None:
    route = LearnRoute(route=("cayro", None), rules_seen="cayro", mode_seen="learn",
                       address="#learn/cayro")
    assert route.settings_changed("learn", "filipino", "#learn/cayro", RULE_SETS) == \
        (True, "#learn/filipino")
    assert route.rules_seen == "filipino"
    # the glossary does not move; an address not read yet is read whole, not moved
    glossary = LearnRoute(route=("glossary", None), rules_seen="cayro", mode_seen="learn")
    assert glossary.settings_changed("learn", "filipino", "", RULE_SETS) == (True, None)
    unread = LearnRoute(route=("cayro", None), rules_seen="cayro", mode_seen="learn",
                        address="#learn/cayro")
    assert unread.settings_changed("learn", "filipino", "#learn/macau_1988", RULE_SETS) == (True, None)
    # another mode: nothing to draw, but the mode is remembered
    other = LearnRoute(mode_seen="learn")
    assert other.settings_changed("table", "cayro", "", RULE_SETS) == (False, None)
    assert other.mode_seen == "table"
    # switching into learn reads the address whole
    assert other.settings_changed("learn", "filipino", "", RULE_SETS) == (True, None)


def test_render_claimed_once_until_started() -> None:
    route = LearnRoute()
    assert route.claim_render() and not route.claim_render()
    route.render_due = False
    assert route.claim_render()
