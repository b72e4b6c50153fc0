"""The rule sets, one module per document, and their registry.

The registry is built once, from the classes: ``register`` adds a ``RuleSet`` subclass
under its ``key`` (and its document's title for citations, ``scoring.DOCUMENTS``). The
four documents of this project are registered here; a new rule set is one module whose
class is passed to ``register`` (see ``tests/engine/test_fifth_rule_set.py``).

Layout: ``base.RuleSet`` (hooks and their defaults), ``options.Options``, ``contract``
(the value types a rule set declares: ``Settlement``, ``WallOpening``, ``ValueHints``),
``differences`` (settlement by differences, priced by each rule set), ``counts`` and
``presentation``. Each document's modules start with its key: the rule set
(``macau_1988.py``), then its tables or entries, settlement, liability, facts and counted
hands where it has them, each citing the document.
"""
from __future__ import annotations

from typing import TypeVar

from .. import scoring
from ..errors import HandError
from .base import Options, RuleSet
from .contract import Settlement, Valuation, ValueHints, WallOpening
from .cayro import Cayro
from .filipino import Filipino
from .macau_1988 import Macau1988
from .serralheiro_2003 import Serralheiro2003

_REGISTRY: dict[str, type[RuleSet[Options]]] = {}

R = TypeVar("R", bound=type[RuleSet[Options]])


def register(cls: R) -> R:
    """Add the rule set class ``cls`` under ``cls.key`` (usable as a class decorator).

    Its ``document`` becomes the title ``Citation`` prints for that key. Registering a
    key again replaces the class only if it is the same class. A class that leaves a hook
    its settlement requires (``Settlement.required_hooks``) at the default is refused
    with a ``ValueError`` naming the hook."""
    if not cls.key:
        raise ValueError(f"{cls.__name__} has no key")
    missing = missing_hooks(cls)
    if missing:
        raise ValueError(
            f"{cls.__name__} settles by {cls.settlement.value!r} but does not define "
            + ", ".join(repr(hook) for hook in missing)
            + " (Settlement.required_hooks: the RuleSet defaults settle nothing)")
    known = _REGISTRY.get(cls.key)
    if known is not None and known is not cls:
        raise ValueError(f"rule set key {cls.key!r} is taken by {known.__name__}")
    _REGISTRY[cls.key] = cls
    scoring.DOCUMENTS.setdefault(cls.key, cls.document or cls.key)
    return cls


def missing_hooks(cls: type[RuleSet[Options]]) -> tuple[str, ...]:
    """The hooks ``cls.settlement`` requires (``Settlement.required_hooks``) that ``cls``
    leaves at ``RuleSet``'s default, in their declared order."""
    return tuple(hook for hook in cls.settlement.required_hooks
                 if getattr(cls, hook) is getattr(RuleSet, hook))


def unregister(key: str) -> None:
    """Remove a rule set added by ``register`` (tests that add one for a while)."""
    if key in RULE_SET_KEYS:
        raise ValueError(f"{key!r} is one of the documents of this project")
    _REGISTRY.pop(key, None)
    scoring.DOCUMENTS.pop(key, None)


for _cls in (Macau1988, Filipino, Serralheiro2003, Cayro):
    register(_cls)

RULE_SET_KEYS: tuple[str, ...] = tuple(_REGISTRY)
"""The keys of the four documents of this project, in their order of presentation."""


def registered_keys() -> tuple[str, ...]:
    """Every registered key: the four documents, then any rule set added since."""
    return tuple(_REGISTRY)



def rule_set_class(key: str) -> type[RuleSet[Options]]:
    cls = _REGISTRY.get(key) if isinstance(key, str) else None
    if cls is None:
        raise HandError("rules.unknown", rules=str(key)[:40])
    return cls


def get_rule_set(key: str, options: Options | None = None) -> RuleSet[Options]:
    return rule_set_class(key)(options)


__all__ = ["RULE_SET_KEYS", "Options", "RuleSet", "Settlement", "Valuation", "ValueHints",
           "WallOpening", "get_rule_set", "missing_hooks", "register", "registered_keys",
           "rule_set_class", "unregister"]
