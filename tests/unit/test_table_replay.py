"""History and replay of the table's matches (issue 16), as models (no page)."""
from __future__ import annotations

import pytest

from mahjong_engine.game import RecordError
from mahjong_engine.rules import RULE_SET_KEYS
from mahjong_ui.table.replay import ReplayTable, hand_history

from builders import played_match


@pytest.fixture(scope="module", params=RULE_SET_KEYS)
def match(request):
    return played_match(request.param, 5, 4)


def test_history_lists_every_hand_as_the_table_booked_it(match) -> None:
    data = match.to_json()
    lines = hand_history(data)
    assert len(lines) == len(data["hands"])
    assert [sum(line["payments"]) + line["commission"] for line in lines] == [0] * len(lines)
    totals = [0, 0, 0, 0]
    for line in lines:
        totals = [a + b for a, b in zip(totals, line["payments"], strict=True)]
        assert line["banker"] in range(4)
    assert totals == match.balances
    for line, saved in zip(lines, data["hands"], strict=True):
        result = saved["result"]
        assert (line["winner"] is None) == (result["winner"] is None)


def test_replay_walks_a_hand_and_hides_the_others_tiles(match) -> None:
    data = match.to_json()
    table = ReplayTable.of_match(data, len(data["hands"]) - 1)
    model = table.model()
    assert model["replay"]["step"] == 0 and model["replay"]["move"] is None
    assert model["actions"] == []
    mine = next(s for s in model["seats"] if s["player"] == 0)
    others = [s for s in model["seats"] if s["player"] != 0]
    assert mine["tiles"] and all(s["tiles"] is None for s in others)
    table.go(10**6)
    end = table.model()
    assert end["replay"]["step"] == end["replay"]["steps"] > 0
    assert end["result"] is not None
    table.back()
    assert table.model()["replay"]["step"] == end["replay"]["steps"] - 1
    seat = others[0]["seat"]
    table.toggle(seat)
    assert next(s for s in table.model()["seats"] if s["seat"] == seat)["tiles"]


def test_a_shared_replay_opens_the_same_hand(match) -> None:
    data = match.to_json()
    table = ReplayTable.of_match(data, 0)
    again = ReplayTable.of_link(table.link())
    assert again.hand_players == table.hand_players
    table.go(7)
    again.go(7)
    assert again.model()["seats"] == table.model()["seats"]


def test_bad_replays_are_keyed_errors(match) -> None:
    with pytest.raises(RecordError):
        ReplayTable.of_match(match.to_json(), 99)
    with pytest.raises(RecordError):
        ReplayTable.of_link("r1.nonsense")


@pytest.mark.parametrize("lang", ["pt", "en", "es"])
def test_a_hand_of_the_history_that_cannot_be_replayed_has_its_own_words(match, lang) -> None:
    """Issue 30: a replay opened from the list of hands touches no save, so its failure is
    not told as «Damaged saved game: it has been set aside»: its own message, with the
    cause (no such hand; a hand whose moves cannot be played again)."""
    data = match.to_json()
    broken = {**data, "hands": [{**data["hands"][0], "actions": [["nonsense"]]},
                                *data["hands"][1:]]}
    cat = _catalogues(lang)
    corrupted = cat.t("record.corrupted")
    for match_json, index, reason in ((data, 99, "replay.no_such_hand"),
                                      (broken, 0, "replay.bad_moves")):
        with pytest.raises(RecordError) as caught:
            ReplayTable.of_match(match_json, index)
        error = caught.value
        assert (error.key, error.params["reason"]) == ("replay.hand_not_replayed", reason)
        text = cat.t(error.key, hand=index + 1, reason_text=cat.t(reason))
        assert text != corrupted and "{" not in text and "replay." not in text, text
        assert str(index + 1) in text


def _catalogues(lang: str):
    import json
    from pathlib import Path

    from mahjong_ui.table.catalogue import DOMAINS, table_translator

    root = Path(__file__).resolve().parents[2] / "static" / "i18n" / lang
    cat = table_translator()
    for domain in DOMAINS:
        path = root / f"{domain}.json"
        cat.add(lang, domain, json.loads(path.read_text("utf-8")) if path.exists() else {})
    cat.lang = lang
    return cat


@pytest.mark.parametrize("lang", ["pt", "en", "es"])
def test_history_and_replay_render_in_every_language(match, lang) -> None:
    import re

    from mahjong_ui.table.replay_render import history_html, replay_html

    cat = _catalogues(lang)
    data = match.to_json()
    table = ReplayTable.of_match(data, 0)
    lines = hand_history(data)
    pages = [history_html(cat, table.model(), lines)]
    for step in (0, 1, 5, 10**6):
        table.go(step)
        pages.append(replay_html(cat, table.model(), "r1.x"))
    for html in pages:
        # no catalogue key left untranslated
        assert not re.search(r">(history|replay)\.[a-z_.]+<", html), html
        assert "{" not in re.sub(r"<[^>]+>", "", html)
    assert pages[0].count('data-testid="history-hand"') == len(lines)
    assert 'data-testid="replay-result"' in pages[-1]


@pytest.mark.parametrize("lang", ["pt", "en", "es"])
def test_a_watched_match_history_names_the_bottom_seat(match, lang) -> None:
    import re

    from mahjong_ui.table.controller import TableController
    from mahjong_ui.table.replay_render import history_html

    cat = _catalogues(lang)
    watched = TableController(match.rules_key, seed=match.seed, watch=True)
    html = history_html(cat, watched.model(), hand_history(match.to_json()))
    assert not re.search(r">(history|replay)\.[a-z_.]+<", html), html
