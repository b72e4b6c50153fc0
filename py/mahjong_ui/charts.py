"""An SVG chart of running balances, hand by hand (pure: a string of markup, no page).

Keep score's end of match and the table's match end draw the same chart: one line a
player, the hands along the bottom, zero marked; the labels come from the caller in the
visitor's language."""
from __future__ import annotations

from collections.abc import Sequence
from html import escape

WIDTH, HEIGHT = 360, 200
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 44, 12, 12, 28
COLOURS = ("#b03a2e", "#1f618d", "#1e8449", "#9a7d0a")   # one per player, with dashes too
DASHES = ("", "6 3", "2 3", "8 3 2 3")


def _scale(values: Sequence[int]) -> tuple[int, int]:
    low, high = min(0, *values), max(0, *values)
    return (low, high) if high > low else (low - 1, high + 1)


def balance_chart(names: Sequence[str], running: Sequence[Sequence[int]], title: str,
                  hand_label: str) -> str:
    """``running[h][p]``: player ``p``'s balance after hand ``h + 1``. Returns an ``<svg>``
    with a title (``title``), an axis of hands (``hand_label``), zero, one line a player
    (coloured and dashed, so it reads in grey too) and each player's name at his line's
    end."""
    points = [[0, 0, 0, 0], *[list(r) for r in running]]
    low, high = _scale([v for row in points for v in row])
    inner_w = WIDTH - PAD_LEFT - PAD_RIGHT
    inner_h = HEIGHT - PAD_TOP - PAD_BOTTOM
    steps = max(1, len(points) - 1)

    def x(i: int) -> float:
        return round(PAD_LEFT + inner_w * i / steps, 1)

    def y(v: int) -> float:
        return round(PAD_TOP + inner_h * (high - v) / (high - low), 1)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
           f'role="img" aria-label="{escape(title)}" class="balance-chart">',
           f"<title>{escape(title)}</title>",
           f'<line x1="{PAD_LEFT}" y1="{y(0)}" x2="{WIDTH - PAD_RIGHT}" y2="{y(0)}" '
           'stroke="#888" stroke-width="1"/>',
           f'<text x="{PAD_LEFT - 4}" y="{y(high) + 4}" text-anchor="end" font-size="10">{high}</text>',
           f'<text x="{PAD_LEFT - 4}" y="{y(0) + 4}" text-anchor="end" font-size="10">0</text>',
           f'<text x="{PAD_LEFT - 4}" y="{y(low) + 4}" text-anchor="end" font-size="10">{low}</text>',
           f'<text x="{PAD_LEFT + inner_w / 2}" y="{HEIGHT - 6}" text-anchor="middle" '
           f'font-size="11">{escape(hand_label)} 1–{len(points) - 1}</text>']
    for p, name in enumerate(names):
        line = " ".join(f"{x(i)},{y(row[p])}" for i, row in enumerate(points))
        dash = f' stroke-dasharray="{DASHES[p % 4]}"' if DASHES[p % 4] else ""
        out.append(f'<polyline points="{line}" fill="none" stroke="{COLOURS[p % 4]}" '
                   f'stroke-width="2"{dash} data-player="{p}"/>')
        end = points[-1][p]
        out.append(f'<text x="{x(len(points) - 1) - 2}" y="{y(end) - 3}" text-anchor="end" '
                   f'font-size="10" fill="{COLOURS[p % 4]}">{escape(name)}</text>')
    out.append("</svg>")
    return "".join(out)


def running_balances(payments: Sequence[Sequence[int]]) -> list[list[int]]:
    """Each hand's payments added up: the balances after each hand."""
    out, total = [], [0, 0, 0, 0]
    for row in payments:
        total = [a + int(b) for a, b in zip(total, row, strict=True)]
        out.append(list(total))
    return out


__all__ = ["balance_chart", "running_balances"]
