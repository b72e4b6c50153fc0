"""Small SVG charts drawn as text (pure Python, no ``js``): every label is given by the
caller in the visitor's language, so the chart says nothing of its own. The table's match
end and Keep score draw the running balances with the same ``line_chart``."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

# four series told apart by colour AND by dash and marker (never by colour alone)
STYLES = (("#0b5d8a", "", "circle"), ("#b3261e", "6 3", "square"),
          ("#1b6e20", "2 3", "diamond"), ("#6b3fa0", "8 3 2 3", "triangle"))


@dataclass(frozen=True)
class Series:
    name: str
    values: Sequence[float]      # one value a step, starting after step 1


def _esc(text: object) -> str:
    return escape(str(text), quote=True)


def _marker(kind: str, x: float, y: float, colour: str) -> str:
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>'
    if kind == "square":
        return f'<rect x="{x - 3:.1f}" y="{y - 3:.1f}" width="6" height="6" fill="{colour}"/>'
    if kind == "diamond":
        return (f'<path d="M{x:.1f} {y - 4:.1f}L{x + 4:.1f} {y:.1f}L{x:.1f} {y + 4:.1f}'
                f'L{x - 4:.1f} {y:.1f}Z" fill="{colour}"/>')
    return (f'<path d="M{x:.1f} {y - 4:.1f}L{x + 4:.1f} {y + 3:.1f}L{x - 4:.1f} {y + 3:.1f}Z" '
            f'fill="{colour}"/>')


def _ticks(low: float, high: float) -> list[float]:
    """Three to six round values covering ``low``..``high``."""
    span = max(high - low, 1.0)
    steps = sorted({unit * 10 ** p for unit in (1, 2, 5) for p in range(9)})
    step = next(s for s in steps if span / s <= 5)
    first = (low // step) * step
    out = [first]
    while out[-1] < high:
        out.append(out[-1] + step)
    return out


def line_chart(series: Sequence[Series], title: str, x_label: str, y_label: str,
               width: int = 360, height: int = 200) -> str:
    """A line chart of running values, one line a series, step 0 at zero: an ``<svg>``
    with a title, a description for screen readers, axes, a zero line and a legend."""
    steps = max((len(s.values) for s in series), default=0)
    values = [0.0] + [float(v) for s in series for v in s.values]
    low, high = min(values), max(values)
    ticks = _ticks(low, high)
    low, high = min(low, ticks[0]), max(high, ticks[-1])
    left, right, top = 44, 8, 10
    legend_h = 18 * ((len(series) + 1) // 2)
    bottom = 34 + legend_h
    plot_w, plot_h = width - left - right, height - top - bottom

    def x_at(step: int) -> float:
        return left + (plot_w * step / steps if steps else 0)

    def y_at(value: float) -> float:
        return top + plot_h * (high - value) / ((high - low) or 1)

    summary = "; ".join(f"{s.name}: {', '.join(_num(v) for v in s.values)}" for s in series)
    out = [f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
           f'aria-labelledby="chart-title chart-desc" xmlns="http://www.w3.org/2000/svg">'
           f'<title id="chart-title">{_esc(title)}</title><desc id="chart-desc">{_esc(summary)}</desc>']
    for value in ticks:
        y = y_at(value)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}" '
                   f'stroke="{"#555" if value == 0 else "#ddd"}" stroke-width="1"/>'
                   f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end" font-size="10">'
                   f'{_num(value)}</text>')
    every = 1 if steps <= 12 else max(2, steps // 8)
    for step in range(steps + 1):
        if (step % every == 0 and steps - step >= (every + 1) // 2) or step == steps:
            out.append(f'<text x="{x_at(step):.1f}" y="{top + plot_h + 13}" text-anchor="middle" '
                       f'font-size="10">{step}</text>')
    out.append(f'<text x="{left + plot_w / 2:.1f}" y="{top + plot_h + 26}" text-anchor="middle" '
               f'font-size="10">{_esc(x_label)}</text>'
               f'<text x="10" y="{top + plot_h / 2:.1f}" text-anchor="middle" font-size="10" '
               f'transform="rotate(-90 10 {top + plot_h / 2:.1f})">{_esc(y_label)}</text>')
    for index, s in enumerate(series):
        colour, dash, marker = STYLES[index % len(STYLES)]
        points = [(x_at(0), y_at(0.0))] + [(x_at(i + 1), y_at(float(v))) for i, v in enumerate(s.values)]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"'
                   + (f' stroke-dasharray="{dash}"' if dash else "") + '/>')
        out.extend(_marker(marker, x, y, colour) for x, y in points[1:])
        lx = left + (index % 2) * (plot_w / 2)
        ly = height - legend_h + 18 * (index // 2) + 4
        out.append(f'<line x1="{lx:.1f}" y1="{ly:.1f}" x2="{lx + 22:.1f}" y2="{ly:.1f}" stroke="{colour}" '
                   f'stroke-width="2"' + (f' stroke-dasharray="{dash}"' if dash else "") + '/>'
                   + _marker(marker, lx + 11, ly, colour)
                   + f'<text x="{lx + 28:.1f}" y="{ly + 4:.1f}" font-size="11">{_esc(s.name)}</text>')
    out.append('</svg>')
    return "".join(out)


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def running_balances(payments: Sequence[Sequence[int]]) -> list[list[int]]:
    """Each hand's payments added up: the balances after each hand."""
    out, total = [], [0, 0, 0, 0]
    for row in payments:
        total = [a + int(b) for a, b in zip(total, row, strict=True)]
        out.append(list(total))
    return out


def balance_chart(names: Sequence[str], running: Sequence[Sequence[int]], title: str,
                  hand_label: str, value_label: str = "") -> str:
    """``running[h][p]``: player ``p``'s balance after hand ``h + 1``, as ``line_chart``
    draws it (one line a player, hands along the bottom, zero marked)."""
    series = [Series(name, [row[p] for row in running]) for p, name in enumerate(names)]
    return line_chart(series, title, hand_label, value_label)


__all__ = ["STYLES", "Series", "balance_chart", "line_chart", "running_balances"]
