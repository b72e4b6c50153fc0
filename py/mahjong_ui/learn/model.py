"""The rules page of one rule set in one language, generated from the engine's rule-set
data (``mahjong_engine.rules``) and the catalogues: never a second copy of the rules.

``build_page(key, cats)`` returns a ``Page``: sections, each with a title, the citation of
its document section and blocks (paragraphs, tile rows, tables, readings). The view
(``mahjong_ui.views.learn``) only draws it. No ``js`` here: unit-testable under CPython.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from mahjong_engine import HandDescription, parse_tiles
from mahjong_engine.rules import RULE_SET_KEYS, get_rule_set
from mahjong_engine.game.wall import open_wall
from mahjong_engine.scoring import DOCUMENTS

SECTIONS = ("status", "tiles", "setup", "turns", "shapes", "scoring", "special",
            "settlement", "readings")
LANGS = ("pt", "en", "es")
DOMAINS = ("learn", "lessons", "exercises", "common", "game", "table", "ai",
           "glossary", "result") + RULE_SET_KEYS

# Candidate hands tried, in order, for a form's example; the engine decides which fits.
_EXAMPLES = ("123m111p456p789s55z", "123m111p456p789s999m55z", "19m19p19s12345677z",
             "11m22m33p44p55s66s77z999s", "11223344556677m", "1234567m1234567p")

# Tile groups: (group key, tiles drawn, only with bonus tiles).
_TILE_GROUPS = (("characters", "123456789m", False), ("circles", "123456789p", False),
                ("bamboo", "123456789s", False), ("winds", "1234z", False),
                ("dragons", "567z", False), ("bonus", "12345678f", True))

# The claims shown in the turns section, strongest first when ranked by the rule set.
_CLAIMS = ("win", "chow_straight", "kong", "pung", "chow")

# Which scoring entries the page lists again as special hands: by citation section prefix.
_SPECIAL = {"macau_1988": ("art. 5.º (3)", "art. 4.º"),
            "filipino": ("Marcar a vitória / Mark the win;",),
            "serralheiro_2003": ("Organização de alguns jogos",),
            "cayro": ()}

# Names the documents give to tile groups, where a rule catalogue already holds them.
_DOC_TERMS = {"filipino": {
    "characters": ("glossary_title.character", "glossary_title.10000"),
    "circles": ("glossary_title.balls", "glossary_title.dots", "glossary_title.circles"),
    "bamboo": ("glossary_title.sticks", "glossary_title.bamboo"),
    "bonus": ("glossary_title.flowers",)}}
_TILE_READINGS = {"cayro": ("cayro.first_tiles_terminals",), "macau_1988": ("macau_1988.ocr_terms",),
                  "serralheiro_2003": ("serralheiro_2003.family_is_suit",)}
_SETTLE_READINGS = {
    "macau_1988": ("macau_1988.payment_units", "macau_1988.all_losers_pay",
                   "macau_1988.commission_from_winner", "macau_1988.capital_cap",
                   "macau_1988.liable_pays_shares"),
    "cayro": ("cayro.losing_hand", "cayro.banker_doubling"),
    "serralheiro_2003": ("serralheiro_2003.losing_hand", "serralheiro_2003.half_limit_or_count"),
    "filipino": ("filipino.next_mano_count", "filipino.draw_same_mano")}


class Catalogues:
    """Flat catalogues of one language, by domain: ``t(domain, key, **params)``."""

    def __init__(self, lang: str, tables: dict[str, dict[str, str]]) -> None:
        self.lang = lang
        self.tables = tables

    def has(self, domain: str, key: str) -> bool:
        return key in self.tables.get(domain, {})

    def t(self, domain: str, key: str, **params: Any) -> str:
        text = self.tables.get(domain, {}).get(key)
        if text is None:
            return key
        return re.sub(r"\{(\w+)\}", lambda m: str(params.get(m.group(1), m.group(0))), text)

    def reading(self, key: str) -> str:
        """The text of a reading key as the engine names it: ``<domain>.<name>`` is
        ``reading.<name>`` of that catalogue; ``game.reading.*`` is in game.json."""
        if key.startswith("game."):
            return self.t("game", key)
        domain, _, name = key.partition(".")
        return self.t(domain, f"reading.{name}")

    def keys(self, domain: str, prefix: str) -> list[str]:
        return [k for k in self.tables.get(domain, {}) if k.startswith(prefix)]


@dataclass
class Block:
    kind: str                       # "p", "tiles", "table", "readings", "list", "wall", "h"
    text: str = ""
    tiles: str = ""                 # tile notation for "tiles"
    rows: list[dict] = field(default_factory=list)
    head: list[str] = field(default_factory=list)
    id: str = ""


@dataclass
class Section:
    id: str
    title: str
    cite: str
    blocks: list[Block] = field(default_factory=list)

    def text(self) -> str:
        """Every string of the section, for searching (glossary links, tests)."""
        out = [self.title, self.cite]
        for b in self.blocks:
            out.append(b.text)
            out.extend(b.head)
            for row in b.rows:
                out.extend(v for k, v in row.items() if isinstance(v, str) and k not in ("key", "href"))
        return "\n".join(out)


@dataclass
class Page:
    rules: str
    lang: str
    title: str
    document: str
    sections: list[Section]

    def section(self, sid: str) -> Section:
        return next(s for s in self.sections if s.id == sid)


def tile_list(notation: str) -> list[str]:
    """'123m' -> ['1m', '2m', '3m'] (each drawn from the sprite as t-<code>)."""
    out, digits = [], ""
    for ch in notation:
        if ch.isdigit():
            digits += ch
        else:
            out.extend(d + ch for d in digits)
            digits = ""
    return out


def example_hand(key: str, form_key: str) -> str | None:
    """A winning hand of ``form_key`` under rule set ``key``, checked by the engine."""
    rules = get_rule_set(key)
    form = next(f for f in rules.forms if f.key == form_key)
    for text in _EXAMPLES:
        tiles = tuple(parse_tiles(text))
        if len(tiles) != rules.hand_size:
            continue
        hand = HandDescription(rules=key, concealed=tiles, win_tile=tiles[-1])
        if form.arrangements(hand, rules.sets) and rules.is_winning(hand):
            return text
    return None


_WINDS = "ESWN"


def example_opening(key: str) -> dict[str, Any]:
    """An example of opening the wall, rolled by the engine's own ``open_wall``: the side
    opened (seat 0 = East, the banker, drawn at the bottom), how many stacks are counted and
    from which end of that side (the owner's right, or his left in Cayro), and whether the
    two lifted tiles make Serralheiro's «dragão» next to the breach (§5 b)."""
    rules = get_rule_set(key)
    for seed in range(100):
        opening = open_wall(rules.wall_break, rules.dice, rules.wall_stacks, random.Random(seed))
        # an example that stays on one side and, where someone else opens, shows it
        if opening.stacks < rules.wall_stacks and (rules.wall_break == "dealer_wall"
                                                   or opening.side != 0):
            break
    return {"stacks": rules.wall_stacks, "side": opening.side, "count": opening.stacks,
            "rolls": opening.rolls, "method": rules.wall_break,
            "from": "left" if rules.wall_break == "cayro" else "right",
            "dragon": rules.wall_break == "opener_wall"}


def _opening_text(cats: Catalogues, wall: dict[str, Any]) -> str:
    rolls = wall["rolls"]
    first = " + ".join(str(d) for d in rolls[0])
    wind = cats.t("table", f"wind.{_WINDS[wall['side']]}")
    params = {"rolls": first, "total": sum(rolls[0]), "count": wall["count"], "wind": wind}
    if len(rolls) > 1:
        params["rolls2"] = " + ".join(str(d) for d in rolls[1])
    return cats.t("learn", f"setup.example.{wall['method']}", **params)


def _cite(cats: Catalogues, key: str, section: str) -> str:
    return cats.t("learn", "cite", document=DOCUMENTS[key], section=section)


def _amount(cats: Catalogues, amount: float, unit: str) -> str:
    value = int(amount) if float(amount).is_integer() else amount
    return cats.t("learn", f"unit.{unit}", n=value)


def build_page(key: str, cats: Catalogues) -> Page:
    rules = get_rule_set(key)
    L = lambda k, **p: cats.t("learn", k, **p)  # noqa: E731
    R = lambda k, **p: cats.t(key, k, **p)  # noqa: E731
    sec = lambda sid: L(f"cite.{key}.{sid}")  # noqa: E731
    sections: list[Section] = []

    # ---- historical status
    s = Section("status", L("section.status"), _cite(cats, key, sec("status")))
    s.blocks.append(Block("p", R("document")))
    s.blocks.append(Block("p", L(f"status.{key}")))
    if key == "macau_1988":
        s.blocks.append(Block("readings", rows=[{"key": "macau_1988.provisional_regulation",
                              "text": cats.reading("macau_1988.provisional_regulation")}]))
    sections.append(s)

    # ---- tiles
    s = Section("tiles", L("section.tiles"), _cite(cats, key, sec("tiles")))
    s.blocks.append(Block("p", L("tiles.count", count=rules.tile_count)))
    for group, tiles, bonus in _TILE_GROUPS:
        if bonus and not rules.uses_bonus_tiles:
            continue
        doc_terms = _DOC_TERMS.get(key, {}).get(group)
        if doc_terms:
            name = L("tiles.doc_terms", group=L(f"tiles.group.{group}"),
                     terms=", ".join(f"«{R(k)}»" for k in doc_terms))
        else:
            name = L(f"tiles.{key}.{group}")
        s.blocks.append(Block("tiles", text=name, tiles=tiles, id=f"tiles-{group}"))
    if not rules.uses_bonus_tiles:
        s.blocks.append(Block("p", L("tiles.no_bonus")))
    s.blocks.append(Block("readings", rows=[{"key": r, "text": cats.reading(r)} for r in
                                            ("common.notation",) + _TILE_READINGS.get(key, ())]))
    sections.append(s)

    # ---- setup and deal
    s = Section("setup", L("section.setup"), _cite(cats, key, sec("setup")))
    s.blocks.append(Block("p", L("setup.wall", stacks=rules.wall_stacks,
                                 tiles=rules.wall_stacks * 8, dice=rules.dice)))
    wall = example_opening(key)
    s.blocks.append(Block("wall", text=L("setup.wall_label", stacks=rules.wall_stacks),
                          rows=[wall]))
    s.blocks.append(Block("p", _opening_text(cats, wall)))
    s.blocks.append(Block("p", L(f"setup.break.{rules.wall_break}")))
    s.blocks.append(Block("p", L(f"setup.deal.{rules.deal_pattern}",
                                 size=rules.hand_size - 1, first=rules.hand_size)))
    if rules.exchanges:
        s.blocks.append(Block("p", L("setup.exchanges")))
    if rules.max_bank_keeps is not None:
        s.blocks.append(Block("p", L("setup.bank_keeps", n=rules.max_bank_keeps)))
    if rules.reseat_every is not None:
        s.blocks.append(Block("p", L("setup.reseat", n=rules.reseat_every)))
    if rules.match_rounds is not None:
        s.blocks.append(Block("p", L("setup.rounds", n=rules.match_rounds)))
    flow = [{"key": k, "text": cats.reading(k)} for k in rules.flow_readings
            if k != "game.reading.cayro_bank"]
    flow.insert(0, {"key": "common.dealer_is_east", "text": cats.reading("common.dealer_is_east")})
    s.blocks.append(Block("readings", rows=flow))
    sections.append(s)

    # ---- turns and claims
    s = Section("turns", L("section.turns"), _cite(cats, key, sec("turns")))
    s.blocks.append(Block("p", L("turns.play")))
    ranked = sorted((k for k in _CLAIMS if rules.claim_rank(k) > 0),
                    key=lambda k: -rules.claim_rank(k))
    s.blocks.append(Block("h", L("turns.claims")))
    s.blocks.append(Block("list", rows=[{"text": L(f"claim.{k}")} for k in ranked]))
    if rules.straight_chow_from_any:
        s.blocks.append(Block("p", L("turns.straight_chow")))
    readings = [{"key": "common.turn_order", "text": cats.reading("common.turn_order")},
                {"key": "common.kong_counts_as_set",
                 "text": cats.reading("common.kong_counts_as_set")}]
    if key == "cayro":
        readings.append({"key": "game.reading.cayro_bank",
                         "text": cats.reading("game.reading.cayro_bank")})
    s.blocks.append(Block("readings", rows=readings))
    sections.append(s)

    # ---- winning shapes
    s = Section("shapes", L("section.shapes"), _cite(cats, key, sec("shapes")))
    s.blocks.append(Block("p", L("shapes.size", size=rules.hand_size, sets=rules.sets)))
    for form in rules.forms:
        example = example_hand(key, form.key) or ""
        s.blocks.append(Block("tiles", text=R(f"form.{form.key}"), tiles=example,
                              id=f"form-{form.key}"))
    s.blocks.append(Block("readings", rows=[{"key": r, "text": cats.reading(r)}
                                            for r in rules.readings
                                            if r != "macau_1988.provisional_regulation"]))
    sections.append(s)

    # ---- scoring tables: every entry, grouped by its citation
    s = Section("scoring", L("section.scoring"), _cite(cats, key, sec("scoring")))
    s.blocks.append(Block("p", L(f"scoring.{key}")))
    names = {e.key: R(f"item.{e.key}") for e in rules.entries}
    groups: dict[str, list] = {}
    for entry in rules.entries:
        groups.setdefault(entry.citation.section, []).append(entry)
    head = [L("table.item"), L("table.value"), L("table.excludes"), L("table.readings")]
    for section_name, entries in groups.items():
        rows = []
        for entry in entries:
            rows.append({
                "key": entry.key, "name": names[entry.key],
                "amount": _amount(cats, entry.amount, entry.unit.value),
                "excludes": ", ".join(names.get(x, R(f"item.{x}")) for x in entry.excludes),
                "readings": [cats.reading(r) for r in entry.readings],
                "cite": _cite(cats, key, entry.citation.section),
            })
        s.blocks.append(Block("table", text=_cite(cats, key, section_name), head=head,
                              rows=rows, id=f"table-{_slug(section_name)}"))
    sections.append(s)

    # ---- special hands
    s = Section("special", L("section.special"), _cite(cats, key, sec("special")))
    special_forms = [f for f in rules.forms if f.key != "regular"]
    for form in special_forms:
        s.blocks.append(Block("tiles", text=R(f"form.{form.key}"),
                              tiles=example_hand(key, form.key) or "",
                              id=f"special-form-{form.key}"))
    special = [e for e in rules.entries
               if any(e.citation.section.startswith(p) for p in _SPECIAL[key])]
    if special:
        s.blocks.append(Block("list", rows=[
            {"text": f"{names[e.key]} — {_amount(cats, e.amount, e.unit.value)}",
             "href": f"entry-{e.key}"} for e in special]))
    if not special and not special_forms:
        s.blocks.append(Block("p", L(f"special.none.{key}")))
    sections.append(s)

    # ---- settlement
    s = Section("settlement", L("section.settlement"), _cite(cats, key, sec("settlement")))
    s.blocks.append(Block("p", L(f"settlement.{rules.settlement}")))
    opts = rules.options
    if key == "serralheiro_2003":
        s.blocks.append(Block("p", L("settlement.limits", limit=opts.limit,
                                     banker=opts.banker_limit, half=opts.half_limit)))
    if key == "filipino":
        from mahjong_engine.rules.filipino import MARKER_CAP
        rows = [{"text": R(k, cap=MARKER_CAP)} for k in cats.keys(key, "rule.")]
        s.blocks.append(Block("list", rows=rows))
        s.blocks.append(Block("p", L("settlement.jai_alai", n=opts.jai_alai_target)))
    if key == "macau_1988":
        s.blocks.append(Block("list", rows=[{"text": R(k)} for k in cats.keys(key, "grade.")]))
        s.blocks.append(Block("h", L("settlement.liability")))
        s.blocks.append(Block("list", rows=[{"text": R(k)}
                                            for k in cats.keys(key, "liability.")]))
    settle_readings = ("common.draw_pays_nothing",) + _SETTLE_READINGS.get(key, ())
    s.blocks.append(Block("readings", rows=[{"key": r, "text": cats.reading(r)}
                                            for r in settle_readings]))
    sections.append(s)

    # ---- every reading of this document's table
    s = Section("readings", L("section.readings"), L("readings.source"))
    s.blocks.append(Block("p", L("readings.intro")))
    s.blocks.append(Block("readings", rows=[{"key": f"{key}.{k[8:]}", "text": R(k)}
                                            for k in cats.keys(key, "reading.")]))
    sections.append(s)

    return Page(key, cats.lang, R("name"), R("document"), sections)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"
