"""The common base of the four rule sets.

A rule set is a subclass of ``RuleSet`` whose rule data are class attributes (tile
set, hand size, forms, scoring entries, options) and whose differences are small
hook methods (``total``, ``settle``, ``readings_for``), after python-chess's variants.
The options a rule set takes are in ``options``, the value types it declares as class
data (settlement style, wall opening, the AI's valuation) in ``contract``; both are
importable from here too.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, NoReturn

from .. import analysis
from ..errors import HandError
from ..forms import Arrangement, Form
from ..hand import HandDescription, Stake, WinKind
from ..melds import Meld, MeldKind
from ..scoring import Citation, Entry, ScoreResult, ScoringContext, Step, Transfer, Unit, evaluate
from ..tiles import PLAYABLE_KINDS, PLAYABLE_TILES, Tile, Wind, counts_of
from .contract import SETTLEMENT_HOOKS, Settlement, Valuation, ValueHints, WallOpening
from .counts import Counted
from .liability import LiabilityFacts
from .options import MAX_OPTION, Options, OptionsT
from .presentation import Presentation


class RuleSet(Generic[OptionsT]):
    """A rule set: data as class attributes, differences as hook methods. ``OptionsT``
    is its options class (``options_class``), so ``self.options`` is typed."""

    key: ClassVar[str] = ""
    document: ClassVar[str] = ""          # short title of the source document
    tile_count: ClassVar[int] = 144       # 136 without flowers and seasons
    uses_bonus_tiles: ClassVar[bool] = True
    sets: ClassVar[int] = 4               # sets in a winning hand (plus a pair)
    wall_stacks: ClassVar[int] = 18       # stacks of two per side of the wall
    dice: ClassVar[int] = 2
    unit: ClassVar[Unit] = Unit.POINTS
    forms: ClassVar[tuple[Form, ...]] = ()
    entries: ClassVar[tuple[Entry, ...]] = ()
    readings: ClassVar[tuple[str, ...]] = ()   # readings every result of this rule set relies on
    # Every rule set names its options' class (the document's defaults) as class data; it
    # is no ClassVar only because a ClassVar cannot name ``OptionsT``. ``options``: the
    # instance this rule set plays with.
    options_class: type[OptionsT]
    options: OptionsT

    # ------------------------------------------------------------ game flow (game/)
    # Defaults read by ``mahjong_engine.game``; each rule set overrides them in its own
    # "game flow" section. Seats are table positions 0-3 in turn order (E, S, W, N).
    wall_opening: ClassVar[WallOpening] = WallOpening.DEALER_WALL  # how the dice open it
    deal_pattern: ClassVar[str] = "jump"        # how the tiles are dealt (game/wall.py)
    # The «abridor»'s wind is a fact of the hand's scoring (Serralheiro §9 d ii).
    opener_scores: ClassVar[bool] = False
    dead_wall: ClassVar[int] = 0                # tiles kept back at the wall's end
    exchanges: ClassVar[bool] = False           # Serralheiro §7 «trocas» on by default
    max_bank_keeps: ClassVar[int | None] = None  # times in a row a banker may keep the bank
    reseat_every: ClassVar[int | None] = None   # hands after which seats are drawn again
    match_rounds: ClassVar[int | None] = None   # wind rounds in a match (None: open)
    settlement: ClassVar[Settlement] = Settlement.WINNER  # see ``Settlement``
    money_stake: ClassVar[bool] = False         # payments priced by a stake (Macau art. 7.º)
    straight_chow_from_any: ClassVar[bool] = False  # Cayro: a chow completing 1-9
    flow_readings: ClassVar[tuple[str, ...]] = ()  # game.reading.* keys the flow relies on
    value_hints: ClassVar[ValueHints] = ValueHints()  # the AI's valuation (ai/value.py)

    # "Why not?" (game/why.py): the article of the document behind each ``why.*`` key,
    # the reading an explanation rests on, and the key for seven pairs that do not win.
    why_citations: ClassVar[Mapping[str, Citation]] = {}
    why_readings: ClassVar[Mapping[str, str]] = {
        "why.only_next_may_chow": "common.turn_order",
        "why.chow.not_next_straight": "common.turn_order",
        "why.wall_empty": "game.reading.last_discard_win_only",
        "why.rob.win_only": "game.reading.robbing_added_kong",
    }
    why_seven_pairs_key: ClassVar[str | None] = None

    # Situations that cannot happen in play (``check_possible``): the article behind each
    # refusal, by ``hand.impossible.*`` key; missing keys fall back on ``why_citations``.
    possible_citations: ClassVar[Mapping[str, Citation]] = {}
    # A first-turn win (a dealt hand) may hold a kong declared from it; a rule set whose
    # first-turn win is the hand as dealt, with no replacement drawn, says False.
    first_turn_declared_kongs: ClassVar[bool] = True
    # Fields of a hand description this rule set's settlement reads (``read_facts``);
    # other rule sets ignore them, as they ignore any field outside the contract.
    settlement_fields: ClassVar[tuple[str, ...]] = ()
    # The figures a table counts for a winner and for a loser (``score_count``'s numbers,
    # what Keep score's number pad fills); empty: the rule set takes no such count.
    count_fields: ClassVar[tuple[str, ...]] = ()
    loser_count_fields: ClassVar[tuple[str, ...]] = ()

    # ------------------------------------------------------------ presentation (mahjong_ui)
    # What the page shows of this rule set (banker term, win label, kong layout, rules-page
    # and exercise data): catalogue keys, never text. A variant inherits its parent's.
    presentation: ClassVar[Presentation] = Presentation()

    @classmethod
    def lineage(cls) -> tuple[str, ...]:
        """This rule set's key, then its parents' (a variant's catalogue domains, most
        specific first: a key missing from the variant's catalogue is its parent's)."""
        return tuple(dict.fromkeys(c.key for c in cls.__mro__
                                   if isinstance(c, type) and issubclass(c, RuleSet) and c.key))
    # ------------------------------------------------------------ end of presentation

    def claim_rank(self, kind: str) -> float:
        """Priority of a claim on a discard: win > kong = pung > chow."""
        return {"win": 3, "kong": 2, "pung": 2, "chow": 1}.get(kind, 0)

    def next_banker(self, banker: int, winner: int | None, keeps: int,
                    roll: Callable[[], Sequence[int]]) -> int:
        """Seat of the next banker: kept after his own win or a draw (at most
        ``max_bank_keeps`` times in a row), otherwise passed to the right. ``roll()``
        returns a fresh dice roll for rule sets that decide by dice."""
        kept = winner is None or winner == banker
        if kept and (self.max_bank_keeps is None or keeps < self.max_bank_keeps):
            return banker
        return (banker + 1) % 4

    def liable_seat(self, record: LiabilityFacts) -> tuple[int, str] | None:
        """(seat, reason key) of the discarder who pays the other losers' shares for a
        win (Macau art. 9.º), read from the hand's record (``game.settle.LiabilityRecord``).
        Default: nobody."""
        return None

    def __init__(self, options: OptionsT | None = None) -> None:
        self.options = options if options is not None else self.options_class()

    # ------------------------------------------------------------ kept matches (game/ledger.py)
    def check_stake(self, stake: Stake) -> None:
        """Hook: refuse a stake the document does not allow (Macau art. 6.º-7.º), with a
        ``HandError``. Default: any stake (only ``money_stake`` rule sets read it)."""

    def player_facts(self, player: int) -> dict[str, Any]:
        """Hook: facts the options give one player's hands (by his index in the match):
        Macau, his own capital in play. Default: none."""
        return {}

    def score_count(self, counted: Counted) -> ScoreResult:
        """Hook: the result of a hand given as the table counted it (``counts.Counted``),
        settling as the same hand given in tiles. Default: this rule set takes no counts."""
        raise HandError("match.count_not_in_rules", field="count", rules=self.key)

    def hand_flow_readings(self, drawn: bool) -> tuple[str, ...]:
        """Hook: the readings the next banker rests on after a hand won (``drawn`` False)
        or drawn, attached to that hand in a kept match. Default: none."""
        return ()

    def draw_transfers(self, values: Mapping[str, int]) -> list[Transfer] | None:
        """Hook: the payments of a drawn hand given every seat's hand value, or None where
        a draw pays nothing (the hands are then not valued). Default: None."""
        return None

    def draw_readings(self) -> tuple[str, ...]:
        """Hook: the readings a drawn hand's settlement rests on. Default: none."""
        return ()

    # ------------------------------------------------------------ the contract: hooks
    # Every hook ``game/`` and ``ai/`` call, with its default; rule sets override them in
    # their own modules. Nothing outside ``rules/`` asks which rule set it plays.

    def exchanges_on(self) -> bool:
        """Whether the exchanges are played when the table says nothing: the rule set's
        option where it has one. Default: the class data ``exchanges``."""
        return self.exchanges

    def score_losing_hand(self, hand: HandDescription) -> ScoreResult:
        """The value of a hand that did not win (``Settlement.DIFFERENCES``: every hand
        is valued); ``hand`` has 3 × ``sets`` + 1 tiles. Default: nothing, worth 0."""
        result = ScoreResult(self.key, False, self.unit)
        result.total = 0
        return result

    def settlement_value(self, result: ScoreResult) -> int:
        """The value a hand's result settles for under ``Settlement.DIFFERENCES``:
        ``details["value"]`` where the rule set sets it (before the banker's doubling),
        else the total."""
        value = result.details.get("value", result.total) if result.details else result.total
        return int(value or 0)

    def match_winner(self, markers: Mapping[str, int]) -> str | None:
        """The player (a key of ``markers``: players' markers so far) who has won the
        match, or None while it goes on. Default: no match is won on markers."""
        return None

    def discard_liability(self, tile: int, view: Mapping[str, Any], hand: Sequence[int],
                          opponents: Sequence[tuple[int, bool]]) -> str | None:
        """AI hint: the liability reason (``liable_seat``'s key) the seat of ``view``
        would carry should ``tile``, discarded from ``hand`` (counts, ``tile``
        included), win for an opponent; ``opponents``: (seat, threatening) for each, in
        the order they are weighed, where ``threatening`` says the opponent looks close
        enough to winning for the cases that hang on the discarder's own hand.
        Default: None (no liability)."""
        return None

    # ------------------------------------------------------------ shape
    @property
    def hand_size(self) -> int:
        return 3 * self.sets + 2

    def check_hand(self, hand: HandDescription) -> None:
        if hand.flowers and not self.uses_bonus_tiles:
            raise HandError("hand.no_bonus_tiles_in_rules", rules=self.key)
        if len(hand.concealed) + 3 * len(hand.melds) != self.hand_size:
            raise HandError("hand.wrong_size", expected=self.hand_size,
                            found=len(hand.concealed) + 3 * len(hand.melds))

    def arrangements(self, hand: HandDescription) -> list[Arrangement]:
        out: list[Arrangement] = []
        for form in self.forms:
            out.extend(form.arrangements(hand, self.sets))
        return out

    def is_winning(self, hand: HandDescription) -> bool:
        return bool(self.arrangements(hand))

    def shanten(self, counts: Sequence[int], declared: int = 0) -> int:
        """Tiles away from ready over this rule set's forms; -1 when complete."""
        return min(form.shanten(counts, declared, self.sets) for form in self.forms)

    def waits(self, concealed: Sequence[int], melds: Sequence[Meld] = ()) -> list[int]:
        """Tiles that would complete the hand under any form of this rule set."""
        from ..hand import HandDescription as _Hand
        from ..tiles import Tile

        declared = tuple(melds)
        seen = counts_of([t for m in declared for t in m.tiles])

        def complete(counts: list[int]) -> bool:
            tiles = tuple(Tile(i) for i in range(PLAYABLE_KINDS) for _ in range(counts[i]))
            probe = _Hand(rules=self.key, concealed=tiles, win_tile=tiles[0], melds=declared)
            return any(form.arrangements(probe, self.sets) for form in self.forms)

        return analysis.waits(concealed, complete, seen)

    def read_facts(self, hand: HandDescription, data: Mapping[str, Any]) -> HandDescription:
        """Hook: ``hand`` with the facts of ``settlement_fields`` read from the JSON
        description ``data`` and checked. Default: those fields present, as given."""
        return hand.with_facts({name: data[name] for name in self.settlement_fields
                                if name in data and data[name] is not None})

    def check_possible(self, hand: HandDescription) -> None:
        """Hook: refuse a hand description that cannot happen in play, citing the rule.

        Default: a win on a kong's replacement tile needs a declared kong; a player cannot
        rob a kong of a tile he holds another copy of (four exist: the pung's three and the
        added one are all of them); a
        first-turn win has no exposed set (nothing was discarded to claim before it), nor
        a declared kong where ``first_turn_declared_kongs`` is False."""
        if hand.win is WinKind.KONG_REPLACEMENT and not any(
                m.kind is MeldKind.KONG for m in hand.melds):
            self._impossible("hand.impossible.replacement_without_kong", "why.no_replacement")
        if hand.win is WinKind.ROBBING_KONG and hand.all_tiles.count(hand.win_tile) >= 2:
            self._impossible("hand.impossible.robbed_tile_held", "why.rob.win_only",
                             tile=hand.win_tile.notation)
        if hand.first_turn and hand.has_exposed_melds:
            self._impossible("hand.impossible.first_turn_exposed")
        if hand.first_turn and hand.melds and not self.first_turn_declared_kongs:
            self._impossible("hand.impossible.first_turn_kong")

    def _impossible(self, key: str, why_key: str | None = None, **params: Any) -> NoReturn:
        citation = self.possible_citations.get(key) or (
            self.why_citations.get(why_key) if why_key else None)
        if citation is not None:
            params["citation"] = str(citation)
        else:
            params["citation"] = self.document
        raise HandError(key, **params)

    # ------------------------------------------------------------ scoring
    def score(self, hand: HandDescription) -> ScoreResult:
        self.check_hand(hand)
        self.check_possible(hand)
        best: ScoreResult | None = None
        for arrangement in self.arrangements(hand):
            ctx = ScoringContext(hand, arrangement)
            items = evaluate(self.scored_entries(), ctx)
            result = ScoreResult(self.key, True, self.unit, items, arrangement=arrangement)
            self.total(result, ctx)
            if best is None or self.better(result, best):
                best = result
        if best is None:
            result = ScoreResult(self.key, False, self.unit)
            result.readings = sorted(set(self.readings))
            return result
        self.settle(best, hand)
        best.readings = self.readings_for(best, hand)
        return best

    def scored_entries(self) -> tuple[Entry, ...]:
        """Hook: the entries this instance scores with (an option may swap one for another
        reading of the same line: Cayro's «última ficha descartada»). Default: ``entries``."""
        return self.entries

    def total(self, result: ScoreResult, ctx: ScoringContext) -> None:
        """Hook: set ``result.total`` (and ``details``, and the ``steps`` that show the
        arithmetic) from ``result.items``. Default: the items added."""
        result.total = sum(item.amount for item in result.items)
        result.steps = [Step("sum", result.total,
                             {"terms": [_whole(i.amount) for i in result.items]})]

    def better(self, result: ScoreResult, best: ScoreResult) -> bool:
        """Hook: the arrangement a player would announce (the highest value)."""
        return (result.total or 0) > (best.total or 0)

    def settle(self, result: ScoreResult, hand: HandDescription) -> None:
        """Hook: set ``payments`` (and ``commission``) where the winner's hand settles."""

    def settle_transfers(self, values: Mapping[str, int], winner: str) -> list[Transfer]:
        """Hook for ``Settlement.DIFFERENCES``: every payment of one hand, given every
        seat's hand value (before the banker's doubling) and the winner's seat; the net
        payments are their sum (``scoring.net_of``). Default: none."""
        return []

    def liable_transfers(self, result: ScoreResult, winner: int, liable: int, stake: Stake,
                         reason: str, hand: HandDescription | None = None
                         ) -> list[Transfer] | None:
        """Hook: the payments of a win for which ``liable`` answers (Macau art. 9.º), or
        None when the rule set has no liability; ``hand`` carries the facts the payments
        may depend on (Macau: the capital in play). Default: None."""
        return None

    def false_win_result(self, offender: Wind, stake: Stake | None) -> ScoreResult:
        """Hook: the settlement of a declared win found false (Macau art. 9.º (7)-(8)),
        whatever the offender's tiles; ``offender`` is his seat wind. Default: the rule
        set names no false win."""
        raise HandError("hand.no_false_win_in_rules", rules=self.key)

    def readings_for(self, result: ScoreResult, hand: HandDescription) -> list[str]:
        """The readings a result relies on: the rule set's own plus its items'."""
        keys = set(self.readings)
        if result.arrangement is not None and result.arrangement.kongs:
            keys.add("common.kong_counts_as_set")
        if result.payments is not None:
            keys.add("common.dealer_is_east")
        for item in result.items:
            keys.update(item.readings)
        return sorted(keys)


def losing_arrangement(hand: HandDescription, sets: int,
                       valued_pair: Callable[[Tile], bool]) -> Arrangement:
    """How a hand that did not win is read for its value (rule sets where every player
    scores): its declared melds, every three or four equal concealed tiles as a hidden
    pung, and every concealed pair of a tile ``valued_pair`` accepts."""
    size = len(hand.concealed) + 3 * len(hand.melds)
    if size != 3 * sets + 1:
        raise HandError("hand.losing_wrong_size", expected=3 * sets + 1, found=size)
    hand.check_counts()
    counts = hand.concealed_counts
    found: list[Meld] = []
    for tile in PLAYABLE_TILES:
        if counts[tile] >= 3:
            found.append(Meld(MeldKind.PUNG, tile, concealed=True))
        elif counts[tile] == 2 and valued_pair(tile):
            found.append(Meld(MeldKind.PAIR, tile, concealed=True))
    return Arrangement("losing", hand.melds + tuple(found), None)


def _whole(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def point_terms(result: ScoreResult, unit: Unit) -> list[float | int]:
    """The amounts of the items in ``unit``, in order: the terms of a sum step."""
    return [_whole(item.amount) for item in result.items if item.unit is unit]


__all__ = ["MAX_OPTION", "SETTLEMENT_HOOKS", "Options", "OptionsT", "RuleSet", "Settlement",
           "Valuation", "ValueHints", "WallOpening", "losing_arrangement", "point_terms"]
