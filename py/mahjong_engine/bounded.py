"""The one JSON reader every input goes through (the command line, a replay link or file, a
saved or parked table game, a kept match or its import, the settings).

Its size and depth are checked on the text before the parser recurses into it: under
Pyodide a deep array overflows the browser's stack before Python's recursion limit is
reached, so catching ``RecursionError`` afterwards is not enough. Every refusal is an
``InputError`` (a key and its parameters); each record kind wraps it in its own error.
"""
from __future__ import annotations

import json
import re
from typing import Any

from .errors import EngineError

MAX_CHARS = 1 << 20     # one record: a saved match of many hands is under 200 KB
MAX_DEPTH = 32          # a hand description nests 3 levels, a saved match 6

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")


class InputError(EngineError):
    """Text refused before any work: ``input.too_large``, ``input.too_deep`` or
    ``input.bad_json``."""


def check_depth(text: str, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON nested deeper than ``limit`` before the parser recurses into it
    (brackets inside strings do not count)."""
    depth = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            if depth > limit:
                raise InputError("input.too_deep", limit=limit)
        else:
            depth -= 1


def read_json(text: Any, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """The value of JSON ``text``, refused with an ``InputError`` when it is not text, is
    longer than ``max_chars``, nests deeper than ``max_depth`` or is not JSON."""
    if not isinstance(text, str):
        raise InputError("input.bad_json")
    if len(text) > max_chars:
        raise InputError("input.too_large", limit=max_chars)
    check_depth(text, max_depth)
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise InputError("input.bad_json") from None


__all__ = ["MAX_CHARS", "MAX_DEPTH", "InputError", "check_depth", "read_json"]
