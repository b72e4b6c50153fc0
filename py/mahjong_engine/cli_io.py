"""Input and output of the command line: bytes in with limits, strict UTF-8, bounded JSON
depth, and output that is always valid UTF-8 JSON, quiet on a closed pipe.

Every refusal is a ``CliError`` (an ``EngineError``: a key and its parameters) that the
command turns into ``{"error": ...}`` with exit status 2.
"""
from __future__ import annotations

import contextlib
import json
import os
import sys
from typing import IO, Any

from .bounded import MAX_DEPTH, check_depth, read_json
from .errors import EngineError, clip

MAX_INPUT_BYTES = 1 << 20      # one hand description: a few hundred bytes in practice
MAX_LINE_BYTES = 4096          # one ``shanten`` line
EXIT_INPUT = 2                 # refused input: ``{"error": ...}`` on standard output
EXIT_OUTPUT = 74               # output not written (sysexits' EX_IOERR): told on standard error


class CliError(EngineError):
    """Input the command line refuses before doing any work."""


def read_limited(stream: IO[bytes], limit: int = MAX_INPUT_BYTES) -> bytes:
    try:
        data = stream.read(limit + 1)
    except OSError as error:      # a closed or failing descriptor
        raise CliError("input.closed", reason=clip(error.strerror or "", 80)) from None
    if len(data) > limit:
        raise CliError("input.too_large", limit=limit)
    return data


def decode(data: bytes, **params: Any) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CliError("input.bad_utf8", position=error.start, **params) from None


def load_json(stream: IO[bytes]) -> Any:
    """JSON from a byte stream through the reader the page uses (``bounded.read_json``)."""
    return read_json(decode(read_limited(stream)), MAX_INPUT_BYTES, MAX_DEPTH)


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
    """A byte stream written as UTF-8; a closed pipe (``| head``) ends output quietly.

    Output that cannot be written (a full disk, a closed standard output) is not a
    traceback either: ``failed`` keeps the reason, and the command says it on standard
    error and exits with ``EXIT_OUTPUT`` (``main``)."""

    def __init__(self, stream: IO[bytes] | None) -> None:
        self.stream = stream
        self.closed = stream is None
        self.failed: str | None = "output.closed" if stream is None else None

    def write(self, text: str) -> None:
        if self.closed or self.stream is None:
            return
        try:
            self.stream.write(text.encode("utf-8", "backslashreplace"))
        except BrokenPipeError:
            self._close()
        except (OSError, ValueError) as error:   # ValueError: a closed file object
            self._fail(error)

    def flush(self) -> None:
        if self.closed or self.stream is None:
            return
        try:
            self.stream.flush()
        except BrokenPipeError:
            self._close()
        except (OSError, ValueError) as error:
            self._fail(error)

    def _fail(self, error: Exception) -> None:
        self.failed = clip(getattr(error, "strerror", None) or type(error).__name__, 80)
        self._close()

    def _close(self) -> None:
        self.closed = True
        # Python flushes stdout again at exit: point it at devnull so that is quiet too.
        if self.stream is not None and self.stream is getattr(sys.stdout, "buffer", None):
            with contextlib.suppress(OSError, ValueError):
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())


def tell_stderr(text: str) -> None:
    """One line on standard error, when there is one (never raises)."""
    stream = sys.stderr
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError):
        stream.write(text + "\n")
        stream.flush()


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


__all__ = ["EXIT_INPUT", "EXIT_OUTPUT", "MAX_INPUT_BYTES", "MAX_LINE_BYTES", "CliError", "Output",
           "check_depth", "clip", "decode", "dumps", "error_json", "load_json", "read_limited",
           "tell_stderr"]
