"""Puts ``py/`` on the path for the calculator's unit tests (mahjong_ui imports under CPython:
no stand-in for ``js`` is needed by its pure modules)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))
