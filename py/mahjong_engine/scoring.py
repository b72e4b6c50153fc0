"""Scoring entries as data, and the structured results they produce.

An entry is a small declaration: a stable ``key``, an ``amount`` in a ``unit``, the
``citation`` of the document, the keys it ``excludes``, the readings of
``shared/RULES-READING.md`` it relies on, and a predicate. ``HandEntry`` tests the
whole hand once; ``GroupEntry`` tests each group and yields one item per group it
matches. Entries are evaluated in declaration order and an entry is dropped when an
entry kept before it excludes it, so stronger entries are declared first.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .forms import Arrangement
from .hand import HandDescription
from .melds import Meld, MeldKind
from .tiles import Suit, Tile


class Unit(StrEnum):
    POINTS = "points"
    DOUBLES = "doubles"
    FAN = "fan"
    MARKERS = "markers"
    LIMIT = "limit"


DOCUMENTS: dict[str, str] = {}
"""The title of each rule set's document by rule-set key, for citations: named by each
rule module (``name_document``) and by ``rules.register`` from each class's ``document``."""


def name_document(key: str, title: str) -> str:
    """Name the document of rule set ``key`` for ``Citation``; returns ``title``, which
    the rule set's class takes as its ``document``."""
    DOCUMENTS[key] = title
    return title


@dataclass(frozen=True)
class Citation:
    document: str
    section: str

    def __str__(self) -> str:
        return f"{DOCUMENTS[self.document]}, {self.section}"

    def to_json(self) -> dict[str, str]:
        return {"document": self.document, "section": self.section}


@dataclass(frozen=True)
class Entry:
    key: str
    amount: float
    unit: Unit
    citation: Citation
    excludes: tuple[str, ...] = ()
    readings: tuple[str, ...] = ()


@dataclass(frozen=True)
class HandEntry(Entry):
    test: HandTest = field(default=lambda ctx: False, repr=False)


@dataclass(frozen=True)
class GroupEntry(Entry):
    test: GroupTest = field(default=lambda g, ctx: False, repr=False)


@dataclass(frozen=True)
class ScoreItem:
    key: str
    amount: float
    unit: Unit
    citation: Citation
    tiles: str | None = None
    readings: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"key": self.key, "amount": _number(self.amount),
                                "unit": self.unit.value, "citation": str(self.citation),
                                "source": self.citation.to_json()}
        if self.tiles is not None:
            data["tiles"] = self.tiles
        return data


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


@dataclass
class ScoringContext:
    """What a predicate may look at: the hand and one arrangement of it."""

    hand: HandDescription
    arrangement: Arrangement

    @property
    def tiles(self) -> list[Tile]:
        return self.hand.all_tiles

    @property
    def suits(self) -> set[Suit]:
        """The suits (characters, circles, bamboo) present in the hand."""
        return {t.suit for t in self.tiles if t.is_suited}

    @property
    def has_honours(self) -> bool:
        return any(t.is_honour for t in self.tiles)

    def hidden(self, index: int) -> bool:
        """Group ``index`` is concealed and was not completed by another player's tile
        (a winning discard or a robbed kong tile makes its group count as exposed)."""
        group = self.arrangement.groups[index]
        if not group.concealed:
            return False
        return not (index == self.arrangement.win_index and not self.hand.self_drawn)

    def views(self) -> list[GroupView]:
        return [GroupView(g, i, self.hidden(i)) for i, g in enumerate(self.arrangement.groups)]


@dataclass(frozen=True)
class GroupView:
    """A group as scoring sees it: the meld, its place, and whether it counts as hidden."""

    meld: Meld
    index: int
    hidden: bool

    @property
    def kind(self) -> MeldKind:
        return self.meld.kind

    @property
    def tile(self) -> Tile:
        return self.meld.tile

    @property
    def is_pung_or_kong(self) -> bool:
        return self.meld.is_pung_or_kong

    @property
    def notation(self) -> str:
        return self.meld.notation


HandTest = Callable[[ScoringContext], bool]
"""Whether a hand entry applies to an arrangement."""
GroupTest = Callable[[GroupView, ScoringContext], bool]
"""Whether a group entry applies to one group of an arrangement."""


def evaluate(entries: tuple[Entry, ...], ctx: ScoringContext) -> list[ScoreItem]:
    """Apply ``entries`` to one arrangement, with exclusions, in declaration order."""
    kept: list[ScoreItem] = []
    excluded: set[str] = set()
    for entry in entries:
        if entry.key in excluded:
            continue
        if isinstance(entry, GroupEntry):
            matches = [g for g in ctx.views() if entry.test(g, ctx)]
            new = [ScoreItem(entry.key, entry.amount, entry.unit, entry.citation, g.notation,
                             entry.readings) for g in matches]
        elif isinstance(entry, HandEntry):
            new = ([ScoreItem(entry.key, entry.amount, entry.unit, entry.citation, None,
                              entry.readings)] if entry.test(ctx) else [])
        else:
            raise TypeError(f"not a scoring entry: {entry!r}")
        if new:
            kept.extend(new)
            excluded.update(entry.excludes)
    return kept


@dataclass(frozen=True)
class Step:
    """One line of the arithmetic that leads to a total, in the document's own terms
    (``key``: ``points``, ``doubles``, ``limit``, ``banker_double``, ``fan``, ``grade``,
    ``units``, ``markers``, ``cap``…; the page words it as ``result.step.<key>``).
    ``value`` is the figure the line ends on; ``params`` the figures it starts from."""

    key: str
    value: float
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "value": _number(self.value), **self.params}


HOUSE = "house"
"""The payee of the house's commission (Macau art. 7.º) in a ``Transfer``."""


@dataclass(frozen=True)
class Transfer:
    """One payment of a settlement: ``payer`` pays ``payee`` (seats "E", "S", "W", "N",
    or ``HOUSE``) ``amount`` for ``reason`` (a key: ``win``, ``banker_double``,
    ``difference``, ``share``, ``banker_share``, ``liable``, ``commission``), with the
    figures behind the amount in ``params`` (the value paid, the units and price…)."""

    payer: str
    payee: str
    amount: int
    reason: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"payer": self.payer, "payee": self.payee, "amount": int(self.amount),
                "reason": self.reason, **self.params}


def net_of(transfers: list[Transfer], seats: tuple[str, ...] = ("E", "S", "W", "N")
           ) -> dict[str, int]:
    """What each seat gains (+) or pays (-) in all; the house's share is left out, so the
    seats sum to minus the commission."""
    net = dict.fromkeys(seats, 0)
    for t in transfers:
        if t.payer in net:
            net[t.payer] -= int(t.amount)
        if t.payee in net:
            net[t.payee] += int(t.amount)
    return net


def to_house(transfers: list[Transfer]) -> int | None:
    """What ``transfers`` pay the house (Macau's commission, art. 7.º), or None where
    none of them goes to it."""
    paid = [int(t.amount) for t in transfers if t.payee == HOUSE]
    return sum(paid) if paid else None


@dataclass
class ScoreResult:
    rules: str
    winning: bool
    unit: Unit
    items: list[ScoreItem] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)
    total: float | None = None
    payments: dict[str, int] | None = None
    commission: int | None = None
    arrangement: Arrangement | None = None
    details: dict[str, Any] = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)
    transfers: list[Transfer] = field(default_factory=list)

    def settle_by(self, transfers: list[Transfer],
                  seats: tuple[str, ...] = ("E", "S", "W", "N")) -> None:
        """Settle this result by ``transfers``, the one computation of its money: the
        payments are their net (``net_of``), the commission what goes to the house."""
        self.transfers = list(transfers)
        self.payments = net_of(self.transfers, seats)
        self.commission = to_house(self.transfers)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "winning": self.winning,
            "rules": self.rules,
            "unit": self.unit.value,
            "items": [item.to_json() for item in self.items],
            "readings": list(self.readings),
        }
        if self.winning:
            data["total"] = _number(self.total) if self.total is not None else None
            if self.payments is not None:
                data["payments"] = dict(self.payments)
            if self.commission is not None:
                data["commission"] = self.commission
            if self.arrangement is not None:
                data["arrangement"] = self.arrangement.to_json()
            if self.details:
                data["details"] = dict(self.details)
            if self.transfers:
                data["transfers"] = [t.to_json() for t in self.transfers]
        elif self.payments is not None:   # no win, yet money moves (a false win)
            data["payments"] = dict(self.payments)
            data["details"] = dict(self.details)
            if self.transfers:
                data["transfers"] = [t.to_json() for t in self.transfers]
        if self.steps:
            data["steps"] = [step.to_json() for step in self.steps]
        return data
