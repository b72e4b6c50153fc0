"""What an embed address asks for, and the code that embeds a widget (pure Python, no ``js``).

``static/embed.html?…`` is one of three widgets, chosen by its parameters:

- **hand** (the default): ``rules``, ``hand`` (or ``c``), ``w``, ``m``, ``f``, … as the
  calculator reads them (``calculator.model.from_query``), ``score=1`` for the breakdown;
- **replay**: ``replay=r1.…`` (the table's replay text), ``start`` (a move number, or
  ``end``), ``hands`` (``all``, or one seat's wind ``E``/``S``/``W``/``N``: only that seat's
  tiles shown, at the bottom), ``controls=0`` (a still picture), ``tiles`` (the bottom
  seat's tiles at the start, drawn before Python; the app writes it);
- **exercise**: ``rules`` and ``exercise=<id>`` (an exercise of the learn section), or
  ``ask=complete|waits|score`` with a hand in the calculator's parameters (``hand``, ``w``,
  ``m``, ``f``, ``win``, ``seat``, ``round``).

Every widget takes ``lang`` (``pt``, ``en``, ``es``; else the visitor's language). A value
that cannot be used becomes an ``EmbedProblem`` (an ``embed`` catalogue key and params),
which the frame shows in the page's language; nothing here raises on what an address holds.
The custom elements of ``static/js/embed.js`` take the same names as attributes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any
from urllib.parse import parse_qsl, quote

from mahjong_engine import EngineError, parse_tile, parse_tiles
from mahjong_engine.rules import RULE_SET_KEYS

from .i18n import LANGS
from .learn.exercises import Exercise

KINDS = ("hand", "replay", "exercise")
ELEMENTS = {"hand": "mahjong-hand", "replay": "mahjong-replay", "exercise": "mahjong-exercise"}
# every parameter a widget reads, in the order its code writes them
PARAMS = {
    "hand": ("rules", "hand", "c", "w", "m", "f", "win", "seat", "round", "opener", "first",
             "last", "stake", "score", "lang"),
    "replay": ("replay", "start", "hands", "controls", "tiles", "lang"),
    "exercise": ("rules", "exercise", "ask", "hand", "w", "m", "f", "win", "seat", "round",
                 "lang"),
}
HEIGHTS = {"hand": 200, "hand+score": 520, "replay": 560, "exercise": 560}
ASKS = ("complete", "waits", "score")    # questions asked of a hand given in the address
WINDS = ("E", "S", "W", "N")
WIN_KINDS = ("discard", "self_drawn")
MAX_QUERY = 20_000                       # a replay's text is up to 16,000 characters
MAX_VALUE = 400


@dataclass(frozen=True)
class EmbedProblem:
    """Something in the address the widget cannot use: an ``embed`` catalogue key."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass
class EmbedRequest:
    kind: str
    lang: str
    params: dict[str, str]
    problems: list[EmbedProblem] = field(default_factory=list)
    # replay
    start: int | None = None             # None: the end of the hand
    hands: str = "all"                   # "all" or a seat's wind
    controls: bool = True
    # exercise
    rules: str = ""
    exercise: str = ""
    ask: str = ""


def choose_lang(asked: str | None, preferred: list[str] | tuple[str, ...] = ()) -> str:
    """``lang`` from the address when it is one of ours, else the first of the visitor's
    languages (``pt-BR`` → ``pt``) we have, else English."""
    if asked in LANGS:
        return str(asked)
    for tag in preferred:
        code = str(tag).split("-")[0].lower()
        if code in LANGS:
            return code
    return "en"


def kind_of(params: dict[str, str]) -> str:
    if "replay" in params:
        return "replay"
    if "exercise" in params or "ask" in params:
        return "exercise"
    return "hand"


def parse(query: str, preferred: list[str] | tuple[str, ...] = ()) -> EmbedRequest:
    """The widget an address asks for, with its options and any problems."""
    query = str(query or "").lstrip("?")
    problems: list[EmbedProblem] = []
    if len(query) > MAX_QUERY:
        query = ""
        problems.append(EmbedProblem("embed.error.too_long"))
    params = dict(parse_qsl(query, keep_blank_values=True))
    kind = kind_of(params)
    request = EmbedRequest(kind, choose_lang(params.get("lang"), preferred), params, problems)
    if kind == "replay":
        _replay_options(request)
    elif kind == "exercise":
        _exercise_options(request)
    return request


def _replay_options(request: EmbedRequest) -> None:
    params = request.params
    start = params.get("start", "").strip().lower()
    if start in ("", "end"):
        request.start = None
    elif start.isdigit() and len(start) < 6:
        request.start = int(start)
    else:
        request.problems.append(EmbedProblem("embed.error.bad_start", {"value": start[:20]}))
    hands = params.get("hands", "all").strip()
    if hands.upper() in WINDS:
        request.hands = hands.upper()
    elif hands.lower() not in ("all", ""):
        request.problems.append(EmbedProblem("embed.error.bad_hands", {"value": hands[:20]}))
    request.controls = params.get("controls", "1").strip().lower() not in ("0", "no", "false", "off")
    if not params.get("replay", "").startswith("r1."):
        request.problems.append(EmbedProblem("embed.error.bad_replay",
                                             {"reason": "replay.not_a_replay"}))


def _exercise_options(request: EmbedRequest) -> None:
    params = request.params
    rules = params.get("rules", "")
    exercise = params.get("exercise", "").strip()
    if "/" in exercise and not rules:        # exercise=macau_1988/score-1
        rules, _, exercise = exercise.partition("/")
    request.rules, request.exercise = rules, exercise[:40]
    if rules not in RULE_SET_KEYS:
        request.problems.append(EmbedProblem("embed.error.unknown_rules", {"value": rules[:30]}))
        return
    if exercise:
        from .learn.exercises import find

        if find(rules, exercise) is None:
            request.problems.append(EmbedProblem("embed.error.unknown_exercise",
                                                 {"value": exercise[:40]}))
        return
    ask = params.get("ask", "").strip()
    if ask not in ASKS:
        request.problems.append(EmbedProblem("embed.error.bad_question", {"value": ask[:20]}))
        return
    request.ask = ask
    try:
        custom_exercise(request)
    except (EngineError, ValueError, KeyError):
        request.problems.append(EmbedProblem("embed.error.bad_hand",
                                             {"value": params.get("hand", params.get("c", ""))[:40]}))


def custom_exercise(request: EmbedRequest) -> Exercise:
    """The ``Exercise`` of a hand given in the address (``ask=…``); raises ``EngineError``
    or ``ValueError`` on a hand that cannot be read."""
    from .learn.exercise_data import MELD_CODES

    params = request.params
    tiles = params.get("hand", params.get("c", "")).strip()[:MAX_VALUE]
    melds = params.get("m", "").strip()[:MAX_VALUE]
    win_tile = params.get("w", "").strip()[:4]
    flowers = params.get("f", "").strip()[:40]
    concealed = list(parse_tiles(tiles))
    if not concealed:
        raise ValueError("no tiles")
    codes = [c.strip() for c in melds.split(",") if c.strip()]
    for code in codes:
        if code[0] not in MELD_CODES:
            raise ValueError(code)
        parse_tiles(code[1:])
    if win_tile:
        parse_tile(win_tile)
    parse_tiles(flowers)
    size = len(concealed) + 3 * len(codes)
    if size != (13 if request.ask == "waits" else 14):
        raise ValueError("size")
    win = params.get("win", "discard")
    seat = params.get("seat", "S").upper()
    round_wind = params.get("round", "E").upper()
    if win not in WIN_KINDS or seat not in WINDS or round_wind not in WINDS:
        raise ValueError("context")
    exercise = Exercise("custom", request.ask, tiles, melds=",".join(codes), win_tile=win_tile,
                        flowers=flowers, win=win, seat=seat, round=round_wind)
    exercise.description(request.rules)          # the engine reads it, or raises
    return exercise


# ------------------------------------------------------------------ code for authors
def widget_src(base: str, kind: str, options: dict[str, Any]) -> str:
    """The widget's address: ``base`` (``…/static/embed.html``) and its parameters in the
    order of ``PARAMS`` (empty ones left out)."""
    parts = []
    for name in PARAMS[kind]:
        value = options.get(name)
        if value is None or value == "":
            continue
        parts.append(f"{name}={quote(str(value), safe='/,:')}")
    return base + ("?" + "&".join(parts) if parts else "")


def height_of(kind: str, options: dict[str, Any]) -> int:
    if kind == "hand" and str(options.get("score", "")) == "1":
        return HEIGHTS["hand+score"]
    return HEIGHTS[kind]


def iframe_code(base: str, kind: str, options: dict[str, Any], title: str) -> str:
    """The ``<iframe>`` an author pastes (the frame tells its height with a message)."""
    src = widget_src(base, kind, options)
    return (f'<iframe src="{escape(src)}" title="{escape(title)}" width="100%" '
            f'height="{height_of(kind, options)}" loading="lazy" style="border:0"></iframe>')


def element_code(script: str, kind: str, options: dict[str, Any]) -> str:
    """The script tag and the custom element (``<mahjong-replay …>``) of the same widget."""
    attrs = "".join(f' {name}="{escape(str(options[name]))}"' for name in PARAMS[kind]
                    if options.get(name) not in (None, ""))
    tag = ELEMENTS[kind]
    return (f'<script type="module" src="{escape(script)}"></script>\n'
            f'<{tag}{attrs}></{tag}>')


# ------------------------------------------------------------------ drawn before Python
def exercise_previews() -> dict[str, dict[str, list[str]]]:
    """rules -> exercise id -> rows of tile notation, drawn by the frame before Python is
    ready (the build writes them to ``static/embed-exercises.json``): the hand (sorted), its
    sets and flowers; for a claim, the discard then the three hands."""
    from .learn.exercise_data import EXERCISES

    out: dict[str, dict[str, list[str]]] = {}
    for rules, items in EXERCISES.items():
        rows: dict[str, list[str]] = {}
        for ex in items:
            if ex.kind == "claim":
                rows[ex.id] = [ex.tiles, *(_sorted(h) for h in ex.hands)]
            else:
                rows[ex.id] = [_sorted(ex.tiles), *(m.notation for m in ex.meld_list),
                               *([ex.flowers] if ex.flowers else [])]
        out[rules] = rows
    return out


def _sorted(notation: str) -> str:
    return "".join(t.notation for t in sorted(parse_tiles(notation)))


__all__ = ["ASKS", "ELEMENTS", "KINDS", "PARAMS", "EmbedProblem", "EmbedRequest", "choose_lang",
           "custom_exercise", "element_code", "exercise_previews", "height_of", "iframe_code",
           "kind_of", "parse", "widget_src"]
