"""The value of the hand being built, per rule set, in that rule set's own terms.

While a hand is far from ready, ``estimate`` reads which patterns it keeps open
(pattern keys, catalogue ``ai.json`` ``pattern.<key>``) and turns them into a rough
value relative to the smallest win (1.0). Once it is ready, ``ready_value`` scores each
winning tile with the rule set itself, so the figure is exact.

What drives the weights:

- Macau (Portaria 133/88/M art. 5.º-6.º): a loser pays 1, 2 or 4 units for «kai vu»,
  one «fan» or «fan dobrado»; pure one suit («Ch'ing iat sék», (3)) is fan dobrado
  outright, pungs of dragons and valued winds, «Tói-tói vu», «P'ing vu» and mixed one
  suit («Wan iat sék») are one fan each ((2)).
- Serralheiro (2003) §10 c and the list of special hands, Cayro «Dobles»: points doubled
  for dragon and own-wind pungs and for one-suit hands («Pindérico», «Una sola
  familia»); Serralheiro's «Pares na Régua» is a limit hand.
- Filipino ("Marcar a vitória"): 1 marker, 2 for bunot, eskalera or siyete pares, 3
  for two of them.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..hand import HandDescription, WinKind
from ..melds import Meld, MeldKind
from ..rules.base import RuleSet, Valuation, ValueHints
from ..tiles import PLAYABLE_KINDS, Tile, Wind

PURE_ONE_SUIT = "pure_one_suit"
MIXED_ONE_SUIT = "mixed_one_suit"
VALUED_HONOURS = "valued_honours"
ALL_PUNGS = "all_pungs"
ESKALERA = "eskalera"
SIYETE_PARES = "siyete_pares"
SEVEN_PAIRS = "seven_pairs"
PATTERNS = (PURE_ONE_SUIT, MIXED_ONE_SUIT, VALUED_HONOURS, ALL_PUNGS, ESKALERA, SIYETE_PARES,
            SEVEN_PAIRS)


@dataclass(frozen=True)
class ValueEstimate:
    """``value``: the hand's value if it wins, 1.0 being the smallest win of the rule
    set; ``patterns``: the pattern keys still open, strongest first."""

    value: float
    patterns: tuple[str, ...]


def valued_honours(seat: Wind, round_wind: Wind, hints: ValueHints) -> tuple[int, ...]:
    """Honours whose pung is worth something: dragons always; the seat's wind; the
    round's wind where ``hints.round_wind`` (Macau art. 5.º (2)); East's wind where
    ``hints.banker_wind`` (Serralheiro §10 c, the banker's wind)."""
    out = {int(Tile.WHITE), int(Tile.GREEN), int(Tile.RED), int(seat.tile)}
    if hints.round_wind:
        out.add(int(round_wind.tile))
    if hints.banker_wind:
        out.add(int(Tile.EAST))
    return tuple(sorted(out))


def _suit_weight(off: int) -> float:
    return (1.0, 0.8, 0.6, 0.35, 0.15)[off] if off < 5 else 0.0


def _features(counts: Sequence[int], melds: Sequence[Meld], valued: Sequence[int],
              live: Sequence[int] | None, sets: int) -> dict[str, float]:
    """How far each pattern is kept open, 0 (gone) to 1 (made)."""
    suit_n = [0, 0, 0]
    honours = 0
    for tile in range(PLAYABLE_KINDS):
        n = counts[tile]
        if n:
            if tile < 27:
                suit_n[tile // 9] += n
            else:
                honours += n
    meld_suits = set()
    chow_melds = 0
    pung_melds = 0
    for meld in melds:
        k = len(meld.tiles) if meld.kind is not MeldKind.KONG else 3
        if meld.tile < 27:
            suit_n[meld.tile // 9] += k
            meld_suits.add(meld.tile // 9)
        else:
            honours += k
        if meld.kind is MeldKind.CHOW:
            chow_melds += 1
        else:
            pung_melds += 1
    dominant = max(range(3), key=lambda s: suit_n[s])
    off = sum(suit_n) - suit_n[dominant]
    mixed_ok = not (meld_suits - {dominant})
    out: dict[str, float] = {}
    if mixed_ok:
        pure = _suit_weight(off + honours)
        mixed = _suit_weight(off) if honours else 0.0
        if pure:
            out[PURE_ONE_SUIT] = pure
        if mixed > pure:
            out[MIXED_ONE_SUIT] = mixed
    honour_value = 0.0
    for tile in valued:
        n = counts[tile]
        if n >= 3 or any(m.tile == tile and m.kind is not MeldKind.CHOW for m in melds):
            honour_value += 1.0
        elif n == 2 and (live is None or live[tile] > 0):
            honour_value += 0.35
    if honour_value:
        out[VALUED_HONOURS] = honour_value
    if not chow_melds:
        pungs = pung_melds + sum(1 for n in counts if n >= 3)
        pairs = sum(1 for n in counts if n == 2)
        score = (pungs + 0.5 * min(pairs, sets + 1 - pungs)) / (sets + 0.5)
        if score >= 0.55:
            out[ALL_PUNGS] = min(1.0, score)
    pairs_held = sum(n // 2 for n in counts)
    if len(melds) <= 1 and pairs_held >= 4:
        out["pairs"] = min(1.0, (pairs_held - 3) / 4)
    for s in range(3):
        base = 9 * s
        ranks = sum(1 for r in range(9) if counts[base + r])
        for meld in melds:
            if meld.kind is MeldKind.CHOW and meld.tile - base in (0, 3, 6):
                ranks += 3
            elif meld.tile // 9 == s and meld.tile < 27:
                ranks -= 1
        if ranks >= 6:
            out[ESKALERA] = max(out.get(ESKALERA, 0.0), min(1.0, (ranks - 5) / 4))
    return out


def estimate(hints: ValueHints, counts: Sequence[int], melds: Sequence[Meld], seat: Wind,
             round_wind: Wind, live: Sequence[int] | None = None, sets: int = 4) -> ValueEstimate:
    """The value of the hand kept (``counts`` concealed, ``melds`` declared) if it goes
    on to win, relative to the rule set's smallest win (``hints``: the rule set's
    ``value_hints``)."""
    f = _features(counts, melds, valued_honours(seat, round_wind, hints), live, sets)
    pairs = f.pop("pairs", 0.0)
    value = 1.0
    kept: dict[str, float] = {}
    if hints.valuation is Valuation.FAN:
        fan = f.get(VALUED_HONOURS, 0.0) + f.get(MIXED_ONE_SUIT, 0.0) + f.get(ALL_PUNGS, 0.0)
        if f.get(PURE_ONE_SUIT, 0.0) > 0.5:
            fan += 2 * f[PURE_ONE_SUIT]
        value = 2 ** min(2.0, fan)
        kept = {k: v for k, v in f.items() if k != ESKALERA}
    elif hints.valuation is Valuation.MARKERS:
        markers = 1.0 + f.get(ESKALERA, 0.0) * 0.8
        if pairs:
            kept[SIYETE_PARES] = pairs
            markers += pairs * 0.8
        value = min(3.0, markers)
        kept.update({k: v for k, v in f.items() if k == ESKALERA})
    else:
        doubles = f.get(VALUED_HONOURS, 0.0)
        pure = f.get(PURE_ONE_SUIT, 0.0)
        doubles += 3 * pure if pure > 0.5 else 0.0
        doubles += f.get(MIXED_ONE_SUIT, 0.0)
        doubles += f.get(ALL_PUNGS, 0.0) if hints.all_pungs_double else 0.0
        points = 1.0 + 0.5 * f.get(ALL_PUNGS, 0.0)
        value = points * 2 ** min(4.0, doubles)
        kept = {k: v for k, v in f.items() if k != ESKALERA}
        if hints.pairs_limit and pairs and pure > 0.5:
            kept[SEVEN_PAIRS] = pairs
            value = max(value, 1.0 + 15 * pairs * pure)
    patterns = tuple(k for k, _ in sorted(kept.items(), key=lambda kv: (-kv[1], kv[0])))
    return ValueEstimate(round(value, 3), patterns)


def ready_value(rules: RuleSet[Any], counts: Sequence[int], melds: Sequence[Meld], waits: Sequence[int],
                seat: Wind, round_wind: Wind, self_drawn: bool = False,
                limit: int = 4) -> dict[int, float]:
    """The scored total of the hand completed by each waiting tile (at most ``limit``
    of them; a tile the rule set does not accept counts 0)."""
    out: dict[int, float] = {}
    base = tuple(Tile(i) for i in range(PLAYABLE_KINDS) for _ in range(counts[i]))
    for tile in list(waits)[:limit]:
        hand = HandDescription(rules=rules.key, concealed=tuple(sorted((*base, Tile(tile)))),
                               win_tile=Tile(tile), melds=tuple(melds),
                               win=WinKind.SELF_DRAWN if self_drawn else WinKind.DISCARD,
                               seat_wind=seat, round_wind=round_wind)
        try:
            result = rules.score(hand)
        except Exception:  # an odd shape the scorer refuses: no value
            out[tile] = 0.0
            continue
        out[tile] = float(result.total or 0) if result.winning else 0.0
    return out


__all__ = ["PATTERNS", "ValueEstimate", "estimate", "ready_value", "valued_honours"]
