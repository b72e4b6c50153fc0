"""Issue 30: in a kept match the hands entered for one deal share one set of tiles, «cada
uma com 4 peças iguais» (Portaria 133/88/M art. 1.º (2); Serralheiro §1 and Cayro's set
have the same four of each). The winner's hand, the losers' hands Serralheiro (§10 v-vi)
and Cayro value, and Macau's liability facts (art. 9.º) are counted together; a fifth copy
is refused with a typed error naming the field that brought it and the tile, on the
command line and in Keep score's words."""
from __future__ import annotations

import io
import json

import builders
from mahjong_engine.__main__ import main
from mahjong_engine.game.ledger import RecordFieldError
from mahjong_ui.calculator.text import calculator_translator
from mahjong_ui.keep.text import DOMAINS, record_error

PLAYERS = builders.PLAYERS
# The winner's hand of test_ledger (CHOWS): 123m 456p 789s 234s 55p (three 5p), on West's
# discard.
CHOWS = {"winner": 1, "concealed": builders.CHOWS, "win_tile": "5p", "win": "discard",
         "discarder": 2}


def run(record: dict) -> tuple[int, dict]:
    out = io.BytesIO()
    code = main(["match", "-"], stdin=io.BytesIO(json.dumps(record).encode()), stdout=out)
    return code, json.loads(out.getvalue().decode("utf-8"))


def refusal(rules: str, hand: dict, **options) -> dict:
    code, data = run({"rules": rules, "players": PLAYERS, "options": options, "hands": [hand]})
    assert code == 2, data
    assert data["error"]["key"] == "match.bad_record"
    params = data["error"]["params"]
    assert params["hand"] == 1
    return params


def test_four_copies_across_the_winner_and_a_loser_are_accepted() -> None:
    """Cayro: the winner's three 5p and Ana's one are the four."""
    losers = {"0": {"concealed": "5p147m369s123456z"}}
    code, data = run({"rules": "cayro", "players": PLAYERS,
                      "hands": [dict(CHOWS, losers=losers)]})
    assert code == 0, data


def test_a_fifth_copy_in_a_losers_hand_names_that_losers_field_and_the_tile() -> None:
    """Cayro: the winner's three 5p and Ana's 55p are five."""
    params = refusal("cayro", dict(CHOWS, losers={"0": {"concealed": "55p147m369s12345z"}}))
    assert params["reason"] == "match.tiles_over_used"
    assert (params["field"], params["tile"], params["count"]) == ("losers.0.concealed", "5p", 5)


def test_the_copies_are_counted_across_the_losers_and_their_declared_sets() -> None:
    """Serralheiro: Ana holds 5p (with the winner's three, the four), Carla's exposed pung
    555p makes seven; the refusal names Carla's declared sets, where the count passed four."""
    losers = {"0": {"concealed": "5p147m369s123456z"},
              "2": {"concealed": "147m369s1234z", "melds": [builders.meld("p:555p")]}}
    params = refusal("serralheiro_2003", dict(CHOWS, losers=losers))
    assert (params["field"], params["tile"], params["count"]) == ("losers.2.melds", "5p", 7)


def test_a_flower_held_twice_names_the_losers_flowers() -> None:
    """There is one of each flower: the winner's 1f and Ana's 1f are two."""
    losers = {"0": {"concealed": "147p147m369s1234z", "flowers": "1f"}}
    params = refusal("cayro", dict(CHOWS, flowers="1f", losers=losers))
    assert (params["field"], params["tile"], params["count"]) == ("losers.0.flowers", "1f", 2)


def test_a_drawn_hand_valued_counts_every_losers_hand_together() -> None:
    """Serralheiro §8 g-h with draw_settles: Ana's 5555p and Bento's 5p are five."""
    losers = {"0": {"concealed": "5555p147m369s123z"}, "1": {"concealed": "5p147m369s123456z"}}
    params = refusal("serralheiro_2003", {"draw": True, "losers": losers}, draw_settles=True)
    assert (params["field"], params["tile"], params["count"]) == ("losers.1.concealed", "5p", 5)


def test_macaus_liability_facts_are_counted_with_the_winners_hand() -> None:
    """art. 9.º (5) (test_tile_copies): South's 5p and West's four 5p are five; the record
    names the liability facts, with the tile and the article."""
    hand = {"winner": 1, "concealed": "123m456p789s11p345m", "win_tile": "3m",
            "win": "discard", "discarder": 2,
            "liability": {"discarder_hand": "345m5555p19s123z", "visible": ""}}
    params = refusal("macau_1988", hand, stake="100/200")
    assert (params["field"], params["reason"]) == ("liability", "hand.too_many_copies")
    assert (params["tile"], params["count"]) == ("5p", 5)
    # Macau values no loser's hand, so no loser's tiles join these (refused as such).
    four = dict(hand, liability={"discarder_hand": "345m555p19s1234z", "visible": ""})
    code, data = run({"rules": "macau_1988", "players": PLAYERS, "options": {"stake": "100/200"},
                      "hands": [four]})
    assert code == 0 and data["hands"][0]["payments"] == [0, 760, -800, 0]
    losers = {"0": {"concealed": "147m369s1234z5p"}}
    params = refusal("macau_1988", dict(four, losers=losers), stake="100/200")
    assert (params["field"], params["reason"]) == ("losers", "match.losers_not_valued")


def test_keep_score_says_whose_tiles_and_which_tile() -> None:
    """Keep score words the same refusal with the player's name and the tile, in each
    language (no literal ``{tile}`` left)."""
    code, data = run({"rules": "cayro", "players": PLAYERS,
                      "hands": [dict(CHOWS, losers={"0": {"concealed": "55p147m369s12345z"}})]})
    assert code == 2
    assert "5 of 5p" in data["error"]["message"]     # the command line's words
    error = RecordFieldError(data["error"]["key"], **data["error"]["params"])
    for lang in ("pt", "en", "es"):
        texts = calculator_translator(lang=lang)
        for domain in DOMAINS:
            path = builders.ROOT / "static" / "i18n" / lang / f"{domain}.json"
            if path.exists():
                texts.add(lang, domain, json.loads(path.read_text("utf-8")))
        text = record_error(texts, error, PLAYERS)
        assert "Ana" in text and "5p" in text and "5" in text, text
        assert "{" not in text, text
