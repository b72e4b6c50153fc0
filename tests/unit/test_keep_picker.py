"""The keep-score tile palette: what a tap does to the text of a recorded hand's field."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_engine import parse_tiles
from mahjong_ui.calculator.model import FACES
from mahjong_ui.keep.form import read_hand
from mahjong_ui.keep.picker import faces, remove_last, set_faces, tap, tile_faces

PLAYABLE = tuple(f for f in FACES if not f.endswith("f"))
BONUS = tuple(f for f in FACES if f.endswith("f"))


def test_tapped_tiles_are_written_in_the_order_tapped_as_notation():
    text = ""
    for face in ("1m", "2m", "3m", "5p", "5p", "7z"):
        picked = tap("concealed", text, face)
        assert picked.refusal is None
        text = picked.text
    assert text == "123m55p7z"
    assert remove_last("concealed", text).text == "123m55p"


def test_a_fifth_copy_is_refused_and_the_text_kept():
    picked = tap("concealed", "1111m", "1m")
    assert (picked.text, picked.refusal) == ("1111m", "picker.no_more_copies")


def test_typed_text_that_is_not_notation_is_never_overwritten():
    picked = tap("concealed", "12x", "5p")
    assert (picked.text, picked.refusal) == ("12x", "picker.unreadable")
    assert remove_last("concealed", "12x").text == "12x"


@pytest.mark.parametrize(("kind", "face", "code"), [
    ("pung", "5z", "p555z"), ("kong", "9s", "k9999s"), ("kong_concealed", "1m", "K1111m"),
    ("chow", "2p", "c234p"), ("chow", "8s", "c789s"), ("chow", "9m", "c789m"),
])
def test_each_tap_in_the_sets_declares_a_whole_set(kind, face, code):
    assert tap("melds", "p222m", face, kind).text == f"p222m {code}"


def test_sets_refuse_an_honour_chow_and_flowers_and_lose_the_last_set():
    assert tap("melds", "", "5z", "chow").refusal == "picker.no_chow"
    assert tap("melds", "", "3f", "pung").refusal == "picker.not_bonus"
    assert remove_last("melds", "p555z c234m").text == "p555z"


def test_flowers_take_only_bonus_tiles_once_each():
    assert tap("flowers", "1f", "5f").text == "15f"
    assert tap("flowers", "15f", "5f").refusal == "picker.flower_twice"
    assert tap("flowers", "", "5m").refusal == "picker.only_bonus"
    assert faces("flowers") == BONUS
    assert faces("concealed") == PLAYABLE


def test_the_winning_tile_is_replaced_not_added():
    assert tap("win_tile", "5p", "6s").text == "6s"
    assert tap("win_tile", "5p", "2f").refusal == "picker.not_bonus"
    assert remove_last("win_tile", "6s").text == ""


def test_a_hand_tapped_in_full_is_read_by_the_record():
    """What the palette writes is what the hand form records (Cayro hand, two sets declared)."""
    concealed = win = ""
    for face in ["1m", "2m", "3m", "5p", "5p", "5p", "7z", "7z"]:
        concealed = tap("concealed", concealed, face).text
    win = tap("win_tile", win, "7z").text
    melds = tap("melds", "", "5z", "pung").text
    melds = tap("melds", melds, "2s", "chow").text
    hand = read_hand(1, "", concealed, melds, "", win)
    assert hand["concealed"] == "123m555p77z"
    assert hand["win_tile"] == "7z"
    assert [(m["kind"], m["tiles"]) for m in hand["melds"]] == [("pung", "555z"), ("chow", "234s")]


@given(st.lists(st.sampled_from(PLAYABLE), max_size=18))
def test_taps_then_removals_give_back_each_step(taps):
    """Whatever is tapped, the text parses to the tiles kept, and removing the last tap
    gives back the text before it."""
    texts = [""]
    for face in taps:
        picked = tap("concealed", texts[-1], face)
        if picked.refusal is None:
            texts.append(picked.text)
    for text in reversed(texts[1:]):
        before = remove_last("concealed", text).text
        assert before == texts[texts.index(text) - 1]
    for text in texts[1:]:
        tiles = parse_tiles(text)
        assert all(tiles.count(t) <= 4 for t in tiles)
    assert len(parse_tiles(texts[-1])) == len(texts) - 1 <= len(taps)


def test_the_sets_preview_reads_each_set_and_skips_what_is_not_read_yet():
    assert set_faces("p555z c234m K1111s") == [["5z"] * 3, ["2m", "3m", "4m"], ["1s"] * 4]
    assert set_faces("p55 x234m c2") == []


@given(st.text(max_size=40))
def test_whatever_is_typed_the_previews_and_taps_never_raise(text):
    """The previews and the palette read what the player typed; nothing typed breaks them,
    and a tap on text that is not notation leaves it as it was."""
    tile_faces(text)
    set_faces(text)
    picked = tap("concealed", text, "5p")
    assert picked.refusal in (None, "picker.unreadable", "picker.no_more_copies")
    if picked.refusal is not None:
        assert picked.text == text
