"""One hand of Mah-Jong as a state machine with an action log.

``legal_actions(seat)`` lists exactly what a seat may do now; ``apply(action)`` plays
one of them and raises ``IllegalActionError`` (changing nothing) for anything else.
Everything random comes from ``random.Random(config.seed)``, so the same seed and the
same actions give the same hand; ``config.stacked`` fixes the wall for tests.

Phases: ``exchange`` (Serralheiro §7), ``turn`` (the current seat discards, declares a
kong or wins), ``draw`` (the current seat draws), ``claim`` (the others answer the last
discard), ``rob`` (the others may rob an added kong), ``ended``.
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..errors import IllegalActionError
from ..hand import HandDescription, Stake, WinKind
from ..melds import Meld, MeldKind
from ..notation import format_tiles
from ..rules.base import RuleSet
from ..tiles import PLAYABLE_KINDS, Tile, Wind, WINDS, counts_of
from .actions import Action, Chow, Discard, Draw, Exchange, Kong, KongSource, Pass, Pung, Win
from .claims import DiscardRecord, resolve_claims
from .rulesets import flow_rules
from .wall import Wall, build_wall, deal

EXCHANGE, TURN, DRAW, CLAIM, ROB, ENDED = "exchange", "turn", "draw", "claim", "rob", "ended"

# How the current seat came to hold its extra tile (what a self-drawn win is called).
BY_DEAL, BY_DRAW, BY_REPLACEMENT, BY_CLAIM = "deal", "draw", "replacement", "claim"

# Not-complete answers by (rule set, concealed counts, declared melds): shanten of a
# hand that is not complete does not depend on which melds were declared.
_COMPLETE_CACHE: dict[tuple, bool] = {}
# Emptied when full: a few MB at most, so a long simulate runs in constant memory.
_COMPLETE_CACHE_MAX = 10_000
_TILES = tuple(Tile(i) for i in range(PLAYABLE_KINDS))


@dataclass
class GameConfig:
    """Everything that fixes a hand before any action: rule set, seed, winds, options."""

    rules: str
    seed: int = 0
    round_wind: str = "E"
    exchanges: bool | None = None        # Serralheiro §7; None: the rule set's default
    stake: str | None = "50/100"         # Macau art. 7.º stake "player/banker"
    stacked: str | None = None           # a wall in drawing order (tests, tutorials)
    hand_number: int = 0
    capital: int | None = None           # Macau art. 8.º (4): a winner's capital in play

    def to_json(self) -> dict[str, Any]:
        data = {"rules": self.rules, "seed": self.seed, "round_wind": self.round_wind,
                "exchanges": self.exchanges, "stake": self.stake, "stacked": self.stacked,
                "hand_number": self.hand_number}
        if self.capital is not None:
            data["capital"] = self.capital
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "GameConfig":
        fields = ("rules", "seed", "round_wind", "exchanges", "stake", "stacked", "hand_number",
                  "capital")
        return cls(**{k: data[k] for k in fields if k in data})


@dataclass
class HandResult:
    """How the hand ended. ``payments`` are per seat (E, S, W, N) and sum to
    ``-commission``; Filipino hands pay markers (``markers``), not money."""

    winner: int | None = None
    win: str | None = None
    discarder: int | None = None
    hand: dict | None = None
    score: dict | None = None
    total: float | None = None
    payments: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    commission: int = 0
    markers: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    values: list[int] | None = None
    liable: int | None = None
    liability: str | None = None
    notes: list[str] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)
    transfers: list[dict] = field(default_factory=list)   # Transfer JSON, seats "E".."N"
    losers: list[dict | None] | None = None   # per seat: a loser's valued hand (differences)

    @property
    def draw(self) -> bool:
        return self.winner is None

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "win": self.win, "discarder": self.discarder,
                "hand": self.hand, "score": self.score, "total": self.total,
                "payments": list(self.payments), "commission": self.commission,
                "markers": list(self.markers), "values": self.values, "liable": self.liable,
                "liability": self.liability, "notes": list(self.notes),
                "readings": list(self.readings), "transfers": list(self.transfers),
                "losers": self.losers}


class GameState:
    """One hand: wall, hands, melds, flowers, discards, whose move, and the log."""

    def __init__(self, config: GameConfig, rules=None) -> None:
        self.config = config
        self.rules = rules if rules is not None else flow_rules(config.rules)
        r = self.rules
        self.rng = random.Random(config.seed)
        self.round_wind = Wind(config.round_wind)
        self.wall: Wall = build_wall(r.tile_count, r.wall_opening, r.dice, r.wall_stacks,
                                     r.dead_wall, self.rng, config.stacked)
        self.hands: list[list[Tile]] = deal(self.wall, r.deal_pattern, r.sets)
        self.melds: list[list[Meld]] = [[], [], [], []]
        self.flowers: list[list[Tile]] = [[], [], [], []]
        self.discards: list[list[Tile]] = [[], [], [], []]
        self.log: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.phase = TURN
        self.current = 0
        self.last_discard: tuple[int, Tile] | None = None
        self.pending: dict[int, Action | None] = {}
        self.kong_tile: Tile | None = None
        self.got_by = BY_DEAL
        self.last_drawn: Tile | None = self.hands[0][-1]
        self.kong_chain = 0
        self.discard_count = 0
        self.claim_count = 0
        self.turn_discards = 0
        self.exchange_step = 0
        self._rob_kong_successive = False
        self.records: list[DiscardRecord] = []
        self._tracks_liability = type(r).liable_seat is not RuleSet.liable_seat
        self.result: HandResult | None = None
        self._deal_flowers()
        exchanges = config.exchanges
        if exchanges is None:
            exchanges = r.exchanges_on()
        if exchanges:
            self.phase = EXCHANGE
            self.pending = {0: None, 1: None}

    # ------------------------------------------------------------ small facts
    @property
    def hand_size(self) -> int:
        """Tiles held between turns (13 or 16), kongs counted as three."""
        return 3 * self.rules.sets + 1

    def held(self, seat: int) -> int:
        return len(self.hands[seat]) + 3 * len(self.melds[seat])

    def wind_of(self, seat: int) -> Wind:
        return WINDS[seat]

    @property
    def ended(self) -> bool:
        return self.phase == ENDED

    def _event(self, kind: str, **data: Any) -> None:
        data["type"] = kind
        data["at"] = len(self.log)
        self.events.append(data)

    # ------------------------------------------------------------ flowers
    def _deal_flowers(self) -> None:
        """Flowers and seasons shown and replaced from the replacement end, banker first,
        each seat until it holds none (Serralheiro §6 b-c; Cayro "el Este exhibirá todas
        las flores ... Acto seguido, y en el orden establecido, los demás"; Filipino
        "Mano ... substitui suas flores primeiro")."""
        if not self.rules.uses_bonus_tiles:
            return
        for seat in range(4):
            while True:
                shown = [t for t in self.hands[seat] if t.is_bonus]
                if not shown:
                    break
                for tile in shown:
                    self.hands[seat].remove(tile)
                    self.flowers[seat].append(tile)
                    new = self.wall.draw_replacement()
                    self.hands[seat].append(new)
                    self._event("flower", seat=seat, tile=tile.notation, during="deal")
        self.last_drawn = self.hands[0][-1]

    def _take(self, seat: int, tile: Tile) -> Tile | None:
        """Put a drawn tile in the hand, showing and replacing flowers at once
        (Filipino "Quando compradas, são imediatamente reveladas e substituídas";
        Serralheiro §8 d; Cayro "la cambiará inmediatamente"). None: the wall ran out."""
        while tile.is_bonus:
            self.flowers[seat].append(tile)
            self._event("flower", seat=seat, tile=tile.notation, during="play")
            if self.wall.remaining <= 0:
                return None
            tile = self.wall.draw_replacement()
        self.hands[seat].append(tile)
        self.last_drawn = tile
        return tile

    # ------------------------------------------------------------ legal actions
    def legal_actions(self, seat: int) -> list[Action]:
        """Exactly the actions ``seat`` may take now (empty when it is not asked)."""
        if self.phase == ENDED or seat not in (0, 1, 2, 3):
            return []
        if self.phase == EXCHANGE:
            return self._exchange_actions(seat)
        if self.phase == DRAW:
            return [Draw(seat)] if seat == self.current else []
        if self.phase == TURN:
            return self._turn_actions(seat) if seat == self.current else []
        if self.phase == CLAIM:
            return self._claim_actions(seat)
        if self.phase == ROB:
            if seat in self.pending and self.pending[seat] is None:
                return [Win(seat), Pass(seat)]
            return []
        return []

    def waiting_for(self) -> list[int]:
        """The seats whose answer the hand is waiting for."""
        if self.phase in (EXCHANGE, CLAIM, ROB):
            return [s for s, a in sorted(self.pending.items()) if a is None]
        if self.phase in (TURN, DRAW):
            return [self.current]
        return []

    def _exchange_actions(self, seat: int) -> list[Action]:
        if seat not in self.pending or self.pending[seat] is not None:
            return []
        kinds = sorted(set(self.hands[seat]))
        counts = counts_of(self.hands[seat])
        out = [Exchange(seat, (a, b)) for a, b in combinations(kinds, 2)]
        out += [Exchange(seat, (a, a)) for a in kinds if counts[a] >= 2]
        return sorted(out, key=lambda x: x.tiles)

    def _turn_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        counts = counts_of(hand)
        out: list[Action] = []
        if self.got_by != BY_CLAIM and self._complete(seat, counts):
            out.append(Win(seat))
        if self.wall.remaining > 0:
            for tile in range(PLAYABLE_KINDS):
                if counts[tile] == 4:
                    out.append(Kong(seat, Tile(tile), KongSource.CONCEALED))
            for meld in self.melds[seat]:
                if meld.kind is MeldKind.PUNG and counts[meld.tile]:
                    out.append(Kong(seat, meld.tile, KongSource.ADDED))
        out.extend(Discard(seat, Tile(t)) for t in range(PLAYABLE_KINDS) if counts[t])
        return out

    def _claim_actions(self, seat: int) -> list[Action]:
        if seat not in self.pending or self.pending[seat] is not None:
            return []
        return self._claim_options(seat) + [Pass(seat)]

    def _claim_options(self, seat: int) -> list[Action]:
        """What ``seat`` could claim the last discard for (Portaria art. 4.º (3)-(6);
        Filipino "Decidir"; Serralheiro §8 b and note 8; Cayro). Only the last discard;
        only the next seat may chow; once the live wall is empty only a win is left."""
        assert self.last_discard is not None
        discarder, tile = self.last_discard
        counts = counts_of(self.hands[seat])
        out: list[Action] = []
        counts[tile] += 1
        if self._complete(seat, counts):
            out.append(Win(seat))
        counts[tile] -= 1
        if self.wall.live <= 0:
            return out
        if counts[tile] >= 3 and self.wall.remaining > 0:
            out.append(Kong(seat, tile, KongSource.DISCARD))
        if counts[tile] >= 2:
            out.append(Pung(seat, tile))
        nine = self.rules.straight_chow_from_any
        if tile.is_suited and (seat == (discarder + 1) % 4 or
                               (nine and self.completes_straight(counts, tile))):
            rank = tile.rank
            for low in range(rank - 2, rank + 1):
                if 1 <= low <= 7:
                    first = Tile(tile - rank + low)
                    run = [Tile(first + k) for k in range(3)]
                    need = list(run)
                    need.remove(tile)
                    if all(counts[t] >= (need.count(t)) for t in need):
                        out.append(Chow(seat, first))
        return out

    @staticmethod
    def completes_straight(counts: list[int], tile: Tile) -> bool:
        """``tile`` completes 1 to 9 of its suit with the other eight in hand (Cayro:
        "completara una escalera teniendo las otras ocho fichas en mano")."""
        base = tile - tile.rank + 1
        return all(counts[base + k] or base + k == tile for k in range(9))

    def claim_kind(self, claim: Action) -> str:
        """The kind a claim ranks as: a Cayro chow completing 1 to 9 ranks as
        ``chow_straight`` (it beats a pung and may be taken from any discarder)."""
        if (isinstance(claim, Chow) and self.rules.straight_chow_from_any
                and self.last_discard is not None
                and self.completes_straight(counts_of(self.hands[claim.seat]),
                                            self.last_discard[1])):
            return "chow_straight"
        return claim.kind

    def _complete(self, seat: int, counts: list[int]) -> bool:
        """The concealed tiles ``counts`` with the seat's melds make a winning hand."""
        declared = len(self.melds[seat])
        if sum(counts) + 3 * declared != 3 * self.rules.sets + 2:
            return False
        key = (bytes(counts), declared)
        done = _COMPLETE_CACHE.get((self.rules.key, key))
        if done is not None:
            return done
        tiles = tuple(_TILES[i] for i in range(PLAYABLE_KINDS) for _ in range(counts[i]))
        probe = HandDescription(rules=self.rules.key, concealed=tiles, win_tile=tiles[0],
                                melds=tuple(self.melds[seat]))
        if self.rules.is_winning(probe):
            return True  # may depend on the melds themselves: not cached
        if len(_COMPLETE_CACHE) > _COMPLETE_CACHE_MAX:
            _COMPLETE_CACHE.clear()
        _COMPLETE_CACHE[(self.rules.key, key)] = False
        return False

    def why_not(self, action: Action) -> str | None:
        """A message key saying why ``action`` is not legal now (None when it is); the
        full reason, with its parameters and citation, is ``game.why.explain_illegal``."""
        from .why import explain_illegal
        reason = explain_illegal(self, action)
        return None if reason is None else reason.key

    # ------------------------------------------------------------ applying
    def apply(self, action: Action) -> None:
        """Play ``action``; an action not in ``legal_actions`` raises and changes nothing."""
        if not isinstance(action, Action):
            raise IllegalActionError("action.malformed")
        if self.phase == ENDED:
            raise IllegalActionError("action.hand_over")
        legal = self.legal_actions(action.seat)
        if action not in legal:
            if not legal:
                raise IllegalActionError("action.not_your_turn", seat=action.seat,
                                         phase=self.phase)
            raise IllegalActionError("action.not_legal", seat=action.seat, phase=self.phase,
                                     action=action.to_json(), why=self.why_not(action))
        self.log.append(action.to_json())
        handler = getattr(self, f"_do_{action.kind}")
        handler(action)

    def _do_exchange(self, action: Exchange) -> None:
        """Serralheiro §7: the banker gives two tiles to the player on his right and takes
        two from him; then that player with the next, and so on until all four have
        exchanged (reading: four exchanges, E-S, S-W, W-N, N-E)."""
        self.pending[action.seat] = action
        if any(a is None for a in self.pending.values()):
            return
        a, b = self.exchange_step, (self.exchange_step + 1) % 4
        give_a = self.pending[a].tiles  # type: ignore[union-attr]
        give_b = self.pending[b].tiles  # type: ignore[union-attr]
        for tile in give_a:
            self.hands[a].remove(tile)
        for tile in give_b:
            self.hands[b].remove(tile)
        self.hands[a].extend(give_b)
        self.hands[b].extend(give_a)
        self._event("exchange", seats=[a, b])
        self.exchange_step += 1
        if self.exchange_step < 4:
            nxt = self.exchange_step
            self.pending = {nxt: None, (nxt + 1) % 4: None}
        else:
            self.pending = {}
            self.phase = TURN
            self.current = 0
            self.got_by = BY_DEAL
            self.last_drawn = self.hands[0][-1]

    def _do_draw(self, action: Draw) -> None:
        seat = action.seat
        tile = self.wall.draw()
        self.turn_discards = 0
        self.kong_chain = 0
        self.got_by = BY_DRAW
        if self._take(seat, tile) is None:
            self._end_draw("wall_empty_in_replacement")
            return
        self.phase = TURN

    def _do_discard(self, action: Discard) -> None:
        seat, tile = action.seat, action.tile
        before = tuple(self.hands[seat])
        ready = self._is_ready(seat, before, tile) if self._tracks_liability else False
        visible = self._visible()
        self.hands[seat].remove(tile)
        self.discards[seat].append(tile)
        self.last_discard = (seat, tile)
        self.discard_count += 1
        self.turn_discards += 1
        self.records.append(DiscardRecord(seat, tile, before, len(self.melds[seat]), ready,
                                          visible, self.discard_count))
        self.pending = {s: None for s in range(4) if s != seat and self._claim_options(s)}
        self.phase = CLAIM
        if not self.pending:
            self._after_discard()

    def _is_ready(self, seat: int, before: tuple[Tile, ...], tile: Tile) -> bool:
        """Was the seat waiting («a chamar») before this turn: does some discard leave
        it ready? Used for Portaria art. 9.º (5)-(6)."""
        counts = counts_of(before)
        declared = len(self.melds[seat])
        for t in set(before):
            counts[t] -= 1
            ok = self.rules.shanten(counts, declared) == 0
            counts[t] += 1
            if ok:
                return True
        return False

    def _visible(self) -> tuple[Tile, ...]:
        out: list[Tile] = []
        for seat in range(4):
            out.extend(self.discards[seat])
            for meld in self.melds[seat]:
                out.extend(meld.tiles)
        return tuple(out)

    def _do_pass(self, action: Pass) -> None:
        self.pending[action.seat] = action
        self._maybe_resolve()

    def _do_chow(self, action: Chow) -> None:
        self.pending[action.seat] = action
        self._maybe_resolve()

    def _do_pung(self, action: Pung) -> None:
        self.pending[action.seat] = action
        self._maybe_resolve()

    def _do_win(self, action: Win) -> None:
        if self.phase == TURN:
            kind = WinKind.KONG_REPLACEMENT if self.got_by == BY_REPLACEMENT else WinKind.SELF_DRAWN
            self._finish_win(action.seat, kind, None)
            return
        self.pending[action.seat] = action
        self._maybe_resolve()

    def _do_kong(self, action: Kong) -> None:
        if action.source is KongSource.DISCARD:
            self.pending[action.seat] = action
            self._maybe_resolve()
            return
        seat, tile = action.seat, action.tile
        # «Kong seong kong» (Portaria art. 5.º (3)): the replacement tile is «a 4.ª doutro
        # conjunto de 3 pedras iguais que tenha na mão»: a kong of a pung held in the hand,
        # not a tile added to a pung on the table.
        successive = (self.got_by == BY_REPLACEMENT and tile == self.last_drawn
                      and action.source is KongSource.CONCEALED)
        if action.source is KongSource.CONCEALED:
            for _ in range(4):
                self.hands[seat].remove(tile)
            self.melds[seat].append(Meld(MeldKind.KONG, tile, concealed=True, declared=True))
            self._replace(seat, successive)
            return
        # Added kong: the others may rob it first (Portaria art. 5.º (2) «Ch'eong kong»;
        # Filipino "Rob the Kong"; Cayro "Robar ..." read as robbing the kong).
        self.kong_tile = tile
        self.pending = {}
        for other in range(4):
            if other == seat:
                continue
            counts = counts_of(self.hands[other])
            counts[tile] += 1
            if self._complete(other, counts):
                self.pending[other] = None
        if self.pending:
            self.phase = ROB
            self._rob_kong_successive = successive
            return
        self._complete_added_kong(seat, tile, successive)

    def _complete_added_kong(self, seat: int, tile: Tile, successive: bool) -> None:
        self.hands[seat].remove(tile)
        index = next(i for i, m in enumerate(self.melds[seat])
                     if m.kind is MeldKind.PUNG and m.tile == tile)
        self.melds[seat][index] = Meld(MeldKind.KONG, tile, concealed=False, declared=True)
        self.kong_tile = None
        self.pending = {}
        self.phase = TURN
        self._replace(seat, successive)

    def _replace(self, seat: int, successive: bool) -> None:
        """A kong takes a replacement from the replacement end (Portaria art. 4.º (5);
        Serralheiro §9 a; Cayro "tomará ficha de la muralla muerta")."""
        self.kong_chain = self.kong_chain + 1 if successive else 1
        self.got_by = BY_REPLACEMENT
        self.turn_discards = 0
        tile = self.wall.draw_replacement()
        if self._take(seat, tile) is None:
            self._end_draw("wall_empty_in_replacement")
            return
        self.phase = TURN
        self.current = seat

    def _maybe_resolve(self) -> None:
        if any(a is None for a in self.pending.values()):
            return
        if self.phase == ROB:
            self._resolve_rob()
        else:
            self._resolve_claims()

    def _resolve_rob(self) -> None:
        seat = self.current
        tile = self.kong_tile
        assert tile is not None
        winners = [s for s, a in self.pending.items() if isinstance(a, Win)]
        if not winners:
            self._complete_added_kong(seat, tile, getattr(self, "_rob_kong_successive", False))
            return
        winner = min(winners, key=lambda s: (s - seat) % 4)
        self.hands[seat].remove(tile)
        self.hands[winner].append(tile)
        self.last_drawn = tile
        self.pending = {}
        self.kong_tile = None
        self._finish_win(winner, WinKind.ROBBING_KONG, seat, tile)

    def _resolve_claims(self) -> None:
        assert self.last_discard is not None
        discarder, tile = self.last_discard
        claims = [a for a in self.pending.values() if not isinstance(a, Pass)]
        self.pending = {}
        chosen = resolve_claims(self.rules, discarder, claims, self.claim_kind)
        if chosen is None:
            self._after_discard()
            return
        seat = chosen.seat
        self.discards[discarder].pop()
        self.claim_count += 1
        if self.records:
            self.records[-1].claimed_by = seat
            self.records[-1].claim = chosen.kind
            self.records[-1].claimant_melds = tuple(self.melds[seat])
        if isinstance(chosen, Win):
            self.hands[seat].append(tile)
            self.last_drawn = tile
            self._finish_win(seat, WinKind.DISCARD, discarder, tile)
            return
        self.current = seat
        self.turn_discards = 0
        self.last_discard = None
        if isinstance(chosen, Chow):
            run = [Tile(chosen.tile + k) for k in range(3)]
            run.remove(tile)
            for t in run:
                self.hands[seat].remove(t)
            self.melds[seat].append(Meld(MeldKind.CHOW, chosen.tile, declared=True))
        elif isinstance(chosen, Pung):
            for _ in range(2):
                self.hands[seat].remove(tile)
            self.melds[seat].append(Meld(MeldKind.PUNG, tile, declared=True))
        else:  # kong from the discard
            for _ in range(3):
                self.hands[seat].remove(tile)
            self.melds[seat].append(Meld(MeldKind.KONG, tile, declared=True))
            self.kong_chain = 0
            self._replace(seat, False)
            return
        self.got_by = BY_CLAIM
        self.kong_chain = 0
        self.phase = TURN

    def _after_discard(self) -> None:
        """Nobody claimed: the next seat draws, or the hand is drawn when the live wall
        is empty ("A partida termina ... quando se acabarem as pedras da muralha",
        Serralheiro §8 g; a draw pays nothing)."""
        assert self.last_discard is not None
        discarder = self.last_discard[0]
        if self.wall.live <= 0:
            self._end_draw("wall_exhausted")
            return
        self.current = (discarder + 1) % 4
        self.phase = DRAW

    # ------------------------------------------------------------ the end
    def _end_draw(self, reason: str) -> None:
        self.phase = ENDED
        self.pending = {}
        self.result = HandResult(notes=[f"game.end.{reason}"], readings=self.flow_readings())
        self._event("draw", reason=reason)

    def winner_hand(self, seat: int, kind: WinKind,
                    win_tile: Tile | None = None) -> HandDescription:
        """The HandDescription of the winning hand, with the flags the scorers read:
        ``first_turn`` (Portaria art. 4.º (1)-(2) t'in vu / tei vu; Filipino bisaklat;
        Serralheiro «Fulminante»): the banker's win on his dealt (or exchanged) hand
        before any discard, or a win on the banker's first discard before any claim;
        ``last_tile``: won with the last tile of the live wall, drawn (Cayro; Serralheiro
        «Lua Pescada no Fundo do Mar»; reading ``game.reading.last_tile_drawn``);
        ``successive_kongs``: won on the replacement of a kong made with the replacement
        of another kong (Portaria art. 5.º (3) «Kong seong kong»)."""
        hand = tuple(self.hands[seat])
        tile = win_tile if win_tile is not None else self.last_drawn
        if tile is None or tile not in hand:
            tile = hand[-1]
        if kind in (WinKind.SELF_DRAWN, WinKind.KONG_REPLACEMENT):
            first = self.got_by == BY_DEAL and seat == 0 and self.discard_count == 0
        elif kind is WinKind.DISCARD:
            first = self.discard_count == 1 and self.claim_count <= 1 and self.records[0].seat == 0
        else:
            first = False
        last = kind.from_wall and self.wall.live == 0 and self.got_by != BY_DEAL
        rules = self.rules
        opener = self.opener_wind()
        stake = Stake.parse(self.config.stake) if (self.config.stake and
                                                   rules.unit.value == "fan") else None
        extra = {}
        if "successive_kongs" in HandDescription.__dataclass_fields__:
            extra["successive_kongs"] = (kind is WinKind.KONG_REPLACEMENT and self.kong_chain >= 2)
        description = HandDescription(
            rules=rules.key, concealed=hand, win_tile=tile, melds=tuple(self.melds[seat]),
            flowers=tuple(self.flowers[seat]), win=kind, seat_wind=WINDS[seat],
            round_wind=self.round_wind, opener_wind=opener, first_turn=first, last_tile=last,
            stake=stake, **extra)
        # The capital in play reaches the scorer as the same fact ``score`` reads (Macau
        # art. 8.º (4)), where the rule set declares it.
        if self.config.capital is not None and "capital" in rules.settlement_fields:
            description = rules.read_facts(description, {"capital": self.config.capital})
        return description

    def opener_wind(self) -> Wind | None:
        """The «abridor»'s wind (Serralheiro §4, §9 d ii), where the rule set has one."""
        if self.wall.opening is not None and self.rules.opener_scores:
            return WINDS[self.wall.opening.opener]
        return None

    def _finish_win(self, seat: int, kind: WinKind, discarder: int | None,
                    win_tile: Tile | None = None) -> None:
        from .settle import settle_win
        description = self.winner_hand(seat, kind, win_tile)
        self.phase = ENDED
        self.pending = {}
        self.current = seat
        self.result = settle_win(self, seat, kind, discarder, description)
        self.result.readings = self.flow_readings(description)
        self._event("win", seat=seat, win=kind.value)

    def flow_readings(self, hand: HandDescription | None = None) -> list[str]:
        """The game-flow readings (``game.reading.*``) this hand relies on."""
        keys = set(self.rules.flow_readings)
        keys.add("game.reading.flower_replacement_not_loose")
        if hand is not None:
            if hand.first_turn:
                keys.add("game.reading.first_turn")
            if hand.last_tile:
                keys.add("game.reading.last_tile_drawn")
            if hand.win is WinKind.ROBBING_KONG:
                keys.add("game.reading.robbing_added_kong")
            if hand.win is WinKind.DISCARD and self.wall.live == 0:
                keys.add("game.reading.last_discard_win_only")
        if not self.rules.uses_bonus_tiles:
            keys.discard("game.reading.flower_replacement_not_loose")
        return sorted(keys)

    # ------------------------------------------------------------ views
    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, as tiles and melds (what a player is given): its own
        tiles; everyone's melds (a concealed kong as a kong laid down), flowers and
        discards; how many tiles the others hide; the wall; the last discard."""
        last = self.last_discard
        return {
            "rules": self.rules.key,
            "seat": seat,
            "round_wind": self.round_wind,
            "phase": self.phase,
            "current": self.current,
            "hand": sorted(self.hands[seat]),
            "drawn": (self.last_drawn if seat == self.current and self.phase == TURN
                      else None),
            "melds": [tuple(self.melds[s]) for s in range(4)],
            "flowers": [tuple(self.flowers[s]) for s in range(4)],
            "discards": [tuple(self.discards[s]) for s in range(4)],
            "hidden_counts": [len(self.hands[s]) for s in range(4)],
            "wall_left": self.wall.remaining,
            "live_left": self.wall.live,
            "last_discard": last,
            "kong_tile": self.kong_tile,
            "exchange_step": self.exchange_step if self.phase == EXCHANGE else None,
        }

    def tiles_in_play(self) -> list[Tile]:
        """Every tile of the set, wherever it is now (for the invariants)."""
        out = list(self.wall.left())
        for seat in range(4):
            out.extend(self.hands[seat])
            out.extend(self.flowers[seat])
            out.extend(self.discards[seat])
            for meld in self.melds[seat]:
                out.extend(meld.tiles)
        return out

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON data (for comparisons and debugging)."""
        return {
            "config": self.config.to_json(),
            "phase": self.phase,
            "current": self.current,
            "wall": self.wall.to_json(),
            "hands": [format_tiles(h, sort=False) for h in self.hands],
            "melds": [[m.to_json() for m in ms] for ms in self.melds],
            "flowers": [format_tiles(f, sort=False) for f in self.flowers],
            "discards": [format_tiles(d, sort=False) for d in self.discards],
            "pending": {str(k): (v.to_json() if v else None) for k, v in self.pending.items()},
            "last_discard": ([self.last_discard[0], self.last_discard[1].notation]
                             if self.last_discard else None),
            "got_by": self.got_by,
            "exchange_step": self.exchange_step,
            "log": list(self.log),
            "events": list(self.events),
            "result": self.result.to_json() if self.result else None,
        }

    def replay(self, actions: Iterable[Action]) -> "GameState":
        for action in actions:
            self.apply(action)
        return self
