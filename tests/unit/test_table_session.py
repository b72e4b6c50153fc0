"""The table's session, presenter and painter under CPython (py/mahjong_ui/table/session.py,
table/presenter.py, paint.py): what the page binder (views/table.py) calls for each event,
checked against a dict storage and drawn into the fake DOM (tests/unit/fake_dom.py). The
browser tests keep the wiring (events reaching these calls); the logic is tested here."""

from __future__ import annotations

import json

import pytest
from fake_dom import FakeElement, root
from test_table_controller import catalogues
from test_table_store import game, human_move, raw_of, settle

from mahjong_ui.paint import had_focus, paint
from mahjong_ui.storage import DictStorage
from mahjong_ui.table import saves
from mahjong_ui.table.params import parse
from mahjong_ui.table.presenter import RESULT, present
from mahjong_ui.table.session import TableSession
from mahjong_ui.table.store import SETTINGS_KEY, TableStore

GAME, KEPT, PARKED = saves.GAME_KEY, saves.KEPT_PREFIX, saves.PARKED_KEY
CATS = {lang: catalogues(lang) for lang in ("en", "pt")}


def session(storage: DictStorage | None = None, rules: str = "cayro", lang: str = "en",
            params: str | None = None) -> TableSession:
    """A session as the page starts it; a new first match is dealt with seed 1 (the human
    is to discard a tile he has just drawn, nothing to claim) unless ``params`` say."""
    s = TableSession(TableStore(storage if storage is not None else DictStorage()), CATS[lang], rules)
    link = parse(params) if params is not None else None
    s.seed = 1
    if link is not None:
        s.apply_params(link)
    s.restore(link)
    assert s.controller is not None
    settle(s.controller)
    return s


def draw(s: TableSession, node: FakeElement | None = None) -> FakeElement:
    """The table as the binder draws it, into a fake root."""
    node = node if node is not None else root()
    c = s.controller
    assert c is not None
    model = c.model()
    s.update_help(c, model)
    screen = present(s.cat, c, model, s.vs)
    paint(node, screen.html, screen.data)
    return node


def message(node: FakeElement) -> str:
    found = node.querySelector("[data-testid=table-message]")
    assert found is not None
    return found.textContent


# ---------------------------------------------------------------- the saved games, told
def test_a_first_visit_starts_a_match_and_saves_it():
    storage = DictStorage()
    s = session(storage)
    node = draw(s)
    assert json.loads(storage.items[GAME])["seed"] == s.controller.seed
    assert node.dataset.ready == "true" and node.dataset.rules == "cayro"
    assert node.dataset.seed == str(s.controller.seed) and node.dataset.history == "none"
    assert node.querySelector("[data-testid=table-message]").getAttribute("hidden") is not None


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_corrupted_save_is_set_aside_and_told(lang):
    storage = DictStorage({GAME: "{not json"})
    s = session(storage, lang=lang)
    cat = CATS[lang]
    assert message(draw(s)) == cat.t("table.set_aside", reason=cat.t("record.corrupted"))
    assert list(storage.with_prefix(saves.ASIDE_PREFIX).values()) == ["{not json"]


def test_set_aside_is_said_only_once_the_copy_is_written():
    storage = DictStorage({GAME: "{not json"})
    storage.full = True                     # the copy cannot be written: never "set aside"
    s = session(storage)
    cat = s.cat
    reason = cat.t("record.corrupted")
    assert message(draw(s)) == cat.t("table.aside_failed", reason=reason)
    assert storage.items[GAME] == "{not json"            # left where it was
    storage.full = False
    assert s.save()
    assert message(draw(s)) == cat.t("table.set_aside", reason=reason)
    assert list(storage.with_prefix(saves.ASIDE_PREFIX).values()) == ["{not json"]


def test_a_full_storage_is_told_until_a_save_succeeds():
    storage = DictStorage()
    s = session(storage)
    before = storage.items[GAME]
    storage.full = True
    human_move(s.controller)
    assert not s.save()
    node = draw(s)
    assert node.querySelector("[data-testid=save-failed]").textContent == s.cat.t("table.save_failed")
    assert storage.items[GAME] == before
    storage.full = False
    assert s.save()
    assert draw(s, node).querySelector("[data-testid=save-failed]") is None


def test_a_link_keeps_the_match_and_the_page_offers_it_back():
    storage = DictStorage()
    s = session(storage, params="rules=cayro")
    first = s.controller
    human_move(first)
    s.save()
    s.apply_params(parse("rules=cayro&seed=4242"))
    s.follow_link(parse("rules=cayro&seed=4242"))
    assert s.controller.seed == 4242
    node = draw(s)
    assert message(node) == s.cat.t("table.link_kept")
    assert node.querySelector('[data-action="resume-kept"]') is not None
    assert s.act("resume-kept")
    assert s.controller.to_json() == first.to_json()
    assert message(draw(s, node)) == s.cat.t("table.resumed")
    assert [json.loads(v)["seed"] for v in storage.with_prefix(KEPT).values()] == [4242]


def test_the_same_link_again_changes_nothing():
    s = session(params="rules=cayro&seed=4242")
    c = s.controller
    s.follow_link(parse("rules=cayro&seed=4242"))
    assert s.controller is c and s.vs.kept_key is None


def test_switching_rule_sets_parks_and_resumes():
    storage = DictStorage()
    s = session(storage, rules="cayro")
    cayro = s.controller
    human_move(cayro)
    s.switch_rules("filipino")
    assert s.controller.rules_key == "filipino"
    assert json.loads(storage.items[PARKED + "cayro"]) == cayro.to_json()
    s.switch_rules("cayro")
    assert s.controller.to_json() == cayro.to_json() and s.vs.message == "table.resumed"
    again = s.controller
    s.switch_rules("cayro")                                  # the same rule set: nothing moves
    assert s.controller is again


def test_a_saved_match_resumes_with_its_own_watch_and_learning():
    learning = game(moves=0)
    learning.learning = True
    s = session(DictStorage({GAME: raw_of(learning)}))
    assert s.vs.learning and not s.vs.watch and s.vs.message == "table.resumed"


# ---------------------------------------------------------------- the player's moves
def test_a_tile_pressed_twice_is_discarded_and_saved():
    storage = DictStorage()
    s = session(storage, rules="macau_1988")
    c = s.controller
    model = c.model()
    assert model["discardable"]
    last = len(model["hand"]) + (1 if model["drawn"] else 0) - 1
    assert s.press_tile(last) and s.vs.selected == last
    before = len(c.state.log)
    assert s.press_tile(last)
    assert len(c.state.log) == before + 1 and s.vs.selected is None
    assert len(json.loads(storage.items[GAME])["current"]) == before + 1


def test_nothing_selected_is_told_and_out_of_range_is_ignored():
    s = session(rules="macau_1988")
    assert not s.press_tile(99)
    assert s.act("discard") and s.vs.message == "table.select_first"


def test_an_illegal_claim_is_a_message_not_a_traceback():
    s = session(rules="macau_1988")
    before = s.controller.to_json()
    assert not s.claim("pung")                     # not offered: nothing happens
    assert s._do(lambda: s.controller.act({"type": "pung", "tile": "1B"}))
    assert s.vs.message and s.vs.message.startswith(("action.", "claim.", "table."))
    assert s.controller.to_json() == before


def test_the_exchange_takes_two_tiles_and_says_why_not_a_third():
    s = session(rules="serralheiro_2003")
    model = s.controller.model()
    assert model["phase"] == "exchange" and model["awaiting"] == "human"
    assert s.claim("exchange") and s.vs.message == "help.exchange_need_two"
    for i in (0, 1, 2):
        s.press_tile(i)
    assert s.vs.exchange == [0, 1] and s.vs.message == "help.exchange_third"
    s.press_tile(1)
    assert s.vs.exchange == [0]
    s.press_tile(1)
    before = len(s.controller.state.log)
    assert s.claim("exchange")
    assert len(s.controller.state.log) > before and s.vs.exchange == []


def test_new_match_is_asked_first():
    s = session()
    c = s.controller
    assert s.act("new-game") and s.vs.confirm_new and s.controller is c
    assert s.act("new-game-cancel") and not s.vs.confirm_new
    assert s.act("new-game") and s.act("new-game-confirm")
    assert s.controller is not c and not s.vs.confirm_new
    assert not s.act("no-such-action")


def test_a_hint_names_a_tile_in_the_players_language():
    s = session(rules="macau_1988", lang="pt")
    assert s.act("hint")
    key, params = s.vs.hint[0]
    assert key in ("table.hint_discard", "table.hint_action")
    assert s.vs.hint_view is not None and s.vs.hint_action.get("type")
    if key == "table.hint_discard":
        assert params["tile"] == s.cat.t("tile." + s.vs.hint_action["tile"])


def test_undo_in_a_learning_game_and_its_refusal_in_a_scored_one():
    s = session(rules="macau_1988")
    assert s.undo() and s.vs.message == "table.undo_not_scored"
    s.set_control("learning", "", True)
    assert s.controller.learning
    c = settle(s.controller)
    before = c.to_json()
    human_move(c)
    assert s.key_command("u") == "undo" and s.act("undo")
    assert s.vs.message == "table.undone"
    assert s.controller.to_json()["current"] == before["current"]


# ---------------------------------------------------------------- keys and settings
def test_keys_while_the_history_or_a_confirmation_is_open():
    s = session()
    assert s.key_command("arrowleft", "replay") == "replay-back"
    assert s.key_command("escape", "replay") == "replay-close"
    assert s.key_command("escape", "list") == "history-close"
    assert s.key_command("h", "list") is None
    s.act("new-game")
    assert s.key_command("escape") == "new-game-cancel" and s.key_command("h") is None


def test_claim_keys_follow_what_is_offered():
    s = session(rules="macau_1988")
    assert s.key_command("h") == "hint"
    assert s.key_command("escape") is None          # nothing to pass on
    assert s.key_command("p") is None               # no pung offered, and not a learning game
    s.seed = 1      # the same deal as a learning game (an unseeded one may offer a pung)
    s.set_control("learning", "", True)
    settle(s.controller)
    assert s.key_command("p") == "why:pung" and s.key_command("m") == "why:win"


def test_arrow_keys_move_the_selection_round_the_hand():
    s = session(rules="macau_1988")
    size = len(s.controller.model()["hand"]) + 1
    assert s.move_selection(1, None) == 0                 # from the right end, round
    assert s.move_selection(-1, None) == size - 1
    s.vs.selected = None
    assert s.move_selection(1, 3) == 4


def test_settings_are_remembered_and_bad_values_refused():
    storage = DictStorage()
    s = session(storage)
    assert not s.set_control("speed", "warp", False) and s.vs.speed == "normal"
    assert s.set_control("speed", "fast", False)
    assert s.set_control("level", "strong", False) and s.controller.level == "strong"
    c = s.controller
    assert s.set_control("watch", "", True) and s.controller is not c and s.controller.watch
    saved = json.loads(storage.items[SETTINGS_KEY])
    assert (saved["speed"], saved["level"], saved["watch"]) == ("fast", "strong", True)
    assert TableSession(TableStore(storage), CATS["en"], "cayro").vs.speed == "fast"
    assert not s.set_control("unknown", "x", True)


def test_address_parameters_are_applied_and_bad_ones_told():
    storage = DictStorage()
    s = TableSession(TableStore(storage), CATS["en"], "cayro")
    s.vs.watch = True
    s.apply_params(parse("speed=instant&level=oops&learn=1"))
    assert s.vs.speed == "instant" and s.vs.learning and not s.vs.watch
    assert s.vs.notices == [("table.url_bad", {"param": "level", "value": "oops"})]
    assert json.loads(storage.items[SETTINGS_KEY])["speed"] == "instant"


# ---------------------------------------------------------------- the painter
def test_the_focus_comes_back_to_the_button_or_the_hand():
    s = session(rules="macau_1988")
    node = draw(s)
    button = node.querySelector('[data-action="hint"]')
    assert button is not None
    button.focus()
    refocus = had_focus(node, node.document.activeElement)
    assert refocus == '[data-action="hint"]'
    screen = present(s.cat, s.controller, s.controller.model(), s.vs)
    paint(node, screen.html, screen.data, refocus)
    assert node.document.activeElement is not button              # drawn again
    assert node.document.activeElement.getAttribute("data-action") == "hint"
    tile = node.querySelector('.hand-tile[tabindex="0"]')
    tile.focus()
    assert had_focus(node, tile) == "hand"
    assert had_focus(node, None) is None and had_focus(node, FakeElement("p")) is None


def test_a_hand_result_takes_the_keyboard_once():
    s = session(rules="macau_1988")
    c = s.controller
    for _ in range(400):
        if c.awaiting() == "ended":
            break
        human_move(c)
    assert c.awaiting() == "ended"
    node = root()
    screen = present(s.cat, c, c.model(), s.vs)
    assert screen.result == (c.seed, c.model()["hand_number"])
    paint(node, screen.html, screen.data, None, RESULT)
    assert node.document.activeElement.getAttribute("data-testid") == "result"
