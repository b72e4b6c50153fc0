#!/usr/bin/env python3
"""Tile art: writes static/tiles/<notation>.svg (42 faces + back.svg) and the sprite tiles.svg.

Python 3 standard library only. Run from anywhere:

    python3 static/tiles/generate.py            # writes next to this file
    python3 static/tiles/generate.py --out DIR  # writes into DIR (the test compares the two)

Everything is drawn with paths and circles: no <text>, no fonts, so the Chinese characters look
the same on every machine. Each character is data: a list of strokes, each stroke an SVG path
written on a GLYPH_GRID x GLYPH_GRID grid (x to the right, y downwards), drawn with round caps.
The tile is a VIEW_W x VIEW_H viewBox; a face is drawn by a small function per suit.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

HERE = Path(__file__).resolve().parent

# ------------------------------------------------------------------------------ geometry
VIEW_W, VIEW_H = 60, 80          # every tile, face or back, uses this viewBox
EDGE = 3.5                       # tile thickness shown below the face (reads as a tile)
FACE_H = VIEW_H - EDGE           # the face ends here; the visible thickness is below it
MID_X = VIEW_W / 2               # centre line of the face
MID_Y = FACE_H / 2               # centre of the face (not of the viewBox)
GLYPH_GRID = 24                  # characters are designed on a 24 x 24 grid

# Positions below are in viewBox units on the face: x 0-60, y 0-FACE_H (76.5), a margin of
# about 4 kept clear all round. A glyph is placed by the top-left corner of its 24 x 24 grid and
# the size that grid is drawn at; a glyph stroke weight is in grid units (so it scales with it).

# ------------------------------------------------------------------------------ colours
INK = "#1b2a52"        # numerals of the characters suit, winds, season glyphs (dark blue)
RED = "#b3261e"        # 萬, 中, red dots/sticks, season numbers (same red as the app icon)
GREEN = "#1e7a3c"      # 發, bamboo sticks, green dots, flower numbers
BLUE = "#1f4f9a"       # blue dots, the white dragon's frame
FACE = "#f8f5ec"       # ivory face (app icon)
FACE_LINE = "#d6ccb0"  # the face's hairline border
BODY = "#c8bea0"       # the tile's thickness (app icon)
BACK = "#2f7d63"       # the back's colour
BACK_LINE = "#5aa68a"  # the back's inner border
BACK_EDGE = "#1f5a46"  # the back's thickness

# ------------------------------------------------------------------------------ glyphs
# Strokes on the 24 x 24 grid. Written in stroke order, roughly, one stroke per string.
GLYPHS: dict[str, list[str]] = {
    # numerals 1-9 (characters suit, top half of the tile)
    "一": ["M3 12H21"],
    "二": ["M6 7.5H18", "M3 16.5H21"],
    "三": ["M5 4.5H19", "M6.5 12H17.5", "M3 19.5H21"],
    "四": ["M3.5 5V20.5", "M3.5 5H20.5V20.5", "M10 5V11Q10 14.5 7 15.5",
           "M14 5V13.5Q14 15 16 15H17", "M3.5 20.5H20.5"],
    "五": ["M5 4H19", "M11.5 4L9.5 20", "M6 11.5H17V20", "M3 20H21"],
    "六": ["M11.5 2.5L13 5.5", "M3 9H21", "M9 13.5L4.5 20.5", "M15 13.5L19.5 20.5"],
    "七": ["M3 12L21 8.5", "M9.5 3V17.5Q9.5 20.5 12.5 20.5H19.5V17.5"],
    "八": ["M9.5 5Q9 14.5 3 20.5", "M14 4Q15.5 15 21 20.5"],
    "九": ["M10 2.5Q10.5 14 3.5 21", "M4 9H15.5Q15 18 16.5 20Q18 21.5 21 20.5V17.5"],
    # 萬: 艹 over 禺 (box, then 冂 with 厶 inside, the middle stroke running through)
    "萬": ["M2 4H22", "M8 1V7", "M16 1V7",                         # 艹
           "M6 9.5V16", "M6 9.5H18V16", "M6 12.75H18", "M6 16H18",  # 田-like box
           "M12 9.5V19.5",                                          # middle stroke
           "M3 23.5V18.5H21V22Q21 23.5 19.5 23.5",                  # 冂
           "M12 19.5L8.5 22.5H15.5", "M14 20L16 22.5"],             # 厶
    # winds
    "東": ["M3 5H21", "M12 1V23",
           "M6 8V16", "M6 8H18V16", "M6 12H18", "M6 16H18",
           "M11 16.5L3 22.5", "M13 16.5L21 22.5"],
    "南": ["M3 4H21", "M12 1V7",
           "M4 23V8.5H20V21.5Q20 23 18.5 23",
           "M9 10.5L10.5 12.5", "M15 10.5L13.5 12.5", "M7.5 14.5H16.5", "M7 18.5H17", "M12 14.5V23"],
    "西": ["M2 3.5H22",
           "M4 9V22.5", "M4 9H20V22.5", "M4 22.5H20",
           "M9.5 3.5V12Q9.5 15.5 6.5 16.5", "M14.5 3.5V14.5Q14.5 16.5 16.5 16.5H20"],
    "北": ["M3 10H8.5", "M8.5 3V21.5", "M3 20L8.5 17",
           "M21 7.5L15.5 11", "M15.5 2.5V19Q15.5 21.5 18 21.5H21.5V18.5"],
    # dragons
    "中": ["M4 7V16.5", "M4 7H20V16.5", "M4 16.5H20", "M12 1.5V23"],
    "發": ["M3.5 2.5H9L4 8.5", "M6 5.5L10 9",                          # 癶, left half
           "M14 3L15.5 5", "M17.5 2L19 4", "M15 6.5L20.5 9", "M19.5 5.5L14 9",  # 癶, right half
           "M3.5 11.5H9V14.5H4.5L4 18H9.5V21.5Q9.5 23.5 7.5 23",            # 弓
           "M14 11V14.5Q14 16 12.5 17", "M14 11H18.5V14.5Q18.5 16 21 16",   # 几
           "M12.5 18H20Q18 22 12.5 23.5", "M14.5 19.5Q17 22.5 21.5 23.5"],  # 又
    # seasons
    "春": ["M5 4H19", "M6 7.5H18", "M3 11H21",
           "M12 1.5Q11.5 9 3 16.5", "M12.5 11Q15 15 21 17",
           "M8.5 14.5V23", "M8.5 14.5H15.5V23", "M8.5 18.75H15.5", "M8.5 23H15.5"],
    "夏": ["M3 2.5H21", "M12.5 2.5L11.5 4.5",
           "M7 5V13.5", "M7 5H17V13.5", "M7 7.8H17", "M7 10.7H17", "M7 13.5H17",
           "M10.5 15L6.5 18.5", "M9 17H17Q14 21.5 5.5 23.5", "M10.5 19.5Q14 22.5 21 23.5"],
    "秋": ["M9.5 1.5L3.5 3.5", "M2.5 8H10.5", "M6.5 3V23",
           "M6.5 9.5Q5 14 2 17.5", "M7.5 11.5L10 14",
           "M13.5 7.5L15 11", "M21.5 6.5L19.5 11",
           "M17.5 2V12Q17 19 12 23", "M18 15Q19.5 20 22 23"],
    "冬": ["M11 1.5Q9 6 4 9", "M9.5 5H18Q15 11 5 14.5", "M10 8.5Q14 12.5 21 14",
           "M10.5 16.5L13.5 18", "M9.5 20.5L13.5 22.5"],
}

# Arabic digits for the corner number of flowers and seasons, on a 6 x 10 grid.
DIGIT_W, DIGIT_H = 6, 10
DIGITS = {
    1: ["M1.5 2.5L3.5 0.8V9.5"],
    2: ["M1 2.8Q1 0.8 3 0.8Q5 0.8 5 2.8Q5 4.8 1 9.5H5.2"],
    3: ["M1 1.6Q3 0 4.6 1.4Q5.6 3.6 2.6 4.9Q6 5.4 5 8.4Q3.6 10.4 0.8 8.8"],
    4: ["M4 9.5V0.8L0.8 6.8H5.6"],
}


def num(value: float) -> str:
    """A coordinate as short as it can be written (2 decimals at most, no trailing zeros)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def strokes(paths: list[str], x: float, y: float, size: float, colour: str, weight: float,
            grid: float = GLYPH_GRID) -> str:
    """Draw grid-unit stroke paths into a size x size box at (x, y); weight is in grid units."""
    return (f'<path transform="translate({num(x)} {num(y)}) scale({num(size / grid)})" '
            f'd="{"".join(paths)}" fill="none" stroke="{colour}" stroke-width="{num(weight)}" '
            f'stroke-linecap="round" stroke-linejoin="round"/>')


def glyph(char: str, x: float, y: float, size: float, colour: str, weight: float) -> str:
    return strokes(GLYPHS[char], x, y, size, colour, weight)


def digit(n: int, colour: str) -> str:
    """The corner number (top left) of a flower or season; 16 units tall."""
    scale = 16 / DIGIT_H
    return strokes(DIGITS[n], 4.5, 4, DIGIT_W * scale, colour, 1.4, grid=DIGIT_W)


# ------------------------------------------------------------------------------ tile body
def body(face: str = FACE, line: str = FACE_LINE, edge: str = BODY) -> str:
    """The tile: its thickness (a rounded rect), then the face lifted above it."""
    return (f'<rect x=".5" y=".5" width="59" height="79" rx="7" fill="{edge}"/>'
            f'<rect x=".5" y=".5" width="59" height="{num(FACE_H)}" rx="6.5" fill="{face}" '
            f'stroke="{line}"/>')


def svg_file(inner: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW_W} {VIEW_H}">'
            f'{inner}</svg>\n')


# ------------------------------------------------------------------------------ characters
NUMERALS = "一二三四五六七八九"


def characters(n: int) -> str:
    """Numeral (ink) above 萬 (red): the classic characters tile."""
    return (glyph(NUMERALS[n - 1], 13, 1, 34, INK, 2.3)
            + glyph("萬", 9, 34, 42, RED, 1.8))


# ------------------------------------------------------------------------------ circles
DOT_R = {1: 0, 2: 10, 3: 9, 4: 9, 5: 8, 6: 7, 7: 6.5, 8: 6.5, 9: 6.5}   # dot radius by count
COLS3 = (15, MID_X, 45)          # three columns of dots
COLS2 = (18, 42)                 # two columns of dots


def dot(cx: float, cy: float, r: float, colour: str) -> str:
    """One circle: a coloured ring around an ivory disc with a coloured centre."""
    ring = r * 0.32
    return (f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r - ring / 2)}" fill="{FACE}" '
            f'stroke="{colour}" stroke-width="{num(ring)}"/>'
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r * 0.3)}" fill="{colour}"/>')


def rows(ys: tuple[float, ...], xs: tuple[float, ...]) -> list[tuple[float, float]]:
    return [(x, y) for y in ys for x in xs]


# Rows (y) of the dot layouts: two rows, three rows, four rows, and the corners of 3p/5p.
# Each set is spread evenly over the face with the dots' radius kept off the edges.
DOT_ROWS2 = (20, 56)
DOT_ROWS3 = (15, MID_Y, 61)
DOT_ROWS4 = (11, 29, 47, 65)
CORNERS = ((16, 16), (44, 16), (16, 61), (44, 61))    # TL, TR, BL, BR
DIAGONAL7 = ((14, 9.5), (MID_X, 16), (46, 22.5))      # 7p: the three green dots, slanting down


def dot_layout(n: int) -> list[tuple[float, float, str]]:
    """(x, y, colour) for every dot of 2p-9p, the classic arrangements and colours."""
    if n == 2:    # green over blue
        return [(MID_X, 22, GREEN), (MID_X, 54, BLUE)]
    if n == 3:    # a diagonal: blue, red, green
        (x1, y1), _, _, (x3, y3) = CORNERS
        return [(x1, y1, BLUE), (MID_X, MID_Y, RED), (x3, y3, GREEN)]
    if n == 4:    # 2 x 2, blue on one diagonal, green on the other
        return [(x, y, BLUE if (x == COLS2[0]) == (y == DOT_ROWS2[0]) else GREEN)
                for x, y in rows(DOT_ROWS2, COLS2)]
    if n == 5:    # the four corners and a red centre
        return ([(x, y, BLUE if (x < MID_X) == (y < MID_Y) else GREEN) for x, y in CORNERS]
                + [(MID_X, MID_Y, RED)])
    if n == 6:    # two green on top, four red below
        return ([(x, 14, GREEN) for x in COLS2]
                + [(x, y, RED) for x, y in rows((38, 60), COLS2)])
    if n == 7:    # three green on a slant, four red below
        return ([(x, y, GREEN) for x, y in DIAGONAL7]
                + [(x, y, RED) for x, y in rows((41, 61), COLS2)])
    if n == 8:    # two columns of four, all blue
        return [(x, y, BLUE) for x, y in rows(DOT_ROWS4, COLS2)]
    if n == 9:    # three rows: blue, red, green
        return [(x, y, colour) for y, colour in zip(DOT_ROWS3, (BLUE, RED, GREEN)) for x in COLS3]
    raise ValueError(n)


def circles(n: int) -> str:
    if n == 1:
        return big_circle()
    r = DOT_R[n]
    return "".join(dot(x, y, r, colour) for x, y, colour in dot_layout(n))


def big_circle() -> str:
    """1p: the big ornate circle: green rim, blue scalloped ring, red centre with an ivory eye."""
    c = f'cx="{num(MID_X)}" cy="{num(MID_Y)}"'
    return (f'<circle {c} r="22" fill="{GREEN}"/>'
            f'<circle {c} r="19" fill="{FACE}"/>'
            # the scallops: a thick blue ring drawn as 16 dashes (circumference / 16)
            f'<circle {c} r="15" fill="none" stroke="{BLUE}" stroke-width="5" '
            f'stroke-dasharray="{num(2 * math.pi * 15 / 32)}"/>'
            f'<circle {c} r="10.5" fill="{RED}"/>'
            f'<circle {c} r="6" fill="{FACE}"/>'
            f'<circle {c} r="3" fill="{GREEN}"/>')


# ------------------------------------------------------------------------------ bamboo
STICK_W = 7                      # width of a bamboo stick


def stick_paths(x1: float, y1: float, x2: float, y2: float) -> tuple[str, str]:
    """(stick, node marks) for one stick from (x1, y1) to (x2, y2): the body as one line
    with round caps, the joint as a short ivory line across its middle."""
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy)
    px, py = -dy / length * STICK_W / 2, dx / length * STICK_W / 2   # half-width, across
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    body_d = f"M{num(x1)} {num(y1)}L{num(x2)} {num(y2)}"
    node_d = f"M{num(mx - px)} {num(my - py)}L{num(mx + px)} {num(my + py)}"
    return body_d, node_d


def sticks(segments: list[tuple[float, float, float, float]], colour: str) -> str:
    if not segments:
        return ""
    bodies, nodes = zip(*(stick_paths(*s) for s in segments))
    return (f'<path d="{"".join(bodies)}" stroke="{colour}" stroke-width="{STICK_W}" '
            f'stroke-linecap="round"/>'
            f'<path d="{"".join(nodes)}" stroke="{FACE}" stroke-width="1.4"/>'
            # a thin light line down each stick: the bamboo's shine
            f'<path d="{"".join(bodies)}" stroke="#ffffff" stroke-opacity=".35" stroke-width="1.5"/>')


def upright(x: float, cy: float, length: float) -> tuple[float, float, float, float]:
    """A vertical stick of the given length centred on (x, cy); the round caps add STICK_W/2."""
    half = (length - STICK_W) / 2
    return (x, cy - half, x, cy + half)


# Bamboo rows (centre y of each stick) and stick lengths (cap to cap): two rows of long
# sticks, or three rows of short ones, filling the face's height with a small gap between rows.
STICK_ROWS2, STICK_LONG = (21, 55), 28
STICK_ROWS3, STICK_SHORT = (14, MID_Y, 62.5), 22
STICK_COLS5 = (14, 46)           # 5s: the corner sticks stand wider, round the red centre one


def bamboo_layout(n: int) -> tuple[list, list]:
    """(green sticks, red sticks) for 2s-9s, the classic arrangements."""
    top, bottom = STICK_ROWS2
    if n == 2:    # one over the other
        return [upright(MID_X, y, STICK_LONG) for y in STICK_ROWS2], []
    if n == 3:    # one over two
        return [upright(MID_X, top, STICK_LONG)] + [upright(x, bottom, STICK_LONG) for x in COLS2], []
    if n == 4:
        return [upright(x, y, STICK_LONG) for x, y in rows(STICK_ROWS2, COLS2)], []
    if n == 5:    # four corners, a red one in the middle (a little shorter so all five fit)
        length = STICK_LONG - 2
        return ([upright(x, y, length) for x, y in rows((20, 56), STICK_COLS5)],
                [upright(MID_X, MID_Y, length)])
    if n == 6:
        return [upright(x, y, STICK_LONG) for x, y in rows(STICK_ROWS2, COLS3)], []
    if n == 7:    # a red one on top of two rows of three
        return ([upright(x, y, STICK_SHORT) for x, y in rows(STICK_ROWS3[1:], COLS3)],
                [upright(MID_X, STICK_ROWS3[0], STICK_SHORT)])
    if n == 8:
        # top row an "M": outer sticks upright, inner two leaning together at the top; bottom
        # row the mirror image, a "W". Ends are where the round caps start (cap = STICK_W / 2).
        outer = [(x, y1, x, y2) for x in (11, 49) for y1, y2 in ((9, 30), (46.5, 67.5))]
        inner = [(22, 33, 27.5, 8), (38, 33, 32.5, 8), (22, 44, 27.5, 69), (38, 44, 32.5, 69)]
        return outer + inner, []
    if n == 9:    # three rows of three, the middle column red
        return ([upright(x, y, STICK_SHORT) for x, y in rows(STICK_ROWS3, (15, 45))],
                [upright(MID_X, y, STICK_SHORT) for y in STICK_ROWS3])
    raise ValueError(n)


def bamboo(n: int) -> str:
    if n == 1:
        return bird()
    green, red = bamboo_layout(n)
    return sticks(green, GREEN) + sticks(red, RED)


def bird() -> str:
    """1s: a stylised peacock-like bird facing left, standing."""
    return (
        # three tail feathers with red "eyes"
        f'<path d="M34 48Q46 54 50 68M32 50Q38 60 38 70M36 45Q50 46 54 58" fill="none" '
        f'stroke="{GREEN}" stroke-width="3" stroke-linecap="round"/>'
        + "".join(f'<circle cx="{x}" cy="{y}" r="2.8" fill="{RED}"/>' for x, y in ((50, 68), (38, 70), (54, 58)))
        # legs
        + f'<path d="M25 50L23 63M30 51L30 64" stroke="#8a5a2b" stroke-width="1.8" stroke-linecap="round"/>'
        # body and head
        f'<path d="M21 26Q12 38 20 48Q28 56 38 48Q44 41 36 35Q29 31 27 26Z" fill="{GREEN}"/>'
        f'<circle cx="23" cy="21" r="7" fill="{GREEN}"/>'
        # wing
        f'<path d="M24 37Q33 34 38 45Q30 50 24 37Z" fill="#0f4d26"/>'
        # red breast
        f'<path d="M16 31Q13 41 20 47Q18 39 22 31Z" fill="{RED}"/>'
        # crest
        f'<path d="M20 14L17.5 8.5M23.5 13.5V7.5M27 15L29.5 9.5" stroke="{RED}" stroke-width="2" '
        f'stroke-linecap="round"/>'
        # beak and eye
        f'<path d="M16.5 19.5L9.5 23L17 24Z" fill="#e08a2b"/>'
        f'<circle cx="21.5" cy="20" r="1.8" fill="{FACE}"/><circle cx="21.2" cy="20" r="1" fill="{INK}"/>'
    )


# ------------------------------------------------------------------------------ honours
WINDS = "東南西北"


def wind(n: int) -> str:
    return glyph(WINDS[n - 1], 7, 15, 46, INK, 1.9)


def dragon(n: int) -> str:
    if n == 5:   # white dragon: a blue double frame
        return (f'<rect x="10" y="11" width="40" height="54.5" rx="3" fill="none" '
                f'stroke="{BLUE}" stroke-width="3.5"/>'
                f'<rect x="16" y="17" width="28" height="42.5" rx="1.5" fill="none" '
                f'stroke="{BLUE}" stroke-width="1.3"/>')
    if n == 6:
        return glyph("發", 6, 14.5, 48, GREEN, 1.8)
    return glyph("中", 6, 14.5, 48, RED, 2.6)


# ------------------------------------------------------------------------------ flowers
def blossom(cx: float, cy: float, r: float) -> str:
    """A plum blossom: five pink petals around a yellow centre."""
    petals = "".join(
        f'<circle cx="{num(cx + r * math.sin(a))}" cy="{num(cy - r * math.cos(a))}" r="{num(r * 0.72)}"/>'
        for a in (2 * math.pi * k / 5 for k in range(5)))
    return (f'<g fill="#e56b8a">{petals}</g>'
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r * 0.5)}" fill="#f4c430"/>')


def plum() -> str:
    return ('<path d="M9 72Q20 58 30 50Q40 40 47 22M30 50Q20 42 17 30" fill="none" '
            'stroke="#7a4a26" stroke-width="2.5" stroke-linecap="round"/>'
            + blossom(46, 23, 5.5) + blossom(17, 31, 5.5) + blossom(35, 45, 5))


def orchid() -> str:
    return (f'<path d="M30 72Q18 52 7 46M30 72Q31 46 19 26M30 72Q40 50 53 44M30 72Q35 60 44 56" '
            f'fill="none" stroke="{GREEN}" stroke-width="2.4" stroke-linecap="round"/>'
            # a flower: three purple petals and a yellow lip
            f'<g fill="#8a4fb0"><ellipse cx="38" cy="22" rx="4" ry="8" transform="rotate(-20 38 30)"/>'
            f'<ellipse cx="38" cy="22" rx="4" ry="8" transform="rotate(70 38 30)"/>'
            f'<ellipse cx="38" cy="22" rx="4" ry="8" transform="rotate(160 38 30)"/></g>'
            f'<circle cx="38" cy="30" r="2.6" fill="#f4c430"/>'
            f'<path d="M38 33Q36 42 33 52" stroke="{GREEN}" stroke-width="1.6" fill="none"/>')


def chrysanthemum() -> str:
    cx, cy, r = MID_X, 33, 15
    petals = "".join(
        f"M{num(cx + 5 * math.cos(a))} {num(cy + 5 * math.sin(a))}"
        f"L{num(cx + r * math.cos(a))} {num(cy + r * math.sin(a))}"
        for a in (2 * math.pi * k / 16 for k in range(16)))
    return (f'<path d="M30 48Q27 60 30 73M29 62Q20 56 14 60Q21 66 29 62" fill="{GREEN}" '
            f'stroke="{GREEN}" stroke-width="2" stroke-linecap="round"/>'
            f'<path d="{petals}" stroke="#e3a21a" stroke-width="4.5" stroke-linecap="round"/>'
            f'<circle cx="{num(cx)}" cy="{cy}" r="5.5" fill="#c0622a"/>')


def bamboo_plant() -> str:
    leaf = "Q{} {} {} {}Q{} {} {} {}Z"
    leaves = [  # base point, tip, and the two control points of its edges
        (30, 30, 52, 24, 44, 22, 42, 30),
        (28, 42, 8, 34, 16, 34, 18, 42),
        (31, 50, 52, 52, 42, 46, 42, 54),
        (27, 22, 12, 10, 16, 16, 22, 14),
    ]
    d = "".join(f"M{bx} {by}" + leaf.format(c1x, c1y, tx, ty, c2x, c2y, bx, by)
                for bx, by, tx, ty, c1x, c1y, c2x, c2y in leaves)
    return (f'<path d="M26 73L32 8" stroke="#3c8d4e" stroke-width="5" stroke-linecap="round"/>'
            f'<path d="M25.4 58.5h6M27 41.5h6M28.6 24.5h6" stroke="{FACE}" stroke-width="1.3"/>'
            f'<path d="{d}" fill="{GREEN}"/>')


FLOWERS = {1: plum, 2: orchid, 3: chrysanthemum, 4: bamboo_plant}
SEASONS = "春夏秋冬"


def flower(n: int) -> str:
    if n <= 4:
        return FLOWERS[n]() + digit(n, GREEN)
    return glyph(SEASONS[n - 5], 9, 22, 42, INK, 1.9) + digit(n - 4, RED)


# ------------------------------------------------------------------------------ all tiles
SUITS = {"m": characters, "p": circles, "s": bamboo}


def face(notation: str) -> str:
    n, suit = int(notation[0]), notation[1]
    if suit in SUITS:
        return SUITS[suit](n)
    if suit == "z":
        return wind(n) if n <= 4 else dragon(n)
    return flower(n)


def back() -> str:
    return (body(BACK, BACK_EDGE, BACK_EDGE)
            + f'<rect x="6" y="6" width="48" height="{num(FACE_H - 11)}" rx="3.5" fill="none" '
              f'stroke="{BACK_LINE}" stroke-width="1.2"/>'
            # a lozenge in the middle, the same whichever way up the tile lies
            + f'<path d="M{num(MID_X)} {num(MID_Y - 12)}l9 12-9 12-9-12z" fill="none" '
              f'stroke="{BACK_LINE}" stroke-width="1.2"/>')


NOTATIONS = ([f"{n}{s}" for s in "mps" for n in range(1, 10)]
             + [f"{n}z" for n in range(1, 8)] + [f"{n}f" for n in range(1, 9)])


def drawings() -> dict[str, str]:
    """name -> the inner SVG markup of that tile (faces include the tile body)."""
    out = {t: body() + face(t) for t in NOTATIONS}
    out["back"] = back()
    return out


def sprite(drawn: dict[str, str]) -> str:
    symbols = "\n".join(f'<symbol id="t-{name}" viewBox="0 0 {VIEW_W} {VIEW_H}">{inner}</symbol>'
                        for name, inner in drawn.items())
    return f'<svg xmlns="http://www.w3.org/2000/svg">\n{symbols}\n</svg>\n'


PREVIEW_WIDTHS = (32, 48, 96)    # px: phone, desktop, close-up


def preview() -> str:
    """A page showing every tile through the sprite at each width in PREVIEW_WIDTHS."""
    names = NOTATIONS + ["back"]
    sections = []
    for width in PREVIEW_WIDTHS:
        height = width * VIEW_H // VIEW_W
        cells = "\n".join(
            f'<figure><svg width="{width}" height="{height}" viewBox="0 0 {VIEW_W} {VIEW_H}">'
            f'<use href="tiles.svg#t-{name}"/></svg><figcaption>{name}</figcaption></figure>'
            for name in names)
        sections.append(f'<h2>{width} px</h2>\n<div class="grid">\n{cells}\n</div>')
    body_html = "\n".join(sections)
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tile art preview</title>
<style>
body {{ background: #0f5132; color: #f8f5ec; font: 14px system-ui, sans-serif; margin: 12px; }}
h2 {{ font-size: 15px; margin: 14px 0 6px; }}
.grid {{ display: flex; flex-wrap: wrap; gap: 6px 4px; }}
figure {{ margin: 0; text-align: center; }}
figure svg {{ display: block; }}
figcaption {{ font-size: 10px; opacity: .8; }}
</style>
</head>
<body>
<!-- Generated by generate.py; serve this folder over http (external <use> needs it). -->
{body_html}
</body>
</html>
"""


def write(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    drawn = drawings()
    written = []
    for name, inner in drawn.items():
        path = out / f"{name}.svg"
        path.write_text(svg_file(inner), encoding="utf-8", newline="\n")
        written.append(path)
    for name, text in (("tiles.svg", sprite(drawn)), ("preview.html", preview())):
        path = out / name
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE, help="folder to write into")
    args = parser.parse_args()
    for path in write(args.out):
        print(f"{path.stat().st_size:6d}  {path.name}")


if __name__ == "__main__":
    main()
