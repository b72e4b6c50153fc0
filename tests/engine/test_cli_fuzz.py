"""Issue 15, "done when": a fuzz test over ``score`` and ``shanten`` through the CLI entry
(in process): never a traceback, always exit 0 or 2, valid UTF-8 JSON, bounded output.
Thousands of inputs in all, about twenty seconds."""
from __future__ import annotations

import io
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_engine.__main__ import main

MAX_OUTPUT = 16_384
def fuzz(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))

VALID = [
    {"rules": "cayro", "concealed": "567p888s22z", "win_tile": "6p", "flowers": "1f6f",
     "melds": [{"kind": "chow", "tiles": "234m"},
               {"kind": "kong", "tiles": "5555m", "concealed": True}]},
    {"rules": "serralheiro_2003", "concealed": "123m456p789s11z222z", "win_tile": "2z",
     "win": "self_drawn", "seat_wind": "S", "opener_wind": "W"},
    {"rules": "macau_1988", "concealed": "123m456p789s11z555z", "win_tile": "5z",
     "seat_wind": "W", "stake": "100/200"},
    {"rules": "filipino", "concealed": "123m456m789m123p11z555z", "win_tile": "1p",
     "win": "self_drawn", "seat_wind": "N"},
]
FIELDS = ["rules", "concealed", "win_tile", "melds", "flowers", "win", "seat_wind",
          "round_wind", "opener_wind", "first_turn", "last_tile", "stake", "successive_kongs",
          "capital", "false_win", "discarder", "liability"]
TILE_TEXT = st.text(alphabet="0123456789mpszf ", max_size=30)
ANY_TEXT = st.text(st.characters(codec=None), max_size=30)   # lone surrogates included
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
                    st.floats(allow_nan=True), TILE_TEXT, ANY_TEXT,
                    st.sampled_from(["E", "S", "W", "N", "discard", "self_drawn",
                                     "kong_replacement", "robbing_kong", "100/200", "100/1",
                                     "cayro", "macau_1988", "filipino", "serralheiro_2003"]))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from([*FIELDS, "kind", "tiles"]),
                                                 inner, max_size=4)), max_leaves=12)
MELD = st.fixed_dictionaries({"kind": st.one_of(st.sampled_from(["chow", "pung", "kong", "pair"]),
                                                ANY_TEXT),
                              "tiles": TILE_TEXT}, optional={"concealed": JSON})


def run(args: list[str], data: bytes) -> tuple[int, bytes]:
    out = io.BytesIO()
    code = main(args, stdin=io.BytesIO(data), stdout=out)
    return code, out.getvalue()


def check_score(data: bytes) -> None:
    code, out = run(["score", "-"], data)
    assert code in (0, 2)
    assert len(out) <= MAX_OUTPUT
    text = out.decode("utf-8")          # strict: valid UTF-8
    assert text.endswith("\n") and text.count("\n") == 1
    result = json.loads(text)
    if code == 2:
        assert result["error"]["key"] != "engine.internal_error", result
    else:
        assert isinstance(result["winning"], bool)


@fuzz(1200)
@given(st.sampled_from(VALID), st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=4))
def test_fuzz_score_fields(base, changes):
    check_score(json.dumps(dict(base, **changes)).encode("utf-8", "surrogatepass"))


@fuzz(800)
@given(st.sampled_from(VALID), st.lists(MELD, max_size=6), TILE_TEXT, TILE_TEXT)
def test_fuzz_score_melds_and_tiles(base, melds, concealed, win_tile):
    hand = dict(base, melds=melds, concealed=concealed or base["concealed"],
                win_tile=win_tile or base["win_tile"])
    check_score(json.dumps(hand).encode("utf-8", "surrogatepass"))


@fuzz(1000)
@given(st.sampled_from(VALID), st.binary(max_size=40), st.integers(0, 200))
def test_fuzz_score_bytes(base, noise, at):
    """Bytes spliced into a valid description: broken UTF-8, broken JSON, anything."""
    data = json.dumps(base).encode()
    at = min(at, len(data))
    check_score(data[:at] + noise + data[at:])


@fuzz(1500)
@given(st.lists(st.one_of(TILE_TEXT, ANY_TEXT, st.binary(max_size=20).map(repr)), max_size=8),
       st.sampled_from([[], ["--rules", "cayro"], ["--rules", "filipino"], ["--rules", "x"]]),
       st.binary(max_size=8))
def test_fuzz_shanten(lines, options, noise):
    data = "\n".join(lines).encode("utf-8", "surrogatepass") + noise
    code, out = run(["shanten", *options], data)
    assert code in (0, 2)
    assert len(out) <= 64 * (len(lines) + 2) + 1024
    text = out.decode("utf-8")
    rows = text.split("\n")
    assert rows.pop() == ""
    for row in rows[:-1]:
        assert row.lstrip("-").isdigit(), row
    if code == 2:
        assert json.loads(rows[-1])["error"]["key"] != "engine.internal_error"
    elif rows:
        assert rows[-1].lstrip("-").isdigit()
