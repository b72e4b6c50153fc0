"""Macau 1988 settlement: Portaria n.º 133/88/M, art. 6.º (banker pays and receives
double), art. 7.º (house commission), art. 8.º (4) (the winner receives no more than his
capital in play), art. 9.º (8) (false win) and art. 9.º (liability of a discarder).

Pure functions of the grade and the stake, so game flow can call them as well as the
rule set. Money is in whole dollars of the stake ("player/banker", e.g. ``100/200``).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import analysis
from ..errors import HandError, clip
from ..hand import HandDescription, Stake, WinKind
from ..notation import parse_tile, parse_tiles
from ..melds import Meld, MeldKind
from ..scoring import HOUSE, Citation, ScoreResult, Transfer, name_document, net_of, to_house
from ..tiles import PLAYABLE_KINDS, WINDS, Suit, Tile, Wind, counts_of
from .base import MAX_OPTION, Options
from .liability import LiabilityFacts

KEY = "macau_1988"
DOCUMENT = name_document(KEY, "Portaria n.º 133/88/M")

R_PAYMENT = "macau_1988.payment_units"            # unit × 2^grade; banker price if banker involved
R_ALL_PAY = "macau_1988.all_losers_pay"           # all three losers pay, not only the discarder
R_COMMISSION = "macau_1988.commission_from_winner"  # the winner's line is net of the commission
R_COMMISSION_OFF_TABLE = "macau_1988.commission_off_table"  # stakes missing from the table
R_CAPITAL = "macau_1988.capital_cap"              # how the cap of art. 8.º (4) is shared
R_LIABLE_PAYS = "macau_1988.liable_pays_shares"   # the liable discarder pays the others' shares
R_LIABILITY_EXEMPTIONS = "macau_1988.liability_exemptions"  # how (9), (10) meet (1)-(6)
R_VISIBLE_SETS = "macau_1988.liability_visible_sets"  # which sets are «à vista sobre a mesa»
R_BROKEN_SET = "macau_1988.broken_set"            # what «pedra dum conjunto de 3» means
R_FALSE_WIN = "macau_1988.false_win_prices"       # prices of art. 9.º (8)

ALL_READINGS = (R_PAYMENT, R_ALL_PAY, R_COMMISSION, R_COMMISSION_OFF_TABLE, R_CAPITAL,
                R_LIABLE_PAYS, R_LIABILITY_EXEMPTIONS, R_VISIBLE_SETS, R_BROKEN_SET, R_FALSE_WIN,
                "macau_1988.false_win_player_price", "macau_1988.false_win_banker_price",
                "macau_1988.commission_within_receipts", "macau_1988.draw_keeps_bank")

# art. 7.º: «Modalidade de aposta» → «Comissão a cobrar», per won game.
COMMISSION_TABLE: dict[Stake, int] = {
    Stake(50, 100): 20,
    Stake(100, 200): 40,
    Stake(200, 400): 80,
    Stake(300, 600): 120,
    Stake(500, 1000): 200,
    Stake(1000, 2000): 400,
    Stake(2000, 4000): 800,
    Stake(3000, 6000): 1200,
    Stake(5000, 10000): 2000,
    Stake(10000, 20000): 4000,
}


FALSE_WIN_PRICES = ("player", "banker")
R_FALSE_WIN_PLAYER = "macau_1988.false_win_player_price"   # art. 9.º (8) at the player's price
R_FALSE_WIN_BANKER = "macau_1988.false_win_banker_price"   # ... the banker's share at his rate
R_COMMISSION_WITHIN = "macau_1988.commission_within_receipts"  # capital below the commission
R_DRAW_KEEPS_BANK = "macau_1988.draw_keeps_bank"          # art. 2.º: a draw keeps the bank


@dataclass(frozen=True)
class MacauOptions(Options):
    """``capital``: the winner's capital in play (art. 8.º (4)): one figure for every
    player, or four (by player, ``None`` for no cap); None = no cap.
    ``false_win_price``: how art. 9.º (8) is priced: ``"player"`` (the default reading:
    the fan of the text at the player's price) or ``"banker"`` (the banker's share at the
    banker's rate as well)."""

    capital: int | tuple[int | None, ...] | None = None
    false_win_price: str = "player"

    def __post_init__(self) -> None:
        for value in self.capitals():
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or not 0 < value < MAX_OPTION):
                raise ValueError("capital must be a positive whole number of dollars")
        if self.false_win_price not in FALSE_WIN_PRICES:
            raise ValueError("false_win_price")

    def capitals(self) -> tuple[int | None, ...]:
        """The capital of each of the four players (None: no cap)."""
        if isinstance(self.capital, tuple):
            return self.capital
        return (self.capital,) * 4

    @classmethod
    def choices(cls) -> dict[str, tuple[str, ...]]:
        return {"false_win_price": FALSE_WIN_PRICES}

    @classmethod
    def checked(cls, name: str, value: Any) -> Any:
        """``capital`` a whole number above 0 or a list of four (each such a number or
        null); ``false_win_price`` one of ``FALSE_WIN_PRICES``."""
        if name == "capital":
            values = value if isinstance(value, list) else [value]
            if isinstance(value, list) and len(value) != 4:
                raise ValueError(name)
            for one in values:
                if not (one is None and isinstance(value, list)) and (
                        isinstance(one, bool) or not isinstance(one, int)
                        or not 0 < one < MAX_OPTION):
                    raise ValueError(name)
            return tuple(value) if isinstance(value, list) else value
        if name == "false_win_price":
            if value not in FALSE_WIN_PRICES:
                raise ValueError(name)
            return value
        return super().checked(name, value)


# ---------------------------------------------------------------- payments

def commission(stake: Stake) -> int:
    """art. 7.º; a stake not in the table pays 40 % of its player figure, rounded down
    to the dollar, as every row of the table does (R_COMMISSION_OFF_TABLE)."""
    return COMMISSION_TABLE.get(stake, stake.player * 2 // 5)


def shares(grade: int, winner: Wind, stake: Stake) -> dict[Wind, int]:
    """What each loser owes the winner: one unit × 2^grade (1, 2, 4); the unit is the
    banker's price when the banker pays or wins (art. 6.º), else the player's (R_PAYMENT)."""
    out = {}
    for seat in WINDS:
        if seat is winner:
            continue
        banker_involved = Wind.EAST in (seat, winner)
        out[seat] = (stake.banker if banker_involved else stake.player) * 2 ** grade
    return out


def cap(owed: dict[Wind, int], capital: int | None) -> dict[Wind, int]:
    """art. 8.º (4) read as R_CAPITAL: the losers pay in all no more than the winner's
    capital, each in proportion to what he owes; whole dollars, the remainder going one
    dollar at a time to the largest fractions, ties in seat order E, S, W, N."""
    total = sum(owed.values())
    if capital is None or total <= capital:
        return dict(owed)
    capped = {seat: amount * capital // total for seat, amount in owed.items()}
    left = capital - sum(capped.values())
    order = sorted(owed, key=lambda s: (-(owed[s] * capital % total), s.order))
    for seat in order[:left]:
        capped[seat] += 1
    return capped


def fee_from(stake: Stake, received: int) -> int:
    """The commission of art. 7.º taken from what the winner receives, never more than
    that (R_COMMISSION_WITHIN): capped by his capital (art. 8.º (4)) below the commission,
    a winner would otherwise pay to win."""
    return min(commission(stake), received)


def _cited(section: str) -> str:
    return str(Citation(KEY, section))


def transfers(grade: int, winner: Wind, stake: Stake,
              capital: int | None = None) -> list[Transfer]:
    """Every payment of a graded win: all three losers pay (R_ALL_PAY) each his share
    (units × price of art. 6.º, ``banker_share`` when the banker pays or wins), capped by
    art. 8.º (4), and the winner pays the house its commission from his receipts (art.
    7.º, R_COMMISSION). The one computation of this money: ``payments`` nets it."""
    owed = shares(grade, winner, stake)
    paid = cap(owed, capital)
    out = []
    for seat, amount in paid.items():
        banker = Wind.EAST in (seat, winner)
        out.append(Transfer(seat.value, winner.value, amount,
                            "banker_share" if banker else "share",
                            {"units": 2 ** grade, "price": stake.banker if banker else stake.player,
                             "capped": amount < owed[seat],
                             "citation": _cited("art. 6.º" + ("; art. 8.º (4)" if amount < owed[seat]
                                                              else ""))}))
    out.append(Transfer(winner.value, HOUSE, fee_from(stake, sum(paid.values())), "commission",
                        {"stake": f"{stake.player}/{stake.banker}",
                         "citation": _cited("art. 7.º")}))
    return out


def payments(grade: int, winner: Wind, stake: Stake,
             capital: int | None = None) -> tuple[dict[str, int], int]:
    """``transfers`` netted: (signed payments E, S, W, N; commission)."""
    moved = transfers(grade, winner, stake, capital)
    return net_of(moved), to_house(moved) or 0


def liable_transfers(result: ScoreResult, winner: Wind, liable_seat: Wind, stake: Stake,
                     reason: str, capital: int | None = None) -> list[Transfer]:
    """art. 9.º as payments: the liable discarder pays his own share and, for each of the
    other two losers, that loser's share (``liable``, with the article's ``case``)."""
    if liable_seat is winner:
        raise ValueError("the winner cannot be liable")
    grade = int(result.total or 0)
    owed = shares(grade, winner, stake)
    received = sum(owed.values()) if capital is None else min(capital, sum(owed.values()))
    fee = Transfer(winner.value, HOUSE, fee_from(stake, received), "commission",
                   {"stake": f"{stake.player}/{stake.banker}", "citation": _cited("art. 7.º")})
    case = str(LIABILITY_CITATIONS[reason]) if reason in LIABILITY_CITATIONS else _cited("art. 9.º")
    if capital is not None and sum(owed.values()) > capital:
        return [Transfer(liable_seat.value, winner.value, capital, "liable",
                         {"case": reason, "for": [s.value for s in owed], "capped": True,
                          "citation": case + "; art. 8.º (4)"}), fee]
    out = []
    for seat, amount in owed.items():
        banker = Wind.EAST in (seat, winner)
        params = {"units": 2 ** grade, "price": stake.banker if banker else stake.player,
                  "capped": False, "citation": _cited("art. 6.º")}
        if seat is liable_seat:
            out.append(Transfer(seat.value, winner.value, amount,
                                "banker_share" if banker else "share", params))
        else:
            out.append(Transfer(liable_seat.value, winner.value, amount, "liable",
                                {**params, "case": reason, "for": seat.value,
                                 "citation": case}))
    return [*out, fee]


def liable_payments(result: ScoreResult, winner: Wind, liable_seat: Wind, stake: Stake,
                    capital: int | None = None, reason: str = "") -> dict[str, int]:
    """art. 9.º: the liable discarder «suporta a perda dos outros dois parceiros»: he pays
    his own share and theirs, as each would have paid (R_LIABLE_PAYS); they pay nothing.
    ``liable_transfers`` netted."""
    return net_of(liable_transfers(result, winner, liable_seat, stake, reason, capital))


def _false_win_price(seat: Wind, offender: Wind, stake: Stake, price: str) -> tuple[int, int]:
    """(units, price of one unit) the offender owes ``seat`` (art. 9.º (8)): the banker,
    or every player when the banker offends, the amount of a «fan dobrado» (4 units), the
    others «1 fan» (2 units). At the player's price (R_FALSE_WIN_PLAYER) every unit is the
    player's figure, since the text's grades already carry art. 6.º's doubling; at the
    banker's (R_FALSE_WIN_BANKER) a share the banker pays or takes is at his figure too."""
    banker_involved = Wind.EAST in (seat, offender)
    units = 2 ** (2 if banker_involved else 1)
    unit_price = stake.banker if banker_involved and price == "banker" else stake.player
    return units, unit_price


def false_win_transfers(offender: Wind, stake: Stake, price: str = "player") -> list[Transfer]:
    """art. 9.º (8) (the «nulo» hand of art. 9.º (7)): the offender pays each of the three
    (``_false_win_price``). No commission: no game was won."""
    out = []
    for seat in WINDS:
        if seat is offender:
            continue
        units, unit_price = _false_win_price(seat, offender, stake, price)
        out.append(Transfer(offender.value, seat.value, units * unit_price, "false_win",
                            {"units": units, "price": unit_price,
                             "citation": _cited("art. 9.º (8)")}))
    return out


def false_win_payments(offender: Wind, stake: Stake, price: str = "player") -> dict[str, int]:
    """``false_win_transfers`` netted."""
    return net_of(false_win_transfers(offender, stake, price))


def readings_for_stake(stake: Stake, capital: int | None) -> list[str]:
    keys = [R_PAYMENT, R_ALL_PAY, R_COMMISSION]
    if stake not in COMMISSION_TABLE:
        keys.append(R_COMMISSION_OFF_TABLE)
    if capital is not None:
        keys.append(R_CAPITAL)
        if capital < commission(stake):
            keys.append(R_COMMISSION_WITHIN)
    return keys


# ---------------------------------------------------------------- liability (art. 9.º)

PURE_ONE_SUIT = "pure_one_suit"
BIG_DRAGONS = "big_three_dragons"
BIG_WINDS = "big_four_winds"
ALL_TERMINALS = "all_terminals"
ALL_HONOURS = "all_honours"

# Reason keys (catalogue: liability.<reason>) and their articles.
LIABILITY_CITATIONS = {
    "pure_suit_on_table": Citation(KEY, "art. 9.º (1)"),
    "pure_suit_fourth_set": Citation(KEY, "art. 9.º (2)"),
    "big_dragons_winds": Citation(KEY, "art. 9.º (3)"),
    "kept_dead_honour": Citation(KEY, "art. 9.º (4)"),
    "broke_set": Citation(KEY, "art. 9.º (5)"),
    "broke_ready_hand": Citation(KEY, "art. 9.º (6)"),
}


@dataclass(frozen=True)
class LiabilitySituation:
    """The facts of art. 9.º at the moment ``discarder`` let go of ``tile``.

    ``winning_items``: item keys of the winner's scored hand. ``winner_declared``: the
    winner's melds on the table at the end (a set made with ``tile`` included).
    ``won_on_discard``: ``tile`` was the winning tile; False when it was claimed for the
    winner's fourth set and he won on his next draw (art. 9.º (2)).
    ``discarder_concealed``: the discarder's concealed tiles before discarding, ``tile``
    included; ``discarder_declared``: how many melds he has on the table;
    ``discarder_ready``: he was waiting («a chamar»): some discard would leave him ready.
    ``visible``: tiles face up on the table before this discard (melds and discards).
    """

    discarder: Wind
    tile: Tile
    winning_items: frozenset[str]
    winner_declared: tuple[Meld, ...] = ()
    won_on_discard: bool = True
    discarder_concealed: tuple[Tile, ...] = ()
    discarder_declared: int = 0
    discarder_ready: bool = False
    visible: tuple[Tile, ...] = ()


def _sets_of_one_suit(melds: tuple[Meld, ...]) -> int:
    """Most declared sets of one suit; every declared meld counts as «à vista», a
    concealed kong too, since it is laid on the table (R_VISIBLE_SETS)."""
    per_suit: dict[Suit, int] = {}
    for meld in melds:
        if meld.is_set and meld.tile.is_suited:
            per_suit[meld.tile.suit] = per_suit.get(meld.tile.suit, 0) + 1
    return max(per_suit.values(), default=0)


def _from_a_set(tile: Tile, hand: tuple[Tile, ...]) -> bool:
    """R_BROKEN_SET: three of ``tile`` in hand, or a run of three in hand holding it."""
    if hand.count(tile) >= 3:
        return True
    if not tile.is_suited:
        return False
    held = set(hand)
    for low in range(tile.rank - 2, tile.rank + 1):
        if 1 <= low <= 7:
            run = [Tile(tile - tile.rank + low + k) for k in range(3)]
            if all(t in held for t in run):
                return True
    return False


def _ready(counts: list[int], declared: int) -> bool:
    sets = 4 - declared
    shanten = analysis.shanten_regular(counts, sets)
    if declared == 0:
        shanten = min(shanten, analysis.shanten_thirteen_orphans(counts))
    return shanten == 0


def liability(s: LiabilitySituation) -> str | None:
    """The reason (a key of LIABILITY_CITATIONS) the discarder bears the other two
    losers' loss, or None. Exemptions read as R_LIABILITY_EXEMPTIONS: (9) (the winner's
    hand is «Ch'ing iu» or «Chün chü») prevails over every case; (10) (a dragon or wind
    not yet seen on the table) over the general cases (4) to (6) only, since case (3)
    is about exactly such tiles."""
    items = s.winning_items
    if items & {ALL_TERMINALS, ALL_HONOURS}:
        return None
    if PURE_ONE_SUIT in items:
        shown = _sets_of_one_suit(s.winner_declared)
        if s.won_on_discard and shown >= 3:
            return "pure_suit_on_table"
        if not s.won_on_discard and shown >= 4:
            return "pure_suit_fourth_set"
    if not s.won_on_discard:
        return None
    tile = s.tile
    if (BIG_DRAGONS in items and tile.is_dragon) or (BIG_WINDS in items and tile.is_wind):
        return "big_dragons_winds"
    if tile.is_honour and tile not in s.visible:
        return None
    hand = s.discarder_concealed
    if any(t.is_honour and t is not tile and s.visible.count(t) == 3 for t in hand):
        return "kept_dead_honour"
    if not s.discarder_ready and _from_a_set(tile, hand):
        return "broke_set"
    if s.discarder_ready:
        after = counts_of(hand)
        if after[tile] > 0:
            after[tile] -= 1
        if not _ready(after, s.discarder_declared):
            return "broke_ready_hand"
    return None


# ---------------------------------------------------------------- from a game's record

_SET_CLAIMS = ("chow", "pung", "kong")


def situation_from_record(record: LiabilityFacts) -> tuple[int, LiabilitySituation] | None:
    """Read art. 9.º's facts from a played hand (``game.settle.LiabilityRecord``: the
    winner's seat, his score, the discard records, his melds at the end). Seats 0-3 are
    E, S, W, N. Returns (discarder's seat, situation), or None when no discard of
    another player completed the hand or gave the fourth set of art. 9.º (2)."""
    records = list(record.records)
    winner = record.winner
    if not records:
        return None
    last = records[-1]
    if last.claimed_by == winner and last.claim == "win":
        found, on_discard = last, True
    else:
        index = next((i for i in range(len(records) - 1, -1, -1)
                      if records[i].claimed_by == winner and records[i].claim in _SET_CLAIMS),
                     None)
        if index is None:
            return None
        # «na jogada a seguir»: the winner discarded at most once since the claim.
        if sum(1 for r in records[index + 1:] if r.seat == winner) > 1:
            return None
        found, on_discard = records[index], False
    situation = LiabilitySituation(
        discarder=WINDS[found.seat], tile=found.tile,
        winning_items=frozenset(item.key for item in record.score.items),
        winner_declared=tuple(record.winner_melds), won_on_discard=on_discard,
        discarder_concealed=tuple(found.hand_before), discarder_declared=found.declared,
        discarder_ready=found.ready, visible=tuple(found.visible))
    return found.seat, situation


# ---------------------------------------------------------------- facts given to ``score``

FALSE_WIN_CITATION = Citation(KEY, "art. 9.º (7), (8)")
CAPITAL_CITATION = Citation(KEY, "art. 8.º (4)")
SETTLEMENT_FIELDS = ("capital", "false_win", "discarder", "liability")
_LIABILITY_FIELDS = ("fourth_set_tile", "discarder_hand", "discarder_melds", "visible")


def _bad(name: str, value: object) -> HandError:
    return HandError("hand.bad_fact", field=name, value=clip(value))


def read_facts(hand: HandDescription, data: Mapping[str, Any]) -> dict[str, Any]:
    """Check the settlement facts of a hand description (``SETTLEMENT_FIELDS``):
    ``capital``: the winner's capital in play, whole dollars (art. 8.º (4));
    ``false_win``: the declared win is «nulo» (art. 9.º (7), (8));
    ``discarder``: the wind of the player whose discard the liability of art. 9.º rests on:
    the winning tile, or with ``liability.fourth_set_tile`` the tile the winner claimed
    for his fourth set before winning on his next draw (art. 9.º (2));
    ``liability``: the discarder's facts when he discarded: ``discarder_hand`` (his
    concealed tiles, the discarded one included), ``discarder_melds`` (his sets on the
    table), ``visible`` (tiles face up on the table before the discard)."""
    facts: dict[str, Any] = {}
    capital = data.get("capital")
    if capital is not None:
        if isinstance(capital, bool) or not isinstance(capital, int) or not 0 < capital < 10**12:
            raise _bad("capital", capital)
        facts["capital"] = capital
    false_win = data.get("false_win", False)
    if not isinstance(false_win, bool):
        raise HandError("hand.bad_flag", field="false_win")
    if false_win:
        facts["false_win"] = True
    liability_data = data.get("liability")
    if liability_data is not None and not isinstance(liability_data, dict):
        raise _bad("liability", liability_data)
    liability_data = liability_data or {}
    discarder = data.get("discarder")
    if discarder is None:
        if liability_data:
            raise HandError("hand.missing_field", field="discarder")
        return facts
    try:
        seat = Wind(discarder)
    except ValueError:
        raise HandError("hand.bad_wind", field="discarder", value=clip(discarder)) from None
    if seat is hand.seat_wind:
        raise HandError("hand.impossible.discarder_is_winner",
                        citation=str(Citation(KEY, "art. 9.º")))
    fourth = liability_data.get("fourth_set_tile")
    if fourth is None and hand.win is not WinKind.DISCARD:
        raise HandError("hand.impossible.discarder_without_discard", win=hand.win.value,
                        citation=str(Citation(KEY, "art. 9.º")))
    facts["discarder"] = seat
    if fourth is not None:
        if not isinstance(fourth, str) or not hand.win.from_wall:
            raise _bad("liability.fourth_set_tile", fourth)
        facts["fourth_set_tile"] = parse_tile(fourth)
    for name in ("discarder_hand", "visible"):
        value = liability_data.get(name, "")
        if not isinstance(value, str):
            raise _bad(f"liability.{name}", value)
        tiles = tuple(parse_tiles(value))
        if any(t.is_bonus for t in tiles) or max(counts_of(tiles), default=0) > 4:
            raise _bad(f"liability.{name}", value)
        facts[name] = tiles
    melds = liability_data.get("discarder_melds", 0)
    if isinstance(melds, bool) or not isinstance(melds, int) or not 0 <= melds <= 4:
        raise _bad("liability.discarder_melds", melds)
    facts["discarder_melds"] = melds
    _check_copies(hand, facts.get("fourth_set_tile"), facts["discarder_hand"], facts["visible"])
    return facts


def _check_copies(hand: HandDescription, fourth: Tile | None, discarder_hand: Sequence[Tile],
                  visible: Sequence[Tile]) -> None:
    """The winner's tiles and the liability facts share one set: «cada uma com 4 peças
    iguais» (art. 1.º (2)). The winner's concealed tiles, the discarder's hand and the
    tiles face up are different tiles; the winner's exposed sets may be among those face
    up, so they count where they are more. The tile the discarder let go (the winning
    tile, or the fourth set's) is in his hand and in the winner's: counted once."""
    shared = fourth if fourth is not None else hand.win_tile
    concealed = list(hand.concealed) + [t for m in hand.melds if m.concealed for t in m.tiles]
    exposed = [t for m in hand.melds if not m.concealed for t in m.tiles]
    (concealed if fourth is None else exposed).remove(shared)
    held = counts_of(concealed)
    shown = counts_of(exposed)
    theirs = counts_of(discarder_hand)
    seen = counts_of(visible)
    for kind in range(PLAYABLE_KINDS):
        count = held[kind] + theirs[kind] + max(shown[kind], seen[kind])
        if count > 4:
            raise HandError("hand.too_many_copies", tile=Tile(kind).notation, count=count,
                            field="liability", citation=str(Citation(KEY, "art. 1.º (2)")))


def _was_ready(hand: tuple[Tile, ...], declared: int) -> bool:
    """«estando a chamar» before the discard: some discard would leave him waiting."""
    if len(hand) + 3 * declared != 14:
        return False
    counts = counts_of(hand)
    for tile in set(hand):
        counts[tile] -= 1
        ready = _ready(counts, declared)
        counts[tile] += 1
        if ready:
            return True
    return False


def liability_from_facts(result: ScoreResult, hand: HandDescription) -> tuple[Wind, str] | None:
    """(liable wind, reason) from the facts given to ``score``, by the same ``liability``
    the game uses; None when no discarder is named or no case of art. 9.º applies."""
    facts = hand.facts
    discarder = facts.get("discarder")
    if discarder is None:
        return None
    fourth = facts.get("fourth_set_tile")
    concealed = facts.get("discarder_hand", ())
    declared = facts.get("discarder_melds", 0)
    situation = LiabilitySituation(
        discarder=discarder, tile=fourth if fourth is not None else hand.win_tile,
        winning_items=frozenset(item.key for item in result.items),
        winner_declared=hand.melds, won_on_discard=fourth is None,
        discarder_concealed=concealed, discarder_declared=declared,
        discarder_ready=_was_ready(concealed, declared), visible=facts.get("visible", ()))
    reason = liability(situation)
    return None if reason is None else (discarder, reason)


# ---------------------------------------------------------------- art. 9.º foreseen (AI)

def _winning_items(tile: int, melds: Sequence[Meld]) -> frozenset[str] | None:
    """The art. 9.º items an opponent showing ``melds`` could win with on ``tile``
    (cases (1)-(3) need them); None when none of them fits."""
    items = set()
    sets = [x for x in melds if x.kind is not MeldKind.PAIR]
    suits = {x.tile // 9 for x in sets if x.tile < analysis.HONOUR_START}
    honours = any(x.tile >= analysis.HONOUR_START for x in sets)
    if len(suits) == 1 and not honours and len(sets) >= 3 and tile < analysis.HONOUR_START \
            and tile // 9 in suits:
        items.add(PURE_ONE_SUIT)
    pungs = [x.tile for x in sets if x.kind is not MeldKind.CHOW]
    dragons = sum(1 for t in pungs if Tile.WHITE <= t <= Tile.RED)
    winds = sum(1 for t in pungs if Tile.EAST <= t <= Tile.NORTH)
    if dragons >= 2 and Tile.WHITE <= tile <= Tile.RED:
        items.add(BIG_DRAGONS)
    if winds >= 3 and Tile.EAST <= tile <= Tile.NORTH:
        items.add(BIG_WINDS)
    return frozenset(items) if items else None


def discard_liability(tile: int, view: Mapping[str, Any], hand: Sequence[int],
                      opponents: Sequence[tuple[int, bool]]) -> str | None:
    """The art. 9.º case (a ``LIABILITY_CITATIONS`` key) that would make the seat of
    ``view`` liable should ``tile`` win for an opponent, or None. Cases (1)-(3) are read
    against each opponent's melds; the general cases (4)-(6), which hang on the seat's
    own hand, only against a ``threatening`` opponent."""
    me = view["seat"]
    concealed = tuple(Tile(i) for i in range(PLAYABLE_KINDS) for _ in range(hand[i]))
    visible = []
    for pile in view["discards"]:
        visible.extend(pile)
    for melds in view["melds"]:
        for meld in melds:
            visible.extend(meld.tiles)
    declared = len(view["melds"][me])
    ready = _ready_before(hand, declared)
    for seat, threatening in opponents:
        melds = view["melds"][seat]
        items = _winning_items(tile, melds)
        if items is None:
            if not threatening:
                continue
            items = frozenset()
        situation = LiabilitySituation(
            discarder=WINDS[me], tile=Tile(tile), winning_items=items,
            winner_declared=tuple(melds), won_on_discard=True,
            discarder_concealed=concealed, discarder_declared=declared,
            discarder_ready=ready, visible=tuple(visible))
        reason = liability(situation)
        if reason is not None:
            return reason
    return None


def _ready_before(hand: Sequence[int], declared: int) -> bool:
    """Was the seat ready before this turn: does some discard leave it ready?"""
    counts = list(hand)
    for tile in range(PLAYABLE_KINDS):
        if counts[tile]:
            counts[tile] -= 1
            s = analysis.shanten_regular(counts, 4 - declared)
            if declared == 0:
                s = min(s, analysis.shanten_thirteen_orphans(counts))
            counts[tile] += 1
            if s == 0:
                return True
    return False
