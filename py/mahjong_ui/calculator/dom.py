"""DOM building shared by the calculator view and the embed widget (browser only).

Every string goes in with ``textContent`` or an attribute: nothing is parsed as HTML.
"""
from __future__ import annotations

import js

from ..present import present_score
from .text import Texts

SVG = "http://www.w3.org/2000/svg"


def el(tag: str, cls: str | None = None, text: str | None = None, children=(), **attrs):
    node = js.document.createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = str(text)
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        node.setAttribute(name.rstrip("_").replace("_", "-"), "" if value is True else str(value))
    for child in children:
        if child is not None:
            node.appendChild(child)
    return node


def tile_svg(notation: str, sprite: str, label: str | None = None):
    svg = js.document.createElementNS(SVG, "svg")
    svg.setAttribute("viewBox", "0 0 60 80")
    svg.setAttribute("class", "calc-tile-face")
    if label:
        svg.setAttribute("role", "img")
        svg.setAttribute("aria-label", label)
    else:
        svg.setAttribute("aria-hidden", "true")
    use = js.document.createElementNS(SVG, "use")
    use.setAttribute("href", f"{sprite}#t-{notation}")
    svg.appendChild(use)
    return svg


def tile_row(texts: Texts, tiles: list[str], sprite: str, cls: str = "calc-tiles", win: str | None = None):
    row = el("span", cls)
    for notation in tiles:
        node = el("span", "calc-tile" + (" is-win" if notation == win else ""), data_tile=notation)
        node.appendChild(tile_svg(notation, sprite, texts.tile(notation)))
        row.appendChild(node)
    return row


def split(notation: str) -> list[str]:
    out, digits = [], []
    for char in notation:
        if char.isdigit():
            digits.append(char)
        else:
            out.extend(d + char for d in digits)
            digits = []
    return out


def render_payments(box, texts: Texts, payments: dict) -> None:
    pay = el("ul", "calc-payments", data_testid="calc-payments", aria_label=texts.c("result.payments"))
    for wind, amount in payments.items():
        pay.appendChild(el("li", None, texts.c("result.payment", wind=texts.c(f"wind.{wind}"), amount=amount),
                           data_wind=wind, data_amount=amount))
    box.appendChild(el("h4", None, texts.c("result.payments")))
    box.appendChild(pay)


def render_outcome(texts: Texts, outcome: dict, sprite: str, compact: bool = False, readings_shown: bool = True):
    """The result block for one ``model.evaluate`` outcome."""
    box = el("div", "calc-outcome", data_testid="calc-outcome", data_status=outcome["status"],
             data_rules=outcome["rules"])
    status = outcome["status"]
    if status == "error":
        box.appendChild(el("p", "calc-error", texts.error(outcome["error"], outcome["rules"]), role="alert",
                           data_testid="calc-result-error"))
        return box
    if status == "score":
        result = outcome["result"]
        view = present_score(texts.words, result, lambda wind: texts.c(f"wind.{wind}"))
        box.appendChild(el("p", "calc-status is-winning", texts.c("result.winning"), data_testid="calc-status"))
        items = el("ol", "calc-items", data_testid="calc-items", aria_label=texts.c("result.items"))
        for item in view.items:
            li = el("li", "calc-item", data_testid="calc-item", data_key=item.key, data_amount=item.amount)
            head = el("span", "calc-item-head")
            head.appendChild(el("span", "calc-item-name", item.name))
            if item.tiles:
                head.appendChild(tile_row(texts, split(item.tiles), sprite, "calc-tiles is-small"))
            head.appendChild(el("span", "calc-item-amount", item.amount_text))
            li.appendChild(head)
            if not compact:
                li.appendChild(el("cite", "calc-citation", item.citation))
            items.appendChild(li)
        if not view.items:
            box.appendChild(el("p", "calc-note", texts.c("result.no_items")))
        box.appendChild(items)
        if view.formula:
            steps = el("ol", "calc-formula", data_testid="calc-formula",
                       aria_label=texts.t("result", "dialog.formula"))
            for line in view.formula:
                steps.appendChild(el("li", None, line.text, data_step=line.key, data_value=line.value))
            box.appendChild(steps)
        box.appendChild(el("p", "calc-total", texts.c("result.total", total=view.total_text),
                           data_testid="calc-total", data_total=result["total"], data_unit=result["unit"]))
        details = result.get("details") or {}
        for field, prefix in (("grade", "grade."), ("rule", "rule."), ("liability", "liability.")):
            key = f"{prefix}{details.get(field)}"
            if field in details and texts.known(result["rules"], key):
                box.appendChild(el("p", "calc-note", texts.t(result["rules"], key), data_testid=f"calc-{field}",
                                   data_value=details[field]))
        if view.payments:
            pay = el("ul", "calc-payments", data_testid="calc-payments", aria_label=texts.c("result.payments"))
            for row in view.payments:
                li = el("li", None, texts.c("result.payment", wind=texts.c(f"wind.{row.wind}"), amount=row.amount),
                        data_wind=row.wind, data_amount=row.amount)
                if row.lines and not compact:
                    li.appendChild(el("span", "calc-why", children=[el("span", None, line) for line in row.lines]))
                pay.appendChild(li)
            box.appendChild(el("h4", None, texts.c("result.payments")))
            box.appendChild(pay)
        if result.get("commission") is not None:
            box.appendChild(el("p", "calc-note", texts.c("result.commission", amount=result["commission"]),
                               data_testid="calc-commission"))
        readings = result.get("readings", [])
    else:
        readings = outcome.get("result", {}).get("readings", []) if status == "not_winning" else []
        if status == "not_winning":
            box.appendChild(el("p", "calc-status", texts.c("result.not_winning"), data_testid="calc-status"))
            result = outcome.get("result", {})
            if result.get("payments"):   # a false win (Macau art. 9.º (7), (8)) still settles
                for item in result.get("items", []):
                    box.appendChild(el("p", "calc-note", texts.item(result["rules"], item["key"]),
                                       data_testid="calc-false-win", data_key=item["key"]))
                    box.appendChild(el("cite", "calc-citation", item.get("citation", "")))
                render_payments(box, texts, result["payments"])
        else:
            box.appendChild(el("p", "calc-status", texts.c("result.incomplete", size=outcome["size"],
                                                            expected=outcome["expected"]), data_testid="calc-status"))
        if "shanten" in outcome:
            shanten = outcome["shanten"]
            text = texts.c("result.ready") if shanten == 0 else texts.c("result.shanten", count=max(shanten, 0))
            box.appendChild(el("p", "calc-shanten", text, data_testid="calc-shanten", data_shanten=shanten))
        if "waits" in outcome:
            waits = outcome["waits"]
            if waits:
                line = el("div", "calc-waits", data_testid="calc-waits", data_waits="".join(waits))
                line.appendChild(el("span", None, texts.c("result.waits")))
                line.appendChild(tile_row(texts, waits, sprite, "calc-tiles is-small"))
                box.appendChild(line)
            else:
                box.appendChild(el("p", "calc-waits", texts.c("result.no_waits"), data_testid="calc-waits", data_waits=""))
    if readings and readings_shown and not compact:
        box.appendChild(el("h4", None, texts.c("result.readings")))
        notes = el("ul", "calc-readings", data_testid="calc-readings")
        for key in readings:
            notes.appendChild(el("li", None, texts.reading(key), data_key=key))
        box.appendChild(notes)
    return box
