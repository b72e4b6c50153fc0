"""The calculator's form as nodes (browser only): ``CalcForm.draw`` builds the controls once
per language or rule set, ``CalcForm.paint`` writes a ``LiveModel`` (``calculator.present``)
into the parts that follow the hand; the one writer of the calculator's nodes. Its binder
(``views.calculator``) owns the state and wires the events."""
from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Protocol

import js

from ..calculator.dom import face_button, render_outcome, split, tile_row
from ..calculator.events import Handler
from ..calculator.model import FACES, WIN_KINDS, WINDS, CalcError, CalcState
from ..calculator.present import LiveModel, concealed_text
from ..dom import Node, el, tile_svg
from ..i18n import Translator
from ..names import tile_name
from ..tasks import spawn

SPRITE = "static/tiles/tiles.svg"


class CalcBinder(Protocol):
    """What the form reads of its binder and calls on it."""
    texts: Translator
    state: CalcState
    raw: dict[str, str]
    errors: dict[str, CalcError]
    building: bool

    def bind(self, node: Node, kind: str, fn: Handler) -> None: ...

    def change(self, action: Callable[[CalcState], object], field: str | None = None,
               text: str | None = None, full: bool = False) -> None: ...

    def palette_click(self, face: str) -> None: ...

    def toggle_building(self) -> None: ...

    def copy_embed(self) -> Coroutine[Any, Any, None]: ...

    def outcome(self, rules: str) -> dict[str, Any]: ...


class CalcForm:
    def __init__(self, view: CalcBinder) -> None:
        self.view = view
        self.fields: dict[str, Any] = {}           # text field -> its input (drawn by draw)
        self.field_errors: dict[str, Any] = {}     # text field -> the element saying why refused
        self.pending_box: Node | None = None

    def draw(self, root: Node) -> None:
        """The whole form into ``root`` (emptied by the binder)."""
        view = self.view
        t = view.texts.t
        root.appendChild(el("h3", t("title"), cls="calc-title"))
        layout = el("div", cls="calc-layout")
        inputs = el("div", cls="calc-inputs")
        layout.appendChild(inputs)
        self.result_box = el("div", cls="calc-result", data_testid="calc-result", aria_live="polite")
        layout.appendChild(self.result_box)
        root.appendChild(layout)

        # palette
        building = view.building
        palette_label = t("palette.label_set") if building else t("palette.label")
        palette = el("div", cls="calc-palette" + (" is-building" if building else ""), role="group",
                     aria_label=palette_label, data_testid="calc-palette")
        palette.appendChild(el("p", palette_label, cls="calc-label"))
        for face in FACES:
            label = t("palette.add_to_set" if building and not face.endswith("f") else "palette.add",
                      tile=tile_name(view.texts, face))
            button = face_button(view.texts, face, label, f"palette-{face}", SPRITE)
            view.bind(button, "click", (lambda e, f=face: view.palette_click(f)))
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
                                           lambda s, v: s.set_concealed_text(v), concealed_text(view.state)))
        win_label = el("label", cls="calc-field")
        win_label.appendChild(el("span", t("win_tile.label")))
        self.win_select = el("select", None, data_testid="calc-win-tile")
        view.bind(self.win_select, "change", (
            lambda e: view.change(lambda s: setattr(s, "win_tile", str(e.target.value) or None))))
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
            view.change(lambda s: s.add_meld(str(kind.value), text, bool(hidden.checked)),
                        field="meld", text=text)
            if "meld" not in view.errors:
                tiles.value = ""

        view.bind(add, "click", (add_meld))
        view.bind(tiles, "keydown", (lambda e: add_meld() if e.key == "Enter" else None))
        for node in (kind, tiles, hidden_label, add):
            row.appendChild(node)
        melds.appendChild(row)
        # building a set by clicking the palette
        toggle = el("button", t("build.toggle"), cls="calc-button is-toggle", type="button",
                    data_testid="calc-build-toggle", aria_pressed="true" if building else "false")
        view.bind(toggle, "click", (lambda e: view.toggle_building()))
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
                view.bind(button, "click", (
                    lambda e, k=kind, h=hidden_kong: view.change(lambda s: s.declare_pending(k, h),
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
                                           lambda s, v: s.set_flowers_text(v), "".join(view.state.flowers)))

        # situation
        situation = el("fieldset", cls="calc-situation")
        situation.appendChild(el("legend", t("situation.label")))
        winds = [(w, t(f"wind.{w}")) for w in WINDS]
        situation.appendChild(self.select_field("seat", t("seat.label"), winds, view.state.seat))
        situation.appendChild(self.select_field("round", t("round.label"), winds, view.state.round))
        situation.appendChild(self.select_field("opener", t("opener.label"),
                                                [("", t("opener.none")), *winds], view.state.opener or ""))
        situation.appendChild(self.select_field("win", t("win.label"),
                                                [(w, t(f"win.{w}")) for w in WIN_KINDS], view.state.win))
        situation.appendChild(self.check_field("first_turn", t("first.label")))
        situation.appendChild(self.check_field("last_tile", t("last.label")))
        situation.appendChild(self.text_field("stake", t("stake.label"), lambda s, v: s.set_stake(v),
                                              view.state.stake, placeholder="100/200"))
        self.render_facts(situation, winds)
        inputs.appendChild(situation)

        # compare, share, embed
        tools = el("div", cls="calc-tools")
        self.compare_button = el("button", cls="calc-button", type="button", data_testid="calc-compare",
                                 aria_pressed="true" if view.state.compare else "false")
        view.bind(self.compare_button, "click", (
            lambda e: view.change(lambda s: setattr(s, "compare", not s.compare))))
        tools.appendChild(self.compare_button)
        share = el("label", cls="calc-field")
        share.appendChild(el("span", t("share.label")))
        self.share = el("input", None, type="text", readonly=True, data_testid="calc-share-url")
        share.appendChild(self.share)
        tools.appendChild(share)
        copy = el("button", t("embed.copy"), cls="calc-button", type="button", data_testid="calc-embed-copy")
        view.bind(copy, "click", (lambda e: spawn(view.copy_embed())))
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

    def render_facts(self, situation: Node, winds: Sequence[tuple[str, str]]) -> None:
        """Settlement facts the rule set declares (Macau art. 8.º (4), 9.º)."""
        from mahjong_engine import get_rule_set
        view = self.view
        t = view.texts.t
        fields = get_rule_set(view.state.rules).settlement_fields
        self.fields.pop("capital", None)
        self.field_errors.pop("capital", None)
        if "capital" in fields:
            situation.appendChild(self.text_field("capital", t("capital.label"),
                                                  lambda s, v: s.set_capital(v), view.state.capital,
                                                  placeholder="1000"))
        if "false_win" in fields:
            situation.appendChild(self.check_field("false_win", t("false_win.label")))
        if "discarder" in fields:
            situation.appendChild(self.select_field(
                "discarder", t("discarder.label"), [("", t("discarder.none")), *winds],
                view.state.discarder or ""))

    def text_field(self, name: str, label: str, setter: Callable[[CalcState, str], object],
                   value: str, placeholder: str | None = None) -> Node:
        view = self.view
        box = el("label", cls="calc-field")
        box.appendChild(el("span", label))
        node = el("input", None, type="text", data_testid=f"calc-{name}", autocomplete="off",
                  spellcheck="false", placeholder=placeholder, maxlength="400")
        node.value = view.raw.get(name, value)

        def typed(event: Node) -> None:
            text = str(node.value)   # read once: the trial applies what was typed
            view.change(lambda s: setter(s, text), field=name, text=text)

        view.bind(node, "input", typed)
        box.appendChild(node)
        error = el("span", cls="calc-error", data_testid=f"calc-{name}-error", role="alert")
        box.appendChild(error)
        self.fields[name] = node
        self.field_errors[name] = error
        return box

    def select_field(self, name: str, label: str, options: Sequence[tuple[str, str]],
                     value: str) -> Node:
        view = self.view
        box = el("label", cls="calc-field")
        box.appendChild(el("span", label))
        node = el("select", None, data_testid=f"calc-{name}")
        for key, text in options:
            node.appendChild(el("option", text, value=key))
        node.value = value
        view.bind(node, "change", (lambda e: view.change(
            lambda s: setattr(s, name, str(node.value) or None if name in ("opener", "discarder")
                              else str(node.value)))))
        box.appendChild(node)
        return box

    def check_field(self, name: str, label: str) -> Node:
        view = self.view
        box = el("label", cls="calc-check")
        node = el("input", None, type="checkbox", data_testid=f"calc-{name.replace('_', '-')}")
        node.checked = bool(getattr(view.state, name))
        view.bind(node, "change", (lambda e: view.change(
            lambda s: setattr(s, name, bool(node.checked)))))
        box.appendChild(node)
        box.appendChild(el("span", label))
        return box

    def paint_messages(self, model: LiveModel) -> None:
        self.message_box.replaceChildren()
        for text in model.messages:
            self.message_box.appendChild(el("p", text, cls="calc-error"))
        for name, field in self.fields.items():
            refused = model.field_errors.get(name, "")
            self.field_errors[name].textContent = refused
            field.setAttribute("aria-invalid", "true" if refused else "false")
        self.meld_error.textContent = model.meld_error

    def paint(self, model: LiveModel) -> None:
        """Everything derived from the state, without touching what the user is typing."""
        view = self.view
        self.paint_messages(model)
        active = js.document.activeElement
        concealed, flowers = self.fields["concealed"], self.fields["flowers"]
        if active is not concealed and "concealed" not in view.errors:
            concealed.value = model.concealed_text
        if active is not flowers and "flowers" not in view.errors:
            flowers.value = model.flowers_text
        # the hand
        self.hand_box.replaceChildren()
        if model.hand_note:
            self.hand_box.appendChild(el("p", model.hand_note, cls="calc-note"))
        for tile in model.hand:
            button = el("button", cls="calc-tile" + (" is-win" if tile.is_win else ""), type="button",
                        data_testid="hand-tile", data_tile=tile.notation, aria_label=tile.label)
            button.appendChild(tile_svg(tile.notation, cls="calc-tile-face", sprite=SPRITE))
            view.bind(button, "click", (lambda e, i=tile.index: view.change(lambda st: st.remove_tile(i))))
            self.hand_box.appendChild(button)
        for tile in model.flowers:
            button = el("button", cls="calc-tile is-flower", type="button", data_testid="hand-flower",
                        data_tile=tile.notation, aria_label=tile.label)
            button.appendChild(tile_svg(tile.notation, cls="calc-tile-face", sprite=SPRITE))
            view.bind(button, "click", (
                lambda e, f=tile.notation: view.change(lambda st: st.flowers.remove(f))))
            self.hand_box.appendChild(button)
        # the set being built
        if self.pending_box is not None:
            self.pending_box.replaceChildren()
            if model.pending_note:
                self.pending_box.appendChild(el("p", model.pending_note, cls="calc-note"))
            for tile in model.pending:
                button = el("button", cls="calc-tile", type="button", data_testid="pending-tile",
                            data_tile=tile.notation, aria_label=tile.label)
                button.appendChild(tile_svg(tile.notation, cls="calc-tile-face", sprite=SPRITE))
                view.bind(button, "click", (
                    lambda e, i=tile.index: view.change(lambda st: st.remove_pending(i), field="meld")))
                self.pending_box.appendChild(button)
        # winning tile choices
        self.win_select.replaceChildren()
        for notation, label in model.win_choices:
            self.win_select.appendChild(el("option", label, value=notation))
        self.win_select.value = model.win
        # melds
        self.melds_list.replaceChildren()
        if model.melds_note:
            self.melds_list.appendChild(el("li", model.melds_note, cls="calc-note"))
        for meld in model.melds:
            li = el("li", cls="calc-meld", data_testid="calc-meld", data_code=meld.code)
            li.appendChild(el("span", meld.title))
            li.appendChild(tile_row(view.texts, split(meld.tiles), SPRITE, "calc-tiles is-small"))
            remove = el("button", "×", cls="calc-button is-small", type="button",
                        data_testid="calc-meld-remove", aria_label=meld.remove_label)
            view.bind(remove, "click", (lambda e, i=meld.index: view.change(lambda st: st.remove_meld(i))))
            li.appendChild(remove)
            self.melds_list.appendChild(li)
        # result
        self.result_box.replaceChildren()
        self.result_box.appendChild(el("h4", model.result_title))
        self.result_box.appendChild(render_outcome(view.texts, view.outcome(view.state.rules), SPRITE))
        # compare
        self.compare_button.textContent = model.compare_label
        self.compare_button.setAttribute("aria-pressed", "true" if model.compare_pressed else "false")
        self.compare_box.replaceChildren()
        if model.compared:
            self.compare_box.appendChild(el("h4", model.compare_title))
            grid = el("div", cls="calc-compare-grid", data_testid="calc-compare-table")
            for rules, name in model.compared:
                col = el("section", cls="calc-compare-col", data_rules=rules)
                col.appendChild(el("h5", name))
                col.appendChild(render_outcome(view.texts, view.outcome(rules), SPRITE, compact=True))
                grid.appendChild(col)
            self.compare_box.appendChild(grid)


__all__ = ["CalcBinder", "CalcForm"]
