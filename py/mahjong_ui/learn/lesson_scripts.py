"""The guided lessons as data: for each rule set a stacked wall (the learner, East, gets
``hands[0]``; the live draws and the replacement tiles in order) and the steps, each with
its idea, its prompt key (``lessons`` catalogue), the learner's expected move and the
section of the document that says so (``cites``, by idea). ``lessons.Lesson`` plays them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mahjong_engine.notation import parse_tile

from .documents import CAYRO, FILIPINO, MACAU, SERRALHEIRO

LEARNER = 0
FINISH = "finish"


@dataclass(frozen=True)
class Step:
    """One stop of a lesson: the learner's move ``expect`` (action JSON without the seat,
    or ``{"type": "finish"}``), explained by ``prompt`` and, once done, by ``after``."""

    idea: str
    prompt: str
    expect: dict[str, str]
    after: str = "right.ok"
    readings: tuple[str, ...] = ()


@dataclass(frozen=True)
class LessonData:
    rules: str
    hands: tuple[str, ...]
    draws: str
    replacements: str
    cites: dict[str, str]          # idea -> section of the document
    steps: tuple[Step, ...]
    exchanges: bool = False

    @property
    def ideas(self) -> tuple[str, ...]:
        """The ideas in the order the lesson first meets them."""
        seen: list[str] = []
        for step in self.steps:
            if step.idea not in seen:
                seen.append(step.idea)
        return tuple(seen)


def _d(kind: str, tile: str | None = None, **extra: str) -> dict[str, str]:
    out = {"type": kind}
    if tile is not None:
        out["tile"] = tile
    out.update(extra)
    return out


DRAW = _d("draw")
WIN = _d("win")
FINISH_STEP = _d(FINISH)


LESSONS: dict[str, LessonData] = {}   # by rule set


def seat_action(kind: str, **extra: str) -> dict[str, Any]:
    """The learner's action JSON."""
    return {"type": kind, "seat": LEARNER, **extra}


def run_of(low: str) -> list[str]:
    """The three tiles of the run starting at ``low``."""
    first = parse_tile(low)
    return [type(first)(first + k).notation for k in range(3)]


LESSONS[MACAU] = LessonData(
    rules=MACAU,
    hands=("234m678s999p55z1s3z4p",),   # 136 tiles, no flowers: stack_wall deals the rest
    draws="5z1z2z4z9p6z6z1p4p",
    replacements="7z",
    cites={"discard": "art. 2.º; art. 8.º (1)", "claim": "art. 4.º (4)",
           "draw": "art. 4.º (3), (5); art. 9.º (7)", "kong": "art. 4.º (5)",
           "win": "art. 3.º", "score": "art. 5.º; art. 6.º"},
    steps=(
        Step("discard", "prompt.discard_first", _d("discard", "1s")),
        Step("claim", "prompt.claim_pung", _d("pung", "5z")),
        Step("discard", "prompt.discard_after_claim", _d("discard", "3z")),
        Step("draw", "prompt.draw", DRAW, after="right.drawn"),
        Step("kong", "prompt.kong_concealed", _d("kong", "9p", source="concealed"),
             after="right.replacement"),
        Step("discard", "prompt.discard_replacement", _d("discard", "7z")),
        Step("draw", "prompt.draw_again", DRAW, after="right.drawn"),
        Step("win", "prompt.win_self_drawn", WIN, after="right.won"),
        Step("score", "prompt.score", FINISH_STEP, after="right.finished"),
    ),
)

LESSONS[FILIPINO] = LessonData(
    rules=FILIPINO,
    hands=("123m456m55z777s234p8p1z9s", "999m888m777m11p345s66s",
           "555p666p777p123s88s33z", "456s99s11z22z44z11p77z6z"),
    draws="5z6z2z9p3z6p7s4z1s2s1f",
    replacements="7z8p",
    cites={"discard": "Regras / Rules: 6. Descartar / Discard; 3. Descartar / Discard",
           "claim": "Regras / Rules: 1. Decidir / Decide; Pong",
           "draw": "Regras / Rules: 2. Comprar / Draw",
           "kong": "Regras / Rules: Kong; Glossário / Glossary: Kang",
           "flowers": "Regras / Rules: 5. Substituir / Replace; Glossário / Glossary: Flowers",
           "win": "Uma mão vencedora / A winning hand; 2. Exclamar / Exclaim",
           "score": "Marcar a vitória / Mark the win; Glossário / Glossary: Bunot"},
    steps=(
        Step("discard", "prompt.discard_first", _d("discard", "1z")),
        Step("claim", "prompt.claim_pung", _d("pung", "5z")),
        Step("discard", "prompt.discard_after_claim", _d("discard", "9s")),
        Step("draw", "prompt.draw", DRAW, after="right.drawn"),
        Step("discard", "prompt.discard_drawn", _d("discard", "3z")),
        Step("kong", "prompt.kong_claim", _d("kong", "7s", source="discard"),
             after="right.replacement", readings=("game.reading.filipino_replacement",)),
        Step("discard", "prompt.discard_replacement", _d("discard", "7z")),
        Step("flowers", "prompt.draw_flower", DRAW, after="right.flower"),
        Step("win", "prompt.win_self_drawn", WIN, after="right.won",
             readings=("game.reading.flower_replacement_not_loose",)),
        Step("score", "prompt.score", FINISH_STEP, after="right.finished"),
    ),
)

LESSONS[SERRALHEIRO] = LessonData(
    rules=SERRALHEIRO,
    hands=("3m789p888s66z4p5s6p2s7m", "12m999m111s555z33z", "235p111z222z444z7z",
           "111p55p666s777s99s"),
    draws="6z7z3s1s8s4z2s5z1f",
    replacements="2z4p",
    exchanges=True,
    cites={"exchange": "§7", "discard": "§8 a", "claim": "§8 b, c", "draw": "§8 d, e",
           "kong": "§9 a", "flowers": "§6; §8 d", "win": "§8 g; §9 a", "score": "§10"},
    steps=(
        Step("exchange", "prompt.exchange_right", _d("exchange", tiles="6p5s"),
             after="right.exchanged", readings=("game.reading.exchanges_four",)),
        Step("exchange", "prompt.exchange_last", _d("exchange", tiles="7m2s"),
             after="right.exchanged"),
        Step("discard", "prompt.discard_first", _d("discard", "9m")),
        Step("claim", "prompt.claim_pung", _d("pung", "6z")),
        Step("discard", "prompt.discard_after_claim", _d("discard", "9m")),
        Step("draw", "prompt.draw", DRAW, after="right.drawn"),
        Step("kong", "prompt.kong_concealed", _d("kong", "8s", source="concealed"),
             after="right.replacement"),
        Step("discard", "prompt.discard_replacement", _d("discard", "2z")),
        Step("flowers", "prompt.draw_flower", DRAW, after="right.flower"),
        Step("win", "prompt.win_self_drawn", WIN, after="right.won",
             readings=("game.reading.flower_replacement_not_loose",)),
        Step("score", "prompt.score", FINISH_STEP, after="right.finished"),
    ),
)

LESSONS[CAYRO] = LessonData(
    rules=CAYRO,
    hands=("234m999m678s45p7z2z9p", "111m555m666m888m5p", "777m111s222p333s8p",
           "444s555s99s66p77p1z"),
    draws="3z6z3p1p2s4s9m5z2p1s1f",
    replacements="4z7z",
    cites={"discard": "Desarrollo del juego", "claim": "Desarrollo del juego",
           "draw": "Desarrollo del juego", "kong": "Desarrollo del juego",
           "flowers": "Desarrollo del juego", "win": "Desarrollo del juego; Objetivo",
           "score": "Puntuaciones"},
    steps=(
        Step("discard", "prompt.discard_first", _d("discard", "2z")),
        Step("claim", "prompt.claim_chow", _d("chow", "3p")),
        Step("discard", "prompt.discard_after_claim", _d("discard", "9p")),
        Step("draw", "prompt.draw", DRAW, after="right.drawn"),
        Step("kong", "prompt.kong_concealed", _d("kong", "9m", source="concealed"),
             after="right.replacement"),
        Step("discard", "prompt.discard_replacement", _d("discard", "4z")),
        Step("flowers", "prompt.draw_flower", DRAW, after="right.flower"),
        Step("win", "prompt.win_self_drawn", WIN, after="right.won",
             readings=("game.reading.flower_replacement_not_loose",)),
        Step("score", "prompt.score", FINISH_STEP, after="right.finished"),
    ),
)
