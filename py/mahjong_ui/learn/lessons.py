"""Guided lessons: a first hand per rule set on a stacked wall, stopping at each new idea
(draw, discard, claim, kong, flowers, exchange, win, score) and asking the learner to act.

The lessons are data (``LESSONS``): a stacked wall and an ordered list of steps, each with
its idea, its prompt key (``lessons`` catalogue), the section of the rule set's document
that says so, and the action the learner is asked for. ``Lesson`` plays one of them on the
engine: the learner is East (seat 0); the computer seats draw and throw the tile they drew,
pass every claim and hand over their lowest tiles in the exchanges, so the stacked wall
decides everything they do. No ``js`` here: the view (``views.learn_lesson``) only draws
``Lesson.model()``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypedDict

from mahjong_engine.errors import IllegalActionError
from mahjong_engine.game import (
    Chow,
    Discard,
    Draw,
    Exchange,
    Kong,
    KongSource,
    Pass,
    Phase,
    action_from_json,
    explain_illegal,
)
from mahjong_engine.game.scenario import stacked_state
from mahjong_engine.game.state import GameState
from mahjong_engine.notation import format_tiles, parse_tile, parse_tiles
from mahjong_engine.rules import Settlement
from mahjong_engine.scoring import Citation, Unit
from mahjong_engine.tiles import Tile

from .lesson_text import BUTTONS
from .lesson_scripts import FINISH, LEARNER, LESSONS, Step, run_of, seat_action

IDEAS = ("draw", "discard", "claim", "kong", "flowers", "exchange", "win", "score")


class PromptModel(TypedDict):
    key: str                        # of the ``lessons`` catalogue
    params: dict[str, Any]


class LessonModel(TypedDict):
    """What the lesson page draws (``Lesson.model``): plain data, tiles in notation."""
    rules: str
    step: int
    steps: int
    done: bool
    idea: str | None
    new_idea: bool
    prompt: PromptModel
    citation: dict[str, Any] | None
    readings: list[str]
    expect: dict[str, Any] | None
    phase: Phase
    hand: list[str]
    drawn: str | None
    melds: list[list[str]]          # by seat
    discards: list[list[str]]
    flowers: list[list[str]]
    hidden: list[int]               # concealed tiles a seat holds
    buttons: list[str]
    feedback: dict[str, Any] | None
    score: dict[str, Any] | None


@dataclass
class Feedback:
    """What the learner is told after a try: ``kind`` right|try|illegal|done; the text is
    ``key`` of catalogue ``domain`` with ``params``; ``citation`` where a rule says so."""

    kind: str
    key: str
    domain: str = "lessons"
    params: dict[str, Any] = field(default_factory=dict)
    citation: Citation | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "key": self.key, "domain": self.domain,
                "params": dict(self.params),
                "citation": self.citation.to_json() if self.citation else None}


NO_LESSON = "lesson.none"
"""The ``lessons`` catalogue key the view shows for a rule set without a lesson."""


def has_lesson(rules: str) -> bool:
    """Whether ``rules`` has a guided lesson (``LESSONS``). A rule set registered later
    has none until its data is written: a designed state (``NO_LESSON``), not an error."""
    return rules in LESSONS


# ------------------------------------------------------------------ the runner
class Lesson:
    """One rule set's lesson in play. ``index`` is the step the learner is at (0-based);
    ``done`` once the last step (the score sheet) is finished. A rule set without a
    lesson (``has_lesson``) is refused with ``IllegalActionError(NO_LESSON)``."""

    def __init__(self, rules: str) -> None:
        if not has_lesson(rules):
            raise IllegalActionError(NO_LESSON, rules=str(rules)[:40])
        self.data = LESSONS[rules]
        self.rules = rules
        self.restart()

    # -------------------------------------------------------------- position
    def restart(self) -> None:
        d = self.data
        self.state: GameState = stacked_state(d.rules, list(d.hands), draws=d.draws,
                                              replacements=d.replacements,
                                              exchanges=d.exchanges)
        self.index = 0
        self.done = False
        self.feedback: Feedback | None = None
        self._auto()

    @property
    def steps(self) -> int:
        return len(self.data.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.data.steps[self.index]

    def goto(self, index: int) -> None:
        """Replay the expected moves up to step ``index`` (0-based; ``steps`` is the end,
        after the score sheet). Out of range is clamped."""
        index = max(0, min(int(index), self.steps))
        self.restart()
        while self.index < index:
            feedback = self.try_action(self.expected())
            if feedback.kind not in ("right", "done"):  # the data is wrong: never expected
                raise IllegalActionError("lesson.broken", step=self.index)
        self.feedback = None

    # -------------------------------------------------------------- the step
    def expected(self) -> dict[str, Any] | None:
        """The move the step asks for, as action JSON (with the learner's seat)."""
        step = self.step
        if step is None:
            return None
        data: dict[str, Any] = dict(step.expect)
        if data["type"] != FINISH:
            data["seat"] = LEARNER
        return data

    def citation(self, step: Step | None = None) -> Citation | None:
        step = step or self.step
        if step is None:
            return None
        return Citation(self.rules, self.data.cites[step.idea])

    def prompt(self) -> tuple[str, dict[str, Any]]:
        step = self.step
        if step is None:
            return "prompt.complete", {}
        return step.prompt, self._params(step.expect)

    def _params(self, expect: dict[str, str]) -> dict[str, Any]:
        """Tiles as notation (the page names them), seats as ``seat.<n>`` keys."""
        state = self.state
        params: dict[str, Any] = {}
        if "tile" in expect:
            params["tile"] = expect["tile"]
        if "tiles" in expect:
            first, second = parse_tiles(expect["tiles"])
            params["tile"], params["tile2"] = first.notation, second.notation
        if state.last_discard is not None and state.phase == Phase.CLAIM:
            params["discarder"] = f"seat.{state.last_discard[0]}"
            params["discard"] = state.last_discard[1].notation
        if state.phase == Phase.TURN and state.current == LEARNER and state.last_drawn is not None:
            params["drawn"] = state.last_drawn.notation
        return params

    # -------------------------------------------------------------- trying
    def try_action(self, data: Any) -> Feedback:
        """Judge the learner's move: the expected one advances (and the computer seats
        play on to the next step); a legal other one gets a gentle "try ..."; an illegal
        one gets the engine's "why not" with its citation. Only the expected move changes
        anything."""
        self.feedback = self._judge(data)
        return self.feedback

    def _judge(self, data: Any) -> Feedback:
        step = self.step
        if step is None:
            return Feedback("done", "feedback.complete")
        kind = data.get("type") if isinstance(data, dict) else None
        if kind == FINISH:
            if step.expect["type"] == FINISH:
                self.done = True
                self.index += 1
                return Feedback("done", step.after)
            return self._try(step)
        if isinstance(data, dict) and "seat" not in data:
            data = dict(data, seat=LEARNER)
        try:
            action = action_from_json(data)
        except IllegalActionError as err:
            return Feedback("illegal", err.key, "game", dict(err.params))
        if self.state.ended:
            return Feedback("illegal", "action.hand_over", "game")
        why = explain_illegal(self.state, action)
        if why is not None:
            return Feedback("illegal", why.key, "game", dict(why.params), why.citation)
        if step.expect["type"] == FINISH or action != action_from_json(self.expected()):
            return self._try(step)
        before = list(self.state.hands[LEARNER])
        flowers_before = len(self.state.flowers[LEARNER])
        self.state.apply(action)
        params = self._after_params(action, before, flowers_before)
        self.index += 1
        self._auto()
        return Feedback("right", step.after, params=params, citation=self.citation(step))

    def _try(self, step: Step) -> Feedback:
        return Feedback("try", f"try.{step.expect['type']}", params=self._params(step.expect))

    def _after_params(self, action: Any, before: list[Tile], flowers_before: int) -> dict[str, Any]:
        """What the move brought: the tile drawn (or the replacement), a flower shown,
        the tiles received in an exchange."""
        state = self.state
        params: dict[str, Any] = {}
        if isinstance(action, (Draw, Kong)) and state.last_drawn is not None:
            params["drawn"] = state.last_drawn.notation
        new = state.flowers[LEARNER][flowers_before:]
        if new:
            params["flower"] = format_tiles(new)
        if isinstance(action, Exchange):
            hand = list(state.hands[LEARNER])
            for tile in before:
                if tile in hand:
                    hand.remove(tile)
            params["received"] = format_tiles(hand)
        return params

    # -------------------------------------------------------------- the computer seats
    def _auto(self, limit: int = 500) -> None:
        """Play the computer seats until the learner is asked or the hand is over."""
        state = self.state
        for _ in range(limit):
            if state.ended:
                return
            waiting = state.waiting_for()
            others = [s for s in waiting if s != LEARNER]
            if not others:
                return
            seat = others[0]
            if state.phase in (Phase.CLAIM, Phase.ROB):
                state.apply(Pass(seat))
            elif state.phase == Phase.DRAW:
                state.apply(Draw(seat))
            elif state.phase == Phase.TURN:
                tile = state.last_drawn
                if tile is None or tile not in state.hands[seat]:
                    tile = state.hands[seat][-1]
                state.apply(Discard(seat, tile))
            else:  # the exchanges: the lowest two tiles
                state.apply(state.legal_actions(seat)[0])
        raise IllegalActionError("lesson.broken", step=self.index)

    # -------------------------------------------------------------- buttons
    def action_for(self, button: str, selected: list[str] | None = None) -> dict[str, Any]:
        """The action JSON a button press means, with the tiles the learner selected."""
        state = self.state
        chosen = [parse_tile(t) for t in (selected or [])]
        last = state.last_discard[1] if state.last_discard else None
        pick = chosen[0] if chosen else None
        if button in (FINISH, "draw", "win", "pass"):
            return {"type": button} if button == FINISH else seat_action(button)
        if button == "discard":
            return seat_action("discard", tile=(pick or state.hands[LEARNER][-1]).notation)
        if button == "exchange":
            tiles = format_tiles(chosen) if len(chosen) == 2 else ""
            return seat_action("exchange", tiles=tiles)
        if button == "pung":
            return seat_action("pung", tile=(last or pick or state.hands[LEARNER][-1]).notation)
        if button == "kong":
            if state.phase == Phase.CLAIM and last is not None:
                return seat_action("kong", tile=last.notation, source=KongSource.DISCARD.value)
            kongs = [a for a in state.legal_actions(LEARNER) if isinstance(a, Kong)]
            fit = [a for a in kongs if pick is None or a.tile == pick]
            if fit:
                return fit[0].to_json()
            tile = pick or state.hands[LEARNER][-1]
            added = any(m.tile == tile and m.kind.value == "pung" for m in state.melds[LEARNER])
            source = KongSource.ADDED if added else KongSource.CONCEALED
            return seat_action("kong", tile=tile.notation, source=source.value)
        if button == "chow":
            chows = [a for a in state.legal_actions(LEARNER) if isinstance(a, Chow)]
            runs = [a for a in chows if pick is None or pick.notation in run_of(a.tile.notation)]
            if runs:
                return runs[0].to_json()
            return seat_action("chow", tile=(last or pick or state.hands[LEARNER][-1]).notation)
        raise IllegalActionError("action.malformed")

    # -------------------------------------------------------------- the page's model
    def model(self) -> LessonModel:
        """Everything the page draws, as JSON data (tiles in notation)."""
        state = self.state
        step = self.step
        seen = {s.idea for s in self.data.steps[:self.index]}
        hand = sorted(state.hands[LEARNER])
        drawn = None
        if (state.phase == Phase.TURN and state.current == LEARNER and state.got_by in
                ("draw", "replacement") and state.last_drawn in hand):
            drawn = state.last_drawn
            hand.remove(drawn)
        key, params = self.prompt()
        citation = self.citation()
        return {
            "rules": self.rules, "step": self.index, "steps": self.steps, "done": self.done,
            "idea": step.idea if step else None,
            "new_idea": step is not None and step.idea not in seen,
            "prompt": {"key": key, "params": params},
            "citation": citation.to_json() if citation else None,
            "readings": list(step.readings) if step else [],
            "expect": self.expected(),
            "phase": state.phase,
            "hand": [t.notation for t in hand],
            "drawn": drawn.notation if drawn is not None else None,
            "melds": [[m.notation for m in state.melds[s]] for s in range(4)],
            "discards": [[t.notation for t in state.discards[s]] for s in range(4)],
            "flowers": [[t.notation for t in state.flowers[s]] for s in range(4)],
            "hidden": [len(state.hands[s]) for s in range(4)],
            "buttons": self.buttons(),
            "feedback": self.feedback.to_json() if self.feedback else None,
            "score": self.score_sheet(),
        }

    def buttons(self) -> list[str]:
        """The moves this lesson involves, offered at every step (a wrong one is answered,
        not hidden); «finish» once the hand is over."""
        if self.state.ended:
            return [] if self.done else [FINISH]
        return [b for b in BUTTONS if b != "exchange" or self.data.exchanges]

    def score_sheet(self) -> dict[str, Any] | None:
        """The engine's score of the winning hand: items (key, amount, unit, citation),
        the total, the readings it relies on, and what each seat pays or gets."""
        result = self.state.result
        if result is None or result.score is None:
            return None
        score = result.score
        markers = self.state.rules.settlement is Settlement.MARKERS
        return {
            "unit": score.get("unit"),
            "items": [{"key": i["key"], "amount": i["amount"], "unit": i["unit"],
                       "source": i["source"], "citation": i["citation"], "tiles": i.get("tiles")}
                      for i in score.get("items", [])],
            "total": result.total,
            "readings": sorted(set(score.get("readings", [])) | set(result.readings)),
            "settlement": list(result.markers if markers else result.payments),
            "settlement_unit": Unit.MARKERS.value if markers else score.get("unit"),
        }

    # -------------------------------------------------------------- saving
    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules, "step": self.index, "done": self.done}

    @classmethod
    def from_json(cls, data: Any) -> Lesson:
        """A lesson back from ``to_json`` (replayed: the wall is stacked); bad data
        raises ``lesson.bad_save``."""
        try:
            if not has_lesson(data["rules"]):   # a save names only a lesson that exists
                raise KeyError(data["rules"])
            lesson = cls(data["rules"])
            step = int(data["step"])
            done = bool(data.get("done", False))
        except (KeyError, TypeError, ValueError):
            raise IllegalActionError("lesson.bad_save") from None
        lesson.goto(lesson.steps if done else step)
        return lesson
