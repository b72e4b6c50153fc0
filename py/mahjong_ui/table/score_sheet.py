"""The score sheet at the end of a hand (pure Python, no ``js``): the winner's hand drawn
as the sets it was scored with, the grade or rule the total falls under, every item with
its amount and citation, the readings, the payments and the match scoreboard."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any


from mahjong_engine import Settlement
from mahjong_engine.notation import parse_tiles

from mahjong_engine.rules import get_rule_set

from ..i18n import Translator
from .layout import face_down, layout
from ..present import HandView, present_hand
from .match_end import match_end_html
from .parts import a, amount, player_name, seat_of, seat_sentence, tile_html
from .view_model import ResultModel, TableModel
from .result_losers import losers_html

SEATS = ("E", "S", "W", "N")


def result_of(model: TableModel) -> ResultModel:
    """The hand's result: the sheet is drawn only for a hand that ended."""
    if model["result"] is None:
        raise ValueError("a score sheet for a hand without a result")
    return model["result"]


def entry_keys(rules: str) -> frozenset[str]:
    """The scoring entries the rules page lists (``entry-<key>`` rows)."""
    try:
        return frozenset(e.key for e in get_rule_set(rules).entries)
    except (KeyError, ValueError):
        return frozenset()

# fields of the engine's ``details`` worded by the rule set's catalogue: Macau's grade
# (art. 5.º), the Filipino marker rule (the same keys the calculator shows)
DETAIL_PREFIXES = (("grade", "grade."), ("rule", "rule."))


def _notations(tiles: str | Sequence[object]) -> list[str]:
    if isinstance(tiles, str):
        return [t.notation for t in parse_tiles(tiles)]
    return [str(t) for t in tiles]


def covers_hand(arrangement: Mapping[str, Any], size: int) -> bool:
    """Whether the groups hold the whole hand (a kong counting as three); the
    thirteen orphans are not grouped and are drawn as a row."""
    count = 0
    for group in arrangement.get("groups", []):
        n = len(_notations(group["tiles"]))
        count += 3 if n == 4 else n
    return count == size


def sets_html(cat: Translator, model: TableModel, r: ResultModel) -> str:
    """The winner's hand as the sets it was scored with: exposed and concealed sets told
    apart, the winning tile marked, concealed kongs laid as the rule set says."""
    arrangement = r.get("arrangement") or {}
    groups = arrangement.get("groups") or []
    win_tile = r.get("win_tile")
    label = cat.t("table.winning_hand")
    form = arrangement.get("form")
    if form and cat.known(f"form.{form}"):
        label = f'{label}: {cat.t(f"form.{form}")}'
    out = [f'<div class="tbl-sets" data-testid="winning-sets" data-form="{a(form or "")}" role="group" '
           f'aria-label="{a(label)}">']
    if groups and covers_hand(arrangement, r.get("hand_size", 14)):
        for index, group in enumerate(groups):
            tiles = _notations(group["tiles"])
            kind, concealed = group["kind"], bool(group.get("concealed"))
            state = cat.t("table.set_concealed" if concealed else "table.set_exposed")
            name = f'{cat.t("term." + kind)} · {state}'
            win_at = (tiles.index(win_tile)
                      if index == arrangement.get("win_index") and win_tile in tiles else -1)
            out.append(f'<span class="tbl-set {"is-concealed" if concealed else "is-exposed"}" role="group" '
                       f'data-kind="{a(kind)}" data-concealed="{"true" if concealed else "false"}" '
                       f'aria-label="{a(name)}"><span class="tbl-set-tiles">')
            for i, t in enumerate(tiles):
                turned = face_down(model["rules"], kind, concealed, i, len(tiles), ended=True)
                out.append(tile_html(cat, t, "xs", turned=turned, win=i == win_at))
            out.append(f'</span><span class="tbl-set-tag">{a(state)}</span></span>')
    else:
        tiles = list(r.get("winning_tiles") or [])
        marked = False
        for t in tiles:
            win = not marked and t == win_tile
            marked = marked or win
            out.append(tile_html(cat, t, "xs", win=win))
    flowers = r.get("flowers") or []
    if flowers:
        out.append(f'<span class="tbl-set is-flowers" role="group" aria-label="{a(cat.t("table.flowers"))}">'
                   f'<span class="tbl-set-tiles">' + "".join(tile_html(cat, t, "xs") for t in flowers)
                   + f'</span><span class="tbl-set-tag">{a(cat.t("table.flowers"))}</span></span>')
    out.append('</div>')
    return "".join(out)


def uses_layout(model: TableModel, r: ResultModel) -> bool:
    """Whether the sheet draws a set whose face-down layout is a reading."""
    for group in (r.get("arrangement") or {}).get("groups") or []:
        n = len(_notations(group["tiles"]))
        if group.get("concealed") and any(face_down(model["rules"], group["kind"], True, i, n, True)
                                          for i in range(n)):
            return True
    return False


def details_html(cat: Translator, r: ResultModel) -> str:
    details = r.get("details") or {}
    out = []
    for field, prefix in DETAIL_PREFIXES:
        key = f"{prefix}{details.get(field)}"
        if field in details and cat.known(key):
            out.append(f'<p class="tbl-grade" data-testid="score-{field}" data-value="{a(details[field])}">'
                       f'{a(cat.t("table." + field, value=cat.t(key)))}</p>')
    return "".join(out)


def _seat_name(cat: Translator, model: TableModel) -> Callable[[str], str]:
    players = {SEATS[s["seat"]]: s["player"] for s in model["seats"]}

    def name(wind: str) -> str:
        return player_name(cat, model, players[wind]) if wind in players else wind
    return name


def seat_to(cat: Translator, model: TableModel, form: str = "to") -> Callable[[str], str]:
    """A seat as the one paid ("pays you", «paga ao jogador à direita», «paga al
    jugador…»; ``form="of"``: the one paid for, «em vez do jogador…»): each language's
    own form of each seat (``player.<form>.<seat>``)."""
    players = {SEATS[s["seat"]]: s["player"] for s in model["seats"]}

    def to(wind: str) -> str:
        if wind not in players:
            return cat.t(f"result.{form}", name=wind)
        return cat.t(f"player.{form}.{seat_of(model, players[wind])}")
    return to


def _formula_html(cat: Translator, view: HandView, rules: str = "") -> str:
    lines = "".join(f'<li data-step="{a(f.key)}" data-value="{a(amount(f.value))}">{a(f.text)}'
                    + (" " + _cite_link(rules, None, f.citation) if f.citation else "")
                    + '</li>' for f in view.formula)
    return (f'<div class="res-formula"><h3 class="res-h">{a(cat.t("result.dialog.formula"))}</h3>'
            f'<ol data-testid="formula" class="res-steps">{lines}</ol></div>')


def _payments_html(cat: Translator, model: TableModel, view: HandView, markers: bool) -> str:
    name = _seat_name(cat, model)
    head = cat.t("result.dialog.markers" if markers else "result.dialog.payments")
    out = [f'<div class="res-pay"><h3 class="res-h">{a(head)}</h3>'
           f'<ul data-testid="payments" class="res-rows">']
    seen: set[str] = set()      # each citation once: the first payment that rests on it
    for row in view.payments:
        sign = "+" if row.amount > 0 else ""
        wind = cat.t("wind." + row.wind)
        out.append(f'<li class="res-row{" is-gain" if row.amount > 0 else ""}" data-seat="{row.seat}" '
                   f'data-wind="{a(row.wind)}" data-amount="{row.amount}">'
                   f'<span class="res-who">{a(name(row.wind))} '
                   f'<span class="res-wind">({a(wind)})</span></span>'
                   f'<span class="res-amt">{a(sign)}{row.amount}</span>')
        if row.lines:
            out.append('<ul class="res-why">')
            for text, cite in zip(row.lines, row.citations, strict=True):
                shown = cite and cite not in seen
                seen.add(cite)
                out.append(f'<li>{a(text)}' + (" " + _cite_link(model["rules"], None, cite) if shown else "")
                           + '</li>')
            out.append('</ul>')
        out.append('</li>')
    out.append('</ul>')
    if view.commission:
        out.append(f'<p class="res-note">{a(cat.t("table.commission", amount=view.commission))}</p>')
    out.append('</div>')
    return "".join(out)


def learn_href(rules: str, key: str | None = None) -> str:
    """The rules page's address for a scoring item: its entry where the rule set has one
    (``#learn/<rules>/scoring/<key>``), else the page's scoring section."""
    if key and key in entry_keys(rules):
        return f"#learn/{rules}/scoring/{key}"
    return f"#learn/{rules}/scoring"


def _cite_link(rules: str, key: str | None, citation: str) -> str:
    if not citation:
        return ""
    return (f'<a class="res-cite" href="{a(learn_href(rules, key))}" data-entry="{a(key or "")}">'
            f'{a(citation)}</a>')


def _hand_html(cat: Translator, model: TableModel, r: ResultModel) -> str:
    """The winning hand first: its sets (the winning tile marked in its set) and the
    winning tile apart."""
    out = [f'<section class="res-hand" data-testid="winning-hand" aria-labelledby="res-hand-h">'
           f'<h3 id="res-hand-h" class="res-h">{a(cat.t("table.winning_hand"))}</h3>',
           sets_html(cat, model, r)]
    if r.get("win_tile"):
        out.append(f'<p class="res-win-tile" data-testid="winning-tile" data-tile="{a(r["win_tile"])}">'
                   f'<span>{a(cat.t("result.dialog.winning_tile"))}</span> '
                   f'{tile_html(cat, r["win_tile"], "sm")}</p>')
    out.append('</section>')
    return "".join(out)


def _items_html(cat: Translator, model: TableModel, view: HandView, r: ResultModel) -> str:
    """Each scoring item beside its tiles, with its amount and its citation (a link to
    the item's entry on the rules page)."""
    rules = model["rules"]
    out = [f'<section class="res-items-box" data-testid="items" aria-labelledby="res-items-h">'
           f'<h3 id="res-items-h" class="res-h">{a(cat.t("result.dialog.items"))}</h3>'
           '<ul class="res-items" data-testid="score-items">']
    if not view.items:
        out.append(f'<li class="res-item">{a(cat.t("table.no_items"))}</li>')
    for item in view.items:
        tiles = "".join(tile_html(cat, t, "xs") for t in _notations(item.tiles)) if item.tiles else ""
        out.append(f'<li class="res-item" data-item="{a(item.key)}">'
                   f'<span class="res-item-name">{a(item.name)}</span>'
                   + (f'<span class="res-item-tiles">{tiles}</span>' if tiles else "")
                   + f'<span class="res-item-amt">{a(item.amount_text)}</span>'
                   f'{_cite_link(rules, item.key, item.citation)}</li>')
    out.append(f'</ul><p class="res-item-total"><span>{a(cat.t("table.total"))}</span> '
               f'<strong data-testid="score-total">{a(view.total_text or amount(r["total"]))}</strong></p>')
    out.append(details_html(cat, r))
    if r["liable"] is not None:
        out.append(f'<p>{a(seat_sentence(cat, model, r["liable"], "table.liable"))}</p>')
    out.append('</section>')
    return "".join(out)


def _rest_html(cat: Translator, model: TableModel, view: HandView, readings: list[str]) -> str:
    """After the payments: the losers' hands, the readings (folded), the scoreboard."""
    r = result_of(model)
    out = []
    if not r["draw"]:
        out.append(losers_html(cat, model, view, _seat_name(cat, model)))
    if readings:
        out.append(f'<details class="res-readings" data-testid="readings">'
                   f'<summary>{a(cat.t("result.dialog.readings"))}</summary>'
                   '<ul class="tbl-readings">')
        out.extend(f'<li data-reading="{a(key)}">{a(cat.t(key))}</li>' for key in readings)
        out.append('</ul></details>')
    out.append(f'<div id="res-board" class="res-board" data-testid="scoreboard">'
               f'{_board_html(cat, model, r)}</div>')
    return "".join(out)


def _over_html(cat: Translator, model: TableModel) -> str:
    """The match is over: said first, with the ranking and the chart (``match_end``)."""
    out = [f'<p class="tbl-over">{a(cat.t("table.match_over"))}</p>']
    if model["match"]["champion"] is not None:
        out.append(f'<p>{a(seat_sentence(cat, model, model["match"]["champion"], "table.champion"))}</p>')
    out.append(match_end_html(cat, model, model["match"].get("ledger") or []))
    return "".join(out)


def _body_html(cat: Translator, model: TableModel, view: HandView, readings: list[str],
               markers: bool) -> str:
    """The dialog's one scroll region, in the order players read a result: the winning
    hand, the items, the arithmetic, the payments, then the rest."""
    r = result_of(model)
    out = [f'<div class="res-body tbl-score" data-testid="score-sheet" data-total="{a(amount(r["total"]))}" '
           f'tabindex="0" role="region" aria-labelledby="res-title">']
    if model["match"]["over"]:
        out.append(_over_html(cat, model))
    if not r["draw"]:
        if r.get("arrangement") or r["winning_tiles"]:
            out.append(_hand_html(cat, model, r))
        out.append(_items_html(cat, model, view, r))
        out.append(_formula_html(cat, view, model["rules"]))
    out.append(_payments_html(cat, model, view, markers))
    out.append(_rest_html(cat, model, view, readings))
    out.append('</div>')
    return "".join(out)


def present(cat: Translator, model: TableModel) -> HandView:
    """The presenter's view of the hand that ended (``HandView``)."""
    r = result_of(model)
    record = r.get("record") or {}
    return present_hand(cat, record, _seat_name(cat, model), seat_to(cat, model),
                        seat_to(cat, model, "of"))


def score_html(cat: Translator, model: TableModel, folded: bool = False) -> str:
    """The result of the hand as a dialog over the table: its head (the winner line) and
    its actions (Next…) fixed, one scroll region between them (``_body_html``).
    ``folded``: only a bar, so the table can be seen."""
    r = result_of(model)
    view = present(cat, model)
    readings = list(r["readings"])
    if not r["draw"] and (r.get("arrangement") or r["winning_tiles"]):
        rule = layout(model["rules"])
        if uses_layout(model, r) and rule.reading:
            readings.append(rule.reading)
    if r["draw"] or r["winner_player"] is None:
        winner = cat.t("result.dialog.draw")
    else:
        winner = seat_sentence(cat, model, r["winner_player"], "table.winner",
                               win=cat.t("win." + str(r["win"])))
        if r["discarder"] is not None:
            discarder = model["seats"][r["discarder"]]["player"]
            winner += " " + seat_sentence(cat, model, discarder, "table.discarder")
        if view.total_text:
            winner += " " + cat.t("result.dialog.total", total=view.total_text)
    markers = model["match"]["settlement"] is Settlement.MARKERS
    over = model["match"]["over"]
    next_button = (f'<button type="button" class="btn primary" data-action="new-game-confirm" '
                   f'data-testid="match-new">{a(cat.t("table.new_game"))}</button>'
                   f'<button type="button" class="btn" data-action="match-watch" data-testid="match-watch">'
                   f'{a(cat.t("match_end.keep_watching"))}</button>'
                   f'<button type="button" class="btn" data-action="history" data-testid="match-hands">'
                   f'{a(cat.t("history.open"))}</button>'
                   if over else
                   f'<button type="button" class="btn primary" data-action="next">'
                   f'{a(cat.t("result.dialog.next"))}</button>')
    state = "true" if folded else "false"
    out = [f'<div class="res-layer" data-folded="{state}">'
           f'<section class="res" role="dialog" aria-modal="false" aria-labelledby="res-title" '
           f'data-testid="result" data-folded="{state}" data-total="{a(amount(r["total"]))}" tabindex="-1">',
           '<header class="res-head">'
           f'<h2 id="res-title" class="res-title">'
           f'{a(cat.t("match_end.title" if over else "result.dialog.title"))}</h2>'
           f'<p class="tbl-winner res-winner" data-testid="result-winner">{a(winner)}</p></header>']
    if not folded:
        out.append(_body_html(cat, model, view, readings, markers))
    out.append('<footer class="res-foot">' + next_button)
    learning = model.get("learning")
    if learning is not None and learning.get("can_undo"):
        out.append(f'<button type="button" class="btn" data-action="undo">{a(cat.t("table.undo"))}</button>')
    if not folded and not over:
        out.append(f'<button type="button" class="btn" data-action="result-board">'
                   f'{a(cat.t("result.dialog.scoreboard"))}</button>')
    out.append(f'<button type="button" class="btn" data-action="result-fold" aria-pressed="{state}">'
               f'{a(cat.t("result.dialog.back" if folded else "result.dialog.look"))}</button></footer>')
    out.append('</section></div>')
    return "".join(out)


def _board_html(cat: Translator, model: TableModel, r: ResultModel) -> str:
    """This hand's payments (or markers) and the match totals."""
    markers = model["match"]["settlement"] is Settlement.MARKERS
    out = [f'<h4>{a(cat.t("table.scoreboard"))}</h4><table class="tbl-board-scores"><thead><tr>'
           f'<th scope="col">{a(cat.t("table.player"))}</th>'
           f'<th scope="col">{a(cat.t("table.this_hand"))}</th>'
           f'<th scope="col">{a(cat.t("table.match_total"))}</th></tr></thead><tbody>']
    for seat in sorted(model["seats"], key=lambda s: s["player"]):
        p = seat["player"]
        now = r["markers"][p] if markers else r["payments"][p]
        whole = seat["markers"] if markers else seat["balance"]
        out.append(f'<tr><th scope="row">{a(player_name(cat, model, p))} '
                   f'({a(cat.t("wind." + seat["wind"]))})</th><td class="num">{a(amount(now))}</td>'
                   f'<td class="num">{a(amount(whole))}</td></tr>')
    out.append('</tbody></table>')
    if r["commission"]:
        out.append(f'<p>{a(cat.t("table.commission", amount=r["commission"]))}</p>')
    return "".join(out)


__all__ = ["covers_hand", "present", "score_html", "sets_html"]
