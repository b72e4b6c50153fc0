"""The score calculator (mode "score"), its binder: the state (``CalcState``), the refusals,
the address, the language and the events. What it shows is ``calculator.present``'s
``LiveModel``, painted by ``views.calculator_form`` (palette, notation inputs, live result,
comparison of the rule sets and the embed snippet)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import JsException, create_proxy

from ..calculator.events import EVENTS, Handler, Handlers
from ..calculator.model import CalcError, CalcState, evaluate, from_query
from ..calculator.present import LiveModel, embed_code, present_live
from ..calculator.text import DOMAINS, calculator_translator
from ..dom import Node, load_catalogues
from ..shell import Shell
from ..tasks import spawn
from .calculator_form import CalcForm
HASH = "#score"


class Calculator:
    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self.settings = shell.settings()
        self.texts = calculator_translator(lang=self.settings["lang"])
        self.state = CalcState(rules=self.settings["rules"])
        self.errors: dict[str, CalcError] = {}     # field -> refused input
        self.raw: dict[str, str] = {}              # field -> text typed but refused
        self.notice: list[CalcError] = []          # URL problems, palette refusals
        self.copied = ""
        self.building = False                      # palette clicks go to the set being built
        self.proxies: list[Any] = []               # the few JS listeners, made once in start()
        self.handlers = Handlers()                 # per-control Python callbacks (re-render safe)
        self.group = "full"
        self.root = js.document.getElementById("score-root")
        self.form = CalcForm(self)                 # the nodes: drawn and painted there
        self.address = ""                          # the score address last read or written

    # ------------------------------------------------------------ start-up
    async def start(self) -> None:
        await self.load(self.texts.lang)
        self.shell.on_settings(self.on_settings)
        self.read_hash(initial=True)
        if self.root is not None:
            for kind in EVENTS:
                self.root.addEventListener(kind, self.proxy(lambda e, k=kind: self.dispatch(k, e)))
        self.render()
        js.window.addEventListener("hashchange", self.proxy(lambda e: self.on_hash()))

    async def load(self, lang: str) -> None:
        await load_catalogues(self.texts, DOMAINS, lang)

    def proxy(self, fn: Callable[..., object]) -> Node:
        p = create_proxy(fn)
        self.proxies.append(p)
        return p

    def bind(self, node: Node, kind: str, fn: Handler) -> None:
        """``fn(event)`` runs on ``kind`` events of ``node``, through the root's one listener."""
        node.setAttribute(f"data-on-{kind}", self.handlers.add(self.group, fn))

    def dispatch(self, kind: str, event: Node) -> None:
        target = event.target
        closest = getattr(target, "closest", None)
        node = closest(f"[data-on-{kind}]") if closest else None
        get = getattr(node, "getAttribute", None)   # JS null (no such control) has none
        if get is None:
            return
        fn = self.handlers.get(get(f"data-on-{kind}"))
        if fn is not None:
            fn(event)

    def read_hash(self, initial: bool = False) -> bool:
        text = str(js.location.hash or "")
        if not text.startswith(HASH):
            return False
        self.address = text
        state, errors = from_query(text[len(HASH):].lstrip("?"), self.settings["rules"])
        self.state, self.notice, self.errors, self.raw = state, errors, {}, {}
        # a link to a hand opens the calculator under the link's rule set (the shell's controls)
        for name, value in (("rules", state.rules), ("mode", "score")):
            select = js.document.getElementById(name)
            if select and self.settings.get(name) != value:
                select.value = value
                select.dispatchEvent(js.Event.new("change"))
        self.state.rules = state.rules
        return True

    def on_hash(self) -> None:
        if str(js.location.hash or "") != self.current_hash() and self.read_hash():
            self.render()

    def unread(self) -> bool:
        """The address holds a score link this view has not read (followed in the open app:
        the shell's mode change reaches this view before its own hashchange listener)."""
        text = str(js.location.hash or "")
        return text.startswith(HASH) and text != self.address

    def on_settings(self, settings: dict[str, Any]) -> None:
        old = self.settings
        self.settings = settings
        if settings.get("mode") == "score" and self.unread():
            self.read_hash()      # the link whole (hand, rule set) before anything is written
        if settings["rules"] != old["rules"]:
            self.state.rules = settings["rules"]
        if settings["lang"] != old["lang"]:
            spawn(self.switch_lang(settings["lang"]))
        else:
            self.render()

    async def switch_lang(self, lang: str) -> None:
        await self.load(lang)
        self.texts.lang = lang
        self.render()

    # ------------------------------------------------------------ URL
    def current_hash(self) -> str:
        return f"{HASH}?{self.state.to_query()}"

    def write_hash(self) -> None:
        """The address follows the hand, never over a link not read yet (``unread``)."""
        if self.settings.get("mode") != "score" or self.unread():
            return
        if str(js.location.hash or "") != self.current_hash():
            js.history.replaceState(None, "", self.current_hash())
        self.address = self.current_hash()

    def site_base(self) -> str:
        href = str(js.location.href).split("#")[0].split("?")[0]
        return href.rsplit("/", 1)[0] + "/"

    def embed_code(self) -> str:
        return embed_code(self.site_base(), self.state, self.texts.lang, self.texts.t("embed.title"))

    # ------------------------------------------------------------ changes
    def change(self, action: Callable[[CalcState], object], field: str | None = None,
               text: str | None = None, full: bool = False) -> None:
        """Apply ``action`` to a trial copy; keep it only when the engine accepts it."""
        trial = self.state.copy()
        try:
            action(trial)
        except CalcError as error:
            if field:
                self.errors[field] = error
                if text is not None:
                    self.raw[field] = text
            else:
                self.notice = [error]
            self.render_messages()
            return
        self.state = trial
        if field:
            self.errors.pop(field, None)
            self.raw.pop(field, None)
        if not field:
            self.notice = []
        self.copied = ""
        if full:
            self.render()
        else:
            self.render_live()

    # ------------------------------------------------------------ rendering
    def render(self) -> None:
        """The whole form (again), then its live parts."""
        if self.root is None:
            return
        self.root.replaceChildren()
        self.group = "full"
        self.handlers.clear("full")
        self.handlers.clear("live")
        self.form.draw(self.root)
        self.render_live()

    def palette_click(self, face: str) -> None:
        if self.building and not face.endswith("f"):
            self.change(lambda s: s.add_pending(face), field="meld")
        else:
            self.change(lambda s: s.add_tile(face))

    def toggle_building(self) -> None:
        self.building = not self.building
        self.errors.pop("meld", None)
        self.render()
        toggle = js.document.querySelector("[data-testid=calc-build-toggle]")
        if toggle:
            toggle.focus()

    def model(self) -> LiveModel:
        return present_live(self.texts, self.state, self.errors, self.notice, self.form.fields)

    def render_messages(self) -> None:
        self.form.paint_messages(self.model())

    def render_live(self) -> None:
        """Everything derived from the state, without touching what the user is typing."""
        self.group = "live"
        self.handlers.clear("live")
        self.form.paint(self.model())
        # share
        self.write_hash()
        self.form.share.value = str(js.location.href).split("#")[0] + self.current_hash()
        self.form.embed_box.value = self.embed_code()
        self.form.copy_status.textContent = self.copied

    def outcome(self, rules: str) -> dict[str, Any]:
        try:
            return evaluate(self.state, rules)
        except CalcError as error:
            return {"status": "error", "error": error, "rules": rules}
        except Exception as error:  # engine failure: a message, never a blank view
            js.console.error(repr(error))
            return {"status": "error", "error": CalcError("hand.not_an_object"), "rules": rules}

    async def copy_embed(self) -> None:
        code = self.embed_code()
        self.form.embed_box.value = code
        try:
            await js.navigator.clipboard.writeText(code)
            self.copied = self.texts.t("embed.copied")
        except JsException as error:  # no clipboard permission: told, and the text selected
            js.console.warn(f"clipboard refused: {error!r}")
            self.form.embed_box.select()
            self.copied = self.texts.t("embed.copy_failed")
        self.form.copy_status.textContent = self.copied


_view: dict[str, Calculator] = {}


def start(shell: Shell) -> None:
    view = Calculator(shell)
    _view["calculator"] = view
    spawn(view.start())
