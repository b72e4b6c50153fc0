""""Why not?": the reason an action is not legal now, with the article of the rule set's
document that says so.

``explain_illegal(state, action)`` returns a ``WhyNot`` (a message key of the ``game``
catalogue, its parameters, and the citation) or None when the action is legal. The text
is never built here: the page translates ``key`` with ``params``. Parameters are tiles
in notation (several tiles as one notation string, e.g. ``"147m"``), seats as numbers
0-3 (E, S, W, N) and counts; ``params["reading"]``, when present, is the key of the
reading of ``shared/RULES-READING.md`` the explanation rests on (a ``game.reading.*``
key, or ``<domain>.<name>`` for ``reading.<name>`` in that domain's catalogue).

The citation of each key is data on the rule-set class (``RuleSet.why_citations``,
``RuleSet.why_readings``): the same situation is explained in each document's words.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..notation import format_tiles
from ..scoring import Citation
from ..tiles import Tile, counts_of
from .actions import Action, Chow, Discard, Draw, Exchange, Kong, KongSource, Pass, Pung, Win
from .hand_state import BY_CLAIM, HandState
from .moves import completes_straight, legal_actions
from .phase import Phase

MALFORMED = "why.malformed"
Reason = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class WhyNot:
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    citation: Citation | None = None

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params),
                "citation": self.citation.to_json() if self.citation else None}


def explain_illegal(state: HandState, action: Action) -> WhyNot | None:
    """Why ``action`` is not legal in ``state`` (None when it is)."""
    if not isinstance(action, Action) or action.seat not in (0, 1, 2, 3):
        return WhyNot(MALFORMED)
    if action in legal_actions(state, action.seat):
        return None
    key, params = _reason(state, action)
    rules = type(state.rules)
    reading = rules.why_readings.get(key)
    if reading is not None:
        params["reading"] = reading
    return WhyNot(key, params, rules.why_citations.get(key))


def _reason(state: HandState, action: Action) -> Reason:
    if state.phase == Phase.ENDED:
        return "why.hand_over", {}
    if isinstance(action, Exchange):
        return _exchange(state, action)
    if state.phase == Phase.EXCHANGE:
        a, b = sorted(state.pending)
        return "why.exchange.first", {"first": a, "second": b}
    handler = _HANDLERS.get(type(action))
    if handler is None:
        return MALFORMED, {}
    return handler(state, action)


# ---------------------------------------------------------------- shared checks

def _not_current(state: HandState, seat: int) -> Reason | None:
    """Own-turn actions (draw, discard, own kong, self-drawn win) by a seat whose turn
    it is not, or at a moment that is not a turn."""
    if state.phase in (Phase.CLAIM, Phase.ROB):
        return _claims_pending(state)
    if seat != state.current:
        return "why.not_your_turn", {"current": state.current}
    return None


def _claims_pending(state: HandState) -> Reason:
    if state.phase == Phase.ROB:
        return "why.claims_pending", {"seat": state.current,
                                      "tile": _n(state.kong_tile)}
    seat, tile = state.last_discard  # type: ignore[misc]
    return "why.claims_pending", {"seat": seat, "tile": tile.notation}


def _claim_window(state: HandState, seat: int) -> Reason | None:
    """A claim on a discard: asked now, not the discarder, not answered yet."""
    if state.phase == Phase.ROB:
        return "why.rob.win_only", {"seat": state.current, "tile": _n(state.kong_tile)}
    if state.phase != Phase.CLAIM or state.last_discard is None:
        return "why.claim.no_discard", {}
    discarder, tile = state.last_discard
    if seat == discarder:
        return "why.claim.own_discard", {"tile": tile.notation}
    if state.pending.get(seat) is not None:
        return "why.claim.already_answered", {"tile": tile.notation}
    return None


def _held(state: HandState, seat: int, tile: Tile) -> int:
    return sum(1 for t in state.hands[seat] if t == tile)


def _n(tile: Tile | None) -> str:
    return tile.notation if tile is not None else ""


# ---------------------------------------------------------------- per action

def _draw(state: HandState, action: Draw) -> Reason:
    found = _not_current(state, action.seat)
    if found is not None:
        return found
    if state.got_by == BY_CLAIM:
        return "why.draw.after_claim", {}
    return "why.draw.already_drawn", {"held": state.held(action.seat)}


def _discard(state: HandState, action: Discard) -> Reason:
    found = _not_current(state, action.seat)
    if found is not None:
        return found
    if state.phase == Phase.DRAW:
        return "why.draw_first", {}
    if action.tile.is_bonus:
        return "why.discard.bonus_tile", {"tile": action.tile.notation}
    return "why.discard.not_held", {"tile": action.tile.notation}


def _pung(state: HandState, action: Pung) -> Reason:
    found = _claim_window(state, action.seat)
    if found is not None:
        return found
    discard = state.last_discard[1]  # type: ignore[index]
    if action.tile != discard:
        return "why.only_last_discard", {"tile": action.tile.notation,
                                         "discard": discard.notation}
    held = _held(state, action.seat, discard)
    if held < 2:
        return "why.pung.need_two", {"tile": discard.notation, "held": held}
    return _wall_empty(state)


def _wall_empty(state: HandState) -> Reason:
    if state.wall.live <= 0:
        return "why.wall_empty", {}
    return MALFORMED, {}


def _chow(state: HandState, action: Chow) -> Reason:
    found = _claim_window(state, action.seat)
    if found is not None:
        return found
    discarder, discard = state.last_discard  # type: ignore[misc]
    first = action.tile
    if not first.is_suited or not discard.is_suited:
        return "why.chow.honour", {"tile": (discard if not discard.is_suited else first).notation}
    if first.rank > 7:
        return "why.chow.not_a_run", {"tile": first.notation}
    run = [Tile(first + k) for k in range(3)]
    if discard not in run:
        return "why.chow.discard_not_in_run", {"discard": discard.notation,
                                               "run": format_tiles(run)}
    nxt = (discarder + 1) % 4
    if action.seat != nxt and not (state.rules.straight_chow_from_any and
                                   completes_straight(counts_of(state.hands[action.seat]), discard)):
        key = ("why.chow.not_next_straight" if state.rules.straight_chow_from_any
               else "why.only_next_may_chow")
        return key, {"discarder": discarder, "next": nxt}
    counts = counts_of(state.hands[action.seat])
    need = list(run)
    need.remove(discard)
    missing = [t for t in need if counts[t] < need.count(t)]
    if missing:
        return "why.chow.missing", {"missing": format_tiles(missing), "run": format_tiles(run)}
    return _wall_empty(state)


def _kong(state: HandState, action: Kong) -> Reason:
    seat, tile = action.seat, action.tile
    if action.source is KongSource.DISCARD:
        found = _claim_window(state, seat)
        if found is not None:
            return found
        discard = state.last_discard[1]  # type: ignore[index]
        if tile != discard:
            return "why.only_last_discard", {"tile": tile.notation, "discard": discard.notation}
        held = _held(state, seat, tile)
        if held < 3:
            return "why.kong.need_three", {"tile": tile.notation, "held": held}
        return _wall_empty(state)
    found = _not_current(state, seat)
    if found is not None:
        return found
    if state.phase == Phase.DRAW:
        return "why.draw_first", {}
    held = _held(state, seat, tile)
    if action.source is KongSource.CONCEALED:
        if held < 4:
            return "why.kong.need_four", {"tile": tile.notation, "held": held}
    else:
        exposed = any(m.kind.value == "pung" and m.tile == tile for m in state.melds[seat])
        if not exposed:
            return "why.kong.no_pung", {"tile": tile.notation}
        if held < 1:
            return "why.kong.fourth_not_held", {"tile": tile.notation}
    if state.wall.remaining <= 0:
        return "why.no_replacement", {}
    return MALFORMED, {}


def _win(state: HandState, action: Win) -> Reason:
    seat = action.seat
    if state.phase in (Phase.CLAIM, Phase.ROB):
        if state.phase == Phase.ROB:
            tile = state.kong_tile
            if seat == state.current:
                return "why.rob.own_kong", {"tile": _n(tile)}
            if state.pending.get(seat) is not None:
                return "why.claim.already_answered", {"tile": _n(tile)}
        else:
            found = _claim_window(state, seat)
            if found is not None:
                return found
            tile = state.last_discard[1]  # type: ignore[index]
        return _not_winning(state, seat, tile)
    if seat != state.current:
        return "why.not_your_turn", {"current": state.current}
    if state.phase == Phase.DRAW:
        return "why.draw_first", {}
    if state.got_by == BY_CLAIM:
        return "why.win_after_claim", {}
    return _not_winning(state, seat, None)


def _not_winning(state: HandState, seat: int, tile: Tile | None) -> Reason:
    """Why the seat's tiles (with ``tile`` from another player) make no winning hand:
    the tile is not one the ready hand waits on, or how far the hand is from complete."""
    rules = state.rules
    declared = len(state.melds[seat])
    counts = counts_of(state.hands[seat])
    if tile is not None and rules.shanten(counts, declared) == 0:
        waits = rules.waits(counts, state.melds[seat])
        return "why.win.not_a_wait", {"tile": tile.notation,
                                      "waits": format_tiles(Tile(t) for t in waits)}
    if tile is not None:
        counts[tile] += 1
    if rules.why_seven_pairs_key is not None and _seven_pairs(counts, declared):
        return rules.why_seven_pairs_key, {}
    shanten = max(rules.shanten(counts, declared), 0)
    return "why.not_complete", {"shanten": shanten, "away": shanten + 1}


def _seven_pairs(counts: list[int], declared: int) -> bool:
    """14 concealed tiles in pairs (four equal tiles as two)."""
    return not declared and sum(counts) == 14 and not any(n % 2 for n in counts)


def _pass(state: HandState, action: Pass) -> Reason:
    seat = action.seat
    if state.phase == Phase.ROB:
        if state.pending.get(seat) is not None:
            return "why.claim.already_answered", {"tile": _n(state.kong_tile)}
        return "why.pass.not_asked", {"tile": _n(state.kong_tile)}
    if state.phase != Phase.CLAIM or state.last_discard is None:
        return "why.pass.nothing", {}
    found = _claim_window(state, seat)
    if found is not None:
        return found
    return "why.pass.not_asked", {"tile": state.last_discard[1].notation}


def _exchange(state: HandState, action: Exchange) -> Reason:
    rules = state.rules
    if not rules.exchanges:
        return "why.exchange.not_in_rules", {}
    if state.phase != Phase.EXCHANGE:
        enabled = state.config.exchanges
        if enabled is None:
            enabled = rules.exchanges_on()
        if not enabled:
            return "why.exchange.switched_off", {}
        return "why.exchange.over", {}
    a, b = sorted(state.pending)
    seat = action.seat
    if seat not in state.pending:
        return "why.exchange.not_your_exchange", {"first": a, "second": b}
    if state.pending[seat] is not None:
        return "why.exchange.already_given", {}
    tiles = tuple(action.tiles)
    if len(tiles) != 2:
        return "why.exchange.two_tiles", {"count": len(tiles)}
    counts = counts_of(state.hands[seat])
    missing = [t for t in set(tiles)
               if t.is_bonus or counts[t] < tiles.count(t)]
    if missing:
        return "why.exchange.not_held", {"tiles": format_tiles(missing)}
    return MALFORMED, {}   # the two tiles in another order than (low, high)


_HANDLERS: dict[type, Callable[[HandState, Any], Reason]] = {
    Draw: _draw, Discard: _discard, Chow: _chow, Pung: _pung, Kong: _kong, Win: _win,
    Pass: _pass,
}

# Every key ``explain_illegal`` can return (the catalogue test reads this).
KEYS = (
    MALFORMED, "why.hand_over", "why.not_your_turn", "why.claims_pending", "why.draw_first",
    "why.draw.after_claim", "why.draw.already_drawn", "why.discard.bonus_tile",
    "why.discard.not_held", "why.claim.no_discard", "why.claim.own_discard",
    "why.claim.already_answered", "why.only_last_discard", "why.wall_empty",
    "why.only_next_may_chow", "why.chow.not_next_straight", "why.chow.honour",
    "why.chow.not_a_run", "why.chow.discard_not_in_run", "why.chow.missing",
    "why.pung.need_two", "why.kong.need_three", "why.kong.need_four", "why.kong.no_pung",
    "why.kong.fourth_not_held", "why.no_replacement", "why.win_after_claim",
    "why.not_complete", "why.win.not_a_wait", "why.win.seven_pairs",
    "why.win.pairs_one_family", "why.rob.own_kong", "why.rob.win_only", "why.pass.nothing",
    "why.pass.not_asked", "why.exchange.first", "why.exchange.not_in_rules",
    "why.exchange.switched_off", "why.exchange.over", "why.exchange.not_your_exchange",
    "why.exchange.already_given", "why.exchange.two_tiles", "why.exchange.not_held",
)


__all__ = ["KEYS", "WhyNot", "explain_illegal"]
