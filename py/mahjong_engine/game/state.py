"""One hand of Mah-Jong as a state machine with an action log.

``legal_actions(seat)`` lists exactly what a seat may do now; ``apply(action)`` plays
one of them and raises ``IllegalActionError`` (changing nothing) for anything else.
Everything random comes from ``random.Random(config.seed)``, so the same seed and the
same actions give the same hand; ``config.stacked`` fixes the wall for tests.

Phases (``phase.Phase``): ``exchange`` (Serralheiro §7), ``turn`` (the current seat
discards, declares a kong or wins), ``draw`` (the current seat draws), ``claim`` (the
others answer the last discard), ``rob`` (the others may rob an added kong), ``ended``.

``GameState`` is the hand's data (``hand_state.HandState``: the wall, the deal, flowers,
whose move) with the public entry points of the modules that work on it, each a set of
functions of that data, none knowing ``GameState``:

- ``moves``: what each seat may do now;
- ``play``: each kind of action played, and ``resolve``: the answers to a discard or an
  added kong resolved;
- ``ending``: a drawn or won hand, described, and ``settle``: a won hand settled;
- ``view``: what a seat is shown (``SeatView``) and the snapshot;
- ``why``: why an action is not legal.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..errors import IllegalActionError
from ..hand import HandDescription, WinKind
from ..tiles import Tile
from . import ending, moves
from .actions import Action
from .config import GameConfig
from .hand_state import HandState
from .play import play
from .result import HandResult
from .view import SeatView, seat_view, snapshot
from .why import explain_illegal


class GameState(HandState):
    """One hand: wall, hands, melds, flowers, discards, whose move, and the log."""

    def apply(self, action: Action) -> None:
        """Play ``action``; an action not in ``legal_actions`` raises and changes nothing."""
        if not isinstance(action, Action):
            raise IllegalActionError("action.malformed")
        if self.ended:
            raise IllegalActionError("action.hand_over")
        legal = self.legal_actions(action.seat)
        if action not in legal:
            if not legal:
                raise IllegalActionError("action.not_your_turn", seat=action.seat,
                                         phase=self.phase.value)
            raise IllegalActionError("action.not_legal", seat=action.seat, phase=self.phase.value,
                                     action=action.to_json(), why=self.why_not(action))
        self.log.append(action.to_json())
        play(self, action)

    def replay(self, actions: Iterable[Action]) -> GameState:
        for action in actions:
            self.apply(action)
        return self

    # ------------------------------------------------------------ what may be done
    def legal_actions(self, seat: int) -> list[Action]:
        """Exactly the actions ``seat`` may take now (empty when it is not asked)."""
        return moves.legal_actions(self, seat)

    def waiting_for(self) -> list[int]:
        """The seats whose answer the hand is waiting for."""
        return moves.waiting_for(self)

    def why_not(self, action: Action) -> str | None:
        """A message key saying why ``action`` is not legal now (None when it is); the
        full reason, with its parameters and citation, is ``game.why.explain_illegal``."""
        reason = explain_illegal(self, action)
        return None if reason is None else reason.key

    def claim_kind(self, claim: Action) -> str:
        """The kind a claim ranks as (``moves.claim_kind``)."""
        return moves.claim_kind(self, claim)

    @staticmethod
    def completes_straight(counts: list[int], tile: Tile) -> bool:
        """``tile`` completes 1 to 9 of its suit with the other eight (``moves``)."""
        return moves.completes_straight(counts, tile)

    # ------------------------------------------------------------ the end
    def winner_hand(self, seat: int, kind: WinKind,
                    win_tile: Tile | None = None) -> HandDescription:
        """The winning hand's description (``ending.winner_hand``)."""
        return ending.winner_hand(self, seat, kind, win_tile)

    def flow_readings(self, hand: HandDescription | None = None) -> list[str]:
        """The game-flow readings (``game.reading.*``) this hand relies on."""
        return ending.flow_readings(self, hand)

    # ------------------------------------------------------------ what is shown
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see, as tiles and melds (what a player is given)."""
        return seat_view(self, seat)

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON data (for comparisons and debugging)."""
        return snapshot(self)


__all__ = ["GameConfig", "GameState", "HandResult", "SeatView"]
