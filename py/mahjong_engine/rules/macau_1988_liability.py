"""Macau 1988, the liability of a discarder: Portaria n.º 133/88/M, art. 9.º (1)-(6),
with the exemptions of (9) and (10).

The discarder who let go the tile a hand won on (or, art. 9.º (2), the tile claimed for
its fourth set) «suporta a perda dos outros dois parceiros» in the cases of art. 9.º:
``liability`` decides from a ``LiabilitySituation``, read from a played hand
(``situation_from_record``), from the facts given to ``score``
(``liability_from_facts``), or foreseen by the AI before a discard
(``discard_liability``). What the liable discarder pays is in ``macau_1988_settle``.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import analysis
from ..hand import HandDescription
from ..melds import Meld, MeldKind
from ..scoring import Citation, ScoreResult
from ..tiles import PLAYABLE_KINDS, WINDS, Suit, Tile, Wind, counts_of
from .liability import LiabilityFacts
from .macau_1988_entries import (ALL_HONOURS, ALL_TERMINALS, BIG_DRAGONS, BIG_WINDS, KEY,
                                 PURE_ONE_SUIT)


# Reason keys (catalogue: liability.<reason>) and their articles.
LIABILITY_CITATIONS = {
    "pure_suit_on_table": Citation(KEY, "art. 9.º (1)"),
    "pure_suit_fourth_set": Citation(KEY, "art. 9.º (2)"),
    "big_dragons_winds": Citation(KEY, "art. 9.º (3)"),
    "kept_dead_honour": Citation(KEY, "art. 9.º (4)"),
    "broke_set": Citation(KEY, "art. 9.º (5)"),
    "broke_ready_hand": Citation(KEY, "art. 9.º (6)"),
}


@dataclass(frozen=True)
class LiabilitySituation:
    """The facts of art. 9.º at the moment ``discarder`` let go of ``tile``.

    ``winning_items``: item keys of the winner's scored hand. ``winner_declared``: the
    winner's melds on the table at the end (a set made with ``tile`` included).
    ``won_on_discard``: ``tile`` was the winning tile; False when it was claimed for the
    winner's fourth set and he won on his next draw (art. 9.º (2)).
    ``discarder_concealed``: the discarder's concealed tiles before discarding, ``tile``
    included; ``discarder_declared``: how many melds he has on the table;
    ``discarder_ready``: he was waiting («a chamar»): some discard would leave him ready.
    ``visible``: tiles face up on the table before this discard (melds and discards).
    """

    discarder: Wind
    tile: Tile
    winning_items: frozenset[str]
    winner_declared: tuple[Meld, ...] = ()
    won_on_discard: bool = True
    discarder_concealed: tuple[Tile, ...] = ()
    discarder_declared: int = 0
    discarder_ready: bool = False
    visible: tuple[Tile, ...] = ()


def _sets_of_one_suit(melds: tuple[Meld, ...]) -> int:
    """Most declared sets of one suit; every declared meld counts as «à vista», a
    concealed kong too, since it is laid on the table (R_VISIBLE_SETS)."""
    per_suit: dict[Suit, int] = {}
    for meld in melds:
        if meld.is_set and meld.tile.is_suited:
            per_suit[meld.tile.suit] = per_suit.get(meld.tile.suit, 0) + 1
    return max(per_suit.values(), default=0)


def _from_a_set(tile: Tile, hand: tuple[Tile, ...]) -> bool:
    """R_BROKEN_SET: three of ``tile`` in hand, or a run of three in hand holding it."""
    if hand.count(tile) >= 3:
        return True
    if not tile.is_suited:
        return False
    held = set(hand)
    for low in range(tile.rank - 2, tile.rank + 1):
        if 1 <= low <= 7:
            run = [Tile(tile - tile.rank + low + k) for k in range(3)]
            if all(t in held for t in run):
                return True
    return False


def _ready(counts: list[int], declared: int) -> bool:
    sets = 4 - declared
    shanten = analysis.shanten_regular(counts, sets)
    if declared == 0:
        shanten = min(shanten, analysis.shanten_thirteen_orphans(counts))
    return shanten == 0


def liability(s: LiabilitySituation) -> str | None:
    """The reason (a key of LIABILITY_CITATIONS) the discarder bears the other two
    losers' loss, or None. Exemptions read as R_LIABILITY_EXEMPTIONS: (9) (the winner's
    hand is «Ch'ing iu» or «Chün chü») prevails over every case; (10) (a dragon or wind
    not yet seen on the table) over the general cases (4) to (6) only, since case (3)
    is about exactly such tiles."""
    items = s.winning_items
    if items & {ALL_TERMINALS, ALL_HONOURS}:
        return None
    if PURE_ONE_SUIT in items:
        shown = _sets_of_one_suit(s.winner_declared)
        if s.won_on_discard and shown >= 3:
            return "pure_suit_on_table"
        if not s.won_on_discard and shown >= 4:
            return "pure_suit_fourth_set"
    if not s.won_on_discard:
        return None
    tile = s.tile
    if (BIG_DRAGONS in items and tile.is_dragon) or (BIG_WINDS in items and tile.is_wind):
        return "big_dragons_winds"
    if tile.is_honour and tile not in s.visible:
        return None
    hand = s.discarder_concealed
    if any(t.is_honour and t is not tile and s.visible.count(t) == 3 for t in hand):
        return "kept_dead_honour"
    if not s.discarder_ready and _from_a_set(tile, hand):
        return "broke_set"
    if s.discarder_ready:
        after = counts_of(hand)
        if after[tile] > 0:
            after[tile] -= 1
        if not _ready(after, s.discarder_declared):
            return "broke_ready_hand"
    return None


# ---------------------------------------------------------------- from a game's record

_SET_CLAIMS = ("chow", "pung", "kong")


def situation_from_record(record: LiabilityFacts) -> tuple[int, LiabilitySituation] | None:
    """Read art. 9.º's facts from a played hand (``game.settle.LiabilityRecord``: the
    winner's seat, his score, the discard records, his melds at the end). Seats 0-3 are
    E, S, W, N. Returns (discarder's seat, situation), or None when no discard of
    another player completed the hand or gave the fourth set of art. 9.º (2)."""
    records = list(record.records)
    winner = record.winner
    if not records:
        return None
    last = records[-1]
    if last.claimed_by == winner and last.claim == "win":
        found, on_discard = last, True
    else:
        index = next((i for i in range(len(records) - 1, -1, -1)
                      if records[i].claimed_by == winner and records[i].claim in _SET_CLAIMS),
                     None)
        if index is None:
            return None
        # «na jogada a seguir»: the winner discarded at most once since the claim.
        if sum(1 for r in records[index + 1:] if r.seat == winner) > 1:
            return None
        found, on_discard = records[index], False
    situation = LiabilitySituation(
        discarder=WINDS[found.seat], tile=found.tile,
        winning_items=frozenset(item.key for item in record.score.items),
        winner_declared=tuple(record.winner_melds), won_on_discard=on_discard,
        discarder_concealed=tuple(found.hand_before), discarder_declared=found.declared,
        discarder_ready=found.ready, visible=tuple(found.visible))
    return found.seat, situation



# ---------------------------------------------------------------- from the facts given to ``score``

def _was_ready(hand: tuple[Tile, ...], declared: int) -> bool:
    """«estando a chamar» before the discard: some discard would leave him waiting."""
    return len(hand) + 3 * declared == 14 and _ready_before(counts_of(hand), declared)


def liability_from_facts(result: ScoreResult, hand: HandDescription) -> tuple[Wind, str] | None:
    """(liable wind, reason) from the facts given to ``score``, by the same ``liability``
    the game uses; None when no discarder is named or no case of art. 9.º applies."""
    facts = hand.facts
    discarder = facts.get("discarder")
    if discarder is None:
        return None
    fourth = facts.get("fourth_set_tile")
    concealed = facts.get("discarder_hand", ())
    declared = facts.get("discarder_melds", 0)
    situation = LiabilitySituation(
        discarder=discarder, tile=fourth if fourth is not None else hand.win_tile,
        winning_items=frozenset(item.key for item in result.items),
        winner_declared=hand.melds, won_on_discard=fourth is None,
        discarder_concealed=concealed, discarder_declared=declared,
        discarder_ready=_was_ready(concealed, declared), visible=facts.get("visible", ()))
    reason = liability(situation)
    return None if reason is None else (discarder, reason)



# ---------------------------------------------------------------- art. 9.º foreseen (AI)

def _winning_items(tile: int, melds: Sequence[Meld]) -> frozenset[str] | None:
    """The art. 9.º items an opponent showing ``melds`` could win with on ``tile``
    (cases (1)-(3) need them); None when none of them fits."""
    items = set()
    sets = [x for x in melds if x.kind is not MeldKind.PAIR]
    suits = {x.tile // 9 for x in sets if x.tile < analysis.HONOUR_START}
    honours = any(x.tile >= analysis.HONOUR_START for x in sets)
    if len(suits) == 1 and not honours and len(sets) >= 3 and tile < analysis.HONOUR_START \
            and tile // 9 in suits:
        items.add(PURE_ONE_SUIT)
    pungs = [x.tile for x in sets if x.kind is not MeldKind.CHOW]
    dragons = sum(1 for t in pungs if Tile.WHITE <= t <= Tile.RED)
    winds = sum(1 for t in pungs if Tile.EAST <= t <= Tile.NORTH)
    if dragons >= 2 and Tile.WHITE <= tile <= Tile.RED:
        items.add(BIG_DRAGONS)
    if winds >= 3 and Tile.EAST <= tile <= Tile.NORTH:
        items.add(BIG_WINDS)
    return frozenset(items) if items else None


def discard_liability(tile: int, view: Mapping[str, Any], hand: Sequence[int],
                      opponents: Sequence[tuple[int, bool]]) -> str | None:
    """The art. 9.º case (a ``LIABILITY_CITATIONS`` key) that would make the seat of
    ``view`` liable should ``tile`` win for an opponent, or None. Cases (1)-(3) are read
    against each opponent's melds; the general cases (4)-(6), which hang on the seat's
    own hand, only against a ``threatening`` opponent."""
    me = view["seat"]
    concealed = tuple(Tile(i) for i in range(PLAYABLE_KINDS) for _ in range(hand[i]))
    visible = []
    for pile in view["discards"]:
        visible.extend(pile)
    for melds in view["melds"]:
        for meld in melds:
            visible.extend(meld.tiles)
    declared = len(view["melds"][me])
    ready = _ready_before(hand, declared)
    for seat, threatening in opponents:
        melds = view["melds"][seat]
        items = _winning_items(tile, melds)
        if items is None:
            if not threatening:
                continue
            items = frozenset()
        situation = LiabilitySituation(
            discarder=WINDS[me], tile=Tile(tile), winning_items=items,
            winner_declared=tuple(melds), won_on_discard=True,
            discarder_concealed=concealed, discarder_declared=declared,
            discarder_ready=ready, visible=tuple(visible))
        reason = liability(situation)
        if reason is not None:
            return reason
    return None


def _ready_before(hand: Sequence[int], declared: int) -> bool:
    """Was the seat ready before this turn («estando a chamar»): does some discard of
    ``hand`` (counts) leave it waiting?"""
    counts = list(hand)
    for tile in range(PLAYABLE_KINDS):
        if counts[tile]:
            counts[tile] -= 1
            ready = _ready(counts, declared)
            counts[tile] += 1
            if ready:
                return True
    return False


__all__ = ["LIABILITY_CITATIONS", "LiabilitySituation", "discard_liability", "liability",
           "liability_from_facts", "situation_from_record"]
