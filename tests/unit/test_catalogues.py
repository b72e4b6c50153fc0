"""Catalogues static/i18n/<lang>/<domain>.json: same keys in pt, en, es; no empty strings;
the same {placeholders} in every language."""

import json
import re
from pathlib import Path

import pytest

from mahjong_engine.rules import registered_keys

I18N = Path(__file__).resolve().parents[2] / "static" / "i18n"
LANGS = ("pt", "en", "es")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def domains():
    return sorted({p.stem for lang in LANGS for p in (I18N / lang).glob("*.json")})


def load(lang, domain):
    path = I18N / lang / f"{domain}.json"
    assert path.exists(), f"missing catalogue {lang}/{domain}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{lang}/{domain}.json must be a flat object"
    return data


def test_languages_present():
    assert all((I18N / lang).is_dir() for lang in LANGS)
    assert "ui" in domains()


@pytest.mark.parametrize("domain", domains())
def test_same_keys(domain):
    keys = {lang: set(load(lang, domain)) for lang in LANGS}
    for lang in LANGS[1:]:
        missing, extra = keys[LANGS[0]] - keys[lang], keys[lang] - keys[LANGS[0]]
        assert not missing and not extra, \
            f"{domain}: {lang} lacks {sorted(missing)}, has extra {sorted(extra)}"


@pytest.mark.parametrize("domain", domains())
def test_flat_non_empty_strings(domain):
    for lang in LANGS:
        for key, value in load(lang, domain).items():
            assert isinstance(value, str), f"{lang}/{domain}.json {key}: not a string"
            assert value.strip(), f"{lang}/{domain}.json {key}: empty"
            assert value == value.strip(), f"{lang}/{domain}.json {key}: leading/trailing blanks"


@pytest.mark.parametrize("domain", domains())
def test_placeholders_match(domain):
    tables = {lang: load(lang, domain) for lang in LANGS}
    for key in tables[LANGS[0]]:
        found = {lang: sorted(set(PLACEHOLDER.findall(tables[lang].get(key, "")))) for lang in LANGS}
        assert len({tuple(v) for v in found.values()}) == 1, f"{domain} {key}: placeholders differ {found}"


def test_shell_keys_exist():
    """Every data-i18n key of index.html and every t("...") key of shell.js is in ui.json."""
    root = I18N.parents[1]
    used = set(re.findall(r'data-i18n="([^"]+)"', (root / "index.html").read_text(encoding="utf-8")))
    shell = (root / "static" / "js" / "shell.js").read_text(encoding="utf-8")
    used |= set(re.findall(r'(?:t|fail|setStatus)\("([a-z_]+\.[a-z_0-9.]+)"', shell))
    # the rule-set controls build.py writes from the registry (build.rule_set_markup)
    used |= {f"{prefix}.{r}" for r in registered_keys() for prefix in ("rules", "welcome.about")}
    ui = load("en", "ui")
    assert not used - set(ui), f"keys used by the shell but missing from ui.json: {sorted(used - set(ui))}"


PLURAL = re.compile(r"^(.*)\.other$")
NUMBER_PARAMS = ("count", "n", "amount")    # mahjong_ui.i18n.PLURAL_PARAMS


@pytest.mark.parametrize("domain", domains())
def test_plural_keys_have_both_forms_in_every_language(domain):
    """A plural key is ``<key>.one`` + ``<key>.other`` (never ``.other`` alone, never beside a
    bare ``<key>``) in all three languages, and both forms take the number parameter that chooses."""
    for lang in LANGS:
        table = load(lang, domain)
        bases = {m.group(1) for k in table if (m := PLURAL.match(k))}
        for base in bases:
            assert f"{base}.one" in table and f"{base}.other" in table, \
                f"{lang}/{domain} {base}: needs .one and .other"
            assert base not in table, f"{lang}/{domain} {base}: both a plain key and plural forms"
            for form in ("one", "other"):
                params = set(PLACEHOLDER.findall(table[f"{base}.{form}"]))
                assert params & set(NUMBER_PARAMS), f"{lang}/{domain} {base}.{form}: no number parameter"


@pytest.mark.parametrize("domain", domains())
def test_no_hand_made_plurals(domain):
    """"tile(s)", «peça(s)», «marcador(es)»: plurals are chosen by the catalogue, not left to
    the reader."""
    for lang in LANGS:
        for key, value in load(lang, domain).items():
            assert not re.search(r"\w\((s|es)\)", value), f"{lang}/{domain} {key}: {value!r}"


QUOTED = re.compile(r"«[^«»]*»")
DOCUMENT_NAMES = ("item.", "form.", "cite.")   # the documents' own names of hands and items


@pytest.mark.parametrize("domain", domains())
def test_portuguese_says_peca_not_pedra(domain):
    """Portuguese calls a tile «peça»; «pedra» only inside «quoted document text», in the
    documents' own names of items and hands, and in the glossary (which explains the
    documents' words)."""
    if domain == "glossary":
        return
    for key, value in load("pt", domain).items():
        if key.startswith(DOCUMENT_NAMES):
            continue
        assert not re.search(r"\bpedras?\b", QUOTED.sub("", value), re.I), f"pt/{domain} {key}: {value!r}"
