"""Answers resolved (``Resolution``): once every asked seat has answered a discard or an
added kong, who takes the tile, the meld it makes, a kong's replacement, or the next draw.
"""
from __future__ import annotations

from ..hand import WinKind
from ..melds import Meld, MeldKind
from ..tiles import Tile
from .actions import Chow, Pass, Pung, Win
from .claims import resolve_claims
from .deal import BY_CLAIM, BY_REPLACEMENT
from .ending import HandEnding
from .moves import LegalMoves
from .phase import Phase


class Resolution(LegalMoves, HandEnding):
    """The claim and rob windows closed, and the kong replacement."""

    def _maybe_resolve(self) -> None:
        if any(a is None for a in self.pending.values()):
            return
        if self.phase == Phase.ROB:
            self._resolve_rob()
        else:
            self._resolve_claims()

    def _resolve_rob(self) -> None:
        seat = self.current
        tile = self.kong_tile
        assert tile is not None
        winners = [s for s, a in self.pending.items() if isinstance(a, Win)]
        if not winners:
            self._complete_added_kong(seat, tile, self._rob_kong_successive)
            return
        winner = min(winners, key=lambda s: (s - seat) % 4)
        self.hands[seat].remove(tile)
        self.hands[winner].append(tile)
        self.last_drawn = tile
        self.pending = {}
        self.kong_tile = None
        self._finish_win(winner, WinKind.ROBBING_KONG, seat, tile)

    def _resolve_claims(self) -> None:
        assert self.last_discard is not None
        discarder, tile = self.last_discard
        claims = [a for a in self.pending.values() if a is not None and not isinstance(a, Pass)]
        self.pending = {}
        chosen = resolve_claims(self.rules, discarder, claims, self.claim_kind)
        if chosen is None:
            self._after_discard()
            return
        seat = chosen.seat
        self.discards[discarder].pop()
        self.claim_count += 1
        if self.records:
            self.records[-1].claimed_by = seat
            self.records[-1].claim = chosen.kind
            self.records[-1].claimant_melds = tuple(self.melds[seat])
        if isinstance(chosen, Win):
            self.hands[seat].append(tile)
            self.last_drawn = tile
            self._finish_win(seat, WinKind.DISCARD, discarder, tile)
            return
        self.current = seat
        self.turn_discards = 0
        self.last_discard = None
        if isinstance(chosen, Chow):
            run = [Tile(chosen.tile + k) for k in range(3)]
            run.remove(tile)
            for t in run:
                self.hands[seat].remove(t)
            self.melds[seat].append(Meld(MeldKind.CHOW, chosen.tile, declared=True))
        elif isinstance(chosen, Pung):
            for _ in range(2):
                self.hands[seat].remove(tile)
            self.melds[seat].append(Meld(MeldKind.PUNG, tile, declared=True))
        else:  # kong from the discard
            for _ in range(3):
                self.hands[seat].remove(tile)
            self.melds[seat].append(Meld(MeldKind.KONG, tile, declared=True))
            self.kong_chain = 0
            self._replace(seat, False)
            return
        self.got_by = BY_CLAIM
        self.kong_chain = 0
        self.phase = Phase.TURN

    def _after_discard(self) -> None:
        """Nobody claimed: the next seat draws, or the hand is drawn when the live wall
        is empty ("A partida termina ... quando se acabarem as pedras da muralha",
        Serralheiro §8 g; a draw pays nothing)."""
        assert self.last_discard is not None
        discarder = self.last_discard[0]
        if self.wall.live <= 0:
            self._end_draw("wall_exhausted")
            return
        self.current = (discarder + 1) % 4
        self.phase = Phase.DRAW

    def _complete_added_kong(self, seat: int, tile: Tile, successive: bool) -> None:
        self.hands[seat].remove(tile)
        index = next(i for i, m in enumerate(self.melds[seat])
                     if m.kind is MeldKind.PUNG and m.tile == tile)
        self.melds[seat][index] = Meld(MeldKind.KONG, tile, concealed=False, declared=True)
        self.kong_tile = None
        self.pending = {}
        self.phase = Phase.TURN
        self._replace(seat, successive)

    def _replace(self, seat: int, successive: bool) -> None:
        """A kong takes a replacement from the replacement end (Portaria art. 4.º (5);
        Serralheiro §9 a; Cayro "tomará ficha de la muralla muerta")."""
        self.kong_chain = self.kong_chain + 1 if successive else 1
        self.got_by = BY_REPLACEMENT
        self.turn_discards = 0
        tile = self.wall.draw_replacement()
        if self._take(seat, tile) is None:
            self._end_draw("wall_empty_in_replacement")
            return
        self.phase = Phase.TURN
        self.current = seat


__all__ = ["Resolution"]
