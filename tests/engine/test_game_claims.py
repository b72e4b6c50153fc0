"""Claims on a discard, for every rule set, on stacked walls: win over pung over chow,
only the next seat may chow, two winners (the nearest in turn order), claims only of the
last discard, the claimant then discards."""
from __future__ import annotations

import pytest

from mahjong_engine.errors import IllegalActionError
from mahjong_engine.game import Chow, Discard, Draw, Pass, Pung, Win
from mahjong_engine.game.scenario import stacked_state
from mahjong_engine.notation import parse_tile

RULES = ("macau_1988", "filipino", "serralheiro_2003", "cayro")

# E discards 3p first. S (next) may chow it (24p), W pung it (33p), N win with it (12p).
HANDS = ["19m19p19s1234567z3p", "24p567m678m234s5s7z", "33p111m222m444m89s",
         "12p789m456s789s66z"]
# S also wins with 3p (12p): two winners, S nearer to E than N.
HANDS_TWO = ["19m19p19s1234567z3p", "12p567m678m234s55s", "33p111m222m444m89s",
             "12p789m456s789s66z"]
# Filipino hands hold five sets: one more set each.
EXTRA = ["666p", "777p", "888p", "555p"]
P3 = parse_tile("3p")


def state_for(rules: str, hands: list[str]):
    if rules == "filipino":
        hands = [h + x for h, x in zip(hands, EXTRA, strict=True)]
    return stacked_state(rules, hands, exchanges=False)


@pytest.mark.parametrize("rules", RULES)
def test_claim_options_after_first_discard(rules):
    state = state_for(rules, HANDS)
    assert state.phase == "turn" and state.current == 0
    state.apply(Discard(0, P3))
    assert state.phase == "claim"
    assert Chow(1, parse_tile("2p")) in state.legal_actions(1)
    assert Pung(2, P3) in state.legal_actions(2)
    assert Win(3) in state.legal_actions(3)
    assert Pass(3) in state.legal_actions(3)
    # only the next player may chow (Portaria art. 4.º (3); Serralheiro note 8)
    assert not any(isinstance(a, Chow) for a in state.legal_actions(3))
    # Cayro names its exception (a chow completing 1 to 9 may come from anyone)
    expected = "why.chow.not_next_straight" if rules == "cayro" else "why.only_next_may_chow"
    assert state.why_not(Chow(3, parse_tile("1p"))) == expected


@pytest.mark.parametrize("rules", RULES)
def test_win_beats_pung_and_chow(rules):
    state = state_for(rules, HANDS)
    state.apply(Discard(0, P3))
    state.apply(Chow(1, parse_tile("2p")))
    state.apply(Pung(2, P3))
    state.apply(Win(3))
    assert state.ended and state.result.winner == 3 and state.result.win == "discard"
    assert state.result.discarder == 0
    # the banker's first discard: «tei vu» (Portaria art. 4.º (2)) and its kin
    assert state.result.hand["first_turn"] is True
    assert sum(state.result.payments) + state.result.commission == 0
    keys = {item["key"] for item in state.result.score["items"]}
    if rules == "macau_1988":
        assert "earthly_hand" in keys                 # «tei vu», fan dobrado
    if rules == "serralheiro_2003":
        assert "fulminante" in keys                   # won on the banker's discard


@pytest.mark.parametrize("rules", RULES)
def test_pung_beats_chow(rules):
    state = state_for(rules, HANDS)
    state.apply(Discard(0, P3))
    state.apply(Chow(1, parse_tile("2p")))
    state.apply(Pass(3))
    state.apply(Pung(2, P3))
    assert state.phase == "turn" and state.current == 2
    assert [m.notation for m in state.melds[2]] == ["333p"]
    assert state.melds[1] == []
    assert P3 not in state.discards[0]
    # the claimant may not draw and may not declare a win: he discards
    assert all(isinstance(a, Discard) for a in state.legal_actions(2))
    assert state.why_not(Win(2)) == "why.win_after_claim"
    state.apply(Discard(2, parse_tile("8s")))
    assert state.phase in ("claim", "draw")


@pytest.mark.parametrize("rules", RULES)
def test_chow_when_nobody_else_claims(rules):
    state = state_for(rules, HANDS)
    state.apply(Discard(0, P3))
    for seat in (2, 3):
        state.apply(Pass(seat))
    state.apply(Chow(1, parse_tile("2p")))
    assert state.current == 1 and [m.notation for m in state.melds[1]] == ["234p"]


@pytest.mark.parametrize("rules", RULES)
def test_two_winners_nearest_in_turn_order(rules):
    state = state_for(rules, HANDS_TWO)
    state.apply(Discard(0, P3))
    state.apply(Win(3))
    state.apply(Win(1))
    state.apply(Pass(2))
    assert state.result.winner == 1  # art. 4.º (6) «Chit vu»; Filipino «harang»


@pytest.mark.parametrize("rules", RULES)
def test_all_pass_then_next_draws_and_old_discards_are_dead(rules):
    state = state_for(rules, HANDS)
    state.apply(Discard(0, P3))
    for seat in state.waiting_for():
        state.apply(Pass(seat))
    assert state.phase == "draw" and state.current == 1
    with pytest.raises(IllegalActionError):
        state.apply(Pung(2, P3))  # no longer the last discard
    before = state.snapshot()
    with pytest.raises(IllegalActionError) as error:
        state.apply(Draw(2))
    assert error.value.key == "action.not_your_turn"
    assert state.snapshot() == before  # an illegal action changes nothing
    state.apply(Draw(1))
    assert state.phase == "turn" and len(state.hands[1]) == state.hand_size + 1


def test_cayro_chow_completing_one_to_nine_beats_a_pung_from_any_seat():
    # N holds 1-9m but the 5m; E discards 5m; W (55m) wants it for a pung.
    hands = ["19m19p19s1234567z5m", "24p567s888p99s7z6z3s", "55m222s333s444s6s8s",
             "12346789m111p2z3z"]
    state = stacked_state("cayro", hands)
    five = parse_tile("5m")
    state.apply(Discard(0, five))
    assert Chow(3, parse_tile("4m")) in state.legal_actions(3)   # not the next seat
    state.apply(Pung(2, five))
    state.apply(Chow(3, parse_tile("4m")))
    assert state.current == 3 and [m.notation for m in state.melds[3]] == ["456m"]


def test_other_rule_sets_keep_chow_to_the_next_seat():
    hands = ["19m19p19s1234567z5m", "24p567s888p99s7z6z3s", "55m222s333s444s6s8s",
             "12346789m111p2z3z"]
    state = stacked_state("serralheiro_2003", hands, exchanges=False)
    state.apply(Discard(0, parse_tile("5m")))
    assert not any(isinstance(a, Chow) for a in state.legal_actions(3))
