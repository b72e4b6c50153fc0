"""The table's session (pure Python, no ``js``): the match in play, what the view remembers
between renders (``ViewState``), the table's settings and the saved games (``TableStore``),
and what each of the player's moves, keys and settings does to them.

The page's binder (``views/table.py``) turns events into calls here and draws after each
call that returns True; everything here runs under CPython against a dict storage.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mahjong_engine.ai.hints import hints
from mahjong_engine.errors import EngineError
from mahjong_engine.game.phase import Phase

from . import help as helps
from ..tasks import report
from ..i18n import Translator
from .controller import LEVELS, TableController
from .learning import ready_waits
from .params import TableParams, wants_new_match
from .presenter import hint_messages
from .render import SPEEDS, TILE_SIZES, ViewState
from .store import TableSettings, TableStore
from .saves import dump
from .view_model import TableModel

CLAIMS = ("chow", "pung", "kong", "win", "pass", "exchange")
CLAIM_KEYS = {"c": "chow", "p": "pung", "k": "kong", "m": "win", "escape": "pass",
              "h": "hint", "n": "next", "x": "exchange", "u": "undo"}
REPLAY_KEYS = {"arrowleft": "replay-back", "arrowright": "replay-forward", "home": "replay-first",
               "end": "replay-last"}


def hand_tiles(model: TableModel) -> list[str]:
    """The human's tiles as drawn: the hand, then the tile just drawn."""
    return list(model["hand"]) + ([model["drawn"]] if model["drawn"] else [])


class TableSession:
    def __init__(self, store: TableStore, cat: Translator, rules: str) -> None:
        self.store = store
        self.cat = cat
        self.rules = rules                        # the rule set chosen in the header
        self.vs = ViewState()
        self.controller: TableController | None = None
        self.seed: int | None = None              # a seed asked for by the page address
        self.kept: tuple[list[str], int] | None = None   # (hand left, exchange step) after giving
        self.apply_settings(store.load_settings())

    # ------------------------------------------------------------ settings
    def apply_settings(self, settings: TableSettings) -> None:
        vs = self.vs
        vs.speed, vs.watch, vs.level = settings.speed, settings.watch, settings.level
        vs.learning, vs.show_waits = settings.learning, settings.show_waits
        vs.tiles = settings.tiles

    def save_settings(self) -> None:
        vs = self.vs
        self.store.save_settings(TableSettings(vs.speed, vs.watch, vs.level, vs.learning,
                                               vs.show_waits, vs.tiles))

    def apply_params(self, params: TableParams) -> None:
        """The table's URL parameters applied to its settings (refused values told)."""
        vs = self.vs
        vs.notices = [("table.url_bad", {"param": name, "value": value})
                      for name, value in params.errors]
        vs.speed = params.speed or vs.speed
        vs.level = params.level or vs.level
        if params.watch is not None:
            vs.watch = params.watch
        if params.learning is not None:
            vs.learning = params.learning
            if params.learning and params.watch is None:
                vs.watch = False     # a learning game is played, not watched
        self.seed = params.seed
        self.save_settings()

    def follow_link(self, params: TableParams) -> None:
        """A new address while the table is open: a link to another match of the same rule
        set starts it, the match in progress kept (a rule set's change is ``switch_rules``)."""
        current = self.controller
        if params.empty or current is None or (params.rules and params.rules != current.rules_key):
            return
        saved = current.to_json()
        if wants_new_match(params, saved):
            self.store.keep(dump(saved))
            self._told()
            self.new_match(keep_message=True)

    # ------------------------------------------------------------ the saved games
    def _told(self) -> None:
        """What the store has to tell, into the view state."""
        message = self.store.take_message()
        if message is not None:
            self.vs.message, self.vs.message_params = message[0], dict(message[1])
        self.vs.kept_key = self.store.kept_key
        self.vs.save_failed = self.store.failed

    def save(self) -> bool:
        """Store the match; False (and the player told) when the storage refuses."""
        done = self.store.save(self.controller)
        vs = self.vs
        vs.save_failed = self.store.failed
        if vs.message in ("table.set_aside", "table.aside_failed"):
            # "set aside" only once the copy is written
            vs.message = "table.aside_failed" if self.store.aside_pending() else "table.set_aside"
        return done

    def _resume(self, controller: TableController) -> None:
        self.controller = controller
        self.vs.watch, self.vs.learning = controller.watch, controller.learning

    def restore(self, params: TableParams | None = None) -> None:
        found = self.store.restore(self.rules, params)
        self._told()
        if found is None:
            self.new_match(keep_message=True)
        else:
            self._resume(found)

    def switch_rules(self, rules: str) -> None:
        """Another rule set chosen: the match in progress is parked (nothing is lost) and
        that rule set's parked match, if any, resumes."""
        self.rules = rules
        vs = self.vs
        vs.message, vs.message_params, vs.why = None, {}, None
        vs.hint, vs.selected, vs.exchange = [], None, []
        vs.kept_key = self.store.kept_key = None
        current = self.controller
        if current is not None and current.rules_key == rules:
            return
        found = self.store.switch(current, rules)
        self._told()
        if found is None:
            self.new_match(keep_message=True)
        else:
            self._resume(found)

    def resume_kept(self) -> bool:
        """Go back to the match a link replaced; the one left is kept in its turn."""
        found = self.store.resume_kept(self.controller)
        self._told()
        if found is not None:
            self._resume(found)
        return True

    def new_match(self, keep_message: bool = False) -> None:
        vs = self.vs
        if not keep_message:   # "Move undone." and the like belong to the match left behind
            vs.message, vs.message_params, vs.why = None, {}, None
        self.controller = TableController(self.rules, seed=self.seed, watch=vs.watch,
                                          level=vs.level, learning=vs.learning)
        self.seed = None
        vs.selected, vs.exchange, vs.hint, vs.why = None, [], [], None
        vs.result_folded = False
        vs.hint_view, vs.received, vs.confirm_new = None, [], False
        self.kept = None
        self.save()

    # ------------------------------------------------------------ help shown on the table
    def update_help(self, c: TableController, model: TableModel) -> None:
        """The help's view state from the game: waits (setting), exchange partner and
        the tiles received (help.py)."""
        seat, st, vs = c.human_seat, c.state, self.vs
        try:
            vs.waits = (ready_waits(st, seat) if vs.show_waits and seat is not None
                        and not st.ended else [])
            vs.exchange_partner = (helps.exchange_partner(sorted(st.pending), seat)
                                   if model["phase"] == Phase.EXCHANGE else None)
            kept, step = self.kept or (None, None)
            if kept is not None and (st.phase != Phase.EXCHANGE or st.exchange_step != step):
                got = helps.received_tiles(kept, hand_tiles(model))
                if got:
                    vs.received, self.kept = got, None
        except (EngineError, LookupError, ValueError) as error:   # help never stops the game
            report(error)

    # ------------------------------------------------------------ the human's moves
    def _do(self, fn: Callable[[], object]) -> bool:
        """Run a human move; an illegal one becomes a message, never a traceback."""
        vs = self.vs
        vs.message, vs.message_params, vs.why = None, {}, None
        vs.notices = []
        try:
            fn()
        except EngineError as error:
            vs.message = error.key
            vs.message_params = {k: v for k, v in error.params.items() if isinstance(v, (str, int))}
        self.save()
        return True

    def _act(self, c: TableController, data: dict[str, Any]) -> None:
        c.act(data)
        vs = self.vs
        vs.selected, vs.exchange, vs.hint = None, [], []
        vs.hint_view = None
        if data.get("type") != "exchange":
            vs.received = []

    def press_tile(self, index: int, discard_now: bool = False) -> bool:
        c, vs = self.controller, self.vs
        if c is None:
            return False
        model = c.model()
        if not 0 <= index < len(hand_tiles(model)):
            return False
        if model["phase"] == Phase.EXCHANGE and model["awaiting"] == "human":
            vs.message, vs.message_params = None, {}
            if index in vs.exchange:
                vs.exchange.remove(index)
            elif len(vs.exchange) < 2:
                vs.exchange.append(index)
            else:   # a third tile: say why nothing happens
                vs.message, vs.message_params = helps.exchange_refusal(2, third=True)
            return True
        if not model["discardable"]:
            return False
        if vs.selected == index or discard_now:
            vs.selected = index
            return self.discard()
        vs.selected = index
        return True

    def discard(self) -> bool:
        c, vs = self.controller, self.vs
        if c is None:
            return False
        tiles = hand_tiles(c.model())
        if vs.selected is None or not 0 <= vs.selected < len(tiles):
            vs.message = "table.select_first"
            return True
        tile = tiles[vs.selected]
        return self._do(lambda: self._act(c, {"type": "discard", "tile": tile}))

    def claim(self, kind: str, index: int | None = None) -> bool:
        c, vs = self.controller, self.vs
        if c is None:
            return False
        model = c.model()
        if kind == "exchange":
            if len(vs.exchange) != 2:
                vs.message, vs.message_params = helps.exchange_refusal(len(vs.exchange))
                return True
            tiles = hand_tiles(model)
            given = [tiles[i] for i in sorted(vs.exchange)]
            self.kept = (helps.kept_after_giving(tiles, given), c.state.exchange_step)
            vs.received = []
            chosen = "".join(given)
            return self._do(lambda: self._act(c, {"type": "exchange", "tiles": chosen}))
        actions = model["actions"]
        if index is None or not 0 <= index < len(actions) or actions[index]["kind"] != kind:
            index = next((i for i, x in enumerate(actions) if x["kind"] == kind), None)
        if index is None:
            return False
        data = actions[index]["json"]
        return self._do(lambda: self._act(c, data))

    def hint(self) -> bool:
        c = self.controller
        seat = c.human_seat if c is not None else None
        legal = c.human_legal() if c is not None else []
        if c is None or seat is None or not legal:
            return False
        info = hints(c.state.view(seat), legal, c.state.rules)
        action = info.get("action") or {}
        self.vs.hint = hint_messages(self.cat, info)
        self.vs.hint_view = helps.hint_view(info)
        self.vs.hint_action = {k: v for k, v in action.items() if k in ("type", "tile", "source", "tiles")}
        return True

    def why_not(self, kind: str) -> bool:
        """A learner pressed a claim he may not make: say why (changes nothing)."""
        if self.controller is None:
            return False
        self.vs.why = self.controller.why_not(kind)
        self.vs.message, self.vs.message_params = None, {}
        return True

    def undo(self) -> bool:
        c = self.controller
        if c is None:
            return False

        def run() -> None:
            c.undo()
            self.vs.selected, self.vs.exchange, self.vs.hint = None, [], []

        self._do(run)
        if self.vs.message is None:
            self.vs.message = "table.undone"
        return True

    def next_hand(self) -> bool:
        c = self.controller
        if c is None:
            return False
        self.vs.result_folded = False

        def run() -> None:
            c.next_hand()
            self.vs.selected = None

        return self._do(run)

    def act(self, action: str, index: int | None = None) -> bool:
        """A button of the table pressed (``data-action``); True when the table changed."""
        vs = self.vs
        simple: dict[str, Callable[[], bool]] = {
            "discard": self.discard, "hint": self.hint, "next": self.next_hand,
            "resume-kept": self.resume_kept, "undo": self.undo}
        if action in simple:
            return simple[action]()
        if action == "result-fold":
            vs.result_folded = not vs.result_folded
        elif action in ("new-game", "new-game-cancel"):
            vs.confirm_new = action == "new-game"    # asked first: never lost in one click
        elif action == "new-game-confirm":
            self.new_match()
        elif action == "match-watch":    # the match's end: the computer plays the next one
            vs.watch = True
            self.new_match()
            self.save_settings()
        elif action == "settings":
            vs.settings_open = not vs.settings_open
        elif action in CLAIMS:
            return self.claim(action, index)
        else:
            return False
        return True

    # ------------------------------------------------------------ settings and keys
    def set_control(self, control: str, value: str, checked: bool) -> bool:
        """A setting of the table changed; True when it was one (then saved and drawn)."""
        vs = self.vs
        if control == "speed" and value in SPEEDS:
            vs.speed = value
        elif control == "level" and value in LEVELS:
            vs.level = value
            if self.controller is not None:
                self.controller.set_level(value)
        elif control == "show-waits":
            vs.show_waits = checked
        elif control == "tiles" and value in TILE_SIZES:
            vs.tiles = value
        elif control in ("watch", "learning"):
            # a learning game is not scored, a watched one not played: a new match
            if control == "watch":
                vs.watch = checked
            else:
                vs.learning = checked
            self.new_match()
        else:
            return False
        self.save_settings()
        self.save()
        return True

    def key_command(self, key: str, history: str | None = None) -> str | None:
        """The action a key stands for now (None: not the table's); ``history``: the list
        or a replay is open (``"list"``, ``"replay"``), whose keys are the only ones."""
        c = self.controller
        if history is not None:
            escape = "replay-close" if history == "replay" else "history-close"
            return {**REPLAY_KEYS, "escape": escape}.get(key)
        if self.vs.confirm_new:
            return "new-game-cancel" if key == "escape" else None
        if c is None:
            return None
        model = c.model()
        if key in CLAIM_KEYS and not (key == "escape" and not model["actions"]):
            action = CLAIM_KEYS[key]
            learning = model["learning"]
            illegal = learning["illegal"] if learning else []
            if action in ("hint", "next") or any(x["kind"] == action for x in model["actions"]):
                return action
            if action in illegal:
                return "why:" + action
            if action == "undo" and c.can_undo:
                return action
        return None

    def move_selection(self, step: int, start: int | None) -> int | None:
        """The hand's selection moved by ``step`` (arrow keys), from ``start`` when nothing is
        selected (else from the right end); None when there is no hand."""
        c = self.controller
        tiles = hand_tiles(c.model()) if c is not None else []
        if not tiles:
            return None
        current = self.vs.selected if self.vs.selected is not None else start
        if current is None:
            current = len(tiles) - 1
        self.vs.selected = (current + step) % len(tiles)
        return self.vs.selected


__all__ = ["CLAIM_KEYS", "TableSession", "hand_tiles"]
