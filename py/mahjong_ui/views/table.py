"""The table view (mode "play"): binds ``mahjong_ui.table`` to ``#play-root``.

State lives in Python (``TableController`` and ``ViewState``); the DOM is redrawn from
the render model and only tells which button or tile was pressed.
"""
from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from contextlib import suppress
from typing import Any

import js
from mahjong_engine.errors import EngineError
from mahjong_engine.game import RecordError
from mahjong_engine.game.phase import Phase
from pyodide.ffi import create_proxy

from ..rulesets import DEFAULT_RULES
from ..table import saves
from ..table.catalogue import DOMAINS, Catalogues
from ..table.controller import LEVELS, TableController
from ..table.params import TableParams, parse, query_of, wants_new_match
from ..table.render import SPEEDS, TILE_SIZES, ViewState, render
from ..table.saves import ASIDE_PREFIX, GAME_KEY, KEPT_PREFIX, PARKED_KEY
from .table_history import TableHistory
from ..tasks import spawn

SETTINGS_KEY = "mahjong.table.settings"
CLAIM_KEYS = {"c": "chow", "p": "pung", "k": "kong", "m": "win", "escape": "pass",
              "h": "hint", "n": "next", "x": "exchange", "u": "undo"}


def _attr(element, name: str) -> str | None:
    """An attribute as a str, or None (JS null is not None in Python)."""
    value = element.getAttribute(name)
    return value if isinstance(value, str) else None


def _storage_get(key: str) -> str | None:
    try:
        value = js.localStorage.getItem(key)
        return value if isinstance(value, str) else None   # JS null is not a str
    except Exception:  # storage refused (private mode): play without saving
        return None


def _storage_set(key: str, value: str) -> bool:
    """Whether the value was stored (False when the storage is full or refused)."""
    try:
        js.localStorage.setItem(key, value)
        return True
    except Exception:  # full or refused: keep playing, and say so
        return False


def _storage_remove(key: str) -> None:
    with suppress(Exception):      # storage refused: nothing to remove
        js.localStorage.removeItem(key)


def _storage_keys() -> list[str]:
    try:
        store = js.localStorage
        return [str(store.key(i)) for i in range(int(store.length))]
    except Exception:
        return []


class TableView:
    def __init__(self, shell) -> None:
        self._result_shown: tuple[int, int] | None = None   # (seed, hand) whose result took the focus
        self._kept: tuple[list[str], int] | None = None     # (hand left, exchange step) after giving
        self.shell = shell
        self.root = js.document.getElementById("play-root")
        self.cat = Catalogues()
        self.vs = ViewState()
        settings = shell.settings()
        self.settings = settings
        self.cat.lang = settings.get("lang", "en")
        self.cat.rules = settings.get("rules", DEFAULT_RULES)
        self.controller: TableController | None = None
        self._proxies: list[Any] = []
        self._seed: int | None = None      # a seed asked for by the page address
        self._pending: list[tuple[str, str]] = []   # copies to store before the game
        self._drop: list[str] = []                 # keys to remove once the game is stored
        self.history = TableHistory(self)          # the hands of the match, replays
        self._load_settings()

    # ------------------------------------------------------------ settings and saving
    def _load_settings(self) -> None:
        try:
            data = json.loads(_storage_get(SETTINGS_KEY) or "{}")
        except ValueError:
            data = {}
        if not isinstance(data, dict):
            data = {}
        speed, level = data.get("speed"), data.get("level")
        self.vs.speed = speed if isinstance(speed, str) and speed in SPEEDS else "normal"
        self.vs.watch = data.get("watch") is True
        self.vs.level = level if isinstance(level, str) and level in LEVELS else "normal"
        self.vs.learning = data.get("learning") is True
        self.vs.show_waits = data.get("show_waits") is True
        self.vs.tiles = data["tiles"] if data.get("tiles") in TILE_SIZES else "normal"

    def _save_settings(self) -> None:
        _storage_set(SETTINGS_KEY, json.dumps({"speed": self.vs.speed, "watch": self.vs.watch,
                                               "level": self.vs.level,
                                               "learning": self.vs.learning,
                                               "show_waits": self.vs.show_waits,
                                               "tiles": self.vs.tiles}))

    # ------------------------------------------------------------ the page address
    def read_address(self) -> TableParams | None:
        """The table's URL parameters (``#play?…`` or ``?mode=play&…``), applied to the
        settings; None when the address is not for the table."""
        query = query_of(str(js.location.hash or ""), str(js.location.search or ""))
        if query is None:
            return None
        params = parse(query)
        self.vs.notices = [("table.url_bad", {"param": name, "value": value})
                           for name, value in params.errors]
        for name, value in (("mode", "play"), ("rules", params.rules), ("lang", params.lang)):
            select = js.document.getElementById(name)
            if value and select and self.settings.get(name) != value:
                select.value = value
                select.dispatchEvent(js.Event.new("change"))
        self.settings = self.shell.settings()
        self.cat.lang = self.settings.get("lang", self.cat.lang)
        self.cat.rules = self.settings.get("rules", self.cat.rules)
        if params.speed:
            self.vs.speed = params.speed
        if params.level:
            self.vs.level = params.level
        if params.watch is not None:
            self.vs.watch = params.watch
        if params.learning is not None:
            self.vs.learning = params.learning
            if params.learning and params.watch is None:
                self.vs.watch = False     # a learning game is played, not watched
        self._seed = params.seed
        self._save_settings()
        return params

    def on_hash(self) -> None:
        try:
            if self.history.open_address():
                spawn(self._after_address())
                return
            params = self.read_address()
            current = self.controller
            if params is None or params.empty or current is None:   # None: start() reads it
                return
            saved = current.to_json()
            if params.rules and params.rules != current.rules_key:
                pass   # the rule set's change starts the new match (_settings_changed)
            elif wants_new_match(params, saved):
                self._keep_current(saves.dump(saved))
                self.new_match(keep_message=True)
            spawn(self._after_address())
        except Exception as error:
            js.console.error(repr(error))

    async def _after_address(self) -> None:
        await self.load_lang(self.cat.lang)
        self.render()

    # A save never overwrites or removes anything until what it replaces is stored
    # elsewhere: ``_pending`` holds the copies (parked, kept or set-aside matches) to write
    # first, ``_drop`` the keys to remove once the game itself is written.
    def save(self) -> bool:
        """Store the match; False (and the player told) when the storage refuses."""
        if self.controller is None:
            return True
        while self._pending:
            key, raw = self._pending[0]
            if not _storage_set(key, raw):
                self.vs.save_failed = True
                return False
            self._pending.pop(0)
        if not _storage_set(GAME_KEY, saves.dump(self.controller.to_json())):
            self.vs.save_failed = True
            return False
        for key in self._drop:
            _storage_remove(key)
        self._drop = []
        self.vs.save_failed = False
        keys = _storage_keys()
        for prefix in (ASIDE_PREFIX, KEPT_PREFIX):
            for key in saves.slots_to_drop(prefix, keys):
                _storage_remove(key)
        return True

    def _copy(self, prefix: str, raw: str) -> str:
        """A new time-stamped slot for ``raw``, written before anything it replaces is."""
        taken = _storage_keys() + [k for k, _ in self._pending]
        key = saves.slot_key(prefix, taken)
        self._pending.append((key, raw))
        return key

    def _set_aside(self, raw: str, reason: str) -> None:
        self._copy(ASIDE_PREFIX, raw)
        self.vs.message, self.vs.message_params = "table.set_aside", {"reason": reason}

    def _keep_current(self, raw: str) -> None:
        """A link starts another match: the one in progress is kept, to go back to."""
        self.vs.kept_key = self._copy(KEPT_PREFIX, raw)
        self.vs.message, self.vs.message_params = "table.link_kept", {}

    def _stored(self, key: str) -> str | None:
        """What ``key`` holds, or will hold once the pending copies are written."""
        for k, raw in reversed(self._pending):
            if k == key:
                return raw
        return _storage_get(key)

    def _park(self, rules: str, raw: str) -> None:
        """Keep the match of another rule set aside, to resume when it is chosen again; a
        different match already parked there is kept in a slot of its own first."""
        key = PARKED_KEY + rules
        there = self._stored(key)
        if there and not saves.same_match(there, raw):
            self._copy(KEPT_PREFIX, there)
        self._drop = [k for k in self._drop if k != key]
        self._pending.append((key, raw))

    def _read(self, raw: str) -> TableController | None:
        """The saved match in ``raw``, or None when it cannot be read (then set aside)."""
        try:
            return TableController.from_json(saves.parse(raw))
        except RecordError as error:
            self._set_aside(raw, error.key)
        except Exception:  # anything else: set aside too, never a traceback
            self._set_aside(raw, "record.corrupted")
        return None

    def _resume(self, controller: TableController) -> None:
        self.controller = controller
        self.vs.watch = controller.watch
        self.vs.learning = controller.learning
        self.vs.message, self.vs.message_params = "table.resumed", {}

    def _unpark(self, rules: str) -> bool:
        """Resume the match parked for ``rules``; its slot is removed only once it is
        saved as the game."""
        raw = self._stored(PARKED_KEY + rules)
        if not raw:
            return False
        self._pending = [(k, r) for k, r in self._pending if k != PARKED_KEY + rules]
        controller = self._read(raw)
        if controller is None or controller.rules_key != rules:
            if controller is not None:
                self._set_aside(raw, "record.corrupted")
            self._drop.append(PARKED_KEY + rules)    # once its copy is set aside
            return False
        self._drop.append(PARKED_KEY + rules)
        self._resume(controller)
        self.save()
        return True

    def switch_rules(self) -> None:
        """Another rule set chosen: the match in progress is parked (nothing is lost) and
        that rule set's parked match, if any, resumes."""
        self.vs.message, self.vs.message_params, self.vs.why = None, {}, None
        self.vs.hint, self.vs.selected, self.vs.exchange = [], None, []
        self.vs.kept_key = None
        rules = self.settings.get("rules", DEFAULT_RULES)
        current = self.controller
        if current is not None and current.rules_key != rules:
            self._park(current.rules_key, saves.dump(current.to_json()))
        elif current is not None:
            return
        if not self._unpark(rules):
            self.new_match(keep_message=True)

    def restore(self, params: TableParams | None = None) -> None:
        raw = _storage_get(GAME_KEY)
        rules = self.settings.get("rules", DEFAULT_RULES)
        link = params if params is not None and not params.empty else None
        saved = self._read(raw) if raw else None
        if raw and saved is not None:
            if saved.rules_key != rules:
                self._park(saved.rules_key, raw)
            elif link is not None and wants_new_match(link, saved.to_json()):
                self._keep_current(raw)
            else:
                self._resume(saved)
                return
        if not (link is not None and link.seed is not None) and self._unpark(rules):
            return
        self.new_match(keep_message=True)

    def resume_kept(self) -> None:
        """Go back to the match a link replaced; the one left is kept in its turn."""
        key = self.vs.kept_key
        raw = self._stored(key) if key else None
        current = self.controller
        if not key or not raw or current is None:
            self.vs.kept_key = None
            self.render()
            return
        kept = self._read(raw)
        if kept is None:
            self.vs.kept_key = None
            self.render()
            return
        if kept.rules_key != current.rules_key:   # kept under another rule set
            self.vs.kept_key = None
            self.render()
            return
        self.vs.kept_key = self._copy(KEPT_PREFIX, saves.dump(current.to_json()))
        self._pending = [(k, r) for k, r in self._pending if k != key]
        self._drop.append(key)
        self._resume(kept)
        self.save()
        self.render()

    def new_match(self, keep_message: bool = False) -> None:
        if not keep_message:   # "Move undone." and the like belong to the match left behind
            self.vs.message, self.vs.message_params, self.vs.why = None, {}, None
        self.controller = TableController(self.settings.get("rules", DEFAULT_RULES),
                                          seed=self._seed, watch=self.vs.watch,
                                          level=self.vs.level, learning=self.vs.learning)
        self._seed = None
        self.vs.selected, self.vs.exchange, self.vs.hint, self.vs.why = None, [], [], None
        self.vs.result_folded = False
        self.vs.hint_view, self.vs.received, self.vs.confirm_new = None, [], False
        self._kept = None
        self.save()

    # ------------------------------------------------------------ catalogues
    async def load_lang(self, lang: str) -> None:
        if self.cat.has(lang):
            return
        for domain in DOMAINS:
            try:
                obj = await self.shell._js.loadCatalogue(lang, domain)
                self.cat.add(lang, domain, json.loads(str(js.JSON.stringify(obj))))
            except Exception:  # a missing catalogue falls back to English
                self.cat.add(lang, domain, {})

    # ------------------------------------------------------------ drawing
    def _help_state(self, c: TableController, model: dict[str, Any]) -> None:
        """The help's view state from the game: waits (setting), exchange partner and
        the tiles received (help.py)."""
        from ..table import help as helps
        from ..table.learning import ready_waits
        seat = c.human_seat
        st = c.state
        self.vs.waits = (ready_waits(st, seat) if self.vs.show_waits and seat is not None
                         and not st.ended else [])
        self.vs.exchange_partner = (helps.exchange_partner(sorted(st.pending), seat)
                                    if model["phase"] == Phase.EXCHANGE else None)
        kept, step = self._kept or (None, None)
        if kept is not None and (st.phase != Phase.EXCHANGE or st.exchange_step != step):
            got = helps.received_tiles(kept, model["hand"] + ([model["drawn"]] if model["drawn"] else []))
            if got:
                self.vs.received, self._kept = got, None

    def render(self) -> None:
        shown = self.history.html()
        if shown is not None:
            self.root.innerHTML = shown
            self.root.dataset.ready = "true"
            self.root.dataset.history = "replay" if self.history.replay else "list"
            return
        self.root.dataset.history = "none"
        c = self.controller
        if c is None:     # no match yet: start() restores one, then draws
            return
        model = c.model()
        try:
            self._help_state(c, model)
        except Exception as error:  # help must never stop the game
            js.console.error(repr(error))
        active = js.document.activeElement
        refocus = None
        if active is not None and self.root.contains(active):
            if active.dataset and active.classList.contains("hand-tile"):
                refocus = "hand"
            elif _attr(active, "data-action"):
                refocus = f'[data-action="{_attr(active, "data-action")}"]'
            elif _attr(active, "data-control"):
                refocus = f'[data-control="{_attr(active, "data-control")}"]'
        self.root.innerHTML = render(self.cat, model, self.vs)
        ds = self.root.dataset
        ds.ready = "true"
        ds.awaiting = model["awaiting"]
        ds.phase = model["phase"]
        ds.rules = model["rules"]
        ds.speed = self.vs.speed
        ds.watch = "true" if model["watch"] else "false"
        ds.hand = str(model["hand_number"])
        ds.actions = str(len(c.state.log))
        ds.learning = "true" if c.learning else "false"
        ds.seed = str(c.seed)
        if refocus == "hand":
            target = self.root.querySelector('.hand-tile[tabindex="0"]')
        elif refocus:
            target = self.root.querySelector(refocus) or self.root.querySelector('.hand-tile[tabindex="0"]')
        else:
            target = None
        if model["result"] and self._result_shown != (c.seed, model["hand_number"]):
            # the result of a hand has just appeared: take the keyboard to its dialog
            self._result_shown = (c.seed, model["hand_number"])
            target = self.root.querySelector("[data-testid=result]")
        if target is not None:
            target.focus()

    def _tiles(self, model: dict[str, Any]) -> list[str]:
        return list(model["hand"]) + ([model["drawn"]] if model["drawn"] else [])

    # ------------------------------------------------------------ the human's moves
    def _do(self, fn: Callable[[], object]) -> None:
        """Run a human move; an illegal one becomes a message, never a traceback."""
        self.vs.message, self.vs.message_params, self.vs.why = None, {}, None
        self.vs.notices = []
        try:
            fn()
        except EngineError as error:
            self.vs.message = error.key
            self.vs.message_params = {k: v for k, v in error.params.items() if isinstance(v, (str, int))}
        except Exception as error:
            js.console.error(repr(error))
            self.vs.message = "invariant.exception"
        self.save()
        self.render()

    def _act(self, c: TableController, data: dict[str, Any]) -> None:
        c.act(data)
        self.vs.selected, self.vs.exchange, self.vs.hint = None, [], []
        self.vs.hint_view = None
        if data.get("type") != "exchange":
            self.vs.received = []

    def press_tile(self, index: int, discard_now: bool = False) -> None:
        c = self.controller
        if c is None:
            return
        model = c.model()
        tiles = self._tiles(model)
        if not 0 <= index < len(tiles):
            return
        if model["phase"] == Phase.EXCHANGE and model["awaiting"] == "human":
            self.vs.message, self.vs.message_params = None, {}
            if index in self.vs.exchange:
                self.vs.exchange.remove(index)
            elif len(self.vs.exchange) < 2:
                self.vs.exchange.append(index)
            else:   # a third tile: say why nothing happens
                from ..table.help import exchange_refusal
                self.vs.message, self.vs.message_params = exchange_refusal(2, third=True)
            self.render()
            return
        if not model["discardable"]:
            return
        if self.vs.selected == index or discard_now:
            self.vs.selected = index
            self.discard()
            return
        self.vs.selected = index
        self.render()

    def discard(self) -> None:
        c = self.controller
        if c is None:
            return
        model = c.model()
        tiles = self._tiles(model)
        if self.vs.selected is None or not 0 <= self.vs.selected < len(tiles):
            self.vs.message = "table.select_first"
            self.render()
            return
        tile = tiles[self.vs.selected]
        self._do(lambda: self._act(c, {"type": "discard", "tile": tile}))

    def claim(self, kind: str, index: int | None = None) -> None:
        c = self.controller
        if c is None:
            return
        model = c.model()
        if kind == "exchange":
            tiles = self._tiles(model)
            if len(self.vs.exchange) != 2:
                from ..table.help import exchange_refusal
                self.vs.message, self.vs.message_params = exchange_refusal(len(self.vs.exchange))
                self.render()
                return
            from ..table.help import kept_after_giving
            given = [tiles[i] for i in sorted(self.vs.exchange)]
            self._kept = (kept_after_giving(tiles, given), c.state.exchange_step)
            self.vs.received = []
            chosen = "".join(given)
            self._do(lambda: self._act(c, {"type": "exchange", "tiles": chosen}))
            return
        actions = model["actions"]
        if index is None or not 0 <= index < len(actions) or actions[index]["kind"] != kind:
            index = next((i for i, x in enumerate(actions) if x["kind"] == kind), None)
        if index is None:
            return
        data = actions[index]["json"]
        self._do(lambda: self._act(c, data))

    def hint(self) -> None:
        from mahjong_engine.ai.hints import hints
        c = self.controller
        if c is None:
            return
        seat = c.human_seat
        legal = c.human_legal()
        if seat is None or not legal:
            return
        try:
            info = hints(c.state.view(seat), legal, c.state.rules)
        except Exception as error:
            js.console.error(repr(error))
            return
        out: list[tuple[str, dict[str, Any]]] = []
        action = info.get("action") or {}
        if action.get("type") == "discard":
            out.append(("table.hint_discard", {"tile": self.cat.t("tile." + action["tile"])}))
        elif action.get("type"):
            kind = action["type"]
            key = f"term.{kind}" if kind in ("chow", "pung", "kong") else f"action.{kind}"
            out.append(("table.hint_action", {"action": self.cat.t(key)}))
        if info.get("waits"):
            names = ", ".join(self.cat.t("tile." + w["tile"]) for w in info["waits"])
            out.append(("table.hint_waits", {"tiles": names}))
        self.vs.hint = out
        from ..table.help import hint_view
        self.vs.hint_view = hint_view(info)
        self.vs.hint_action = {k: v for k, v in action.items() if k in ("type", "tile", "source", "tiles")}
        self.render()

    def why_not(self, kind: str) -> None:
        """A learner pressed a claim he may not make: say why (changes nothing)."""
        c = self.controller
        if c is None:
            return
        self.vs.why = c.why_not(kind)
        self.vs.message, self.vs.message_params = None, {}
        self.render()
        panel = self.root.querySelector("[data-testid=why-not]")
        if panel:
            panel.setAttribute("tabindex", "-1")

    def undo(self) -> None:
        c = self.controller
        if c is None:
            return

        def run() -> None:
            c.undo()
            self.vs.selected, self.vs.exchange, self.vs.hint = None, [], []

        self._do(run)
        if self.vs.message is None:
            self.vs.message = "table.undone"
            self.render()

    def next_hand(self) -> None:
        c = self.controller
        if c is None:
            return
        self.vs.result_folded = False

        def run() -> None:
            c.next_hand()
            self.vs.selected = None

        self._do(run)

    # ------------------------------------------------------------ events
    def on_click(self, event) -> None:
        try:
            target = event.target.closest("[data-action], .hand-tile")
            if target is None or not self.root.contains(target):
                return
            if target.classList.contains("hand-tile"):
                self.press_tile(int(target.getAttribute("data-index")))
                return
            action = _attr(target, "data-action") or ""
            index = _attr(target, "data-index")
            if _attr(target, "data-illegal") == "true":
                self.why_not(action)
                return
            self.dispatch(action, int(index) if index is not None else None)
        except Exception as error:
            js.console.error(repr(error))

    def dispatch(self, action: str, index: int | None = None) -> None:
        if self.history.dispatch(action, index):
            return
        if action == "discard":
            self.discard()
        elif action == "hint":
            self.hint()
        elif action == "next":
            self.next_hand()
        elif action == "result-fold":
            self.vs.result_folded = not self.vs.result_folded
            self.render()
        elif action == "result-board":
            board = self.root.querySelector("#res-board")
            if board is not None:
                board.scrollIntoView()
        elif action == "new-game":
            self.vs.confirm_new = True      # asked first: the match is never lost in one click
            self.render()
            button = self.root.querySelector('[data-action="new-game-cancel"]')
            if button is not None:
                button.focus()
        elif action == "new-game-confirm":
            self.new_match()
            self.render()
        elif action == "resume-kept":
            self.resume_kept()
        elif action == "new-game-cancel":
            self.vs.confirm_new = False
            self.render()
        elif action == "undo":
            self.undo()
        elif action == "settings":
            self.vs.settings_open = not self.vs.settings_open
            self.render()
        elif action in ("chow", "pung", "kong", "win", "pass", "exchange"):
            self.claim(action, index)

    def on_change(self, event) -> None:
        target = event.target
        control = _attr(target, "data-control")
        if control and self.history.on_change(control, target):
            return
        if control == "speed" and str(target.value) in SPEEDS:
            self.vs.speed = str(target.value)
        elif control == "level" and str(target.value) in LEVELS:
            self.vs.level = str(target.value)
            if self.controller is not None:
                self.controller.set_level(self.vs.level)
        elif control == "watch":
            self.vs.watch = bool(target.checked)
            self.new_match()
        elif control == "show-waits":
            self.vs.show_waits = bool(target.checked)
        elif control == "tiles" and str(target.value) in TILE_SIZES:
            self.vs.tiles = str(target.value)
        elif control == "learning":
            # a learning game is not scored: switching starts a new match
            self.vs.learning = bool(target.checked)
            self.new_match()
        else:
            return
        self._save_settings()
        self.save()
        self.render()

    def on_key(self, event) -> None:
        try:
            if self.settings.get("mode") != "play":
                return
            target = event.target
            tag = str(getattr(target, "tagName", "") or "").lower()
            if tag in ("select", "input", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
                return
            key = str(event.key).lower()
            if self.history.active:      # the replay's keys; the table's wait
                keys = {"arrowleft": "replay-back", "arrowright": "replay-forward",
                        "home": "replay-first", "end": "replay-last",
                        "escape": "replay-close" if self.history.replay else "history-close"}
                if key in keys:
                    event.preventDefault()
                    self.dispatch(keys[key])
                return
            if self.vs.confirm_new:
                if key == "escape":
                    event.preventDefault()
                    self.dispatch("new-game-cancel")
                return
            in_hand = bool(target.classList and target.classList.contains("hand-tile"))
            c = self.controller
            if c is None:
                return
            model = c.model()
            tiles = self._tiles(model)
            if key in ("arrowleft", "arrowright") and tiles and (in_hand or self.vs.selected is not None):
                event.preventDefault()
                current = self.vs.selected
                if current is None and in_hand:
                    current = int(target.getAttribute("data-index"))
                if current is None:
                    current = len(tiles) - 1
                step = 1 if key == "arrowright" else -1
                self.vs.selected = (current + step) % len(tiles)
                self.render()
                tile = self.root.querySelector(f'.hand-tile[data-index="{self.vs.selected}"]')
                if tile is not None:
                    tile.focus()
                return
            if key == "enter" and in_hand:
                event.preventDefault()
                self.press_tile(int(target.getAttribute("data-index")), discard_now=True)
                return
            if key in CLAIM_KEYS and not (key == "escape" and not model["actions"]):
                action = CLAIM_KEYS[key]
                illegal = (model.get("learning") or {}).get("illegal", [])
                if action in ("hint", "next") or any(x["kind"] == action for x in model["actions"]):
                    event.preventDefault()
                    self.dispatch(action)
                elif action in illegal:
                    event.preventDefault()
                    self.why_not(action)
                elif action == "undo" and c.can_undo:
                    event.preventDefault()
                    self.undo()
        except Exception as error:
            js.console.error(repr(error))

    def on_settings(self, settings: dict) -> None:
        old = self.settings
        self.settings = settings
        spawn(self._settings_changed(old, settings))

    async def _settings_changed(self, old: dict, new: dict) -> None:
        try:
            if new.get("lang") != old.get("lang"):
                await self.load_lang(new["lang"])
                self.cat.lang = new["lang"]
            if new.get("rules") != old.get("rules"):
                self.cat.rules = new["rules"]
                self.switch_rules()
            self.render()
        except Exception as error:
            js.console.error(repr(error))

    # ------------------------------------------------------------ the computer players' clock
    async def loop(self) -> None:
        while True:
            try:
                c = self.controller
                if (c is not None and self.settings.get("mode") == "play" and not self.history.active
                        and c.awaiting() == "computer"):
                    delay = SPEEDS.get(self.vs.speed, 0.6)
                    if delay:
                        await asyncio.sleep(delay)
                        if self.controller is c and c.awaiting() == "computer":
                            c.step()
                    else:
                        start = time.monotonic()
                        while c.awaiting() == "computer" and time.monotonic() - start < 0.05:
                            c.step()
                    if self.controller is c:
                        self.save()
                        self.render()
                    await asyncio.sleep(0)
                else:
                    await asyncio.sleep(0.1)
            except Exception as error:  # keep the page alive
                js.console.error(repr(error))
                self.vs.message = "invariant.exception"
                with suppress(Exception):     # the message is only shown if drawing works
                    self.render()
                await asyncio.sleep(1)

    async def start(self) -> None:
        while self.shell.welcome_open():
            await asyncio.sleep(0.1)     # a first visitor chooses before any match starts
        self.settings = self.shell.settings()
        self.cat.lang = self.settings.get("lang", self.cat.lang)
        self.cat.rules = self.settings.get("rules", self.cat.rules)
        params = self.read_address()
        await self.load_lang(self.cat.lang)
        await self.load_lang("en")
        self.restore(params)
        for name, fn in (("click", self.on_click), ("change", self.on_change)):
            proxy = create_proxy(fn)
            self._proxies.append(proxy)
            self.root.addEventListener(name, proxy)
        proxy = create_proxy(self.on_key)
        self._proxies.append(proxy)
        js.document.addEventListener("keydown", proxy)
        proxy = create_proxy(lambda event: self.on_hash())
        self._proxies.append(proxy)
        js.window.addEventListener("hashchange", proxy)
        self.shell.on_settings(self.on_settings)
        self.history.open_address()     # a shared replay in the address
        self.render()
        await self.loop()


_views: list[TableView] = []


def start(shell) -> None:
    view = TableView(shell)
    _views.append(view)

    async def run() -> None:
        try:
            await view.start()
        except Exception as error:  # never a blank page
            js.console.error(repr(error))
            view.root.textContent = view.cat.t("invariant.exception")

    spawn(run())
