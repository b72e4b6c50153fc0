"""The table's history list and a hand's replay as HTML (pure Python, no ``js``).

The replay draws the board with the table's own seat and centre pieces; its dock holds the
controls (first, back, forward, last, a step slider), each seat's show/hide switch, and the
ways to share the hand (a link, a file). Every text comes from the catalogues.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mahjong_engine import Settlement

from ..names import tile_name
from ..i18n import Translator
from .parts import a, amount, player_name, seat_sentence, tile_html
from .board_markup import board_html
from .replay_copy import copy_html
from .view_model import TableModel

# Our own icons (no glyph may depend on the visitor's fonts): bar + triangle, triangles.
_ICONS = {"first": "M5 4h3v16H5zM20 4v16L9 12z", "back": "M18 4v16L6 12z",
          "forward": "M6 4v16l12-8z", "last": "M16 4h3v16h-3zM4 4v16l11-8z"}
_STEP_BUTTONS = tuple((f"replay-{name}", f"replay.{name}",
                       f'<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" '
                       f'focusable="false"><path fill="currentColor" d="{path}"/></svg>')
                      for name, path in _ICONS.items())


def history_html(cat: Translator, model: TableModel, lines: Sequence[dict[str, Any]],
                 embed: str | None = None) -> str:
    """Every hand of the match: banker, winner and how, the value, each player's payment,
    a button that replays it and one that gives the code embedding it (shown below)."""
    markers = model["match"]["settlement"] is Settlement.MARKERS
    players = [s["player"] for s in sorted(model["seats"], key=lambda s: ("bottom", "right", "top",
                                                                            "left").index(s["position"]))]
    head = "".join(f'<th scope="col">{a(player_name(cat, model, p))}</th>' for p in players)
    rows = []
    for line in lines:
        if line["winner"] is None:
            what = cat.t("history.draw")
        else:
            what = seat_sentence(cat, model, line["winner"], "history.won",
                                 how=cat.t(f"history.how.{line['win']}"),
                                 value=_value(cat, model, line["total"]))
        figures = line["markers"] if markers else line["payments"]
        cells = "".join(f'<td class="num" data-player="{p}" data-amount="{figures[p]}" '
                        f'data-label="{a(player_name(cat, model, p))}">'
                        f'{a(amount(figures[p]) if not markers else figures[p])}</td>' for p in players)
        rows.append(f'<tr data-testid="history-hand" data-hand="{line["hand"]}">'
                    f'<th scope="row">{line["hand"]}</th>'
                    f'<td data-label="{a(cat.t("history.banker"))}">'
                    f'{a(player_name(cat, model, line["banker"]))}</td>'
                    f'<td class="history-what">{a(what)}</td>{cells}'
                    f'<td class="history-do"><button type="button" class="btn" data-action="replay-open" '
                    f'data-index="{line["hand"]}">{a(cat.t("history.replay"))}</button> '
                    f'<button type="button" class="btn" data-action="history-embed" '
                    f'data-testid="history-embed" data-index="{line["hand"]}">'
                    f'{a(cat.t("history.embed"))}</button></td></tr>')
    body = "".join(rows) or (f'<tr><td colspan="{4 + len(players)}">'
                             f'{a(cat.t("history.empty"))}</td></tr>')
    return (f'<div class="history" data-testid="history" role="dialog" aria-modal="true" '
            f'aria-labelledby="history-title"><div class="history-box">'
            f'<h2 id="history-title">{a(cat.t("history.title"))}</h2>'
            f'<div class="history-scroll"><table class="history-table"><thead><tr>'
            f'<th scope="col">#</th><th scope="col">{a(cat.t("history.banker"))}</th>'
            f'<th scope="col">{a(cat.t("history.result"))}</th>{head}<th></th></tr></thead>'
            f'<tbody>{body}</tbody></table></div>{_embed_box(cat, embed)}'
            f'<div class="history-actions"><button type="button" class="btn" '
            f'data-action="history-export" data-testid="history-export">'
            f'{a(cat.t("history.export"))}</button><label class="btn history-file">'
            f'{a(cat.t("history.open_file"))}<input type="file" accept=".txt,text/plain" '
            f'data-control="replay-file" data-testid="replay-file"></label>'
            f'<button type="button" class="btn" data-action="history-close" '
            f'data-testid="history-close">{a(cat.t("history.close"))}</button></div></div></div>')


def _value(cat: Translator, model: TableModel, total: Any) -> str:
    if total is None:
        return ""
    return cat.t(f"history.value.{model['match']['settlement']}", value=total)


def move_text(cat: Translator, model: TableModel, move: dict[str, Any] | None) -> str:
    """What the last step did, as a seat sentence (``replay.move.<type>.<seat>``)."""
    if move is None:
        return cat.t("replay.deal")
    player = model["seats"][move["seat"]]["player"]
    tile = tile_name(cat, move['tile']) if move.get("tile") else ""
    return seat_sentence(cat, model, player, f"replay.move.{move['type']}", tile=tile)


def _embed_box(cat: Translator, code: str | None) -> str:
    """«Embed this hand»: the iframe and element code, to copy (static/embed.html)."""
    if not code:
        return ""
    return (f'<label class="replay-embed">{a(cat.t("replay.embed_code"))}'
            f'<textarea readonly rows="5" data-testid="replay-embed-code">{a(code)}</textarea></label>')


def replay_html(cat: Translator, model: TableModel, link: str | None = None,
                embed: str | None = None, copied: str | None = None) -> str:
    """A hand replayed; ``copied``: what became of the last press on Copy (``copied``,
    ``selected``), told beside the link."""
    r = model["replay"]
    seats = {s["position"]: s for s in model["seats"]}
    status = cat.t("replay.status", hand=model["hand_number"], step=r["step"], steps=r["steps"])
    out = [f'<div class="tbl-head replay-head"><p class="replay-rules" data-testid="replay-rules" '
           f'data-rules="{a(model["rules"])}">{a(cat.t("replay.rules", name=cat.t("name")))}</p>'
           f'<p class="tbl-status" data-testid="replay-status" '
           f'role="status">{a(status)} · {a(move_text(cat, model, r["move"]))}</p>'
           f'<button type="button" class="btn" data-action="replay-close" data-testid="replay-close">'
           f'{a(cat.t("replay.close"))}</button></div>',
           '<p class="tbl-message" data-testid="table-message" role="alert" hidden></p>',
           board_html(cat, model), '<div class="tbl-dock replay-dock">']
    if model["result"]:   # in the dock: always in view, however tall the board
        out.append(_result_line(cat, model))
        out.append('<div class="replay-break"></div>')   # the controls on a line of their own
    buttons = "".join(f'<button type="button" class="btn replay-step" data-action="{action}" '
                      f'aria-label="{a(cat.t(key))}" title="{a(cat.t(key))}">{symbol}</button>'
                      for action, key, symbol in _STEP_BUTTONS)
    out.append(f'<div class="replay-controls" role="group" aria-label="{a(cat.t("replay.controls"))}">'
               f'{buttons}<input type="range" min="0" max="{r["steps"]}" value="{r["step"]}" '
               f'data-control="replay-step" data-testid="replay-step" '
               f'aria-label="{a(cat.t("replay.slider"))}"></div>')
    reveal = []
    for pos in ("bottom", "right", "top", "left"):
        seat = seats[pos]
        checked = " checked" if r["reveal"][seat["seat"]] else ""
        reveal.append(f'<label class="tbl-control tbl-check"><input type="checkbox" '
                      f'data-control="replay-reveal" data-seat="{seat["seat"]}" '
                      f'data-testid="replay-reveal-{seat["seat"]}"{checked}>'
                      f'<span>{a(player_name(cat, model, seat["player"]))}</span></label>')
    out.append(f'<fieldset class="replay-reveal"><legend>{a(cat.t("replay.show_tiles"))}</legend>'
               f'{"".join(reveal)}</fieldset>')
    share = (f'<button type="button" class="btn" data-action="replay-share" data-testid="replay-share">'
             f'{a(cat.t("replay.share"))}</button>')
    if link:
        share += copy_html(cat, link, copied)
    share += (f'<button type="button" class="btn" data-action="replay-download" '
              f'data-testid="replay-download">{a(cat.t("replay.download"))}</button>'
              f'<button type="button" class="btn" data-action="replay-embed" '
              f'data-testid="replay-embed">{a(cat.t("replay.embed"))}</button>{_embed_box(cat, embed)}')
    out.append(f'<div class="replay-share">{share}</div></div>')
    return "".join(out)


def _result_line(cat: Translator, model: TableModel) -> str:
    result = model["result"]
    assert result is not None, "drawn only for a hand that ended"
    if result["draw"] or result["winner_player"] is None:
        text = cat.t("history.draw")
    else:
        text = seat_sentence(cat, model, result["winner_player"], "history.won",
                             how=cat.t(f"history.how.{result['win']}"),
                             value=_value(cat, model, result["total"]))
    tiles = "".join(tile_html(cat, t, "xs") for t in result["winning_tiles"])
    return (f'<p class="replay-result" data-testid="replay-result">{a(text)}</p>'
            f'<div class="replay-result-tiles">{tiles}</div>')


__all__ = ["history_html", "move_text", "replay_html"]
