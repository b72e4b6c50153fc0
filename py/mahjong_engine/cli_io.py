"""Input and output of the command line: bytes in with limits, strict UTF-8, bounded JSON
depth, and output that is always valid UTF-8 JSON, quiet on a closed pipe.

Every refusal is a ``CliError`` (an ``EngineError``: a key and its parameters) that the
command turns into ``{"error": ...}`` with exit status 2.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import sys
from typing import IO, Any

from .errors import EngineError, clip

MAX_INPUT_BYTES = 1 << 20      # one hand description: a few hundred bytes in practice
MAX_LINE_BYTES = 4096          # one ``shanten`` line
MAX_DEPTH = 32                 # nesting of a hand description is 3

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")


class CliError(EngineError):
    """Input the command line refuses before doing any work."""


def read_limited(stream: IO[bytes], limit: int = MAX_INPUT_BYTES) -> bytes:
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise CliError("input.too_large", limit=limit)
    return data


def decode(data: bytes, **params: Any) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CliError("input.bad_utf8", position=error.start, **params) from None


def check_depth(text: str, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON nested deeper than ``limit`` before the parser recurses into it."""
    depth = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            if depth > limit:
                raise CliError("input.too_deep", limit=limit)
        else:
            depth -= 1


def load_json(stream: IO[bytes]) -> Any:
    text = decode(read_limited(stream))
    check_depth(text)
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise CliError("input.bad_json") from None


def dumps(data: Any) -> str:
    """JSON text that encodes to valid UTF-8: lone surrogates (from ``\\ud800`` escapes
    in the input) are kept as JSON escapes instead of raw code points."""
    text = json.dumps(data, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data, ensure_ascii=True)
    return text


class Output:
    """A byte stream written as UTF-8; a closed pipe (``| head``) ends output quietly."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.closed = False

    def write(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.stream.write(text.encode("utf-8", "backslashreplace"))
        except BrokenPipeError:
            self._close()

    def flush(self) -> None:
        if self.closed:
            return
        try:
            self.stream.flush()
        except BrokenPipeError:
            self._close()

    def _close(self) -> None:
        self.closed = True
        # Python flushes stdout again at exit: point it at devnull so that is quiet too.
        if self.stream is getattr(sys.stdout, "buffer", None):
            devnull = os.open(os.devnull, os.O_WRONLY)
            with contextlib.suppress(OSError, ValueError):
                os.dup2(devnull, sys.stdout.fileno())


def error_json(key: str, params: dict[str, Any] | None = None) -> str:
    from .messages import render

    text_params = dict(params or {})
    reason = text_params.get("reason")
    if isinstance(reason, str):   # a keyed error wrapping another (a match record's hand)
        text_params["reason_text"] = render(reason, text_params)
    error: dict[str, Any] = {"key": key, "message": render(key, text_params)}
    if params:
        error["params"] = params
    return dumps({"error": error})


__all__ = ["MAX_INPUT_BYTES", "MAX_LINE_BYTES", "CliError", "Output", "check_depth", "clip", "decode",
           "dumps", "error_json", "load_json", "read_limited"]
