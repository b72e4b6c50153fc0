"""Catalogues of mahjong_ui.learn for the unit tests (the package imports under CPython)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))

from mahjong_ui.learn import Catalogues, build_glossary, build_page  # noqa: E402
from mahjong_ui.learn.model import DOMAINS, LANGS  # noqa: E402


def catalogues(lang: str) -> Catalogues:
    tables = {d: json.loads((ROOT / "static" / "i18n" / lang / f"{d}.json").read_text("utf-8"))
              for d in DOMAINS}
    return Catalogues(lang, tables)


__all__ = ["DOMAINS", "LANGS", "build_glossary", "build_page", "catalogues"]
