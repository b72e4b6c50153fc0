"""The table as HTML, from the controller's render model (pure Python, no ``js``).

Every text comes from the catalogues (``Catalogues.t``) and is escaped; tiles are our SVG
sprite (``static/tiles/tiles.svg``) with an aria label naming the tile.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .catalogue import Catalogues
from .layout import face_down, layout
from .parts import BANKER_TERM, a, amount, player_name, tile_html
from .score_sheet import score_html

SPEEDS = {"slow": 1.2, "normal": 0.6, "fast": 0.2, "instant": 0.0}


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
    learning: bool = False
    why: dict | None = None             # the last "why not?" (WhyNot JSON and its citation)
    notices: list[tuple[str, dict]] = field(default_factory=list)   # e.g. refused URL values
    hint_action: dict = field(default_factory=dict)   # the hinted action (for test hooks)
    result_folded: bool = False         # the result dialog folded to look at the table


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
        ended = model["awaiting"] == "ended"
        for meld in seat["melds"]:
            tiles = meld["tiles"]
            concealed = bool(meld["concealed"])
            state = cat.t("table.set_concealed" if concealed else "table.set_exposed")
            parts.append(f'<span class="tbl-meld{" is-concealed" if concealed else ""}" role="group" '
                         f'data-kind="{a(meld["kind"])}" data-concealed="{"true" if concealed else "false"}" '
                         f'aria-label="{a(cat.t("term." + meld["kind"]) + " · " + state)}">')
            for i, t in enumerate(tiles):
                # laid as the rule set's document says (layout.LAYOUTS); the owner still
                # sees his own face-down tiles, dimmed
                down = face_down(model["rules"], meld["kind"], concealed, i, len(tiles), ended)
                mine = seat["human"] or model["watch"]
                parts.append(tile_html(cat, t, "xs", down=down and not mine, turned=down and mine))
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
    # where kong and flower replacements come from, in the rule set's own word
    rules = model["rules"]
    end = (f'<div class="tbl-dead" data-testid="dead-wall" data-rules="{a(rules)}" '
           f'data-taken="{model["replacements"]}">'
           f'<span class="tbl-dead-tiles" aria-hidden="true">'
           + tile_html(cat, None, "xs") + tile_html(cat, None, "xs") + '</span>'
           f'<span class="tbl-dead-name">{a(cat.t("table.replacement_end." + rules))}</span>'
           f'<span class="tbl-dead-count">{a(cat.t("table.replacements", count=model["replacements"]))}</span>'
           '</div>')
    return (f'<div class="tbl-centre" data-testid="centre" data-wall="{model["wall_left"]}">'
            f'<ul>{body}</ul>{end}</div>')


def legend_html(cat: Catalogues, model: dict) -> str:
    """While a concealed kong lies on the table: how this rule set lays it, as read."""
    if model["awaiting"] == "ended":
        return ""   # the score sheet lists the reading
    if not any(m["concealed"] and m["kind"] == "kong" for s in model["seats"] for m in s["melds"]):
        return ""
    rule = layout(model["rules"])
    if not rule.reading:
        return ""
    return (f'<p class="tbl-legend" data-testid="kong-legend" data-reading="{a(rule.reading)}">'
            f'{a(cat.t(rule.reading))} ({a(rule.citation)})</p>')


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
    learning = model.get("learning") or {}
    for kind in learning.get("illegal", []):
        # offered anyway in a learning game: pressing it says why not (learning.why_not)
        key = "term.mahjong" if kind == "win" and model["rules"] == "filipino" else (
            "action.win" if kind == "win" else f"term.{kind}")
        out.append(f'<button type="button" class="btn is-illegal" data-action="{kind}" data-illegal="true" '
                   f'aria-disabled="true" aria-describedby="tbl-illegal-note">'
                   f'<span>{a(cat.t(key))}</span></button>')
    if model["awaiting"] == "human":
        out.append(f'<button type="button" class="btn" data-action="hint">{a(cat.t("table.hint"))}</button>')
    if learning.get("can_undo") and model["awaiting"] != "ended":   # ended: in the result dialog
        out.append(f'<button type="button" class="btn" data-action="undo">{a(cat.t("table.undo"))}</button>')
    if learning.get("illegal"):
        out.append(f'<span id="tbl-illegal-note" class="tbl-note">{a(cat.t("table.illegal_note"))}</span>')
    out.append('</div>')
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
            f'<label class="tbl-control tbl-check"><input type="checkbox" data-testid="learning" data-control="learning"'
            f'{" checked" if vs.learning else ""}><span>{a(cat.t("table.learning"))}</span></label>'
            '</div>')


def learning_html(cat: Catalogues, model: dict, vs: ViewState) -> str:
    """The learning table's extras: the waiting tiles of a ready hand and the last
    "why not?" answer with its citation."""
    learning = model.get("learning")
    if not learning:
        return ""
    out = [f'<p class="tbl-learning-note">{a(cat.t("table.learning_note"))}</p>']
    waits = learning.get("waits") or []
    if waits:
        names = ", ".join(cat.t("tile." + t) for t in waits)
        out.append(f'<div class="tbl-waits" data-testid="waits" data-waits="{a(" ".join(waits))}">'
                   f'<span>{a(cat.t("table.waits", tiles=names))}</span>'
                   f'<span class="tbl-waits-tiles" aria-hidden="true">'
                   + "".join(tile_html(cat, t, "xs") for t in waits) + '</span></div>')
    why = vs.why
    if why:
        params = {k: (cat.t("tile." + v) if isinstance(v, str) and k == "tile" else v)
                  for k, v in (why.get("params") or {}).items()}
        action = "term.mahjong" if why.get("kind") == "win" and model["rules"] == "filipino" else (
            "action.win" if why.get("kind") == "win" else f'term.{why.get("kind")}')
        out.append(f'<div class="tbl-why" data-testid="why-not" data-key="{a(why["key"])}" role="alert">'
                   f'<p><strong>{a(cat.t("table.why_not", action=cat.t(action)))}</strong> '
                   f'{a(cat.t(why["key"], **params))}</p>')
        if why.get("cite"):
            out.append(f'<p class="tbl-why-cite" data-testid="why-cite">{a(cat.t("table.why_cite", citation=why["cite"]))}</p>')
        out.append('</div>')
    return "".join(out)


def render(cat: Catalogues, model: dict, vs: ViewState) -> str:
    seats = {s["position"]: s for s in model["seats"]}
    message = ""
    if vs.message:
        message = cat.t(vs.message, **{k: (cat.t(v) if k == "reason" else v) for k, v in vs.message_params.items()})
    message = " ".join([message] + [cat.t(k, **p) for k, p in vs.notices]).strip()
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
    out.append(learning_html(cat, model, vs))
    out.append(legend_html(cat, model))
    if hint:
        hooks = "".join(f' data-hint-{k}="{a(v)}"' for k, v in vs.hint_action.items())
        out.append(f'<p class="tbl-hint" data-testid="hint" role="status"{hooks}>{a(hint)}</p>')
    if model["result"]:
        out.append(score_html(cat, model, vs.result_folded))
    out.append(f'<p class="tbl-keys">{a(cat.t("table.keys"))}</p>')
    return "".join(out)


__all__ = ["SPEEDS", "ViewState", "render", "status_line", "tile_html"]
