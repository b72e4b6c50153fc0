"""The boundary of a kept match (the ``match`` command's record, Keep score's stored copy
and its imports): the text through the bounded reader every input shares, then the ledger. Every refusal is a
``RecordFieldError`` naming the field, so the page tells it as it tells any bad record.
"""
from __future__ import annotations

from typing import Any

from ..bounded import InputError, read_json
from .ledger import Ledger, RecordFieldError

MAX_MATCH_CHARS = 5 << 20    # 2,000 hands written with an indent: about 1.5 M characters


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
    """A match record settled hand by hand (its options checked by each rule set's
    ``Options.checked`` as the ledger reads them): the one reading the ``match`` command and
    Keep score share (``RecordFieldError`` for anything wrong)."""
    return Ledger.from_json(data)


__all__ = ["MAX_MATCH_CHARS", "read_match", "settle"]
