"""How each rule set lays out a concealed kong (and a set "made on the rack") on the
table: rule-set data (``RuleSet.presentation.kong``), read from the documents. Pure
Python, no ``js``.

``play_down`` are the positions (0-3) of a concealed kong's tiles lying face down while
the hand is played; ``end_down`` the positions face down when the hand is laid open for
scoring; ``pung_end_down`` the same for a concealed pung on the score sheet. ``reading``
is the catalogue key telling the user how the layout was read (``None`` when the document
says it in so many words); ``citation`` names the article.
"""
from __future__ import annotations

from mahjong_engine.rules import RULE_SET_KEYS
from mahjong_engine.rules.presentation import KongLayout

from ..rulesets import presentation

# Each document's layout is its rule set's ``presentation.kong`` (see the rule modules
# for the article each follows); the four documents by key, for tests and the help page.
LAYOUTS: dict[str, KongLayout] = {key: presentation(key).kong for key in RULE_SET_KEYS}
DEFAULT = KongLayout()


def layout(rules: str) -> KongLayout:
    return presentation(rules).kong


def face_down(rules: str, kind: str, concealed: bool, index: int, size: int,
              ended: bool) -> bool:
    """Whether tile ``index`` of a set of ``size`` tiles lies face down."""
    if not concealed:
        return False
    rule = layout(rules)
    if kind == "kong" and size == 4:
        return index in (rule.end_down if ended else rule.play_down)
    if kind == "pung" and size == 3 and ended:
        return index in rule.pung_end_down
    return False


__all__ = ["LAYOUTS", "KongLayout", "face_down", "layout"]
