"""The calculator's state, its URL form and what the engine says of it (no browser imports).

URL format (documented in README.md, "Calculator URL format"): a query string of
``rules``, ``c`` (concealed tiles, winning tile included), ``w`` (winning tile), ``m``
(declared melds, comma-separated: ``c234m`` chow, ``p555z`` pung, ``k1111m`` exposed kong,
``K1111m`` concealed kong), ``f`` (flowers), ``win``, ``seat``, ``round``, ``opener``,
``first=1``, ``last=1``, ``stake`` (``100/200``), ``cmp=1`` (compare the four rule sets).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any
from urllib.parse import parse_qsl, quote

import mahjong_engine as engine
from mahjong_engine import EngineError, Meld, get_rule_set, parse_tile, parse_tiles
from mahjong_engine.notation import format_tiles
from mahjong_engine.tiles import COPIES, PLAYABLE_KINDS, Tile, counts_of

from ..rulesets import DEFAULT_RULES, known

RULES = tuple(engine.RULE_SET_KEYS)   # the four documents (registered_keys(): with variants)
WINDS = ("E", "S", "W", "N")
WIN_KINDS = ("discard", "self_drawn", "kong_replacement", "robbing_kong")
MELD_CODES = {"c": ("chow", False), "p": ("pung", False), "k": ("kong", False), "K": ("kong", True)}
CODE_OF = {v: k for k, v in MELD_CODES.items()}
MAX_PARAM = 400          # longer URL values are refused (the engine's notation limit)
MAX_MELDS = 5
MAX_PENDING = 4          # a set being built from the palette holds at most a kong's four tiles

# Every face of the palette: 34 playable kinds then the 8 flowers and seasons.
FACES = tuple(Tile(i).notation for i in range(PLAYABLE_KINDS)) + tuple(f"{n}f" for n in range(1, 9))


class CalcError(Exception):
    """A refused input: a message ``key`` (domain ``errors`` or ``calculator``) and params."""

    def __init__(self, key: str, domain: str = "errors", **params: Any) -> None:
        super().__init__(key)
        self.key, self.domain, self.params = key, domain, params

    @classmethod
    def of(cls, error: EngineError) -> CalcError:
        return cls(error.key, "errors", **dict(error.params))


@dataclass(frozen=True)
class MeldSpec:
    kind: str
    tiles: str
    concealed: bool = False

    @property
    def code(self) -> str:
        return CODE_OF[(self.kind, self.concealed)] + self.tiles

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "tiles": self.tiles, "concealed": self.concealed}


@dataclass
class CalcState:
    rules: str = DEFAULT_RULES
    concealed: list[str] = field(default_factory=list)     # notation of each tile, in entry order
    win_tile: str | None = None
    melds: list[MeldSpec] = field(default_factory=list)         # MeldSpec
    flowers: list[str] = field(default_factory=list)
    win: str = "discard"
    seat: str = "E"
    round: str = "E"
    opener: str | None = None
    first_turn: bool = False
    last_tile: bool = False
    stake: str = ""
    capital: str = ""            # Macau art. 8.º (4); the facts below only where the rule
    false_win: bool = False      # set declares them (RuleSet.settlement_fields)
    discarder: str | None = None
    compare: bool = False
    pending: list[str] = field(default_factory=list, compare=False)  # a set being built (not in the URL)

    # ------------------------------------------------------------ derived
    def copy(self) -> CalcState:
        return replace(self, concealed=list(self.concealed), melds=list(self.melds),
                       flowers=list(self.flowers), pending=list(self.pending))

    def effective_win_tile(self) -> str | None:
        if self.win_tile in self.concealed:
            return self.win_tile
        return self.concealed[-1] if self.concealed else None

    def set_tiles(self) -> list[Tile]:
        tiles = [parse_tile(t) for t in self.concealed]
        for meld in self.melds:
            tiles.extend(parse_tiles(meld.tiles))
        return tiles

    def description(self, rules: str | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rules": rules or self.rules,
            "concealed": format_tiles(parse_tile(t) for t in self.concealed),
            "win_tile": self.effective_win_tile() or "",
            "melds": [m.to_json() for m in self.melds],
            "flowers": format_tiles(parse_tile(t) for t in self.flowers),
            "win": self.win, "seat_wind": self.seat, "round_wind": self.round,
            "first_turn": self.first_turn, "last_tile": self.last_tile,
        }
        if self.opener:
            data["opener_wind"] = self.opener
        if self.stake:
            data["stake"] = self.stake
        if self.capital:
            data["capital"] = int(self.capital)
        if self.false_win:
            data["false_win"] = True
        if self.discarder:
            data["discarder"] = self.discarder
        return data

    # ------------------------------------------------------------ edits (raise CalcError, keep state)
    def check_copies(self, extra: list[Tile]) -> None:
        counts = counts_of(self.set_tiles() + [parse_tile(t) for t in self.pending] + list(extra))
        for kind in range(PLAYABLE_KINDS):
            if counts[kind] > COPIES:
                raise CalcError("hand.too_many_copies", tile=Tile(kind).notation, count=counts[kind])

    def add_tile(self, notation: str) -> None:
        tile = _tile(notation)
        if tile.is_bonus:
            if tile.notation in self.flowers:
                raise CalcError("hand.bad_flowers")
            self.flowers.append(tile.notation)
            return
        self.check_copies([tile])
        self.concealed.append(tile.notation)

    def remove_tile(self, index: int) -> None:
        if 0 <= index < len(self.concealed):
            del self.concealed[index]

    def set_concealed_text(self, text: str) -> None:
        tiles = _tiles(text)
        if any(t.is_bonus for t in tiles):
            raise CalcError("hand.bonus_in_concealed")
        trial = self.copy()
        trial.concealed = []
        trial.check_copies(tiles)
        self.concealed = [t.notation for t in tiles]

    def set_flowers_text(self, text: str) -> None:
        tiles = _tiles(text)
        if any(not t.is_bonus for t in tiles) or len(set(tiles)) != len(tiles):
            raise CalcError("hand.bad_flowers")
        self.flowers = [t.notation for t in tiles]

    def add_meld(self, kind: str, text: str, concealed: bool) -> None:
        if len(self.melds) >= MAX_MELDS:
            raise CalcError("meld.too_many", "calculator")
        try:
            meld = Meld.from_tiles(kind, _checked(text), concealed=concealed)
        except EngineError as error:
            raise CalcError.of(error) from None
        if meld.kind.value == "pair":
            raise CalcError("meld.unknown_kind", kind=kind)
        self.check_copies(list(meld.tiles))
        self.melds.append(MeldSpec(meld.kind.value, meld.notation, meld.concealed))

    def add_pending(self, notation: str) -> None:
        """A palette click in "build a set" mode: flowers still go to the flowers."""
        tile = _tile(notation)
        if tile.is_bonus:
            self.add_tile(tile.notation)
            return
        if len(self.pending) >= MAX_PENDING:
            raise CalcError("meld.pending_full", "calculator", count=MAX_PENDING)
        self.check_copies([tile])
        self.pending.append(tile.notation)

    def remove_pending(self, index: int) -> None:
        if 0 <= index < len(self.pending):
            del self.pending[index]

    def declare_pending(self, kind: str, concealed: bool = False) -> None:
        """Declare the set being built as a ``kind``; refused (and kept) if it is not one."""
        tiles = [parse_tile(t) for t in self.pending]
        self.pending = []
        try:
            self.add_meld(kind, format_tiles(tiles), concealed)
        except CalcError:
            self.pending = [t.notation for t in tiles]
            raise

    def remove_meld(self, index: int) -> None:
        if 0 <= index < len(self.melds):
            del self.melds[index]

    def set_stake(self, text: str) -> None:
        text = text.strip()
        if text:
            try:
                text = str(engine.Stake.parse(text[:MAX_PARAM]))
            except EngineError as error:
                raise CalcError.of(error) from None
        self.stake = text

    def set_capital(self, text: str) -> None:
        text = text.strip()[:MAX_PARAM]
        if text and not (text.isascii() and text.isdigit() and 0 < int(text) < 10**12):
            raise CalcError("hand.bad_fact", field="capital", value=text[:40])
        self.capital = str(int(text)) if text else ""

    # ------------------------------------------------------------ URL
    def to_query(self) -> str:
        parts = [("rules", self.rules)]
        if self.concealed:
            parts.append(("c", format_tiles(parse_tile(t) for t in self.concealed)))
        win = self.effective_win_tile()
        if win:
            parts.append(("w", win))
        if self.melds:
            parts.append(("m", ",".join(m.code for m in self.melds)))
        if self.flowers:
            parts.append(("f", format_tiles(parse_tile(t) for t in self.flowers)))
        parts += [("win", self.win), ("seat", self.seat), ("round", self.round)]
        if self.opener:
            parts.append(("opener", self.opener))
        if self.first_turn:
            parts.append(("first", "1"))
        if self.last_tile:
            parts.append(("last", "1"))
        if self.stake:
            parts.append(("stake", self.stake))
        if self.capital:
            parts.append(("capital", self.capital))
        if self.false_win:
            parts.append(("nulo", "1"))
        if self.discarder:
            parts.append(("disc", self.discarder))
        if self.compare:
            parts.append(("cmp", "1"))
        return "&".join(f"{k}={quote(v, safe='/,')}" for k, v in parts)


def _checked(text: str) -> str:
    if not isinstance(text, str):
        raise CalcError("notation.not_text", position=0, column=1, text="")
    if len(text) > MAX_PARAM:
        raise CalcError("notation.too_long", position=MAX_PARAM, column=MAX_PARAM + 1, text=text[:20])
    return text


def _tiles(text: str) -> list[Tile]:
    try:
        return parse_tiles(_checked(text))
    except EngineError as error:
        raise CalcError.of(error) from None


def _tile(text: str) -> Tile:
    try:
        return parse_tile(_checked(text))
    except EngineError as error:
        raise CalcError.of(error) from None


def from_query(query: str, default_rules: str = DEFAULT_RULES) -> tuple[CalcState, list[CalcError]]:
    """Read a URL query into a state; every refused parameter is left at its default and
    reported (nothing of the URL is trusted)."""
    state = CalcState(rules=default_rules if known(default_rules) else DEFAULT_RULES)
    errors: list[CalcError] = []
    if len(query) > 8 * MAX_PARAM:
        return state, [CalcError("url.too_long", "calculator")]
    params = dict(parse_qsl(query.lstrip("?"), keep_blank_values=True))
    if "hand" in params and "c" not in params:
        params["c"] = params["hand"]

    def attempt(action: Callable[[], None]) -> None:
        try:
            action()
        except CalcError as error:
            errors.append(error)

    rules = params.get("rules")
    if rules is not None:
        if known(rules):
            state.rules = rules
        else:
            errors.append(CalcError("url.bad_value", "calculator", name="rules", value=rules[:40]))
    if "c" in params:
        attempt(lambda: state.set_concealed_text(params["c"]))
    if params.get("m"):
        for code in params["m"].split(",")[:MAX_MELDS + 1]:
            code = code.strip()
            if code[:1] in MELD_CODES:
                kind, hidden = MELD_CODES[code[0]]
                attempt(partial(state.add_meld, kind, code[1:], hidden))
            else:
                errors.append(CalcError("url.bad_value", "calculator", name="m", value=code[:40]))
    if "f" in params:
        attempt(lambda: state.set_flowers_text(params["f"]))
    if params.get("w"):
        def set_win() -> None:
            tile = _tile(params["w"])
            if tile.notation not in state.concealed:
                raise CalcError("hand.win_tile_not_in_hand", tile=tile.notation)
            state.win_tile = tile.notation
        attempt(set_win)
    for name, choices, attr in (("win", WIN_KINDS, "win"), ("seat", WINDS, "seat"),
                                ("round", WINDS, "round"), ("opener", WINDS, "opener"),
                                ("disc", WINDS, "discarder")):
        value = params.get(name)
        if value is None or (name == "opener" and value == ""):
            continue
        if value in choices:
            setattr(state, attr, value)
        else:
            errors.append(CalcError("url.bad_value", "calculator", name=name, value=value[:40]))
    for name, attr in (("first", "first_turn"), ("last", "last_tile"), ("cmp", "compare"),
                       ("nulo", "false_win")):
        value = params.get(name)
        if value is None:
            continue
        if value in ("0", "1"):
            setattr(state, attr, value == "1")
        else:
            errors.append(CalcError("url.bad_value", "calculator", name=name, value=value[:40]))
    if params.get("stake"):
        attempt(lambda: state.set_stake(params["stake"]))
    if params.get("capital"):
        attempt(lambda: state.set_capital(params["capital"]))
    return state, errors


# ---------------------------------------------------------------- what the engine says
def evaluate(state: CalcState, rules: str | None = None) -> dict[str, Any]:
    """The result for ``state`` under ``rules``: {"status": "score", "result": json} for a
    complete hand, {"status": "incomplete", ...shanten/waits} or {"status": "error", error}."""
    key = rules or state.rules
    rule_set = get_rule_set(key)
    size = len(state.concealed) + 3 * len(state.melds)
    counts = counts_of([parse_tile(t) for t in state.concealed])
    info = {"status": "incomplete", "size": size, "expected": rule_set.hand_size, "rules": key}
    if size == rule_set.hand_size and state.concealed:
        try:
            result = engine.score(state.description(key)).to_json()
        except EngineError as error:
            return {"status": "error", "error": CalcError.of(error), "rules": key}
        if result["winning"]:
            return {"status": "score", "result": result, "rules": key}
        info["status"] = "not_winning"
        info["result"] = result
    if size % 3 in (1, 2) and size <= rule_set.hand_size and len(state.melds) <= rule_set.sets:
        info["shanten"] = rule_set.shanten(counts, declared=len(state.melds))
        if size == rule_set.hand_size - 1:
            melds = [Meld.from_tiles(m.kind, m.tiles, concealed=m.concealed) for m in state.melds]
            info["waits"] = [Tile(t).notation for t in rule_set.waits(counts, melds)]
    return info
