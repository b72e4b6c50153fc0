"""The score sheet at the end of a hand (pure Python, no ``js``): the winner's hand drawn
as the sets it was scored with, the grade or rule the total falls under, every item with
its amount and citation, the readings, the payments and the match scoreboard."""
from __future__ import annotations

from mahjong_engine.notation import parse_tiles

from .catalogue import Catalogues
from .layout import face_down, layout
from .parts import a, amount, player_name, seat_sentence, tile_html

# fields of the engine's ``details`` worded by the rule set's catalogue: Macau's grade
# (art. 5.º), the Filipino marker rule (the same keys the calculator shows)
DETAIL_PREFIXES = (("grade", "grade."), ("rule", "rule."))


def _notations(tiles) -> list[str]:
    if isinstance(tiles, str):
        return [t.notation for t in parse_tiles(tiles)]
    return [str(t) for t in tiles]


def covers_hand(arrangement: dict, size: int) -> bool:
    """Whether the groups hold the whole hand (a kong counting as three); the
    thirteen orphans are not grouped and are drawn as a row."""
    count = 0
    for group in arrangement.get("groups", []):
        n = len(_notations(group["tiles"]))
        count += 3 if n == 4 else n
    return count == size


def sets_html(cat: Catalogues, model: dict, r: dict) -> str:
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
            win_at = tiles.index(win_tile) if index == arrangement.get("win_index") and win_tile in tiles else -1
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


def uses_layout(model: dict, r: dict) -> bool:
    """Whether the sheet draws a set whose face-down layout is a reading."""
    for group in (r.get("arrangement") or {}).get("groups") or []:
        n = len(_notations(group["tiles"]))
        if group.get("concealed") and any(face_down(model["rules"], group["kind"], True, i, n, True)
                                          for i in range(n)):
            return True
    return False


def details_html(cat: Catalogues, r: dict) -> str:
    details = r.get("details") or {}
    out = []
    for field, prefix in DETAIL_PREFIXES:
        key = f"{prefix}{details.get(field)}"
        if field in details and cat.known(key):
            out.append(f'<p class="tbl-grade" data-testid="score-{field}" data-value="{a(details[field])}">'
                       f'{a(cat.t("table." + field, value=cat.t(key)))}</p>')
    return "".join(out)


def score_html(cat: Catalogues, model: dict) -> str:
    r = model["result"]
    total = amount(r["total"])
    out = [f'<section class="tbl-score" data-testid="score-sheet" data-total="{a(total)}" '
           f'aria-labelledby="tbl-score-title" tabindex="-1">',
           f'<h3 id="tbl-score-title">{a(cat.t("table.score_sheet"))}</h3>']
    readings = list(r["readings"])
    if r["draw"]:
        out.append(f'<p>{a(cat.t("table.draw"))}</p>')
    else:
        won = seat_sentence(cat, model, r["winner_player"], "table.winner", win=cat.t("win." + str(r["win"])))
        out.append(f'<p class="tbl-winner">{a(won)}</p>')
        if r["discarder"] is not None:
            discarder = model["seats"][r["discarder"]]["player"]
            out.append(f'<p>{a(seat_sentence(cat, model, discarder, "table.discarder"))}</p>')
        if r.get("arrangement") or r["winning_tiles"]:
            out.append(sets_html(cat, model, r))
            rule = layout(model["rules"])
            if uses_layout(model, r) and rule.reading:
                readings.append(rule.reading)
        out.append('<table class="tbl-items"><thead><tr>'
                   f'<th scope="col">{a(cat.t("table.item"))}</th><th scope="col">{a(cat.t("table.amount"))}</th>'
                   f'<th scope="col">{a(cat.t("table.citation"))}</th></tr></thead><tbody>')
        if not r["items"]:
            out.append(f'<tr><td colspan="3">{a(cat.t("table.no_items"))}</td></tr>')
        for item in r["items"]:
            name = cat.t("item." + item["key"])
            worded = cat.t("table.amount." + str(item.get("unit")), amount=amount(item["amount"]))
            out.append(f'<tr data-item="{a(item["key"])}"><td>{a(name)}</td>'
                       f'<td class="num">{a(worded)}</td>'
                       f'<td class="cite">{a(item.get("citation", ""))}</td></tr>')
        worded = cat.t("table.amount." + str(r["unit"]), amount=total) if r["unit"] else total
        out.append(f'</tbody><tfoot><tr><th scope="row">{a(cat.t("table.total"))}</th>'
                   f'<td class="num" data-testid="score-total">{a(worded)}</td><td></td></tr></tfoot></table>')
        out.append(details_html(cat, r))
        if r["liable"] is not None:
            out.append(f'<p>{a(seat_sentence(cat, model, r["liable"], "table.liable"))}</p>')
    out.append(_board_html(cat, model, r))
    if readings:
        out.append(f'<h4>{a(cat.t("table.readings"))}</h4><ul class="tbl-readings">')
        out.extend(f'<li data-reading="{a(key)}">{a(cat.t(key))}</li>' for key in readings)
        out.append('</ul>')
    if model["match"]["over"]:
        out.append(f'<p class="tbl-over">{a(cat.t("table.match_over"))}</p>')
        if model["match"]["champion"] is not None:
            out.append(f'<p>{a(seat_sentence(cat, model, model["match"]["champion"], "table.champion"))}</p>')
    out.append('</section>')
    return "".join(out)


def _board_html(cat: Catalogues, model: dict, r: dict) -> str:
    """This hand's payments (or markers) and the match totals."""
    markers = model["match"]["settlement"] == "markers"
    out = [f'<h4>{a(cat.t("table.scoreboard"))}</h4><table class="tbl-board-scores"><thead><tr>'
           f'<th scope="col">{a(cat.t("table.player"))}</th><th scope="col">{a(cat.t("table.this_hand"))}</th>'
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


__all__ = ["covers_hand", "score_html", "sets_html"]
