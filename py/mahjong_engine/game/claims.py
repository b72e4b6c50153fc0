"""Claims on a discard: who gets it, and the record of every discard kept for the
liability of Portaria 133/88/M art. 9.º.

Priorities come from the rule set's ``claim_rank`` hook: a win beats a kong or a pung,
which beat a chow (Portaria art. 4.º (3)-(6); Filipino "Mahjong tem a prioridade
máxima ... Kong ... Pong ... Chow"; Serralheiro §8 b-c; Cayro "este último tendrá
preferencia a menos que el primero consiguiera con esa ficha un Mah-Jong": a chow that
completes the hand is claimed as a win, from any discarder; "o completara una escalera
teniendo las otras ocho fichas en mano": a chow completing 1 to 9 of a suit beats a pung
and may be taken from any discarder, the rule set's ``straight_chow_from_any``).
Between two claimants of the same rank (two winners) the tile goes to the nearest in
turn order from the discarder (Portaria art. 4.º (6) «Chit vu»; Filipino "vai para o
próximo jogador na ordem de turno").
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..melds import Meld
from ..rules.base import Options, RuleSet
from ..tiles import Tile
from .actions import Action


def resolve_claims(rules: RuleSet[Options], discarder: int, claims: Sequence[Action],
                   kind_of: Callable[[Action], str] = lambda claim: claim.kind) -> Action | None:
    """The claim that takes the discard, or None when every seat passed."""
    best: Action | None = None
    best_key: tuple[float, int] | None = None
    for claim in claims:
        key = (-rules.claim_rank(kind_of(claim)), (claim.seat - discarder) % 4)
        if best_key is None or key < best_key:
            best, best_key = claim, key
    return best


@dataclass
class DiscardRecord:
    """One discard and what became of it: the facts art. 9.º is decided from."""

    seat: int
    tile: Tile
    hand_before: tuple[Tile, ...]
    declared: int
    ready: bool
    visible: tuple[Tile, ...]
    number: int
    claimed_by: int | None = None
    claim: str | None = None
    claimant_melds: tuple[Meld, ...] = ()


__all__ = ["DiscardRecord", "resolve_claims"]
