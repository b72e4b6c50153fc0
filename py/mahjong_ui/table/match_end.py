"""The end of a match (issue 26), pure Python: the match's ledger hand by hand (replayed
from the saved match, so a reloaded match ends the same), the ranking, each player's
hands won and biggest hand, and the screen that says it, with a chart of the running
balances (``charts.line_chart``) labelled in the visitor's language."""
from __future__ import annotations

from typing import Any

from mahjong_engine import Settlement
from mahjong_engine.game import Match, action_from_json

from ..charts import Series, line_chart
from ..i18n import Translator
from .parts import a, amount, player_name
from .view_model import TableModel


def ledger(match_json: dict[str, Any]) -> list[dict[str, Any]]:
    """Each booked hand as the players saw it: what each player (0-3) gained or paid,
    his markers, and the winning player (None for a draw)."""
    match = Match(match_json["rules"], match_json.get("seed", 0), match_json.get("stake"),
                  match_json.get("exchanges"), match_json.get("capital"))
    out = []
    for saved in match_json.get("hands", []):
        players = [match.player_at(seat) for seat in range(4)]
        state = match.new_hand(saved["config"].get("stacked"))
        for item in saved.get("actions", []):
            state.apply(action_from_json(item))
        result = match.finish_hand(state)
        payments, markers = [0] * 4, [0] * 4
        for seat, player in enumerate(players):
            payments[player] = result.payments[seat]
            markers[player] = result.markers[seat]
        winner = None if result.winner is None else players[result.winner]
        out.append({"payments": payments, "markers": markers, "winner": winner})
    return out


def standings(hands: list[dict[str, Any]], markers: bool) -> list[dict[str, Any]]:
    """The four players ranked (balance or markers, then hands won): each with his
    total, hands won, biggest hand (the most he gained in one hand, and which) and his
    running totals hand by hand."""
    field = "markers" if markers else "payments"
    rows: list[dict[str, Any]] = []
    for player in range(4):
        running: list[int] = []
        total = 0
        best, best_hand = 0, None
        for number, hand in enumerate(hands, start=1):
            gain = hand[field][player]
            total += gain
            running.append(total)
            if hand["winner"] == player and gain > best:
                best, best_hand = gain, number
        rows.append({"player": player, "total": total, "running": running,
                     "won": sum(1 for h in hands if h["winner"] == player),
                     "biggest": best, "biggest_hand": best_hand})
    rows.sort(key=lambda r: (-int(r["total"]), -int(r["won"]), int(r["player"])))
    for rank, row in enumerate(rows, start=1):
        row["rank"] = rank
    return rows


def match_end_html(cat: Translator, model: TableModel, hands: list[dict[str, Any]]) -> str:
    """The match's last screen: the ranking with each player's balance (or markers),
    hands won and biggest hand, and the chart of the running balances."""
    markers = model["match"]["settlement"] is Settlement.MARKERS
    rows = standings(hands, markers)
    out = [f'<section class="res-end" data-testid="match-end" aria-labelledby="res-end-h">'
           f'<h3 id="res-end-h" class="res-h">{a(cat.t("match_end.title"))}</h3>'
           f'<ol class="res-rank" data-testid="ranking">']
    for row in rows:
        name = player_name(cat, model, row["player"])
        total = (cat.t("table.markers_count", count=row["total"]) if markers
                 else cat.t("table.balance", amount=amount(row["total"])))
        biggest = (cat.t("match_end.biggest", amount=amount(row["biggest"]), hand=row["biggest_hand"])
                   if row["biggest_hand"] else cat.t("match_end.biggest_none"))
        out.append(f'<li class="res-rank-row" data-player="{row["player"]}" data-rank="{row["rank"]}" '
                   f'data-total="{a(amount(row["total"]))}" data-won="{row["won"]}">'
                   f'<span class="res-rank-n" aria-hidden="true">{row["rank"]}.</span>'
                   f'<span class="res-rank-name">{a(name)}</span>'
                   f'<span class="res-rank-total">{a(total)}</span>'
                   f'<span class="res-rank-won">{a(cat.t("match_end.won", count=row["won"]))}</span>'
                   f'<span class="res-rank-big">{a(biggest)}</span></li>')
    out.append('</ol>')
    if hands:
        series = [Series(player_name(cat, model, p), next(r["running"] for r in rows if r["player"] == p))
                  for p in range(4)]
        title = cat.t("match_end.chart_markers" if markers else "match_end.chart")
        out.append('<figure class="res-chart" data-testid="match-chart">'
                   + line_chart(series, title, cat.t("match_end.axis_hand"),
                                cat.t("match_end.axis_markers" if markers else "match_end.axis_balance"))
                   + f'<figcaption>{a(title)}</figcaption></figure>')
    out.append('</section>')
    return "".join(out)


__all__ = ["ledger", "match_end_html", "standings"]
