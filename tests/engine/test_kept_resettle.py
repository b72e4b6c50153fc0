"""A kept match settled from the changed hand on (issue 30, scale): ``resettle`` after any
change (a hand added, corrected, the last removed) equals settling the whole record again:
the same ``to_json``, or the same refusal at the same hand and field."""
from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import builders
from mahjong_engine.game.kept import resettle, rewound
from mahjong_engine.game.ledger import Ledger, RecordFieldError

PLAYERS = ["Ana", "Bia", "Caio", "Duda"]
CHOWS = {"concealed": builders.CHOWS, "win_tile": "5p"}
SEVENTEEN = {"concealed": builders.SEVENTEEN, "win_tile": "9s"}   # Filipino
RESEAT = [[6, 6], [5, 5], [4, 4], [3, 3]]
RULES = ["macau_1988", "cayro", "filipino", "serralheiro_2003"]


@st.composite
def hands(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["win", "win", "win", "self", "draw", "false_win"]))
    if kind == "draw":
        return {"draw": True}
    if kind == "false_win":
        return {"false_win": draw(st.integers(0, 3))}
    winner = draw(st.integers(0, 3))
    hand: dict[str, Any] = {"winner": winner, **draw(st.sampled_from([CHOWS, SEVENTEEN]))}
    if kind == "self":
        hand["win"] = "self_drawn"
    else:
        hand.update(win="discard", discarder=(winner + draw(st.integers(1, 3))) % 4)
    dice = draw(st.sampled_from([None, "pair", "reseat"]))
    if dice == "pair":
        hand["dice"] = [draw(st.integers(1, 6)), draw(st.integers(1, 6))]
    elif dice == "reseat":
        hand["dice"] = RESEAT
    return hand


def outcome(rules: str, record: list[dict[str, Any]]) -> Any:
    try:
        return Ledger.from_json({"rules": rules, "players": PLAYERS, "hands": record}).to_json()
    except RecordFieldError as error:
        return error.key, error.params


def settled(rules: str, record: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The hands of ``record`` a match takes (a match the view could hold): a hand refused
    for its dice is given them, any other refused hand is left out."""
    taken: list[dict[str, Any]] = []
    ledger = Ledger(rules, PLAYERS)
    for hand in record:
        for dice in (hand.get("dice"), [3, 4], RESEAT):
            trial = {**hand, "dice": dice} if dice is not None else hand
            fork = rewound(ledger, len(taken))    # checked by the test below
            try:
                fork.add(trial)
            except RecordFieldError:
                continue
            taken.append(trial)
            ledger = fork
            break
    return taken


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(RULES), st.integers(0, 40), st.data())
def test_resettle_equals_settling_again(rules: str, size: int, data: st.DataObject) -> None:
    before = settled(rules, data.draw(st.lists(hands(), min_size=size, max_size=size)))
    previous = Ledger.from_json({"rules": rules, "players": PLAYERS, "hands": before})
    change = data.draw(st.sampled_from(["add", "correct", "drop"]))
    after = [dict(h) for h in before]
    if change == "add" or not after:
        after.append(data.draw(hands()))
    elif change == "correct":
        after[data.draw(st.integers(0, len(after) - 1))] = data.draw(hands())
    else:
        after.pop()
    try:
        got: Any = resettle(previous, before, after).to_json()
    except RecordFieldError as error:
        got = error.key, error.params
    assert got == outcome(rules, after)
    assert previous.to_json() == outcome(rules, before)     # the earlier ledger untouched


def test_rewound_stands_where_the_ledger_stood() -> None:
    record = [{"winner": n % 4, "win": "discard", "discarder": (n + 1) % 4, **CHOWS,
               **({"dice": RESEAT} if n % 16 == 15 else {})} for n in range(40)]
    full = Ledger.from_json({"rules": "cayro", "players": PLAYERS, "hands": record})
    for count in (0, 1, 15, 16, 17, 39, 40):
        part = Ledger.from_json({"rules": "cayro", "players": PLAYERS, "hands": record[:count]})
        assert rewound(full, count).to_json() == part.to_json()
