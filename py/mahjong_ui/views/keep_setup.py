"""Keep score: the set-up of a new match (players, rule set, its options)."""
from __future__ import annotations

from ..calculator.dom import el
from ..calculator.model import RULES
from ..dom import Node
from ..keep.model import option_fields
from ..names import rules_name
from .keep_base import WINDS
from .keep_sheet import SheetView


class SetupView(SheetView):
    def begin(self) -> None:
        raise NotImplementedError

    def render_setup(self, root: Node) -> None:
        t = self.texts.domain("keep").t
        box = el("form", cls="keep-setup", data_testid="keep-setup")
        box.appendChild(el("p", t("setup.intro"), cls="keep-intro"))
        names = el("fieldset", cls="keep-players")
        names.appendChild(el("legend", t("setup.players")))
        for i in range(4):
            names.appendChild(self.text_input(
                t("setup.player", n=i + 1, wind=self.texts.t(f"wind.{WINDS[i]}")),
                self.setup["players"][i], f"keep-player-{i}",
                lambda v, i=i: self.setup["players"].__setitem__(i, v)))
        box.appendChild(names)

        def set_rules(value: str) -> None:
            self.setup["rules"] = value
            self.setup["options"] = {}
            self.render()

        box.appendChild(self.select(t("setup.rules"), [(r, rules_name(self.texts, r)) for r in RULES],
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
            elif option.kind == "choice":     # a reading of the document, its words
                opts.appendChild(self.select(
                    t(f"option.{name}"), [(c, t(f"choice.{name}.{c}")) for c in option.choices],
                    current or str(option.default), f"keep-option-{name}",
                    lambda v, n=name: self.setup["options"].__setitem__(n, v)))
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


__all__ = ["SetupView"]
