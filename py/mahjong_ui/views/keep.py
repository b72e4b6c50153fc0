"""Keep score (mode "keep"): a match played with real tiles, recorded hand by hand.

The match lives in Python (``keep.model.Match``, its record; the ``Ledger`` rebuilt from
it); the page only shows it and sends what is typed back here."""
from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from mahjong_engine.game.ledger import RecordFieldError

from ..calculator.dom import el, face_button, tile_row
from ..calculator.events import EVENTS, Handlers
from ..calculator.model import RULES, WIN_KINDS
from ..keep.export import csv_text, dice_needed
from ..keep.form import HandForm
from ..keep.picker import (FIELDS, SET_KINDS, Picked, faces, remove_last, set_faces, tap,
                           tile_faces)
from ..keep.model import start as new_match
from ..keep.model import (STORE_KEY, Match, has_false_win, option_fields, parse_option,
                          uses_bonus_tiles, uses_markers, values_losers)
from ..keep.text import DOMAINS, KeepTexts
from ..present.result import number, present_score, transfer_text
from ..local_storage import LocalStorage
from ..storage import StorageError
from ..tasks import spawn

SPRITE = "static/tiles/tiles.svg"
WINDS = ("E", "S", "W", "N")


STORAGE = LocalStorage()     # refusals are logged there; a refused read reads as nothing


def _stored() -> str | None:
    return STORAGE.get(STORE_KEY)


class KeepView:
    def __init__(self, shell) -> None:
        self.shell = shell
        self.settings = shell.settings()
        self.texts = KeepTexts(lang=self.settings["lang"])
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

    # ------------------------------------------------------------ start-up
    async def start(self) -> None:
        await self.load(self.texts.lang)
        self.shell.on_settings(self.on_settings)
        text = _stored()
        if text:
            try:
                self.match = Match.from_text(text)
            except RecordFieldError:
                self.notice = self.texts.k("storage.unreadable")   # the stored copy is kept
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
        await self.texts.fetch(js.window.mahjongShell, DOMAINS, lang)

    def on_settings(self, settings: dict) -> None:
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

    def bind(self, node, kind: str, fn) -> None:
        node.setAttribute(f"data-on-{kind}", self.handlers.add("keep", fn))

    def dispatch(self, kind: str, event) -> None:
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
                self.error = self.texts.k("error.unexpected")
                self.render()

    # ------------------------------------------------------------ saving
    def save(self, match: Match) -> bool:
        """Keep ``match`` and write it; a write the browser refuses leaves the stored copy
        as it was and tells the player."""
        self.match = match
        text = match.to_text()
        try:
            STORAGE.set(STORE_KEY, text)
            saved = _stored() == text
        except StorageError:   # full or refused (logged): the player is told below
            saved = False
        self.notice = "" if saved else self.texts.k("storage.failed")
        return saved

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
            self.error = self.texts.record_error(error)
            self.render()
            return
        self.error = ""
        self.form = HandForm()
        self.save(match)
        self.render()

    def dice_mode(self) -> str | None:
        if self.match is None:
            return None
        return dice_needed(self.match, self.form, self.editing)

    def record(self) -> None:
        match = self.match
        if match is None:
            return
        index = self.editing
        number_ = (len(match.hands) if index is None else index) + 1
        try:
            hand = self.form.to_record(number_, self.dice_mode(), values_losers(match.rules))
            changed = match.with_hand(hand, index)
        except RecordFieldError as error:
            self.error = self.texts.record_error(error, match.players)
            self.render()
            return
        self.error = ""
        self.editing = None
        self.form = HandForm(winner=self.form.winner)
        self.save(changed)
        self.render()

    def edit(self, index: int) -> None:
        if self.match is None:
            return
        self.editing = index
        self.form = HandForm.from_record(self.match.hands[index])
        self.error = ""
        self.render()
        field = js.document.querySelector("[data-testid=keep-form]")
        if field:
            field.scrollIntoView()

    def cancel_edit(self) -> None:
        self.editing = None
        self.form = HandForm()
        self.error = ""
        self.render()

    def undo(self) -> None:
        if self.match is not None and self.match.hands:
            self.save(self.match.without_last())
            self.editing = None
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
                          "options": ({k: str(v) for k, v in self.match.options.items()}
                                      if same else {})}
        self.match, self.confirm_new, self.editing = None, False, None
        STORAGE.remove(STORE_KEY)      # storage refused: nothing was kept (logged)
        self.render()

    def import_record(self, text: str) -> None:
        try:
            match = Match.from_text(text)
        except RecordFieldError as error:
            self.error = self.texts.record_error(error)
            self.render()
            return
        self.error, self.editing, self.import_text = "", None, ""
        self.form = HandForm()
        self.save(match)
        self.render()

    async def import_file(self, node) -> None:
        files = node.files
        if files is None or files.length == 0:
            return
        text = await files.item(0).text()
        self.import_record(str(text))

    def download(self, text: str, name: str, kind: str) -> None:
        blob = js.Blob.new(to_js([text]), to_js({"type": kind}, dict_converter=js.Object.fromEntries))
        url = js.URL.createObjectURL(blob)
        link = el("a", href=url, download=name)
        js.document.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 1000)

    def export_json(self) -> None:
        if self.match is not None:
            self.download(self.match.to_text(), "mahjong-match.json", "application/json")

    def export_csv(self) -> None:
        if self.match is not None:
            words = {k: self.texts.k(f"csv.{k}") for k in
                     ("hand", "banker", "round", "wind", "payment", "balance", "markers")}
            text = csv_text(self.match, self.match.ledger(), words)
            self.download(text, "mahjong-match.csv", "text/csv")

    # ------------------------------------------------------------ rendering
    def render(self) -> None:
        root = self.root
        if root is None:
            return
        self.handlers.clear("keep")
        root.replaceChildren()
        root.appendChild(el("h3", self.texts.k("title"), cls="keep-title"))
        if self.notice:
            root.appendChild(el("p", self.notice, cls="keep-notice", role="status",
                                data_testid="keep-notice"))
        chosen = self.settings.get("rules")
        if self.match is not None and chosen in RULES and chosen != self.match.rules:
            root.appendChild(el("p", self.texts.k(
                "notice.rules_kept", rules=self.texts.rules_name(self.match.rules),
                chosen=self.texts.rules_name(chosen)), cls="keep-notice", role="status",
                data_testid="keep-rules-notice"))
        if self.match is None:
            self.render_setup(root)
        else:
            self.render_match(root, self.match)
        root.appendChild(self.import_box())

    def error_box(self):
        return el("p", self.error, cls="keep-error", role="alert", data_testid="keep-error")

    def text_input(self, label: str, value: str, testid: str, setter, placeholder: str = "",
                   on_change=None, cls: str = "keep-field"):
        box = el("label", cls=cls)
        box.appendChild(el("span", label))
        node = el("input", None, type="text", data_testid=testid, autocomplete="off",
                  spellcheck="false", maxlength="200", placeholder=placeholder or None)
        node.value = value
        self.bind(node, "input", lambda e: setter(str(e.target.value)))
        if on_change is not None:
            self.bind(node, "change", lambda e: on_change())
        box.appendChild(node)
        return box

    def select(self, label: str, options, value: str, testid: str, setter, cls="keep-field"):
        box = el("label", cls=cls)
        box.appendChild(el("span", label))
        node = el("select", None, data_testid=testid)
        for key, text in options:
            node.appendChild(el("option", text, value=key))
        node.value = value
        self.bind(node, "change", lambda e: setter(str(e.target.value)))
        box.appendChild(node)
        return box

    def render_setup(self, root) -> None:
        t = self.texts.k
        box = el("form", cls="keep-setup", data_testid="keep-setup")
        box.appendChild(el("p", t("setup.intro"), cls="keep-intro"))
        names = el("fieldset", cls="keep-players")
        names.appendChild(el("legend", t("setup.players")))
        for i in range(4):
            names.appendChild(self.text_input(
                t("setup.player", n=i + 1, wind=self.texts.c(f"wind.{WINDS[i]}")),
                self.setup["players"][i], f"keep-player-{i}",
                lambda v, i=i: self.setup["players"].__setitem__(i, v)))
        box.appendChild(names)

        def set_rules(value: str) -> None:
            self.setup["rules"] = value
            self.setup["options"] = {}
            self.render()

        box.appendChild(self.select(t("setup.rules"), [(r, self.texts.rules_name(r)) for r in RULES],
                                    self.setup["rules"], "keep-rules", set_rules))
        opts = el("fieldset", cls="keep-options")
        opts.appendChild(el("legend", t("setup.options")))
        for option in option_fields(self.setup["rules"]):
            name = option.name
            current = self.setup["options"].get(name, "")
            if option.kind == "bool":
                label = el("label", cls="keep-check")
                node = el("input", None, type="checkbox", data_testid=f"keep-option-{name}")
                node.checked = (current in ("1", "true", "on")) if current else bool(option.default)
                self.bind(node, "change", lambda e, n=name: self.setup["options"].__setitem__(
                    n, "1" if e.target.checked else "0"))
                label.appendChild(node)
                label.appendChild(el("span", t(f"option.{name}")))
                opts.appendChild(label)
            else:
                opts.appendChild(self.text_input(
                    t(f"option.{name}"), current, f"keep-option-{name}",
                    lambda v, n=name: self.setup["options"].__setitem__(n, v),
                    placeholder="" if option.default is None else str(option.default)))
        box.appendChild(opts)
        box.appendChild(self.error_box())
        go = el("button", t("setup.start"), cls="keep-button primary", type="button",
                data_testid="keep-start")
        self.bind(go, "click", lambda e: self.begin())
        box.appendChild(go)
        root.appendChild(box)

    def render_match(self, root, match: Match) -> None:
        t = self.texts.k
        ledger = match.ledger()
        data = ledger.to_json()
        names = match.players
        head = el("section", cls="keep-summary", data_testid="keep-summary")
        head.appendChild(el("p", t("summary.rules", rules=self.texts.rules_name(match.rules),
                                   count=len(match.hands)), cls="keep-rules-line"))
        if data["finished"]:
            winner = data["winner"]
            text = (t("summary.winner", player=names[winner]) if winner is not None
                    else t("summary.finished"))
            head.appendChild(el("p", text, cls="keep-finished", data_testid="keep-finished"))
        else:
            nxt = data["next"]
            head.appendChild(el("p", t("summary.next", banker=names[nxt["banker"]],
                                       round=self.texts.c(f"wind.{nxt['round_wind']}")),
                                cls="keep-next", data_testid="keep-next"))
        table = el("table", cls="keep-balances", data_testid="keep-balances")
        row = el("tr")
        for text in (t("col.player"), t("col.wind_next"), t("col.balance")):
            row.appendChild(el("th", text, scope="col"))
        markers = uses_markers(match.rules)
        if markers:
            row.appendChild(el("th", t("col.markers"), scope="col"))
        table.appendChild(el("thead", children=[row]))
        body = el("tbody")
        for p, name in enumerate(names):
            wind = data["next"]["winds"][p]
            tr = el("tr", data_testid=f"keep-player-row-{p}",
                    cls="is-banker" if data["next"]["banker"] == p else None)
            tr.appendChild(el("th", name, scope="row"))
            tr.appendChild(el("td", self.texts.c(f"wind.{wind}"), data_testid=f"keep-wind-{p}",
                              data_wind=wind))
            tr.appendChild(el("td", number(data["balances"][p]), data_testid=f"keep-balance-{p}",
                              cls="keep-amount"))
            if markers:
                tr.appendChild(el("td", number(data["markers"][p]), data_testid=f"keep-markers-{p}",
                                  cls="keep-amount"))
            body.appendChild(tr)
        table.appendChild(body)
        head.appendChild(table)
        if data["commission"]:
            head.appendChild(el("p", t("summary.commission", amount=data["commission"]),
                                cls="keep-note", data_testid="keep-commission"))
        root.appendChild(head)
        if not data["finished"] or self.editing is not None:
            root.appendChild(self.hand_form(match))
        elif self.error:
            root.appendChild(self.error_box())
        root.appendChild(self.hands_list(match, data, ledger))
        root.appendChild(self.tools(match))

    # ------------------------------------------------------------ the hand form
    def hand_form(self, match: Match):
        t, f = self.texts.k, self.form
        names = match.players
        index = len(match.hands) if self.editing is None else self.editing
        box = el("form", cls="keep-form", data_testid="keep-form")
        title = (t("form.edit", hand=index + 1) if self.editing is not None
                 else t("form.title", hand=index + 1))
        box.appendChild(el("h4", title))
        kinds = [("win", t("kind.win")), ("draw", t("kind.draw"))]
        if has_false_win(match.rules):
            kinds.append(("false_win", t("kind.false_win")))
        group = el("div", cls="keep-kinds", role="radiogroup", aria_label=t("kind.label"))
        for key, text in kinds:
            label = el("label", cls="keep-check")
            node = el("input", None, type="radio", name="keep-kind", value=key,
                      data_testid=f"keep-kind-{key}")
            node.checked = f.kind == key
            self.bind(node, "change", lambda e, k=key: self.set_form("kind", k))
            label.appendChild(node)
            label.appendChild(el("span", text))
            group.appendChild(label)
        box.appendChild(group)
        people = [(str(i), n) for i, n in enumerate(names)]
        if f.kind == "false_win":
            box.appendChild(self.select(t("form.offender"), people, str(f.false_win),
                                        "keep-offender", lambda v: self.set_form("false_win", int(v))))
        if f.kind == "win":
            row = el("div", cls="keep-row")
            row.appendChild(self.select(t("form.winner"), people, str(f.winner), "keep-winner",
                                        lambda v: self.set_form("winner", int(v))))
            row.appendChild(self.select(t("form.how"), [(w, self.texts.c(f"win.{w}")) for w in WIN_KINDS],
                                        f.win, "keep-win", lambda v: self.set_form("win", v)))
            if f.win == "discard":
                others = [("", t("form.discarder_none"))] + [p for p in people if p[0] != str(f.winner)]
                row.appendChild(self.select(
                    t("form.discarder"), others, "" if f.discarder is None else str(f.discarder),
                    "keep-discarder", lambda v: self.set_form("discarder", int(v) if v else None)))
            box.appendChild(row)
            box.appendChild(self.hand_fields(f, "", t("form.hand")))
            if values_losers(match.rules):
                losers = el("fieldset", cls="keep-losers")
                losers.appendChild(el("legend", t("form.losers")))
                losers.appendChild(el("p", t("form.losers_note"), cls="keep-note"))
                for p, name in enumerate(names):
                    if p == f.winner:
                        continue
                    losers.appendChild(self.hand_fields(f.loser(p), f"loser-{p}-", name,
                                                        winner=False))
                box.appendChild(losers)
        self.dice_box = el("div", cls="keep-dice", data_testid="keep-dice-box")
        self.render_dice()
        box.appendChild(self.dice_box)
        box.appendChild(self.error_box())
        actions = el("div", cls="keep-actions")
        label = t("form.save") if self.editing is not None else t("form.record")
        button = el("button", label, cls="keep-button primary", type="button",
                    data_testid="keep-record")
        self.bind(button, "click", lambda e: self.record())
        actions.appendChild(button)
        if self.editing is not None:
            cancel = el("button", t("form.cancel"), cls="keep-button", type="button",
                        data_testid="keep-cancel")
            self.bind(cancel, "click", lambda e: self.cancel_edit())
            actions.appendChild(cancel)
        box.appendChild(actions)
        return box

    def set_form(self, name: str, value) -> None:
        setattr(self.form, name, value)
        if name == "winner" and self.form.discarder == value:
            self.form.discarder = None
        self.render()

    def kept_rules(self) -> str:
        """The rule set the hand form records for: the kept match's, else the setup's."""
        return self.match.rules if self.match is not None else self.setup["rules"]

    def hand_fields(self, entry, prefix: str, legend: str, winner: bool = True):
        """The tiles of one hand as the calculator takes them: concealed tiles (the
        winning tile among them), declared sets in its codes, flowers; previews as tiles;
        a palette to tap them in."""
        t = self.texts.k
        box = el("fieldset", cls="keep-hand")
        box.appendChild(el("legend", legend))
        preview = el("div", cls="keep-preview", data_testid=f"keep-{prefix}preview")
        sets_preview = el("div", cls="keep-preview keep-sets", data_testid=f"keep-{prefix}sets-preview")

        def show(text: str) -> None:
            self.show_rows(preview, [tile_faces(text)])

        def show_sets(text: str) -> None:
            self.show_rows(sets_preview, set_faces(text))

        shows = {"concealed": show, "melds": show_sets}
        echoes: dict = {}           # the open palette's copy of its field, as tiles

        def setter(name: str):
            def set_(value: str) -> None:
                setattr(entry, name, value)
                for follow in (shows.get(name), echoes.get(name)):
                    if follow is not None:
                        follow(value)
            return set_

        setters = {name: setter(name) for name in FIELDS}
        box.appendChild(self.text_input(t("form.concealed"), entry.concealed,
                                        f"keep-{prefix}concealed", setters["concealed"],
                                        placeholder="123m456p789s234s55p",
                                        on_change=self.render_dice))
        box.appendChild(preview)
        show(entry.concealed)
        row = el("div", cls="keep-row")
        if winner:
            row.appendChild(self.text_input(t("form.win_tile"), entry.win_tile,
                                            f"keep-{prefix}win-tile", setters["win_tile"], "5p"))
        melds = self.text_input(t("form.melds"), entry.melds, f"keep-{prefix}melds",
                                setters["melds"], "p555z c234m")
        melds.appendChild(sets_preview)
        show_sets(entry.melds)
        row.appendChild(melds)
        if uses_bonus_tiles(self.kept_rules()) or entry.flowers:
            # no flower field where the rule set has no bonus tiles (Macau: 136 tiles)
            row.appendChild(self.text_input(t("form.flowers"), entry.flowers,
                                            f"keep-{prefix}flowers", setters["flowers"], "1f5f"))
        box.appendChild(row)
        inputs = {name: box.querySelector(f"[data-testid=keep-{prefix}{name.replace('_', '-')}]")
                  for name in FIELDS}
        box.appendChild(self.picker_box(entry, prefix, legend, inputs, setters, echoes, winner))
        return box

    # ------------------------------------------------------------ the tile palette
    def picker_box(self, entry, prefix: str, legend: str, inputs: dict, setters: dict,
                   echoes: dict, winner: bool):
        """A palette that writes tapped tiles into one field of this hand (no typing on a
        phone); the fields stay notation, so typing and tapping mix."""
        t = self.texts.k
        box = el("div", cls="keep-picker", data_testid=f"keep-{prefix}picker")
        is_open = self.picking == prefix
        toggle = el("button", t("picker.close" if is_open else "picker.open"),
                    cls="keep-button is-small", type="button", aria_expanded=str(is_open).lower(),
                    data_testid=f"keep-{prefix}picker-toggle")
        self.bind(toggle, "click", lambda e: self.toggle_picker(prefix))
        box.appendChild(toggle)
        if not is_open:
            return box
        names = [f for f in FIELDS if (winner or f != "win_tile")
                 and (f != "flowers" or uses_bonus_tiles(self.kept_rules()))]
        field = self.pick_field if self.pick_field in names else names[0]
        target = inputs.get(field)
        if target is not None:          # the field the taps go to, marked
            target.parentElement.classList.add("is-picking")
        box.appendChild(self.segments(t("picker.target"), names, field, f"keep-{prefix}pick-",
                                      "picker.target.", "pick_field"))
        if field == "melds":
            box.appendChild(self.segments(t("picker.kind"), list(SET_KINDS), self.pick_kind,
                                          f"keep-{prefix}pick-kind-", "picker.kind.", "pick_kind"))
        note = el("p", "", cls="keep-note keep-pick-note", role="status",
                  data_testid=f"keep-{prefix}pick-note")
        palette = el("div", cls="keep-palette" + (" is-bonus" if field == "flowers" else ""),
                     role="group", aria_label=t("picker.label", hand=legend),
                     data_testid=f"keep-{prefix}palette")

        # what the field holds, as tiles, beside the palette (on a phone the field itself
        # has scrolled away)
        echo = el("div", cls="keep-preview keep-sets keep-pick-echo", aria_hidden="true",
                  data_testid=f"keep-{prefix}pick-echo")

        def show_echo(text: str) -> None:
            self.show_rows(echo, set_faces(text) if field == "melds" else [tile_faces(text)])

        show_echo(getattr(entry, field))
        echoes[field] = show_echo           # typing in the field shows here too
        box.appendChild(echo)

        def done(picked: Picked) -> None:
            setters[field](picked.text)
            node = inputs.get(field)
            if node is not None:
                node.value = picked.text
            if field == "concealed":
                self.render_dice()
            note.textContent = t(picked.refusal) if picked.refusal else ""

        for face in faces(field):
            button = face_button(self.texts, face, t("picker.add", tile=self.texts.tile(face)),
                                 f"keep-{prefix}face-{face}", SPRITE)
            self.bind(button, "click", lambda e, f=face: done(
                tap(field, getattr(entry, field), f, self.pick_kind)))
            palette.appendChild(button)
        box.appendChild(palette)
        remove = el("button", t("picker.remove"), cls="keep-button is-small", type="button",
                    data_testid=f"keep-{prefix}pick-remove")
        self.bind(remove, "click", lambda e: done(remove_last(field, getattr(entry, field))))
        box.appendChild(remove)
        box.appendChild(note)
        return box

    def show_rows(self, node, rows: list[list[str]]) -> None:
        """``node`` shows ``rows`` of tile faces (a preview; empty rows left out)."""
        node.replaceChildren()
        for row in rows:
            if row:
                node.appendChild(tile_row(self.texts, row, SPRITE, "calc-tiles is-small"))

    def segments(self, label: str, keys: list[str], current: str, testid: str, text_key: str,
                 attr: str):
        group = el("div", cls="keep-segments", role="group", aria_label=label)
        group.appendChild(el("span", label, cls="keep-segments-label"))
        for key in keys:
            button = el("button", self.texts.k(text_key + key), cls="keep-segment", type="button",
                        aria_pressed=str(key == current).lower(),
                        data_testid=testid + key.replace("_", "-"))
            self.bind(button, "click", lambda e, k=key: self.set_picker(attr, k))
            group.appendChild(button)
        return group

    def toggle_picker(self, prefix: str) -> None:
        self.picking = None if self.picking == prefix else prefix
        self.render()

    def set_picker(self, attr: str, value: str) -> None:
        setattr(self, attr, value)
        self.render()

    def render_dice(self) -> None:
        """Dice inputs where the rule set decides by dice after this hand (the ledger says)."""
        box = getattr(self, "dice_box", None)
        if box is None:
            return
        t = self.texts.k
        box.replaceChildren()
        mode = self.dice_mode()
        if mode == "pair":
            box.appendChild(self.text_input(t("dice.pair"), self.form.dice, "keep-dice",
                                            lambda v: setattr(self.form, "dice", v), "3 5"))
        elif mode == "reseat" and self.match is not None:
            fs = el("fieldset", cls="keep-reseat")
            fs.appendChild(el("legend", t("dice.reseat")))
            for p, name in enumerate(self.match.players):
                fs.appendChild(self.text_input(
                    name, self.form.reseat[p], f"keep-reseat-{p}",
                    lambda v, p=p: self.form.reseat.__setitem__(p, v), "6 5"))
            box.appendChild(fs)

    # ------------------------------------------------------------ the hands
    def hands_list(self, match: Match, data: dict, ledger):
        t, names = self.texts.k, match.players
        box = el("section", cls="keep-hands", data_testid="keep-hands")
        box.appendChild(el("h4", t("hands.title")))
        if not data["hands"]:
            box.appendChild(el("p", t("hands.none"), cls="keep-note"))
            return box
        markers = uses_markers(match.rules)
        words = self.texts.words
        for i, hand in reversed(list(enumerate(data["hands"]))):
            item = el("article", cls="keep-hand-item" + (" is-editing" if i == self.editing else ""),
                      data_testid=f"keep-hand-{i}")
            if hand.get("false_win") is not None:
                what = t("hands.false_win", player=names[hand["false_win"]])
            elif hand.get("winner") is not None:
                score = ledger.outcomes[i].score or {}
                what = t("hands.won", player=names[hand["winner"]],
                         total=present_score(words, score).total_text)
            else:
                what = t("hands.draw")
            header = el("div", cls="keep-hand-head")
            header.appendChild(el("h5", t("hands.number", hand=i + 1)))
            header.appendChild(el("span", t("hands.banker", player=names[hand["banker"]],
                                            round=self.texts.c(f"wind.{hand['round_wind']}"))))
            header.appendChild(el("strong", what))
            edit = el("button", t("hands.edit"), cls="keep-button is-small", type="button",
                      data_testid=f"keep-edit-{i}")
            self.bind(edit, "click", lambda e, i=i: self.edit(i))
            header.appendChild(edit)
            item.appendChild(header)
            grid = el("ul", cls="keep-payments")
            transfers = hand.get("transfers") or []
            for p, name in enumerate(names):
                amount = (hand.get("markers") or [0] * 4)[p] if markers else hand["payments"][p]
                li = el("li", data_testid=f"keep-pay-{i}-{p}")
                li.appendChild(el("span", f"{name} ({self.texts.c('wind.' + hand['winds'][p])})"))
                sign = "+" if amount > 0 else ""
                li.appendChild(el("b", sign + number(amount), cls="keep-amount"))
                got = sum(int(tr["amount"]) for tr in transfers if tr["payee"] == p)
                lines = [words("result", "pay.receives", amount=number(got))] if got else []
                lines += [transfer_text(words, tr, lambda who: names[who] if isinstance(who, int)
                                       else str(who)) for tr in transfers if tr["payer"] == p]
                if lines:
                    li.appendChild(el("small", "; ".join(lines), cls="keep-reason"))
                grid.appendChild(li)
            item.appendChild(grid)
            if hand.get("commission"):
                item.appendChild(el("p", t("hands.commission", amount=hand["commission"]),
                                    cls="keep-note"))
            readings = hand.get("readings") or []
            if readings:
                details = el("details", cls="keep-readings")
                details.appendChild(el("summary", t("hands.readings")))
                for key in readings:
                    details.appendChild(el("p", self.reading(key), cls="keep-note"))
                item.appendChild(details)
            box.appendChild(item)
        return box

    def reading(self, key: str) -> str:
        if key.partition(".")[0] == "game":
            return self.texts.t("game", key)
        return self.texts.reading(key)

    def tools(self, match: Match):
        t = self.texts.k
        box = el("div", cls="keep-tools", data_testid="keep-tools")
        for key, fn in (("undo", self.undo), ("export_json", self.export_json),
                        ("export_csv", self.export_csv), ("print", lambda: js.window.print()),
                        ("new", self.new_match)):
            if key == "undo" and not match.hands:
                continue
            label = t("tools.new_confirm") if key == "new" and self.confirm_new else t(f"tools.{key}")
            button = el("button", label, cls="keep-button", type="button",
                        data_testid=f"keep-{key.replace('_', '-')}")
            self.bind(button, "click", lambda e, fn=fn: fn())
            box.appendChild(button)
        return box

    def import_box(self):
        t = self.texts.k
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


_view: dict = {}


def start(shell) -> None:
    view = KeepView(shell)
    _view["keep"] = view
    spawn(view.start())
