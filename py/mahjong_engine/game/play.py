"""Each kind of action played (``Play``): ``GameState.apply`` checks an action is legal and
hands it to ``_do_<kind>`` here, which changes the hand and opens the next window."""
from __future__ import annotations

from ..hand import WinKind
from ..melds import Meld, MeldKind
from ..tiles import Tile, counts_of
from .actions import Chow, Discard, Draw, Exchange, Kong, KongSource, Pass, Pung, Win
from .claims import DiscardRecord
from .deal import BY_DEAL, BY_DRAW, BY_REPLACEMENT
from .phase import Phase
from .resolve import Resolution


class Play(Resolution):
    """The handlers of the legal actions, one per kind."""

    def _do_exchange(self, action: Exchange) -> None:
        """Serralheiro §7: the banker gives two tiles to the player on his right and takes
        two from him; then that player with the next, and so on until all four have
        exchanged (reading: four exchanges, E-S, S-W, W-N, N-E)."""
        self.pending[action.seat] = action
        if any(a is None for a in self.pending.values()):
            return
        a, b = self.exchange_step, (self.exchange_step + 1) % 4
        give_a, give_b = self._given(a), self._given(b)
        for tile in give_a:
            self.hands[a].remove(tile)
        for tile in give_b:
            self.hands[b].remove(tile)
        self.hands[a].extend(give_b)
        self.hands[b].extend(give_a)
        self._event("exchange", seats=[a, b])
        self.exchange_step += 1
        if self.exchange_step < 4:
            nxt = self.exchange_step
            self.pending = {nxt: None, (nxt + 1) % 4: None}
        else:
            self.pending = {}
            self.phase = Phase.TURN
            self.current = 0
            self.got_by = BY_DEAL
            self.last_drawn = self.hands[0][-1]

    def _given(self, seat: int) -> tuple[Tile, ...]:
        """The tiles ``seat`` hands over in the exchange being completed."""
        action = self.pending[seat]
        assert isinstance(action, Exchange)
        return action.tiles

    def _do_draw(self, action: Draw) -> None:
        seat = action.seat
        tile = self.wall.draw()
        self.turn_discards = 0
        self.kong_chain = 0
        self.got_by = BY_DRAW
        if self._take(seat, tile) is None:
            self._end_draw("wall_empty_in_replacement")
            return
        self.phase = Phase.TURN

    def _do_discard(self, action: Discard) -> None:
        seat, tile = action.seat, action.tile
        before = tuple(self.hands[seat])
        ready = self._is_ready(seat, before, tile) if self._tracks_liability else False
        visible = self._visible()
        self.hands[seat].remove(tile)
        self.discards[seat].append(tile)
        self.last_discard = (seat, tile)
        self.discard_count += 1
        self.turn_discards += 1
        self.records.append(DiscardRecord(seat, tile, before, len(self.melds[seat]), ready,
                                          visible, self.discard_count))
        self.pending = {s: None for s in range(4) if s != seat and self._claim_options(s)}
        self.phase = Phase.CLAIM
        if not self.pending:
            self._after_discard()

    def _is_ready(self, seat: int, before: tuple[Tile, ...], tile: Tile) -> bool:
        """Was the seat waiting («a chamar») before this turn: does some discard leave
        it ready? Used for Portaria art. 9.º (5)-(6)."""
        counts = counts_of(before)
        declared = len(self.melds[seat])
        for t in set(before):
            counts[t] -= 1
            ok = self.rules.shanten(counts, declared) == 0
            counts[t] += 1
            if ok:
                return True
        return False

    def _visible(self) -> tuple[Tile, ...]:
        out: list[Tile] = []
        for seat in range(4):
            out.extend(self.discards[seat])
            for meld in self.melds[seat]:
                out.extend(meld.tiles)
        return tuple(out)

    def _do_pass(self, action: Pass) -> None:
        self.pending[action.seat] = action
        self._maybe_resolve()

    def _do_chow(self, action: Chow) -> None:
        self.pending[action.seat] = action
        self._maybe_resolve()

    def _do_pung(self, action: Pung) -> None:
        self.pending[action.seat] = action
        self._maybe_resolve()

    def _do_win(self, action: Win) -> None:
        if self.phase == Phase.TURN:
            kind = WinKind.KONG_REPLACEMENT if self.got_by == BY_REPLACEMENT else WinKind.SELF_DRAWN
            self._finish_win(action.seat, kind, None)
            return
        self.pending[action.seat] = action
        self._maybe_resolve()

    def _do_kong(self, action: Kong) -> None:
        if action.source is KongSource.DISCARD:
            self.pending[action.seat] = action
            self._maybe_resolve()
            return
        seat, tile = action.seat, action.tile
        # «Kong seong kong» (Portaria art. 5.º (3)): the replacement tile is «a 4.ª doutro
        # conjunto de 3 pedras iguais que tenha na mão»: a kong of a pung held in the hand,
        # not a tile added to a pung on the table.
        successive = (self.got_by == BY_REPLACEMENT and tile == self.last_drawn
                      and action.source is KongSource.CONCEALED)
        if action.source is KongSource.CONCEALED:
            for _ in range(4):
                self.hands[seat].remove(tile)
            self.melds[seat].append(Meld(MeldKind.KONG, tile, concealed=True, declared=True))
            self._replace(seat, successive)
            return
        # Added kong: the others may rob it first (Portaria art. 5.º (2) «Ch'eong kong»;
        # Filipino "Rob the Kong"; Cayro "Robar ..." read as robbing the kong).
        self.kong_tile = tile
        self.pending = {}
        for other in range(4):
            if other == seat:
                continue
            counts = counts_of(self.hands[other])
            counts[tile] += 1
            if self._complete(other, counts):
                self.pending[other] = None
        if self.pending:
            self.phase = Phase.ROB
            self._rob_kong_successive = successive
            return
        self._complete_added_kong(seat, tile, successive)


__all__ = ["Play"]
