"""Macau 1988 hands counted at the table (Portaria n.º 133/88/M, art. 5.º): the winner's
fan as the table added them, ``{"fan": F}``, or the items ticked from the rule set's list,
``{"items": [...]}``; with ``"liable": case`` when the table found the discarder liable
under a case of art. 9.º (the discarder is named on the hand)."""
from __future__ import annotations

from collections.abc import Sequence

from ..errors import HandError
from ..scoring import Entry, ScoreItem, Unit
from .counts import Counted, check_keys, key_list, whole
from .macau_1988_liability import LIABILITY_CITATIONS

MAX_FAN = 20


def read_count(counted: Counted, entries: Sequence[Entry]
               ) -> tuple[int, bool, list[ScoreItem], str | None]:
    """(fan added, any «fan dobrado» item, the ticked items, the liability case)."""
    data = check_keys(counted.data, ("fan", "items", "liable"))
    by_key = {entry.key: entry for entry in entries}
    items: list[ScoreItem] = []
    if "items" in data:
        if "fan" in data:
            raise HandError("match.count_fan_or_items", field="count.fan")
        for key in key_list(data, "items", tuple(by_key)):
            entry = by_key[key]
            items.append(ScoreItem(key, entry.amount, entry.unit, entry.citation,
                                   readings=tuple(entry.readings)))
        fan = int(sum(i.amount for i in items if i.unit is Unit.FAN))
        double = any(i.unit is Unit.LIMIT for i in items)
    elif "fan" in data:
        fan, double = whole(data, "fan", 0, MAX_FAN), False
    else:
        raise HandError("hand.missing_field", field="count.fan")
    liable = data.get("liable")
    if liable is not None:
        if liable not in LIABILITY_CITATIONS:
            raise HandError("match.count_unknown_item", field="count.liable", value=str(liable)[:40])
        if "discarder" not in counted.facts:
            raise HandError("hand.missing_field", field="discarder")
    return fan, double, items, liable


__all__ = ["read_count"]
