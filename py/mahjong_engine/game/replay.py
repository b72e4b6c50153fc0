"""A saved hand replayed move by move, and a replay carried in a link.

A hand's record (``record.save_hand``) is its configuration and its action log, so any
position of the hand is the configuration's deal with the first ``step`` actions applied.
``HandReplay`` steps forward, back and to any step; ``encode_replay`` / ``decode_replay``
write a record as a short text for a link (``#replay=…``) or a file, and read it back with
limits and typed errors (``replay.*``), never trusting it further than a saved game.
"""
from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from ..bounded import MAX_DEPTH, InputError, read_json
from ..errors import EngineError
from .actions import Action, action_from_json
from .record import FORMAT_VERSION, RecordError
from .state import GameConfig, GameState

LINK_PREFIX = "r1."
MAX_LINK_CHARS = 16_000          # a hand's log is under 300 actions: about 2-3 KB in a link
MAX_RECORD_BYTES = 256 * 1024    # what a link may unpack to
MAX_ACTIONS = 2000               # a hand's log: under 300 actions (144 tiles, each drawn once)


class HandReplay:
    """A hand from its record; ``state_at(step)`` is the hand after ``step`` actions."""

    def __init__(self, record: Any) -> None:
        if not isinstance(record, dict) or record.get("kind") != "hand":
            raise RecordError("record.not_a_hand")
        if type(record.get("format")) is not int or record["format"] != FORMAT_VERSION:
            raise RecordError("record.bad_version", found=str(record.get("format"))[:20],
                              expected=FORMAT_VERSION)
        actions = record.get("actions", [])
        if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
            raise RecordError("record.corrupted", reason="record.malformed")
        try:
            self.config = GameConfig.from_json(record.get("config"))
            self.actions: list[Action] = [action_from_json(a) for a in actions]
            self._state = GameState(self.config)
        except EngineError as error:
            raise RecordError("record.corrupted", reason=error.key) from None
        except (KeyError, TypeError, ValueError, AttributeError):
            raise RecordError("record.corrupted", reason="record.malformed") from None
        self.record: dict[str, Any] = record
        self._step = 0
        self.state_at(len(self.actions))   # the whole log must replay
        self.state_at(0)

    @property
    def steps(self) -> int:
        return len(self.actions)

    @property
    def step(self) -> int:
        return self._step

    def state_at(self, step: int) -> GameState:
        """The hand after ``step`` actions (clamped to 0..steps)."""
        step = max(0, min(int(step), self.steps))
        if step < self._step:
            self._state, self._step = GameState(self.config), 0
        try:
            while self._step < step:
                self._state.apply(self.actions[self._step])
                self._step += 1
        except EngineError as error:
            raise RecordError("record.corrupted", reason=error.key) from None
        return self._state

    def move(self, step: int) -> dict[str, Any] | None:
        """The action that led to ``step`` (JSON: type, seat, tile…), None at the deal."""
        if not 1 <= step <= self.steps:
            return None
        return self.actions[step - 1].to_json()


def encode_replay(record: dict[str, Any]) -> str:
    """A hand record as link-safe text (``r1.`` + base64url of the deflated JSON)."""
    raw = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    packed = zlib.compress(raw.encode("utf-8"), 9)
    return LINK_PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode_replay(text: Any) -> dict[str, Any]:
    """The hand record of ``encode_replay`` text; ``replay.bad_link`` for anything else."""
    return open_replay(text).record


def open_replay(text: Any) -> HandReplay:
    """The hand an ``encode_replay`` text carries, replayed whole; anything else is a
    ``RecordError`` ``replay.bad_link`` whose ``reason`` (a ``replay.*`` key) says why:
    not a replay, too long, nested too deep, damaged on the way, fields of the wrong type
    (a list as the seed, an unknown wind, a seat list of numbers), another version or
    moves that cannot be played from the deal."""
    if not isinstance(text, str) or not text.startswith(LINK_PREFIX):
        raise _bad_link("replay.not_a_replay")
    if len(text) > MAX_LINK_CHARS:
        raise _bad_link("replay.too_long")
    body = text[len(LINK_PREFIX):]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_RECORD_BYTES)
        if inflater.unconsumed_tail:
            raise _bad_link("replay.too_long")
        data = read_json(raw.decode("utf-8"), MAX_RECORD_BYTES, MAX_DEPTH)
    except InputError as error:
        raise _bad_link(_INPUT_REASONS.get(error.key, "replay.damaged")) from None
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
        raise _bad_link("replay.damaged") from None
    if isinstance(data, dict) and "seating" in data and not _is_seating(data["seating"]):
        raise _bad_link("replay.bad_fields")
    try:
        return HandReplay(data)
    except RecordError as error:
        raise _bad_link(_reason_of(error)) from None


def _is_seating(value: Any) -> bool:
    """A table player (0-3) at each seat, each once."""
    return (isinstance(value, list) and len(value) == 4
            and all(type(p) is int for p in value) and sorted(value) == [0, 1, 2, 3])


_INPUT_REASONS = {"input.too_deep": "replay.too_deep", "input.too_large": "replay.too_long"}
_FIELD_REASONS = frozenset({"record.bad_field", "record.malformed", "rules.unknown"})


def _reason_of(error: RecordError) -> str:
    if error.key == "record.bad_version":
        return "replay.other_version"
    if error.key == "record.not_a_hand" or error.params.get("reason") in _FIELD_REASONS:
        return "replay.bad_fields"
    return "replay.bad_moves"


def _bad_link(reason: str) -> RecordError:
    return RecordError("replay.bad_link", reason=reason)


__all__ = ["LINK_PREFIX", "HandReplay", "decode_replay", "encode_replay", "open_replay"]
