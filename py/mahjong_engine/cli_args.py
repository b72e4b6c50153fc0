"""The command line's arguments (``python -m mahjong_engine --help``): argparse, imported
only when a call is not the plain ``shanten`` (``__main__._dispatch`` reads that itself)."""
from __future__ import annotations

import argparse
from typing import NoReturn

from .cli_io import CliError, clip

# Commands every run knows; the others (``simulate``) are imported only when asked for, so
# ``shanten`` and ``score`` do not pay for the game modules at start-up.
_CORE_COMMANDS = ("score", "shanten", "match")


class _Parser(argparse.ArgumentParser):
    """argparse that refuses with a keyed error instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise CliError("input.bad_arguments", detail=clip(message, 120))


def _parser() -> tuple[_Parser, argparse._SubParsersAction[_Parser]]:
    parser = _Parser(prog="python -m mahjong_engine")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    score = commands.add_parser("score", help="score one JSON hand description")
    score.add_argument("file", nargs="?", default="-")
    match = commands.add_parser("match", help="settle a match record hand by hand")
    match.add_argument("file", nargs="?", default="-")
    shanten = commands.add_parser("shanten", help="shanten of hands read from stdin")
    shanten.add_argument("--rules", default=None)
    return parser, commands


def _extend(commands: argparse._SubParsersAction[_Parser]) -> None:
    """Further commands (``simulate``) register themselves from the game modules."""
    try:
        from .game.simulate import add_command
    except ImportError:
        return
    add_command(commands)


def parser_for(argv: list[str]) -> _Parser:
    """The parser of ``argv``: the core commands, and the game's when asked for."""
    parser, commands = _parser()
    if not argv or argv[0] not in _CORE_COMMANDS:
        _extend(commands)
    return parser


__all__ = ["parser_for"]
