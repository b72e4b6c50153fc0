"""Filipino Mahjong, as written on the "Filipino Mahjong" site (rules in Portuguese and
English, with a glossary).

144 tiles (136 and eight flowers), walls of 18 stacks, two dice. A winning hand holds 17
tiles: one pair and five sets of three or four tiles, or seven pairs and one set
(«siyete pares») ("Mão vencedora" / "Winning Hand").

Nothing is paid: a win takes markers ("Marcar a vitória" / "Mark the win"): 1 for a
normal win; 2 for bunot, eskalera, siyete pares or robbing the kong; 3 when two or more
of those apply, and for bisaklat; never more than 3. The first player to reach five
markers wins the Jai Alai; the winner of a game rolls two dice for the next Mano
(glossary, "Mano"). How the project reads the silent places is in
``shared/RULES-READING.md`` (section ``filipino``) and in the reading keys below.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..errors import HandError, IllegalActionError
from ..forms import PairsForm, RegularForm
from ..hand import HandDescription, WinKind
from ..melds import MeldKind
from ..scoring import Citation, HandEntry, ScoreResult, ScoringContext, Step, Unit, name_document
from ..tiles import SUITED, Tile, Wind
from .counts import R_COUNTED, Counted, check_keys, key_list, whole
from .base import Options, RuleSet, Settlement, Valuation, ValueHints
from .presentation import KongLayout, Presentation

KEY = "filipino"
DOCUMENT = name_document(KEY, "Filipino Mahjong")
MARKER_CAP = 3
"""No win is worth more than 3 markers ("Nenhuma vitória pode valer mais de 3 marcadores")."""
SIYETE_PARES = "siyete_pares"

# Readings (RULES-READING.md, filipino); each key has a reading.<name> message.
R_GLOSSARY_ONLY = f"{KEY}.glossary_only_terms"
R_FLOWERS = f"{KEY}.flowers_no_markers"
R_ESKALERA = f"{KEY}.eskalera_runs"
R_KONG_REPLACEMENT = f"{KEY}.kong_replacement_is_bunot"
R_BISAKLAT = f"{KEY}.bisaklat_first_draw"
R_DECLARED_SET = f"{KEY}.siyete_pares_declared_set"
R_FOUR_EQUAL = f"{KEY}.four_equal_two_pairs"
R_NEXT_MANO = f"{KEY}.next_mano_count"
R_DRAW_SAME_MANO = f"{KEY}.draw_same_mano"
ALL_READINGS = (R_GLOSSARY_ONLY, R_FLOWERS, R_ESKALERA, R_KONG_REPLACEMENT, R_BISAKLAT,
                R_DECLARED_SET, R_FOUR_EQUAL, R_NEXT_MANO, R_DRAW_SAME_MANO)
"""Every reading of this rule set: scoring results and the game-flow helpers below."""

# The 2-marker criteria of "Marcar a vitória"; two or more of them make 3.
CRITERIA = ("bunot", "eskalera", SIYETE_PARES, "robbing_kong")

GLOSSARY_TERMS = (
    "10000", "ambition", "back", "balls", "bamboo", "before_the_fifth", "bisaklat", "bunot",
    "character", "chow", "circles", "completed_sets", "discard", "discard_pile", "dots",
    "double_dice", "eskalera", "eyes", "flowers", "general", "harang", "jai_alai", "kang",
    "kong", "mahjong", "mahjongeiro", "mahjongero", "mano", "meld", "pair", "pare", "pong",
    "pow", "pung", "puro", "rob_the_kong", "rub_the_kong", "run", "seven_pairs",
    "siyete_pares", "sequence", "sticks", "straight", "todas", "waiting", "winning_hand",
)
"""The glossary headwords; the catalogues hold ``glossary.<term>`` and ``glossary_title.<term>``."""


def _cite(section: str) -> Citation:
    return Citation(KEY, section)


MARK_THE_WIN = "Marcar a vitória / Mark the win"
WINNING_HAND = "Mão Vencedora / Winning Hand"
COMPLETE = "Completar uma Mão Vencedora / Complete a Winning Hand"
EXCLAIM = "Exclamar / Exclaim"
DECIDE = "Decidir / Decide"
DRAW = "Comprar / Draw"
DISCARD = "Descartar / Discard"
REVEAL = "Revelar / Reveal"
MAHJONG_FIRST = "Mahjong tem a prioridade máxima / Mahjong has the highest priority"
KONG = "Kong tem a segunda prioridade / Kong has second priority"
PONG = "Pong tem a terceira prioridade / Pong has third priority"
CHOW = "Chow tem a prioridade mais baixa / Chow has the lowest priority"
KANG = "Kang (glossário / glossary)"
ROB = "Rob the Kong (glossário / glossary)"


# ------------------------------------------------------------------ predicates

def is_bisaklat(ctx: ScoringContext) -> bool:
    """The Mano wins on the hand he was dealt: East, first turn, from the wall, nothing
    claimed (reading ``bisaklat_first_draw``)."""
    hand = ctx.hand
    return (hand.seat_wind is Wind.EAST and hand.first_turn and hand.win is WinKind.SELF_DRAWN
            and not hand.has_exposed_melds)


def is_eskalera(ctx: ScoringContext) -> bool:
    """1 to 9 of one suit held as the runs 123, 456, 789 (reading ``eskalera_runs``)."""
    starts = {g.tile for g in ctx.arrangement.chows}
    return any({Tile.of(suit, 1), Tile.of(suit, 4), Tile.of(suit, 7)} <= starts for suit in SUITED)


def is_siyete_pares(ctx: ScoringContext) -> bool:
    return ctx.arrangement.form == SIYETE_PARES


def is_robbing_kong(ctx: ScoringContext) -> bool:
    return ctx.hand.win is WinKind.ROBBING_KONG


def is_bunot(ctx: ScoringContext) -> bool:
    """Completed with a tile drawn from the wall; a kong's replacement is drawn from the
    wall too (reading ``kong_replacement_is_bunot``)."""
    return ctx.hand.win.from_wall


def _always(ctx: ScoringContext) -> bool:
    return True


_SPECIAL = ("bisaklat", *CRITERIA)

ENTRIES = (
    HandEntry("bisaklat", 3, Unit.MARKERS, _cite(f"{MARK_THE_WIN}; Bisaklat"),
              excludes=("bunot", "win"), readings=(R_BISAKLAT,), test=is_bisaklat),
    HandEntry("robbing_kong", 2, Unit.MARKERS, _cite(f"{MARK_THE_WIN}; Rob the Kong"),
              excludes=("win",), test=is_robbing_kong),
    HandEntry(SIYETE_PARES, 2, Unit.MARKERS, _cite(f"{MARK_THE_WIN}; Siyete Pares"),
              excludes=("win",), test=is_siyete_pares),
    HandEntry("eskalera", 2, Unit.MARKERS, _cite(f"{MARK_THE_WIN}; Eskalera"),
              excludes=("win",), readings=(R_ESKALERA,), test=is_eskalera),
    HandEntry("bunot", 2, Unit.MARKERS, _cite(f"{MARK_THE_WIN}; Bunot"),
              excludes=("win",), test=is_bunot),
    HandEntry("win", 1, Unit.MARKERS, _cite(MARK_THE_WIN), test=_always),
)


def markers_for(keys: list[str]) -> tuple[int, str]:
    """The markers a win takes from the keys of its items, and which rule of "Marcar a
    vitória" gave them: ``bisaklat`` 3, ``two_or_more`` criteria 3, ``one`` criterion 2,
    ``normal`` 1; never more than 3."""
    criteria = [k for k in keys if k in CRITERIA]
    if "bisaklat" in keys:
        value, rule = 3, "bisaklat"
    elif len(criteria) >= 2:
        value, rule = 3, "two_or_more"
    elif criteria:
        value, rule = 2, "one"
    else:
        value, rule = 1, "normal"
    return min(value, MARKER_CAP), rule


# ------------------------------------------------------------------ game flow

def jai_alai_winner(markers: Mapping[str, int], target: int = 5) -> str | None:
    """The player who has won the Jai Alai (reached ``target`` markers), or None.

    Markers are added one win at a time, so at most one player can have reached the
    target; a tally with two or more is not a possible state."""
    reached = [player for player, count in markers.items() if count >= target]
    if len(reached) > 1:
        raise IllegalActionError("jai_alai.several_winners", players=sorted(reached))
    return reached[0] if reached else None


def next_mano(winner_seat: Wind, dice_total: int) -> Wind:
    """The seat of the next Mano: the winner rolls two dice and counts the seats from
    himself (1 = himself) counter-clockwise, i.e. in turn order (reading
    ``next_mano_count``)."""
    if not 2 <= dice_total <= 12:
        raise IllegalActionError("dice.bad_total", total=dice_total, dice=2)
    return Wind(winner_seat).next(dice_total - 1)


def mano_after_game(mano: Wind, winner_seat: Wind | None, dice_total: int | None = None) -> Wind:
    """The next Mano after a game: from the winner's dice, or the same Mano after a draw
    (reading ``draw_same_mano``)."""
    if winner_seat is None:
        return mano
    if dice_total is None:
        raise IllegalActionError("dice.missing")
    return next_mano(winner_seat, dice_total)


# ------------------------------------------------------------------ the rule set

@dataclass(frozen=True)
class FilipinoOptions(Options):
    jai_alai_target: int = 5
    """Markers that win a Jai Alai ("O primeiro jogador a alcançar 5 marcadores")."""


class Filipino(RuleSet[FilipinoOptions]):
    key = KEY
    document = DOCUMENT
    # The document only defines the kang («Kang – Quatro peças idênticas»): the common
    # reading of its layout. Its winning call is «Mahjong».
    presentation = Presentation(
        banker_term="term.mano", win_term="term.mahjong",
        visitor_languages=("fil", "tl", "ceb", "ilo", "hil", "war", "pam", "bik", "bcl", "pag",
                           "krj", "mdh", "tsg", "cbk"),
        kong=KongLayout(citation="Filipino Mahjong, Glossário / Glossary (Kang)"),
        settle_readings=(R_NEXT_MANO, R_DRAW_SAME_MANO),
        special_sections=("Marcar a vitória / Mark the win;",),
        doc_terms={"characters": ("glossary_title.character", "glossary_title.10000"),
                   "circles": ("glossary_title.balls", "glossary_title.dots",
                               "glossary_title.circles"),
                   "bamboo": ("glossary_title.sticks", "glossary_title.bamboo"),
                   "bonus": ("glossary_title.flowers",)},
        settlement_blocks=("markers",))
    tile_count = 144
    uses_bonus_tiles = True
    sets = 5
    wall_stacks = 18
    dice = 2
    unit = Unit.MARKERS
    # "7 pares e 1 conjunto completo de 3 ou 4 peças": the set may be a claimed one
    # (reading siyete_pares_declared_set); four equal tiles are two pairs (four_equal_two_pairs).
    forms = (RegularForm(), PairsForm(SIYETE_PARES, pairs=7, sets=1, declared_ok=True))
    entries = ENTRIES
    readings = (R_GLOSSARY_ONLY,)
    # Bisaklat: «the mano is immediately dealt a winning hand»: nothing claimed, no kong
    # declared (a kong would draw a replacement: the hand would no longer be as dealt).
    first_turn_declared_kongs = False
    possible_citations: ClassVar[Mapping[str, Citation]] = {
        "hand.impossible.first_turn_exposed": _cite("Bisaklat (glossário / glossary)"),
        "hand.impossible.first_turn_kong": _cite("Bisaklat (glossário / glossary)"),
    }
    options_class = FilipinoOptions
    count_fields = ("markers",)          # what the table counts (score_count)

    def total(self, result: ScoreResult, ctx: ScoringContext) -> None:
        keys = [item.key for item in result.items]
        value, rule = markers_for(keys)
        result.total = value
        result.details = {"criteria": [k for k in keys if k in _SPECIAL], "rule": rule,
                          "cap": MARKER_CAP}
        # "Marcar a vitória": the rule that applies gives the markers, never more than 3
        uncapped = {"bisaklat": 3, "two_or_more": 3, "one": 2, "normal": 1}[rule]
        cited = str(_cite(MARK_THE_WIN))
        result.steps = [Step("markers", uncapped, {"rule": rule, "citation": cited,
                                                   "criteria": result.details["criteria"]}),
                        Step("cap", value, {"cap": MARKER_CAP, "before": uncapped,
                                            "citation": cited})]

    def jai_alai_winner(self, markers: Mapping[str, int]) -> str | None:
        return jai_alai_winner(markers, self.options.jai_alai_target)

    def match_winner(self, markers: Mapping[str, int]) -> str | None:
        """"O primeiro jogador a alcançar 5 marcadores vence o Jai Alai."""
        return self.jai_alai_winner(markers)

    # ------------------------------------------------------------ game flow
    # Read by mahjong_engine.game. "Montar": walls 18 long; "Distribuir": the Mano 17,
    # the others 16 (dealt in fours, then one more to the Mano: reading); the wall is
    # opened on the Mano's side by his dice (the text is silent: reading); flowers are
    # replaced from the end of the wall (reading); a win takes markers, not money.
    deal_pattern = "mano_last"
    settlement = Settlement.MARKERS
    value_hints = ValueHints(Valuation.MARKERS)
    flow_readings = ("game.reading.first_banker", "game.reading.filipino_wall",
                     "game.reading.filipino_deal", "game.reading.filipino_replacement")

    # ------------------------------------------------------------ "why not?" (game/why.py)
    # The steps of the turn (Decidir, Comprar, Descartar), the claim priorities and the
    # glossary, in the text's Portuguese and English words. The text says nothing of
    # exchanges or of a discard forbidden, nor where a kong's replacement comes from.
    why_citations: ClassVar[Mapping[str, Citation]] = {
        "why.hand_over": _cite(f"{COMPLETE}; {EXCLAIM}"),
        "why.not_your_turn": _cite(f"{DECIDE}; {DRAW}; {DISCARD}"),
        "why.claims_pending": _cite(DECIDE),
        "why.draw_first": _cite(f"{DRAW}; {DISCARD}"),
        "why.draw.after_claim": _cite(f"{DECIDE}; {DRAW}"),
        "why.draw.already_drawn": _cite(f"{DRAW}; {DISCARD}"),
        "why.discard.bonus_tile": _cite("Flowers (glossário / glossary)"),
        "why.discard.not_held": _cite(DISCARD),
        "why.claim.no_discard": _cite(DECIDE),
        "why.claim.own_discard": _cite(DECIDE),
        "why.claim.already_answered": _cite(DECIDE),
        "why.only_last_discard": _cite(DECIDE),
        "why.wall_empty": _cite(DECIDE),
        "why.only_next_may_chow": _cite(CHOW),
        "why.chow.honour": _cite("Chow (glossário / glossary)"),
        "why.chow.not_a_run": _cite("Chow (glossário / glossary)"),
        "why.chow.discard_not_in_run": _cite(f"{DECIDE}; {CHOW}"),
        "why.chow.missing": _cite(f"{DECIDE}; {CHOW}"),
        "why.pung.need_two": _cite(f"{DECIDE}; {PONG}"),
        "why.kong.need_three": _cite(f"{DECIDE}; {KONG}"),
        "why.kong.need_four": _cite(KANG),
        "why.kong.no_pung": _cite(KANG),
        "why.kong.fourth_not_held": _cite(KANG),
        "why.no_replacement": _cite(KANG),
        "why.win_after_claim": _cite(f"{MAHJONG_FIRST}; {REVEAL}; {DISCARD}"),
        "why.not_complete": _cite(f"{WINNING_HAND}; {COMPLETE}"),
        "why.win.not_a_wait": _cite(f"{WINNING_HAND}; Puro (glossário / glossary)"),
        "why.rob.own_kong": _cite(ROB),
        "why.rob.win_only": _cite(ROB),
        "why.pass.nothing": _cite(DECIDE),
        "why.pass.not_asked": _cite(DECIDE),
        "why.exchange.not_in_rules": _cite("Substituir / Replace; Descartar / Discard"),
    }
    why_readings: ClassVar[Mapping[str, str]] = {
        **RuleSet.why_readings,
        "why.no_replacement": "common.kong_counts_as_set",
    }

    def next_banker(self, banker: int, winner: int | None, keeps: int,
                    roll: Callable[[], Sequence[int]]) -> int:
        """"O vencedor ... rola dois dados para determinar quem será o Mano" (``next_mano``,
        counting from the winner in turn order); after a draw the same Mano deals again
        (``mano_after_game``). Seats are table positions 0-3 in turn order."""
        if winner is None:
            return banker
        winner_wind = Wind.EAST.next((winner - banker) % 4)
        mano = mano_after_game(Wind.EAST, winner_wind, sum(roll()))
        return (banker + mano.order) % 4

    def hand_flow_readings(self, drawn: bool) -> tuple[str, ...]:
        """The next Mano: the winner's dice counted from himself, or the same Mano after a
        draw (both readings)."""
        return (R_DRAW_SAME_MANO,) if drawn else (R_NEXT_MANO,)

    def score_count(self, counted: Counted) -> ScoreResult:
        """The win as the table marked it ("Marcar a vitória"): ``{"markers": M}`` (1-3) or
        ``{"criteria": [...]}`` (``bisaklat`` and the 2-marker criteria), given the
        markers of ``markers_for``."""
        if not counted.winning:
            raise HandError("match.losers_not_valued", field="count")
        data = check_keys(counted.data, ("markers", "criteria"))
        if "criteria" in data:
            keys = key_list(data, "criteria", ("bisaklat", *CRITERIA))
            value, rule = markers_for(keys)
        elif "markers" in data:
            value, rule = whole(data, "markers", 1, MARKER_CAP), "counted"
        else:
            raise HandError("hand.missing_field", field="count.markers")
        result = ScoreResult(self.key, True, self.unit)
        result.total = value
        result.details = {"rule": rule, "counted": True}
        result.readings = sorted({*self.readings, R_COUNTED})
        return result

    def readings_for(self, result: ScoreResult, hand: HandDescription) -> list[str]:
        keys = set(super().readings_for(result, hand))
        if hand.flowers:
            keys.add(R_FLOWERS)
        keys.update(_result_readings(result, hand))
        return sorted(keys)


def _result_readings(result: ScoreResult, hand: HandDescription) -> set[str]:
    keys: set[str] = set()
    item_keys = {item.key for item in result.items}
    if "bunot" in item_keys and hand.win is WinKind.KONG_REPLACEMENT:
        keys.add(R_KONG_REPLACEMENT)
    arrangement = result.arrangement
    if arrangement is not None and arrangement.form == SIYETE_PARES:
        if any(g.declared for g in arrangement.groups):
            keys.add(R_DECLARED_SET)
        pairs = [g.tile for g in arrangement.groups if g.kind is MeldKind.PAIR]
        if len(set(pairs)) < len(pairs):
            keys.add(R_FOUR_EQUAL)
    return keys


__all__ = ["ALL_READINGS", "CRITERIA", "GLOSSARY_TERMS", "Filipino", "FilipinoOptions", "jai_alai_winner",
           "mano_after_game", "markers_for", "next_mano"]
