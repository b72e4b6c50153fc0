"""The README's `score` example, run as the README shows it (a reader's first command must work
and print what the rule sheet gives)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_hand() -> str:
    text = (ROOT / "README.md").read_text("utf-8")
    found = re.search(r"`score` reads one JSON hand description, e\.g\.\n\n((?:    .*\n)+)", text)
    assert found, "the README's score example moved: update this test"
    return "".join(line[4:] for line in found.group(1).splitlines(keepends=True))


def test_the_readmes_score_example_prints_the_sheets_figures():
    done = subprocess.run([sys.executable, "-m", "mahjong_engine", "score", "-"], input=readme_hand(),
                          capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "py")}, timeout=60)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    # Cayro, Puntuaciones, «Combinaciones ocultas»: 888s hidden pung of middle tiles 4, 5555m
    # hidden kong of middle tiles 16, a pair of the player's own wind (South) 2 (the sheet's
    # «32» under hidden sets is a slip for 2, RULES-READING); «Mah Jong (gana la mano)» 20.
    # The chow 234m scores nothing; no double applies (no wind or dragon set, two suits).
    assert [(i["key"], i["amount"]) for i in result["items"]] == [
        ("hidden_pung_simple", 4), ("hidden_kong_simple", 16), ("hidden_pair", 2), ("mah_jong", 20)]
    assert result["winning"] is True and result["total"] == 42
