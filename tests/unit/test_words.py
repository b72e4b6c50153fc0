"""The words of the table (issue 26): every payment line and every seat sentence rendered
for every seat (the visitor too) and the counts 0, 1, 2 and 5, in pt, en and es, as the
table words them; none may read "1 units", "pays You", "You takes", «paga a Jogador…»,
«paga a Jugador…» or "× 2^0", the English text may not say «fan» dobrado, and Spanish
names the kong with one word (the Cayro document's «póquer»)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from test_table_controller import catalogues  # noqa: F401  (puts py/ on the path first)
from mahjong_ui.present.result import formula_lines, present_hand
from mahjong_ui.table.controller import TableController
from mahjong_ui.table.parts import seat_sentence
from mahjong_ui.table.score_sheet import SEATS, _seat_name, seat_to
from test_table_board import cat_for

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "static" / "i18n"
LANGS = ("pt", "en", "es")
COUNTS = (0, 1, 2, 5)
RULES = ("macau_1988", "cayro")
NUMBERS = ("count", "amount", "n", "value", "number", "total", "markers")
FORBIDDEN = {
    "en": (r"\b1 units\b", r"\b1 markers\b", r"pays You\b", r"\bYou takes\b", r"\bYou pays\b",
           r"× 2\^0\b", r"«fan» dobrado", r"in place of Player"),
    "pt": (r"\b1 unidades\b", r"\b1 marcadores\b", r"paga a Jogador", r"paga a Você",
           r"× 2\^0\b", r"paga a o\b", r"em vez de Jogador"),
    "es": (r"\b1 unidades\b", r"\b1 marcadores\b", r"paga a Jugador", r"paga a el\b",
           r"× 2\^0\b", r"en lugar de Jugador"),
}


def _model(rules: str) -> dict:
    c = TableController(rules, seed=1)
    return c.model()


def _transfers(reason: str, payer: str, payee: str, n: int) -> dict:
    t = {"reason": reason, "payer": payer, "payee": payee, "amount": 100 * max(n, 1),
         "value": 10 * n, "base": 10 * n, "payee_value": 20 * n, "payer_value": 10 * n,
         "units": n, "price": 100, "stake": "50/100", "citation": ""}
    if reason.startswith("banker_double"):
        t["reason"], t["kind"] = "banker_double", reason.split(".")[1]
    if reason.startswith("liable"):
        t["reason"], t["case"] = "liable", "broke_set"
        t["for"] = [s for s in SEATS if s not in (payer, payee)]
        t["capped"] = reason.endswith("capped")
    if reason == "commission":
        t["payee"] = "house"
    return t


def _reasons(lang: str) -> list[str]:
    table = json.loads((I18N / lang / "result.json").read_text(encoding="utf-8"))
    skip = {"capped", "receives", "markers", "markers.one"}
    return sorted(k[4:] for k in table if k.startswith("pay.") and k[4:] not in skip)


def _check(lang: str, text: str, where: str) -> None:
    assert "{" not in text and "}" not in text, (where, text)
    for pattern in FORBIDDEN[lang]:
        assert not re.search(pattern, text), (where, pattern, text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rules", RULES)
def test_every_payment_line_for_every_seat_and_count(rules, lang):
    cat = cat_for(rules, lang)
    model = _model(rules)
    words = cat
    name, to, of = _seat_name(cat, model), seat_to(cat, model), seat_to(cat, model, "of")
    seen = 0
    for reason in _reasons(lang):
        for payer in SEATS:
            for payee in SEATS:
                if payee == payer:
                    continue
                for n in COUNTS:
                    transfer = _transfers(reason, payer, payee, n)
                    record = {"transfers": [transfer], "payments": [0, 0, 0, 0]}
                    for row in present_hand(words, record, name, to, of).payments:
                        for line in row.lines:
                            _check(lang, line, f"{reason} {payer}->{payee} {n}")
                            seen += 1
    # the markers (Filipino's settlement) for every seat and count
    for n in COUNTS:
        record = {"markers": [n, 0, 0, 0] if n else [0, 1, 0, 0]}
        for row in present_hand(words, record, name, to, of).payments:
            for line in row.lines:
                _check(lang, line, f"markers {n}")
                seen += 1
    # the arithmetic with no doubling and with 0, 1, 2, 5 units
    steps = [{"key": "doubles", "points": 26, "doubles": 0, "value": 26}]
    steps += [{"key": "units", "grade": "one_fan", "value": n} for n in COUNTS]
    for line in formula_lines(words, "macau_1988", steps):
        _check(lang, line.text, line.key)
    assert seen > 100


@pytest.mark.parametrize("lang", LANGS)
def test_every_seat_sentence_for_every_seat(lang):
    """Each sentence about a seat (``<key>.you``, ``.right``…) for every player, with
    every count."""
    table = json.loads((I18N / lang / "table.json").read_text(encoding="utf-8"))
    keys = sorted({k.rsplit(".", 1)[0] for k in table if k.endswith(".you")})
    assert keys
    for rules in RULES:
        cat = cat_for(rules, lang)
        model = _model(rules)
        for key in keys:
            names = {m for k, v in table.items() if k.startswith(key + ".")
                     for m in re.findall(r"\{(\w+)\}", v)}
            for player in range(4):
                for n in COUNTS:
                    params = {m: (n if m in NUMBERS else cat.t("tile.5p") if m == "tile" else "Z")
                              for m in names}
                    text = seat_sentence(cat, model, player, key, **params)
                    _check(lang, text, f"{key} {player} {n}")
        for seat in SEATS:
            _check(lang, seat_to(cat, model)(seat), "to")


def test_spanish_names_the_kong_one_way():
    for path in sorted((I18N / "es").glob("*.json")):
        text = path.read_text(encoding="utf-8")
        for word in ("póker", "Póker", "Cuádruple", "cuádruple"):
            assert word not in text, (path.name, word)
