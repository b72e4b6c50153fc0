"""Hints for the human seat, from the strong player: the suggested action (its choice by
expected settlement, ``expect.py``) and, for each candidate discard, the structured
reasons (shanten before and after, the useful tiles and how many are live, the value
kept open and its patterns, the chance to win and what the win would pay, the danger, an
art. 9.º liability), plus the waiting tiles when the hand is ready (Filipino «puro»).

Only data with keys (catalogue ``static/i18n/<lang>/ai.json``); the page words it.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..game.actions import Action, Discard
from ..tiles import Tile
from ..rules.base import RuleSet
from .analysis import Candidate, read_turn
from .efficiency import Shanten, hand_counts, live_counts, useful_tiles, view_hand, view_melds
from .strong import StrongPlayer

# The deal-in chance (``defence.tile_danger``) from which a discard is called dangerous
# (about one in twenty: the riskiest tenth of the discards held), and up to which safe.
DANGEROUS = 0.05
SAFE = 0.005
REASON_KEYS = ("keeps_ready", "breaks_ready", "lowers_shanten", "keeps_shanten",
               "raises_shanten", "most_useful", "keeps_value", "dangerous", "liable", "safe")


def _name(tile: int) -> str:
    return Tile(tile).notation


def _reasons(cand: Candidate, best: Candidate, before: int) -> list[str]:
    out = []
    if before <= 0 or (cand.shanten == 0 and before == 0):
        out.append("keeps_ready" if cand.shanten == 0 else "breaks_ready")
    elif cand.shanten < before:
        out.append("lowers_shanten")
    elif cand.shanten == before:
        out.append("keeps_shanten")
    else:
        out.append("raises_shanten")
    if cand.shanten == best.shanten and cand.live == best.live:
        out.append("most_useful")
    if cand.patterns:
        out.append("keeps_value")
    if cand.liability:
        out.append("liable")
    elif cand.danger >= DANGEROUS:
        out.append("dangerous")
    elif cand.danger <= SAFE:
        out.append("safe")
    return out


def hints(view: Mapping[str, Any], legal: Sequence[Action], rules: RuleSet[Any],
          seed: int = 0) -> dict[str, Any]:
    """The hint for ``view`` (the human seat's ``GameState.view``) and its ``legal``
    actions: ``{"action", "ready", "waits", "candidates"}``; ``candidates`` is empty
    when the seat is not about to discard."""
    player = StrongPlayer(rules, random.Random(seed), view["seat"])
    action = player.choose(view, legal) if legal else None
    out: dict[str, Any] = {"action": action.to_json() if action is not None else None,
                           "ready": False, "waits": [], "candidates": []}
    counts = hand_counts(view_hand(view))
    declared = len(view_melds(view))
    size = sum(counts) + 3 * declared
    live = live_counts(view, counts)
    if size % 3 == 1:
        sh = Shanten(rules, declared)
        now = sh.relevant(counts)
        out["shanten"] = now
        if now == 0:
            tiles, _ = useful_tiles(sh, counts, live, now)
            out["ready"] = True
            out["waits"] = [{"tile": _name(t), "live": live[t]} for t in tiles]
        return out
    if not any(isinstance(a, Discard) for a in legal):
        return out
    reading = read_turn(view, rules, full=True)
    before = reading.shanten
    out["shanten"] = before
    best = reading.candidates[0]
    outlooks = player.outlooks(view, reading.candidates, reading.counts, reading.live)
    for cand in reading.candidates:
        outlook = outlooks[cand.tile]
        item: dict[str, Any] = {
            "tile": _name(cand.tile),
            "shanten_before": before,
            "shanten_after": cand.shanten,
            "useful": [_name(t) for t in cand.useful],
            "useful_live": cand.live,
            "value": cand.value,
            "patterns": list(cand.patterns),
            "danger": cand.danger,
            "liability": cand.liability,
            "reasons": _reasons(cand, best, before),
            # the expected settlement the strong level decides by (``expect.py``)
            "win_chance": round(outlook.chance, 3),
            "win_pays": round(outlook.pays, 2),
            "worth": round(outlook.worth, 4),
            "suggested": action is not None and isinstance(action, Discard)
            and int(action.tile) == cand.tile,
        }
        if cand.shanten == 0:
            item["waits"] = [{"tile": _name(t), "live": live[t],
                              "scored": cand.waits.get(t)} for t in cand.useful]
        out["candidates"].append(item)
    chosen = next((c for c in out["candidates"] if c["suggested"]), None)
    if chosen is not None and chosen["shanten_after"] == 0:
        out["ready"] = True
        out["waits"] = [{"tile": w["tile"], "live": w["live"]} for w in chosen["waits"]]
    return out


__all__ = ["REASON_KEYS", "hints"]
