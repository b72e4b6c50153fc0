"""The rule set a game is played under, with its game-flow section.

TEMPORARY (issue 4): the per-document game-flow overrides below wait here until each
rule module's scoring engineer is done with it; then they move into that module's own
"game flow" section and this table shrinks to nothing. ``flow_rules`` only mixes an
override in when the module does not define the attribute itself.
"""
from __future__ import annotations

from functools import lru_cache

from ..rules import rule_set_class
from ..rules.base import Options, RuleSet

# ---------------------------------------------------------------- TEMPORARY overrides
_TEMPORARY: dict[str, dict] = {
    # Portaria 133/88/M art. 2.º: three dice counted along the banker's wall; 4 + 4 + 4
    # then the banker's two alternate top tiles; rounds East to North of four games.
    "macau_1988": {"wall_break": "dealer_wall", "deal_pattern": "jump", "match_rounds": 4,
                   "flow_readings": ("game.reading.first_banker",)},
    # Filipino "Montar/Rolar/Distribuir": Mano 17, others 16; markers, not money.
    "filipino": {"wall_break": "dealer_wall", "deal_pattern": "mano_last",
                 "settlement": "markers",
                 "flow_readings": ("game.reading.first_banker", "game.reading.filipino_wall",
                                   "game.reading.filipino_deal",
                                   "game.reading.filipino_replacement")},
    # Serralheiro §4-5 (abridor, dragão), §5 c-d (deal), §2 (bank, at most 3 keeps).
    "serralheiro_2003": {"wall_break": "opener_wall", "deal_pattern": "jump",
                         "exchanges": True, "max_bank_keeps": 3, "settlement": "differences",
                         "flow_readings": ("game.reading.exchanges_four",)},
    # Cayro, Desarrollo del juego: 1-5-9 opener, fours then one each then one to East,
    # seats drawn again every sixteen hands; every hand valued.
    "cayro": {"wall_break": "cayro", "deal_pattern": "one_each_then_east", "reseat_every": 16,
              "settlement": "differences", "straight_chow_from_any": True,
              "flow_readings": ("game.reading.cayro_bank",)},
}


def _filipino_next_banker(self, banker: int, winner: int | None, keeps: int, roll) -> int:
    """Filipino "Rolar"/"Mano": the winner rolls two dice and counts the seats from himself
    (1 = himself) in turn order; after a draw the same Mano deals again (reading
    ``draw_same_mano``)."""
    if winner is None:
        return banker
    return (winner + sum(roll()) - 1) % 4


def _cayro_claim_rank(self, kind: str) -> float:
    """Cayro: "este último [pung] tendrá preferencia a menos que el primero consiguiera
    con esa ficha un Mah-Jong, o completara una escalera teniendo las otras ocho fichas
    en mano": win > the 1-to-9 chow > kong = pung > chow."""
    return {"win": 3, "chow_straight": 2.5, "kong": 2, "pung": 2, "chow": 1}.get(kind, 0)


def _cayro_next_banker(self, banker: int, winner: int | None, keeps: int, roll) -> int:
    """Cayro: the winds are drawn by dice and drawn again every sixteen hands; the sheet
    names no other change of East (reading ``game.reading.cayro_bank``)."""
    return banker


def _macau_liable_seat(self, record):
    """Portaria art. 9.º decided from the hand's record with the pure function
    ``macau_1988_settle.liability``: the discard that gave the win (cases (1), (3)-(6)),
    or, for a win drawn on the turn after claiming the fourth set, the discard claimed
    for it (case (2)). Returns (seat, reason key) or None."""
    from ..rules import macau_1988_settle as settle
    from ..tiles import WINDS
    if not record.records:
        return None
    items = frozenset(item.key for item in record.score.items)
    winner = record.winner
    if record.win == "discard":
        last = record.records[-1]
        won_on_discard = True
    else:
        claimed = [r for r in record.records if r.claimed_by == winner]
        if not claimed:
            return None
        last = claimed[-1]
        after = [r for r in record.records if r.number > last.number]
        # "na jogada a seguir": his one discard after the claim, then his winning draw.
        if [r.seat for r in after].count(winner) != 1 or any(r.claimed_by is not None
                                                              for r in after):
            return None
        won_on_discard = False
    if last.seat == winner:
        return None
    situation = settle.LiabilitySituation(
        discarder=WINDS[last.seat], tile=last.tile, winning_items=items,
        winner_declared=record.winner_melds, won_on_discard=won_on_discard,
        discarder_concealed=last.hand_before, discarder_declared=last.declared,
        discarder_ready=last.ready, visible=last.visible)
    reason = settle.liability(situation)
    return (last.seat, reason) if reason else None


def _macau_liable_payments(self, score, winner: int, liable: int, stake) -> dict:
    from ..rules import macau_1988_settle as settle
    from ..tiles import WINDS
    return settle.liable_payments(score, WINDS[winner], WINDS[liable], stake,
                                  getattr(self.options, "capital", None))


_TEMPORARY_HOOKS = {"filipino": {"next_banker": _filipino_next_banker},
                    "cayro": {"next_banker": _cayro_next_banker,
                              "claim_rank": _cayro_claim_rank},
                    "macau_1988": {"liable_seat": _macau_liable_seat,
                                   "liable_payments": _macau_liable_payments}}
# ---------------------------------------------------------------- end of TEMPORARY


@lru_cache(maxsize=None)
def flow_class(key: str) -> type[RuleSet]:
    cls = rule_set_class(key)
    extra = {}
    own = set()
    for klass in cls.__mro__:
        if klass is RuleSet:
            break
        own.update(klass.__dict__)
    for name, value in _TEMPORARY.get(key, {}).items():
        if name not in own:
            extra[name] = value
    for name, func in _TEMPORARY_HOOKS.get(key, {}).items():
        if name not in own:
            extra[name] = func
    if not extra:
        return cls
    return type(cls.__name__, (cls,), extra)


def flow_rules(key: str, options: Options | None = None) -> RuleSet:
    """The rule set ``key`` with its game-flow section (temporary overrides mixed in)."""
    return flow_class(key)(options)


__all__ = ["flow_class", "flow_rules"]
