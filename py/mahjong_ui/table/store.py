"""The table's saved games over a ``Storage`` (pure Python, no ``js``): the game, the
matches parked for another rule set, the copies set aside or kept, a full storage.

A save never overwrites or removes anything until what it replaces is stored elsewhere:
``pending`` holds the copies (parked, kept or set-aside matches) to write first, ``drop`` the
keys to remove once the game itself is written. While the storage refuses, nothing is
written over and ``failed`` says so; the next save that succeeds writes everything pending.

Each operation leaves what the player is to be told in ``message`` (a catalogue key and its
parameters), and ``kept_key`` names the slot of the match a link replaced (to go back to).
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from mahjong_engine.bounded import InputError, read_json
from mahjong_engine.game import RecordError

from ..storage import Storage, StorageError
from ..tasks import report
from . import saves
from .controller import LEVELS, TableController
from .params import TableParams, wants_new_match
from .render import SPEEDS, TILE_SIZES
from .saves import ASIDE_PREFIX, GAME_KEY, KEPT_PREFIX, PARKED_KEY

SETTINGS_KEY = "mahjong.table.settings"

Message = tuple[str, dict[str, str]]


@dataclass
class TableSettings:
    """The table's own settings, remembered between visits."""

    speed: str = "normal"
    watch: bool = False
    level: str = "normal"
    learning: bool = False
    show_waits: bool = False
    tiles: str = "normal"               # the tile size (TILE_SIZES), issue 26

    @classmethod
    def from_text(cls, raw: str | None) -> TableSettings:
        """The settings stored as ``raw``; the defaults for anything missing or unreadable."""
        try:
            data = read_json(raw or "{}", 4096)
        except InputError:
            data = {}
        if not isinstance(data, dict):
            data = {}
        speed, level, tiles = data.get("speed"), data.get("level"), data.get("tiles")
        return cls(speed=speed if isinstance(speed, str) and speed in SPEEDS else "normal",
                   watch=data.get("watch") is True,
                   level=level if isinstance(level, str) and level in LEVELS else "normal",
                   learning=data.get("learning") is True,
                   show_waits=data.get("show_waits") is True,
                   tiles=tiles if isinstance(tiles, str) and tiles in TILE_SIZES else "normal")

    def to_text(self) -> str:
        return json.dumps(asdict(self))


class TableStore:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.pending: list[tuple[str, str]] = []   # (key, text): copies to store before the game
        self.drop: list[str] = []                  # keys to remove once the game is stored
        self.failed = False                        # the last save was refused
        self.message: Message | None = None        # what the last operation tells the player
        self.kept_key: str | None = None           # the slot of the match a link replaced

    # ------------------------------------------------------------ settings
    def load_settings(self) -> TableSettings:
        return TableSettings.from_text(self.storage.get(SETTINGS_KEY))

    def save_settings(self, settings: TableSettings) -> bool:
        """Whether the settings were stored (a refusal only loses the settings)."""
        return self._write(SETTINGS_KEY, settings.to_text())

    # ------------------------------------------------------------ writing
    def _write(self, key: str, raw: str) -> bool:
        try:
            self.storage.set(key, raw)
        except StorageError:
            return False
        return True

    def save(self, game: TableController | None) -> bool:
        """Store the match, after every pending copy; False (and ``failed``) when the storage
        refuses, and then nothing already stored is overwritten or removed."""
        if game is None:
            return True
        while self.pending:
            key, raw = self.pending[0]
            if not self._write(key, raw):
                self.failed = True
                return False
            self.pending.pop(0)
        if not self._write(GAME_KEY, saves.dump(game.to_json())):
            self.failed = True
            return False
        for key in self.drop:
            self.storage.remove(key)
        self.drop = []
        self.failed = False
        keys = self.storage.keys()
        for key in saves.slots_to_drop(ASIDE_PREFIX, keys):
            self.storage.remove(key)
        for key in saves.slots_to_drop(KEPT_PREFIX, keys,
                                       protected=lambda k: saves.played(self.storage.get(k))):
            self.storage.remove(key)
        return True

    def copy(self, prefix: str, raw: str) -> str:
        """A new time-stamped slot for ``raw``, written before anything it replaces is;
        never the name of a slot to be removed (one resumed while the storage was full)."""
        taken = self.storage.keys() + [k for k, _ in self.pending] + self.drop
        key = saves.slot_key(prefix, taken)
        self.pending.append((key, raw))
        return key

    def stored(self, key: str) -> str | None:
        """What ``key`` holds, or will hold once the pending copies are written."""
        for k, raw in reversed(self.pending):
            if k == key:
                return raw
        return self.storage.get(key)

    def aside_pending(self) -> bool:
        """Whether a copy set aside is still waiting to be written (storage refused)."""
        return any(key.startswith(ASIDE_PREFIX) for key, _ in self.pending)

    def set_aside(self, raw: str, reason: str) -> None:
        self.copy(ASIDE_PREFIX, raw)
        self.message = ("table.set_aside", {"reason": reason})

    def keep(self, raw: str) -> None:
        """A link starts another match: the one in progress is kept, to go back to."""
        self.kept_key = self.copy(KEPT_PREFIX, raw)
        self.message = ("table.link_kept", {})

    def park(self, rules: str, raw: str) -> None:
        """Keep the match of another rule set aside, to resume when it is chosen again; a
        different match already parked there is kept in a slot of its own first."""
        key = PARKED_KEY + rules
        there = self.stored(key)
        if there and not saves.same_match(there, raw):
            self.copy(KEPT_PREFIX, there)
        self.drop = [k for k in self.drop if k != key]
        self.pending.append((key, raw))

    # ------------------------------------------------------------ reading
    def read(self, raw: str) -> TableController | None:
        """The saved match in ``raw``, or None when it cannot be read (then set aside)."""
        try:
            return TableController.from_json(saves.parse(raw))
        except RecordError as error:
            self.set_aside(raw, error.key)
        except Exception as error:  # a bug replaying the log: logged, set aside and told
            report(error)
            self.set_aside(raw, "record.corrupted")
        return None

    def _resumed(self, game: TableController) -> TableController:
        self.message = ("table.resumed", {})
        return game

    def unpark(self, rules: str) -> TableController | None:
        """The match parked for ``rules``, resumed and saved as the game; its slot is
        removed only once it is. None when there is none that can be read."""
        key = PARKED_KEY + rules
        raw = self.stored(key)
        if not raw:
            return None
        self.pending = [(k, r) for k, r in self.pending if k != key]
        game = self.read(raw)
        self.drop.append(key)                      # once its copy, if any, is set aside
        if game is None or game.rules_key != rules:
            if game is not None:
                self.set_aside(raw, "record.corrupted")
            return None
        self.save(self._resumed(game))
        return game

    # ------------------------------------------------------------ the save-slot state machine
    def restore(self, rules: str, link: TableParams | None = None) -> TableController | None:
        """The match to play when the page opens: the saved game, unless it is of another
        rule set (parked) or the link asks for another match (kept); else the parked match
        of ``rules``. None: start a new match (and save it)."""
        raw = self.storage.get(GAME_KEY)
        link = link if link is not None and not link.empty else None
        saved = self.read(raw) if raw else None
        if raw and saved is not None:
            if saved.rules_key != rules:
                self.park(saved.rules_key, raw)
            elif link is not None and wants_new_match(link, saved.to_json()):
                self.keep(raw)
            else:
                return self._resumed(saved)
        if link is not None and link.seed is not None:
            return None
        return self.unpark(rules)

    def switch(self, current: TableController | None, rules: str) -> TableController | None:
        """Another rule set chosen: the match in progress is parked (nothing is lost) and
        that rule set's parked match resumes. None: start a new match."""
        self.kept_key = None
        if current is not None and current.rules_key != rules:
            self.park(current.rules_key, saves.dump(current.to_json()))
        return self.unpark(rules)

    def resume_kept(self, current: TableController | None) -> TableController | None:
        """Go back to the match a link replaced; the one left is kept in its turn. None when
        there is none to go back to (``kept_key`` is then cleared)."""
        key = self.kept_key
        raw = self.stored(key) if key else None
        kept = self.read(raw) if raw and current is not None else None
        if key is None or current is None or kept is None or kept.rules_key != current.rules_key:
            self.kept_key = None       # kept under another rule set, or unreadable (set aside)
            return None
        self.kept_key = self.copy(KEPT_PREFIX, saves.dump(current.to_json()))
        self.pending = [(k, r) for k, r in self.pending if k != key]
        self.drop.append(key)
        self.save(self._resumed(kept))
        return kept

    def take_message(self) -> Message | None:
        message, self.message = self.message, None
        return message


__all__ = ["SETTINGS_KEY", "Message", "TableSettings", "TableStore"]
