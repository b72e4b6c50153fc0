"""Names the page gives to the engine's things, each written once (pure Python): a tile's
face from its notation, a rule set's name, a scoring item, a reading, a claim. Plain
functions over the page's one translator (``mahjong_ui.i18n.Translator``)."""
from __future__ import annotations

from .i18n import Translator
from .rulesets import known as known_rules


def tile_name(tr: Translator, notation: str) -> str:
    """The face of a tile from its notation (``5p``, ``1z``, ``6f``): the tile's own name
    where the bound catalogue has one (``tile.<code>``, the table's), else the suit's
    template with the rank (``tile.<suit>``, ``tile.f``, ``tile.season``: the calculator's)."""
    own = f"tile.{notation}"
    if tr.known(own):
        return tr.t(own)
    rank, suit = notation[:-1], notation[-1]
    if suit in "mps":
        return tr.t(f"tile.{suit}", rank=rank)
    number = int(rank)
    return tr.t("tile.f", rank=number) if number <= 4 else tr.t("tile.season", rank=number - 4)


def rules_name(tr: Translator, key: str) -> str:
    """The rule set's name: the page's own (``ui``), else its catalogue's ``name`` (a rule
    set registered at run time names itself, or bears its parent's name)."""
    ui = tr.domain("ui")
    own = f"rules.{key}"
    if ui.known(own) or not known_rules(key):
        return ui.t(own)
    return tr.domain(key).t("name")


def item_name(tr: Translator, rules: str, key: str) -> str:
    """A scoring item's name in its rule set's catalogue."""
    return tr.domain(rules).t(f"item.{key}")


def reading_text(tr: Translator, key: str) -> str:
    """The text of a reading key as the engine names it: ``<domain>.<name>`` is
    ``reading.<name>`` of that catalogue; ``game.reading.*`` is in game.json."""
    if key.startswith("game."):
        return tr.domain("game").t(key)
    domain, _, name = key.partition(".")
    return tr.domain(domain).t(f"reading.{name}")


def claim_name(tr: Translator, rules: str, kind: str) -> str:
    """The one name of a claim in a rule set and language: the rule set's ``term.<kind>``
    (buttons say ``action.<kind>``, the same name), used by the rules pages, the lesson and
    the exercises alike; the straight chow is a chow."""
    return tr.domain(rules).t("term.chow" if kind == "chow_straight" else f"term.{kind}")


__all__ = ["claim_name", "item_name", "reading_text", "rules_name", "tile_name"]
