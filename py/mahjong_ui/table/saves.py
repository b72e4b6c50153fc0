"""The table's saved game in the browser's storage (pure Python, no ``js``): its format
versions, the migration of every earlier version to the current one, and the names of the
slots where a match is kept aside.

Versions of the saved table (``format``, always an integer; anything else is unreadable):

1. the first table save (issue 6): ``format``, ``engine_format``, rules, seed, match, ...
2. adds ``kind: "mahjong.table"``, so a table save is told apart from an engine record.

A save that cannot be read is never deleted: it goes to a slot of its own, named by the
time it was set aside (``mahjong.table.aside.<ISO time>``), and the last ``KEEP`` of them
are kept. A match replaced by a link is kept the same way (``mahjong.table.kept.<ISO time>``),
but a kept match the player played is never the one dropped to make room (``played``).
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any

from mahjong_engine.bounded import InputError, read_json
from mahjong_engine.game import FORMAT_VERSION, RecordError

SAVE_FORMAT = 2
KIND = "mahjong.table"
GAME_KEY = "mahjong.table.game"
PARKED_KEY = "mahjong.table.parked."      # + rule set: a match put aside for another rule set
ASIDE_PREFIX = "mahjong.table.aside."      # + time: a save that could not be read
KEPT_PREFIX = "mahjong.table.kept."        # + time: a match a link replaced
KEEP = 5
MAX_SAVE_CHARS = 5 << 20      # the browser's storage holds about 5 M characters in all


def is_version(value: Any, expected: int) -> bool:
    """``value`` is the integer ``expected`` (``True`` is not 1, ``1.0`` is not 1)."""
    return type(value) is int and value == expected


def version_of(data: Any) -> int:
    """The format version of a saved table; ``RecordError`` when it has none that is known."""
    if not isinstance(data, dict):
        raise RecordError("record.corrupted", reason="record.malformed")
    found = data.get("format")
    if type(found) is not int or not 1 <= found <= SAVE_FORMAT:
        raise RecordError("record.bad_version", found=str(found)[:20], expected=SAVE_FORMAT)
    return found


def _from_1(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "format": 2, "kind": KIND}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _from_1}


def migrate(data: Any) -> dict[str, Any]:
    """A saved table of any known version, brought to the current one (a new dict)."""
    version = version_of(data)
    table: dict[str, Any] = data   # version_of refused anything but a dict
    while version < SAVE_FORMAT:
        table = MIGRATIONS[version](table)
        version = table["format"]
    if table.get("kind") != KIND or not is_version(table.get("engine_format"), FORMAT_VERSION):
        raise RecordError("record.bad_version", found=str(table.get("engine_format"))[:20],
                          expected=FORMAT_VERSION)
    return table


def read(raw: Any) -> Any:
    """The JSON of a saved or parked game through the bounded reader the command line uses
    (size and depth checked before parsing); ``RecordError`` when it is refused."""
    try:
        return read_json(raw, MAX_SAVE_CHARS)
    except InputError as error:
        reason = "record.malformed" if error.key == "input.bad_json" else error.key
        raise RecordError("record.corrupted", reason=reason) from None


def parse(raw: str) -> dict[str, Any]:
    """The saved text, read and migrated; ``RecordError`` for anything unreadable."""
    return migrate(read(raw))


def same_match(raw: str, other: str) -> bool:
    """Whether two saved texts are the same match (at any position): the same rule set
    and seed. Unreadable texts are never the same match."""
    try:
        a, b = read(raw), read(other)
    except RecordError:
        return False
    return (isinstance(a, dict) and isinstance(b, dict) and a.get("seed") is not None
            and (a.get("rules"), a.get("seed")) == (b.get("rules"), b.get("seed")))


def dump(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))


def stamp(now: datetime | None = None) -> str:
    """The time in a slot's name: ISO 8601, UTC, to the millisecond (sorts as it reads)."""
    now = (now or datetime.now(UTC)).astimezone(UTC)
    return now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{now.microsecond // 1000:03d}Z"


def slot_key(prefix: str, existing: Iterable[str], now: datetime | None = None) -> str:
    """A new slot's name: never one already taken (two in the same millisecond get a
    suffix), so one copy never overwrites another."""
    taken = set(existing)
    key = prefix + stamp(now)
    n = 2
    base = key
    while key in taken:
        key = f"{base}~{n}"
        n += 1
    return key


def slots(prefix: str, keys: Iterable[str]) -> list[str]:
    """The slots of a prefix, oldest first."""
    return sorted(k for k in keys if k.startswith(prefix))


def slots_to_drop(prefix: str, keys: Iterable[str], keep: int = KEEP,
                  protected: Callable[[str], bool] = lambda key: False) -> list[str]:
    """The oldest slots beyond the last ``keep``, never a ``protected`` one (a match the
    player played: so a row of links never drops the game that was in progress)."""
    found = slots(prefix, keys)
    if len(found) <= keep:
        return []
    free = [key for key in found if not protected(key)]
    return free[:max(0, len(found) - keep)]


def played(raw: str | None) -> bool:
    """Whether a kept match holds the player's own play (a hand booked or a move of his in
    the hand on the table); an unreadable copy counts as played (never dropped unseen)."""
    try:
        data = read(raw)
    except RecordError:
        return True
    if not isinstance(data, dict):
        return True
    match = data.get("match")
    hands = match.get("hands") if isinstance(match, dict) else True
    return bool(hands) or bool(data.get("decisions"))


__all__ = [
    "ASIDE_PREFIX",
    "GAME_KEY",
    "KEEP",
    "KEPT_PREFIX",
    "KIND",
    "MIGRATIONS",
    "PARKED_KEY",
    "SAVE_FORMAT",
    "dump",
    "is_version",
    "migrate",
    "parse",
    "played",
    "read",
    "same_match",
    "slot_key",
    "slots",
    "slots_to_drop",
    "stamp",
    "version_of",
]
