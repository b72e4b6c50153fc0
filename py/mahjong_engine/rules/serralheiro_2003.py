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
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..forms import Arrangement, RegularForm, ThirteenOrphansForm
from ..hand import HandDescription
from ..melds import MeldKind
from ..scoring import (Citation, Entry, GroupEntry, GroupTest, GroupView, HandEntry, ScoreResult,
                       ScoringContext, Step, Transfer, Unit, evaluate, net_of)
from ..tiles import BONUS_TILES, Tile, Wind
from .counts import R_COUNTED, Counted, points_doubles
from .base import (Options, RuleSet, Settlement, Valuation, ValueHints, WallOpening,
                   losing_arrangement, point_terms)
from .serralheiro_2003_hands import (DOCUMENT, HAND_READINGS, R_KONG_IS_PUNG, R_PAIRS_FOUR, R_REGUA, R_FAMILY,
                                     SPECIAL_HANDS, ReguaPairsForm, TwinSevensForm)
from .presentation import KongLayout, Presentation

KEY = "serralheiro_2003"
_POINTS = Citation(KEY, "§10 b")
_DOUBLES = Citation(KEY, "§10 c")
_WIND_DOUBLES = Citation(KEY, "§10 c; §9 d")
# the steps of a hand's value and the reasons of its payments (§9 c ii, §10 iii-vi, note 10)
STEP_CITATIONS = {"points": "§10 b", "doubles": "§10 c; §10 iii", "limit": "§10 iv",
                  "limit_hand": "§10 iv; Organização de alguns jogos",
                  "half_limit": "§10 iv; Organização de alguns jogos",
                  "banker_double": "§9 c ii; nota 10"}
PAYMENT_CITATIONS = {"win": "§10 v", "difference": "§10 vi", "banker_double": "§9 c ii"}


def _cited(key: str, table: dict[str, str]) -> dict[str, str]:
    return {"citation": str(Citation(KEY, table[key]))}

# Readings (catalogue: reading.<name>); those of the special hands are in the hands module.
R_WIND_PAIR = f"{KEY}.wind_pair_any"            # "Ventos" pair 2: every wind pair
R_WIND_DOUBLES = f"{KEY}.wind_doubles_each"     # 1 double each for own, opener's, East
R_NO_ROUND_WIND = f"{KEY}.no_round_wind"        # the round's wind earns nothing
R_OPENER_UNKNOWN = f"{KEY}.opener_unknown"      # no «abridor» given: no opener double
R_THREE_PUNGS = f"{KEY}.three_pungs_at_least"   # "3 pongues": three or more; régua: 3 hidden
R_NO_OWN_FLOWER = f"{KEY}.no_own_flower"        # flowers 4 each, no double for one's own
R_HALF_LIMIT = f"{KEY}.half_limit_or_count"     # a ½-limit hand: ½ limit or its count
R_ONLY_LISTED = f"{KEY}.only_listed_forms"      # sets and pair, or a listed special shape
R_LOSING_HAND = f"{KEY}.losing_hand"            # how a losing hand is valued
R_DRAW_PAYS_NOTHING = f"{KEY}.draw_pays_nothing"  # §8 g-h read as: a draw pays nothing
R_DRAW_VALUES = f"{KEY}.draw_values_hands"      # §8 g-h: every hand valued on a draw too

SEATS = tuple(w.value for w in Wind)
BANKER = Wind.EAST.value


@dataclass(frozen=True)
class SerralheiroOptions(Options):
    """§10 iv: "convém estabelecer um limite antes do início do jogo. Por exemplo, 4.000
    pontos ... pelo banqueiro e 2.000 ... por cada um dos outros"; ½ limit is half of it.
    ``exchanges``: the «trocas» of §7 (a Western custom, footnote 5), used by game flow."""

    limit: int = 2000
    banker_limit: int = 4000
    half_limit: int = 1000
    exchanges: bool = True
    draw_settles: bool = False
    """§8 g-h value every hand, the wall's end included: on, a draw is settled by the
    differences of the four hands (R_DRAW_VALUES); off (the default reading), a draw pays
    nothing (R_DRAW_PAYS_NOTHING)."""


# ---------------------------------------------------------------- §10 b: points

def _set_test(kind: MeldKind, tiles: Callable[[Tile], bool], hidden: bool) -> GroupTest:
    def test(g: GroupView, ctx: ScoringContext) -> bool:
        return g.kind is kind and g.hidden is hidden and tiles(g.tile)
    return test


def _pair_test(tiles: Callable[[Tile], bool]) -> GroupTest:
    return lambda g, ctx: g.kind is MeldKind.PAIR and tiles(g.tile)


# Rows of the table: (name, tiles, pung & kong «na régua», pung & kong «expostos»).
_TABLE = (
    ("dragon", lambda t: t.is_dragon, (8, 32), (4, 16)),
    ("wind", lambda t: t.is_wind, (8, 32), (4, 16)),
    ("terminal", lambda t: t.is_terminal, (8, 32), (4, 16)),
    ("simple", lambda t: t.is_simple, (4, 16), (2, 8)),
)


def _table_entries() -> tuple[GroupEntry, ...]:
    out = []
    for name, tiles, concealed, exposed in _TABLE:
        for hidden, amounts in ((True, concealed), (False, exposed)):
            for kind, amount in zip((MeldKind.PUNG, MeldKind.KONG), amounts, strict=True):
                state = "concealed" if hidden else "exposed"
                out.append(GroupEntry(f"{kind.value}_{name}_{state}", amount, Unit.POINTS,
                                      _POINTS, test=_set_test(kind, tiles, hidden)))
    return tuple(out)


_BONUS_KEYS = {
    Tile.PLUM: "flower_plum", Tile.ORCHID: "flower_orchid",
    Tile.CHRYSANTHEMUM: "flower_chrysanthemum", Tile.BAMBOO_FLOWER: "flower_bamboo",
    Tile.SPRING: "season_spring", Tile.SUMMER: "season_summer",
    Tile.AUTUMN: "season_autumn", Tile.WINTER: "season_winter",
}


def _bonus_entry(tile: Tile) -> HandEntry:
    return HandEntry(_BONUS_KEYS[tile], 4, Unit.POINTS, _POINTS, readings=(R_NO_OWN_FLOWER,),
                     test=lambda ctx: tile in ctx.hand.flowers)


POINTS: tuple[Entry, ...] = (
    tuple(_bonus_entry(t) for t in BONUS_TILES)
    + _table_entries()
    + (GroupEntry("pair_dragon", 2, Unit.POINTS, _POINTS, test=_pair_test(lambda t: t.is_dragon)),
       GroupEntry("pair_wind", 2, Unit.POINTS, _POINTS, readings=(R_WIND_PAIR,),
                  test=_pair_test(lambda t: t.is_wind)))
)

MAH_JONG = HandEntry("mah_jong", 20, Unit.POINTS, _POINTS, test=lambda ctx: True)


# ---------------------------------------------------------------- §10 c: doubles

def _hidden_pungs(ctx: ScoringContext) -> int:
    return sum(1 for g in ctx.views() if g.is_pung_or_kong and g.hidden)


def _wind_set(wind_of: Callable[[HandDescription], Wind | None]) -> GroupTest:
    def test(g: GroupView, ctx: ScoringContext) -> bool:
        wind = wind_of(ctx.hand)
        return g.is_pung_or_kong and wind is not None and g.tile is wind.tile
    return test


DOUBLES: tuple[Entry, ...] = (
    GroupEntry("dragon_set", 1, Unit.DOUBLES, _DOUBLES,
               test=lambda g, ctx: g.is_pung_or_kong and g.tile.is_dragon),
    GroupEntry("wind_own", 1, Unit.DOUBLES, _WIND_DOUBLES, readings=(R_WIND_DOUBLES,),
               test=_wind_set(lambda hand: hand.seat_wind)),
    GroupEntry("wind_opener", 1, Unit.DOUBLES, _WIND_DOUBLES, readings=(R_WIND_DOUBLES,),
               test=_wind_set(lambda hand: hand.opener_wind)),
    GroupEntry("wind_banker", 1, Unit.DOUBLES, _WIND_DOUBLES, readings=(R_WIND_DOUBLES,),
               test=_wind_set(lambda hand: Wind.EAST)),
    HandEntry("three_pungs_concealed", 2, Unit.DOUBLES, _DOUBLES, excludes=("three_pungs",),
              readings=(R_THREE_PUNGS, R_KONG_IS_PUNG),
              test=lambda ctx: _hidden_pungs(ctx) >= 3),
    HandEntry("three_pungs", 1, Unit.DOUBLES, _DOUBLES, readings=(R_THREE_PUNGS, R_KONG_IS_PUNG),
              test=lambda ctx: len(ctx.arrangement.pungs) >= 3),
)

TABLE_ENTRIES = POINTS + DOUBLES
"""The §10 b-c tables, which value every hand, winning or not."""

ALL_READINGS = (R_WIND_PAIR, R_WIND_DOUBLES, R_NO_ROUND_WIND, R_OPENER_UNKNOWN, R_THREE_PUNGS,
                R_NO_OWN_FLOWER, R_HALF_LIMIT, R_ONLY_LISTED, R_LOSING_HAND, R_DRAW_PAYS_NOTHING,
                R_DRAW_VALUES, *HAND_READINGS)
"""Every reading key this rule set may put in a result."""


# ---------------------------------------------------------------- value

def hand_value(result: ScoreResult, options: SerralheiroOptions, banker: bool) -> None:
    """Set ``result.total``, ``details`` and ``steps`` from the items: points × 2^doubles,
    capped by the limit; a limit hand is worth the limit (a ½-limit hand its count if
    higher); the banker's hand is worth double (note 10), up to the banker's limit (§10 iv).
    Each of these is its own step, so the arithmetic shown adds up to the total."""
    points = int(sum(i.amount for i in result.items if i.unit is Unit.POINTS))
    doubles = int(sum(i.amount for i in result.items if i.unit is Unit.DOUBLES))
    limit_share = max((i.amount for i in result.items if i.unit is Unit.LIMIT), default=0)
    base = points * 2 ** doubles
    value = min(base, options.limit)
    steps = [Step("points", points, {"terms": point_terms(result, Unit.POINTS),
                                     **_cited("points", STEP_CITATIONS)}),
             Step("doubles", base, {"points": points, "doubles": doubles,
                                    "terms": point_terms(result, Unit.DOUBLES),
                                    **_cited("doubles", STEP_CITATIONS)})]
    if limit_share >= 1:
        value = options.limit
        steps.append(Step("limit_hand", value, {"limit": options.limit, "before": base,
                                                **_cited("limit_hand", STEP_CITATIONS)}))
    elif limit_share:
        count = value
        value = max(value, options.half_limit)
        steps.append(Step("half_limit", value, {"half_limit": options.half_limit,
                                                "count": count, **_cited("half_limit", STEP_CITATIONS)}))
    elif base > options.limit:
        steps.append(Step("limit", value, {"limit": options.limit, "before": base,
                                           **_cited("limit", STEP_CITATIONS)}))
    total = min(2 * value, options.banker_limit) if banker else value
    if banker:
        steps.append(Step("banker_double", total, {"before": value, "factor": 2,
                                                   "cap": options.banker_limit,
                                                   "capped": 2 * value > options.banker_limit,
                                                   **_cited("banker_double", STEP_CITATIONS)}))
    result.total = total
    result.steps = steps
    result.details = {"points": points, "doubles": doubles, "base": base, "value": value,
                      "limit": limit_share or None, "limit_applied": bool(limit_share)
                      or base > options.limit, "banker": banker}


def _pay(amount: int, payer: str, payee: str, options: SerralheiroOptions) -> int:
    """One payment: double when the banker pays or receives (§9 c ii), capped by the
    limit of the banker or of the other players (§10 iv)."""
    if BANKER in (payer, payee):
        return min(2 * amount, options.banker_limit)
    return min(amount, options.limit)


def _transfer(payer: str, payee: str, amount: int, reason: str,
              options: SerralheiroOptions, **params: object) -> Transfer:
    due = _pay(amount, payer, payee, options)
    doubled = BANKER in (payer, payee)
    uncapped = 2 * amount if doubled else amount
    cited = {"citation": str(Citation(KEY, "; ".join(
        [PAYMENT_CITATIONS[reason]] + (["§9 c ii"] if doubled else [])
        + (["§10 iv"] if due < uncapped else []))))}
    return Transfer(payer, payee, due, "banker_double" if doubled else reason,
                    {"base": amount, "kind": reason, "factor": 2 if doubled else 1,
                     "capped": due < uncapped, **params, **cited})


def transfers_differences(values: Mapping[str, int], winner: str,
                          options: SerralheiroOptions | None = None) -> list[Transfer]:
    """Every payment of one hand (§10 v-vi): every loser pays the winner his value, then
    each two losers settle the difference of their values; the banker (E) pays and
    receives double (§9 c ii), each payment up to the limit (§10 iv). ``values`` are the
    hands' values before the banker's doubling. A difference of 0 is no payment."""
    options = options or SerralheiroOptions()
    seats = {Wind(seat).value: int(value) for seat, value in values.items()}
    winner = Wind(winner).value
    if winner not in seats:
        raise ValueError(f"winner {winner} has no value")
    out: list[Transfer] = []
    losers = [seat for seat in seats if seat != winner]
    for loser in losers:
        out.append(_transfer(loser, winner, seats[winner], "win", options,
                             value=seats[winner]))
    for i, first in enumerate(losers):
        for second in losers[i + 1:]:
            high, low = (first, second) if seats[first] >= seats[second] else (second, first)
            if seats[high] != seats[low]:
                out.append(_transfer(low, high, seats[high] - seats[low], "difference", options,
                                     payee_value=seats[high], payer_value=seats[low]))
    return out


def settle_differences(values: Mapping[str, int], winner: str,
                       options: SerralheiroOptions | None = None) -> dict[str, int]:
    """Net payments of one hand (§10 v-vi): the sum of ``transfers_differences``
    (``values`` from ``details["value"]`` of ``score`` and ``score_losing_hand``).
    Sums to zero."""
    seats = tuple(Wind(seat).value for seat in values)
    return net_of(transfers_differences(values, winner, options), seats)


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
        result.settle_by([_transfer(seat, winner, value, "win", self.options, value=value)
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
        seats = [Wind(seat).value for seat in values]
        out = []
        for i, first in enumerate(seats):
            for second in seats[i + 1:]:
                a, b = int(values[first]), int(values[second])
                high, low = (first, second) if a >= b else (second, first)
                if a != b:
                    out.append(_transfer(low, high, abs(a - b), "difference", self.options,
                                         payee_value=max(a, b), payer_value=min(a, b)))
        return out

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
