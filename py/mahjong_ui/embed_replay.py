"""The replay widget (``static/embed.html?replay=r1.…``) as HTML (pure Python, no ``js``).

One hand of the table's replay format on a compact board (the table's own ``board_html``),
the move line with seats named by their wind, the result at the end, and the step controls
unless the address asks for a still picture (``controls=0``). ``hands=<wind>`` shows only that
seat's tiles, drawn at the bottom; ``start`` is the move shown first. Every text comes from the
catalogues; nothing from the address is written unescaped.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .names import tile_name
from .i18n import Translator
from .table.parts import a, tile_html
from .table.board_markup import board_html
from .table.replay import ReplayTable
from .table.view_model import TableModel

WINDS = ("E", "S", "W", "N")
POSITIONS = ("bottom", "right", "top", "left")


class EmbedReplay(ReplayTable):
    """A shared hand for the widget: ``bottom`` is the seat drawn at the bottom."""

    bottom: int = 0

    @classmethod
    def open(cls, text: str, hands: str = "all", start: int | None = None) -> EmbedReplay:
        """The hand of ``text`` (raises the engine's ``RecordError`` on a broken one) at move
        ``start`` (None: the end), showing every seat's tiles or only ``hands``'s."""
        self = cls.of_link(text)
        assert isinstance(self, EmbedReplay)
        if hands in WINDS:
            self.bottom = WINDS.index(hands)
            self.reveal = [seat == self.bottom for seat in range(4)]
        else:
            self.bottom = self.hand_players.index(0)
            self.reveal = [True] * 4
        self.go(self.replay.steps if start is None else start)
        return self

    def position_of(self, seat: int) -> str:
        return POSITIONS[(seat - self.bottom) % 4]

    def model(self) -> TableModel:
        model = super().model()
        model["watch"] = True        # nobody is "you": the seats are named from the board
        return model

    def preview(self) -> str:
        """The bottom seat's tiles now, in notation: what the frame may draw before Python."""
        seat = next(s for s in self.model()["seats"] if s["seat"] == self.bottom)
        return "".join(seat["tiles"] or [])


def move_line(cat: Translator, move: dict[str, Any] | None) -> str:
    """The last move in words, the seat named by its wind (``embed.move.<type>``)."""
    if move is None:
        return cat.t("embed.move.deal")
    seat = cat.t(f"wind.{WINDS[int(move['seat'])]}")
    tile = tile_name(cat, move['tile']) if move.get("tile") else ""
    return cat.t(f"embed.move.{move['type']}", seat=seat, tile=tile)


def result_line(cat: Translator, model: TableModel) -> str:
    """The hand's end in one line (only asked of a hand that has a result)."""
    result = model["result"]
    assert result is not None
    if result["draw"]:
        return cat.t("history.draw")
    seat = next(s for s in model["seats"] if s["player"] == result["winner_player"])
    total = result.get("total")
    value = "" if total is None else cat.t(f"history.value.{model['match']['settlement']}",
                                           value=total)
    return cat.t("embed.result.won", seat=cat.t(f"wind.{seat['wind']}"),
                 how=cat.t(f"history.how.{result['win']}"), value=value)


_ICONS = {"first": "M5 4h3v16H5zM20 4v16L9 12z", "back": "M18 4v16L6 12z",
          "forward": "M6 4v16l12-8z", "last": "M16 4h3v16h-3zM4 4v16l11-8z"}


def replay_html(cat: Translator, table: EmbedReplay, controls: bool = True,
                open_href: str = "") -> str:
    """The widget: status and move line, the board, the result at the end, the controls."""
    model = table.model()
    r = model["replay"]
    rules = cat.t("embed.rules", rules=cat.domain(table.rules_key).t("name"))
    status = cat.t("embed.replay.status", step=r["step"], steps=r["steps"])
    out = [f'<div class="embed-replay" data-testid="embed-replay" data-step="{r["step"]}" '
           f'data-steps="{r["steps"]}">',
           f'<p class="embed-replay-head"><span data-testid="embed-replay-status">{a(status)}</span>'
           f' · <span data-testid="embed-move" aria-live="polite">{a(move_line(cat, r["move"]))}</span>'
           f'</p>',
           board_html(cat, model)]   # its sprite path is the site root's: the frame's <base>
    if model["result"]:
        tiles = "".join(tile_html(cat, t, "xs") for t in model["result"]["winning_tiles"])
        out.append(f'<div class="embed-replay-result" data-testid="embed-replay-result">'
                   f'<p>{a(result_line(cat, model))}</p><div class="replay-result-tiles">{tiles}'
                   f'</div></div>')
    if controls:
        buttons = "".join(
            f'<button type="button" class="btn replay-step" data-action="replay-{name}" '
            f'data-testid="embed-{name}" aria-label="{a(cat.t(f"replay.{name}"))}" '
            f'title="{a(cat.t(f"replay.{name}"))}"><svg viewBox="0 0 24 24" width="20" '
            f'height="20" aria-hidden="true" focusable="false"><path fill="currentColor" '
            f'd="{path}"/></svg></button>' for name, path in _ICONS.items())
        out.append(f'<div class="replay-controls embed-replay-controls" role="group" '
                   f'aria-label="{a(cat.t("replay.controls"))}">{buttons}<input type="range" '
                   f'min="0" max="{r["steps"]}" value="{r["step"]}" data-control="replay-step" '
                   f'data-testid="embed-slider" aria-label="{a(cat.t("replay.slider"))}"></div>')
    foot = a(rules)
    if open_href:
        foot += (f' <a class="embed-link" href="{a(open_href)}" target="_blank" rel="noopener" '
                 f'data-testid="embed-open">{a(cat.t("embed.replay.open"))}</a>')
    out.append(f'<p class="embed-foot">{foot}</p></div>')
    return "".join(out)


def act(table: EmbedReplay, action: str, value: str | None = None) -> bool:
    """Apply a control (``replay-first``… or the slider's ``replay-step``); False if unknown."""
    steps = table.replay.steps
    moves: dict[str, Callable[[], object]] = {"replay-first": lambda: table.go(0), "replay-back": table.back,
             "replay-forward": table.forward, "replay-last": lambda: table.go(steps)}
    if action in moves:
        moves[action]()
        return True
    if action == "replay-step" and value is not None:
        try:
            table.go(int(float(value)))
        except ValueError:
            return False
        return True
    return False




def embed_code(text: str, step: int | None, page: str, title: str) -> str:
    """The code that puts the hand of replay text ``text`` on another page, starting at
    ``step`` (None: the end), for the site whose page address is ``page``: the iframe,
    then the same widget as an element. It carries the bottom seat's tiles at that step,
    which the frame draws before Python is up."""
    from urllib.parse import urljoin

    from .embed_params import element_code, iframe_code

    table = EmbedReplay.open(text, "all", step)
    options = {"replay": text, "start": "" if step is None else str(table.replay.step),
               "tiles": table.preview()}
    base = urljoin(page, "static/embed.html")
    script = urljoin(page, "static/js/embed.js")
    return iframe_code(base, "replay", options, title) + "\n\n" + element_code(script, "replay", options)


__all__ = ["EmbedReplay", "act", "embed_code", "move_line", "replay_html", "result_line"]
