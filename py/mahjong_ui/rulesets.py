"""The page's one way to ask about a rule set by its key (pure Python, no ``js``).

The page never compares a rule-set key: it asks the rule set (``presentation``, its class
data) or its catalogue. A rule set registered at run time (``mahjong_engine.rules.register``)
is known here as soon as it is registered; a variant that declares no presentation or
catalogue entries of its own uses its parent's.
"""
from __future__ import annotations

from typing import TypeGuard

from mahjong_engine.errors import HandError
from mahjong_engine.rules import RULE_SET_KEYS, Options, RuleSet, registered_keys, rule_set_class
from mahjong_engine.rules.presentation import Presentation

DEFAULT_RULES = RULE_SET_KEYS[0]   # the first document: the page's choice before the user's
_PLAIN = Presentation()
_DOCUMENTS: dict[str, type[RuleSet[Options]]] = {}   # the four documents' classes, once looked up
_LINEAGES: dict[type[RuleSet[Options]], tuple[str, ...]] = {}   # every translation asks: kept quick


def known(key: object) -> TypeGuard[str]:
    return isinstance(key, str) and (key in RULE_SET_KEYS or key in registered_keys())


def rule_class(key: str) -> type[RuleSet[Options]] | None:
    cls = _DOCUMENTS.get(key)
    if cls is not None:
        return cls
    try:
        cls = rule_set_class(key)
    except HandError:
        return None
    if key in RULE_SET_KEYS:
        _DOCUMENTS[key] = cls
    return cls


def presentation(key: str) -> Presentation:
    """What the page shows of rule set ``key`` (the plain defaults for an unknown key)."""
    cls = rule_class(key) if known(key) else None
    return cls.presentation if cls is not None else _PLAIN


def _lineage(cls: type[RuleSet[Options]]) -> tuple[str, ...]:
    found = _LINEAGES.get(cls)
    if found is None:
        found = _LINEAGES[cls] = cls.lineage()
    return found


def domains(key: str) -> tuple[str, ...]:
    """The catalogue domains of rule set ``key``, its own first, then its parents'
    (``(key,)`` for any other domain: every translation asks, so this is kept quick)."""
    cls = rule_class(key) if known(key) else None
    return _lineage(cls) if cls is not None else (key,)


__all__ = ["DEFAULT_RULES", "domains", "known", "presentation", "registered_keys", "rule_class"]
