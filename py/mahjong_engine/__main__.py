"""Command line: ``python -m mahjong_engine score|shanten ...`` (a public contract).

score [FILE|-]          one JSON hand description in, one JSON result out
shanten [--rules R]     hands in notation, one per line, one integer out per line
Exit status 0 for well-formed input, 2 with ``{"error": {"key", "message"}}`` otherwise.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .errors import EngineError, HandError
from .notation import parse_counts
from .tiles import PLAYABLE_KINDS

# Commands every run knows; the others (``simulate``) are imported only when asked for, so
# ``shanten`` and ``score`` do not pay for the game modules at start-up.
_CORE_COMMANDS = ("score", "shanten")


def _fail(key: str, params: dict[str, Any] | None = None) -> int:
    from .messages import render

    error = {"key": key, "message": render(key, params)}
    if params:
        error["params"] = params
    print(json.dumps({"error": error}, ensure_ascii=False))
    return 2


def _score(path: str) -> int:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError):
        return _fail("input.unreadable", {"path": path[:200]})
    try:
        data = json.loads(text)
    except ValueError:
        return _fail("input.bad_json")
    from . import score
    try:
        result = score(data)
    except EngineError as error:
        return _fail(error.key, error.params)
    print(json.dumps(result.to_json(), ensure_ascii=False))
    return 0


def _shanten(rules_key: str | None) -> int:
    from .analysis import shanten_regular

    try:
        if rules_key:
            from .rules import get_rule_set

            rules = get_rule_set(rules_key)
        else:
            rules = None
    except EngineError as error:
        return _fail(error.key, error.params)
    out = []
    for number, line in enumerate(sys.stdin, start=1):
        text = line.strip()
        if not text:
            continue
        try:
            every = parse_counts(text)
            if any(every[PLAYABLE_KINDS:]):
                raise HandError("hand.bonus_in_concealed")
            counts = every[:PLAYABLE_KINDS]
            if max(counts) > 4:
                raise HandError("hand.too_many_copies", tile=text[:40], count=max(counts))
            size = sum(counts)
            if size % 3 == 0 or size > (rules.hand_size if rules else 17):
                raise HandError("hand.wrong_size", expected=rules.hand_size if rules else 14,
                                found=size)
            if rules is None:
                value = shanten_regular(counts, size // 3)
            else:
                value = rules.shanten(counts, declared=rules.sets - size // 3)
        except EngineError as error:
            sys.stdout.write("".join(out))
            params = dict(error.params, line=number)
            return _fail(error.key, params)
        out.append(f"{value}\n")
    sys.stdout.write("".join(out))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mahjong_engine")
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser("score", help="score one JSON hand description")
    score.add_argument("file", nargs="?", default="-")
    shanten = commands.add_parser("shanten", help="shanten of hands read from stdin")
    shanten.add_argument("--rules", default=None)
    if argv is None:
        argv = sys.argv[1:]
    if not argv or argv[0] not in _CORE_COMMANDS:
        _extend(commands)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return 2 if exit_.code else 0
    if args.command == "score":
        return _score(args.file)
    if args.command == "shanten":
        return _shanten(args.rules)
    return args.run(args)


def _extend(commands) -> None:
    """Further commands (``simulate``) register themselves from the game modules."""
    try:
        from .game.simulate import add_command
    except ImportError:
        return
    add_command(commands)


if __name__ == "__main__":
    sys.exit(main())
