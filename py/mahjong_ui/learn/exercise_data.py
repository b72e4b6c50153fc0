"""The exercises of each rule set, as data (pure Python): curated hands and positions in
tile notation, numbered by kind (``complete-1``…), and how to find one. Their answers are
computed by the engine (``learn.exercises``), never written here."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mahjong_engine import HandDescription, Meld, parse_tile, parse_tiles
from mahjong_engine.hand import WinKind
from mahjong_engine.tiles import Wind

from .documents import CAYRO, FILIPINO, MACAU, SERRALHEIRO


KINDS = ("complete", "waits", "claim", "score")
SEATS = ("E", "S", "W", "N")
CLAIMS = ("win", "kong", "pung", "chow")
_CLAIM_ORDER = ("win", "chow_straight", "kong", "pung", "chow")
MELD_CODES = {"c": ("chow", False), "p": ("pung", False), "k": ("kong", False),
              "K": ("kong", True)}
MAX_ANSWER = 200
MAX_SWAPS = 4


@dataclass(frozen=True)
class Exercise:
    """One exercise. ``tiles``: the concealed tiles (complete, score: the winning tile
    included, ``win_tile`` names it; waits: one tile short); for a claim, the tile East
    discards at the start of the hand, and ``hands`` what South, West and North hold.
    ``melds`` in the calculator's codes (``p777z,c234m,k1111m,K1111m``). ``note``: an
    ``exercises`` key shown with the explanation (what the position is meant to teach)."""

    id: str
    kind: str
    tiles: str
    melds: str = ""
    win_tile: str = ""
    flowers: str = ""
    win: str = "discard"
    seat: str = "S"
    round: str = "E"
    opener: str = ""
    hands: tuple[str, ...] = ()
    note: str = ""

    @property
    def meld_list(self) -> list[Meld]:
        out = []
        for code in (c.strip() for c in self.melds.split(",") if c.strip()):
            kind, concealed = MELD_CODES[code[0]]
            out.append(Meld.from_tiles(kind, code[1:], concealed=concealed, declared=True))
        return out

    def description(self, rules: str) -> HandDescription:
        tiles = tuple(parse_tiles(self.tiles))
        win_tile = parse_tile(self.win_tile) if self.win_tile else tiles[-1]
        return HandDescription(
            rules=rules, concealed=tuple(sorted(tiles)), win_tile=win_tile,
            melds=tuple(self.meld_list), flowers=tuple(parse_tiles(self.flowers)),
            win=WinKind(self.win), seat_wind=Wind(self.seat), round_wind=Wind(self.round),
            opener_wind=Wind(self.opener) if self.opener else None)


def _ex(rules: str, *items: tuple[str, str, dict[str, Any]]) -> list[Exercise]:
    """Number the exercises of each kind: ``complete-1``, ``complete-2``…"""
    seen: dict[str, int] = {}
    out = []
    for kind, tiles, extra in items:
        seen[kind] = seen.get(kind, 0) + 1
        out.append(Exercise(f"{kind}-{seen[kind]}", kind, tiles, **extra))
    return out


# ---------------------------------------------------------------- the exercises, as data
# Claims on 13-tile hands where Macau and Serralheiro agree (win > pung/kong > chow, the
# nearest winner in turn order, chow only by the next player): (discard, S, W, N hands).
_CLAIMS_13 = tuple(("claim", tile, {"hands": hands}) for tile, hands in (
    ("5p", ("46p123m789m11s234z", "55p168m2479s1346z", "3699m258p13s5567z")),
    ("7z", ("77z234p567p129s14z", "13m58p369s123456z", "123m456p789s111s7z")),
    ("3s", ("12s456m789m234p55z", "11s33s456p789p666z", "13m58p2469s12346z")),
    ("2m", ("13m456p789p288s16z", "34m567p1399s3457z", "169m15p11s123456z"))))

# Ids are stable (deep links): add new exercises at the end of their kind.
EXERCISES: dict[str, list[Exercise]] = {
    MACAU: _ex(
        MACAU,
        ("complete", "234m678m345p99s777z", {}),
        ("complete", "19m19p19s12345677z", {"note": "note.thirteen_orphans"}),
        ("complete", "11m33m55m77m99m22p44p", {"note": "note.macau_no_seven_pairs"}),
        ("complete", "123m456m789m124p55z", {"win_tile": "4p"}),
        ("waits", "234m567p345s1167s", {}),
        ("waits", "123m456p789s1155z", {}),
        ("waits", "1112345678999m", {"note": "note.nine_waits"}),
        ("waits", "19m19p19s1234567z", {"note": "note.thirteen_waits"}),
        *_CLAIMS_13,
        ("score", "123m111p456p789s55z", {"win_tile": "5z"}),
        ("score", "123m456p789s55s777z", {"win_tile": "7z"}),
        ("score", "123m456m789m11z777z", {"win_tile": "1z", "note": "note.macau_grades"}),
        ("score", "19m19p19s12345677z", {"win_tile": "9s"}),
    ),
    FILIPINO: _ex(
        FILIPINO,
        ("complete", "123m456m789p111s999s55z", {}),
        ("complete", "11m22m33p44p55s66s77z999s", {"note": "note.siyete_pares"}),
        ("complete", "123m456m789m123p456p15z", {"win_tile": "5z"}),
        ("complete", "11m22m33m44p66p88p99s55z1z", {"win_tile": "1z", "note": "note.filipino_17"}),
        ("waits", "123m456m789m123p45p55z", {}),
        ("waits", "11m22m33p44p55s66s777z9s", {"note": "note.siyete_pares"}),
        ("waits", "1112345678999m123p", {"note": "note.nine_waits"}),
        ("claim", "4s", {"hands": ("11m234m567m789p123p35s", "234m567m123p789p44s55z",
                                    "19m19p19s1234567z258p")}),
        ("claim", "9p", {"hands": ("78p123m456m789m11s457z", "199m45p234s567s11z666z",
                                    "999p12m44m678s123467z")}),
        ("claim", "6m", {"hands": ("78m123p456p789p22s135z", "2459m168p2358s12347z",
                                    "1347m258p36999s4567z")}),
        ("claim", "3m", {"hands": ("12m456p789p123s456s57z", "33m147p258s369s12346z",
                                    "1589m1249p19s234567z")}),
        ("score", "123m456m789p111s999s55z", {"win_tile": "5z"}),
        ("score", "123m456m789p111s999s55z", {"win_tile": "5z", "win": "self_drawn"}),
        ("score", "123456789m123p55z999s", {"win_tile": "9m", "win": "self_drawn",
                                             "note": "note.eskalera"}),
        ("score", "11m22m33p44p55s66s77z999s", {"win_tile": "7z"}),
    ),
    SERRALHEIRO: _ex(
        SERRALHEIRO,
        ("complete", "11m33m55m77m99m22z44z", {"note": "note.pares_na_regua"}),
        ("complete", "1234567m1234567p", {"win_tile": "7p", "note": "note.twin_sevens"}),
        ("complete", "19m19p19s12345677z", {"note": "note.maravilhas"}),
        ("complete", "123m456p789s12347z", {"win_tile": "7z"}),
        ("waits", "234m567p345s1167s", {}),
        ("waits", "11m33m55m77m99m22m4m", {"note": "note.pares_na_regua"}),
        ("waits", "123456m1234567p", {"note": "note.twin_sevens"}),
        *_CLAIMS_13,
        ("score", "123m111p456p789s55z", {"win_tile": "5z"}),
        ("score", "123m456p789s55s", {"melds": "p777z", "win_tile": "5s", "flowers": "2f6f"}),
        ("score", "234m55m678m", {"melds": "p222z,p999p", "win_tile": "5m", "seat": "S",
                                   "opener": "S", "note": "note.wind_doubles"}),
        ("score", "11m33m55m77m99m22m44m", {"win_tile": "4m", "note": "note.pares_na_regua"}),
    ),
    CAYRO: _ex(
        CAYRO,
        ("complete", "123m456p789s222z55z", {}),
        ("complete", "11m33m55m77m99m22p44p", {"note": "note.cayro_four_sets"}),
        ("complete", "19m19p19s12345677z", {"note": "note.cayro_four_sets"}),
        ("complete", "123m456p789s77z", {"melds": "k1111s", "win_tile": "7z"}),
        ("waits", "234m567p789s1123m", {}),
        ("waits", "1112345678999p", {"note": "note.nine_waits"}),
        ("waits", "123m45p678s99s", {"melds": "p777z"}),
        ("claim", "7m", {"hands": ("68m123p456p12s55z1z", "12345689m44p11s2z",
                                    "77m234p567s12346z"),
                         "note": "note.straight_chow"}),
        ("claim", "7m", {"hands": ("68m123p456p12s55z1z", "12m45m14p11s24567z",
                                    "77m234p567s12346z")}),
        ("claim", "5s", {"hands": ("258m369p19s12347z", "46s123m456m789m11z",
                                    "55s123m456m789m4s7z"), "note": "note.chow_win"}),
        ("claim", "3p", {"hands": ("14m5689s1234567z", "12456789p11s22z3z",
                                    "33p123m456m789m55z")}),
        ("score", "123m111p456p789s55z", {"win_tile": "5z"}),
        ("score", "234m567s111p55z", {"melds": "p777z", "win_tile": "1p", "win": "self_drawn"}),
        ("score", "123m456m789m222m99m", {"win_tile": "9m", "note": "note.pure_one_suit"}),
        ("score", "222p55z", {"melds": "p333m,p999s,k1111z", "win_tile": "5z", "seat": "E"}),
    ),
}


def exercises(rules: str) -> list[Exercise]:
    return list(EXERCISES.get(rules, []))


def find(rules: str, exercise_id: str | None) -> Exercise | None:
    return next((e for e in EXERCISES.get(rules, []) if e.id == exercise_id), None)


def neighbours(rules: str, exercise_id: str) -> tuple[str | None, str | None]:
    """(previous id, next id) in the rule set's list."""
    ids = [e.id for e in EXERCISES.get(rules, [])]
    if exercise_id not in ids:
        return None, None
    i = ids.index(exercise_id)
    return (ids[i - 1] if i else None), (ids[i + 1] if i + 1 < len(ids) else None)


__all__ = ["CLAIMS", "EXERCISES", "KINDS", "MAX_ANSWER", "MAX_SWAPS", "MELD_CODES", "SEATS", "Exercise",
           "exercises", "find", "neighbours"]
