"""The square board as HTML (pure Python, no ``js``): the four seats on its edges, each pond
facing the centre, the wall and the hand's facts in the middle. Every text from the
catalogues and escaped, as in ``table.render``."""
from __future__ import annotations

from mahjong_engine import Settlement

from ..names import tile_name
from ..i18n import Translator
from .board import claimed_order, pond_rows
from .layout import face_down
from .parts import a, amount, banker_term, player_name, seat_sentence, tile_html
from .view_model import ClaimModel, SeatModel, TableModel


def _backs_html(count: int) -> str:
    return "".join('<span class="tile back" data-tile="back"></span>' for _ in range(count))


def _pond_html(cat: Translator, model: TableModel, seat: SeatModel, name: str) -> str:
    n = seat["seat"]
    out = [f'<div class="tbl-pond pond-{seat["position"]}" data-testid="pond-{n}" role="group" '
           f'aria-label="{a(cat.t("table.pond_of", player=name))}">']
    for entry in seat["pond"]:
        label = tile_name(cat, entry['tile'])
        classes = ["tile", "pd"]
        data = f' data-tile="{a(entry["tile"])}"'
        if entry["claimed_by"] is not None:
            taker = model["seats"][entry["claimed_by"]]
            label = cat.t("table.pond_taken", tile=label, player=player_name(cat, model, taker["player"]))
            classes.append("is-claimed")
            data += f' data-claimed="true" data-claimed-by="{entry["claimed_by"]}"'
        if entry.get("last"):
            label = cat.t("table.pond_last", tile=label)
            classes.append("is-last")
            data += ' data-last="true"'
        out.append(f'<span class="{" ".join(classes)}" role="img" aria-label="{a(label)}"{data}>'
                   f'<svg viewBox="0 0 60 80" aria-hidden="true" focusable="false">'
                   f'<use href="static/tiles/tiles.svg#t-{a(entry["tile"])}"></use></svg></span>')
    out.append('</div>')
    return "".join(out)


def _claimed_tile(cat: Translator, model: TableModel, tile: str, claim: ClaimModel) -> str:
    """A set's claimed tile, lying across toward the seat it came from; its label names
    the player who discarded it."""
    discarder = model["seats"][claim["from_seat"]]["player"]
    label = seat_sentence(cat, model, discarder, "table.claimed_from", tile=tile_name(cat, tile))
    return (f'<span class="tile xs lie from-{a(claim["from"])}" role="img" aria-label="{a(label)}" '
            f'data-tile="{a(tile)}" data-from="{a(claim["from"])}" data-from-seat="{claim["from_seat"]}">'
            f'<svg viewBox="0 0 60 80" aria-hidden="true" focusable="false">'
            f'<use href="static/tiles/tiles.svg#t-{a(tile)}"></use></svg></span>')


def _seat_html(cat: Translator, model: TableModel, seat: SeatModel) -> str:
    """One seat: its head, hidden tiles (backs), declared sets and flowers, and pond.
    ``seat-N`` counts in turn order from East (the seat, not the screen position)."""
    n = seat["seat"]
    name = player_name(cat, model, seat["player"])
    wind = cat.t(f"wind.{seat['wind']}")
    classes = ["tbl-seat", f"pos-{seat['position']}"]
    if seat["current"] and model["awaiting"] != "ended":
        classes.append("is-current")
    parts = [f'<section class="{" ".join(classes)}" data-testid="seat-{n}" '
             f'data-position="{seat["position"]}" '
             f'data-wind="{seat["wind"]}" data-seat="{n}" data-hidden="{seat["hidden"]}" '
             f'aria-label="{a(cat.t("table.seat_label", player=name, wind=wind))}">']
    parts.append('<div class="tbl-seat-head">')
    parts.append(f'<span class="tbl-name">{a(name)}</span>')
    parts.append(f'<span class="tbl-wind" title="{a(cat.t("table.seat_wind", wind=wind))}">{a(wind)}</span>')
    if seat["banker"]:
        term = cat.t(banker_term(model["rules"]))
        parts.append(f'<span class="tbl-banker" data-testid="banker">{a(term)}</span>')
    if model["match"]["settlement"] is Settlement.MARKERS:
        score, short = cat.t("table.markers_count", count=seat["markers"]), str(seat["markers"])
    else:
        score, short = cat.t("table.balance", amount=amount(seat["balance"])), amount(seat["balance"])
    # the number alone where the corner is small (CSS); the words stay for screen readers
    parts.append(f'<span class="tbl-balance"><span class="tbl-balance-words">{a(score)}</span>'
                 f'<span class="tbl-balance-short" aria-hidden="true" title="{a(score)}">'
                 f'{a(short)}</span></span>')
    parts.append('</div><div class="tbl-rack">')
    hidden_label = a(cat.t("table.hidden_of", player=name, count=seat["hidden"]))
    if seat["tiles"]:
        parts.append(f'<div class="tbl-concealed is-open" data-testid="concealed-{n}" role="group" '
                     f'aria-label="{hidden_label}">'
                     + "".join(tile_html(cat, t, "xs") for t in seat["tiles"]) + '</div>')
    elif seat["human"]:
        parts.append(f'<div class="tbl-concealed" data-testid="concealed-{n}" hidden></div>')
    else:
        parts.append(f'<div class="tbl-concealed" data-testid="concealed-{n}" role="img" '
                     f'aria-label="{hidden_label}">{_backs_html(seat["hidden"])}</div>')
    parts.append(f'<div class="tbl-melds" data-testid="melds-{n}" role="group" '
                 f'aria-label="{a(cat.t("table.melds_of", player=name))}">')
    ended = model["awaiting"] == "ended"
    for meld in seat["melds"]:
        tiles = meld["tiles"]
        concealed = bool(meld["concealed"])
        state = cat.t("table.set_concealed" if concealed else "table.set_exposed")
        parts.append(f'<span class="tbl-meld{" is-concealed" if concealed else ""}" role="group" '
                     f'data-kind="{a(meld["kind"])}" data-concealed="{"true" if concealed else "false"}" '
                     f'aria-label="{a(cat.t("term." + meld["kind"]) + " · " + state)}">')
        claim = meld.get("claimed")
        turned_at = -1
        if claim:
            tiles, turned_at = claimed_order(list(tiles), claim, seat["position"])
        for i, t in enumerate(tiles):
            if claim and i == turned_at:
                parts.append(_claimed_tile(cat, model, t, claim))
                continue
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
    parts.append('</div></div></section>')
    return "".join(parts)


def _wall_html(cat: Translator, model: TableModel) -> str:
    """The wall's ring of stacks, each side beside its seat: gone, live, dead (kept back)
    or taken; the breach and the replacement end marked."""
    wall = model["wall"]
    if not wall["ring"]:
        return ""
    out = ['<div class="tbl-wall" aria-hidden="true">']
    per = wall["per_side"]
    for side, stacks in enumerate(wall["sides"]):
        pos = model["seats"][side]["position"]
        out.append(f'<div class="tbl-wall-side wall-{pos}">')
        for i, stack in enumerate(stacks):
            ring = side * per + i
            cls = [f"st st-{stack['state']}", f"n{stack['tiles']}"]
            if ring == wall["breach"]:
                cls.append("is-breach")
            if ring == wall["replacement"]:
                cls.append("is-replacement")
            out.append(f'<i class="{" ".join(cls)}"></i>')
        out.append('</div>')
    out.append('</div>')
    return "".join(out)


def _centre_html(cat: Translator, model: TableModel) -> str:
    wind = cat.t(f"wind.{model['round_wind']}")
    rules = model["rules"]
    banker = next(s for s in model["seats"] if s["banker"])
    term = cat.t(banker_term(rules))
    lines = [f'<li class="tbl-round">{a(cat.t("table.round_wind", wind=wind))}</li>',
             f'<li>{a(cat.t("table.hand_number", number=model["hand_number"]))}</li>',
             f'<li data-testid="centre-banker">{a(term)}: '
             f'{a(player_name(cat, model, banker["player"]))}</li>']
    if model["dice"]:
        dice = " + ".join(str(d) for d in model["dice"])
        lines.append(f'<li class="tbl-dice" data-testid="dice">{a(cat.t("table.dice", dice=dice))}</li>')
    lines.append(f'<li class="tbl-left" data-testid="wall-left">'
                 f'{a(cat.t("table.wall", count=model["wall_left"]))}</li>')
    if model["dead_wall"]:
        lines.append(f'<li>{a(cat.t("table.dead_wall", count=model["dead_wall"]))}</li>')
    # where kong and flower replacements come from, in the rule set's own word
    end = (f'<div class="tbl-dead" data-testid="dead-wall" data-rules="{a(rules)}" '
           f'data-taken="{model["replacements"]}">'
           f'<span class="tbl-dead-mark" aria-hidden="true"></span>'
           f'<span class="tbl-dead-name">{a(cat.t("table.replacement_end." + rules))}</span>'
           f'<span class="tbl-dead-count">'
           f'{a(cat.t("table.replacements", count=model["replacements"]))}</span>'
           '</div>')
    breach = ('<p class="tbl-breach-key"><span class="tbl-breach-mark" aria-hidden="true"></span>'
              f'{a(cat.t("table.wall_breach"))}</p>') if model["wall"]["ring"] else ""
    return (f'<div class="tbl-centre" data-testid="centre" data-wall="{model["wall_left"]}" '
            f'role="group" aria-label="{a(cat.t("table.centre"))}">'
            f'{_wall_html(cat, model)}<div class="tbl-centre-info"><ul>{"".join(lines)}</ul>'
            f'{breach}{end}</div></div>')

def board_html(cat: Translator, model: TableModel, tiles: str = "normal") -> str:
    """The square table: the four seats on its four edges, each pond in front of its seat
    facing the centre (the wall and the hand's facts). ``data-rows`` is the number of
    rows of six the fullest pond needs, so the CSS sizes every pond's tiles to fit."""
    seats = {s["position"]: s for s in model["seats"]}
    order = ("top", "left", "right", "bottom")
    # large tiles: the ponds keep room for two rows of six until a third is needed
    rows = pond_rows(model, least=2 if tiles == "large" else 3)
    # data-need: the rows the ponds need now (at least two), which a phone's table uses
    out = [f'<div class="tbl-board" data-testid="table" data-seats="{len(model["seats"])}" '
           f'data-rows="{rows}" data-need="{pond_rows(model, least=2)}" data-tiles="{a(tiles)}">'
           '<div class="tbl-sq">']
    out.extend(_seat_html(cat, model, seats[pos]) for pos in order)
    for pos in order:
        seat = seats[pos]
        out.append(_pond_html(cat, model, seat, player_name(cat, model, seat["player"])))
    out.append(_centre_html(cat, model))
    out.append('</div></div>')
    return "".join(out)


__all__ = ["board_html"]
