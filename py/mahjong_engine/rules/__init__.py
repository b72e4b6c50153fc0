"""The rule sets, one module per document, and their registry."""
from __future__ import annotations

from importlib import import_module

from ..errors import HandError
from .base import Options, RuleSet

RULE_SET_KEYS = ("macau_1988", "filipino", "serralheiro_2003", "cayro")
_CLASS_NAMES = {"macau_1988": "Macau1988", "filipino": "Filipino",
                "serralheiro_2003": "Serralheiro2003", "cayro": "Cayro"}


def rule_set_class(key: str) -> type[RuleSet]:
    if key not in _CLASS_NAMES:
        raise HandError("rules.unknown", rules=str(key)[:40])
    module = import_module(f"{__name__}.{key}")
    return getattr(module, _CLASS_NAMES[key])


def get_rule_set(key: str, options: Options | None = None) -> RuleSet:
    return rule_set_class(key)(options)


__all__ = ["RULE_SET_KEYS", "Options", "RuleSet", "get_rule_set", "rule_set_class"]
