"""Cayro: the rule sheet of the Spanish toy maker Juguetes Cayro (es/en halves of one sheet).

Source: Cayro, "Mah-Jong" rule sheet, sections «Desarrollo del juego» and «Puntuaciones»
(«Combinaciones expuestas», «Combinaciones ocultas», «Primas», «Dobles puntuaciones de
honor»), read as ``shared/RULES-READING.md`` says (its known slips included).

A winning hand is four sets and a pair, nothing else. Its value is the points of its
sets and pairs plus the bonuses («Primas», the winner only), doubled once per double
(«Dobles», every hand): ``points × 2 ** doubles``; no limit is stated. Every player
scores; all pay the winner his value and the others settle their differences
(``settle`` below, with ``score_losing_hand`` for the losers' hands). The tables of
«Puntuaciones» and the readings are in ``cayro_table``.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..forms import RegularForm
from ..hand import HandDescription
from ..scoring import (Citation, Entry, ScoreResult, ScoringContext, Transfer, Unit, evaluate,
                       net_of)
from ..tiles import Wind
from .base import (Options, RuleSet, Settlement, Valuation, ValueHints, WallOpening,
                   losing_arrangement)
from .cayro_table import (ALL_READINGS, BONUS_CITATION, DOCUMENT, BONUS_ROB_CITATION, BONUSES,
                          COMBINATIONS, DOUBLES, LAST_DISCARD_BONUS, LAST_DISCARD_READINGS,
                          R_BANKER_DOUBLING, R_FIRST_TILES, R_FOUR_SETS, R_LAST_TILE,
                          R_LOSING_HAND, R_NO_FLOWER_POINTS, apply_doubles)
from .counts import R_COUNTED, Counted, points_doubles
from .differences import by_differences
from .presentation import KongLayout, Presentation


# the reason of every payment
_PAY = Citation("cayro", "Puntuaciones: «liquidando sus diferencias después de pagar al que "
                         "hace Mah-Jong»")


def _play(words: str) -> Citation:
    return Citation("cayro", f"Desarrollo del juego: {words}")


_TURN = "«El Sur tomará una ficha de su muralla y se descartará igualmente»"
_CLAIM = "«reclamando la que ha sido descartada por otro jugador cualquiera»"
_LAST = "«Sólo puede servir para completar juego la última ficha descartada»"
_RUN = "«tres fichas de un mismo palo cuyos números sean correlativos»"
_TWO = "«Cuando un jugador tiene dos fichas para una combinación de tres»"
_ADDED = "«habiendo formado un trío con un pung robe luego la cuarta»"
_SHAPE = "«cuatro grupos de tres fichas y uno de dos»"


@dataclass(frozen=True)
class CayroOptions(Options):
    """The sheet names no banker doubling: off by default (reading ``cayro.banker_doubling``);
    when on, East pays and receives double in every settlement he takes part in."""

    banker_doubles: bool = False
    last_discard: str = "robbing_kong"
    """How «Robar la última ficha descartada a un contrincante = 10 puntos» is read:
    ``"robbing_kong"`` (the default, R_ROBBING_KONG) or ``"last_discard"`` (winning on the
    last discard of the hand, R_LAST_DISCARD)."""

    def __post_init__(self) -> None:
        if self.last_discard not in LAST_DISCARD_READINGS:
            raise ValueError("last_discard")

    @classmethod
    def choices(cls) -> dict[str, tuple[str, ...]]:
        return {"last_discard": LAST_DISCARD_READINGS}

    @classmethod
    def checked(cls, name: str, value: object) -> object:
        if name == "last_discard":
            if value not in LAST_DISCARD_READINGS:
                raise ValueError(name)
            return value
        return super().checked(name, value)



class Cayro(RuleSet[CayroOptions]):
    key = "cayro"
    document = DOCUMENT
    # «si teniendo un pung en mano roba la cuarta, exhibirá también el Kong»: shown face up;
    # it still scores as hidden («Combinaciones ocultas»). The stacks are counted from the
    # opened side's left; the bank's passing is told with the turns.
    presentation = Presentation(
        banker_term="term.east", visitor_languages=("es",),
        kong=KongLayout((), (), reading="table.reading.kong_shown",
                        citation="Cayro, Desarrollo del juego"),
        wall_count_from="left", tile_readings=(R_FIRST_TILES,),
        turns_readings=("game.reading.cayro_bank",),
        settle_readings=(R_LOSING_HAND, R_BANKER_DOUBLING), shape_readings=(R_FOUR_SETS,))
    possible_citations: ClassVar[Mapping[str, Citation]] = {
        "hand.impossible.replacement_without_kong": BONUS_CITATION,
    }
    tile_count = 144
    uses_bonus_tiles = True
    sets = 4
    wall_stacks = 18
    dice = 2
    unit = Unit.POINTS
    forms = (RegularForm(),)
    entries = COMBINATIONS + BONUSES + DOUBLES
    readings = (R_FOUR_SETS,)
    options_class = CayroOptions
    count_fields = ("points", "doubles")  # what the table counts (score_count)
    loser_count_fields = ("points", "doubles")

    def scored_entries(self) -> tuple[Entry, ...]:
        """With ``last_discard="last_discard"`` the robbing-a-kong bonus is read as winning
        on the last discard of the hand (R_LAST_DISCARD)."""
        if self.options.last_discard != "last_discard":
            return self.entries
        return tuple(LAST_DISCARD_BONUS if e.key == "robbing_kong" else e for e in self.entries)

    def total(self, result: ScoreResult, ctx: ScoringContext) -> None:
        apply_doubles(result)

    def score_count(self, counted: Counted) -> ScoreResult:
        """A hand counted at the table: ``{"points", "doubles"}`` as «Puntuaciones» value
        the tiles (points × 2^doubles, no limit), or its finished ``value``."""
        points, doubles, value = points_doubles(counted.data)
        result = ScoreResult(self.key, counted.winning, Unit.POINTS)
        result.total = points * 2 ** doubles if value is None else value
        result.details = {"points": points, "doubles": doubles, "counted": True}
        result.readings = [R_COUNTED]
        return result

    def hand_flow_readings(self, drawn: bool) -> tuple[str, ...]:
        """East fixed for sixteen hands, draws counted (``game.reading.cayro_bank``)."""
        return ("game.reading.cayro_bank",)

    def readings_for(self, result: ScoreResult, hand: HandDescription) -> list[str]:
        keys = set(super().readings_for(result, hand))
        if hand.flowers:
            keys.add(R_NO_FLOWER_POINTS)
        if hand.last_tile:
            keys.add(R_LAST_TILE)
        return sorted(keys)

    def settle_transfers(self, values: Mapping[str, int], winner: str) -> list[Transfer]:
        """``transfers`` with this rule set's options."""
        return transfers(values, winner, banker_doubles=self.options.banker_doubles)

    def score_losing_hand(self, hand: HandDescription) -> ScoreResult:
        """``score_losing_hand`` under this rule set."""
        return score_losing_hand(hand, self)

    # ------------------------------------------------------------ game flow
    # Read by mahjong_engine.game (Desarrollo del juego): East's dice choose the opener
    # (1-5-9 East, 2-6-10 South, 3-7-11 West, 4-8-12 North), whose dice count the stacks
    # from the left; fours to twelve, one each, one more to East; flowers replaced from
    # the dead wall, East first; seats drawn again every sixteen hands; every hand valued.
    wall_opening = WallOpening.OPENER_ROLLS_AGAIN
    deal_pattern = "one_each_then_east"
    reseat_every = 16
    settlement = Settlement.DIFFERENCES
    # widening_claim: measured in self-play to pay here only (issue 17); shape_far_hands
    # (doubles for dragon and own-wind pungs and one suit, «Dobles»): the strong player
    # against itself without it, +1.23 [+0.01, +2.44] a hand, wins -0.08 pp (9,000 paired
    # hands, seeds 30000-39000, issue 29)
    value_hints = ValueHints(Valuation.DOUBLES, widening_claim=5, shape_far_hands=True)
    straight_chow_from_any = True
    flow_readings = ("game.reading.cayro_bank",)

    # ------------------------------------------------------------ "why not?" (game/why.py)
    # The sheet has no numbered articles: each citation is its section and the words of
    # the rule. It has no exchanges and forbids no discard.
    why_citations: ClassVar[Mapping[str, Citation]] = {
        "why.hand_over": _play("«hasta que algún jugador logre reunir con sus catorce fichas "
                               "la combinación que le dé Mah-Jong»"),
        "why.not_your_turn": _play(_TURN),
        "why.claims_pending": _play(_CLAIM),
        "why.draw_first": _play(_TURN),
        "why.draw.after_claim": _play("«no podrá tomar nueva ficha de la muralla hasta que le "
                                      "toque de nuevo el turno»"),
        "why.draw.already_drawn": _play(_TURN),
        "why.discard.bonus_tile": _play("«la cambiará inmediatamente por una ficha, y pasará "
                                        "a exhibirla»"),
        "why.discard.not_held": _play(_TURN),
        "why.claim.no_discard": _play(_LAST),
        "why.claim.own_discard": _play(_CLAIM),
        "why.claim.already_answered": _play("«Cuando dos jugadores soliciten a un tiempo una "
                                            "ficha»"),
        "why.only_last_discard": _play(_LAST),
        "why.wall_empty": _play(_LAST),
        "why.chow.not_next_straight": _play("«o la del jugador inmediatamente anterior para "
                                            "formar escalera»; «o completara una escalera "
                                            "teniendo las otras ocho fichas en mano»"),
        "why.chow.honour": _play(_RUN),
        "why.chow.not_a_run": _play(_RUN),
        "why.chow.discard_not_in_run": _play(_TWO),
        "why.chow.missing": _play(_TWO),
        "why.pung.need_two": _play(_TWO),
        "why.kong.need_three": _play("«Si un jugador tiene un pung en mano y otro jugador se "
                                     "descarta de la cuarta ficha»"),
        "why.kong.need_four": _play("«si teniendo un pung en mano roba la cuarta, exhibirá "
                                    "también el Kong»"),
        "why.kong.no_pung": _play(_ADDED),
        "why.kong.fourth_not_held": _play(_ADDED),
        "why.no_replacement": _play("«el jugador tomará ficha de la muralla muerta»"),
        "why.win_after_claim": _play("«a menos que el primero consiguiera con esa ficha un "
                                     "Mah-Jong»; «deberá descartarse a su vez»"),
        "why.not_complete": _play(_SHAPE),
        "why.win.not_a_wait": _play(_SHAPE),
        "why.win.seven_pairs": _play(_SHAPE),
        "why.rob.own_kong": BONUS_ROB_CITATION,
        "why.rob.win_only": BONUS_ROB_CITATION,
        "why.pass.nothing": _play(_CLAIM),
        "why.pass.not_asked": _play(_CLAIM),
        "why.exchange.not_in_rules": _play("«El jugador Este abrirá el juego descartándose de "
                                           "una ficha»"),
    }
    why_readings: ClassVar[Mapping[str, str]] = {
        **RuleSet.why_readings,
        "why.not_complete": "cayro.four_sets_and_pair",
        "why.win.seven_pairs": "cayro.four_sets_and_pair",
        "why.rob.own_kong": "cayro.robbing_kong",
        "why.rob.win_only": "cayro.robbing_kong",
    }
    why_seven_pairs_key = "why.win.seven_pairs"

    def claim_rank(self, kind: str) -> float:
        """"este último [pung] tendrá preferencia a menos que el primero consiguiera con esa
        ficha un Mah-Jong, o completara una escalera teniendo las otras ocho fichas en
        mano": win > the chow completing 1 to 9 > kong = pung > chow."""
        return {"win": 3, "chow_straight": 2.5, "kong": 2, "pung": 2, "chow": 1}.get(kind, 0)

    def next_banker(self, banker: int, winner: int | None, keeps: int,
                    roll: Callable[[], Sequence[int]]) -> int:
        """The winds are drawn by dice and drawn again every sixteen hands; the sheet names
        no other change of East (reading ``game.reading.cayro_bank``)."""
        return banker


# ---------------------------------------------------------------- every player scores

def score_losing_hand(hand: HandDescription, rules: Cayro | None = None) -> ScoreResult:
    """The value of a hand that did not win: its sets and pairs with the doubles, no bonuses.

    The declared melds count as declared; in the concealed tiles every three or four
    equal tiles count as a hidden pung and every two dragons or own-wind tiles as a
    pair (reading ``cayro.losing_hand``); runs score nothing anyway. ``win_tile`` and
    ``win`` are not looked at. ``result.winning`` is False and ``result.total`` is set.
    """
    rules = rules if rules is not None else Cayro()
    arrangement = losing_arrangement(
        hand, rules.sets, lambda tile: tile.is_dragon or tile is hand.seat_wind.tile)
    ctx = ScoringContext(hand, arrangement)
    result = ScoreResult(rules.key, False, Unit.POINTS, evaluate(COMBINATIONS + DOUBLES, ctx),
                         arrangement=arrangement)
    apply_doubles(result)
    result.readings = sorted(set(rules.readings_for(result, hand)) | {R_LOSING_HAND})
    return result


def transfers(values: Mapping[str, int], winner: str,
              banker_doubles: bool = False) -> list[Transfer]:
    """Every payment of one hand: every loser pays the winner the winner's value
    («pagar al que hace Mah-Jong»); each two losers settle the difference of their values
    («liquidando sus diferencias»), a difference of 0 being no payment. With
    ``banker_doubles`` every payment East makes or receives is doubled (not on the sheet:
    reading ``cayro.banker_doubling``)."""

    def pay(payer: str, payee: str, amount: int, kind: str, params: dict[str, Any]) -> Transfer:
        doubled = banker_doubles and Wind.EAST.value in (payer, payee)
        return Transfer(payer, payee, amount * 2 if doubled else amount,
                        "banker_double" if doubled else kind,
                        {"base": amount, "kind": kind, "factor": 2 if doubled else 1, **params,
                         "citation": str(_PAY)})

    return by_differences(values, winner, pay)


def settle(values: Mapping[str, int], winner: str, banker_doubles: bool = False) -> dict[str, int]:
    """Net payments of one hand: the sum of ``transfers``. Seats are "E", "S", "W", "N"
    (or ``Wind``s); the result sums to zero."""
    seats = tuple(Wind(seat).value for seat in values)
    return net_of(transfers(values, winner, banker_doubles), seats)


__all__ = ["ALL_READINGS", "BONUSES", "Cayro", "CayroOptions", "score_losing_hand", "settle",
           "transfers"]
