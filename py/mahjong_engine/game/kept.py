"""The boundary of a kept match (the ``match`` command's record, Keep score's stored copy
and its imports): the text through the bounded reader every input shares, then the ledger. Every refusal is a
``RecordFieldError`` naming the field, so the page tells it as it tells any bad record.

A match changed by one hand is settled again from that hand only (``resettle``): a hand
added at the end settles that hand; a corrected hand settles from it until the seats, the
bank and the markers are again as they were, after which the earlier settlement holds.
"""
from __future__ import annotations

import copy
from collections.abc import Sequence
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


def rewound(ledger: Ledger, count: int) -> Ledger:
    """A new ledger as ``ledger`` stood before its hand ``count`` (0-based); ``ledger`` is
    left as it was (the hands' outcomes are shared, never changed)."""
    out = copy.copy(ledger)
    out.outcomes = ledger.outcomes[:count]
    out.marks = ledger.marks[:count]
    out.balances = [sum(o.payments[p] for o in out.outcomes) for p in range(4)]
    out.commission = sum(o.commission for o in out.outcomes)
    out.positions, out.markers = list(ledger.positions), list(ledger.markers)
    if count < len(ledger.marks):
        out.restore(ledger.marks[count])
    return out


def resettle(previous: Ledger, before: Sequence[Any], hands: Sequence[Any]) -> Ledger:
    """The ledger of ``hands``, given ``previous`` settled from ``before`` with the same
    rules, players and options: equal to ``Ledger`` settling ``hands`` from the start
    (``RecordFieldError`` numbered as it would be), settling only what changed."""
    start = 0
    while start < min(len(before), len(hands)) and before[start] == hands[start]:
        start += 1
    if start == len(before) == len(hands):
        return previous
    same_from = len(hands)      # hands[same_from:] are before's hands at the same places
    if len(before) == len(hands):
        while same_from > start and before[same_from - 1] == hands[same_from - 1]:
            same_from -= 1
    ledger = rewound(previous, start)
    for index in range(start, len(hands)):
        if index >= same_from and ledger.state() == previous.marks[index]:
            _adopt(ledger, previous, index)
            break
        ledger.add(hands[index])
    return ledger


def _adopt(ledger: Ledger, previous: Ledger, index: int) -> None:
    """``previous``'s hands from ``index`` on, settled as they were: ``ledger`` stands where
    ``previous`` stood before that hand, and the hands are the same."""
    tail = previous.outcomes[index:]
    ledger.outcomes = [*ledger.outcomes, *tail]
    ledger.marks = [*ledger.marks, *previous.marks[index:]]
    for p in range(4):
        ledger.balances[p] += sum(o.payments[p] for o in tail)
    ledger.commission += sum(o.commission for o in tail)
    ledger.restore(previous.state())


__all__ = ["MAX_MATCH_CHARS", "read_match", "resettle", "rewound", "settle"]
