"""What the page shows of a rule set beyond its rules: the words it uses for the banker
and the winning call, how it lays a concealed kong, and which readings and blocks its
rules page and exercises add. Pure data (catalogue keys, never text), read by
``mahjong_ui``; a rule set declares it as ``RuleSet.presentation`` and a variant that
declares none inherits its parent's.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class KongLayout:
    """How a concealed kong (and a set "made on the rack") lies on the table.

    ``play_down``: positions (0-3) of a concealed kong's tiles face down while the hand is
    played; ``end_down``: those face down when the hand is laid open for scoring;
    ``pung_end_down``: the same for a concealed pung on the score sheet. ``reading`` is the
    catalogue key telling how the layout was read (None when the document says it in so
    many words); ``citation`` names the article."""
    play_down: tuple[int, ...] = (0, 3)
    end_down: tuple[int, ...] = (0, 3)
    pung_end_down: tuple[int, ...] = ()
    reading: str | None = "table.reading.kong_ends_down"
    citation: str = ""


@dataclass(frozen=True)
class Presentation:
    """Catalogue keys and page data of one rule set (``mahjong_ui`` reads them)."""
    banker_term: str = "term.banker"          # what the table calls the banker
    win_term: str = "action.win"              # the winning call's button and log label
    kong: KongLayout = KongLayout()
    wall_count_from: str = "right"            # end of the opened side the stacks are counted from
    # Browser languages (primary subtags, lower case) whose first-time visitors are offered
    # this rule set at the welcome; anyone else is offered the first registered one.
    visitor_languages: tuple[str, ...] = ()
    # Rules page (mahjong_ui.learn.model): readings added to a section, entry citations
    # listed again as special hands (by section prefix), the document's own names of tile
    # groups (catalogue keys of the rule set's domain) and extra settlement blocks.
    status_readings: tuple[str, ...] = ()
    tile_readings: tuple[str, ...] = ()
    turns_readings: tuple[str, ...] = ()
    settle_readings: tuple[str, ...] = ()
    special_sections: tuple[str, ...] = ()
    doc_terms: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    settlement_blocks: tuple[str, ...] = ()   # "limits", "markers", "grades", "liability"
    # Exercises (mahjong_ui.learn.exercises): the readings deciding which shapes win, and
    # the grades a score is answered in (empty: the total in the rule set's unit).
    shape_readings: tuple[str, ...] = ()
    score_grades: tuple[str, ...] = ()


__all__ = ["KongLayout", "Presentation"]
