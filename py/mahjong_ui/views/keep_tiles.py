"""Keep score: a hand entered tile by tile (the calculator's notation, a tile palette to
tap them in, previews as tiles) and the dice a hand needs."""
from __future__ import annotations

from collections.abc import Callable

from ..calculator.dom import el, face_button
from ..dom import Node
from ..keep.form import HandForm, LoserEntry
from ..keep.picker import (FIELDS, SET_KINDS, Picked, faces, remove_last, set_faces, tap,
                           tile_faces)
from ..keep.model import uses_bonus_tiles
from ..names import tile_name
from .keep_base import SPRITE, KeepBase


class TileEntry(KeepBase):
    def hand_fields(self, entry: HandForm | LoserEntry, prefix: str, legend: str,
                    winner: bool = True) -> Node:
        """The tiles of one hand as the calculator takes them: concealed tiles (the
        winning tile among them), declared sets in its codes, flowers; previews as tiles;
        a palette to tap them in."""
        t = self.texts.domain("keep").t
        box = el("fieldset", cls="keep-hand")
        box.appendChild(el("legend", legend))
        preview = el("div", cls="keep-preview", data_testid=f"keep-{prefix}preview")
        sets_preview = el("div", cls="keep-preview keep-sets", data_testid=f"keep-{prefix}sets-preview")

        def show(text: str) -> None:
            self.show_rows(preview, [tile_faces(text)])

        def show_sets(text: str) -> None:
            self.show_rows(sets_preview, set_faces(text))

        shows = {"concealed": show, "melds": show_sets}
        echoes: dict[str, Callable[[str], None]] = {}   # the open palette's copy of its field, as tiles

        def setter(name: str) -> Callable[[str], None]:
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
        if winner:   # only the HandForm is passed with winner=True (keep_form); a loser has none
            row.appendChild(self.text_input(t("form.win_tile"), entry.win_tile,  # type: ignore[union-attr]
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
    def picker_box(self, entry: HandForm | LoserEntry, prefix: str, legend: str,
                   inputs: dict[str, Node], setters: dict[str, Callable[[str], None]],
                   echoes: dict[str, Callable[[str], None]], winner: bool) -> Node:
        """A palette that writes tapped tiles into one field of this hand (no typing on a
        phone); the fields stay notation, so typing and tapping mix."""
        t = self.texts.domain("keep").t
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
            button = face_button(self.texts, face, t("picker.add", tile=tile_name(self.texts, face)),
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

    def segments(self, label: str, keys: list[str], current: str, testid: str, text_key: str,
                 attr: str) -> Node:
        group = el("div", cls="keep-segments", role="group", aria_label=label)
        group.appendChild(el("span", label, cls="keep-segments-label"))
        for key in keys:
            button = el("button", self.texts.domain("keep").t(text_key + key), cls="keep-segment",
                        type="button",
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
        t = self.texts.domain("keep").t
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



__all__ = ["TileEntry"]
