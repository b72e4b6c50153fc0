"""The rule set a game is played under.

Each rule module carries its own "game flow" section (class attributes and small
hooks: ``wall_opening``, ``deal_pattern``, ``exchanges_on``, ``max_bank_keeps``,
``reseat_every``, ``match_rounds``, ``settlement``, ``score_losing_hand``,
``match_winner``, ``claim_rank``, ``next_banker``, ``liable_seat``...), declared with
their defaults in ``rules.base.RuleSet``; the game package only reads them and never
asks which rule set it plays.
"""
from __future__ import annotations

from ..rules import rule_set_class
from ..rules.base import Options, RuleSet


def flow_rules(key: str, options: Options | None = None) -> RuleSet[Options]:
    """The rule set ``key`` (with its game-flow section)."""
    return rule_set_class(key)(options)


__all__ = ["flow_rules"]
