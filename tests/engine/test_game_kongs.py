"""Kongs, robbing the kong, replacement wins, flowers, last tile, exhaustive draw and
first-turn wins, on stacked walls for every rule set."""
from __future__ import annotations

import pytest

from builders import pung_then_draw_the_fourth
from mahjong_engine.game import Discard, Draw, Kong, KongSource, Pass, Win
from mahjong_engine.game.scenario import pass_claims, play_through, stacked_state
from mahjong_engine.notation import parse_tile, parse_tiles

RULES = ("macau_1988", "filipino", "serralheiro_2003", "cayro")
T = parse_tile


def hands_for(rules: str, hands: list[str], extra: list[str]) -> list[str]:
    return [h + x for h, x in zip(hands, extra, strict=True)] if rules == "filipino" else hands


def items(state) -> set[str]:
    return {item["key"] for item in state.result.score["items"]}


# ------------------------------------------------------------------ robbing a kong
ROB = ["19m19p19s1234567z5p", "55p123m456m789m12s", "222s333s444s666s7s", "46p888m555s999s77z"]
ROB_EXTRA = ["666p", "777p", "888p", "111p"]


@pytest.mark.parametrize("rules", RULES)
def test_robbing_an_added_kong(rules):
    state = stacked_state(rules, hands_for(rules, ROB, ROB_EXTRA), draws="1z2z3z5p",
                          exchanges=False)
    state.apply(Discard(0, T("5p")))
    assert Win(3) in state.legal_actions(3)          # N could win now; he waits
    pung_then_draw_the_fourth(state)
    assert state.last_drawn == T("5p")
    kong = Kong(1, T("5p"), KongSource.ADDED)
    assert kong in state.legal_actions(1)
    state.apply(kong)
    assert state.phase == "rob" and state.waiting_for() == [3]
    state.apply(Win(3))
    result = state.result
    assert result.winner == 3 and result.win == "robbing_kong" and result.discarder == 1
    assert [m.notation for m in state.melds[1]] == ["555p"]   # the pung stays a pung
    if rules == "macau_1988":
        assert "robbing_kong" in items(state)                   # «Ch'eong kong», art. 5.º (2)
    if rules == "filipino":
        assert result.markers[3] == 2                           # "Roubar o Kong"
    if rules == "cayro":
        assert "robbing_kong" in items(state)


@pytest.mark.parametrize("rules", RULES)
def test_added_kong_not_robbed_takes_replacement(rules):
    state = stacked_state(rules, hands_for(rules, ROB, ROB_EXTRA), draws="1z2z3z5p",
                          replacements="", exchanges=False)
    state.apply(Discard(0, T("5p")))
    pung_then_draw_the_fourth(state)
    back = state.wall.back
    state.apply(Kong(1, T("5p"), KongSource.ADDED))
    state.apply(Pass(3))
    assert state.phase == "turn" and state.current == 1
    assert [m.notation for m in state.melds[1]] == ["5555p"]
    assert state.wall.back < back                               # from the replacement end
    assert state.held(1) == state.hand_size + 1


# ------------------------------------------------------------------ kongs on kongs
KONGS = ["1111m222m345p678s9s", "19p1234567z1357s", "9m2468p1234567z2s", "3579m4567z2p6p89s4s"]
KONGS_EXTRA = ["777p", "567m", "888m", "333s"]


@pytest.mark.parametrize("rules", RULES)
def test_successive_kongs_and_replacement_win(rules):
    state = stacked_state(rules, hands_for(rules, KONGS, KONGS_EXTRA), replacements="2m9s",
                          exchanges=False)
    assert Win(0) not in state.legal_actions(0)
    state.apply(Kong(0, T("1m"), KongSource.CONCEALED))
    assert state.last_drawn == T("2m")
    state.apply(Kong(0, T("2m"), KongSource.CONCEALED))
    assert state.last_drawn == T("9s")
    assert Win(0) in state.legal_actions(0)
    state.apply(Win(0))
    result = state.result
    assert result.win == "kong_replacement"
    assert result.hand["first_turn"] is False
    assert all(m["concealed"] for m in result.hand["melds"])
    if rules == "macau_1988":
        assert result.hand.get("successive_kongs") is True
        assert "successive_kongs" in items(state)               # «Kong seong kong», art. 5.º (3)
    if rules == "cayro":
        assert "loose_tile" in items(state)                     # «ficha suelta»
    if rules == "filipino":
        assert result.markers[0] == 2                           # bunot (reading)


# ------------------------------------------------------------------ flowers
FLOWERS = ["1f2f19m19p19s123456z", "3f2468m2468p2468s", "3579m3579p3579s7z", "1234567z5m5p5s3m3p3s"]
FLOWERS_EXTRA = ["777p", "111s", "888m", "111m"]


@pytest.mark.parametrize("rules", ["filipino", "serralheiro_2003", "cayro"])
def test_flowers_in_the_deal_and_in_play(rules):
    state = stacked_state(rules, hands_for(rules, FLOWERS, FLOWERS_EXTRA), draws="4f",
                          replacements="5z6z7z8s", exchanges=False)
    # shown and replaced banker first, from the replacement end, in order
    assert state.flowers[0] == parse_tiles("1f2f") and state.flowers[1] == parse_tiles("3f")
    assert state.hands[0].count(T("6z")) == 2 and T("7z") in state.hands[1]
    assert [e["during"] for e in state.events if e["type"] == "flower"] == ["deal"] * 3
    state.apply(Discard(0, T("9m")))
    pass_claims(state)
    state.apply(Draw(1))
    assert state.flowers[1] == parse_tiles("3f4f")
    assert state.last_drawn == T("8s") and state.held(1) == state.hand_size + 1
    assert state.events[-1]["type"] == "flower" and state.events[-1]["during"] == "play"


def test_macau_has_no_flowers():
    state = stacked_state("macau_1988", KONGS, replacements="2m9s")
    assert state.rules.tile_count == 136 and len(state.tiles_in_play()) == 136
    assert not any(t.is_bonus for t in state.tiles_in_play())


# ------------------------------------------------------------------ the end of the wall
LAST = ["19m19p19s1234567z3p", "24p567m678m234s5s7z", "33p111m222m444m89s", "23p456m789m234s55z"]
LAST_EXTRA = ["666p", "777p", "888p", "111s"]


def _at_last_tile(state) -> bool:
    return state.phase == "turn" and state.wall.live == 0


@pytest.mark.parametrize("rules", RULES)
def test_win_on_the_last_tile_of_the_wall(rules):
    state = stacked_state(rules, hands_for(rules, LAST, LAST_EXTRA), last="1p", exchanges=False)
    play_through(state, stop=_at_last_tile)
    assert state.current == 3 and state.last_drawn == T("1p")
    state.apply(Win(3))
    assert state.result.hand["last_tile"] is True
    if rules == "serralheiro_2003":
        assert "lua_pescada" in items(state)          # «Lua Pescada no Fundo do Mar»
    if rules == "cayro":
        assert "last_tile" in items(state)


@pytest.mark.parametrize("rules", RULES)
def test_exhaustive_draw_pays_nothing(rules):
    state = stacked_state(rules, hands_for(rules, LAST, LAST_EXTRA), last="9p", exchanges=False)
    play_through(state)
    assert state.ended and state.result.draw
    assert state.result.payments == [0, 0, 0, 0] and state.result.markers == [0, 0, 0, 0]
    assert state.result.notes == ["game.end.wall_exhausted"]
    assert state.wall.remaining == 0


# ------------------------------------------------------------------ first-turn wins
DEALT = ["123m456m789m123p88s", "19p1234567z1357s", "9m2468p1234567z2s", "3579m4567z2p6p89s4s"]
DEALT_EXTRA = ["777s", "567m", "888m", "333s"]


@pytest.mark.parametrize("rules", ["macau_1988", "filipino", "cayro"])
def test_banker_dealt_a_winning_hand(rules):
    state = stacked_state(rules, hands_for(rules, DEALT, DEALT_EXTRA), exchanges=False)
    assert Win(0) in state.legal_actions(0)
    state.apply(Win(0))
    assert state.result.hand["first_turn"] is True and state.result.win == "self_drawn"
    if rules == "macau_1988":
        assert "heavenly_hand" in items(state)        # «t'in vu», art. 4.º (1)
    if rules == "filipino":
        assert "bisaklat" in items(state) and state.result.markers[0] == 3


def test_serralheiro_exchanges_then_fulminante():
    hands = ["123m456m789m123p5z9s", "1m5z2468p2468s147z", "3579m3579p3579s6z",
             "2p3p1s1s2z2z3z3z6z8m8m1p9p"]
    state = stacked_state("serralheiro_2003", hands)
    from mahjong_engine.game import Exchange
    assert state.phase == "exchange" and state.waiting_for() == [0, 1]

    def swap(a, a_tiles, b, b_tiles):
        state.apply(Exchange(a, tuple(sorted(parse_tiles(a_tiles)))))
        assert state.phase == "exchange"
        state.apply(Exchange(b, tuple(sorted(parse_tiles(b_tiles)))))

    swap(0, "1m9s", 1, "1m5z")
    assert T("9s") in state.hands[1] and state.hands[0].count(T("5z")) == 2
    swap(1, "2s4s", 2, "3s5s")
    swap(2, "7m9m", 3, "1s1s")
    assert state.waiting_for() == [0, 3]
    swap(3, "2p3p", 0, "2p3p")
    assert state.phase == "turn" and state.current == 0
    assert Win(0) in state.legal_actions(0)
    state.apply(Win(0))
    assert state.result.hand["first_turn"] is True
    assert "fulminante" in items(state)
    assert sum(state.result.payments) == 0


def test_serralheiro_exchanges_can_be_switched_off():
    state = stacked_state("serralheiro_2003", DEALT, exchanges=False)
    assert state.phase == "turn"


# ------------------------------------------------------------------ Macau art. 9.º
def test_macau_liability_broken_set():
    hands = ["19m19p19s1234567z8m", "222m456p678p13s79s", "2m345m678m345s567s",
             "111p999p444z888s6z"]
    state = stacked_state("macau_1988", hands, draws="5z", stake="50/100")
    state.apply(Discard(0, T("8m")))
    pass_claims(state)
    state.apply(Draw(1))
    state.apply(Discard(1, T("2m")))        # from a pung in hand, not waiting: art. 9.º (5)
    state.apply(Win(2))
    pass_claims(state)
    result = state.result
    assert result.winner == 2 and result.liable == 1 and result.liability == "broke_set"
    assert result.payments[0] == 0 and result.payments[3] == 0
    assert result.payments[1] < 0 and result.payments[2] == -result.payments[1] - result.commission
    assert result.commission == 20                                  # art. 7.º, $50/$100
