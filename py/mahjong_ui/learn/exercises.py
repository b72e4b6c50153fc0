"""Short exercises with immediate feedback, for each rule set (issue 7): "is this hand
complete?", "what does it wait on?", "which claim takes this tile?", "score this hand".

Each exercise is a curated hand or position written as data (tile notation); its answer
is always computed by the engine (``answer``), never typed in. ``check(rules, id, answer)``
compares a learner's answer with it and returns ``Feedback``: message keys and params of
the ``exercises`` catalogue (plus rule-set and learn keys), the citation and readings, never
text. ``line_text`` turns one feedback line into text from the catalogues. No ``js`` here.

Answer formats (strings, as the page sends them):
  complete  "yes" | "no"
  waits     tile notation of the tiles chosen, e.g. "36p" (order and repeats ignored)
  claim     "<seat wind>:<claim>" e.g. "W:pung", or "none"
  score     the total as a whole number in the rule set's unit (Macau: the grade 0, 1, 2)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mahjong_engine import EngineError, HandDescription, Meld, get_rule_set, parse_tile, parse_tiles
from mahjong_engine.game import Discard, GameConfig, GameState
from mahjong_engine.game.claims import resolve_claims
from mahjong_engine.game.scenario import stack_wall
from mahjong_engine.hand import WinKind
from mahjong_engine.notation import format_tiles
from mahjong_engine.rules import RULE_SET_KEYS
from mahjong_engine.scoring import DOCUMENTS
from mahjong_engine.tiles import PLAYABLE_KINDS, Tile, Wind, counts_of

from ..names import tile_name
from ..i18n import Translator
from ..present import item_lines
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


# ---------------------------------------------------------------- the engine's answers
def _complete_answer(rules: str, ex: Exercise) -> dict[str, Any]:
    rule_set = get_rule_set(rules)
    hand = ex.description(rules)
    best = rule_set.score(hand).arrangement if rule_set.is_winning(hand) else None
    if best is not None:
        return {"complete": True, "form": best.form,
                "groups": [g.notation for g in best.groups], "melds": len(hand.melds)}
    counts = hand.concealed_counts
    melds = list(hand.melds)
    shanten = rule_set.shanten(counts, declared=len(melds))
    swaps = []
    if shanten <= 0:
        for out in range(PLAYABLE_KINDS):
            if counts[out]:
                counts[out] -= 1
                for tile in rule_set.waits(counts, melds):
                    if tile != out:
                        swaps.append((Tile(out).notation, Tile(tile).notation))
                counts[out] += 1
    return {"complete": False, "shanten": max(shanten, 0), "swaps": swaps}


def _waits_answer(rules: str, ex: Exercise) -> dict[str, Any]:
    rule_set = get_rule_set(rules)
    counts = counts_of(parse_tiles(ex.tiles))
    waits = rule_set.waits(counts, ex.meld_list)
    return {"waits": [Tile(t).notation for t in waits]}


def claim_state(rules: str, ex: Exercise) -> GameState:
    """The position of a claim exercise: a hand dealt from a stacked wall (South, West
    and North hold ``ex.hands``; East holds the discard and other tiles), at the moment
    East, the dealer, has discarded ``ex.tiles`` on his first turn."""
    rule_set = get_rule_set(rules)
    discard = parse_tile(ex.tiles)
    others = [parse_tiles(h) for h in ex.hands]
    used = counts_of([t for h in others for t in h] + [discard])
    east = [discard]
    for kind in range(PLAYABLE_KINDS):
        if len(east) == rule_set.hand_size:
            break
        if kind != discard and used[kind] < 4:
            east.append(Tile(kind))
    wall = stack_wall(rules, [format_tiles(east)] + [format_tiles(h) for h in others])
    state = GameState(GameConfig(rules, stacked=wall, exchanges=False))
    state.apply(Discard(0, discard))
    return state


def _claim_answer(rules: str, ex: Exercise) -> dict[str, Any]:
    state = claim_state(rules, ex)
    rank = state.rules.claim_rank
    options: dict[str, list[str]] = {}
    best = []
    for seat in (1, 2, 3):
        legal = [a for a in state.legal_actions(seat) if a.kind in CLAIMS]
        kinds = sorted({state.claim_kind(a) for a in legal},
                       key=lambda k: (-rank(k), _CLAIM_ORDER.index(k)))
        options[SEATS[seat]] = kinds
        if legal:
            best.append(max(legal, key=lambda a: rank(state.claim_kind(a))))
    chosen = resolve_claims(state.rules, 0, best, state.claim_kind)
    if chosen is None:
        return {"seat": None, "kinds": [], "rank_kind": None, "options": options}
    top = rank(state.claim_kind(chosen))
    kinds = sorted({a.kind for a in state.legal_actions(chosen.seat)
                    if a.kind in CLAIMS and rank(state.claim_kind(a)) == top},
                   key=CLAIMS.index)
    return {"seat": SEATS[chosen.seat], "kinds": kinds, "rank_kind": state.claim_kind(chosen),
            "options": options}


def _score_answer(rules: str, ex: Exercise) -> dict[str, Any]:
    result = get_rule_set(rules).score(ex.description(rules))
    data = result.to_json()
    return {"total": data.get("total"), "unit": data["unit"], "items": data["items"],
            "details": data.get("details", {}), "readings": data["readings"],
            "winning": data["winning"], "steps": data.get("steps", [])}


_ANSWERS = {"complete": _complete_answer, "waits": _waits_answer, "claim": _claim_answer,
            "score": _score_answer}
_cache: dict[tuple[str, Exercise], dict[str, Any]] = {}


def answer(rules: str, exercise_id: str) -> dict[str, Any]:
    """The engine's answer to one exercise (cached: the data never change)."""
    ex = find(rules, exercise_id)
    if ex is None:
        raise KeyError(exercise_id)
    return answer_of(rules, ex)


def answer_of(rules: str, ex: Exercise) -> dict[str, Any]:
    """The engine's answer to ``ex``, one of the list or a hand given elsewhere (an embed's
    address), cached by the exercise's data."""
    key = (rules, ex)
    if key not in _cache:
        _cache[key] = _ANSWERS[ex.kind](rules, ex)
    return _cache[key]


# ---------------------------------------------------------------- feedback
@dataclass
class Line:
    """One line of feedback: an ``exercises`` key and params. ``refs`` are params whose
    value is another catalogue's (domain, key), translated when shown; ``tiles`` is tile
    notation drawn beside the text; ``tile_names`` lists params holding notation to be
    named tile by tile."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    refs: dict[str, Any] = field(default_factory=dict)   # (domain, key) or a list of them
    tiles: str = ""
    tile_names: tuple[str, ...] = ()


@dataclass
class Feedback:
    correct: bool | None            # None: the answer was refused (``message`` says why)
    message: Line
    lines: list[Line] = field(default_factory=list)
    items: list[dict[str, Any]] = field(default_factory=list)   # score: the engine's items
    cite: tuple[str, str] | None = None                         # (document key, section)
    readings: list[str] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)   # score: the engine's steps

    def to_json(self) -> dict[str, Any]:
        return {"correct": self.correct, "message": self.message.key,
                "lines": [ln.key for ln in self.lines], "items": [i["key"] for i in self.items],
                "cite": self.cite, "readings": list(self.readings)}


def _refused(key: str, **params: Any) -> Feedback:
    return Feedback(None, Line(key, params))


def _shapes_cite(rules: str) -> tuple[str, str]:
    return rules, f"cite.{rules}.shapes"


def check(rules: str, exercise_id: str, given: Any) -> Feedback:
    """Compare ``given`` with the engine's answer. A malformed or empty answer, or an
    unknown exercise, gives a refusal (``correct`` None), never an exception."""
    ex = find(rules, exercise_id)
    if ex is None:
        return _refused("answer.unknown_exercise")
    return check_exercise(rules, ex, given)


def check_exercise(rules: str, ex: Exercise, given: Any) -> Feedback:
    """``check`` for an exercise given as data (one of the list, or an embed's own hand)."""
    if not isinstance(given, str) or not given.strip():
        return _refused(f"answer.empty.{ex.kind}")
    text = given.strip()
    if len(text) > MAX_ANSWER:
        return _refused("answer.too_long")
    try:
        truth = answer_of(rules, ex)
    except EngineError:  # a bad exercise is a bug the unit tests catch; never a traceback
        return _refused("answer.unavailable")
    return {"complete": _check_complete, "waits": _check_waits, "claim": _check_claim,
            "score": _check_score}[ex.kind](rules, ex, truth, text)


def _note(ex: Exercise, lines: list[Line]) -> list[Line]:
    if ex.note:
        lines.append(Line(ex.note))
    return lines


def _check_complete(rules: str, ex: Exercise, truth: dict[str, Any], text: str) -> Feedback:
    choice = text.lower()
    if choice not in ("yes", "no"):
        return _refused("answer.bad_choice")
    correct = (choice == "yes") == truth["complete"]
    lines: list[Line] = []
    if truth["complete"]:
        lines.append(Line("complete.yes", refs={"form": (rules, f"form.{truth['form']}")}))
        for group in truth["groups"]:
            lines.append(Line("complete.group", {"tiles": group}, tiles=group,
                              tile_names=("tiles",)))
    else:
        lines.append(Line("complete.no", {"shanten": truth["shanten"]}))
        for out, tile in truth["swaps"][:MAX_SWAPS]:
            lines.append(Line("complete.swap", {"out": out, "in": tile},
                              tiles=f"{out[0]}{out[1]}{tile[0]}{tile[1]}",
                              tile_names=("out", "in")))
        if truth["shanten"] > 0:
            lines.append(Line("complete.far", {"count": truth["shanten"]}))
    return Feedback(correct, Line("verdict.right" if correct else "verdict.wrong"),
                    _note(ex, lines), cite=_shapes_cite(rules),
                    readings=_shape_readings(rules))


def _shape_readings(rules: str) -> list[str]:
    """The readings of RULES-READING.md that decide which shapes win (shown with
    complete/waits): the rule set's ``presentation.shape_readings``."""
    return list(get_rule_set(rules).presentation.shape_readings)


def _check_waits(rules: str, ex: Exercise, truth: dict[str, Any], text: str) -> Feedback:
    try:
        tiles = parse_tiles(text)
    except EngineError:
        return _refused("answer.bad_tiles", text=text[:40])
    if any(t.is_bonus for t in tiles):
        return _refused("answer.bonus_tiles")
    chosen = {t.notation for t in tiles}
    waits = set(truth["waits"])
    missed = sorted(waits - chosen, key=lambda n: parse_tile(n))
    wrong = sorted(chosen - waits, key=lambda n: parse_tile(n))
    correct = not missed and not wrong
    lines = [Line("waits.answer", {"tiles": "".join(truth["waits"]), "count": len(waits)},
                  tiles=format_tiles(parse_tile(t) for t in truth["waits"]),
                  tile_names=("tiles",))]
    if missed:
        lines.append(Line("waits.missed", {"tiles": "".join(missed)},
                          tiles=format_tiles(parse_tile(t) for t in missed),
                          tile_names=("tiles",)))
    if wrong:
        lines.append(Line("waits.wrong", {"tiles": "".join(wrong)},
                          tiles=format_tiles(parse_tile(t) for t in wrong),
                          tile_names=("tiles",)))
    return Feedback(correct, Line("verdict.right" if correct else "verdict.wrong"),
                    _note(ex, lines), cite=_shapes_cite(rules),
                    readings=_shape_readings(rules))


def _check_claim(rules: str, ex: Exercise, truth: dict[str, Any], text: str) -> Feedback:
    choice = text.replace(" ", "")
    if choice.lower() == "none":
        seat, kind = None, None
    else:
        seat, _, kind = choice.partition(":")
        seat, kind = seat.upper(), kind.lower()
        if seat not in SEATS[1:] or kind not in CLAIMS:
            return _refused("answer.bad_choice")
    correct = (seat is None if truth["seat"] is None
               else seat == truth["seat"] and kind in truth["kinds"])
    lines: list[Line] = []
    for wind in SEATS[1:]:
        kinds = truth["options"][wind]
        if kinds:
            lines.append(Line("claim.can", {"seat": wind},
                              refs={"seat_name": ("exercises", f"seat.{wind}"),
                                    "claims": [claim_ref(rules, k) for k in kinds]}))
        else:
            lines.append(Line("claim.cannot", {"seat": wind},
                              refs={"seat_name": ("exercises", f"seat.{wind}")}))
    if truth["seat"] is None:
        lines.append(Line("claim.nobody"))
    else:
        lines.append(Line("claim.takes", {"seat": truth["seat"]},
                          refs={"seat_name": ("exercises", f"seat.{truth['seat']}"),
                                "claim": claim_ref(rules, truth["rank_kind"])}))
        contenders = [w for w in SEATS[1:] if truth["options"][w]]
        if len(contenders) > 1:
            why = "claim.why_rank"
            ranks = {get_rule_set(rules).claim_rank(truth["options"][w][0]) for w in contenders}
            if len(ranks) == 1:
                why = "claim.why_turn"
            lines.append(Line(why))
    return Feedback(correct, Line("verdict.right" if correct else "verdict.wrong"),
                    _note(ex, lines), cite=(rules, f"cite.{rules}.turns"),
                    readings=["common.turn_order"])


def _check_score(rules: str, ex: Exercise, truth: dict[str, Any], text: str) -> Feedback:
    try:
        value = int(text.replace(" ", ""))
    except ValueError:
        return _refused("answer.bad_number", text=text[:40])
    correct = value == truth["total"]
    lines: list[Line] = []
    details = truth["details"]
    # the arithmetic is the engine's own steps, worded by the presenter (mahjong_ui.present)
    message = Line("verdict.right_total" if correct else "verdict.wrong_total",
                   {"total": truth["total"], "given": value})
    if get_rule_set(rules).presentation.score_grades:   # Macau: the answer is the grade
        message = Line("verdict.right_grade" if correct else "verdict.wrong_grade",
                       refs={"grade": (rules, f"grade.{details['grade']}")})
    return Feedback(correct, message, _note(ex, lines), items=list(truth["items"]),
                    cite=(rules, f"cite.{rules}.scoring"), readings=list(truth["readings"]),
                    steps=list(truth.get("steps") or []))


# ---------------------------------------------------------------- text from the catalogues
def tile_names(cats: Translator, notation: str) -> str:
    return ", ".join(tile_name(cats.domain("table"), t.notation) for t in parse_tiles(notation))


def line_text(cats: Translator, line: Line) -> str:
    """The text of one feedback line in the catalogues' language."""
    params = dict(line.params)
    for name, ref in line.refs.items():
        refs = ref if isinstance(ref, list) else [ref]
        params[name] = ", ".join(cats.domain(domain).t(key) for domain, key in refs)
    for name in line.tile_names:
        params[name] = tile_names(cats, str(line.params[name]))
    return cats.domain("exercises").t(line.key, **params)


def claim_ref(rules: str, kind: str) -> tuple[str, str]:
    """(domain, key) of a claim's name: the rule set's own name of the set (``term.<kind>``,
    as on its buttons, legend and lesson); a win, and Cayro's straight chow, by their
    exercise names."""
    if kind in ("pung", "kong", "chow"):
        return rules, f"term.{kind}"
    return "exercises", f"claimname.{kind}"


def cite_text(cats: Translator, cite: tuple[str, str] | None) -> str:
    if cite is None:
        return ""
    rules, section = cite
    if section.startswith("cite."):
        section = cats.domain("learn").t(section)
    return cats.t("learn.cite", document=DOCUMENTS[rules], section=section)


def item_text(cats: Translator, rules: str, item: dict[str, Any]) -> tuple[str, str, str]:
    """(name, amount, citation) of one scoring item of the engine's result, worded by the
    presenter (``mahjong_ui.present``)."""
    line = item_lines(cats, rules, [item])[0]
    return line.name, line.amount_text, line.citation


__all__ = [
    "CLAIMS",
    "EXERCISES",
    "KINDS",
    "RULE_SET_KEYS",
    "SEATS",
    "Exercise",
    "Feedback",
    "Line",
    "answer",
    "answer_of",
    "check",
    "check_exercise",
    "cite_text",
    "claim_ref",
    "claim_state",
    "exercises",
    "find",
    "item_text",
    "line_text",
    "neighbours",
    "tile_names",
]
