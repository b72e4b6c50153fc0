"""The one translator of mahjong_ui (mahjong_ui.i18n): fallback, placeholders, plurals."""
import json
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from mahjong_ui.calculator.text import amount_text, calculator_translator
from mahjong_ui.i18n import LANGS, Translator, fill, plural_form
from mahjong_ui.i18n import translator
from mahjong_ui.table.catalogue import table_domains, table_translator

I18N = Path(__file__).resolve().parents[2] / "static" / "i18n"


def load(lang, domain):
    return json.loads((I18N / lang / f"{domain}.json").read_text(encoding="utf-8"))


def test_one_fallback_and_placeholder_rule():
    tr = Translator({("en", "d"): {"a": "A {x}", "b": "B {y}"}, ("pt", "d"): {"a": "Á {x}"}}, "pt",
                    ("d",))
    assert tr.t("a", x=1) == "Á 1"
    assert tr.t("b", y="z") == "B z"          # missing in pt: English
    assert tr.t("c") == "c"                   # missing everywhere: the key
    assert tr.t("a") == "Á {x}"               # a parameter not given stays visible
    assert tr.domain().t("d.a", x=2) == "Á 2"      # a key that names its domain
    assert tr.domain("d").t("b", y=1) == tr.t("d.b", y=1) == "B 1"
    tr.lang = "en"                                 # a view shares the language
    assert tr.domain("d").t("a", x=3) == "A 3"
    assert fill("{a} {b} {a}", {"a": 1}) == "1 {b} 1"
    assert fill("no {braces here", {}) == "no {braces here"


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms(lang):
    assert plural_form(lang, 1) == "one"
    assert all(plural_form(lang, n) == "other" for n in (0, 2, 5, 17, 1.5, None, "x"))


def test_plural_keys_are_chosen_by_the_number():
    tr = Translator({("en", "d"): {"k.one": "{count} tile", "k.other": "{count} tiles"}},
                    domains=("d",))
    assert tr.t("k", count=1) == "1 tile"
    assert [tr.t("k", count=n) for n in (0, 2)] == ["0 tiles", "2 tiles"]
    assert tr.t("k") == "{count} tiles"


@given(st.integers(min_value=0, max_value=10_000), st.sampled_from(LANGS))
def test_units_agree_with_their_number_in_every_language(n, lang):
    """"1 marker" / "2 markers", «1 marcador» / «2 marcadores», «1 punto» / «2 puntos»."""
    texts = calculator_translator({(lang, "calculator"): load(lang, "calculator"),
                   ("en", "calculator"): load("en", "calculator")}, lang)
    for unit in ("markers", "points", "doubles"):
        text = amount_text(texts, unit, n)
        one = load(lang, "calculator")[f"unit.{unit}.one"].replace("{amount}", str(n))
        other = load(lang, "calculator")[f"unit.{unit}.other"].replace("{amount}", str(n))
        assert text == (one if n == 1 else other)
    assert "(s)" not in texts.t("result.shanten", count=n)


def test_every_view_translates_through_the_same_rule():
    en = {d: load("en", d) for d in ("learn", "exercises", "table", "game", "common", "ai")}
    learn = translator("en", en)
    assert learn.t("learn.unit.markers", n=1) == "1 marker"
    assert learn.t("learn.unit.markers", n=3) == "3 markers"
    assert learn.t("exercises.waits.answer", count=1, tiles="5p") == "The engine finds 1 waiting tile: 5p."
    table = table_translator()
    for domain, data in en.items():
        table.add("en", domain, data)
    table.add("pt", "table", load("pt", "table"))
    table.lang = "pt"
    assert table.t("table.no_such_key") == "table.no_such_key"
    assert table.t("why.not_complete", shanten=1, away=2).startswith("The hand")   # English fallback


SEATS = [{"player": 0, "position": "bottom"}, {"player": 1, "position": "right"},
         {"player": 2, "position": "top"}, {"player": 3, "position": "left"}]


@pytest.mark.parametrize("lang", LANGS)
def test_sentences_about_a_seat_are_whole_sentences(lang):
    """"On your discard.", «Com o descarte do jogador à direita.», «Con el descarte del jugador
    de enfrente.»: one sentence per seat, never a seat name pasted into a sentence."""
    from mahjong_ui.table.parts import seat_sentence
    cat = table_translator()
    cat.add(lang, "table", load(lang, "table"))
    cat.lang = lang
    for watch in (False, True):
        model = {"seats": SEATS, "watch": watch}
        for player in range(4):
            for key, params in (("table.discarder", {}), ("table.winner", {"win": "x"}),
                                ("table.liable", {}), ("table.champion", {}),
                                ("table.claim", {"tile": "5p"})):
                text = seat_sentence(cat, model, player, key, **params)
                assert not text.startswith("table."), text
                assert "{" not in text and "You's" not in text, text
                assert "de Jogador" not in text and "de Jugador" not in text, text
    model = {"seats": SEATS, "watch": False}
    expected = {"en": ("On your discard.", "On the discard of the player opposite."),
                "pt": ("Com o seu descarte.", "Com o descarte do jogador em frente."),
                "es": ("Con su descarte.", "Con el descarte del jugador de enfrente.")}[lang]
    assert (seat_sentence(cat, model, 0, "table.discarder"),
            seat_sentence(cat, model, 2, "table.discarder")) == expected


RULES = ("macau_1988", "filipino", "serralheiro_2003", "cayro")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rules", RULES)
def test_one_name_per_claim_on_buttons_legend_lesson_and_exercises(rules, lang):
    from mahjong_ui.learn.exercises import claim_ref
    from mahjong_ui.learn.lesson_text import button_label
    from mahjong_ui.learn.model import claim_name

    domains = ("learn", "lessons", "exercises", "game", "table", rules)
    learn = translator(lang, {d: load(lang, d) for d in domains})
    table = table_translator()
    for d in ("table", "game", "common", "ai", rules):
        table.add(lang, d, load(lang, d))
    table.lang, table.domains = lang, table_domains(rules)
    for kind in ("chow", "pung", "kong"):
        name = load(lang, rules)[f"term.{kind}"]
        button = table.t(f"action.{kind}")                       # the table's claim button
        assert button.lower() == name.lower(), (button, name)
        assert button_label(learn, kind, rules) == button       # the lesson's button
        assert learn.domain(claim_ref(rules, kind)[0]).t(claim_ref(rules, kind)[1]) == name
        assert claim_name(learn, rules, kind) == name           # the rules page
        legend = table.t("table.keys", **{k: table.t(f"term.{k}") for k in ("chow", "pung", "kong")})
        assert name in legend


def test_one_translator_class_in_the_page():
    """Issue 28: ``mahjong_ui.i18n.Translator`` is the page's only translator; nothing
    subclasses it or keeps a lookup of its own (``Texts``, ``Catalogues``, shims)."""
    import ast

    ui = Path(__file__).resolve().parents[2] / "py" / "mahjong_ui"
    found = []
    for path in ui.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = {ast.unparse(b) for b in node.bases}
                if bases & {"Translator", "Translations"} or node.name in (
                        "Texts", "KeepTexts", "Catalogues", "Translations"):
                    found.append(f"{path.relative_to(ui)}:{node.name}")
            elif isinstance(node, ast.FunctionDef) and node.name in ("_t", "_l", "_x", "_e", "L", "R", "G"):
                found.append(f"{path.relative_to(ui)}:{node.name}()")
    assert found == []


@pytest.mark.parametrize("lang", LANGS)
def test_one_tile_name_function_for_every_tile(lang):
    """The face of a tile from its notation is written once (``names.tile_name``): the
    table's catalogue names each tile; the calculator's words a suit with its rank."""
    from mahjong_ui.names import tile_name

    table = Translator({(lang, "table"): load(lang, "table")}, lang, ("table",))
    calc = Translator({(lang, "calculator"): load(lang, "calculator")}, lang, ("calculator",))
    words = load(lang, "calculator")
    for code in ("1m", "5p", "9s", "1z", "7z", "1f", "8f"):
        assert tile_name(table, code) == load(lang, "table")[f"tile.{code}"]
    assert tile_name(calc, "5p") == words["tile.p"].replace("{rank}", "5")
    assert tile_name(calc, "7z") == words["tile.7z"]
    assert tile_name(calc, "2f") == words["tile.f"].replace("{rank}", "2")
    assert tile_name(calc, "6f") == words["tile.season"].replace("{rank}", "2")
