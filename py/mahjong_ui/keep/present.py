"""What the kept match shows, in words (pure: a ``Translator`` in, strings out): each hand as
one line (who won, how, from whom, the value, the items or "counted at the table"), the
ranking at the end, the chart's labels. The view (``views/keep.py``) only places them."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mahjong_engine.game.ledger import Ledger

from ..charts import balance_chart, running_balances
from ..present.result import number, present_score
from .model import Match, uses_markers
from ..i18n import Translator
from ..names import item_name


@dataclass(frozen=True)
class HandLine:
    number: int
    banker: str                # "Ana banker, East round"
    what: str                  # "Carla won, self-drawn, 1 fan" / "Draw" / "False Mah-Jong by…"
    items: str                 # the items scored, or "counted at the table"; "" for a draw
    counted: bool


def hand_line(texts: Translator, match: Match, ledger: Ledger, index: int) -> HandLine:
    t, names = texts.domain("keep").t, match.players
    outcome = ledger.outcomes[index]
    record = match.hands[index]
    banker = t("hands.banker", player=names[outcome.banker],
               round=texts.t(f"wind.{outcome.round_wind}"))
    if outcome.false_win is not None:
        return HandLine(index + 1, banker, t("hands.false_win", player=names[outcome.false_win]),
                        "", False)
    if outcome.winner is None:
        return HandLine(index + 1, banker, t("hands.draw"), "", bool(outcome.counted))
    score = outcome.score or {}
    try:
        value = present_score(texts.domain(), score).total_text or number(score.get("total"))
    except (KeyError, TypeError, ValueError):   # a value the presenter does not know
        value = number(score.get("total"))
    how = str(record.get("win", "discard"))
    source = record.get("discarder")
    if how == "discard" and isinstance(source, int) and 0 <= source < 4:
        what = t("hands.won_from", player=names[outcome.winner], how=texts.t(f"win.{how}"),
                 source=names[source], value=value)
    else:
        what = t("hands.won_line", player=names[outcome.winner], how=texts.t(f"win.{how}"),
                 value=value)
    counted = outcome.winner in outcome.counted
    keys = [str(i.get("key")) for i in score.get("items") or []]
    if keys:
        items = t("hands.items", items=", ".join(item_name(texts, match.rules, k) for k in keys))
    else:
        items = t("hands.counted") if counted else ""
    if counted and keys:
        items = f"{items} · {t('hands.counted')}"
    return HandLine(index + 1, banker, what, items, counted)


def ranking(match: Match, ledger: Ledger) -> list[tuple[int, str, int]]:
    """(place, player, balance — or markers where the rule set counts them), best first;
    equal figures share a place."""
    figures = ledger.markers if uses_markers(match.rules) else ledger.balances
    order = sorted(range(4), key=lambda p: -figures[p])
    out: list[tuple[int, str, int]] = []
    for position, player in enumerate(order, 1):
        place = out[-1][0] if out and figures[order[position - 2]] == figures[player] else position
        out.append((place, match.players[player], figures[player]))
    return out


def chart(texts: Translator, match: Match, ledger: Ledger) -> str:
    """The running balances (markers in a Jai Alai) as an SVG chart, in the visitor's
    language."""
    key = "markers" if uses_markers(match.rules) else "payments"
    rows: list[Any] = [getattr(o, key) for o in ledger.outcomes]
    return balance_chart(match.players, running_balances(rows), texts.domain("keep").t("chart.title"),
                         texts.domain("keep").t("chart.hands"))


__all__ = ["HandLine", "chart", "hand_line", "ranking"]
