"""One hand of Mah-Jong as a state machine with an action log.

``legal_actions(seat)`` lists exactly what a seat may do now; ``apply(action)`` plays
one of them and raises ``IllegalActionError`` (changing nothing) for anything else.
Everything random comes from ``random.Random(config.seed)``, so the same seed and the
same actions give the same hand; ``config.stacked`` fixes the wall for tests.

Phases (``phase.Phase``): ``exchange`` (Serralheiro §7), ``turn`` (the current seat
discards, declares a kong or wins), ``draw`` (the current seat draws), ``claim`` (the
others answer the last discard), ``rob`` (the others may rob an added kong), ``ended``.

``GameState`` is put together from one class per responsibility, each built on the hand's
data (``deal.DealtHand``: the wall, the deal, flowers):

- ``moves.LegalMoves``: what each seat may do now;
- ``ending.HandEnding``: a drawn or won hand, described and settled;
- ``resolve.Resolution``: the answers to a discard or an added kong resolved;
- ``play.Play``: each kind of action played;
- ``view.SeatViews``: what a seat is shown (``SeatView``) and the snapshot.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..errors import IllegalActionError
from ..hand import HandDescription, WinKind
from .actions import Action
from .config import GameConfig
from .play import Play
from .result import HandResult
from .settle import settle_win
from .view import SeatView, SeatViews
from .why import explain_illegal


class GameState(Play, SeatViews):
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
        handler = getattr(self, f"_do_{action.kind}")
        handler(action)

    def why_not(self, action: Action) -> str | None:
        """A message key saying why ``action`` is not legal now (None when it is); the
        full reason, with its parameters and citation, is ``game.why.explain_illegal``."""
        reason = explain_illegal(self, action)
        return None if reason is None else reason.key

    def replay(self, actions: Iterable[Action]) -> GameState:
        for action in actions:
            self.apply(action)
        return self

    def _settle(self, seat: int, kind: WinKind, discarder: int | None,
                description: HandDescription) -> HandResult:
        return settle_win(self, seat, kind, discarder, description)


__all__ = ["GameConfig", "GameState", "HandResult", "SeatView"]
