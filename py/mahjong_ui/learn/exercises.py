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

from mahjong_engine import EngineError, get_rule_set, parse_tile, parse_tiles
from mahjong_engine.game import Discard, GameConfig, GameState
from mahjong_engine.game.claims import resolve_claims
from mahjong_engine.game.scenario import stack_wall
from mahjong_engine.notation import format_tiles
from mahjong_engine.tiles import PLAYABLE_KINDS, Tile, counts_of

from .exercise_data import (
    CLAIMS,
    KINDS,
    Exercise,
    MAX_ANSWER,
    MAX_SWAPS,
    SEATS,
    _CLAIM_ORDER,
    exercises,
    find,
    neighbours,
)


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

def claim_ref(rules: str, kind: str) -> tuple[str, str]:
    """(domain, key) of a claim's name: the rule set's own name of the set (``term.<kind>``,
    as on its buttons, legend and lesson); a win, and Cayro's straight chow, by their
    exercise names."""
    if kind in ("pung", "kong", "chow"):
        return rules, f"term.{kind}"
    return "exercises", f"claimname.{kind}"


__all__ = ["CLAIMS", "KINDS", "SEATS", "Exercise", "Feedback", "Line", "answer", "answer_of", "check",
           "check_exercise", "claim_ref", "claim_state", "exercises", "find", "neighbours"]
