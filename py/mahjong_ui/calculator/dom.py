"""DOM building shared by the calculator view and the embed widget (browser only; elements
and tiles from ``mahjong_ui.dom``).

Every string goes in with ``textContent`` or an attribute: nothing is parsed as HTML.
"""
from __future__ import annotations

from typing import Any

from ..dom import Node, el, tile_svg
from ..present import present_score
from ..i18n import Translator
from ..names import item_name, reading_text, tile_name
from .text import error_text


def tile_row(texts: Translator, tiles: list[str], sprite: str, cls: str = "calc-tiles",
             win: str | None = None) -> Node:
    row = el("span", cls=cls)
    for notation in tiles:
        node = el("span", cls="calc-tile" + (" is-win" if notation == win else ""), data_tile=notation)
        node.appendChild(tile_svg(notation, tile_name(texts, notation), cls="calc-tile-face", sprite=sprite))
        row.appendChild(node)
    return row


def face_button(texts: Translator, face: str, label: str, testid: str, sprite: str) -> Node:
    """A palette's button for one tile face (calculator, keep score): labelled ``label``,
    titled with the tile's name."""
    button = el("button", cls="calc-face", type="button", data_testid=testid, data_tile=face,
                aria_label=label, title=tile_name(texts, face))
    button.appendChild(tile_svg(face, cls="calc-tile-face", sprite=sprite))
    return button


def split(notation: str) -> list[str]:
    out: list[str] = []
    digits: list[str] = []
    for char in notation:
        if char.isdigit():
            digits.append(char)
        else:
            out.extend(d + char for d in digits)
            digits = []
    return out


def render_payments(box: Node, texts: Translator, payments: dict[str, int]) -> None:
    pay = el("ul", cls="calc-payments", data_testid="calc-payments", aria_label=texts.t("result.payments"))
    for wind, amount in payments.items():
        pay.appendChild(el("li", texts.t("result.payment", wind=texts.t(f"wind.{wind}"), amount=amount),
                           data_wind=wind, data_amount=amount))
    box.appendChild(el("h4", texts.t("result.payments")))
    box.appendChild(pay)


def render_outcome(texts: Translator, outcome: dict[str, Any], sprite: str, compact: bool = False,
                   readings_shown: bool = True) -> Node:
    """The result block for one ``model.evaluate`` outcome."""
    box = el("div", cls="calc-outcome", data_testid="calc-outcome", data_status=outcome["status"],
             data_rules=outcome["rules"])
    status = outcome["status"]
    if status == "error":
        box.appendChild(el("p", error_text(texts, outcome["error"], outcome["rules"]), cls="calc-error",
                           role="alert", data_testid="calc-result-error"))
        return box
    if status == "score":
        result = outcome["result"]
        view = present_score(texts.domain(), result, lambda wind: texts.t(f"wind.{wind}"))
        box.appendChild(el("p", texts.t("result.winning"), cls="calc-status is-winning",
                           data_testid="calc-status"))
        items = el("ol", cls="calc-items", data_testid="calc-items", aria_label=texts.t("result.items"))
        for item in view.items:
            li = el("li", cls="calc-item", data_testid="calc-item", data_key=item.key,
                    data_amount=item.amount)
            head = el("span", cls="calc-item-head")
            head.appendChild(el("span", item.name, cls="calc-item-name"))
            if item.tiles:
                head.appendChild(tile_row(texts, split(item.tiles), sprite, "calc-tiles is-small"))
            head.appendChild(el("span", item.amount_text, cls="calc-item-amount"))
            li.appendChild(head)
            if not compact:
                li.appendChild(el("cite", item.citation, cls="calc-citation"))
            items.appendChild(li)
        if not view.items:
            box.appendChild(el("p", texts.t("result.no_items"), cls="calc-note"))
        box.appendChild(items)
        if view.formula:
            steps = el("ol", cls="calc-formula", data_testid="calc-formula",
                       aria_label=texts.domain("result").t("dialog.formula"))
            for line in view.formula:
                steps.appendChild(el("li", line.text, data_step=line.key, data_value=line.value))
            box.appendChild(steps)
        box.appendChild(el("p", texts.t("result.total", total=view.total_text), cls="calc-total",
                           data_testid="calc-total", data_total=result["total"], data_unit=result["unit"]))
        details = result.get("details") or {}
        for field, prefix in (("grade", "grade."), ("rule", "rule."), ("liability", "liability.")):
            key = f"{prefix}{details.get(field)}"
            if field in details and texts.domain(result["rules"]).known(key):
                box.appendChild(el("p", texts.domain(result["rules"]).t(key), cls="calc-note",
                                   data_testid=f"calc-{field}", data_value=details[field]))
        if view.payments:
            pay = el("ul", cls="calc-payments", data_testid="calc-payments",
                     aria_label=texts.t("result.payments"))
            for row in view.payments:
                li = el("li", texts.t("result.payment", wind=texts.t(f"wind.{row.wind}"), amount=row.amount),
                        data_wind=row.wind, data_amount=row.amount)
                if row.lines and not compact:
                    li.appendChild(el("span", cls="calc-why",
                                      children=[el("span", line) for line in row.lines]))
                pay.appendChild(li)
            box.appendChild(el("h4", texts.t("result.payments")))
            box.appendChild(pay)
        if result.get("commission") is not None:
            box.appendChild(el("p", texts.t("result.commission", amount=result["commission"]),
                               cls="calc-note", data_testid="calc-commission"))
        readings = result.get("readings", [])
    else:
        readings = outcome.get("result", {}).get("readings", []) if status == "not_winning" else []
        if status == "not_winning":
            box.appendChild(el("p", texts.t("result.not_winning"), cls="calc-status",
                               data_testid="calc-status"))
            result = outcome.get("result", {})
            if result.get("payments"):   # a false win (Macau art. 9.º (7), (8)) still settles
                for item in result.get("items", []):
                    box.appendChild(el("p", item_name(texts, result["rules"], item["key"]), cls="calc-note",
                                       data_testid="calc-false-win", data_key=item["key"]))
                    box.appendChild(el("cite", item.get("citation", ""), cls="calc-citation"))
                render_payments(box, texts, result["payments"])
        else:
            box.appendChild(el("p", texts.t("result.incomplete", size=outcome["size"],
                                            expected=outcome["expected"]),
                               cls="calc-status", data_testid="calc-status"))
        if "shanten" in outcome:
            shanten = outcome["shanten"]
            text = (texts.t("result.ready") if shanten == 0
                    else texts.t("result.shanten", count=max(shanten, 0)))
            box.appendChild(el("p", text, cls="calc-shanten", data_testid="calc-shanten",
                               data_shanten=shanten))
        if "waits" in outcome:
            waits = outcome["waits"]
            if waits:
                line = el("div", cls="calc-waits", data_testid="calc-waits", data_waits="".join(waits))
                line.appendChild(el("span", texts.t("result.waits")))
                line.appendChild(tile_row(texts, waits, sprite, "calc-tiles is-small"))
                box.appendChild(line)
            else:
                box.appendChild(el("p", texts.t("result.no_waits"), cls="calc-waits",
                                   data_testid="calc-waits", data_waits=""))
    if readings and readings_shown and not compact:
        box.appendChild(el("h4", texts.t("result.readings")))
        notes = el("ul", cls="calc-readings", data_testid="calc-readings")
        for key in readings:
            notes.appendChild(el("li", reading_text(texts, key), data_key=key))
        box.appendChild(notes)
    return box


# ``el`` and ``tile_svg`` are re-exported: the embed widget and the keep views build with them.
__all__ = ["el", "face_button", "render_outcome", "render_payments", "split", "tile_row", "tile_svg"]
