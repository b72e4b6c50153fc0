"""Macau 1988, the settlement facts a hand description may carry: Portaria n.º 133/88/M,
art. 8.º (4) (the winner's capital in play), art. 9.º (7), (8) (a false win) and art. 9.º
(the discarder the liability rests on, with his hand and the tiles face up), checked
against art. 1.º (2) (four tiles of each kind).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import HandError, clip
from ..hand import HandDescription, WinKind
from ..notation import parse_tile, parse_tiles
from ..scoring import Citation
from ..tiles import PLAYABLE_KINDS, Tile, Wind, counts_of
from .macau_1988_entries import KEY

SETTLEMENT_FIELDS = ("capital", "false_win", "discarder", "liability")


def _bad(name: str, value: object) -> HandError:
    return HandError("hand.bad_fact", field=name, value=clip(value))


def read_facts(hand: HandDescription, data: Mapping[str, Any]) -> dict[str, Any]:
    """Check the settlement facts of a hand description (``SETTLEMENT_FIELDS``):
    ``capital``: the winner's capital in play, whole dollars (art. 8.º (4));
    ``false_win``: the declared win is «nulo» (art. 9.º (7), (8));
    ``discarder``: the wind of the player whose discard the liability of art. 9.º rests on:
    the winning tile, or with ``liability.fourth_set_tile`` the tile the winner claimed
    for his fourth set before winning on his next draw (art. 9.º (2));
    ``liability``: the discarder's facts when he discarded: ``discarder_hand`` (his
    concealed tiles, the discarded one included), ``discarder_melds`` (his sets on the
    table), ``visible`` (tiles face up on the table before the discard)."""
    facts: dict[str, Any] = {}
    capital = data.get("capital")
    if capital is not None:
        if isinstance(capital, bool) or not isinstance(capital, int) or not 0 < capital < 10**12:
            raise _bad("capital", capital)
        facts["capital"] = capital
    false_win = data.get("false_win", False)
    if not isinstance(false_win, bool):
        raise HandError("hand.bad_flag", field="false_win")
    if false_win:
        facts["false_win"] = True
    liability_data = data.get("liability")
    if liability_data is not None and not isinstance(liability_data, dict):
        raise _bad("liability", liability_data)
    liability_data = liability_data or {}
    discarder = data.get("discarder")
    if discarder is None:
        if liability_data:
            raise HandError("hand.missing_field", field="discarder")
        return facts
    try:
        seat = Wind(discarder)
    except ValueError:
        raise HandError("hand.bad_wind", field="discarder", value=clip(discarder)) from None
    if seat is hand.seat_wind:
        raise HandError("hand.impossible.discarder_is_winner",
                        citation=str(Citation(KEY, "art. 9.º")))
    fourth = liability_data.get("fourth_set_tile")
    if fourth is None and hand.win is not WinKind.DISCARD:
        raise HandError("hand.impossible.discarder_without_discard", win=hand.win.value,
                        citation=str(Citation(KEY, "art. 9.º")))
    facts["discarder"] = seat
    if fourth is not None:
        if not isinstance(fourth, str) or not hand.win.from_wall:
            raise _bad("liability.fourth_set_tile", fourth)
        facts["fourth_set_tile"] = parse_tile(fourth)
    for name in ("discarder_hand", "visible"):
        value = liability_data.get(name, "")
        if not isinstance(value, str):
            raise _bad(f"liability.{name}", value)
        tiles = tuple(parse_tiles(value))
        if any(t.is_bonus for t in tiles) or max(counts_of(tiles), default=0) > 4:
            raise _bad(f"liability.{name}", value)
        facts[name] = tiles
    melds = liability_data.get("discarder_melds", 0)
    if isinstance(melds, bool) or not isinstance(melds, int) or not 0 <= melds <= 4:
        raise _bad("liability.discarder_melds", melds)
    facts["discarder_melds"] = melds
    _check_copies(hand, facts.get("fourth_set_tile"), facts["discarder_hand"], facts["visible"])
    return facts


def _check_copies(hand: HandDescription, fourth: Tile | None, discarder_hand: Sequence[Tile],
                  visible: Sequence[Tile]) -> None:
    """The winner's tiles and the liability facts share one set: «cada uma com 4 peças
    iguais» (art. 1.º (2)). The winner's concealed tiles, the discarder's hand and the
    tiles face up are different tiles; the winner's exposed sets may be among those face
    up, so they count where they are more. The tile the discarder let go (the winning
    tile, or the fourth set's) is in his hand and in the winner's: counted once."""
    shared = fourth if fourth is not None else hand.win_tile
    concealed = list(hand.concealed) + [t for m in hand.melds if m.concealed for t in m.tiles]
    exposed = [t for m in hand.melds if not m.concealed for t in m.tiles]
    (concealed if fourth is None else exposed).remove(shared)
    held = counts_of(concealed)
    shown = counts_of(exposed)
    theirs = counts_of(discarder_hand)
    seen = counts_of(visible)
    for kind in range(PLAYABLE_KINDS):
        count = held[kind] + theirs[kind] + max(shown[kind], seen[kind])
        if count > 4:
            raise HandError("hand.too_many_copies", tile=Tile(kind).notation, count=count,
                            field="liability", citation=str(Citation(KEY, "art. 1.º (2)")))


__all__ = ["SETTLEMENT_FIELDS", "read_facts"]
