"""A rule set's options: what clubs change, each document's defaults.

Every rule set subclasses ``Options`` with the defaults of its document (Macau's capital
in play, Serralheiro's limits, Cayro's readings...); ``RuleSet[OptionsT]`` is typed by it.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, TypeVar

MAX_OPTION = 10**12   # no limit, target or capital a table agrees comes near it


@dataclass(frozen=True)
class Options:
    """Options clubs change; each rule set subclasses this with its document's defaults."""

    @classmethod
    def choices(cls) -> dict[str, tuple[str, ...]]:
        """The options that take one of a few words (a reading of the document), each with
        its words, the default first. Default: none."""
        return {}

    @classmethod
    def checked(cls, name: str, value: Any) -> Any:
        """The value a match record gives option ``name``, as the options take it; raises
        ``ValueError`` when it does not suit: a switch is true or false; a number (a
        limit, a target) is a whole number above 0 (a limit of 0 or below would make
        nobody pay, or the winner pay), never null. Subclasses check their other kinds."""
        default = {f.name: f.default for f in fields(cls)}[name]
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise ValueError(name)
            return value
        if isinstance(value, bool) or not isinstance(value, int) or not 0 < value < MAX_OPTION:
            raise ValueError(name)
        return value


# Covariant: a rule set reads its options and never takes new ones after construction, so
# every ``RuleSet[SomeOptions]`` is a ``RuleSet[Options]`` (the registry's type).
OptionsT = TypeVar("OptionsT", bound=Options, covariant=True)


__all__ = ["MAX_OPTION", "Options", "OptionsT"]
