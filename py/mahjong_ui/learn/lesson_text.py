"""A lesson's words (pure Python): its messages with the rule set's own terms, tiles by name,
the button labels and the citations, through the page's one translator."""
from __future__ import annotations

from typing import Any

from mahjong_engine.notation import parse_tiles
from mahjong_engine.scoring import DOCUMENTS, Citation

from ..names import tile_name
from ..i18n import Translator
from .lesson_scripts import FINISH

BUTTONS = ("draw", "discard", "chow", "pung", "kong", "win", "pass", "exchange")
_TILE_PARAMS = ("tile", "tile2", "discard", "drawn", "flower", "received")


def tile_names(cats: Translator, notation: str) -> str:
    """The names of the tiles of ``notation`` (``table`` catalogue), joined."""
    names = [tile_name(cats.domain("table"), t.notation) for t in parse_tiles(notation)]
    return cats.t("lessons.list", first=", ".join(names[:-1]), last=names[-1]) \
        if len(names) > 1 else (names[0] if names else "")


def button_label(cats: Translator, button: str, rules: str | None = None) -> str:
    """A button's label: the rule set's name of a claim (``action.<kind>`` of its catalogue,
    as on the table), else the engine's action names (``game``); «finish» from ``lessons``."""
    if button == FINISH:
        return cats.t("lessons.button.finish")
    if rules and cats.known(f"{rules}.action.{button}"):
        return cats.t(f"{rules}.action.{button}")
    return cats.t(f"game.action.{button}")


def text(cats: Translator, rules: str, key: str, params: dict[str, Any] | None = None,
         domain: str = "lessons") -> str:
    """Translate a lesson message: tiles by name, seats by ``seat.<n>``, and the rule
    set's own words for {pung}, {kong}, {chow}, the dealer ({banker}), the winning {shape}
    and the button labels ({btn_<button>})."""
    out: dict[str, Any] = {
        "pung": cats.t(f"{rules}.term.pung"), "kong": cats.t(f"{rules}.term.kong"),
        "chow": cats.t(f"{rules}.term.chow"), "banker": cats.t(f"lessons.banker.{rules}"),
        "shape": cats.t(f"lessons.shape.{rules}")}
    for button in (*BUTTONS, FINISH):
        out[f"btn_{button}"] = button_label(cats, button, rules)
    for name, value in (params or {}).items():
        if name in _TILE_PARAMS:
            out[name] = tile_names(cats, str(value))
        elif name == "discarder":
            out[name] = cats.domain("lessons").t(str(value))
        else:
            out[name] = value
    return cats.domain(domain).t(key, **out)


def cite_text(cats: Translator, citation: dict[str, str] | Citation | None) -> str:
    """«Source: <document>, <section>» (``learn`` catalogue), or "" without one."""
    if citation is None:
        return ""
    if isinstance(citation, Citation):
        citation = citation.to_json()
    return cats.t("learn.cite", document=DOCUMENTS[citation["document"]],
                  section=citation["section"])


__all__ = ["BUTTONS", "button_label", "cite_text", "text", "tile_names"]
