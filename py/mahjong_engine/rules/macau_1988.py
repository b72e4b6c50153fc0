"""Macau 1988: the provisional casino regulation of Mah-Jong, Portaria n.º 133/88/M
(Macau, 22 August 1988; revoked by Portaria n.º 52/89/M, 20 March 1989).

136 tiles, no flowers, 3 dice, walls of 17 stacks (art. 1.º, 2.º). A hand wins with
four sets and a pair (art. 3.º) or with the thirteen orphans («Sap-sám iu», art. 5.º
(3)); seven pairs is no win. Scoring (art. 5.º) gives a grade, not points; its items
and grades are in ``macau_1988_entries``; ``total`` is the grade 0, 1, 2.

Settlement (art. 6.º, 7.º, 8.º (4)) and the false win of art. 9.º (8) are in
``macau_1988_settle``, the liability cases of art. 9.º in ``macau_1988_liability``, the
facts a hand description carries in ``macau_1988_facts``, a hand counted at the table in
``macau_1988_counts``.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..errors import HandError
from ..forms import RegularForm, ThirteenOrphansForm
from ..hand import HandDescription, Stake, WinKind
from ..scoring import Citation, ScoreItem, ScoreResult, ScoringContext, Step, Transfer, Unit
from ..tiles import WINDS, Wind
from . import macau_1988_facts as facts_rules
from . import macau_1988_liability as art9
from . import macau_1988_settle as settle_rules
from .base import RuleSet, Valuation, ValueHints, point_terms
from .counts import R_COUNTED, Counted
from .liability import LiabilityFacts
from .macau_1988_counts import read_count
from .macau_1988_entries import (ENTRIES, FALSE_WIN, FIRST_TURN_CITATION, GRADE_KEYS, KEY,
                                 ONE_FAN_CITATION, R_CONCEALED_PUNGS, R_CONTAINED, RFIRST_TURN_CITATION,
                                 R_GRADES, R_KAI_VU_NO_PUNGS, R_MIXED_SUIT, R_ORPHANS_FIGURE,
                                 R_OVERLAP_ADDS, R_PROVISIONAL, R_SUCCESSIVE_KONGS, R_TERMS,
                                 R_WIND_PAIR, grade_of)
from .macau_1988_settle import MacauOptions
from .presentation import KongLayout, Presentation


def _cite(section: str) -> Citation:
    return Citation(KEY, section)


class Macau1988(RuleSet[MacauOptions]):
    key = KEY
    document = settle_rules.DOCUMENT
    # Portaria 133/88/M, art. 4.º (5) names the «kong» fechado but not how it lies: the
    # common reading, the two end tiles turned face down.
    presentation = Presentation(
        kong=KongLayout(citation="Portaria n.º 133/88/M, art. 4.º (5)"),
        status_readings=(R_PROVISIONAL,), tile_readings=(R_TERMS,),
        settle_readings=(settle_rules.R_PAYMENT, settle_rules.R_ALL_PAY, settle_rules.R_COMMISSION,
                         settle_rules.R_CAPITAL, settle_rules.R_LIABLE_PAYS),
        special_sections=("art. 5.º (3)", "art. 4.º"), settlement_blocks=("grades", "liability"),
        score_grades=GRADE_KEYS)
    # «T'in vu» / «tei vu»: the banker's dealt hand or the banker's first discard: no
    # discard before it, so no set could have been claimed.
    possible_citations: ClassVar[Mapping[str, Citation]] = {
        "hand.impossible.first_turn_exposed": FIRST_TURN_CITATION,
    }
    tile_count = 136
    uses_bonus_tiles = False
    sets = 4
    wall_stacks = 17
    dice = 3
    unit = Unit.FAN
    forms = (RegularForm(), ThirteenOrphansForm())
    entries = ENTRIES
    readings = (R_PROVISIONAL, R_GRADES)
    options_class = MacauOptions
    count_fields = ("fan",)              # what the table counts (score_count)

    def total(self, result: ScoreResult, ctx: ScoringContext) -> None:
        fan_sum = int(sum(i.amount for i in result.items if i.unit is Unit.FAN))
        double = any(i.unit is Unit.LIMIT for i in result.items)
        grade = grade_of(fan_sum, double)
        result.total = grade
        result.details = {"fan_sum": fan_sum, "grade": GRADE_KEYS[grade]}
        # art. 5.º: fan items added → grade (R_GRADES) → units of art. 6.º (1, 2, 4)
        result.steps = [
            Step("fan", fan_sum, {"terms": point_terms(result, Unit.FAN),
                                 "citation": str(ONE_FAN_CITATION)}),
            Step("grade", grade, {"grade": GRADE_KEYS[grade], "fan": fan_sum,
                                  "doubles": [i.key for i in result.items if i.unit is Unit.LIMIT],
                                  "citation": str(_cite("art. 5.º"))}),
            Step("units", 2 ** grade, {"grade": GRADE_KEYS[grade],
                                       "citation": str(_cite("art. 6.º"))}),
        ]

    def better(self, result: ScoreResult, best: ScoreResult) -> bool:
        def rank(r: ScoreResult) -> tuple[float, int, int]:
            doubles = sum(1 for i in r.items if i.unit is Unit.LIMIT)
            return (r.total or 0, doubles, r.details.get("fan_sum", 0))
        return rank(result) > rank(best)

    def check_possible(self, hand: HandDescription) -> None:
        """The common checks, and a stake whose banker figure is the double of the
        player's: the banker «paga sempre a dobrar ... recebendo sempre a dobrar» (art.
        6.º), as every row of the table of art. 7.º has it."""
        super().check_possible(hand)
        if hand.stake is not None:
            self.check_stake(hand.stake)

    def check_stake(self, stake: Stake) -> None:
        """The banker's figure the double of the player's (art. 6.º; art. 7.º)."""
        if stake.banker != 2 * stake.player:
            raise HandError("hand.impossible.stake_not_double", stake=str(stake),
                            citation=str(_cite("art. 6.º; art. 7.º")))

    # ------------------------------------------------------------ facts (art. 8.º (4), 9.º)
    settlement_fields = facts_rules.SETTLEMENT_FIELDS

    def read_facts(self, hand: HandDescription, data: Mapping[str, Any]) -> HandDescription:
        return hand.with_facts(facts_rules.read_facts(hand, data))

    def capital(self, hand: HandDescription | None) -> int | None:
        """The winner's capital in play (art. 8.º (4)): the hand's, else the options' one
        figure (a kept match gives each player's own through ``player_facts``)."""
        if hand is None or "capital" not in hand.facts:
            return self.options.capital if isinstance(self.options.capital, int) else None
        capital: int = hand.facts["capital"]   # checked by ``read_facts``
        return capital

    def player_facts(self, player: int) -> dict[str, Any]:
        """art. 8.º (4) «o seu capital em jogo»: each winner's own."""
        capital = self.options.capitals()[player]
        return {} if capital is None else {"capital": capital}

    def hand_flow_readings(self, drawn: bool) -> tuple[str, ...]:
        """art. 2.º «retém a banca até o jogo ser ganho por outro parceiro»: a draw keeps it."""
        return (settle_rules.R_DRAW_KEEPS_BANK,) if drawn else ()

    def score_count(self, counted: Counted) -> ScoreResult:
        """The winner's fan as the table counted them (``macau_1988_counts``), graded and
        settled as his tiles would be (art. 5.º-9.º)."""
        if not counted.winning:
            raise HandError("match.losers_not_valued", field="count")
        fan, double, items, liable = read_count(counted, self.entries)
        grade = grade_of(fan, double)
        result = ScoreResult(self.key, True, self.unit, items)
        result.total = grade
        result.details = {"fan_sum": fan, "grade": GRADE_KEYS[grade], "counted": True}
        capital = counted.facts.get("capital")
        discarder = counted.facts.get("discarder")
        if liable is not None and isinstance(discarder, Wind):
            result.details.update(liable=discarder.value, liability=liable, liability_citation=str(
                art9.LIABILITY_CITATIONS[liable]))
        if counted.stake is not None:
            self._pay(result, counted.seat_wind, counted.stake, capital,
                      (discarder, liable) if liable is not None and isinstance(discarder, Wind)
                      else None)
        keys = {*self.readings, R_COUNTED, *(r for i in items for r in i.readings)}
        if counted.stake is not None:
            keys.update(settle_rules.readings_for_stake(counted.stake, capital))
        if liable is not None:
            keys.update((settle_rules.R_LIABLE_PAYS, settle_rules.R_LIABILITY_EXEMPTIONS))
        result.readings = sorted(keys)
        return result

    def score(self, hand: HandDescription) -> ScoreResult:
        if not hand.facts.get("false_win"):
            return super().score(hand)
        # art. 9.º (7), (8): a win declared on a «nulo» hand is no win; the player
        # indemnifies the other three, whatever his tiles.
        self.check_hand(hand)
        self.check_possible(hand)
        return self.false_win_result(hand.seat_wind, hand.stake)

    def false_win_result(self, offender: Wind, stake: Stake | None) -> ScoreResult:
        price = self.options.false_win_price
        result = ScoreResult(self.key, False, self.unit)
        result.items = [ScoreItem(FALSE_WIN, 0, Unit.FAN, settle_rules.FALSE_WIN_CITATION)]
        result.details = {"false_win": True, "offender": offender.value, "price": price}
        if stake is not None:
            self.check_stake(stake)
            result.settle_by(settle_rules.false_win_transfers(offender, stake, price))
        used = (settle_rules.R_FALSE_WIN_PLAYER if price == "player"
                else settle_rules.R_FALSE_WIN_BANKER)
        result.readings = sorted({*self.readings, used})
        return result

    def settle(self, result: ScoreResult, hand: HandDescription) -> None:
        capital = self.capital(hand)
        liable = art9.liability_from_facts(result, hand)
        if liable is not None:
            seat, reason = liable
            result.details["liable"] = seat.value
            result.details["liability"] = reason
            result.details["liability_citation"] = str(
                art9.LIABILITY_CITATIONS[reason])
        if hand.stake is not None:
            self._pay(result, hand.seat_wind, hand.stake, capital, liable)

    @staticmethod
    def _pay(result: ScoreResult, winner: Wind, stake: Stake, capital: int | None,
             liable: tuple[Wind, str] | None) -> None:
        """Payments and commission of a graded win (art. 6.º-9.º), from its transfers."""
        if liable is None:
            result.settle_by(settle_rules.transfers(int(result.total or 0), winner, stake,
                                                    capital))
        else:
            result.settle_by(settle_rules.liable_transfers(result, winner, liable[0], stake,
                                                           liable[1], capital))

    def readings_for(self, result: ScoreResult, hand: HandDescription) -> list[str]:
        keys = set(super().readings_for(result, hand))
        arrangement = result.arrangement
        if result.total == 0 and arrangement is not None and not arrangement.pungs:
            keys.add(R_KAI_VU_NO_PUNGS)
        # A hand of four pungs in hand that won on another's tile: why no «Kan-kan vu».
        if (arrangement is not None and arrangement.form == RegularForm.key and not hand.melds
                and len(arrangement.pungs) == self.sets and hand.win is not WinKind.SELF_DRAWN):
            keys.add(R_CONCEALED_PUNGS)
        if hand.successive_kongs:
            keys.add(R_SUCCESSIVE_KONGS)
        if hand.first_turn:
            keys.add(RFIRST_TURN_CITATION)
        if hand.stake is not None:
            keys.update(settle_rules.readings_for_stake(hand.stake, self.capital(hand)))
        if "liable" in result.details:
            keys.update((settle_rules.R_LIABLE_PAYS, settle_rules.R_LIABILITY_EXEMPTIONS))
        elif "discarder" in hand.facts:
            keys.add(settle_rules.R_LIABILITY_EXEMPTIONS)
        return sorted(keys)

    # ------------------------------------------------------------ game flow (art. 2.º)
    # Read by mahjong_engine.game: three dice (art. 1.º) counted along the banker's own
    # wall from the right; 4 + 4 + 4 tiles each, then the banker two alternate tiles of
    # the top row and the others one each; the bank kept by a winning banker (and on a
    # draw, reading) and passed to the right otherwise; rounds East to North.
    deal_pattern = "jump"
    value_hints = ValueHints(Valuation.FAN, round_wind=True)
    match_rounds = 4
    money_stake = True
    flow_readings = ("game.reading.first_banker",)

    # ------------------------------------------------------------ "why not?" (game/why.py)
    # The Portaria says nothing of exchanges or of a discard forbidden; where it is silent
    # the turn order of art. 2.º is cited.
    why_citations: ClassVar[Mapping[str, Citation]] = {
        "why.hand_over": _cite("art. 3.º"),
        "why.not_your_turn": _cite("art. 2.º"),
        "why.claims_pending": _cite("art. 4.º (3)-(6)"),
        "why.draw_first": _cite("art. 2.º"),
        "why.draw.after_claim": _cite("art. 4.º (3), (4)"),
        "why.draw.already_drawn": _cite("art. 2.º"),
        "why.discard.bonus_tile": _cite("art. 1.º (1), (2)"),
        "why.discard.not_held": _cite("art. 2.º"),
        "why.claim.no_discard": _cite("art. 4.º (3)-(5)"),
        "why.claim.own_discard": _cite("art. 4.º (4)"),
        "why.claim.already_answered": _cite("art. 4.º (3)-(6); art. 8.º (2)"),
        "why.only_last_discard": _cite("art. 4.º (4), (5)"),
        "why.wall_empty": _cite("art. 4.º (3)-(5)"),
        "why.only_next_may_chow": _cite("art. 4.º (3)"),
        "why.chow.honour": _cite("art. 1.º (2); art. 3.º"),
        "why.chow.not_a_run": _cite("art. 1.º (2); art. 3.º"),
        "why.chow.discard_not_in_run": _cite("art. 4.º (3)"),
        "why.chow.missing": _cite("art. 4.º (3)"),
        "why.pung.need_two": _cite("art. 4.º (4)"),
        "why.kong.need_three": _cite("art. 4.º (5)"),
        "why.kong.need_four": _cite("art. 4.º (5)"),
        "why.kong.no_pung": _cite("art. 4.º (5)"),
        "why.kong.fourth_not_held": _cite("art. 4.º (5)"),
        "why.no_replacement": _cite("art. 4.º (5)"),
        "why.win_after_claim": _cite("art. 4.º (3), (4)"),
        "why.not_complete": _cite("art. 3.º"),
        "why.win.not_a_wait": _cite("art. 3.º"),
        "why.win.seven_pairs": _cite("art. 3.º"),
        "why.rob.own_kong": _cite("art. 5.º (2)"),
        "why.rob.win_only": _cite("art. 5.º (2)"),
        "why.pass.nothing": _cite("art. 4.º (3)-(6)"),
        "why.pass.not_asked": _cite("art. 4.º (3)-(6)"),
        "why.exchange.not_in_rules": _cite("art. 2.º"),
    }
    why_seven_pairs_key = "why.win.seven_pairs"

    # ------------------------------------------------------------ game flow (art. 9.º)
    def liable_seat(self, record: LiabilityFacts) -> tuple[int, str] | None:
        """(seat, reason key) of the discarder who bears the other two losers' loss
        (art. 9.º), read from the hand's record; None when nobody does."""
        found = art9.situation_from_record(record)
        if found is None:
            return None
        seat, situation = found
        reason = art9.liability(situation)
        return None if reason is None else (seat, reason)

    def discard_liability(self, tile: int, view: Mapping[str, Any], hand: Sequence[int],
                          opponents: Sequence[tuple[int, bool]]) -> str | None:
        """art. 9.º as the discarder can foresee it (``art9.discard_liability``)."""
        return art9.discard_liability(tile, view, hand, opponents)

    def liable_transfers(self, result: ScoreResult, winner: int, liable: int, stake: Stake,
                         reason: str, hand: HandDescription | None = None
                         ) -> list[Transfer] | None:
        """art. 9.º: the liable discarder pays his share and the other two losers', within
        the winner's capital in play (art. 8.º (4)) of ``hand`` or the options."""
        capital = self.capital(hand)
        return settle_rules.liable_transfers(result, _as_wind(winner), _as_wind(liable), stake,
                                             reason, capital)


def _as_wind(seat: int | Wind) -> Wind:
    return seat if isinstance(seat, Wind) else WINDS[seat]


# Every reading key this rule set can list, liability and false win included.
ALL_READINGS = tuple(sorted({R_PROVISIONAL, R_GRADES, R_KAI_VU_NO_PUNGS, R_CONTAINED,
                             R_OVERLAP_ADDS, R_MIXED_SUIT, R_WIND_PAIR, R_CONCEALED_PUNGS,
                             RFIRST_TURN_CITATION, R_SUCCESSIVE_KONGS, R_ORPHANS_FIGURE, R_TERMS}
                            | set(settle_rules.ALL_READINGS)))


__all__ = ["ALL_READINGS", "GRADE_KEYS", "Macau1988", "MacauOptions"]
