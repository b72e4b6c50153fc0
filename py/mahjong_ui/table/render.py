"""The table as HTML, from the controller's render model (pure Python, no ``js``).

Every text comes from the catalogues (``Translator.t``) and is escaped; tiles are our SVG
sprite (``static/tiles/tiles.svg``) with an aria label naming the tile.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mahjong_engine.game.phase import Phase

from ..names import tile_name
from ..i18n import Translator
from .layout import layout
from .parts import a, seat_sentence, tile_html, win_term
from .score_sheet import score_html
from . import help as helps
from .view_model import LearningModel, TableModel
from .board_markup import board_html

SPEEDS = {"slow": 1.2, "normal": 0.6, "fast": 0.2, "instant": 0.0}
TILE_SIZES = ("normal", "large")      # the tile-size setting (issue 26), kept in the settings


@dataclass
class ViewState:
    """What the view remembers between renders (not game state)."""

    selected: int | None = None
    exchange: list[int] = field(default_factory=list)
    message: str | None = None          # a message key
    message_params: dict[str, Any] = field(default_factory=dict)
    hint: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    speed: str = "normal"
    watch: bool = False
    level: str = "normal"
    learning: bool = False
    why: dict[str, Any] | None = None             # the last "why not?" (WhyNot JSON and its citation)
    notices: list[tuple[str, dict[str, Any]]] = field(default_factory=list)   # e.g. refused URL values
    hint_action: dict[str, Any] = field(default_factory=dict)   # the hinted action (for test hooks)
    settings_open: bool = False         # the table's settings unfolded (small screens)
    result_folded: bool = False         # the result dialog folded to look at the table
    hint_view: dict[str, Any] | None = None       # help.hint_view: the hinted tile or claim and why
    show_waits: bool = False            # setting: the waits of a ready hand, in any game
    waits: list[str] = field(default_factory=list)
    confirm_new: bool = False           # "New match" asked: the confirmation is open
    exchange_partner: int | None = None  # the seat the human exchanges with
    received: list[str] = field(default_factory=list)   # tiles received in the exchanges
    save_failed: bool = False           # the last save was refused (storage full)
    kept_key: str | None = None         # the slot of the match a link replaced
    tiles: str = "normal"               # setting: tile size (TILE_SIZES)


def legend_html(cat: Translator, model: TableModel) -> str:
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


def status_line(cat: Translator, model: TableModel, vs: ViewState) -> str:
    if model["awaiting"] == "ended":
        return cat.t("table.hand_over")
    if model["watch"]:
        return cat.t("table.watching")
    if model["awaiting"] != "human":
        return cat.t("table.waiting")
    if model["phase"] == Phase.EXCHANGE:
        return helps.exchange_prompt(cat, model, vs.exchange_partner)
    if model["phase"] == Phase.CLAIM and model["last_discard"]:
        last = model["last_discard"]
        seat = model["seats"][last["seat"]]
        return seat_sentence(cat, model, seat["player"], "table.claim",
                             tile=tile_name(cat, last['tile']))
    if model["phase"] == Phase.ROB:
        return cat.t("table.rob", tile="")
    return cat.t("table.your_turn")


def _hand_html(cat: Translator, model: TableModel, vs: ViewState) -> str:
    tiles = list(model["hand"])
    drawn = model["drawn"]
    exchange = model["phase"] == Phase.EXCHANGE and model["awaiting"] == "human"
    can = bool(model["discardable"]) or exchange
    selected = vs.selected
    focus_index = selected if selected is not None else (len(tiles) if drawn else 0)
    count = len(tiles) + (1 if drawn else 0)
    out = [f'<div class="tbl-hand" data-testid="hand" role="group" aria-label="{a(cat.t("table.hand"))}" '
           f'data-hand-n="{count}" data-tiles="{a(vs.tiles)}" '
           f'data-can-discard="{"true" if model["discardable"] else "false"}">']

    def button(index: int, t: str, extra: str = "") -> str:
        chosen = index == selected or index in vs.exchange
        return (f'<button type="button" class="tile md hand-tile{extra}{" is-selected" if chosen else ""}" '
                f'data-tile="{a(t)}" data-index="{index}" aria-pressed="{"true" if chosen else "false"}" '
                f'aria-label="{a(tile_name(cat, t))}" tabindex="{0 if index == focus_index else -1}"'
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


def _actions_html(cat: Translator, model: TableModel, vs: ViewState) -> str:
    out = [f'<div class="tbl-actions" role="group" aria-label="{a(cat.t("table.actions"))}">']
    if model["discardable"]:
        out.append(f'<button type="button" class="btn primary" data-action="discard">'
                   f'{a(cat.t("table.discard"))}</button>')
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
    learning: LearningModel = model["learning"] or {"waits": [], "illegal": [], "can_undo": False}
    for kind in learning.get("illegal", []):
        # offered anyway in a learning game: pressing it says why not (learning.why_not)
        key = win_term(model["rules"]) if kind == "win" else f"term.{kind}"
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


def toolbar_html(cat: Translator, vs: ViewState) -> str:
    """The table's settings; folded behind a toggle on small screens (CSS)."""
    toggle = (f'<button type="button" class="btn tbl-menu" data-action="settings" data-testid="table-menu" '
              f'aria-expanded="{"true" if vs.settings_open else "false"}" aria-controls="tbl-settings">'
              f'{a(cat.t("table.settings"))}</button>')
    return toggle + _settings_html(cat, vs)


def _settings_html(cat: Translator, vs: ViewState) -> str:
    speeds = "".join(f'<option value="{k}"{" selected" if k == vs.speed else ""}>'
                     f'{a(cat.t("speed." + k))}</option>' for k in SPEEDS)
    sizes = "".join(f'<option value="{k}"{" selected" if k == vs.tiles else ""}>'
                    f'{a(cat.t("tile_size." + k))}</option>' for k in TILE_SIZES)
    levels = "".join(f'<option value="{k}"{" selected" if k == vs.level else ""}>'
                     f'{a(cat.t("level." + k))}</option>' for k in ("easy", "normal", "strong"))
    # what the chosen level does: below the select where the settings fold (phones),
    # its tooltip on a wide screen, where the settings stay on one line above the table
    about = a(cat.t("level.about." + vs.level))
    return (f'<div class="tbl-bar" id="tbl-settings"{" data-open" if vs.settings_open else ""}>'
            f'<button type="button" class="btn" data-action="new-game">{a(cat.t("table.new_game"))}</button>'
            f'<button type="button" class="btn" data-action="history" data-testid="history-open">'
            f'{a(cat.t("history.open"))}</button>'
            f'<label class="tbl-control"><span>{a(cat.t("table.speed"))}</span>'
            f'<select data-testid="speed" data-control="speed">{speeds}</select></label>'
            f'<label class="tbl-control"><span>{a(cat.t("table.tile_size"))}</span>'
            f'<select data-testid="tile-size" data-control="tiles">{sizes}</select></label>'
            f'<label class="tbl-control"><span>{a(cat.t("table.level"))}</span>'
            f'<select data-testid="level" data-control="level" title="{about}" '
            f'aria-describedby="tbl-level-about">{levels}</select></label>'
            f'<p class="tbl-level-about" id="tbl-level-about" data-testid="level-about">{about}</p>'
            f'<label class="tbl-control tbl-check">'
            f'<input type="checkbox" data-testid="watch" data-control="watch"'
            f'{" checked" if vs.watch else ""}><span>{a(cat.t("table.watch"))}</span></label>'
            f'<label class="tbl-control tbl-check">'
            f'<input type="checkbox" data-testid="learning" data-control="learning"'
            f'{" checked" if vs.learning else ""}><span>{a(cat.t("table.learning"))}</span></label>'
            f'<label class="tbl-control tbl-check">'
            f'<input type="checkbox" data-testid="show-waits" data-control="show-waits"'
            f'{" checked" if vs.show_waits else ""}><span>{a(cat.t("help.show_waits"))}</span></label>'
            f'<p class="tbl-keys-menu" data-testid="keys-menu">{a(keys_text(cat))}</p></div>')


def keys_text(cat: Translator) -> str:
    """The keyboard's keys: under the table on a wide screen, in the settings on a phone."""
    names = {kind: cat.t(f"term.{kind}") for kind in ("chow", "pung", "kong")}
    return cat.t("table.keys", **names)


def learning_html(cat: Translator, model: TableModel, vs: ViewState) -> str:
    """The learning table's extras: the waiting tiles of a ready hand and the last
    "why not?" answer with its citation."""
    learning = model.get("learning")
    if not learning:
        return ""
    out = [f'<p class="tbl-learning-note">{a(cat.t("table.learning_note"))}</p>']
    waits = learning.get("waits") or []
    if waits:
        names = ", ".join(tile_name(cat, t) for t in waits)
        out.append(f'<div class="tbl-waits" data-testid="waits" data-waits="{a(" ".join(waits))}">'
                   f'<span>{a(cat.t("table.waits", tiles=names))}</span>'
                   f'<span class="tbl-waits-tiles" aria-hidden="true">'
                   + "".join(tile_html(cat, t, "xs") for t in waits) + '</span></div>')
    why = vs.why
    if why:
        params = {k: (tile_name(cat, v) if isinstance(v, str) and k == "tile" else v)
                  for k, v in (why.get("params") or {}).items()}
        action = win_term(model["rules"]) if why.get("kind") == "win" else f'term.{why.get("kind")}'
        out.append(f'<div class="tbl-why" data-testid="why-not" data-key="{a(why["key"])}" role="alert">'
                   f'<p><strong>{a(cat.t("table.why_not", action=cat.t(action)))}</strong> '
                   f'{a(cat.t(why["key"], **params))}</p>')
        if why.get("cite"):
            out.append(f'<p class="tbl-why-cite" data-testid="why-cite">'
                       f'{a(cat.t("table.why_cite", citation=why["cite"]))}</p>')
        out.append('</div>')
    return "".join(out)


def _notes_html(message: str, storage: str) -> str:
    """The message row of the table: the last message and the saved game's notes."""
    shown = "" if message or storage else " hidden"
    return (f'<div class="tbl-notes"{shown}>'
            f'<p class="tbl-message" data-testid="table-message" role="alert"{"" if message else " hidden"}>'
            f'{a(message)}</p>{storage}</div>')


def _storage_html(cat: Translator, vs: ViewState) -> str:
    """What the player must know about his saved game: a refused save (it stays in view
    until a save succeeds) and the way back to a match a link replaced."""
    out = []
    if vs.save_failed:
        out.append(f'<p class="tbl-message tbl-save-failed" data-testid="save-failed" role="status">'
                   f'{a(cat.t("table.save_failed"))}</p>')
    if vs.kept_key:
        out.append(f'<p class="tbl-kept" data-testid="kept">{a(cat.t("table.kept"))} '
                   f'<button type="button" class="btn" data-action="resume-kept">'
                   f'{a(cat.t("table.resume_kept"))}</button></p>')
    return "".join(out)


def render(cat: Translator, model: TableModel, vs: ViewState) -> str:
    """The table: a head (status, settings), the square board, the extras (hints,
    learning, score sheet) and the dock (the hand and the actions) always in view."""
    message = ""
    if vs.message:
        message = cat.t(vs.message, **{k: (cat.t(v) if k == "reason" else v)
                                       for k, v in vs.message_params.items()})
    message = " ".join([message] + [cat.t(k, **p) for k, p in vs.notices]).strip()
    hint = " ".join(cat.t(k, **p) for k, p in vs.hint)
    out = ['<div class="tbl-head">',
           f'<p class="tbl-status" data-testid="table-status" role="status">'
           f'{a(status_line(cat, model, vs))}</p>',
           toolbar_html(cat, vs),
           '</div>',
           _notes_html(message, _storage_html(cat, vs)),
           board_html(cat, model, vs.tiles),
           '<div class="tbl-extra">']
    out.append(learning_html(cat, model, vs))
    if vs.waits and not model.get("learning"):
        out.append(helps.waits_html(cat, vs.waits))
    out.append(legend_html(cat, model))
    hv = vs.hint_view
    if hint and not hv:
        hooks = "".join(f' data-hint-{k}="{a(v)}"' for k, v in vs.hint_action.items())
        out.append(f'<p class="tbl-hint" data-testid="hint" role="status"{hooks}>{a(hint)}</p>')
    if model["result"]:
        out.append(score_html(cat, model, vs.result_folded))
    if vs.confirm_new:
        out.append(helps.confirm_html(cat))
    out.append(f'<p class="tbl-keys">{a(keys_text(cat))}</p>')
    out.append('</div><div class="tbl-dock">')
    if hv:   # in the dock, beside the marked tile, always in view
        out.append(helps.hint_html(cat, hv, vs.hint_action))
    if not model["watch"]:
        marked = helps.hint_indexes(model["hand"], model["drawn"], hv)
        hand = helps.mark_hint(_hand_html(cat, model, vs), hv, marked)
        out.append(helps.mark_received(hand, helps.received_indices(model["hand"], vs.received)))
        if vs.received:
            received = ", ".join(tile_name(cat, t) for t in vs.received)
            out.append(f'<p class="help-received" data-testid="received" '
                       f'data-tiles="{a(" ".join(vs.received))}">'
                       f'{a(cat.t("help.received", tiles=received))}</p>')
    out.append(helps.mark_hint(_actions_html(cat, model, vs),
                               hv if hv and not hv.get("tile") else None, None))
    out.append('</div>')
    return "".join(out)


__all__ = ["SPEEDS", "TILE_SIZES", "ViewState", "board_html", "render", "status_line", "tile_html"]
