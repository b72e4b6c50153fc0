"""Every message key the game package can emit has its text in pt, en and es."""
from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PREFIXES = ("action", "why", "record", "invariant", "game", "setup", "match", "player", "replay",
            "simulate", "phase")


def catalogue(lang: str) -> dict[str, str]:
    return json.loads((ROOT / "static" / "i18n" / lang / "game.json").read_text("utf-8"))


def emitted_keys() -> set[str]:
    found: set[str] = set()
    prefixes = "|".join(PREFIXES)
    pattern = re.compile(rf'"((?:{prefixes})\.[a-z_]+(?:\.[a-z_]+)*)"')
    for path in (ROOT / "py" / "mahjong_engine" / "game").glob("*.py"):
        found.update(pattern.findall(path.read_text("utf-8")))
    return found


def test_catalogues_have_the_same_keys_and_real_text():
    pt, en, es = catalogue("pt"), catalogue("en"), catalogue("es")
    assert set(pt) == set(en) == set(es)
    for key in en:
        assert pt[key] and en[key] and es[key]
    assert sum(pt[k] != en[k] for k in en) > len(en) * 0.8   # translated, not copied


def test_every_emitted_key_is_in_the_catalogues():
    keys = set(catalogue("en"))
    missing = {k for k in emitted_keys() if k not in keys}
    # game.end.<reason> keys are built from a reason name
    missing -= {"game.end"}
    assert not missing, sorted(missing)
    for reason in ("wall_exhausted", "wall_empty_in_replacement"):
        assert f"game.end.{reason}" in keys
