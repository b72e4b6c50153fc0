"""Small HTML pieces shared by the table and its score sheet (pure Python, no ``js``)."""
from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from ..names import tile_name
from ..rulesets import known, presentation
from ..i18n import Translator

PLAYER_KEYS = ("player.you", "player.right", "player.top", "player.left")
POSITIONS = ("bottom", "right", "top", "left")


def banker_term(rules: str) -> str:
    """The catalogue key of what rule set ``rules`` calls the banker (mano, East…)."""
    return presentation(rules).banker_term if known(rules) else "table.banker"


def win_term(rules: str) -> str:
    """The catalogue key of the winning call's label (Filipino: «Mahjong»)."""
    return presentation(rules).win_term


def a(text: object) -> str:
    return escape(str(text), quote=True)


def tile_html(cat: Translator, notation: str | None, size: str = "sm", down: bool = False,
              turned: bool = False, win: bool = False) -> str:
    """One tile. ``down``: its back (nobody may see it); ``turned``: a face-down tile
    its owner (or the score sheet) may see, drawn dimmed with its face; ``win``: the
    winning tile."""
    classes = ["tile", size]
    if down or notation is None:
        label = cat.t("table.face_down")
        symbol = "t-back"
    else:
        label = tile_name(cat, notation)
        symbol = f"t-{notation}"
        if turned:
            classes.append("is-turned")
            label = cat.t("table.tile_turned", tile=label)
        if win:
            classes.append("is-win")
            label = cat.t("table.tile_winning", tile=label)
    data = "" if notation is None or down else f' data-tile="{a(notation)}"'
    if turned and not down:
        data += ' data-turned="true"'
    if down:
        data += ' data-down="true"'
    if win:
        data += ' data-win="true"'
    return (f'<span class="{" ".join(classes)}" role="img" aria-label="{a(label)}"{data}>'
            f'<svg viewBox="0 0 60 80" aria-hidden="true" focusable="false">'
            f'<use href="static/tiles/tiles.svg#{a(symbol)}"></use></svg></span>')


def seat_of(model: Mapping[str, Any], player: int) -> str:
    """``you``, ``right``, ``top``, ``left`` (``bottom`` when watching): where a player sits."""
    seat = next(s for s in model["seats"] if s["player"] == player)
    if model["watch"] and seat["position"] == "bottom":
        return "bottom"
    return PLAYER_KEYS[POSITIONS.index(seat["position"])].partition(".")[2]


def player_name(cat: Translator, model: Mapping[str, Any], player: int) -> str:
    return cat.t(f"player.{seat_of(model, player)}")


def seat_sentence(cat: Translator, model: Mapping[str, Any], player: int, key: str, **params: Any) -> str:
    """A sentence about a player: one catalogue sentence per seat (``<key>.you``,
    ``<key>.right``…), so each language words "you" and "the player on the right" as its
    grammar needs, instead of pasting a seat name into one sentence."""
    return cat.t(f"{key}.{seat_of(model, player)}", **params)


def amount(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


__all__ = [
    "PLAYER_KEYS",
    "POSITIONS",
    "a",
    "amount",
    "banker_term",
    "player_name",
    "seat_of",
    "seat_sentence",
    "tile_html",
    "win_term",
]
