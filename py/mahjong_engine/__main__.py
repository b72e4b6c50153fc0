"""Command line: ``python -m mahjong_engine score|shanten ...`` (a public contract).

score [FILE|-]          one JSON hand description in, one JSON result out
match [FILE|-]          one JSON match record in, the match settled hand by hand out
shanten [--rules R]     hands in notation, one per line, one integer out per line
Exit status 0 for well-formed input, 2 with ``{"error": {"key", "message"}}`` otherwise
(also when standard input is closed or cannot be read), 74 when the output cannot be
written (a full disk, a closed standard output): the reason is told on standard error.
Input is read as bytes with limits (``cli_io``); output is always valid UTF-8 JSON.
"""
from __future__ import annotations

import io
import sys
from typing import IO, TYPE_CHECKING, Any

from .cli_io import (EXIT_INPUT, EXIT_OUTPUT, MAX_LINE_BYTES, CliError, Output, clip, decode,
                     dumps, error_json, load_json, tell_stderr)
from .errors import EngineError, HandError
from .notation import canonical_counts, parse_counts
from .tiles import PLAYABLE_KINDS

if TYPE_CHECKING:
    from .rules.base import RuleSet


def _read(path: str, stdin: IO[bytes]) -> Any:
    if path == "-":
        return load_json(stdin)
    try:
        with open(path, "rb") as handle:
            return load_json(handle)
    except OSError:
        raise CliError("input.unreadable", path=clip(path, 200)) from None


def _match(path: str, stdin: IO[bytes], out: Output) -> int:
    data = _read(path, stdin)
    from .game.kept import settle

    out.write(dumps(settle(data).to_json()) + "\n")
    return 0


def _score(path: str, stdin: IO[bytes], out: Output) -> int:
    data = _read(path, stdin)
    from . import score

    out.write(dumps(score(data).to_json()) + "\n")
    return 0


def _shanten_of_line(text: str, rules: RuleSet[Any] | None) -> int:
    """One line of ``shanten`` in any notation, with every refusal."""
    from .analysis import shanten_regular

    every = parse_counts(text)
    if any(every[PLAYABLE_KINDS:]):
        raise HandError("hand.bonus_in_concealed")
    counts = every[:PLAYABLE_KINDS]
    if max(counts) > 4:
        raise HandError("hand.too_many_copies", tile=clip(text), count=max(counts))
    size = sum(counts)
    if size % 3 == 0 or size > (rules.hand_size if rules else 17):
        raise HandError("hand.wrong_size", expected=rules.hand_size if rules else 14,
                        found=size)
    if rules is None:
        return shanten_regular(counts, size // 3)
    return rules.shanten(counts, declared=rules.sets - size // 3)


def _shanten(rules_key: str | None, stdin: IO[bytes], out: Output) -> int:
    from .analysis import shanten_of_suits

    if rules_key:
        from .rules import get_rule_set

        rules = get_rule_set(rules_key)
    else:
        rules = None
    lines = []
    number = 0
    try:
        while True:
            try:
                raw = stdin.readline(MAX_LINE_BYTES + 1)
            except OSError:     # a closed or failing descriptor
                raise CliError("input.closed") from None
            if not raw:
                break
            number += 1
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                raise CliError("input.line_too_long", limit=MAX_LINE_BYTES)
            text = decode(raw).strip()
            if not text:
                continue
            simple = canonical_counts(text) if rules is None else None
            if simple is not None and simple[4] % 3 and simple[4] <= 17:
                k0, k1, k2, honours, size = simple    # the usual line: no tiles built
                value = shanten_of_suits(k0, k1, k2, honours, size // 3, size)
            else:
                value = _shanten_of_line(text, rules)
            lines.append(f"{value}\n")
            if len(lines) >= 1024:
                out.write("".join(lines))
                lines = []
    except EngineError as error:
        out.write("".join(lines))
        error.params = dict(error.params, line=number)
        raise
    out.write("".join(lines))
    return 0


def main(argv: list[str] | None = None, stdin: IO[bytes] | None = None,
         stdout: IO[bytes] | None = None) -> int:
    if stdin is None:   # sys.stdin is None: standard input closed (``<&-``)
        stdin = getattr(sys.stdin, "buffer", None) or _ClosedInput()
    out = Output(stdout if stdout is not None else getattr(sys.stdout, "buffer", None))
    if argv is None:
        argv = sys.argv[1:]
    try:
        code = _dispatch(argv, stdin, out)
    except EngineError as error:
        out.write(error_json(error.key, error.params) + "\n")
        code = EXIT_INPUT
    except (RecursionError, MemoryError) as error:
        out.write(error_json("engine.internal_error", {"type": type(error).__name__}) + "\n")
        code = EXIT_INPUT
    except Exception as error:  # a bug: reported as JSON, never a traceback
        out.write(error_json("engine.internal_error", {"type": type(error).__name__}) + "\n")
        code = EXIT_INPUT
    out.flush()
    if out.failed is not None:
        from .messages import render

        if code == EXIT_INPUT:   # the refusal could not reach standard output either
            tell_stderr(f"mahjong_engine: {render('output.refusal_not_written')}")
        reason = render(out.failed) if out.failed == "output.closed" else out.failed
        tell_stderr(f"mahjong_engine: {render('output.not_written', {'reason': reason})}")
        return EXIT_OUTPUT
    return code


class _ClosedInput(io.BytesIO):
    """Standard input when the process was started without one."""

    def read(self, size: int | None = -1) -> bytes:
        raise CliError("input.closed")

    def readline(self, size: int | None = -1) -> bytes:
        raise CliError("input.closed")


def _dispatch(argv: list[str], stdin: IO[bytes], out: Output) -> int:
    if argv == ["shanten"] or (len(argv) == 3 and argv[:2] == ["shanten", "--rules"]
                               and not argv[2].startswith("-")):
        # The usual call, read as argparse reads it, without importing argparse (with its
        # help formatter, a tenth of a 20,000-hand run's start-up; issue 31).
        return _shanten(argv[2] if len(argv) == 3 else None, stdin, out)
    from .cli_args import parser_for

    parser = parser_for(argv)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help: argparse printed it
        return 2 if exit_.code else 0
    if args.command == "score":
        return _score(args.file, stdin, out)
    if args.command == "shanten":
        return _shanten(args.rules, stdin, out)
    if args.command == "match":
        return _match(args.file, stdin, out)
    out.write(dumps(args.run(args)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
