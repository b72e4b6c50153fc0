"""The engine's string enums are plain strings wherever text is made of them, and a wind's
place in turn order does not hide ``str.index`` (a ``Wind`` is a ``str``)."""
from __future__ import annotations

import pytest

from mahjong_engine.game.actions import KongSource
from mahjong_engine.hand import WinKind
from mahjong_engine.melds import MeldKind
from mahjong_engine.scoring import Unit
from mahjong_engine.tiles import WINDS, Suit, Wind


@pytest.mark.parametrize("member", [Wind.SOUTH, Suit.BAMBOO, MeldKind.PUNG, WinKind.SELF_DRAWN,
                                    Unit.POINTS, KongSource.DISCARD])
def test_text_of_a_member_is_its_value(member: str) -> None:
    assert str(member) == member.value
    assert f"{member}" == member.value
    template = "{value}"                      # as messages.render fills a catalogue's text
    assert template.format(value=member) == member.value


def test_wind_order_and_str_index() -> None:
    assert [w.order for w in WINDS] == [0, 1, 2, 3]
    assert Wind.NORTH.next() is Wind.EAST and Wind.EAST.next(2) is Wind.WEST
    assert Wind.EAST.index("E") == 0          # str.index, no longer shadowed by a property
