"""The table's render model, typed (pure Python): what ``TableController.model()`` gives the
renderers (``render``, ``score_sheet``, ``replay_render``, ``help``) and the binder.

Typed dicts, not classes: the model is plain data read by key in the renderers (and sent as
JSON in tests), and a typed dict lets mypy check every key and value where it is read.
"""
from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from mahjong_engine import Settlement


class PondTile(TypedDict):
    tile: str
    claimed_by: int | None          # the seat that claimed it, or None
    claim: str | None               # the claim's kind
    last: NotRequired[bool]         # the last discard, still lying there


class WallStack(TypedDict):
    tiles: int
    state: str                      # gone, live, dead, taken


class WallModel(TypedDict):
    sides: list[list[WallStack]]
    per_side: int
    breach: int
    replacement: int | None
    left: int
    live: int
    dead: int
    taken: int
    ring: bool


# a set made from a discard: the claimed tile, the discarder's seat and where he sits for
# the claimant ("from": left, across, right; a keyword, hence this form)
ClaimModel = TypedDict("ClaimModel", {"tile": str, "from_seat": int, "from": str})


class MeldModel(TypedDict):
    kind: str
    tiles: list[str]
    concealed: bool
    claimed: NotRequired[ClaimModel]   # a set made from a discard


class SeatModel(TypedDict):
    seat: int                       # E, S, W, N: 0..3
    player: int                     # who sits there (0: the human)
    position: str                   # bottom, right, top, left
    wind: str
    banker: bool
    human: bool
    current: bool
    hidden: int
    tiles: list[str] | None         # the concealed tiles, when shown
    discards: list[str]
    pond: list[PondTile]
    melds: list[MeldModel]
    flowers: list[str]
    balance: int
    markers: int


class ActionModel(TypedDict):
    json: dict[str, Any]            # the action's JSON, without the seat
    kind: str
    label: list[str]                # catalogue keys
    tiles: list[str]


class LearningModel(TypedDict):
    waits: list[str]
    illegal: list[str]
    can_undo: bool


class LastDiscard(TypedDict):
    seat: int
    tile: str


class ResultModel(TypedDict):
    winner: int | None
    winner_player: int | None
    win: str | None
    discarder: int | None
    draw: bool
    items: list[dict[str, Any]]
    unit: str | None
    total: float
    readings: list[str]
    payments: dict[int, int]        # by player
    markers: dict[int, int]         # by player
    commission: int
    notes: list[str]
    liable: int | None              # the player liable
    liability: str | None
    winning_tiles: list[str]
    win_tile: str | None
    arrangement: Any
    details: dict[str, Any]
    hand_size: int
    flowers: list[str]
    record: dict[str, Any]


class MatchModel(TypedDict):
    balances: list[int]
    markers: list[int]
    commission: int
    over: bool
    champion: int | None
    settlement: Settlement          # the rule set's, asked by the renderers (never a string)
    hands_played: int
    ledger: list[dict[str, Any]] | None   # the booked hands (match_end.ledger) once it is over


class ReplayModel(TypedDict):
    step: int
    steps: int
    move: dict[str, Any] | None
    reveal: list[bool]


class TableModel(TypedDict):
    rules: str
    watch: bool
    phase: str
    awaiting: str                   # human, computer, ended
    hand_number: int
    round_wind: str
    dice: list[int]
    wall_left: int
    live_left: int
    dead_wall: int
    replacements: int
    wall: WallModel
    seats: list[SeatModel]
    human_seat: int | None
    hand: list[str]
    drawn: str | None
    discardable: list[str]
    actions: list[ActionModel]
    last_discard: LastDiscard | None
    result: ResultModel | None
    learning: LearningModel | None
    match: MatchModel
    replay: NotRequired[ReplayModel]    # a hand's replay (table.replay)


__all__ = ["ActionModel", "LastDiscard", "LearningModel", "MatchModel", "MeldModel", "PondTile",
           "ReplayModel", "ResultModel", "SeatModel", "TableModel", "WallModel", "WallStack"]
