"""The calculator's state, URL format and evaluation, without a browser."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_ui.calculator.model import FACES, CalcError, CalcState, evaluate, from_query
from mahjong_ui.calculator.text import DOMAINS, calculator_translator, error_text

ROOT = Path(__file__).resolve().parents[2]
HANDS = [
    "rules=macau_1988&c=567p888s22z&w=6p&m=c234m,K5555m&win=discard&seat=S&round=E&stake=100/200",
    "rules=macau_1988&c=111m999p33555777z&w=3z&win=self_drawn&seat=E&round=E&stake=100/200",
    "rules=filipino&c=999m567p888s22z&w=6p&m=c234m,K5555m&f=1f&win=discard&seat=E&round=E",
    "rules=filipino&c=11122233344455566m&w=6m&win=self_drawn&seat=E&round=E",
    "rules=serralheiro_2003&c=567p888s22z&w=6p&m=c234m,K5555m&f=16f&win=discard&seat=S&round=E&opener=E",
    "rules=serralheiro_2003&c=111m999p33555777z&w=3z&win=self_drawn&seat=W&round=S",
    "rules=cayro&c=567p888s22z&w=6p&m=c234m,K5555m&f=16f&win=discard&seat=S&round=E",
    "rules=cayro&c=123456789m11z&w=1z&m=k7777z&win=kong_replacement&seat=E&round=E&last=1",
]


def cli_score(description):
    out = subprocess.run([sys.executable, "-m", "mahjong_engine", "score"], input=json.dumps(description),
                         capture_output=True, text=True, cwd=ROOT / "py", check=True).stdout
    return json.loads(out)


@pytest.mark.parametrize("query", HANDS)
def test_round_trip_and_cli(query):
    state, errors = from_query(query)
    assert not errors
    assert state.to_query() == query
    again, _ = from_query(state.to_query())
    assert again == state
    outcome = evaluate(state)
    assert outcome["status"] == "score"
    assert outcome["result"] == cli_score(state.description())


def test_palette_faces_and_fifth_copy():
    assert len(FACES) == 42 and FACES[0] == "1m" and FACES[-1] == "8f"
    state = CalcState(rules="cayro")
    for _ in range(4):
        state.add_tile("5p")
    with pytest.raises(CalcError) as info:
        state.add_tile("5p")
    assert info.value.key == "hand.too_many_copies"
    assert state.concealed == ["5p"] * 4
    state.add_tile("3f")
    assert state.flowers == ["3f"] and len(state.concealed) == 4
    with pytest.raises(CalcError):
        state.add_meld("pung", "555p", False)


def test_bad_meld_and_notation_refused():
    state = CalcState(rules="cayro")
    for text, key in (("235m", "meld.not_a_meld"), ("12x", "notation.unexpected_character")):
        with pytest.raises(CalcError) as info:
            state.add_meld("chow", text, False)
        assert info.value.key == key
    with pytest.raises(CalcError) as info:
        state.add_meld("pung", "555m", True)
    assert info.value.key == "meld.only_kong_concealed"
    assert state.melds == []


@pytest.mark.parametrize("query", [
    "rules=<script>alert(1)</script>&c=<img src=x onerror=alert(1)>",
    "c=" + "1m" * 5000,
    "c=99999m&w=1z&m=Z123,c99m&seat=Q&first=yes&stake=-1/2&win=magic",
    "%ZZ&&==&c=%3Cb%3E",
])
def test_hostile_queries_become_messages(query):
    state, errors = from_query(query)
    assert errors
    texts = calculator_translator({("en", d): json.loads((ROOT / "static/i18n/en" / f"{d}.json").read_text())
                   for d in DOMAINS})
    for error in errors:
        message = error_text(texts, error)
        assert message and message != error.key, error.key
    assert state.concealed == [] and state.melds == []


def test_waits_and_shanten():
    state, _ = from_query("rules=cayro&c=567p888s2z&m=c234m,K5555m")
    outcome = evaluate(state)
    assert outcome["status"] == "incomplete" and outcome["shanten"] == 0 and outcome["waits"] == ["2z"]


def test_build_a_set_from_the_palette():
    state, _ = from_query("rules=cayro&c=888s&m=K5555m")
    for face in ["2m", "3m", "6m"]:
        state.add_pending(face)
    with pytest.raises(CalcError) as refused:
        state.declare_pending("chow")
    assert refused.value.key == "meld.not_a_meld" and state.pending == ["2m", "3m", "6m"]
    state.remove_pending(2)
    state.add_pending("4m")
    state.declare_pending("chow")
    assert state.pending == [] and state.to_query().startswith("rules=cayro&c=888s&w=8s&m=K5555m,c234m")
    state.add_pending("1f")                      # a flower goes to the flowers
    assert state.flowers == ["1f"] and state.pending == []
    state.add_pending("8s")
    with pytest.raises(CalcError) as refused:     # a fifth copy, counting the set being built
        state.add_pending("8s")
    assert refused.value.key == "hand.too_many_copies"
    with pytest.raises(CalcError):
        state.add_tile("8s")
    for face in ["9p"] * 3:
        state.add_pending(face)
    with pytest.raises(CalcError) as refused:
        state.add_pending("1p")
    assert refused.value.key == "meld.pending_full"
    copy = state.copy()
    copy.pending.clear()
    assert state.pending == ["8s", "9p", "9p", "9p"]
    with pytest.raises(CalcError) as refused:
        state.declare_pending("pung", False)
    assert state.pending == ["8s", "9p", "9p", "9p"]


def test_refusal_names_the_set_as_the_rule_set_does():
    """A refused set is named with the rule set's own word (Portaria: «ch'i»), not the
    engine's key."""
    import json
    root = Path(__file__).resolve().parents[2] / "static" / "i18n" / "pt"
    tables = {("pt", d): json.loads((root / f"{d}.json").read_text("utf-8"))
              for d in ("errors", "macau_1988")}
    texts = calculator_translator(tables, "pt")
    error = CalcError("meld.not_a_meld", kind="chow", tiles="235m")
    assert tables[("pt", "macau_1988")]["term.chow"] in error_text(texts, error, "macau_1988")
    assert "«chow»" not in error_text(texts, error, "macau_1988")
