"""Macau 1988 settlement: Portaria n.º 133/88/M, art. 6.º (banker pays and receives
double), art. 7.º (house commission), art. 8.º (4) (the winner receives no more than his
capital in play), art. 9.º (8) (false win) and what a liable discarder pays (art. 9.º;
who is liable: ``macau_1988_liability``; the facts a hand carries: ``macau_1988_facts``).

Every payment is a ``Transfer``, the one computation of the money; the ``*_payments``
functions net them (``scoring.net_of``). Pure functions of the grade and the stake, so
game flow can call them as well as the rule set. Money is in whole dollars of the stake
("player/banker", e.g. ``100/200``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..hand import Stake
from ..scoring import HOUSE, Citation, ScoreResult, Transfer, net_of, to_house
from ..tiles import WINDS, Wind
from .macau_1988_entries import DOCUMENT, KEY
# Who is liable under art. 9.º is decided in ``macau_1988_liability``; its cases and
# ``liability`` stay importable from here, where the worked cases import them.
from .macau_1988_liability import LIABILITY_CITATIONS, LiabilitySituation, liability
from .options import MAX_OPTION, Options

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
FALSE_WIN_CITATION = Citation(KEY, "art. 9.º (7), (8)")


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


__all__ = ["ALL_READINGS", "COMMISSION_TABLE", "DOCUMENT", "FALSE_WIN_CITATION",
           "FALSE_WIN_PRICES", "KEY", "LIABILITY_CITATIONS", "LiabilitySituation",
           "MacauOptions", "cap", "commission", "false_win_payments", "false_win_transfers",
           "fee_from", "liability", "liable_payments", "liable_transfers", "payments",
           "readings_for_stake", "shares", "transfers"]
