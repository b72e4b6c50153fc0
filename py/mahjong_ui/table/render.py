"""The table as HTML, from the controller's render model (pure Python, no ``js``).

Every text comes from the catalogues (``Catalogues.t``) and is escaped; tiles are our SVG
sprite (``static/tiles/tiles.svg``) with an aria label naming the tile.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from .catalogue import Catalogues

SPEEDS = {"slow": 1.2, "normal": 0.6, "fast": 0.2, "instant": 0.0}
BANKER_TERM = {"macau_1988": "term.banker", "filipino": "term.mano",
               "serralheiro_2003": "term.banker", "cayro": "term.east"}
PLAYER_KEYS = ("player.you", "player.right", "player.top", "player.left")
POSITIONS = ("bottom", "right", "top", "left")


@dataclass
class ViewState:
    """What the view remembers between renders (not game state)."""

    selected: int | None = None
    exchange: list[int] = field(default_factory=list)
    message: str | None = None          # a message key
    message_params: dict = field(default_factory=dict)
    hint: list[tuple[str, dict]] = field(default_factory=list)
    speed: str = "normal"
    watch: bool = False
    level: str = "normal"


def a(text) -> str:
    return escape(str(text), quote=True)


def tile_html(cat: Catalogues, notation: str | None, size: str = "sm", down: bool = False) -> str:
    if down or notation is None:
        label = cat.t("table.face_down")
        symbol = "t-back"
    else:
        label = cat.t(f"tile.{notation}")
        symbol = f"t-{notation}"
    return (f'<span class="tile {size}" role="img" aria-label="{a(label)}"'
            f'{"" if notation is None or down else f" data-tile={chr(34)}{a(notation)}{chr(34)}"}>'
            f'<svg viewBox="0 0 60 80" aria-hidden="true" focusable="false">'
            f'<use href="static/tiles/tiles.svg#{a(symbol)}"></use></svg></span>')


def player_name(cat: Catalogues, model: dict, player: int) -> str:
    seat = next(s for s in model["seats"] if s["player"] == player)
    if model["watch"] and seat["position"] == "bottom":
        return cat.t("player.bottom")
    return cat.t(PLAYER_KEYS[POSITIONS.index(seat["position"])])


def amount(value) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def _seat_html(cat: Catalogues, model: dict, seat: dict) -> str:
    name = player_name(cat, model, seat["player"])
    wind = cat.t(f"wind.{seat['wind']}")
    classes = ["tbl-seat", f"pos-{seat['position']}"]
    if seat["current"] and model["awaiting"] != "ended":
        classes.append("is-current")
    parts = [f'<div class="{" ".join(classes)}" data-testid="seat-{seat["position"]}" '
             f'data-wind="{seat["wind"]}" data-seat="{seat["seat"]}">']
    parts.append('<div class="tbl-seat-head">')
    parts.append(f'<span class="tbl-name">{a(name)}</span>')
    parts.append(f'<span class="tbl-wind" title="{a(cat.t("table.seat_wind", wind=wind))}">{a(wind)}</span>')
    if seat["banker"]:
        term = cat.t(BANKER_TERM.get(model["rules"], "table.banker"))
        parts.append(f'<span class="tbl-banker" data-testid="banker">{a(term)}</span>')
    if model["match"]["settlement"] == "markers":
        score = cat.t("table.markers_count", count=seat["markers"])
    else:
        score = cat.t("table.balance", amount=amount(seat["balance"]))
    parts.append(f'<span class="tbl-balance">{a(score)}</span>')
    if seat["position"] != "bottom" or model["watch"]:
        parts.append(f'<span class="tbl-hidden">{a(cat.t("table.hidden", count=seat["hidden"]))}</span>')
    parts.append('</div>')
    if seat.get("tiles"):
        parts.append('<div class="tbl-open-hand">' +
                     "".join(tile_html(cat, t, "xs") for t in seat["tiles"]) + '</div>')
    if seat["melds"] or seat["flowers"]:
        parts.append(f'<div class="tbl-melds" aria-label="{a(cat.t("table.melds"))}" role="group">')
        for meld in seat["melds"]:
            tiles = meld["tiles"]
            concealed_kong = meld["concealed"] and meld["kind"] == "kong"
            parts.append('<span class="tbl-meld">')
            for i, t in enumerate(tiles):
                # a concealed kong lies with its two end tiles face down
                down = concealed_kong and (i in (0, len(tiles) - 1) or not seat["human"])
                parts.append(tile_html(cat, t, "xs", down=down))
            parts.append('</span>')
        if seat["flowers"]:
            parts.append(f'<span class="tbl-flowers" role="group" aria-label="{a(cat.t("table.flowers"))}">')
            parts.append("".join(tile_html(cat, t, "xs") for t in seat["flowers"]))
            parts.append('</span>')
        parts.append('</div>')
    parts.append(f'<div class="tbl-discards" role="group" aria-label="{a(cat.t("table.discards"))}">')
    last = model["last_discard"]
    for i, t in enumerate(seat["discards"]):
        html = tile_html(cat, t, "xs")
        if last and last["seat"] == seat["seat"] and i == len(seat["discards"]) - 1 and model["phase"] in ("claim",):
            html = html.replace('class="tile xs"', 'class="tile xs is-last"', 1)
        parts.append(html)
    parts.append('</div></div>')
    return "".join(parts)


def _centre_html(cat: Catalogues, model: dict) -> str:
    wind = cat.t(f"wind.{model['round_wind']}")
    lines = [cat.t("table.hand_number", number=model["hand_number"]),
             cat.t("table.round_wind", wind=wind)]
    if model["dice"]:
        lines.append(cat.t("table.dice", dice=" + ".join(str(d) for d in model["dice"])))
    lines.append(cat.t("table.wall", count=model["wall_left"]))
    if model["dead_wall"]:
        lines.append(cat.t("table.dead_wall", count=model["dead_wall"]))
    body = "".join(f"<li>{a(x)}</li>" for x in lines)
    return (f'<div class="tbl-centre" data-testid="centre" data-wall="{model["wall_left"]}">'
            f'<ul>{body}</ul></div>')


def status_line(cat: Catalogues, model: dict, vs: ViewState) -> str:
    if model["awaiting"] == "ended":
        return cat.t("table.hand_over")
    if model["watch"]:
        return cat.t("table.watching")
    if model["awaiting"] != "human":
        return cat.t("table.waiting")
    if model["phase"] == "exchange":
        return cat.t("table.exchange_prompt")
    if model["phase"] == "claim" and model["last_discard"]:
        last = model["last_discard"]
        seat = model["seats"][last["seat"]]
        return cat.t("table.claim", player=player_name(cat, model, seat["player"]),
                     tile=cat.t(f"tile.{last['tile']}"))
    if model["phase"] == "rob":
        return cat.t("table.rob", tile="")
    return cat.t("table.your_turn")


def _hand_html(cat: Catalogues, model: dict, vs: ViewState) -> str:
    tiles = list(model["hand"])
    drawn = model["drawn"]
    exchange = model["phase"] == "exchange" and model["awaiting"] == "human"
    can = bool(model["discardable"]) or exchange
    selected = vs.selected
    focus_index = selected if selected is not None else (len(tiles) if drawn else 0)
    out = [f'<div class="tbl-hand" data-testid="hand" role="group" aria-label="{a(cat.t("table.hand"))}" '
           f'data-can-discard="{"true" if model["discardable"] else "false"}">']

    def button(index: int, t: str, extra: str = "") -> str:
        chosen = index == selected or index in vs.exchange
        return (f'<button type="button" class="tile md hand-tile{extra}{" is-selected" if chosen else ""}" '
                f'data-tile="{a(t)}" data-index="{index}" aria-pressed="{"true" if chosen else "false"}" '
                f'aria-label="{a(cat.t("tile." + t))}" tabindex="{0 if index == focus_index else -1}"'
                f'{"" if can else " aria-disabled=" + chr(34) + "true" + chr(34)}>'
                f'<svg viewBox="0 0 60 80" aria-hidden="true" focusable="false">'
                f'<use href="static/tiles/tiles.svg#t-{a(t)}"></use></svg></button>')

    for i, t in enumerate(tiles):
        out.append(button(i, t))
    if drawn:
        out.append(f'<span class="tbl-drawn" title="{a(cat.t("table.drawn"))}">'
                   + button(len(tiles), drawn, " is-drawn") + '</span>')
    out.append('</div>')
    return "".join(out)


def _actions_html(cat: Catalogues, model: dict, vs: ViewState) -> str:
    out = [f'<div class="tbl-actions" role="group" aria-label="{a(cat.t("table.actions"))}">']
    if model["discardable"]:
        out.append(f'<button type="button" class="btn primary" data-action="discard">{a(cat.t("table.discard"))}</button>')
    exchange_done = False
    for index, action in enumerate(model["actions"]):
        kind = action["kind"]
        if kind == "exchange":
            if not exchange_done:
                exchange_done = True
                out.append(f'<button type="button" class="btn primary" data-action="exchange">'
                           f'{a(cat.t("action.exchange"))}</button>')
            continue
        label = " · ".join(cat.t(k) for k in action["label"])
        tiles = "".join(tile_html(cat, t, "xs") for t in action["tiles"]) if kind in ("chow",) else ""
        attrs = f' data-tile="{a(action["json"]["tile"])}"' if "tile" in action["json"] else ""
        if "source" in action["json"]:
            attrs += f' data-source="{a(action["json"]["source"])}"'
        cls = "btn primary" if kind == "win" else "btn"
        out.append(f'<button type="button" class="{cls}" data-action="{a(kind)}" data-index="{index}"{attrs}>'
                   f'<span>{a(label)}</span>{tiles}</button>')
    if model["awaiting"] == "human":
        out.append(f'<button type="button" class="btn" data-action="hint">{a(cat.t("table.hint"))}</button>')
    if model["awaiting"] == "ended" and not model["match"]["over"]:
        out.append(f'<button type="button" class="btn primary" data-action="next">{a(cat.t("table.next"))}</button>')
    out.append('</div>')
    return "".join(out)


def _score_html(cat: Catalogues, model: dict) -> str:
    r = model["result"]
    total = amount(r["total"])
    out = [f'<section class="tbl-score" data-testid="score-sheet" data-total="{a(total)}" '
           f'aria-labelledby="tbl-score-title" tabindex="-1">',
           f'<h3 id="tbl-score-title">{a(cat.t("table.score_sheet"))}</h3>']
    if r["draw"]:
        out.append(f'<p>{a(cat.t("table.draw"))}</p>')
    else:
        out.append(f'<p class="tbl-winner">{a(cat.t("table.winner", player=player_name(cat, model, r["winner_player"]), win=cat.t("win." + str(r["win"]))))}</p>')
        if r["discarder"] is not None:
            discarder = model["seats"][r["discarder"]]["player"]
            out.append(f'<p>{a(cat.t("table.discarder", player=player_name(cat, model, discarder)))}</p>')
        if r["winning_tiles"]:
            out.append(f'<div class="tbl-winning" role="group" aria-label="{a(cat.t("table.winning_hand"))}">'
                       + "".join(tile_html(cat, t, "xs") for t in r["winning_tiles"]) + '</div>')
        out.append('<table class="tbl-items"><thead><tr>'
                   f'<th scope="col">{a(cat.t("table.item"))}</th><th scope="col">{a(cat.t("table.amount"))}</th>'
                   f'<th scope="col">{a(cat.t("table.citation"))}</th></tr></thead><tbody>')
        if not r["items"]:
            out.append(f'<tr><td colspan="3">{a(cat.t("table.no_items"))}</td></tr>')
        for item in r["items"]:
            name = cat.t("item." + item["key"])
            unit = cat.t("unit." + str(item.get("unit")))
            out.append(f'<tr data-item="{a(item["key"])}"><td>{a(name)}</td>'
                       f'<td class="num">{a(amount(item["amount"]))} {a(unit)}</td>'
                       f'<td class="cite">{a(item.get("citation", ""))}</td></tr>')
        unit = cat.t("unit." + str(r["unit"])) if r["unit"] else ""
        out.append(f'</tbody><tfoot><tr><th scope="row">{a(cat.t("table.total"))}</th>'
                   f'<td class="num" data-testid="score-total">{a(total)} {a(unit)}</td><td></td></tr></tfoot></table>')
        if r["liable"] is not None:
            out.append(f'<p>{a(cat.t("table.liable", player=player_name(cat, model, r["liable"])))}</p>')
    # payments and the match scoreboard
    markers = model["match"]["settlement"] == "markers"
    out.append(f'<h4>{a(cat.t("table.scoreboard"))}</h4><table class="tbl-board-scores"><thead><tr>'
               f'<th scope="col">{a(cat.t("table.player"))}</th><th scope="col">{a(cat.t("table.this_hand"))}</th>'
               f'<th scope="col">{a(cat.t("table.match_total"))}</th></tr></thead><tbody>')
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
    if r["readings"]:
        out.append(f'<h4>{a(cat.t("table.readings"))}</h4><ul class="tbl-readings">')
        out.extend(f'<li>{a(cat.t(key))}</li>' for key in r["readings"])
        out.append('</ul>')
    if model["match"]["over"]:
        out.append(f'<p class="tbl-over">{a(cat.t("table.match_over"))}</p>')
        if model["match"]["champion"] is not None:
            out.append(f'<p>{a(cat.t("table.champion", player=player_name(cat, model, model["match"]["champion"])))}</p>')
    out.append('</section>')
    return "".join(out)


def toolbar_html(cat: Catalogues, vs: ViewState) -> str:
    speeds = "".join(f'<option value="{k}"{" selected" if k == vs.speed else ""}>{a(cat.t("speed." + k))}</option>'
                     for k in SPEEDS)
    levels = "".join(f'<option value="{k}"{" selected" if k == vs.level else ""}>{a(cat.t("level." + k))}</option>'
                     for k in ("easy", "normal", "strong"))
    return ('<div class="tbl-bar">'
            f'<button type="button" class="btn" data-action="new-game">{a(cat.t("table.new_game"))}</button>'
            f'<label class="tbl-control"><span>{a(cat.t("table.speed"))}</span>'
            f'<select data-testid="speed" data-control="speed">{speeds}</select></label>'
            f'<label class="tbl-control"><span>{a(cat.t("table.level"))}</span>'
            f'<select data-testid="level" data-control="level">{levels}</select></label>'
            f'<label class="tbl-control tbl-check"><input type="checkbox" data-testid="watch" data-control="watch"'
            f'{" checked" if vs.watch else ""}><span>{a(cat.t("table.watch"))}</span></label>'
            '</div>')


def render(cat: Catalogues, model: dict, vs: ViewState) -> str:
    seats = {s["position"]: s for s in model["seats"]}
    message = ""
    if vs.message:
        message = cat.t(vs.message, **{k: (cat.t(v) if k == "reason" else v) for k, v in vs.message_params.items()})
    hint = " ".join(cat.t(k, **p) for k, p in vs.hint)
    out = [toolbar_html(cat, vs),
           f'<p class="tbl-status" data-testid="table-status" role="status">{a(status_line(cat, model, vs))}</p>',
           f'<p class="tbl-message" data-testid="table-message" role="alert"{"" if message else " hidden"}>{a(message)}</p>',
           '<div class="tbl-board">']
    for pos in ("top", "left"):
        out.append(_seat_html(cat, model, seats[pos]))
    out.append(_centre_html(cat, model))
    for pos in ("right", "bottom"):
        out.append(_seat_html(cat, model, seats[pos]))
    out.append('</div>')
    if not model["watch"]:
        out.append(_hand_html(cat, model, vs))
    out.append(_actions_html(cat, model, vs))
    if hint:
        out.append(f'<p class="tbl-hint" data-testid="hint" role="status">{a(hint)}</p>')
    if model["result"]:
        out.append(_score_html(cat, model))
    out.append(f'<p class="tbl-keys">{a(cat.t("table.keys"))}</p>')
    return "".join(out)


__all__ = ["SPEEDS", "ViewState", "render", "status_line", "tile_html"]
