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

from ..errors import EngineError
from .actions import Action, action_from_json
from .record import FORMAT_VERSION, RecordError
from .state import GameConfig, GameState

LINK_PREFIX = "r1."
MAX_LINK_CHARS = 16_000          # a hand's log is under 300 actions: about 2-3 KB in a link
MAX_RECORD_BYTES = 256 * 1024    # what a link may unpack to


class HandReplay:
    """A hand from its record; ``state_at(step)`` is the hand after ``step`` actions."""

    def __init__(self, record: Any) -> None:
        if not isinstance(record, dict) or record.get("kind") != "hand":
            raise RecordError("record.not_a_hand")
        if record.get("format") != FORMAT_VERSION:
            raise RecordError("record.bad_version", found=str(record.get("format"))[:20],
                              expected=FORMAT_VERSION)
        try:
            self.config = GameConfig.from_json(record["config"])
            self.actions: list[Action] = [action_from_json(a) for a in record.get("actions", [])]
        except EngineError as error:
            raise RecordError("record.corrupted", reason=error.key) from None
        except (KeyError, TypeError, ValueError, AttributeError):
            raise RecordError("record.corrupted", reason="record.malformed") from None
        self.record: dict[str, Any] = record
        self._state = GameState(self.config)
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
    if not isinstance(text, str) or not text.startswith(LINK_PREFIX):
        raise RecordError("replay.bad_link", reason="replay.not_a_replay")
    if len(text) > MAX_LINK_CHARS:
        raise RecordError("replay.bad_link", reason="replay.too_long")
    body = text[len(LINK_PREFIX):]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_RECORD_BYTES)
        if inflater.unconsumed_tail:
            raise RecordError("replay.bad_link", reason="replay.too_long")
        data = json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError, RecursionError):
        raise RecordError("replay.bad_link", reason="replay.damaged") from None
    return HandReplay(data).record   # replays, or raises a keyed RecordError


__all__ = ["LINK_PREFIX", "HandReplay", "decode_replay", "encode_replay"]
