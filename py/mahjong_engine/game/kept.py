"""The boundary of a kept match (the ``match`` command's record, Keep score's stored copy
and its imports): the text through the bounded reader every input shares, and the options'
types and ranges checked before any hand is settled. Every refusal is a
``RecordFieldError`` naming the field, so the page tells it as it tells any bad record.
"""
from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any

from ..bounded import InputError, read_json
from ..errors import HandError, clip
from ..rules import rule_set_class
from .ledger import Ledger, RecordFieldError

MAX_MATCH_CHARS = 5 << 20    # 2,000 hands written with an indent: about 1.5 M characters
MAX_OPTION = 10 ** 9         # a limit, a target or a capital: a whole number, at least 1


def read_match(text: Any) -> Any:
    """The JSON of a kept match or an import; ``RecordFieldError`` (field ``record``) when
    it is not text, is too large, nests too deep or is not JSON."""
    try:
        return read_json(text, MAX_MATCH_CHARS)
    except InputError as error:
        reason = "match.not_an_object" if error.key == "input.bad_json" else error.key
        raise RecordFieldError("match.bad_record", hand=None, field="record", reason=reason,
                               **error.params) from None


def settle(data: Any) -> Ledger:
    """A match record settled hand by hand, its options checked first: the one reading
    the ``match`` command and Keep score share (``RecordFieldError`` for anything wrong)."""
    check_record(data)
    return Ledger.from_json(data)


def check_record(data: Any) -> None:
    """What is checked of a match record before the ledger reads it: its options."""
    if isinstance(data, dict):
        check_options(data.get("rules"), data.get("options", {}))


def check_options(rules: Any, options: Any) -> None:
    """Each option a whole number of at least 1 (a limit, the Jai Alai's target, a
    capital), a flag a bool, an option with no default (Macau's capital) also None; the
    stake text. Unknown names are left to the ledger (``match.unknown_option``)."""
    if not isinstance(rules, str) or not isinstance(options, dict):
        return                     # the ledger names these fields
    try:
        cls = rule_set_class(rules)
    except HandError:
        return
    defaults = {f.name: None if f.default is MISSING else f.default
                for f in fields(cls.options_class)}
    for name, value in options.items():
        if name == "stake":
            if not isinstance(value, str) or not 0 < len(value) <= 40:
                raise _bad(name, value)
            continue
        if name not in defaults:
            continue
        default = defaults[name]
        if isinstance(default, bool):
            ok = isinstance(value, bool)
        else:
            ok = ((value is None and default is None)
                  or (type(value) is int and 1 <= value <= MAX_OPTION))
        if not ok:
            raise _bad(name, value)


def _bad(name: str, value: Any) -> RecordFieldError:
    return RecordFieldError("match.bad_record", hand=None, field=f"options.{clip(name)}",
                            reason="match.bad_option", value=clip(value))


__all__ = ["MAX_MATCH_CHARS", "check_options", "check_record", "read_match", "settle"]
