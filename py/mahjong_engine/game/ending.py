"""The end of a hand (``HandEnding``): a drawn hand, or the winner's hand described with
the flags the scorers read, settled, and the game-flow readings it relied on."""
from __future__ import annotations

from ..hand import HandDescription, Stake, WinKind
from ..tiles import WINDS, Tile, Wind
from .deal import BY_DEAL, DealtHand
from .phase import Phase
from .result import HandResult


class HandEnding(DealtHand):
    """How the hand ends: ``_end_draw`` or ``_finish_win``."""

    def _settle(self, seat: int, kind: WinKind, discarder: int | None,
                description: HandDescription) -> HandResult:
        """The won hand's result; ``GameState`` hands itself to ``settle.settle_win``."""
        raise NotImplementedError

    def _end_draw(self, reason: str) -> None:
        self.phase = Phase.ENDED
        self.pending = {}
        self.result = HandResult(notes=[f"game.end.{reason}"], readings=self.flow_readings())
        self._event("draw", reason=reason)

    def _finish_win(self, seat: int, kind: WinKind, discarder: int | None,
                    win_tile: Tile | None = None) -> None:
        description = self.winner_hand(seat, kind, win_tile)
        self.phase = Phase.ENDED
        self.pending = {}
        self.current = seat
        self.result = self._settle(seat, kind, discarder, description)
        self.result.readings = self.flow_readings(description)
        self._event("win", seat=seat, win=kind.value)

    def winner_hand(self, seat: int, kind: WinKind,
                    win_tile: Tile | None = None) -> HandDescription:
        """The HandDescription of the winning hand, with the flags the scorers read:
        ``first_turn`` (Portaria art. 4.º (1)-(2) t'in vu / tei vu; Filipino bisaklat;
        Serralheiro «Fulminante»): the banker's win on his dealt (or exchanged) hand
        before any discard, or a win on the banker's first discard before any claim;
        ``last_tile``: won with the last tile of the live wall, drawn (Cayro; Serralheiro
        «Lua Pescada no Fundo do Mar»; reading ``game.reading.last_tile_drawn``);
        ``successive_kongs``: won on the replacement of a kong made with the replacement
        of another kong (Portaria art. 5.º (3) «Kong seong kong»)."""
        hand = tuple(self.hands[seat])
        tile = win_tile if win_tile is not None else self.last_drawn
        if tile is None or tile not in hand:
            tile = hand[-1]
        if kind in (WinKind.SELF_DRAWN, WinKind.KONG_REPLACEMENT):
            first = self.got_by == BY_DEAL and seat == 0 and self.discard_count == 0
        elif kind is WinKind.DISCARD:
            first = self.discard_count == 1 and self.claim_count <= 1 and self.records[0].seat == 0
        else:
            first = False
        last = kind.from_wall and self.wall.live == 0 and self.got_by != BY_DEAL
        rules = self.rules
        stake = Stake.parse(self.config.stake) if (self.config.stake and
                                                   rules.unit.value == "fan") else None
        description = HandDescription(
            rules=rules.key, concealed=hand, win_tile=tile, melds=tuple(self.melds[seat]),
            flowers=tuple(self.flowers[seat]), win=kind, seat_wind=WINDS[seat],
            round_wind=self.round_wind, opener_wind=self.opener_wind(), first_turn=first,
            last_tile=last, stake=stake,
            successive_kongs=kind is WinKind.KONG_REPLACEMENT and self.kong_chain >= 2)
        # The capital in play reaches the scorer as the same fact ``score`` reads (Macau
        # art. 8.º (4)), where the rule set declares it.
        if self.config.capital is not None and "capital" in rules.settlement_fields:
            description = rules.read_facts(description, {"capital": self.config.capital})
        return description

    def opener_wind(self) -> Wind | None:
        """The «abridor»'s wind (Serralheiro §4, §9 d ii), where the rule set has one."""
        if self.wall.opening is not None and self.rules.opener_scores:
            return WINDS[self.wall.opening.opener]
        return None

    def flow_readings(self, hand: HandDescription | None = None) -> list[str]:
        """The game-flow readings (``game.reading.*``) this hand relies on."""
        keys = set(self.rules.flow_readings)
        keys.add("game.reading.flower_replacement_not_loose")
        if hand is not None:
            if hand.first_turn:
                keys.add("game.reading.first_turn")
            if hand.last_tile:
                keys.add("game.reading.last_tile_drawn")
            if hand.win is WinKind.ROBBING_KONG:
                keys.add("game.reading.robbing_added_kong")
            if hand.win is WinKind.DISCARD and self.wall.live == 0:
                keys.add("game.reading.last_discard_win_only")
        if not self.rules.uses_bonus_tiles:
            keys.discard("game.reading.flower_replacement_not_loose")
        return sorted(keys)


__all__ = ["HandEnding"]
