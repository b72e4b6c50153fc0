"""Keep score (mode "keep", issue 16) in headless Chromium: a short match of each rule set
recorded through the page, its balances checked against the command line (`python -m
mahjong_engine match`) on the same hands; a correction of an earlier hand; export and
import of the record; the CSV; the print summary; screenshots in Portuguese."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from site_helpers import ARTIFACTS, fresh_storage, load, module_watched_page, wait_engine

from builders import CHOWS, PLAYERS, SEVENTEEN, match_cli


cli = match_cli


@pytest.fixture(scope="module")
def shared(browser):
    with module_watched_page(browser, accept_downloads=True) as page:
        yield page
        assert not page.errors, page.errors


@pytest.fixture
def keep(shared, server):
    """The module's page, its storage emptied (no match kept), at keep score."""
    fresh_storage(shared, server)
    load(shared, server.url + "#keep", "[data-testid=keep-setup]")
    return shared


def new_match(page, rules: str, options: dict | None = None) -> None:
    if page.locator("[data-testid=keep-new]").count():
        page.click("[data-testid=keep-new]")
        page.click("[data-testid=keep-new]")     # the second click confirms
    page.wait_for_selector("[data-testid=keep-setup]")
    page.select_option("[data-testid=keep-rules]", rules)
    for i, name in enumerate(PLAYERS):
        page.fill(f"[data-testid=keep-player-{i}]", name)
    for name, value in (options or {}).items():
        page.fill(f"[data-testid=keep-option-{name}]", str(value))
    page.click("[data-testid=keep-start]")
    page.wait_for_selector("[data-testid=keep-form]")


def hands_shown(page) -> int:
    return page.locator("[data-testid^=keep-hand-]").count()


def submit(page, expect: int) -> None:
    page.click("[data-testid=keep-record]")
    page.wait_for_function("n => document.querySelectorAll('[data-testid^=keep-hand-]').length === n",
                           arg=expect)
    error = page.locator("[data-testid=keep-error]")
    assert error.count() == 0 or error.inner_text() == ""     # the form closes at the end


def record_win(page, winner: int, concealed: str = CHOWS, discarder: int | None = None,
               how: str = "discard", dice: str | None = None, losers: dict | None = None) -> None:
    count = hands_shown(page)
    page.click("[data-testid=keep-kind-win]")
    page.click(f"[data-testid=keep-winner-{winner}]")
    page.click(f"[data-testid=keep-how-{how.replace('_', '-')}]")
    tiles_entry(page)
    if discarder is not None:
        page.click(f"[data-testid=keep-from-{discarder}]")
    page.fill("[data-testid=keep-concealed]", concealed)
    page.locator("[data-testid=keep-concealed]").blur()
    for player, tiles in (losers or {}).items():
        page.fill(f"[data-testid=keep-loser-{player}-concealed]", tiles)
    if dice is not None:
        page.fill("[data-testid=keep-dice]", dice)
    submit(page, count + 1)


def tiles_entry(page) -> None:
    """The hand entered tile by tile (a new hand is counted by default where the rule set
    takes counts)."""
    if page.locator("[data-testid=keep-entry-tiles]").count():
        page.click("[data-testid=keep-entry-tiles]")


def record_draw(page) -> None:
    count = hands_shown(page)
    page.click("[data-testid=keep-kind-draw]")
    submit(page, count + 1)


def balances(page) -> list[int]:
    return [int(page.inner_text(f"[data-testid=keep-balance-{p}]")) for p in range(4)]


def stored(page) -> dict:
    """The stored match, without the stamp two tabs check (keep/store.py; never exported)."""
    data = json.loads(page.evaluate("() => localStorage.getItem('mahjong.keep')"))
    assert isinstance(data.pop("stamp"), str)
    return data


def win(winner, concealed=CHOWS, discarder=None, how="discard", **extra):
    data = {"winner": winner, "win": how, "concealed": concealed,
            "win_tile": concealed[-2] + concealed[-1], **extra}   # the last tile entered
    if discarder is not None:
        data["discarder"] = discarder
    return data


def check_against_cli(page, rules: str, hands: list, options: dict | None = None) -> dict:
    expected = cli({"rules": rules, "players": PLAYERS, "options": options or {},
                    "hands": hands})
    assert balances(page) == expected["balances"]
    assert cli(stored(page))["balances"] == expected["balances"]
    nxt = expected["next"]["winds"]
    if not expected["finished"]:
        for p in range(4):
            assert page.get_attribute(f"[data-testid=keep-wind-{p}]", "data-wind") == nxt[p]
    return expected


def test_macau_match_with_a_draw_a_false_win_and_a_correction(keep):
    new_match(keep, "macau_1988", {"stake": "100/200"})
    # 136 tiles, no flowers (Portaria 133/88/M art. 1.º, 1): the form asks for none
    assert keep.locator("[data-testid=keep-flowers]").count() == 0
    record_win(keep, 0, discarder=1)
    record_draw(keep)
    record_win(keep, 2, discarder=3)
    count = hands_shown(keep)
    keep.click("[data-testid=keep-kind-false-win]")
    keep.click("[data-testid=keep-offender-1]")
    submit(keep, count + 1)
    hands = [win(0, discarder=1), {"draw": True}, win(2, discarder=3), {"false_win": 1}]
    check_against_cli(keep, "macau_1988", hands, {"stake": "100/200"})
    assert "pays the house 40" in keep.inner_text("[data-testid=keep-hand-0]")
    # a correction of hand 1: Bento won it, so the bank passes and every later hand moves
    keep.click("[data-testid=keep-edit-0]")
    keep.click("[data-testid=keep-winner-1]")
    keep.click("[data-testid=keep-from-2]")
    keep.click("[data-testid=keep-record]")
    keep.wait_for_selector("[data-testid=keep-cancel]", state="detached")
    hands[0] = win(1, discarder=2)
    expected = check_against_cli(keep, "macau_1988", hands, {"stake": "100/200"})
    assert expected["hands"][2]["banker"] == 1
    assert "Bento banker" in keep.inner_text("[data-testid=keep-hand-2]")


def test_serralheiro_match_with_a_losers_hand(keep):
    new_match(keep, "serralheiro_2003", {"limit": 3000})
    record_win(keep, 1, discarder=2, losers={0: "555s147m258p369s7z"})
    record_win(keep, 0, discarder=3)
    record_draw(keep)
    hands = [win(1, discarder=2, losers={"0": {"concealed": "555s147m258p369s7z"}}),
             win(0, discarder=3), {"draw": True}]
    expected = check_against_cli(keep, "serralheiro_2003", hands, {"limit": 3000})
    assert expected["hands"][0]["payments"] == [-24, 80, -28, -28]


def test_filipino_jai_alai_to_the_end_of_the_match(keep):
    new_match(keep, "filipino")
    record_win(keep, 1, SEVENTEEN, how="self_drawn", dice="3 3")
    record_win(keep, 1, SEVENTEEN, discarder=3, dice="1 1")
    record_draw(keep)
    record_win(keep, 1, SEVENTEEN, how="self_drawn")
    hands = [win(1, SEVENTEEN, how="self_drawn", dice=[3, 3]),
             win(1, SEVENTEEN, discarder=3, dice=[1, 1]), {"draw": True},
             win(1, SEVENTEEN, how="self_drawn")]
    expected = check_against_cli(keep, "filipino", hands)
    assert expected["finished"] and expected["winner"] == 1
    assert [keep.inner_text(f"[data-testid=keep-markers-{p}]") for p in range(4)] == \
        ["0", "5", "0", "0"]
    assert "Bento" in keep.inner_text("[data-testid=keep-finished]")
    assert keep.locator("[data-testid=keep-form]").count() == 0


def test_filipino_win_without_dice_is_refused_in_words(keep):
    new_match(keep, "filipino")
    keep.click("[data-testid=keep-winner-2]")
    tiles_entry(keep)
    assert keep.locator("[data-testid=keep-flowers]").count() == 1
    keep.fill("[data-testid=keep-concealed]", SEVENTEEN)
    keep.locator("[data-testid=keep-concealed]").blur()
    keep.click("[data-testid=keep-record]")
    keep.wait_for_function(
        "() => document.querySelector('[data-testid=keep-error]').textContent !== ''")
    text = keep.inner_text("[data-testid=keep-error]")
    assert text.startswith("Hand 1") and "dice" in text and "match." not in text
    assert hands_shown(keep) == 0


def test_cayro_match_with_losers_and_export_import_round_trip(keep, tmp_path):
    new_match(keep, "cayro")
    record_win(keep, 1, discarder=2, losers={0: "555s147m369p1237z", 2: "258m147s369s4567z"})
    record_win(keep, 3, discarder=0)
    hands = [win(1, discarder=2, losers={"0": {"concealed": "555s147m369p1237z"},
                                          "2": {"concealed": "258m147s369s4567z"}}),
             win(3, discarder=0)]
    expected = check_against_cli(keep, "cayro", hands)
    assert expected["hands"][0]["payments"] == [-22, 90, -34, -34]
    with keep.expect_download() as info:
        keep.click("[data-testid=keep-export-json]")
    path = tmp_path / "match.json"
    info.value.save_as(path)
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert exported == stored(keep)
    assert cli(exported)["balances"] == expected["balances"]
    with keep.expect_download() as info:
        keep.click("[data-testid=keep-export-csv]")
    rows = list(csv.reader(io.StringIO(Path(info.value.path()).read_text(encoding="utf-8"))))
    assert len(rows) == 3 and rows[0][0] == "hand"
    start = rows[0].index("Ana balance")
    assert [int(x) for x in rows[-1][start:start + 4]] == expected["balances"]
    # a new match, then the exported record brought back: the same match
    new_match(keep, "macau_1988")
    assert balances(keep) == [0, 0, 0, 0]
    keep.click("[data-testid=keep-import] summary")
    keep.fill("[data-testid=keep-import-text]", "{broken")
    keep.click("[data-testid=keep-import-apply]")
    assert "record" in keep.inner_text("[data-testid=keep-error]")
    assert stored(keep)["rules"] == "macau_1988"        # a bad import changes nothing
    keep.set_input_files("[data-testid=keep-import-file]", str(path))
    keep.wait_for_function("() => document.querySelectorAll('[data-testid^=keep-hand-]').length === 2")
    assert balances(keep) == expected["balances"]
    assert stored(keep) == exported
    # the saved match survives a reload
    keep.reload()
    wait_engine(keep)
    keep.wait_for_selector("[data-testid=keep-hand-1]")
    assert balances(keep) == expected["balances"]


def tap_tiles(page, prefix: str, field: str, faces: str, kind: str | None = None) -> None:
    page.click(f"[data-testid=keep-{prefix}pick-{field}]")
    if kind is not None:
        page.click(f"[data-testid=keep-{prefix}pick-kind-{kind}]")
    for face in faces.split():
        page.click(f"[data-testid=keep-{prefix}face-{face}]")


def test_a_hand_tapped_in_from_the_palette_is_recorded_like_a_typed_one(keep):
    """The phone at a real table: the winner's hand and a loser's hand entered by tapping
    tiles, a slip taken back, a refused tap told in words; the record is what the same hand
    typed gives (Cayro, checked against the command line)."""
    new_match(keep, "cayro")
    keep.click("[data-testid=keep-winner-1]")
    keep.click("[data-testid=keep-from-2]")
    tiles_entry(keep)
    keep.click("[data-testid=keep-picker-toggle]")
    tap_tiles(keep, "", "concealed", "1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 4m 5z 9m")
    keep.click("[data-testid=keep-pick-remove]")                  # the 9m was a slip
    keep.click("[data-testid=keep-face-5z]")
    assert keep.input_value("[data-testid=keep-concealed]") == "123m456p789s234m55z"
    assert keep.locator("[data-testid=keep-preview] svg").count() == 14
    for _ in range(4):
        keep.click("[data-testid=keep-face-1m]")
    assert keep.inner_text("[data-testid=keep-pick-note]") == "There are only four of that tile."
    for _ in range(3):
        keep.click("[data-testid=keep-pick-remove]")
    assert keep.input_value("[data-testid=keep-concealed]") == "123m456p789s234m55z"
    tap_tiles(keep, "", "win-tile", "5z")
    assert keep.input_value("[data-testid=keep-win-tile]") == "5z"
    tap_tiles(keep, "", "melds", "5z", kind="chow")
    assert "chow" in keep.inner_text("[data-testid=keep-pick-note]").lower()
    assert keep.input_value("[data-testid=keep-melds]") == ""
    # a loser's hand: the winner's palette closes, the loser's opens
    keep.click("[data-testid=keep-loser-0-picker-toggle]")
    assert keep.locator("[data-testid=keep-palette]").count() == 0
    tap_tiles(keep, "loser-0-", "melds", "7z", kind="pung")
    tap_tiles(keep, "loser-0-", "concealed", "")
    keep.fill("[data-testid=keep-loser-0-concealed]", "1s47m")     # typing and tapping mix
    assert keep.locator("[data-testid=keep-loser-0-pick-echo] svg").count() == 3
    tap_tiles(keep, "loser-0-", "concealed", "3p 6p 9p 2s 5s 8s 1m")
    assert keep.locator("[data-testid=keep-loser-0-pick-echo] svg").count() == 10
    assert keep.input_value("[data-testid=keep-loser-0-melds]") == "p777z"
    submit(keep, 1)
    losers = {"0": {"concealed": "1s47m369p258s1m", "melds": [{"kind": "pung", "tiles": "777z"}]}}
    hand = {"winner": 1, "win": "discard", "discarder": 2, "concealed": "123m456p789s234m55z",
            "win_tile": "5z", "losers": losers}
    check_against_cli(keep, "cayro", [hand])
    recorded = stored(keep)["hands"][0]
    assert recorded["concealed"] == "122334m456p789s55z" and recorded["win_tile"] == "5z"
    assert recorded["losers"]["0"]["melds"][0]["tiles"] == "777z"


def test_the_header_rules_leave_a_kept_match_alone_and_are_offered_for_the_next(keep):
    new_match(keep, "macau_1988", {"stake": "100/200"})
    record_win(keep, 0, discarder=1)
    keep.select_option("#rules", "cayro")
    notice = keep.locator("[data-testid=keep-rules-notice]")
    notice.wait_for()
    assert "Macau" in notice.inner_text() and "Cayro" in notice.inner_text()
    assert stored(keep)["rules"] == "macau_1988" and hands_shown(keep) == 1
    keep.click("[data-testid=keep-new]")
    keep.click("[data-testid=keep-new]")
    keep.wait_for_selector("[data-testid=keep-setup]")
    assert keep.input_value("[data-testid=keep-rules]") == "cayro"
    assert keep.input_value("[data-testid=keep-player-1]") == PLAYERS[1]
    assert keep.locator("[data-testid=keep-rules-notice]").count() == 0


def test_two_tabs_on_one_match_a_stale_write_is_refused_and_reloaded(keep, server):
    """Issue 30: the second tab's write finds the first tab's newer copy: refused with a
    notice, its hand still in the form; 'Reload the match' shows both tabs' hands."""
    new_match(keep, "serralheiro_2003")
    other = keep.context.new_page()
    try:
        load(other, server.url + "#keep", "[data-testid=keep-form]")
        record_draw(keep)                                  # tab 1: hand 1
        other.click("[data-testid=keep-kind-draw]")
        other.click("[data-testid=keep-record]")           # tab 2, still at no hand
        other.wait_for_selector("[data-testid=keep-reload]")
        assert "Another tab" in other.inner_text("[data-testid=keep-notice]")
        assert hands_shown(other) == 0 and len(stored(keep)["hands"]) == 1
        other.click("[data-testid=keep-reload]")
        other.wait_for_function("() => document.querySelectorAll('[data-testid^=keep-hand-]')"
                                ".length === 1")
        submit(other, 2)              # the draw left in the form, recorded after the reload
        assert len(stored(other)["hands"]) == 2
    finally:
        other.close()


def test_print_summary_hides_the_form(keep):
    new_match(keep, "cayro")                 # a match of its own, with a hand to sum up
    record_win(keep, 3, discarder=0)
    keep.emulate_media(media="print")
    try:
        assert not keep.is_visible("[data-testid=keep-tools]")
        assert keep.is_visible("[data-testid=keep-balances]")
    finally:
        keep.emulate_media(media="screen")


@pytest.fixture(scope="module")
def portuguese(browser):
    """A Portuguese context for the module (its pages share Python's start-up)."""
    ctx = browser.new_context(locale="pt-PT")
    yield ctx
    ctx.close()


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_screenshots_in_portuguese(server, portuguese, size):
    width, height = size
    page = portuguese.new_page()
    page.set_viewport_size({"width": width, "height": height})
    fresh_storage(page, server)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    record = {"rules": "macau_1988", "players": PLAYERS, "options": {"stake": "100/200"},
              "hands": [win(0, discarder=1), {"draw": True}, win(2, discarder=3)]}
    page.add_init_script(f"localStorage.setItem('mahjong.keep', {json.dumps(json.dumps(record))})")
    page.goto(server.url + "#keep?lang=pt")
    wait_engine(page)
    page.wait_for_selector("[data-testid=keep-hand-2]")
    assert "Mão 3" in page.inner_text("[data-testid=keep-hands]")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"keep-{width}.png"), full_page=True)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert not errors, errors
    page.close()


def test_welcome_offers_keep_score(server, shared):
    page = shared                       # the module's page, its storage emptied: a first visit
    fresh_storage(page, server)
    page.goto(server.url)
    wait_engine(page)
    page.click("[data-testid=welcome-keep]")
    page.wait_for_selector("[data-testid=keep-setup]", state="visible")
    assert page.evaluate("() => document.documentElement.dataset.mode") == "keep"
    page.select_option("[data-testid=keep-rules]", "cayro")
    for i, name in enumerate(PLAYERS):
        page.fill(f"[data-testid=keep-player-{i}]", name)
    page.click("[data-testid=keep-start]")
    page.wait_for_selector("[data-testid=keep-form]")
    assert page.input_value("#mode") == "keep"
    assert "Cayro" in page.inner_text("[data-testid=keep-summary]")


# ---------------------------------------------------------------- counted hands (issue 27)

class Taps:
    """Clicks counted: what a scorekeeper's thumb does on the phone."""

    def __init__(self, page) -> None:
        self.page, self.count = page, 0

    def __call__(self, testid: str) -> None:
        self.page.click(f"[data-testid={testid}]")
        self.count += 1

    def digits(self, text: str) -> None:
        for key in text:
            self(f"keep-pad-{key}")


def phone_keep(browser, server, lang: str = "en"):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + f"#keep?lang={lang}")
    wait_engine(page)
    page.wait_for_selector("[data-testid=keep-setup]")
    return ctx, page, errors


def recorded(page, taps: Taps, expect: int) -> None:
    taps("keep-record")
    page.wait_for_function("n => document.querySelectorAll('[data-testid^=keep-hand-]').length === n",
                           arg=expect)
    assert page.inner_text("[data-testid=keep-error]") == ""


def counted_win(page, taps: Taps, winner: int, how: str, discarder: int | None,
                figures: list[tuple[str, str]]) -> int:
    """One counted win; ``figures``: (count cell testid or "" for the pre-chosen winner's
    first figure, digits). Returns the taps it took."""
    before = taps.count
    taps(f"keep-winner-{winner}")
    if how != "discard":
        taps(f"keep-how-{how.replace('_', '-')}")
    if discarder is not None:
        taps(f"keep-from-{discarder}")
    for cell, digits in figures:
        if cell:
            taps(cell)
        taps.digits(digits)
    recorded(page, taps, hands_shown(page) + 1)
    return taps.count - before


def test_a_macau_and_a_cayro_match_kept_by_counts_within_the_taps(server, browser):
    """Issue 27's targets on a 390×844 phone: a Macau win by count in at most 8 taps, a Cayro
    hand with three counted losers in at most 20, a draw in 2; the balances are the command
    line's on the same counts."""
    ctx, page, errors = phone_keep(browser, server)
    new_match(page, "macau_1988", {"stake": "100/200"})
    taps = Taps(page)
    per_hand = []
    per_hand.append(counted_win(page, taps, 2, "discard", 3, [("", "1")]))
    per_hand.append(counted_win(page, taps, 0, "self_drawn", None, [("", "2")]))
    before = taps.count
    taps("keep-kind-draw")
    recorded(page, taps, 3)
    draw_taps = taps.count - before
    per_hand.append(counted_win(page, taps, 1, "discard", 0, [("", "0")]))
    before = taps.count
    taps("keep-kind-false-win")
    taps("keep-offender-3")
    recorded(page, taps, 5)
    false_taps = taps.count - before
    per_hand.append(counted_win(page, taps, 3, "robbing_kong", None, [("", "1")]))
    macau = [{"winner": 2, "win": "discard", "discarder": 3, "count": {"fan": 1}},
             {"winner": 0, "win": "self_drawn", "count": {"fan": 2}}, {"draw": True},
             {"winner": 1, "win": "discard", "discarder": 0, "count": {"fan": 0}},
             {"false_win": 3}, {"winner": 3, "win": "robbing_kong", "count": {"fan": 1}}]
    check_against_cli(page, "macau_1988", macau, {"stake": "100/200"})
    assert max(per_hand) <= 8 and draw_taps == 2, (per_hand, draw_taps)
    # the new hand is shown under the balances, highlighted, its payments in view
    assert page.is_visible("[data-testid=keep-fresh-5]")
    assert page.is_visible("[data-testid=keep-balances]")

    new_match(page, "cayro")
    taps = Taps(page)
    cayro_taps = [
        counted_win(page, taps, 1, "discard", 2, [("", "30"), ("keep-count-0-points", "8"),
                                                  ("keep-count-2-points", "4"),
                                                  ("keep-count-3-points", "12")]),
        counted_win(page, taps, 0, "self_drawn", None, [("", "46"), ("keep-count-w-doubles", "1"),
                                                        ("keep-count-1-points", "10"),
                                                        ("keep-count-2-points", "2"),
                                                        ("keep-count-3-points", "6")]),
        counted_win(page, taps, 3, "discard", 1, [("", "22"), ("keep-count-0-points", "4"),
                                                  ("keep-count-1-points", "4"),
                                                  ("keep-count-2-points", "16")]),
    ]
    before = taps.count
    taps("keep-kind-draw")
    recorded(page, taps, 4)
    cayro_draw = taps.count - before

    def losers(**values: int) -> dict:
        return {k.strip("p"): {"count": {"points": v}} for k, v in values.items()}

    cayro = [{"winner": 1, "win": "discard", "discarder": 2, "count": {"points": 30},
              "losers": losers(p0=8, p2=4, p3=12)},
             {"winner": 0, "win": "self_drawn", "count": {"points": 46, "doubles": 1},
              "losers": losers(p1=10, p2=2, p3=6)},
             {"winner": 3, "win": "discard", "discarder": 1, "count": {"points": 22},
              "losers": losers(p0=4, p1=4, p2=16)},
             {"draw": True}]
    check_against_cli(page, "cayro", cayro)
    assert max(cayro_taps) <= 20 and cayro_draw == 2, (cayro_taps, cayro_draw)
    print(f"\ntaps: macau wins {per_hand}, draw {draw_taps}, false win {false_taps}; "
          f"cayro hands {cayro_taps}, draw {cayro_draw}")
    assert not errors, errors
    ctx.close()


def test_record_undo_a_delete_and_correct_a_hand(server, browser):
    """Deleting the last hand can be undone; a correction recomputes the hands after it, is
    marked in the list, and can be undone too."""
    ctx, page, errors = phone_keep(browser, server)
    new_match(page, "macau_1988", {"stake": "100/200"})
    taps = Taps(page)
    counted_win(page, taps, 2, "discard", 3, [("", "1")])
    counted_win(page, taps, 0, "self_drawn", None, [("", "2")])
    counted_win(page, taps, 1, "discard", 2, [("", "1")])
    hands = [{"winner": 2, "win": "discard", "discarder": 3, "count": {"fan": 1}},
             {"winner": 0, "win": "self_drawn", "count": {"fan": 2}},
             {"winner": 1, "win": "discard", "discarder": 2, "count": {"fan": 1}}]
    check_against_cli(page, "macau_1988", hands, {"stake": "100/200"})
    page.click("[data-testid=keep-undo]")                       # delete the last hand
    page.wait_for_function("() => document.querySelectorAll('[data-testid^=keep-hand-]').length === 2")
    check_against_cli(page, "macau_1988", hands[:2], {"stake": "100/200"})
    page.click("[data-testid=keep-undo-action]")                # ... undone
    page.wait_for_selector("[data-testid=keep-hand-2]")
    check_against_cli(page, "macau_1988", hands, {"stake": "100/200"})
    # correct hand 1: Bento won it from Ana; the bank passes and every later hand moves
    page.click("[data-testid=keep-edit-0]")
    page.click("[data-testid=keep-winner-1]")
    page.click("[data-testid=keep-from-0]")
    page.click("[data-testid=keep-count-w-fan]")
    page.click("[data-testid=keep-pad-clear]")
    page.click("[data-testid=keep-pad-2]")
    page.click("[data-testid=keep-record]")
    page.wait_for_selector("[data-testid=keep-cancel]", state="detached")
    corrected = [{"winner": 1, "win": "discard", "discarder": 0, "count": {"fan": 2}}, *hands[1:]]
    check_against_cli(page, "macau_1988", corrected, {"stake": "100/200"})
    assert "corrected" in page.inner_text("[data-testid=keep-hand-0]")
    assert "Bento" in page.inner_text("[data-testid=keep-what-0]")
    page.click("[data-testid=keep-undo-action]")                # the correction undone
    page.wait_for_function(
        "() => document.querySelector('[data-testid=keep-what-0]').textContent.includes('Carla')")
    check_against_cli(page, "macau_1988", hands, {"stake": "100/200"})
    assert not errors, errors
    ctx.close()


def test_serralheiro_draw_valued_as_an_option(keep):
    """§8 g-h with ``draw_settles``: a draw's four hands counted on the number pad and
    settled by their differences (Ana, the banker, 4 points: each other pays her 8)."""
    if keep.locator("[data-testid=keep-new]").count():
        keep.click("[data-testid=keep-new]")
        keep.click("[data-testid=keep-new]")
    keep.wait_for_selector("[data-testid=keep-setup]")
    keep.select_option("[data-testid=keep-rules]", "serralheiro_2003")
    for i, name in enumerate(PLAYERS):
        keep.fill(f"[data-testid=keep-player-{i}]", name)
    keep.check("[data-testid=keep-option-draw_settles]")
    keep.click("[data-testid=keep-start]")
    keep.click("[data-testid=keep-kind-draw]")
    keep.click("[data-testid=keep-pad-4]")          # Ana's points, the first figure chosen
    submit(keep, 1)
    hands = [{"draw": True, "losers": {"0": {"count": {"points": 4}}}}]
    check_against_cli(keep, "serralheiro_2003", hands, {"draw_settles": True})
    assert balances(keep) == [24, -8, -8, -8]
    assert "§8 g" in keep.text_content("[data-testid=keep-hand-0]")   # its reading, folded


SHOTS = Path("/work/shots/keep27")


@pytest.mark.parametrize("lang", ["pt", "en", "es"])
def test_screenshots_counted_entry_and_end(server, browser, lang):
    """The hand just recorded under the balances (Macau), the counted form with the number
    pad and three losers (Cayro), a finished match's ranking and chart; at 390×844, 360×640
    and 1280×800, nothing wider than the screen."""
    from mahjong_engine.game.ledger import Ledger
    ledger = Ledger("macau_1988", PLAYERS, {"stake": "100/200"})
    hands: list[dict] = []
    while not ledger.finished:         # the bank passes every hand: 16 hands end the match
        banker = ledger.player_at(0)
        winner = ledger.player_at(1 + len(hands) % 3)
        hand = {"winner": winner, "win": "discard", "discarder": banker,
                "count": {"fan": len(hands) % 3}}
        ledger.add(hand)
        hands.append(hand)
    done = {"rules": "macau_1988", "players": PLAYERS, "options": {"stake": "100/200"},
            "hands": hands}
    going = {**done, "hands": hands[:4]}
    cayro = {"rules": "cayro", "players": PLAYERS, "options": {},
             "hands": [{"winner": 1, "win": "discard", "discarder": 2, "count": {"points": 30}}]}
    sizes = ((390, 844), (360, 640), (1280, 800))
    SHOTS.mkdir(parents=True, exist_ok=True)
    # one context a language, the record put in its storage before each load (three page
    # loads, not three contexts: nine contexts a run once crashed a renderer on two cores)
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.origin + "/")           # the site's origin, outside the site: no boot
    for name, record in (("recorded", going), ("form", cayro), ("end", done)):
        page.set_viewport_size({"width": 390, "height": 844})
        page.evaluate("(text) => localStorage.setItem('mahjong.keep', text)", json.dumps(record))
        if name == "recorded":
            page.goto(server.url + f"#keep?lang={lang}")
        else:
            page.reload()
        wait_engine(page)
        page.wait_for_selector("[data-testid=keep-hand-0]")
        if name == "recorded":
            page.click("[data-testid=keep-winner-2]")
            page.click("[data-testid=keep-from-1]")
            page.click("[data-testid=keep-pad-1]")
            page.click("[data-testid=keep-record]")
            page.wait_for_selector("[data-testid=keep-fresh-4]")
        elif name == "form":
            page.click("[data-testid=keep-winner-3]")
            page.click("[data-testid=keep-from-0]")
            page.click("[data-testid=keep-pad-2]")
            page.click("[data-testid=keep-pad-4]")
            page.click("[data-testid=keep-count-1-points]")
            page.click("[data-testid=keep-pad-8]")
        else:
            page.wait_for_selector("[data-testid=keep-end] svg")
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            if name == "form":
                page.locator("[data-testid=keep-count]").scroll_into_view_if_needed()
            elif name == "end":
                page.locator("[data-testid=keep-end]").scroll_into_view_if_needed()
            else:
                page.locator("[data-testid=keep-summary]").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"keep-{name}-{lang}-{width}x{height}.png"))
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert not errors, errors
    ctx.close()
