"""The end of a hand: a drawn hand (``end_draw``), or the winner's hand described with
the flags the scorers read (``winner_hand``), settled (``finish_win``), and the
game-flow readings it relied on; functions of the hand's data (``HandState``)."""
from __future__ import annotations

from ..hand import HandDescription, Stake, WinKind
from ..tiles import WINDS, Tile
from .hand_state import BY_DEAL, HandState
from .phase import Phase
from .result import HandResult
from .settle import settle_win


def end_draw(state: HandState, reason: str) -> None:
    """The hand ends drawn (``reason``: ``game.end.<reason>``); a draw pays nothing here."""
    state.phase = Phase.ENDED
    state.pending = {}
    state.result = HandResult(notes=[f"game.end.{reason}"], readings=flow_readings(state))
    state.event("draw", reason=reason)


def finish_win(state: HandState, seat: int, kind: WinKind, discarder: int | None,
               win_tile: Tile | None = None) -> None:
    """The hand ends won by ``seat``: described (``winner_hand``) and settled
    (``settle.settle_win``)."""
    description = winner_hand(state, seat, kind, win_tile)
    state.phase = Phase.ENDED
    state.pending = {}
    state.current = seat
    state.result = settle_win(state, seat, kind, discarder, description)
    state.result.readings = flow_readings(state, description)
    state.event("win", seat=seat, win=kind.value)


def winner_hand(state: HandState, seat: int, kind: WinKind,
                win_tile: Tile | None = None) -> HandDescription:
    """The HandDescription of the winning hand, with the flags the scorers read:
    ``first_turn`` (Portaria art. 4.º (1)-(2) t'in vu / tei vu; Filipino bisaklat;
    Serralheiro «Fulminante»): the banker's win on his dealt (or exchanged) hand
    before any discard, or a win on the banker's first discard before any claim;
    ``last_tile``: won with the last tile of the live wall, drawn (Cayro; Serralheiro
    «Lua Pescada no Fundo do Mar»; reading ``game.reading.last_tile_drawn``);
    ``successive_kongs``: won on the replacement of a kong made with the replacement
    of another kong (Portaria art. 5.º (3) «Kong seong kong»)."""
    hand = tuple(state.hands[seat])
    tile = win_tile if win_tile is not None else state.last_drawn
    if tile is None or tile not in hand:
        tile = hand[-1]
    if kind in (WinKind.SELF_DRAWN, WinKind.KONG_REPLACEMENT):
        first = state.got_by == BY_DEAL and seat == 0 and state.discard_count == 0
    elif kind is WinKind.DISCARD:
        first = state.discard_count == 1 and state.claim_count <= 1 and state.records[0].seat == 0
    else:
        first = False
    last = kind.from_wall and state.wall.live == 0 and state.got_by != BY_DEAL
    rules = state.rules
    stake = Stake.parse(state.config.stake) if (state.config.stake and
                                               rules.unit.value == "fan") else None
    description = HandDescription(
        rules=rules.key, concealed=hand, win_tile=tile, melds=tuple(state.melds[seat]),
        flowers=tuple(state.flowers[seat]), win=kind, seat_wind=WINDS[seat],
        round_wind=state.round_wind, opener_wind=state.opener_wind(), first_turn=first,
        last_tile=last, stake=stake,
        successive_kongs=kind is WinKind.KONG_REPLACEMENT and state.kong_chain >= 2)
    # The capital in play reaches the scorer as the same fact ``score`` reads (Macau
    # art. 8.º (4)), where the rule set declares it.
    if state.config.capital is not None and "capital" in rules.settlement_fields:
        description = rules.read_facts(description, {"capital": state.config.capital})
    return description


def flow_readings(state: HandState, hand: HandDescription | None = None) -> list[str]:
    """The game-flow readings (``game.reading.*``) this hand relies on."""
    keys = set(state.rules.flow_readings)
    keys.add("game.reading.flower_replacement_not_loose")
    if hand is not None:
        if hand.first_turn:
            keys.add("game.reading.first_turn")
        if hand.last_tile:
            keys.add("game.reading.last_tile_drawn")
        if hand.win is WinKind.ROBBING_KONG:
            keys.add("game.reading.robbing_added_kong")
        if hand.win is WinKind.DISCARD and state.wall.live == 0:
            keys.add("game.reading.last_discard_win_only")
    if not state.rules.uses_bonus_tiles:
        keys.discard("game.reading.flower_replacement_not_loose")
    return sorted(keys)


__all__ = ["end_draw", "finish_win", "flow_readings", "winner_hand"]
