"""The kept match (issue 16) without a browser: the set-up asks the rule set, the hand form
reads tiles as the calculator does, a correction recomputes the hands after it, the
exports and the refusals. Figures are the command line's (``python -m mahjong_engine
match``), run on the same record."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from mahjong_engine.game.ledger import RecordFieldError
from mahjong_ui.i18n import LANGS
from mahjong_ui.keep.export import csv_text, dice_needed
from mahjong_ui.keep.form import HandForm, LoserEntry, read_hand
from mahjong_ui.keep.model import Match, has_false_win, option_fields, parse_option, start, \
    values_losers
from mahjong_ui.calculator.text import calculator_translator
from mahjong_ui.keep.text import record_error

from builders import CHOWS, PLAYERS, SEVENTEEN, match_cli

ROOT = Path(__file__).resolve().parents[2]


cli = match_cli


def win(match: Match, winner: int, concealed: str = CHOWS, **form) -> Match:
    entry = HandForm(winner=winner, concealed=concealed, **form)
    number = len(match.hands) + 1
    return match.with_hand(entry.to_record(number, dice_needed(match, entry),
                                           values_losers(match.rules)))


def test_options_come_from_the_rule_set() -> None:
    assert [o.name for o in option_fields("macau_1988")] == ["stake", "capital", "false_win_price"]
    assert "limit" in [o.name for o in option_fields("serralheiro_2003")]
    assert "stake" not in [o.name for o in option_fields("cayro")]
    assert has_false_win("macau_1988") and not has_false_win("cayro")
    assert values_losers("cayro") and values_losers("serralheiro_2003")
    assert not values_losers("filipino")
    limit = next(o for o in option_fields("serralheiro_2003") if o.name == "limit")
    assert parse_option(limit, " 3000 ") == 3000 and parse_option(limit, "") is None
    with pytest.raises(RecordFieldError) as caught:
        parse_option(limit, "lots")
    assert caught.value.params["field"] == "options.limit"


def test_macau_match_matches_the_command_line() -> None:
    match = start("macau_1988", PLAYERS, {"stake": "100/200"})
    match = win(match, 0, discarder=1)
    match = match.with_hand(HandForm(kind="draw").to_record(2))
    match = win(match, 2, discarder=3)
    match = match.with_hand(HandForm(kind="false_win", false_win=1).to_record(4))
    ours = match.ledger().to_json()
    theirs = cli(match.record())
    assert ours["balances"] == theirs["balances"]
    assert [h["payments"] for h in ours["hands"]] == [h["payments"] for h in theirs["hands"]]
    assert ours["hands"][0]["payments"] == [1160, -400, -400, -400]


def test_a_correction_recomputes_every_later_hand() -> None:
    """Hand 1 first entered as Ana's win (the bank stays with her), then corrected to
    Bento's: the bank passes and hand 2 is dealt by Bento, so its winds change."""
    match = start("macau_1988", PLAYERS, {"stake": "100/200"})
    match = win(match, 0, discarder=1)
    match = win(match, 2, discarder=3)
    before = match.ledger().to_json()
    assert before["hands"][1]["banker"] == 0
    form = HandForm.from_record(match.hands[0])
    form.winner, form.discarder = 1, 2
    corrected = match.with_hand(form.to_record(1), 0)
    after = corrected.ledger().to_json()
    assert after["hands"][1]["banker"] == 1
    assert after["hands"][1]["winds"] == ["N", "E", "S", "W"]
    assert after["balances"] == cli(corrected.record())["balances"]
    assert match.hands[0]["winner"] == 0            # the original is not changed


def test_the_match_is_settled_again_only_when_its_record_changes() -> None:
    """The view asks for the ledger on every render (a palette opened, a winner chosen):
    the same record gives the same settlement; any change to it settles again."""
    match = win(start("macau_1988", PLAYERS, {"stake": "100/200"}), 0, discarder=1)
    first = match.ledger()
    assert match.ledger() is first
    match.hands[0]["discarder"] = 2                 # an edit in place is seen
    changed = match.ledger()
    assert changed is not first
    assert changed.to_json()["balances"] == cli(match.record())["balances"]
    match.options["stake"] = "50/100"
    assert match.ledger() is not changed
    assert match.ledger().to_json()["balances"] == cli(match.record())["balances"]


def test_a_bad_correction_is_refused_naming_the_hand() -> None:
    match = start("filipino", PLAYERS, {})
    match = win(match, 1, SEVENTEEN, win="self_drawn", dice="3 3")
    form = HandForm.from_record(match.hands[0])
    form.dice = ""
    with pytest.raises(RecordFieldError) as caught:
        match.with_hand(form.to_record(1, None), 0)
    assert caught.value.params == {"hand": 1, "field": "dice", "reason": "match.dice_missing"}


def test_dice_are_asked_where_the_ledger_needs_them() -> None:
    filipino = start("filipino", PLAYERS, {})
    assert dice_needed(filipino, HandForm(winner=1, concealed=SEVENTEEN)) == "pair"
    assert dice_needed(filipino, HandForm(kind="draw")) is None
    cayro = start("cayro", PLAYERS, {})
    for number in range(1, 16):
        assert dice_needed(cayro, HandForm(kind="draw")) is None
        cayro = cayro.with_hand(HandForm(kind="draw").to_record(number))
    assert dice_needed(cayro, HandForm(kind="draw")) == "reseat"
    form = HandForm(kind="draw", reseat=["6 6", "1 2", "3 4", "5 5"])
    cayro = cayro.with_hand(form.to_record(16, "reseat"))
    assert cayro.ledger().to_json()["next"]["winds"] == ["E", "N", "W", "S"]


def test_losers_hands_are_read_like_the_winners() -> None:
    match = start("cayro", PLAYERS, {})
    form = HandForm(winner=1, concealed=CHOWS, discarder=2)
    form.loser(0).concealed = "555s147m369p1237z"
    form.loser(2).concealed = "258m147s369s4567z"
    match = match.with_hand(form.to_record(1, None, True))
    assert match.ledger().to_json()["hands"][0]["payments"] == [-22, 90, -34, -34]
    back = HandForm.from_record(match.hands[0])
    assert back.loser(0).concealed == match.hands[0]["losers"]["0"]["concealed"]
    with pytest.raises(RecordFieldError) as caught:
        read_hand(3, "losers.2.", "12x", "", "")
    assert caught.value.params["field"] == "losers.2.concealed"
    assert caught.value.params["hand"] == 3


def test_melds_and_flowers_round_trip_through_the_form() -> None:
    record = HandForm(winner=0, concealed="123m456p55p", melds="p777z c234s",
                      flowers="1f", win="self_drawn").to_record(1)
    assert record["melds"] == [{"kind": "pung", "tiles": "777z", "concealed": False},
                               {"kind": "chow", "tiles": "234s", "concealed": False}]
    form = HandForm.from_record(record)
    assert form.melds == "p777z c234s" and form.flowers == "1f"
    assert form.to_record(1) == record


def test_export_and_import_round_trip_and_bad_imports_are_refused() -> None:
    match = win(start("serralheiro_2003", PLAYERS, {"limit": 3000}), 0, discarder=1)
    again = Match.from_text(match.to_text())
    assert again == match
    with pytest.raises(RecordFieldError):
        Match.from_text("{not json")
    with pytest.raises(RecordFieldError) as caught:
        Match.from_text(json.dumps({**match.record(), "hands": [{"winner": 9}]}))
    assert caught.value.params["hand"] == 1 and caught.value.params["field"] == "winner"


def test_csv_has_one_row_per_hand_with_running_balances() -> None:
    match = start("macau_1988", PLAYERS, {"stake": "100/200"})
    match = win(match, 0, discarder=1)
    match = win(match, 2, discarder=3)
    rows = list(csv.reader(io.StringIO(csv_text(match, match.ledger()))))
    assert rows[0][:3] == ["hand", "banker", "round"] and "Ana balance" in rows[0]
    assert len(rows) == 3
    balance = rows[0].index("Ana balance")
    assert [int(r[balance]) for r in rows[1:]] == [1160, 760]
    wind = rows[0].index("Ana wind")
    assert rows[2][1] == "Ana" and rows[2][wind:wind + 4] == ["E", "S", "W", "N"]
    assert [int(x) for x in rows[-1][balance:balance + 4]] == match.ledger().balances


@pytest.mark.parametrize("lang", LANGS)
def test_refusals_are_worded_with_hand_and_field(lang: str) -> None:
    texts = calculator_translator(lang=lang)
    for code in {lang, "en"}:
        for domain in ("keep", "game", "errors", "calculator"):
            path = ROOT / "static" / "i18n" / code / f"{domain}.json"
            texts.add(code, domain, json.loads(path.read_text(encoding="utf-8")))
    error = RecordFieldError("match.bad_record", hand=3, field="losers.2.concealed",
                             reason="match.bad_dice")
    text = record_error(texts, error, PLAYERS)
    assert "3" in text and "Carla" in text
    assert "match.bad_dice" not in text and "field." not in text and "{" not in text
    setup = record_error(texts, RecordFieldError("match.bad_record", hand=None,
                                                field="players", reason="match.bad_players"))
    assert "match." not in setup and "{" not in setup


def test_keep_catalogues_have_the_same_keys() -> None:
    keys = [set(json.loads((ROOT / "static" / "i18n" / lang / "keep.json")
                           .read_text(encoding="utf-8"))) for lang in LANGS]
    assert keys[0] == keys[1] == keys[2]


def test_csv_has_winner_how_value_house_and_sums_to_zero() -> None:
    """Each row: hand, banker, winner, how, discarder, value, every payment and the house's
    commission (art. 7.º: 40 at 100/200), which sum to zero; running balances."""
    match = start("macau_1988", ["=HYPERLINK(\"x\")", "+Bento", "-Carla", "@Duarte"],
                  {"stake": "100/200"})
    match = match.with_hand({"winner": 2, "win": "discard", "discarder": 3, "count": {"fan": 1}})
    match = match.with_hand({"draw": True})
    rows = list(csv.reader(io.StringIO(csv_text(match, match.ledger()))))
    head = rows[0]
    for name in ("hand", "banker", "winner", "how", "discarder", "value", "counted", "house"):
        assert name in head
    first = dict(zip(head, rows[1], strict=True))
    assert first["winner"] == "'-Carla" and first["discarder"] == "'@Duarte"
    assert first["how"] == "discard" and first["value"] == "1" and first["counted"] == "counted"
    house = head.index("house")
    pays = [int(c) for c in rows[1][house - 4:house]]
    assert pays == [-400, -200, 760, -200] and sum(pays) + int(first["house"]) == 0
    assert all(not c.startswith(("=", "+", "@")) for row in rows for c in row)
    assert head[head.index("house") + 1].startswith("'=HYPERLINK")


def test_reading_options_are_choices_and_capital_takes_four_figures() -> None:
    """Macau's false-win price and Cayro's «última ficha descartada» are chosen among the
    readings the rule set names; art. 8.º (4)'s capital is one figure or one a player."""
    from mahjong_ui.keep.model import option_text
    price = next(o for o in option_fields("macau_1988") if o.name == "false_win_price")
    assert price.kind == "choice" and price.choices == ("player", "banker")
    assert parse_option(price, "banker") == "banker" and parse_option(price, "player") is None
    with pytest.raises(RecordFieldError):
        parse_option(price, "house")
    last = next(o for o in option_fields("cayro") if o.name == "last_discard")
    assert last.choices == ("robbing_kong", "last_discard")
    capital = next(o for o in option_fields("macau_1988") if o.name == "capital")
    assert parse_option(capital, "500 - - 800") == [500, None, None, 800]
    assert parse_option(capital, option_text([500, None, None, 800])) == [500, None, None, 800]
    match = start("macau_1988", PLAYERS, {"stake": "100/200", "capital": [500, None, None, 800],
                                          "false_win_price": "banker"})
    assert match.ledger().rules.options.capitals() == (500, None, None, 800)
    with pytest.raises(RecordFieldError) as error:
        start("macau_1988", PLAYERS, {"stake": "100/300"})   # art. 6.º-7.º, at set-up
    assert error.value.params["field"] == "options.stake"


@pytest.mark.parametrize("lang", LANGS)
def test_keep_score_refuses_a_fifth_copy_across_the_winner_and_a_loser(lang) -> None:
    """Issue 30: Keep score's form, as the page fills it (Cayro values the losers' hands):
    the winner's three 5p (CHOWS) and Carla's 55p are five; the refusal names Carla's
    concealed tiles, the tile and the count, in the visitor's language; the match is kept
    as it was."""
    match = start("cayro", PLAYERS, {})
    with pytest.raises(RecordFieldError) as caught:
        win(match, 1, win_tile="5p", discarder=0,
            losers={2: LoserEntry(concealed="55p147m369s12345z")})
    params = caught.value.params
    assert (params["field"], params["tile"], params["count"]) == ("losers.2.concealed", "5p", 5)
    texts = calculator_translator(lang=lang)
    for code in {lang, "en"}:
        for domain in ("keep", "game", "errors", "calculator"):
            path = ROOT / "static" / "i18n" / code / f"{domain}.json"
            texts.add(code, domain, json.loads(path.read_text("utf-8")))
    text = record_error(texts, caught.value, PLAYERS)
    assert "Carla" in text and "5p" in text and "5" in text and "{" not in text, text
    assert match.hands == []
    four = {2: LoserEntry(concealed="5p147m369s123456z")}      # the four: recorded
    assert len(win(match, 1, win_tile="5p", discarder=0, losers=four).hands) == 1
