"""The table view (mode "play"), a thin binder of ``mahjong_ui.table`` to ``#play-root``:
events, keys, the page address and the computer players' clock. What each move does is in
``table.session`` (pure), the saved games in ``table.store`` over ``local_storage``, the
screen comes from ``table.presenter`` and ``paint`` writes it (the one place touching nodes).
"""
from __future__ import annotations

import asyncio
import json
import time
import traceback
from collections.abc import Callable, Coroutine
from typing import Any

import js
from pyodide.ffi import JsException, create_proxy

from ..local_storage import LocalStorage
from ..paint import attr, focus, had_focus, paint
from ..rulesets import DEFAULT_RULES
from ..table.catalogue import DOMAINS, table_domains, table_translator
from ..table.controller import TableController
from ..table.params import TableParams, parse, query_of
from ..table.presenter import RESULT, history_screen, present
from ..table.render import SPEEDS, ViewState
from ..table.session import TableSession
from ..table.store import TableStore
from ..tasks import spawn
from .table_history import TableHistory

class TableView:
    def __init__(self, shell: Any) -> None:
        self.shell = shell
        self.root = js.document.getElementById("play-root")
        self.settings: dict[str, Any] = shell.settings()
        rules = self.settings.get("rules", DEFAULT_RULES)
        self.cat = table_translator(rules, self.settings.get("lang", "en"))
        self.session = TableSession(TableStore(LocalStorage()), self.cat, rules)
        self._result_shown: tuple[int, int] | None = None   # whose result took the focus
        self._proxies: list[Any] = []
        self.history = TableHistory(self)          # the hands of the match, replays

    # what the history and the tests read of the view
    @property
    def vs(self) -> ViewState:
        return self.session.vs

    @property
    def controller(self) -> TableController | None:
        return self.session.controller

    # ------------------------------------------------------------ errors: logged and told
    def _failed(self, error: BaseException) -> None:
        js.console.error("".join(traceback.format_exception(error)))
        refused = isinstance(error, JsException)
        self.vs.message = "table.page_failed" if refused else "invariant.exception"
        self.vs.message_params = {}
        try:
            self.render()
            drawn = self.controller is not None or self.history.active
        except Exception as again:  # drawing fails too: logged, and the message alone as text
            js.console.error(repr(again))
            drawn = False
        if not drawn:        # never a blank page
            self.root.textContent = self.cat.t(self.vs.message)

    def _guard(self, fn: Callable[[], object]) -> None:
        """Run an event's handler: a refusal of the browser or a bug is logged and told,
        never a traceback or a dead page."""
        try:
            fn()
        except Exception as error:  # logged with its traceback and told (_failed)
            self._failed(error)

    def _run(self, work: Coroutine[Any, Any, object]) -> None:
        """``_guard`` for work that waits (a catalogue loaded, then the table drawn)."""
        async def guarded() -> None:
            try:
                await work
            except Exception as error:  # logged with its traceback and told (_failed)
                self._failed(error)

        spawn(guarded())

    # ------------------------------------------------------------ the page address
    def read_address(self) -> TableParams | None:
        """The table's URL parameters (``#play?…`` or ``?mode=play&…``), applied to the
        settings; None when the address is not for the table."""
        query = query_of(str(js.location.hash or ""), str(js.location.search or ""))
        if query is None:
            return None
        params = parse(query)
        for name, value in (("mode", "play"), ("rules", params.rules), ("lang", params.lang)):
            select = js.document.getElementById(name)
            if value and select and self.settings.get(name) != value:
                select.value = value
                select.dispatchEvent(js.Event.new("change"))
        self.settings = self.shell.settings()
        self.cat.lang = self.settings.get("lang", self.cat.lang)
        self.session.rules = self.settings.get("rules", self.session.rules)
        self.cat.domains = table_domains(self.session.rules)
        self.session.apply_params(params)
        return params

    def on_hash(self) -> None:
        if not self.history.open_address():
            params = self.read_address()
            if params is None:
                return
            # The address is the table's now: a replay still open (an earlier replay link,
            # left for another mode) gives way to what it holds.
            left = self.history.leave_replay()
            if params.empty or self.controller is None:   # start() reads it
                if left and self.controller is not None:
                    self._run(self._redraw())
                return
            self.session.follow_link(params)
        self._run(self._redraw())

    async def _redraw(self) -> None:
        await self.load_lang(self.cat.lang)
        self.render()

    async def load_lang(self, lang: str) -> None:
        shell = self.shell._js
        if self.cat.loaded(lang, DOMAINS) or shell is None:    # None: no shell, no catalogues (keys shown)
            return
        for domain in DOMAINS:
            try:
                obj = await shell.loadCatalogue(lang, domain)
                self.cat.add(lang, domain, json.loads(str(js.JSON.stringify(obj))))
            except (JsException, ValueError) as error:   # its words fall back to English
                js.console.warn(f"catalogue {lang}/{domain} not loaded: {error!r}")
                self.cat.add(lang, domain, {})

    # ------------------------------------------------------------ drawing
    def render(self) -> None:
        shown = self.history.html()
        if shown is not None:
            paint(self.root, shown, history_screen(shown, self.history.replay is not None).data)
            return
        self.root.dataset.history = "none"
        c = self.controller
        if c is None:     # no match yet: start() restores one, then draws
            return
        model = c.model()
        self.session.update_help(c, model)
        screen = present(self.cat, c, model, self.vs)
        refocus = had_focus(self.root, js.document.activeElement)
        take = None
        if screen.result is not None and self._result_shown != screen.result:
            self._result_shown = screen.result   # a result just appeared: the keyboard to it
            take = RESULT
        paint(self.root, screen.html, screen.data, refocus, take)

    def _draw_if(self, changed: bool) -> None:
        if changed:
            self.render()

    # ------------------------------------------------------------ events
    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-action], .hand-tile")
        if target is None or not self.root.contains(target):
            return
        if target.classList.contains("hand-tile"):
            self._draw_if(self.session.press_tile(int(target.getAttribute("data-index"))))
            return
        action = attr(target, "data-action") or ""
        index = attr(target, "data-index")
        if attr(target, "data-illegal") == "true":
            self.why_not(action)
        else:
            self.dispatch(action, int(index) if index is not None else None)

    def why_not(self, kind: str) -> None:
        if self.session.why_not(kind):
            self.render()
            panel = self.root.querySelector("[data-testid=why-not]")
            if panel:
                panel.setAttribute("tabindex", "-1")

    def dispatch(self, action: str, index: int | None = None) -> None:
        if self.history.dispatch(action, index):
            return
        if action == "result-board":
            board = self.root.querySelector("#res-board")
            if board is not None:
                board.scrollIntoView()
            return
        self._draw_if(self.session.act(action, index))
        if action == "new-game":
            focus(self.root, '[data-action="new-game-cancel"]')

    def on_change(self, event: Any) -> None:
        target = event.target
        control = attr(target, "data-control")
        if not control or self.history.on_change(control, target):
            return
        checked = bool(getattr(target, "checked", False))     # a select has no ``checked``
        self._draw_if(self.session.set_control(control, str(target.value), checked))

    def on_key(self, event: Any) -> None:
        target = event.target
        tag = str(getattr(target, "tagName", "") or "").lower()
        if (self.settings.get("mode") != "play" or tag in ("select", "input", "textarea")
                or event.ctrlKey or event.metaKey or event.altKey):
            return
        key = str(event.key).lower()
        in_hand = bool(target.classList and target.classList.contains("hand-tile"))
        history = ("replay" if self.history.replay else "list") if self.history.active else None
        table = history is None and not self.vs.confirm_new
        if table and key in ("arrowleft", "arrowright") and (in_hand or self.vs.selected is not None):
            start = int(target.getAttribute("data-index")) if in_hand else None
            chosen = self.session.move_selection(1 if key == "arrowright" else -1, start)
            if chosen is not None:
                event.preventDefault()
                self.render()
                focus(self.root, f'.hand-tile[data-index="{chosen}"]')
            return
        if table and key == "enter" and in_hand:
            event.preventDefault()
            self._draw_if(self.session.press_tile(int(target.getAttribute("data-index")), True))
            return
        command = self.session.key_command(key, history)
        if command is not None:
            event.preventDefault()
            if command.startswith("why:"):
                self.why_not(command.removeprefix("why:"))
            else:
                self.dispatch(command)

    def on_settings(self, settings: dict[str, Any]) -> None:
        old, self.settings = self.settings, settings
        self._run(self._settings_changed(old, settings))

    async def _settings_changed(self, old: dict[str, Any], new: dict[str, Any]) -> None:
        if new.get("lang") != old.get("lang"):
            await self.load_lang(new["lang"])
            self.cat.lang = new["lang"]
        if new.get("rules") != old.get("rules"):
            self.cat.domains = table_domains(new["rules"])
            self.session.switch_rules(new["rules"])
        self.render()

    # ------------------------------------------------------------ the computer players' clock
    async def _tick(self) -> bool:
        """Let the computer players move (at the chosen speed); False when none is to."""
        c = self.controller
        if (c is None or self.settings.get("mode") != "play" or self.history.active
                or c.awaiting() != "computer"):
            return False
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
            self.session.save()
            self.render()
        return True

    async def loop(self) -> None:
        while True:
            try:
                await asyncio.sleep(0 if await self._tick() else 0.1)
            except Exception as error:  # logged with its traceback and told; the page lives on
                self._failed(error)
                await asyncio.sleep(1)

    def _listen(self, node: Any, name: str, fn: Callable[[Any], None]) -> None:
        proxy = create_proxy(lambda event: self._guard(lambda: fn(event)))
        self._proxies.append(proxy)
        node.addEventListener(name, proxy)

    async def start(self) -> None:
        while self.shell.welcome_open():
            await asyncio.sleep(0.1)     # a first visitor chooses before any match starts
        self.settings = self.shell.settings()
        self.cat.lang = self.settings.get("lang", self.cat.lang)
        self.session.rules = self.settings.get("rules", self.session.rules)
        self.cat.domains = table_domains(self.session.rules)
        params = self.read_address()
        await self.load_lang(self.cat.lang)
        await self.load_lang("en")
        self.session.restore(params)
        self._listen(self.root, "click", self.on_click)
        self._listen(self.root, "change", self.on_change)
        self._listen(js.document, "keydown", self.on_key)
        self._listen(js.window, "hashchange", lambda event: self.on_hash())
        self.shell.on_settings(self.on_settings)
        self.history.open_address()     # a shared replay in the address
        self.render()
        await self.loop()


_views: list[TableView] = []


def start(shell: Any) -> None:
    view = TableView(shell)
    _views.append(view)
    view._run(view.start())      # never a blank page: a failure is logged and told
