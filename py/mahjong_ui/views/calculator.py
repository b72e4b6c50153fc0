"""The score calculator (mode "score"): palette, notation inputs, live result, URL hash,
comparison of the four rule sets and the embed snippet. State lives in ``CalcState``."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import js
from pyodide.ffi import JsException, create_proxy

from ..calculator.events import EVENTS, Handler, Handlers
from ..calculator.dom import face_button, render_outcome, split, tile_row
from ..dom import Node, el, load_catalogues, tile_svg
from ..calculator.model import (FACES, WIN_KINDS, WINDS, CalcError, CalcState, evaluate,
                                from_query)
from ..calculator.text import DOMAINS, calculator_translator, error_text
from ..names import rules_name, tile_name
from ..rulesets import rule_set_keys
from ..shell import Shell
from ..tasks import spawn

SPRITE = "static/tiles/tiles.svg"
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
        self.fields: dict[str, Any] = {}           # text field -> its input (drawn by render)
        self.field_errors: dict[str, Any] = {}     # text field -> the element saying why refused
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
        src = f"{self.site_base()}static/embed.html?{self.state.to_query()}&lang={self.texts.lang}&score=1"
        title = self.texts.t("embed.title").replace('"', "&quot;")
        return (f'<iframe src="{src.replace("&", "&amp;")}" title="{title}" width="100%" height="360" '
                f'style="border:0" loading="lazy"></iframe>')

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
        root = self.root
        if root is None:
            return
        root.replaceChildren()
        self.group = "full"
        self.handlers.clear("full")
        self.handlers.clear("live")
        t = self.texts.t
        root.appendChild(el("h3", t("title"), cls="calc-title"))
        layout = el("div", cls="calc-layout")
        inputs = el("div", cls="calc-inputs")
        layout.appendChild(inputs)
        self.result_box = el("div", cls="calc-result", data_testid="calc-result", aria_live="polite")
        layout.appendChild(self.result_box)
        root.appendChild(layout)

        # palette
        building = self.building
        palette_label = t("palette.label_set") if building else t("palette.label")
        palette = el("div", cls="calc-palette" + (" is-building" if building else ""), role="group",
                     aria_label=palette_label, data_testid="calc-palette")
        palette.appendChild(el("p", palette_label, cls="calc-label"))
        for face in FACES:
            label = t("palette.add_to_set" if building and not face.endswith("f") else "palette.add",
                      tile=tile_name(self.texts, face))
            button = face_button(self.texts, face, label, f"palette-{face}", SPRITE)
            self.bind(button, "click", (lambda e, f=face: self.palette_click(f)))
            palette.appendChild(button)
        inputs.appendChild(palette)
        self.message_box = el("div", cls="calc-messages", role="alert", data_testid="calc-message")
        inputs.appendChild(self.message_box)

        # the hand as tiles
        inputs.appendChild(el("p", t("hand.label"), cls="calc-label"))
        self.hand_box = el("div", cls="calc-hand", data_testid="calc-hand")
        inputs.appendChild(self.hand_box)

        # notation
        inputs.appendChild(self.text_field("concealed", t("concealed.label"),
                                           lambda s, v: s.set_concealed_text(v), self.concealed_text()))
        win_label = el("label", cls="calc-field")
        win_label.appendChild(el("span", t("win_tile.label")))
        self.win_select = el("select", None, data_testid="calc-win-tile")
        self.bind(self.win_select, "change", (
            lambda e: self.change(lambda s: setattr(s, "win_tile", str(e.target.value) or None))))
        win_label.appendChild(self.win_select)
        inputs.appendChild(win_label)

        # melds
        melds = el("fieldset", cls="calc-melds-box")
        melds.appendChild(el("legend", t("melds.label")))
        self.melds_list = el("ul", cls="calc-melds", data_testid="calc-melds")
        melds.appendChild(self.melds_list)
        row = el("div", cls="calc-meld-form")
        kind = el("select", None, data_testid="calc-meld-kind", aria_label=t("meld.kind"))
        for k in ("chow", "pung", "kong"):
            kind.appendChild(el("option", t(f"meld.kind.{k}"), value=k))
        tiles = el("input", None, type="text", data_testid="calc-meld-tiles", aria_label=t("meld.tiles"),
                   placeholder="234m", autocomplete="off", spellcheck="false", maxlength="40")
        hidden_label = el("label", cls="calc-check")
        hidden = el("input", None, type="checkbox", data_testid="calc-meld-concealed")
        hidden_label.appendChild(hidden)
        hidden_label.appendChild(el("span", t("meld.concealed")))
        add = el("button", t("meld.add"), cls="calc-button", type="button", data_testid="calc-meld-add")

        def add_meld(event: Node = None) -> None:
            text = str(tiles.value)
            self.change(lambda s: s.add_meld(str(kind.value), text, bool(hidden.checked)),
                        field="meld", text=text)
            if "meld" not in self.errors:
                tiles.value = ""

        self.bind(add, "click", (add_meld))
        self.bind(tiles, "keydown", (lambda e: add_meld() if e.key == "Enter" else None))
        for node in (kind, tiles, hidden_label, add):
            row.appendChild(node)
        melds.appendChild(row)
        # building a set by clicking the palette
        toggle = el("button", t("build.toggle"), cls="calc-button is-toggle", type="button",
                    data_testid="calc-build-toggle", aria_pressed="true" if building else "false")
        self.bind(toggle, "click", (lambda e: self.toggle_building()))
        melds.appendChild(toggle)
        if building:
            build = el("div", cls="calc-build", role="group", aria_label=t("build.label"),
                       data_testid="calc-build")
            build.appendChild(el("p", t("build.label"), cls="calc-label"))
            self.pending_box = el("div", cls="calc-hand calc-pending", data_testid="calc-pending")
            build.appendChild(self.pending_box)
            declare = el("div", cls="calc-declare", role="group", aria_label=t("build.declare"))
            declare.appendChild(el("span", t("build.declare")))
            for key, kind, hidden_kong in (("chow", "chow", False), ("pung", "pung", False),
                                           ("kong", "kong", False), ("kong_concealed", "kong", True)):
                button = el("button", t(f"build.{key}"), cls="calc-button", type="button",
                            data_testid=f"calc-declare-{key.replace('_', '-')}")
                self.bind(button, "click", (
                    lambda e, k=kind, h=hidden_kong: self.change(lambda s: s.declare_pending(k, h),
                                                                 field="meld")))
                declare.appendChild(button)
            build.appendChild(declare)
            melds.appendChild(build)
        else:
            self.pending_box = None
        self.meld_error = el("p", cls="calc-error", data_testid="calc-meld-error", role="alert")
        melds.appendChild(self.meld_error)
        inputs.appendChild(melds)

        inputs.appendChild(self.text_field("flowers", t("flowers.label"),
                                           lambda s, v: s.set_flowers_text(v), "".join(self.state.flowers)))

        # situation
        situation = el("fieldset", cls="calc-situation")
        situation.appendChild(el("legend", t("situation.label")))
        winds = [(w, t(f"wind.{w}")) for w in WINDS]
        situation.appendChild(self.select_field("seat", t("seat.label"), winds, self.state.seat))
        situation.appendChild(self.select_field("round", t("round.label"), winds, self.state.round))
        situation.appendChild(self.select_field("opener", t("opener.label"),
                                                [("", t("opener.none")), *winds], self.state.opener or ""))
        situation.appendChild(self.select_field("win", t("win.label"),
                                                [(w, t(f"win.{w}")) for w in WIN_KINDS], self.state.win))
        situation.appendChild(self.check_field("first_turn", t("first.label")))
        situation.appendChild(self.check_field("last_tile", t("last.label")))
        situation.appendChild(self.text_field("stake", t("stake.label"), lambda s, v: s.set_stake(v),
                                              self.state.stake, placeholder="100/200"))
        self.render_facts(situation, winds)
        inputs.appendChild(situation)

        # compare, share, embed
        tools = el("div", cls="calc-tools")
        self.compare_button = el("button", cls="calc-button", type="button", data_testid="calc-compare",
                                 aria_pressed="true" if self.state.compare else "false")
        self.bind(self.compare_button, "click", (
            lambda e: self.change(lambda s: setattr(s, "compare", not s.compare))))
        tools.appendChild(self.compare_button)
        share = el("label", cls="calc-field")
        share.appendChild(el("span", t("share.label")))
        self.share = el("input", None, type="text", readonly=True, data_testid="calc-share-url")
        share.appendChild(self.share)
        tools.appendChild(share)
        copy = el("button", t("embed.copy"), cls="calc-button", type="button", data_testid="calc-embed-copy")
        self.bind(copy, "click", (lambda e: spawn(self.copy_embed())))
        tools.appendChild(copy)
        code = el("label", cls="calc-field")
        code.appendChild(el("span", t("embed.code")))
        self.embed_box = el("textarea", None, readonly=True, rows="3", data_testid="calc-embed-code")
        code.appendChild(self.embed_box)
        tools.appendChild(code)
        self.copy_status = el("p", cls="calc-note", role="status", data_testid="calc-embed-status")
        tools.appendChild(self.copy_status)
        root.appendChild(tools)
        self.compare_box = el("div", cls="calc-compare", data_testid="calc-compare-box")
        root.appendChild(self.compare_box)
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

    def render_facts(self, situation: Node, winds: Sequence[tuple[str, str]]) -> None:
        """Settlement facts the rule set declares (Macau art. 8.º (4), 9.º)."""
        from mahjong_engine import get_rule_set
        t = self.texts.t
        fields = get_rule_set(self.state.rules).settlement_fields
        self.fields.pop("capital", None)
        self.field_errors.pop("capital", None)
        if "capital" in fields:
            situation.appendChild(self.text_field("capital", t("capital.label"),
                                                  lambda s, v: s.set_capital(v), self.state.capital,
                                                  placeholder="1000"))
        if "false_win" in fields:
            situation.appendChild(self.check_field("false_win", t("false_win.label")))
        if "discarder" in fields:
            situation.appendChild(self.select_field(
                "discarder", t("discarder.label"), [("", t("discarder.none")), *winds],
                self.state.discarder or ""))

    def text_field(self, name: str, label: str, setter: Callable[[CalcState, str], object],
                   value: str, placeholder: str | None = None) -> Node:
        box = el("label", cls="calc-field")
        box.appendChild(el("span", label))
        node = el("input", None, type="text", data_testid=f"calc-{name}", autocomplete="off",
                  spellcheck="false", placeholder=placeholder, maxlength="400")
        node.value = self.raw.get(name, value)

        def typed(event: Node) -> None:
            text = str(node.value)   # read once: the trial applies what was typed
            self.change(lambda s: setter(s, text), field=name, text=text)

        self.bind(node, "input", typed)
        box.appendChild(node)
        error = el("span", cls="calc-error", data_testid=f"calc-{name}-error", role="alert")
        box.appendChild(error)
        self.fields[name] = node
        self.field_errors[name] = error
        return box

    def select_field(self, name: str, label: str, options: Sequence[tuple[str, str]],
                     value: str) -> Node:
        box = el("label", cls="calc-field")
        box.appendChild(el("span", label))
        node = el("select", None, data_testid=f"calc-{name}")
        for key, text in options:
            node.appendChild(el("option", text, value=key))
        node.value = value
        self.bind(node, "change", (lambda e: self.change(
            lambda s: setattr(s, name, str(node.value) or None if name in ("opener", "discarder")
                              else str(node.value)))))
        box.appendChild(node)
        return box

    def check_field(self, name: str, label: str) -> Node:
        box = el("label", cls="calc-check")
        node = el("input", None, type="checkbox", data_testid=f"calc-{name.replace('_', '-')}")
        node.checked = bool(getattr(self.state, name))
        self.bind(node, "change", (lambda e: self.change(
            lambda s: setattr(s, name, bool(node.checked)))))
        box.appendChild(node)
        box.appendChild(el("span", label))
        return box

    def concealed_text(self) -> str:
        from mahjong_engine import format_tiles, parse_tile
        return format_tiles(parse_tile(x) for x in self.state.concealed)

    def render_messages(self) -> None:
        self.message_box.replaceChildren()
        for error in self.notice:
            self.message_box.appendChild(el("p", error_text(self.texts, error, self.state.rules),
                                            cls="calc-error"))
        for name, field in self.fields.items():
            refused = self.errors.get(name)
            self.field_errors[name].textContent = (error_text(self.texts, refused, self.state.rules)
                                                   if refused is not None else "")
            field.setAttribute("aria-invalid", "true" if refused is not None else "false")
        meld = self.errors.get("meld")
        self.meld_error.textContent = (error_text(self.texts, meld, self.state.rules)
                                       if meld is not None else "")

    def render_live(self) -> None:
        """Everything derived from the state, without touching what the user is typing."""
        s, t = self.state, self.texts.t
        self.group = "live"
        self.handlers.clear("live")
        self.render_messages()
        active = js.document.activeElement
        concealed, flowers = self.fields["concealed"], self.fields["flowers"]
        if active is not concealed and "concealed" not in self.errors:
            concealed.value = self.concealed_text()
        if active is not flowers and "flowers" not in self.errors:
            flowers.value = "".join(s.flowers)
        # the hand
        self.hand_box.replaceChildren()
        win = s.effective_win_tile()
        if not s.concealed and not s.flowers:
            self.hand_box.appendChild(el("p", t("hand.empty"), cls="calc-note"))
        marked = False
        for index, notation in enumerate(s.concealed):
            is_win = (notation == win and not marked
                      and index == max(i for i, x in enumerate(s.concealed) if x == win))
            marked = marked or is_win
            button = el("button", cls="calc-tile" + (" is-win" if is_win else ""), type="button",
                        data_testid="hand-tile", data_tile=notation,
                        aria_label=t("hand.remove", tile=tile_name(self.texts, notation))
                        + (f" ({t('hand.winning')})" if is_win else ""))
            button.appendChild(tile_svg(notation, cls="calc-tile-face", sprite=SPRITE))
            self.bind(button, "click", (lambda e, i=index: self.change(lambda st: st.remove_tile(i))))
            self.hand_box.appendChild(button)
        for notation in s.flowers:
            button = el("button", cls="calc-tile is-flower", type="button", data_testid="hand-flower",
                        data_tile=notation, aria_label=t("hand.remove", tile=tile_name(self.texts, notation)))
            button.appendChild(tile_svg(notation, cls="calc-tile-face", sprite=SPRITE))
            self.bind(button, "click", (
                lambda e, f=notation: self.change(lambda st: st.flowers.remove(f))))
            self.hand_box.appendChild(button)
        # the set being built
        if self.pending_box is not None:
            self.pending_box.replaceChildren()
            if not s.pending:
                self.pending_box.appendChild(el("p", t("build.empty"), cls="calc-note"))
            for index, notation in enumerate(s.pending):
                button = el("button", cls="calc-tile", type="button", data_testid="pending-tile",
                            data_tile=notation, aria_label=t("build.remove",
                                                                 tile=tile_name(self.texts, notation)))
                button.appendChild(tile_svg(notation, cls="calc-tile-face", sprite=SPRITE))
                self.bind(button, "click", (
                    lambda e, i=index: self.change(lambda st: st.remove_pending(i), field="meld")))
                self.pending_box.appendChild(button)
        # winning tile choices
        self.win_select.replaceChildren()
        for notation in dict.fromkeys(s.concealed):
            self.win_select.appendChild(el("option", f"{notation} · {tile_name(self.texts, notation)}",
                                           value=notation))
        self.win_select.value = win or ""
        # melds
        self.melds_list.replaceChildren()
        if not s.melds:
            self.melds_list.appendChild(el("li", t("meld.none"), cls="calc-note"))
        for index, meld in enumerate(s.melds):
            tag = t("meld.concealed_tag") if meld.concealed else t("meld.exposed_tag")
            li = el("li", cls="calc-meld", data_testid="calc-meld", data_code=meld.code)
            li.appendChild(el("span", f"{t('meld.kind.' + meld.kind)} ({tag})"))
            li.appendChild(tile_row(self.texts, split(meld.tiles), SPRITE, "calc-tiles is-small"))
            remove = el("button", "×", cls="calc-button is-small", type="button",
                        data_testid="calc-meld-remove", aria_label=t("meld.remove", meld=meld.tiles))
            self.bind(remove, "click", (lambda e, i=index: self.change(lambda st: st.remove_meld(i))))
            li.appendChild(remove)
            self.melds_list.appendChild(li)
        # result
        self.result_box.replaceChildren()
        self.result_box.appendChild(el("h4", t("result.rules", rules=rules_name(self.texts, s.rules))))
        self.result_box.appendChild(render_outcome(self.texts, self.outcome(s.rules), SPRITE))
        # compare
        self.compare_button.textContent = t("compare.hide") if s.compare else t("compare.show")
        self.compare_button.setAttribute("aria-pressed", "true" if s.compare else "false")
        self.compare_box.replaceChildren()
        if s.compare:
            self.compare_box.appendChild(el("h4", t("compare.label")))
            grid = el("div", cls="calc-compare-grid", data_testid="calc-compare-table")
            for rules in rule_set_keys():
                col = el("section", cls="calc-compare-col", data_rules=rules)
                col.appendChild(el("h5", rules_name(self.texts, rules)))
                col.appendChild(render_outcome(self.texts, self.outcome(rules), SPRITE, compact=True))
                grid.appendChild(col)
            self.compare_box.appendChild(grid)
        # share
        self.write_hash()
        self.share.value = str(js.location.href).split("#")[0] + self.current_hash()
        self.embed_box.value = self.embed_code()
        self.copy_status.textContent = self.copied

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
        self.embed_box.value = code
        try:
            await js.navigator.clipboard.writeText(code)
            self.copied = self.texts.t("embed.copied")
        except JsException as error:  # no clipboard permission: told, and the text selected
            js.console.warn(f"clipboard refused: {error!r}")
            self.embed_box.select()
            self.copied = self.texts.t("embed.copy_failed")
        self.copy_status.textContent = self.copied


_view: dict[str, Calculator] = {}


def start(shell: Shell) -> None:
    view = Calculator(shell)
    _view["calculator"] = view
    spawn(view.start())
