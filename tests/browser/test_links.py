"""Every link honoured wherever it is followed (issue 30): in one warm page, loaded once and
moved only by the hash (as a link followed inside the open app moves it), each kind of link
is followed from each mode (play, learn, score, keep):
- a calculator link (the issue's Cayro hand): the calculator shows that hand and rule set;
- a learn link (``#learn/cayro?lang=es``): Cayro's lesson, in Spanish;
- a play link with a seed (Serralheiro, 4242): a table of that rule set and seed whose tiles
  are the seed's own (the saved moves replayed under CPython from a match of seed 4242 give
  the visitor's hand on the page);
- a replay link (a Cayro hand): the replay of that hand, its rule set and its moves.
Each time the address still holds the link after the page settled (no view wrote the old
state back, so a reload brings the same)."""
from __future__ import annotations

import json

import pytest

from mahjong_engine.game import Match, action_from_json
from mahjong_engine.tiles import Tile
from mahjong_ui.table.replay import ReplayTable
from site_helpers import SETTLED, fresh_storage, load, stored

from builders import played_match

SCORE = "#score?rules=cayro&c=567p888s22z&w=6p&m=c234m,K5555m&f=16f&win=discard&seat=S&round=E"
LEARN = "#learn/cayro?lang=es"
PLAY = "#play?rules=serralheiro_2003&seed=4242"
REPLAY_HAND = ReplayTable.of_match(played_match("cayro", 5, 2).to_json(), 0)
REPLAY = "#play/replay/" + REPLAY_HAND.link()
# Each mode as the visitor has it open before following a link (other rule sets than the
# links', so a view showing its previous state is caught).
STARTS = {
    "play": ("#play?rules=macau_1988",
             "#play-root[data-ready=true][data-history=none][data-rules=macau_1988]"),
    "learn": ("#learn/filipino", "#learn-root[data-ready=true][data-rules=filipino]"),
    "score": ("#score?rules=macau_1988&c=123m456p789s234s55p",
              "[data-testid=calc-palette]"),
    "keep": ("#keep", "[data-testid=keep-setup], [data-testid=keep-hands]"),
}


@pytest.fixture(scope="module")
def app(shared_page, server):
    """The module's page, loaded once as a first visit (then moved by the hash only); loaded
    so again if its renderer crashes (page_guard)."""

    def first_visit(page):
        fresh_storage(page, server)
        page.context.recorder.clear()
        load(page, server.url + STARTS["score"][0], STARTS["score"][1])

    shared_page.also_set_up(first_visit)
    return shared_page


def follow(page, address: str) -> None:
    page.evaluate("a => { location.hash = a; }", address)


def open_mode(page, mode: str) -> None:
    address, ready = STARTS[mode]
    follow(page, address)
    page.wait_for_function(f"document.documentElement.dataset.mode === {json.dumps(mode)}",
                           timeout=30_000)
    page.wait_for_selector(ready, state="visible", timeout=60_000)


def address_kept(page, link: str) -> None:
    page.wait_for_timeout(500)          # any late write of the address would come now
    assert page.evaluate("decodeURIComponent(location.hash)") == link


def check_score(page) -> None:
    page.wait_for_function("document.documentElement.dataset.mode === 'score'")
    page.wait_for_function("document.querySelector('[data-testid=calc-concealed]')"
                           "?.value === '567p888s22z'", timeout=30_000)
    assert page.input_value("[data-testid=rules]") == "cayro"
    address_kept(page, SCORE)
    assert page.input_value("[data-testid=calc-concealed]") == "567p888s22z"
    assert page.input_value("[data-testid=rules]") == "cayro"


def check_learn(page) -> None:
    page.wait_for_selector("#learn-root[data-ready=true][data-rules=cayro][data-lang=es]",
                           timeout=60_000)
    address_kept(page, LEARN)
    assert page.input_value("[data-testid=rules]") == "cayro"
    assert page.get_attribute("#learn-root", "data-rules") == "cayro"


def check_play(page) -> None:
    table = "#play-root[data-ready=true][data-history=none]"
    page.wait_for_selector(f"{table}[data-rules=serralheiro_2003][data-seed='4242']",
                           timeout=60_000)
    page.wait_for_function(SETTLED, timeout=60_000)
    address_kept(page, PLAY)
    # the seed's wall: the saved moves, replayed on a match of seed 4242 made here, deal
    # the visitor the tiles the page shows
    saved = json.loads(stored(page, "mahjong.table.game"))
    kept = Match.from_json(saved["match"])
    assert (saved["seed"], kept.rules_key) == (4242, "serralheiro_2003")
    game = Match("serralheiro_2003", 4242, kept.stake, kept.exchanges, kept.capital).new_hand()
    for item in saved["current"]:
        game.apply(action_from_json(item))
    human = saved["seating"].index(0)          # the visitor is player 0
    shown = page.eval_on_selector_all("[data-testid=hand] .hand-tile",
                                      "ts => ts.map(t => t.dataset.tile)")
    assert sorted(shown) == sorted(Tile(t).notation for t in game.hands[human])


def check_replay(page) -> None:
    page.wait_for_selector("#play-root[data-history=replay]", timeout=60_000)
    address_kept(page, REPLAY)
    assert page.get_attribute("[data-testid=dead-wall]", "data-rules") == "cayro"
    steps = page.get_attribute("[data-testid=replay-step]", "max")
    assert steps == str(REPLAY_HAND.replay.steps)


LINKS = {"score": (SCORE, check_score), "learn": (LEARN, check_learn),
         "play": (PLAY, check_play), "replay": (REPLAY, check_replay)}


@pytest.mark.parametrize("mode", list(STARTS))
def test_each_kind_of_link_followed_from_each_mode(app, mode):
    page = app
    for kind, (link, check) in LINKS.items():
        open_mode(page, mode)
        follow(page, link)
        try:
            check(page)
        except AssertionError as error:
            raise AssertionError(f"{kind} link followed from {mode}: {error}") from None
    assert page.context.recorder.page_errors == []
