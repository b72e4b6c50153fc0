"""The translator of mahjong_ui.learn for the unit tests (the package imports under CPython)."""
from __future__ import annotations

import json
from pathlib import Path

from mahjong_ui.i18n import Translator, translator
from mahjong_ui.learn import build_glossary, build_page
from mahjong_ui.learn.model import DOMAINS, LANGS

ROOT = Path(__file__).resolve().parents[2]


def catalogues(lang: str) -> Translator:
    tables = {d: json.loads((ROOT / "static" / "i18n" / lang / f"{d}.json").read_text("utf-8"))
              for d in DOMAINS}
    return translator(lang, tables)


__all__ = ["DOMAINS", "LANGS", "build_glossary", "build_page", "catalogues"]
