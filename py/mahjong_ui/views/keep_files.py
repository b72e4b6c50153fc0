"""Keep score's files (browser only): the kept match downloaded as JSON or CSV, and a record
file read back for the import."""
from __future__ import annotations

import js
from pyodide.ffi import create_proxy, to_js

from ..calculator.dom import el
from ..dom import Node
from ..i18n import Translator
from ..keep.export import csv_text
from ..keep.model import Match


def download(text: str, name: str, kind: str) -> None:
    blob = js.Blob.new(to_js([text]), to_js({"type": kind}, dict_converter=js.Object.fromEntries))
    url = js.URL.createObjectURL(blob)
    link = el("a", href=url, download=name)
    js.document.body.appendChild(link)
    link.click()
    link.remove()
    js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 1000)


def export_json(match: Match | None) -> None:
    if match is not None:
        download(match.to_text(), "mahjong-match.json", "application/json")


def export_csv(match: Match | None, tr: Translator) -> None:
    if match is not None:
        words = {k: tr.domain("keep").t(f"csv.{k}") for k in
                 ("hand", "banker", "round", "wind", "payment", "balance", "markers")}
        text = csv_text(match, match.ledger(), words)
        download(text, "mahjong-match.csv", "text/csv")


async def read_file(node: Node) -> str | None:
    """The text of the file chosen in ``node`` (an ``<input type=file>``), or None."""
    files = node.files
    if files is None or files.length == 0:
        return None
    return str(await files.item(0).text())


__all__ = ["download", "export_csv", "export_json", "read_file"]
