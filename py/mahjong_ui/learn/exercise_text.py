"""The exercises' feedback in words (pure Python): one feedback line, a citation, an item, the
tiles and the claims of an exercise, from the catalogues through the page's one translator."""
from __future__ import annotations

from typing import Any

from mahjong_engine import parse_tiles
from mahjong_engine.scoring import DOCUMENTS

from ..names import tile_name
from ..i18n import Translator
from ..present import item_lines
from .exercises import Line


# ---------------------------------------------------------------- text from the catalogues
def tile_names(cats: Translator, notation: str) -> str:
    return ", ".join(tile_name(cats.domain("table"), t.notation) for t in parse_tiles(notation))


def line_text(cats: Translator, line: Line) -> str:
    """The text of one feedback line in the catalogues' language."""
    params = dict(line.params)
    for name, ref in line.refs.items():
        refs = ref if isinstance(ref, list) else [ref]
        params[name] = ", ".join(cats.domain(domain).t(key) for domain, key in refs)
    for name in line.tile_names:
        params[name] = tile_names(cats, str(line.params[name]))
    return cats.domain("exercises").t(line.key, **params)


def cite_text(cats: Translator, cite: tuple[str, str] | None) -> str:
    if cite is None:
        return ""
    rules, section = cite
    if section.startswith("cite."):
        section = cats.domain("learn").t(section)
    return cats.t("learn.cite", document=DOCUMENTS[rules], section=section)


def item_text(cats: Translator, rules: str, item: dict[str, Any]) -> tuple[str, str, str]:
    """(name, amount, citation) of one scoring item of the engine's result, worded by the
    presenter (``mahjong_ui.present``)."""
    line = item_lines(cats, rules, [item])[0]
    return line.name, line.amount_text, line.citation



__all__ = ["cite_text", "item_text", "line_text", "tile_names"]
