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
from mahjong_engine.scoring import DOCUMENTS, Entry

from ..i18n import Translator
from ..names import claim_name, reading_text

SECTIONS = ("status", "tiles", "setup", "turns", "shapes", "scoring", "special",
            "settlement", "readings")
LANGS = ("pt", "en", "es")
DOMAINS = ("learn", "embed", "lessons", "exercises", "common", "game", "table", "ai",
           "glossary", "result", *RULE_SET_KEYS)

# Candidate hands tried, in order, for a form's example; the engine decides which fits.
_EXAMPLES = ("123m111p456p789s55z", "123m111p456p789s999m55z", "19m19p19s12345677z",
             "11m22m33p44p55s66s77z999s", "11223344556677m", "1234567m1234567p")

# Tile groups: (group key, tiles drawn, only with bonus tiles).
_TILE_GROUPS = (("characters", "123456789m", False), ("circles", "123456789p", False),
                ("bamboo", "123456789s", False), ("winds", "1234z", False),
                ("dragons", "567z", False), ("bonus", "12345678f", True))

# The claims shown in the turns section, strongest first when ranked by the rule set.
_CLAIMS = ("win", "chow_straight", "kong", "pung", "chow")

# What each rule set adds to its page (readings by section, the entries listed again as
# special hands, the document's names of tile groups, settlement blocks) is its
# ``presentation`` (mahjong_engine.rules.presentation).


@dataclass
class Block:
    kind: str                       # "p", "tiles", "table", "readings", "list", "wall", "h"
    text: str = ""
    tiles: str = ""                 # tile notation for "tiles"
    rows: list[dict[str, Any]] = field(default_factory=list)
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
    out: list[str] = []
    digits = ""
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
        opening = open_wall(rules.wall_opening, rules.dice, rules.wall_stacks, random.Random(seed))
        # an example that stays on one side and, where someone else opens, shows it
        if opening.stacks < rules.wall_stacks and (not rules.wall_opening.side_by_dice
                                                   or opening.side != 0):
            break
    return {"stacks": rules.wall_stacks, "side": opening.side, "count": opening.stacks,
            "rolls": opening.rolls, "method": rules.wall_opening.value,
            "from": rules.presentation.wall_count_from,
            "dragon": rules.wall_opening.lifts_dragon}


def _opening_text(cats: Translator, wall: dict[str, Any]) -> str:
    rolls = wall["rolls"]
    first = " + ".join(str(d) for d in rolls[0])
    wind = cats.t(f"table.wind.{_WINDS[wall['side']]}")
    params = {"rolls": first, "total": sum(rolls[0]), "count": wall["count"], "wind": wind}
    if len(rolls) > 1:
        params["rolls2"] = " + ".join(str(d) for d in rolls[1])
    return cats.t(f"learn.setup.example.{wall['method']}", **params)


def _cite(cats: Translator, key: str, section: str) -> str:
    return cats.t("learn.cite", document=DOCUMENTS[key], section=section)


def _amount(cats: Translator, amount: float, unit: str) -> str:
    value = int(amount) if float(amount).is_integer() else amount
    return cats.t(f"learn.unit.{unit}", n=value)


def _settlement_block(block: str, cats: Translator, key: str, opts: Any) -> list[Block]:
    """One of the settlement blocks a rule set's presentation asks for."""
    learn_words, rule_words = cats.domain("learn"), cats.domain(key)

    if block == "limits":
        return [Block("p", learn_words.t("settlement.limits", limit=opts.limit, banker=opts.banker_limit,
                             half=opts.half_limit))]
    if block == "markers":
        from mahjong_engine.rules.filipino import MARKER_CAP
        rows = [{"text": rule_words.t(k, cap=MARKER_CAP)} for k in cats.keys(key, "rule.")]
        return [Block("list", rows=rows),
                Block("p", learn_words.t("settlement.jai_alai", n=opts.jai_alai_target))]
    if block == "grades":
        return [Block("list", rows=[{"text": rule_words.t(k)} for k in cats.keys(key, "grade.")])]
    if block == "liability":
        return [Block("h", learn_words.t("settlement.liability")),
                Block("list", rows=[{"text": rule_words.t(k)} for k in cats.keys(key, "liability.")])]
    return []


def build_page(key: str, cats: Translator) -> Page:
    rules = get_rule_set(key)
    shown = rules.presentation
    learn_words, rule_words = cats.domain("learn"), cats.domain(key)

    def sec(sid: str) -> str:
        return learn_words.t(f"cite.{key}.{sid}")

    sections: list[Section] = []

    # ---- historical status
    s = Section("status", learn_words.t("section.status"), _cite(cats, key, sec("status")))
    s.blocks.append(Block("p", rule_words.t("document")))
    s.blocks.append(Block("p", learn_words.t(f"status.{key}")))
    if shown.status_readings:
        s.blocks.append(Block("readings", rows=[{"key": r, "text": reading_text(cats, r)}
                                                for r in shown.status_readings]))
    sections.append(s)

    # ---- tiles
    s = Section("tiles", learn_words.t("section.tiles"), _cite(cats, key, sec("tiles")))
    s.blocks.append(Block("p", learn_words.t("tiles.count", count=rules.tile_count)))
    for group, tiles, bonus in _TILE_GROUPS:
        if bonus and not rules.uses_bonus_tiles:
            continue
        doc_terms = shown.doc_terms.get(group)
        if doc_terms:
            name = learn_words.t("tiles.doc_terms", group=learn_words.t(f"tiles.group.{group}"),
                     terms=", ".join(f"«{rule_words.t(k)}»" for k in doc_terms))
        else:
            name = learn_words.t(f"tiles.{key}.{group}")
        s.blocks.append(Block("tiles", text=name, tiles=tiles, id=f"tiles-{group}"))
    if not rules.uses_bonus_tiles:
        s.blocks.append(Block("p", learn_words.t("tiles.no_bonus")))
    s.blocks.append(Block("readings", rows=[{"key": r, "text": reading_text(cats, r)} for r in
                                            ("common.notation", *shown.tile_readings)]))
    sections.append(s)

    # ---- setup and deal
    s = Section("setup", learn_words.t("section.setup"), _cite(cats, key, sec("setup")))
    s.blocks.append(Block("p", learn_words.t("setup.wall", stacks=rules.wall_stacks,
                                 tiles=rules.wall_stacks * 8, dice=rules.dice)))
    wall = example_opening(key)
    s.blocks.append(Block("wall", text=learn_words.t("setup.wall_label", stacks=rules.wall_stacks),
                          rows=[wall]))
    s.blocks.append(Block("p", _opening_text(cats, wall)))
    s.blocks.append(Block("p", learn_words.t(f"setup.break.{rules.wall_opening.value}")))
    s.blocks.append(Block("p", learn_words.t(f"setup.deal.{rules.deal_pattern}",
                                 size=rules.hand_size - 1, first=rules.hand_size)))
    if rules.exchanges:
        s.blocks.append(Block("p", learn_words.t("setup.exchanges")))
    if rules.max_bank_keeps is not None:
        s.blocks.append(Block("p", learn_words.t("setup.bank_keeps", n=rules.max_bank_keeps)))
    if rules.reseat_every is not None:
        s.blocks.append(Block("p", learn_words.t("setup.reseat", n=rules.reseat_every)))
    if rules.match_rounds is not None:
        s.blocks.append(Block("p", learn_words.t("setup.rounds", n=rules.match_rounds)))
    flow = [{"key": k, "text": reading_text(cats, k)} for k in rules.flow_readings
            if k not in shown.turns_readings]   # told with the turns instead
    flow.insert(0, {"key": "common.dealer_is_east", "text": reading_text(cats, "common.dealer_is_east")})
    s.blocks.append(Block("readings", rows=flow))
    sections.append(s)

    # ---- turns and claims
    s = Section("turns", learn_words.t("section.turns"), _cite(cats, key, sec("turns")))
    s.blocks.append(Block("p", learn_words.t("turns.play")))
    ranked = sorted((k for k in _CLAIMS if rules.claim_rank(k) > 0),
                    key=lambda k: -rules.claim_rank(k))
    s.blocks.append(Block("h", learn_words.t("turns.claims")))
    s.blocks.append(Block("list", rows=[{"text": learn_words.t(f"claim.{k}", name=claim_name(cats, key, k))}
                                        for k in ranked]))
    if rules.straight_chow_from_any:
        s.blocks.append(Block("p", learn_words.t("turns.straight_chow")))
    readings = [{"key": "common.turn_order", "text": reading_text(cats, "common.turn_order")},
                {"key": "common.kong_counts_as_set",
                 "text": reading_text(cats, "common.kong_counts_as_set")}]
    readings.extend({"key": r, "text": reading_text(cats, r)} for r in shown.turns_readings)
    s.blocks.append(Block("readings", rows=readings))
    sections.append(s)

    # ---- winning shapes
    s = Section("shapes", learn_words.t("section.shapes"), _cite(cats, key, sec("shapes")))
    s.blocks.append(Block("p", learn_words.t("shapes.size", size=rules.hand_size, sets=rules.sets)))
    for form in rules.forms:
        example = example_hand(key, form.key) or ""
        s.blocks.append(Block("tiles", text=rule_words.t(f"form.{form.key}"), tiles=example,
                              id=f"form-{form.key}"))
    s.blocks.append(Block("readings", rows=[{"key": r, "text": reading_text(cats, r)}
                                            for r in rules.readings
                                            if r not in shown.status_readings]))
    sections.append(s)

    # ---- scoring tables: every entry, grouped by its citation
    s = Section("scoring", learn_words.t("section.scoring"), _cite(cats, key, sec("scoring")))
    s.blocks.append(Block("p", learn_words.t(f"scoring.{key}")))
    names = {e.key: rule_words.t(f"item.{e.key}") for e in rules.entries}
    groups: dict[str, list[Entry]] = {}
    for entry in rules.entries:
        groups.setdefault(entry.citation.section, []).append(entry)
    head = [learn_words.t(f"table.{k}") for k in ("item", "value", "excludes", "readings")]
    for section_name, entries in groups.items():
        rows = []
        for entry in entries:
            rows.append({
                "key": entry.key, "name": names[entry.key],
                "amount": _amount(cats, entry.amount, entry.unit.value),
                "excludes": ", ".join(names.get(x, rule_words.t(f"item.{x}")) for x in entry.excludes),
                "readings": [reading_text(cats, r) for r in entry.readings],
                "cite": _cite(cats, key, entry.citation.section),
            })
        s.blocks.append(Block("table", text=_cite(cats, key, section_name), head=head,
                              rows=rows, id=f"table-{_slug(section_name)}"))
    sections.append(s)

    # ---- special hands
    s = Section("special", learn_words.t("section.special"), _cite(cats, key, sec("special")))
    special_forms = [f for f in rules.forms if f.key != "regular"]
    for form in special_forms:
        s.blocks.append(Block("tiles", text=rule_words.t(f"form.{form.key}"),
                              tiles=example_hand(key, form.key) or "",
                              id=f"special-form-{form.key}"))
    special = [e for e in rules.entries
               if any(e.citation.section.startswith(p) for p in shown.special_sections)]
    if special:
        s.blocks.append(Block("list", rows=[
            {"text": f"{names[e.key]} — {_amount(cats, e.amount, e.unit.value)}",
             "href": f"entry-{e.key}"} for e in special]))
    if not special and not special_forms:
        s.blocks.append(Block("p", learn_words.t(f"special.none.{key}")))
    sections.append(s)

    # ---- settlement
    s = Section("settlement", learn_words.t("section.settlement"), _cite(cats, key, sec("settlement")))
    s.blocks.append(Block("p", learn_words.t(f"settlement.{rules.settlement}")))
    opts = rules.options
    for block in shown.settlement_blocks:
        s.blocks.extend(_settlement_block(block, cats, key, opts))
    settle_readings = ("common.draw_pays_nothing", *shown.settle_readings)
    s.blocks.append(Block("readings", rows=[{"key": r, "text": reading_text(cats, r)}
                                            for r in settle_readings]))
    sections.append(s)

    # ---- every reading of this document's table
    s = Section("readings", learn_words.t("section.readings"), learn_words.t("readings.source"))
    s.blocks.append(Block("p", learn_words.t("readings.intro")))
    s.blocks.append(Block("readings", rows=[{"key": f"{key}.{k[8:]}", "text": rule_words.t(k)}
                                            for k in cats.keys(key, "reading.")]))
    sections.append(s)

    return Page(key, cats.lang, rule_words.t("name"), rule_words.t("document"), sections)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"
