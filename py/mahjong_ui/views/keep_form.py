"""Keep score: the form of one hand at the table's speed. Winner, how and discarder as rows
of big buttons; the hand as the table counted it (a number pad) or tile by tile; a draw in
two taps (Draw, Record)."""
from __future__ import annotations

from mahjong_engine import get_rule_set

from ..calculator.dom import el
from collections.abc import Callable

from ..calculator.model import WIN_KINDS
from ..dom import Node
from ..keep.model import Match, has_false_win, values_losers
from ..keep.numpad import KEYS, press
from .keep_tiles import TileEntry

WINNER = -1          # the count target of the winner's own figures


class HandFormView(TileEntry):
    count_target: tuple[int, str] | None

    def record(self) -> None:
        raise NotImplementedError

    def cancel_edit(self) -> None:
        raise NotImplementedError

    def buttons(self, label: str, options: list[tuple[str, str]], current: str, testid: str,
                choose: Callable[[str], object]) -> Node:
        """A row of big buttons, one pressed (a radio group a thumb can hit)."""
        group = el("div", cls="keep-big-group", role="group", aria_label=label)
        group.appendChild(el("span", label, cls="keep-big-label"))
        row = el("div", cls="keep-big-row")
        for key, text in options:
            button = el("button", text, cls="keep-big", type="button",
                        aria_pressed=str(key == current).lower(),
                        data_testid=f"{testid}-{key.replace('_', '-')}")
            self.bind(button, "click", lambda e, k=key: choose(k))
            row.appendChild(button)
        group.appendChild(row)
        return group

    def hand_form(self, match: Match) -> Node:
        t, f = self.texts.domain("keep").t, self.form
        names = match.players
        index = len(match.hands) if self.editing is None else self.editing
        box = el("form", cls="keep-form", data_testid="keep-form")
        title = (t("form.edit", hand=index + 1) if self.editing is not None
                 else t("form.title", hand=index + 1))
        box.appendChild(el("h4", title))
        kinds = [("win", t("kind.win")), ("draw", t("kind.draw"))]
        if has_false_win(match.rules):
            kinds.append(("false_win", t("kind.false_win")))
        box.appendChild(self.buttons(t("kind.label"), kinds, f.kind, "keep-kind",
                                     lambda k: self.set_form("kind", k)))
        people = [(str(i), n) for i, n in enumerate(names)]
        if f.kind == "false_win":
            box.appendChild(self.buttons(t("form.offender"), people, str(f.false_win),
                                         "keep-offender", lambda v: self.set_form("false_win", int(v))))
        if f.kind == "draw" and self.draw_valued(match):
            box.appendChild(self.count_box(match))     # Serralheiro §8 g-h, as an option
        if f.kind == "win":
            box.appendChild(self.buttons(t("form.who_won"), people, str(f.winner), "keep-winner",
                                         lambda v: self.set_form("winner", int(v))))
            box.appendChild(self.buttons(t("form.how_won"), [(w, t(f"how.{w}")) for w in WIN_KINDS],
                                         f.win, "keep-how", lambda v: self.set_form("win", v)))
            if f.win == "discard":
                others = [p for p in people if p[0] != str(f.winner)]
                box.appendChild(self.buttons(
                    t("form.from_whom"), others, "" if f.discarder is None else str(f.discarder),
                    "keep-from", lambda v: self.set_form("discarder", int(v))))
            rules = get_rule_set(match.rules)
            if rules.count_fields:
                box.appendChild(self.buttons(
                    t("entry.label"), [("counted", t("entry.counted")), ("tiles", t("entry.tiles"))],
                    "counted" if f.counted else "tiles", "keep-entry",
                    lambda v: self.set_form("counted", v == "counted")))
            if f.counted:
                box.appendChild(self.count_box(match))
            else:
                box.appendChild(self.hand_fields(f, "", t("form.hand")))
                if values_losers(match.rules):
                    box.appendChild(self.loser_tiles(match))
        self.dice_box = el("div", cls="keep-dice", data_testid="keep-dice-box")
        self.render_dice()
        box.appendChild(self.dice_box)
        box.appendChild(self.error_box())
        actions = el("div", cls="keep-actions")
        label = t("form.save") if self.editing is not None else t("form.record")
        button = el("button", label, cls="keep-button primary keep-record", type="button",
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

    def loser_tiles(self, match: Match) -> Node:
        t, f = self.texts.domain("keep").t, self.form
        losers = el("fieldset", cls="keep-losers")
        losers.appendChild(el("legend", t("form.losers")))
        losers.appendChild(el("p", t("form.losers_note"), cls="keep-note"))
        for p, name in enumerate(match.players):
            if p != f.winner:
                losers.appendChild(self.hand_fields(f.loser(p), f"loser-{p}-", name, winner=False))
        return losers

    # ------------------------------------------------------------ counted hands
    @staticmethod
    def draw_valued(match: Match) -> bool:
        """Whether the match values every hand on a draw (the rule set with its options)."""
        rules = match.ledger().rules
        return rules.draw_transfers({w: 0 for w in ("E", "S", "W", "N")}) is not None

    def count_rows(self, match: Match) -> list[tuple[int, str, tuple[str, ...]]]:
        """(who: WINNER or a loser's index, name, the figures the rule set counts); on a
        valued draw every player is a loser."""
        rules, f = get_rule_set(match.rules), self.form
        if f.kind == "draw":
            return [(p, name, tuple(rules.loser_count_fields))
                    for p, name in enumerate(match.players)]
        rows = [(WINNER, match.players[f.winner], tuple(rules.count_fields))]
        if rules.loser_count_fields:
            rows += [(p, name, tuple(rules.loser_count_fields))
                     for p, name in enumerate(match.players) if p != f.winner]
        return rows

    def count_value(self, who: int, name: str) -> str:
        source = self.form.count if who == WINNER else self.form.loser(who).count
        value = source.get(name, "")
        return value if isinstance(value, str) else ""

    def count_box(self, match: Match) -> Node:
        t = self.texts.domain("keep").t
        box = el("fieldset", cls="keep-count", data_testid="keep-count")
        box.appendChild(el("legend", t("count.title")))
        box.appendChild(el("p", t("count.note"), cls="keep-note"))
        rows = self.count_rows(match)
        if self.count_target is None or not any(
                who == self.count_target[0] and self.count_target[1] in fields
                for who, _, fields in rows):
            self.count_target = (rows[0][0], rows[0][2][0])
        target_words = ""
        for who, name, fields in rows:
            line = el("div", cls="keep-count-row" + (" is-winner" if who == WINNER else ""))
            line.appendChild(el("span", name, cls="keep-count-name"))
            for field_name in fields:
                value = self.count_value(who, field_name)
                chosen = self.count_target == (who, field_name)
                words = t(f"field.{field_name}")
                if chosen:
                    target_words = t("field.of_player", player=name, field=words)
                button = el("button", None, cls="keep-count-cell" + (" is-target" if chosen else ""),
                            type="button", aria_pressed=str(chosen).lower(),
                            data_testid=f"keep-count-{'w' if who == WINNER else who}-{field_name}")
                button.appendChild(el("small", words))
                button.appendChild(el("b", value or t("count.empty")))
                self.bind(button, "click", lambda e, w=who, n=field_name: self.set_target(w, n))
                line.appendChild(button)
            box.appendChild(line)
        pad = el("div", cls="keep-numpad", role="group", data_testid="keep-numpad",
                 aria_label=t("numpad.label", target=target_words))
        for key in KEYS:
            text = {"back": "⌫", "clear": "C"}.get(key, key)
            button = el("button", text, cls="keep-pad-key", type="button",
                        data_testid=f"keep-pad-{key}",
                        aria_label=t(f"numpad.{key}") if key in ("back", "clear") else None)
            self.bind(button, "click", lambda e, k=key: self.pad(k))
            pad.appendChild(button)
        box.appendChild(pad)
        return box

    def set_target(self, who: int, name: str) -> None:
        self.count_target = (who, name)
        self.render()

    def pad(self, key: str) -> None:
        if self.count_target is None:
            return
        who, name = self.count_target
        if who == WINNER:
            self.form.count[name] = press(self.count_value(who, name), key)
        else:
            entry = self.form.loser(who)
            entry.counted = True
            entry.count[name] = press(self.count_value(who, name), key)
        self.render()

    def set_form(self, name: str, value: object) -> None:
        setattr(self.form, name, value)
        if name == "winner":
            if self.form.discarder == value:
                self.form.discarder = None
            self.count_target = None
        self.render()


__all__ = ["WINNER", "HandFormView"]
