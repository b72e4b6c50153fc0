"""What each seat may do now (``LegalMoves``): the actions of every phase, the claims a
seat could make on the last discard, and whether a hand is complete.

``legal_actions(seat)`` is the whole truth about legality: ``apply`` refuses anything
else, and ``why.explain_illegal`` says why.
"""
from __future__ import annotations

from itertools import combinations

from ..analysis import trim
from ..hand import HandDescription
from ..melds import MeldKind
from ..tiles import PLAYABLE_KINDS, Tile, counts_of
from .actions import Action, Chow, Discard, Draw, Exchange, Kong, KongSource, Pass, Pung, Win
from .deal import BY_CLAIM, DealtHand
from .phase import Phase

# Not-complete answers by rule set, then concealed counts and declared melds (one bytes
# key): a hand that is not complete does not depend on which melds were declared.
_COMPLETE_CACHE: dict[str, dict[bytes, bool]] = {}
# Its older half dropped when full (``analysis.trim``), so a long simulate runs in
# constant memory: about 4,500 entries are met in 200 games.
_COMPLETE_CACHE_MAX = 8192
_TILES = tuple(Tile(i) for i in range(PLAYABLE_KINDS))


class LegalMoves(DealtHand):
    """The legal actions of the hand's current phase."""

    def legal_actions(self, seat: int) -> list[Action]:
        """Exactly the actions ``seat`` may take now (empty when it is not asked)."""
        if self.phase == Phase.ENDED or seat not in (0, 1, 2, 3):
            return []
        if self.phase == Phase.EXCHANGE:
            return self._exchange_actions(seat)
        if self.phase == Phase.DRAW:
            return [Draw(seat)] if seat == self.current else []
        if self.phase == Phase.TURN:
            return self._turn_actions(seat) if seat == self.current else []
        if self.phase == Phase.CLAIM:
            return self._claim_actions(seat)
        if self.phase == Phase.ROB:
            if seat in self.pending and self.pending[seat] is None:
                return [Win(seat), Pass(seat)]
            return []
        return []

    def waiting_for(self) -> list[int]:
        """The seats whose answer the hand is waiting for."""
        if self.phase in (Phase.EXCHANGE, Phase.CLAIM, Phase.ROB):
            return [s for s, a in sorted(self.pending.items()) if a is None]
        if self.phase in (Phase.TURN, Phase.DRAW):
            return [self.current]
        return []

    def _exchange_actions(self, seat: int) -> list[Action]:
        if seat not in self.pending or self.pending[seat] is not None:
            return []
        kinds = sorted(set(self.hands[seat]))
        counts = counts_of(self.hands[seat])
        pairs = [*combinations(kinds, 2), *((a, a) for a in kinds if counts[a] >= 2)]
        return [Exchange(seat, pair) for pair in sorted(pairs)]

    def _turn_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        counts = counts_of(hand)
        out: list[Action] = []
        if self.got_by != BY_CLAIM and self._complete(seat, counts):
            out.append(Win(seat))
        if self.wall.remaining > 0:
            for tile in range(PLAYABLE_KINDS):
                if counts[tile] == 4:
                    out.append(Kong(seat, Tile(tile), KongSource.CONCEALED))
            for meld in self.melds[seat]:
                if meld.kind is MeldKind.PUNG and counts[meld.tile]:
                    out.append(Kong(seat, meld.tile, KongSource.ADDED))
        out.extend(Discard(seat, Tile(t)) for t in range(PLAYABLE_KINDS) if counts[t])
        return out

    def _claim_actions(self, seat: int) -> list[Action]:
        if seat not in self.pending or self.pending[seat] is not None:
            return []
        return [*self._claim_options(seat), Pass(seat)]

    def _claim_options(self, seat: int) -> list[Action]:
        """What ``seat`` could claim the last discard for (Portaria art. 4.º (3)-(6);
        Filipino "Decidir"; Serralheiro §8 b and note 8; Cayro). Only the last discard;
        only the next seat may chow; once the live wall is empty only a win is left."""
        assert self.last_discard is not None
        discarder, tile = self.last_discard
        counts = counts_of(self.hands[seat])
        out: list[Action] = []
        counts[tile] += 1
        if self._complete(seat, counts):
            out.append(Win(seat))
        counts[tile] -= 1
        if self.wall.live <= 0:
            return out
        if counts[tile] >= 3 and self.wall.remaining > 0:
            out.append(Kong(seat, tile, KongSource.DISCARD))
        if counts[tile] >= 2:
            out.append(Pung(seat, tile))
        nine = self.rules.straight_chow_from_any
        if tile.is_suited and (seat == (discarder + 1) % 4 or
                               (nine and self.completes_straight(counts, tile))):
            rank = tile.rank
            for low in range(rank - 2, rank + 1):
                if 1 <= low <= 7:
                    first = Tile(tile - rank + low)
                    run = [Tile(first + k) for k in range(3)]
                    need = list(run)
                    need.remove(tile)
                    if all(counts[t] >= (need.count(t)) for t in need):
                        out.append(Chow(seat, first))
        return out

    @staticmethod
    def completes_straight(counts: list[int], tile: Tile) -> bool:
        """``tile`` completes 1 to 9 of its suit with the other eight in hand (Cayro:
        "completara una escalera teniendo las otras ocho fichas en mano")."""
        base = tile - tile.rank + 1
        return all(counts[base + k] or base + k == tile for k in range(9))

    def claim_kind(self, claim: Action) -> str:
        """The kind a claim ranks as: a Cayro chow completing 1 to 9 ranks as
        ``chow_straight`` (it beats a pung and may be taken from any discarder)."""
        if (isinstance(claim, Chow) and self.rules.straight_chow_from_any
                and self.last_discard is not None
                and self.completes_straight(counts_of(self.hands[claim.seat]),
                                            self.last_discard[1])):
            return "chow_straight"
        return claim.kind

    def _complete(self, seat: int, counts: list[int]) -> bool:
        """The concealed tiles ``counts`` with the seat's melds make a winning hand."""
        declared = len(self.melds[seat])
        if sum(counts) + 3 * declared != 3 * self.rules.sets + 2:
            return False
        cache = _COMPLETE_CACHE.get(self.rules.key)
        if cache is None:
            cache = _COMPLETE_CACHE[self.rules.key] = {}
        key = bytes(counts) + bytes((declared,))
        if key in cache:
            return False
        tiles = tuple(_TILES[i] for i in range(PLAYABLE_KINDS) for _ in range(counts[i]))
        probe = HandDescription(rules=self.rules.key, concealed=tiles, win_tile=tiles[0],
                                melds=tuple(self.melds[seat]))
        if self.rules.is_winning(probe):
            return True  # may depend on the melds themselves: not cached
        trim(cache, _COMPLETE_CACHE_MAX)
        cache[key] = False
        return False


__all__ = ["LegalMoves"]
