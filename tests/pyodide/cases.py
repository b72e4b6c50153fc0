"""Engine cases run twice, under CPython and under Pyodide; the results must be identical.

To add a case: write a function returning JSON-able data (lists, dicts, str, int, bool, None)
and decorate it with @case. Keep results deterministic (sort sets, no floats from timing).
A case that needs an engine function which does not exist yet should return skipped(...).
"""

from __future__ import annotations

import importlib

CASES: dict = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def skipped(reason: str) -> dict:
    return {"skipped": reason}


def engine(name: str):
    """mahjong_engine.<name>, looked up in the package, then in its modules; None if absent."""
    try:
        package = importlib.import_module("mahjong_engine")
    except ModuleNotFoundError:
        return None
    if hasattr(package, name):
        return getattr(package, name)
    for module in ("notation", "tiles", "analysis", "hand", "scoring"):
        try:
            mod = importlib.import_module(f"mahjong_engine.{module}")
        except ImportError:
            continue
        if hasattr(mod, name):
            return getattr(mod, name)
    return None


def error_result(exc: Exception) -> dict:
    return {"error": type(exc).__name__, "key": getattr(exc, "key", None), "position": getattr(exc, "position", None)}


NOTATION = [
    "123m", "123m456p789s11z", "1m2m3m", "55z", "1234567z", "19m19p19s1234567z1m",
    "1f2f3f4f5f6f7f8f", "999p", "", "0m", "10m", "m", "123", "8z", "123x", "1m 2m", "１m",
]


@case
def notation_round_trip():
    parse_tiles, format_tiles = engine("parse_tiles"), engine("format_tiles")
    if parse_tiles is None or format_tiles is None:
        return skipped("mahjong_engine.parse_tiles/format_tiles not available yet")
    out = []
    for text in NOTATION:
        try:
            tiles = parse_tiles(text)
            printed = format_tiles(tiles)
            out.append({"in": text, "out": printed, "count": len(tiles),
                        "again": format_tiles(parse_tiles(printed))})
        except Exception as exc:  # noqa: BLE001 - errors are results too; they must match
            out.append({"in": text, **error_result(exc)})
    return out


@case
def engine_version():
    try:
        package = importlib.import_module("mahjong_engine")
    except ModuleNotFoundError:
        return skipped("mahjong_engine not importable yet")
    return {"version": getattr(package, "__version__", None)}
