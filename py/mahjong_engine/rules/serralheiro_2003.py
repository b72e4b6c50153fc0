"""Serralheiro (2003): Portuguese classical rules as taught in Macau.

Source: A. J. Serralheiro, "Mah-Jong – Regras Básicas" (Jul 2003): §7 (trocas), §9 c-d
(the banker pays and receives double; own, opener's and East winds become superior
honours), §10 a-c (points table, 20 for Mah-Jong, the doubles table), §10 iii-vi and
note 10 (value, limit, payments), and the list "Organização de alguns jogos" (special
hands, in ``serralheiro_2003_hands``).

The doubles table of §10 c survives only in its first four rows and the worked example
only in its last lines (66 × 2 × 2 × 2 = 528; 1,056 for the banker): only what survives
is implemented. A hand's value is ``points × 2 ** doubles`` capped by the limit agreed
before play; a limit hand is worth the limit (or half). The banker's hand is worth
double and the banker pays double, up to the banker's limit. Losers pay the winner,
then settle their differences (``settle_differences`` with ``score_losing_hand``).
The §10 b-c tables are in ``serralheiro_2003_table``, a hand's value and its payments in
``serralheiro_2003_settle``.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..forms import Arrangement, RegularForm, ThirteenOrphansForm
from ..hand import HandDescription
from ..scoring import Citation, ScoreResult, ScoringContext, Transfer, Unit, evaluate
from .base import RuleSet, Settlement, Valuation, ValueHints, WallOpening, losing_arrangement
from .counts import R_COUNTED, Counted, points_doubles
from .presentation import KongLayout, Presentation
from .serralheiro_2003_hands import (DOCUMENT, R_FAMILY, R_PAIRS_FOUR, R_REGUA, SPECIAL_HANDS,
                                     ReguaPairsForm, TwinSevensForm)
from .serralheiro_2003_settle import (SEATS, SerralheiroOptions, draw_differences, hand_value,
                                      priced_transfer, settle_differences, transfers_differences)
from .serralheiro_2003_table import (ALL_READINGS, KEY, MAH_JONG, R_DRAW_PAYS_NOTHING,
                                     R_DRAW_VALUES, R_HALF_LIMIT, R_LOSING_HAND, R_NO_OWN_FLOWER,
                                     R_NO_ROUND_WIND, R_ONLY_LISTED, R_OPENER_UNKNOWN,
                                     TABLE_ENTRIES)


class Serralheiro2003(RuleSet[SerralheiroOptions]):
    key = KEY
    document = DOCUMENT
    # §9 b: «Os congues ou pongues feitos na régua, quando forem expostos para contabilização
    # do valor da mão, deverão ter as pedras de dentro voltadas para baixo». Until then they
    # stay on the rack (§8 f): face down while the hand is played (reading).
    presentation = Presentation(
        visitor_languages=("pt",),
        kong=KongLayout((0, 1, 2, 3), (1, 2), (1,), reading="table.reading.kong_rack_until_end",
                        citation="Serralheiro (2003), §9 b"),
        tile_readings=(R_FAMILY,), settle_readings=(R_LOSING_HAND, R_HALF_LIMIT),
        special_sections=("Organização de alguns jogos",), settlement_blocks=("limits",),
        shape_readings=(R_ONLY_LISTED,))
    # «Fulminante»: ended «com o descarte do banqueiro ou por este apresentado a seguir às
    # trocas»: no discard before it, so no set could have been claimed.
    possible_citations: ClassVar[Mapping[str, Citation]] = {
        "hand.impossible.first_turn_exposed": Citation(
            KEY, "Organização de alguns jogos, «Fulminante»; §8 b"),
    }
    tile_count = 144
    uses_bonus_tiles = True
    sets = 4
    wall_stacks = 18
    dice = 2
    unit = Unit.POINTS
    forms = (RegularForm(), ReguaPairsForm(), ThirteenOrphansForm(), TwinSevensForm())
    entries = (MAH_JONG, *TABLE_ENTRIES, *SPECIAL_HANDS)
    readings = (R_ONLY_LISTED,)
    options_class = SerralheiroOptions
    count_fields = ("points", "doubles")  # what the table counts (score_count)
    loser_count_fields = ("points", "doubles")
    # game flow (§2, §4-5, §7, §10 vi), read by mahjong_engine.game: the banker's dice
    # find the «abridor», who opens his side and lifts the «dragão» (replacements come
    # from it); 4 + 4 + 4, then the banker the 1st and 3rd top tiles, the others one
    # each (§5 c-d); «trocas»; the bank kept at most three times in a row.
    wall_opening = WallOpening.OPENER_WALL
    opener_scores = True
    deal_pattern = "jump"
    exchanges = True
    max_bank_keeps = 3
    settlement = Settlement.DIFFERENCES
    # shape_far_hands: limit hands and doubles (§10) make a few hands worth many; measured
    # +10.4 [1.3, 19.5] a hand against normal in the same seat (1,200 paired hands, issue 17)
    value_hints = ValueHints(Valuation.DOUBLES, banker_wind=True, all_pungs_double=True,
                             pairs_limit=True, shape_far_hands=True)
    flow_readings = ("game.reading.exchanges_four",)

    def exchanges_on(self) -> bool:
        """The «trocas» are an option (``SerralheiroOptions.exchanges``)."""
        return self.options.exchanges

    # ------------------------------------------------------------ "why not?" (game/why.py)
    # No discard is forbidden: footnote 6 (do not pass 1s, 9s or honours) is advice, not a
    # rule (RULES-READING.md). The text does not speak of robbing a kong: §8 b i is cited.
    why_citations: ClassVar[Mapping[str, Citation]] = {
        "why.hand_over": Citation(KEY, "§8 g"),
        "why.not_your_turn": Citation(KEY, "§8 e"),
        "why.claims_pending": Citation(KEY, "§8 b, c"),
        "why.draw_first": Citation(KEY, "§8 d, e"),
        "why.draw.after_claim": Citation(KEY, "§8 b, e"),
        "why.draw.already_drawn": Citation(KEY, "§8 e"),
        "why.discard.bonus_tile": Citation(KEY, "§6 a-c; §8 d; nota 3"),
        "why.discard.not_held": Citation(KEY, "§8 d"),
        "why.claim.no_discard": Citation(KEY, "§8 b"),
        "why.claim.own_discard": Citation(KEY, "§8 b"),
        "why.claim.already_answered": Citation(KEY, "§8 b, c"),
        "why.only_last_discard": Citation(KEY, "§8 b"),
        "why.wall_empty": Citation(KEY, "§8 g"),
        "why.only_next_may_chow": Citation(KEY, "§8 b iv; nota 8"),
        "why.chow.honour": Citation(KEY, "Regulamentação do Jogo (1ª Categoria); §8 b iv"),
        "why.chow.not_a_run": Citation(KEY, "Regulamentação do Jogo (1ª Categoria); §8 b iv"),
        "why.chow.discard_not_in_run": Citation(KEY, "§8 b iv"),
        "why.chow.missing": Citation(KEY, "§8 b iv"),
        "why.pung.need_two": Citation(KEY, "§8 b iii"),
        "why.kong.need_three": Citation(KEY, "§8 b ii"),
        "why.kong.need_four": Citation(KEY, "§9 a, b"),
        "why.kong.no_pung": Citation(KEY, "§9 a"),
        "why.kong.fourth_not_held": Citation(KEY, "§9 a"),
        "why.no_replacement": Citation(KEY, "§9 a"),
        "why.win_after_claim": Citation(KEY, "§8 b, e"),
        "why.not_complete": Citation(KEY, "Regulamentação do Jogo; §9 a; "
                                          "Organização de alguns jogos"),
        "why.win.not_a_wait": Citation(KEY, "Regulamentação do Jogo; §9 a"),
        "why.win.pairs_one_family": Citation(KEY, "Organização de alguns jogos: "
                                                  "Pares na Régua"),
        "why.rob.own_kong": Citation(KEY, "§8 b i"),
        "why.rob.win_only": Citation(KEY, "§8 b i"),
        "why.pass.nothing": Citation(KEY, "§8 b, f"),
        "why.pass.not_asked": Citation(KEY, "§8 b, f"),
        "why.exchange.first": Citation(KEY, "§7 c"),
        "why.exchange.switched_off": Citation(KEY, "§7, nota 5"),
        "why.exchange.over": Citation(KEY, "§7 c; §8 a"),
        "why.exchange.not_your_exchange": Citation(KEY, "§7 a, b"),
        "why.exchange.already_given": Citation(KEY, "§7 a"),
        "why.exchange.two_tiles": Citation(KEY, "§7 a"),
        "why.exchange.not_held": Citation(KEY, "§7 a"),
    }
    why_readings: ClassVar[Mapping[str, str]] = {
        **RuleSet.why_readings,
        "why.not_complete": R_ONLY_LISTED,
        "why.exchange.not_your_exchange": "game.reading.exchanges_four",
        "why.exchange.first": "game.reading.exchanges_four",
    }
    why_seven_pairs_key = "why.win.pairs_one_family"

    def total(self, result: ScoreResult, ctx: ScoringContext) -> None:
        hand_value(result, self.options, ctx.hand.is_banker)

    def settle(self, result: ScoreResult, hand: HandDescription) -> None:
        winner = hand.seat_wind.value
        value = result.details["value"]
        result.settle_by([priced_transfer(seat, winner, value, "win", self.options,
                                          {"value": value})
                          for seat in SEATS if seat != winner], SEATS)

    def readings_for(self, result: ScoreResult, hand: HandDescription) -> list[str]:
        keys = {r for item in result.items for r in item.readings}
        arrangement = result.arrangement
        if arrangement is not None and arrangement.form != "regular":
            keys.add(R_ONLY_LISTED)
        if arrangement is not None and arrangement.form == "pares_na_regua":
            pair_tiles = [g.tile for g in arrangement.pairs]
            if len(set(pair_tiles)) < len(pair_tiles):
                keys.add(R_PAIRS_FOUR)
        keys.update(_context_readings(hand, arrangement))
        if result.details.get("limit") == 0.5:
            keys.add(R_HALF_LIMIT)
        return sorted(keys)

    def score_losing_hand(self, hand: HandDescription) -> ScoreResult:
        return score_losing_hand(hand, self.options)

    def score_count(self, counted: Counted) -> ScoreResult:
        """A hand counted at the table: ``{"points", "doubles"}`` valued as §10 iii-iv
        value the tiles (points × 2^doubles up to the limit), or its finished ``value``
        (a limit hand: the limit), before the banker's doubling, which the payments apply."""
        points, doubles, value = points_doubles(counted.data)
        base = points * 2 ** doubles if value is None else value
        worth = min(base, self.options.limit)
        result = ScoreResult(self.key, counted.winning, Unit.POINTS)
        banker = counted.is_banker and counted.winning
        result.total = min(2 * worth, self.options.banker_limit) if banker else worth
        result.details = {"points": points, "doubles": doubles, "base": base, "value": worth,
                          "limit_applied": base > self.options.limit, "banker": counted.is_banker,
                          "counted": True}
        result.readings = [R_COUNTED]
        return result

    def hand_flow_readings(self, drawn: bool) -> tuple[str, ...]:
        return self.draw_readings() if drawn else ()

    def draw_readings(self) -> tuple[str, ...]:
        return (R_DRAW_VALUES,) if self.options.draw_settles else (R_DRAW_PAYS_NOTHING,)

    def draw_transfers(self, values: Mapping[str, int]) -> list[Transfer] | None:
        """§8 g-h with ``draw_settles``: each two players settle the difference of their
        hands' values (§10 vi), the banker paying and receiving double (§9 c ii), each
        payment up to the limit (§10 iv)."""
        if not self.options.draw_settles:
            return None
        return draw_differences(values, self.options)

    def settle_transfers(self, values: Mapping[str, int], winner: str) -> list[Transfer]:
        """``transfers_differences`` with this rule set's options."""
        return transfers_differences(values, winner, self.options)


def _context_readings(hand: HandDescription, arrangement: Arrangement | None) -> set[str]:
    keys: set[str] = set()
    if arrangement is None:
        return keys
    if any(g.is_pung_or_kong and g.tile.is_wind for g in arrangement.groups):
        keys.add(R_NO_ROUND_WIND)
        if hand.opener_wind is None:
            keys.add(R_OPENER_UNKNOWN)
    win = arrangement.win_group
    if win is not None and win.is_set and not hand.self_drawn:
        keys.add(R_REGUA)
    if hand.flowers:
        keys.add(R_NO_OWN_FLOWER)
    return keys


# ---------------------------------------------------------------- every hand is valued

def score_losing_hand(hand: HandDescription,
                      options: SerralheiroOptions | None = None) -> ScoreResult:
    """The value of a hand that did not win (§10 vi: "calculados os valores dos restantes
    jogos"): the §10 b-c tables on its declared sets and, in the rack, every three or
    four equal tiles as a pung «na régua» and every two honours as a pair; no 20 for
    Mah-Jong, no special hand (reading ``losing_hand``). ``win_tile`` and ``win`` are not
    looked at. ``winning`` is False; ``total`` and ``details["value"]`` are the value
    before the banker's doubling, which ``settle_differences`` applies."""
    options = options or SerralheiroOptions()
    arrangement = losing_arrangement(hand, Serralheiro2003.sets, lambda tile: tile.is_honour)
    ctx = ScoringContext(hand, arrangement)
    result = ScoreResult(KEY, False, Unit.POINTS, evaluate(TABLE_ENTRIES, ctx),
                         arrangement=arrangement)
    hand_value(result, options, banker=False)
    result.details["banker"] = hand.is_banker
    keys = {r for item in result.items for r in item.readings} | {R_LOSING_HAND}
    keys.update(_context_readings(hand, arrangement))
    result.readings = sorted(keys)
    return result


__all__ = ["ALL_READINGS", "SPECIAL_HANDS", "TABLE_ENTRIES", "Serralheiro2003", "SerralheiroOptions",
           "hand_value", "score_losing_hand", "settle_differences", "transfers_differences"]
