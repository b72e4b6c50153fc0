"""The table's history of hands and a hand's replay, over the table view (issue 16).

While the list or a replay is open, the table is not drawn and the computer players wait.
A replay opens from the list (a hand of the match in progress), from an address
``#play/replay/<text>`` (a shared hand) or from a file; nothing here changes the saved game.
"""
from __future__ import annotations

import json
from typing import Any

import js
from pyodide.ffi import JsException

from mahjong_engine.errors import EngineError
from mahjong_engine.game.export import record_of_match

from ..embed_replay import embed_code
from ..table import saves
from ..table.replay import ReplayTable, hand_history
from ..table.catalogue import table_domains
from ..table.replay_render import history_html, replay_html
from ..tasks import spawn

ROUTE = "#play/replay/"


class TableHistory:
    def __init__(self, view: Any) -> None:
        self.view = view
        self.list_open = False
        self.replay: ReplayTable | None = None
        self.link: str | None = None
        self.embed: str | None = None     # «Embed this hand»: the code shown
        self.copied: str | None = None    # the last press on Copy: "copied", "selected"
        self.adopt = False                # a shared replay, nothing of the visitor's own

    @property
    def active(self) -> bool:
        return self.list_open or self.replay is not None

    def html(self) -> str | None:
        """The markup that stands for the table while the history is open."""
        cat = self.view.cat
        if self.replay is not None:
            # words of the replayed hand's rule set (a shared hand may be of another)
            words = cat.domain(*table_domains(self.replay.rules_key))
            return replay_html(words, self.replay.model(), self.link, self.embed, self.copied)
        if self.list_open:
            controller = self.view.controller
            lines = hand_history(controller.match.to_json())
            return history_html(cat, controller.model(), lines, self.embed)
        return None

    def _fail(self, error: EngineError) -> None:
        self.replay = None
        self.list_open = False
        self.view.vs.message = error.key
        self.view.vs.message_params = {
            k: v for k, v in error.params.items() if isinstance(v, (str, int))}
        if "reason" in error.params:
            self.view.vs.message_params["reason_text"] = self.view.cat.t(str(error.params["reason"]))

    # ------------------------------------------------------------ actions
    def dispatch(self, action: str, index: int | None) -> bool:
        """Handle a history or replay action; False when ``action`` is not one of them."""
        if not (action.startswith("history") or action.startswith("replay")):
            return False
        try:
            self._dispatch(action, index)
        except EngineError as error:
            self._fail(error)
        self.view.render()
        return True

    def _dispatch(self, action: str, index: int | None) -> None:
        replay = self.replay
        if action == "history":
            self.list_open, self.replay = True, None
        elif action == "history-close":
            self.list_open = False
        elif action == "history-export":   # the scorekeeper's record (``match`` command)
            record = record_of_match(self.view.controller.match.to_json())
            _download(f"mahjong-match-{record['rules']}.json",
                      json.dumps(record, ensure_ascii=False, indent=1))
        elif action == "history-embed" and index is not None:
            hand = ReplayTable.of_match(self.view.controller.match.to_json(), index - 1)
            self.embed = embed_code(hand.link(), None, str(js.location.href),
                                    self.view.cat.t("replay.embed_title"))
        elif action == "replay-open" and index is not None:
            self.replay = ReplayTable.of_match(self.view.controller.match.to_json(), index - 1)
            self.link = self.embed = None
        elif action == "replay-close":
            self.replay = None
            if js.location.hash.startswith(ROUTE):
                js.history.replaceState(js.history.state, "", "#play")
            if replay is not None:
                self._back_to_own_table(replay.rules_key)
        elif replay is None:
            return
        elif action == "replay-first":
            replay.go(0)
        elif action == "replay-back":
            replay.back()
        elif action == "replay-forward":
            replay.forward()
        elif action == "replay-last":
            replay.go(replay.replay.steps)
        elif action == "replay-share":
            self.link = _address(ROUTE + replay.link())
            self.copied = None
        elif action == "replay-copy" and self.link:
            spawn(self._copy(self.link))
        elif action == "replay-embed":
            step = replay.replay.step
            self.embed = embed_code(replay.link(), None if step == replay.replay.steps else step,
                                    str(js.location.href), self.view.cat.t("replay.embed_title"))
        elif action == "replay-download":
            _download(f"mahjong-replay-{replay.rules_key}.txt", replay.link())

    def on_change(self, control: str, target: Any) -> bool:
        if control == "replay-file":
            files = target.files
            if files and files.length:
                spawn(self._open_file(files.item(0)))
            return True
        if self.replay is None or not control.startswith("replay-"):
            return False
        if control == "replay-step":
            self.replay.go(int(float(target.value)))
        elif control == "replay-reveal":
            self.replay.toggle(int(target.getAttribute("data-seat")))
        self.view.render()
        return True

    async def _open_file(self, file: Any) -> None:
        try:
            text = str(await file.text())[:20_000].strip()
            self.replay = ReplayTable.of_link(text)
            self.list_open = False
            self.link = None
        except EngineError as error:
            self._fail(error)
        self.view.render()

    def leave_replay(self) -> bool:
        """Close a replay shown (the address no longer holds it); True if one was."""
        if self.replay is None:
            return False
        self.replay = None
        self.link = self.embed = None
        return True

    def open_address(self) -> bool:
        """Open the replay an address carries (``#play/replay/<text>``)."""
        hash_text = str(js.location.hash or "")
        if not hash_text.startswith(ROUTE):
            return False
        try:
            self.replay = ReplayTable.of_link(hash_text[len(ROUTE):])
            self.list_open = False
            self.link = None
            # nothing played of his own (a first visit by the link): the replay's rule set
            own = self.view.session.store.stored(saves.GAME_KEY)
            self.adopt = own is None or not saves.played(own)
        except EngineError as error:
            self._fail(error)
        return True

    def _back_to_own_table(self, rules: str) -> None:
        """Back from a replay: the visitor's own table (his saved game, his rule set), as the
        table was before; a visitor who came by the link with nothing of his own gets a
        table of the replay's rule set (not the first of the list)."""
        adopt, self.adopt = self.adopt, False
        select = js.document.getElementById("rules")
        if adopt and select is not None and self.view.session.rules != rules:
            select.value = rules
            select.dispatchEvent(js.Event.new("change"))

    async def _copy(self, link: str) -> None:
        """The link to the clipboard (the Clipboard API); where that is refused or missing,
        its text selected for the visitor to copy. Either way it is told."""
        try:
            await js.navigator.clipboard.writeText(link)
            self.copied = "copied"
        except (AttributeError, JsException) as error:  # no Clipboard API, or refused
            js.console.warn(repr(error))       # logged; the visitor is told "selected"
            self.copied = "selected"
        self.view.render()
        if self.copied == "selected":
            field = js.document.getElementById("replay-link")
            if field is not None:
                field.focus()
                field.select()


def _address(hash_text: str) -> str:
    return str(js.location.href).split("#", 1)[0] + hash_text


def _download(name: str, text: str) -> None:
    from pyodide.ffi import to_js

    kind = "application/json" if name.endswith(".json") else "text/plain"
    blob = js.Blob.new(to_js([text]), to_js({"type": kind},
                                            dict_converter=js.Object.fromEntries))
    url = js.URL.createObjectURL(blob)
    link = js.document.createElement("a")
    link.href = url
    link.download = name
    link.click()
    js.URL.revokeObjectURL(url)


__all__ = ["ROUTE", "TableHistory"]
