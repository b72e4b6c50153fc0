"""Catalogues static/i18n/<lang>/<domain>.json: same keys in pt, en, es; no empty strings;
the same {placeholders} in every language."""

import json
import re
from pathlib import Path

import pytest

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
        assert not missing and not extra, f"{domain}: {lang} lacks {sorted(missing)}, has extra {sorted(extra)}"


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
    used |= {f"rules.{r}" for r in ("macau_1988", "filipino", "serralheiro_2003", "cayro")}
    ui = load("en", "ui")
    assert not used - set(ui), f"keys used by the shell but missing from ui.json: {sorted(used - set(ui))}"
