"""Setup per document: dice, where the wall opens, the deal, tile accounting, seeds."""
from __future__ import annotations

import pytest

from mahjong_engine.errors import IllegalActionError
from mahjong_engine.game import GameConfig, GameState
from mahjong_engine.game.invariants import check
from mahjong_engine.game.wall import Wall, deal, full_set, open_wall

RULES = ("macau_1988", "filipino", "serralheiro_2003", "cayro")


class Dice:
    """A stand-in random source that rolls the given faces in order."""

    def __init__(self, *faces: int) -> None:
        self.faces = iter(faces)

    def randint(self, low: int, high: int) -> int:
        return next(self.faces)


@pytest.mark.parametrize("faces,side", [((2, 3), 0), ((1, 1), 1), ((3, 3), 1), ((4, 3), 2),
                                        ((1, 2), 2), ((6, 6), 3), ((4, 4), 3), ((4, 5), 0)])
def test_cayro_1_5_9_opener(faces, side):
    # Cayro: 1, 5, 9 East; 2, 6, 10 South; 3, 7, 11 West; 4, 8, 12 North; then the opener
    # rolls again and counts that many stacks from the left.
    opening = open_wall("cayro", 2, 18, Dice(*faces, 5, 6))
    assert opening.side == side and opening.opener == side and opening.stacks == 11
    assert opening.rolls == [list(faces), [5, 6]]


@pytest.mark.parametrize("total,opener", [(5, 0), (6, 1), (7, 2), (8, 3), (9, 0), (12, 3)])
def test_serralheiro_abridor(total, opener):
    # §4 a: counting from the banker himself, to his right; §5 a: as many pairs.
    opening = open_wall("opener_wall", 2, 18, Dice(total - 1, 1))
    assert opening.opener == opener and opening.stacks == total


def test_macau_three_dice_along_the_dealers_wall():
    opening = open_wall("dealer_wall", 3, 17, Dice(6, 4, 3))
    assert opening.side == 0 and opening.stacks == 13 and opening.rolls == [[6, 4, 3]]


def test_jump_deal_positions():
    # Portaria art. 2.º / Serralheiro §5 c-d: 4+4+4 each, then the banker the first and
    # third top tiles, the others one each; play continues after them.
    wall = Wall(list(range(136)))
    hands = deal(wall, "jump", 4)
    assert hands[0] == [0, 1, 2, 3, 16, 17, 18, 19, 32, 33, 34, 35, 48, 52]
    assert hands[1][-1] == 49 and hands[2][-1] == 50 and hands[3][-1] == 51
    assert wall.front == 53


def test_filipino_deal_sixteen_and_seventeen():
    wall = Wall(list(range(144)))
    hands = deal(wall, "mano_last", 5)
    assert [len(h) for h in hands] == [17, 16, 16, 16] and hands[0][-1] == 64


@pytest.mark.parametrize("rules", RULES)
def test_new_hand_accounts_for_every_tile(rules):
    state = GameState(GameConfig(rules, seed=7, exchanges=False))
    size = state.hand_size
    assert [state.held(s) for s in range(4)] == [size + 1, size, size, size]
    assert len(state.tiles_in_play()) == state.rules.tile_count
    assert check(state) == []
    assert not any(t.is_bonus for h in state.hands for t in h)


@pytest.mark.parametrize("rules", RULES)
def test_seed_fixes_the_wall(rules):
    a = GameState(GameConfig(rules, seed=11)).snapshot()
    b = GameState(GameConfig(rules, seed=11)).snapshot()
    c = GameState(GameConfig(rules, seed=12)).snapshot()
    assert a == b and a["wall"] != c["wall"]


def test_stacked_wall_must_hold_the_whole_set():
    tiles = "".join(t.notation for t in full_set(136)[:-1]) + "1m"
    with pytest.raises(IllegalActionError) as error:
        GameState(GameConfig("macau_1988", stacked=tiles))
    assert error.value.key == "setup.bad_stacked_wall"
