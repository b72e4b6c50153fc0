"""Keep score: the match as it stands (balances, the hand just recorded, the hands as one
line each, the score sheet for print, the end of the match with the ranking and the chart
of the running balances)."""
from __future__ import annotations

from typing import Any

from mahjong_engine import Ledger

from ..calculator.dom import el
from ..dom import Node
from ..keep.model import Match, uses_markers
from ..keep.present import chart, hand_line, ranking
from ..names import reading_text, rules_name
from ..present.result import number, transfer_text
from .keep_form import HandFormView


class SheetView(HandFormView):
    fresh: int | None                   # the hand just recorded or corrected (highlighted)
    corrected: set[int]
    undo_note: str

    def tools(self, match: Match) -> Any:
        raise NotImplementedError

    def undo_action(self) -> None:
        raise NotImplementedError

    def edit(self, index: int) -> None:
        raise NotImplementedError

    def render_match(self, root: Node, match: Match) -> None:
        t = self.texts.domain("keep").t
        ledger = match.ledger()
        data = ledger.to_json()
        names = match.players
        head = el("section", cls="keep-summary", data_testid="keep-summary")
        head.appendChild(el("p", t("summary.rules", rules=rules_name(self.texts, match.rules),
                                   count=len(match.hands)), cls="keep-rules-line"))
        if data["finished"]:
            winner = data["winner"]
            text = (t("summary.winner", player=names[winner]) if winner is not None
                    else t("summary.finished"))
            head.appendChild(el("p", text, cls="keep-finished", data_testid="keep-finished"))
        else:
            nxt = data["next"]
            head.appendChild(el("p", t("summary.next", banker=names[nxt["banker"]],
                                       round=self.texts.t(f"wind.{nxt['round_wind']}")),
                                cls="keep-next", data_testid="keep-next"))
        head.appendChild(self.balances(match, data))
        if data["commission"]:
            head.appendChild(el("p", t("summary.commission", amount=data["commission"]),
                                cls="keep-note", data_testid="keep-commission"))
        root.appendChild(head)
        if self.undo_note:
            bar = el("div", cls="keep-undo-bar", role="status", data_testid="keep-undo-bar")
            bar.appendChild(el("span", self.undo_note))
            button = el("button", t("undo.action"), cls="keep-button is-small", type="button",
                        data_testid="keep-undo-action")
            self.bind(button, "click", lambda e: self.undo_action())
            bar.appendChild(button)
            root.appendChild(bar)
        if self.fresh is not None and self.fresh < len(match.hands) and self.editing is None:
            root.appendChild(self.hand_item(match, data, ledger, self.fresh, fresh=True))
        if data["finished"]:
            root.appendChild(self.end_box(match, ledger))
        if not data["finished"] or self.editing is not None:
            root.appendChild(self.hand_form(match))
        elif self.error:
            root.appendChild(self.error_box())
        root.appendChild(self.hands_list(match, data, ledger))
        if match.hands and not data["finished"]:
            fold = el("details", cls="keep-chart-box", data_testid="keep-chart-box")
            fold.appendChild(el("summary", t("chart.show")))
            fold.appendChild(self.chart_node(match, ledger))
            root.appendChild(fold)
        root.appendChild(self.score_grid(match, data, ledger))
        root.appendChild(self.tools(match))

    def balances(self, match: Match, data: dict[str, Any]) -> Node:
        t, names = self.texts.domain("keep").t, match.players
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
            tr.appendChild(el("td", self.texts.t(f"wind.{wind}"), data_testid=f"keep-wind-{p}",
                              data_wind=wind))
            tr.appendChild(el("td", number(data["balances"][p]), data_testid=f"keep-balance-{p}",
                              cls="keep-amount"))
            if markers:
                tr.appendChild(el("td", number(data["markers"][p]), data_testid=f"keep-markers-{p}",
                                  cls="keep-amount"))
            body.appendChild(tr)
        table.appendChild(body)
        return table

    def chart_node(self, match: Match, ledger: Ledger) -> Node:
        node = el("div", cls="keep-chart", data_testid="keep-chart")
        node.innerHTML = chart(self.texts, match, ledger)
        return node

    def end_box(self, match: Match, ledger: Ledger) -> Node:
        t = self.texts.domain("keep").t
        box = el("section", cls="keep-end", data_testid="keep-end")
        box.appendChild(el("h4", t("end.title")))
        ranks = el("ol", cls="keep-ranking")
        for place, player, amount in ranking(match, ledger):
            ranks.appendChild(el("li", t("end.place", place=place, player=player,
                                         amount=number(amount))))
        box.appendChild(ranks)
        box.appendChild(self.chart_node(match, ledger))
        return box

    # ------------------------------------------------------------ the hands
    def hands_list(self, match: Match, data: dict[str, Any], ledger: Ledger) -> Node:
        t = self.texts.domain("keep").t
        box = el("section", cls="keep-hands", data_testid="keep-hands")
        box.appendChild(el("h4", t("hands.title")))
        if not data["hands"]:
            box.appendChild(el("p", t("hands.none"), cls="keep-note"))
            return box
        for i in reversed(range(len(data["hands"]))):
            box.appendChild(self.hand_item(match, data, ledger, i))
        return box

    def hand_item(self, match: Match, data: dict[str, Any], ledger: Ledger, i: int,
                  fresh: bool = False) -> Node:
        t = self.texts.domain("keep").t
        hand = data["hands"][i]
        line = hand_line(self.texts, match, ledger, i)
        cls = "keep-hand-item" + (" is-editing" if i == self.editing else "")
        cls += " is-new" if fresh else ""
        item = el("article", cls=cls, data_testid=f"keep-fresh-{i}" if fresh else f"keep-hand-{i}")
        header = el("div", cls="keep-hand-head")
        header.appendChild(el("h5", t("hands.number", hand=i + 1)))
        header.appendChild(el("span", line.banker))
        header.appendChild(el("strong", line.what, data_testid=f"keep-what-{i}"))
        if i in self.corrected:
            header.appendChild(el("em", t("hands.corrected"), cls="keep-corrected"))
        if not fresh:
            edit = el("button", t("hands.edit"), cls="keep-button is-small", type="button",
                      data_testid=f"keep-edit-{i}")
            self.bind(edit, "click", lambda e, i=i: self.edit(i))
            header.appendChild(edit)
        item.appendChild(header)
        if line.items:
            item.appendChild(el("p", line.items, cls="keep-note keep-items",
                                data_testid=f"keep-items-{i}"))
        item.appendChild(self.payments(match, hand, i))
        if hand.get("commission"):
            item.appendChild(el("p", t("hands.commission", amount=hand["commission"]),
                                cls="keep-note"))
        readings = hand.get("readings") or []
        if readings and not fresh:
            details = el("details", cls="keep-readings")
            details.appendChild(el("summary", t("hands.readings")))
            for key in readings:
                details.appendChild(el("p", self.reading(key), cls="keep-note"))
            item.appendChild(details)
        return item

    def payments(self, match: Match, hand: dict[str, Any], i: int) -> Node:
        names, words = match.players, self.texts.domain()
        markers = uses_markers(match.rules)
        grid = el("ul", cls="keep-payments")
        transfers = hand.get("transfers") or []
        for p, name in enumerate(names):
            amount = (hand.get("markers") or [0] * 4)[p] if markers else hand["payments"][p]
            li = el("li", data_testid=f"keep-pay-{i}-{p}")
            li.appendChild(el("span", f"{name} ({self.texts.t('wind.' + hand['winds'][p])})"))
            sign = "+" if amount > 0 else ""
            li.appendChild(el("b", sign + number(amount), cls="keep-amount"))
            got = sum(int(tr["amount"]) for tr in transfers if tr["payee"] == p)
            lines = [words.t("result.pay.receives", amount=number(got))] if got else []
            lines += [transfer_text(words, tr, lambda who: names[who] if isinstance(who, int)
                                    else str(who)) for tr in transfers if tr["payer"] == p]
            if lines:
                li.appendChild(el("small", "; ".join(lines), cls="keep-reason"))
            grid.appendChild(li)
        return grid

    def reading(self, key: str) -> str:
        return reading_text(self.texts, key)

    def score_grid(self, match: Match, data: dict[str, Any], ledger: Ledger) -> Node:
        """The score sheet: one line a hand (printed; folded on screen)."""
        t, names = self.texts.domain("keep").t, match.players
        fold = el("details", cls="keep-grid-box", data_testid="keep-grid-box")
        fold.appendChild(el("summary", t("grid.title")))
        table = el("table", cls="keep-grid", data_testid="keep-grid")
        row = el("tr")
        for text in (t("grid.hand"), t("grid.result"), *names):
            row.appendChild(el("th", text, scope="col"))
        table.appendChild(el("thead", children=[row]))
        body = el("tbody")
        running = [0, 0, 0, 0]
        for i, hand in enumerate(data["hands"]):
            running = [a + b for a, b in zip(running, hand["payments"], strict=True)]
            tr = el("tr")
            tr.appendChild(el("th", str(i + 1), scope="row"))
            line = hand_line(self.texts, match, ledger, i)
            tr.appendChild(el("td", line.what + (f" ({line.items})" if line.items else "")))
            for p in range(4):
                tr.appendChild(el("td", f"{number(hand['payments'][p])} / {number(running[p])}",
                                  cls="keep-amount"))
            body.appendChild(tr)
        table.appendChild(body)
        fold.appendChild(table)
        return fold


__all__ = ["SheetView"]
