"""A rules page's blocks drawn as nodes (browser only): paragraphs, tile rows, tables, readings
and the wall figure, from ``learn.model``'s ``Block``. Shared by the lesson and the exercises
(``tiles_row``)."""
from __future__ import annotations

from typing import Any

from ..dom import Node, el, tile_svg
from ..i18n import Translator
from ..learn.model import Block, tile_list


# ------------------------------------------------------------------ DOM helpers
# el, tile_svg: mahjong_ui.dom (one element helper, one tile drawer)


def tiles_row(codes: list[str], label: str) -> Node:
    row = el("div", cls="learn-tiles", role="img", aria_label=label, data_tiles="".join(codes))
    for code in codes:
        row.appendChild(tile_svg(code))
    return row


def _readings(cats: Translator, rows: list[dict[str, Any]]) -> Node:
    box = el("ul", cls="learn-readings")
    for row in rows:
        item = el("li", data_reading=row["key"])
        item.appendChild(el("span", cats.t("learn.reading.badge"), cls="learn-badge"))
        item.appendChild(el("span", " " + row["text"]))
        box.appendChild(item)
    return box


def _block(cats: Translator, block: Block, page: str) -> Node:
    if block.kind == "p":
        return el("p", block.text)
    if block.kind == "h":
        return el("h4", block.text)
    if block.kind == "list":
        ul = el("ul", cls="learn-list")
        for row in block.rows:
            li = el("li")
            if row.get("href"):
                li.appendChild(el("a", row["text"], href=f"#learn/{page}/scoring",
                                  data_entry_link=row["href"]))
            else:
                li.textContent = row["text"]
            ul.appendChild(li)
        return ul
    if block.kind == "readings":
        return _readings(cats, block.rows)
    if block.kind == "tiles":
        fig = el("figure", cls="learn-figure", id=f"learn-{block.id}")
        codes = tile_list(block.tiles)
        if codes:
            fig.appendChild(tiles_row(codes, cats.t("learn.tiles.aria", tiles=block.tiles)))
        else:
            fig.appendChild(el("p", cats.t("learn.example.none")))
        fig.appendChild(el("figcaption", block.text))
        return fig
    if block.kind == "wall":
        return _wall_figure(cats, block)
    if block.kind == "table":
        # a region of its own that scrolls sideways on a phone, reachable by keyboard
        wrap = el("div", cls="learn-table-wrap", id=f"learn-{block.id}", role="region",
                  tabindex="0", aria_label=block.text)
        table = el("table", cls="learn-table")
        table.appendChild(el("caption", block.text))
        head = el("tr")
        for h in block.head:
            head.appendChild(el("th", h, scope="col"))
        thead = el("thead")
        thead.appendChild(head)
        table.appendChild(thead)
        body = el("tbody")
        for row in block.rows:
            tr = el("tr", id=f"entry-{row['key']}", data_testid="learn-entry", data_entry=row["key"],
                    tabindex="-1")
            tr.appendChild(el("th", row["name"], scope="row"))
            tr.appendChild(el("td", row["amount"]))
            tr.appendChild(el("td", row["excludes"]))
            cell = el("td")
            for text in row["readings"]:
                cell.appendChild(el("p", text, cls="learn-reading-inline"))
            tr.appendChild(cell)
            body.appendChild(tr)
        table.appendChild(body)
        wrap.appendChild(table)
        return wrap
    return el("div")


# Where each seat's side is drawn (East, the banker, at the bottom; South on his right) and
# whether its owner's right end is the first stack drawn (top/left rows are drawn from the
# screen's left or top).
_WALL_SIDES = (("bottom", False), ("right", True), ("top", True), ("left", False))


def _wall_marks(wall: dict[str, Any], side: int) -> dict[int, str]:
    """Screen index → mark class for the stacks of one side of the example wall."""
    if side != wall["side"]:
        return {}
    n, count = wall["stacks"], wall["count"]
    owner_right_first = _WALL_SIDES[side][1]

    def screen(from_right: int) -> int:
        return from_right if owner_right_first else n - 1 - from_right

    counted = range(count) if wall["from"] == "right" else range(n - count, n)
    marks = {screen(i): "is-counted" for i in counted}
    breach = count - 1 if wall["from"] == "right" else n - count
    marks[screen(breach)] = "is-counted is-breach"
    if wall["dragon"] and count < n:
        marks[screen(count)] = "is-dragon"
    return marks


def _wall_figure(cats: Translator, block: Block) -> Node:
    wall = block.rows[0]
    winds = "ESWN"
    fig = el("figure", cls="learn-figure", data_testid="learn-wall")
    end = cats.t(f"learn.wall.end.{wall['from']}")
    box = el("div", cls="learn-wall", role="img", data_side=wall["side"], data_count=wall["count"],
             aria_label=cats.t("learn.wall.aria_example", stacks=wall["stacks"], count=wall["count"],
                           wind=cats.t(f"table.wind.{winds[wall['side']]}"), end=end))
    for side, (where, _first) in enumerate(_WALL_SIDES):
        marks = _wall_marks(wall, side)
        row = el("div", cls=f"learn-wall-side learn-wall-{where}"
                 + (" is-opened" if side == wall["side"] else ""),
                 title=cats.t("learn.wall.side", wind=cats.t(f"table.wind.{winds[side]}")))
        for i in range(wall["stacks"]):
            mark = marks.get(i, "")
            row.appendChild(el("span", "▲" if "is-breach" in mark else ("◆" if mark == "is-dragon" else None),
                               cls=("learn-stack " + mark).strip()))
        box.appendChild(row)
        box.appendChild(el("span", winds[side], cls=f"learn-wall-wind learn-wall-wind-{where}",
                           aria_hidden="true"))
    fig.appendChild(box)
    fig.appendChild(el("figcaption", block.text.rstrip(".") + ". " + cats.t("learn.wall.legend")))
    return fig


__all__ = ["tiles_row"]
