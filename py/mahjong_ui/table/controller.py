"""The table's controller: a match of one rule set with the human as player 0 (always
drawn at the bottom of the table; the seat wind moves as the deal passes) and three
computer players, or four computer players in watch mode.

Pure Python, no ``js``: the view asks ``model()`` for what to draw, calls ``step()`` on a
timer for computer moves and ``act()`` for the human's, and stores ``to_json()``.
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from mahjong_engine.ai.players import LEVELS as COMPUTER_LEVELS, make_player
from mahjong_engine.errors import EngineError, IllegalActionError
from mahjong_engine.notation import parse_tiles
from mahjong_engine.game.config import MAX_SEED, text, whole
from mahjong_engine.game import (
    FORMAT_VERSION,
    Action,
    Discard,
    Draw,
    GameState,
    Match,
    Pass,
    Phase,
    RecordError,
    action_from_json,
    load_hand,
)
from mahjong_engine.tiles import Tile

from . import board, match_end
from .saves import KIND, SAVE_FORMAT, migrate
from .learning import CLAIM_KINDS, ready_waits, why_not
from .view_model import (
    ActionModel,
    LearningModel,
    MeldModel,
    ResultModel,
    SeatModel,
    TableModel,
)

TABLE_FORMAT = SAVE_FORMAT
HUMAN = 0
POSITIONS = ("bottom", "right", "top", "left")
LEVELS = tuple(level for level in COMPUTER_LEVELS if level != "baseline")   # offered
WIND_NAMES = "ESWN"


def tile_list(tiles: Iterable[Tile]) -> list[str]:
    return [t.notation for t in tiles]


class TableController:
    def __init__(self, rules: str, seed: int | None = None, watch: bool = False,
                 level: str = "normal", learning: bool = False) -> None:
        self.rules_key = rules
        self.seed = random.randrange(1, 2 ** 31) if seed is None else seed
        self.watch = watch
        # a learning game (issue 7): waits shown, "why not?", undo; its match is not scored
        self.learning = learning and not watch
        self.decisions: list[int] = []   # log positions of the human's own decisions
        self.level = level if level in LEVELS else "normal"
        self.match = Match(rules, self.seed)
        self.state: GameState = self.match.new_hand()
        self._ledger: tuple[int, list[dict[str, Any]]] | None = None
        self.booked = False
        self._players: dict[int, Any] = {}
        self.hand_players = self._seating()

    def _seating(self) -> list[int]:
        """The player at each seat (E, S, W, N) of the current hand, fixed when the hand
        starts (finishing it may move the bank)."""
        return [self.match.player_at(s) for s in range(4)]

    # ------------------------------------------------------------ seats
    @property
    def human_seat(self) -> int | None:
        return None if self.watch else self.hand_players.index(HUMAN)

    def set_level(self, level: str) -> None:
        """The computer players' level; they are made again at it for their next move."""
        self.level = level if level in LEVELS else "normal"
        self._players = {}

    def _player_for(self, seat: int) -> Any:
        player = self._players.get(seat)
        if player is None:
            rng = random.Random(self.match.seed * 7 + self.match.hands_played * 4 + seat)
            player = self._players[seat] = make_player(self.level, seat, self.state.rules, rng)
        return player

    def human_legal(self) -> list[Action]:
        seat = self.human_seat
        if seat is None or self.state.ended:
            return []
        return self.state.legal_actions(seat)

    def awaiting(self) -> str:
        """``human`` when the game waits for the human, ``computer`` when a computer (or
        the human's automatic draw) is to move, ``ended`` at the end of a hand."""
        if self.state.ended:
            return "ended"
        seat = self.human_seat
        for s in self.state.waiting_for():
            if s != seat:
                return "computer"
        legal = self.human_legal()
        if any(isinstance(a, Draw) for a in legal) or (len(legal) == 1 and isinstance(legal[0], Pass)):
            return "computer"
        return "human"

    # ------------------------------------------------------------ moves
    def step(self) -> bool:
        """One computer move (or the human's automatic draw / forced pass); False when
        nothing is to be done by the computer."""
        if self.state.ended:
            return False
        seat = self.human_seat
        for s in self.state.waiting_for():
            legal = self.state.legal_actions(s)
            if s == seat:
                if any(isinstance(a, Draw) for a in legal):
                    self._apply(Draw(s))
                    return True
                if len(legal) == 1 and isinstance(legal[0], Pass):
                    self._apply(legal[0])
                    return True
                continue
            action = self._player_for(s).choose(self.state.view(s), legal)
            self._apply(action)
            return True
        return False

    def act(self, data: dict[str, Any]) -> None:
        """The human's move as action JSON (without the seat); an illegal one raises
        ``IllegalActionError`` and changes nothing."""
        seat = self.human_seat
        if seat is None:
            raise IllegalActionError("action.not_your_turn", seat=-1, phase=self.state.phase.value)
        action = action_from_json({**data, "seat": seat})
        position = len(self.state.log)
        self._apply(action)
        self.decisions.append(position)

    def _apply(self, action: Action) -> None:
        self.state.apply(action)
        if self.state.ended and not self.booked:
            self.match.finish_hand(self.state)
            self.booked = True

    def next_hand(self) -> None:
        if not self.state.ended or self.match.over:
            raise IllegalActionError("match.hand_not_over" if not self.state.ended else "match.over")
        self.state = self.match.new_hand()
        self.booked = False
        self._players = {}
        self.decisions = []
        self.hand_players = self._seating()

    # ------------------------------------------------------------ learning
    @property
    def can_undo(self) -> bool:
        return self.learning and bool(self.decisions)

    def undo(self) -> None:
        """Take back the human's last decision and the computer moves after it: the hand
        is rebuilt from its log cut before that decision (a booked hand is unbooked)."""
        if not self.learning:
            raise IllegalActionError("table.undo_not_scored")
        if not self.decisions:
            raise IllegalActionError("table.undo_nothing")
        data = self.to_json()
        cut = self.decisions[-1]
        if self.booked:
            data["match"]["hands"] = data["match"]["hands"][:-1]
            data["booked"] = False
        data["current"] = data["current"][:cut]
        data["decisions"] = self.decisions[:-1]
        again = TableController.from_json(data)
        self.__dict__.update(again.__dict__)

    def why_not(self, kind: str) -> dict[str, Any] | None:
        """Why the human may not make the claim ``kind`` now (None when he may); changes
        nothing."""
        seat = self.human_seat
        if seat is None or kind not in CLAIM_KINDS or self.awaiting() != "human":
            return None
        return why_not(self.state, seat, kind)

    # ------------------------------------------------------------ saving
    def to_json(self) -> dict[str, Any]:
        return {"format": TABLE_FORMAT, "kind": KIND, "engine_format": FORMAT_VERSION,
                "rules": self.rules_key, "seed": self.seed, "watch": self.watch,
                "level": self.level, "match": self.match.to_json(),
                "booked": self.booked, "current": list(self.state.log),
                "seating": list(self.hand_players), "learning": self.learning,
                "decisions": list(self.decisions)}

    @classmethod
    def from_json(cls, data: Any) -> TableController:
        """Rebuild a saved table of any known format version (``saves.migrate``); raises
        ``RecordError`` (``record.bad_version`` or ``record.corrupted``) for anything that
        cannot be played on."""
        data = migrate(data)
        try:
            self = cls.__new__(cls)
            self.rules_key = text(data.get("rules"), "rules") or ""
            self.seed = whole(data.get("seed"), "seed", -MAX_SEED, MAX_SEED - 1)
            self.watch = bool(data.get("watch", False))
            self.learning = data.get("learning") is True and not self.watch
            self.level = data.get("level") if data.get("level") in LEVELS else "normal"
            self._players = {}
            self.match = Match.from_json(data["match"])
            if self.match.rules_key != self.rules_key:
                raise RecordError("record.corrupted", reason="record.malformed")
            self.booked = bool(data.get("booked"))
            if self.booked:
                # the booked hand was played with the seating of the banker before it
                self.state = load_hand(self.match.hands[-1])
                seating = data.get("seating")
                if (not isinstance(seating, list) or not all(type(p) is int for p in seating)
                        or sorted(seating) != [0, 1, 2, 3]):
                    raise RecordError("record.corrupted", reason="record.malformed")
                self.hand_players = list(seating)
            else:
                self.state = self.match.new_hand()
                self.hand_players = self._seating()
                for item in data.get("current", []):
                    self.state.apply(action_from_json(item))
                if self.state.ended:
                    self.match.finish_hand(self.state)
                    self.booked = True
            decisions = data.get("decisions", [])
            if not isinstance(decisions, list):
                raise RecordError("record.corrupted", reason="record.malformed")
            size = len(self.state.log)
            self.decisions = [int(i) for i in decisions if isinstance(i, int) and 0 <= i < size]
            return self
        except RecordError:
            raise
        except EngineError as error:
            raise RecordError("record.corrupted", reason=error.key) from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            raise RecordError("record.corrupted", reason="record.malformed") from None

    # ------------------------------------------------------------ the render model
    def position_of(self, seat: int) -> str:
        """Where a seat is drawn: player 0 at the bottom, the next seat in turn order
        (who plays after him) on the right."""
        bottom = self.hand_players.index(HUMAN)
        return POSITIONS[(seat - bottom) % 4]

    def model(self) -> TableModel:
        st = self.state
        wall = st.wall
        human = self.human_seat
        seats: list[SeatModel] = []
        for seat in range(4):
            player = self.hand_players[seat]
            melds: list[MeldModel] = []
            claimed = board.claimed_sets(st, seat)
            for index, meld in enumerate(st.melds[seat]):
                melds.append({"kind": meld.kind.value, "tiles": tile_list(meld.tiles),
                              "concealed": bool(meld.concealed)})
                if index in claimed and not meld.concealed:
                    melds[-1]["claimed"] = claimed[index]
            shown = seat == human or self.watch or st.ended
            seats.append({
                "seat": seat, "player": player, "position": self.position_of(seat),
                "wind": WIND_NAMES[seat], "banker": seat == 0, "human": seat == human,
                "current": seat in st.waiting_for(),
                "hidden": len(st.hands[seat]),
                "tiles": tile_list(sorted(st.hands[seat])) if shown and seat != human else None,
                "discards": tile_list(st.discards[seat]),
                "pond": board.pond(st, seat),
                "melds": melds, "flowers": tile_list(st.flowers[seat]),
                "balance": self.match.balances[player], "markers": self.match.markers[player],
            })
        hand: list[str] = []
        drawn = None
        if human is not None:
            tiles = list(st.hands[human])
            view = st.view(human)
            if view["drawn"] is not None and view["drawn"] in tiles:
                drawn = view["drawn"].notation
                tiles.remove(view["drawn"])
            hand = tile_list(sorted(tiles))
        opening = wall.opening.to_json() if wall.opening else None
        dice = []
        if opening and opening.get("rolls"):
            rolls = opening["rolls"]
            dice = [int(x) for r in rolls for x in (r if isinstance(r, (list, tuple)) else [r])]
        awaiting = self.awaiting()
        legal = self.human_legal() if awaiting == "human" else []
        actions = [self._describe(a) for a in legal if a.kind != "discard"]
        learning: LearningModel | None = None
        if self.learning and human is not None:
            offered = {a.kind for a in legal}
            learning = {
                "waits": ready_waits(st, human) if not st.ended else [],
                "illegal": [k for k in CLAIM_KINDS if k not in offered]
                if awaiting == "human" and st.phase != Phase.EXCHANGE else [],
                "can_undo": self.can_undo,
            }
        last = st.last_discard
        return {
            "rules": self.rules_key, "watch": self.watch, "phase": st.phase.value,
            "awaiting": awaiting, "hand_number": self.match.hands_played + (0 if self.booked else 1),
            "round_wind": st.round_wind.value, "dice": dice,
            "wall_left": wall.remaining, "live_left": wall.live,
            "dead_wall": max(0, wall.remaining - wall.live),
            "replacements": len(wall.tiles) - wall.back,
            "wall": board.wall(st),
            "seats": seats, "human_seat": human, "hand": hand, "drawn": drawn,
            "discardable": tile_list(sorted({a.tile for a in legal if isinstance(a, Discard)})),
            "actions": actions,
            "last_discard": {"seat": last[0], "tile": last[1].notation} if last else None,
            "result": self._result() if st.ended else None,
            "learning": learning,
            "match": {"balances": list(self.match.balances), "markers": list(self.match.markers),
                      "commission": self.match.commission, "over": self.match.over,
                      "champion": self.match.champion,
                      "settlement": self.state.rules.settlement,
                      "hands_played": self.match.hands_played,
                      "ledger": self.ledger() if self.match.over else None},
        }

    def ledger(self) -> list[dict[str, Any]]:
        """The booked hands as the players saw them (``match_end.ledger``), computed once
        a match (the match is replayed from its record)."""
        key = self.match.hands_played
        if self._ledger is None or self._ledger[0] != key:
            self._ledger = (key, match_end.ledger(self.match.to_json()))
        return self._ledger[1]

    def _describe(self, action: Any) -> ActionModel:
        data = action.to_json()
        data.pop("seat", None)
        kind = action.kind
        if kind in ("chow", "pung", "kong"):
            label = [f"term.{kind}"]
            if kind == "kong":
                label.append(f"action.kong.{action.source.value}")
        elif kind == "win":
            label = [self.state.rules.presentation.win_term]
        else:
            label = [f"action.{kind}"]
        tiles: list[str] = []
        if kind == "chow":
            tiles = [type(action.tile)(action.tile + k).notation for k in range(3)]
        elif kind == "pung":
            tiles = [action.tile.notation] * 3
        elif kind == "kong":
            tiles = [action.tile.notation] * 4
        elif kind == "exchange":
            tiles = [t.notation for t in action.tiles]
        return {"json": data, "kind": kind, "label": label, "tiles": tiles}

    def _result(self) -> ResultModel:
        r = self.state.result
        assert r is not None
        score = r.score or {}
        players = self.hand_players
        return {
            "winner": r.winner, "winner_player": players[r.winner] if r.winner is not None else None,
            "win": r.win, "discarder": r.discarder, "draw": r.winner is None,
            "items": score.get("items", []), "unit": score.get("unit"),
            "total": r.total if r.total is not None else 0,
            "readings": sorted(set(score.get("readings", [])) | set(r.readings)),
            "payments": {players[s]: r.payments[s] for s in range(4)},
            "markers": {players[s]: r.markers[s] for s in range(4)},
            "commission": r.commission, "notes": list(r.notes),
            "liable": players[r.liable] if r.liable is not None else None,
            "liability": r.liability,
            "winning_tiles": _sorted_tiles((r.hand or {}).get("concealed")),
            "win_tile": (r.hand or {}).get("win_tile"),
            "arrangement": score.get("arrangement"),
            "details": score.get("details") or {},
            "hand_size": self.state.rules.hand_size,
            "flowers": _sorted_tiles((r.hand or {}).get("flowers")),
            "record": r.to_json(),
        }


def _sorted_tiles(tiles: str | list[Any] | None) -> list[str]:
    """Tiles of a hand record (notation, or a list of notations) in the engine's order."""
    if isinstance(tiles, list):
        tiles = "".join(str(t) for t in tiles)
    return tile_list(sorted(parse_tiles(tiles))) if tiles else []


__all__ = ["LEVELS", "TABLE_FORMAT", "TableController"]
