"""``python -m mahjong_engine simulate --rules R --games N --seed S [--players ...]``

Plays N hands with computer players at every seat, through as many matches as that
takes, checks the invariants after every step and prints one JSON object: ``games``,
``wins``, ``draws``, ``errors`` (empty when all went well; a broken invariant or a
refused action is recorded there, never a crash), ``digest`` (sha256 of every hand's
record: the same seed gives the same digest), ``hands_per_second`` and ``players``
(level, wins and settlement per player; ``--players`` lists them by the seats of the
first hand's table, E, S, W, N, and they keep their places as the bank moves).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import time
from collections.abc import Sequence
from typing import Any, TypeVar

from ..ai.base import Player
from ..ai.players import ALL_LEVELS, make_player
from ..cli_io import CliError, clip
from ..errors import EngineError
from ..rules import Settlement, registered_keys
from .invariants import check
from .match import Match
from .record import dumps
from .state import GameState

MAX_STEPS = 5000

P = TypeVar("P", bound=argparse.ArgumentParser)


class DigestFolder:
    """``record.digest`` of a list of records, folded one record at a time: the sha256
    of the same canonical JSON text (``[r1,r2,...]``) without keeping the list."""

    def __init__(self) -> None:
        self._hash = hashlib.sha256(b"[")
        self._first = True

    def add(self, record: Any) -> None:
        if not self._first:
            self._hash.update(b",")
        self._first = False
        self._hash.update(dumps(record).encode("utf-8"))

    def hexdigest(self) -> str:
        final = self._hash.copy()
        final.update(b"]")
        return final.hexdigest()


def play_hand(state: GameState, players: Sequence[Player], errors: list[dict[str, Any]], hand_no: int,
              check_every_step: bool = True) -> None:
    """Play ``state`` to its end, ``players[seat]`` choosing for each seat."""
    steps = 0
    while not state.ended:
        steps += 1
        if steps > MAX_STEPS:
            errors.append({"hand": hand_no, "key": "invariant.too_many_steps"})
            return
        seat = state.waiting_for()[0]
        legal = state.legal_actions(seat)
        if not legal:
            errors.append({"hand": hand_no, "key": "invariant.no_legal_action", "seat": seat})
            return
        action = players[seat].choose(state.view(seat), legal)
        try:
            state.apply(action)
        except EngineError as error:
            errors.append({"hand": hand_no, "key": error.key, "params": _plain(error.params)})
            return
        if check_every_step:
            for key in check(state):
                errors.append({"hand": hand_no, "key": key, "step": steps})
                return
    for key in check(state):
        errors.append({"hand": hand_no, "key": key, "step": "end"})


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


def simulate(rules: str, games: int, seed: int, levels: list[str] | None = None,
             check_every_step: bool = True) -> dict[str, Any]:
    levels = levels or ["simple"] * 4
    errors: list[dict[str, Any]] = []
    records = DigestFolder()
    wins = draws = 0
    per_player = [{"level": levels[p], "wins": 0, "settlement": 0, "markers": 0}
                  for p in range(4)]
    match_no = 0
    started = time.perf_counter()
    match = Match(rules, seed)
    computer = [make_player(levels[p], None, match.rules, seed * 4 + p) for p in range(4)]
    played = 0
    while played < games:
        if match.over:
            _book(match, per_player)
            match_no += 1
            match = Match(rules, seed + 7919 * match_no)
        state = match.new_hand()
        seated = [computer[match.player_at(seat)] for seat in range(4)]
        try:
            play_hand(state, seated, errors, played, check_every_step)
        except Exception as error:  # a bug must be reported, not crash the run
            errors.append({"hand": played, "key": "invariant.exception",
                           "params": {"type": type(error).__name__, "text": str(error)[:200]}})
        played += 1
        if not state.ended:
            records.add({"unfinished": state.log})
            continue
        result = match.finish_hand(state)
        records.add(match.hands[-1])
        match.hands.clear()   # folded into the digest: memory stays constant
        if result.winner is None:
            draws += 1
        else:
            wins += 1
        if sum(match.balances) + match.commission != 0:
            errors.append({"hand": played - 1, "key": "invariant.balances_not_zero"})
    _book(match, per_player)
    elapsed = time.perf_counter() - started
    return {
        "rules": rules,
        "seed": seed,
        "games": played,
        "wins": wins,
        "draws": draws,
        "errors": errors,
        "digest": records.hexdigest(),
        "hands_per_second": round(played / elapsed, 2) if elapsed > 0 else None,
        "players": per_player,
    }


def _book(match: Match, per_player: list[dict[str, Any]]) -> None:
    """Add a match's figures; hands settle in markers (``Settlement.MARKERS``: Filipino)
    or in money or points (Macau balances are net of the house commission)."""
    markers = match.rules.settlement is Settlement.MARKERS
    for p in range(4):
        per_player[p]["wins"] += match.wins[p]
        per_player[p]["settlement"] += match.markers[p] if markers else match.balances[p]
        per_player[p]["markers"] += match.markers[p]


MAX_GAMES = 1_000_000


def _whole(text: str, key: str, low: int, high: int) -> int:
    """A whole number argument within [low, high], or the keyed refusal."""
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise CliError(key, value=clip(text), low=low, high=high)
    return value


def _run(args: argparse.Namespace) -> dict[str, Any]:
    levels = [x.strip() for x in args.players.split(",")] if args.players else ["simple"] * 4
    if len(levels) != 4 or any(x not in ALL_LEVELS for x in levels):
        raise CliError("simulate.bad_players", players=clip(args.players))
    if args.rules not in registered_keys():
        raise CliError("rules.unknown", rules=clip(args.rules))
    games = _whole(args.games, "simulate.bad_games", 0, MAX_GAMES)
    seed = _whole(args.seed, "simulate.bad_seed", -(2 ** 63), 2 ** 63 - 1)
    return simulate(args.rules, games, seed, levels, not args.fast)


def add_command(commands: argparse._SubParsersAction[P]) -> None:
    parser = commands.add_parser("simulate", help="play hands with computer players")
    parser.add_argument("--rules", required=True)
    parser.add_argument("--games", default="1")
    parser.add_argument("--seed", default="0")
    parser.add_argument("--players", default=None,
                        help="levels by seat, e.g. strong,baseline,baseline,baseline")
    parser.add_argument("--fast", action="store_true",
                        help="check the invariants at the end of each hand only")
    parser.set_defaults(run=_run)


__all__ = ["add_command", "play_hand", "simulate"]
