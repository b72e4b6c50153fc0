"""Keep score (mode "keep"): a match played with real tiles, recorded hand by hand.

The match lives in Python (``keep.model.Match``, its record; the ``Ledger`` rebuilt from
it); the page only shows it and sends what is typed back here."""
from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import create_proxy

from mahjong_engine.game.ledger import RecordFieldError

from mahjong_engine import get_rule_set

from ..calculator.dom import el
from ..calculator.events import EVENTS, Handlers
from ..calculator.model import RULES
from ..dom import Node, load_catalogues
from ..keep.export import dice_needed
from ..keep.form import HandForm
from ..keep.model import start as new_match
from ..keep.model import Match, option_fields, option_text, parse_option, values_losers
from ..keep.store import KeptStore, StaleCopy
from ..calculator.text import calculator_translator
from ..keep.text import DOMAINS, record_error
from ..names import rules_name
from ..local_storage import LocalStorage
from ..shell import Shell
from ..storage import StorageError
from ..tasks import spawn
from .keep_files import export_csv, export_json, read_file
from .keep_setup import SetupView

UNDO_DEPTH = 20


# refusals are logged there; a refused read reads as nothing; a stale write is refused
STORE = KeptStore(LocalStorage())


class KeepView(SetupView):
    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self.settings = shell.settings()
        self.texts = calculator_translator(lang=self.settings["lang"])
        self.root = js.document.getElementById("keep-root")
        self.handlers = Handlers()
        self.proxies: list[Any] = []
        self.match: Match | None = None
        self.setup = {"rules": self.settings["rules"], "players": ["", "", "", ""],
                      "options": {}}
        self.form = HandForm()
        self.editing: int | None = None
        self.error: str = ""
        self.notice: str = ""
        self.confirm_new = False
        self.import_text = ""
        # the tile palette: which hand it fills (its field prefix), which field, which set
        self.picking: str | None = None
        self.pick_field = "concealed"
        self.pick_kind = "pung"
        # counted entry, feedback and undo
        self.count_target: tuple[int, str] | None = None
        self.fresh: int | None = None
        self.corrected: set[int] = set()
        self.undo_note = ""
        self.undo_stack: list[tuple[Match, set[int]]] = []
        self.stale = False      # another tab changed the stored match: reload before writing

    # ------------------------------------------------------------ start-up
    async def start(self) -> None:
        await self.load(self.texts.lang)
        self.shell.on_settings(self.on_settings)
        text = STORE.load()
        if text:
            try:
                self.match = Match.from_text(text)
                self.form = self.new_form()
            except RecordFieldError:
                self.notice = self.texts.domain("keep").t("storage.unreadable")   # the stored copy is kept
        if self.root is not None:
            for kind in EVENTS:
                proxy = create_proxy(lambda e, k=kind: self.dispatch(k, e))
                self.proxies.append(proxy)
                self.root.addEventListener(kind, proxy)
            # the forms never navigate (no inline handler: the page's CSP refuses them)
            proxy = create_proxy(lambda e: e.preventDefault())
            self.proxies.append(proxy)
            self.root.addEventListener("submit", proxy)
        self.render()

    async def load(self, lang: str) -> None:
        await load_catalogues(self.texts, DOMAINS, lang)

    def on_settings(self, settings: dict[str, Any]) -> None:
        old, self.settings = self.settings, settings
        if settings["lang"] != old["lang"]:
            spawn(self.switch_lang(settings["lang"]))
        elif settings["rules"] != old["rules"]:
            if self.match is None:
                self.setup["rules"] = settings["rules"]
            self.render()       # with a match kept: the notice that it keeps its own rules

    async def switch_lang(self, lang: str) -> None:
        await self.load(lang)
        self.texts.lang = lang
        self.render()

    def dispatch(self, kind: str, event: Node) -> None:
        closest = getattr(event.target, "closest", None)
        node = closest(f"[data-on-{kind}]") if closest else None
        get = getattr(node, "getAttribute", None)
        if get is None:
            return
        fn = self.handlers.get(get(f"data-on-{kind}"))
        if fn is not None:
            try:
                fn(event)
            except Exception as error:  # a message, never a traceback
                js.console.error(repr(error))
                self.error = self.texts.domain("keep").t("error.unexpected")
                self.render()

    # ------------------------------------------------------------ saving
    def save(self, match: Match) -> bool:
        """Keep ``match`` and write it; a write the browser refuses leaves the stored copy
        as it was and tells the player. A copy another tab changed is never written over:
        ``match`` is not kept, the player is told and offered a reload (``reload``)."""
        try:
            STORE.save(match.record())
            saved = True
        except StaleCopy:
            self.stale = True
            self.notice = self.texts.domain("keep").t("storage.stale")
            return False
        except StorageError:   # full or refused (logged): the player is told below
            saved = False
        self.match = match
        self.notice = "" if saved else self.texts.domain("keep").t("storage.failed")
        return saved

    def reload(self) -> None:
        """Read the match another tab changed; the hand being entered stays in the form."""
        text = STORE.load()
        try:
            self.match = Match.from_text(text) if text else None
            self.notice = ""
        except RecordFieldError:
            self.match = None
            self.notice = self.texts.domain("keep").t("storage.unreadable")   # the stored copy is kept
        self.stale = False
        self.undo_stack, self.undo_note, self.corrected, self.fresh = [], "", set(), None
        if self.match is None or (self.editing is not None
                                  and self.editing >= len(self.match.hands)):
            self.editing = None
        self.render()

    # ------------------------------------------------------------ actions
    def begin(self) -> None:
        rules = self.setup["rules"]
        options = {}
        try:
            for option in option_fields(rules):
                value = parse_option(option, self.setup["options"].get(option.name, ""))
                if value is not None and not (option.kind == "bool" and value == option.default):
                    options[option.name] = value
            match = new_match(rules, self.setup["players"], options)
        except RecordFieldError as error:
            self.error = record_error(self.texts, error)
            self.render()
            return
        if not self.save(match) and self.stale:
            self.render()
            return
        self.error = ""
        self.form = self.new_form()
        self.undo_stack, self.undo_note, self.corrected, self.fresh = [], "", set(), None
        self.render()

    def dice_mode(self) -> str | None:
        if self.match is None:
            return None
        return dice_needed(self.match, self.form, self.editing)

    def new_form(self, winner: int = 0) -> HandForm:
        """A fresh hand: counted where the rule set takes counts (the table's speed)."""
        rules = self.match.rules if self.match is not None else self.setup["rules"]
        return HandForm(winner=winner, counted=bool(get_rule_set(rules).count_fields))

    def record(self) -> None:
        match = self.match
        if match is None:
            return
        index = self.editing
        number_ = (len(match.hands) if index is None else index) + 1
        if self.form.kind == "draw" and not self.draw_valued(match):
            self.form.losers = {}       # a draw that pays nothing values no hand
        try:
            hand = self.form.to_record(number_, self.dice_mode(), values_losers(match.rules))
            changed = match.with_hand(hand, index)
        except RecordFieldError as error:
            self.error = record_error(self.texts, error, match.players)
            self.render()
            return
        before = (match, set(self.corrected))
        if not self.save(changed) and self.stale:
            self.render()      # the hand stays in the form until the player reloads
            return
        self.undo_stack = [*self.undo_stack, before][-UNDO_DEPTH:]
        self.undo_note = self.texts.domain("keep").t(
            "undo.corrected" if index is not None else "undo.recorded", hand=number_)
        if index is not None:
            self.corrected.add(index)
        self.error = ""
        self.editing = None
        self.fresh = number_ - 1
        self.form = self.new_form(self.form.winner)
        self.count_target = None
        self.render()
        summary = js.document.querySelector("[data-testid=keep-summary]")
        if summary:     # the balances and the new row in view
            summary.scrollIntoView()

    def edit(self, index: int) -> None:
        if self.match is None:
            return
        self.editing = index
        self.form = HandForm.from_record(self.match.hands[index])
        self.count_target = None
        self.error = ""
        self.render()
        field = js.document.querySelector("[data-testid=keep-form]")
        if field:
            field.scrollIntoView()

    def cancel_edit(self) -> None:
        self.editing = None
        self.form = self.new_form()
        self.error = ""
        self.render()

    def undo(self) -> None:
        """Delete the last hand (undoable)."""
        if self.match is not None and self.match.hands:
            before = (self.match, set(self.corrected))
            if not self.save(self.match.without_last()) and self.stale:
                self.render()
                return
            self.undo_stack = [*self.undo_stack, before][-UNDO_DEPTH:]
            self.undo_note = self.texts.domain("keep").t("undo.deleted", hand=len(before[0].hands))
            self.corrected.discard(len(before[0].hands) - 1)
            self.fresh = None
            self.editing = None
            self.render()

    def undo_action(self) -> None:
        """Put the match back as it was before the last change."""
        if not self.undo_stack:
            return
        if not self.save(self.undo_stack[-1][0]) and self.stale:
            self.render()
            return
        *self.undo_stack, (_, corrected) = self.undo_stack
        self.corrected = corrected
        self.fresh, self.editing = None, None
        self.undo_note = self.texts.domain("keep").t("undo.restored") if self.undo_stack else ""
        self.render()

    def new_match(self) -> None:
        if not self.confirm_new:
            self.confirm_new = True
            self.render()
            return
        if self.match is not None:
            # the same players; the rules chosen in the header if they differ from the match's
            rules = self.settings.get("rules", self.match.rules)
            same = rules == self.match.rules or rules not in RULES
            self.setup = {"rules": self.match.rules if same else rules,
                          "players": list(self.match.players),
                          "options": ({k: option_text(v) for k, v in self.match.options.items()}
                                      if same else {})}
        try:
            STORE.remove()      # storage refused: nothing was kept (logged)
        except StaleCopy:       # another tab changed it: nothing deleted
            self.stale, self.confirm_new = True, False
            self.notice = self.texts.domain("keep").t("storage.stale")
            self.render()
            return
        self.match, self.confirm_new, self.editing = None, False, None
        self.render()

    def import_record(self, text: str) -> None:
        try:
            match = Match.from_text(text)
        except RecordFieldError as error:
            self.error = record_error(self.texts, error)
            self.render()
            return
        before = self.match
        if not self.save(match) and self.stale:
            self.render()
            return
        self.error, self.editing, self.import_text = "", None, ""
        if before is not None:
            self.undo_stack = [*self.undo_stack, (before, set(self.corrected))][-UNDO_DEPTH:]
        self.undo_note = ""
        self.form = self.new_form()
        self.render()

    async def import_file(self, node: Node) -> None:
        text = await read_file(node)
        if text is not None:
            self.import_record(text)

    # ------------------------------------------------------------ rendering
    def render(self) -> None:
        root = self.root
        if root is None:
            return
        self.handlers.clear("keep")
        root.replaceChildren()
        root.appendChild(el("h3", self.texts.domain("keep").t("title"), cls="keep-title"))
        if self.notice:
            root.appendChild(el("p", self.notice, cls="keep-notice", role="status",
                                data_testid="keep-notice"))
        if self.stale:
            button = el("button", self.texts.domain("keep").t("storage.reload"), cls="keep-button",
                        type="button", data_testid="keep-reload")
            self.bind(button, "click", lambda e: self.reload())
            root.appendChild(button)
        chosen = self.settings.get("rules")
        if self.match is not None and chosen in RULES and chosen != self.match.rules:
            root.appendChild(el("p", self.texts.domain("keep").t(
                "notice.rules_kept", rules=rules_name(self.texts, self.match.rules),
                chosen=rules_name(self.texts, chosen)), cls="keep-notice", role="status",
                data_testid="keep-rules-notice"))
        if self.match is None:
            self.render_setup(root)
        else:
            self.render_match(root, self.match)
        root.appendChild(self.import_box())

    def tools(self, match: Match) -> Node:
        t = self.texts.domain("keep").t
        box = el("div", cls="keep-tools", data_testid="keep-tools")
        for key, fn in (("undo", self.undo), ("export_json", lambda: export_json(self.match)),
                        ("export_csv", lambda: export_csv(self.match, self.texts)),
                        ("print", lambda: js.window.print()),
                        ("new", self.new_match)):
            if key == "undo" and not match.hands:
                continue
            label = t("tools.new_confirm") if key == "new" and self.confirm_new else t(f"tools.{key}")
            button = el("button", label, cls="keep-button", type="button",
                        data_testid=f"keep-{key.replace('_', '-')}")
            self.bind(button, "click", lambda e, fn=fn: fn())
            box.appendChild(button)
        return box

    def import_box(self) -> Node:
        t = self.texts.domain("keep").t
        box = el("details", cls="keep-import", data_testid="keep-import")
        box.appendChild(el("summary", t("import.title")))
        box.appendChild(el("p", t("import.note"), cls="keep-note"))
        area = el("textarea", None, rows="4", data_testid="keep-import-text",
                  aria_label=t("import.paste"), spellcheck="false")
        area.value = self.import_text
        self.bind(area, "input", lambda e: setattr(self, "import_text", str(e.target.value)))
        box.appendChild(area)
        button = el("button", t("import.apply"), cls="keep-button", type="button",
                    data_testid="keep-import-apply")
        self.bind(button, "click", lambda e: self.import_record(self.import_text))
        box.appendChild(button)
        label = el("label", cls="keep-field")
        label.appendChild(el("span", t("import.file")))
        node = el("input", None, type="file", accept=".json,application/json",
                  data_testid="keep-import-file")
        self.bind(node, "change", lambda e: spawn(self.import_file(e.target)))
        label.appendChild(node)
        box.appendChild(label)
        return box


_view: dict[str, KeepView] = {}


def start(shell: Shell) -> None:
    view = KeepView(shell)
    _view["keep"] = view
    spawn(view.start())
