"""Help while playing, in every game (issue 12): the hint that marks a tile or a claim
and says why (the engine's reasons, ``mahjong_engine.ai.hints``), the waits of a ready
hand, the "New match" confirmation and the Serralheiro exchanges (partner, tiles
received, a refused press explained). Pure Python, no ``js``; every word from the
catalogues (``help.*`` in ``table``, ``reason.*`` in ``ai``).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from mahjong_engine.notation import parse_tiles

from ..names import tile_name
from ..i18n import Translator, decimal
from .parts import a, seat_sentence, tile_html
from .view_model import TableModel

CLAIMS = ("chow", "pung", "kong", "win", "pass")


def hint_view(info: dict[str, Any]) -> dict[str, Any]:
    """What the table shows of ``hints()``'s answer: the action's ``kind`` (``discard``,
    a claim, ``exchange``…), the ``tile`` to mark (discards), the reason keys of the
    suggested discard, the shanten after it and the waits it keeps."""
    action = info.get("action") or {}
    kind = action.get("type")
    out: dict[str, Any] = {"kind": kind, "tile": None, "reasons": [], "shanten": None,
                           "waits": [w["tile"] for w in info.get("waits") or []]}
    if kind == "discard":
        out["tile"] = action.get("tile")
        chosen = next((c for c in info.get("candidates") or [] if c.get("suggested")), None)
        if chosen is not None:
            out["reasons"] = ["reason." + r for r in chosen.get("reasons", [])]
            out["shanten"] = chosen.get("shanten_after")
            # the strong level's reckoning: chance to win, what it pays, the tile's danger
            out["chance"] = chosen.get("win_chance")
            out["pays"] = chosen.get("win_pays")
            out["danger"] = chosen.get("danger")
    elif kind == "exchange":
        out["tiles"] = [t.notation for t in parse_tiles(action.get("tiles") or "")]
    return out


def hint_index(hand: Sequence[str], drawn: str | None, tile: str | None) -> int | None:
    """The index (as the hand is drawn: sorted tiles, then the drawn one) of the tile to
    mark: the drawn tile when it is the one hinted, else the first copy in the hand."""
    if tile is None:
        return None
    if drawn == tile:
        return len(hand)
    return next((i for i, t in enumerate(hand) if t == tile), None)


def hint_indexes(hand: Sequence[str], drawn: str | None, hint: dict[str, Any] | None) -> list[int]:
    """The hand tiles to mark: the hinted discard (``hint_index``), or the two tiles of a
    hinted exchange (two copies of one face: two tiles)."""
    if not hint:
        return []
    if hint.get("kind") == "exchange":
        return received_indices(hand, hint.get("tiles") or [])
    index = hint_index(hand, drawn, hint.get("tile"))
    return [] if index is None else [index]


def hint_lines(cat: Translator, hint: dict[str, Any]) -> tuple[str, list[str]]:
    """The hint's headline and its reasons, worded."""
    kind = hint.get("kind")
    tiles = hint.get("tiles") or []
    if kind == "discard":
        head = cat.t("table.hint_discard", tile=tile_name(cat, hint["tile"]))
    elif kind == "exchange" and len(tiles) == 2:
        # Serralheiro §7: two tiles to the partner; note 6: not the 1s, 9s and honours
        head = (cat.t("help.hint_exchange_pair", tile=tile_name(cat, tiles[0]))
                if tiles[0] == tiles[1] else
                cat.t("help.hint_exchange", first=tile_name(cat, tiles[0]),
                      second=tile_name(cat, tiles[1])))
        return head, [cat.t("help.hint_exchange_why")]
    elif kind in ("chow", "pung", "kong"):
        head = cat.t("table.hint_action", action=cat.t("term." + kind))
    elif kind:
        head = cat.t("table.hint_action", action=cat.t("action." + kind))
    else:
        head = ""
    reasons = [cat.t(k) for k in hint.get("reasons", [])]
    reasons.extend(_reckoning(cat, hint))
    if hint.get("shanten") is not None and hint["shanten"] > 0:
        reasons.append(cat.t("help.shanten_after", count=hint["shanten"]))
    if kind in CLAIMS and kind != "pass":
        reasons.append(cat.t("help.claim_" + ("win" if kind == "win" else "set")))
    if hint.get("waits"):
        names = ", ".join(tile_name(cat, t) for t in hint["waits"])
        reasons.append(cat.t("table.hint_waits", tiles=names))
    return head, reasons


def _share_percent(lang: str, share: float) -> str:
    """A small chance as a percentage a player can read: one decimal below 10 % (a
    deal-in chance is mostly a few in a hundred), whole above."""
    percent = 100 * share
    return decimal(lang, percent) if percent < 10 else str(round(percent))


def _reckoning(cat: Translator, hint: dict[str, Any]) -> list[str]:
    """The figures the suggested discard was chosen by, worded: the chance to win the
    hand, what the win would pay (in smallest wins) and the chance the tile lets an
    opponent win."""
    out: list[str] = []
    if hint.get("chance") is not None:
        out.append(cat.t("reason.win_chance", percent=round(100 * hint["chance"])))
    if hint.get("chance") and hint.get("pays") is not None:
        out.append(cat.t("reason.win_pays", times=decimal(cat.lang, hint["pays"])))
    if hint.get("danger") is not None:
        out.append(cat.t("reason.deal_in_chance", percent=_share_percent(cat.lang, hint["danger"])))
    return out


def hint_html(cat: Translator, hint: dict[str, Any], hooks: dict[str, str]) -> str:
    """The hint panel (``data-testid=hint``, ``data-hint-*`` the hinted action)."""
    head, reasons = hint_lines(cat, hint)
    if not head and not reasons:
        return ""
    attrs = "".join(f' data-hint-{k}="{a(v)}"' for k, v in hooks.items())
    items = "".join(f'<li data-testid="hint-reason">{a(r)}</li>' for r in reasons)
    return (f'<div class="tbl-hint help-hint" data-testid="hint" role="status"{attrs}>'
            f'<p class="help-hint-head">{a(head)}</p>'
            + (f'<ul class="help-reasons">{items}</ul>' if items else "") + '</div>')


def mark_hint(html: str, hint: dict[str, Any] | None, indices: Sequence[int] | None) -> str:
    """Mark the hinted hand tiles (by their ``data-index``, ``hint_indexes``) or claim
    button in the drawn table HTML (``data-hinted``, so the hook is stable)."""
    if not hint:
        return html
    if indices:
        return _mark_tiles(html, indices, "data-hinted")
    kind = hint.get("kind")
    if kind in CLAIMS or kind == "exchange":
        needle = f'data-action="{kind}"'
        return html.replace(needle, f'{needle} data-hinted="true"', 1)
    return html


def waits_html(cat: Translator, waits: Sequence[str]) -> str:
    """The waits of a ready hand (the "show waits" setting, in any game)."""
    if not waits:
        return ""
    names = ", ".join(tile_name(cat, t) for t in waits)
    return (f'<div class="tbl-waits help-waits" data-testid="waits" data-waits="{a(" ".join(waits))}">'
            f'<span>{a(cat.t("table.waits", tiles=names))}</span>'
            f'<span class="tbl-waits-tiles" aria-hidden="true">'
            + "".join(tile_html(cat, t, "xs") for t in waits) + '</span></div>')


def confirm_html(cat: Translator) -> str:
    """Asks before a new match throws away the one in progress."""
    return ('<div class="help-confirm" data-testid="new-game-confirm" role="alertdialog" '
            'aria-modal="true" aria-labelledby="help-confirm-title" aria-describedby="help-confirm-text">'
            f'<div class="help-confirm-box"><p id="help-confirm-title" class="help-confirm-title">'
            f'{a(cat.t("help.new_game_title"))}</p>'
            f'<p id="help-confirm-text">{a(cat.t("help.new_game_text"))}</p>'
            '<div class="help-confirm-actions">'
            f'<button type="button" class="btn primary" data-action="new-game-confirm">'
            f'{a(cat.t("help.new_game_yes"))}</button>'
            f'<button type="button" class="btn" data-action="new-game-cancel">'
            f'{a(cat.t("help.new_game_no"))}</button></div></div></div>')


def exchange_partner(pending: Sequence[int], seat: int | None) -> int | None:
    """The seat the human exchanges with: the other seat of the pair now exchanging."""
    if seat is None or seat not in pending:
        return None
    return next((s for s in pending if s != seat), None)


def exchange_prompt(cat: Translator, model: TableModel, partner_seat: int | None) -> str:
    """"Exchange with the player on your right: choose two tiles to hand over."""
    seat = next((s for s in model["seats"] if s["seat"] == partner_seat), None)
    if seat is None:
        return cat.t("table.exchange_prompt")
    return seat_sentence(cat, model, seat["player"], "help.exchange_with")


def exchange_refusal(chosen: int, third: bool = False) -> tuple[str, dict[str, Any]]:
    """Why a press does nothing: a third tile clicked, or Exchange with 0-1 tiles."""
    if third:
        return "help.exchange_third", {}
    return "help.exchange_need_two", {"count": chosen}


def kept_after_giving(hand: Sequence[str], given: Sequence[str]) -> list[str]:
    """The hand once ``given`` has left it (what the received tiles are told apart from)."""
    left = Counter(given)
    out = []
    for t in hand:
        if left[t]:
            left[t] -= 1
        else:
            out.append(t)
    return out


def received_tiles(kept: Sequence[str], hand: Sequence[str]) -> list[str]:
    """The tiles in ``hand`` that are not in ``kept`` (the two received), when the
    exchange has been made; empty while it is pending."""
    if len(hand) != len(kept) + 2:
        return []
    extra = Counter(hand) - Counter(kept)
    return sorted(extra.elements())


def received_indices(hand: Sequence[str], received: Sequence[str]) -> list[int]:
    """Where the received tiles lie in the (sorted) hand as drawn."""
    left = Counter(received)
    out = []
    for i, t in enumerate(hand):
        if left[t]:
            left[t] -= 1
            out.append(i)
    return out


def mark_received(html: str, indices: Sequence[int]) -> str:
    return _mark_tiles(html, indices, "data-received")


def _mark_tiles(html: str, indices: Sequence[int], attr: str) -> str:
    """Set ``attr="true"`` on the hand's tile buttons at ``indices``."""
    for i in indices:
        needle = f'data-index="{i}" aria-pressed'
        html = html.replace(needle, f'{attr}="true" {needle}', 1)
    return html


__all__ = ["confirm_html", "exchange_partner", "exchange_prompt", "exchange_refusal",
           "hint_html", "hint_index", "hint_indexes", "hint_lines", "hint_view", "kept_after_giving",
           "mark_hint", "mark_received", "received_indices", "received_tiles", "waits_html"]
