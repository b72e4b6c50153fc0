"""The pure part of the learn views' state (no ``js``): what the learner answered and picked
in the exercises, the tiles chosen and the lesson reached in each rule set's lesson, the
glossary's search query, and the learn mode's route. Each view's binder owns one instance
(``views.learn``, ``views.learn_exercises``, ``views.learn_lesson``, ``views.learn_glossary``)
for the view's life, and the drawing reads it; nothing here touches a page."""
from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from .exercises import Feedback
from .glossary_search import Found

Key = tuple[str, str]          # (rules, exercise id)
L = TypeVar("L")


@dataclass
class Answered:
    """An answer given this visit, redrawn from its feedback in the language of the moment."""
    answer: str
    feedback: Feedback


@dataclass
class ExerciseAnswers:
    """The exercises' answers and the tiles picked for a waits answer not yet checked."""
    answers: dict[Key, Answered] = field(default_factory=dict)
    picked: dict[Key, list[str]] = field(default_factory=dict)

    def answer(self, rules: str, ex_id: str) -> Answered | None:
        return self.answers.get((rules, ex_id))

    def given(self, rules: str, ex_id: str) -> str | None:
        done = self.answer(rules, ex_id)
        return done.answer if done is not None else None

    def record(self, rules: str, ex_id: str, given: str, feedback: Feedback) -> bool:
        """Keep a checked answer; a refused one (``correct`` None) is not an answer: False."""
        if feedback.correct is None:
            return False
        self.answers[(rules, ex_id)] = Answered(given, feedback)
        return True

    def score(self, rules: str) -> tuple[int, int]:
        """(right, answered) this visit in ``rules``."""
        given = [v for (r, _), v in self.answers.items() if r == rules]
        return sum(1 for v in given if v.feedback.correct), len(given)

    def tiles(self, rules: str, ex_id: str) -> list[str]:
        """The tiles picked so far (the same list while the visit lasts)."""
        return self.picked.setdefault((rules, ex_id), [])

    def toggle(self, rules: str, ex_id: str, tile: str) -> bool:
        """Pick a tile, or put it back when picked: whether it is picked now."""
        picked = self.tiles(rules, ex_id)
        if tile in picked:
            picked.remove(tile)
            return False
        picked.append(tile)
        return True

    def clear(self, rules: str, ex_id: str) -> None:
        self.tiles(rules, ex_id).clear()


@dataclass
class LessonProgress(Generic[L]):
    """Each rule set's lesson where the learner left it, and the tiles chosen for the next
    action (one for a discard, two for an exchange)."""
    lessons: dict[str, L] = field(default_factory=dict)
    selected: list[str] = field(default_factory=list)

    def get(self, rules: str) -> L | None:
        return self.lessons.get(rules)

    def keep(self, rules: str, lesson: L) -> L:
        self.lessons[rules] = lesson
        return lesson

    def drop(self, rules: str) -> None:
        self.lessons.pop(rules, None)

    def unselect(self) -> None:
        self.selected = []

    def select(self, tile: str, limit: int) -> bool:
        """Choose ``tile``; over ``limit`` the earlier choice is let go first: whether it was."""
        dropped = len(self.selected) >= limit
        if dropped:
            self.selected.clear()
        self.selected.append(tile)
        return dropped


@dataclass
class GlossaryQuery:
    """The glossary's search as typed, kept across drawings (a language switch keeps it)."""
    query: str = ""

    def hides(self, target: str | None, term_ids: Container[str], found: Found) -> bool:
        """Whether a deep link's term or ``sec-<section>`` is hidden by the search."""
        if not target or not self.query:
            return False
        if target in term_ids and target not in found.ids:
            return True
        return target.startswith("sec-") and not found.by_section.get(target[4:])


@dataclass
class LearnRoute:
    """Learn mode's route and what was drawn for it: what the header's settings and the
    address changes are compared with."""
    route: tuple[str, str | None] | None = None
    shown: tuple[str, str] | None = None      # (page, lang) of the page drawn
    rules_seen: str | None = None             # the header's rule set last seen
    syncing: str | None = None                # a rule set whose settings change needs no redraw
    mode_seen: str | None = None              # the mode last seen in the settings
    address: str = ""                         # the address last read (a link not yet read differs)
    render_due: bool = False                  # a drawing is scheduled and not yet started

    def follow(self, page: str, rules: str | None) -> bool:
        """A page of another rule set than the header's: the header follows it, and the
        settings change that this makes needs no redraw. Whether it must follow."""
        if rules == page:
            return False
        self.rules_seen = page
        self.syncing = page
        return True

    def settings_changed(self, mode: str | None, rules: str | None, address: str,
                         rule_sets: tuple[str, ...]) -> tuple[bool, str | None]:
        """A settings change: (draw again?, the address to move to or None). The header's
        rule set chosen on a learn page moves the address; a link just followed (the mode
        switched to learn, or an address not read yet) is read whole instead."""
        was_learning = self.mode_seen == "learn"
        self.mode_seen = mode
        syncing, self.syncing = self.syncing, None
        if syncing == rules or mode != "learn":
            return False, None
        route = self.route
        read = was_learning and address == self.address
        move = None
        if read and route and route[0] not in ("glossary", "embed") and route[0] != rules \
                and rules in rule_sets and self.rules_seen not in (None, rules):
            move = f"#learn/{rules}"
        self.rules_seen = rules
        return True, move

    def claim_render(self) -> bool:
        """Ask for a drawing: True when none is scheduled yet (then one is)."""
        if self.render_due:
            return False
        self.render_due = True
        return True


__all__ = ["Answered", "ExerciseAnswers", "GlossaryQuery", "LearnRoute", "LessonProgress"]
