"""The rule sets, one module per document, and their registry."""
from __future__ import annotations

from importlib import import_module

from ..errors import HandError
from .base import Options, RuleSet

RULE_SET_KEYS = ("macau_1988", "filipino", "serralheiro_2003", "cayro")
_CLASS_NAMES = {"macau_1988": "Macau1988", "filipino": "Filipino",
                "serralheiro_2003": "Serralheiro2003", "cayro": "Cayro"}
_REGISTERED: dict[str, type[RuleSet]] = {}   # rule sets added at run time (``register``)


def register(cls: type[RuleSet]) -> type[RuleSet]:
    """Add a rule set defined elsewhere (a variant of one of the four, with its own
    ``key``); usable as a class decorator."""
    if not cls.key or cls.key in _CLASS_NAMES:
        raise ValueError(f"rule set key taken or empty: {cls.key!r}")
    _REGISTERED[cls.key] = cls
    return cls


def rule_set_keys() -> tuple[str, ...]:
    """Every rule set: the four documents, then those registered at run time."""
    return RULE_SET_KEYS + tuple(_REGISTERED)


def rule_set_class(key: str) -> type[RuleSet]:
    if key in _REGISTERED:
        return _REGISTERED[key]
    if key not in _CLASS_NAMES:
        raise HandError("rules.unknown", rules=str(key)[:40])
    module = import_module(f"{__name__}.{key}")
    return getattr(module, _CLASS_NAMES[key])


def get_rule_set(key: str, options: Options | None = None) -> RuleSet:
    return rule_set_class(key)(options)


__all__ = ["RULE_SET_KEYS", "Options", "RuleSet", "get_rule_set", "register", "rule_set_class",
           "rule_set_keys"]
